"""King's Court play-by-play: reading a hand: how it ended, what could open the turn, what the
seat to play may do (in words), the whole view for the page, and one history line per event."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.engine import RuleError
from companion.games.kings_court.arbiter.draws import cards_due
from companion.games.kings_court.arbiter.events import run_event
from companion.games.kings_court.arbiter.kinds import (
    DEFENSIVE,
    INFO,
    RISK,
    bare_name,
    cap,
    card_name,
    fits,
    fits_text,
    n_cards,
    suit_word,
    way,
)
from companion.games.kings_court.arbiter.scrolls import answers, facing
from companion.games.kings_court.arbiter.state import Hand, words_of
from companion.games.kings_court.cards import KINDS
from companion.words import Msg, listing, msg


def outcome(hand: Hand) -> dict[str, Any] | None:
    """None while the hand runs; then how it ended (see the contract in the module docstring)."""
    if hand.ended_by is None:
        return None
    dungeons = [{"seat": s, "cards": hand.dungeon_cards[s],
                 "magicians": hand.dungeon_magicians[s]} for s in range(hand.players)
                if hand.dungeon[s] >= 0]
    return {
        "out": hand.out,
        "ended_by": hand.ended_by,
        "last": hand.last if hand.ended_by == "out" else None,
        "last_card": hand.last_card if hand.ended_by == "out" else None,
        "next_draws": hand.next_draws,
        "next": hand.next_seat,
        "dungeon": dungeons[0]["seat"] if dungeons else None,
        "dungeons": dungeons,
        "played": [{"card": card, "by": by, "on": on} for card, by, on in hand.played],
    }


def playable(hand: Hand) -> list[str]:
    """Kind ids of the selection that could open the turn of the seat to play right now (the
    app cannot see the hand: this is what would be legal if they held it)."""
    fresh = hand.pending is not None and hand.pending.dungeons > 0
    if hand.ended_by is not None or (hand.dungeon[hand.to_play] >= 0 and not fresh) or \
            hand.penalty[hand.to_play]:
        return []
    if hand.pending is not None:
        out = [k for k in ("royal-decree", "protector", "magician") if k in hand.kinds]
        if INFO[hand.pending.kind].stem == "drawbridge" and not fresh:
            out += sorted(k for k in hand.kinds if INFO[k].stem == "drawbridge")
        return out
    out = []
    for kind in KINDS:
        k = kind.id
        if k not in hand.kinds or k in RISK or k in DEFENSIVE or k in ("defender", "warlord"):
            continue
        if fits(k, hand.top, hand.suit) is not None:
            out.append(k)
    return out


def _options(hand: Hand) -> list[Msg]:
    if hand.ended_by is not None:
        return [msg("The hand is over: score it on the sheet.")]
    seat = hand.to_play
    words = words_of(hand)
    who = cap(words(seat))
    out: list[Msg] = []
    if hand.escape is not None:
        out.append(msg("{player} may leave the Dungeon now, before {next} plays or draws.",
                       player=cap(words(hand.escape)), next=who))
    if hand.guard is not None and hand.hands[hand.guard] == 1 and not hand.penalty[hand.guard]:
        out.append(msg("{player} is down to one card and must say On Guard; another player may "
                       "call it first.", player=cap(words(hand.guard))))
    if hand.phase == "first":
        asker = card_name(hand.open.asker)
        fits_now = fits_text(hand.top, hand.suit)
        if hand.open.need == "escort":
            out.append(msg("The dealer adds an escort for {card}: {fits}; or draws a card to try "
                           "for one.", card=asker, fits=fits_now))
        else:
            out.append(msg("The dealer may add one card to {card} ({fits}), or pass.",
                           card=asker, fits=fits_now))
        return out
    due = sum((hand.pending.count if hand.pending else 0, 1 if hand.dungeon[seat] >= 0 else 0,
               2 if hand.penalty[seat] else 0))
    if hand.dungeon[seat] >= 0 and not (hand.pending and hand.pending.dungeons):
        out.append(msg("{player} sits in the Dungeon (lost turns so far: {lost}): take {cards} "
                       "and lose the turn.", player=who, lost=hand.dungeon[seat],
                       cards=n_cards(due)))
    elif hand.penalty[seat]:
        out.append(msg("{player} owes the On Guard penalty: take {cards} and lose the turn.",
                       player=who, cards=n_cards(due)))
    elif hand.pending is not None:
        out.append(msg("{player} faces {facing}: {answer}; or take {cards} and lose the turn.",
                       player=who, facing=facing(hand.pending), answer=answers(hand.pending),
                       cards=n_cards(due)))
    elif hand.yes == seat:
        out.append(msg("{player}'s partner said Yes: {same} goes out now (every card in one "
                       "play), or takes two cards and loses the turn.", player=who,
                       same=words(seat)))
    elif hand.phase == "drawn":
        out.append(msg("{player} has drawn: play {fits}, or pass.", player=who,
                       fits=fits_text(hand.top, hand.suit)))
    else:
        out.append(msg("{player} plays {fits}, or draws a card.", player=who,
                       fits=fits_text(hand.top, hand.suit)))
    if hand.phase == "turn" and hand.warlord is None:
        for s in range(hand.players):
            if s != seat and "warlord" in hand.face_up[s]:
                out.append(msg("{player} may play the Warlord and take this turn.",
                               player=cap(words(s))))
    return out


def _may_ask_partner(hand: Hand) -> bool:
    """Whether the seat to play may ask a partner now (a "yes" event would be accepted)."""
    if not hand.partners or hand.ended_by is not None:
        return False
    try:
        run_event(hand, {"type": "yes", "seat": hand.to_play})
    except RuleError:
        return False
    return True


def hand_view(hand: Hand) -> dict[str, Any]:
    """Everything about the hand, JSON-ready, with ``on_guard``, ``to_play`` and ``options``."""
    end = outcome(hand)
    return {
        "players": hand.players,
        "dealer": hand.dealer,
        "to_play": None if hand.ended_by else hand.to_play,
        "due": 0 if hand.ended_by else cards_due(hand, hand.to_play),  # what a take draws now
        "phase": hand.phase,
        "direction": hand.direction,
        "direction_words": way(hand.direction),
        "top": hand.top,
        "top_card": hand.top_card,
        "top_name": bare_name(hand.top) if hand.top else None,
        "suit": hand.suit,
        "pending": None if hand.pending is None else {
            "count": hand.pending.count, "kind": hand.pending.kind, "by": hand.pending.by,
            "suit_before": hand.pending.suit_before, "dungeons": hand.pending.dungeons},
        "open": None if hand.open is None else {"need": hand.open.need,
                                                "card": hand.open.asker},
        "hands": list(hand.hands),
        "draw_pile": hand.draw_pile,
        "discard_pile": hand.discard,
        "reshuffles": hand.reshuffles,
        "face_up": [list(cards) for cards in hand.face_up],
        "set_aside": hand.set_aside,
        "out_of_play": hand.out_of_play,
        "deck_size": hand.deck_size,
        "dungeon": [None if turns < 0 else {"turns_lost": turns,
                                            "cards": hand.dungeon_cards[seat]}
                    for seat, turns in enumerate(hand.dungeon)],
        "escape": hand.escape,
        "on_guard": [hand.guard] if hand.guard is not None and not hand.ended_by and
        hand.hands[hand.guard] == 1 and not hand.penalty[hand.guard] else [],
        "one_card": [seat for seat, n in enumerate(hand.hands) if n == 1],
        "penalty": [seat for seat, due in enumerate(hand.penalty) if due],
        "warlord": None if hand.warlord is None else {"by": hand.warlord, "on": hand.to_play},
        "partners": hand.partners,
        "yes": hand.yes,
        "ask_partner": _may_ask_partner(hand),
        "played": [{"card": card, "by": by, "on": on} for card, by, on in hand.played],
        "turn": hand.turn,
        "over": hand.ended_by is not None,
        "outcome": end,
        "effects": list(hand.effects),
        "options": _options(hand),
        "playable": playable(hand),
    }


_CHOICE_WORDS = {"skip": msg("skip"), "reverse": msg("reverse")}


def describe(move: Mapping[str, Any], players: Sequence[str]) -> Msg:
    """One history line for an accepted event, naming players by ``players``."""
    kind = move.get("type")
    who = players[move["seat"]]
    if kind == "play":
        parts = []
        for card in move.get("cards", ()):
            text: Any = bare_name(card["card"])
            if "as" in card:
                text = msg("{card} as {other}", card=text, other=bare_name(card["as"]))
            if "suit" in card:
                text = msg("{card} ({suit})", card=text, suit=suit_word(card["suit"]))
            if card.get("choice", "same") != "same":
                text = msg("{card}, {choice}", card=text,
                           choice=_CHOICE_WORDS.get(card["choice"], card["choice"]))
            if "target" in card:
                text = msg("{card} on {player}", card=text, player=players[card["target"]])
            parts.append(text)
        return msg("{player} played {cards}", player=who, cards=listing(parts, sep=", "))
    if kind == "draw":
        return msg("{player} drew a card", player=who)
    if kind == "pass":
        return msg("{player} passed", player=who)
    if kind == "take":
        return msg("{player} took the cards due and lost the turn", player=who)
    if kind == "reveal":
        return msg("{player} laid {card} face up", player=who, card=card_name(move["card"]))
    if kind == "risk":
        on = move.get("on")
        if on is not None:
            return msg("{player} played {card} on {other}", player=who,
                       card=card_name(move["card"]), other=players[on])
        return msg("{player} played {card}", player=who, card=card_name(move["card"]))
    if kind == "on-guard":
        return msg("{player} called On Guard on {other}", player=who, other=players[move["on"]])
    if kind == "escape":
        return msg("{player} left the Dungeon", player=who)
    if kind == "yes":
        return msg("{player}'s partner said Yes", player=who)
    return msg("Play-by-play: {kind}", kind=kind)
