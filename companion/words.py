"""What the companion says, as message ids with arguments: worded at the edge, in a phone's language.

An engine never words a sentence for a language. Where it refuses a move, labels a view, writes a
history line or says who won, it makes a :class:`Msg`: the English text (the gettext message id,
with ``{name}`` placeholders) and the arguments to fill in. The web layer, the CLI and the printed
decks word it in the reader's language (``companion.language.word``); nothing stored is prose.

A Msg is also a ``str``: the sentence worded in English. So the English reading of anything the
engines say is unchanged, and a log line or a test may treat it as text. Text made *from* a Msg
(``+``, ``.join``, an f-string) is plain English and loses its translations: put it in another
Msg as an argument instead::

    msg("{player} plays {card}.", player=name, card=term("royal visit card", "Jester"))

Babel extracts the message ids (``companion translations update``) by these keywords:

- ``msg(text, **args)``: one sentence or label;
- ``plural(singular, plural, n, **args)``: worded by CLDR's plural rules of the language
  (``n`` is an argument too);
- ``term(context, text)``: a name printed on a game's cards or board (a card, a location, a
  character), translated as the table's edition prints it; ``context`` keeps apart the same
  English word in two games.

Arguments are names (plain ``str``, never translated), numbers (worded in the language's way) or
other Msgs (worded in the same language). This module knows nothing of Flask, Babel or any
language but the English of its message ids.
"""
from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

_FORMATTER = string.Formatter()


class Msg(str):
    """A message id with its arguments; as a str, its English wording."""

    __slots__ = ("args", "context", "many", "number", "text")

    text: str  # the message id (the English singular where it has plurals)
    many: str | None  # the English plural, where the message has plural forms
    number: int | None  # the number that chooses the plural form (not ``count``: str has one)
    context: str | None  # a term's context (which game's cards)
    args: tuple[tuple[str, Any], ...]

    def __new__(cls, text: str, args: Mapping[str, Any] | None = None, *, many: str | None = None,
                count: int | None = None, context: str | None = None) -> Msg:
        args = tuple(sorted((args or {}).items()))
        chosen = text if many is None or count == 1 else many
        self = super().__new__(cls, fill(chosen, dict(args)) if args else chosen)
        self.text, self.many, self.number, self.context, self.args = text, many, count, context, args
        return self

    def __reduce__(self):
        return (_rebuild, (self.text, self.args, self.many, self.number, self.context))

    def __repr__(self) -> str:
        return f"msg({self.text!r}{''.join(f', {k}={v!r}' for k, v in self.args)})"

    def __eq__(self, other: object) -> bool:
        return str.__eq__(self, other)

    def __hash__(self) -> int:
        return str.__hash__(self)


def _rebuild(text, args, many, count, context) -> Msg:
    return Msg(text, dict(args), many=many, count=count, context=context)


def fill(text: str, args: Mapping[str, Any], word=str) -> str:
    """``text`` with each ``{name}`` replaced by its argument, each worded by ``word``."""
    out = []
    for literal, name, spec, _conversion in _FORMATTER.parse(text):
        out.append(literal)
        if name is not None:
            value = args[name]
            out.append(format(value, spec) if spec else word(value))
    return "".join(out)


def msg(text: str, **args: Any) -> Msg:
    """One sentence or label, ``text`` being its English and its message id."""
    return Msg(text, args)


def plural(singular: str, many: str, n: int, **args: Any) -> Msg:
    """A message whose wording depends on the number ``n`` (also an argument, ``{n}``)."""
    return Msg(singular, {"n": n, **args}, many=many, count=n)


def term(context: str, text: str) -> Msg:
    """A name printed on the cards or board of the game ``context`` names."""
    return Msg(text, context=context)


class Listing(Msg):
    """Several names or Msgs said as one list: in English "A, B and C" (or joined by ``sep``),
    in another language as CLDR lists them there ("A, B et C", "A, B und C")."""

    __slots__ = ("items", "sep")

    def __new__(cls, items: tuple[Any, ...], sep: str | None = None) -> Listing:
        words = [str(item) for item in items]
        english = sep.join(words) if sep is not None else (
            ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words))
        self = str.__new__(cls, english)
        self.text, self.many, self.number, self.context, self.args = english, None, None, None, ()
        self.items, self.sep = tuple(items), sep
        return self

    def __reduce__(self):
        return (Listing, (self.items, self.sep))

    def __repr__(self) -> str:
        return f"listing({list(self.items)!r})"


def listing(items: Any, sep: str | None = None) -> Listing:
    """``items`` (names, numbers or Msgs) as one list; ``sep`` joins them alike in every language
    (", " for a plain series) instead of the language's "and"."""
    return Listing(tuple(items), sep)


class Trimmed(Msg):
    """A Msg said without its closing full stop (a sentence quoted inside another)."""

    __slots__ = ("inner",)

    def __new__(cls, inner: Any) -> Trimmed:
        self = str.__new__(cls, str(inner).rstrip("."))
        self.text, self.many, self.number, self.context, self.args = str(self), None, None, None, ()
        self.inner = inner
        return self

    def __reduce__(self):
        return (Trimmed, (self.inner,))

    def __repr__(self) -> str:
        return f"trimmed({self.inner!r})"


def trimmed(value: Any) -> Trimmed:
    """``value`` (a Msg or a name) without its closing full stop, in every language."""
    return Trimmed(value)


def placeholders(text: str) -> set[str]:
    """The names of the ``{name}`` placeholders of a message id or translation."""
    return {name for _, name, _, _ in _FORMATTER.parse(text) if name is not None}
