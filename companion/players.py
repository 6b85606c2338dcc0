"""Players known across games, and the marks a table puts on a whole game.

A player is a person this companion has seen at its tables: a name as first typed, and every
spelling that names them (compared case-insensitively). Each seat of each game points at one
player, so a rename changes what every page shows and a merge moves every play of one name to
the other; the games' own records (options and entries) are never touched.

A mark says a game is abandoned or was played wrong (or, marked again, that it counts after
all). Marks are appended, never changed: the latest one holds and the earlier ones stay, so the
table can see what was said. They live beside the record rather than among its entries because
they are no move of the game: the engines, undo and redo and the phones' move numbers know
nothing of them.
"""
from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import exc, func, insert, select, update

from companion.engine import NAME_LENGTH, RuleError
from companion.store import GameNotFound, Store
from companion.store.database import utc
from companion.store.seats import held_by
from companion.store.tables import games, marks, player_names, players, seats
from companion.words import msg

ABANDONED, WRONG, COUNTS = "abandoned", "wrong", "counts"
MARKS = {  # a mark's words, as the game page says them
    ABANDONED: msg("abandoned"),
    WRONG: msg("played wrong"),
    COUNTS: msg("counts"),
}


def key(name: str) -> str:
    """What two spellings of one name share: 'Ann', 'ann ' and 'ANN' are one player."""
    return name.strip().casefold()


def _person(conn, name: str) -> int:
    """The player a name belongs to, made (with the name as typed) when it is new."""
    found = conn.execute(
        select(player_names.c.player_id).where(player_names.c.key == key(name))
    ).scalar()
    if found is not None:
        return found
    player_id = conn.execute(insert(players).values(name=name.strip())).inserted_primary_key[0]
    conn.execute(insert(player_names).values(key=key(name), player_id=player_id))
    return player_id


def sync(store: Store) -> None:
    """Link every seat of every game not linked yet, oldest game first (so a name keeps the
    spelling it was first typed with). Run before anything reads players."""
    unlinked = (select(games.c.id, games.c.options)
                .where(games.c.id.not_in(select(seats.c.game_id).distinct()))
                .order_by(games.c.created_at, games.c.id))
    with store.db.connect() as conn:
        if conn.execute(unlinked.limit(1)).first() is None:
            return  # the usual case: no write, no lock
    try:
        with store.writing() as conn:
            for row in conn.execute(unlinked).all():
                names = (row.options or {}).get("players") or []
                if names:
                    conn.execute(insert(seats), [
                        {"game_id": row.id, "seat": seat, "player_id": _person(conn, name)}
                        for seat, name in enumerate(names)
                    ])
    except exc.IntegrityError:
        pass  # another server process linked the same games at the same moment


def link(conn, game_id: str, names: list[str]) -> None:
    """Seat these people (by name) in a game just stored (an archive's import)."""
    conn.execute(insert(seats), [
        {"game_id": game_id, "seat": seat, "player_id": _person(conn, name)}
        for seat, name in enumerate(names)
    ])


def everyone(store: Store) -> list[dict[str, Any]]:
    """Every player: id, name, the other spellings and how many games they sat in."""
    sync(store)
    with store.db.connect() as conn:
        counts = dict(conn.execute(
            select(seats.c.player_id, func.count()).group_by(seats.c.player_id)).all())
        spellings: dict[int, list[str]] = {}
        for row in conn.execute(select(player_names).order_by(player_names.c.key)):
            spellings.setdefault(row.player_id, []).append(row.key)
        people = conn.execute(select(players).order_by(players.c.name, players.c.id)).all()
    return [
        {"id": p.id, "name": p.name, "games": counts.get(p.id, 0),
         "spellings": [s for s in spellings.get(p.id, []) if s != key(p.name)]}
        for p in people
    ]


def names_by_seat(store: Store, game_id: str | None = None) -> dict[str, list[tuple[int, str]]]:
    """Game id -> (player id, current name) for each seat, in seat order (of one game only
    with ``game_id``)."""
    sync(store)
    query = (select(seats.c.game_id, seats.c.seat, players.c.id, players.c.name)
             .join(players, players.c.id == seats.c.player_id)
             .order_by(seats.c.game_id, seats.c.seat))
    return _by_game(store, query, seats.c.game_id, game_id, lambda row: (row.id, row.name))


def _by_game(store: Store, query, column, game_id: str | None, item) -> dict[str, list]:
    """The rows of ``query`` as ``item(row)``, listed under their game (one game only with
    ``game_id``, matched on ``column``)."""
    if game_id is not None:
        query = query.where(column == game_id)
    with store.db.connect() as conn:
        rows = conn.execute(query).all()
    out: dict[str, list] = {}
    for row in rows:
        out.setdefault(row.game_id, []).append(item(row))
    return out


def games_not_held(store: Store, player_ids: list[int], device: str) -> list[str]:
    """The games these players sat in that ``device`` neither created nor holds a seat in."""
    query = (select(seats.c.game_id).where(seats.c.player_id.in_(player_ids))
             .where(seats.c.game_id.not_in(held_by(device))).distinct())
    with store.db.connect() as conn:
        return list(conn.execute(query).scalars())


def _checked_name(name: Any) -> str:
    if not isinstance(name, str) or not name.strip():
        raise RuleError("players", msg("A player needs a name."))
    if len(name.strip()) > NAME_LENGTH:
        raise RuleError("players", msg("A name is at most {length} characters.", length=NAME_LENGTH))
    return name.strip()


def _existing(conn, player_id: Any) -> Any:
    row = None
    if isinstance(player_id, int) and not isinstance(player_id, bool):
        row = conn.execute(select(players).where(players.c.id == player_id)).first()
    if row is None:
        raise RuleError("players", msg("There is no such player: the list may have changed."))
    return row


def rename(store: Store, player_id: int, name: Any) -> None:
    """Call a player by a new name everywhere; the old spelling still finds them."""
    name = _checked_name(name)
    with store.writing() as conn:
        _existing(conn, player_id)
        owner = conn.execute(
            select(player_names.c.player_id).where(player_names.c.key == key(name))).scalar()
        if owner is not None and owner != player_id:
            other = conn.execute(select(players.c.name).where(players.c.id == owner)).scalar()
            raise RuleError("players", msg("{name} is already a player: merge the two instead.", name=other))
        conn.execute(update(players).where(players.c.id == player_id).values(name=name))
        if owner is None:
            conn.execute(insert(player_names).values(key=key(name), player_id=player_id))


def merge(store: Store, keep: int, other: int) -> None:
    """Two names turned out to be one person: every play and spelling of ``other`` moves to
    ``keep``. Refused when both sat in one game (one person holds one seat)."""
    with store.writing() as conn:
        kept, gone = _existing(conn, keep), _existing(conn, other)
        if keep == other:
            raise RuleError("players", msg("Choose two different players to merge."))
        both = conn.execute(
            select(seats.c.game_id).where(seats.c.player_id == keep)
            .intersect(select(seats.c.game_id).where(seats.c.player_id == other))
        ).first()
        if both is not None:
            raise RuleError("players", msg("{kept} and {gone} played in the same game, so they are two people.",
                                           kept=kept.name, gone=gone.name))
        conn.execute(update(seats).where(seats.c.player_id == other).values(player_id=keep))
        conn.execute(
            update(player_names).where(player_names.c.player_id == other).values(player_id=keep))
        conn.execute(players.delete().where(players.c.id == other))


def mark(store: Store, game_id: str, status: str) -> None:
    """Append a mark to a game: abandoned, played wrong, or counts after all."""
    if status not in MARKS:
        raise RuleError("record", msg("A game is marked abandoned, played wrong, or counts."))
    with store.writing() as conn:
        if conn.execute(select(games.c.id).where(games.c.id == game_id)).first() is None:
            raise GameNotFound(game_id)
        conn.execute(insert(marks).values(game_id=game_id, status=status,
                                          at=datetime.now(UTC)))


def marks_of(store: Store, game_id: str | None = None) -> dict[str, list[dict[str, Any]]]:
    """Game id -> its marks, oldest first (``game_id`` for one game only)."""
    return _by_game(store, select(marks).order_by(marks.c.id), marks.c.game_id, game_id,
                    lambda row: {"status": row.status, "at": utc(row.at).isoformat()})


def status(game_marks: list[dict[str, Any]]) -> str:
    """What the latest mark says: "counts" for a game never marked."""
    return game_marks[-1]["status"] if game_marks else COUNTS
