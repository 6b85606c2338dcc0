"""The hosted deployment (docs/hosting.md, "Running it for a club or a convention"): gunicorn with two
gevent workers on the PostgreSQL test database. A move stored through one worker wakes a phone's
long poll held by the other (LISTEN/NOTIFY: the re-read every 2 s is put off beyond the wait
here, so nothing else can), and a burst of idle connections does not stop a new phone being
served.

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
from conftest import KING_UP, OPTIONS, free_port, wipe
from sqlalchemy import create_engine

from companion.store.database import normalise_url

pytest.importorskip("gunicorn")
pytest.importorskip("gevent")
POSTGRES = os.environ.get("COMPANION_TEST_DATABASE_URL")
SOON = 60  # "at once": a bound no loaded machine misses, and a held request (600 s) cannot meet
# gunicorn closes a connection that sent no request for this long (its --keep-alive; by default
# 2 s, which a loaded machine can take between two requests of a phone here): each connection
# stays open, on its worker, for as long as a test needs it.
IDLE = 600
pytestmark = [
    pytest.mark.skipif(not POSTGRES, reason="COMPANION_TEST_DATABASE_URL is not set"),
    pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads sockets from /proc"),
]


class Phone:
    """One keep-alive connection (so one worker), its cookie and the page's CSRF token."""

    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=SOON)
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


# The app as the workers serve it, but for two things the tests need: a phone's request for news
# is woken by word of a change alone (the re-read every RECHECK seconds is put off beyond any
# wait), and a held request says so in a file named after its game once its worker listens (the
# event the test waits for: word sent before the worker's listener began to LISTEN is lost, and
# the first request for news starts that listener).
HOSTED_APP = """
import time
from pathlib import Path

from companion import changes
from companion.web import create_app

changes.RECHECK = 1200.0
_wait = changes.Changes.wait


def _held(self, game_id, version, timeout):
    self._start_listening()
    while not self.connection():
        time.sleep(0.05)
    (Path(__file__).parent / f"held-{game_id}").touch()
    return _wait(self, game_id, version, timeout)


changes.Changes.wait = _held
app = create_app({"WAITING_PHONES": 500, "LONG_POLL_SECONDS": 600})
"""


@pytest.fixture
def gunicorn(tmp_path):
    db = create_engine(normalise_url(POSTGRES))
    try:
        wipe(db)  # both workers start on an empty database: one makes the schema, the other waits
    finally:
        db.dispose()
    port = free_port()
    (tmp_path / "hosted_app.py").write_text(HOSTED_APP)
    master = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-k", "gevent", "-w", "2", "--worker-connections", "1000",
         "--keep-alive", str(IDLE), "-b", f"127.0.0.1:{port}", "--pythonpath", str(tmp_path), "hosted_app:app"],
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
        try:
            master.wait(10)
        except subprocess.TimeoutExpired:  # a worker still holding a request
            master.kill()
            master.wait(10)


def test_a_move_through_one_worker_wakes_a_long_poll_held_by_the_other(gunicorn, tmp_path):
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
            "GET", f"/api/games/{game_id}?since=0&wait=600")

    waiting = threading.Thread(target=follow, daemon=True)
    waiting.start()
    held = tmp_path / f"held-{game_id}"
    deadline = time.monotonic() + SOON
    while not held.exists():  # the follower's request is held by its worker
        assert time.monotonic() < deadline and waiting.is_alive(), answer
        time.sleep(0.05)
    status, _ = mover.request("POST", f"/api/games/{game_id}/moves", {"seq": 0, "move": KING_UP})
    assert status == 200
    waiting.join(SOON)  # woken by NOTIFY: nothing else answers before the 600 s wait ends
    assert answer.get("status") == 200 and answer["body"]["game"]["seq"] == 1


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
