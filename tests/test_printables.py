"""The printables: every card's code reads back from the printed page, and the pages measure up.

Pages are rasterised at 300 dpi with pypdfium2 and read with the project's decoder (OpenCV) and
with zxing-cpp, an independent one. Geometry is read from the PDF's own drawing objects.
"""
from __future__ import annotations

import re
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
import zxingcpp

from companion.codes import parse_code
from companion.scan import find_codes, read_codes
from printables import PRINTABLES, PrintOptions, decks, sheets
from printables.layout import MARK_CLEARANCE, PAPERS, PRINTER_MARGIN, Box, Layout

DPI = 300
PT = 25.4 / 72  # mm per PDF point
MARK = "T35"


def rasters(pdf: bytes, dpi: int = DPI) -> list[np.ndarray]:
    document = pdfium.PdfDocument(pdf)
    images = [page.render(scale=dpi / 72, grayscale=True).to_numpy() for page in document]
    document.close()
    return images


def zxing_codes(image: np.ndarray) -> list[tuple[str, float, float]]:
    """(text, x, y) of every QR code zxing-cpp reads, centres in image pixels."""
    found = []
    for result in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode,
                                          try_rotate=False, try_invert=False):
        corners = result.position
        points = (corners.top_left, corners.top_right, corners.bottom_right, corners.bottom_left)
        found.append((result.text, sum(p.x for p in points) / 4, sum(p.y for p in points) / 4))
    return found


def drawn(pdf: bytes) -> list[list[tuple[int, Box]]]:
    """Every page's drawing objects as (type, bounding box in mm)."""
    pages = []
    document = pdfium.PdfDocument(pdf)
    for page in document:
        objects = []
        for obj in page.get_objects():
            left, bottom, right, top = obj.get_bounds()
            objects.append((obj.type, Box(left * PT, bottom * PT, (right - left) * PT,
                                          (top - bottom) * PT)))
        pages.append(objects)
    document.close()
    return pages


def card_boxes(objects) -> list[Box]:
    """The trim boxes: every card draws its colour exactly over its 63 x 88 mm trim box."""
    return [box for kind, box in objects if kind == pdfium_c.FPDF_PAGEOBJ_PATH
            and abs(box.width - 63) < 0.2 and abs(box.height - 88) < 0.2]


def sheets_of(deck: decks.Deck, per_page: int = 9):
    return [deck.cards[i:i + per_page] for i in range(0, len(deck.cards), per_page)]


# ------------------------------------------------------------------------- reading back

DECKS = [("royal-visit", None, 54), ("majesty", "box", 96), ("kings-court", "kc+kd+bonus", 199),
         ("kingseat", "complete", 108)]


@pytest.mark.parametrize("name, selection, size", DECKS)
def test_every_card_of_every_deck_reads_back_from_the_printed_page(name, selection, size):
    deck = PRINTABLES[name].build(selection, MARK)
    assert len(deck.cards) == size
    assert len(set(deck.codes)) == len(deck.codes)
    assert all(parse_code(code).deck_mark == MARK for code in deck.codes)
    images = rasters(decks.deck_pdf(deck))
    expected = []  # the codes on each page, in page order
    for sheet in sheets_of(deck):
        expected.append([card.front.code for card in sheet])
        if deck.two_sided:
            expected.append([card.back.code for card in sheet if isinstance(card.back, decks.Face)])
    assert len(images) == len(expected)

    def read(image):
        return (Counter(found.text for found in find_codes(image)),
                Counter(text for text, _, _ in zxing_codes(image)))
    with ThreadPoolExecutor(2) as pool:  # both decoders let go of the GIL
        results = list(pool.map(read, images))
    for (ours, theirs), codes in zip(results, expected):
        # every card's three codes (the face's and two corners), by each decoder
        assert ours == theirs == {code: 3 for code in codes}
    assert {code for ours, _ in results for code in ours} == set(deck.codes)


def test_a_card_fanned_in_a_hand_reads_from_its_corner_alone():
    """In a fanned hand only a strip of each card shows: its top-left corner, or (the hand
    turned round) its bottom-right one."""
    deck = decks.royal_visit(MARK)
    layout = Layout.fit(PAPERS["a4"])
    image = rasters(decks.deck_pdf(deck))[0]
    px = DPI / 25.4
    for card, box in zip(deck.cards[:9], layout.cards):
        top = image.shape[0] - box.top * px
        left_strip = image[int(top):int(top + 22 * px), int(box.x * px):int((box.x + 21) * px)]
        right_strip = image[int(top + 66 * px):int(top + 88 * px),
                            int((box.right - 21) * px):int(box.right * px)]
        assert read_codes(left_strip) == [card.front.code]
        assert read_codes(right_strip) == [card.front.code]


def test_the_pages_hold_no_raster_image():
    pdf = decks.deck_pdf(decks.majesty(MARK, "locations"), PrintOptions(bleed=True))
    assert all(kind != pdfium_c.FPDF_PAGEOBJ_IMAGE for page in drawn(pdf) for kind, _ in page)


def test_a_deck_of_199_cards_stays_small():
    assert len(PRINTABLES["kings-court"].make(selection="kc+kd+bonus", mark=MARK).pdf) < 1_500_000


# ------------------------------------------------------------------------------ geometry

@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("bleed", [False, True])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_pages_measure_up_and_backs_land_behind_their_fronts(paper, bleed, flip):
    offset = (1.5, -2.0)
    options = PrintOptions(paper=paper, bleed=bleed, backs=True, flip=flip, offset=offset)
    deck = decks.royal_visit(MARK)
    front, back = drawn(decks.deck_pdf(deck, options))[:2]
    width, height = PAPERS[paper].width, PAPERS[paper].height
    bleed_mm = options.layout.bleed
    assert bleed_mm == (0 if not bleed else 3.0 if paper == "a4" else 1.5)

    fronts = card_boxes(front)
    assert len(fronts) == 9
    for box in fronts:  # 63 x 88 mm within 0.2 mm, inside the printer's margin
        assert abs(box.width - 63) < 0.2 and abs(box.height - 88) < 0.2
        assert box.x >= PRINTER_MARGIN and box.right <= width - PRINTER_MARGIN
        assert box.y >= PRINTER_MARGIN and box.top <= height - PRINTER_MARGIN
    xs, ys = sorted({round(b.x, 2) for b in fronts}), sorted({round(b.y, 2) for b in fronts})
    assert len(xs) == len(ys) == 3
    assert np.allclose(np.diff(xs), 63 + 2 * bleed_mm, atol=0.05)
    assert np.allclose(np.diff(ys), 88 + 2 * bleed_mm, atol=0.05)
    assert abs(xs[0] - (width - (xs[-1] + 63))) < 0.05  # centred

    # The back of each card lands behind its front once the sheet is turned over its long
    # edge (left and right swap) or its short edge (top and bottom swap), moved by the offset.
    def behind(box: Box) -> tuple[float, float]:
        x = width - box.right if flip == "long" else box.x
        y = box.y if flip == "long" else height - box.top
        return x + offset[0], y + offset[1]
    assert np.allclose(sorted(behind(box) for box in fronts),
                       sorted((b.x, b.y) for b in card_boxes(back)), atol=0.05)

    for page, cards in ((front, fronts), (back, card_boxes(back))):
        marks = [box for kind, box in page if min(box.width, box.height) < 1.0
                 and not any(_inside(box, card.grown(bleed_mm)) for card in cards)]
        assert marks, "no crop marks"
        for mark in marks:  # outside every card, with clearance (bounds include the stroke)
            assert not any(_overlap(mark, card.grown(MARK_CLEARANCE - 0.5)) for card in cards)
        # every other object is drawn on a card (or its bleed): nothing else in the margins
        loose = [box for kind, box in page if box not in marks
                 and not any(_inside(box, card.grown(bleed_mm + 0.01)) for card in cards)]
        assert not loose
    # a mark runs to the page edge at every cut line, top and bottom
    cuts = {round(x, 1) for b in fronts for x in (b.x, b.right)}
    reaching = {round(m.x + m.width / 2, 1) for kind, m in front
                if m.width < 1.0 and (m.top > height - 0.1 or m.y < 0.1)}
    assert cuts <= reaching


def _inside(box: Box, outer: Box) -> bool:
    return (box.x >= outer.x - 0.01 and box.right <= outer.right + 0.01
            and box.y >= outer.y - 0.01 and box.top <= outer.top + 0.01)


def _overlap(a: Box, b: Box) -> bool:
    return a.x < b.right and a.right > b.x and a.y < b.top and a.top > b.y


@pytest.mark.parametrize("flip", ["long", "short"])
def test_side_b_of_each_location_prints_behind_its_side_a(flip):
    """Majesty's locations read through the paper: a side-B code on the back page, taken back
    through the flip and the offset, falls on the card whose front is the same location."""
    offset = (2.0, 1.0)
    deck = decks.majesty(MARK, "locations")
    options = PrintOptions(flip=flip, offset=offset)
    images = rasters(decks.deck_pdf(deck, options))
    layout = options.layout
    width, height, px = layout.paper.width, layout.paper.height, DPI / 25.4
    for front_image, back_image in zip(images[::2], images[1::2]):
        front_cards = {}
        for text, x, y in zxing_codes(front_image):
            for box in layout.cards:
                if box.x < x / px < box.right and box.y < height - y / px < box.top:
                    front_cards[box] = parse_code(text)
        for text, x, y in zxing_codes(back_image):
            side_b = parse_code(text)
            bx, by = x / px - offset[0], height - y / px - offset[1]
            fx, fy = (width - bx, by) if flip == "long" else (bx, height - by)
            [box] = [b for b in layout.cards if b.x < fx < b.right and b.y < fy < b.top]
            side_a = front_cards[box]
            assert side_b.kind_id.endswith("-b")
            assert side_a.kind_id == side_b.kind_id[:-2] + "-a" and side_a.copy == side_b.copy


def test_letter_with_bleed_takes_what_fits():
    assert Layout.fit(PAPERS["a4"], bleed=True).bleed == 3.0
    assert Layout.fit(PAPERS["letter"], bleed=True).bleed == 1.5
    with pytest.raises(ValueError, match="'long' or 'short'"):
        Layout.fit(PAPERS["a4"]).backs("sideways")


def test_the_alignment_test_is_one_sheet_with_its_back_behind_it():
    options = PrintOptions(paper="letter", flip="short", offset=(0.5, 0.5))
    _front, back = drawn(PRINTABLES["alignment"].make(options).pdf)
    layout = options.layout
    outlines = [b for k, b in back if abs(b.width - 63) < 0.5 and abs(b.height - 88) < 0.5]
    assert sorted((round(b.x + b.width / 2), round(b.y + b.height / 2)) for b in outlines) == \
        sorted((round(b.x + b.width / 2), round(b.y + b.height / 2))
               for b in layout.backs("short", (0.5, 0.5)))


def test_backs_never_show_a_code():
    """A character's back gives nothing away: only its tier colour."""
    deck = decks.majesty(MARK, "characters")
    images = rasters(decks.deck_pdf(deck, PrintOptions(backs=True)))
    assert all(not zxing_codes(image) for image in images[1::2])


# ------------------------------------------------------------------------ sheets, board

def page_text(pdf: bytes) -> list[str]:
    return [page.get_textpage().get_text_bounded() for page in pdfium.PdfDocument(pdf)]


@pytest.mark.parametrize("name, says", [
    ("kings-court-sheet", ["Limit", "Scroll Bonus", "Player 6", "hand", "total"]),
    ("majesty-pad", ["final scoring", "Variety", "Most at 7 Castle", "A 16 / B 16", "Total"]),
    ("kingseat-tally", ["Round", "King", "Winner", "In the Tell"]),
])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_score_sheets_print_on_one_page(name, says, paper):
    pdf = PRINTABLES[name].make(PrintOptions(paper=paper)).pdf
    [text] = page_text(pdf)
    for words in says:
        assert words in text
    [page] = pdfium.PdfDocument(pdf)
    assert (round(page.get_width() * PT), round(page.get_height() * PT)) == (
        round(PAPERS[paper].width), round(PAPERS[paper].height))


def test_the_royal_visit_board_spans_two_landscape_pages_that_join():
    pdf = PRINTABLES["royal-visit-board"].make(PrintOptions(paper="letter")).pdf
    one, two = drawn(pdf)
    for page in pdfium.PdfDocument(pdf):
        assert page.get_width() > page.get_height()
    # pdfium's bounds take in the 0.4 mm outline on every side
    spaces = [[b.grown(-0.4) for k, b in page if abs(b.width - sheets.SPACE - 0.8) < 0.1
               and abs(b.height - sheets.SPACE_HEIGHT - 0.8) < 0.1] for page in (one, two)]
    track = [[b.grown(-0.4) for k, b in page if abs(b.width - sheets.SPACE - 0.8) < 0.1
              and abs(b.height - sheets.TRACK - 0.8) < 0.1] for page in (one, two)]
    assert [len(s) for s in spaces] == [9, 8]  # -8..0, +1..+8: 17 spaces
    assert [len(t) for t in track] == [7, 6]  # the Crown track, -6..+6
    circles = [[b for k, b in page if 5.8 < b.width < 6.6 and 5.8 < b.height < 6.6]
               for page in (one, two)]
    # the registration circles sit on page 1's cut edge and on page 2's first space's edge
    cut = max(b.right for b in spaces[0])
    start = min(b.x for b in spaces[1])
    assert [round(c.x + c.width / 2, 1) for c in circles[0]] == [round(cut, 1)] * 2
    assert [round(c.x + c.width / 2, 1) for c in circles[1]] == [round(start, 1)] * 2
    assert sorted(round(c.y, 1) for c in circles[0]) == sorted(round(c.y, 1) for c in circles[1])
    text = "".join(page_text(pdf))
    for space in [*range(-8, 0), *(f"+{n}" for n in range(1, 9))]:
        assert str(space) in text
    assert "Fountain" in text and "Chateau" in text and "Crown" in text


# --------------------------------------------------------------------------- languages

def rendered(pdf: bytes, indices, dpi: int = DPI) -> list[np.ndarray]:
    """Only the pages ``indices`` of ``pdf``, rasterised."""
    document = pdfium.PdfDocument(pdf)
    images = [document[i].render(scale=dpi / 72, grayscale=True).to_numpy() for i in indices]
    document.close()
    return images


# (deck, selection, pages to read: a sample, to keep the time down)
SAMPLED = [("royal-visit", None, (0,)), ("majesty", "box", (0, 14, 15)),
           ("kings-court", "kc+kd+bonus", (0, 22)), ("kingseat", "complete", (11,))]


@pytest.mark.parametrize("lang", ["fr", "de"])
@pytest.mark.parametrize("name, selection, indices", SAMPLED)
def test_a_deck_printed_in_french_or_german_reads_back_with_the_same_codes(name, selection, indices,
                                                                           lang):
    """The words change with the language, the codes do not: a deck printed in French or German
    is the same deck (sampled: a few pages a deck, with Majesty's two-sided locations)."""
    deck = PRINTABLES[name].build(selection, MARK)
    english = page_text(decks.deck_pdf(deck))
    pdf = decks.deck_pdf(deck, lang=lang)
    worded = page_text(pdf)
    assert len(worded) == len(english)
    assert worded[indices[0]] != english[indices[0]]  # worded in the language
    expected = []
    for sheet in sheets_of(deck):
        expected.append([card.front.code for card in sheet])
        if deck.two_sided:
            expected.append([card.back.code for card in sheet if isinstance(card.back, decks.Face)])
    for index, image in zip(indices, rendered(pdf, indices)):
        ours = Counter(found.text for found in find_codes(image))
        theirs = Counter(text for text, _, _ in zxing_codes(image))
        assert ours == theirs == {code: 3 for code in expected[index]}, (name, lang, index)


def test_the_printed_words_follow_the_language():
    deck = decks.royal_visit(MARK)
    for lang, says, not_says in (("fr", ["Visite Royale (copie)", "Carte"], ["proxy", "King card\r"]),
                                 ("de", ["Royal Visit (Kopie)", "-Karte"], ["proxy", "King card\r"])):
        [text, *_] = page_text(decks.deck_pdf(deck, lang=lang))
        for words in says:
            assert words in text, (lang, words)
        for words in not_says:
            assert words not in text, (lang, words)
    majesty = page_text(decks.deck_pdf(decks.majesty(MARK, "locations"), lang="de"))
    assert "Mehrheit: 10 Punkte." in majesty[0] and "Seite A" in majesty[0]
    assert "Majority" not in majesty[0]
    # King's Court has no French or German edition: its names stay as printed, its texts do not.
    court = " ".join(" ".join(page_text(decks.deck_pdf(decks.kings_court(MARK, "kc"),
                                                       lang="fr"))).split())
    assert "Wizard" in court and "Joker : nommez une couleur" in court
    assert "Wild:" not in court and "Play on" not in court
    court = " ".join(" ".join(page_text(decks.deck_pdf(decks.kings_court(MARK, "kc"),
                                                       lang="de"))).split())
    assert "Joker: Sag eine Farbe an" in court and "Auf Grün oder auf jede 7" in court
    assert "Wild:" not in court and "Play on" not in court
    alignment = page_text(PRINTABLES["alignment"].make(PrintOptions(offset=(1.5, 0)),
                                                       lang="fr").pdf)
    assert "Test d'alignement, recto (A4)" in alignment[0]
    assert re.search(r"1,5\smm", alignment[0])  # a French decimal comma, and never broken
    assert "Recto 9" in alignment[0] and "Verso 9" in alignment[1]


@pytest.mark.parametrize("name, says, not_says", [
    ("kingseat-tally", ["Kingseat – Rundenliste", "Runde", "König", "Sieger", "in Tell", "Im Tell"],
     ["Round", "Winner", "to Tell", "In the Tell"]),
    ("kings-court-sheet", ["Wertungsblatt", "Limit", "Spieler 6:", "Runde", "Summe"],
     ["Player", "hand", "total", "score sheet"]),
    ("majesty-pad", ["Majesty: Schlusswertung", "Punkte im Spiel", "Vielfalt", "Mehrheit: 7",
                     "Summe", "Spieler 4", "A 16 / B 16"],
     ["Player", "Total", "Most at", "final scoring"]),
    ("royal-visit-board", ["Royal-Visit-Spielplan, Seite 1 von 2", "Feldnummern", "Brunnen",
                           "Herzogtum", "Schloss"],
     ["page 1 of 2", "Space numbers", "Fountain", "Duchy", "Chateau"]),
])
def test_a_score_sheet_in_german_has_german_headers(name, says, not_says):
    text = "".join(page_text(PRINTABLES[name].make(PrintOptions(), lang="de").pdf))
    for words in says:
        assert words in text, words
    for words in not_says:
        assert words not in text, words


def test_a_french_score_sheet_too():
    text = "".join(page_text(PRINTABLES["kingseat-tally"].make(lang="fr").pdf))
    assert "Manche" in text and "Gagnant" in text and "Dans le Tell" in text
    assert "Winner" not in text


def _every_printable():
    """Every deck and sheet, each deck in each of its selections."""
    for printable in PRINTABLES.values():
        for selection in (printable.selections or [None]):
            yield printable, selection


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_every_word_drawn_stays_inside_its_box_in_every_language(lang, monkeypatch):
    """German labels are longer: each text is shrunk (or wrapped) to its box, and stays legible
    (at least draw.SMALLEST mm). Measured with reportlab's stringWidth, as it was drawn."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from printables import draw

    monkeypatch.setattr(draw, "DRAWN", [])
    for printable, selection in _every_printable():
        for options in (PrintOptions(), PrintOptions(paper="letter", bleed=True, backs=True)):
            printable.make(options, selection, MARK, lang)
    assert len(draw.DRAWN) > 1000
    faults = []
    for lines, font, size, box, leading in draw.DRAWN:
        if size < draw.SMALLEST - 1e-6:
            faults.append(f"too small ({size:.2f} mm): {lines}")
        if len(lines) * size * leading > box.height + 1e-6:
            faults.append(f"too tall for {box.height:.1f} mm: {lines}")
        faults += [f"too wide ({stringWidth(line, font, size):.1f} > {box.width:.1f} mm): {line!r}"
                   for line in lines if stringWidth(line, font, size) > box.width + 1e-6]
    assert sorted(set(faults)) == []
