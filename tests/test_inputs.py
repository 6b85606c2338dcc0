"""Bad input of every kind gets a clear 4xx with a sentence and changes nothing, on SQLite and
PostgreSQL alike: the cases the busy-table review found (issue 13), one by one."""
from __future__ import annotations

import io
import json

import pytest
from conftest import KING_UP, create
from sqlalchemy import func, select

from companion import inputs
from companion.store.tables import games

KC_OPTIONS = {"players": ["Ann", "Bob"]}


def game_count(app) -> int:
    with app.extensions["store"].db.connect() as conn:
        return conn.execute(select(func.count()).select_from(games)).scalar_one()


def message(response) -> str:
    return response.get_json()["error"]["message"]


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def json_endpoints(game_id: str) -> list[str]:
    return ["/api/games", "/api/import"] + [
        f"/api/games/{game_id}/{what}" for what in ("moves", "check", "ask", "undo", "redo", "rulings")
    ]


@pytest.mark.parametrize("depth", [33, 980, 100_000])
def test_deeply_nested_json_is_refused_on_every_json_endpoint(phone, depth):
    game = create(phone)
    body = '{"seq": 0, "move": ' + nested(depth) + "}"
    for url in json_endpoints(game["id"]):
        response = phone.post(url, data=body, headers={"Content-Type": "application/json"})
        assert response.status_code == 400, url
        assert message(response) == "The JSON nests deeper than 32 levels."
    assert phone.get(f"/api/games/{game['id']}").get_json()["game"]["seq"] == 0


def test_nesting_inside_strings_is_not_counted():
    assert inputs.json_depth(b'{"a": "[[[[[[{{{{\\"[[["}') == 1
    assert inputs.parse_json(json.dumps({"text": "[" * 1000})) == {"text": "[" * 1000}


@pytest.mark.parametrize("text, words", [
    ('"A\\ud800"', "surrogate"),
    ('"\\udc00B"', "surrogate"),
    ('"A\\u0000"', "NUL"),
])
def test_a_player_name_that_is_not_valid_text_is_refused_and_the_home_page_stays_up(
        phone, app, text, words):
    body = '{"game": "royal_visit", "options": {"players": [' + text + ', "Bob"], "wizard": 0}}'
    response = phone.post("/api/games", data=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and words in message(response)
    assert game_count(app) == 0
    assert phone.get("/").status_code == 200


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32"])
@pytest.mark.parametrize("text, words", [('"A\\ud800"', "surrogate"), ('"A\\u0000"', "NUL")])
def test_bad_text_is_refused_in_every_encoding_json_allows(phone, app, encoding, text, words):
    body = '{"game": "royal_visit", "options": {"players": [' + text + ', "Bob"], "wizard": 0}}'
    response = phone.post("/api/games", data=body.encode(encoding),
                          headers={"Content-Type": "application/json"})
    assert response.status_code == 400 and words in message(response)
    assert game_count(app) == 0


def test_a_real_pair_of_surrogates_is_one_character_and_welcome(phone):
    body = '{"game": "royal_visit", "options": {"players": ["Ann \\ud83d\\ude00", "Bob"], "wizard": 0}}'
    response = phone.post("/api/games", data=body, headers={"Content-Type": "application/json"})
    assert response.status_code == 201
    assert response.get_json()["game"]["view"]["players"][0]["name"] == "Ann \U0001F600"
    assert phone.get("/").status_code == 200


def test_nan_and_infinity_are_not_numbers(phone):
    game = create(phone)
    for constant in ("NaN", "Infinity", "-Infinity"):
        response = phone.post(f"/api/games/{game['id']}/moves", data='{"seq": 0, "move": ' + constant + "}",
                              headers={"Content-Type": "application/json"})
        assert response.status_code == 400 and "number" in message(response)


@pytest.mark.parametrize("path", ["/api/games/%00", "/g/%00", "/g/%00/qr.svg", "/api/games/%00/export",
                                  "/api/games/a%00b", "/g/" + "x" * 5000, "/api/games/%ED%A0%80"])
def test_a_nul_or_a_broken_game_id_in_a_url_is_a_clear_4xx(phone, path):
    response = phone.get(path)
    assert 400 <= response.status_code < 500


def test_posts_to_a_nul_game_id_are_refused(phone):
    assert phone.post("/api/games/%00/moves", json={"seq": 0, "move": KING_UP}).status_code in (400, 404)
    assert phone.form("/g/%00/delete", {}).status_code in (400, 404)


def test_a_join_code_with_nul_is_refused_without_a_500(phone):
    game = create(phone)
    for code in ("\x00", game["id"] + "\x00", "a\x00/b"):
        response = phone.form("/join", {"code": code})
        assert response.status_code == 400
        assert "NUL" in response.get_data(as_text=True)
    assert phone.form("/join", {"code": game["id"]}).status_code == 302


def test_query_and_form_text_with_nul_is_refused(phone):
    game = create(phone)
    assert phone.get(f"/api/games/{game['id']}?since=%00").status_code == 400
    response = phone.form("/new/royal_visit", {"player_top": "A\x00", "player_bottom": "Bob", "wizard": "top"})
    assert response.status_code == 400


def exported(phone) -> dict:
    game = create(phone)
    url = f"/api/games/{game['id']}"
    phone.post(f"{url}/moves", json={"seq": 0, "move": KING_UP})
    return phone.get(f"{url}/export").get_json()


@pytest.mark.parametrize("player, words", [
    (2147483648, '"player": 2147483648'),
    (-1, '"player": -1'),
    (1, '"player": 1'),  # a real seat, but not the one whose turn it was
    (None, '"player": null'),
    ("0", "names its player wrongly"),
    (True, "names its player wrongly"),
    (0.0, "names its player wrongly"),
])
def test_an_imported_entry_must_name_the_player_whose_turn_it_was(phone, app, player, words):
    record = exported(phone)
    before = game_count(app)
    record["entries"][0]["player"] = player
    response = phone.post("/api/import", json=record)
    assert response.status_code == 422, response.get_json()
    assert words in message(response)
    assert game_count(app) == before


@pytest.mark.parametrize("change, words", [
    (lambda r: r.update(extra=1), "no field called"),
    (lambda r: r["entries"][0].update(seat=3), "no entry has"),
    (lambda r: r["entries"][0].update(seq=7), "numbered 7"),
    (lambda r: r["entries"][0].update(at="9999-12-31T23:59:59+00:00"), "time outside"),
    (lambda r: r["entries"][0].update(at="0001-01-01T00:00:00+05:00"), "time outside"),
    (lambda r: r["entries"][0].update(at=12), "no valid time"),
    (lambda r: r["entries"].append({"kind": "undo", "player": 0, "at": r["entries"][0]["at"],
                                    "payload": {"x": 1}}), "carries nothing"),
    (lambda r: r.update(version=2 ** 80), "version 1208925819614629174706176"),
    (lambda r: r.update(game="x" * 500), "does not know"),
])
def test_every_field_of_an_import_is_checked(phone, app, change, words):
    record = exported(phone)
    before = game_count(app)
    change(record)
    response = phone.post("/api/import", json=record)
    assert response.status_code == 422 and words in message(response), response.get_json()
    assert len(message(response)) < 200
    assert game_count(app) == before


def test_an_exported_game_with_undos_and_rulings_imports_as_it_was(phone):
    game = create(phone)
    url = f"/api/games/{game['id']}"
    phone.post(f"{url}/moves", json={"seq": 0, "move": KING_UP})
    phone.post(f"{url}/undo", json={"seq": 1})
    phone.post(f"{url}/rulings", json={"seq": 2, "rulings": {"direction": "towards-mover"}})
    phone.post(f"{url}/redo", json={"seq": 3})
    record = phone.get(f"{url}/export").get_json()
    copy = phone.post("/api/import", json=record)
    assert copy.status_code == 201
    assert copy.get_json()["game"]["history"] == phone.get(url).get_json()["game"]["history"]


def test_an_uploaded_record_that_nests_too_deep_is_refused_with_a_sentence(phone, app):
    response = phone.client.post(
        "/import",
        data={"csrf_token": phone.token, "record": (io.BytesIO(nested(5000).encode()), "deep.json")},
        content_type="multipart/form-data", follow_redirects=True)
    assert "could not be imported: The JSON nests deeper than 32 levels." in response.get_data(as_text=True)
    assert game_count(app) == 0


def test_a_kings_court_reason_padded_with_spaces_is_refused_not_stored(phone):
    response = phone.post("/api/games", json={"game": "kings_court", "options": KC_OPTIONS})
    assert response.status_code == 201, response.get_json()
    game = response.get_json()["game"]
    padded = {"type": "adjust", "seat": 0, "points": 5, "reason": "a" + " " * 1_000_000 + "b"}
    refused = phone.post(f"/api/games/{game['id']}/moves", json={"seq": 0, "move": padded})
    assert refused.status_code in (413, 422)
    polled = phone.get(f"/api/games/{game['id']}")
    assert polled.get_json()["game"]["seq"] == 0 and len(polled.get_data()) < 100_000
    tidy = {"type": "adjust", "seat": 0, "points": 5, "reason": "  Miscounted   hand 1 "}
    accepted = phone.post(f"/api/games/{game['id']}/moves", json={"seq": 0, "move": tidy})
    assert accepted.status_code == 200
    assert "(Miscounted hand 1)" in accepted.get_json()["game"]["history"][0]["text"]
