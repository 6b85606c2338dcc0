"""Whole Kingseat games through the page, for tests/test_whole_kingseat.py and
benchmarks/table.py: ``play_whole_games(factory, server_url, seeds)``.

Each seed is one game at 4, 6, 8 or 10 players (seed % 4; at 10, all 12 princes), with two phones
(three from 6 players):
the first is the table's phone, which sets the game up through the setup page and enters the
votes, the reveal and the Loyalties; every phone holds a seat, sets its player's Loyalty aside
on its own sheet (press and hold *My Loyalty*), and enters its player's actions. The moves are
the engine's simulator's (companion/games/kingseat/simulate.py, ``eager``: the players vote
cards whose action the game has not used yet and use it), at a simulated table with real cards;
seeds 1 to 5 between them use every card's action, Brownbeards' re-vote included. Every entry
is one ``with phone.turn(label)`` on the phone that makes it, and every other phone must show
it before the next one.
"""
from __future__ import annotations

import random
from pathlib import Path

from phone import said
from turns_kingseat import set_my_loyalty

from companion.games.kingseat.cards import PRINCE_IDS
from companion.games.kingseat.simulate import play, random_options

ARTIFACTS = Path(__file__).parent / "artifacts"

SIZES = (4, 6, 8, 10)


def size_of(seed: int) -> int:
    return SIZES[seed % len(SIZES)]


def whole_options(seed: int, players: int | None = None) -> dict:
    """The game of a seed: 4, 6, 8 or 10 players (or ``players``) and two princes more than
    players (at most all 12), taken in turn round the catalogue, with the printed deck."""
    n = players or size_of(seed)
    start = (seed * 7) % len(PRINCE_IDS)
    princes = [PRINCE_IDS[(start + i) % len(PRINCE_IDS)]
               for i in range(min(n + 2, len(PRINCE_IDS)))]
    rulings = {"cards_per_prince": 9, "squlofish_dark_weight": 2 - seed % 2, "dark_cards": 1}
    return random_options(random.Random(seed), n, princes, rulings)


def phones_for(players: int) -> int:
    return 2 if players < 6 else 3


def whole_entries(seed: int, players: int | None = None):
    """(options, entries): the simulator's whole game of this seed (at ``players`` if given),
    every seated phone's player setting their Loyalty aside on it."""
    options = whole_options(seed, players)
    entries = list(play(random.Random(seed + 1259), options,
                        phones=tuple(range(phones_for(len(options["players"])))), eager=True))
    return options, entries


# ---------------------------------------------------------------------------- setting up


def create_game(page, server_url: str, options: dict, goto: bool = True) -> str:
    """The setup page (opened here unless ``goto`` is false), filled in as the table would (not
    a turn: it may scroll); returns the game page's address."""
    from browser_support import open_details
    from playwright.sync_api import expect

    if goto:
        page.goto(server_url + "/new/kingseat")
    for seat, name in enumerate(options["players"]):
        page.fill(f'input[name="player-{seat}"]', name)
    page.select_option("#kingseat", str(options["kingseat"]))
    open_details(page, "#prince-choice")
    open_details(page, "#more-options")
    for box in page.locator("[data-prince-box]").all():
        box.set_checked(box.get_attribute("data-prince-box") in options["princes"])
    for ruling, value in options["rulings"].items():
        page.check(f'input[name="ruling-{ruling}"][value="{value}"]')
    for card in options["leftovers"]:
        picker = page.locator('[data-pick="leftovers"]')
        picker.locator(f'[data-prince="{card.split("-dark")[0]}"]').tap()
        picker.locator(f'[data-kind="{card}"]').tap()
    assert sorted(page.input_value("#leftovers").split()) == sorted(options["leftovers"])
    page.locator("#create").click()
    expect(page.locator("#king")).to_have_text(options["players"][options["kingseat"]])
    return page.url


def take_seat(page, player: int):
    from playwright.sync_api import expect

    page.locator("#more-button").tap()
    page.locator(f'#seat-choices [data-seat="{player}"]').tap()
    expect(page.locator("#my-loyalty-button")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")


def open_at(browser, server_url: str, options: dict, moves: list, seat: int = 0, lang: str = "en"):
    """A new phone (its browser speaking ``lang``) holding ``seat`` (as at the table: My Loyalty
    in the status line) on a new game of ``options`` whose ``moves`` were stored through the API,
    its page loaded after them: (the page, the game as the API last gave it)."""
    from browser_support import api_poster, new_phone

    page = new_phone(browser, lang)
    post = api_poster(page, server_url)
    game = post("/api/games", {"game": "kingseat", "options": options})
    page.goto(server_url + game["urls"]["page"])
    take_seat(page, seat)
    for move in moves:
        game = post(f"/api/games/{game['id']}/moves", {"seq": game["seq"], "move": move})
    page.reload()
    return page, game


def positions(options: dict, moves: list) -> list:
    """The engine's position before each move, and after the last."""
    from companion.games.kingseat import ENGINE

    states = [ENGINE.new(options)]
    for move in moves:
        states.append(ENGINE.apply(states[-1], move))
    return states


# ---------------------------------------------------------------------------- the entries


def seq_of(phone) -> int:
    return phone.page.evaluate("Companion.game.seq")


def wait_for(phones, seq: int):
    for phone in phones:
        phone.page.wait_for_function("seq => Companion.game.seq >= seq", arg=seq)


def store(phone):
    from playwright.sync_api import expect

    expect(phone.page.locator("#prompt")).to_contain_text(said(phone.page, "check it, then store it"))
    phone.tap("#record")


def pick(phone, key: str, card: str):
    """A card in a picker: its prince (unless shown), then the card (unless the prince's tap
    chose it, in a picker for one card)."""
    page = phone.page
    root = f'[data-pick="{key}"]'
    if not page.locator(f'{root} [data-kind="{card}"]').is_visible():
        phone.tap(f'{root} [data-prince="{card.split("-dark")[0]}"]')
        if not page.locator(root).count():
            return  # the prince's only card: the tap chose it, and the picker folded
    chosen = page.locator(f'{root} [data-kind="{card}"].selected').count()
    if not chosen:
        phone.tap(f'{root} [data-kind="{card}"]')


def player_in(phone, field: str, player):
    phone.tap(f'[data-field="{field}"] [data-player="{"" if player is None else player}"]')


def enter_vote(phone, move: dict):
    page = phone.page
    votes = move["votes"]
    held = move.get("none_held", [])
    declared = set()
    while True:
        now = page.locator('#vote-panel [aria-current="step"]')
        if not now.count():
            break
        player = int(now.get_attribute("data-voter"))
        phone.tap(f'#vote-panel [data-vote-kind="{votes[player]}"]')
        if player in held and page.locator("#none-held-now").count():
            # an order that binds, broken: refused at the tap, declared at once
            from playwright.sync_api import expect

            expect(page.locator("#message.error")).to_be_visible()
            phone.tap(f'#none-held-now[data-none-held="{player}"]')
            phone.fixed(f"{player} held none, at the tap")
            declared.add(player)
        phone.mishap()  # (with Phone.mishaps: maybe a reload, or the rules and back)
    for player in held:
        if player not in declared:  # an order no card can keep any more: declared at the end
            phone.tap(f'[data-none-held="{player}"]')
    if held:  # each named player is declared now
        from playwright.sync_api import expect

        expect(phone.page.locator("#prompt")).to_contain_text(said(phone.page, "check it, then store it"))
        phone.fixed(f"{held} held none")


def enter_action(phone, move: dict):
    """One card's action, field by field, as a player taps it."""
    page = phone.page
    kind = move["card"]
    if page.locator('[data-mode="action"]').count() and \
            page.locator('[data-mode="action"][aria-pressed="true"]').count() == 0:
        phone.tap('[data-mode="action"]')
    for field in ("target", "first"):
        if field in move:
            player_in(phone, field, move[field])
        elif page.locator(f'[data-field="{field}"] [data-player=""]').count():
            player_in(phone, field, None)  # "Nobody" is said, never assumed
    phone.mishap()  # (with Phone.mishaps: maybe a reload, or the rules and back)
    for player in move.get("players", []):
        player_in(phone, "players", player)
    for card in move.get("cards", []):
        pick(phone, "cards", card)
    if "prince" in move:
        phone.tap(f'[data-field="prince"] [data-prince="{move["prince"]}"]')
    if "order" in move:
        phone.tap(f'[data-field="order"] [data-value="{move["order"]}"]')
    if "count" in move:
        if kind == "monarchrys":
            phone.tap(f'[data-field="count"] [data-value="{move["count"]}"]')
        else:
            phone.type("#ks-count", str(move["count"]))
    for field in ("taken", "given"):
        if field in move:
            phone.type(f"#ks-{field}", str(move[field]))
    if move.get("discard"):
        pick(phone, "discard", move["discard"])
    if kind == "squlofish-dark1" and page.locator('[data-field="found"]').count():
        phone.tap(f'[data-field="found"] [data-value="{"some" if move["removed"] else "none"}"]')
    for card in move.get("removed", []):
        pick(phone, "removed", card)
    if kind == "smugwing-dark1" and page.locator('[data-field="found"]').count():
        phone.tap(f'[data-field="found"] [data-value="{"some" if "moved" in move else "all"}"]')
        for card in move.get("moved", []):
            pick(phone, "moved", card)
    for entry in move.get("discards", []):
        if not page.locator(f'[data-discarder="{entry["player"]}"][aria-current="step"]').count():
            phone.tap(f'[data-discarder="{entry["player"]}"]')
        phone.tap(f'[data-discard-kind="{entry["card"]}"]')
    for player in move.get("givers", []):
        player_in(phone, "givers", player)
    if "winning" in move:
        phone.tap(f'[data-field="winning"] [data-kind="{move["winning"]}"]')
        if move["to"] == "discard":
            phone.tap('[data-field="to"] [data-value="discard"]')
        else:
            player_in(phone, "to", move["to"])


def enter_move(phone, move: dict, entered=None):
    """Tap one entry in and store it; ``entered(phone)`` (if given) is called just before Store."""
    page = phone.page
    kind = move["type"]
    if kind == "vote":
        enter_vote(phone, move)
    elif kind == "swap":
        if page.locator('[data-mode="swap"]').count():
            phone.tap('[data-mode="swap"]')
        phone.tap(f'[data-swap="{move["with"]}"]')
    elif kind == "pass":
        if page.locator('[data-mode="pass"]').count():
            phone.tap('[data-mode="pass"]')
    elif kind == "action":
        enter_action(phone, move)
    elif kind == "reveal":
        for card, count in move["tell"].items():
            for _ in range(count):
                phone.tap(f'[data-step-kind="{card}"][data-step-by="1"]')
    elif kind == "loyalty":
        while True:
            now = page.locator('#loyalty-panel [aria-current="step"]')
            if not now.count():
                break
            player = int(now.get_attribute("data-loyal-who"))
            phone.tap(f'[data-loyalty="{player}"] [data-prince="{move["loyalties"][player]}"]')
    if entered:
        entered(phone)
    store(phone)


def label_of(move: dict, players: int) -> str:
    kind = move["type"]
    if kind == "vote":
        return f"a vote ({sum(1 for v in move['votes'] if v)} of {players} players)"
    if kind == "action":
        return f"an action: {move['card']}"
    return {"swap": "a swap", "pass": "do nothing", "reveal": "the Tell turned over",
            "loyalty": "the Loyalties"}[kind]


def play_one(factory, server_url: str, seed: int, check=None, pool=None, names=None, entered=None,
             players: int | None = None) -> list:
    """One whole game (at ``players`` if given) on the phones of ``pool`` (as many more as it
    needs from ``factory``); ``check(phone, what)`` (if given) is called on each new kind of
    state, and ``entered(phone, what)`` once each new kind of entry is tapped in, before it is
    stored. The players are called ``names`` if given. Returns the phones that played."""
    options, entries = whole_entries(seed, players)
    if names:
        options = {**options, "players": list(names)}
    n = len(options["players"])
    pool = [] if pool is None else pool
    while len(pool) < phones_for(n):
        pool.append(factory())
    phones = pool[:phones_for(n)]
    for phone in phones:
        phone.game = "kingseat"
    url = create_game(phones[0].page, server_url, options)
    for seat, phone in enumerate(phones):
        if seat:
            phone.page.goto(url)
        take_seat(phone.page, seat)
    seen: set[str] = set()
    for what, payload, player in entries:
        if what == "secret":
            phone = phones[player]
            seq = seq_of(phone)
            with phone.turn("my Loyalty set aside"):
                set_my_loyalty(phone, payload["loyalty"])
            wait_for(phones, seq + 1)
            continue
        move = payload
        actor = move.get("player")
        phone = phones[actor] if actor is not None and actor < len(phones) else phones[0]
        phone.page.evaluate("window.scrollTo(0, 0)")
        seq = seq_of(phone)
        state = move["card"] if move["type"] == "action" else move["type"]
        if check and state not in seen:
            check(phone, f"before {state}")
        try:
            with phone.turn(label_of(move, n)):
                enter_move(phone, move, None if not entered or state in seen
                           else lambda phone, state=state: entered(phone, f"entered {state}"))
                wait_for([phone], seq + 1)
        except AssertionError:
            ARTIFACTS.mkdir(exist_ok=True)
            phone.page.screenshot(path=str(ARTIFACTS / f"kingseat_whole_{seed}_failed.png"))
            raise
        wait_for(phones, seq + 1)
        seen.add(state)
    if check:
        check(phones[0], "the end")
    return phones


def play_whole_games(factory, server_url: str, seeds) -> list:
    """Whole games through the page, one a seed, the same phones going on to the next game as
    at a table; returns every phone that played."""
    pool: list = []
    for seed in seeds:
        play_one(factory, server_url, seed, pool=pool)
    return pool
