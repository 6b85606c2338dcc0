"""King's Court play-by-play: reading what the table entered: the events, their fields, and
one card of a play (its kind, what a Magician becomes, the suit named, the seats aimed at)."""
from __future__ import annotations

from typing import Any

from companion.engine import RuleError
from companion.games.kings_court.arbiter.kinds import (
    BATTLE,
    CHOICES,
    INFO,
    SCROLL_IDS,
    WILD,
    bare_name,
    card_name,
    either_suit,
    short,
    suits_list,
)
from companion.games.kings_court.arbiter.state import Work
from companion.words import Msg, msg

EVENTS: frozenset[str] = frozenset(
    ("play", "draw", "pass", "take", "reveal", "risk", "on-guard", "escape", "yes"))




EVENT_KEYS = {
    "play": frozenset(("type", "seat", "cards")),
    "draw": frozenset(("type", "seat")),
    "pass": frozenset(("type", "seat")),
    "take": frozenset(("type", "seat")),
    "reveal": frozenset(("type", "seat", "card")),
    "risk": frozenset(("type", "seat", "card", "on")),
    "on-guard": frozenset(("type", "seat", "on")),
    "escape": frozenset(("type", "seat")),
    "yes": frozenset(("type", "seat")),
}


CARD_KEYS = frozenset(("card", "suit", "choice", "as", "target", "burn", "defended"))


def seat_of(w: Work, value: Any, what: Any, step: int | None = None) -> int:
    """``what``: the field, as the sentence names it (a Msg, or a quoted field name)."""
    if type(value) is not int or not 0 <= value < w.players:
        raise RuleError("play-format", msg("{field} must be a seat from 0 to {last}.",
                                           field=what, last=w.players - 1), step=step)
    return value


class Label:
    """The "Card 2 (Blue 7): " before a sentence about one card of a play of several."""

    __slots__ = ("card", "i", "many")

    def __init__(self, i: int, many: bool, kind_id: str):
        self.i, self.many, self.card = i, many, kind_id

    def __call__(self, sentence: Msg | str) -> Msg | str:
        if not self.many:
            return sentence
        return msg("Card {n} ({card}): {sentence}", n=self.i + 1, card=bare_name(self.card),
                   sentence=sentence)


def card_label(i: int, many: bool, kind_id: str) -> Label:
    return Label(i, many, kind_id)


def _numbered(i: int, many: bool, sentence: Msg) -> Msg:
    return msg("Card {n}: {sentence}", n=i + 1, sentence=sentence) if many else sentence


def parse_card(w: Work, raw: Any, i: int, seat: int, many: bool, deal: bool
                ) -> tuple[str, str, dict]:
    """(physical kind id, the kind it acts as, its checked fields) of one card of a play."""
    if type(raw) is not dict:
        raise RuleError("play-format", _numbered(i, many, msg(
            "each card is an object with a \"card\" field.")), step=i)
    phys = raw.get("card")
    if type(phys) is not str or phys not in INFO:
        raise RuleError("play-format", _numbered(i, many, msg(
            "there is no King's Court card called {card}.", card=short(phys))), step=i)
    label = card_label(i, many, phys)
    if phys not in w.kinds:
        raise RuleError("in-the-deck", label(msg("{card} is not among this game's cards.",
                                                 card=card_name(phys))), step=i)
    for key in raw:
        if key not in CARD_KEYS:
            raise RuleError("play-format", label(msg("a card has no field called {field}.",
                                                     field=short(key))), step=i)
    eff = phys
    if phys == "magician" and ("as" in raw or not deal):
        became = raw.get("as")
        if became is None:
            raise RuleError("magician", label(msg(
                "say which Scroll card the Magician becomes (\"as\").")), step=i)
        if type(became) is not str or became not in INFO:
            raise RuleError("play-format", label(msg(
                "there is no King's Court card called {card}.", card=short(became))), step=i)
        if became not in SCROLL_IDS or became == "magician":
            raise RuleError("magician", label(msg(
                "the Magician becomes a Scroll card other than the Magician, not {card}.",
                card=card_name(became))), step=i)
        if became not in w.kinds:
            raise RuleError("reading-magician", label(msg(
                "the Magician can only become a card of this game, and {card} is not one.",
                card=card_name(became))), step=i)
        eff = became
    elif "as" in raw:
        raise RuleError("play-format", label(msg("only the Magician takes \"as\".")), step=i)
    info = INFO[eff]
    allowed = {"card", "as"} if phys == "magician" else {"card"}
    needs_suit = eff in WILD or info.stem == "queens-option" or (deal and info.kingdom)
    if needs_suit:
        allowed.add("suit")
    if eff == "wizard" or info.stem == "queens-option":
        allowed.add("choice")
    if eff in ("catapult", "siege-tower"):
        allowed.add("target")
    if eff == "flaming-arrow":
        allowed.add("burn")
    if eff in BATTLE:
        allowed.add("defended")
    for key in raw:
        if key not in allowed:
            raise RuleError("play-format", label(msg("{card} takes no \"{field}\" field.",
                                                     card=card_name(eff), field=key)), step=i)
    spec: dict[str, Any] = {}
    if needs_suit:
        suit = raw.get("suit")
        if suit is None:
            sentence = (msg("{card} needs \"suit\": the dealer names the suit in force.",
                            card=card_name(eff)) if deal and eff not in WILD else
                        msg("{card} needs \"suit\": its player names the suit in force.",
                            card=card_name(eff)))
            raise RuleError(info.rule if not deal else "first-card", label(sentence), step=i)
        if info.stem == "queens-option":
            if suit not in info.suits:
                raise RuleError("queens-option", label(msg(
                    "{card} puts one of its own suits in force: {suits}.", card=card_name(eff),
                    suits=either_suit(info.suits))), step=i)
        elif suit not in w.suits:
            raise RuleError("name-suit", label(msg("name a suit of this game: {suits}.",
                                                   suits=suits_list(w.suits))), step=i)
        spec["suit"] = suit
    if "choice" in allowed:
        choice = raw.get("choice", "same")
        if choice not in CHOICES:
            raise RuleError(info.rule, label(msg(
                "\"choice\" is \"same\", \"skip\" or \"reverse\".")), step=i)
        spec["choice"] = choice
    if "target" in allowed:
        if "target" not in raw:
            raise RuleError(info.rule, label(msg(
                "{card} needs \"target\": the player it is aimed at.", card=card_name(eff))),
                step=i)
        target = seat_of(w, raw["target"], label('"target"'), i)
        if target == seat:
            raise RuleError(info.rule, label(msg("{card} is aimed at another player.",
                                                 card=card_name(eff))), step=i)
        spec["target"] = target
    if "burn" in allowed and raw.get("burn") is not None:
        burn = raw["burn"]
        if burn != "discard":
            burn = seat_of(w, burn, label(msg("\"burn\" (\"discard\" or a seat)")), i)
            if burn == seat:
                raise RuleError("flaming-arrow", label(msg(
                    "the burnt card goes to another player or onto the discard pile.")), step=i)
        spec["burn"] = burn
    if "defended" in allowed:
        defended = raw.get("defended", [])
        if type(defended) is not list:
            raise RuleError("play-format", label(msg("\"defended\" is a list of seats.")),
                            step=i)
        seen: list[int] = []
        for value in defended:
            d = seat_of(w, value, label(msg("each seat in \"defended\"")), i)
            if d in seen:
                raise RuleError("defender", label(msg(
                    "a player answers a Battle card with one Defender at most.")), step=i)
            seen.append(d)
        spec["defended"] = seen
    return phys, eff, spec
