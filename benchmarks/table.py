"""Whole games at the table: ``python benchmarks/table.py [--seeds N] [--first K] [--list]
[--typical] [--lang LANG] [GAME ...]``.

Plays whole games of each title through its page (tests/whole_<game>.py: the table's moves made
by the engine's own simulator, seeded, on two or more phones, each a browser context of
360 x 740 CSS px in Chromium with touch) and prints, per title: the games and turns played, the
taps a turn (median, p90, max), the pixels scrolled, the targets that were off screen or covered
at the moment of their tap, the answers left standing after the problem they named was fixed,
and how long the other phones took to show each entry (p50, p99), beside the issue's targets.
Here the phones measure instead of failing: a target off screen is scrolled into view as a
player would, and the pixels are counted.

``--seeds N`` plays N games a title, seeds 1 to N; ``--first K`` starts them at seed K (seeds K
to K+N-1), to walk games the earlier runs did not. Each seed is played on its own phones; a game
that stops on an error (a move the page could not record, a timeout) is reported with its seed
and a screenshot of each of its phones in tests/artifacts/, and the run goes on to the next seed.
``--list`` lists every turn that scrolled, had a target covered or left an answer standing, with
its seed and label.

``--lang fr`` (or ``de``) makes every phone's browser speak that language
(tests/browser_support.new_phone): the pages come in it, the drivers read their words from the
page (tests/phone.py said), and the table counts the turns that left English on screen
(tests/phone.py english_left; ``--list`` lists them).

``--offline RATE`` adds offline spells (tests/offline_spells.py) at seeded random turns, each
with probability RATE (0.1 is a spell every ten turns): another phone offline while one goes on,
which must say so within 3 s and catch up when back, and an entry's answer lost on the way, which
the page must send again and the companion store once; the table then gives, per title, the
spells, the answers lost, the problems and whether every record holds each entry exactly once.

``--mishaps RATE`` (default 0.15; 0: none) gives the phones of the whole games their mishaps
(tests/phone.py Mishaps, seeded by the game's seed): at each point mid-draft a driver offers, at
that chance, the page is reloaded or left for the rules page and come back to with Back; the
table says per title how many there were, how many drafts came back or were dropped with a
sentence, and how many were lost (a draft not as it was, or an entry lost or stored twice).

``--typical`` plays each game's typical turns instead (tests/turns_<game>.py, the scripts the
browser tests run), turn by turn. Needs Debian's chromium.
"""
from __future__ import annotations

import argparse
import importlib
import logging
import math
import shutil
import statistics
import sys
import tempfile
import threading
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "tests" / "artifacts"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from browser_support import new_phone  # noqa: E402
from offline_spells import OfflineSpells  # noqa: E402
from phone import Mishaps, Phone, delays, watch  # noqa: E402
from werkzeug.serving import make_server  # noqa: E402

from companion.web import create_app  # noqa: E402

GAMES = ["royal_visit", "majesty", "kings_court", "kingseat"]
# The issues' targets, beside each game's figures.
TAPS = {"royal_visit": "median <= 4", "majesty": "median <= 3", "kings_court": "a number card <= 2",
        "kingseat": "1 a vote + 1 to store"}
TARGETS = "0 px scrolled, 0 covered, 0 standing; other phones p50 <= 150 ms, p99 <= 500 ms"


def percentile(values: list[float], p: float) -> float:
    """The nearest-rank percentile (p in 0..100) of a non-empty list."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


OFFLINE: dict[str, dict] = {}  # per title, with --offline: spells, answers lost, problems


def offline_spells(game: str, seed: int, rate: float, url: str):
    """The seed's offline spells (None without --offline), and what ends them: the record
    checked, the figures added to the title's."""
    if not rate:
        return None, lambda: None
    spells = OfflineSpells(seed, rate, strict=False)

    def done() -> None:
        spells.record_once(url)
        totals = OFFLINE.setdefault(game, {"spells": 0, "lost": 0, "problems": []})
        totals["spells"] += spells.spells
        totals["lost"] += spells.lost
        totals["problems"] += [f"seed {seed}: {problem}" for problem in spells.problems]

    return spells, done


def offline_report() -> None:
    if not OFFLINE:
        return
    print(f"\n{'game':<12} {'offline':>7} {'lost':>5} {'problems':>8}  record: every entry once")
    for game, totals in OFFLINE.items():
        once = not any("entries stored" in p for p in totals["problems"])
        print(f"{game:<12} {totals['spells']:>7} {totals['lost']:>5} {len(totals['problems']):>8}  "
              f"{'yes' if once else 'NO'}")
        for problem in totals["problems"][:10]:
            print(f"{'':<12} {problem}")


def measure(game: str, url: str, browser, seeds: list[int], typical: bool, lang: str = "en",
            mishaps: float = 0.0, offline: float = 0.0):
    """Play the game's whole games (or typical turns) measuring: its turns (with their seeds, None
    for typical turns), the delays, the seeds whose game stopped on an error and the phones'
    mishaps (tests/phone.py Mishaps, at the chance ``mishaps`` at each point a driver offers)."""
    contexts = []
    spells = [None]  # the seed's offline spells (--offline)
    mishap = Mishaps(rate=mishaps)

    def factory() -> Phone:
        page = new_phone(browser, lang)  # 360 x 740 with touch, its browser speaking ``lang``
        watch(page.context)
        contexts.append(page.context)
        phone = Phone(page, strict=False, game=game, mishaps=mishap if mishaps and not typical else None)
        if spells[0] is not None:
            spells[0].join(phone)
        return phone

    def played(phones, seed):
        if seed is not None and not typical:
            ending()
        waited = delays(phones)
        for context in contexts:
            context.close()
        contexts.clear()
        return [(seed, turn) for phone in phones for turn in phone.turns], waited

    if typical:
        return (*played(importlib.import_module(f"turns_{game}").play_typical_turns(factory, url),
                        None), [], mishap)
    turns, waited, failed = [], [], []
    whole = importlib.import_module(f"whole_{game}")
    for seed in seeds:
        mishap.rng.seed(seed)
        phones = []
        spells[0], ending = offline_spells(game, seed, offline, url)
        try:
            phones = whole.play_whole_games(factory, url, [seed])
        except Exception:  # reported with its seed; the next seed is played
            print(f"{game} seed {seed} stopped:\n{traceback.format_exc()}", file=sys.stderr)
            ARTIFACTS.mkdir(exist_ok=True)
            for n, context in enumerate(contexts):
                context.pages[0].screenshot(path=str(ARTIFACTS / f"table_{game}_{seed}_{n}.png"))
            failed.append(seed)
        seed_turns, seed_waited = played(phones, seed)
        turns += seed_turns
        waited += seed_waited
    return turns, waited, failed, mishap


def report(rows, typical: bool, listed: bool, lang: str = "en") -> None:
    if lang != "en":
        print(f"phones in {lang}")
    if typical:
        print(f"{'game':<12} {'turn':<34} {'taps':>5} {'px scrolled':>12}")
        for game, turns, *_ in rows:
            for _, turn in turns:
                print(f"{game:<12} {turn.label[:34]:<34} {turn.taps:>5} {turn.scrolled:>12}")
        print()
    if listed:
        print(f"{'game':<12} {'seed':>4} {'turn':<40} {'px':>5} {'covered':>7} {'standing':>8}")
        for game, turns, *_ in rows:
            for seed, turn in turns:
                if turn.scrolled or turn.covered or turn.standing or turn.english:
                    print(f"{game:<12} {seed or '-':>4} {turn.label[:40]:<40} {turn.scrolled:>5} "
                          f"{turn.covered:>7} {turn.standing:>8}"
                          + (f"  English left: {turn.english[:3]}" if turn.english else ""))
        print()
    print(f"{'game':<12} {'turns':>6} {'taps p50':>8} {'p90':>4} {'max':>4} {'px':>5} "
          f"{'covered':>7} {'standing':>8} {'english':>7} {'follow p50':>10} {'p99':>6}  taps target")
    for game, seeded, waited, failed, mishaps in rows:
        turns = [turn for _, turn in seeded]
        taps = [turn.taps for turn in turns] or [0]
        follow = (f"{percentile(waited, 50):>8.0f}ms {percentile(waited, 99):>4.0f}ms" if waited
                  else f"{'-':>10} {'-':>6}")
        print(f"{game:<12} {len(turns):>6} {statistics.median(taps):>8} "
              f"{percentile(taps, 90):>4} {max(taps):>4} {sum(t.scrolled for t in turns):>5} "
              f"{sum(t.covered for t in turns):>7} {sum(t.standing for t in turns):>8} "
              f"{sum(1 for t in turns if t.english):>7} {follow}  {TAPS[game]}")
        if failed:
            print(f"{'':<12} stopped on an error: seed {', '.join(map(str, failed))}")
        if mishaps.done:
            print(f"{'':<12} {mishaps.summary()}")
            for kind, outcome in mishaps.done:
                if outcome.startswith("lost"):
                    print(f"{'':<12}   {kind}: {outcome[:200]}")
    print(f"\ntargets: {TARGETS}; in French or German, 0 turns with English left; 0 drafts lost")


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"any of {', '.join(GAMES)}")
    parser.add_argument("--seeds", type=int, default=5, help="whole games a title (default 5)")
    parser.add_argument("--first", type=int, default=1, help="the first seed (default 1)")
    parser.add_argument("--list", action="store_true",
                        help="list each turn that scrolled, had a target covered or left an "
                             "answer standing")
    parser.add_argument("--typical", action="store_true", help="the typical turns instead")
    parser.add_argument("--offline", type=float, default=0.0, metavar="RATE",
                        help="offline spells at seeded random turns, each with probability RATE")
    parser.add_argument("--mishaps", type=float, default=0.15,
                        help="the chance of a reload or of the rules and back at each point mid-draft "
                             "(default 0.15; 0: none)")
    parser.add_argument("--lang", default="en", choices=("en", "fr", "de"),
                        help="the language of every phone's browser (default: en)")
    args = parser.parse_args()
    unknown = set(args.games) - set(GAMES)
    if unknown:
        parser.error(f"no such game: {', '.join(sorted(unknown))}")
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # not every request on the terminal
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        sys.exit("Chromium is not installed (apt-get install chromium).")
    seeds = list(range(args.first, args.first + args.seeds))
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE_URL": f"sqlite:///{folder}/table.db", "SECRET_KEY": "table"})
        http = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=http.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{http.server_port}"
        rows = []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            for game in args.games or GAMES:
                rows.append((game, *measure(game, url, browser, seeds, args.typical, args.lang,
                                            args.mishaps, args.offline)))
            browser.close()
        http.shutdown()
        app.extensions["store"].dispose()
    report(rows, args.typical, args.list, args.lang)
    offline_report()


if __name__ == "__main__":
    main()
