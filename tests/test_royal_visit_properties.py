"""Royal Visit properties: games from any position a table enters, and the legal lists the page
offers (what every engine must do is in tests/test_engine_conformance.py)."""
from __future__ import annotations

import dataclasses
import random

import pytest
from engine_cases.royal_visit import RULINGS, SEEDS, check_state, positions
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import companion.games  # noqa: F401  (registers the engines)
from companion.engine import RuleError, replay, step
from companion.games.royal_visit import ENGINE, KINDS, State
from companion.games.royal_visit.simulate import choose_turn, random_game


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
    _moves, final = random_game(random.Random(seed), options)
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



# --------------------------------------------------------------------------- corrections


def _other_turn(rng: random.Random, state: State, entered: dict) -> dict | None:
    """Another legal turn at ``state`` than the one entered (None if the tries find none)."""
    deck = [kind.id for kind in KINDS for _ in range(kind.copies)]
    for _ in range(20):
        hand = rng.sample(deck, 8)
        move, _spent = choose_turn(rng, state, hand, pass_chance=0.1)
        if move != entered:
            return move
    return None


@examples(150)
@given(seed=SEEDS, pick=SEEDS, rulings=RULINGS, wizard=st.sampled_from([0, 1]))
def test_a_corrected_turn_keeps_the_later_turns_the_rules_take(seed, pick, rulings, wizard):
    """A whole game from the simulator, cut anywhere before its end; a random earlier turn is
    corrected to another legal turn. Every later turn is kept while the rules take it, the first
    they refuse is named with it and the rest dropped; the position is the one of the game entered
    with the correction in place from the start and the kept turns after (an independent replay
    through the engine's normal move path)."""
    options = {"players": ["Ann", "Bob"], "wizard": wizard, "rulings": rulings}
    moves, _ = random_game(random.Random(seed), options)
    rng = random.Random(pick)
    assume(len(moves) >= 3)
    cut = rng.randrange(2, len(moves))  # the last move may have ended the game: cut before it
    befores = []
    s = ENGINE.new(options)
    for move in moves[:cut]:
        befores.append(s)
        ENGINE.validate(s, move)
        s = ENGINE.apply(s, move)
    assume(s.winner is None)
    index = rng.randrange(cut)
    new = _other_turn(rng, befores[index], moves[index])
    assume(new is not None)
    correction = {"type": "correct", "turn": befores[index].turn_number, "move": new}
    ENGINE.validate(s, correction)
    fixed = ENGINE.apply(s, correction)
    fix = fixed.correction
    # the independent replay: the turns before, the correction, then each later turn while legal
    t = ENGINE.new(options)
    for move in moves[:index]:
        ENGINE.validate(t, move)
        t = ENGINE.apply(t, move)
    ENGINE.validate(t, new)
    t = ENGINE.apply(t, new)
    kept, dropped = 0, None
    for later in range(index + 1, cut):
        try:
            ENGINE.validate(t, moves[later])
        except RuleError as refusal:
            dropped = (later, refusal.rule, refusal.message)
            break
        t = ENGINE.apply(t, moves[later])
        kept += 1
    assert fix.turn == befores[index].turn_number and fix.new == new and fix.old == moves[index]
    assert fix.kept == kept
    if dropped is None:
        assert fix.dropped is None
    else:
        later, rule, message = dropped
        assert fix.dropped.turn == befores[later].turn_number
        assert fix.dropped.seat == befores[later].turn and fix.dropped.move == moves[later]
        assert (fix.dropped.rule, fix.dropped.message) == (rule, message)
        assert fix.dropped.count == cut - later
    assert dataclasses.replace(fixed, correction=None) == t
    in_force = []
    node = fixed
    while node.before is not None:
        in_force.append(node.entered)
        node = node.before
    assert in_force[::-1] == moves[:index] + [new] + moves[index + 1:index + 1 + kept]
    check_state(fixed)
    view = ENGINE.view(fixed)
    assert view["correction"]["kept"] == kept
    assert (view["correction"]["dropped"] is None) == (dropped is None)
    # Undo takes the correction back: the game as it was, every turn in force again
    done, history = replay(ENGINE, options, [("move", m) for m in moves[:cut]] + [("move", correction)])
    assert dataclasses.replace(done.state, correction=None) == t
    step(ENGINE, done, history, "undo", None)
    assert done.state == s
