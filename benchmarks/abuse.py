"""Photos and prints against the table: ``python benchmarks/abuse.py [--postgresql URL]``.

While 10 tables play (one phone each, move round trips in a loop), phones send at once eight
7000 x 7000 PNGs, eight tiny lossless WebP files of 7000 x 7000, 32 ordinary photos to scan and
8 prints of a deck. Prints the tables' p50/p99 before and during, how the scans and prints were
answered (200/422 read or refused, 503 told to retry), and the server's RSS at its peak and after.
Targets (issue 13): the tables' p99 under 200 ms, RSS under 1 GB and back under 400 MB after.
The server runs as in benchmarks/web.py, on 127.0.0.1. (How much a photo may cost to decode is
companion/scan/'s budget; this measures the server around it.)
"""
from __future__ import annotations

import argparse
import io
import os
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from web import Phone, Server, load  # noqa: E402  (benchmarks/web.py, beside this file)

TABLES = 10


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


def run(name: str, url: str, photos: dict[str, bytes]) -> list[tuple[str, str, str]]:
    server = Server(url)
    rows = []
    try:
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
        rows.append((f"{name}: {TABLES} tables during the abuse (p50; p99 ms)",
                     f"{during[1]:.1f}; {during[2]:.1f}", "p99 < 200"))
        for what, counts in answers.items():
            rows.append((f"{name}: {what} answered", ", ".join(f"{n} x {status}" for status, n in sorted(counts.items())), ""))
        rows.append((f"{name}: server RSS at the peak; after", f"{peak[0]:.0f} MB; {server.usage()[1]:.0f} MB",
                     "< 1024; < 400"))
    finally:
        server.stop()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--postgresql", default=os.environ.get("COMPANION_BENCH_DATABASE_URL"))
    args = parser.parse_args()
    photos = images()
    rows, before = [], os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder:
        rows += run("SQLite", f"sqlite:///{folder}/abuse.db", photos)
    if args.postgresql:
        rows += run("PostgreSQL", args.postgresql, photos)
    rows.insert(0, ("load average (1 min) before; after", f"{before:.2f}; {os.getloadavg()[0]:.2f}", ""))
    width = max(len(label) for label, _, _ in rows)
    for label, figure, target in rows:
        print(f"{label:{width}}  {figure}" + (f"  [{target}]" if target else ""))


if __name__ == "__main__":
    main()
