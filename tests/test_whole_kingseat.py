"""Whole Kingseat games through the page on strict phones (tests/whole_kingseat.py): every tap
on screen and uncovered, no page scrolling in any turn, axe-core and the 44 px check at each
new kind of state. Seed 0 here (4 players, two phones), and seed 1 (6 players, three phones,
Squlofish dark 1 paid with a card and Squlofish taken out of the Tell) and seed 3 (10 players
with all 12 princes, three phones) strict without the checks; benchmarks/table.py measures more.

Without Chromium the tests skip (see tests/browser_support.py).
"""
from __future__ import annotations

import pytest
from browser_support import ARTIFACTS, new_phone
from phone import MISHAPS, Mishaps, Phone, accessible, entries_stored
from whole_kingseat import play_one

from companion.games.kingseat import ENGINE

pytestmark = pytest.mark.browser


def test_a_whole_game_of_four_on_two_phones(server, browser):
    from playwright.sync_api import expect

    checked = []
    # Ids the engine uses that a player never needs to read.
    ids = [kind.id for kind in ENGINE.cards if "-" in kind.id] + \
        [ruling.id for ruling in ENGINE.rulings]

    def check(phone, what):
        accessible(phone.page, what)
        text = phone.page.evaluate("document.body.innerText")
        assert not [word for word in ids if word in text], what
        checked.append(what)

    phones = play_one(lambda: Phone(new_phone(browser), strict=True), server, 0, check)
    page = phones[0].page
    expect(page.locator("#winner")).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kingseat_whole_end.png"))
    turns = [turn for phone in phones for turn in phone.turns]
    assert all(turn.scrolled == 0 for turn in turns)
    assert "before reveal" in checked and "before loyalty" in checked


def test_a_whole_game_of_six_on_three_phones(server, browser):
    """Seed 1: Squlofish dark 1's card paid folds into one line once the next question is
    answered, so the Squlofish taken out of the Tell are tapped clear of the action bar."""
    from playwright.sync_api import expect

    phones = play_one(lambda: Phone(new_phone(browser), strict=True), server, 1)
    expect(phones[0].page.locator("#winner")).to_be_visible()
    assert len(phones) == 3
    assert all(turn.scrolled == 0 for phone in phones for turn in phone.turns)


def test_a_whole_game_of_ten_with_all_twelve_princes_on_three_phones(server, browser):
    """Seed 3: ten players and every prince, open votes with players out, Hardshell Hero dark 1
    with nine discarders: the voters, the twelve princes' vote grid, the actions, the Tell and
    the Loyalties all tapped on screen and clear of the action bar."""
    from playwright.sync_api import expect

    phones = play_one(lambda: Phone(new_phone(browser), strict=True), server, 3)
    page = phones[0].page
    expect(page.locator("#winner")).to_be_visible()
    assert len(page.evaluate("Companion.game.view.players")) == 10
    assert len(page.evaluate("Companion.game.view.princes")) == 12
    assert all(turn.scrolled == 0 for phone in phones for turn in phone.turns)


@pytest.mark.parametrize(("lang", "seed"), [("fr", 7), ("de", 3)])
def test_a_whole_game_of_ten_in_french_and_in_german(server, browser, lang, seed):
    """Every phone's browser speaks French (seed 7) or German (seed 3, all twelve princes): the
    whole game through the page in that language, strict, with axe-core, the 44 px check and no
    English left at each new kind of state; 0 px scrolled, 0 taps covered, 0 answers standing.
    Between them the two seeds use 39 of the 42 kinds of entry the driver knows."""
    from playwright.sync_api import expect

    checked = []

    def check(phone, what):
        assert phone.page.evaluate("document.documentElement.lang") == lang
        accessible(phone.page, f"{lang}, {what}")
        checked.append(what)

    phones = play_one(lambda: Phone(new_phone(browser, lang), strict=True), server, seed, check)
    page = phones[0].page
    expect(page.locator("#winner")).to_be_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"kingseat_whole_end_{lang}.png"))
    turns = [turn for phone in phones for turn in phone.turns]
    assert all(turn.scrolled == 0 and turn.covered == 0 and turn.standing == 0 for turn in turns)
    assert all(turn.english == [] for turn in turns)
    assert "before reveal" in checked and "before loyalty" in checked and "the end" in checked


def test_a_whole_game_with_the_phone_s_mishaps_keeps_every_draft_and_every_entry_once(server, browser):
    """Issue 31: at random (seeded) points of a vote being entered a phone reloads or goes to
    the rules and back; each time the votes entered come back, and the game ends with every
    entry stored once."""
    mishaps = Mishaps(seed=31, rate=0.25)
    phones = play_one(lambda: Phone(new_phone(browser), strict=True, mishaps=mishaps), server, 0)
    assert len(mishaps.done) >= 3, mishaps.summary()
    assert {kind for kind, _ in mishaps.done} == set(MISHAPS), mishaps.summary()
    assert all(outcome == "back" for _, outcome in mishaps.done), mishaps.summary()
    turns = [turn for phone in phones for turn in phone.turns]
    assert entries_stored(phones[0].page) == len(turns)  # each turn's entry once
    for phone in phones:
        phone.page.context.close()
