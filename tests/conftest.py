"""Fixtures and helpers shared by the tests: databases (SQLite always, PostgreSQL when named),
the app, phones through Flask's test client, a Royal Visit game through the API, whole games
stored for the statistics and exports tests (tests/stats_games.py), `companion serve` in a
process, and for the browser tests a served app and Chromium (tests/browser_support.py)."""
from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time

import pytest
from browser_support import CHROMIUM_FLAGS, CSP_BLOCKED, chromium_path, serving
from sqlalchemy import create_engine, text
from stats_games import play_all

import companion.games  # noqa: F401  (registers every engine)
from companion.store import Store
from companion.store.database import normalise_url
from companion.store.tables import metadata
from companion.web import create_app

POSTGRES = os.environ.get("COMPANION_TEST_DATABASE_URL")


@pytest.fixture(autouse=True)
def _nothing_blocked_by_the_content_security_policy():
    CSP_BLOCKED.clear()
    yield
    assert not CSP_BLOCKED, f"The Content-Security-Policy blocked: {CSP_BLOCKED[:3]}"


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path):
    """A fresh, empty database: SQLite in a temporary file, and PostgreSQL when
    COMPANION_TEST_DATABASE_URL names one. If it is named but cannot be reached, the test fails."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'companion.db'}"
    return empty_postgresql()


@pytest.fixture
def postgresql_url():
    """A fresh, empty PostgreSQL database, for what only PostgreSQL does (its connections,
    LISTEN/NOTIFY)."""
    return empty_postgresql()


def empty_postgresql() -> str:
    if not POSTGRES:
        pytest.skip("COMPANION_TEST_DATABASE_URL is not set: PostgreSQL not covered in this run")
    db = create_engine(normalise_url(POSTGRES))
    try:
        wipe(db)
    finally:
        db.dispose()
    return POSTGRES


def wipe(db) -> None:
    """Drop the companion's tables and Alembic's note of the revision: an empty database."""
    metadata.drop_all(db)
    with db.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS alembic_version"))


@pytest.fixture
def store(database_url):
    store = Store(database_url)
    yield store
    store.dispose()


@pytest.fixture
def app(database_url, tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "test"})
    yield app
    app.extensions["store"].dispose()


class Phone:
    """A test client that behaves like a phone's browser: it keeps its cookie and sends the
    page's CSRF token with every JSON POST, as the pages' script does."""

    def __init__(self, app):
        self.client = app.test_client()
        page = self.client.get("/").get_data(as_text=True)
        self.token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)

    def get(self, path, **kwargs):
        return self.client.get(path, **kwargs)

    def post(self, path, json=None, **kwargs):
        headers = {"X-CSRFToken": self.token, **kwargs.pop("headers", {})}
        return self.client.post(path, json=json, headers=headers, **kwargs)

    def form(self, path, data):
        return self.client.post(path, data={"csrf_token": self.token, **data})


@pytest.fixture
def phone(app):
    return Phone(app)


@pytest.fixture
def second_phone(app):
    return Phone(app)


def device_of(phone: Phone) -> str:
    """The device id in a phone's signed cookie: what the app knows the phone by."""
    with phone.client.session_transaction() as session:
        return session["device"]


# -- a Royal Visit game through the JSON API ---------------------------------------------------
OPTIONS = {"players": ["Ann", "Bob"], "wizard": 0}
KING_UP = {"type": "play", "cards": [{"card": "king-1", "moves": [{"pawn": "king", "from": 0, "to": 1}]}]}
KING_ONTO_GUARD = {"type": "play", "cards": [{"card": "king-1", "moves": [{"pawn": "king", "from": 0, "to": 1}]},
                                             {"card": "king-1", "moves": [{"pawn": "king", "from": 1, "to": 2}]}]}


def create(phone, options=OPTIONS):
    response = phone.post("/api/games", json={"game": "royal_visit", "options": options})
    assert response.status_code == 201, response.get_json()
    return response.get_json()["game"]


# -- whole games stored for the statistics and exports tests (tests/stats_games.py) -------------
@pytest.fixture
def played(app, phone):
    """Every game of stats_games.GAMES played to the end and stored, created by ``phone`` (which
    may mark them and rename their players): the store and the games' ids."""
    store = app.extensions["store"]
    return store, play_all(store, owner=device_of(phone))


# -- `companion serve` in a process of its own -------------------------------------------------
def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


STARTING = 60  # seconds `companion serve` may take to answer: a bound no loaded machine misses


def start(url: str, port: int, data: str, *options: str) -> subprocess.Popen:
    """`companion serve` on ``port`` (8 threads, unless ``options`` say otherwise), once it
    answers there. A machine busy with other work can take ten seconds and more to start it."""
    server = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "--database", url, "serve", "--host", "127.0.0.1",
         "--port", str(port), *(options or ("--threads", "8"))],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={**os.environ, "COMPANION_DATA_DIR": data, "COMPANION_SECRET_KEY": "durable"})
    deadline = time.monotonic() + STARTING
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server
        except OSError:
            assert server.poll() is None, f"companion serve exited ({server.returncode})"
            assert time.monotonic() < deadline, f"companion serve did not answer within {STARTING} s"
            time.sleep(0.05)


# -- the browser tests: the app served in a thread, and Chromium -------------------------------
@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("browser")
    app = create_app({"DATABASE_URL": f"sqlite:///{folder / 'companion.db'}", "SECRET_KEY": "browser",
                      "POLL_MILLISECONDS": 500})
    with serving(app) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    path = chromium_path()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()
