"""A game's record as people and files see it: the history lines, export and import.

The export is the whole record: options and every entry (undos included), with the result
and final view for readers that do not replay. Import replays it; the stored entries are the
truth, the result in the file is only a convenience. Secrets entered on a player's phone are
left out of what another phone sees until the game opens them (``secrets_open``).
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from companion import engine as protocol

if TYPE_CHECKING:
    from companion.store import Entry, Record

FORMAT = "companion-game"
VERSION = 1


def history(record: Record) -> list[dict[str, Any]]:
    """One line per entry, oldest first, in words, with what undo has taken back marked."""
    engine = record.engine
    names = [p["name"] for p in engine.view(record.replay.state).get("players", [])]
    lines = []
    stack: list[int] = []  # entry numbers of moves in force
    redo: list[int] = []
    for entry in record.entries:
        if entry.kind == "move":
            stack.append(entry.seq)
            redo.clear()
            text = engine.describe(entry.payload, names)
        elif entry.kind == "undo":
            taken = stack.pop()
            redo.append(taken)
            text = f"Undo of entry {taken + 1}"
        elif entry.kind == "redo":
            back = redo.pop()
            stack.append(back)
            text = f"Redo of entry {back + 1}"
        elif entry.kind == "secret":
            who = names[entry.player] if entry.player is not None else "A player"
            text = engine.describe_secret(who)
        else:
            text = "Table rulings changed: " + ", ".join(
                f"{key} = {value}" for key, value in sorted(entry.payload.items())
            )
        # Whose turn it was is kept for every entry; a line names the player only for a move.
        mover = entry.kind in ("move", "secret") and entry.player is not None \
            and entry.player < len(names)
        who = names[entry.player] if mover else None
        lines.append(
            {"seq": entry.seq, "kind": entry.kind, "player": who, "at": entry.at.isoformat(), "text": text}
        )
    in_force = set(stack)
    for line in lines:
        line["undone"] = line["kind"] == "move" and line["seq"] not in in_force
    return lines


def secrets_open(record: Record) -> bool:
    opened = getattr(record.engine, "secrets_open", None)
    return opened is None or opened(record.replay.state)


def entries_for(record: Record, seat: int | None) -> list[dict[str, Any]]:
    """Every entry as the phone holding ``seat`` may see it: another player's secret keeps
    only whose it is until the game opens the secrets."""
    opened = secrets_open(record)
    out = []
    for entry in record.entries:
        line = entry.to_dict()
        if entry.kind == "secret" and not opened and entry.player != seat:
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


def parse_export(data: Any) -> tuple[str, dict[str, Any], list[Entry]]:
    """Check an exported record's shape; the store replays it before keeping it."""
    from companion.store import Entry

    def bad(message: str) -> protocol.RuleError:
        return protocol.RuleError("import", message)

    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise bad("This file is not a game exported by the companion.")
    if data.get("version") != VERSION:
        raise bad(f"This file is version {data.get('version')!r}; this companion reads version {VERSION}.")
    if data.get("complete") is False:
        raise bad("This file was exported while the game still kept secrets, so it cannot be "
                  "replayed: export it again once the game is over.")
    game = data.get("game")
    if game not in protocol.REGISTRY:
        raise bad(f"This file holds a game this companion does not know: {game!r}.")
    options = data.get("options")
    if not isinstance(options, dict):
        raise bad("This file has no game options.")
    raw = data.get("entries")
    if not isinstance(raw, list):
        raise bad("This file has no list of entries.")
    stored = []
    for number, item in enumerate(raw):
        if not isinstance(item, dict) or item.get("kind") not in protocol.ENTRY_KINDS:
            raise bad(f"Entry {number + 1} is not a move, undo, redo or rulings change.")
        player = item.get("player")
        if player is not None and (not isinstance(player, int) or isinstance(player, bool)):
            raise bad(f"Entry {number + 1} names its player wrongly.")
        try:
            at = datetime.fromisoformat(item["at"])
        except (KeyError, TypeError, ValueError):
            raise bad(f"Entry {number + 1} has no valid time.") from None
        if at.tzinfo is None:
            at = at.replace(tzinfo=timezone.utc)
        stored.append(Entry(number, item["kind"], player, at, item.get("payload")))
    return game, options, stored
