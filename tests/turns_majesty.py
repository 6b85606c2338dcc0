"""Majesty's typical turns, tapped through the page as a player would, for the table test
(tests/test_table_majesty.py, strict phones) and benchmarks/table.py (measuring phones).

The game is set up with a display the script states (the setup page takes the six cards turned
up) and the Castle on side B, so every turn is the same on every run: Ann takes a split card by
the half she places, Bob takes a single card and names the card turned up, Ann places a Noble at
the Castle (side B) and sells a meeple for a point with the stepper.
"""
from __future__ import annotations

from playwright.sync_api import expect

NAMES = ("Ann", "Bob")
DISPLAY = ("miller-brewer", "innkeeper-noble", "witch", "guard", "knight", "noble")


def set_up(page, server_url: str, names=NAMES, *, sides: str = "B", display=DISPLAY, knight: int = 0):
    """Type the names, say who drew the knight worker card, choose the sides and the display, and
    start: setup, not a turn."""
    page.goto(server_url + "/new/majesty")
    for seat, name in enumerate(names):
        page.fill(f'input[name="player-{seat}"]', name)
    page.check(f'input[name="first"][value="{knight}"]')
    page.check(f'input[name="sides"][value="{sides}"]')
    for slot, kind in enumerate(display):
        page.select_option(f'select[name="display-{slot}"]', kind)
    page.locator("#create").click()
    expect(page.locator("#turn")).to_have_text(f"{names[knight]}'s turn")


def take(phone, target: str, turned_up: str | None, mover: str, *, exchange: int = 0):
    """One whole turn: the card (or the half) tapped, the card turned up named, a Castle exchange
    stepped, the points checked, the card taken."""
    page = phone.page
    phone.tap(target)
    if turned_up:
        phone.tap(f'[data-new-card="{turned_up}"]')
    for _ in range(abs(exchange)):
        phone.tap(f'#castle [data-step="{1 if exchange > 0 else -1}"]')
    if exchange:
        expect(page.locator("#preview")).to_contain_text(
            f"{'bought' if exchange > 0 else 'sold'} {abs(exchange)} meeple")
    expect(page.locator("#preview")).to_contain_text(f"If {mover} takes it")
    phone.tap("#end-turn")
    expect(page.locator("#turn")).not_to_have_text(f"{mover}'s turn")


def play_typical_turns(phone_factory, server_url: str) -> list:
    phone = phone_factory()
    phone.game = "majesty"
    set_up(phone.page, server_url)
    with phone.turn("take a split card"):
        take(phone, '[data-slot="0"][data-as="brewer"]', "miller", "Ann")
    with phone.turn("name the turned-up card"):
        take(phone, '[data-slot="1"]', "guard", "Bob")  # the Witch, one meeple
    with phone.turn("a Castle B exchange"):
        take(phone, '[data-slot="0"][data-as="noble"]', "witch", "Ann", exchange=-1)
    return [phone]
