"""Hidden information stays hidden: two Kingseat games that differ only in what is face down
get byte-identical answers from every endpoint, for every phone that did not enter the secret,
at every step until the Tell is revealed, the reveal's check and refused reveals included. On
the way one seat's phone lets go and another phone takes the seat: it sees nothing of the
Loyalty set before, and cannot set one; Salsa Salamanda is in every game.

The games are played at a simulated table with real cards (companion.games.kingseat.simulate),
so cards go into the Tell face down, come out at random, and Loyalties are set aside on the
players' phones. The twin game is the same table with other Loyalties set aside on some phones:
the identity of a face-down card never reaches the app at all (no form asks for it), so the two
records differ only in those secrets. Before this design (when the Tell was entered card by
card) this test failed at the first Slydefox: the export showed the face-down cards.
"""
from __future__ import annotations

import difflib
import random
import re

from conftest import Phone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.kingseat.simulate import play, random_options
from companion.web import create_app


def twin_records(rng: random.Random):
    """(options, entries A, entries B, the two players whose secrets differ): B is the same
    table with the first Loyalties of two players exchanged (players never touched by Salsa
    Salamanda's dark cards, so that the Loyalties set aside make the same set in both games at
    every step: a reveal is taken or refused alike, through the reveal)."""
    princes = ["slydefox", "squlofish", "lionsyre", "woolfhall", "salsa-salamanda"]
    options = random_options(rng, 4, princes)
    entries = list(play(rng, options, secrets=0.8))
    touched = set()
    for kind, payload, _ in entries:
        if kind == "move" and payload.get("card", "").startswith("salsa-salamanda-dark"):
            touched |= {payload["player"], payload.get("target", -1)}
    first = {}
    for kind, payload, p in entries:
        if kind == "secret" and p not in first:
            first[p] = payload["loyalty"]
    pairs = [(a, b) for a in sorted(first) for b in sorted(first)
             if a < b and first[a] != first[b] and not {a, b} & touched]
    changed = set(rng.choice(pairs)) if pairs else set()
    twin = []
    for kind, payload, player in entries:
        if kind == "secret" and player in changed:
            other = (changed - {player}).pop()
            payload = {"loyalty": first[other]}
        twin.append((kind, payload, player))
    return options, entries, twin, changed


def reveal_probes(rng: random.Random, true: dict) -> list[dict]:
    """Reveals to refuse (or take): the true Tell with a card too many, and with cards moved
    between kinds (some contradict what the table saw, or a Loyalty set aside on a phone)."""
    out = []
    kinds = sorted(true["tell"])
    for _ in range(3):
        tell = dict(true["tell"])
        frm = rng.choice(kinds)
        to = rng.choice(["lionsyre", "woolfhall", "salsa-salamanda", "squlofish",
                         "salsa-salamanda-dark1"])
        moved = tell[frm]
        tell[frm] = 0
        tell[to] = tell.get(to, 0) + moved
        out.append({"type": "reveal", "tell": tell})
    # last, the one also sent to /moves: refused whatever the Loyalties (a card too many)
    return out + [{"type": "reveal", "tell": {**true["tell"], "lionsyre": true["tell"].get(
        "lionsyre", 0) + 1}}]


def normalise(text: str, game_id: str) -> str:
    """Leave out what differs between any two games: the id, the join code, the times, the
    security token and the page's script nonce."""
    text = text.replace(game_id, "GAME")
    for before in (r"Join code ", r'id="join-code">', r'id="code-button"[^>]*>'):
        text = re.sub(f"({before})[A-Z0-9]{{6}}\\b", r"\1CODE", text)
    text = re.sub(r'"(at|created_at)": ?"[^"]*"', r'"\1": "T"', text)
    text = re.sub(r'(name="csrf[-_]token"[^>]*?(content|value)=")[^"]+', r"\1", text)
    text = re.sub(r'nonce="[^"]+"', 'nonce=""', text)
    return text


def answers(phone: Phone, game_id: str, seq: int, next_move: dict, probes: list[dict],
            pages: bool) -> list[str]:
    """What this phone can learn of the game now, from every endpoint (the page and the export
    when ``pages``: they are the slowest to ask)."""
    base = f"/api/games/{game_id}"
    got = [
        phone.get(base).get_data(as_text=True),
        phone.get(f"{base}?since={max(seq - 1, 0)}").get_data(as_text=True),
        phone.post(f"{base}/check", json={"move": next_move}).get_data(as_text=True),
        *(phone.post(f"{base}/check", json={"move": probe}).get_data(as_text=True)
          for probe in probes),
        phone.post(f"{base}/moves", json={"seq": seq, "move": probes[-1]}).get_data(as_text=True),
        phone.post(f"{base}/moves", json={"seq": seq + 7, "move": next_move}).get_data(as_text=True),
    ]
    if pages:
        got += [phone.get(f"/g/{game_id}").get_data(as_text=True),
                phone.get(f"{base}/export").get_data(as_text=True)]
    return [normalise(text, game_id) for text in got]


def probe_votes(options: dict, players: int) -> list[dict]:
    """Votes whose refusals could count cards: every player votes the same regular card (the
    refusal names the first voter the copies run out for), and the same dark card."""
    card = options["princes"][0]
    return [{"type": "vote", "votes": [card] * players},
            {"type": "vote", "votes": [card + "-dark1"] * players}]


@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1))
def test_games_differing_only_face_down_answer_alike(tmp_path_factory, seed):
    rng = random.Random(seed)
    options, entries_a, entries_b, changed = twin_records(rng)
    n = len(options["players"])
    folder = tmp_path_factory.mktemp("hidden")
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{folder / 'c.db'}",
                      "SECRET_KEY": "test"})
    try:
        # one phone a player, each holding its seat in both games, and one that holds none
        phones = [Phone(app) for _ in range(n)]
        table = Phone(app)
        games = []
        for _ in range(2):
            made = table.post("/api/games", json={"game": "kingseat", "options": options})
            assert made.status_code == 201, made.get_json()
            game_id = made.get_json()["game"]["id"]
            for player, phone in enumerate(phones):
                claimed = phone.post(f"/api/games/{game_id}/seat", json={"player": player})
                assert claimed.status_code == 200, claimed.get_json()
            games.append(game_id)
        watched = [table] + [phone for p, phone in enumerate(phones) if p not in changed][:1]
        probes = probe_votes(options, n)
        released = sorted(changed)[:1]  # this seat's phone lets go, and another phone takes it
        moves = sum(1 for kind, _, _ in entries_a if kind == "move")
        when = rng.randrange(1, max(2, moves // 2))
        seq = made = 0
        for i, ((kind, payload_a, player), (_, payload_b, _)) in enumerate(zip(entries_a,
                                                                               entries_b)):
            reveal = kind == "move" and payload_a["type"] == "reveal"
            if reveal:
                probes = reveal_probes(rng, payload_a)
            if kind == "move":
                made += 1
                if made == when and released:
                    thief = Phone(app)
                    for game in games:
                        phones[released[0]].post(f"/api/games/{game}/seat", json={"player": None})
                        taken = thief.post(f"/api/games/{game}/seat", json={"player": released[0]})
                        assert taken.status_code == 200, taken.get_json()
                    seq += 1  # the seat's change of phone is an entry
                    watched.append(thief)
                for phone in watched:
                    pages = seq % 4 == 0 or reveal or entries_a[i + 1][1].get("type") == "reveal"
                    seen = [answers(phone, game, seq, payload_a, probes, pages) for game in games]
                    for what, (a, b) in enumerate(zip(*seen)):
                        assert a == b, f"entry {seq + 1}, answer {what} differs:\n" + "\n".join(
                            difflib.unified_diff(a.splitlines(), b.splitlines(), n=0))[:1500]
                    checks = "".join(seen[0][2:3 + len(probes)]).replace(" ", "")
                    assert not reveal or '"loyalty":"' not in checks
                if released and made >= when:  # the new phone cannot set that seat's Loyalty
                    tried = [thief.post(f"/api/games/{game}/secret", json={"secret": {
                        "loyalty": "lionsyre"}}).get_data(as_text=True) for game in games]
                    assert tried[0] == tried[1] and '"rule":"seat"' in tried[0].replace(" ", "")
            for game, payload in zip(games, (payload_a, payload_b)):
                if kind == "secret":
                    stored = phones[player].post(f"/api/games/{game}/secret",
                                                 json={"secret": payload})
                else:
                    stored = table.post(f"/api/games/{game}/moves",
                                        json={"seq": seq, "move": payload})
                assert stored.status_code == 200, stored.get_json()
            seq += 1
            if reveal:
                break  # from here on the Tell and the Loyalties are open
        else:
            raise AssertionError("the game never reached the reveal")
        # the Loyalty set before the seat changed phones still counts at the reveal
        for game, entries in zip(games, (entries_a, entries_b)):
            ended = table.get(f"/api/games/{game}").get_json()["game"]
            assert ended["view"]["phase"] in ("over", "loyalty")
            for p in released:
                last = [pl for k, pl, who in entries if k == "secret" and who == p][-1]
                assert ended["view"]["players"][p]["loyalty"] == last["loyalty"]
    finally:
        app.extensions["store"].dispose()
