"""How a game of King's Court ended, as the statistics and exports read it (see
companion.engine.Outcome): the sides (partnerships, or one player each) and their totals, the
lowest total winning, and the score sheet, kept row by row while the game runs."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.engine import Outcome, Seating, Sheet
from companion.words import msg


def seating(engine: Any, state: Any, opening: Any = None) -> Seating:
    return _seating(engine.view(state))


def _seating(view: dict[str, Any]) -> Seating:
    """A partnership's name is its players' names; each partner's role is the partnership."""
    seated = Seating(sides=tuple(tuple(side["seats"]) for side in view["sides"]),
                     side_names=tuple(side["name"] for side in view["sides"]))
    seats = range(sum(map(len, seated.sides)))
    if not view["partnerships"]:
        return replace(seated, roles=(None,) * len(seats))
    return replace(seated, roles=tuple(seated.side_names[seated.side_of(seat)] for seat in seats))


def outcome(engine: Any, state: Any, opening: Any = None) -> Outcome | None:
    result = engine.result(state)
    if result is None:
        return None
    view = engine.view(state)
    seated = _seating(view)
    totals = result["totals"]
    return seated.ended(
        winners=tuple(result["winners"]), reason=result["reason"],
        scores=tuple(totals[seated.side_of(seat)] for seat in range(len(seated.roles))),
        highest_wins=False, sheet=_sheet(view))


def score_sheet(engine: Any, state: Any) -> Sheet:
    return _sheet(engine.view(state))


def _sheet(view: dict[str, Any]) -> Sheet:
    """The sheet's rows as the table keeps them: each side's points and total after the row."""
    names = [side["name"] for side in view["sides"]]
    header = [msg("row"), msg("hand"), msg("what"), msg("counted")]
    for name in names:
        header += [msg("{side} points", side=name), msg("{side} total", side=name)]
    rows = []
    for row in view["rows"]:
        cells = [row["row"] + 1, row.get("number") or "", row["text"],
                 msg("yes") if row["counted"] else msg("no")]
        for side in row["sides"]:
            cells += [side["points"], side["after"]]
        rows.append(tuple(cells))
    return Sheet(tuple(header), tuple(rows), msg("The score sheet"))
