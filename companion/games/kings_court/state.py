"""The King's Court score sheet as a state: its rows (hands and adjustments), the game's deck, and
the small readers the checks of every move share."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from companion.engine import RuleError, short
from companion.games.kings_court.cards import selection_kinds
from companion.games.kings_court.scoring import ENDED_FIRE, HandScore, Tally
from companion.words import msg


@lru_cache(maxsize=64)
def selection_copies(selection: str, extra: tuple[str, ...]) -> dict[str, int]:
    """Copies of every kind in a selection (the game's deck), catalogue order."""
    return {kind.id: kind.copies for kind in selection_kinds(selection, extra)}


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the sheet: a hand (every scoring of it, the one in force last) or an
    adjustment."""

    kind: str  # "hand" or "adjust"
    number: int  # hands: 1, 2, ... ; adjustments: their own count from 1
    dealer: int  # hands: the dealer of that hand; adjustments: -1
    versions: tuple[HandScore, ...] = ()  # hands: the original first
    points: tuple[int, ...] = ()  # per seat, the version in force (adjust: zeros)
    side_points: tuple[int, ...] = ()  # per side
    seat: int = -1  # adjust: the seat named, or -1 when a partnership was named
    side: int = -1  # adjust: the side the points go to
    amount: int = 0  # adjust: the points
    reason: str = ""  # adjust: why

    @property
    def score(self) -> HandScore:
        return self.versions[-1]


@dataclass(frozen=True, slots=True)
class State:
    """The score sheet (and a hand being followed card by card). Immutable."""

    players: tuple[str, ...]
    sides: tuple[tuple[int, ...], ...]  # who scores together: partnerships, or one seat each
    side_of: tuple[int, ...]  # per seat, its side
    partnered: bool
    limit: int
    selection: str
    extra: tuple[str, ...]
    first_dealer: int
    carried: tuple[int, ...]  # per side
    dealing_bonus: str  # the ruling: EVERYONE or NOT_DEALER
    rows: tuple[Row, ...]
    tally: Tally
    hand: Any = None  # the arbiter's Hand being followed, or None
    deal_cut: str | None = None  # the cut entered with the deal of that hand

    @property
    def over(self) -> bool:
        return self.tally.end >= 0

    @property
    def hands(self) -> int:
        return sum(1 for row in self.rows if row.kind == "hand")

    @property
    def dealer(self) -> int:
        """The dealer of the next hand."""
        for row in reversed(self.rows):
            if row.kind == "hand":
                again = row.score.ended == ENDED_FIRE
                return row.dealer if again else (row.dealer + 1) % len(self.players)
        return self.first_dealer

    @property
    def rulings(self) -> dict[str, Any]:
        return {"dealing_bonus": self.dealing_bonus}

    @property
    def copies(self) -> dict[str, int]:
        return selection_copies(self.selection, self.extra)

    def side_name(self, side: int) -> str:
        return " & ".join(self.players[seat] for seat in self.sides[side])


# --------------------------------------------------------------------------- the small readers



def is_int(value: Any) -> bool:
    return type(value) is int


def read_seat(n: int, value: Any, field: str, rule: str) -> int:
    """``value`` as one of ``n`` seats, or a refusal under ``rule`` naming ``field``."""
    if not is_int(value) or not 0 <= value < n:
        raise RuleError(rule, msg('"{field}" must be a seat from 0 to {last}, not {value}.',
                                  field=field, last=n - 1, value=short(value)))
    return value
