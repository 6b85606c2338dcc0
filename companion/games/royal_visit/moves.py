"""A whole move: reading and checking a play, a summon or a pass, then carrying it out (the
cards' moves, the Crown, the refill and the reshuffle).

Moves are JSON::

    {"type": "play", "cards": [card, ...]}       # cards in the order played (see turn.py)
    {"type": "summon", "pawn": "king"}           # the Wizard's power
    {"type": "summon", "pawn": "guard", "from": 3}
    {"type": "pass"}
"""
from __future__ import annotations

from typing import Any, NamedTuple

from companion.engine import MISSING, RuleError
from companion.games.royal_visit.end import crown_steps
from companion.games.royal_visit.state import (
    CHATEAU,
    GH,
    GL,
    NO_DISCARD,
    PAWN_TITLES,
    SIGNS,
    K,
    LastTurn,
    PawnMove,
    State,
)
from companion.games.royal_visit.turn import R_COURT, TurnBuilder
from companion.words import msg

_PLAY_KEYS = frozenset(("type", "cards"))
_SUMMON_KEYS = frozenset(("type", "pawn", "from"))
_PASS_KEYS = frozenset(("type",))


class Resolved(NamedTuple):
    """A checked move: what ``apply`` needs of it."""

    action: str  # "play", "summon" or "pass"
    builder: TurnBuilder | None  # a play's cards, played out
    summon: PawnMove | None
    king_winner: int | None  # the seat whose Chateau the King entered


def legal_summons(state: State) -> list[dict]:
    """Every legal use of the Wizard's power, as move dicts."""
    if state.winner is not None:
        return []
    out = []
    wiz = state.wizard
    king, low, high = state.king, state.guard_low, state.guard_high
    if king != wiz and low < wiz < high:
        out.append({"type": "summon", "pawn": "king"})
    if low != wiz and wiz < king:
        out.append({"type": "summon", "pawn": "guard", "from": low})
    if high != wiz and wiz > king:
        out.append({"type": "summon", "pawn": "guard", "from": high})
    return out


def resolve(state: State, move: Any) -> Resolved:
    """Check a move (raising RuleError) and work out what it does."""
    if state.winner is not None:
        raise RuleError("game-over", msg("The game is already over, so no more moves can be "
                                         "entered."))
    if type(move) is not dict:
        raise RuleError("move-format", msg('A move must be an object with a "type" field.'))
    kind = move.get("type")
    if kind == "play":
        if move.keys() != _PLAY_KEYS:
            raise RuleError("move-format", msg('A play has a "cards" list and nothing else.'))
        cards = move["cards"]
        if type(cards) is not list:
            raise RuleError("move-format", msg('A play\'s "cards" must be a list.'))
        if not cards:
            raise RuleError("turn", msg("A play needs at least one card; to play none, declare "
                                        "a pass."))
        builder = TurnBuilder(state)
        add = builder.add
        for card in cards:
            add(card)
        return Resolved("play", builder, None, builder.king_winner)
    if kind == "summon":
        return _summon(state, move)
    if kind == "pass":
        if move.keys() != _PASS_KEYS:
            raise RuleError("move-format", msg("A pass has no other fields."))
        return Resolved("pass", None, None, None)
    raise RuleError("move-format", msg('A move\'s "type" must be "play", "summon", "pass" or '
                                     '"correct" (a correction of an earlier turn).'))


def _summon(state: State, move: dict) -> Resolved:
    if not move.keys() <= _SUMMON_KEYS or "pawn" not in move:
        raise RuleError("move-format", msg('A summon has a "pawn" field, a "from" field for a '
                                           'Guard, and nothing else.'))
    pawn = move["pawn"]
    frm = move.get("from", MISSING)
    if frm is not MISSING and type(frm) is not int:
        raise RuleError("move-format", msg('A summon\'s "from" must be a whole number.'))
    if pawn == "king":
        slot, at = K, state.king
    elif pawn == "guard":
        if frm is MISSING:
            raise RuleError("move-format", msg('Say which Guard to summon with its "from" space.'))
        if frm == state.guard_low:
            slot, at = GL, frm
        elif frm == state.guard_high:
            slot, at = GH, frm
        else:
            raise RuleError("move-format", msg("There is no Guard on space {space}.", space=frm))
    elif pawn in ("wizard", "jester"):
        raise RuleError("wizard-power", msg("The Wizard can summon only the King or a Guard."))
    else:
        raise RuleError("move-format", msg("The Wizard summons the King or a Guard: \"pawn\" is "
                                           "king or guard."))
    if frm is not MISSING and frm != at:
        raise RuleError("move-format", msg("There is no King on space {space}.", space=frm))
    to = state.wizard
    if at == to:
        raise RuleError("must-move", msg("The Wizard's summon: the {pawn} already stands on the "
                                         "Wizard's space, and a summon must move its pawn.",
                                         pawn=PAWN_TITLES[pawn]))
    pos = [state.king, state.guard_low, state.guard_high]
    pos[slot] = to
    if not pos[1] < pos[0] < pos[2]:
        raise RuleError("court", msg("The Wizard's summon: {reason}.", reason=R_COURT))
    king = pos[0]
    winner = (0 if king > 0 else 1) if abs(king) >= CHATEAU else None
    return Resolved("summon", None, PawnMove(slot, at, to), winner)


def apply_move(state: State, move: Any) -> State:
    """The state after ``move`` (checked first: raises RuleError as ``resolve`` does)."""
    action, builder, summon, king_winner = resolve(state, move)
    mover = state.turn
    sign = SIGNS[mover]
    discard = state.discard
    hands = state.hands
    unseen = list(state.unseen)
    may_hold = list(state.may_hold)
    other = 1 - mover
    cards: tuple = ()
    cost = 0
    if builder is not None:
        king, low, high, wizard, jester = builder.pos
        cost = builder.count
        discard = tuple([a + b for a, b in zip(discard, builder.used)])
        if may_hold[mover]:  # the cards played may be some the other seat cannot hold
            unseen[other] = tuple([max(0, a - b) for a, b in zip(unseen[other],
                                                                  builder.used)])
        hand = hands[mover] - cost
        hands = (hand, hands[1]) if mover == 0 else (hands[0], hand)
        cards = tuple(builder.played)
    else:
        king, low, high, wizard, jester = (state.king, state.guard_low, state.guard_high,
                                           state.wizard, state.jester)
        if summon is not None:
            if summon.slot == K:
                king = summon.to
            elif summon.slot == GL:
                low = summon.to
            else:
                high = summon.to
    crown = state.crown
    draw = state.draw_pile
    reshuffles = state.reshuffles
    unknown = state.unknown_discard
    winner = king_winner
    end = "king" if winner is not None else None
    steps: tuple = ()
    drawn = reshuffled = 0
    if winner is None:
        steps = crown_steps((king, low, high, wizard, jester), sign, state.duchy)
        if steps:
            crown += sign * len(steps)
            if sign * crown >= CHATEAU:
                crown = sign * CHATEAU
                winner, end = mover, "crown"
        if winner is None and cost:
            need = cost
            hand = hands[mover]
            while need:
                take = need if need < draw else draw
                draw -= take
                need -= take
                drawn += take
                hand += take
                # the mover may now hold anything the pile held, and the other seat nothing
                # of what the mover cannot hold (none of it is left outside the pile)
                unseen[mover] = NO_DISCARD
                may_hold[mover] = any(unseen[other])
                may_hold[other] = False
                if draw == 0:  # the deck runs out
                    if reshuffles and king != 0:
                        winner, end = (0 if king > 0 else 1), "deck"
                        break
                    draw = sum(discard) + unknown
                    # the discard pile goes into the draw pile, unseen by both seats
                    may_hold = [may_hold[0] and any(unseen[1]), may_hold[1] and any(unseen[0])]
                    unseen = [tuple([a + b for a, b in zip(seat, discard)]) for seat in unseen]
                    discard, unknown = NO_DISCARD, 0
                    reshuffles += 1
                    reshuffled += 1
            hands = (hand, hands[1]) if mover == 0 else (hands[0], hand)
    last = LastTurn(mover, state.turn_number, action, cards, summon, state.crown, crown,
                    steps, drawn, reshuffled)
    turn, number = (mover, state.turn_number) if winner is not None else \
        (1 - mover, state.turn_number + 1)
    return State(state.players, state.first, state.direction, state.wild_middle,
                 state.duchy, king, low, high, wizard, jester, crown, draw, reshuffles,
                 hands, discard, unknown, turn, number, winner, end, last,
                 (unseen[0], unseen[1]), (may_hold[0], may_hold[1]), state, move)
