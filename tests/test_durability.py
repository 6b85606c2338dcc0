"""Kill -9 during writes loses no acknowledged move (issue 13), on SQLite and PostgreSQL: phones
keep entering moves into `companion serve`, the server is killed without warning several
times, and every entry it answered 200 for is in the record afterwards."""
from __future__ import annotations

import http.client
import http.cookiejar
import json
import os
import re
import signal
import threading
import time
import urllib.error
import urllib.request

from conftest import KING_UP, OPTIONS, free_port, start

KILLS = 3
TABLES = 3


class Client:
    """A phone over real HTTP: its cookie and the page's CSRF token."""

    def __init__(self, base: str):
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        page = self.opener.open(base + "/", timeout=5).read().decode()
        self.token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)

    def post(self, path: str, body: dict) -> tuple[int, dict]:
        request = urllib.request.Request(
            self.base + path, data=json.dumps(body).encode(), method="POST",
            headers={"Content-Type": "application/json", "X-CSRFToken": self.token})
        try:
            with self.opener.open(request, timeout=5) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as error:
            return error.code, {}

    def get(self, path: str) -> dict:
        with self.opener.open(self.base + path, timeout=5) as response:
            return json.load(response)


def test_no_acknowledged_move_is_lost_when_the_server_is_killed(database_url, tmp_path):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start(database_url, port, str(tmp_path))
    phones = [Client(base) for _ in range(TABLES)]
    games = [phone.post("/api/games", {"game": "royal_visit", "options": OPTIONS})[1]["game"]["id"]
             for phone in phones]
    acknowledged: list[dict[int, str]] = [{} for _ in games]  # entry number -> kind, answered 200
    stop = threading.Event()

    def play(table: int):
        phone, game_id, seq = phones[table], games[table], 0
        while not stop.is_set():
            kind = "move" if seq % 2 == 0 else "undo"
            body = {"seq": seq, "move": KING_UP} if kind == "move" else {"seq": seq}
            try:
                status, answer = phone.post(f"/api/games/{game_id}/{'moves' if kind == 'move' else 'undo'}", body)
            except (OSError, urllib.error.URLError, http.client.HTTPException, ValueError):
                # the server is down, or died while answering (no whole answer is no
                # acknowledgement): ask what it kept once it is back
                time.sleep(0.05)
                try:
                    seq = phone.get(f"/api/games/{game_id}")["game"]["seq"]
                except (OSError, urllib.error.URLError, ValueError):
                    pass
                continue
            if status == 200:
                acknowledged[table][seq] = kind
                seq = answer["game"]["seq"]
            elif status == 409:
                seq = phone.get(f"/api/games/{game_id}")["game"]["seq"]

    writers = [threading.Thread(target=play, args=(table,)) for table in range(TABLES)]
    for writer in writers:
        writer.start()
    try:
        for _ in range(KILLS):
            time.sleep(1.0)
            os.kill(server.pid, signal.SIGKILL)
            server.wait()
            server = start(database_url, port, str(tmp_path))
        time.sleep(0.5)
    finally:
        stop.set()
        for writer in writers:
            writer.join(15)
    try:
        total = 0
        for table, game_id in enumerate(games):
            record = phones[table].get(f"/api/games/{game_id}/export")
            kept = {entry["seq"]: entry["kind"] for entry in record["entries"]}
            assert acknowledged[table], "no move was acknowledged at all"
            for seq, kind in acknowledged[table].items():
                assert kept.get(seq) == kind, f"acknowledged entry {seq} ({kind}) was lost"
            assert sorted(kept) == list(range(len(kept)))  # no gap, no double
            total += len(acknowledged[table])
        assert total > 20
    finally:
        server.terminate()
        server.wait(10)
