"""Majesty: For the Realm's turn: taking a card from the display, placing it in the realm, its
location's abilities, the meeples beyond five, the display refilled from the deck, every change
of points settled in chips, and final scoring after the last turn.

A turn, as JSON::

    {"type": "take", "slot": 2,      # display slot, 0 = front (free); costs ``slot`` meeples
     "card": "miller-brewer",        # optional: the card expected in that slot (checked)
     "as": "brewer",                 # a split card's half; omitted for a single card
     "heal_as": "witch",             # a healed split card's half (Cottage, split card only)
     "exchange": -2,                 # Castle side B only: + buys meeples, - sells meeples
     "new_card": "knight"}           # the card turned into the back slot; omitted when the
                                     # deck is empty, optional on the game's last turn
"""
from __future__ import annotations

from typing import Any, NamedTuple

from companion.engine import MISSING, RuleError, short
from companion.games.majesty.locations import Placing, place
from companion.games.majesty.reading import char_of, counts_as, kind_of
from companion.games.majesty.scoring import final_scoring, settle_all
from companion.games.majesty.state import (
    CASTLE,
    CHAR_IDS,
    COPIES,
    COTTAGE,
    KIND_CHARS,
    KIND_IDS,
    KIND_NAMES,
    LOC_IDS,
    N_KINDS,
    REALM_SIZE,
    T1,
    T2,
    WORKER_SPACES,
    Deck,
    Final,
    LastTurn,
    Line,
    State,
    Turned,
    cards_said,
    meeples,
    order_from,
    points_said,
)
from companion.words import Msg, msg

TAKE_KEYS = frozenset(("type", "slot", "card", "as", "heal_as", "exchange", "new_card"))


class Take(NamedTuple):
    """A checked turn."""

    slot: int
    kind: int
    half: int  # the character (= location) the card is placed as
    heal_as: int  # the character a healed card returns as, -1 when none is healed
    exchange: int  # Castle B: + meeples bought, - sold
    new: int  # the kind turned into the display, -1 when none


def check_take(state: State, move: dict) -> Take:
    """The turn ``move`` names, checked against the rules; raises RuleError otherwise."""
    for key in move:
        if key not in TAKE_KEYS:
            raise RuleError("move-format", msg("A turn has no field called {field}.",
                                               field=short(key)))
    slot = move.get("slot", MISSING)
    if slot is MISSING:
        raise RuleError("move-format", msg('A turn needs a "slot": the display slot taken, 0 '
                                           'for the front.'))
    if type(slot) is not int:
        raise RuleError("move-format", msg('"slot" must be a whole number, 0 for the front.'))
    display = state.display
    if not 0 <= slot < len(display):
        raise RuleError("display", msg("There is no card in slot {slot}: the display's slots "
                                       "run from 0 (the front) to {last}.", slot=slot,
                                       last=len(display) - 1))
    kind = display[slot]
    expected = move.get("card")
    if expected is not None and expected != KIND_IDS[kind]:
        other = kind_of(expected, '"card"')
        raise RuleError("display", msg("The card in slot {slot} is the {card}, not the "
                                       "{other}.", slot=slot, card=KIND_NAMES[kind],
                                       other=KIND_NAMES[other]))
    mover = state.turn
    held = state.meeples[mover]
    if slot > held:
        raise RuleError("meeple-cost", msg("The card in slot {slot} costs {meeples}, one on "
                                           "each card in front of it, and {player} holds "
                                           "{held}.", slot=slot, meeples=meeples(slot),
                                           player=state.players[mover], held=held))
    char = counts_as(kind, move.get("as"), '"as"', "split-cards",
                     lambda card, halves: msg("The {card} is a split card: say which half it "
                                              "is, {halves}.", card=card, halves=halves),
                     lambda why: msg("Not that half: {why}.", why=why))
    side = state.sides[char]
    heal_as = move.get("heal_as")
    pile = state.infirmaries[mover]
    heal = -1
    if char == COTTAGE and pile:
        top = pile[-1].kind
        heal = counts_as(top, heal_as, '"heal_as"', "heal",
                         lambda card, halves: msg("The {card} returns from the Infirmary: say "
                                                  "which half it returns as, {halves}.",
                                                  card=card, halves=halves),
                         lambda why, card=KIND_NAMES[top]: msg(
                             "The card healed is the {card}, and {why}.", card=card, why=why))
    elif heal_as is not None:
        char_of(heal_as, '"heal_as"')
        why = (msg("only a card placed at the Cottage heals") if char != COTTAGE else
               msg("{player}'s Infirmary is empty", player=state.players[mover]))
        raise RuleError("heal", msg("No card is healed on this turn: {why}.", why=why))
    exchange = move.get("exchange")
    if exchange is None:
        exchange = 0
    else:
        if type(exchange) is not int:
            raise RuleError("move-format", msg('"exchange" must be a whole number: more than '
                                               '0 buys meeples, less than 0 sells them.'))
        if char != CASTLE or side != "B":
            raise RuleError("exchange", msg("Only a card placed at the Castle on side B trades "
                                            "points and meeples."))
        if exchange > 0:
            score = state.points[mover]
            if exchange > score:
                raise RuleError("exchange", msg("Buying {meeples} costs {points}, and "
                                                "{player} has {score}.",
                                                meeples=meeples(exchange),
                                                points=points_said(exchange),
                                                player=state.players[mover], score=score))
            if exchange > state.supply_meeples:
                raise RuleError("exchange", msg("The supply holds only {meeples}, so {n} "
                                                "cannot be bought.",
                                                meeples=meeples(state.supply_meeples),
                                                n=exchange))
        elif exchange < 0:
            holding = held - slot + state.display_meeples[slot]
            if -exchange > holding:
                raise RuleError("exchange", msg("Selling {meeples} needs that many, and "
                                                "{player} holds {holding} by then.",
                                                meeples=meeples(-exchange),
                                                player=state.players[mover], holding=holding))
    new_card = move.get("new_card")
    deck = state.deck
    last_turn = state.taken + 1 == REALM_SIZE * len(state.players)
    if new_card is None:
        new = -1
        if deck.count and not last_turn:
            raise RuleError("refill", msg("The deck still holds {cards}: say which card was "
                                          "turned into the display.",
                                          cards=cards_said(deck.count)))
    else:
        new = kind_of(new_card, '"new_card"')
        if not deck.count:
            raise RuleError("refill", msg("The deck is empty, so no new card is turned into "
                                          "the display."))
        if not deck.holds(new):
            raise RuleError("deck-holds", cannot_hold(deck, new))
    return Take(slot, kind, char, heal, exchange, new)



def cannot_hold(deck: Deck, kind: int) -> Msg:
    """Why the next card turned up cannot be of this kind."""
    name = KIND_NAMES[kind]
    if deck.variant == "shuffled":
        if COPIES[kind] == 1:
            return msg("The only {card} card has been seen, so the deck holds no more.", card=name)
        return msg("All {n} {card} cards have been seen, so the deck holds no more.",
                   n=COPIES[kind], card=name)
    if deck.top:
        if not T1[kind]:
            return msg("The next card is one of the {top} tier-1 cards still on top, and tier 1 "
                       "has no {card} card.", top=deck.top, card=name)
        if T1[kind] == 1:
            return msg("The next card is one of the {top} tier-1 cards still on top, and the "
                       "only tier-1 {card} card has been seen.", top=deck.top, card=name)
        return msg("The next card is one of the {top} tier-1 cards still on top, and all {n} "
                   "tier-1 {card} cards have been seen.", top=deck.top, n=T1[kind], card=name)
    if not T2[kind]:
        return msg("The rest of the deck is tier 2, and tier 2 has no {card} card.", card=name)
    if deck.seen_bottom[kind] >= T2[kind]:
        if T2[kind] == 1:
            return msg("The rest of the deck is tier 2, and the only tier-2 {card} card has been "
                       "seen.", card=name)
        return msg("The rest of the deck is tier 2, and all {n} tier-2 {card} cards have been "
                   "seen.", n=T2[kind], card=name)
    return msg("The rest of the deck is tier 2, and with the cards already on the table it can "
               "hold no more {card} cards.", card=name)


def take(state: State, t: Take) -> State:
    """The position after the checked turn ``t``."""
    n = len(state.players)
    mover = state.turn
    # pay, gain the card's meeples, place the card
    dmeeples = list(state.display_meeples)
    for i in range(t.slot):
        dmeeples[i] += 1
    gained = dmeeples[t.slot]
    meeples = list(state.meeples)
    meeples[mover] += gained - t.slot
    mine = list(state.realms[mover])
    mine[t.half] = mine[t.half] + (t.kind,)
    side = state.sides[t.half]
    p = Placing(mover, f"{LOC_IDS[t.half]}-{side.lower()}", mine, list(state.realms),
                list(state.infirmaries), meeples, list(state.points), state.supply_meeples,
                t.heal_as, t.exchange)
    place(p, t.half, side)
    realms = p.realms
    realms[mover] = tuple(mine)
    points = p.points
    supply = p.supply
    extra = meeples[mover] - WORKER_SPACES
    if extra > 0:
        meeples[mover] = WORKER_SPACES
        supply += extra
        points[mover] += extra
        p.lines.append(Line(mover, extra, -extra,
                            msg("1 per meeple beyond 5, returned to the supply"),
                            "overflow", extra))
    # the display slides and the new card enters the back slot
    slot, new = t.slot, t.new
    display = state.display[:slot] + state.display[slot + 1:]
    dmeeples_t = tuple(dmeeples[:slot] + dmeeples[slot + 1:])
    turned = state.turned[:slot] + state.turned[slot + 1:]
    deck = state.deck
    if new >= 0:
        display += (new,)
        dmeeples_t += (0,)
        turned += (Turned(state.taken + 1, 0 if deck.top else 1, -1),)
        if deck.top:
            seen = list(deck.seen_top)
            seen[new] += 1
            deck = Deck(deck.variant, deck.top - 1, deck.bottom, tuple(seen),
                        deck.seen_bottom, deck.unknown, deck.unknown_top)
        else:
            seen = list(deck.seen_bottom)
            seen[new] += 1
            deck = Deck(deck.variant, 0, deck.bottom - 1, deck.seen_top, tuple(seen),
                        deck.unknown, deck.unknown_top)
    before = state.points
    deltas = [points[seat] - before[seat] for seat in range(n)]
    piles_t, chip_supply, owed, moves = settle_all(
        order_from(mover, n), deltas, state.chips, state.supply_chips, state.owed)
    taken = state.taken + 1
    last = LastTurn(mover, taken, slot, t.kind, t.half, slot, gained, p.heal, tuple(p.attacks),
                    t.exchange, tuple(p.lines), None if new < 0 else new, moves)
    points_t = tuple(points)
    realms_t = tuple(realms)
    piles_inf = tuple(p.infirmaries)
    final = None
    turn = (mover + 1) % n
    if taken == REALM_SIZE * n:
        turn = mover
        rows, after = final_scoring(state.sides, realms_t, piles_inf, points_t)
        deltas = [after[seat] - points_t[seat] for seat in range(n)]
        piles_t, chip_supply, owed, final_moves = settle_all(
            order_from(state.first, n), deltas, piles_t, chip_supply, owed)
        final = Final(rows, final_moves)
        points_t = after
    return State(state.players, state.first, state.sides, realms_t, piles_inf,
                 tuple(meeples), points_t, display, dmeeples_t, deck, supply, piles_t,
                 chip_supply, owed, turn, taken, last, final, turned)


def legal_moves(state: State) -> list[dict]:
    """Every legal turn, without "new_card" (see possible_new_cards). Each choice of half,
    healed half and Castle exchange is its own move; "card" names the card taken."""
    if state.final is not None:
        return []
    mover = state.turn
    held = state.meeples[mover]
    pile = state.infirmaries[mover]
    out = []
    for slot in range(min(len(state.display), held + 1)):
        kind = state.display[slot]
        chars = KIND_CHARS[kind]
        for char in chars:
            move: dict[str, Any] = {"type": "take", "slot": slot, "card": KIND_IDS[kind]}
            if len(chars) == 2:
                move["as"] = CHAR_IDS[char]
            variants = [move]
            if char == COTTAGE and pile and len(KIND_CHARS[pile[-1].kind]) == 2:
                variants = [{**move, "heal_as": CHAR_IDS[h]} for h in KIND_CHARS[pile[-1].kind]]
            elif char == CASTLE and state.sides[CASTLE] == "B":
                holding = held - slot + state.display_meeples[slot]
                most = min(state.points[mover], state.supply_meeples)
                variants = [move] + [{**move, "exchange": x}
                                     for x in range(-holding, most + 1) if x]
            out.extend(variants)
    return out


def possible_new_cards(state: State) -> list[str]:
    """The kinds the next card turned up could be (empty when the deck is)."""
    deck = state.deck
    return [KIND_IDS[k] for k in range(N_KINDS) if deck.holds(k)]
