"""Who may change what, said once and checked here for every route that changes it.

- ``delete`` a game, change its ``rulings``, ``mark`` it abandoned, played wrong or counting,
  ``free-seat`` (let go of a seat a lost phone holds): the phone that created the game.
- ``players`` (rename a player, merge two): a phone that created, or holds a seat in, every
  game those players sat in.

Moves, undo, redo and seats are for anyone with the game's link (the table); the link is the
game's key. A route names its action with ``@needs(action)`` (the game from the URL) or calls
``check(action, ...)`` with what it acts on; a new rule is one more line in :data:`RULES`.

The archive and the CSV of plays list the games this phone created, holds a seat in or opened
(:func:`visible_games`), every game only when the server was started with ``--share-stats``.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from flask import abort, current_app, g, session

from companion import players as people
from companion.web import store
from companion.words import Msg, msg


def created(device: str, game_id: str) -> bool:
    return store().about(game_id).owner == device


def seated_everywhere(device: str, player_ids: list[int]) -> bool:
    return not people.games_not_held(store(), player_ids, device)


RULES: dict[str, tuple[Callable[..., bool], Msg]] = {
    "delete": (created, msg("Only the phone that created this game may delete it.")),
    "rulings": (created, msg("Only the phone that created this game may change its rulings.")),
    "mark": (created, msg("Only the phone that created this game may mark it.")),
    "free-seat": (created, msg("Only the phone that created this game may free a seat, with the "
                               "table's knowledge.")),
    "players": (seated_everywhere, msg("Only a phone that created, or holds a seat in, every game "
                                       "these players sat in may rename or merge them.")),
}


def allowed(action: str, **what: Any) -> bool:
    """May this phone do ``action`` to ``what``?"""
    rule, _ = RULES[action]
    return rule(g.device, **what)


def check(action: str, **what: Any) -> None:
    """403 with the rule's sentence unless this phone may do ``action`` to ``what``."""
    if not allowed(action, **what):
        abort(403, RULES[action][1])


def needs(action: str):
    """A route on one game (``game_id`` in its URL) that only some phones may use."""

    def decorate(view):
        @wraps(view)
        def checked(game_id: str, **kwargs):
            check(action, game_id=game_id)
            return view(game_id, **kwargs)

        return checked

    return decorate


def visible_games() -> set[str] | None:
    """The games this phone may find listed with their ids (None: every game, --share-stats)."""
    if current_app.config["SHARE_STATISTICS"]:
        return None
    return store().games_of(g.device) | set(session.get("games", []))
