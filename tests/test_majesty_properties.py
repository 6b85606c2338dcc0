"""Majesty properties: random games on every side and deck, random refusals, random JSON."""
from __future__ import annotations

import copy
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import RuleError, replay
from companion.games.majesty import ENGINE, KINDS, LOCATIONS
from companion.games.majesty import chips as C
from companion.games.majesty.rules_page import RULE_IDS
from companion.games.majesty.state import CHAR_IDS, KIND_IDS, LOC_IDS, REALM_SIZE, State, deck_size
from companion.games.majesty.simulate import build_deck, random_game, table_game
from rules_checks import validate_then_apply

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def examples(n: int) -> settings:
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
SIDES = st.one_of(st.sampled_from(["A", "B"]),
                  st.fixed_dictionaries({loc.id: st.sampled_from(["A", "B"])
                                         for loc in LOCATIONS}))


@st.composite
def game_options(draw) -> dict:
    n = draw(st.integers(2, 4))
    return {"players": NAMES[:n], "first": draw(st.integers(0, n - 1)), "sides": draw(SIDES),
            "deck": draw(st.sampled_from(["standard", "shuffled"]))}


def with_display(options: dict, seed: int) -> dict:
    options = dict(options)
    options["display"] = build_deck(random.Random(seed), len(options["players"]),
                                    options["deck"])[:6]
    return options


def check_state(s: State) -> None:
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


# --------------------------------------------------------------------------- whole games


@examples(1000)
@given(seed=SEEDS, options=game_options())
def test_random_games_end_with_twelve_cards_a_realm(seed, options):
    options = with_display(options, seed)
    moves, final = random_game(random.Random(seed), options)
    assert final.final is not None, "the game did not end"
    assert len(moves) == REALM_SIZE * len(options["players"])
    check_state(final)
    json.dumps(ENGINE.view(final))


@examples(300)
@given(seed=SEEDS, options=game_options())
def test_every_state_keeps_the_chips_equal_to_the_points_and_replays(seed, options):
    options = with_display(options, seed)
    moves, final = random_game(random.Random(seed), options)
    s = ENGINE.new(options)
    check_state(s)
    for move in moves:
        before = copy.deepcopy(move)
        s = ENGINE.apply(s, move)
        assert move == before  # apply never changes the move it is given
        check_state(s)
    assert s == final
    json.dumps(ENGINE.view(s))
    json.dumps(s.to_dict())
    result, history = replay(ENGINE, options, [("move", m) for m in moves])
    assert result.state == final and len(history) == len(moves)


def position_of(s: State) -> dict:
    """A running game's state as a "position" option, as a table would enter it."""
    players = []
    for p in range(len(s.players)):
        players.append({
            "realm": {LOC_IDS[loc]: [KIND_IDS[k] for k in s.realms[p][loc]] for loc in range(7)},
            "infirmary": [{"card": KIND_IDS[k], "as": CHAR_IDS[h] if h >= 0 else None}
                          for k, h in s.infirmaries[p]],
            "meeples": s.meeples[p], "points": s.points[p],
            "chips": C.as_dict(s.chips[p]) if not any(s.owed) else None,
        })
        if players[-1]["chips"] is None:
            del players[-1]["chips"]
    return {"players": players, "display": [KIND_IDS[k] for k in s.display],
            "display_meeples": list(s.display_meeples), "turn": s.turn}


@examples(300)
@given(seed=SEEDS, options=game_options(), data=st.data())
def test_any_reached_position_can_be_entered_and_played_to_the_end(seed, options, data):
    options = with_display(options, seed)
    moves, _ = random_game(random.Random(seed), options)
    s = ENGINE.new(options)
    cut = data.draw(st.integers(0, len(moves) - 1))
    for move in moves[:cut]:
        s = ENGINE.apply(s, move)
    entered = {k: v for k, v in options.items() if k != "display"}
    entered["position"] = position_of(s)
    start = ENGINE.new(entered)
    check_state(start)
    assert (start.realms, start.infirmaries, start.meeples, start.points, start.display,
            start.display_meeples, start.turn, start.supply_meeples) == \
        (s.realms, s.infirmaries, s.meeples, s.points, s.display, s.display_meeples, s.turn,
         s.supply_meeples)
    assert start.deck.count == s.deck.count
    # what the deck can hold from the position is never less than the real game allows
    assert set(ENGINE.possible_new_cards(s)) <= set(ENGINE.possible_new_cards(start))
    rest, final = random_game(random.Random(seed + 1), entered)
    assert final.final is not None
    check_state(final)


# --------------------------------------------------------------------------- refusals


def _states_of(seed: int, options: dict) -> list[tuple[State, dict]]:
    options = with_display(options, seed)
    moves, _ = random_game(random.Random(seed), options)
    s = ENGINE.new(options)
    out = []
    for move in moves:
        out.append((s, move))
        s = ENGINE.apply(s, move)
    return out


KEYS = ["type", "slot", "card", "as", "heal_as", "exchange", "new_card", "seat"]
VALUES = st.one_of(
    st.integers(-8, 8), st.sampled_from([None, True, 1.5, "3", [], {}, "take", "change"]),
    st.sampled_from(KIND_IDS), st.sampled_from(CHAR_IDS))


@examples(800)
@given(seed=SEEDS, options=game_options(), data=st.data())
def test_refused_moves_raise_rule_errors_and_change_nothing(seed, options, data):
    history = _states_of(seed, options)
    state, move = history[data.draw(st.integers(0, len(history) - 1))]
    snapshot = copy.deepcopy(state.to_dict())
    broken = copy.deepcopy(move)
    for _ in range(data.draw(st.integers(1, 3))):
        how = data.draw(st.sampled_from(["set", "drop"]))
        key = data.draw(st.sampled_from(KEYS))
        if how == "set":
            broken[key] = data.draw(VALUES)
        else:
            broken.pop(key, None)
    after = validate_then_apply(ENGINE, state, broken, RULE_IDS)
    if not isinstance(after, RuleError):
        check_state(after)
        ENGINE.describe(broken, state.players)
    assert state.to_dict() == snapshot


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


def _some_states() -> list[State]:
    out = []
    for seed in range(6):
        options = {"players": NAMES[:2 + seed % 3], "first": 0,
                   "sides": ["A", "B", {loc.id: "AB"[i % 2] for i, loc in
                                        enumerate(LOCATIONS)}][seed % 3],
                   "deck": ["standard", "shuffled"][seed % 2]}
        out += [s for s, _ in _states_of(seed, options)][::7]
    out.append(random_game(random.Random(9))[1])  # a finished game
    return out


_SOME_STATES = _some_states()


@examples(2000)
@given(move=MOVE_SHAPED, index=st.integers(0, len(_SOME_STATES) - 1))
def test_validate_raises_only_rule_errors_on_any_json(move, index):
    state = _SOME_STATES[index]
    try:
        ENGINE.validate(state, move)
    except RuleError as error:
        assert error.rule in RULE_IDS
        return
    check_state(ENGINE.apply(state, move))
    ENGINE.describe(move, state.players)


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


@examples(600)
@given(options=JSON | st.fixed_dictionaries(
    {"players": st.lists(st.text(max_size=6) | JSON, max_size=5),
     "first": st.integers(-1, 4) | JSON},
    optional={"sides": SIDES | JSON, "deck": st.sampled_from(["standard", "shuffled"]) | JSON,
              "display": st.lists(st.sampled_from(KIND_IDS), max_size=7) | JSON,
              "rulings": JSON, "position": POSITION_LIKE | JSON}))
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
    ["player-0", "player-1", "player-2", "player-3", "first", "sides", "deck"]
    + [f"display-{i}" for i in range(6)] + [f"side-{loc.id}" for loc in LOCATIONS]),
    st.text(max_size=6) | st.sampled_from(["A", "B", "mixed", "0", "1", "3", "standard",
                                           "shuffled", "Ann", "Bob", "miller", "noble"])))
def test_options_from_form_raises_only_rule_errors(form):
    try:
        options = ENGINE.options_from_form(form)
    except RuleError as error:
        assert error.rule in RULE_IDS
    else:
        check_state(ENGINE.new(options))


# --------------------------------------------------------------------------- legal lists


def _candidates(state: State) -> list[dict]:
    """Well-formed turns (without a new card): every half, healed half and exchange where they
    could matter, and a sample of them where they cannot."""
    out = []
    mover = state.turn
    most = min(state.points[mover], state.supply_meeples) + 2
    for slot in range(len(state.display)):
        kind = KIND_IDS[state.display[slot]]
        holding = state.meeples[mover] - slot + state.display_meeples[slot]
        for half in [None] + list(CHAR_IDS):
            heals = [None] + list(CHAR_IDS) if half in (None, "witch") else [None, "witch"]
            exchanges = ([None] + list(range(-holding - 2, most + 1))
                         if half in (None, "noble") else [None, 1])
            for heal in heals:
                for exchange in exchanges:
                    move = {"type": "take", "slot": slot, "card": kind}
                    for key, value in (("as", half), ("heal_as", heal),
                                       ("exchange", exchange)):
                        if value is not None:
                            move[key] = value
                    out.append(move)
    return out


@examples(150)
@given(seed=SEEDS, options=game_options(), data=st.data())
def test_legal_moves_are_exactly_the_moves_validate_accepts(seed, options, data):
    history = _states_of(seed, options)
    state, _ = history[data.draw(st.integers(0, len(history) - 1))]
    new = ENGINE.possible_new_cards(state)
    last = state.taken + 1 == REALM_SIZE * len(state.players)
    extra = {"new_card": new[0]} if new and not last else {}
    legal = {json.dumps(m, sort_keys=True) for m in ENGINE.legal_moves(state)}
    accepted = set()
    for move in _candidates(state):
        if move.get("exchange") == 0:
            continue  # the same turn as no exchange
        single = len(KINDS[state.display[move["slot"]]].characters) == 1
        if single and "as" in move:
            continue  # a single card naming its own character: the same turn as without
        pile = state.infirmaries[state.turn]
        if "heal_as" in move and pile and len(KINDS[pile[-1][0]].characters) == 1:
            continue  # likewise for a single healed card
        try:
            ENGINE.validate(state, {**move, **extra})
        except RuleError:
            continue
        accepted.add(json.dumps(move, sort_keys=True))
    assert legal == accepted
    for kind in KIND_IDS:
        if new and not last:
            move = {**ENGINE.legal_moves(state)[0], "new_card": kind}
            try:
                ENGINE.validate(state, move)
            except RuleError as error:
                assert kind not in new and error.rule == "deck-holds"
            else:
                assert kind in new


# --------------------------------------------------------------------------- corrections


@examples(300)
@given(seed=SEEDS, options=game_options(), cut=st.floats(0, 1), pick=st.integers(0, 5),
       kind=st.sampled_from([k.id for k in KINDS]))
def test_a_correction_leads_where_entering_the_right_card_would(seed, options, cut, pick, kind):
    """Correcting a card still in the display gives the state the game would be in had the
    card been entered right in the first place; a correction refused for the deck is a card
    the game could not have been entered with either."""
    options = with_display(options, seed)
    moves, _ = random_game(random.Random(seed), options)
    moves = moves[:int(cut * (len(moves) - 1))]
    state = replay(ENGINE, options, [("move", m) for m in moves])[0].state
    slot = pick % len(state.display)
    number, _, setup_slot = state.turned[slot]
    fix = {"type": "correct", "turn": number, "card": kind}
    right_options, right_moves = dict(options), [dict(m) for m in moves]
    if number == 0:
        fix["slot"] = setup_slot
        right_options["display"] = list(options["display"])
        right_options["display"][setup_slot] = kind
    else:
        right_moves[number - 1]["new_card"] = kind
    try:
        corrected = ENGINE.apply(state, fix)
    except RuleError as refused:
        assert refused.rule in ("correction", "deck-holds")
        if refused.rule == "deck-holds":
            try:
                replay(ENGINE, right_options, [("move", m) for m in right_moves])
            except RuleError:
                return
            raise AssertionError("the correction was refused but the right card replays")
        return
    right = replay(ENGINE, right_options, [("move", m) for m in right_moves])[0].state
    assert corrected == right
    check_state(corrected)


@examples(60)
@given(seed=SEEDS, options=game_options(), slips=st.integers(0, 3))
def test_a_table_that_corrects_its_slips_ends_where_the_right_cards_lead(seed, options, slips):
    options, entries, final = table_game(random.Random(seed), options, slips=slips)
    assert final.final is not None
    fixes = [e for e in entries if e["type"] == "correct"]
    assert len(fixes) <= slips
    turns = [dict(e) for e in entries if e["type"] == "take"]
    for fix in fixes:
        turns[fix["turn"] - 1]["new_card"] = fix["card"]
    right = replay(ENGINE, options, [("move", m) for m in turns])[0].state
    assert right == final
