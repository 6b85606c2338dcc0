"""Royal Visit's corrections: a turn entered wrong (a Wizard 2 to the wrong space three turns
ago) is entered again as it was played, and the game is worked out again from there.

A correction, as JSON (an entry of its own, not a turn)::

    {"type": "correct", "turn": 12,             # turn 12, one of the turns in force, was
     "move": {"type": "play", "cards": [...]}}  # this turn, entered as any turn (moves.py):
                                                # a play, a summon or a pass

The record only grows: the correction is stored after the turns it changes. The position is
worked out again from the one before turn 12 (under the table rulings in force now) with the
new turn 12, then each later turn as it was entered, kept while the rules still take it there
(the pawns, the Crown, the draw pile, the reshuffles and the cards seen all follow). The first
later turn the rules refuse now is dropped with every turn after it, and the position says which
and why (``Corrected.dropped``: its number, its player, the turn as entered and the refusal
naming the rule), so the table can enter it again. A replacement the rules refuse at turn 12 is
refused as that turn would be (its rule and sentence); one the same as the turn entered changes
nothing (the page does not store it: a card of it is still offered while the turn is entered
again). Undo takes the correction back whole.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from companion.engine import RuleError, short
from companion.games.royal_visit.moves import apply_move
from companion.games.royal_visit.state import State
from companion.words import Msg, msg

CORRECT_KEYS = frozenset(("type", "turn", "move"))
TURN_TYPES = ("play", "summon", "pass")


@dataclass(frozen=True)
class Dropped:
    """The first later turn the rules refuse after a correction (it and every turn after it
    are no longer in force)."""

    turn: int  # its number
    seat: int  # who entered it
    move: Any  # the turn as it was entered
    rule: str  # the refusal's rule and sentence, as the rules refuse it now
    message: Msg
    count: int  # the turns dropped: this one and those after it


@dataclass(frozen=True)
class Corrected:
    """What a correction did: turn ``turn`` of ``seat`` entered again, ``kept`` later turns
    kept, and the first refused (if any) dropped with those after it."""

    turn: int
    seat: int
    old: Any  # the turn as it was entered before
    new: Any  # the turn as corrected
    kept: int
    dropped: Dropped | None
    # the position right after the corrected turn (the later turns not replayed yet)
    at: State = field(compare=False, repr=False)


def turns_in_force(state: State) -> list[State]:
    """The positions after each turn in force, oldest first (each holds the position before it
    and the turn as it was entered)."""
    out = []
    node = state
    while node.before is not None:
        out.append(node)
        node = node.before
    out.reverse()
    return out


def correct(state: State, move: Any) -> State:
    """The position after the correction ``move`` (see the module's docstring); RuleError with
    a sentence naming the rule when the rules refuse it."""
    for key in move:
        if key not in CORRECT_KEYS:
            raise RuleError("move-format", msg("A correction has no field called {field}.",
                                               field=short(key)))
    if state.winner is not None:
        raise RuleError("correction", msg("The game is over: to correct an earlier turn, undo "
                                          "the last turn first, then correct it."))
    played = turns_in_force(state)
    number = move.get("turn")
    if type(number) is not int:
        raise RuleError("move-format", msg('A correction needs the "turn" to correct: the number '
                                           'of a turn played.'))
    if not played:
        raise RuleError("correction", msg("No turn has been played yet, so none can be "
                                          "corrected."))
    first, last = played[0].before.turn_number, played[-1].before.turn_number
    if not first <= number <= last:
        if number < first:
            raise RuleError("correction", msg("Turn {turn} is part of the position the game "
                                              "started from, not an entry to correct.",
                                              turn=number))
        raise RuleError("correction", msg("There is no turn {turn} to correct: the last turn "
                                          "played is turn {last}.", turn=number, last=last))
    new = move.get("move")
    if type(new) is not dict or new.get("type") not in TURN_TYPES:
        raise RuleError("move-format", msg('A correction\'s "move" is the turn as it should have '
                                           'been entered: a play, a summon or a pass.'))
    index = number - first
    node = played[index]
    before = replace(node.before, direction=state.direction, wild_middle=state.wild_middle,
                     duchy=state.duchy)  # the rulings in force now hold for every turn
    position = apply_move(before, new)  # refused as the turn would be, at its place
    at = position
    kept = 0
    dropped = None
    later = played[index + 1:]
    for i, then in enumerate(later):
        try:
            position = apply_move(position, then.entered)
        except RuleError as refusal:
            dropped = Dropped(then.before.turn_number, then.before.turn, then.entered,
                              refusal.rule, refusal.message, len(later) - i)
            break
        kept += 1
    return replace(position, correction=Corrected(number, before.turn, node.entered, new, kept,
                                                  dropped, at))
