"""Kingseat's Loyalties set aside on the phones (issue 22): Salsa Salamanda's dark cards move
or change a Loyalty card, so they move the secret or ask for it again; a seat that changes
phones keeps its secret hidden and takes no new one; nothing before the reveal names a secret.
"""
from __future__ import annotations

import random

import pytest
from kingseat_support import (
    ANN,
    BOB,
    CID,
    DEE,
    FOUR,
    PASS,
    A,
    V,
    finish_round,
    game,
    refused,
    reveal_due,
    run,
)

from companion.engine import RuleError, replay
from companion.games.kingseat import ENGINE
from companion.games.kingseat.state import KIND_INDEX, KINDS, PRINCE_INDEX, STALE

SALSA = ["lionsyre", "hornseeker", "gulliballistas", "salsa-salamanda"]
SET = {ANN: "lionsyre", BOB: "hornseeker", CID: "gulliballistas", DEE: "salsa-salamanda"}


def with_secrets(s, secrets=SET):
    for player, prince in secrets.items():
        s = ENGINE.secret(s, player, {"loyalty": prince})
    return s


def salsa_round(card: str):
    s = with_secrets(game(4, SALSA))
    s = run(s, V("lionsyre", "lionsyre", "hornseeker", card))
    assert list(s.order) == [CID, DEE]
    return run(s, PASS(CID))


def reveal_all(s, loyalty: dict[int, str]):
    """The rest of the game, everyone voting cards other than the Loyalty cards given (and
    doing nothing), and the Tell that leaves each player that Loyalty."""
    rng = random.Random(1)
    kept = []
    for prince in loyalty.values():  # a card of that prince for each Loyalty
        kept.append(next(k for k, c in enumerate(s.unseen()) if c > kept.count(k)
                         and KINDS[k].prince == prince))
    while s.phase != "reveal":
        if s.phase == "vote":
            unseen = [k for k, c in enumerate(s.unseen()) for _ in range(c)]
            for k in kept:
                unseen.remove(k)
            votes = []
            for p, h in enumerate(s.hands):
                if h and p not in s.effects.sit_out:
                    votes.append(KINDS[unseen.pop(rng.randrange(len(unseen)))].id)
                else:
                    votes.append(None)
            s = run(s, V(*votes))
        else:
            s = finish_round(s)
    tell = {}
    for k, c in enumerate(s.tell_seen):
        if c:
            tell[KINDS_ID[k]] = c
    pool = [k for k, c in enumerate(s.unseen()) for _ in range(c)]
    for k in kept:
        pool.remove(k)
    for k in pool[:s.tell_size - sum(s.tell_seen)]:
        tell[KINDS_ID[k]] = tell.get(KINDS_ID[k], 0) + 1
    return s, {"type": "reveal", "tell": tell}


KINDS_ID = {k: kid for kid, k in KIND_INDEX.items()}


def test_salsa_salamanda_dark2_moves_the_loyalties_set_aside():
    """Rulebook: Salsa Salamanda dark 2 "Exchange your Loyalty card with another player's
    Loyalty": the secret set aside on a phone goes with the card."""
    s = run(salsa_round("salsa-salamanda-dark2"), A(DEE, "salsa-salamanda-dark2", target=ANN))
    assert ENGINE.view(s, ANN)["you"]["loyalty"] == "salsa-salamanda"
    assert ENGINE.view(s, DEE)["you"]["loyalty"] == "lionsyre"
    assert all(p["loyalty"] is None for p in ENGINE.view(s, None)["players"])
    end, reveal = reveal_all(s, {**SET, ANN: "salsa-salamanda", DEE: "lionsyre"})
    over = run(end, reveal)
    assert over.phase == "over"
    result = ENGINE.result(over)
    assert result["loyalties"][ANN] == "salsa-salamanda" and result["loyalties"][DEE] == "lionsyre"


def test_salsa_salamanda_dark2_names_the_other_player_once_loyalties_are_set():
    s = salsa_round("salsa-salamanda-dark2")
    error = refused(s, A(DEE, "salsa-salamanda-dark2"), "loyalty")
    assert "Salsa" in error.message and "with whom" in error.message
    plain = game(4, SALSA)  # nobody set a Loyalty on a phone: the target may stay unsaid
    plain = run(run(plain, V("lionsyre", "lionsyre", "hornseeker", "salsa-salamanda-dark2")),
                PASS(CID))
    run(plain, A(DEE, "salsa-salamanda-dark2"))


def test_salsa_salamanda_dark1_makes_the_loyalty_stale_and_it_is_asked_again():
    """Dark 1 exchanges the Loyalty card with a Hand card: the app cannot know the new one, so
    it asks again; until then the old one counts for nothing, and never blocks the reveal."""
    s = run(salsa_round("salsa-salamanda-dark1"), A(DEE, "salsa-salamanda-dark1"))
    assert s.secret[DEE] == STALE
    mine = ENGINE.view(s, DEE)
    assert mine["you"]["loyalty"] is None and mine["you"]["loyalty_stale"]
    assert ENGINE.view(s, None)["players"][DEE]["loyalty_stale"]
    end, reveal = reveal_all(s, {**SET, DEE: "lionsyre"})
    over = run(end, reveal)
    assert over.phase == "loyalty"  # the stale one is entered openly, like any not set
    loyalties = [SET[ANN], SET[BOB], SET[CID], "lionsyre"]
    done = run(over, {"type": "loyalty", "loyalties": loyalties})
    assert ENGINE.result(done)["loyalties"][DEE] == "lionsyre"
    # set again on the phone: it counts once more
    again = ENGINE.secret(s, DEE, {"loyalty": "lionsyre", "version": 1})
    assert again.secret[DEE] == PRINCE_INDEX["lionsyre"]
    assert not ENGINE.view(again, DEE)["you"]["loyalty_stale"]


def test_a_stale_loyalty_never_blocks_the_reveal():
    tell = {"squlofish": 7, "squlofish-dark1": 1}
    s = reveal_due(game(4, FOUR), {**tell, "squlofish-dark2": 1, "lionsyre": 3}, tell_size=8,
                   secret=(STALE, STALE, -1, -1))
    assert run(s, {"type": "reveal", "tell": tell}).phase == "loyalty"


def test_a_loyalty_set_before_an_exchange_is_not_carried_past_it():
    """A Loyalty entered again after Salsa Salamanda holds from then on: undoing the exchange
    brings back the one set before it, not the new one."""
    moves = [("secret", {"player": ANN, "secret": {"loyalty": "lionsyre"}}),
             ("secret", {"player": DEE, "secret": {"loyalty": "salsa-salamanda"}}),
             ("move", V("lionsyre", "lionsyre", "hornseeker", "salsa-salamanda-dark2")),
             ("move", PASS(CID)),
             ("move", A(DEE, "salsa-salamanda-dark2", target=ANN)),
             ("secret", {"player": ANN, "secret": {"loyalty": "salsa-salamanda",
                                                   "version": 1}})]
    options = {"players": ["Ann", "Bob", "Cid", "Dee"], "princes": SALSA, "kingseat": 0}
    done, _ = replay(ENGINE, options, moves)
    assert done.state.secret[ANN] == PRINCE_INDEX["salsa-salamanda"]
    undone, _ = replay(ENGINE, options, moves + [("undo", None)])
    assert undone.state.secret[ANN] == PRINCE_INDEX["lionsyre"]
    assert undone.state.secret[DEE] == PRINCE_INDEX["salsa-salamanda"]
    with pytest.raises(RuleError) as caught:  # a phone that had not seen the exchange
        replay(ENGINE, options, moves + [("secret", {"player": ANN, "secret": {
            "loyalty": "lionsyre", "version": 0}})])
    assert caught.value.rule == "loyalty" and "changed" in caught.value.message


def test_brownbeards_dark2_after_an_exchange_asks_for_both_loyalties_again():
    """Brownbeards dark 2 takes the round back, the exchange of Loyalty cards with it: the app
    asks both players again rather than guess."""
    princes = ["lionsyre", "brownbeards", "gulliballistas", "salsa-salamanda"]
    s = with_secrets(game(4, princes), {ANN: "lionsyre", BOB: "brownbeards",
                                        CID: "salsa-salamanda"})
    s = run(s, V("lionsyre", "lionsyre", "salsa-salamanda-dark2", "brownbeards-dark2"))
    assert list(s.order) == [CID, DEE]
    s = run(s, A(CID, "salsa-salamanda-dark2", target=ANN))
    s = run(s, A(DEE, "brownbeards-dark2"))
    assert s.phase == "vote"
    assert s.secret[ANN] == STALE and s.secret[CID] == STALE
    assert s.secret[BOB] == PRINCE_INDEX["brownbeards"]


def test_a_seat_that_changed_phones_hides_its_secret_and_takes_no_new_one():
    s = with_secrets(game(4, SALSA))
    moved = ENGINE.seat_changed(s, ANN)
    assert ENGINE.view(moved, ANN)["you"]["loyalty"] is None
    assert ENGINE.view(moved, ANN)["you"]["held_back"]
    with pytest.raises(RuleError) as caught:
        ENGINE.secret(moved, ANN, {"loyalty": "hornseeker"})
    assert caught.value.rule == "seat"
    assert moved.secret[ANN] == PRINCE_INDEX["lionsyre"]  # it still counts at the reveal
    assert ENGINE.describe_secret("Ann", {"seat": "changed"}).startswith("Ann's seat")
