"""The JSON API and the pages around it, through Flask's test client, as phones use them."""
from __future__ import annotations

import io
import json
import re

import numpy as np
import zxingcpp
from conftest import KING_ONTO_GUARD, KING_UP, OPTIONS, create
from PIL import Image


def test_setup_form_creates_a_game_and_opens_its_page(phone):
    response = phone.form("/new/royal_visit", {"player_top": "Ann", "player_bottom": "Bob", "wizard": "bottom"})
    assert response.status_code == 302
    page = phone.get(response.headers["Location"])
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Ann" in html and "Bob" in html
    game_id = response.headers["Location"].rsplit("/", 1)[-1]
    game = phone.get(f"/api/games/{game_id}").get_json()["game"]
    assert game["to_move"] == 1  # Bob got the Wizard, so Bob starts
    assert game["owner"] is True


def test_setup_form_refusal_says_why_and_stores_nothing(phone, app):
    response = phone.form("/new/royal_visit", {"player_top": "Ann", "player_bottom": "Ann", "wizard": "top"})
    assert response.status_code == 422
    assert 'role="alert"' in response.get_data(as_text=True)
    with app.app_context():
        store = app.extensions["store"]
        from sqlalchemy import func, select

        from companion.store.tables import games

        with store.db.connect() as conn:
            assert conn.execute(select(func.count()).select_from(games)).scalar_one() == 0


def test_a_legal_move_is_stored_and_returned(phone):
    game = create(phone)
    response = phone.post(f"/api/games/{game['id']}/moves", json={"seq": 0, "move": KING_UP})
    assert response.status_code == 200
    after = response.get_json()["game"]
    assert after["seq"] == 1
    assert after["view"]["pawns"]["king"] == 1
    assert after["history"][0]["player"] == "Ann"
    assert after["can_undo"] is True


def test_a_move_is_answered_with_the_view_of_the_player_the_phone_holds(phone, second_phone):
    game = create(phone)
    base = f"/api/games/{game['id']}"
    assert phone.post(f"{base}/seat", json={"player": 0}).status_code == 200
    assert second_phone.post(f"{base}/seat", json={"player": 1}).status_code == 200
    moved = phone.post(f"{base}/moves", json={"seq": 0, "move": KING_UP}).get_json()["game"]
    assert (moved["seat"], moved["seats"]) == (0, [0, 1])
    undone = second_phone.post(f"{base}/undo", json={"seq": 1}).get_json()["game"]
    assert (undone["seat"], undone["seats"]) == (1, [0, 1])
    assert second_phone.post(f"{base}/seat", json={"player": None}).status_code == 200
    redone = phone.post(f"{base}/redo", json={"seq": 2}).get_json()["game"]
    assert (redone["seat"], redone["seats"]) == (0, [0])


def test_an_illegal_move_names_the_rule_and_stores_nothing(phone):
    game = create(phone)
    response = phone.post(f"/api/games/{game['id']}/moves", json={"seq": 0, "move": KING_ONTO_GUARD})
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["step"] == 1
    assert error["url"] == f"/rules/royal_visit#{error['rule']}"
    assert "Guard" in error["message"]
    rules_page = phone.get("/rules/royal_visit").get_data(as_text=True)
    assert f'id="{error["rule"]}"' in rules_page
    assert phone.get(f"/api/games/{game['id']}").get_json()["game"]["seq"] == 0


def test_check_says_whether_a_move_would_stand_without_storing_it(phone):
    game = create(phone)
    ok = phone.post(f"/api/games/{game['id']}/check", json={"move": KING_UP})
    assert ok.status_code == 200 and ok.get_json()["view"]["pawns"]["king"] == 1
    refused = phone.post(f"/api/games/{game['id']}/check", json={"move": KING_ONTO_GUARD})
    assert refused.status_code == 422
    assert phone.get(f"/api/games/{game['id']}").get_json()["game"]["seq"] == 0


def test_the_second_phone_on_the_same_turn_is_told_the_table_moved_on(phone, second_phone):
    game = create(phone)
    first = phone.post(f"/api/games/{game['id']}/moves", json={"seq": 0, "move": KING_UP})
    assert first.status_code == 200
    second = second_phone.post(f"/api/games/{game['id']}/moves", json={"seq": 0, "move": KING_UP})
    assert second.status_code == 409
    body = second.get_json()
    assert "table moved on" in body["error"]["message"].lower()
    assert body["game"]["seq"] == 1 and body["game"]["view"]["pawns"]["king"] == 1


def test_polling_answers_204_until_the_table_moves(phone, second_phone):
    game = create(phone)
    assert second_phone.get(f"/api/games/{game['id']}?since=0").status_code == 204
    phone.post(f"/api/games/{game['id']}/moves", json={"seq": 0, "move": KING_UP})
    seen = second_phone.get(f"/api/games/{game['id']}?since=0")
    assert seen.status_code == 200 and seen.get_json()["game"]["seq"] == 1


def test_undo_and_redo(phone):
    game = create(phone)
    url = f"/api/games/{game['id']}"
    phone.post(f"{url}/moves", json={"seq": 0, "move": KING_UP})
    undone = phone.post(f"{url}/undo", json={"seq": 1}).get_json()["game"]
    assert undone["view"]["pawns"]["king"] == 0 and undone["can_redo"] and not undone["can_undo"]
    assert undone["history"][0]["undone"] is True
    redone = phone.post(f"{url}/redo", json={"seq": 2}).get_json()["game"]
    assert redone["view"]["pawns"]["king"] == 1 and redone["seq"] == 3
    refused = phone.post(f"{url}/redo", json={"seq": 3})
    assert refused.status_code == 422 and refused.get_json()["error"]["rule"] == "undo"


def test_export_and_import_round_trip(phone, second_phone):
    game = create(phone)
    url = f"/api/games/{game['id']}"
    phone.post(f"{url}/moves", json={"seq": 0, "move": KING_UP})
    phone.post(f"{url}/undo", json={"seq": 1})
    exported = phone.get(f"{url}/export")
    assert "attachment" in exported.headers["Content-Disposition"]
    record = exported.get_json()
    assert record["options"] == OPTIONS
    assert [e["kind"] for e in record["entries"]] == ["move", "undo"]
    assert record["result"] is None

    imported = second_phone.post("/api/import", json=record)
    assert imported.status_code == 201
    copy = imported.get_json()["game"]
    assert copy["id"] != game["id"] and copy["seq"] == 2 and copy["owner"] is True
    assert copy["view"] == phone.get(url).get_json()["game"]["view"]
    again = second_phone.get(f"/api/games/{copy['id']}/export").get_json()
    assert again["entries"] == record["entries"]


def test_import_from_the_home_page_upload(phone):
    game = create(phone)
    record = phone.get(f"/api/games/{game['id']}/export").get_data()
    response = phone.client.post(
        "/import",
        data={"csrf_token": phone.token, "record": (io.BytesIO(record), "game.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302 and response.headers["Location"].startswith("/g/")


def test_import_of_a_broken_or_tampered_record_is_refused(phone):
    broken = phone.post("/api/import", json={"format": "something else"})
    assert broken.status_code == 422 and broken.get_json()["error"]["rule"] == "import"
    game = create(phone)
    record = phone.get(f"/api/games/{game['id']}/export").get_json()
    record["entries"] = [{"seq": 0, "kind": "move", "player": 0, "at": "2026-01-01T00:00:00+00:00",
                          "payload": KING_ONTO_GUARD}]
    tampered = phone.post("/api/import", json=record)
    assert tampered.status_code == 422
    upload = phone.client.post(
        "/import",
        data={"csrf_token": phone.token, "record": (io.BytesIO(b"\x89PNG not json"), "x.json")},
        content_type="multipart/form-data",
        follow_redirects=True,
    )
    assert "could not be imported" in upload.get_data(as_text=True)


def test_unknown_game(phone):
    missing = phone.get("/api/games/nope")
    assert missing.status_code == 404 and missing.get_json()["error"]["rule"] == "unknown-game"
    assert phone.post("/api/games/nope/moves", json={"seq": 0, "move": KING_UP}).status_code == 404
    assert phone.get("/g/nope").status_code == 404
    assert phone.get("/rules/chess").status_code == 404


def test_malformed_requests_get_a_clear_error(phone):
    game = create(phone)
    url = f"/api/games/{game['id']}/moves"
    not_json = phone.post(url, data="{not json", headers={"Content-Type": "application/json"})
    assert not_json.status_code == 400 and "JSON" in not_json.get_json()["error"]["message"]
    assert phone.post(url, json=[1, 2]).status_code == 400
    no_seq = phone.post(url, json={"move": KING_UP})
    assert no_seq.status_code == 400 and "seq" in no_seq.get_json()["error"]["message"]
    nonsense = phone.post(url, json={"seq": 0, "move": {"type": "teleport"}})
    assert nonsense.status_code == 422
    huge = phone.post(url, data=b"x" * (3 * 1024 * 1024), headers={"Content-Type": "application/json"})
    assert huge.status_code == 413
    assert phone.get(f"/api/games/{game['id']}").get_json()["game"]["seq"] == 0


def test_posts_without_the_pages_token_are_refused(phone):
    game = create(phone)
    forged = phone.client.post(f"/api/games/{game['id']}/moves", json={"seq": 0, "move": KING_UP})
    assert forged.status_code == 400 and forged.get_json()["error"]["rule"] == "csrf"
    form = phone.client.post(f"/g/{game['id']}/delete")
    assert form.status_code == 400
    assert phone.get(f"/api/games/{game['id']}").get_json()["game"]["seq"] == 0


def test_only_the_creating_phone_may_delete_or_change_rulings(phone, second_phone):
    game = create(phone)
    url = f"/api/games/{game['id']}"
    assert second_phone.get(url).get_json()["game"]["owner"] is False
    towards = {"seq": 0, "rulings": {"direction": "towards-mover"}}
    assert second_phone.post(f"{url}/rulings", json=towards).status_code == 403
    assert second_phone.form(f"/g/{game['id']}/delete", {}).status_code == 403
    changed = phone.post(f"{url}/rulings", json={"seq": 0, "rulings": {"direction": "towards-mover"}})
    assert changed.status_code == 200
    assert changed.get_json()["game"]["rulings"]["direction"] == "towards-mover"
    deleted = phone.form(f"/g/{game['id']}/delete", {})
    assert deleted.status_code == 302
    assert phone.get(url).status_code == 404


def read_qr(browser, svg: str) -> list[str]:
    """What a QR reader (zxing-cpp) reads in an SVG image as Chromium draws it."""
    page = browser.new_page()
    try:
        page.set_content(f'<body style="margin:0;background:#fff">{svg}</body>')
        png = page.locator("svg").screenshot()
    finally:
        page.close()
    image = np.asarray(Image.open(io.BytesIO(png)).convert("L"))
    return [code.text for code in zxingcpp.read_barcodes(image)]


def test_the_game_page_shows_a_qr_code_of_its_own_link(phone, browser):
    game = create(phone)
    page = phone.get(f"/g/{game['id']}", base_url="http://table.local:8000").get_data(as_text=True)
    link = f"http://table.local:8000/g/{game['id']}?joined=1"
    assert link in page
    svg = phone.get(f"/g/{game['id']}/qr.svg", base_url="http://table.local:8000")
    assert svg.mimetype == "image/svg+xml"
    assert read_qr(browser, svg.get_data(as_text=True)) == [link]


def test_a_host_on_localhost_shows_the_other_phones_an_address_they_can_reach(phone, monkeypatch,
                                                                           browser):
    from companion import lan

    monkeypatch.setattr(lan, "lan_address", lambda: "192.168.1.23")
    game = create(phone)
    for host in ("http://localhost:8000", "http://127.0.0.1:8000"):
        page = phone.get(f"/g/{game['id']}", base_url=host).get_data(as_text=True)
        assert f"http://192.168.1.23:8000/g/{game['id']}?joined=1" in page
        assert f"{host}/g/" not in page
    svg = phone.get(f"/g/{game['id']}/qr.svg", base_url="http://localhost:8000")
    assert read_qr(browser, svg.get_data(as_text=True)) == [
        f"http://192.168.1.23:8000/g/{game['id']}?joined=1"]


def test_join_by_code_or_link_and_home_lists_the_phones_games(phone, second_phone):
    game = create(phone)
    by_link = second_phone.form("/join", {"code": f"http://table.local:8000/g/{game['id']}"})
    assert by_link.headers["Location"] == f"/g/{game['id']}?joined=1"
    second_phone.get(by_link.headers["Location"])
    assert "Ann v Bob" in second_phone.get("/").get_data(as_text=True)
    wrong = second_phone.form("/join", {"code": "not-a-game"})
    assert wrong.status_code == 404 and "No game has that code" in wrong.get_data(as_text=True)
    assert 'value="not-a-game"' in wrong.get_data(as_text=True)  # the field keeps what was typed


def test_a_short_join_code_typed_in_any_case(phone, second_phone):
    game = create(phone)
    page = phone.get(f"/g/{game['id']}").get_data(as_text=True)
    code = re.search(r'<p class="join-code" id="join-code">([^<]+)</p>', page).group(1)
    assert re.fullmatch(r"[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}", code)
    assert phone.get(f"/g/{game['id']}").get_data(as_text=True).count(code) >= 2  # the same code
    for typed in (code, code.lower(), f" {code[:3]}-{code[3:].lower()} "):
        joined = second_phone.form("/join", {"code": typed})
        assert joined.headers["Location"] == f"/g/{game['id']}?joined=1", typed
    other = next(c for c in ("222222", "ZZZZZZ") if c != code)
    wrong = second_phone.form("/join", {"code": other})
    assert wrong.status_code == 404 and "No game has that code" in wrong.get_data(as_text=True)
    # Deleting the game frees its code.
    phone.form(f"/g/{game['id']}/delete", {})
    gone = second_phone.form("/join", {"code": code})
    assert gone.status_code == 404 and "No game has that code" in gone.get_data(as_text=True)


def test_a_favicon_and_a_web_app_manifest(phone):
    assert phone.get("/favicon.ico").status_code == 200
    manifest = phone.get("/manifest.webmanifest")
    assert manifest.mimetype == "application/manifest+json"
    body = manifest.get_json(force=True)
    assert body["display"] == "standalone" and body["start_url"] == "/"
    sizes = {icon["sizes"] for icon in body["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in body["icons"]:
        image = phone.get(icon["src"])
        assert image.status_code == 200 and image.mimetype == "image/png"
    page = phone.get("/").get_data(as_text=True)
    assert 'rel="manifest"' in page and 'rel="icon"' in page


def test_pages_ship_their_own_static_files(phone):
    game = create(phone)
    page = phone.get(f"/g/{game['id']}").get_data(as_text=True)
    assert "http://" not in re.sub(rf"http://[^/\"]+/g/{game['id']}\?joined=1", "", page)
    assert "https://" not in page
    for asset in ("companion.css", "companion.js", "companion_answers.js", "companion_seat.js", "companion_screen.js",
                  "companion_scan.js", "companion_table.js", "royal_visit.js", "royal_visit.css"):
        assert phone.get(f"/static/{asset}").status_code == 200
    payload = page.split('<script id="payload" type="application/json">')[1].split("</script>")[0]
    assert json.loads(payload)["id"] == game["id"]


def test_a_table_under_way_starts_from_its_position(phone):
    fields = {"player_top": "Ann", "player_bottom": "Bob", "wizard": "top", "start": "position",
              "king": "3", "guard_low": "1", "guard_high": "5", "wizard_pos": "-4", "jester": "6",
              "crown": "-2", "crown_side": "little", "draw_pile": "12", "reshuffles": "1", "turn": "bottom"}
    created = phone.form("/new/royal_visit", fields)
    assert created.status_code == 302
    game = phone.get("/api" + created.headers["Location"].replace("/g/", "/games/")).get_json()["game"]
    view = game["view"]
    assert view["pawns"] == {"king": 3, "guards": [1, 5], "wizard": -4, "jester": 6}
    assert view["crown"] == {"position": -2, "side": "little"}
    assert (view["draw_pile"], view["reshuffles"], game["to_move"]) == (12, 1, 1)

    for change, reason in (({"king": "6"}, "between"), ({"crown": "8"}, "Crown"), ({"draw_pile": "60"}, "draw pile")):
        refused = phone.form("/new/royal_visit", {**fields, **change})
        assert refused.status_code == 422
        assert reason in refused.get_data(as_text=True)


def test_a_new_game_with_the_same_players_and_rulings_fills_every_setup_form(phone):
    """The end's "New game, same players": each game's setup page, by the engine's own fields,
    shows the names typed and the rulings in force checked."""
    from urllib.parse import urlencode

    import companion.games  # noqa: F401  (registers every engine)
    from companion.engine import REGISTRY, again_form

    names = ["Ann", "Bob", "Cid", "Dee"]
    for game, engine in REGISTRY.items():
        players = names[:2] if game == "royal_visit" else names
        rulings = {ruling.id: ruling.choices[-1][0] for ruling in engine.rulings}
        page = phone.get(f"/new/{game}?" + urlencode(again_form(engine, {"players": players}, rulings)))
        html = page.get_data(as_text=True)
        for name in players:
            assert f'value="{name}"' in html, (game, name)
        for ruling in engine.rulings:
            checked = re.search(rf'name="ruling-{ruling.id}" value="([^"]*)"\s*checked', html)
            assert checked and checked.group(1) == str(ruling.choices[-1][0]), (game, ruling.id)
