"""Whole King's Court games at the table, played through the page on two phones (the browser
test runs one or two seeds strict, benchmarks/table.py five or more measuring).

Each seed is a whole game: the setup page, then hand 1 followed card by card with the moves of
the engine's own simulator (``simulate.followed_hand``: over any five seeds in a row the hands
end on a Drawbridge, a Dragon, a Wizard and a Dungeon, and one has Risk cards played and On
Guard called), scored with the cards each player really held (the cards the next player drew
picked apart); then two hands scored on the sheet, one with the dealing cut made, one with it
missed, the last one ending the game. Each event is entered on the phone of the player it
belongs to; the other phone follows.
"""
from __future__ import annotations

import random
import re

import turns_kings_court as turns
from phone import Phone, accessible

from companion.games.kings_court import arbiter
from companion.games.kings_court.cards import KIND_BY_ID, selection_kinds
from companion.games.kings_court.simulate import ENDINGS, followed_hand

NAMES = ("Ann", "Bob", "Cid")
SELECTION = "kc+kd+bonus"
# What a card's question is answered with when the simulator left the field out: the Wizard's
# direction kept, a Magician turned up as no card (it only names a suit), no card burnt.
UNSAID = {"choice": "same", "as": "none", "burn": "none"}
# What the page must never show: the engine's ids for cards, selections and rulings.
IDS = re.compile("|".join(sorted((re.escape(kid) for kid in KIND_BY_ID if "-" in kid), key=len,
                                 reverse=True)) + r"|kc\+kd|not-dealer|between-hands")


def magician_up(seed: int) -> bool:
    """Every tenth seed from 3 (3, 13, ...) turns up a Magician that plays as no card, the
    dealer naming the suit: a deal the simulator makes about once in 600 hands, steered so
    that whole games walk it."""
    return seed % 10 == 3


def group_of(kid: str) -> str:
    """The picker's tab of a card (as CardPicker.groupKey)."""
    kind = KIND_BY_ID[kid]
    if len(kind.suits) == 1:
        return kind.suits[0]
    return "option" if kind.suits else "shield" if kind.group == "shield" else "kingdom"


class Table:
    """One game on the phones: who enters what, and the checks made at each new kind of state."""

    def __init__(self, phones: list[Phone], players: int):
        self.phones = phones
        self.players = players
        self.seen: set[str] = set()

    def of(self, seat: int) -> Phone:
        return self.phones[seat % len(self.phones)]

    def check(self, phone: Phone, kind: str) -> None:
        """At the first state of each kind, on a strict phone: axe-core, 44 px, no ids shown."""
        if not phone.strict or kind in self.seen:
            return
        self.seen.add(kind)
        accessible(phone.page, kind)
        shown = IDS.findall(phone.page.locator("body").inner_text())
        assert not shown, f"{kind}: internal ids on the page: {shown}"

    def stored(self, phone: Phone, count: int) -> None:
        try:
            turns.wait_for_entry(phone.page, count)
        except Exception as error:  # said as what the page shows instead
            seq = phone.page.evaluate("Companion.game.seq")
            raise AssertionError(f"entry {count} not stored (the page has {seq}): "
                                 f"{phone.answer()!r}") from error
        phone.fixed(f"entry {count} stored")  # no answer of the turn outlives it

    # -- tapping cards ----------------------------------------------------------------------

    def pick(self, phone: Phone, where: str, kid: str) -> None:
        """Tap a card in the picker ``where`` (its suit's tab first when another is open)."""
        card = phone.page.locator(f'{where} [data-kind="{kid}"]')
        if not card.count() or not card.first.is_visible():
            phone.tap(f'{where} [data-group="{group_of(kid)}"]')
        phone.tap(f'{where} [data-kind="{kid}"]')

    def answer(self, phone: Phone, where: str, spec: dict) -> None:
        """Answer each question the card asks (what a Magician copies, the suit, the direction,
        the target), as the simulator chose."""
        page = phone.page
        while page.locator(f"{where} .kc-question").count():
            self.check(phone, "a card's question")
            field = page.locator(f"{where} .kc-question [data-field]").first.get_attribute("data-field")
            value = spec.get(field, UNSAID.get(field))
            assert value is not None, f"the page asks {field} of {spec}"
            phone.tap(f'{where} [data-field="{field}"][data-value="{value}"]')

    # -- a hand followed card by card ---------------------------------------------------------

    def deal(self, event: dict, count: int, cut: str) -> None:
        phone = self.phones[0]
        first = event["first"]
        with phone.turn("deal a hand to follow"):
            phone.tap('[data-follow="1"]')
            self.check(phone, "the deal")
            self.pick(phone, "#deal-panel", first["card"])
            self.answer(phone, "#deal-panel", first)
            phone.tap(f'[data-deal-cut="{cut}"]')
            phone.tap("#deal")
            self.stored(phone, count)

    def event(self, event: dict, count: int) -> None:
        kind = event["type"]
        phone = self.of(event["seat"])
        page = phone.page
        turns.wait_for_entry(page, count - 1)  # this phone shows the table as it is
        hand = page.evaluate("Companion.game.view.hand")
        label = ("answer a draw card" if kind == "play" and hand["pending"]
                 else "play" if kind == "play" else kind)
        with phone.turn(label):
            if kind == "play":
                self.check(phone, "a draw to answer" if hand["pending"] else "a turn")
                for i, spec in enumerate(event["cards"]):
                    self.pick(phone, "#turn-play", spec["card"])
                    self.answer(phone, "#turn-play", spec)
                    phone.mishap()  # (with Phone.mishaps: maybe a reload, or the rules and back)
                    for seat in spec.get("defended", ()):
                        phone.tap(f'#turn-play label:has(input[data-defended="{seat}"][data-i="{i}"])')
                phone.tap("#ev-play")
            elif kind in ("draw", "pass", "take"):
                other = page.locator("#ev-other")
                assert other.get_attribute("data-type") == kind, (kind, other.inner_text())
                phone.tap("#ev-other")
            else:
                phone.tap("#risk-open")
                self.check(phone, "the Risk / On Guard panel")
                phone.tap(f'[data-risk-kind="{kind}"]')
                if kind in ("reveal", "risk", "on-guard"):
                    phone.tap(f'[data-risk-seat="{event["seat"]}"]')
                if page.locator("[data-risk-card]").count():
                    phone.tap(f'[data-risk-card="{event["card"]}"]')
                if page.locator("[data-risk-on]").count():
                    phone.tap(f'[data-risk-on="{event["on"]}"]')
            self.stored(phone, count)

    def score_followed(self, hand, real: list[list[str]], count: int) -> None:
        """The hand as it ended: each player's real cards picked, the drawn ones apart."""
        ended = arbiter.outcome(hand)
        phone = self.of(ended["out"] if ended["out"] is not None else 0)
        turns.wait_for_entry(phone.page, count - 1)
        draws, nxt = ended["next_draws"] or 0, ended["next"]
        with phone.turn("score a hand followed card by card"):
            self.check(phone, "a followed hand to score")
            if ended["ended_by"] != "castle-fire":
                for seat in range(self.players):
                    if seat == ended["out"]:
                        continue
                    cards = real[seat]
                    drawn = cards[len(cards) - draws:] if seat == nxt and draws else []
                    held = cards[:len(cards) - len(drawn)]
                    if not phone.page.locator(f'[data-open="{seat}"][aria-selected="true"]').count():
                        phone.tap(f'[data-open="{seat}"]')
                    for kid in held:
                        self.pick(phone, f'[data-picker="{seat}"]', kid)
                    if drawn:
                        phone.tap(f'[data-mode="drawn"][data-seat="{seat}"]')
                        self.check(phone, "the cards drawn for the last card")
                        for kid in drawn:
                            self.pick(phone, '[data-picker="drawn"]', kid)
            phone.page.locator("#preview-ok").wait_for()
            phone.tap("#record")
            self.stored(phone, count)

    # -- hands scored on the sheet ------------------------------------------------------------

    def score_it(self, rng: random.Random, cut: str, count: int, ending: bool) -> None:
        """A hand scored on the sheet: who went out, with what, the cut, each count typed; the
        last one types for the player after who went out a count that takes their total 50 over
        the limit (not onto it, which the Scroll Bonus halves), which ends the game."""
        out = rng.randrange(self.players)
        phone = self.of(out)
        turns.wait_for_entry(phone.page, count - 1)
        last = "" if not ending else "dragon"
        with phone.turn("score a hand on the sheet"):
            phone.tap(f'[data-out="{out}"]')
            self.check(phone, "how the hand was gone out")
            phone.tap(f'[data-last="{last}"]')
            if last and self.players > 2:  # who came next (and drew) is stated, never assumed
                self.check(phone, "who was next after a draw card")
                phone.tap(f'[data-next="{(out + 1) % self.players}"]')
            self.check(phone, "the dealing cut")
            phone.tap(f'[data-cut="{cut}"]')
            for seat in range(self.players):
                if seat == out:
                    continue
                if not phone.page.locator(f'[data-open="{seat}"][aria-selected="true"]').count():
                    phone.tap(f'[data-open="{seat}"]')
                phone.tap(f'[data-mode="type"][data-seat="{seat}"]')
                points = rng.randint(0, 90)
                if ending and seat == (out + 1) % self.players:
                    view = phone.page.evaluate("Companion.game.view")
                    points = max(0, view["limit"] - view["sides"][seat]["total"]) + 50
                phone.type(f'[data-typed="{seat}"]', str(points))
                phone.mishap()
            self.check(phone, "a hand typed")
            phone.page.locator("#preview-ok").wait_for()
            phone.tap("#record")
            self.stored(phone, count)


def play_game(phones: list[Phone], server_url: str, seed: int) -> None:
    ending = ENDINGS[seed % len(ENDINGS)]
    players = 3 if ending == "risk" else 2
    rng = random.Random(seed)
    table = Table(phones, players)
    host = phones[0]
    turns.set_up(host, server_url, names=NAMES[:players], selection=SELECTION)
    for phone in phones[1:]:
        phone.page.goto(host.page.url)
        phone.page.locator("#views").wait_for()
    kinds = selection_kinds(SELECTION, ())
    steer = {"first": "magician", "allowed": lambda events: "as" not in events[0]["first"]} \
        if magician_up(seed) else {}
    events, hand, real = followed_hand(seed, players, 0, kinds, ending,
                                       most=60 if ending == "risk" else 50, **steer)
    count = 1
    table.deal(events[0], count, rng.choice(("none", "made", "missed")))
    for event in events[1:]:
        count += 1
        table.event(event, count)
    count += 1
    table.score_followed(hand, real, count)
    count += 1
    table.score_it(rng, "made", count, ending=False)
    count += 1
    table.score_it(rng, "missed", count, ending=True)
    for phone in phones:
        phone.page.locator("#winner").wait_for()
    table.check(host, "the game over")
    host.tap("#view-sheet")
    table.check(host, "the sheet at the end")


def play_whole_games(factory, server_url: str, seeds) -> list[Phone]:
    """Whole games, one a seed, on two phones: the phones, their turns counted."""
    phones = [factory(), factory()]
    for seed in seeds:
        play_game(phones, server_url, seed)
    return phones
