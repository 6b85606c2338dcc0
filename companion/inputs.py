"""What may come in: JSON bounded before it is parsed, text that is valid Unicode without NUL,
and the values every request and every import carries, bounded by what the databases store.

Every JSON body (the API, an uploaded record, `companion import`) is read by :func:`parse_json`;
the web app also checks every URL part, query and form field with :func:`text_fault`. Numbers
(entry numbers, seats, player ids, counts), times and game ids are read by :func:`number`,
:func:`moment` and :func:`game_id`, from JSON, forms and queries alike, and by imports as by
play. A refusal is an :class:`InputError` with one sentence for the person who sent it (the web
app answers it 400).
"""
from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np

from companion.words import Msg, msg

JSON_DEPTH = 32  # far deeper than any move, option or record the companion writes

# A JSON string (its escapes included), to be blanked before the brackets are counted.
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
# NUL, and the halves of a surrogate pair: in a Python str they are only ever lone ones.
_BAD_TEXT = re.compile("[\x00\ud800-\udfff]")


class InputError(ValueError):
    """Input refused before it reached the rules: ``message`` is one sentence (a Msg, worded
    where it is shown; ``str(error)`` is its English)."""

    @property
    def message(self) -> Msg:
        return self.args[0]


# An Integer column holds this much in SQLite and PostgreSQL alike (PostgreSQL's is 32 bits).
LARGEST = 2**31 - 1
# Times both databases store and read back, with room for another machine's clock.
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
CLOCK_SKEW = timedelta(days=1)
# A game id as the companion makes them (secrets.token_urlsafe(16), never starting with "-").
GAME_ID = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_-]{21}")
_WHOLE = re.compile(r"-?[0-9]{1,10}")


def number(value: Any, what: str, low: int = 0, high: int = LARGEST) -> int:
    """A whole number from ``low`` to ``high``: a JSON integer, or text of ASCII digits (a form
    field or a query). ``what`` names it in the refusal."""
    if isinstance(value, str) and _WHOLE.fullmatch(value):
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InputError(msg('"{what}" must be a whole number from {low} to {high}.', what=what,
                             low=low, high=high))
    return value


def moment(value: Any, whose: str) -> datetime:
    """A time (ISO 8601 text; UTC when it names no zone) from 2000 to tomorrow: what both
    databases store and read back. ``whose`` starts the refusal ("Entry 3")."""
    try:
        at = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise InputError(msg("{whose} has no valid time.", whose=whose)) from None
    if at.tzinfo is None:
        at = at.replace(tzinfo=UTC)
    if not EARLIEST <= at <= datetime.now(UTC) + CLOCK_SKEW:
        raise InputError(msg("{whose} has a time outside {year} to today.", whose=whose,
                             year=str(EARLIEST.year)))
    return at.astimezone(UTC)


def game_id(value: Any, whose: str) -> str:
    """A game id as the companion makes them: 22 letters, digits, "_" or "-"."""
    if not isinstance(value, str) or not GAME_ID.fullmatch(value):
        shown = json.dumps(value)[:40]
        raise InputError(msg("{whose} has the id {shown}, which is not one the companion makes.",
                             whose=whose, shown=shown))
    return value


def json_depth(data: bytes) -> int:
    """How deeply arrays and objects nest in JSON text, found without parsing it."""
    brackets = np.frombuffer(_STRING.sub(b'""', data), dtype=np.uint8)
    steps = np.zeros(256, dtype=np.int32)
    steps[list(b"[{")] = 1
    steps[list(b"]}")] = -1
    levels = np.cumsum(steps[brackets])
    return int(levels.max()) if levels.size else 0


def text_fault(text: str) -> Msg | None:
    """Why ``text`` may not be kept (None when it may)."""
    found = _BAD_TEXT.search(text)
    if found is None:
        return None
    if found.group() == "\x00":
        return msg("Text may not hold a NUL character.")
    return msg("Text must be valid Unicode: it holds half of a surrogate pair.")


def _refuse_constant(name: str):
    raise InputError(msg("{name} is not a number the companion accepts.", name=name))


def parse_json(data: bytes | str, depth: int = JSON_DEPTH) -> Any:
    """The value of JSON text, refused when it nests deeper than ``depth``, is not UTF-8 JSON,
    holds NaN or Infinity, or holds text :func:`text_fault` refuses (in a key or a value)."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    # Text with no more brackets than ``depth`` cannot nest deeper (a move's body, say).
    if raw.count(b"[") + raw.count(b"{") > depth and json_depth(raw) > depth:
        raise InputError(msg("The JSON nests deeper than {depth} levels.", depth=depth))
    try:
        value = json.loads(raw, parse_constant=_refuse_constant)
    except InputError:
        raise
    except ValueError:  # JSONDecodeError, UnicodeDecodeError, an integer of too many digits
        raise InputError(msg("The request is not valid JSON.")) from None
    # UTF-8 JSON can hold a NUL or half a surrogate pair only as a \u escape (raw, the one is a
    # control character json refuses and the other is not UTF-8); UTF-16 and UTF-32 JSON always
    # hold a zero byte. Without either, there is no text to check.
    pending = [value] if b"\\u" in raw or b"\x00" in raw else []
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, str) and (fault := text_fault(item)):
            raise InputError(fault)
    return value
