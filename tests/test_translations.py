"""The catalogs: what a translator (or a developer who added a message) could get wrong, and the
wording of a message in each language (companion/language.py, docs/translating.md)."""
from __future__ import annotations

from pathlib import Path

import pytest

from companion import language
from companion.words import listing, msg, plural, term

ROOT = Path(__file__).resolve().parent.parent  # the checkout whose sources the catalogs follow


def test_every_catalog_is_the_sources_messages_each_translated_with_its_placeholders_and_plural_forms():
    """Every message of the sources is in the French and German catalogs, translated, not fuzzy,
    with the same placeholders as its message, and with every plural form its language has;
    none is left over from a message the sources no longer have."""
    faults = language.check(sources=ROOT)
    assert not faults, "\n".join(faults[:40]) + (f"\n... and {len(faults) - 40} more" if len(faults) > 40 else "")


@pytest.mark.parametrize("lang", language.LANGUAGES[1:])
def test_the_catalog_says_its_language_and_its_plural_rule(lang):
    catalog = language.read_catalog(lang)
    assert str(catalog.locale) == lang
    assert not catalog.fuzzy  # Babel compiles no fuzzy header: the plural rule would be lost
    assert catalog.num_plurals == len(language.plural_categories(lang))


def test_the_checks_see_a_missing_translation_a_wrong_placeholder_and_a_missing_plural_form(tmp_path, monkeypatch):
    """The check itself: a catalog with each fault a translator makes is refused, a line each."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po

    sources = Catalog(locale=None)
    for text in ("Undo {what}", "Nothing to undo", ("{n} card", "{n} cards")):
        sources.add(text, locations=[("companion/x.py", 1)])
    wrong = Catalog(locale="fr", fuzzy=False)
    wrong.add("Undo {what}", "Annuler {quoi}")
    wrong.add("Nothing to undo", "")
    wrong.add(("{n} card", "{n} cards"), ("{n} carte", "", "{n} cartes"))
    wrong.add("Gone", "Parti")
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "messages.po").open("wb") as file:
        write_po(file, wrong)
    monkeypatch.setattr(language, "FOLDER", tmp_path)
    monkeypatch.setattr(language, "extract", lambda *_: sources)
    faults = "\n".join(language.check(["fr"]))
    assert "'Undo {what}': the translation 'Annuler {quoi}' has the placeholders ['quoi']" in faults
    assert "'Nothing to undo' is not translated." in faults
    assert "'{n} card' is not translated in every plural form." in faults
    assert "'Gone' is no longer in the sources" in faults


def test_plurals_follow_each_languages_rule():
    """CLDR's rules: French says 0 and 1 in the singular, English and German only 1."""
    cards = lambda n: plural("{n} card", "{n} cards", n)  # noqa: E731
    assert [str(cards(n)) for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert language.plural_categories("fr") == ["one", "many", "other"]
    assert language.plural_categories("de") == ["one", "other"]


def test_a_message_is_its_english_as_text_and_is_worded_with_its_arguments_in_any_language():
    line = msg("{player} plays {card}.", player="Zoë", card=term("royal visit card", "Jester"))
    assert line == "Zoë plays Jester." and isinstance(line, str)
    assert language.word(line, "en") == "Zoë plays Jester."
    # A message no catalog knows is said in English, its arguments still filled in.
    assert language.word(msg("{player} did {count} things", player="Ann", count=1234), "de") == \
        "Ann did 1.234 things"


def test_the_language_a_phone_asks_for_is_one_the_companion_speaks():
    assert [language.choose(code) for code in ("fr-CH", "de_AT", "DE", "it", None, "")] == \
        ["fr", "de", "de", "en", "en", "en"]


def test_a_list_is_said_as_each_language_lists():
    names = listing(["Ann", "Bob", msg("the box")])
    assert names == "Ann, Bob and the box"
    assert language.word(listing(["Ann", "Bob", "Cid"]), "fr") == "Ann, Bob et Cid"
    assert language.word(listing(["Ann", "Bob", "Cid"]), "de") == "Ann, Bob und Cid"
    assert language.word(listing(["Ann", "Bob"], sep=" · "), "de") == "Ann · Bob"


def test_french_elides_before_a_name_that_starts_with_a_vowel():
    """« Au tour d’Ann », « au tour de Bob »: the elision a French reader expects, where the word
    after « de », « le »... is a name filled in; German and English are untouched."""
    turn = lambda name: msg("{player}'s turn", player=name)  # noqa: E731
    assert [language.word(turn(name), "fr") for name in ("Ann", "Émile", "Bob", "Yves")] == \
        ["Au tour d’Ann", "Au tour d’Émile", "Au tour de Bob", "Au tour de Yves"]
    assert language.word(turn("Ann"), "de") == "Ann ist dran" and str(turn("Ann")) == "Ann's turn"
