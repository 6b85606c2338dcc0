"""King's Court as the conformance test plays it, and what must hold of its every sheet."""
from __future__ import annotations

import copy
import json
import random

from hypothesis import strategies as st

from companion.engine import COMMON_RULES
from companion.games.kings_court import ENGINE, KIND_BY_ID, arbiter
from companion.games.kings_court.simulate import random_game, random_options
from engine_cases.case import Case

KIND_IDS = sorted(KIND_BY_ID)
RULE_IDS = frozenset(entry.id for entry in (*ENGINE.rules, *COMMON_RULES))


def check_sheet(s) -> None:
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


def near_miss(move: dict, data) -> dict:
    broken = copy.deepcopy(move)
    for _ in range(data.draw(st.integers(1, 3))):
        key = data.draw(st.sampled_from(KEYS))
        if data.draw(st.booleans()):
            broken[key] = data.draw(VALUES)
        else:
            broken.pop(key, None)
    return broken


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


OPTIONS = st.dictionaries(
    st.sampled_from(["players", "partnerships", "limit", "selection", "extra", "first_dealer",
                     "carried", "rulings", "colour"]), JSON, max_size=6)
FORMS = st.dictionaries(
    st.sampled_from(["players", "partnerships", "limit", "selection", "extra", "first_dealer",
                     "carried", "ruling-dealing_bonus", "extra-warlord", "extra-nope"]
                    + [f"player-{i}" for i in range(9)] + [f"carried-{i}" for i in range(5)]),
    st.text(max_size=8) | st.sampled_from(
        ["Ann", "Bob", "Cid", "Dee", "Ann\nBob", "opposite", "alternate", "none", "Ann & Cid; Bob & Dee",
         "1 + 3 / 2 + 4", "500", "-20", "0", "1", "9", "kc", "kc+kd", "kc+kd+bonus", "custom",
         "warlord, dark-knight", "everyone", "not-dealer"]),
    max_size=8)


def game(seed: int) -> tuple[dict, list, object]:
    rng = random.Random(seed)
    options = random_options(rng)
    moves, final = random_game(rng, options)
    return options, moves, final


CASE = Case(
    name="kings_court", game=game, check=check_sheet, near_miss=near_miss, moves=MOVE_SHAPED,
    options=OPTIONS, forms=FORMS, seeds=st.integers(0, 40),
    examples={"games": 80, "states": 50, "refusals": 500, "json": 300, "options": 120,
              "forms": 300},
)
