"""King's Court play-by-play properties: random hands with a real deck, random refusals,
random JSON."""
from __future__ import annotations

import copy
import functools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import RuleError
from companion.games.kings_court import arbiter as A
from companion.games.kings_court.arbiter import RULE_IDS, Hand
from companion.games.kings_court.cards import KINDS, selection_kinds
from companion.games.kings_court.play import SimulationError, random_hand, replay_hand


def examples(n: int) -> settings:
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


EXPANSION = sorted(kind.id for kind in KINDS if kind.deck != "KC")
SELECTIONS = st.one_of(
    st.sampled_from(["kc", "kc+kd", "kc+kd+bonus"]).map(selection_kinds),
    st.lists(st.sampled_from(EXPANSION), max_size=12).map(
        lambda extra: selection_kinds("custom", extra)),
)
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def check_hand(hand: Hand) -> None:
    """What must hold of every Hand a table can reach."""
    assert hand.counted == hand.deck_size, (hand.counted, hand.deck_size)
    assert min(hand.hands) >= 0 and hand.draw_pile >= 0 and hand.discard >= 0
    assert hand.reshuffles >= 0 and hand.set_aside >= 0
    n = hand.players
    assert 0 <= hand.to_play < n and hand.direction in (1, -1)
    for seat in range(n):
        assert (hand.dungeon[seat] >= 0) == (hand.dungeon_cards[seat] > 0)
        assert 0 <= hand.dungeon_magicians[seat] <= hand.dungeon_cards[seat]
        assert -1 <= hand.dungeon[seat] <= 2
    if hand.ended_by is None:
        assert min(hand.hands) >= 1 and A.outcome(hand) is None
        assert hand.suit is not None
        if hand.pending is not None:  # a draw, or a Dungeon its player may still answer
            assert hand.pending.count >= 1 or hand.pending.dungeons >= 1
            if hand.pending.dungeons:
                assert hand.dungeon[hand.to_play] == 0
                assert hand.dungeon_cards[hand.to_play] == hand.pending.dungeons
        if hand.escape is not None:
            assert hand.dungeon[hand.escape] == 2
        assert hand.phase in ("turn", "drawn", "first")
        assert (hand.phase == "first") == (hand.open is not None) or hand.phase == "drawn"
    else:
        end = A.outcome(hand)
        assert hand.phase == "over" and end["ended_by"] == hand.ended_by
        if hand.ended_by == "out":
            assert hand.hands[end["out"]] == 0
        else:
            assert end["out"] is None and end["played"][-1]["card"] == hand.ended_by
        if end["next_draws"]:
            assert end["next"] is not None and end["last"] is not None
    view = A.hand_view(hand)
    assert json.loads(json.dumps(view)) == view


# --------------------------------------------------------------------------- whole hands


@examples(150)
@given(seed=SEEDS, players=st.integers(2, 8), kinds=SELECTIONS)
def test_random_hands_keep_every_count_and_end(seed, players, kinds):
    rng = random.Random(seed)
    dealer = rng.randrange(players)
    partners = players >= 4 and players % 2 == 0 and seed % 2 == 0  # a partner's Yes may come
    try:
        events, final = random_hand(rng, players, dealer, kinds, {}, check=True,
                                    partners=partners)
    except SimulationError as error:  # the real piles and the arbiter's counts differ
        pytest.fail(str(error))
    assert final.ended_by is not None, "the hand did not end"
    hands = replay_hand(players, dealer, kinds, events, partners=partners)
    assert hands[-1] == final
    for hand in hands:
        check_hand(hand)
    for before, event, after in zip(hands, events[1:], hands[1:]):  # hands[i]: after events[i]
        if event["type"] == "take":  # a take draws what the page's Take button says it will
            seat = event["seat"]
            assert after.hands[seat] - before.hands[seat] == A.hand_view(before)["due"] >= 1, event
    played = [(e["card"], e["seat"], e.get("on")) for e in events if e["type"] == "risk"]
    assert [tuple(p.values()) for p in A.outcome(final)["played"]] == played


@examples(25)
@given(seed=SEEDS, players=st.integers(2, 8))
def test_random_hands_through_the_contract_entry_point(seed, players):
    events, final = random_hand(random.Random(seed), players, 0, selection_kinds("kc+kd"),
                                {})
    assert events[0]["type"] == "deal" and all(e["type"] in A.EVENTS for e in events[1:])
    assert A.outcome(final) is not None


# --------------------------------------------------------------------------- refusals


@functools.cache
def _positions(seed: int, players: int) -> list[tuple[Hand, dict]]:
    rng = random.Random(seed)
    kinds = selection_kinds("kc+kd+bonus")
    events, _ = random_hand(rng, players, 0, kinds)
    hands = replay_hand(players, 0, kinds, events)
    return list(zip(hands, events[1:]))


CARD_IDS = [kind.id for kind in KINDS] + ["", "king ", "Blue-7", None, 3]
ANY_VALUE = st.one_of(st.none(), st.booleans(), st.integers(-3, 10), st.sampled_from(
    ["blue", "gold", "orange", "pink", "same", "skip", "reverse", "discard", "dragon", ""]),
    st.lists(st.integers(-1, 9), max_size=3))


def _near_miss(move: dict, data) -> dict:
    """A legal event changed the way a table might get it wrong."""
    move = copy.deepcopy(move)
    how = data.draw(st.sampled_from(["seat", "type", "card", "field", "drop", "extra"]))
    if how == "seat":
        move["seat"] = data.draw(st.integers(-1, 9))
    elif how == "type":
        move["type"] = data.draw(st.sampled_from(sorted(A.EVENTS)))
    elif how == "card" and move.get("cards"):
        i = data.draw(st.integers(0, len(move["cards"]) - 1))
        move["cards"][i]["card"] = data.draw(st.sampled_from(CARD_IDS))
    elif how == "field" and move.get("cards"):
        i = data.draw(st.integers(0, len(move["cards"]) - 1))
        key = data.draw(st.sampled_from(["suit", "choice", "as", "target", "burn", "defended"]))
        move["cards"][i][key] = data.draw(ANY_VALUE)
    elif how == "drop":
        keys = [k for k in move if k != "type"]
        if keys:
            del move[data.draw(st.sampled_from(keys))]
    else:
        move[data.draw(st.sampled_from(["on", "card", "cards", "seat", "why"]))] = \
            data.draw(ANY_VALUE)
    return move


@examples(200)
@given(seed=st.integers(0, 400), players=st.integers(2, 6), data=st.data())
def test_a_refused_event_leaves_the_hand_unchanged(seed, players, data):
    positions = _positions(seed, players)
    hand, move = positions[data.draw(st.integers(0, len(positions) - 1))]
    wrong = _near_miss(move, data)
    kept = copy.deepcopy(wrong)
    before = copy.deepcopy(hand)
    try:
        A.validate_event(hand, wrong)
    except RuleError as error:
        assert error.rule in RULE_IDS and error.message.endswith(".")
        with pytest.raises(RuleError) as again:
            A.apply_event(hand, wrong)
        assert again.value.to_dict() == error.to_dict()
    else:
        check_hand(A.apply_event(hand, wrong))
    assert hand == before and wrong == kept


JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-5, 300), st.floats(allow_nan=True),
              st.text(max_size=8), st.sampled_from(CARD_IDS[:40])),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12,
)
CARD = st.fixed_dictionaries({"card": st.sampled_from(CARD_IDS)}, optional={
    "suit": ANY_VALUE, "choice": ANY_VALUE, "as": st.sampled_from(CARD_IDS),
    "target": ANY_VALUE, "burn": ANY_VALUE, "defended": ANY_VALUE})
MOVES = st.one_of(
    JSON,
    st.fixed_dictionaries({"type": st.sampled_from(sorted(A.EVENTS) + ["deal", "x"]),
                           "seat": st.one_of(st.integers(-1, 9), JSON)},
                          optional={"cards": st.one_of(st.lists(CARD, max_size=4), JSON),
                                    "card": st.one_of(st.sampled_from(CARD_IDS), JSON),
                                    "on": st.one_of(st.integers(-1, 9), JSON)}),
)


@examples(400)
@given(seed=st.integers(0, 200), data=st.data(), move=MOVES)
def test_validate_raises_only_rule_errors_on_garbage(seed, data, move):
    positions = _positions(seed, 4)
    hand, _ = positions[data.draw(st.integers(0, len(positions) - 1))]
    try:
        A.validate_event(hand, move)
    except RuleError as error:
        assert error.rule in RULE_IDS
    else:
        check_hand(A.apply_event(hand, move))


@examples(300)
@given(situation=st.one_of(JSON, st.fixed_dictionaries({
    "players": st.integers(1, 9), "top": st.sampled_from(CARD_IDS),
    "suit": ANY_VALUE, "direction": ANY_VALUE,
    "pending": st.one_of(st.none(), st.fixed_dictionaries({"count": st.integers(-1, 12),
                                                           "kind": st.sampled_from(CARD_IDS)})),
    "cards_in_hand": st.one_of(st.none(), st.integers(-1, 9))})), play=st.one_of(
    JSON, st.lists(CARD, max_size=4)))
def test_judge_always_answers(situation, play):
    answer = A.judge(situation, play)
    assert set(answer) == {"allowed", "rule", "message", "step", "effects", "after"}
    assert answer["rule"] in RULE_IDS and answer["message"].endswith(".")
    assert json.loads(json.dumps(answer)) == answer
    if answer["allowed"]:
        again = A.judge(answer["after"], [{"card": "duke", "suit": "gold"}])
        assert "allowed" in again
