"""What a stranger on the table's network cannot break (issue 23): hostile archives, odd ids and
numbers, who may change what, join-code guessing, a database outage. On SQLite and PostgreSQL."""
from __future__ import annotations

import io
import json
from datetime import UTC

import pytest
from conftest import KING_UP, OPTIONS, Phone, create, device_of
from sqlalchemy import func, insert, select
from stats_games import simulated, store_game

from companion.store.tables import games

HOSTILE_ID = "<b>x</b> not an id at all"
PAGES = ["/stats", "/stats.json", "/export/archive.json", "/export/plays.csv", "/players", "/"]


def archive_of(phone: Phone, **changes) -> dict:
    """An archive of one finished Royal Visit game of this phone's, with ``changes`` made to it."""
    store = phone.client.application.extensions["store"]
    store_game(store, "royal_visit", *simulated("royal_visit", 1, ["Ann", "Bob"]),
               owner=device_of(phone))
    data = phone.get("/export/archive.json").get_json(force=True)
    store.delete(data["games"][0]["id"])
    data["games"][0].update(changes)
    return data


def upload_archive(phone: Phone, data) -> str:
    upload = {"archive": (io.BytesIO(json.dumps(data).encode()), "archive.json")}
    answer = phone.client.post("/import/archive", data={"csrf_token": phone.token, **upload},
                               content_type="multipart/form-data", follow_redirects=True)
    assert answer.status_code < 500
    return answer.get_data(as_text=True)


def game_count(app) -> int:
    with app.extensions["store"].db.connect() as conn:
        return conn.execute(select(func.count()).select_from(games)).scalar_one()


def every_page_answers(phone: Phone) -> None:
    for page in PAGES:
        answer = phone.get(page)
        assert answer.status_code == 200, (page, answer.status_code, answer.get_data(as_text=True)[:300])


@pytest.mark.parametrize("changes, refusal", [
    ({"id": HOSTILE_ID}, "Game 1: It has the id &#34;&lt;b&gt;x&lt;/b&gt; not an id at all&#34;, which is not one"),
    ({"marks": [{"status": "abandoned", "at": "9999-12-31T23:59:59-14:00"}]},
     "Game 1: Mark 1 has a time outside 2000 to today."),
    ({"marks": [{"status": "abandoned", "at": "0001-01-01T00:00:00+14:00"}]},
     "Game 1: Mark 1 has a time outside 2000 to today."),
    ({"players": ["A" * 65, "Bob"]}, "Game 1: Player 1&#39;s name is longer than 30 characters."),
    ({"players": ["ann", "ANN"]}, "Game 1: Every player needs a different name."),
    ({"marks": [{"status": {"a": 1}, "at": "2026-01-01T00:00:00+00:00"}]},
     "Game 1: Mark 1 is not abandoned, played wrong or counts."),
])
def test_a_hostile_archive_is_refused_and_every_page_still_answers(app, phone, changes, refusal):
    data = archive_of(phone, **changes)
    page = upload_archive(phone, data)
    assert "That archive could not be imported" in page and refusal in page
    assert game_count(app) == 0
    every_page_answers(phone)


def test_an_archive_game_keeps_a_good_id_and_its_seats(app, phone):
    data = archive_of(phone, players=["Ann", "Robert"])
    assert "Imported 1 game" in upload_archive(phone, data)
    game_id = data["games"][0]["id"]
    assert phone.get(f"/g/{game_id}").status_code == 200
    names = [p["name"] for p in phone.get("/stats.json").get_json()["players"]]
    assert sorted(names) == ["Ann", "Robert"]
    every_page_answers(phone)


@pytest.mark.parametrize("number", ["\u00b2", "\u0663", "9999999999999999999999999", "2147483648",
                                    "-1", "1.5", " 1", ""])
def test_odd_player_numbers_get_a_400_with_a_sentence(app, phone, number):
    store_game(app.extensions["store"], "royal_visit", *simulated("royal_visit", 1, ["Ann", "Bob"]),
               owner=device_of(phone))
    for path, form in [("/players/rename", {"player": number, "name": "Zed"}),
                       ("/players/merge", {"keep": number, "other": "1"}),
                       ("/players/merge", {"keep": "1", "other": number})]:
        answer = phone.form(path, form)
        assert answer.status_code == 400, (path, form)
        assert "must be a whole number from 1 to 2147483647" in answer.get_data(as_text=True)


def _legacy_unreadable_game(app, owner: str) -> None:
    """A game stored by an older companion under an id no page can load."""
    from datetime import datetime

    with app.extensions["store"].db.begin() as conn:
        conn.execute(insert(games).values(id=HOSTILE_ID, game="royal_visit", options=OPTIONS,
                                          owner=owner, created_at=datetime.now(UTC)))


def test_a_stored_game_that_cannot_be_read_leaves_the_pages_up_and_its_creator_deletes_it(
        app, phone, second_phone):
    create(phone)
    _legacy_unreadable_game(app, device_of(phone))
    every_page_answers(phone)
    stats = phone.get("/stats").get_data(as_text=True)
    assert "1 game could not be read" in stats
    assert "Delete it" in stats and "Delete it" not in second_phone.get("/stats").get_data(as_text=True)
    from urllib.parse import quote

    path = f"/g/{quote(HOSTILE_ID)}/delete"
    assert second_phone.form(path, {}).status_code == 403
    assert phone.form(path, {}).status_code == 302
    assert game_count(app) == 1
    every_page_answers(phone)


def test_the_cli_deletes_a_game_that_cannot_be_read(app, database_url, capsys):
    from companion.cli import main

    _legacy_unreadable_game(app, "someone")
    assert main(["--database", database_url, "export", "--all", "-o", "/dev/null"]) == 0
    assert main(["--database", database_url, "delete", HOSTILE_ID]) == 0
    assert game_count(app) == 0
    assert main(["--database", database_url, "delete", HOSTILE_ID]) == 1
    assert "There is no game" in capsys.readouterr().err


# -- who may change what (companion/web/rights.py), route by route, from a second cookie ---------
# Every POST route is for anyone with the game's link (the table), or names who may use it.
OPEN = {"pages.join", "pages.new", "pages.import_", "api.create", "api.move", "api.check", "api.ask",
        "api.scan", "api.undo", "api.redo", "api.claim_seat", "api.secret", "api.import_",
        "printing.print_page", "stats.import_archive", "speech.choose"}  # speech.choose: this phone's language
CREATOR = {"pages.delete", "api.rulings", "stats.mark"}
SEATED = {"stats.rename", "stats.merge"}


def test_every_route_that_changes_something_says_who_may(app):
    posts = {rule.endpoint for rule in app.url_map.iter_rules() if "POST" in rule.methods}
    assert posts == OPEN | CREATOR | SEATED


def _creator_routes(phone: Phone, game_id: str) -> dict:
    return {
        "stats.mark": lambda: phone.form(f"/g/{game_id}/mark", {"status": "abandoned"}),
        "api.rulings": lambda: phone.post(f"/api/games/{game_id}/rulings",
                                          json={"seq": 0, "rulings": {"direction": "towards-mover"}}),
        "pages.delete": lambda: phone.form(f"/g/{game_id}/delete", {}),
    }


def test_only_the_creator_marks_changes_rulings_and_deletes(app, phone, second_phone):
    game_id = create(phone)["id"]
    second_phone.post(f"/api/games/{game_id}/seat", json={"player": 1})  # a seat is not enough
    for endpoint, send in _creator_routes(second_phone, game_id).items():
        refused = send()
        assert refused.status_code == 403, endpoint
        assert "Only the phone that created this game may" in refused.get_data(as_text=True)
    state = phone.get(f"/api/games/{game_id}").get_json()["game"]
    assert state["seq"] == 0 and state["rulings"]["direction"] != "towards-mover"
    assert "Marked" not in second_phone.get(f"/g/{game_id}").get_data(as_text=True)
    assert "Mark abandoned" not in second_phone.get(f"/g/{game_id}").get_data(as_text=True)
    assert "Mark abandoned" in phone.get(f"/g/{game_id}").get_data(as_text=True)
    for endpoint, send in _creator_routes(phone, game_id).items():
        assert send().status_code in (200, 302), endpoint
    assert game_count(app) == 0


def _person(phone: Phone, name: str) -> int:
    return {p["name"]: p["id"] for p in phone.get("/stats.json").get_json()["players"]}[name]


def test_players_are_renamed_and_merged_by_a_phone_at_every_table_they_sat(app, phone, second_phone):
    store = app.extensions["store"]
    mine = store_game(store, "royal_visit", *simulated("royal_visit", 1, ["Ann", "Bob"]),
                      owner=device_of(phone))
    theirs = store_game(store, "royal_visit", *simulated("royal_visit", 2, ["Bob", "Cid"]),
                        owner="another phone")
    store_game(store, "royal_visit", *simulated("royal_visit", 3, ["Dee", "Eve"]),
               owner="another phone")
    bob, cid, dee = _person(phone, "Bob"), _person(phone, "Cid"), _person(phone, "Dee")
    sentence = "Only a phone that created, or holds a seat in, every game these players sat in"
    for who in (phone, second_phone):  # Bob also sat at a table neither phone was at
        refused = who.form("/players/rename", {"player": str(bob), "name": "Robert"})
        assert refused.status_code == 403 and sentence in refused.get_data(as_text=True)
        assert who.form("/players/merge", {"keep": str(cid), "other": str(dee)}).status_code == 403
    # A seat at the other table is enough.
    assert phone.post(f"/api/games/{theirs}/seat", json={"player": 0}).status_code == 200
    assert second_phone.form("/players/rename", {"player": str(bob), "name": "Robert"}).status_code == 403
    assert phone.form("/players/rename", {"player": str(bob), "name": "Robert"}).status_code == 302
    assert "Robert" in {p["name"] for p in phone.get("/stats.json").get_json()["players"]}
    # Cid sat only at the table this phone holds a seat at; Dee never: no merge.
    assert phone.form("/players/merge", {"keep": str(cid), "other": str(dee)}).status_code == 403
    assert {"Cid", "Dee"} <= {p["name"] for p in phone.get("/stats.json").get_json()["players"]}
    assert mine


def _listed(phone: Phone) -> tuple[set, set]:
    archive = phone.get("/export/archive.json").get_json(force=True)
    plays = phone.get("/export/plays.csv").get_data(as_text=True).splitlines()[1:]
    return {game["id"] for game in archive["games"]}, {row.split(",")[0] for row in plays}


def test_the_archive_and_plays_list_this_phones_games_unless_shared(app, phone, second_phone,
                                                                    database_url):
    store = app.extensions["store"]
    mine = store_game(store, "royal_visit", *simulated("royal_visit", 1, ["Ann", "Bob"]),
                      owner=device_of(phone))
    theirs = store_game(store, "royal_visit", *simulated("royal_visit", 2, ["Bob", "Cid"]),
                        owner="another phone")
    assert _listed(phone) == ({mine}, {mine})
    assert _listed(second_phone) == (set(), set())
    second_phone.post(f"/api/games/{mine}/seat", json={"player": 1})  # it joined that table
    assert _listed(second_phone) == ({mine}, {mine})
    second_phone.get(f"/g/{theirs}")  # it has that game's link: nothing to hide from it
    assert _listed(second_phone) == ({mine, theirs}, {mine, theirs})
    from companion.web import create_app

    shared = create_app({"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "t",
                         "SHARE_STATISTICS": True})
    try:
        assert _listed(Phone(shared)) == ({mine, theirs}, {mine, theirs})
    finally:
        shared.extensions["store"].dispose()


# -- join codes --------------------------------------------------------------------------------
def _code(phone: Phone, game_id: str) -> str:
    import re

    page = phone.get(f"/g/{game_id}").get_data(as_text=True)
    return re.search(r'<p class="join-code" id="join-code">([^<]+)</p>', page).group(1)


def test_wrong_join_codes_are_slowed_down_for_the_client_that_types_them(app, phone, second_phone):
    game_id = create(phone)["id"]
    code = _code(phone, game_id)
    wrong = next(c for c in ("222222", "ZZZZZZ") if c != code)
    second_phone.client.environ_base["REMOTE_ADDR"] = "10.0.0.2"
    for _ in range(app.config["WRONG_CODES"]):
        assert second_phone.form("/join", {"code": wrong}).status_code == 404
    slowed = second_phone.form("/join", {"code": code})  # even the right one, for a while
    assert slowed.status_code == 429
    assert 1 <= int(slowed.headers["Retry-After"]) <= app.config["WRONG_CODES_SECONDS"]
    assert "Too many wrong codes from this phone: try again in" in slowed.get_data(as_text=True)
    # Another phone on the network is not held up.
    third = Phone(app)
    third.client.environ_base["REMOTE_ADDR"] = "10.0.0.3"
    assert third.form("/join", {"code": code}).headers["Location"] == f"/g/{game_id}?joined=1"


def test_the_join_box_takes_the_link_the_game_page_shows_and_keeps_a_wrong_code(phone, second_phone):
    game_id = create(phone)["id"]
    for pasted in (f"http://192.168.1.23:8000/g/{game_id}?joined=1", f" /g/{game_id}/ ",
                   f"https://table.local/g/{game_id}#more"):
        joined = second_phone.form("/join", {"code": pasted})
        assert joined.headers["Location"] == f"/g/{game_id}?joined=1", pasted
    wrong = second_phone.form("/join", {"code": "K7M-2QX"})
    assert wrong.status_code == 404
    page = wrong.get_data(as_text=True)
    assert 'value="K7M-2QX"' in page and "No game has that code" in page
    assert second_phone.form("/join", {"code": "http://["}).status_code == 404



def test_a_game_that_ends_frees_its_join_code_and_an_undo_of_its_end_makes_a_fresh_one(
        app, phone, second_phone):
    store = app.extensions["store"]
    options, moves = simulated("royal_visit", 1, ["Ann", "Bob"])
    game_id = store.create("royal_visit", options, device_of(phone))
    for seq, move in enumerate(moves[:-1]):
        store.append(game_id, seq, "move", move)
    code, last = _code(phone, game_id), len(moves) - 1
    assert second_phone.form("/join", {"code": code}).headers["Location"] == f"/g/{game_id}?joined=1"
    ended = phone.post(f"/api/games/{game_id}/moves", json={"seq": last, "move": moves[-1]})
    assert ended.get_json()["game"]["result"] is not None
    gone = second_phone.form("/join", {"code": code})
    assert gone.status_code == 404 and "No game has that code" in gone.get_data(as_text=True)
    page = phone.get(f"/g/{game_id}").get_data(as_text=True)
    assert "The game is over, so its join code is free for another game" in page
    assert code not in page and 'id="join-code"' not in page
    # The game's link still opens it.
    link = second_phone.form("/join", {"code": f"http://192.168.1.23:8000/g/{game_id}?joined=1"})
    assert link.headers["Location"] == f"/g/{game_id}?joined=1"
    # Undo takes the end back: the game is played on, under a fresh code...
    assert phone.post(f"/api/games/{game_id}/undo", json={"seq": last + 1}).status_code == 200
    fresh = _code(phone, game_id)
    assert second_phone.form("/join", {"code": fresh}).headers["Location"] == f"/g/{game_id}?joined=1"
    # ... which the game's end frees again.
    assert phone.post(f"/api/games/{game_id}/redo", json={"seq": last + 2}).status_code == 200
    assert second_phone.form("/join", {"code": fresh}).status_code == 404


def test_a_finished_game_imported_or_kept_by_an_older_companion_has_no_join_code(app, phone,
                                                                                  second_phone):
    from companion import record as records
    from companion.store.tables import join_codes

    store = app.extensions["store"]
    finished = store_game(store, "royal_visit", *simulated("royal_visit", 2, ["Ann", "Bob"]),
                          owner=device_of(phone))
    exported = records.export(store.load(finished))
    imported = phone.post("/api/import", json=exported).get_json()["game"]["id"]
    assert 'id="join-code"' not in phone.get(f"/g/{imported}").get_data(as_text=True)
    # An older companion kept the code of a game that ended: the code reaches nothing, and is
    # free for another game from then on.
    with store.db.begin() as conn:
        conn.execute(insert(join_codes).values(code="K7M2QP", game_id=finished))
    assert second_phone.form("/join", {"code": "K7M2QP"}).status_code == 404
    with store.db.connect() as conn:
        assert conn.execute(select(join_codes.c.code).where(
            join_codes.c.game_id.in_([finished, imported]))).all() == []


# -- a database that does not answer ------------------------------------------------------------
def _outage_answers(phone: Phone, game_id: str) -> None:
    for answer in (phone.get(f"/api/games/{game_id}"),
                   phone.post(f"/api/games/{game_id}/moves", json={"seq": 0, "move": KING_UP})):
        assert answer.status_code == 503 and answer.headers["Retry-After"] == "2"
        assert "cannot reach its database right now" in answer.get_json()["error"]["message"]
    page = phone.get(f"/g/{game_id}")
    assert page.status_code == 503 and page.headers["Retry-After"] == "2"
    assert "cannot reach its database right now" in page.get_data(as_text=True)


def test_a_database_that_does_not_answer_is_a_503_with_retry_after(app, phone, monkeypatch):
    """The connection refused, as a database restarting refuses it (both databases)."""
    game_id = create(phone)["id"]
    store = app.extensions["store"]
    store.kept.forget(game_id)
    dbapi = store.db.dialect.loaded_dbapi

    def refused(*args, **kwargs):
        raise dbapi.OperationalError("connection refused: the database is restarting")

    with monkeypatch.context() as patch:
        patch.setattr(store.db.pool, "connect", refused)
        _outage_answers(phone, game_id)
    assert phone.post(f"/api/games/{game_id}/moves", json={"seq": 0, "move": KING_UP}).status_code == 200


def test_postgresql_refusing_connections_is_a_503_and_then_recovers(postgresql_url):
    """A real outage: PostgreSQL stops taking connections to the database and ends those open."""
    from sqlalchemy import create_engine, text

    from companion.store.database import normalise_url
    from companion.web import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": postgresql_url, "SECRET_KEY": "t"})
    admin = create_engine(normalise_url(postgresql_url).rsplit("/", 1)[0] + "/postgres",
                          isolation_level="AUTOCOMMIT")
    name = postgresql_url.rsplit("/", 1)[1]
    try:
        phone = Phone(app)
        game_id = create(phone)["id"]
        app.extensions["store"].kept.forget(game_id)
        with admin.connect() as conn:
            conn.execute(text(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS false'))
            conn.execute(text("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                              "WHERE datname = :name AND pid <> pg_backend_pid()"), {"name": name})
        try:
            _outage_answers(phone, game_id)
        finally:
            with admin.connect() as conn:
                conn.execute(text(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS true'))
        moved = phone.post(f"/api/games/{game_id}/moves", json={"seq": 0, "move": KING_UP})
        assert moved.status_code == 200
    finally:
        admin.dispose()
        app.extensions["store"].dispose()


# -- bounded cost --------------------------------------------------------------------------------
def test_the_kept_records_are_bounded_by_their_entries(database_url):
    from companion.store import Store

    store = Store(database_url, cached_games=64, cached_entries=30)
    try:
        games_ = [store.create("royal_visit", OPTIONS, "o") for _ in range(5)]
        for game_id in games_:
            store.load(game_id)
            for seq in range(8):
                store.append(game_id, seq, "move", {"type": "pass"})
        assert store.kept.kept_entries <= 30 and len(store.kept._records) == 3  # the three used last
        assert sum(record.seq for record in store.kept._records.values()) == store.kept.kept_entries
        long = store.create("royal_visit", OPTIONS, "o")
        for seq in range(31):  # a record longer than the bound is read each time, never kept
            store.append(long, seq, "move", {"type": "pass"})
        assert long not in store.kept._records and store.kept.kept_entries <= 30
        assert store.load(long).seq == 31 and store.load(games_[0]).seq == 8
        store.delete(games_[0])
        assert sum(record.seq for record in store.kept._records.values()) == store.kept.kept_entries
    finally:
        store.dispose()


def test_an_import_or_statistics_beyond_their_places_is_told_to_retry(app, phone, monkeypatch):
    """One import and one statistics request at a time (IMPORTS_AT_ONCE, STATISTICS_AT_ONCE);
    others wait BUSY_WAIT_SECONDS, then 503 with Retry-After and a sentence."""
    from companion.web import limits

    app.config["BUSY_WAIT_SECONDS"] = 0.2
    record = phone.get(f"/api/games/{create(phone)['id']}/export").get_json()
    for kind, send, sentence in [
        ("import", lambda: phone.post("/api/import", json=record), "being imported"),
        ("stats", lambda: phone.get("/stats.json"), "statistics are being worked out"),
        ("stats", lambda: phone.get("/export/archive.json"), "statistics are being worked out"),
    ]:
        places = app.extensions["busy"][kind]
        assert places.acquire(timeout=5)  # another request holds the place
        try:
            busy = send()
        finally:
            places.release()
        assert busy.status_code == 503 and busy.headers["Retry-After"] == str(limits.RETRY_AFTER)
        assert sentence in busy.get_data(as_text=True), kind
        assert send().status_code in (200, 201)


def test_statistics_read_a_game_again_only_when_it_got_an_entry(app, phone, monkeypatch):
    from companion.store import Store

    store = app.extensions["store"]
    ids = [store_game(store, "royal_visit", *simulated("royal_visit", seed, ["Ann", "Bob"]),
                      owner=device_of(phone)) for seed in (1, 2, 3)]
    loaded = []
    original = Store.load
    monkeypatch.setattr(Store, "load", lambda self, game_id, keep=True: (
        loaded.append(game_id), original(self, game_id, keep))[1])
    first = phone.get("/stats.json").get_json()
    assert sorted(loaded) == sorted(ids) and first["plays"] == 3
    loaded.clear()
    assert phone.get("/stats.json").get_json() == first and loaded == []
    phone.form(f"/g/{ids[0]}/mark", {"status": "abandoned"})  # a mark: no game read again
    loaded.clear()
    assert phone.get("/stats.json").get_json()["plays"] == 2 and loaded == []
    fresh = create(phone)["id"]
    phone.post(f"/api/games/{fresh}/moves", json={"seq": 0, "move": KING_UP})
    loaded.clear()
    phone.get("/stats.json")
    assert loaded == [fresh]


def test_an_imported_game_is_replayed_once_and_plays_on(app, phone, monkeypatch):
    """The import keeps the record it replayed: its answer and its page do not replay it again,
    and the next move is written against it (both databases)."""
    from companion.record import Record

    game_id = create(phone)["id"]
    phone.post(f"/api/games/{game_id}/moves", json={"seq": 0, "move": KING_UP})
    record = phone.get(f"/api/games/{game_id}/export").get_json()
    replays = []
    original = Record.advanced
    monkeypatch.setattr(Record, "advanced", lambda self, added, imported=False: (
        replays.append(len(added)), original(self, added, imported))[1])
    imported = phone.post("/api/import", json=record)
    assert imported.status_code == 201 and replays == [1]
    copy = imported.get_json()["game"]["id"]
    assert phone.get(f"/g/{copy}").status_code == 200 and replays == [1]
    undone = phone.post(f"/api/games/{copy}/undo", json={"seq": 1})
    assert undone.status_code == 200 and undone.get_json()["game"]["seq"] == 2
    app.extensions["store"].kept.forget(copy)
    assert phone.get(f"/api/games/{copy}").get_json()["game"]["seq"] == 2


def test_a_long_import_is_written_a_part_at_a_time_and_read_back_whole(app, phone, monkeypatch):
    """The tables' moves go between the parts of a long import's write (SQLite has one writer)."""
    from companion.store import games as stored

    monkeypatch.setattr(stored, "IMPORT_CHUNK", 2)
    game_id = create(phone)["id"]
    for seq in range(5):
        assert phone.post(f"/api/games/{game_id}/moves",
                          json={"seq": seq, "move": {"type": "pass"}}).status_code == 200
    record = phone.get(f"/api/games/{game_id}/export").get_json()
    copy = phone.post("/api/import", json=record).get_json()["game"]["id"]
    app.extensions["store"].kept.forget(copy)
    again = phone.get(f"/api/games/{copy}/export").get_json()
    assert again["entries"] == record["entries"]
