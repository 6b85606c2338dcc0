"""Majesty: For the Realm as data: 7 characters, 19 card kinds (60 cards), 8 locations.

A kind's ``id`` is stable: printed proxy cards, the scanner and recorded moves all use it. A split
card's id names its two characters in location order ("miller-brewer"). Ability texts are our own
short wording; the rules engine reads the ``Ability`` tuples, the page shows the texts.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.words import listing, msg, term


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: Any  # a term("majesty card", ...): the name printed on the card
    colour: str
    location: str  # the location where this character is placed


CHARACTERS: tuple[Character, ...] = (
    Character("miller", term("majesty card", "Miller"), "orange", "mill"),
    Character("brewer", term("majesty card", "Brewer"), "brown", "brewery"),
    Character("witch", term("majesty card", "Witch"), "green", "cottage"),
    Character("guard", term("majesty card", "Guard"), "blue", "guardhouse"),
    Character("knight", term("majesty card", "Knight"), "red", "barracks"),
    Character("innkeeper", term("majesty card", "Innkeeper"), "yellow", "inn"),
    Character("noble", term("majesty card", "Noble"), "violet", "castle"),
)
CHARACTER_BY_ID: dict[str, Character] = {c.id: c for c in CHARACTERS}


@dataclass(frozen=True, slots=True)
class CardKind:
    id: str
    name: Any  # a character's term, or a split card's two, "Miller/Brewer"
    characters: tuple[str, ...]  # one character, or the two halves of a split card
    tier1: int  # copies with a green back
    tier2: int  # copies with a red back

    @property
    def copies(self) -> int:
        return self.tier1 + self.tier2

    @property
    def split(self) -> bool:
        return len(self.characters) == 2

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(CHARACTER_BY_ID[c].colour for c in self.characters)


def _kind(characters: str, tier1: int, tier2: int) -> CardKind:
    chars = tuple(characters.split("-"))
    name = (CHARACTER_BY_ID[chars[0]].name if len(chars) == 1 else
            listing([CHARACTER_BY_ID[c].name for c in chars], sep="/"))
    return CardKind(characters, name, chars, tier1, tier2)


KINDS: tuple[CardKind, ...] = (
    _kind("miller", 7, 2),
    _kind("brewer", 4, 2),
    _kind("witch", 3, 2),
    _kind("guard", 3, 2),
    _kind("knight", 2, 1),
    _kind("innkeeper", 2, 2),
    _kind("noble", 3, 2),
    _kind("miller-brewer", 2, 1),
    _kind("miller-knight", 1, 1),
    _kind("brewer-witch", 1, 2),
    _kind("brewer-knight", 0, 1),
    _kind("witch-guard", 1, 2),
    _kind("witch-innkeeper", 0, 1),
    _kind("witch-noble", 0, 1),
    _kind("guard-knight", 0, 2),
    _kind("guard-innkeeper", 1, 0),
    _kind("guard-noble", 1, 0),
    _kind("knight-innkeeper", 1, 2),
    _kind("innkeeper-noble", 1, 1),
)
KIND_BY_ID: dict[str, CardKind] = {kind.id: kind for kind in KINDS}
KIND_INDEX: dict[str, int] = {kind.id: index for index, kind in enumerate(KINDS)}
TIER1_SIZE = sum(kind.tier1 for kind in KINDS)  # 33
TIER2_SIZE = sum(kind.tier2 for kind in KINDS)  # 27
DECK_SIZE = TIER1_SIZE + TIER2_SIZE  # 60
SET_ASIDE = {2: 6, 3: 14, 4: 26}  # tier-1 cards put on top of tier 2, by player count


def physical_cards() -> list[tuple[str, int, int]]:
    """Every card in the box as (kind id, tier, copy number from 1 within that kind and tier):
    tier 1 first, then tier 2, each in catalogue order. 60 entries, always in the same order."""
    return [(kind.id, tier, copy)
            for tier in (1, 2)
            for kind in KINDS
            for copy in range(1, (kind.tier1 if tier == 1 else kind.tier2) + 1)]


# --------------------------------------------------------------------------- locations

# Ability kinds. The amounts are per matching character unless said otherwise.
HEAL = "heal"  # signpost: the top card of your Infirmary returns (Cottage)
ATTACK = "attack"  # signpost: attack every opponent (Barracks)
DEFEND = "defend"  # signpost: passive, Guards defend (Guardhouse)
EXCHANGE = "exchange"  # signpost-like first step: points <-> meeples 1:1 (Castle B)
PER = "per"  # points and/or meeples per character of ``chars`` (+ per Infirmary card)
EVERYONE = "everyone"  # every player with at least one ``chars[0]`` scores ``points``
ALL_OF = "all-of"  # you score ``points`` once when you have one of each of ``chars``
LARGEST = "largest"  # ``points`` per ``chars[0]`` for each character at your fullest location


@dataclass(frozen=True, slots=True)
class Ability:
    kind: str
    points: int = 0
    meeples: int = 0
    chars: tuple[str, ...] = ()
    infirmary: bool = False  # PER: also count the cards in your Infirmary
    text: Any = ""  # the "why" of a scoring line (a Msg)


@dataclass(frozen=True, slots=True)
class Side:
    abilities: tuple[Ability, ...]  # top to bottom
    majority: int  # value at final scoring (Infirmary B: the -10 for the most cards)
    text: Any  # the whole card in our own words (a Msg)


@dataclass(frozen=True, slots=True)
class Location:
    id: str
    number: int  # 1..8, left to right
    name: Any  # a term("majesty location", ...): the name printed on the card
    character: str | None  # the character placed here (None: the Infirmary)
    a: Side
    b: Side

    def side(self, letter: str) -> Side:
        return self.a if letter == "A" else self.b


LOCATIONS: tuple[Location, ...] = (
    Location("mill", 1, term("majesty location", "Mill"), "miller",
             Side((Ability(PER, 2, 0, ("miller",), text=msg("2 per Miller")),), 10,
                  msg("2 points per Miller.")),
             Side((Ability(PER, 2, 0, ("miller",), text=msg("2 per Miller")),
                   Ability(EVERYONE, 3, 0, ("witch",), text=msg("3 to everyone with a Witch"))), 14,
                  msg("2 points per Miller, then 3 points to every player with a Witch."))),
    Location("brewery", 2, term("majesty location", "Brewery"), "brewer",
             Side((Ability(PER, 2, 1, ("brewer",), text=msg("2 points and 1 meeple per Brewer")),
                   Ability(EVERYONE, 2, 0, ("miller",), text=msg("2 to everyone with a Miller"))),
                  11, msg("2 points and 1 meeple per Brewer, then 2 points to every player "
                          "with a Miller.")),
             Side((Ability(PER, 0, 1, ("miller", "brewer"),
                           text=msg("1 meeple per Miller and Brewer")),
                   Ability(ALL_OF, 10, 0, ("innkeeper", "noble"),
                           text=msg("10 for an Innkeeper and a Noble"))), 12,
                  msg("1 meeple per Miller and per Brewer, then 10 points if you have an "
                      "Innkeeper and a Noble."))),
    Location("cottage", 3, term("majesty location", "Cottage"), "witch",
             Side((Ability(HEAL),
                   Ability(PER, 2, 0, ("miller", "brewer", "witch"),
                           text=msg("2 per Miller, Brewer and Witch"))), 12,
                  msg("Heal the top card of your Infirmary, then 2 points per Miller, Brewer "
                      "and Witch.")),
             Side((Ability(HEAL), Ability(PER, 3, 0, ("witch",), text=msg("3 per Witch"))), 12,
                  msg("Heal the top card of your Infirmary, then 3 points per Witch."))),
    Location("guardhouse", 4, term("majesty location", "Guardhouse"), "guard",
             Side((Ability(DEFEND),
                   Ability(PER, 2, 0, ("guard", "knight", "innkeeper"),
                           text=msg("2 per Guard, Knight and Innkeeper"))), 13,
                  msg("Guards defend against attacks; 2 points per Guard, Knight and "
                      "Innkeeper.")),
             Side((Ability(DEFEND),
                   Ability(PER, 2, 0, ("brewer", "witch", "guard"),
                           text=msg("2 per Brewer, Witch and Guard")),
                   Ability(EVERYONE, 3, 0, ("innkeeper",),
                           text=msg("3 to everyone with an Innkeeper"))), 8,
                  msg("Guards defend against attacks; 2 points per Brewer, Witch and Guard, "
                      "then 3 points to every player with an Innkeeper."))),
    Location("barracks", 5, term("majesty location", "Barracks"), "knight",
             Side((Ability(ATTACK), Ability(PER, 3, 0, ("knight",), text=msg("3 per Knight"))), 14,
                  msg("Attack every opponent, then 3 points per Knight.")),
             Side((Ability(ATTACK),
                   Ability(PER, 3, 0, ("knight", "innkeeper", "noble"),
                           text=msg("3 per Knight, Innkeeper and Noble"))), 8,
                  msg("Attack every opponent, then 3 points per Knight, Innkeeper and "
                      "Noble."))),
    Location("inn", 6, term("majesty location", "Inn"), "innkeeper",
             Side((Ability(PER, 4, 0, ("innkeeper",), text=msg("4 per Innkeeper")),
                   Ability(EVERYONE, 3, 0, ("brewer",), text=msg("3 to everyone with a Brewer"))),
                  15, msg("4 points per Innkeeper, then 3 points to every player with a "
                          "Brewer.")),
             Side((Ability(LARGEST, 2, 0, ("innkeeper",),
                           text=msg("2 per Innkeeper for each character at your fullest location")),),
                  12, msg("2 points per Innkeeper for each character at your fullest location "
                          "(1 to 7)."))),
    Location("castle", 7, term("majesty location", "Castle"), "noble",
             Side((Ability(PER, 5, 1, ("noble",), text=msg("5 points and 1 meeple per Noble")),), 16,
                  msg("5 points and 1 meeple per Noble.")),
             Side((Ability(EXCHANGE),
                   Ability(PER, 4, 0, ("noble",), infirmary=True,
                           text=msg("4 per Noble and per card in your Infirmary"))), 16,
                  msg("Trade points and meeples 1 for 1 either way, then 4 points per Noble "
                      "and per card in your Infirmary."))),
    Location("infirmary", 8, term("majesty location", "Infirmary"), None,
             Side((), 0, msg("At final scoring only: lose 1 point per card here.")),
             Side((), -10, msg("At final scoring only: lose 2 points per card here; the player "
                               "or players with the most cards here lose 10 more."))),
)
LOCATION_BY_ID: dict[str, Location] = {loc.id: loc for loc in LOCATIONS}

# Cards of the box that never enter the deck, printed and scanned all the same: each face of a
# location card, and the worker cards.
OTHER_CARDS: dict[str, Any] = {
    **{f"{loc.id}-{side}": msg("{location} (side {side})", location=loc.name, side=side.upper())
       for loc in LOCATIONS for side in "ab"},
    "worker-knight": msg("Knight worker card"), "worker": msg("Worker card"),
}
INFIRMARY_PENALTY = {"A": 1, "B": 2}  # points lost per Infirmary card at final scoring

assert TIER1_SIZE == 33 and TIER2_SIZE == 27, (TIER1_SIZE, TIER2_SIZE)
assert len(physical_cards()) == DECK_SIZE == 60
assert all(CHARACTERS[i].location == LOCATIONS[i].id for i in range(7))
