"""The tables of a companion's database, as the store reads and writes them: a game (its name
and options) and its entries; the players known across games, the seat each held, the marks a
game was given; which phone holds which seat; the join codes of the games in progress.

The schema itself is made by the revisions in companion/migrations/versions
(tests/test_migrations.py checks that they make these tables): a change here comes with a
revision there.
"""
from __future__ import annotations

from sqlalchemy import JSON, Column, DateTime, ForeignKey, Integer, MetaData, String, Table

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("owner", String(64), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

entries = Table(
    "entries",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(16), nullable=False),
    Column("player", Integer, nullable=True),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("payload", JSON, nullable=True),
    # The key the phone made for the request that stored the entry (companion/web/api.py): the
    # same request sent again is answered as the first time. Null for entries made otherwise.
    Column("request_key", String(64), nullable=True),
)

# Players known across games (companion/players.py): a person, every spelling that names them
# (case folded), and which person sat in each seat of each game. Not part of a game's record.
players = Table(
    "players",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(64), nullable=False),
)

player_names = Table(
    "player_names",
    metadata,
    Column("key", String(64), primary_key=True),
    Column("player_id", Integer, ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("player_id", Integer, ForeignKey("players.id"), nullable=False),
)

# What the table says about a game as a whole (companion/players.py): "abandoned", "wrong"
# (played wrong) or "counts" (the mark taken back). Appended only; the latest mark holds.
marks = Table(
    "marks",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("status", String(16), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)


# Which phone (device cookie) says it holds which player. A claim is not a password: it decides
# what a phone is shown (its own secrets), and one seat has one phone at a time.
claims = Table(
    "seat_claims",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("player", Integer, primary_key=True, autoincrement=False),
    Column("device", String(64), nullable=False),
)


# A short code a player types to join a game from another phone: 6 characters from an alphabet
# without look-alikes (no 0/O, 1/I/L), read case-insensitively. The game's link keeps its
# unguessable id; the code is only a shortcut to it, and only while the game is being played:
# freed when the game ends (the engine's result) or is deleted, so that a guessed code can reach
# only a game in progress; a fresh code is made when an undo takes the game's end back.
join_codes = Table(
    "join_codes",
    metadata,
    Column("code", String(8), primary_key=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False,
           unique=True),
)
JOIN_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # 31 letters and digits
JOIN_LENGTH = 6

