"""Kingseat as the conformance test plays it, and what must hold of its every state."""
from __future__ import annotations

import copy
import random

from hypothesis import strategies as st

from companion.games.kingseat import ENGINE
from companion.games.kingseat.reveal import loyalty_cards
from companion.games.kingseat.simulate import random_game, random_options
from companion.games.kingseat.state import KIND_IDS, PRINCE_IDS
from engine_cases.case import Case


def check_state(s) -> None:
    """What must hold of every state a game can reach."""
    n = len(s.players)
    # Tell (leftovers included) + Hands + Discard + cards on the table + Loyalties = the deck
    assert s.tell_size + sum(s.hands) + sum(s.discard) + sum(s.table()) + n == s.deck_size
    assert all(h >= 0 for h in s.hands)
    assert sum(s.tell_seen) <= s.tell_size  # the cards seen go in face up are in the Tell
    for k in range(len(KIND_IDS)):
        assert 0 <= s.tell_seen[k] + s.discard[k] + s.table()[k] <= s.copies[k]
        if s.revealed is not None:
            assert s.tell_seen[k] <= s.revealed[k] <= s.copies[k] - s.discard[k]
    assert sorted(s.seating) == list(range(n))
    if s.phase == "action":
        assert ENGINE.to_move(s) == s.order[0]
        assert s.order and len(set(s.order)) == len(s.order)
        for p in s.order:
            assert s.vote.votes[p] >= 0  # only players who voted act
    else:
        assert ENGINE.to_move(s) is None and not s.order
    if s.phase == "vote":
        assert any(h > 0 and p not in s.effects.sit_out for p, h in enumerate(s.hands))
    if s.phase == "reveal":
        assert s.hands == (0,) * n and s.revealed is None
    if s.phase in ("loyalty", "over"):
        assert s.hands == (0,) * n
        assert sum(loyalty_cards(s).values()) == n
    assert (ENGINE.result(s) is not None) == (s.phase == "over")


KEYS = ["type", "player", "with", "card", "votes", "none_held", "loyalties", "target",
        "prince", "players", "cards", "count", "taken", "given", "order", "first", "discards",
        "discard", "removed", "moved", "givers", "winning", "to", "tell"]
VALUES = st.one_of(
    st.integers(-2, 12), st.sampled_from([None, True, 1.5, "3", [], {}, "swap", "action",
                                          "vote", "pass", "loyalty", "discard", "reveal"]),
    st.sampled_from(KIND_IDS), st.sampled_from(PRINCE_IDS),
    st.lists(st.sampled_from(KIND_IDS) | st.none(), max_size=4),
    st.lists(st.integers(-1, 10), max_size=3))


def near_miss(move: dict, data) -> dict:
    broken = copy.deepcopy(move)
    for _ in range(data.draw(st.integers(1, 3))):
        how = data.draw(st.sampled_from(["set", "drop", "vote"]))
        key = data.draw(st.sampled_from(KEYS))
        if how == "set":
            broken[key] = data.draw(VALUES)
        elif how == "drop":
            broken.pop(key, None)
        elif isinstance(broken.get("votes"), list) and broken["votes"]:
            i = data.draw(st.integers(0, len(broken["votes"]) - 1))
            broken["votes"][i] = data.draw(st.sampled_from(KIND_IDS) | st.none())
    return broken


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=False)
    | st.text(max_size=8) | st.sampled_from(KIND_IDS) | st.sampled_from(PRINCE_IDS),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.sampled_from(KEYS) | st.text(max_size=5), children, max_size=5),
    max_leaves=20,
)
MOVE_SHAPED = st.one_of(
    st.fixed_dictionaries({"type": st.just("vote"),
                           "votes": st.lists(st.sampled_from(KIND_IDS) | st.none() | JSON,
                                             max_size=11)},
                          optional={"none_held": st.lists(st.integers(-1, 11), max_size=3)
                                    | JSON}),
    st.fixed_dictionaries({"type": st.sampled_from(["swap", "pass"]),
                           "player": st.integers(-1, 11) | JSON},
                          optional={"with": st.integers(-1, 11) | JSON}),
    st.fixed_dictionaries({"type": st.just("action"), "player": st.integers(-1, 11),
                           "card": st.sampled_from(KIND_IDS) | JSON},
                          optional={key: JSON | st.integers(-1, 11) | st.sampled_from(PRINCE_IDS)
                                    for key in KEYS[7:]}),
    st.fixed_dictionaries({"type": st.just("reveal"),
                           "tell": st.dictionaries(st.sampled_from(KIND_IDS),
                                                   st.integers(-1, 9) | JSON, max_size=6)
                           | JSON}),
    st.fixed_dictionaries({"type": st.just("loyalty"),
                           "loyalties": st.lists(st.sampled_from(PRINCE_IDS) | JSON,
                                                 max_size=11)}),
    JSON,
)


OPTIONS = JSON | st.fixed_dictionaries(
    {"players": st.lists(st.sampled_from(["Ann", "Bob", "Cid", "Dee", "Eve", ""]) | JSON,
                         max_size=7)},
    optional={"princes": st.lists(st.sampled_from(PRINCE_IDS) | JSON, max_size=8)
              | st.sampled_from(["starter", "medium", "complete", "nope"]),
              "kingseat": st.integers(-1, 7) | JSON,
              "leftovers": st.lists(st.sampled_from(KIND_IDS) | JSON, max_size=5) | JSON,
              "rulings": st.fixed_dictionaries(
                  {}, optional={"cards_per_prince": st.sampled_from([9, 10, 14, 11, "9"]),
                                "squlofish_dark_weight": st.sampled_from([1, 2, 3])}) | JSON})
FORMS = st.dictionaries(st.sampled_from(
    [f"player-{i}" for i in range(6)] + ["kingseat", "set", "leftovers",
                                         "ruling-cards_per_prince",
                                         "ruling-squlofish_dark_weight"]
    + [f"prince-{p}" for p in PRINCE_IDS[:6]]),
    st.text(max_size=6) | st.sampled_from(["0", "1", "9", "14", "on", "starter", "medium",
                                           "Ann", "Bob", "lionsyre", "lionsyre, smugwing"]))


def game(seed: int) -> tuple[dict, list, object]:
    options = random_options(random.Random(seed))
    moves, final = random_game(random.Random(seed), options)
    return options, moves, final


CASE = Case(
    name="kingseat", game=game, check=check_state, near_miss=near_miss, moves=MOVE_SHAPED,
    options=OPTIONS, forms=FORMS, seeds=st.integers(0, 40),
    examples={"games": 150, "states": 150, "refusals": 500, "json": 300, "options": 200,
              "forms": 300},
)
