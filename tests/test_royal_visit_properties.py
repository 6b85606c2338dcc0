"""Royal Visit properties: thousands of random games, random refusals, random JSON."""
from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import companion.games  # noqa: F401  (registers the engines)
from companion.engine import RuleError, replay
from companion.games.royal_visit import ENGINE, KINDS
from companion.games.royal_visit.rules_page import RULE_IDS
from companion.games.royal_visit.simulate import random_game
from companion.games.royal_visit.state import State
from rules_checks import validate_then_apply


def examples(n: int) -> settings:
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])

RULINGS = st.fixed_dictionaries({
    "direction": st.sampled_from(["either", "towards-mover"]),
    "wild-middle": st.sampled_from(["allowed", "forbidden"]),
    "duchy": st.sampled_from(["duchy-only", "with-chateau"]),
})
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def check_state(s: State) -> None:
    """What must hold of every state a game can reach."""
    pawns = (s.king, s.guard_low, s.guard_high, s.wizard, s.jester)
    assert all(-8 <= p <= 8 for p in pawns), pawns
    assert s.guard_low < s.king < s.guard_high, pawns
    assert (abs(s.king) >= 7) == (s.end == "king")
    assert -7 <= s.crown <= 7 and (abs(s.crown) == 7) == (s.end == "crown")
    assert s.draw_pile >= 0 and s.unknown_discard >= 0 and s.reshuffles >= 0
    assert all(0 <= n <= kind.copies for n, kind in zip(s.discard, KINDS))
    assert s.draw_pile + s.discard_size + sum(s.hands) == 54
    assert s.crown_side == ("little" if s.reshuffles else "big")
    if s.winner is None:
        assert s.hands == (8, 8) and ENGINE.to_move(s) == s.turn and ENGINE.result(s) is None
        assert s.end is None
    else:
        assert ENGINE.to_move(s) is None
        result = ENGINE.result(s)
        assert result["winners"] == [s.winner] and result["reason"].endswith(".")
        if s.end == "deck":
            assert s.reshuffles >= 1 and s.draw_pile == 0
            assert (s.king > 0) == (s.winner == 0) and s.king != 0
        if s.end == "king":
            assert (s.king > 0) == (s.winner == 0)
        if s.end == "crown":
            assert (s.crown > 0) == (s.winner == 0) == (s.turn == 0)


@st.composite
def positions(draw):
    king = draw(st.integers(-6, 6))
    low = draw(st.integers(-8, king - 1))
    high = draw(st.integers(king + 1, 8))
    reshuffles = draw(st.integers(0, 3))
    return {
        "king": king, "guards": draw(st.permutations([low, high])),
        "wizard": draw(st.integers(-8, 8)), "jester": draw(st.integers(-8, 8)),
        "crown": draw(st.integers(-6, 6)), "crown_side": "little" if reshuffles else "big",
        "draw_pile": draw(st.integers(0, 38)), "reshuffles": reshuffles,
        "turn": draw(st.integers(0, 1)),
    }


# --------------------------------------------------------------------------- whole games


@examples(2500)
@given(seed=SEEDS, wizard=st.integers(0, 1), rulings=RULINGS)
def test_random_games_end_in_a_valid_state(seed, wizard, rulings):
    options = {"players": ["Ann", "Bob"], "wizard": wizard, "rulings": rulings}
    moves, final = random_game(random.Random(seed), options)
    assert final.winner is not None, "the game did not end"
    check_state(final)
    json.dumps(ENGINE.view(final))


@examples(600)
@given(seed=SEEDS, position=positions(), rulings=RULINGS)
def test_random_games_from_positions_end_in_a_valid_state(seed, position, rulings):
    options = {"players": ["Ann", "Bob"], "position": position, "rulings": rulings}
    if position["draw_pile"] == 0 and position["reshuffles"] and position["king"] != 0:
        with pytest.raises(RuleError) as caught:  # the deck ran out twice: that game is won
            ENGINE.new(options)
        assert caught.value.rule == "end-deck"
        return
    moves, final = random_game(random.Random(seed), options)
    assert final.winner is not None
    check_state(final)
    if position["draw_pile"] == 0:  # settled at the start: the discard pile is the new deck
        start = ENGINE.new(options)
        assert (start.draw_pile, start.reshuffles) == (38, position["reshuffles"] + 1)


@examples(150)
@given(seed=SEEDS, wizard=st.integers(0, 1), rulings=RULINGS)
def test_every_state_of_a_game_is_valid_and_replays(seed, wizard, rulings):
    options = {"players": ["Ann", "Bob"], "wizard": wizard, "rulings": rulings}
    moves, final = random_game(random.Random(seed), options)
    s = ENGINE.new(options)
    check_state(s)
    for move in moves:
        before = copy.deepcopy(move)
        s = ENGINE.apply(s, move)
        assert move == before  # apply never changes the move it is given
        check_state(s)
        json.dumps(ENGINE.view(s))
    assert s == final
    result, history = replay(ENGINE, options, [("move", m) for m in moves])
    assert result.state == final and len(history) == len(moves)


# --------------------------------------------------------------------------- refusals


def _states_of(seed: int, wizard: int, rulings: dict) -> list[tuple[State, dict]]:
    options = {"players": ["Ann", "Bob"], "wizard": wizard, "rulings": rulings}
    moves, _ = random_game(random.Random(seed), options)
    s = ENGINE.new(options)
    out = []
    for move in moves:
        out.append((s, move))
        s = ENGINE.apply(s, move)
    return out


MUTATIONS = st.sampled_from(["shift", "drop", "extra", "rename", "retype", "duplicate", "swap"])


def _mutate(move: dict, data) -> dict:
    """A near miss of a legal move, as a table might enter by mistake."""
    move = copy.deepcopy(move)
    how = data.draw(MUTATIONS)
    target = move
    if move["type"] == "play":
        cards = move["cards"]
        target = cards[data.draw(st.integers(0, len(cards) - 1))]
        if "moves" in target and data.draw(st.booleans()):
            target = target["moves"][data.draw(st.integers(0, len(target["moves"]) - 1))]
    keys = sorted(target)
    key = keys[data.draw(st.integers(0, len(keys) - 1))] if keys else "type"
    if how == "shift":
        for k in ("from", "to", "dir"):
            if k in target:
                target[k] = target[k] + data.draw(st.sampled_from([-3, -2, -1, 1, 2, 3, 9]))
                break
        else:
            target[key] = data.draw(st.integers(-9, 9))
    elif how == "drop":
        target.pop(key, None)
    elif how == "extra":
        target["note"] = 1
    elif how == "rename":
        for k in ("card", "pawn", "type"):
            if k in target:
                target[k] = data.draw(st.sampled_from(
                    [kind.id for kind in KINDS] + ["court", "king", "guard", "wizard", "jester",
                                                   "play", "summon", "pass", "queen"]))
                break
    elif how == "retype":
        target[key] = data.draw(st.sampled_from([None, True, 1.5, "3", [], {}]))
    elif how == "duplicate" and move["type"] == "play":
        move["cards"] = move["cards"] + move["cards"]
    elif how == "swap" and move["type"] == "play":
        move["cards"] = list(reversed(move["cards"]))
    return move


@examples(400)
@given(seed=SEEDS, wizard=st.integers(0, 1), rulings=RULINGS, data=st.data())
def test_refused_moves_raise_rule_errors_and_change_nothing(seed, wizard, rulings, data):
    history = _states_of(seed, wizard, rulings)
    state, move = history[data.draw(st.integers(0, len(history) - 1))]
    snapshot = state.to_dict()
    broken = _mutate(move, data)
    after = validate_then_apply(ENGINE, state, broken, RULE_IDS)
    if isinstance(after, RuleError):
        if after.step is not None:
            assert 0 <= after.step < len(broken["cards"])
            assert after.message.startswith(f"Card {after.step + 1}")
    else:
        check_state(after)
    assert state.to_dict() == snapshot


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 20) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["play", "summon", "pass", "king", "guard", "wizard",
                                              "jester", "court", "king-1", "guard-1+1",
                                              "guard-flank", "jester-middle", "jester-3"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.sampled_from(["type", "cards", "card", "moves", "pawn", "from", "to", "dir", "x"])
        | st.text(max_size=5), children, max_size=4),
    max_leaves=20,
)
NUMBER = st.integers(-9, 9) | st.sampled_from([None, True, "1", 1.0])
MOVE_LIKE = st.fixed_dictionaries({
    "pawn": st.sampled_from(["king", "guard", "wizard", "jester", 1]),
    "from": NUMBER, "to": NUMBER})
CARD_LIKE = st.one_of(
    st.fixed_dictionaries({"card": st.sampled_from([k.id for k in KINDS] + ["court", "x"]),
                           "moves": st.lists(MOVE_LIKE, max_size=3)}),
    st.fixed_dictionaries({"card": st.just("court"), "dir": NUMBER}),
    st.fixed_dictionaries({"card": st.sampled_from(["guard-flank", "jester-middle"])}),
    JSON,
)
MOVE_SHAPED = st.one_of(
    st.fixed_dictionaries({"type": st.just("play"), "cards": st.lists(CARD_LIKE, max_size=5)}),
    st.fixed_dictionaries({"type": st.just("summon"), "pawn": st.sampled_from(
        ["king", "guard", "wizard", "jester", None])}, optional={"from": NUMBER}),
    JSON,
)

_SOME_STATES = [s for s, _ in _states_of(3, 0, {})][::5] + [
    random_game(random.Random(4))[1],
    ENGINE.new({"players": ["Ann", "Bob"], "position": {
        "king": 0, "guards": [-8, 8], "wizard": 0, "jester": 5, "crown": 0, "crown_side": "big",
        "draw_pile": 0, "reshuffles": 0, "turn": 0}}),
]


@examples(3000)
@given(move=MOVE_SHAPED, index=st.integers(0, len(_SOME_STATES) - 1))
def test_validate_raises_only_rule_errors_on_any_json(move, index):
    state = _SOME_STATES[index]
    try:
        ENGINE.validate(state, move)
    except RuleError as error:
        assert error.rule in RULE_IDS
        return
    check_state(ENGINE.apply(state, move))


@examples(500)
@given(options=JSON | st.fixed_dictionaries(
    {"players": st.lists(st.text(max_size=8) | JSON, max_size=3), "wizard": NUMBER},
    optional={"rulings": JSON | RULINGS, "position": JSON | positions()}))
def test_new_raises_only_rule_errors(options):
    try:
        s = ENGINE.new(options)
    except RuleError as error:
        assert error.rule in RULE_IDS
    else:
        check_state(s)


@examples(300)
@given(form=st.dictionaries(st.sampled_from([
    "player_top", "player_bottom", "wizard", "start", "king", "guard_low", "guard_high",
    "wizard_pos", "jester", "crown", "crown_side", "draw_pile", "reshuffles", "turn",
    "ruling-direction", "ruling-duchy"]), st.text(max_size=6) | st.sampled_from(
    ["top", "bottom", "position", "0", "2", "-2", "big", "Ann", "Bob"])))
def test_options_from_form_raises_only_rule_errors(form):
    try:
        options = ENGINE.options_from_form(form)
    except RuleError as error:
        assert error.rule in RULE_IDS
    else:
        check_state(ENGINE.new(options))


# --------------------------------------------------------------------------- legal lists


def _canonical(card: dict) -> tuple:
    if card["card"] == "court":
        return ("court", card["dir"])
    if "moves" not in card:
        return (card["card"],)
    return (card["card"], frozenset((m["pawn"], m["from"], m["to"]) for m in card["moves"]))


def _candidates(state: State, pos: list[int]) -> list[dict]:
    """Every well-formed card that starts from where the pawns stand."""
    king, low, high, wizard, jester = pos
    out = [{"card": "court", "dir": 1}, {"card": "court", "dir": -1}, {"card": "guard-flank"},
           {"card": "jester-middle"}]
    for kind in KINDS:
        if kind.id == "guard-flank":
            continue
        for pawn, frm in (("king", king), ("guard", low), ("guard", high), ("wizard", wizard),
                          ("jester", jester)):
            for to in range(-9, 10):
                out.append({"card": kind.id, "moves": [{"pawn": pawn, "from": frm, "to": to}]})
    for a in (-1, 1):
        for b in (-1, 1):
            out.append({"card": "guard-1+1", "moves": [
                {"pawn": "guard", "from": low, "to": low + a},
                {"pawn": "guard", "from": high, "to": high + b}]})
    return out


@examples(120)
@given(seed=SEEDS, wizard=st.integers(0, 1), rulings=RULINGS, data=st.data())
def test_legal_cards_are_exactly_the_cards_validate_accepts(seed, wizard, rulings, data):
    history = _states_of(seed, wizard, rulings)
    state, move = history[data.draw(st.integers(0, len(history) - 1))]
    so_far: list[dict] = []
    if move["type"] == "play":
        so_far = move["cards"][:data.draw(st.integers(0, len(move["cards"]) - 1))]
    builder = ENGINE.start_turn(state)
    for card in so_far:
        builder.add(card)
    legal = {_canonical(c) for c in ENGINE.legal_cards(state, so_far)}
    accepted = set()
    for card in _candidates(state, builder.pos):
        try:
            ENGINE.validate(state, {"type": "play", "cards": so_far + [card]})
        except RuleError:
            continue
        accepted.add(_canonical(card) if card != {"card": "jester-middle"} else
                     ("jester-middle", frozenset({("jester", builder.pos[4], 0)})))
    assert legal == accepted


@examples(200)
@given(seed=SEEDS, data=st.data())
def test_legal_summons_are_exactly_the_summons_validate_accepts(seed, data):
    history = _states_of(seed, seed % 2, {})
    state, _ = history[data.draw(st.integers(0, len(history) - 1))]
    legal = ENGINE.legal_summons(state)
    accepted = []
    for candidate in ({"type": "summon", "pawn": "king"},
                      {"type": "summon", "pawn": "guard", "from": state.guard_low},
                      {"type": "summon", "pawn": "guard", "from": state.guard_high}):
        try:
            ENGINE.validate(state, candidate)
        except RuleError:
            continue
        accepted.append(candidate)
    assert legal == accepted


# --------------------------------------------------------------------------- the Jester's power

JESTER_NUMBERS = ("jester-1", "jester-2", "jester-3", "jester-4", "jester-5")


@examples(300)
@given(seed=SEEDS, position=positions(), rulings=RULINGS, data=st.data())
def test_the_jester_power_badge_is_on_exactly_when_jester_cards_may_move_other_pawns(
        seed, position, rulings, data):
    """The view's "Jester's power" badge agrees with what a play may do, at every state of random
    games from random positions: a numbered Jester card that moves the Wizard is refused for the
    Jester's power exactly when the badge is off, and the legal cards include a wild one only
    when it is on."""
    options = {"players": ["Ann", "Bob"], "position": position, "rulings": rulings}
    assume(not (position["draw_pile"] == 0 and position["reshuffles"] and position["king"] != 0))
    moves, _ = random_game(random.Random(seed), options)
    state = ENGINE.new(options)
    states = [state]
    for move in moves:
        state = ENGINE.apply(state, move)
        states.append(state)
    state = states[data.draw(st.integers(0, len(states) - 1))]
    badge = ENGINE.view(state)["jester_power"]
    if state.winner is not None:
        assert badge is False
        return
    for kind in JESTER_NUMBERS:
        n = int(kind[-1])
        for to in (state.wizard + n, state.wizard - n):
            card = {"card": kind, "moves": [{"pawn": "wizard", "from": state.wizard, "to": to}]}
            try:
                ENGINE.validate(state, {"type": "play", "cards": [card]})
                rule = None
            except RuleError as error:
                rule = error.rule
            if rule == "copies":  # no such card can be in the mover's hand
                continue
            assert (rule == "jester-power") == (not badge), (card, rule, badge)
    wild = [card for card in ENGINE.legal_cards(state)
            if card["card"].startswith("jester") and "moves" in card
            and card["moves"][0]["pawn"] != "jester"]
    assert badge or not wild

