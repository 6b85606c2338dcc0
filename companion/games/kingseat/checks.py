"""The princes' actions as moves: for each card, a check that reads its action's fields
and refuses, in a sentence naming the rule, what the card cannot do (carried out in effects.py)."""
from __future__ import annotations

from collections.abc import Callable

from companion.engine import MISSING
from companion.games.kingseat.correction import choices_for
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
    kind_of_prince,
)
from companion.words import Msg, msg, plural


def _c_none(c: ActionMove) -> dict:
    return {}


def _c_slydefox(c: ActionMove) -> dict:
    pair = c.field("players")
    if type(pair) is not list or len(pair) != 2:
        raise c.fail(msg('"players" must list the two players who change places'), "move-format")
    a = c.player("players", pair[0], self_ok=True)
    b = c.player("players", pair[1], self_ok=True)
    if a == b:
        raise c.fail(msg("pick two different players"))
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
        raise c.fail(msg("say with whom the Loyalty cards were exchanged: a Loyalty set aside on a "
                         "phone goes with its card"), "loyalty")
    return out


def _c_hornseeker(c: ActionMove) -> dict:
    out = _c_named(c)
    if out["target"] >= 0 and out["target"] not in beside_king(c.s):
        raise c.fail(msg("{player} does not sit right beside the King", player=c.who(out['target'])))
    return out


def _c_woolfhall(c: ActionMove) -> dict:
    return {"prince": c.prince("prince")}


def _c_brownbeards_d1(c: ActionMove) -> dict:
    s = c.s
    in_discard = sum(s.discard[kind_of_prince(BROWNBEARDS, d)] for d in range(3))
    voters = len(voters_of(s, BROWNBEARDS))
    count = min(voters, in_discard)
    cards = c.card_list(c.field("cards"), "cards", count,
                        msg("{voters} and {cards} in the Discard",
                            voters=plural("{n} Brownbeards voter", "{n} Brownbeards voters", voters),
                            cards=plural("{n} Brownbeards card", "{n} Brownbeards cards", in_discard)))
    have = list(s.discard)
    for k in cards:
        if KIND_PRINCE[k] != BROWNBEARDS:
            raise c.fail(msg("the {card} is not a Brownbeards card", card=KIND_NAMES[k]))
        have[k] -= 1
        if have[k] < 0:
            raise c.fail(msg("the Discard holds no more {card} cards than that", card=KIND_NAMES[k]))
    return {"cards": cards}


def _c_monarchrys(c: ActionMove) -> dict:
    target = c.player("target")
    prince = c.prince("prince")
    most = min(1, c.s.hands[target], unseen_of_prince(c.s, prince))
    if most:
        why = msg("{player} hands over one card at most", player=c.who(target))
    elif c.s.hands[target] == 0:
        why = msg("{player} holds no cards", player=c.who(target))
    else:
        why = msg("every {prince} card is where the table can see it", prince=PRINCE_NAMES[prince])
    count = c.number("count", most, why)
    return {"target": target, "taken": count, "given": 0}


def _c_monarchrys_both(c: ActionMove, prince: int) -> dict:
    s = c.s
    target = c.player("target")
    if prince >= 0:
        pool = unseen_of_prince(s, prince)
        limit = msg("{player} holds {cards} and no Hand can hold more than {n} {prince} cards",
                    player=c.who(target), cards=card_word(s.hands[target]), n=pool,
                    prince=PRINCE_NAMES[prince])
    else:
        unseen = s.unseen()
        pool = sum(unseen[k] for k in range(N_KINDS) if KIND_DARK[k])
        limit = msg("{player} holds {cards} and no Hand can hold more than {n} dark cards",
                    player=c.who(target), cards=card_word(s.hands[target]), n=pool)
    taken = c.number("taken", min(s.hands[target], pool), limit)
    given = c.number("given", min(s.hands[c.actor], pool),
                     msg("{player} holds {cards}", player=c.who(c.actor), cards=card_word(s.hands[c.actor])))
    if taken and given:
        raise c.fail(msg("cards go one way only: the other player's if they have any, otherwise "
                         "yours"))
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
        raise c.fail(msg('"order" must be "swap" or "action"'), "move-format")
    return {"target": target, "prince": prince, "order": order}


def _c_crassclamps_d2(c: ActionMove) -> dict:
    value = c.field("first")
    if value is MISSING or value is None:
        return {"first": -1}
    return {"first": c.player("first", value, self_ok=True)}


def _read_discards(c: ActionMove, listing: Msg, *, self_ok: bool = False,
                   check: Callable[[int], None] | None = None) -> dict[int, int]:
    """The field "discards": {"player": ..., "card": ...} entries, each player once and holding
    cards, read as {player: card kind}. ``listing`` is what the field must list (said when it
    is not a list), ``self_ok`` whether the actor may be named, and ``check`` may refuse a
    card kind."""
    discards = c.field("discards")
    if type(discards) is not list:
        raise c.fail(msg('"discards" must list {what}', what=listing), "move-format")
    got: dict[int, int] = {}
    for entry in discards:
        if type(entry) is not dict or entry.keys() != {"player", "card"}:
            raise c.fail(msg('each entry of "discards" is {entry}', entry='{"player": ..., "card": ...}'),
                         "move-format")
        p = c.player("player", entry["player"], self_ok=self_ok)
        if c.s.hands[p] == 0:
            raise c.fail(msg("{player} has no cards to discard", player=c.who(p)))
        if p in got:
            raise c.fail(msg("{player} is listed twice", player=c.who(p)))
        k = c.card(entry["card"], msg("{player}'s card", player=c.who(p)))
        if check is not None:
            check(k)
        got[p] = k
    return got


def _c_hardshell_d1(c: ActionMove) -> dict:
    s = c.s
    due = [p for p in range(c.n) if p != c.actor and p not in c.immune and s.hands[p] > 0]
    got = _read_discards(c, msg("each player with the card they discarded"))
    missing = [p for p in due if p not in got]
    if missing:
        raise c.fail(msg("{player} holds cards and must discard one too", player=c.who(missing[0])))
    c.hand_cards_available(list(got.values()))
    return {"discards": tuple(sorted(got.items()))}


def _c_squlofish(c: ActionMove) -> dict:
    target = c.player("target")
    pool = unseen_of_prince(c.s, SQULOFISH)
    count = c.number("count", min(c.s.hands[target], pool),
                     msg("{player} holds {cards} and no Hand can hold more than {n} {prince} cards",
                         player=c.who(target), cards=card_word(c.s.hands[target]), n=pool,
                         prince=PRINCE_NAMES[SQULOFISH]))
    return {"target": target, "taken": count, "given": 0}


def _c_squlofish_d1(c: ActionMove) -> dict:
    s = c.s
    value = c.field("discard")
    if s.hands[c.actor] == 0:
        if value is not None:
            raise c.fail(msg("{player} has no cards, so discards none", player=c.who(c.actor)))
        paid = -1
    else:
        if value is None:
            raise c.fail(msg("{player} discards one Hand card to pay for this", player=c.who(c.actor)))
        paid = c.card(value, msg("The discarded card"))
        c.hand_cards_available([paid])
    removed = c.field("removed")
    if type(removed) is not list:
        raise c.fail(msg('"removed" must list the Squlofish cards taken out of the Tell'),
                     "move-format")
    taken = [0] * N_KINDS
    weight = 0
    kinds = []
    for value in removed:
        k = c.card(value, msg('A card in "{key}"', key="removed"))
        if KIND_PRINCE[k] != SQULOFISH:
            raise c.fail(msg("the {card} is not a Squlofish card", card=KIND_NAMES[k]))
        taken[k] += 1
        most = tell_most(s, k)
        if taken[k] > most:
            raise c.fail(msg("the Tell can hold at most {cards} of the {card}: the table has seen the others "
                             "elsewhere", cards=card_word(most), card=KIND_NAMES[k]), "copies")
        weight += squid_weight(s, k)
        kinds.append(k)
    if weight > SQUID_STRIP:
        raise c.fail(msg("those cards are worth {n} votes, more than {most}", n=weight, most=SQUID_STRIP),
                     "reading-squlofish")
    for d in range(3):
        k = kind_of_prince(SQULOFISH, d)
        if s.tell_seen[k] > taken[k] and weight + squid_weight(s, k) <= SQUID_STRIP:
            raise c.fail(msg("a {card} card went into the Tell face up and is still there, and it fits within "
                             "{most} votes, so it goes too", card=KIND_NAMES[k], most=SQUID_STRIP),
                         "reading-squlofish")
    return {"paid": paid, "removed": kinds, "weight": weight}


def _c_squlofish_d2(c: ActionMove) -> dict:
    def squlofish_only(k: int) -> None:
        if KIND_PRINCE[k] != SQULOFISH:
            raise c.fail(msg("the player with the most Squlofish discards a Squlofish card, not the {card}",
                             card=KIND_NAMES[k]))

    got = _read_discards(c, msg("each player who discarded and their card"), self_ok=True,
                         check=squlofish_only)
    c.hand_cards_available(list(got.values()))
    return {"discards": tuple(sorted(got.items()))}


def _c_smugwing_d2(c: ActionMove) -> dict:
    s = c.s
    givers = c.field("givers")
    if type(givers) is not list:
        raise c.fail(msg('"givers" must list the players who handed over a Smugwing card'),
                     "move-format")
    winners = set(voters_of(s, s.vote.winner))
    out = []
    for value in givers:
        p = c.player("givers", value)
        if p not in winners:
            raise c.fail(msg("{player} did not vote for the winning prince", player=c.who(p)))
        if p in out:
            raise c.fail(msg("{player} is listed twice", player=c.who(p)))
        if s.hands[p] == 0:
            raise c.fail(msg("{player} has no cards", player=c.who(p)))
        out.append(p)
    pool = unseen_of_prince(s, SMUGWING)
    if len(out) > pool:
        raise c.fail(msg("no Hands can hold more than {n} Smugwing cards", n=pool), "copies")
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
        raise c.fail(msg('no card came out of the Tell at random this round, so every winning card '
                         'goes to the Discard: leave "moved" out'), "reading-winning-cards")
    if type(value) is not list:
        raise c.fail(msg('"moved" must list the winning cards that went to the Discard'),
                     "move-format")
    left = list(won)
    for item in value:
        k = c.card(item, msg('A card in "{key}"', key="moved"))
        if k not in left:
            raise c.fail(msg("no other {card} card won this round", card=KIND_NAMES[k]),
                         "reading-winning-cards")
        left.remove(k)
    if len(left) > drawn:
        raise c.fail(msg("only {cards} came out of the Tell at random this round, so at least {n} of its "
                         "winning cards are still there", cards=card_word(drawn), n=len(won) - drawn),
                     "reading-winning-cards")
    return {"moved": tuple(KIND_INDEX[item] for item in value)}


def _c_salsa(c: ActionMove) -> dict:
    s = c.s
    won = winning_in_tell(s)
    k = c.card(c.field("winning"), msg("The winning card"))
    if k not in won:
        if not won:
            raise c.fail(msg("none of this round's winning cards is still in the Tell"),
                         "reading-winning-cards")
        raise c.fail(msg("no {card} card won this round and is still in the Tell", card=KIND_NAMES[k]),
                     "reading-winning-cards")
    to = c.field("to")
    if to == "discard":
        dest = -1
    else:
        if not is_int(to):
            raise c.fail(msg('"to" must be a player number or "discard"'), "move-format")
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
