"""King's Court play-by-play: the Risk cards (Dark Knight, Poison Garden, Castle Fire, King's
Goblet) laid face up and played out of turn, and the Warlord taking another player's turn."""
from __future__ import annotations

from typing import Any

from companion.engine import RuleError
from companion.games.kings_court.arbiter.entry import seat_of
from companion.games.kings_court.arbiter.kinds import FACE_UP, cap, card_name, does
from companion.games.kings_court.arbiter.state import Work, give
from companion.games.kings_court.arbiter.turn import end_out
from companion.games.kings_court.cards import KIND_BY_ID


def lay(w: Work, seat: int, card: str, way: int) -> None:
    """Lay a card face up in front of a seat (way +1) or take it away (-1)."""
    cards = list(w.face_up[seat])
    if way > 0:
        cards.append(card)
    else:
        cards.remove(card)
    w.face_up = w.face_up[:seat] + (tuple(cards),) + w.face_up[seat + 1:]


def unique_gone(w: Work, card: str) -> bool:
    """Whether the single copy of a Risk card or the Warlord is already face up or played."""
    seen = sum(cards.count(card) for cards in w.face_up)
    seen += sum(1 for played, _, _ in w.played if played == card)
    return seen >= KIND_BY_ID[card].copies


def ev_reveal(w: Work, seat: int, move: dict, words) -> None:
    card = move.get("card")
    if type(card) is not str or card not in FACE_UP:
        raise RuleError("risk-reveal", 'Only a Risk card or the Warlord is laid face up: "card" '
                                       'is dark-knight, poison-garden, castle-fire, kings-goblet '
                                       'or warlord.')
    if card not in w.kinds:
        raise RuleError("in-the-deck", f"{cap(card_name(card))} is not among this game's cards.")
    if unique_gone(w, card):
        raise RuleError("risk-reveal", f"{cap(card_name(card))} is already face up or played: "
                                       f"there is only one.")
    if w.hands[seat] < 1:
        raise RuleError("risk-reveal", f"{cap(words(seat))} holds no cards.")
    w.hands[seat] -= 1
    lay(w, seat, card, +1)
    got = give(w, seat, 1)
    w.notes.append(f"{cap(card_name(card))} goes face up in front of {words(seat)}, who draws "
                   f"{'a card' if got else 'no card (none left)'} in its place.")
    if w.hands[seat] == 0:
        end_out(w, seat, seat, seat, None, words)


def ev_risk(w: Work, seat: int, move: dict, words) -> None:
    card = move.get("card")
    if type(card) is not str or card not in FACE_UP:
        raise RuleError("risk-play", 'A risk move plays dark-knight, poison-garden, castle-fire, '
                                     'kings-goblet or warlord.')
    on = move.get("on")
    if card == "warlord":
        warlord_turn(w, seat, on, words)
        return
    if card not in w.face_up[seat]:
        raise RuleError("risk-play", f"{cap(card_name(card))} is not face up in front of "
                                     f"{words(seat)}: a Risk card is laid face up first "
                                     f"(reveal).")
    if card == "dark-knight":
        if on is None:
            raise RuleError("dark-knight", 'The Dark Knight needs "on": the player On Guard.')
        on = seat_of(w, on, '"on"')
        if on == seat:
            raise RuleError("dark-knight", "The Dark Knight is played on another player.")
        if w.guard != on or w.hands[on] != 1:
            raise RuleError("dark-knight", f"The Dark Knight is played on a player who has just "
                                           f"come down to one card, before the next player "
                                           f"starts; {words(on)} has not.")
    elif on is not None:
        raise RuleError("play-format", f"{cap(card_name(card))} takes no \"on\" field.")
    lay(w, seat, card, -1)
    w.set_aside += 1
    w.played = w.played + ((card, seat, on),)
    if card == "dark-knight":
        w.notes.append(f"{cap(words(seat))} plays the Dark Knight on {words(on)}: the sheet "
                       f"settles it when the hand ends.")
    elif card in ("poison-garden", "castle-fire"):
        w.ended_by, w.phase, w.out = card, "over", None
        w.pending = None
        w.guard = w.escape = None
        then = ("the hand ends now and every hand is counted" if card == "poison-garden" else
                "the hand is thrown in and dealt again")
        w.notes.append(f"{cap(words(seat))} plays {card_name(card)}: {then}.")
    else:
        for k in range(w.players):
            give(w, (seat + k) % w.players, 5)
        w.notes.append(f"{cap(words(seat))} plays the King's Goblet: every player draws five.")


def warlord_turn(w: Work, seat: int, on: Any, words) -> None:
    if "warlord" not in w.kinds:
        raise RuleError("in-the-deck", "The Warlord is not among this game's cards.")
    if on is None:
        raise RuleError("warlord", 'The Warlord needs "on": the player whose turn it takes.')
    on = seat_of(w, on, '"on"')
    if on == seat:
        raise RuleError("warlord", "The Warlord takes another player's turn, not yours.")
    if on != w.to_play or w.phase != "turn" or w.warlord is not None or w.yes is not None:
        raise RuleError("warlord", f"The Warlord is played at the start of {words(on)}'s turn, "
                                   f"before they do anything.")
    if "warlord" in w.face_up[seat]:
        lay(w, seat, "warlord", -1)
    else:
        if any("warlord" in cards for cards in w.face_up) or unique_gone(w, "warlord"):
            raise RuleError("warlord", "The only Warlord is already face up in front of another "
                                       "player or played.")
        if w.hands[seat] < 1:
            raise RuleError("warlord", f"{does(words, seat, 'holds', 'hold')} no cards, so no "
                                       f"Warlord to play from the hand.")
        w.hands[seat] -= 1
    w.set_aside += 1
    w.played = w.played + (("warlord", seat, on),)
    if w.hands[seat] == 0:  # its last card: out at once, the Warlord's points still count
        w.notes.append(f"{cap(words(seat))} plays the Warlord as their last card and goes out "
                       f"before taking {words(on)}'s turn; the Warlord's points still count.")
        end_out(w, seat, seat, on, None, words)
        return
    w.warlord = seat
    w.notes.append(f"{cap(words(seat))} plays the Warlord: they play {words(on)}'s turn with "
                   f"{words(on)}'s hand.")
