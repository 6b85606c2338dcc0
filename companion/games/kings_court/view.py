"""What the table sees of a King's Court sheet (every row's breakdown, the hand being followed),
how the game ended, and the history's wording of each move."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.games.kings_court import arbiter
from companion.games.kings_court.cards import KIND_BY_ID, SUIT_WORDS
from companion.games.kings_court.hand import points_of
from companion.games.kings_court.scoring import (
    DRAWS,
    DUNGEON,
    ENDED_FIRE,
    ENDED_POISON,
    ENDERS,
    HandScore,
    breakdown,
    count_cards,
    cut_bonus,
    name_of,
)
from companion.games.kings_court.setup import SELECTION_TITLES
from companion.games.kings_court.state import Row, State
from companion.words import Msg, listing, msg


def view(state: State) -> dict[str, Any]:
    """The whole table's view: the sheet, every row's breakdown, the hand being followed."""
    names = state.players
    t = state.tally
    over = t.end >= 0
    low = min(t.totals)
    lowest = [side for side, total in enumerate(t.totals) if total == low]
    rows = [_row_view(state, index, row) for index, row in enumerate(state.rows)]
    copies = state.copies
    ended = None if state.hand is None else arbiter.outcome(state.hand)
    if over:
        stage = "over"
    elif state.hand is None:
        stage = "between-hands"
    else:
        stage = "score" if ended is not None else "playing"
    return {
        "game": "kings_court",
        "players": [{"seat": seat, "name": name, "side": state.side_of[seat],
                     "dealer": not over and seat == state.dealer}
                    for seat, name in enumerate(names)],
        "partnerships": [list(team) for team in state.sides] if state.partnered else None,
        "sides": [{"side": side, "seats": list(team), "name": state.side_name(side),
                   "carried": state.carried[side], "total": t.totals[side],
                   "lowest": side in lowest, "over": t.totals[side] > state.limit,
                   "to_limit": state.limit - t.totals[side]}
                  for side, team in enumerate(state.sides)],
        "limit": state.limit,
        "selection": state.selection,
        "selection_title": SELECTION_TITLES[state.selection],
        "extra": list(state.extra),
        "cards": [{"id": kid, "name": name_of(kid), "copies": count,
                   "value": KIND_BY_ID[kid].value, "group": KIND_BY_ID[kid].group,
                   "family": KIND_BY_ID[kid].family, "colour": KIND_BY_ID[kid].colour,
                   "suits": list(KIND_BY_ID[kid].suits), "short": short_name(kid)}
                  for kid, count in copies.items()],
        "dealing_bonus": cut_bonus(len(names)),
        "dealer": None if over else state.dealer,
        "hand_number": None if over else state.hands + 1,
        "rows": rows,
        "totals": list(t.totals),
        "lowest": lowest,
        "stage": stage,
        "hand": None if state.hand is None else arbiter.hand_view(state.hand),
        "outcome": ended,
        "cut": state.deal_cut,
        "rulings": state.rulings,
        "result": result_of(state),
    }


def _row_view(state: State, index: int, row: Row) -> dict[str, Any]:
    names = state.players
    t = state.tally
    after = t.after[index]
    counted = after is not None
    halved = dict(t.halved[index])
    events = []
    for side, total in t.halved[index]:
        events.append({"rule": "scroll-bonus",
                       "text": msg("Scroll Bonus: {side} landed exactly on {total} and is "
                                   "halved to {half}.", side=state.side_name(side),
                                   total=total, half=total // 2)})
    if t.end == index:
        events.append({"rule": "scroll-bonus" if t.how == "scroll-bonus" else "game-end",
                       "text": msg("Game over: {reason}", reason=end_reason(state))})
    if not counted:
        events.append({"rule": "correct", "text": msg("Entered after the game had ended (a "
                                                      "correction ended it earlier): not "
                                                      "counted.")})
    before = _before(state, index)
    sides = []
    for side in range(len(state.sides)):
        sides.append({"side": side, "name": state.side_name(side),
                      "points": row.side_points[side],
                      "before": before[side] if before is not None else None,
                      "after": after[side] if counted else None,
                      "halved": side in halved})
    view: dict[str, Any] = {"row": index, "kind": row.kind, "number": row.number,
                            "counted": counted, "sides": sides,
                            "totals": list(after) if counted else None, "events": events}
    if row.kind == "adjust":
        who = names[row.seat] if row.seat >= 0 else state.side_name(row.side)
        view.update({"seat": None if row.seat < 0 else row.seat, "side": row.side,
                     "points": row.amount, "reason": row.reason,
                     "text": msg("Adjustment: {points:+d} to {who}: {reason}",
                                 points=row.amount, who=who, reason=row.reason)})
        return view
    view.update(_score_view(state, row.dealer, row.score))
    view["dealer"] = row.dealer
    view["corrected"] = len(row.versions) - 1
    view["versions"] = []
    if len(row.versions) > 1:
        for version in row.versions:
            points, side_points = points_of(state, row.dealer, version)
            view["versions"].append({"entry": version.to_dict(), "points": list(points),
                                     "side_points": list(side_points)})
    return view


def _score_view(state: State, dealer: int, score: HandScore) -> dict[str, Any]:
    names = state.players
    lines = breakdown(score, names, dealer, state.dealing_bonus)
    players = []
    for seat, seat_lines in enumerate(lines):
        players.append({
            "seat": seat, "name": names[seat], "side": state.side_of[seat],
            "points": sum(line.points for line in seat_lines),
            "out": seat == score.out,
            "typed": score.typed[seat] is not None,
            "cards": list(score.cards[seat] or ()),
            "drawn": list(score.next_draws) if seat == score.next else [],
            "lines": [line._asdict() for line in seat_lines]})
    if score.ended == ENDED_FIRE:
        text = msg("Thrown in by a Castle Fire")
    elif score.ended == ENDED_POISON:
        text = msg("Ended by a Poison Garden")
    elif score.last:
        text = msg("{player} went out with the {card}", player=names[score.out],
                   card=name_of(score.last))
    else:
        text = msg("{player} went out", player=names[score.out])
    return {"out": None if score.out < 0 else score.out, "ended": score.ended,
            "text": text, "entry": score.to_dict(), "players": players,
            "play_by_play": score.play_by_play}


def _before(state: State, index: int) -> tuple | None:
    """The sides' totals before a row (None for a row that is not counted)."""
    t = state.tally
    if t.after[index] is None:
        return None
    return t.after[index - 1] if index else state.carried


def short_name(kind_id: str) -> str:
    """A card's name on a picker button: a Number card's value, a Suit card's name without
    its suit."""
    kind = KIND_BY_ID[kind_id]
    if kind.group == "number":
        return str(kind.value)
    return kind.bare_name


def end_clause(state: State) -> Msg:
    """How the game ended, as a clause (no full stop)."""
    t = state.tally
    names = [state.side_name(side) for side in t.winners]
    low = t.totals[t.winners[0]]
    if t.how == "scroll-bonus":
        return msg("{side} landed exactly on {limit}, was halved to {low} and is the single "
                   "lowest", side=names[0], limit=state.limit, low=low)
    over = listing(state.side_name(side) for side, total in enumerate(t.totals)
                   if total > state.limit)
    if len(names) == 1:
        return msg("{over} went over {limit}; {side} wins with the lowest total, {low}",
                   over=over, limit=state.limit, side=names[0], low=low)
    return msg("{over} went over {limit}; {sides} share the win with {low}", over=over,
               limit=state.limit, sides=listing(names), low=low)


def end_reason(state: State) -> Msg:
    """How the game ended, in a sentence."""
    return msg("{reason}.", reason=end_clause(state))


def result_of(state: State) -> dict[str, Any] | None:
    """Who won and how, once the game has ended."""
    t = state.tally
    if t.end < 0:
        return None
    seats = sorted(seat for side in t.winners for seat in state.sides[side])
    return {"winners": seats, "sides": list(t.winners),
            "names": [state.side_name(side) for side in t.winners],
            "how": t.how, "row": t.end, "reason": end_reason(state),
            "totals": list(t.totals)}


def describe(move: Any, players: Sequence[str], *, before: State | None = None,
             after: State | None = None) -> Msg:
    """One history line for an accepted move, naming players by ``players``."""
    kind = move.get("type")
    if kind in ("hand", "correct"):
        head = msg("Hand {number} corrected", number=move["hand"]) if kind == "correct" \
            else msg("Hand scored")
        row = None
        if after is not None:  # the sheet's points for the hand, Risk cards and cut included
            number = move["hand"] if kind == "correct" else None
            row = next((r for r in reversed(after.rows) if r.kind == "hand"
                        and (number is None or r.number == number)), None)
        # a hand followed card by card leaves out what the engine knows: the sheet has it
        out = move.get("out") if row is None or "out" in move else \
            (row.score.out if row.score.out >= 0 else None)
        last = move.get("last") or (row.score.last if row is not None else None)
        played = [p["card"] for p in move.get("played") or
                  ([{"card": p.card} for p in row.score.played] if row else ())]
        if "castle-fire" in played:
            text = msg("{head}: thrown in by a Castle Fire", head=head)
        elif "poison-garden" in played:
            text = msg("{head}: ended by a Poison Garden", head=head)
        elif out is None:
            text = head
        elif last:
            text = msg("{head}: {player} went out with the {card}", head=head,
                       player=players[out], card=name_of(last))
        else:
            text = msg("{head}: {player} went out", head=head, player=players[out])
        parts: list[Any] = [text]
        others = [name_of(card) for card in played if card not in ENDERS]
        if others:
            parts.append(msg("played: {cards}", cards=listing(others, ", ")))
        if "castle-fire" not in played:
            parts += hands_left(move, players, row.points if row else None)
        cut = move.get("cut") or (row.score.cut if row else None)
        if cut:
            parts.append(cut_words(cut, players[row.dealer] if row else None))
        return joined(parts)
    if kind == "adjust":
        who = (players[move["seat"]] if "seat" in move
               else msg("partnership {number}", number=move["partnership"] + 1))
        return msg("Adjustment: {points:+d} to {who} ({reason})", points=move["points"], who=who,
                   reason=" ".join(move["reason"].split()))
    if kind == "deal":
        first = move.get("first")
        first = first if isinstance(first, dict) else {"card": first}
        card = name_of(first["card"])
        suit = first.get("suit")
        suit = SUIT_WORDS.get(suit, suit) if suit else None
        if before is not None:
            who = before.dealer
            text = (msg("{player} dealt the hand, to be followed card by card: {card} turned up, "
                        "{suit} named", player=players[who], card=card, suit=suit) if suit
                    else msg("{player} dealt the hand, to be followed card by card: {card} "
                             "turned up", player=players[who], card=card))
        else:
            text = (msg("Dealt the hand, to be followed card by card: {card} turned up, {suit} "
                        "named", card=card, suit=suit) if suit
                    else msg("Dealt the hand, to be followed card by card: {card} turned up",
                             card=card))
        if move.get("cut"):
            return joined((text, cut_words(move["cut"], None)))
        return text
    if kind == "abandon":
        return msg("Stopped following the hand card by card")
    return arbiter.describe(move, players)


def joined(parts: Sequence[Any]) -> Msg:
    """The parts of a history line, one after the other: "A; B; C"."""
    line = parts[0]
    for part in parts[1:]:
        line = msg("{line}; {part}", line=line, part=part)
    return line


def cut_words(cut: str, dealer: str | None) -> Msg:
    """The dealing cut, as a history line says it."""
    if dealer is None:
        return msg("dealing cut made") if cut == "made" else msg("dealing cut missed")
    return (msg("{player}'s dealing cut made", player=dealer) if cut == "made"
            else msg("{player}'s dealing cut missed", player=dealer))


def hands_left(move: Mapping[str, Any], players: Sequence[str],
                points: Sequence[int] | None = None) -> list[Msg]:
    """What each player was left holding, for a history line: the hand's points (``points``,
    the sheet's, when known; else what the cards picked count) and the cards, or the count
    typed."""
    cards = move.get("cards") or [None] * len(players)
    typed = move.get("points") or [None] * len(players)
    dungeons = move.get("dungeon") or []
    dungeons = dungeons if isinstance(dungeons, list) else [dungeons]
    magicians = move.get("dungeon_magicians") or []
    last, nxt = move.get("last"), move.get("next")
    if last and nxt is None and move.get("out") is not None:
        nxt = (move["out"] + 1) % len(players)
    out = []
    for seat, name in enumerate(players):
        if seat == move.get("out"):
            continue
        if typed[seat] is not None:
            out.append(msg("{player} {points} (typed)", player=name,
                           points=points[seat] if points else typed[seat]))
        elif cards[seat] is not None:
            drawn = tuple(move.get("next_draws") or ()) if seat == nxt else ()
            if points:
                worth = points[seat]
            else:
                last_here = last == DUNGEON and seat == nxt
                mage = bool(move.get("last_magician"))
                dungeon = dungeons.count(seat) + (last_here and not mage)
                worth = sum(line.points for line in count_cards(
                    cards[seat], drawn, dungeon, name_of(last) if last in DRAWS else "",
                    magicians.count(seat) + (last_here and mage)))
            held = [name_of(card) for card in (*cards[seat], *drawn)]
            out.append(msg("{player} {points} ({cards})", player=name, points=worth,
                           cards=listing(held, ", ") if held else msg("no cards")))
    return out
