"""The languages the companion speaks: its gettext catalogs, and the wording of a Msg in one.

The catalogs are ``companion/translations/<lang>/LC_MESSAGES/messages.po``, one a language
(English is the message ids themselves). They are compiled once, when first needed (the app
compiles every one at start), with Babel. Flask-Babel words the templates with the same
compiled catalogs (companion/web/speech.py); the page scripts receive their language's messages
(:func:`script_messages`). docs/translating.md says how a translator adds or updates a language.
"""
from __future__ import annotations

import io
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.words import Listing, Msg, Trimmed, fill, placeholders

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog
    from babel.support import NullTranslations
# Babel is imported where it is used: choosing a language (the CLI's --lang) costs no import, so
# `companion scan` in English starts as fast as before.

LANGUAGES = ("en", "fr", "de")
DEFAULT = "en"
NAMES = {"en": "English", "fr": "Français", "de": "Deutsch"}  # each in its own language
FOLDER = Path(__file__).resolve().parent / "translations"
# The checkout whose sources the catalogs follow (extract, update, check): the package's folder's
# parent in a checkout or an editable install; an installed package has no templates/ beside it,
# and the checkout is then the current folder (where `companion translations` and pytest run).
_PARENT = Path(__file__).resolve().parent.parent
SOURCES = _PARENT if (_PARENT / "templates").is_dir() else Path.cwd()
# The keywords that mark a message in the sources, for Babel's extraction: companion.words in
# Python, Flask-Babel's in the templates, Words.t and .tn, Companion.th and
# .thn in the page scripts.
KEYWORDS = {
    "msg": None, "plural": (1, 2), "term": ((1, "c"), 2),
    "_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
    "t": None, "tn": (1, 2), "th": None, "thn": (1, 2),
}
MAPPING = FOLDER / "babel.cfg"


def catalog_path(lang: str) -> Path:
    return FOLDER / lang / "LC_MESSAGES" / "messages.po"


def read_catalog(lang: str) -> Catalog:
    from babel.messages.pofile import read_po

    with catalog_path(lang).open("rb") as file:
        return read_po(file, locale=lang)


@cache
def _read_once(lang: str) -> Catalog:
    """The catalog as the app reads it (compiled and sent to the scripts): parsed once a process."""
    return read_catalog(lang)


@cache
def translations(lang: str) -> NullTranslations:
    """The compiled catalog of ``lang`` (English: the message ids as they are)."""
    from babel.messages.mofile import write_mo
    from babel.support import NullTranslations, Translations

    if lang not in LANGUAGES or lang == DEFAULT:
        return NullTranslations()
    compiled = io.BytesIO()
    write_mo(compiled, _read_once(lang))
    compiled.seek(0)
    return Translations(compiled)


def compile_all() -> None:
    for lang in LANGUAGES:
        translations(lang)


def choose(wanted: str | None) -> str:
    """A language the companion speaks: ``wanted`` if it is one (``fr-CH`` is ``fr``), else English."""
    code = (wanted or "").replace("_", "-").split("-")[0].lower()
    return code if code in LANGUAGES else DEFAULT


def number(value: int | float, lang: str) -> str:
    """A number as the language writes it (French and German: ``1 234`` and ``1.234``)."""
    if lang == DEFAULT:
        return str(value)
    from babel.numbers import format_decimal

    return format_decimal(value, locale=lang)


def word(value: Any, lang: str) -> str:
    """``value`` worded in ``lang``: a Msg translated and filled in; a number written as the
    language writes it; any other value as ``str`` says it."""
    if isinstance(value, Trimmed):
        return word(value.inner, lang).rstrip(".")
    if isinstance(value, Listing):
        if lang == DEFAULT:
            return str.__str__(value)
        from babel.lists import format_list

        items = [word(item, lang) for item in value.items]
        return value.sep.join(items) if value.sep is not None else format_list(items, locale=lang) if items else ""
    if isinstance(value, Msg):
        if lang == DEFAULT:
            return str.__str__(value)
        catalog = translations(lang)
        if value.many is not None:
            text = (catalog.unpgettext(value.context, value.text, value.many, value.number)
                    if value.context else catalog.ungettext(value.text, value.many, value.number))
        else:
            text = catalog.upgettext(value.context, value.text) if value.context else catalog.ugettext(value.text)
        if not value.args:
            return text
        if lang == "fr":
            return _elided(fill(text, dict(value.args), lambda part: _MARK + word(part, lang)))
        return fill(text, dict(value.args), lambda part: word(part, lang))
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, (int, float)):
        return number(value, lang)
    return str(value)


# French elides "de", "que", "le", "la"... before a vowel: "Au tour d’Ann", "l’Aubergiste". A
# translation elides its own words; where the word after is an argument (a player's name, a
# card), it is elided once the argument is known. _MARK (a private-use character) marks where an
# argument begins while the sentence is filled in.
_MARK = "\ue000"
_ELISION = re.compile(r"(?<![\w’'])([DdLlJjNnSsMmTt]e|[Qq]ue|[Ll]a) " + _MARK
                      + r"(?=[AEIOUaeiouÀÂÆÉÈÊËÎÏÔŒÙÛÜàâæéèêëîïôœùûü])")


def _elided(text: str) -> str:
    return _ELISION.sub(lambda found: found.group(1)[:-1] + "’", text).replace(_MARK, "")


def worded(data: Any, lang: str) -> Any:
    """JSON-ready ``data`` with every Msg in it worded in ``lang`` (in English: as it is)."""
    if lang == DEFAULT:
        return data
    if isinstance(data, Msg):
        return word(data, lang)
    if isinstance(data, dict):
        return {key: worded(value, lang) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [worded(value, lang) for value in data]
    return data


def plural_categories(lang: str) -> list[str]:
    """CLDR's plural categories of ``lang`` in the order of its catalog's plural forms (as Babel
    writes them), so a script picks a form with ``Intl.PluralRules``."""
    from babel import Locale

    tags = Locale.parse(lang).plural_form.tags
    return [tag for tag in ("zero", "one", "two", "few", "many") if tag in tags] + ["other"]


@cache
def script_messages(lang: str) -> dict[str, Any]:
    """What a page's scripts need to speak ``lang``: every message the scripts use (found by
    where the catalog says it occurs) with its translation (a list of forms for a plural), and
    the language's plural categories. English sends no messages: the ids are the English."""
    messages: dict[str, Any] = {}
    if lang != DEFAULT:
        for message in _read_once(lang):
            if not message.id or not any(path.endswith(".js") for path, _ in message.locations):
                continue
            if isinstance(message.id, tuple):
                messages[message.id[0]] = list(message.string)
            else:
                messages[message.id] = message.string
    return {"lang": lang, "plurals": plural_categories(lang), "messages": messages}


def extract(sources: Path = SOURCES) -> Catalog:
    """Every message of the sources, as Babel finds it under :data:`KEYWORDS`."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with MAPPING.open() as file:
        method_map, options_map = parse_mapping_cfg(file)
    catalog = Catalog(project="companion", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
            sources, method_map, options_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def update(langs: Iterable[str] = LANGUAGES[1:], sources: Path = SOURCES) -> dict[str, tuple[int, int]]:
    """Bring each language's catalog up to the sources (Babel's update: new messages added
    untranslated, vanished ones made obsolete and dropped, fuzzy matching off, so nothing is
    guessed). Returns, a language, how many messages it has and how many wait for a translation."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    template = extract(sources)
    counts = {}
    for lang in langs:
        path = catalog_path(lang)
        if path.exists():
            catalog = read_catalog(lang)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = Catalog(locale=lang, project="companion", charset="utf-8", fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.obsolete.clear()
        with path.open("wb") as file:
            write_po(file, catalog, width=100, sort_output=True, include_previous=False,
                     include_lineno=False, omit_header=False)
        counts[lang] = (len(catalog), sum(1 for message in catalog if (message.id and not message.string)
                                          or (isinstance(message.string, tuple) and not all(message.string))))
        _read_once.cache_clear()
        translations.cache_clear()
        script_messages.cache_clear()
    return counts


_PERCENT = re.compile(r"%\((\w+)\)[sd]")


def _holes(text: str) -> set[str]:
    """The placeholders of a message in either style: ``{name}`` (Python, scripts) or
    ``%(name)s`` (Flask-Babel in the templates)."""
    try:
        braces = placeholders(text)
    except ValueError:  # an unbalanced brace: no placeholder can be read, say so
        braces = {"<unbalanced brace>"}
    return braces | set(_PERCENT.findall(text))


def check(langs: Iterable[str] = LANGUAGES[1:], sources: Path = SOURCES) -> list[str]:
    """What a translator (or a developer who forgot ``companion translations update``) could get
    wrong, a sentence each: a catalog that is not the sources' messages, a message left
    untranslated or fuzzy, a translation whose placeholders are not its message's, a plural
    without every form its language has. Empty when every catalog is right."""
    keys = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in extract(sources) if m.id}
    faults = []
    for lang in langs:
        if not catalog_path(lang).exists():
            faults.append(f"{lang}: there is no catalog {catalog_path(lang)}.")
            continue
        catalog = read_catalog(lang)
        forms = catalog.num_plurals
        have = set()
        for message in catalog:
            if not message.id:
                continue
            singular = message.id if isinstance(message.id, str) else message.id[0]
            key = (message.context, singular)
            have.add(key)
            name = f"{lang}: {singular!r}" + (f" ({message.context})" if message.context else "")
            if key not in keys:
                faults.append(f"{name} is no longer in the sources (run companion translations update).")
            if message.fuzzy:
                faults.append(f"{name} is marked fuzzy.")
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            if not all(strings):
                partly = len(strings) > 1 and any(strings)
                faults.append(f"{name} is not translated" + (" in every plural form." if partly else "."))
                continue
            if isinstance(message.id, tuple) and len(strings) != forms:
                faults.append(f"{name} has {len(strings)} plural forms; {lang} has {forms}.")
            wanted = set().union(*map(_holes, message.id)) if isinstance(message.id, tuple) else _holes(message.id)
            for form in strings:
                if _holes(form) - wanted or (not isinstance(message.id, tuple) and _holes(form) != wanted):
                    faults.append(f"{name}: the translation {form!r} has the placeholders "
                                  f"{sorted(_holes(form))}, the message {sorted(wanted)}.")
        for context, singular in sorted(keys - have, key=lambda key: (key[0] or "", key[1])):
            where = f" ({context})" if context else ""
            faults.append(f"{lang}: {singular!r}{where} is not in the catalog (run companion translations update).")
    return faults
