"""King's Court's game page tapped on a phone (Chromium at 360 x 740): two hands scored with the
card picker and one corrected; the arbiter's "May I play this card?" and a hand followed card by
card with a refusal; a Defender against a Catapult and a partner's "Yes" in a game of partners.
The strict table tests (every tap on screen, no scrolling) are in tests/test_table_kings_court.py.
"""
from __future__ import annotations

import pytest
from browser_support import ARTIFACTS, new_phone
from phone import PHONE, Phone
from playwright.sync_api import expect
from turns_kings_court import deal_card_by_card, open_game, pick

pytestmark = pytest.mark.browser


def test_a_kings_court_table_scores_two_hands_with_the_card_picker(server, browser):
    page = new_phone(browser)
    open_game(page, server, ("Ann", "Bob", "Cid"), choices=['[data-limit="750"]'])
    expect(page.locator("#turn")).to_contain_text("Hand 1 · Ann deals · to 750")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # Hand 1: Bob goes out; Ann holds Gold 7 and a King (7 + 25), Cid a Dragon and Blue 3 (35 + 3).
    page.locator('[data-out="1"]').tap()
    page.locator('[data-last=""]').tap()  # went out with no draw card
    page.locator('[data-cut="none"]').tap()  # the cut not tried
    expect(page.locator("#prompt")).to_have_text("Hand 1: enter Cid's hand (2 to go).")
    pick(page, 0, "gold", "gold-7")
    pick(page, 0, "kingdom", "king")
    pick(page, 2, "kingdom", "dragon")
    pick(page, 2, "blue", "blue-3")
    expect(page.locator("#points-0")).to_have_text("32")
    expect(page.locator("#points-2")).to_have_text("38")
    # A mistaken tap comes off again with a tap on its chip.
    pick(page, 2, "blue", "blue-4")
    expect(page.locator("#points-2")).to_have_text("42")
    page.locator('[data-picker="2"] .cp-chip', has_text="Blue 4").tap()
    expect(page.locator("#points-2")).to_have_text("38")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kings_court_hand.png"))
    page.locator("#record").tap()
    expect(page.locator('[data-total="0"]')).to_have_text("32")
    expect(page.locator('[data-total="1"]')).to_have_text("0")
    expect(page.locator('[data-total="2"]')).to_have_text("38")
    expect(page.locator("#turn")).to_contain_text("Hand 2 · Bob deals")

    # Hand 2: Ann goes out; Bob holds the Magic Potion with Green 9 and a Wizard (only 9
    # counts), Cid's count is typed.
    page.locator('[data-out="0"]').tap()
    page.locator('[data-last=""]').tap()  # went out with no draw card
    page.locator('[data-cut="none"]').tap()  # the cut not tried
    pick(page, 1, "kingdom", "magic-potion")
    pick(page, 1, "green", "green-9")
    pick(page, 1, "kingdom", "wizard")
    page.locator('[data-open="2"]').tap()
    page.locator('[data-mode="type"][data-seat="2"]').tap()
    page.fill('[data-typed="2"]', "40")
    expect(page.locator("#points-1")).to_have_text("9")
    expect(page.locator("#preview-ok")).to_contain_text("only Number cards count")
    page.locator("#record").tap()
    expect(page.locator('[data-total="0"]')).to_have_text("32")
    expect(page.locator('[data-total="1"]')).to_have_text("9")
    expect(page.locator('[data-total="2"]')).to_have_text("78")
    expect(page.locator(".kc-low")).to_have_text("Bob 9")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator("#view-sheet").tap()
    page.screenshot(path=str(ARTIFACTS / "kings_court_sheet.png"))

    # Correcting hand 2 names its own dealer's cut (Bob's), not the next dealer's (Cid's).
    expect(page.locator("#turn")).to_contain_text("Hand 3 · Cid deals")
    page.locator('[data-row="1"]').tap()
    page.locator("#correct-row").tap()
    page.locator('[data-restate="cut"]').tap()
    expect(page.locator("#panel")).to_contain_text("Bob's dealing cut")
    page.context.close()


def test_the_kings_court_arbiter_answers_and_a_hand_is_followed_card_by_card(server, browser):
    page = new_phone(browser)
    open_game(page, server)
    expect(page.locator("#turn")).to_contain_text("Hand 1 · Ann deals")

    # The arbiter, for a table that keeps only the sheet: a Blue 7 on a Gold 5 is refused,
    # with the rule named and opened in place; a Duke is a Kingdom card and names its suit.
    page.locator("#view-ask").tap()
    page.locator('#ask-panel [data-group="gold"]').tap()
    page.locator('#ask-panel [data-kind="gold-5"]').tap()
    ask = page.locator("#ask-play")
    ask.locator('[data-group="blue"]').tap()
    ask.locator('[data-kind="blue-7"]').tap()
    page.locator("#ask-go").tap()
    expect(page.locator("#message")).to_contain_text("No.")
    expect(page.locator("#message .rule-link")).to_have_text("Rule: Matching the suit")
    page.locator("#message .rule-link").tap()
    expect(page.locator("#rule-sheet")).to_be_visible()
    page.locator("#rule-sheet [data-close]").tap()
    ask.locator(".cp-chip").tap()
    ask.locator('[data-group="kingdom"]').tap()
    ask.locator('[data-kind="duke"]').tap()
    ask.locator('[data-field="suit"][data-value="green"]').tap()
    page.locator("#ask-go").tap()
    expect(page.locator("#message")).to_contain_text("Yes.")
    expect(page.locator("#message")).to_contain_text("green")

    # Follow a hand: deal with a Gold 5 turned up; Bob (left of the dealer) plays Gold 9,
    # Ann cannot follow and draws, then passes.
    page.locator("#view-hand").tap()
    deal_card_by_card(Phone(page, strict=False))
    page.locator('#turn-play [data-kind="gold-9"]').tap()
    page.locator("#ev-play").tap()
    expect(page.locator("#top")).to_have_text("Gold 9")
    expect(page.locator('[data-hand="1"]')).to_have_text("6")
    page.locator("#ev-other", has_text="Draw").tap()
    expect(page.locator('[data-hand="0"]')).to_have_text("8")
    page.locator("#ev-other", has_text="Pass").tap()
    # Bob may not play a Blue 3 on the Gold 9: refused with the rule, nothing stored.
    page.locator('#turn-play [data-group="blue"]').tap()
    page.locator('#turn-play [data-kind="blue-3"]').tap()
    page.locator("#ev-play").tap()
    expect(page.locator("#message")).to_contain_text("Blue 3")
    expect(page.locator('[data-hand="1"]')).to_have_text("6")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kings_court_follow.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.context.close()


def test_kings_court_card_by_card_a_defender_answers_a_catapult_and_a_partner_says_yes(server,
                                                                                        browser):
    """Rulebook: "Defender: Played in response to a battle card, which deflects (or cancels) any
    requirement or action for the individual player", and (Partners) "if the response is 'Yes,'
    the player must either go out or immediately draw two cards and lose their turn"."""
    page = new_phone(browser)
    open_game(page, server, ("Ann", "Bob", "Cat", "Dan"),
              choices=['input[name="partnerships"][value="opposite"]'])
    expect(page.locator("#turn")).to_contain_text("Hand 1 · Ann deals")
    deal_card_by_card(Phone(page, strict=False))

    # Bob's Catapult aims at Cat, who answers with a Defender: no swap, Cat's Defender is gone.
    turn = page.locator("#turn-play")
    turn.locator('[data-group="shield"]').tap()
    turn.locator('[data-kind="catapult"]').tap()
    turn.locator('[data-field="target"][data-value="2"]').tap()
    turn.locator('input[data-defended="2"]').check()
    page.locator("#ev-play").tap()
    expect(page.locator('[data-hand="1"]')).to_have_text("6")
    expect(page.locator('[data-hand="2"]')).to_have_text("6")
    expect(page.locator("#follow")).to_contain_text("Cat answered with a Defender")

    # Cat can go out and asks Ann: "Yes". Cat does not go out, so takes two and loses the turn.
    page.locator("#risk-open").tap()
    page.locator('[data-risk-kind="yes"]').tap()
    expect(page.locator("#follow-options")).to_contain_text("Cat's partner said Yes")
    expect(page.locator("#ev-other")).to_have_text("Take two")
    page.locator("#ev-other").tap()
    expect(page.locator('[data-hand="2"]')).to_have_text("8")
    expect(page.locator("#follow-options")).to_contain_text("Dan plays")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kings_court_defender_and_yes.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.context.close()


def test_a_cannonball_at_eight_players_offers_seven_defenders_on_one_screen(server, browser):
    """A Cannonball aims at everyone else: at eight players, the seven who might answer it with a
    Defender are ticked, and the play stored, without scrolling and clear of the action bar."""
    page = new_phone(browser)
    names = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
    open_game(page, server, names, selection="kc+kd")
    deal_card_by_card(Phone(page, strict=False))
    phone = Phone(page, strict=True)
    with phone.turn("a Cannonball and its Defenders"):
        phone.tap('#turn-play [data-group="shield"]')
        phone.tap('#turn-play [data-kind="cannonball"]')
        for seat in (2, 7):
            phone.tap(f'#turn-play input[data-defended="{seat}"]')
        phone.tap("#ev-play")
    expect(page.locator("#follow")).to_contain_text("Defender")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kings_court_cannonball_eight.png"))
