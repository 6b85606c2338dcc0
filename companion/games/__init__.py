"""One package a game; importing this registers every game's engine."""
from companion.engine import register
from companion.games.majesty import ENGINE as MAJESTY
from companion.games.royal_visit import ENGINE as ROYAL_VISIT

register(ROYAL_VISIT)
register(MAJESTY)
