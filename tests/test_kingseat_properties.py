"""Kingseat properties: who wins random games for 4 to 10 players, and what the whole games of
the benchmark walk through (what every engine must do, and what holds of every state, is in
tests/test_engine_conformance.py and tests/engine_cases/kingseat.py)."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.kingseat import ENGINE
from companion.games.kingseat.state import PRINCE_IDS
from companion.games.kingseat.simulate import random_game, random_options

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = st.integers(4, 10)


def examples(n: int) -> settings:
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@examples(150)
@given(seed=SEEDS, players=PLAYERS)
def test_random_games_end_with_every_hand_empty_and_the_loyal_to_the_best_princes_winning(
        seed, players):
    options = random_options(random.Random(seed), players)
    _, final = random_game(random.Random(seed), options)
    assert final.phase == "over" and final.hands == (0,) * players
    result = ENGINE.result(final)
    assert result["winners"] == [p for p, loyal in enumerate(result["loyalties"])
                                 if loyal in result["princes"]]
    best = max(result["tally"].values())
    assert result["princes"] == [p for p in PRINCE_IDS if result["tally"].get(p) == best]


def test_the_whole_games_walk_every_action_the_reveal_and_the_loyalties():
    """tests/whole_kingseat.py's games that the benchmark plays (seeds 1 to 5) use every card's
    action, Brownbeards' re-vote, a forced vote declared as held none, Loyalties set on phones,
    the reveal and the Loyalties."""
    from whole_kingseat import SIZES, whole_entries

    for seeds in (range(1, 6),):
        actions, kinds, sizes = set(), set(), set()
        for seed in seeds:
            options, entries = whole_entries(seed)
            sizes.add(len(options["players"]))
            for what, payload, _ in entries:
                kinds.add(what if what == "secret" else payload["type"])
                if what == "move" and payload["type"] == "action":
                    actions.add(payload["card"])
                if what == "move" and payload.get("none_held"):
                    kinds.add("none held")
        assert actions == {kind.id for kind in ENGINE.cards}, seeds
        assert {"secret", "reveal", "loyalty", "none held", "swap", "pass"} <= kinds
        assert sizes == set(SIZES)
