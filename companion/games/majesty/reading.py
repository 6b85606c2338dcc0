"""Reading what the table entered: a card, a character, a count, the half of a split card.

Each reader returns an index or refuses with one sentence under the rule given; the setup, the
turn and the corrections share them so the same mistake gets the same answer everywhere.
"""
from __future__ import annotations

from typing import Any

from companion.engine import RuleError
from companion.games.majesty.state import (
    CHAR_IDS, CHAR_INDEX, CHAR_NAMES, KIND_CHARS, KIND_INDEX, KIND_NAMES,
)

CHAR_LIST = ", ".join(CHAR_IDS)


def short(value: Any) -> str:
    return repr(value)[:40] if not isinstance(value, str) else repr(value[:40])


def kind_of(value: Any, what: str, rule: str = "move-format") -> int:
    if type(value) is not str or value not in KIND_INDEX:
        raise RuleError(rule, f"{what} must be a card such as 'miller' or 'miller-brewer', not "
                              f"{short(value)}.")
    return KIND_INDEX[value]


def char_of(value: Any, what: str) -> int:
    if type(value) is not str or value not in CHAR_INDEX:
        raise RuleError("move-format", f"{what} must be one of {CHAR_LIST}, not "
                                       f"{short(value)}.")
    return CHAR_INDEX[value]


def count_int(value: Any, what: str, rule: str = "position") -> int:
    if type(value) is not int:
        raise RuleError(rule, f"{what} must be a whole number, not {short(value)}.")
    if value < 0:
        raise RuleError(rule, f"{what} cannot be negative.")
    return value


def halves(kind: int) -> str:
    a, b = KIND_CHARS[kind]
    return f"the {CHAR_NAMES[a]} or the {CHAR_NAMES[b]}"


def no_half(kind: int, char: int) -> str:
    if len(KIND_CHARS[kind]) == 1:
        return f"the {KIND_NAMES[kind]} card shows only the {KIND_NAMES[kind]}"
    return f"the {KIND_NAMES[kind]} card has no {CHAR_NAMES[char]} half"


def counts_as(kind: int, given: Any, field: str, rule: str, ask: str, wrong: str) -> int:
    """The character a card counts as: its only one, or the half named in ``field``.
    ``ask`` refuses a split card with no half named, ``wrong`` a half that is not on it;
    both are formatted only then, with {card}, {halves} and {why}."""
    chars = KIND_CHARS[kind]
    if given is None:
        if len(chars) == 2:
            raise RuleError(rule, ask.format(card=KIND_NAMES[kind], halves=halves(kind)))
        return chars[0]
    char = char_of(given, field)
    if char not in chars:
        raise RuleError(rule, wrong.format(card=KIND_NAMES[kind], why=no_half(kind, char)))
    return char

