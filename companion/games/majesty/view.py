"""Majesty: For the Realm as the table sees it: the view every phone and the shared screen draw
(Majesty hides nothing, so every seat sees the same), and the history's line for each entry.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.majesty import chips as chipmath
from companion.games.majesty.cards import INFIRMARY_PENALTY, LOCATIONS
from companion.games.majesty.corrections import could_be
from companion.games.majesty.locations import exchange_text
from companion.games.majesty.scoring import ranking, result
from companion.games.majesty.setup import in_force
from companion.games.majesty.state import (
    CHAR_IDS,
    CHAR_INDEX,
    CHAR_NAMES,
    COPIES,
    INFIRMARY,
    KIND_CHARS,
    KIND_IDS,
    KIND_INDEX,
    KIND_NAMES,
    LOC_IDS,
    LOC_NAMES,
    MAJORITY,
    N_KINDS,
    REALM_LOCATIONS,
    SIDES,
    T1,
    LastTurn,
    State,
    deck_size,
    meeples,
    order_from,
)
from companion.words import Msg, msg, plural


def _cost(slot: int) -> Msg:
    return msg("cost {n}", n=slot) if slot else msg("free")


def _clauses(items: list[Msg]) -> Msg:
    """A history line's clauses, one after another: "A; B; C" (each language its own "; ")."""
    said = items[-1]
    for item in reversed(items[:-1]):
        said = msg("{first}; {rest}", first=item, rest=said)
    return said


def _signed(n: int) -> str:
    """A change of points as the history writes it: +3, +0, -3."""
    return f"{n:+d}"


def describe(move: Any, players: Sequence[str], before: State | None = None,
             after: State | None = None) -> Msg:
    """One history line for an accepted move. Given ``after``, the state the move led to, a
    turn's line names the player, the card, the half, the cost and everyone's points
    ("Cleo took the Innkeeper/Noble as Noble (cost 1): +9; turned up the Miller"); from the
    move alone it says what the move itself names."""
    if move.get("type") == "change":
        return msg("{player} swapped chips with the supply for fewer chips",
                   player=players[move["seat"]])
    if move.get("type") == "correct":
        return _describe_correction(move, before)
    if after is not None and after.last is not None:
        return _describe_turn(after.last, players)
    slot = move["slot"]
    card = move.get("card")
    half = move.get("as")
    if card:
        name = KIND_NAMES[KIND_INDEX[card]]
        text = (msg("Took the {card} ({cost}) as {half}", card=name, cost=_cost(slot),
                    half=CHAR_NAMES[CHAR_INDEX[half]]) if half else
                msg("Took the {card} ({cost})", card=name, cost=_cost(slot)))
    else:
        text = (msg("Took the card ({cost}) as {half}", cost=_cost(slot),
                    half=CHAR_NAMES[CHAR_INDEX[half]]) if half else
                msg("Took the card ({cost})", cost=_cost(slot)))
    extras: list[Msg] = []
    if move.get("heal_as"):
        extras.append(msg("the healed card returned as {half}",
                          half=CHAR_NAMES[CHAR_INDEX[move["heal_as"]]]))
    if move.get("exchange"):
        extras.append(exchange_text(move["exchange"]))
    if move.get("new_card"):
        extras.append(msg("turned up the {card}", card=KIND_NAMES[KIND_INDEX[move["new_card"]]]))
    return _clauses([text, *extras])


def _describe_correction(move: dict, before: State | None) -> Msg:
    number = move["turn"]
    what = (msg("card {n} of the setup display", n=move["slot"] + 1) if number == 0 else
            msg("the card turned up at turn {turn}", turn=number))
    card = KIND_NAMES[KIND_INDEX[move["card"]]]
    if before is not None:
        for slot, (turn_of, _, setup_slot) in enumerate(before.turned):
            if turn_of == number and (setup_slot == move.get("slot") if number == 0
                                      else setup_slot < 0):
                return msg("Correction: {what} was the {card}, not the {old}", what=what,
                           card=card, old=KIND_NAMES[before.display[slot]])
    return msg("Correction: {what} was the {card}", what=what, card=card)


def _describe_turn(last: LastTurn, players: Sequence[str]) -> Msg:
    mover = last.seat
    points = [0] * len(players)
    for seat, pts, *_ in last.lines:
        points[seat] += pts
    args = {"player": players[mover], "card": KIND_NAMES[last.kind], "cost": _cost(last.cost),
            "points": _signed(points[mover])}
    if len(KIND_CHARS[last.kind]) == 2:
        text = msg("{player} took the {card} as {half} ({cost}): {points}",
                   half=CHAR_NAMES[last.half], **args)
    else:
        text = msg("{player} took the {card} ({cost}): {points}", **args)
    extras: list[Msg] = []
    if last.gained:
        extras.append(msg("{meeples} from the card", meeples=meeples(last.gained)))
    if last.heal is not None:
        kind, half = last.heal
        extras.append(msg("healed the {card} as {half}", card=KIND_NAMES[kind],
                          half=CHAR_NAMES[half]) if len(KIND_CHARS[kind]) == 2 else
                      msg("healed the {card}", card=KIND_NAMES[kind]))
    for seat, knights, guards, victim, where in last.attacks:
        if guards < knights and victim >= 0:
            extras.append(msg("{player}'s {character} went to the Infirmary",
                              player=players[seat], character=CHAR_NAMES[where]))
    if last.exchange:
        extras.append(exchange_text(last.exchange))
    extras += [msg("{player} {points}", player=players[seat], points=_signed(pts))
               for seat, pts in enumerate(points) if seat != mover and pts]
    if last.new_card is not None:
        extras.append(msg("turned up the {card}", card=KIND_NAMES[last.new_card]))
    return _clauses([text, *extras])


NAMES = {"characters": dict(zip(CHAR_IDS, CHAR_NAMES)), "kinds": dict(zip(KIND_IDS, KIND_NAMES))}


def view(state: State) -> dict[str, Any]:
    """The whole table's view, the same for every seat: Majesty hides nothing."""
    over = state.final is not None
    mover = None if over else state.turn
    n = len(state.players)
    players = []
    for seat, name in enumerate(state.players):
        realm = state.realms[seat]
        advice = None
        if not over:
            swap = chipmath.exchange(state.chips[seat], state.supply_chips)
            if swap.net != chipmath.EMPTY:
                advice = {"give": chipmath.as_dict(swap.give, skip_zero=True),
                          "take": chipmath.as_dict(swap.take, skip_zero=True),
                          "chips_after": chipmath.count(state.chips[seat]) + sum(swap.net)}
        players.append({
            "name": name, "seat": seat, "first": seat == state.first,
            "points": state.points[seat], "meeples": state.meeples[seat],
            "cards": state.realm_size(seat),
            "realm": {LOC_IDS[loc]: [KIND_IDS[k] for k in realm[loc]]
                      for loc in REALM_LOCATIONS},
            "characters": {CHAR_IDS[loc]: len(realm[loc]) for loc in REALM_LOCATIONS},
            "infirmary": [{"card": KIND_IDS[k], "name": KIND_NAMES[k],
                           "as": CHAR_IDS[h] if h >= 0 else None}
                          for k, h in state.infirmaries[seat]],
            "chips": chipmath.as_dict(state.chips[seat]),
            "chip_value": chipmath.value(state.chips[seat]),
            "owed": state.owed[seat],
            "exchange": advice,
        })
    held = 0 if over else state.meeples[state.turn]
    return {
        "game": "majesty",
        "players": players,
        "sides": {LOC_IDS[loc]: state.sides[loc] for loc in range(8)},
        "locations": [
            {"id": loc.id, "number": loc.number, "name": loc.name,
             "character": loc.character, "side": state.sides[i],
             "text": loc.side(state.sides[i]).text,
             "majority": loc.side(state.sides[i]).majority,
             "rule": f"{loc.id}-{state.sides[i].lower()}"}
            for i, loc in enumerate(LOCATIONS)],
        "display": [
            {"slot": slot, "card": KIND_IDS[k], "name": KIND_NAMES[k],
             "characters": [CHAR_IDS[c] for c in KIND_CHARS[k]],
             "meeples": state.display_meeples[slot], "cost": slot,
             "affordable": not over and slot <= held,
             "turned_up": state.turned[slot].turn,
             "setup_slot": state.turned[slot].setup_slot,
             "correctable": not over and state.turned[slot].part >= 0,
             "could_be": [] if over else could_be(state, slot)}
            for slot, k in enumerate(state.display)],
        "deck": _deck_view(state),
        "supply": {"meeples": state.supply_meeples,
                   "chips": chipmath.as_dict(state.supply_chips)},
        "turn": mover,
        "turn_number": None if over else state.taken + 1,
        "round": None if over else state.taken // n + 1,
        "last_turn": _last_view(state),
        "final": _final_view(state),
        "ranking": ranking(state.points) if over else None,
        "rulings": {},
        "in_force": in_force(state),
        # The names printed on the cards, worded for the phone (the scripts show no name of
        # their own): every character and every card kind by its id.
        "names": NAMES,
        "result": result(state),
    }


def _deck_view(state: State) -> dict[str, Any]:
    deck = state.deck
    n = len(state.players)
    parts = []
    if deck.variant == "shuffled":
        kinds = {KIND_IDS[k]: COPIES[k] - deck.seen_top[k] for k in range(N_KINDS)}
        parts.append({"tier": "both", "cards": deck.top, "exact": True, "kinds": kinds,
                      "note": msg("Every card not yet seen is in the deck.")})
    else:
        if deck.top:
            unseen = {KIND_IDS[k]: T1[k] - deck.seen_top[k] for k in range(N_KINDS)}
            pool = sum(unseen.values())
            parts.append({"tier": 1, "cards": deck.top, "exact": False, "kinds": unseen,
                          "note": msg("The {top} tier-1 cards on top are some of these {pool}; "
                                      "the rest went back to the box unseen.", top=deck.top,
                                      pool=pool)})
        if deck.bottom:
            most = deck.bottom_most()
            exact = not deck.unknown_top
            parts.append({
                "tier": 2, "cards": deck.bottom, "exact": exact,
                "kinds": {KIND_IDS[k]: most[k] for k in range(N_KINDS)},
                "note": msg("These are the tier-2 cards left.") if exact else
                        msg("At most these many of each kind: the tiers of the cards already "
                            "on the table are not all known.")})
    characters = {c: 0 for c in CHAR_IDS}
    for part in parts:
        if part["exact"]:
            for kid, count in part["kinds"].items():
                for c in KIND_CHARS[KIND_INDEX[kid]]:
                    characters[CHAR_IDS[c]] += count
    return {"variant": deck.variant, "size": deck_size(n, deck.variant),
            "count": deck.count, "tier1_on_top": 0 if deck.variant == "shuffled" else
            deck.top, "parts": parts, "characters_known": characters,
            "possible_next": [KIND_IDS[k] for k in range(N_KINDS) if deck.holds(k)]}


def _chips_view(transfer: chipmath.Transfer | None) -> dict[str, Any] | None:
    if transfer is None:
        return None
    return {"take": chipmath.as_dict(transfer.take, skip_zero=True),
            "give": chipmath.as_dict(transfer.give, skip_zero=True),
            "value": transfer.value, "owed": transfer.owed}


def _last_view(state: State) -> dict[str, Any] | None:
    last = state.last
    if last is None:
        return None
    names = state.players
    per_player = []
    for seat in order_from(last.seat, len(names)):
        lines = [{"points": pts, "meeples": mps, "why": why, "rule": rule, "count": count}
                 for who, pts, mps, why, rule, count in last.lines if who == seat]
        per_player.append({
            "seat": seat, "name": names[seat],
            "points": sum(line["points"] for line in lines),
            "meeples": sum(line["meeples"] for line in lines),
            "lines": lines,
            "chips": _chips_view(last.chips[seat]),
        })
    attacks = []
    for seat, knights, guards, victim, where in last.attacks:
        hit = guards < knights
        if not hit:
            text = msg("{player} holds with {guards} against {knights}", player=names[seat],
                       guards=plural("{n} Guard", "{n} Guards", guards),
                       knights=plural("{n} Knight", "{n} Knights", knights))
        elif victim < 0:
            text = msg("{player} is beaten but has no character to lose", player=names[seat])
        else:
            text = msg("{player} sends the {card} from the {location} to the Infirmary",
                       player=names[seat], card=KIND_NAMES[victim], location=LOC_NAMES[where])
        attacks.append({"seat": seat, "name": names[seat], "knights": knights,
                        "guards": guards, "succeeded": hit,
                        "victim": None if victim < 0 else {
                            "card": KIND_IDS[victim], "as": CHAR_IDS[where],
                            "from": LOC_IDS[where]},
                        "text": text})
    heal = None
    if last.heal is not None:
        k, c = last.heal
        heal = {"card": KIND_IDS[k], "name": KIND_NAMES[k], "as": CHAR_IDS[c],
                "to": LOC_IDS[c],
                "text": msg("The {card} returns from the Infirmary to the {location}",
                            card=KIND_NAMES[k], location=LOC_NAMES[c])}
    return {
        "seat": last.seat, "player": names[last.seat], "turn_number": last.number,
        "slot": last.slot, "card": KIND_IDS[last.kind], "name": KIND_NAMES[last.kind],
        "as": CHAR_IDS[last.half], "location": LOC_IDS[last.half], "cost": last.cost,
        "meeples_taken": last.gained, "heal": heal, "attacks": attacks,
        "exchange": last.exchange,
        "new_card": None if last.new_card is None else KIND_IDS[last.new_card],
        "players": per_player,
    }


def _final_view(state: State) -> dict[str, Any] | None:
    final = state.final
    if final is None:
        return None
    side = state.sides[INFIRMARY]
    per = INFIRMARY_PENALTY[side]
    rows = []
    for seat, row in enumerate(final.rows):
        cards, inf_points, penalty, used, variety, won, before, after = row
        steps = [{"step": "infirmary", "points": inf_points, "rule": "final-infirmary",
                  "why": msg("{per} per card in the Infirmary ({cards})", per=per,
                             cards=cards)}]
        if side == "B":
            steps.append({"step": "infirmary-most", "points": penalty,
                          "rule": "infirmary-b",
                          "why": msg("most cards in the Infirmary") if penalty else
                                 msg("not the most cards in the Infirmary")})
        steps.append({"step": "variety", "points": variety, "rule": "final-variety",
                      "why": msg("{n} locations with characters, squared", n=used)})
        for loc, count, value in won:
            steps.append({"step": "majority", "location": LOC_IDS[loc], "points": value,
                          "rule": "final-majority",
                          "why": msg("most characters at the {location} ({n})",
                                     location=LOC_NAMES[loc], n=count)})
        rows.append({"seat": seat, "name": state.players[seat], "before": before,
                     "after": after, "total": after - before, "steps": steps,
                     "chips": _chips_view(final.chips[seat])})
    majorities = []
    for loc in REALM_LOCATIONS:
        counts = [len(realm[loc]) for realm in state.realms]
        best = max(counts)
        majorities.append({
            "location": LOC_IDS[loc], "value": MAJORITY[loc][SIDES.index(state.sides[loc])],
            "counts": counts,
            "winners": [p for p, c in enumerate(counts) if best and c == best]})
    return {"players": rows, "majorities": majorities}

