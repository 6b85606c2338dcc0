"""What the table sees of a game of Royal Visit, and the history's wording of each move."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.royal_visit.cards import KINDS
from companion.games.royal_visit.end import end_reason, result_of
from companion.games.royal_visit.moves import legal_summons
from companion.games.royal_visit.state import (
    COURT_CODE,
    PAWN_OF_SLOT,
    PAWN_TITLES,
    SIGNS,
    LastTurn,
    PawnMove,
    State,
    jester_power,
)
from companion.games.royal_visit.turn import CARDS
from companion.words import Msg, listing, msg, plural, term, trimmed

# What the page calls the cards and pawns on its buttons, worded in the phone's language (the
# card names as the edition prints them): card ids, "court" for two King cards, pawn ids.
NAMES: dict[str, dict[str, Msg]] = {
    "cards": {**{kind.id: kind.name for kind in KINDS},
              "court": msg("Court (2 King)"),
              "jester-middle": msg("Jester to middle")},  # (short, for a button)
    "pawns": PAWN_TITLES,
    # the letter on a pawn's chip on the board: its name's initial in each language
    "letters": {"king": term("royal visit pawn letter", "K"), "guard": term("royal visit pawn letter", "G"),
                "wizard": term("royal visit pawn letter", "W"), "jester": term("royal visit pawn letter", "J")},
}


CORRECTABLE = 8  # the last turns the page offers to correct (the engine takes any in force)


def _position(state: State) -> dict[str, Any]:
    """A position as the page draws it and enters a turn in it."""
    over = state.winner is not None
    mover = None if over else state.turn
    discard: dict[str, int] = {kind.id: n for kind, n in zip(KINDS, state.discard)}
    discard["unknown"] = state.unknown_discard
    return {
        "players": [
            {"name": name, "seat": seat, "chateau": ("top", "bottom")[seat],
             "sign": SIGNS[seat], "hand_size": state.hands[seat]}
            for seat, name in enumerate(state.players)
        ],
        "pawns": {"king": state.king, "guards": [state.guard_low, state.guard_high],
                  "wizard": state.wizard, "jester": state.jester},
        "crown": {"position": state.crown, "side": state.crown_side},
        "draw_pile": state.draw_pile,
        "reshuffles": state.reshuffles,
        "discard": discard,
        "discard_size": state.discard_size,
        "turn": mover,
        "turn_number": state.turn_number,
        "jester_power": (not over) and jester_power(state.king, state.jester,
                                                    SIGNS[state.turn]),
        "summons": legal_summons(state),
    }


def _brief(state: State) -> dict[str, Any]:
    """A position as a correction's page enters a turn in it (the players' names, the piles'
    cards and the cards' names are the view's)."""
    brief = _position(state)
    del brief["players"], brief["discard"]
    return brief


def view(state: State) -> dict[str, Any]:
    """The whole table's view: nothing the app knows is secret. ``correctable`` lists the last
    turns in force, newest first, each with the position it was played in (a correction enters
    it again there); ``correction`` says what the correction that led here did."""
    return {
        "game": "royal_visit",
        **_position(state),
        "last_turn": _last_view(state),
        "rulings": state.rulings,
        "result": result_of(state),
        "correctable": _correctable(state),
        "correction": _correction_view(state),
        "names": NAMES,
    }


def _correctable(state: State) -> list[dict[str, Any]]:
    """The last turns in force a correction may enter again, newest first."""
    out: list[dict[str, Any]] = []
    if state.winner is not None:
        return out
    node = state
    while node.before is not None and len(out) < CORRECTABLE:
        before = node.before
        out.append({"turn": before.turn_number, "seat": before.turn,
                    "player": state.players[before.turn],
                    "text": _describe_turn(node.last, state.players),
                    "move": node.entered, "position": _brief(before)})
        node = before
    return out


def _correction_view(state: State) -> dict[str, Any] | None:
    """What the correction that led to this position did, and the sentence that says it."""
    fix = state.correction
    if fix is None:
        return None
    players = state.players
    dropped = fix.dropped
    head = plural("Turn {turn} ({player}) corrected, {n} later turn kept",
                  "Turn {turn} ({player}) corrected, {n} later turns kept", fix.kept,
                  turn=fix.turn, player=players[fix.seat]) if fix.kept else \
        msg("Turn {turn} ({player}) corrected", turn=fix.turn, player=players[fix.seat])
    said = [msg("{head}.", head=head)]
    out_dropped = None
    if dropped is not None:
        who = players[dropped.seat]
        said = [msg("{head}; turn {turn} ({player}) is refused now: enter it again.", head=head,
                    turn=dropped.turn, player=who), dropped.message]
        if dropped.count > 1:
            said.append(plural("The turn after it was dropped with it.",
                               "The {n} turns after it were dropped with it.", dropped.count - 1))
        out_dropped = {"turn": dropped.turn, "seat": dropped.seat, "player": who,
                       "move": dropped.move, "rule": dropped.rule, "message": dropped.message,
                       "count": dropped.count}
    return {"turn": fix.turn, "seat": fix.seat, "player": players[fix.seat], "kept": fix.kept,
            "text": _describe_turn(fix.at.last, players), "dropped": out_dropped,
            "said": listing(said, sep=" "), "at": _position(fix.at)}


def describe(move: Any, players: Sequence[str], after: State | None = None) -> Msg:
    """One history line for an accepted move. Given ``after``, the state the move led to, it
    names the mover, every pawn moved from where to where with its card, where a summon went,
    the Crown's move and a win ("Ann moved the Guard +6 \u2192 +8 (Guard 1+1); the Crown 0
    \u2192 +1"); from the move alone it says what the move itself names."""
    if type(move) is dict and move.get("type") == "correct":
        return _describe_correction(move, players, after)
    last = after.last if after is not None else None
    if last is not None:
        text = _describe_turn(last, players)
        return text if after.winner is None else msg("{line}; {player} won", line=text,
                                                     player=players[after.winner])
    if move["type"] == "pass":
        return msg("Passed (no card played)")
    if move["type"] == "summon":
        pawn = PAWN_TITLES[move["pawn"]]
        if "from" in move:
            return msg("Used the Wizard's power: the {pawn} from {space} to the Wizard", pawn=pawn,
                       space=_signed(move["from"]))
        return msg("Used the Wizard's power: the {pawn} to the Wizard", pawn=pawn)
    parts = []
    for card in move["cards"]:
        info = CARDS[card["card"]]
        if card["card"] == "court":
            toward = players[0 if card["dir"] > 0 else 1]
            parts.append(msg("the Court (King and both Guards) one space toward {player}'s Chateau "
                             "({card}: 2 King cards)", player=toward, card=info.name))
        elif card["card"] == "guard-flank":
            parts.append(msg("both Guards beside the King ({card})", card=info.name))
        elif "moves" not in card:  # "to the middle" for the Jester itself
            parts.append(msg("the Jester to the Fountain ({card})", card=info.name))
        else:
            moves = [(m["pawn"], m["from"], m["to"]) for m in card["moves"]]
            wild = info.suit == "jester" and card["moves"][0]["pawn"] != "jester"
            parts.append(_card_text(info.name, wild, moves))
    return msg("Moved {cards}", cards=_then(parts))


def _describe_correction(move: dict, players: Sequence[str], after: State | None) -> Msg:
    """A correction's history line: the turn as corrected, then what was kept and dropped."""
    fix = after.correction if after is not None else None
    if fix is None:
        return msg("Turn {turn} corrected", turn=move["turn"])
    line = msg("Turn {turn} corrected: {line}", turn=fix.turn,
               line=_describe_turn(fix.at.last, players))
    if fix.kept:
        line = plural("{line}; {n} later turn kept", "{line}; {n} later turns kept", fix.kept,
                      line=line)
    dropped = fix.dropped
    if dropped is not None:
        line = plural("{line}; turn {turn} ({player}) dropped: {refusal}",
                      "{line}; turns {turn} to {last} dropped, turn {turn} ({player}) being "
                      "refused: {refusal}", dropped.count, line=line, turn=dropped.turn,
                      last=dropped.turn + dropped.count - 1, player=players[dropped.seat],
                      refusal=trimmed(dropped.message))
    return line


def _then(parts: Sequence[Msg]) -> Msg:
    """The cards of a turn in their order: "A, then B, then C"."""
    said = parts[-1]
    for part in reversed(parts[:-1]):
        said = msg("{card}, then {rest}", card=part, rest=said)
    return said


def _describe_turn(last: LastTurn, players: Sequence[str]) -> Msg:
    who = players[last.seat]
    if last.action == "pass":
        text = msg("{player} passed (no card played)", player=who)
    elif last.action == "summon":
        slot, frm, to = last.summon
        text = msg("{player} used the Wizard's power: the {pawn} {start} \u2192 {end}", player=who,
                   pawn=PAWN_TITLES[PAWN_OF_SLOT[slot]], start=_signed(frm), end=_signed(to))
    else:
        parts = []
        for played in last.cards:
            name = CARDS[played.card].name
            if played.card == "court":
                _, frm, to = played.moves[0]
                toward = players[0 if to > frm else 1]
                parts.append(msg("the Court (King and both Guards) one space toward {player}'s "
                                 "Chateau, King {start} \u2192 {end} ({card}: 2 King cards)",
                                 player=toward, start=_signed(frm), end=_signed(to), card=name))
            else:
                parts.append(_card_text(name, played.wild,
                                        [(PAWN_OF_SLOT[slot], frm, to)
                                         for slot, frm, to in played.moves]))
        text = msg("{player} moved {cards}", player=who, cards=_then(parts))
    if last.crown_to != last.crown_from:
        text = msg("{line}; the Crown {start} \u2192 {end}", line=text, start=_signed(last.crown_from),
                   end=_signed(last.crown_to))
    return text


def _last_view(state: State) -> dict[str, Any] | None:
    last = state.last
    if last is None:
        return None
    owner = state.players[last.seat]
    cards = []
    for played in last.cards:
        name = CARDS[played.card].name
        if played.wild:
            name = msg("{card} (wild)", card=name)
        cards.append({"card": played.card, "name": name, "wild": played.wild,
                      "moves": [_move_view(m) for m in played.moves],
                      "text": msg("{card}: {moves}", card=name,
                                  moves=listing([_move_text(m) for m in played.moves], sep=", "))})
    steps = []
    for step in last.crown_steps:
        if step.reason == COURT_CODE:
            reason = msg("King and both Guards in {player}'s Duchy", player=owner)
        else:
            reason = msg("{pawn} in {player}'s Chateau", pawn=PAWN_TITLES[PAWN_OF_SLOT[step.reason]],
                         player=owner)
        steps.append({"reason": reason, "steps": step.steps})
    is_last_turn = state.winner is not None
    return {
        "seat": last.seat,
        "player": owner,
        "turn_number": last.number,
        "action": last.action,
        "cards": cards,
        "cards_played": sum(CARDS[played.card].cost for played in last.cards),
        "summon": None if last.summon is None else {
            **_move_view(last.summon), "text": msg("Wizard summons {move}", move=_move_text(last.summon))},
        "crown": {"from": last.crown_from, "to": last.crown_to, "steps": steps},
        "drawn": last.drawn,
        "reshuffled": last.reshuffled,
        "winner": state.winner if is_last_turn else None,
        "reason": end_reason(state) if is_last_turn else None,
    }


def _move_view(move: PawnMove) -> dict[str, Any]:
    return {"pawn": PAWN_OF_SLOT[move.slot], "from": move.frm, "to": move.to}


def _move_text(move: PawnMove) -> Msg:
    return msg("{pawn} {start} \u2192 {end}", pawn=PAWN_TITLES[PAWN_OF_SLOT[move.slot]],
               start=_signed(move.frm), end=_signed(move.to))


def _signed(space: int) -> str:
    """A space as the board prints it: +3, 0, -3."""
    return f"+{space}" if space > 0 else str(space)


def _card_text(name: Msg, wild: bool, moves: Sequence[tuple[str, int, int]]) -> Msg:
    """One card's moves, each (pawn, from, to), in a history line: "the Guards -2 \u2192 -1 and
    +2 \u2192 +3 (Guard 1+1)"."""
    steps = listing([f"{_signed(frm)} \u2192 {_signed(to)}" for _, frm, to in moves])
    if len(moves) > 1 and len({pawn for pawn, _, _ in moves}) == 1:  # a Guard 1+1 split
        return msg("the Guards {steps} ({card})", steps=steps, card=name)
    pawn = PAWN_TITLES[moves[0][0]]
    if wild:
        return msg("the {pawn} {steps} ({card}, wild)", pawn=pawn, steps=steps, card=name)
    return msg("the {pawn} {steps} ({card})", pawn=pawn, steps=steps, card=name)
