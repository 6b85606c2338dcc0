"""Majesty through the web layer: setup form, a scored turn with its chips, refusals with links."""
from __future__ import annotations

import json
import re

import pytest

DISPLAY = ["miller", "brewer", "witch", "guard", "knight", "noble"]
FORM = {"player-0": "Ann", "player-1": "Bob", "player-2": "", "player-3": "", "first": "1",
        "sides": "A", "deck": "standard", **{f"display-{i}": kind for i, kind in enumerate(DISPLAY)}}


def start(phone, **changes):
    created = phone.form("/new/majesty", {**FORM, **changes})
    assert created.status_code == 302, created.get_data(as_text=True)
    game_id = created.headers["Location"].rsplit("/", 1)[-1]
    return game_id, phone.get(f"/api/games/{game_id}").get_json()["game"]


def test_the_setup_form_starts_a_game_with_the_knight_holder_first(phone):
    game_id, game = start(phone)
    view = game["view"]
    assert game["to_move"] == 1  # Bob holds the knight worker card
    assert [card["card"] for card in view["display"]] == DISPLAY
    assert view["deck"]["count"] == 33 - 6
    page = phone.get(f"/g/{game_id}").get_data(as_text=True)
    assert re.search(r"/static/majesty\.[0-9a-f]{10}\.js", page) and "Ann" in page


def test_a_turn_is_scored_and_the_chips_to_take_are_said(phone):
    game_id, _game = start(phone)
    move = {"type": "take", "slot": 0, "new_card": "brewer"}  # Bob takes the free Miller
    after = phone.post(f"/api/games/{game_id}/moves", json={"seq": 0, "move": move}).get_json()["game"]
    bob = after["view"]["players"][1]
    assert bob["points"] == 2 and bob["realm"]["mill"] == ["miller"]
    last = {p["name"]: p for p in after["view"]["last_turn"]["players"]}
    assert last["Bob"]["lines"][0]["points"] == 2
    assert last["Bob"]["chips"]["take"] == {"2": 1}
    assert after["view"]["display"][-1]["card"] == "brewer"
    assert after["history"][0]["player"] == "Bob"


def test_refusals_name_their_rule_and_link_to_the_majesty_rules(phone):
    game_id, _ = start(phone)
    for move in (
        {"type": "take", "slot": 9, "new_card": "brewer"},
        {"type": "take", "slot": 0, "as": "witch", "new_card": "brewer"},
        {"type": "take", "slot": 0},
    ):
        refused = phone.post(f"/api/games/{game_id}/moves", json={"seq": 0, "move": move})
        assert refused.status_code == 422
        error = refused.get_json()["error"]
        assert error["url"] == f"/rules/majesty#{error['rule']}"
        assert f'id="{error["rule"]}"' in phone.get("/rules/majesty").get_data(as_text=True)
    assert phone.get(f"/api/games/{game_id}").get_json()["game"]["seq"] == 0


def test_a_bad_setup_is_refused_with_the_reason(phone):
    refused = phone.form("/new/majesty", {**FORM, "display-5": "dragon"})
    assert refused.status_code == 422
    assert 'role="alert"' in refused.get_data(as_text=True)


def test_a_table_under_way_starts_from_its_position_and_impossible_ones_are_refused(phone):
    import json

    blank = {"points": 0, "meeples": 5, "realm": {}, "infirmary": []}
    players = [
        {"points": 14, "meeples": 3, "realm": {"mill": ["miller", "miller-brewer"], "castle": ["noble"]},
         "infirmary": ["knight"]},
        {"points": 9, "meeples": 4, "realm": {"brewery": ["brewer", "brewer"], "inn": ["innkeeper"]}, "infirmary": []},
        blank, blank,
    ]
    fields = {**FORM, "first": "0", "start": "position", "turn": "1", "position": json.dumps({"players": players}),
              **{f"display_meeples-{i}": str(i % 2) for i in range(6)}}
    _game_id, game = start(phone, **fields)
    view = game["view"]
    assert game["to_move"] == 1
    ann, _bob = view["players"]
    assert (ann["points"], ann["meeples"], ann["cards"]) == (14, 3, 4)
    assert ann["realm"]["mill"] == ["miller", "miller-brewer"] and [c["card"] for c in ann["infirmary"]] == ["knight"]
    assert [slot["meeples"] for slot in view["display"]] == [0, 1, 0, 1, 0, 1]

    uneven = [dict(players[0]), dict(players[1], realm={"brewery": ["brewer"]}), blank, blank]
    refused = phone.form("/new/majesty", {**fields, "position": json.dumps({"players": uneven})})
    assert refused.status_code == 422 and 'role="alert"' in refused.get_data(as_text=True)
    too_many = [dict(players[0], realm={"cottage": ["witch"] * 6}, infirmary=[]),
                dict(players[1], realm={"brewery": ["brewer"] * 5}), blank, blank]
    refused = phone.form("/new/majesty", {**fields, "position": json.dumps({"players": too_many})})
    assert refused.status_code == 422
    assert "Witch" in refused.get_data(as_text=True)  # six Witches: the deck holds five


def test_more_says_every_option_in_force_in_words_not_an_empty_rulings_line(phone):
    """Issue 21: *More* said "Rulings in force: ." for Majesty, which has sides, not rulings."""
    game_id, _ = start(phone, sides="B")
    page = phone.get(f"/g/{game_id}").get_data(as_text=True)
    more = re.search(r'<p class="small" id="options-in-force">(.*?)</p>', page, re.S)
    assert more and "All on side B" in more.group(1)
    assert "Rulings in force: ." not in re.sub(r"\s+", " ", page)
    # ... and in the phone's language, line by line as the engine says them
    french = phone.get(f"/g/{game_id}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    line = re.search(r'<p class="small" id="options-in-force">(.*?)</p>', french, re.S).group(1)
    assert line and "All on side B" not in line and "B" in line


# -- in French and in German: the phone's language, the editions' names -----------------------

def speaks(phone, lang):
    """The phone chooses its language as a player does (the buttons under *More*)."""
    assert phone.form("/language", {"lang": lang, "next": "/"}).status_code == 303


REFUSALS = {  # the move, then in each language the sentence and the rule's title
    "fr": [({"type": "take", "slot": 0},
            "La pioche contient encore 27 cartes\u00a0: dites quelle carte a été retournée dans "
            "la rivière.", "Compléter la rivière"),
           ({"type": "take", "slot": 9, "new_card": "brewer"},
            "Il n'y a pas de carte à la place 9\u00a0: les places de la rivière vont de 0 (l'avant) "
            "à 5.", "La rivière"),
           ({"type": "take", "slot": 0, "as": "witch", "new_card": "brewer"},
            "Pas cette moitié\u00a0: la carte Meunière ne montre que Meunière.", "Cartes doubles")],
    "de": [({"type": "take", "slot": 0},
            "Der Stapel hat noch 27 Karten: Sag, welche Karte in die Auslage aufgedeckt wurde.",
            "Die Auslage auffüllen"),
           ({"type": "take", "slot": 9, "new_card": "brewer"},
            "Auf Platz 9 liegt keine Karte: Die Plätze der Auslage gehen von 0 (vorne) bis 5.",
            "Die Auslage"),
           ({"type": "take", "slot": 0, "as": "witch", "new_card": "brewer"},
            "Nicht diese Hälfte: Die Karte Müllerin zeigt nur Müllerin.", "Doppelkarten")],
}


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_refusals_are_said_in_the_phones_language_with_the_rule_they_break(phone, lang):
    game_id, _ = start(phone)
    speaks(phone, lang)
    for move, sentence, title in REFUSALS[lang]:
        refused = phone.post(f"/api/games/{game_id}/moves", json={"seq": 0, "move": move})
        assert refused.status_code == 422
        error = refused.get_json()["error"]
        assert (error["message"], error["title"]) == (sentence, title)
        assert error["url"] == f"/rules/majesty#{error['rule']}"
    rules = phone.get("/rules/majesty").get_data(as_text=True)
    assert all(f">{title}<" in rules for _, _, title in REFUSALS[lang])


EDITIONS = {  # the display (miller, brewer, witch, guard, knight, noble) and the eight locations
    "fr": (["Meunière", "Brasseur", "Sorcière", "Garde", "Soldat", "Noble"],
           ["Moulin", "Brasserie", "Herboristerie", "Tour de guet", "Caserne", "Taverne", "Château",
            "Dispensaire"]),
    "de": (["Müllerin", "Brauer", "Hexe", "Wache", "Soldat", "Adlige"],
           ["Mühle", "Brauerei", "Hexenhaus", "Wachturm", "Kaserne", "Taverne", "Schloss",
            "Lazarett"]),
}


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_view_names_the_cards_as_the_editions_print_them(phone, lang):
    game_id, _ = start(phone, **{"display-0": "miller-brewer"})
    speaks(phone, lang)
    view = phone.get(f"/api/games/{game_id}").get_json()["game"]["view"]
    cards, locations = EDITIONS[lang]
    assert view["display"][0]["name"] == f"{cards[0]}/{cards[1]}"
    assert [card["name"] for card in view["display"][1:]] == cards[1:]
    assert [location["name"] for location in view["locations"]] == locations
    assert view["names"]["characters"] == dict(zip(
        ("miller", "brewer", "witch", "guard", "knight", "innkeeper", "noble"),
        [*cards[:5], {"fr": "Tavernier", "de": "Wirt"}[lang], cards[5]]))
    assert view["names"]["kinds"]["miller-brewer"] == f"{cards[0]}/{cards[1]}"
    english = ("Miller", "Brewer", "Witch", "Guard", "Knight", "Innkeeper", "Mill", "Brewery",
               "Cottage", "Guardhouse", "Barracks", "Castle", "Infirmary", "side ", "per ")
    shown = json.dumps([view["locations"], view["in_force"], view["deck"]], ensure_ascii=False)
    assert [word for word in english if word in shown] == []


@pytest.mark.parametrize("lang, line", [
    ("fr", "Bob a pris la carte Meunière/Brasseur comme Brasseur (gratuite)\u00a0: +3\u00a0; "
           "a retourné la carte Sorcière"),
    ("de", "Bob nahm Müllerin/Brauer als Brauer (gratis): +3; deckte Hexe auf"),
])
def test_history_lines_and_the_turn_report_are_in_the_phones_language(phone, lang, line):
    game_id, _ = start(phone, **{"display-0": "miller-brewer"})
    speaks(phone, lang)
    move = {"type": "take", "slot": 0, "as": "brewer", "new_card": "witch"}
    after = phone.post(f"/api/games/{game_id}/moves", json={"seq": 0, "move": move}).get_json()["game"]
    assert after["history"][0]["text"] == line
    why = [entry["why"] for entry in after["view"]["last_turn"]["players"][0]["lines"]]
    assert why == [{"fr": "2 points et 1 meeple par Brasseur",
                    "de": "2 Punkte und 1 Meeple je Brauer"}[lang]] + why[1:]
