"""The JSON API beside the pages (the pages use it themselves).

GET  /api/games/<id>                 the game as this phone sees it (?since=N: 204 if unchanged)
POST /api/games                      create: {"game": name, "options": {...}}
POST /api/games/<id>/moves           {"seq": N, "move": {...}, "key": K}
POST /api/games/<id>/check           {"move": {...}}: would the rules take it? (stores nothing)
POST /api/games/<id>/ask             {"question": {...}}: a game's arbiter answers (stores nothing)
POST /api/games/<id>/scan            a photo (multipart field "photo"): the cards of this game in it
POST /api/games/<id>/undo, /redo     {"seq": N}
POST /api/games/<id>/rulings         {"seq": N, "rulings": {...}} (the creating device only)
POST /api/games/<id>/seat            {"player": N or null}: this phone holds that player (or none);
                                     {"free": N}: the creating device lets go of N's seat for a
                                     phone that lost its cookie
POST /api/games/<id>/secret          {"secret": {...}}: entered on the phone of the player it holds
GET  /api/games/<id>/export          the record as JSON (others' secrets left out until opened)
POST /api/import                     a record exported before; stored as a new game

A request that stores an entry (moves, undo, redo, rulings, secret) may carry "key": 16 to 64 hex
digits the phone makes at random for that entry. When the entry it expects to write ("seq") is
already there with that key, in that game, the request is a repeat of one whose answer was lost:
it is answered 200 with the game as it is, nothing stored (another entry at that seq: 409 as
ever). Seat claims need none: claiming the same seat again changes nothing.

Every POST carries the CSRF token in the X-CSRFToken header. Refusals are JSON:
{"error": {"rule", "message", "step", "url"}} with 422 (rules), 409 (the table moved on, with
the fresh game under "game"), 403, 404 or 400.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from flask import Blueprint, abort, current_app, g, jsonify, request, url_for
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from companion import engine as protocol
from companion import inputs
from companion import record as records
from companion import scan as scanner
from companion.record import Record
from companion.store import GameNotFound, TableMovedOn
from companion.web import limits, rights, speech, store
from companion.words import msg

bp = Blueprint("api", __name__, url_prefix="/api")


def rule_url(game: str, rule: str | None) -> str | None:
    if not rule:
        return None
    return url_for("pages.rules", game=game, _anchor=rule)


def rule_title(game: str, rule: str | None) -> str | None:
    """The rule's title as the rules page shows it, for the refusal's link."""
    engine = protocol.REGISTRY.get(game)
    entries = (*engine.rules, *protocol.COMMON_RULES) if engine else ()
    return next((entry.title for entry in entries if entry.id == rule), None)


def refusal(error: protocol.RuleError, game: str | None, status: int = 422):
    body = error.to_dict()
    body["url"] = rule_url(game, error.rule) if game in protocol.REGISTRY else None
    body["title"] = rule_title(game, error.rule) if body["url"] else None
    return jsonify(error=body), status


def game_payload(record: Record, since: int = 0) -> dict[str, Any]:
    """Everything this phone may see of a game: the view for the player it holds, whose turn,
    undo/redo, the history. A phone that has the history of entries before ``since`` is sent
    the lines from ``history_from`` on (it keeps its own before that)."""
    engine = record.engine
    state = record.replay.state
    seat, seats = store().seats(record.id, g.device, record.claims)
    history_from, history = records.history(record, since)
    result = engine.result(state)
    return {
        "id": record.id,
        "game": record.game,
        "title": engine.title,
        "seq": record.seq,
        "seat": seat,
        "seats": seats,
        "secrets": hasattr(engine, "secret"),
        "view": engine.view(state, seat),
        "result": result,
        # At the end, the setup page for another game with the same players and rulings.
        "again": url_for("pages.new", game=record.game,
                         **protocol.again_form(engine, record.options, record.replay.rulings))
        if result else None,
        "to_move": engine.to_move(state),
        "can_undo": bool(record.replay.done),
        "can_redo": bool(record.replay.undone),
        "undo": record.lines.next_undo(),  # what Undo would take back: the page names it
        "redo": record.lines.next_redo(),
        "rulings": record.replay.rulings,
        "owner": record.owner == g.device,
        "history": history,
        "history_from": history_from,
        "urls": _urls(request.script_root, record.id, record.game),
    }


@lru_cache(maxsize=1024)
def _urls(script_root: str, game_id: str, game: str) -> dict[str, str]:
    """A game's links, made once (for the address the app is served under): every move's
    answer carries them."""
    return {
        "page": url_for("pages.game", game_id=game_id),
        "rules": url_for("pages.rules", game=game),
        "export": url_for("api.export", game_id=game_id),
    }


def _body() -> dict[str, Any]:
    """The request's JSON object, bounded and checked before and as it is parsed."""
    if "body" in g:
        return g.body
    if not request.is_json:
        abort(400, msg("The request must be a JSON object."))
    try:
        body = inputs.parse_json(request.get_data(cache=True))
    except inputs.InputError as refused:
        abort(400, refused.message)
    if not isinstance(body, dict):
        abort(400, msg("The request must be a JSON object."))
    g.body = body
    return body


def _seq(body: dict[str, Any]) -> int:
    if "seq" not in body:
        abort(400, msg('The request must say which entry it expects to write, as "seq": a number.'))
    return inputs.number(body["seq"], "seq")


KEY_CHARACTERS = frozenset("0123456789abcdefABCDEF-")


def _key(body: dict[str, Any]) -> str | None:
    """The phone's key for a state-changing request (``"key"``: 16 to 64 hex digits, made at
    random for each entry; none is fine): the same request sent again after its answer was lost
    is answered as the first time, nothing stored twice."""
    key = body.get("key")
    if key is None:
        return None
    if not isinstance(key, str) or not 16 <= len(key) <= 64 or not set(key) <= KEY_CHARACTERS:
        abort(400, msg('"key" must be 16 to 64 hexadecimal digits, made at random by the phone.'))
    return key.lower()


def _query_number(name: str) -> int | None:
    """A whole number from the query string (None when it is not there)."""
    value = request.args.get(name)
    return None if value is None else inputs.number(value, name)


def _append(game_id: str, kind: str, payload: Any):
    body_seq = _seq(_body())
    key = _key(_body())
    try:
        record = store().append(game_id, body_seq, kind, payload, key)
    except TableMovedOn as moved:
        fresh = store().load(game_id)
        return (
            jsonify(
                error={"rule": "table-moved-on", "message": moved.message, "step": None, "url": None},
                game=game_payload(fresh, body_seq),
            ),
            409,
        )
    except protocol.RuleError as error:
        return refusal(error, store().load(game_id).game)
    return jsonify(game=game_payload(record, body_seq))


@bp.get("/games/<game_id>/history")
def earlier_history(game_id: str):
    """The page of history lines before line ``before`` (a phone holds only the last ones)."""
    before = _query_number("before")
    if before is None:
        abort(400, msg('Earlier history needs "before": the number of the first line the phone has.'))
    start, lines = records.earlier_history(store().load(game_id), before)
    return jsonify(history_from=start, history=lines)


@bp.get("/games/<game_id>")
def state(game_id: str):
    since = _query_number("since")
    if since is not None and _wait(game_id, since) == since:
        return "", 204
    return jsonify(game=game_payload(store().load(game_id), since or 0))


def _wait(game_id: str, since: int) -> int:
    """The entry count; with ?wait=S (long polling), held up to S seconds until it is not
    ``since``, if one of the app's places for waiting phones is free (others answer at once, so
    waiting phones never take every thread from the phones entering moves)."""
    wait = request.args.get("wait", 0.0, type=float)
    wait = min(wait, current_app.config["LONG_POLL_SECONDS"]) if math.isfinite(wait) and wait > 0 else 0
    places = current_app.extensions["waiting_phones"]
    if not wait or not places.acquire(blocking=False):
        return store().seq(game_id)
    try:
        return store().wait(game_id, since, wait)
    finally:
        places.release()


@bp.post("/games")
def create():
    body = _body()
    name = body.get("game")
    options = body.get("options")
    if not isinstance(name, str) or not isinstance(options, dict):
        abort(400, msg('Creating a game needs "game" (its name) and "options" (an object).'))
    try:
        game_id = store().create(name, options, g.device)
    except protocol.RuleError as error:
        return refusal(error, name)
    return jsonify(game=game_payload(store().load(game_id))), 201


@bp.post("/games/<game_id>/moves")
def move(game_id: str):
    body = _body()
    if "move" not in body:
        abort(400, msg('The request must carry the move under "move".'))
    return _append(game_id, "move", body["move"])


@bp.post("/games/<game_id>/check")
def check(game_id: str):
    """Would the rules accept this move now? Lets a page flag a bad card as it is entered."""
    body = _body()
    record = store().load(game_id)
    try:
        record.engine.validate(record.replay.state, body.get("move"))
    except protocol.RuleError as error:
        return refusal(error, record.game)
    after = record.engine.apply(record.replay.state, body.get("move"))
    opens = getattr(record.engine, "secrets_open", None)
    if opens is not None and not opens(record.replay.state) and opens(after):
        # the move would open the secrets (Kingseat's reveal): a check answers only that the
        # rules take it, so that no phone learns a secret before the move is stored
        return jsonify(ok=True, view=None, result=None)
    return jsonify(ok=True, view=record.engine.view(after, store().seat_of(game_id, g.device)),
                   result=record.engine.result(after))


@bp.post("/games/<game_id>/ask")
def ask(game_id: str):
    """A question for the game's arbiter that is not a move of this game, such as King's Court's
    "may I play this card now?" from a table that keeps only the score sheet here."""
    body = _body()
    record = store().load(game_id)
    answer = getattr(record.engine, "ask", None)
    if answer is None:
        abort(404, msg("{game} has no arbiter to ask.", game=record.engine.title))
    try:
        return jsonify(answer=answer(record.replay.state, body.get("question")))
    except protocol.RuleError as error:
        return refusal(error, record.game)


@bp.post("/games/<game_id>/scan")
def scan(game_id: str):
    """The cards of this game in a photo, left to right, with names; other codes apart."""
    record = store().load(game_id)
    photo = request.files.get("photo")
    if photo is None:
        abort(400, msg('Send the photo as the form field "photo".'))
    try:
        with limits.place("scan", msg("Other photos are being read right now: try again in a few seconds.")):
            found = scanner.scan_photo(photo.read(), record.game)
    except scanner.ScanError as error:
        return jsonify(error={"rule": "photo", "message": error.message, "step": None, "url": None}), 422
    names = {kind.id: kind.name for kind in record.engine.cards}
    names.update(getattr(record.engine, "other_cards", {}))
    return jsonify(
        cards=[{"code": card.text, "kind": card.code.kind_id, "copy": card.code.copy,
                "name": names.get(card.code.kind_id, card.code.kind_id), "x": card.x, "y": card.y}
               for card in found.cards],
        others=[{"text": other.text, "reason": other.reason} for other in found.others],
        notes=found.notes,  # e.g. cards of two printed decks (two deck marks) in one photo
        seconds=round(found.seconds, 3),
    )


@bp.post("/games/<game_id>/undo")
def undo(game_id: str):
    return _append(game_id, "undo", None)


@bp.post("/games/<game_id>/redo")
def redo(game_id: str):
    return _append(game_id, "redo", None)


@bp.post("/games/<game_id>/rulings")
@rights.needs("rulings")
def rulings(game_id: str):
    body = _body()
    if not isinstance(body.get("rulings"), dict):
        abort(400, msg('The request must carry the rulings under "rulings".'))
    return _append(game_id, "rulings", body["rulings"])


@bp.post("/games/<game_id>/seat")
def claim_seat(game_id: str):
    """This phone says which player holds it (``null``: nobody). Not a password. In a game that
    keeps secrets, a seat taken by another phone once the game began (or once that seat set a
    secret) is recorded as ``protocol.SEAT_CHANGED``: the engine holds back what the earlier
    phone set and takes no new secret for that seat. ``{"free": N}`` from the phone that
    created the game lets go of N's seat, for a phone that lost its cookie."""
    body = _body()
    record = store().load(game_id)
    names = [p["name"] for p in record.engine.view(record.replay.state).get("players", [])]
    if "free" in body:
        return _free_seat(record, body["free"], names)
    player = body.get("player")
    if player is not None and (type(player) is not int or not 0 <= player < len(names)):
        abort(400, msg('"player" must be a player number, 0 to {last}, or null.', last=len(names) - 1))
    held = store().seat_of(game_id, g.device)
    try:
        store().claim(game_id, g.device, player, names[player] if player is not None else "")
    except protocol.RuleError as error:
        return refusal(error, record.game, 409)
    if player is not None and player != held and _changes_phone(record, player):
        try:
            store().append_secret(game_id, player, protocol.SEAT_CHANGED)
        except (TableMovedOn, protocol.RuleError):
            store().claim(game_id, g.device, held, "")  # as it was: nothing half done
            abort(409, msg("The table is busy entering moves: try again in a moment."))
    return jsonify(game=game_payload(store().load(game_id)))


def _changes_phone(record: Record, player: int) -> bool:
    """Whether a phone taking ``player``'s seat now is recorded: in a game that keeps secrets,
    once a move was entered or that seat set a secret."""
    return hasattr(record.engine, "secret") and any(
        entry.kind == "move" or (entry.kind == "secret" and entry.player == player)
        for entry in record.entries)


def _free_seat(record: Record, player: Any, names: list[str]):
    rights.check("free-seat", game_id=record.id)
    if type(player) is not int or not 0 <= player < len(names):
        abort(400, msg('"free" must be a player number, 0 to {last}.', last=len(names) - 1))
    store().free(record.id, player)
    return jsonify(game=game_payload(store().load(record.id)))


@bp.post("/games/<game_id>/secret")
def secret(game_id: str):
    """Something only this phone's player may see until the game opens it (a Kingseat
    Loyalty): stored as an entry, shown to no other phone."""
    body = _body()
    if "secret" not in body:
        abort(400, msg('The request must carry what was entered under "secret".'))
    player = store().seat_of(game_id, g.device)
    if player is None:
        record = store().load(game_id)
        return refusal(protocol.RuleError(
            "seat", msg("Say which player holds this phone first: a secret belongs to a player.")),
            record.game, 403)
    try:
        record = store().append_secret(game_id, player, body["secret"], _key(body))
    except TableMovedOn:
        abort(409, msg("The table is busy entering moves: try again in a moment."))
    except protocol.RuleError as error:
        return refusal(error, store().load(game_id).game)
    return jsonify(game=game_payload(record))


@bp.get("/games/<game_id>/export")
def export(game_id: str):
    record = store().load(game_id)
    response = speech.data_response(records.export(record, store().seat_of(game_id, g.device)))
    response.headers["Content-Disposition"] = (
        f'attachment; filename="{record.game}-{record.id}.json"'
    )
    return response


@bp.post("/import")
def import_():
    body = _body()
    try:
        game, options, stored = records.parse_export(body)
        with limits.place("import", limits.IMPORT_BUSY):
            game_id = store().import_record(game, options, stored, g.device)
            answer = game_payload(store().load(game_id))
    except protocol.RuleError as error:
        return refusal(error, body.get("game") if isinstance(body.get("game"), str) else None)
    return jsonify(game=answer), 201


@bp.errorhandler(GameNotFound)
def _not_found(error: GameNotFound):
    return jsonify(error={"rule": "unknown-game", "message": error.message, "step": None, "url": None}), 404


@bp.errorhandler(CSRFError)
def _csrf(error: CSRFError):
    message = msg("This request lacks this page's security token; reload the page and try again.")
    return jsonify(error={"rule": "csrf", "message": message, "step": None, "url": None}), 400


@bp.errorhandler(HTTPException)
def _http(error: HTTPException):
    response = jsonify(error={"rule": "request", "message": speech.error_text(error), "step": None, "url": None})
    if getattr(error, "retry_after", None):
        response.headers["Retry-After"] = str(error.retry_after)
    return response, error.code


# The pages' handlers are registered by status code, and Flask prefers a code over a class:
# name the same codes here so the API always answers in JSON.
for _code in (400, 403, 404, 405, 413, 429, 503):
    bp.register_error_handler(_code, _http)
