"""King's Court play-by-play: draw cards and how to answer them: stacking a Drawbridge, the Royal
Decree and the Protector (or a Magician as either), and taking the cards due (a pending draw,
the Dungeon's card, the On Guard penalty)."""
from __future__ import annotations

from companion.engine import RuleError
from companion.games.kings_court.arbiter.dungeon import release
from companion.games.kings_court.arbiter.entry import parse_card
from companion.games.kings_court.arbiter.kinds import (
    DEFENSIVE,
    INFO,
    cap,
    card_name,
    does,
    plural,
    way,
)
from companion.games.kings_court.arbiter.scrolls import answers, facing, play_card
from companion.games.kings_court.arbiter.state import Pending, Turn, Work, advance, give
from companion.games.kings_court.arbiter.turn import (
    close_windows,
    end_out,
    finish_turn,
    my_turn,
    pass_turn,
)


def answer_draw(w: Work, seat: int, cards: list, words) -> None:
    p = w.pending
    many = len(cards) > 1
    phys, eff, spec = parse_card(w, cards[0], 0, seat, many, False)
    stem = INFO[eff].stem
    if INFO[p.kind].stem == "drawbridge" and stem == "drawbridge" and phys != "magician" \
            and not p.dungeons:
        ctx = Turn(w)
        ctx.draws, ctx.draw_kind, ctx.suit_before = p.count, p.kind, w.suit
        ctx.reason = ("stacking", f"A Drawbridge stacks on the Drawbridge: the draw grows to "
                                  f"{p.count + 2}.")
        ctx.count = 1  # the stack is the whole turn
        w.pending = None
        play_card(w, seat, ctx, phys, eff, spec, 0, words)
        ctx.need = None
        if many:
            raise RuleError("one-card", "Stacking a Drawbridge is the whole turn: one card.",
                            step=1)
        w.notes.insert(0, f"The draws stack: {p.count + 2} cards.")
        w.reason = ctx.reason
        finish_turn(w, seat, ctx, words)
        return
    if eff not in DEFENSIVE:
        if phys == "magician" and stem == "drawbridge":
            raise RuleError("reading-magician", "Only a Drawbridge stacks on a Drawbridge; a "
                                                "Magician answers a draw card only as a Royal "
                                                "Decree or a Protector.", step=0)
        rule = "dungeon" if p.dungeons else "stacking" if stem == "drawbridge" else "draw-cards"
        raise RuleError(rule, f"{does(words, seat, 'faces', 'face')} {facing(p)}: "
                              f"{answers(p)}, or take {plural(cards_due(w, seat), 'card')} and "
                              f"lose the turn.", step=0)
    if many:
        raise RuleError("one-card", "Answering a draw card is the whole turn: one card.",
                        step=1)
    w.hands[seat] -= 1
    w.discard += 1
    w.top, w.top_card = eff, phys
    w.last, w.last_card = eff, phys
    w.warlord = None
    if p.suit_before is not None:
        w.suit = p.suit_before
    as_what = " (the Magician)" if phys == "magician" else ""
    what = facing(p)
    count, fresh = p.count, 0
    if eff == "royal-decree":
        w.direction = -w.direction
        if p.dungeons:
            count, fresh = turn_back_dungeon(w, seat, p)
        reason = ("royal-decree", f"A Royal Decree{as_what} turns {what} back.")
        w.notes.append(f"Royal Decree{as_what}: {what} turns back on {words(p.by)}; play now "
                       f"goes {way(w.direction)}; suit in force: {w.suit}.")
        nxt = p.by
    else:
        if p.dungeons:
            release(w, seat)  # the Dungeon card goes onto the discard pile, under the Protector
        reason = ("protector", f"A Protector{as_what} cancels {what}.")
        w.notes.append(f"Protector{as_what}: {what} is cancelled; suit in force: {w.suit}.")
        nxt = advance(w, seat, w.direction)
    w.reason = reason
    w.pending = None
    w.yes = None
    if w.hands[seat] == 0:
        ctx = Turn(w)
        ctx.last, ctx.last_card = eff, phys
        end_out(w, seat, seat, nxt, ctx, words)
        return
    if eff == "royal-decree":
        w.pending = Pending(count, "royal-decree", seat, p.suit_before, fresh)
        if fresh:
            w.notes.append(f"{cap(words(p.by))} faces {facing(w.pending)}: they may "
                           f"{answers(w.pending)}, or take "
                           f"{plural(count + 1, 'card')} and lose the turn.")
        else:
            w.notes.append(f"{cap(words(p.by))} must draw {count} and lose the turn, unless "
                           f"they {answers(w.pending)}.")
    pass_turn(w, seat, nxt, words)


def turn_back_dungeon(w: Work, seat: int, p: Pending) -> tuple[int, int]:
    """A Royal Decree moves the Dungeon cards just laid in front of ``seat`` to the player who
    played them; returns the turned-back draw's count and how many of those cards that player
    may still answer (none if they already sit in the Dungeon: each card then adds one)."""
    cards, magicians = w.dungeon_cards[seat], w.dungeon_magicians[seat]
    w.dungeon_cards[seat] = w.dungeon_magicians[seat] = 0
    w.dungeon[seat] = -1
    to = p.by
    free = w.dungeon[to] < 0
    if free:
        w.dungeon[to] = 0
    w.dungeon_cards[to] += cards
    w.dungeon_magicians[to] += magicians
    return (p.count, cards) if free else (p.count + 1, 0)


def cards_due(w: Work, seat: int) -> int:
    due = w.pending.count if w.pending is not None else 0
    if w.dungeon[seat] >= 0:
        due += 1
    if w.penalty[seat]:
        due += 2
    if w.yes == seat:
        due += 2
    return due


def no_dues(w: Work, seat: int, what: str, words) -> None:
    """Refuse a play, draw or pass when the seat must take cards instead (a Dungeon just laid
    in front of a free player may still be answered by a play)."""
    fresh = w.pending is not None and w.pending.dungeons > 0
    if fresh and w.dungeon[seat] >= 0 and what not in ("play", "question to a partner"):
        raise RuleError("dungeon", f"{does(words, seat, 'faces', 'face')} {facing(w.pending)}: "
                                   f"{answers(w.pending)}, or take "
                                   f"{plural(cards_due(w, seat), 'card')} and lose this turn "
                                   f"(no {what}).")
    if w.dungeon[seat] >= 0 and not fresh:
        sits = does(words, seat, "sits", "sit")
        raise RuleError("dungeon", f"{sits} in the Dungeon: take "
                                   f"{plural(cards_due(w, seat), 'card')} and lose this turn "
                                   f"(no {what}).")
    if w.penalty[seat]:
        owes = does(words, seat, "owes", "owe")
        raise RuleError("on-guard-penalty", f"{owes} the On Guard penalty: take "
                                            f"{plural(cards_due(w, seat), 'card')} and lose this "
                                            f"turn.")


def ev_take(w: Work, seat: int, move: dict, words) -> None:
    my_turn(w, seat, words)
    due = cards_due(w, seat)
    if due == 0:
        raise RuleError("take", f"{cap(words(seat))} has nothing to take: play a card, or draw "
                                f"one.")
    close_windows(w)
    parts = []
    if w.pending is not None and w.pending.count:
        parts.append(f"{w.pending.count} for {card_name(w.pending.kind)}")
    in_dungeon = w.dungeon[seat] >= 0
    if in_dungeon:
        parts.append("1 for the Dungeon")
        w.dungeon[seat] += 1
        if w.dungeon[seat] == 3:  # the missed escape's extra turn: free again
            release(w, seat)
    if w.penalty[seat]:
        parts.append("2 for the On Guard penalty")
        w.penalty[seat] = False
    if w.yes == seat:
        parts.append("2 after the partner's Yes")
        w.yes = None
    got = give(w, seat, due)
    w.pending = None
    w.notes.append(f"{cap(words(seat))} takes {got} ({', '.join(parts)}) and loses the turn.")
    if in_dungeon:
        turns = w.dungeon[seat]
        if turns == -1:
            w.notes.append(f"{cap(words(seat))} leaves the Dungeon after a third lost turn.")
        elif turns == 2:
            w.escape = seat
            w.notes.append(f"{cap(words(seat))} may leave the Dungeon now, before the next "
                           f"player plays or draws.")
    nxt = advance(w, seat, w.direction)
    w.to_play = nxt
    w.phase = "turn"
    w.turn += 1
    w.warlord = None
    w.notes.append(f"Next to play: {words(nxt)}.")
