"""Majesty: For the Realm's points and chips: every change of points settled in chips, a player's
chip swap, final scoring and the winner."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from companion.engine import RuleError, short
from companion.games.majesty import chips as chipmath
from companion.games.majesty.cards import INFIRMARY_PENALTY
from companion.games.majesty.state import (
    INFIRMARY,
    MAJORITY,
    REALM_LOCATIONS,
    SIDES,
    FinalRow,
    Majority,
    State,
    order_from,
)
from companion.words import listing, msg, plural

SWAP_KEYS = frozenset(("type", "seat"))


class Settled(NamedTuple):
    piles: tuple  # per seat
    supply: tuple[int, ...]
    owed: tuple[int, ...]
    moves: tuple[chipmath.Transfer | None, ...]  # per seat: the chips moved, None if none


def settle_all(order, deltas, piles, supply, owed) -> Settled:
    """Settle every player's change of points in ``order``."""
    piles = list(piles)
    owed = list(owed)
    moves: list = [None] * len(piles)
    settle = chipmath.settle
    for p in order:
        need = owed[p] + deltas[p]
        if need == 0:
            owed[p] = 0  # a change of points cancelled what was owed
            continue
        transfer = settle(need, piles[p], supply)
        if transfer.net != chipmath.EMPTY:
            piles[p], supply = chipmath.apply_transfer(piles[p], supply, transfer.net)
        owed[p] = transfer.owed
        moves[p] = transfer
    return Settled(tuple(piles), supply, tuple(owed), tuple(moves))


# --------------------------------------------------------------------------- a chip swap


class Swap(NamedTuple):
    """A checked chip swap: the seat and the chips it moves."""

    seat: int
    transfer: chipmath.Transfer


def check_swap(state: State, move: dict) -> Swap:
    for key in move:
        if key not in SWAP_KEYS:
            raise RuleError("move-format", msg("A chip swap has no field called {field}.",
                                               field=short(key)))
    seat = move.get("seat")
    n = len(state.players)
    if type(seat) is not int or not 0 <= seat < n:
        raise RuleError("move-format", msg('A chip swap needs the "seat" of the player, 0 to '
                                           '{last}.', last=n - 1))
    transfer = chipmath.exchange(state.chips[seat], state.supply_chips)
    if transfer.net == chipmath.EMPTY:
        raise RuleError("chips-exchange", msg("{player}'s pile already has the fewest chips "
                                              "the supply allows.", player=state.players[seat]))
    return Swap(seat, transfer)


def swap(state: State, move: Swap) -> State:
    """The chips swapped, and what was owed settled as far as the new piles allow."""
    seat = move.seat
    piles = list(state.chips)
    piles[seat], supply = chipmath.apply_transfer(piles[seat], state.supply_chips,
                                                  move.transfer.net)
    n = len(piles)
    piles_t, supply, owed, _ = settle_all(order_from(seat, n), (0,) * n, piles, supply,
                                          state.owed)
    return replace(state, chips=piles_t, supply_chips=supply, owed=owed)


# --------------------------------------------------------------------------- final scoring


def final_scoring(sides, realms, infirmaries, points) -> tuple[tuple[FinalRow, ...], tuple]:
    """(rows, points after) for final scoring."""
    n = len(realms)
    side_inf = sides[INFIRMARY]
    per = INFIRMARY_PENALTY[side_inf]
    sizes = [len(pile) for pile in infirmaries]
    most = max(sizes)
    rows = []
    after = []
    counts = [[len(realm[loc]) for loc in REALM_LOCATIONS] for realm in realms]
    best = [max(counts[p][loc] for p in range(n)) for loc in REALM_LOCATIONS]
    for p in range(n):
        inf_points = -per * sizes[p]
        penalty = -10 if side_inf == "B" and most > 0 and sizes[p] == most else 0
        used = sum(1 for loc in REALM_LOCATIONS if counts[p][loc])
        won = tuple(Majority(loc, counts[p][loc], MAJORITY[loc][SIDES.index(sides[loc])])
                    for loc in REALM_LOCATIONS
                    if best[loc] > 0 and counts[p][loc] == best[loc])
        total = points[p] + inf_points + penalty + used * used + sum(w.points for w in won)
        rows.append(FinalRow(sizes[p], inf_points, penalty, used, used * used, won, points[p],
                             total))
        after.append(total)
    return tuple(rows), tuple(after)


def ranking(points) -> list[dict[str, int]]:
    """Seats from the most points down; tied players share a rank."""
    order = sorted(range(len(points)), key=lambda p: (-points[p], p))
    return [{"seat": p, "points": points[p],
             "rank": 1 + sum(1 for q in points if q > points[p])} for p in order]


def result(state: State) -> dict[str, Any] | None:
    """The winners once final scoring is done: the most points, ties sharing the victory."""
    if state.final is None:
        return None
    points = state.points
    best = max(points)
    winners = [p for p in range(len(points)) if points[p] == best]
    names = [state.players[p] for p in winners]
    if len(winners) == 1:
        reason = plural("{player} wins with {n} point.", "{player} wins with {n} points.", best,
                        player=names[0])
    else:
        reason = plural("{players} share the victory with {n} point.",
                        "{players} share the victory with {n} points.", best,
                        players=listing(names))
    return {"winners": winners, "reason": reason, "scores": list(points)}
