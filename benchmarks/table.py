"""Taps and scrolling at the table: ``python benchmarks/table.py [GAME ...]``.

Plays each game's typical turns through its page (tests/turns_<game>.py, the same scripts the
browser tests run) on phones of 360 x 740 CSS px in Chromium with touch, and prints, per game,
the taps a turn (median and most) and the pixels scrolled a turn (median and most) beside the
issue's targets. Here the phones measure instead of failing: a target off screen is scrolled
into view as a player would, and the pixels are counted. Needs Debian's chromium.
"""
from __future__ import annotations

import importlib
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from phone import PHONE, Phone  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

from companion.web import create_app  # noqa: E402

GAMES = ["royal_visit", "majesty", "kings_court", "kingseat"]
# The targets, beside each game's figures.
TARGETS = {"royal_visit": "median <= 4 taps, 0 px", "majesty": "median <= 3 taps, 0 px",
           "kings_court": "a number card <= 2 taps, 0 px",
           "kingseat": "1 tap a vote + 1 to store, 0 px"}


def measure(game: str, url: str, browser) -> list:
    turns = importlib.import_module(f"turns_{game}")
    contexts = []

    def factory() -> Phone:
        context = browser.new_context(viewport=PHONE, device_scale_factor=2,
                                      is_mobile=True, has_touch=True)
        contexts.append(context)
        return Phone(context.new_page(), strict=False, game=game)

    phones = turns.play_typical_turns(factory, url)
    for context in contexts:
        context.close()
    return [turn for phone in phones for turn in phone.turns]


def main(games: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        sys.exit("Chromium is not installed (apt-get install chromium).")
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE_URL": f"sqlite:///{folder}/table.db", "SECRET_KEY": "table",
                          "POLL_MILLISECONDS": 500})
        http = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=http.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{http.server_port}"
        rows = []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            for game in games:
                rows.append((game, measure(game, url, browser)))
            browser.close()
        http.shutdown()
        app.extensions["store"].dispose()

    print(f"{'game':<12} {'turn':<34} {'taps':>5} {'px scrolled':>12}")
    for game, turns in rows:
        for turn in turns:
            print(f"{game:<12} {turn.label[:34]:<34} {turn.taps:>5} {turn.scrolled:>12}")
    print()
    print(f"{'game':<12} {'turns':>5} {'taps median':>12} {'taps max':>9} {'px median':>10} "
          f"{'px max':>7}  target")
    for game, turns in rows:
        taps = [turn.taps for turn in turns]
        pixels = [turn.scrolled for turn in turns]
        print(f"{game:<12} {len(turns):>5} {statistics.median(taps):>12} {max(taps):>9} "
              f"{statistics.median(pixels):>10} {max(pixels):>7}  {TARGETS[game]}")


if __name__ == "__main__":
    main(sys.argv[1:] or GAMES)
