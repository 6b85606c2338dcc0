"""Majesty at the table: phones (Chromium at 360 x 740, touch) play the typical turns with every
tap on screen first and no scrolling, and the page answers at the finger, takes back a step of
the turn being entered, keeps or drops that draft when another phone enters something, states
no fact for the player, steps signed numbers, reads its history, and stays accessible; a whole
game is tapped in to the engine's own final score, and a table under way taps in its position.

Without Chromium the tests skip, except under CI (see tests/browser_support.py).
"""
from __future__ import annotations

import json

import pytest
from browser_support import ARTIFACTS, new_phone
from phone import PHONE, Phone, accessible, in_view, serious, small_targets
from playwright.sync_api import expect
from turns_majesty import play_typical_turns, set_up
from whole_majesty import broken_names, internal_ids

pytestmark = pytest.mark.browser

LATE = {  # Ann's turn, 21st of 24: she holds 1 meeple; both hold chips (Bob's can be fewer)
    "players": ["Ann", "Bob"], "first": 0, "sides": "B", "deck": "shuffled",
    "position": {
        "players": [
            {"realm": {"mill": {"miller": 4}, "brewery": {"brewer": 3}, "cottage": {"witch": 3}},
             "meeples": 1, "points": 20, "chips": {"10": 2}},
            {"realm": {"mill": {"miller": 3}, "guardhouse": {"guard": 3}, "castle": {"noble": 4}},
             "meeples": 5, "points": 18, "chips": {"1": 8, "10": 1}}],
        "display": ["innkeeper-noble", "knight", "witch", "guard", "innkeeper", "brewer"],
        "display_meeples": [0] * 6, "turn": 0}}


def start(page, server_url: str, options: dict) -> str:
    """A game created from a position through the API (as a phone would), opened on ``page``."""
    page.goto(server_url + "/")
    game_id = page.evaluate("""async (options) => {
      const csrf = document.querySelector('meta[name="csrf-token"]').content;
      const response = await fetch("/api/games", { method: "POST", body: JSON.stringify({ game: "majesty", options }),
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf } });
      return (await response.json()).game.id;
    }""", options)
    page.goto(f"{server_url}/g/{game_id}")
    expect(page.locator("#turn")).to_be_visible()
    return game_id


def test_the_typical_turns_need_no_scrolling_and_every_tap_is_on_screen(server, browser):
    phones = play_typical_turns(lambda: Phone(new_phone(browser), strict=True), server)
    turns = phones[0].turns
    assert [(t.label, t.taps, t.scrolled) for t in turns] == [
        ("take a split card", 3, 0), ("name the turned-up card", 3, 0), ("a Castle B exchange", 4, 0)]
    page = phones[0].page
    # The history reads: the card, its cost, the half, the card turned up, the exchange.
    lines = page.locator("#history li")
    expect(lines.nth(2)).to_contain_text("Ann took the Miller/Brewer as Brewer (free): +1; turned up the Miller")
    expect(lines.nth(1)).to_contain_text("Bob took the Witch (cost 1): +3; turned up the Guard")
    expect(lines.nth(0)).to_contain_text("Ann took the Innkeeper/Noble as Noble (free): +5; 1 meeple from "
                                          "the card; sold 1 meeple for 1 point; turned up the Witch")
    assert "slot" not in lines.all_inner_texts()[0]


def test_a_turn_on_one_screen_looks_right_and_is_accessible(server, browser):
    page = new_phone(browser)
    page.goto(server + "/new/majesty")
    assert serious(page) == [] and small_targets(page) == []
    set_up(page, server)
    assert serious(page) == [] and small_targets(page) == [] and broken_names(page) == []
    page.locator('[data-slot="1"][data-as="noble"]').tap()
    expect(page.locator("#prompt")).to_have_text("Ann's turn: tap the card turned up into the display")
    assert serious(page) == [] and small_targets(page) == [] and broken_names(page) == []
    page.locator('[data-new-card="innkeeper"]').tap()
    expect(page.locator("#preview")).to_contain_text("If Ann takes it")
    expect(page.locator("#draft")).to_have_text(
        "Ann takes the Innkeeper/Noble as Noble (costs 1); turned up: Innkeeper.")
    for selector in ("#draft", "#castle", "#preview", "#end-turn"):
        assert in_view(page, selector), selector
    assert serious(page) == [] and small_targets(page) == []
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "majesty_turn.png"))
    assert page.evaluate("window.scrollY") == 0


def test_a_greyed_card_says_why_and_a_refusal_shows_at_the_finger(server, browser):
    page = new_phone(browser)
    start(page, server, LATE)
    guard = page.locator('[data-slot="3"]')
    expect(guard).to_have_attribute("aria-disabled", "true")
    guard.tap(force=True)  # aria-disabled: Playwright would wait for it to be enabled; a finger does not
    expect(page.locator("#message .message-text")).to_have_text(
        "Ann holds 1 meeple, and the Guard costs 3 meeples: one on each card in front of it.")
    assert in_view(page, "#message")
    expect(page.locator(".mj-card.selected")).to_have_count(0)
    # A Castle exchange beyond Ann's points, typed: the engine's refusal, in view; the draft stays.
    page.locator('[data-slot="0"][data-as="noble"]').tap()
    page.locator('[data-new-card="miller"]').tap()
    page.locator("#exchange").fill("30")
    expect(page.locator("#message")).to_contain_text("Buying 30 meeples costs 30 points, and Ann has 20.")
    assert in_view(page, "#message")
    expect(page.locator("#draft")).to_contain_text("Ann takes the Innkeeper/Noble as Noble")
    assert serious(page) == [] and small_targets(page) == []


def test_undo_takes_back_the_last_step_of_the_turn_being_entered(server, browser):
    page = new_phone(browser)
    set_up(page, server)
    page.locator('[data-slot="5"]').tap()  # Ann's Noble; then Bob enters his turn
    page.locator('[data-new-card="miller"]').tap()
    page.locator("#end-turn").tap()
    expect(page.locator("#turn")).to_have_text("Bob's turn")
    page.locator('[data-slot="0"][data-as="brewer"]').tap()
    page.locator('[data-new-card="witch"]').tap()
    expect(page.locator("#preview")).to_contain_text("If Bob takes it")
    page.locator("#undo").tap()
    expect(page.locator("#message")).to_contain_text("Took back the card turned up (the Witch).")
    expect(page.locator('[data-new-card="witch"]')).to_be_visible()
    expect(page.locator("#draft")).to_have_text("Bob takes the Miller/Brewer as Brewer (free, 1 meeple on it).")
    page.locator("#undo").tap()
    expect(page.locator("#message")).to_contain_text("Took back the Miller/Brewer as Brewer.")
    expect(page.locator('[data-slot="0"][data-as="brewer"]')).to_be_visible()
    expect(page.locator(".mj-card.selected")).to_have_count(0)
    expect(page.locator("#end-turn")).to_have_attribute("aria-disabled", "true")
    expect(page.locator("#history li")).to_have_count(1)  # Ann's stored turn stays


def test_a_draft_stays_through_a_chip_swap_and_goes_when_the_turn_is_stored_elsewhere(server, browser):
    ann = new_phone(browser)
    game_id = start(ann, server, LATE)
    other = new_phone(browser)
    other.goto(f"{server}/g/{game_id}")
    ann.locator('[data-slot="0"][data-as="noble"]').tap()
    ann.locator('[data-new-card="miller"]').tap()
    ann.locator("#exchange").fill("-1")
    expect(ann.locator("#preview")).to_contain_text("sold 1 meeple")

    # Another phone records Bob's chip swap: not a turn, so Ann's turn entered here stays.
    other.locator('.mj-player[data-seat="1"] summary').click()
    other.locator('[data-change="1"]').click()
    expect(ann.locator('.mj-player[data-seat="1"]')).not_to_contain_text("Fewer chips")
    expect(ann.locator("#draft")).to_have_text("Ann takes the Innkeeper/Noble as Noble (free); turned up: Miller.")
    expect(ann.locator("#exchange")).to_have_value("-1")
    expect(ann.locator("#end-turn")).not_to_have_attribute("aria-disabled", "true")

    # Then it stores Ann's turn itself: the draft here goes, with the reason.
    other.locator('[data-slot="1"]').tap()
    other.locator('[data-new-card="noble"]').tap()
    expect(other.locator("#preview")).to_contain_text("If Ann takes it")
    other.locator("#end-turn").tap()
    expect(ann.locator("#message")).to_contain_text(
        "Ann's turn was stored on another phone, so the card picked here was dropped.")
    assert in_view(ann, "#message")
    expect(ann.locator("#turn")).to_have_text("Bob's turn")
    expect(ann.locator("#draft")).to_be_hidden()


def test_setup_states_nothing_for_the_table_and_offers_the_names_typed(server, browser):
    page = new_phone(browser)
    page.goto(server + "/new/majesty")
    knight = page.locator('label[data-seat-choice]')
    expect(knight.filter(has_not=page.locator("[hidden]"))).to_have_count(4)
    page.fill('input[name="player-0"]', "Cleo")
    page.fill('input[name="player-1"]', "Dan")
    page.fill('input[name="player-2"]', "Eve")
    visible = page.locator('label[data-seat-choice]:visible')
    expect(visible).to_have_text(["Cleo", "Dan", "Eve"])
    assert page.locator('input[name="first"]:checked').count() == 0
    page.fill('input[name="player-2"]', "")
    expect(visible).to_have_text(["Cleo", "Dan"])
    page.locator("#position-builder summary").tap()
    expect(page.locator('select[name="turn"]')).to_have_value("")
    assert page.locator('select[name="turn"] option').evaluate_all(
        "(options) => options.filter((o) => !o.hidden).map((o) => o.textContent)") == ["choose", "Cleo", "Dan"]
    expect(page.locator("#realms legend:visible")).to_have_text(["Cleo", "Dan"])
    # Starting without saying who drew the knight card is refused by the form itself.
    for slot, kind in enumerate(["miller", "brewer", "witch", "guard", "knight", "noble"]):
        page.select_option(f'select[name="display-{slot}"]', kind)
    page.locator("#create").click()
    assert "/new/majesty" in page.url
    page.check('input[name="first"][value="1"]')
    page.locator("#create").click()
    expect(page.locator("#turn")).to_have_text("Dan's turn")
    # On the game page nothing is chosen for the mover either.
    expect(page.locator(".mj-card.selected, .mj-half.selected")).to_have_count(0)
    expect(page.locator("#end-turn")).to_have_attribute("aria-disabled", "true")
    expect(page.locator("#prompt")).to_have_text(
        "Dan's turn: tap the card you take (a split card by the half you place)")


def test_the_castle_stepper_reaches_negative_values(server, browser):
    page = new_phone(browser)
    set_up(page, server, display=("noble", "miller", "witch", "guard", "knight", "brewer"))
    page.locator('[data-slot="0"]').tap()
    page.locator('[data-new-card="miller"]').tap()
    expect(page.locator("#castle")).to_contain_text("(-5 to 0)")
    minus = page.locator('#castle [data-step="-1"]')
    minus.tap()
    minus.tap()
    expect(page.locator("#exchange")).to_have_value("-2")
    expect(page.locator("#preview")).to_contain_text("sold 2 meeples for 2 points")
    page.locator('#castle [data-step="1"]').tap()
    expect(page.locator("#preview")).to_contain_text("sold 1 meeple for 1 point")
    page.locator("#end-turn").tap()
    expect(page.locator("#history li").first).to_contain_text("sold 1 meeple for 1 point")


def test_a_finished_game_shows_the_final_scores_and_offers_nothing(server, browser):
    last = json.loads(json.dumps(LATE))
    last["position"]["players"][0]["realm"]["brewery"]["brewer"] = 5  # Ann: 12 cards
    last["position"]["players"][1]["realm"]["guardhouse"]["guard"] = 4  # Bob: 11, the last turn
    last["position"]["turn"] = 1
    page = new_phone(browser)
    start(page, server, last)
    expect(page.locator("#prompt")).to_contain_text("Bob's turn")
    page.locator('[data-slot="0"][data-as="noble"]').tap()
    expect(page.locator("#preview")).to_contain_text("If Bob takes it")
    page.locator("#end-turn").tap()
    expect(page.locator("body")).to_have_class("game-page finished")
    expect(page.locator("#winner")).to_be_visible()
    expect(page.locator("#prompt")).to_contain_text("The game is over:")
    expect(page.locator("#ranking li")).to_have_count(2)
    expect(page.locator("#final")).to_contain_text("Final scores")
    expect(page.locator("#end-turn")).to_be_hidden()
    expect(page.locator("[data-slot]:visible, [data-new-card]:visible, #exchange:visible")).to_have_count(0)
    assert in_view(page, "#ranking")
    assert serious(page) == [] and small_targets(page) == []
    page.screenshot(path=str(ARTIFACTS / "majesty_final.png"))


SETUPS = (  # (players, knight holder, sides, deck): every choice of the form at least once
    (("Ann", "Bob"), 1, "A", "standard"),
    (("Ann", "Bob", "Cid"), 2, "B", "shuffled"),
    (("Ann", "Bob", "Cid", "Dee"), 0, {"mill": "B", "brewery": "A", "cottage": "B", "guardhouse": "A",
                                       "barracks": "A", "inn": "B", "castle": "B", "infirmary": "A"}, "standard"),
    (("Ann", "Bob", "Cid"), 0, {"mill": "A", "brewery": "A", "cottage": "A", "guardhouse": "A",
                                "barracks": "A", "inn": "A", "castle": "A", "infirmary": "B"}, "shuffled"),
)


@pytest.mark.parametrize("names,knight,sides,deck", SETUPS)
def test_the_setup_page_creates_the_game_it_shows(server, browser, names, knight, sides, deck):
    """One control for the sides: the per-location choices show only for a mixed set, and a
    choice made there and then abandoned for all A or all B never reaches the game."""
    page = new_phone(browser)
    page.goto(server + "/new/majesty")
    for seat, name in enumerate(names):
        page.fill(f'input[name="player-{seat}"]', name)
    page.check(f'input[name="first"][value="{knight}"]')
    locations = page.locator('select[name^="side-"]')
    expect(locations.first).to_be_hidden()  # "All on side A" shows no per-location choice
    page.check('input[name="sides"][value="mixed"]')
    expect(locations).to_have_count(8)
    for i in range(8):
        expect(locations.nth(i)).to_be_visible()
        expect(locations.nth(i)).to_have_value("")  # nothing stated for the table
    if isinstance(sides, str):
        for i in range(8):  # the opposite side everywhere, then the one control says otherwise
            locations.nth(i).select_option("B" if sides == "A" else "A")
        page.check(f'input[name="sides"][value="{sides}"]')
        expect(locations.first).to_be_hidden()
    else:
        for location, side in sides.items():
            page.select_option(f'select[name="side-{location}"]', side)
    page.locator("#more-options > summary").click()
    page.check(f'input[name="deck"][value="{deck}"]')
    for slot, kind in enumerate(["miller", "brewer", "witch", "guard", "knight", "noble"]):
        page.select_option(f'select[name="display-{slot}"]', kind)
    assert serious(page) == [] and small_targets(page) == []
    page.locator("#create").click()
    expect(page.locator("#turn")).to_have_text(f"{names[knight]}'s turn")
    game_id = page.url.rsplit("/", 1)[-1]
    stored = page.evaluate("async (id) => (await (await fetch(`/api/games/${id}/export`)).json())", game_id)
    assert stored["options"]["players"] == list(names)
    assert stored["options"]["first"] == knight
    assert stored["options"]["sides"] == sides
    assert stored["options"]["deck"] == deck
    # The game page says each location's side, and the options in force in words.
    every = {loc: sides for loc in SETUPS[2][2]} if isinstance(sides, str) else sides
    page.locator("#setup-box summary").tap()
    for location, side in every.items():
        expect(page.locator(f'[data-location="{location}"] .mj-side')).to_have_text(side)
    words = page.locator("#in-force li")
    expect(words.first).to_contain_text(
        {"A": "All on side A", "B": "All on side B"}.get(sides, "A mixed set") if isinstance(sides, str)
        else "A mixed set")
    expect(words.nth(1)).to_contain_text("both tiers shuffled" if deck == "shuffled" else "tier-1 cards set aside")
    assert serious(page) == [] and small_targets(page) == []
    page.context.close()


def covered(page, selector: str) -> bool:
    """Is anything (the action bar included) over the centre or a corner of the element?"""
    return page.locator(selector).first.evaluate("""(el) => {
      const r = el.getBoundingClientRect();
      const points = [[r.left + r.width / 2, r.top + r.height / 2], [r.left + 1, r.top + 1],
        [r.right - 1, r.top + 1], [r.left + 1, r.bottom - 1], [r.right - 1, r.bottom - 1]];
      return points.some(([x, y]) => { const hit = document.elementFromPoint(x, y);
        return !hit || !(el.contains(hit) || hit.contains(el)); });
    }""")


def test_a_card_turned_up_entered_wrong_is_corrected_without_replaying_the_turns(server, browser):
    phone = Phone(new_phone(browser), strict=True)
    page = phone.page
    set_up(page, server)
    with phone.turn("Ann"):
        phone.tap('[data-slot="0"][data-as="brewer"]')
        phone.tap('[data-new-card="guard"]')  # the table turned up a Knight
        phone.tap("#end-turn")
        expect(page.locator("#turn")).to_have_text("Bob's turn")
    with phone.turn("the correction"):
        phone.tap("#fix-open")
        expect(page.locator("#prompt")).to_have_text("Tap the display card that was entered wrong")
        phone.tap('[data-fix-slot="5"]')
        expect(page.locator("#pick h2")).to_have_text("The card turned up at turn 1 (entered as the Guard) was")
        expect(page.locator('[data-fix-card="guard"]')).to_have_count(0)
        # Only the cards the deck could have turned up then are offered: with two players every
        # card turned up is a tier-2 card, and tier 2 has no Guard/Noble.
        expect(page.locator('[data-fix-card="guard-noble"]')).to_have_count(0)
        phone.tap('[data-fix-card="witch"]')
        expect(page.locator("#draft")).to_have_text(
            "Correction: the card turned up at turn 1 was the Witch, not the Guard.")
        phone.tap('[data-fix-card="knight"]')
        expect(page.locator("#draft")).to_have_text(
            "Correction: the card turned up at turn 1 was the Knight, not the Guard.")
        expect(page.locator("#end-turn")).to_have_text("Correct it")
        phone.tap("#end-turn")
        expect(page.locator('[data-slot="5"]')).to_have_text("Knight")
    expect(page.locator("#turn")).to_have_text("Bob's turn")  # a correction is not a turn
    expect(page.locator("#history li").first).to_contain_text(
        "Correction: the card turned up at turn 1 was the Knight, not the Guard")
    page.locator("#undo").tap()
    expect(page.locator("#message")).to_contain_text("Undone: Correction")
    expect(page.locator('[data-slot="5"]')).to_have_text("Guard")
    assert serious(page) == [] and small_targets(page) == []


def test_take_the_card_says_what_is_missing_and_a_greyed_card_links_its_rule(server, browser):
    page = new_phone(browser)
    start(page, server, LATE)
    page.locator("#end-turn").tap(force=True)  # aria-disabled: a finger taps it all the same
    expect(page.locator("#message .message-text")).to_have_text("First tap the card Ann takes.")
    page.locator('[data-slot="3"]').tap(force=True)
    expect(page.locator("#message .rule-link")).to_have_text("Rule: Paying for a card")
    page.locator('[data-slot="0"][data-as="noble"]').tap()
    page.locator("#end-turn").tap(force=True)
    expect(page.locator("#message .message-text")).to_have_text(
        "First tap the card turned up into the display.")
    page.locator('[data-new-card="miller"]').tap()
    expect(page.locator("#message")).to_be_hidden()
    assert serious(page) == [] and small_targets(page) == []
    # No internal id on the page, no card name broken over two lines or wider than its button.
    for _ in range(2):
        assert internal_ids(page) == []
        assert broken_names(page) == []
        page.locator("#undo").tap()


def test_two_players_play_a_whole_majesty_game_on_a_phone(server, browser):
    """A whole 2-player game, every turn tapped in: the cards a real shuffled deck would show
    (from the engine's simulator), checked against the engine's own final score."""
    import random

    from companion.games.majesty.simulate import build_deck, random_game

    deck = build_deck(random.Random(7), 2, "standard", None)
    options = {"players": ["Ann", "Bob"], "first": 0, "sides": "A", "deck": "standard", "display": deck[:6]}
    moves, final = random_game(random.Random(8), options)

    page = new_phone(browser)
    set_up(page, server, sides="A", display=options["display"])
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator("#deck summary").tap()
    expect(page.locator("#deck")).to_contain_text("Tier 2: 27 cards")

    for number, move in enumerate(moves):
        half = f'[data-as="{move["as"]}"]' if "as" in move else ""
        page.locator(f'[data-slot="{move["slot"]}"]{half}').tap()
        if "heal_as" in move:
            page.locator(f'[data-heal-as="{move["heal_as"]}"]').tap()
        if "new_card" in move:
            page.locator(f'[data-new-card="{move["new_card"]}"]').tap()
        expect(page.locator("#preview")).to_contain_text("takes it")
        page.locator("#end-turn").tap()
        expect(page.locator("#history li")).to_have_count(number + 1)

    expect(page.locator("#winner")).to_be_visible()
    for seat, points in enumerate(final.points):
        expect(page.locator(f'[data-points="{seat}"]')).to_have_text(str(points))
    expect(page.locator("#final")).to_contain_text("Final scores")
    expect(page.locator("#ranking li")).to_have_count(2)
    page.screenshot(path=str(ARTIFACTS / "majesty_whole_game.png"), full_page=True)


def test_a_majesty_table_under_way_taps_in_its_position(server, browser):
    page = new_phone(browser)
    page.goto(server + "/new/majesty")
    page.fill('input[name="player-0"]', "Ann")
    page.fill('input[name="player-1"]', "Bob")
    page.check('input[name="first"][value="0"]')
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


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_setup_page_in_french_and_in_german_is_accessible_with_no_english_left(
        server, browser, lang):
    page = new_phone(browser, lang)
    page.goto(server + "/new/majesty")
    assert page.evaluate("document.documentElement.lang") == lang
    accessible(page, f"the setup page in {lang}")
    page.fill('input[name="player-0"]', "Cleo")
    page.fill('input[name="player-1"]', "Dan")
    page.check('input[name="sides"][value="mixed"]')
    page.locator("#position-builder summary").tap()
    expect(page.locator("#realms legend:visible")).to_have_text(["Cleo", "Dan"])
    page.locator('#realms [data-seat="0"] select[data-add="mill"]').select_option("miller-brewer")
    accessible(page, f"the setup page in {lang}, a mixed set and a position")
    names = {"fr": ("Moulin", "Meunière/Brasseur", "Tour de guet"),
             "de": ("Mühle", "Müllerin/Brauer", "Wachturm")}[lang]
    text = page.locator("main").inner_text()
    assert all(name in text for name in names), text
    assert internal_ids(page) == [] and broken_names(page) == []
    page.screenshot(path=str(ARTIFACTS / f"majesty_setup_{lang}.png"), full_page=True)


@pytest.mark.parametrize("lang, owes", [("en", "(owes the box 1)"), ("fr", "(doit 1 à la boîte)")])
def test_a_player_who_owes_the_box_is_said_to_owe_it_not_owed_a_negative(server, browser, lang, owes):
    """A whole 3-player game (the simulator's) that ends with Ann owing the box a point: her
    realm says she owes it, never "the box owes −1"."""
    import random

    from companion.games.majesty.simulate import build_deck, random_game

    deck = build_deck(random.Random(22), 3, "standard", None)
    options = {"players": ["Ann", "Bob", "Cid"], "first": 0, "sides": "A", "deck": "standard",
               "display": deck[:6]}
    moves, final = random_game(random.Random(23), options)
    assert final.owed[0] == -1
    page = new_phone(browser, lang)
    start(page, server, options)
    game_id = page.url.rsplit("/", 1)[1]
    stored = page.evaluate("""async ([id, moves]) => {
      const csrf = document.querySelector('meta[name="csrf-token"]').content;
      for (const [seq, move] of moves.entries()) {
        const response = await fetch(`/api/games/${id}/moves`, { method: "POST", body: JSON.stringify({ seq, move }),
          headers: { "Content-Type": "application/json", "X-CSRFToken": csrf } });
        if (response.status !== 200) return seq;
      }
      return moves.length;
    }""", [game_id, moves])
    assert stored == len(moves)
    page.reload()
    ann = page.locator('.mj-player[data-seat="0"]')
    expect(ann).to_contain_text(owes)
    expect(ann).not_to_contain_text("−1")


def test_the_turn_comes_into_view_when_it_becomes_this_phones(server, browser):
    """Issue 31: Bob scrolled down to his realm while Ann played; when her card is stored on her
    phone, Bob's phone brings his turn (the display) back into view."""
    bob = new_phone(browser)
    game_id = start(bob, server, {"players": ["Ann", "Bob"], "first": 0, "sides": "A", "deck": "standard",
                                  "display": ["miller", "brewer", "witch", "guard", "knight", "noble"]})
    claim = bob.evaluate("""async (id) => {
      const csrf = document.querySelector('meta[name="csrf-token"]').content;
      return (await fetch(`/api/games/${id}/seat`, { method: "POST", body: JSON.stringify({ player: 1 }),
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf } })).status;
    }""", game_id)
    assert claim == 200
    bob.reload()
    expect(bob.locator("#prompt")).to_contain_text("Ann's turn")
    bob.evaluate("document.querySelector('.mj-player[data-seat=\"1\"]').scrollIntoView()")
    assert bob.evaluate("window.scrollY") > 100 and not in_view(bob, '[data-slot="0"]')
    ann = new_phone(browser)
    ann.goto(bob.url)
    stored = ann.evaluate("""async (id) => {
      const csrf = document.querySelector('meta[name="csrf-token"]').content;
      return (await fetch(`/api/games/${id}/moves`, { method: "POST",
        body: JSON.stringify({ seq: 0, move: { type: "take", slot: 0, card: "miller", new_card: "brewer" } }),
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf } })).status;
    }""", game_id)
    assert stored == 200
    expect(bob.locator("#prompt")).to_contain_text("Your turn")
    bob.wait_for_function("() => window.scrollY === 0")
    assert in_view(bob, '[data-slot="0"]')
