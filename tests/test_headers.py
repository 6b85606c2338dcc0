"""Security headers, compression and static files by content (issue 13)."""
from __future__ import annotations

import gzip
import re
from html.parser import HTMLParser
from pathlib import Path

import brotli
import pytest
from conftest import create
from stats_games import simulated

from companion.web.headers import hashed_name

PAGES = ["/", "/print", "/rules/royal_visit", "/new/royal_visit", "/new/kings_court", "/new/kingseat",
         "/new/majesty"]


class Scripts(HTMLParser):
    """Every <script> of a page, and every inline event handler attribute."""

    def __init__(self):
        super().__init__()
        self.scripts: list[dict] = []
        self.handlers: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script":
            self.scripts.append(attrs)
        self.handlers += [name for name in attrs if name.startswith("on")]


def game_pages(phone) -> list[str]:
    """A page of each of the four games, with options their own simulators choose."""
    pages = [f"/g/{create(phone)['id']}"]
    for game in ("kings_court", "majesty", "kingseat"):
        options, _ = simulated(game, 7, ["Ann", "Bob", "Cid", "Dee"])
        response = phone.post("/api/games", json={"game": game, "options": options})
        assert response.status_code == 201, (game, response.get_json())
        pages.append(response.get_json()["game"]["urls"]["page"])
    return pages


def test_every_page_forbids_framing_sniffing_and_foreign_scripts(phone):
    for path in PAGES + game_pages(phone) + ["/api/games/nope", "/static/companion.css"]:
        response = phone.get(path)
        policy = response.headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy, path
        assert re.search(r"script-src 'self' 'nonce-[\w-]{16,}';", policy), path
        assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["X-Frame-Options"] == "DENY"
        assert response.headers["Referrer-Policy"] == "same-origin"


def test_inline_scripts_carry_this_answers_nonce_and_data_is_not_script(phone):
    for path in PAGES + game_pages(phone):
        response = phone.get(path)
        nonce = re.search(r"'nonce-([\w-]+)'", response.headers["Content-Security-Policy"]).group(1)
        page = Scripts()
        page.feed(response.get_data(as_text=True))
        assert page.handlers == [], path
        for script in page.scripts:
            if "src" in script or script.get("type") == "application/json":
                continue
            assert script.get("nonce") == nonce, (path, script)
    first = phone.get("/new/kings_court").headers["Content-Security-Policy"]
    assert first != phone.get("/new/kings_court").headers["Content-Security-Policy"]


def test_the_game_json_in_a_page_cannot_close_its_script_block(phone):
    game = create(phone, {"players": ["</script><script>x()", "Bob"], "wizard": 0})
    html = phone.get(f"/g/{game['id']}").get_data(as_text=True)
    assert "</script><script>x()" not in html
    assert "\\u003c/script\\u003e" in html


@pytest.mark.parametrize("path, kind", [
    ("/", "text/html"), ("/rules/kings_court", "text/html"), ("/static/kings_court.js", "javascript"),
    ("/static/companion.css", "text/css"), ("api", "application/json"),
])
def test_html_json_js_and_css_are_compressed(phone, path, kind):
    if path == "api":
        path = f"/api/games/{create(phone)['id']}"
    for encoding, decode in [("gzip", gzip.decompress), ("br", brotli.decompress)]:
        plain = phone.get(path)
        packed = phone.get(path, headers={"Accept-Encoding": encoding})
        assert kind in packed.headers["Content-Type"]
        assert packed.headers["Content-Encoding"] == encoding
        body = packed.get_data()
        assert len(body) < len(plain.get_data())
        if kind != "text/html":  # a page differs from one answer to the next (nonce, token)
            assert decode(body) == plain.get_data()
    assert "Content-Encoding" not in phone.get(path).headers


def test_static_files_are_linked_by_content_and_kept_a_year(phone, app, tmp_path):
    html = phone.get(f"/g/{create(phone)['id']}").get_data(as_text=True)
    links = re.findall(r'(?:src|href)="(/static/[^"]+)"', html)
    assert links and all(re.search(r"\.[0-9a-f]{10}\.(js|css|png|ico)$", link) for link in links)
    for link in links:
        response = phone.get(link)
        assert response.status_code == 200
        assert response.cache_control.max_age == 365 * 24 * 3600 and response.cache_control.immutable
        folder, file = link.removeprefix("/static/").rpartition("/")[::2]
        plain = file.split(".")
        name = f"{folder}/{plain[0]}.{plain[-1]}" if folder else f"{plain[0]}.{plain[-1]}"
        assert response.get_data() == Path(app.static_folder, name).read_bytes()
    # A page cached before a change still finds the file under its plain name, not kept.
    plain = phone.get("/static/companion.js")
    assert plain.status_code == 200 and plain.cache_control.max_age == 0
    assert phone.get("/static/companion.0000000000.js").status_code == 404
    assert phone.get("/static/../companion/store/games.py").status_code == 404


def test_a_changed_file_gets_a_new_name(tmp_path):
    script = tmp_path / "game.js"
    script.write_text("let a = 1;")
    before = hashed_name(script, tmp_path)
    script.write_text("let a = 2;")
    after = hashed_name(script, tmp_path)
    assert before != after and before.startswith("game.") and before.endswith(".js")
