"""Kingseat (Pandaqi): vote for princes round by round, steer who wins each round, and hope
the prince in the Tell at the end is the one on your secret Loyalty card."""
from companion.games.kingseat.cards import (
    KIND_BY_ID,
    KINDS,
    PRINCE_BY_ID,
    PRINCES,
    SETS,
    CardKind,
    Prince,
    deck,
    similar_colours,
)
from companion.games.kingseat.game import ENGINE, Kingseat
from companion.games.kingseat.state import State

__all__ = [
    "ENGINE",
    "KINDS",
    "KIND_BY_ID",
    "PRINCES",
    "PRINCE_BY_ID",
    "SETS",
    "CardKind",
    "Kingseat",
    "Prince",
    "State",
    "deck",
    "similar_colours",
]
