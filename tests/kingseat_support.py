"""What Kingseat's engine tests share (tests/test_kingseat_engine.py, test_kingseat_reveal.py,
test_kingseat_secrets.py): a new game, the moves written short, the run and refused checks with
the cards adding up after every move, and positions jumped to (the Tell due to be turned over)."""
from __future__ import annotations

import dataclasses

import rules_checks

from companion.engine import RuleError
from companion.games.kingseat import ENGINE, KINDS, SETS
from companion.games.kingseat.rules_page import RULE_IDS
from companion.games.kingseat.state import KIND_INDEX, Effects, State

ANN, BOB, CID, DEE, EVE, FAY = range(6)
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"]
ALL = list(SETS["complete"])


def game(n: int = 4, princes=None, *, kingseat: int = 0, leftovers=None, rulings=None) -> State:
    """A new game. With every prince (the default) 108 cards are dealt; 4, 6 and 12 players get
    even hands, other counts need ``leftovers``."""
    options = {"players": NAMES[:n], "princes": ALL if princes is None else princes,
               "kingseat": kingseat}
    if leftovers is not None:
        options["leftovers"] = leftovers
    if rulings is not None:
        options["rulings"] = rulings
    return ENGINE.new(options)


def check(s: State) -> None:
    """The cards add up: Tell + Hands + Discard + the table + one Loyalty each = the deck."""
    n = len(s.players)
    assert s.tell_size + sum(s.hands) + sum(s.discard) + sum(s.table()) + n == s.deck_size
    assert all(h >= 0 for h in s.hands) and all(u >= 0 for u in s.unseen())
    assert sorted(s.seating) == list(range(n))


def run(s: State, move: dict) -> State:
    return rules_checks.run(ENGINE, s, move, check)


def refused(s: State, move, rule: str) -> RuleError:
    return rules_checks.refused(ENGINE, s, move, rule, RULE_IDS)


def V(*cards, none_held=None) -> dict:
    move = {"type": "vote", "votes": list(cards)}
    if none_held is not None:
        move["none_held"] = none_held
    return move


def A(player: int, card: str, **fields) -> dict:
    return {"type": "action", "player": player, "card": card, **fields}


def SWAP(player: int, other: int) -> dict:
    return {"type": "swap", "player": player, "with": other}


def PASS(player: int) -> dict:
    return {"type": "pass", "player": player}


def tell_of(s: State) -> dict[str, int]:
    return {KINDS[k].id: c for k, c in enumerate(s.tell_seen) if c}


def discard_of(s: State) -> dict[str, int]:
    return {KINDS[k].id: c for k, c in enumerate(s.discard) if c}


def sitting_out(s: State, *players: int) -> State:
    """The same position with these players sitting out this round (as after Smugwing)."""
    return dataclasses.replace(s, effects=Effects(sit_out=tuple(sorted(players))))


def finish_round(s: State) -> State:
    """Everyone still to act does nothing."""
    while s.phase == "action":
        s = run(s, PASS(s.order[0]))
    return s


FOUR = ["lionsyre", "slydefox", "woolfhall", "squlofish"]


def reveal_due(s: State, outside: dict[str, int], **changes) -> State:
    """``s`` jumped to the end of the last round, the Tell to be turned over: every Hand and the
    table emptied into the Discard but the cards ``outside`` (kind -> count: the Tell's and the
    Loyalty cards), with ``changes`` (the Tell's size, the Loyalties set aside); checked."""
    discard = list(s.copies)
    for kid, count in outside.items():
        discard[KIND_INDEX[kid]] -= count
    end = dataclasses.replace(s, hands=(0,) * len(s.players), discard=tuple(discard),
                              phase="reveal", played=(), order=(), **changes)
    check(end)
    return end


# Through the web layer (a test client phone): the starter set and Brownbeards.
FORM_NAMES = {"player-0": "Ann", "player-1": "Bob", "player-2": "Cid", "player-3": "Dee"}
STARTER = ("lionsyre", "hornseeker", "monarchrys", "gulliballistas")
# The starter set and Brownbeards: 45 cards, 11 a player, 1 left over.
FORM = {**FORM_NAMES, "kingseat": "0", **{f"prince-{p}": "on" for p in (*STARTER, "brownbeards")},
        "leftovers": "monarchrys", "ruling-cards_per_prince": "9",
        "ruling-squlofish_dark_weight": "1"}


def start(phone, **changes):
    fields = {key: value for key, value in {**FORM, **changes}.items() if value is not None}
    created = phone.form("/new/kingseat", fields)
    assert created.status_code == 302, created.get_data(as_text=True)
    game_id = created.headers["Location"].rsplit("/", 1)[-1]
    return game_id, phone.get(f"/api/games/{game_id}").get_json()["game"]


def move(phone, game, body):
    answer = phone.post(f"/api/games/{game['id']}/moves", json={"seq": game["seq"], "move": body})
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["game"]
