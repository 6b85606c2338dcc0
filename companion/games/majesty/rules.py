"""Majesty: For the Realm: the state, the turn, its checks, and the scoring.

Majesty hides nothing, so the app checks and scores every turn. Only the order of the deck is
unknown: after each turn the table says which card was turned into the display, and the app
checks that the deck can still hold it.

Indices: characters 0..6 (Miller .. Noble) and locations 0..7 (Mill .. Infirmary); character i is
placed at location i. A realm is 7 location stacks of card-kind indices in the order they were
placed (last = most recent), plus the Infirmary pile of (kind, half) pairs (top last).

A move is one whole turn, as JSON::

    {"type": "take", "slot": 2,      # display slot, 0 = front (free); costs ``slot`` meeples
     "card": "miller-brewer",        # optional: the card expected in that slot (checked)
     "as": "brewer",                 # a split card's half; omitted for a single card
     "heal_as": "witch",             # a healed split card's half (Cottage, split card only)
     "exchange": -2,                 # Castle side B only: + buys meeples, - sells meeples
     "new_card": "knight"}           # the card turned into the back slot; omitted when the
                                     # deck is empty, optional on the game's last turn

    {"type": "change", "seat": 1}    # a player swaps chips for the fewest (not a turn)

    {"type": "correct", "turn": 14,  # the card turned up at turn 14 (still in the display) was
     "card": "knight"}               # the Knight; "turn": 0 with "slot" names a card of the
                                     # setup display by its slot then, 0 = the free one (not a
                                     # turn)
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

from companion.engine import (
    APP_SECTION,
    MISSING,
    RuleEntry,
    RuleError,
    Ruling,
    normalise_rulings,
    read_options,
)
from companion.games.majesty import chips as chipmath
from companion.engine import Outcome, Seating, Sheet
from companion.games.majesty import outcome as endgame
from companion.games.majesty.cards import (
    ALL_OF, ATTACK, CHARACTERS, DECK_SIZE, DEFEND, EVERYONE, EXCHANGE, HEAL, INFIRMARY_PENALTY,
    KINDS, LARGEST, LOCATIONS, OTHER_CARDS, PER, SET_ASIDE, TIER2_SIZE,
)

# --------------------------------------------------------------------------- indices and data

CHAR_IDS = tuple(c.id for c in CHARACTERS)
CHAR_NAMES = tuple(c.name for c in CHARACTERS)
CHAR_INDEX = {c: i for i, c in enumerate(CHAR_IDS)}
LOC_IDS = tuple(loc.id for loc in LOCATIONS)
LOC_NAMES = tuple(loc.name for loc in LOCATIONS)
LOC_INDEX = {loc: i for i, loc in enumerate(LOC_IDS)}
MILL, BREWERY, COTTAGE, GUARDHOUSE, BARRACKS, INN, CASTLE, INFIRMARY = range(8)
MILLER, BREWER, WITCH, GUARD, KNIGHT, INNKEEPER, NOBLE = range(7)
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

# compiled abilities: ABILITIES[location][side index] = ((code, points, meeples, chars, inf, text))
_ABILITY_CODES = {HEAL: 0, ATTACK: 1, DEFEND: 2, EXCHANGE: 3, PER: 4, EVERYONE: 5, ALL_OF: 6,
                  LARGEST: 7}
A_HEAL, A_ATTACK, A_DEFEND, A_EXCHANGE, A_PER, A_EVERYONE, A_ALL_OF, A_LARGEST = range(8)
ABILITIES = tuple(
    tuple(tuple((_ABILITY_CODES[ab.kind], ab.points, ab.meeples,
                 tuple(CHAR_INDEX[c] for c in ab.chars), ab.infirmary, ab.text)
                for ab in loc.side(letter).abilities) for letter in SIDES)
    for loc in LOCATIONS)
MAJORITY = tuple(tuple(loc.side(letter).majority for letter in SIDES) for loc in LOCATIONS)


def deck_size(players: int, variant: str) -> int:
    """Cards in the deck at setup (before the display is dealt): 33/41/53, or 60 shuffled."""
    return DECK_SIZE if variant == "shuffled" else SET_ASIDE[players] + TIER2_SIZE


def _cost(slot: int) -> str:
    return f"cost {slot}" if slot else "free"


def _exchange_text(exchange: int) -> str:
    """A Castle B exchange (not 0) in words."""
    if exchange > 0:
        return f"bought {_plural(exchange, 'meeple')} for {_plural(exchange, 'point')}"
    return f"sold {_plural(-exchange, 'meeple')} for {_plural(-exchange, 'point')}"


def _article(name: str) -> str:
    return "an" if name[0] in "AEIOU" else "a"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# --------------------------------------------------------------------------- rules page

SECTION_SETUP = "Setup"
SECTION_TURN = "Your turn"
SECTION_A = "Locations, side A"
SECTION_B = "Locations, side B"
SECTION_SPECIAL = "Special abilities"
SECTION_END = "End of the game"
SECTION_CHIPS = "Chips"
SECTION_READINGS = "How the app reads the rules"

RULES: tuple[RuleEntry, ...] = (
    RuleEntry("players", "Players",
              "Two to four players, listed in seat order going clockwise. Each needs a name of 1 "
              "to 30 characters, and no two names may be the same.", SECTION_SETUP),
    RuleEntry("worker-cards", "Worker cards and turn order",
              "Each player gets a worker card, and whoever holds the one showing the knight "
              "plays first. Turns then go clockwise, so between turns the players before the "
              "one to move have placed one card more than the others.", SECTION_SETUP),
    RuleEntry("sides", "Location sides",
              "Every player lays out the same eight locations, numbered 1 to 8 from left to "
              "right. The table plays them all on side A, all on side B, or (an unofficial "
              "variant) a mix, as long as every realm shows the same side of each location.",
              SECTION_SETUP),
    RuleEntry("deck", "The deck",
              "Tier 1 has 33 cards and tier 2 has 27. Tier 2 is shuffled face down, and 6, 14 or "
              "26 shuffled tier-1 cards (for 2, 3 or 4 players) go on top of it; the rest of "
              "tier 1 goes back to the box unseen. The deck therefore holds 33, 41 or 53 cards.",
              SECTION_SETUP),
    RuleEntry("deck-variant", "Shuffling both tiers",
              "As a variant the table may shuffle all 60 cards of both tiers into one deck and "
              "set nothing aside.", SECTION_SETUP),
    RuleEntry("setup", "Setting up",
              "Every player starts with 5 meeples on their worker card; the rest of the box's 30 "
              "meeples and all the chips form the supply. The top six cards of the deck are "
              "turned face up in a row: the display.", SECTION_SETUP),
    RuleEntry("position", "Starting from a position",
              "A game can start from a position already on the table: every realm and "
              "Infirmary, meeples, points, the display with its meeples, and whose turn it is. "
              "The app refuses a position no game can reach, such as more copies of a card than "
              "the deck holds or realms whose sizes do not follow the turn order.",
              SECTION_SETUP),
    RuleEntry("display", "The display",
              "The display has six slots. Slot 0, farthest from the deck, is the front; slot 5, "
              "next to the deck, is the back.", SECTION_TURN),
    RuleEntry("meeple-cost", "Paying for a card",
              "The front card is free. To take the card in slot n you put one of your meeples on "
              "each of the n cards in front of it, so it costs n meeples, and you cannot take a "
              "card you cannot pay for.", SECTION_TURN),
    RuleEntry("take", "Taking a card",
              "On your turn you take exactly one card from the display and gain the meeples "
              "lying on it. You place the card at its location in your realm and carry out that "
              "location's abilities from top to bottom.", SECTION_TURN),
    RuleEntry("split-cards", "Split cards",
              "A split card shows two characters. When you take it you choose which one it is: "
              "it goes to that character's location and counts only as that character.",
              SECTION_TURN),
    RuleEntry("counting", "Counting characters",
              "A location that pays per character counts your own characters of that kind, the "
              "new card included; cards in the Infirmary never count. A bonus for every player "
              "with at least one of a character goes to each such player, you included.",
              SECTION_TURN),
    RuleEntry("meeple-supply", "The meeple supply",
              "Meeples you gain come from the supply. If the supply runs short you gain only "
              "what it still holds and the rest is lost; meeples paid onto the display stay "
              "there until someone takes that card.", SECTION_TURN),
    RuleEntry("overflow", "Extra meeples",
              "Your worker card holds 5 meeples. At the end of your turn every meeple beyond 5 "
              "goes back to the supply, and you score 1 point for each.", SECTION_TURN),
    RuleEntry("refill", "Refilling the display",
              "After your turn the cards behind the gap slide toward the front, keeping their "
              "meeples, and the top card of the deck fills the back slot. The app asks which "
              "card that is; once the deck is empty the display shrinks, and the last turn of "
              "the game needs no new card.", SECTION_TURN),
    RuleEntry("correction", "Correcting a card turned up",
              "A card turned up that was entered wrong can be corrected while it is still in "
              "the display, since no turn has used it yet: the app then counts the right card "
              "as seen. Once a player has taken it, the turns since depend on it, so undo back "
              "to that turn instead. The cards of a position the game started from are part of "
              "the position and are not corrected one by one.", SECTION_TURN),
    RuleEntry("deck-holds", "What the deck can still hold",
              "The app knows every card seen so far and which tier the next card comes from: the "
              "set-aside tier-1 cards first, then tier 2. It refuses a new display card of a "
              "kind the deck can no longer hold.", SECTION_TURN),
    *(RuleEntry(f"{loc.id}-{letter.lower()}", f"{loc.number} {loc.name}, side {letter}",
                loc.side(letter).text + (
                    f" Majority value: {loc.side(letter).majority}." if loc.number < 8 else ""),
                SECTION_A if letter == "A" else SECTION_B)
      for letter in SIDES for loc in LOCATIONS),
    RuleEntry("attack", "Attack (Barracks)",
              "Placing a Knight at the Barracks attacks each opponent on their own. If they have "
              "fewer Guards at their Guardhouse than you have Knights at your Barracks, the new "
              "one included, they put one card face down on top of their Infirmary: the most "
              "recently placed card at their leftmost location that has any. Otherwise that "
              "attack fails.", SECTION_SPECIAL),
    RuleEntry("defend", "Defend (Guardhouse)",
              "Guards at the Guardhouse defend against attacks. The signpost does nothing by "
              "itself.", SECTION_SPECIAL),
    RuleEntry("heal", "Heal (Cottage)",
              "Placing a Witch at the Cottage first returns the top card of your Infirmary to "
              "its location, without activating that location, and it counts for the Cottage's "
              "scoring. A returning split card may go back as either of its characters; nothing "
              "is healed when the Infirmary is empty.", SECTION_SPECIAL),
    RuleEntry("exchange", "Exchange (Castle, side B)",
              "Placing a Noble at the Castle on side B first lets you trade points and meeples 1 "
              "for 1, either way. You cannot pay more points than you have, sell more meeples "
              "than you hold at that moment, or buy more meeples than the supply holds.",
              SECTION_SPECIAL),
    RuleEntry("game-end", "The end of the game",
              "The game ends after the turn on which every realm reaches 12 characters. Cards "
              "in the Infirmary are still part of the realm and count toward the 12.",
              SECTION_END),
    RuleEntry("final-infirmary", "Final scoring: the Infirmary",
              "First every player loses points for the cards in their Infirmary as its side "
              "says, and those cards go back to the box.", SECTION_END),
    RuleEntry("final-variety", "Final scoring: variety",
              "Then every player counts their locations 1 to 7 holding at least one character "
              "and scores that number times itself, 49 at most.", SECTION_END),
    RuleEntry("final-majority", "Final scoring: majorities",
              "Last, at each location 1 to 7 the player with the most characters there scores "
              "its value. Tied players each score the full value, and nobody scores a location "
              "where nobody has a character.", SECTION_END),
    RuleEntry("winner", "The winner",
              "The most points wins. Players tied for the most share the victory.", SECTION_END),
    RuleEntry("game-over", "Game over",
              "Once final scoring is done, no more turns can be entered.", SECTION_END),
    RuleEntry("chips", "Chips",
              "Points are kept in chips worth 1, 2, 10, 50 and 100; the box holds 10, 25, 25, 6 "
              "and 4 of them. The app tracks the supply and every pile and, after each turn, "
              "says which chips each player takes or gives back.", SECTION_CHIPS),
    RuleEntry("chips-change", "Making change",
              "Of all the ways to settle a gain or a loss exactly, the app picks the one that "
              "moves the fewest chips, larger chips first on a tie, swapping chips with the "
              "supply when needed. Points are never limited by the chips left in the supply.",
              SECTION_CHIPS),
    RuleEntry("chips-owed", "Chips owed",
              "When no exact settlement exists, the app settles as closely as it can and shows "
              "the rest as owed. It settles what is owed as soon as the chips allow.",
              SECTION_CHIPS),
    RuleEntry("chips-exchange", "Swapping chips",
              "At any time a player may swap chips with the supply for the same value. The app "
              "suggests the swap that leaves the fewest chips in the pile; enter it so the app "
              "keeps count.", SECTION_CHIPS),
    RuleEntry("rulings", "Table rulings",
              "Majesty has no table rulings to choose. Where the rulebook is unclear the app "
              "takes the fixed readings listed in this section.", SECTION_READINGS),
    RuleEntry("reading-victim", "Which card an attack takes",
              "The most recently placed card at the leftmost location holding any character. A "
              "healed card counts as placed when it returns.", SECTION_READINGS),
    RuleEntry("reading-castle-b", "Castle, side B",
              "Any number of points may be traded for meeples or back, 1 for 1, never below 0 "
              "points. The Castle then pays 4 per Noble plus 4 per card in your Infirmary.",
              SECTION_READINGS),
    RuleEntry("reading-brewery-b", "Brewery, side B",
              "The 10 points need at least one Innkeeper and one Noble of your own, and only you "
              "score them.", SECTION_READINGS),
    RuleEntry("reading-inn-b", "Inn, side B",
              "Your fullest location is the one of locations 1 to 7 with the most characters, "
              "the Inn included. The Infirmary never counts.", SECTION_READINGS),
    RuleEntry("reading-infirmary-b", "Infirmary, side B",
              "The 10-point loss goes to every player tied for the most Infirmary cards, counted "
              "before those cards leave. Nobody loses it when every Infirmary is empty.",
              SECTION_READINGS),
    RuleEntry("move-format", "Entering a turn",
              "A turn names the display slot taken and, where needed, the half of a split card, "
              "the half of a healed split card, the Castle exchange and the new display card. "
              "The app refuses an entry that is incomplete or names something unknown.",
              APP_SECTION),
)
RULE_IDS = frozenset(entry.id for entry in RULES)

RULINGS: tuple[Ruling, ...] = ()  # rulings.md marks no Majesty reading as a table option

# --------------------------------------------------------------------------- state


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
            return not self.unknown_top or _tiers_fit(self, kind)
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


def _tiers_fit(deck: Deck, kind: int) -> bool:
    """With one more tier-2 ``kind`` seen, can the unknown cards still be split into tiers?"""
    seen = list(deck.seen_bottom)
    seen[kind] += 1
    lows, highs = _tier_bounds(deck, seen)
    if any(lo > hi for lo, hi in zip(lows, highs)):
        return False
    return sum(lows) <= deck.unknown_top <= sum(highs)


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
    heal: tuple | None  # (kind, character it returned as)
    attacks: tuple  # ((seat, knights, guards, victim kind or -1, victim location or -1), ...)
    exchange: int
    lines: tuple  # ((seat, points, meeples, why, rule, count), ...)
    new_card: int | None
    chips: tuple  # per seat: None or (net transfer, owed after)


@dataclass(frozen=True, slots=True)
class Final:
    """Final scoring, per seat: (infirmary cards, their points, the -10 or 0, locations used,
    variety points, ((location, characters, points), ...) majorities won, points before, after)."""

    rows: tuple
    chips: tuple  # per seat: None or (net transfer, owed after)


@dataclass(frozen=True, slots=True)
class State:
    """One position of a game. Immutable; ``apply`` returns a new one."""

    players: tuple[str, ...]
    first: int  # the seat with the knight worker card
    sides: tuple[str, ...]  # "A" or "B" per location, Mill .. Infirmary
    realms: tuple  # per seat: 7 tuples of kind indices, oldest first
    infirmaries: tuple  # per seat: ((kind, half or -1), ...), top last
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
    # per display slot, where its card came from: (the turn it was turned up at, 0 for the
    # setup display; the deck part, 0 top, 1 bottom, -1 a starting position's; the setup slot
    # for a card of the setup display, else -1)
    turned: tuple = ()

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
            return [None if m is None else {"net": list(m[0]), "owed": m[1]} for m in moves]

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
                "heal": None if last.heal is None else [KIND_IDS[last.heal[0]],
                                                        CHAR_IDS[last.heal[1]]],
                "attacks": [list(a) for a in last.attacks], "exchange": last.exchange,
                "lines": [list(line) for line in last.lines],
                "new_card": None if last.new_card is None else KIND_IDS[last.new_card],
                "chips": chips_moves(last.chips),
            },
            "final": None if final is None else {
                "rows": [[*row[:5], [list(m) for m in row[5]], *row[6:]] for row in final.rows],
                "chips": chips_moves(final.chips),
            },
        }


# --------------------------------------------------------------------------- helpers

OPTION_FIELDS = frozenset(("players", "first", "sides", "deck", "display", "rulings",
                           "position"))
POSITION_FIELDS = frozenset(("players", "display", "display_meeples", "turn"))
POSITION_PLAYER_FIELDS = frozenset(("realm", "infirmary", "meeples", "points", "chips"))
_TAKE_KEYS = frozenset(("type", "slot", "card", "as", "heal_as", "exchange", "new_card"))
_CHANGE_KEYS = frozenset(("type", "seat"))
_CORRECT_KEYS = frozenset(("type", "turn", "slot", "card"))
_CHAR_LIST = ", ".join(CHAR_IDS)


def _short(value: Any) -> str:
    return repr(value)[:40] if not isinstance(value, str) else repr(value[:40])


def _kind_of(value: Any, what: str, rule: str = "move-format") -> int:
    if type(value) is not str or value not in KIND_INDEX:
        raise RuleError(rule, f"{what} must be a card such as 'miller' or 'miller-brewer', not "
                              f"{_short(value)}.")
    return KIND_INDEX[value]


def _char_of(value: Any, what: str) -> int:
    if type(value) is not str or value not in CHAR_INDEX:
        raise RuleError("move-format", f"{what} must be one of {_CHAR_LIST}, not "
                                       f"{_short(value)}.")
    return CHAR_INDEX[value]


def _count_int(value: Any, what: str, rule: str = "position") -> int:
    if type(value) is not int:
        raise RuleError(rule, f"{what} must be a whole number, not {_short(value)}.")
    if value < 0:
        raise RuleError(rule, f"{what} cannot be negative.")
    return value


def _halves(kind: int) -> str:
    a, b = KIND_CHARS[kind]
    return f"the {CHAR_NAMES[a]} or the {CHAR_NAMES[b]}"


def _no_half(kind: int, char: int) -> str:
    if len(KIND_CHARS[kind]) == 1:
        return f"the {KIND_NAMES[kind]} card shows only the {KIND_NAMES[kind]}"
    return f"the {KIND_NAMES[kind]} card has no {CHAR_NAMES[char]} half"


def _half(kind: int, given: Any, field: str, rule: str, ask: str, wrong: str) -> int:
    """The character a card counts as: its only one, or the half named in ``field``.
    ``ask`` refuses a split card with no half named, ``wrong`` a half that is not on it;
    both are formatted only then, with {card}, {halves} and {why}."""
    chars = KIND_CHARS[kind]
    if given is None:
        if len(chars) == 2:
            raise RuleError(rule, ask.format(card=KIND_NAMES[kind], halves=_halves(kind)))
        return chars[0]
    char = _char_of(given, field)
    if char not in chars:
        raise RuleError(rule, wrong.format(card=KIND_NAMES[kind], why=_no_half(kind, char)))
    return char


def _order_from(start: int, n: int) -> list[int]:
    return [(start + i) % n for i in range(n)]


def _settle_all(order, deltas, piles, supply, owed):
    """Settle every player's change of points in ``order``: (piles, supply, owed, movements)."""
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
        net = transfer.net
        if net != chipmath.EMPTY:
            piles[p], supply = chipmath.apply_transfer(piles[p], supply, net)
        owed[p] = transfer.owed
        moves[p] = (net, transfer.owed)
    return tuple(piles), supply, tuple(owed), tuple(moves)


# --------------------------------------------------------------------------- final scoring


def final_scoring(sides, realms, infirmaries, points) -> tuple[tuple, tuple]:
    """(rows, points after) for final scoring; see Final for the row layout."""
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
        won = tuple((loc, counts[p][loc], MAJORITY[loc][SIDES.index(sides[loc])])
                    for loc in REALM_LOCATIONS
                    if best[loc] > 0 and counts[p][loc] == best[loc])
        total = points[p] + inf_points + penalty + used * used + sum(w[2] for w in won)
        rows.append((sizes[p], inf_points, penalty, used, used * used, won, points[p], total))
        after.append(total)
    return tuple(rows), tuple(after)


def ranking(points) -> list[dict[str, int]]:
    """Seats from the most points down; tied players share a rank."""
    order = sorted(range(len(points)), key=lambda p: (-points[p], p))
    return [{"seat": p, "points": points[p],
             "rank": 1 + sum(1 for q in points if q > points[p])} for p in order]


# --------------------------------------------------------------------------- the engine


class Majesty:
    """The Majesty: For the Realm engine (see companion.engine.Engine)."""

    name = "majesty"
    title = "Majesty: For the Realm"
    min_players = 2
    max_players = 4
    rules = RULES
    rulings = RULINGS
    cards = KINDS  # the catalogue: every card kind, with its stable id
    other_cards = OTHER_CARDS  # location faces and worker cards: printed, never dealt
    locations = LOCATIONS
    bgg_id = 236301
    endings_title = None  # nothing but the scores tells games apart

    def seating(self, state: State, opening: State | None = None) -> Seating:
        return endgame.seating(self, state, opening)

    def outcome(self, state: State, opening: State | None = None) -> Outcome | None:
        return endgame.outcome(self, state, opening)

    def score_sheet(self, state: State) -> Sheet | None:
        return endgame.score_sheet(self, state)

    # -- setup ---------------------------------------------------------------------------------

    def new(self, options: Mapping[str, Any]) -> State:
        players, _ = read_options(self, options, OPTION_FIELDS, "setup", ("Majesty", 2, 4))
        n = len(players)
        first = options.get("first", MISSING)
        if first is MISSING:
            raise RuleError("worker-cards", "The field 'first' (the seat holding the knight "
                                            "worker card) is missing.")
        if type(first) is not int or not 0 <= first < n:
            raise RuleError("worker-cards", f"The field 'first' must be the seat, 0 to {n - 1}, "
                                            f"that holds the knight worker card.")
        sides = self._sides(options.get("sides", "A"))
        variant = options.get("deck", "standard")
        if variant not in VARIANTS:
            raise RuleError("deck", "The field 'deck' must be 'standard' or 'shuffled'.")
        size = deck_size(n, variant)
        position = options.get("position")
        if position is None:
            display = self._display(options.get("display", MISSING), DISPLAY_SIZE)
            seen = [0] * N_KINDS
            for k in display:
                seen[k] += 1
            deck = self._deck(variant, n, seen, DISPLAY_SIZE, "the display")
            empty = ((),) * 7
            return State(
                players, first, sides, (empty,) * n, ((),) * n, (START_MEEPLES,) * n, (0,) * n,
                display, (0,) * DISPLAY_SIZE, deck, MEEPLES_IN_BOX - START_MEEPLES * n,
                (chipmath.EMPTY,) * n, chipmath.BOX, (0,) * n, first, 0,
                turned=tuple((0, 0, slot) for slot in range(DISPLAY_SIZE)))
        if "display" in options:
            raise RuleError("position", "A game started from a position takes its display from "
                                        "the position, so leave out the option 'display'.")
        return self._from_position(players, first, sides, variant, size, position)

    @staticmethod
    def _sides(sides: Any) -> tuple[str, ...]:
        if isinstance(sides, str) and sides.upper() in SIDES:
            return (sides.upper(),) * 8
        if not isinstance(sides, Mapping):
            raise RuleError("sides", "The field 'sides' must be 'A', 'B', or the side of each "
                                     "of the eight locations.")
        for key in sides:
            if key not in LOC_INDEX:
                raise RuleError("sides", f"There is no location called {_short(key)}.")
        out = []
        for loc in LOC_IDS:
            side = sides.get(loc, MISSING)
            if side is MISSING:
                raise RuleError("sides", f"A mixed set names the side of every location, and "
                                         f"the {LOC_NAMES[LOC_INDEX[loc]]} is missing.")
            if not isinstance(side, str) or side.upper() not in SIDES:
                raise RuleError("sides", f"The {LOC_NAMES[LOC_INDEX[loc]]}'s side must be 'A' "
                                         f"or 'B'.")
            out.append(side.upper())
        return tuple(out)

    @staticmethod
    def _display(display: Any, size: int) -> tuple[int, ...]:
        if display is MISSING:
            raise RuleError("setup", "The field 'display' (the six cards turned up, front "
                                     "first) is missing.")
        if not isinstance(display, (list, tuple)) or len(display) != size:
            what = "six cards" if size == DISPLAY_SIZE else _plural(size, "card")
            raise RuleError("setup", f"The display must list {what}, front first.")
        return tuple(_kind_of(k, f"Display slot {i}", "setup") for i, k in enumerate(display))

    @staticmethod
    def _deck(variant: str, n: int, seen: list[int], total: int, where: str) -> Deck:
        """The deck after ``total`` cards (counted per kind in ``seen``) came off it."""
        for k in range(N_KINDS):
            if seen[k] > COPIES[k]:
                raise RuleError("deck", f"There are {seen[k]} {KIND_NAMES[k]} cards in "
                                        f"{where}, but the game has only {COPIES[k]}.")
        seen_t = tuple(seen)
        if variant == "shuffled":
            return Deck(variant, DECK_SIZE - total, 0, seen_t, ZERO_KINDS)
        aside = SET_ASIDE[n]
        if total <= aside:
            for k in range(N_KINDS):
                if seen[k] > T1[k]:
                    has = (f"only {T1[k]} {KIND_NAMES[k]} {'card' if T1[k] == 1 else 'cards'}"
                           if T1[k] else f"no {KIND_NAMES[k]} card")
                    there = "there is 1" if seen[k] == 1 else f"there are {seen[k]}"
                    raise RuleError("deck", f"With {n} players the first {aside} cards dealt "
                                            f"all come from tier 1, which holds {has}, yet "
                                            f"{there} in {where}.")
            return Deck(variant, aside - total, TIER2_SIZE, seen_t, ZERO_KINDS)
        low = sum(max(0, seen[k] - T2[k]) for k in range(N_KINDS))
        high = sum(min(seen[k], T1[k]) for k in range(N_KINDS))
        if low > aside:
            raise RuleError("deck", f"{low} of the cards in {where} can only be tier-1 cards, "
                                    f"but a {n}-player deck has only {aside} tier-1 cards.")
        if high < aside:
            raise RuleError("deck", f"With {n} players the first {aside} cards dealt are "
                                    f"tier-1 cards, but only {high} of the cards in {where} can "
                                    f"be tier-1 cards.")
        return Deck(variant, 0, TIER2_SIZE - (total - aside), ZERO_KINDS, ZERO_KINDS, seen_t,
                    aside)

    def _from_position(self, players, first, sides, variant, size, position) -> State:
        n = len(players)
        if not isinstance(position, Mapping):
            raise RuleError("position", "The position must be a set of named fields.")
        for key in position:
            if key not in POSITION_FIELDS:
                raise RuleError("position", f"There is no position field called {_short(key)}.")
        for key in ("players", "display", "turn"):
            if key not in position:
                raise RuleError("position", f"The position field {key!r} is missing.")
        rows = position["players"]
        if not isinstance(rows, (list, tuple)) or len(rows) != n:
            raise RuleError("position", f"The position must describe each of the {n} players.")
        turn = position["turn"]
        if type(turn) is not int or not 0 <= turn < n:
            raise RuleError("position", f"The position's 'turn' must be the seat to move, 0 to "
                                        f"{n - 1}.")
        seen = [0] * N_KINDS
        realms, infirmaries, meeples, points, piles = [], [], [], [], []
        for seat, row in enumerate(rows):
            realm, pile, held, score, chips = self._position_player(seat, players[seat], row)
            for stack in realm:
                for k in stack:
                    seen[k] += 1
            for k, _ in pile:
                seen[k] += 1
            realms.append(realm)
            infirmaries.append(pile)
            meeples.append(held)
            points.append(score)
            piles.append(chips)
        sizes = [sum(len(s) for s in realm) + len(pile)
                 for realm, pile in zip(realms, infirmaries)]
        for seat, count in enumerate(sizes):
            if count > REALM_SIZE:
                raise RuleError("game-end", f"{players[seat]}'s realm holds {count} characters, "
                                            f"but a realm never grows beyond {REALM_SIZE}.")
        order = _order_from(first, n)
        mover_size = sizes[turn]
        ahead = True
        for seat in order:
            if seat == turn:
                ahead = False
            expected = mover_size + 1 if ahead else mover_size
            if sizes[seat] != expected:
                raise RuleError("worker-cards", f"Turns go clockwise from {players[first]}, so "
                                                f"with {players[turn]} to move {players[seat]} "
                                                f"should have "
                                                f"{_plural(expected, 'character')}, not "
                                                f"{sizes[seat]}.")
        taken = sum(sizes)
        if taken == REALM_SIZE * n:
            raise RuleError("game-end", "Every realm already holds 12 characters, so that game "
                                        "is over.")
        display_raw = position["display"]
        expected = min(DISPLAY_SIZE, size - taken)
        if not isinstance(display_raw, (list, tuple)):
            raise RuleError("position", "The position's display must list its cards, front "
                                        "first.")
        if len(display_raw) != expected:
            raise RuleError("deck", f"With {taken} cards in the realms, the {size}-card deck "
                                    f"leaves {_plural(expected, 'card')} in the display, not "
                                    f"{len(display_raw)}.")
        display = tuple(_kind_of(k, f"Display slot {i}", "position")
                        for i, k in enumerate(display_raw))
        dm_raw = position.get("display_meeples", [0] * len(display))
        if not isinstance(dm_raw, (list, tuple)) or len(dm_raw) != len(display):
            raise RuleError("position", "The position's 'display_meeples' must give the meeples "
                                        "on each display card, front first.")
        display_meeples = tuple(_count_int(m, f"The meeples on display slot {i}")
                                for i, m in enumerate(dm_raw))
        for k in display:
            seen[k] += 1
        deck = self._deck(variant, n, seen, taken + len(display), "the realms, Infirmaries and "
                                                                  "display")
        used = sum(meeples) + sum(display_meeples)
        if used > MEEPLES_IN_BOX:
            raise RuleError("meeple-supply", f"The position uses {used} meeples, but the box "
                                             f"has only {MEEPLES_IN_BOX}.")
        given = [p for p in piles if p is not None]
        if given:
            if len(given) != n:
                raise RuleError("chips", "Give the chips of every player or of none.")
            supply = tuple(chipmath.BOX[i] - sum(p[i] for p in piles) for i in range(5))
            for i, left in enumerate(supply):
                if left < 0:
                    raise RuleError("chips", f"The players hold more {chipmath.DENOMINATIONS[i]}"
                                             f"-point chips than the box's "
                                             f"{chipmath.BOX[i]}.")
            owed = (0,) * n
            piles_t = tuple(piles)
        else:
            piles_t, supply, owed, _ = _settle_all(
                order, points, (chipmath.EMPTY,) * n, chipmath.BOX, (0,) * n)
        return State(players, first, sides, tuple(realms), tuple(infirmaries), tuple(meeples),
                     tuple(points), display, display_meeples, deck,
                     MEEPLES_IN_BOX - used, piles_t, supply, owed, turn, taken,
                     turned=tuple((0, -1, slot) for slot in range(len(display))))

    @staticmethod
    def _position_player(seat: int, name: str, row: Any) -> tuple:
        if not isinstance(row, Mapping):
            raise RuleError("position", f"{name}'s part of the position must be a set of named "
                                        f"fields.")
        for key in row:
            if key not in POSITION_PLAYER_FIELDS:
                raise RuleError("position", f"There is no player field called {_short(key)}.")
        for key in ("realm", "meeples", "points"):
            if key not in row:
                raise RuleError("position", f"{name}'s field {key!r} is missing.")
        raw = row["realm"]
        if not isinstance(raw, Mapping):
            raise RuleError("position", f"{name}'s realm must name locations and their cards.")
        realm = []
        for key in raw:
            if key not in LOC_INDEX or key == "infirmary":
                raise RuleError("position", f"{name}'s realm has no location called "
                                            f"{_short(key)} (the Infirmary is its own field).")
        for loc in REALM_LOCATIONS:
            cards = raw.get(LOC_IDS[loc], ())
            stack: list[int] = []
            where = f"{name}'s {LOC_NAMES[loc]}"
            if isinstance(cards, Mapping):
                for kid, count in cards.items():
                    k = _kind_of(kid, f"A card at {where}", "position")
                    count = _count_int(count, f"The count of {kid} at {where}")
                    if len(stack) + count > REALM_SIZE:
                        raise RuleError("game-end", f"{where} holds more than {REALM_SIZE} "
                                                    f"characters, more than a realm ever "
                                                    f"holds.")
                    stack.extend([k] * count)
            elif isinstance(cards, (list, tuple)):
                stack = [_kind_of(kid, f"A card at {where}", "position") for kid in cards]
            else:
                raise RuleError("position", f"{where} must list its cards or count them by "
                                            f"kind.")
            for k in stack:
                if loc not in KIND_CHARS[k]:
                    raise RuleError("position", f"The {KIND_NAMES[k]} card cannot stand at "
                                                f"{where}: it shows no {CHAR_NAMES[loc]}.")
            realm.append(tuple(stack))
        pile_raw = row.get("infirmary", ())
        if not isinstance(pile_raw, (list, tuple)):
            raise RuleError("position", f"{name}'s Infirmary must list its cards, the top one "
                                        f"last.")
        pile = []
        for entry in pile_raw:
            if isinstance(entry, Mapping):
                if not set(entry) <= {"card", "as"} or "card" not in entry:
                    raise RuleError("position", f"An Infirmary card of {name} is a card id or "
                                                f"{{'card': ..., 'as': ...}}.")
                k = _kind_of(entry["card"], f"A card in {name}'s Infirmary", "position")
                half = entry.get("as")
                if half is None:
                    h = KIND_CHARS[k][0] if len(KIND_CHARS[k]) == 1 else -1
                else:
                    if type(half) is not str or half not in CHAR_INDEX:
                        raise RuleError("position", f"The half of an Infirmary card must be "
                                                    f"one of {_CHAR_LIST}.")
                    h = CHAR_INDEX[half]
                    if h not in KIND_CHARS[k]:
                        raise RuleError("position", f"In {name}'s Infirmary, {_no_half(k, h)}.")
            else:
                k = _kind_of(entry, f"A card in {name}'s Infirmary", "position")
                h = KIND_CHARS[k][0] if len(KIND_CHARS[k]) == 1 else -1
            pile.append((k, h))
        held = _count_int(row["meeples"], f"{name}'s meeples")
        if held > WORKER_SPACES:
            raise RuleError("overflow", f"{name} holds {held} meeples, but between turns a "
                                        f"player keeps at most {WORKER_SPACES}.")
        score = _count_int(row["points"], f"{name}'s points")
        chips = row.get("chips")
        pile_chips = None
        if chips is not None:
            if not isinstance(chips, Mapping):
                raise RuleError("chips", f"{name}'s chips must count each denomination.")
            names = {str(d): i for i, d in enumerate(chipmath.DENOMINATIONS)}
            counts = [0] * 5
            for key, count in chips.items():
                if key not in names:
                    raise RuleError("chips", f"There is no {_short(key)}-point chip: chips are "
                                             f"worth 1, 2, 10, 50 or 100.")
                counts[names[key]] = _count_int(count, f"{name}'s {key}-point chips", "chips")
            pile_chips = tuple(counts)
            if chipmath.value(pile_chips) != score:
                raise RuleError("chips", f"{name}'s chips are worth "
                                         f"{chipmath.value(pile_chips)}, not their {score} "
                                         f"points.")
        return tuple(realm), tuple(pile), held, score, pile_chips

    def options_from_form(self, form: Mapping[str, str]) -> dict[str, Any]:
        def field(key: str) -> str:
            value = form.get(key)
            return "" if value is None else str(value).strip()

        names, seats = [], {}
        for i in range(4):
            name = field(f"player-{i}")
            if name:
                seats[i] = len(names)
                names.append(name)
        first_text = field("first")
        if not first_text.isdigit() or int(first_text) not in seats:
            raise RuleError("worker-cards", "Say which player holds the knight worker card.")
        sides_text = field("sides").upper() or "A"
        if sides_text in SIDES:
            sides: Any = sides_text
        elif sides_text == "MIXED":
            sides = {loc: field(f"side-{loc}").upper() for loc in LOC_IDS}
            for loc, side in sides.items():
                if side not in SIDES:
                    raise RuleError("sides", f"Choose side A or B for the "
                                             f"{LOC_NAMES[LOC_INDEX[loc]]}.")
        else:
            raise RuleError("sides", "The sides must be A, B or mixed.")
        variant = field("deck").lower() or "standard"
        if variant not in VARIANTS:
            raise RuleError("deck", "The deck must be 'standard' or 'shuffled'.")
        display = []
        for i in range(DISPLAY_SIZE):
            kid = field(f"display-{i}").lower()
            if not kid:
                raise RuleError("setup", f"Name the card in display slot {i}.")
            display.append(kid)
        options: dict[str, Any] = {"players": names, "first": seats[int(first_text)],
                                   "sides": sides, "deck": variant, "display": display}
        if field("start") == "position":
            options["position"] = self._position_from_form(form, field, seats, options.pop("display"))
        self.new(options)  # refuse now what the game would refuse
        return options

    @staticmethod
    def _position_from_form(form, field, seats: dict[int, int], display: list[str]) -> dict[str, Any]:
        """The page's position builder sends every player's part as JSON in one field; the
        seats of blank player fields are dropped, as the names are."""
        try:
            built = json.loads(field("position") or "{}")
            rows = built["players"]
            parts = [rows[field_seat] for field_seat in sorted(seats)]
        except (ValueError, KeyError, IndexError, TypeError):
            raise RuleError("position", "The position's players could not be read; fill them in again.") \
                from None
        turn = field("turn")
        if not turn.isdigit() or int(turn) not in seats:
            raise RuleError("position", "Say whose turn it is, as one of the named players.")
        meeples = []
        for slot in range(len(display)):
            text = field(f"display_meeples-{slot}") or "0"
            if not text.isdigit():
                raise RuleError("position", f"The meeples on display card {slot + 1} must be a whole number.")
            meeples.append(int(text))
        return {"players": parts, "display": display, "display_meeples": meeples,
                "turn": seats[int(turn)]}

    @staticmethod
    def again(options: Mapping[str, Any]) -> dict[str, str]:
        """The setup form's fields for another game at the same table: the players in their
        seats, the sides and the deck. Who drew the knight and the cards turned up are facts of
        the new game, left for the table to state."""
        fields = {f"player-{seat}": str(name) for seat, name in enumerate(options["players"])}
        sides = options.get("sides", "A")
        if isinstance(sides, Mapping):
            fields["sides"] = "mixed"
            fields.update({f"side-{loc}": str(side).upper() for loc, side in sides.items()})
        else:
            fields["sides"] = str(sides).upper()
        fields["deck"] = str(options.get("deck", "standard"))
        return fields

    @staticmethod
    def in_force(state: State) -> list[str]:
        """Each option the game was set up with, in words, one sentence an option (Majesty has
        no table rulings: its options are the sides and the deck)."""
        sides = state.sides
        if len(set(sides)) == 1:
            where = f"All on side {sides[0]}."
        else:
            where = ("A mixed set: " + ", ".join(f"{LOC_NAMES[loc]} {sides[loc]}"
                                                  for loc in range(8)) + ".")
        if state.deck.variant == "shuffled":
            deck = "Deck: both tiers shuffled together (the variant)."
        else:
            deck = (f"Deck: {SET_ASIDE[len(state.players)]} tier-1 cards set aside on top of "
                    f"tier 2.")
        return [f"Locations: {where}", deck]

    def with_rulings(self, state: State, rulings: Mapping[str, Any]) -> State:
        normalise_rulings(self, rulings)
        return state

    # -- checking a move -----------------------------------------------------------------------

    def validate(self, state: State, move: Any) -> None:
        self._check(state, move)

    def _check(self, state: State, move: Any) -> tuple:
        """The parts of a legal move: ("take", slot, kind, half, heal half or -1, exchange,
        new card or -1) or ("change", seat, transfer); raises RuleError otherwise."""
        if state.final is not None:
            raise RuleError("game-over", "The game is over and final scoring is done, so no "
                                         "more turns can be entered.")
        if type(move) is not dict:
            raise RuleError("move-format", 'A move must be an object with a "type" field.')
        kind_of_move = move.get("type")
        if kind_of_move == "change":
            return self._check_change(state, move)
        if kind_of_move == "correct":
            return self._check_correct(state, move)
        if kind_of_move != "take":
            raise RuleError("move-format", 'A move\'s "type" must be "take" (a turn), "change" '
                                           '(swapping chips) or "correct" (a card turned up).')
        for key in move:
            if key not in _TAKE_KEYS:
                raise RuleError("move-format", f"A turn has no field called {_short(key)}.")
        slot = move.get("slot", MISSING)
        if slot is MISSING:
            raise RuleError("move-format", 'A turn needs a "slot": the display slot taken, 0 '
                                           'for the front.')
        if type(slot) is not int:
            raise RuleError("move-format", '"slot" must be a whole number, 0 for the front.')
        display = state.display
        if not 0 <= slot < len(display):
            raise RuleError("display", f"There is no card in slot {slot}: the display's slots "
                                       f"run from 0 (the front) to {len(display) - 1}.")
        kind = display[slot]
        expected = move.get("card")
        if expected is not None and expected != KIND_IDS[kind]:
            other = _kind_of(expected, '"card"')
            raise RuleError("display", f"The card in slot {slot} is the {KIND_NAMES[kind]}, not "
                                       f"the {KIND_NAMES[other]}.")
        mover = state.turn
        held = state.meeples[mover]
        if slot > held:
            raise RuleError("meeple-cost", f"The card in slot {slot} costs "
                                           f"{_plural(slot, 'meeple')}, one on each card in "
                                           f"front of it, and {state.players[mover]} holds "
                                           f"{held}.")
        char = _half(kind, move.get("as"), '"as"', "split-cards",
                     "The {card} is a split card: say which half it is, {halves}.",
                     "Not that half: {why}.")
        side = state.sides[char]
        heal_as = move.get("heal_as")
        pile = state.infirmaries[mover]
        heal = -1
        if char == COTTAGE and pile:
            top = pile[-1][0]
            heal = _half(top, heal_as, '"heal_as"', "heal",
                         "The {card} returns from the Infirmary: say which half it returns as, "
                         "{halves}.",
                         "The card healed is the {card}, and {why}.")
        elif heal_as is not None:
            _char_of(heal_as, '"heal_as"')
            why = ("only a card placed at the Cottage heals" if char != COTTAGE else
                   f"{state.players[mover]}'s Infirmary is empty")
            raise RuleError("heal", f"No card is healed on this turn: {why}.")
        exchange = move.get("exchange")
        if exchange is None:
            exchange = 0
        else:
            if type(exchange) is not int:
                raise RuleError("move-format", '"exchange" must be a whole number: more than 0 '
                                               'buys meeples, less than 0 sells them.')
            if char != CASTLE or side != "B":
                raise RuleError("exchange", "Only a card placed at the Castle on side B trades "
                                            "points and meeples.")
            if exchange > 0:
                score = state.points[mover]
                if exchange > score:
                    raise RuleError("exchange", f"Buying {_plural(exchange, 'meeple')} costs "
                                                f"{_plural(exchange, 'point')}, and "
                                                f"{state.players[mover]} has {score}.")
                if exchange > state.supply_meeples:
                    raise RuleError("exchange", f"The supply holds only "
                                                f"{_plural(state.supply_meeples, 'meeple')}, so "
                                                f"{exchange} cannot be bought.")
            elif exchange < 0:
                holding = held - slot + state.display_meeples[slot]
                if -exchange > holding:
                    raise RuleError("exchange", f"Selling {_plural(-exchange, 'meeple')} needs "
                                                f"that many, and {state.players[mover]} holds "
                                                f"{holding} by then.")
        new_card = move.get("new_card")
        deck = state.deck
        last_turn = state.taken + 1 == REALM_SIZE * len(state.players)
        if new_card is None:
            new = -1
            if deck.count and not last_turn:
                raise RuleError("refill", f"The deck still holds "
                                          f"{_plural(deck.count, 'card')}: say which card was "
                                          f"turned into the display.")
        else:
            new = _kind_of(new_card, '"new_card"')
            if not deck.count:
                raise RuleError("refill", "The deck is empty, so no new card is turned into the "
                                          "display.")
            if not deck.holds(new):
                raise RuleError("deck-holds", self._cannot_hold(deck, new))
        return ("take", slot, kind, char, heal, exchange, new)

    @staticmethod
    def _cannot_hold(deck: Deck, kind: int) -> str:
        name = KIND_NAMES[kind]

        def all_seen(copies: int, what: str) -> str:
            if copies == 1:
                return f"the only {what}{name} card has been seen"
            return f"all {copies} {what}{name} cards have been seen"

        if deck.variant == "shuffled":
            text = all_seen(COPIES[kind], "")
            return f"{text[0].upper()}{text[1:]}, so the deck holds no more."
        if deck.top:
            if not T1[kind]:
                return (f"The next card is one of the {deck.top} tier-1 cards still on top, and "
                        f"tier 1 has no {name} card.")
            return (f"The next card is one of the {deck.top} tier-1 cards still on top, and "
                    f"{all_seen(T1[kind], 'tier-1 ')}.")
        if not T2[kind]:
            return f"The rest of the deck is tier 2, and tier 2 has no {name} card."
        if deck.seen_bottom[kind] >= T2[kind]:
            return f"The rest of the deck is tier 2, and {all_seen(T2[kind], 'tier-2 ')}."
        return (f"The rest of the deck is tier 2, and with the cards already on the table it "
                f"can hold no more {name} cards.")

    def _check_change(self, state: State, move: dict) -> tuple:
        for key in move:
            if key not in _CHANGE_KEYS:
                raise RuleError("move-format", f"A chip swap has no field called {_short(key)}.")
        seat = move.get("seat")
        n = len(state.players)
        if type(seat) is not int or not 0 <= seat < n:
            raise RuleError("move-format", f'A chip swap needs the "seat" of the player, 0 to '
                                           f'{n - 1}.')
        transfer = chipmath.exchange(state.chips[seat], state.supply_chips)
        if transfer.net == chipmath.EMPTY:
            raise RuleError("chips-exchange", f"{state.players[seat]}'s pile already has the "
                                              f"fewest chips the supply allows.")
        return ("change", seat, transfer)

    def _check_correct(self, state: State, move: dict) -> tuple:
        """("correct", slot, kind, seen_top, seen_bottom): the display slot of the card named
        and the deck's counts of cards seen once it is the right card."""
        for key in move:
            if key not in _CORRECT_KEYS:
                raise RuleError("move-format", f"A correction has no field called {_short(key)}.")
        number = move.get("turn")
        if type(number) is not int or number < 0:
            raise RuleError("move-format", 'A correction needs the "turn" the card was turned up '
                                           'at (0 for the setup display).')
        if number > state.taken:
            raise RuleError("correction", f"There is no turn {number} yet: {state.taken} "
                                          f"{'turn has' if state.taken == 1 else 'turns have'} "
                                          f"been played.")
        kind = _kind_of(move.get("card"), '"card"')
        if number == 0:
            setup_slot = move.get("slot")
            if type(setup_slot) is not int or not 0 <= setup_slot < DISPLAY_SIZE:
                raise RuleError("correction", "The setup display has six cards: say which slot, "
                                              "0 to 5, the card was dealt into.")
            what = f"Card {setup_slot + 1} of the setup display"
            slots = [s for s, t in enumerate(state.turned) if t[0] == 0 and t[2] == setup_slot]
        else:
            what = f"The card turned up at turn {number}"
            slots = [s for s, t in enumerate(state.turned) if t[0] == number and t[2] < 0]
        if not slots:
            last = state.last
            if number and last is not None and last.number == number and last.new_card is None:
                raise RuleError("correction", f"No card was turned up at turn {number}.")
            raise RuleError("correction", f"{what} has been taken since, so the turns after it "
                                          f"depend on it: undo back to the turn that took it to "
                                          f"enter it again.")
        slot = slots[0]
        part = state.turned[slot][1]
        if part < 0:
            raise RuleError("correction", "That card was in the display when the game started "
                                          "from a position, so it is part of the position, not "
                                          "an entry to correct.")
        old = state.display[slot]
        if old == kind:
            raise RuleError("correction", f"{what} is already the {KIND_NAMES[kind]}.")
        deck = state.deck
        seen = list(deck.seen_top if part == 0 else deck.seen_bottom)
        seen[old] -= 1
        if part == 0:
            if seen[kind] >= deck.top_copies[kind]:
                raise RuleError("deck-holds", self._never_there(deck, kind, what, "tier-1 ", T1))
            seen[kind] += 1
            return ("correct", slot, kind, tuple(seen), deck.seen_bottom)
        if seen[kind] >= T2[kind]:
            raise RuleError("deck-holds", self._never_there(deck, kind, what, "tier-2 ", T2))
        if deck.unknown_top:
            fewer = Deck(deck.variant, deck.top, deck.bottom, deck.seen_top, tuple(seen),
                         deck.unknown, deck.unknown_top)
            if not _tiers_fit(fewer, kind):
                raise RuleError("deck-holds", f"{what} came from tier 2, and with the cards "
                                              f"already on the table tier 2 can hold no more "
                                              f"{KIND_NAMES[kind]} cards.")
        seen[kind] += 1
        return ("correct", slot, kind, deck.seen_top, tuple(seen))

    @staticmethod
    def _never_there(deck: Deck, kind: int, what: str, tier: str, copies) -> str:
        """Why the part of the deck a card came from cannot have held one more ``kind``."""
        name = KIND_NAMES[kind]
        if deck.variant == "shuffled":
            tier, copies = "", COPIES
        where = f"{what} came from {'the deck' if not tier else 'tier ' + tier[5]}"
        if not copies[kind]:
            return f"{where}, and tier {tier[5]} has no {name} card."
        if copies[kind] == 1:
            return f"{where}, and the only {tier}{name} card has been seen."
        return f"{where}, and all {copies[kind]} {tier}{name} cards have been seen."

    # -- applying a move -----------------------------------------------------------------------

    def apply(self, state: State, move: Any) -> State:
        parts = self._check(state, move)
        if parts[0] == "change":
            return self._change(state, parts[1], parts[2])
        if parts[0] == "correct":
            return self._correct(state, *parts[1:])
        return self._take(state, *parts[1:])

    @staticmethod
    def _change(state: State, seat: int, transfer: chipmath.Transfer) -> State:
        piles = list(state.chips)
        piles[seat], supply = chipmath.apply_transfer(piles[seat], state.supply_chips,
                                                      transfer.net)
        n = len(piles)
        piles_t, supply, owed, _ = _settle_all(_order_from(seat, n), (0,) * n, piles, supply,
                                               state.owed)
        return State(state.players, state.first, state.sides, state.realms, state.infirmaries,
                     state.meeples, state.points, state.display, state.display_meeples,
                     state.deck, state.supply_meeples, piles_t, supply, owed, state.turn,
                     state.taken, state.last, state.final, state.turned)

    @staticmethod
    def _correct(state: State, slot: int, kind: int, seen_top: tuple,
                 seen_bottom: tuple) -> State:
        display = list(state.display)
        display[slot] = kind
        deck = state.deck
        deck = Deck(deck.variant, deck.top, deck.bottom, seen_top, seen_bottom, deck.unknown,
                    deck.unknown_top)
        last = state.last
        if last is not None and state.turned[slot][0] == last.number:
            last = replace(last, new_card=kind)
        return replace(state, display=tuple(display), deck=deck, last=last)

    def _take(self, state: State, slot: int, kind: int, char: int, heal_char: int,
              exchange: int, new: int) -> State:
        n = len(state.players)
        mover = state.turn
        meeples = list(state.meeples)
        points = list(state.points)
        realms = list(state.realms)
        piles = list(state.infirmaries)
        supply = state.supply_meeples
        lines: list[tuple] = []
        # pay, gain the card's meeples, place the card
        dmeeples = list(state.display_meeples)
        for i in range(slot):
            dmeeples[i] += 1
        gained = dmeeples[slot]
        meeples[mover] += gained - slot
        mine = list(realms[mover])
        mine[char] = mine[char] + (kind,)
        side = state.sides[char]
        side_index = 0 if side == "A" else 1
        rule = f"{LOC_IDS[char]}-{side.lower()}"
        heal = None
        attacks = []
        for code, pts, mps, chars, with_infirmary, text in ABILITIES[char][side_index]:
            if code == A_PER:
                count = 0
                for c in chars:
                    count += len(mine[c])
                if with_infirmary:
                    count += len(piles[mover])
                got = mps * count
                why = text
                # Reading (rulings.md: the app tracks the box's 30 meeples; the rulebook is
                # silent on a short supply): a gain takes what the supply still holds and the
                # rest is lost. Points are never capped. Rules page: "meeple-supply".
                if got > supply:
                    why = f"{text} (the supply had only {_plural(supply, 'meeple')})"
                    got = supply
                supply -= got
                meeples[mover] += got
                points[mover] += pts * count
                lines.append((mover, pts * count, got, why, rule, count))
            elif code == A_EVERYONE:
                c = chars[0]
                for seat in _order_from(mover, n):
                    stack = mine[c] if seat == mover else realms[seat][c]
                    if stack:
                        points[seat] += pts
                        lines.append((seat, pts, 0, text, rule, len(stack)))
            elif code == A_HEAL:
                pile = piles[mover]
                if pile:
                    healed = pile[-1][0]
                    piles[mover] = pile[:-1]
                    mine[heal_char] = mine[heal_char] + (healed,)
                    heal = (healed, heal_char)
            elif code == A_ATTACK:
                knights = len(mine[KNIGHT])
                for seat in _order_from(mover, n)[1:]:
                    realm = realms[seat]
                    guards = len(realm[GUARDHOUSE])
                    victim, where = -1, -1
                    if guards < knights:
                        for loc in REALM_LOCATIONS:
                            if realm[loc]:
                                victim, where = realm[loc][-1], loc
                                hurt = list(realm)
                                hurt[loc] = realm[loc][:-1]
                                realms[seat] = tuple(hurt)
                                piles[seat] = piles[seat] + ((victim, loc),)
                                break
                    attacks.append((seat, knights, guards, victim, where))
            elif code == A_EXCHANGE:
                if exchange:
                    points[mover] -= exchange
                    meeples[mover] += exchange
                    supply -= exchange
                    lines.append((mover, -exchange, exchange, _exchange_text(exchange), "exchange",
                                  abs(exchange)))
            elif code == A_ALL_OF:
                if all(mine[c] for c in chars):
                    points[mover] += pts
                    lines.append((mover, pts, 0, text, rule, 1))
                else:
                    lines.append((mover, 0, 0, f"{text}: not met", rule, 0))
            elif code == A_LARGEST:
                count = len(mine[chars[0]])
                fullest = max(len(stack) for stack in mine)
                points[mover] += pts * count * fullest
                lines.append((mover, pts * count * fullest, 0,
                              f"{text} ({count} \u00d7 {fullest})", rule, count))
            # A_DEFEND does nothing by itself
        realms[mover] = tuple(mine)
        extra = meeples[mover] - WORKER_SPACES
        if extra > 0:
            meeples[mover] = WORKER_SPACES
            supply += extra
            points[mover] += extra
            lines.append((mover, extra, -extra, "1 per meeple beyond 5, returned to the supply",
                          "overflow", extra))
        # the display slides and the new card enters the back slot
        display = state.display[:slot] + state.display[slot + 1:]
        dmeeples_t = tuple(dmeeples[:slot] + dmeeples[slot + 1:])
        turned = state.turned[:slot] + state.turned[slot + 1:]
        deck = state.deck
        if new >= 0:
            display += (new,)
            dmeeples_t += (0,)
            turned += ((state.taken + 1, 0 if deck.top else 1, -1),)
            if deck.top:
                seen = list(deck.seen_top)
                seen[new] += 1
                deck = Deck(deck.variant, deck.top - 1, deck.bottom, tuple(seen),
                            deck.seen_bottom, deck.unknown, deck.unknown_top)
            else:
                seen = list(deck.seen_bottom)
                seen[new] += 1
                deck = Deck(deck.variant, 0, deck.bottom - 1, deck.seen_top, tuple(seen),
                            deck.unknown, deck.unknown_top)
        before = state.points
        deltas = [points[p] - before[p] for p in range(n)]
        piles_t, chip_supply, owed, moves = _settle_all(
            _order_from(mover, n), deltas, state.chips, state.supply_chips, state.owed)
        taken = state.taken + 1
        last = LastTurn(mover, taken, slot, kind, char, slot, gained, heal, tuple(attacks),
                        exchange, tuple(lines), None if new < 0 else new, moves)
        points_t = tuple(points)
        realms_t = tuple(realms)
        piles_inf = tuple(piles)
        final = None
        turn = (mover + 1) % n
        if taken == REALM_SIZE * n:
            turn = mover
            rows, after = final_scoring(state.sides, realms_t, piles_inf, points_t)
            deltas = [after[p] - points_t[p] for p in range(n)]
            piles_t, chip_supply, owed, final_moves = _settle_all(
                _order_from(state.first, n), deltas, piles_t, chip_supply, owed)
            final = Final(rows, final_moves)
            points_t = after
        return State(state.players, state.first, state.sides, realms_t, piles_inf,
                     tuple(meeples), points_t, display, dmeeples_t, deck, supply, piles_t,
                     chip_supply, owed, turn, taken, last, final, turned)

    # -- listing moves -------------------------------------------------------------------------

    def legal_moves(self, state: State) -> list[dict]:
        """Every legal turn, without "new_card" (see possible_new_cards). Each choice of half,
        healed half and Castle exchange is its own move; "card" names the card taken."""
        if state.final is not None:
            return []
        mover = state.turn
        held = state.meeples[mover]
        pile = state.infirmaries[mover]
        out = []
        for slot in range(min(len(state.display), held + 1)):
            kind = state.display[slot]
            chars = KIND_CHARS[kind]
            for char in chars:
                move: dict[str, Any] = {"type": "take", "slot": slot, "card": KIND_IDS[kind]}
                if len(chars) == 2:
                    move["as"] = CHAR_IDS[char]
                variants = [move]
                if char == COTTAGE and pile and len(KIND_CHARS[pile[-1][0]]) == 2:
                    variants = [{**move, "heal_as": CHAR_IDS[h]} for h in KIND_CHARS[pile[-1][0]]]
                elif char == CASTLE and state.sides[CASTLE] == "B":
                    holding = held - slot + state.display_meeples[slot]
                    most = min(state.points[mover], state.supply_meeples)
                    variants = [move] + [{**move, "exchange": x}
                                         for x in range(-holding, most + 1) if x]
                out.extend(variants)
        return out

    def possible_new_cards(self, state: State) -> list[str]:
        """The kinds the next card turned up could be (empty when the deck is)."""
        deck = state.deck
        return [KIND_IDS[k] for k in range(N_KINDS) if deck.holds(k)]

    # -- reading the state ---------------------------------------------------------------------

    def to_move(self, state: State) -> int | None:
        return None if state.final is not None else state.turn

    def result(self, state: State) -> dict[str, Any] | None:
        if state.final is None:
            return None
        points = state.points
        best = max(points)
        winners = [p for p in range(len(points)) if points[p] == best]
        names = [state.players[p] for p in winners]
        if len(winners) == 1:
            reason = f"{names[0]} wins with {best} points."
        else:
            reason = (f"{', '.join(names[:-1])} and {names[-1]} share the victory with {best} "
                      f"points.")
        return {"winners": winners, "reason": reason, "scores": list(points)}

    def describe(self, move: Any, players: Sequence[str], *, before: State | None = None,
                 after: State | None = None) -> str:
        """One history line for an accepted move. Given ``after``, the state the move led to, a
        turn's line names the player, the card, the half, the cost and everyone's points
        ("Cleo took the Innkeeper/Noble as Noble (cost 1): +9; turned up the Miller"); from the
        move alone it says what the move itself names."""
        if move.get("type") == "change":
            return f"{players[move['seat']]} swapped chips with the supply for fewer chips"
        if move.get("type") == "correct":
            return self._describe_correction(move, before)
        if after is not None and after.last is not None:
            return self._describe_turn(after.last, players)
        slot = move["slot"]
        card = move.get("card")
        text = f"Took the {KIND_NAMES[KIND_INDEX[card]]}" if card else "Took the card"
        text += f" ({_cost(slot)})"
        if move.get("as"):
            text += f" as {CHAR_NAMES[CHAR_INDEX[move['as']]]}"
        extras = []
        if move.get("heal_as"):
            extras.append(f"the healed card returned as {CHAR_NAMES[CHAR_INDEX[move['heal_as']]]}")
        if move.get("exchange"):
            extras.append(_exchange_text(move["exchange"]))
        if move.get("new_card"):
            extras.append(f"turned up the {KIND_NAMES[KIND_INDEX[move['new_card']]]}")
        return "; ".join([text, *extras])

    @staticmethod
    def _describe_correction(move: dict, before: State | None) -> str:
        number = move["turn"]
        what = (f"card {move['slot'] + 1} of the setup display" if number == 0 else
                f"the card turned up at turn {number}")
        text = f"Correction: {what} was the {KIND_NAMES[KIND_INDEX[move['card']]]}"
        if before is not None:
            for slot, (turn_of, _, setup_slot) in enumerate(before.turned):
                if turn_of == number and (setup_slot == move.get("slot") if number == 0
                                          else setup_slot < 0):
                    text += f", not the {KIND_NAMES[before.display[slot]]}"
        return text

    @staticmethod
    def _describe_turn(last: LastTurn, players: Sequence[str]) -> str:
        mover = last.seat
        points = [0] * len(players)
        for seat, pts, *_ in last.lines:
            points[seat] += pts
        text = f"{players[mover]} took the {KIND_NAMES[last.kind]}"
        if len(KIND_CHARS[last.kind]) == 2:
            text += f" as {CHAR_NAMES[last.half]}"
        text += f" ({_cost(last.cost)}): {points[mover]:+d}"
        extras = []
        if last.gained:
            extras.append(f"{_plural(last.gained, 'meeple')} from the card")
        if last.heal is not None:
            kind, half = last.heal
            extras.append(f"healed the {KIND_NAMES[kind]}"
                          + (f" as {CHAR_NAMES[half]}" if len(KIND_CHARS[kind]) == 2 else ""))
        for seat, knights, guards, victim, where in last.attacks:
            if guards < knights and victim >= 0:
                extras.append(f"{players[seat]}'s {CHAR_NAMES[where]} went to the Infirmary")
        if last.exchange:
            extras.append(_exchange_text(last.exchange))
        extras += [f"{players[seat]} {pts:+d}" for seat, pts in enumerate(points)
                   if seat != mover and pts]
        if last.new_card is not None:
            extras.append(f"turned up the {KIND_NAMES[last.new_card]}")
        return "; ".join([text, *extras])

    def view(self, state: State, player: int | None = None) -> dict[str, Any]:
        """The whole table's view (Majesty hides nothing, so ``player`` changes nothing)."""
        over = state.final is not None
        mover = None if over else state.turn
        n = len(state.players)
        players = []
        for seat, name in enumerate(state.players):
            realm = state.realms[seat]
            advice = None
            if not over:
                swap = chipmath.exchange(state.chips[seat], state.supply_chips)
                if swap.net != chipmath.EMPTY:
                    advice = {"give": chipmath.as_dict(swap.give, skip_zero=True),
                              "take": chipmath.as_dict(swap.take, skip_zero=True),
                              "chips_after": chipmath.count(state.chips[seat]) + sum(swap.net)}
            players.append({
                "name": name, "seat": seat, "first": seat == state.first,
                "points": state.points[seat], "meeples": state.meeples[seat],
                "cards": state.realm_size(seat),
                "realm": {LOC_IDS[loc]: [KIND_IDS[k] for k in realm[loc]]
                          for loc in REALM_LOCATIONS},
                "characters": {CHAR_IDS[loc]: len(realm[loc]) for loc in REALM_LOCATIONS},
                "infirmary": [{"card": KIND_IDS[k], "name": KIND_NAMES[k],
                               "as": CHAR_IDS[h] if h >= 0 else None}
                              for k, h in state.infirmaries[seat]],
                "chips": chipmath.as_dict(state.chips[seat]),
                "chip_value": chipmath.value(state.chips[seat]),
                "owed": state.owed[seat],
                "exchange": advice,
            })
        held = 0 if over else state.meeples[state.turn]
        return {
            "game": self.name,
            "players": players,
            "sides": {LOC_IDS[loc]: state.sides[loc] for loc in range(8)},
            "locations": [
                {"id": loc.id, "number": loc.number, "name": loc.name,
                 "character": loc.character, "side": state.sides[i],
                 "text": loc.side(state.sides[i]).text,
                 "majority": loc.side(state.sides[i]).majority,
                 "rule": f"{loc.id}-{state.sides[i].lower()}"}
                for i, loc in enumerate(LOCATIONS)],
            "display": [
                {"slot": slot, "card": KIND_IDS[k], "name": KIND_NAMES[k],
                 "characters": [CHAR_IDS[c] for c in KIND_CHARS[k]],
                 "meeples": state.display_meeples[slot], "cost": slot,
                 "affordable": not over and slot <= held,
                 "turned_up": state.turned[slot][0],
                 "setup_slot": state.turned[slot][2],
                 "correctable": not over and state.turned[slot][1] >= 0,
                 "could_be": [] if over else self._could_be(state, slot)}
                for slot, k in enumerate(state.display)],
            "deck": self._deck_view(state),
            "supply": {"meeples": state.supply_meeples,
                       "chips": chipmath.as_dict(state.supply_chips)},
            "turn": mover,
            "turn_number": None if over else state.taken + 1,
            "round": None if over else state.taken // n + 1,
            "last_turn": self._last_view(state),
            "final": self._final_view(state),
            "ranking": ranking(state.points) if over else None,
            "rulings": {},
            "in_force": self.in_force(state),
            "result": self.result(state),
        }

    def _could_be(self, state: State, slot: int) -> list[str]:
        """The kinds a correction of the display card in ``slot`` may name (none for a card of
        a starting position)."""
        number, part, setup_slot = state.turned[slot]
        if part < 0:
            return []
        fix: dict[str, Any] = {"type": "correct", "turn": number}
        if number == 0:
            fix["slot"] = setup_slot
        out = []
        for kid in KIND_IDS:
            try:
                self._check_correct(state, {**fix, "card": kid})
            except RuleError:
                continue
            out.append(kid)
        return out

    @staticmethod
    def _deck_view(state: State) -> dict[str, Any]:
        deck = state.deck
        n = len(state.players)
        parts = []
        if deck.variant == "shuffled":
            kinds = {KIND_IDS[k]: COPIES[k] - deck.seen_top[k] for k in range(N_KINDS)}
            parts.append({"tier": "both", "cards": deck.top, "exact": True, "kinds": kinds,
                          "note": "Every card not yet seen is in the deck."})
        else:
            if deck.top:
                unseen = {KIND_IDS[k]: T1[k] - deck.seen_top[k] for k in range(N_KINDS)}
                pool = sum(unseen.values())
                parts.append({"tier": 1, "cards": deck.top, "exact": False, "kinds": unseen,
                              "note": f"The {deck.top} tier-1 cards on top are some of these "
                                      f"{pool}; the rest went back to the box unseen."})
            if deck.bottom:
                most = deck.bottom_most()
                exact = not deck.unknown_top
                parts.append({
                    "tier": 2, "cards": deck.bottom, "exact": exact,
                    "kinds": {KIND_IDS[k]: most[k] for k in range(N_KINDS)},
                    "note": "These are the tier-2 cards left." if exact else
                            "At most these many of each kind: the tiers of the cards already "
                            "on the table are not all known."})
        characters = {c: 0 for c in CHAR_IDS}
        for part in parts:
            if part["exact"]:
                for kid, count in part["kinds"].items():
                    for c in KIND_CHARS[KIND_INDEX[kid]]:
                        characters[CHAR_IDS[c]] += count
        return {"variant": deck.variant, "size": deck_size(n, deck.variant),
                "count": deck.count, "tier1_on_top": 0 if deck.variant == "shuffled" else
                deck.top, "parts": parts, "characters_known": characters,
                "possible_next": [KIND_IDS[k] for k in range(N_KINDS) if deck.holds(k)]}

    @staticmethod
    def _chips_view(move) -> dict[str, Any] | None:
        if move is None:
            return None
        transfer = chipmath.Transfer(move[0], move[1])
        return {"take": chipmath.as_dict(transfer.take, skip_zero=True),
                "give": chipmath.as_dict(transfer.give, skip_zero=True),
                "value": transfer.value, "owed": move[1]}

    def _last_view(self, state: State) -> dict[str, Any] | None:
        last = state.last
        if last is None:
            return None
        names = state.players
        per_player = []
        for seat in _order_from(last.seat, len(names)):
            lines = [{"points": pts, "meeples": mps, "why": why, "rule": rule, "count": count}
                     for who, pts, mps, why, rule, count in last.lines if who == seat]
            per_player.append({
                "seat": seat, "name": names[seat],
                "points": sum(line["points"] for line in lines),
                "meeples": sum(line["meeples"] for line in lines),
                "lines": lines,
                "chips": self._chips_view(last.chips[seat]),
            })
        attacks = []
        for seat, knights, guards, victim, where in last.attacks:
            hit = guards < knights
            if not hit:
                text = (f"{names[seat]} holds with {_plural(guards, 'Guard')} against "
                        f"{_plural(knights, 'Knight')}")
            elif victim < 0:
                text = f"{names[seat]} is beaten but has no character to lose"
            else:
                text = (f"{names[seat]} sends the {KIND_NAMES[victim]} from the "
                        f"{LOC_NAMES[where]} to the Infirmary")
            attacks.append({"seat": seat, "name": names[seat], "knights": knights,
                            "guards": guards, "succeeded": hit,
                            "victim": None if victim < 0 else {
                                "card": KIND_IDS[victim], "as": CHAR_IDS[where],
                                "from": LOC_IDS[where]},
                            "text": text})
        heal = None
        if last.heal is not None:
            k, c = last.heal
            heal = {"card": KIND_IDS[k], "name": KIND_NAMES[k], "as": CHAR_IDS[c],
                    "to": LOC_IDS[c],
                    "text": f"The {KIND_NAMES[k]} returns from the Infirmary to the "
                            f"{LOC_NAMES[c]}"}
        return {
            "seat": last.seat, "player": names[last.seat], "turn_number": last.number,
            "slot": last.slot, "card": KIND_IDS[last.kind], "name": KIND_NAMES[last.kind],
            "as": CHAR_IDS[last.half], "location": LOC_IDS[last.half], "cost": last.cost,
            "meeples_taken": last.gained, "heal": heal, "attacks": attacks,
            "exchange": last.exchange,
            "new_card": None if last.new_card is None else KIND_IDS[last.new_card],
            "players": per_player,
        }

    def _final_view(self, state: State) -> dict[str, Any] | None:
        final = state.final
        if final is None:
            return None
        side = state.sides[INFIRMARY]
        per = INFIRMARY_PENALTY[side]
        rows = []
        for seat, row in enumerate(final.rows):
            cards, inf_points, penalty, used, variety, won, before, after = row
            steps = [{"step": "infirmary", "points": inf_points, "rule": "final-infirmary",
                      "why": f"{per} per card in the Infirmary ({cards})"}]
            if side == "B":
                steps.append({"step": "infirmary-most", "points": penalty,
                              "rule": "infirmary-b",
                              "why": "most cards in the Infirmary" if penalty else
                                     "not the most cards in the Infirmary"})
            steps.append({"step": "variety", "points": variety, "rule": "final-variety",
                          "why": f"{used} locations with characters, squared"})
            for loc, count, value in won:
                steps.append({"step": "majority", "location": LOC_IDS[loc], "points": value,
                              "rule": "final-majority",
                              "why": f"most characters at the {LOC_NAMES[loc]} ({count})"})
            rows.append({"seat": seat, "name": state.players[seat], "before": before,
                         "after": after, "total": after - before, "steps": steps,
                         "chips": self._chips_view(final.chips[seat])})
        majorities = []
        for loc in REALM_LOCATIONS:
            counts = [len(realm[loc]) for realm in state.realms]
            best = max(counts)
            majorities.append({
                "location": LOC_IDS[loc], "value": MAJORITY[loc][SIDES.index(state.sides[loc])],
                "counts": counts,
                "winners": [p for p, c in enumerate(counts) if best and c == best]})
        return {"players": rows, "majorities": majorities}


ENGINE = Majesty()
