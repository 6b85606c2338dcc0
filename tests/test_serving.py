"""companion serve's waitress channel (companion/web/serving.py): a connection whose answer a
worker is sending is not writable for the main loop (which spun on it, holding the interpreter
from that worker), except when the output reaches the high-water mark and the worker waits for
the main loop to send it; once the answer is complete, the main loop sends what is left."""
from __future__ import annotations

import http.client
import socket
import time
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
    server = SimpleNamespace(active_channels={}, add_task=lambda channel: None, heads=set())
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


def _answer(conn: socket.socket) -> bytes:
    answer = b""
    while chunk := conn.recv(4096):  # the server closes it (a hang times out)
        answer += chunk
    return answer


def test_a_request_head_that_does_not_come_whole_in_time_is_answered_408_and_closed(tmp_path):
    """A request head trickled in (a piece, then nothing for a moment, many times) is answered
    408 and closed while its client is still sending it, where a phone's head, in one piece or
    two with a lost packet resent between them, is served, and so is the next request of a
    connection left idle; every other phone is served meanwhile."""
    import select

    from conftest import free_port, start

    from companion.web.serving import HEAD_SECONDS

    port = free_port()
    server = start(f"sqlite:///{tmp_path / 'c.db'}", port, str(tmp_path))

    def served(phone: http.client.HTTPConnection) -> bool:
        phone.request("GET", "/favicon.ico")
        answer = phone.getresponse()
        answer.read()
        return answer.status == 200

    try:
        head = b"GET /favicon.ico HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        pieces = [head[start:start + 5] for start in range(0, len(head), 5)]
        with socket.create_connection(("127.0.0.1", port), timeout=30) as slow:
            for piece in pieces[:-1]:  # all but the last: the server answers before
                slow.sendall(piece)
                assert served(http.client.HTTPConnection("127.0.0.1", port, timeout=5))  # the
                # trickle holds no worker
                if select.select([slow], [], [], 0.3)[0]:  # the server answered
                    break
            else:
                raise AssertionError("the server waited for the whole head")
            assert _answer(slow).startswith(b"HTTP/1.1 408")
        with socket.create_connection(("127.0.0.1", port), timeout=5) as phone:
            phone.sendall(head[:30])
            time.sleep(0.3)  # a lost packet, resent
            phone.sendall(head[30:])
            assert _answer(phone).startswith(b"HTTP/1.1 200")
        phone = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        assert served(phone)
        time.sleep(HEAD_SECONDS + 0.5)  # idle between two requests: not a head's time
        assert served(phone)
        phone.close()
    finally:
        server.terminate()
        server.wait(10)


def test_one_turn_of_the_main_loop_accepts_every_connection_waiting(tmp_path):
    """A new phone behind a crowd that connected at once is not kept waiting while waitress
    accepts them one a turn (each turn asks every open connection whether it has anything)."""
    from companion.web import serving

    sockets: list[socket.socket] = []
    server = serving.make_server(lambda environ, start: [], host="127.0.0.1", port=0,
                                 connection_limit=serving.ACCEPTS_AT_ONCE + 50)
    try:
        port = server.effective_port
        for _ in range(serving.ACCEPTS_AT_ONCE + 100):  # all queued before the server looks
            sockets.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        open_before = len(server.active_channels)
        server.handle_accept()
        assert len(server.active_channels) - open_before == serving.ACCEPTS_AT_ONCE
        server.handle_accept()  # then as many as the connection limit lets in, no more
        assert len(server._map) == server.adj.connection_limit
    finally:
        for sock in sockets:
            sock.close()
        server.close()


def test_companion_serve_closes_a_trickled_request_line_and_still_holds_a_long_poll(tmp_path):
    """A request line that never ends, sent a byte at a time, is answered 408 and closed once
    HEAD_SECONDS have passed (long before the 60 s idle timeout), holding no worker meanwhile
    (the server has two); a phone's request for news, whose head came whole, is held as long
    as it asked."""
    import select
    import threading
    import urllib.request

    from conftest import OPTIONS, free_port, start
    from test_durability import Client

    from companion.web.serving import HEAD_SECONDS

    port = free_port()
    server = start(f"sqlite:///{tmp_path / 'c.db'}", port, str(tmp_path), "--threads", "2", "--waiting", "1")
    try:
        base = f"http://127.0.0.1:{port}"
        game = Client(base).post("/api/games", {"game": "royal_visit", "options": OPTIONS})[1]
        waited = {}

        def wait_for_news():  # nothing happens in the game: answered 204 when its wait is over
            path = f"/api/games/{game['game']['id']}?since=0&wait={HEAD_SECONDS + 3}"
            with urllib.request.urlopen(base + path, timeout=60) as answer:
                waited["status"] = answer.status

        poll = threading.Thread(target=wait_for_news)
        poll.start()
        with socket.create_connection(("127.0.0.1", port), timeout=30) as slow:
            for byte in b"GET /" + b"a" * 100:  # 30 s at least, if the server never answered
                slow.sendall(bytes([byte]))
                # meanwhile a phone is served: the trickle holds no worker
                assert Client(base).get(f"/api/games/{game['game']['id']}")["game"]["seq"] == 0
                if select.select([slow], [], [], 0.3)[0]:  # the server answered
                    break
            answer = _answer(slow)
        assert answer.startswith(b"HTTP/1.1 408")
        poll.join(60)
        assert waited == {"status": 204}
    finally:
        server.terminate()
        server.wait(10)
