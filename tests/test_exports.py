"""Exports: a finished game as a BG Stats play, the final scoring and every play as CSV, and every
game as an archive that another server imports once. Games are played to the end by the engines'
simulators; what the files say is checked against the engines' results and outcomes on the stored
records, the same way for every game.
Runs on SQLite, and on PostgreSQL when it is named."""
from __future__ import annotations

import csv
import io
import json
import re
from datetime import datetime
from html import unescape
from urllib.parse import unquote

from stats_games import GAMES, expected, play_all

from companion.engine import get_engine
from companion.store import Store

BGG_MAJESTY = 236301


def validate_bgstats(play: dict, game: str, record) -> None:
    """The BG Stats push fields, each of its type, and what the engine says of the game."""
    engine = get_engine(game)
    result = engine.result(record.replay.state)
    ended = engine.outcome(record.replay.state, engine.new(record.options))
    assert play["sourcePlayId"] == record.id and play["sourceName"]
    datetime.strptime(play["playDate"], "%Y-%m-%d %H:%M:%S")
    assert isinstance(play.get("durationMin", 1), int) and play.get("durationMin", 1) >= 1
    assert isinstance(play["comments"], str) and play["comments"] == result["reason"]
    for optional in ("board", "location"):
        assert isinstance(play.get(optional, ""), str)
    meta = play["game"]
    assert meta["name"] == get_engine(game).title
    assert isinstance(meta["highestWins"], bool) and isinstance(meta["noPoints"], bool)
    assert meta["highestWins"] == (ended.highest_wins is not False)
    assert meta["noPoints"] == (ended.scores is None)
    assert meta.get("bggId") == engine.bgg_id  # left out where not confirmed
    names = record.options["players"]
    # The player as known here: the name as first typed ("bob" in a later game is Bob).
    assert [p["name"].casefold() for p in play["players"]] == [n.casefold() for n in names]
    for seat, player in enumerate(play["players"]):
        assert set(player) <= {"name", "score", "rank", "winner", "startPlayer", "role",
                               "sourcePlayerId"}
        assert player["winner"] is (seat in result["winners"])
        assert isinstance(player["rank"], int) and player["rank"] >= 1
        assert (player["rank"] == 1) is player["winner"] or not result["winners"]
        assert isinstance(player["startPlayer"], bool)
        assert isinstance(player.get("role", ""), str)
        if meta["noPoints"]:
            assert "score" not in player
        else:
            assert player["score"] == ended.scores[seat]
        assert player.get("role") == ended.roles[seat]
    assert [p["startPlayer"] for p in play["players"]] == [
        seat == ended.start for seat in range(len(names))]


def test_bg_stats_knows_majesty_by_its_boardgamegeek_id():
    assert get_engine("majesty").bgg_id == BGG_MAJESTY


def without_ids(figures: dict) -> dict:
    """Figures without the players' numbers, which each server gives in its own order."""
    text = re.sub(r'"id": \d+, ', "", json.dumps(figures, sort_keys=True))
    return json.loads(text)


def test_every_finished_game_is_a_bg_stats_play_with_its_link(played, phone):
    store, ids = played
    seen = set()
    for game_id in ids:
        record = store.load(game_id)
        play = phone.get(f"/g/{game_id}/bgstats.json").get_json(force=True)
        validate_bgstats(play, record.game, record)
        page = phone.get(f"/g/{game_id}").get_data(as_text=True)
        link = unescape(re.search(r'id="bgstats" href="([^"]+)"', page).group(1))
        assert link.startswith("bgstats://app.bgstatsapp.com/addPlay.html?data=")
        assert json.loads(unquote(link.split("data=", 1)[1])) == play
        seen.add(record.game)
    assert seen == {"royal_visit", "majesty", "kings_court", "kingseat"}


def test_an_unfinished_game_is_not_sent_to_bg_stats(app, phone):
    game_id = app.extensions["store"].create("royal_visit", {"players": ["Ann", "Bob"], "wizard": 0}, "x")
    refused = phone.get(f"/g/{game_id}/bgstats.json")
    assert refused.status_code == 409 and "not over yet" in refused.get_data(as_text=True)
    assert 'id="bgstats"' not in phone.get(f"/g/{game_id}").get_data(as_text=True)
    assert phone.get("/g/nothing-here/bgstats.json").status_code == 404


def read_csv(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_the_final_scoring_csv_is_the_engines_score_sheet(played, phone):
    store, ids = played
    sheets = set()
    for game_id in ids:
        record = store.load(game_id)
        sheet = record.engine.score_sheet(record.replay.state)
        response = phone.get(f"/g/{game_id}/scoring.csv")
        page = phone.get(f"/g/{game_id}").get_data(as_text=True)
        if sheet is None:
            assert response.status_code == 404
            assert "scoring.csv" not in page
            continue
        assert response.mimetype == "text/csv"
        rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
        assert rows == [list(sheet.header)] + [[str(cell) for cell in row] for row in sheet.rows]
        assert f'scoring.csv" download>{sheet.title} (CSV)</a>' in page
        sheets.add(record.game)
    assert sheets == {"majesty", "kings_court", "kingseat"}  # Royal Visit keeps no score


def test_the_csv_of_plays_round_trips_to_the_records(played, phone):
    store, ids = played
    rows = read_csv(phone.get("/export/plays.csv").get_data(as_text=True))
    assert len(rows) == sum(len(players) for _, _, players, _ in GAMES)
    by_play: dict[str, list[dict]] = {}
    for row in rows:
        by_play.setdefault(row["play"], []).append(row)
    assert set(by_play) == set(ids)
    for game_id in ids:
        record = store.load(game_id)
        result = record.engine.result(record.replay.state)
        mine = by_play[game_id]
        assert [row["seat"] for row in mine] == [str(n + 1) for n in range(len(mine))]
        assert {row["game"] for row in mine} == {record.game}
        assert {row["date"] for row in mine} == {record.entries[-1].at.isoformat()}
        assert [row["player"].casefold() for row in mine] == [
            name.casefold() for name in record.options["players"]]
        assert [row["winner"] == "yes" for row in mine] == [
            seat in result["winners"] for seat in range(len(mine))]
        assert all((row["rank"] == "1") == (row["winner"] == "yes") for row in mine)
        scores = record.engine.outcome(record.replay.state).scores or [None] * len(mine)
        assert [row["score"] for row in mine] == [
            "" if score is None else str(score) for score in scores]
    # What the rows say adds up to the Statistics page's figures.
    wins = {}
    for row in rows:
        wins[row["player"]] = wins.get(row["player"], 0) + (row["winner"] == "yes")
    want = expected(store, ids)["players"]
    assert wins == {name: w["won"] for name, w in want.items()}


def test_the_archive_imports_on_a_fresh_server_once(played, phone, database_url, tmp_path):
    store, ids = played
    phone.form(f"/g/{ids[0]}/mark", {"status": "abandoned"})
    bob = {p["name"]: p["id"] for p in phone.get("/stats.json").get_json()["players"]}["Bob"]
    phone.form("/players/rename", {"player": str(bob), "name": "Robert"})
    figures = phone.get("/stats.json").get_json()
    archive = phone.get("/export/archive.json")
    assert archive.mimetype == "application/json"
    data = archive.get_json(force=True)
    assert len(data["games"]) == len(ids)

    # Another server: SQLite in its own file when this one runs on PostgreSQL, and the reverse
    # when PostgreSQL is named (otherwise a second SQLite file).
    from conftest import POSTGRES, Phone, wipe
    from sqlalchemy import create_engine

    from companion.store.database import normalise_url
    from companion.web import create_app

    other_url = f"sqlite:///{tmp_path / 'other.db'}"
    if database_url.startswith("sqlite") and POSTGRES:
        other_url = POSTGRES
        fresh = create_engine(normalise_url(POSTGRES))
        wipe(fresh)
        fresh.dispose()
    other_app = create_app({"TESTING": True, "DATABASE_URL": other_url, "SECRET_KEY": "o"})
    try:
        other = Phone(other_app)
        upload = {"archive": (io.BytesIO(archive.get_data()), "archive.json")}
        first = other.client.post("/import/archive", data={"csrf_token": other.token, **upload},
                                  content_type="multipart/form-data", follow_redirects=True)
        assert f"Imported {len(ids)} games; 0 were already here." in first.get_data(as_text=True)
        assert without_ids(other.get("/stats.json").get_json()) == without_ids(figures)
        other_store = other_app.extensions["store"]
        for game_id in ids:  # the same id, so the same link works on the new server
            here, there = store.load(game_id), other_store.load(game_id)
            assert [e.to_dict() for e in there.entries] == [e.to_dict() for e in here.entries]
            assert there.replay.state == here.replay.state
        upload = {"archive": (io.BytesIO(archive.get_data()), "archive.json")}
        second = other.client.post("/import/archive", data={"csrf_token": other.token, **upload},
                                   content_type="multipart/form-data", follow_redirects=True)
        assert f"Imported 0 games; {len(ids)} were already here." in second.get_data(as_text=True)
        assert without_ids(other.get("/stats.json").get_json()) == without_ids(figures)
        # A broken archive is refused with a sentence, and nothing is stored.
        broken = dict(data, games=data["games"] + [dict(data["games"][1], entries=[
            {"kind": "move", "player": 0, "at": "2026-01-01T00:00:00+00:00",
             "payload": {"type": "nonsense"}}])])
        upload = {"archive": (io.BytesIO(json.dumps(broken).encode()), "a.json")}
        refused = other.client.post("/import/archive", data={"csrf_token": other.token, **upload},
                                    content_type="multipart/form-data", follow_redirects=True)
        assert "That archive could not be imported: Game 8:" in refused.get_data(as_text=True)
        upload = {"archive": (io.BytesIO(b"not json"), "a.json")}
        refused = other.client.post("/import/archive", data={"csrf_token": other.token, **upload},
                                    content_type="multipart/form-data", follow_redirects=True)
        assert "could not be imported: The file is not valid JSON." in refused.get_data(as_text=True)
        assert without_ids(other.get("/stats.json").get_json()) == without_ids(figures)
    finally:
        other_app.extensions["store"].dispose()


def test_the_cli_exports_every_game_and_imports_it_once(store, tmp_path, capsys):
    from companion.cli import main

    ids = play_all(store, GAMES[:3])
    url = store.url
    archive, plays = tmp_path / "all.json", tmp_path / "plays.csv"
    assert main(["--database", url, "export", "--all", "-o", str(archive), "--csv", str(plays)]) == 0
    assert [game["id"] for game in json.loads(archive.read_text())["games"]] == ids
    assert len(read_csv(plays.read_text())) == 6
    other = f"sqlite:///{tmp_path / 'other.db'}"
    assert main(["--database", other, "import", str(archive)]) == 0
    assert main(["--database", other, "import", str(archive)]) == 0
    out = capsys.readouterr().out
    assert "3 games imported, 0 already here" in out and "0 games imported, 3 already here" in out
    copy = Store(other)
    try:
        assert [copy.load(game_id).replay.state for game_id in ids] == [
            store.load(game_id).replay.state for game_id in ids]
    finally:
        copy.dispose()
    assert main(["--database", url, "export"]) == 1
    assert "Name one game's id, or --all" in capsys.readouterr().err
