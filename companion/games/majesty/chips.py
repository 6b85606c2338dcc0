"""Majesty's chips: change-making with a limited supply. Pure functions, no game state.

A pile of chips is a 5-tuple of counts in DENOMINATIONS order (1, 2, 10, 50, 100). A transfer is
a 5-tuple of net counts: positive = chips taken from the supply, negative = chips given back.

``settle`` settles a change of points: of all transfers worth exactly the change, it picks the one
that moves the fewest chips, then the one using the larger denominations (more 100s, then more
50s, ...). When no transfer is exact (the supply or the pile lacks the chips), it picks the
transfer closest in value (same tie-breaks) and reports the rest as owed.

``exchange`` tells a player how to swap their pile with the supply for the fewest chips.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

DENOMINATIONS: tuple[int, ...] = (1, 2, 10, 50, 100)
BOX: tuple[int, ...] = (10, 25, 25, 6, 4)  # chips of each denomination in the box
EMPTY: tuple[int, ...] = (0, 0, 0, 0, 0)

Chips = tuple[int, ...]

# the search runs from the largest denomination down
_DEN = (100, 50, 10, 2, 1)


def value(chips: Sequence[int]) -> int:
    """What a pile (or a transfer) is worth."""
    return chips[0] + 2 * chips[1] + 10 * chips[2] + 50 * chips[3] + 100 * chips[4]


BOX_VALUE = value(BOX)  # 1010


def count(chips: Sequence[int]) -> int:
    """How many chips a pile holds (or a transfer moves)."""
    return sum(abs(n) for n in chips)


def as_dict(chips: Sequence[int], *, skip_zero: bool = False) -> dict[str, int]:
    """{"1": n, "2": n, "10": n, "50": n, "100": n}, JSON-ready."""
    return {str(d): n for d, n in zip(DENOMINATIONS, chips) if n or not skip_zero}


@dataclass(frozen=True, slots=True)
class Transfer:
    """Chips moved between one player and the supply."""

    net: Chips  # per denomination: + taken from the supply, - given back to it
    owed: int = 0  # not settled: + the supply still owes the player, - the player still owes

    @property
    def take(self) -> Chips:
        return tuple(n if n > 0 else 0 for n in self.net)

    @property
    def give(self) -> Chips:
        return tuple(-n if n < 0 else 0 for n in self.net)

    @property
    def value(self) -> int:
        return value(self.net)

    @property
    def moved(self) -> int:
        return count(self.net)


NO_TRANSFER = Transfer(EMPTY, 0)


def _key(ns: Sequence[int]) -> tuple:
    """Sort key of a net vector in search order: fewest chips, then larger denominations,
    then taking rather than giving (only to make the choice unique)."""
    return (abs(ns[0]) + abs(ns[1]) + abs(ns[2]) + abs(ns[3]) + abs(ns[4]),
            -abs(ns[0]), -abs(ns[1]), -abs(ns[2]), -abs(ns[3]), -abs(ns[4]),
            -ns[0], -ns[1], -ns[2], -ns[3], -ns[4])


def _search(target: int, lo: Sequence[int], hi: Sequence[int]) -> tuple[int, ...] | None:
    """The best net vector (search order) worth exactly ``target`` with lo <= n <= hi, or None.

    Depth-first from the 100s down; each level only tries counts the smaller chips can still
    complete, and a branch is cut once it must move more chips than the best found so far."""
    maxv = [0, 0, 0, 0, 0, 0]
    minv = [0, 0, 0, 0, 0, 0]
    for i in range(4, -1, -1):
        maxv[i] = maxv[i + 1] + hi[i] * _DEN[i]
        minv[i] = minv[i + 1] + lo[i] * _DEN[i]
    if not minv[0] <= target <= maxv[0]:
        return None
    best: list = [None, None]  # key, vector
    ns = [0, 0, 0, 0, 0]

    def dfs(i: int, r: int, used: int) -> None:
        if i == 4:
            if lo[4] <= r <= hi[4]:
                ns[4] = r
                key = _key(ns)
                if best[0] is None or key < best[0]:
                    best[0] = key
                    best[1] = tuple(ns)
            return
        d = _DEN[i]
        nlo = max(lo[i], -((maxv[i + 1] - r) // d))
        nhi = min(hi[i], (r - minv[i + 1]) // d)
        if nlo > nhi:
            return
        nd = _DEN[i + 1]
        for n in sorted(range(nlo, nhi + 1), key=lambda n: abs(r - n * d)):
            u = used + (n if n >= 0 else -n)
            rest = r - n * d
            if best[0] is not None and u + (abs(rest) + nd - 1) // nd > best[0][0]:
                continue
            ns[i] = n
            dfs(i + 1, rest, u)
        ns[i] = 0

    dfs(0, target, 0)
    return best[1]


def _to_net(ns: Sequence[int]) -> Chips:
    return (ns[4], ns[3], ns[2], ns[1], ns[0])


def settle(need: int, pile: Sequence[int], supply: Sequence[int]) -> Transfer:
    """How a player holding ``pile`` settles a change of ``need`` points with ``supply``.

    Exact when possible; otherwise the transfer closest in value, with the rest as ``owed``
    (need - transfer value)."""
    if need == 0:
        return NO_TRANSFER
    lo = (-pile[4], -pile[3], -pile[2], -pile[1], -pile[0])
    hi = (supply[4], supply[3], supply[2], supply[1], supply[0])
    found = _search(need, lo, hi)
    if found is not None:
        return Transfer(_to_net(found), 0)
    step = 1 if need > 0 else -1
    # no transfer is worth more than taking the whole supply or less than giving the whole
    # pile, so the search starts at the nearest value in that range
    most = value(supply)
    least = -value(pile)
    start = max(1, need - most if need > most else least - need if need < least else 1)
    for k in range(start, abs(need) + 1):
        options = []
        for target in (need - step * k, need + step * k):  # the smaller transfer first
            found = _search(target, lo, hi)
            if found is not None:
                options.append((_key(found), found, target))
        if options:
            _, found, target = min(options, key=lambda option: option[0])
            return Transfer(_to_net(found), need - target)
    raise AssertionError("unreachable: the empty transfer settles to 0")  # pragma: no cover


def fewest(total: int, available: Sequence[int]) -> Chips | None:
    """The pile of value ``total`` with the fewest chips drawn from ``available`` (counts per
    denomination), larger denominations first on a tie; None when no pile is worth exactly it."""
    if total < 0:
        return None
    avail = (available[4], available[3], available[2], available[1], available[0])
    best = _search(total, (0, 0, 0, 0, 0), avail)
    return None if best is None else _to_net(best)


def exchange(pile: Sequence[int], supply: Sequence[int]) -> Transfer:
    """The swap with the supply that leaves ``pile`` with the fewest chips (same value).

    On a tie in pile size, the swap that moves the fewest chips; NO_TRANSFER when the pile is
    already as small as the supply allows."""
    total = value(pile)
    avail = tuple(p + s for p, s in zip(pile, supply))
    target = fewest(total, avail)
    assert target is not None  # the pile itself is a candidate
    if count(target) >= count(pile):
        return NO_TRANSFER
    # among piles of that size, the one nearest the current pile
    best_net = tuple(t - p for t, p in zip(target, pile))
    size = count(target)
    best_moved = count(best_net)
    for candidate in _same_size(total, avail, size):
        net = tuple(t - p for t, p in zip(candidate, pile))
        moved = count(net)
        if moved < best_moved:
            best_net, best_moved = net, moved
    return Transfer(best_net, 0)


def _same_size(total: int, avail: Sequence[int], size: int) -> list[Chips]:
    """Every pile worth ``total`` with exactly ``size`` chips from ``avail`` (small search: the
    size is the minimum, so only a few such piles exist)."""
    out: list[Chips] = []
    q = [0, 0, 0, 0, 0]

    def dfs(i: int, r: int, left: int) -> None:  # i indexes DENOMINATIONS from the top
        if i < 0:
            if r == 0 and left == 0:
                out.append(tuple(q))
            return
        d = DENOMINATIONS[i]
        for n in range(min(avail[i], left, r // d), -1, -1):
            rest = r - n * d
            if i and rest > (left - n) * DENOMINATIONS[i - 1]:
                break
            q[i] = n
            dfs(i - 1, rest, left - n)
        q[i] = 0

    dfs(4, total, size)
    return out


def apply_transfer(pile: Sequence[int], supply: Sequence[int],
                   net: Sequence[int]) -> tuple[Chips, Chips]:
    """(new pile, new supply) after a transfer."""
    return (tuple(p + n for p, n in zip(pile, net)), tuple(s - n for s, n in zip(supply, net)))


__all__ = ["DENOMINATIONS", "BOX", "BOX_VALUE", "EMPTY", "Transfer", "NO_TRANSFER", "value",
           "count", "as_dict", "settle", "fewest", "exchange", "apply_transfer"]
