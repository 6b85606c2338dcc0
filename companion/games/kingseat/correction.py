"""Corrections without replay: a fact entered with an action that nothing later depends on,
set right by an entry of its own.

Three actions name a player and change nothing else: whose Loyalty card Hornseeker (and its
dark 1) looked at, and who else revealed their Hand with Gulliballistas' dark 2. No later move's
legality and no count reads that player, so when the table finds it was entered wrong it says
so with a correction instead of undoing every entry since::

    {"type": "correct", "round": 3, "player": 1, "card": "hornseeker", "target": 2}

(``"target": null``: nobody). Every other action's fields change Hands, places, piles, orders
or Loyalties that later moves depend on, so they are set right by undoing back to them.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.engine import MISSING, RuleError
from companion.games.kingseat.reading import beside_king, is_int, only_fields
from companion.games.kingseat.state import KIND_IDS, KIND_INDEX, KIND_NAMES, State
from companion.words import Msg, msg

CORRECT_KEYS = frozenset(("type", "round", "player", "card", "target"))
# The actions whose one field nothing later depends on.
CORRECTABLE = frozenset(("hornseeker", "hornseeker-dark1", "gulliballistas-dark2"))


def choices_for(s: State, actor: int, kind: int) -> tuple[int, ...]:
    """The players the action could name when it was used (besides nobody)."""
    immune = set(s.effects.sit_out)
    pool = beside_king(s) if KIND_IDS[kind] == "hornseeker" else range(len(s.players))
    return tuple(p for p in pool if p != actor and p not in immune)


def what_it_did(kid: str, target: int, players) -> Msg | str:
    """What the action did, as the round's events say it after "<player> used the <card>: "
    ("" for a look at nobody's Loyalty)."""
    if kid == "gulliballistas-dark2":
        return (msg("revealed their Hand and made {player} do the same", player=players[target]) if target >= 0
                else msg("revealed their Hand"))
    return msg("looked at {player}'s Loyalty", player=players[target]) if target >= 0 else ""


def event_line(name: str, kind: int, text: Msg | str) -> Msg:
    """One line of the round's events for an action."""
    if text:
        # TRANSLATORS: {what} is what the card's action did, a clause made by another message.
        return msg("{player} used the {card}: {what}.", player=name, card=KIND_NAMES[kind], what=text)
    return msg("{player} used the {card}.", player=name, card=KIND_NAMES[kind])


def check_correct(s: State, move: dict) -> tuple:
    """("correct", index of the fact in s.facts, the new target), or a RuleError."""
    only_fields(move, CORRECT_KEYS, lambda field: msg("A correction has no field called {field}.", field=field))
    number, player, card = (move.get(key, MISSING) for key in ("round", "player", "card"))
    n = len(s.players)
    if not is_int(number) or number < 1:
        raise RuleError("move-format", msg('A correction needs "round": the round the action was used in, 1 or more.'))
    if not is_int(player) or not 0 <= player < n:
        raise RuleError("move-format", msg('A correction needs "player": who used the action, 0 to {last}.',
                                           last=n - 1))
    if type(card) is not str or card not in KIND_INDEX:
        raise RuleError("move-format", msg('A correction needs "card": the card whose action is corrected, such as '
                                           '"hornseeker".'))
    if card not in CORRECTABLE:
        raise RuleError("correction", msg("Only who was looked at (Hornseeker and its dark 1) and who else revealed "
                                          "their Hand (Gulliballistas dark 2) are corrected on their own: what the "
                                          "{card} did changes what came after, so undo back to it to enter it again.",
                                          card=KIND_NAMES[KIND_INDEX[card]]))
    if number > s.round:
        raise RuleError("correction", msg("There is no round {number} yet: this is round {round}.", number=number,
                                          round=s.round))
    kind = KIND_INDEX[card]
    name = s.players[player]
    found = [i for i, fact in enumerate(s.facts)
             if (fact.round, fact.player, fact.kind) == (number, player, kind)]
    if not found:
        raise RuleError("correction", msg("{player} used no {card} in round {number} that is still in force.",
                                          player=name, card=KIND_NAMES[kind], number=number))
    fact = s.facts[found[0]]
    target = move.get("target", MISSING)
    if target is MISSING:
        raise RuleError("move-format", msg('A correction needs "target": the player it really named, or null for '
                                           "nobody."))
    if target is None:
        target = -1
    elif not is_int(target) or not 0 <= target < n:
        raise RuleError("move-format", msg('"target" must be a player number, 0 to {last}, or null for nobody.',
                                           last=n - 1))
    if target == fact.target:
        said = msg("nobody") if target < 0 else s.players[target]
        raise RuleError("correction", msg("{player}'s {card} in round {number} already names {said}.", player=name,
                                          card=KIND_NAMES[kind], number=number, said=said))
    if target >= 0 and target not in fact.choices:
        if target == player:
            why = msg("{player} cannot name themselves", player=name)
        elif KIND_IDS[kind] == "hornseeker":
            why = msg("{player} did not sit right beside the King then", player=s.players[target])
        else:
            why = msg("{player} sat out that round", player=s.players[target])
        raise RuleError("correction", msg("{player}'s {card} in round {number}: {why}.", player=name,
                                          card=KIND_NAMES[kind], number=number, why=why))
    return ("correct", found[0], target)


def correct(s: State, index: int, target: int) -> State:
    """The fact set right, with the line the round's events said it in (in this position and
    in the one kept for Brownbeards' dark 2)."""
    fact = s.facts[index]
    name = s.players[fact.player]
    kid = KIND_IDS[fact.kind]
    old = event_line(name, fact.kind, what_it_did(kid, fact.target, s.players))
    new = event_line(name, fact.kind, what_it_did(kid, target, s.players))
    fixed = replace(fact, target=target)

    def fix(state: State) -> State:
        return replace(
            state, facts=tuple(fixed if f == fact else f for f in state.facts),
            events=tuple(new if line == old else line for line in state.events),
            last_events=tuple(new if line == old else line for line in state.last_events))

    out = fix(s)
    return out if s.before_vote is None else replace(out, before_vote=fix(s.before_vote))


def corrections_view(s: State) -> list[dict[str, Any]]:
    """The facts the table may still correct, newest first."""
    if s.phase == "over":
        return []
    return [{"round": f.round, "player": f.player, "card": KIND_IDS[f.kind],
             "card_name": KIND_NAMES[f.kind],
             "target": None if f.target < 0 else f.target, "choices": list(f.choices)}
            for f in reversed(s.facts)]


def corrected(s: State, move: Any) -> int | None:
    """The player a correction took back (-1: nobody), from the position it was made in; None
    for any other move."""
    if move.get("type") != "correct":
        return None
    try:
        _, index, _ = check_correct(s, move)
    except RuleError:
        return None
    return s.facts[index].target
