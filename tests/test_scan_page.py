"""The page's scan answer (Chromium at 360x740): a photo of cards from two printed decks shows
the note beside the cards read. Without Chromium the test skips (see tests/browser_support.py)."""
from __future__ import annotations

import pytest
from browser_support import new_phone
from scan_support import card_photo
from turns_royal_visit import open_game

pytestmark = pytest.mark.browser


def test_cards_of_two_printed_decks_show_a_note_beside_them(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    open_game(page, server)
    mixed = card_photo("royal-visit", ["wizard-2", "wizard-3"], marks=["T35", "K9Q"])
    page.set_input_files("#scan-photo", {"name": "photo.jpg", "mimeType": "image/jpeg",
                                         "buffer": mixed})
    expect(page.locator("#scan-read")).to_contain_text("Read 2 cards: Wizard 2, Wizard 3")
    expect(page.locator("#scan-notes")).to_have_text(
        "These Royal Visit cards come from 2 printed decks (deck marks K9Q, T35): two decks may "
        "have been mixed.")
    page.set_input_files("#scan-photo", {"name": "photo.jpg", "mimeType": "image/jpeg",
                                         "buffer": card_photo("royal-visit", ["king-1"])})
    expect(page.locator("#scan-read")).to_contain_text("Read 1 card: King 1")
    expect(page.locator("#scan-notes")).to_have_count(0)
