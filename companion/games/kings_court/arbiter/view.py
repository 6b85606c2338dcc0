"""King's Court play-by-play: reading a hand: how it ended, what could open the turn, what the
seat to play may do (in words), the whole view for the page, and one history line per event."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.engine import RuleError
from companion.games.kings_court.arbiter.events import run_event
from companion.games.kings_court.arbiter.kinds import (
    DEFENSIVE,
    INFO,
    RISK,
    cap,
    card_name,
    fits,
    fits_text,
    plural,
    way,
)
from companion.games.kings_court.arbiter.scrolls import answers, facing
from companion.games.kings_court.arbiter.state import Hand, words_of
from companion.games.kings_court.cards import KINDS


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


def _options(hand: Hand) -> list[str]:
    if hand.ended_by is not None:
        return ["The hand is over: score it on the sheet."]
    seat = hand.to_play
    words = words_of(hand)
    who = cap(words(seat))
    out: list[str] = []
    if hand.escape is not None:
        out.append(f"{cap(words(hand.escape))} may leave the Dungeon now, before {who} "
                   f"plays or draws.")
    if hand.guard is not None and hand.hands[hand.guard] == 1 and not hand.penalty[hand.guard]:
        out.append(f"{cap(words(hand.guard))} is down to one card and must say On Guard; "
                   f"another player may call it first.")
    if hand.phase == "first":
        asker = card_name(hand.open.asker)
        if hand.open.need == "escort":
            out.append(f"The dealer adds an escort for {asker}: {fits_text(hand.top, hand.suit)}"
                       f"; or draws a card to try for one.")
        else:
            out.append(f"The dealer may add one card to {asker} ({fits_text(hand.top, hand.suit)}"
                       f"), or pass.")
        return out
    due = sum((hand.pending.count if hand.pending else 0, 1 if hand.dungeon[seat] >= 0 else 0,
               2 if hand.penalty[seat] else 0))
    if hand.dungeon[seat] >= 0 and not (hand.pending and hand.pending.dungeons):
        out.append(f"{who} sits in the Dungeon (lost turns so far: {hand.dungeon[seat]}): take "
                   f"{plural(due, 'card')} and lose the turn.")
    elif hand.penalty[seat]:
        out.append(f"{who} owes the On Guard penalty: take {plural(due, 'card')} and lose the "
                   f"turn.")
    elif hand.pending is not None:
        out.append(f"{who} faces {facing(hand.pending)}: {answers(hand.pending)}; or "
                   f"take {plural(due, 'card')} and lose the turn.")
    elif hand.yes == seat:
        out.append(f"{who}'s partner said Yes: {words(seat)} goes out now (every card in one "
                   f"play), or takes two cards and loses the turn.")
    elif hand.phase == "drawn":
        out.append(f"{who} has drawn: play {fits_text(hand.top, hand.suit)}, or pass.")
    else:
        out.append(f"{who} plays {fits_text(hand.top, hand.suit)}, or draws a card.")
    if hand.phase == "turn" and hand.warlord is None:
        for s in range(hand.players):
            if s != seat and "warlord" in hand.face_up[s]:
                out.append(f"{cap(words(s))} may play the Warlord and take this turn.")
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
        "phase": hand.phase,
        "direction": hand.direction,
        "direction_words": way(hand.direction),
        "top": hand.top,
        "top_card": hand.top_card,
        "top_name": card_name(hand.top)[4:] if hand.top else None,
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


def describe(move: Mapping[str, Any], players: Sequence[str]) -> str:
    """One history line for an accepted event, naming players by ``players``."""
    kind = move.get("type")
    who = players[move["seat"]]
    if kind == "play":
        parts = []
        for card in move.get("cards", ()):
            text = card_name(card["card"])[4:]
            if "as" in card:
                text += f" as {card_name(card['as'])[4:]}"
            if "suit" in card:
                text += f" ({card['suit']})"
            if card.get("choice", "same") != "same":
                text += f", {card['choice']}"
            if "target" in card:
                text += f" on {players[card['target']]}"
            parts.append(text)
        return f"{who} played {', '.join(parts)}"
    if kind == "draw":
        return f"{who} drew a card"
    if kind == "pass":
        return f"{who} passed"
    if kind == "take":
        return f"{who} took the cards due and lost the turn"
    if kind == "reveal":
        return f"{who} laid {card_name(move['card'])} face up"
    if kind == "risk":
        on = move.get("on")
        return f"{who} played {card_name(move['card'])}" + (f" on {players[on]}"
                                                        if on is not None else "")
    if kind == "on-guard":
        return f"{who} called On Guard on {players[move['on']]}"
    if kind == "escape":
        return f"{who} left the Dungeon"
    if kind == "yes":
        return f"{who}'s partner said Yes"
    return f"Play-by-play: {kind}"
