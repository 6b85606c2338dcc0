"""King's Court play-by-play: one event at the table: playing, drawing and passing on a turn,
and the dispatch of every event (checked on a working copy, so a refusal changes nothing)."""
from __future__ import annotations

from typing import Any

from companion.engine import RuleError
from companion.games.kings_court.arbiter.draws import answer_draw, ev_take, no_dues
from companion.games.kings_court.arbiter.dungeon import ev_escape
from companion.games.kings_court.arbiter.entry import EVENT_KEYS, EVENTS, seat_of
from companion.games.kings_court.arbiter.kinds import (
    INFO,
    a_or_an,
    cap,
    card_name,
    does,
    plural,
    short,
)
from companion.games.kings_court.arbiter.on_guard import ev_on_guard
from companion.games.kings_court.arbiter.partners import bound_by_yes, ev_yes
from companion.games.kings_court.arbiter.risk import ev_reveal, ev_risk
from companion.games.kings_court.arbiter.scrolls import answers, facing
from companion.games.kings_court.arbiter.state import Hand, Turn, Work, advance, give, words_of
from companion.games.kings_court.arbiter.turn import chain, close_windows, finish_turn, my_turn


def ev_play(w: Work, seat: int, move: dict, words) -> None:
    my_turn(w, seat, words)
    cards = move.get("cards")
    if type(cards) is not list or not cards:
        raise RuleError("play-format", 'A play needs "cards": a list of the cards played, in '
                                       'order.')
    no_dues(w, seat, "play", words)
    if len(cards) > w.hands[seat]:
        raise RuleError("hand-size", f"{does(words, seat, 'holds', 'hold')} "
                                     f"{plural(w.hands[seat], 'card')}, not {len(cards)}.",
                        step=w.hands[seat])
    if w.yes == seat and len(cards) < w.hands[seat]:
        raise bound_by_yes(seat, words)
    close_windows(w)
    if w.pending is not None:
        answer_draw(w, seat, cards, words)
        return
    ctx = Turn(w, w.open)
    chain(w, seat, cards, ctx, words)
    if ctx.reason is not None:
        w.reason = ctx.reason
    finish_turn(w, seat, ctx, words)


def _nothing_due(w: Work, seat: int, what: str, words) -> None:
    """A draw or a pass: only on the seat's own turn, with no cards due, no partner's Yes to
    honour and no draw card waiting."""
    my_turn(w, seat, words)
    no_dues(w, seat, what, words)
    if w.yes == seat:
        raise bound_by_yes(seat, words)
    if w.pending is not None:
        raise RuleError("take", f"{cap(words(seat))} faces {facing(w.pending)}: "
                                f"{answers(w.pending)}, or take the cards.")


def ev_draw(w: Work, seat: int, move: dict, words) -> None:
    _nothing_due(w, seat, "draw", words)
    if w.phase == "drawn":
        raise RuleError("draw-one", f"{cap(words(seat))} has drawn already: play a card or "
                                    f"pass.")
    if w.phase == "first" and w.open.need != "escort":
        raise RuleError(INFO[w.open.asker].rule, f"The dealer may add one card to "
                                                 f"{card_name(w.open.asker)} from their hand, or "
                                                 f"pass.")
    close_windows(w)
    got = give(w, seat, 1)
    w.phase = "drawn"
    w.notes.append(f"{cap(words(seat))} draws a card: play it or another card, or pass." if got
                   else f"{cap(words(seat))} finds no card to draw: play a card or pass.")


def ev_pass(w: Work, seat: int, move: dict, words) -> None:
    _nothing_due(w, seat, "pass", words)
    if w.phase == "turn":
        raise RuleError("pass", f"{cap(words(seat))} must draw a card before passing.")
    if w.phase == "first" and w.open.need == "escort":
        raise RuleError("first-card", "The first card's Fair Maiden needs an escort: the dealer "
                                      "plays one or draws a card to try for one.")
    close_windows(w)
    if w.open is not None:
        ctx = Turn(w, w.open)
        ctx.need = None
        w.notes.append(f"{cap(words(seat))} adds no card.")
        finish_turn(w, seat, ctx, words)
        return
    nxt = advance(w, seat, w.direction)
    w.to_play = nxt
    w.phase = "turn"
    w.turn += 1
    w.warlord = None
    w.notes.append(f"{cap(words(seat))} passes. Next to play: {words(nxt)}.")


HANDLERS = {"play": ev_play, "draw": ev_draw, "pass": ev_pass, "take": ev_take,
             "reveal": ev_reveal, "risk": ev_risk, "on-guard": ev_on_guard,
             "escape": ev_escape, "yes": ev_yes}


def run_event(hand: Hand, move: Any, words=None) -> Work:
    """Check and carry out one event; raises RuleError (and changes nothing) when refused."""
    if type(move) is not dict:
        raise RuleError("play-format", 'An event is an object with "type" and "seat".')
    kind = move.get("type")
    if kind not in HANDLERS:
        raise RuleError("play-format", f"An event's \"type\" is one of "
                                       f"{', '.join(sorted(EVENTS))}, not {short(kind)}.")
    keys = EVENT_KEYS[kind]
    for key in move:
        if key not in keys:
            raise RuleError("play-format", f"{cap(a_or_an(kind))} {kind} event has no field "
                                               f"called {short(key)}.")
    if hand.ended_by is not None:
        raise RuleError("hand-over", "This hand is over: nothing more can be played.")
    words = words or words_of(hand)
    w = Work(hand)
    if "seat" not in move:
        raise RuleError("play-format", 'An event needs "seat": the seat acting.')
    seat = seat_of(w, move["seat"], '"seat"')
    if kind in ("reveal", "risk") and "card" not in move:
        raise RuleError("play-format", f'{cap(a_or_an(kind))} {kind} event needs "card".')
    try:
        HANDLERS[kind](w, seat, move, words)
    except RuleError as error:
        if error.message[:1].islower():  # a card's sentence without its "Card n" label
            raise RuleError(error.rule, cap(error.message), step=error.step) from None
        raise
    return w


def validate_event(hand: Hand, move: Any) -> None:
    """Raise RuleError (rule id, one sentence, ``step``: the card's index) when ``move`` is not
    legal in ``hand``; otherwise return None."""
    run_event(hand, move)


def apply_event(hand: Hand, move: Any) -> Hand:
    """The Hand after a legal event (checked again: an illegal one raises RuleError)."""
    return run_event(hand, move).freeze()
