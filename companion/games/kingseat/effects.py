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
)
from companion.words import Msg, msg, plural


def _do_nothing(w: Work, actor: int, a: dict) -> Msg | str:
    return ""


def _do_lionsyre(w: Work, actor: int, a: dict) -> Msg | str:
    w.add_coming(open_vote=True)
    return msg("the next round is an open vote")


def _do_lionsyre_d1(w: Work, actor: int, a: dict) -> Msg | str:
    return msg("looked at {player}'s Loyalty and Hand", player=w.name(w.king)) if w.king != actor else \
        msg("is the King, so there was nothing to see")


def _do_lionsyre_d2(w: Work, actor: int, a: dict) -> Msg | str:
    count = min(2, w.hands[actor])
    w.tell_hidden(actor, count)
    return (msg("the King put {cards} from {player}'s Hand into the Tell, face down", cards=card_word(count),
                player=w.name(actor)))


def _do_slydefox(w: Work, actor: int, a: dict) -> Msg | str:
    x, y = a["players"]
    w.change_places(x, y)
    added = 0
    for p in (x, y):
        if w.hands[p]:
            w.tell_hidden(p, 1)
            added += 1
    return (msg("{player} and {player2} changed places and put {cards} into the Tell, face down", player=w.name(x),
                player2=w.name(y), cards=card_word(added)))


def _do_slydefox_d1(w: Work, actor: int, a: dict) -> Msg | str:
    t = a["target"]
    ga, gb = w.trade(actor, t, 3)
    return msg("traded cards with {player} ({ga} for {gb})", player=w.name(t), ga=ga, gb=gb)


def _do_slydefox_d2(w: Work, actor: int, a: dict) -> Msg | str:
    count = min(3, w.tell_size)
    w.tell_draw(actor, count)
    w.tell_hidden(actor, count)
    return msg("drew {cards} out of the Tell and put {cards} back, face down", cards=card_word(count))


def _do_woolfhall(w: Work, actor: int, a: dict) -> Msg | str:
    voters = voters_of(w.s, WOOLFHALL)
    prince = a["prince"]
    if voters == [actor]:
        w.force(range(len(w.s.players)), prince, "woolfhall")
        return msg("everybody must vote {prince} next round", prince=PRINCE_NAMES[prince])
    w.force(voters, prince, "woolfhall")
    return msg("this round's Woolfhall voters must vote {prince} next round", prince=PRINCE_NAMES[prince])


def _do_woolfhall_d2(w: Work, actor: int, a: dict) -> Msg | str:
    voters = voters_of(w.s, WOOLFHALL)
    total = 0
    for p in voters:
        count = min(len(voters), w.hands[p])
        w.tell_hidden(p, count)
        total += count
    return msg("the Woolfhall voters put {cards} into the Tell, face down", cards=card_word(total))


def _do_look(w: Work, actor: int, a: dict) -> Msg | str:
    return what_it_did("hornseeker", a["target"], w.s.players)


def _do_hornseeker_d2(w: Work, actor: int, a: dict) -> Msg | str:
    w.add_coming(king_claims=w.coming.king_claims + (actor,))
    return msg("revealed their Loyalty and will be King next round")


def _do_brownbeards_d1(w: Work, actor: int, a: dict) -> Msg | str:
    for k in a["cards"]:
        w.discard[k] -= 1
    w.hands[actor] += len(a["cards"])
    return msg("took {cards} from the Discard", cards=card_word(len(a['cards'])))


def _do_move(w: Work, actor: int, a: dict) -> Msg | str:
    t, taken, given = a["target"], a["taken"], a["given"]
    if taken:
        w.move_cards(t, actor, taken)
        return msg("took {cards} from {player}", cards=card_word(taken), player=w.name(t))
    if given:
        w.move_cards(actor, t, given)
        return msg("gave {cards} to {player}", cards=card_word(given), player=w.name(t))
    return msg("got nothing from {player}", player=w.name(t))


def _do_crassclamps(w: Work, actor: int, a: dict) -> Msg | str:
    t = a["target"]
    w.force([t], a["prince"], "crassclamps")
    orders = dict(w.coming.orders)
    orders[t] = a["order"]
    w.add_coming(orders=tuple(sorted(orders.items())))
    if a["order"] == "swap":
        return msg("ordered {player} to vote {prince} next round and then swap places", player=w.name(t),
                   prince=PRINCE_NAMES[a['prince']])
    return msg("ordered {player} to vote {prince} next round and then use their action", player=w.name(t),
               prince=PRINCE_NAMES[a['prince']])


def _do_crassclamps_d1(w: Work, actor: int, a: dict) -> Msg | str:
    w.add_coming(no_actions=True)
    return msg("nobody may use a card's action next round")


def _do_crassclamps_d2(w: Work, actor: int, a: dict) -> Msg | str:
    w.add_coming(open_vote=True, first=a["first"])
    if a["first"] >= 0:
        return msg("the next round is an open vote, and {player} lays the first card", player=w.name(a['first']))
    return msg("the next round is an open vote")


def _do_gulli_target(w: Work, actor: int, a: dict) -> Msg | str:
    return what_it_did("gulliballistas-dark2", a["target"], w.s.players)


def _do_hardshell(w: Work, actor: int, a: dict) -> Msg | str:
    t = a["target"]
    w.change_places(actor, t)
    ga, gb = w.trade(actor, t, 2)
    return msg("changed places with {player} and traded cards ({ga} for {gb})", player=w.name(t), ga=ga, gb=gb)


def _do_discards(w: Work, actor: int, a: dict) -> Msg | str:
    for p, k in a["discards"]:
        w.hands[p] -= 1
        w.discard[k] += 1
    return plural("{n} player discarded a card", "{n} players discarded a card", len(a['discards']))


def _do_hardshell_d2(w: Work, actor: int, a: dict) -> Msg | str:
    givers = hardshell_givers(w.s, actor)
    for p in givers:
        w.move_cards(p, actor, 1)
    return plural("got a card from {n} player", "got a card from {n} players", len(givers))


def _do_squlofish_d1(w: Work, actor: int, a: dict) -> Msg | str:
    if a["paid"] >= 0:
        w.hands[actor] -= 1
        w.discard[a["paid"]] += 1
    for k in a["removed"]:
        w.tell_out(k, -1)
        w.discard[k] += 1
    w.tell_log.append(("squid", w.round, actor, a["weight"]))
    return msg("moved {cards} of Squlofish from the Tell to the Discard", cards=card_word(len(a['removed'])))


def _do_smugwing(w: Work, actor: int, a: dict) -> Msg | str:
    w.add_coming(sit_out=tuple(sorted(set(w.coming.sit_out) | {actor})))
    return msg("sits out the next round")


def _do_smugwing_d1(w: Work, actor: int, a: dict) -> Msg | str:
    for k in a["moved"]:
        w.tell_out(k, -1)
        w.discard[k] += 1
    for entry in w.played:
        if entry[2] == WON:
            entry[2] = GONE
    return msg("this round's winning cards ({cards}) went to the Discard", cards=card_word(len(a['moved'])))


def _do_smugwing_d2(w: Work, actor: int, a: dict) -> Msg | str:
    for p in a["givers"]:
        w.move_cards(p, actor, 1)
    return plural("got a Smugwing card from {n} player", "got a Smugwing card from {n} players", len(a['givers']))


def _do_salsa(w: Work, actor: int, a: dict) -> Msg | str:
    k, dest = a["card"], a["to"]
    w.tell_out(k, dest)
    for entry in w.played:
        if entry[2] == WON and entry[1] == k:
            entry[2] = GONE
            break
    if dest < 0:
        w.discard[k] += 1
        return msg("moved a winning {card} from the Tell to the Discard", card=KIND_NAMES[k])
    w.hands[dest] += 1
    return msg("moved a winning {card} from the Tell into {player}'s Hand", card=KIND_NAMES[k], player=w.name(dest))


def _do_salsa_d1(w: Work, actor: int, a: dict) -> Msg | str:
    if not w.hands[actor]:
        return msg("had no Hand card to exchange for their Loyalty card")
    w.loyalty_changed(actor)
    return msg("exchanged their Loyalty card with a card from their Hand")


def _do_salsa_d2(w: Work, actor: int, a: dict) -> Msg | str:
    t = a["target"]
    if t < 0:
        return msg("swapped Loyalty cards")
    w.loyalties_exchanged(actor, t)
    return msg("swapped Loyalty cards with {player}", player=w.name(t))


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
