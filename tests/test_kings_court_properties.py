"""King's Court properties: random sheet games always end in a valid final state, the totals are
the sum of the rows, refused moves change nothing, and garbage only ever raises RuleError."""
from __future__ import annotations

import copy
import json
import random
from functools import lru_cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import RuleError, replay
from companion.games.kings_court import ENGINE, KIND_BY_ID, State, arbiter
from companion.games.kings_court.rules_page import RULE_IDS
from companion.games.kings_court.simulate import random_game, random_hand_move, random_options
from rules_checks import validate_then_apply

KIND_IDS = sorted(KIND_BY_ID)


def examples(n: int) -> settings:
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def check_sheet(s: State) -> None:
    """What must hold of every sheet: the totals are the carried totals plus each counted row,
    halved exactly when they land on the limit, and the end is where the rules put it."""
    t = s.tally
    totals = list(s.carried)
    ended = False
    assert len(t.after) == len(s.rows)
    for index, row in enumerate(s.rows):
        if row.kind == "hand":
            assert sum(row.points) == sum(row.side_points)
            for side, team in enumerate(s.sides):
                assert row.side_points[side] == sum(row.points[seat] for seat in team)
        else:
            assert sum(1 for p in row.side_points if p) == 1
        if ended:
            assert t.after[index] is None
            continue
        halved = []
        for side in range(len(totals)):
            totals[side] += row.side_points[side]
            if totals[side] == s.limit:
                halved.append(side)
                totals[side] //= 2
        assert t.after[index] == tuple(totals)
        assert [side for side, _ in t.halved[index]] == halved
        low = min(totals)
        lowest = [side for side, total in enumerate(totals) if total == low]
        scroll_win = len(lowest) == 1 and lowest[0] in halved
        over = any(total > s.limit for total in totals)
        if scroll_win or over:
            ended = True
            assert t.end == index and list(t.winners) == lowest
            assert t.how == ("scroll-bonus" if scroll_win else "limit")
    assert ended == s.over
    assert list(t.totals) == totals
    view = ENGINE.view(s)
    assert json.loads(json.dumps(view)) == view
    assert view["totals"] == totals
    assert [row["counted"] for row in view["rows"]] == [a is not None for a in t.after]
    for row in view["rows"]:
        if row["kind"] == "hand":
            for player in row["players"]:
                assert player["points"] == sum(line["points"] for line in player["lines"])
                assert all(line["rule"] in RULE_IDS for line in player["lines"])
    result = ENGINE.result(s)
    if s.over:
        assert result["reason"].endswith(".") and result["winners"]
        assert result["winners"] == sorted(seat for side in t.winners for seat in s.sides[side])
        assert ENGINE.to_move(s) is None
    else:
        assert result is None and max(totals) <= s.limit


@examples(80)
@given(seed=SEEDS)
def test_random_games_end_in_a_valid_final_state(seed):
    moves, final = random_game(random.Random(seed))  # a quarter of the hands played card by card
    assert final.over
    check_sheet(final)
    t = final.tally
    assert any(total > final.limit for total in t.totals) or t.how == "scroll-bonus"
    for move in moves:
        assert ENGINE.describe(move, final.players)


@examples(50)
@given(seed=SEEDS)
def test_every_state_is_a_valid_sheet_and_replays(seed):
    rng = random.Random(seed)
    options = random_options(rng)
    moves, final = random_game(rng, options, play_by_play=0.1)
    s = ENGINE.new(options)
    for move in moves:
        before, rows = copy.deepcopy(move), s.rows
        s = ENGINE.apply(s, move)
        assert move == before  # apply never changes the move it is given
        if move["type"] in arbiter.EVENTS:  # a play changes the hand, never the sheet
            assert s.rows is rows and s.hand is not None and not s.over
        else:
            check_sheet(s)
    assert s == final
    result, history = replay(ENGINE, options, [("move", m) for m in moves])
    assert result.state == final and len(history) == len(moves)
    other = "not-dealer" if final.dealing_bonus == "everyone" else "everyone"
    flipped = ENGINE.with_rulings(final, {"dealing_bonus": other})
    check_sheet(flipped)
    assert ENGINE.with_rulings(flipped, {"dealing_bonus": final.dealing_bonus}) == final


@lru_cache(maxsize=None)
def _states_of(seed: int) -> list[tuple[State, dict]]:
    rng = random.Random(seed)
    options = random_options(rng)
    moves, _ = random_game(rng, options)
    s = ENGINE.new(options)
    out = []
    for move in moves:
        out.append((s, move))
        s = ENGINE.apply(s, move)
    return out


KEYS = ["type", "out", "cards", "points", "last", "next", "next_draws", "dungeon", "played",
        "cut", "dealer", "hand", "seat", "partnership", "reason", "first"]
VALUES = st.one_of(
    st.integers(-3, 9), st.sampled_from([None, True, 1.5, "3", [], {}, "hand", "adjust",
                                         "correct", "made", "missed", "deal", "abandon"]),
    st.sampled_from(KIND_IDS), st.lists(st.sampled_from(KIND_IDS), max_size=4),
    st.lists(st.one_of(st.none(), st.integers(-5, 60),
                       st.lists(st.sampled_from(KIND_IDS), max_size=3)), max_size=9),
    st.lists(st.fixed_dictionaries({"card": st.sampled_from(
        ["dark-knight", "poison-garden", "castle-fire", "kings-goblet", "warlord", "king"]),
        "by": st.integers(-1, 8)}, optional={"on": st.integers(-1, 8) | st.none()}),
        max_size=3))


@examples(500)
@given(seed=st.integers(0, 40), data=st.data())
def test_refused_moves_raise_rule_errors_and_change_nothing(seed, data):
    history = _states_of(seed)
    state, move = history[data.draw(st.integers(0, len(history) - 1))]
    snapshot = json.dumps(ENGINE.view(state), sort_keys=True)
    broken = copy.deepcopy(move)
    for _ in range(data.draw(st.integers(1, 3))):
        key = data.draw(st.sampled_from(KEYS))
        if data.draw(st.booleans()):
            broken[key] = data.draw(VALUES)
        else:
            broken.pop(key, None)
    after = validate_then_apply(ENGINE, state, broken, RULE_IDS)
    if not isinstance(after, RuleError):
        check_sheet(after)
        assert ENGINE.describe(broken, state.players)
    assert json.dumps(ENGINE.view(state), sort_keys=True) == snapshot


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 20) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(KIND_IDS),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(
        st.sampled_from(KEYS) | st.text(max_size=5), children, max_size=6),
    max_leaves=25,
)
MOVE_SHAPED = st.one_of(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["hand", "correct"]), "out": st.integers(-1, 8) | st.none()},
        optional={"cards": JSON, "points": JSON, "played": VALUES | JSON, "last": JSON,
                  "next": JSON, "next_draws": JSON, "dungeon": JSON, "cut": JSON,
                  "hand": st.integers(-1, 5) | JSON, "dealer": JSON}),
    st.fixed_dictionaries({"type": st.just("adjust")},
                          optional={"seat": JSON, "partnership": JSON, "points": JSON,
                                    "reason": JSON}),
    st.fixed_dictionaries({"type": st.sampled_from(["deal", "abandon",
                                                    *sorted(arbiter.EVENTS)])},
                          optional={"first": JSON, "cut": JSON, "card": JSON, "cards": JSON}),
    JSON,
)


def _some_states() -> list[State]:
    out = []
    for seed in range(8):
        history = _states_of(seed)
        out += [history[0][0], history[len(history) // 2][0], history[-1][0]]
        moves, final = random_game(random.Random(seed))
        out.append(final)
    return out


STATES = _some_states()


@examples(300)
@given(index=st.integers(0, len(STATES) - 1), move=MOVE_SHAPED)
def test_garbage_raises_only_rule_errors(index, move):
    state = STATES[index]
    try:
        ENGINE.validate(state, move)
    except RuleError as error:
        assert error.rule in RULE_IDS and error.message.endswith(".")
    else:
        check_sheet(ENGINE.apply(state, move))


@examples(200)
@given(seed=SEEDS)
def test_random_hands_are_accepted_and_their_points_add_up(seed):
    rng = random.Random(seed)
    options = random_options(rng)
    state = ENGINE.new(options)
    move = random_hand_move(rng, state)
    ENGINE.validate(state, move)
    after = ENGINE.apply(state, move)
    row = after.rows[-1]
    assert after.tally.after[0] is not None
    assert sum(row.side_points) == sum(row.points)


@examples(120)
@given(options=st.dictionaries(
    st.sampled_from(["players", "partnerships", "limit", "selection", "extra", "first_dealer",
                     "carried", "rulings", "colour"]), JSON, max_size=6))
def test_garbage_options_raise_only_rule_errors(options):
    try:
        ENGINE.new(options)
    except RuleError as error:
        assert error.rule in RULE_IDS and error.message.endswith(".")
