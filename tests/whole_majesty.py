"""Whole Majesty games at the table, tapped through the page on two or three phones, for
tests/test_whole_majesty.py (strict phones) and benchmarks/table.py (measuring phones).

The table's entries come from the engine's own simulator (``simulate.table_game``): a real
shuffled deck, random legal turns, and a card turned up entered wrong and corrected later by an
entry of its own. Over seeds 1 to 5 the games have 2, 3 and 4 players, sides all A, all B and
mixed, both decks, heals, Castle B exchanges, attacks, an empty deck and final scoring. Each
turn is entered on the phone of the player to move (players share the phones in turn), and the
other phones follow. Now and then the table taps what the page refuses (a card the mover cannot
pay for, "Take the card" before the card turned up is named): the answer must leave every
control of the turn uncovered and go once the right tap is made.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

from phone import accessible, said
from playwright.sync_api import expect

from companion import language
from companion.engine import RuleError
from companion.games.majesty import ENGINE
from companion.games.majesty.simulate import table_game
from companion.games.majesty.state import CASTLE, KIND_IDS, KIND_NAMES, REALM_SIZE, meeples
from companion.words import msg

NAMES = ("Ann", "Bob", "Cleo", "Dan")
SIDES = ("mixed", "A", "B")
LOCATIONS = ("mill", "brewery", "cottage", "guardhouse", "barracks", "inn", "castle", "infirmary")
ARTIFACTS = Path(__file__).parent / "artifacts"


def worded(page, message) -> str:
    """A message the engine made (a Msg), as the page's language words it."""
    return language.word(message, page.evaluate("document.documentElement.lang") or "en")


def plan(seed: int) -> dict:
    """The table of a seed: seeds 1-5 give 3, 4, 2, 3, 4 players on mixed, A, B, mixed and A."""
    rng = random.Random(seed)
    n = 2 + seed % 3
    sides = SIDES[(seed + 2) % 3]
    if sides == "mixed":
        chosen = {loc: rng.choice("AB") for loc in LOCATIONS}
        if len(set(chosen.values())) == 1:
            chosen["castle"] = "B" if chosen["castle"] == "A" else "A"
        sides = chosen
    return {"players": list(NAMES[:n]), "first": rng.randrange(n), "sides": sides,
            "deck": "shuffled" if seed % 4 == 0 else "standard"}


def internal_ids(page) -> list[str]:
    """The split cards' ids ("miller-brewer") and any snake_case word the page shows in its text
    or says to a screen reader: there should be none (a single character's id, "knight", is
    also a word of the sentences)."""
    text = page.evaluate("""() => document.body.innerText + ' ' + [...document.querySelectorAll('[aria-label]')]
        .map((el) => el.getAttribute('aria-label')).join(' ')""")
    return [word for word in KIND_IDS if "-" in word and word in text] + \
        re.findall(r"\b[a-z]+_[a-z_]+\b", text)


def broken_names(page) -> list[str]:
    """Card and location names split over two lines (hyphenated or broken) or wider than their
    box, and a page wider than the phone."""
    return page.evaluate("""() => {
      const out = [];
      for (const el of document.querySelectorAll('.mj-char, .mj-half, .mj-kind, .mj-fix, .mj-realm li')) {
        if (!el.offsetParent) continue;
        if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.textContent.trim()} overflows`);
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of node.textContent.matchAll(/\\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) out.push(`${match[0]} is broken`);
          }
        }
      }
      if (document.documentElement.scrollWidth > innerWidth) out.push("the page is wider than the phone");
      return out;
    }""")


def press(phone, target) -> None:
    """Tap a control the page shows as unavailable (aria-disabled): a finger taps it all the
    same; counted as a tap, and it must be on screen first like any other."""
    locator = phone._before(target)
    start = phone._scroll_y()
    locator.tap(force=True)
    phone._after(start, target)


class Table:
    """One game: its phones, the engine's state as entered so far, and what was checked."""

    def __init__(self, phones, options, strict: bool):
        self.phones = phones
        self.options = options
        self.state = ENGINE.new(options)
        self.seq = 0
        self.strict = strict
        self.seen: set[str] = set()

    def check(self, phone, kind: str) -> None:
        """Strict: the first time a kind of state shows, it must be accessible, name no card or
        location by its internal id, and show every card name whole."""
        if self.strict and kind not in self.seen:
            self.seen.add(kind)
            accessible(phone.page, kind)
            assert internal_ids(phone.page) == [], kind
            assert broken_names(phone.page) == [], kind

    def caught_up(self, phone) -> None:
        expect(phone.page.locator("body")).to_have_attribute("data-entries", str(self.seq),
                                                             timeout=10_000)

    def stored(self, phone, move: dict) -> None:
        self.state = ENGINE.apply(self.state, move)
        self.seq += 1
        self.caught_up(phone)

    def phone_of(self, seat: int):
        return self.phones[seat % len(self.phones)]


def set_up(phone, server_url: str, options: dict) -> str:
    """The first phone creates the game through the setup page (not a turn)."""
    page = phone.page
    page.goto(server_url + "/new/majesty")
    for seat, name in enumerate(options["players"]):
        page.fill(f'input[name="player-{seat}"]', name)
    page.check(f'input[name="first"][value="{options["first"]}"]')
    sides = options["sides"]
    page.check(f'input[name="sides"][value="{sides if isinstance(sides, str) else "mixed"}"]')
    if not isinstance(sides, str):
        for location, side in sides.items():
            page.select_option(f'select[name="side-{location}"]', side)
    if options["deck"] != "standard":  # the deck variant waits under More options
        from browser_support import open_details

        open_details(page, "#more-options")
        page.check(f'input[name="deck"][value="{options["deck"]}"]')
    for slot, kind in enumerate(options["display"]):
        page.select_option(f'select[name="display-{slot}"]', kind)
    page.locator("#create").click()
    expect(page.locator("#turn")).to_have_text(
        said(page, "{player}'s turn", player=options["players"][options["first"]]))
    return page.url


def take(table: Table, move: dict) -> None:
    """One whole turn tapped in on the mover's phone."""
    state = table.state
    seat = state.turn
    name = state.players[seat]
    phone = table.phone_of(seat)
    page = phone.page
    table.caught_up(phone)
    number = state.taken + 1
    slot = move["slot"]
    kind = state.display[slot]
    split = "-" in KIND_IDS[kind]
    label = (f"turn {number}: last" if number == REALM_SIZE * len(state.players) else
             f"turn {number}: heal" if "heal_as" in move else
             f"turn {number}: Castle exchange" if move.get("exchange") else
             f"turn {number}: split card" if split else f"turn {number}")
    with phone.turn(label):
        table.check(phone, "a turn begins")
        dear = [s for s in range(len(state.display)) if s > state.meeples[seat]]
        if dear and number % 6 == 3:  # a card the mover cannot pay for: the page says why
            press(phone, f'[data-slot="{dear[0]}"]')
            expect(page.locator("#message")).to_contain_text(said(
                page, "{player} holds {held}, and the {card} costs {cost}: one on each card in "
                      "front of it.", player=name, held=meeples(state.meeples[seat]),
                card=KIND_NAMES[state.display[dear[0]]], cost=meeples(dear[0])))
            table.check(phone, "a greyed card's answer")
        half = f'[data-as="{move["as"]}"]' if split else ""
        phone.tap(f'[data-slot="{slot}"]{half}')
        phone.fixed("tapping a card the mover can pay for")
        phone.mishap()  # (with Phone.mishaps: maybe a reload, or the rules and back)
        if "heal_as" in move:
            table.check(phone, "the healed card's half")
            phone.tap(f'[data-heal-as="{move["heal_as"]}"]')
        if "new_card" in move:
            table.check(phone, "the card turned up")
            if number % 7 == 5:  # "Take the card" too early: the page says what is missing
                press(phone, "#end-turn")
                expect(page.locator("#message")).to_contain_text(
                    said(page, "First tap the card turned up into the display."))
                table.check(phone, "what is missing")
            phone.tap(f'[data-new-card="{move["new_card"]}"]')
            phone.fixed("naming the card turned up")
        exchange = move.get("exchange", 0)
        if (move.get("as") or KIND_IDS[kind]) == "noble" and state.sides[CASTLE] == "B":
            table.check(phone, "the Castle exchange")
            if abs(exchange) <= 3:
                for _ in range(abs(exchange)):
                    phone.tap(f'#castle [data-step="{1 if exchange > 0 else -1}"]')
            else:  # typed; first one meeple more than the points or the supply allow
                too_many = min(state.points[seat], state.supply_meeples) + 1
                phone.type("#exchange", str(too_many))
                try:
                    ENGINE.validate(state, {**move, "exchange": too_many})
                except RuleError as refused:
                    expect(page.locator("#message")).to_contain_text(worded(page, refused.message))
                else:
                    raise AssertionError(f"an exchange of {too_many} was not refused")
                table.check(phone, "a refused exchange")
                phone.type("#exchange", str(exchange))
                phone.fixed("typing an exchange the rules allow")
        expect(page.locator("#preview")).to_contain_text(said(page, "If {player} takes it",
                                                              player=name))
        table.check(phone, "what the turn scores")
        phone.tap("#end-turn")
        table.stored(phone, move)


def correct(table: Table, move: dict) -> None:
    """A correction, entered on the phone of the player to move (who noticed the slip)."""
    state = table.state
    phone = table.phone_of(state.turn)
    table.caught_up(phone)
    slot = next(s for s, t in enumerate(state.turned) if t[0] == move["turn"] and t[2] < 0)
    with phone.turn(f"correct turn {move['turn']}"):
        phone.tap("#fix-open")
        table.check(phone, "which card to correct")
        phone.tap(f'[data-fix-slot="{slot}"]')
        table.check(phone, "what it really was")
        phone.tap(f'[data-fix-card="{move["card"]}"]')
        expect(phone.page.locator("#draft")).to_contain_text(said(
            phone.page, "Correction: {what} was the {card}, not the {old}",
            what=msg("the card turned up at turn {turn}", turn=move["turn"]),
            card=KIND_NAMES[KIND_IDS.index(move["card"])], old=KIND_NAMES[state.display[slot]]))
        table.check(phone, "the correction")
        phone.tap("#end-turn")
        table.stored(phone, move)
    expect(phone.page.locator("#history li").first).to_contain_text(
        worded(phone.page, ENGINE.describe(move, state.players, before=state)))


def play_whole_games(factory, server_url: str, seeds) -> list:
    """Play one whole game a seed; returns every phone that played."""
    everyone = []
    for seed in seeds:
        options, entries, final = table_game(random.Random(seed), plan(seed), slips=1)
        count = 3 if len(options["players"]) >= 3 else 2
        phones = [factory() for _ in range(count)]
        for phone in phones:
            phone.game = "majesty"
        table = Table(phones, options, phones[0].strict)
        if table.strict:
            phones[0].page.goto(server_url + "/new/majesty")
            table.check(phones[0], "the setup page")
        url = set_up(phones[0], server_url, options)
        for phone in phones[1:]:
            phone.page.goto(url)
            expect(phone.page.locator("#turn")).to_be_visible()
        for move in entries:
            (correct if move["type"] == "correct" else take)(table, move)
        assert table.state == final
        for phone in phones:
            table.caught_up(phone)
            expect(phone.page.locator("#winner")).to_be_visible()
            for seat, points in enumerate(final.points):
                expect(phone.page.locator(f'[data-points="{seat}"]')).to_have_text(str(points))
        last = table.phone_of(final.turn)
        table.check(last, "the final scores")
        ARTIFACTS.mkdir(exist_ok=True)
        last.page.screenshot(path=str(ARTIFACTS / f"majesty_whole_{seed}.png"))
        everyone.extend(phones)
    return everyone
