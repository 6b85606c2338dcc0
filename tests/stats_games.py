"""Whole games played by the engines' simulators and stored as a table would store them, for the
statistics, players and exports tests; and the Statistics page's figures worked out again from
the stored records (``expected``), the same way for every game."""
from __future__ import annotations

import random
from collections import Counter
from statistics import mean
from typing import Any

from companion.engine import get_engine, replay
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


# (game, seed, players, partnerships): seeds picked for what they show.
GAMES = [
    ("royal_visit", 1, ["Ann", "Bob"], False),
    ("royal_visit", 2, ["bob", "Cid"], False),  # Bob again, typed in lower case
    ("majesty", 27, ["Ann", "Bob"], False),  # a shared victory at 169 points
    ("majesty", 3, ["Ann", "Bob", "Cid"], False),
    ("kings_court", 1, ["Ann", "Bob", "Cid", "Dee"], True),  # two partnerships
    ("kings_court", 4, ["Bob", "Cid", "Eve"], False),
    ("kingseat", 45, ["Ann", "Bob", "Cid", "Dee"], False),  # two players loyal to the winner
]


def play_all(store, games=GAMES, owner="test") -> list[str]:
    return [store_game(store, game, *simulated(game, seed, players, partnered), owner=owner)
            for game, seed, players, partnered in games]


def outcome(record) -> dict:
    """One stored game read from its record alone: its entries replayed, and the engine's
    outcome of the position they lead to (the start player read from its opening)."""
    engine = get_engine(record.game)
    replayed, _ = replay(engine, record.options, [(entry.kind, entry.payload)
                                                  for entry in record.entries])
    ended = engine.outcome(replayed.state, engine.new(record.options))
    names = record.options["players"]
    groups = [list(side) for side in ended.sides]
    side = {seat: number for number, group in enumerate(groups) for seat in group}
    stamps = [entry.at for entry in record.entries]
    return {"game": record.game, "title": engine.title, "names": names,
            "loyal": list(ended.allegiances or ()),
            "keys": [name.casefold() for name in names], "winners": set(ended.winners),
            "side": side, "groups": groups,
            "score": {} if ended.scores is None else dict(enumerate(ended.scores)),
            "highest": ended.highest_wins, "start": ended.start, "ending": list(ended.endings),
            "turns": sum(1 for entry in record.entries if entry.kind == "move"),
            "minutes": (stamps[-1] - stamps[0]).total_seconds() / 60}


def ahead(play, me: int, other: int) -> int:
    """1 when seat ``me`` finished ahead of ``other``, -1 behind, 0 level."""
    won_me, won_other = me in play["winners"], other in play["winners"]
    if won_me != won_other:
        return 1 if won_me else -1
    if won_me or not play["score"]:
        return 0
    mine, theirs = play["score"][me], play["score"][other]
    if mine == theirs:
        return 0
    better = mine > theirs if play["highest"] else mine < theirs
    return 1 if better else -1


def expected(store, game_ids: list[str]) -> dict:
    """Every figure of the Statistics page for these stored games, worked out again from their
    records alone (never from companion.stats)."""
    plays = [outcome(store.load(game_id)) for game_id in game_ids]
    first_name: dict[str, str] = {}
    for play in plays:
        for key, name in zip(play["keys"], play["names"]):
            first_name.setdefault(key, name)
    players = {}
    for key, name in first_name.items():
        mine = [(play, play["keys"].index(key)) for play in plays if key in play["keys"]]
        won = sum(1 for play, seat in mine if seat in play["winners"])
        rivals: dict[str, list[int]] = {}
        for play, seat in mine:
            for other, other_key in enumerate(play["keys"]):
                if other == seat or play["side"][other] == play["side"][seat]:
                    continue
                tally = rivals.setdefault(first_name[other_key], [0, 0, 0])
                tally[{1: 0, -1: 1, 0: 2}[ahead(play, seat, other)]] += 1
        scores = {}
        for game in {play["game"] for play, _ in mine if play["score"]}:
            scored = [(play, seat) for play, seat in mine if play["game"] == game]
            values = [play["score"][seat] for play, seat in scored]
            scores[game] = ((max if scored[0][0]["highest"] else min)(values), mean(values))
        titles = Counter(play["title"] for play, _ in mine)
        wins_by_title = Counter(play["title"] for play, seat in mine if seat in play["winners"])
        loyalty = Counter(play["loyal"][seat] for play, seat in mine
                          if play["loyal"] and seat in play["winners"])
        players[name] = {
            "played": len(mine), "won": won, "rate": won / len(mine), "loyalty": dict(loyalty),
            "titles": {title: (count, wins_by_title[title]) for title, count in titles.items()},
            "rivals": {other: tuple(t) for other, t in rivals.items()}, "scores": scores,
            "form": "".join("W" if seat in play["winners"] else "L"
                            for play, seat in reversed(mine))[:5],
        }
    games = {}
    for game in {play["game"] for play in plays}:
        mine = [play for play in plays if play["game"] == game]
        by_count = {}
        for n in {len(play["names"]) for play in mine}:
            group = [play for play in mine if len(play["names"]) == n]
            entry = {"plays": len(group)}
            if mine[0]["score"]:
                values = [play["score"][members[0]] for play in group for members in play["groups"]]
                entry["average"] = mean(values)
                entry["record"] = (max if mine[0]["highest"] else min)(values)
            by_count[n] = entry
        first = None
        started = [play for play in mine if play["start"] is not None]
        if started:
            wins = sum(1 for play in started if play["start"] in play["winners"])
            first = (len(started), wins, wins / len(started))
        games[game] = {"plays": len(mine), "by_count": by_count, "first": first,
                       "endings": Counter(e for play in mine for e in play["ending"]),
                       "turns": mean(play["turns"] for play in mine),
                       "minutes": mean(play["minutes"] for play in mine)}
    return {"plays": len(plays), "players": players, "games": games}
