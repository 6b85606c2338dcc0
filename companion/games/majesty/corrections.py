"""Majesty: For the Realm's corrections: a card turned up that was entered wrong is put right
while it still lies in the display (no turn has used it yet), and the deck's counts follow.

A correction, as JSON (not a turn)::

    {"type": "correct", "turn": 14,  # the card turned up at turn 14 (still in the display) was
     "card": "knight"}               # the Knight; "turn": 0 with "slot" names a card of the
                                     # setup display by its slot then, 0 = the free one
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from companion.engine import RuleError, short
from companion.games.majesty.reading import kind_of
from companion.games.majesty.state import (
    COPIES,
    DISPLAY_SIZE,
    KIND_IDS,
    KIND_NAMES,
    T1,
    T2,
    Deck,
    State,
    tiers_fit,
)
from companion.words import Msg, msg, plural

CORRECT_KEYS = frozenset(("type", "turn", "slot", "card"))


class Correction(NamedTuple):
    """A checked correction: the display slot of the card and the deck's counts of cards seen
    once it is the right card."""

    slot: int
    kind: int
    seen_top: tuple[int, ...]
    seen_bottom: tuple[int, ...]


def check_correct(state: State, move: dict) -> Correction:
    """The correction ``move`` names, checked; raises RuleError otherwise."""
    for key in move:
        if key not in CORRECT_KEYS:
            raise RuleError("move-format", msg("A correction has no field called {field}.",
                                               field=short(key)))
    number = move.get("turn")
    if type(number) is not int or number < 0:
        raise RuleError("move-format", msg('A correction needs the "turn" the card was turned '
                                           'up at (0 for the setup display).'))
    if number > state.taken:
        raise RuleError("correction", plural("There is no turn {turn} yet: {n} turn has been "
                                             "played.", "There is no turn {turn} yet: {n} "
                                             "turns have been played.", state.taken,
                                             turn=number))
    kind = kind_of(move.get("card"), '"card"')
    if number == 0:
        setup_slot = move.get("slot")
        if type(setup_slot) is not int or not 0 <= setup_slot < DISPLAY_SIZE:
            raise RuleError("correction", msg("The setup display has six cards: say which "
                                              "slot, 0 to 5, the card was dealt into."))
        what = msg("Card {n} of the setup display", n=setup_slot + 1)
        slots = [s for s, t in enumerate(state.turned)
                 if t.turn == 0 and t.setup_slot == setup_slot]
    else:
        what = msg("The card turned up at turn {turn}", turn=number)
        slots = [s for s, t in enumerate(state.turned) if t.turn == number and t.setup_slot < 0]
    if not slots:
        last = state.last
        if number and last is not None and last.number == number and last.new_card is None:
            raise RuleError("correction", msg("No card was turned up at turn {turn}.",
                                              turn=number))
        raise RuleError("correction", msg("{what} has been taken since, so the turns after it "
                                          "depend on it: undo back to the turn that took it "
                                          "to enter it again.", what=what))
    slot = slots[0]
    part = state.turned[slot].part
    if part < 0:
        raise RuleError("correction", msg("That card was in the display when the game started "
                                          "from a position, so it is part of the position, "
                                          "not an entry to correct."))
    old = state.display[slot]
    if old == kind:
        raise RuleError("correction", msg("{what} is already the {card}.", what=what,
                                          card=KIND_NAMES[kind]))
    deck = state.deck
    seen = list(deck.seen_top if part == 0 else deck.seen_bottom)
    seen[old] -= 1
    if part == 0:
        if seen[kind] >= deck.top_copies[kind]:
            raise RuleError("deck-holds", _never_there(deck, kind, what, 1, T1))
        seen[kind] += 1
        return Correction(slot, kind, tuple(seen), deck.seen_bottom)
    if seen[kind] >= T2[kind]:
        raise RuleError("deck-holds", _never_there(deck, kind, what, 2, T2))
    if deck.unknown_top:
        fewer = Deck(deck.variant, deck.top, deck.bottom, deck.seen_top, tuple(seen),
                     deck.unknown, deck.unknown_top)
        if not tiers_fit(fewer, kind):
            raise RuleError("deck-holds", msg("{what} came from tier 2, and with the cards "
                                              "already on the table tier 2 can hold no more "
                                              "{card} cards.", what=what,
                                              card=KIND_NAMES[kind]))
    seen[kind] += 1
    return Correction(slot, kind, deck.seen_top, tuple(seen))


def _never_there(deck: Deck, kind: int, what: Msg, tier: int, copies) -> Msg:
    """Why the part of the deck a card came from (tier 1 or 2) cannot have held one more
    ``kind``."""
    name = KIND_NAMES[kind]
    if deck.variant == "shuffled":
        if COPIES[kind] == 1:
            return msg("{what} came from the deck, and the only {card} card has been seen.",
                       what=what, card=name)
        return msg("{what} came from the deck, and all {n} {card} cards have been seen.",
                   what=what, n=COPIES[kind], card=name)
    if not copies[kind]:
        return msg("{what} came from tier {tier}, and tier {tier} has no {card} card.", what=what,
                   tier=tier, card=name)
    if copies[kind] == 1:
        return msg("{what} came from tier {tier}, and the only tier-{tier} {card} card has been "
                   "seen.", what=what, tier=tier, card=name)
    return msg("{what} came from tier {tier}, and all {n} tier-{tier} {card} cards have been "
               "seen.", what=what, tier=tier, n=copies[kind], card=name)


def correct(state: State, fix: Correction) -> State:
    """The position with the display card put right."""
    display = list(state.display)
    display[fix.slot] = fix.kind
    deck = state.deck
    deck = Deck(deck.variant, deck.top, deck.bottom, fix.seen_top, fix.seen_bottom, deck.unknown,
                deck.unknown_top)
    last = state.last
    if last is not None and state.turned[fix.slot].turn == last.number:
        last = replace(last, new_card=fix.kind)
    return replace(state, display=tuple(display), deck=deck, last=last)


def could_be(state: State, slot: int) -> list[str]:
    """The kinds a correction of the display card in ``slot`` may name (none for a card of a
    starting position)."""
    number, part, setup_slot = state.turned[slot]
    if part < 0:
        return []
    fix: dict[str, Any] = {"type": "correct", "turn": number}
    if number == 0:
        fix["slot"] = setup_slot
    out = []
    for kid in KIND_IDS:
        try:
            check_correct(state, {**fix, "card": kid})
        except RuleError:
            continue
        out.append(kid)
    return out
