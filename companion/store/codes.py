"""The join codes of the games in progress: a short code a player types to join a game from
another phone (see companion/store/tables.py's join_codes)."""
from __future__ import annotations

import secrets

from sqlalchemy import delete, exc, insert, select

from companion.record import Record
from companion.store.database import Database
from companion.store.tables import JOIN_ALPHABET, JOIN_LENGTH, join_codes


class JoinCodes(Database):
    """The join codes of the games of one database."""

    def join_code(self, record: Record) -> str | None:
        """The game's short join code while it is being played (made now for a game stored
        without one: before codes existed, or whose end an undo took back); None once it ended."""
        with self._plain() as conn:
            code = conn.execute(select(join_codes.c.code).where(
                join_codes.c.game_id == record.id)).scalar()
        if (code is not None) == (not record.ended):
            return code
        return self.settle_join_code(record)

    def settle_join_code(self, record: Record) -> str | None:
        """Give the game a code if it is being played, free its code if it ended: what
        Store.append does when an entry ends the game or takes its end back, and what a read
        does for a game whose code does not agree (kept by an older companion, or two phones'
        entries crossing)."""
        ended = record.ended
        try:
            with self.writing() as conn:
                if ended:
                    conn.execute(delete(join_codes).where(join_codes.c.game_id == record.id))
                    return None
                code = conn.execute(select(join_codes.c.code).where(
                    join_codes.c.game_id == record.id)).scalar()
                return code or insert_join_code(conn, record.id)
        except exc.IntegrityError:  # another request made it first, or the game is gone
            with self._plain() as conn:
                return conn.execute(select(join_codes.c.code).where(
                    join_codes.c.game_id == record.id)).scalar()


def insert_join_code(conn, game_id: str) -> str:
    """A fresh join code for ``game_id``, drawn until it is free (31^6 codes: a clash is rare)."""
    while True:
        code = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_LENGTH))
        if conn.execute(select(join_codes.c.code).where(join_codes.c.code == code)).first() is None:
            conn.execute(insert(join_codes).values(code=code, game_id=game_id))
            return code
