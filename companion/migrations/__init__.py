"""The database's schema as Alembic revisions (``versions/``), brought up to date whenever the
companion opens a database (:class:`companion.store.Store`: `companion serve` and every command)
and by `companion db upgrade`; `companion db current` says where a database stands.

A database made before the revisions (by SQLAlchemy's ``create_all`` at each start) has the
companion's tables and no ``alembic_version``: revision 0001 is that schema and makes only the
tables such a database lacks, so it is brought under the revisions as it is, nothing made again.

A change to a table in companion/store/tables.py comes with a new revision in ``versions/``
(``down_revision`` the newest before it); tests/test_migrations.py fails while the revisions do
not make the schema tables.py declares.
"""
from __future__ import annotations

from functools import cache

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util import CommandError
from sqlalchemy import text

# PostgreSQL: the processes starting at once (gunicorn's workers) migrate one at a time, each in
# one transaction, under this advisory lock; on SQLite the transaction's write lock does it.
LOCK = 7_234_113


class UnknownRevision(RuntimeError):
    """The database is at a revision this companion does not have (a newer companion's)."""


def _config(conn=None) -> Config:
    config = Config()
    config.set_main_option("script_location", "companion:migrations")
    config.attributes["connection"] = conn
    return config


@cache
def newest() -> str:
    """The newest revision this companion has."""
    return ScriptDirectory.from_config(_config()).get_current_head()


def current(conn) -> str | None:
    """The revision the database is at (None: none, an empty database or one made before
    the revisions)."""
    return MigrationContext.configure(conn).get_current_revision()


def upgrade(db) -> str:
    """Bring the database (an SQLAlchemy engine) to the newest revision, in one transaction;
    returns that revision. Nothing is done to a database already there."""
    with db.connect() as conn:
        if current(conn) == newest():
            return newest()
    with db.connect() as conn:
        conn.execution_options(writing=True)  # SQLite: BEGIN IMMEDIATE (companion/store/database.py)
        with conn.begin():
            if conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK})
            try:
                command.upgrade(_config(conn), "head")
            except CommandError as unknown:
                raise UnknownRevision(
                    f"The database is at revision {current(conn)}, which this companion does not "
                    f"have (its newest is {newest()}): a newer companion upgraded it. Run that "
                    f"version, or a database of this one's.") from unknown
    return newest()
