"""Heavy and hostile requests against the table: ``python benchmarks/abuse.py [--postgresql URL]
[--parts photos,statistics,imports,games]``.

- photos: while 10 tables play (one phone each, move round trips in a loop), phones send at once
  eight 7000 x 7000 PNGs, eight tiny lossless WebP files of 7000 x 7000, 32 ordinary photos to
  scan and 8 prints of a deck. Prints the tables' p50/p99 before and during, how the scans and
  prints were answered (200/422 read or refused, 503 told to retry), and the server's RSS at its
  peak and after. Targets (issue 13): the tables' p99 under 200 ms, RSS under 1 GB and back
  under 400 MB after. (How much a photo may cost to decode is companion/scan/'s budget.)
- statistics: 1,000 finished games imported (the engines' simulated games under many names),
  then the Statistics page: its first request (every game read once) and the next ones
  (p50 of 5). Target (issue 23): under 300 ms.
- imports: while 10 tables play, four maximal imports (a Royal Visit record of passes as long
  as the 2 MB body limit takes) and eight statistics requests at once: the tables' p50/p99
  (target < 200 ms) and how those requests were answered; then 64 maximal imports one after
  another (told to retry: after Retry-After) and the server's RSS after them (target < 500 MB).
- games: 10,000 games created and played (two moves each) by four phones: RSS after each
  2,500 (target < 400 MB, flat).
- fuzz: tests/test_fuzz.py's generated requests (every route of the URL map, values of every
  kind) sent over HTTP, 20,000 (``--fuzz N``): how they were answered, 5xx other than 503 and
  hangs (no answer within 10 s; 35 s for a long poll, ``wait=S``, held up to 25 s) counted
  (target: none of either).
- heads: how soon the server closes a connection that sends no whole request head, from its
  first byte (p50 and the worst of 10): a request head trickled a byte every 0.1 s, a request
  line that never ends (a byte every 10 ms), one gone quiet after its first bytes (targets, issue
  23: 408 and closed within 1 s), and a TLS hello (400 at once), beside the floor: a whole
  request answered and closed on a new connection. Then the tables' p50/p99 alone and while 100
  connections trickle heads.

The server runs as in benchmarks/web.py, on 127.0.0.1, as `companion serve` starts.
"""
from __future__ import annotations

import argparse
import io
import json
import os
import select
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from web import Phone, Server, load

TABLES = 10
PARTS = ("photos", "statistics", "imports", "games", "fuzz", "heads")
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou"]


def images() -> dict[str, bytes]:
    import numpy as np
    from PIL import Image

    big = Image.fromarray(np.zeros((7000, 7000, 3), dtype=np.uint8))
    png, webp, small = io.BytesIO(), io.BytesIO(), io.BytesIO()
    big.save(png, "PNG")
    big.save(webp, "WEBP", lossless=True)
    Image.fromarray(np.full((1200, 1600, 3), 200, dtype=np.uint8)).save(small, "JPEG")
    return {"png 7000x7000": png.getvalue(), "webp 7000x7000": webp.getvalue(), "photo": small.getvalue()}


def multipart(field: str, data: bytes) -> tuple[bytes, str]:
    boundary = "abuse-boundary"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"x\"\r\n"
            f"Content-Type: application/octet-stream\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def send_photo(port: int, game_id: str, photo: bytes) -> int:
    phone = Phone(port)
    body, kind = multipart("photo", photo)
    phone.conn.request("POST", f"/api/games/{game_id}/scan", body=body,
                       headers={"Cookie": phone.cookie, "X-CSRFToken": phone.token, "Content-Type": kind})
    response = phone.conn.getresponse()
    response.read()
    return response.status


def send_print(port: int) -> int:
    phone = Phone(port)
    body = f"csrf_token={phone.token}&what=royal-visit&paper=a4".encode()
    phone.conn.request("POST", "/print", body=body, headers={
        "Cookie": phone.cookie, "Content-Type": "application/x-www-form-urlencoded"})
    response = phone.conn.getresponse()
    response.read()
    return response.status


def photos_part(server: Server, name: str, photos: dict[str, bytes]) -> list[tuple[str, str, str]]:
    rows = []
    before = load(server.port, TABLES, 3.0, bare=False)
    rows.append((f"{name}: {TABLES} tables alone (p50; p99 ms)", f"{before[1]:.1f}; {before[2]:.1f}", ""))
    game_id = Phone(server.port).create()
    answers: dict[str, Counter] = {what: Counter() for what in [*photos, "print"]}
    jobs = ([(what, photos[what]) for what in ("png 7000x7000", "webp 7000x7000") for _ in range(8)]
            + [("photo", photos["photo"])] * 32)

    def scan(what, data):
        answers[what][send_photo(server.port, game_id, data)] += 1

    def draw():
        answers["print"][send_print(server.port)] += 1

    threads = [threading.Thread(target=scan, args=job) for job in jobs]
    threads += [threading.Thread(target=draw) for _ in range(8)]
    during, peak = during_load(server, threads)
    rows.append((f"{name}: {TABLES} tables during the abuse (p50; p99 ms)",
                 f"{during[1]:.1f}; {during[2]:.1f}", "p99 < 200"))
    for what, counts in answers.items():
        rows.append((f"{name}: {what} answered", answered(counts), ""))
    rows.append((f"{name}: server RSS at the peak; after", f"{peak:.0f} MB; {server.usage()[1]:.0f} MB",
                 "< 1024; < 400"))
    return rows


def during_load(server: Server, threads: list[threading.Thread]) -> tuple[tuple, float]:
    """The tables' load while ``threads`` run, and the server's peak RSS meanwhile."""
    peak = [0.0]
    done = threading.Event()

    def watch():
        while not done.is_set():
            peak[0] = max(peak[0], server.usage()[1])
            time.sleep(0.05)

    watcher = threading.Thread(target=watch)
    watcher.start()
    for thread in threads:
        thread.start()
    during = load(server.port, TABLES, 6.0, bare=False)
    for thread in threads:
        thread.join()
    done.set()
    watcher.join()
    time.sleep(2.0)
    return during, peak[0]


def answered(counts: Counter) -> str:
    return ", ".join(f"{n} x {status}" for status, n in sorted(counts.items()))


def post(phone: Phone, path: str, data: bytes) -> tuple[int, int]:
    """POST JSON text as it is (compact); the status and the Retry-After asked."""
    phone.conn.request("POST", path, body=data, headers={
        "Cookie": phone.cookie, "X-CSRFToken": phone.token, "Content-Type": "application/json"})
    response = phone.conn.getresponse()
    response.read()
    if response.getheader("Set-Cookie"):
        phone.cookie = response.getheader("Set-Cookie").split(";", 1)[0]
    return response.status, int(response.getheader("Retry-After") or 0)


def maximal_record(limit: int = 2 * 1024 * 1024) -> bytes:
    """A legal Royal Visit record of passes, as long as a body of ``limit`` bytes takes."""
    import companion.games  # noqa: F401
    from companion import engine as protocol

    engine = protocol.get_engine("royal_visit")
    options = {"players": ["Ann", "Bob"], "wizard": 0}
    replay, history = protocol.replay(engine, options, [])
    entries = []
    size = 200
    while True:
        entry = {"seq": len(entries), "kind": "move", "player": engine.to_move(replay.state),
                 "at": "2026-01-01T00:00:00+00:00", "payload": {"type": "pass"}}
        size += len(json.dumps(entry, separators=(",", ":"))) + 1
        if size > limit - 1024:
            break
        protocol.step(engine, replay, history, "move", entry["payload"])
        entries.append(entry)
    record = {"format": "companion-game", "version": 1, "game": "royal_visit", "options": options,
              "entries": entries}
    return json.dumps(record, separators=(",", ":")).encode()


def finished_records(count: int) -> list[bytes]:
    """``count`` records of finished games: 40 simulated games (the four games in turn), each
    under many sets of names."""
    from stats_games import simulated, store_game

    from companion import record as records
    from companion.store import Store

    mix = [("royal_visit", 2), ("majesty", 3), ("kings_court", 4), ("kingseat", 4)]
    bases = []
    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{folder}/base.db")
        for seed in range(40):
            game, players = mix[seed % len(mix)]
            game_id = store_game(store, game, *simulated(game, seed, NAMES[:players]))
            bases.append(records.export(store.load(game_id)))
        store.dispose()
    out = []
    for number in range(count):
        base = json.loads(json.dumps(bases[number % len(bases)]))
        players = len(base["options"]["players"])
        start = (number // len(bases)) % len(NAMES)
        base["options"]["players"] = [f"{NAMES[(start + k) % len(NAMES)]}{number // 480 or ''}"
                                      for k in range(players)]
        for drop in ("id", "created_at", "result", "final"):
            base.pop(drop, None)
        out.append(json.dumps(base, separators=(",", ":")).encode())
    return out


def retried(phone: Phone, path: str, data: bytes) -> int:
    """POST until it is not told to retry (503), waiting as it is told."""
    while True:
        status, retry = post(phone, path, data)
        if status != 503:
            return status
        time.sleep(retry or 1)


def get_ms(phone: Phone, path: str) -> tuple[int, float]:
    began = time.perf_counter()
    status, _ = phone.request("GET", path)
    return status, (time.perf_counter() - began) * 1000


def statistics_part(server: Server, name: str) -> list[tuple[str, str, str]]:
    phone = Phone(server.port)
    answers = Counter(retried(phone, "/api/import", record) for record in finished_records(1000))
    first = get_ms(phone, "/stats")
    rest = [get_ms(phone, "/stats") for _ in range(5)]
    return [(f"{name}: 1,000 finished games imported", answered(answers), ""),
            (f"{name}: Statistics page at 1,000 games: first; then p50 (ms)",
             f"{first[1]:.0f}; {statistics.median(ms for _, ms in rest):.0f}", "< 300")]


def imports_part(server: Server, name: str, record: bytes) -> list[tuple[str, str, str]]:
    answers: dict[str, Counter] = {"import": Counter(), "statistics": Counter()}

    def send_import():
        answers["import"][post(Phone(server.port), "/api/import", record)[0]] += 1

    def ask_statistics():
        answers["statistics"][Phone(server.port).request("GET", "/stats.json")[0]] += 1

    threads = [threading.Thread(target=send_import) for _ in range(4)]
    threads += [threading.Thread(target=ask_statistics) for _ in range(8)]
    during, peak = during_load(server, threads)
    rows = [(f"{name}: {TABLES} tables during 4 imports and 8 statistics (p50; p99 ms)",
             f"{during[1]:.1f}; {during[2]:.1f}", "p99 < 200")]
    rows += [(f"{name}: {what} answered", answered(counts), "") for what, counts in answers.items()]
    phone = Phone(server.port)
    statuses = Counter(retried(phone, "/api/import", record) for _ in range(64))
    rows.append((f"{name}: 64 maximal imports ({len(record) / 1e6:.2f} MB each) answered",
                 answered(statuses), ""))
    rows.append((f"{name}: server RSS at the peak during the imports above; after 64",
                 f"{peak:.0f} MB; {server.usage()[1]:.0f} MB", "; < 500"))
    return rows


def games_part(server: Server, name: str) -> list[tuple[str, str, str]]:
    sizes = []
    for _ in range(4):
        def play():
            phone = Phone(server.port)
            for _ in range(625):
                game_id = phone.create()
                phone.round_trip(game_id, 0)
                phone.round_trip(game_id, 1)

        threads = [threading.Thread(target=play) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        sizes.append(server.usage()[1])
    return [(f"{name}: RSS after 2,500 / 5,000 / 7,500 / 10,000 games played",
             " / ".join(f"{size:.0f}" for size in sizes) + " MB", "< 400, flat")]


def fuzz_part(server: Server, name: str, count: int) -> list[tuple[str, str, str]]:
    import http.client
    from urllib.parse import urlencode

    import test_fuzz as fuzz
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import strategies as st
    from werkzeug.datastructures import FileStorage
    from werkzeug.test import stream_encode_multipart

    from companion.web import create_app

    routes_of = create_app({"DATABASE_URL": "sqlite://", "SECRET_KEY": "routes"})  # its URL map
    phone = Phone(server.port)
    real = [phone.create(), phone.create()]
    answers: Counter = Counter()

    def over_http(method: str, path: str, how: str | None, body) -> int:
        headers = {"Cookie": phone.cookie, "X-CSRFToken": phone.token}
        data = None
        if how in ("json", "raw"):
            data, headers["Content-Type"] = body, "application/json"
        elif how == "form":
            data = urlencode({key: value.encode("utf-8", "surrogatepass")
                              for key, value in {"csrf_token": phone.token, **body}.items()}).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        elif how is not None:
            stream, _length, boundary = stream_encode_multipart(
                {"csrf_token": phone.token, how: FileStorage(io.BytesIO(body), filename="x", name=how)},
                boundary="fuzz-boundary")
            data, headers["Content-Type"] = stream.read(), f"multipart/form-data; boundary={boundary}"
        for _ in range(2):  # a connection the server closed after its last answer: a new one
            try:
                if phone.conn.sock is None:
                    phone.conn.connect()
                phone.conn.sock.settimeout(35 if "wait=" in path else 10)
                phone.conn.request(method, path, body=data, headers=headers)
                response = phone.conn.getresponse()
                response.read()
                if response.getheader("Connection", "").lower() == "close":
                    phone.conn.close()
                return response.status
            except TimeoutError:
                phone.conn.close()
                return 0  # a hang
            except (http.client.HTTPException, OSError):
                phone.conn.close()
        return -1  # closed without an answer, twice


    @settings(max_examples=max(1, count // fuzz.BATCH), deadline=None, database=None,
              phases=(Phase.generate,), suppress_health_check=list(HealthCheck))
    @given(st.lists(fuzz.requests(routes_of, real), min_size=fuzz.BATCH, max_size=fuzz.BATCH))
    def send(batch):
        for request in batch:
            answers[over_http(*request)] += 1

    send()
    routes_of.extensions["store"].dispose()
    # 503 is no error: a place for heavy work was taken (Retry-After), as when a statistics
    # request still reads games a phone gave up waiting for.
    server_errors = sum(n for status, n in answers.items() if status >= 500 and status != 503)
    by_class = Counter()
    for status, n in answers.items():
        by_class["hang" if status == 0 else "closed" if status < 0 else
                 "503" if status == 503 else f"{status // 100}xx"] += n
    return [(f"{name}: {sum(answers.values())} fuzzed requests over HTTP",
             ", ".join(f"{n} x {what}" for what, n in sorted(by_class.items())), ""),
            (f"{name}: 5xx other than 503; hangs (no answer in 10 s)",
             f"{server_errors}; {answers[0]}", "0; 0")]


def closing(port: int, first: bytes, trickle: bytes = b"", every: float = 0.0) -> tuple[float, bytes]:
    """Seconds from sending ``first`` on a new connection till the server closes it, sending
    a byte of ``trickle`` each ``every`` s meanwhile; and its answer's first line."""
    with socket.create_connection(("127.0.0.1", port), timeout=15) as conn:
        began = time.perf_counter()
        conn.sendall(first)
        rest, answer = iter(trickle), b""
        while time.perf_counter() - began < 15:
            if select.select([conn], [], [], every or 15)[0]:
                try:
                    chunk = conn.recv(4096)
                except ConnectionResetError:  # closed with bytes of ours unread
                    break
                if not chunk:
                    break
                answer += chunk
            elif (byte := next(rest, None)) is not None:
                try:
                    conn.sendall(bytes([byte]))
                except OSError:  # closed: its answer is still to read
                    rest = iter(())
        return time.perf_counter() - began, answer.split(b"\r\n", 1)[0]


def heads_part(server: Server, name: str) -> list[tuple[str, str, str]]:
    from test_serving import TLS_HELLO

    whole = b"GET /favicon.ico HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    cases = [("a whole request answered (the floor)", whole, b"", 0.0, ""),
             ("a TLS hello", TLS_HELLO, b"", 0.0, ""),
             ("a request head trickled, a byte every 0.1 s", whole[:1], whole[1:], 0.1, "< 1000"),
             ("a request line that never ends, a byte every 10 ms", b"GET /", b"a" * 2000,
              0.01, "< 1000"),
             ("a request line gone quiet after 8 bytes", b"GET /sta", b"", 0.0, "< 1000")]
    rows = []
    for label, first, trickle, every, target in cases:
        results = [closing(server.port, first, trickle, every) for _ in range(10)]
        seconds = sorted(result[0] for result in results)
        answers = Counter(result[1].decode(errors="replace") for result in results)
        rows.append((f"{name}: {label}: closed after (p50; max ms)",
                     f"{seconds[4] * 1000:.1f}; {seconds[-1] * 1000:.1f} "
                     f"({answered(answers)})", target))
    alone = load(server.port, TABLES, 3.0, bare=False)
    rows.append((f"{name}: {TABLES} tables alone (p50; p99 ms)", f"{alone[1]:.1f}; {alone[2]:.1f}", ""))
    stop = time.monotonic() + 4.0

    def trickle():
        while time.monotonic() < stop:
            closing(server.port, whole[:1], whole[1:], 0.1)

    during, _peak = during_load(server, [threading.Thread(target=trickle) for _ in range(100)])
    rows.append((f"{name}: {TABLES} tables while 100 heads trickle (p50; p99 ms)",
                 f"{during[1]:.1f}; {during[2]:.1f}", "p99 < 200"))
    return rows


def run(name: str, url: str, parts: set[str], photos: dict[str, bytes] | None,
        record: bytes | None, fuzzed: int = 20_000) -> None:
    server = Server(url)
    try:
        if "photos" in parts:
            show(photos_part(server, name, photos))
        if "statistics" in parts:
            show(statistics_part(server, name))
        if "imports" in parts:
            show(imports_part(server, name, record))
        if "games" in parts:
            show(games_part(server, name))
        if "fuzz" in parts:
            show(fuzz_part(server, name, fuzzed))
        if "heads" in parts:
            show(heads_part(server, name))
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postgresql", default=os.environ.get("COMPANION_BENCH_DATABASE_URL"))
    parser.add_argument("--parts", default=",".join(PARTS),
                        help=f"which parts, comma-separated (default: {','.join(PARTS)})")
    parser.add_argument("--only-postgresql", action="store_true", help="leave SQLite out")
    parser.add_argument("--fuzz", type=int, default=20_000, metavar="N",
                        help="fuzzed requests a database (default: 20,000)")
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    photos = images() if "photos" in parts else None
    record = maximal_record() if "imports" in parts else None
    print(f"load average (1 min) before: {os.getloadavg()[0]:.2f}", flush=True)
    if not args.only_postgresql:
        with tempfile.TemporaryDirectory() as folder:
            run("SQLite", f"sqlite:///{folder}/abuse.db", parts, photos, record, args.fuzz)
    if args.postgresql:
        run("PostgreSQL", args.postgresql, parts, photos, record, args.fuzz)
    print(f"load average (1 min) after: {os.getloadavg()[0]:.2f}")


def show(rows: list[tuple[str, str, str]]) -> None:
    """Print a part's figures as soon as it has them."""
    for label, figure, target in rows:
        print(f"{label:70}  {figure}" + (f"  [{target}]" if target else ""), flush=True)


if __name__ == "__main__":
    main()
