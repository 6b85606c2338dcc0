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
idle timeout.
"""
from __future__ import annotations

import re

from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer, create_server

REQUEST_LINE = 8 * 1024  # the longest first line of a request (a URL with its query)
_START = re.compile(rb"[A-Z]{1,16}(?: |$)")  # a method, as much of it as came


def _refusal(status: str, sentence: str) -> bytes:
    body = sentence.encode() + b"\r\n"
    return (f"HTTP/1.1 {status}\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body


NOT_HTTP = _refusal("400 Bad Request", "This is the companion's http:// address: open it with "
                                       "http://, not https://, from a browser.")
LINE_TOO_LONG = _refusal("414 URI Too Long", "The request's first line is too long.")


class Channel(HTTPChannel):
    def received(self, data):
        # Only between answers (no worker writing to this connection), in a request's head.
        if not self.requests and not self.will_close and not self.close_when_flushed and (
                self.request is None or self.request.body_rcv is None
                and not self.request.completed):
            refusal = _not_a_request((self.request.header_plus if self.request else b"") + data)
            if refusal:
                self.request = None
                self.write_soon(refusal)
                self.close_when_flushed = True
                return False
        return super().received(data)

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
    server = create_server(app, map=sockets, **options)
    for dispatcher in [server, *sockets.values()]:
        if isinstance(dispatcher, BaseWSGIServer):
            dispatcher.channel_class = Channel
    return server
