"""The hosted deployment (docs/hosting.md, "Running it for a club or a convention"): gunicorn
with two gevent workers on the PostgreSQL test database. A move stored through one worker wakes a phone's
long poll held by the other within a second (LISTEN/NOTIFY, not the 2 s re-read), and a burst
of idle connections does not stop a new phone being served.

Skipped unless gunicorn and gevent are installed (`pip install '.[hosted]'`) and
COMPANION_TEST_DATABASE_URL names a PostgreSQL database. Which worker holds a connection is read
from /proc (Linux), so the test knows the move and the long poll went through different ones.
"""
from __future__ import annotations

import http.client
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from conftest import wipe
from sqlalchemy import create_engine
from test_api import KING_UP, OPTIONS
from test_durability import free_port

from companion.store import normalise_url

pytest.importorskip("gunicorn")
pytest.importorskip("gevent")
POSTGRES = os.environ.get("COMPANION_TEST_DATABASE_URL")
pytestmark = [
    pytest.mark.skipif(not POSTGRES, reason="COMPANION_TEST_DATABASE_URL is not set"),
    pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads sockets from /proc"),
]


class Phone:
    """One keep-alive connection (so one worker), its cookie and the page's CSRF token."""

    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookie = ""
        self.conn.request("GET", "/")
        response = self.conn.getresponse()
        page = response.read().decode()
        self.cookie = response.getheader("Set-Cookie").split(";", 1)[0]
        self.token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict | None]:
        headers = {"Cookie": self.cookie, "X-CSRFToken": self.token}
        if body is not None:
            headers["Content-Type"] = "application/json"
        self.conn.request(method, path, body=json.dumps(body) if body is not None else None,
                          headers=headers)
        response = self.conn.getresponse()
        data = response.read()
        return response.status, json.loads(data) if data else None

    def worker(self, workers: list[int]) -> int:
        """The worker process holding this phone's connection."""
        client_port = self.conn.sock.getsockname()[1]
        for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[2].split(":")[1], 16) == client_port:  # the server's end of it
                inode = fields[9]
                for pid in workers:
                    for fd in Path(f"/proc/{pid}/fd").iterdir():
                        try:
                            if os.readlink(fd) == f"socket:[{inode}]":
                                return pid
                        except OSError:
                            continue
        raise AssertionError("no worker holds this connection")


@pytest.fixture
def gunicorn(tmp_path):
    db = create_engine(normalise_url(POSTGRES))
    try:
        wipe(db)  # both workers start on an empty database: one makes the schema, the other waits
    finally:
        db.dispose()
    port = free_port()
    master = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-k", "gevent", "-w", "2", "--worker-connections", "1000",
         "-b", f"127.0.0.1:{port}", 'companion.web:create_app({"WAITING_PHONES": 500})'],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "COMPANION_DATABASE_URL": POSTGRES, "COMPANION_SECRET_KEY": "hosted",
             "COMPANION_DATA_DIR": str(tmp_path)})
    try:
        deadline = time.monotonic() + 20
        workers: list[int] = []
        while time.monotonic() < deadline:
            children = Path(f"/proc/{master.pid}/task/{master.pid}/children")
            workers = [int(pid) for pid in children.read_text().split()] if children.exists() else []
            try:
                if len(workers) == 2:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
            except OSError:
                pass
            time.sleep(0.1)
        else:
            raise AssertionError("gunicorn did not start two workers")
        yield port, workers
    finally:
        master.terminate()
        master.wait(10)


def test_a_move_through_one_worker_wakes_a_long_poll_held_by_the_other(gunicorn):
    port, workers = gunicorn
    mover = Phone(port)
    status, body = mover.request("POST", "/api/games", {"game": "royal_visit", "options": OPTIONS})
    assert status == 201
    game_id = body["game"]["id"]
    follower = Phone(port)
    opened = [follower]  # keep every connection open: each one stays on its worker
    while follower.worker(workers) == mover.worker(workers):
        follower = Phone(port)
        opened.append(follower)
        assert len(opened) < 50, "every new connection went to the mover's worker"
    answer: dict = {}

    def follow():
        answer["status"], answer["body"] = follower.request(
            "GET", f"/api/games/{game_id}?since=0&wait=10")
        answer["at"] = time.perf_counter()

    waiting = threading.Thread(target=follow)
    waiting.start()
    time.sleep(0.5)  # the follower's request is held by now
    assert waiting.is_alive(), answer
    moved = time.perf_counter()
    status, _ = mover.request("POST", f"/api/games/{game_id}/moves", {"seq": 0, "move": KING_UP})
    assert status == 200
    waiting.join(10)
    assert answer["status"] == 200 and answer["body"]["game"]["seq"] == 1
    # Within a second: the word came by NOTIFY (a waiting phone re-reads the count only every 2 s).
    assert answer["at"] - moved < 1.0, f"the other worker's phone heard after {answer['at'] - moved:.2f} s"


def test_idle_connections_do_not_stop_a_new_phone(gunicorn):
    port, _ = gunicorn
    idle = []
    try:
        for _ in range(600):  # 300 a worker, none of them sending a byte
            idle.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        time.sleep(0.5)
        # Answered while every idle connection is still held open (a worker that waited on
        # them would leave this request unanswered until its timeout); no clock is read.
        phone = Phone(port)
        status, _ = phone.request("POST", "/api/games", {"game": "royal_visit", "options": OPTIONS})
        assert status == 201
        for sock in idle[:5] + idle[-5:]:
            sock.setblocking(False)
            with pytest.raises(BlockingIOError):  # still open: nothing to read, not closed
                sock.recv(1)
    finally:
        for sock in idle:
            sock.close()
