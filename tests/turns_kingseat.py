"""Kingseat's typical turns at a table of six, played through the page with :class:`phone.Phone`
(one ``with phone.turn(...)`` a turn), for tests/test_table_kingseat.py and benchmarks/table.py.

The setup (typing six names, choosing the Kingseat and the princes) is not a turn. The turns:
a whole vote (every player's card, then Store), a prince action (Cid's Crassclamps: who, which
prince, what then) and a swap (Dee swaps places with the King). Nothing depends on a random
deal: the page takes whatever cards the table says were laid.

Also the 5-player game with hidden cards (``hidden_game``) the page and table tests enter.
"""
from __future__ import annotations

import random

from companion.games.kingseat.simulate import play

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
PRINCES = ["lionsyre", "hornseeker", "monarchrys", "gulliballistas", "crassclamps", "smugwing"]
# Lionsyre wins 3 of 6; Cid, Dee and Fay act, in that order from the Kingseat.
VOTES = ["lionsyre", "lionsyre", "crassclamps", "hornseeker", "lionsyre", "monarchrys"]


def set_up(page, server_url: str) -> str:
    """Start a six-player game from the setup page (Ann in the Kingseat); returns its page url."""
    from playwright.sync_api import expect

    page.goto(server_url + "/new/kingseat")
    for seat, name in enumerate(NAMES):
        page.fill(f'input[name="player-{seat}"]', name)
    page.select_option("#kingseat", "0")
    from browser_support import open_details

    open_details(page, "#prince-choice")  # the princes one by one wait under the sets
    for box in page.locator("[data-prince-box]").all():
        box.set_checked(box.get_attribute("data-prince-box") in PRINCES)
    page.locator("#create").click()
    expect(page.locator("#king")).to_have_text("Ann")
    return page.url


def stored(phone, seq: int):
    """Wait until the table has taken entry number ``seq``."""
    phone.page.wait_for_function("seq => Companion.game.seq === seq", arg=seq)


def whole_vote(phone):
    from playwright.sync_api import expect

    page = phone.page
    seq = page.evaluate("Companion.game.seq")
    with phone.turn("a whole vote (6 players)"):
        for player, card in enumerate(VOTES):
            expect(page.locator("#voter-now")).to_contain_text(NAMES[player])
            phone.tap(f'#vote-panel [data-vote-kind="{card}"]')
        expect(page.locator("#vote-result")).to_have_text("Lionsyre wins the round with 3 of 6 votes.")
        phone.tap("#record")
        stored(phone, seq + 1)
    expect(page.locator("#actor")).to_have_text("Cid acts")


def prince_action(phone):
    """Cid's Crassclamps: Dee must vote Lionsyre next round, then swap places."""
    from playwright.sync_api import expect

    page = phone.page
    seq = page.evaluate("Companion.game.seq")
    with phone.turn("a prince action (Crassclamps)"):
        phone.tap('[data-mode="action"]')
        phone.tap('[data-field="target"] [data-player="3"]')
        phone.tap('[data-field="prince"] [data-prince="lionsyre"]')
        phone.tap('[data-field="order"] [data-value="swap"]')
        expect(page.locator("#prompt")).to_have_text("Cid's turn: check it, then store it")
        phone.tap("#record")
        stored(phone, seq + 1)
    expect(page.locator("#actor")).to_have_text("Dee acts")


def swap(phone):
    """Dee swaps places with Ann, the King: Dee sits in the Kingseat."""
    from playwright.sync_api import expect

    page = phone.page
    seq = page.evaluate("Companion.game.seq")
    with phone.turn("a swap"):
        phone.tap('[data-mode="swap"]')
        phone.tap('[data-swap="0"]')
        expect(page.locator("#new-king")).to_contain_text("Dee will be the King")
        phone.tap("#record")
        stored(phone, seq + 1)
    expect(page.locator("#king")).to_have_text("Dee")


def play_typical_turns(phone_factory, server_url):
    """Set up a six-player game and play Kingseat's typical turns on one phone."""
    phone = phone_factory()
    set_up(phone.page, server_url)
    phone.page.evaluate("window.scrollTo(0, 0)")
    whole_vote(phone)
    prince_action(phone)
    swap(phone)
    return [phone]


def hold(page, target: str, ready: str = ".ready"):
    """Press and hold ``target`` with a finger until the page says it may be let go (the
    element matches ``ready``), then let go: the deliberate gesture that opens a secret."""
    from playwright.sync_api import expect

    locator = page.locator(target)
    box = locator.bounding_box()
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    touch = page.context.new_cdp_session(page)
    try:
        touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
        expect(page.locator(f"{target}{ready}")).to_have_count(1)
        touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        touch.detach()


def hold_on(phone, target: str):
    """``hold`` as one tap of the phone's turn: the target must be on screen first."""
    phone._before(target)
    start = phone._scroll_y()
    hold(phone.page, target)
    phone._after(start, target)


def set_my_loyalty(phone, prince: str):
    """On a seated phone: hold *My Loyalty*, tap the prince (after *Change it* if one is set),
    say yes to the question, and close the sheet. Four or five taps, counted on ``phone``."""
    from playwright.sync_api import expect

    page = phone.page
    hold_on(phone, "#my-loyalty-button")
    sheet = page.locator("#loyalty-sheet")
    expect(sheet).to_be_visible()
    if sheet.locator("#my-loyalty-change").count():
        phone.tap("#my-loyalty-change")
    phone.tap(f'#loyalty-sheet [data-my-loyalty="{prince}"]')
    expect(page.locator("#ask")).to_be_visible()
    phone.tap("#ask-yes")
    expect(sheet.locator("#my-loyalty-now .ks-chip")).to_have_attribute("data-prince", prince)
    phone.tap("#loyalty-sheet [data-close]")
    expect(sheet).to_be_hidden()


# Five players; the simulator's game on seed 175 (with these princes) uses Slydefox, Slydefox
# (dark 2) and Squlofish (dark 1) early (tests/test_kingseat_page.py taps those in).
HIDDEN_PRINCES = ["lionsyre", "slydefox", "hornseeker", "monarchrys", "squlofish"]
HIDDEN_SEED = 175


def hidden_game():
    """The options and moves of that game: five players, nine cards a prince, the Dark cards."""
    options = {"players": ["Ann", "Bob", "Cid", "Dee", "Eve"], "kingseat": 0,
               "princes": HIDDEN_PRINCES, "leftovers": [],
               "rulings": {"cards_per_prince": 9, "squlofish_dark_weight": 2, "dark_cards": 1}}
    moves = [move for _, move, _ in play(random.Random(HIDDEN_SEED + 1000), options)]
    return options, moves
