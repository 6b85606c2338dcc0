"""Addresses other phones can reach: a link made while the host looks at the app as
``localhost`` would send every other phone to itself."""
from __future__ import annotations

import socket
from urllib.parse import urlsplit, urlunsplit

LOOPBACK = {"localhost", "127.0.0.1", "::1", "0.0.0.0", "::"}


def lan_address() -> str | None:
    """This machine's address on the local network (no packet is sent), or None offline."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing interface
            return probe.getsockname()[0]
        except OSError:
            return None


def reachable(url: str) -> str:
    """``url`` with a loopback host replaced by this machine's LAN address (same port)."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if host not in LOOPBACK and not host.startswith("127."):
        return url
    lan = lan_address()
    if not lan:
        return url
    netloc = f"{lan}:{parts.port}" if parts.port else lan
    return urlunsplit(parts._replace(netloc=netloc))
