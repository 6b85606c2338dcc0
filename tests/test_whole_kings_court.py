"""Whole King's Court games through the page, strict: every tap on screen and uncovered, no page
scrolling in any turn (the deal, answering a draw card, the hand scored with the cards drawn
picked apart, the sheet's hands with the cut made and missed), no answer left standing once its
problem is fixed, each new kind of state accessible, and no internal id on the page.

The driver is tests/whole_kings_court.py (benchmarks/table.py runs it over more seeds,
measuring). Without Chromium the test skips, except under CI (see tests/browser_support.py).
"""
from __future__ import annotations

import pytest
from browser_support import ARTIFACTS, new_phone
from phone import MISHAPS, Mishaps, Phone, entries_stored
from whole_kings_court import play_whole_games

pytestmark = pytest.mark.browser


def test_whole_games_on_two_phones(server, browser):
    def factory() -> Phone:
        phone = Phone(new_phone(browser), strict=True, game="King's Court")
        phone.page.set_default_timeout(10_000)
        return phone

    # each game a hand followed card by card and scored, then two hands on the sheet (the cut
    # made, then missed) that end the game. Seed 3: a Magician is turned up as no card (the
    # dealer names the suit), the hand ends on a Dungeon. Seeds 4 and 54: three players, Risk
    # cards face up (two at once: the hands' line wraps) and played, On Guard called, and the last
    # sheet hand ends on a Dragon (who came next is asked); in 54 a Flaming Arrow burns no card.
    phones = play_whole_games(factory, server, [3, 4, 54])
    turns = [turn for phone in phones for turn in phone.turns]
    labels = {turn.label for turn in turns}
    assert {"deal a hand to follow", "play", "draw", "score a hand followed card by card",
            "score a hand on the sheet", "risk", "on-guard"} <= labels
    assert sum(t.scrolled for t in turns) == 0 and sum(t.covered for t in turns) == 0
    assert sum(t.standing for t in turns) == 0
    ARTIFACTS.mkdir(exist_ok=True)
    phones[0].page.screenshot(path=str(ARTIFACTS / "kings_court_whole_game_end.png"))
    for phone in phones:
        phone.page.context.close()


@pytest.mark.parametrize(("lang", "seed"), [("fr", 4), ("de", 3)])
def test_a_whole_game_in_french_and_in_german(server, browser, lang, seed):
    """The same game on two phones in French (seed 4: three players, Risk cards and On Guard) or
    German (seed 3: a Magician turned up as no card, the hand ends on a Dungeon): strict phones,
    so every turn and every new kind of state shows no English left; no scrolling, nothing
    covered, no answer left standing."""
    def factory() -> Phone:
        phone = Phone(new_phone(browser, lang), strict=True, game="King's Court")
        phone.page.set_default_timeout(10_000)
        return phone

    phones = play_whole_games(factory, server, [seed])
    assert phones[0].page.evaluate("document.documentElement.lang") == lang
    turns = [turn for phone in phones for turn in phone.turns]
    assert sum(t.scrolled for t in turns) == 0 and sum(t.covered for t in turns) == 0
    assert sum(t.standing for t in turns) == 0
    ARTIFACTS.mkdir(exist_ok=True)
    phones[0].page.screenshot(path=str(ARTIFACTS / f"kings_court_whole_game_end_{lang}.png"))
    for phone in phones:
        phone.page.context.close()


def test_a_whole_game_with_the_phone_s_mishaps_keeps_every_draft_and_every_entry_once(server, browser):
    """Issue 31: at random (seeded) points mid-turn (a card picked in a hand followed card by
    card, a count typed on the sheet) a phone reloads or goes to the rules and back; each time
    the draft comes back, and the game ends with every entry stored once."""
    mishaps = Mishaps(seed=31, rate=0.3)

    def factory() -> Phone:
        phone = Phone(new_phone(browser), strict=True, game="King's Court", mishaps=mishaps)
        phone.page.set_default_timeout(10_000)
        return phone

    phones = play_whole_games(factory, server, [3])
    assert len(mishaps.done) >= 3, mishaps.summary()
    assert {kind for kind, _ in mishaps.done} == set(MISHAPS), mishaps.summary()
    assert all(outcome == "back" for _, outcome in mishaps.done), mishaps.summary()
    turns = [turn for phone in phones for turn in phone.turns]
    assert entries_stored(phones[0].page) == len(turns)  # each turn's entry once
    for phone in phones:
        phone.page.context.close()
