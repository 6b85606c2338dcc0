"""The Flask app: factory, configuration, the device cookie, and the blueprints."""
from __future__ import annotations

import os
import secrets
import threading
from datetime import timedelta
from pathlib import Path

from flask import Flask, abort, g, request, session
from flask_wtf.csrf import CSRFProtect
from platformdirs import user_data_dir
from sqlalchemy import exc
from werkzeug.exceptions import BadRequest, ServiceUnavailable

import companion.games  # noqa: F401  (registers every engine)
from companion import inputs
from companion.store import Store
from companion.words import msg

PACKAGE = Path(__file__).resolve().parent.parent


def templates_folder() -> Path:
    """templates/ is installed inside the package; in a source checkout it sits beside it."""
    installed = PACKAGE / "templates"
    return installed if installed.is_dir() else PACKAGE.parent / "templates"


def data_folder() -> Path:
    folder = Path(os.environ.get("COMPANION_DATA_DIR") or user_data_dir("companion", False))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def default_database_url() -> str:
    return os.environ.get("COMPANION_DATABASE_URL") or f"sqlite:///{data_folder() / 'companion.db'}"


def _secret_key() -> str:
    """From COMPANION_SECRET_KEY (set it alike on every server of a hosted deployment), or a
    key made once and kept in the data folder, so device cookies survive a restart."""
    if os.environ.get("COMPANION_SECRET_KEY"):
        return os.environ["COMPANION_SECRET_KEY"]
    path = data_folder() / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(32))
        path.chmod(0o600)
    return path.read_text().strip()


csrf = CSRFProtect()
DATABASE_DOWN = msg("The companion cannot reach its database right now: try again in a few seconds.")


def create_app(test_config: dict | None = None) -> Flask:
    app = Flask(
        __name__,
        template_folder=str(templates_folder()),
        static_folder=str(PACKAGE / "static"),
    )
    app.config.update(
        DATABASE_URL=None,
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        MAX_PHOTO_LENGTH=25 * 1024 * 1024,  # a phone's 12 MP JPEG, with room to spare
        PERMANENT_SESSION_LIFETIME=timedelta(days=3650),
        # The cookie is sent only when it changes: a phone's long poll, answered after the phone
        # moved on, must not put back the cookie as it was when the poll began.
        SESSION_REFRESH_EACH_REQUEST=False,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        WTF_CSRF_TIME_LIMIT=None,  # a game night is long; the token lives as long as the cookie
        POLL_MILLISECONDS=1000,  # a phone whose waiting request failed asks again after this
        LONG_POLL_SECONDS=25,  # a phone's request for news is held at most this long
        WAITING_PHONES=32,  # requests held at once (each holds a server thread)
        CACHED_GAMES=64,  # games each process keeps replayed in memory (companion/store/kept.py)
        CACHED_ENTRIES=50_000,  # ... holding at most this many entries in all (~2-4 kB each)
        DATABASE_CONNECTIONS=20,  # connections each process keeps open (requests take turns)
        SCANS_AT_ONCE=1,  # photos read at once (see companion/web/limits.py)
        PRINTS_AT_ONCE=1,  # PDFs drawn at once
        IMPORTS_AT_ONCE=1,  # records and archives imported at once
        STATISTICS_AT_ONCE=1,  # statistics, the archive and the CSV of plays worked out at once
        WRONG_CODES=5,  # wrong join codes a client may type in WRONG_CODES_SECONDS, then 429
        WRONG_CODES_SECONDS=60,
        BUSY_WAIT_SECONDS=3,  # how long a heavy request waits for its turn before a 503
        # The Statistics page and all that lists every game: off with `companion serve
        # --no-stats`, or COMPANION_NO_STATS=1 for a WSGI server such as gunicorn.
        STATISTICS=not os.environ.get("COMPANION_NO_STATS"),
        # The archive and the CSV of plays list every game (their ids, so their links) only
        # with `companion serve --share-stats` (COMPANION_SHARE_STATS=1); otherwise each phone's
        # own games (companion/web/rights.py).
        SHARE_STATISTICS=bool(os.environ.get("COMPANION_SHARE_STATS")),
    )
    if test_config:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key()
    app.extensions["store"] = Store(app.config["DATABASE_URL"] or default_database_url(),
                                    app.config["CACHED_GAMES"], app.config["DATABASE_CONNECTIONS"],
                                    app.config["CACHED_ENTRIES"])
    app.extensions["waiting_phones"] = threading.BoundedSemaphore(app.config["WAITING_PHONES"])

    @app.before_request
    def _photo_limit():
        """A photo may be larger than other requests. Set before the CSRF check, which reads
        the form (and so the whole body) before any view runs."""
        if request.endpoint == "api.scan":
            request.max_content_length = app.config["MAX_PHOTO_LENGTH"]

    @app.before_request
    def _text():
        """NUL or a lone surrogate is refused wherever text comes in: the URL, its query, a form."""
        texts = [*(request.view_args or {}).values(), *request.args.keys(), *request.args.values()]
        if request.mimetype in ("application/x-www-form-urlencoded", "multipart/form-data"):
            texts += [*request.form.keys(), *request.form.values()]
        for text in texts:
            if isinstance(text, str) and (fault := inputs.text_fault(text)):
                abort(400, fault)

    @app.errorhandler(inputs.InputError)
    def _refused(error: inputs.InputError):
        """A value outside what the companion takes (companion/inputs.py): 400 with its sentence,
        as JSON under /api and as a page elsewhere."""
        return app.handle_http_exception(BadRequest(error.message))

    database = app.extensions["store"].db.dialect.loaded_dbapi
    unreachable = (exc.OperationalError, exc.InterfaceError, exc.TimeoutError,
                   database.OperationalError, database.InterfaceError)

    def _database_down(error: Exception):
        """The database does not answer (restarting, unreachable, every connection taken): 503
        with Retry-After and a sentence; the pages ask again by themselves."""
        app.logger.warning("The database did not answer: %s", str(error).splitlines()[0])
        return app.handle_http_exception(ServiceUnavailable(DATABASE_DOWN, retry_after=2))

    for kind in unreachable:
        app.register_error_handler(kind, _database_down)

    csrf.init_app(app)

    @app.before_request
    def _device():
        """Every phone gets a random device id in its signed cookie: it owns what it creates."""
        if "device" not in session:
            session["device"] = secrets.token_urlsafe(16)
            session.permanent = True
        g.device = session["device"]

    from companion.web import api, headers, limits, pages, printing, speech, stats

    speech.init_app(app)
    headers.init_app(app)
    limits.init_app(app)

    app.register_blueprint(pages.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(printing.bp)
    app.register_blueprint(stats.bp)
    pages.register_error_pages(app)
    return app


def store() -> Store:
    from flask import current_app

    return current_app.extensions["store"]
