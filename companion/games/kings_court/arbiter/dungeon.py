"""King's Court play-by-play: the Dungeon: its card going face up in front of the next player,
and leaving it."""
from __future__ import annotations

from companion.engine import RuleError
from companion.games.kings_court.arbiter.kinds import cap, card_name, is_you
from companion.games.kings_court.arbiter.state import Turn, Work
from companion.words import msg


def imprison(w: Work, ctx: Turn, target: int, words) -> int:
    """The turn's Dungeon cards go face up in front of ``target``; returns the cards they add to
    what ``target`` draws now."""
    if w.dungeon[target] >= 0:
        added = ctx.dungeons
        w.notes.append(msg("You already sit in the Dungeon: the new Dungeon card lies with the "
                           "first and adds one card to draw.") if is_you(words, target) else
                       msg("{player} already sits in the Dungeon: the new Dungeon card lies "
                           "with the first and adds one card to draw.",
                           player=cap(words(target))))
    else:
        w.dungeon[target] = 0
        added = ctx.dungeons - 1
        w.notes.append(msg("Dungeon: {player} loses the next two turns, drawing one card on "
                           "each.", player=words(target)))
    w.dungeon_cards[target] += ctx.dungeons
    w.dungeon_magicians[target] += ctx.magicians
    return added


def release(w: Work, seat: int) -> None:
    """The Dungeon cards in front of ``seat`` go onto the discard pile, under the top card."""
    w.discard += w.dungeon_cards[seat]
    w.dungeon_cards[seat] = w.dungeon_magicians[seat] = 0
    w.dungeon[seat] = -1


def ev_escape(w: Work, seat: int, move: dict, words) -> None:
    if w.escape != seat:
        if w.dungeon[seat] < 0:
            raise RuleError("dungeon-escape", msg("{player} is not in the Dungeon.",
                                                  player=cap(words(seat))))
        raise RuleError("dungeon-escape", msg(
            "{player} may leave the Dungeon only right after the second Dungeon draw, before "
            "the next player plays or draws.", player=cap(words(seat))))
    release(w, seat)
    w.escape = None
    under = card_name(w.top) if w.top else msg("the named suit")
    w.notes.append(msg("{player} leaves the Dungeon: the Dungeon card goes onto the discard "
                       "pile, and the card to play on stays {card}.", player=cap(words(seat)),
                       card=under))
