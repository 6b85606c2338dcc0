"""The schema of the companion before migrations: games and their entries, players with their
spellings and seats, marks, seat claims and join codes.

A database that companion made (SQLAlchemy's create_all at each start) has these tables already:
only those it lacks are made, as that companion did at each start, and the rest are kept as
they are.

Revision ID: 0001
Revises: (none)
"""
import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

TABLES = ("games", "entries", "players", "player_names", "seats", "marks", "seat_claims",
          "join_codes")


def upgrade() -> None:
    there = set(sa.inspect(op.get_bind()).get_table_names())

    def table(name: str, *columns) -> None:
        if name not in there:
            op.create_table(name, *columns)

    table("games",
          sa.Column("id", sa.String(32), primary_key=True),
          sa.Column("game", sa.String(40), nullable=False),
          sa.Column("options", sa.JSON, nullable=False),
          sa.Column("owner", sa.String(64), nullable=False),
          sa.Column("created_at", sa.DateTime(timezone=True), nullable=False))
    table("entries",
          sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                    primary_key=True),
          sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
          sa.Column("kind", sa.String(16), nullable=False),
          sa.Column("player", sa.Integer, nullable=True),
          sa.Column("at", sa.DateTime(timezone=True), nullable=False),
          sa.Column("payload", sa.JSON, nullable=True))
    table("players",
          sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
          sa.Column("name", sa.String(64), nullable=False))
    table("player_names",
          sa.Column("key", sa.String(64), primary_key=True),
          sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"),
                    nullable=False))
    table("seats",
          sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                    primary_key=True),
          sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
          sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False))
    table("marks",
          sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
          sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                    nullable=False),
          sa.Column("status", sa.String(16), nullable=False),
          sa.Column("at", sa.DateTime(timezone=True), nullable=False))
    table("seat_claims",
          sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                    primary_key=True),
          sa.Column("player", sa.Integer, primary_key=True, autoincrement=False),
          sa.Column("device", sa.String(64), nullable=False))
    table("join_codes",
          sa.Column("code", sa.String(8), primary_key=True),
          sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                    nullable=False, unique=True))


def downgrade() -> None:
    for name in reversed(TABLES):
        op.drop_table(name)
