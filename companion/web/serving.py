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
"""
from __future__ import annotations

from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer, create_server


class Channel(HTTPChannel):
    def writable(self):
        if (self.requests and not self.will_close and not self.close_when_flushed
                and self.total_outbufs_len < self.adj.outbuf_high_watermark):
            return False  # the worker answering the request sends its output itself
        return super().writable()


def make_server(app, **options):
    """A waitress server for ``app`` (``options`` as for ``waitress.serve``); ``.run()`` it."""
    sockets: dict = {}
    server = create_server(app, map=sockets, **options)
    for dispatcher in [server, *sockets.values()]:
        if isinstance(dispatcher, BaseWSGIServer):
            dispatcher.channel_class = Channel
    return server
