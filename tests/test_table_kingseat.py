"""Kingseat at a table of six phones' worth of players, at 360 x 740: every typical turn on one
screen (strict phones: each tap on screen before it is made, the page never scrolls), refusals
in the action bar, Undo inside a half-entered vote, a draft kept across another phone's entry
and one dropped with its reason, nothing pre-selected, history lines that say who did what, a
finished game that offers nothing, and axe-core on the setup page, the start, mid-game and the
end. Kingseat has no signed numbers, so no stepper here.

Without Chromium the tests skip (see tests/browser_support.py).
"""
from __future__ import annotations

import pytest
from browser_support import ARTIFACTS, api_poster, new_phone, open_details
from phone import Phone, accessible, in_view, serious, small_targets
from turns_kingseat import NAMES, PRINCES, VOTES, hidden_game, play_typical_turns, set_up

pytestmark = pytest.mark.browser


def strict_phone(browser):
    return Phone(new_phone(browser), strict=True, game="kingseat")


def six_players(post):
    """A six-player game made through the API, as the setup page would make it."""
    return post("/api/games", {"game": "kingseat", "options": {
        "players": NAMES, "kingseat": 0, "princes": PRINCES, "leftovers": []}})


def test_the_typical_turns_need_no_scrolling_and_few_taps(server, browser):
    from playwright.sync_api import expect

    phones = play_typical_turns(lambda: strict_phone(browser), server)
    turns = {turn.label: turn for phone in phones for turn in phone.turns}
    for turn in turns.values():
        print(f"{turn.game}: {turn.label}: {turn.taps} taps, {turn.scrolled} px scrolled")
        assert turn.scrolled == 0, turn
    assert turns["a whole vote (6 players)"].taps == 6 + 1  # a tap a vote, one to store
    assert turns["a prince action (Crassclamps)"].taps == 5
    assert turns["a swap"].taps == 3
    # The history says who did what, in a player's words.
    page = phones[0].page
    history = page.locator("#history")
    expect(history).to_contain_text("The vote: Ann Lionsyre, Bob Lionsyre, Cid Crassclamps, "
                                    "Dee Hornseeker, Eve Lionsyre, Fay Monarchrys")
    expect(history).to_contain_text("Cid used the Crassclamps: Dee must vote Lionsyre next "
                                    "round, then swap places")
    expect(history).to_contain_text("Dee swapped places and a card with Ann")
    expect(page.locator("#prompt")).to_have_text(
        "Fay's turn: use the Monarchrys, swap places or do nothing?")


def test_a_vote_is_entered_voter_by_voter_and_undo_takes_back_the_last_card(server, browser):
    from playwright.sync_api import expect

    phone = strict_phone(browser)
    page = phone.page
    url = set_up(page, server)
    assert url
    # Nothing is pre-selected: the first voter is named, no card is chosen for anyone.
    expect(page.locator("#voter-now")).to_contain_text("Ann")
    expect(page.locator("#prompt")).to_have_text("Ann's vote: tap their card (0 of 6)")
    expect(page.locator("#vote-panel .selected, #vote-panel [aria-pressed]")).to_have_count(0)
    accessible(page, "the start")
    for card in VOTES[:3]:
        phone.tap(f'[data-vote-kind="{card}"]')
    expect(page.locator("#voter-now")).to_contain_text("Dee")
    expect(page.locator('[data-voter="2"]')).to_contain_text("Crassclamps")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kingseat_turn.png"))

    # Undo inside the draft takes back Cid's card only, and says so; nothing was stored.
    phone.tap("#undo")
    expect(page.locator("#message")).to_contain_text("Took back Cid's vote: Crassclamps.")
    expect(page.locator("#voter-now")).to_contain_text("Cid")
    expect(page.locator('[data-voter="2"]')).not_to_contain_text("Crassclamps")
    expect(page.locator('[data-voter="1"]')).to_contain_text("Lionsyre")
    assert page.evaluate("Companion.game.seq") == 0
    # A name in the strip goes back to that voter; their card can be changed in one tap.
    phone.tap('[data-voter="0"]')
    phone.tap('[data-vote-kind="hornseeker"]')
    expect(page.locator('[data-voter="0"]')).to_contain_text("Hornseeker")
    expect(page.locator("#voter-now")).to_contain_text("Cid")


def test_a_refused_vote_is_said_in_the_action_bar_and_the_draft_stays(server, browser):
    from playwright.sync_api import expect

    phone = strict_phone(browser)
    page = phone.page
    post = api_poster(page, server)
    game = six_players(post)
    # Round 1 as in the typical turns, then Cid's Crassclamps tells Dee to vote Lionsyre.
    for move in ({"type": "vote", "votes": VOTES},
                 {"type": "action", "player": 2, "card": "crassclamps", "target": 3,
                  "prince": "lionsyre", "order": "action"},
                 {"type": "pass", "player": 3}, {"type": "pass", "player": 5}):
        game = post(f"/api/games/{game['id']}/moves", {"seq": game["seq"], "move": move})
    page.goto(server + game["urls"]["page"])
    for card in ["lionsyre", "hornseeker", "monarchrys", "hornseeker"]:
        phone.tap(f'[data-vote-kind="{card}"]')
    # Dee voted Hornseeker though told to vote Lionsyre: refused at that tap (issue 31), in the
    # action bar, on screen, with the rule; Dee stays the voter entered, her card kept.
    message = page.locator("#message")
    expect(message).to_contain_text("Dee must vote Lionsyre this round (Crassclamps)")
    assert in_view(page, "#message")
    expect(page.locator('#vote-panel [aria-current="step"]')).to_have_attribute("data-voter", "3")
    expect(page.locator('[data-voter="3"]')).to_contain_text("Hornseeker")  # the draft stays
    expect(page.locator("#record")).to_be_disabled()
    assert in_view(page, "#none-held-now") and in_view(page, '[data-vote-kind="lionsyre"]')
    page.screenshot(path=str(ARTIFACTS / "kingseat_forced_at_the_tap.png"))
    # Dee holds no Lionsyre card: said (tapped, not covered by the refusal), the refusal goes
    # at once, and the next voter is entered.
    phone.tap("#none-held-now")
    expect(page.locator("#message")).to_be_hidden()
    expect(page.locator('#vote-panel [aria-current="step"]')).to_have_attribute("data-voter", "4")
    for card in ["gulliballistas", "smugwing"]:
        phone.tap(f'[data-vote-kind="{card}"]')
    phone.fixed("Dee held no Lionsyre card")
    expect(page.locator("#prompt")).to_have_text("The vote: check it, then store it")
    expect(page.locator("#message")).to_be_hidden()
    expect(page.locator('[data-none-held="3"][aria-pressed="true"]')).to_have_count(1)
    phone.tap("#record")
    expect(page.locator("#history")).to_contain_text(
        "Dee held no card of the prince they were told to vote")


def test_a_draft_is_kept_across_a_loyalty_set_aside_and_dropped_when_the_vote_is_stored_elsewhere(
        server, browser):
    from playwright.sync_api import expect

    phone = strict_phone(browser)
    page = phone.page
    ann = new_phone(browser)
    post = api_poster(ann, server)
    game = six_players(post)
    page.goto(server + game["urls"]["page"])
    for card in VOTES[:2]:
        phone.tap(f'[data-vote-kind="{card}"]')

    # Ann sets her Loyalty aside on her own phone: an entry, but the vote here is still whole.
    post(f"/api/games/{game['id']}/seat", {"player": 0})
    game = post(f"/api/games/{game['id']}/secret", {"secret": {"loyalty": "lionsyre"}})
    page.wait_for_function("seq => Companion.game.seq === seq", arg=game["seq"])
    expect(page.locator('[data-voter="1"]')).to_contain_text("Lionsyre")
    expect(page.locator("#voter-now")).to_contain_text("Cid")

    # Another phone stores the whole vote: the two cards here go, and the page says why.
    post(f"/api/games/{game['id']}/moves", {"seq": game["seq"], "move": {"type": "vote", "votes": VOTES}})
    message = page.locator("#message")
    expect(message).to_contain_text("was stored on another phone, so what was entered here was dropped")
    assert in_view(page, "#message")
    expect(page.locator("#actor")).to_have_text("Cid acts")


def test_nothing_is_pre_selected_in_an_action(server, browser):
    from playwright.sync_api import expect

    phone = strict_phone(browser)
    page = phone.page
    post = api_poster(page, server)
    game = six_players(post)
    game = post(f"/api/games/{game['id']}/moves", {"seq": game["seq"], "move": {"type": "vote", "votes": VOTES}})
    page.goto(server + game["urls"]["page"])
    expect(page.locator("#prompt")).to_have_text(
        "Cid's turn: use the Crassclamps, swap places or do nothing?")
    expect(page.locator("#action-panel .selected")).to_have_count(0)
    accessible(page, "mid-game")
    phone.tap('[data-mode="action"]')
    expect(page.locator("#action-form .selected")).to_have_count(0)
    expect(page.locator("#prompt")).to_have_text("Cid's turn: tap the player")
    # The players are named (the King crowned), never numbered.
    expect(page.locator('[data-field="target"] button')).to_have_text(
        ["\u265b Ann", "Bob", "Dee", "Eve", "Fay"])


def test_the_setup_page_names_the_players_and_chooses_nobody_for_the_kingseat(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    page.goto(server + "/new/kingseat")
    assert page.input_value("#kingseat") == ""
    for seat, name in enumerate(NAMES[:4]):
        page.fill(f'input[name="player-{seat}"]', name)
    shown = page.locator("#kingseat option:not([hidden])").all_inner_texts()
    assert shown == ["Choose the player in the Kingseat", "Ann", "Bob", "Cid", "Dee"]
    # The starter set and Brownbeards without the Dark cards leave three cards over: once they
    # are picked, a greyed card (still readable) says why it cannot be picked too.
    page.locator('[data-set="starter"]').tap()
    open_details(page, "#prince-choice")
    page.locator('[data-prince-box="brownbeards"]').tap()
    open_details(page, "#more-options")
    page.locator('input[name="ruling-dark_cards"][value="0"]').check()
    page.locator('[data-pick="leftovers"] [data-prince="monarchrys"]').tap()
    for _ in range(3):
        page.locator('[data-pick="leftovers"] [data-kind="monarchrys"]').tap()
    expect(page.locator('[data-pick="leftovers"] [data-kind="monarchrys"]')).to_have_attribute("aria-disabled", "true")
    # (Playwright counts aria-disabled as not enabled; a finger taps it all the same.)
    page.locator('[data-pick="leftovers"] [data-kind="monarchrys"]').tap(force=True)
    expect(page.locator("#leftover-why")).to_have_text("3 cards are picked already: take one off first.")
    assert page.input_value("#leftovers") == "monarchrys monarchrys monarchrys"
    assert serious(page) == []
    assert small_targets(page) == []


def test_a_finished_game_shows_the_result_and_offers_nothing(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    post = api_poster(page, server)
    options, moves = hidden_game()
    game = post("/api/games", {"game": "kingseat", "options": options})
    for move in moves:
        game = post(f"/api/games/{game['id']}/moves", {"seq": game["seq"], "move": move})
    page.goto(server + game["urls"]["page"])
    expect(page.locator("#winner")).to_have_text(game["result"]["reason"])
    expect(page.locator("#prompt")).to_have_text("The game is over: the result is at the top.")
    assert page.evaluate("document.body.classList.contains('finished')")
    expect(page.locator("#record")).to_be_hidden()
    expect(page.locator("#play .ks-turn button:visible")).to_have_count(0)
    accessible(page, "the end")
