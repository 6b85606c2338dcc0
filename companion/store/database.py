"""Opening a database as the store uses it (SQLAlchemy: SQLite by default, PostgreSQL
hosted): its connections for plain reads and for writes, and the reads every phone's poll and
every move make, compiled once."""
from __future__ import annotations

import re
import sqlite3
import threading
import time
from contextlib import contextmanager, nullcontext
from datetime import UTC, datetime

from sqlalchemy import create_engine, event

from companion import migrations


def normalise_url(url: str) -> str:
    """Let plain ``postgresql://`` URLs use psycopg 3, the driver the package installs."""
    if url.startswith("postgresql://"):
        return "postgresql+psycopg://" + url[len("postgresql://"):]
    if url.startswith("postgres://"):
        return "postgresql+psycopg://" + url[len("postgres://"):]
    return url


def database(url: str, connections: int = 20):
    """An SQLAlchemy engine for ``url`` as the store uses it (on SQLite, its writers take
    turns: see _serialise_sqlite_writers); its schema is left as it is."""
    url = normalise_url(url)
    pool = {}
    if not re.fullmatch(r"sqlite(\+\w+)?://(/(:memory:)?)?", url):
        # A request waits for one of ``connections`` kept open rather than opening one
        # beyond them and closing it after (SQLAlchemy's default, 5 kept and 10 more): on
        # PostgreSQL at fifty tables that churn was a connection opened every few moves.
        pool = {"pool_size": connections, "max_overflow": 0}
    db = create_engine(url, **pool)
    if db.dialect.name == "sqlite":
        _serialise_sqlite_writers(db)
    return db


def utc(moment: datetime) -> datetime:
    """SQLite hands datetimes back without a zone; every stored time is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class Database:
    """A database as the store opens it: its schema brought up to date (the revisions of
    companion/migrations), connections for plain reads and for writes."""

    def __init__(self, url: str, connections: int = 20):
        self.url = normalise_url(url)
        self.db = database(self.url, connections)
        migrations.upgrade(self.db)  # the schema as the revisions make it (companion/migrations)
        self._sqlite_writers = threading.Lock() if self.db.dialect.name == "sqlite" else nullcontext()
        self._plain_options = ({"plain": True} if self.db.dialect.name == "sqlite"
                               else {"isolation_level": "AUTOCOMMIT"})

    def dispose(self) -> None:
        self.db.dispose()

    @contextmanager
    def _plain(self):
        """A connection whose every statement is a transaction of its own (autocommit): for
        reads that need no snapshot (entries are only ever appended) and single-statement
        writes. No BEGIN, no COMMIT or ROLLBACK: each of those is a call during which the
        server's other threads take the interpreter, and at fifty tables a move waited for them
        several times over."""
        with self.db.connect() as conn:
            yield conn.execution_options(**self._plain_options)

    @contextmanager
    def writing(self):
        """A transaction that writes: on SQLite it holds the write lock from its first read.
        On SQLite this process's writers also take turns on a lock of their own first (waiting
        on SQLite's lock is a sleep of up to 100 ms at a time, which made the tail of a busy
        night's moves seconds long), and take a connection only then: a writer waiting for its
        turn holds none of the pool's, which the phones' reads need."""
        with self._sqlite_writers, self.db.connect() as conn:
            conn.execution_options(writing=True)
            with conn.begin():
                yield conn


class Read:
    """One of the reads every phone's poll and every move make, handed to the database driver as
    SQLAlchemy compiled it, once, for this database: SQLAlchemy's own execution of a statement
    costs several times what SQLite takes to answer it. Only for reads of plain numbers and
    text (no type of SQLAlchemy's to convert them), each a transaction of its own."""

    def __init__(self, db, statement):
        self.db = db
        self.compiled = statement.compile(dialect=db.dialect)
        self.postgresql = db.dialect.name == "postgresql"

    def rows(self, **values) -> list[tuple]:
        params = self.compiled.construct_params(values)
        order = self.compiled.positiontup  # a driver that takes its parameters in order
        conn = self.db.raw_connection()  # from SQLAlchemy's pool, and back to it
        try:
            if self.postgresql:
                conn.driver_connection.autocommit = True  # no BEGIN, no ROLLBACK to wait for
            cursor = conn.cursor()
            cursor.execute(self.compiled.string,
                           [params[name] for name in order] if order is not None else params)
            rows = cursor.fetchall()
            cursor.close()
            if self.postgresql:
                conn.driver_connection.autocommit = False
            return rows
        except self.db.dialect.loaded_dbapi.Error as error:
            restarted = self.db.dialect.is_disconnect(error, conn.driver_connection, None)
            conn.invalidate()  # never back to the pool
            if restarted:
                # The database restarted: the pool's other connections are as dead as this
                # one (SQLAlchemy's own statements find that out the same way).
                self.db.dispose()
            raise
        finally:
            conn.close()


def _serialise_sqlite_writers(db) -> None:
    """Make SQLite transactions take the write lock at BEGIN.

    pysqlite's deferred transactions let two writers read the same entry count and then fail
    with "database is locked" when both try to write; BEGIN IMMEDIATE makes the second wait
    for the first to commit, so it reads the new count and is told the table moved on.
    WAL lets readers (the phones polling) go on while a move is written.
    """

    @event.listens_for(db, "connect")
    def _connect(dbapi_connection, _record):
        dbapi_connection.isolation_level = None  # SQLAlchemy emits BEGIN itself, below
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=10000")
        if db.url.database not in (None, "", ":memory:"):
            _write_ahead(cursor)
        cursor.close()

    @event.listens_for(db, "begin")
    def _begin(conn):
        options = conn.get_execution_options()
        if not options.get("plain"):  # Database._plain: each statement on its own
            conn.exec_driver_sql("BEGIN IMMEDIATE" if options.get("writing") else "BEGIN")


def _write_ahead(cursor, patience: float = 10.0) -> None:
    """Put the database in WAL mode (a database stays in it once put). Asking while another
    connection holds a lock is refused at once as "database is locked", without waiting as
    busy_timeout makes other statements wait: processes opening a new database together (as
    gunicorn's workers start) ask again until it is done or ``patience`` seconds have passed."""
    deadline = time.monotonic() + patience
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.01)
