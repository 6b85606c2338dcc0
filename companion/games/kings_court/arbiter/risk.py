"""King's Court play-by-play: the Risk cards (Dark Knight, Poison Garden, Castle Fire, King's
Goblet) laid face up and played out of turn, and the Warlord taking another player's turn."""
from __future__ import annotations

from typing import Any

from companion.engine import RuleError
from companion.games.kings_court.arbiter.entry import seat_of
from companion.games.kings_court.arbiter.kinds import FACE_UP, cap, card_name, is_you
from companion.games.kings_court.arbiter.state import Work, give
from companion.games.kings_court.arbiter.turn import end_out
from companion.games.kings_court.cards import KIND_BY_ID
from companion.words import msg


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
        raise RuleError("risk-reveal", msg('Only a Risk card or the Warlord is laid face up: '
                                           '"card" is dark-knight, poison-garden, castle-fire, '
                                           'kings-goblet or warlord.'))
    if card not in w.kinds:
        raise RuleError("in-the-deck", msg("{card} is not among this game's cards.",
                                           card=cap(card_name(card))))
    if unique_gone(w, card):
        raise RuleError("risk-reveal", msg("{card} is already face up or played: there is only "
                                           "one.", card=cap(card_name(card))))
    if w.hands[seat] < 1:
        raise RuleError("risk-reveal", msg("{player} holds no cards.", player=cap(words(seat))))
    w.hands[seat] -= 1
    lay(w, seat, card, +1)
    got = give(w, seat, 1)
    w.notes.append(msg("{card} goes face up in front of {player}, who draws a card in its "
                       "place.", card=cap(card_name(card)), player=words(seat)) if got else
                   msg("{card} goes face up in front of {player}, who draws no card (none "
                       "left) in its place.", card=cap(card_name(card)), player=words(seat)))
    if w.hands[seat] == 0:
        end_out(w, seat, seat, seat, None, words)


def ev_risk(w: Work, seat: int, move: dict, words) -> None:
    card = move.get("card")
    if type(card) is not str or card not in FACE_UP:
        raise RuleError("risk-play", msg('A risk move plays dark-knight, poison-garden, '
                                         'castle-fire, kings-goblet or warlord.'))
    on = move.get("on")
    if card == "warlord":
        warlord_turn(w, seat, on, words)
        return
    if card not in w.face_up[seat]:
        raise RuleError("risk-play", msg("{card} is not face up in front of {player}: a Risk "
                                         "card is laid face up first (reveal).",
                                         card=cap(card_name(card)), player=words(seat)))
    if card == "dark-knight":
        if on is None:
            raise RuleError("dark-knight", msg('The Dark Knight needs "on": the player On '
                                               'Guard.'))
        on = seat_of(w, on, '"on"')
        if on == seat:
            raise RuleError("dark-knight", msg("The Dark Knight is played on another player."))
        if w.guard != on or w.hands[on] != 1:
            raise RuleError("dark-knight", msg(
                "The Dark Knight is played on a player who has just come down to one card, "
                "before the next player starts; {player} has not.", player=words(on)))
    elif on is not None:
        raise RuleError("play-format", msg("{card} takes no \"on\" field.",
                                           card=cap(card_name(card))))
    lay(w, seat, card, -1)
    w.set_aside += 1
    w.played = w.played + ((card, seat, on),)
    if card == "dark-knight":
        w.notes.append(msg("{player} plays the Dark Knight on {other}: the sheet settles it "
                           "when the hand ends.", player=cap(words(seat)), other=words(on)))
    elif card in ("poison-garden", "castle-fire"):
        w.ended_by, w.phase, w.out = card, "over", None
        w.pending = None
        w.guard = w.escape = None
        w.notes.append(msg("{player} plays {card}: the hand ends now and every hand is "
                           "counted.", player=cap(words(seat)), card=card_name(card))
                       if card == "poison-garden" else
                       msg("{player} plays {card}: the hand is thrown in and dealt again.",
                           player=cap(words(seat)), card=card_name(card)))
    else:
        for k in range(w.players):
            give(w, (seat + k) % w.players, 5)
        w.notes.append(msg("{player} plays the King's Goblet: every player draws five.",
                           player=cap(words(seat))))


def warlord_turn(w: Work, seat: int, on: Any, words) -> None:
    if "warlord" not in w.kinds:
        raise RuleError("in-the-deck", msg("The Warlord is not among this game's cards."))
    if on is None:
        raise RuleError("warlord", msg('The Warlord needs "on": the player whose turn it '
                                       'takes.'))
    on = seat_of(w, on, '"on"')
    if on == seat:
        raise RuleError("warlord", msg("The Warlord takes another player's turn, not yours."))
    if on != w.to_play or w.phase != "turn" or w.warlord is not None or w.yes is not None:
        raise RuleError("warlord", msg("The Warlord is played at the start of {player}'s turn, "
                                       "before they do anything.", player=words(on)))
    if "warlord" in w.face_up[seat]:
        lay(w, seat, "warlord", -1)
    else:
        if any("warlord" in cards for cards in w.face_up) or unique_gone(w, "warlord"):
            raise RuleError("warlord", msg("The only Warlord is already face up in front of "
                                           "another player or played."))
        if w.hands[seat] < 1:
            raise RuleError("warlord", msg("You hold no cards, so no Warlord to play from the "
                                           "hand.") if is_you(words, seat) else
                            msg("{player} holds no cards, so no Warlord to play from the hand.",
                                player=cap(words(seat))))
        w.hands[seat] -= 1
    w.set_aside += 1
    w.played = w.played + (("warlord", seat, on),)
    if w.hands[seat] == 0:  # its last card: out at once, the Warlord's points still count
        w.notes.append(msg("{player} plays the Warlord as their last card and goes out before "
                           "taking {other}'s turn; the Warlord's points still count.",
                           player=cap(words(seat)), other=words(on)))
        end_out(w, seat, seat, on, None, words)
        return
    w.warlord = seat
    w.notes.append(msg("{player} plays the Warlord: they play {other}'s turn with {other}'s "
                       "hand.", player=cap(words(seat)), other=words(on)))
