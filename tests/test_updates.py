"""Instant updates (issue 13): a phone's request for news is held until the game changes, in
one process and across processes (PostgreSQL's LISTEN/NOTIFY; SQLite by re-reading)."""
from __future__ import annotations

import threading
import time

import pytest

from companion import changes
from companion.web import create_app
from conftest import Phone
from conftest import KING_UP, create


def follow(phone, game_id: str, since: int, wait: float) -> dict:
    """Start a long poll in a thread; the dict fills with the answer and its delay."""
    answer: dict = {}

    def run():
        asked = time.monotonic()
        response = phone.get(f"/api/games/{game_id}?since={since}&wait={wait}")
        answer.update(status=response.status_code, seconds=time.monotonic() - asked,
                      game=response.get_json()["game"] if response.status_code == 200 else None)

    thread = threading.Thread(target=run)
    thread.start()
    answer["thread"] = thread
    return answer


def test_a_waiting_phone_hears_of_a_move_at_once(phone, second_phone):
    game = create(phone)
    waiting = follow(second_phone, game["id"], 0, 10)
    time.sleep(0.3)
    assert "status" not in waiting  # still held
    moved = time.monotonic()
    phone.post(f"/api/games/{game['id']}/moves", json={"seq": 0, "move": KING_UP})
    waiting["thread"].join(5)
    assert waiting["status"] == 200 and waiting["game"]["seq"] == 1
    assert waiting["game"]["history"][0]["seq"] == 0
    assert time.monotonic() - moved < 1.0  # woken by the move, not by the re-read


def test_a_waiting_phone_gets_204_when_nothing_happens(phone):
    game = create(phone)
    started = time.monotonic()
    assert phone.get(f"/api/games/{game['id']}?since=0&wait=0.4").status_code == 204
    assert 0.35 < time.monotonic() - started < 3


@pytest.mark.parametrize("wait", ["nan", "inf", "-1", "0", "x", "1e999"])
def test_odd_waits_answer_at_once(phone, wait):
    game = create(phone)
    started = time.monotonic()
    assert phone.get(f"/api/games/{game['id']}?since=0&wait={wait}").status_code == 204
    assert time.monotonic() - started < 1


def test_when_every_place_for_waiting_is_taken_a_phone_is_answered_at_once(database_url):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "t",
                      "WAITING_PHONES": 1})
    try:
        phone, other = Phone(app), Phone(app)
        game = create(phone)
        held = follow(phone, game["id"], 0, 3)
        time.sleep(0.3)
        started = time.monotonic()
        assert other.get(f"/api/games/{game['id']}?since=0&wait=3").status_code == 204
        assert time.monotonic() - started < 1  # the one place was taken: polled, not held
        other.post(f"/api/games/{game['id']}/moves", json={"seq": 0, "move": KING_UP})
        held["thread"].join(5)
        assert held["status"] == 200
    finally:
        app.extensions["store"].dispose()


def test_a_phone_on_another_process_hears_of_a_move(database_url):
    """Two apps on one database are two server processes. On PostgreSQL the word comes by
    NOTIFY at once; on SQLite the waiting process re-reads the count every RECHECK seconds."""
    apps = [create_app({"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "t"})
            for _ in range(2)]
    try:
        mover, follower = Phone(apps[0]), Phone(apps[1])
        game = create(mover)
        follower.get(f"/api/games/{game['id']}?since=0&wait=0.2")  # starts the listener
        time.sleep(0.5)
        waiting = follow(follower, game["id"], 0, 10)
        time.sleep(0.3)
        moved = time.monotonic()
        mover.post(f"/api/games/{game['id']}/moves", json={"seq": 0, "move": KING_UP})
        waiting["thread"].join(10)
        assert waiting["status"] == 200 and waiting["game"]["seq"] == 1
        delay = time.monotonic() - moved
        if database_url.startswith("postgresql"):
            assert delay < 1.0
        else:
            assert delay < changes.RECHECK + 1
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
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                          "WHERE query LIKE 'LISTEN companion%' OR query = 'SELECT 1'")
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
