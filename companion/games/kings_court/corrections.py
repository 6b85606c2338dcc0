"""Changing the score sheet after the fact: correcting a past hand, and adjustments the table
agrees outside a hand."""
from __future__ import annotations

from typing import NamedTuple

from companion.engine import RuleError, short
from companion.games.kings_court.hand import HAND_KEYS, hand_row, read_hand, with_rows
from companion.games.kings_court.scoring import HandScore
from companion.games.kings_court.state import Row, State, is_int, read_seat
from companion.words import msg

CORRECT_KEYS = HAND_KEYS | {"hand"}
ADJUST_KEYS = frozenset(("type", "seat", "partnership", "points", "reason"))
ADJUST_MOST = 10_000
REASON_LENGTH = 200


class Correction(NamedTuple):
    """A checked correction: the row of the hand corrected and its new scoring."""

    index: int
    score: HandScore


class Adjustment(NamedTuple):
    """A checked adjustment."""

    seat: int  # the seat named, or -1 when a partnership was named
    side: int  # the side the points go to
    amount: int
    reason: str  # tidied: single spaces


def check_correct(state: State, move: dict) -> Correction:
    """A past hand scored again: every check of a hand, under that hand's dealer."""
    for key in move:
        if key not in CORRECT_KEYS:
            raise RuleError("move-format", msg("A correction has no field called {key}.",
                                               key=short(key)))
    number = move.get("hand")
    hands = [i for i, row in enumerate(state.rows) if row.kind == "hand"]
    if not is_int(number) or not 1 <= number <= len(hands):
        if not hands:
            raise RuleError("correct", msg("No hand has been scored yet, so none can be "
                                           "corrected."))
        raise RuleError("correct", msg('"hand" must be the number of a scored hand, 1 to '
                                       '{last}.', last=len(hands)))
    index = hands[number - 1]
    body = {key: value for key, value in move.items() if key != "hand"}
    score = read_hand(state, body, state.rows[index].dealer, False)
    return Correction(index, score)


def check_adjust(state: State, move: dict) -> Adjustment:
    """Points given or taken outside a hand, with a reason."""
    for key in move:
        if key not in ADJUST_KEYS:
            raise RuleError("move-format", msg("An adjustment has no field called {key}.",
                                               key=short(key)))
    n = len(state.players)
    if ("seat" in move) == ("partnership" in move):
        raise RuleError("adjust", msg('An adjustment names either a "seat" or a '
                                      '"partnership".'))
    if "seat" in move:
        seat = read_seat(n, move["seat"], "seat", "adjust")
        side = state.side_of[seat]
    else:
        if not state.partnered:
            raise RuleError("adjust", msg("This game has no partnerships: name a seat."))
        side = move["partnership"]
        if not is_int(side) or not 0 <= side < len(state.sides):
            raise RuleError("adjust", msg('"partnership" must be a number from 0 to {last}.',
                                          last=len(state.sides) - 1))
        seat = -1
    amount = move.get("points")
    if not is_int(amount) or amount == 0 or abs(amount) > ADJUST_MOST:
        raise RuleError("adjust", msg("An adjustment gives a whole number of points, not 0, "
                                      "at most {most:,} either way.", most=ADJUST_MOST))
    reason = move.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise RuleError("adjust", msg("An adjustment needs a reason, such as a correction "
                                      "agreed at the table."))
    # The reason is stored as sent: bound it as sent, spaces included, then show it tidied.
    if len(reason) > REASON_LENGTH:
        raise RuleError("adjust", msg("The reason is longer than {most} characters.",
                                      most=REASON_LENGTH))
    reason = " ".join(reason.split())
    return Adjustment(seat, side, amount, reason)


def corrected(state: State, correction: Correction) -> State:
    """The sheet with a hand's new scoring in force (the earlier ones kept on its row)."""
    index = correction.index
    old = state.rows[index]
    row = hand_row(state, old.number, old.dealer, old.versions + (correction.score,))
    return with_rows(state, state.rows[:index] + (row,) + state.rows[index + 1:])


def adjusted(state: State, adjustment: Adjustment) -> State:
    """The sheet with an adjustment's row added."""
    number = sum(1 for row in state.rows if row.kind == "adjust") + 1
    side_points = tuple(adjustment.amount if side == adjustment.side else 0
                        for side in range(len(state.sides)))
    row = Row("adjust", number, -1, points=(0,) * len(state.players), side_points=side_points,
              seat=adjustment.seat, side=adjustment.side, amount=adjustment.amount,
              reason=adjustment.reason)
    return with_rows(state, state.rows + (row,))
