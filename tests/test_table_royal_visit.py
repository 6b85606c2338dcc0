"""Royal Visit at the table (issue 12): a phone at 360 x 740 plays the typical turns with every
tap on screen first and no scrolling; refusals at the finger; Undo takes back the last card of a
turn being entered; a draft survives another phone's entry that leaves it legal and is dropped,
with its sentence, by one that does not; a claimed seat turns the board and names the mover;
the history reads; the setup page's signed fields are steppers; axe and target sizes are clean;
and two phones play a game to a win by tapping, the second following the first.
"""
from __future__ import annotations

import pytest
from browser_support import ARTIFACTS, new_phone, pawns_on, play_card
from phone import PHONE, Phone, accessible, in_view, said
from turns_royal_visit import play_typical_turns, set_up

pytestmark = pytest.mark.browser


def strict_phone(browser):
    return Phone(new_phone(browser), strict=True)


def rows(page) -> list[int]:
    return [int(p) for p in page.locator("#board .rv-space").evaluate_all("(els) => els.map((e) => e.dataset.pos)")]


def test_the_typical_turns_need_no_scrolling_and_every_tap_is_on_screen(server, browser):
    from playwright.sync_api import expect

    phones = play_typical_turns(lambda: strict_phone(browser), server)
    turns = [turn for phone in phones for turn in phone.turns]
    assert [t.label for t in turns] == ["one card with its destination", "Guard 1+1 split",
                                        "the Wizard's power", "the King's privilege"]
    assert all(t.scrolled == 0 for t in turns)
    assert [t.taps for t in turns] == [3, 3, 3, 3]
    page = phones[0].page
    # Ann's King 1 down, Bob's split, the Wizard's call of the King to +1, Bob's Court down.
    expect(page.locator(".rv-space[data-pos='0'] .rv-chip.king")).to_have_count(1)
    expect(page.locator(".rv-space[data-pos='-4'] .rv-chip.guard")).to_have_count(1)
    expect(page.locator(".rv-space[data-pos='2'] .rv-chip.guard")).to_have_count(1)
    expect(page.locator("#prompt")).to_have_text("Ann's turn: choose a card, the Wizard's power, or pass")
    # Ann's Guard 1+1: every legal move offered (not +2 to 0, the King's space), the splits
    # on two lines, nothing wider than the phone.
    page.locator('[data-card="guard-1+1"]').tap()
    expect(page.locator("[data-option]")).to_have_count(7)
    expect(page.locator('[data-option][data-move="guard:2>0"]')).to_have_count(0)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "royal_visit_turn.png"))
    accessible(page)


def join(browser, url: str, seat: int | None = None):
    """Another phone opens the game; with ``seat`` it says who holds it (in the More sheet)."""
    page = new_phone(browser)
    page.goto(url)
    page.locator("#turn").wait_for()
    if seat is not None:
        page.locator("#more-button").tap()
        page.locator(f'#seat-choices [data-seat="{seat}"]').tap()
        page.locator("#more").wait_for(state="hidden")
    return page


def play(page, card: str, option: str):
    page.locator(f'[data-card="{card}"]').tap()
    page.locator(f"[data-option]{option}").tap()


def test_a_refusal_shows_at_the_finger_and_the_draft_stays(server, browser):
    from playwright.sync_api import expect

    phone = strict_phone(browser)
    set_up(phone, server)
    page = phone.page
    with phone.turn("a refused card"):
        play(page, "king-1", '[data-to="-1"]')
        expect(page.locator("#draft li")).to_have_count(1)
        phone.tap('[data-card="guard-1"]')  # a Guard card cannot join a King turn
        expect(page.locator("#message")).to_contain_text("this turn already plays King cards")
    assert in_view(page, "#message")
    expect(page.locator("#draft li")).to_have_text(["1. King 1: King 0 \u2192 -1"])
    expect(page.locator("[data-card]")).to_have_count(14)  # back at the cards, nothing offered
    phone.tap("#message .message-close")
    # The Wizard's power is a whole turn: said at the finger too.
    phone.tap("#summon")
    expect(page.locator("#message")).to_contain_text("The Wizard's power is a whole turn")
    assert in_view(page, "#message")


def test_undo_takes_back_the_last_card_of_the_draft_only(server, browser):
    from playwright.sync_api import expect

    phone = strict_phone(browser)
    set_up(phone, server)
    page = phone.page
    play(page, "wizard-1", '[data-to="2"]')
    play(page, "wizard-1", '[data-to="3"]')  # a stray second card
    expect(page.locator("#draft li")).to_have_count(2)
    phone.tap("#undo")
    expect(page.locator("#draft li")).to_have_text(["1. Wizard 1: Wizard +1 \u2192 +2"])
    expect(page.locator("#message")).to_contain_text("Took back Wizard 1: Wizard +2 \u2192 +3.")
    expect(page.locator(".rv-space[data-pos='2'] .rv-chip.wizard")).to_have_count(1)
    # A card chosen but not yet placed is one step too.
    phone.tap('[data-card="wizard-2"]')
    expect(page.locator("[data-option]")).to_have_count(2)
    phone.tap("#undo")
    expect(page.locator("#message")).to_contain_text("Put back Wizard 2: no move was entered.")
    expect(page.locator("#draft li")).to_have_count(1)
    phone.tap("#end-turn")
    expect(page.locator("#turn")).to_contain_text("Bob's turn")
    expect(page.locator("#history li").first).to_contain_text("Ann moved the Wizard +1 \u2192 +2 (Wizard 1)")


def test_a_draft_survives_a_rulings_change_and_is_dropped_when_the_turn_is_stored_elsewhere(server, browser):
    from playwright.sync_api import expect

    owner = strict_phone(browser)
    set_up(owner, server)
    other = join(browser, owner.page.url)
    play(other, "wizard-1", '[data-to="2"]')
    other.locator('[data-card="wizard-2"]').tap()  # a second card chosen, its moves on offer
    expect(other.locator("[data-option]")).to_have_count(2)
    # The creating phone changes a table ruling: the position is the same, the draft stays.
    owner.page.evaluate("""() => Companion.send(`/api/games/${Companion.game.id}/rulings`,
      { rulings: { "wild-middle": "forbidden" } })""")
    expect(other.locator("#history li")).to_have_count(1)
    expect(other.locator("#draft li")).to_have_count(1)
    expect(other.locator("[data-option]")).to_have_count(2)
    # Ann's turn stored on the creating phone: the other phone's draft goes, with its sentence.
    play(owner.page, "king-1", '[data-to="-1"]')
    owner.page.locator("#end-turn").tap()
    expect(other.locator("#message")).to_contain_text(
        "Ann's turn was stored on another phone, so the cards picked here were dropped.")
    expect(other.locator("#draft li")).to_have_count(0)
    expect(other.locator("#turn")).to_contain_text("Bob's turn")
    other.context.close()


def test_a_claimed_seat_turns_the_board_and_every_prompt_names_the_mover(server, browser):
    from playwright.sync_api import expect

    phone = strict_phone(browser)
    set_up(phone, server)
    page = phone.page
    assert rows(page)[0] == 8  # nobody holds this phone: Ann's Chateau (+8) at the top
    ann = join(browser, page.url, seat=0)
    bob = join(browser, page.url, seat=1)
    assert rows(ann)[0] == -8 and rows(ann)[-1] == 8  # Ann's Chateau nearest Ann
    expect(ann.locator("#board-bottom")).to_have_text("Ann's Chateau")
    assert rows(bob)[0] == 8 and rows(bob)[-1] == -8
    expect(bob.locator("#board-bottom")).to_have_text("Bob's Chateau")
    for p in (page, bob):
        expect(p.locator("#prompt")).to_have_text("Ann's turn: choose a card, the Wizard's power, or pass")
    expect(ann.locator("#prompt")).to_have_text("Your turn: choose a card, the Wizard's power, or pass")
    ann.locator('[data-card="wizard-2"]').tap()
    expect(ann.locator("#prompt")).to_have_text("Your turn: Wizard 2: tap where the Wizard goes")
    ann.screenshot(path=str(ARTIFACTS / "royal_visit_seat.png"))
    ann.locator('[data-option][data-to="3"]').tap()
    ann.locator("#end-turn").tap()
    expect(bob.locator("#prompt")).to_have_text("Your turn: choose a card, the Wizard's power, or pass")
    expect(ann.locator("#prompt")).to_have_text("Bob's turn: choose a card, the Wizard's power, or pass")
    expect(bob.locator("#history li").first).to_contain_text("Ann moved the Wizard +1 \u2192 +3 (Wizard 2)")
    ann.context.close()
    bob.context.close()


def test_nothing_is_chosen_for_the_player(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    page.goto(f"{server}/new/royal_visit")
    # Who got the Wizard is a fact of the table: not answered in advance.
    expect(page.locator('input[name="wizard"]:checked')).to_have_count(0)
    accessible(page)
    page.fill('input[name="player_top"]', "Ann")
    page.fill('input[name="player_bottom"]', "Bob")
    page.locator("#create").tap()
    assert "/g/" not in page.url  # the browser asks for the missing answer
    page.locator('input[name="wizard"][value="bottom"]').check()
    page.locator("#create").tap()
    expect(page.locator("#turn")).to_contain_text("Bob's turn")
    expect(page.locator("#panel .selected, [data-option]")).to_have_count(0)
    # A card: its moves are offered, none chosen; End turn says what is missing.
    page.locator('[data-card="jester-1"]').tap()
    expect(page.locator("[data-option]")).to_have_count(2)
    expect(page.locator("[data-option].selected")).to_have_count(0)
    # End turn is marked disabled (aria-disabled: Playwright will not tap it unforced), and a
    # tap on it still says what is missing
    expect(page.locator("#end-turn")).to_have_attribute("aria-disabled", "true")
    page.locator("#end-turn").tap(force=True)
    expect(page.locator("#message")).to_contain_text("Tap one of the moves offered first")
    page.context.close()


def test_the_setup_steppers_reach_negative_spaces_and_a_game_ends_asking_nothing(server, browser):
    from playwright.sync_api import expect

    phone = strict_phone(browser)
    page = phone.page
    page.goto(f"{server}/new/royal_visit")
    page.fill('input[name="player_top"]', "Ann")
    page.fill('input[name="player_bottom"]', "Bob")
    page.locator('input[name="wizard"][value="top"]').check()
    page.locator("summary", has_text="Start from a game already under way").tap()
    page.locator('input[name="start"]').check()
    crown = page.locator('.stepper:has(input[name="crown"])')
    for _ in range(3):
        crown.locator('button[data-step="-1"]').tap()
    expect(page.locator('input[name="crown"]')).to_have_value("-3")
    # The King on +6 between Guards on +5 and +8: one King card wins.
    for name, value in (("king", "6"), ("guard_low", "5"), ("guard_high", "8"), ("wizard_pos", "-2"), ("jester", "-4")):
        page.fill(f'input[name="{name}"]', value)
    page.locator('input[name="crown_side"][value="big"]').check()
    page.locator('input[name="turn"][value="top"]').check()
    for name in ("draw_pile", "reshuffles"):
        page.fill(f'input[name="{name}"]', "30" if name == "draw_pile" else "0")
    accessible(page)
    page.locator("#create").tap()
    expect(page.locator("#crown")).to_have_text("-3")
    accessible(page)  # the start
    # The King's only legal move (+5 is a Guard's space) is entered at once, and said.
    page.locator('[data-card="king-1"]').tap()
    expect(page.locator("#message")).to_contain_text("the only move the rules allow now")
    expect(page.locator("#draft li")).to_have_text(["1. King 1: King +6 \u2192 +7"])
    accessible(page)  # mid-turn
    page.locator("#end-turn").tap()
    expect(page.locator("#winner")).to_contain_text("Ann won")
    expect(page.locator("#prompt")).to_have_text("The game is over: Ann won.")
    expect(page.locator("#turn-panel")).to_be_hidden()
    expect(page.locator("#end-turn")).to_be_hidden()
    page.screenshot(path=str(ARTIFACTS / "royal_visit_won.png"))
    accessible(page)


KINDS_ON_PAGE = ("king-1", "court", "guard-1", "guard-1+1", "guard-flank", "wizard-1", "wizard-2",
                 "wizard-3", "jester-1", "jester-2", "jester-3", "jester-4", "jester-5",
                 "jester-middle")


def store(page, moves) -> None:
    """Enter stored moves through the API from the page, as another phone would."""
    seq = page.evaluate("() => Companion.game.seq")
    for move in moves:
        status = page.evaluate("""([move, seq]) => Companion.request("POST",
          `/api/games/${Companion.game.id}/moves`, { move, seq }).then((r) => r.status)""", [move, seq])
        assert status == 200, move
        seq += 1
    page.wait_for_function("(seq) => Companion.game.seq === seq", arg=seq)


def ends(card: dict, state) -> int | None:
    """The space a legal card's move ends on, as the board marks it (None: no single space)."""
    if card["card"] == "court":
        return state.king + card["dir"]
    if card["card"] == "guard-flank" or len(card["moves"]) != 1:
        return None
    return card["moves"][0]["to"]


def test_the_board_and_the_buttons_agree_and_a_highlighted_space_makes_the_move(server, browser):
    """Issue 21 item 11: over positions of a simulated game, for every card the highlighted
    spaces are the ends of the moves the engine allows, the buttons are those moves, and
    tapping a space that only one move ends on enters that move."""
    import random

    from playwright.sync_api import expect

    from companion.games.royal_visit import ENGINE
    from companion.games.royal_visit.simulate import random_game

    options = {"players": ["Ann", "Bob"], "wizard": 0}
    moves, _ = random_game(random.Random(5), options)
    phone = strict_phone(browser)
    set_up(phone, server)
    page = phone.page
    state, done, tapped = ENGINE.new(options), 0, 0
    for upto in (0, len(moves) // 3, 2 * len(moves) // 3, len(moves) - 1):
        store(page, moves[done:upto])
        for move in moves[done:upto]:
            state = ENGINE.apply(state, move)
        done = upto
        for kind in KINDS_ON_PAGE:
            legal = list(ENGINE.legal_cards(state, kinds=[kind]))
            page.locator(f'[data-card="{kind}"]').tap()
            if not legal:
                expect(page.locator("#message")).not_to_be_empty()
                expect(page.locator("[data-option]")).to_have_count(0)
                continue
            if len(legal) == 1:  # entered at once
                expect(page.locator("#draft li")).to_have_count(1)
                page.locator("#undo").tap()
                expect(page.locator("#draft li")).to_have_count(0)
                continue
            expect(page.locator("[data-option]")).to_have_count(len(legal))
            marked = {int(p) for p in page.locator("#board .rv-space.target").evaluate_all(
                "(els) => els.map((e) => e.dataset.pos)")}
            spaces = [ends(card, state) for card in legal]
            assert marked == {s for s in spaces if s is not None}, (upto, kind)
            single = [s for s in spaces if s is not None and spaces.count(s) == 1]
            if not single:
                page.locator("#back").tap()
                continue
            phone.tap(f'#board .rv-space.target[data-pos="{single[0]}"]')
            expect(page.locator("#draft li")).to_have_count(1)
            chosen = legal[spaces.index(single[0])]
            after = ENGINE.view(ENGINE.apply(state, {"type": "play", "cards": [chosen]}))
            for pawn in ("king", "wizard", "jester"):
                expect(page.locator(f".rv-space[data-pos='{after['pawns'][pawn]}'] .rv-chip.{pawn}")).to_have_count(1)
            tapped += 1
            page.locator("#undo").tap()
            expect(page.locator("#draft li")).to_have_count(0)
    assert tapped >= 10
    page.context.close()


def test_a_refusal_hides_nothing_of_the_turn(server, browser):
    """Issue 21 item 6: with a refusal showing on the mover's own phone, every control of the
    turn (Jester 5, Jester to middle, the Wizard's power, Pass, the draft's buttons, End turn)
    and the board rows nearest the player's own Chateau are on screen, nothing over them."""
    from playwright.sync_api import expect

    owner = strict_phone(browser)
    set_up(owner, server)
    ann = Phone(join(browser, owner.page.url, seat=0), strict=True)
    page = ann.page
    play(page, "king-1", '[data-to="-1"]')
    ann.tap('[data-card="guard-1"]')  # a Guard card cannot join a King turn: refused
    expect(page.locator("#message")).to_contain_text("this turn already plays King cards")
    page.screenshot(path=str(ARTIFACTS / "royal_visit_refusal.png"))
    turn = ['[data-card="jester-5"]', '[data-card="jester-middle"]', "#summon", "#pass",
            "#clear", "#end-turn", "#undo"]
    turn += [f'#board .rv-space[data-pos="{pos}"]' for pos in (8, 7, 6, 5, -8, -7)]
    hidden = [target for target in turn if not ann.on_screen(page.locator(target))]
    assert hidden == []
    assert rows(page)[-1] == 8  # Ann's Chateau at the bottom, nearest her hand
    page.context.close()


def test_two_players_play_royal_visit_on_a_phone_to_a_win(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    page.goto(server + "/")
    page.get_by_role("link", name="Royal Visit").first.tap()
    page.fill('input[name="player_top"]', "Ann")
    page.fill('input[name="player_bottom"]', "Bob")
    page.check('input[name="wizard"][value="top"]')
    page.locator("#create").tap()
    expect(page.locator("#turn")).to_contain_text("Ann's turn")

    # Nothing sticks out sideways at 360 px.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # A second phone joins by the game's link and follows the table.
    watcher = new_phone(browser)
    watcher.goto(page.url)
    expect(watcher.locator("#turn")).to_contain_text("Ann's turn")

    # A card with no legal move now is refused with the engine's reason and rule: after a
    # King card, a Guard card (one type of card a turn).
    play_card(page, "king-1", 1)
    page.locator('[data-card="guard-1"]').tap()
    expect(page.locator("#message")).to_contain_text("this turn already plays King cards")
    expect(page.locator("#message [data-rule]")).to_have_attribute("data-rule", "/rules/royal_visit#one-type")
    expect(page.locator("#draft li")).to_have_count(1)
    page.locator("#clear").tap()
    expect(page.locator("#draft li")).to_have_count(0)

    # Ann: the upper Guard to her Chateau's far end with three Guard 1+1 cards.
    for start, end in ((2, 4), (4, 6), (6, 8)):
        page.locator('[data-card="guard-1+1"]').tap()
        page.locator(f'[data-option][data-move="guard:{start}>{end}"]').tap()
        expect(pawns_on(page, end, "guard")).to_have_count(1)
    expect(page.locator("#draft li")).to_have_count(3)
    page.locator("#end-turn").tap()
    expect(page.locator("#turn")).to_contain_text("Bob's turn")
    expect(page.locator("#crown")).to_have_text("+1")
    expect(page.locator("#last-turn")).to_contain_text("+1 Guard in Ann's Chateau; drew 3")
    expect(page.locator("#draw-pile")).to_have_text("35")
    # The other phone sees it without a reload.
    expect(watcher.locator("#crown")).to_have_text("+1")
    expect(watcher.locator("#turn")).to_contain_text("Bob's turn")

    # Undo, then redo, Ann's turn (entered on this phone: no question asked).
    page.locator("#undo").tap()
    expect(page.locator("#turn")).to_contain_text("Ann's turn")
    expect(pawns_on(page, 2, "guard")).to_have_count(1)
    # The other phone is sent the move's line again, now taken back, and the undo's line.
    expect(watcher.locator("#history li")).to_have_count(2)
    expect(watcher.locator("#history li").last).to_have_class("undone")
    page.locator("#redo").tap()
    expect(page.locator("#turn")).to_contain_text("Bob's turn")
    expect(watcher.locator("#history li")).to_have_count(3)  # move, undo, redo
    expect(watcher.locator("#history li").last).not_to_have_class("undone")

    # Bob, on the other phone: the Wizard one space.
    play_card(watcher, "wizard-1", 2)
    watcher.locator("#end-turn").tap()
    expect(page.locator("#turn")).to_contain_text("Ann's turn")

    # Ann: the King walks into her Chateau, one King card a space.
    for position in range(1, 8):
        play_card(page, "king-1", position)
        expect(page.locator("#draft li")).to_have_count(position)
    page.locator("#end-turn").tap()
    expect(page.locator("#winner")).to_contain_text("Ann won")
    expect(pawns_on(page, 7, "king")).to_have_count(1)
    expect(watcher.locator("#winner")).to_contain_text("Ann won")
    expect(watcher.locator("#prompt")).to_have_text("The game is over: Ann won.")


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_a_turn_three_turns_back_is_corrected_and_the_correction_undone(server, browser, lang):
    """Issue 31: Ann's Guard 1 went from -2 to -3 at the table, but +2 to +3 was entered, three
    turns back. Correct a turn, the turn from the list, the card again from the position it was
    played in, and the correction is stored: Bob's Wizard 1 is kept, Ann's two King cards (0 to +2,
    the second past the Guard now on +2) are refused and named for re-entry, the first card filled
    in again; Undo takes the correction back and says so. No scrolling, every tap on screen,
    no English left in French."""
    from playwright.sync_api import expect

    from companion import language
    from companion.words import plural

    phone = Phone(new_phone(browser, lang), strict=True)
    page = phone.page
    page.goto(f"{server}/new/royal_visit")
    page.fill('input[name="player_top"]', "Ann")
    page.fill('input[name="player_bottom"]', "Bob")
    page.check('input[name="wizard"][value="top"]')
    page.locator("#create").click()
    turn_of = lambda player: said(page, "{player}'s turn", player=player)  # noqa: E731
    expect(page.locator("#turn")).to_contain_text(turn_of("Ann"))
    expect(page.locator("#fix-open")).to_have_count(0)  # nothing to correct yet
    expect(page.locator("#end-turn")).to_have_attribute("aria-disabled", "true")
    for cards, next_player in (([("guard-1", 3)], "Bob"), ([("wizard-1", 2)], "Ann"),
                               ([("king-1", 1), ("king-1", 2)], "Bob")):
        for card, to in cards:
            phone.tap(f'[data-card="{card}"]')
            phone.tap(f'[data-option][data-to="{to}"]')
        expect(page.locator("#end-turn")).to_have_attribute("aria-disabled", "false")
        phone.tap("#end-turn")
        expect(page.locator("#turn")).to_contain_text(turn_of(next_player))
    expect(page.locator("#fix-open")).to_have_text(said(page, "Correct a turn"))
    page.screenshot(path=f"/tmp/rv-fix-button-{lang}.png")
    with phone.turn("a turn three turns back corrected"):
        phone.tap("#fix-open")
        expect(page.locator("#fix-sheet [data-fix]")).to_have_count(3)
        expect(page.locator('#fix-sheet [data-fix="2"]')).to_contain_text(
            said(page, "Turn {turn}, {player}", turn=1, player="Ann"))
        page.screenshot(path=f"/tmp/rv-fix-sheet-{lang}.png")
        accessible(page, "the list of turns to correct")
        phone.tap('#fix-sheet [data-fix="2"]')
        expect(page.locator("#turn")).to_contain_text(said(page, "Correcting turn {turn}", turn=1))
        expect(pawns_on(page, 2, "guard")).to_have_count(1)  # where the Guards stood then
        expect(pawns_on(page, 0, "king")).to_have_count(1)
        expect(pawns_on(page, 1, "wizard")).to_have_count(1)
        expect(page.locator("#draw-pile")).to_have_text("38")  # the piles as they were then
        expect(page.locator(".rv-power")).to_have_count(0)  # Ann had no Jester's power then
        phone.tap('[data-card="guard-1"]')
        phone.tap('[data-option][data-to="-3"]')
        page.screenshot(path=f"/tmp/rv-fixing-{lang}.png")
        accessible(page, "a turn being corrected")
        phone.tap("#end-turn")
        answer = page.locator("#message")
        head = said(page, "Turn {turn} ({player}) corrected, {n} later turn kept", turn=1, player="Ann", n=1)
        expect(answer).to_contain_text(said(page, "{head}; turn {turn} ({player}) is refused now: enter it again.",
                                            head=head, turn=3, player="Ann"))
        expect(answer).to_contain_text(language.word(plural(
            "Its first card is filled in, the rest the rules refuse now.",
            "Its first {n} cards are filled in, the rest the rules refuse now.", 1), lang))
        # Bob's Wizard 1 kept; Ann enters turn 3 again, her first King card filled in
        expect(pawns_on(page, -3, "guard")).to_have_count(1)
        expect(pawns_on(page, 2, "guard")).to_have_count(1)
        expect(pawns_on(page, 2, "wizard")).to_have_count(1)
        expect(pawns_on(page, 1, "king")).to_have_count(1)  # the draft's preview
        expect(page.locator("#draft li")).to_have_count(1)
        expect(page.locator("#turn")).to_contain_text(turn_of("Ann"))
        expect(page.locator("#last-turn")).to_contain_text(head)
        page.screenshot(path=f"/tmp/rv-corrected-{lang}.png")
        accessible(page, "after a correction")
    line = page.evaluate("Companion.game.undo.text")
    assert line.startswith(said(page, "Turn {turn} corrected: {line}", turn=1, line="")[:8])
    with phone.turn("the correction undone"):
        phone.tap("#clear")  # the filled-in card first
        expect(page.locator("#undo")).to_have_attribute("aria-label", said(page, "Undo {line}", line=line))
        phone.tap("#undo")
        expect(page.locator("#message")).to_contain_text(said(page, "Undone: {line}", line=line))
        expect(pawns_on(page, 3, "guard")).to_have_count(1)
        expect(pawns_on(page, 2, "king")).to_have_count(1)
        expect(page.locator("#turn")).to_contain_text(turn_of("Bob"))
