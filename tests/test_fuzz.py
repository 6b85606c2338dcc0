"""Property: no request, however malformed, gets a 5xx (issue 13). Hypothesis sends thousands of
requests to every endpoint of the app, on SQLite and PostgreSQL: JSON of any shape and depth,
text with NUL and lone surrogates, broken game ids, numbers beyond any column, tampered imports,
forms with any fields, photos that are not photos. COMPANION_FUZZ_REQUESTS sets how many per
database (default 5,000; the two databases together make the 10,000 the issue asks in CI)."""
from __future__ import annotations

import io
import json
import os
import random
from urllib.parse import quote, urlencode

from flask import request, request_finished
from werkzeug.test import stream_encode_multipart
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from conftest import Phone
from test_api import KING_UP, OPTIONS

from companion.games.kingseat.simulate import random_options

REQUESTS = int(os.environ.get("COMPANION_FUZZ_REQUESTS", "5000"))
BATCH = 25  # requests per hypothesis example

# The inputs the review found knocking the server over, and their relatives.
EVIL_TEXT = ["\x00", "A\ud800", "\udc00", "a\x00b", "\ud83d", "%00", "\u2028", "\ufeff", "x" * 3000,
             " " * 5000, "../../etc/passwd", "<script>alert(1)</script>", "'; drop table games; --"]
EVIL_NUMBERS = [2147483648, -2147483649, 2 ** 63, -(2 ** 63) - 1, 2 ** 200, -1, 1e308, -0.0, 0.5]
EVIL_JSON = [
    "[" * 980 + "]" * 980, "[" * 33 + "]" * 33, '{"a":' * 2000 + "1" + "}" * 2000, "NaN", "Infinity",
    '"\\ud800"', '{"\\u0000": 1}', '"\\udfff\\ud800"', "1" * 5000, "1e999999", "", "{", "nul",
    '{"seq": 0, "move": ' + "[" * 500 + "]" * 500 + "}", '{"seq": 1e400}', "\xff\xfe",
]

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


FIELDS = ["seq", "move", "question", "rulings", "game", "options", "players", "type", "cards",
          "card", "seat", "points", "reason", "pawn", "from", "to", "moves", "format", "entries"]
MOVE_LIKE = st.one_of(
    st.just(KING_UP),
    st.dictionaries(st.sampled_from(FIELDS), values, max_size=5),
    st.fixed_dictionaries({"type": st.sampled_from(["play", "summon", "pass", "adjust", "deal", "score",
                                                    "correct", "hand", "turn"]),
                           "seat": numbers, "points": numbers, "reason": texts, "cards": values}),
    values,
)
JSON_BODY = st.one_of(
    st.builds(lambda seq, move: dumped({"seq": seq, "move": move}), numbers, MOVE_LIKE),
    st.builds(lambda seq, rulings: dumped({"seq": seq, "rulings": rulings}), numbers,
              st.dictionaries(st.sampled_from(["direction", "x", "\x00"]), values, max_size=2)),
    st.builds(lambda q: dumped({"question": q}), values),
    st.builds(lambda game, options: dumped({"game": game, "options": options}),
              st.one_of(st.sampled_from(["royal_visit", "majesty", "kings_court", "kingseat"]), texts),
              st.one_of(st.just(OPTIONS), st.dictionaries(st.sampled_from(FIELDS), values, max_size=4))),
    st.builds(dumped, values),
    st.sampled_from(EVIL_JSON).map(lambda text: text.encode("utf-8", "surrogatepass")),
)
FORM_FIELDS = ["code", "player_top", "player_bottom", "wizard", "start", "turn", "crown_side",
               "player-0", "player-1", "player-2", "players", "limit", "partnerships", "first_dealer",
               "selection", "extra", "sides", "what", "mark", "paper", "flip", "offset_x", "offset_y",
               "bleed", "backs", "corners", "ruling-direction", "prince-0", "deck", "position",
               "player", "name", "keep", "other", "status"]
FORM = st.dictionaries(st.sampled_from(FORM_FIELDS), texts, max_size=6)


def game_ids(real: list[str]):
    return st.one_of(
        st.sampled_from(real),
        st.sampled_from(["%00", "a%00b", "%ED%A0%80", "%FF", "x" * 200, "..", "nope", "%2F"]),
        st.text(max_size=30).map(lambda text: quote(text.encode("utf-8", "surrogatepass"), safe="")),
    )


def requests(real: list[str]):
    """One request: (method, path, how the body is sent, body)."""
    gid = game_ids(real)
    game_name = st.one_of(st.sampled_from(["royal_visit", "majesty", "kings_court", "kingseat"]),
                          st.text(max_size=10).map(lambda t: quote(t.encode("utf-8", "surrogatepass"), safe="")))
    api_post = st.builds(lambda i, what: f"/api/games/{i}/{what}", gid,
                         st.sampled_from(["moves", "check", "ask", "undo", "redo", "rulings", "seat",
                                          "secret"]))
    query = st.one_of(st.just(""), st.builds(lambda v: f"?since={quote(v.encode('utf-8', 'surrogatepass'))}",
                                             st.one_of(st.text(max_size=6), st.sampled_from(["0", "1", "-1", "9" * 40, "%00"]))))
    return st.one_of(
        st.tuples(st.just("POST"), st.one_of(api_post, st.just("/api/games"), st.just("/api/import")),
                  st.just("json"), JSON_BODY),
        st.tuples(st.just("POST"), api_post, st.just("raw"), st.sampled_from([b"", b"seq=0", b"\x00\xff"])),
        st.tuples(st.just("GET"), st.builds(lambda i, q: f"/api/games/{i}{q}", gid, query), st.none(), st.none()),
        st.tuples(st.just("GET"), st.builds(lambda i, q: f"/api/games/{i}/history{q.replace('since', 'before')}",
                                            gid, query), st.none(), st.none()),
        st.tuples(st.just("GET"), st.builds(lambda i, s: f"{s.format(i)}", gid,
                                            st.sampled_from(["/g/{}", "/g/{}/qr.svg", "/api/games/{}/export",
                                                             "/g/{}/bgstats.json", "/g/{}/scoring.csv"])),
                  st.none(), st.none()),
        st.tuples(st.just("GET"), st.sampled_from(["/", "/print", "/stats", "/stats.json", "/players",
                                                   "/favicon.ico", "/manifest.webmanifest",
                                                   "/export/archive.json", "/export/plays.csv"]),
                  st.none(), st.none()),
        st.tuples(st.just("GET"), st.one_of(st.builds("/new/{}".format, game_name),
                                            st.builds("/rules/{}".format, game_name)), st.none(), st.none()),
        st.tuples(st.just("POST"), st.one_of(st.sampled_from(["/join", "/print", "/players/rename",
                                                              "/players/merge"]),
                                             st.builds("/new/{}".format, game_name),
                                             st.builds("/g/{}/mark".format, gid),
                                             st.builds("/g/{}/delete".format, gid)), st.just("form"), FORM),
        st.tuples(st.just("POST"), st.just("/import"), st.just("upload"), JSON_BODY),
        st.tuples(st.just("POST"), st.just("/import/archive"), st.just("archive"), JSON_BODY),
        st.tuples(st.just("POST"), st.builds("/api/games/{}/scan".format, gid), st.just("photo"),
                  st.sampled_from([b"", b"\x89PNG\r\n\x1a\n", b"GIF89a", b"\xff\xd8\xff" + b"\x00" * 64,
                                   b"RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00/\x8f\x81\xb5\x00\x07"])),
    )


def send(phone: Phone, method: str, path: str, how: str | None, body):
    headers = {"X-CSRFToken": phone.token}
    client = phone.client
    if method == "GET":
        return client.get(path)
    if how == "json":
        return client.post(path, data=body, headers={**headers, "Content-Type": "application/json"})
    if how == "raw":
        return client.post(path, data=body, headers={**headers, "Content-Type": "application/json"})
    if how == "form":
        fields = {"csrf_token": phone.token, **body}
        encoded = urlencode({key: value.encode("utf-8", "surrogatepass") for key, value in fields.items()})
        return client.post(path, data=encoded, content_type="application/x-www-form-urlencoded")
    field = {"upload": "record", "archive": "archive"}.get(how, "photo")
    # One boundary for every upload (the client's random one costs werkzeug a regex each time).
    stream, length, boundary = stream_encode_multipart(
        {"csrf_token": phone.token, field: (io.BytesIO(body), "x")}, boundary="fuzz-boundary")
    return client.post(path, input_stream=stream, content_length=length,
                       content_type=f"multipart/form-data; boundary={boundary}")


def test_no_request_gets_a_5xx(app):
    phone = Phone(app)
    real = []
    kingseat = random_options(random.Random(1), 4)  # a game that keeps secrets on phones
    for game, options in [("royal_visit", OPTIONS), ("kings_court", {"players": ["Ann", "Bob"]}),
                          ("kingseat", kingseat)]:
        response = phone.post("/api/games", json={"game": game, "options": options})
        real.append(response.get_json()["game"]["id"])
    phone.post(f"/api/games/{real[0]}/moves", json={"seq": 0, "move": KING_UP})
    phone.post(f"/api/games/{real[2]}/seat", json={"player": 1})
    record = phone.get(f"/api/games/{real[0]}/export").get_json()
    seen: dict[str, int] = {}
    sent = 0

    tampered = st.builds(
        lambda where, value: dumped(_tamper(record, where, value)),
        st.sampled_from(["player", "at", "seq", "kind", "payload", "options", "game", "version", "extra"]),
        values)

    @settings(max_examples=max(1, REQUESTS // BATCH), deadline=None, database=None,
              phases=(Phase.explicit, Phase.generate),  # a failure names its request: no shrinking
              suppress_health_check=list(HealthCheck))
    @given(st.lists(st.one_of(requests(real), st.tuples(st.just("POST"), st.just("/api/import"),
                                                         st.just("json"), tampered)),
                    min_size=BATCH, max_size=BATCH))
    def check(batch):
        nonlocal sent
        for method, path, how, body in batch:
            response = send(phone, method, path, how, body)
            sent += 1
            assert response.status_code < 500, repr((method, path, body))[:500]

    def served(_sender, response, **_extra):
        seen[request.endpoint] = seen.get(request.endpoint, 0) + 1

    with request_finished.connected_to(served, app):
        check()
    assert sent >= REQUESTS - BATCH
    covered = {rule.endpoint for rule in app.url_map.iter_rules()} - {"static"}
    assert covered <= set(seen), covered - set(seen)


def _tamper(record: dict, where: str, value) -> dict:
    copy = json.loads(json.dumps(record))
    if where in ("player", "at", "seq", "kind", "payload"):
        copy["entries"][0][where] = value
    else:
        copy[where] = value
    return copy
