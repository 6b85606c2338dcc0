"""Offline spells for the whole-game drivers (issue 31), an option of its own: tests/test_whole_*.py
and benchmarks/table.py hand an :class:`OfflineSpells` to every phone they make
(``spells.join(phone)``), and :meth:`tests.phone.Phone.turn` calls it around each turn. At seeded
random turns:

- another phone of the table goes offline (its browser context) for the turn while this one goes
  on; it must say at once that it cannot reach the companion, and once back (at the end of the
  turn) catch up with the entry stored meanwhile;
- the answer to the entry this phone stores is lost on the way back (the entry reached the
  companion): the page takes itself for offline, sends the entry again with its key once the
  companion answers, and the companion must store it once.

:meth:`record_once` checks, for each game, that the record holds every entry exactly once: as
many entries as distinct keys the phones sent entries with (a repeat counts once), less those
refused (409, 422) and never answered 200. ``problems`` lists what went wrong (a strict run fails on it).
"""
from __future__ import annotations

import json
import random
import re
from contextlib import contextmanager
from urllib.parse import urlsplit

SOON = 3000  # ms a phone may take to say it cannot reach the companion
BACK = 15000  # ms to be back and caught up once online again
ENTRY = re.compile(r"/api/games/([^/?]+)/(moves|undo|redo|rulings|secret)$")


class OfflineSpells:
    def __init__(self, seed: int, rate: float = 0.12, strict: bool = True):
        self.random = random.Random(f"offline {seed}")
        self.rate = rate
        self.strict = strict
        self.phones: list = []
        self.keys: dict[str, set[str]] = {}  # game id -> keys of entries answered 200
        self.asked: dict[str, set[str]] = {}  # game id -> keys of every entry sent
        self.refused: dict[str, set[str]] = {}  # game id -> keys answered 409 or 422
        self.spells = 0  # phones taken offline
        self.lost = 0  # answers lost on the way back
        self.problems: list[str] = []
        self.sent: list[tuple] = []  # (what, seq, status, key's start) of every entry sent

    def join(self, phone) -> None:
        phone.offline = self
        self.phones.append(phone)
        phone.page.on("request", self._asked)
        phone.page.on("response", self._answered)
        phone.page.on("pageerror", lambda error: self.problems.append(f"the page failed: {error}"))

    def _asked(self, request) -> None:
        found = ENTRY.search(urlsplit(request.url).path)
        if request.method == "POST" and found:
            key = json.loads(request.post_data or "{}").get("key")
            if key:
                self.asked.setdefault(found.group(1), set()).add(key)

    def _answered(self, response) -> None:
        request = response.request
        found = ENTRY.search(urlsplit(request.url).path)
        if request.method != "POST" or not found:
            return
        body = json.loads(request.post_data or "{}")
        self.sent.append((found.group(2), body.get("seq"), response.status, (body.get("key") or "")[:6]))
        if response.status == 200 and body.get("key"):
            self.keys.setdefault(found.group(1), set()).add(body["key"])
        elif response.status in (409, 422) and body.get("key"):
            self.refused.setdefault(found.group(1), set()).add(body["key"])

    def _problem(self, what: str) -> None:
        if self.strict:
            raise AssertionError(what)
        self.problems.append(what)

    def _table(self, phone) -> list:
        path = urlsplit(phone.page.url).path
        return [other for other in self.phones if not other.page.is_closed()
                and urlsplit(other.page.url).path == path]

    @contextmanager
    def turn(self, phone):
        """Around one turn of ``phone``: maybe another phone of its table is offline during it
        (and must catch up with it after), maybe the answer to its entry is lost on the way."""
        table = self._table(phone)
        others = [other for other in table if other is not phone]
        away = self.random.choice(others) if others and self.random.random() < self.rate else None
        lose = self.random.random() < self.rate
        if away is not None:
            self._off(away)
        if lose:
            phone.page.route("**/api/games/*/moves", self._lose_once())
        try:
            yield
        finally:
            if lose:
                phone.page.unroute("**/api/games/*/moves")
            if away is not None:
                self._back(away, phone)

    def _lose_once(self):
        done = []

        def handler(route):
            if done or route.request.method != "POST":
                route.continue_()
                return
            done.append(route.fetch().status)  # the companion has it; the phone hears nothing
            self.lost += 1
            route.abort()

        return handler

    def _off(self, phone) -> None:
        from playwright.sync_api import expect

        self.spells += 1
        phone.page.context.set_offline(True)
        try:
            expect(phone.page.locator("#net.lost")).to_be_visible(timeout=SOON)
        except AssertionError:
            self._problem(f"a phone offline did not say so within {SOON} ms")

    def _back(self, phone, entering) -> None:
        """Online again: it says so and shows the entry the phone that went on stored."""
        from playwright.sync_api import expect

        phone.page.context.set_offline(False)
        count = entering.page.evaluate("document.body.dataset.entries")
        try:
            expect(phone.page.locator("#net.lost")).to_be_hidden(timeout=BACK)
            expect(phone.page.locator("body")).to_have_attribute("data-entries", count, timeout=BACK)
        except AssertionError:
            state = phone.page.evaluate("({lost: Companion.parts.net.lost, shown: document.body.dataset.entries,"
                                        " line: document.querySelector('#net').textContent})")
            self._problem(f"a phone back online did not catch up with entry {count}: {state}")

    def record_once(self, server_url: str) -> None:
        """Each game's record holds every entry the phones stored exactly once (once every phone
        has sent what waited: an answer lost at the last turn is sent again after the game's end
        showed, the poll having brought it)."""
        for phone in self.phones:
            if phone.page.is_closed():
                continue
            try:
                phone.page.wait_for_function("() => !window.Companion || !Companion.parts.net"
                                             " || (!Companion.parts.net.lost && !Companion.parts.net.waiting())",
                                             timeout=BACK)
            except Exception:  # Playwright's TimeoutError
                self._problem("a phone still has an entry waiting at the end")
        for game_id, asked in self.asked.items():
            phone = next(p for p in self.phones if not p.page.is_closed())
            entries = phone.page.request.get(f"{server_url}/api/games/{game_id}/export").json()["entries"]
            # every key sent made one entry, but those refused each time they were sent
            keys = asked - (self.refused.get(game_id, set()) - self.keys.get(game_id, set()))
            if len(entries) != len(keys):
                answered = {sent[1] for sent in self.sent if sent[2] == 200}
                unanswered = [(e["seq"], e["kind"]) for e in entries if e["seq"] not in answered]
                self._problem(f"game {game_id}: {len(entries)} entries stored for {len(keys)} sent "
                              f"(answers not 200: {[s for s in self.sent if s[2] != 200]}; "
                              f"entries no phone was answered 200 for: {unanswered})")
