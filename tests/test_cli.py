"""The `companion` command: serve answers on its port; export and import round-trip a game."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from companion.cli import main
from companion.store import Store

OPTIONS = {"players": ["Ann", "Bob"], "wizard": 1}
WIZARD_UP = {"type": "play", "cards": [{"card": "wizard-2", "moves": [{"pawn": "wizard", "from": -1, "to": 1}]}]}


def test_export_then_import_from_the_shell(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    store = Store(url)
    game_id = store.create("royal_visit", OPTIONS, owner="phone")
    store.append(game_id, 0, "move", WIZARD_UP)
    out_file = tmp_path / "game.json"

    assert main(["--database", url, "export", game_id, "-o", str(out_file)]) == 0
    record = json.loads(out_file.read_text())
    assert record["game"] == "royal_visit" and len(record["entries"]) == 1

    assert main(["--database", url, "import", str(out_file)]) == 0
    copy_id = capsys.readouterr().out.strip()
    assert store.load(copy_id).replay.state == store.load(game_id).replay.state

    assert main(["--database", url, "export", "no-such-game"]) == 1
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "companion-game", "version": 99}')
    assert main(["--database", url, "import", str(broken)]) == 1
    assert "version 99" in capsys.readouterr().err
    store.dispose()


@pytest.mark.parametrize("flags", [[], ["--no-stats"]])
def test_serve_starts_the_app_on_its_port(tmp_path, flags):
    """`serve` answers; with --no-stats the Statistics page is not there."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "COMPANION_DATA_DIR": str(tmp_path), "COMPANION_DATABASE_URL": ""}
    server = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
         *flags],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
                    assert response.status == 200
                    assert "Royal Visit" in response.read().decode()
                    break
            except OSError:
                assert server.poll() is None, server.stdout.read()
                assert time.monotonic() < deadline, "companion serve did not answer within 30 s"
                time.sleep(0.2)
        assert (tmp_path / "companion.db").exists()  # SQLite in the data folder, no set-up
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/stats", timeout=5) as response:
                status = response.status
        except urllib.error.HTTPError as refused:
            status = refused.code
        assert status == (404 if flags else 200)
    finally:
        server.terminate()
        server.wait(timeout=10)
    # It printed the link to open and a QR code of it for the phones.
    printed = server.stdout.read()
    assert f"http://127.0.0.1:{port}/" in printed
    assert sum(1 for line in printed.splitlines() if "\u2588" in line) >= 10  # the QR code's rows


def test_serve_https_makes_its_certificate_once_and_answers_over_tls(tmp_path):
    """`serve --https`: a self-signed certificate for this machine, made on first start and kept
    in the data folder; a client that connects and says nothing holds up nobody else."""
    import ssl

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "COMPANION_DATA_DIR": str(tmp_path), "COMPANION_DATABASE_URL": ""}
    cert = tmp_path / "https-certificate.pem"

    def get(path: str = "/") -> str:
        trusting = ssl.create_default_context(cafile=str(cert))  # checks the name 127.0.0.1 too
        with urllib.request.urlopen(f"https://127.0.0.1:{port}{path}", timeout=5,
                                    context=trusting) as response:
            assert response.status == 200
            return response.read().decode()

    def start() -> subprocess.Popen:
        server = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "serve", "--https", "--host", "127.0.0.1",
             "--port", str(port)],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                assert "Royal Visit" in get()
                return server
            except (OSError, ssl.SSLError):
                assert server.poll() is None, server.stdout.read()
                assert time.monotonic() < deadline, "companion serve --https did not answer within 30 s"
                time.sleep(0.2)

    server = start()
    try:
        made = cert.read_bytes()
        assert (tmp_path / "https-key.pem").stat().st_mode & 0o077 == 0
        with socket.create_connection(("127.0.0.1", port)):  # silent: no TLS hello
            assert "Royal Visit" in get()
        with socket.create_connection(("127.0.0.1", port)) as plain:  # plain HTTP is refused
            plain.sendall(b"GET / HTTP/1.0\r\n\r\n")
            plain.settimeout(5)
            assert b"Royal Visit" not in plain.recv(4096)
        assert "Royal Visit" in get()
    finally:
        server.terminate()
        out, _ = server.communicate(timeout=10)
    assert f"https://127.0.0.1:{port}/" in out and "SHA-256" in out

    server = start()  # the second start keeps the certificate the phones already accepted
    try:
        assert cert.read_bytes() == made
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.mark.parametrize("flags", [[], ["--https"]])
def test_serve_on_a_port_in_use_says_so_in_one_sentence(tmp_path, monkeypatch, capsys, flags):
    """No link, no QR code and no traceback for a port another program holds: one sentence."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("COMPANION_DATABASE_URL", "")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--host", "127.0.0.1", "--port", str(port), *flags]) == 1
    printed = capsys.readouterr()
    assert printed.out == ""
    assert printed.err.strip() == (f"Port {port} is already in use on this machine (another "
                                   "companion serve?): stop that program, or start this one with "
                                   "another --port.")
