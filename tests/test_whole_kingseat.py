"""Whole Kingseat games through the page on strict phones (tests/whole_kingseat.py): every tap
on screen and uncovered, no page scrolling in any turn, axe-core and the 44 px check at each
new kind of state. One seed here (4 players, two phones); benchmarks/table.py measures more.

Without Chromium the tests skip (see tests/test_browser.py).
"""
from __future__ import annotations

import pytest
from phone import Phone, accessible
from browser_support import ARTIFACTS, new_phone
from whole_kingseat import play_one

from companion.games.kingseat import ENGINE

pytestmark = pytest.mark.browser


def test_a_whole_game_of_four_on_two_phones(server, browser):  # noqa: F811
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
