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


def view(state: State) -> dict[str, Any]:
    """The whole table's view: nothing the app knows is secret."""
    over = state.winner is not None
    mover = None if over else state.turn
    discard: dict[str, int] = {kind.id: n for kind, n in zip(KINDS, state.discard)}
    discard["unknown"] = state.unknown_discard
    return {
        "game": "royal_visit",
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
        "last_turn": _last_view(state),
        "rulings": state.rulings,
        "result": result_of(state),
    }


def describe(move: Any, players: Sequence[str], after: State | None = None) -> str:
    """One history line for an accepted move. Given ``after``, the state the move led to, it
    names the mover, every pawn moved from where to where with its card, where a summon went,
    the Crown's move and a win ("Ann moved the Guard +6 \u2192 +8 (Guard 1+1); the Crown 0
    \u2192 +1"); from the move alone it says what the move itself names."""
    last = after.last if after is not None else None
    if last is not None:
        text = _describe_turn(last, players)
        return text if after.winner is None else f"{text}; {players[after.winner]} won"
    if move["type"] == "pass":
        return "Passed (no card played)"
    if move["type"] == "summon":
        where = f" from {_signed(move['from'])}" if "from" in move else ""
        return f"Used the Wizard's power: the {PAWN_TITLES[move['pawn']]}{where} to the Wizard"
    parts = []
    for card in move["cards"]:
        info = CARDS[card["card"]]
        if card["card"] == "court":
            toward = players[0 if card["dir"] > 0 else 1]
            parts.append(f"the Court (King and both Guards) one space toward {toward}'s "
                         f"Chateau ({info.name}: 2 King cards)")
        elif card["card"] == "guard-flank":
            parts.append(f"both Guards beside the King ({info.name})")
        elif "moves" not in card:  # "to the middle" for the Jester itself
            parts.append(f"the Jester to the Fountain ({info.name})")
        else:
            moves = [(m["pawn"], m["from"], m["to"]) for m in card["moves"]]
            wild = info.suit == "jester" and card["moves"][0]["pawn"] != "jester"
            parts.append(_card_text(info.name, wild, moves))
    return "Moved " + ", then ".join(parts)


def _describe_turn(last: LastTurn, players: Sequence[str]) -> str:
    who = players[last.seat]
    if last.action == "pass":
        text = f"{who} passed (no card played)"
    elif last.action == "summon":
        slot, frm, to = last.summon
        text = (f"{who} used the Wizard's power: the {PAWN_TITLES[PAWN_OF_SLOT[slot]]} "
                f"{_signed(frm)} \u2192 {_signed(to)}")
    else:
        parts = []
        for played in last.cards:
            name = CARDS[played.card].name
            if played.card == "court":
                _, frm, to = played.moves[0]
                toward = players[0 if to > frm else 1]
                parts.append(f"the Court (King and both Guards) one space toward {toward}'s "
                             f"Chateau, King {_signed(frm)} \u2192 {_signed(to)} "
                             f"({name}: 2 King cards)")
            else:
                parts.append(_card_text(name, played.wild,
                                        [(PAWN_OF_SLOT[slot], frm, to)
                                         for slot, frm, to in played.moves]))
        text = f"{who} moved " + ", then ".join(parts)
    if last.crown_to != last.crown_from:
        text += f"; the Crown {_signed(last.crown_from)} \u2192 {_signed(last.crown_to)}"
    return text


def _last_view(state: State) -> dict[str, Any] | None:
    last = state.last
    if last is None:
        return None
    owner = state.players[last.seat]
    cards = []
    for played in last.cards:
        name = CARDS[played.card].name + (" (wild)" if played.wild else "")
        cards.append({"card": played.card, "name": name, "wild": played.wild,
                      "moves": [_move_view(m) for m in played.moves],
                      "text": f"{name}: " + ", ".join(_move_text(m) for m in played.moves)})
    steps = []
    for step in last.crown_steps:
        if step.reason == COURT_CODE:
            reason = f"King and both Guards in {owner}'s Duchy"
        else:
            reason = f"{PAWN_TITLES[PAWN_OF_SLOT[step.reason]]} in {owner}'s Chateau"
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
            **_move_view(last.summon), "text": "Wizard summons " + _move_text(last.summon)},
        "crown": {"from": last.crown_from, "to": last.crown_to, "steps": steps},
        "drawn": last.drawn,
        "reshuffled": last.reshuffled,
        "winner": state.winner if is_last_turn else None,
        "reason": end_reason(state) if is_last_turn else None,
    }


def _move_view(move: PawnMove) -> dict[str, Any]:
    return {"pawn": PAWN_OF_SLOT[move.slot], "from": move.frm, "to": move.to}


def _move_text(move: PawnMove) -> str:
    return f"{PAWN_TITLES[PAWN_OF_SLOT[move.slot]]} {_signed(move.frm)} \u2192 {_signed(move.to)}"


def _signed(space: int) -> str:
    """A space as the board prints it: +3, 0, -3."""
    return f"+{space}" if space > 0 else str(space)


def _card_text(name: str, wild: bool, moves: Sequence[tuple[str, int, int]]) -> str:
    """One card's moves, each (pawn, from, to), in a history line: "the Guards -2 \u2192 -1 and
    +2 \u2192 +3 (Guard 1+1)"."""
    pawns = {pawn for pawn, _, _ in moves}
    title = PAWN_TITLES[moves[0][0]] + ("s" if len(moves) > 1 and len(pawns) == 1 else "")
    steps = " and ".join(f"{_signed(frm)} \u2192 {_signed(to)}" for _, frm, to in moves)
    return f"the {title} {steps} ({name}{', wild' if wild else ''})"
