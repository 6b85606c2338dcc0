"""Majesty: For the Realm (Marc André): take characters from the display into your eight-location
realm, score every turn, and win final scoring with variety and majorities."""
from companion.games.majesty.cards import (
    CHARACTERS, KIND_BY_ID, KINDS, LOCATIONS, CardKind, Character, Location, physical_cards,
)
from companion.games.majesty.game import ENGINE, Majesty
from companion.games.majesty.state import State

__all__ = ["ENGINE", "Majesty", "State", "KINDS", "KIND_BY_ID", "CardKind", "CHARACTERS",
           "Character", "LOCATIONS", "Location", "physical_cards"]
