"""Photos and prints cannot starve the table (issue 13): a few at once, the rest wait briefly or
are told to come back (503, Retry-After, a sentence); a body over the limit is refused unread."""
from __future__ import annotations

import io
import socket
import threading
import time

import pytest
from conftest import Phone, create

from companion import scan as scanner
from companion.web import create_app


@pytest.fixture
def busy_app(database_url):
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "t",
                      "SCANS_AT_ONCE": 1, "PRINTS_AT_ONCE": 1, "BUSY_WAIT_SECONDS": 0.3})
    yield app
    app.extensions["store"].dispose()


def hold(monkeypatch, target, name: str):
    """Make ``target.name`` wait for the returned event (a slow photo or print)."""
    release, entered = threading.Event(), threading.Event()
    original = getattr(target, name)

    def slow(*args, **kwargs):
        entered.set()
        release.wait(10)
        return original(*args, **kwargs)

    monkeypatch.setattr(target, name, slow)
    return release, entered


def test_a_scan_beyond_the_places_waits_then_is_told_to_retry(busy_app, monkeypatch):
    phone = Phone(busy_app)
    game = create(phone)
    release, entered = hold(monkeypatch, scanner, "scan_photo")

    def send():
        return phone.client.post(f"/api/games/{game['id']}/scan", headers={"X-CSRFToken": phone.token},
                                 data={"photo": (io.BytesIO(b"not a photo"), "x.jpg")},
                                 content_type="multipart/form-data")

    first: list = []
    thread = threading.Thread(target=lambda: first.append(send()))
    thread.start()
    assert entered.wait(5)
    started = time.monotonic()
    busy = send()
    assert busy.status_code == 503 and busy.headers["Retry-After"] == "5"
    assert "try again in a few seconds" in busy.get_json()["error"]["message"]
    assert time.monotonic() - started >= 0.3  # it waited its turn first
    # Moves go on meanwhile.
    assert phone.get(f"/api/games/{game['id']}").status_code == 200
    release.set()
    thread.join(10)
    assert first[0].status_code == 422  # the held scan finished: not a photo
    assert send().status_code == 422  # the place is free again


def test_a_print_beyond_the_places_is_told_to_retry_on_its_page(busy_app, monkeypatch):
    from companion.web import printing

    phone = Phone(busy_app)
    release, entered = hold(monkeypatch, printing, "_print")
    form = {"what": "royal-visit-board", "paper": "a4"}
    first: list = []
    thread = threading.Thread(target=lambda: first.append(phone.form("/print", form)))
    thread.start()
    assert entered.wait(5)
    busy = phone.form("/print", form)
    assert busy.status_code == 503 and busy.headers["Retry-After"] == "5"
    assert "Other prints are being drawn right now" in busy.get_data(as_text=True)
    release.set()
    thread.join(20)
    assert first[0].status_code in (200, 422)


def test_companion_serve_refuses_a_body_over_the_limit_before_reading_it(tmp_path):
    """waitress's max_request_body_size: the answer comes before the body is sent."""
    from conftest import free_port, start

    port = free_port()
    server = start(f"sqlite:///{tmp_path / 'c.db'}", port, str(tmp_path), "--threads", "4")
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
            conn.sendall(b"POST /api/games/x/scan HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         b"Content-Type: multipart/form-data; boundary=b\r\n"
                         b"Content-Length: 1073741824\r\n\r\n" + b"x" * 1024)
            answer = conn.recv(200)
        assert answer.startswith(b"HTTP/1.1 413")
    finally:
        server.terminate()
        server.wait(10)
