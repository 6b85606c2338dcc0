"""Instant updates (issue 13): a phone's request for news is held until the game changes, in
one process and across processes (PostgreSQL's LISTEN/NOTIFY; SQLite by re-reading)."""
from __future__ import annotations

import threading
import time

import pytest
from conftest import KING_UP, Phone, create

from companion import changes
from companion.web import create_app

# No test here reads a clock against a figure: a phone's request for news is held for LONG
# (unless word wakes it), and each answer that must come "at once" must come within SOON, a
# bound no loaded machine misses and one a held request cannot meet.
LONG = 600
SOON = 60


@pytest.fixture
def word_only(monkeypatch):
    """Waiting phones are woken by word of a change alone: the re-read of the entry count every
    RECHECK seconds is put off beyond LONG, so a phone answered before its wait ends was woken
    by the word."""
    monkeypatch.setattr(changes, "RECHECK", 2.0 * LONG)


def holding(monkeypatch, app) -> threading.Event:
    """Set once a phone's request for news is held, waiting for word of its game (the event
    the tests wait for instead of sleeping)."""
    app.config["LONG_POLL_SECONDS"] = LONG
    store = app.extensions["store"]
    held = threading.Event()
    wait = store.changes.wait

    def waiting(*args):
        held.set()
        return wait(*args)

    monkeypatch.setattr(store.changes, "wait", waiting)
    return held


def follow(phone, game_id: str, since: int, wait: float) -> dict:
    """Start a long poll in a thread; the dict fills with the answer."""
    answer: dict = {}

    def run():
        response = phone.get(f"/api/games/{game_id}?since={since}&wait={wait}")
        answer.update(status=response.status_code,
                      game=response.get_json()["game"] if response.status_code == 200 else None)

    thread = threading.Thread(target=run, daemon=True)  # one never answered is not waited for
    thread.start()
    answer["thread"] = thread
    return answer


def test_a_waiting_phone_hears_of_a_move_at_once(app, phone, second_phone, monkeypatch, word_only):
    held = holding(monkeypatch, app)
    game = create(phone)
    waiting = follow(second_phone, game["id"], 0, LONG)
    assert held.wait(SOON) and "status" not in waiting  # held, not answered
    phone.post(f"/api/games/{game['id']}/moves", json={"seq": 0, "move": KING_UP})
    waiting["thread"].join(SOON)  # woken by the move's word, not by a re-read or the end of it
    assert waiting.get("status") == 200 and waiting["game"]["seq"] == 1
    assert waiting["game"]["history"][0]["seq"] == 0


def test_a_waiting_phone_gets_204_when_nothing_happens(app, phone, monkeypatch):
    held = holding(monkeypatch, app)
    game = create(phone)
    assert phone.get(f"/api/games/{game['id']}?since=0&wait=0.4").status_code == 204
    assert held.is_set()  # held for word first, not answered at once


@pytest.mark.parametrize("wait", ["nan", "inf", "-1", "0", "x", "1e999"])
def test_odd_waits_answer_at_once(app, phone, monkeypatch, wait):
    held = holding(monkeypatch, app)  # an odd wait taken as a long one would hold LONG
    game = create(phone)
    answer = follow(phone, game["id"], 0, wait)
    answer["thread"].join(SOON)
    assert answer.get("status") == 204 and not held.is_set()


def test_when_every_place_for_waiting_is_taken_a_phone_is_answered_at_once(database_url,
                                                                           monkeypatch):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "t",
                      "WAITING_PHONES": 1})
    held = holding(monkeypatch, app)
    try:
        phone, other = Phone(app), Phone(app)
        game = create(phone)
        waiting = follow(phone, game["id"], 0, LONG)
        assert held.wait(SOON)
        answer = follow(other, game["id"], 0, LONG)
        answer["thread"].join(SOON)  # the one place was taken: polled, not held
        assert answer.get("status") == 204
        other.post(f"/api/games/{game['id']}/moves", json={"seq": 0, "move": KING_UP})
        waiting["thread"].join(SOON)
        assert waiting.get("status") == 200
    finally:
        app.extensions["store"].dispose()


def test_a_phone_on_another_process_hears_of_a_move(database_url, monkeypatch):
    """Two apps on one database are two server processes. On PostgreSQL the word comes by
    NOTIFY (the re-read is put off beyond the wait: only the word can wake the phone); on SQLite
    the waiting process re-reads the count every RECHECK seconds."""
    if database_url.startswith("postgresql"):
        monkeypatch.setattr(changes, "RECHECK", 2.0 * LONG)
    apps = [create_app({"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "t"})
            for _ in range(2)]
    held = holding(monkeypatch, apps[1])
    try:
        mover, follower = Phone(apps[0]), Phone(apps[1])
        game = create(mover)
        if database_url.startswith("postgresql"):
            follower.get(f"/api/games/{game['id']}?since=0&wait=0.2")  # starts the listener
            _listening(apps[1].extensions["store"])
        waiting = follow(follower, game["id"], 0, LONG)
        assert held.wait(SOON)
        mover.post(f"/api/games/{game['id']}/moves", json={"seq": 0, "move": KING_UP})
        waiting["thread"].join(SOON)  # long before the wait ends
        assert waiting.get("status") == 200 and waiting["game"]["seq"] == 1
    finally:
        for app in apps:
            app.extensions["store"].dispose()


def test_news_answered_late_never_puts_back_an_old_cookie(phone):
    """A long poll answered after the phone moved on (a flash message, a game remembered) must
    not send the cookie as it stood when the poll began: only a changed session is sent."""
    game = create(phone)
    assert "Set-Cookie" not in phone.get(f"/api/games/{game['id']}?since=0&wait=0.1").headers
    assert "Set-Cookie" in phone.get(f"/g/{game['id']}").headers  # the page remembers the game


def _listening(store, connection_at_least: int = 1) -> None:
    deadline = time.monotonic() + 5
    while store.changes.connection() < connection_at_least:
        assert time.monotonic() < deadline, "the listener did not start"
        time.sleep(0.02)


def test_polls_answered_from_the_word_of_each_write_keep_up_with_the_database(postgresql_url):
    """On PostgreSQL a process answers "anything new?" from the word every write sends while
    it listens: never ahead of the database, and caught up as soon as the word arrives."""
    from companion.store import Store

    mover, follower = Store(postgresql_url), Store(postgresql_url)
    try:
        game_id = mover.create("royal_visit", {"players": ["Ann", "Bob"], "wizard": 0}, owner="x")
        assert follower.seq(game_id) == 0
        _listening(follower)
        for number in range(8):
            mover.append(game_id, number, "move" if number % 2 == 0 else "undo", KING_UP)
            deadline = time.monotonic() + 2
            while (seen := follower.seq(game_id)) != number + 1:
                assert seen <= number + 1 and time.monotonic() < deadline
                time.sleep(0.005)
        asked = []
        follower._count.rows = lambda **values: asked.append(values)  # the database is not asked
        assert follower.seq(game_id) == 8 and asked == []
    finally:
        mover.dispose()
        follower.dispose()


def test_a_listener_cut_off_forgets_what_it_heard(postgresql_url):
    """Word sent while a process's listening connection is broken is lost: the process asks
    the database again until it listens anew."""
    import psycopg

    from companion.store import Store

    mover, follower = Store(postgresql_url), Store(postgresql_url)
    try:
        game_id = mover.create("royal_visit", {"players": ["Ann", "Bob"], "wizard": 0}, owner="x")
        follower.seq(game_id)
        _listening(follower)
        mover.append(game_id, 0, "move", KING_UP)
        deadline = time.monotonic() + 2
        while follower.seq(game_id) != 1:
            assert time.monotonic() < deadline
            time.sleep(0.005)
        with psycopg.connect(postgresql_url, autocommit=True) as admin:
            # this database's only: other runs' and servers' listeners on the server go on
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                          "WHERE datname = current_database() "
                          "AND (query LIKE 'LISTEN companion%' OR query = 'SELECT 1')")
        deadline = time.monotonic() + 2
        while follower.changes.connection() != 0:  # the listener finds its connection gone
            assert time.monotonic() < deadline
            time.sleep(0.005)
        mover.append(game_id, 1, "undo", None)  # its word reaches nobody in the follower
        _listening(follower, 2)  # listening again, on a new connection
        assert follower.seq(game_id) == 2
        mover.append(game_id, 2, "redo", None)
        deadline = time.monotonic() + 2
        while follower.seq(game_id) != 3:
            assert time.monotonic() < deadline
            time.sleep(0.005)
    finally:
        mover.dispose()
        follower.dispose()
