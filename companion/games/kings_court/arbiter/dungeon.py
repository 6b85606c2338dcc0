"""King's Court play-by-play: the Dungeon: its card going face up in front of the next player,
and leaving it."""
from __future__ import annotations

from companion.engine import RuleError
from companion.games.kings_court.arbiter.kinds import cap, card_name, does
from companion.games.kings_court.arbiter.state import Turn, Work


def imprison(w: Work, ctx: Turn, target: int, words) -> int:
    """The turn's Dungeon cards go face up in front of ``target``; returns the cards they add to
    what ``target`` draws now."""
    if w.dungeon[target] >= 0:
        added = ctx.dungeons
        sits = does(words, target, "already sits", "already sit")
        w.notes.append(f"{sits} in the Dungeon: the new Dungeon card lies with the first "
                       f"and adds one card to draw.")
    else:
        w.dungeon[target] = 0
        added = ctx.dungeons - 1
        w.notes.append(f"Dungeon: {words(target)} loses the next two turns, drawing one "
                       f"card on each.")
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
            raise RuleError("dungeon-escape", f"{cap(words(seat))} is not in the Dungeon.")
        raise RuleError("dungeon-escape", f"{cap(words(seat))} may leave the Dungeon only "
                                          f"right after the second Dungeon draw, before the "
                                          f"next player plays or draws.")
    release(w, seat)
    w.escape = None
    under = card_name(w.top) if w.top else "the named suit"
    w.notes.append(f"{cap(words(seat))} leaves the Dungeon: the Dungeon card goes onto the "
                   f"discard pile, and the card to play on stays {under}.")
