"""Majesty engine: catalogue, setup, every location on both sides, attacks, heals, the deck,
refusals, positions, final scoring, chips, the view and replay."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest
import rules_checks

from companion.engine import RuleError, replay, step
from companion.games.majesty import CHARACTERS, ENGINE, KIND_BY_ID, KINDS, LOCATIONS, physical_cards
from companion.games.majesty import chips as C
from companion.games.majesty.rules_page import RULE_IDS, RULES
from companion.games.majesty.scoring import final_scoring, ranking
from companion.games.majesty.simulate import build_deck, random_game, random_options
from companion.games.majesty.state import State

ANN, BOB, CID, DEE = 0, 1, 2, 3
NAMES = ["Ann", "Bob", "Cid", "Dee"]
DISPLAY = ["miller", "brewer", "witch", "guard", "knight", "noble"]
FILLERS = ["knight-innkeeper", "brewer-witch", "witch-guard", "miller-brewer", "miller-knight",
           "innkeeper-noble", "guard-knight", "knight-innkeeper", "brewer-witch", "witch-guard",
           "miller-brewer", "innkeeper-noble"]


# --------------------------------------------------------------------------- helpers


def game(n: int = 2, display=DISPLAY, *, sides="A", deck="standard", first: int = 0) -> State:
    return ENGINE.new({"players": NAMES[:n], "first": first, "sides": sides, "deck": deck,
                       "display": list(display)})


def at(realms, *, infirmaries=None, meeples=None, points=None, display=DISPLAY, dm=None,
       turn=ANN, first=None, sides="A", deck="shuffled", chips=None, pad=True) -> State:
    """A game started from a position. With ``pad``, players get filler cards at the bottom of
    their Infirmary until the realm sizes follow the turn order (fillers never count for
    abilities; a test at the Cottage or Castle B keeps the mover's realm the largest)."""
    n = len(realms)
    first = turn if first is None else first
    infirmaries = [list(p) for p in (infirmaries or [[] for _ in range(n)])]
    order = [(first + i) % n for i in range(n)]

    def size(p):
        return sum(len(v) if isinstance(v, list) else sum(v.values())
                   for v in realms[p].values()) + len(infirmaries[p])

    if pad:
        ahead = order[:order.index(turn)]
        target = max(size(p) - (1 if p in ahead else 0) for p in range(n))
        fill = iter(FILLERS)
        for seat in order:
            want = target + 1 if seat in ahead else target
            while size(seat) < want:
                infirmaries[seat].insert(0, next(fill))
    players = []
    for p in range(n):
        row = {"realm": realms[p], "infirmary": infirmaries[p],
               "meeples": (meeples or [5] * n)[p], "points": (points or [0] * n)[p]}
        if chips is not None:
            row["chips"] = chips[p]
        players.append(row)
    return ENGINE.new({"players": NAMES[:n], "first": first, "sides": sides, "deck": deck,
                       "position": {"players": players, "display": list(display),
                                    "display_meeples": list(dm or [0] * len(display)),
                                    "turn": turn}})


def take(slot: int = 0, new: str | None = "miller", **extra) -> dict:
    """A turn; ``as_`` stands for the "as" field."""
    move = {"type": "take", "slot": slot, **extra}
    if "as_" in move:
        move["as"] = move.pop("as_")
    if new is not None:
        move["new_card"] = new
    return move


def run(state: State, move: dict) -> State:
    return rules_checks.run(ENGINE, state, move, check_chips)


def refused(state: State, move, rule: str) -> RuleError:
    return rules_checks.refused(ENGINE, state, move, rule, RULE_IDS)


def check_chips(s: State) -> None:
    n = len(s.players)
    for p in range(n):
        assert C.value(s.chips[p]) + s.owed[p] == s.points[p]
    assert tuple(s.supply_chips[i] + sum(s.chips[p][i] for p in range(n))
                 for i in range(5)) == C.BOX
    assert s.supply_meeples + sum(s.meeples) + sum(s.display_meeples) == 30


def lines(state: State, seat: int) -> list[tuple[int, str]]:
    view = ENGINE.view(state)["last_turn"]
    row = next(r for r in view["players"] if r["seat"] == seat)
    return [(line["points"], line["why"]) for line in row["lines"]]


def gain(before: State, after: State, seat: int = ANN) -> int:
    return after.points[seat] - before.points[seat]


# --------------------------------------------------------------------------- catalogue


def test_catalogue_has_60_cards_in_19_kinds():
    assert len(KINDS) == 19 and sum(k.copies for k in KINDS) == 60
    assert sum(k.tier1 for k in KINDS) == 33 and sum(k.tier2 for k in KINDS) == 27
    singles = {k.id: (k.tier1, k.tier2) for k in KINDS if not k.split}
    assert singles == {"miller": (7, 2), "brewer": (4, 2), "witch": (3, 2), "guard": (3, 2),
                       "knight": (2, 1), "innkeeper": (2, 2), "noble": (3, 2)}
    splits = [k for k in KINDS if k.split]
    assert len(splits) == 12
    assert {k.id for k in splits} == {
        "miller-brewer", "miller-knight", "brewer-witch", "brewer-knight", "witch-guard",
        "witch-innkeeper", "witch-noble", "guard-knight", "guard-innkeeper", "guard-noble",
        "knight-innkeeper", "innkeeper-noble"}
    assert sum(k.tier1 for k in splits) == 9 and sum(k.tier2 for k in splits) == 14
    assert KIND_BY_ID["brewer-witch"].name == "Brewer/Witch"
    assert KIND_BY_ID["brewer-witch"].colours == ("brown", "green")
    assert [c.colour for c in CHARACTERS] == ["orange", "brown", "green", "blue", "red",
                                              "yellow", "violet"]
    cards = physical_cards()
    assert len(cards) == 60 == len(set(cards))
    assert cards[0] == ("miller", 1, 1) and cards[6] == ("miller", 1, 7)
    assert cards[33] == ("miller", 2, 1) and cards[-1] == ("innkeeper-noble", 2, 1)
    assert sum(1 for _, tier, _ in cards if tier == 1) == 33
    assert physical_cards() == cards


def test_locations_and_majority_values():
    assert [loc.id for loc in LOCATIONS] == ["mill", "brewery", "cottage", "guardhouse",
                                             "barracks", "inn", "castle", "infirmary"]
    assert [loc.a.majority for loc in LOCATIONS[:7]] == [10, 11, 12, 13, 14, 15, 16]
    assert [loc.b.majority for loc in LOCATIONS] == [14, 12, 12, 8, 8, 12, 16, -10]
    for loc in LOCATIONS:
        assert loc.a.text.endswith(".") and loc.b.text.endswith(".")


def test_engine_protocol_attributes():
    assert (ENGINE.name, ENGINE.title, ENGINE.min_players, ENGINE.max_players) == \
        ("majesty", "Majesty: For the Realm", 2, 4)
    assert ENGINE.rulings == ()


# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize("n, size, on_top, supply", [(2, 33, 0, 20), (3, 41, 8, 15),
                                                      (4, 53, 20, 10)])
def test_standard_deck_sizes(n, size, on_top, supply):
    s = game(n)
    assert s.deck.count == size - 6 and s.deck.top == on_top and s.deck.bottom == 27
    view = ENGINE.view(s)
    assert view["deck"]["size"] == size and view["deck"]["count"] == size - 6
    assert view["deck"]["tier1_on_top"] == on_top
    assert s.meeples == (5,) * n and s.supply_meeples == supply
    assert s.points == (0,) * n and s.supply_chips == C.BOX
    assert ENGINE.to_move(s) == 0 and ENGINE.result(s) is None


def test_shuffled_variant_uses_all_60():
    s = game(4, deck="shuffled")
    assert s.deck.count == 54 and s.deck.bottom == 0
    view = ENGINE.view(s)["deck"]
    assert view["size"] == 60 and view["tier1_on_top"] == 0
    assert view["parts"][0]["exact"] and sum(view["parts"][0]["kinds"].values()) == 54


def test_first_player_holds_the_knight_card():
    s = game(3, first=2)
    assert s.turn == CID and s.first == CID
    assert ENGINE.view(s)["players"][2]["first"] is True


def test_sides_mixed_and_lowercase():
    sides = {"mill": "a", "brewery": "B", "cottage": "A", "guardhouse": "B", "barracks": "A",
             "inn": "B", "castle": "B", "infirmary": "A"}
    s = game(sides=sides)
    assert s.sides == ("A", "B", "A", "B", "A", "B", "B", "A")
    assert game(sides="b").sides == ("B",) * 8
    view = ENGINE.view(s)
    assert view["sides"]["castle"] == "B" and view["locations"][6]["rule"] == "castle-b"


@pytest.mark.parametrize("options, rule, words", [
    ({"first": 0, "display": DISPLAY}, "players", "'players'"),
    ({"players": ["Ann"], "first": 0, "display": DISPLAY}, "players", "two to four"),
    ({"players": NAMES + ["Eve"], "first": 0, "display": DISPLAY}, "players", "two to four"),
    ({"players": ["Ann", " "], "first": 0, "display": DISPLAY}, "players", "name"),
    ({"players": ["Ann", "ann "], "first": 0, "display": DISPLAY}, "players", "different"),
    ({"players": ["Ann", "B" * 31], "first": 0, "display": DISPLAY}, "players", "30"),
    ({"players": ["Ann", "Bob"], "display": DISPLAY}, "worker-cards", "'first'"),
    ({"players": ["Ann", "Bob"], "first": 2, "display": DISPLAY}, "worker-cards", "knight"),
    ({"players": ["Ann", "Bob"], "first": True, "display": DISPLAY}, "worker-cards", "knight"),
    ({"players": ["Ann", "Bob"], "first": 0, "display": DISPLAY, "sides": "C"}, "sides", "'A'"),
    ({"players": ["Ann", "Bob"], "first": 0, "display": DISPLAY, "sides": {"mill": "A"}},
     "sides", "Brewery"),
    ({"players": ["Ann", "Bob"], "first": 0, "display": DISPLAY, "sides": {"moat": "A"}},
     "sides", "moat"),
    ({"players": ["Ann", "Bob"], "first": 0, "display": DISPLAY, "deck": "mixed"}, "deck",
     "shuffled"),
    ({"players": ["Ann", "Bob"], "first": 0}, "setup", "'display'"),
    ({"players": ["Ann", "Bob"], "first": 0, "display": DISPLAY[:5]}, "setup", "six"),
    ({"players": ["Ann", "Bob"], "first": 0, "display": DISPLAY[:5] + ["queen"]}, "setup",
     "queen"),
    ({"players": ["Ann", "Bob"], "first": 0, "display": DISPLAY, "colour": 1}, "setup",
     "colour"),
    ({"players": ["Ann", "Bob"], "first": 0, "display": DISPLAY, "rulings": {"x": 1}},
     "rulings", "'x'"),
    ({"players": ["Ann", "Bob"], "first": 0, "display": DISPLAY, "rulings": [1]}, "rulings",
     "rulings"),
    ({"players": ["Ann", "Bob"], "first": 0, "display": ["knight"] * 3 + DISPLAY[:3]}, "deck",
     "which holds only 2 Knight cards, yet there are 3 in the display."),
    ({"players": ["Ann", "Bob"], "first": 0, "display": ["brewer-knight"] + DISPLAY[:5]},
     "deck", "which holds no Brewer/Knight card, yet there is 1 in the display."),
    ({"players": ["Ann", "Bob"], "first": 0, "deck": "shuffled",
      "display": ["knight"] * 4 + DISPLAY[:2]}, "deck", "only 3"),
])
def test_bad_options_are_refused(options, rule, words):
    with pytest.raises(RuleError) as caught:
        ENGINE.new(options)
    assert caught.value.rule == rule and words in caught.value.message, caught.value.message
    assert caught.value.rule in RULE_IDS


def test_the_shuffled_deck_allows_any_tier_in_the_display():
    s = game(deck="shuffled", display=["knight"] * 3 + ["brewer-knight"] + DISPLAY[:2])
    assert s.deck.count == 54


# --------------------------------------------------------------------------- the setup form


def test_form_normal_start():
    options = ENGINE.options_from_form({
        "player-0": " Ann ", "player-1": "Bob", "player-2": "", "player-3": "  ",
        "first": "1", "sides": "b", "deck": "shuffled",
        **{f"display-{i}": kind for i, kind in enumerate(DISPLAY)}})
    assert options == {"players": ["Ann", "Bob"], "first": 1, "sides": "B",
                       "deck": "shuffled", "display": DISPLAY}
    assert ENGINE.new(options).turn == BOB


def test_form_mixed_sides_and_a_gap_in_the_seats():
    form = {"player-0": "Ann", "player-2": "Cid", "player-3": "Dee", "first": "2",
            "sides": "mixed", **{f"side-{loc.id}": "A" for loc in LOCATIONS},
            **{f"display-{i}": kind for i, kind in enumerate(DISPLAY)}}
    form["side-inn"] = "b"
    options = ENGINE.options_from_form(form)
    assert options["players"] == ["Ann", "Cid", "Dee"] and options["first"] == 1
    assert options["sides"]["inn"] == "B" and options["deck"] == "standard"


@pytest.mark.parametrize("change, rule", [
    ({"first": "3"}, "worker-cards"),
    ({"first": "x"}, "worker-cards"),
    ({"first": ""}, "worker-cards"),
    ({"sides": "C"}, "sides"),
    ({"sides": "mixed"}, "sides"),
    ({"deck": "big"}, "deck"),
    ({"display-3": ""}, "setup"),
    ({"display-3": "queen"}, "setup"),
    ({"player-1": "ann"}, "players"),
    ({"player-1": ""}, "worker-cards"),
])
def test_form_refusals(change, rule):
    form = {"player-0": "Ann", "player-1": "Bob", "first": "1", "sides": "A",
            "deck": "standard", **{f"display-{i}": kind for i, kind in enumerate(DISPLAY)}}
    form.update(change)
    with pytest.raises(RuleError) as caught:
        ENGINE.options_from_form(form)
    assert caught.value.rule == rule


# --------------------------------------------------------------------------- the seed's examples


def test_seed_example_millers_and_a_witch():
    s = game(display=["miller", "guard", "miller", "brewer", "witch", "noble"])
    s = run(s, take(0, "noble"))  # Ann: a Miller, 2 points
    assert s.points == (2, 0) and lines(s, ANN) == [(2, "2 per Miller")]
    s = run(s, take(0, "guard"))  # Bob takes the Guard
    s = run(s, take(0, "knight"))  # Ann: another Miller, 2 per Miller = 4
    assert s.points[ANN] == 6
    assert ENGINE.view(s)["last_turn"]["players"][0]["lines"][0]["count"] == 2
    s = run(s, take(0, "noble"))  # Bob's Brewer: 2 to everyone with a Miller, Ann included
    assert lines(s, ANN) == [(2, "2 to everyone with a Miller")] and s.points[ANN] == 8
    assert ENGINE.view(s)["display"][0]["card"] == "witch"
    before = s
    s = run(s, take(0, "miller"))  # Ann: a Witch at the Cottage, 2 per Miller, Brewer, Witch
    assert gain(before, s) == 6 and lines(s, ANN) == [(6, "2 per Miller, Brewer and Witch")]


def test_seed_example_paying_meeples_and_taking_them_back():
    s = at([{}, {}], display=["witch", "miller", "noble", "knight", "guard", "brewer"],
           meeples=[2, 5])
    e = refused(s, take(3, "miller"), "meeple-cost")
    assert e.message == ("The card in slot 3 costs 3 meeples, one on each card in front of it, "
                         "and Ann holds 2.")
    s = run(s, take(2, "miller"))  # the Noble: one meeple on the Witch, one on the Miller
    assert s.meeples[ANN] == 0 + 1 and s.display_meeples == (1, 1, 0, 0, 0, 0)  # Castle: +1
    assert ENGINE.view(s)["display"][1] == {
        "slot": 1, "card": "miller", "name": "Miller", "characters": ["miller"], "meeples": 1,
        "cost": 1, "affordable": True, "turned_up": 0, "setup_slot": 1, "correctable": False, "could_be": []}
    s = run(s, take(1, "noble"))  # Bob pays one meeple and takes the Miller's one
    assert s.meeples[BOB] == 5 and s.points[BOB] == 2
    assert s.supply_meeples == 30 - 2 - 5 - 1 and s.display_meeples == (2, 0, 0, 0, 0, 0)


def test_seed_example_a_miller_with_two_meeples_on_a_nearly_full_worker_card():
    s = at([{}, {}], display=["miller"] + DISPLAY[1:], dm=[2, 0, 0, 0, 0, 0], meeples=[4, 5])
    after = run(s, take(0, "noble"))
    assert after.meeples[ANN] == 5 and after.points[ANN] == 2 + 1
    assert after.supply_meeples == s.supply_meeples + 1


def test_seed_example_healing_a_brewer_scores_eight():
    s = at([{"brewery": ["brewer"], "cottage": ["witch"]}, {}], infirmaries=[["brewer"], []],
           display=["witch"] + DISPLAY[1:])
    after = run(s, take(0))
    assert ENGINE.view(after)["players"][0]["realm"]["brewery"] == ["brewer", "brewer"]
    assert after.infirmaries[ANN] == ()
    assert gain(s, after) == 8  # two Brewers and two Witches
    heal = ENGINE.view(after)["last_turn"]["heal"]
    assert heal["card"] == "brewer" and heal["to"] == "brewery"


def test_seed_example_attack_fails_against_two_guards():
    s = at([{}, {"guardhouse": ["guard", "guard"], "mill": ["miller"]}],
           display=["knight"] + DISPLAY[1:])
    after = run(s, take(0))
    attack = ENGINE.view(after)["last_turn"]["attacks"][0]
    assert (attack["knights"], attack["guards"], attack["succeeded"]) == (1, 2, False)
    assert after.realms[BOB] == s.realms[BOB] and gain(s, after) == 3


def test_seed_example_attack_succeeds_with_three_knights():
    s = at([{"barracks": ["knight", "guard-knight"]},
            {"guardhouse": ["guard", "guard"], "brewery": ["brewer"]}],
           display=["knight"] + DISPLAY[1:])
    after = run(s, take(0))
    attack = ENGINE.view(after)["last_turn"]["attacks"][0]
    assert (attack["knights"], attack["guards"], attack["succeeded"]) == (3, 2, True)
    assert attack["victim"] == {"card": "brewer", "as": "brewer", "from": "brewery"}
    assert after.realms[BOB][1] == () and after.infirmaries[BOB][-1] == (1, 1)
    assert after.realm_size(BOB) == s.realm_size(BOB)  # still part of the realm
    assert gain(s, after) == 9


def test_seed_example_final_variety_and_the_mill():
    six = [("miller",) * 3, ("brewer",) * 2, ("witch",) * 2, ("guard",) * 2, ("knight",) * 2,
           ("innkeeper",), ()]
    four = [("miller",) * 2, ("brewer",) * 4, ("witch",) * 3, ("guard",) * 3, (), (), ()]
    idx = lambda realm: tuple(tuple(KINDS.index(KIND_BY_ID[k]) for k in loc)  # noqa: E731
                              for loc in realm)
    rows, after = final_scoring(("A",) * 8, (idx(six), idx(four)), ((), ((0, 0), (1, 1))),
                                (0, 0))
    assert rows[0][4] == 36 and rows[1][4] == 16
    assert rows[0][5][0] == (0, 3, 10)  # the most Millers: the Mill's 10
    assert (rows[1][0], rows[1][1], rows[1][2]) == (2, -2, 0)  # two in the Infirmary: -2
    assert after[1] == -2 + 16 + 11 + 12 + 13  # Brewery, Cottage, Guardhouse majorities
    assert after[0] == 36 + 10 + 14 + 15  # Mill, Barracks, Inn


# --------------------------------------------------------------------------- locations, side A


def test_mill_a():
    s = at([{"mill": ["miller"]}, {"mill": ["miller"]}])
    after = run(s, take(0))
    assert gain(s, after) == 4 and gain(s, after, BOB) == 0


def test_brewery_a_points_meeples_and_millers_everywhere():
    s = at([{"brewery": ["brewer"], "mill": ["miller"]}, {"mill": ["miller-brewer"]}],
           meeples=[3, 5])
    after = run(s, take(1))
    assert gain(s, after) == 4 + 2 and gain(s, after, BOB) == 2
    assert after.meeples[ANN] == 3 - 1 + 2
    assert lines(after, ANN) == [(4, "2 points and 1 meeple per Brewer"),
                                 (2, "2 to everyone with a Miller")]
    assert lines(after, BOB) == [(2, "2 to everyone with a Miller")]
    row = ENGINE.view(after)["last_turn"]["players"][0]
    assert row["meeples"] == 2 and row["lines"][0]["rule"] == "brewery-a"


def test_cottage_a():
    s = at([{"mill": ["miller"], "brewery": ["brewer"]}, {}], display=["witch"] + DISPLAY[1:])
    after = run(s, take(0))
    assert gain(s, after) == 6


def test_guardhouse_a():
    s = at([{"guardhouse": ["guard"], "barracks": ["knight"], "inn": ["innkeeper"]}, {}],
           display=["guard"] + DISPLAY[1:])
    assert gain(s, run(s, take(0))) == 8


def test_barracks_a():
    s = at([{"barracks": ["knight"]}, {"guardhouse": ["guard"], "mill": ["miller"]}],
           display=["knight"] + DISPLAY[1:])
    after = run(s, take(0))
    assert gain(s, after) == 6 and after.infirmaries[BOB][-1][0] == 0


def test_inn_a_innkeepers_and_brewers_everywhere():
    s = at([{"inn": ["innkeeper"], "brewery": ["brewer"]}, {"brewery": ["brewer"]}],
           display=["innkeeper"] + DISPLAY[1:])
    after = run(s, take(0))
    assert gain(s, after) == 8 + 3 and gain(s, after, BOB) == 3


def test_castle_a_points_and_meeples():
    s = at([{"castle": ["noble"]}, {}], display=["noble"] + DISPLAY[1:], meeples=[4, 5])
    after = run(s, take(0))
    assert gain(s, after) == 10 + 1  # two Nobles, and the sixth meeple returned
    assert after.meeples[ANN] == 5


# --------------------------------------------------------------------------- locations, side B


def test_mill_b_witches_everywhere():
    s = at([{"mill": ["miller"], "cottage": ["witch"]}, {"cottage": ["brewer-witch"]}],
           sides="B")
    after = run(s, take(0))
    assert gain(s, after) == 4 + 3 and gain(s, after, BOB) == 3
    assert lines(after, BOB) == [(3, "3 to everyone with a Witch")]


def test_brewery_b_meeples_and_the_innkeeper_noble_bonus():
    realm = {"mill": ["miller", "miller"], "inn": ["innkeeper"], "castle": ["noble"]}
    s = at([realm, {}], sides="B", display=["brewer"] + DISPLAY[1:], meeples=[1, 5])
    after = run(s, take(0))
    assert gain(s, after) == 10 and after.meeples[ANN] == 1 + 3
    s = at([{**realm, "castle": []}, {"castle": ["noble"]}], sides="B",
           display=["brewer"] + DISPLAY[1:], meeples=[1, 5])
    after = run(s, take(0))
    assert gain(s, after) == 0 and gain(s, after, BOB) == 0  # only your own characters count
    assert lines(after, ANN)[-1] == (0, "10 for an Innkeeper and a Noble: not met")


def test_cottage_b():
    s = at([{"cottage": ["witch"]}, {}], sides="B", display=["witch"] + DISPLAY[1:])
    assert gain(s, run(s, take(0))) == 6


def test_guardhouse_b_and_innkeepers_everywhere():
    s = at([{"brewery": ["brewer"], "cottage": ["witch"]}, {"inn": ["innkeeper"]}], sides="B",
           display=["guard"] + DISPLAY[1:])
    after = run(s, take(0))
    assert gain(s, after) == 6 and gain(s, after, BOB) == 3


def test_barracks_b():
    s = at([{"inn": ["innkeeper"], "castle": ["noble"]}, {"guardhouse": ["guard"]}], sides="B",
           display=["knight"] + DISPLAY[1:])
    after = run(s, take(0))
    assert gain(s, after) == 9
    assert not ENGINE.view(after)["last_turn"]["attacks"][0]["succeeded"]


def test_inn_b_counts_the_fullest_location():
    s = at([{"mill": ["miller"] * 3}, {}], sides="B", display=["innkeeper"] + DISPLAY[1:])
    after = run(s, take(0))
    assert gain(s, after) == 2 * 1 * 3
    assert lines(after, ANN) == [
        (6, "2 per Innkeeper for each character at your fullest location (1 \u00d7 3)")]
    s = at([{"inn": ["innkeeper"] * 3}, {}], sides="B", infirmaries=[["miller"] * 5, []],
           display=["innkeeper"] + DISPLAY[1:])
    assert gain(s, run(s, take(0))) == 2 * 4 * 4  # the Inn itself; never the Infirmary


def test_castle_b_counts_nobles_and_the_infirmary():
    s = at([{"castle": ["noble"]}, {}], sides="B", infirmaries=[["miller", "brewer"], []],
           display=["noble"] + DISPLAY[1:])
    after = run(s, take(0))
    assert gain(s, after) == 4 * (2 + 2)
    assert lines(after, ANN) == [(16, "4 per Noble and per card in your Infirmary")]


# --------------------------------------------------------------------------- Castle B exchange


def test_castle_b_buys_meeples_with_points():
    s = at([{}, {}], sides="B", display=["noble"] + DISPLAY[1:], meeples=[1, 5],
           points=[10, 0])
    after = run(s, take(0, exchange=3))
    assert after.meeples[ANN] == 4 and after.points[ANN] == 10 - 3 + 4
    assert after.supply_meeples == s.supply_meeples - 3
    assert lines(after, ANN) == [(-3, "bought 3 meeples for 3 points"),
                                 (4, "4 per Noble and per card in your Infirmary")]


def test_castle_b_sells_meeples_for_points():
    s = at([{}, {}], sides="B", display=["miller", "noble"] + DISPLAY[2:],
           dm=[0, 2, 0, 0, 0, 0], meeples=[3, 5])
    after = run(s, take(1, exchange=-4))  # 3 - 1 paid + 2 on the card = 4 to sell
    assert after.meeples[ANN] == 0 and after.points[ANN] == 4 + 4
    assert after.supply_meeples == s.supply_meeples + 4
    assert ENGINE.describe(take(1, exchange=-4), NAMES[:2], after=after) == \
        "Ann took the Noble (cost 1): +8; 2 meeples from the card; sold 4 meeples for 4 points; " \
        "turned up the Miller"
    refused(s, take(1, exchange=-5), "exchange")


def test_castle_b_exchange_limits():
    s = at([{}, {}], sides="B", display=["noble"] + DISPLAY[1:], meeples=[2, 5],
           points=[3, 0])
    assert "has 3" in refused(s, take(0, exchange=4), "exchange").message
    assert run(s, take(0, exchange=3)).points[ANN] == 0 + 4  # never below 0 before scoring
    refused(s, take(0, exchange=-3), "exchange")
    assert run(s, take(0, exchange=0)).points[ANN] == 3 + 4
    poor = at([{}, {}], sides="B", display=["noble"] + DISPLAY[1:], meeples=[0, 5],
              points=[50, 0], dm=[0, 24, 0, 0, 0, 0])
    assert poor.supply_meeples == 1
    assert "supply holds only 1 meeple" in refused(poor, take(0, exchange=2), "exchange").message
    refused(poor, take(0, exchange="2"), "move-format")
    refused(poor, take(0, exchange=True), "move-format")


def test_exchange_only_at_castle_b():
    s = at([{}, {}], sides="A", display=["noble"] + DISPLAY[1:], points=[9, 0])
    refused(s, take(0, exchange=1), "exchange")
    s = at([{}, {}], sides="B", points=[9, 0])
    refused(s, take(0, exchange=1), "exchange")  # a Miller goes to the Mill


# --------------------------------------------------------------------------- attacks


def test_equal_guards_and_knights_defend():
    s = at([{"barracks": ["knight"]}, {"guardhouse": ["guard", "guard"], "mill": ["miller"]}],
           display=["knight"] + DISPLAY[1:])
    after = run(s, take(0))
    assert after.realms[BOB] == s.realms[BOB]


def test_an_attack_held_off_says_how_many_guards_held_against_how_many_knights():
    s = at([{"barracks": ["knight"]}, {"guardhouse": ["guard"] * 3, "mill": ["miller"]}],
           display=["knight"] + DISPLAY[1:])
    attack = ENGINE.view(run(s, take(0)))["last_turn"]["attacks"][0]
    assert (attack["knights"], attack["guards"], attack["succeeded"]) == (2, 3, False)
    assert attack["text"] == "Bob holds with 3 Guards against 2 Knights"


def test_attack_victim_is_the_newest_card_at_the_leftmost_location():
    s = at([{"barracks": ["knight"]},
            {"brewery": ["brewer", "brewer-witch", "brewer"], "cottage": ["witch"],
             "castle": ["noble"]}],
           display=["knight"] + DISPLAY[1:])
    after = run(s, take(0))
    view = ENGINE.view(after)
    assert view["players"][1]["realm"]["brewery"] == ["brewer", "brewer-witch"]
    assert view["players"][1]["infirmary"][-1] == {"card": "brewer", "name": "Brewer",
                                                   "as": "brewer"}
    assert view["last_turn"]["attacks"][0]["text"] == \
        "Bob sends the Brewer from the Brewery to the Infirmary"


def test_attack_sends_a_split_card_as_the_half_it_stood_for():
    s = at([{"barracks": ["knight"]}, {"cottage": ["witch", "witch-guard"]}],
           display=["knight"] + DISPLAY[1:])
    after = run(s, take(0))
    assert ENGINE.view(after)["players"][1]["infirmary"][-1]["as"] == "witch"


def test_each_opponent_is_attacked_separately():
    s = at([{"barracks": ["knight"]}, {"guardhouse": ["guard", "guard"], "mill": ["miller"]},
            {"mill": ["miller"]},
            {"guardhouse": ["guard-knight", "guard"], "brewery": ["brewer"]}],
           display=["miller-knight"] + DISPLAY[1:])
    after = run(s, take(0, as_="knight"))
    attacks = ENGINE.view(after)["last_turn"]["attacks"]
    assert [(a["seat"], a["succeeded"]) for a in attacks] == [(1, False), (2, True), (3, False)]
    assert after.realms[CID][0] == () and len(after.infirmaries[CID]) == 1 + \
        len(s.infirmaries[CID])
    assert gain(s, after) == 6


def test_an_attack_on_a_realm_with_no_characters_sends_nothing():
    s = at([{"barracks": ["knight"]}, {}], infirmaries=[[], ["miller", "brewer"]],
           display=["knight"] + DISPLAY[1:])
    after = run(s, take(0))
    attack = ENGINE.view(after)["last_turn"]["attacks"][0]
    assert attack["succeeded"] and attack["victim"] is None
    assert after.infirmaries[BOB] == s.infirmaries[BOB]


def test_a_knight_placed_elsewhere_does_not_attack():
    s = at([{"barracks": ["knight"]}, {"mill": ["miller"]}],
           display=["guard-knight"] + DISPLAY[1:])
    after = run(s, take(0, as_="guard"))
    assert ENGINE.view(after)["last_turn"]["attacks"] == []


# --------------------------------------------------------------------------- heal


def test_healing_a_split_card_as_either_half():
    s = at([{"cottage": ["witch"]}, {}], infirmaries=[["brewer-witch"], []],
           display=["witch"] + DISPLAY[1:])
    as_witch = run(s, take(0, heal_as="witch"))
    assert ENGINE.view(as_witch)["players"][0]["realm"]["cottage"] == \
        ["witch", "witch", "brewer-witch"]
    assert gain(s, as_witch) == 2 * 3
    as_brewer = run(s, take(0, heal_as="brewer"))
    assert ENGINE.view(as_brewer)["players"][0]["realm"]["brewery"] == ["brewer-witch"]
    assert gain(s, as_brewer) == 2 * 3
    cottage_b = at([{"cottage": ["witch"]}, {}], infirmaries=[["brewer-witch"], []],
                   display=["witch"] + DISPLAY[1:], sides="B")
    assert gain(cottage_b, run(cottage_b, take(0, heal_as="witch"))) == 3 * 3
    assert gain(cottage_b, run(cottage_b, take(0, heal_as="brewer"))) == 3 * 2


def test_heal_refusals():
    s = at([{"cottage": ["witch"]}, {}], infirmaries=[["miller", "brewer-witch"], []],
           display=["witch"] + DISPLAY[1:])
    e = refused(s, take(0), "heal")
    assert "the Brewer or the Witch" in e.message
    refused(s, take(0, heal_as="miller"), "heal")
    refused(s, take(0, heal_as="wizard"), "move-format")
    refused(s, take(1, heal_as="brewer"), "heal")  # a Brewer does not heal
    empty = at([{"cottage": ["witch"]}, {}], display=["witch"] + DISPLAY[1:])
    assert "Infirmary is empty" in refused(empty, take(0, heal_as="witch"), "heal").message
    assert gain(empty, run(empty, take(0))) == 4


def test_a_single_healed_card_needs_no_half_but_may_name_it():
    s = at([{}, {}], infirmaries=[["brewer-witch", "miller"], []],
           display=["witch"] + DISPLAY[1:])
    a = run(s, take(0))
    b = run(s, take(0, heal_as="miller"))
    assert a == b and a.infirmaries[ANN] == ((KINDS.index(KIND_BY_ID["brewer-witch"]), -1),)
    assert gain(s, a) == 4  # the Miller back at the Mill counts for the Cottage


def test_a_healed_card_is_the_newest_for_the_next_attack():
    s = at([{"brewery": ["brewer-witch", "brewer"], "cottage": ["witch"]},
            {"barracks": ["knight"]}], infirmaries=[["miller-brewer"], []],
           display=["witch", "knight"] + DISPLAY[2:])
    s = run(s, take(0, heal_as="brewer"))
    assert ENGINE.view(s)["players"][0]["realm"]["brewery"][-1] == "miller-brewer"
    s = run(s, take(0))  # Bob's Knight: two Knights against no Guards
    assert ENGINE.view(s)["players"][0]["infirmary"][-1] == {
        "card": "miller-brewer", "name": "Miller/Brewer", "as": "brewer"}


# --------------------------------------------------------------------------- meeples


def test_meeples_short_in_the_supply_are_lost():
    s = at([{"castle": ["noble"]}, {}], display=["noble"] + DISPLAY[1:],
           dm=[0, 20, 0, 0, 0, 0], meeples=[0, 5])
    assert s.supply_meeples == 5
    s = at([{"castle": ["noble"]}, {}], display=["noble"] + DISPLAY[1:],
           dm=[0, 24, 0, 0, 0, 0], meeples=[0, 5])
    assert s.supply_meeples == 1
    after = run(s, take(0))
    assert after.meeples[ANN] == 1 and after.supply_meeples == 0
    assert lines(after, ANN) == [(10, "5 points and 1 meeple per Noble (the supply had only "
                                      "1 meeple)")]
    assert gain(s, after) == 10  # points are never capped


def test_overflow_returns_every_meeple_beyond_five():
    s = at([{"brewery": ["brewer", "brewer"]}, {}], display=["miller", "brewer"] + DISPLAY[2:],
           dm=[0, 4, 0, 0, 0, 0], meeples=[5, 5])
    after = run(s, take(1))  # 5 - 1 + 4 on the card + 3 from the Brewery = 11
    assert after.meeples[ANN] == 5 and gain(s, after) == 6 + 6
    assert lines(after, ANN)[-1] == (6, "1 per meeple beyond 5, returned to the supply")
    assert after.supply_meeples == s.supply_meeples - 3 + 6


# --------------------------------------------------------------------------- the deck


def test_two_players_draw_from_tier_2_at_once():
    s = game(2)
    assert s.deck.top == 0
    refused(s, take(0, "guard-innkeeper"), "deck-holds")  # tier 2 has none
    s = run(s, take(0, "miller"))
    s = run(s, take(0, "miller"))
    e = refused(s, take(0, "miller"), "deck-holds")
    assert e.message == ("The rest of the deck is tier 2, and all 2 tier-2 Miller cards have "
                         "been seen.")
    assert "miller" not in ENGINE.possible_new_cards(s)
    assert "guard-knight" in ENGINE.possible_new_cards(s)


def test_three_players_draw_the_set_aside_tier_1_cards_first():
    s = game(3, display=["miller"] * 6)
    assert s.deck.top == 8
    e = refused(s, take(0, "brewer-knight"), "deck-holds")
    assert "tier 1 has no Brewer/Knight" in e.message
    s = run(s, take(0, "miller"))  # the 7th tier-1 Miller
    assert "all 7 tier-1 Miller" in refused(s, take(0, "miller"), "deck-holds").message
    for kind in ["noble", "noble", "noble", "guard", "guard", "guard", "brewer"]:
        s = run(s, take(0, kind))
    assert s.deck.top == 0 and s.deck.bottom == 27
    s = run(s, take(0, "brewer-knight"))  # now from tier 2
    s = run(s, take(0, "miller"))  # tier 2 has two Millers
    view = ENGINE.view(s)["deck"]
    assert view["parts"] == [{"tier": 2, "cards": 25, "exact": True,
                              "kinds": {**{k.id: k.tier2 for k in KINDS},
                                        "brewer-knight": 0, "miller": 1},
                              "note": "These are the tier-2 cards left."}]


def test_the_view_says_the_tier_1_part_is_a_subset():
    view = ENGINE.view(game(4))["deck"]
    tier1 = view["parts"][0]
    assert tier1["tier"] == 1 and tier1["cards"] == 20 and not tier1["exact"]
    assert sum(tier1["kinds"].values()) == 27 and "some of these 27" in tier1["note"]
    assert view["parts"][1]["exact"] and view["parts"][1]["cards"] == 27
    assert view["characters_known"]["miller"] == 2 + 1 + 1  # Millers, Miller/Brewer, Miller/Knight


def test_the_shuffled_deck_runs_out_of_copies():
    s = game(deck="shuffled", display=["knight", "knight"] + DISPLAY[2:])
    assert "All 3 Knight cards" in refused(s, take(0, "knight"), "deck-holds").message


def test_new_card_missing_or_given_to_an_empty_deck():
    s = game(2)
    assert "27 cards" in refused(s, take(0, None), "refill").message
    refused(s, take(0, "queen"), "move-format")
    refused(s, take(0, 3), "move-format")
    last = three_player_last_turn()
    assert last.deck.count == 0
    refused(last, take(0, "miller", as_="noble"), "refill")


def three_player_last_turn() -> State:
    """3 players, standard deck, 35 turns played: the deck is empty, Cid makes the last turn."""
    # all 27 tier-2 cards and 14 tier-1 cards are on the table
    ann = {"mill": ["miller"] * 7, "brewery": ["brewer"] * 4, "castle": ["guard-noble"]}
    bob = {"cottage": ["witch"] * 3 + ["brewer-witch"] * 2 + ["witch-guard"] * 2,
           "guardhouse": ["guard"] * 3 + ["guard-knight"] * 2}
    cid = {"barracks": ["knight", "knight", "miller-knight", "brewer-knight"],
           "inn": ["innkeeper"] * 3 + ["witch-innkeeper"] + ["knight-innkeeper"] * 2,
           "castle": ["witch-noble"]}
    return at([ann, bob, cid], turn=CID, first=ANN, deck="standard", pad=False,
              display=["innkeeper-noble", "noble", "noble", "noble", "noble", "miller-brewer"])


def test_the_deck_runs_out_on_the_last_turn_with_three_players():
    s = three_player_last_turn()
    assert [s.realm_size(p) for p in range(3)] == [12, 12, 11]
    assert ENGINE.possible_new_cards(s) == []
    after = run(s, take(0, None, as_="innkeeper"))
    assert len(after.display) == 5 and after.final is not None
    assert ENGINE.to_move(after) is None


def test_the_last_turn_needs_no_new_card_while_the_deck_has_cards():
    s = two_player_last_turn()
    assert s.deck.count > 0
    a = run(s, take(0, None))
    b = run(s, take(0, "noble"))
    assert a.final is not None and b.final is not None and a.points == b.points
    assert len(a.display) == 5 and len(b.display) == 6


# --------------------------------------------------------------------------- refusals


def test_slot_refusals():
    s = game()
    assert "slots run from 0 (the front) to 5" in refused(s, take(6), "display").message
    refused(s, take(-1), "display")
    refused(s, take("0"), "move-format")
    refused(s, take(1.0), "move-format")
    refused(s, {"type": "take", "new_card": "miller"}, "move-format")


def test_the_card_field_is_checked():
    s = game()
    assert run(s, take(0, card="miller")) == run(s, take(0))
    e = refused(s, take(0, card="brewer"), "display")
    assert e.message == "The card in slot 0 is the Miller, not the Brewer."
    refused(s, take(0, card="queen"), "move-format")
    refused(s, take(0, card=["miller"]), "move-format")


def test_split_card_halves():
    s = game(display=["miller-knight"] + DISPLAY[1:])
    e = refused(s, take(0), "split-cards")
    assert e.message == ("The Miller/Knight is a split card: say which half it is, the Miller "
                         "or the Knight.")
    assert "no Witch half" in refused(s, take(0, as_="witch"), "split-cards").message
    refused(s, take(0, as_="queen"), "move-format")
    refused(s, take(0, as_=["miller"]), "move-format")
    as_miller = run(s, take(0, as_="miller"))
    assert ENGINE.view(as_miller)["players"][0]["realm"]["mill"] == ["miller-knight"]
    assert as_miller.points[ANN] == 2
    as_knight = run(s, take(0, as_="knight"))
    assert ENGINE.view(as_knight)["players"][0]["characters"]["knight"] == 1
    assert as_knight.points[ANN] == 3
    single = refused(s, take(1, as_="witch"), "split-cards")
    assert single.message == "Not that half: the Brewer card shows only the Brewer."


def test_a_single_card_may_name_its_own_character():
    s = game()
    assert run(s, {**take(1), "as": "brewer"}) == run(s, take(1))


@pytest.mark.parametrize("move", [
    None, [], "take", 3, {}, {"type": "pass"}, {"type": "take"}, {"slot": 0},
    {"type": "take", "slot": 0, "new_card": "miller", "extra": 1},
    {"type": "take", "slot": 0, "new_card": "miller", 3: 1},
    {"type": "take", "slot": True, "new_card": "miller"},
    {"type": "take", "slot": None, "new_card": "miller"},
    {"type": "change"}, {"type": "change", "seat": 5}, {"type": "change", "seat": 0, "x": 1},
])
def test_malformed_moves(move):
    refused(game(), move, "move-format")


def test_game_over_refuses_every_move():
    s = run(two_player_last_turn(), take(0, None))
    e = refused(s, take(0, None), "game-over")
    assert e.message.startswith("The game is over")
    refused(s, {"type": "change", "seat": 0}, "game-over")
    refused(s, "nonsense", "game-over")
    assert ENGINE.legal_moves(s) == []


# --------------------------------------------------------------------------- positions


def test_a_position_start():
    s = at([{"mill": {"miller": 2}, "castle": ["noble"]},
            {"brewery": ["brewer"], "cottage": ["brewer-witch"]}],
           infirmaries=[[], [{"card": "witch-guard", "as": "guard"}]],
           meeples=[3, 0], points=[12, 7], dm=[2, 1, 0, 0, 0, 0], pad=False)
    assert s.turn == ANN and s.taken == 6 and s.meeples == (3, 0) and s.points == (12, 7)
    assert s.supply_meeples == 30 - 3 - 0 - 3
    assert s.deck.count == 60 - 6 - 6
    view = ENGINE.view(s)
    assert view["players"][1]["infirmary"] == [{"card": "witch-guard", "name": "Witch/Guard",
                                                "as": "guard"}]
    assert view["round"] == 4 and view["turn_number"] == 7
    assert C.value(s.chips[ANN]) == 12 and s.chips[ANN] == (0, 1, 1, 0, 0)
    check_chips(s)


def test_a_position_with_chips():
    s = at([{}, {}], points=[13, 4], chips=[{"10": 1, "1": 3}, {"2": 2}])
    assert s.chips == ((3, 0, 1, 0, 0), (0, 2, 0, 0, 0))
    assert s.supply_chips == (7, 23, 24, 6, 4)
    with pytest.raises(RuleError) as caught:
        at([{}, {}], points=[13, 4], chips=[{"10": 1}, {"2": 2}])
    assert caught.value.rule == "chips" and "worth 10" in caught.value.message
    with pytest.raises(RuleError) as caught:
        at([{}, {}], points=[11, 0], chips=[{"1": 11}, {}])
    assert caught.value.rule == "chips"
    with pytest.raises(RuleError) as caught:
        at([{}, {}], points=[5, 0], chips=[{"5": 1}, {}])
    assert caught.value.rule == "chips"


def test_positions_with_unknown_tiers():
    # 8 Millers on the table: six of them are the 2-player deck's whole tier-1 part, so the
    # other two are tier 2 and so are both Nobles: no Miller and no Noble is left in the deck
    s = at([{"mill": ["miller"] * 4}, {"mill": ["miller"] * 4}], deck="standard",
           display=["noble", "noble", "guard", "witch", "brewer", "innkeeper"], pad=False)
    assert s.deck.top == 0 and s.deck.bottom == 27 - 8
    refused(s, take(0, "miller"), "deck-holds")
    refused(s, take(0, "noble"), "deck-holds")
    assert "guard" in ENGINE.possible_new_cards(s)
    tier2 = ENGINE.view(s)["deck"]["parts"][0]
    assert not tier2["exact"] and tier2["kinds"]["miller"] == 0 and tier2["kinds"]["guard"] == 1
    assert tier2["kinds"]["brewer"] == 1 and tier2["kinds"]["guard-knight"] == 2


def _position(**change):
    base = {"players": [{"realm": {"mill": ["miller"]}, "meeples": 5, "points": 2},
                        {"realm": {}, "meeples": 5, "points": 0}],
            "display": DISPLAY, "turn": 1}
    base.update(change)
    return base


@pytest.mark.parametrize("position, rule, words", [
    (_position(players=[{"realm": {"barracks": ["knight"] * 2}, "meeples": 5, "points": 0},
                        {"realm": {"barracks": ["knight"] * 2}, "meeples": 5, "points": 0}],
               turn=0), "deck", "only 3"),
    (_position(turn=0), "worker-cards", "Bob should have 1 character, not 0"),
    (_position(players=[{"realm": {"mill": ["miller"] * 2}, "meeples": 5, "points": 0},
                        {"realm": {}, "meeples": 5, "points": 0}]), "worker-cards", "not 2"),
    (_position(display_meeples=[25, 0, 0, 0, 0, 0]), "meeple-supply", "35 meeples"),
    (_position(players=[{"realm": {"mill": ["miller"]}, "meeples": 6, "points": 0},
                        {"realm": {}, "meeples": 5, "points": 0}]), "overflow", "at most 5"),
    (_position(players=[{"realm": {"mill": ["miller"]}, "meeples": 5, "points": -1},
                        {"realm": {}, "meeples": 5, "points": 0}]), "position", "negative"),
    (_position(players=[{"realm": {"mill": ["miller"]}, "meeples": -1, "points": 0},
                        {"realm": {}, "meeples": 5, "points": 0}]), "position", "negative"),
    (_position(display_meeples=[-1, 0, 0, 0, 0, 0]), "position", "negative"),
    (_position(players=[{"realm": {"mill": {"miller": 9}, "brewery": {"brewer": 4}},
                         "meeples": 5, "points": 0},
                        {"realm": {"castle": {"noble": 5}, "cottage": {"witch": 5},
                                   "guardhouse": {"guard": 2}}, "meeples": 5, "points": 0}],
               turn=0, display=["brewer-witch"] * 3 + ["witch-guard"] * 3), "game-end", "13"),
    (_position(display=DISPLAY[:5]), "deck", "leaves 6 cards in the display, not 5"),
    (_position(players=[{"realm": {"mill": ["brewer"]}, "meeples": 5, "points": 0},
                        {"realm": {}, "meeples": 5, "points": 0}]), "position", "no Miller"),
    (_position(players=[{"realm": {"moat": ["miller"]}, "meeples": 5, "points": 0},
                        {"realm": {}, "meeples": 5, "points": 0}]), "position", "moat"),
    (_position(players=[{"realm": {"mill": ["miller"]}, "meeples": 5},
                        {"realm": {}, "meeples": 5, "points": 0}]), "position", "'points'"),
    (_position(turn=2), "position", "seat to move"),
    (_position(extra=1), "position", "extra"),
    (_position(players=[{"realm": {"mill": ["miller"]}, "meeples": 5, "points": 0,
                         "infirmary": [{"card": "miller", "as": "brewer"}]},
                        {"realm": {"mill": ["miller"]}, "meeples": 5, "points": 0}], turn=0),
     "position", "shows only"),
    (_position(players=[{"realm": {"mill": ["miller"]}, "meeples": 5, "points": 0},
                        {"realm": {}, "meeples": 5, "points": 0}], display="miller"),
     "position", "list its cards"),
])
def test_impossible_positions_are_refused(position, rule, words):
    with pytest.raises(RuleError) as caught:
        ENGINE.new({"players": ["Ann", "Bob"], "first": 0, "deck": "shuffled",
                    "position": position})
    assert caught.value.rule == rule and words in caught.value.message, caught.value.message
    assert caught.value.message.endswith(".")


def test_positions_refused_for_the_deck_tiers():
    def new(position, n=2):
        return ENGINE.new({"players": NAMES[:n], "first": 0, "deck": "standard",
                           "position": position})

    with pytest.raises(RuleError) as caught:  # 9 Millers: 7 would have to be tier 1
        new({"players": [{"realm": {"mill": ["miller"] * 5}, "meeples": 5, "points": 0},
                         {"realm": {"mill": ["miller"] * 4}, "meeples": 5, "points": 0}],
             "display": ["noble", "noble", "guard", "witch", "brewer", "innkeeper"],
             "turn": 1})
    assert caught.value.rule == "deck" and "7 of the cards" in caught.value.message
    with pytest.raises(RuleError) as caught:  # a fresh 2-player display is all tier 1
        new({"players": [{"realm": {}, "meeples": 5, "points": 0},
                         {"realm": {}, "meeples": 5, "points": 0}],
             "display": ["guard-knight"] + DISPLAY[1:], "turn": 0})
    assert caught.value.rule == "deck" and "which holds no Guard/Knight card" in caught.value.message
    with pytest.raises(RuleError) as caught:  # only 2 of these 7 can be tier-1 cards
        new({"players": [{"realm": {"barracks": ["guard-knight"]}, "meeples": 5, "points": 0},
                         {"realm": {}, "meeples": 5, "points": 0}],
             "display": ["guard-knight", "brewer-knight", "witch-innkeeper", "witch-noble",
                         "knight", "knight"], "turn": 1})
    assert caught.value.rule == "deck" and "only 2 of the cards" in caught.value.message


def test_a_finished_position_is_refused():
    assert two_player_last_turn().taken == 23
    ann, bob = LAST_REALMS
    with pytest.raises(RuleError) as caught:
        at([ann, {**bob, "inn": ["innkeeper"]}], infirmaries=LAST_INFIRMARIES, turn=ANN,
           pad=False, display=["miller", "noble", "knight", "knight", "witch", "guard"])
    assert caught.value.rule == "game-end" and "over" in caught.value.message


def test_a_position_takes_its_display_from_the_position():
    with pytest.raises(RuleError) as caught:
        ENGINE.new({"players": ["Ann", "Bob"], "first": 0, "display": DISPLAY,
                    "position": _position()})
    assert caught.value.rule == "position"


# --------------------------------------------------------------------------- the end


LAST_REALMS = (
    {"mill": ["miller"] * 3, "brewery": ["brewer"] * 2, "cottage": ["witch"] * 2,
     "guardhouse": ["guard"] * 2, "barracks": ["knight"], "inn": ["innkeeper"],
     "castle": ["noble"]},
    {"mill": ["miller"] * 2, "brewery": ["brewer"] * 2, "cottage": ["witch"],
     "guardhouse": ["guard"], "castle": ["noble"] * 2})
LAST_INFIRMARIES = [[], ["knight-innkeeper", "brewer-witch", "witch-guard"]]


def two_player_last_turn(sides="A") -> State:
    """Ann has 12 characters, Bob 11 and makes the last turn (shuffled deck)."""
    return at(list(LAST_REALMS), infirmaries=LAST_INFIRMARIES,
              points=[60, 50], turn=BOB, first=ANN, sides=sides, pad=False,
              display=["miller", "noble", "innkeeper", "knight", "witch", "guard"])


def test_final_scoring_side_a():
    s = two_player_last_turn()
    after = run(s, take(0, None))  # Bob's third Miller: +6 at the Mill
    assert after.final is not None
    view = ENGINE.view(after)
    ann, bob = view["final"]["players"]
    assert [(st["step"], st["points"]) for st in ann["steps"]] == [
        ("infirmary", 0), ("variety", 49), ("majority", 10), ("majority", 11),
        ("majority", 12), ("majority", 13), ("majority", 14), ("majority", 15)]
    assert [(st["step"], st.get("location"), st["points"]) for st in bob["steps"]] == [
        ("infirmary", None, -3), ("variety", None, 25), ("majority", "mill", 10),
        ("majority", "brewery", 11), ("majority", "castle", 16)]
    assert ann["after"] == 60 + 49 + 10 + 11 + 12 + 13 + 14 + 15 == 184
    assert bob["before"] == 56 and bob["after"] == 56 - 3 + 25 + 10 + 11 + 16
    assert after.points == (ann["after"], bob["after"])
    mill = view["final"]["majorities"][0]
    assert mill == {"location": "mill", "value": 10, "counts": [3, 3], "winners": [0, 1]}
    assert view["ranking"] == [{"seat": 0, "points": 184, "rank": 1},
                               {"seat": 1, "points": 115, "rank": 2}]
    assert ENGINE.result(after) == {"winners": [0], "reason": "Ann wins with 184 points.",
                                    "scores": [184, 115]}
    assert ann["chips"]["value"] == 124 and ann["chips"]["owed"] == 0
    assert view["turn"] is None and view["round"] is None


def test_final_scoring_side_b_infirmary():
    s = two_player_last_turn(sides="B")
    after = run(s, take(0, None))
    bob = ENGINE.view(after)["final"]["players"][1]
    assert bob["steps"][:2] == [
        {"step": "infirmary", "points": -6, "rule": "final-infirmary",
         "why": "2 per card in the Infirmary (3)"},
        {"step": "infirmary-most", "points": -10, "rule": "infirmary-b",
         "why": "most cards in the Infirmary"}]
    ann = ENGINE.view(after)["final"]["players"][0]
    assert ann["steps"][1]["points"] == 0


def test_infirmary_b_minus_ten_ties_and_nobody_when_empty():
    empty = ((),) * 7
    sides = ("B",) * 8
    pile = ((0, 0),)
    rows, after = final_scoring(sides, (empty,) * 3, (pile, pile, ()), (20, 20, 20))
    assert [r[2] for r in rows] == [-10, -10, 0] and [r[1] for r in rows] == [-2, -2, 0]
    assert after == (8, 8, 20)
    rows, after = final_scoring(sides, (empty,) * 2, ((), ()), (5, 5))
    assert [r[2] for r in rows] == [0, 0] and after == (5, 5)
    rows, _ = final_scoring(("A",) * 8, (empty,) * 2, (pile * 3, pile * 3), (0, 0))
    assert [r[1:3] for r in rows] == [(-3, 0), (-3, 0)]  # side A has no -10


def test_majority_ties_and_empty_locations():
    miller = ((0,), (), (), (), (), (), ())
    rows, after = final_scoring(("A",) * 8, (miller, miller, ((),) * 7), ((), (), ()),
                                (0, 0, 0))
    assert [r[5] for r in rows] == [((0, 1, 10),), ((0, 1, 10),), ()]
    assert after == (1 + 10, 1 + 10, 0)


def test_ranking_shares_places():
    assert ranking((5, 9, 9, 1)) == [{"seat": 1, "points": 9, "rank": 1},
                                     {"seat": 2, "points": 9, "rank": 1},
                                     {"seat": 0, "points": 5, "rank": 3},
                                     {"seat": 3, "points": 1, "rank": 4}]


def tie_position(points) -> State:
    """Ann (11 characters) makes the last turn; Bob has 12, most of them in the Infirmary."""
    return at([{"mill": ["miller"]}, {"mill": ["miller"]}], points=points, turn=ANN, first=BOB,
              infirmaries=[["brewer"] * 5 + ["witch"] * 5,
                           ["guard"] * 5 + ["noble"] * 5 + ["innkeeper"]],
              display=["miller", "knight", "knight", "innkeeper", "innkeeper", "brewer"],
              pad=False)


def test_tied_winners_share_the_victory():
    # Ann: +4 (two Millers), -10 Infirmary, +1 variety, +10 Mill; Bob: -11, +1
    end = run(tie_position([20, 35]), take(0, None))
    assert end.points == (25, 25)
    assert ENGINE.result(end) == {"winners": [0, 1],
                                  "reason": "Ann and Bob share the victory with 25 points.",
                                  "scores": [25, 25]}
    assert [r["rank"] for r in ENGINE.view(end)["ranking"]] == [1, 1]
    end = run(tie_position([20, 36]), take(0, None))
    assert ENGINE.result(end)["winners"] == [1]
    assert ENGINE.result(end)["reason"] == "Bob wins with 26 points."


# --------------------------------------------------------------------------- chips


def test_settle_fewest_chips():
    assert C.settle(7, C.EMPTY, C.BOX).net == (1, 3, 0, 0, 0)
    assert C.settle(8, (0, 1, 0, 0, 0), C.BOX).net == (0, -1, 1, 0, 0)  # take 10, give 2
    assert C.settle(9, (1, 0, 0, 0, 0), C.BOX).net == (-1, 0, 1, 0, 0)
    assert C.settle(6, (0, 2, 0, 0, 0), C.BOX).net == (0, -2, 1, 0, 0)  # tie: the 10 first
    assert C.settle(6, C.EMPTY, C.BOX).net == (0, 3, 0, 0, 0)
    assert C.settle(160, C.EMPTY, C.BOX).net == (0, 0, 1, 1, 1)
    assert C.settle(-5, (0, 0, 1, 0, 0), C.BOX).net == (1, 2, -1, 0, 0)
    assert C.settle(-12, (0, 1, 1, 0, 0), C.BOX).net == (0, -1, -1, 0, 0)
    assert C.settle(0, (3, 0, 0, 0, 0), C.BOX) == C.NO_TRANSFER


def test_settle_makes_change_when_a_denomination_runs_out():
    no_tens = (10, 25, 0, 6, 4)
    assert C.settle(10, C.EMPTY, no_tens).net == (0, 5, 0, 0, 0)
    assert C.settle(10, (0, 0, 0, 0, 1), no_tens).net == (0, 5, 0, 0, 0)
    assert C.settle(-90, (0, 0, 1, 0, 1), no_tens).net == (0, 5, 0, 0, -1)  # 100 back, 5 twos
    assert C.settle(40, (0, 0, 1, 0, 0), no_tens).net == (0, 0, -1, 1, 0)  # 50 - 10
    no_ones = (0, 25, 25, 6, 4)
    assert C.settle(3, (1, 0, 0, 0, 0), no_ones).net == (-1, 2, 0, 0, 0)  # 2 + 2 - 1
    assert C.settle(-1, (0, 1, 0, 0, 0), (3, 25, 25, 6, 4)).net == (1, -1, 0, 0, 0)


def test_settle_leaves_the_rest_owed_when_nothing_is_exact():
    no_ones = (0, 25, 25, 6, 4)
    t = C.settle(3, C.EMPTY, no_ones)
    assert t.net == (0, 1, 0, 0, 0) and t.owed == 1  # nearest with the fewest chips
    t = C.settle(5, C.EMPTY, (0, 0, 5, 0, 0))  # 0 and 10 are as near: 0 moves fewer chips
    assert t.net == C.EMPTY and t.owed == 5
    t = C.settle(7, C.EMPTY, (0, 0, 5, 0, 0))  # 10 is nearer: the player owes 3 back
    assert t.net == (0, 0, 1, 0, 0) and t.owed == -3
    t = C.settle(-3, (0, 0, 1, 0, 0), (0, 0, 0, 0, 0))
    assert t.net == (0, 0, 0, 0, 0) and t.owed == -3
    t = C.settle(-30, (0, 0, 1, 0, 0), C.BOX)
    assert t.net == (0, 0, -1, 0, 0) and t.owed == -20  # the player owes the rest
    t = C.settle(1500, C.EMPTY, C.BOX)
    assert t.net == C.BOX and t.owed == 1500 - 1010


def test_fewest_and_exchange_advice():
    assert C.fewest(97, C.BOX) == (1, 3, 4, 1, 0)
    assert C.fewest(3, (0, 0, 1, 0, 0)) is None
    advice = C.exchange((10, 0, 0, 0, 0), (0, 25, 25, 6, 4))
    assert advice.give == (10, 0, 0, 0, 0) and advice.take == (0, 0, 1, 0, 0)
    advice = C.exchange((10, 0, 0, 0, 0), (0, 25, 0, 6, 4))
    assert advice.give == (10, 0, 0, 0, 0) and advice.take == (0, 5, 0, 0, 0)
    assert C.exchange((1, 1, 1, 1, 1), C.BOX) == C.NO_TRANSFER
    assert C.exchange((0, 10, 0, 0, 0), (0, 0, 0, 0, 0)) == C.NO_TRANSFER
    advice = C.exchange((0, 5, 5, 0, 0), (0, 0, 0, 1, 0))  # 60: a 50 and a 10
    assert advice.net == (0, -5, -4, 1, 0)


def test_the_view_tells_each_player_what_to_take_and_give():
    s = at([{"mill": ["miller"]}, {}], chips=[{"1": 3}, {}], points=[3, 0])
    after = run(s, take(0))  # Ann +4: two 2-chips
    chips = ENGINE.view(after)["last_turn"]["players"][0]["chips"]
    assert chips == {"take": {"2": 2}, "give": {}, "value": 4, "owed": 0}
    assert ENGINE.view(after)["last_turn"]["players"][1]["chips"] is None


def test_owed_chips_are_settled_as_soon_as_they_can_be():
    # Ann holds all ten 1-chips. Bob's +7 cannot be settled exactly: he gets 6, 1 owed.
    s = at([{"brewery": ["brewer"]}, {"brewery": ["brewer"]}], chips=[{"1": 10}, {}],
           points=[10, 0], turn=BOB, first=ANN,
           display=["innkeeper", "miller"] + DISPLAY[2:], infirmaries=[["noble"], []],
           pad=False)
    s = run(s, take(0))  # Bob: +4 Innkeeper, +3 Brewer bonus; Ann +3 Brewer bonus
    view = ENGINE.view(s)
    assert s.points == (13, 7) and s.owed == (0, 1)
    assert view["players"][1]["owed"] == 1 and view["players"][1]["chip_value"] == 6
    assert view["last_turn"]["players"][0]["chips"]["owed"] == 1
    # Ann's +3 was settled after Bob's: she gave back a 1-chip, so the next turn settles Bob
    assert s.supply_chips[0] == 1
    s = run(s, take(0, "noble"))  # Ann takes the Miller: +2, one 2-chip
    assert s.owed == (0, 0) and C.value(s.chips[BOB]) == 7
    bob = ENGINE.view(s)["last_turn"]["players"][1]
    assert bob["points"] == 0 and bob["chips"] == {"take": {"1": 1}, "give": {}, "value": 1,
                                                   "owed": 0}


def test_points_are_never_capped_by_the_chips():
    s = at([{}, {}], points=[1010, 0])
    assert s.supply_chips == C.EMPTY and s.chips[ANN] == C.BOX
    s = run(s, take(0, "noble"))
    assert s.points == (1012, 0) and s.owed == (2, 0)
    assert ENGINE.view(s)["players"][0]["owed"] == 2


def test_the_change_move_swaps_a_pile_for_the_fewest_chips():
    s = at([{}, {}], chips=[{"1": 10}, {"10": 1}], points=[10, 10])
    advice = ENGINE.view(s)["players"][0]["exchange"]
    assert advice == {"give": {"1": 10}, "take": {"10": 1}, "chips_after": 1}
    assert ENGINE.view(s)["players"][1]["exchange"] is None
    after = run(s, {"type": "change", "seat": 0})
    assert after.chips[ANN] == (0, 0, 1, 0, 0) and after.turn == s.turn
    assert after.last == s.last
    e = refused(after, {"type": "change", "seat": 0}, "chips-exchange")
    assert e.message == "Ann's pile already has the fewest chips the supply allows."
    assert ENGINE.describe({"type": "change", "seat": 0}, ["Ann", "Bob"]) == \
        "Ann swapped chips with the supply for fewer chips"


# --------------------------------------------------------------------------- view, describe


def test_view_is_json_ready_and_complete():
    s = run(game(3, display=["miller-brewer"] + DISPLAY[1:]), take(0, "noble", as_="brewer"))
    view = ENGINE.view(s)
    json.dumps(view)
    assert set(view) == {"game", "players", "sides", "locations", "display", "deck", "supply",
                         "turn", "turn_number", "round", "last_turn", "final", "ranking",
                         "rulings", "in_force", "result", "names"}
    ann = view["players"][0]
    assert ann["realm"]["brewery"] == ["miller-brewer"] and ann["points"] == 2 + 1
    assert ann["meeples"] == 5 and ann["cards"] == 1
    assert ann["chips"] == {"1": 1, "2": 1, "10": 0, "50": 0, "100": 0}
    assert view["supply"] == {"meeples": 15, "chips": {"1": 9, "2": 24, "10": 25, "50": 6,
                                                        "100": 4}}
    assert [d["card"] for d in view["display"]] == DISPLAY[1:] + ["noble"]
    assert view["turn"] == BOB and view["turn_number"] == 2 and view["round"] == 1
    last = view["last_turn"]
    assert (last["player"], last["card"], last["as"], last["location"], last["new_card"]) == \
        ("Ann", "miller-brewer", "brewer", "brewery", "noble")
    assert last["players"][0]["lines"] == [
        {"points": 2, "meeples": 1, "why": "2 points and 1 meeple per Brewer",
         "rule": "brewery-a", "count": 1},
        {"points": 1, "meeples": -1, "why": "1 per meeple beyond 5, returned to the supply",
         "rule": "overflow", "count": 1}]
    assert last["players"][0]["chips"] == {"take": {"1": 1, "2": 1}, "give": {}, "value": 3,
                                           "owed": 0}
    assert view["final"] is None and view["ranking"] is None and view["result"] is None
    assert ENGINE.view(s, player=BOB) == view
    json.dumps(s.to_dict())
    assert s.to_dict()["realms"][0][1] == ["miller-brewer"]


def test_describe_names_the_player_the_card_the_cost_and_the_points():
    s = run(game(2, display=["miller-brewer", "innkeeper-noble"] + DISPLAY[2:]),
            take(0, "noble", as_="brewer"))
    move = take(0, "witch", as_="noble")  # Bob takes the Innkeeper/Noble, now free
    assert ENGINE.describe(move, NAMES[:2], after=run(s, move)) == \
        "Bob took the Innkeeper/Noble as Noble (free): +6; turned up the Witch"
    move = take(1, "guard")
    assert ENGINE.describe(move, NAMES[:2], after=run(s, move)) == \
        "Bob took the Witch (cost 1): +2; turned up the Guard"


def test_describe_names_attacks_heals_and_the_other_players_points():
    s = at([{"barracks": ["knight"]},
            {"brewery": ["brewer", "brewer-witch", "brewer"], "cottage": ["witch"],
             "castle": ["noble"]}],
           display=["knight"] + DISPLAY[1:])
    move = take(0)
    assert ENGINE.describe(move, NAMES[:2], after=run(s, move)) == \
        "Ann took the Knight (free): +6; Bob's Brewer went to the Infirmary; turned up the Miller"
    s = at([{}, {"mill": ["miller"]}], display=["brewer"] + DISPLAY[1:])
    assert ENGINE.describe(move, NAMES[:2], after=run(s, move)) == \
        "Ann took the Brewer (free): +3; Bob +2; turned up the Miller"
    s = at([{"cottage": ["witch"]}, {}], infirmaries=[["brewer-witch"], []],
           display=["witch"] + DISPLAY[1:])
    move = take(0, heal_as="brewer")
    assert ENGINE.describe(move, NAMES[:2], after=run(s, move)) == \
        "Ann took the Witch (free): +6; healed the Brewer/Witch as Brewer; turned up the Miller"


def test_describe_from_the_move_alone():
    assert ENGINE.describe(take(0, "noble"), NAMES[:2]) == "Took the card (free); turned up the Noble"
    assert ENGINE.describe({"type": "take", "slot": 2, "card": "brewer-witch", "as": "witch",
                            "heal_as": "brewer", "new_card": "knight-innkeeper"}, NAMES[:2]) == (
        "Took the Brewer/Witch (cost 2) as Witch; the healed card returned as Brewer; turned up "
        "the Knight/Innkeeper")
    assert ENGINE.describe({"type": "take", "slot": 1, "card": "noble", "exchange": -2}, NAMES[:2]) == \
        "Took the Noble (cost 1); sold 2 meeples for 2 points"
    assert ENGINE.describe({"type": "take", "slot": 0, "exchange": 3}, NAMES[:2]).endswith(
        "bought 3 meeples for 3 points")


def test_state_is_immutable_and_compares_by_value():
    s = game()
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.turn = 1  # type: ignore[misc]
    assert game() == s and hash(game()) == hash(s)


def test_legal_moves_and_possible_new_cards():
    s = at([{}, {}], sides="B", display=["noble", "miller-knight", "witch"] + DISPLAY[3:],
           meeples=[1, 5], points=[2, 0], dm=[0, 1, 0, 0, 0, 0], infirmaries=[["witch-guard"],
                                                                               []])
    moves = ENGINE.legal_moves(s)
    assert {"type": "take", "slot": 0, "card": "noble"} in moves
    assert {"type": "take", "slot": 0, "card": "noble", "exchange": -1} in moves
    assert {"type": "take", "slot": 0, "card": "noble", "exchange": 2} in moves
    assert not any(m.get("exchange") == 3 for m in moves)
    assert {"type": "take", "slot": 1, "card": "miller-knight", "as": "knight"} in moves
    assert not any(m["slot"] > 1 for m in moves)
    s2 = at([{}, {}], display=["witch"] + DISPLAY[1:], infirmaries=[["witch-guard"], []])
    assert [m.get("heal_as") for m in ENGINE.legal_moves(s2) if m["slot"] == 0] == \
        ["witch", "guard"]
    for state in (s, s2):
        for move in ENGINE.legal_moves(state):
            for new in ENGINE.possible_new_cards(state):
                ENGINE.validate(state, {**move, "new_card": new})
    assert len(ENGINE.possible_new_cards(game())) == 19 - 2  # no tier-2 Guard/Innkeeper, /Noble


# --------------------------------------------------------------------------- rules page


def test_rules_page_entries():
    ids = [entry.id for entry in RULES]
    assert len(ids) == len(set(ids))
    for loc in LOCATIONS:
        assert f"{loc.id}-a" in ids and f"{loc.id}-b" in ids
    for needed in ("players", "worker-cards", "sides", "deck", "deck-variant", "setup",
                   "position", "display", "meeple-cost", "take", "split-cards", "counting",
                   "meeple-supply", "overflow", "refill", "deck-holds", "attack", "defend",
                   "heal", "exchange", "game-end", "final-infirmary", "final-variety",
                   "final-majority", "winner", "game-over", "chips", "chips-change",
                   "chips-owed", "chips-exchange", "rulings", "move-format"):
        assert needed in ids
    for entry in RULES:
        sentences = entry.text.count(". ") + 1
        assert 1 <= sentences <= 4 and entry.text.endswith("."), entry.id
        assert entry.title and entry.section


def options_for(seed: int) -> dict:
    """Random options with a display dealt from a real deck."""
    rng = random.Random(seed)
    options = random_options(rng)
    options["display"] = build_deck(rng, len(options["players"]), options["deck"])[:6]
    return options


def test_every_refusal_cites_a_rules_entry():
    rng = random.Random(5)
    seen = set()
    for seed in range(30):
        options = options_for(seed)
        moves, _ = random_game(random.Random(seed), options)
        s = ENGINE.new(options)
        for move in moves:
            for _ in range(4):
                broken = dict(move)
                key = rng.choice(["slot", "as", "heal_as", "exchange", "new_card", "card"])
                broken[key] = rng.choice([0, 1, 5, 6, -3, 40, "miller", "witch", "guard-knight",
                                          "brewer-knight", None, "noble"])
                try:
                    ENGINE.validate(s, broken)
                except RuleError as error:
                    seen.add(error.rule)
            s = run(s, move)
    assert seen <= RULE_IDS
    assert len(seen) >= 8, seen


# --------------------------------------------------------------------------- replay


def test_a_ruling_majesty_does_not_have_is_refused():
    done, history = replay(ENGINE, options_for(11), [])
    with pytest.raises(RuleError) as caught:
        step(ENGINE, done, history, "rulings", {"speed": "fast"})
    assert caught.value.rule == "rulings" and "no table ruling called 'speed'" in caught.value.message


def test_the_options_in_force_are_said_in_words():
    two = {"players": ["Ann", "Bob"], "first": 0, "display": DISPLAY}
    assert ENGINE.in_force(ENGINE.new({**two, "sides": "B"})) == [
        "Locations: All on side B.", "Deck: 6 tier-1 cards set aside on top of tier 2."]
    mixed = {loc: "A" for loc in ("mill", "brewery", "cottage", "guardhouse", "barracks", "inn",
                                 "castle")}
    words = ENGINE.in_force(ENGINE.new({**two, "sides": {**mixed, "infirmary": "B"},
                                        "deck": "shuffled"}))
    assert words == [("Locations: A mixed set: Mill A, Brewery A, Cottage A, Guardhouse A, "
                      "Barracks A, Inn A, Castle A, Infirmary B."),
                     "Deck: both tiers shuffled together (the variant)."]


# --------------------------------------------------------------------------- corrections


def played(state: State, *moves) -> State:
    for move in moves:
        state = ENGINE.apply(state, move)
    return state


def test_a_card_turned_up_is_corrected_by_an_entry_of_its_own():
    s = played(game(), {"type": "take", "slot": 0, "new_card": "brewer"},  # turn 1: Ann
               {"type": "take", "slot": 0, "new_card": "witch"})  # turn 2: Bob (the Brewer)
    assert [KINDS[k].id for k in s.display][-2:] == ["brewer", "witch"]
    could_be = ENGINE.view(s)["display"][4]["could_be"]  # the page offers only these
    assert "knight" in could_be and "brewer" not in could_be and "guard-innkeeper" not in could_be
    fix = {"type": "correct", "turn": 1, "card": "knight"}
    ENGINE.validate(s, fix)
    after = ENGINE.apply(s, fix)
    assert [KINDS[k].id for k in after.display][-2:] == ["knight", "witch"]
    assert (after.turn, after.taken, after.points, after.meeples) == (s.turn, s.taken, s.points,
                                                                      s.meeples)
    # with two players the six set-aside tier-1 cards were the setup display, so the deck now
    # knows one tier-2 Knight more and one tier-2 Brewer less
    k, b = (KINDS.index(KIND_BY_ID[x]) for x in ("knight", "brewer"))
    assert (after.deck.seen_bottom[k], after.deck.seen_bottom[b]) == (1, 0)
    assert after.deck.seen_top == s.deck.seen_top
    assert ENGINE.describe(fix, NAMES[:2], before=s, after=after) == (
        "Correction: the card turned up at turn 1 was the Knight, not the Brewer")
    assert ENGINE.view(after)["display"][4]["turned_up"] == 1
    # a card of the setup display is named by its slot at setup
    fixed = ENGINE.apply(after, {"type": "correct", "turn": 0, "slot": 4, "card": "guard"})
    assert [KINDS[k].id for k in fixed.display][:4] == ["witch", "guard", "guard", "noble"]


def test_correcting_the_card_the_last_turn_turned_up_corrects_that_turn_too():
    turn = {"type": "take", "slot": 0, "new_card": "brewer"}
    s = played(game(), turn)
    assert ENGINE.view(s)["last_turn"]["new_card"] == "brewer"
    after = ENGINE.apply(s, {"type": "correct", "turn": 1, "card": "knight"})
    assert ENGINE.view(after)["last_turn"]["new_card"] == "knight"
    assert ENGINE.describe(turn, NAMES[:2], before=s, after=after).endswith(
        "; turned up the Knight")
    assert after.to_dict()["last"]["new_card"] == "knight"


@pytest.mark.parametrize("fix,rule,words", [
    ({"type": "correct", "turn": 1, "card": "knight"}, "correction",
     "The card turned up at turn 1 has been taken since"),
    ({"type": "correct", "turn": 2, "card": "witch"}, "correction",
     "The card turned up at turn 2 is already the Witch"),
    ({"type": "correct", "turn": 3, "card": "witch"}, "correction", "There is no turn 3 yet"),
    ({"type": "correct", "turn": 0, "card": "witch"}, "correction", "say which slot"),
    ({"type": "correct", "turn": 0, "slot": 0, "card": "guard"}, "correction",
     "Card 1 of the setup display has been taken since"),
    ({"type": "correct", "turn": 2, "card": "noble-noble"}, "move-format", "must be a card"),
    ({"type": "correct", "turn": 2, "card": "guard-innkeeper"}, "deck-holds",
     "The card turned up at turn 2 came from tier 2, and tier 2 has no Guard/Innkeeper card"),
    ({"type": "correct", "turn": 0, "slot": 1, "card": "brewer-knight"}, "deck-holds",
     "came from tier 1, and tier 1 has no Brewer/Knight card"),
])
def test_a_correction_later_turns_depend_on_is_refused_with_its_rule(fix, rule, words):
    s = played(game(), {"type": "take", "slot": 0, "new_card": "brewer"},
               {"type": "take", "slot": 5, "new_card": "witch"},  # Bob takes the Brewer of turn 1
               )
    with pytest.raises(RuleError) as error:
        ENGINE.validate(s, fix)
    assert error.value.rule == rule and error.value.rule in RULE_IDS
    assert words in error.value.message


def test_a_position_is_not_corrected_card_by_card():
    s = at([{"mill": ["miller"]}, {"brewery": ["brewer"]}], pad=False)
    with pytest.raises(RuleError) as error:
        ENGINE.validate(s, {"type": "correct", "turn": 0, "slot": 0, "card": "guard"})
    assert error.value.rule == "correction" and "position" in error.value.message


def test_a_correction_is_undone_like_any_entry():
    options = {"players": NAMES[:2], "first": 0, "display": DISPLAY}
    moves = [{"type": "take", "slot": 0, "new_card": "brewer"},
             {"type": "correct", "turn": 1, "card": "knight"}]
    result, _ = replay(ENGINE, options, [("move", m) for m in moves] + [("undo", None)])
    assert KINDS[result.state.display[-1]].id == "brewer"
    result, _ = replay(ENGINE, options, [("move", m) for m in moves])
    assert KINDS[result.state.display[-1]].id == "knight"


def test_another_game_at_the_same_table_keeps_the_players_sides_and_deck():
    mixed = {loc.id: "B" if loc.number % 2 else "A" for loc in LOCATIONS}
    fields = ENGINE.again({"players": ["Ann", "Bob", "Cid"], "first": 2, "sides": mixed,
                           "deck": "shuffled", "display": DISPLAY})
    assert fields == {"player-0": "Ann", "player-1": "Bob", "player-2": "Cid", "sides": "mixed",
                      **{f"side-{loc}": side for loc, side in mixed.items()}, "deck": "shuffled"}
    assert ENGINE.again({"players": ["Ann", "Bob"], "first": 0, "sides": "b",
                         "display": DISPLAY}) == {"player-0": "Ann", "player-1": "Bob",
                                                  "sides": "B", "deck": "standard"}
