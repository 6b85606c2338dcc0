"""Majesty as the conformance test plays it, and what must hold of its every state."""
from __future__ import annotations

import copy
import random

from hypothesis import strategies as st

from companion.games.majesty import ENGINE, KINDS, LOCATIONS
from companion.games.majesty import chips as C
from companion.games.majesty.state import CHAR_IDS, KIND_IDS, LOC_IDS, REALM_SIZE, deck_size
from companion.games.majesty.simulate import build_deck, random_game, random_options
from engine_cases.case import Case

NAMES = ["Ann", "Bob", "Cid", "Dee"]


SIDES = st.one_of(st.sampled_from(["A", "B"]),
                  st.fixed_dictionaries({loc.id: st.sampled_from(["A", "B"])
                                         for loc in LOCATIONS}))


def with_display(options: dict, seed: int) -> dict:
    options = dict(options)
    options["display"] = build_deck(random.Random(seed), len(options["players"]),
                                    options["deck"])[:6]
    return options


def check_state(s) -> None:
    """What must hold of every state a game can reach."""
    n = len(s.players)
    sizes = [s.realm_size(p) for p in range(n)]
    order = [(s.first + i) % n for i in range(n)]
    assert all(size <= REALM_SIZE for size in sizes)
    # chips: every pile plus what is owed is the player's points, and nothing leaves the box
    for p in range(n):
        assert all(c >= 0 for c in s.chips[p])
        assert C.value(s.chips[p]) + s.owed[p] == s.points[p]
    assert all(c >= 0 for c in s.supply_chips)
    assert tuple(s.supply_chips[i] + sum(s.chips[p][i] for p in range(n))
                 for i in range(5)) == C.BOX
    # meeples: 30 in all, at most 5 a player between turns
    assert s.supply_meeples >= 0 and all(m >= 0 for m in s.display_meeples)
    assert s.supply_meeples + sum(s.meeples) + sum(s.display_meeples) == 30
    assert all(0 <= m <= 5 for m in s.meeples)
    # cards: realms + display + deck = the deck, no kind beyond its copies
    size = deck_size(n, s.variant)
    counted = sum(sizes) + len(s.display) + s.deck.count
    seen = [0] * len(KINDS)
    for p in range(n):
        for stack in s.realms[p]:
            for k in stack:
                seen[k] += 1
        for k, _ in s.infirmaries[p]:
            seen[k] += 1
    for k in s.display:
        seen[k] += 1
    assert all(seen[k] <= KINDS[k].copies for k in range(len(KINDS)))
    if s.final is None:
        assert counted == size and s.deck.count >= 0
        assert len(s.display) == min(6, size - sum(sizes))
        mover = order.index(s.turn)
        k = sizes[s.turn]
        assert [sizes[p] for p in order] == [k + 1] * mover + [k] * (n - mover)
        assert all(s.points[p] >= 0 for p in range(n))
        assert ENGINE.to_move(s) == s.turn and ENGINE.result(s) is None
    else:
        assert sizes == [REALM_SIZE] * n
        assert counted in (size, size - 1)  # the last turn may skip the refill
        assert ENGINE.to_move(s) is None and ENGINE.legal_moves(s) == []
        result = ENGINE.result(s)
        best = max(s.points)
        assert result["winners"] == [p for p in range(n) if s.points[p] == best]
        assert result["scores"] == list(s.points) and result["reason"].endswith(".")


KEYS = ["type", "slot", "card", "as", "heal_as", "exchange", "new_card", "seat"]
VALUES = st.one_of(
    st.integers(-8, 8), st.sampled_from([None, True, 1.5, "3", [], {}, "take", "change"]),
    st.sampled_from(KIND_IDS), st.sampled_from(CHAR_IDS))


def near_miss(move: dict, data) -> dict:
    broken = copy.deepcopy(move)
    for _ in range(data.draw(st.integers(1, 3))):
        how = data.draw(st.sampled_from(["set", "drop"]))
        key = data.draw(st.sampled_from(KEYS))
        if how == "set":
            broken[key] = data.draw(VALUES)
        else:
            broken.pop(key, None)
    return broken


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 20) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(KIND_IDS) | st.sampled_from(CHAR_IDS),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.sampled_from(KEYS) | st.text(max_size=5), children, max_size=5),
    max_leaves=20,
)
MOVE_SHAPED = st.one_of(
    st.fixed_dictionaries({"type": st.just("take"), "slot": st.integers(-1, 6) | JSON},
                          optional={"as": st.sampled_from(CHAR_IDS) | JSON,
                                    "heal_as": st.sampled_from(CHAR_IDS) | JSON,
                                    "card": st.sampled_from(KIND_IDS) | JSON,
                                    "exchange": st.integers(-6, 30) | JSON,
                                    "new_card": st.sampled_from(KIND_IDS) | JSON}),
    st.fixed_dictionaries({"type": st.just("change"), "seat": st.integers(-1, 4) | JSON}),
    JSON,
)


POSITION_LIKE = st.fixed_dictionaries({
    "players": st.lists(st.fixed_dictionaries(
        {"realm": st.dictionaries(st.sampled_from(LOC_IDS[:7]),
                                  st.lists(st.sampled_from(KIND_IDS), max_size=3)
                                  | st.dictionaries(st.sampled_from(KIND_IDS),
                                                    st.integers(-1, 3), max_size=2),
                                  max_size=3),
         "meeples": st.integers(-1, 6), "points": st.integers(-1, 30)},
        optional={"infirmary": st.lists(st.sampled_from(KIND_IDS) | JSON, max_size=2),
                  "chips": st.dictionaries(st.sampled_from(["1", "2", "10", "x"]),
                                           st.integers(-1, 5), max_size=2) | JSON}),
        min_size=2, max_size=4),
    "display": st.lists(st.sampled_from(KIND_IDS), min_size=5, max_size=6),
    "turn": st.integers(-1, 4)}, optional={"display_meeples": st.lists(st.integers(-1, 3),
                                                                       max_size=6) | JSON})


OPTIONS = JSON | st.fixed_dictionaries(
    {"players": st.lists(st.text(max_size=6) | JSON, max_size=5),
     "first": st.integers(-1, 4) | JSON},
    optional={"sides": SIDES | JSON, "deck": st.sampled_from(["standard", "shuffled"]) | JSON,
              "display": st.lists(st.sampled_from(KIND_IDS), max_size=7) | JSON,
              "rulings": JSON, "position": POSITION_LIKE | JSON})
FORMS = st.dictionaries(st.sampled_from(
    ["player-0", "player-1", "player-2", "player-3", "first", "sides", "deck"]
    + [f"display-{i}" for i in range(6)] + [f"side-{loc.id}" for loc in LOCATIONS]),
    st.text(max_size=6) | st.sampled_from(["A", "B", "mixed", "0", "1", "3", "standard",
                                           "shuffled", "Ann", "Bob", "miller", "noble"]))


def game(seed: int) -> tuple[dict, list, object]:
    options = with_display(random_options(random.Random(seed)), seed)
    moves, final = random_game(random.Random(seed), options)
    return options, moves, final


CASE = Case(
    name="majesty", game=game, check=check_state, near_miss=near_miss, moves=MOVE_SHAPED,
    options=OPTIONS, forms=FORMS,
    examples={"games": 1000, "states": 300, "refusals": 800, "json": 2000, "options": 600,
              "forms": 300},
)
