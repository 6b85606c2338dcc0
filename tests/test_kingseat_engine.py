"""Kingseat engine: catalogue, setup and the deal, the vote and its tie-break, places and the
King, every action that touches votes, the Tell, who votes or who is King, forced votes, the
round undo, the final count, refusals, the view and replay."""
from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest
from kingseat_support import (
    ALL,
    ANN,
    BOB,
    CID,
    DEE,
    EVE,
    NAMES,
    PASS,
    SWAP,
    A,
    V,
    check,
    discard_of,
    finish_round,
    game,
    refused,
    run,
    sitting_out,
    tell_of,
)

from companion import language
from companion.engine import APP_SECTION, COMMON_RULES, RuleError, replay, step
from companion.games.kingseat import ENGINE, KIND_BY_ID, KINDS, PRINCES, SETS, deck, similar_colours
from companion.games.kingseat.rules_page import APP_NOTES, RULE_IDS, RULES, RULINGS
from companion.games.kingseat.simulate import random_game, random_options
from companion.games.kingseat.state import KIND_INDEX, State

# --------------------------------------------------------------------------- catalogue


def test_catalogue_has_twelve_princes_with_three_kinds_each():
    assert len(PRINCES) == 12 and len(KINDS) == 36
    assert [p.id for p in PRINCES] == [
        "lionsyre", "slydefox", "woolfhall", "hornseeker", "brownbeards", "monarchrys",
        "crassclamps", "gulliballistas", "hardshell-hero", "squlofish", "smugwing",
        "salsa-salamanda"]
    assert KIND_BY_ID["hardshell-hero-dark2"].prince == "hardshell-hero"
    assert KIND_BY_ID["hardshell-hero-dark2"].dark == 2
    assert KIND_BY_ID["salsa-salamanda"].copies == 7
    assert KIND_BY_ID["salsa-salamanda-dark1"].copies == 1
    for prince in PRINCES:
        for text in (prince.action, prince.dark1, prince.dark2):
            assert text.endswith(".") and len(text) < 200
        if prince.hex is None:
            assert prince.stripes  # a multicoloured prince still has colours for a proxy
        else:
            assert re.fullmatch(r"#[0-9A-F]{6}", prince.hex)
            assert re.fullmatch(r"#[0-9A-F]{6}", prince.dark_hex)
    assert SETS["starter"] == ("lionsyre", "hornseeker", "monarchrys", "gulliballistas")
    assert SETS["complete"] == tuple(p.id for p in PRINCES)


def test_deck_lists_every_physical_card_in_a_stable_order():
    cards = deck(["slydefox", "lionsyre"], 9)
    assert len(cards) == 18 == len(set(cards))
    assert cards[0] == ("lionsyre", 1) and cards[6] == ("lionsyre", 7)
    assert cards[7] == ("lionsyre-dark1", 1) and cards[8] == ("lionsyre-dark2", 1)
    assert cards[9] == ("slydefox", 1)
    assert deck(["lionsyre", "slydefox"], 9) == cards  # the order given does not matter
    assert len(deck(["lionsyre"], 10)) == 10 and len(deck(["lionsyre"], 14)) == 14
    assert sum(1 for kind, _ in deck(["lionsyre"], 14) if kind == "lionsyre") == 12
    with pytest.raises(ValueError):
        deck(["lionsyre"], 11)
    with pytest.raises(ValueError):
        deck(["tigerking"], 9)


def test_similar_colours_pairs_and_the_premade_sets_avoid_them():
    assert similar_colours(ALL) == [("slydefox", "crassclamps"), ("woolfhall", "hornseeker"),
                                    ("hardshell-hero", "squlofish")]
    assert similar_colours(["squlofish", "lionsyre", "hardshell-hero"]) == [
        ("hardshell-hero", "squlofish")]
    for name in ("starter", "medium", "advanced"):
        assert similar_colours(SETS[name]) == []


# --------------------------------------------------------------------------- setup and the deal


def test_deal_with_leftover_cards_into_the_tell():
    # 5 princes of 9 cards for 4 players: 45 cards, 11 a hand, 1 left over
    princes = ["lionsyre", "slydefox", "woolfhall", "brownbeards", "smugwing"]
    s = game(4, princes, leftovers=["woolfhall-dark2"])
    check(s)
    assert s.hands == (10, 10, 10, 10)  # one card set aside as Loyalty
    assert tell_of(s) == {"woolfhall-dark2": 1}
    view = ENGINE.view(s)
    assert view["deal"] == {"cards": 45, "per_hand": 11, "left_over": 1, "hand_start": 10,
                            "cards_per_prince": 9}
    assert view["tell"] == {"size": 1, "leftovers": ["woolfhall-dark2"]}  # shown face up
    assert view["phase"] == "vote" and view["round"] == 1
    # the leftover card is out of the deck: the only copy can no longer be voted
    refused(s, V("woolfhall-dark2", "lionsyre", "lionsyre", "lionsyre"), "copies")


def test_deal_sizes_follow_the_cards_per_prince_ruling():
    s = game(5, leftovers=["lionsyre"] * 3)  # 108 cards: 21 each, 3 over
    assert s.hands == (20,) * 5 and s.tell_size == 3
    s = game(4, rulings={"cards_per_prince": 10})  # 120 cards: 30 each
    assert s.hands == (29,) * 4 and s.copies[KIND_INDEX["lionsyre"]] == 8
    s = game(7, rulings={"cards_per_prince": 14})  # 168 cards: 24 each, none over
    assert s.hands == (23,) * 7 and s.tell_size == 0
    error = refused_new(dict(players=NAMES[:7], princes=ALL, leftovers=["squlofish"],
                             rulings={"cards_per_prince": 14}), "deal")
    assert "no card is left over" in error.message


def refused_new(options: dict, rule: str) -> RuleError:
    with pytest.raises(RuleError) as caught:
        ENGINE.new(options)
    error = caught.value
    assert error.rule == rule, error.message
    assert error.rule in RULE_IDS and error.message.endswith(".")
    return error


def test_options_refused_with_clear_messages():
    base = {"players": NAMES[:4], "princes": ALL}
    assert "missing" in refused_new({"players": NAMES[:4]}, "princes").message
    assert "'tigerking'" in refused_new({**base, "princes": ["tigerking"] + ALL[:4]},
                                        "princes").message
    assert "twice" in refused_new({**base, "princes": ALL[:4] + ["lionsyre"]},
                                  "princes").message
    error = refused_new({**base, "princes": ALL[:3]}, "princes")
    assert error.message == "With 4 players the game needs at least 4 princes, not 3."
    refused_new({**base, "kingseat": 4}, "kingseat")
    refused_new({**base, "kingseat": True}, "kingseat")
    refused_new({**base, "players": NAMES[:2]}, "players")
    refused_new({**base, "players": NAMES[:12] + ["Max"]}, "players")
    refused_new({**base, "colour": "red"}, "setup")
    refused_new({**base, "rulings": {"cards_per_prince": 11}}, "ruling-cards-per-prince")
    refused_new({**base, "rulings": {"squlofish_dark_weight": 3}}, "ruling-squlofish-weight")
    refused_new({**base, "rulings": {"speed": 1}}, "rulings")
    five = {"players": NAMES[:5], "princes": ALL}
    error = refused_new(five, "deal")
    assert error.message == ("The deal (108 cards dealt to 5 players) leaves 3 cards over, which "
                             "go face up into the Tell: name them in 'leftovers'.")
    assert "not 2" in refused_new({**five, "leftovers": ["lionsyre"] * 2}, "deal").message
    error = refused_new({**five, "leftovers": ["lionsyre-dark1"] * 3}, "deal")
    assert "only 1 card" in error.message
    error = refused_new({"players": NAMES[:4], "princes": ALL[:5], "leftovers": ["squlofish"]},
                        "deal")
    assert "Squlofish is not in this game" in error.message
    assert "even" in refused_new({**base, "leftovers": ["lionsyre"]}, "deal").message


def test_player_count_and_colour_warnings():
    assert ENGINE.view(game(4, SETS["starter"]))["warnings"] == []
    three = ENGINE.view(game(3, SETS["starter"]))  # 36 cards, 12 each
    assert "published for 4 to 10 players" in three["warnings"][0]
    eleven = ENGINE.view(game(11, leftovers=["lionsyre"] * 5 + ["smugwing"] * 4))  # 11 * 9 + 9
    assert any("published for 4 to 10 players" in w for w in eleven["warnings"])
    both = ENGINE.view(game(4, ["lionsyre", "hornseeker", "hardshell-hero", "squlofish"]))
    assert both["warnings"] == [
        "Hardshell Hero and Squlofish have similar colours (dark blue and light blue); the "
        "rules advise against playing them together."]


def test_options_from_form():
    form = {"player-0": "Ann", "player-1": "", "player-2": "Bob", "player-3": "Cid",
            "player-4": "Dee", "player-5": "Eve", "kingseat": "2", "set": "starter",
            "prince-smugwing": "on", "prince-lionsyre": "on", "prince-salsa-salamanda": "on",
            "prince-hornseeker": "on", "prince-woolfhall": "on",
            "leftovers": "lionsyre, smugwing-dark1", "ruling-squlofish_dark_weight": "2"}
    # 5 princes chosen (the boxes win over the set): 45 cards for 5 players, none over
    with pytest.raises(RuleError) as caught:
        ENGINE.options_from_form(form)
    assert caught.value.rule == "deal"
    form["leftovers"] = ""
    options = ENGINE.options_from_form(form)
    assert options["players"] == ["Ann", "Bob", "Cid", "Dee", "Eve"]
    assert options["kingseat"] == 1  # the field number of Bob, counted without the blank
    assert options["princes"] == ["lionsyre", "woolfhall", "hornseeker", "smugwing",
                                  "salsa-salamanda"]
    assert options["rulings"] == {"cards_per_prince": 9, "squlofish_dark_weight": 2,
                                  "dark_cards": 1}
    assert ENGINE.new(options).hands == (8,) * 5
    with pytest.raises(RuleError) as caught:
        ENGINE.options_from_form({"player-0": "Ann", "kingseat": "0"})
    assert caught.value.rule == "princes"


# --------------------------------------------------------------------------- the vote


def test_round_winner_takes_the_tell_and_the_others_act_from_the_kingseat():
    s = game(4, kingseat=2)
    s = run(s, V("lionsyre", "slydefox", "lionsyre-dark1", "woolfhall"))
    assert s.phase == "action"
    assert s.vote.winner == 0 and s.vote.text == "Lionsyre wins the round with 2 of 4 votes."
    assert tell_of(s) == {"lionsyre": 1, "lionsyre-dark1": 1}  # dark cards count for their prince
    assert s.hands == (25, 25, 25, 25)
    assert list(s.order) == [DEE, BOB]  # from the Kingseat (place 2) clockwise, losers only
    assert ENGINE.to_move(s) == DEE
    view = ENGINE.view(s)
    # the winning cards were played face up, but the Tell is a face-down pile: its size only
    assert view["tell"] == {"size": 2, "leftovers": []}
    assert view["action"]["card"] == "woolfhall" and view["action"]["may"] == [
        "action", "swap", "pass"]
    refused(s, PASS(BOB), "action-phase")
    refused(s, V("lionsyre", "lionsyre", "lionsyre", "lionsyre"), "action-phase")
    s = run(s, PASS(DEE))
    s = run(s, PASS(BOB))
    assert s.phase == "vote" and s.round == 2 and ENGINE.to_move(s) is None
    assert discard_of(s) == {"slydefox": 1, "woolfhall": 1}
    assert ENGINE.view(s)["give_cards"]["direction"] == "right"


@pytest.mark.parametrize("kingseat", [0, 3])
@pytest.mark.parametrize("distance", range(5))
def test_a_tie_goes_to_the_tied_card_nearest_the_kingseat_clockwise(kingseat, distance):
    n = 6
    s = game(n, kingseat=kingseat)
    near = s.seating[(kingseat + distance) % n]
    far = s.seating[(kingseat + distance + 1) % n]
    s = sitting_out(s, *(p for p in range(n) if p not in (near, far)))
    votes = [None] * n
    votes[near], votes[far] = "slydefox", "lionsyre"  # Lionsyre would win on catalogue order
    s = run(s, V(*votes))
    assert s.vote.winner == 1 and s.vote.tied == (0, 1)
    assert s.vote.decider == near and s.vote.offset == distance
    assert tell_of(s) == {"slydefox": 1}
    assert list(s.order) == [far]
    where = "in the Kingseat itself" if distance == 0 else \
        f"{distance} place{'s' if distance > 1 else ''} clockwise from the Kingseat"
    assert s.vote.text == (f"Lionsyre and Slydefox tie with 1 vote each; Slydefox wins the "
                           f"round because {NAMES[near]}'s card, {where}, is the nearest card "
                           f"of a tied prince.")


def test_the_kings_own_card_wins_a_tie_it_is_part_of():
    s = game(6, kingseat=2)
    # places 2..1 clockwise: Cid (King) woolfhall, Dee lionsyre, Eve lionsyre, Fay woolfhall
    s = run(s, V("hornseeker", "brownbeards", "woolfhall", "lionsyre", "lionsyre-dark2",
                 "woolfhall-dark1"))
    assert s.vote.winner == 2 and s.vote.decider == CID and s.vote.offset == 0
    assert "in the Kingseat itself" in s.vote.text
    assert tell_of(s) == {"woolfhall": 1, "woolfhall-dark1": 1}
    assert list(s.order) == [DEE, EVE, ANN, BOB]
    # the same votes with the King playing something else: the nearest tied card is Dee's
    s2 = run(game(6, kingseat=2), V("woolfhall", "brownbeards", "gulliballistas", "lionsyre",
                                    "lionsyre-dark2", "woolfhall-dark1"))
    assert s2.vote.winner == 0 and s2.vote.decider == DEE and s2.vote.offset == 1


def test_votes_refused():
    s = game(4)
    refused(s, V("lionsyre", "lionsyre", "lionsyre"), "move-format")
    refused(s, V("lionsyre", None, "lionsyre", "lionsyre"), "vote")
    refused(s, V("lionsyre", "lionsyre", "tigerking", "lionsyre"), "move-format")
    refused(s, {"type": "vote", "votes": ["lionsyre"] * 4, "extra": 1}, "move-format")
    error = refused(s, V("lionsyre-dark1", "lionsyre-dark1", "lionsyre", "lionsyre"), "copies")
    assert error.step == 1
    starter = game(4, SETS["starter"])
    error = refused(starter, V("lionsyre", "slydefox", "lionsyre", "lionsyre"), "copies")
    assert "Slydefox is not in this game" in error.message
    refused(sitting_out(s, BOB), V("lionsyre", "lionsyre", "lionsyre", "lionsyre"), "immune")
    refused(s, {"type": "swap", "player": 0, "with": 1}, "vote")
    refused(s, {"type": "loyalty", "loyalties": ["lionsyre"] * 4}, "vote")
    refused(s, "vote", "move-format")


# --------------------------------------------------------------------------- places and the King


def test_a_swap_moves_people_and_the_king_is_whoever_sits_in_the_kingseat():
    s = game(4)
    s = run(s, V("slydefox", "lionsyre", "woolfhall", "lionsyre"))
    assert list(s.order) == [ANN, CID]
    assert s.king == ANN
    refused(s, SWAP(ANN, ANN), "swap")
    s = run(s, SWAP(ANN, CID))
    assert s.seating == (CID, BOB, ANN, DEE) and s.king == CID
    assert s.hands == (25, 25, 25, 25)  # one card each way
    assert ENGINE.view(s)["king"] == CID
    assert list(s.order) == [CID]  # Cid still acts, though Cid now sits in the Kingseat
    s = run(s, PASS(CID))
    assert s.round == 2 and ENGINE.view(s)["players"][CID]["king"]
    # round 2 acts from the Kingseat, which is now Cid's place
    s = run(s, V("slydefox", "lionsyre", "woolfhall", "lionsyre"))
    assert list(s.order) == [CID, ANN]


def test_the_action_order_is_fixed_when_the_phase_starts():
    s = game(4)
    s = run(s, V("slydefox", "woolfhall", "lionsyre", "hornseeker"))  # a 4-way tie: Ann wins
    assert s.vote.winner == 1 and list(s.order) == [BOB, CID, DEE]
    s = run(s, SWAP(BOB, DEE))  # Dee moves to place 1, Bob to place 3
    assert s.seating == (ANN, DEE, CID, BOB)
    assert ENGINE.to_move(s) == CID  # not Dee, though Dee now sits nearer the Kingseat
    s = run(s, PASS(CID))
    assert ENGINE.to_move(s) == DEE


def test_slydefox_moves_two_players_who_each_add_a_card_to_the_tell():
    s = game(4)
    s = run(s, V("lionsyre", "slydefox", "lionsyre", "woolfhall"))
    assert list(s.order) == [BOB, DEE]
    # Each of the two puts a Hand card into the Tell face down: nobody names it.
    refused(s, A(BOB, "slydefox", players=[ANN, DEE], cards=["woolfhall", "lionsyre"]),
            "move-format")
    move = A(BOB, "slydefox", players=[ANN, DEE])
    s = run(s, move)
    assert s.seating == (DEE, BOB, CID, ANN) and s.king == DEE  # the King moved away
    assert tell_of(s) == {"lionsyre": 2} and s.tell_size == 4  # two cards face down
    assert ENGINE.view(s)["tell"]["size"] == 4
    assert s.hands == (24, 25, 25, 24)
    assert discard_of(s) == {"slydefox": 1}
    refused(run(game(4), V("lionsyre", "slydefox", "lionsyre", "woolfhall")),
            A(BOB, "slydefox", players=[ANN, ANN]), "slydefox")


def test_hardshell_hero_changes_places_and_trades_two_cards():
    s = game(4)
    s = run(s, V("hardshell-hero", "lionsyre", "lionsyre", "woolfhall"))
    s = run(s, A(ANN, "hardshell-hero", target=DEE))
    assert s.seating == (DEE, BOB, CID, ANN) and s.king == DEE
    assert s.hands == (25, 25, 25, 25)


def test_hornseeker_dark2_takes_the_kingseat_next_round_even_from_an_immune_king():
    s = game(4)
    s = run(s, V("smugwing", "lionsyre", "hornseeker-dark2", "lionsyre"))
    assert list(s.order) == [ANN, CID]
    s = run(s, A(ANN, "smugwing"))  # the King sits out the next round
    s = run(s, A(CID, "hornseeker-dark2"))
    assert s.round == 2
    assert s.seating == (CID, BOB, ANN, DEE) and s.king == CID
    assert s.effects.sit_out == (ANN,)
    assert any("Cid changed places with Ann and is now the King" in e for e in s.events)
    # Hornseeker's regular action may look only beside the (new) King: Bob and Ann
    s = run(s, V(None, "hornseeker", "lionsyre", "lionsyre"))
    assert list(s.order) == [BOB]
    assert ENGINE.view(s)["action"]["needs"]["target"] == [DEE]  # Bob himself and Dee
    refused(s, A(BOB, "hornseeker", target=CID), "hornseeker")  # the King, not beside him
    refused(s, A(BOB, "hornseeker", target=ANN), "immune")
    s = run(s, A(BOB, "hornseeker", target=DEE))


# --------------------------------------------------------------------------- the Tell


def test_brownbeards_regular_goes_into_the_tell_but_not_after_a_swap():
    s = run(game(4, kingseat=1), V("brownbeards", "lionsyre", "brownbeards", "lionsyre"))
    assert s.vote.winner == 0 and list(s.order) == [CID, ANN]
    s = run(s, A(CID, "brownbeards"))
    assert tell_of(s) == {"lionsyre": 2, "brownbeards": 1} and discard_of(s) == {}
    s = run(s, SWAP(ANN, BOB))
    assert tell_of(s) == {"lionsyre": 2, "brownbeards": 1}
    assert discard_of(s) == {"brownbeards": 1}


def test_lionsyre_dark2_puts_two_cards_into_the_tell_face_down_or_what_the_hand_holds():
    # Card: the King chooses 2 of your cards, which go into the Tell. Only the King sees them:
    # the table enters nothing and the app counts them face down.
    s = run(game(4), V("lionsyre-dark2", "slydefox", "slydefox", "woolfhall"))
    assert list(s.order) == [ANN, DEE]
    refused(s, A(ANN, "lionsyre-dark2", cards=["woolfhall", "woolfhall-dark1"]), "move-format")
    t = run(s, A(ANN, "lionsyre-dark2"))
    assert tell_of(t) == {"slydefox": 2} and t.tell_size == 4
    assert t.hands[ANN] == 23
    assert "2 cards" in t.events[-1] and "face down" in t.events[-1]
    # with one card left in the Hand, only that one goes (24 of Ann's cards discarded earlier)
    discard = list(s.discard)
    for kid, count in (("gulliballistas", 7), ("monarchrys", 7), ("crassclamps", 7),
                       ("hardshell-hero", 3)):
        discard[KIND_INDEX[kid]] += count
    short = dataclasses.replace(s, hands=(1, 25, 25, 25), discard=tuple(discard))
    check(short)
    t = run(short, A(ANN, "lionsyre-dark2"))
    assert t.hands[ANN] == 0 and t.tell_size == 3


def test_slydefox_dark2_swaps_tell_cards_for_hand_cards_without_naming_them():
    # Card: take 3 random cards out of the Tell and replace them with 3 Hand cards. Nobody but
    # the player sees them: the app counts 3 out and 3 in, and the cards the table saw go in
    # face up may now be among those drawn.
    s = game(5, leftovers=["squlofish", "smugwing", "lionsyre"])
    s = run(s, V("slydefox-dark2", "woolfhall", "woolfhall", "hornseeker", "brownbeards"))
    assert s.tell_size == 5 and s.order[0] == ANN
    assert tell_of(s) == {"squlofish": 1, "smugwing": 1, "lionsyre": 1, "woolfhall": 2}
    refused(s, A(ANN, "slydefox-dark2", from_tell=["squlofish"] * 3), "move-format")
    assert ENGINE.view(s)["action"]["needs"] == {"face_down": 3}  # what the page says is swapped
    t = run(s, A(ANN, "slydefox-dark2"))
    assert t.tell_size == 5 and t.hands[ANN] == 19  # drew 3, put back 3
    assert tell_of(t) == {}  # any seen card may have been drawn: none is certain any more
    assert ENGINE.view(t)["tell"]["size"] == 5
    # with 2 cards in the Tell, 2 go each way
    small = run(game(4), V("slydefox-dark2", "woolfhall", "woolfhall", "hornseeker"))
    assert ENGINE.view(small)["action"]["needs"] == {"face_down": 2}
    t = run(small, A(ANN, "slydefox-dark2"))
    assert t.tell_size == 2 and t.hands[ANN] == small.hands[ANN]
    assert "2 cards out of the Tell" in t.events[-1]


def test_woolfhall_dark2_each_woolfhall_voter_adds_that_many_cards_face_down():
    s = run(game(4), V("woolfhall-dark2", "woolfhall", "lionsyre", "lionsyre"))
    # tie 2-2: Ann's card is in the Kingseat, so Woolfhall wins... unless Cid is King
    assert s.vote.winner == 2
    s = run(game(4, kingseat=2), V("woolfhall-dark2", "woolfhall", "lionsyre", "lionsyre"))
    assert s.vote.winner == 0 and list(s.order) == [ANN, BOB]
    refused(s, A(ANN, "woolfhall-dark2", added=[{"player": ANN, "cards": ["slydefox"] * 2}]),
            "move-format")
    s = run(s, A(ANN, "woolfhall-dark2"))  # 2 voters: each puts 2 cards in, face down
    assert s.tell_size == 2 + 4 and s.hands == (23, 23, 25, 25)
    assert tell_of(s) == {"lionsyre": 2}


def test_squlofish_dark1_takes_at_most_three_votes_of_squlofish_out_of_the_tell():
    # Ruling: Squlofish cards worth at most 3 votes go to the Discard, as many as fit; the
    # Discard is face up, so the table names them. The app refuses what the cards it saw go in
    # face up contradict, and keeps the rest for the reveal.
    leftovers = ["squlofish", "squlofish", "squlofish-dark2"]
    s = run(game(5, leftovers=leftovers),
            V("squlofish-dark1", "lionsyre", "lionsyre", "woolfhall", "hornseeker"))
    assert s.order[0] == ANN
    move = A(ANN, "squlofish-dark1", discard="monarchrys", removed=["squlofish", "squlofish"])
    error = refused(s, move, "reading-squlofish")
    assert "worth 4 votes" in error.message
    move["removed"] = ["squlofish"]  # 2 votes, and the dark one (1 vote) still fits
    assert "is still there" in refused(s, move, "reading-squlofish").message
    refused(s, {**move, "removed": ["lionsyre"]}, "squlofish-dark1")
    # the Squlofish dark 1 is the card Ann played: it cannot be in the Tell
    refused(s, {**move, "removed": ["squlofish-dark1"]}, "copies")
    move["removed"] = ["squlofish", "squlofish-dark2"]
    t = run(s, move)
    assert tell_of(t) == {"lionsyre": 2, "squlofish": 1}
    assert discard_of(t) == {"monarchrys": 1, "squlofish": 1, "squlofish-dark2": 1,
                             "squlofish-dark1": 1}
    assert t.hands[ANN] == 18
    # when every Squlofish card is worth 2, one card is all that fits
    heavy = ENGINE.with_rulings(s, {"cards_per_prince": 9, "squlofish_dark_weight": 2})
    refused(heavy, move, "reading-squlofish")
    t = run(heavy, {**move, "removed": ["squlofish-dark2"]})
    assert tell_of(t) == {"lionsyre": 2, "squlofish": 2}
    # a face-down card may be a Squlofish: the app takes the player's word, as far as the
    # Tell's size and the cards seen elsewhere allow, and checks it at the reveal
    s = run(game(4, kingseat=1), V("squlofish-dark1", "slydefox", "lionsyre", "lionsyre"))
    assert list(s.order) == [BOB, ANN]
    s = run(s, A(BOB, "slydefox", players=[CID, DEE]))  # 2 cards face down
    move = A(ANN, "squlofish-dark1", discard="monarchrys", removed=["squlofish-dark2"] * 2)
    assert "at most 1 card" in refused(s, move, "copies").message  # one such card in the game
    t = run(s, {**move, "removed": ["squlofish"]})
    assert t.tell_size == 3 and discard_of(t)["squlofish"] == 1
    assert run(s, {**move, "removed": []}).tell_size == 4  # no Squlofish there, says Ann


def test_smugwing_dark1_sends_the_winning_cards_to_the_discard():
    s = run(game(4), V("lionsyre", "smugwing-dark1", "lionsyre-dark2", "woolfhall"))
    assert tell_of(s) == {"lionsyre": 1, "lionsyre-dark2": 1}
    refused(s, A(BOB, "smugwing-dark1", moved=["lionsyre"]), "reading-winning-cards")
    s = run(s, A(BOB, "smugwing-dark1"))
    assert tell_of(s) == {} and s.tell_size == 0
    assert discard_of(s) == {"lionsyre": 1, "lionsyre-dark2": 1, "smugwing-dark1": 1}


def test_smugwing_dark1_after_a_random_draw_takes_the_winning_cards_the_table_found():
    # After Slydefox's dark 2 drew 3 random cards out of the Tell, this round's winning cards
    # may be among them: the table says which it found (they land face up in the Discard), and
    # the event does not depend on which cards were drawn.
    s = run(game(5, leftovers=["squlofish", "smugwing", "lionsyre"]),
            V("slydefox-dark2", "smugwing-dark1", "woolfhall", "woolfhall", "hornseeker"))
    assert s.order[:2] == (ANN, BOB)
    s = run(s, A(ANN, "slydefox-dark2"))
    refused(s, A(BOB, "smugwing-dark1", moved=["woolfhall"] * 3), "reading-winning-cards")
    refused(s, A(BOB, "smugwing-dark1", moved=["lionsyre"]), "reading-winning-cards")
    t = run(s, A(BOB, "smugwing-dark1", moved=["woolfhall"]))
    assert t.tell_size == 4 and discard_of(t)["woolfhall"] == 1
    assert ENGINE.view(t)["events"][-1] == \
        "Bob used the Smugwing (dark 1): this round's winning cards (1 card) went to the Discard."
    whole = run(s, A(BOB, "smugwing-dark1"))
    assert whole.tell_size == 3


def test_salsa_salamanda_moves_one_winning_card_to_a_hand_or_the_discard():
    s = run(game(4), V("lionsyre", "salsa-salamanda", "lionsyre-dark2", "woolfhall"))
    refused(s, A(BOB, "salsa-salamanda", winning="woolfhall", to=DEE), "reading-winning-cards")
    refused(s, A(BOB, "salsa-salamanda", winning="lionsyre", to="box"), "move-format")
    t = run(s, A(BOB, "salsa-salamanda", winning="lionsyre-dark2", to=DEE))
    assert tell_of(t) == {"lionsyre": 1} and t.hands[DEE] == 26
    t = run(s, A(BOB, "salsa-salamanda", winning="lionsyre", to="discard"))
    assert tell_of(t) == {"lionsyre-dark2": 1}
    assert discard_of(t) == {"lionsyre": 1, "salsa-salamanda": 1}
    # after Smugwing's dark 1 no winning card is left in the Tell for Salsa to take
    s = run(game(4), V("lionsyre", "smugwing-dark1", "salsa-salamanda", "lionsyre"))
    s = run(s, A(BOB, "smugwing-dark1"))
    error = refused(s, A(CID, "salsa-salamanda", winning="lionsyre", to=DEE),
                    "reading-winning-cards")
    assert "none of this round's winning cards" in error.message


def test_brownbeards_dark2_undoes_the_round_and_it_is_voted_again():
    # Rulings: "the round is undone completely": every played card goes back, and what the
    # round's actions did is taken back too; the Brownbeards card is discarded.
    s = run(game(4), V("lionsyre", "lionsyre", "smugwing", "brownbeards-dark2"))
    assert list(s.order) == [CID, DEE] and s.tell_size == 2
    s = run(s, A(CID, "smugwing"))  # resolved before the undo: taken back with the round
    s = run(s, A(DEE, "brownbeards-dark2"))
    assert s.phase == "vote" and s.round == 1 and s.replays == 1
    assert tell_of(s) == {} and s.tell_size == 0
    assert discard_of(s) == {"brownbeards-dark2": 1}  # only the undo card is discarded
    assert s.hands == (26, 26, 26, 25)
    assert s.coming.sit_out == ()
    assert s.vote.undone and ENGINE.view(s)["vote"]["replay"]
    assert ENGINE.view(s)["give_cards"] is None  # voted again, with no new Give Cards
    refused(s, V("lionsyre", "lionsyre", "smugwing", "brownbeards-dark2"), "copies")
    s = run(s, V("slydefox", "lionsyre", "slydefox", "woolfhall"))
    assert s.vote.winner == 1 and tell_of(s) == {"slydefox": 2}


def test_brownbeards_dark2_takes_back_a_swap_that_moved_the_king():
    # The case: after Cid swapped with Ann (Cid became King), Brownbeards dark 2 undoes
    # the round, so the re-vote has Ann as King again, and the cards Smugwing's dark 1 sent to
    # the Discard are back in their players' Hands.
    s = run(game(4), V("lionsyre", "lionsyre", "smugwing-dark1", "brownbeards-dark2"))
    assert list(s.order) == [CID, DEE]
    s = run(s, SWAP(CID, ANN))
    assert s.king == CID
    s = run(s, A(DEE, "brownbeards-dark2"))
    assert s.king == ANN and s.seating == (ANN, BOB, CID, DEE)
    assert discard_of(s) == {"brownbeards-dark2": 1}
    assert s.hands == (26, 26, 26, 25)
    s = run(game(4), V("lionsyre", "lionsyre", "smugwing-dark1", "brownbeards-dark2"))
    s = run(s, A(CID, "smugwing-dark1"))
    s = run(s, A(DEE, "brownbeards-dark2"))
    assert discard_of(s) == {"brownbeards-dark2": 1} and s.tell_size == 0
    assert s.hands == (26, 26, 26, 25)


def test_brownbeards_dark1_takes_brownbeards_cards_back_from_the_discard():
    s = run(game(4, kingseat=1), V("brownbeards-dark1", "lionsyre", "lionsyre", "brownbeards"))
    assert list(s.order) == [DEE, ANN]
    s = run(s, SWAP(DEE, BOB))  # Dee's Brownbeards goes to the Discard
    refused(s, A(ANN, "brownbeards-dark1", cards=["brownbeards", "brownbeards"]),
            "brownbeards-dark1")  # two voters, but the Discard holds only one
    refused(s, A(ANN, "brownbeards-dark1", cards=["lionsyre"]), "brownbeards-dark1")
    s = run(s, A(ANN, "brownbeards-dark1", cards=["brownbeards"]))
    assert discard_of(s) == {"brownbeards-dark1": 1} and s.hands[ANN] == 26


# --------------------------------------------------------------------------- who votes


def test_smugwing_sits_out_the_next_vote_and_cannot_be_targeted():
    s = run(game(4), V("lionsyre", "hornseeker", "smugwing", "lionsyre"))
    s = run(s, PASS(BOB))
    s = run(s, A(CID, "smugwing"))
    assert s.round == 2 and s.effects.sit_out == (CID,)
    view = ENGINE.view(s)
    assert view["vote"]["voters"] == [ANN, BOB, DEE] and view["players"][CID]["sits_out"]
    refused(s, V("lionsyre", "slydefox", "lionsyre", "lionsyre"), "immune")
    s = run(s, V("lionsyre", "slydefox", None, "hardshell-hero"))
    assert s.vote.tied == (0, 1, 8) and s.vote.winner == 0  # Ann's card is in the Kingseat
    assert list(s.order) == [BOB, DEE]
    refused(s, SWAP(BOB, CID), "immune")
    refused(s, A(BOB, "slydefox", players=[CID, ANN]),
            "immune")
    assert CID not in ENGINE.view(s)["action"]["swap_with"]
    s = run(s, SWAP(BOB, ANN))
    refused(s, A(DEE, "hardshell-hero", target=CID), "immune")
    s = run(s, A(DEE, "hardshell-hero", target=ANN))
    assert s.round == 3 and s.effects.sit_out == ()


def test_woolfhall_forces_everybody_when_its_player_was_the_only_woolfhall_voter():
    s = run(game(4), V("woolfhall", "lionsyre", "lionsyre", "hornseeker"))
    refused(s, A(ANN, "woolfhall", prince="tigerking"), "move-format")
    s = run(s, A(ANN, "woolfhall", prince="hornseeker"))
    s = run(s, PASS(DEE))
    assert [(p, pr) for p, pr, _ in s.effects.forced] == [(0, 3), (1, 3), (2, 3), (3, 3)]
    error = refused(s, V("hornseeker", "hornseeker", "lionsyre", "hornseeker"), "forced-votes")
    assert error.step == CID and "must vote Hornseeker" in error.message
    refused(s, V("hornseeker", "hornseeker", "hornseeker", "hornseeker-dark1",
                 none_held=[DEE]), "forced-votes")  # declared none, yet votes one
    t = run(s, V("hornseeker", "hornseeker", "lionsyre", "hornseeker-dark1", none_held=[CID]))
    assert t.vote.winner == 3
    assert "Cid declared holding no card of the forced prince." in t.events
    # once every Hornseeker card is in the Discard, nobody can hold one: no declaration needed
    discard = list(s.discard)
    for kid, count in (("hornseeker", 6), ("hornseeker-dark1", 1), ("hornseeker-dark2", 1)):
        discard[KIND_INDEX[kid]] += count
    gone = dataclasses.replace(s, discard=tuple(discard), hands=(17, 25, 25, 25))
    check(gone)
    run(gone, V("lionsyre", "lionsyre", "slydefox", "woolfhall"))


def test_woolfhall_forces_only_the_woolfhall_voters_and_the_last_named_prince_counts():
    s = run(game(4, kingseat=2), V("woolfhall", "woolfhall", "lionsyre", "lionsyre"))
    assert s.vote.winner == 0 and list(s.order) == [ANN, BOB]
    s = run(s, A(ANN, "woolfhall", prince="slydefox"))
    s = run(s, A(BOB, "woolfhall", prince="hornseeker"))
    assert [(p, pr) for p, pr, _ in s.effects.forced] == [(ANN, 3), (BOB, 3)]
    refused(s, V("slydefox", "hornseeker", "lionsyre", "lionsyre"), "forced-votes")
    refused(s, V("hornseeker", "hornseeker", "lionsyre", "lionsyre", none_held=[CID]),
            "forced-votes")  # Cid is under no forced vote
    run(s, V("hornseeker", "hornseeker", "lionsyre", "slydefox"))


def test_crassclamps_orders_a_vote_and_a_swap():
    s = run(game(4), V("crassclamps", "lionsyre", "lionsyre", "woolfhall"))
    refused(s, A(ANN, "crassclamps", target=BOB, prince="slydefox", order="maybe"),
            "move-format")
    refused(s, A(ANN, "crassclamps", target=ANN, prince="slydefox", order="swap"),
            "crassclamps")
    s = run(s, A(ANN, "crassclamps", target=BOB, prince="slydefox", order="swap"))
    s = finish_round(s)
    assert s.effects.forced == ((BOB, 1, "crassclamps"),)
    assert s.effects.orders == ((BOB, "swap"),)
    assert ENGINE.view(s)["players"][BOB]["forced"] == {"prince": "slydefox",
                                                        "by": "crassclamps"}
    refused(s, V("lionsyre", "woolfhall", "lionsyre", "hornseeker"), "forced-votes")
    s = run(s, V("lionsyre", "slydefox", "lionsyre", "hornseeker"))
    assert list(s.order) == [BOB, DEE]
    assert ENGINE.view(s)["action"]["may"] == ["swap"]
    refused(s, PASS(BOB), "orders")
    refused(s, A(BOB, "slydefox", players=[ANN, CID]),
            "orders")
    s = run(s, SWAP(BOB, DEE))


def test_crassclamps_order_to_act_forbids_a_swap_and_lapses_for_a_winner():
    s = run(game(4), V("crassclamps", "lionsyre", "lionsyre", "woolfhall"))
    s = finish_round(run(s, A(ANN, "crassclamps", target=DEE, prince="woolfhall",
                              order="action")))
    t = run(s, V("lionsyre", "slydefox", "lionsyre", "woolfhall"))
    assert DEE in t.order
    t = run(t, PASS(BOB))
    refused(t, SWAP(DEE, ANN), "orders")
    run(t, A(DEE, "woolfhall", prince="lionsyre"))
    # when Dee's card wins, Dee takes no action at all
    t = run(s, V("woolfhall", "slydefox", "lionsyre", "woolfhall-dark1"))
    assert t.vote.winner == 2 and DEE not in t.order


def test_crassclamps_dark1_forbids_card_actions_next_round():
    s = run(game(4), V("crassclamps-dark1", "lionsyre", "lionsyre", "woolfhall"))
    s = finish_round(run(s, A(ANN, "crassclamps-dark1")))
    assert s.effects.no_actions
    s = run(s, V("smugwing", "lionsyre", "lionsyre", "woolfhall"))
    assert ENGINE.view(s)["action"]["may"] == ["swap", "pass"]
    refused(s, A(ANN, "smugwing"), "no-actions")
    s = run(run(s, SWAP(ANN, BOB)), PASS(DEE))
    assert s.round == 3 and not s.effects.no_actions and s.effects.sit_out == ()


def test_lionsyre_and_crassclamps_dark2_make_the_next_round_open():
    s = run(game(4), V("lionsyre-dark1", "crassclamps-dark2", "slydefox", "slydefox"))
    s = run(s, A(ANN, "lionsyre-dark1"))
    s = run(s, A(BOB, "crassclamps-dark2", first=DEE))
    view = ENGINE.view(s)["vote"]
    assert view["open"] and view["first"] == DEE


# --------------------------------------------------------------------------- Hands


def test_actions_that_move_cards_between_hands():
    s = run(game(4), V("slydefox-dark1", "monarchrys-dark2", "squlofish", "lionsyre"))
    assert s.vote.tied and s.vote.winner == 1  # Ann's card in the Kingseat
    s = run(s, A(BOB, "monarchrys-dark2", target=DEE, prince="woolfhall", taken=5, given=0))
    assert s.hands == (25, 30, 25, 20)
    s = run(s, A(CID, "squlofish", target=BOB, count=2))
    assert s.hands == (25, 28, 27, 20)
    s = run(game(4), V("lionsyre", "monarchrys-dark2", "lionsyre", "woolfhall"))
    refused(s, A(BOB, "monarchrys-dark2", target=DEE, prince="woolfhall", taken=2, given=3),
            "monarchrys-dark2")
    # no Hand can hold more than the 9 Woolfhall cards of the game, less the one on the table
    refused(s, A(BOB, "monarchrys-dark2", target=DEE, prince="woolfhall", taken=9, given=0),
            "monarchrys-dark2")
    s = run(s, A(BOB, "monarchrys-dark2", target=DEE, prince="woolfhall", taken=0, given=4))
    assert s.hands == (25, 21, 25, 29)


def test_hardshell_dark_cards_and_smugwing_dark2_take_cards_from_others():
    s = run(game(4, kingseat=1),
            V("hardshell-hero-dark1", "lionsyre", "lionsyre", "hardshell-hero-dark2"))
    assert list(s.order) == [DEE, ANN]
    s = run(s, A(DEE, "hardshell-hero-dark2"))  # Ann voted Hardshell: she gives nothing
    assert s.hands == (25, 24, 24, 27)
    refused(s, A(ANN, "hardshell-hero-dark1", discards=[
        {"player": BOB, "card": "woolfhall"}, {"player": CID, "card": "woolfhall"}]),
        "hardshell-hero-dark1")  # Dee must discard too
    s = run(s, A(ANN, "hardshell-hero-dark1", discards=[
        {"player": BOB, "card": "woolfhall"}, {"player": CID, "card": "slydefox"},
        {"player": DEE, "card": "woolfhall-dark1"}]))
    assert s.hands == (25, 23, 23, 26)
    assert discard_of(s) == {"woolfhall": 1, "woolfhall-dark1": 1, "slydefox": 1,
                             "hardshell-hero-dark1": 1, "hardshell-hero-dark2": 1}
    s = run(game(4), V("lionsyre", "smugwing-dark2", "lionsyre", "woolfhall"))
    refused(s, A(BOB, "smugwing-dark2", givers=[DEE]), "smugwing-dark2")
    s = run(s, A(BOB, "smugwing-dark2", givers=[ANN, CID]))
    assert s.hands == (24, 27, 24, 25)


def test_squlofish_dark2_the_players_with_the_most_squlofish_discard_one():
    s = run(game(4), V("lionsyre", "squlofish-dark2", "lionsyre", "woolfhall"))
    refused(s, A(BOB, "squlofish-dark2", discards=[{"player": ANN, "card": "lionsyre"}]),
            "squlofish-dark2")
    s = run(s, A(BOB, "squlofish-dark2", discards=[
        {"player": ANN, "card": "squlofish"}, {"player": DEE, "card": "squlofish-dark1"}]))
    assert s.hands == (24, 25, 25, 24)


def test_give_cards_alternates_and_an_empty_hand_still_receives():
    s = run(game(4), V("lionsyre", "monarchrys-dark1", "lionsyre", "monarchrys-dark2"))
    assert s.hands == (25, 25, 25, 25) and list(s.order) == [BOB, DEE]
    # 24 dark cards in the game, 2 of them on the table: Bob can take at most 22
    refused(s, A(BOB, "monarchrys-dark1", target=CID, taken=23, given=0), "monarchrys-dark1")
    s = run(s, A(BOB, "monarchrys-dark1", target=CID, taken=22, given=0))
    s = run(s, A(DEE, "monarchrys-dark2", target=CID, prince="lionsyre", taken=3, given=0))
    # round 2 passes to the right: Cid, with no cards, gives none but gets Dee's card
    assert s.round == 2 and ENGINE.view(s)["give_cards"]["direction"] == "right"
    assert s.hands == (25, 46, 1, 28)


def test_a_player_with_an_empty_hand_no_longer_votes_and_the_game_ends_when_all_are_empty():
    moves, final = random_game(random.Random(3), random_options(random.Random(3), 4))
    assert final.phase == "over" and final.hands == (0, 0, 0, 0)
    options = random_options(random.Random(3), 4)
    s = ENGINE.new(options)
    for move in moves:
        if s.phase == "vote":
            for p, card in enumerate(move["votes"]):
                if s.hands[p] == 0:
                    assert card is None
        s = run(s, move)
    assert s == final


# --------------------------------------------------------------------------- the end


def ending(tell: dict[str, int], loyal: list[str], *, weight: int = 1,
           princes=("lionsyre", "slydefox", "woolfhall", "squlofish")) -> State:
    """A game at its end, the Tell revealed: every Hand empty, this Tell (face down until the
    reveal), these Loyalty cards, the rest discarded."""
    s = game(4, list(princes), rulings={"squlofish_dark_weight": weight})
    tell_v = [0] * len(KINDS)
    for kid, c in tell.items():
        tell_v[KIND_INDEX[kid]] = c
    discard = list(s.copies)
    for k, c in enumerate(tell_v):
        discard[k] -= c
    for kid in loyal:
        discard[KIND_INDEX[kid]] -= 1
    s = dataclasses.replace(s, hands=(0,) * 4, tell_seen=(0,) * len(KINDS),
                            tell_size=sum(tell_v), discard=tuple(discard), phase="reveal")
    check(s)
    return run(s, {"type": "reveal", "tell": tell})


def test_final_count_weighs_squlofish_by_the_ruling():
    tell = {"squlofish": 3, "squlofish-dark1": 1, "lionsyre": 7}
    loyal = ["squlofish", "lionsyre", "slydefox", "squlofish-dark2"]
    light = ending(tell, loyal)
    assert ENGINE.view(light)["loyalty_cards"] == {"lionsyre": 1, "slydefox": 1, "squlofish": 2}
    refused(light, {"type": "loyalty", "loyalties": ["lionsyre"] * 4}, "loyalty")
    move = {"type": "loyalty", "loyalties": ["squlofish", "lionsyre", "slydefox", "squlofish"]}
    over = run(light, move)
    result = ENGINE.result(over)
    # 3 regular Squlofish x2 + 1 dark x1 = 7, tied with 7 Lionsyre: both win
    assert result["tally"] == {"lionsyre": 7, "slydefox": 0, "woolfhall": 0, "squlofish": 7}
    assert result["princes"] == ["lionsyre", "squlofish"]
    assert result["winners"] == [ANN, BOB, DEE]
    assert result["reason"] == ("Lionsyre and Squlofish tie for the Tell with 7 votes each: "
                                "Ann, Bob and Dee win.")
    assert ENGINE.to_move(over) is None
    refused(over, move, "game-over")
    heavy = run(ending(tell, loyal, weight=2), move)
    result = ENGINE.result(heavy)
    assert result["tally"]["squlofish"] == 8 and result["princes"] == ["squlofish"]
    assert result["winners"] == [ANN, DEE] and result["reason"] == \
        "Squlofish wins the Tell with 8 votes: Ann and Dee win."
    # the ruling can change after the end, and the count follows it
    assert ENGINE.result(ENGINE.with_rulings(heavy, {"squlofish_dark_weight": 1}))[
        "princes"] == ["lionsyre", "squlofish"]


def test_a_final_winner_nobody_was_loyal_to():
    over = run(ending({"woolfhall": 3}, ["lionsyre"] * 4),
               {"type": "loyalty", "loyalties": ["lionsyre"] * 4})
    result = ENGINE.result(over)
    assert result["winners"] == [] and result["princes"] == ["woolfhall"]
    assert result["reason"] == "Woolfhall wins the Tell with 3 votes, and nobody was loyal to it."


def test_the_tell_is_hidden_until_the_end_and_leftovers_count():
    options = random_options(random.Random(8), 5)
    moves, final = random_game(random.Random(8), options)
    s = ENGINE.new(options)
    assert ENGINE.view(s)["tell"]["leftovers"] == sorted(
        options["leftovers"], key=lambda kid: KIND_INDEX[kid])
    for move in moves[:-2]:  # up to the reveal
        s = run(s, move)
        view = ENGINE.view(s)
        assert set(view["tell"]) == {"size", "leftovers"}
        assert view["result"] is None
    view = ENGINE.view(final)
    assert sum(view["tell"]["cards"].values()) == view["tell"]["size"]
    assert view["tell"]["count"] == ENGINE.result(final)["tally"]
    assert [p["loyalty"] for p in view["players"]] == ENGINE.result(final)["loyalties"]


def test_leftover_cards_count_in_the_final_tally():
    s = game(5, leftovers=["squlofish", "lionsyre", "squlofish"])  # 108 cards, 3 over
    discard = list(s.copies)
    for k, c in enumerate(s.tell_seen):
        discard[k] -= c
    discard[KIND_INDEX["woolfhall"]] -= 5  # the five Loyalty cards
    s = dataclasses.replace(s, hands=(0,) * 5, discard=tuple(discard), phase="reveal")
    check(s)
    refused(s, {"type": "reveal", "tell": {"squlofish": 2}}, "reveal")  # the Tell holds 3
    refused(s, {"type": "reveal", "tell": {"squlofish": 1, "lionsyre": 2}}, "reveal")
    s = run(s, {"type": "reveal", "tell": {"squlofish": 2, "lionsyre": 1}})
    over = run(s, {"type": "loyalty", "loyalties": ["woolfhall"] * 5})
    result = ENGINE.result(over)
    assert result["tally"]["squlofish"] == 4 and result["tally"]["lionsyre"] == 1
    assert result["princes"] == ["squlofish"] and result["winners"] == []


def test_cards_per_prince_cannot_change_during_a_game():
    s = game(4)
    with pytest.raises(RuleError) as caught:
        ENGINE.with_rulings(s, {"cards_per_prince": 10})
    assert caught.value.rule == "ruling-cards-per-prince"
    assert ENGINE.with_rulings(s, {"squlofish_dark_weight": 2}).dark_weight == 2


# --------------------------------------------------------------------------- rules page, refusals


def test_rules_page_entries():
    ids = [entry.id for entry in RULES]
    assert len(ids) == len(set(ids))
    assert not {entry.id for entry in COMMON_RULES} & set(ids)  # the page adds those itself
    ids += [entry.id for entry in COMMON_RULES]
    for kind in KINDS:
        assert kind.id in ids
    for needed in ("players", "kingseat", "princes", "colours", "deal", "setup-passing",
                   "give-cards", "vote", "copies", "round-winner", "tie-break", "forced-votes",
                   "immune", "action-phase", "swap", "pass", "orders", "no-actions", "end",
                   "final-count", "final-tie", "squlofish-weight", "loyalty", "game-over", "reveal",
                   "ruling-dark-cards",
                   "rulings", "move-format", "undo", "import", "record"):
        assert needed in ids
    for entry in RULES:
        assert entry.text.endswith(".") and entry.title and entry.section
    for ruling in ENGINE.rulings:
        assert ruling.rule in RULE_IDS
    assert [r.id for r in ENGINE.rulings] == ["cards_per_prince", "squlofish_dark_weight",
                                              "dark_cards"]
    assert [r.default for r in ENGINE.rulings] == [9, 1, 1]


def test_every_refusal_cites_a_rules_entry():
    rng = random.Random(5)
    seen = set()
    values = [None, 0, 1, 3, 9, -1, "lionsyre", "squlofish", "discard", "swap", [], ["x"],
              [{"player": 0, "card": "lionsyre"}], True]
    for seed in range(40):
        options = random_options(random.Random(seed))
        moves, _ = random_game(random.Random(seed), options)
        s = ENGINE.new(options)
        for move in moves:
            for _ in range(3):
                broken = json.loads(json.dumps(move))
                key = rng.choice(sorted(broken) + ["player", "with", "target", "votes"])
                if key == "votes" and broken.get("type") == "vote":
                    broken["votes"][rng.randrange(len(broken["votes"]))] = rng.choice(
                        [None, "lionsyre", "smugwing-dark2", "squlofish"])
                else:
                    broken[key] = rng.choice(values)
                try:
                    ENGINE.validate(s, broken)
                except RuleError as error:
                    seen.add(error.rule)
            s = ENGINE.apply(s, move)
    assert seen <= RULE_IDS
    assert len(seen) >= 15, seen


# --------------------------------------------------------------------------- replay, describe


def test_describe_names_what_happened_without_revealing_the_tell():
    names = ("Ann", "Bob", "Cid", "Dee")
    assert ENGINE.describe(V("lionsyre", None, "lionsyre", "woolfhall-dark2"), names) == \
        "The vote: Ann Lionsyre, Cid Lionsyre, Dee Woolfhall (dark 2)"
    assert ENGINE.describe(V("woolfhall", "lionsyre", "lionsyre", "lionsyre", none_held=[2, 1]),
                           names).endswith(
        "; Bob and Cid held no card of the prince they were told to vote")
    assert ENGINE.describe(SWAP(1, 3), names) == "Bob swapped places and a card with Dee"
    assert ENGINE.describe(PASS(1), names) == "Bob did nothing with their card"
    line = ENGINE.describe(A(0, "lionsyre-dark2"), names)
    assert line == ("Ann used the Lionsyre (dark 2): the King put cards from Ann's Hand into the "
                    "Tell, face down")
    line = ENGINE.describe(A(0, "woolfhall-dark2"), names)
    assert line == ("Ann used the Woolfhall (dark 2): the Woolfhall voters put cards into the Tell, "
                    "face down")
    assert ENGINE.describe(A(2, "crassclamps", target=0, prince="lionsyre", order="swap"), names) == \
        "Cid used the Crassclamps: Ann must vote Lionsyre next round, then swap places"
    assert ENGINE.describe(A(3, "hornseeker", target=1), names) == \
        "Dee used the Hornseeker: looked at Bob's Loyalty card"
    assert ENGINE.describe({"type": "loyalty", "loyalties": ["lionsyre", "smugwing"]}, names[:2]) == \
        "The Loyalties turned over: Ann Lionsyre, Bob Smugwing"


# --------------------------------------------------------------------------- the table's Tell


def test_no_view_shows_the_tells_running_tally_before_the_end():
    """Issue 22 item 4: the Tell is a face-down pile. Every phone's view shows its size and the
    deal's leftovers, never what went in by kind, until it is turned over."""
    s = game(5, leftovers=["squlofish", "smugwing", "lionsyre"])
    s = run(s, V("lionsyre-dark1", "lionsyre", "woolfhall", "hornseeker", "brownbeards"))
    assert tell_of(s) == {"squlofish": 1, "smugwing": 1, "lionsyre": 2, "lionsyre-dark1": 1}
    for p in list(s.order):
        s = run(s, PASS(p))
    for player in (None, *range(5)):
        view = ENGINE.view(s, player)
        assert view["tell"] == {"size": 5, "leftovers": ["lionsyre", "squlofish", "smugwing"]}
        # The only Lionsyre dark 1 went into the Tell face up: still offered to the vote, so
        # the grid does not say where it is (the engine refuses it if tapped).
        assert "lionsyre-dark1" in view["vote"]["cards"]
        assert "lionsyre-dark1" in view["hand_cards"]
    refused(s, V("lionsyre-dark1", "lionsyre", "woolfhall", "hornseeker", "brownbeards"),
            "copies")


def test_history_lines_carry_their_round():
    """Issue 21 item 14: the history says which round each vote and action belongs to (the
    reveal and the Loyalties come after the last round)."""
    s = game(4)
    names = s.players
    vote = V("lionsyre", "slydefox", "lionsyre", "woolfhall")
    assert ENGINE.describe(vote, names, before=s, after=run(s, vote)) == \
        "Round 1 \u00b7 The vote: Ann Lionsyre, Bob Slydefox, Cid Lionsyre, Dee Woolfhall"
    s = run(s, vote)
    assert ENGINE.describe(PASS(BOB), names, before=s, after=run(s, PASS(BOB))) == \
        "Round 1 \u00b7 Bob did nothing with their card"


# --------------------------------------------------------------------------- corrections


def C(round_: int, player: int, card: str, target) -> dict:
    return {"type": "correct", "round": round_, "player": player, "card": card, "target": target}


def looked_and_revealed() -> State:
    """Round 1: Lionsyre wins; Bob (beside Ann, the King) looks at Dee's Loyalty with Hornseeker
    and Dee reveals her Hand with Gulliballistas' dark 2, making Bob reveal his."""
    s = run(game(4), V("lionsyre", "hornseeker", "lionsyre", "gulliballistas-dark2"))
    s = run(s, A(BOB, "hornseeker", target=DEE))
    return run(s, A(DEE, "gulliballistas-dark2", target=BOB))


def test_who_an_action_named_is_corrected_by_an_entry_of_its_own():
    """Issue 21: a fact later play does not depend on (whose Loyalty Hornseeker looked at, who
    else revealed their Hand) is corrected without undoing what came after: the engine checks
    it against the position it was entered in, the round's events say the corrected fact, and
    every later move and count is the same as before."""
    s = looked_and_revealed()
    assert s.round == 2
    later = [V("lionsyre", "slydefox", "woolfhall", "woolfhall"), PASS(ANN)]
    view = ENGINE.view(s)
    assert view["corrections"] == [
        {"round": 1, "player": DEE, "card": "gulliballistas-dark2",
         "card_name": "Gulliballistas (dark 2)", "target": BOB, "choices": [ANN, BOB, CID]},
        {"round": 1, "player": BOB, "card": "hornseeker", "card_name": "Hornseeker",
         "target": DEE, "choices": [DEE]}]
    fixed = run(s, C(1, DEE, "gulliballistas-dark2", CID))
    assert "Dee used the Gulliballistas (dark 2): revealed their Hand and made Cid do the same." \
        in fixed.last_events
    assert not any("made Bob do the same" in line for line in fixed.last_events)
    assert ENGINE.describe(C(1, DEE, "gulliballistas-dark2", CID), s.players, before=s,
                           after=fixed) == ("Round 2 \u00b7 Correction: in round 1, Dee's "
                                            "Gulliballistas (dark 2) made Cid reveal their Hand "
                                            "too (entered as Bob)")
    # Hornseeker could look only beside the King (Bob himself and Dee): the look at Dee is
    # corrected to nobody, not to Cid across the table.
    refused(fixed, C(1, BOB, "hornseeker", CID), "correction")
    refused(fixed, C(1, BOB, "hornseeker", BOB), "correction")
    refused(fixed, C(1, BOB, "hornseeker", DEE), "correction")  # already so
    fixed = run(fixed, C(1, BOB, "hornseeker", None))
    assert "Bob used the Hornseeker." in fixed.last_events
    assert ENGINE.describe(C(1, BOB, "hornseeker", None), s.players, before=s) == (
        "Round 2 \u00b7 Correction: in round 1, Bob's Hornseeker looked at nobody's Loyalty "
        "card (entered as Dee)")
    # Nothing else changed, now or in any later move.
    plain = s
    for move in later:
        plain, fixed = run(plain, move), run(fixed, move)
        assert dataclasses.replace(fixed, facts=plain.facts, events=plain.events,
                                   last_events=plain.last_events) == plain
    assert [f.target for f in fixed.facts] == [-1, CID]


def test_a_correction_refused_names_why():
    s = looked_and_revealed()
    refused(s, C(1, ANN, "lionsyre", None), "correction")  # its action changes what follows
    refused(s, C(1, CID, "monarchrys", BOB), "correction")
    refused(s, C(3, BOB, "hornseeker", None), "correction")  # no round 3 yet
    refused(s, C(1, CID, "hornseeker", None), "correction")  # Cid used no Hornseeker
    refused(s, C(1, DEE, "gulliballistas-dark2", DEE), "correction")  # herself
    refused(s, {"type": "correct", "round": 1, "player": DEE, "card": "gulliballistas-dark2"},
            "move-format")
    refused(s, C("1", DEE, "gulliballistas-dark2", ANN), "move-format")
    refused(s, C(1, 9, "gulliballistas-dark2", ANN), "move-format")
    refused(s, C(1, DEE, "gulliballistas-dark2", 7), "move-format")
    refused(s, {**C(1, DEE, "gulliballistas-dark2", ANN), "cards": []}, "move-format")
    # A player sitting out that round could not be named.
    s = run(game(4), V("smugwing", "lionsyre", "lionsyre", "gulliballistas-dark2"))
    s = run(s, A(ANN, "smugwing"))
    s = run(s, A(DEE, "gulliballistas-dark2", target=BOB))
    s = run(s, V(None, "hornseeker-dark1", "lionsyre", "lionsyre"))
    s = run(s, A(BOB, "hornseeker-dark1", target=CID))
    error = refused(s, C(2, BOB, "hornseeker-dark1", ANN), "correction")
    assert "Ann sat out that round" in error.message
    run(s, C(1, DEE, "gulliballistas-dark2", ANN))  # in round 1 she did not


def test_a_correction_is_undone_like_any_entry_and_follows_a_round_voted_again():
    s = looked_and_revealed()
    options = {"players": NAMES[:4], "princes": ALL, "kingseat": 0}
    entries = [("move", m) for m in (
        V("lionsyre", "hornseeker", "lionsyre", "gulliballistas-dark2"),
        A(BOB, "hornseeker", target=DEE), A(DEE, "gulliballistas-dark2", target=BOB),
        C(1, DEE, "gulliballistas-dark2", ANN))]
    result, history = replay(ENGINE, options, entries)
    assert result.state.facts[1].target == ANN
    step(ENGINE, result, history, "undo", None)
    assert result.state == s and result.state.facts[1].target == BOB
    step(ENGINE, result, history, "redo", None)
    assert result.state.facts[1].target == ANN
    # Corrected during a round that Brownbeards' dark 2 then undoes: the correction of the
    # round before stays, and the round's own look goes with the round.
    s = run(s, V("hornseeker-dark1", "lionsyre", "lionsyre", "brownbeards-dark2"))
    s = run(s, A(ANN, "hornseeker-dark1", target=CID))
    s = run(s, C(1, DEE, "gulliballistas-dark2", CID))
    s = run(s, C(2, ANN, "hornseeker-dark1", BOB))
    assert "Ann used the Hornseeker (dark 1): looked at Bob's Loyalty." in s.events
    s = run(s, A(DEE, "brownbeards-dark2"))
    assert s.phase == "vote" and s.round == 2
    assert [(f.round, f.player, f.target) for f in s.facts] == [(1, BOB, DEE), (1, DEE, CID)]
    assert any("made Cid do the same" in line for line in s.last_events)
    refused(s, C(2, ANN, "hornseeker-dark1", DEE), "correction")  # undone with its round


def test_no_correction_once_the_game_is_over():
    options = random_options(random.Random(5), players=4)
    _, final = random_game(random.Random(1005), options)
    assert final.phase == "over"
    assert ENGINE.view(final)["corrections"] == []
    refused(final, C(1, BOB, "hornseeker", None), "game-over")


# --------------------------------------------------------------------------- French and German

NB = "\u00a0"  # French puts a no-break space before : ; ? !


def said(value) -> tuple[str, str]:
    """``value`` as a French and a German reader get it."""
    return language.word(value, "fr"), language.word(value, "de")


def test_refusals_read_in_french_and_german():
    five = {"players": NAMES[:5], "princes": ALL}
    error = refused_new(five, "deal")  # a plural: 3 cards over, named in 'leftovers'
    assert said(error.message) == (
        f"La donne (108 cartes distribuées à 5 joueurs) laisse 3 cartes en trop, qui vont face visible dans "
        f"l’Urne{NB}: nommez-les dans «{NB}leftovers{NB}».",
        "Das Austeilen (108 Karten an 5 Spieler) lässt 3 Karten übrig, die offen in die Urne kommen: Nenne sie "
        "in „leftovers“.")
    error = refused_new({"players": NAMES[:4], "princes": ALL[:3]}, "princes")
    assert said(error.message) == ("Avec 4 joueurs, la partie demande au moins 4 princes, pas 3.",
                                   "Mit 4 Spielern braucht das Spiel mindestens 4 Prinzen, nicht 3.")
    s = run(game(4), V("woolfhall", "lionsyre", "lionsyre", "hornseeker"))
    error = refused(s, V("lionsyre", "lionsyre", "lionsyre", "lionsyre"), "action-phase")
    assert said(error.message) == (f"C’est la phase d’action{NB}: c’est à Ann d’agir.",
                                   "Die Aktionsphase läuft: Ann ist mit Handeln dran.")
    s = run(run(s, A(ANN, "woolfhall", prince="hornseeker")), PASS(DEE))
    error = refused(s, V("hornseeker", "hornseeker", "lionsyre", "hornseeker"), "forced-votes")
    assert said(error.message) == (
        f"Cid doit voter Hornseeker cette manche (Woolfhall), sauf s’il n’a aucune carte de ce prince{NB}: "
        "déclarez-le alors.",
        "Cid muss in dieser Runde für Hornseeker stimmen (Woolfhall), außer er hat keine solche Karte: Dann gib "
        "das an.")
    # an action refused: the card (its dark number worded too), then why
    s = run(game(4, kingseat=2), V("lionsyre", "slydefox", "lionsyre-dark1", "woolfhall"))
    s = run(s, PASS(DEE))
    error = refused(s, A(BOB, "slydefox", players=[ANN, ANN]), "slydefox")
    assert said(error.message) == (f"Slydefox{NB}: choisissez deux joueurs différents.",
                                   "Slydefox: wähle zwei verschiedene Spieler.")
    error = refused(s, A(BOB, "slydefox-dark1"), "action-phase")
    assert said(error.message) == (f"Bob a joué Slydefox{NB}: c’est l’action à utiliser.",
                                   "Bob hat Slydefox gespielt, also ist das die zu nutzende Aktion.")
    t = run(game(4), V("lionsyre-dark2", "slydefox", "slydefox", "slydefox"))
    error = refused(t, A(ANN, "lionsyre-dark2", target=BOB), "move-format")
    assert said(error.message) == ("L’action de Lionsyre (sombre 2) n’a pas de champ 'target'.",
                                   "Die Aktion von Lionsyre (dunkel 2) hat kein Feld 'target'.")


def test_a_refusal_through_the_api_reads_in_the_phones_language(phone):
    from kingseat_support import start

    _game_id, game_ = start(phone)
    for lang, sentence, title in (
            ("fr", "Ann a 10 cartes et doit voter.", "Le vote"),
            ("de", "Ann hat 10 Karten und muss abstimmen.", "Abstimmung")):
        phone.client.set_cookie("lang", lang)
        answer = phone.post(f"/api/games/{game_['id']}/moves",
                            json={"seq": game_["seq"], "move": V(None, "lionsyre", "lionsyre", "lionsyre")})
        assert answer.status_code == 422
        error = answer.get_json()["error"]
        assert error["rule"] == "vote" and error["step"] == ANN
        assert (error["message"], error["title"]) == (sentence, title)


def test_the_view_events_and_history_read_in_french_and_german():
    s = game(4, kingseat=2)
    view = ENGINE.view(s)
    assert said(view["give_cards"]["text"]) == (
        f"Manche 1{NB}: chacun donne une carte à gauche (sens horaire).",
        "Runde 1: Alle geben eine Karte nach links (im Uhrzeigersinn).")
    assert view["give_cards"]["direction"] == "left"  # what the script compares stays plain
    move = V("lionsyre", "slydefox", "lionsyre-dark1", "woolfhall")
    t = run(s, move)
    assert said(t.vote.text) == ("Lionsyre gagne la manche avec 2 sur 4 voix.",
                                 "Lionsyre gewinnt die Runde mit 2 von 4 Stimmen.")
    assert said(ENGINE.describe(move, t.players, before=s, after=t)) == (
        f"Manche 1 · Le vote{NB}: Ann Lionsyre, Bob Slydefox, Cid Lionsyre (sombre 1), Dee Woolfhall",
        "Runde 1 · Die Abstimmung: Ann Lionsyre, Bob Slydefox, Cid Lionsyre (dunkel 1), Dee Woolfhall")
    action = language.worded(ENGINE.view(t)["action"], "de")
    assert action["card_name"] == "Woolfhall" and action["card"] == "woolfhall"
    assert action["text"].startswith("Nenne einen Prinzen. In der nächsten Runde muss")
    move = A(DEE, "woolfhall", prince="slydefox")
    u = run(t, move)
    assert said(u.events[-1]) == (
        f"Dee a utilisé Woolfhall{NB}: tout le monde doit voter Slydefox à la manche suivante.",
        "Dee hat Woolfhall genutzt: alle müssen nächste Runde für Slydefox stimmen.")  # Dee was its only voter
    assert said(ENGINE.describe(move, u.players, before=t, after=u))[1] == (
        "Runde 1 · Dee hat Woolfhall genutzt: die Woolfhall-Wähler dieser Runde müssen nächste Runde für Slydefox "
        "stimmen")
    assert said(ENGINE.describe_secret("Ann")) == ("Ann a mis sa Loyauté de côté sur son téléphone",
                                                   "Ann hat die Loyalität auf dem Handy beiseitegelegt")
    warnings = ENGINE.view(game(3, ["hardshell-hero", "squlofish", "lionsyre"], leftovers=[]))["warnings"]
    assert [said(w)[1] for w in warnings] == [
        "Kingseat ist für 4 bis 10 Spieler erschienen; die App zählt trotzdem für 3 mit.",
        "Hardshell Hero und Squlofish haben ähnliche Farben (dunkelblau und hellblau); die Regeln raten davon ab, "
        "sie zusammen zu spielen."]
    # a whole game's every line and view words in both languages, with nothing English left
    english = re.compile(r"\b(the|and|with|from|into|Tell|Discard|cards?|votes|player|round|nobody)\b")
    moves, final = random_game(random.Random(3), random_options(random.Random(3)))
    state = ENGINE.new(random_options(random.Random(3)))
    for move in moves:
        before, state = state, ENGINE.apply(state, move)
        for lang in ("fr", "de"):
            line = language.word(ENGINE.describe(move, state.players, before=before, after=state), lang)
            view = language.worded(ENGINE.view(state, 0), lang)
            for text in (line, *view["events"], *view["last_events"], *view["warnings"]):
                assert not english.search(text), (lang, text)
    assert state == final


def test_the_outcome_reads_in_french_and_german():
    tell = {"squlofish": 3, "squlofish-dark1": 1, "lionsyre": 7}
    over = run(ending(tell, ["squlofish", "lionsyre", "slydefox", "squlofish-dark2"]),
               {"type": "loyalty", "loyalties": ["squlofish", "lionsyre", "slydefox", "squlofish"]})
    assert said(ENGINE.result(over)["reason"]) == (
        f"Lionsyre et Squlofish sont à égalité dans l’Urne avec 7 voix chacun{NB}: Ann, Bob et Dee gagnent.",
        "Lionsyre und Squlofish liegen in der Urne mit je 7 Stimmen gleichauf: Ann, Bob und Dee gewinnen.")
    ended = ENGINE.outcome(over)
    assert said(ended.reason) == said(ENGINE.result(over)["reason"])
    assert said(ended.roles[0]) == ("Loyal à Squlofish", "Loyal zu Squlofish")
    assert said(ENGINE.endings_title) == ("Princes gagnants", "Siegreiche Prinzen")
    nobody = run(ending({"woolfhall": 3}, ["lionsyre"] * 4), {"type": "loyalty", "loyalties": ["lionsyre"] * 4})
    assert said(ENGINE.result(nobody)["reason"]) == (
        "Woolfhall remporte l’Urne avec 3 voix, et personne ne lui était loyal.",
        "Woolfhall gewinnt die Urne mit 3 Stimmen, und niemand war ihm loyal.")


def test_the_rules_page_rulings_and_cards_are_all_translated():
    """Every rules-page entry, ruling and card text has a translation in both languages; only the
    princes' names (no edition in French or German: kept as printed on the English cards) and a
    few names and numbers read the same."""
    names = {str(p.name) for p in PRINCES}
    same = names | {"{action} {note}"}
    texts = [*(entry.title for entry in RULES), *(entry.text for entry in RULES),
             *(entry.section for entry in RULES if entry.section != APP_SECTION), *APP_NOTES.values(),
             *(ruling.title for ruling in RULINGS), *(text for ruling in RULINGS for _, text in ruling.choices),
             *(kind.text for kind in KINDS), *(kind.name for kind in KINDS),
             *(p.animal for p in PRINCES), *(p.colour for p in PRINCES)]
    for lang in ("fr", "de"):
        catalog = language.translations(lang)
        for text in texts:
            found = catalog.upgettext(text.context, text.text) if text.context else catalog.ugettext(text.text)
            assert found != text.text or text.text in same or text in ("Dragon", "Lion", "orange", "Wolf",
                                                                        "Salamander"), (lang, text)
            assert language.word(text, lang)
    # the card entries: our text and note, both worded
    entry = next(entry for entry in RULES if entry.id == "lionsyre")
    assert said(entry.text)[0].startswith(f"La manche suivante est un vote à découvert{NB}: un par un")
    assert said(entry.text)[1].endswith("Die App markiert die nächste Runde als offene Abstimmung.")
    assert said(KIND_BY_ID["hardshell-hero-dark2"].name) == ("Hardshell Hero (sombre 2)", "Hardshell Hero (dunkel 2)")


def test_the_pages_catalogue_words_the_cards_in_the_phones_language(phone):
    """The setup and game pages give their scripts the cards as JSON (|tojson): worded too."""
    phone.client.set_cookie("lang", "de")
    page = phone.get("/new/kingseat").get_data(as_text=True)
    catalogue = json.loads(
        re.search(r'<script id="catalogue" type="application/json">(.*?)</script>', page, re.S).group(1))
    kind = next(k for k in catalogue["kinds"] if k["id"] == "lionsyre-dark1")
    assert kind["name"] == "Lionsyre (dunkel 1)"
    assert kind["text"] == "Sieh dir heimlich die Loyalitätskarte und die Hand des Königs an."
    prince = next(p for p in catalogue["princes"] if p["id"] == "hardshell-hero")
    assert (prince["name"], prince["colour"], prince["animal"]) == ("Hardshell Hero", "dunkelblau", "Schildkröte")
