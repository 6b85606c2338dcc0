"""Storage: a game is its options plus its entries; refused entries write nothing; two phones
racing for one turn get one winner. Runs on SQLite, and on PostgreSQL when it is named."""
from __future__ import annotations

import threading
from datetime import datetime, timezone

import pytest

from companion.engine import RuleError
from companion.store import Entry, GameNotFound, TableMovedOn

OPTIONS = {"players": ["Ann", "Bob"], "wizard": 0}
KING_UP = {"type": "play", "cards": [{"card": "king-1", "moves": [{"pawn": "king", "from": 0, "to": 1}]}]}
KING_ONTO_GUARD = {"type": "play", "cards": [{"card": "king-1", "moves": [{"pawn": "king", "from": 1, "to": 2}]}]}
WIZARD_DOWN = {"type": "play", "cards": [{"card": "wizard-1", "moves": [{"pawn": "wizard", "from": 1, "to": 0}]}]}


def test_a_new_game_is_its_options_and_no_entries(store):
    game_id = store.create("royal_visit", OPTIONS, owner="phone-a")
    record = store.load(game_id)
    assert record.options == OPTIONS
    assert record.entries == [] and record.seq == 0
    assert record.owner == "phone-a"
    assert record.engine.view(record.replay.state)["pawns"]["king"] == 0


def test_game_ids_are_unguessable_and_distinct(store):
    ids = {store.create("royal_visit", OPTIONS, owner="x") for _ in range(20)}
    assert len(ids) == 20
    assert all(len(game_id) >= 20 for game_id in ids)


def test_options_the_rules_refuse_are_not_stored(store):
    with pytest.raises(RuleError):
        store.create("royal_visit", {"players": ["Ann", "Ann"], "wizard": 0}, owner="x")
    with pytest.raises(RuleError):
        store.create("chess", OPTIONS, owner="x")


def test_an_accepted_move_is_stored_with_who_and_when(store):
    game_id = store.create("royal_visit", OPTIONS, owner="x")
    store.append(game_id, 0, "move", KING_UP)
    record = store.load(game_id)
    assert [(e.seq, e.kind, e.player, e.payload) for e in record.entries] == [(0, "move", 0, KING_UP)]
    assert record.entries[0].at.tzinfo is not None
    assert record.engine.view(record.replay.state)["pawns"]["king"] == 1
    assert record.engine.to_move(record.replay.state) == 1


def test_a_refused_move_stores_nothing(store):
    game_id = store.create("royal_visit", OPTIONS, owner="x")
    store.append(game_id, 0, "move", KING_UP)
    before = store.load(game_id)
    with pytest.raises(RuleError) as refused:
        store.append(game_id, 1, "move", KING_ONTO_GUARD)
    assert refused.value.rule
    after = store.load(game_id)
    assert after.entries == before.entries
    assert after.replay.state == before.replay.state


def test_a_stale_entry_number_is_refused_and_stores_nothing(store):
    game_id = store.create("royal_visit", OPTIONS, owner="x")
    store.append(game_id, 0, "move", KING_UP)
    with pytest.raises(TableMovedOn) as moved:
        store.append(game_id, 0, "move", KING_UP)
    assert (moved.value.expected, moved.value.current) == (0, 1)
    assert store.load(game_id).seq == 1


def test_two_phones_racing_for_one_turn_get_exactly_one_winner(store):
    game_id = store.create("royal_visit", OPTIONS, owner="x")
    start = threading.Barrier(2)
    outcomes = []

    def phone(move):
        start.wait()
        try:
            store.append(game_id, 0, "move", move)
            outcomes.append("stored")
        except TableMovedOn:
            outcomes.append("moved on")

    threads = [threading.Thread(target=phone, args=(m,)) for m in (KING_UP, WIZARD_DOWN)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["moved on", "stored"]
    assert store.load(game_id).seq == 1


def test_undo_and_redo_append_and_never_delete(store):
    game_id = store.create("royal_visit", OPTIONS, owner="x")
    store.append(game_id, 0, "move", KING_UP)
    store.append(game_id, 1, "undo", None)
    record = store.load(game_id)
    assert [e.kind for e in record.entries] == ["move", "undo"]
    assert record.engine.view(record.replay.state)["pawns"]["king"] == 0
    assert record.replay.undone == [KING_UP]
    store.append(game_id, 2, "redo", None)
    record = store.load(game_id)
    assert [e.kind for e in record.entries] == ["move", "undo", "redo"]
    assert record.engine.view(record.replay.state)["pawns"]["king"] == 1


def test_nothing_to_undo_or_redo_is_refused(store):
    game_id = store.create("royal_visit", OPTIONS, owner="x")
    with pytest.raises(RuleError, match="undo"):
        store.append(game_id, 0, "undo", None)
    store.append(game_id, 0, "move", KING_UP)
    with pytest.raises(RuleError, match="redo"):
        store.append(game_id, 1, "redo", None)
    assert store.load(game_id).seq == 1


def test_a_new_move_after_undo_drops_the_redo(store):
    game_id = store.create("royal_visit", OPTIONS, owner="x")
    store.append(game_id, 0, "move", KING_UP)
    store.append(game_id, 1, "undo", None)
    store.append(game_id, 2, "move", WIZARD_DOWN)
    with pytest.raises(RuleError):
        store.append(game_id, 3, "redo", None)
    record = store.load(game_id)
    assert record.engine.view(record.replay.state)["pawns"]["wizard"] == 0


def test_changed_rulings_are_an_entry_and_apply_from_then_on(store):
    game_id = store.create("royal_visit", OPTIONS, owner="x")
    store.append(game_id, 0, "rulings", {"direction": "towards-mover"})
    record = store.load(game_id)
    assert record.replay.rulings["direction"] == "towards-mover"
    # Ann (top, + side) may no longer move the Wizard away from her Chateau.
    with pytest.raises(RuleError):
        store.append(game_id, 1, "move", WIZARD_DOWN)
    with pytest.raises(RuleError):
        store.append(game_id, 1, "rulings", {"direction": "sideways"})


def test_import_stores_a_replayed_copy_under_a_new_id(store):
    game_id = store.create("royal_visit", OPTIONS, owner="x")
    store.append(game_id, 0, "move", KING_UP)
    original = store.load(game_id)
    copy_id = store.import_record("royal_visit", OPTIONS, original.entries, owner="y")
    copy = store.load(copy_id)
    assert copy_id != game_id
    assert copy.entries == original.entries
    assert copy.replay.state == original.replay.state


def test_import_of_an_illegal_record_stores_nothing(store):
    bad = [Entry(0, "move", 0, datetime.now(timezone.utc), KING_ONTO_GUARD)]
    with pytest.raises(RuleError):
        store.import_record("royal_visit", OPTIONS, bad, owner="y")


def test_delete_removes_the_game_and_its_entries(store):
    game_id = store.create("royal_visit", OPTIONS, owner="x")
    store.append(game_id, 0, "move", KING_UP)
    store.delete(game_id)
    with pytest.raises(GameNotFound):
        store.load(game_id)
    with pytest.raises(GameNotFound):
        store.seq(game_id)
    with pytest.raises(GameNotFound):
        store.delete(game_id)
