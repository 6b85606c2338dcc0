"""How a game of Kingseat ended, as the statistics and exports read it (see
companion.engine.Outcome): no score, the winning princes as how it ended, and each player's
Loyalty (secret until the end) as their role and whom they served; the final scoring lists
every player's Loyalty and the votes their prince got in the Tell."""
from __future__ import annotations

from companion.engine import Outcome, Seating, Sheet
from companion.games.kingseat.reveal import result
from companion.games.kingseat.state import PRINCE_INDEX, PRINCE_NAMES, State
from companion.words import msg

ENDINGS_TITLE = msg("Winning princes")


def seating(state: State) -> Seating:
    """One side a player; nobody's role shows before the end (a Loyalty is a secret)."""
    seats = range(len(state.players))
    return Seating(sides=tuple((seat,) for seat in seats), roles=(None,) * len(seats))


def outcome(state: State) -> Outcome | None:
    told = result(state)
    if told is None:
        return None
    loyal = tuple(PRINCE_NAMES[PRINCE_INDEX[prince]] for prince in told["loyalties"])
    return seating(state).ended(
        winners=tuple(told["winners"]), reason=told["reason"],
        endings=tuple(PRINCE_NAMES[PRINCE_INDEX[prince]] for prince in told["princes"]),
        roles=tuple(msg("Loyal to {prince}", prince=prince) for prince in loyal), allegiances=loyal,
        sheet=_sheet(state, told, loyal))


def score_sheet(state: State) -> Sheet | None:
    ended = outcome(state)
    return None if ended is None else ended.sheet


def _sheet(state: State, told: dict, loyal: tuple[str, ...]) -> Sheet:
    return Sheet(("seat", "player", "loyal to", "votes in the Tell", "winner"), tuple(
        (seat + 1, name, loyal[seat], told["scores"][seat],
         "yes" if seat in told["winners"] else "no")
        for seat, name in enumerate(state.players)))
