"""King's Court, King's Dynasty and the BONUS deck as data: 199 cards in 131 kinds.

A kind's ``id`` is stable: printed proxy cards, the scanner and recorded moves all use it.
Every kind belongs to exactly one deck ("KC", "KD" or "BONUS"). The seed gives counts per value,
not per suit; the proxy deck spreads them as the rulings say (docs/rulings.md, "Catalogue"). Effect
texts are our own short wording.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.words import Msg, msg, term

DECKS = ("KC", "KD", "BONUS")
SUITS = ("gold", "green", "blue", "burgundy", "purple", "silver", "orange")
SUIT_DECK = {"gold": "KC", "green": "KC", "blue": "KC", "burgundy": "KC",
             "purple": "KD", "silver": "KD", "orange": "BONUS"}

# Groups and what they mean at the table.
NUMBER, SCROLL, SHIELD = "number", "scroll", "shield"


# The suits as the table says them (the colour of a card's shield or background).
SUIT_WORDS: dict[str, Msg] = {
    "gold": term("kings court suit", "gold"), "green": term("kings court suit", "green"),
    "blue": term("kings court suit", "blue"), "burgundy": term("kings court suit", "burgundy"),
    "purple": term("kings court suit", "purple"), "silver": term("kings court suit", "silver"),
    "orange": term("kings court suit", "orange"),
}

# A Number card's name: its suit and value ("Blue 7"), as each language says a card so.
_NUMBER_NAMES = {
    "gold": lambda value: msg("Gold {value}", value=value),
    "green": lambda value: msg("Green {value}", value=value),
    "blue": lambda value: msg("Blue {value}", value=value),
    "burgundy": lambda value: msg("Burgundy {value}", value=value),
    "purple": lambda value: msg("Purple {value}", value=value),
    "silver": lambda value: msg("Silver {value}", value=value),
    "orange": lambda value: msg("Orange {value}", value=value),
}


@dataclass(frozen=True, slots=True)
class CardKind:
    id: str
    name: Msg  # as the table says it: the printed name (a term), with its suit where it has one
    group: str  # NUMBER, SCROLL or SHIELD
    family: str  # number, suit scroll, wild, draw, defensive, magic, battle, risk, bonus
    suits: tuple[str, ...]  # a Suit card's suit (two for Queen's Option); () for Kingdom cards
    colour: str  # the colour printed on the card: its suit, or a Kingdom card's background
    value: int  # the printed points: left in a hand; for a Risk card, what playing it moves
    deck: str  # KC, KD or BONUS
    copies: int
    text: Msg  # what the card does, in our own words

    @property
    def bare_name(self) -> Msg:
        """The name without its suit: "Fair Maiden" for "Fair Maiden (gold)"; a Number card's
        name is its whole name ("Blue 7")."""
        return dict(self.name.args).get("card", self.name)

    @property
    def kingdom(self) -> bool:
        """Kingdom cards have no suit and may be played on any suit."""
        return not self.suits


def _numbers() -> list[CardKind]:
    kinds = []
    # KC: 1-3 and 9-10 even over the four suits; 4-8 (six each) give two cards to a pair of
    # suits, the pair rotating value by value. KD alternates the same way over purple/silver.
    kc, kd = ("gold", "green", "blue", "burgundy"), ("purple", "silver")
    for value in range(1, 11):
        if value <= 3:
            counts = {suit: 2 for suit in kc} | {suit: 2 for suit in kd}
        elif value >= 9:
            counts = {suit: 1 for suit in kc} | {suit: 1 for suit in kd}
        else:
            doubled = ("gold", "green") if value % 2 == 0 else ("blue", "burgundy")
            counts = {suit: 2 if suit in doubled else 1 for suit in kc}
            counts |= {"purple": 2 if value % 2 == 0 else 1, "silver": 1 if value % 2 == 0 else 2}
        for suit, copies in counts.items():
            kinds.append(_number(suit, value, copies))
    # BONUS: the orange suit's 18 number cards, and two 0s in each of the other six suits.
    orange = {0: 2, 1: 2, 2: 2, 3: 2, 4: 2, 5: 1, 6: 2, 7: 1, 8: 2, 9: 1, 10: 1}
    kinds += [_number("orange", value, copies) for value, copies in orange.items()]
    kinds += [_number(suit, 0, 2) for suit in SUITS if suit != "orange"]
    return kinds


def _number(suit: str, value: int, copies: int) -> CardKind:
    deck = "BONUS" if value == 0 else SUIT_DECK[suit]
    return CardKind(f"{suit}-{value}", _NUMBER_NAMES[suit](value), NUMBER, "number", (suit,),
                    suit, value, deck, copies,
                    msg("Play on {suit} or on any {value}. Counts {value} when left in a hand.",
                        suit=SUIT_WORDS[suit], value=value))


_SUIT_SCROLLS = (
    # id stem, name, value, text
    ("fair-maiden", term("kings court card", "Fair Maiden"), 20,
     msg("Needs an escort: play a second playable card with it (another Fair Maiden needs its own).")),
    ("drawbridge", term("kings court card", "Drawbridge"), 20,
     msg("Next player draws 2 and loses the turn, unless they stack another Drawbridge.")),
    ("knight", term("kings court card", "Knight"), 20,
     msg("Reverses the direction of play (with two players: skips).")),
    ("court-jester", term("kings court card", "Court Jester"), 20, msg("Skips the next player.")),
)


def _suit_scrolls() -> list[CardKind]:
    kinds = []
    for stem, name, value, text in _SUIT_SCROLLS:
        for suit in SUITS:
            kinds.append(CardKind(f"{stem}-{suit}", msg("{card} ({suit})", card=name,
                                                          suit=SUIT_WORDS[suit]),
                                  SCROLL, "suit scroll",
                                  (suit,), suit, value, SUIT_DECK[suit],
                                  2 if stem in ("fair-maiden", "drawbridge")
                                  and SUIT_DECK[suit] == "KC" else 1,
                                  text))
    for first, second, deck in (("gold", "burgundy", "KC"), ("green", "blue", "KC"),
                                ("purple", "silver", "KD")):
        kinds.append(CardKind(
            f"queens-option-{first}-{second}",
            msg("{card} ({first}/{second})", card=term("kings court card", "Queen's Option"),
                first=SUIT_WORDS[first], second=SUIT_WORDS[second]), SCROLL,
            "suit scroll", (first, second), first, 30, deck, 1,
            msg("Play on either suit shown; choose that suit, and keep the direction, skip the "
                "next player or reverse.")))
    return kinds


def _kingdom(id: str, name: Msg, group: str, family: str, colour: str, value: int, deck: str,
             copies: int, text: Msg) -> CardKind:
    return CardKind(id, name, group, family, (), colour, value, deck, copies, text)


_KINGDOM = (
    _kingdom("wizard", term("kings court card", "Wizard"),
             SCROLL, "draw", "burgundy", 50, "KC", 1,
             msg("Wild: name a suit, may add one more playable card, choose same way, reverse or "
             "skip; the next player draws 5 and loses the turn.")),
    _kingdom("dragon", term("kings court card", "Dragon"),
             SCROLL, "draw", "burgundy", 35, "KC", 4,
             msg("Wild: name a suit; the next player draws 3 and loses the turn.")),
    _kingdom("king", term("kings court card", "King"),
             SCROLL, "wild", "gold", 25, "KC", 4,
             msg("Wild: name a suit and you may add one more playable card.")),
    _kingdom("queen", term("kings court card", "Queen"),
             SCROLL, "wild", "purple", 25, "KD", 2,
             msg("Wild: name a suit and you may add one more playable card.")),
    _kingdom("duke", term("kings court card", "Duke"),
             SCROLL, "wild", "gold", 20, "KC", 4, msg("Wild: name a suit.")),
    _kingdom("duchess", term("kings court card", "Duchess"),
             SCROLL, "wild", "purple", 20, "KD", 2, msg("Wild: name a suit.")),
    _kingdom("royal-decree", term("kings court card", "Royal Decree"),
             SCROLL, "defensive", "blue", 50, "KC", 1,
             msg("Only against a draw card: the draw and the direction turn back on its player.")),
    _kingdom("magician", term("kings court card", "Magician"),
             SCROLL, "magic", "blue", 50, "KC", 1,
             msg("Becomes any Scroll card you name that could be played now.")),
    _kingdom("magic-potion", term("kings court card", "Magic Potion"),
             SCROLL, "magic", "green", 0, "KC", 1,
             msg("Only as your last card. Held when another goes out: count Number cards only.")),
    _kingdom("protector", term("kings court card", "Protector"),
             SCROLL, "defensive", "blue", 35, "KC", 2,
             msg("Only against a draw card: cancels the draw; the suit in force stays.")),
    _kingdom("dungeon", term("kings court card", "Dungeon"),
             SCROLL, "draw", "burgundy", 35, "KC", 2,
             msg("Goes before the next player: they lose two turns, drawing one card on each.")),
    _kingdom("dark-knight", term("kings court card", "Dark Knight"),
             SHIELD, "risk", "black", 100, "KD", 1,
             msg("Risk, face up: play it on an On Guard player. They go out: they take -100. "
             "They do not: you take +100.")),
    _kingdom("poison-garden", term("kings court card", "Poison Garden"),
             SHIELD, "risk", "green", -75, "KD", 1,
             msg("Risk, face up: ends the hand now; everyone else takes -75.")),
    _kingdom("castle-fire", term("kings court card", "Castle Fire"),
             SHIELD, "risk", "orange", -75, "KD", 1,
             msg("Risk, face up: the hand is thrown in and redealt; everyone else takes -75.")),
    _kingdom("kings-goblet", term("kings court card", "King's Goblet"),
             SHIELD, "risk", "purple", -50, "KD", 1,
             msg("Risk, face up: everyone draws 5 and play goes on; everyone else takes -50.")),
    _kingdom("cannonball", term("kings court card", "Cannonball"),
             SHIELD, "battle", "silver", 35, "KD", 1,
             msg("The dealer gathers every hand, shuffles and deals them out again.")),
    _kingdom("catapult", term("kings court card", "Catapult"),
             SHIELD, "battle", "silver", 35, "KD", 1,
             msg("Swap hands with a player of your choice.")),
    _kingdom("flaming-arrow", term("kings court card", "Flaming Arrow"),
             SHIELD, "battle", "silver", 35, "KD", 1,
             msg("Get rid of one card: give it to a player or discard it.")),
    _kingdom("siege-tower", term("kings court card", "Siege Tower"),
             SHIELD, "battle", "silver", 35, "KD", 1,
             msg("Look at another player's hand.")),
    _kingdom("imperial-tax", term("kings court card", "Imperial Tax"),
             SHIELD, "battle", "silver", 35, "KD", 1,
             msg("Discard one random card from every other hand; each of them draws one.")),
    _kingdom("defender", term("kings court card", "Defender"),
             SHIELD, "defensive", "silver", -35, "KD", 2,
             msg("Only against a Battle card aimed at you: cancels it for you. -35 in a hand.")),
    _kingdom("hidden-treasure", term("kings court card", "Hidden Treasure"),
             SHIELD, "bonus", "gold", -100, "BONUS", 1,
             msg("Only as your last card. Held when another goes out: -100 to your hand.")),
    _kingdom("warlord", term("kings court card", "Warlord"),
             SHIELD, "bonus", "burgundy", 50, "BONUS", 1,
             msg("At the start of a player's turn, play their turn for them; +50 to you this hand.")),
)

KINDS: tuple[CardKind, ...] = (*_numbers(), *_suit_scrolls(), *_KINGDOM)
KIND_BY_ID: dict[str, CardKind] = {kind.id: kind for kind in KINDS}

# A table's choice of cards: the three standard selections, or KC plus chosen expansion kinds.
SELECTIONS = {
    "kc": ("KC",),
    "kc+kd": ("KC", "KD"),
    "kc+kd+bonus": ("KC", "KD", "BONUS"),
}


def selection_kinds(selection: str, extra: Iterable[str] = ()) -> tuple[CardKind, ...]:
    """The kinds in a selection: a name from SELECTIONS, or "custom" for KC plus the expansion
    kinds named in ``extra``. Raises ValueError for an unknown name or kind."""
    extra = set(extra)
    unknown = sorted(extra - KIND_BY_ID.keys())
    if unknown:
        raise ValueError(f"There is no King's Court card {unknown[0]!r}.")
    if selection == "custom":
        return tuple(kind for kind in KINDS if kind.deck == "KC" or kind.id in extra)
    if selection not in SELECTIONS or extra:
        raise ValueError(f"A selection is one of {[*SELECTIONS, 'custom']}, not {selection!r}"
                         + (" with extra cards" if extra and selection in SELECTIONS else "."))
    return tuple(kind for kind in KINDS if kind.deck in SELECTIONS[selection])


def deck(selection: str = "kc+kd+bonus", extra: Iterable[str] = ()) -> list[tuple[str, int]]:
    """Every physical card of a selection as (kind id, copy number from 1), catalogue order."""
    return [(kind.id, copy) for kind in selection_kinds(selection, extra)
            for copy in range(1, kind.copies + 1)]


def suits_in(kinds: Iterable[CardKind]) -> tuple[str, ...]:
    """The suits a table can name with these cards, in the catalogue's suit order."""
    present = {suit for kind in kinds for suit in kind.suits}
    return tuple(suit for suit in SUITS if suit in present)


_COUNTS = {deck_name: sum(k.copies for k in KINDS if k.deck == deck_name) for deck_name in DECKS}
assert _COUNTS == {"KC": 108, "KD": 55, "BONUS": 36}, _COUNTS
