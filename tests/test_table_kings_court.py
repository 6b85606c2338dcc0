"""King's Court at the table, at 360 x 740 in Chromium: the typical turns on one screen (every tap
on screen before it, no scrolling), refusals in the action bar, Undo inside a draft, drafts kept
or dropped when another phone stores an entry, no fact pre-selected, steppers, history lines,
and axe-core and tap-target sizes on the setup page, at the start, mid-game and at the end."""
from __future__ import annotations

import pytest
import turns_kings_court as turns
from browser_support import ARTIFACTS, new_phone
from phone import PHONE, Phone, accessible, in_view

pytestmark = pytest.mark.browser


def strict_phone(browser):
    phone = Phone(new_phone(browser), strict=True, game="King's Court")
    phone.page.set_default_timeout(10_000)
    return phone


def new_game(browser, server, **choices) -> Phone:
    """A strict phone on a new game: Ann and Bob, Ann deals, the form's cards, unless
    ``choices`` (turns.set_up's) say otherwise."""
    phone = strict_phone(browser)
    turns.set_up(phone, server, **choices)
    return phone


def following(browser, server):
    """A game of Ann and Bob with hand 1 scored and hand 2 (Bob deals) followed from a Gold 5."""
    phone = new_game(browser, server)
    turns.score_a_hand(phone)
    turns.deal_card_by_card(phone)
    return phone


def test_the_typical_turns_need_no_scrolling_and_every_tap_is_on_screen(server, browser):
    phones = turns.play_typical_turns(lambda: strict_phone(browser), server)
    done = {turn.label: turn for turn in phones[0].turns}
    assert set(done) >= {"score one player's hand with the picker", "a number card",
                         "a wild card naming a suit", "a draw", '"May I play this card?"'}
    assert all(turn.scrolled == 0 for turn in done.values())
    assert done["a number card"].taps <= 2
    page = phones[0].page
    # A typical turn to look at: Bob's turn with a Duke naming blue on the pile.
    page.locator("#view-hand").tap()
    page.locator('#turn-play [data-kind="blue-7"]').tap()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kings_court_turn.png"))
    page.context.close()


def test_a_refusal_shows_in_the_action_bar_and_the_cards_stay(server, browser):
    phone = following(browser, server)
    page = phone.page
    phone.tap("#ev-play")  # nothing picked: the page says what is missing
    assert "Tap the cards Ann played first." in page.locator("#message").inner_text()
    phone.tap('#turn-play [data-group="blue"]')
    phone.tap('#turn-play [data-kind="blue-3"]')
    phone.tap("#ev-play")
    message = page.locator("#message")
    message.locator("text=does not fit").wait_for()
    assert in_view(page, "#message") and "Rule:" in message.inner_text()
    assert page.locator("#turn-play .cp-chip").inner_text().startswith("Blue 3")
    assert page.locator('[data-hand="0"]').inner_text() == "7"
    page.context.close()


def test_undo_takes_back_the_last_step_of_the_draft_only(server, browser):
    phone = following(browser, server)
    page = phone.page
    stored = page.evaluate("Companion.game.seq")
    phone.tap('#turn-play [data-group="kingdom"]')
    phone.tap('#turn-play [data-kind="king"]')
    phone.tap('#turn-play [data-field="suit"][data-value="green"]')
    assert page.locator("#turn-play .cp-chip").inner_text().startswith("King naming green")
    phone.tap("#undo")
    assert "Took back the King's suit." in page.locator("#message").inner_text()
    page.locator('#turn-play [data-field="suit"]').first.wait_for()  # the question again
    phone.tap("#undo")
    assert page.locator("#turn-play .cp-chip").count() == 0
    assert page.evaluate("Companion.game.seq") == stored  # no stored entry was undone
    page.context.close()


def test_undo_on_the_score_it_sheet_takes_back_one_fact_or_hand_at_a_time(server, browser):
    """A count typed key by key is one step; each Undo names what it took back and shows the
    hand as it was before it; nothing stored is undone."""
    phone = new_game(browser, server, names=turns.NAMES3)
    page = phone.page
    phone.tap('[data-out="1"]')
    phone.tap('[data-last=""]')
    phone.tap('[data-cut="none"]')
    phone.tap('[data-mode="type"][data-seat="2"]')  # Cid's hand, the first after Bob, is open
    page.locator('[data-typed="2"]').press_sequentially("40")
    page.locator("#points-2", has_text="40").wait_for()
    phone.tap('[data-open="0"]')
    phone.tap('[data-picker="0"] [data-group="gold"]')
    phone.tap('[data-picker="0"] [data-kind="gold-7"]')
    page.locator('[data-picker="0"] .cp-chip', has_text="Gold 7").wait_for()

    def undo(said: str):
        phone.tap("#undo")
        page.locator("#message", has_text=said).wait_for()

    undo("Took back the Gold 7 in Ann's hand.")
    assert page.locator('[data-picker="0"] .cp-chip').count() == 0
    undo("Took back the points typed for Cid.")
    assert page.locator('[data-typed="2"]').input_value() == ""
    undo("Took back typing Cid's hand.")
    page.locator('[data-picker="2"]').wait_for()
    undo("Took back the dealing cut.")
    page.locator('[data-cut="none"]').wait_for()
    assert page.evaluate("Companion.game.seq") == 0
    page.context.close()


def test_a_draft_stays_through_another_phone_s_entry_and_goes_when_its_turn_is_taken(server, browser):
    phone = following(browser, server)
    here = phone.page
    other = strict_phone(browser)
    there = other.page
    there.goto(here.url)
    there.locator("#top", has_text="Gold 5").wait_for()
    # This phone picks Ann's Gold 9; the other phone takes 20 off Bob's total.
    phone.tap('#turn-play [data-kind="gold-9"]')
    other.tap("#view-sheet")
    other.tap("#adjust summary")
    other.tap('[data-adjust-who="s1"]')
    for _ in range(2):
        other.tap('#adjust-points-box [data-step="-1"]')
    assert there.locator("#adjust-points").input_value() == "-2"
    other.type("#adjust-reason", "Miscounted")
    accessible(there)  # the sheet, its adjustment open
    other.tap("#adjust-go")
    # (the totals wait on the Sheet while a hand is followed: the page has the new one)
    here.wait_for_function("() => Companion.game.view.sides[1].total === -2")
    assert here.locator("#turn-play .cp-chip").inner_text().startswith("Gold 9")
    # The other phone enters Ann's turn itself: the Gold 9 picked here goes, with a sentence.
    other.tap("#view-hand")
    other.tap('#turn-play [data-kind="gold-8"]')
    other.tap("#ev-play")
    here.locator("#top", has_text="Gold 8").wait_for()
    assert "Ann's turn was entered on another phone" in here.locator("#message").inner_text()
    assert here.locator("#turn-play .cp-chip").count() == 0
    here.context.close()
    there.context.close()


def test_no_fact_is_chosen_for_the_player(server, browser):
    phone = strict_phone(browser)
    page = phone.page
    page.goto(f"{server}/new/kings_court")
    assert page.locator("#first-dealer").input_value() == ""
    page.fill('input[name="player-0"]', "Ann")
    page.fill('input[name="player-1"]', "Bob")
    assert page.locator("#first-dealer option:not([disabled])").all_inner_texts() == ["Ann", "Bob"]
    accessible(page)
    page.select_option("#first-dealer", "1")
    page.locator("#create").click()
    page.wait_for_url("**/g/**")
    accessible(page)  # the start
    assert page.locator('#panel .selected').all_inner_texts() == ["Score it"]
    phone.tap('[data-follow="1"]')
    assert page.locator('#deal-panel [aria-pressed="true"], #deal-panel .cp-chip').count() == 0
    phone.tap("#deal")
    assert "Tap the card turned up first." in page.locator("#message").inner_text()
    phone.tap('#deal-panel [data-group="kingdom"]')
    phone.tap('#deal-panel [data-kind="duke"]')
    assert page.locator('#deal-panel [aria-pressed="true"]').count() == 0  # no suit, no cut
    phone.tap("#deal")
    assert "Which suit does Bob name with the Duke: tap the answer first." in page.locator("#message").inner_text()
    phone.tap('#deal-panel [data-field="suit"][data-value="green"]')
    phone.tap('[data-deal-cut="none"]')
    phone.tap("#deal")
    page.locator("#suit", has_text="green").wait_for()
    # Ann's Siege Tower: aimed at whom is asked, and Ann is not offered.
    phone.tap('#turn-play [data-group="shield"]')
    phone.tap('#turn-play [data-kind="siege-tower"]')
    targets = page.locator('#turn-play [data-field="target"]')
    assert targets.all_inner_texts() == ["Bob"]
    phone.tap("#ev-play")
    assert "Who is the Siege Tower aimed at: tap the answer first." in page.locator("#message").inner_text()
    phone.tap("#risk-open")
    assert page.locator("#risk-panel .selected").count() == 0
    accessible(page)  # mid-game
    page.context.close()


def test_the_arbiter_follows_the_suit_in_force_not_a_default(server, browser):
    phone = new_game(browser, server)
    page = phone.page
    phone.tap("#view-ask")
    phone.tap("#ask-go")
    assert "Tap the card on top of the discard pile first." in page.locator("#message").inner_text()
    # A King on top: the suit in force is asked (none chosen), then a gold card is judged by it.
    phone.tap('#ask-panel [data-group="kingdom"]')
    phone.tap('#ask-panel [data-kind="king"]')
    assert page.locator("[data-ask-suit]").count() >= 4 and page.locator("#ask-panel .selected").count() == 0
    phone.tap('[data-ask-suit="gold"]')
    phone.tap('#ask-play [data-kind="gold-5"]')
    phone.tap("#ask-go")
    page.locator("#message", has_text="Yes.").wait_for()
    # A Blue 3 on top sets blue: the gold card is refused.
    phone.tap("#ask-top-change")
    phone.tap('#ask-panel [data-group="blue"]')
    phone.tap('#ask-panel [data-kind="blue-3"]')
    assert page.locator("#ask-suit-now").inner_text() == "blue"
    phone.tap('#ask-play [data-group="gold"]')
    phone.tap('#ask-play [data-kind="gold-5"]')
    phone.tap("#ask-go")
    page.locator("#message", has_text="No.").wait_for()
    assert "blue" in page.locator("#message").inner_text()
    accessible(page)  # the arbiter, its answer in the action bar
    page.context.close()


def test_history_lines_and_a_finished_game(server, browser):
    phone = following(browser, server)
    page = phone.page
    turns.number_card(phone)
    page.locator("#more-button").tap()
    page.locator("#history-box summary").tap()
    lines = page.locator("#history li").all_inner_texts()
    assert any("Hand scored: Bob went out; Ann 32 (Gold 7, King)" in line for line in lines)
    assert any("Bob dealt the hand, to be followed card by card: Gold 5 turned up" in line
               for line in lines)
    assert any("Ann played Gold 9" in line for line in lines)
    page.locator("#more [data-close]").tap()
    # Ann's total goes over 500 by an adjustment: the game ends, Bob wins, nothing to enter.
    phone.tap("#view-sheet")
    phone.tap("#adjust summary")
    phone.tap('[data-adjust-who="s0"]')
    phone.type("#adjust-points", "600")
    phone.type("#adjust-reason", "Test")
    phone.tap("#adjust-go")
    page.locator("#winner").wait_for()
    assert "Bob wins" in page.locator("#prompt").inner_text()
    assert page.locator("#adjust").count() == 0 and page.locator("#view-ask").count() == 0
    for button in ("#record", "#ev-play", "#ev-other", "#deal", "#ask-go"):
        assert not page.locator(button).is_visible()
    phone.tap("#view-hand")
    assert page.locator("#turn-play").count() == 0
    accessible(page)  # the end
    page.context.close()


def simulated_hand(selection: str, seed: int, players: int = 2, dealer: int = 0):
    """The events of a hand the engine's simulator played, and how it ended."""
    import random

    from companion.games.kings_court import arbiter
    from companion.games.kings_court.cards import selection_kinds
    from companion.games.kings_court.play import random_hand

    events, hand = random_hand(random.Random(seed), players, dealer, selection_kinds(selection, ()))
    return events, arbiter.outcome(hand), arbiter.hand_view(hand)["hands"]


def pick_any(phone, picker: str, count: int):
    """Tap ``count`` cards in a picker, each the first still free on its open tab."""
    for _ in range(count):
        phone.tap(f'[data-picker="{picker}"] .cp-card:not([aria-disabled="true"])')


@pytest.mark.parametrize("seed, last", [(679, "Drawbridge"), (191, "Dragon"), (75, "Dungeon")])
def test_a_followed_hand_ending_on_a_draw_card_is_recorded_with_the_cards_drawn(server, browser, seed, last):
    """Issue 21 item 2: the cards the next player drew are picked, and the page says so."""
    events, ended, held = simulated_hand("kc+kd", seed)
    assert (ended["last"] or "").startswith(last.lower())
    phone = new_game(browser, server)
    page = phone.page
    turns.enter_moves(page, events)
    out, nxt, draws = ended["out"], ended["next"], ended["next_draws"]
    name = turns.NAMES[nxt]
    with phone.turn(f"score a followed hand ending on a {last}"):
        phone.tap(f'[data-open="{nxt}"]')
        pick_any(phone, str(nxt), held[nxt] - draws)
        prompt = page.locator("#prompt").inner_text()
        assert f"{name} drew {draws} for the {last}: tap Drawn" in prompt, prompt
        phone.tap(f'[data-mode="drawn"][data-seat="{nxt}"]')
        pick_any(phone, "drawn", draws)
        assert "record it" in page.locator("#prompt").inner_text()
        accessible(page, "the cards drawn picked")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"kings_court_drawn_{last.lower()}.png"))
        phone.tap("#record")
        turns.wait_for_entry(page, len(events) + 1)
    row = page.evaluate("Companion.game.view.rows[0]")
    assert row["text"].startswith(f"{turns.NAMES[out]} went out with the {last}")
    assert len(row["players"][nxt]["drawn"]) == draws
    page.context.close()


def test_undo_in_may_i_play_takes_back_the_question_never_a_stored_hand(server, browser):
    """Issue 21 item 3: Undo inside "May I play?" takes back the question's last card."""
    phone = new_game(browser, server)
    page = phone.page
    turns.score_a_hand(phone)  # stored from this phone: Undo elsewhere would take it back
    stored = page.evaluate("Companion.game.seq")
    phone.tap("#view-ask")
    phone.tap('#ask-panel [data-group="blue"]')
    phone.tap('#ask-panel [data-kind="blue-3"]')
    phone.tap('#ask-play [data-kind="blue-7"]')
    phone.tap('#ask-play [data-kind="blue-9"]')
    phone.tap("#undo")
    assert "Took back the Blue 9" in page.locator("#message").inner_text()
    assert page.locator("#ask-play .cp-chip").all_inner_texts() == ["Blue 7 \u00d7"]
    for _ in range(4):
        phone.tap("#undo")
    assert page.locator("#ask-top-change").count() == 0  # the top card taken back too
    assert page.evaluate("Companion.game.seq") == stored
    assert page.locator('[data-total="0"]').inner_text() == "32"
    assert "stored" in page.locator("#message").inner_text()  # it says why nothing more goes
    page.context.close()


def test_score_it_asks_how_the_hand_went_out_and_the_cut_on_one_screen(server, browser):
    """Issue 21 items 7 and 8: nothing is chosen for the player (the last card, the dealing
    cut), each is asked in turn, and the whole hand is scored without scrolling."""
    phone = new_game(browser, server, names=("Ann", "Bob", "Cid"))
    page = phone.page
    with phone.turn("score a hand with the dealing cut made"):
        phone.tap('[data-out="1"]')
        assert page.locator('#panel [aria-pressed="true"]').count() == 0
        phone.tap("#record")
        assert "how Bob went out" in page.locator("#message").inner_text()
        phone.tap('[data-last="dragon"]')
        assert page.locator('#panel [aria-pressed="true"]').count() == 0
        phone.tap('[data-next="2"]')  # three players: who came next is asked too
        assert page.locator('#panel [aria-pressed="true"]').count() == 0
        phone.tap('[data-cut="made"]')
        accessible(page, "the facts stated")
        pick_any(phone, "2", 2)
        phone.tap('[data-mode="drawn"][data-seat="2"]')
        page.screenshot(path=str(ARTIFACTS / "kings_court_score_drawn.png"))
        pick_any(phone, "drawn", 3)
        phone.tap('[data-open="0"]')
        pick_any(phone, "0", 1)
        page.locator("#preview-ok").wait_for()
        phone.tap("#record")
        turns.wait_for_entry(page, 1)
    entry = page.evaluate("Companion.game.view.rows[0].entry")
    assert entry["cut"] == "made" and entry["last"] == "dragon" and len(entry["next_draws"]) == 3
    page.context.close()


def test_card_names_are_whole_words_that_fit_their_buttons(server, browser):
    """Issue 21 item 14: no card or suit name is hyphenated ("King-dom") or cut off, on every
    tab of the picker with all 199 cards."""
    phone = bonus_hand(browser, server)
    page = phone.page
    tabs = page.locator('[data-picker="0"] .cp-tab')
    for i in range(tabs.count()):
        phone.tap(tabs.nth(i))
        broken = page.evaluate("""() => [...document.querySelectorAll('.cp-tab, .cp-card')]
          .filter((b) => b.textContent.includes('\\u00ad') || b.scrollWidth > b.clientWidth + 1
            || [...b.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() && (() => {
              const r = document.createRange(); r.selectNodeContents(n);
              return r.getClientRects().length > n.textContent.trim().split(/\\s+/).length; })()))
          .map((b) => `${b.textContent.trim()} ${b.scrollWidth}/${b.clientWidth}`)""")
        assert broken == [], broken
        if tabs.nth(i).inner_text() == "Kingdom":
            page.screenshot(path=str(ARTIFACTS / "kings_court_kingdom_tab.png"))
    page.context.close()


def test_a_draw_card_is_answered_from_the_cards_that_can_answer_it(server, browser):
    """Issue 21 item 7: with a Drawbridge to answer, the picker shows only what can answer
    (the Drawbridges and the Kingdom cards that stop a draw), not the suit in force."""
    events, _, _ = simulated_hand("kc+kd", 0)
    phone = new_game(browser, server)
    page = phone.page
    turns.enter_moves(page, events[:2])  # Bob's Drawbridge (gold) waits for Ann
    assert events[2]["cards"] == [{"card": "drawbridge-blue"}]
    with phone.turn("answer a draw card"):
        shown = page.locator("#turn-play .cp-card").evaluate_all("(cards) => cards.map((c) => c.dataset.kind)")
        assert "drawbridge-blue" in shown and "protector" in shown and "gold-5" not in shown
        page.screenshot(path=str(ARTIFACTS / "kings_court_answer_a_draw.png"))
        phone.tap('#turn-play [data-kind="drawbridge-blue"]')
        phone.tap("#ev-play")
        turns.wait_for_entry(page, 3)
    accessible(page, "a draw answered")
    page.context.close()


@pytest.mark.parametrize("selection, seed, players", [("kc+kd", 59, 3), ("kc+kd+bonus", 9, 3)])
def test_risk_cards_and_on_guard_are_entered_on_one_screen_and_leave_nothing_selected(server, browser, selection, seed,
                                                                                      players):
    """Issue 21 item 7: the Risk / On Guard panel takes the place of the turn, asks one thing
    at a time, and a stored event leaves no stale selection."""
    events, _, _ = simulated_hand(selection, seed, players)
    at = next(i for i, e in enumerate(events) if e["type"] in ("on-guard", "risk"))
    event = events[at]
    phone = new_game(browser, server, names=turns.NAMES3[:players], selection=selection)
    page = phone.page
    turns.enter_moves(page, events[:at])
    with phone.turn(event["type"]):
        phone.tap("#risk-open")
        phone.tap(f'[data-risk-kind="{event["type"]}"]')
        accessible(page, "the Risk / On Guard panel")
        page.screenshot(path=str(ARTIFACTS / f"kings_court_{event['type']}.png"))
        phone.tap(f'[data-risk-seat="{event["seat"]}"]')
        if event["type"] == "risk" and page.locator("[data-risk-card]").count():
            phone.tap(f'[data-risk-card="{event["card"]}"]')
        if "on" in event and page.locator("[data-risk-on]").count():
            phone.tap(f'[data-risk-on="{event["on"]}"]')
        turns.wait_for_entry(page, at + 1)
    assert page.evaluate("Companion.game.seq") == at + 1
    assert page.locator("#risk-panel").count() == 0
    assert page.locator('#panel [aria-pressed="true"]').count() == 0
    page.context.close()


def test_a_wizard_turned_up_is_dealt_with_its_suit_and_direction(server, browser):
    """The card turned up is a play of the dealer's: a Wizard asks the suit and the direction
    (and a Magician what it copies), so every deal the table makes can be entered."""
    phone = new_game(browser, server)
    page = phone.page
    with phone.turn("deal a Wizard"):
        phone.tap('[data-follow="1"]')
        phone.tap('#deal-panel [data-group="kingdom"]')
        phone.tap('#deal-panel [data-kind="wizard"]')
        phone.tap('#deal-panel [data-field="suit"][data-value="blue"]')
        phone.tap('#deal-panel [data-field="choice"][data-value="reverse"]')
        phone.tap('[data-deal-cut="missed"]')
        accessible(page, "the deal, its facts stated")
        phone.tap("#deal")
        turns.wait_for_entry(page, 1)
    first = page.evaluate("Companion.game.history[0].text")
    assert "Wizard turned up" in first and "blue named" in first
    record = page.evaluate("async () => JSON.stringify(await (await fetch(Companion.game.urls.export)).json())")
    assert '"choice": "reverse"' in record.replace('":"', '": "')
    page.context.close()


def test_a_queens_option_turned_up_with_its_direction_keeps_the_page_the_phones_width(server, browser):
    """At three or more players the direction is asked too: "Queen's Option (gold/burgundy)
    naming gold, reverse" is longer than the phone is wide, and its chip wraps rather than widen
    the page (which scrolled sideways and hid Deal at four players, whole-game seed 18)."""
    from playwright.sync_api import expect

    phone = new_game(browser, server, names=("Ann", "Bob", "Cid", "Dee"), selection="kc+kd+bonus")
    page = phone.page
    with phone.turn("deal a Queen's Option"):
        phone.tap('[data-follow="1"]')
        phone.tap('#deal-panel [data-group="option"]')
        phone.tap('#deal-panel [data-kind="queens-option-gold-burgundy"]')
        phone.tap('#deal-panel [data-field="suit"][data-value="gold"]')
        phone.tap('#deal-panel [data-field="choice"][data-value="reverse"]')
        expect(page.locator("#deal-change")).to_contain_text("naming gold, reverse")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=str(ARTIFACTS / "kings_court_option_turned_up.png"))
        phone.tap('[data-deal-cut="none"]')
        phone.tap("#deal")
        turns.wait_for_entry(page, 1)
    page.context.close()


def test_a_refusal_leaves_the_picked_cards_and_every_control_of_the_turn_uncovered(server, browser):
    """Issue 21 item 6: the answer takes its strip; the chips and the turn's controls stay."""
    phone = following(browser, server)
    page = phone.page
    phone.tap('#turn-play [data-group="blue"]')
    phone.tap('#turn-play [data-kind="blue-3"]')
    phone.tap("#ev-play")
    page.locator("#message", has_text="does not fit").wait_for()
    page.screenshot(path=str(ARTIFACTS / "kings_court_refused.png"))
    for target in ("#turn-play .cp-chip", "#ev-play", "#ev-other", "#undo", "#risk-open",
                   '#turn-play [data-group="gold"]'):
        assert phone.on_screen(page.locator(target).first), target
    page.context.close()


def test_a_dungeon_is_answered_with_a_protector_on_the_page(server, browser):
    """Rulebook: the Dungeon is a draw card, and the Protector answers "a draw card"."""
    phone = following(browser, server)
    page = phone.page
    phone.tap('#turn-play [data-group="kingdom"]')
    phone.tap('#turn-play [data-kind="dungeon"]')
    phone.tap("#ev-play")  # Ann lays the Dungeon in front of Bob
    page.locator(".kc-due", has_text="Waiting: the Dungeon").wait_for()
    assert "(Dungeon)" in page.locator(".kc-hands").inner_text()
    shown = page.locator("#turn-play .cp-card").evaluate_all("(cards) => cards.map((c) => c.dataset.kind)")
    assert "protector" in shown  # the picker offers the cards that answer it
    phone.tap('#turn-play [data-kind="protector"]')
    phone.tap("#ev-play")
    page.locator("#top", has_text="Protector").wait_for()
    assert page.locator('[data-hand="1"]').inner_text() == "6"
    assert "(Dungeon)" not in page.locator(".kc-hands").inner_text()
    assert page.locator(".kc-due").count() == 0
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kings_court_dungeon_answered.png"))
    page.context.close()


def test_a_magician_as_the_dungeon_is_scored_as_the_magician(server, browser):
    """Ruling 50: a Magician is one physical card whatever it was played as."""
    from playwright.sync_api import expect

    page = new_phone(browser)
    turns.open_game(page, server)
    page.locator('[data-out="0"]').tap()
    page.locator('[data-last=""]').tap()  # went out with no draw card
    page.locator('[data-cut="none"]').tap()  # the cut not tried
    turns.pick(page, 1, "kingdom", "dungeon")
    turns.pick(page, 1, "kingdom", "dungeon")  # both real Dungeons in Bob's hand
    page.locator("#extras-open").tap()  # the rarer facts, in place of the hands
    box = page.locator('input[data-magician="1"]')
    box.check()
    expect(page.locator("#extras-said")).to_contain_text("1 Magician as Dungeon")
    assert in_view(page, 'input[data-magician="1"]')  # on one screen, no scrolling
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kings_court_magician_dungeon.png"))
    page.locator("#extras-open").tap()  # the hands again
    expect(page.locator("#points-1")).to_have_text("120")  # 2 x 35 + the Magician's 50
    page.locator("#record").tap()
    expect(page.locator('[data-total="1"]')).to_have_text("120")
    page.context.close()


def test_a_magician_as_the_last_card_is_said_with_the_next_player(server, browser):
    """Ruling 50 on the kings_court page: once the last card is a draw card, the extras ask
    whether it was a Magician played as it, and the hand records last_magician."""
    from playwright.sync_api import expect

    page = new_phone(browser)
    turns.open_game(page, server)
    page.locator('[data-out="0"]').tap()
    page.locator('[data-last="dragon"]').tap()
    page.locator('[data-cut="none"]').tap()
    page.locator("#extras-open").tap()
    page.locator("#last-magician").check()
    expect(page.locator("#extras-said")).to_contain_text("Magician")
    assert in_view(page, "#last-magician")  # on one screen, no scrolling
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kings_court_magician_last.png"))
    page.locator("#extras-open").tap()  # the hands again
    if page.locator('[data-mode="type"][data-seat="1"]').count() == 0:
        page.locator('[data-open="1"]').tap()
    page.locator('[data-mode="type"][data-seat="1"]').tap()
    page.fill('[data-typed="1"]', "40")
    page.locator("#preview-ok").wait_for()
    page.locator("#record").tap()
    expect(page.locator('[data-total="1"]')).to_have_text("40")
    entry = page.evaluate("Companion.game.view.rows[0].entry")
    assert entry["last"] == "dragon" and entry["last_magician"] is True
    page.context.close()


# --------------------------------------------------------------------------- issue 21's rest


def test_a_magician_turned_up_as_no_card_names_a_suit(server, browser):
    """A Magician turned first may be a Kingdom card with no effect (the dealer names the suit):
    the page offers that beside the cards it could copy, and the deal is stored without "as"."""
    phone = new_game(browser, server, selection="kc+kd+bonus")
    page = phone.page
    with phone.turn("deal a Magician that copies nothing"):
        phone.tap('[data-follow="1"]')
        phone.tap('#deal-panel [data-group="kingdom"]')
        phone.tap('#deal-panel [data-kind="magician"]')
        assert page.locator('#deal-panel [data-field="as"][data-value="king"]').count() == 1
        phone.tap('#deal-panel [data-field="as"][data-value="none"]')
        phone.tap('#deal-panel [data-field="suit"][data-value="purple"]')
        phone.tap('[data-deal-cut="none"]')
        accessible(page, "a Magician turned up, naming a suit")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "kings_court_magician_turned_up.png"))
        phone.tap("#deal")
        turns.wait_for_entry(page, 1)
    hand = page.evaluate("Companion.game.view.hand")
    assert hand["top"] == "magician" and hand["suit"] == "purple"
    page.context.close()


def test_a_card_turned_up_with_no_suit_of_its_own_asks_the_suit(server, browser):
    """A Royal Decree turned first is a Kingdom card: the dealer names the suit in force."""
    phone = new_game(browser, server)
    page = phone.page
    with phone.turn("deal a Royal Decree"):
        phone.tap('[data-follow="1"]')
        phone.tap('#deal-panel [data-group="kingdom"]')
        phone.tap('#deal-panel [data-kind="royal-decree"]')
        phone.tap('#deal-panel [data-field="suit"][data-value="green"]')
        phone.tap('[data-deal-cut="none"]')
        phone.tap("#deal")
        turns.wait_for_entry(page, 1)
    assert page.evaluate("Companion.game.view.hand.suit") == "green"
    page.context.close()


def test_a_flaming_arrow_may_burn_no_card(server, browser):
    """The Flaming Arrow's player may burn a card: "no card burnt" is an answer of its own (the
    page asks; it never assumes), and the play is stored without "burn"."""
    phone = new_game(browser, server, selection="kc+kd")
    page = phone.page
    turns.enter_moves(page, [{"type": "deal", "first": {"card": "gold-5"}}])  # Bob to play
    with phone.turn("a Flaming Arrow that burns nothing"):
        phone.tap('#turn-play [data-group="shield"]')
        phone.tap('#turn-play [data-kind="flaming-arrow"]')
        question = page.locator("#turn-play .kc-question").inner_text()
        assert "burn" in question and page.locator('#turn-play [aria-pressed="true"]').count() == 0
        accessible(page, "the Flaming Arrow's question")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "kings_court_flaming_arrow.png"))
        phone.tap('#turn-play [data-field="burn"][data-value="none"]')
        assert "nothing burnt" in page.locator("#turn-play .cp-chip").inner_text()
        phone.tap("#ev-play")
        turns.wait_for_entry(page, 2)
    assert page.evaluate("Companion.game.view.hand.hands") == [7, 6]  # no card went to Ann
    page.context.close()


def test_a_magician_after_a_king_may_become_a_card_of_the_suit_the_king_named(server, browser):
    """The Magician becomes a Scroll card that could be played where it goes: after a King
    naming blue, a blue Knight, though blue was not in force when the turn began."""
    phone = new_game(browser, server)
    page = phone.page
    turns.enter_moves(page, [{"type": "deal", "first": {"card": "gold-5"}}])
    with phone.turn("a King, then a Magician as a blue Knight"):
        phone.tap('#turn-play [data-group="kingdom"]')
        phone.tap('#turn-play [data-kind="king"]')
        phone.tap('#turn-play [data-field="suit"][data-value="blue"]')
        phone.tap('#turn-play [data-group="kingdom"]')
        phone.tap('#turn-play [data-kind="magician"]')
        offered = page.locator('#turn-play [data-field="as"]').evaluate_all("(b) => b.map((x) => x.dataset.value)")
        assert "knight-blue" in offered and "knight-gold" not in offered, offered
        phone.tap('#turn-play [data-field="as"][data-value="knight-blue"]')
        phone.tap("#ev-play")
        turns.wait_for_entry(page, 2)
    assert page.locator("#top").inner_text() == "Knight (blue)"
    page.context.close()


def test_who_came_next_after_a_draw_card_is_asked_never_assumed(server, browser):
    """With three players, after "went out with a Dragon" the page asks who came next (and
    drew), with nothing chosen, and refuses to record until it is stated; with two the rules
    say who, and it is shown as a fact, not a choice."""
    phone = new_game(browser, server, names=turns.NAMES3)
    page = phone.page
    with phone.turn("who came next after a Dragon"):
        phone.tap('[data-out="0"]')
        phone.tap('[data-last="dragon"]')
        assert "Who came next after Ann, drawing for the Dragon?" in page.locator("#panel").inner_text()
        assert page.locator('[data-next]').count() == 2
        assert page.locator('#panel [aria-pressed="true"]').count() == 0
        phone.tap("#record")
        assert "who came next after Ann" in phone.answer()
        accessible(page, "who came next")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "kings_court_next_player.png"))
        phone.tap('[data-next="2"]')
        phone.fixed("stating who came next")
        phone.tap('[data-cut="none"]')
        assert page.locator('[data-open="2"]').inner_text().startswith("Cid (next)")
        type_hands(phone, (1, 2))
        phone.tap("#record")
        turns.wait_for_entry(page, 1)
    assert page.evaluate("Companion.game.view.rows[0].entry.next") == 2
    page.context.close()

    phone = new_game(browser, server, selection="kc+kd+bonus")
    page = phone.page
    phone.tap('[data-out="0"]')
    phone.tap('[data-last="drawbridge"]')
    phone.tap('[data-last="drawbridge-blue"]')
    phone.tap('[data-cut="made"]')
    assert page.locator('[data-open="1"]').inner_text().startswith("Bob (next)")
    assert page.locator("[data-next]").count() == 0
    assert page.locator("#stated").inner_text().replace("\n", " ").startswith("Ann out: Drawbridge (blue)")
    # the facts stay on one line: the fourth row of a suit's cards is above the action bar
    assert phone.on_screen(page.locator('[data-picker="1"] [data-kind="court-jester-gold"]'))
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kings_court_next_of_two.png"))
    phone.tap("#extras-open")
    assert page.locator("[data-next]").count() == 0  # nor among the rarer facts
    page.context.close()


def test_the_rarer_facts_stay_clear_of_the_action_bar(server, browser):
    """The Risk and Warlord cards of a scored hand (with the Dungeon and a Magician's facts)
    open in place of the hands, ask one thing at a time, and every tap is on screen, with the
    picker's every row above the action bar before."""
    phone = new_game(browser, server, names=turns.NAMES3, selection="kc+kd+bonus")
    page = phone.page
    with phone.turn("Risk cards on the sheet"):
        phone.tap('[data-out="0"]')
        phone.tap('[data-last="dragon"]')
        phone.tap('[data-next="1"]')
        phone.tap('[data-cut="none"]')
        assert phone.on_screen(page.locator('[data-picker="1"] [data-kind="court-jester-gold"]'))
        phone.tap("#extras-open")
        phone.tap('[data-extra="risk"]')
        phone.tap('[data-play-card="dark-knight"]')
        phone.tap('[data-play-by="2"]')
        phone.tap('[data-play-on="0"]')
        phone.tap('[data-play-card="warlord"]')
        phone.tap('[data-play-by="1"]')
        accessible(page, "the Risk cards of a scored hand")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "kings_court_risk_on_the_sheet.png"))
        phone.tap('[data-play-on="2"]')
        assert "2 Risk cards" in page.locator("#extras-said").inner_text()
        phone.tap('[data-extra="dungeon"]')
        phone.tap('label:has(input[data-dungeon="2"])')
        phone.tap("#extras-open")  # the hands again
        type_hands(phone, (1, 2))
        phone.tap("#record")
        turns.wait_for_entry(page, 1)
    entry = page.evaluate("Companion.game.view.rows[0].entry")
    assert entry["played"] == [{"card": "dark-knight", "by": 2, "on": 0}, {"card": "warlord", "by": 1, "on": 2}]
    assert entry["dungeon"] == [2]
    page.context.close()


# ------------------------------------------------------------------ many players, one screen

MANY = ("Alexandra", "Benedict", "Charlotte", "Dominic", "Eleanor", "Frederick", "Georgina", "Humphrey")


def every_control_clear(phone, where: str) -> None:
    """Every control shown on the board and in the action bar, and the preview line, lies on
    screen uncovered by the action bar, and the page has nothing to scroll."""
    page = phone.page
    shown = page.locator("#board button:visible, #board input:visible, #board summary:visible, "
                         "#preview > :visible, .toolbar button:visible")
    hidden = [f"{el.evaluate('(e) => e.outerHTML.slice(0, 90)')}" for el in shown.all()
              if not phone.on_screen(el)]
    if hidden:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "kings_court_covered.png"))
    assert hidden == [], f"{where}: off screen or under the action bar: {hidden}"
    room = page.evaluate("[document.documentElement.scrollHeight, window.innerHeight]")
    assert room[0] <= room[1], f"{where}: the page scrolls ({room[0]} px for {room[1]})"


def open_hand(phone, seat: int) -> None:
    """Open a hand to enter: its tab, or with many hands its line in the hands' selector."""
    page = phone.page
    if page.locator("#hand-pick").count():
        phone.tap("#hand-pick")
        page.select_option("#hand-pick", str(seat))
    elif not page.locator(f'[data-open="{seat}"][aria-selected="true"]').count():
        phone.tap(f'[data-open="{seat}"]')
    page.locator(f'[data-seat="{seat}"]').first.wait_for()


def type_hands(phone, seats, points: str = "10") -> None:
    """Type each of these hands' points (its hand opened first), until the preview is ready."""
    for seat in seats:
        open_hand(phone, seat)
        phone.tap(f'[data-mode="type"][data-seat="{seat}"]')
        phone.type(f'[data-typed="{seat}"]', points)
    phone.page.locator("#preview-ok").wait_for()


def bonus_hand(browser, server, names=turns.NAMES) -> Phone:
    """A new game with the BONUS cards whose first hand Bob went out of plainly (no draw card,
    the cut not tried), Ann's hand open on its picker's tabs (ten or more)."""
    phone = new_game(browser, server, names=names, selection="kc+kd+bonus")
    phone.tap('[data-out="1"]')
    phone.tap('[data-last=""]')
    phone.tap('[data-cut="none"]')
    open_hand(phone, 0)
    assert phone.page.locator('[data-picker="0"] .cp-tab').count() >= 10
    return phone


@pytest.mark.parametrize("players", [6, 8])
def test_score_it_with_bonus_and_many_players_keeps_every_tab_and_the_preview_clear(server, browser, players):
    """Issue 21: with BONUS a suit tab has four rows; with many players the hands' tabs take
    room too; on every tab the cards, the preview line and Record stay above the action bar."""
    phone = bonus_hand(browser, server, MANY[:players])
    page = phone.page
    tabs = page.locator('[data-picker="0"] .cp-tab')
    for i in range(tabs.count()):
        phone.tap(tabs.nth(i))
        name = tabs.nth(i).inner_text()
        free = page.locator('[data-picker="0"] .cp-card:not([aria-disabled="true"])')
        if free.count():
            phone.tap(free.first)
        page.locator("#preview-waiting").wait_for()
        every_control_clear(phone, f"{players} players, the {name} tab")
        if i:  # the card picked here goes again: its chip, or in the sheet behind "+1 more"
            chip = page.locator('[data-picker="0"] .cp-chip[data-index="1"]')
            if chip.is_visible():
                phone.tap(chip)
            else:
                phone.tap('[data-picker="0"] .cp-more')
                phone.tap('.cp-sheet[open] [data-index="1"]')
                phone.tap(".cp-sheet[open] [data-close]")
        if name == "Gold":
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"kings_court_bonus_{players}.png"))
    type_hands(phone, range(2, players))
    every_control_clear(phone, f"{players} players, every hand in")
    page.screenshot(path=str(ARTIFACTS / f"kings_court_bonus_{players}_ready.png"))
    phone.tap("#preview-ok [data-preview]")  # the line shows the whole preview in a sheet
    sheet = page.locator("#preview-sheet")
    assert f"{MANY[players - 1]} +10" in sheet.inner_text()
    accessible(page, "the preview's sheet")
    sheet.locator("[data-close]").tap()
    assert not sheet.is_visible()
    phone.tap("#record")
    turns.wait_for_entry(page, 1)
    page.context.close()


@pytest.mark.parametrize("players", [6, 8])
def test_a_followed_hand_of_many_players_with_cards_face_up_keeps_the_turn_clear(server, browser, players):
    """Issue 21: many players, five of them with a Risk card face up: the
    hands' line never pushes the turn's controls under the action bar."""
    phone = new_game(browser, server, names=MANY[:players], selection="kc+kd+bonus")
    page = phone.page
    risky = ["dark-knight", "poison-garden", "castle-fire", "kings-goblet", "warlord"]
    turns.enter_moves(page, [{"type": "deal", "first": {"card": "gold-5"}}]
                      + [{"type": "reveal", "seat": seat, "card": card} for seat, card in enumerate(risky, 1)])
    page.locator("#top", has_text="Gold 5").wait_for()
    every_control_clear(phone, f"{players} players, the turn")
    # every seat's total and hand in sight, none slid out sideways (issue 31: at 6 players the
    # hands' line scrolled and hid players)
    for line in (".kc-hands",):  # the totals wait on the Sheet while a hand is followed
        seats = page.locator(f"{line} > span")
        assert seats.count() == players, line
        outside = [seat.inner_text() for seat in seats.all()
                   if not seat.evaluate("(el) => { const r = el.getBoundingClientRect();"
                                        " return r.left >= 0 && r.right <= innerWidth; }")]
        assert outside == [], f"{line}: {outside}"
        assert page.locator(line).evaluate("(el) => el.scrollWidth <= el.clientWidth"), line
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"kings_court_face_up_{players}.png"))
    with phone.turn("a number card, many players"):
        phone.tap('#turn-play [data-kind="gold-9"]')
        every_control_clear(phone, f"{players} players, a card picked")
        phone.tap("#ev-play")
        page.locator("#top", has_text="Gold 9").wait_for()
    every_control_clear(phone, f"{players} players, the next turn")
    phone.tap("#risk-open")
    every_control_clear(phone, f"{players} players, what happened out of turn")
    page.context.close()


def pick_across_tabs(phone, picker: str, count: int) -> list[str]:
    """Pick ``count`` cards into a hand, two from each suit's tab in turn: the cards' names."""
    page = phone.page
    picked = []
    tabs = page.locator(f'[data-picker="{picker}"] .cp-tab')
    tab = 0
    while len(picked) < count:
        phone.tap(tabs.nth(tab % tabs.count()))
        free = page.locator(f'[data-picker="{picker}"] .cp-card:not([aria-disabled="true"]):not(:has(.cp-n))')
        for _ in range(min(2, free.count(), count - len(picked))):
            card = free.first
            picked.append(card.get_attribute("aria-label"))
            phone.tap(card)
        tab += 1
    return picked


@pytest.mark.parametrize("players", [6, 8])
def test_many_cards_picked_keep_the_chips_on_one_line_and_the_rest_in_a_sheet(server, browser, players):
    """Issue 21: with BONUS and many players, a hand of 5, 8 or 12 cards picked keeps its chips
    on one line (those that fit, then "+N more"), so every control of the turn stays on screen
    and clear of the action bar; "+N more" opens a sheet of every card picked, where a tap takes
    one off."""
    phone = strict_phone(browser)
    page = phone.page
    turns.set_up(phone, server, names=MANY[:players], selection="kc+kd+bonus")
    phone.tap('[data-out="1"]')
    phone.tap('[data-last=""]')
    phone.tap('[data-cut="none"]')
    open_hand(phone, 0)
    picked = []
    row = page.locator('[data-picker="0"] .cp-chosen')
    for count in (5, 8, 12):
        picked += pick_across_tabs(phone, "0", count - len(picked))
        every_control_clear(phone, f"{players} players, {count} cards picked")
        chips = row.locator(".cp-chip:visible")
        tops = {round(chip.bounding_box()["y"]) for chip in chips.all()}
        assert len(tops) == 1, f"{count} cards: the chips take {len(tops)} lines"
        more = row.locator(".cp-more")
        assert more.is_visible(), f"{count} cards: no chip says how many more"
        assert more.inner_text() == f"+{count - chips.count()} more"
        if count == 8:
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"kings_court_chips_{players}.png"))
    accessible(page, f"{players} players, 12 cards picked")
    phone.tap(row.locator(".cp-more"))
    sheet = page.locator(".cp-sheet[open]")
    listed = sheet.locator("[data-index]")
    assert [label.removeprefix("Take off ") for label in
            listed.evaluate_all("(els) => els.map((e) => e.getAttribute('aria-label'))")] == picked
    page.screenshot(path=str(ARTIFACTS / f"kings_court_chips_sheet_{players}.png"))
    accessible(page, f"{players} players, the sheet of the cards picked")
    last = picked.pop()  # not among the chips on the line: only the sheet takes it off
    assert not row.locator(f'.cp-chip[aria-label="Take off {last}"]').is_visible()
    phone.tap(listed.last)
    assert "Take off " + last not in sheet.locator("[data-index]").evaluate_all(
        "(els) => els.map((e) => e.getAttribute('aria-label'))")
    assert sheet.locator("[data-index]").count() == 11  # still open, for the next
    phone.tap(sheet.locator("[data-close]"))
    assert page.locator(".cp-sheet[open]").count() == 0
    assert f"{last} (1 picked)" not in page.locator('[data-picker="0"]').inner_html()
    every_control_clear(phone, f"{players} players, a card taken off in the sheet")
    phone.tap("#undo")  # the toolbar's Undo puts it back
    assert f"Took back taking the {last} off" in page.locator("#message").inner_text()
    assert row.locator(".cp-more").inner_text() == f"+{12 - row.locator('.cp-chip:visible').count()} more"
    fitted = row.locator(".cp-chip:visible").count()
    page.set_viewport_size({"width": 600, "height": 740})  # the phone turned: the line holds more
    chips = "document.querySelectorAll('[data-picker=\"0\"] .cp-chip:not([hidden])').length"
    page.wait_for_function(f"(n) => {chips} > n", arg=fitted)
    page.set_viewport_size(PHONE)
    page.wait_for_function(f"(n) => {chips} === n", arg=fitted)
    # "May I play?" and a turn followed card by card draw the cards of a turn with the same chips
    phone.tap("#view-ask")
    phone.tap('#ask-panel [data-group="blue"]')
    phone.tap('#ask-panel [data-kind="blue-3"]')
    for value in range(4, 11):
        phone.tap(f'#ask-play [data-kind="blue-{value}"]')
    every_control_clear(phone, f"{players} players, seven cards in the question")
    row = page.locator("#ask-play .cp-chosen")
    assert len({round(chip.bounding_box()["y"]) for chip in row.locator(".cp-chip:visible").all()}) == 1
    phone.tap(row.locator(".cp-more"))
    assert page.locator('.cp-sheet[open] [data-index]').count() == 7
    phone.tap('.cp-sheet[open] [aria-label="Take off Blue 10"]')
    assert page.locator('.cp-sheet[open] [data-index]').count() == 6
    page.keyboard.press("Escape")
    assert page.locator(".cp-sheet[open]").count() == 0
    phone.tap('#ask-play [data-kind="blue-10"]')  # drawn again, the sheet stays closed
    assert page.locator(".cp-sheet[open]").count() == 0
    page.screenshot(path=str(ARTIFACTS / f"kings_court_chips_ask_{players}.png"))
    page.context.close()
