"""Heavy requests cannot starve the table: how many scans, prints, imports and statistics run at
once.

Reading a photo, drawing a PDF, replaying an imported record or working out the statistics
costs a core for up to seconds; a few at once and the table's moves wait. Each kind has its
places (``SCANS_AT_ONCE``, ``PRINTS_AT_ONCE``, ``IMPORTS_AT_ONCE``, ``STATISTICS_AT_ONCE``); a
request finding them taken waits up to ``BUSY_WAIT_SECONDS``, then is answered 503 with
Retry-After and a sentence.
"""
from __future__ import annotations

import threading
import time
from collections import OrderedDict, deque
from contextlib import contextmanager

from flask import current_app, request
from werkzeug.exceptions import ServiceUnavailable, TooManyRequests

from companion.words import Msg, msg, plural

RETRY_AFTER = 5  # seconds
IMPORT_BUSY = msg("Other games are being imported right now: try again in a few seconds.")


def init_app(app) -> None:
    app.extensions["wrong_codes"] = Guesses(app.config["WRONG_CODES"], app.config["WRONG_CODES_SECONDS"])
    app.extensions["busy"] = {
        "scan": threading.BoundedSemaphore(app.config["SCANS_AT_ONCE"]),
        "print": threading.BoundedSemaphore(app.config["PRINTS_AT_ONCE"]),
        "import": threading.BoundedSemaphore(app.config["IMPORTS_AT_ONCE"]),
        "stats": threading.BoundedSemaphore(app.config["STATISTICS_AT_ONCE"]),
    }


@contextmanager
def place(kind: str, busy_message: Msg):
    places = current_app.extensions["busy"][kind]
    if not places.acquire(timeout=current_app.config["BUSY_WAIT_SECONDS"]):
        raise ServiceUnavailable(busy_message, retry_after=RETRY_AFTER)
    try:
        yield
    finally:
        places.release()
        _give_back_memory()


class Guesses:
    """Wrong join codes per client (its address): ``most`` in ``seconds``, then 429 until the
    first of them is that old. Kept for the last ``CLIENTS`` clients only."""

    CLIENTS = 10_000

    def __init__(self, most: int, seconds: float):
        self.most, self.seconds = most, seconds
        self._wrong: OrderedDict[str, deque[float]] = OrderedDict()
        self._lock = threading.Lock()

    def _recent(self, client: str, now: float) -> deque[float]:
        wrong = self._wrong.setdefault(client, deque())
        self._wrong.move_to_end(client)
        while wrong and wrong[0] <= now - self.seconds:
            wrong.popleft()
        while len(self._wrong) > self.CLIENTS:
            self._wrong.popitem(last=False)
        return wrong

    def check(self) -> None:
        """429 with Retry-After while this client has used up its wrong codes."""
        now = time.monotonic()
        with self._lock:
            wrong = self._recent(request.remote_addr or "", now)
            if len(wrong) < self.most:
                return
            wait = max(1, round(wrong[0] + self.seconds - now))
        raise TooManyRequests(plural("Too many wrong codes from this phone: try again in {n} second, or scan "
                                     "the QR code on the other phone.",
                                     "Too many wrong codes from this phone: try again in {n} seconds, or scan "
                                     "the QR code on the other phone.", wait), retry_after=wait)

    def wrong(self) -> None:
        with self._lock:
            self._recent(request.remote_addr or "", time.monotonic()).append(time.monotonic())


def _give_back_memory() -> None:
    """Hand the freed pages of a decoded photo or a drawn PDF back to the system: glibc keeps
    them in its arenas otherwise, and the server stays at its peak for good."""
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


M_ARENA_MAX = -8  # glibc's mallopt parameter


def _glibc():
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
    except OSError:
        return None
    if not hasattr(libc, "malloc_trim"):
        return None
    # Two malloc arenas, not eight a core: each of the server's threads otherwise gets an arena
    # of its own, and what an import or a photo left freed in each stays in the process.
    libc.mallopt(M_ARENA_MAX, 2)
    return libc


_LIBC = _glibc()
