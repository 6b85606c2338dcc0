"""POST /api/games/<id>/scan: a photo's cards of this game, left to right, with their names;
other codes apart; refusals in plain sentences; nothing stored.

The photos are made from the printables' own PDFs (tests/scan_support.py).
"""
from __future__ import annotations

import io

from scan_support import card_photo

ROYAL_VISIT = {"players": ["Ann", "Bob"], "wizard": 0}
MAJESTY = {"players": ["Ann", "Bob"], "first": 1, "sides": "A", "deck": "standard",
           "display": ["miller", "brewer", "witch", "guard", "knight", "noble"]}


def new_game(phone, game: str, options: dict) -> str:
    created = phone.post("/api/games", json={"game": game, "options": options})
    assert created.status_code == 201, created.get_data(as_text=True)
    return created.get_json()["game"]["id"]


def scan(phone, game_id: str, photo: bytes | None, name: str = "photo.jpg"):
    data = {} if photo is None else {"photo": (io.BytesIO(photo), name)}
    return phone.post(f"/api/games/{game_id}/scan", data=data, content_type="multipart/form-data")


def test_a_photo_of_this_games_cards_reads_their_names_left_to_right(phone):
    game_id = new_game(phone, "royal_visit", ROYAL_VISIT)
    read = scan(phone, game_id, card_photo("royal-visit", ["wizard-2", "jester-1", "wizard-3"]))
    assert read.status_code == 200, read.get_data(as_text=True)
    body = read.get_json()
    assert [card["name"] for card in body["cards"]] == ["Wizard 2", "Jester 1", "Wizard 3"]
    assert [card["kind"] for card in body["cards"]] == ["wizard-2", "jester-1", "wizard-3"]
    assert [card["code"][:4] for card in body["cards"]] == ["R1W2", "R1J1", "R1W3"]
    assert all(card["copy"] == 1 for card in body["cards"])
    xs = [card["x"] for card in body["cards"]]
    assert xs == sorted(xs) and all(0 < x < 1 for x in xs)
    assert body["others"] == [] and body["seconds"] >= 0


def test_two_copies_of_one_kind_are_two_cards(phone):
    game_id = new_game(phone, "royal_visit", ROYAL_VISIT)
    body = scan(phone, game_id, card_photo("royal-visit", ["king-1", "king-1"])).get_json()
    assert [(card["kind"], card["copy"]) for card in body["cards"]] == [("king-1", 1), ("king-1", 2)]


def test_another_games_card_is_reported_apart_never_as_a_card(phone):
    game_id = new_game(phone, "royal_visit", ROYAL_VISIT)
    body = scan(phone, game_id, card_photo("majesty", ["witch"], "characters")).get_json()
    assert body["cards"] == []
    [other] = body["others"]
    assert "Majesty" in other["reason"] and "Royal Visit" in other["reason"]
    assert other["text"].startswith("M1WW")


def test_majesty_location_and_worker_cards_come_with_their_kinds(phone):
    """They are Majesty's printed cards, so they are read; the page says a turn takes none."""
    game_id = new_game(phone, "majesty", MAJESTY)
    body = scan(phone, game_id, card_photo("majesty", ["witch", "mill-a", "worker-knight"])).get_json()
    assert [card["kind"] for card in body["cards"]] == ["witch", "mill-a", "worker-knight"]
    assert body["cards"][0]["name"] == "Witch"


def test_without_a_photo_the_request_is_refused(phone):
    game_id = new_game(phone, "royal_visit", ROYAL_VISIT)
    refused = scan(phone, game_id, None)
    assert refused.status_code == 400
    assert '"photo"' in refused.get_json()["error"]["message"]
    wrong_field = phone.post(f"/api/games/{game_id}/scan", data={"picture": (io.BytesIO(b"x"), "a.jpg")},
                             content_type="multipart/form-data")
    assert wrong_field.status_code == 400


def test_a_broken_file_is_refused_with_a_sentence(phone):
    game_id = new_game(phone, "royal_visit", ROYAL_VISIT)
    photo = card_photo("royal-visit", ["wizard-2"])
    for broken in (b"", b"not a photo at all", photo[: len(photo) // 3], b"\x89PNG\r\n\x1a\n" + b"\0" * 64):
        refused = scan(phone, game_id, broken)
        assert refused.status_code == 422, (broken[:20], refused.get_data(as_text=True))
        error = refused.get_json()["error"]
        assert error["rule"] == "photo"
        message = error["message"]
        assert message[0].isupper() and message.rstrip().endswith(".") and len(message) > 15


def test_a_photo_over_the_limit_is_refused_and_a_large_one_under_it_is_read(app, phone):
    game_id = new_game(phone, "royal_visit", ROYAL_VISIT)
    assert app.config["MAX_PHOTO_LENGTH"] == 25 * 1024 * 1024
    # A phone's JPEG is larger than the 2 MB other requests may send: it is still read.
    photo = card_photo("royal-visit", ["wizard-2"])
    padded = photo + b"\0" * (3 * 1024 * 1024)  # bytes after the JPEG's end are ignored
    read = scan(phone, game_id, padded)
    assert read.status_code == 200 and [c["kind"] for c in read.get_json()["cards"]] == ["wizard-2"]
    app.config["MAX_PHOTO_LENGTH"] = 1024 * 1024
    refused = scan(phone, game_id, padded)
    assert refused.status_code == 413
    assert refused.get_json()["error"]["message"]


def test_a_scan_stores_nothing(phone):
    game_id = new_game(phone, "royal_visit", ROYAL_VISIT)
    before = phone.get(f"/api/games/{game_id}").get_json()["game"]
    assert scan(phone, game_id, card_photo("royal-visit", ["wizard-2", "wizard-3"])).status_code == 200
    assert scan(phone, game_id, b"broken").status_code == 422
    after = phone.get(f"/api/games/{game_id}").get_json()["game"]
    assert after["seq"] == before["seq"] == 0
    assert after["history"] == [] and after["view"] == before["view"]


def test_a_scan_needs_the_pages_token_and_a_game_that_exists(phone):
    game_id = new_game(phone, "royal_visit", ROYAL_VISIT)
    photo = card_photo("royal-visit", ["wizard-2"])
    no_token = phone.client.post(f"/api/games/{game_id}/scan", data={"photo": (io.BytesIO(photo), "p.jpg")},
                                 content_type="multipart/form-data")
    assert no_token.status_code == 400 and no_token.get_json()["error"]["rule"] == "csrf"
    missing = scan(phone, "no-such-game", photo)
    assert missing.status_code == 404 and missing.get_json()["error"]["rule"] == "unknown-game"
