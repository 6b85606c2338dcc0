"""How a game of Royal Visit ended, as the statistics and exports read it (see
companion.engine.Outcome): no score and no score sheet, each player's Chateau as their role, the
seat that got the Wizard beginning, and whether the King, the Crown or the deck ended it."""
from __future__ import annotations

from typing import Any

from companion.engine import Outcome, Seating

ENDINGS = {"king": "King in a Chateau", "crown": "Crown in a Chateau", "deck": "Deck out"}
ENDINGS_TITLE = "How the games ended"


def seating(engine: Any, state: Any, opening: Any = None) -> Seating:
    players = engine.view(state)["players"]
    return Seating(sides=tuple((seat,) for seat in range(len(players))),
                   roles=tuple(f"{player['chateau'].title()} Chateau" for player in players),
                   start=None if opening is None else engine.to_move(opening))


def outcome(engine: Any, state: Any, opening: Any = None) -> Outcome | None:
    result = engine.result(state)
    if result is None:
        return None
    return seating(engine, state, opening).ended(
        winners=tuple(result["winners"]), reason=result["reason"],
        endings=(ENDINGS[result["how"]],))
