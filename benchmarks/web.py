"""The server at a busy table: ``python benchmarks/web.py [--quick] [--postgresql URL]
[--threads N] [--parts tables,entries,followers,idle,languages]``.

Starts the app in waitress on 127.0.0.1 (as `companion serve`, with its default threads unless
--threads says otherwise, plus a bare Flask endpoint
``/bench/bare`` on the same server, the floor) and drives it with scripted phones over
keep-alive HTTP connections, on SQLite and, given a URL (or $COMPANION_BENCH_DATABASE_URL), on
PostgreSQL. Prints one table:

- a move round trip (POST the move, then GET the game as the phone does) at 1, 10 and 50
  tables, each table one phone in a loop, beside two GETs of the bare endpoint (ratio);
- p50/p99 of a round trip on a game of 20, 1,000 and 4,000 entries (imported first);
- 50 tables x 4 phones: one enters a move every second or so, three follow by long polling
  as the page does (asking again a second later when the server had no place to hold them):
  updates delivered per second, delay from a move's answer to the other phones (p50/p99);
- 1,000 idle connections open: how long a new phone waits for the home page (and beside none);
- a page's server CPU in French beside English (part ``languages``): the same requests (the home
  page, a game's page, its JSON, a rules page, the Statistics page) from a phone whose browser
  speaks French and from one that speaks English, in turns, in the same run;
- the server's CPU seconds and RSS after each part.

Targets (issue 13): at 50 tables within 3x the bare endpoint at p50 and p99; 4,000 entries
within 1.5x of 20; followers p50 < 150 ms, p99 < 500 ms; a new phone served within 1 s beside
1,000 idle connections; SQLite p99 at 10 tables under 100 ms. The phones run in this process on
the same cores as the server: on a loaded machine the figures are noisy (the CPU seconds less so),
so the table shows the load average before and after, and how many cores the server and the
phones kept busy in each part (the server runs Python on one core at a time: near 1.0 it is
saturated, and a round trip's time is then its CPU cost times the phones waiting).
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ROOT = Path(__file__).resolve().parent.parent
OPTIONS = {"players": ["Ann", "Bob"], "wizard": 0}
KING_UP = {"type": "play", "cards": [{"card": "king-1", "moves": [{"pawn": "king", "from": 0, "to": 1}]}]}
PARTS = ("tables", "entries", "followers", "idle", "languages")


# -- the server ---------------------------------------------------------------------------------
def serve(url: str, port: int, threads: int) -> None:
    """The benchmark's server process: the app with a bare endpoint, served as `companion serve`."""
    from companion.cli import _allow_connections
    from companion.web import create_app, serving

    app = create_app({"DATABASE_URL": url, "WAITING_PHONES": threads - 8})
    app.add_url_rule("/bench/bare", "bare", lambda: "ok")
    _allow_connections(3000)
    serving.make_server(app, host="127.0.0.1", port=port, threads=threads, connection_limit=3000,
                        channel_timeout=60, asyncore_use_poll=True).run()


def serve_defaults() -> argparse.Namespace:
    """`companion serve`'s options as it starts with none given."""
    from companion.cli import _serving_arguments

    serving = argparse.ArgumentParser()
    _serving_arguments(serving)
    return serving.parse_args([])


class Server:
    def __init__(self, url: str, threads: int | None = None):
        threads = threads or serve_defaults().threads
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.data = tempfile.mkdtemp(prefix="bench-web-")
        self.process = subprocess.Popen(
            [sys.executable, __file__, "--serve", url, str(self.port), str(threads)], cwd=ROOT,
            env={**os.environ, "COMPANION_DATA_DIR": self.data, "COMPANION_SECRET_KEY": "bench"})
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise SystemExit("the server did not start")

    def usage(self) -> tuple[float, float]:
        """CPU seconds so far and RSS in MB."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        rss = next(int(line.split()[1]) for line in Path(f"/proc/{self.process.pid}/status").read_text()
                   .splitlines() if line.startswith("VmRSS")) / 1024
        return cpu, rss

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


class Phone:
    """One phone: one keep-alive connection, its cookie, the page's CSRF token."""

    def __init__(self, port: int, lang: str = "en"):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookie = ""
        self.lang = lang  # its browser's language (Accept-Language)
        page = self.request("GET", "/")[1].decode()
        self.token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, bytes]:
        headers = {"Cookie": self.cookie, "X-CSRFToken": getattr(self, "token", ""),
                   "Accept-Language": {"fr": "fr-FR,fr;q=0.9", "de": "de-DE,de;q=0.9"}.get(self.lang, "en-GB,en;q=0.9")}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        payload = response.read()
        if response.getheader("Set-Cookie"):
            self.cookie = response.getheader("Set-Cookie").split(";", 1)[0]
        return response.status, payload

    def create(self, entries: int = 0) -> str:
        """A Royal Visit game of ``entries`` entries (a move and its undo, again and again)."""
        if not entries:
            status, body = self.request("POST", "/api/games", {"game": "royal_visit", "options": OPTIONS})
        else:
            at = "2026-01-01T00:00:00+00:00"
            record = {"format": "companion-game", "version": 1, "game": "royal_visit", "options": OPTIONS,
                      "entries": [{"seq": n, "kind": "move" if n % 2 == 0 else "undo",
                                   "player": n % 2, "at": at, "payload": KING_UP if n % 2 == 0 else None}
                                  for n in range(entries)]}
            status, body = self.request("POST", "/api/import", record)
        assert status == 201, body[:200]
        return json.loads(body)["game"]["id"]

    def round_trip(self, game_id: str, seq: int) -> int:
        """Enter the next entry (a move, or its undo) and read the game as the page does."""
        path = f"/api/games/{game_id}/" + ("moves" if seq % 2 == 0 else "undo")
        status, _ = self.request("POST", path, {"seq": seq, "move": KING_UP})
        assert status == 200, status
        self.request("GET", f"/api/games/{game_id}?since={seq + 1}")
        return seq + 1


def quantiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def load(port: int, tables: int, seconds: float, bare: bool) -> tuple[float, float, float]:
    """Round trips per second, p50 and p99 in ms, with one phone per table in a loop."""
    phones = [Phone(port) for _ in range(tables)]
    games = [None if bare else phone.create() for phone in phones]
    timings: list[list[float]] = [[] for _ in phones]
    start = time.monotonic() + 0.2
    stop = start + seconds

    def run(index: int):
        phone, game_id, seq = phones[index], games[index], 0
        while time.monotonic() < start:
            time.sleep(0.01)
        while time.monotonic() < stop:
            began = time.perf_counter()
            if bare:
                phone.request("GET", "/bench/bare")
                phone.request("GET", "/bench/bare")
            else:
                seq = phone.round_trip(game_id, seq)
            timings[index].append((time.perf_counter() - began) * 1000)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(tables)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    every = [t for ts in timings for t in ts]
    return len(every) / seconds, *quantiles(every)


def at_entries(port: int, entries: int, trips: int) -> tuple[float, float]:
    phone = Phone(port)
    game_id = phone.create(entries)
    seq, timings = entries, []
    for _ in range(trips):
        began = time.perf_counter()
        seq = phone.round_trip(game_id, seq)
        timings.append((time.perf_counter() - began) * 1000)
    return quantiles(timings)


def followers(port: int, tables: int, seconds: float) -> tuple[float, float, float]:
    """Updates delivered per second and the delay from a move's answer to each follower."""
    movers = [Phone(port) for _ in range(tables)]
    games = [mover.create() for mover in movers]
    answered: dict[tuple[str, int], float] = {}
    delays: list[float] = []
    delivered = [0]
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def move(index: int):
        rng, seq = random.Random(index), 0
        time.sleep(rng.uniform(0.2, 1.0))
        while time.monotonic() < stop:
            seq = movers[index].round_trip(games[index], seq)
            answered[(games[index], seq)] = time.perf_counter()
            time.sleep(rng.uniform(0.5, 1.5))

    def follow(index: int):
        phone, game_id, seq = Phone(port), games[index], 0
        while time.monotonic() < stop:
            asked = time.monotonic()
            status, body = phone.request("GET", f"/api/games/{game_id}?since={seq}&wait=5")
            if status == 204 and time.monotonic() - asked < 1:
                time.sleep(1)  # no place to wait was free: the page asks again a second later
            if status == 200:
                seq = json.loads(body)["game"]["seq"]
                now = time.perf_counter()
                with lock:
                    delivered[0] += 1
                    if (game_id, seq) in answered:
                        delays.append((now - answered[(game_id, seq)]) * 1000)

    threads = [threading.Thread(target=move, args=(i,)) for i in range(tables)]
    threads += [threading.Thread(target=follow, args=(i,)) for i in range(tables) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # A follower may hear of a move before its mover's answer is back: that delay counts as 0.
    p50, p99 = quantiles([max(d, 0.0) for d in delays] or [float("nan")])
    return delivered[0] / seconds, p50, p99


def languages(server: Server, rounds: int) -> dict[str, dict[str, float]]:
    """Server CPU ms a request, by page and language: the same requests from a French phone and
    an English one, taken in turns (en, fr, en, fr, ...) so that both see the same load."""
    maker = Phone(server.port)
    game = maker.create()
    seq = 0
    for _ in range(6):  # a few history lines (moves and undos), worded on each request
        seq = maker.round_trip(game, seq)
    pages = {"home": "/", "game page": f"/g/{game}", "game JSON": f"/api/games/{game}",
             "rules page": "/rules/majesty", "statistics": "/stats"}
    phones = {lang: Phone(server.port, lang) for lang in ("en", "fr")}
    spent = {lang: dict.fromkeys(pages, 0.0) for lang in phones}
    for phone in phones.values():  # warm: templates compiled, the game replayed
        for path in pages.values():
            phone.request("GET", path)
    each = 20
    for _ in range(rounds):
        for lang, phone in phones.items():
            for page, path in pages.items():
                cpu = server.usage()[0]
                for _ in range(each):
                    status, _body = phone.request("GET", path)
                    assert status == 200, (path, status)
                spent[lang][page] += server.usage()[0] - cpu
    return {lang: {page: seconds * 1000 / (each * rounds) for page, seconds in by_page.items()}
            for lang, by_page in spent.items()}


def idle(port: int, count: int) -> float:
    """Seconds a new phone waits for the home page while ``count`` idle connections are open."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count + 512), hard))
    sockets = []
    try:
        for _ in range(count):
            sockets.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        time.sleep(0.5)
        began = time.perf_counter()
        phone = Phone(port)
        phone.request("GET", "/")
        return time.perf_counter() - began
    finally:
        for sock in sockets:
            sock.close()


class Busy:
    """How busy the server and this process (the phones) were during a part: CPU cores on
    average. The server runs Python on one core at a time (the GIL): near 1.0 it is saturated
    and a figure is its CPU cost; the phones share the machine's 2 cores with it."""

    def __init__(self, server: Server):
        self.server = server
        self.began = (time.monotonic(), server.usage()[0], time.process_time())

    def cores(self) -> tuple[float, float]:
        wall = time.monotonic() - self.began[0]
        return ((self.server.usage()[0] - self.began[1]) / wall,
                (time.process_time() - self.began[2]) / wall)


def run(name: str, url: str, quick: bool, threads: int, parts: set[str]) -> list[tuple[str, str, str]]:
    server = Server(url, threads)
    rows: list[tuple[str, str, str]] = []
    seconds = 2.0 if quick else 5.0
    try:
        for tables in (1, 10, 50) if "tables" in parts else ():
            cpu, busy = server.usage()[0], Busy(server)
            bare = load(server.port, tables, seconds, bare=True)
            bare_busy, busy = busy.cores(), Busy(server)
            bare_cpu, cpu = (server.usage()[0] - cpu) / (bare[0] * seconds) * 1000, server.usage()[0]
            moves = load(server.port, tables, seconds, bare=False)
            moves_busy = busy.cores()
            moves_cpu = (server.usage()[0] - cpu) / (moves[0] * seconds) * 1000
            target = ("p50, p99 within 3x" if tables == 50
                      else "p99 < 100 ms" if tables == 10 and name == "SQLite" else "")
            rows.append((f"{name}: {tables} tables, move round trip vs bare (/s; p50; p99 ms)",
                         f"{moves[0]:.0f} vs {bare[0]:.0f}; {moves[1]:.1f} vs {bare[1]:.1f}; "
                         f"{moves[2]:.1f} vs {bare[2]:.1f}  (x{moves[1] / bare[1]:.1f}, x{moves[2] / bare[2]:.1f})",
                         target))
            rows.append((f"{name}: {tables} tables, server CPU per round trip vs bare; cores busy",
                         f"{moves_cpu:.1f} vs {bare_cpu:.1f} ms; server {moves_busy[0]:.2f} vs "
                         f"{bare_busy[0]:.2f}, phones {moves_busy[1]:.2f} vs {bare_busy[1]:.2f}", ""))
        if "tables" in parts:
            cpu, rss = server.usage()
            rows.append((f"{name}: server after the tables", f"{cpu:.1f} s CPU, {rss:.0f} MB RSS", ""))
        trips = 50 if quick else 200
        by_size = {}
        for entries in (20, 1000, 4000) if "entries" in parts else ():
            cpu = server.usage()[0]
            by_size[entries] = at_entries(server.port, entries, trips)
            # CPU per round trip, the import of the game and its first replay left out
            cpu = (server.usage()[0] - cpu) * 1000
            p50, p99 = by_size[entries]
            rows.append((f"{name}: round trip at {entries:,} entries (p50; p99 ms)", f"{p50:.1f}; {p99:.1f}",
                         "within 1.5x of 20" if entries == 4000 else ""))
            rows.append((f"{name}: server CPU for the game's import and {trips} round trips", f"{cpu:.0f} ms", ""))
        if by_size:
            rows.append((f"{name}: 4,000 entries / 20 entries (p50)",
                         f"x{by_size[4000][0] / by_size[20][0]:.2f}", "<= 1.5"))
        if "followers" in parts:
            busy = Busy(server)
            rate, p50, p99 = followers(server.port, 50, 6.0 if quick else 15.0)
            following = busy.cores()
            rows.append((f"{name}: 50 tables x 4 phones, updates delivered", f"{rate:.0f}/s", ""))
            rows.append((f"{name}: delay from a move to the other phones (p50; p99 ms)", f"{p50:.0f}; {p99:.0f}",
                         "< 150; < 500"))
            rows.append((f"{name}: cores busy while following",
                         f"server {following[0]:.2f}, phones {following[1]:.2f}", ""))
        if "idle" in parts:
            beside = idle(server.port, 1000)
            rows.append((f"{name}: a new phone beside 1,000 idle connections (beside none)",
                         f"{beside:.2f} s ({idle(server.port, 0):.2f} s)", "< 1 s"))
        if "languages" in parts:
            spent = languages(server, 5 if quick else 25)
            for page in spent["en"]:
                fr, en = spent["fr"][page], spent["en"][page]
                rows.append((f"{name}: server CPU a request, {page}, French vs English",
                             f"{fr:.2f} vs {en:.2f} ms  (x{fr / en:.2f})", "no more than English"))
        cpu, rss = server.usage()
        rows.append((f"{name}: server at the end", f"{cpu:.1f} s CPU, {rss:.0f} MB RSS", ""))
    finally:
        server.stop()
    return rows


def main() -> None:
    default_threads = serve_defaults().threads
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="shorter loops (2 s a load, 50 trips)")
    parser.add_argument("--postgresql", default=os.environ.get("COMPANION_BENCH_DATABASE_URL"),
                        help="a PostgreSQL URL to measure too (its tables are created if missing)")
    parser.add_argument("--threads", type=int, default=default_threads,
                        help=f"the server's threads (default: companion serve's, {default_threads})")
    parser.add_argument("--parts", default=",".join(PARTS),
                        help=f"which parts to measure, of {','.join(PARTS)} (default: all)")
    parser.add_argument("--serve", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve[0], int(args.serve[1]), int(args.serve[2]))
        return
    parts = set(args.parts.split(","))
    if not parts <= set(PARTS):
        parser.error(f"--parts takes some of {','.join(PARTS)}")
    rows, before = [], os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder:
        rows += run("SQLite", f"sqlite:///{folder}/bench.db", args.quick, args.threads, parts)
    if args.postgresql:
        rows += run("PostgreSQL", args.postgresql, args.quick, args.threads, parts)
    else:
        rows.append(("PostgreSQL", "not measured: give --postgresql URL", ""))
    rows.insert(0, ("load average (1 min) before; after", f"{before:.2f}; {os.getloadavg()[0]:.2f}", ""))
    rows.insert(1, ("server", f"companion serve --threads {args.threads}", ""))
    width = max(len(label) for label, _, _ in rows)
    print(f"{'case':{width}}  figure  [target]")
    for label, figure, target in rows:
        print(f"{label:{width}}  {figure}" + (f"  [{target}]" if target else ""))


if __name__ == "__main__":
    main()
