"""One package a game; importing this registers every game's engine."""
from companion.engine import register
from companion.games.kings_court import ENGINE as KINGS_COURT
from companion.games.kingseat import ENGINE as KINGSEAT
from companion.games.majesty import ENGINE as MAJESTY
from companion.games.royal_visit import ENGINE as ROYAL_VISIT

register(ROYAL_VISIT)
register(MAJESTY)
register(KINGS_COURT)
register(KINGSEAT)
