"""Royal Visit as the conformance test plays it, and what must hold of its every state."""
from __future__ import annotations

import copy
import random

from hypothesis import strategies as st

from companion.games.royal_visit import ENGINE, KINDS
from companion.games.royal_visit.simulate import random_game
from engine_cases.case import Case

RULINGS = st.fixed_dictionaries({
    "direction": st.sampled_from(["either", "towards-mover"]),
    "wild-middle": st.sampled_from(["allowed", "forbidden"]),
    "duchy": st.sampled_from(["duchy-only", "with-chateau"]),
})
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def check_state(s) -> None:
    """What must hold of every state a game can reach."""
    pawns = (s.king, s.guard_low, s.guard_high, s.wizard, s.jester)
    assert all(-8 <= p <= 8 for p in pawns), pawns
    assert s.guard_low < s.king < s.guard_high, pawns
    assert (abs(s.king) >= 7) == (s.end == "king")
    assert -7 <= s.crown <= 7 and (abs(s.crown) == 7) == (s.end == "crown")
    assert s.draw_pile >= 0 and s.unknown_discard >= 0 and s.reshuffles >= 0
    assert all(0 <= n <= kind.copies for n, kind in zip(s.discard, KINDS))
    assert s.draw_pile + s.discard_size + sum(s.hands) == 54
    assert s.crown_side == ("little" if s.reshuffles else "big")
    if s.winner is None:
        assert s.hands == (8, 8) and ENGINE.to_move(s) == s.turn and ENGINE.result(s) is None
        assert s.end is None
    else:
        assert ENGINE.to_move(s) is None
        result = ENGINE.result(s)
        assert result["winners"] == [s.winner] and result["reason"].endswith(".")
        if s.end == "deck":
            assert s.reshuffles >= 1 and s.draw_pile == 0
            assert (s.king > 0) == (s.winner == 0) and s.king != 0
        if s.end == "king":
            assert (s.king > 0) == (s.winner == 0)
        if s.end == "crown":
            assert (s.crown > 0) == (s.winner == 0) == (s.turn == 0)


@st.composite
def positions(draw):
    king = draw(st.integers(-6, 6))
    low = draw(st.integers(-8, king - 1))
    high = draw(st.integers(king + 1, 8))
    reshuffles = draw(st.integers(0, 3))
    return {
        "king": king, "guards": draw(st.permutations([low, high])),
        "wizard": draw(st.integers(-8, 8)), "jester": draw(st.integers(-8, 8)),
        "crown": draw(st.integers(-6, 6)), "crown_side": "little" if reshuffles else "big",
        "draw_pile": draw(st.integers(0, 38)), "reshuffles": reshuffles,
        "turn": draw(st.integers(0, 1)),
    }


MUTATIONS = st.sampled_from(["shift", "drop", "extra", "rename", "retype", "duplicate", "swap"])


def near_miss(move: dict, data) -> dict:
    """A near miss of a legal move, as a table might enter by mistake."""
    move = copy.deepcopy(move)
    how = data.draw(MUTATIONS)
    target = move
    if move["type"] == "play":
        cards = move["cards"]
        target = cards[data.draw(st.integers(0, len(cards) - 1))]
        if "moves" in target and data.draw(st.booleans()):
            target = target["moves"][data.draw(st.integers(0, len(target["moves"]) - 1))]
    keys = sorted(target)
    key = keys[data.draw(st.integers(0, len(keys) - 1))] if keys else "type"
    if how == "shift":
        for k in ("from", "to", "dir"):
            if k in target:
                target[k] = target[k] + data.draw(st.sampled_from([-3, -2, -1, 1, 2, 3, 9]))
                break
        else:
            target[key] = data.draw(st.integers(-9, 9))
    elif how == "drop":
        target.pop(key, None)
    elif how == "extra":
        target["note"] = 1
    elif how == "rename":
        for k in ("card", "pawn", "type"):
            if k in target:
                target[k] = data.draw(st.sampled_from(
                    [kind.id for kind in KINDS] + ["court", "king", "guard", "wizard", "jester",
                                                   "play", "summon", "pass", "queen"]))
                break
    elif how == "retype":
        target[key] = data.draw(st.sampled_from([None, True, 1.5, "3", [], {}]))
    elif how == "duplicate" and move["type"] == "play":
        move["cards"] = move["cards"] + move["cards"]
    elif how == "swap" and move["type"] == "play":
        move["cards"] = list(reversed(move["cards"]))
    return move


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 20) | st.floats(allow_nan=False)
    | st.text(max_size=12) | st.sampled_from(["play", "summon", "pass", "king", "guard", "wizard",
                                              "jester", "court", "king-1", "guard-1+1",
                                              "guard-flank", "jester-middle", "jester-3"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.sampled_from(["type", "cards", "card", "moves", "pawn", "from", "to", "dir", "x"])
        | st.text(max_size=5), children, max_size=4),
    max_leaves=20,
)
NUMBER = st.integers(-9, 9) | st.sampled_from([None, True, "1", 1.0])
MOVE_LIKE = st.fixed_dictionaries({
    "pawn": st.sampled_from(["king", "guard", "wizard", "jester", 1]),
    "from": NUMBER, "to": NUMBER})
CARD_LIKE = st.one_of(
    st.fixed_dictionaries({"card": st.sampled_from([k.id for k in KINDS] + ["court", "x"]),
                           "moves": st.lists(MOVE_LIKE, max_size=3)}),
    st.fixed_dictionaries({"card": st.just("court"), "dir": NUMBER}),
    st.fixed_dictionaries({"card": st.sampled_from(["guard-flank", "jester-middle"])}),
    JSON,
)
MOVE_SHAPED = st.one_of(
    st.fixed_dictionaries({"type": st.just("play"), "cards": st.lists(CARD_LIKE, max_size=5)}),
    st.fixed_dictionaries({"type": st.just("summon"), "pawn": st.sampled_from(
        ["king", "guard", "wizard", "jester", None])}, optional={"from": NUMBER}),
    JSON,
)


OPTIONS = JSON | st.fixed_dictionaries(
    {"players": st.lists(st.text(max_size=8) | JSON, max_size=3), "wizard": NUMBER},
    optional={"rulings": JSON | RULINGS, "position": JSON | positions()})
FORMS = st.dictionaries(st.sampled_from([
    "player_top", "player_bottom", "wizard", "start", "king", "guard_low", "guard_high",
    "wizard_pos", "jester", "crown", "crown_side", "draw_pile", "reshuffles", "turn",
    "ruling-direction", "ruling-duchy"]), st.text(max_size=6) | st.sampled_from(
    ["top", "bottom", "position", "0", "2", "-2", "big", "Ann", "Bob"]))


def game(seed: int) -> tuple[dict, list, object]:
    rng = random.Random(seed)
    options = {"players": ["Ann", "Bob"], "wizard": rng.randint(0, 1),
               "rulings": {ruling.id: rng.choice(ruling.choices)[0] for ruling in ENGINE.rulings}}
    moves, final = random_game(random.Random(seed), options)
    return options, moves, final


def refused(move: dict, error) -> None:
    """A refused card of a turn is named by its place in the turn."""
    if error.step is not None:
        assert 0 <= error.step < len(move["cards"])
        assert error.message.startswith(f"Card {error.step + 1}")


def states() -> list:
    """The deck ran out with the Jester off the middle: what is left of a game that opens so."""
    return [ENGINE.new({"players": ["Ann", "Bob"], "position": {
        "king": 0, "guards": [-8, 8], "wizard": 0, "jester": 5, "crown": 0, "crown_side": "big",
        "draw_pile": 0, "reshuffles": 0, "turn": 0}})]


CASE = Case(
    name="royal_visit", game=game, check=check_state, near_miss=near_miss, refused=refused,
    states=states, moves=MOVE_SHAPED,
    options=OPTIONS, forms=FORMS,
    examples={"games": 2500, "states": 150, "refusals": 400, "json": 3000, "options": 500,
              "forms": 300},
)
