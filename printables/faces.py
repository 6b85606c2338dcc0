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
from reportlab.pdfgen.canvas import Canvas

from companion.codes import CORNER_MODULE, FACE_MODULE, FRAME, spaced
from printables.draw import (
    BOLD,
    GREY,
    INK,
    MONO,
    REGULAR,
    draw_lines,
    draw_qr,
    ink_on,
    qr_footprint,
    shrink_to,
)
from printables.layout import CORNER_RADIUS, Box

DARK = "#1d2a44"  # the app's navy: backs, and the band of a card of many colours
CORNER = qr_footprint(CORNER_MODULE)  # 17.4 mm with its quiet zone
BIG = qr_footprint(FACE_MODULE)  # 41.4 mm with its quiet zone
BAND = 10.0  # the name band's height
TEXT_BOTTOM = FRAME + BIG + 3.5  # the words stop above the code's text line


@dataclass(frozen=True, slots=True)
class Face:
    code: str  # the card's code (companion.codes)
    title: str
    kind: str  # the type line: "Guard card", "Character, tier 1"
    colours: tuple[str, ...]  # "#rrggbb": one; two for a split card; more are stripes
    index: str  # what a player looks for in a fanned hand: a value, a move, a name
    note: str  # a word under the index: the suit, "points"
    text: str  # what the card does, in our own words
    game: str  # the game's title, printed small


@dataclass(frozen=True, slots=True)
class Back:
    game: str
    colour: str
    label: str = ""  # e.g. "Tier 1"


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
    size = shrink_to(face.title, BOLD, 4.2, band.width - 2)
    c.setFont(BOLD, size)
    c.drawString(band.x + 1, band.y + 4.6, face.title)
    c.setFont(REGULAR, 2.4)
    c.drawString(band.x + 1, band.y + 1.4, face.kind)

    draw_lines(c, face.text, Box(band.x, TEXT_BOTTOM, band.width, band.y - 1.5 - TEXT_BOTTOM),
               REGULAR, 3.2, 2.0)

    # the code as text, over the large code
    c.setFillColor(INK)
    c.setFont(MONO, 2.4)
    c.drawString(FRAME + 4 * FACE_MODULE, FRAME + BIG + 0.6, spaced(face.code))
    c.setFillColor(GREY)
    c.setFont(REGULAR, 2.0)
    c.drawRightString(w - FRAME - 1, FRAME + BIG + 0.6, f"{face.game} proxy")

    draw_qr(c, face.code, FRAME, FRAME, FACE_MODULE)
    for turned in (False, True):
        c.saveState()
        if turned:
            c.translate(w, h)
            c.rotate(180)
        draw_qr(c, face.code, FRAME, h - FRAME - CORNER, CORNER_MODULE)
        centre = FRAME + CORNER / 2
        c.setFillColor(shades[0] if ink_on(shades[0]) == white else INK)
        c.setFont(BOLD, shrink_to(face.index, BOLD, 7, CORNER - 2))
        c.drawCentredString(centre, h - FRAME - CORNER - 7, face.index)
        c.setFillColor(INK)
        c.setFont(REGULAR, shrink_to(face.note, REGULAR, 2.6, CORNER - 1))
        c.drawCentredString(centre, h - FRAME - CORNER - 10.5, face.note)
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
        c.setFont(BOLD, shrink_to(back.game, BOLD, 5, w - 16))
        c.drawCentredString(w / 2, h / 2 + 2, back.game)
        if back.label:
            c.setFont(REGULAR, 3.2)
            c.drawCentredString(w / 2, h / 2 + 6.5, back.label)
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
