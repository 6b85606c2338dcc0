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
