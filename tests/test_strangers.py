"""What a stranger on the table's network cannot break (issue 23): hostile archives, odd ids and
numbers, who may change what, join-code guessing, a database outage. On SQLite and PostgreSQL."""
from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from sqlalchemy import func, insert, select

from companion.store import games, seats
from conftest import Phone, device_of
from stats_games import simulated, store_game
from test_api import OPTIONS, create

HOSTILE_ID = "<b>x</b> not an id at all"
PAGES = ["/stats", "/stats.json", "/export/archive.json", "/export/plays.csv", "/players", "/"]


def archive_of(phone: Phone, **changes) -> dict:
    """An archive of one finished Royal Visit game of this phone's, with ``changes`` made to it."""
    store = phone.client.application.extensions["store"]
    store_game(store, "royal_visit", *simulated("royal_visit", 1, ["Ann", "Bob"]),
               owner=device_of(phone))
    data = phone.get("/export/archive.json").get_json(force=True)
    store.delete(data["games"][0]["id"])
    data["games"][0].update(changes)
    return data


def upload_archive(phone: Phone, data) -> str:
    upload = {"archive": (io.BytesIO(json.dumps(data).encode()), "archive.json")}
    answer = phone.client.post("/import/archive", data={"csrf_token": phone.token, **upload},
                               content_type="multipart/form-data", follow_redirects=True)
    assert answer.status_code < 500
    return answer.get_data(as_text=True)


def game_count(app) -> int:
    with app.extensions["store"].db.connect() as conn:
        return conn.execute(select(func.count()).select_from(games)).scalar_one()


def every_page_answers(phone: Phone) -> None:
    for page in PAGES:
        answer = phone.get(page)
        assert answer.status_code == 200, (page, answer.status_code, answer.get_data(as_text=True)[:300])


@pytest.mark.parametrize("changes, refusal", [
    ({"id": HOSTILE_ID}, "Game 1: It has the id &#34;&lt;b&gt;x&lt;/b&gt; not an id at all&#34;, which is not one"),
    ({"marks": [{"status": "abandoned", "at": "9999-12-31T23:59:59-14:00"}]},
     "Game 1: Mark 1 has a time outside 2000 to today."),
    ({"marks": [{"status": "abandoned", "at": "0001-01-01T00:00:00+14:00"}]},
     "Game 1: Mark 1 has a time outside 2000 to today."),
    ({"players": ["A" * 65, "Bob"]}, "Game 1: Player 1&#39;s name is longer than 30 characters."),
    ({"players": ["ann", "ANN"]}, "Game 1: Every player needs a different name."),
])
def test_a_hostile_archive_is_refused_and_every_page_still_answers(app, phone, changes, refusal):
    data = archive_of(phone, **changes)
    page = upload_archive(phone, data)
    assert "That archive could not be imported" in page and refusal in page
    assert game_count(app) == 0
    every_page_answers(phone)


def test_an_archive_game_keeps_a_good_id_and_its_seats(app, phone):
    data = archive_of(phone, players=["Ann", "Robert"])
    assert "Imported 1 game" in upload_archive(phone, data)
    game_id = data["games"][0]["id"]
    assert phone.get(f"/g/{game_id}").status_code == 200
    names = [p["name"] for p in phone.get("/stats.json").get_json()["players"]]
    assert sorted(names) == ["Ann", "Robert"]
    every_page_answers(phone)


@pytest.mark.parametrize("number", ["\u00b2", "\u0663", "9999999999999999999999999", "2147483648",
                                    "-1", "1.5", " 1", ""])
def test_odd_player_numbers_get_a_400_with_a_sentence(app, phone, number):
    store_game(app.extensions["store"], "royal_visit", *simulated("royal_visit", 1, ["Ann", "Bob"]),
               owner=device_of(phone))
    for path, form in [("/players/rename", {"player": number, "name": "Zed"}),
                       ("/players/merge", {"keep": number, "other": "1"}),
                       ("/players/merge", {"keep": "1", "other": number})]:
        answer = phone.form(path, form)
        assert answer.status_code == 400, (path, form)
        assert "must be a whole number from 1 to 2147483647" in answer.get_data(as_text=True)


def _legacy_unreadable_game(app, owner: str) -> None:
    """A game stored by an older companion under an id no page can load."""
    from datetime import datetime, timezone

    with app.extensions["store"].db.begin() as conn:
        conn.execute(insert(games).values(id=HOSTILE_ID, game="royal_visit", options=OPTIONS,
                                          owner=owner, created_at=datetime.now(timezone.utc)))


def test_a_stored_game_that_cannot_be_read_leaves_the_pages_up_and_its_creator_deletes_it(
        app, phone, second_phone):
    create(phone)
    _legacy_unreadable_game(app, device_of(phone))
    every_page_answers(phone)
    stats = phone.get("/stats").get_data(as_text=True)
    assert "1 game could not be read" in stats
    assert "Delete it" in stats and "Delete it" not in second_phone.get("/stats").get_data(as_text=True)
    from urllib.parse import quote

    path = f"/g/{quote(HOSTILE_ID)}/delete"
    assert second_phone.form(path, {}).status_code == 403
    assert phone.form(path, {}).status_code == 302
    assert game_count(app) == 1
    every_page_answers(phone)


def test_the_cli_deletes_a_game_that_cannot_be_read(app, database_url, capsys):
    from companion.cli import main

    _legacy_unreadable_game(app, "someone")
    assert main(["--database", database_url, "export", "--all", "-o", "/dev/null"]) == 0
    assert main(["--database", database_url, "delete", HOSTILE_ID]) == 0
    assert game_count(app) == 0
    assert main(["--database", database_url, "delete", HOSTILE_ID]) == 1
    assert "There is no game" in capsys.readouterr().err
