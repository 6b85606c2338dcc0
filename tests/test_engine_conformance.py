"""What every game engine of the registry must do, whatever the game (companion/engine.py): every
engine is played here the same way, through its simulator and with JSON of every kind, and each
property fails if any one engine breaks it. What only one game must do is in its own tests
(tests/engine_cases/ says how each game is played, what holds of its every state, and how many
examples each property takes; COMPANION_CONFORMANCE_SCALE multiplies them, default 1)."""
from __future__ import annotations

import copy
import os
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import companion.games  # noqa: F401  (registers every engine)
from companion.engine import REGISTRY, Replay, RuleError, replay, step
from engine_cases import CASES
from engine_cases.case import Case, snapshot
from rules_checks import validate_then_apply

GAMES = sorted(REGISTRY)
SCALE = float(os.environ.get("COMPANION_CONFORMANCE_SCALE", "1"))  # examples, times this


@pytest.fixture(params=GAMES)
def case(request) -> Case:
    assert request.param in CASES, f"{request.param} has no case in tests/engine_cases/"
    return CASES[request.param]


def examples(case: Case, prop: str) -> settings:
    return settings(max_examples=max(1, int(case.examples[prop] * SCALE)), deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def refusal(case: Case, error: RuleError) -> None:
    """A refusal names an entry of the game's rules page, in one plain sentence."""
    assert error.rule in case.rule_ids, (error.rule, error.message)
    assert error.message.endswith(".") and "\n" not in error.message, error.message


def playable(case: Case, state, seats: bool = True) -> None:
    """What holds of a state a phone is shown: the game's own checks, a view for the table (and
    with ``seats``, for every seat) that JSON carries, and a result exactly when nobody is to
    move at the end."""
    engine = case.engine
    case.check(state)
    for player in [None, *(range(len(state.players)) if seats else ())]:
        json.dumps(engine.view(state, player), allow_nan=False)
    result = engine.result(state)
    if result is not None:
        assert engine.to_move(state) is None
        assert result["reason"].endswith(".")  # (a game may end with nobody winning)
        assert all(0 <= seat < len(state.players) for seat in result["winners"])
        json.dumps(result, allow_nan=False)


# --------------------------------------------------------------------------- whole games


def test_random_games_end_in_a_valid_state(case):
    engine = case.engine

    @examples(case, "games")
    @given(seed=st.integers(min_value=0, max_value=2**32 - 1))
    def played(seed):
        options, moves, final = case.game(seed)
        assert engine.result(final) is not None, "the game did not end"
        playable(case, final)
        for move in moves:
            assert engine.describe(move, final.players)

    played()


def test_every_state_is_valid_and_the_record_replays_to_it(case):
    """Every state along a game holds; apply is deterministic and never changes the state or the
    move it is given; the history line of each move is a sentence; and the record, sent
    through JSON as the store keeps it, replays to the same state."""
    engine = case.engine

    @examples(case, "states")
    @given(seed=st.integers(min_value=0, max_value=2**32 - 1), data=st.data())
    def played(seed, data):
        options, moves, final = case.game(seed)
        # one state of the game, drawn, is also seen by every seat and kept unchanged by apply
        picked = data.draw(st.integers(0, len(moves) - 1))
        state = engine.new(options)
        playable(case, state, seats=False)
        for number, move in enumerate(moves):
            before = copy.deepcopy(move)
            if number == picked:
                playable(case, state)
                kept = snapshot(engine, state)
            after = engine.apply(state, move)
            assert engine.apply(state, move) == after  # deterministic
            assert move == before  # apply never changes the move it is given
            if number == picked:
                assert snapshot(engine, state) == kept  # nor the state
            assert engine.describe(move, state.players, before=state, after=after)
            state = after
            playable(case, state, seats=False)
        assert state == final
        playable(case, final)
        stored = json.loads(json.dumps({"options": options, "moves": moves}))
        result, history = replay(engine, stored["options"], [("move", m) for m in stored["moves"]])
        assert result.state == final and len(history) == len(moves)

    played()


def test_undo_and_redo_take_back_and_bring_back_a_move(case):
    engine = case.engine

    @examples(case, "states")
    @given(seed=st.integers(min_value=0, max_value=2**32 - 1), data=st.data())
    def played(seed, data):
        options, moves, _ = case.game(seed)
        cut = data.draw(st.integers(1, len(moves)))
        done, history = replay(engine, options, [("move", m) for m in moves[:cut]])
        before = replay(engine, options, [("move", m) for m in moves[:cut - 1]])[0].state
        reached = done.state
        step(engine, done, history, "undo", None)
        assert done.state == before and done.undone == [moves[cut - 1]]
        step(engine, done, history, "redo", None)
        assert done.state == reached and done.undone == [] and len(history) == cut

    played()


def test_a_ruling_changed_and_changed_back_leaves_the_game_as_it_was(case):
    engine = case.engine
    if not engine.rulings:
        pytest.skip(f"{engine.title} has no table rulings")

    @examples(case, "states")
    @given(seed=st.integers(min_value=0, max_value=2**32 - 1), data=st.data())
    def played(seed, data):
        options, moves, _ = case.game(seed)
        cut = data.draw(st.integers(0, len(moves)))
        done, _ = replay(engine, options, [("move", m) for m in moves[:cut]])
        ruling = data.draw(st.sampled_from(engine.rulings))
        value = data.draw(st.sampled_from([choice for choice, _ in ruling.choices]))
        try:
            changed = engine.with_rulings(done.state, {**done.rulings, ruling.id: value})
        except RuleError as error:  # a ruling the position cannot take now
            refusal(case, error)
            return
        playable(case, changed)
        assert engine.with_rulings(changed, done.rulings) == done.state

    played()


# --------------------------------------------------------------------------- refusals


def test_refused_moves_raise_rule_errors_and_change_nothing(case):
    """A near miss of a legal move is refused alike by validate and apply, naming an entry of the
    rules page, or taken to a valid state; the state it was tried on never changes, and a
    refused entry leaves the record's replay as it was (nothing is stored)."""
    engine = case.engine

    @examples(case, "refusals")
    @given(seed=case.seeds, data=st.data())
    def tried(seed, data):
        history = case.history(seed)
        state, move = history[data.draw(st.integers(0, len(history) - 1))]
        kept = snapshot(engine, state)
        broken = case.near_miss(move, data)
        after = validate_then_apply(engine, state, broken, case.rule_ids)
        if isinstance(after, RuleError):
            refusal(case, after)
            case.refused(broken, after)
            done = Replay(state=state, done=["earlier"], undone=["undone"])
            entries = [state]
            with pytest.raises(RuleError):
                step(engine, done, entries, "move", broken)
            assert (done.state, done.done, done.undone, entries) == (
                state, ["earlier"], ["undone"], [state])
        else:
            playable(case, after)
            assert engine.describe(broken, state.players, before=state, after=after)
        assert snapshot(engine, state) == kept

    tried()


def test_validate_raises_only_rule_errors_on_any_json(case):
    engine = case.engine
    states = case.some_states()

    @examples(case, "json")
    @given(move=case.moves, index=st.integers(0, len(states) - 1))
    def sent(move, index):
        state = states[index]
        kept = snapshot(engine, state)
        try:
            engine.validate(state, move)
        except RuleError as error:
            refusal(case, error)
        else:
            playable(case, engine.apply(state, move))
            assert engine.describe(move, state.players)
        assert snapshot(engine, state) == kept

    sent()


def test_new_raises_only_rule_errors(case):
    engine = case.engine

    @examples(case, "options")
    @given(options=case.options)
    def started(options):
        try:
            state = engine.new(options)
        except RuleError as error:
            refusal(case, error)
        else:
            playable(case, state)

    started()


def test_options_from_form_raises_only_rule_errors(case):
    engine = case.engine

    @examples(case, "forms")
    @given(form=case.forms)
    def filled(form):
        try:
            options = engine.options_from_form(form)
        except RuleError as error:
            refusal(case, error)
        else:
            playable(case, engine.new(json.loads(json.dumps(options))))

    filled()
