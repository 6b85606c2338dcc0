"""Royal Visit engine: setup, every card and power, every refusal, the Crown, the deck, the end."""
from __future__ import annotations

import dataclasses
import json
import random

import pytest
import rules_checks

import companion.games  # noqa: F401  (registers the engines)
from companion.engine import REGISTRY, RuleError, replay, step
from companion.games.royal_visit import ENGINE, KIND_BY_ID, KINDS, physical_cards
from companion.games.royal_visit.rules_page import RULE_IDS, RULES
from companion.games.royal_visit.simulate import random_game
from companion.games.royal_visit.state import State

ANN, BOB = 0, 1  # Ann sits at the + Chateau (green in the seed's examples), Bob at the - one (red)


# --------------------------------------------------------------------------- helpers


def game(wizard: int = 0, **rulings) -> State:
    return ENGINE.new({"players": ["Ann", "Bob"], "wizard": wizard, "rulings": rulings})


def at(king=0, guards=(-2, 2), wizard=1, jester=-1, crown=0, side="big", draw=38, reshuffles=0,
       turn=ANN, **rulings) -> State:
    """A game started from a position."""
    return ENGINE.new({
        "players": ["Ann", "Bob"],
        "rulings": {key.replace("_", "-"): value for key, value in rulings.items()},
        "position": {"king": king, "guards": list(guards), "wizard": wizard, "jester": jester,
                     "crown": crown, "crown_side": side, "draw_pile": draw,
                     "reshuffles": reshuffles, "turn": turn},
    })


def mv(pawn: str, frm: int, to: int) -> dict:
    return {"pawn": pawn, "from": frm, "to": to}


def card(kind: str, *moves: dict) -> dict:
    return {"card": kind, "moves": list(moves)}


def play(*cards: dict) -> dict:
    return {"type": "play", "cards": list(cards)}


def run(state: State, move: dict) -> State:
    return rules_checks.run(ENGINE, state, move)


def refused(state: State, move, rule: str, step: int | None = None) -> RuleError:
    error = rules_checks.refused(ENGINE, state, move, rule, RULE_IDS, step)
    if step is not None:  # a card of a turn is named by its place in the turn
        assert error.message.startswith(f"Card {step + 1}")
    return error


KING1 = lambda a, b: card("king-1", mv("king", a, b))  # noqa: E731
COURT_UP = {"card": "court", "dir": 1}
COURT_DOWN = {"card": "court", "dir": -1}


# --------------------------------------------------------------------------- catalogue


def test_catalogue_has_the_54_cards_in_13_kinds():
    counts = {kind.id: kind.copies for kind in KINDS}
    assert counts == {
        "king-1": 12, "guard-1": 4, "guard-1+1": 10, "guard-flank": 2, "wizard-1": 2,
        "wizard-2": 8, "wizard-3": 2, "jester-1": 1, "jester-2": 3, "jester-3": 4,
        "jester-4": 3, "jester-5": 1, "jester-middle": 2,
    }
    assert {kind.suit for kind in KINDS} == {"king", "guard", "wizard", "jester"}
    suit_totals = {}
    for kind in KINDS:
        suit_totals[kind.suit] = suit_totals.get(kind.suit, 0) + kind.copies
        assert kind.name and kind.text.endswith(".")
    assert suit_totals == {"king": 12, "guard": 16, "wizard": 12, "jester": 14}
    cards = physical_cards()
    assert len(cards) == 54 == len(set(cards))
    assert cards[:2] == [("king-1", 1), ("king-1", 2)]
    assert cards[-1] == ("jester-middle", 2)
    assert physical_cards() == cards  # stable order
    assert KIND_BY_ID["guard-1+1"].copies == 10


def test_engine_is_registered_with_its_protocol():
    assert REGISTRY["royal_visit"] is ENGINE
    assert (ENGINE.name, ENGINE.title, ENGINE.min_players, ENGINE.max_players) == \
        ("royal_visit", "Royal Visit", 2, 2)


# --------------------------------------------------------------------------- setup


def test_setup_wizard_to_seat_0():
    s = game(wizard=ANN)
    assert (s.king, s.guards, s.wizard, s.jester) == (0, (-2, 2), 1, -1)
    assert (s.crown, s.crown_side, s.draw_pile, s.reshuffles, s.hands) == (0, "big", 38, 0, (8, 8))
    assert ENGINE.to_move(s) == ANN and ENGINE.result(s) is None
    assert s.rulings == {"direction": "either", "wild-middle": "allowed", "duchy": "duchy-only"}


def test_setup_wizard_to_seat_1_who_starts():
    s = game(wizard=BOB)
    assert (s.wizard, s.jester, s.turn) == (-1, 1, BOB)


def test_names_are_stripped():
    s = ENGINE.new({"players": ["  Ann ", "Bob"], "wizard": 0})
    assert s.players == ("Ann", "Bob")


@pytest.mark.parametrize("options, rule, words", [
    ({"wizard": 0}, "players", "'players'"),
    ({"players": ["Ann", "Bob"]}, "setup", "'wizard'"),
    ({"players": ["Ann"], "wizard": 0}, "players", "two"),
    ({"players": ["Ann", "  "], "wizard": 0}, "players", "name"),
    ({"players": ["Ann", "B" * 31], "wizard": 0}, "players", "30"),
    ({"players": ["Ann", " ann"], "wizard": 0}, "players", "different"),
    ({"players": ["Ann", 7], "wizard": 0}, "players", "name"),
    ({"players": ["Ann", "Bob"], "wizard": 2}, "setup", "'wizard'"),
    ({"players": ["Ann", "Bob"], "wizard": True}, "setup", "'wizard'"),
    ({"players": ["Ann", "Bob"], "wizard": 0, "colour": "red"}, "setup", "'colour'"),
    ({"players": ["Ann", "Bob"], "wizard": 0, "rulings": {"speed": "fast"}}, "rulings", "speed"),
    ({"players": ["Ann", "Bob"], "wizard": 0, "rulings": {"direction": "up"}},
     "ruling-direction", "Direction"),
    ({"players": ["Ann", "Bob"], "wizard": 0, "rulings": ["x"]}, "rulings", "rulings"),
])
def test_bad_options_are_refused(options, rule, words):
    with pytest.raises(RuleError) as caught:
        ENGINE.new(options)
    assert caught.value.rule == rule and words in caught.value.message


def test_thirty_character_names_are_fine():
    assert ENGINE.new({"players": ["A" * 30, "B"], "wizard": 1}).players[0] == "A" * 30


# --------------------------------------------------------------------------- positions


def test_a_position_start():
    s = at(king=3, guards=(5, 1), wizard=-4, jester=8, crown=-2, side="little", draw=10,
           reshuffles=1, turn=BOB)
    assert (s.king, s.guards, s.wizard, s.jester, s.crown) == (3, (1, 5), -4, 8, -2)
    assert (s.crown_side, s.draw_pile, s.unknown_discard, s.turn) == ("little", 10, 28, BOB)
    assert s.draw_pile + s.discard_size + sum(s.hands) == 54
    assert ENGINE.view(s)["discard"]["unknown"] == 28


@pytest.mark.parametrize("change, rule", [
    ({"wizard": 9}, "board"),
    ({"jester": -9}, "board"),
    ({"guards": [-9, 2]}, "board"),
    ({"king": 2}, "court"),  # on a Guard's space
    ({"king": 5}, "court"),  # outside the Guards
    ({"guards": [3, 3], "king": 3}, "court"),
    ({"guards": [6, 8], "king": 7}, "end-king"),
    ({"crown": 7}, "end-crown"),
    ({"crown": -7}, "end-crown"),
    ({"crown": 9}, "crown"),
    ({"draw_pile": -1}, "hands"),
    ({"draw_pile": 39}, "hands"),
    ({"crown_side": "little"}, "crown-side"),
    ({"reshuffles": 1}, "crown-side"),
    ({"reshuffles": -1}, "crown-side"),
    ({"crown_side": "medium"}, "crown-side"),
    ({"turn": 2}, "position"),
    ({"king": True}, "position"),
    ({"king": "0"}, "position"),
    ({"guards": [1]}, "position"),
    ({"extra": 1}, "position"),
])
def test_impossible_positions_are_refused(change, rule):
    position = {"king": 0, "guards": [-2, 2], "wizard": 1, "jester": -1, "crown": 0,
                "crown_side": "big", "draw_pile": 38, "reshuffles": 0, "turn": 0}
    position.update(change)
    with pytest.raises(RuleError) as caught:
        ENGINE.new({"players": ["Ann", "Bob"], "position": position})
    assert caught.value.rule == rule
    assert caught.value.message.endswith(".") and caught.value.message.count(". ") <= 1


def test_a_missing_position_field_is_named():
    position = {"king": 0, "guards": [-2, 2], "wizard": 1, "jester": -1, "crown": 0,
                "crown_side": "big", "draw_pile": 38, "reshuffles": 0}
    with pytest.raises(RuleError) as caught:
        ENGINE.new({"players": ["Ann", "Bob"], "position": position})
    assert caught.value.rule == "position" and "'turn'" in caught.value.message


def test_edge_positions_are_allowed():
    assert at(draw=1).draw_pile == 1
    assert at(draw=38, crown=6).crown == 6
    assert at(king=6, guards=(5, 8), wizard=8, jester=-8, crown=-6).king == 6


# --------------------------------------------------------------------------- the setup form


def test_form_normal_start():
    options = ENGINE.options_from_form({
        "player_top": " Ann ", "player_bottom": "Bob", "wizard": "bottom",
        "ruling-direction": "towards-mover", "ruling-duchy": ""})
    assert options == {"players": ["Ann", "Bob"], "wizard": 1,
                       "rulings": {"direction": "towards-mover", "wild-middle": "allowed",
                                   "duchy": "duchy-only"}}
    s = ENGINE.new(options)
    assert (s.turn, s.direction, s.duchy) == (BOB, "towards-mover", "duchy-only")


def test_form_position_start():
    form = {"player_top": "Ann", "player_bottom": "Bob", "wizard": "top", "start": "position",
            "king": " 2", "guard_low": "\u22121", "guard_high": "+4", "wizard_pos": "7",
            "jester": "-3", "crown": "1", "crown_side": "Little", "draw_pile": "20",
            "reshuffles": "1", "turn": "bottom"}
    options = ENGINE.options_from_form(form)
    assert options["position"] == {"king": 2, "guards": [-1, 4], "wizard": 7, "jester": -3,
                                   "crown": 1, "crown_side": "little", "draw_pile": 20,
                                   "reshuffles": 1, "turn": 1}
    s = ENGINE.new(options)
    assert (s.guards, s.turn, s.unknown_discard) == ((-1, 4), BOB, 18)


@pytest.mark.parametrize("change, rule", [
    ({"king": "two"}, "position"),
    ({"crown": "1.5"}, "position"),
    ({"draw_pile": ""}, "position"),
    ({"turn": "left"}, "position"),
    ({"wizard": "left"}, "setup"),
    ({"player_bottom": "ann"}, "players"),
    ({"king": "5"}, "court"),
    ({"ruling-duchy": "sometimes"}, "ruling-duchy"),
])
def test_form_refusals(change, rule):
    form = {"player_top": "Ann", "player_bottom": "Bob", "wizard": "top", "start": "position",
            "king": "0", "guard_low": "-2", "guard_high": "2", "wizard_pos": "1",
            "jester": "-1", "crown": "0", "crown_side": "big", "draw_pile": "38",
            "reshuffles": "0", "turn": "top"}
    form.update(change)
    with pytest.raises(RuleError) as caught:
        ENGINE.options_from_form(form)
    assert caught.value.rule == rule


# --------------------------------------------------------------------------- King cards


def test_king_card_moves_the_king_and_is_refilled():
    s = run(game(), play(KING1(0, 1)))
    assert (s.king, s.turn, s.turn_number, s.draw_pile, s.hands) == (1, BOB, 2, 37, (8, 8))
    assert s.discard[0] == 1


def test_king_card_cannot_move_two_spaces():
    refused(game(), play(KING1(0, 2)), "exact-move", 0)


def test_king_card_moves_only_the_king():
    refused(game(), play(card("king-1", mv("wizard", 1, 2))), "king-1", 0)


def test_king_must_stay_strictly_between_the_guards():
    s = game()
    e = refused(s, play(KING1(0, 1), KING1(1, 2)), "court", 1)
    assert e.message == "Card 2 (King 1): the King must stay strictly between the two Guards."


def test_court_move_moves_the_court_and_counts_two_cards():
    s = run(game(), play(COURT_UP))
    assert (s.king, s.guards) == (1, (-1, 3))
    assert s.draw_pile == 36 and s.discard[0] == 2


def test_seed_example_court_move_then_one_king_card():
    # red (Bob, the minus side) moves the whole Court one space, then the King alone.
    s = run(game(wizard=BOB), play(COURT_DOWN, KING1(-1, -2)))
    assert (s.king, s.guards) == (-2, (-3, 1))
    assert s.draw_pile == 35 and s.last.cards[0][0] == "court"


def test_court_move_cannot_push_a_guard_off_the_board():
    refused(at(king=6, guards=(5, 8)), play(COURT_UP), "board-ends", 0)


def test_court_dir_must_be_one_space():
    refused(game(), play({"card": "court", "dir": 2}), "move-format", 0)


# --------------------------------------------------------------------------- Guard cards


def test_guard_1():
    s = run(game(), play(card("guard-1", mv("guard", 2, 3))))
    assert s.guards == (-2, 3)


def test_seed_example_guard_two_spaces_twice_then_one():
    # green (Ann) moves one Guard 2, then the same Guard 2 more, then 1 more: into her Chateau.
    s = run(game(), play(card("guard-1+1", mv("guard", 2, 4)), card("guard-1+1", mv("guard", 4, 6)),
                         card("guard-1", mv("guard", 6, 7))))
    assert s.guards == (-2, 7)
    assert s.crown == 1  # the Guard in Ann's Chateau pulls the Crown one step toward her
    assert s.draw_pile == 35


def test_guard_1_plus_1_split_each_its_own_way():
    s = run(game(), play(card("guard-1+1", mv("guard", -2, -3), mv("guard", 2, 1))))
    assert s.guards == (-3, 1)


def test_guard_1_plus_1_split_cannot_move_one_guard_twice():
    refused(game(), play(card("guard-1+1", mv("guard", 2, 3), mv("guard", 3, 4))), "guard-1+1", 0)


def test_guard_1_plus_1_single_move_must_be_two_spaces():
    refused(game(), play(card("guard-1+1", mv("guard", 2, 3))), "exact-move", 0)
    refused(game(), play(card("guard-1+1", mv("guard", 2, 4), mv("guard", -2, -3))),
            "exact-move", 0)


def test_guard_cannot_cross_the_king():
    refused(game(), play(card("guard-1+1", mv("guard", -2, 0))), "court", 0)
    refused(game(), play(card("guard-1", mv("guard", 2, 1)), card("guard-1", mv("guard", 1, 0))),
            "court", 1)


def test_guard_card_moves_only_guards():
    refused(game(), play(card("guard-1", mv("king", 0, 1))), "guard-1", 0)


def test_seed_example_flank():
    s = run(game(wizard=BOB), play({"card": "guard-flank"}))
    assert s.guards == (-1, 1)
    assert s.last.cards[0] == ("guard-flank", False, ((1, -2, -1), (2, 2, 1)))


def test_flank_moving_one_guard_is_enough():
    s = run(at(king=0, guards=(-1, 3)), play({"card": "guard-flank"}))
    assert s.guards == (-1, 1)
    assert s.last.cards[0][2] == ((2, 3, 1),)


def test_flank_must_move_a_guard():
    refused(at(king=0, guards=(-1, 1)), play({"card": "guard-flank"}), "must-move", 0)


def test_flank_takes_no_moves():
    refused(game(), play({"card": "guard-flank", "moves": []}), "move-format", 0)


# --------------------------------------------------------------------------- Wizard cards


@pytest.mark.parametrize("n", [1, 2, 3])
def test_wizard_cards(n):
    s = run(game(), play(card(f"wizard-{n}", mv("wizard", 1, 1 + n))))
    assert s.wizard == 1 + n


def test_wizard_card_exact_and_board_end():
    refused(game(), play(card("wizard-2", mv("wizard", 1, 2))), "exact-move", 0)
    refused(at(wizard=7), play(card("wizard-2", mv("wizard", 7, 9))), "board-ends", 0)
    refused(game(), play(card("wizard-2", mv("jester", -1, 1))), "wizard-cards", 0)


def test_pawns_may_pass_and_share_spaces():
    s = run(game(), play(card("wizard-3", mv("wizard", 1, -2))))  # onto a Guard's space
    assert s.wizard == -2


# --------------------------------------------------------------------------- Jester cards


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_jester_numbered_cards(n):
    s = run(game(), play(card(f"jester-{n}", mv("jester", -1, -1 + n))))
    assert s.jester == -1 + n


def test_seed_example_jester_middle_then_jester_4():
    s = run(game(), play(card("jester-middle", mv("jester", -1, 0)),
                         card("jester-4", mv("jester", 0, 4))))
    assert s.jester == 4


def test_jester_middle_without_moves_means_the_jester():
    s = run(game(), play({"card": "jester-middle"}))
    assert s.jester == 0


def test_jester_middle_must_move_the_jester():
    refused(at(jester=0), play({"card": "jester-middle"}), "must-move", 0)


def test_jester_middle_goes_to_the_fountain_only():
    refused(game(), play(card("jester-middle", mv("jester", -1, 1))), "jester-middle", 0)


def test_jester_card_exact_distance():
    refused(game(), play(card("jester-3", mv("jester", -1, 1))), "exact-move", 0)


# --------------------------------------------------------------------------- the Jester's power


def test_seed_example_jester_power_moves_both_guards():
    # The Jester is between the King and Ann's Chateau: her Jester cards are wild.
    s = at(king=0, guards=(-2, 2), wizard=-1, jester=1)
    assert ENGINE.view(s)["jester_power"] is True
    s = run(s, play(card("jester-3", mv("guard", 2, 5)), card("jester-2", mv("guard", -2, -4))))
    assert s.guards == (-4, 5)
    assert [c[1] for c in s.last.cards] == [True, True]
    assert ENGINE.view(s)["last_turn"]["cards"][0]["name"] == "Jester 3 (wild)"


def test_jester_power_needs_the_jester_on_the_movers_side():
    s = at(king=0, guards=(-2, 2), wizard=-1, jester=1, turn=BOB)
    assert ENGINE.view(s)["jester_power"] is False
    refused(s, play(card("jester-1", mv("king", 0, -1))), "jester-power", 0)


def test_jester_on_the_kings_space_gives_no_power():
    refused(at(king=1, jester=1), play(card("jester-1", mv("king", 1, 0))), "jester-power", 0)


def test_jester_in_the_movers_chateau_gives_the_power():
    s = run(at(king=0, jester=8), play(card("jester-1", mv("king", 0, 1))))
    assert s.king == 1


def test_jester_power_is_checked_before_each_wild_card():
    s = at(king=0, guards=(-2, 4), wizard=-1, jester=1)
    e = refused(s, play(card("jester-2", mv("king", 0, 2)), card("jester-1", mv("king", 2, 3))),
                "jester-power", 1)
    assert "Jester 1" in e.message
    # while the King stays below the Jester, the power holds
    s2 = run(at(king=0, guards=(-2, 5), wizard=-1, jester=4),
             play(card("jester-1", mv("king", 0, 1)), card("jester-2", mv("king", 1, 3))))
    assert s2.king == 3


def test_jester_cards_all_move_one_pawn_type():
    s = at(king=0, guards=(-2, 2), wizard=-1, jester=1)
    refused(s, play(card("jester-2", mv("jester", 1, 3)), card("jester-1", mv("king", 0, 1))),
            "jester-same-type", 1)
    refused(s, play(card("jester-1", mv("king", 0, -1)), card("jester-2", mv("wizard", -1, 1))),
            "jester-same-type", 1)
    refused(s, play(card("jester-1", mv("wizard", -1, 0)), card("jester-2", mv("jester", 1, 3))),
            "jester-same-type", 1)


def test_wild_cards_never_make_a_court_move():
    s = at(king=0, guards=(-2, 2), wizard=-1, jester=1)
    refused(s, play(card("jester-1", mv("king", 0, 1), mv("guard", 2, 3), mv("guard", -2, -1))),
            "move-format", 0)
    refused(s, play(card("jester-1", mv("wizard", -1, 0)), COURT_UP), "one-type", 1)


def test_wild_cards_count_as_jester_cards_for_the_type_rule():
    s = at(king=0, guards=(-2, 2), wizard=-1, jester=1)
    refused(s, play(card("jester-1", mv("king", 0, 1)), KING1(1, 0)), "one-type", 1)


# --------------------------------------------------------------------------- one type a turn


def test_one_card_type_a_turn():
    e = refused(game(), play(KING1(0, 1), card("guard-1", mv("guard", 2, 3))), "one-type", 1)
    assert e.message == ("Card 2 (Guard 1): this turn already plays King cards, and a turn plays "
                         "one type of card only.")


def test_an_empty_play_is_refused():
    refused(game(), play(), "turn")


# --------------------------------------------------------------------------- table rulings


def test_wild_middle_allowed_sends_any_pawn_to_the_fountain():
    s = at(king=2, guards=(-1, 4), wizard=-3, jester=5)
    after = run(s, play(card("jester-middle", mv("guard", -1, 0))))
    assert after.guards == (0, 4)
    assert run(s, play(card("jester-middle", mv("king", 2, 0)))).king == 0
    refused(at(king=2, guards=(1, 4), wizard=-3, jester=5),
            play(card("jester-middle", mv("king", 2, 0))), "court", 0)


def test_wild_middle_forbidden():
    s = at(king=2, guards=(-1, 4), wizard=-3, jester=5, wild_middle="forbidden")
    refused(s, play(card("jester-middle", mv("guard", -1, 0))), "ruling-wild-middle", 0)
    assert run(s, play({"card": "jester-middle"})).jester == 0
    # other wild cards still work
    assert run(s, play(card("jester-1", mv("guard", -1, 0)))).guards == (0, 4)


def test_direction_either_way_by_default():
    assert run(game(), play(KING1(0, -1))).king == -1  # toward Bob's Chateau on Ann's turn


def test_direction_towards_mover():
    s = game(direction="towards-mover")
    refused(s, play(KING1(0, -1)), "ruling-direction", 0)
    refused(s, play(COURT_DOWN), "ruling-direction", 0)
    refused(s, play(card("guard-1+1", mv("guard", -2, -1), mv("guard", 2, 1))),
            "ruling-direction", 0)
    assert run(s, play(KING1(0, 1))).king == 1
    assert run(s, play(COURT_UP)).king == 1
    # fixed destinations are allowed either way
    assert run(s, play({"card": "guard-flank"})).guards == (-1, 1)
    t = at(king=0, jester=4, wizard=-3, direction="towards-mover")
    assert run(t, play({"card": "jester-middle"})).jester == 0
    assert run(t, {"type": "summon", "pawn": "guard", "from": -2}).guards == (-3, 2)
    # Bob's own Chateau is the minus side
    u = game(wizard=BOB, direction="towards-mover")
    assert run(u, play(card("wizard-2", mv("wizard", -1, -3)))).wizard == -3
    refused(u, play(card("wizard-2", mv("wizard", -1, 1))), "ruling-direction", 0)


def test_duchy_ruling_both_readings():
    # King 5, Guards 3 and 7: one Guard in Ann's Chateau.
    s = at(king=5, guards=(3, 7), wizard=0, jester=-4)
    move = play(card("wizard-1", mv("wizard", 0, -1)))
    after = run(s, move)
    assert after.crown == 1  # only the Guard in the Chateau
    after = run(ENGINE.with_rulings(s, {"duchy": "with-chateau"}), move)
    assert after.crown == 2  # the Guard also counts as in the Duchy for the Court step
    reasons = [step["reason"] for step in ENGINE.view(after)["last_turn"]["crown"]["steps"]]
    assert reasons == ["Guard in Ann's Chateau", "King and both Guards in Ann's Duchy"]


def test_with_rulings_keeps_the_position_and_refuses_bad_values():
    s = run(game(), play(KING1(0, 1)))
    t = ENGINE.with_rulings(s, {"direction": "towards-mover"})
    assert (t.king, t.turn, t.direction, t.duchy) == (1, BOB, "towards-mover", "duchy-only")
    with pytest.raises(RuleError) as caught:
        ENGINE.with_rulings(s, {"duchy": "nowhere"})
    assert caught.value.rule == "ruling-duchy"
    for ruling in ENGINE.rulings:
        assert ruling.rule in RULE_IDS and len(ruling.choices) == 2


# --------------------------------------------------------------------------- the Wizard's power


def test_seed_example_wizard_summons_the_king():
    s = run(game(), {"type": "summon", "pawn": "king"})
    assert (s.king, s.wizard) == (1, 1)
    assert s.draw_pile == 38 and s.hands == (8, 8)  # a summon costs no card
    assert ENGINE.view(s)["last_turn"]["summon"]["text"] == "Wizard summons King 0 \u2192 +1"


def test_wizard_summons_a_guard():
    s = run(game(), {"type": "summon", "pawn": "guard", "from": 2})
    assert s.guards == (-2, 1)
    assert ENGINE.legal_summons(game()) == [{"type": "summon", "pawn": "king"},
                                            {"type": "summon", "pawn": "guard", "from": 2}]


def test_wizard_summon_refusals():
    s = game()
    refused(s, {"type": "summon", "pawn": "jester"}, "wizard-power")
    refused(s, {"type": "summon", "pawn": "wizard"}, "wizard-power")
    refused(s, {"type": "summon", "pawn": "guard", "from": -2}, "court")  # crosses the King
    refused(s, {"type": "summon", "pawn": "guard"}, "move-format")
    refused(s, {"type": "summon", "pawn": "guard", "from": 3}, "move-format")
    refused(s, {"type": "summon", "pawn": "king", "from": 3}, "move-format")
    refused(at(king=1, guards=(-2, 2), wizard=1), {"type": "summon", "pawn": "king"}, "must-move")
    refused(at(king=0, guards=(-2, 2), wizard=2), {"type": "summon", "pawn": "king"}, "court")
    refused(s, {"type": "summon", "pawn": "king", "cards": []}, "move-format")
    with pytest.raises(RuleError) as caught:  # read as a player: which pawns a summon names
        ENGINE.validate(s, {"type": "summon", "pawn": "queen"})
    assert caught.value.message == ('The Wizard summons the King or a Guard: "pawn" is king or '
                                    'guard.')


def test_summoning_the_king_into_the_movers_chateau_wins():
    s = at(king=5, guards=(3, 8), wizard=7, jester=0, crown=-3)
    after = run(s, {"type": "summon", "pawn": "king"})
    assert ENGINE.result(after) == {"winners": [ANN], "reason": "The King entered Ann's Chateau.",
                                    "how": "king"}
    assert after.crown == -3 and ENGINE.to_move(after) is None


def test_summoning_the_king_into_the_opponents_chateau_makes_them_win():
    s = at(king=-5, guards=(-8, -3), wizard=-7, jester=0)
    after = run(s, {"type": "summon", "pawn": "king"})
    assert ENGINE.result(after)["winners"] == [BOB]


# --------------------------------------------------------------------------- hand, copies, format


def test_at_most_eight_cards_a_turn():
    cards = [card("wizard-2", mv("wizard", 1 + 2 * (i % 2), 3 - 2 * (i % 2))) for i in range(8)]
    s = run(game(), play(*cards))
    assert s.draw_pile == 30 and s.discard[5] == 8
    refused(game(), play(*cards, card("wizard-1", mv("wizard", 1, 2))), "hand-size", 8)
    courts = [COURT_UP, COURT_DOWN] * 2
    refused(game(), play(*courts, KING1(0, 1)), "hand-size", 4)


def test_a_kind_whose_copies_are_all_discarded_is_refused():
    s = run(game(), play(card("jester-5", mv("jester", -1, 4))))
    e = refused(s, play(card("jester-5", mv("jester", 4, -1))), "copies", 0)
    assert e.message == ("Card 1 (Jester 5): the only Jester 5 card is already in the discard "
                         "pile, so it cannot be in your hand.")
    twice = play(card("jester-5", mv("jester", -1, 4)), card("jester-5", mv("jester", 4, -1)))
    refused(game(), twice, "copies", 1)
    s = run(game(), play({"card": "guard-flank"}))
    s = run(s, play(card("guard-1", mv("guard", 1, 2))))
    s = run(s, play({"card": "guard-flank"}))
    refused(run(s, play(card("guard-1", mv("guard", 1, 2)))), play({"card": "guard-flank"}),
            "copies", 0)


def test_court_needs_two_king_cards_outside_the_discard():
    s = at(king=0, guards=(-3, 3), draw=38)
    for _ in range(5):  # 10 King cards seen
        s = run(s, play(KING1(0, 1), KING1(1, 0)))
    s = run(s, play(KING1(0, 1)))  # 11
    refused(s, play(COURT_DOWN), "copies", 0)
    assert run(s, play(KING1(1, 0))).discard[0] == 12


def test_a_card_reshuffled_after_the_movers_last_draw_is_refused():
    """Issue 22 item 9: Ann plays the only Jester 5 and her refill draws the last card, so the
    discard pile with that Jester 5 becomes the new deck. Bob has not drawn since: he cannot
    hold it. Nor can Ann, who drew nothing from the new deck."""
    s = run(at(draw=1), play(card("jester-5", mv("jester", -1, 4))))
    assert s.reshuffles == 1 and s.discard == (0,) * 13
    e = refused(s, play(card("jester-5", mv("jester", 4, -1))), "copies", 0)
    assert e.message == ("Card 1 (Jester 5): the only Jester 5 card was shuffled into the draw "
                         "pile after your last draw, so it cannot be in your hand.")
    s = run(s, {"type": "pass"})  # Bob passes: he draws nothing
    refused(s, play(card("jester-5", mv("jester", 4, -1))), "copies", 0)
    s = run(s, play(KING1(0, 1)))  # Ann draws from the new deck: she may hold it now
    refused(s, play(card("jester-5", mv("jester", 4, -1))), "copies", 0)  # Bob still cannot
    s = run(s, play(KING1(1, 0)))  # Bob draws; Ann, who drew from the new deck, may hold it
    assert run(s, play(card("jester-5", mv("jester", 4, -1)))).jester == -1


def test_a_refill_that_goes_on_after_the_reshuffle_lets_the_mover_hold_the_cards_again():
    s = run(at(draw=1), play(card("jester-5", mv("jester", -1, 4)),
                             card("jester-1", mv("jester", 4, 3))))
    assert (s.reshuffles, s.draw_pile, s.hands) == (1, 38, (8, 8))  # one card from the new deck
    refused(s, play(card("jester-5", mv("jester", 3, -2))), "copies", 0)  # Bob
    s = run(s, {"type": "pass"})
    assert run(s, play(card("jester-5", mv("jester", 3, -2)))).jester == -2  # Ann may


def test_copies_shuffled_away_add_to_those_in_the_discard_pile():
    """Two Jester 3 cards shuffled away from Bob: of the four, he can hold two at most."""
    s = run(at(draw=2), play(card("jester-3", mv("jester", -1, 2)),
                             card("jester-3", mv("jester", 2, -1))))
    assert s.reshuffles == 1 and s.turn == BOB
    two = [card("jester-3", mv("jester", -1, 2)), card("jester-3", mv("jester", 2, -1))]
    assert run(s, play(*two)).jester == -1
    e = refused(s, play(*two, card("jester-3", mv("jester", -1, 2))), "copies", 2)
    assert e.message == ("Card 3 (Jester 3): all 4 Jester 3 cards are in the discard pile or "
                         "were shuffled into the draw pile after your last draw, so none can be "
                         "in your hand.")


@pytest.mark.parametrize("move, step", [
    (None, None),
    ([], None),
    ({}, None),
    ({"type": "dance"}, None),
    ({"type": ["play"]}, None),
    ({"type": "play"}, None),
    ({"type": "play", "cards": {}}, None),
    ({"type": "play", "cards": [], "by": "Ann"}, None),
    ({"type": "pass", "why": "no cards"}, None),
    ({"type": "summon"}, None),
    ({"type": "summon", "pawn": ["king"]}, None),
    ({"type": "summon", "pawn": "guard", "from": True}, None),
    ({"type": "play", "cards": ["king-1"]}, 0),
    ({"type": "play", "cards": [{"card": "king-2"}]}, 0),
    ({"type": "play", "cards": [{"card": ["king-1"]}]}, 0),
    ({"type": "play", "cards": [{"card": "king-1"}]}, 0),
    ({"type": "play", "cards": [{"card": "king-1", "moves": {}}]}, 0),
    ({"type": "play", "cards": [{"card": "king-1", "moves": []}]}, 0),
    ({"type": "play", "cards": [{"card": "king-1", "moves": [mv("king", 0, 1)], "x": 1}]}, 0),
    ({"type": "play", "cards": [{"card": "king-1", "moves": [mv("queen", 0, 1)]}]}, 0),
    ({"type": "play", "cards": [{"card": "king-1", "moves": [mv("king", 0, True)]}]}, 0),
    ({"type": "play", "cards": [{"card": "king-1", "moves": [mv("king", 0, 1.0)]}]}, 0),
    ({"type": "play", "cards": [{"card": "king-1", "moves": [mv("king", 3, 4)]}]}, 0),
    ({"type": "play", "cards": [{"card": "king-1", "moves": [{"pawn": "king", "to": 1}]}]}, 0),
    ({"type": "play", "cards": [{"card": "king-1", "moves": [mv("king", 0, 1), mv("king", 1, 0)]}]},
     0),
    ({"type": "play", "cards": [KING1(0, 1), {"card": "guard-1", "moves": [mv("guard", 5, 6)]}]},
     1),
    ({"type": "play", "cards": [{"card": "court"}]}, 0),
    ({"type": "play", "cards": [{"card": "court", "dir": True}]}, 0),
    ({"type": "play", "cards": [{"card": "jester-middle", "moves": None}]}, 0),
])
def test_malformed_moves(move, step):
    e = refused(game(), move, "move-format", step)
    assert e.message[0].isupper()


def test_a_from_where_no_pawn_stands_names_the_space():
    e = refused(game(), play(card("guard-1", mv("guard", 3, 4))), "move-format", 0)
    assert e.message == "Card 1 (Guard 1): there is no Guard on space 3."


# --------------------------------------------------------------------------- passing


def test_a_pass_draws_nothing_but_the_crown_still_moves():
    s = at(king=0, guards=(-2, 2), wizard=7, jester=8)
    after = run(s, {"type": "pass"})
    assert (after.crown, after.draw_pile, after.turn) == (2, 38, BOB)
    view = ENGINE.view(after)["last_turn"]
    assert view["action"] == "pass" and view["drawn"] == 0
    assert [st["reason"] for st in view["crown"]["steps"]] == ["Wizard in Ann's Chateau",
                                                              "Jester in Ann's Chateau"]


# --------------------------------------------------------------------------- the Crown


def test_seed_example_crown_jester_and_guard_in_reds_chateau():
    s = at(king=-5, guards=(-7, 1), wizard=2, jester=-8, turn=BOB)
    after = run(s, play(card("wizard-1", mv("wizard", 2, 3))))
    assert after.crown == -2
    assert after.last.crown_steps == ((1, 1), (4, 1))


def test_seed_example_crown_court_in_greens_duchy_and_wizard_in_chateau():
    s = at(king=4, guards=(2, 6), wizard=8, jester=-3)
    after = run(s, play(card("jester-1", mv("jester", -3, -2))))
    assert after.crown == 2


def test_crown_moves_only_toward_the_mover():
    s = at(king=-4, guards=(-6, -2), wizard=-8, jester=-7, turn=ANN)  # all on Bob's side
    after = run(s, play(card("wizard-1", mv("wizard", -8, -7))))
    assert after.crown == 0


def test_court_step_needs_all_three_in_the_duchy():
    s = at(king=1, guards=(0, 3), wizard=-3, jester=-4)
    assert run(s, play(card("wizard-1", mv("wizard", -3, -4)))).crown == 0


def test_crown_into_a_chateau_wins():
    s = at(king=4, guards=(2, 6), wizard=8, jester=7, crown=5)
    after = run(s, play(card("wizard-1", mv("wizard", 8, 7))))
    assert after.crown == 7  # 3 steps from 5, stopped in the Chateau
    assert ENGINE.result(after) == {"winners": [ANN], "reason": "The Crown entered Ann's Chateau.",
                                    "how": "crown"}
    assert after.draw_pile == 38 and after.hands == (7, 8)  # the game ended before the refill
    assert after.draw_pile + after.discard_size + sum(after.hands) == 54
    refused(after, {"type": "pass"}, "game-over")
    assert ENGINE.to_move(after) is None
    assert list(ENGINE.legal_cards(after)) == [] and ENGINE.legal_summons(after) == []


def test_crown_for_bob():
    s = at(king=-4, guards=(-6, -2), wizard=-8, jester=-7, crown=-4, turn=BOB)
    after = run(s, {"type": "pass"})
    assert (after.crown, after.winner, after.end) == (-7, BOB, "crown")


# --------------------------------------------------------------------------- the King's win


def test_king_into_a_chateau_wins_at_once():
    s = at(king=6, guards=(4, 8), wizard=7, jester=7, crown=-6)
    after = run(s, play(KING1(6, 7)))
    assert ENGINE.result(after) == {"winners": [ANN], "reason": "The King entered Ann's Chateau.",
                                    "how": "king"}
    assert after.crown == -6  # no Crown move after a King win
    assert after.hands == (7, 8) and after.draw_pile == 38
    e = refused(s, play(KING1(6, 7), KING1(7, 6)), "end-king", 1)
    assert "already entered a Chateau" in e.message
    refused(after, play(KING1(7, 6)), "game-over")


def test_king_into_the_opponents_chateau_gives_them_the_win():
    s = at(king=-6, guards=(-8, -4), wizard=0, jester=-7)
    after = run(s, play(KING1(-6, -7)))
    assert ENGINE.result(after)["winners"] == [BOB]


def test_wild_jester_can_take_the_king_home():
    s = at(king=4, guards=(2, 8), wizard=0, jester=6)
    after = run(s, play(card("jester-3", mv("king", 4, 7))))
    assert after.winner == ANN and after.end == "king"


# --------------------------------------------------------------------------- deck, reshuffle, end


def test_first_run_out_reshuffles_and_flips_the_crown():
    s = at(draw=2)  # 36 unseen cards in the discard pile
    after = run(s, play(KING1(0, 1), KING1(1, 0), KING1(0, 1)))
    assert (after.reshuffles, after.crown_side) == (1, "little")
    assert (after.draw_pile, after.unknown_discard, after.discard) == (38, 0, (0,) * 13)
    assert after.hands == (8, 8)
    view = ENGINE.view(after)
    assert view["last_turn"]["reshuffled"] == 1 and view["last_turn"]["drawn"] == 3
    assert view["crown"]["side"] == "little"


def test_the_deck_runs_out_when_the_last_card_is_drawn():
    s = run(at(draw=1), play(KING1(0, 1)))
    assert (s.reshuffles, s.draw_pile) == (1, 38)


def test_an_empty_pile_from_a_position_is_settled_before_play():
    """Rulebook (Refill your hand): "When the deck is empty, shuffle the discard pile to make a
    new face-down deck and flip the Crown token to its Little Crown side." An empty pile in a
    start position is a deck that has just run out: it is settled at once."""
    first = at(draw=0)
    assert (first.reshuffles, first.crown_side, first.draw_pile, first.unknown_discard) == \
        (1, "little", 38, 0)
    s = run(first, play(KING1(0, 1)))
    assert (s.reshuffles, s.draw_pile, s.hands, s.winner) == (1, 37, (8, 8), None)
    assert run(first, {"type": "pass"}).reshuffles == 1


def test_an_empty_pile_with_the_little_side_and_the_king_on_the_fountain_plays_on():
    """Rulebook (End of the game): "If the King is on the middle Fountain space when the deck
    runs out, shuffle the discard pile to make a new deck and continue playing"."""
    s = at(draw=0, side="little", reshuffles=1)
    assert (s.reshuffles, s.draw_pile, s.winner) == (2, 38, None)
    after = run(s, play(KING1(0, 1)))  # the King steps into Ann's Duchy: nothing ends
    assert (after.winner, after.draw_pile, after.reshuffles) == (None, 37, 2)


@pytest.mark.parametrize("king, owner", [(1, "Ann"), (-1, "Bob")])
def test_an_empty_pile_with_the_little_side_and_the_king_in_a_duchy_is_already_won(king, owner):
    """Rulebook (End of the game): "If the deck runs out when the Crown token already has the
    Little Crown side up, the player with the King in their Duchy wins the game." Such a start
    position is a finished game: refused with the sentence naming the winner."""
    with pytest.raises(RuleError) as caught:
        at(king=king, guards=(-3, 3), draw=0, side="little", reshuffles=1)
    assert caught.value.rule == "end-deck"
    assert f"{owner} has already won" in caught.value.message
    assert caught.value.message.endswith(".") and "\n" not in caught.value.message


def test_full_deck_cycle_from_the_start():
    s = game()
    turns = [
        [card("wizard-2", mv("wizard", 1 + 2 * (i % 2), 3 - 2 * (i % 2))) for i in range(8)],
        [KING1(-(i % 2), -1 + (i % 2)) for i in range(8)],
        [KING1(i % 2, 1 - (i % 2)) for i in range(4)],
        [card("guard-1+1", mv("guard", 2 + 2 * (i % 2), 4 - 2 * (i % 2))) for i in range(8)],
        [card("guard-1+1", mv("guard", -2, -4)), card("guard-1+1", mv("guard", -4, -2))]
        + [card("guard-1", mv("guard", -2 - (i % 2), -3 + (i % 2))) for i in range(4)],
        [card("jester-3", mv("jester", -1 + 3 * (i % 2), 2 - 3 * (i % 2))) for i in range(4)],
    ]
    pile = 38
    for cards in turns:
        s = run(s, play(*cards))
        pile -= len(cards)
        if pile:
            assert (s.draw_pile, s.reshuffles, s.hands) == (pile, 0, (8, 8))
    assert (s.draw_pile, s.reshuffles, s.crown_side, s.discard_size) == (38, 1, "little", 0)
    assert ENGINE.view(s)["last_turn"]["reshuffled"] == 1


def test_second_run_out_with_the_king_in_a_duchy_ends_the_game():
    s = at(king=-1, guards=(-3, 2), side="little", reshuffles=1, draw=1, wizard=4, jester=5)
    after = run(s, play(card("wizard-1", mv("wizard", 4, 3))))
    assert ENGINE.result(after) == {
        "winners": [BOB],
        "reason": "The deck ran out a second time with the King in Bob's Duchy.", "how": "deck"}
    assert after.draw_pile == 0 and after.hands == (8, 8)
    assert after.draw_pile + after.discard_size + sum(after.hands) == 54
    assert ENGINE.view(after)["last_turn"]["reason"].startswith("The deck ran out")


def test_second_run_out_stops_the_refill():
    s = at(king=1, guards=(-3, 2), side="little", reshuffles=1, draw=1, wizard=4, jester=5)
    after = run(s, play(card("wizard-1", mv("wizard", 4, 3)), card("wizard-2", mv("wizard", 3, 5))))
    assert after.winner == ANN and after.hands == (7, 8)
    assert after.draw_pile + after.discard_size + sum(after.hands) == 54


def test_second_run_out_with_the_king_on_the_fountain_plays_on():
    s = at(king=0, guards=(-3, 2), side="little", reshuffles=1, draw=2, wizard=4, jester=5)
    after = run(s, play(card("wizard-1", mv("wizard", 4, 3)), card("wizard-2", mv("wizard", 3, 5)),
                        card("wizard-3", mv("wizard", 5, 2))))
    assert after.winner is None and after.reshuffles == 2 and after.draw_pile == 38
    assert after.hands == (8, 8) and after.turn == BOB


def test_crown_win_comes_before_the_deck():
    s = at(king=-1, guards=(-3, 2), side="little", reshuffles=1, draw=1, wizard=8, jester=5,
           crown=6)
    after = run(s, play(card("wizard-1", mv("wizard", 8, 7))))
    assert (after.winner, after.end) == (ANN, "crown")


# --------------------------------------------------------------------------- view and state


def test_view_is_json_ready_and_complete():
    s = run(game(), play(card("jester-2", mv("jester", -1, 1))))
    view = ENGINE.view(s)
    json.dumps(view)
    assert view["players"] == [
        {"name": "Ann", "seat": 0, "chateau": "top", "sign": 1, "hand_size": 8},
        {"name": "Bob", "seat": 1, "chateau": "bottom", "sign": -1, "hand_size": 8}]
    assert view["pawns"] == {"king": 0, "guards": [-2, 2], "wizard": 1, "jester": 1}
    assert view["crown"] == {"position": 0, "side": "big"}
    assert (view["draw_pile"], view["reshuffles"], view["turn"], view["turn_number"]) == \
        (37, 0, BOB, 2)
    assert view["discard"]["jester-2"] == 1 and view["discard"]["unknown"] == 0
    assert view["jester_power"] is False  # Bob's side of the King is the minus side
    assert view["last_turn"]["cards"][0]["text"] == "Jester 2: Jester -1 \u2192 +1"
    assert view["rulings"] == s.rulings and view["result"] is None
    assert ENGINE.view(s, player=ANN) == view
    json.dumps(s.to_dict())
    assert s.to_dict()["discard"]["jester-2"] == 1


def test_state_is_immutable_and_compares_by_value():
    s = game()
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.king = 3  # type: ignore[misc]
    assert game() == s and hash(game()) == hash(s)


def test_legal_cards_and_builder():
    s = game()
    cards = list(ENGINE.legal_cards(s))
    assert {"card": "court", "dir": 1} in cards
    assert {"card": "guard-flank"} in cards
    assert card("jester-middle", mv("jester", -1, 0)) in cards
    assert not any(c["card"] == "jester-1" and c["moves"][0]["pawn"] != "jester" for c in cards)
    after_king = list(ENGINE.legal_cards(s, [KING1(0, 1)]))
    assert after_king and all(c["card"] in ("king-1", "court") for c in after_king)
    assert KING1(1, 2) not in after_king  # onto the Guard
    only = list(ENGINE.legal_cards(s, kinds=["wizard-3"]))
    assert only == [card("wizard-3", mv("wizard", 1, 4)), card("wizard-3", mv("wizard", 1, -2))]
    with pytest.raises(RuleError):
        list(ENGINE.legal_cards(s, [KING1(0, 2)]))
    for c in cards:
        ENGINE.validate(s, play(c))


def test_every_refusal_cites_a_rules_entry():
    """Random mutations of legal moves: every refusal's rule id is on the rules page."""
    rng = random.Random(5)
    seen = set()
    for seed in range(40):
        options = {"players": ["Ann", "Bob"], "wizard": seed % 2}
        moves, _ = random_game(random.Random(seed), options)
        s = ENGINE.new(options)
        for move in moves:
            for _ in range(3):
                broken = json.loads(json.dumps(move))
                if broken["type"] == "play":
                    c = rng.choice(broken["cards"])
                    if "moves" in c:
                        m = rng.choice(c["moves"])
                        m[rng.choice(["from", "to"])] += rng.choice([-2, -1, 1, 2, 7])
                    else:
                        broken["cards"].append(rng.choice(broken["cards"]))
                    if rng.random() < 0.3:
                        broken["cards"].append(rng.choice(list(ENGINE.legal_cards(game()))))
                else:
                    broken = {"type": "summon", "pawn": rng.choice(["king", "guard", "jester"]),
                              "from": rng.randrange(-8, 9)}
                try:
                    ENGINE.validate(s, broken)
                except RuleError as error:
                    seen.add(error.rule)
            s = run(s, move)
    assert seen <= RULE_IDS
    assert len(seen) >= 8, seen


def test_rules_page_entries():
    ids = [entry.id for entry in RULES]
    assert len(ids) == len(set(ids))
    for needed in ("setup", "board", "hands", "one-type", "exact-move", "board-ends", "court",
                   "king-1", "court-move", "guard-1", "guard-1+1", "guard-flank", "wizard-cards",
                   "jester-cards", "jester-middle", "wizard-power", "jester-power",
                   "jester-same-type", "crown", "crown-chateau", "crown-court", "crown-side",
                   "end-king", "end-crown", "end-deck", "end-fountain", "passing", "hand-size",
                   "copies", "move-format", "game-over", "ruling-direction",
                   "ruling-wild-middle", "ruling-duchy", "rulings"):
        assert needed in ids
    for entry in RULES:
        sentences = entry.text.count(". ") + 1
        assert 1 <= sentences <= 4 and entry.text.endswith("."), entry.id
        assert entry.title and entry.section


# --------------------------------------------------------------------------- replay


def test_replay_with_a_rulings_change():
    entries = [("move", play(KING1(0, -1))), ("rulings", {"direction": "towards-mover"})]
    result, _ = replay(ENGINE, {"players": ["Ann", "Bob"], "wizard": 0}, entries)
    assert result.state.direction == "towards-mover" and result.state.king == -1
    with pytest.raises(RuleError) as caught:  # now Bob may only move toward the minus side
        step(ENGINE, result, [], "move", play(KING1(-1, 0)))
    assert caught.value.rule == "ruling-direction"


# --------------------------------------------------------------------------- history lines


def line(state: State, move: dict) -> str:
    """The history line of ``move`` made in ``state``, as the record writes it."""
    return ENGINE.describe(move, ["Ann", "Bob"], after=ENGINE.apply(state, move))


def test_a_history_line_names_the_mover_the_pawn_where_from_and_to_and_the_card():
    s = at(king=0, guards=(-2, 2), wizard=3, jester=-1)
    one = {"type": "play", "cards": [{"card": "king-1", "moves": [mv("king", 0, 1)]}]}
    assert line(s, one) == "Ann moved the King 0 \u2192 +1 (King 1)"
    assert ENGINE.describe(one, ["Ann", "Bob"]) == "Moved the King 0 \u2192 +1 (King 1)"  # the move alone
    split = {"type": "play", "cards": [{"card": "guard-1+1", "moves": [mv("guard", -2, -1), mv("guard", 2, 3)]},
                                       {"card": "guard-1", "moves": [mv("guard", 3, 4)]}]}
    assert line(s, split) == (
        "Ann moved the Guards -2 \u2192 -1 and +2 \u2192 +3 (Guard 1+1), then the Guard +3 \u2192 +4 (Guard 1)")
    court = {"type": "play", "cards": [{"card": "court", "dir": 1}, {"card": "king-1", "moves": [mv("king", 1, 2)]}]}
    assert line(s, court) == (
        "Ann moved the Court (King and both Guards) one space toward Ann's Chateau, King 0 \u2192 +1 "
        "(King's privilege: 2 King cards), then the King +1 \u2192 +2 (King 1)")
    assert line(at(king=2, guards=(-1, 5), turn=BOB), {"type": "play", "cards": [{"card": "guard-flank"}]}) == (
        "Bob moved the Guards -1 \u2192 +1 and +5 \u2192 +3 (Guard flank)")
    wild = {"type": "play", "cards": [{"card": "jester-3", "moves": [mv("king", 0, -3)]}]}
    assert (line(at(king=0, guards=(-4, 2), jester=-1, turn=BOB), wild)
            == "Bob moved the King 0 \u2192 -3 (Jester 3, wild)")


def test_a_summon_says_where_the_pawn_went_a_pass_who_passed_the_crown_its_move_and_a_win():
    s = at(king=0, guards=(-5, 2), wizard=-3, jester=-1, turn=BOB)
    guard = {"type": "summon", "pawn": "guard", "from": -5}
    assert line(s, guard) == "Bob used the Wizard's power: the Guard -5 \u2192 -3"
    assert ENGINE.describe(guard, ["Ann", "Bob"]) == "Used the Wizard's power: the Guard from -5 to the Wizard"
    assert line(at(wizard=1), {"type": "summon", "pawn": "king"}) == "Ann used the Wizard's power: the King 0 \u2192 +1"
    assert line(s, {"type": "pass"}) == "Bob passed (no card played)"
    up = {"type": "play", "cards": [{"card": "guard-1", "moves": [mv("guard", 6, 7)]}]}
    assert line(at(king=0, guards=(-2, 6)), up) == "Ann moved the Guard +6 \u2192 +7 (Guard 1); the Crown 0 \u2192 +1"
    home = {"type": "play", "cards": [{"card": "king-1", "moves": [mv("king", -6, -7)]}]}
    assert line(at(king=-6, guards=(-8, -2), turn=BOB), home) == "Bob moved the King -6 \u2192 -7 (King 1); Bob won"


# --------------------------------------------------------------------------- corrections


def _wizard(frm: int, to: int, kind: str = "wizard-2") -> dict:
    return play(card(kind, mv("wizard", frm, to)))


def _three_turns() -> tuple[State, list[dict]]:
    """Ann's Wizard 2 (+1 -> +3), Bob's King 1 (0 -> -1), Ann's Wizard 1 (+3 -> +4)."""
    s = game()
    turns = [_wizard(1, 3), play(card("king-1", mv("king", 0, -1))), _wizard(3, 4, "wizard-1")]
    for move in turns:
        s = run(s, move)
    return s, turns


def _moves_in_force(s: State) -> list[dict]:
    out = []
    while s.before is not None:
        out.append(s.entered)
        s = s.before
    return out[::-1]


def test_a_correction_replaces_the_turn_and_keeps_the_later_ones():
    s, turns = _three_turns()
    fixed = run(s, {"type": "correct", "turn": 1, "move": _wizard(1, -1)})
    assert fixed.wizard == -1  # Ann's Wizard 2 went the other way; Bob's King still moved
    assert fixed.king == -1 and fixed.turn_number == 3 and fixed.turn == ANN
    # Ann's Wizard 1 from +3 no longer stands: it is dropped, and named for re-entry
    fix = fixed.correction
    assert (fix.turn, fix.seat, fix.kept) == (1, ANN, 1)
    assert (fix.dropped.turn, fix.dropped.seat, fix.dropped.count) == (3, ANN, 1)
    assert fix.dropped.move == turns[2] and fix.dropped.rule
    assert _moves_in_force(fixed) == [_wizard(1, -1), turns[1]]
    view = ENGINE.view(fixed)
    said = view["correction"]["said"]
    assert said.startswith("Turn 1 (Ann) corrected, 1 later turn kept; turn 3 (Ann) is refused "
                           "now: enter it again. Card 1 (Wizard 1): ")
    assert view["correction"]["dropped"]["move"] == turns[2]
    assert view["correction"]["at"]["pawns"]["wizard"] == -1
    # it is Ann's turn 3 again, and her turn is entered in the usual way
    again = run(fixed, _wizard(-1, -2, "wizard-1"))
    assert again.correction is None and again.wizard == -2


def test_the_view_offers_the_last_turns_with_their_positions():
    s, turns = _three_turns()
    offered = ENGINE.view(s)["correctable"]
    assert [(t["turn"], t["seat"], t["player"]) for t in offered] == [(3, ANN, "Ann"), (2, BOB, "Bob"),
                                                                      (1, ANN, "Ann")]
    assert [t["move"] for t in offered] == turns[::-1]
    assert offered[2]["position"]["pawns"]["wizard"] == 1  # where the Wizard stood before turn 1
    assert offered[2]["position"]["turn"] == ANN and offered[2]["position"]["draw_pile"] == 38
    assert offered[2]["text"] == "Ann moved the Wizard +1 \u2192 +3 (Wizard 2)"
    assert ENGINE.view(game())["correctable"] == [] and ENGINE.view(s)["correction"] is None
    many = s
    for _ in range(12):
        many = run(many, {"type": "pass"})
    assert len(ENGINE.view(many)["correctable"]) == 8  # the page offers the last eight


def test_a_correction_keeps_every_later_turn_still_legal():
    s, turns = _three_turns()
    fixed = run(s, {"type": "correct", "turn": 2, "move": play(card("king-1", mv("king", 0, 1)))})
    assert fixed.correction.kept == 1 and fixed.correction.dropped is None
    assert fixed.king == 1 and fixed.wizard == 4 and fixed.turn == BOB and fixed.turn_number == 4
    assert _moves_in_force(fixed)[2] == turns[2]


def test_a_corrected_game_is_the_game_entered_right():
    s, turns = _three_turns()
    new = _wizard(1, -1)
    fixed = run(s, {"type": "correct", "turn": 1, "move": new})
    straight = run(run(game(), new), turns[1])
    assert dataclasses.replace(fixed, correction=None) == straight
    assert ENGINE.view(dataclasses.replace(fixed, correction=None)) == ENGINE.view(straight)


def test_undo_takes_back_the_correction_and_says_so():
    options = {"players": ["Ann", "Bob"], "wizard": 0}
    s, turns = _three_turns()
    entries = [("move", move) for move in turns]
    entries.append(("move", {"type": "correct", "turn": 1, "move": _wizard(1, -1)}))
    done, history = replay(ENGINE, options, entries)
    assert done.state.wizard == -1
    step(ENGINE, done, history, "undo", None)
    assert done.state == s and done.state.wizard == 4
    line = ENGINE.describe(entries[-1][1], ["Ann", "Bob"], after=run(s, entries[-1][1]))
    assert line.startswith("Turn 1 corrected: Ann moved the Wizard +1 \u2192 -1 (Wizard 2)")
    assert "turn 3 (Ann) dropped" in line


@pytest.mark.parametrize("move, rule, words", [
    ({"type": "correct", "turn": 0, "move": {"type": "pass"}}, "correction", "Turn 0 is part"),
    ({"type": "correct", "turn": 4, "move": {"type": "pass"}}, "correction", "no turn 4"),
    ({"type": "correct", "turn": "1", "move": {"type": "pass"}}, "move-format", '"turn"'),
    ({"type": "correct", "turn": 1}, "move-format", '"move"'),
    ({"type": "correct", "turn": 1, "move": {"type": "correct"}}, "move-format", '"move"'),
    ({"type": "correct", "turn": 1, "move": {"type": "pass"}, "why": 1}, "move-format", "'why'"),
    ({"type": "correct", "turn": 1, "move": _wizard(1, 5)}, "exact-move", "Card 1 (Wizard 2)"),
])
def test_corrections_refused_name_the_rule(move, rule, words):
    s, _ = _three_turns()
    error = refused(s, move, rule, 0 if rule == "exact-move" else None)
    assert words in error.message


def test_a_correction_the_same_as_the_turn_entered_changes_nothing():
    s, turns = _three_turns()
    same = run(s, {"type": "correct", "turn": 1, "move": turns[0]})
    assert dataclasses.replace(same, correction=None) == s
    assert same.correction.kept == 2 and same.correction.dropped is None


def test_no_correction_before_a_turn_or_after_the_end():
    assert "No turn has been played" in refused(
        game(), {"type": "correct", "turn": 1, "move": {"type": "pass"}}, "correction").message
    s = at(king=6, guards=(5, 8), turn=ANN)
    s = run(s, {"type": "pass"})
    s = run(s, {"type": "pass"})
    won = run(s, play(card("king-1", mv("king", 6, 7))))
    assert won.winner == ANN
    refused(won, {"type": "correct", "turn": 1, "move": {"type": "pass"}}, "correction")


def test_a_correction_follows_the_draw_pile_and_the_reshuffle():
    # Two cards left: a turn of one card leaves one, a turn of two empties the pile and the
    # discard pile is shuffled into a new draw pile (the Crown turns to its Little side)
    s = at(draw=2, wizard=1)
    one = _wizard(1, 3)
    s = run(s, one)
    assert (s.draw_pile, s.reshuffles) == (1, 0)
    s = run(s, {"type": "pass"})
    two = play(card("wizard-2", mv("wizard", 1, 3)), card("wizard-1", mv("wizard", 3, 4)))
    fixed = run(s, {"type": "correct", "turn": 1, "move": two})
    assert fixed.reshuffles == 1 and s.reshuffles == 0
    straight = run(run(at(draw=2, wizard=1), two), {"type": "pass"})
    assert dataclasses.replace(fixed, correction=None) == straight
    assert (fixed.draw_pile, fixed.reshuffles, fixed.discard_size) == (
        straight.draw_pile, straight.reshuffles, straight.discard_size)
    assert ENGINE.view(fixed)["crown"]["side"] == "little"


def test_a_correction_takes_the_rulings_in_force_now():
    s = game()
    s = run(s, _wizard(1, 3))
    s = run(s, {"type": "pass"})
    s = ENGINE.with_rulings(s, {"direction": "towards-mover", "wild-middle": "allowed",
                                "duchy": "duchy-only"})
    refused(s, {"type": "correct", "turn": 1, "move": _wizard(1, -1)}, "ruling-direction", 0)
