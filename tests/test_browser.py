"""A phone in Chromium (Debian's, driven by Playwright) at 360x740 plays Royal Visit by tapping.

Without Chromium the tests skip, except under CI (CI=true), where a missing browser fails.
"""
from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from companion.web import create_app

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).parent / "artifacts"
PHONE = {"width": 360, "height": 740}
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def chromium_path() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    if os.environ.get("CI"):
        pytest.fail("Chromium is not installed: CI must install Debian's chromium (see .ci/run).")
    pytest.skip("Chromium is not installed (apt-get install chromium)")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("browser")
    app = create_app({"DATABASE_URL": f"sqlite:///{folder / 'companion.db'}", "SECRET_KEY": "browser",
                      "POLL_MILLISECONDS": 500})
    http = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{http.server_port}"
    http.shutdown()
    app.extensions["store"].dispose()


@pytest.fixture(scope="module")
def browser():
    path = chromium_path()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


def new_phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    return context.new_page()


def tap_space(page, position: int):
    page.locator(f'.rv-space[data-pos="{position}"] .rv-num').tap()


def play_card(page, card: str):
    page.locator(f'[data-card="{card}"]').tap()


def king_at(page) -> int:
    return int(page.locator(".rv-pawn.king").get_attribute("data-from"))


def test_two_players_play_royal_visit_on_a_phone_to_a_win(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    page.goto(server + "/")
    page.get_by_role("link", name="Royal Visit").first.tap()
    page.fill('input[name="player_top"]', "Ann")
    page.fill('input[name="player_bottom"]', "Bob")
    page.locator("#create").tap()
    expect(page.locator("#turn")).to_contain_text("Ann's turn")

    # Nothing sticks out sideways at 360 px.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # Tap targets are large enough for a thumb.
    for selector in ("[data-card]", ".rv-pawn", ".rv-space", "#end-turn", "#undo"):
        box = page.locator(selector).first.bounding_box()
        assert box["height"] >= 40, selector

    # A second phone joins by the game's link and follows the table.
    watcher = new_phone(browser)
    watcher.goto(page.url)
    expect(watcher.locator("#turn")).to_contain_text("Ann's turn")

    # An illegal card: King 1 two spaces. Refused with its rule, nothing entered.
    play_card(page, "king-1")
    tap_space(page, 2)
    expect(page.locator("#message")).to_be_visible()
    expect(page.locator("#message a")).to_have_attribute("href", "/rules/royal_visit#exact-move")
    expect(page.locator("#draft li")).to_have_count(0)

    # Ann: the upper Guard to her Chateau's far end with three Guard 1+1 cards.
    play_card(page, "guard-1+1")
    for start, end in ((2, 4), (4, 6), (6, 8)):
        page.locator(f'.rv-pawn.guard[data-from="{start}"]').tap()
        tap_space(page, end)
        expect(page.locator(f'.rv-pawn.guard[data-from="{end}"]')).to_have_count(1)
    expect(page.locator("#draft li")).to_have_count(3)
    page.locator("#end-turn").tap()
    expect(page.locator("#turn")).to_contain_text("Bob's turn")
    expect(page.locator("#crown")).to_have_text("+1")
    expect(page.locator("#last-turn")).to_contain_text("+1 Guard in Ann's Chateau; drew 3")
    expect(page.locator("#draw-pile")).to_have_text("35")
    # The other phone sees it within two seconds, without a reload.
    expect(watcher.locator("#crown")).to_have_text("+1", timeout=2000)
    expect(watcher.locator("#turn")).to_contain_text("Bob's turn", timeout=2000)

    # Undo, then redo, Ann's turn.
    page.locator("#undo").tap()
    expect(page.locator("#turn")).to_contain_text("Ann's turn")
    expect(page.locator('.rv-pawn.guard[data-from="2"]')).to_have_count(1)
    page.locator("#redo").tap()
    expect(page.locator("#turn")).to_contain_text("Bob's turn")
    expect(watcher.locator("#history li")).to_have_count(3, timeout=2000)  # move, undo, redo

    # Bob, on the other phone: the Wizard one space.
    play_card(watcher, "wizard-1")
    expect(watcher.locator(".rv-pawn.wizard")).to_be_in_viewport()  # the board scrolls to the pawn
    watcher.wait_for_timeout(400)  # let the smooth scroll settle for the screenshot
    ARTIFACTS.mkdir(exist_ok=True)
    watcher.screenshot(path=str(ARTIFACTS / "royal_visit_turn.png"))
    tap_space(watcher, 2)
    watcher.locator("#end-turn").tap()
    expect(page.locator("#turn")).to_contain_text("Ann's turn", timeout=2000)

    # Ann: the King walks into her Chateau, one King card a space.
    play_card(page, "king-1")
    for position in range(1, 8):
        tap_space(page, position)
        expect(page.locator("#draft li")).to_have_count(position)
    page.locator("#end-turn").tap()
    expect(page.locator("#winner")).to_contain_text("Ann won")
    assert king_at(page) == 7
    expect(watcher.locator("#winner")).to_contain_text("Ann won", timeout=2000)
    page.screenshot(path=str(ARTIFACTS / "royal_visit_won.png"), full_page=True)


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
    for slot, kind in enumerate(options["display"]):
        page.select_option(f'select[name="display-{slot}"]', kind)
    page.locator("#create").tap()
    expect(page.locator("#turn")).to_contain_text("Ann's turn")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator("#deck summary").tap()
    expect(page.locator("#deck")).to_contain_text("Tier 2: 27 cards")

    for number, move in enumerate(moves):
        page.locator(f'[data-slot="{move["slot"]}"]').tap()
        if "as" in move:
            page.locator(f'[data-as="{move["as"]}"]').tap()
        if "heal_as" in move:
            page.locator(f'[data-heal-as="{move["heal_as"]}"]').tap()
        if "new_card" in move:
            page.locator(f'[data-new-card="{move["new_card"]}"]').tap()
        expect(page.locator("#preview")).to_contain_text("If you take it")
        if number == 0:
            page.screenshot(path=str(ARTIFACTS / "majesty_turn.png"))
        page.locator("#end-turn").tap()
        expect(page.locator("#history li")).to_have_count(number + 1)

    expect(page.locator("#winner")).to_be_visible()
    for seat, points in enumerate(final.points):
        expect(page.locator(f'[data-points="{seat}"]')).to_have_text(str(points))
    expect(page.locator("#final")).to_contain_text("Final scoring")
    expect(page.locator("#ranking li")).to_have_count(2)
    page.screenshot(path=str(ARTIFACTS / "majesty_final.png"), full_page=True)


def test_a_majesty_table_under_way_taps_in_its_position(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    page.goto(server + "/new/majesty")
    page.fill('input[name="player-0"]', "Ann")
    page.fill('input[name="player-1"]', "Bob")
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
