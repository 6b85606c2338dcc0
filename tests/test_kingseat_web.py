"""Kingseat through the web layer: the setup form (sets, prince boxes, leftovers, refusals),
the game page, votes and actions stored through the API, and the Tell kept face down."""
from __future__ import annotations

import json
import random
import re

from kingseat_support import FORM, STARTER, move, start

from companion.games.kingseat import ENGINE, PRINCES
from companion.games.kingseat.simulate import play, random_game, random_options


def page_payload(phone, game_id):
    page = phone.get(f"/g/{game_id}").get_data(as_text=True)
    found = re.search(r'<script id="payload" type="application/json">(.*?)</script>', page, re.S)
    return page, json.loads(found.group(1))


def test_the_setup_page_offers_players_princes_sets_and_rulings(phone):
    page = phone.get("/new/kingseat").get_data(as_text=True)
    assert all(f'name="player-{seat}"' in page for seat in range(12))
    # Three names required; the page says "published for 4 to 10 players" only beside a count
    # outside it (tests/test_kingseat_page.py), and the Kingseat's seat is asked.
    assert page.count("required") >= 4
    for prince in PRINCES:
        assert f'name="prince-{prince.id}"' in page and prince.action.split(":")[0] in page.replace("&#39;", "'")
    for name in ("starter", "medium", "advanced", "complete"):
        assert f'data-set="{name}"' in page
    assert 'name="leftovers"' in page and 'name="kingseat"' in page
    assert 'name="ruling-cards_per_prince"' in page and 'name="ruling-squlofish_dark_weight"' in page
    # A fresh form has the starter set ticked.
    ticked = re.findall(r'name="prince-([a-z-]+)" value="on" data-prince-box="[a-z-]+" checked', page)
    assert tuple(ticked) == tuple(p for p in (p.id for p in PRINCES) if p in STARTER)
    # The catalogue for the page's script: 12 princes (Salsa Salamanda's stripes), 36 cards, sets.
    catalogue = json.loads(
        re.search(r'<script id="catalogue" type="application/json">(.*?)</script>', page, re.S).group(1))
    assert len(catalogue["princes"]) == 12 and len(catalogue["kinds"]) == 36
    salsa = next(p for p in catalogue["princes"] if p["id"] == "salsa-salamanda")
    assert salsa["hex"] is None and len(salsa["stripes"]) >= 2
    assert catalogue["sets"]["advanced"] == ["woolfhall", "crassclamps", "squlofish", "salsa-salamanda"]
    assert len(catalogue["sets"]["complete"]) == 12


def test_the_form_with_ticked_princes_and_a_leftover_starts_the_game(phone):
    _game_id, game = start(phone, kingseat="2")
    view = game["view"]
    assert [p["name"] for p in view["players"]] == ["Ann", "Bob", "Cid", "Dee"]
    assert view["kingseat"] == 2 and view["king"] == 2 and view["players"][2]["king"]
    assert set(view["princes"]) == {*STARTER, "brownbeards"}
    assert view["deal"] == {"cards": 45, "per_hand": 11, "left_over": 1, "hand_start": 10, "cards_per_prince": 9}
    assert view["hands"] == [10, 10, 10, 10]
    assert view["tell"] == {"size": 1, "leftovers": ["monarchrys"]}
    assert view["phase"] == "vote" and view["round"] == 1
    assert view["give_cards"]["direction"] == "left"


def test_a_premade_set_by_name_blank_names_and_a_ruling(phone):
    fields = {f"prince-{p}": None for p in (*STARTER, "brownbeards")}
    _, game = start(phone, **fields, set="medium", leftovers="", **{"player-3": " ", "player-6": "Eve"},
                    kingseat="6", **{"ruling-cards_per_prince": "10"})
    view = game["view"]
    assert [p["name"] for p in view["players"]] == ["Ann", "Bob", "Cid", "Eve"]
    assert view["king"] == 3  # the field of player 7 holds the fourth name
    assert view["princes"] == ["slydefox", "brownbeards", "hardshell-hero", "smugwing"]
    assert view["deal"]["cards"] == 40 and view["deal"]["left_over"] == 0
    assert game["rulings"]["cards_per_prince"] == 10


def test_refusals_re_render_the_form_with_the_reason_and_the_fields(phone):
    cases = [
        ({"leftovers": ""}, "deal", "leaves 1 card over"),
        ({"leftovers": "monarchrys smugwing"}, "deal", "not 2"),
        ({"leftovers": "smugwing"}, "deal", "not in this game"),
        ({"prince-brownbeards": None, "prince-gulliballistas": None, "leftovers": ""}, "princes", "at least 4 princes"),
        ({"kingseat": "7"}, "kingseat", "Kingseat"),
        ({"player-1": "Ann"}, "players", ""),
    ]
    for changes, rule, words in cases:
        fields = {key: value for key, value in {**FORM, **changes}.items() if value is not None}
        refused = phone.form("/new/kingseat", {**fields, "ruling-cards_per_prince": "9"})
        page = refused.get_data(as_text=True)
        assert refused.status_code == 422, changes
        assert 'role="alert"' in page and words in page, (changes, page[:200])
        assert f'href="/rules/kingseat#{rule}"' in page, changes
        assert f'id="{rule}"' in phone.get("/rules/kingseat").get_data(as_text=True)
        # The table's entries come back: names, boxes ticked, the leftovers typed, the ruling.
        assert 'value="Dee"' in page
        assert re.search(r'name="prince-hornseeker" value="on" data-prince-box="hornseeker" checked', page)
        assert f'value="{fields.get("leftovers", "")}"' in page
        assert re.search(r'name="ruling-cards_per_prince" value="9"\s+checked', page)
    refused = phone.form("/new/kingseat", {**FORM, "ruling-cards_per_prince": "10", "leftovers": "x"})
    assert re.search(r'name="ruling-cards_per_prince" value="10"\s+checked', refused.get_data(as_text=True))


def test_the_game_page_renders_with_its_script_and_catalogue(phone, second_phone):
    game_id, _ = start(phone)
    page, payload = page_payload(phone, game_id)
    assert re.search(r"/static/kingseat\.[0-9a-f]{10}\.js", page)
    assert re.search(r"/static/kingseat\.[0-9a-f]{10}\.css", page) and 'id="catalogue"' in page
    assert "Kingseat.start(" in page and 'id="record"' in page and 'id="seats"' in page
    assert payload["view"]["players"][0]["name"] == "Ann" and payload["owner"]
    assert payload["urls"]["rules"] == "/rules/kingseat"
    # Another phone follows the same game, without the owner's rulings form.
    other, other_payload = page_payload(second_phone, game_id)
    assert other_payload["view"] == payload["view"] and not other_payload["owner"]
    assert 'id="rulings"' not in other


def test_a_vote_and_an_action_stored_through_the_api_show_on_the_page(phone):
    game_id, game = start(phone)
    check = phone.post(f"/api/games/{game_id}/check", json={"move": {
        "type": "vote", "votes": ["lionsyre", "hornseeker", "lionsyre", "hornseeker"]}})
    assert check.status_code == 200
    text = check.get_json()["view"]["last_vote"]["text"]
    assert "tie with 2 votes each" in text and "in the Kingseat itself" in text
    assert phone.get(f"/api/games/{game_id}").get_json()["game"]["seq"] == 0  # nothing stored

    game = move(phone, game, {"type": "vote", "votes": ["lionsyre-dark2", "brownbeards", "brownbeards", "hornseeker"]})
    _, payload = page_payload(phone, game_id)
    view = payload["view"]
    assert view["phase"] == "action" and view["last_vote"]["winner"] == "brownbeards"
    assert view["last_vote"]["text"] == "Brownbeards wins the round with 2 of 4 votes."
    assert view["action"]["name"] == "Ann" and view["action"]["card"] == "lionsyre-dark2"
    assert view["action"]["needs"] == {"face_down": 2} and set(view["action"]["may"]) == {"action", "swap", "pass"}
    assert view["tell"]["size"] == 3 and payload["to_move"] == 0

    game = move(phone, game, {"type": "action", "player": 0, "card": "lionsyre-dark2"})
    game = move(phone, game, {"type": "swap", "player": 3, "with": 0})  # Dee takes the Kingseat
    _, payload = page_payload(phone, game_id)
    view = payload["view"]
    assert view["round"] == 2 and view["phase"] == "vote" and view["king"] == 3
    assert view["tell"] == {"size": 5, "leftovers": ["monarchrys"]}
    assert view["hands"] == [7, 9, 9, 9] and view["give_cards"]["direction"] == "right"
    assert any("into the Tell" in line for line in view["last_events"])
    lines = [line["text"] for line in payload["history"]]
    assert lines[1] == ("Round 1 \u00b7 Ann used the Lionsyre (dark 2): the King put cards from "
                        "Ann's Hand into the Tell, face down")
    assert lines[2] == "Round 1 \u00b7 Dee swapped places and a card with Ann"
    assert payload["history"][2]["player"] == "Dee"


def test_refused_moves_name_their_rule_and_link_to_the_kingseat_rules(phone):
    game_id, _game = start(phone)
    rules = phone.get("/rules/kingseat").get_data(as_text=True)
    for body in (
        {"type": "vote", "votes": ["lionsyre", None, "lionsyre", "hornseeker"]},
        {"type": "vote", "votes": ["smugwing", "lionsyre", "lionsyre", "hornseeker"]},
        {"type": "pass", "player": 0},
    ):
        for path, payload in ((f"/api/games/{game_id}/check", {"move": body}),
                              (f"/api/games/{game_id}/moves", {"seq": 0, "move": body})):
            refused = phone.post(path, json=payload)
            assert refused.status_code == 422
            error = refused.get_json()["error"]
            assert error["url"] == f"/rules/kingseat#{error['rule']}"
            assert f'id="{error["rule"]}"' in rules
    assert phone.get(f"/api/games/{game_id}").get_json()["game"]["seq"] == 0


def test_the_tell_stays_face_down_until_the_end(phone):
    options = random_options(random.Random(3), players=5)
    moves, final = random_game(random.Random(4), options)
    created = phone.post("/api/games", json={"game": "kingseat", "options": options})
    game = created.get_json()["game"]
    for number, body in enumerate(moves):
        view = game["view"]
        if body["type"] != "loyalty":  # until the Tell is revealed
            assert set(view["tell"]) == {"size", "leftovers"}, number
        assert (view["result"] is None and view["loyalty_cards"] is None) or view["phase"] == "loyalty"
        game = move(phone, game, body)
        if number % 25 == 0:
            _, payload = page_payload(phone, game["id"])
            assert "cards" not in payload["view"]["tell"] or payload["view"]["phase"] != "vote"
    view = game["view"]
    assert view["phase"] == "over"
    assert sum(view["tell"]["cards"].values()) == view["tell"]["size"]
    assert view["tell"]["count"] == game["result"]["tally"]
    assert game["result"] == ENGINE.result(final)
    _, payload = page_payload(phone, game["id"])
    assert payload["view"]["tell"]["cards"] == view["tell"]["cards"]
    assert [p["loyalty"] for p in payload["view"]["players"]] == game["result"]["loyalties"]


def test_a_phone_holds_a_seat_and_keeps_its_loyalty_to_itself(app, phone, second_phone):
    game_id, game = start(phone)
    base = f"/api/games/{game_id}"
    assert game["seat"] is None and game["seats"] == [] and game["secrets"]
    refused = phone.post(f"{base}/secret", json={"secret": {"loyalty": "lionsyre"}})
    assert refused.status_code == 403 and "which player holds this phone" in \
        refused.get_json()["error"]["message"]
    held = phone.post(f"{base}/seat", json={"player": 1}).get_json()["game"]
    assert held["seat"] == 1 and held["seats"] == [1]
    taken = second_phone.post(f"{base}/seat", json={"player": 1})
    assert taken.status_code == 409
    assert taken.get_json()["error"]["message"] == \
        "Another phone already holds Bob's seat: let it go on that phone first."
    assert second_phone.post(f"{base}/seat", json={"player": 9}).status_code == 400
    assert second_phone.post(f"{base}/seat", json={"player": 2}).get_json()["game"]["seat"] == 2
    wrong = phone.post(f"{base}/secret", json={"secret": {"loyalty": "smugwing"}})
    assert wrong.status_code == 422 and "not in this game" in wrong.get_json()["error"]["message"]
    mine = phone.post(f"{base}/secret", json={"secret": {"loyalty": "hornseeker"}})
    game = mine.get_json()["game"]
    assert game["view"]["you"] == {"player": 1, "name": "Bob", "loyalty": "hornseeker",
                                   "loyalty_stale": False, "loyalty_version": 0,
                                   "held_back": False}
    assert game["history"][-1]["text"] == "Bob set their Loyalty aside on their phone"
    for other in (second_phone, app.test_client()):
        answer = other.get(base).get_data(as_text=True)
        assert '"loyalty":"hornseeker"' not in answer.replace(" ", "")
        assert '"loyalty_set":true' in answer.replace(" ", "")
        export = other.get(f"{base}/export").get_json()
        assert export["complete"] is False
        assert export["entries"][-1]["payload"] == {"player": 1, "secret": None}
        assert '"loyalty": "hornseeker"' not in json.dumps(export)
    own = phone.get(f"{base}/export").get_json()
    assert own["entries"][-1]["payload"]["secret"] == {"loyalty": "hornseeker"}
    # an export taken before the end cannot be imported: it lacks the secrets
    imported = second_phone.post("/api/import", json=second_phone.get(f"{base}/export").get_json())
    assert imported.status_code == 422 and "still kept secrets" in \
        imported.get_json()["error"]["message"]
    # letting the seat go
    assert phone.post(f"{base}/seat", json={"player": None}).get_json()["game"]["seat"] is None
    assert '"loyalty":"hornseeker"' not in phone.get(base).get_data(as_text=True).replace(" ", "")


def test_after_the_reveal_the_export_is_complete_and_imports(phone):
    options = random_options(random.Random(21), players=4)
    entries = list(play(random.Random(21), options, secrets=1.0))
    game = phone.post("/api/games", json={"game": "kingseat", "options": options}).get_json()["game"]
    base = f"/api/games/{game['id']}"
    for kind, payload, player in entries:
        if kind == "secret":
            phone.post(f"{base}/seat", json={"player": player})
            answer = phone.post(f"{base}/secret", json={"secret": payload})
            assert answer.status_code == 200, answer.get_json()
            game = answer.get_json()["game"]
        else:
            game = move(phone, game, payload)
    phone.post(f"{base}/seat", json={"player": None})
    assert game["view"]["phase"] == "over"
    export = phone.get(f"{base}/export").get_json()
    assert export["complete"] is True
    assert all(e["payload"]["secret"] for e in export["entries"] if e["kind"] == "secret")
    copy = phone.post("/api/import", json=export)
    assert copy.status_code == 201
    assert copy.get_json()["game"]["result"] == game["result"]


def test_the_pages_speak_french_and_german_catalogue_and_script_words_included(phone):
    """A phone whose browser speaks French or German gets the setup page and the game page in its
    language: the template's words, the catalogue the scripts read (prince names as printed, their
    actions and colours in our words) worded on the server, and every message the Kingseat scripts
    say carried in #script-messages, translated."""
    from companion import language
    from companion.script_extract import extract

    said = set()
    for path in sorted((language.SOURCES / "companion" / "static").glob("kingseat*.js")):
        with path.open("rb") as file:
            said |= {text if isinstance(text, str) else text[0] for _, _, text, _ in extract(file, None, None, {})}
    assert len(said) > 250  # the scripts' messages, those inside template literals included
    for lang, start_game, store_vote in (("fr", "Commencer la partie", "Valider le vote"),
                                         ("de", "Spiel starten", "Stimmen speichern")):
        headers = {"Accept-Language": lang}
        page = phone.get("/new/kingseat", headers=headers).get_data(as_text=True)
        assert f'<html lang="{lang}"' in page and start_game in page
        catalogue = json.loads(
            re.search(r'<script id="catalogue" type="application/json">(.*?)</script>', page, re.S).group(1))
        lionsyre = next(p for p in catalogue["princes"] if p["id"] == "lionsyre")
        assert lionsyre["name"] == "Lionsyre"  # as printed on the English cards: no edition
        assert lionsyre["action"] == language.word(PRINCES[0].action, lang) != str(PRINCES[0].action)
        messages = json.loads(re.search(r'<script id="script-messages" type="application/json">(.*?)</script>',
                                        page, re.S).group(1))
        assert messages["lang"] == lang
        assert said <= set(messages["messages"]), sorted(said - set(messages["messages"]))[:5]
        assert all(messages["messages"][text] for text in said)
        assert messages["messages"]["Store the vote"] == store_vote
