"""The language a phone gets, and the shared layer in it: Accept-Language on a first visit, the
choice (POST /language, kept in a cookie, never sending the phone away from the companion),
``<html lang>`` on every kind of page, the error pages and refusals, the manifest, the CLI, and
the exports that stay data whatever the language."""
from __future__ import annotations

import json
import re

import pytest
from conftest import OPTIONS, Phone, create

from companion.web import create_app

LANGS = ("en", "fr", "de")
ACCEPT = {"en": "en-GB,en;q=0.9", "fr": "fr-FR,fr;q=0.9,en;q=0.5", "de": "de-CH,de;q=0.9,en;q=0.5"}
HOME = {"en": "Start a game", "fr": "Lancer une partie", "de": "Partie starten"}


@pytest.fixture
def app(tmp_path):
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'companion.db'}",
                      "SECRET_KEY": "test", "WRONG_CODES": 2, "BUSY_WAIT_SECONDS": 0})
    yield app
    app.extensions["store"].dispose()


def lang_of(page: str) -> str:
    return re.search(r'<html lang="([^"]*)"', page).group(1)


def text(response) -> str:
    return response.get_data(as_text=True)


@pytest.mark.parametrize("lang", LANGS)
def test_a_first_visit_follows_the_browsers_languages(app, lang):
    page = text(app.test_client().get("/", headers={"Accept-Language": ACCEPT[lang]}))
    assert lang_of(page) == lang and HOME[lang] in page


def test_a_language_the_companion_does_not_speak_is_english(app):
    page = text(app.test_client().get("/", headers={"Accept-Language": "es-ES,es;q=0.9,pt;q=0.8"}))
    assert lang_of(page) == "en" and HOME["en"] in page


def test_the_home_page_and_more_offer_each_language_the_current_one_pressed(app):
    phone = Phone(app)
    game = create(phone)
    for path in ("/", f"/g/{game['id']}"):
        page = text(phone.get(path, headers={"Accept-Language": ACCEPT["de"]}))
        form = re.search(r'<form method="post" action="/language".*?</form>', page, re.S).group(0)
        buttons = re.findall(r'value="(\w+)" lang="\w+" translate="no"\s+aria-pressed="(\w+)">([^<]+)<', form)
        assert buttons == [("en", "false", "English"), ("fr", "false", "Français"), ("de", "true", "Deutsch")]


def test_a_choice_is_kept_over_the_browsers_languages_and_sends_the_phone_back(app):
    phone = Phone(app)
    game = create(phone)
    back = f"/g/{game['id']}?joined=1"
    answer = phone.form("/language", {"lang": "fr", "next": back})
    assert answer.status_code == 303 and answer.headers["Location"] == back
    cookie = answer.headers["Set-Cookie"]
    assert cookie.startswith("lang=fr;") and "HttpOnly" in cookie and "Max-Age=31536000" in cookie
    # the choice wins over Accept-Language, on every page, until it is changed
    for path in ("/", f"/g/{game['id']}", "/rules/majesty", "/stats"):
        assert lang_of(text(phone.get(path, headers={"Accept-Language": ACCEPT["de"]}))) == "fr", path
    phone.form("/language", {"lang": "de", "next": "/"})
    assert HOME["de"] in text(phone.get("/", headers={"Accept-Language": ACCEPT["fr"]}))
    # a language it does not speak is English
    phone.form("/language", {"lang": "xx", "next": "/"})
    assert lang_of(text(phone.get("/", headers={"Accept-Language": ACCEPT["fr"]}))) == "en"


@pytest.mark.parametrize("away", ["https://elsewhere.example/", "//elsewhere.example/", "elsewhere",
                                  "http:/elsewhere", "", "javascript:alert(1)"])
def test_a_next_that_points_away_from_the_companion_is_refused(app, away):
    answer = Phone(app).form("/language", {"lang": "de", "next": away})
    assert answer.status_code == 303 and answer.headers["Location"] == "/"


def test_the_language_choice_needs_the_pages_token(app):
    client = app.test_client()
    client.get("/")
    answer = client.post("/language", data={"lang": "fr", "next": "/"}, headers={"Accept-Language": ACCEPT["de"]})
    assert answer.status_code == 400 and "Requête" not in text(answer)
    assert "Dieser Anfrage fehlt das Sicherheitstoken der Seite" in text(answer)


@pytest.mark.parametrize("lang", LANGS)
def test_html_lang_is_right_on_every_kind_of_page(app, lang):
    phone = Phone(app)
    game = create(phone)
    headers = {"Accept-Language": ACCEPT[lang]}
    pages = ["/", f"/g/{game['id']}", "/rules/royal_visit", "/rules/kingseat", "/new/majesty",
             "/new/royal_visit", "/stats", "/players", "/print", "/g/nothing-here", "/rules/chess",
             "/no/such/page"]
    for path in pages:
        page = text(phone.get(path, headers=headers))
        assert lang_of(page) == lang, path


def test_the_manifest_names_the_app_in_the_phones_language(app):
    client = app.test_client()
    for lang, name in (("en", "The companion"), ("fr", "Le compagnon"), ("de", "Der Begleiter")):
        answer = client.get("/manifest.webmanifest", headers={"Accept-Language": ACCEPT[lang]})
        body = json.loads(text(answer))
        assert body["name"] == name and body["lang"] == lang
        assert "Accept-Language" in answer.headers["Vary"]


# -- error pages and refusals of the shared layer, in French and German -------------------------
ERRORS = {
    "fr": {"no game": "Partie introuvable", "no game text": "Il n'y a pas de partie",
           "not found": "Introuvable", "not found text": "L'adresse demandée n'existe pas",
           "bad code": "Aucune partie n'a ce code", "too many": "Trop de codes erronés",
           "not json": "La requête doit être un objet JSON.", "busy": "D'autres statistiques",
           "unknown game": "Il n'y a pas de jeu nommé 'chess'.", "seq": "La requête doit dire",
           "undo": "Il n'y a aucun coup à annuler.", "import": "Ce fichier n'est pas une partie exportée"},
    "de": {"no game": "Partie nicht gefunden", "no game text": "Es gibt keine Partie",
           "not found": "Nicht gefunden", "not found text": "Die angefragte Adresse gibt es",
           "bad code": "Keine Partie hat diesen Code", "too many": "Zu viele falsche Codes",
           "not json": "Die Anfrage muss ein JSON-Objekt sein.", "busy": "Gerade wird eine andere Statistik",
           "unknown game": "Es gibt kein Spiel namens 'chess'.", "seq": "Die Anfrage muss sagen",
           "undo": "Es gibt keinen Zug zum Zurücknehmen.", "import": "Diese Datei ist keine vom Begleiter"},
}


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_error_pages_and_refusals_in_the_phones_language(tmp_path, lang):
    said = ERRORS[lang]
    headers = {"Accept-Language": ACCEPT[lang]}
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'companion.db'}",
                      "SECRET_KEY": "test", "WRONG_CODES": 2, "STATISTICS_AT_ONCE": 1,
                      "BUSY_WAIT_SECONDS": 0})
    try:
        phone = Phone(app)
        game = create(phone)
        # 404: a game that does not exist, a page that does not exist, a game nobody has
        page = text(phone.get("/g/nothing-here", headers=headers))
        assert said["no game"] in page and said["no game text"] in page.replace("&#39;", "'")
        page = text(phone.get("/no/such/page", headers=headers)).replace("&#39;", "'")
        assert f"<h1>{said['not found']}</h1>" in page and said["not found text"] in page
        page = text(phone.get("/rules/chess", headers=headers)).replace("&#39;", "'")
        assert said["unknown game"] in page
        # a bad join code, then too many of them: 429 with its sentence
        client = app.test_client()
        token = re.search(r'name="csrf-token" content="([^"]+)"', text(client.get("/"))).group(1)
        for _ in range(2):
            answer = client.post("/join", data={"csrf_token": token, "code": "ZZZZZZ"}, headers=headers)
            assert answer.status_code == 404 and said["bad code"] in text(answer).replace("&#39;", "'")
        answer = client.post("/join", data={"csrf_token": token, "code": "ZZZZZZ"}, headers=headers)
        assert answer.status_code == 429 and said["too many"] in text(answer).replace("&#39;", "'")
        # 400 bodies of the API, and its refusals (JSON, in the phone's language)
        base = f"/api/games/{game['id']}"
        answer = phone.post(f"{base}/moves", json=[1, 2], headers=headers)
        assert answer.status_code == 400 and answer.get_json()["error"]["message"] == said["not json"]
        answer = phone.post(f"{base}/moves", json={"move": {}}, headers=headers)
        assert answer.status_code == 400 and answer.get_json()["error"]["message"].startswith(said["seq"])
        answer = phone.post(f"{base}/undo", json={"seq": 0}, headers=headers)
        assert answer.status_code == 422 and answer.get_json()["error"]["message"] == said["undo"]
        answer = phone.post("/api/import", json={"format": "nothing"}, headers=headers)
        assert answer.get_json()["error"]["message"].startswith(said["import"])
        answer = phone.get("/api/games/nothing-here", headers=headers)
        assert answer.status_code == 404 and said["no game text"] in answer.get_json()["error"]["message"]
        # 503: the statistics' place taken, no wait
        places = app.extensions["busy"]["stats"]
        places.acquire()
        try:
            answer = phone.get("/stats", headers=headers)
            assert answer.status_code == 503 and said["busy"] in text(answer).replace("&#39;", "'")
            assert answer.headers["Retry-After"]
        finally:
            places.release()
    finally:
        app.extensions["store"].dispose()


def test_a_refusal_reads_in_each_phones_language_from_one_engine(app):
    """The same refused move, from three phones in three languages: each its own words, the rule
    the same."""
    phone = Phone(app)
    game = create(phone)
    answers = {lang: phone.post(f"/api/games/{game['id']}/undo", json={"seq": 0},
                                headers={"Accept-Language": ACCEPT[lang]}).get_json()["error"]
               for lang in LANGS}
    assert {answer["rule"] for answer in answers.values()} == {"undo"}
    assert answers["en"]["message"] == "There is no move to undo."
    assert len({answer["message"] for answer in answers.values()}) == 3
    assert answers["de"]["title"] == "Rückgängig und Wiederholen"


def test_the_players_count_is_said_in_words_of_each_language(app):
    phone = Phone(app)
    said = {}
    for lang in LANGS:
        answer = phone.post("/api/games", json={"game": "royal_visit", "options": {**OPTIONS, "players": ["Ann"]}},
                            headers={"Accept-Language": ACCEPT[lang]})
        said[lang] = answer.get_json()["error"]["message"]
    assert said["en"] == "Royal Visit needs exactly two player names."
    assert "exactement deux noms de joueurs" in said["fr"] and "genau zwei Spielernamen" in said["de"]


def test_an_export_is_data_the_same_in_every_language(app):
    """The record and the archive are data: the same bytes whatever the phone's language, so a
    file made on a French phone imports and reads on a German one."""
    phone = Phone(app)
    game = create(phone)
    files = {lang: (phone.get(f"/api/games/{game['id']}/export", headers={"Accept-Language": ACCEPT[lang]}).data,
                    phone.get("/export/archive.json", headers={"Accept-Language": ACCEPT[lang]}).data,
                    phone.get("/export/plays.csv", headers={"Accept-Language": ACCEPT[lang]}).data)
             for lang in LANGS}
    assert files["fr"][0] == files["en"][0] == files["de"][0]
    assert files["fr"][2] == files["en"][2] == files["de"][2]
    strip = lambda data: re.sub(rb'"exported_at": "[^"]*"', b"", data)  # noqa: E731
    assert strip(files["fr"][1]) == strip(files["en"][1]) == strip(files["de"][1])
    # and a French phone imports what an English one exported, its refusals in French
    imported = phone.post("/api/import", json=json.loads(files["en"][0]), headers={"Accept-Language": ACCEPT["fr"]})
    assert imported.status_code == 201


def test_a_flash_is_worded_in_the_phones_language(app):
    phone = Phone(app)
    game = create(phone)
    phone.form("/language", {"lang": "de", "next": "/"})
    answer = phone.form(f"/g/{game['id']}/mark", {"status": "abandoned"})
    assert answer.status_code == 302
    assert "Markiert: abgebrochen. Bleibt erhalten" in text(phone.get(f"/g/{game['id']}"))


# -- the CLI: --lang, and the environment's language by default ------------------------------
def test_the_cli_speaks_lang_and_the_environments_language(tmp_path, capsys, monkeypatch):
    from companion.cli import main

    url = f"sqlite:///{tmp_path / 'cli.db'}"
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert main(["--database", url, "delete", "nothing-here"]) == 1
    assert capsys.readouterr().err == "There is no game 'nothing-here': it may have been deleted.\n"
    assert main(["--lang", "fr", "--database", url, "delete", "nothing-here"]) == 1
    assert capsys.readouterr().err == "Il n'y a pas de partie 'nothing-here'\u00a0: elle a peut-être été supprimée.\n"
    assert main(["--database", url, "delete", "nothing-here", "--lang", "de"]) == 1
    assert capsys.readouterr().err.startswith("Es gibt keine Partie 'nothing-here'")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main(["--database", url, "export"]) == 1
    assert capsys.readouterr().err == "Nenne die Kennung einer Partie, oder --all für alle.\n"
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")  # LC_ALL before LANG, as POSIX has it
    assert main(["--database", url, "export"]) == 1
    assert capsys.readouterr().err.startswith("Donnez l'identifiant")
    monkeypatch.setenv("LC_ALL", "C")
    assert main(["--database", url, "export"]) == 1
    assert capsys.readouterr().err == "Name one game's id, or --all for every game.\n"


def test_the_cli_help_is_in_its_language(capsys, monkeypatch):
    from companion.cli import main

    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    with pytest.raises(SystemExit):
        main(["export", "--help"])
    out = capsys.readouterr().out
    assert "alle Partien auf dem Server" in out and "die Sprache dessen, was der Befehl sagt" in out
    # argparse's own words too: the usage line, the headings, the help option, its errors
    assert out.startswith("Aufruf: companion export") and "\nOptionen:\n" in out
    assert "diese Hilfe zeigen und beenden" in out and "usage" not in out
    with pytest.raises(SystemExit):
        main(["--lang", "fr", "serve", "--port"])
    assert capsys.readouterr().err.endswith(
        "companion serve : erreur : argument --port : un argument attendu\n")
    with pytest.raises(SystemExit):
        main(["--lang", "en", "export", "--help"])
    out = capsys.readouterr().out
    assert "every game on the server" in out and out.startswith("usage: ") and "options:" in out
    with pytest.raises(SystemExit):
        main(["print"])  # the environment's German again, after an English command
    assert capsys.readouterr().err.endswith("companion print: Fehler: diese Argumente fehlen: what\n")


def test_a_page_carries_only_its_own_languages_script_messages(app):
    """The page weight grows by one language's messages at most: an English page carries none
    (the ids are the English), a French or German game page only its language's messages that the
    scripts use, never another language's nor the whole catalog."""
    from companion import language

    phone = Phone(app)
    game = create(phone)
    carried = {}
    for lang in LANGS:
        page = text(phone.get(f"/g/{game['id']}", headers={"Accept-Language": ACCEPT[lang]}))
        block = re.search(r'<script id="script-messages" type="application/json">(.*?)</script>', page, re.S)
        carried[lang] = json.loads(block.group(1))
    assert carried["en"]["messages"] == {}
    for lang in ("fr", "de"):
        messages = carried[lang]["messages"]
        catalog = [m for m in language.read_catalog(lang) if m.id]
        in_scripts = [m for m in catalog if any(path.endswith(".js") for path, _ in m.locations)]
        assert carried[lang]["lang"] == lang and len(messages) == len({
            m.id if isinstance(m.id, str) else m.id[0] for m in in_scripts})
        assert len(messages) < len(catalog)
    assert (carried["fr"]["messages"]["Undo"], carried["de"]["messages"]["Undo"]) == ("Annuler", "Rück\u00adgängig")
