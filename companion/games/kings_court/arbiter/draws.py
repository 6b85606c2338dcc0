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
    is_you,
    n_cards,
    suit_word,
    way,
)
from companion.games.kings_court.arbiter.scrolls import answers, facing, play_card
from companion.games.kings_court.arbiter.state import Hand, Pending, Turn, Work, advance, give
from companion.games.kings_court.arbiter.turn import (
    close_windows,
    end_out,
    finish_turn,
    my_turn,
    pass_turn,
)
from companion.words import listing, msg


def answer_draw(w: Work, seat: int, cards: list, words) -> None:
    p = w.pending
    many = len(cards) > 1
    phys, eff, spec = parse_card(w, cards[0], 0, seat, many, False)
    stem = INFO[eff].stem
    if INFO[p.kind].stem == "drawbridge" and stem == "drawbridge" and phys != "magician" \
            and not p.dungeons:
        ctx = Turn(w)
        ctx.draws, ctx.draw_kind, ctx.suit_before = p.count, p.kind, w.suit
        ctx.reason = ("stacking", msg("A Drawbridge stacks on the Drawbridge: the draw grows "
                                      "to {n}.", n=p.count + 2))
        ctx.count = 1  # the stack is the whole turn
        w.pending = None
        play_card(w, seat, ctx, phys, eff, spec, 0, words)
        ctx.need = None
        if many:
            raise RuleError("one-card", msg("Stacking a Drawbridge is the whole turn: one card."),
                            step=1)
        w.notes.insert(0, msg("The draws stack: {n} cards.", n=p.count + 2))
        w.reason = ctx.reason
        finish_turn(w, seat, ctx, words)
        return
    if eff not in DEFENSIVE:
        if phys == "magician" and stem == "drawbridge":
            raise RuleError("reading-magician", msg(
                "Only a Drawbridge stacks on a Drawbridge; a Magician answers a draw card only "
                "as a Royal Decree or a Protector."), step=0)
        rule = "dungeon" if p.dungeons else "stacking" if stem == "drawbridge" else "draw-cards"
        due = n_cards(cards_due(w, seat))
        raise RuleError(rule, msg("You face {facing}: {answer}, or take {cards} and lose the "
                                  "turn.", facing=facing(p), answer=answers(p), cards=due)
                        if is_you(words, seat) else
                        msg("{player} faces {facing}: {answer}, or take {cards} and lose the "
                            "turn.", player=cap(words(seat)), facing=facing(p),
                            answer=answers(p), cards=due), step=0)
    if many:
        raise RuleError("one-card", msg("Answering a draw card is the whole turn: one card."),
                        step=1)
    w.hands[seat] -= 1
    w.discard += 1
    w.top, w.top_card = eff, phys
    w.last, w.last_card = eff, phys
    w.warlord = None
    if p.suit_before is not None:
        w.suit = p.suit_before
    magician = phys == "magician"
    what = facing(p)
    count, fresh = p.count, 0
    if eff == "royal-decree":
        w.direction = -w.direction
        if p.dungeons:
            count, fresh = turn_back_dungeon(w, seat, p)
        args = {"facing": what, "player": words(p.by), "way": way(w.direction),
                "suit": suit_word(w.suit)}
        if magician:
            reason = ("royal-decree", msg("A Royal Decree (the Magician) turns {facing} back.",
                                          facing=what))
            w.notes.append(msg("Royal Decree (the Magician): {facing} turns back on {player}; "
                               "play now goes {way}; suit in force: {suit}.", **args))
        else:
            reason = ("royal-decree", msg("A Royal Decree turns {facing} back.", facing=what))
            w.notes.append(msg("Royal Decree: {facing} turns back on {player}; play now goes "
                               "{way}; suit in force: {suit}.", **args))
        nxt = p.by
    else:
        if p.dungeons:
            release(w, seat)  # the Dungeon card goes onto the discard pile, under the Protector
        if magician:
            reason = ("protector", msg("A Protector (the Magician) cancels {facing}.",
                                       facing=what))
            w.notes.append(msg("Protector (the Magician): {facing} is cancelled; suit in force: "
                               "{suit}.", facing=what, suit=suit_word(w.suit)))
        else:
            reason = ("protector", msg("A Protector cancels {facing}.", facing=what))
            w.notes.append(msg("Protector: {facing} is cancelled; suit in force: {suit}.",
                               facing=what, suit=suit_word(w.suit)))
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
            w.notes.append(msg("{player} faces {facing}: they may {answer}, or take {cards} and "
                               "lose the turn.", player=cap(words(p.by)),
                               facing=facing(w.pending), answer=answers(w.pending),
                               cards=n_cards(count + 1)))
        else:
            w.notes.append(msg("{player} must draw {n} and lose the turn, unless they "
                               "{answer}.", player=cap(words(p.by)), n=count,
                               answer=answers(w.pending)))
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


def cards_due(w: Work | Hand, seat: int) -> int:
    """The cards ``seat`` takes if it takes what is due now: a pending draw, the Dungeon's card,
    the On Guard penalty, a partner's "yes"."""
    due = w.pending.count if w.pending is not None else 0
    if w.dungeon[seat] >= 0:
        due += 1
    if w.penalty[seat]:
        due += 2
    if w.yes == seat:
        due += 2
    return due


# What a refusal says is not allowed instead of taking the cards due: "(no draw)".
_NO = {"play": msg("no play"), "draw": msg("no draw"), "pass": msg("no pass"),
       "question to a partner": msg("no question to a partner")}


def no_dues(w: Work, seat: int, what: str, words) -> None:
    """Refuse a play, draw or pass when the seat must take cards instead (a Dungeon just laid
    in front of a free player may still be answered by a play)."""
    fresh = w.pending is not None and w.pending.dungeons > 0
    you = is_you(words, seat)
    if fresh and w.dungeon[seat] >= 0 and what not in ("play", "question to a partner"):
        args = {"facing": facing(w.pending), "answer": answers(w.pending),
                "cards": n_cards(cards_due(w, seat)), "no": _NO[what]}
        raise RuleError("dungeon", msg("You face {facing}: {answer}, or take {cards} and lose "
                                       "this turn ({no}).", **args) if you else
                        msg("{player} faces {facing}: {answer}, or take {cards} and lose this "
                            "turn ({no}).", player=cap(words(seat)), **args))
    if w.dungeon[seat] >= 0 and not fresh:
        args = {"cards": n_cards(cards_due(w, seat)), "no": _NO[what]}
        raise RuleError("dungeon", msg("You sit in the Dungeon: take {cards} and lose this "
                                       "turn ({no}).", **args) if you else
                        msg("{player} sits in the Dungeon: take {cards} and lose this turn "
                            "({no}).", player=cap(words(seat)), **args))
    if w.penalty[seat]:
        due = n_cards(cards_due(w, seat))
        raise RuleError("on-guard-penalty", msg("You owe the On Guard penalty: take {cards} and "
                                                "lose this turn.", cards=due) if you else
                        msg("{player} owes the On Guard penalty: take {cards} and lose this "
                            "turn.", player=cap(words(seat)), cards=due))


def ev_take(w: Work, seat: int, move: dict, words) -> None:
    my_turn(w, seat, words)
    due = cards_due(w, seat)
    if due == 0:
        raise RuleError("take", msg("{player} has nothing to take: play a card, or draw one.",
                                    player=cap(words(seat))))
    close_windows(w)
    parts = []
    if w.pending is not None and w.pending.count:
        parts.append(msg("{n} for {card}", n=w.pending.count, card=card_name(w.pending.kind)))
    in_dungeon = w.dungeon[seat] >= 0
    if in_dungeon:
        parts.append(msg("1 for the Dungeon"))
        w.dungeon[seat] += 1
        if w.dungeon[seat] == 3:  # the missed escape's extra turn: free again
            release(w, seat)
    if w.penalty[seat]:
        parts.append(msg("2 for the On Guard penalty"))
        w.penalty[seat] = False
    if w.yes == seat:
        parts.append(msg("2 after the partner's Yes"))
        w.yes = None
    got = give(w, seat, due)
    w.pending = None
    w.notes.append(msg("{player} takes {n} ({parts}) and loses the turn.",
                       player=cap(words(seat)), n=got, parts=listing(parts, sep=", ")))
    if in_dungeon:
        turns = w.dungeon[seat]
        if turns == -1:
            w.notes.append(msg("{player} leaves the Dungeon after a third lost turn.",
                               player=cap(words(seat))))
        elif turns == 2:
            w.escape = seat
            w.notes.append(msg("{player} may leave the Dungeon now, before the next player "
                               "plays or draws.", player=cap(words(seat))))
    nxt = advance(w, seat, w.direction)
    w.to_play = nxt
    w.phase = "turn"
    w.turn += 1
    w.warlord = None
    w.notes.append(msg("Next to play: {player}.", player=words(nxt)))
