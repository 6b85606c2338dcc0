"""Babel's extraction of the page scripts' messages (companion/translations/babel.cfg).

Babel's own JavaScript extractor misses a ``Words.t("...")`` inside a template literal's
``${...}`` (the markup's quotes and apostrophes throw it off) and one nested in another call's
arguments; the scripts write markup that way everywhere. The rule of the scripts is simpler
than JavaScript: the first argument of ``Words.t`` / ``Words.tn`` / ``Companion.th`` /
``Companion.thn`` (or ``th`` / ``thn``) is a string literal, or literals joined by ``+``, and a
plural's second argument is one too. So the messages are found by that pattern, wherever the
call stands.
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import IO, Any

_STRING = r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\''
_CHAIN = rf"(?:{_STRING})(?:\s*\+\s*(?:{_STRING}))*"
_CALL = re.compile(rf"(?:\bWords\.|\bCompanion\.|(?<![\w.$]))(tn|thn|t|th)\(\s*({_CHAIN})(?:\s*,\s*({_CHAIN}))?")
_PART = re.compile(_STRING)


def _text(chain: str) -> str:
    out = []
    for literal in _PART.findall(chain):
        body = literal[1:-1]
        if literal[0] == "'":
            body = body.replace("\\'", "'").replace('"', '\\"')
        out.append(json.loads(f'"{body}"'))
    return "".join(out)


def extract(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict) -> Iterator[tuple]:
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    for match in _CALL.finditer(source):
        name, first, second = match.groups()
        line = source.count("\n", 0, match.start()) + 1
        if name in ("tn", "thn"):
            if second is None:
                continue
            yield line, name, (_text(first), _text(second)), []
        else:
            yield line, name, _text(first), []
