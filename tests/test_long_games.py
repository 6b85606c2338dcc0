"""Moves cost the same at entry 5 and 5,000 (issue 13): each process keeps the records it served
and reads only the entries added since; phones are sent the history lines they lack."""
from __future__ import annotations

import random

import pytest
from conftest import KING_UP, OPTIONS, create

from companion.games.royal_visit import ENGINE
from companion.games.royal_visit.simulate import random_game
from companion.store import Store

WIZARD = {"players": ["Ann", "Bob"], "wizard": 0}


@pytest.fixture
def two_processes(database_url):
    """Two stores on one database: what two server processes are to each other."""
    first, second = Store(database_url), Store(database_url)
    yield first, second
    first.dispose()
    second.dispose()


def moves_of_a_game(seed: int, count: int) -> list:
    moves, _ = random_game(random.Random(seed), options=WIZARD, max_turns=count)
    return moves[:count]


def fresh(database_url, game_id):
    """The record as a process that never saw the game replays it from the database."""
    store = Store(database_url)
    try:
        return store.load(game_id)
    finally:
        store.dispose()


def test_a_record_kept_by_one_process_sees_what_another_appended(two_processes, database_url):
    first, second = two_processes
    moves = moves_of_a_game(3, 12)
    game_id = first.create("royal_visit", WIZARD, owner="x")
    for number, move in enumerate(moves[:6]):
        first.append(game_id, number, "move", move)
    assert second.load(game_id).seq == 6  # the second process keeps it now
    first.append(game_id, 6, "move", moves[6])
    first.append(game_id, 7, "undo", None)
    first.append(game_id, 8, "redo", None)
    first.append(game_id, 9, "rulings", {"direction": "towards-mover"})
    seen = second.load(game_id)
    truth = fresh(database_url, game_id)
    assert seen.seq == truth.seq == 10
    assert seen.replay.state == truth.replay.state and seen.replay.rulings == truth.replay.rulings
    assert seen.replay.done == truth.replay.done and seen.lines.lines == truth.lines.lines
    # And the second process writes on from there; the first sees it.
    second.append(game_id, 10, "undo", None)
    assert first.load(game_id).replay.state == fresh(database_url, game_id).replay.state


def test_a_process_that_kept_an_old_record_still_refuses_a_stale_number(two_processes):
    first, second = two_processes
    game_id = first.create("royal_visit", OPTIONS, owner="x")
    second.load(game_id)
    first.append(game_id, 0, "move", KING_UP)
    from companion.store import TableMovedOn

    with pytest.raises(TableMovedOn):
        second.append(game_id, 0, "move", KING_UP)
    assert second.append(game_id, 1, "undo", None).seq == 2


def test_a_process_never_writes_on_from_a_game_deleted_and_brought_back(two_processes, database_url):
    """A process keeps the record it served and writes the next entry without reading it again;
    a game deleted and brought back from an archive under its id is another game to it."""
    first, second = two_processes
    moves = moves_of_a_game(5, 4)
    game_id = first.create("royal_visit", WIZARD, owner="x")
    for number, move in enumerate(moves):
        first.append(game_id, number, "move", move)
    archived = first.load(game_id).entries[:2]
    assert second.load(game_id).seq == 4  # the second process keeps it at entry 4
    first.delete(game_id)
    first.import_record("royal_visit", WIZARD, archived, owner="x", game_id=game_id)
    from companion.store import TableMovedOn

    with pytest.raises(TableMovedOn) as moved:
        second.append(game_id, 4, "undo", None)
    assert moved.value.current == 2
    truth = fresh(database_url, game_id)
    assert truth.seq == 2 and second.load(game_id).replay.state == truth.replay.state
    assert second.append(game_id, 2, "undo", None).seq == 3


def test_a_record_once_returned_never_changes(store):
    game_id = store.create("royal_visit", OPTIONS, owner="x")
    before = store.load(game_id)
    lines_before = [dict(line) for line in before.lines.lines]
    store.append(game_id, 0, "move", KING_UP)
    store.append(game_id, 1, "undo", None)
    assert before.seq == 0 and before.replay.done == [] and before.lines.lines == lines_before
    after_move = store.load(game_id)
    store.append(game_id, 2, "redo", None)
    assert after_move.lines.lines[0]["undone"] is True  # as it stood after the undo
    assert store.load(game_id).lines.lines[0]["undone"] is False


def test_a_move_at_entry_300_replays_nothing_before_it(store, monkeypatch):
    game_id = store.create("royal_visit", OPTIONS, owner="x")
    for number in range(0, 300, 2):  # a move and its undo, 150 times
        store.append(game_id, number, "move", KING_UP)
        store.append(game_id, number + 1, "undo", None)
    checked = []
    original = type(ENGINE).validate
    monkeypatch.setattr(type(ENGINE), "validate",
                        lambda self, state, move: (checked.append(move), original(self, state, move))[1])
    store.load(game_id)
    record = store.append(game_id, 300, "move", KING_UP)
    store.load(game_id)
    assert len(checked) == 1  # the new move only: not the 150 before it
    assert record.lines.lines[-1]["seq"] == 300 and record.lines.lines[-2]["text"].startswith("Undone: ")
    assert record.lines.lines[-2]["text"] == "Undone: " + record.lines.lines[298]["text"]


def test_a_phone_is_sent_only_the_history_lines_it_lacks(phone, second_phone):
    game = create(phone)
    url = f"/api/games/{game['id']}"
    assert game["history_from"] == 0 and game["history"] == []
    moved = phone.post(f"{url}/moves", json={"seq": 0, "move": KING_UP}).get_json()["game"]
    assert moved["history_from"] == 0 and [line["seq"] for line in moved["history"]] == [0]
    # The other phone had entry 0; the undo changes line 0 (now taken back) and adds line 1.
    second_phone.post(f"{url}/undo", json={"seq": 1})
    polled = phone.get(f"{url}?since=1").get_json()["game"]
    assert polled["history_from"] == 0
    assert [(line["seq"], line["undone"]) for line in polled["history"]] == [(0, True), (1, False)]
    # A rulings change touches no earlier line: only its own is sent.
    changed = phone.post(f"{url}/rulings", json={"seq": 2, "rulings": {"direction": "towards-mover"}})
    assert changed.get_json()["game"]["history_from"] == 2
    assert [line["seq"] for line in changed.get_json()["game"]["history"]] == [2]
    assert phone.get(f"{url}?since=3").status_code == 204
    whole = phone.get(url).get_json()["game"]
    assert whole["history_from"] == 0 and len(whole["history"]) == 3


def test_a_negative_since_is_refused_and_one_beyond_the_game_sends_nothing_new(phone):
    """companion/inputs.py bounds every number a request carries (issue 23): a negative entry
    number is a 400 with a sentence; one beyond the game is answered with nothing new."""
    game = create(phone)
    url = f"/api/games/{game['id']}"
    phone.post(f"{url}/moves", json={"seq": 0, "move": KING_UP})
    refused = phone.get(f"{url}?since=-5")
    assert refused.status_code == 400 and refused.get_json()["error"]["message"]
    far = phone.get(f"{url}?since=99").get_json()["game"]
    assert far["seq"] == 1 and far["history"] == []


def test_a_long_game_opens_with_its_last_history_lines_and_earlier_ones_a_page_at_a_time(phone):
    """Opening a game of 250 entries sends its last 100 lines; the rest come when asked, a
    page at a time, and together they are the whole history, as the export has it."""
    from companion.record import HISTORY_PAGE

    game = create(phone)
    url = f"/api/games/{game['id']}"
    for seq in range(250):  # King up, undo, redo, undo...: 250 entries of one game
        body = {"seq": seq, "move": KING_UP} if seq == 0 else {"seq": seq}
        kind = "moves" if seq == 0 else ("undo" if seq % 2 else "redo")
        assert phone.post(f"{url}/{kind}", json=body).status_code == 200
    opened = phone.get(url).get_json()["game"]
    assert opened["history_from"] == 250 - HISTORY_PAGE and len(opened["history"]) == HISTORY_PAGE
    page = phone.get(f"/g/{game['id']}").get_data(as_text=True)
    assert page.count('"seq":') <= HISTORY_PAGE + 3  # the page carries the last lines only
    lines = opened["history"]
    before = opened["history_from"]
    while before > 0:
        earlier = phone.get(f"{url}/history?before={before}").get_json()
        assert len(earlier["history"]) == before - earlier["history_from"] <= HISTORY_PAGE
        lines = earlier["history"] + lines
        before = earlier["history_from"]
    assert [line["seq"] for line in lines] == list(range(250))
    assert lines[0]["undone"] is True  # entry 249 (odd) was an undo: the move is taken back
    exported = phone.get(f"{url}/export").get_json()
    assert len(exported["entries"]) == 250
    for bad in ("", "?before=x", "?before=-1"):
        answer = phone.get(f"{url}/history{bad}")
        assert answer.status_code == 400 and answer.get_json()["error"]["message"]
