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
from contextlib import contextmanager

from flask import current_app
from werkzeug.exceptions import ServiceUnavailable

RETRY_AFTER = 5  # seconds
IMPORT_BUSY = "Other games are being imported right now: try again in a few seconds."


def init_app(app) -> None:
    app.extensions["busy"] = {
        "scan": threading.BoundedSemaphore(app.config["SCANS_AT_ONCE"]),
        "print": threading.BoundedSemaphore(app.config["PRINTS_AT_ONCE"]),
        "import": threading.BoundedSemaphore(app.config["IMPORTS_AT_ONCE"]),
        "stats": threading.BoundedSemaphore(app.config["STATISTICS_AT_ONCE"]),
    }


@contextmanager
def place(kind: str, busy_message: str):
    places = current_app.extensions["busy"][kind]
    if not places.acquire(timeout=current_app.config["BUSY_WAIT_SECONDS"]):
        raise ServiceUnavailable(busy_message, retry_after=RETRY_AFTER)
    try:
        yield
    finally:
        places.release()
        _give_back_memory()


def _give_back_memory() -> None:
    """Hand the freed pages of a decoded photo or a drawn PDF back to the system: glibc keeps
    them in its arenas otherwise, and the server stays at its peak for good."""
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


def _glibc():
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return libc if hasattr(libc, "malloc_trim") else None
    except OSError:
        return None


_LIBC = _glibc()
