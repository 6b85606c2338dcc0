"""The schema as Alembic revisions (companion/migrations): a new database gets the tables the
store declares; a database made by the last release before migrations (SQLAlchemy's create_all)
is recognised, brought under the revisions as it is, and played on; processes opening a
database at once make the schema once; a database a newer companion upgraded is refused in a
sentence. On SQLite and PostgreSQL."""
from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from conftest import Phone, empty_postgresql
from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    func,
    insert,
    select,
    text,
)
from stats_games import simulated

from companion import migrations
from companion.cli import main
from companion.engine import get_engine
from companion.store import Store
from companion.store.database import normalise_url
from companion.store.tables import metadata
from companion.web import create_app

# The tables as the last release before migrations made them (create_all at each start), kept
# here as they were whatever the store declares later.
LAST_RELEASE = MetaData()
Table("games", LAST_RELEASE,
      Column("id", String(32), primary_key=True),
      Column("game", String(40), nullable=False),
      Column("options", JSON, nullable=False),
      Column("owner", String(64), nullable=False),
      Column("created_at", DateTime(timezone=True), nullable=False))
Table("entries", LAST_RELEASE,
      Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
      Column("seq", Integer, primary_key=True, autoincrement=False),
      Column("kind", String(16), nullable=False),
      Column("player", Integer, nullable=True),
      Column("at", DateTime(timezone=True), nullable=False),
      Column("payload", JSON, nullable=True))
Table("players", LAST_RELEASE,
      Column("id", Integer, primary_key=True, autoincrement=True),
      Column("name", String(64), nullable=False))
Table("player_names", LAST_RELEASE,
      Column("key", String(64), primary_key=True),
      Column("player_id", Integer, ForeignKey("players.id", ondelete="CASCADE"), nullable=False))
Table("seats", LAST_RELEASE,
      Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
      Column("seat", Integer, primary_key=True, autoincrement=False),
      Column("player_id", Integer, ForeignKey("players.id"), nullable=False))
Table("marks", LAST_RELEASE,
      Column("id", Integer, primary_key=True, autoincrement=True),
      Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
      Column("status", String(16), nullable=False),
      Column("at", DateTime(timezone=True), nullable=False))
Table("seat_claims", LAST_RELEASE,
      Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
      Column("player", Integer, primary_key=True, autoincrement=False),
      Column("device", String(64), nullable=False))
Table("join_codes", LAST_RELEASE,
      Column("code", String(8), primary_key=True),
      Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False,
             unique=True))

PLAYING, FINISHED = "lastReleaseGameInPlay1", "lastReleaseGameEnded01"
PLAYING_CODE, FINISHED_CODE = "K7M2QP", "ZX9W8V"
PHONE = "a-phone-of-the-last-release"


def differences(url: str) -> list:
    """What the database's schema lacks or has beyond the tables the store declares."""
    db = create_engine(normalise_url(url))
    try:
        with db.connect() as conn:
            return compare_metadata(MigrationContext.configure(conn), metadata)
    finally:
        db.dispose()


def revision(url: str) -> str | None:
    db = create_engine(normalise_url(url))
    try:
        with db.connect() as conn:
            return migrations.current(conn)
    finally:
        db.dispose()


def test_a_new_database_gets_the_tables_the_store_declares(database_url):
    Store(database_url).dispose()
    assert revision(database_url) == migrations.newest()
    assert differences(database_url) == []
    Store(database_url).dispose()  # opened again: nothing to do
    assert revision(database_url) == migrations.newest()


def entries_of(options: dict, moves: list[dict], start: datetime) -> list[dict]:
    """The entries rows of a game played as the last release wrote them (whose turn it was)."""
    engine = get_engine("royal_visit")
    state, rows = engine.new(options), []
    for seq, move in enumerate(moves):
        rows.append({"seq": seq, "kind": "move", "player": engine.to_move(state),
                     "at": start + timedelta(seconds=seq), "payload": move})
        state = engine.apply(state, move)
    return rows


def made_by_the_last_release(url: str) -> tuple[dict, list[dict]]:
    """A database as the last release left it: a game being played (a phone holds a seat), a
    finished game marked as counting, their players, and both games' join codes (that release
    kept a finished game's code). Returns the playing game's options and every move."""
    options, moves = simulated("royal_visit", 3, ["Ann", "Bob"])
    start = datetime(2026, 11, 1, 19, 30, tzinfo=UTC)
    db = create_engine(normalise_url(url))
    try:
        LAST_RELEASE.create_all(db)
        t = LAST_RELEASE.tables
        with db.begin() as conn:
            for game_id, played in ((PLAYING, moves[:6]), (FINISHED, moves)):
                conn.execute(insert(t["games"]).values(id=game_id, game="royal_visit",
                                                       options=options, owner=PHONE,
                                                       created_at=start))
                conn.execute(insert(t["entries"]), [{"game_id": game_id, **row}
                                                    for row in entries_of(options, played, start)])
            conn.execute(insert(t["players"]), [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bob"}])
            conn.execute(insert(t["player_names"]), [{"key": "ann", "player_id": 1},
                                                     {"key": "bob", "player_id": 2}])
            conn.execute(insert(t["seats"]), [{"game_id": game, "seat": seat, "player_id": seat + 1}
                                              for game in (PLAYING, FINISHED) for seat in (0, 1)])
            conn.execute(insert(t["marks"]).values(game_id=FINISHED, status="counts", at=start))
            conn.execute(insert(t["seat_claims"]).values(game_id=PLAYING, player=0, device=PHONE))
            conn.execute(insert(t["join_codes"]), [{"code": PLAYING_CODE, "game_id": PLAYING},
                                                   {"code": FINISHED_CODE, "game_id": FINISHED}])
        if db.dialect.name == "postgresql":  # the players' ids were given: move the sequence on
            with db.begin() as conn:
                conn.execute(text("SELECT setval('players_id_seq', 2)"))
    finally:
        db.dispose()
    return options, moves


def row_counts(url: str) -> dict[str, int]:
    db = create_engine(normalise_url(url))
    try:
        with db.connect() as conn:
            return {name: conn.execute(select(func.count()).select_from(table)).scalar_one()
                    for name, table in LAST_RELEASE.tables.items()}
    finally:
        db.dispose()


def test_a_database_of_the_last_release_is_brought_under_the_revisions_and_played_on(
        database_url):
    options, moves = made_by_the_last_release(database_url)
    before = row_counts(database_url)
    assert revision(database_url) is None
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "t"})
    try:
        store = app.extensions["store"]
        assert revision(database_url) == migrations.newest()
        assert row_counts(database_url) == before  # kept as it was, nothing made again
        assert differences(database_url) == []
        assert store.load(PLAYING).seq == 6 and store.load(FINISHED).ended
        assert store.seats(PLAYING, PHONE)[0] == 0  # the phone still holds its seat
        # Played on from a phone: the code of the game in play still joins it, the finished
        # game's code reaches nothing any more.
        phone = Phone(app)
        joined = phone.form("/join", {"code": PLAYING_CODE})
        assert joined.headers["Location"] == f"/g/{PLAYING}?joined=1"
        assert phone.get(f"/g/{PLAYING}").status_code == 200
        moved = phone.post(f"/api/games/{PLAYING}/moves", json={"seq": 6, "move": moves[6]})
        assert moved.status_code == 200 and moved.get_json()["game"]["seq"] == 7
        assert phone.form("/join", {"code": FINISHED_CODE}).status_code == 404
        stats = phone.get("/stats.json").get_json()
        assert stats["plays"] == 1 and {p["name"] for p in stats["players"]} == {"Ann", "Bob"}
        # A new game beside them, with a new player (the players' ids go on from the old ones).
        created = phone.post("/api/games", json={"game": "royal_visit",
                                                 "options": {**options, "players": ["Cy", "Ann"]}})
        assert created.status_code == 201
    finally:
        app.extensions["store"].dispose()


def test_processes_opening_an_empty_database_at_once_make_its_schema_once(database_url):
    """As gunicorn's workers start: each opens the database, one makes the schema, the others
    wait for it and find it made. Ten new databases, three at once on each: a race lost one
    time in ten (SQLite refused WAL mode to a connection opened beside another) shows."""
    for round_ in range(10):
        url = empty(database_url, round_)
        ready, failed, stores = threading.Barrier(3), [], []

        def open_it(url=url, ready=ready, failed=failed, stores=stores):
            ready.wait()
            try:
                stores.append(Store(url))
            except Exception as error:
                failed.append(error)

        threads = [threading.Thread(target=open_it) for _ in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        for store in stores:
            store.dispose()
        assert failed == [] and len(stores) == 3, f"database {round_ + 1}"
        assert revision(url) == migrations.newest() and differences(url) == []


def empty(database_url: str, round_: int) -> str:
    """A new empty database like ``database_url``: another file beside it on SQLite, the same
    database wiped on PostgreSQL."""
    if database_url.startswith("sqlite"):
        return database_url.replace("companion.db", f"companion-{round_}.db")
    return empty_postgresql()


def test_a_database_a_newer_companion_upgraded_is_refused_in_a_sentence(database_url, capsys):
    Store(database_url).dispose()
    db = create_engine(normalise_url(database_url))
    try:
        with db.begin() as conn:
            conn.execute(text("UPDATE alembic_version SET version_num = 'f00d'"))
    finally:
        db.dispose()
    try:
        with pytest.raises(migrations.UnknownRevision, match="a newer companion upgraded it"):
            Store(database_url)
        assert main(["--database", database_url, "export", "--all"]) == 1
        assert "revision f00d, which this companion does not have" in capsys.readouterr().err
    finally:  # no newer companion's database left behind for whatever uses it next
        db = create_engine(normalise_url(database_url))
        try:
            with db.begin() as conn:
                conn.execute(text("DELETE FROM alembic_version"))
        finally:
            db.dispose()


def test_companion_db_says_where_the_database_stands_and_upgrades_it(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'club.db'}"
    assert main(["--database", url, "db", "current"]) == 0
    assert "has no revision" in capsys.readouterr().out
    assert revision(url) is None  # `current` changes nothing
    assert main(["--database", url, "db", "upgrade"]) == 0
    assert capsys.readouterr().out.strip() == \
        f"The database is at revision {migrations.newest()}, the newest."
    assert main(["--database", url, "db", "current"]) == 0
    assert f"at revision {migrations.newest()}, the newest" in capsys.readouterr().out
    assert differences(url) == []


def test_a_database_at_revision_0001_holding_games_gets_the_entries_key_and_plays_on(database_url):
    """Revision 0002 adds the key a phone's request stored an entry with (issue 31): a database at
    0001 holding games keeps every entry (their key empty), and a repeat is recognised after."""
    from alembic import command

    _, moves = made_by_the_last_release(database_url)
    db = create_engine(normalise_url(database_url))
    try:
        with db.begin() as conn:
            command.upgrade(migrations._config(conn), "0001")
        assert revision(database_url) == "0001"
    finally:
        db.dispose()
    before = row_counts(database_url)
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "t"})
    try:
        assert revision(database_url) == migrations.newest() and differences(database_url) == []
        assert row_counts(database_url) == before
        db = create_engine(normalise_url(database_url))
        try:
            with db.connect() as conn:
                keys = conn.execute(text("SELECT request_key FROM entries")).scalars().all()
        finally:
            db.dispose()
        assert len(keys) == before["entries"] and set(keys) == {None}
        phone = Phone(app)
        body = {"seq": 6, "move": moves[6], "key": "0123456789abcdef0123456789abcdef"}
        url = f"/api/games/{PLAYING}/moves"
        assert phone.post(url, json=body).status_code == 200
        again = phone.post(url, json=body)
        assert again.status_code == 200 and again.get_json()["game"]["seq"] == 7
        assert app.extensions["store"].load(PLAYING).seq == 7
    finally:
        app.extensions["store"].dispose()
