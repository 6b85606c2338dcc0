"""Majesty properties: positions a table enters, the legal moves the page offers, and corrections
(what every engine must do is in tests/test_engine_conformance.py)."""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import RuleError, replay
from companion.games.majesty import ENGINE, KINDS, State
from companion.games.majesty import chips as C
from companion.games.majesty.state import CHAR_IDS, KIND_IDS, LOC_IDS, REALM_SIZE
from companion.games.majesty.simulate import random_game, table_game
from engine_cases.majesty import NAMES, SIDES, check_state, with_display


def examples(n: int) -> settings:
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@st.composite
def game_options(draw) -> dict:
    n = draw(st.integers(2, 4))
    return {"players": NAMES[:n], "first": draw(st.integers(0, n - 1)), "sides": draw(SIDES),
            "deck": draw(st.sampled_from(["standard", "shuffled"]))}


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


def _states_of(seed: int, options: dict) -> list[tuple[State, dict]]:
    options = with_display(options, seed)
    moves, _ = random_game(random.Random(seed), options)
    s = ENGINE.new(options)
    out = []
    for move in moves:
        out.append((s, move))
        s = ENGINE.apply(s, move)
    return out


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
