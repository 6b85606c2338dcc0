"""The surface every game page shares, on phones at 360 x 740 (Chromium, touch): joining by the
short code, the phone's player, undo and redo that name what they take back and ask before
taking back another phone's move, answers in the action bar with the rule in a sheet, the screen
kept awake, and the shared pages clean for axe-core with 44 px targets."""
from __future__ import annotations

import json

import pytest
from phone import Phone, serious, small_targets
from test_browser import browser, new_phone, server  # noqa: F401

pytestmark = pytest.mark.browser

KING_UP = {"type": "play", "cards": [{"card": "king-1", "moves": [{"pawn": "king", "from": 0, "to": 1}]}]}
KING_TWO = {"type": "play", "cards": [{"card": "king-1", "moves": [{"pawn": "king", "from": 0, "to": 2}]}]}


def create_royal_visit(page, server_url: str) -> str:
    """A Royal Visit game made by this phone (it owns it), its page opened."""
    page.goto(server_url + "/")
    token = page.locator('meta[name="csrf-token"]').get_attribute("content")
    answer = page.request.post(server_url + "/api/games",
                               headers={"X-CSRFToken": token, "Content-Type": "application/json"},
                               data=json.dumps({"game": "royal_visit",
                                                "options": {"players": ["Ann", "Bob"], "wizard": 0}}))
    game_id = answer.json()["game"]["id"]
    page.goto(f"{server_url}/g/{game_id}")
    return game_id


def send(page, move) -> bool:
    """What a game's script does when its player stores a turn."""
    return page.evaluate("(move) => Companion.send(`/api/games/${Companion.game.id}/moves`, { move })", move)


def in_viewport(locator) -> bool:
    return Phone(locator.page).on_screen(locator)


def test_join_by_code_say_who_holds_the_phone_and_undo_that_asks(server, browser):
    from playwright.sync_api import expect

    ann = new_phone(browser)
    create_royal_visit(ann, server)
    code = ann.locator("#code-button").inner_text().strip()
    assert len(code) == 6

    # Ben's phone types the code, in lower case, on the home page, and is asked who holds it.
    ben = new_phone(browser)
    ben.goto(server + "/")
    ben.fill('input[name="code"]', code.lower())
    ben.get_by_role("button", name="Join").tap()
    expect(ben.locator("#more")).to_be_visible()
    expect(ben.locator("#seat-choices")).to_contain_text("Bob")
    ben.locator('#seat-choices [data-seat="1"]').tap()
    expect(ben.locator("#more")).to_be_hidden()
    expect(ben.locator("#seat-now")).to_have_text("Bob's")
    assert "joined" not in ben.url  # a reload does not ask again

    # Ann's turn is stored on Ann's phone; Bob's phone sees it.
    assert send(ann, KING_UP)
    expect(ben.locator("#history li")).to_have_count(1, timeout=3000)

    # Undo on Bob's phone names Ann's move and asks first: "Keep it" leaves it stored.
    bob = Phone(ben)
    bob.tap("#undo")
    expect(ben.locator("#ask")).to_be_visible()
    expect(ben.locator("#ask-text")).to_contain_text("Ann's move")
    expect(ben.locator("#ask-text")).to_contain_text(ben.evaluate("Companion.game.undo.text"))
    ben.locator("#ask-no").tap()
    ben.wait_for_timeout(300)
    assert ben.evaluate("Companion.game.seq") == 1
    # "Undo it" takes it back and says what was undone, in the action bar, on screen.
    bob.tap("#undo")
    ben.locator("#ask-yes").tap()
    expect(ben.locator("#message")).to_contain_text("Undone:")
    assert in_viewport(ben.locator("#message"))
    expect(ben.locator("#history li.undone")).to_have_count(1)

    # Ann stored it from her phone: her Redo asks nothing and says what it brought back.
    expect(ann.locator("#redo")).to_be_enabled(timeout=3000)
    Phone(ann).tap("#redo")
    expect(ann.locator("#ask")).to_be_hidden()
    expect(ann.locator("#message")).to_contain_text("Redone:")
    assert ann.evaluate("Companion.game.redo") is None
    assert ann.locator("#undo").get_attribute("aria-label").startswith("Undo ")


def test_a_refusal_is_shown_in_the_action_bar_with_its_rule_in_a_sheet(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    create_royal_visit(page, server)
    assert not send(page, KING_TWO)
    message = page.locator("#message")
    expect(message).to_be_visible()
    assert in_viewport(message)
    rule = message.locator(".rule-link")
    expect(rule).to_have_text("Rule: Exact moves")  # the rule's title, not its id
    Phone(page).tap(rule)
    sheet = page.locator("#rule-sheet")
    expect(sheet).to_be_visible()
    expect(sheet).to_contain_text("exactly the number of spaces")
    assert len(page.context.pages) == 1  # no new tab
    page.locator("#rule-sheet [data-close]").tap()
    expect(sheet).to_be_hidden()
    assert page.evaluate("Companion.game.seq") == 0  # nothing stored
    Phone(page).tap("#message .message-close")
    expect(message).to_be_hidden()


def test_the_screen_is_kept_on_unless_the_phone_turns_it_off(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    create_royal_visit(page, server)
    page.locator("#more-button").tap()
    wake = page.locator("#wake")
    expect(wake).to_be_checked()
    expect(page.locator("#wake-note")).not_to_be_empty()
    wake.tap()
    expect(page.locator("#wake-note")).to_contain_text("locks as the phone's settings say")
    page.reload()
    page.locator("#more-button").tap()
    expect(page.locator("#wake")).not_to_be_checked()


def test_a_long_game_shows_its_last_moves_and_earlier_ones_on_request(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    create_royal_visit(page, server)
    assert send(page, KING_UP)
    for seq in range(1, 120):  # undo, redo, ...: 120 lines of history
        which = "undo" if seq % 2 else "redo"
        assert page.evaluate(f"Companion.send(`/api/games/${{Companion.game.id}}/{which}`)")
    page.reload()
    page.locator("#more-button").tap()
    page.locator("#history-box summary").tap()
    expect(page.locator("#history li")).to_have_count(100)
    earlier = page.locator("#history-earlier")
    expect(earlier).to_have_text("Earlier moves (20)")
    earlier.tap()
    expect(page.locator("#history li")).to_have_count(120)
    expect(earlier).to_be_hidden()
    expect(page.locator("#history li").last).to_contain_text("1.")
    # A new entry is added at the top without losing the earlier lines.
    page.locator("#more [data-close]").first.tap()
    assert page.evaluate("Companion.send(`/api/games/${Companion.game.id}/redo`)")
    expect(page.locator("#history li")).to_have_count(121)


SHARED_PAGES = ["/", "/print", "/players", "/stats", "/rules/royal_visit", "/rules/majesty",
                "/rules/kings_court", "/rules/kingseat"]


def test_the_shared_pages_are_clean_for_axe_with_thumb_sized_targets(server, browser):
    page = new_phone(browser)
    create_royal_visit(page, server)
    page.locator("#more-button").tap()
    page.locator("#history-box summary").tap()
    assert serious(page) == [], "the More sheet"
    assert small_targets(page) == [], "the More sheet"
    for path in SHARED_PAGES:
        page.goto(server + path)
        assert serious(page) == [], path
        assert small_targets(page) == [], path
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
