"""King's Court properties: how a sheet game ends, plays followed card by card, and random hands
(what every engine must do, and what holds of every sheet, is in
tests/test_engine_conformance.py and tests/engine_cases/kings_court.py)."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.kings_court import ENGINE, KIND_BY_ID, arbiter
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


@examples(25)
@given(seed=st.integers(min_value=0, max_value=10_000), players=st.integers(min_value=2, max_value=6),
       first=st.sampled_from(sorted(k.id for k in KIND_BY_ID.values() if k.group != "shield")))
def test_a_followed_hand_turns_up_the_first_card_asked_for(seed, players, first):
    """``followed_hand(first=...)`` (how whole games walk a rare deal) turns up that card and
    plays a legal hand from it: the arbiter replays every event, and the real hands agree."""
    from companion.games.kings_court.cards import selection_kinds
    from companion.games.kings_court.play import replay_hand
    from companion.games.kings_court.simulate import followed_hand

    kinds = selection_kinds("kc+kd+bonus", ())
    events, hand, real = followed_hand(seed, players, 0, kinds, first=first, most=10_000, tries=50)
    assert events[0]["first"]["card"] == first
    assert replay_hand(players, 0, kinds, events)[-1] == hand
    assert [len(cards) for cards in real] == list(hand.hands)
