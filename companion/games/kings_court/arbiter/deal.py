"""King's Court play-by-play: the deal and the first card turned (which counts as the dealer's
play)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.engine import RuleError
from companion.games.kings_court.arbiter.entry import parse_card
from companion.games.kings_court.arbiter.kinds import INFO, cap, card_name
from companion.games.kings_court.arbiter.scrolls import play_card
from companion.games.kings_court.arbiter.state import (
    FEWEST,
    HAND_SIZE,
    MOST,
    Hand,
    Turn,
    Work,
    words_of,
)
from companion.games.kings_court.arbiter.turn import finish_turn
from companion.games.kings_court.cards import KIND_BY_ID, SHIELD, CardKind, suits_in
from companion.words import msg


def start_hand(players: int, dealer: int, kinds: Iterable[CardKind], first: Any,
               rulings: Mapping[str, Any] | None = None, names: tuple[str, ...] = (),
               partners: bool = False) -> Hand:
    """Deal seven cards each from the selection's deck and turn ``first`` face up.

    ``first`` is a kind id or a card object (see the module docstring). Raises RuleError on a
    bad first card (a Shield card is refused: it goes back and another is turned)."""
    if type(players) is not int or not FEWEST <= players <= MOST:
        raise RuleError("deal", msg("King's Court is dealt to {fewest} to {most} players.",
                                    fewest=FEWEST, most=MOST))
    if type(dealer) is not int or not 0 <= dealer < players:
        raise RuleError("deal", msg("The dealer is a seat from 0 to {last}.", last=players - 1))
    kinds = tuple(kinds)
    size = sum(kind.copies for kind in kinds)
    if size < HAND_SIZE * players + 1:
        raise RuleError("deal", msg("{size} cards are too few to deal seven to {players} "
                                    "players.", size=size, players=players))
    if type(first) is str:
        first = {"card": first}
    hand = Hand(
        players=players, dealer=dealer, deck_size=size,
        kinds=frozenset(kind.id for kind in kinds), suits=suits_in(kinds),
        rulings=tuple(sorted(dict(rulings or {}).items())), to_play=dealer, phase="turn",
        direction=1, top=None, top_card=None, suit=None, pending=None, open=None,
        hands=(HAND_SIZE,) * players, draw_pile=size - HAND_SIZE * players - 1, discard=1,
        reshuffles=0, face_up=((),) * players, set_aside=0, dungeon=(-1,) * players,
        dungeon_cards=(0,) * players, dungeon_magicians=(0,) * players, escape=None,
        penalty=(False,) * players, guard=None, warlord=None, played=(), turn=0, out=None,
        ended_by=None, last=None, last_card=None, next_seat=None,
        next_draws=0, effects=(), names=tuple(names),
        partners=partners,
    )
    w = Work(hand)
    if type(first) is not dict:
        raise RuleError("first-card", msg('The first card is a card id or an object with '
                                          '"card".'))
    phys = first.get("card")
    if type(phys) is str and phys in INFO and KIND_BY_ID[phys].group == SHIELD:
        raise RuleError("first-shield", msg("{card} is a Shield card: it goes back into the "
                                            "deck and the next card is turned.",
                                            card=cap(card_name(phys))))
    ctx = Turn(w)
    ctx.deal = True
    try:
        phys, eff, spec = parse_card(w, first, 0, dealer, False, True)
    except RuleError as error:
        raise RuleError(error.rule if error.rule != "play-format" else "first-card",
                        msg("First card: {reason}", reason=error.message)) from None
    w.notes.append(msg("{card} is turned first and counts as the dealer's play.",
                       card=cap(card_name(phys))))
    play_card(w, dealer, ctx, phys, eff, spec, 0, words_of(hand))
    if ctx.need is not None:
        w.open = ctx.to_open()
        w.phase = "first"
        w.notes.append(msg("The dealer may add one card from their hand, or pass.") if
                       ctx.need == "extra" else msg("The dealer must add an escort for the Fair "
                                                    "Maiden, or draw a card to try for one."))
        return w.freeze()
    ctx.deal = False
    finish_turn(w, dealer, ctx, words_of(hand))
    return w.freeze()
