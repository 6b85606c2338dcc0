"""The pages in WebKit, the engine of iOS Safari: WebKitGTK's MiniBrowser (Debian's
webkit2gtk-driver) driven through Selenium, its page 360 x 740 CSS px as the Chromium tests'.

Each game is set up on its setup page with real names and played for a few real turns through the
page; Undo takes back the last stored entry and the page says what it undid; the controls of the
turn are on screen and uncovered before each tap, and no tap scrolls the page. The home page, the
rules pages, the statistics and the printing page load whole. In every page a probe (a
same-origin script the test server puts first in ``<head>``, so it runs before any of the page's
own) notes every JavaScript error, unhandled promise rejection, resource that failed to load and
Content-Security-Policy violation; a test fails on any.

WebKitGTK is not iOS Safari (docs/contributing.md says what this covers and what it does not).
Without WebKitWebDriver or Xvfb the tests skip, except under CI (CI=true), where they fail.
"""
from __future__ import annotations

import os
import subprocess
from contextlib import contextmanager

import pytest
import turns_kingseat
import turns_majesty
from browser_support import ARTIFACTS, serving, webkit_paths
from phone import ON_SCREEN, PHONE
from werkzeug.wrappers import Response

from companion.web import create_app

# Selenium's WebKitGTK driver sets its own address the way Selenium has deprecated.
pytestmark = [pytest.mark.browser,
              pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning")]

PROBE_PATH = "/webkit-probe.js"
PROBE_KEY = "webkit-probe"
PROBE = """(() => {
  window.webkitProbe = true;
  const note = (text) => {
    const seen = JSON.parse(sessionStorage.getItem(KEY) || "[]");
    seen.push(`${location.pathname}: ${text}`);
    sessionStorage.setItem(KEY, JSON.stringify(seen));
  };
  addEventListener("error", (event) => note(event instanceof ErrorEvent
    ? `${event.message} (${event.filename}:${event.lineno})`
    : `failed to load ${event.target.src || event.target.href || event.target.tagName}`), true);
  addEventListener("unhandledrejection", (event) =>
    note(`unhandled rejection: ${event.reason}`));
  document.addEventListener("securitypolicyviolation", (event) =>
    note(`the Content-Security-Policy's ${event.violatedDirective} blocked ${event.blockedURI}`));
})();""".replace("KEY", f'"{PROBE_KEY}"')
# MiniBrowser's toolbar (GTK widgets, not the page) is wider than a phone: this stylesheet for
# GTK's own widgets lets the window be 360 px wide. The page's controls are drawn by WebKit.
GTK_CSS = "* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }"


def probed(wsgi_app):
    """The app, with the probe served at PROBE_PATH and put first in every HTML page's head.
    A page opened is asked for uncompressed (the probe is put into its text); a page fetched by a
    script (not to be run), scripts, styles and JSON come compressed as ever."""
    def app(environ, start_response):
        if environ["PATH_INFO"] == PROBE_PATH:
            return Response(PROBE, mimetype="text/javascript")(environ, start_response)
        if "text/html" in environ.get("HTTP_ACCEPT", ""):
            environ.pop("HTTP_ACCEPT_ENCODING", None)
        response = Response.from_app(wsgi_app, environ, buffered=True)
        if response.mimetype == "text/html" and "Content-Encoding" not in response.headers:
            page = response.get_data(as_text=True)
            response.set_data(page.replace("<head>", f'<head><script src="{PROBE_PATH}"></script>', 1))
        return response(environ, start_response)
    return app


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("webkit-site")
    app = create_app({"DATABASE_URL": f"sqlite:///{folder / 'companion.db'}", "SECRET_KEY": "webkit",
                      "POLL_MILLISECONDS": 500})
    app.wsgi_app = probed(app.wsgi_app)
    with serving(app) as url:
        yield url


@contextmanager
def display(xvfb: str):
    """An X display of Xvfb's on a free number: its name (":N")."""
    read, write = os.pipe()
    server = subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", "1024x900x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        number = b""
        while not number.endswith(b"\n"):
            chunk = os.read(read, 16)
            assert chunk, "Xvfb did not start"
            number += chunk
        yield f":{number.decode().strip()}"
    finally:
        os.close(read)
        server.terminate()
        server.wait()


@pytest.fixture(scope="module")
def webkit(tmp_path_factory):
    driver_path, xvfb = webkit_paths()
    from selenium import webdriver
    from selenium.webdriver.support.wait import WebDriverWait
    from selenium.webdriver.webkitgtk.service import Service

    config = tmp_path_factory.mktemp("webkit-config")
    (config / "gtk-3.0").mkdir()
    (config / "gtk-3.0" / "gtk.css").write_text(GTK_CSS)
    with display(xvfb) as name:
        service = Service(executable_path=driver_path,
                          env={**os.environ, "DISPLAY": name, "XDG_CONFIG_HOME": str(config)})
        driver = webdriver.WebKitGTK(options=webdriver.WebKitGTKOptions(), service=service)
        try:
            driver.get("about:blank")
            WebDriverWait(driver, 10).until(phone_sized, "the page 360 x 740 CSS px")
            yield driver
        finally:
            driver.quit()


def phone_sized(driver) -> bool:
    """Is the page the phone's size? If not, the window (the page and the toolbar) is resized by
    the difference, for the next look."""
    width, height = PHONE["width"], PHONE["height"]
    inner = driver.execute_script("return [innerWidth, innerHeight]")
    if inner == [width, height]:
        return True
    rect = driver.get_window_rect()
    driver.set_window_size(max(width, rect["width"] + width - inner[0]),
                           max(height, rect["height"] + height - inner[1]))
    return False


class Tab:
    """The WebKit page at the table: taps as a thumb does (the target on screen and uncovered
    first, the page not scrolled by the tap), and the probe's notes."""

    def __init__(self, driver, site: str):
        self.driver, self.site = driver, site

    def go(self, path: str):
        self.driver.get(self.site + path)
        assert self.run("return window.webkitProbe === true"), f"the probe is not in {path}"

    def run(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    def until(self, condition: str, *args, what: str = ""):
        """Wait (up to 5 s) for a JavaScript expression over ``arguments`` to be true."""
        from selenium.webdriver.support.wait import WebDriverWait

        WebDriverWait(self.driver, 5).until(lambda d: d.execute_script(f"return {condition}", *args),
                                            what or condition)

    def find(self, css: str):
        from selenium.webdriver.common.by import By

        self.until("(() => { const el = document.querySelector(arguments[0]);"
                   " return Boolean(el && el.getClientRects().length); })()", css, what=f"{css} shown")
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def on_screen(self, css: str) -> bool:
        return self.run(f"return ({ON_SCREEN})(arguments[0])", self.find(css))

    def tap(self, css: str):
        assert self.on_screen(css), f"{css} is off screen or covered before the tap"
        element = self.find(css)
        before = self.run("return scrollY")
        element.click()
        assert self.run("return scrollY") == before, f"the page scrolled at the tap on {css}"

    def fill(self, css: str, text: str):
        """Setup, not a turn: the field is brought into view as the browser does when typing."""
        element = self.find(css)
        element.clear()
        element.send_keys(text)

    def choose(self, css: str, value: str):
        from selenium.webdriver.support.select import Select

        Select(self.find(css)).select_by_value(value)

    def tick(self, css: str, on: bool = True):
        element = self.find(css)
        if element.is_selected() != on:
            self.run("arguments[0].scrollIntoView({block: 'center'})", element)
            element.click()

    def shows(self, css: str, text: str):
        self.until("((document.querySelector(arguments[0]) || {}).textContent || '').includes(arguments[1])",
                   css, text, what=f"{css} saying {text!r}")

    def seq(self) -> int:
        return self.run("return Companion.game.seq")

    def stored(self, seq: int):
        self.until("Companion.game.seq === arguments[0]", seq, what=f"entry {seq} stored")

    def problems(self) -> list[str]:
        """What the probe noted in this tab since the last call (every page visited)."""
        assert self.run("return window.webkitProbe === true"), "the probe is not in this page"
        return self.run(f"const seen = JSON.parse(sessionStorage.getItem('{PROBE_KEY}') || '[]');"
                        f" sessionStorage.removeItem('{PROBE_KEY}'); return seen;")

    def undo_says_what_it_undid(self):
        """Undo the last stored entry: the page says "Undone: " and the entry's own words, and the
        history marks it undone."""
        seq, line = self.seq(), self.run("return Companion.game.undo.text")
        assert line
        self.tap("#undo")
        self.shows("#message", f"Undone: {line}")
        assert self.on_screen("#message")
        self.stored(seq + 1)
        self.until("document.querySelectorAll('#history li.undone').length === 1", what="the line marked undone")

    def screenshot(self, name: str):
        ARTIFACTS.mkdir(exist_ok=True)
        self.driver.save_screenshot(str(ARTIFACTS / f"webkit_{name}.png"))

    def fits(self, *controls: str):
        """Nothing wider than the phone; each control on screen and uncovered."""
        assert self.run("return document.documentElement.scrollWidth") <= PHONE["width"]
        for css in controls:
            assert self.on_screen(css), f"{css} is off screen or covered"


@pytest.fixture
def tab(webkit, site):
    tab = Tab(webkit, site)
    tab.go("/")
    tab.problems()  # what an earlier test left
    yield tab
    assert tab.problems() == []


def test_the_probe_notes_errors_rejections_and_blocked_scripts(tab):
    """The check every other test relies on can fail: in WebKit the probe sees a thrown error, a
    rejected promise and an inline script the Content-Security-Policy blocks."""
    tab.run("""setTimeout(() => { throw new Error("thrown"); });
      Promise.reject(new Error("rejected"));
      const script = document.createElement("script");
      script.textContent = "window.ran = true";
      document.body.append(script);""")
    tab.until("JSON.parse(sessionStorage.getItem(arguments[0]) || '[]').length >= 3", PROBE_KEY)
    seen = " | ".join(tab.problems())
    assert "thrown" in seen and "rejected" in seen and "script-src" in seen
    assert tab.run("return window.ran") is None


def test_royal_visit_a_refusal_its_rule_a_seat_and_three_turns(tab):
    tab.go("/new/royal_visit")
    tab.fill('input[name="player_top"]', "Ann")
    tab.fill('input[name="player_bottom"]', "Bob")
    tab.tick('input[name="wizard"][value="top"]')
    tab.find("#create").click()
    tab.shows("#turn", "Ann's turn")
    tab.run("scrollTo(0, 0)")
    tab.fits('[data-card="king-1"]', "#end-turn", "#undo", "#summon")
    # A refused card: the refusal at once, its rule in a sheet (a dialog, the rules page fetched).
    tab.tap('[data-card="king-1"]')
    tab.tap('[data-option][data-to="-1"]')
    tab.tap('[data-card="guard-1"]')
    tab.shows("#message", "this turn already plays King cards")
    assert tab.on_screen("#message")
    tab.tap("#message .rule-link")
    tab.shows("#rule-sheet-title", "Rule: One type of card a turn")
    tab.tap("#rule-sheet [data-close]")
    tab.until("!document.querySelector('#rule-sheet').open")
    tab.tap("#undo")  # the King 1 of the draft
    tab.shows("#message", "Took back King 1: King 0 \u2192 -1.")
    # The phone is Ann's (the More sheet): the prompts speak to her.
    tab.tap("#more-button")
    tab.tap('#seat-choices [data-seat="0"]')
    tab.until("!document.querySelector('#more').open")
    tab.shows("#prompt", "Your turn")
    # Ann: King 1, the King one space down; Bob: Guard 1+1 split; Ann: the Wizard calls the King.
    for card, option, next_player in (("king-1", '[data-to="-1"]', "Bob"),
                                      ("guard-1+1", '[data-move="guard:-2>-3 guard:2>3"]', "Ann")):
        tab.tap(f'[data-card="{card}"]')
        tab.tap(f"[data-option]{option}")
        tab.tap("#end-turn")
        tab.shows("#turn", f"{next_player}'s turn")
    tab.tap("#summon")
    tab.tap('[data-option][data-move="summon:king:-1"]')
    tab.tap("#end-turn")
    tab.shows("#turn", "Bob's turn")
    assert tab.run("return document.querySelectorAll('.rv-space[data-pos=\"1\"] .rv-chip.king').length") == 1
    tab.shows("#history", "Ann moved the King 0 \u2192 -1 (King 1)")
    tab.undo_says_what_it_undid()
    tab.shows("#turn", "Ann's turn")
    tab.fits('[data-card="king-1"]', "#end-turn", "#undo", "#message")
    tab.screenshot("royal_visit")


def test_majesty_three_turns_and_a_castle_exchange(tab):
    tab.go("/new/majesty")
    for seat, name in enumerate(turns_majesty.NAMES):
        tab.fill(f'input[name="player-{seat}"]', name)
    tab.tick('input[name="first"][value="0"]')
    tab.tick('input[name="sides"][value="B"]')
    for slot, kind in enumerate(turns_majesty.DISPLAY):
        tab.choose(f'select[name="display-{slot}"]', kind)
    tab.find("#create").click()
    tab.shows("#turn", "Ann's turn")
    tab.run("scrollTo(0, 0)")
    tab.fits('[data-slot="1"]', "#end-turn", "#undo")
    # Ann takes the Miller/Brewer as the Brewer, the Miller turned up; Bob the Witch, a Guard
    # turned up; Ann the Innkeeper/Noble as the Noble, selling a meeple at the Castle (side B).
    for target, turned_up, mover, exchange in (('[data-slot="0"][data-as="brewer"]', "miller", "Ann", 0),
                                               ('[data-slot="1"]', "guard", "Bob", 0),
                                               ('[data-slot="0"][data-as="noble"]', "witch", "Ann", -1)):
        seq = tab.seq()
        tab.tap(target)
        tab.tap(f'[data-new-card="{turned_up}"]')
        for _ in range(-exchange):
            tab.tap('#castle [data-step="-1"]')
        if exchange:
            tab.shows("#preview", "sold 1 meeple")
        tab.shows("#preview", f"If {mover} takes it")
        tab.tap("#end-turn")
        tab.stored(seq + 1)
    tab.shows("#turn", "Bob's turn")
    tab.undo_says_what_it_undid()
    tab.shows("#turn", "Ann's turn")
    tab.fits("#end-turn", "#undo", "#message")
    tab.screenshot("majesty")


def test_kings_court_scores_a_hand_on_the_sheet(tab):
    tab.go("/new/kings_court")
    tab.fill('input[name="player-0"]', "Ann")
    tab.fill('input[name="player-1"]', "Bob")
    tab.choose("#first-dealer", "0")
    tab.find("#create").click()
    tab.find("#views")
    tab.run("scrollTo(0, 0)")
    tab.fits('[data-out="1"]', "#undo")
    # Bob went out with an ordinary card, the dealing cut not tried; Ann is left with the Gold 7
    # and a King: 32 points.
    tab.tap('[data-out="1"]')
    tab.tap('[data-last=""]')
    tab.tap('[data-cut="none"]')
    tab.tap('[data-picker="0"] [data-kind="gold-7"]')
    tab.tap('[data-picker="0"] [data-group="kingdom"]')
    tab.tap('[data-picker="0"] [data-kind="king"]')
    tab.shows("#points-0", "32")
    tab.tap("#record")
    tab.stored(1)
    tab.fits("#undo")
    tab.undo_says_what_it_undid()
    tab.fits('[data-out="1"]', "#undo", "#message")
    tab.screenshot("kings_court")


def test_kingseat_a_vote_a_prince_action_and_my_loyalty(tab):
    from selenium.webdriver.common.action_chains import ActionChains

    tab.go("/new/kingseat")
    for seat, name in enumerate(turns_kingseat.NAMES):
        tab.fill(f'input[name="player-{seat}"]', name)
    tab.choose("#kingseat", "0")
    tab.run("document.querySelector('#prince-choice').open = true")  # the princes one by one
    for box in tab.run("return [...document.querySelectorAll('[data-prince-box]')].map((b) => b.dataset.princeBox)"):
        tab.tick(f'[data-prince-box="{box}"]', box in turns_kingseat.PRINCES)
    tab.find("#create").click()
    tab.shows("#king", "Ann")
    tab.run("scrollTo(0, 0)")
    tab.fits('[data-vote-kind="lionsyre"]', "#record", "#undo")
    # A whole vote, voter by voter: Lionsyre wins 3 of 6.
    for player, card in enumerate(turns_kingseat.VOTES):
        tab.shows("#voter-now", turns_kingseat.NAMES[player])
        tab.tap(f'#vote-panel [data-vote-kind="{card}"]')
    tab.shows("#vote-result", "Lionsyre wins the round with 3 of 6 votes.")
    tab.tap("#record")
    tab.stored(1)
    tab.shows("#actor", "Cid acts")
    # Cid's Crassclamps: Dee must vote Lionsyre next round, then swap places.
    tab.tap('[data-mode="action"]')
    tab.tap('[data-field="target"] [data-player="3"]')
    tab.tap('[data-field="prince"] [data-prince="lionsyre"]')
    tab.tap('[data-field="order"] [data-value="swap"]')
    tab.shows("#prompt", "Cid's turn: check it, then store it")
    tab.tap("#record")
    tab.stored(2)
    tab.shows("#actor", "Dee acts")
    tab.undo_says_what_it_undid()
    tab.shows("#actor", "Cid acts")
    tab.fits('[data-mode="action"]', "#record", "#undo", "#message")
    tab.screenshot("kingseat")
    # Bob's phone: My Loyalty opens on a press held until the button says so (pointer events).
    tab.tap("#more-button")
    tab.tap('#seat-choices [data-seat="1"]')
    tab.until("!document.querySelector('#more').open")
    assert tab.on_screen("#my-loyalty-button")
    ActionChains(tab.driver).click_and_hold(tab.find("#my-loyalty-button")).perform()
    tab.until("document.querySelector('#my-loyalty-button.ready') !== null", what="My Loyalty ready")
    ActionChains(tab.driver).release().perform()
    tab.shows("#loyalty-sheet", "My Loyalty (Bob)")
    tab.until("document.querySelector('#loyalty-sheet').open")
    tab.tap("#loyalty-sheet [data-close]")
    tab.until("!document.querySelector('#loyalty-sheet').open")


@pytest.mark.parametrize("path, controls", [
    ("/", [f'a[href="/new/{game}"]' for game in ("royal_visit", "majesty", "kings_court", "kingseat")]),
    ("/rules/royal_visit", ["h1"]),
    ("/rules/majesty", ["h1"]),
    ("/rules/kings_court", ["h1"]),
    ("/rules/kingseat", ["h1"]),
    ("/stats", ["#summary"]),
    ("/print", ['select[name="what"]']),
])
def test_the_other_pages_load_whole(tab, path, controls):
    tab.go(path)
    tab.until("document.readyState === 'complete'")
    tab.fits(*controls)
    tab.screenshot(path.strip("/").replace("/", "_") or "home")
