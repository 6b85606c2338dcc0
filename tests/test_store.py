"""Storage: a game is its options plus its entries; refused entries write nothing; two phones
racing for one turn get one winner. Runs on SQLite, and on PostgreSQL when it is named."""
from __future__ import annotations

import threading
from datetime import UTC, datetime

import pytest

from companion.engine import RuleError
from companion.record import Entry
from companion.store import GameNotFound, Store, TableMovedOn

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
    bad = [Entry(0, "move", 0, datetime.now(UTC), KING_ONTO_GUARD)]
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


def test_refused_entries_never_change_a_stored_game(tmp_path):
    """Property: along random legal games, any refused entry (a legal move bent out of shape,
    a stale number, an undo of nothing) leaves the stored record exactly as it was."""
    import random

    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from companion.games.royal_visit import ENGINE
    from companion.games.royal_visit.simulate import random_game
    from companion.store import Store

    store = Store(f"sqlite:///{tmp_path / 'property.db'}")

    def bent(move, rng, state):
        """A near miss: a legal move with one number or name changed, that the rules refuse."""
        for _ in range(20):
            candidate = bend(move, rng)
            try:
                ENGINE.validate(state, candidate)
            except RuleError:
                return candidate
        return {"type": "teleport"}

    def bend(move, rng):
        if move["type"] != "play":
            return {"type": "summon", "pawn": rng.choice(["jester", "wizard", "queen"])}
        cards = [dict(card) for card in move["cards"]]
        card = rng.choice(cards)
        if "moves" in card:
            card["moves"] = [dict(m) for m in card["moves"]]
            card["moves"][0]["to"] += rng.choice([-3, -1, 1, 9])
        else:
            card["card"] = rng.choice(["king-9", "court", "wizard-1"])
        return {"type": "play", "cards": cards}

    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.integers(0, 2**32 - 1))
    def check(seed):
        rng = random.Random(seed)
        options = {"players": ["Ann", "Bob"], "wizard": rng.randint(0, 1)}
        moves, _ = random_game(rng, options=options, max_turns=60)
        game_id = store.create("royal_visit", options, owner="x")
        for number, move in enumerate(moves[:20]):
            before = store.load(game_id)
            refusals = [
                lambda: store.append(game_id, number, "move", bent(move, rng, before.replay.state)),
                lambda: store.append(game_id, number + 1, "move", move),  # a number not reached
                lambda: store.append(game_id, max(number - 1, 0) if number else 7, "move", move),
            ]
            if not before.replay.done:
                refusals.append(lambda: store.append(game_id, number, "undo", None))
            for refused in refusals:
                with pytest.raises((RuleError, TableMovedOn)):
                    refused()
                after = store.load(game_id)
                assert after.entries == before.entries
                assert after.replay.state == before.replay.state
            store.append(game_id, number, "move", move)

    check()
    store.dispose()


def test_a_game_id_never_starts_with_a_dash_so_the_shell_takes_it(monkeypatch):
    """`companion export <id>` read an id starting with "-" as an option (1 game in 64)."""
    from companion.store import ids as storage

    given = iter(["-T9MT1ToViNLx9kwrUfM1Q", "T9MT1ToViNLx9kwrUfM1Q"])
    monkeypatch.setattr(storage.secrets, "token_urlsafe", lambda _: next(given))
    assert storage.new_game_id() == "T9MT1ToViNLx9kwrUfM1Q"


def test_a_restarted_database_fails_one_request_at_most(postgresql_url):
    """PostgreSQL restarted under a running server (every connection of its pool cut): a request
    may fail, the next ones are answered, not failed one dead pooled connection after another."""
    import psycopg

    store = Store(postgresql_url, connections=5)
    try:
        game_id = store.create("royal_visit", OPTIONS, owner="x")
        held = [store.db.raw_connection() for _ in range(5)]  # five connections in the pool
        pids = []
        for conn in held:
            cursor = conn.cursor()
            cursor.execute("SELECT pg_backend_pid()")
            pids.append(cursor.fetchone()[0])
            conn.rollback()
            conn.close()
        with psycopg.connect(postgresql_url, autocommit=True) as admin:
            for pid in pids:
                admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        failures = 0
        for _ in range(6):
            try:
                assert store.seq(game_id) == 0
                assert store.seats(game_id, "x") == (None, [])
            except Exception:
                failures += 1
        assert failures <= 1
        store.append(game_id, 0, "move", KING_UP)
        assert store.seq(game_id) == 1
    finally:
        store.dispose()
