"""The Statistics page, players and marks: games played to the end by the engines' simulators,
stored as the phones store them; every figure is computed again from the stored records
(tests/stats_games.py: each record's entries replayed, and what the game's engine says of the
last position: its ``outcome``), the same way for every game, never from companion.stats.
Runs on SQLite, and on PostgreSQL when it is named."""
from __future__ import annotations

import html
import re

import pytest
from conftest import device_of
from stats_games import GAMES, expected, outcome, play_all, simulated, store_game

from companion.engine import get_engine
from companion.store.tables import seats


def check(figures: dict, want: dict) -> None:
    """The page's figures (its JSON) against the ones worked out here."""
    assert figures["plays"] == want["plays"]
    got = {p["name"]: p for p in figures["players"]}
    assert set(got) == set(want["players"])
    for name, w in want["players"].items():
        p = got[name]
        assert (p["played"], p["won"], p["form"]) == (w["played"], w["won"], w["form"]), name
        assert p["rate"] == pytest.approx(w["rate"])
        assert {t["title"]: (t["played"], t["won"]) for t in p["titles"]} == w["titles"], name
        assert {r["name"]: (r["ahead"], r["behind"], r["level"]) for r in p["rivals"]} == \
            w["rivals"], name
        assert {s["game"]: (s["best"], pytest.approx(s["average"])) for s in p["scores"]} == \
            {game: (best, pytest.approx(avg)) for game, (best, avg) in w["scores"].items()}
        assert {lw["prince"]: lw["wins"] for lw in p["loyalty"]} == w["loyalty"], name
    assert {g["game"] for g in figures["games"]} == set(want["games"])
    for g in figures["games"]:
        w = want["games"][g["game"]]
        assert g["plays"] == w["plays"]
        assert {c["players"] for c in g["by_count"]} == set(w["by_count"])
        for c in g["by_count"]:
            assert {k: v for k, v in c.items() if k != "players"} == \
                pytest.approx(w["by_count"][c["players"]])
        if w["first"] is None:
            assert g["first"] is None
        else:
            assert (g["first"]["plays"], g["first"]["wins"]) == w["first"][:2]
            assert g["first"]["rate"] == pytest.approx(w["first"][2])
        assert {e["how"]: e["count"] for e in g["endings"]} == dict(w["endings"])
        assert g["turns"] == pytest.approx(w["turns"])
        assert g["minutes"] == pytest.approx(w["minutes"])


def cells(row: str) -> list[str]:
    return [html.unescape(re.sub(r"<[^>]+>", "", c)).replace("\xa0", " ").strip()
            for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]


def check_page(page: str, want: dict) -> None:
    """The numbers printed on the page are the same figures."""
    table = page.split('id="players-table"')[1].split("</table>")[0]
    rows = {c[0]: c[1:] for c in map(cells, re.findall(r"<tr data-player.*?</tr>", table, re.S))}
    assert rows == {name: [str(w["played"]), str(w["won"]), f"{round(100 * w['rate'])} %", w["form"]]
                    for name, w in want["players"].items()}
    for name, w in want["players"].items():
        block = page.split(f"<summary>{html.escape(name)}</summary>")[1].split("</details>")[0]
        rivals = {c[0]: tuple(map(int, c[1:]))
                  for c in map(cells, re.findall(r"<tr data-rival.*?</tr>", block, re.S))}
        assert rivals == w["rivals"], name
        titles = {c[0]: (int(c[1]), int(c[2])) for c in map(cells, re.findall(
            r"<tr><th scope=\"row\">.*?</tr>", block.split("</table>")[0], re.S))}
        assert titles == w["titles"], name
        scores = {c[0].removesuffix(" (lowest wins)"): (int(c[1]), c[2]) for c in map(
            cells, re.findall(r"<tr data-game.*?</tr>", block, re.S))}
        assert scores == {get_engine(game).title: (best, f"{round(avg, 1):g}")
                          for game, (best, avg) in w["scores"].items()}, name
        if w["loyalty"]:
            assert "Kingseat wins by loyalty: " + ", ".join(
                f"{prince} {wins}" for prince, wins in sorted(
                    w["loyalty"].items(), key=lambda pw: (-pw[1], pw[0]))) + "." in block
        else:
            assert "Kingseat wins by loyalty" not in block
    for game, w in want["games"].items():
        section = page.split(f'id="game-{game}"')[1].split("</section>")[0]
        assert f"{w['plays']} game" in section
        assert f"on average {w['turns']:.1f}".rstrip("0").rstrip(".") in section or \
            f"on average {round(w['turns'], 1):g} turns" in section
        for n, c in w["by_count"].items():
            row = cells(re.search(rf'<tr data-count="{n}">.*?</tr>', section, re.S).group(0))
            shown = [str(n), str(c["plays"])]
            if "average" in c:
                shown += [f"{round(c['average'], 1):g}", str(c["record"])]
            assert row == shown
        if w["first"]:
            plays, wins, rate = w["first"]
            assert f"The first player won {wins} of {plays} ({round(100 * rate)}" in section


# -- the tests ---------------------------------------------------------------------------------------
def test_every_figure_on_the_statistics_page_is_the_records_own(played, phone):
    store, ids = played
    want = expected(store, ids)
    # What the data set holds: a shared win, partners, and a name typed twice in two cases.
    plays = [outcome(store.load(game_id)) for game_id in ids]
    assert any(len({p["side"][s] for s in p["winners"]}) > 1 for p in plays)
    assert any(len(group) > 1 for p in plays for group in p["groups"])
    assert want["players"]["Bob"]["played"] == len(GAMES)
    assert sum(bool(w["loyalty"]) for w in want["players"].values()) == 2
    check(phone.get("/stats.json").get_json(), want)
    page = phone.get("/stats").get_data(as_text=True)
    check_page(page, want)
    assert page.count('<img src="data:image/svg+xml;base64,') >= 4  # wins, rates, two endings


def test_an_abandoned_game_changes_no_figure_and_is_kept(played, phone):
    store, ids = played
    before = phone.get("/stats.json").get_json()
    page_before = phone.get("/stats").get_data(as_text=True)
    extra = play_all(store, [("royal_visit", 5, ["Ann", "Fay"], False),
                             ("majesty", 8, ["Fay", "Bob"], False)], owner=device_of(phone))
    assert phone.form(f"/g/{extra[0]}/mark", {"status": "abandoned"}).status_code == 302
    assert phone.form(f"/g/{extra[1]}/mark", {"status": "wrong"}).status_code == 302
    game_page = phone.get(f"/g/{extra[0]}").get_data(as_text=True)
    assert "Marked <strong>abandoned</strong>" in game_page
    assert "Marked played wrong: kept, and left out of the statistics." in game_page
    after = phone.get("/stats.json").get_json()
    assert after == {**before, "left_out": 2}
    page = phone.get("/stats").get_data(as_text=True)
    assert without_tokens(page).replace("; 2 marked abandoned or played wrong, left out", "") \
        == without_tokens(page_before)
    assert len(store.load(extra[0]).entries) > 0  # kept, every entry
    # Taking the mark back: the game counts again, with every figure as the records say.
    phone.form(f"/g/{extra[0]}/mark", {"status": "counts"})
    check(phone.get("/stats.json").get_json(), expected(store, ids + extra[:1]))


def test_a_mark_that_is_not_one_is_refused_with_a_sentence(played, phone):
    _store, ids = played
    refused = phone.form(f"/g/{ids[0]}/mark", {"status": "deleted"})
    assert refused.status_code == 400
    assert "abandoned, played wrong, or counts" in refused.get_data(as_text=True)
    assert phone.form("/g/no-such-game/mark", {"status": "abandoned"}).status_code == 404


def without_tokens(page: str) -> str:
    """A page without its CSRF tokens (they carry the time they were made) and its charts'
    pictures (pygal numbers each drawing at random); the charts' words stay."""
    return re.sub(r'(csrf-token" content|name="csrf_token" value|img src)="[^"]+"', "", page)


def seats_of(store, name: str) -> int:
    from companion import players as people

    return sum(1 for seated in people.names_by_seat(store).values()
               for _, who in seated if who == name)


def test_a_rename_and_a_merge_move_every_play(app, phone):
    store = app.extensions["store"]
    ids = play_all(store, GAMES[:4], owner=device_of(phone))
    want = expected(store, ids)["players"]
    people = {p["name"]: p for p in phone.get("/stats.json").get_json()["players"]}
    bob = people["Bob"]["id"]

    renamed = phone.form("/players/rename", {"player": str(bob), "name": "Robert"})
    assert renamed.status_code == 302
    figures = {p["name"]: p for p in phone.get("/stats.json").get_json()["players"]}
    assert "Bob" not in figures and figures["Robert"]["played"] == want["Bob"]["played"] == 4
    assert figures["Robert"]["won"] == want["Bob"]["won"]
    assert seats_of(store, "Robert") == 4 and seats_of(store, "Bob") == 0
    assert "Robert" in phone.get(f"/g/{ids[0]}/bgstats.json").get_data(as_text=True)

    # Bobby turns out to be Robert too: his game moves over, and his spelling follows.
    bobby_game = play_all(store, [("royal_visit", 6, ["Bobby", "Cid"], False)],
                          owner=device_of(phone))[0]
    bobby = {p["name"]: p["id"] for p in phone.get("/stats.json").get_json()["players"]}["Bobby"]
    phone.form("/players/merge", {"keep": str(bob), "other": str(bobby)})
    figures = {p["name"]: p for p in phone.get("/stats.json").get_json()["players"]}
    assert "Bobby" not in figures and figures["Robert"]["played"] == 5
    assert seats_of(store, "Robert") == 5
    merged = phone.get(f"/g/{bobby_game}/bgstats.json").get_json(force=True)
    assert merged["players"][0]["name"] == "Robert"
    assert "also bob, bobby" in phone.get("/players").get_data(as_text=True)
    later = store_game(store, "royal_visit", *simulated("royal_visit", 7, ["BOBBY", "Ann"]),
                       owner=device_of(phone))
    phone.get("/stats")
    assert seats_of(store, "Robert") == 6
    assert store.load(later).options["players"][0] == "BOBBY"  # the record itself is untouched

    # Two people who sat at one table are not merged; a name taken is not given twice.
    ann = figures["Ann"]["id"]
    page = phone.client.post("/players/merge", data={"csrf_token": phone.token, "keep": str(ann),
                                                     "other": str(bob)}, follow_redirects=True)
    assert "played in the same game, so they are two people" in page.get_data(as_text=True)
    page = phone.client.post("/players/rename", data={"csrf_token": phone.token, "player": str(ann),
                                                      "name": "robert"}, follow_redirects=True)
    assert "Robert is already a player: merge the two instead." in page.get_data(as_text=True)
    page = phone.client.post("/players/rename", data={"csrf_token": phone.token, "player": "999999",
                                                      "name": "Zed"}, follow_redirects=True)
    assert "There is no such player" in page.get_data(as_text=True)
    assert seats_of(store, "Ann") == 4 and seats_of(store, "Robert") == 6


def test_setup_forms_suggest_names_as_first_typed(app, phone):
    store = app.extensions["store"]
    store.create("royal_visit", {"players": ["Ann", "bob"], "wizard": 0}, "x")
    store.create("royal_visit", {"players": ["ANN", "Bob"], "wizard": 0}, "x")
    for game in ("royal_visit", "majesty", "kings_court", "kingseat"):
        page = phone.get(f"/new/{game}").get_data(as_text=True)
        listed = re.search(r'<datalist id="known-players">(.*?)</datalist>', page).group(1)
        assert re.findall(r'<option value="([^"]+)">', listed) == ["Ann", "bob"]
        assert 'list="known-players"' in page


def test_without_statistics_nothing_lists_games_or_names(database_url, tmp_path):
    from conftest import Phone

    from companion.web import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": database_url, "SECRET_KEY": "t",
                      "STATISTICS": False})
    try:
        store = app.extensions["store"]
        game_id = play_all(store, GAMES[:1])[0]
        phone = Phone(app)
        for path in ("/stats", "/stats.json", "/players", "/export/archive.json",
                     "/export/plays.csv"):
            assert phone.get(path).status_code == 404, path
        assert phone.form("/players/rename", {"player": "1", "name": "X"}).status_code == 404
        assert "/stats" not in phone.get("/").get_data(as_text=True)
        assert '<datalist id="known-players"></datalist>' in \
            phone.get("/new/royal_visit").get_data(as_text=True)
        # A phone with the game's link still has the game and its exports.
        assert phone.get(f"/g/{game_id}").status_code == 200
        assert phone.get(f"/g/{game_id}/bgstats.json").status_code == 200
    finally:
        app.extensions["store"].dispose()


def test_the_home_page_links_the_statistics_page(phone):
    page = phone.get("/").get_data(as_text=True)
    assert 'href="/stats"' in page
    empty = phone.get("/stats").get_data(as_text=True)
    assert "0 finished games counted" in empty


def test_seats_are_linked_once_even_when_read_twice(played):
    store, _ids = played
    from companion import players as people

    people.sync(store)
    people.sync(store)
    with store.db.connect() as conn:
        count = conn.execute(seats.select()).all()
    assert len(count) == sum(len(players) for _, _, players, _ in GAMES)
