"""Kingseat's end and what stays hidden before it: the Tell turned over and checked, Loyalties
set aside on a phone, a game without the Dark cards, and the rulings the engine follows for
Brownbeards dark 2, Crassclamps dark 1 and the card pickers."""
from __future__ import annotations

import dataclasses
import random

import pytest
from kingseat_support import (
    ANN,
    BOB,
    CID,
    DEE,
    FOUR,
    PASS,
    SWAP,
    A,
    V,
    check,
    discard_of,
    finish_round,
    game,
    refused,
    reveal_due,
    run,
)

from companion.engine import RuleError, replay
from companion.games.kingseat import ENGINE
from companion.games.kingseat.simulate import play, random_game, random_options
from companion.games.kingseat.state import KIND_INDEX, KINDS


def at_the_reveal(s):
    """Play the rest of a game by passing, voting whatever is left, until the Tell is due."""
    rng = random.Random(1)
    while s.phase != "reveal":
        if s.phase == "vote":
            unseen = [k for k, c in enumerate(s.unseen()) for _ in range(c)]
            votes = []
            for p, h in enumerate(s.hands):
                if h and p not in s.effects.sit_out:
                    k = unseen.pop(rng.randrange(len(unseen)))
                    votes.append(KINDS[k].id)
                else:
                    votes.append(None)
            s = run(s, V(*votes))
        else:
            s = finish_round(s)
    return s


# --------------------------------------------------------------------------- the reveal


def test_the_reveal_of_a_true_tell_is_taken_and_every_contradiction_is_named():
    # Rulebook: when all players are out of cards, the Tell is revealed and counted. The app
    # checks the counts against everything the table saw.
    options = random_options(random.Random(5), 4)
    entries = list(play(random.Random(5), options))
    s = ENGINE.new(options)
    for _, move, _ in entries[:-2]:
        s = run(s, move)
    assert s.phase == "reveal"
    true = entries[-2][1]
    assert true["type"] == "reveal"
    # the size
    some = next(iter(true["tell"]))
    error = refused(s, {"type": "reveal", "tell": {**true["tell"], some: true["tell"][some] + 1}},
                    "reveal")
    assert f"The Tell holds {s.tell_size} cards" in error.message
    # a card the table saw go in face up and never come out must be there
    if any(s.tell_seen):
        k = next(k for k, c in enumerate(s.tell_seen) if c)
        fake = dict(true["tell"])
        fake[KINDS[k].id] -= 1
        other = next(kid for kid in (KINDS[j].id for j in range(len(KINDS)))
                     if s.copies[KIND_INDEX[kid]] > s.discard[KIND_INDEX[kid]]
                     + fake.get(kid, 0) and kid != KINDS[k].id)
        fake[other] = fake.get(other, 0) + 1
        assert "went into the Tell face up" in refused(
            s, {"type": "reveal", "tell": fake}, "reveal").message
    refused(s, {"type": "reveal", "tell": {"lionsyre": -1}}, "move-format")
    refused(s, {"type": "reveal"}, "move-format")
    over = run(run(s, true), entries[-1][1])
    assert over.phase == "over" and ENGINE.result(over)["tally"]


def test_a_reveal_before_the_end_is_refused():
    s = game(4, FOUR)
    refused(s, {"type": "reveal", "tell": {}}, "vote")  # round 1 waits for its vote
    s = run(s, V("lionsyre", "slydefox", "lionsyre", "woolfhall"))
    assert "stays face down" in refused(s, {"type": "reveal", "tell": {}}, "reveal").message


def test_a_squlofish_declaration_contradicted_by_the_reveal_names_the_entry():
    s = run(game(4, FOUR, kingseat=1), V("squlofish-dark1", "slydefox", "lionsyre", "lionsyre"))
    s = run(s, A(BOB, "slydefox", players=[CID, DEE]))
    s = run(s, A(ANN, "squlofish-dark1", discard="woolfhall", removed=[]))
    # jump to the end with nothing else put into the Tell: every Hand and the table emptied
    # into the Discard, the Loyalties aside
    tell = {"lionsyre": 2, "squlofish": 1, "woolfhall": 1}
    end = reveal_due(s, {**tell, "slydefox": 4})
    error = refused(end, {"type": "reveal", "tell": tell}, "reading-squlofish")
    assert error.message.startswith("The Tell as entered shows that when Ann used the "
                                    "Squlofish dark 1 in round 1")
    # the same Tell without the Squlofish is consistent
    run(end, {"type": "reveal", "tell": {"lionsyre": 2, "woolfhall": 1, "slydefox": 1}})


# --------------------------------------------------------------------------- Loyalties


def test_a_loyalty_set_aside_on_a_phone_is_kept_hidden_and_holds_at_the_end():
    options = random_options(random.Random(12), 5)
    entries = list(play(random.Random(12), options, secrets=1.0))
    kinds = [kind for kind, _, _ in entries]
    assert kinds[:5] == ["secret"] * 5
    result, _ = replay(ENGINE, options, [(kind, payload if kind == "move" else
                                          {"player": p, "secret": payload})
                                         for kind, payload, p in entries])
    final = result.state
    assert final.phase == "over"  # every Loyalty was on a phone: no loyalty move needed
    assert all(move["type"] != "loyalty" for kind, move, _ in entries if kind == "move")
    assert ENGINE.result(final)["loyalties"] == [
        [pl for k, pl, who in entries if k == "secret" and who == p][-1]["loyalty"]
        for p in range(5)]
    # before the reveal no view shows another player's Loyalty; each phone sees its own
    before, _ = replay(ENGINE, options, [(kind, payload if kind == "move" else
                                          {"player": p, "secret": payload})
                                         for kind, payload, p in entries[:-1]])
    s = before.state
    assert s.revealed is None
    for viewer in (None, 0, 3):
        view = ENGINE.view(s, viewer)
        assert all(p["loyalty"] is None and p["loyalty_set"] for p in view["players"])
        if viewer is not None:
            assert view["you"]["loyalty"] == [pl for k, pl, who in entries
                                              if k == "secret" and who == viewer][-1]["loyalty"]


def test_loyalties_entered_at_the_end_must_match_those_set_aside():
    s = game(4, FOUR)
    s = ENGINE.secret(s, ANN, {"loyalty": "woolfhall"})
    with pytest.raises(RuleError) as caught:
        ENGINE.secret(s, ANN, {"loyalty": "smugwing"})  # not in this game
    assert caught.value.rule == "loyalty"
    with pytest.raises(RuleError):
        ENGINE.secret(s, 9, {"loyalty": "lionsyre"})
    with pytest.raises(RuleError):
        ENGINE.secret(s, ANN, {"prince": "lionsyre"})
    end = at_the_reveal(s)
    tell = {}
    unseen = end.unseen()
    # the Tell: the cards seen go in plus the face-down ones, taken from what is unseen
    for k, c in enumerate(end.tell_seen):
        if c:
            tell[KINDS[k].id] = c
    hidden = end.tell_size - sum(end.tell_seen)
    loyal_cards = {"woolfhall": 1}
    pool = [k for k, c in enumerate(unseen) for _ in range(c)]
    pool.remove(KIND_INDEX["woolfhall"])  # Ann's Loyalty
    for k in pool[:hidden]:
        tell[KINDS[k].id] = tell.get(KINDS[k].id, 0) + 1
    over = run(end, {"type": "reveal", "tell": tell})
    assert over.phase == "loyalty"
    left = over.unseen()
    others = [KINDS[k].prince for k, c in enumerate(left) for _ in range(c)]
    others.remove("woolfhall")
    assert sum(loyal_cards.values()) == 1
    wrong = {"type": "loyalty", "loyalties": [others[0], *others[1:], others[0]][:4]}
    wrong["loyalties"][ANN] = others[0] if others[0] != "woolfhall" else "lionsyre"
    assert "set their Loyalty aside as Woolfhall" in refused(over, wrong, "loyalty").message


def test_a_reveal_holding_more_of_a_kind_than_the_discard_leaves_is_refused():
    s = reveal_due(game(4, FOUR), {"lionsyre": 2, "woolfhall": 6, "slydefox": 4}, tell_size=8)
    error = refused(s, {"type": "reveal", "tell": {"lionsyre": 3, "woolfhall": 5}}, "reveal")
    assert error.message == ("The game has 7 cards of the Lionsyre and the Discard shows 5, so "
                             "the Tell cannot hold 3.")
    run(s, {"type": "reveal", "tell": {"lionsyre": 2, "woolfhall": 6}})


def test_a_reveal_that_leaves_no_card_for_a_loyalty_set_aside_is_refused():
    tell = {"squlofish": 7, "squlofish-dark1": 1}
    s = reveal_due(game(4, FOUR), {**tell, "squlofish-dark2": 1, "lionsyre": 3}, tell_size=8,
                   secret=(KIND_INDEX["squlofish"] // 3,) * 2 + (-1, -1))
    error = refused(s, {"type": "reveal", "tell": tell}, "reveal")
    assert error.message == ("The counts entered leave too few cards outside the Tell and the "
                             "Discard for the Loyalties set aside on the phones: count the Tell "
                             "again.")  # no prince, no number of players (issue 22)


# --------------------------------------------------------------------------- without the Dark


def test_a_game_without_the_dark_cards_from_setup_to_the_final_count():
    # Rulebook: the Dark cards can be left out if so desired. Table ruling: each prince then
    # has only its regular cards.
    s = game(4, FOUR, rulings={"dark_cards": 0})
    assert s.deck_size == 28 and s.hands == (6, 6, 6, 6)  # 7 a player, one set aside
    assert "lionsyre-dark1" not in ENGINE.view(s)["hand_cards"]
    error = refused(s, V("lionsyre-dark1", "slydefox", "lionsyre", "woolfhall"),
                    "ruling-dark-cards")
    assert "without the Dark cards" in error.message
    with pytest.raises(RuleError) as caught:
        ENGINE.with_rulings(s, {"dark_cards": 1})
    assert caught.value.rule == "ruling-dark-cards"
    for seed in range(20):
        options = random_options(random.Random(seed), 4, FOUR)
        options["rulings"]["dark_cards"] = 0
        options["leftovers"] = []
        moves, final = random_game(random.Random(seed), options)
        assert final.phase == "over" and ENGINE.result(final)["winners"] is not None
        assert not any(KINDS[k].dark and c for k, c in enumerate(final.revealed))
        assert all("dark" not in str(v) for m in moves if m["type"] == "vote"
                   for v in m["votes"])


# --------------------------------------------------------------------------- rulings


def test_crassclamps_dark1_lets_a_player_ordered_to_act_swap():
    # Rulings: after Crassclamps dark 1, non-winners may swap places or do nothing; an order
    # to use the action cannot be obeyed, so that player may swap too.
    s = run(game(4, kingseat=2), V("crassclamps", "crassclamps-dark1", "lionsyre", "lionsyre"))
    assert list(s.order) == [ANN, BOB]
    s = run(s, A(ANN, "crassclamps", target=DEE, prince="woolfhall", order="action"))
    s = run(s, A(BOB, "crassclamps-dark1"))
    assert s.effects.no_actions and dict(s.effects.orders) == {DEE: "action"}
    s = run(s, V("lionsyre", "lionsyre", "slydefox", "woolfhall"))
    assert list(s.order) == [CID, DEE]
    s = run(s, PASS(CID))
    assert set(ENGINE.view(s)["action"]["may"]) == {"swap", "pass"}
    refused(s, A(DEE, "woolfhall", prince="lionsyre"), "no-actions")
    s = run(s, SWAP(DEE, ANN))
    assert s.round == 3


def test_pickers_offer_only_cards_that_can_still_be_in_a_hand():
    s = game(4, FOUR)
    lionsyre = [k.id for k in KINDS if k.prince == "lionsyre"]
    assert set(lionsyre) <= set(ENGINE.view(s)["vote"]["cards"])
    # every Lionsyre seen: the 7 regular and both dark ones in the Discard and the Tell
    discard = list(s.discard)
    for kid in lionsyre:
        discard[KIND_INDEX[kid]] = s.copies[KIND_INDEX[kid]]
    hands = tuple(h - c for h, c in zip(s.hands, (3, 2, 2, 2)))
    gone = dataclasses.replace(s, discard=tuple(discard), hands=hands)
    check(gone)
    view = ENGINE.view(gone)
    assert not set(lionsyre) & set(view["vote"]["cards"])
    assert not set(lionsyre) & set(view["hand_cards"])
    assert "slydefox" in view["vote"]["cards"]


def test_brownbeards_dark2_twice_goes_back_to_the_same_vote():
    s = run(game(4), V("lionsyre", "lionsyre", "brownbeards-dark2", "woolfhall"))
    start = s.before_vote
    s = run(s, A(CID, "brownbeards-dark2"))
    assert s.seating == start.seating and s.tell_size == start.tell_size
    assert discard_of(s) == {"brownbeards-dark2": 1}
