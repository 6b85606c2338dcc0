"""Each phone in its own language: which one, and every Msg worded in it at the edge.

- The language is the phone's choice (the ``lang`` cookie, set by ``POST /language`` from the
  home page or a game's *More*), else the first of its browser's languages the companion speaks
  (Accept-Language), else English.
- Flask-Babel words the templates (``_``, ``ngettext``) with the catalogs companion.language
  compiles once at start; every JSON answer and every ``{{ value }}`` a template shows has each
  Msg in it worded in the request's language, so nothing below the web layer chooses one.
- Pages carry ``<html lang>`` and their scripts' messages (``script_messages()`` in base.html).
- A template's ``_()`` words its Msg arguments first (Jinja would format them as their English);
  ``|worded`` words a Msg before a filter (``trim``, ``join``) would make it plain English;
  ``|number`` writes a figure as the language does. ``say`` flashes a Msg worded now (the
  session keeps text). werkzeug's error names and default sentences are Msgs here
  (``error_name``, ``error_text``).
- What is data stays English: ``data_response`` answers JSON with each Msg as its English (a
  game's exported record: the same file on every phone).
"""
from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, Flask, current_app, flash, has_request_context, redirect, request, url_for
from flask.json.provider import DefaultJSONProvider
from flask_babel import Babel, get_locale
from jinja2 import pass_context

from companion import language
from companion.words import Msg, msg

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


def number(value: Any) -> str:
    """A figure as the page's language writes it ("3,5" in French); in English as ``%g`` does."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    lang = current()
    return f"{value:g}" if lang == language.DEFAULT else language.number(value, lang)


def say(message: Any, category: str = "message") -> None:
    """Flash ``message`` worded now, in this phone's language (the session keeps text, not Msgs)."""
    flash(word(message), category)


class Provider(DefaultJSONProvider):
    """Flask's JSON, with every Msg worded in the request's language."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return super().dumps(language.worded(obj, current()), **kwargs)


def data_response(obj: Any):
    """JSON that is data, not prose (a game's exported record): each Msg as its English, the same
    file whatever the phone's language, as ``jsonify`` would write it otherwise."""
    return current_app.response_class(DefaultJSONProvider.dumps(current_app.json, obj) + "\n",
                                      mimetype="application/json")


# werkzeug's names of the errors the pages show (error.name is its English).
ERROR_NAMES = {
    400: msg("Bad Request"), 403: msg("Forbidden"), 404: msg("Not Found"),
    405: msg("Method Not Allowed"), 409: msg("Conflict"), 413: msg("Request Entity Too Large"),
    422: msg("Unprocessable Entity"), 429: msg("Too Many Requests"), 503: msg("Service Unavailable"),
}


# werkzeug's own sentences, where a request was refused without one of ours.
ERROR_TEXTS = {
    400: msg("The browser (or proxy) sent a request that this server could not understand."),
    403: msg("You don't have the permission to access the requested resource. It is either read-protected or "
             "not readable by the server."),
    404: msg("The requested URL was not found on the server. If you entered the URL manually please check "
             "your spelling and try again."),
    405: msg("The method is not allowed for the requested URL."),
    413: msg("The data value transmitted exceeds the capacity limit."),
    429: msg("This user has exceeded an allotted request count. Try again later."),
    503: msg("The server is temporarily unable to service your request due to maintenance downtime or "
             "capacity problems. Please try again later."),
}


def error_name(error: Any) -> Any:
    """An HTTP error's name as the phone's language says it (werkzeug's English otherwise)."""
    return ERROR_NAMES.get(getattr(error, "code", None), error.name)


def error_text(error: Any) -> Any:
    """An HTTP error's sentence: ours (a Msg), or werkzeug's default one as a Msg."""
    text = ERROR_TEXTS.get(getattr(error, "code", None))
    return text if text is not None and error.description == str(text) else error.description


def _wording(gettext):
    """A template's ``_``/``ngettext`` whose Msg arguments are worded in the page's language
    (Jinja formats them as text, so as their English, before ``finalize`` could)."""

    @pass_context
    def call(context, *args, **variables):
        return gettext(context, *args, **{name: word(value) for name, value in variables.items()})

    return call


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
    # Jinja's |tojson took Flask's JSON provider when the environment was made: the new one words
    # each Msg in the request's language there too.
    app.jinja_env.policies["json.dumps_function"] = app.json.dumps
    app.jinja_env.finalize = word
    for name in ("gettext", "ngettext", "pgettext", "npgettext"):
        app.jinja_env.globals[name] = _wording(app.jinja_env.globals[name])
    app.jinja_env.globals["_"] = app.jinja_env.globals["gettext"]
    app.jinja_env.filters["worded"] = word  # before a filter that would make it plain English
    app.jinja_env.filters["number"] = number
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
