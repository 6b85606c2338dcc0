"""Word that a game got a new entry, for the phones waiting on it (long polling), and on
PostgreSQL the entry counts that word carries.

Within one process the store tells :class:`Changes` after each commit. Between processes on
PostgreSQL each write sends ``NOTIFY companion_entries, '<game id>:<entry count>'`` in its
transaction (a deletion sends the id alone), and a thread of every process LISTENs and passes
the word on. Waking a waiting phone never depends on the word arriving: it also re-reads the
entry count from the database every ``RECHECK`` seconds (several processes on one SQLite file, a
listener reconnecting), so the worst is a late update.

While that thread is listening, the counts it heard (and this process's own writes) answer a
phone's "anything new since entry N?" without asking the database: PostgreSQL delivers every
committed write's word to every listener, in commit order. What was heard is forgotten whenever
the listener's connection breaks (word may have been lost), and a count is kept only from word
heard since the current connection began to listen.
"""
from __future__ import annotations

import threading
from collections.abc import Callable

CHANNEL = "companion_entries"
RECHECK = 2.0  # seconds between re-reads of the entry count while a phone waits
ALIVE = 5.0  # seconds between the listener's checks that its connection still answers


class Changes:
    def __init__(self, listen: Callable[[Changes], None] | None = None):
        self._lock = threading.Lock()
        self._versions: dict[str, int] = {}
        self._conditions: dict[str, threading.Condition] = {}
        self._counts: dict[str, int] = {}  # entry counts heard while listening
        self._listen = listen  # starts the cross-process listener, once, when first needed
        self._listening = False  # the listener thread was started
        self._heard = 0  # 0: not listening now; else which connection of the listener it is
        self.closed = threading.Event()

    def close(self) -> None:
        """Stop the listener (within a second)."""
        self.closed.set()

    def version(self, game_id: str) -> int:
        with self._lock:
            return self._versions.get(game_id, 0)

    def connection(self) -> int:
        """Which connection of the listener is listening now (0: none). A write takes it
        before it begins and gives it back with its count: a count written while the listener
        was reconnecting is not kept (word of another write may have been lost meanwhile)."""
        with self._lock:
            return self._heard

    def notify(self, game_id: str, count: int | None = None, heard: int = 0) -> None:
        """A game changed: wake its waiting phones. ``count``: its entries now, from a write
        committed or word heard while the listener's connection ``heard`` listened (None: not
        known, say the game was deleted)."""
        with self._lock:
            self._versions[game_id] = self._versions.get(game_id, 0) + 1
            if count is None:
                self._counts.pop(game_id, None)
            elif heard and heard == self._heard:
                # Counts only grow: word of an earlier write may come after a later one's.
                self._counts[game_id] = max(self._counts.get(game_id, 0), count)
            condition = self._conditions.get(game_id)
            if condition is not None:
                condition.notify_all()

    def correct(self, game_id: str, count: int) -> None:
        """The database says the game has ``count`` entries: a different count heard is not
        trusted again (word of a write still on its way, or lost), until word comes anew."""
        with self._lock:
            if self._counts.get(game_id, count) != count:
                del self._counts[game_id]

    def count(self, game_id: str) -> int | None:
        """The game's entry count as heard, if it can be trusted (None: ask the database)."""
        self._start_listening()
        with self._lock:
            return self._counts.get(game_id) if self._heard else None

    def listening(self, connection: int | None) -> None:
        """The listener's connection ``connection`` now listens (None: it broke). Either way,
        what was heard before is forgotten."""
        with self._lock:
            self._heard = connection or 0
            self._counts.clear()

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
    it checks every ALIVE seconds that the connection answers, and reconnects after a second
    when it breaks."""
    import time

    import psycopg

    def listen(changes: Changes) -> None:
        connection = 0
        while not changes.closed.is_set():
            try:
                with psycopg.connect(url, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    connection += 1
                    changes.listening(connection)
                    checked = time.monotonic()
                    while not changes.closed.is_set():
                        for notice in conn.notifies(timeout=1.0):
                            game_id, _, count = notice.payload.partition(":")
                            changes.notify(game_id, int(count) if count.isdigit() else None,
                                           connection)
                        if time.monotonic() - checked > ALIVE:
                            conn.execute("SELECT 1")
                            checked = time.monotonic()
            except psycopg.Error:
                pass
            changes.listening(None)
            changes.closed.wait(1.0)

    return listen
