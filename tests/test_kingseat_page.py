"""A phone in Chromium at 360x740 plays three rounds of a 4-player Kingseat game by tapping:
setup from the form (a premade set, one more prince, the leftover card, the Dark cards ruling),
three votes (one tie broken by the Kingseat rule), swaps that move the King, actions that touch
the Tell, and passes. Every card's action, the reveal and the Loyalties are tapped in once.
Hidden information: a 5-player game where no form asks for a face-down card (Slydefox, its
dark 2, Squlofish's dark 1), a Loyalty set aside on its player's phone and shown nowhere else,
the Tell turned over by tapping and by photos through Scan, and the winners.

Without Chromium the tests skip (see tests/browser_support.py).
"""
from __future__ import annotations

import pytest
from browser_support import ARTIFACTS, api_poster, new_phone, open_details
from phone import PHONE
from turns_kingseat import HIDDEN_PRINCES, hidden_game

pytestmark = pytest.mark.browser


def vote(page, player: int, card: str):
    """Tap a player's name in the strip of voters, then their card."""
    page.locator(f'[data-voter="{player}"]').tap()
    page.locator(f'[data-vote-kind="{card}"]').tap()


def pick(page, key: str, card: str):
    """A card in a picker: its prince (unless its cards are shown), then the card."""
    picker = page.locator(f'[data-pick="{key}"]')
    if not picker.locator(f'[data-kind="{card}"]').is_visible():
        picker.locator(f'[data-prince="{card.split("-dark")[0]}"]').tap()
        if not picker.count():
            return  # the prince's only card: the tap chose it, and the picker folded
    picker.locator(f'[data-kind="{card}"]').tap()


def store(page):
    """Wait for the engine's check, then store the entry."""
    from playwright.sync_api import expect

    expect(page.locator("#prompt")).to_contain_text("check it, then store it")
    page.locator("#record").tap()


def hands(page, expected: dict[int, int]):
    from playwright.sync_api import expect

    for player, size in expected.items():
        expect(page.locator(f'[data-hand="{player}"]')).to_have_text(str(size))


def no_sideways_scroll(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_four_players_play_three_rounds_of_kingseat_on_a_phone(server, browser):
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
    open_details(page, "#prince-choice")
    page.locator('[data-prince-box="brownbeards"]').tap()
    expect(page.locator("#deal")).to_contain_text("45 cards")
    expect(page.locator("#deal-left")).to_have_text("1")
    # Without the Dark cards each prince has 7 cards: 35, 3 left over, none of them dark.
    open_details(page, "#more-options")
    page.locator('input[name="ruling-dark_cards"][value="0"]').check()
    expect(page.locator("#deal")).to_contain_text("35 cards (5 princes of 7, without the Dark cards)")
    expect(page.locator("#deal-left")).to_have_text("3")
    page.locator('[data-pick="leftovers"] [data-prince="monarchrys"]').tap()
    expect(page.locator('[data-pick="leftovers"] [data-kind]')).to_have_count(1)
    page.locator('input[name="ruling-dark_cards"][value="1"]').check()
    expect(page.locator("#deal-left")).to_have_text("1")
    expect(page.locator('[data-pick="leftovers"] [data-kind]')).to_have_count(3)
    pick(page, "leftovers", "monarchrys")
    assert page.input_value("#leftovers") == "monarchrys"
    assert page.input_value("#kingseat") == ""  # nobody is put in the Kingseat unasked
    page.select_option("#kingseat", "0")
    no_sideways_scroll(page)
    page.locator("#create").tap()

    expect(page.locator("#king")).to_have_text("Ann")
    expect(page.locator("#round")).to_have_text("Round 1")
    expect(page.locator("#give-cards")).to_contain_text("hand one card to the left")
    expect(page.locator("#tell-size")).to_have_text("1")
    expect(page.locator("#leftovers")).to_contain_text("Monarchrys")
    hands(page, {0: 10, 1: 10, 2: 10, 3: 10})
    no_sideways_scroll(page)
    for selector in ("#record", "#undo", '[data-vote-kind="lionsyre"]', '[data-voter="0"]'):
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
    # for the Tell, face down: nobody names them.
    expect(page.locator("#actor")).to_have_text("Ann acts")
    page.locator('[data-mode="action"]').tap()
    expect(page.locator("#face-down-note")).to_contain_text("2 cards from Ann's Hand")
    expect(page.locator("#action-panel [data-pick]")).to_have_count(0)
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
    # The Tell is a face-down pile: its size and the deal's leftover, never the winning votes
    # that went in face up (remembering them is the players' skill), nor Ann's two face down.
    tell = page.locator("#tell")
    expect(tell.locator(".ks-chip")).to_have_count(0)
    expect(tell.locator("#leftovers")).to_have_text("Left over from the deal: Monarchrys.")
    for name in ("Lionsyre", "Hornseeker", "Gulliballistas", "Brownbeards"):
        expect(tell).not_to_contain_text(name)
    assert tell.text_content().count("Monarchrys") == 1
    no_sideways_scroll(page)


# ---------------------------------------------------------------- every action, tapped in
#
# Random legal games from the engine's simulator (4 players, random princes). Most moves go
# in through the API; the first use of each card's action, the first vote with a "holds no
# such card" declaration and the Loyalties are tapped in on the page, and after each of them
# the page's stored game must equal what the engine makes of the simulator's move. These
# seeds between them use all 36 cards' actions.
COVERING_SEEDS = (129, 38, 92, 5)


def tap_player(page, field: str, player):
    page.locator(f'[data-field="{field}"] [data-player="{"" if player is None else player}"]').tap()


def enter_action(page, move: dict):
    """Tap in one action move, field by field, as a player would."""
    kind = move["card"]
    page.locator('[data-mode="action"]').tap()
    for field in ("target", "first"):
        if field in move:
            tap_player(page, field, move[field])
        elif page.locator(f'[data-field="{field}"] [data-player=""]').count():
            tap_player(page, field, None)  # "Nobody" is said, never assumed
    if "players" in move:
        for player in move["players"]:
            tap_player(page, "players", player)
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
            page.fill('#ks-count', str(move["count"]))
    for field in ("taken", "given"):
        if field in move:
            page.fill(f'#ks-{field}', str(move[field]))
    if kind == "squlofish-dark1" and page.locator('[data-field="found"]').count():
        page.locator(f'[data-field="found"] [data-value="{"some" if move["removed"] else "none"}"]').tap()
    for card in move.get("removed", []):
        pick(page, "removed", card)
    if move.get("discard"):
        pick(page, "discard", move["discard"])
    if kind == "smugwing-dark1" and page.locator('[data-field="found"]').count():
        page.locator(f'[data-field="found"] [data-value="{"some" if "moved" in move else "all"}"]').tap()
        for card in move.get("moved", []):
            pick(page, "moved", card)
    for entry in move.get("discards", []):  # a name (unless it is the one asked), its card
        if not page.locator(f'[data-discarder="{entry["player"]}"][aria-current="step"]').count():
            page.locator(f'[data-discarder="{entry["player"]}"]').tap()
        page.locator(f'[data-discard-kind="{entry["card"]}"]').tap()
    for player in move.get("givers", []):
        tap_player(page, "givers", player)
    if "winning" in move:
        page.locator(f'[data-field="winning"] [data-kind="{move["winning"]}"]').tap()
        if move["to"] == "discard":
            page.locator('[data-field="to"] [data-value="discard"]').tap()
        else:
            tap_player(page, "to", move["to"])


def count_the_tell(page, tell: dict):
    """Tap + once for each card of the Tell turned over."""
    for kind, count in tell.items():
        for _ in range(count):
            page.locator(f'[data-step-kind="{kind}"][data-step-by="1"]').tap()


def enter(page, move: dict):
    if move["type"] == "vote":
        for player, card in enumerate(move["votes"]):
            if card is not None:
                vote(page, player, card)
        for player in move.get("none_held", []):
            page.locator(f'[data-none-held="{player}"]').tap()
    elif move["type"] == "loyalty":
        for player, prince in enumerate(move["loyalties"]):
            page.locator(f'[data-loyal-who="{player}"]').tap()
            page.locator(f'[data-loyalty="{player}"] [data-prince="{prince}"]').tap()
    elif move["type"] == "reveal":
        count_the_tell(page, move["tell"])
    elif move["type"] == "swap":
        page.locator('[data-mode="swap"]').tap()
        page.locator(f'[data-swap="{move["with"]}"]').tap()
    elif move["type"] == "pass":
        page.locator('[data-mode="pass"]').tap()
    else:
        enter_action(page, move)
    store(page)


def test_every_card_action_can_be_tapped_in(server, browser):
    import json
    import random

    from playwright.sync_api import expect

    from companion.games.kingseat import ENGINE
    from companion.games.kingseat.simulate import random_game, random_options

    page = new_phone(browser)
    post = api_poster(page, server)

    tapped: set[str] = set()
    declared = loyalties = revealed = False
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
                or (move["type"] == "reveal" and not revealed)
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
                revealed |= move["type"] == "reveal"
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
    assert declared and loyalties and revealed


# ---------------------------------------------------------------- hidden information
#
# Five players; the simulator's game on seed 175 (with these princes) uses Slydefox, Slydefox
# (dark 2) and Squlofish (dark 1) early. Those three are tapped in on the table's phone; the
# rest goes in through the API. Ann's own phone holds her seat and sets her Loyalty aside; the
# Tell is turned over by tapping, then (after an undo) by photos through Scan.
TAPPED = {"slydefox", "slydefox-dark2", "squlofish-dark1"}


def test_face_down_cards_stay_hidden_and_the_tell_is_turned_over(server, browser):
    import json

    from phone import Phone
    from playwright.sync_api import expect
    from scan_support import card_photo
    from turns_kingseat import set_my_loyalty

    from companion.games.kingseat import ENGINE

    options, moves = hidden_game()
    assert {m["card"] for m in moves if m["type"] == "action"} >= TAPPED
    reveal, loyalties = moves[-2], moves[-1]
    assert reveal["type"] == "reveal" and loyalties["type"] == "loyalty"
    ann_loyalty = loyalties["loyalties"][0]

    table = new_phone(browser)   # the phone in the middle of the table: holds no seat
    ann = new_phone(browser)     # Ann's own phone
    post = api_poster(table, server)
    game = post("/api/games", {"game": "kingseat", "options": options})
    url = server + game["urls"]["page"]

    # Ann's phone says it is Ann's and sets her Loyalty aside: only that phone shows it.
    ann.goto(url)
    expect(ann.locator("#my-loyalty-button")).to_have_count(0)
    ann.locator("#more-button").tap()  # "This phone" is in the More sheet
    ann.locator('#seat-choices [data-seat="0"]').tap()
    expect(ann.locator("#seat-now")).to_have_text("Ann's")
    expect(ann.locator("#more")).to_be_hidden()
    set_my_loyalty(Phone(ann), ann_loyalty)
    assert ann.evaluate("Companion.game.view.you.loyalty") == ann_loyalty
    no_sideways_scroll(ann)

    # The table's phone: no seat, no Loyalty shown; Ann's seat cannot be taken from it.
    table.goto(url)
    expect(table.locator('#seats [data-player="0"]')).to_contain_text("Loyalty set aside")
    expect(table.locator("#my-loyalty-button")).to_have_count(0)
    assert table.evaluate("Companion.game.view.you") is None
    assert table.evaluate("Companion.game.view.players[0].loyalty") is None
    expect(table.locator("#history")).to_contain_text("Ann set their Loyalty aside on their phone")
    table.locator("#more-button").tap()
    expect(table.locator('#seat-choices [data-seat="0"]')).to_contain_text("another phone")
    table.locator('#seat-choices [data-seat="0"]').tap()
    expect(table.locator("#seat-error")).to_contain_text("phone")
    expect(table.locator("#seat-now")).to_have_text("nobody's")
    table.locator("#seat-box").screenshot(path=str(ARTIFACTS / "seat_taken.png"))
    table.locator("#more [data-close]").tap()

    game = table.evaluate("Companion.game")
    state = ENGINE.secret(ENGINE.new(options), 0, {"loyalty": ann_loyalty})
    on_page = True
    for number, move in enumerate(moves[:-2]):
        after = ENGINE.apply(state, move)
        if move["type"] == "action" and move["card"] in TAPPED:
            if not on_page:
                table.goto(url)
                on_page = True
            expect(table.locator("#actor")).to_have_text(f'{options["players"][move["player"]]} acts')
            table.locator('[data-mode="action"]').tap()
            if move["card"] == "squlofish-dark1":
                # The card paid from the Hand and the Squlofish moved face up are seen by all;
                # the pickers offer only cards that can be where they are asked for.
                hand_cards = table.evaluate("Companion.game.view.hand_cards")
                offered = table.locator('[data-pick="discard"] [data-prince]').evaluate_all(
                    "els => els.map(e => e.dataset.prince)")
                assert set(offered) == {k.split("-dark")[0] for k in hand_cards}
                pick(table, "discard", move["discard"])
                # Nothing assumed: "None" or "Some" is said before the Squlofish are tapped.
                expect(table.locator("#prompt")).to_contain_text("Squlofish cards came out")
                found = "some" if move["removed"] else "none"
                table.locator(f'[data-field="found"] [data-value="{found}"]').tap()
                if move["removed"]:
                    expect(table.locator('[data-pick="removed"] [data-prince]')).to_have_count(1)
                for card in move["removed"]:
                    pick(table, "removed", card)
            else:
                # Nothing but the players: no card picker for a face-down card.
                expect(table.locator("#face-down-note")).to_be_visible()
                expect(table.locator("#action-panel [data-pick]")).to_have_count(0)
                for player in move.get("players", []):
                    tap_player(table, "players", player)
                expect(table.locator("#action-panel [data-pick]")).to_have_count(0)
                if number == 1:
                    # Ann sets her Loyalty aside again meanwhile: an entry of its own, which
                    # must not drop the players tapped in on the table's phone.
                    set_my_loyalty(Phone(ann), ann_loyalty)
                    table.wait_for_function("seq => Companion.game.seq === seq", arg=game["seq"] + 1)
                    game = table.evaluate("Companion.game")
                    names = [options["players"][p] for p in move["players"]]
                    expect(table.locator('[data-reopen="players"]')).to_contain_text(" and ".join(names))
                if move["card"] == "slydefox" and number == 1:
                    expect(table.locator("#prompt")).to_contain_text("check it, then store it")
                    table.locator("#action-panel").screenshot(
                        path=str(ARTIFACTS / "kingseat_slydefox.png"))
            store(table)
            table.wait_for_function("seq => Companion.game.seq === seq", arg=game["seq"] + 1)
            game = table.evaluate("Companion.game")
            assert game["view"] == json.loads(json.dumps(ENGINE.view(after))), move
            no_sideways_scroll(table)
        else:
            game = post(f"/api/games/{game['id']}/moves", {"seq": game["seq"], "move": move})
            on_page = False
        state = after

    # Every Hand is empty: the Tell is turned over by tapping, one card at a time.
    table.goto(url)
    expect(table.locator("#reveal-panel")).to_be_visible()
    expect(table.locator("#record")).to_have_text("Turn the Tell over")
    size = sum(reveal["tell"].values())
    expect(table.locator("#reveal-total")).to_have_text(f"0 of {size} cards counted")
    for selector in ('[data-step-by="1"]', '#count-fewer'):
        box = table.locator(selector).first.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, selector
    assert table.locator("#reveal-panel input").count() == 0  # no typed numbers, no minus sign
    # One Hornseeker miscounted as a Squlofish: the engine names the contradiction.
    wrong = dict(reveal["tell"], hornseeker=reveal["tell"]["hornseeker"] - 1)
    wrong["squlofish"] = wrong.get("squlofish", 0) + 1
    count_the_tell(table, wrong)
    expect(table.locator("#reveal-total")).to_have_text(f"{size} of {size} cards counted")
    expect(table.locator("#message")).to_contain_text("Squlofish")
    expect(table.locator("#prompt")).to_contain_text("the rules refuse this")
    expect(table.locator("#record")).to_be_disabled()
    table.screenshot(path=str(ARTIFACTS / "kingseat_reveal_refused.png"), full_page=True)
    table.locator("#count-fewer").tap()
    table.locator('[data-step-kind="squlofish"][data-step-by="-1"]').tap()
    table.locator('[data-step-kind="hornseeker"][data-step-by="1"]').tap()
    store(table)
    expect(table.locator("#loyalty-panel")).to_be_visible()
    # Ann's Loyalty, set aside on her phone, is filled in and cannot be changed here.
    expect(table.locator('[data-loyalty-set="0"]')).to_contain_text(_prince_name(ann_loyalty))
    expect(table.locator('[data-loyalty="0"]')).to_have_count(0)

    # Undo, and count the Tell again from two photos: each adds the cards it reads.
    table.locator("#undo").tap()
    expect(table.locator("#reveal-total")).to_have_text(f"0 of {size} cards counted")
    cards = [kind for kind, count in reveal["tell"].items() for _ in range(count)]
    selection = ",".join(HIDDEN_PRINCES)
    half = len(cards) // 2
    for part in (cards[:half], cards[half:]):
        table.set_input_files("#scan-photo", {"name": "tell.jpg", "mimeType": "image/jpeg",
                                              "buffer": card_photo("kingseat", part, selection)})
        expect(table.locator("#scan-note")).to_contain_text(f"Added {len(part)} cards")
    expect(table.locator("#reveal-total")).to_have_text(f"{size} of {size} cards counted")
    for kind, count in reveal["tell"].items():
        expect(table.locator(f'[data-tell-count="{kind}"]')).to_have_text(str(count))
    expect(table.locator("#reveal-preview .ks-result")).to_be_visible()
    table.locator("#scan-result").evaluate("box => box.hidden = true")
    table.locator("#reveal-panel").screenshot(path=str(ARTIFACTS / "kingseat_reveal.png"))
    no_sideways_scroll(table)
    store(table)

    # The Loyalties: Ann's is locked in, the others are tapped; the winners are shown.
    expect(table.locator('[data-loyalty-set="0"]')).to_be_visible()
    for player, prince in enumerate(loyalties["loyalties"]):
        if player:
            table.locator(f'[data-loyal-who="{player}"]').tap()
            table.locator(f'[data-loyalty="{player}"] [data-prince="{prince}"]').tap()
    store(table)
    final = ENGINE.apply(ENGINE.apply(state, reveal), loyalties)
    expect(table.locator("#winner")).to_have_text(ENGINE.result(final)["reason"])
    expect(table.locator("#loyalties li.won")).to_have_count(len(ENGINE.result(final)["winners"]))
    # Ann's phone follows: her button is gone, her Loyalty is everyone's now.
    expect(ann.locator("#winner")).to_have_text(ENGINE.result(final)["reason"])
    expect(ann.locator("#my-loyalty-button")).to_have_count(0)


def _prince_name(prince: str) -> str:
    from companion.games.kingseat.cards import PRINCE_BY_ID

    return PRINCE_BY_ID[prince].name


def test_smugwing_dark1_after_cards_came_out_of_the_tell_asks_what_was_found(server, browser):
    """Slydefox (dark 2) drew the Tell's 2 cards at random; Smugwing (dark 1), later in
    the same round, moves this round's winning cards to the Discard: only those the table
    finds, which it taps in."""
    import json

    from playwright.sync_api import expect

    from companion.games.kingseat import ENGINE

    options = {"players": ["Ann", "Bob", "Cid", "Dee"], "kingseat": 0, "leftovers": [],
               "princes": ["lionsyre", "slydefox", "hornseeker", "smugwing"]}
    page = new_phone(browser)
    post = api_poster(page, server)
    game = post("/api/games", {"game": "kingseat", "options": options})
    state = ENGINE.new(options)
    for move in ({"type": "vote", "votes": ["lionsyre", "lionsyre", "slydefox-dark2", "smugwing-dark1"]},
                 {"type": "action", "player": 2, "card": "slydefox-dark2"}):
        game = post(f"/api/games/{game['id']}/moves", {"seq": game["seq"], "move": move})
        state = ENGINE.apply(state, move)
    page.goto(server + game["urls"]["page"])
    expect(page.locator("#actor")).to_have_text("Dee acts")
    page.locator('[data-mode="action"]').tap()
    expect(page.locator('[data-field="found"]')).to_contain_text("2 cards came out of the Tell")
    expect(page.locator("#prompt")).to_have_text("Dee's turn: say whether every winning card was found")
    page.locator('[data-field="found"] [data-value="some"]').tap()
    pick(page, "moved", "lionsyre")
    store(page)
    page.wait_for_function("seq => Companion.game.seq === seq", arg=game["seq"] + 1)
    after = ENGINE.apply(state, {"type": "action", "player": 3, "card": "smugwing-dark1",
                                 "moved": ["lionsyre"]})
    assert page.evaluate("Companion.game.view") == json.loads(json.dumps(ENGINE.view(after)))


def test_a_loyalty_set_on_a_phone_is_never_on_the_game_screen(server, browser):
    """Issue 21 item 4: the Loyalty lives on its own sheet, opened by pressing and holding *My
    Loyalty*, never drawn on the game screen; it is set or changed only after a question."""
    from phone import Phone, accessible
    from playwright.sync_api import expect
    from turns_kingseat import NAMES, PRINCES, hold_on, set_my_loyalty

    ann = Phone(new_phone(browser), strict=True, game="kingseat")
    page = ann.page
    post = api_poster(page, server)
    game = post("/api/games", {"game": "kingseat", "options": {
        "players": NAMES, "kingseat": 0, "princes": PRINCES, "leftovers": []}})
    post(f"/api/games/{game['id']}/seat", {"player": 0})
    page.goto(server + game["urls"]["page"])
    expect(page.locator("#voter-now")).to_contain_text("Ann")
    # Nothing of the Loyalty on the game screen: no prince buttons for it, no panel.
    expect(page.locator("#play [data-my-loyalty], #play #my-loyalty-now")).to_have_count(0)
    expect(page.locator("#loyalty-sheet")).to_be_hidden()
    page.screenshot(path=str(ARTIFACTS / "kingseat_loyalty_button.png"))
    # A plain tap does not open it: the answer says to hold.
    ann.tap("#my-loyalty-button")
    expect(page.locator("#message")).to_contain_text("hold")
    expect(page.locator("#loyalty-sheet")).to_be_hidden()
    set_my_loyalty(ann, "lionsyre")
    assert page.evaluate("Companion.game.view.you.loyalty") == "lionsyre"
    expect(page.locator("#play")).not_to_contain_text("Set aside on")
    # Changing it asks first; "Keep it" keeps it.
    hold_on(ann, "#my-loyalty-button")
    expect(page.locator("#my-loyalty-now")).to_contain_text("Lionsyre")
    expect(page.locator("#loyalty-sheet [data-my-loyalty]")).to_have_count(0)
    ann.tap("#my-loyalty-change")
    accessible(page, "the Loyalty sheet")
    page.screenshot(path=str(ARTIFACTS / "kingseat_my_loyalty.png"))
    ann.tap('#loyalty-sheet [data-my-loyalty="hornseeker"]')
    expect(page.locator("#ask-text")).to_have_text("Change your Loyalty from Lionsyre to Hornseeker?")
    ann.tap("#ask-no")
    assert page.evaluate("Companion.game.view.you.loyalty") == "lionsyre"
    page.locator("#loyalty-sheet [data-close]").tap()
    set_my_loyalty(ann, "hornseeker")
    assert page.evaluate("Companion.game.view.you.loyalty") == "hornseeker"
    expect(page.locator("#play")).not_to_contain_text("Set aside on")


def last_line_words(locator) -> list[str]:
    """The words on the last line a paragraph wraps onto, as drawn."""
    return locator.evaluate("""(el) => {
      const words = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of node.textContent.matchAll(/\\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          words.push([range.getBoundingClientRect().top, match[0]]);
        }
      }
      const last = Math.max(...words.map(([top]) => top));
      return words.filter(([top]) => Math.abs(top - last) < 2).map(([, word]) => word);
    }""")


def test_the_game_starts_with_the_setup_passes_and_a_revote_gives_no_cards(server, browser):
    """Issue 21 item 13 and issue 22 item 8: the first screen reminds the table of the setup
    passes and the Loyalty before "hand one card to the left"; the vote after Brownbeards' dark
    2 is prompted as the same round voted again, with no new Give Cards."""
    from playwright.sync_api import expect

    page = new_phone(browser)
    post = api_poster(page, server)
    names = ["Ann", "Bob", "Cid", "Dee"]
    game = post("/api/games", {"game": "kingseat", "options": {
        "players": names, "kingseat": 0, "princes": "complete"}})
    page.goto(server + game["urls"]["page"])
    start = page.locator("#setup-reminder")
    # At 360 px each line of the reminder reads as a line: none holds a word alone.
    expect(start).to_contain_text("Round 1: hand one card to the left")
    for line in start.locator("p").all():
        words = last_line_words(line)
        assert len(words) >= 2, (line.inner_text(), words)
    expect(start).to_contain_text("Setup: pass 2 cards right, then 2 left; set 1 face down as "
                                  "your Loyalty")
    page.screenshot(path=str(ARTIFACTS / "kingseat_start.png"))
    for move in ({"type": "vote", "votes": ["lionsyre", "lionsyre", "smugwing", "brownbeards-dark2"]},
                 {"type": "pass", "player": 2},
                 {"type": "action", "player": 3, "card": "brownbeards-dark2"}):
        game = post(f"/api/games/{game['id']}/moves", {"seq": game["seq"], "move": move})
    page.wait_for_function("seq => Companion.game.seq === seq", arg=game["seq"])
    expect(page.locator("#setup-reminder")).to_have_count(0)
    expect(page.locator("#phase")).to_have_text("The vote (again)")
    expect(page.locator("#revote")).to_contain_text("no new Give Cards")
    expect(page.locator("#status")).not_to_contain_text("Hand one card")
    page.screenshot(path=str(ARTIFACTS / "kingseat_revote.png"))


# Each setup choice once: 3 to 12 players (3, 11 and 12 beyond the published 4 to 10, with a
# warning), every value of every ruling, the Kingseat anywhere, princes by a premade set or ticked
# one by one, and the deal's leftover cards picked.
SETUPS = (
    (3, 1, ["lionsyre", "slydefox", "woolfhall"],
     {"cards_per_prince": 9, "squlofish_dark_weight": 1, "dark_cards": 1}),
    (4, 3, "starter", {"cards_per_prince": 9, "squlofish_dark_weight": 1, "dark_cards": 1}),
    (5, 0, ["lionsyre", "slydefox", "woolfhall", "hornseeker", "brownbeards"],
     {"cards_per_prince": 10, "squlofish_dark_weight": 2, "dark_cards": 1}),
    (6, 5, "complete", {"cards_per_prince": 14, "squlofish_dark_weight": 1, "dark_cards": 0}),
    (7, 2, ["monarchrys", "crassclamps", "gulliballistas", "hardshell-hero", "squlofish",
            "smugwing", "salsa-salamanda"],
     {"cards_per_prince": 9, "squlofish_dark_weight": 2, "dark_cards": 0}),
    (8, 7, "complete", {"cards_per_prince": 10, "squlofish_dark_weight": 1, "dark_cards": 1}),
    (9, 4, "complete", {"cards_per_prince": 14, "squlofish_dark_weight": 2, "dark_cards": 1}),
    (10, 9, "complete", {"cards_per_prince": 9, "squlofish_dark_weight": 1, "dark_cards": 0}),
    (11, 10, "complete", {"cards_per_prince": 10, "squlofish_dark_weight": 2, "dark_cards": 1}),
    (12, 6, "complete", {"cards_per_prince": 9, "squlofish_dark_weight": 1, "dark_cards": 1}),
)


def test_every_setup_choice_creates_the_game_it_says(server, browser):
    """Issue 21: a game created through the setup page for each choice stores exactly the
    options chosen (players, Kingseat, princes, rulings, leftover cards)."""
    import random

    from playwright.sync_api import expect
    from whole_kingseat import create_game

    from companion.games.kingseat import SETS
    from companion.games.kingseat.simulate import random_options

    page = new_phone(browser)
    for players, kingseat, princes, rulings in SETUPS:
        chosen = list(SETS[princes]) if isinstance(princes, str) else princes
        options = random_options(random.Random(players), players, chosen, rulings)
        options["kingseat"] = kingseat
        page.goto(server + "/new/kingseat")
        if isinstance(princes, str):  # the premade set's button ticks its princes
            page.locator(f'[data-set="{princes}"]').tap()
            ticked = page.locator("[data-prince-box]:checked").evaluate_all(
                "boxes => boxes.map(b => b.dataset.princeBox)")
            assert sorted(ticked) == sorted(chosen), princes
        if not 4 <= players <= 10:  # taken, with the setup page's warning
            for seat, name in enumerate(options["players"]):
                page.fill(f'input[name="player-{seat}"]', name)
            expect(page.locator("#prince-warnings")).to_contain_text("published for 4 to 10")
        url = create_game(page, server, options, goto=False)
        game_id = url.rsplit("/", 1)[-1]
        stored = page.request.get(f"{server}/api/games/{game_id}/export").json()["options"]
        assert stored["players"] == options["players"]
        assert stored["kingseat"] == kingseat
        assert sorted(stored["princes"]) == sorted(chosen)
        assert sorted(stored["leftovers"]) == sorted(options["leftovers"])
        assert stored["rulings"] == rulings, (players, stored["rulings"])


def test_who_an_action_named_is_corrected_without_undoing_what_came_after(server, browser):
    """Issue 21, corrections without replay: Dee's Gulliballistas (dark 2) was entered as making
    Bob reveal his Hand, but it was Cid. The list under the turn opens a sheet that asks who it
    really was; the correction is an entry of its own (the history says it, undo takes it back),
    the round's events say Cid, and a vote being entered on another phone stays as it was."""
    from phone import Phone, serious, small_targets
    from playwright.sync_api import expect

    ann = Phone(new_phone(browser), strict=True)
    page = ann.page
    post = api_poster(page, server)
    game = post("/api/games", {"game": "kingseat", "options": {
        "players": ["Ann", "Bob", "Cid", "Dee"], "kingseat": 0, "princes": "complete"}})
    for move in ({"type": "vote", "votes": ["lionsyre", "hornseeker", "lionsyre", "gulliballistas-dark2"]},
                 {"type": "action", "player": 1, "card": "hornseeker", "target": 3},
                 {"type": "action", "player": 3, "card": "gulliballistas-dark2", "target": 1}):
        game = post(f"/api/games/{game['id']}/moves", {"seq": game["seq"], "move": move})
    page.goto(server + game["urls"]["page"])
    other = new_phone(browser)
    other.goto(server + game["urls"]["page"])
    vote(other, 0, "slydefox")  # Ann's vote, entered on the other phone, not stored yet

    page.locator("#fix-open").tap()
    sheet = page.locator("#fix-sheet")
    lines = sheet.locator("[data-fix]")
    expect(lines).to_have_count(2)
    expect(lines.first).to_contain_text("Round 1: Dee\u2019s Gulliballistas (dark 2)")
    expect(lines.first).to_contain_text("Bob")
    expect(lines.last).to_contain_text("Round 1: Bob\u2019s Hornseeker")
    with ann.turn("the correction"):
        ann.tap(lines.first)
        expect(sheet.locator("#fix-entered")).to_have_text("Entered: Bob revealed their Hand too.")
        expect(sheet.locator("#fix-store")).to_be_disabled()
        ann.tap('#fix-sheet [data-fix-target="2"]')
        expect(sheet.locator("#fix-store")).to_have_text("Store the correction: Cid")
        page.screenshot(path=str(ARTIFACTS / "kingseat_correction.png"))
        assert serious(page) == [] and small_targets(page) == []
        ann.tap("#fix-store")
    expect(sheet).to_be_hidden()
    page.wait_for_function("seq => Companion.game.seq === seq", arg=game["seq"] + 1)
    expect(page.locator("#last-events")).to_contain_text(
        "Dee used the Gulliballistas (dark 2): revealed their Hand and made Cid do the same.")
    expect(page.locator("#last-events")).not_to_contain_text("made Bob")
    assert page.evaluate("Companion.game.history.at(-1).text") == (
        "Round 2 \u00b7 Correction: in round 1, Dee's Gulliballistas (dark 2) made Cid reveal "
        "their Hand too (entered as Bob)")
    # Not a turn: still round 2's vote; the other phone's vote being entered is still there.
    expect(page.locator("#phase")).to_have_text("The vote")
    other.wait_for_function("seq => Companion.game.seq === seq", arg=game["seq"] + 1)
    expect(other.locator('[data-voter="0"]')).to_contain_text("Slydefox")
    # Undo takes it back like any entry, and says so.
    page.locator("#undo").tap()
    expect(page.locator("#message")).to_contain_text("Undone: Round 2 \u00b7 Correction")
    expect(page.locator("#last-events")).to_contain_text("made Bob do the same")
    # Once a vote is being entered here, the list waits until it is stored or taken back.
    page.evaluate("window.scrollTo(0, 0)")
    vote(page, 0, "lionsyre")
    expect(page.locator("#fix-open")).to_be_hidden()


@pytest.mark.parametrize("players", [4, 10])
def test_fix_entry_is_on_screen_in_every_phase_it_shows(server, browser, players):
    """Issue 21: "Fix entry" (correct who an action named) sits in the action bar whenever it is
    shown, on screen without scrolling in the vote, the actions, the Tell and the Loyalties of a
    whole game of every prince, and the bar is no taller for it; it opens its sheet."""
    import random

    from phone import Phone, serious, small_targets
    from playwright.sync_api import expect

    from companion.games.kingseat.cards import PRINCE_IDS
    from companion.games.kingseat.simulate import play, random_options

    phone = Phone(new_phone(browser), strict=True)
    page = phone.page
    post = api_poster(page, server)
    options = random_options(random.Random(1), players, list(PRINCE_IDS),
                             {"cards_per_prince": 9, "squlofish_dark_weight": 2, "dark_cards": 1})
    game = post("/api/games", {"game": "kingseat", "options": options})
    page.goto(server + game["urls"]["page"])
    fix = page.locator("#fix-open")
    seen = set()
    for kind, move, _ in play(random.Random(100), options, eager=True):
        if kind != "move":
            continue
        game = post(f"/api/games/{game['id']}/moves", {"seq": game["seq"], "move": move})
        page.wait_for_function("seq => Companion.game.seq === seq", arg=game["seq"])
        phase = game["view"]["phase"]
        if not game["view"]["corrections"]:
            continue
        assert fix.is_visible(), phase
        assert phone.on_screen(fix), f"{players} players, {phase}: Fix entry off screen or covered"
        if phase in seen:
            continue
        seen.add(phase)
        bar = "document.querySelector('.toolbar').getBoundingClientRect().top"
        with_it = page.evaluate(bar)
        without = page.evaluate(f"(() => {{ const b = document.querySelector('#fix-open'); b.hidden = true;"
                                f" const top = {bar}; b.hidden = false; return top; }})()")
        assert with_it == without, f"{players} players, {phase}: the bar is taller with Fix entry"
        assert small_targets(page) == [] and serious(page) == [], phase
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"kingseat_fix_entry_{players}_{phase}.png"))
        phone.tap(fix)
        sheet = page.locator("#fix-sheet")
        expect(sheet).to_be_visible()
        expect(sheet.locator("#fix-sheet-title")).not_to_be_empty()
        phone.tap("#fix-sheet [data-close]")
        expect(sheet).to_be_hidden()
        assert page.evaluate("window.scrollY") == 0
    assert seen == {"vote", "action", "reveal", "loyalty"}


def test_the_movers_own_phone_says_your_turn_and_the_history_names_the_round(server, browser):
    """Issue 21 items 13-14: the phone of the player whose turn it is says "Your turn" where the
    others name the player, and every history line says its round."""
    from playwright.sync_api import expect
    from whole_kingseat import take_seat

    ann = new_phone(browser)
    post = api_poster(ann, server)
    game = post("/api/games", {"game": "kingseat", "options": {
        "players": ["Ann", "Bob", "Cid", "Dee"], "kingseat": 0, "princes": "complete"}})
    bob = new_phone(browser)
    for page, seat in ((ann, 0), (bob, 1)):
        page.goto(server + game["urls"]["page"])
        take_seat(page, seat)
    game = post(f"/api/games/{game['id']}/moves", {"seq": game["seq"], "move": {
        "type": "vote", "votes": ["lionsyre", "hornseeker", "lionsyre", "gulliballistas-dark2"]}})
    expect(bob.locator("#prompt")).to_have_text(
        "Your turn: use the Hornseeker, swap places or do nothing?")
    expect(ann.locator("#prompt")).to_have_text(
        "Bob's turn: use the Hornseeker, swap places or do nothing?")
    bob.locator('[data-mode="pass"]').tap()
    expect(bob.locator("#prompt")).to_have_text("Your turn: check it, then store it")
    bob.locator("#record").tap()
    expect(ann.locator("#actor")).to_have_text("Dee acts")
    expect(bob.locator("#prompt")).to_have_text(
        "Dee's turn: use the Gulliballistas (dark 2), swap places or do nothing?")
    ann.locator("#more-button").tap()
    ann.locator("#history-box summary").tap()
    lines = ann.locator("#history li")
    expect(lines.first).to_contain_text("Bob did nothing")
    assert [text.split(". ", 1)[1] for text in lines.all_inner_texts()] == [
        "Round 1 \u00b7 Bob did nothing with their card",
        ("Round 1 \u00b7 The vote: Ann Lionsyre, Bob Hornseeker, Cid Lionsyre, Dee "
         "Gulliballistas (dark 2)")]
    ann.screenshot(path=str(ARTIFACTS / "kingseat_history.png"))


def test_squlofish_dark1_at_eight_players_is_tapped_clear_of_the_action_bar(server, browser):
    """Whole game seed 8 at eight players (ten princes): Squlofish dark 1's card paid is a prince's
    only card left to offer, so the prince's tap chooses it and the picker folds into one line
    at once; the question after it is tapped on screen, clear of the action bar."""
    from phone import Phone
    from playwright.sync_api import expect
    from whole_kingseat import enter_action, open_at, store, wait_for, whole_entries

    from companion.games.kingseat import KIND_BY_ID

    options, entries = whole_entries(8, players=8)
    moves = [move for what, move, _ in entries if what == "move"]
    at = next(i for i, move in enumerate(moves) if move.get("card") == "squlofish-dark1")
    page, game = open_at(browser, server, options, moves[:at])
    phone = Phone(page, strict=True)
    with phone.turn("Squlofish dark 1"):
        enter_action(phone, moves[at])
        expect(page.locator('[data-field="discard"] .ks-answer')).to_contain_text(
            KIND_BY_ID[moves[at]["discard"]].name)
        store(phone)
    wait_for([phone], game["seq"] + 1)


def test_hardshell_hero_dark1_ordered_by_crassclamps_at_ten_players_fits(server, browser):
    """The rarest crowding at ten players: the actor was ordered by Crassclamps to use their
    card's action, and the card is Hardshell Hero dark 1, so the order's note stands above the
    nine discarders' grid. Whole game seed 61 at ten players, its Crassclamps of the round before
    turned on that actor: every tap on screen and clear of the action bar, nothing scrolled."""
    from phone import Phone
    from playwright.sync_api import expect
    from whole_kingseat import enter_move, open_at, positions, wait_for, whole_entries

    options, entries = whole_entries(61, players=10)
    moves = [move for what, move, _ in entries if what == "move"]
    rounds = positions(options, moves)
    at = next(i for i, move in enumerate(moves) if move.get("card") == "hardshell-hero-dark1")
    actor = moves[at]["player"]
    order = next(i for i, move in enumerate(moves[:at]) if move.get("card") == "crassclamps"
                 and rounds[i].round == rounds[at].round - 1 and move["player"] != actor)
    moves[order] = {**moves[order], "target": actor, "prince": "hardshell-hero", "order": "action"}
    page, game = open_at(browser, server, options, moves[:at])
    expect(page.locator(".ks-note")).to_contain_text("Crassclamps ordered")
    phone = Phone(page, strict=True)
    with phone.turn("Hardshell Hero dark 1, ordered"):
        enter_move(phone, moves[at])
    wait_for([phone], game["seq"] + 1)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kingseat_ordered_hardshell.png"))


def test_seven_princes_vote_at_five_players_is_tapped_clear_of_the_action_bar(server, browser):
    """Whole game seed 22 at five players (seven princes): round 4 is an open vote, so its note
    and the way cards are handed stand above the voters' two rows; Salsa Salamanda, the seventh
    prince, is tapped on screen and clear of the action bar (seven princes go two a row)."""
    from phone import Phone
    from playwright.sync_api import expect
    from whole_kingseat import enter_move, open_at, positions, wait_for, whole_entries

    options, entries = whole_entries(22, players=5)
    assert len(options["princes"]) == 7
    moves = [move for what, move, _ in entries if what == "move"]
    rounds = positions(options, moves)
    at = next(i for i, move in enumerate(moves) if move["type"] == "vote" and rounds[i].round == 4)
    page, game = open_at(browser, server, options, moves[:at])
    expect(page.locator("#vote-panel .ks-note")).to_contain_text("Open vote")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kingseat_seven_princes_vote.png"))
    phone = Phone(page, strict=True)
    with phone.turn("the open vote of round 4"):
        enter_move(phone, moves[at])
    wait_for([phone], game["seq"] + 1)


@pytest.mark.parametrize(("seed", "players"), [(25, 11), (26, 12)])
def test_the_first_vote_at_eleven_and_twelve_players_fits(server, browser, seed, players):
    """Beyond the published ten (the app takes twelve): round 1's vote with every prince, the
    setup passes said above the voters; the voters go six to a row, so that the last row of
    princes is on screen and clear of the action bar, and the vote is tapped in (whole-game
    seeds 25 and 26)."""
    from phone import Phone
    from playwright.sync_api import expect
    from whole_kingseat import enter_move, open_at, wait_for, whole_entries

    options, entries = whole_entries(seed, players=players)
    vote = next(move for what, move, _ in entries if what == "move" and move["type"] == "vote")
    page, game = open_at(browser, server, options, [])
    expect(page.locator("#vote-panel")).to_contain_text(options["players"][options["kingseat"]])
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"kingseat_first_vote_{players}.png"))
    phone = Phone(page, strict=True)
    last = page.locator("#vote-panel [data-vote-kind]").last
    assert phone.on_screen(last), f"{last.get_attribute('data-vote-kind')} off screen or covered"
    with phone.turn("round 1's vote"):
        enter_move(phone, vote)
    wait_for([phone], game["seq"] + 1)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_open_revote_at_eleven_players_fits(server, browser, lang):
    """Whole game seed 25 at eleven players: Brownbeards' dark 2 took round 3 back and the round
    is an open vote, so the re-vote line, the voters and the open vote's note all stand above
    the twelve princes; their last row is on screen and clear of the action bar, and the vote
    is tapped in. In German too (longer words, no English left)."""
    from phone import Phone, said
    from playwright.sync_api import expect
    from whole_kingseat import enter_move, open_at, positions, wait_for, whole_entries

    options, entries = whole_entries(25, players=11)
    moves = [move for what, move, _ in entries if what == "move"]
    rounds = positions(options, moves)
    at = [i for i, move in enumerate(moves) if move["type"] == "vote" and rounds[i].round == 3][1]
    page, game = open_at(browser, server, options, moves[:at], lang=lang)
    expect(page.locator("#revote")).to_have_text(said(
        page, "Brownbeards’ dark 2 took the round back: cards back in Hand, no new Give Cards."))
    expect(page.locator("#vote-panel .ks-note")).to_contain_text(said(
        page, "Open vote: the cards are laid one at a time, from {player} clockwise.",
        player=options["players"][game["view"]["vote"]["first"] if game["view"]["vote"]["first"] is not None
                                  else game["view"]["king"]]))
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / ("kingseat_open_revote_11.png" if lang == "en"
                                          else f"kingseat_open_revote_11_{lang}.png")))
    phone = Phone(page, strict=True)
    last = page.locator("#vote-panel [data-vote-kind]").last
    assert phone.on_screen(last), f"{last.get_attribute('data-vote-kind')} off screen or covered"
    with phone.turn("round 3 voted again"):
        enter_move(phone, moves[at])
    wait_for([phone], game["seq"] + 1)


def test_hardshell_hero_dark1_at_nine_players_on_the_actors_phone_fits(server, browser):
    """Whole game seed 24 at nine players (eleven princes): Hardshell Hero dark 1 entered on the
    actor's own phone, its three ways to act above eight discarders and the bar saying "Your
    turn" over two lines; the last princes' row of the discarded cards is on screen and clear of
    the action bar, and every discard is tapped in."""
    from phone import Phone
    from whole_kingseat import enter_move, open_at, wait_for, whole_entries

    options, entries = whole_entries(24, players=9)
    moves = [move for what, move, _ in entries if what == "move"]
    at = next(i for i, move in enumerate(moves) if move.get("card") == "hardshell-hero-dark1")
    page, game = open_at(browser, server, options, moves[:at], seat=moves[at]["player"])
    phone = Phone(page, strict=True)
    phone.tap('[data-mode="action"]')
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kingseat_hardshell_dark1_9.png"))
    last = page.locator("[data-discard-kind]").last
    assert phone.on_screen(last), f"{last.get_attribute('data-discard-kind')} off screen or covered"
    with phone.turn("Hardshell Hero dark 1"):
        enter_move(phone, moves[at])
    wait_for([phone], game["seq"] + 1)


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_setup_page_in_french_and_german_at_twelve_players(server, browser, lang):
    """The setup page on a phone whose browser speaks French or German: twelve names typed, every
    prince ticked, the deal and the leftover picker shown; axe-core, the 44 px check, nothing
    wider than the phone and no English left (German words are a third longer)."""
    from phone import accessible, said
    from playwright.sync_api import expect

    page = new_phone(browser, lang)
    page.goto(server + "/new/kingseat")
    assert page.evaluate("document.documentElement.lang") == lang
    for seat in range(12):
        page.fill(f'input[name="player-{seat}"]', f"P{seat + 1}")
    page.locator('[data-set="complete"]').click()
    page.select_option("#kingseat", "0")
    expect(page.locator("#create")).to_have_text(said(page, "Start the game"))
    expect(page.locator("#deal-left")).to_have_text("0")
    page.locator('[data-set="starter"]').click()  # 4 princes for 12 players: the warning
    expect(page.locator("#prince-warnings")).not_to_be_empty()
    accessible(page, f"setup, {lang}, the starter set at twelve players")
    page.locator('[data-set="complete"]').click()
    page.fill('input[name="player-11"]', "")  # 11 players, 108 cards: 9 left over to pick
    expect(page.locator("#leftover-picker")).to_be_visible()
    no_sideways_scroll(page)
    accessible(page, f"setup, {lang}, eleven players and their leftovers")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"kingseat_setup_{lang}.png"), full_page=True)


def test_a_vote_at_twelve_players_fits_in_german(server, browser):
    """Round 1's vote at twelve players with every prince on a phone in German (longer words):
    the setup passes, the voters and the twelve princes' grid on one screen, the last row clear
    of the action bar, no English left, and the vote tapped in on a strict phone."""
    from phone import Phone, accessible
    from playwright.sync_api import expect
    from whole_kingseat import enter_move, open_at, wait_for, whole_entries

    options, entries = whole_entries(26, players=12)
    vote = next(move for what, move, _ in entries if what == "move" and move["type"] == "vote")
    page, game = open_at(browser, server, options, [], lang="de")
    expect(page.locator("#vote-panel")).to_contain_text(options["players"][options["kingseat"]])
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kingseat_vote_12_de.png"))
    accessible(page, "the vote at twelve players, in German")
    phone = Phone(page, strict=True)
    last = page.locator("#vote-panel [data-vote-kind]").last
    assert phone.on_screen(last), f"{last.get_attribute('data-vote-kind')} off screen or covered"
    with phone.turn("round 1's vote, in German"):
        enter_move(phone, vote)
    wait_for([phone], game["seq"] + 1)


def test_the_tell_turned_over_at_ten_players_fits_in_german(server, browser):
    """Whole game seed 3 (ten players, every prince) in German at the reveal: the count of the
    Tell by kind in blocks, on one screen with no English left, tapped in on a strict phone."""
    from phone import Phone, accessible
    from whole_kingseat import enter_move, open_at, wait_for, whole_entries

    options, entries = whole_entries(3)
    moves = [move for what, move, _ in entries if what == "move"]
    at = next(i for i, move in enumerate(moves) if move["type"] == "reveal")
    page, game = open_at(browser, server, options, moves[:at], lang="de")
    page.locator("#reveal-panel").wait_for()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kingseat_reveal_10_de.png"))
    accessible(page, "the reveal at ten players, in German")
    phone = Phone(page, strict=True)
    with phone.turn("the Tell turned over, in German"):
        enter_move(phone, moves[at])
    wait_for([phone], game["seq"] + 1)
    page.screenshot(path=str(ARTIFACTS / "kingseat_loyalties_10_de.png"))
