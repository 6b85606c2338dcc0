"""King's Court's typical turns, played through the page by a :class:`phone.Phone` (the browser
test runs them strict, benchmarks/table.py measuring). Everything a turn needs is stated on the
page (the card turned up, the cards played), so no turn depends on a random deal.

The turns: scoring one player's hand with the card picker; then a hand followed card by card:
the deal, a number card, a wild card naming a suit, a draw (then a pass); and the arbiter's
"May I play this card?".
"""
from __future__ import annotations

from browser_support import open_details
from phone import Phone, said

NAMES = ("Ann", "Bob")
NAMES3 = ("Ann", "Bob", "Cid")


def open_game(page, server_url: str, names=NAMES, dealer: int = 0, selection: str = "",
              choices=()) -> str:
    """The setup page filled in (the players' names, the cards, the first dealer, and a tap on
    each of ``choices``, selectors such as a limit's button) and the game created: its page's
    URL."""
    page.goto(f"{server_url}/new/kings_court")
    for seat, name in enumerate(names):
        page.fill(f'input[name="player-{seat}"]', name)
    if selection:
        open_details(page, "#more-options")
        page.check(f'input[name="selection"][value="{selection}"]')
    page.select_option("#first-dealer", str(dealer))
    for selector in choices:
        page.locator(selector).tap()
    page.locator("#create").click()
    page.wait_for_url("**/g/**")
    page.locator("#views").wait_for()
    return page.url


def set_up(phone: Phone, server_url: str, names=NAMES, dealer: int = 0, selection: str = "") -> str:
    """The setup page (typing names is setup, not a turn): the game's page URL."""
    return open_game(phone.page, server_url, names, dealer, selection)


def pick(page, seat: int, suit: str, card: str):
    """Open a player's hand, then tap a suit tab and a card in its picker."""
    if page.locator(f'[data-picker="{seat}"]').count() == 0:
        page.locator(f'[data-open="{seat}"]').tap()
    picker = page.locator(f'[data-picker="{seat}"]')
    picker.locator(f'[data-group="{suit}"]').tap()
    picker.locator(f'[data-kind="{card}"]').tap()


def wait_for_entry(page, count: int):
    """The page shows ``count`` stored entries (the history list is drawn from the payload)."""
    page.wait_for_function("(n) => Companion.game.seq >= n", arg=count)


def score_a_hand(phone: Phone):
    """Hand 1 of a game of two: Bob went out with an ordinary card, no dealing cut tried; Ann is
    left with the Gold 7 and a King (32)."""
    page = phone.page
    with phone.turn("score one player's hand with the picker"):
        phone.tap('[data-out="1"]')
        phone.tap('[data-last=""]')  # with a card that makes nobody draw
        phone.tap('[data-cut="none"]')  # the cut not tried: both stated, nothing chosen for them
        phone.tap('[data-picker="0"] [data-kind="gold-7"]')  # Ann's picker opens at once
        phone.tap('[data-picker="0"] [data-group="kingdom"]')
        phone.tap('[data-picker="0"] [data-kind="king"]')
        page.locator("#points-0", has_text="32").wait_for()
        phone.tap("#record")
        wait_for_entry(page, 1)


def deal_card_by_card(phone: Phone):
    """Hand 2 (Bob deals) followed card by card: a Gold 5 turned up, no dealing cut."""
    page = phone.page
    with phone.turn("deal a hand to follow card by card"):
        phone.tap('[data-follow="1"]')
        phone.tap('#deal-panel [data-kind="gold-5"]')
        phone.tap('[data-deal-cut="none"]')
        phone.tap("#deal")
        page.locator("#top", has_text="Gold 5").wait_for()


def number_card(phone: Phone):
    """Ann (left of the dealer) plays the Gold 9: the picker opens on the suit in force."""
    page = phone.page
    with phone.turn("a number card"):
        phone.tap('#turn-play [data-kind="gold-9"]')
        phone.tap("#ev-play")
        page.locator("#top", has_text="Gold 9").wait_for()


def wild_card(phone: Phone):
    """Bob plays a Duke and names blue."""
    page = phone.page
    with phone.turn("a wild card naming a suit"):
        phone.tap('#turn-play [data-group="kingdom"]')
        phone.tap('#turn-play [data-kind="duke"]')
        phone.tap('#turn-play [data-field="suit"][data-value="blue"]')
        phone.tap("#ev-play")
        page.locator('#suit[data-suit="blue"]').wait_for()


def a_draw(phone: Phone):
    """Ann cannot follow: she draws a card, then passes."""
    page = phone.page
    with phone.turn("a draw"):
        phone.tap("#ev-other")  # Draw
        page.locator('#ev-other', has_text=said(page, "Pass")).wait_for()
        phone.tap("#ev-other")  # Pass
        page.locator("#prompt", has_text=said(page, "{player}'s turn: play or draw.", player="Bob")).wait_for()


def may_i_play(phone: Phone):
    """The arbiter: may I play a Blue 7 on the Blue 3? (The Blue 3 sets the suit: blue.)"""
    page = phone.page
    with phone.turn('"May I play this card?"'):
        phone.tap("#view-ask")
        phone.tap('#ask-panel [data-group="blue"]')
        phone.tap('#ask-panel [data-kind="blue-3"]')
        phone.tap('#ask-play [data-kind="blue-7"]')  # the picker opens on blue, the suit in force
        phone.tap("#ask-go")
        page.locator("#message", has_text=said(page, "Yes.")).wait_for()


def play_typical_turns(phone_factory, server_url) -> list[Phone]:
    phone = phone_factory()
    set_up(phone, server_url)
    score_a_hand(phone)
    deal_card_by_card(phone)
    number_card(phone)
    wild_card(phone)
    a_draw(phone)
    may_i_play(phone)
    return [phone]


def enter_moves(page, moves) -> None:
    """Store ``moves`` one after another through the game's API from this page, then load the
    page again (the events of a hand the simulator played, when only what follows is tested)."""
    page.evaluate("""async (moves) => {
      let seq = Companion.game.seq;
      for (const move of moves) {
        const path = `/api/games/${Companion.game.id}/moves`;
        const { status, data } = await Companion.request("POST", path, { move, seq });
        if (status !== 200) throw new Error(JSON.stringify(data));
        seq = data.game.seq;
      }
    }""", moves)
    page.reload()
    page.locator("#views").wait_for()
