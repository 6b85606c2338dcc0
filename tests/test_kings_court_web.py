"""King's Court through the web layer: the setup form, a hand scored and corrected, the arbiter
asked from a phone, a hand followed card by card, refusals with links to the rules page."""
from __future__ import annotations

import re

import pytest

FORM = {"player-0": "Ann", "player-1": "Bob", "player-2": "Cid", "player-3": "Dee",
        "partnerships": "none", "limit": "500", "selection": "kc+kd", "first_dealer": "0"}


def start(phone, **changes):
    created = phone.form("/new/kings_court", {**FORM, **changes})
    assert created.status_code == 302, created.get_data(as_text=True)
    game_id = created.headers["Location"].rsplit("/", 1)[-1]
    return game_id, phone.get(f"/api/games/{game_id}").get_json()["game"]


def move(phone, game_id, seq, body):
    return phone.post(f"/api/games/{game_id}/moves", json={"seq": seq, "move": body})


def test_the_setup_form_makes_partnerships_a_limit_chosen_cards_and_carried_totals(phone):
    game_id, game = start(phone, partnerships="opposite", limit="750", selection="custom",
                          **{"extra-dark-knight": "1", "extra": "purple-1 purple-2",
                             "carried-0": "40", "carried-1": "60", "first_dealer": "2"})
    view = game["view"]
    assert [side["name"] for side in view["sides"]] == ["Ann & Cid", "Bob & Dee"]
    assert [side["total"] for side in view["sides"]] == [40, 60]
    assert view["limit"] == 750 and view["dealer"] == 2
    cards = {card["id"] for card in view["cards"]}
    assert {"dark-knight", "purple-1", "purple-2", "gold-7"} <= cards
    assert "queen" not in cards and "purple-3" not in cards
    page = phone.get(f"/g/{game_id}").get_data(as_text=True)
    assert re.search(r"/static/kings_court\.[0-9a-f]{10}\.js", page)
    assert re.search(r"/static/card_picker\.[0-9a-f]{10}\.js", page) and "Ann" in page


def test_the_setup_page_asks_for_the_first_dealer_among_the_names_and_carries_signed_totals(phone):
    page = phone.get("/new/kings_court").get_data(as_text=True)
    assert "Player 1</option>" not in page and 'id="first-dealer" required' in page
    assert re.search(r'<option value="" selected disabled>Type the names above', page)
    assert page.count('class="stepper"') == 8 and 'min="-10000"' in page
    refused = phone.form("/new/kings_court", {**FORM, "partnerships": "alternate", "player-3": "",
                                              "first_dealer": "2"}).get_data(as_text=True)
    assert '<option value="2" selected>Cid</option>' in refused  # the names typed, kept


def test_a_refused_setup_shows_the_rule_and_keeps_what_was_typed(phone):
    page = phone.form("/new/kings_court", {**FORM, "partnerships": "alternate", "player-3": ""})
    assert page.status_code == 422
    text = page.get_data(as_text=True)
    assert "/rules/kings_court#partnerships" in text
    assert 'value="Cid"' in text


def test_a_hand_scored_then_corrected_recomputes_the_totals(phone):
    game_id, _ = start(phone)
    # Bob goes out; Ann holds Gold 7 + King (32), Cid typed 15, Dee a Wizard (50).
    hand = {"type": "hand", "out": 1, "cards": [["gold-7", "king"], None, None, ["wizard"]],
            "points": [None, None, 15, None]}
    game = move(phone, game_id, 0, hand).get_json()["game"]
    assert game["view"]["totals"] == [32, 0, 15, 50]
    assert game["view"]["lowest"] == [1]
    # The King was a Duke: the correction takes 5 off Ann, and the sheet says it was corrected.
    fixed = {**hand, "type": "correct", "hand": 1, "cards": [["gold-7", "duke"], None, None, ["wizard"]]}
    game = move(phone, game_id, 1, fixed).get_json()["game"]
    row = game["view"]["rows"][0]
    assert game["view"]["totals"] == [27, 0, 15, 50]
    assert row["corrected"] == 1 and row["versions"][0]["points"] == [32, 0, 15, 50]
    assert [line["why"] for line in row["players"][0]["lines"]] == [
        "Gold 7: face value", "Duke: Scroll card value"]
    assert "Ann" in game["history"][-1]["text"] or "corrected" in game["history"][-1]["text"]


def test_a_refused_hand_links_to_its_rule_and_stores_nothing(phone):
    game_id, _ = start(phone)
    refused = move(phone, game_id, 0, {"type": "hand", "out": 1,
                                       "cards": [["gold-7"], ["king"], ["blue-1"], ["blue-2"]]})
    assert refused.status_code == 422
    error = refused.get_json()["error"]
    assert error["rule"] == "going-out"
    assert error["url"] == "/rules/kings_court#going-out"
    assert f'id="{error["rule"]}"' in phone.get("/rules/kings_court").get_data(as_text=True)
    assert phone.get(f"/api/games/{game_id}").get_json()["game"]["seq"] == 0


def test_the_arbiter_answers_a_phone_and_links_its_rule(phone):
    game_id, _ = start(phone)
    situation = {"top": "gold-5", "suit": "gold", "direction": 1, "pending": None,
                 "dungeon": False, "cards_in_hand": None}
    yes = phone.post(f"/api/games/{game_id}/ask", json={"question": {
        "situation": situation, "play": [{"card": "dragon", "suit": "blue"}]}})
    answer = yes.get_json()["answer"]
    assert answer["allowed"] is True
    assert any("draw 3" in effect for effect in answer["effects"])
    no = phone.post(f"/api/games/{game_id}/ask", json={"question": {
        "situation": {**situation, "pending": {"count": 2, "kind": "drawbridge-gold"}},
        "play": [{"card": "gold-9"}]}}).get_json()["answer"]
    assert no["allowed"] is False
    assert f'id="{no["rule"]}"' in phone.get("/rules/kings_court").get_data(as_text=True)
    garbage = phone.post(f"/api/games/{game_id}/ask", json={"question": "may I?"})
    assert garbage.status_code == 422 and garbage.get_json()["error"]["message"]
    assert phone.get(f"/api/games/{game_id}").get_json()["game"]["seq"] == 0


def test_a_game_without_an_arbiter_says_so(phone):
    created = phone.form("/new/royal_visit", {"player_top": "Ann", "player_bottom": "Bob", "wizard": "top"})
    game_id = created.headers["Location"].rsplit("/", 1)[-1]
    answer = phone.post(f"/api/games/{game_id}/ask", json={"question": {}})
    assert answer.status_code == 404
    assert "no arbiter" in answer.get_json()["error"]["message"]


def test_a_hand_followed_card_by_card_refuses_an_illegal_play_and_keeps_the_counts(phone, second_phone):
    game_id, _ = start(phone)
    game = move(phone, game_id, 0, {"type": "deal", "first": "gold-5"}).get_json()["game"]
    hand = game["view"]["hand"]
    assert game["view"]["stage"] == "playing" and hand["to_play"] == 1
    assert hand["hands"] == [7, 7, 7, 7] and hand["draw_pile"] == 163 - 28 - 1
    refused = move(second_phone, game_id, 1, {"type": "play", "seat": 1, "cards": [{"card": "blue-3"}]})
    assert refused.status_code == 422 and refused.get_json()["error"]["url"].startswith("/rules/kings_court#")
    game = move(second_phone, game_id, 1, {"type": "play", "seat": 1, "cards": [{"card": "gold-9"}]}).get_json()["game"]
    assert game["view"]["hand"]["hands"] == [7, 6, 7, 7]
    assert game["view"]["hand"]["top"] == "gold-9" and game["to_move"] == 2
    # A stale phone's move is refused as the table moved on, and nothing is lost.
    stale = move(phone, game_id, 1, {"type": "draw", "seat": 2})
    assert stale.status_code == 409
    assert stale.get_json()["game"]["view"]["hand"]["hands"] == [7, 6, 7, 7]


def test_a_risk_card_laid_face_up_out_of_turn_is_its_players_entry(phone, tmp_path):
    """Issue 31: Dee lays the Dark Knight face up while Bob is to play: the entry, its history
    line and Undo name Dee, not Bob; the record exports and imports back as it was."""
    game_id, _ = start(phone)
    move(phone, game_id, 0, {"type": "deal", "first": "gold-5"})
    reply = move(phone, game_id, 1, {"type": "reveal", "seat": 3, "card": "dark-knight"})
    assert reply.status_code == 200, reply.get_json()
    game = reply.get_json()["game"]
    assert game["to_move"] == 1  # still Bob's turn
    assert (game["undo"]["player"], game["undo"]["seat"]) == ("Dee", 3)
    assert game["history"][-1]["player"] == "Dee"
    played = move(phone, game_id, 2, {"type": "play", "seat": 1, "cards": [{"card": "gold-9"}]})
    assert played.get_json()["game"]["undo"]["player"] == "Bob"
    record = phone.get(f"/api/games/{game_id}/export").get_json()
    assert [entry["player"] for entry in record["entries"]] == [None, 3, 1]
    copy = phone.post("/api/import", json=record)
    assert copy.status_code in (200, 201), copy.get_json()


def test_the_history_line_of_a_followed_hand_says_who_went_out_and_with_what(phone):
    """Issue 21 item 14: a hand followed card by card, then scored, names who went out."""
    import random

    from companion.games.kings_court import arbiter
    from companion.games.kings_court.cards import selection_kinds
    from companion.games.kings_court.play import random_hand

    game_id, game = start(phone, **{"player-2": "", "player-3": ""})
    events, hand = random_hand(random.Random(679), 2, 0, selection_kinds("kc+kd", ()))
    ended = arbiter.outcome(hand)
    assert ended["last"] == "drawbridge-green" and ended["next_draws"] == 2
    seq = 0
    for event in events:
        game = move(phone, game_id, seq, event).get_json()["game"]
        seq = game["seq"]
    held = arbiter.hand_view(hand)["hands"][1]
    numbers = [f"{suit}-{value}" for suit in ("gold", "green") for value in range(1, 11)]
    scored = {"type": "hand", "cards": [None, numbers[:held - 2]],
              "next_draws": ["blue-2", "blue-3"]}
    reply = move(phone, game_id, seq, scored)
    assert reply.status_code == 200, reply.get_json()
    line = reply.get_json()["game"]["history"][-1]["text"]
    assert line.startswith("Hand scored: Ann went out with the Drawbridge (green); Bob "), line


# --------------------------------------------------------------------------- French and German

def said_in(lang):
    return {"Accept-Language": lang}


REFUSALS = {
    # a refusal of the sheet (an adjustment without a reason), and one of a hand (Cid's hand
    # left out): the sentence in the phone's language, the rule it cites named as its page does
    "fr": ("Un ajustement demande une raison, comme une correction convenue à la table.",
           "Dites ce qui reste à Cid\u00a0: choisissez les cartes ou tapez le compte."),
    "de": ("Eine Anpassung braucht einen Grund, etwa eine am Tisch vereinbarte Korrektur.",
           "Sag, was Cid übrig hat: Karten wählen oder Zahl tippen."),
}


@pytest.mark.parametrize("lang", sorted(REFUSALS))
def test_refusals_of_the_sheet_and_of_a_hand_are_said_in_the_phones_language(phone, lang):
    from companion import language
    from companion.games.kings_court.rules_page import RULES

    game_id, _ = start(phone)
    sheet, hand = REFUSALS[lang]
    titles = {entry.id: entry.title for entry in RULES}
    for body, sentence, rule in (
            ({"type": "adjust", "seat": 0, "points": 5, "reason": " "}, sheet, "adjust"),
            ({"type": "hand", "out": 1, "cards": [["gold-7"], None, None, ["wizard"]]}, hand,
             "cards-left")):
        refused = phone.post(f"/api/games/{game_id}/moves", json={"seq": 0, "move": body},
                             headers=said_in(lang))
        assert refused.status_code == 422
        error = refused.get_json()["error"]
        assert (error["message"], error["rule"]) == (sentence, rule)
        assert error["title"] == language.word(titles[rule], lang)
        english = phone.post(f"/api/games/{game_id}/moves", json={"seq": 0, "move": body},
                             headers=said_in("en")).get_json()["error"]
        assert english["message"] != sentence and english["rule"] == rule


def test_a_french_phone_reads_the_view_the_history_and_the_score_sheet_in_french(phone):
    from companion import language
    from companion.games.kings_court.game import ENGINE

    game_id, _ = start(phone)
    hand = {"type": "hand", "out": 1, "cards": [["gold-7", "king"], None, None, ["wizard"]],
            "points": [None, None, 15, None], "cut": "made"}
    assert move(phone, game_id, 0, hand).status_code == 200
    game = phone.get(f"/api/games/{game_id}", headers=said_in("fr")).get_json()["game"]
    row = game["view"]["rows"][0]
    assert row["text"] == "Bob a fini"
    whys = [line["why"] for player in row["players"] for line in player["lines"]]
    assert "A fini" in whys and "Cartes restantes, comptées par la table" in whys
    assert "Coupe du donneur réussie (sa propre donne)" in whys
    assert game["view"]["selection_title"] == "King’s Court et King’s Dynasty"
    history = " ".join(entry["text"] for entry in game["history"])
    assert "Manche comptée\u00a0: Bob a fini" in history and "Cid 65 (tapé)\u00a0;" in history
    # the score sheet as the statistics and exports print it: its header and title in French
    state = ENGINE.new(ENGINE.options_from_form(FORM))
    sheet = ENGINE.score_sheet(ENGINE.apply(state, hand))
    assert language.worded(list(sheet.header), "fr")[:6] == [
        "ligne", "manche", "quoi", "comptée", "Ann points", "Ann total"]
    assert language.word(sheet.title, "de") == "Das Wertungsblatt"
    assert language.word(sheet.rows[0][3], "fr") == "oui"
