"""Fixtures shared by the tests: databases (SQLite always, PostgreSQL when named), the app."""
from __future__ import annotations

import os
import re

import pytest
from sqlalchemy import create_engine, text

import companion.games  # noqa: F401  (registers every engine)
from companion.store import Store, metadata, normalise_url
from companion.web import create_app

POSTGRES = os.environ.get("COMPANION_TEST_DATABASE_URL")

# What the Content-Security-Policy refused in a browser test's pages (tests/test_browser.py's
# new_phone listens): any entry fails the test.
CSP_BLOCKED: list[str] = []


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
    return _empty_postgresql()


@pytest.fixture
def postgresql_url():
    """A fresh, empty PostgreSQL database, for what only PostgreSQL does (its connections,
    LISTEN/NOTIFY)."""
    return _empty_postgresql()


def _empty_postgresql() -> str:
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
