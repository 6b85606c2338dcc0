"""A phone in Chromium at 360x740 plays three rounds of a 4-player Kingseat game by tapping:
setup from the form (a premade set, one more prince, the leftover card), three votes (one tie
broken by the Kingseat rule), swaps that move the King, actions that touch the Tell, and passes.

Without Chromium the tests skip (see tests/test_browser.py).
"""
from __future__ import annotations

import pytest

from test_browser import ARTIFACTS, PHONE, browser, new_phone, server  # noqa: F401

pytestmark = pytest.mark.browser


def vote(page, player: int, card: str):
    """Tap a player's vote: the prince, then (for a dark card) Dark 1 or Dark 2."""
    picker = page.locator(f'[data-pick="vote-{player}"]')
    prince = card.split("-dark")[0]
    picker.locator(f'[data-prince="{prince}"]').tap()
    if card != prince:
        picker.locator(f'[data-kind="{card}"]').tap()


def pick(page, key: str, card: str):
    picker = page.locator(f'[data-pick="{key}"]')
    picker.locator(f'[data-prince="{card.split("-dark")[0]}"]').tap()
    picker.locator(f'[data-kind="{card}"]').tap()


def store(page):
    """Wait for the engine's check, then store the entry."""
    from playwright.sync_api import expect

    expect(page.locator("#prompt")).to_have_text("Check it, then store it")
    page.locator("#record").tap()


def hands(page, expected: dict[int, int]):
    from playwright.sync_api import expect

    for player, size in expected.items():
        expect(page.locator(f'[data-hand="{player}"]')).to_have_text(str(size))


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_four_players_play_three_rounds_of_kingseat_on_a_phone(server, browser):  # noqa: F811
    from playwright.sync_api import expect

    page = new_phone(browser)
    page.goto(server + "/")
    page.get_by_role("link", name="Kingseat").first.tap()

    # Setup: four names, Ann in the Kingseat, the starter set and Brownbeards: 45 cards, 11 a
    # hand and one left over, face up into the Tell.
    for seat, name in enumerate(["Ann", "Bob", "Cid", "Dee"]):
        page.fill(f'input[name="player-{seat}"]', name)
    page.locator('[data-set="complete"]').tap()
    expect(page.locator("#prince-warnings")).to_contain_text("similar colours")
    page.locator('[data-set="starter"]').tap()
    expect(page.locator("#prince-warnings")).to_be_empty()
    page.locator('[data-prince-box="brownbeards"]').tap()
    expect(page.locator("#deal")).to_contain_text("45 cards")
    expect(page.locator("#deal-left")).to_have_text("1")
    pick(page, "leftovers", "monarchrys")
    assert page.input_value("#leftovers") == "monarchrys"
    assert page.locator("#kingseat option").first.inner_text().startswith("Ann")
    no_sideways_scroll(page)
    page.locator("#create").tap()

    expect(page.locator("#king")).to_have_text("Ann")
    expect(page.locator("#round")).to_have_text("Round 1")
    expect(page.locator("#give-cards")).to_contain_text("to the left (clockwise)")
    expect(page.locator("#tell-size")).to_have_text("1")
    expect(page.locator("#leftovers")).to_contain_text("Monarchrys")
    hands(page, {0: 10, 1: 10, 2: 10, 3: 10})
    no_sideways_scroll(page)
    for selector in ("#record", "#undo", '[data-pick="vote-0"] [data-prince="lionsyre"]'):
        assert page.locator(selector).first.bounding_box()["height"] >= 44, selector

    # Round 1: Lionsyre 2, Hornseeker 2. The tie goes to the card nearest the Kingseat going
    # clockwise, starting at the King: Ann's own Lionsyre.
    for player, card in enumerate(["lionsyre", "hornseeker", "lionsyre", "hornseeker"]):
        vote(page, player, card)
    expect(page.locator("#vote-result")).to_have_text(
        "Lionsyre and Hornseeker tie with 2 votes each; Lionsyre wins the round because "
        "Ann's card, in the Kingseat itself, is the nearest card of a tied prince.")
    expect(page.locator("#tally")).to_contain_text("wins")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kingseat_round.png"), full_page=True)
    store(page)
    expect(page.locator("#actor")).to_have_text("Bob acts")
    expect(page.locator("#last-vote")).to_contain_text("in the Kingseat itself")
    expect(page.locator("#tell-size")).to_have_text("3")
    hands(page, {0: 9, 1: 9, 2: 9, 3: 9})

    # Bob swaps places with the King: people move, the Kingseat stays, so Bob is King.
    page.locator('[data-mode="swap"]').tap()
    page.locator('[data-swap="0"]').tap()
    expect(page.locator("#new-king")).to_contain_text("Bob will be the King")
    store(page)
    expect(page.locator("#king")).to_have_text("Bob")
    expect(page.locator("#actor")).to_have_text("Dee acts")
    # Undo puts Ann back in the Kingseat; Redo moves Bob in again.
    page.locator("#undo").tap()
    expect(page.locator("#king")).to_have_text("Ann")
    expect(page.locator("#actor")).to_have_text("Bob acts")
    page.locator("#redo").tap()
    expect(page.locator("#king")).to_have_text("Bob")
    expect(page.locator('#seats li').first).to_contain_text("Bob")
    expect(page.locator("#actor")).to_have_text("Dee acts")
    # Dee does nothing with the card.
    page.locator('[data-mode="pass"]').tap()
    store(page)

    expect(page.locator("#round")).to_have_text("Round 2")
    expect(page.locator("#give-cards")).to_contain_text("to the right (anticlockwise)")
    expect(page.locator('#seats li').first).to_contain_text("Bob")  # Bob in the Kingseat
    expect(page.locator("#last-events")).to_have_count(1)
    expect(page.locator("#discard-size")).to_have_text("2")

    # Round 2: Brownbeards wins 2 to 1 to 1.
    for player, card in {1: "brownbeards", 0: "lionsyre-dark2", 2: "brownbeards", 3: "monarchrys"}.items():
        vote(page, player, card)
    expect(page.locator("#vote-result")).to_have_text("Brownbeards wins the round with 2 of 4 votes.")
    store(page)
    expect(page.locator("#tell-size")).to_have_text("5")
    # Ann (right after the Kingseat now) uses Lionsyre's dark 2: the King picks 2 of her cards
    # for the Tell.
    expect(page.locator("#actor")).to_have_text("Ann acts")
    page.locator('[data-mode="action"]').tap()
    pick(page, "cards", "monarchrys")
    pick(page, "cards", "gulliballistas-dark1")
    expect(page.locator("#action-preview")).to_contain_text("2 cards from Ann's Hand into the Tell")
    store(page)
    expect(page.locator("#tell-size")).to_have_text("7")
    # Dee uses Monarchrys: asks Ann for Lionsyre and gets one.
    expect(page.locator("#actor")).to_have_text("Dee acts")
    page.locator('[data-mode="action"]').tap()
    page.locator('[data-field="target"] [data-player="0"]').tap()
    page.locator('[data-field="prince"] [data-prince="lionsyre"]').tap()
    page.locator('[data-field="count"] [data-value="1"]').tap()
    store(page)
    expect(page.locator("#round")).to_have_text("Round 3")
    hands(page, {0: 5, 1: 8, 2: 8, 3: 9})
    expect(page.locator("#tell-size")).to_have_text("7")

    # Round 3: Hornseeker wins 2 to 1 to 1; Bob (the King) does nothing and Dee's Brownbeards
    # goes into the Tell instead of the Discard.
    for player, card in {1: "lionsyre", 0: "hornseeker", 2: "hornseeker", 3: "brownbeards"}.items():
        vote(page, player, card)
    expect(page.locator("#vote-result")).to_contain_text("Hornseeker wins the round")
    store(page)
    expect(page.locator("#actor")).to_have_text("Bob acts")
    page.locator('[data-mode="pass"]').tap()
    store(page)
    expect(page.locator("#actor")).to_have_text("Dee acts")
    page.locator('[data-mode="action"]').tap()
    expect(page.locator("#action-preview")).to_contain_text("Dee used the Brownbeards")
    page.screenshot(path=str(ARTIFACTS / "kingseat_action.png"), full_page=True)
    store(page)

    expect(page.locator("#round")).to_have_text("Round 4")
    expect(page.locator("#king")).to_have_text("Bob")
    expect(page.locator("#tell-size")).to_have_text("10")  # 1 + 2 + 2 + 2 + 2 + 1
    hands(page, {0: 4, 1: 7, 2: 7, 3: 8})
    expect(page.locator("#give-cards")).to_contain_text("to the right (anticlockwise)")
    expect(page.locator("#history li")).to_have_count(11)  # 3 votes, 6 turns of the action phase, an undo and a redo
    # Nothing of the Tell but its size and the leftover card is on the page.
    tell = page.locator("#tell")
    for hidden in ("Hornseeker", "Gulliballistas", "Brownbeards", "Lionsyre"):
        expect(tell).not_to_contain_text(hidden)
    expect(tell.locator(".ks-chip")).to_have_count(1)  # the leftover Monarchrys, face up
    no_sideways_scroll(page)


# ---------------------------------------------------------------- every action, tapped in
#
# Random legal games from the engine's simulator (4 players, random princes). Most moves go
# in through the API; the first use of each card's action, the first vote with a "holds no
# such card" declaration and the Loyalties are tapped in on the page, and after each of them
# the page's stored game must equal what the engine makes of the simulator's move. These
# seeds between them use all 36 cards' actions.
COVERING_SEEDS = (8, 54, 4, 32, 19, 46, 0, 26)


def tap_player(page, field: str, player):
    page.locator(f'[data-field="{field}"] [data-player="{"" if player is None else player}"]').tap()


def enter_action(page, move: dict):
    """Tap in one action move, field by field, as a player would."""
    kind = move["card"]
    page.locator('[data-mode="action"]').tap()
    for field in ("target", "first"):
        if field in move:
            tap_player(page, field, move[field])
    if "players" in move:
        for player in move["players"]:
            tap_player(page, "players", player)
        for player, card in zip(move["players"], move["cards"]):
            if card is not None:
                pick(page, f"slyde-{player}", card)
    elif "cards" in move:
        for card in move["cards"]:
            pick(page, "cards", card)
    if "prince" in move:
        page.locator(f'[data-field="prince"] [data-prince="{move["prince"]}"]').tap()
    if "order" in move:
        page.locator(f'[data-field="order"] [data-value="{move["order"]}"]').tap()
    if "count" in move:
        if kind == "monarchrys":
            page.locator(f'[data-field="count"] [data-value="{move["count"]}"]').tap()
        else:
            page.fill('[data-number="count"]', str(move["count"]))
    for field in ("taken", "given"):
        if field in move:
            page.fill(f'[data-number="{field}"]', str(move[field]))
    for field in ("from_tell", "to_tell", "removed"):
        for card in move.get(field, []):
            pick(page, field, card)
    if move.get("discard"):
        pick(page, "discard", move["discard"])
    for entry in move.get("added", []):
        for card in entry["cards"]:
            pick(page, f"added-{entry['player']}", card)
    for entry in move.get("discards", []):
        pick(page, f"discards-{entry['player']}", entry["card"])
    for player in move.get("givers", []):
        tap_player(page, "givers", player)
    if "winning" in move:
        page.locator(f'[data-field="winning"] [data-kind="{move["winning"]}"]').tap()
        if move["to"] == "discard":
            page.locator('[data-field="to"] [data-value="discard"]').tap()
        else:
            tap_player(page, "to", move["to"])


def enter(page, move: dict):
    if move["type"] == "vote":
        for player, card in enumerate(move["votes"]):
            if card is not None:
                vote(page, player, card)
        for player in move.get("none_held", []):
            page.locator(f'[data-none-held="{player}"]').check()
    elif move["type"] == "loyalty":
        for player, prince in enumerate(move["loyalties"]):
            page.locator(f'[data-loyalty="{player}"] [data-prince="{prince}"]').tap()
    elif move["type"] == "swap":
        page.locator('[data-mode="swap"]').tap()
        page.locator(f'[data-swap="{move["with"]}"]').tap()
    elif move["type"] == "pass":
        page.locator('[data-mode="pass"]').tap()
    else:
        enter_action(page, move)
    store(page)


def test_every_card_action_can_be_tapped_in(server, browser):  # noqa: F811
    import json
    import random

    from playwright.sync_api import expect

    from companion.games.kingseat import ENGINE
    from companion.games.kingseat.simulate import random_game, random_options

    page = new_phone(browser)
    page.goto(server + "/")
    token = page.locator('meta[name="csrf-token"]').get_attribute("content")
    headers = {"X-CSRFToken": token, "Content-Type": "application/json"}

    def post(path, body):
        answer = page.request.post(server + path, data=json.dumps(body), headers=headers)
        assert answer.ok, answer.text()
        return answer.json()["game"]

    tapped: set[str] = set()
    declared = loyalties = False
    for seed in COVERING_SEEDS:
        options = random_options(random.Random(seed), players=4)
        moves, _ = random_game(random.Random(seed + 1000), options)
        game = post("/api/games", {"game": "kingseat", "options": options})
        state = ENGINE.new(options)
        on_page = False
        for move in moves:
            after = ENGINE.apply(state, move)
            by_tapping = (
                (move["type"] == "action" and move["card"] not in tapped)
                or (move["type"] == "vote" and move.get("none_held") and not declared)
                or (move["type"] == "loyalty" and not loyalties)
            )
            if by_tapping:
                if not on_page:
                    page.goto(server + game["urls"]["page"])
                    on_page = True
                enter(page, move)
                page.wait_for_function("seq => Companion.game.seq === seq", arg=game["seq"] + 1)
                game = page.evaluate("Companion.game")
                expected = json.loads(json.dumps(ENGINE.view(after)))
                assert game["view"] == expected, move
                if move["type"] == "action":
                    tapped.add(move["card"])
                declared |= move["type"] == "vote"
                assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], move
                if move["type"] == "loyalty":
                    loyalties = True
                    expect(page.locator("#winner")).to_have_text(ENGINE.result(after)["reason"])
                    expect(page.locator("#loyalties li")).to_have_count(4)
                    page.screenshot(path=str(ARTIFACTS / "kingseat_final.png"), full_page=True)
            else:
                game = post(f"/api/games/{game['id']}/moves", {"seq": game["seq"], "move": move})
                on_page = False  # the page reloads to catch up before the next tap
            state = after
    assert tapped == {kind.id for kind in ENGINE.cards}
    assert declared and loyalties
