"""The pages: home (start, join, import), setup, the game page, its QR code, the rules."""
from __future__ import annotations

import io
import json
from typing import Any
from urllib.parse import urlsplit

import qrcode
import qrcode.image.svg
from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    g,
    redirect,
    render_template,
    request,
    send_from_directory,
    session,
    url_for,
)

from companion import engine as protocol
from companion import inputs, lan
from companion import record as records
from companion.store import GameNotFound
from companion.web import limits, rights, speech, store
from companion.web.api import game_payload
from companion.web.speech import say
from companion.words import msg

bp = Blueprint("pages", __name__)

RECENT = 12  # games a phone lists on its home page


def remember(game_id: str) -> None:
    recent = [game_id] + [other for other in session.get("games", []) if other != game_id]
    session["games"] = recent[:RECENT]


@bp.get("/")
def home(typed: str = "", wrong: str | None = None, status: int = 200):
    """Start, join, import, and this phone's games; ``typed`` keeps a join code refused with
    ``wrong``."""
    recent = []
    for game_id in session.get("games", []):
        try:
            record = store().load(game_id)
        except GameNotFound:
            continue
        view = record.engine.view(record.replay.state)
        recent.append(
            {
                "id": record.id,
                "title": record.engine.title,
                "players": [p["name"] for p in view.get("players", [])],
                "result": record.engine.result(record.replay.state),
                "moves": len(record.replay.done),
            }
        )
    page = render_template("home.html", games=protocol.REGISTRY.values(), recent=recent,
                           typed=typed, wrong=wrong)
    return page, status


@bp.post("/join")
def join():
    """A game's 6-character join code, or its whole link (as the game page shows it, with its
    query), as typed or pasted by a player. A client typing wrong codes is slowed down
    (limits.Guesses): codes are short, so guessing them must be."""
    typed = request.form.get("code", "")
    guesses = current_app.extensions["wrong_codes"]
    guesses.check()
    try:
        path = urlsplit(typed.strip()).path
    except ValueError:  # "http://[": no link at all
        path = typed
    last = path.rstrip("/").rsplit("/", 1)[-1]
    game_id = store().game_for_code(last) or last
    try:
        store().load(game_id)
    except GameNotFound:
        guesses.wrong()
        return home(typed, msg("No game has that code. Check it, or scan the QR code on the other phone."), 404)
    return redirect(url_for("pages.game", game_id=game_id, joined=1))


@bp.route("/new/<game>", methods=["GET", "POST"])
def new(game: str):
    engine = engine_or_404(game)
    error = None
    if request.method == "POST":
        try:
            options = engine.options_from_form(request.form)
            game_id = store().create(game, options, g.device)
        except protocol.RuleError as refused:
            error = refused
        else:
            remember(game_id)
            session["created"] = game_id  # its page asks this phone who holds it, once
            return redirect(url_for("pages.game", game_id=game_id))
    # The form as sent, or (a new game "with the same players and rulings") as its link says.
    form = request.form if request.method == "POST" else request.args
    chosen = {ruling.id: form.get(f"ruling-{ruling.id}") for ruling in engine.rulings}
    page = render_template(
        f"{game}/new.html", engine=engine, error=error, form=form, current=chosen
    )
    return page, (422 if error else 200)


@bp.get("/g/<game_id>")
def game(game_id: str):
    record = store().load(game_id)
    remember(game_id)
    created = session.get("created") == game_id  # the phone that created it, back from setup
    if created:
        session.pop("created")
    return render_template(
        f"{record.game}/play.html",
        engine=record.engine,
        payload=game_payload(record),
        join_url=join_link(game_id),
        join_code=store().join_code(record),
        poll=current_app.config["POLL_MILLISECONDS"],
        created=created,
    )


def join_link(game_id: str) -> str:
    """The game's link for the other phones: never a loopback address they cannot reach."""
    return lan.reachable(url_for("pages.game", game_id=game_id, joined=1, _external=True))


@bp.get("/g/<game_id>/qr.svg")
def qr(game_id: str):
    store().load(game_id)  # 404 for a game that does not exist
    link = join_link(game_id)
    image = qrcode.make(link, image_factory=qrcode.image.svg.SvgPathImage, box_size=12, border=4)
    out = io.BytesIO()
    image.save(out)
    return Response(out.getvalue(), mimetype="image/svg+xml")


@bp.post("/g/<path:game_id>/delete")  # any id stored, one with a "/" too
@rights.needs("delete")
def delete(game_id: str):
    engine = protocol.REGISTRY.get(store().about(game_id).game)
    store().delete(game_id)
    session["games"] = [other for other in session.get("games", []) if other != game_id]
    say(msg("The {game} game was deleted.", game=engine.title) if engine else msg("The unreadable game was deleted."))
    return redirect(url_for("pages.home"))


@bp.post("/import")
def import_():
    try:
        game, options, stored = records.parse_export(uploaded_json("record"))
        with limits.place("import", limits.IMPORT_BUSY):
            game_id = store().import_record(game, options, stored, g.device)
    except protocol.RuleError as refused:
        say(msg("That file could not be imported: {refusal}", refusal=refused.message))
        return redirect(url_for("pages.home"))
    remember(game_id)
    return redirect(url_for("pages.game", game_id=game_id))


def uploaded_json(field: str) -> Any:
    """The JSON file uploaded in a form's ``field``, None when there is none (the caller refuses
    it with its own sentence); a file that is no JSON, or nests too deep, is refused as an
    import with the reason."""
    upload = request.files.get(field)
    try:
        return inputs.parse_json(upload.read()) if upload else None
    except inputs.InputError as refused:
        said = refused.message
        if said.text == "The request is not valid JSON.":
            said = msg("The file is not valid JSON.")
        raise protocol.RuleError("import", said) from None


@bp.get("/favicon.ico")
def favicon():
    return current_app.send_static_file("icons/favicon.ico")


@bp.get("/sw.js")
def service_worker():
    """The service worker (static/service_worker.js), at the top so that its scope covers the
    game pages: it keeps a game page and its files for a reload while the companion cannot be
    reached. Always checked again (a new companion's worker replaces the old one)."""
    response = send_from_directory(current_app.static_folder, "service_worker.js", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/manifest.webmanifest")
def manifest():
    """What "Add to Home Screen" needs to make the companion an app of its own."""
    icon = lambda name, size, purpose="any": {  # noqa: E731
        "src": url_for("static", filename=f"icons/{name}"), "sizes": size, "type": "image/png",
        "purpose": purpose}
    body = {
        "name": speech.word(msg("The companion")), "short_name": speech.word(msg("Companion")),
        "lang": speech.current(), "start_url": url_for("pages.home"),
        "display": "standalone", "background_color": "#f6f3ea", "theme_color": "#1d2a44",
        "icons": [icon("icon-192.png", "192x192"), icon("icon-512.png", "512x512"),
                  icon("maskable-512.png", "512x512", "maskable")],
    }
    response = current_app.response_class(json.dumps(body), mimetype="application/manifest+json")
    response.vary.add("Accept-Language")  # the name in the phone's language
    response.vary.add("Cookie")
    return response


@bp.get("/rules/<game>")
def rules(game: str):
    engine = engine_or_404(game)
    sections: dict[str, list[protocol.RuleEntry]] = {}
    for entry in (*engine.rules, *protocol.COMMON_RULES):
        sections.setdefault(entry.section, []).append(entry)
    return render_template("rules.html", engine=engine, sections=sections)


def engine_or_404(game: str) -> protocol.Engine:
    if game not in protocol.REGISTRY:
        abort(404, msg("There is no game called {name}.", name=repr(game)))
    return protocol.REGISTRY[game]


def register_error_pages(app) -> None:
    from flask_wtf.csrf import CSRFError

    @app.errorhandler(CSRFError)
    def _csrf(error: CSRFError):
        """A form without this page's token (Flask-WTF's English names only the token)."""
        page = render_template("error.html", title=speech.error_name(error),
                               message=msg("This request lacks this page's security token; reload the page and "
                                           "try again."))
        return page, 400

    @app.errorhandler(GameNotFound)
    def _missing(error: GameNotFound):
        return render_template("error.html", title=msg("No such game"), message=error.message), 404

    @app.errorhandler(400)
    @app.errorhandler(403)
    @app.errorhandler(404)
    @app.errorhandler(413)
    @app.errorhandler(429)
    @app.errorhandler(503)
    def _http(error):
        page = render_template("error.html", title=speech.error_name(error), message=speech.error_text(error))
        retry = {"Retry-After": str(error.retry_after)} if getattr(error, "retry_after", None) else {}
        return page, error.code, retry
