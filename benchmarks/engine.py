"""Rules-engine benchmarks: ``python benchmarks/engine.py [case-name-part ...]``.

Each case is a (name, function) pair in CASES; a function runs on one core and returns its
figures as (label, value, unit, target) rows. Add another game's cases to CASES.
Targets (Royal Visit): validate p99 under 1 ms, at least 500 random full games a second.
"""
from __future__ import annotations

import contextlib
import gc
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

Row = tuple[str, float, str, str]  # label, value, unit, target


def one_core() -> None:
    """Pin the process to a single core where the system allows it."""
    if hasattr(os, "sched_setaffinity"):
        with contextlib.suppress(OSError):
            os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


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


def latency_rows(what: str, timings: list[int], timed: str | None = None,
                 count: int = 0) -> list[Row]:
    """Rows for sorted nanosecond ``timings``: the median, p99 (target under 1 ms) and max of
    ``what`` in microseconds; then, given ``timed``, that label with ``count``, how many were
    timed."""
    rows: list[Row] = [
        (f"{what}, median", statistics.median(timings) / 1000, "us", ""),
        (f"{what}, p99", timings[int(len(timings) * 0.99)] / 1000, "us", "< 1000"),
        (f"{what}, max", timings[-1] / 1000, "us", ""),
    ]
    if timed is not None:
        rows.append((timed, count, "", ""))
    return rows


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
    longest = max(len(m.get("cards", ())) for _, m in samples)
    return latency_rows("validate one turn", timings,
                        f"positions timed ({passes} passes; up to {longest} cards a turn)",
                        len(samples))


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
    return [
        ("random full games per second", count / elapsed, "games/s", ""),
        ("turns per game (mean)", turns / count, "turns", ""),
        ("turns per second (legal moves + validate + apply + chips)", turns / elapsed,
         "turns/s", ""),
        *latency_rows("validate one turn", timings, f"positions timed ({passes} passes)",
                      len(samples)),
    ]


def kingseat(seconds: float = 5.0, games: int = 200, passes: int = 3) -> list[Row]:
    """Kingseat: random full games a second (4-10 players, random princes and rulings, every
    card's action), then validate latency over their moves (votes, actions, swaps, Loyalties)."""
    from companion.games.kingseat import ENGINE
    from companion.games.kingseat.simulate import random_game, random_options

    count, moves, elapsed = play_for(random_game, seconds)
    samples: list[tuple[object, dict]] = []
    for seed in range(games):
        options = random_options(random.Random(30_000 + seed))
        played, _ = random_game(random.Random(30_000 + seed), options)
        state = ENGINE.new(options)
        for move in played:
            samples.append((state, move))
            state = ENGINE.apply(state, move)
    timings = validate_timings(ENGINE, samples, passes)
    return [
        ("random full games per second", count / elapsed, "games/s", ""),
        ("moves per game (mean)", moves / count, "moves", ""),
        ("moves per second (random choice + validate + apply)", moves / elapsed, "moves/s", ""),
        *latency_rows("validate one move", timings, f"positions timed ({passes} passes)",
                      len(samples)),
    ]


def kings_court_sheet(seconds: float = 5.0, games: int = 300, passes: int = 3) -> list[Row]:
    """King's Court score sheet: random hands (cards from a real shuffled deck, Risk cards,
    cuts, Dungeons, draw cards last) scored a second, whole sheet games a second, and validate
    latency over every move of those games (hands, corrections, adjustments)."""
    from companion.games.kings_court import ENGINE
    from companion.games.kings_court.simulate import random_game, random_hand_move, random_options

    rng = random.Random(30_000)
    states = [ENGINE.new(random_options(rng)) for _ in range(50)]
    hands = [(state, random_hand_move(rng, state)) for state in states for _ in range(20)]
    validate, apply = ENGINE.validate, ENGINE.apply
    scored = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds / 2:
        for state, move in hands:
            validate(state, move)
            apply(state, move)
        scored += len(hands)
    hand_rate = scored / (time.perf_counter() - start)
    sheet_only = lambda rng: random_game(rng, play_by_play=0)  # noqa: E731
    count, moves, elapsed = play_for(sheet_only, seconds / 2)
    samples: list[tuple[object, dict]] = []
    for seed in range(games):
        rng = random.Random(40_000 + seed)
        options = random_options(rng)
        played, _ = random_game(rng, options, play_by_play=0)
        state = ENGINE.new(options)
        for move in played:
            samples.append((state, move))
            state = apply(state, move)
    timings = validate_timings(ENGINE, samples, passes)
    return [
        ("hands scored per second (validate + apply, 2-8 players)", hand_rate, "hands/s", ""),
        ("random whole sheet games per second", count / elapsed, "games/s", ""),
        ("moves per game (mean)", moves / count, "moves", ""),
        *latency_rows("validate one sheet move", timings, f"positions timed ({passes} passes)",
                      len(samples)),
    ]


def kings_court_arbiter(seconds: float = 5.0, hands: int = 150, passes: int = 3) -> list[Row]:
    """King's Court arbiter: random play-by-play hands a second (2-8 players, KC+KD+BONUS, a
    real shuffled deck behind every card), then validate_event and judge latency over them."""
    from types import SimpleNamespace

    from companion.games.kings_court import arbiter
    from companion.games.kings_court.cards import selection_kinds
    from companion.games.kings_court.play import random_hand

    kinds = selection_kinds("kc+kd+bonus")

    def random_game(rng: random.Random):
        players = rng.randint(2, 8)
        return random_hand(rng, players, rng.randrange(players), kinds)

    count, events, elapsed = play_for(random_game, seconds)
    samples: list[tuple[object, dict]] = []
    asked: list[tuple[object, dict]] = []
    for seed in range(hands):
        rng = random.Random(30_000 + seed)
        players = rng.randint(2, 8)
        dealer = rng.randrange(players)
        moves, _ = random_hand(rng, players, dealer, kinds)
        hand = arbiter.start_hand(players, dealer, kinds, moves[0]["first"])
        for move in moves[1:]:
            samples.append((hand, move))
            if move["type"] == "play" and hand.top is not None:
                pending = hand.pending
                asked.append(({
                    "players": players, "top": hand.top, "suit": hand.suit,
                    "direction": hand.direction, "cards_in_hand": hand.hands[move["seat"]],
                    "pending": pending and {"count": pending.count, "kind": pending.kind},
                    "dungeon": hand.dungeon[move["seat"]] >= 0,
                }, move["cards"]))
            hand = arbiter.apply_event(hand, move)
    timings = validate_timings(SimpleNamespace(validate=arbiter.validate_event), samples, passes)
    judged = validate_timings(SimpleNamespace(validate=arbiter.judge), asked, passes)
    return [
        ("random hands per second", count / elapsed, "hands/s", ""),
        ("events per hand (mean)", events / count, "events", ""),
        ("events per second (choice + validate + apply + real-pile mirror)", events / elapsed,
         "events/s", ""),
        *latency_rows("validate_event", timings),
        *latency_rows("judge", judged)[:2],  # judge's median and p99 only, as ever
        (f"events timed ({passes} passes; {len(asked)} plays judged)", len(samples), "", ""),
    ]


CASES: list[tuple[str, Callable[[], list[Row]]]] = [
    ("royal_visit: random full games", royal_visit_games),
    ("royal_visit: validate latency", royal_visit_validate),
    ("majesty: random full games and validate latency", majesty),
    ("kings_court: arbiter random hands, validate_event and judge latency",
     kings_court_arbiter),
    ("kingseat: random full games and validate latency", kingseat),
    ("kings_court: hand scoring, sheet games and validate latency", kings_court_sheet),
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
