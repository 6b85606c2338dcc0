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
    card_name,
    short,
)
from companion.games.kings_court.arbiter.state import Work

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


def seat_of(w: Work, value: Any, what: str, step: int | None = None) -> int:
    if type(value) is not int or not 0 <= value < w.players:
        raise RuleError("play-format", f"{what} must be a seat from 0 to {w.players - 1}.",
                        step=step)
    return value


def card_label(i: int, many: bool, name: str) -> str:
    return f"Card {i + 1} ({name[4:] if name.startswith('the ') else name}): " if many else ""


def parse_card(w: Work, raw: Any, i: int, seat: int, many: bool, deal: bool
                ) -> tuple[str, str, dict]:
    """(physical kind id, the kind it acts as, its checked fields) of one card of a play."""
    number = f"Card {i + 1}: " if many else ""
    if type(raw) is not dict:
        raise RuleError("play-format", f"{number}each card is an object with a \"card\" field.",
                        step=i)
    phys = raw.get("card")
    if type(phys) is not str or phys not in INFO:
        raise RuleError("play-format", f"{number}there is no King's Court card called "
                                       f"{short(phys)}.", step=i)
    label = card_label(i, many, card_name(phys))
    if phys not in w.kinds:
        raise RuleError("in-the-deck", f"{label}{card_name(phys)} is not among this game's "
                                       f"cards.", step=i)
    for key in raw:
        if key not in CARD_KEYS:
            raise RuleError("play-format", f"{label}a card has no field called {short(key)}.",
                            step=i)
    eff = phys
    if phys == "magician" and ("as" in raw or not deal):
        became = raw.get("as")
        if became is None:
            raise RuleError("magician", f"{label}say which Scroll card the Magician becomes "
                                        f"(\"as\").", step=i)
        if type(became) is not str or became not in INFO:
            raise RuleError("play-format", f"{label}there is no King's Court card called "
                                           f"{short(became)}.", step=i)
        if became not in SCROLL_IDS or became == "magician":
            raise RuleError("magician", f"{label}the Magician becomes a Scroll card other than "
                                        f"the Magician, not {card_name(became)}.", step=i)
        if became not in w.kinds:
            raise RuleError("reading-magician", f"{label}the Magician can only become a card "
                                                f"of this game, and {card_name(became)} is not "
                                                f"one.", step=i)
        eff = became
    elif "as" in raw:
        raise RuleError("play-format", f"{label}only the Magician takes \"as\".", step=i)
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
            raise RuleError("play-format", f"{label}{card_name(eff)} takes no \"{key}\" field.",
                            step=i)
    spec: dict[str, Any] = {}
    if needs_suit:
        suit = raw.get("suit")
        if suit is None:
            who = "the dealer names" if deal and eff not in WILD else "its player names"
            raise RuleError(info.rule if not deal else "first-card",
                            f"{label}{card_name(eff)} needs \"suit\": {who} the suit in force.",
                            step=i)
        if info.stem == "queens-option":
            if suit not in info.suits:
                raise RuleError("queens-option", f"{label}{card_name(eff)} puts one of its own "
                                                 f"suits in force: {' or '.join(info.suits)}.",
                                step=i)
        elif suit not in w.suits:
            raise RuleError("name-suit", f"{label}name a suit of this game: "
                                         f"{', '.join(w.suits)}.", step=i)
        spec["suit"] = suit
    if "choice" in allowed:
        choice = raw.get("choice", "same")
        if choice not in CHOICES:
            raise RuleError(info.rule, f"{label}\"choice\" is \"same\", \"skip\" or "
                                       f"\"reverse\".", step=i)
        spec["choice"] = choice
    if "target" in allowed:
        if "target" not in raw:
            raise RuleError(info.rule, f"{label}{card_name(eff)} needs \"target\": the player it "
                                       f"is aimed at.", step=i)
        target = seat_of(w, raw["target"], f"{label}\"target\"", i)
        if target == seat:
            raise RuleError(info.rule, f"{label}{card_name(eff)} is aimed at another player.",
                            step=i)
        spec["target"] = target
    if "burn" in allowed and raw.get("burn") is not None:
        burn = raw["burn"]
        if burn != "discard":
            burn = seat_of(w, burn, f"{label}\"burn\" (\"discard\" or a seat)", i)
            if burn == seat:
                raise RuleError("flaming-arrow", f"{label}the burnt card goes to another "
                                                 f"player or onto the discard pile.", step=i)
        spec["burn"] = burn
    if "defended" in allowed:
        defended = raw.get("defended", [])
        if type(defended) is not list:
            raise RuleError("play-format", f"{label}\"defended\" is a list of seats.", step=i)
        seen: list[int] = []
        for value in defended:
            d = seat_of(w, value, f"{label}each seat in \"defended\"", i)
            if d in seen:
                raise RuleError("defender", f"{label}a player answers a Battle card with one "
                                            f"Defender at most.", step=i)
            seen.append(d)
        spec["defended"] = seen
    return phys, eff, spec
