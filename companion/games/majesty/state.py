"""Majesty: For the Realm: the indices, the state and what the app knows of the deck.

Indices: characters 0..6 (Miller .. Noble) and locations 0..7 (Mill .. Infirmary); character i is
placed at location i. A realm is 7 location stacks of card-kind indices in the order they were
placed (last = most recent), plus the Infirmary pile of (kind, half) pairs (top last).

Majesty hides nothing, so the state is the whole table. Only the order of the deck is unknown:
``Deck`` counts the cards seen from each part of it, so a card turned up that the deck can no
longer hold is refused.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from companion.games.majesty.cards import (
    CHARACTERS,
    DECK_SIZE,
    KINDS,
    LOCATIONS,
    SET_ASIDE,
    TIER2_SIZE,
)
from companion.games.majesty.chips import Transfer
from companion.words import Msg, plural

# --------------------------------------------------------------------------- indices and data

CHAR_IDS = tuple(c.id for c in CHARACTERS)
CHAR_NAMES = tuple(c.name for c in CHARACTERS)
CHAR_INDEX = {c: i for i, c in enumerate(CHAR_IDS)}
LOC_IDS = tuple(loc.id for loc in LOCATIONS)
LOC_NAMES = tuple(loc.name for loc in LOCATIONS)
LOC_INDEX = {loc: i for i, loc in enumerate(LOC_IDS)}
MILL, BREWERY, COTTAGE, GUARDHOUSE, BARRACKS, INN, CASTLE, INFIRMARY = range(8)
KNIGHT = BARRACKS  # character i stands at location i
REALM_LOCATIONS = range(7)  # locations 1..7, where characters stand

KIND_IDS = tuple(k.id for k in KINDS)
KIND_NAMES = tuple(k.name for k in KINDS)
KIND_INDEX = {k: i for i, k in enumerate(KIND_IDS)}
KIND_CHARS = tuple(tuple(CHAR_INDEX[c] for c in k.characters) for k in KINDS)
N_KINDS = len(KINDS)
T1 = tuple(k.tier1 for k in KINDS)
T2 = tuple(k.tier2 for k in KINDS)
COPIES = tuple(k.copies for k in KINDS)
ZERO_KINDS = (0,) * N_KINDS

MEEPLES_IN_BOX = 30
START_MEEPLES = 5
WORKER_SPACES = 5  # meeples a player keeps between turns
REALM_SIZE = 12
DISPLAY_SIZE = 6
VARIANTS = ("standard", "shuffled")
SIDES = ("A", "B")
MAJORITY = tuple(tuple(loc.side(letter).majority for letter in SIDES) for loc in LOCATIONS)


def deck_size(players: int, variant: str) -> int:
    """Cards in the deck at setup (before the display is dealt): 33/41/53, or 60 shuffled."""
    return DECK_SIZE if variant == "shuffled" else SET_ASIDE[players] + TIER2_SIZE


def meeples(n: int) -> Msg:
    return plural("{n} meeple", "{n} meeples", n)


def points_said(n: int) -> Msg:
    return plural("{n} point", "{n} points", n)


def cards_said(n: int) -> Msg:
    return plural("{n} card", "{n} cards", n)


def order_from(start: int, n: int) -> list[int]:
    """The seats clockwise from ``start``."""
    return [(start + i) % n for i in range(n)]


# --------------------------------------------------------------------------- the deck


@dataclass(frozen=True, slots=True)
class Deck:
    """What the app knows of the face-down deck.

    The *top part* is the set-aside tier-1 cards (all 60 cards with the shuffled variant), the
    *bottom part* the tier-2 cards under them. ``unknown`` holds cards of a starting position
    whose tier cannot be told: ``unknown_top`` of them are tier 1 (then ``top`` is 0)."""

    variant: str
    top: int  # cards left in the top part
    bottom: int  # cards left in the bottom part
    seen_top: tuple[int, ...]  # per kind: cards seen that came from the top part
    seen_bottom: tuple[int, ...]  # per kind: cards seen that came from tier 2
    unknown: tuple[int, ...] = ZERO_KINDS
    unknown_top: int = 0

    @property
    def count(self) -> int:
        return self.top + self.bottom

    @property
    def top_copies(self) -> tuple[int, ...]:
        return COPIES if self.variant == "shuffled" else T1

    def holds(self, kind: int) -> bool:
        """Can the next card drawn be of this kind?"""
        if self.top:
            return self.seen_top[kind] < self.top_copies[kind]
        if self.bottom:
            if self.seen_bottom[kind] >= T2[kind]:
                return False
            return not self.unknown_top or tiers_fit(self, kind)
        return False

    def bottom_most(self) -> tuple[int, ...]:
        """Per kind, the most tier-2 cards of that kind the bottom part can still hold."""
        if not self.unknown_top:
            return tuple(T2[k] - self.seen_bottom[k] for k in range(N_KINDS))
        lows, highs = _tier_bounds(self, self.seen_bottom)
        spare = self.unknown_top - sum(lows)
        out = []
        for k in range(N_KINDS):
            most_top = min(highs[k], lows[k] + spare)  # tier-1 cards among this kind's unknown
            out.append(T2[k] - self.seen_bottom[k] - (self.unknown[k] - most_top))
        return tuple(min(n, self.bottom) for n in out)


def _tier_bounds(deck: Deck, seen_bottom) -> tuple[list[int], list[int]]:
    """For each kind, the fewest and most of its unknown cards that can be tier 1."""
    lows, highs = [], []
    for k in range(N_KINDS):
        u = deck.unknown[k]
        free2 = T2[k] - seen_bottom[k]
        lows.append(u - free2 if u > free2 else 0)
        highs.append(u if u < T1[k] else T1[k])
    return lows, highs


def tiers_fit(deck: Deck, kind: int) -> bool:
    """With one more tier-2 ``kind`` seen, can the unknown cards still be split into tiers?"""
    seen = list(deck.seen_bottom)
    seen[kind] += 1
    lows, highs = _tier_bounds(deck, seen)
    if any(lo > hi for lo, hi in zip(lows, highs)):
        return False
    return sum(lows) <= deck.unknown_top <= sum(highs)


# --------------------------------------------------------------------------- what a turn leaves


class InfirmaryCard(NamedTuple):
    kind: int
    half: int  # the character it stood as, -1 when a position left a split card's half unsaid


class Turned(NamedTuple):
    """Where a display card came from."""

    turn: int  # the turn it was turned up at, 0 for the setup display
    part: int  # the deck part: 0 top, 1 bottom, -1 a starting position's card
    setup_slot: int  # its slot in the setup display, else -1


class Line(NamedTuple):
    """One line of a turn's scoring."""

    seat: int
    points: int
    meeples: int
    why: Msg
    rule: str  # the rules-page entry
    count: int  # what was counted


class Attack(NamedTuple):
    """The Barracks' attack on one opponent."""

    seat: int
    knights: int
    guards: int
    victim: int  # the kind sent to the Infirmary, or -1
    where: int  # the location it left, or -1


class Healed(NamedTuple):
    kind: int
    half: int  # the character (= location) it returned as


@dataclass(frozen=True, slots=True)
class LastTurn:
    """What happened on the last turn, for display."""

    seat: int
    number: int  # turn number over the whole game, from 1
    slot: int
    kind: int
    half: int  # the character (= location) the card was placed as
    cost: int
    gained: int  # meeples that lay on the card
    heal: Healed | None
    attacks: tuple[Attack, ...]
    exchange: int
    lines: tuple[Line, ...]
    new_card: int | None
    chips: tuple[Transfer | None, ...]  # per seat: the chips the turn moved, None if none


class Majority(NamedTuple):
    location: int
    characters: int
    points: int


class FinalRow(NamedTuple):
    """One player's final scoring."""

    cards: int  # in the Infirmary
    infirmary: int  # the points they cost
    most: int  # -10 for the most cards in the Infirmary on side B, else 0
    used: int  # locations with characters
    variety: int  # its points
    won: tuple[Majority, ...]
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class Final:
    """Final scoring, per seat."""

    rows: tuple[FinalRow, ...]
    chips: tuple[Transfer | None, ...]  # per seat, as in LastTurn


# --------------------------------------------------------------------------- the state


@dataclass(frozen=True, slots=True)
class State:
    """One position of a game. Immutable; ``Majesty.apply`` returns a new one."""

    players: tuple[str, ...]
    first: int  # the seat with the knight worker card
    sides: tuple[str, ...]  # "A" or "B" per location, Mill .. Infirmary
    realms: tuple  # per seat: 7 tuples of kind indices, oldest first
    infirmaries: tuple  # per seat: (InfirmaryCard, ...), top last
    meeples: tuple[int, ...]
    points: tuple[int, ...]
    display: tuple[int, ...]  # kind index per slot, front first
    display_meeples: tuple[int, ...]
    deck: Deck
    supply_meeples: int
    chips: tuple  # per seat: a pile (counts per chips.DENOMINATIONS)
    supply_chips: tuple[int, ...]
    owed: tuple[int, ...]  # per seat: points not yet in chips (+ the supply owes, - the player)
    turn: int  # the seat to move (the last mover once the game is over)
    taken: int  # turns played since setup, over all players (= cards in all realms)
    last: LastTurn | None = None
    final: Final | None = None
    turned: tuple[Turned, ...] = ()  # per display slot

    @property
    def over(self) -> bool:
        return self.final is not None

    @property
    def variant(self) -> str:
        return self.deck.variant

    def realm_size(self, seat: int) -> int:
        return sum(len(stack) for stack in self.realms[seat]) + len(self.infirmaries[seat])

    @property
    def rulings(self) -> dict[str, Any]:
        return {}

    def to_dict(self) -> dict[str, Any]:
        """Every field, JSON-ready (the raw state; ``Engine.view`` is the display form)."""
        deck = self.deck
        last = self.last
        final = self.final

        def chips_moves(moves):
            return [None if m is None else {"net": list(m.net), "owed": m.owed} for m in moves]

        return {
            "players": list(self.players), "first": self.first, "sides": list(self.sides),
            "realms": [[[KIND_IDS[k] for k in stack] for stack in realm]
                       for realm in self.realms],
            "infirmaries": [[[KIND_IDS[k], CHAR_IDS[h] if h >= 0 else None] for k, h in pile]
                            for pile in self.infirmaries],
            "meeples": list(self.meeples), "points": list(self.points),
            "display": [KIND_IDS[k] for k in self.display],
            "display_meeples": list(self.display_meeples),
            "deck": {"variant": deck.variant, "top": deck.top, "bottom": deck.bottom,
                     "seen_top": list(deck.seen_top), "seen_bottom": list(deck.seen_bottom),
                     "unknown": list(deck.unknown), "unknown_top": deck.unknown_top},
            "supply_meeples": self.supply_meeples,
            "chips": [list(pile) for pile in self.chips],
            "supply_chips": list(self.supply_chips), "owed": list(self.owed),
            "turn": self.turn, "taken": self.taken,
            "turned": [list(t) for t in self.turned],
            "last": None if last is None else {
                "seat": last.seat, "number": last.number, "slot": last.slot,
                "kind": KIND_IDS[last.kind], "half": CHAR_IDS[last.half], "cost": last.cost,
                "gained": last.gained,
                "heal": None if last.heal is None else [KIND_IDS[last.heal.kind],
                                                        CHAR_IDS[last.heal.half]],
                "attacks": [list(a) for a in last.attacks], "exchange": last.exchange,
                "lines": [list(line) for line in last.lines],
                "new_card": None if last.new_card is None else KIND_IDS[last.new_card],
                "chips": chips_moves(last.chips),
            },
            "final": None if final is None else {
                "rows": [[*row[:5], [list(m) for m in row.won], *row[6:]] for row in final.rows],
                "chips": chips_moves(final.chips),
            },
        }
