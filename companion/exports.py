"""What leaves the companion for other apps and files: a play for BG Stats, the final scoring of
King's Court, Majesty and Kingseat as CSV, every play as CSV, and every game as one archive that
another companion imports without duplicates.

These are data, not prose: the CSV files, the records and the archive are written in English
(a Msg as its English), whatever the phone's language, so a file made on a French phone imports
and reads on a German one; their column names and fields are a data format (BG Stats reads its
play's field names, spreadsheets the CSV's header) and stay English. Only the refusals of an
import are sentences, worded where they are shown; the BG Stats play's comment is worded in the
phone's language by the web layer (it is shown in BG Stats as a note).
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from sqlalchemy import exc, insert, select

from companion import engine as protocol
from companion import inputs
from companion import players as people
from companion import record as records
from companion.record import Record
from companion.stats import Play, play_of
from companion.store import Store
from companion.store.database import utc
from companion.store.tables import entries, games, marks
from companion.words import msg

SOURCE = "The companion"
ARCHIVE = "companion-archive"
ARCHIVE_VERSION = 1
PLAY_COLUMNS = ("play", "game", "title", "date", "status", "seat", "player", "side", "score",
                "rank", "winner", "start_player")


# -- BG Stats -----------------------------------------------------------------------------------
def bgstats(play: Play) -> dict[str, Any]:
    """A finished play in BG Stats' push format (the fields of its "add play" link)."""
    if not play.finished:
        raise protocol.RuleError("record", msg("Only a finished game can be sent to BG Stats."))
    points = play.scores is not None
    game: dict[str, Any] = {"name": play.title, "sourceGameId": play.game,
                            "highestWins": play.highest_wins is not False,
                            "noPoints": not points}
    bgg_id = protocol.get_engine(play.game).bgg_id
    if bgg_id is not None:  # where confirmed; otherwise BG Stats matches the play by its name
        game["bggId"] = bgg_id
    players = []
    for seat, (pid, name) in enumerate(play.players):
        player: dict[str, Any] = {"name": name, "sourcePlayerId": str(pid),
                                  "rank": play.ranks[seat], "winner": seat in play.winners,
                                  "startPlayer": play.start == seat}
        if points:
            player["score"] = play.score_of(seat)
        if play.roles[seat]:
            player["role"] = play.roles[seat]
        players.append(player)
    out: dict[str, Any] = {
        "sourceName": SOURCE,
        "sourcePlayId": play.id,
        "playDate": play.date.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S"),
        "game": game,
        "players": players,
        "comments": play.reason,
    }
    if play.minutes is not None:
        out["durationMin"] = max(1, round(play.minutes))
    return out


def bgstats_link(play_json: dict[str, Any]) -> str:
    """The link that opens BG Stats on a phone with the play filled in."""
    text = json.dumps(play_json, separators=(",", ":"), ensure_ascii=False)
    return "bgstats://app.bgstatsapp.com/addPlay.html?data=" + quote(text, safe="")


# -- CSV ----------------------------------------------------------------------------------------
def _csv(header: list[str], rows: list[list[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def final_scoring_csv(record: Record) -> str | None:
    """The game's score sheet (King's Court's as it stands, Majesty's or Kingseat's final
    scoring); None for a game (or a moment of it) that has none."""
    sheet = record.engine.score_sheet(record.replay.state)
    return None if sheet is None else _csv(list(sheet.header), [list(row) for row in sheet.rows])


def play_rows(plays: list[Play]) -> list[dict[str, str]]:
    """One row per seat of every play, as the CSV of plays holds them (text cells)."""
    rows = []
    for play in plays:
        for seat, (_, name) in enumerate(play.players):
            score = play.score_of(seat) if play.finished else None
            rows.append({
                "play": play.id, "game": play.game, "title": play.title,
                "date": play.date.astimezone(UTC).isoformat(),
                "status": play.status if play.finished else "unfinished",
                "seat": str(seat + 1), "player": name,
                "side": play.side_names[play.side_of(seat)] if play.sides else "",
                "score": "" if score is None else str(score),
                "rank": str(play.ranks[seat]) if play.finished else "",
                "winner": ("yes" if seat in play.winners else "no") if play.finished else "",
                "start_player": "yes" if play.start == seat else "",
            })
    return rows


def plays_csv(plays: list[Play]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, PLAY_COLUMNS)
    writer.writeheader()
    writer.writerows(play_rows(plays))
    return out.getvalue()


# -- the archive --------------------------------------------------------------------------------
ARCHIVE_FIELDS = ("players", "marks")  # what the archive adds to each game's export


def archive(store: Store, only: set[str] | None = None) -> dict[str, Any]:
    """Every game on the server (those of ``only``, when given): each one's full record, who sat
    in it and its marks. A game that still keeps a secret on a player's phone (a Kingseat
    Loyalty before the reveal) is left out and counted under "kept_back": its record would show
    the secret; one that cannot be read at all is counted under "unreadable"."""
    seated = people.names_by_seat(store)
    marked = people.marks_of(store)
    with store.db.connect() as conn:
        ids = [row.id for row in conn.execute(
            select(games.c.id).order_by(games.c.created_at, games.c.id))]
    out = []
    kept_back = unreadable = 0
    for game_id in ids:
        if only is not None and game_id not in only:
            continue
        try:
            item = records.export(store.load(game_id, keep=False))
        except (LookupError, protocol.RuleError):
            unreadable += 1
            continue
        if not item["complete"]:  # a game still keeping a player's secret stays out
            kept_back += 1
            continue
        item["players"] = [name for _, name in seated.get(game_id, [])]
        item["marks"] = marked.get(game_id, [])
        out.append(item)
    return {"format": ARCHIVE, "version": ARCHIVE_VERSION,
            "exported_at": datetime.now(UTC).isoformat(), "games": out,
            "kept_back": kept_back, "unreadable": unreadable}


def _fingerprint(game: str, options: Any, stored: list[tuple[str, Any, Any, datetime]]) -> str:
    """What makes two stored games the same game, wherever they are kept."""
    text = json.dumps([game, options, [
        [kind, player, payload, at.astimezone(UTC).isoformat()]
        for kind, player, payload, at in stored]], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _fingerprints(store: Store) -> set[str]:
    with store.db.connect() as conn:
        options = {row.id: (row.game, row.options) for row in conn.execute(select(games))}
        stored: dict[str, list] = {game_id: [] for game_id in options}
        for row in conn.execute(select(entries).order_by(entries.c.game_id, entries.c.seq)):
            stored[row.game_id].append((row.kind, row.player, row.payload, utc(row.at)))
    return {_fingerprint(*options[game_id], stored[game_id]) for game_id in options}


def import_archive(store: Store, data: Any, owner: str) -> tuple[int, int]:
    """Store every game of an archive that this server does not hold yet (the same options and
    entries, wherever it came from); returns (added, already here). A game keeps its id (and so
    its link) when the id is free here. Every game is replayed first: an illegal one refuses
    the whole archive, and nothing is stored."""
    if not isinstance(data, dict) or data.get("format") != ARCHIVE:
        raise protocol.RuleError("import", msg("This file is not an archive of the companion."))
    if data.get("version") != ARCHIVE_VERSION:
        raise protocol.RuleError("import", msg(
            "This archive is version {version}; this companion reads version {reads}.",
            version=repr(data.get("version")), reads=str(ARCHIVE_VERSION)))
    items = data.get("games")
    if not isinstance(items, list):
        raise protocol.RuleError("import", msg("This archive has no list of games."))
    parsed = []
    for number, item in enumerate(items):
        try:
            parsed.append(_archived_game(item))
        except protocol.RuleError as refused:
            raise protocol.RuleError("import", msg("Game {number}: {refusal}", number=number + 1,
                                                   refusal=refused.message)) from None
        except inputs.InputError as refused:
            raise protocol.RuleError("import", msg("Game {number}: {refusal}", number=number + 1,
                                                   refusal=refused.message)) from None
    known = _fingerprints(store)
    added = skipped = 0
    for original, game, options, stored, names, item_marks in parsed:
        fingerprint = _fingerprint(game, options, [(e.kind, e.player, e.payload, e.at)
                                                   for e in stored])
        if fingerprint in known:
            skipped += 1
            continue
        known.add(fingerprint)
        game_id = store.import_record(game, options, stored, owner, keep=False,
                                      game_id=original if _free(store, original) else None)
        with store.writing() as conn:
            try:
                with conn.begin_nested():
                    people.link(conn, game_id, names)
            except exc.IntegrityError:
                pass  # already seated by a page read in between: the names in its options
            for status, at in item_marks:
                conn.execute(insert(marks).values(game_id=game_id, status=status, at=at))
        added += 1
    return added, skipped


def _archived_game(item: Any) -> tuple:
    """One game of an archive, checked as play checks what it stores: its record replayed, an id
    the companion makes, its people's names as a setup form takes them, each mark's status and
    time. (id, game, options, entries, names, marks); RuleError or InputError if refused."""
    if not isinstance(item, dict):
        raise protocol.RuleError("import", msg("It is not a game exported by the companion."))
    record = {key: value for key, value in item.items() if key not in ARCHIVE_FIELDS}
    game, options, stored = records.parse_export(record)
    engine = protocol.get_engine(game)
    protocol.replay(engine, options, [(e.kind, e.payload) for e in stored])
    original = inputs.game_id(item.get("id"), msg("It")) if "id" in item else None
    seated = list(options.get("players") or ())
    names = item.get("players", seated)
    if names != seated:  # players renamed or merged where it was exported
        if not isinstance(names, list) or len(names) != len(seated):
            raise protocol.RuleError("import", msg("Its players are not one name for each seat."))
        names = list(protocol.player_names(names, engine.title, len(seated), len(seated)))
    item_marks = item.get("marks", [])
    if not isinstance(item_marks, list):
        raise protocol.RuleError("import", msg("Its marks are not a list."))
    checked = []
    for number, item_mark in enumerate(item_marks):
        status = item_mark.get("status") if isinstance(item_mark, dict) else None
        if not isinstance(status, str) or status not in people.MARKS:
            raise protocol.RuleError("import", msg("Mark {number} is not abandoned, played wrong or counts.",
                                                   number=number + 1))
        checked.append((status, inputs.moment(item_mark.get("at"), msg("Mark {number}", number=number + 1))))
    return original, game, options, stored, names, checked


def _free(store: Store, game_id: str | None) -> bool:
    if game_id is None:
        return False
    with store.db.connect() as conn:
        return conn.execute(select(games.c.id).where(games.c.id == game_id)).first() is None


def plays_of(store: Store, game_id: str) -> Play:
    """One game as a play (the game page's exports)."""
    seated = people.names_by_seat(store, game_id).get(game_id, [])
    return play_of(store.load(game_id), seated,
                   people.status(people.marks_of(store, game_id).get(game_id, [])))

