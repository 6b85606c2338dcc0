"""King's Court play-by-play: one turn's cards: whose turn it is, checking the cards of a play in
order (following suit, one card a turn, the extra card and the escort, the last-card-only
cards), and finishing the turn (going out, the draws due, the Dungeon, who plays next)."""
from __future__ import annotations

from companion.engine import RuleError
from companion.games.kings_court.arbiter.battle import battle
from companion.games.kings_court.arbiter.dungeon import imprison
from companion.games.kings_court.arbiter.entry import card_label, parse_card
from companion.games.kings_court.arbiter.kinds import (
    DEFENSIVE,
    INFO,
    LAST_ONLY,
    RISK,
    bare_name,
    cap,
    card_name,
    fits,
    fits_text,
    is_you,
    n_cards,
    reason_to_play,
    suit_word,
)
from companion.games.kings_court.arbiter.scrolls import answers, play_card
from companion.games.kings_court.arbiter.state import Pending, Turn, Work, advance, give
from companion.words import msg


def my_turn(w: Work, seat: int, words) -> None:
    if seat != w.to_play:
        raise RuleError("turn-order", msg("It is {player}'s turn, not {other}'s.",
                                          player=words(w.to_play), other=words(seat)))


def close_windows(w: Work) -> None:
    """The seat to play starts acting: the On Guard and Dungeon moments are over."""
    w.guard = None
    w.escape = None


def chain(w: Work, seat: int, cards: list, ctx: Turn, words) -> None:
    """Check and carry out the cards of one turn, in order, against the pile as it stands."""
    many = len(cards) > 1
    deal = ctx.deal
    for i, raw in enumerate(cards):
        phys, eff, spec = parse_card(w, raw, i, seat, many, deal)
        info = INFO[eff]
        label = card_label(i, many, phys)
        if phys in RISK:
            raise RuleError("risk-play", label(msg(
                "a Risk card lies face up and is played with a risk move, not on a turn.")),
                step=i)
        if phys == "warlord":
            raise RuleError("warlord", label(msg(
                "the Warlord is played at the start of another player's turn (a risk move), "
                "not on your own.")), step=i)
        if phys == "defender":
            raise RuleError("defender", label(msg(
                "a Defender is not played on its own: it answers a Battle card aimed at you and "
                "is entered with that card (\"answered with a Defender\", or \"defended\").")),
                step=i)
        if eff in DEFENSIVE and not deal:
            what = (msg("a Magician as {card}", card=bare_name(eff)) if phys == "magician"
                    else card_name(eff))
            raise RuleError("defensive-only", label(msg(
                "{card} is played only in answer to a draw card.", card=what)), step=i)
        if ctx.count and ctx.need is None and not deal:
            why = (msg("{card} allows no more cards", card=card_name(ctx.last)) if ctx.last
                   else msg("one card a turn"))
            raise RuleError("one-card", label(msg(
                "{why}: only a King, Queen or Wizard adds one card, and a Fair Maiden an "
                "escort.", why=why)), step=i)
        if not deal:
            fit = fits(eff, w.top, w.suit)
            if fit is None:
                what = (card_name(eff) if phys == eff
                        else msg("a Magician as {card}", card=bare_name(eff)))
                if ctx.need == "escort":
                    raise RuleError("fair-maiden", label(msg(
                        "{card} cannot escort the Fair Maiden: it takes {fits}.", card=what,
                        fits=fits_text(w.top, w.suit))), step=i)
                rule = "queens-option" if info.stem == "queens-option" else "follow-suit"
                sentence = (msg("{card} does not fit on {top} with {suit} in force: play "
                                "{fits}.", card=what, top=card_name(w.top),
                                suit=suit_word(w.suit), fits=fits_text(w.top, w.suit))
                            if w.top is not None else
                            msg("{card} does not fit with {suit} in force: play {fits}.",
                                card=what, suit=suit_word(w.suit),
                                fits=fits_text(w.top, w.suit)))
                raise RuleError(rule, label(sentence), step=i)
            if eff in LAST_ONLY and (i != len(cards) - 1 or w.hands[seat] != 1):
                raise RuleError("last-card-only", label(msg(
                    "{card} may only be played as your last card, to go out.",
                    card=card_name(eff))), step=i)
            if phys == "magician" and ctx.reason is None and ctx.count == 0:
                ctx.reason = ("magician", msg("The Magician becomes {card}, which fits now.",
                                              card=bare_name(eff)))
            if ctx.reason is None:
                ctx.reason = reason_to_play(fit, eff, w.suit)
        play_card(w, seat, ctx, phys, eff, spec, i, words)
    if ctx.need == "escort" and not deal:
        raise RuleError("fair-maiden", msg("The Fair Maiden needs an escort in the same turn: "
                                           "add {fits}.", fits=fits_text(w.top, w.suit)),
                        step=len(cards) - 1)


def finish_turn(w: Work, seat: int, ctx: Turn, words) -> None:
    """The turn is complete: battle, going out, draws, the Dungeon, and who plays next."""
    if ctx.battle is not None:
        battle(w, seat, ctx, words)
    w.direction = ctx.direction
    target = advance(w, seat, ctx.direction, 1 + ctx.skips)
    if target == seat and (ctx.draws or ctx.dungeons):  # skips came round (two players)
        target = advance(w, seat, ctx.direction, 1)
    w.open = None
    w.last, w.last_card = ctx.last, ctx.last_card
    w.warlord = None
    w.yes = None
    for k in range(1, ctx.skips + 1):
        w.notes.append(msg("Skipped: {player}.", player=words(advance(w, seat, ctx.direction,
                                                                          k))))
    out = someone_out(w, seat)
    if out is not None:
        end_out(w, seat, out, target, ctx, words)
        return
    count = ctx.draws
    fresh = ctx.dungeons if w.dungeon[target] < 0 else 0  # a free player may answer them
    if ctx.dungeons:
        count += imprison(w, ctx, target, words)
    if count or fresh:
        w.pending = Pending(count, ctx.draw_kind or "dungeon", seat, ctx.suit_before, fresh)
        if fresh and not count:
            w.notes.append(msg("{player} may {answer} instead.", player=cap(words(target)),
                               answer=answers(w.pending)))
        elif w.dungeon[target] >= 0 and not fresh:
            w.notes.append(
                msg("You sit in the Dungeon and cannot answer: {cards} to take with the "
                    "Dungeon's card.", cards=n_cards(count)) if is_you(words, target) else
                msg("{player} sits in the Dungeon and cannot answer: {cards} to take with the "
                    "Dungeon's card.", player=cap(words(target)), cards=n_cards(count)))
        else:
            w.notes.append(msg("{player} must draw {n} and lose the turn, unless they "
                               "{answer}.", player=cap(words(target)), n=count,
                               answer=answers(w.pending)))
    pass_turn(w, seat, target, words)


def pass_turn(w: Work, seat: int, nxt: int, words) -> None:
    """The turn of ``seat`` is over and ``nxt`` plays next; one card left means On Guard."""
    w.to_play = nxt
    w.phase = "turn"
    w.turn += 1
    if w.hands[seat] == 1:
        w.guard = seat
        w.notes.append(msg("Down to one card: you must say On Guard.") if is_you(words, seat)
                       else msg("Down to one card: {player} must say On Guard.",
                                player=words(seat)))
    w.notes.append(msg("Next to play: {player}.", player=words(nxt)))


def someone_out(w: Work, seat: int) -> int | None:
    if w.hands[seat] == 0:
        return seat
    for k in range(1, w.players):
        other = advance(w, seat, w.direction, k)
        if w.hands[other] == 0:
            return other
    return None


def end_out(w: Work, seat: int, out: int, target: int, ctx: Turn | None, words) -> None:
    w.out = out
    w.ended_by = "out"
    w.phase = "over"
    w.pending = None
    w.guard = w.escape = None
    ended_with = ctx is not None and out == seat
    w.last = ctx.last if ended_with else None
    w.last_card = ctx.last_card if ended_with else None
    w.notes.append(msg("Out: you hold no more cards, and the hand is over.")
                   if is_you(words, out) else
                   msg("Out: {player} holds no more cards, and the hand is over.",
                       player=words(out)))
    if ctx is None or not (ctx.draws or ctx.dungeons):
        return
    count = ctx.draws
    if ctx.dungeons:  # the Dungeon lies in front of the next player and counts in their hand
        count += ctx.dungeons + (0 if w.dungeon[target] >= 0 else 1)
        if w.dungeon[target] < 0:
            w.dungeon[target] = 0
        w.dungeon_cards[target] += ctx.dungeons
        w.dungeon_magicians[target] += ctx.magicians
    if out != seat:
        return
    got = give(w, target, count)
    w.next_seat = target
    w.next_draws = got
    w.notes.append(
        msg("You draw {n} at once for the last card; they count in that hand.", n=got)
        if is_you(words, target) else
        msg("{player} draws {n} at once for the last card; they count in that hand.",
            player=cap(words(target)), n=got))
