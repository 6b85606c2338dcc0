"""Games and their records in a database (SQLAlchemy: SQLite by default, PostgreSQL hosted).

A game row holds the game's name and options; its entries are the ordered list of what the
table entered (moves, undos, redos, rulings changes, secrets entered on a player's phone),
each with its number, who, when and the payload. Rows are only ever inserted: the state is the
replay of the entries, undo and redo are entries too, and a refused entry writes nothing.

Two phones entering a move for the same turn both name the entry number they expect to write;
the primary key (game, number) lets exactly one of them in, the other gets :class:`TableMovedOn`.
"""
from __future__ import annotations

import re
import secrets
import threading
import time
from collections import OrderedDict
from contextlib import contextmanager, nullcontext
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    bindparam,
    create_engine,
    delete,
    event,
    exc,
    func,
    insert,
    literal,
    select,
)

from companion import changes, migrations
from companion import engine as protocol
from companion import record as records
from companion.record import Entry, Record  # what the store reads and writes

# The tables as the store reads and writes them. The schema itself is made by the revisions in
# companion/migrations/versions (tests/test_migrations.py checks that they make these tables):
# a change here comes with a revision there.
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


# The statements of every move and every phone's poll, built once: building a statement costs
# more than SQLite takes to run it. ``game`` is the game's id throughout.
_GAME = bindparam("game", type_=String)
# A kept record brought up to date: that its game is still there, and the entries from ``since``.
_ENTRIES_SINCE = (
    select(entries.c.seq, entries.c.kind, entries.c.player, entries.c.at, entries.c.payload)
    .select_from(games.outerjoin(entries, (entries.c.game_id == games.c.id)
                                 & (entries.c.seq >= bindparam("since", type_=Integer))))
    .where(games.c.id == _GAME).order_by(entries.c.seq)
)
# The entry count: entries are numbered 0, 1, 2 ..., so it is the last number plus one, which the
# key finds at once where counting reads them all.
_COUNT = select(func.coalesce(
    select(func.max(entries.c.seq)).where(entries.c.game_id == _GAME).scalar_subquery() + 1, 0)
).where(games.c.id == _GAME)
_SEATS = select(claims.c.player, claims.c.device).where(claims.c.game_id == _GAME)
# An entry, written only if its game is the one the record was read from (the id and when it was
# stored: a game deleted and brought back from an archive under its id is another).
_ADD = insert(entries).from_select(
    ["game_id", "seq", "kind", "player", "at", "payload"],
    select(games.c.id, bindparam("seq", type_=Integer), bindparam("kind", type_=String),
           bindparam("player", type_=Integer), bindparam("at", type_=DateTime(timezone=True)),
           bindparam("payload", type_=JSON))
    .where(games.c.id == _GAME,
           games.c.created_at == bindparam("created", type_=DateTime(timezone=True))),
)


class _Read:
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


IMPORT_CHUNK = 1_000  # an import's entries written a transaction at a time

# What secrets.token_urlsafe(16) makes (22 characters); the column holds up to 32.
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


class GameNotFound(LookupError):
    def __init__(self, game_id: str):
        shown = repr(game_id) if len(game_id) <= 40 else repr(game_id[:40]) + "..."
        super().__init__(f"There is no game {shown}: it may have been deleted.")
        self.game_id = game_id


class TableMovedOn(Exception):
    """The entry number a phone expected is taken: another phone entered something first."""

    def __init__(self, expected: int, current: int):
        super().__init__(
            "The table moved on: another phone entered a move first. "
            "Here is the game as it stands now."
        )
        self.expected = expected
        self.current = current


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


def _utc(moment: datetime) -> datetime:
    """SQLite hands datetimes back without a zone; every stored time is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class Store:
    """The games in one database. Each process keeps the records it served last
    (``cached_games`` of them, holding ``cached_entries`` entries in all: a record's memory is
    about its entries', each with the state before it and its history line, 2 to 4 kB; a
    record of more entries than that is read each time, never kept) and brings one up to date by
    reading only the entries numbered from its count on: entries are only ever appended, so the
    count read from the database says exactly what another process added, and a move costs the
    same at entry 5 and 5,000."""

    def __init__(self, url: str, cached_games: int = 64, connections: int = 20,
                 cached_entries: int = 50_000):
        self.url = normalise_url(url)
        self.db = database(self.url, connections)
        migrations.upgrade(self.db)  # the schema as the revisions make it (companion/migrations)
        self.cached_games, self.cached_entries = cached_games, cached_entries
        self._kept_entries = 0  # the entries of the records kept
        self._sqlite_writers = threading.Lock() if self.db.dialect.name == "sqlite" else nullcontext()
        self._plain_options = ({"plain": True} if self.db.dialect.name == "sqlite"
                             else {"isolation_level": "AUTOCOMMIT"})
        listener = None
        if self.db.dialect.name == "postgresql":
            plain = self.db.url.set(drivername="postgresql").render_as_string(hide_password=False)
            listener = changes.postgresql_listener(plain)
        self.changes = changes.Changes(listener)
        self._count, self._seats = _Read(self.db, _COUNT), _Read(self.db, _SEATS)
        self._add = _ADD
        if self.db.dialect.name == "postgresql":
            # With the word to the other processes (the game and its entry count now),
            # delivered when it commits, and who holds which seat: one round trip for a move.
            added = _ADD.returning(entries.c.game_id, entries.c.seq).cte("added")
            told = select(func.pg_notify(changes.CHANNEL, func.concat(
                added.c.game_id, ":", added.c.seq + 1)).label("told")).cte("told")
            written = select(func.count()).select_from(told).scalar_subquery()
            one = select(literal(1).label("one")).subquery("one")
            self._add = select(written.label("written"), claims.c.player, claims.c.device) \
                .select_from(one.outerjoin(claims, claims.c.game_id == _GAME))
        self._records: OrderedDict[str, Record] = OrderedDict()
        self._records_lock = threading.Lock()

    def dispose(self) -> None:
        self.changes.close()
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
    def _writing(self):
        """A transaction that writes: on SQLite it holds the write lock from its first read.
        On SQLite this process's writers also take turns on a lock of their own first (waiting
        on SQLite's lock is a sleep of up to 100 ms at a time, which made the tail of a busy
        night's moves seconds long), and take a connection only then: a writer waiting for its
        turn holds none of the pool's, which the phones' reads need."""
        with self._sqlite_writers, self.db.connect() as conn:
            conn.execution_options(writing=True)
            with conn.begin():
                yield conn

    # -- the records this process keeps ---------------------------------------------------
    def _kept(self, game_id: str) -> Record | None:
        with self._records_lock:
            record = self._records.get(game_id)
            if record is not None:
                self._records.move_to_end(game_id)
            return record

    def _keep(self, record: Record) -> None:
        """Keep ``record`` unless one further on is kept already (another thread's), putting
        out the records used longest ago beyond the bounds."""
        if record.seq > self.cached_entries:  # never worth the others' places
            self._forget(record.id)
            return
        with self._records_lock:
            kept = self._records.get(record.id)
            if kept is None or kept.seq < record.seq:
                self._records[record.id] = record
                self._kept_entries += record.seq - (kept.seq if kept else 0)
            self._records.move_to_end(record.id)
            while (len(self._records) > self.cached_games
                   or self._kept_entries > self.cached_entries):
                self._kept_entries -= self._records.popitem(last=False)[1].seq

    def _forget(self, game_id: str) -> None:
        with self._records_lock:
            gone = self._records.pop(game_id, None)
            if gone is not None:
                self._kept_entries -= gone.seq

    # -- reading ------------------------------------------------------------------------
    def load(self, game_id: str, keep: bool = True) -> Record:
        """The game brought up to date; ``keep=False`` reads one this process does not keep
        without putting it among the kept (the statistics and the archive read every game)."""
        with self._plain() as conn:
            return self._load(conn, game_id, keep)

    def about(self, game_id: str) -> Any:
        """The stored row of a game (its name, owner, options), even one no page can load
        (kept by an older companion under an id it would not make now): its creator may
        still delete it."""
        _check_stored_id(game_id)
        with self._plain() as conn:
            row = conn.execute(select(games.c.id, games.c.game, games.c.owner)
                               .where(games.c.id == game_id)).first()
        if row is None:
            raise GameNotFound(game_id)
        return row

    def seq(self, game_id: str, fresh: bool = False) -> int:
        """How many entries the game has: what phones poll to see that the table moved. On
        PostgreSQL, while this process listens, the count as the word of each write told it
        (see companion/changes.py), unless ``fresh`` asks the database."""
        _check_id(game_id)
        heard = None if fresh else self.changes.count(game_id)
        if heard is not None:
            return heard
        rows = self._count.rows(game=game_id)
        if not rows:
            raise GameNotFound(game_id)
        self.changes.correct(game_id, rows[0][0])
        return rows[0][0]

    def wait(self, game_id: str, since: int, seconds: float) -> int:
        """The game's entry count as soon as it is not ``since``, or after ``seconds``. Each
        wait that ends without word reads the count from the database: word can be lost."""
        deadline = time.monotonic() + seconds
        fresh = False
        while True:
            version = self.changes.version(game_id)
            seq = self.seq(game_id, fresh)
            remaining = deadline - time.monotonic()
            if seq != since or remaining <= 0:
                return seq
            fresh = not self.changes.wait(game_id, version, remaining)

    def _load(self, conn, game_id: str, keep: bool = True) -> Record:
        """The game brought up to date: a kept record reads, in one query, that its game is
        still there and the entries added since; another is read whole."""
        _check_id(game_id)
        kept = self._kept(game_id)
        if kept is not None:
            rows = conn.execute(_ENTRIES_SINCE, {"game": game_id, "since": kept.seq}).all()
            if not rows:
                self._forget(game_id)
                raise GameNotFound(game_id)
            record, rows = kept, [e for e in rows if e.seq is not None]
        else:
            row = conn.execute(select(games).where(games.c.id == game_id)).first()
            if row is None:
                raise GameNotFound(game_id)
            record = Record.start(row.id, row.game, row.options, row.owner, _utc(row.created_at))
            rows = conn.execute(select(entries).where(entries.c.game_id == game_id)
                                .order_by(entries.c.seq)).all()
        added = [Entry(e.seq, e.kind, e.player, _utc(e.at), e.payload) for e in rows]
        if added:
            record = record.advanced(added)
        self.changes.correct(game_id, record.seq)
        if (kept is not None and added) or (kept is None and keep):
            self._keep(record)
        return record

    # -- writing ------------------------------------------------------------------------
    def create(self, game: str, options: dict[str, Any], owner: str) -> str:
        """Store a new game after the engine accepts its options; returns its unguessable id."""
        protocol.get_engine(game).new(options)  # raises RuleError for options the rules refuse
        with self._writing() as conn:
            return _insert_game(conn, game, options, owner)

    def append(
        self, game_id: str, expected_seq: int, kind: str, payload: Any
    ) -> Record:
        """Add one entry if it is still the table's turn to write ``expected_seq``.

        Raises TableMovedOn when another entry got there first, RuleError when the rules
        refuse the entry; in both cases nothing is written. Returns the updated record.

        A kept record at ``expected_seq`` is not read again first: the write itself finds out
        whether another entry of that number came first (from another process), and a kept
        record is never ahead of the database, so one further on means the table moved on.
        """
        record = self._kept(game_id)
        if record is None or record.seq < expected_seq:
            record = self.load(game_id)
        if record.seq != expected_seq:
            raise TableMovedOn(expected_seq, record.seq)
        entry = Entry(expected_seq, kind, None, datetime.now(UTC), payload)
        entry = replace(entry, player=records.entered_by(
            entry, record.engine.to_move(record.replay.state)))
        after = record.advanced([entry])  # RuleError here: nothing written
        # The entry is written in one statement, its own transaction, while this process's
        # other writers wait (see _writing): the key (game, number) lets in one entry of each
        # number, so another phone's entry stored since the record was read makes it fail.
        heard = self.changes.connection()
        held = None
        try:
            with self._sqlite_writers, self._plain() as conn:
                result = conn.execute(self._add, {"game": game_id, "created": record.created_at,
                                                  **_entry_row(entry)})
                if self.db.dialect.name == "postgresql":  # the write read the seats too
                    rows = result.all()
                    written = rows[0].written
                    held = {row.player: row.device for row in rows if row.player is not None}
                else:
                    written = result.rowcount
        except exc.IntegrityError:  # another phone's entry of the same number came first
            raise TableMovedOn(expected_seq, self.seq(game_id, fresh=True)) from None
        if written != 1:  # the game is gone, or is not the one the record was read from
            self._forget(game_id)
            raise TableMovedOn(expected_seq, self.seq(game_id, fresh=True))
        self._keep(after)
        self.changes.notify(game_id, after.seq, heard)
        if after.ended != record.ended:  # the game ended, or an undo took its end back
            self._settle_join_code(after)
        return replace(after, claims=held)

    def _announce(self, conn, game_id: str) -> None:
        """Tell the other processes on PostgreSQL, when this transaction commits."""
        if self.db.dialect.name == "postgresql":
            conn.execute(select(func.pg_notify(changes.CHANNEL, game_id)))

    def import_record(
        self, game: str, options: dict[str, Any], stored: list[Entry], owner: str,
        game_id: str | None = None, keep: bool = True,
    ) -> str:
        """Store a whole exported record under a new id (or ``game_id``, when an archive brings
        a game whose id is free here), after replaying it to prove it legal. The replayed record
        is kept (``keep``), so that the import's answer and the game's page do not replay it
        again."""
        game_id = game_id or new_game_id()
        created = datetime.now(UTC)
        protocol.get_engine(game)  # RuleError for a game this companion does not know
        record = Record.start(game_id, game, options, owner, created).advanced(stored, imported=True)
        # The entries go in a transaction of IMPORT_CHUNK at a time, the game's row first: a long
        # record's write would hold SQLite's (and this process's) write lock for a second or
        # more, and every table's move would wait for it. Until the import answers, nobody has
        # the game's id; each part written is a legal record.
        with self._writing() as conn:
            _insert_game(conn, game, options, owner, game_id, created, code=not record.ended)
        rows = [{"game_id": game_id, **_entry_row(e)} for e in stored]
        for start in range(0, len(rows), IMPORT_CHUNK):
            with self._writing() as conn:
                conn.execute(insert(entries), rows[start:start + IMPORT_CHUNK])
        if keep:
            self._keep(record)
        return game_id

    def append_secret(self, game_id: str, player: int, secret: Any) -> Record:
        """A secret from a player's own phone: it goes at the end whatever came in before it
        (secrets do not depend on the turn), so a race with another phone is retried."""
        for _ in range(5):
            try:
                return self.append(game_id, self.seq(game_id, fresh=True), "secret",
                                   {"player": player, "secret": secret})
            except TableMovedOn:
                continue
        raise TableMovedOn(-1, self.seq(game_id, fresh=True))

    # -- join codes ---------------------------------------------------------------------
    def join_code(self, record: Record) -> str | None:
        """The game's short join code while it is being played (made now for a game stored
        without one: before codes existed, or whose end an undo took back); None once it ended."""
        with self._plain() as conn:
            code = conn.execute(select(join_codes.c.code).where(
                join_codes.c.game_id == record.id)).scalar()
        if (code is not None) == (not record.ended):
            return code
        return self._settle_join_code(record)

    def _settle_join_code(self, record: Record) -> str | None:
        """Give the game a code if it is being played, free its code if it ended: what
        :meth:`append` does when an entry ends the game or takes its end back, and what a read
        does for a game whose code does not agree (kept by an older companion, or two phones'
        entries crossing)."""
        ended = record.ended
        try:
            with self._writing() as conn:
                if ended:
                    conn.execute(delete(join_codes).where(join_codes.c.game_id == record.id))
                    return None
                code = conn.execute(select(join_codes.c.code).where(
                    join_codes.c.game_id == record.id)).scalar()
                return code or _insert_join_code(conn, record.id)
        except exc.IntegrityError:  # another request made it first, or the game is gone
            with self._plain() as conn:
                return conn.execute(select(join_codes.c.code).where(
                    join_codes.c.game_id == record.id)).scalar()

    def game_for_code(self, typed: str) -> str | None:
        """The game in progress a typed join code names (any case, spaces and dashes ignored),
        or None."""
        code = "".join(typed.split()).replace("-", "").upper()
        if len(code) != JOIN_LENGTH or not set(code) <= set(JOIN_ALPHABET):
            return None
        with self._plain() as conn:
            game_id = conn.execute(select(join_codes.c.game_id).where(
                join_codes.c.code == code)).scalar()
        if game_id is None:
            return None
        try:
            record = self.load(game_id)
        except GameNotFound:
            return None
        if record.ended:  # its code was not freed when it ended (an older companion's game)
            self._settle_join_code(record)
            return None
        return game_id

    # -- seats --------------------------------------------------------------------------
    def seat_of(self, game_id: str, device: str) -> int | None:
        """The player this phone says it holds in this game, if any."""
        with self._plain() as conn:
            return conn.execute(select(claims.c.player).where(
                claims.c.game_id == game_id, claims.c.device == device)).scalar()

    def seats(self, game_id: str, device: str,
              held: dict[int, str] | None = None) -> tuple[int | None, list[int]]:
        """The player this phone holds (if any) and every player some phone holds, in one
        read (none if ``held``, which phone holds which player, was read already): a phone's
        every view of the game needs both."""
        if held is None:
            held = dict(self._seats.rows(game=game_id))
        mine = next((player for player, holder in held.items() if holder == device), None)
        return mine, sorted(held)

    def games_of(self, device: str) -> set[str]:
        """The games this phone created or holds a seat in."""
        with self._plain() as conn:
            return set(conn.execute(held_by(device)).scalars())

    def claim(self, game_id: str, device: str, player: int | None, name: str = "") -> None:
        """This phone holds ``player`` from now on (None: no player). A seat another phone
        holds is refused: that phone must let it go first."""
        try:
            with self._writing() as conn:
                if conn.execute(select(games.c.id).where(games.c.id == game_id)).first() is None:
                    raise GameNotFound(game_id)
                held = conn.execute(select(claims.c.device).where(
                    claims.c.game_id == game_id, claims.c.player == player)).scalar()
                if player is not None and held not in (None, device):
                    raise protocol.RuleError("seat", f"Another phone already holds {name}'s "
                                                     f"seat: let it go on that phone first.")
                conn.execute(delete(claims).where(claims.c.game_id == game_id,
                                                 claims.c.device == device))
                if player is not None:
                    conn.execute(insert(claims).values(game_id=game_id, player=player,
                                                      device=device))
        except exc.IntegrityError:
            raise protocol.RuleError("seat", f"Another phone took {name}'s seat just now.") \
                from None

    def free(self, game_id: str, player: int) -> None:
        """No phone holds ``player``'s seat any more (the game's creator let it go)."""
        with self._writing() as conn:
            conn.execute(delete(claims).where(claims.c.game_id == game_id,
                                             claims.c.player == player))

    def delete(self, game_id: str) -> None:
        """Delete a game and all that belongs to it (any stored game, readable or not)."""
        _check_stored_id(game_id)
        self._forget(game_id)
        with self._writing() as conn:
            conn.execute(delete(claims).where(claims.c.game_id == game_id))
            conn.execute(delete(join_codes).where(join_codes.c.game_id == game_id))
            conn.execute(delete(entries).where(entries.c.game_id == game_id))
            conn.execute(delete(seats).where(seats.c.game_id == game_id))
            conn.execute(delete(marks).where(marks.c.game_id == game_id))
            if conn.execute(delete(games).where(games.c.id == game_id)).rowcount == 0:
                raise GameNotFound(game_id)
            self._announce(conn, game_id)
        self.changes.notify(game_id)


def held_by(device: str):
    """The ids of the games a phone created or holds a seat in (a query)."""
    return select(games.c.id).where(games.c.owner == device).union(
        select(claims.c.game_id).where(claims.c.device == device))


def _check_id(game_id: str) -> None:
    """A text that cannot be a game id is no game, and never reaches the database (PostgreSQL
    refuses a NUL in a query where SQLite would look it up)."""
    if not GAME_ID.fullmatch(game_id):
        raise GameNotFound(game_id)


def _check_stored_id(game_id: str) -> None:
    """What the id column may hold at all (older companions stored any text an archive gave)."""
    if len(game_id) > 32 or "\x00" in game_id:
        raise GameNotFound(game_id)


def new_game_id() -> str:
    """An unguessable id (128 random bits) that never starts with "-", so that
    `companion export <id>` never reads it as an option."""
    while True:
        game_id = secrets.token_urlsafe(16)
        if not game_id.startswith("-"):
            return game_id


def _insert_game(
    conn, game: str, options: dict[str, Any], owner: str, game_id: str | None = None,
    created: datetime | None = None, code: bool = True,
) -> str:
    game_id = game_id or new_game_id()
    conn.execute(
        insert(games).values(
            id=game_id, game=game, options=options, owner=owner,
            created_at=created or datetime.now(UTC),
        )
    )
    if code:  # a game imported finished gets none
        _insert_join_code(conn, game_id)
    return game_id


def _insert_join_code(conn, game_id: str) -> str:
    """A fresh join code for ``game_id``, drawn until it is free (31^6 codes: a clash is rare)."""
    while True:
        code = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_LENGTH))
        if conn.execute(select(join_codes.c.code).where(join_codes.c.code == code)).first() is None:
            conn.execute(insert(join_codes).values(code=code, game_id=game_id))
            return code


def _entry_row(entry: Entry) -> dict[str, Any]:
    return {
        "seq": entry.seq,
        "kind": entry.kind,
        "player": entry.player,
        "at": entry.at,
        "payload": entry.payload,
    }


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
        if db.url.database not in (None, "", ":memory:"):
            cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=10000")
        cursor.close()

    @event.listens_for(db, "begin")
    def _begin(conn):
        options = conn.get_execution_options()
        if not options.get("plain"):  # Store._plain: each statement on its own
            conn.exec_driver_sql("BEGIN IMMEDIATE" if options.get("writing") else "BEGIN")
