"""King's Court play-by-play: the kinds of card as the rulebook groups them (wild, draw,
defensive, Risk, Battle cards ...), what may go on what (following suit or kind), and the
words the table reads."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.kings_court.cards import (
    KIND_BY_ID,
    KINDS,
    NUMBER,
    SCROLL,
    SUIT_WORDS,
    CardKind,
)
from companion.words import Listing, Msg, listing, msg, term

# --------------------------------------------------------------------------- the cards


WILD = frozenset(("wizard", "dragon", "king", "queen", "duke", "duchess"))


EXTRA = frozenset(("wizard", "king", "queen"))  # allow one more playable card


DEFENSIVE = frozenset(("royal-decree", "protector"))


LAST_ONLY = frozenset(("magic-potion", "hidden-treasure"))


RISK = frozenset(("dark-knight", "poison-garden", "castle-fire", "kings-goblet"))


FACE_UP = RISK | {"warlord"}  # what a `reveal` may put face up


BATTLE = frozenset(("cannonball", "catapult", "flaming-arrow", "siege-tower", "imperial-tax"))


CHOICES = ("same", "skip", "reverse")


STEMS = ("fair-maiden", "drawbridge", "knight", "court-jester", "queens-option")


NAMES_OF_STEMS = {"fair-maiden": term("kings court card", "Fair Maiden"),
                  "drawbridge": term("kings court card", "Drawbridge"),
                  "knight": term("kings court card", "Knight"),
                  "court-jester": term("kings court card", "Court Jester"),
                  "queens-option": term("kings court card", "Queen's Option")}


@dataclass(frozen=True, slots=True)
class CardInfo:
    id: str
    name: Msg  # "the Blue 7", "the King"
    stem: str  # number, a suit scroll's stem, or the Kingdom card's id
    match: str | None  # what "same kind" compares (Suit cards only)
    suits: tuple[str, ...]
    kingdom: bool
    rule: str  # the rules-page entry of the card


def card_info(kind: CardKind) -> CardInfo:
    if kind.group == NUMBER:
        stem, match = "number", f"value-{kind.value}"
        rule = "follow-suit"
    elif not kind.kingdom:
        stem = next(s for s in STEMS if kind.id.startswith(s))
        match = stem
        rule = stem
    else:
        stem, match = kind.id, None
        rule = {"king": "king-queen", "queen": "king-queen", "duke": "duke-duchess",
                "duchess": "duke-duchess"}.get(kind.id, kind.id)
    name = msg("the {card}", card=kind.name)
    return CardInfo(kind.id, name, stem, match, kind.suits, kind.kingdom, rule)


INFO: dict[str, CardInfo] = {kind.id: card_info(kind) for kind in KINDS}


SCROLL_IDS = frozenset(kind.id for kind in KINDS if kind.group == SCROLL)


# --------------------------------------------------------------------------- following suit


def fits(eff: str, top: str | None, suit: str | None) -> str | None:
    """The rule that lets ``eff`` go on this top card and suit, or None when it does not fit."""
    info = INFO[eff]
    if info.kingdom:
        return "kingdom-any-suit"
    if suit in info.suits:
        return "follow-suit"
    if top is not None:
        under = INFO[top]
        if not under.kingdom and under.match == info.match:
            return "follow-kind"
    return None


A_SUIT_CARD = {  # "a gold card", as each language says a card of that suit
    "gold": msg("a gold card"), "green": msg("a green card"), "blue": msg("a blue card"),
    "burgundy": msg("a burgundy card"), "purple": msg("a purple card"),
    "silver": msg("a silver card"), "orange": msg("an orange card"),
}


def fits_text(top: str | None, suit: str | None) -> Msg:
    """What may be played on this top card and suit, as a list in words."""
    parts = []
    if suit:
        parts.append(A_SUIT_CARD[suit])
    if top is not None and not INFO[top].kingdom:
        info = INFO[top]
        if info.stem == "number":
            value = KIND_BY_ID[top].value
            parts.append(msg("an {value}", value=value) if a_or_an(str(value)) == "an"
                         else msg("a {value}", value=value))
        else:
            parts.append(msg("a {card}", card=NAMES_OF_STEMS[info.stem]))
    parts.append(msg("a Kingdom card"))
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        return msg("{first} or {last}", first=parts[0], last=parts[1])
    return msg("{first}, {second} or {last}", first=parts[0], second=parts[1], last=parts[2])


def suit_word(suit: str | None) -> Msg | str:
    """A suit as the table says it ("gold"); anything else as it is."""
    return SUIT_WORDS.get(suit, suit) if isinstance(suit, str) else str(suit)


def either_suit(suits: tuple[str, ...]) -> Msg:
    """A Queen's Option's two suits: "gold or burgundy"."""
    if len(suits) == 1:
        return SUIT_WORDS[suits[0]]
    return msg("{first} or {last}", first=SUIT_WORDS[suits[0]], last=SUIT_WORDS[suits[1]])


def suits_list(suits) -> Listing:
    """Suits as a plain series: "gold, green, blue"."""
    return listing([SUIT_WORDS[suit] for suit in suits], sep=", ")


def reason_to_play(fit: str, eff: str, suit: str | None) -> tuple[str, Msg]:
    name = cap(card_name(eff))
    if fit == "kingdom-any-suit":
        return INFO[eff].rule, msg("{card} is a Kingdom card: it may be played on any suit.",
                                   card=name)
    if fit == "follow-suit":
        return (INFO[eff].rule if INFO[eff].stem != "number" else "follow-suit",
                msg("{card} matches the suit in force ({suit}).", card=name,
                    suit=suit_word(suit)))
    return "follow-kind", msg("{card} is the same kind as the top card.", card=name)


# --------------------------------------------------------------------------- words


class Capital(Msg):
    """A message said at the start of a sentence: in English its first letter made a capital
    (the translations of such messages are written with their capital)."""

    __slots__ = ()

    def __new__(cls, of: Msg) -> Capital:
        english = str.__str__(of)
        self = str.__new__(cls, english[:1].upper() + english[1:])
        self.text, self.many, self.number, self.context = of.text, of.many, of.number, of.context
        self.args = of.args
        return self

    def __reduce__(self):
        return (_capital, (self.text, self.args, self.many, self.number, self.context))


def _capital(text, args, many, count, context) -> Capital:
    return Capital(Msg(text, dict(args), many=many, count=count, context=context))


# The words for a seat or a card, and the same at the start of a sentence.
_CAPITALS = {
    "the {card}": msg("The {card}", card=""),
    "player {n}": msg("Player {n}", n=0),
    "you": msg("You"),
    "the next player": msg("The next player"),
    "the player after next": msg("The player after next"),
    "the player before you": msg("The player before you"),
    "the player {n} seats to your left": msg("The player {n} seats to your left", n=0),
}


def cap(text: Any) -> Any:
    """``text`` at the start of a sentence: a name or Msg with its first letter a capital."""
    if isinstance(text, Listing):
        items = list(text.items)
        return listing([cap(items[0]), *items[1:]], text.sep) if items else text
    if isinstance(text, Msg):
        if text.context is None and text.many is None and text.text in _CAPITALS:
            return Msg(_CAPITALS[text.text].text, dict(text.args))
        if text.text.startswith("{"):
            first = text.text[1:text.text.index("}")]
            args = dict(text.args)
            if first in args and isinstance(args[first], str):
                args[first] = cap(args[first])
                return Msg(text.text, args, many=text.many, count=text.count,
                           context=text.context)
        english = str.__str__(text)
        return text if english[:1] == english[:1].upper() else Capital(text)
    return text[:1].upper() + text[1:]


def a_or_an(word: str) -> str:
    """The article a player says before ``word``: "an 8", "an orange card", "a 7"."""
    return "an" if word[:1].lower() in "aeiou8" or word in ("11", "18") else "a"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def card_name(kind_id: str) -> Msg:
    """A card as a sentence names it: "the Blue 7"."""
    return INFO[kind_id].name


def bare_name(kind_id: str) -> Msg:
    """A card's name alone: "Blue 7", "Fair Maiden (gold)"."""
    return KIND_BY_ID[kind_id].name


def plain(seat: int) -> Msg:
    return msg("player {n}", n=seat + 1)


def is_you(words, seat: int) -> bool:
    """Whether the words name the judged player ("you"), whose verbs differ."""
    return words(seat) == "you"


def n_cards(n: int) -> Msg:
    """ "1 card", "3 cards"."""
    from companion.words import plural  # the keyword Babel extracts (this module's plural is English)

    return plural("{n} card", "{n} cards", n)


def seats_text(seats: list[int], words) -> Listing:
    return listing([words(s) for s in seats])


def way(direction: int) -> Msg:
    return msg("to the left") if direction == 1 else msg("to the right")
