"""Whole games of Royal Visit at a table of two phones, each held by its player (issue 21).

The moves come from the engine's own simulator (``simulate.table_game``: game ``seed`` ends the
way ``ENDINGS[seed % 3]`` names, with a pass, the Wizard's power, the King's privilege and Jester
cards among its turns). Each turn is entered on the mover's own phone as a player would: a card,
then the highlighted space its move ends on (or the move's button when no single space names
it; nothing when the rules allow one move only), End turn; the Wizard's power and the pawn to
call, tapped where it stands; Pass and its question. At every offer the highlighted spaces are
checked against the engine's legal moves. Once a game, a card of the wrong type is tapped first (the refusal must go as
soon as the right card is tapped). benchmarks/table.py measures these games; the browser test
runs them strict, in English, French and German (the driver finds what it taps by its data
attributes, and reads the end in the phone's language).
"""
from __future__ import annotations

from phone import said

from companion.games.royal_visit import ENGINE
from companion.games.royal_visit.end import end_reason
from companion.games.royal_visit.simulate import table_game

SUITS = {"king-1": "king", "court": "king", "guard-1": "guard", "guard-1+1": "guard",
         "guard-flank": "guard", "wizard-1": "wizard", "wizard-2": "wizard", "wizard-3": "wizard"}


def suit(kind: str) -> str:
    return SUITS.get(kind, "jester")


def shown(page, seq: int) -> None:
    """Wait until the page shows entry ``seq`` of the game."""
    page.wait_for_function("(seq) => document.body.dataset.entries === String(seq)", arg=seq)


def claim(page, seat: int) -> None:
    """Say who holds this phone: in the question a new phone may be asked, or in More."""
    who = page.locator("dialog#who[open]")
    if who.count():
        who.locator(f'[data-seat="{seat}"]').click()
        who.wait_for(state="hidden")
        return
    page.locator("#more-button").click()
    page.locator(f'#seat-choices [data-seat="{seat}"]').click()
    page.locator("#more").wait_for(state="hidden")


def set_up(phone, server_url: str, options: dict) -> None:
    """The setup page (not a turn): the names, who got the Wizard."""
    page = phone.page
    page.goto(f"{server_url}/new/royal_visit")
    page.fill('input[name="player_top"]', options["players"][0])
    page.fill('input[name="player_bottom"]', options["players"][1])
    page.locator(f'input[name="wizard"][value="{("top", "bottom")[options["wizard"]]}"]').check()
    page.locator("#create").click()
    page.locator("#turn").wait_for()


def key(card: dict) -> str:
    """The data-move of the button that offers this card's move."""
    if card["card"] == "court":
        return f"court:{card['dir']}"
    if card["card"] == "guard-flank":
        return "flank"
    return " ".join(f"{m['pawn']}:{m['from']}>{m['to']}" for m in card["moves"])


def end_space(card: dict, king: int) -> int | None:
    """The space the board highlights for this card's move (None: it names no single space)."""
    if card["card"] == "court":
        return king + card["dir"]
    if card["card"] == "guard-flank" or len(card["moves"]) != 1:
        return None
    return card["moves"][0]["to"]


def marked(page) -> set[int]:
    """The spaces highlighted on the board."""
    return {int(p) for p in page.locator("#board .rv-space.target").evaluate_all(
        "(els) => els.map((e) => e.dataset.pos)")}


def play_cards(phone, state, move: dict, mistap: bool) -> bool:
    """Enter a play card by card (with ``mistap``, a card of another type before a later card
    whose moves are offered); returns whether the wrong tap is still to make."""
    from playwright.sync_api import expect

    page = phone.page
    builder = ENGINE.start_turn(state)
    cards = move["cards"]
    for i, card in enumerate(cards):
        legal = builder.legal([card["card"]])
        king = builder.pos[0]
        now = mistap and i >= 1 and len(legal) > 1  # (a card entered at once answers anew)
        if now:  # a card of another type: refused, and gone with the next tap
            wrong = next(k for k in ("guard-1", "wizard-2", "jester-3", "king-1")
                         if suit(k) != suit(cards[0]["card"]))
            phone.tap(f'[data-card="{wrong}"]')
            expect(page.locator("#message")).to_be_visible()
            expect(page.locator("[data-option]")).to_have_count(0)
        phone.tap(f'[data-card="{card["card"]}"]')
        if now:
            phone.fixed("the card of the turn's type")
            mistap = False
        if len(legal) > 1:
            expect(page.locator("[data-option]")).to_have_count(len(legal))
            ends = [end_space(c, king) for c in legal]
            assert marked(page) == {e for e in ends if e is not None}
            end = end_space(card, king)
            if end is not None and ends.count(end) == 1:
                phone.tap(f'#board .rv-space.target[data-pos="{end}"]')
            else:
                phone.tap(f'[data-option][data-move="{key(card)}"]')
        expect(page.locator("#draft li")).to_have_count(i + 1)
        phone.mishap()  # (with Phone.mishaps: maybe a reload, or the rules and back)
        builder.add(card)
    return mistap


def enter(phone, state, move: dict, check, mistap: bool) -> bool:
    """One turn on the mover's phone; returns whether the wrong-type tap is still to make."""
    from playwright.sync_api import expect

    page = phone.page
    if move["type"] == "pass":
        phone.tap("#pass")
        expect(page.locator("#ask-yes")).to_be_visible()
        check(page, "the pass question")
        phone.tap("#ask-yes")
        return mistap
    if move["type"] == "summon":
        summons = ENGINE.legal_summons(state)
        phone.tap("#summon")
        if len(summons) > 1:
            expect(page.locator("[data-option]")).to_have_count(len(summons))
            check(page, "the Wizard's calls")
            # the pawns he may call are marked where they stand: the board and the buttons agree
            sources = {state.king if s["pawn"] == "king" else s["from"] for s in summons}
            assert marked(page) == sources
            frm = state.king if move["pawn"] == "king" else move["from"]
            phone.tap(f'#board .rv-space.target[data-pos="{frm}"]')
        expect(page.locator("#draft li")).to_have_count(1)
    else:
        mistap = play_cards(phone, state, move, mistap)
        if len(move["cards"]) > 1:
            check(page, "a turn of several cards")
    phone.tap("#end-turn")
    return mistap


def label(move: dict) -> str:
    if move["type"] != "play":
        return {"pass": "pass", "summon": "the Wizard's power"}[move["type"]]
    n = len(move["cards"])
    return f"{n} card{'s' if n > 1 else ''}"


def play_whole_games(factory, server_url: str, seeds, check=None) -> list:
    """Play game ``seed`` of ``simulate.table_game`` for each seed on two new phones, each held
    by its player; ``check(page, what)`` (optional) is called at the first of each kind of
    state the games reach. Returns every phone."""
    from playwright.sync_api import expect

    seen: set[str] = set()

    def once(page, what: str) -> None:
        if check is not None and what not in seen:
            seen.add(what)
            check(page, what)

    phones = []
    for seed in seeds:
        options, moves, final = table_game(seed)
        first = factory()
        set_up(first, server_url, options)
        second = factory()
        second.page.goto(first.page.url)
        second.page.locator("#turn").wait_for()
        pair = (first, second)
        for seat, phone in enumerate(pair):
            claim(phone.page, seat)
        seq = first.page.evaluate("Companion.game.seq")
        for phone in pair:
            shown(phone.page, seq)
        once(first.page, "the start")
        state = ENGINE.new(options)
        mistap = True
        for move in moves:
            phone = pair[state.turn]
            with phone.turn(label(move)):
                mistap = enter(phone, state, move, once, mistap)
                seq += 1
                shown(phone.page, seq)
            state = ENGINE.apply(state, move)
            for other in pair:
                shown(other.page, seq)
            if state.last.reshuffled:
                once(phone.page, "after a reshuffle")
            if state.winner is None and ENGINE.view(state)["jester_power"]:
                once(pair[state.turn].page, "the Jester's power")
        assert state == final
        for phone in pair:  # who won and why, as the phone's language says it
            expect(phone.page.locator("#winner")).to_have_text(said(
                phone.page, "{player} won: {reason}", player=options["players"][final.winner],
                reason=end_reason(final)))
            once(phone.page, f"the end ({final.end})")
        phones.extend(pair)
    return phones
