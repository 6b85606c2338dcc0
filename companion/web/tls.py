"""`companion serve --https`: a self-signed certificate, made once and kept in the data folder,
and a threaded server that speaks TLS, so phones may use the live camera view (a browser gives
the camera only to a secure page).

Waitress has no TLS, so this runs werkzeug's threaded server (Flask's own), with one change: the
TLS handshake happens in each connection's own thread, under a time limit. Werkzeug wraps the
listening socket, so its accept loop would otherwise do every handshake itself, and one phone
that connects and says nothing would stop the server from accepting anyone else.
"""
from __future__ import annotations

import datetime
import ipaddress
import socket
import ssl
from pathlib import Path

from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler

CERTIFICATE = "https-certificate.pem"
KEY = "https-key.pem"
DAYS = 825  # the longest validity Apple's devices accept for a server certificate
HANDSHAKE_SECONDS = 10  # a client silent this long during the handshake is dropped
IDLE_SECONDS = 60  # an open connection that sends nothing this long is closed


def certificate(folder: Path, addresses: list[str] = ()) -> tuple[Path, Path]:
    """The certificate and key files in ``folder``: made on first use (for localhost, this
    machine's name and ``addresses``), then kept; made again only when unreadable or about to
    expire, since every phone has to accept a new one again."""
    cert_path, key_path = folder / CERTIFICATE, folder / KEY
    if cert_path.exists() and key_path.exists() and _still_good(cert_path):
        return cert_path, key_path

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    host = socket.gethostname() or "localhost"
    names: list[x509.GeneralName] = [x509.DNSName("localhost")]
    if host != "localhost":
        names.append(x509.DNSName(host))
    ips = {"127.0.0.1", "::1", *[a for a in addresses if a]}
    for text in sorted(ips):
        try:
            names.append(x509.IPAddress(ipaddress.ip_address(text)))
        except ValueError:
            names.append(x509.DNSName(text))
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, f"companion on {host}"[:64])])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject).issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(days=DAYS))
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .sign(key, hashes.SHA256())
    )
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    key_path.chmod(0o600)
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    return cert_path, key_path


def _still_good(cert_path: Path) -> bool:
    from cryptography import x509

    try:
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
    except (OSError, ValueError):
        return False
    left = cert.not_valid_after_utc - datetime.datetime.now(datetime.UTC)
    return left > datetime.timedelta(days=1)


def fingerprint(cert_path: Path) -> str:
    """The certificate's SHA-256 fingerprint, as a browser shows it (AB:CD:...)."""
    der = ssl.PEM_cert_to_DER_cert(cert_path.read_text())
    import hashlib

    digest = hashlib.sha256(der).hexdigest().upper()
    return ":".join(digest[i:i + 2] for i in range(0, len(digest), 2))


class _Handler(WSGIRequestHandler):
    """Werkzeug's handler, doing the TLS handshake first (in this connection's thread) and
    logging no request lines (every phone polls the table each second)."""

    timeout = IDLE_SECONDS

    def setup(self) -> None:
        self.shook = False
        try:
            self.request.settimeout(HANDSHAKE_SECONDS)
            self.request.do_handshake()
            self.shook = True
        except (OSError, ValueError):  # a refused certificate, plain HTTP, a silent client
            pass
        super().setup()

    def handle(self) -> None:
        if self.shook:
            super().handle()

    def log_request(self, code="-", size="-") -> None:
        pass


def make_server(app, host: str, port: int, cert_path: Path, key_path: Path) -> ThreadedWSGIServer:
    """A threaded HTTPS server for ``app`` (call ``serve_forever``; ``server_port`` is the port
    bound, for port 0)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert_path, key_path)
    server = ThreadedWSGIServer(host, port, app, _Handler)
    server.socket = context.wrap_socket(server.socket, server_side=True,
                                        do_handshake_on_connect=False)
    server.ssl_context = context  # werkzeug then tells the app the scheme is https
    return server
