"""Phones in Chromium (Debian's, driven by Playwright) at 360x740 play Royal Visit, Majesty and
King's Court by tapping (tests/browser_support.py: how).
"""
from __future__ import annotations

import pytest

from browser_support import ARTIFACTS, new_phone, pawns_on, play_card, set_up
from phone import PHONE

pytestmark = pytest.mark.browser


def test_two_players_play_royal_visit_on_a_phone_to_a_win(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    page.goto(server + "/")
    page.get_by_role("link", name="Royal Visit").first.tap()
    page.fill('input[name="player_top"]', "Ann")
    page.fill('input[name="player_bottom"]', "Bob")
    page.check('input[name="wizard"][value="top"]')
    page.locator("#create").tap()
    expect(page.locator("#turn")).to_contain_text("Ann's turn")

    # Nothing sticks out sideways at 360 px.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # A second phone joins by the game's link and follows the table.
    watcher = new_phone(browser)
    watcher.goto(page.url)
    expect(watcher.locator("#turn")).to_contain_text("Ann's turn")

    # A card with no legal move now is refused with the engine's reason and rule: after a
    # King card, a Guard card (one type of card a turn).
    play_card(page, "king-1", 1)
    page.locator('[data-card="guard-1"]').tap()
    expect(page.locator("#message")).to_contain_text("this turn already plays King cards")
    expect(page.locator("#message [data-rule]")).to_have_attribute("data-rule", "/rules/royal_visit#one-type")
    expect(page.locator("#draft li")).to_have_count(1)
    page.locator("#clear").tap()
    expect(page.locator("#draft li")).to_have_count(0)

    # Ann: the upper Guard to her Chateau's far end with three Guard 1+1 cards.
    for start, end in ((2, 4), (4, 6), (6, 8)):
        page.locator('[data-card="guard-1+1"]').tap()
        page.locator(f'[data-option][data-move="guard:{start}>{end}"]').tap()
        expect(pawns_on(page, end, "guard")).to_have_count(1)
    expect(page.locator("#draft li")).to_have_count(3)
    page.locator("#end-turn").tap()
    expect(page.locator("#turn")).to_contain_text("Bob's turn")
    expect(page.locator("#crown")).to_have_text("+1")
    expect(page.locator("#last-turn")).to_contain_text("+1 Guard in Ann's Chateau; drew 3")
    expect(page.locator("#draw-pile")).to_have_text("35")
    # The other phone sees it within two seconds, without a reload.
    expect(watcher.locator("#crown")).to_have_text("+1", timeout=2000)
    expect(watcher.locator("#turn")).to_contain_text("Bob's turn", timeout=2000)

    # Undo, then redo, Ann's turn (entered on this phone: no question asked).
    page.locator("#undo").tap()
    expect(page.locator("#turn")).to_contain_text("Ann's turn")
    expect(pawns_on(page, 2, "guard")).to_have_count(1)
    # The other phone is sent the move's line again, now taken back, and the undo's line.
    expect(watcher.locator("#history li")).to_have_count(2, timeout=2000)
    expect(watcher.locator("#history li").last).to_have_class("undone")
    page.locator("#redo").tap()
    expect(page.locator("#turn")).to_contain_text("Bob's turn")
    expect(watcher.locator("#history li")).to_have_count(3, timeout=2000)  # move, undo, redo
    expect(watcher.locator("#history li").last).not_to_have_class("undone")

    # Bob, on the other phone: the Wizard one space.
    play_card(watcher, "wizard-1", 2)
    watcher.locator("#end-turn").tap()
    expect(page.locator("#turn")).to_contain_text("Ann's turn", timeout=2000)

    # Ann: the King walks into her Chateau, one King card a space.
    for position in range(1, 8):
        play_card(page, "king-1", position)
        expect(page.locator("#draft li")).to_have_count(position)
    page.locator("#end-turn").tap()
    expect(page.locator("#winner")).to_contain_text("Ann won")
    expect(pawns_on(page, 7, "king")).to_have_count(1)
    expect(watcher.locator("#winner")).to_contain_text("Ann won", timeout=2000)
    expect(watcher.locator("#prompt")).to_have_text("The game is over: Ann won.")


def test_two_players_play_a_whole_majesty_game_on_a_phone(server, browser):
    """A whole 2-player game, every turn tapped in: the cards a real shuffled deck would show
    (from the engine's simulator), checked against the engine's own final score."""
    import random

    from playwright.sync_api import expect

    from companion.games.majesty.simulate import build_deck, random_game

    deck = build_deck(random.Random(7), 2, "standard", None)
    options = {"players": ["Ann", "Bob"], "first": 0, "sides": "A", "deck": "standard", "display": deck[:6]}
    moves, final = random_game(random.Random(8), options)

    page = new_phone(browser)
    page.goto(server + "/new/majesty")
    page.fill('input[name="player-0"]', "Ann")
    page.fill('input[name="player-1"]', "Bob")
    page.check('input[name="first"][value="0"]')
    for slot, kind in enumerate(options["display"]):
        page.select_option(f'select[name="display-{slot}"]', kind)
    page.locator("#create").tap()
    expect(page.locator("#turn")).to_contain_text("Ann's turn")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator("#deck summary").tap()
    expect(page.locator("#deck")).to_contain_text("Tier 2: 27 cards")

    for number, move in enumerate(moves):
        half = f'[data-as="{move["as"]}"]' if "as" in move else ""
        page.locator(f'[data-slot="{move["slot"]}"]{half}').tap()
        if "heal_as" in move:
            page.locator(f'[data-heal-as="{move["heal_as"]}"]').tap()
        if "new_card" in move:
            page.locator(f'[data-new-card="{move["new_card"]}"]').tap()
        expect(page.locator("#preview")).to_contain_text("takes it")
        page.locator("#end-turn").tap()
        expect(page.locator("#history li")).to_have_count(number + 1)

    expect(page.locator("#winner")).to_be_visible()
    for seat, points in enumerate(final.points):
        expect(page.locator(f'[data-points="{seat}"]')).to_have_text(str(points))
    expect(page.locator("#final")).to_contain_text("Final scores")
    expect(page.locator("#ranking li")).to_have_count(2)
    page.screenshot(path=str(ARTIFACTS / "majesty_whole_game.png"), full_page=True)


def test_a_majesty_table_under_way_taps_in_its_position(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    page.goto(server + "/new/majesty")
    page.fill('input[name="player-0"]', "Ann")
    page.fill('input[name="player-1"]', "Bob")
    page.check('input[name="first"][value="0"]')
    for slot, kind in enumerate(["miller", "brewer", "witch", "guard", "knight", "noble"]):
        page.select_option(f'select[name="display-{slot}"]', kind)
    page.locator("#position-builder summary").tap()
    page.locator('input[name="start"]').check()
    page.select_option('select[name="turn"]', "1")
    ann = page.locator('#realms [data-seat="0"]')
    ann.locator('select[data-add="mill"]').select_option("miller-brewer")
    expect(ann.locator('[data-remove="mill"]')).to_have_text("Miller/Brewer \u2715")
    ann.locator('[data-field="points"]').fill("2")
    ann.locator('[data-field="points"]').dispatch_event("change")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator("#create").tap()

    expect(page.locator("#turn")).to_contain_text("Bob's turn")
    expect(page.locator('[data-points="0"]')).to_have_text("2")
    expect(page.locator('.mj-player[data-seat="0"]')).to_contain_text("1 of 12 cards")


def pick(page, seat: int, suit: str, card: str):
    """Open a player's hand, then tap a suit tab and a card in its picker."""
    if page.locator(f'[data-picker="{seat}"]').count() == 0:
        page.locator(f'[data-open="{seat}"]').tap()
    picker = page.locator(f'[data-picker="{seat}"]')
    picker.locator(f'[data-group="{suit}"]').tap()
    picker.locator(f'[data-kind="{card}"]').tap()


def start_kings_court(page, server: str, names, **choices):
    """The setup page: the players' names, the first dealer among them (the first), a limit."""
    page.goto(f"{server}/new/kings_court")
    for seat, name in enumerate(names):
        page.fill(f'input[name="player-{seat}"]', name)
    page.select_option("#first-dealer", "0")
    for selector in choices.values():
        page.locator(selector).tap()
    page.locator("#create").tap()
    page.wait_for_url("**/g/**")


def test_a_kings_court_table_scores_two_hands_with_the_card_picker(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    start_kings_court(page, server, ["Ann", "Bob", "Cid"], limit='[data-limit="750"]')
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


def deal_a_gold_5(page):
    """Follow King's Court's next hand card by card, a Gold 5 turned up."""
    from playwright.sync_api import expect

    page.locator('[data-follow="1"]').tap()
    page.locator('#deal-panel [data-group="gold"]').tap()
    page.locator('#deal-panel [data-kind="gold-5"]').tap()
    page.locator('[data-deal-cut="none"]').tap()
    page.locator("#deal").tap()
    expect(page.locator("#top")).to_have_text("Gold 5")


def test_the_kings_court_arbiter_answers_and_a_hand_is_followed_card_by_card(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    start_kings_court(page, server, ["Ann", "Bob"])
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
    deal_a_gold_5(page)
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
    from playwright.sync_api import expect

    page = new_phone(browser)
    start_kings_court(page, server, ("Ann", "Bob", "Cat", "Dan"),
                      pairs='input[name="partnerships"][value="opposite"]')
    expect(page.locator("#turn")).to_contain_text("Hand 1 · Ann deals")
    deal_a_gold_5(page)

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


def test_deleting_a_game_asks_first_under_the_content_security_policy(server, browser):
    """The confirmation was an inline handler, which the policy forbids: now the page asks in
    its own sheet."""
    from playwright.sync_api import expect

    page = new_phone(browser)
    set_up(page, f"{server}/new/royal_visit", {"player_top": "Ann", "player_bottom": "Bob", "wizard": "top"})
    page.wait_for_url("**/g/**")
    page.locator("#more-button").tap()
    page.locator("summary", has_text="This game").tap()
    page.locator("button.danger").tap()
    expect(page.locator("#ask-text")).to_have_text("Delete this game for every phone?")
    page.locator("#ask-no").tap()
    page.wait_for_timeout(300)
    assert "/g/" in page.url
    page.locator("#more-button").tap()
    page.locator("button.danger").tap()
    page.locator("#ask-yes").tap()
    page.wait_for_url(f"{server}/")
    assert "was deleted" in page.content()
    page.context.close()
