"""A phone (Chromium at 360x740) photographs printed proxy cards through the Scan button.

King's Court: the cards left in a hand are scored at once (the toolbar's Scan fills the next hand
still empty, a hand's own Scan button fills that hand); a played card goes to the arbiter, or to
the turn of a hand followed card by card, and is checked at once. Kingseat: one photo of a
round's revealed votes, laid left to right from the Kingseat going clockwise, fills the vote;
the page asks who played which card only when the count differs or a tie depends on the seats.

The photos are made from the printables' own PDFs (tests/scan_support.py). Without Chromium the
tests skip (see tests/browser_support.py).
"""
from __future__ import annotations

import pytest
from browser_support import ARTIFACTS, new_phone
from phone import PHONE
from scan_support import card_photo

pytestmark = pytest.mark.browser


def photo(deck: str, kinds: list[str], selection: str) -> dict:
    return {"name": "photo.jpg", "mimeType": "image/jpeg", "buffer": card_photo(deck, kinds, selection)}


def kings_court_photo(*kinds: str) -> dict:
    return photo("kings-court", list(kinds), "kc+kd+bonus")


def kingseat_photo(*kinds: str) -> dict:
    return photo("kingseat", list(kinds), "starter")


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def new_kings_court(page, server, names):
    from playwright.sync_api import expect

    page.goto(f"{server}/new/kings_court")
    for seat, name in enumerate(names):
        page.fill(f'input[name="player-{seat}"]', name)
    page.select_option("#first-dealer", "0")
    page.locator("#create").tap()
    expect(page.locator("#turn")).to_contain_text("Hand 1")
    expect(page.locator("#scan")).to_be_visible()


def test_a_photo_of_each_hand_is_scored_at_once(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    new_kings_court(page, server, ["Ann", "Bob", "Cid"])
    # Bob goes out. Ann's own Scan button opens the camera (as the toolbar's Scan does) for her
    # hand: Gold 7 and a King (7 + 25), scored at once.
    page.locator('[data-out="1"]').tap()
    page.locator('[data-last=""]').tap()  # went out with no draw card
    page.locator('[data-cut="none"]').tap()  # the cut not tried
    page.locator('[data-open="0"]').tap()
    page.locator('[data-scan="0"]').tap()
    page.set_input_files("#scan-photo", kings_court_photo("gold-7", "king"))
    expect(page.locator("#scan-read")).to_contain_text("Read 2 cards: Gold 7, King")
    expect(page.locator("#scan-note")).to_contain_text(
        "Ann's hand: 2 cards. Scan again for Cid's hand.")
    expect(page.locator("#points-0")).to_have_text("32")
    expect(page.locator("#preview-waiting")).to_have_text("Still to enter: Cid's hand.")
    # The toolbar's Scan fills the next hand still empty going left from Bob: Cid's, a Dragon
    # and a Blue 3 (35 + 3).
    page.set_input_files("#scan-photo", kings_court_photo("dragon", "blue-3"))
    expect(page.locator("#scan-read")).to_contain_text("Read 2 cards: Dragon, Blue 3")
    expect(page.locator("#scan-note")).to_have_text("Cid's hand: 2 cards.")
    expect(page.locator('[data-picker="2"] .cp-chip')).to_have_count(2)
    expect(page.locator("#points-2")).to_have_text("38")
    expect(page.locator("#points-0")).to_have_text("32")
    expect(page.locator("#preview-ok")).to_contain_text("Ann")
    no_sideways_scroll(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "scan_kings_court_hand.png"))
    page.locator("#record").tap()
    expect(page.locator('[data-total="0"]')).to_have_text("32")
    expect(page.locator('[data-total="1"]')).to_have_text("0")
    expect(page.locator('[data-total="2"]')).to_have_text("38")


def test_a_played_card_is_checked_by_the_arbiter_at_once(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    new_kings_court(page, server, ["Ann", "Bob"])
    # The arbiter's view: a photo asks it about the cards in it. On a Gold 5, a Blue 7 is refused.
    page.locator("#view-ask").tap()
    page.locator('#ask-panel [data-kind="gold-5"]').tap()
    page.set_input_files("#scan-photo", kings_court_photo("blue-7"))
    expect(page.locator("#scan-note")).to_contain_text(
        "Asked the arbiter: may you play Blue 7 on the Gold 5?")
    expect(page.locator("#message")).to_contain_text("No.")
    expect(page.locator("#message .rule-link")).to_have_attribute("data-rule", "/rules/kings_court#follow-suit")
    expect(page.locator("#ask-play .cp-chip")).to_have_text(["Blue 7 \u00d7"])
    # A Gold 9 follows suit.
    page.set_input_files("#scan-photo", kings_court_photo("gold-9"))
    expect(page.locator("#message")).to_contain_text("Yes.")
    page.screenshot(path=str(ARTIFACTS / "scan_kings_court_arbiter.png"))

    # A hand followed card by card: a photo fills the turn of the seat to play (Bob, left of
    # the dealer) and the arbiter checks it before anything is stored.
    page.locator("#view-hand").tap()
    page.locator('[data-follow="1"]').tap()
    page.locator('#deal-panel [data-kind="gold-5"]').tap()
    page.locator('[data-deal-cut="none"]').tap()
    page.locator("#deal").tap()
    expect(page.locator("#top")).to_have_text("Gold 5")
    page.set_input_files("#scan-photo", kings_court_photo("blue-3"))
    expect(page.locator("#scan-note")).to_contain_text("Filled Bob's turn with Blue 3")
    expect(page.locator("#message")).to_contain_text("Blue 3 does not fit")
    expect(page.locator('[data-hand="1"]')).to_have_text("7")
    page.set_input_files("#scan-photo", kings_court_photo("gold-9"))
    expect(page.locator("#scan-note")).to_contain_text("the arbiter takes it")
    expect(page.locator("#scan-note")).to_contain_text("Gold 9")
    page.locator("#ev-play").tap()
    expect(page.locator("#top")).to_have_text("Gold 9")
    expect(page.locator('[data-hand="1"]')).to_have_text("6")
    no_sideways_scroll(page)


def new_kingseat(page, server):
    """Ann, Bob, Cid and Dee (Ann in the Kingseat), the starter set: nine cards each."""
    from playwright.sync_api import expect

    page.goto(f"{server}/new/kingseat")
    for seat, name in enumerate(["Ann", "Bob", "Cid", "Dee"]):
        page.fill(f'input[name="player-{seat}"]', name)
    page.select_option("#kingseat", "0")
    page.locator('[data-set="starter"]').tap()
    page.locator("#create").tap()
    expect(page.locator("#round")).to_have_text("Round 1")
    expect(page.locator("#scan")).to_be_visible()


def test_a_photo_of_the_four_votes_fills_the_round(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    new_kingseat(page, server)
    # The voters in the order a photo's cards are read: from the Kingseat, clockwise.
    expect(page.locator("[data-voter] .ks-voter-name")).to_have_text(["\u265b Ann", "Bob", "Cid", "Dee"])
    page.set_input_files("#scan-photo",
                         kingseat_photo("lionsyre", "hornseeker-dark1", "lionsyre", "monarchrys"))
    expect(page.locator("#scan-read")).to_contain_text(
        "Read 4 cards: Lionsyre, Hornseeker (dark 1), Lionsyre, Monarchrys")
    expect(page.locator("#scan-note")).to_contain_text(
        "By position from the Kingseat: Ann Lionsyre, Bob Hornseeker (dark 1), Cid Lionsyre and "
        "Dee Monarchrys.")
    for player, name in enumerate(["Lionsyre", "Hornseeker (dark 1)", "Lionsyre", "Monarchrys"]):
        expect(page.locator(f'[data-voter="{player}"] .ks-voter-card')).to_have_text(name)
    # No tie and one card a voter: nothing to ask.
    expect(page.locator("#vote-result")).to_have_text("Lionsyre wins the round with 2 of 4 votes.")
    expect(page.locator("#scan-question")).to_have_count(0)
    expect(page.locator("#prompt")).to_contain_text("check it, then store it")
    no_sideways_scroll(page)
    page.screenshot(path=str(ARTIFACTS / "scan_kingseat_vote.png"), full_page=True)
    page.locator("#record").tap()
    expect(page.locator("#phase")).to_have_text("Actions")
    expect(page.locator("#last-vote")).to_contain_text("Lionsyre wins the round with 2 of 4 votes.")


def test_a_tie_asks_who_played_the_tied_cards(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    new_kingseat(page, server)
    # Three cards for four voters: the page asks, and the vote cannot be stored yet.
    page.set_input_files("#scan-photo", kingseat_photo("lionsyre", "hornseeker", "monarchrys"))
    expect(page.locator("#scan-question")).to_contain_text("The photo shows 3 cards for 4 voters")
    expect(page.locator("#record")).to_be_disabled()

    # The whole vote, two Hornseeker and two Lionsyre: as laid, Ann's Hornseeker (the King's
    # own card) wins the tie, so the page asks who played the tied cards.
    page.set_input_files("#scan-photo",
                         kingseat_photo("hornseeker", "lionsyre", "hornseeker", "lionsyre"))
    question = page.locator("#scan-question")
    expect(question).to_contain_text("Hornseeker and Lionsyre tie")
    expect(page.locator("#record")).to_be_disabled()
    expect(page.locator("#prompt")).to_contain_text("Say who played the scanned cards")
    no_sideways_scroll(page)
    page.screenshot(path=str(ARTIFACTS / "scan_kingseat_tie.png"), full_page=True)
    # Bob says the first Hornseeker was his: he and Ann trade cards, and Lionsyre wins.
    question.locator('[data-scan-for="0"][data-scan-seat="1"]').tap()
    expect(page.locator('[data-voter="0"] .ks-voter-card')).to_have_text("Lionsyre")
    expect(page.locator('[data-voter="1"] .ks-voter-card')).to_have_text("Hornseeker")
    page.locator("#scan-confirm").tap()
    expect(page.locator("#scan-question")).to_have_count(0)
    expect(page.locator("#vote-result")).to_contain_text(
        "Lionsyre wins the round because Ann's card, in the Kingseat itself")
    expect(page.locator("#prompt")).to_contain_text("check it, then store it")
    page.locator("#record").tap()
    expect(page.locator("#last-vote")).to_contain_text("Lionsyre wins the round because Ann's card")
