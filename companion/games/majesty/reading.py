"""Reading what the table entered: a card, a character, a count, the half of a split card.

Each reader returns an index or refuses with one sentence under the rule given; the setup, the
turn and the corrections share them so the same mistake gets the same answer everywhere.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine import RuleError, short
from companion.games.majesty.state import (
    CHAR_IDS,
    CHAR_INDEX,
    CHAR_NAMES,
    KIND_CHARS,
    KIND_INDEX,
    KIND_NAMES,
)
from companion.words import Msg, msg

CHAR_LIST = ", ".join(CHAR_IDS)  # the ids a move names: not prose


def kind_of(value: Any, what: str, rule: str = "move-format") -> int:
    if type(value) is not str or value not in KIND_INDEX:
        raise RuleError(rule, msg("{what} must be a card such as 'miller' or 'miller-brewer', "
                                  "not {value}.", what=what, value=short(value)))
    return KIND_INDEX[value]


def char_of(value: Any, what: str) -> int:
    if type(value) is not str or value not in CHAR_INDEX:
        raise RuleError("move-format", msg("{what} must be one of {ids}, not {value}.",
                                           what=what, ids=CHAR_LIST, value=short(value)))
    return CHAR_INDEX[value]


def count_int(value: Any, what: str, rule: str = "position") -> int:
    if type(value) is not int:
        raise RuleError(rule, msg("{what} must be a whole number, not {value}.", what=what,
                                  value=short(value)))
    if value < 0:
        raise RuleError(rule, msg("{what} cannot be negative.", what=what))
    return value


def halves(kind: int) -> Msg:
    a, b = KIND_CHARS[kind]
    return msg("the {one} or the {other}", one=CHAR_NAMES[a], other=CHAR_NAMES[b])


def no_half(kind: int, char: int) -> Msg:
    if len(KIND_CHARS[kind]) == 1:
        return msg("the {card} card shows only the {card}", card=KIND_NAMES[kind])
    return msg("the {card} card has no {character} half", card=KIND_NAMES[kind],
               character=CHAR_NAMES[char])


def counts_as(kind: int, given: Any, field: str, rule: str, ask: Callable[..., Msg],
              wrong: Callable[..., Msg]) -> int:
    """The character a card counts as: its only one, or the half named in ``field``.
    ``ask(card, halves)`` refuses a split card with no half named, ``wrong(why)`` a half that
    is not on it; both are called only then."""
    chars = KIND_CHARS[kind]
    if given is None:
        if len(chars) == 2:
            raise RuleError(rule, ask(card=KIND_NAMES[kind], halves=halves(kind)))
        return chars[0]
    char = char_of(given, field)
    if char not in chars:
        raise RuleError(rule, wrong(why=no_half(kind, char)))
    return char

