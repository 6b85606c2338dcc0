"""The princes' actions carried out: for each card, what its action (checked in checks.py)
does to the position, and the words the history says of it."""
from __future__ import annotations

from companion.games.kingseat.correction import what_it_did
from companion.games.kingseat.reading import (
    card_word,
    hardshell_givers,
    voters_of,
)
from companion.games.kingseat.state import (
    GONE,
    KIND_IDS,
    KIND_NAMES,
    PRINCE_NAMES,
    WON,
    WOOLFHALL,
    Work,
    plural,
)


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
