"""Games and their records in a database (SQLAlchemy: SQLite by default, PostgreSQL hosted).

Its parts, each importing only those above it:
- tables.py: the tables (the schema the migrations in companion/migrations make);
- database.py: opening a database, its connections for plain reads and for writes, and the
  reads of every poll compiled once;
- ids.py: what a game id is, and :class:`GameNotFound`;
- kept.py: the records one process keeps in memory, bounded by their entries;
- seats.py and codes.py: which phone holds which seat; the join codes of games in progress;
- games.py: :class:`Store`, the games in one database: created, read, written (a move, an
  import, a secret), deleted.

``Store``, ``GameNotFound`` and ``TableMovedOn`` are what the rest of the companion uses, named
here; the tables and the rest are imported from their modules.
"""
from companion.store.games import Store, TableMovedOn
from companion.store.ids import GameNotFound

__all__ = ["GameNotFound", "Store", "TableMovedOn"]
