"""Royal Visit in French and German (issue 30), through the JSON API and the pages as a phone
in that language gets them (its Accept-Language, or the ``lang`` cookie it chose): the refusals
and the rule each names, the view's labels, the history lines, the end and its reason, the setup
page's refusals; the French edition's names on the cards (Visite Royale), the English cards'
names in German (no German edition). The English reading is tested everywhere else."""
from __future__ import annotations

import re

import pytest
from conftest import KING_ONTO_GUARD, KING_UP, create

from companion import language
from companion.games.royal_visit import ENGINE
from companion.games.royal_visit.simulate import table_game

FRENCH = {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.5"}
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
NBSP = "\u00a0"


def moved(phone, game_id: str, seq: int, move: dict, headers: dict) -> tuple[int, dict]:
    response = phone.post(f"/api/games/{game_id}/moves", json={"seq": seq, "move": move}, headers=headers)
    return response.status_code, response.get_json()


def test_a_refusal_and_its_rule_in_french_with_the_editions_names(phone):
    game = create(phone)
    status, body = moved(phone, game["id"], 0, KING_ONTO_GUARD, FRENCH)
    assert status == 422
    error = body["error"]
    assert error["rule"] == "court" and error["step"] == 1
    assert error["message"] == f"Carte 2 (Roi 1){NBSP}: le Roi doit rester strictement entre les deux Gardes."
    assert error["title"] == "La Cour"
    # the Wizard's power refused, the Jester named as the edition names him
    status, body = moved(phone, game["id"], 0, {"type": "summon", "pawn": "jester"}, FRENCH)
    assert (status, body["error"]["rule"]) == (422, "wizard-power")
    assert body["error"]["message"] == "Le Sorcier ne peut appeler que le Roi ou un Garde."
    assert body["error"]["title"] == "Le pouvoir du Sorcier"


def test_a_refusal_in_german_keeps_the_english_cards_names(phone):
    game = create(phone)
    status, body = moved(phone, game["id"], 0, KING_ONTO_GUARD, GERMAN)
    assert status == 422
    assert body["error"]["message"] == "Karte 2 (King 1): der König muss echt zwischen den beiden Wächtern bleiben."
    assert body["error"]["title"] == "Der Hofstaat"
    wrong_type = {"type": "play", "cards": [KING_UP["cards"][0],
                                            {"card": "wizard-2", "moves": [{"pawn": "wizard", "from": 1, "to": 3}]}]}
    status, body = moved(phone, game["id"], 0, wrong_type, GERMAN)
    assert body["error"]["rule"] == "one-type"
    assert body["error"]["message"] == ("Karte 2 (Wizard 2): in diesem Zug werden schon King-Karten gespielt, "
                                        "und ein Zug spielt nur eine Kartenart.")
    assert body["error"]["title"] == "Eine Kartenart pro Zug"


def test_the_lang_cookie_chooses_the_language_over_the_browsers(phone):
    game = create(phone)
    phone.client.set_cookie("lang", "de")
    status, body = moved(phone, game["id"], 0, KING_ONTO_GUARD, FRENCH)
    assert status == 422 and body["error"]["message"].startswith("Karte 2 (King 1): ")
    phone.client.set_cookie("lang", "fr")
    status, body = moved(phone, game["id"], 0, KING_ONTO_GUARD, GERMAN)
    assert body["error"]["message"].startswith(f"Carte 2 (Roi 1){NBSP}: ")


def test_the_view_and_the_history_read_in_french(phone):
    game = create(phone)
    status, body = moved(phone, game["id"], 0, KING_UP, FRENCH)
    assert status == 200
    after = body["game"]
    assert after["title"] == "Visite Royale"
    assert after["history"][-1]["text"] == "Ann a déplacé le Roi 0 → +1 (Roi 1)"
    last = after["view"]["last_turn"]
    assert last["cards"][0]["name"] == "Roi 1"
    assert last["cards"][0]["text"] == f"Roi 1{NBSP}: Roi 0 → +1"
    names = after["view"]["names"]
    assert names["pawns"] == {"king": "Roi", "guard": "Garde", "wizard": "Sorcier", "jester": "Fou"}
    assert [names["cards"][kind] for kind in ("king-1", "court", "guard-flank", "jester-middle")] == [
        "Roi 1", "Cour (2 Roi)", "Gardes de flanc", "Fou au centre"]
    # the same game read on a German phone: the English cards' names, German around them
    german = phone.get(f"/api/games/{game['id']}", headers=GERMAN).get_json()["game"]
    assert german["history"][-1]["text"] == "Ann zog: König 0 → +1 (King 1)"
    assert german["view"]["names"]["pawns"]["guard"] == "Wächter"
    assert german["view"]["names"]["cards"]["guard-1+1"] == "Guard 1+1"
    # and in English, as it always read
    english = phone.get(f"/api/games/{game['id']}", headers={"Accept-Language": "en"}).get_json()["game"]
    assert english["history"][-1]["text"] == "Ann moved the King 0 → +1 (King 1)"


@pytest.mark.parametrize(("lang", "reason", "line"), [
    ("fr", "Le Roi est entré dans le Château de Bob.", "{NBSP}; Bob a gagné"),
    ("de", "Der König hat das Schloss von Bob betreten.", "; Bob hat gewonnen"),
])
def test_every_history_line_and_the_end_of_a_whole_game_are_worded(lang, reason, line):
    """Seed 6 of the simulator ends with the King in Bob's Chateau: every line of it worded in
    the language holds none of the English words of its English line (names, numbers and the
    cards' names in brackets aside: German keeps the English cards' names)."""
    options, moves, final = table_game(6)
    state = ENGINE.new(options)
    for move in moves:
        after = ENGINE.apply(state, move)
        english = str(ENGINE.describe(move, options["players"], after=after))
        worded = language.word(ENGINE.describe(move, options["players"], after=after), lang)
        assert worded != english
        words = re.sub(r"\([^)]*\)", "", worded)
        for word in ("moved", "then", "the", "passed", "used", "power", "Crown", "won"):
            assert f" {word} " not in f" {words} ", worded
        state = after
    assert state == final
    assert language.word(ENGINE.result(final)["reason"], lang) == reason
    assert language.word(ENGINE.describe(moves[-1], options["players"], after=final), lang).endswith(
        line.replace("{NBSP}", NBSP))


def test_the_setup_pages_refusals_in_french_and_german(phone):
    fields = {"player_top": "Ann", "player_bottom": "Bob"}  # who got the Wizard left out
    phone.client.set_cookie("lang", "fr")
    page = phone.form("/new/royal_visit", fields)
    assert page.status_code == 422
    html = page.get_data(as_text=True)
    assert "Indiquez qui a reçu le Sorcier dans son Duché." in html
    assert "Nouvelle partie de" in html and "Joueur du Château du haut" in html
    position = {**fields, "wizard": "top", "start": "position", "turn": "top", "crown_side": "big", "king": "0",
                "guard_low": "-2", "guard_high": "2", "wizard_pos": "1", "crown": "0", "draw_pile": "38",
                "reshuffles": "0"}  # the Jester's space left empty
    phone.client.set_cookie("lang", "de")
    html = phone.form("/new/royal_visit", position).get_data(as_text=True)
    assert "Das Feld des Narren fehlt." in html
    assert "Spieler am oberen Schloss" in html


def test_a_position_refused_through_the_api_in_german(phone):
    position = {"king": 0, "guards": [-2, 2], "wizard": 1, "jester": -1, "crown": 0, "crown_side": "little",
                "draw_pile": 38, "reshuffles": 0, "turn": 0}
    response = phone.post("/api/games", json={"game": "royal_visit", "options": {
        "players": ["Ann", "Bob"], "position": position}}, headers=GERMAN)
    assert response.status_code == 422
    error = response.get_json()["error"]
    assert error["rule"] == "crown-side"
    assert error["message"] == ("Die Krone wechselt erst beim Mischen auf die kleine Seite, die kleine Seite "
                                "braucht also mindestens ein Mischen.")
    assert error["title"] == "Kronenseite und Mischen"
