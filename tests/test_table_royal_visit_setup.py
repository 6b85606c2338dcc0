"""Royal Visit's setup page (issue 21 items 8, 13, 14 and "setup says what it will create"):
the game created through the page for each choice holds exactly that choice; the players are
asked by the names just typed; the form for a game under way states nothing for the players;
ruling values never show as internal ids.
"""
from __future__ import annotations

import pytest
from browser_support import ARTIFACTS, new_phone
from phone import accessible

pytestmark = pytest.mark.browser

POSITION_FIELDS = ("king", "guard_low", "guard_high", "wizard_pos", "jester", "crown",
                   "draw_pile", "reshuffles")
DEFAULTS = {"direction": "either", "wild-middle": "allowed", "duchy": "duchy-only"}
OTHERS = {"direction": "towards-mover", "wild-middle": "forbidden", "duchy": "with-chateau"}


def names(page, top="Ann", bottom="Bob"):
    page.fill('input[name="player_top"]', top)
    page.fill('input[name="player_bottom"]', bottom)


def stored_options(page) -> dict:
    """The options the game was created with, as its export holds them."""
    return page.evaluate("fetch(Companion.game.urls.export).then((r) => r.json()).then((d) => d.options)")


def create(page, base: str, *, wizard: str, rulings: dict | None = None,
           position: dict | None = None) -> dict:
    from playwright.sync_api import expect

    page.goto(f"{base}/new/royal_visit")
    names(page)
    page.locator(f'input[name="wizard"][value="{wizard}"]').check()
    if rulings:
        page.locator("summary", has_text="Table rulings").click()
        for ruling, value in rulings.items():
            page.locator(f'input[name="ruling-{ruling}"][value="{value}"]').check()
    if position:
        page.locator("summary", has_text="Start from a game already under way").click()
        page.locator('input[name="start"]').check()
        for field in POSITION_FIELDS:
            page.fill(f'input[name="{field}"]', str(position[field]))
        page.locator(f'input[name="crown_side"][value="{position["crown_side"]}"]').check()
        page.locator(f'input[name="turn"][value="{position["turn"]}"]').check()
    page.locator("#create").click()
    expect(page.locator("#turn")).to_be_visible()
    return stored_options(page)


@pytest.mark.parametrize("wizard, rulings", [("top", None), ("bottom", OTHERS),
                                             ("top", {"duchy": "with-chateau"})])
def test_the_game_created_holds_the_choices_made_on_the_page(server, browser, wizard, rulings):
    page = new_phone(browser)
    options = create(page, server, wizard=wizard, rulings=rulings)
    assert options == {"players": ["Ann", "Bob"], "wizard": 0 if wizard == "top" else 1,
                       "rulings": {**DEFAULTS, **(rulings or {})}}
    page.context.close()


def test_a_game_under_way_holds_the_position_typed(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    position = {"king": -1, "guard_low": -4, "guard_high": 3, "wizard_pos": 5, "jester": -6,
                "crown": -2, "draw_pile": 17, "reshuffles": 1, "crown_side": "little",
                "turn": "bottom"}
    options = create(page, server, wizard="top", position=position)
    assert options["position"] == {
        "king": -1, "guards": [-4, 3], "wizard": 5, "jester": -6, "crown": -2,
        "crown_side": "little", "draw_pile": 17, "reshuffles": 1, "turn": 1}
    assert options["wizard"] == 0
    expect(page.locator("#turn")).to_contain_text("Bob's turn")
    expect(page.locator("#crown")).to_have_text("-2")
    page.context.close()


def test_the_form_for_a_game_under_way_states_nothing_for_the_players(server, browser):
    """Issue 21 item 8: every fact of the position is the players' to state."""
    from playwright.sync_api import expect

    page = new_phone(browser)
    page.goto(f"{server}/new/royal_visit")
    page.locator("summary", has_text="Start from a game already under way").click()
    for field in POSITION_FIELDS:
        expect(page.locator(f'input[name="{field}"]')).to_have_value("")
    expect(page.locator('input[name="crown_side"]:checked')).to_have_count(0)
    expect(page.locator('input[name="turn"]:checked')).to_have_count(0)
    expect(page.locator('input[name="start"]')).not_to_be_checked()
    accessible(page)
    # Started with a fact left out: the page says which, keeps what was typed, stores nothing.
    names(page)
    page.locator('input[name="wizard"][value="top"]').check()
    page.locator('input[name="start"]').check()
    for field in POSITION_FIELDS:
        if field != "jester":
            page.fill(f'input[name="{field}"]', "0" if field != "guard_low" else "-2")
    page.fill('input[name="guard_high"]', "2")
    page.fill('input[name="draw_pile"]', "30")
    page.locator('input[name="crown_side"][value="big"]').check()
    page.locator('input[name="turn"][value="top"]').check()
    page.locator("#create").click()
    expect(page.locator("#setup .error")).to_contain_text("The Jester's space is missing.")
    expect(page.locator('input[name="draw_pile"]')).to_have_value("30")
    expect(page.locator('input[name="jester"]')).to_have_value("")
    page.fill('input[name="jester"]', "-1")
    page.locator('input[name="crown_side"]').first.evaluate(
        "(el) => el.form.querySelectorAll('input[name=crown_side]').forEach((r) => { r.checked = false; })")
    page.locator("#create").click()
    expect(page.locator("#setup .error")).to_contain_text("Say which side of the Crown is up")
    page.screenshot(path=str(ARTIFACTS / "royal_visit_setup_refused.png"))
    page.context.close()


def test_the_players_are_asked_by_the_names_just_typed(server, browser):
    """Issue 21 item 13: who got the Wizard and whose turn it is name the players."""
    from playwright.sync_api import expect

    page = new_phone(browser)
    page.goto(f"{server}/new/royal_visit")
    names(page, "Cleo", "Dan")
    page.locator("summary", has_text="Start from a game already under way").click()
    wizard = page.locator("fieldset", has=page.locator('input[name="wizard"]'))
    expect(wizard.locator("label")).to_have_text(["Cleo", "Dan"])
    turn = page.locator("fieldset", has=page.locator('input[name="turn"]'))
    expect(turn.locator("label")).to_have_text(["Cleo", "Dan"])
    body = page.locator("#setup").inner_text().lower()
    assert "top player" not in body and "bottom player" not in body
    page.fill('input[name="player_bottom"]', "Eve")
    expect(wizard.locator("label").last).to_have_text("Eve")
    page.screenshot(path=str(ARTIFACTS / "royal_visit_setup.png"), full_page=True)
    accessible(page)
    page.context.close()


def test_ruling_values_are_shown_in_words(server, browser):
    """Issue 21 item 14: "duchy-only" or "direction = towards-mover" never reach the page."""
    from playwright.sync_api import expect

    owner = new_phone(browser)
    create(owner, server, wizard="top")
    owner.evaluate("""() => Companion.send(`/api/games/${Companion.game.id}/rulings`,
      { rulings: { direction: "towards-mover" } })""")
    other = new_phone(browser)
    other.goto(owner.url)
    other.locator("#turn").wait_for()
    other.locator("#more-button").tap()
    other.locator("#history-box summary").click()
    other.locator("summary", has_text="This game").click()
    expect(other.locator("#history li").first).to_contain_text("Table rulings changed")
    text = other.locator("#more").inner_text()
    for ident in ("towards-mover", "duchy-only", "wild-middle", "allowed", " = "):
        assert ident not in text, ident
    assert "Numbered moves only go toward the mover's own Chateau" in text
    other.locator("#history li").first.scroll_into_view_if_needed()
    other.screenshot(path=str(ARTIFACTS / "royal_visit_rulings_words.png"))
    owner.context.close()
    other.context.close()


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_setup_page_speaks_french_and_german_with_no_english_left(server, browser, lang):
    """Issue 30: the setup page on a phone whose browser speaks French or German, every part of
    it open (the rulings, a position), then a refusal of the position: in that language, with
    the French edition's names in French, nothing left in English, and axe and the targets clean."""
    from phone import said
    from playwright.sync_api import expect

    page = new_phone(browser, lang)
    page.goto(f"{server}/new/royal_visit")
    assert page.evaluate("document.documentElement.lang") == lang
    names(page, "Cleo", "Dan")
    page.locator('input[name="wizard"][value="top"]').check()
    for summary in page.locator("#setup details > summary").all():
        summary.click()
    wizard = page.locator("fieldset", has=page.locator('input[name="wizard"]'))
    expect(wizard.locator("label")).to_have_text(["Cleo", "Dan"])
    expect(page.locator("#setup label").first).to_contain_text(said(page, "Player at the top Chateau"))
    page.screenshot(path=str(ARTIFACTS / f"royal_visit_setup_{lang}.png"), full_page=True)
    accessible(page, f"the setup page ({lang})")
    page.locator('input[name="start"]').check()
    for field in POSITION_FIELDS:
        if field != "jester":  # the Jester's space left empty: refused, in the page's language
            page.fill(f'input[name="{field}"]', {"guard_low": "-2", "guard_high": "2", "wizard_pos": "1",
                                                  "draw_pile": "38"}.get(field, "0"))
    page.locator('input[name="crown_side"][value="big"]').check()
    page.locator('input[name="turn"][value="top"]').check()
    page.locator("#create").click()
    expect(page.locator("#setup .error")).to_contain_text(said(page, "The Jester's space is missing."))
    accessible(page, f"the setup page's refusal ({lang})")
    page.context.close()
