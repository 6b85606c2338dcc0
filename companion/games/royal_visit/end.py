"""The end of a turn and of the game: the Crown's steps toward the mover, and who won and how."""
from __future__ import annotations

from typing import Any

from companion.games.royal_visit.state import (
    CHATEAU,
    COURT_CODE,
    DUCHY,
    GH,
    GL,
    HIGH_END,
    CrownStep,
    J,
    K,
    State,
    W,
)
from companion.words import Msg, msg


def crown_steps(pawns: tuple[int, int, int, int, int], sign: int,
                duchy: str) -> tuple[CrownStep, ...]:
    """The Crown's steps toward the mover of ``sign`` after the turn: one for every pawn in the
    mover's Chateau and one when the King and both Guards stand in the mover's Duchy (a Chateau
    counting as Duchy under the table's ``with-chateau`` ruling). ``pawns`` are by slot."""
    found = [CrownStep(slot, 1) for slot in (K, GL, GH, W, J) if sign * pawns[slot] >= CHATEAU]
    top = HIGH_END if duchy == "with-chateau" else DUCHY
    if all(1 <= sign * pawns[slot] <= top for slot in (K, GL, GH)):
        found.append(CrownStep(COURT_CODE, 1))
    return tuple(found)


def end_reason(state: State) -> Msg:
    """How a won game ended, in one sentence."""
    name = state.players[state.winner]
    if state.end == "king":
        return msg("The King entered {player}'s Chateau.", player=name)
    if state.end == "crown":
        return msg("The Crown entered {player}'s Chateau.", player=name)
    return msg("The deck ran out a second time with the King in {player}'s Duchy.", player=name)


def result_of(state: State) -> dict[str, Any] | None:
    """None while the game runs; then {"winners": [seat], "reason": sentence, "how": "king",
    "crown" or "deck" (what ended it)}."""
    if state.winner is None:
        return None
    return {"winners": [state.winner], "reason": end_reason(state), "how": state.end}
