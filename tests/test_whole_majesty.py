"""Whole Majesty games through the page, strict: every tap on screen and uncovered, no page
scrolling in any turn (the corrections, heals, Castle exchanges and final scoring included), no
answer left standing once its problem is fixed, and each new kind of state accessible. In French
and in German too: phones whose browsers speak the language, and no English left on any screen.

The driver is tests/whole_majesty.py (benchmarks/table.py runs it over more seeds, measuring).
Without Chromium the test skips, except under CI (see tests/browser_support.py).
"""
from __future__ import annotations

import pytest
from browser_support import new_phone
from phone import MISHAPS, Mishaps, Phone, entries_stored
from whole_majesty import play_whole_games

pytestmark = pytest.mark.browser


def test_whole_games_on_two_and_three_phones(server, browser):
    def factory() -> Phone:
        return Phone(new_phone(browser), strict=True)

    phones = play_whole_games(factory, server, [3])  # two players, every location on side B
    turns = [turn for phone in phones for turn in phone.turns]
    assert len(turns) == 24 + 1  # the turns and one correction
    assert sum(t.scrolled for t in turns) == 0 and sum(t.covered for t in turns) == 0
    assert sum(t.standing for t in turns) == 0
    for phone in phones:
        phone.page.context.close()


@pytest.mark.parametrize("lang, seed", [("fr", 1), ("de", 4)])  # three players, a mixed set
def test_whole_games_in_french_and_in_german(server, browser, lang, seed):
    def factory() -> Phone:
        return Phone(new_phone(browser, lang), strict=True)

    phones = play_whole_games(factory, server, [seed])
    turns = [turn for phone in phones for turn in phone.turns]
    assert len(turns) == 36 + 1  # the turns and one correction
    assert sum(t.scrolled for t in turns) == 0 and sum(t.covered for t in turns) == 0
    assert sum(t.standing for t in turns) == 0
    assert [t.english for t in turns if t.english] == []
    for phone in phones:
        assert phone.page.evaluate("document.documentElement.lang") == lang
        phone.page.context.close()


def test_a_whole_game_with_the_phone_s_mishaps_keeps_every_draft_and_every_entry_once(server, browser):
    """Issue 31: at random (seeded) points mid-turn a phone reloads or goes to the rules and back;
    each time the card picked comes back, and the game ends with every entry stored once."""
    mishaps = Mishaps(seed=31, rate=0.3)
    phones = play_whole_games(lambda: Phone(new_phone(browser), strict=True, mishaps=mishaps), server, [3])
    assert len(mishaps.done) >= 3, mishaps.summary()
    assert {kind for kind, _ in mishaps.done} == set(MISHAPS), mishaps.summary()
    assert all(outcome == "back" for _, outcome in mishaps.done), mishaps.summary()
    assert entries_stored(phones[0].page) == 24 + 1  # the turns and one correction, each once
    for phone in phones:
        phone.page.context.close()
