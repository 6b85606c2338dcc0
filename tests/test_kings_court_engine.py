"""King's Court engine: setup and partnerships, every card and bonus on the score sheet, the
Scroll Bonus, the end of the game, corrections, adjustments, refusals and the view (replay,
undo and whole random games are tests/test_engine_conformance.py's, for every engine).
Play-by-play through the arbiter is tested at the end."""
from __future__ import annotations

import json

import pytest
import rules_checks

import companion.games  # noqa: F401  (registers the engines)
from companion.engine import COMMON_RULES, REGISTRY, RuleError
from companion.games.kings_court import ENGINE, KINDS, State, arbiter
from companion.games.kings_court.rules_page import RULE_IDS, RULES, SHEET_RULES
from companion.games.kings_court.scoring import count_cards, cut_bonus

ANN, BOB, CID, DEE, EVE, FAY = range(6)
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]


# --------------------------------------------------------------------------- helpers


def game(n: int = 4, **options) -> State:
    options.setdefault("selection", "kc+kd+bonus")
    return ENGINE.new({"players": NAMES[:n], **options})


def hand(out: int | None, cards: dict | None = None, points: dict | None = None,
         n: int = 4, **extra) -> dict:
    """A hand move; ``cards`` and ``points`` map seats to what they hold."""
    move: dict = {"type": "hand", "out": out}
    if cards:
        move["cards"] = [cards.get(seat) for seat in range(n)]
    if points:
        move["points"] = [points.get(seat) for seat in range(n)]
    move.update(extra)
    return move


def typed(out: int | None, n: int = 4, each: int = 10, **extra) -> dict:
    """Everyone but the player out types the same count."""
    return hand(out, points={s: each for s in range(n) if s != out}, n=n, **extra)


def correct(number, move: dict) -> dict:
    """A correction of hand ``number`` to the scoring of a hand move."""
    return {**move, "type": "correct", "hand": number}


def run(state: State, move: dict) -> State:
    return rules_checks.run(ENGINE, state, move)


def refused(state: State, move, rule: str) -> RuleError:
    return rules_checks.refused(ENGINE, state, move, rule, RULE_IDS)


def points(state: State, row: int = -1) -> list[int]:
    """Each seat's points in a row of the sheet."""
    return list(state.rows[row].points)


def lines(state: State, seat: int, row: int = -1) -> list[tuple[int, str]]:
    view = ENGINE.view(state)["rows"][row]
    return [(line["points"], line["why"]) for line in view["players"][seat]["lines"]]


def cards_of(*kinds: str) -> int:
    """The count of a picked hand, straight from the scoring function."""
    return sum(line[0] for line in count_cards(kinds))


# --------------------------------------------------------------------------- the engine


def test_engine_protocol_and_rules_page():
    assert REGISTRY["kings_court"] is ENGINE
    assert (ENGINE.name, ENGINE.title, ENGINE.min_players, ENGINE.max_players) == \
        ("kings_court", "King's Court / King's Dynasty", 2, 8)
    assert ENGINE.cards is KINDS and len(KINDS) == 131
    ids = [entry.id for entry in ENGINE.rules]
    assert len(ids) == len(set(ids)) == len(RULE_IDS) - len(COMMON_RULES)
    assert ENGINE.rules == RULES
    assert RULES[:len(SHEET_RULES)] == SHEET_RULES
    assert not set(COMMON_RULES) & set(RULES)  # the rules page adds those for every game
    for entry in arbiter.RULES:
        assert entry in RULES
    for entry in SHEET_RULES:
        assert entry.title and entry.text.endswith(".") and entry.section
    assert ENGINE.rulings[0].id == "dealing_bonus"
    for ruling in ENGINE.rulings:
        assert ruling.rule in RULE_IDS


def test_every_rule_id_the_engine_cites_is_on_the_rules_page():
    import inspect
    import re

    from companion.games.kings_court import corrections, followed, game, hand, setup, state, view

    source = "".join(inspect.getsource(part)
                     for part in (corrections, followed, game, hand, setup, state, view))
    cited = set(re.findall(r'RuleError\(\s*"([a-z0-9-]+)"', source))
    assert len(cited) > 20 and cited <= RULE_IDS, cited - RULE_IDS
    assert {f"score-{ender}" for ender in ("poison-garden", "castle-fire")} <= RULE_IDS
    for line in re.findall(r'"rule": "([a-z0-9-]+)"', source):
        assert line in RULE_IDS
    for _, _, rule, _, _ in count_cards(["gold-1", "king", "defender", "warlord",
                                         "magic-potion", "hidden-treasure"], ["dragon"], 1):
        assert rule in RULE_IDS


def test_defaults():
    s = ENGINE.new({"players": ["Ann", "Bob", "Cid"]})
    assert (s.limit, s.selection, s.extra, s.first_dealer, s.dealer) == (500, "kc+kd", (), 0, 0)
    assert s.carried == (0, 0, 0) and s.sides == ((0,), (1,), (2,)) and not s.partnered
    assert s.rulings == {"dealing_bonus": "everyone"}
    assert ENGINE.result(s) is None and ENGINE.to_move(s) is None
    view = ENGINE.view(s)
    assert view["stage"] == "between-hands" and view["hand"] is None
    assert view["dealer"] == 0 and view["hand_number"] == 1 and view["rows"] == []
    assert view["dealing_bonus"] == 25 and view["limit"] == 500
    assert sum(card["copies"] for card in view["cards"]) == 163


@pytest.mark.parametrize("selection, extra, size", [
    ("kc", [], 108), ("kc+kd", [], 163), ("kc+kd+bonus", [], 199),
    ("custom", [], 108), ("custom", ["dark-knight", "purple-5", "warlord"], 108 + 1 + 1 + 1),
])
def test_selections(selection, extra, size):
    s = game(selection=selection, extra=extra)
    assert sum(s.copies.values()) == size
    assert sum(c["copies"] for c in ENGINE.view(s)["cards"]) == size


@pytest.mark.parametrize("options, rule, words", [
    ({}, "players", "'players'"),
    ({"players": ["Ann"]}, "players", "two to eight"),
    ({"players": NAMES + ["Ivy"]}, "players", "two to eight"),
    ({"players": ["Ann", "ann"]}, "players", "different"),
    ({"players": ["Ann", "Bob"], "colour": 1}, "move-format", "'colour'"),
    ({"players": ["Ann", "Bob"], "limit": 0}, "limit", "whole number"),
    ({"players": ["Ann", "Bob"], "limit": -500}, "limit", "whole number"),
    ({"players": ["Ann", "Bob"], "limit": "500"}, "limit", "whole number"),
    ({"players": ["Ann", "Bob"], "limit": 500.0}, "limit", "whole number"),
    ({"players": ["Ann", "Bob"], "limit": True}, "limit", "whole number"),
    ({"players": ["Ann", "Bob"], "selection": "kd"}, "selection", "one of"),
    ({"players": ["Ann", "Bob"], "selection": "kc", "extra": ["warlord"]}, "selection", "custom"),
    ({"players": ["Ann", "Bob"], "selection": "custom", "extra": ["king"]}, "selection",
     "always in the game"),
    ({"players": ["Ann", "Bob"], "selection": "custom", "extra": ["joker"]}, "selection",
     "no King's Court card"),
    ({"players": ["Ann", "Bob"], "selection": "custom", "extra": "warlord"}, "selection", "list"),
    ({"players": ["Ann", "Bob"], "first_dealer": 2}, "dealer", "0 to 1"),
    ({"players": ["Ann", "Bob"], "first_dealer": "0"}, "dealer", "0 to 1"),
    ({"players": ["Ann", "Bob"], "carried": [10]}, "carried", "each of the 2 players"),
    ({"players": ["Ann", "Bob"], "carried": [10, "5"]}, "carried", "whole number"),
    ({"players": ["Ann", "Bob"], "carried": [10, 500]}, "carried", "not below the limit"),
    ({"players": ["Ann", "Bob"], "carried": [10, 600]}, "carried", "Bob carries 600"),
    ({"players": ["Ann", "Bob"], "rulings": {"dealing_bonus": "dealer"}},
     "ruling-dealing-bonus", "Dealing bonus"),
    ({"players": ["Ann", "Bob"], "rulings": {"speed": 1}}, "rulings", "speed"),
    ({"players": ["Ann", "Bob"], "rulings": "everyone"}, "rulings", "named choices"),
])
def test_bad_options_are_refused(options, rule, words):
    with pytest.raises(RuleError) as caught:
        ENGINE.new(options)
    assert caught.value.rule == rule and words in caught.value.message
    assert caught.value.rule in RULE_IDS


# --------------------------------------------------------------------------- partnerships


@pytest.mark.parametrize("n, teams", [
    (4, [[0, 2], [1, 3]]),
    (6, [[0, 3], [1, 4], [2, 5]]),
    (6, [[0, 2, 4], [1, 3, 5]]),
    (8, [[0, 4], [1, 5], [2, 6], [3, 7]]),
    (8, [[0, 2, 4, 6], [1, 5], [3, 7]]),
])
def test_valid_partnerships(n, teams):
    s = game(n, partnerships=teams)
    assert s.partnered and [list(t) for t in s.sides] == [sorted(t) for t in teams]
    for side, team in enumerate(teams):
        for seat in team:
            assert s.side_of[seat] == side


@pytest.mark.parametrize("n, teams, words", [
    (3, [[0, 1], [2]], "even number"),
    (5, [[0, 2], [1, 3], [4]], "even number"),
    (4, [[0, 1], [2, 3]], "Ann and Bob are partners seated side by side"),
    (4, [[0, 3], [1, 2]], "Bob and Cid are partners seated side by side"),
    (6, [[0, 2], [1, 3], [4, 5]], "side by side"),
    (4, [[0, 2], [1]], "two or more"),
    (4, [[0, 2]], "Bob is in no partnership"),
    (4, [[0, 2], [1, 3], [0, 3]], "more than one"),
    (4, [[0, 2], [1, 4]], "seats run from 0 to 3"),
    (4, [[0, 2, 1, 3]], "at least two partnerships"),
    (2, [[0, 1]], "at least two partnerships"),
    (4, "0,2", "list of seat lists"),
    (4, [[0, "2"], [1, 3]], "seat '2'"),
])
def test_invalid_partnerships_are_refused(n, teams, words):
    with pytest.raises(RuleError) as caught:
        game(n, partnerships=teams)
    assert caught.value.rule == "partnerships" and words in caught.value.message, \
        caught.value.message


def test_partners_add_their_points_into_one_total():
    s = game(4, partnerships=[[ANN, CID], [BOB, DEE]])
    # Ann goes out (0); Bob 30, Cid 12, Dee 25: Ann & Cid 0 + 12 = 12, Bob & Dee 30 + 25 = 55
    s = run(s, hand(ANN, points={BOB: 30, CID: 12, DEE: 25}))
    assert s.tally.totals == (12, 55)
    view = ENGINE.view(s)
    assert [side["name"] for side in view["sides"]] == ["Ann & Cid", "Bob & Dee"]
    assert view["lowest"] == [0] and view["sides"][0]["lowest"]
    assert view["partnerships"] == [[0, 2], [1, 3]]
    assert [p["side"] for p in view["players"]] == [0, 1, 0, 1]


def test_partnership_scroll_bonus_and_end_use_the_partnership_total():
    s = game(4, partnerships=[[ANN, CID], [BOB, DEE]], limit=100)
    # Bob 40 + Dee 60 = 100: the partnership lands exactly on 100 and is halved to 50; Ann &
    # Cid have 5, so Bob & Dee are not the single lowest and the game goes on.
    s = run(s, hand(ANN, points={BOB: 40, CID: 5, DEE: 60}))
    assert s.tally.totals == (5, 50) and not s.over
    assert s.tally.halved[-1] == ((1, 100),)
    # Cid 90 + Ann 0 -> 95; Bob 1 + Dee 1 -> 52: nobody over, nobody on the limit
    s = run(s, hand(ANN, points={BOB: 1, CID: 90, DEE: 1}))
    assert s.tally.totals == (95, 52) and not s.over
    # Cid 6 more: 101 > 100 although Cid alone never passed 100; Bob & Dee win with 52 + 0 + 2
    s = run(s, hand(BOB, points={ANN: 0, CID: 6, DEE: 2}))
    assert s.tally.totals == (101, 54) and s.over
    result = ENGINE.result(s)
    assert result["names"] == ["Bob & Dee"] and result["winners"] == [BOB, DEE]
    assert result["how"] == "limit" and result["sides"] == [1]
    assert result["reason"] == "Ann & Cid went over 100; Bob & Dee wins with the lowest total, 54."


def test_partnership_scroll_bonus_wins_when_single_lowest():
    s = game(4, partnerships=[[ANN, CID], [BOB, DEE]], limit=200, carried=[150, 120])
    # Ann & Cid: 150 + 50 = 200 exactly -> halved to 100, below Bob & Dee's 120 + 10: they win
    s = run(s, hand(BOB, points={ANN: 20, CID: 30, DEE: 10}))
    assert s.tally.totals == (100, 130) and s.over
    assert ENGINE.result(s)["how"] == "scroll-bonus"
    assert ENGINE.result(s)["names"] == ["Ann & Cid"]


def test_carried_totals_per_player_or_per_partnership():
    s = game(4, partnerships=[[ANN, CID], [BOB, DEE]], carried=[10, 20, 30, 40])
    assert s.carried == (40, 60)  # Ann 10 + Cid 30, Bob 20 + Dee 40
    s = game(4, partnerships=[[ANN, CID], [BOB, DEE]], carried=[-15, 480])
    assert s.carried == (-15, 480)
    s = run(s, hand(ANN, points={BOB: 5, CID: 0, DEE: 5}))
    assert s.tally.totals == (-15, 490)
    with pytest.raises(RuleError) as caught:
        game(4, partnerships=[[ANN, CID], [BOB, DEE]], carried=[1, 2, 3])
    assert caught.value.rule == "carried" and "2 partnerships" in caught.value.message


def test_carried_totals_start_the_sheet():
    s = game(3, carried=[120, 0, 35])
    s = run(s, hand(BOB, points={ANN: 10, CID: 5}, n=3))
    assert s.tally.totals == (130, 0, 40)
    row = ENGINE.view(s)["rows"][0]
    assert [side["before"] for side in row["sides"]] == [120, 0, 35]
    assert [side["carried"] for side in ENGINE.view(s)["sides"]] == [120, 0, 35]


# --------------------------------------------------------------------------- cards left in a hand


def test_number_cards_count_face_value():
    s = run(game(), hand(ANN, {BOB: ["gold-1", "green-2", "blue-3", "burgundy-4", "gold-5"],
                               CID: ["purple-6", "silver-7", "gold-8", "orange-9", "green-10"],
                               DEE: ["orange-0", "gold-0", "orange-10"]}))
    # Bob 1+2+3+4+5 = 15; Cid 6+7+8+9+10 = 40; Dee 0+0+10 = 10
    assert points(s) == [0, 15, 40, 10]
    assert lines(s, BOB)[0] == (1, "Gold 1: face value")
    assert lines(s, DEE)[0] == (0, "Orange 0: face value")
    s = run(game(), hand(ANN, {BOB: ["blue-5", "blue-5"], CID: ["king"], DEE: ["duke"]}))
    assert lines(s, BOB) == [(10, "2 × Blue 5: face value (5 each)")]


@pytest.mark.parametrize("kind, value", [
    ("fair-maiden-gold", 20), ("drawbridge-blue", 20), ("knight-purple", 20),
    ("court-jester-orange", 20), ("queens-option-gold-burgundy", 30),
    ("queens-option-purple-silver", 30), ("wizard", 50), ("dragon", 35), ("king", 25),
    ("queen", 25), ("duke", 20), ("duchess", 20), ("royal-decree", 50), ("magician", 50),
    ("protector", 35), ("dungeon", 35), ("cannonball", 35), ("catapult", 35),
    ("flaming-arrow", 35), ("siege-tower", 35), ("imperial-tax", 35), ("defender", -35),
    ("magic-potion", 0), ("hidden-treasure", -100),
    ("dark-knight", 0), ("poison-garden", 0), ("castle-fire", 0), ("kings-goblet", 0),
    ("warlord", 0),
])
def test_every_scroll_and_shield_card_left_in_a_hand(kind, value):
    s = run(game(), hand(ANN, {BOB: [kind], CID: ["gold-1"], DEE: ["gold-2"]}))
    assert points(s)[BOB] == value
    assert cards_of(kind) == value


def test_scroll_and_shield_lines_say_why():
    s = run(game(), hand(ANN, {BOB: ["king", "cannonball", "defender"], CID: ["dark-knight"],
                               DEE: ["warlord", "dragon", "dragon"]}))
    assert lines(s, BOB) == [(25, "King: Scroll card value"),
                             (35, "Cannonball: Shield card value"),
                             (-35, "Defender: -35 in a hand")]
    assert lines(s, CID) == [(0, "Dark Knight: not played, counts nothing")]
    assert lines(s, DEE) == [(0, "Warlord: not played, counts nothing"),
                             (70, "2 × Dragon: Scroll card value (35 each)")]
    assert points(s) == [0, 25, 0, 70]


def test_magic_potion_counts_number_cards_only():
    # Gold 7 + Blue 9 = 16; the King (25), the Wizard (50) and the potion itself count nothing
    s = run(game(), hand(ANN, {BOB: ["king", "gold-7", "magic-potion", "wizard", "blue-9"],
                               CID: ["gold-1"],
                               DEE: ["gold-2"]}))
    assert points(s)[BOB] == 16
    assert lines(s, BOB) == [(0, "King: nothing beside the Magic Potion"),
                             (7, "Gold 7: face value"),
                             (0, "Magic Potion: only Number cards count"),
                             (0, "Wizard: nothing beside the Magic Potion"),
                             (9, "Blue 9: face value")]


def test_hidden_treasure_takes_100_off_and_may_go_negative():
    # Dragon 35 + Gold 4 = 39, then -100 = -61
    assert cards_of("dragon", "gold-4", "hidden-treasure") == -61
    s = run(game(), hand(ANN, {BOB: ["dragon", "gold-4", "hidden-treasure"], CID: ["gold-1"],
                               DEE: ["gold-2"]}))
    assert points(s)[BOB] == -61 and s.tally.totals[BOB] == -61
    assert (-100, "Hidden Treasure: -100 to the hand") in lines(s, BOB)


def test_magic_potion_then_hidden_treasure():
    # The potion first: only Gold 7 + Green 3 = 10 count (the King, the Defender and the
    # Dungeon card count nothing); then the treasure: 10 - 100 = -90
    hand_ = ["hidden-treasure", "king", "gold-7", "defender", "magic-potion", "green-3"]
    assert cards_of(*hand_) == -90
    s = run(game(), hand(ANN, {BOB: hand_, CID: ["gold-1"], DEE: ["gold-2"]}))
    assert points(s)[BOB] == -90
    assert lines(s, BOB) == [
        (-100, "Hidden Treasure: -100 to the hand, after the Magic Potion"),
        (0, "King: nothing beside the Magic Potion"),
        (7, "Gold 7: face value"),
        (0, "Defender: nothing beside the Magic Potion"),
        (0, "Magic Potion: only Number cards count"),
        (3, "Green 3: face value"),
    ]


def test_defender_counts_minus_35():
    # Gold 5 - 35 = -30; two Defenders and a King: 25 - 70 = -45
    assert cards_of("gold-5", "defender") == -30
    assert cards_of("defender", "king", "defender") == -45
    s = run(game(), hand(ANN, {BOB: ["defender", "king", "defender"], CID: ["gold-1"],
                               DEE: ["gold-2"]}))
    assert lines(s, BOB) == [(-70, "2 × Defender: -35 each in a hand"),
                             (25, "King: Scroll card value")]


def test_typed_points_are_the_whole_count():
    s = run(game(), hand(ANN, {BOB: ["gold-5"]}, {CID: 37, DEE: 0}))
    assert points(s) == [0, 5, 37, 0]
    assert lines(s, CID) == [(37, "Cards left, counted by the table")]
    assert ENGINE.view(s)["rows"][0]["players"][CID]["typed"]


# --------------------------------------------------------------------------- draw card played last


def test_going_out_with_a_dragon_the_next_player_draws_three_that_count():
    # Ann goes out with a Dragon; Bob (to her left) keeps Gold 2 and draws King, Blue 3, Gold 9:
    # 2 + 25 + 3 + 9 = 39
    s = run(game(), hand(ANN, {BOB: ["gold-2"], CID: ["gold-1"], DEE: ["gold-3"]}, last="dragon",
                         next_draws=["king", "blue-3", "gold-9"]))
    assert points(s) == [0, 39, 1, 3]
    assert lines(s, BOB) == [(2, "Gold 2: face value"),
                             (25, "King (drawn for the Dragon): Scroll card value"),
                             (3, "Blue 3 (drawn for the Dragon): face value"),
                             (9, "Gold 9 (drawn for the Dragon): face value")]
    assert ENGINE.view(s)["rows"][0]["text"] == "Ann went out with the Dragon"


def test_draws_go_to_the_named_next_player_when_play_runs_the_other_way():
    s = run(game(), hand(CID, {ANN: ["gold-1"], BOB: ["gold-2"], DEE: ["gold-3"]},
                         last="wizard", next=BOB,
                         next_draws=["gold-4", "gold-5", "gold-6", "gold-7", "gold-8"]))
    # Bob: 2 + 4 + 5 + 6 + 7 + 8 = 32
    assert points(s) == [1, 32, 0, 3]


def test_stacked_drawbridges_draw_more_and_a_magic_potion_applies_to_drawn_cards():
    s = run(game(), hand(ANN, {BOB: ["magic-potion"], CID: ["gold-1"], DEE: ["gold-3"]},
                         last="drawbridge-gold",
                         next_draws=["king", "gold-4", "drawbridge-blue", "gold-6"]))
    # Bob holds the Magic Potion: only Gold 4 + Gold 6 = 10 of his drawn cards count
    assert points(s)[BOB] == 10


@pytest.mark.parametrize("last, draws, words", [
    ("dragon", ["gold-1", "gold-2"], "draws at least 3 cards"),
    ("wizard", ["gold-1"], "draws at least 5 cards"),
    ("drawbridge-green", [], "draws at least 2 cards"),
    ("dungeon", ["gold-1"], "draws at least 2 cards"),
])
def test_too_few_drawn_cards_are_refused(last, draws, words):
    error = refused(game(), hand(ANN, {BOB: ["gold-9"], CID: ["gold-1"], DEE: ["gold-3"]},
                                 last=last, next_draws=draws), "count-draw-card")
    assert words in error.message and "Bob" in error.message


def test_a_wizard_and_its_extra_card_make_the_next_player_draw():
    # Ann goes out with a Wizard and a Blue 4 as its extra card: the last card is the Blue 4,
    # and Bob draws the Wizard's five: 9 + 1 + 2 + 3 + 4 + 5 = 24
    s = run(game(), hand(ANN, {BOB: ["gold-9"], CID: ["gold-1"], DEE: ["gold-3"]},
                         last="blue-4", next_draws=["gold-1", "gold-2", "gold-3", "gold-4",
                                                    "gold-5"]))
    assert points(s)[BOB] == 24
    assert lines(s, BOB)[1] == (1, "Gold 1 (drawn at the end): face value")


def test_drawn_cards_refusals():
    s = game()
    typed_next = hand(ANN, {CID: ["gold-1"], DEE: ["gold-3"]}, {BOB: 30}, last="dragon",
                      next_draws=["gold-1", "gold-2", "gold-3"])
    assert "typed" in refused(s, typed_next, "count-draw-card").message
    # a typed count already holds the draws: nothing more to enter
    s = run(s, {**typed_next, "next_draws": []})
    assert points(s) == [0, 30, 1, 3]
    refused(game(), typed(None, played=[{"card": "poison-garden", "by": 1}], last="dragon"),
            "count-draw-card")
    refused(game(), hand(ANN, {BOB: ["gold-9"], CID: ["gold-1"], DEE: ["gold-3"]}, next=ANN),
            "count-draw-card")


# --------------------------------------------------------------------------- the Dungeon


def test_a_player_in_the_dungeon_counts_the_dungeon_card():
    # Cid sits in the Dungeon: Gold 6 + the Dungeon's 35 = 41
    s = run(game(), hand(ANN, {BOB: ["gold-2"], CID: ["gold-6"], DEE: ["gold-3"]}, dungeon=CID))
    assert points(s) == [0, 2, 41, 3]
    assert lines(s, CID)[-1] == (35, "Dungeon in front of them, counted as if in the hand")


def test_going_out_with_a_dungeon_the_next_player_draws_two_and_counts_it():
    # Bob draws Gold 1 and Gold 2 and counts the Dungeon: 4 + 1 + 2 + 35 = 42
    s = run(game(), hand(ANN, {BOB: ["gold-4"], CID: ["gold-1"], DEE: ["gold-3"]},
                         last="dungeon", next_draws=["gold-1", "gold-2"]))
    assert points(s) == [0, 42, 1, 3]


def test_both_dungeons_on_the_next_player():
    # Bob already sits in one Dungeon; Ann goes out with the other: Bob draws 1 and counts both:
    # 4 + 7 + 35 + 35 = 81
    s = run(game(), hand(ANN, {BOB: ["gold-4"], CID: ["gold-1"], DEE: ["gold-3"]},
                         dungeon=BOB, last="dungeon", next_draws=["gold-7"]))
    assert points(s) == [0, 81, 1, 3]
    assert lines(s, BOB)[-1] == (70, "2 × Dungeon in front of them, counted as if in the hand")


def test_dungeon_refusals():
    s = game()
    assert "could not go out" in refused(
        s, hand(ANN, {BOB: ["gold-4"], CID: ["gold-1"], DEE: ["gold-3"]}, dungeon=ANN),
        "count-dungeon").message
    refused(s, hand(ANN, {BOB: ["gold-4"], CID: ["gold-1"], DEE: ["gold-3"]}, dungeon=7),
            "count-dungeon")
    # two Dungeons in the game: one in front of Cid, one held by Bob, a third is too many
    error = refused(s, hand(ANN, {BOB: ["dungeon"], CID: ["gold-1"], DEE: ["dungeon"]},
                            dungeon=CID), "copies")
    assert error.message == "This game has 2 copies of the Dungeon, and this hand names 3."


def test_both_dungeons_in_front_of_two_players():
    # Bob and Dee each sit in a Dungeon: +35 each
    s = run(game(), hand(ANN, {BOB: ["gold-4"], CID: ["gold-1"], DEE: ["gold-3"]},
                         dungeon=[DEE, BOB]))
    assert points(s) == [0, 39, 1, 38]
    assert ENGINE.view(s)["rows"][0]["entry"]["dungeon"] == [BOB, DEE]
    refused(game(), hand(ANN, {BOB: ["gold-4"], CID: ["gold-1"], DEE: ["gold-3"]},
                         dungeon=[DEE, BOB], last="dungeon", next_draws=["gold-1"]), "copies")
    refused(game(), hand(ANN, {BOB: ["gold-4"], CID: ["gold-1"], DEE: ["gold-3"]},
                         dungeon=[DEE, "1"]), "count-dungeon")


def test_dungeons_and_magicians_played_as_a_dungeon_in_one_hand():
    # Cid sits in a Dungeon (Gold 1 + 35), Dee behind a Magician played as one (Gold 3 + 50)
    s = run(game(), hand(ANN, {BOB: ["gold-4"], CID: ["gold-1"], DEE: ["gold-3"]}, dungeon=CID,
                         dungeon_magicians=[DEE]))
    assert points(s) == [0, 4, 36, 53]
    # a single Dungeon may be named by its seat alone; the Magicians are always a list of seats
    assert refused(game(), hand(ANN, {BOB: ["gold-4"], CID: ["gold-1"], DEE: ["gold-3"]},
                                dungeon_magicians=DEE), "move-format").message == (
        '"dungeon_magicians" must be a list of the seats a Magician played as a Dungeon lay in '
        'front of.')
    refused(game(), hand(ANN, {BOB: ["gold-4"], CID: ["gold-1"], DEE: ["gold-3"]},
                         dungeon_magicians=[ANN]), "count-dungeon")


@pytest.mark.parametrize("extra, bob", [
    ({"last": "dungeon", "next_draws": ["gold-1", "gold-2"]}, 42),  # 4 + 1 + 2 + 35
    ({"last": "dungeon", "last_magician": True, "next_draws": ["gold-1", "gold-2"]}, 57),  # + 50
    ({"dungeon": BOB}, 39),
])
def test_the_history_counts_a_hand_as_the_sheet_does_without_the_state_after(extra, bob):
    # Without the state after the move, the history line counts the picked cards itself: the
    # Dungeon played last counts in the next player's hand, as the sheet counts it.
    before = game()
    move = hand(ANN, {BOB: ["gold-4"], CID: ["gold-1"], DEE: ["gold-3"]}, **extra)
    after = run(before, move)
    assert points(after)[BOB] == bob
    bare = ENGINE.describe(move, NAMES[:4])
    assert f"; Bob {bob} (" in bare
    assert bare == ENGINE.describe(move, NAMES[:4], before=before, after=after)


def test_magic_potion_in_the_dungeon():
    s = run(game(), hand(ANN, {BOB: ["gold-2"], CID: ["gold-6", "magic-potion"],
                               DEE: ["gold-3"]}, dungeon=CID))
    assert points(s)[CID] == 6


# --------------------------------------------------------------------------- Risk cards, Warlord


def test_dark_knight_on_guard_player_goes_out_takes_minus_100():
    s = run(game(), typed(ANN, played=[{"card": "dark-knight", "by": BOB, "on": ANN}]))
    assert points(s) == [-100, 10, 10, 10]
    assert lines(s, ANN) == [(0, "Went out"),
                             (-100, "Dark Knight played on them by Bob, and they went out")]


def test_dark_knight_on_guard_player_does_not_go_out_its_player_takes_plus_100():
    s = run(game(), typed(ANN, played=[{"card": "dark-knight", "by": BOB, "on": CID}]))
    assert points(s) == [0, 110, 10, 10]
    assert lines(s, BOB)[-1] == (100, "Dark Knight played on Cid, who did not go out")


def test_dark_knight_refusals():
    s = game()
    refused(s, typed(ANN, played=[{"card": "dark-knight", "by": BOB}]), "score-dark-knight")
    refused(s, typed(ANN, played=[{"card": "dark-knight", "by": BOB, "on": BOB}]),
            "score-dark-knight")
    refused(s, typed(ANN, played=[{"card": "dark-knight", "by": BOB, "on": ANN},
                                  {"card": "dark-knight", "by": CID, "on": ANN}]), "copies")
    refused(game(selection="kc"), typed(ANN, played=[{"card": "dark-knight", "by": 1, "on": 0}]),
            "selection")


def test_poison_garden_ends_the_hand_everyone_else_minus_75():
    # Nobody went out: every hand counts, Cid's too; everyone but Cid takes -75
    s = run(game(), hand(None, {ANN: ["gold-5"], BOB: ["king"], CID: ["gold-9"],
                                DEE: ["dragon"]},
                         played=[{"card": "poison-garden", "by": CID}]))
    assert points(s) == [5 - 75, 25 - 75, 9, 35 - 75]
    assert lines(s, ANN)[-1] == (-75, "Poison Garden played by Cid")
    assert ENGINE.view(s)["rows"][0]["ended"] == "poison-garden"
    assert s.dealer == BOB  # the deal passes on as after any hand


def test_poison_garden_refusals():
    s = game()
    refused(s, typed(ANN, played=[{"card": "poison-garden", "by": CID}]), "score-poison-garden")
    refused(s, hand(None, points={ANN: 1, BOB: 2, CID: 3},
                    played=[{"card": "poison-garden", "by": CID}]), "cards-left")
    refused(s, typed(None), "going-out")


def test_castle_fire_voids_the_hand_and_the_same_dealer_deals_again():
    s = game(first_dealer=DEE)
    # King's Goblet by Ann earlier in the hand (-50 to the others), then Castle Fire by Bob (-75
    # to the others); no cards count and the dealer stays Dee
    s = run(s, hand(None, played=[{"card": "kings-goblet", "by": ANN},
                                  {"card": "castle-fire", "by": BOB}]))
    assert points(s) == [-75, -50, -125, -125]
    assert lines(s, CID) == [(0, "Castle Fire threw the hand in: no cards count"),
                             (-50, "King's Goblet played by Ann"),
                             (-75, "Castle Fire played by Bob")]
    assert s.dealer == DEE and ENGINE.view(s)["dealer"] == DEE
    s = run(s, typed(ANN))
    assert s.rows[-1].dealer == DEE and s.dealer == ANN


def test_castle_fire_refusals():
    s = game()
    fire = [{"card": "castle-fire", "by": BOB}]
    refused(s, typed(None, played=fire), "score-castle-fire")
    refused(s, hand(None, played=fire, cut="made"), "score-castle-fire")
    refused(s, hand(None, played=fire, dungeon=1), "score-castle-fire")
    refused(s, hand(ANN, played=fire), "score-castle-fire")
    refused(s, hand(None, played=fire + [{"card": "poison-garden", "by": 0}]), "risk-cards")
    # an empty picker for everyone is fine
    run(s, {"type": "hand", "out": None, "played": fire, "cards": [None, [], None, []],
            "points": [None] * 4})


def test_kings_goblet_everyone_else_minus_50():
    s = run(game(), typed(ANN, played=[{"card": "kings-goblet", "by": DEE}]))
    assert points(s) == [-50, -40, -40, 10]


def test_warlord_plus_50_even_when_its_player_goes_out():
    s = run(game(), typed(ANN, played=[{"card": "warlord", "by": ANN, "on": CID}]))
    assert points(s) == [50, 10, 10, 10]
    assert lines(s, ANN) == [(0, "Went out"), (50, "Played the Warlord on Cid's turn")]
    s = run(game(), typed(ANN, played=[{"card": "warlord", "by": BOB}]))
    assert points(s) == [0, 60, 10, 10]
    refused(game(), typed(ANN, played=[{"card": "warlord", "by": BOB, "on": BOB}]),
            "score-warlord")
    refused(game(selection="kc+kd"), typed(ANN, played=[{"card": "warlord", "by": BOB}]),
            "selection")


def test_played_cards_refusals():
    s = game()
    refused(s, typed(ANN, played=[{"card": "king", "by": BOB}]), "risk-cards")
    for odd in (["kings-goblet"], {"id": "kings-goblet"}, 7, None):  # refused, not a TypeError
        refused(s, typed(ANN, played=[{"card": odd, "by": BOB}]), "risk-cards")
    refused(s, typed(ANN, played=[{"card": "kings-goblet", "by": BOB, "on": CID}]),
            "risk-cards")
    refused(s, typed(ANN, played=[{"card": "kings-goblet", "by": 4}]), "risk-cards")
    refused(s, typed(ANN, played=[{"card": "kings-goblet"}]), "risk-cards")
    refused(s, typed(ANN, played=[{"card": "kings-goblet", "by": 1, "when": 3}]), "move-format")
    refused(s, typed(ANN, played="kings-goblet"), "move-format")
    # a played Risk card is not also in a hand, nor the card someone went out with
    refused(s, hand(ANN, {BOB: ["kings-goblet"], CID: ["gold-1"], DEE: ["gold-2"]},
                    played=[{"card": "kings-goblet", "by": DEE}]), "copies")
    refused(s, typed(ANN, last="kings-goblet"), "risk-cards")


# --------------------------------------------------------------------------- the dealing bonus


@pytest.mark.parametrize("n, bonus", [(2, 25), (3, 25), (4, 50), (6, 50), (8, 50)])
def test_dealing_cut_made_everyone_adds_the_bonus(n, bonus):
    s = run(game(n, first_dealer=1), typed(0, n, each=0, cut="made"))
    assert points(s) == [bonus] * n and cut_bonus(n) == bonus
    assert lines(s, 1)[-1] == (bonus, "Dealing cut made (their own deal)")
    assert lines(s, 0)[-1] == (bonus, "Dealing cut made (Bob's deal)")


@pytest.mark.parametrize("n, bonus", [(2, 25), (3, 25), (4, 50), (5, 50)])
def test_dealing_cut_made_not_dealer_ruling(n, bonus):
    s = run(game(n, first_dealer=1, rulings={"dealing_bonus": "not-dealer"}),
            typed(0, n, each=0, cut="made"))
    assert points(s) == [0 if seat == 1 else bonus for seat in range(n)]


@pytest.mark.parametrize("n, cost", [(2, 25), (3, 25), (4, 50), (7, 50)])
@pytest.mark.parametrize("ruling", ["everyone", "not-dealer"])
def test_dealing_cut_missed_the_dealer_takes_it_off(n, cost, ruling):
    s = run(game(n, first_dealer=n - 1, rulings={"dealing_bonus": ruling}),
            typed(0, n, each=0, cut="missed"))
    assert points(s) == [0] * (n - 1) + [-cost]
    assert lines(s, n - 1)[-1] == (-cost, "Missed the dealing cut as the dealer")


def test_dealing_cut_with_partners_goes_to_each_players_partnership():
    s = game(4, partnerships=[[0, 2], [1, 3]], first_dealer=BOB)
    s = run(s, typed(ANN, each=0, cut="made"))
    assert s.tally.totals == (100, 100)  # 50 for each partner
    s = run(game(4, partnerships=[[0, 2], [1, 3]], first_dealer=BOB,
                 rulings={"dealing_bonus": "not-dealer"}), typed(ANN, each=0, cut="made"))
    assert s.tally.totals == (100, 50)
    s = run(game(4, partnerships=[[0, 2], [1, 3]], first_dealer=BOB), typed(ANN, each=0,
                                                                            cut="missed"))
    assert s.tally.totals == (0, -50)


def test_changing_the_dealing_ruling_rescores_the_sheet():
    s = game(4)
    s = run(s, typed(ANN, cut="made"))  # dealer Ann
    s = run(s, typed(BOB, cut="made"))  # dealer Bob
    # everyone: Ann 0+50 + 10+50 = 110, Bob 10+50 + 0+50 = 110, Cid and Dee 120
    assert s.tally.totals == (110, 110, 120, 120)
    other = ENGINE.with_rulings(s, {"dealing_bonus": "not-dealer"})
    # not-dealer: Ann 0 + 60 = 60, Bob 60 + 0 = 60, Cid and Dee 120
    assert other.tally.totals == (60, 60, 120, 120) and other.rulings["dealing_bonus"] == \
        "not-dealer"
    assert ENGINE.with_rulings(other, {"dealing_bonus": "everyone"}) == s
    with pytest.raises(RuleError):
        ENGINE.with_rulings(s, {"dealing_bonus": "nobody"})


def test_a_bad_cut_is_refused():
    refused(game(), typed(ANN, cut="yes"), "dealing-bonus")
    refused(game(), typed(ANN, cut=True), "dealing-bonus")


# --------------------------------------------------------------------------- dealer


def test_the_dealer_rotates_left():
    s = game(3, first_dealer=2)
    assert s.dealer == 2 and ENGINE.view(s)["players"][2]["dealer"]
    s = run(s, typed(0, 3))
    assert s.rows[-1].dealer == 2 and s.dealer == 0
    s = run(s, typed(0, 3, dealer=0))
    assert s.dealer == 1
    assert refused(s, typed(0, 3, dealer=0), "dealer").message == \
        "Bob deals this hand: the deal passes to the left after every hand."
    s = run(s, {"type": "adjust", "seat": 0, "points": 5, "reason": "x"})
    assert s.dealer == 1  # an adjustment is not a hand


# --------------------------------------------------------------------------- limits, Scroll Bonus


@pytest.mark.parametrize("limit", [500, 750, 1000, 321])
def test_limits_end_the_game_only_over_the_limit(limit):
    s = game(2, limit=limit, carried=[limit - 40, 0])
    s = run(s, hand(BOB, points={ANN: 39}, n=2))  # limit - 1: not over
    assert not s.over and s.tally.totals == (limit - 1, 0)
    s = run(s, hand(BOB, points={ANN: 2}, n=2))  # limit + 1: over
    assert s.over and ENGINE.result(s)["winners"] == [BOB]
    assert ENGINE.result(s)["reason"] == f"Ann went over {limit}; Bob wins with the lowest " \
                                         f"total, 0."


@pytest.mark.parametrize("limit, halved", [(500, 250), (750, 375), (1000, 500), (333, 166)])
def test_scroll_bonus_halves_rounded_down(limit, halved):
    s = game(3, limit=limit, carried=[limit - 30, 0, 0])
    s = run(s, hand(BOB, points={ANN: 30, CID: 2}, n=3))
    # Ann lands exactly on the limit: halved; Bob (0) stays lowest, so the game goes on
    assert s.tally.totals == (halved, 0, 2) and not s.over
    row = ENGINE.view(s)["rows"][-1]
    assert row["sides"][0]["halved"] and row["sides"][0]["after"] == halved
    assert row["events"] == [{"rule": "scroll-bonus",
                              "text": f"Scroll Bonus: Ann landed exactly on {limit} and is "
                                      f"halved to {halved}."}]


def test_scroll_bonus_wins_at_once_when_single_lowest():
    s = game(3, carried=[480, 300, 260])
    # Ann 480 + 20 = 500 -> 250; Bob 300 + 0; Cid 260 + 5 = 265: Ann is the single lowest
    s = run(s, hand(BOB, points={ANN: 20, CID: 5}, n=3))
    assert s.tally.totals == (250, 300, 265) and s.over
    result = ENGINE.result(s)
    assert result == {"winners": [ANN], "sides": [ANN], "names": ["Ann"], "how": "scroll-bonus",
                      "row": 0, "totals": [250, 300, 265],
                      "reason": "Ann landed exactly on 500, was halved to 250 and is the "
                                "single lowest."}
    assert refused(s, typed(ANN, 3), "game-over").message.startswith("The game is over (Ann "
                                                                     "landed exactly")


def test_scroll_bonus_tied_for_lowest_does_not_win():
    s = game(3, carried=[480, 250, 400])
    s = run(s, hand(BOB, points={ANN: 20, CID: 5}, n=3))  # Ann 250 = Bob 250: not single
    assert s.tally.totals == (250, 250, 405) and not s.over


def test_two_totals_land_on_the_limit_in_one_hand():
    s = game(3, carried=[490, 480, 100])
    s = run(s, hand(CID, points={ANN: 10, BOB: 20}, n=3))
    # both land on 500 and are halved to 250; Cid's 100 is lowest, so nobody wins yet
    assert s.tally.totals == (250, 250, 100) and not s.over
    assert s.tally.halved[-1] == ((0, 500), (1, 500))


def test_scroll_bonus_and_over_the_limit_in_one_hand():
    s = game(3, carried=[480, 300, 490])
    # Ann lands on 500 -> 250; Cid goes to 530; Ann is the single lowest: her Scroll Bonus win
    s = run(s, hand(BOB, points={ANN: 20, CID: 40}, n=3))
    assert s.over and ENGINE.result(s)["how"] == "scroll-bonus"


def test_end_of_game_lowest_wins_ties_shared():
    s = game(4, carried=[400, 300, 300, 450])
    s = run(s, hand(ANN, points={BOB: 20, CID: 20, DEE: 60}))
    # Ann 400, Bob 320, Cid 320, Dee 510 > 500: Bob and Cid share the win
    assert s.over and s.tally.totals == (400, 320, 320, 510)
    result = ENGINE.result(s)
    assert result["winners"] == [BOB, CID] and result["names"] == ["Bob", "Cid"]
    assert result["reason"] == "Dee went over 500; Bob and Cid share the win with 320."
    view = ENGINE.view(s)
    assert view["stage"] == "over" and view["dealer"] is None and view["lowest"] == [1, 2]
    assert view["rows"][-1]["events"][-1]["rule"] == "game-end"
    for move in (typed(ANN), {"type": "adjust", "seat": 0, "points": 1, "reason": "x"},
                 {"type": "deal", "first": "gold-5"}):
        refused(s, move, "game-over")


def test_negative_totals_and_the_lowest():
    s = game(2, limit=100)
    s = run(s, hand(ANN, {BOB: ["gold-2"]}, n=2,
                    played=[{"card": "dark-knight", "by": BOB, "on": ANN}]))
    assert s.tally.totals == (-100, 2)
    s = run(s, hand(ANN, points={BOB: 99}, n=2))
    assert s.over and ENGINE.result(s)["reason"] == "Bob went over 100; Ann wins with the " \
                                                    "lowest total, -100."


# --------------------------------------------------------------------------- golden examples


def test_golden_four_players_three_hands():
    """A four-player game to 500 with KC+KD, written out as on a paper sheet."""
    s = game(4, selection="kc+kd", first_dealer=DEE)
    # Hand 1, Dee deals and makes the cut (+50 each, 4 players). Ann goes out.
    #   Bob: King 25 + Gold 7 = 32, +50 = 82
    #   Cid: Magic Potion, Wizard, Blue 4, Green 6 -> Numbers only: 10, +50 = 60
    #   Dee: Defender -35 + Dragon 35 + Purple 8 = 8, +50 = 58
    #   Ann: 0 + 50 = 50
    s = run(s, hand(ANN, {BOB: ["king", "gold-7"],
                          CID: ["magic-potion", "wizard", "blue-4", "green-6"],
                          DEE: ["defender", "dragon", "purple-8"]}, cut="made"))
    assert points(s) == [50, 82, 60, 58] and s.tally.totals == (50, 82, 60, 58)
    # Hand 2, Ann deals, no cut. Cid plays the Dark Knight on Bob (On Guard); Bob goes out with
    # a Dragon, so Cid (to his left) draws 3: Gold 1, Duke, Silver 9.
    #   Bob: 0 - 100 = -100           -> 82 - 100 = -18
    #   Cid: Knight 20 + 1 + 20 + 9 = 50 -> 60 + 50 = 110
    #   Dee: typed 44                   -> 58 + 44 = 102
    #   Ann: Queen's Option 30 + Court Jester 20 = 50 -> 50 + 50 = 100
    s = run(s, hand(BOB, {ANN: ["queens-option-green-blue", "court-jester-gold"],
                          CID: ["knight-blue"]}, {DEE: 44}, last="dragon",
                    next_draws=["gold-1", "duke", "silver-9"],
                    played=[{"card": "dark-knight", "by": CID, "on": BOB}]))
    assert points(s) == [50, -100, 50, 44] and s.tally.totals == (100, -18, 110, 102)
    # Hand 3, Bob deals and misses the cut (-50). Dee plays the Poison Garden: nobody out,
    # every hand counts, everyone but Dee takes -75.
    #   Ann: Royal Decree 50 - 75 = -25  -> 75
    #   Bob: Gold 3 - 75 - 50 = -122       -> -140
    #   Cid: Protector 35 - 75 = -40       -> 70
    #   Dee: Drawbridge 20                 -> 122
    s = run(s, hand(None, {ANN: ["royal-decree"], BOB: ["gold-3"], CID: ["protector"],
                           DEE: ["drawbridge-purple"]}, cut="missed",
                    played=[{"card": "poison-garden", "by": DEE}]))
    assert points(s) == [-25, -122, -40, 20] and s.tally.totals == (75, -140, 70, 122)
    assert s.dealer == CID and not s.over
    view = ENGINE.view(s)
    assert [row["totals"] for row in view["rows"]] == [[50, 82, 60, 58], [100, -18, 110, 102],
                                                      [75, -140, 70, 122]]
    assert [row["dealer"] for row in view["rows"]] == [DEE, ANN, BOB]
    assert view["lowest"] == [BOB] and view["dealer"] == CID and view["hand_number"] == 4


def test_golden_bonus_deck_two_players_to_a_scroll_bonus_win():
    """Two players with the BONUS deck to 200; the second hand ends on a Scroll Bonus."""
    s = game(2, limit=200)
    # Hand 1, Ann deals, cut made (2 players: +25 each). Ann goes out with the Hidden Treasure;
    # she played the Warlord on Bob's turn earlier: +50.
    #   Ann: 0 + 50 + 25 = 75
    #   Bob: Orange 8 + Orange 0 + Fair Maiden 20 + Wizard 50 = 78, + 25 = 103
    s = run(s, hand(ANN, {BOB: ["orange-8", "orange-0", "fair-maiden-orange", "wizard"]}, n=2,
                    last="hidden-treasure", cut="made",
                    played=[{"card": "warlord", "by": ANN, "on": BOB}]))
    assert points(s) == [75, 103]
    # Hand 2, Bob deals. Bob goes out; Ann holds King 25 + Duke 20 + Gold 10 + Dragon 35 +
    # Drawbridge 20 + Queen 25 = 135 and the Hidden Treasure: 135 - 100 = 35 -> 75 + 35 = 110
    s = run(s, hand(BOB, {ANN: ["king", "duke", "gold-10", "dragon", "drawbridge-orange",
                                "queen", "hidden-treasure"]}, n=2))
    assert points(s) == [35, 0] and s.tally.totals == (110, 103)
    # Hand 3, Ann deals. Ann goes out; Bob's hand is typed as 97: 103 + 97 = 200, exactly the
    # limit -> halved to 100, the single lowest (Ann 110): Bob wins at once
    s = run(s, hand(ANN, points={BOB: 97}, n=2))
    assert s.tally.totals == (110, 100) and s.over
    assert ENGINE.result(s)["names"] == ["Bob"] and ENGINE.result(s)["how"] == "scroll-bonus"


# --------------------------------------------------------------------------- corrections


def test_a_correction_recomputes_the_totals_and_keeps_the_original():
    s = game(3)
    s = run(s, typed(ANN, 3, each=40))  # Ann 0, Bob 40, Cid 40
    s = run(s, typed(BOB, 3, each=30))  # Ann 30, Bob 0, Cid 30
    assert s.tally.totals == (30, 40, 70)
    s = run(s, correct(1, typed(CID, 3, each=5)))
    # hand 1 now: Ann 5, Bob 5, Cid 0; with hand 2: Ann 35, Bob 5, Cid 30
    assert s.tally.totals == (35, 5, 30) and s.hands == 2
    view = ENGINE.view(s)
    row = view["rows"][0]
    assert row["corrected"] == 1 and row["out"] == CID
    assert [v["points"] for v in row["versions"]] == [[0, 40, 40], [5, 5, 0]]
    assert row["versions"][0]["entry"]["out"] == ANN
    assert view["rows"][1]["totals"] == [35, 5, 30]
    assert s.dealer == 2 and s.rows[0].dealer == 0  # dealers stay as dealt
    assert ENGINE.describe(correct(1, typed(CID, 3)), s.players) == \
        "Hand 1 corrected: Cid went out; Ann 10 (typed); Bob 10 (typed)"


def test_a_correction_can_end_the_game_and_later_rows_stop_counting():
    s = game(2, limit=100)
    s = run(s, hand(ANN, points={BOB: 60}, n=2))
    s = run(s, hand(BOB, points={ANN: 30}, n=2))
    s = run(s, {"type": "adjust", "seat": ANN, "points": 5, "reason": "late count"})
    assert s.tally.totals == (35, 60) and not s.over
    s = run(s, {"type": "correct", "hand": 1, "out": ANN, "points": [None, 120]})
    # Bob 120 > 100 after hand 1: the game ended there; hand 2 and the adjustment stay on the
    # sheet but no longer count
    assert s.over and s.tally.totals == (0, 120) and s.tally.end == 0
    view = ENGINE.view(s)
    assert [row["counted"] for row in view["rows"]] == [True, False, False]
    assert view["rows"][1]["totals"] is None and "not counted" in \
        view["rows"][1]["events"][-1]["text"]
    assert ENGINE.result(s)["row"] == 0
    # correcting it back lets the game go on
    s = run(s, {"type": "correct", "hand": 1, "out": ANN, "points": [None, 60]})
    assert not s.over and s.tally.totals == (35, 60)
    assert ENGINE.view(s)["rows"][0]["corrected"] == 2


def test_a_correction_can_un_end_a_finished_game():
    s = game(2, limit=100)
    s = run(s, hand(ANN, points={BOB: 150}, n=2))
    assert s.over
    s = run(s, {"type": "correct", "hand": 1, "out": ANN, "points": [None, 15]})
    assert not s.over and ENGINE.result(s) is None
    s = run(s, typed(BOB, 2))
    assert s.tally.totals == (10, 15)


def test_a_correction_can_make_a_scroll_bonus():
    s = game(3, carried=[450, 300, 300])
    s = run(s, hand(BOB, points={ANN: 40, CID: 5}, n=3))
    s = run(s, {"type": "correct", "hand": 1, "out": BOB, "points": [50, None, 5]})
    assert s.tally.totals == (250, 300, 305) and s.over
    assert ENGINE.result(s)["how"] == "scroll-bonus"


def test_correction_refusals():
    s = game()
    assert "No hand" in refused(s, {"type": "correct", "hand": 1, "out": 0}, "correct").message
    s = run(s, typed(ANN))
    refused(s, correct(2, typed(ANN)), "correct")
    refused(s, correct(0, typed(ANN)), "correct")
    refused(s, correct("1", typed(ANN)), "correct")
    refused(s, {**typed(ANN), "type": "correct"}, "correct")
    refused(s, {"type": "correct", "hand": 1, "out": ANN}, "cards-left")
    refused(s, {**correct(1, typed(ANN)), "row": 1}, "move-format")
    refused(s, correct(1, typed(ANN, dealer=1)), "dealer")
    run(s, correct(1, typed(ANN, dealer=0)))


# --------------------------------------------------------------------------- adjustments


def test_adjustments_with_a_reason():
    s = game(4, partnerships=[[0, 2], [1, 3]])
    s = run(s, typed(ANN))
    s = run(s, {"type": "adjust", "seat": CID, "points": -20, "reason": "  Miscounted  hand 1 "})
    s = run(s, {"type": "adjust", "partnership": 1, "points": 15, "reason": "Penalty"})
    assert s.tally.totals == (10 - 20, 20 + 15)
    view = ENGINE.view(s)
    assert [row["kind"] for row in view["rows"]] == ["hand", "adjust", "adjust"]
    adjust = view["rows"][1]
    assert (adjust["seat"], adjust["side"], adjust["points"], adjust["reason"]) == \
        (CID, 0, -20, "Miscounted hand 1")
    assert adjust["text"] == "Adjustment: -20 to Cid: Miscounted hand 1"
    assert view["rows"][2]["text"] == "Adjustment: +15 to Bob & Dee: Penalty"
    assert adjust["totals"] == [-10, 20]
    assert ENGINE.describe({"type": "adjust", "seat": 2, "points": -20, "reason": "x "},
                           ("Ann", "Bob", "Cid", "Dee")) == "Adjustment: -20 to Cid (x)"


def test_an_adjustment_onto_the_limit_takes_the_scroll_bonus():
    s = game(2, carried=[400, 450])
    s = run(s, {"type": "adjust", "seat": ANN, "points": 100, "reason": "agreed"})
    assert s.tally.totals == (250, 450) and s.over
    assert ENGINE.result(s)["how"] == "scroll-bonus"


@pytest.mark.parametrize("move, words", [
    ({"seat": 0, "points": 0, "reason": "x"}, "not 0"),
    ({"seat": 0, "points": 10_001, "reason": "x"}, "at most"),
    ({"seat": 0, "points": "5", "reason": "x"}, "whole number"),
    ({"seat": 0, "points": 5}, "reason"),
    ({"seat": 0, "points": 5, "reason": "   "}, "reason"),
    ({"seat": 0, "points": 5, "reason": "x" * 201}, "longer"),
    # stored as sent, so bounded as sent: a few words padded to megabytes are refused
    ({"seat": 0, "points": 5, "reason": "a" + " " * 1_900_000 + "b"}, "longer"),
    ({"seat": 4, "points": 5, "reason": "x"}, "seat from 0 to 3"),
    ({"points": 5, "reason": "x"}, "either"),
    ({"seat": 1, "partnership": 0, "points": 5, "reason": "x"}, "either"),
    ({"partnership": 0, "points": 5, "reason": "x"}, "no partnerships"),
])
def test_adjustment_refusals(move, words):
    error = refused(game(), {"type": "adjust", **move}, "adjust")
    assert words in error.message
    refused(game(), {"type": "adjust", "seat": 0, "points": 5, "reason": "x", "why": 1},
            "move-format")


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize("move, rule, words", [
    (hand(ANN, {ANN: ["gold-1"], BOB: ["gold-2"], CID: ["gold-3"], DEE: ["gold-4"]}),
     "going-out", "Ann went out"),
    (hand(ANN, {BOB: ["gold-2"], CID: ["gold-3"], DEE: ["gold-4"]}, {ANN: 5}),
     "going-out", "Ann went out"),
    (hand(4, {BOB: ["gold-2"], CID: ["gold-3"], DEE: ["gold-4"]}), "going-out", "seat"),
    (hand(-1, {BOB: ["gold-2"], CID: ["gold-3"], DEE: ["gold-4"]}), "going-out", "seat"),
    (hand(True, {BOB: ["gold-2"], CID: ["gold-3"], DEE: ["gold-4"]}), "going-out", "seat"),
    (hand(ANN, {BOB: ["gold-2"], CID: ["gold-3"]}), "cards-left", "Say what Dee has left"),
    (hand(ANN, {BOB: ["gold-2"], CID: ["gold-3"], DEE: ["gold-4"]}, {DEE: 4}), "cards-left",
     "not both"),
    (hand(ANN, {BOB: ["gold-2"], CID: ["gold-3"], DEE: []}), "cards-left", "did not go out"),
    (hand(ANN, {BOB: ["gold-2"], CID: ["gold-3"]}, {DEE: -5}), "cards-left", "0 to 10,000"),
    (hand(ANN, {BOB: ["gold-2"], CID: ["gold-3"]}, {DEE: 4.5}), "cards-left", "whole"),
    (hand(ANN, {BOB: ["gold-2"], CID: ["gold-3"]}, {DEE: 10_001}), "cards-left", "0 to 10,000"),
    (hand(ANN, {BOB: ["gold-2"], CID: ["gold-3"], DEE: ["joker"]}), "selection",
     "no King's Court card 'joker'"),
    (hand(ANN, {BOB: ["gold-2"], CID: ["gold-3"], DEE: [5]}), "selection", "card 5"),
    (hand(ANN, {BOB: ["gold-2"], CID: ["gold-3"], DEE: "gold-4"}), "move-format", "list"),
    (hand(ANN, {BOB: ["king"] * 3, CID: ["king"], DEE: ["king"]}), "copies",
     "This game has 4 copies of the King, and this hand names 5."),
    (hand(ANN, {BOB: ["wizard"], CID: ["gold-3"], DEE: ["gold-4"]}, last="wizard",
          next=CID, next_draws=["gold-1"] * 5), "copies", "Wizard"),
    ({"type": "hand", "out": 0, "cards": [None, ["gold-1"]]}, "move-format", "one entry for each"),
    ({"type": "hand", "out": 0, "points": {"1": 5}}, "move-format", "one entry for each"),
    ({"type": "hand", "cards": [None, ["gold-1"], ["gold-1"], ["gold-1"]]}, "move-format",
     '"out"'),
    (hand(ANN, {BOB: ["gold-2"], CID: ["gold-3"], DEE: ["gold-4"]}, extra=1), "move-format",
     "'extra'"),
    (hand(ANN, {BOB: ["gold-2"], CID: ["gold-3"], DEE: ["gold-4"]}, next_draws="gold-1"),
     "move-format", "next_draws"),
    ({"type": "score"}, "move-format", '"type"'),
    ({"out": 0}, "move-format", '"type"'),
    (["hand"], "move-format", '"type"'),
    (None, "move-format", '"type"'),
    ({"type": "abandon"}, "play-by-play", "No hand"),
    ({"type": "abandon", "now": True}, "move-format", '"type"'),
])
def test_refusals(move, rule, words):
    error = refused(game(), move, rule)
    assert words in error.message, error.message


def test_cards_outside_the_selection_are_refused():
    error = refused(game(selection="kc"), hand(ANN, {BOB: ["purple-5"], CID: ["gold-3"],
                                                     DEE: ["gold-4"]}), "selection")
    assert error.message == "Bob's hand: the Purple 5 is not in this game's cards (King's " \
                            "Court)."
    s = game(selection="custom", extra=["defender"])
    run(s, hand(ANN, {BOB: ["defender", "defender"], CID: ["gold-3"], DEE: ["gold-4"]}))
    refused(s, hand(ANN, {BOB: ["cannonball"], CID: ["gold-3"], DEE: ["gold-4"]}), "selection")
    refused(s, hand(ANN, {BOB: ["gold-1"], CID: ["gold-3"], DEE: ["gold-4"]}, last="catapult"),
            "selection")


def test_every_copy_may_be_entered():
    s = game(2, selection="kc")
    kings = run(s, hand(ANN, {BOB: ["king"] * 4}, n=2))
    assert points(kings) == [0, 100]


# --------------------------------------------------------------------------- forms


def test_form_names_one_a_line_and_defaults():
    options = ENGINE.options_from_form({"players": " Ann \nBob\n\nCid\n", "limit": ""})
    assert options == {"players": ["Ann", "Bob", "Cid"], "partnerships": None, "limit": 500,
                       "selection": "kc+kd", "rulings": {"dealing_bonus": "everyone"}}
    assert ENGINE.new(options).limit == 500


def test_form_every_field():
    options = ENGINE.options_from_form({
        "player-0": "Ann", "player-1": "Bob", "player-2": "", "player-3": "Cid",
        "player-4": "Dee", "partnerships": "ann & cid; 2+4", "limit": "750",
        "selection": "custom", "extra": "dark-knight, warlord", "extra-defender": "on",
        "extra-siege-tower": "", "first_dealer": "Cid", "carried": "10, -5",
        "ruling-dealing_bonus": "not-dealer"})
    assert options == {
        "players": ["Ann", "Bob", "Cid", "Dee"], "partnerships": [[0, 2], [1, 3]],
        "limit": 750, "selection": "custom", "extra": ["dark-knight", "defender", "warlord"],
        "first_dealer": 2, "carried": [10, -5], "rulings": {"dealing_bonus": "not-dealer"}}
    s = ENGINE.new(options)
    assert s.extra == ("dark-knight", "defender", "warlord") and s.carried == (10, -5)


def test_form_as_the_setup_page_sends_it():
    """Blank player fields close up; the dealer and carried totals follow the player fields."""
    form = {"player-0": "Ann", "player-1": "", "player-2": "Bob", "player-3": "Cid",
            "player-4": "Dee", "player-5": "", "partnerships": "none", "limit": "1000",
            "selection": "kc+kd", "extra-warlord": "1", "extra": "", "first_dealer": "3",
            "carried-0": "10", "carried-2": "", "carried-3": "-4", "carried-4": "7",
            "ruling-dealing_bonus": "everyone"}
    options = ENGINE.options_from_form(form)
    assert options == {"players": ["Ann", "Bob", "Cid", "Dee"], "partnerships": None,
                       "limit": 1000, "selection": "kc+kd", "first_dealer": 2,
                       "carried": [10, 0, -4, 7], "rulings": {"dealing_bonus": "everyone"}}
    with pytest.raises(RuleError) as caught:
        ENGINE.options_from_form({**form, "first_dealer": "1"})
    assert caught.value.rule == "dealer"
    with pytest.raises(RuleError) as caught:
        ENGINE.options_from_form({**form, "carried-5": "3"})
    assert caught.value.rule == "carried" and "Carried total 6" in caught.value.message
    # with partners: one total a partnership, in the first fields
    options = ENGINE.options_from_form({**form, "partnerships": "opposite", "carried-0": "10",
                                        "carried-1": "25", "carried-3": "", "carried-4": ""})
    assert options["partnerships"] == [[0, 2], [1, 3]] and options["carried"] == [10, 25]
    assert ENGINE.new(options).carried == (10, 25)
    with pytest.raises(RuleError) as caught:
        ENGINE.options_from_form({**form, "partnerships": "opposite"})
    assert caught.value.rule == "carried" and "one total a partnership" in caught.value.message


@pytest.mark.parametrize("partnerships, n, teams", [
    ("opposite", 4, [[0, 2], [1, 3]]), ("opposite", 6, [[0, 3], [1, 4], [2, 5]]),
    ("alternate", 6, [[0, 2, 4], [1, 3, 5]]), ("1 & 3 / 2 & 4", 4, [[0, 2], [1, 3]]),
    ("none", 4, None), ("", 4, None),
])
def test_form_partnerships(partnerships, n, teams):
    options = ENGINE.options_from_form({"players": "\n".join(NAMES[:n]),
                                        "partnerships": partnerships, "first_dealer": "1"})
    assert options["partnerships"] == teams and options["first_dealer"] == 1


@pytest.mark.parametrize("change, rule", [
    ({"players": "Ann"}, "players"),
    ({"players": "Ann\nann"}, "players"),
    ({"limit": "five hundred"}, "limit"),
    ({"limit": "-5"}, "limit"),
    ({"limit": "0"}, "limit"),
    ({"selection": "everything"}, "selection"),
    ({"selection": "custom", "extra": "king"}, "selection"),
    ({"selection": "custom", "extra": "joker"}, "selection"),
    ({"partnerships": "Ann & Bob; Cid & Dee"}, "partnerships"),
    ({"partnerships": "Ann & Zed; Bob & Dee"}, "partnerships"),
    ({"partnerships": "opposite", "players": "Ann\nBob\nCid"}, "partnerships"),
    ({"first_dealer": "Zed"}, "dealer"),
    ({"first_dealer": "9"}, "dealer"),
    ({"carried": "10, x, 3, 4"}, "carried"),
    ({"carried": "10, 20"}, "carried"),
    ({"ruling-dealing_bonus": "maybe"}, "ruling-dealing-bonus"),
])
def test_form_refusals(change, rule):
    form = {"players": "Ann\nBob\nCid\nDee", **change}
    with pytest.raises(RuleError) as caught:
        ENGINE.options_from_form(form)
    assert caught.value.rule == rule and caught.value.rule in RULE_IDS


# --------------------------------------------------------------------------- view, describe, replay


def test_view_keys_and_json():
    s = run(game(4, partnerships=[[0, 2], [1, 3]]), typed(ANN, cut="made"))
    view = ENGINE.view(s)
    assert set(view) == {"game", "players", "partnerships", "sides", "limit", "selection",
                         "selection_title", "extra", "cards", "dealing_bonus", "dealer",
                         "hand_number", "rows", "totals", "lowest", "stage", "hand", "outcome",
                         "cut", "rulings", "result"}
    row = view["rows"][0]
    assert set(row) >= {"row", "kind", "number", "counted", "sides", "totals", "events", "out",
                        "ended", "text", "entry", "players", "dealer", "corrected", "versions",
                        "play_by_play"}
    assert set(row["players"][1]) == {"seat", "name", "side", "points", "out", "typed", "cards",
                                      "drawn", "lines"}
    assert set(row["players"][1]["lines"][0]) == {"points", "why", "rule", "card", "count"}
    for player in row["players"]:
        for line in player["lines"]:
            assert line["rule"] in RULE_IDS
    assert json.loads(json.dumps(view)) == view
    assert view["sides"][0]["to_limit"] == 500 - 110  # Ann 0 + 50, Cid 10 + 50


@pytest.mark.parametrize("move, text", [
    (typed(ANN), "Hand scored: Ann went out; Bob 10 (typed); Cid 10 (typed)"),
    (typed(ANN, last="dragon", cut="made",
           played=[{"card": "warlord", "by": 1}]),
     "Hand scored: Ann went out with the Dragon; played: Warlord; Bob 10 (typed); Cid 10 (typed); "
     "dealing cut made"),
    (typed(None, played=[{"card": "poison-garden", "by": 1}]),
     "Hand scored: ended by a Poison Garden; Ann 10 (typed); Bob 10 (typed); Cid 10 (typed)"),
    (hand(None, played=[{"card": "castle-fire", "by": 1}]),
     "Hand scored: thrown in by a Castle Fire"),
    ({"type": "adjust", "partnership": 1, "points": 7, "reason": "Because"},
     "Adjustment: +7 to partnership 2 (Because)"),
    ({"type": "deal", "first": "gold-5", "cut": "missed"},
     "Dealt the hand, to be followed card by card: Gold 5 turned up; dealing cut missed"),
    ({"type": "abandon"}, "Stopped following the hand card by card"),
])
def test_describe(move, text):
    assert ENGINE.describe(move, ("Ann", "Bob", "Cid")) == text


def test_a_hand_s_history_line_names_each_player_s_cards_and_points():
    move = {"type": "hand", "out": 1, "cards": [["gold-7", "king"], None, None, ["wizard"]],
            "points": [None, None, 15, None]}
    assert ENGINE.describe(move, ("Ann", "Bob", "Cid", "Dee")) == \
        "Hand scored: Bob went out; Ann 32 (Gold 7, King); Cid 15 (typed); Dee 50 (Wizard)"
    assert ENGINE.describe({"type": "deal", "first": {"card": "king", "suit": "blue"}},
                           ("Ann", "Bob")) == \
        "Dealt the hand, to be followed card by card: King turned up, blue named"


def test_history_lines_worded_from_the_states_name_the_dealer_and_the_sheet_s_points():
    s = game(3)
    move = typed(ANN, n=3, cut="made")
    after = run(s, move)
    # The sheet's points: the cards typed plus the made cut's bonus, and whose deal it was.
    assert ENGINE.describe(move, s.players, before=s, after=after) == (
        f"Hand scored: Ann went out; Bob {after.rows[0].points[1]} (typed); "
        f"Cid {after.rows[0].points[2]} (typed); Ann's dealing cut made")
    assert after.rows[0].points[1] > 10
    deal = {"type": "deal", "first": "gold-5"}
    assert ENGINE.describe(deal, s.players, before=after).startswith("Bob dealt the hand")


# --------------------------------------------------------------------------- play-by-play


def deal(s: State, first="gold-5", **extra) -> State:
    return run(s, {"type": "deal", "first": first, **extra})


def follow(s: State, turns: int = 1) -> State:
    """The seat to play plays a Number card of the suit in force, ``turns`` times."""
    for _ in range(turns):
        seat = ENGINE.to_move(s)
        suit = arbiter.hand_view(s.hand)["suit"]
        s = run(s, {"type": "play", "seat": seat, "cards": [{"card": f"{suit}-2"}]})
    return s


def sizes(s: State) -> list[int]:
    return ENGINE.view(s)["hand"]["hands"]


def test_play_by_play_a_whole_hand_then_its_score():
    s = game(2, first_dealer=ANN)
    s = deal(s, cut="made")
    view = ENGINE.view(s)
    assert view["stage"] == "playing" and view["hand"]["dealer"] == ANN and view["cut"] == "made"
    assert ENGINE.to_move(s) == BOB  # the player to the dealer's left
    s = follow(s, 13)  # Bob plays his seven cards, Ann six
    ended = arbiter.outcome(s.hand)
    assert ended["out"] == BOB and ended["ended_by"] == "out"
    assert ENGINE.to_move(s) is None and ENGINE.view(s)["stage"] == "score"
    assert ENGINE.view(s)["outcome"] == ended
    assert sizes(s) == [1, 0]
    # the sheet must agree: Bob out, Ann's one card
    refused(s, hand(ANN, {BOB: ["gold-4"]}, n=2), "play-by-play")
    assert refused(s, {"type": "hand", "cards": [["gold-4", "king"], None]},
                   "play-by-play").message == "Ann holds 1 card in the hand followed card by " \
                                              "card, and 2 are picked."
    refused(s, {"type": "deal", "first": "gold-5"}, "play-by-play")
    refused(s, {"type": "play", "seat": ANN, "cards": [{"card": "gold-1"}]}, "play-by-play")
    s = run(s, {"type": "hand", "cards": [["king"], None]})  # "out" and the cut come from play
    # Ann: King 25 + 25 (cut made, two players) = 50; Bob: 0 + 25
    assert points(s) == [50, 25] and s.hand is None
    row = ENGINE.view(s)["rows"][0]
    assert row["play_by_play"] and row["out"] == BOB and row["entry"]["cut"] == "made"
    assert s.dealer == BOB and ENGINE.view(s)["stage"] == "between-hands"


def test_play_by_play_typed_counts_are_fine():
    s = follow(deal(game(3)), 3 * 6 + 1)
    ended = arbiter.outcome(s.hand)
    assert ended["out"] == BOB
    s = run(s, {"type": "hand", "points": [12, None, 30]})
    assert points(s) == [12, 0, 30]


def test_events_need_a_hand_being_followed():
    s = game()
    refused(s, {"type": "play", "seat": 1, "cards": [{"card": "gold-1"}]}, "play-by-play")
    refused(s, {"type": "take", "seat": 1}, "play-by-play")
    s = deal(s)
    refused(s, {"type": "deal", "first": "gold-4"}, "play-by-play")
    refused(s, typed(ANN), "play-by-play")  # the hand is not over yet
    # an illegal play is refused with the arbiter's rule
    error = refused(s, {"type": "play", "seat": BOB, "cards": [{"card": "blue-7"}]},
                    "follow-suit")
    assert error.rule in RULE_IDS
    refused(s, {"type": "play", "seat": CID, "cards": [{"card": "gold-7"}]},
            refused(s, {"type": "play", "seat": CID, "cards": [{"card": "gold-7"}]},
                    "turn-order").rule)
    s = run(s, {"type": "abandon"})
    assert s.hand is None and ENGINE.view(s)["stage"] == "between-hands"
    s = run(s, typed(ANN))
    assert s.hands == 1


def test_a_bad_first_card_is_refused_by_the_arbiter():
    s = game()
    assert refused(s, {"type": "deal", "first": "cannonball"}, "first-shield").rule in RULE_IDS
    refused(s, {"type": "deal"}, "move-format")
    refused(s, {"type": "deal", "first": "gold-5", "cut": "maybe"}, "dealing-bonus")
    refused(s, {"type": "deal", "first": "gold-5", "who": 1}, "move-format")


def test_play_by_play_poison_garden():
    s = deal(game(3, first_dealer=CID), cut="missed")
    s = run(s, {"type": "reveal", "seat": ANN, "card": "poison-garden"})
    s = follow(s, 2)
    s = run(s, {"type": "risk", "seat": ANN, "card": "poison-garden"})
    ended = arbiter.outcome(s.hand)
    assert ended["ended_by"] == "poison-garden" and ended["out"] is None
    refused(s, typed(ANN, 3, cut="missed"), "score-poison-garden")
    refused(s, {"type": "hand", "points": [1, 2, 3], "played": []}, "going-out")
    refused(s, {"type": "hand", "points": [1, 2, 3],
                "played": [{"card": "poison-garden", "by": BOB}]}, "play-by-play")
    s = run(s, {"type": "hand", "points": [1, 2, 3]})
    # Cid dealt and missed: -25 (three players); Bob and Cid take -75
    assert points(s) == [1, 2 - 75, 3 - 75 - 25]
    assert [p["card"] for p in ENGINE.view(s)["rows"][0]["entry"]["played"]] == \
        ["poison-garden"]


def test_play_by_play_castle_fire_and_the_same_dealer():
    s = deal(game(4, first_dealer=BOB), cut="made")
    s = run(s, {"type": "reveal", "seat": DEE, "card": "castle-fire"})
    s = run(s, {"type": "risk", "seat": DEE, "card": "castle-fire"})
    s = run(s, {"type": "hand"})  # the cut is void: only the Risk card counts
    assert points(s) == [-75, -75, -75, 0] and s.dealer == BOB


def test_play_by_play_dark_knight_and_a_dragon_last():
    s = deal(game(2))
    s = run(s, {"type": "reveal", "seat": ANN, "card": "dark-knight"})
    s = follow(s, 11)  # Bob comes down to one card
    assert sizes(s) == [2, 1] and ENGINE.view(s)["hand"]["on_guard"] == [BOB]
    s = run(s, {"type": "risk", "seat": ANN, "card": "dark-knight", "on": BOB})
    s = run(s, {"type": "play", "seat": ANN, "cards": [{"card": "gold-9"}]})
    s = run(s, {"type": "play", "seat": BOB, "cards": [{"card": "dragon", "suit": "blue"}]})
    ended = arbiter.outcome(s.hand)
    assert (ended["out"], ended["last"], ended["next"], ended["next_draws"]) == \
        (BOB, "dragon", ANN, 3)
    assert sizes(s) == [4, 0]
    refused(s, {"type": "hand", "cards": [["gold-1"], None], "next_draws": ["gold-2"]},
            "count-draw-card")
    refused(s, {"type": "hand", "cards": [["gold-1"], None],
                "next_draws": ["gold-2", "gold-3", "gold-4"],
                "played": [{"card": "dark-knight", "by": ANN, "on": ANN}]}, "score-dark-knight")
    s = run(s, {"type": "hand", "cards": [["gold-1"], None],
                "next_draws": ["gold-2", "gold-3", "king"]})
    # Ann: 1 + 2 + 3 + 25 = 31; Bob went out On Guard under the Dark Knight: -100
    assert points(s) == [31, -100]
    assert lines(s, BOB) == [(0, "Went out"),
                             (-100, "Dark Knight played on them by Ann, and they went out")]


def test_play_by_play_going_out_with_a_dungeon():
    s = deal(game(2))
    s = follow(s, 12)
    assert sizes(s) == [1, 1]
    s = run(s, {"type": "play", "seat": BOB, "cards": [{"card": "dungeon"}]})
    ended = arbiter.outcome(s.hand)
    assert ended["next_draws"] == 2 and ended["dungeons"] == [{"seat": ANN, "cards": 1,
                                                               "magicians": 0}]
    s = run(s, {"type": "hand", "cards": [["gold-5"], None], "next_draws": ["gold-1", "gold-2"]})
    # Ann: 5 + 1 + 2 + the Dungeon's 35 = 43
    assert points(s) == [43, 0]
    assert ENGINE.view(s)["rows"][0]["entry"]["dungeon"] == []


def test_play_by_play_a_magician_as_a_dungeon_counts_as_the_magician():
    """Ruling: a Magician is one physical card whatever it was played as (50 in a hand)."""
    s = deal(game(2))
    s = follow(s, 10)
    assert sizes(s) == [2, 2]
    s = run(s, {"type": "play", "seat": BOB, "cards": [{"card": "magician", "as": "dungeon"}]})
    s = run(s, {"type": "take", "seat": ANN})
    s = follow(s)  # Bob goes out; the Magician still lies in front of Ann as a Dungeon
    assert arbiter.outcome(s.hand)["dungeons"] == [{"seat": ANN, "cards": 1, "magicians": 1}]
    s = run(s, {"type": "hand", "cards": [["dungeon", "dungeon", "gold-1"], None]})
    assert lines(s, ANN) == [(70, "2 × Dungeon: Scroll card value (35 each)"),
                             (1, "Gold 1: face value"),
                             (50, ("Magician (played as a Dungeon) in front of them, counted "
                                   "as if in the hand"))]
    entry = ENGINE.view(s)["rows"][0]["entry"]
    assert entry["dungeon"] == [] and entry["dungeon_magicians"] == [ANN]


def test_play_by_play_going_out_with_a_magician_as_a_dragon():
    s = deal(game(2))
    s = follow(s, 12)
    s = run(s, {"type": "play", "seat": BOB,
                "cards": [{"card": "magician", "as": "dragon", "suit": "blue"}]})
    ended = arbiter.outcome(s.hand)
    assert (ended["last"], ended["last_card"], ended["next_draws"]) == ("dragon", "magician", 3)
    s = run(s, {"type": "hand", "cards": [["dragon"], None],
                "next_draws": ["dragon", "dragon", "dragon"]})  # all four real Dragons
    assert points(s) == [140, 0]
    assert ENGINE.view(s)["rows"][0]["entry"]["last_magician"] is True


def test_the_sheet_counts_magicians_as_magicians():
    s = game(4, selection="kc")
    four = {BOB: ["dragon"] * 3, CID: ["dungeon", "dungeon", "magician"], DEE: ["gold-4"]}
    refused(s, hand(ANN, four, last="dragon", next=BOB, next_draws=["dragon", "dragon", "gold-1"]),
            "copies")  # 3 + 2 drawn + the last one: 6 Dragons
    refused(s, hand(ANN, four, last="dragon", last_magician=True, next=BOB,
                    next_draws=["gold-1", "gold-2", "gold-3"]), "copies")  # a second Magician
    ok = run(s, hand(ANN, {BOB: ["dragon"] * 3, CID: ["dungeon", "dungeon"], DEE: ["gold-4"]},
                     last="dragon",
                     last_magician=True, next=BOB, next_draws=["dragon", "gold-1", "gold-2"]))
    assert points(ok)[BOB] == 4 * 35 + 3
    inside = run(s, hand(ANN, {BOB: ["gold-1"], CID: ["dungeon", "dungeon"], DEE: ["gold-2"]},
                         dungeon_magicians=[DEE]))
    assert points(inside)[DEE] == 2 + 50
    refused(s, hand(ANN, {BOB: ["gold-1"], CID: ["dungeon", "magician"], DEE: ["gold-2"]},
                    dungeon_magicians=[DEE]), "copies")
    refused(s, hand(ANN, {BOB: ["gold-1"], CID: ["gold-3"], DEE: ["gold-2"]},
                    dungeon_magicians=[ANN]), "count-dungeon")
    refused(s, hand(ANN, {BOB: ["gold-1"], CID: ["gold-3"], DEE: ["gold-2"]},
                    last_magician=True), "count-draw-card")


def test_describe_events_and_to_move():
    names = ("Ann", "Bob")
    assert ENGINE.describe({"type": "play", "seat": 1, "cards": [{"card": "king",
                                                                 "suit": "blue"}]}, names) == \
        "Bob played King (blue)"
    assert ENGINE.describe({"type": "risk", "seat": 0, "card": "poison-garden"}, names) == \
        "Ann played the Poison Garden"


def test_ask_the_arbiter_from_the_sheet():
    s = game(4, selection="kc")
    answer = ENGINE.ask(s, {"situation": {"top": "gold-5", "suit": "gold"},
                            "play": [{"card": "blue-5"}]})
    assert answer["allowed"] and answer["after"]["players"] == 4
    answer = ENGINE.ask(s, {"situation": {"top": "gold-5", "suit": "gold"},
                            "play": [{"card": "purple-5"}]})
    assert not answer["allowed"] and answer["rule"] in RULE_IDS
    assert answer["title"] == next(entry.title for entry in RULES if entry.id == answer["rule"])
    for question in (None, {"situation": 1}, {"situation": {}, "play": [], "x": 1}):
        with pytest.raises(RuleError) as caught:
            ENGINE.ask(s, question)
        assert caught.value.rule == "judge" and caught.value.rule in RULE_IDS
