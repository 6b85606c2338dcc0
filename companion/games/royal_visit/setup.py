"""Setting up a game of Royal Visit: the opening position, or a position already on the table
(read from the options or from the setup form's fields), checked for what cannot come up in play.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine import MISSING, RuleError
from companion.games.royal_visit.cards import HAND_SIZE
from companion.games.royal_visit.state import (
    CHATEAU,
    HIGH_END,
    LOW_END,
    NO_DISCARD,
    OUTSIDE_HANDS,
    SIGNS,
    State,
)
from companion.words import Msg, msg

OPTION_FIELDS = frozenset(("players", "wizard", "rulings", "position"))
POSITION_FIELDS = ("king", "guards", "wizard", "jester", "crown", "crown_side", "draw_pile",
                   "reshuffles", "turn")
# A number a position states, by its field: its refusal when it is not a whole number, and when
# the setup form leaves it empty (a whole sentence a field, so that each language words it).
NOT_WHOLE: dict[str, Msg] = {
    "king": msg("The King's space must be a whole number, not {value}."),
    "guard": msg("The Guard's space must be a whole number, not {value}."),
    "guard_low": msg("The lower Guard's space must be a whole number, not {value}."),
    "guard_high": msg("The upper Guard's space must be a whole number, not {value}."),
    "wizard": msg("The Wizard's space must be a whole number, not {value}."),
    "jester": msg("The Jester's space must be a whole number, not {value}."),
    "crown": msg("The Crown's place must be a whole number, not {value}."),
    "draw_pile": msg("The draw pile size must be a whole number, not {value}."),
    "reshuffles": msg("The number of reshuffles must be a whole number, not {value}."),
    "turn": msg("The seat to move must be a whole number, not {value}."),
}
MISSING_FIELD: dict[str, Msg] = {
    "king": msg("The King's space is missing."),
    "guard_low": msg("The lower Guard's space is missing."),
    "guard_high": msg("The upper Guard's space is missing."),
    "wizard": msg("The Wizard's space is missing."),
    "jester": msg("The Jester's space is missing."),
    "crown": msg("The Crown's place is missing."),
    "draw_pile": msg("The draw pile size is missing."),
    "reshuffles": msg("The number of reshuffles is missing."),
}
OFF_BOARD = {"king": msg("The King is off the board: spaces run from -8 to 8."),
             "wizard": msg("The Wizard is off the board: spaces run from -8 to 8."),
             "jester": msg("The Jester is off the board: spaces run from -8 to 8.")}


def new_state(players: tuple[str, ...], rulings: dict[str, Any],
              options: Mapping[str, Any]) -> State:
    """The first state of a game of ``players`` under ``rulings`` (both read from ``options``
    already): the opening setup, or the options' ``position``."""
    wizard = options.get("wizard", MISSING)
    position = options.get("position")
    if wizard is MISSING and position is None:
        raise RuleError("setup", msg("The field 'wizard' (the seat who got the Wizard) is "
                                     "missing."))
    if wizard is not MISSING and (type(wizard) is not int or wizard not in (0, 1)):
        raise RuleError("setup", msg("The field 'wizard' must be the seat 0 or 1 that got the "
                                     "Wizard."))
    if position is None:
        sign = SIGNS[wizard]
        return State(players, wizard, rulings["direction"], rulings["wild-middle"],
                     rulings["duchy"], 0, -2, 2, sign, -sign, 0, OUTSIDE_HANDS, 0,
                     (HAND_SIZE, HAND_SIZE), NO_DISCARD, 0, wizard, 1)
    p = read_position(position)
    first = p["turn"] if wizard is MISSING else wizard
    low, high = p["guards"]
    draw, reshuffles = p["draw_pile"], p["reshuffles"]
    if draw == 0:  # the last refill emptied the deck: resolved now, as the rulebook says
        if reshuffles and p["king"] != 0:
            owner = players[0 if p["king"] > 0 else 1]
            raise RuleError("end-deck", msg("With the draw pile empty and the Crown's Little "
                                            "side up the deck has run out a second time, so "
                                            "{player} has already won with the King in their "
                                            "Duchy: there is nothing left to play.", player=owner))
        draw, reshuffles = OUTSIDE_HANDS, reshuffles + 1  # the discard pile, shuffled
    return State(players, first, rulings["direction"], rulings["wild-middle"],
                 rulings["duchy"], p["king"], low, high, p["wizard"], p["jester"],
                 p["crown"], draw, reshuffles, (HAND_SIZE, HAND_SIZE),
                 NO_DISCARD, OUTSIDE_HANDS - draw, p["turn"], 1)


def read_position(position: Any) -> dict[str, Any]:
    """The options' ``position``, checked field by field; its Guards sorted low, high."""
    if not isinstance(position, Mapping):
        raise RuleError("position", msg("The position must be a set of named fields."))
    for key in position:
        if key not in POSITION_FIELDS:
            raise RuleError("position", msg("There is no position field called {name}.",
                                            name=repr(str(key)[:40])))
    for key in POSITION_FIELDS:
        if key not in position:
            raise RuleError("position", msg("The position field {name} is missing.", name=repr(key)))
    p = dict(position)
    guards = p["guards"]
    if not isinstance(guards, (list, tuple)) or len(guards) != 2:
        raise RuleError("position", msg("The position field 'guards' must list the two Guards' "
                                        "spaces."))
    low, high = sorted(_int_field(g, "guard") for g in guards)
    p["guards"] = (low, high)
    for key in ("king", "wizard", "jester", "crown", "draw_pile", "reshuffles", "turn"):
        _int_field(p[key], key)
    for key in ("king", "wizard", "jester"):
        if not LOW_END <= p[key] <= HIGH_END:
            raise RuleError("board", OFF_BOARD[key])
    if low < LOW_END or high > HIGH_END:
        raise RuleError("board", msg("A Guard is off the board: spaces run from -8 to 8."))
    king = p["king"]
    if low == high:
        raise RuleError("court", msg("The two Guards cannot share a space, since the King "
                                     "stands strictly between them."))
    if king in (low, high):
        raise RuleError("court", msg("The King cannot share a space with a Guard."))
    if not low < king < high:
        raise RuleError("court", msg("The King must stand strictly between the two Guards."))
    if abs(king) >= CHATEAU:
        raise RuleError("end-king", msg("The King is already in a Chateau, so that game is "
                                        "over."))
    crown = p["crown"]
    if abs(crown) > CHATEAU:
        raise RuleError("crown", msg("The Crown's track runs from -6 to 6."))
    if abs(crown) == CHATEAU:
        raise RuleError("end-crown", msg("The Crown is already in a Chateau, so that game is "
                                         "over."))
    if p["turn"] not in (0, 1):
        raise RuleError("position", msg("The seat to move must be 0 or 1."))
    side = p["crown_side"]
    if side not in ("big", "little"):
        raise RuleError("crown-side", msg("The Crown's side must be 'big' or 'little'."))
    reshuffles = p["reshuffles"]
    if reshuffles < 0:
        raise RuleError("crown-side", msg("The number of reshuffles cannot be negative."))
    if side == "little" and reshuffles == 0:
        raise RuleError("crown-side", msg("The Crown turns to its Little side only when the "
                                          "deck is reshuffled, so Little needs at least one "
                                          "reshuffle."))
    if side == "big" and reshuffles > 0:
        raise RuleError("crown-side", msg("The Crown turns to its Little side at the first "
                                          "reshuffle, so it cannot be Big after one."))
    draw = p["draw_pile"]
    if draw < 0:
        raise RuleError("hands", msg("The draw pile cannot hold fewer than 0 cards."))
    if draw > OUTSIDE_HANDS:
        raise RuleError("hands", msg("The draw pile holds at most {most} cards: the "
                                     "deck's 54 less the two hands of 8.", most=OUTSIDE_HANDS))
    return p


def _int_field(value: Any, field: str) -> int:
    """``value``, the number of the position's ``field`` (a key of NOT_WHOLE)."""
    if type(value) is not int:
        raise RuleError("position", msg(NOT_WHOLE[field].text, value=repr(str(value)[:40])))
    return value


def _form_int(form: Mapping[str, str], key: str, field: str) -> int:
    """The setup form's number ``key``, the position's ``field`` (a key of MISSING_FIELD)."""
    raw = form.get(key)
    if raw is None or not str(raw).strip():
        raise RuleError("position", MISSING_FIELD[field])
    text = str(raw).strip()
    try:
        return int(text.replace("\u2212", "-"))
    except ValueError:
        raise RuleError("position", msg(NOT_WHOLE[field].text, value=repr(text[:40]))) from None


def form_seats(form: Mapping[str, str]) -> tuple[list[str], int]:
    """The setup form's two players (top, bottom) and the seat that got the Wizard."""
    top = str(form.get("player_top") or "")
    bottom = str(form.get("player_bottom") or "")
    wizard_side = str(form.get("wizard") or "").strip()
    if wizard_side not in ("top", "bottom"):
        raise RuleError("setup", msg("Say who got the Wizard in their Duchy."))
    return [top.strip(), bottom.strip()], 0 if wizard_side == "top" else 1


def form_position(form: Mapping[str, str]) -> dict[str, Any] | None:
    """The position the setup form describes, or None when the game starts from the opening
    setup."""
    if str(form.get("start") or "").strip() != "position":
        return None
    turn = str(form.get("turn") or "").strip()
    if turn not in ("top", "bottom"):
        raise RuleError("position", msg("Say whose turn it is."))
    side = str(form.get("crown_side") or "").strip().lower()
    if side not in ("big", "little"):
        raise RuleError("crown-side", msg("Say which side of the Crown is up: Big or Little."))
    return {
        "king": _form_int(form, "king", "king"),
        "guards": [_form_int(form, "guard_low", "guard_low"),
                   _form_int(form, "guard_high", "guard_high")],
        "wizard": _form_int(form, "wizard_pos", "wizard"),
        "jester": _form_int(form, "jester", "jester"),
        "crown": _form_int(form, "crown", "crown"),
        "crown_side": side,
        "draw_pile": _form_int(form, "draw_pile", "draw_pile"),
        "reshuffles": _form_int(form, "reshuffles", "reshuffles"),
        "turn": 0 if turn == "top" else 1,
    }
