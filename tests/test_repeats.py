"""An entry whose answer was lost is sent again by the phone with the same key (issue 31): the
server recognises the repeat and answers as it answered the first time, storing nothing; a
different entry at a taken number is still told the table moved on; a key is no way into another
game. On SQLite and PostgreSQL, with two app instances (two processes' stores) racing the same
repeat."""
from __future__ import annotations

import secrets
import threading

from conftest import KING_UP, Phone, create
from kingseat_support import start

from companion.web import create_app

KING_DOWN = {"type": "play", "cards": [{"card": "king-1", "moves": [{"pawn": "king", "from": 0, "to": -1}]}]}


def key() -> str:
    return secrets.token_hex(16)


def stored(phone, game_id: str) -> list[dict]:
    return phone.get(f"/api/games/{game_id}/export").get_json()["entries"]


def test_the_same_move_sent_twice_is_stored_once_and_answered_as_the_first_time(phone):
    game = create(phone)
    url = f"/api/games/{game['id']}/moves"
    body = {"seq": 0, "move": KING_UP, "key": key()}
    first = phone.post(url, json=body)
    again = phone.post(url, json=body)
    assert first.status_code == again.status_code == 200
    assert again.get_json()["game"]["seq"] == first.get_json()["game"]["seq"] == 1
    assert again.get_json()["game"]["view"] == first.get_json()["game"]["view"]
    assert len(stored(phone, game["id"])) == 1


def test_a_different_entry_or_no_key_at_a_taken_number_is_told_the_table_moved_on(phone, second_phone):
    game = create(phone)
    url = f"/api/games/{game['id']}/moves"
    assert phone.post(url, json={"seq": 0, "move": KING_UP, "key": key()}).status_code == 200
    other = second_phone.post(url, json={"seq": 0, "move": KING_DOWN, "key": key()})
    assert other.status_code == 409 and other.get_json()["error"]["rule"] == "table-moved-on"
    unkeyed = second_phone.post(url, json={"seq": 0, "move": KING_UP})
    assert unkeyed.status_code == 409
    assert len(stored(phone, game["id"])) == 1


def test_a_key_counts_only_in_its_own_game(phone, second_phone):
    """The key of an entry of one game, sent to another game at the same number, is no repeat
    there (409 with that game only), and reads nothing of the first game."""
    mine, theirs = create(phone), create(second_phone, {"players": ["Cy", "Di"], "wizard": 0})
    shared = key()
    assert phone.post(f"/api/games/{mine['id']}/moves",
                      json={"seq": 0, "move": KING_UP, "key": shared}).status_code == 200
    assert second_phone.post(f"/api/games/{theirs['id']}/moves",
                             json={"seq": 0, "move": KING_UP}).status_code == 200
    tried = second_phone.post(f"/api/games/{theirs['id']}/moves",
                              json={"seq": 0, "move": KING_UP, "key": shared})
    assert tried.status_code == 409
    answer = tried.get_json()["game"]
    assert answer["id"] == theirs["id"] and "Ann" not in str(answer)
    assert len(stored(phone, mine["id"])) == 1 and len(stored(second_phone, theirs["id"])) == 1


def test_undo_redo_and_rulings_repeated_are_stored_once(phone):
    game = create(phone)
    url = f"/api/games/{game['id']}"
    phone.post(f"{url}/moves", json={"seq": 0, "move": KING_UP, "key": key()})
    for path, body in (("undo", {"seq": 1}), ("redo", {"seq": 2}),
                       ("rulings", {"seq": 3, "rulings": {"direction": "towards-mover"}})):
        body = {**body, "key": key()}
        first = phone.post(f"{url}/{path}", json=body)
        again = phone.post(f"{url}/{path}", json=body)
        assert first.status_code == again.status_code == 200, (path, again.get_json())
        assert again.get_json()["game"]["seq"] == body["seq"] + 1
    assert [entry["kind"] for entry in stored(phone, game["id"])] == ["move", "undo", "redo", "rulings"]


def test_a_secret_sent_twice_is_stored_once(phone):
    game_id, _ = start(phone)
    base = f"/api/games/{game_id}"
    phone.post(f"{base}/seat", json={"player": 1})
    before = len(stored(phone, game_id))
    body = {"secret": {"loyalty": "hornseeker"}, "key": key()}
    assert phone.post(f"{base}/secret", json=body).status_code == 200
    assert phone.post(f"{base}/secret", json=body).status_code == 200
    assert len(stored(phone, game_id)) == before + 1


def test_a_key_that_is_not_hex_digits_is_refused_with_a_sentence(phone):
    game = create(phone)
    url = f"/api/games/{game['id']}/moves"
    for bad in ("short", 12345, "z" * 32, "a" * 65):
        refused = phone.post(url, json={"seq": 0, "move": KING_UP, "key": bad})
        assert refused.status_code == 400 and "hexadecimal" in refused.get_json()["error"]["message"]
    assert stored(phone, game["id"]) == []


def test_two_processes_racing_the_same_repeat_store_it_once(database_url, tmp_path):
    """Two app instances on one database (as two server processes), each sent the same entry
    with the same key at the same moment, as a phone whose first answer was lost: both answer
    200, the entry is stored once; a different entry racing them is told the table moved on."""
    apps = [create_app({"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "test"})
            for _ in range(2)]
    try:
        phones = [Phone(app) for app in apps for _ in range(2)]
        for round_ in range(5):
            game = create(phones[0])
            url = f"/api/games/{game['id']}/moves"
            body = {"seq": 0, "move": KING_UP, "key": key()}
            go = threading.Barrier(3)
            answers = {}

            def send(name, phone, sent):
                go.wait()
                answers[name] = phone.post(url, json=sent)

            threads = [threading.Thread(target=send, args=("a", phones[0], body)),
                       threading.Thread(target=send, args=("b", phones[3], body)),
                       threading.Thread(target=send, args=("other", phones[1],
                                                           {"seq": 0, "move": KING_DOWN, "key": key()}))]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            entries = stored(phones[2], game["id"])
            assert len(entries) == 1, round_
            if entries[0]["payload"] == KING_UP:  # the repeated entry got in first: both told so
                assert answers["a"].status_code == answers["b"].status_code == 200
                assert answers["other"].status_code == 409
            else:  # the other entry got in first: both copies of the repeat are told
                assert answers["a"].status_code == answers["b"].status_code == 409
                assert answers["other"].status_code == 200
    finally:
        for app in apps:
            app.extensions["store"].dispose()
