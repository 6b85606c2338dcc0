"""Royal Visit's board, pawns and state.

Board spaces run from -8 to +8. Space 0 is the Fountain. Seat 0's Chateau is +7/+8 (drawn at the
top), its Duchy +1..+6; seat 1 mirrors it on the minus side. A seat's *sign* is +1 for seat 0 and
-1 for seat 1, so "toward me" is ``sign * (to - from) > 0``.

The app never sees a hand. It counts hand sizes, the draw pile, the reshuffles, and the discard
pile since the last reshuffle (every played card is seen).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from companion.games.royal_visit.cards import DECK_SIZE, HAND_SIZE, KINDS
from companion.words import term

LOW_END, HIGH_END = -8, 8
CHATEAU = 7  # |space| >= 7 is a Chateau
DUCHY = 6  # 1 <= |space| <= 6 is a Duchy
CROWN_END = 6  # the track runs -6..+6; 7 steps from the middle is inside a Chateau
SIGNS = (1, -1)
OUTSIDE_HANDS = DECK_SIZE - 2 * HAND_SIZE  # 38 cards in the draw pile and the discard pile

# pawn slots in a position list
K, GL, GH, W, J = 0, 1, 2, 3, 4
PAWN_OF_SLOT = ("king", "guard", "guard", "wizard", "jester")
TYPE_OF_SLOT = (0, 1, 1, 2, 3)  # pawn type index: king, guard, wizard, jester
# a pawn's name (keys: the pawn ids moves use), as the edition names it in each language
PAWN_TITLES = {"king": term("royal visit pawn", "King"), "guard": term("royal visit pawn", "Guard"),
               "wizard": term("royal visit pawn", "Wizard"),
               "jester": term("royal visit pawn", "Jester")}
COURT_CODE = 5  # crown-step reason code: the whole Court in the mover's Duchy

N_KINDS = len(KINDS)
COPIES = tuple(kind.copies for kind in KINDS)
NO_DISCARD = (0,) * N_KINDS


class PawnMove(NamedTuple):
    """One pawn moved by a card or a summon; serialised as the list [slot, from, to]."""

    slot: int  # K, GL, GH, W or J
    frm: int
    to: int


class PlayedCard(NamedTuple):
    """One card of a turn as played; serialised as [card id, wild, [[slot, from, to], ...]]."""

    card: str  # a kind id, or "court" for the King's privilege
    wild: bool  # a Jester card moving another pawn with the Jester's power
    moves: tuple[PawnMove, ...]


class CrownStep(NamedTuple):
    """Why the Crown moved at the end of a turn; serialised as [reason, steps]."""

    reason: int  # the slot of a pawn in the mover's Chateau, or COURT_CODE
    steps: int


def jester_power(king: int, jester: int, sign: int) -> bool:
    """Whether the mover of ``sign`` has the Jester's power: the Jester stands on the mover's side
    of the King (nearer the mover's Chateau; the King's own space does not count)."""
    return sign * (jester - king) > 0


@dataclass(frozen=True, slots=True)
class LastTurn:
    """What happened on the last turn, for display. Pawn slots: see K, GL, GH, W, J."""

    seat: int
    number: int
    action: str  # "play", "summon" or "pass"
    cards: tuple[PlayedCard, ...]
    summon: PawnMove | None
    crown_from: int
    crown_to: int
    crown_steps: tuple[CrownStep, ...]
    drawn: int
    reshuffled: int


@dataclass(frozen=True, slots=True)
class State:
    """One position of a game. Immutable; ``apply`` returns a new one."""

    players: tuple[str, str]
    first: int  # the seat who got the Wizard at setup
    direction: str
    wild_middle: str
    duchy: str
    king: int
    guard_low: int
    guard_high: int
    wizard: int
    jester: int
    crown: int
    draw_pile: int
    reshuffles: int
    hands: tuple[int, int]
    discard: tuple[int, ...]  # known copies of each kind in the discard pile, KINDS order
    unknown_discard: int  # discarded cards the app never saw (games started from a position)
    turn: int  # the seat to move (the last mover once the game is over)
    turn_number: int
    winner: int | None = None
    end: str | None = None  # "king", "crown" or "deck"
    last: LastTurn | None = None
    # Per seat, known copies of each kind (KINDS order) that cannot be in that seat's hand
    # besides those in the discard pile: cards shuffled into the draw pile after the seat's
    # last draw. They never overlap the discard pile's counts.
    unseen: tuple[tuple[int, ...], tuple[int, ...]] = (NO_DISCARD, NO_DISCARD)
    # Per seat, whether its hand may hold cards counted in the other seat's ``unseen`` (it drew
    # from the draw pile while they were in it): a card it plays may be one of them.
    may_hold: tuple[bool, bool] = (False, False)
    # The turns in force, as a chain: the position before the last turn and that turn as it was
    # entered (None at the start). A correction (corrections.py) works the game out again from
    # the position before the turn it corrects. Not part of a position's identity: two games at
    # the same position are equal whatever turns led there.
    before: State | None = field(default=None, compare=False, repr=False)
    entered: Any = field(default=None, compare=False, repr=False)
    # What the correction that led to this position did (None: the last entry was a turn).
    correction: Any = None

    @property
    def crown_side(self) -> str:
        return "little" if self.reshuffles else "big"

    @property
    def guards(self) -> tuple[int, int]:
        return (self.guard_low, self.guard_high)

    @property
    def rulings(self) -> dict[str, str]:
        return {"direction": self.direction, "wild-middle": self.wild_middle, "duchy": self.duchy}

    @property
    def discard_size(self) -> int:
        return sum(self.discard) + self.unknown_discard

    def to_dict(self) -> dict[str, Any]:
        """Every field, JSON-ready (the raw state; ``Engine.view`` is the display form)."""
        last = self.last
        return {
            "players": list(self.players), "first": self.first, "rulings": self.rulings,
            "king": self.king, "guards": [self.guard_low, self.guard_high],
            "wizard": self.wizard, "jester": self.jester, "crown": self.crown,
            "crown_side": self.crown_side, "draw_pile": self.draw_pile,
            "reshuffles": self.reshuffles, "hands": list(self.hands),
            "discard": {kind.id: n for kind, n in zip(KINDS, self.discard)},
            "unknown_discard": self.unknown_discard,
            "unseen": [{kind.id: n for kind, n in zip(KINDS, seat) if n} for seat in self.unseen],
            "may_hold": list(self.may_hold), "turn": self.turn,
            "turn_number": self.turn_number, "winner": self.winner, "end": self.end,
            "last": None if last is None else {
                "seat": last.seat, "number": last.number, "action": last.action,
                "cards": [[cid, wild, [list(m) for m in moves]]
                          for cid, wild, moves in last.cards],
                "summon": None if last.summon is None else list(last.summon),
                "crown_from": last.crown_from, "crown_to": last.crown_to,
                "crown_steps": [list(step) for step in last.crown_steps],
                "drawn": last.drawn, "reshuffled": last.reshuffled,
            },
        }
