"""King's Court properties: how a sheet game ends, plays followed card by card, and random hands
(what every engine must do, and what holds of every sheet, is in
tests/test_engine_conformance.py and tests/engine_cases/kings_court.py)."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.kings_court import ENGINE, arbiter
from companion.games.kings_court.simulate import random_game, random_hand_move, random_options


def examples(n: int) -> settings:
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@examples(80)
@given(seed=SEEDS)
def test_random_games_end_past_the_limit_or_by_the_scroll_bonus(seed):
    _, final = random_game(random.Random(seed))  # a quarter of the hands played card by card
    t = final.tally
    assert any(total > final.limit for total in t.totals) or t.how == "scroll-bonus"


@examples(50)
@given(seed=SEEDS)
def test_a_play_followed_card_by_card_changes_the_hand_never_the_sheet(seed):
    rng = random.Random(seed)
    options = random_options(rng)
    moves, _ = random_game(rng, options, play_by_play=0.1)
    s = ENGINE.new(options)
    for move in moves:
        rows = s.rows
        s = ENGINE.apply(s, move)
        if move["type"] in arbiter.EVENTS:
            assert s.rows is rows and s.hand is not None and not s.over


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
