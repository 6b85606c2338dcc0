"""How a game of Royal Visit ended, as the statistics and exports read it (see
companion.engine.Outcome): no score and no score sheet, each player's Chateau as their role, the
seat that got the Wizard beginning, and whether the King, the Crown or the deck ended it."""
from __future__ import annotations

from typing import Any

from companion.engine import Outcome, Seating
from companion.words import msg

ENDINGS = {"king": msg("King in a Chateau"), "crown": msg("Crown in a Chateau"), "deck": msg("Deck out")}
ENDINGS_TITLE = msg("How the games ended")
ROLES = {"top": msg("Top Chateau"), "bottom": msg("Bottom Chateau")}  # by the view's "chateau"


def seating(engine: Any, state: Any, opening: Any = None) -> Seating:
    players = engine.view(state)["players"]
    return Seating(sides=tuple((seat,) for seat in range(len(players))),
                   roles=tuple(ROLES[player["chateau"]] for player in players),
                   start=None if opening is None else engine.to_move(opening))


def outcome(engine: Any, state: Any, opening: Any = None) -> Outcome | None:
    result = engine.result(state)
    if result is None:
        return None
    return seating(engine, state, opening).ended(
        winners=tuple(result["winners"]), reason=result["reason"],
        endings=(ENDINGS[result["how"]],))
