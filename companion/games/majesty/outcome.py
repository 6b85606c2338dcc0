"""How a game of Majesty ended, as the statistics and exports read it (see
companion.engine.Outcome): each player's points (the highest wins), the seat holding the knight
worker card beginning, and the final scoring (the Infirmary, variety and each location's
majority) as a score sheet."""
from __future__ import annotations

from typing import Any

from companion.engine import Outcome, Seating, Sheet
from companion.words import msg

# The score sheet's column of each location's majority (an id in English, as the CSV always had)
MAJORITY_COLUMNS = {
    "mill": msg("majority mill"), "brewery": msg("majority brewery"),
    "cottage": msg("majority cottage"), "guardhouse": msg("majority guardhouse"),
    "barracks": msg("majority barracks"), "inn": msg("majority inn"),
    "castle": msg("majority castle"),
}


def seating(engine: Any, state: Any, opening: Any = None) -> Seating:
    return _seating(engine, engine.view(state), opening)


def _seating(engine: Any, view: dict[str, Any], opening: Any) -> Seating:
    return Seating(sides=tuple((seat,) for seat in range(len(view["players"]))),
                   roles=(None,) * len(view["players"]),
                   start=None if opening is None else engine.to_move(opening))


def outcome(engine: Any, state: Any, opening: Any = None) -> Outcome | None:
    result = engine.result(state)
    if result is None:
        return None
    view = engine.view(state)
    return _seating(engine, view, opening).ended(
        winners=tuple(result["winners"]), reason=result["reason"],
        scores=tuple(result["scores"]), highest_wins=True, sheet=_sheet(view, result))


def score_sheet(engine: Any, state: Any) -> Sheet | None:
    ended = outcome(engine, state)
    return None if ended is None else ended.sheet


def _sheet(view: dict[str, Any], result: dict[str, Any]) -> Sheet:
    """A row a player: points before the final scoring, each step's points, the final score."""
    final = view["final"]["players"]
    locations = list(dict.fromkeys(step["location"] for player in final
                                   for step in player["steps"] if step["step"] == "majority"))
    header = [msg("seat"), msg("player"), msg("points before"), msg("infirmary"),
              msg("variety")] + [MAJORITY_COLUMNS[location] for location in locations] + [
        msg("final"), msg("winner")]
    rows = []
    for player in final:
        steps = {step["step"]: step["points"] for step in player["steps"]
                 if step["step"] != "majority"}
        majority = {step["location"]: step["points"] for step in player["steps"]
                    if step["step"] == "majority"}
        rows.append(tuple([player["seat"] + 1, player["name"], player["before"],
                           steps.get("infirmary", 0), steps.get("variety", 0)]
                          + [majority.get(location, 0) for location in locations]
                          + [player["after"], msg("yes") if player["seat"] in result["winners"]
                             else msg("no")]))
    return Sheet(tuple(header), tuple(rows))
