"""Statistics benchmark: ``python benchmarks/stats.py [GAMES ...]``.

Stores GAMES games (default 40 and 160; the four games in turn, played to the end by the engines'
simulators) in a temporary SQLite database, then prints the CPU time of one Statistics page
(every game replayed from its record, the figures, the charts drawn), of the figures alone
beside the replays they need (the floor: loading every record), of the archive of every game
and of the CSV of plays. CPU time (process_time), since the machine is shared.
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from stats_games import simulated, store_game  # noqa: E402

from companion import exports, stats  # noqa: E402
from companion.web import create_app  # noqa: E402

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
MIX = [("royal_visit", 2), ("majesty", 3), ("kings_court", 4), ("kingseat", 5)]


def cpu(work, repeat: int = 3) -> float:
    """The least CPU seconds of ``repeat`` runs."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def main(counts: list[int]) -> None:
    print(f"{'games':>6} {'page':>9} {'replays':>9} {'figures':>9} {'archive':>9} {'csv':>9}"
          "   (CPU seconds, best of 3)")
    for count in counts:
        with tempfile.TemporaryDirectory() as folder:
            app = create_app({"DATABASE_URL": f"sqlite:///{folder}/bench.db", "SECRET_KEY": "b"})
            store = app.extensions["store"]
            for number in range(count):
                game, players = MIX[number % len(MIX)]
                names = NAMES[number % 3:][:players]
                if len(names) < players:
                    names = NAMES[:players]
                store_game(store, game, *simulated(game, number, names))
            client = app.test_client()
            page = cpu(lambda: client.get("/stats"))
            plays = stats.all_plays(store)
            loads = cpu(lambda: [store.load(play.id) for play in plays])
            figures = cpu(lambda: stats.figures(plays))
            archive = cpu(lambda: exports.archive(store))
            table = cpu(lambda: exports.plays_csv(stats.all_plays(store)))
            print(f"{count:>6} {page:>9.3f} {loads:>9.3f} {figures:>9.4f} {archive:>9.3f} "
                  f"{table:>9.3f}")
            store.dispose()


if __name__ == "__main__":
    main([int(arg) for arg in sys.argv[1:]] or [40, 160])
