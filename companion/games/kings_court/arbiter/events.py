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
    cap,
    card_name,
    is_you,
    n_cards,
    short,
)
from companion.games.kings_court.arbiter.on_guard import ev_on_guard
from companion.games.kings_court.arbiter.partners import bound_by_yes, ev_yes
from companion.games.kings_court.arbiter.risk import ev_reveal, ev_risk
from companion.games.kings_court.arbiter.scrolls import answers, facing
from companion.games.kings_court.arbiter.state import Hand, Turn, Work, advance, give, words_of
from companion.games.kings_court.arbiter.turn import chain, close_windows, finish_turn, my_turn
from companion.words import listing, msg


def ev_play(w: Work, seat: int, move: dict, words) -> None:
    my_turn(w, seat, words)
    cards = move.get("cards")
    if type(cards) is not list or not cards:
        raise RuleError("play-format", msg('A play needs "cards": a list of the cards played, '
                                           'in order.'))
    no_dues(w, seat, "play", words)
    if len(cards) > w.hands[seat]:
        held = n_cards(w.hands[seat])
        raise RuleError("hand-size", msg("You hold {cards}, not {n}.", cards=held, n=len(cards))
                        if is_you(words, seat) else
                        msg("{player} holds {cards}, not {n}.", player=cap(words(seat)),
                            cards=held, n=len(cards)), step=w.hands[seat])
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
        raise RuleError("take", msg("{player} faces {facing}: {answer}, or take the cards.",
                                    player=cap(words(seat)), facing=facing(w.pending),
                                    answer=answers(w.pending)))


def ev_draw(w: Work, seat: int, move: dict, words) -> None:
    _nothing_due(w, seat, "draw", words)
    if w.phase == "drawn":
        raise RuleError("draw-one", msg("{player} has drawn already: play a card or pass.",
                                        player=cap(words(seat))))
    if w.phase == "first" and w.open.need != "escort":
        raise RuleError(INFO[w.open.asker].rule, msg(
            "The dealer may add one card to {card} from their hand, or pass.",
            card=card_name(w.open.asker)))
    close_windows(w)
    got = give(w, seat, 1)
    w.phase = "drawn"
    w.notes.append(msg("{player} draws a card: play it or another card, or pass.",
                       player=cap(words(seat))) if got else
                   msg("{player} finds no card to draw: play a card or pass.",
                       player=cap(words(seat))))


def ev_pass(w: Work, seat: int, move: dict, words) -> None:
    _nothing_due(w, seat, "pass", words)
    if w.phase == "turn":
        raise RuleError("pass", msg("{player} must draw a card before passing.",
                                    player=cap(words(seat))))
    if w.phase == "first" and w.open.need == "escort":
        raise RuleError("first-card", msg("The first card's Fair Maiden needs an escort: the "
                                          "dealer plays one or draws a card to try for one."))
    close_windows(w)
    if w.open is not None:
        ctx = Turn(w, w.open)
        ctx.need = None
        w.notes.append(msg("{player} adds no card.", player=cap(words(seat))))
        finish_turn(w, seat, ctx, words)
        return
    nxt = advance(w, seat, w.direction)
    w.to_play = nxt
    w.phase = "turn"
    w.turn += 1
    w.warlord = None
    w.notes.append(msg("{player} passes. Next to play: {next}.", player=cap(words(seat)),
                       next=words(nxt)))


HANDLERS = {"play": ev_play, "draw": ev_draw, "pass": ev_pass, "take": ev_take,
             "reveal": ev_reveal, "risk": ev_risk, "on-guard": ev_on_guard,
             "escape": ev_escape, "yes": ev_yes}


def run_event(hand: Hand, move: Any, words=None) -> Work:
    """Check and carry out one event; raises RuleError (and changes nothing) when refused."""
    if type(move) is not dict:
        raise RuleError("play-format", msg('An event is an object with "type" and "seat".'))
    kind = move.get("type")
    if kind not in HANDLERS:
        raise RuleError("play-format", msg("An event's \"type\" is one of {types}, not {kind}.",
                                           types=listing(sorted(EVENTS), sep=", "),
                                           kind=short(kind)))
    keys = EVENT_KEYS[kind]
    for key in move:
        if key not in keys:
            raise RuleError("play-format", msg("An {kind} event has no field called {field}.",
                                               kind=kind, field=short(key))
                            if kind in ("escape", "on-guard") else
                            msg("A {kind} event has no field called {field}.", kind=kind,
                                field=short(key)))
    if hand.ended_by is not None:
        raise RuleError("hand-over", msg("This hand is over: nothing more can be played."))
    words = words or words_of(hand)
    w = Work(hand)
    if "seat" not in move:
        raise RuleError("play-format", msg('An event needs "seat": the seat acting.'))
    seat = seat_of(w, move["seat"], '"seat"')
    if kind in ("reveal", "risk") and "card" not in move:
        raise RuleError("play-format", msg('A {kind} event needs "card".', kind=kind))
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
