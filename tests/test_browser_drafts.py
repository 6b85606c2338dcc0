"""What is being entered survives the phone (issue 31): in every game and every view, a
half-entered draft comes back after a reload and after Rule -> All the rules -> Back, with its
steps (Undo takes back the last one), in the view it was in, and it says so; a draft another
phone's entry made stale while this page was away is dropped with the page's sentence; stored
data that is not a draft is ignored.

Without Chromium the tests skip, except under CI (see tests/browser_support.py).
"""
from __future__ import annotations

import json

import pytest
import turns_kings_court
from browser_support import ARTIFACTS, api_poster, new_phone, play_card
from phone import Phone
from playwright.sync_api import expect
from turns_kingseat import NAMES, PRINCES, VOTES
from turns_kingseat import set_up as kingseat_set_up
from turns_majesty import set_up as majesty_set_up
from turns_royal_visit import open_game as royal_visit_set_up

pytestmark = pytest.mark.browser

BACK = "What you were entering is back."


def phone_of(browser, lang: str = "en", game: str = "") -> Phone:
    phone = Phone(new_phone(browser, lang), strict=True, game=game)
    phone.page.set_default_timeout(10_000)
    return phone


def reload(page, said: str = BACK):
    """A reload (a pull-down, a tab the phone discarded): the page says what came back."""
    page.reload()
    expect(page.locator("#message")).to_contain_text(said)


def to_the_rules(page):
    """The page's Rule sheet, its All the rules link: the rules page, this page left."""
    url = page.url
    page.evaluate("document.getElementById('rule-sheet').showModal()")
    page.locator("#rule-sheet-all").tap()
    page.wait_for_url(lambda now: now != url)
    return url


def back(page, url: str):
    page.go_back()
    page.wait_for_url(url)
    page.locator("body[data-entries]").wait_for(state="attached")


def screenshot(page, name: str):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=f"/tmp/drafts-{name}.png")


# -------------------------------------------------------------------- Royal Visit


def test_royal_visit_s_half_entered_turn_survives_a_reload_and_the_rules_page(server, browser):
    phone = phone_of(browser)
    page = phone.page
    royal_visit_set_up(page, server)
    play_card(page, "wizard-1", 2)
    play_card(page, "wizard-1", 3)
    expect(page.locator("#draft li")).to_have_count(2)
    reload(page)
    expect(page.locator("#draft li")).to_have_text(["1. Wizard 1: Wizard +1 \u2192 +2",
                                                    "2. Wizard 1: Wizard +2 \u2192 +3"])
    expect(page.locator(".rv-space[data-pos='3'] .rv-chip.wizard")).to_have_count(1)
    screenshot(page, "royal-visit")
    # Its steps came back too: Undo takes back the last card, Redo puts it back.
    phone.tap("#undo")
    expect(page.locator("#message")).to_contain_text("Took back Wizard 1: Wizard +2 \u2192 +3.")
    expect(page.locator("#draft li")).to_have_count(1)
    phone.tap("#redo")
    expect(page.locator("#draft li")).to_have_count(2)
    url = to_the_rules(page)
    back(page, url)
    expect(page.locator("#draft li")).to_have_count(2)
    phone.tap("#end-turn")
    expect(page.locator("#turn")).to_contain_text("Bob's turn")
    expect(page.locator("#history li")).to_have_count(1)
    page.reload()  # stored: nothing comes back
    expect(page.locator("#draft li")).to_have_count(0)
    expect(page.locator("#message")).to_be_hidden()
    page.context.close()


def test_royal_visit_s_draft_made_stale_while_away_is_dropped_with_a_sentence(server, browser):
    phone = phone_of(browser)
    page = phone.page
    royal_visit_set_up(page, server)
    play_card(page, "wizard-1", 2)
    other = new_phone(browser)
    other.goto(page.url)
    url = to_the_rules(page)
    play_card(other, "king-1", -1)
    other.locator("#end-turn").tap()
    expect(other.locator("#turn")).to_contain_text("Bob's turn")
    back(page, url)
    expect(page.locator("#message")).to_contain_text(
        "Ann's turn was stored on another phone, so the cards picked here were dropped.")
    expect(page.locator("#draft li")).to_have_count(0)
    expect(page.locator("#turn")).to_contain_text("Bob's turn")
    page.reload()  # dropped for good
    expect(page.locator("#message")).to_be_hidden()
    other.context.close()
    page.context.close()


# -------------------------------------------------------------------- Majesty


def test_majesty_s_card_picked_survives_a_reload_and_the_rules_page_and_goes_when_stale(server, browser):
    phone = phone_of(browser)
    page = phone.page
    majesty_set_up(page, server)
    phone.tap('[data-slot="0"][data-as="brewer"]')
    expect(page.locator("#draft")).to_contain_text("Ann takes the Miller/Brewer as Brewer")
    reload(page)
    expect(page.locator("#draft")).to_contain_text("Ann takes the Miller/Brewer as Brewer")
    expect(page.locator('[data-new-card="miller"]')).to_be_visible()
    screenshot(page, "majesty")
    url = to_the_rules(page)
    back(page, url)
    expect(page.locator("#draft")).to_contain_text("Ann takes the Miller/Brewer as Brewer")
    phone.tap("#undo")
    expect(page.locator("#message")).to_contain_text("Took back the Miller/Brewer as Brewer.")
    phone.tap('[data-slot="1"]')
    # While this page is on the rules, another phone stores Ann's turn: back, the card goes.
    other = new_phone(browser)
    other.goto(page.url)
    url = to_the_rules(page)
    other.locator('[data-slot="5"]').tap()
    other.locator('[data-new-card="miller"]').tap()
    expect(other.locator("#preview")).to_contain_text("If Ann takes it")
    other.locator("#end-turn").tap()
    expect(other.locator("#turn")).to_have_text("Bob's turn")
    back(page, url)
    expect(page.locator("#message")).to_contain_text(
        "Ann's turn was stored on another phone, so the card picked here was dropped.")
    expect(page.locator("#draft")).to_be_hidden()
    other.context.close()
    page.context.close()


def test_stored_data_that_is_not_a_draft_is_ignored(server, browser):
    phone = phone_of(browser)
    page = phone.page
    majesty_set_up(page, server)
    game_id = page.evaluate("Companion.game.id")
    kept = {"format": 1, "game": game_id, "seat": None, "seq": 0, "view": None}
    for junk in ["{not json", json.dumps({**kept, "snapshot": {"draft": "[1]", "steps": "x"}}),
                 json.dumps({**kept, "view": 7, "snapshot": {"draft": '{"choice": 3}', "steps": []}}),
                 json.dumps({**kept, "snapshot": {"draft": '{"choice": {"slot": 99}}', "steps": []}}),
                 json.dumps({"format": 99}), "null"]:
        page.evaluate("([key, value]) => sessionStorage.setItem(key, value)", [f"draft-{game_id}", junk])
        page.reload()
        expect(page.locator("#turn")).to_have_text("Ann's turn")
        expect(page.locator("#draft")).to_be_hidden()
        phone.tap('[data-slot="2"]')  # the page works
        expect(page.locator("#draft")).to_be_visible()
        phone.tap("#undo")
    page.context.close()


# -------------------------------------------------------------------- King's Court


def kc_phone(browser) -> Phone:
    return phone_of(browser, game="King's Court")


def test_king_s_court_s_hand_followed_card_by_card_survives_and_goes_when_its_turn_is_taken(server, browser):
    phone = kc_phone(browser)
    page = phone.page
    turns_kings_court.set_up(phone, server)
    turns_kings_court.score_a_hand(phone)
    turns_kings_court.deal_card_by_card(phone)
    phone.tap('#turn-play [data-group="kingdom"]')
    phone.tap('#turn-play [data-kind="king"]')
    phone.tap('#turn-play [data-field="suit"][data-value="green"]')
    chip = page.locator("#turn-play .cp-chip")
    expect(chip).to_contain_text("King naming green")
    reload(page)
    expect(chip).to_contain_text("King naming green")
    screenshot(page, "kings-court")
    phone.tap("#undo")
    expect(page.locator("#message")).to_contain_text("Took back the King's suit.")
    phone.tap("#redo")
    expect(chip).to_contain_text("King naming green")
    url = to_the_rules(page)
    back(page, url)
    expect(chip).to_contain_text("King naming green")
    # Another phone enters Ann's turn while this one reads the rules: back, the King goes.
    other = kc_phone(browser)
    other.page.goto(page.url)
    url = to_the_rules(page)
    other.page.locator("#top", has_text="Gold 5").wait_for()
    other.tap('#turn-play [data-kind="gold-8"]')
    other.tap("#ev-play")
    other.page.locator("#top", has_text="Gold 8").wait_for()
    back(page, url)
    expect(page.locator("#message")).to_contain_text("Ann's turn was entered on another phone")
    expect(chip).to_have_count(0)
    other.page.context.close()
    page.context.close()


def test_king_s_court_s_hand_half_scored_and_the_view_shown_come_back(server, browser):
    phone = kc_phone(browser)
    page = phone.page
    turns_kings_court.set_up(phone, server, names=turns_kings_court.NAMES3)
    phone.tap('[data-out="1"]')
    phone.tap('[data-last=""]')
    phone.tap('[data-cut="none"]')
    phone.tap('[data-mode="type"][data-seat="2"]')
    page.locator('[data-typed="2"]').press_sequentially("40")
    page.locator("#points-2", has_text="40").wait_for()
    reload(page)
    expect(page.locator('[data-typed="2"]')).to_have_value("40")
    expect(page.locator("#points-2")).to_contain_text("40")
    phone.tap("#undo")
    expect(page.locator("#message")).to_contain_text("Took back the points typed for Cid.")
    page.locator('[data-typed="2"]').press_sequentially("40")
    page.locator("#points-2", has_text="40").wait_for()
    url = to_the_rules(page)
    back(page, url)
    expect(page.locator('[data-typed="2"]')).to_have_value("40")
    # The sheet shown stays the view shown, with the hand's draft held behind it.
    phone.tap("#view-sheet")
    page.reload()
    expect(page.locator("#view-sheet")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#sheet")).to_be_visible()
    phone.tap("#view-hand")
    expect(page.locator('[data-typed="2"]')).to_have_value("40")
    page.context.close()


def test_king_s_court_s_question_to_the_arbiter_comes_back_in_its_view(server, browser):
    phone = kc_phone(browser)
    page = phone.page
    turns_kings_court.set_up(phone, server)
    phone.tap("#view-ask")
    phone.tap('#ask-panel [data-group="blue"]')
    phone.tap('#ask-panel [data-kind="blue-3"]')
    phone.tap('#ask-play [data-kind="blue-7"]')
    reload(page)
    expect(page.locator("#view-ask")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#ask-play .cp-chip")).to_have_text(["Blue 7 \u00d7"])
    url = to_the_rules(page)
    back(page, url)
    expect(page.locator("#ask-play .cp-chip")).to_have_text(["Blue 7 \u00d7"])
    phone.tap("#undo")
    expect(page.locator("#ask-play .cp-chip")).to_have_count(0)
    assert page.evaluate("Companion.game.seq") == 0
    page.context.close()


# -------------------------------------------------------------------- Kingseat


def test_kingseat_s_vote_half_entered_survives_and_goes_when_the_vote_is_stored_elsewhere(server, browser):
    phone = phone_of(browser, game="kingseat")
    page = phone.page
    kingseat_set_up(page, server)
    for card in VOTES[:2]:
        phone.tap(f'[data-vote-kind="{card}"]')
    expect(page.locator("#voter-now")).to_contain_text("Cid")
    reload(page)
    expect(page.locator("#voter-now")).to_contain_text("Cid")
    expect(page.locator('[data-voter="1"]')).to_contain_text("Lionsyre")
    screenshot(page, "kingseat")
    phone.tap("#undo")
    expect(page.locator("#message")).to_contain_text("Took back Bob's vote")
    expect(page.locator("#voter-now")).to_contain_text("Bob")
    phone.tap("#redo")
    expect(page.locator("#voter-now")).to_contain_text("Cid")
    url = to_the_rules(page)
    back(page, url)
    expect(page.locator("#voter-now")).to_contain_text("Cid")
    # The whole vote stored through the API while this page is away: back, the two cards go.
    post = api_poster(new_phone(browser), server)
    url = to_the_rules(page)
    game_id = url.rstrip("/").split("/")[-1]
    post(f"/api/games/{game_id}/moves", {"seq": 0, "move": {"type": "vote", "votes": VOTES}})
    back(page, url)
    expect(page.locator("#message")).to_contain_text(
        "was stored on another phone, so what was entered here was dropped")
    expect(page.locator("#actor")).to_have_text("Cid acts")
    page.context.close()


def test_kingseat_s_vote_comes_back_in_french(server, browser):
    phone = phone_of(browser, "fr", game="kingseat")
    page = phone.page
    kingseat_set_up(page, server)
    for card in VOTES[:2]:
        phone.tap(f'[data-vote-kind="{card}"]')
    reload(page, "Ce que vous étiez en train de saisir est de retour.")
    expect(page.locator("#voter-now")).to_contain_text("Cid")
    page.context.close()


def test_kingseat_s_action_in_progress_survives_a_reload_and_the_rules_page(server, browser):
    phone = phone_of(browser, game="kingseat")
    page = phone.page
    post = api_poster(page, server)
    game = post("/api/games", {"game": "kingseat", "options": {
        "players": NAMES, "kingseat": 0, "princes": PRINCES, "leftovers": []}})
    post(f"/api/games/{game['id']}/moves", {"seq": 0, "move": {"type": "vote", "votes": VOTES}})
    page.goto(server + game["urls"]["page"])
    expect(page.locator("#actor")).to_have_text("Cid acts")
    if page.locator('[data-mode="action"]').count():
        phone.tap('[data-mode="action"]')
    phone.tap('[data-field="target"] [data-player="3"]')
    panel = page.locator("#action-panel").inner_text()
    assert "Dee" in panel
    reload(page)
    assert page.locator("#action-panel").inner_text() == panel
    url = to_the_rules(page)
    back(page, url)
    page.locator("#action-panel").wait_for()
    assert page.locator("#action-panel").inner_text() == panel
    phone.tap("#undo")
    expect(page.locator('[data-field="target"] [data-player="3"]')).to_be_visible()
    page.context.close()


def test_king_s_court_s_hand_half_scored_goes_with_a_sentence_when_another_phone_recorded_it(server, browser):
    phone = kc_phone(browser)
    page = phone.page
    turns_kings_court.set_up(phone, server)
    phone.tap('[data-out="1"]')
    phone.tap('[data-last=""]')
    url = to_the_rules(page)
    other = kc_phone(browser)
    other.page.goto(url)
    turns_kings_court.score_a_hand(other)  # hand 1, recorded on the other phone
    back(page, url)
    expect(page.locator("#message")).to_contain_text(
        "Hand 1 was recorded or dealt on another phone, so the cards entered here were dropped.")
    expect(page.locator('[data-out="1"][aria-pressed="true"], [data-out="1"].selected')).to_have_count(0)
    other.page.context.close()
    page.context.close()
