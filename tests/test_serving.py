"""companion serve's waitress channel (companion/web/serving.py): a connection whose answer a
worker is sending is not writable for the main loop (which spun on it, holding the interpreter
from that worker), except when the output reaches the high-water mark and the worker waits for
the main loop to send it; once the answer is complete, the main loop sends what is left."""
from __future__ import annotations

import socket
from types import SimpleNamespace

from waitress.adjustments import Adjustments

from companion.web.serving import Channel


def test_the_main_loop_leaves_an_answer_being_sent_to_its_worker():
    ours, theirs = socket.socketpair()
    try:
        adj = Adjustments()
        server = SimpleNamespace(active_channels={})
        channel = Channel(server, ours, ("127.0.0.1", 0), adj, map={})
        channel.total_outbufs_len = 526  # a worker wrote the headers and is sending them
        channel.requests = [object()]
        assert not channel.writable()
        channel.total_outbufs_len = adj.outbuf_high_watermark  # the worker waits for room
        assert channel.writable()
        channel.total_outbufs_len = 526
        channel.close_when_flushed = True
        assert channel.writable()
        channel.close_when_flushed = False
        channel.requests = []  # the answer is complete: the main loop sends the rest
        assert channel.writable()
        channel.total_outbufs_len = 0
        assert not channel.writable()
    finally:
        ours.close()
        theirs.close()


# A browser's TLS ClientHello (the start of one: a handshake record, TLS 1.2, client hello).
TLS_HELLO = bytes.fromhex("16030100f4010000f00303") + bytes(range(32)) + b"\x00\x02\x13\x01" + b"\x01\x00" * 40
NOT_REQUESTS = {
    "a TLS hello": TLS_HELLO,
    "binary junk": b"\x00\xff\xfe\x89PNG" * 30,
    "a request line that never ends": b"GET /" + b"a" * 9000,
    "a method that is no method": b"get / HTTP/1.1\r\n\r\n",
}


def _channel():
    ours, theirs = socket.socketpair()
    server = SimpleNamespace(active_channels={}, add_task=lambda channel: None)
    return Channel(server, ours, ("127.0.0.1", 0), Adjustments(), map={}), ours, theirs


def test_bytes_that_are_no_request_are_answered_before_a_worker_sees_them():
    for name, data in NOT_REQUESTS.items():
        channel, ours, theirs = _channel()
        try:
            for start in range(0, len(data), 1000):  # as the network delivers it, in pieces
                if not channel.received(data[start:start + 1000]):
                    break
            assert channel.close_when_flushed and not channel.requests, name
            channel.handle_write()
            answer = theirs.recv(1000)
            assert answer.startswith((b"HTTP/1.1 400", b"HTTP/1.1 414")), name
        finally:
            ours.close()
            theirs.close()
    channel, ours, theirs = _channel()
    try:  # a request, even in pieces and after blank lines, goes to a worker as before
        for piece in (b"\r\n", b"GE", b"T /stats HTTP/1.1\r\nHost: x\r\n", b"\r\n"):
            assert channel.received(piece)
        assert len(channel.requests) == 1 and not channel.close_when_flushed
    finally:
        ours.close()
        theirs.close()


def test_companion_serve_answers_a_tls_hello_and_junk_at_once_and_goes_on_serving(tmp_path):
    from conftest import free_port, start

    port = free_port()
    server = start(f"sqlite:///{tmp_path / 'c.db'}", port, str(tmp_path))
    try:
        held = []
        for name, data in NOT_REQUESTS.items():
            conn = socket.create_connection(("127.0.0.1", port), timeout=5)
            held.append(conn)
            conn.sendall(data)
            answer = b""
            while chunk := conn.recv(4096):  # the server closes it (a hang times out)
                answer += chunk
            assert answer.startswith((b"HTTP/1.1 400", b"HTTP/1.1 414")), name
        with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
            conn.sendall(b"GET /favicon.ico HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert conn.recv(100).startswith(b"HTTP/1.1 200")
        for conn in held:
            conn.close()
    finally:
        server.terminate()
        server.wait(10)
