"""Every refusal sentence the four engines produce, to be read once as a player would.

``python benchmarks/refusals.py [game ...] [--games N] [--seed S]`` plays random games with each
game's simulator, then at positions along them tries the moves of those games and mutations of
them (a field dropped, emptied, given another type or an out-of-range value, an unknown field
added, a move from another moment), bad setup options, and (King's Court) arbiter events and
judge questions. It prints each game's distinct refusal sentences under their rule, with names
shown as <name> and numbers as #, and how often each came up. A refusal that is not a RuleError
is printed under CRASH: a bug.

``--lang fr`` (or ``de``) words each sentence as a French (German) player reads it
(companion.language.word), card names as that language names them: read it through, and any
English left is a message not yet translated (``companion translations check`` lists them).
"""
from __future__ import annotations

import argparse
import copy
import random
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import companion.games  # noqa: F401  (registers the engines)
from companion.engine import REGISTRY, RuleError
from companion.language import LANGUAGES, word

ODD_VALUES = (None, -1, 0, 1, 2, 3, 7, 99, "", "x", "blue", True, 1.5, [], {}, [0], [0, 0],
              {"card": "x"})
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou",
         "Cat", "Dan")


def mutations(move: Any, others: list[Any], rng: random.Random) -> Iterable[Any]:
    """Moves near ``move``: each field dropped, replaced by an odd value or another move's."""
    yield move
    if not isinstance(move, dict):
        return
    for key in list(move):
        gone = dict(move)
        del gone[key]
        yield gone
        for value in rng.sample(ODD_VALUES, 4):
            yield {**move, key: value}
        other = rng.choice(others)
        if isinstance(other, dict) and key in other:
            yield {**move, key: copy.deepcopy(other[key])}
        if isinstance(move[key], list) and move[key]:
            shorter = dict(move)
            shorter[key] = move[key][:-1]
            yield shorter
            if isinstance(move[key][0], dict):
                for inner in list(move[key][0]):
                    first = {**move[key][0], inner: rng.choice(ODD_VALUES)}
                    yield {**move, key: [first, *move[key][1:]]}
    yield {**move, "extra": 1}


def shapes() -> Iterable[Any]:
    yield from (None, [], "play", 3, {}, {"type": None}, {"type": "nonsense"})


def plain(message: str, names: Iterable[str], cards: Iterable[str] = ()) -> str:
    """The sentence with the players' names as <name>, card names as <card>, numbers as #."""
    for name in sorted(set(names), key=len, reverse=True):
        message = re.sub(rf"\b{re.escape(name)}\b", "<name>", message)
    for name in sorted(set(cards), key=len, reverse=True):
        message = re.sub(rf"(?<![\w/]){re.escape(name)}(?![\w/])", "<card>", message)
    return re.sub(r"(?<![\w-])-?\d+(?![\w-])", "#", message)


class Collector:
    def __init__(self, cards: Iterable[str] = (), lang: str = "en") -> None:
        self.lang = lang
        self.cards = tuple(word(card, lang) for card in cards)
        self.seen: dict[str, Counter] = defaultdict(Counter)
        self.crashes: Counter = Counter()

    def attempt(self, call: Callable[[], Any], names: Iterable[str]) -> None:
        try:
            call()
        except RuleError as error:
            self.seen[error.rule][plain(word(error.message, self.lang), names, self.cards)] += 1
        except Exception as error:
            self.crashes[f"{type(error).__name__}: {error}"[:200]] += 1

    def report(self, title: str) -> None:
        print(f"\n=== {title}: {sum(len(c) for c in self.seen.values())} distinct sentences "
              f"under {len(self.seen)} rules")
        for rule in sorted(self.seen):
            print(f"[{rule}]")
            for message, count in sorted(self.seen[rule].items()):
                print(f"  {count:6d}  {message}")
        for crash, count in self.crashes.items():
            print(f"CRASH {count:6d}  {crash}")


def simulator(name: str):
    module = __import__(f"companion.games.{name}.simulate", fromlist=["random_game"])
    return module


def states_of(engine, options, moves) -> list:
    state = engine.new(options)
    states = [state]
    for move in moves:
        state = engine.apply(state, move)
        states.append(state)
    return states


def options_for(name: str, rng: random.Random) -> dict:
    sim = simulator(name)
    if name == "royal_visit":
        return {"players": ["Ann", "Bob"], "wizard": rng.randrange(2)}
    if name == "majesty":
        options = sim.random_options(rng)
        options["display"] = sim.build_deck(rng, len(options["players"]), options["deck"])[:6]
        return options
    return sim.random_options(rng)


def collect(name: str, games: int, seed: int, lang: str = "en") -> Collector:
    engine = REGISTRY[name]
    sim = simulator(name)
    rng = random.Random(seed)
    found = Collector((kind.name for kind in engine.cards), lang)
    played = []
    for _ in range(games):
        options = options_for(name, rng)
        moves, _ = sim.random_game(rng, options)
        played.append((options, moves))
    all_moves = [move for _, moves in played for move in moves] or [{}]
    for options, moves in played:
        names = options["players"]
        for extra in mutations(options, [o for o, _ in played], rng):
            found.attempt(lambda: engine.new(extra), NAMES)
        states = states_of(engine, options, moves)
        picks = sorted(rng.sample(range(len(states)), min(25, len(states))))
        for index in picks:
            state = states[index]
            candidates = [rng.choice(all_moves) for _ in range(6)]
            if index < len(moves):
                candidates.append(moves[index])
            for move in candidates:
                for tried in mutations(move, all_moves, rng):
                    found.attempt(lambda: engine.validate(state, tried), names)
            for tried in shapes():
                found.attempt(lambda: engine.validate(state, tried), names)
        if name == "kings_court":
            judge_questions(engine, states[0], rng, found, names)
    return found


def judge_questions(engine, state, rng: random.Random, found: Collector, names) -> None:
    """King's Court's arbiter for a sheet-only table: odd situations and plays."""
    situation = {"top": "gold-5", "suit": "gold", "direction": 1, "pending": None,
                 "cards_in_hand": None}
    plays = [[{"card": "blue-7"}], [{"card": "magic-potion"}], [{"card": "king"}],
             [{"card": "catapult", "target": 1, "defended": [2]}], [{"card": "defender"}],
             [{"card": "fair-maiden-gold"}], [{"card": "magician"}],
             [{"card": "royal-decree"}], [{"card": "gold-8"}, {"card": "gold-9"}]]
    for play in plays:
        for tried in mutations(situation, [situation], rng):
            found.attempt(lambda: refused(engine.ask(state, {"situation": tried, "play": play})),
                          names)
        for card in mutations(play[0], [p[0] for p in plays], rng):
            found.attempt(lambda: refused(engine.ask(state, {"situation": situation,
                                                              "play": [card]})), names)


def refused(answer: dict) -> None:
    """The judge answers with a dict: its refusal is raised like an engine's, to be collected."""
    if not answer["allowed"]:
        raise RuleError(answer["rule"], answer["message"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="*", default=sorted(REGISTRY))
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help="the language the sentences are worded in (default: English)")
    args = parser.parse_args()
    for name in args.game:
        collect(name, args.games, args.seed, args.lang).report(word(REGISTRY[name].title, args.lang))


if __name__ == "__main__":
    main()
