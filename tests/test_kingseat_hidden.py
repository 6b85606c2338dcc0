"""Hidden information stays hidden: two Kingseat games that differ only in what is face down
get byte-identical answers from every endpoint, for every phone that did not enter the secret,
at every step until the Tell is revealed.

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

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import Phone

from companion.games.kingseat.cards import PRINCE_IDS
from companion.games.kingseat.simulate import play, random_options
from companion.web import create_app


def twin_records(rng: random.Random):
    """(options, entries A, entries B, players whose secret differs): B sets other Loyalties
    aside on the phones of those players."""
    princes = ["slydefox", "squlofish", "lionsyre", "woolfhall"]  # the Tell's busiest princes
    princes.append(rng.choice([p for p in PRINCE_IDS if p not in princes]))
    options = random_options(rng, 4, princes)
    entries = list(play(rng, options, secrets=0.6))
    secret_players = sorted({p for kind, _, p in entries if kind == "secret"})
    changed = set(rng.sample(secret_players, min(2, len(secret_players))))
    twin = []
    for kind, payload, player in entries:
        if kind == "secret" and player in changed:
            others = [p for p in options["princes"] if p != payload["loyalty"]]
            payload = {"loyalty": others[player % len(others)]}
        twin.append((kind, payload, player))
    return options, entries, twin, changed


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


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
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
        seq = 0
        for (kind, payload_a, player), (_, payload_b, _) in zip(entries_a, entries_b):
            if kind == "move" and payload_a["type"] == "reveal":
                break  # from here on the Tell and the Loyalties are open
            if kind == "move":
                for phone in watched:
                    pages = seq % 4 == 0 or entries_a[seq + 1][1].get("type") == "reveal"
                    seen = [answers(phone, game, seq, payload_a, probes, pages) for game in games]
                    for what, (a, b) in enumerate(zip(*seen)):
                        assert a == b, f"entry {seq + 1}, answer {what} differs:\n" + "\n".join(
                            difflib.unified_diff(a.splitlines(), b.splitlines(), n=0))[:1500]
            for game, payload in zip(games, (payload_a, payload_b)):
                if kind == "secret":
                    stored = phones[player].post(f"/api/games/{game}/secret",
                                                 json={"secret": payload})
                else:
                    stored = table.post(f"/api/games/{game}/moves",
                                        json={"seq": seq, "move": payload})
                assert stored.status_code == 200, stored.get_json()
            seq += 1
        else:
            raise AssertionError("the game never reached the reveal")
        # the phones that entered a secret see their own, and nobody else's
        for p in changed:
            view = phones[p].get(f"/api/games/{games[1]}").get_json()["game"]["view"]
            last = [pl for k, pl, who in entries_b if k == "secret" and who == p][-1]
            assert view["you"]["loyalty"] == last["loyalty"]
            spectator = table.get(f"/api/games/{games[1]}").get_data(as_text=True)
            assert '"loyalty":"' + last["loyalty"] not in spectator.replace(" ", "")
    finally:
        app.extensions["store"].dispose()
