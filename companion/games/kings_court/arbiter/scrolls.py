"""King's Court play-by-play: what a played card does to the pile and the turn: the Suit Scroll
cards (Fair Maiden, Drawbridge, Queen's Option, Knight, Court Jester), the Kingdom Scroll cards
(the wild cards, the Dragon's and Wizard's draws, the Dungeon) and a Number card's suit."""
from __future__ import annotations

from companion.games.kings_court.arbiter.kinds import BATTLE, EXTRA, INFO, WILD, suit_word, way
from companion.games.kings_court.arbiter.state import Pending, Turn, Work
from companion.words import Msg, msg


def play_card(w: Work, seat: int, ctx: Turn, phys: str, eff: str, spec: dict, i: int,
               words) -> None:
    """One checked card's effect on the pile and the turn."""
    info = INFO[eff]
    suit_was = w.suit
    if not ctx.deal:
        w.hands[seat] -= 1
    if eff == "dungeon":
        ctx.dungeons += 1
        ctx.magicians += phys == "magician"
        if ctx.deal:
            w.discard -= 1  # it goes in front of the next player, not on the pile
            w.top = w.top_card = None
    else:
        if not ctx.deal:
            w.discard += 1
        w.top, w.top_card = eff, phys
    ctx.last, ctx.last_card = eff, phys
    ctx.count += 1
    ctx.need = None
    if "suit" in spec:
        w.suit = spec["suit"]
        if eff in WILD or (ctx.deal and info.kingdom):
            w.notes.append(msg("Suit named: {suit}.", suit=suit_word(w.suit)))
        elif suit_was != w.suit:
            w.notes.append(msg("Suit in force: {suit}.", suit=suit_word(w.suit)))
    elif not info.kingdom:
        w.suit = info.suits[0]
        if suit_was != w.suit and suit_was is not None:
            w.notes.append(msg("Suit in force: {suit}.", suit=suit_word(w.suit)))
    stem = info.stem
    n = w.players
    if stem == "fair-maiden":
        ctx.need, ctx.asker = "escort", eff
    elif stem == "drawbridge" or eff in ("wizard", "dragon"):
        if ctx.draws == 0:
            ctx.suit_before = suit_was
        ctx.draws += 2 if stem == "drawbridge" else 5 if eff == "wizard" else 3
        ctx.draw_kind = eff
    elif stem == "knight":
        if n == 2:
            ctx.skips += 1
            w.notes.append(msg("With two players the Knight skips instead of reversing."))
        else:
            ctx.direction = -ctx.direction
            w.notes.append(msg("Direction reversed: play now goes {way}.",
                               way=way(ctx.direction)))
    elif stem == "court-jester":
        ctx.skips += 1
    if eff in EXTRA:
        ctx.need, ctx.asker = "extra", eff
    if "choice" in spec:
        choice = spec["choice"]
        if choice == "reverse":
            ctx.direction = -ctx.direction
            w.notes.append(msg("Direction reversed: play now goes {way}.",
                               way=way(ctx.direction)))
        elif choice == "skip":
            ctx.skips += 1
    if eff in BATTLE:
        ctx.battle = (eff, spec)
        ctx.battle_step = i


def answers(pending: Pending) -> Msg:
    if INFO[pending.kind].stem == "drawbridge" and not pending.dungeons:
        return msg("stack a Drawbridge, answer with a Royal Decree or a Protector (or a "
                   "Magician as either)")
    return msg("answer with a Royal Decree or a Protector (or a Magician as either)")


def facing(pending: Pending) -> Msg:
    """What the player to play faces: "a draw of 3", "the Dungeon", "the Dungeon and a draw
    of 5"."""
    if not pending.dungeons:
        return msg("a draw of {n}", n=pending.count)
    if pending.count:
        return msg("the Dungeon and a draw of {n}", n=pending.count)
    return msg("the Dungeon")
