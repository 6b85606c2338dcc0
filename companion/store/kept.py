"""The records one process keeps in memory, so that a move or a poll reads only the entries
added since: the ones served last, bounded by their number and by their entries (a record's
memory is about its entries', each with the state before it and its history line, 2 to 4 kB)."""
from __future__ import annotations

import threading
from collections import OrderedDict

from companion.record import Record


class KeptRecords:
    """Up to ``games`` records holding up to ``entries`` entries in all, the ones used longest
    ago put out first; a record of more entries than that is read each time, never kept."""

    def __init__(self, games: int, entries: int):
        self.games, self.entries = games, entries
        self.kept_entries = 0  # the entries of the records kept
        self._records: OrderedDict[str, Record] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> Record | None:
        with self._lock:
            record = self._records.get(game_id)
            if record is not None:
                self._records.move_to_end(game_id)
            return record

    def keep(self, record: Record) -> None:
        """Keep ``record`` unless one further on is kept already (another thread's), putting
        out the records used longest ago beyond the bounds."""
        if record.seq > self.entries:  # never worth the others' places
            self.forget(record.id)
            return
        with self._lock:
            kept = self._records.get(record.id)
            if kept is None or kept.seq < record.seq:
                self._records[record.id] = record
                self.kept_entries += record.seq - (kept.seq if kept else 0)
            self._records.move_to_end(record.id)
            while len(self._records) > self.games or self.kept_entries > self.entries:
                self.kept_entries -= self._records.popitem(last=False)[1].seq

    def forget(self, game_id: str) -> None:
        with self._lock:
            gone = self._records.pop(game_id, None)
            if gone is not None:
                self.kept_entries -= gone.seq
