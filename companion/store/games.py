"""The games in one database: :class:`Store` creates, reads and writes them.

A game row holds the game's name and options; its entries are the ordered list of what the
table entered (moves, undos, redos, rulings changes, secrets entered on a player's phone),
each with its number, who, when and the payload. Rows are only ever inserted: the state is the
replay of the entries, undo and redo are entries too, and a refused entry writes nothing.

Two phones entering a move for the same turn both name the entry number they expect to write;
the primary key (game, number) lets exactly one of them in, the other gets :class:`TableMovedOn`.
"""
from __future__ import annotations

import time
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Integer, String, bindparam, delete, exc, func, insert, literal, select

from companion import changes
from companion import engine as protocol
from companion import record as records
from companion.record import Entry, Record
from companion.store.codes import JoinCodes, insert_join_code
from companion.store.database import Read, utc
from companion.store.ids import GameNotFound, check_id, check_stored_id, new_game_id
from companion.store.kept import KeptRecords
from companion.store.seats import Seats
from companion.store.tables import JOIN_ALPHABET, JOIN_LENGTH, claims, entries, games, join_codes, marks, seats
from companion.words import msg

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
# An entry, written only if its game is the one the record was read from (the id and when it was
# stored: a game deleted and brought back from an archive under its id is another).
_ADD = insert(entries).from_select(
    ["game_id", "seq", "kind", "player", "at", "payload", "request_key"],
    select(games.c.id, bindparam("seq", type_=Integer), bindparam("kind", type_=String),
           bindparam("player", type_=Integer), bindparam("at", type_=DateTime(timezone=True)),
           bindparam("payload", type_=JSON), bindparam("request_key", type_=String))
    .where(games.c.id == _GAME,
           games.c.created_at == bindparam("created", type_=DateTime(timezone=True))),
)


IMPORT_CHUNK = 1_000  # an import's entries written a transaction at a time


class TableMovedOn(Exception):
    """The entry number a phone expected is taken: another phone entered something first."""

    def __init__(self, expected: int, current: int):
        super().__init__(msg("The table moved on: another phone entered a move first. "
                             "Here is the game as it stands now."))
        self.message = self.args[0]
        self.expected = expected
        self.current = current


class Store(JoinCodes, Seats):
    """The games in one database. Each process keeps the records it served last
    (``cached_games`` of them, holding ``cached_entries`` entries in all: a record's memory is
    about its entries', each with the state before it and its history line, 2 to 4 kB; a
    record of more entries than that is read each time, never kept) and brings one up to date by
    reading only the entries numbered from its count on: entries are only ever appended, so the
    count read from the database says exactly what another process added, and a move costs the
    same at entry 5 and 5,000."""

    def __init__(self, url: str, cached_games: int = 64, connections: int = 20,
                 cached_entries: int = 50_000):
        super().__init__(url, connections)
        self.kept = KeptRecords(cached_games, cached_entries)
        listener = None
        if self.db.dialect.name == "postgresql":
            plain = self.db.url.set(drivername="postgresql").render_as_string(hide_password=False)
            listener = changes.postgresql_listener(plain)
        self.changes = changes.Changes(listener)
        self._count = Read(self.db, _COUNT)
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

    def dispose(self) -> None:
        self.changes.close()
        super().dispose()

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
        check_stored_id(game_id)
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
        check_id(game_id)
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
        check_id(game_id)
        kept = self.kept.get(game_id)
        if kept is not None:
            rows = conn.execute(_ENTRIES_SINCE, {"game": game_id, "since": kept.seq}).all()
            if not rows:
                self.kept.forget(game_id)
                raise GameNotFound(game_id)
            record, rows = kept, [e for e in rows if e.seq is not None]
        else:
            row = conn.execute(select(games).where(games.c.id == game_id)).first()
            if row is None:
                raise GameNotFound(game_id)
            record = Record.start(row.id, row.game, row.options, row.owner, utc(row.created_at))
            rows = conn.execute(select(entries).where(entries.c.game_id == game_id)
                                .order_by(entries.c.seq)).all()
        added = [Entry(e.seq, e.kind, e.player, utc(e.at), e.payload) for e in rows]
        if added:
            record = record.advanced(added)
        self.changes.correct(game_id, record.seq)
        if (kept is not None and added) or (kept is None and keep):
            self.kept.keep(record)
        return record

    # -- writing ------------------------------------------------------------------------
    def create(self, game: str, options: dict[str, Any], owner: str) -> str:
        """Store a new game after the engine accepts its options; returns its unguessable id."""
        protocol.get_engine(game).new(options)  # raises RuleError for options the rules refuse
        with self.writing() as conn:
            return _insert_game(conn, game, options, owner)

    def append(
        self, game_id: str, expected_seq: int, kind: str, payload: Any, key: str | None = None
    ) -> Record:
        """Add one entry if it is still the table's turn to write ``expected_seq``.

        Raises TableMovedOn when another entry got there first, RuleError when the rules
        refuse the entry; in both cases nothing is written. Returns the updated record.

        ``key`` is the phone's key for the request (stored with the entry): when the entry of
        ``expected_seq`` is already there with the same key, in this game, the request is a
        repeat of one whose answer was lost, and the record is returned as it is now, nothing
        written (see :meth:`repeated`).

        A kept record at ``expected_seq`` is not read again first: the write itself finds out
        whether another entry of that number came first (from another process), and a kept
        record is never ahead of the database, so one further on means the table moved on.
        """
        try:
            return self._append(game_id, expected_seq, kind, payload, key)
        except TableMovedOn:
            if key is not None and self.repeated(game_id, key, expected_seq):
                return self.load(game_id)
            raise

    def repeated(self, game_id: str, key: str, seq: int | None = None) -> bool:
        """Whether this game's entry ``seq`` (any of its entries, for None) was stored by the
        request of ``key``. Only asked once a write failed: a move costs no more read."""
        where = (entries.c.game_id == game_id) & (entries.c.request_key == key)
        if seq is not None:
            where &= entries.c.seq == seq
        with self._plain() as conn:
            return conn.execute(select(entries.c.seq).where(where).limit(1)).first() is not None

    def _append(self, game_id: str, expected_seq: int, kind: str, payload: Any,
                key: str | None) -> Record:
        record = self.kept.get(game_id)
        if record is None or record.seq < expected_seq:
            record = self.load(game_id)
        if record.seq != expected_seq:
            raise TableMovedOn(expected_seq, record.seq)
        entry = Entry(expected_seq, kind, None, datetime.now(UTC), payload)
        entry = replace(entry, player=records.entered_by(record.engine, record.replay.state, entry))
        after = record.advanced([entry])  # RuleError here: nothing written
        # The entry is written in one statement, its own transaction, while this process's
        # other writers wait (see Database.writing): the key (game, number) lets in one entry of each
        # number, so another phone's entry stored since the record was read makes it fail.
        heard = self.changes.connection()
        held = None
        try:
            with self._sqlite_writers, self._plain() as conn:
                result = conn.execute(self._add, {"game": game_id, "created": record.created_at,
                                                  "request_key": key, **_entry_row(entry)})
                if self.db.dialect.name == "postgresql":  # the write read the seats too
                    rows = result.all()
                    written = rows[0].written
                    held = {row.player: row.device for row in rows if row.player is not None}
                else:
                    written = result.rowcount
        except exc.IntegrityError:  # another phone's entry of the same number came first
            raise TableMovedOn(expected_seq, self.seq(game_id, fresh=True)) from None
        if written != 1:  # the game is gone, or is not the one the record was read from
            self.kept.forget(game_id)
            raise TableMovedOn(expected_seq, self.seq(game_id, fresh=True))
        self.kept.keep(after)
        self.changes.notify(game_id, after.seq, heard)
        if after.ended != record.ended:  # the game ended, or an undo took its end back
            self.settle_join_code(after)
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
        with self.writing() as conn:
            _insert_game(conn, game, options, owner, game_id, created, code=not record.ended)
        rows = [{"game_id": game_id, **_entry_row(e)} for e in stored]
        for start in range(0, len(rows), IMPORT_CHUNK):
            with self.writing() as conn:
                conn.execute(insert(entries), rows[start:start + IMPORT_CHUNK])
        if keep:
            self.kept.keep(record)
        return game_id

    def append_secret(self, game_id: str, player: int, secret: Any, key: str | None = None) -> Record:
        """A secret from a player's own phone: it goes at the end whatever came in before it
        (secrets do not depend on the turn), so a race with another phone is retried. A
        request of ``key`` that stored one of the game's entries already is a repeat: the
        record is returned as it is, nothing written."""
        for _ in range(5):
            if key is not None and self.repeated(game_id, key):
                return self.load(game_id)
            try:
                return self.append(game_id, self.seq(game_id, fresh=True), "secret",
                                   {"player": player, "secret": secret}, key)
            except TableMovedOn:
                continue
        raise TableMovedOn(-1, self.seq(game_id, fresh=True))

    # -- join codes ---------------------------------------------------------------------
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
            self.settle_join_code(record)
            return None
        return game_id

    def delete(self, game_id: str) -> None:
        """Delete a game and all that belongs to it (any stored game, readable or not)."""
        check_stored_id(game_id)
        self.kept.forget(game_id)
        with self.writing() as conn:
            conn.execute(delete(claims).where(claims.c.game_id == game_id))
            conn.execute(delete(join_codes).where(join_codes.c.game_id == game_id))
            conn.execute(delete(entries).where(entries.c.game_id == game_id))
            conn.execute(delete(seats).where(seats.c.game_id == game_id))
            conn.execute(delete(marks).where(marks.c.game_id == game_id))
            if conn.execute(delete(games).where(games.c.id == game_id)).rowcount == 0:
                raise GameNotFound(game_id)
            self._announce(conn, game_id)
        self.changes.notify(game_id)


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
        insert_join_code(conn, game_id)
    return game_id


def _entry_row(entry: Entry) -> dict[str, Any]:
    return {
        "seq": entry.seq,
        "kind": entry.kind,
        "player": entry.player,
        "at": entry.at,
        "payload": entry.payload,
    }
