"""A phone that cannot reach the companion (issue 31): it says so at once in the status line
above the prompt (covering nothing), marks what it shows as possibly out of date, says when it is
back and catches up with what other phones stored meanwhile; an entry made offline waits and is
sent once when the companion is back (even when the first try reached the server and only its
answer was lost), or is dropped with a sentence when the table moved on; a reload while offline
(on 127.0.0.1, a secure context, with the service worker) shows the game as last seen, marked."""
from __future__ import annotations

import pytest
from browser_support import new_phone, play_card, set_up
from phone import ON_SCREEN, accessible, in_view, said

pytestmark = pytest.mark.browser
NAMES = {"player_top": "Ann", "player_bottom": "Bob", "wizard": "top"}
SOON = 3000  # ms Playwright waits for the status line: "within a couple of seconds"


def on_screen(page) -> set[str]:
    """The controls a thumb can tap now (buttons and links, by their text and place)."""
    controls = page.locator("main button:visible, .toolbar .inner button:visible, .toolbar .inner a:visible")
    return set(controls.evaluate_all(
        f"(els) => els.filter({ON_SCREEN}).map((el, i) => el.id || el.textContent.trim() + '#' + i)"))


def entries(page, server: str, game_url: str) -> list[dict]:
    game_id = game_url.rstrip("/").rsplit("/", 1)[-1].split("?")[0]
    return page.request.get(f"{server}/api/games/{game_id}/export").json()["entries"]


def a_table(browser, server, lang="en"):
    from playwright.sync_api import expect

    ann = new_phone(browser, lang)
    set_up(ann, f"{server}/new/royal_visit", NAMES)
    ann.wait_for_url("**/g/**")
    expect(ann.locator("#turn")).to_contain_text(said(ann, "{player}'s turn", player="Ann"))
    other = new_phone(browser)
    other.goto(ann.url.split("?")[0])
    expect(other.locator("#turn")).to_contain_text("Ann's turn")
    return ann, other


def test_offline_is_said_at_once_covering_nothing_and_an_entry_made_then_is_stored_once(server, browser):
    from playwright.sync_api import expect

    ann, other = a_table(browser, server)
    play_card(ann, "king-1", 1)  # Royal Visit checks each card with the companion as it is tapped
    before = on_screen(ann)
    ann.context.set_offline(True)
    net = ann.locator("#net")
    expect(net).to_contain_text("The companion cannot be reached", timeout=SOON)
    expect(ann.locator("body")).to_have_class("game-page stale")
    ann.screenshot(path="/tmp/net-offline-en.png")
    assert before <= on_screen(ann), "the status line covers a control"
    ann.locator("#end-turn").tap()
    expect(net).to_contain_text("your entry waits and is sent when it is back")
    ann.screenshot(path="/tmp/net-waiting-en.png")
    accessible(ann, "an entry waiting while offline")
    assert before <= on_screen(ann)
    ann.context.set_offline(False)
    expect(net).to_contain_text("Back in touch with the companion")
    expect(ann.locator("#turn")).to_contain_text("Bob's turn")
    expect(other.locator("#turn")).to_contain_text("Bob's turn")
    ann.screenshot(path="/tmp/net-back-en.png")
    assert [e["payload"]["type"] for e in entries(other, server, ann.url)] == ["play"]
    expect(net).to_be_hidden()
    for page in (ann, other):
        page.context.close()


def test_an_entry_whose_answer_was_lost_is_sent_again_and_stored_once(server, browser):
    """The first try reaches the companion, which stores the entry, and its answer is lost on the
    way back: the phone takes itself for offline, sends the entry again with its key once the
    companion answers, and the companion stores nothing twice."""
    from playwright.sync_api import expect

    ann, other = a_table(browser, server)
    lost = []

    def answer_lost(route):
        if not lost:
            lost.append(route.fetch().status)  # reached the server; the phone hears nothing
            route.abort()
        else:
            route.continue_()

    ann.route("**/api/games/*/moves", answer_lost)
    play_card(ann, "king-1", 1)
    ann.locator("#end-turn").tap()
    expect(ann.locator("#turn")).to_contain_text("Bob's turn")
    assert lost == [200]
    assert len(entries(other, server, ann.url)) == 1
    expect(other.locator("#turn")).to_contain_text("Bob's turn")
    for page in (ann, other):
        page.context.close()


def test_what_others_stored_meanwhile_is_caught_up_and_a_stale_entry_dropped_with_a_sentence(server, browser):
    """In German: the phone offline while another phone stores Ann's turn and Bob's pass; Ann's turn
    entered offline waits, is refused when the companion is back (the table moved on), and said
    so; the page then shows the game as it stands."""
    from playwright.sync_api import expect

    ann, other = a_table(browser, server, "de")
    play_card(ann, "king-1", 1)
    ann.context.set_offline(True)
    net = ann.locator("#net")
    expect(net).to_contain_text(said(ann, "The companion cannot be reached: what is shown may "
                                          "be out of date."), timeout=SOON)
    play_card(other, "king-1", 1)
    other.locator("#end-turn").tap()
    expect(other.locator("#turn")).to_contain_text("Bob's turn")
    other.locator("#pass").tap()
    other.locator("#ask-yes").tap()
    expect(other.locator("#turn")).to_contain_text("Ann's turn")
    ann.locator("#end-turn").tap()
    expect(net).to_contain_text(said(ann, "The companion cannot be reached: your entry waits and "
                                          "is sent when it is back."))
    ann.screenshot(path="/tmp/net-waiting-de.png")
    accessible(ann, "an entry waiting while offline, in German")
    ann.context.set_offline(False)
    expect(net).to_contain_text(said(
        ann, "The entry made while the companion could not be reached was not stored: another "
             "phone entered a move first."))
    assert in_view(ann, "#net") and ann.locator("#net").evaluate("(el) => el.scrollHeight <= el.clientHeight")
    ann.screenshot(path="/tmp/net-back-de.png")
    assert ann.locator("body").get_attribute("data-entries") == "2"
    assert len(entries(other, server, ann.url)) == 2
    for page in (ann, other):
        page.context.close()


def test_a_reload_while_offline_shows_the_game_as_last_seen_marked_offline(server, browser):
    from playwright.sync_api import expect

    ann, other = a_table(browser, server)
    assert ann.evaluate("window.isSecureContext")
    ann.evaluate("navigator.serviceWorker.ready.then(() => true)")
    ann.reload()  # now through the worker, which keeps the page
    expect(ann.locator("#turn")).to_contain_text("Ann's turn")
    play_card(other, "king-1", 1)
    other.locator("#end-turn").tap()
    expect(ann.locator("#turn")).to_contain_text("Bob's turn")
    ann.context.set_offline(True)
    ann.reload()
    expect(ann.locator("#net")).to_contain_text("The companion cannot be reached", timeout=SOON)
    expect(ann.locator("#turn")).to_contain_text("Bob's turn")
    ann.screenshot(path="/tmp/net-reload-offline-en.png")
    ann.context.set_offline(False)
    expect(ann.locator("#net")).to_contain_text("Back in touch with the companion")
    for page in (ann, other):
        page.context.close()
