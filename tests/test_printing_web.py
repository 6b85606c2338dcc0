"""The Print page and `companion print`: choose, get the PDF, and be told plainly what is wrong."""
from __future__ import annotations

import re

import pypdfium2 as pdfium

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
