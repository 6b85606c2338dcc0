"""The princes' actions: for each card, a check that reads its move's fields and a function
that carries it out."""
from __future__ import annotations

from collections.abc import Callable

from companion.engine import MISSING
from companion.games.kingseat.correction import choices_for, what_it_did
from companion.games.kingseat.reading import (
    ActionMove,
    beside_king,
    card_word,
    drawn_this_round,
    is_int,
    squid_weight,
    tell_most,
    unseen_of_prince,
    voters_of,
    winning_in_tell,
)
from companion.games.kingseat.state import (
    BROWNBEARDS,
    GONE,
    HARDSHELL,
    KIND_DARK,
    KIND_IDS,
    KIND_INDEX,
    KIND_NAMES,
    KIND_PRINCE,
    N_KINDS,
    PRINCE_NAMES,
    SMUGWING,
    SQUID_STRIP,
    SQULOFISH,
    WON,
    WOOLFHALL,
    State,
    Work,
    kind_of_prince,
    plural,
)


def _c_none(c: ActionMove) -> dict:
    return {}


def _c_slydefox(c: ActionMove) -> dict:
    pair = c.field("players")
    if type(pair) is not list or len(pair) != 2:
        raise c.fail('"players" must list the two players who change places', "move-format")
    a = c.player("players", pair[0], self_ok=True)
    b = c.player("players", pair[1], self_ok=True)
    if a == b:
        raise c.fail("pick two different players")
    return {"players": (a, b)}


def _c_target(c: ActionMove) -> dict:
    return {"target": c.player("target")}


def _c_optional_target(c: ActionMove) -> dict:
    value = c.field("target")
    if value is MISSING or value is None:
        return {"target": -1}
    return {"target": c.player("target", value)}


def _c_named(c: ActionMove) -> dict:
    """A player named that nothing later depends on, and whom else it could have named (for a
    correction)."""
    return {**_c_optional_target(c), "choices": choices_for(c.s, c.actor, c.kind)}


def _c_salsa_d2(c: ActionMove) -> dict:
    out = _c_optional_target(c)
    if out["target"] < 0 and any(p != -1 for p in c.s.secret):
        raise c.fail("say with whom the Loyalty cards were exchanged: a Loyalty set aside on a "
                     "phone goes with its card", "loyalty")
    return out


def _c_hornseeker(c: ActionMove) -> dict:
    out = _c_named(c)
    if out["target"] >= 0 and out["target"] not in beside_king(c.s):
        raise c.fail(f"{c.who(out['target'])} does not sit right beside the King")
    return out


def _c_woolfhall(c: ActionMove) -> dict:
    return {"prince": c.prince("prince")}


def _c_brownbeards_d1(c: ActionMove) -> dict:
    s = c.s
    in_discard = sum(s.discard[kind_of_prince(BROWNBEARDS, d)] for d in range(3))
    voters = len(voters_of(s, BROWNBEARDS))
    count = min(voters, in_discard)
    cards = c.card_list(c.field("cards"), "cards", count,
                        f"{plural(voters, 'Brownbeards voter')} and "
                        f"{plural(in_discard, 'Brownbeards card')} in the Discard")
    have = list(s.discard)
    for k in cards:
        if KIND_PRINCE[k] != BROWNBEARDS:
            raise c.fail(f"the {KIND_NAMES[k]} is not a Brownbeards card")
        have[k] -= 1
        if have[k] < 0:
            raise c.fail(f"the Discard holds no more {KIND_NAMES[k]} cards than that")
    return {"cards": cards}


def _c_monarchrys(c: ActionMove) -> dict:
    target = c.player("target")
    prince = c.prince("prince")
    most = min(1, c.s.hands[target], unseen_of_prince(c.s, prince))
    if most:
        why = f"{c.who(target)} hands over one card at most"
    elif c.s.hands[target] == 0:
        why = f"{c.who(target)} holds no cards"
    else:
        why = f"every {PRINCE_NAMES[prince]} card is where the table can see it"
    count = c.number("count", most, why)
    return {"target": target, "taken": count, "given": 0}


def _c_monarchrys_both(c: ActionMove, prince: int) -> dict:
    s = c.s
    target = c.player("target")
    if prince >= 0:
        pool = unseen_of_prince(s, prince)
        what = f"{PRINCE_NAMES[prince]} cards"
    else:
        unseen = s.unseen()
        pool = sum(unseen[k] for k in range(N_KINDS) if KIND_DARK[k])
        what = "dark cards"
    taken = c.number("taken", min(s.hands[target], pool),
                     f"{c.who(target)} holds {card_word(s.hands[target])} and no Hand can hold "
                     f"more than {pool} {what}")
    given = c.number("given", min(s.hands[c.actor], pool),
                     f"{c.who(c.actor)} holds {card_word(s.hands[c.actor])}")
    if taken and given:
        raise c.fail("cards go one way only: the other player's if they have any, otherwise "
                     "yours")
    return {"target": target, "taken": taken, "given": given}


def _c_monarchrys_d1(c: ActionMove) -> dict:
    return _c_monarchrys_both(c, -1)


def _c_monarchrys_d2(c: ActionMove) -> dict:
    prince = c.prince("prince")
    return _c_monarchrys_both(c, prince)


def _c_crassclamps(c: ActionMove) -> dict:
    target = c.player("target")
    prince = c.prince("prince")
    order = c.field("order")
    if order not in ("swap", "action"):
        raise c.fail('"order" must be "swap" or "action"', "move-format")
    return {"target": target, "prince": prince, "order": order}


def _c_crassclamps_d2(c: ActionMove) -> dict:
    value = c.field("first")
    if value is MISSING or value is None:
        return {"first": -1}
    return {"first": c.player("first", value, self_ok=True)}


def _read_discards(c: ActionMove, listing: str, *, self_ok: bool = False,
                   check: Callable[[int], None] | None = None) -> dict[int, int]:
    """The field "discards": {"player": ..., "card": ...} entries, each player once and holding
    cards, read as {player: card kind}. ``listing`` is what the field must list (said when it
    is not a list), ``self_ok`` whether the actor may be named, and ``check`` may refuse a
    card kind."""
    discards = c.field("discards")
    if type(discards) is not list:
        raise c.fail(f'"discards" must list {listing}', "move-format")
    got: dict[int, int] = {}
    for entry in discards:
        if type(entry) is not dict or entry.keys() != {"player", "card"}:
            raise c.fail('each entry of "discards" is {"player": ..., "card": ...}',
                         "move-format")
        p = c.player("player", entry["player"], self_ok=self_ok)
        if c.s.hands[p] == 0:
            raise c.fail(f"{c.who(p)} has no cards to discard")
        if p in got:
            raise c.fail(f"{c.who(p)} is listed twice")
        k = c.card(entry["card"], f"{c.who(p)}'s card")
        if check is not None:
            check(k)
        got[p] = k
    return got


def _c_hardshell_d1(c: ActionMove) -> dict:
    s = c.s
    due = [p for p in range(c.n) if p != c.actor and p not in c.immune and s.hands[p] > 0]
    got = _read_discards(c, "each player with the card they discarded")
    missing = [p for p in due if p not in got]
    if missing:
        raise c.fail(f"{c.who(missing[0])} holds cards and must discard one too")
    c.hand_cards_available(list(got.values()))
    return {"discards": tuple(sorted(got.items()))}


def hardshell_givers(s: State, actor: int) -> list[int]:
    immune = set(s.effects.sit_out)
    votes = s.vote.votes
    return [p for p in range(len(s.players))
            if p != actor and p not in immune and s.hands[p] > 0
            and not (votes[p] >= 0 and KIND_PRINCE[votes[p]] == HARDSHELL)]


def _c_squlofish(c: ActionMove) -> dict:
    target = c.player("target")
    pool = unseen_of_prince(c.s, SQULOFISH)
    count = c.number("count", min(c.s.hands[target], pool),
                     f"{c.who(target)} holds {card_word(c.s.hands[target])} and no Hand can "
                     f"hold more than {pool} Squlofish cards")
    return {"target": target, "taken": count, "given": 0}


def _c_squlofish_d1(c: ActionMove) -> dict:
    s = c.s
    value = c.field("discard")
    if s.hands[c.actor] == 0:
        if value is not None:
            raise c.fail(f"{c.who(c.actor)} has no cards, so discards none")
        paid = -1
    else:
        if value is None:
            raise c.fail(f"{c.who(c.actor)} discards one Hand card to pay for this")
        paid = c.card(value, "The discarded card")
        c.hand_cards_available([paid])
    removed = c.field("removed")
    if type(removed) is not list:
        raise c.fail('"removed" must list the Squlofish cards taken out of the Tell',
                     "move-format")
    taken = [0] * N_KINDS
    weight = 0
    kinds = []
    for value in removed:
        k = c.card(value, 'A card in "removed"')
        if KIND_PRINCE[k] != SQULOFISH:
            raise c.fail(f"the {KIND_NAMES[k]} is not a Squlofish card")
        taken[k] += 1
        most = tell_most(s, k)
        if taken[k] > most:
            raise c.fail(f"the Tell can hold at most {card_word(most)} of the {KIND_NAMES[k]}: "
                         f"the table has seen the others elsewhere", "copies")
        weight += squid_weight(s, k)
        kinds.append(k)
    if weight > SQUID_STRIP:
        raise c.fail(f"those cards are worth {weight} votes, more than {SQUID_STRIP}",
                     "reading-squlofish")
    for d in range(3):
        k = kind_of_prince(SQULOFISH, d)
        if s.tell_seen[k] > taken[k] and weight + squid_weight(s, k) <= SQUID_STRIP:
            raise c.fail(f"a {KIND_NAMES[k]} card went into the Tell face up and is still "
                         f"there, and it fits within {SQUID_STRIP} votes, so it goes too",
                         "reading-squlofish")
    return {"paid": paid, "removed": kinds, "weight": weight}


def _c_squlofish_d2(c: ActionMove) -> dict:
    def squlofish_only(k: int) -> None:
        if KIND_PRINCE[k] != SQULOFISH:
            raise c.fail(f"the player with the most Squlofish discards a Squlofish card, not "
                         f"the {KIND_NAMES[k]}")

    got = _read_discards(c, "each player who discarded and their card", self_ok=True,
                         check=squlofish_only)
    c.hand_cards_available(list(got.values()))
    return {"discards": tuple(sorted(got.items()))}


def _c_smugwing_d2(c: ActionMove) -> dict:
    s = c.s
    givers = c.field("givers")
    if type(givers) is not list:
        raise c.fail('"givers" must list the players who handed over a Smugwing card',
                     "move-format")
    winners = set(voters_of(s, s.vote.winner))
    out = []
    for value in givers:
        p = c.player("givers", value)
        if p not in winners:
            raise c.fail(f"{c.who(p)} did not vote for the winning prince")
        if p in out:
            raise c.fail(f"{c.who(p)} is listed twice")
        if s.hands[p] == 0:
            raise c.fail(f"{c.who(p)} has no cards")
        out.append(p)
    pool = unseen_of_prince(s, SMUGWING)
    if len(out) > pool:
        raise c.fail(f"no Hands can hold more than {pool} Smugwing cards", "copies")
    return {"givers": tuple(sorted(out))}


def _c_smugwing_d1(c: ActionMove) -> dict:
    """This round's winning cards go to the Discard: all of them, unless cards came out of the
    Tell at random since the vote; then the table says which it found ("moved")."""
    s = c.s
    won = winning_in_tell(s)
    value = c.field("moved")
    if value is MISSING or value is None:
        return {"moved": tuple(won)}
    drawn = drawn_this_round(s)
    if not drawn:
        raise c.fail('no card came out of the Tell at random this round, so every winning card '
                     'goes to the Discard: leave "moved" out', "reading-winning-cards")
    if type(value) is not list:
        raise c.fail('"moved" must list the winning cards that went to the Discard',
                     "move-format")
    left = list(won)
    for item in value:
        k = c.card(item, 'A card in "moved"')
        if k not in left:
            raise c.fail(f"no other {KIND_NAMES[k]} card won this round",
                         "reading-winning-cards")
        left.remove(k)
    if len(left) > drawn:
        raise c.fail(f"only {card_word(drawn)} came out of the Tell at random this round, so "
                     f"at least {len(won) - drawn} of its winning cards are still there",
                     "reading-winning-cards")
    return {"moved": tuple(KIND_INDEX[item] for item in value)}


def _c_salsa(c: ActionMove) -> dict:
    s = c.s
    won = winning_in_tell(s)
    k = c.card(c.field("winning"), "The winning card")
    if k not in won:
        if not won:
            raise c.fail("none of this round's winning cards is still in the Tell",
                         "reading-winning-cards")
        raise c.fail(f"no {KIND_NAMES[k]} card won this round and is still in the Tell",
                     "reading-winning-cards")
    to = c.field("to")
    if to == "discard":
        dest = -1
    else:
        if not is_int(to):
            raise c.fail('"to" must be a player number or "discard"', "move-format")
        dest = c.player("to", to, self_ok=True)
    return {"card": k, "to": dest}


CHECKS = {
    "lionsyre": _c_none, "lionsyre-dark1": _c_none, "lionsyre-dark2": _c_none,
    "slydefox": _c_slydefox, "slydefox-dark1": _c_target, "slydefox-dark2": _c_none,
    "woolfhall": _c_woolfhall, "woolfhall-dark1": _c_none, "woolfhall-dark2": _c_none,
    "hornseeker": _c_hornseeker, "hornseeker-dark1": _c_named,
    "hornseeker-dark2": _c_none,
    "brownbeards": _c_none, "brownbeards-dark1": _c_brownbeards_d1,
    "brownbeards-dark2": _c_none,
    "monarchrys": _c_monarchrys, "monarchrys-dark1": _c_monarchrys_d1,
    "monarchrys-dark2": _c_monarchrys_d2,
    "crassclamps": _c_crassclamps, "crassclamps-dark1": _c_none,
    "crassclamps-dark2": _c_crassclamps_d2,
    "gulliballistas": _c_none, "gulliballistas-dark1": _c_none,
    "gulliballistas-dark2": _c_named,
    "hardshell-hero": _c_target, "hardshell-hero-dark1": _c_hardshell_d1,
    "hardshell-hero-dark2": _c_none,
    "squlofish": _c_squlofish, "squlofish-dark1": _c_squlofish_d1,
    "squlofish-dark2": _c_squlofish_d2,
    "smugwing": _c_none, "smugwing-dark1": _c_smugwing_d1, "smugwing-dark2": _c_smugwing_d2,
    "salsa-salamanda": _c_salsa, "salsa-salamanda-dark1": _c_none,
    "salsa-salamanda-dark2": _c_salsa_d2,
}
assert set(CHECKS) == set(KIND_IDS)



def _do_nothing(w: Work, actor: int, a: dict) -> str:
    return ""


def _do_lionsyre(w: Work, actor: int, a: dict) -> str:
    w.add_coming(open_vote=True)
    return "the next round is an open vote"


def _do_lionsyre_d1(w: Work, actor: int, a: dict) -> str:
    return f"looked at {w.name(w.king)}'s Loyalty and Hand" if w.king != actor else \
        "is the King, so there was nothing to see"


def _do_lionsyre_d2(w: Work, actor: int, a: dict) -> str:
    count = min(2, w.hands[actor])
    w.tell_hidden(actor, count)
    return (f"the King put {card_word(count)} from {w.name(actor)}'s Hand into the Tell, face "
            f"down")


def _do_slydefox(w: Work, actor: int, a: dict) -> str:
    x, y = a["players"]
    w.change_places(x, y)
    added = 0
    for p in (x, y):
        if w.hands[p]:
            w.tell_hidden(p, 1)
            added += 1
    return (f"{w.name(x)} and {w.name(y)} changed places and put {card_word(added)} into the "
            f"Tell, face down")


def _do_slydefox_d1(w: Work, actor: int, a: dict) -> str:
    t = a["target"]
    ga, gb = w.trade(actor, t, 3)
    return f"traded cards with {w.name(t)} ({ga} for {gb})"


def _do_slydefox_d2(w: Work, actor: int, a: dict) -> str:
    count = min(3, w.tell_size)
    w.tell_draw(actor, count)
    w.tell_hidden(actor, count)
    return f"drew {card_word(count)} out of the Tell and put {card_word(count)} back, face down"


def _do_woolfhall(w: Work, actor: int, a: dict) -> str:
    voters = voters_of(w.s, WOOLFHALL)
    prince = a["prince"]
    if voters == [actor]:
        w.force(range(len(w.s.players)), prince, "woolfhall")
        return f"everybody must vote {PRINCE_NAMES[prince]} next round"
    w.force(voters, prince, "woolfhall")
    return f"this round's Woolfhall voters must vote {PRINCE_NAMES[prince]} next round"


def _do_woolfhall_d2(w: Work, actor: int, a: dict) -> str:
    voters = voters_of(w.s, WOOLFHALL)
    total = 0
    for p in voters:
        count = min(len(voters), w.hands[p])
        w.tell_hidden(p, count)
        total += count
    return f"the Woolfhall voters put {card_word(total)} into the Tell, face down"


def _do_look(w: Work, actor: int, a: dict) -> str:
    return what_it_did("hornseeker", a["target"], w.s.players)


def _do_hornseeker_d2(w: Work, actor: int, a: dict) -> str:
    w.add_coming(king_claims=w.coming.king_claims + (actor,))
    return "revealed their Loyalty and will be King next round"


def _do_brownbeards_d1(w: Work, actor: int, a: dict) -> str:
    for k in a["cards"]:
        w.discard[k] -= 1
    w.hands[actor] += len(a["cards"])
    return f"took {card_word(len(a['cards']))} from the Discard"


def _do_move(w: Work, actor: int, a: dict) -> str:
    t, taken, given = a["target"], a["taken"], a["given"]
    if taken:
        w.move_cards(t, actor, taken)
        return f"took {card_word(taken)} from {w.name(t)}"
    if given:
        w.move_cards(actor, t, given)
        return f"gave {card_word(given)} to {w.name(t)}"
    return f"got nothing from {w.name(t)}"


def _do_crassclamps(w: Work, actor: int, a: dict) -> str:
    t = a["target"]
    w.force([t], a["prince"], "crassclamps")
    orders = dict(w.coming.orders)
    orders[t] = a["order"]
    w.add_coming(orders=tuple(sorted(orders.items())))
    what = "swap places" if a["order"] == "swap" else "use their action"
    return (f"ordered {w.name(t)} to vote {PRINCE_NAMES[a['prince']]} next round and then "
            f"{what}")


def _do_crassclamps_d1(w: Work, actor: int, a: dict) -> str:
    w.add_coming(no_actions=True)
    return "nobody may use a card's action next round"


def _do_crassclamps_d2(w: Work, actor: int, a: dict) -> str:
    w.add_coming(open_vote=True, first=a["first"])
    if a["first"] >= 0:
        return f"the next round is an open vote, and {w.name(a['first'])} lays the first card"
    return "the next round is an open vote"


def _do_gulli_target(w: Work, actor: int, a: dict) -> str:
    return what_it_did("gulliballistas-dark2", a["target"], w.s.players)


def _do_hardshell(w: Work, actor: int, a: dict) -> str:
    t = a["target"]
    w.change_places(actor, t)
    ga, gb = w.trade(actor, t, 2)
    return f"changed places with {w.name(t)} and traded cards ({ga} for {gb})"


def _do_discards(w: Work, actor: int, a: dict) -> str:
    for p, k in a["discards"]:
        w.hands[p] -= 1
        w.discard[k] += 1
    return f"{plural(len(a['discards']), 'player')} discarded a card"


def _do_hardshell_d2(w: Work, actor: int, a: dict) -> str:
    givers = hardshell_givers(w.s, actor)
    for p in givers:
        w.move_cards(p, actor, 1)
    return f"got a card from {plural(len(givers), 'player')}"


def _do_squlofish_d1(w: Work, actor: int, a: dict) -> str:
    if a["paid"] >= 0:
        w.hands[actor] -= 1
        w.discard[a["paid"]] += 1
    for k in a["removed"]:
        w.tell_out(k, -1)
        w.discard[k] += 1
    w.tell_log.append(("squid", w.round, actor, a["weight"]))
    return f"moved {card_word(len(a['removed']))} of Squlofish from the Tell to the Discard"


def _do_smugwing(w: Work, actor: int, a: dict) -> str:
    w.add_coming(sit_out=tuple(sorted(set(w.coming.sit_out) | {actor})))
    return "sits out the next round"


def _do_smugwing_d1(w: Work, actor: int, a: dict) -> str:
    for k in a["moved"]:
        w.tell_out(k, -1)
        w.discard[k] += 1
    for entry in w.played:
        if entry[2] == WON:
            entry[2] = GONE
    return f"this round's winning cards ({card_word(len(a['moved']))}) went to the Discard"


def _do_smugwing_d2(w: Work, actor: int, a: dict) -> str:
    for p in a["givers"]:
        w.move_cards(p, actor, 1)
    return f"got a Smugwing card from {plural(len(a['givers']), 'player')}"


def _do_salsa(w: Work, actor: int, a: dict) -> str:
    k, dest = a["card"], a["to"]
    w.tell_out(k, dest)
    for entry in w.played:
        if entry[2] == WON and entry[1] == k:
            entry[2] = GONE
            break
    if dest < 0:
        w.discard[k] += 1
        return f"moved a winning {KIND_NAMES[k]} from the Tell to the Discard"
    w.hands[dest] += 1
    return f"moved a winning {KIND_NAMES[k]} from the Tell into {w.name(dest)}'s Hand"


def _do_salsa_d1(w: Work, actor: int, a: dict) -> str:
    if not w.hands[actor]:
        return "had no Hand card to exchange for their Loyalty card"
    w.loyalty_changed(actor)
    return "exchanged their Loyalty card with a card from their Hand"


def _do_salsa_d2(w: Work, actor: int, a: dict) -> str:
    t = a["target"]
    if t < 0:
        return "swapped Loyalty cards"
    w.loyalties_exchanged(actor, t)
    return f"swapped Loyalty cards with {w.name(t)}"


DOES = {
    "lionsyre": _do_lionsyre, "lionsyre-dark1": _do_lionsyre_d1,
    "lionsyre-dark2": _do_lionsyre_d2,
    "slydefox": _do_slydefox, "slydefox-dark1": _do_slydefox_d1,
    "slydefox-dark2": _do_slydefox_d2,
    "woolfhall": _do_woolfhall, "woolfhall-dark1": _do_nothing,
    "woolfhall-dark2": _do_woolfhall_d2,
    "hornseeker": _do_look, "hornseeker-dark1": _do_look, "hornseeker-dark2": _do_hornseeker_d2,
    "brownbeards": _do_nothing, "brownbeards-dark1": _do_brownbeards_d1,
    "brownbeards-dark2": _do_nothing,  # handled by undo_round
    "monarchrys": _do_move, "monarchrys-dark1": _do_move, "monarchrys-dark2": _do_move,
    "crassclamps": _do_crassclamps, "crassclamps-dark1": _do_crassclamps_d1,
    "crassclamps-dark2": _do_crassclamps_d2,
    "gulliballistas": _do_nothing, "gulliballistas-dark1": _do_nothing,
    "gulliballistas-dark2": _do_gulli_target,
    "hardshell-hero": _do_hardshell, "hardshell-hero-dark1": _do_discards,
    "hardshell-hero-dark2": _do_hardshell_d2,
    "squlofish": _do_move, "squlofish-dark1": _do_squlofish_d1,
    "squlofish-dark2": _do_discards,
    "smugwing": _do_smugwing, "smugwing-dark1": _do_smugwing_d1,
    "smugwing-dark2": _do_smugwing_d2,
    "salsa-salamanda": _do_salsa, "salsa-salamanda-dark1": _do_salsa_d1,
    "salsa-salamanda-dark2": _do_salsa_d2,
}
assert set(DOES) == set(KIND_IDS)

