"""The Royal Visit deck as data: 54 cards in 13 kinds.

A kind's ``id`` is stable: printed proxy cards, the scanner and recorded moves all use it.
Effect texts are our own short wording.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.words import Msg, msg, term


@dataclass(frozen=True, slots=True)
class CardKind:
    id: str
    suit: str  # "king", "guard", "wizard" or "jester"
    name: Msg  # as printed on the card (a term: the edition's name in each language)
    text: Msg  # what the card does, in our own words
    copies: int


KINDS: tuple[CardKind, ...] = (
    CardKind("king-1", "king", term("royal visit card", "King 1"),
             msg("Move the King one space. Two King cards together may move the whole Court one space."),
             12),
    CardKind("guard-1", "guard", term("royal visit card", "Guard 1"),
             msg("Move one Guard one space."), 4),
    CardKind("guard-1+1", "guard", term("royal visit card", "Guard 1+1"),
             msg("Move one Guard two spaces, or each Guard one space."), 10),
    CardKind("guard-flank", "guard", term("royal visit card", "Guard flank"),
             msg("Put the two Guards on the spaces right beside the King."), 2),
    CardKind("wizard-1", "wizard", term("royal visit card", "Wizard 1"),
             msg("Move the Wizard one space."), 2),
    CardKind("wizard-2", "wizard", term("royal visit card", "Wizard 2"),
             msg("Move the Wizard two spaces."), 8),
    CardKind("wizard-3", "wizard", term("royal visit card", "Wizard 3"),
             msg("Move the Wizard three spaces."), 2),
    CardKind("jester-1", "jester", term("royal visit card", "Jester 1"),
             msg("Move the Jester one space."), 1),
    CardKind("jester-2", "jester", term("royal visit card", "Jester 2"),
             msg("Move the Jester two spaces."), 3),
    CardKind("jester-3", "jester", term("royal visit card", "Jester 3"),
             msg("Move the Jester three spaces."), 4),
    CardKind("jester-4", "jester", term("royal visit card", "Jester 4"),
             msg("Move the Jester four spaces."), 3),
    CardKind("jester-5", "jester", term("royal visit card", "Jester 5"),
             msg("Move the Jester five spaces."), 1),
    CardKind("jester-middle", "jester", term("royal visit card", "Jester to the middle"),
             msg("Move the Jester onto the Fountain."), 2),
)

KIND_BY_ID: dict[str, CardKind] = {kind.id: kind for kind in KINDS}
KIND_INDEX: dict[str, int] = {kind.id: index for index, kind in enumerate(KINDS)}
DECK_SIZE = sum(kind.copies for kind in KINDS)  # 54
HAND_SIZE = 8


def physical_cards() -> list[tuple[str, int]]:
    """Every card in the box as (kind id, copy number from 1), in catalogue order: 54 entries."""
    return [(kind.id, copy) for kind in KINDS for copy in range(1, kind.copies + 1)]


assert DECK_SIZE == 54, DECK_SIZE
