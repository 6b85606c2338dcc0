"""What a game id is, and the error for one that names no game."""
from __future__ import annotations

import re
import secrets

from companion.words import Msg, msg

# What secrets.token_urlsafe(16) makes (22 characters); the column holds up to 32.
GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


class GameNotFound(LookupError):
    """No game has this id; ``message`` is the sentence (a Msg), ``str(error)`` its English."""

    @property
    def message(self) -> Msg:
        return self.args[0]

    def __init__(self, game_id: str):
        shown = repr(game_id) if len(game_id) <= 40 else repr(game_id[:40]) + "..."
        super().__init__(msg("There is no game {shown}: it may have been deleted.", shown=shown))
        self.game_id = game_id


def check_id(game_id: str) -> None:
    """A text that cannot be a game id is no game, and never reaches the database (PostgreSQL
    refuses a NUL in a query where SQLite would look it up)."""
    if not GAME_ID.fullmatch(game_id):
        raise GameNotFound(game_id)


def check_stored_id(game_id: str) -> None:
    """What the id column may hold at all (older companions stored any text an archive gave)."""
    if len(game_id) > 32 or "\x00" in game_id:
        raise GameNotFound(game_id)


def new_game_id() -> str:
    """An unguessable id (128 random bits) that never starts with "-", so that
    `companion export <id>` never reads it as an option."""
    while True:
        game_id = secrets.token_urlsafe(16)
        if not game_id.startswith("-"):
            return game_id
