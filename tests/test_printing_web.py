"""The Print page and `companion print`: choose, get the PDF, and be told plainly what is wrong."""
from __future__ import annotations

import html
import re

import pypdfium2 as pdfium
import pytest
from conftest import Phone as _Phone

from companion.cli import main
from companion.codes import parse_code
from companion.scan import read_codes
from printables import PRINTABLES

A4 = (595, 842)  # points


def pages(pdf: bytes) -> list[tuple[int, int]]:
    document = pdfium.PdfDocument(pdf)
    sizes = [(round(page.get_width()), round(page.get_height())) for page in document]
    document.close()
    return sizes


def test_home_links_to_the_print_page_which_offers_everything_printable(phone):
    home = phone.get("/").get_data(as_text=True)
    assert 'href="/print"' in home
    page = phone.get("/print").get_data(as_text=True)
    for printable in PRINTABLES.values():
        assert f'value="{printable.name}' in page
    for game in ("Royal Visit", "Majesty", "King&#39;s Court", "Kingseat"):
        assert f'<optgroup label="{game}">' in page
    assert 'name="csrf_token"' in page


def test_a_deck_downloads_as_a_pdf_named_after_its_deck_mark(phone):
    response = phone.form("/print", {"what": "majesty:characters", "paper": "letter",
                                     "backs": "1", "flip": "short", "mark": "k7p"})
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.headers["Content-Disposition"] == 'attachment; filename="majesty-K7P.pdf"'
    sizes = pages(response.data)
    assert len(sizes) == 2 * 7  # 60 cards on 7 sheets, fronts and backs
    assert sizes[0] == (612, 792)  # Letter


def test_a_sheet_downloads_too(phone):
    response = phone.form("/print", {"what": "royal-visit-board", "paper": "a4"})
    assert response.status_code == 200
    assert pages(response.data) == [A4[::-1]] * 2  # two landscape pages


def test_mistakes_are_refused_on_the_page_in_a_sentence(phone):
    for data, says in (({"what": "chess"}, "Choose what to print."),
                       ({"what": "royal-visit", "mark": "TOOLONG"}, "3 letters or digits"),
                       ({"what": "royal-visit", "offset_x": "lots"}, "number of millimetres"),
                       ({"what": "royal-visit", "offset_y": "40"}, "more than 20 mm"),
                       ({"what": "majesty:everything"}, "no selection &#39;everything&#39;")):
        response = phone.form("/print", data)
        assert response.status_code == 422
        assert says in response.get_data(as_text=True)


def test_the_form_needs_its_csrf_token(phone):
    assert phone.client.post("/print", data={"what": "royal-visit"}).status_code == 400


def test_companion_print_writes_the_pdf_and_says_what_it_holds(tmp_path, capsys):
    out = tmp_path / "rv.pdf"
    assert main(["print", "royal-visit", "--mark", "ab2", "--backs", "--output", str(out)]) == 0
    said = capsys.readouterr().out
    assert "54 cards, deck mark AB2" in said and "actual size" in said
    assert len(pages(out.read_bytes())) == 12  # 6 sheets, each front then back
    image = pdfium.PdfDocument(out.read_bytes())[0].render(scale=100 / 72, grayscale=True)
    assert {parse_code(code).deck_mark for code in read_codes(image.to_numpy())} == {"AB2"}


def test_companion_print_takes_a_kingseat_choice_of_princes(tmp_path, capsys):
    out = tmp_path / "ks.pdf"
    assert main(["print", "kingseat", "--selection", "lionsyre,smugwing:10", "--paper",
                 "letter", "--bleed", "-o", str(out)]) == 0
    assert re.search(r"20 cards, deck mark \w{3}, Letter, 1.5 mm bleed", capsys.readouterr().out)


def test_companion_print_refuses_what_it_cannot_print(tmp_path, capsys):
    out = str(tmp_path / "x.pdf")
    assert main(["print", "majesty", "--selection", "everything", "-o", out]) == 1
    assert "Majesty deck: there is no selection 'everything'" in capsys.readouterr().err
    assert main(["print", "royal-visit", "--mark", "!!", "-o", out]) == 1
    assert "3 letters or digits" in capsys.readouterr().err
    assert main(["print", "kingseat", "--selection", "lionsyre,nobody", "-o", out]) == 1
    assert "nobody" in capsys.readouterr().err


# ------------------------------------------------------------------------- in French, German

def _template_messages() -> list[str]:
    """The English of every message templates/print.html says, as its catalog entry has it."""
    from companion import language

    return [m.id for m in language.read_catalog("fr")
            if m.id and any(path == "templates/print.html" for path, _ in m.locations)]


@pytest.mark.parametrize("lang, says", [
    ("fr", ["Imprimer cartes et feuilles", "Télécharger le PDF", "Paquet Majesty",
            "Visite Royale", "Tous les paquets", "bord long (comme un livre)",
            "Paquet King&#39;s Court\u00a0: KC + KD + BONUS\u00a0: 199 cartes"]),
    ("de", ["Karten und Blätter drucken", "PDF herunterladen", "Majesty-Stapel",
            "Alle Stapel", "lange Kante (wie ein Buch)", "Royal-Visit-Stapel (54 Karten)",
            "King&#39;s-Court-Stapel: KC + KD + BONUS: 199 Karten"]),
])
def test_the_print_page_speaks_the_phones_language(app, lang, says):
    from companion import language

    phone = Phone(app, lang)
    page = html.unescape(phone.get("/print").get_data(as_text=True))
    assert f'<html lang="{lang}">' in page
    for words in says:
        assert html.unescape(words) in page, words
    for english in _template_messages():  # every sentence of the page, worded
        worded = language.translations(lang).ugettext(english)
        assert worded in page, worded
        assert english not in page or worded == english, english
    for printable in PRINTABLES.values():  # the choices, each worded
        label = language.word(printable.title, lang)
        assert label != str(printable.title), printable.name
        assert label in page, label


@pytest.mark.parametrize("lang, says", [
    ("fr", "Choisissez quoi imprimer."),
    ("de", "es gibt keine Auswahl &#39;everything&#39;; wähle eine von box, characters, locations."),
])
def test_the_print_page_refuses_in_the_phones_language(app, lang, says):
    phone = Phone(app, lang)
    what = "chess" if lang == "fr" else "majesty:everything"
    response = phone.form("/print", {"what": what})
    assert response.status_code == 422
    assert says in response.get_data(as_text=True)
    offset = phone.form("/print", {"what": "royal-visit", "offset_y": "40"}).get_data(as_text=True)
    assert ("20 mm sortirait les versos" if lang == "fr" else "schöbe die Rückseiten") in offset


@pytest.mark.parametrize("lang, title, words", [
    ("fr", "Majesty, paquet de copies K7P", ["Personnage, niveau 1", "Majesty (copie)"]),
    ("de", "Majesty, Kartenkopien K7P", ["Charakter, Stufe 1", "Majesty (Kopie)"]),
])
def test_the_pdf_it_serves_is_worded_in_the_phones_language(app, lang, title, words):
    phone = Phone(app, lang)
    response = phone.form("/print", {"what": "majesty:characters", "mark": "k7p"})
    assert response.status_code == 200
    document = pdfium.PdfDocument(response.data)
    assert document.get_metadata_dict()["Title"] == title
    text = document[0].get_textpage().get_text_bounded()
    for word in words:
        assert word in text
    sheet = phone.form("/print", {"what": "kingseat-tally"})
    text = pdfium.PdfDocument(sheet.data)[0].get_textpage().get_text_bounded()
    assert ("Gagnant" if lang == "fr" else "Sieger") in text and "Winner" not in text


@pytest.mark.parametrize("lang, wrote, header", [
    ("fr", "96 cartes, marque du paquet AB2, A4", "Personnage, niveau 1"),
    ("de", "96 Karten, Stapelzeichen AB2, A4", "Charakter, Stufe 1"),
])
def test_companion_print_lang_writes_the_pdf_in_that_language(tmp_path, capsys, lang, wrote,
                                                              header):
    out = tmp_path / "m.pdf"
    assert main(["print", "majesty", "--lang", lang, "--mark", "ab2", "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert wrote in said and "Print it" not in said
    document = pdfium.PdfDocument(out.read_bytes())
    assert header in document[0].get_textpage().get_text_bounded()
    image = document[0].render(scale=150 / 72, grayscale=True)
    assert {parse_code(code).deck_mark for code in read_codes(image.to_numpy())} == {"AB2"}
    sheet = tmp_path / "s.pdf"
    assert main(["print", "kings-court-sheet", "--lang", lang, "-o", str(sheet)]) == 0
    text = pdfium.PdfDocument(sheet.read_bytes())[0].get_textpage().get_text_bounded()
    assert ("Joueur 6" if lang == "fr" else "Spieler 6") in text and "Player" not in text
    assert main(["print", "majesty", "--lang", lang, "--selection", "all", "-o", str(out)]) == 1
    assert ("il n'y a pas de sélection" if lang == "fr" else "es gibt keine Auswahl") in \
        capsys.readouterr().err


class Phone(_Phone):
    """A phone whose browser speaks ``lang`` (its Accept-Language)."""

    def __init__(self, app, lang: str):
        self.client = app.test_client()
        self.client.environ_base["HTTP_ACCEPT_LANGUAGE"] = lang
        page = self.client.get("/").get_data(as_text=True)
        self.token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_print_page_in_a_browser_has_no_english_left_and_fits_the_phone(server, browser, lang):
    """The whole page (its details opened) in French and in German: no English left, no serious
    axe finding, thumb-sized targets, nothing wider than the phone."""
    from browser_support import ARTIFACTS, new_phone
    from phone import accessible

    page = new_phone(browser, lang)
    page.goto(server + "/print")
    page.locator("#print details summary").tap()
    accessible(page, f"/print in {lang}")
    button = page.locator("#print button").bounding_box()
    assert button["x"] >= 0 and button["x"] + button["width"] <= 360
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"print_{lang}.png"), full_page=True)
    page.context.close()
