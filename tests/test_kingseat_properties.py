"""Kingseat properties: random legal games for 4 to 10 players, the cards always adding up,
refused moves changing nothing, and random JSON refused only with rule errors."""
from __future__ import annotations

import copy
import dataclasses
import functools
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import RuleError, replay
from companion.games.kingseat import ENGINE
from companion.games.kingseat.reveal import loyalty_cards
from companion.games.kingseat.rules_page import RULE_IDS
from companion.games.kingseat.state import KIND_IDS, PRINCE_IDS, State
from companion.games.kingseat.simulate import random_game, random_options
from rules_checks import validate_then_apply

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLAYERS = st.integers(4, 10)


def examples(n: int) -> settings:
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_state(s: State) -> None:
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


@examples(150)
@given(seed=SEEDS, players=PLAYERS)
def test_random_games_end_with_every_hand_empty_and_the_cards_always_add_up(seed, players):
    options = random_options(random.Random(seed), players)
    moves, final = random_game(random.Random(seed), options)
    assert final.phase == "over" and final.hands == (0,) * players
    result = ENGINE.result(final)
    assert result["winners"] == [p for p, loyal in enumerate(result["loyalties"])
                                 if loyal in result["princes"]]
    best = max(result["tally"].values())
    assert result["princes"] == [p for p in PRINCE_IDS if result["tally"].get(p) == best]
    s = ENGINE.new(options)
    check_state(s)
    for move in moves:
        before = copy.deepcopy(move)
        s = ENGINE.apply(s, move)
        assert move == before  # apply never changes the move it is given
        check_state(s)
    assert s == final
    json.dumps(ENGINE.view(final))
    json.dumps(final.to_dict())


@examples(25)
@given(seed=SEEDS)
def test_a_record_replays_to_the_same_state(seed):
    options = random_options(random.Random(seed))
    moves, final = random_game(random.Random(seed), options)
    result, history = replay(ENGINE, options, [("move", m) for m in moves])
    assert result.state == final and len(history) == len(moves)


def _same_but_what_was_named(a: State, b: State) -> bool:
    """Two positions alike but for who the correctable actions named and the lines saying so."""
    def plain(s: State) -> State:
        return dataclasses.replace(s, facts=(), events=(), last_events=(), before_vote=None)
    return plain(a) == plain(b)


@examples(60)
@given(seed=SEEDS, players=PLAYERS, data=st.data())
def test_a_correction_changes_nothing_later_play_depends_on(seed, players, data):
    """Issue 21's corrections without replay: whoever a correction names instead, at any point
    after the action and before the end, every later move is still legal and leads to the same
    position and result but for the fact corrected."""
    options = random_options(random.Random(seed), players)
    moves, final = random_game(random.Random(seed), options)
    states = [ENGINE.new(options)]
    for move in moves:
        states.append(ENGINE.apply(states[-1], move))
    open_ = [i for i, s in enumerate(states) if s.facts and s.phase != "over"]
    if not open_:
        return
    at = data.draw(st.sampled_from(open_))
    s = states[at]
    fact = data.draw(st.sampled_from(s.facts))
    target = data.draw(st.sampled_from([t for t in (-1, *fact.choices) if t != fact.target]))
    fix = {"type": "correct", "round": fact.round, "player": fact.player,
           "card": KIND_IDS[fact.kind], "target": None if target < 0 else target}
    fixed = validate_then_apply(ENGINE, s, fix, RULE_IDS)
    assert not isinstance(fixed, RuleError), fixed
    assert _same_but_what_was_named(fixed, s)
    assert ENGINE.describe(fix, s.players, before=s).startswith(f"Round {s.round} \u00b7 Correction")
    for move, plain in zip(moves[at:], states[at + 1:]):
        fixed = validate_then_apply(ENGINE, fixed, move, RULE_IDS)
        assert not isinstance(fixed, RuleError), (move, fixed)
        check_state(fixed)
        assert _same_but_what_was_named(fixed, plain)
    assert ENGINE.result(fixed) == ENGINE.result(final)


# --------------------------------------------------------------------------- refusals


@functools.lru_cache(maxsize=None)
def _states_of(seed: int) -> list[tuple[State, dict]]:
    options = random_options(random.Random(seed))
    moves, _ = random_game(random.Random(seed), options)
    s = ENGINE.new(options)
    out = []
    for move in moves:
        out.append((s, move))
        s = ENGINE.apply(s, move)
    return out


KEYS = ["type", "player", "with", "card", "votes", "none_held", "loyalties", "target",
        "prince", "players", "cards", "count", "taken", "given", "order", "first", "discards",
        "discard", "removed", "moved", "givers", "winning", "to", "tell", "round"]
VALUES = st.one_of(
    st.integers(-2, 12), st.sampled_from([None, True, 1.5, "3", [], {}, "swap", "action",
                                          "vote", "pass", "loyalty", "discard", "reveal",
                                          "correct"]),
    st.sampled_from(KIND_IDS), st.sampled_from(PRINCE_IDS),
    st.lists(st.sampled_from(KIND_IDS) | st.none(), max_size=4),
    st.lists(st.integers(-1, 10), max_size=3))


@examples(500)
@given(seed=st.integers(0, 40), data=st.data())
def test_refused_moves_raise_rule_errors_and_change_nothing(seed, data):
    history = _states_of(seed)
    state, move = history[data.draw(st.integers(0, len(history) - 1))]
    snapshot = json.dumps(state.to_dict(), sort_keys=True)
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
    after = validate_then_apply(ENGINE, state, broken, RULE_IDS)
    if not isinstance(after, RuleError):
        check_state(after)
        ENGINE.describe(broken, state.players)
        json.dumps(ENGINE.view(after))
    assert json.dumps(state.to_dict(), sort_keys=True) == snapshot


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
    st.fixed_dictionaries({"type": st.just("correct"), "round": st.integers(-1, 12) | JSON,
                           "player": st.integers(-1, 11) | JSON,
                           "card": st.sampled_from(["hornseeker", "hornseeker-dark1",
                                                    "gulliballistas-dark2"]) | JSON},
                          optional={"target": st.integers(-1, 11) | st.none() | JSON}),
    st.fixed_dictionaries({"type": st.just("loyalty"),
                           "loyalties": st.lists(st.sampled_from(PRINCE_IDS) | JSON,
                                                 max_size=11)}),
    JSON,
)


def _some_states() -> list[State]:
    out = []
    for seed in range(8):
        out += [s for s, _ in _states_of(100 + seed)][::5]
    out.append(random_game(random.Random(9))[1])  # a finished game
    return out


_SOME_STATES = _some_states()


@examples(300)
@given(move=MOVE_SHAPED, index=st.integers(0, len(_SOME_STATES) - 1))
def test_validate_raises_only_rule_errors_on_any_json(move, index):
    state = _SOME_STATES[index]
    snapshot = json.dumps(state.to_dict(), sort_keys=True)
    try:
        ENGINE.validate(state, move)
    except RuleError as error:
        assert error.rule in RULE_IDS
    else:
        check_state(ENGINE.apply(state, move))
        ENGINE.describe(move, state.players)
    assert json.dumps(state.to_dict(), sort_keys=True) == snapshot


@examples(200)
@given(options=JSON | st.fixed_dictionaries(
    {"players": st.lists(st.sampled_from(["Ann", "Bob", "Cid", "Dee", "Eve", ""]) | JSON,
                         max_size=7)},
    optional={"princes": st.lists(st.sampled_from(PRINCE_IDS) | JSON, max_size=8)
              | st.sampled_from(["starter", "medium", "complete", "nope"]),
              "kingseat": st.integers(-1, 7) | JSON,
              "leftovers": st.lists(st.sampled_from(KIND_IDS) | JSON, max_size=5) | JSON,
              "rulings": st.fixed_dictionaries(
                  {}, optional={"cards_per_prince": st.sampled_from([9, 10, 14, 11, "9"]),
                                "squlofish_dark_weight": st.sampled_from([1, 2, 3])}) | JSON}))
def test_new_raises_only_rule_errors(options):
    try:
        s = ENGINE.new(options)
    except RuleError as error:
        assert error.rule in RULE_IDS
    else:
        check_state(s)
        json.dumps(ENGINE.view(s))


@examples(300)
@given(form=st.dictionaries(st.sampled_from(
    [f"player-{i}" for i in range(6)] + ["kingseat", "set", "leftovers",
                                         "ruling-cards_per_prince",
                                         "ruling-squlofish_dark_weight"]
    + [f"prince-{p}" for p in PRINCE_IDS[:6]]),
    st.text(max_size=6) | st.sampled_from(["0", "1", "9", "14", "on", "starter", "medium",
                                           "Ann", "Bob", "lionsyre", "lionsyre, smugwing"])))
def test_options_from_form_raises_only_rule_errors(form):
    try:
        options = ENGINE.options_from_form(form)
    except RuleError as error:
        assert error.rule in RULE_IDS
    else:
        check_state(ENGINE.new(options))


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
