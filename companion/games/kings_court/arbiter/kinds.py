"""King's Court play-by-play: the kinds of card as the rulebook groups them (wild, draw,
defensive, Risk, Battle cards ...), what may go on what (following suit or kind), and the
words the table reads."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.kings_court.cards import KIND_BY_ID, KINDS, NUMBER, SCROLL, CardKind

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


NAMES_OF_STEMS = {"fair-maiden": "Fair Maiden", "drawbridge": "Drawbridge", "knight": "Knight",
                  "court-jester": "Court Jester", "queens-option": "Queen's Option"}


@dataclass(frozen=True, slots=True)
class CardInfo:
    id: str
    name: str  # "the Blue 7", "the King"
    stem: str  # number, a suit scroll's stem, or the Kingdom card's id
    match: str | None  # what "same kind" compares (Suit cards only)
    suits: tuple[str, ...]
    kingdom: bool
    rule: str  # the rules-page entry of the card


def card_info(kind: CardKind) -> CardInfo:
    if kind.group == NUMBER:
        stem, match = "number", f"value-{kind.value}"
        rule = "follow-suit"
        name = f"the {kind.name}"
    elif not kind.kingdom:
        stem = next(s for s in STEMS if kind.id.startswith(s))
        match = stem
        rule = stem
        name = f"the {kind.name}"
    else:
        stem, match = kind.id, None
        rule = {"king": "king-queen", "queen": "king-queen", "duke": "duke-duchess",
                "duchess": "duke-duchess"}.get(kind.id, kind.id)
        name = f"the {kind.name}"
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


def fits_text(top: str | None, suit: str | None) -> str:
    """What may be played on this top card and suit, as a list in words."""
    parts = []
    if suit:
        parts.append(f"{a_or_an(suit)} {suit} card")
    if top is not None and not INFO[top].kingdom:
        info = INFO[top]
        if info.stem == "number":
            value = str(KIND_BY_ID[top].value)
            parts.append(f"{a_or_an(value)} {value}")
        else:
            parts.append(f"a {NAMES_OF_STEMS[info.stem]}")
    parts.append("a Kingdom card")
    return ", ".join(parts[:-1]) + " or " + parts[-1] if len(parts) > 1 else parts[0]


def reason_to_play(fit: str, eff: str, suit: str | None) -> tuple[str, str]:
    name = cap(card_name(eff))
    if fit == "kingdom-any-suit":
        return INFO[eff].rule, f"{name} is a Kingdom card: it may be played on any suit."
    if fit == "follow-suit":
        return (INFO[eff].rule if INFO[eff].stem != "number" else "follow-suit",
                f"{name} matches the suit in force ({suit}).")
    return "follow-kind", f"{name} is the same kind as the top card."


# --------------------------------------------------------------------------- words


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def a_or_an(word: str) -> str:
    """The article a player says before ``word``: "an 8", "an orange card", "a 7"."""
    return "an" if word[:1].lower() in "aeiou8" or word in ("11", "18") else "a"


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def card_name(kind_id: str) -> str:
    return INFO[kind_id].name


def plain(seat: int) -> str:
    return f"player {seat + 1}"


def does(words, seat: int, third: str, base: str) -> str:
    """Subject and verb: "Player 2 holds" or, for the judged player, "You hold"."""
    who = words(seat)
    return f"{cap(who)} {base if who == 'you' else third}"


def seats_text(seats: list[int], words) -> str:
    names = [words(s) for s in seats]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def way(direction: int) -> str:
    return "to the left" if direction == 1 else "to the right"
