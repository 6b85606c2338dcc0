"""Whole games played by the engines' simulators and stored as a table would store them, for the
statistics, players and exports tests."""
from __future__ import annotations

import random
from typing import Any

from companion.games.kings_court.simulate import random_game as kings_court_game
from companion.games.kings_court.simulate import random_options as kings_court_options
from companion.games.kingseat.simulate import random_game as kingseat_game
from companion.games.kingseat.simulate import random_options as kingseat_options
from companion.games.majesty.simulate import build_deck
from companion.games.majesty.simulate import random_game as majesty_game
from companion.games.royal_visit.simulate import random_game as royal_visit_game


def simulated(game: str, seed: int, players: list[str],
              partnered: bool = False) -> tuple[dict[str, Any], list[dict]]:
    """Options naming ``players`` and the moves of a whole random game of ``game`` (King's
    Court in partnerships when ``partnered``)."""
    rng = random.Random(seed)
    n = len(players)
    if game == "royal_visit":
        options: dict[str, Any] = {"players": players, "wizard": rng.randrange(2)}
        moves, _ = royal_visit_game(rng, options)
    elif game == "majesty":
        deck = build_deck(rng, n, "standard", None)
        options = {"players": players, "first": rng.randrange(n), "sides": rng.choice("AB"),
                   "deck": "standard", "display": deck[:6]}
        moves, _ = majesty_game(rng, options)
    elif game == "kings_court":
        while True:
            options = kings_court_options(rng)
            if len(options["players"]) == n and bool(options.get("partnerships")) == partnered:
                break
        options["players"] = players
        options.pop("carried", None)
        moves, _ = kings_court_game(rng, options, max_moves=12, play_by_play=0)
    else:
        options = kingseat_options(rng, players=n)
        options["players"] = players
        moves, _ = kingseat_game(rng, options, max_rounds=8)
    return options, moves


def store_game(store, game: str, options: dict[str, Any], moves: list[dict], owner="test") -> str:
    """Create the game and enter every move, as the phones would."""
    game_id = store.create(game, options, owner)
    for seq, move in enumerate(moves):
        store.append(game_id, seq, "move", move)
    return game_id
