"""The Statistics page on a phone (Chromium at 360 x 740) after a few games played to the end by
the engines' simulators: its charts drawn, nothing wider than the screen, and axe-core finds no
serious or critical accessibility violation. Its first screen (tests/artifacts/
statistics_phone.png) is the screenshot of docs/statistics.md (docs/statistics_phone.png)."""
from __future__ import annotations

import threading

import pytest
from browser_support import ARTIFACTS, CHROMIUM_FLAGS, chromium_path
from phone import PHONE, serious, small_targets
from stats_games import simulated, store_game
from werkzeug.serving import make_server

from companion.web import create_app

pytestmark = pytest.mark.browser

GAMES = [
    ("royal_visit", 1, ["Ann", "Bob"], False),
    ("royal_visit", 3, ["Cid", "Ann"], False),
    ("majesty", 27, ["Ann", "Bob"], False),
    ("majesty", 3, ["Ann", "Bob", "Cid"], False),
    ("kings_court", 1, ["Ann", "Bob", "Cid", "Dee"], True),
    ("kingseat", 3, ["Ann", "Bob", "Cid", "Dee"], False),
]


def test_the_statistics_page_on_a_phone(tmp_path):
    path = chromium_path()
    from playwright.sync_api import expect, sync_playwright

    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'companion.db'}",
                      "SECRET_KEY": "browser"})
    store = app.extensions["store"]
    http = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=http.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{http.server_port}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
            context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                          has_touch=True)
            page = context.new_page()
            page.goto(base + "/")
            # The games are this phone's (it may mark them): created with its device id.
            cookie = next(c["value"] for c in context.cookies() if c["name"] == "session")
            device = app.session_interface.get_signing_serializer(app).loads(cookie)["device"]
            ids = [store_game(store, game, *simulated(game, seed, players, partnered), owner=device)
                   for game, seed, players, partnered in GAMES]
            page.reload()
            page.get_by_role("link", name="Who has won most").tap()
            expect(page.locator("h1")).to_have_text("Statistics")
            expect(page.locator("#summary")).to_have_text(f"{len(GAMES)} finished games counted.")
            charts = page.locator("figure.chart img")
            assert charts.count() >= 4
            for n in range(charts.count()):
                chart = charts.nth(n)
                chart.scroll_into_view_if_needed()
                assert chart.evaluate("img => img.complete && img.naturalWidth > 0")
                box = chart.bounding_box()
                assert box["width"] >= 280 and box["x"] + box["width"] <= PHONE["width"]
                assert chart.get_attribute("alt")
            page.evaluate("window.scrollTo(0, 0)")
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "statistics_phone.png"))
            page.locator("details.player summary").first.tap()
            expect(page.locator("details.player table.rivals").first).to_be_visible()
            page.screenshot(path=str(ARTIFACTS / "statistics_full.png"), full_page=True)
            assert serious(page) == []

            # The game page: BG Stats link, the final scoring, the abandoned mark.
            page.goto(f"{base}/g/{ids[2]}")
            page.locator("#more-button").tap()
            page.locator("summary", has_text="This game").tap()
            assert page.locator("#bgstats").get_attribute("href").startswith("bgstats://")
            assert small_targets(page) == []  # the play as JSON too: a button, not a small link
            page.get_by_role("button", name="Mark abandoned").tap()
            expect(page.locator("#game-extras")).to_contain_text("Marked abandoned")
            assert serious(page) == []
            page.goto(base + "/stats")
            expect(page.locator("#summary")).to_contain_text(
                f"{len(GAMES) - 1} finished games counted; 1 marked abandoned")
            page.goto(base + "/players")
            assert serious(page) == []
            browser.close()
    finally:
        http.shutdown()
        store.dispose()
