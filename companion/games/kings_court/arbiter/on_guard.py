"""King's Court play-by-play: On Guard: another player calling it first."""
from __future__ import annotations

from companion.engine import RuleError
from companion.games.kings_court.arbiter.entry import seat_of
from companion.games.kings_court.arbiter.kinds import cap
from companion.games.kings_court.arbiter.state import Work
from companion.words import msg


def ev_on_guard(w: Work, seat: int, move: dict, words) -> None:
    if "on" not in move:
        raise RuleError("play-format", msg('Calling On Guard needs "on": the seat caught.'))
    on = seat_of(w, move["on"], '"on"')
    if on == seat:
        raise RuleError("on-guard", msg("Saying On Guard yourself costs nothing: the call is "
                                        "for another player who was first."))
    if w.guard != on or w.hands[on] != 1:
        raise RuleError("on-guard", msg("{player} has not just come down to one card, so there "
                                        "is no On Guard to call before the next player starts.",
                                        player=cap(words(on))))
    if w.penalty[on]:
        raise RuleError("on-guard", msg("{player} already owes the On Guard penalty.",
                                        player=cap(words(on))))
    w.penalty[on] = True
    w.notes.append(msg("{player} said On Guard first: {other} draws two at their next turn "
                       "and loses it.", player=cap(words(seat)), other=words(on)))
