"""King's Court / King's Dynasty (John Johnson; KD and the unofficial BONUS deck): the score
sheet with every card and bonus, corrections and adjustments, and play-by-play through the
arbiter."""
from companion.games.kings_court.cards import KIND_BY_ID, KINDS, SELECTIONS, CardKind
from companion.games.kings_court.game import ENGINE, KingsCourt
from companion.games.kings_court.state import Row, State

__all__ = ["ENGINE", "KINDS", "KIND_BY_ID", "SELECTIONS", "CardKind", "KingsCourt", "Row", "State"]
