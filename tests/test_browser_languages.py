"""Every phone in its own language, in Chromium at 360 x 740: a mixed table (three phones on one
Royal Visit game in English, French and German, every entry made on one seen by all, the same
state on each), and the shared pages (home, a rules page, the Statistics page) in French and
German with their charts' words translated, axe-core finding nothing serious and no English
left (tests/phone.py). Screenshots of the German pages go to tests/artifacts/."""
from __future__ import annotations

import threading
from functools import cache

import pytest
from browser_support import ARTIFACTS, CHROMIUM_FLAGS, api_poster, chromium_path, new_phone
from conftest import KING_UP, OPTIONS
from phone import PHONE, accessible, english_left, said, serious
from stats_games import simulated, store_game
from werkzeug.serving import make_server

from companion import language
from companion.web import create_app

pytestmark = pytest.mark.browser


@cache
def translated(game: str) -> bool:
    """Whether the catalogs word this game's own part (its engine, page and script) yet: until
    then a page of it is checked for English left in the shared frame only."""
    return all(any(message.string and any(f"/{game}" in path for path, _ in message.locations)
                   for message in language.read_catalog(lang)) for lang in ("fr", "de"))


# The parts of a Royal Visit page its own files draw (the rest is the shared frame).
RV_OWN = "#status, .rv-table, #prompt, .actions, #history, #options-in-force, #rulings fieldset, #more p.small"


def left(page, own: str = RV_OWN) -> list[str]:
    """English left on the page; where its game is not translated yet, on its shared frame."""
    if own is None or translated("royal_visit"):
        return english_left(page)
    page.evaluate("""(own) => { for (const el of document.querySelectorAll(own)) {
        if (!el.hidden) { el.hidden = true; el.dataset.unhide = "1"; } } }""", own)
    try:
        # the game's history lines are its own words, quoted by the frame (Undo's label, answers)
        lines = page.evaluate("""() => (typeof Companion !== 'undefined' && Companion.game
          ? Companion.game.history : []).map((l) => l.text)""")
        return [text for text in english_left(page) if not any(line in text for line in lines)]
    finally:
        page.evaluate("""() => { for (const el of document.querySelectorAll('[data-unhide]')) {
            el.hidden = false; delete el.dataset.unhide; } }""")


def untitled(page) -> list[str]:
    """English left on a page, but for the titles of the games not translated yet (their
    engines name them: Majesty's edition title is the Majesty part's)."""
    from companion.engine import REGISTRY

    titles = [str(engine.title) for name, engine in REGISTRY.items() if not translated(name)]
    return [text for text in english_left(page) if not any(title in text for title in titles)]


def checked(page, where: str) -> None:
    """tests/phone.py's accessible(), English left judged by ``untitled``."""
    found = untitled(page)
    assert found == [], f"{where}: English left on a page not in English: {found[:10]}"
    import phone

    original = phone.english_left
    phone.english_left = lambda page: []
    try:
        accessible(page, where)
    finally:
        phone.english_left = original


@pytest.fixture
def served(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'companion.db'}", "SECRET_KEY": "browser"})
    http = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=http.serve_forever, daemon=True).start()
    yield app, f"http://127.0.0.1:{http.server_port}"
    http.shutdown()
    app.extensions["store"].dispose()


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


STATE = """() => { const g = Companion.game; return JSON.stringify({seq: g.seq, to_move: g.to_move,
  pawns: g.view.pawns, crown: g.view.crown, draw_pile: g.view.draw_pile, undo: g.undo && g.undo.seq,
  redo: g.redo && g.redo.seq, history: g.history.map((line) => [line.seq, line.kind, line.undone])}); }"""


def test_a_mixed_table_three_phones_three_languages_one_game(served, browser):
    from playwright.sync_api import expect

    _, base = served
    phones = {lang: new_phone(browser, lang) for lang in ("en", "fr", "de")}
    posts = {lang: api_poster(page, base) for lang, page in phones.items()}
    game = posts["en"]("/api/games", {"game": "royal_visit", "options": OPTIONS})
    posts["en"](f"/api/games/{game['id']}/seat", {"player": 0})  # Ann holds the English phone
    posts["fr"](f"/api/games/{game['id']}/seat", {"player": 1})  # Bob the French one
    for page in phones.values():  # the German phone watches
        page.goto(f"{base}/g/{game['id']}")

    def same_everywhere(seq: int) -> str:
        for page in phones.values():
            page.wait_for_function("(seq) => Companion.game && Companion.game.seq === seq", arg=seq)
        states = {lang: page.evaluate(STATE) for lang, page in phones.items()}
        assert len(set(states.values())) == 1, states
        for lang, page in phones.items():
            assert page.evaluate("document.documentElement.lang") == lang
            assert left(page) == [], (lang, left(page))
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        return states["en"]

    same_everywhere(0)
    # the toolbar, the More sheet and the seat in each phone's language
    expect(phones["fr"].locator("#undo")).to_have_text("Annuler")
    expect(phones["de"].locator("#undo")).to_have_text("Rückgängig")
    expect(phones["en"].locator("#more-button")).to_have_text("More")
    expect(phones["fr"].locator("#seat-now")).to_have_text("Bob")
    expect(phones["de"].locator("#seat-now")).to_have_text("niemandes")

    # 1. Ann's move, entered on the English phone
    posts["en"](f"/api/games/{game['id']}/moves", {"seq": 0, "move": KING_UP})
    same_everywhere(1)

    # 2. the French phone takes it back: asked first, in French, as the move is Ann's
    fr = phones["fr"]
    fr.locator("#undo").tap()
    expect(fr.locator("#ask-text")).to_contain_text("Annuler le coup d’Ann, saisi sur un autre téléphone\u00a0?")
    expect(fr.locator("#ask-yes")).to_have_text("L'annuler")
    fr.locator("#ask-yes").tap()
    expect(fr.locator("#message")).to_contain_text("Annulé\u00a0:")
    same_everywhere(2)

    # 3. the German phone brings it back, asked in German
    de = phones["de"]
    de.locator("#redo").tap()
    expect(de.locator("#ask-text")).to_contain_text("Den Zug von Ann wiederholen, eingegeben auf einem anderen Handy?")
    de.locator("#ask-yes").tap()
    expect(de.locator("#message")).to_contain_text("Wiederholt:")
    final = same_everywhere(3)
    assert '"history":[[0,"move",false],[1,"undo",false],[2,"redo",false]]' in final

    # the More sheet on each phone: its own language, nothing left in English, nothing serious
    for lang, page in phones.items():
        page.locator("#more-button").tap()
        expect(page.locator("#more")).to_be_visible()
        page.locator("#history-box summary").tap()
        expect(page.locator("#history li")).to_have_count(3)
        assert left(page) == [], (lang, left(page))
        assert serious(page) == [], lang
        if lang == "de":
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "more_de.png"))
            # the language buttons fit the sheet
            box = page.locator("#language form").bounding_box()
            assert box["x"] + box["width"] <= PHONE["width"]
        # the More sheet's own words, in its language
        expect(page.locator("#more-title + button, #more [data-close]").first).to_have_text(said(page, "Close"))


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_home_and_rules_pages_in_french_and_german(served, browser, lang):
    from playwright.sync_api import expect

    _, base = served
    page = new_phone(browser, lang)
    page.goto(base + "/")
    expect(page.locator("h1")).to_have_text(said(page, "Start a game"))
    assert page.evaluate("document.documentElement.lang") == lang
    checked(page, f"home ({lang})")
    if lang == "de":
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "home_de.png"), full_page=True)
    # the choice of language, from the home page: the page comes back in the other language
    other = "de" if lang == "fr" else "fr"
    page.locator(f'.languages button[value="{other}"]').tap()
    expect(page.locator("html")).to_have_attribute("lang", other)
    expect(page.locator(f'.languages button[value="{other}"]')).to_have_attribute("aria-pressed", "true")
    page.locator(f'.languages button[value="{lang}"]').tap()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    # and from a game's More sheet: back on the same game, in the language chosen
    game = api_poster(page, base)("/api/games", {"game": "royal_visit", "options": OPTIONS})
    page.goto(f"{base}/g/{game['id']}")
    page.locator("#more-button").tap()
    page.locator(f'#language button[value="{other}"]').tap()
    expect(page.locator("html")).to_have_attribute("lang", other)
    assert page.url == f"{base}/g/{game['id']}"
    expect(page.locator("#more-button")).to_have_text({"fr": "Plus", "de": "Mehr"}[other])
    page.locator("#more-button").tap()
    page.locator(f'#language button[value="{lang}"]').tap()
    expect(page.locator("html")).to_have_attribute("lang", lang)
    page.goto(base + "/")

    # a rules page: the companion's own entries in the language (a game's own ones once translated)
    page.goto(base + "/rules/royal_visit")
    assert page.evaluate("document.documentElement.lang") == lang
    assert serious(page) == []
    app_section = said(page, "Using the app")
    expect(page.locator("h2", has_text=app_section)).to_have_count(1)
    expect(page.locator("#undo h3")).to_have_text(said(page, "Undo and redo"))
    if not translated("royal_visit"):  # only the companion's section is checked for English
        from companion.engine import COMMON_RULES

        page.evaluate("""([kept, common]) => { let hide = false;
          for (const el of document.querySelectorAll('.rules > *')) {
            if (el.tagName === 'H2') hide = el.textContent !== kept;
            const other = el.tagName === 'ARTICLE' && !common.includes(el.id);
            if (hide || other || el.matches('.toc')) el.hidden = true; } }""",
                      [app_section, [entry.id for entry in COMMON_RULES]])
    checked(page, f"rules ({lang})")

    # an error page
    page.goto(base + "/g/q7x2k9w4m1")
    expect(page.locator("h1")).to_have_text(said(page, "No such game"))
    checked(page, f"error page ({lang})")
    if lang == "de":
        page.screenshot(path=str(ARTIFACTS / "error_de.png"))


# Games without endings to chart while the games' own words are not translated (their endings
# are theirs); every game once they are.
GAMES = [("royal_visit", 1, ["Ann", "Bob"], False), ("majesty", 27, ["Ann", "Bob"], False),
         ("majesty", 3, ["Ann", "Bob", "Cid"], False), ("kings_court", 1, ["Ann", "Bob", "Cid", "Dee"], True),
         ("kingseat", 3, ["Ann", "Bob", "Cid", "Dee"], False)]


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_statistics_page_in_french_and_german(served, browser, lang):
    from playwright.sync_api import expect

    app, base = served
    store = app.extensions["store"]
    games = [game for game in GAMES if game[0] in ("majesty", "kings_court") or translated(game[0])]
    for game, seed, players, partnered in games:
        store_game(store, game, *simulated(game, seed, players, partnered), owner="someone")
    page = new_phone(browser, lang)
    page.goto(base + "/stats")
    expect(page.locator("h1")).to_have_text(said(page, "Statistics"))
    expect(page.locator("#summary")).to_have_text(
        {"fr": f"{len(games)}\u00a0parties terminées comptées.", "de": f"{len(games)} beendete Partien gezählt."}[lang])
    charts = page.locator("figure.chart img")
    assert charts.count() >= 2
    alts = [charts.nth(n).get_attribute("alt") for n in range(charts.count())]
    assert alts[0].startswith(said(page, "Games won") + {"fr": "\u00a0: ", "de": ": "}[lang])
    assert any(alt.startswith(said(page, "Win rate")) for alt in alts)
    if lang == "fr":
        assert "\u00a0%" in next(alt for alt in alts if alt.startswith(said(page, "Win rate")))
    # the charts' own words (drawn in the SVG) are the language's
    svg = page.evaluate("""() => new TextDecoder().decode(Uint8Array.from(
      atob(document.querySelector('figure.chart img').src.split(',')[1]), (c) => c.charCodeAt(0)))""")
    assert said(page, "Games won") in svg and "Games won" not in svg
    page.locator("details.player summary").first.tap()
    checked(page, f"statistics ({lang})")
    if lang == "de":
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "statistics_de.png"))
    page.goto(base + "/players")
    checked(page, f"players ({lang})")
