"""Royal Visit (Reiner Knizia): the King, his Guards, a Wizard and a Jester on a 17-space board."""
from companion.games.royal_visit.cards import KIND_BY_ID, KINDS, CardKind, physical_cards
from companion.games.royal_visit.game import ENGINE, RoyalVisit
from companion.games.royal_visit.state import State
from companion.games.royal_visit.turn import TurnBuilder

__all__ = [
           "ENGINE",
           "KINDS",
           "KIND_BY_ID",
           "CardKind",
           "RoyalVisit",
           "State",
           "TurnBuilder",
           "physical_cards",
]
