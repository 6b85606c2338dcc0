"""A player's name is text wherever a page shows it: a name that looks like markup or an entity
(typed on the setup page) reads as typed on the setup page and on the game page (the turn, the
scores, the players, the draft, the last turn, the history), and none of it runs or renders.
Royal Visit, Majesty, King's Court and Kingseat, whose scripts draw with Companion.html.

Without Chromium the tests skip, except under CI (see tests/browser_support.py).
"""
from __future__ import annotations

import pytest
from browser_support import ARTIFACTS, new_phone
from phone import Phone
from playwright.sync_api import expect
from turns_majesty import set_up as set_up_majesty
from whole_kingseat import play_one

pytestmark = pytest.mark.browser

TAG = "<img src=x onerror=alert(1)>"
ENTITY = "Tom &amp; Jerry"


def watched(page) -> list[str]:
    """The dialogs a page opened (an alert run from a name would be one)."""
    opened: list[str] = []
    page.on("dialog", lambda dialog: (opened.append(dialog.message), dialog.dismiss()))
    return opened


def no_markup_from_names(page) -> None:
    assert page.locator("img[src='x']").count() == 0


# What a name escaped twice would show as text (no Kingseat name or card holds these).
ESCAPED = ("&lt;", "&gt;", "&amp;", "&#39;", "&quot;")


def kingseat_shows_text(page, what: str) -> None:
    """Every text and label of the game, its sheets and the action bar: no element made from a
    name, and no name escaped twice (which shows an entity as text)."""
    shown = page.evaluate("""() => {
      const out = [];
      for (const el of document.querySelectorAll("#play *, dialog *, .toolbar *")) {
        for (const name of ["aria-label", "title", "data-why"]) {
          if (el.getAttribute(name)) out.push(el.getAttribute(name));
        }
        for (const node of el.childNodes) if (node.nodeType === Node.TEXT_NODE) out.push(node.textContent);
      }
      return out;
    }""")
    assert [text for text in shown if any(entity in text for entity in ESCAPED)] == [], what
    assert page.locator("b, img[src='x']").count() == 0, what


def test_royal_visit_shows_names_as_typed(server, browser):
    page = new_phone(browser)
    opened = watched(page)
    page.goto(f"{server}/new/royal_visit")
    page.fill('input[name="player_top"]', TAG)
    page.fill('input[name="player_bottom"]', ENTITY)
    expect(page.locator('label:has(input[name="wizard"][value="top"]) [data-name="top"]')).to_have_text(TAG)
    expect(page.locator('label:has(input[name="wizard"][value="bottom"]) [data-name="bottom"]')).to_have_text(ENTITY)
    page.check('input[name="wizard"][value="top"]')
    page.locator("#create").click()

    expect(page.locator("#turn")).to_have_text(f"{TAG}'s turn")
    expect(page.locator("#board-top")).to_have_text(f"{TAG}'s Chateau")
    expect(page.locator("#status")).to_contain_text(f"Hands {TAG} 8, {ENTITY} 8")
    page.locator('[data-card="king-1"]').tap()
    page.locator('[data-option][data-to="-1"]').tap()
    page.locator("#end-turn").tap()
    expect(page.locator("#turn")).to_have_text(f"{ENTITY}'s turn")
    expect(page.locator("#last-turn")).to_contain_text(f"Last turn, {TAG}: ")
    expect(page.locator("#history li").first).to_contain_text(TAG)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "royal_visit_names_as_text.png"))
    page.locator("#more-button").tap()
    expect(page.locator("#seat-choices [data-seat]")).to_have_text([TAG, ENTITY, "Nobody"])
    no_markup_from_names(page)
    assert opened == []


def test_majesty_shows_names_as_typed(server, browser):
    page = new_phone(browser)
    opened = watched(page)
    page.goto(f"{server}/new/majesty")
    page.fill('input[name="player-0"]', TAG)
    page.fill('input[name="player-1"]', ENTITY)
    expect(page.locator('label[data-seat-choice]:visible')).to_have_text([TAG, ENTITY])
    page.locator("#position-builder summary").tap()
    expect(page.locator("#realms legend:visible")).to_have_text([TAG, ENTITY])
    no_markup_from_names(page)

    set_up_majesty(page, server, (TAG, ENTITY))
    expect(page.locator(".mj-scores li")).to_have_text([f"{TAG} 0", f"{ENTITY} 0"])
    expect(page.locator(".mj-player h2").first).to_contain_text(TAG)
    page.locator('[data-slot="5"]').tap()  # the Noble
    expect(page.locator("#draft")).to_contain_text(f"{TAG} takes the Noble")
    page.locator('[data-new-card="miller"]').tap()
    expect(page.locator("#preview h2")).to_have_text(f"If {TAG} takes it")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "majesty_names_as_text.png"))
    page.locator("#end-turn").tap()
    expect(page.locator("#turn")).to_have_text(f"{ENTITY}'s turn")
    expect(page.locator("#last summary")).to_contain_text(f"Last turn: {TAG} took the Noble")
    expect(page.locator("#history li").first).to_contain_text(TAG)
    no_markup_from_names(page)
    assert opened == []


def test_kings_court_shows_names_as_typed(server, browser):
    page = new_phone(browser)
    opened = watched(page)
    page.goto(f"{server}/new/kings_court")
    page.fill('input[name="player-0"]', TAG)
    page.fill('input[name="player-1"]', ENTITY)
    expect(page.locator("#first-dealer option:not([disabled])")).to_have_text([TAG, ENTITY])
    page.select_option("#first-dealer", "0")
    page.locator("#create").tap()
    page.wait_for_url("**/g/**")

    # The totals, the hand's line, who went out, the facts asked and stated, the hands' tabs.
    expect(page.locator("#turn")).to_have_text(f"Hand 1 \u00b7 {TAG} deals \u00b7 to 500")
    expect(page.locator(".kc-totals")).to_have_text(f"{TAG} 0 {ENTITY} 0")
    expect(page.locator("[data-out]")).to_have_text([TAG, ENTITY, "Nobody (Risk card)"])
    page.locator('[data-out="1"]').tap()
    expect(page.locator("#panel .kc-ask-line")).to_have_text(f"How did {ENTITY} go out?")
    page.locator('[data-last=""]').tap()
    expect(page.locator("#panel .kc-ask-line")).to_have_text(f"{TAG}'s dealing cut (25 points)?")
    page.locator('[data-cut="none"]').tap()
    expect(page.locator("#change-out")).to_have_text(f"{ENTITY} out: no draw \u00d7")
    expect(page.locator('[data-open="0"]')).to_have_text(TAG)
    expect(page.locator('[data-scan="0"]')).to_have_attribute("aria-label", f"Scan {TAG}'s hand")
    page.locator('[data-picker="0"] [data-kind="gold-7"]').tap()
    expect(page.locator("#preview-ok")).to_contain_text(f"{TAG} +7, {ENTITY} +0")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kings_court_names_as_text.png"))
    page.locator("#record").tap()
    expect(page.locator("#history li").first).to_contain_text(ENTITY)

    # The sheet: its columns, a row's points player by player, whose total to adjust.
    page.locator("#view-sheet").tap()
    expect(page.locator("#sheet thead th")).to_have_text(["Hand", TAG, ENTITY])
    page.locator('[data-row="0"]').tap()
    expect(page.locator("#row-detail strong").first).to_have_text(f"{TAG}: +7")
    page.locator("#adjust summary").tap()
    expect(page.locator("[data-adjust-who]")).to_have_text([TAG, ENTITY])

    # A hand followed card by card: whose deal, and the cards in each hand.
    page.locator("#view-hand").tap()
    page.locator('[data-follow="1"]').tap()
    expect(page.locator("#deal-panel .kc-ask-line")).to_have_text(
        f"{ENTITY} deals seven each. Which card is turned up?")
    page.locator('#deal-panel [data-kind="gold-5"]').tap()
    page.locator('[data-deal-cut="none"]').tap()
    page.locator("#deal").tap()
    expect(page.locator(".kc-hands")).to_have_text(f"{TAG} 7 {ENTITY} 7")
    no_markup_from_names(page)
    assert opened == []


def test_kingseat_shows_names_as_typed(server, browser):
    """A whole game of four (tests/whole_kingseat.py, seed 0) whose players are called like
    markup: every view (the vote's strip and card grid, each action's fields and their folded
    answers, the swap, the Tell's count, the Loyalties, the final count), the table around the
    Kingseat, the round's events, My Loyalty's sheet, the corrections' sheet and the seats show
    the names as typed. Cid's seat (in the Kingseat, acting with Slydefox's dark 1, "Who ...
    trades 3 cards with") is ``<b>x</b> & y``."""
    names = ("<img src=x>", "Tom & Jerry", "<b>x</b> & y", "Dee")
    pages = []
    seen: list[str] = []

    def check(phone, what):
        page = phone.page
        if page.locator("#fix-open").is_visible():
            page.locator("#fix-open").click()
            expect(page.locator("#fix-sheet-body button").first).to_be_visible()
            kingseat_shows_text(page, f"{what}, the corrections")
            page.locator("#fix-sheet [data-close]").click()
            page.evaluate("window.scrollTo(0, 0)")  # the button the closed sheet gave focus back to
        kingseat_shows_text(page, what)
        seen.append(what)

    def factory():
        page = new_phone(browser)
        pages.append((page, watched(page)))
        return Phone(page, strict=True)

    phones = play_one(factory, server, 0, check, names=names, entered=check)
    page = phones[0].page
    expect(page.locator("#winner")).to_be_visible()
    expect(page.locator("#loyalties strong")).to_have_text(list(names))
    assert sorted(page.locator("#seats .ks-who > strong").all_text_contents()) == sorted(names)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kingseat_names_as_text.png"))
    page.locator("#more-button").tap()
    expect(page.locator("#seat-choices [data-seat]")).to_contain_text([*names, "Nobody"])
    assert {"before vote", "entered vote", "entered slydefox-dark1", "entered swap", "entered reveal",
            "entered loyalty", "the end"} <= set(seen)
    assert all(opened == [] for _, opened in pages)
