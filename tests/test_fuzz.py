"""Property: no request, however malformed, gets a 5xx (issues 13 and 23). The routes are read
from the app's URL map: every route with each of its methods gets generated values of every kind
in every part (its URL's parts, the query, JSON bodies, forms, uploaded records, archives and
photos): non-ASCII digits, integers beyond the databases' columns, times beyond what they store,
names over the forms' 30 characters, NUL and lone surrogates, deep JSON. Hostile archives are
imported and every page is requested after each. On SQLite and PostgreSQL;
COMPANION_FUZZ_REQUESTS sets how many requests per database (default 5,000)."""
from __future__ import annotations

import io
import json
import os
import random
from datetime import UTC, datetime, timedelta
from urllib.parse import quote, urlencode

from conftest import KING_UP, OPTIONS, Phone, device_of
from flask import request, request_finished
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from stats_games import simulated, store_game
from werkzeug.datastructures import FileStorage
from werkzeug.test import stream_encode_multipart

from companion.games.kingseat.simulate import random_options
from companion.games.kingseat.state import PRINCE_IDS
from companion.store.tables import games

REQUESTS = int(os.environ.get("COMPANION_FUZZ_REQUESTS", "5000"))
BATCH = 25  # requests per hypothesis example

# The inputs the reviews found knocking the server over, and their relatives.
EVIL_TEXT = ["\x00", "A\ud800", "\udc00", "a\x00b", "\ud83d", "%00", "\u2028", "\ufeff", "x" * 3000,
             " " * 5000, "../../etc/passwd", "<script>alert(1)</script>", "'; drop table games; --",
             "<b>x</b> not an id at all", "A" * 31, "A" * 65, "\u00b2", "\u0663", "\uff11", "1.5",
             " 1", "-1", "9999999999999999999999999", "2147483648", "-2147483649", "0x10", "1e3",
             "9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00+14:00", "2026-13-45T99:00:00",
             "http://[", "http://x/g/nope?joined=1", "ann", "ANN"]
EVIL_NUMBERS = [2147483647, 2147483648, -2147483649, 2 ** 63, -(2 ** 63) - 1, 2 ** 200, -1, 1e308,
                -0.0, 0.5, 10 ** 25, True]
EVIL_JSON = [
    "[" * 980 + "]" * 980, "[" * 33 + "]" * 33, '{"a":' * 2000 + "1" + "}" * 2000, "NaN", "Infinity",
    '"\\ud800"', '{"\\u0000": 1}', '"\\udfff\\ud800"', "1" * 5000, "1e999999", "", "{", "nul",
    '{"seq": 0, "move": ' + "[" * 500 + "]" * 500 + "}", '{"seq": 1e400}', "\xff\xfe",
]
EVIL_BYTES = [b"", b"\x00\xff", b"\x16\x03\x01\x00\xf4\x01\x00\x00\xf0\x03\x03",  # a TLS hello
              b"\x89PNG\r\n\x1a\n", b"GIF89a", b"\xff\xd8\xff" + b"\x00" * 64, b"seq=0",
              b"RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00/\x8f\x81\xb5\x00\x07"]

texts = st.one_of(st.text(max_size=12), st.sampled_from(EVIL_TEXT))
numbers = st.one_of(st.integers(-3, 8), st.sampled_from(EVIL_NUMBERS))
values = st.recursive(
    st.one_of(st.none(), st.booleans(), numbers, texts),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(texts, inner, max_size=4)),
    max_leaves=12,
)


def dumped(value) -> bytes:
    """JSON text of a value; lone surrogates are written as \\u escapes, as a client could."""
    return json.dumps(value, allow_nan=True).encode()


# Every field a JSON body, a form or a query of the app reads (the setup forms' among them).
FIELDS = ["seq", "move", "question", "rulings", "game", "options", "players", "player", "secret",
          "type", "cards", "card", "seat", "points", "reason", "pawn", "from", "to", "moves",
          "format", "version", "entries", "id", "marks", "situation", "play", "loyalty"]
FORM_FIELDS = ["code", "player_top", "player_bottom", "wizard", "start", "turn", "crown_side",
               "player-0", "player-1", "player-2", "players", "limit", "partnerships", "first_dealer",
               "selection", "extra", "sides", "what", "mark", "paper", "flip", "offset_x", "offset_y",
               "bleed", "backs", "corners", "ruling-direction", "prince-0", "deck", "position",
               "player", "name", "keep", "other", "status"]
QUERY_FIELDS = ["since", "before", "wait", "joined"]
MOVE_LIKE = st.one_of(
    st.just(KING_UP),
    st.dictionaries(st.sampled_from(FIELDS), values, max_size=5),
    st.fixed_dictionaries({"type": st.sampled_from(["play", "summon", "pass", "adjust", "deal", "score",
                                                    "correct", "hand", "turn"]),
                           "seat": numbers, "points": numbers, "reason": texts, "cards": values}),
    values,
)
JSON_BODY = st.one_of(
    st.builds(lambda seq, move: dumped({"seq": seq, "move": move}), values, MOVE_LIKE),
    st.builds(lambda seq, rulings: dumped({"seq": seq, "rulings": rulings}), values,
              st.dictionaries(st.sampled_from(["direction", "x", "\x00"]), values, max_size=2)),
    st.builds(lambda q: dumped({"question": q}), values),
    st.builds(lambda p: dumped({"player": p}), values),
    st.builds(lambda p: dumped({"secret": p}), values),
    st.builds(lambda game, options: dumped({"game": game, "options": options}),
              st.one_of(st.sampled_from(["royal_visit", "majesty", "kings_court", "kingseat"]), texts),
              st.one_of(st.just(OPTIONS), st.dictionaries(st.sampled_from(FIELDS), values, max_size=4),
                        st.builds(lambda names: {"players": names, "wizard": 0},
                                  st.lists(texts, max_size=3)))),
    st.builds(lambda fields: dumped(fields), st.dictionaries(st.sampled_from(FIELDS), values, max_size=4)),
    st.builds(dumped, values),
    st.sampled_from(EVIL_JSON).map(lambda text: text.encode("utf-8", "surrogatepass")),
)
FORM = st.dictionaries(st.sampled_from(FORM_FIELDS), texts, max_size=6)


def quoted(text: str) -> str:
    return quote(text.encode("utf-8", "surrogatepass"), safe="")


def url_parts(real: list[str]):
    """A value for a part of a URL: a real game id or name, or anything at all."""
    return st.one_of(
        st.sampled_from(real + ["royal_visit", "majesty", "kings_court", "kingseat"]),
        st.sampled_from(["%00", "a%00b", "%ED%A0%80", "%FF", "x" * 200, "..", "nope", "%2F",
                         "companion.js", "icons/favicon.ico"]),
        st.one_of(st.text(max_size=30), st.sampled_from(EVIL_TEXT)).map(quoted),
    )


def queries():
    return st.one_of(st.just(""), st.builds(
        lambda fields: "?" + "&".join(f"{key}={quoted(value)}" for key, value in fields.items()),
        st.dictionaries(st.sampled_from(QUERY_FIELDS), texts, max_size=3)))


def routes(app) -> list[tuple[str, str]]:
    """(method, rule) for every route of the URL map and each of its methods."""
    return sorted((method, rule.rule) for rule in app.url_map.iter_rules()
                  for method in rule.methods - {"HEAD", "OPTIONS"})


def requests(app, real: list[str]):
    """One request: (method, path, how the body is sent, body), for a route of the URL map."""

    def path_of(rule: str, parts: list[str], query: str) -> str:
        for part in parts:
            start = rule.index("<")
            rule = rule[:start] + part + rule[rule.index(">", start) + 1:]
        return rule + query

    def one(route):
        method, rule = route
        path = st.builds(path_of, st.just(rule), st.lists(url_parts(real), min_size=rule.count("<"),
                                                           max_size=rule.count("<")), queries())
        if method == "GET":
            return st.tuples(st.just(method), path, st.none(), st.none())
        return st.one_of(
            st.tuples(st.just(method), path, st.just("json"), JSON_BODY),
            st.tuples(st.just(method), path, st.just("raw"), st.sampled_from(EVIL_BYTES)),
            st.tuples(st.just(method), path, st.just("form"), FORM),
            st.tuples(st.just(method), path, st.sampled_from(["record", "archive", "photo"]),
                      st.one_of(JSON_BODY, st.sampled_from(EVIL_BYTES))),
        )

    return st.sampled_from(routes(app)).flatmap(one)


def seats_and_secrets(real: list[str], kept: str):
    """A well-formed body for a game's /seat or /secret with a bad value: a player number just
    outside the game's seats (or far outside), a prince not in the game, a version out of step.
    The secrets go to the games of ``real`` and to ``kept``, a Kingseat game whose seat 0 another
    phone holds for good (this phone's seat moves, and a seat that moved takes no secret)."""
    near = st.one_of(st.integers(-2, 12), st.sampled_from(EVIL_NUMBERS), st.none())
    loyalty = st.fixed_dictionaries(
        {"loyalty": st.one_of(st.sampled_from(PRINCE_IDS), texts)},
        optional={"version": st.one_of(st.integers(-2, 6), st.sampled_from(EVIL_NUMBERS))})
    seat = st.builds(lambda game_id, body: ("POST", f"/api/games/{game_id}/seat", "json",
                                            dumped(body)),
                     st.sampled_from(real + [kept]),
                     st.one_of(st.builds(lambda player: {"player": player}, near),
                               st.builds(lambda player: {"free": player}, near)))
    def secret(game_id: str, body) -> tuple:
        return ("POST", f"/api/games/{game_id}/secret", "json", dumped({"secret": body}))

    return st.one_of(seat, st.builds(secret, st.just(kept), loyalty),
                     st.builds(secret, st.sampled_from(real),
                               st.one_of(loyalty, st.just({"seat": "changed"}))))


def send(phone: Phone, method: str, path: str, how: str | None, body):
    headers = {"X-CSRFToken": phone.token}
    client = phone.client
    if method == "GET":
        return client.get(path)
    if how in ("json", "raw"):
        return client.post(path, data=body, headers={**headers, "Content-Type": "application/json"})
    if how == "form":
        fields = {"csrf_token": phone.token, **body}
        encoded = urlencode({key: value.encode("utf-8", "surrogatepass") for key, value in fields.items()})
        return client.post(path, data=encoded, content_type="application/x-www-form-urlencoded")
    # One boundary for every upload (the client's random one costs werkzeug a regex each time).
    upload = FileStorage(io.BytesIO(body), filename="x", name=how)
    stream, length, boundary = stream_encode_multipart(
        {"csrf_token": phone.token, how: upload}, boundary="fuzz-boundary")
    return client.post(path, input_stream=stream, content_length=length,
                       content_type=f"multipart/form-data; boundary={boundary}")


# -- hostile archives ---------------------------------------------------------------------------
EPOCH = datetime(2020, 1, 1, tzinfo=UTC)
ARCHIVE_PLACES = ["id", "players", "marks", "mark-at", "mark-status", "entry-at", "entry-player",
                  "options-players", "game", "extra"]


def _hostile_archive(archive: dict, where: str, value, shift: int = 0) -> dict:
    """The archive's game with ``value`` put at ``where``, played ``shift`` seconds later (so
    that it is a game not stored yet)."""
    copy = json.loads(json.dumps(archive))
    game = copy["games"][0]
    for number, entry in enumerate(game["entries"]):
        entry["at"] = (EPOCH + timedelta(seconds=shift + number)).isoformat()
    if where == "mark-at":
        game["marks"] = [{"status": "abandoned", "at": value}]
    elif where == "mark-status":
        game["marks"] = [{"status": value, "at": "2026-01-01T00:00:00+00:00"}]
    elif where == "entry-at":
        game["entries"][0]["at"] = value
    elif where == "entry-player":
        game["entries"][0]["player"] = value
    elif where == "options-players":
        game["options"]["players"] = value
    else:
        game[where] = value
    return copy


# What the review of issue 23 found, sent first (hypothesis's explicit examples).
KNOWN = [("POST", "/players/rename", "form", {"player": number, "name": "Zed"})
         for number in ("\u00b2", "9999999999999999999999999", "2147483648")] + [
    ("POST", "/players/merge", "form", {"keep": "1", "other": "\u00b2"}),
    ("POST", "/join", "form", {"code": "http://192.168.1.5:8000/g/nope?joined=1"}),
]
KNOWN_ARCHIVES = [("id", "<b>x</b> not an id at all"), ("mark-at", "9999-12-31T23:59:59-14:00"),
                  ("mark-at", "0001-01-01T00:00:00+14:00"), ("players", ["A" * 65, "Bob"]),
                  ("players", ["ann", "ANN"])]


def every_page(app, game_ids: list) -> list[str]:
    """Every GET route of the URL map: those of one game with each of ``game_ids``, and those of
    no game (the Statistics page, the archive, the CSV of plays, home ...)."""
    pages = []
    for method, rule in routes(app):
        if method != "GET" or "<path:" in rule:
            continue
        for game_id in game_ids if "<game_id>" in rule else [""]:
            pages.append(rule.replace("<game_id>", quoted(game_id)).replace("<game>", "royal_visit"))
    return list(dict.fromkeys(pages))


def test_no_request_gets_a_5xx(app):
    phone = Phone(app)
    store = app.extensions["store"]
    real = []
    kingseat = random_options(random.Random(1), 4)  # a game that keeps secrets on phones
    for game, options in [("royal_visit", OPTIONS), ("kings_court", {"players": ["Ann", "Bob"]}),
                          ("kingseat", kingseat)]:
        response = phone.post("/api/games", json={"game": game, "options": options})
        real.append(response.get_json()["game"]["id"])
    phone.post(f"/api/games/{real[0]}/moves", json={"seq": 0, "move": KING_UP})
    phone.post(f"/api/games/{real[2]}/seat", json={"player": 1})
    keeper = Phone(app)  # holds seat 0 of a Kingseat game of its own, and sends its secrets
    kept = keeper.post("/api/games", json={"game": "kingseat", "options": kingseat}).get_json()
    kept = kept["game"]["id"]
    keeper.post(f"/api/games/{kept}/seat", json={"player": 0})
    real.append(store_game(store, "royal_visit", *simulated("royal_visit", 1, ["Cid", "Dee"]),
                           owner=device_of(phone)))
    record = phone.get(f"/api/games/{real[0]}/export").get_json()
    finished = store_game(store, "royal_visit", *simulated("royal_visit", 2, ["Eve", "Fay"]),
                          owner=device_of(phone))
    archive = phone.get("/export/archive.json").get_json(force=True)
    archive["games"] = [game for game in archive["games"] if game["id"] == finished]
    store.delete(finished)  # each hostile archive brings it back (or is refused)
    seen: dict[str, int] = {}
    sent = 0

    tampered = st.builds(
        lambda where, value: ("POST", "/api/import", "json", dumped(_tamper(record, where, value))),
        st.sampled_from(["player", "at", "seq", "kind", "payload", "options", "game", "version", "extra"]),
        values)
    hostile = st.builds(
        lambda where, value, shift: ("POST", "/import/archive", "archive",
                                     dumped(_hostile_archive(archive, where, value, shift))),
        st.sampled_from(ARCHIVE_PLACES), values, st.integers(0, 10 ** 8))

    def check(batch, archive_import):
        nonlocal sent
        for method, path, how, body in batch:
            sender = keeper if path == f"/api/games/{kept}/secret" else phone
            response = send(sender, method, path, how, body)
            sent += 1
            assert response.status_code < 500, repr((method, path, body))[:500]
        # A hostile archive, then every page: those of no game (the Statistics page, the archive,
        # the CSV of plays ...) answer 200 whatever it stored, and its game's pages no 5xx.
        response = send(phone, *archive_import)
        sent += 1
        assert response.status_code < 500, repr(archive_import)[:500]
        brought = json.loads(archive_import[3])["games"][0].get("id")
        for page in every_page(app, []):
            assert phone.get(page).status_code == 200, (page, repr(archive_import)[:500])
        for page in every_page(app, [brought] if isinstance(brought, str) else []):
            assert phone.get(page).status_code < 500, (page, repr(archive_import)[:500])
        with store.db.connect() as conn:  # the games imported go: every page stays quick
            for game_id in set(conn.execute(select(games.c.id)).scalars()) - {*real, kept}:
                store.delete(game_id)

    known = [("POST", "/import/archive", "archive", dumped(_hostile_archive(archive, where, value)))
             for where, value in KNOWN_ARCHIVES]
    for archive_import in known:
        check = example(KNOWN, archive_import)(check)
    check = given(st.lists(st.one_of(requests(app, real), tampered,
                                     seats_and_secrets(real, kept)),
                           min_size=BATCH - 1, max_size=BATCH - 1), hostile)(check)
    check = settings(max_examples=max(1, REQUESTS // BATCH), deadline=None, database=None,
                     phases=(Phase.explicit, Phase.generate),  # a failure names its request
                     suppress_health_check=list(HealthCheck))(check)

    def served(_sender, response, **_extra):
        seen[request.endpoint] = seen.get(request.endpoint, 0) + 1

    app.extensions["wrong_codes"].most = 10 ** 9  # codes are guessed here: no slowing down
    with request_finished.connected_to(served, app):
        for method, rule in routes(app):  # every route at least once, with a real game
            path = rule.replace("<game_id>", real[0]).replace("<path:game_id>", "nope") \
                .replace("<game>", "royal_visit").replace("<path:filename>", "companion.js")
            assert send(phone, method, path, "json", b"{}").status_code < 500, (method, path)
        check()
    assert sent >= REQUESTS - BATCH
    covered = {rule.endpoint for rule in app.url_map.iter_rules()}
    assert covered <= set(seen), covered - set(seen)


def _tamper(record: dict, where: str, value) -> dict:
    copy = json.loads(json.dumps(record))
    if where in ("player", "at", "seq", "kind", "payload"):
        copy["entries"][0][where] = value
    else:
        copy[where] = value
    return copy
