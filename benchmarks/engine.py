"""Rules-engine benchmarks: ``python benchmarks/engine.py [case-name-part ...]``.

Each case is a (name, function) pair in CASES; a function runs on one core and returns its
figures as (label, value, unit, target) rows. Add another game's cases to CASES.
Targets (Royal Visit): validate p99 under 1 ms, at least 500 random full games a second.
"""
from __future__ import annotations

import gc
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

Row = tuple[str, float, str, str]  # label, value, unit, target


def one_core() -> None:
    """Pin the process to a single core where the system allows it."""
    if hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        except OSError:
            pass


def royal_visit_games(seconds: float = 5.0) -> list[Row]:
    from companion.games.royal_visit.simulate import random_game

    games, turns, elapsed = play_for(random_game, seconds)
    return [
        ("random full games per second", games / elapsed, "games/s", ">= 500"),
        ("turns per game (mean)", turns / games, "turns", ""),
        ("turns per second (validate + apply + random choice)", turns / elapsed, "turns/s", ""),
    ]


def play_for(random_game, seconds: float) -> tuple[int, int, float]:
    """Play random whole games, seeds 0, 1, 2, ..., for about ``seconds``:
    returns (games, turns, seconds taken)."""
    games = turns = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        moves, _ = random_game(random.Random(games))
        games += 1
        turns += len(moves)
    return games, turns, time.perf_counter() - start


def validate_timings(engine, samples: list[tuple[object, dict]], passes: int) -> list[int]:
    """Nanoseconds to validate each (state, move), every sample ``passes`` times, sorted."""
    validate = engine.validate
    clock = time.perf_counter_ns
    timings: list[int] = []
    gc.disable()
    try:
        for _ in range(passes):
            for state, move in samples:
                t0 = clock()
                validate(state, move)
                timings.append(clock() - t0)
    finally:
        gc.enable()
    timings.sort()
    return timings


def royal_visit_validate(games: int = 300, passes: int = 3) -> list[Row]:
    from companion.games.royal_visit import ENGINE
    from companion.games.royal_visit.simulate import random_game

    samples: list[tuple[object, dict]] = []
    for seed in range(games):
        options = {"players": ["Ann", "Bob"], "wizard": seed % 2}
        moves, _ = random_game(random.Random(10_000 + seed), options)
        state = ENGINE.new(options)
        for move in moves:
            samples.append((state, move))
            state = ENGINE.apply(state, move)
    timings = validate_timings(ENGINE, samples, passes)
    p99 = timings[int(len(timings) * 0.99)]
    longest = max(len(m.get("cards", ())) for _, m in samples)
    return [
        ("validate one turn, median", statistics.median(timings) / 1000, "us", ""),
        ("validate one turn, p99", p99 / 1000, "us", "< 1000"),
        ("validate one turn, max", timings[-1] / 1000, "us", ""),
        (f"positions timed ({passes} passes; up to {longest} cards a turn)", len(samples), "", ""),
    ]


def majesty(seconds: float = 5.0, games: int = 300, passes: int = 3) -> list[Row]:
    """Majesty: random full games a second (2-4 players, sides A/B/mixed, both decks, a real
    shuffled deck behind every new display card), then validate latency over their turns."""
    from companion.games.majesty import ENGINE
    from companion.games.majesty.simulate import build_deck, random_game, random_options

    count, turns, elapsed = play_for(random_game, seconds)
    samples: list[tuple[object, dict]] = []
    for seed in range(games):
        rng = random.Random(20_000 + seed)
        options = random_options(rng)
        options["display"] = build_deck(rng, len(options["players"]), options["deck"])[:6]
        moves, _ = random_game(rng, options)
        state = ENGINE.new(options)
        for move in moves:
            samples.append((state, move))
            state = ENGINE.apply(state, move)
    timings = validate_timings(ENGINE, samples, passes)
    p99 = timings[int(len(timings) * 0.99)]
    return [
        ("random full games per second", count / elapsed, "games/s", ""),
        ("turns per game (mean)", turns / count, "turns", ""),
        ("turns per second (legal moves + validate + apply + chips)", turns / elapsed,
         "turns/s", ""),
        ("validate one turn, median", statistics.median(timings) / 1000, "us", ""),
        ("validate one turn, p99", p99 / 1000, "us", "< 1000"),
        ("validate one turn, max", timings[-1] / 1000, "us", ""),
        (f"positions timed ({passes} passes)", len(samples), "", ""),
    ]


CASES: list[tuple[str, Callable[[], list[Row]]]] = [
    ("royal_visit: random full games", royal_visit_games),
    ("royal_visit: validate latency", royal_visit_validate),
    ("majesty: random full games and validate latency", majesty),
]


def main(argv: list[str]) -> int:
    one_core()
    wanted = [word.lower() for word in argv]
    for name, case in CASES:
        if wanted and not any(word in name.lower() for word in wanted):
            continue
        print(name)
        for label, value, unit, target in case():
            shown = f"{value:,.1f}" if isinstance(value, float) else f"{value:,}"
            aim = f"  (target {target})" if target else ""
            print(f"  {label}: {shown} {unit}{aim}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
