"""Every game's setup page at 360 x 740 in Chromium, in English and in German (issue 31): a
typical setup filled in, with no collapsed section opened, fits in one screen and a half; the
Create button can be scrolled to and tapped and makes the game; every choice the table must state
is still asked (nothing pre-chosen); axe-core finds nothing serious and every target is at least
44 x 44 px. The figures per language are in docs/benchmarks.md (benchmarks/setup.py)."""
from __future__ import annotations

import pytest
from browser_support import new_phone
from phone import ON_SCREEN, PHONE, accessible

pytestmark = pytest.mark.browser

FOUR = [("fill", f'input[name="player-{seat}"]', name) for seat, name in enumerate(("Ann", "Bob", "Cid", "Dee"))]
TYPICAL = {  # (what is filled in: fill a field, check a radio, choose from a list), the facts asked
    "royal_visit": ([("fill", 'input[name="player_top"]', "Ann"), ("fill", 'input[name="player_bottom"]', "Bob"),
                     ("check", 'input[name="wizard"][value="top"]', None)],
                    ['input[name="wizard"]']),
    "majesty": ([("fill", 'input[name="player-0"]', "Ann"), ("fill", 'input[name="player-1"]', "Bob"),
                 ("fill", 'input[name="player-2"]', "Cid"), ("check", 'input[name="first"][value="1"]', None),
                 *[("select", f'select[name="display-{slot}"]', kind) for slot, kind in
                   enumerate(("miller", "brewer", "witch", "guard", "knight", "innkeeper"))]],
                ['input[name="first"]', 'select[name^="display-"]']),
    "kings_court": ([*FOUR,
                     ("tap", '[data-limit="750"]', None), ("select", "#first-dealer", "2")],
                    ["#first-dealer"]),
    "kingseat": ([*FOUR,
                  ("select", "#kingseat", "1")],
                 ["#kingseat"]),
}
NOTHING_CHOSEN = """(el) => el.tagName === "SELECT" ? el.value === "" : !el.checked"""


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", list(TYPICAL))
def test_a_typical_setup_fits_in_a_screen_and_a_half(server, browser, game, lang):
    steps, facts = TYPICAL[game]
    page = new_phone(browser, lang)
    page.goto(f"{server}/new/{game}")
    # What the table must state is asked, never chosen for it.
    for selector in facts:
        for control in page.locator(selector).all():
            assert control.evaluate(NOTHING_CHOSEN), f"{selector} comes chosen"
    for action, selector, value in steps:
        target = page.locator(selector).first
        if action == "fill":
            target.fill(value)
        elif action == "check":
            target.check()
        elif action == "select":
            target.select_option(value)
        else:
            target.click()
    assert page.locator("details[open]").count() == 0
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= 1.5 * PHONE["height"], f"{game} in {lang}: {height / PHONE['height']:.2f} screens"
    accessible(page, f"the {game} setup page in {lang}, filled in")
    create = page.locator("#create")
    create.scroll_into_view_if_needed()
    assert create.evaluate(ON_SCREEN), "the Create button cannot be brought on screen uncovered"
    create.tap()
    page.wait_for_url("**/g/**")
    page.context.close()
