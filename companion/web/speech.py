"""Each phone in its own language: which one, and every Msg worded in it at the edge.

- The language is the phone's choice (the ``lang`` cookie, set by ``POST /language`` from the
  home page or a game's *More*), else the first of its browser's languages the companion speaks
  (Accept-Language), else English.
- Flask-Babel words the templates (``_``, ``ngettext``) with the catalogs companion.language
  compiles once at start; every JSON answer and every ``{{ value }}`` a template shows has each
  Msg in it worded in the request's language, so nothing below the web layer chooses one.
- Pages carry ``<html lang>`` and their scripts' messages (``script_messages()`` in base.html).
"""
from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, Flask, has_request_context, redirect, request, url_for
from flask.json.provider import DefaultJSONProvider
from flask_babel import Babel, get_locale

from companion import language
from companion.words import Msg

COOKIE = "lang"
YEAR = 365 * 24 * 3600

bp = Blueprint("speech", __name__)


def select() -> str:
    chosen = request.cookies.get(COOKIE)
    if chosen in language.LANGUAGES:
        return chosen
    return request.accept_languages.best_match(language.LANGUAGES) or language.DEFAULT


def current() -> str:
    """The language of this request (English outside one: the CLI words its own)."""
    return str(get_locale() or language.DEFAULT) if has_request_context() else language.DEFAULT


def word(value: Any) -> Any:
    return language.word(value, current()) if isinstance(value, Msg) else value


class Provider(DefaultJSONProvider):
    """Flask's JSON, with every Msg worded in the request's language."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return super().dumps(language.worded(obj, current()), **kwargs)


@bp.post("/language")
def choose():
    """This phone's language, kept a year; back to the page it was chosen on."""
    lang = language.choose(request.form.get("lang"))
    back = request.form.get("next", "")
    parts = urlsplit(back)
    if parts.scheme or parts.netloc or not back.startswith("/") or back.startswith("//"):
        back = url_for("pages.home")  # never away from the companion
    response = redirect(back, 303)
    response.set_cookie(COOKIE, lang, max_age=YEAR, samesite="Lax", httponly=True)
    return response


def init_app(app: Flask) -> None:
    language.compile_all()
    babel = Babel(app, locale_selector=select)
    with app.app_context():
        domain = babel.domain_instance
    for lang in language.LANGUAGES:
        domain.cache[lang, domain.domain[0]] = language.translations(lang)
    app.json = Provider(app)
    # Jinja's |tojson took the JSON provider the app had when its environment was made: word there too.
    app.jinja_env.policies["json.dumps_function"] = app.json.dumps
    app.jinja_env.finalize = word
    app.jinja_env.globals.update(
        languages=language.NAMES,
        current_language=current,
        script_messages=lambda: language.script_messages(current()),
    )

    @app.after_request
    def _vary(response):
        if response.mimetype in ("text/html", "application/json"):
            response.vary.add("Accept-Language")
            response.vary.add("Cookie")
        return response

    app.register_blueprint(bp)
