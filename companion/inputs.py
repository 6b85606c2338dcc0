"""What may come in: JSON bounded before it is parsed, and text that is valid Unicode without NUL.

Every JSON body (the API, an uploaded record, `companion import`) is read by :func:`parse_json`;
the web app also checks every URL part, query and form field with :func:`text_fault`. A refusal is
an :class:`InputError` with one sentence for the person who sent it.
"""
from __future__ import annotations

import json
import re
from typing import Any

import numpy as np

JSON_DEPTH = 32  # far deeper than any move, option or record the companion writes

# A JSON string (its escapes included), to be blanked before the brackets are counted.
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.DOTALL)
# NUL, and the halves of a surrogate pair: in a Python str they are only ever lone ones.
_BAD_TEXT = re.compile("[\x00\ud800-\udfff]")


class InputError(ValueError):
    """Input refused before it reached the rules: ``str(error)`` is one sentence."""


def json_depth(data: bytes) -> int:
    """How deeply arrays and objects nest in JSON text, found without parsing it."""
    brackets = np.frombuffer(_STRING.sub(b'""', data), dtype=np.uint8)
    steps = np.zeros(256, dtype=np.int32)
    steps[list(b"[{")] = 1
    steps[list(b"]}")] = -1
    levels = np.cumsum(steps[brackets])
    return int(levels.max()) if levels.size else 0


def text_fault(text: str) -> str | None:
    """Why ``text`` may not be kept (None when it may)."""
    found = _BAD_TEXT.search(text)
    if found is None:
        return None
    if found.group() == "\x00":
        return "Text may not hold a NUL character."
    return "Text must be valid Unicode: it holds half of a surrogate pair."


def _refuse_constant(name: str):
    raise InputError(f"{name} is not a number the companion accepts.")


def parse_json(data: bytes | str, depth: int = JSON_DEPTH) -> Any:
    """The value of JSON text, refused when it nests deeper than ``depth``, is not UTF-8 JSON,
    holds NaN or Infinity, or holds text :func:`text_fault` refuses (in a key or a value)."""
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    # Text with no more brackets than ``depth`` cannot nest deeper (a move's body, say).
    if raw.count(b"[") + raw.count(b"{") > depth and json_depth(raw) > depth:
        raise InputError(f"The JSON nests deeper than {depth} levels.")
    try:
        value = json.loads(raw, parse_constant=_refuse_constant)
    except InputError:
        raise
    except ValueError:  # JSONDecodeError, UnicodeDecodeError, an integer of too many digits
        raise InputError("The request is not valid JSON.") from None
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
