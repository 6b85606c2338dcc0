"""King's Court play-by-play: On Guard: another player calling it first."""
from __future__ import annotations

from companion.engine import RuleError
from companion.games.kings_court.arbiter.entry import seat_of
from companion.games.kings_court.arbiter.kinds import cap
from companion.games.kings_court.arbiter.state import Work


def ev_on_guard(w: Work, seat: int, move: dict, words) -> None:
    if "on" not in move:
        raise RuleError("play-format", 'Calling On Guard needs "on": the seat caught.')
    on = seat_of(w, move["on"], '"on"')
    if on == seat:
        raise RuleError("on-guard", "Saying On Guard yourself costs nothing: the call is for "
                                    "another player who was first.")
    if w.guard != on or w.hands[on] != 1:
        raise RuleError("on-guard", f"{cap(words(on))} has not just come down to one card, so "
                                    f"there is no On Guard to call before the next player "
                                    f"starts.")
    if w.penalty[on]:
        raise RuleError("on-guard", f"{cap(words(on))} already owes the On Guard penalty.")
    w.penalty[on] = True
    w.notes.append(f"{cap(words(seat))} said On Guard first: {words(on)} draws two at their "
                   f"next turn and loses it.")
