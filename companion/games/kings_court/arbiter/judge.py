"""King's Court play-by-play: the judge: 'may I play this now, and what does it do?' for a table
that keeps only the score sheet. It builds a Hand from the described situation and runs the
very same event code on it."""
from __future__ import annotations

from typing import Any

from companion.engine import RuleError
from companion.games.kings_court.arbiter.events import run_event
from companion.games.kings_court.arbiter.kinds import (
    BATTLE,
    INFO,
    LAST_ONLY,
    cap,
    card_name,
    either_suit,
    short,
    suit_word,
    suits_list,
)
from companion.games.kings_court.arbiter.state import (
    FEWEST,
    HAND_FIELDS,
    HAND_SIZE,
    MOST,
    Hand,
    Pending,
)
from companion.games.kings_court.cards import (
    KIND_BY_ID,
    SELECTIONS,
    SHIELD,
    selection_kinds,
    suits_in,
)
from companion.words import Msg, msg


def _relative(n: int, direction: int):
    def words(seat: int) -> Msg:
        if seat == 0:
            return msg("you")
        if seat == direction % n:
            return msg("the next player")
        if seat == (2 * direction) % n:
            return msg("the player after next")
        if seat == (-direction) % n:
            return msg("the player before you")
        return msg("the player {n} seats to your left", n=seat)
    return words


def _selection_refusal(error: Exception, selection: Any) -> Msg | str:
    """A selection the judge cannot read, said as cards.selection_kinds says it in English."""
    if type(selection) is dict:
        name, extra = selection.get("name", "custom"), selection.get("extra", ())
    elif type(selection) is str:
        name, extra = selection, ()
    else:
        return msg('A selection is a name or {"name": ..., "extra": [...]}.')
    try:
        unknown = sorted(set(extra) - KIND_BY_ID.keys())
    except TypeError:
        return str(error)
    if unknown:
        return msg("There is no King's Court card {card}.", card=repr(unknown[0]))
    names = repr([*SELECTIONS, "custom"])
    if name in SELECTIONS and extra:
        return msg("A selection is one of {names}, not {name} with extra cards", names=names,
                   name=repr(name))
    if name != "custom":
        return msg("A selection is one of {names}, not {name}.", names=names, name=repr(name))
    return str(error)


def _situation(situation: Any) -> tuple[Hand, Any]:
    """A Hand in which seat 0 is to play, built from a judge situation (RuleError if bad)."""
    def bad(message: str) -> RuleError:
        return RuleError("judge", message)

    if type(situation) is not dict:
        raise bad(msg("The situation is an object: players, top, suit, direction, pending, ..."))
    known = {"players", "top", "suit", "direction", "pending", "dungeon", "cards_in_hand",
             "selection", "next_dungeon", "penalty", "suit_before", "to_play", "over"}
    for key in situation:
        if key not in known:
            raise bad(msg("The situation has no field called {field}.", field=short(key)))
    if situation.get("over"):
        raise RuleError("hand-over", msg("This hand is over: nothing more can be played."))
    n = situation.get("players")
    if type(n) is not int or not FEWEST <= n <= MOST:
        raise bad(msg('"players" is a number from {fewest} to {most}.', fewest=FEWEST,
                      most=MOST))
    selection = situation.get("selection", "kc+kd+bonus")
    try:
        if type(selection) is dict:
            kinds = selection_kinds(selection.get("name", "custom"), selection.get("extra", ()))
        elif type(selection) is str:
            kinds = selection_kinds(selection)
        else:
            raise ValueError("A selection is a name or {\"name\": ..., \"extra\": [...]}.")
    except (ValueError, TypeError) as error:
        raise bad(_selection_refusal(error, selection)) from None
    ids = frozenset(kind.id for kind in kinds)
    suits = suits_in(kinds)
    top = situation.get("top")
    if top is not None and (type(top) is not str or top not in ids):
        raise bad(msg('"top" is a card of this selection, not {card}.', card=short(top)))
    if top is not None and KIND_BY_ID[top].group == SHIELD and top not in BATTLE | LAST_ONLY:
        raise bad(msg("{card} never lies on top of the discard pile.",
                      card=cap(card_name(top))))
    suit = situation.get("suit")
    if suit is None and top is not None and len(INFO[top].suits) == 1:
        suit = INFO[top].suits[0]
    if suit not in suits:
        raise bad(msg('"suit" (the suit in force) is one of {suits}.', suits=suits_list(suits)))
    if top is not None and INFO[top].suits and suit not in INFO[top].suits:
        # Only a Kingdom card on top leaves the suit to what was named: a Number or Suit Scroll
        # card sets its own suit, a Queen's Option one of its two.
        raise RuleError("follow-suit", msg("With {card} on top the suit in force is {own}, not "
                                           "{suit}.", card=card_name(top),
                                           own=either_suit(INFO[top].suits),
                                           suit=suit_word(suit)))
    direction = situation.get("direction", 1)
    if direction not in (1, -1) or type(direction) is not int:
        raise bad(msg('"direction" is 1 (to the left) or -1 (to the right).'))
    pending = situation.get("pending")
    if pending is not None:
        if type(pending) is not dict or set(pending) - {"count", "kind"}:
            raise bad(msg('"pending" is {"count": n, "kind": the draw card} or null.'))
        count, kind = pending.get("count"), pending.get("kind")
        draw_kinds = {k for k in ids if INFO[k].stem == "drawbridge"} | {
            "dragon", "wizard", "dungeon", "royal-decree"}
        if type(count) is not int or not 1 <= count <= 99 or kind not in draw_kinds:
            raise bad(msg('"pending" needs a count from 1 and the draw card (a Drawbridge, '
                          'dragon, wizard, dungeon, or royal-decree when one turned it back).'))
        before = situation.get("suit_before", suit)
        if before not in suits:
            raise bad(msg('"suit_before" is one of {suits}.', suits=suits_list(suits)))
        # A Dungeon's count is what its turn takes: its own card and any draw played with it.
        jailed = kind == "dungeon"
        pending = Pending(count - jailed, kind, (-direction) % n, before, dungeons=int(jailed))
    flags = {}
    for key in ("dungeon", "next_dungeon", "penalty"):
        value = situation.get(key, False)
        if type(value) is not bool:
            raise bad(msg('"{field}" is true or false.', field=key))
        flags[key] = value
    held = situation.get("cards_in_hand")
    if held is not None and (type(held) is not int or not 1 <= held <= 150):
        raise bad(msg('"cards_in_hand" is the number of cards you hold, or null.'))
    dungeon = [-1] * n
    if flags["dungeon"] or (pending is not None and pending.dungeons):
        dungeon[0] = 0
    if flags["next_dungeon"]:
        dungeon[direction % n] = max(dungeon[direction % n], 0)
    size = sum(kind.copies for kind in kinds)
    hand = Hand(
        players=n, dealer=(-1) % n, deck_size=size, kinds=ids, suits=suits, rulings=(),
        to_play=0, phase="turn", direction=direction, top=top, top_card=top, suit=suit,
        pending=pending, open=None, hands=(held or 0,) + (HAND_SIZE,) * (n - 1),
        draw_pile=max(size - HAND_SIZE * n - 1, 30), discard=20, reshuffles=0,
        face_up=((),) * n, set_aside=0, dungeon=tuple(dungeon),
        dungeon_cards=tuple(1 if d >= 0 else 0 for d in dungeon), dungeon_magicians=(0,) * n,
        escape=None, penalty=(flags["penalty"],) + (False,) * (n - 1), guard=None, warlord=None,
        played=(), turn=0, out=None, ended_by=None, last=None, last_card=None, next_seat=None,
        next_draws=0, effects=(),
    )
    return hand, selection


def judge(situation: dict, play: list[dict]) -> dict[str, Any]:
    """May this play be made now, and what does it do? (See the module docstring.)"""
    refused = {"allowed": False, "effects": [], "after": None}
    try:
        hand, selection = _situation(situation)
    except RuleError as error:
        return {**refused, **error.to_dict()}
    if type(play) is not list or not play:
        return {**refused, "rule": "judge", "step": None,
                "message": msg("Name the cards to play, as a list in the order played.")}
    if hand.hands[0] == 0:  # the hand size is not known: assume it is enough
        for step, card in enumerate(play):
            card = card if type(card) is dict else {}
            kind = card.get("as") if card.get("card") == "magician" else card.get("card")
            if type(kind) is str and kind in LAST_ONLY:  # it depends on the hand size: ask for it
                return {**refused, "rule": "last-card-only", "step": step,
                        "message": msg("{card} may only be played as your last card: enter how "
                                       "many cards you hold to check it.",
                                       card=cap(card_name(kind)))}
        hand = _with_hands(hand, len(play) + 2)
    words = _relative(hand.players, hand.direction)
    try:
        w = run_event(hand, {"type": "play", "seat": 0, "cards": play}, words)
    except RuleError as error:
        return {**refused, **error.to_dict()}
    after = w.freeze()
    rule, message = w.reason or ("follow-suit", msg("The cards may be played."))
    nxt = after.to_play
    return {
        "allowed": True, "rule": rule, "message": message, "step": None,
        "effects": list(after.effects),
        "after": {
            "players": after.players, "top": after.top, "suit": after.suit,
            "direction": after.direction,
            "pending": judged_pending(after.pending),
            "dungeon": after.ended_by is None and after.dungeon[nxt] >= 0,
            "cards_in_hand": None, "selection": selection,
            "to_play": None if after.ended_by else nxt, "over": after.ended_by is not None,
        },
    }


def judged_pending(pending: Pending | None) -> dict | None:
    """A pending draw as a situation states it: a Dungeon the player may still answer is
    {"kind": "dungeon"} with the cards its turn takes (its own card and any draw with it)."""
    if pending is None:
        return None
    if pending.dungeons:
        return {"count": pending.count + 1, "kind": "dungeon"}
    return {"count": pending.count, "kind": pending.kind}


def _with_hands(hand: Hand, held: int) -> Hand:
    return Hand(**{name: getattr(hand, name) for name in HAND_FIELDS
                   if name != "hands"}, hands=(held,) + hand.hands[1:])
