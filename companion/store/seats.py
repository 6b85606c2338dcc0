"""Which phone holds which seat of a game: a claim is not a password, it decides what a phone
is shown (its own secrets), and one seat has one phone at a time."""
from __future__ import annotations

from sqlalchemy import String, bindparam, delete, exc, insert, select

from companion import engine as protocol
from companion.store.database import Database, Read
from companion.store.ids import GameNotFound
from companion.store.tables import claims, games
from companion.words import msg

# Which phone holds which player of the game ``game`` (one of the reads every view makes)
_SEATS = select(claims.c.player, claims.c.device).where(
    claims.c.game_id == bindparam("game", type_=String))


class Seats(Database):
    """The seats the phones hold, in the games of one database."""

    def __init__(self, url: str, connections: int = 20):
        super().__init__(url, connections)
        self._seats = Read(self.db, _SEATS)

    def seat_of(self, game_id: str, device: str) -> int | None:
        """The player this phone says it holds in this game, if any."""
        with self._plain() as conn:
            return conn.execute(select(claims.c.player).where(
                claims.c.game_id == game_id, claims.c.device == device)).scalar()

    def seats(self, game_id: str, device: str,
              held: dict[int, str] | None = None) -> tuple[int | None, list[int]]:
        """The player this phone holds (if any) and every player some phone holds, in one
        read (none if ``held``, which phone holds which player, was read already): a phone's
        every view of the game needs both."""
        if held is None:
            held = dict(self._seats.rows(game=game_id))
        mine = next((player for player, holder in held.items() if holder == device), None)
        return mine, sorted(held)

    def games_of(self, device: str) -> set[str]:
        """The games this phone created or holds a seat in."""
        with self._plain() as conn:
            return set(conn.execute(held_by(device)).scalars())

    def claim(self, game_id: str, device: str, player: int | None, name: str = "") -> None:
        """This phone holds ``player`` from now on (None: no player). A seat another phone
        holds is refused: that phone must let it go first."""
        try:
            with self.writing() as conn:
                if conn.execute(select(games.c.id).where(games.c.id == game_id)).first() is None:
                    raise GameNotFound(game_id)
                held = conn.execute(select(claims.c.device).where(
                    claims.c.game_id == game_id, claims.c.player == player)).scalar()
                if player is not None and held not in (None, device):
                    raise protocol.RuleError("seat", msg("Another phone already holds {name}'s seat: "
                                                         "let it go on that phone first.", name=name))
                conn.execute(delete(claims).where(claims.c.game_id == game_id,
                                                 claims.c.device == device))
                if player is not None:
                    conn.execute(insert(claims).values(game_id=game_id, player=player,
                                                      device=device))
        except exc.IntegrityError:
            raise protocol.RuleError("seat", msg("Another phone took {name}'s seat just now.", name=name)) \
                from None

    def free(self, game_id: str, player: int) -> None:
        """No phone holds ``player``'s seat any more (the game's creator let it go)."""
        with self.writing() as conn:
            conn.execute(delete(claims).where(claims.c.game_id == game_id,
                                             claims.c.player == player))


def held_by(device: str):
    """The ids of the games a phone created or holds a seat in (a query)."""
    return select(games.c.id).where(games.c.owner == device).union(
        select(claims.c.game_id).where(claims.c.device == device))
