"""What the browser tests share: Chromium's path and flags, WebKit's driver (tests/test_webkit.py),
a served app, a phone's page at 360x740 with touch, and taps every game's pages take. The fixtures
(``server``, ``browser``) are in conftest.py.

Without its browser a browser test skips, except under CI (CI=true), where a missing browser fails.
"""
from __future__ import annotations

import json
import os
import shutil
import threading
from contextlib import contextmanager
from pathlib import Path

import pytest
from phone import PHONE
from werkzeug.serving import make_server

# What the Content-Security-Policy refused in a browser test's pages (new_phone listens):
# conftest.py fails the test on any entry.
CSP_BLOCKED: list[str] = []

ARTIFACTS = Path(__file__).parent / "artifacts"
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def missing(what: str, package: str):
    """A browser test's browser is not installed: skip, but fail under CI (.ci/run installs it)."""
    if os.environ.get("CI"):
        pytest.fail(f"{what} is not installed: CI must install Debian's {package} (see .ci/run).")
    pytest.skip(f"{what} is not installed (apt-get install {package})")


def chromium_path() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found:
        return found
    missing("Chromium", "chromium")


def webkit_paths() -> tuple[str, str]:
    """WebKitGTK's WebDriver (it starts WebKitGTK's MiniBrowser) and Xvfb, the X server without a
    screen it draws in (this MiniBrowser has no headless mode)."""
    driver, xvfb = shutil.which("WebKitWebDriver"), shutil.which("Xvfb")
    if not driver:
        missing("WebKitWebDriver", "webkit2gtk-driver")
    if not xvfb:
        missing("Xvfb", "xvfb")
    return driver, xvfb


@contextmanager
def serving(app):
    """``app`` served on 127.0.0.1 in a thread: its address."""
    http = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{http.server_port}"
    http.shutdown()
    app.extensions["store"].dispose()


def new_phone(browser, lang: str = "en"):
    """A phone of 360 x 740 with touch, its browser set to ``lang`` (its Accept-Language, so the
    companion speaks that language to it)."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                                  locale={"en": "en-GB", "fr": "fr-FR", "de": "de-DE"}.get(lang, lang))
    page = context.new_page()
    page.on("console", lambda message: CSP_BLOCKED.append(message.text)
            if "Content Security Policy" in message.text else None)
    return page


def set_up(page, url: str, names: dict[str, str]):
    """Open a setup page, type the players' names into their fields (or check a radio
    button's value) and start the game."""
    page.goto(url)
    for field, value in names.items():
        if page.locator(f'input[name="{field}"]').first.get_attribute("type") == "radio":
            page.check(f'input[name="{field}"][value="{value}"]')
        else:
            page.fill(f'input[name="{field}"]', value)
    page.locator("#create").tap()


def play_card(page, card: str, to: int):
    """Royal Visit: tap a card, then the move offered that takes its pawn to ``to``."""
    page.locator(f'[data-card="{card}"]').tap()
    page.locator(f'[data-option][data-to="{to}"]').tap()


def pawns_on(page, position: int, pawn: str):
    return page.locator(f'.rv-space[data-pos="{position}"] .rv-chip.{pawn}')


def api_poster(page, server: str):
    """post(path, body) -> the game, through the API as this phone (its cookie and token)."""
    page.goto(server + "/")
    token = page.locator('meta[name="csrf-token"]').get_attribute("content")
    headers = {"X-CSRFToken": token, "Content-Type": "application/json"}

    def post(path, body):
        answer = page.request.post(server + path, data=json.dumps(body), headers=headers)
        assert answer.ok, answer.text()
        return answer.json()["game"]

    return post


def open_details(page, selector: str):
    """Open a collapsed section (a <details>, such as a setup page's "More options") by tapping
    its summary, unless it is open already."""
    if not page.locator(selector).evaluate("(el) => el.open"):
        page.locator(f"{selector} > summary").click()
