"""What every answer carries: the security headers, compression, and static files by content.

- A Content-Security-Policy that runs only the app's own script files and inline scripts that
  carry this answer's nonce (``csp_nonce()`` in a template); the pages' JSON sits in
  ``<script type="application/json">`` blocks that are data, never run. No page may be framed.
- Compression (Brotli or gzip, as the phone accepts) through Flask-Compress.
- Static files are linked by names that carry a hash of their content (``companion.1a2b3c4d5e.js``)
  and may be kept for a year: a changed file gets a new name, so no phone runs a stale script.
"""
from __future__ import annotations

import hashlib
import secrets
from pathlib import Path

from flask import Flask, abort, g, send_from_directory
from flask_compress import Compress

from companion.words import msg

# Inline style attributes stay allowed (the Kingseat chips are painted by their prince's colour);
# scripts are the app's files or carry the nonce.
POLICY = ("default-src 'self'; script-src 'self' 'nonce-{nonce}'; style-src 'self' 'unsafe-inline'; "
          "img-src 'self' data: blob:; media-src 'self' blob:; connect-src 'self'; object-src 'none'; "
          "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = {
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers that predate it
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # a game's link is its key: never sent to another site
}
YEAR = 365 * 24 * 3600
COMPRESSED = ["text/html", "application/json", "text/javascript", "application/javascript",
              "text/css", "image/svg+xml"]


def csp_nonce() -> str:
    if "csp_nonce" not in g:
        g.csp_nonce = secrets.token_urlsafe(16)
    return g.csp_nonce


def hashed_name(path: Path, root: Path) -> str:
    """``dir/name.ext`` as ``dir/name.<first 10 hex of its SHA-256>.ext``."""
    digest = hashlib.sha256(path.read_bytes()).hexdigest()[:10]
    name = path.relative_to(root).as_posix()
    stem, dot, ext = name.rpartition(".")
    return f"{stem}.{digest}.{ext}" if dot else f"{name}.{digest}"


def init_app(app: Flask) -> None:
    app.config.setdefault("COMPRESS_MIMETYPES", COMPRESSED)
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_ALGORITHM_STREAMING", ["br", "gzip"])  # files are streamed
    app.config.setdefault("COMPRESS_MIN_SIZE", 500)
    Compress(app)
    app.jinja_env.globals["csp_nonce"] = csp_nonce

    @app.after_request
    def _security(response):
        response.headers["Content-Security-Policy"] = POLICY.format(nonce=csp_nonce())
        response.headers.update(HEADERS)
        return response

    root = Path(app.static_folder)
    by_hash = {hashed_name(path, root): path.relative_to(root).as_posix()
               for path in root.rglob("*") if path.is_file()}
    hashed = {name: hashed for hashed, name in by_hash.items()}

    @app.url_defaults
    def _static_by_content(endpoint, values):
        if endpoint == "static" and values.get("filename") in hashed:
            values["filename"] = hashed[values["filename"]]

    def static(filename: str):
        """A hashed name never changes its content: keep it a year. A plain name (a page
        cached before the file changed) is still served, checked each time."""
        if filename in by_hash:
            response = send_from_directory(root, by_hash[filename], max_age=YEAR)
            response.cache_control.immutable = True
            response.cache_control.public = True
            return response
        if filename not in hashed:
            abort(404, msg("There is no such file."))
        return send_from_directory(root, filename, max_age=0)

    app.view_functions["static"] = static
