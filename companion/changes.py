"""Word that a game got a new entry, for the phones waiting on it (long polling).

Within one process the store tells :class:`Changes` after each commit. Between processes on
PostgreSQL each write sends ``NOTIFY companion_entries, '<game id>'`` in its transaction, and a
thread of every process that has phones waiting LISTENs and passes the word on. Nothing depends
on the word arriving: a waiting phone also re-reads the entry count every ``RECHECK`` seconds
(several processes on one SQLite file, a listener reconnecting), so the worst is a late update.
"""
from __future__ import annotations

import threading
from typing import Callable

CHANNEL = "companion_entries"
RECHECK = 2.0  # seconds between re-reads of the entry count while a phone waits


class Changes:
    def __init__(self, listen: Callable[[Changes], None] | None = None):
        self._lock = threading.Lock()
        self._versions: dict[str, int] = {}
        self._conditions: dict[str, threading.Condition] = {}
        self._listen = listen  # starts the cross-process listener, once, when a phone first waits
        self._listening = False
        self.closed = threading.Event()

    def close(self) -> None:
        """Stop the listener (within a second)."""
        self.closed.set()

    def version(self, game_id: str) -> int:
        with self._lock:
            return self._versions.get(game_id, 0)

    def notify(self, game_id: str) -> None:
        with self._lock:
            self._versions[game_id] = self._versions.get(game_id, 0) + 1
            condition = self._conditions.get(game_id)
            if condition is not None:
                condition.notify_all()

    def wait(self, game_id: str, version: int, timeout: float) -> bool:
        """Block until the game's version moves past ``version`` or ``timeout`` seconds pass
        (at most RECHECK); True when word came."""
        self._start_listening()
        with self._lock:
            condition = self._conditions.setdefault(game_id, threading.Condition(self._lock))
            return condition.wait_for(lambda: self._versions.get(game_id, 0) != version,
                                      min(timeout, RECHECK))

    def _start_listening(self) -> None:
        if self._listen is None or self._listening:
            return
        with self._lock:
            if self._listening:
                return
            self._listening = True
        threading.Thread(target=self._listen, args=(self,), name="companion-listen", daemon=True).start()


def postgresql_listener(url: str) -> Callable[[Changes], None]:
    """A loop that LISTENs on its own connection and tells ``changes`` of every game notified;
    it reconnects after a second when the connection breaks."""
    import psycopg

    def listen(changes: Changes) -> None:
        while not changes.closed.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    while not changes.closed.is_set():
                        for notice in conn.notifies(timeout=1.0):
                            changes.notify(notice.payload)
            except psycopg.Error:
                changes.closed.wait(1.0)

    return listen
