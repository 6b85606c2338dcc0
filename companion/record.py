"""A game's record: its entries and the position they replay to (what companion/store/ reads
and writes), and the record as people and files see it: the history lines, export and import.

The export is the whole record: options and every entry (undos included), with the result
and final view for readers that do not replay. Import replays it; the stored entries are the
truth, the result in the file is only a convenience. Secrets entered on a player's phone are
left out of what another phone sees until the game opens them (``secrets_open``).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from companion import engine as protocol
from companion import inputs
from companion.words import Msg, listing, msg, trimmed

FORMAT = "companion-game"
VERSION = 1


@dataclass(frozen=True)
class Entry:
    seq: int
    kind: str
    player: int | None
    at: datetime
    payload: Any

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "kind": self.kind,
            "player": self.player,
            "at": self.at.isoformat(),
            "payload": self.payload,
        }


@dataclass
class Record:
    """A game as stored, with the position its entries replay to.

    A record is never changed once built (phones in other threads may be reading it):
    :meth:`advanced` makes the record a few entries further on.
    """

    id: str
    game: str
    options: dict[str, Any]
    owner: str
    created_at: datetime
    entries: list[Entry]
    replay: protocol.Replay
    history: list[Any]  # the states before each move in force (for undo)
    lines: Lines  # the history in words
    # Which phone held which player when the entry that made this record was written, where the
    # write read that too (PostgreSQL: one round trip); None: ask :meth:`Store.seats`.
    claims: dict[int, str] | None = None

    @property
    def engine(self) -> protocol.Engine:
        return protocol.get_engine(self.game)

    @property
    def seq(self) -> int:
        """The number the next entry will get (the count of entries so far)."""
        return len(self.entries)

    @property
    def ended(self) -> bool:
        """The game is over: its engine has a result."""
        return self.engine.result(self.replay.state) is not None

    @classmethod
    def start(cls, id: str, game: str, options: dict[str, Any], owner: str,
              created_at: datetime) -> Record:
        """A record of no entries: the game as its options set it up."""
        engine = protocol.get_engine(game)
        replay, history = protocol.replay(engine, options, [])
        names = [player["name"] for player in engine.view(replay.state).get("players", [])]
        return cls(id, game, options, owner, created_at, [], replay, history, Lines(names))

    def advanced(self, added: list[Entry], imported: bool = False) -> Record:
        """This record with ``added`` (numbered on from :attr:`seq`) carried out; RuleError if
        the rules refuse one of them, this record unchanged either way. ``imported``: each
        entry must also name the player the store would have written (see check_player)."""
        engine = self.engine
        replay = protocol.Replay(self.replay.state, list(self.replay.done), list(self.replay.undone),
                                 dict(self.replay.rulings))
        history, lines = list(self.history), self.lines.copy()
        for entry in added:
            before = replay.state
            if imported:
                check_player(engine, before, entry)
            protocol.step(engine, replay, history, entry.kind, entry.payload)
            lines.add(engine, entry, before, replay.state)
        return replace(self, entries=self.entries + added, replay=replay, history=history, lines=lines,
                       claims=None)


@dataclass
class Lines:
    """The history lines of a record, one per entry, oldest first, in words, with what undo has
    taken back marked: kept entry by entry, so a game of 5,000 entries costs no more per move
    than one of 5. ``touched[n]`` is the first line entry ``n`` wrote or changed (an undo
    changes the line of the move it takes back), so a phone that has the lines up to entry
    ``n`` is sent only those from :meth:`first_changed` on."""

    names: list[str]  # the players' names in seat order
    lines: list[dict[str, Any]] = field(default_factory=list)
    touched: list[int] = field(default_factory=list)
    stack: list[int] = field(default_factory=list)  # entry numbers of moves in force
    redo: list[int] = field(default_factory=list)

    def copy(self) -> Lines:
        """A copy to extend: the lines are shared until one changes (see :meth:`add`)."""
        return Lines(self.names, list(self.lines), list(self.touched), list(self.stack),
                     list(self.redo))

    def add(self, engine: protocol.Engine, entry: Entry, before: Any = None, after: Any = None) -> None:
        """The line of ``entry``; a move's is worded from ``before`` and ``after``, the states
        around it."""
        touched = entry.seq
        if entry.kind == "move":
            self.stack.append(entry.seq)
            self.redo.clear()
            text = engine.describe(entry.payload, self.names, before=before, after=after)
        elif entry.kind == "undo":
            touched = self.stack.pop()
            self.redo.append(touched)
            text = msg("Undone: {line}", line=self.lines[touched]["text"])
        elif entry.kind == "redo":
            touched = self.redo.pop()
            self.stack.append(touched)
            text = msg("Redone: {line}", line=self.lines[touched]["text"])
        elif entry.kind == "secret":
            who = self.names[entry.player] if entry.player is not None else msg("A player")
            text = engine.describe_secret(who, entry.payload.get("secret"))
        else:
            text = msg("Table rulings changed: {changes}", changes=listing(
                (_ruling_words(engine, key, value) for key, value in sorted(entry.payload.items())), sep="; "))
        if touched != entry.seq:  # a new dict: a copy made before still reads as it was
            self.lines[touched] = {**self.lines[touched], "undone": entry.kind == "undo"}
        # Whose turn it was is kept for every entry; a line names the player only for a move.
        mover = entry.kind in ("move", "secret") and entry.player is not None \
            and 0 <= entry.player < len(self.names)
        self.lines.append({
            "seq": entry.seq, "kind": entry.kind, "player": self.names[entry.player] if mover else None,
            "seat": entry.player if mover else None,
            "at": entry.at.isoformat(), "text": text, "undone": False,
        })
        self.touched.append(touched)

    def next_undo(self) -> dict[str, Any] | None:
        """The line of the move an undo would take back now (None: nothing to undo)."""
        return self.lines[self.stack[-1]] if self.stack else None

    def next_redo(self) -> dict[str, Any] | None:
        """The line of the move a redo would bring back now."""
        return self.lines[self.redo[-1]] if self.redo else None

    def first_changed(self, since: int) -> int:
        """The first line that differs from what a phone holding entries ``0 .. since - 1`` has."""
        return min(self.touched[since:], default=len(self.lines)) if since > 0 else 0


HISTORY_PAGE = 100  # history lines a phone is sent at first; earlier ones when it asks


def history(record: Record, since: int = 0) -> tuple[int, list[dict[str, Any]]]:
    """The history lines a phone that has the lines of entries before ``since`` lacks: the
    number of the first line sent and the lines from it on. A phone that has none
    (``since=0``) is sent the last :data:`HISTORY_PAGE`, so that opening a long game costs no
    more than a short one; :func:`earlier_history` gives it the lines before, a page at a time."""
    if since <= 0:
        start = max(0, len(record.lines.lines) - HISTORY_PAGE)
    else:
        start = record.lines.first_changed(min(since, record.seq))
    return start, record.lines.lines[start:]


def earlier_history(record: Record, before: int) -> tuple[int, list[dict[str, Any]]]:
    """The page of history lines just before line ``before``: its first line's number, the lines."""
    before = max(0, min(before, len(record.lines.lines)))
    start = max(0, before - HISTORY_PAGE)
    return start, record.lines.lines[start:before]


def secrets_open(record: Record) -> bool:
    opened = getattr(record.engine, "secrets_open", None)
    return opened is None or opened(record.replay.state)


def entries_for(record: Record, seat: int | None) -> list[dict[str, Any]]:
    """Every entry as the phone holding ``seat`` may see it: another player's secret keeps
    only whose it is until the game opens the secrets, and so does one set before the seat
    changed phones (``protocol.SEAT_CHANGED``, which itself is shown as it is)."""
    opened = secrets_open(record)
    moved = {entry.player: entry.seq for entry in record.entries
             if entry.kind == "secret" and entry.payload.get("secret") == protocol.SEAT_CHANGED}
    out = []
    for entry in record.entries:
        line = entry.to_dict()
        hidden = entry.player != seat or entry.seq < moved.get(entry.player, -1)
        if entry.kind == "secret" and not opened and hidden and \
                entry.payload.get("secret") != protocol.SEAT_CHANGED:
            line["payload"] = {"player": entry.player, "secret": None}
        out.append(line)
    return out


def export(record: Record, seat: int | None = None) -> dict[str, Any]:
    """The record as the phone holding ``seat`` may see it (complete once secrets are open)."""
    engine = record.engine
    complete = secrets_open(record)
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": record.game,
        "id": record.id,
        "created_at": record.created_at.isoformat(),
        "options": record.options,
        "complete": complete,
        "entries": entries_for(record, seat),
        "result": engine.result(record.replay.state),
        "final": engine.view(record.replay.state, seat),
    }


# The fields an export carries: anything else in a file is refused, as a move's unknown field is.
FIELDS = frozenset(("format", "version", "game", "id", "created_at", "options", "complete",
                    "entries", "result", "final"))
ENTRY_FIELDS = frozenset(("seq", "kind", "player", "at", "payload"))


def parse_export(data: Any) -> tuple[str, dict[str, Any], list[Entry]]:
    """Check an exported record's shape, every field of every entry; the store replays it (and
    checks each entry's player against whose turn it was) before keeping it."""

    def bad(message: Msg) -> protocol.RuleError:
        return protocol.RuleError("import", message)

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise bad(msg("This file is not a game exported by the companion."))
    if data.get("version") != VERSION:
        raise bad(msg("This file is version {version}; this companion reads version {reads}.",
                      version=_shown(data.get("version")), reads=str(VERSION)))
    for key in data:
        if key not in FIELDS:
            raise bad(msg("An exported game has no field called {name}.", name=_shown(key)))
    if data.get("complete") is False:
        raise bad(msg("This file was exported while the game still kept secrets, so it cannot be "
                      "replayed: export it again once the game is over."))
    game = data.get("game")
    if not isinstance(game, str) or game not in protocol.REGISTRY:
        raise bad(msg("This file holds a game this companion does not know: {game}.", game=_shown(game)))
    options = data.get("options")
    if not isinstance(options, dict):
        raise bad(msg("This file has no game options."))
    raw = data.get("entries")
    if not isinstance(raw, list):
        raise bad(msg("This file has no list of entries."))
    stored = []
    for number, item in enumerate(raw):
        if not isinstance(item, dict) or item.get("kind") not in protocol.ENTRY_KINDS:
            raise bad(msg("Entry {number} is not a move, undo, redo or rulings change.", number=number + 1))
        for key in item:
            if key not in ENTRY_FIELDS:
                raise bad(msg("Entry {number} has a field called {name}, which no entry has.",
                              number=number + 1, name=_shown(key)))
        if "seq" in item and (not _is_int(item["seq"]) or item["seq"] != number):
            raise bad(msg("Entry {number} is numbered {seq}, not {wanted}.", number=number + 1,
                          seq=_shown(item["seq"]), wanted=number))
        player = item.get("player")
        if player is not None and not _is_int(player):
            raise bad(msg("Entry {number} names its player wrongly: a seat number or null.", number=number + 1))
        try:
            at = inputs.moment(item.get("at"), msg("Entry {number}", number=number + 1))
        except inputs.InputError as refused:
            raise bad(refused.message) from None
        payload = item.get("payload")
        if item["kind"] in ("undo", "redo") and payload is not None:
            raise bad(msg("Entry {number} is an {kind}, which carries nothing.", number=number + 1,
                          kind=item["kind"]))
        stored.append(Entry(number, item["kind"], player, at, payload))
    return game, options, stored


def entered_by(engine: protocol.Engine, state: Any, entry: Entry) -> int | None:
    """The player an entry is stored under: for a move, the player who made it (the engine's
    mover), for a secret the player whose phone entered it, else whose turn it was."""
    if entry.kind == "secret" and isinstance(entry.payload, dict):
        return entry.payload.get("player")
    if entry.kind == "move":
        return engine.mover(state, entry.payload)
    return engine.to_move(state)


def check_player(engine: protocol.Engine, state: Any, entry: Entry) -> None:
    """An imported entry names its player as the store wrote it: the seat the replay says made
    it (so the history credits the right player), or whose turn it was (an archive written
    before a move out of turn was stored under its own player)."""
    if entry.player not in (entered_by(engine, state, entry), engine.to_move(state)):
        raise protocol.RuleError(
            "import",
            msg("Entry {number} says \"player\": {player}, but the player to move then was {to_move}.",
                number=entry.seq + 1, player=_shown(entry.player), to_move=_shown(engine.to_move(state))),
        )


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: Any) -> str:
    """A value of the file in a sentence: JSON spelling, cut short."""
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:40] + "..."


def _ruling_words(engine: protocol.Engine, key: str, value: Any) -> str:
    """A ruling changed, in the words of its setup form: "Direction of moves: numbered moves
    only go toward the mover's own Chateau"."""
    for ruling in engine.rulings:
        if ruling.id == key:
            for choice, meaning in ruling.choices:
                if str(choice) == str(value):
                    return msg("{ruling}: {meaning}", ruling=ruling.title, meaning=trimmed(meaning))
            return msg("{ruling}: {meaning}", ruling=ruling.title, meaning=_shown(value))
    return msg("{ruling}: {meaning}", ruling=key, meaning=_shown(value))
