"""One card face and one card back, drawn into a trim box.

The face, in mm from the card's bottom-left corner (63 x 88)::

    +--------------------------------+   a 2.5 mm frame in the card's colour (two for a split card)
    | [QR ]  | name (band) |         |   top left: a small code (0.6 mm modules) and the index
    | [   ]  | type        |         |   (value or move) under it, as a playing card's corner
    | index  | what it does, in a few|
    |        | words of our own      |
    | R1K1037QX8          Game proxy |   the code as text, for typing in
    | [ big QR, 30 mm, ]     (xedni) |   bottom left: the large code (1.43 mm modules)
    | [ 1.43 mm modules]     [QR ]   |   bottom right: the index and small code, turned over
    +--------------------------------+

Codes keep their full quiet zone (4 modules) in white; no code's modules come inside another's.
"""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import HexColor, white
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from companion.codes import CORNER_MODULE, FACE_MODULE, FRAME, spaced
from companion.language import word
from printables.draw import (
    BOLD,
    GREY,
    INK,
    MONO,
    REGULAR,
    draw_line,
    draw_lines,
    draw_qr,
    ink_on,
    qr_footprint,
)
from printables.layout import CORNER_RADIUS, Box

DARK = "#1d2a44"  # the app's navy: backs, and the band of a card of many colours
CORNER = qr_footprint(CORNER_MODULE)  # 17.4 mm with its quiet zone
BIG = qr_footprint(FACE_MODULE)  # 41.4 mm with its quiet zone
BAND = 10.0  # the name band's height
TEXT_BOTTOM = FRAME + BIG + 3.5  # the words stop above the code's text line


class Initials(str):
    """The first letters of names, joined by "/" ("M/B" for Miller/Brewer): each name's
    initial in the language the card is worded in."""

    names: tuple[str, ...]

    def __new__(cls, names) -> Initials:
        self = super().__new__(cls, "/".join(str(n)[0] for n in names))
        self.names = tuple(names)
        return self

    def worded(self, lang: str) -> str:
        return "/".join(word(n, lang)[:1] for n in self.names)


def _word(value, lang: str) -> str:
    return value.worded(lang) if isinstance(value, Initials) else word(value, lang)


@dataclass(frozen=True, slots=True)
class Face:
    """Its words are Msgs (or names), worded in the deck's language when it is drawn."""
    code: str  # the card's code (companion.codes)
    title: str
    kind: str  # the type line: "Guard card", "Character, tier 1"
    colours: tuple[str, ...]  # "#rrggbb": one; two for a split card; more are stripes
    index: str  # what a player looks for in a fanned hand: a value, a move, a name
    note: str  # a word under the index: the suit, "points"
    text: str  # what the card does, in our own words
    game: str  # "Royal Visit proxy": the game's title, printed small

    def worded(self, lang: str) -> Face:
        return Face(self.code, word(self.title, lang), word(self.kind, lang), self.colours,
                    _word(self.index, lang), word(self.note, lang), word(self.text, lang),
                    word(self.game, lang))


@dataclass(frozen=True, slots=True)
class Back:
    game: str
    colour: str
    label: str = ""  # e.g. "Tier 1"

    def worded(self, lang: str) -> Back:
        return Back(word(self.game, lang), self.colour, word(self.label, lang))


def draw_face(c: Canvas, face: Face, trim: Box, bleed: float = 0.0) -> None:
    colours = [HexColor(colour) for colour in face.colours]
    w, h = trim.width, trim.height
    c.saveState()
    c.translate(trim.x, trim.y)
    _frame(c, colours, w, h, bleed)
    c.setFillColor(white)
    c.rect(FRAME, FRAME, w - 2 * FRAME, h - 2 * FRAME, stroke=0, fill=1)

    # the band: name and type, in the card's colour (halves for a split card; a card of many
    # colours shows them in its frame, and its band is dark)
    band = Box(FRAME + CORNER + 0.5, h - FRAME - BAND, w - 2 * FRAME - CORNER - 0.5, BAND)
    shades = colours if len(colours) <= 2 else [HexColor(DARK)]
    c.setFillColor(shades[0])
    c.rect(band.x, band.y, band.width, band.height, stroke=0, fill=1)
    if len(shades) == 2:  # split where the frame splits
        c.setFillColor(shades[1])
        c.rect(w / 2, band.y, band.right - w / 2, band.height, stroke=0, fill=1)
    ink = ink_on(colours[0]) if len(colours) == 1 else white
    c.setFillColor(ink)
    draw_line(c, face.title, Box(band.x + 1, band.y + 4.6, band.width - 2, BAND - 4.6), BOLD, 4.2)
    draw_line(c, face.kind, Box(band.x + 1, band.y + 1.4, band.width - 2, 3.0), REGULAR, 2.4)

    draw_lines(c, face.text, Box(band.x, TEXT_BOTTOM, band.width, band.y - 1.5 - TEXT_BOTTOM),
               REGULAR, 3.2, 2.0)

    # the code as text, over the large code
    c.setFillColor(INK)
    c.setFont(MONO, 2.4)
    code_x = FRAME + 4 * FACE_MODULE
    c.drawString(code_x, FRAME + BIG + 0.6, spaced(face.code))
    c.setFillColor(GREY)
    after_code = code_x + stringWidth(spaced(face.code), MONO, 2.4) + 2
    draw_line(c, face.game, Box(after_code, FRAME + BIG + 0.6, w - FRAME - 1 - after_code, 2.8),
              REGULAR, 2.0, align="right")

    draw_qr(c, face.code, FRAME, FRAME, FACE_MODULE)
    for turned in (False, True):
        c.saveState()
        if turned:
            c.translate(w, h)
            c.rotate(180)
        draw_qr(c, face.code, FRAME, h - FRAME - CORNER, CORNER_MODULE)
        centre = FRAME + CORNER / 2
        c.setFillColor(shades[0] if ink_on(shades[0]) == white else INK)
        draw_line(c, face.index, Box(centre - (CORNER - 2) / 2, h - FRAME - CORNER - 7,
                                     CORNER - 2, 7), BOLD, 7, align="centre")
        c.setFillColor(INK)
        draw_line(c, face.note, Box(centre - (CORNER - 1) / 2, h - FRAME - CORNER - 10.5,
                                    CORNER - 1, 3.0), REGULAR, 2.6, align="centre")
        c.restoreState()
    c.restoreState()


def draw_back(c: Canvas, back: Back, trim: Box, bleed: float = 0.0) -> None:
    """The same drawn either way up, so a back never tells which way its face lies."""
    colour = HexColor(back.colour)
    ink = ink_on(colour)
    w, h = trim.width, trim.height
    c.saveState()
    c.translate(trim.x, trim.y)
    _frame(c, [colour], w, h, bleed)
    c.setStrokeColor(ink)
    c.setLineWidth(0.4)
    c.roundRect(4, 4, w - 8, h - 8, 3, stroke=1, fill=0)
    c.setLineWidth(0.2)
    c.roundRect(5.5, 5.5, w - 11, h - 11, 2, stroke=1, fill=0)
    for turned in (False, True):
        c.saveState()
        if turned:
            c.translate(w, h)
            c.rotate(180)
        _crown(c, w / 2, h / 2 + 12, 16, ink)
        c.setFillColor(ink)
        draw_line(c, back.game, Box(8, h / 2 + 2, w - 16, 4.5), BOLD, 5, align="centre")
        if back.label:
            draw_line(c, back.label, Box(8, h / 2 + 6.5, w - 16, 4.0), REGULAR, 3.2,
                      align="centre")
        c.restoreState()
    c.restoreState()


def draw_corner_guides(c: Canvas, trim: Box) -> None:
    """Quarter circles at the corners, for cutting them round (a poker card's 3 mm)."""
    r = CORNER_RADIUS
    c.setStrokeColor(GREY)
    c.setLineWidth(0.15)
    for cx, cy, start in ((trim.x + r, trim.y + r, 180), (trim.right - r, trim.y + r, 270),
                          (trim.right - r, trim.top - r, 0), (trim.x + r, trim.top - r, 90)):
        c.arc(cx - r, cy - r, cx + r, cy + r, start, 90)


def _frame(c: Canvas, colours: list[HexColor], w: float, h: float, bleed: float) -> None:
    """The card's colour: over the bleed (when there is one), then exactly over the trim box,
    which the tests find in the PDF. More colours take equal upright stripes, left to right."""
    c.setFillColor(colours[0])
    if bleed:
        c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)
    c.rect(0, 0, w, h, stroke=0, fill=1)
    stripe = w / len(colours)
    for i, colour in enumerate(colours[1:], 1):
        c.setFillColor(colour)
        last = i == len(colours) - 1
        c.rect(i * stripe, -bleed, stripe + (bleed if last else 0), h + 2 * bleed, stroke=0, fill=1)


def _crown(c: Canvas, x: float, y: float, width: float, colour) -> None:
    """A five-pointed crown outline centred on (x, y)."""
    half, height = width / 2, width * 0.55
    points = [(-half, 0), (-half, height), (-half / 2, height * 0.55), (0, height),
              (half / 2, height * 0.55), (half, height), (half, 0)]
    path = c.beginPath()
    path.moveTo(x + points[0][0], y + points[0][1])
    for px, py in points[1:]:
        path.lineTo(x + px, y + py)
    path.close()
    c.setStrokeColor(colour)
    c.setLineWidth(0.5)
    c.drawPath(path, stroke=1, fill=0)
