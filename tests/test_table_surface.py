"""The surface every game page shares, on phones at 360 x 740 (Chromium, touch): joining by the
short code, the phone's player, undo and redo that name what they take back and ask before
taking back another phone's move, answers in the action bar with the rule in a sheet, the screen
kept awake, the shared pages clean for axe-core with 44 px targets, and deleting a game asks
first in the page's own sheet."""
from __future__ import annotations

import json

import pytest
from browser_support import ARTIFACTS, new_phone, set_up
from phone import Phone, serious, small_targets, zooming_fields

pytestmark = pytest.mark.browser

KING_UP = {"type": "play", "cards": [{"card": "king-1", "moves": [{"pawn": "king", "from": 0, "to": 1}]}]}
KING_TWO = {"type": "play", "cards": [{"card": "king-1", "moves": [{"pawn": "king", "from": 0, "to": 2}]}]}


def create_royal_visit(page, server_url: str) -> str:
    """A Royal Visit game made by this phone (it owns it), its page opened."""
    page.goto(server_url + "/")
    token = page.locator('meta[name="csrf-token"]').get_attribute("content")
    answer = page.request.post(server_url + "/api/games",
                               headers={"X-CSRFToken": token, "Content-Type": "application/json"},
                               data=json.dumps({"game": "royal_visit",
                                                "options": {"players": ["Ann", "Bob"], "wizard": 0}}))
    game_id = answer.json()["game"]["id"]
    page.goto(f"{server_url}/g/{game_id}")
    return game_id


def send(page, move) -> bool:
    """What a game's script does when its player stores a turn."""
    return page.evaluate("(move) => Companion.send(`/api/games/${Companion.game.id}/moves`, { move })", move)


def in_viewport(locator) -> bool:
    return Phone(locator.page).on_screen(locator)


def test_join_by_code_say_who_holds_the_phone_and_undo_that_asks(server, browser):
    from playwright.sync_api import expect

    ann = new_phone(browser)
    create_royal_visit(ann, server)
    code = ann.locator("#code-button").inner_text().strip()
    assert len(code) == 6

    # Ben's phone types the code, in lower case, on the home page, and is asked who holds it.
    ben = new_phone(browser)
    ben.goto(server + "/")
    ben.fill('input[name="code"]', code.lower())
    ben.get_by_role("button", name="Join").tap()
    # Only that: not the whole More sheet with "join from another phone".
    who = ben.locator("#who")
    expect(who).to_be_visible()
    expect(ben.locator("#more")).to_be_hidden()
    expect(who).not_to_contain_text("join")
    expect(who.locator(".seat-choices")).to_contain_text("Bob")
    ben.screenshot(path=str(ARTIFACTS / "surface-who-joined.png"))
    ben.locator('#who [data-seat="1"]').tap()
    expect(who).to_be_hidden()
    expect(ben.locator("#seat-now")).to_have_text("Bob's")
    assert "joined" not in ben.url  # a reload does not ask again

    # Ann's turn is stored on Ann's phone; Bob's phone sees it.
    assert send(ann, KING_UP)
    expect(ben.locator("#history li")).to_have_count(1)

    # Undo on Bob's phone names Ann's move and asks first: "Keep it" leaves it stored.
    bob = Phone(ben)
    bob.tap("#undo")
    expect(ben.locator("#ask")).to_be_visible()
    expect(ben.locator("#ask-text")).to_contain_text("Ann's move")
    expect(ben.locator("#ask-text")).to_contain_text(ben.evaluate("Companion.game.undo.text"))
    ben.locator("#ask-no").tap()
    ben.wait_for_timeout(300)
    assert ben.evaluate("Companion.game.seq") == 1
    # "Undo it" takes it back and says what was undone, in the action bar, on screen.
    bob.tap("#undo")
    ben.locator("#ask-yes").tap()
    expect(ben.locator("#message")).to_contain_text("Undone:")
    assert in_viewport(ben.locator("#message"))
    expect(ben.locator("#history li.undone")).to_have_count(1)

    # Ann stored it from her phone: her Redo asks nothing and says what it brought back.
    expect(ann.locator("#redo")).to_be_enabled()
    Phone(ann).tap("#redo")
    expect(ann.locator("#ask")).to_be_hidden()
    expect(ann.locator("#message")).to_contain_text("Redone:")
    assert ann.evaluate("Companion.game.redo") is None
    assert ann.locator("#undo").get_attribute("aria-label").startswith("Undo ")


def test_a_refusal_is_shown_in_the_action_bar_with_its_rule_in_a_sheet(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    create_royal_visit(page, server)
    assert not send(page, KING_TWO)
    message = page.locator("#message")
    expect(message).to_be_visible()
    assert in_viewport(message)
    rule = message.locator(".rule-link")
    expect(rule).to_have_text("Rule: Exact moves")  # the rule's title, not its id
    Phone(page).tap(rule)
    sheet = page.locator("#rule-sheet")
    expect(sheet).to_be_visible()
    expect(sheet).to_contain_text("exactly the number of spaces")
    assert len(page.context.pages) == 1  # no new tab
    page.locator("#rule-sheet [data-close]").tap()
    expect(sheet).to_be_hidden()
    assert page.evaluate("Companion.game.seq") == 0  # nothing stored
    Phone(page).tap("#message .message-close")
    expect(message).to_be_hidden()


def test_the_screen_is_kept_on_unless_the_phone_turns_it_off(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    create_royal_visit(page, server)
    page.locator("#more-button").tap()
    wake = page.locator("#wake")
    expect(wake).to_be_checked()
    expect(page.locator("#wake-note")).not_to_be_empty()
    wake.tap()
    expect(page.locator("#wake-note")).to_contain_text("locks as the phone's settings say")
    page.reload()
    page.locator("#more-button").tap()
    expect(page.locator("#wake")).not_to_be_checked()


def test_a_long_game_shows_its_last_moves_and_earlier_ones_on_request(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    create_royal_visit(page, server)
    assert send(page, KING_UP)
    for seq in range(1, 120):  # undo, redo, ...: 120 lines of history
        which = "undo" if seq % 2 else "redo"
        assert page.evaluate(f"Companion.send(`/api/games/${{Companion.game.id}}/{which}`)")
    page.reload()
    page.locator("#more-button").tap()
    page.locator("#history-box summary").tap()
    expect(page.locator("#history li")).to_have_count(100)
    earlier = page.locator("#history-earlier")
    expect(earlier).to_have_text("Earlier moves (20)")
    earlier.tap()
    expect(page.locator("#history li")).to_have_count(120)
    expect(earlier).to_be_hidden()
    expect(page.locator("#history li").last).to_contain_text("1.")
    # A new entry is added at the top without losing the earlier lines.
    page.locator("#more [data-close]").first.tap()
    assert page.evaluate("Companion.send(`/api/games/${Companion.game.id}/redo`)")
    expect(page.locator("#history li")).to_have_count(121)


SHARED_PAGES = ["/", "/print", "/players", "/stats", "/rules/royal_visit", "/rules/majesty",
                "/rules/kings_court", "/rules/kingseat"]


def test_the_shared_pages_are_clean_for_axe_with_thumb_sized_targets(server, browser):
    page = new_phone(browser)
    create_royal_visit(page, server)
    page.locator("#more-button").tap()
    page.locator("#history-box summary").tap()
    assert serious(page) == [], "the More sheet"
    assert small_targets(page) == [], "the More sheet"
    for path in SHARED_PAGES:
        page.goto(server + path)
        assert serious(page) == [], path
        assert small_targets(page) == [], path
        assert zooming_fields(page) == [], path
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, path


def serve(**config):
    """A server of its own for one test: (its url, a function that stops it)."""
    import tempfile
    import threading

    from werkzeug.serving import make_server

    from companion.lan import lan_address
    from companion.web import create_app

    folder = tempfile.mkdtemp()
    host = config.pop("host", "127.0.0.1")
    app = create_app({"DATABASE_URL": f"sqlite:///{folder}/companion.db", "SECRET_KEY": "browser",
                      **config})
    http = make_server(lan_address() if host == "lan" else host, 0, app, threaded=True)
    threading.Thread(target=http.serve_forever, daemon=True).start()

    def stop():
        http.shutdown()
        app.extensions["store"].dispose()
    return f"http://{http.server_address[0]}:{http.server_port}", stop


def test_the_screen_stays_on_over_plain_http_by_a_silent_looping_video(browser):
    """Opened at this machine's network address (plain http, not a secure context), the page has
    no Wake Lock API: the first tap starts the silent looping video, and More says so."""
    from playwright.sync_api import expect

    from companion.lan import lan_address

    if not lan_address():
        pytest.skip("this machine has no network address")
    url, stop = serve(host="lan")
    try:
        page = new_phone(browser)
        create_royal_visit(page, url)
        assert not page.evaluate("window.isSecureContext || 'wakeLock' in navigator")
        page.locator("#more-button").tap()
        expect(page.locator("#wake")).to_be_checked()
        expect(page.locator("#wake-note")).to_contain_text("Tap anywhere")
        page.locator("#more [data-close]").first.tap()
        page.locator("#status").tap()
        expect(page.locator("body")).to_have_attribute("data-awake", "video")
        # Playing with its (silent) sound on, as Chrome needs to hold the screen on for it.
        page.locator("#more-button").tap()
        expect(page.locator("#wake-note")).to_contain_text("silent video playing in a loop")
        page.locator("#screen").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "surface-wake-video.png"))
        # Turned off: the video stops; on again, the next tap starts it again.
        page.locator("#wake").tap()
        expect(page.locator("body")).not_to_have_attribute("data-awake", "video")
        expect(page.locator("#wake-note")).to_contain_text("locks as the phone's settings say")
        page.locator("#wake").tap()
        page.locator("#more [data-close]").first.tap()
        page.locator("#status").tap()
        expect(page.locator("body")).to_have_attribute("data-awake", "video")
    finally:
        stop()


LONGEST = [  # the longest refusals benchmarks/refusals.py finds, names and numbers filled in
    ("The game is over (Ann and Bob went over 500; Cid wins with the lowest total, 312): only a "
     "correction of a past hand can still be entered."),
    ("Ann's vote: the game has 9 cards of the Lionsyre, and the table has already seen 9 of them "
     "face up (in the Tell, the Discard or this vote)."),
]


def test_an_answer_takes_a_strip_of_two_lines_and_goes_when_the_draft_changes(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    create_royal_visit(page, server)
    bar = page.locator(".toolbar")
    height = bar.bounding_box()["height"]
    controls = page.locator("main button:visible, main [data-card]:visible")
    for sentence in LONGEST:
        page.evaluate("(message) => Companion.say({ message, url: '/rules/royal_visit#exact-move', "
                      "title: 'Exact moves' })", sentence)
        message = page.locator("#message")
        expect(message).to_be_visible()
        # The bar does not grow: every control of the turn stays under the finger.
        assert bar.bounding_box()["height"] == height
        for index in range(controls.count()):
            target = controls.nth(index)
            if target.evaluate("(el) => !el.closest('.toolbar, dialog')"):
                assert in_viewport(target) or target.bounding_box()["y"] > 740, target.inner_text()
        assert message.bounding_box()["height"] <= 52
        assert serious(page) == [] and small_targets(page) == []
        page.screenshot(path=str(ARTIFACTS / "surface-answer-strip.png"))
        # The whole sentence and its rule, in a sheet.
        Phone(page).tap("#message .message-text")
        expect(page.locator("#rule-sheet-message")).to_have_text(sentence)
        expect(page.locator("#rule-sheet-title")).to_have_text("Rule: Exact moves")
        page.screenshot(path=str(ARTIFACTS / "surface-answer-sheet.png"))
        page.locator("#rule-sheet [data-close]").tap()
        expect(message).to_be_visible()
    # A refusal of the engine's, then a card tapped (the draft changes): the answer goes.
    assert not send(page, KING_TWO)
    expect(page.locator("#message")).to_contain_text("exactly")
    Phone(page).tap('[data-card="king-1"]')
    expect(page.locator("#message")).to_be_hidden()


def test_a_phone_asks_again_at_once_after_its_own_entry(browser):
    """The pause between polls is a minute here: a phone that paused after the answer to its own
    entry (nothing new to it) would miss the next phone's move for that long. The waiting
    request's answer is held until the entry's own answer has come, as happens on a busy
    network."""
    from playwright.sync_api import expect

    url, stop = serve(POLL_MILLISECONDS=60_000)
    try:
        ann = new_phone(browser)
        held = []

        def waiting(address):
            return "since=0&" in address
        ann.route(waiting, lambda route: held.append(route))
        game_id = create_royal_visit(ann, url)
        while not held:
            ann.wait_for_timeout(50)
        assert send(ann, KING_UP)
        held[0].fulfill(status=200, content_type="application/json",
                        body=ann.request.get(f"{url}/api/games/{game_id}").text())
        ann.unroute(waiting)
        bob = new_phone(browser)
        bob.goto(f"{url}/g/{game_id}")
        assert send(bob, {"type": "play", "cards": [{"card": "wizard-1", "moves": [
            {"pawn": "wizard", "from": 1, "to": 2}]}]})
        ann.wait_for_function("() => Companion.game.seq === 2", timeout=10_000)
        expect(ann.locator("body")).to_have_attribute("data-entries", "2")
    finally:
        stop()


def claim(page, seat: int) -> None:
    page.locator("#more-button").tap()
    page.locator(f'#seat-choices [data-seat="{seat}"]').tap()
    page.locator("#more").wait_for(state="hidden")


def test_the_creating_phone_is_asked_who_holds_it_and_the_movers_phone_says_your_turn(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    page.goto(server + "/new/royal_visit")
    page.fill('input[name="player_top"]', "Ann")
    page.fill('input[name="player_bottom"]', "Bob")
    page.check('input[name="wizard"][value="top"]')
    page.locator("#create").tap()
    # Asked in the answer strip, so the first turn stays in reach; a tap on it opens the choice.
    message = page.locator("#message")
    expect(message).to_contain_text("Who holds this phone?")
    assert in_viewport(page.locator('[data-card="king-1"]'))
    page.screenshot(path=str(ARTIFACTS / "surface-who-created.png"))
    Phone(page).tap("#message .message-text")
    expect(page.locator("#who")).to_be_visible()
    assert serious(page) == [] and small_targets(page) == []
    page.locator('#who [data-seat="0"]').tap()
    expect(page.locator("#who")).to_be_hidden()
    expect(page.locator("#message")).to_be_hidden()
    page.reload()  # asked once
    expect(page.locator("#message")).to_be_hidden()
    # Ann's own phone says "Your turn"; Bob's names Ann.
    expect(page.locator("#prompt")).to_have_text("Your turn: choose a card, the Wizard's power, or pass")
    page.screenshot(path=str(ARTIFACTS / "surface-your-turn.png"))
    # A phone that opens the game's plain link is asked too, in its strip, once.
    bob = new_phone(browser)
    bob.goto(page.url)
    expect(bob.locator("#message")).to_contain_text("Who holds this phone?")
    assert in_viewport(bob.locator('[data-card="king-1"]'))
    bob.reload()
    expect(bob.locator("#message")).to_be_hidden()
    claim(bob, 1)
    expect(bob.locator("#prompt")).to_have_text("Ann's turn: choose a card, the Wizard's power, or pass")
    assert send(page, KING_UP)
    expect(bob.locator("#prompt")).to_have_text("Your turn: choose a card, the Wizard's power, or pass")
    expect(page.locator("#prompt")).to_have_text("Bob's turn: choose a card, the Wizard's power, or pass")


def test_a_ruling_that_makes_the_draft_illegal_drops_it_and_redo_works_inside_a_draft(server, browser):
    from playwright.sync_api import expect

    owner = new_phone(browser)
    create_royal_visit(owner, server)
    ann = new_phone(browser)
    ann.goto(owner.url)
    phone = Phone(ann)
    # Redo inside the draft: a card taken back by Undo comes back with Redo.
    phone.tap('[data-card="king-1"]')
    phone.tap('[data-option][data-to="-1"]')
    phone.tap('[data-card="king-1"]')  # back to the Fountain: the only move, made at once
    expect(ann.locator("#draft li")).to_have_count(2)
    phone.tap("#undo")
    expect(ann.locator("#draft li")).to_have_count(1)
    expect(ann.locator("#redo")).to_be_enabled()
    phone.tap("#redo")
    expect(ann.locator("#draft li")).to_have_count(2)
    expect(ann.locator("#message")).to_contain_text("Put back King 1")
    expect(ann.locator("#redo")).to_be_disabled()
    # The creating phone rules that moves go toward the mover's own Chateau: the King's steps
    # toward Bob's are refused now, and the draft goes with the engine's sentence.
    owner.evaluate("""() => Companion.send(`/api/games/${Companion.game.id}/rulings`,
      { rulings: { direction: "towards-mover" } })""")
    expect(ann.locator("#message")).to_contain_text("rulings were changed on another phone", timeout=5000)
    expect(ann.locator("#message")).to_contain_text("toward your own Chateau")
    expect(ann.locator("#draft li")).to_have_count(0)
    ann.screenshot(path=str(ARTIFACTS / "surface-ruling-dropped.png"))


def test_undo_in_another_view_never_takes_back_an_entry_stored_in_the_hand_view(server, browser):
    """King's Court: a hand's deal stored in the hand view, then Undo in "May I play?" with
    nothing in the question: nothing stored is taken back, and the answer says where to undo."""
    from playwright.sync_api import expect

    page = new_phone(browser)
    page.goto(server + "/new/kings_court")
    page.fill('input[name="player-0"]', "Ann")
    page.fill('input[name="player-1"]', "Bob")
    page.select_option("#first-dealer", "0")
    page.locator("#create").tap()
    page.locator("#views").wait_for()
    # The hand is followed card by card: its deal stored from the hand view.
    page.locator('[data-follow="1"]').tap()
    page.locator('#deal-panel [data-kind="gold-5"]').tap()
    page.locator('[data-deal-cut="none"]').tap()
    page.locator("#deal").tap()
    page.locator("#top", has_text="Gold 5").wait_for()
    page.locator('[data-view="ask"]').tap()
    page.locator("#undo").tap()
    expect(page.locator("#message")).to_contain_text("Nothing in the question to take back")
    assert page.evaluate("Companion.game.seq") == 1
    # In the view that stored it, Undo takes it back at once.
    page.locator('[data-view="hand"]').tap()
    page.locator("#undo").tap()
    expect(page.locator("#message")).to_contain_text("Undone:")


def test_at_the_end_the_exports_and_a_new_game_with_the_same_players_appear_without_a_reload(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    create_royal_visit(page, server)
    assert page.evaluate("""() => Companion.send(`/api/games/${Companion.game.id}/rulings`,
      { rulings: { "wild-middle": "forbidden" } })""")
    expect(page.locator("#again")).to_be_hidden()
    guards = {"type": "play", "cards": [{"card": "guard-1+1", "moves": [
        {"pawn": "guard", "from": at, "to": at + 2}]} for at in (2, 4, 6)]}
    wizard = {"type": "play", "cards": [{"card": "wizard-1", "moves": [
        {"pawn": "wizard", "from": 1, "to": 2}]}]}
    king = {"type": "play", "cards": [{"card": "king-1", "moves": [
        {"pawn": "king", "from": at, "to": at + 1}]} for at in range(7)]}
    for move in (guards, wizard, king):
        assert send(page, move)
    expect(page.locator("#winner")).to_contain_text("Ann won")
    page.locator("#more-button").tap()
    page.locator("#more details summary", has_text="This game").tap()
    expect(page.locator("#bgstats")).to_be_visible()
    page.locator("#more [data-close]").first.tap()
    again = page.locator("#again")
    expect(again).to_be_visible()
    assert in_viewport(again)
    assert serious(page) == [] and small_targets(page) == []
    page.screenshot(path=str(ARTIFACTS / "surface-game-over.png"))
    again.tap()  # it leaves the page
    page.wait_for_url("**/new/royal_visit**")
    expect(page.locator('input[name="player_top"]')).to_have_value("Ann")
    expect(page.locator('input[name="player_bottom"]')).to_have_value("Bob")
    expect(page.locator('input[name="ruling-wild-middle"][value="forbidden"]')).to_be_checked()
    assert not page.locator('input[name="wizard"]:checked').count()  # said again by the players


HEADED = {
    "kings_court": {"players": ["Ann", "Bob"], "first_dealer": 0},
    "majesty": {"players": ["Ann", "Bob"], "first": 0, "sides": "A", "deck": "standard",
                "display": ["miller", "brewer", "witch", "guard", "knight", "noble"]},
}


@pytest.mark.parametrize("game", sorted(HEADED))
def test_the_header_shows_the_whole_title(server, browser, game):
    page = new_phone(browser)
    page.goto(server + "/")
    token = page.locator('meta[name="csrf-token"]').get_attribute("content")
    answer = page.request.post(server + "/api/games", data=json.dumps({"game": game, "options": HEADED[game]}),
                               headers={"X-CSRFToken": token, "Content-Type": "application/json"})
    page.goto(f"{server}/g/{answer.json()['game']['id']}")
    heading = page.locator(".masthead .title")
    assert heading.inner_text() == page.evaluate("Companion.game.title")
    # the title is the page's one level-one heading (axe's page-has-heading-one)
    assert page.locator("h1").all_inner_texts() == [heading.inner_text()]
    assert heading.evaluate("(el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight")
    assert in_viewport(heading)
    page.screenshot(path=str(ARTIFACTS / f"surface-header-{game}.png"))


def test_a_rulings_change_drops_a_draft_the_page_cannot_check(server, browser):
    """King's Court gives no draft.move(): a hand half scored on one phone goes when the
    creating phone changes a ruling, with the sentence why (it was entered under the old
    rulings), as another phone's entry would drop it."""
    from playwright.sync_api import expect
    from turns_kings_court import set_up

    owner = Phone(new_phone(browser))
    url = set_up(owner, server)
    other = new_phone(browser)
    other.goto(url)
    Phone(other).tap('[data-out="1"]')
    Phone(other).tap('[data-last=""]')
    Phone(other).tap('[data-cut="none"]')
    Phone(other).tap('[data-picker="0"] [data-kind="gold-7"]')
    expect(other.locator("#undo")).to_have_attribute("aria-label", "Undo the last step of this turn")
    owner.page.evaluate("""() => Companion.send(`/api/games/${Companion.game.id}/rulings`,
      { rulings: { dealing_bonus:
        Companion.game.rulings.dealing_bonus === "everyone" ? "not-dealer" : "everyone" } })""")
    expect(other.locator("#message")).to_contain_text("rulings were changed on another phone", timeout=5000)
    expect(other.locator("#undo")).not_to_have_attribute("aria-label", "Undo the last step of this turn")
    other.screenshot(path=str(ARTIFACTS / "surface-ruling-dropped-kings-court.png"))


def test_deleting_a_game_asks_first_under_the_content_security_policy(server, browser):
    """The confirmation was an inline handler, which the policy forbids: now the page asks in
    its own sheet."""
    from playwright.sync_api import expect

    page = new_phone(browser)
    set_up(page, f"{server}/new/royal_visit", {"player_top": "Ann", "player_bottom": "Bob", "wizard": "top"})
    page.wait_for_url("**/g/**")
    page.locator("#more-button").tap()
    page.locator("summary", has_text="This game").tap()
    page.locator("button.danger").tap()
    expect(page.locator("#ask-text")).to_have_text("Delete this game for every phone?")
    page.locator("#ask-no").tap()
    page.wait_for_timeout(300)
    assert "/g/" in page.url
    page.locator("#more-button").tap()
    page.locator("button.danger").tap()
    page.locator("#ask-yes").tap()
    page.wait_for_url(f"{server}/")
    assert "was deleted" in page.content()
    page.context.close()
