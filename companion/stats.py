"""Every game as a play (who sat where, scores, ranks, winners), and the figures of the
Statistics page made from them.

A play's outcome comes from the game's engine (``outcome`` and ``seating`` of the replayed
record, see companion.engine.Outcome); this module reads it the same way for every game: sides
(King's Court partnerships make one side), each side's score where the game scores, ranks with
the winners first. A game marked abandoned or played wrong stays a play but is left out of every
figure.
"""
from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime
from statistics import mean
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import func, select

from companion import players as people
from companion.engine import RuleError, get_engine
from companion.record import Record
from companion.store import Store
from companion.store.tables import entries, games

FORM = 5  # the last plays shown as a player's recent form


@dataclass
class Play:
    """One game as the figures and exports see it."""

    id: str
    game: str
    title: str
    date: datetime  # when its last entry was made (when it was created, without entries)
    status: str  # counts, abandoned or wrong (the latest mark)
    players: list[tuple[int, str]]  # (player id, name) by seat
    finished: bool = False
    sides: list[list[int]] = field(default_factory=list)  # the seats of each side
    side_names: list[str] = field(default_factory=list)
    scores: list[int] | None = None  # each side's score, where the game scores
    highest_wins: bool | None = None  # where the game scores: whether the highest wins
    ranks: list[int] = field(default_factory=list)  # by seat; winners 1
    winners: list[int] = field(default_factory=list)  # seats
    start: int | None = None  # the seat that started, where the setup chooses it
    roles: list[str | None] = field(default_factory=list)  # by seat
    turns: int = 0  # moves in force
    minutes: float | None = None  # from the first entry to the last
    endings: list[str] = field(default_factory=list)  # how it ended, in words
    allegiances: list[str] | None = None  # by seat, whom each served (Kingseat's Loyalties)
    reason: str = ""

    @property
    def counts(self) -> bool:
        return self.finished and self.status == people.COUNTS

    def side_of(self, seat: int) -> int:
        return next(i for i, side in enumerate(self.sides) if seat in side)

    def score_of(self, seat: int) -> int | None:
        return None if self.scores is None else self.scores[self.side_of(seat)]


def play_of(record: Record, seated: list[tuple[int, str]], status: str) -> Play:
    """A stored game as a play: its outcome read from the engine."""
    return _dressed(outcome(record), seated, status)


def _dressed(play: Play, seated: list[tuple[int, str]], status: str) -> Play:
    """A game's outcome with who sat where by their current names, and its latest mark."""
    return replace(play, players=seated, status=status,
                   side_names=play.side_names or [name for _, name in seated])


def outcome(record: Record) -> Play:
    """What a record alone says of its play (no names but the sides', no mark): the same until
    the game gets another entry."""
    engine, state = record.engine, record.replay.state
    stamps = [entry.at for entry in record.entries]
    play = Play(record.id, record.game, engine.title, stamps[-1] if stamps else record.created_at,
                people.COUNTS, [], turns=len(record.replay.done))
    if len(stamps) > 1:
        play.minutes = (stamps[-1] - stamps[0]).total_seconds() / 60
    opening = engine.new(record.options)
    ended = engine.outcome(state, opening)
    seated = engine.seating(state, opening) if ended is None else ended
    play.sides = [list(side) for side in seated.sides]
    play.side_names = list(seated.side_names or ())
    play.roles = list(seated.roles)
    play.start = seated.start
    if ended is None:
        return play
    play.finished = True
    play.reason = ended.reason
    play.winners = list(ended.winners)
    if ended.scores is not None:
        play.scores = [ended.scores[side[0]] for side in ended.sides]
        play.highest_wins = ended.highest_wins
    play.endings = list(ended.endings)
    play.allegiances = None if ended.allegiances is None else list(ended.allegiances)
    play.ranks = list(ended.ranks)
    return play


@dataclass(frozen=True)
class Unreadable:
    """A stored game no page can load (kept by an older companion: an id it would not make
    now, or a record today's rules refuse): left out of every figure, deleted by its creator."""

    id: str
    game: str
    owner: str


@dataclass
class Plays:
    """Every stored game as a play, oldest first, and the games that cannot be read."""

    plays: list[Play]
    unreadable: list[Unreadable]


# Each process keeps every game's outcome (a Play without names or mark) with the entry count it
# was read at: a game read again only when it got another entry, so the Statistics page costs a
# query and the figures, not a replay of every game. Bounded: beyond it the oldest read are read
# again when asked.
KEPT_OUTCOMES = 20_000
_OUTCOMES: WeakKeyDictionary[Store, OrderedDict[str, tuple]] = WeakKeyDictionary()
_OUTCOMES_LOCK = threading.Lock()
_ENTRY_COUNTS = select(
    games.c.id, games.c.game, games.c.owner, games.c.created_at,
    select(func.max(entries.c.seq)).where(entries.c.game_id == games.c.id)
    .scalar_subquery().label("last"),
).order_by(games.c.created_at, games.c.id)


def read_plays(store: Store) -> Plays:
    """Every stored game as a play, and the games that cannot be read."""
    seated = people.names_by_seat(store)
    marked = people.marks_of(store)
    with store.db.connect() as conn:
        rows = conn.execute(_ENTRY_COUNTS).all()
    with _OUTCOMES_LOCK:
        kept = _OUTCOMES.setdefault(store, OrderedDict())
    plays, unreadable = [], []
    for row in rows:
        version = (row.created_at, row.last)
        with _OUTCOMES_LOCK:
            found = kept.get(row.id)
        if found is None or found[0] != version:
            found = (version, _outcome(store, row.id))
            with _OUTCOMES_LOCK:
                kept[row.id] = found
                kept.move_to_end(row.id)
                while len(kept) > KEPT_OUTCOMES:
                    kept.popitem(last=False)
        if found[1] is None:
            unreadable.append(Unreadable(row.id, row.game, row.owner))
        else:
            plays.append(_dressed(found[1], seated.get(row.id, []),
                                  people.status(marked.get(row.id, []))))
    plays.sort(key=lambda play: (play.date, play.id))
    return Plays(plays, unreadable)


def _outcome(store: Store, game_id: str) -> Play | None:
    """A game's outcome, read without taking a place among the records the tables use; None
    when it cannot be read."""
    try:
        return outcome(store.load(game_id, keep=False))
    except (LookupError, RuleError):
        return None


def all_plays(store: Store) -> list[Play]:
    """Every stored game that can be read, as a play, oldest first."""
    return read_plays(store).plays


def figures(plays: Iterable[Play]) -> dict[str, Any]:
    """The Statistics page's figures from the plays that count."""
    every = list(plays)
    counted = [play for play in every if play.counts]
    return {
        "plays": len(counted),
        "left_out": sum(1 for play in every if play.finished and not play.counts),
        "players": _players(counted),
        "games": _games(counted),
    }


def _players(counted: list[Play]) -> list[dict[str, Any]]:
    names: dict[int, str] = {}
    for play in counted:
        names.update(play.players)
    rows = []
    for pid, name in names.items():
        mine = [(play, seat) for play in counted for seat, (who, _) in enumerate(play.players)
                if who == pid]
        won = [play for play, seat in mine if seat in play.winners]
        titles: dict[str, list[int]] = {}
        for play, seat in mine:
            tally = titles.setdefault(play.title, [0, 0])
            tally[0] += 1
            tally[1] += seat in play.winners
        scores: dict[str, list[int]] = {}
        highest: dict[str, bool] = {}
        for play, seat in mine:
            if play.scores is not None:
                scores.setdefault(play.game, []).append(play.score_of(seat))
                highest[play.game] = play.highest_wins
        loyalty = Counter(play.allegiances[seat] for play, seat in mine
                          if play.allegiances is not None and seat in play.winners)
        recent = sorted(mine, key=lambda ps: (ps[0].date, ps[0].id), reverse=True)[:FORM]
        rows.append({
            "id": pid,
            "name": name,
            "played": len(mine),
            "won": len(won),
            "rate": len(won) / len(mine),
            "titles": [{"title": title, "played": p, "won": w}
                       for title, (p, w) in sorted(titles.items())],
            "scores": [{"game": game, "title": get_engine(game).title,
                        "lowest_wins": not highest[game],
                        "best": (max if highest[game] else min)(values),
                        "average": mean(values)}
                       for game, values in sorted(scores.items())],
            "loyalty": [{"prince": prince, "wins": wins}
                        for prince, wins in sorted(loyalty.items(), key=lambda pw: (-pw[1], pw[0]))],
            "rivals": _rivals(pid, mine, names),
            "form": "".join("W" if seat in play.winners else "L" for play, seat in recent),
        })
    rows.sort(key=lambda row: (-row["won"], -row["rate"], row["name"].casefold()))
    return rows


def _rivals(pid: int, mine: list[tuple[Play, int]], names: dict[int, str]) -> list[dict[str, Any]]:
    """Head to head: in the games both played on different sides, who finished ahead."""
    record: dict[int, list[int]] = {}
    for play, seat in mine:
        for other_seat, (other, _) in enumerate(play.players):
            if other == pid or play.side_of(other_seat) == play.side_of(seat):
                continue
            tally = record.setdefault(other, [0, 0, 0])
            mine_rank, theirs = play.ranks[seat], play.ranks[other_seat]
            tally[0 if mine_rank < theirs else 1 if mine_rank > theirs else 2] += 1
    return [{"id": other, "name": names[other], "ahead": a, "behind": b, "level": lv}
            for other, (a, b, lv) in sorted(record.items(), key=lambda kv: names[kv[0]].casefold())]


def _games(counted: list[Play]) -> list[dict[str, Any]]:
    rows = []
    for game in sorted({play.game for play in counted}):
        mine = [play for play in counted if play.game == game]
        by_count: dict[int, list[Play]] = {}
        for play in mine:
            by_count.setdefault(len(play.players), []).append(play)
        scored = mine[0].scores is not None
        highest = mine[0].highest_wins
        counts = []
        for n, group in sorted(by_count.items()):
            row: dict[str, Any] = {"players": n, "plays": len(group)}
            if scored:
                values = [score for play in group for score in play.scores]
                row["average"] = mean(values)
                row["record"] = (max if highest else min)(values)
            counts.append(row)
        first = None
        started = [play for play in mine if play.start is not None]
        if started:  # where the setup chooses who begins
            wins = sum(1 for play in started if play.start in play.winners)
            first = {"plays": len(started), "wins": wins, "rate": wins / len(started)}
        endings = Counter(ending for play in mine for ending in play.endings)
        timed = [play.minutes for play in mine if play.minutes is not None]
        rows.append({
            "game": game,
            "title": mine[0].title,
            "plays": len(mine),
            "scores": scored,
            "lowest_wins": scored and not highest,
            "by_count": counts,
            "first": first,
            "endings": [{"how": how, "count": count}
                        for how, count in sorted(endings.items(), key=lambda hc: (-hc[1], hc[0]))],
            "turns": mean(play.turns for play in mine),
            "minutes": mean(timed) if timed else None,
        })
    return rows
