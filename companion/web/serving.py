"""The waitress server of `companion serve` (and of benchmarks/web.py, which measures it).

One change to waitress's connections: while a request is being answered, its connection does
not ask the main loop to write. Waitress's worker thread sends what the app writes itself, and
holds the connection's output lock meanwhile; the main loop, told the connection had output,
found the socket writable, could not take the lock, and polled again at once: thousands of
empty turns a second, each holding the interpreter from the thread it waited for. With 200
phones following their tables that loop took most of a core, and a move reached the other
phones after up to half a second (benchmarks/web.py, "followers").

Output a worker could not send (a full socket) is still sent: by the worker's next write, by
the main loop as soon as the answer is complete, or by the main loop while the worker waits
for room (output at waitress's high-water mark).

And bytes that are no HTTP request are answered at once, before any worker sees them: a request
must start with a method (capital letters, then a space) and its first line must end within
``REQUEST_LINE`` bytes. A browser trying https:// on this port (a TLS hello), binary junk or a
request line that never ends is answered 400 (or 414) and closed as soon as its first bytes
show it, where waitress waited for the end of headers that never came until the connection's
idle timeout. A request's head (its first line and headers) that is still unfinished
``HEAD_SECONDS`` (0.8 s) after its first byte (a request line trickled a byte at a time, a
client gone quiet mid-head) is answered 408 and closed: the main loop waits no longer than till
the first unfinished head falls due (where waitress always waited up to a second), and after
each turn, having read whatever came, answers 408 to each head overdue. So such a connection is
closed within a second of its first byte, holding no worker. 0.8 s is safe for a phone: a
request head is a kilobyte or two, sent at once (TCP's first window takes ten packets), so it
comes whole in one turn of the loop on any Wi-Fi; only a lost packet delays its rest, resent
after 0.2 to 0.4 s (the retransmission timeout, at least 200 ms). The clock starts at the
server's first byte, not at the phone's tap (connecting does not count), and a head whose rest
reached the server is read before it is judged, however busy the server was. A request whose
head came whole is not timed by it: a body may take its time (within the idle timeout), and a
phone's request waiting for news is held by a worker.

And the main loop accepts every connection waiting to be accepted (up to ``ACCEPTS_AT_ONCE``)
when the listening socket is readable, where waitress accepted one a turn: each turn of the loop
asks every open connection whether it is readable and writable, so a thousand phones connecting
at once cost a thousand turns of a thousand questions, and a new phone behind them waited half a
second.
"""
from __future__ import annotations

import re
import select
import time
from types import SimpleNamespace

from waitress import wasyncore
from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer, create_server

REQUEST_LINE = 8 * 1024  # the longest first line of a request (a URL with its query)
HEAD_SECONDS = 0.8  # the longest a request's first line and headers may take to come in
LATE = 0.01  # how long after a head falls due the main loop looks (it must not look before)
ACCEPTS_AT_ONCE = 128  # connections accepted a turn of the main loop
_START = re.compile(rb"[A-Z]{1,16}(?: |$)")  # a method, as much of it as came


# These answers go out before a request's headers are read (a TLS hello, a first line too long or
# too slow): no language is known yet, so they are English, as HTTP's own status lines are.
def _refusal(status: str, sentence: str) -> bytes:
    body = sentence.encode() + b"\r\n"
    return (f"HTTP/1.1 {status}\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body


NOT_HTTP = _refusal("400 Bad Request", "This is the companion's http:// address: open it with "
                                       "http://, not https://, from a browser.")
LINE_TOO_LONG = _refusal("414 URI Too Long", "The request's first line is too long.")
HEAD_TOO_SLOW = _refusal("408 Request Timeout", f"The request's first line and headers did not "
                                                f"come within {HEAD_SECONDS} seconds.")


class Channel(HTTPChannel):
    head = None  # the request whose head is coming in, and when its first byte came

    def received(self, data):
        # Only between answers (no worker writing to this connection), in a request's head.
        if not self.requests and not self.will_close and not self.close_when_flushed and (
                self.request is None or (self.request.body_rcv is None
                and not self.request.completed)):
            refusal = _not_a_request((self.request.header_plus if self.request else b"") + data)
            if refusal:
                self.refuse(refusal)
                return False
        taken = super().received(data)
        request = self.request
        if request is None or request.headers_finished:
            self.head = None
        elif self.head is None or self.head[0] is not request:
            self.head = (request, time.monotonic())
            self.server.heads.add(self)
        return taken

    def head_due(self) -> float | None:
        """When (time.monotonic()) this connection's unfinished request head falls due, while it
        could be refused then: no worker answers this connection and it is not closing."""
        if (self.head is None or self.head[0] is not self.request or self.requests
                or not self.connected or self.will_close or self.close_when_flushed):
            return None
        return self.head[1] + HEAD_SECONDS

    def refuse(self, refusal: bytes) -> None:
        """Answer ``refusal`` and close the connection, without a worker."""
        self.request = self.head = None
        self.write_soon(refusal)
        self.close_when_flushed = True

    def writable(self):
        if (self.requests and not self.will_close and not self.close_when_flushed
                and self.total_outbufs_len < self.adj.outbuf_high_watermark):
            return False  # the worker answering the request sends its output itself
        return super().writable()


def _not_a_request(head: bytes) -> bytes | None:
    """The answer to what a connection sent so far of a request, when it cannot be one."""
    head = head.lstrip()
    if head and not _START.match(head[:17]):
        return NOT_HTTP
    if b"\n" not in head[:REQUEST_LINE]:
        return LINE_TOO_LONG if len(head) > REQUEST_LINE else None
    return None


def make_server(app, **options):
    """A waitress server for ``app`` (``options`` as for ``waitress.serve``); ``.run()`` it."""
    sockets: dict = {}
    heads: set[Channel] = set()  # the connections whose request head began and is unfinished
    # waitress's sweep of the connections (idle ones closed) every second, not every 30
    server = create_server(app, map=sockets, **{"cleanup_interval": 1, **options})
    for dispatcher in list(sockets.values()):  # each listening socket's server (``server`` too)
        if isinstance(dispatcher, BaseWSGIServer):
            dispatcher.channel_class = Channel
            dispatcher.handle_accept = _accepting_all(dispatcher)
            dispatcher.heads = heads
    # waitress's run() as it is, around this main loop instead of wasyncore's
    server.asyncore = SimpleNamespace(loop=lambda **loop: main_loop(heads, **loop))
    return server


def main_loop(heads: set[Channel], timeout: float, map: dict, use_poll: bool = False) -> None:
    """wasyncore.loop's turns (every connection asked what it waits for, then served), each
    waiting at most ``timeout`` and no longer than till the first of ``heads`` falls due; after
    each, a 408 to each head overdue."""
    poll = wasyncore.poll2 if use_poll and hasattr(select, "poll") else wasyncore.poll
    while map:
        due = [when for channel in heads if (when := channel.head_due()) is not None]
        poll(min([timeout, *(max(when - time.monotonic(), 0) + LATE for when in due)]), map)
        refuse_overdue_heads(heads, time.monotonic())


def refuse_overdue_heads(heads: set[Channel], now: float) -> None:
    """408 to each of ``heads`` overdue at ``now``; those finished or closed leave the set."""
    for channel in list(heads):
        if channel.head is None or not channel.connected:
            heads.discard(channel)
        elif (due := channel.head_due()) is not None and now > due:
            channel.refuse(HEAD_TOO_SLOW)
            heads.discard(channel)


def _accepting_all(server: BaseWSGIServer):
    """The listening socket's handler, accepting each connection waiting (up to
    ``ACCEPTS_AT_ONCE``, never beyond the connection limit) where waitress's accepts one."""
    accept_one, channels = server.handle_accept, server._map

    def handle_accept():
        for _ in range(ACCEPTS_AT_ONCE):
            before = len(channels)
            accept_one()
            if len(channels) == before or len(channels) >= server.adj.connection_limit:
                return  # none was waiting (or it failed), or no room for more

    return handle_accept

