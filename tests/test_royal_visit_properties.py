"""Royal Visit properties: games from any position a table enters, and the legal lists the page
offers (what every engine must do is in tests/test_engine_conformance.py)."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import companion.games  # noqa: F401  (registers the engines)
from companion.engine import RuleError
from companion.games.royal_visit import ENGINE, KINDS, State
from companion.games.royal_visit.simulate import random_game
from engine_cases.royal_visit import RULINGS, SEEDS, check_state, positions


def examples(n: int) -> settings:
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# --------------------------------------------------------------------------- whole games


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


def _states_of(seed: int, wizard: int, rulings: dict) -> list[tuple[State, dict]]:
    options = {"players": ["Ann", "Bob"], "wizard": wizard, "rulings": rulings}
    moves, _ = random_game(random.Random(seed), options)
    s = ENGINE.new(options)
    out = []
    for move in moves:
        out.append((s, move))
        s = ENGINE.apply(s, move)
    return out


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

