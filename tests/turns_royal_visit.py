"""Royal Visit's typical turns, played through the page by a :class:`phone.Phone` (issue 12):
one card with its destination, a Guard 1+1 split, the Wizard's power and the King's privilege.

The game starts from the rulebook's setup (King on the Fountain, Guards on -2 and +2, the Wizard
on +1 in Ann's Duchy, so Ann starts), so no deal decides anything: every turn is the same on
every run. benchmarks/table.py counts the taps and the scrolling of each ``phone.turn``.
"""
from __future__ import annotations


def set_up(phone, server_url: str) -> None:
    """The setup page: two names typed and who got the Wizard (setup, not a turn): Ann."""
    open_game(phone.page, server_url)


def open_game(page, server_url: str) -> None:
    """``set_up`` on a Playwright page of its own (the scanner's page tests)."""
    from playwright.sync_api import expect

    page.goto(f"{server_url}/new/royal_visit")
    page.fill('input[name="player_top"]', "Ann")
    page.fill('input[name="player_bottom"]', "Bob")
    page.check('input[name="wizard"][value="top"]')
    page.locator("#create").click()
    expect(page.locator("#turn")).to_contain_text("Ann's turn")


def _stored(phone, next_player: str) -> None:
    from playwright.sync_api import expect

    expect(phone.page.locator("#turn")).to_contain_text(f"{next_player}'s turn")


def one_card(phone) -> None:
    """Ann: King 1, the King from the Fountain one space down (0 to -1)."""
    with phone.turn("one card with its destination"):
        phone.tap('[data-card="king-1"]')
        phone.tap('[data-option][data-to="-1"]')
        phone.tap("#end-turn")
        _stored(phone, "Bob")


def guard_split(phone) -> None:
    """Bob: Guard 1+1 split, each Guard one space outward (-2 to -3 and +2 to +3)."""
    with phone.turn("Guard 1+1 split"):
        phone.tap('[data-card="guard-1+1"]')
        phone.tap('[data-option][data-move="guard:-2>-3 guard:2>3"]')
        phone.tap("#end-turn")
        _stored(phone, "Ann")


def wizard_power(phone) -> None:
    """Ann: the Wizard (on +1) calls the King (on -1) to him."""
    with phone.turn("the Wizard's power"):
        phone.tap("#summon")
        phone.tap('[data-option][data-move="summon:king:-1"]')
        phone.tap("#end-turn")
        _stored(phone, "Bob")


def kings_privilege(phone) -> None:
    """Bob: Court (2 King cards), the King and both Guards one space toward Bob's Chateau."""
    with phone.turn("the King's privilege"):
        phone.tap('[data-card="court"]')
        phone.tap('[data-option][data-move="court:-1"]')
        phone.tap("#end-turn")
        _stored(phone, "Ann")


def play_typical_turns(phone_factory, server_url: str) -> list:
    """Set a game up and play the four typical turns on one phone passed round the table."""
    phone = phone_factory()
    set_up(phone, server_url)
    one_card(phone)
    guard_split(phone)
    wizard_power(phone)
    kings_privilege(phone)
    return [phone]
