"""Drawing helpers shared by the decks, sheets and board: QR codes as vector shapes, text that
fits its box, colours, crop marks. Canvases here are scaled so that one unit is one millimetre."""
from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from functools import lru_cache

import qrcode
from reportlab.lib.colors import HexColor, black, white
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from companion.language import word
from companion.words import msg
from printables.layout import Box, Paper, Segment

QR_MODULES = 21  # a version-1 QR code
QUIET = 4  # modules of light margin the QR standard asks for all round
INK = HexColor("#1d1d1f")
GREY = HexColor("#6b7280")
BOLD, REGULAR, MONO = "Helvetica-Bold", "Helvetica", "Courier-Bold"
SMALLEST = 1.6  # mm: no printed word is drawn smaller (about 4.5 pt), in any language

# Every piece of text drawn into a box, as (lines, font, size, box, leading), while a test
# collects them (tests/test_printables.py checks that each stays inside its box).
DRAWN: list[tuple[list[str], str, float, Box, float]] | None = None


def _drawn(lines: list[str], font: str, size: float, box: Box, leading: float = 1.0) -> None:
    if DRAWN is not None:
        DRAWN.append((lines, font, size, box, leading))


@lru_cache(maxsize=4096)
def qr_matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    """The modules of a version-1 QR code at error correction H (dark = True), no quiet zone."""
    qr = qrcode.QRCode(version=1, error_correction=qrcode.constants.ERROR_CORRECT_H, border=0)
    qr.add_data(text)
    qr.make(fit=False)
    return tuple(tuple(bool(m) for m in row) for row in qr.modules)


@lru_cache(maxsize=4096)
def qr_path(text: str) -> str:
    """The dark modules as PDF path operators in module units, row 0 at the top: one rectangle
    per run of dark modules in a row, all filled at once (no seams between them)."""
    runs = []
    for row, modules in enumerate(qr_matrix(text)):
        column = 0
        while column < QR_MODULES:
            if modules[column]:
                start = column
                while column < QR_MODULES and modules[column]:
                    column += 1
                runs.append(f"{start} {QR_MODULES - 1 - row} {column - start} 1 re")
            else:
                column += 1
    return "\n".join(runs) + "\nf"


def qr_footprint(module: float) -> float:
    """The side of a QR code with its quiet zone, in mm."""
    return (QR_MODULES + 2 * QUIET) * module


def draw_qr(c: Canvas, text: str, x: float, y: float, module: float, turned: bool = False) -> None:
    """A QR code whose quiet zone's bottom-left corner is at (x, y): the quiet zone filled white,
    then the dark modules as vector rectangles (qr_path), never a raster image. ``turned`` draws
    it upside down, for the corner at the bottom of a card."""
    side = qr_footprint(module)
    c.setFillColor(white)
    c.rect(x, y, side, side, stroke=0, fill=1)
    c.saveState()
    if turned:
        c.translate(x + side, y + side)
        c.rotate(180)
    else:
        c.translate(x, y)
    c.translate(QUIET * module, QUIET * module)
    c.scale(module, module)
    c.setFillColor(black)
    # integer coordinates written as they are: reportlab's number formatting is the slow part
    c.addLiteral(qr_path(text))
    c.restoreState()


def ink_on(colour: HexColor) -> HexColor:
    """Black or white, whichever reads better on ``colour``."""
    luminance = 0.2126 * colour.red + 0.7152 * colour.green + 0.0722 * colour.blue
    return INK if luminance > 0.55 else white


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """``text`` in lines of at most ``width``, broken at spaces only: never at a no-break space
    (French puts one before : ; ? ! and inside « »), which reportlab's simpleSplit breaks at."""
    lines = []
    for paragraph in text.split("\n"):
        line = ""
        for part in paragraph.split(" "):
            if not part:
                continue
            longer = f"{line} {part}" if line else part
            if line and stringWidth(longer, font, size) > width:
                lines.append(line)
                line = part
            else:
                line = longer
        lines.append(line)
    return lines


def fit_lines(text: str, width: float, height: float, font: str, size: float,
              smallest: float, leading: float = 1.2) -> tuple[list[str], float]:
    """Wrap ``text`` to ``width``, shrinking the size until it fits ``height`` (or is smallest)."""
    while True:
        lines = wrap(text, font, size, width)
        if len(lines) * size * leading <= height or size <= smallest:
            return lines, size
        size = max(smallest, size * 0.92)


def draw_lines(c: Canvas, text: str, box: Box, font: str, size: float, smallest: float,
               colour=INK, centred: bool = False, leading: float = 1.2) -> None:
    """``text`` wrapped and shrunk into ``box``, from its top."""
    lines, size = fit_lines(text, box.width, box.height, font, size, smallest, leading)
    _drawn(lines, font, size, box, leading)
    c.setFont(font, size)
    c.setFillColor(colour)
    y = box.top - size
    for line in lines:
        if centred:
            c.drawCentredString(box.x + box.width / 2, y, line)
        else:
            c.drawString(box.x, y, line)
        y -= size * leading


def shrink_to(text: str, font: str, size: float, width: float) -> float:
    """The font size, at most ``size``, at which ``text`` fits on one line of ``width``."""
    natural = stringWidth(text, font, size)
    return size if natural <= width else size * width / natural


def draw_line(c: Canvas, text: str, box: Box, font: str, size: float, align: str = "left",
              baseline: float | None = None) -> float:
    """``text`` on one line inside ``box``: shrunk to its width, drawn from its left edge
    (``align`` "left"), about its centre ("centre") or to its right edge ("right"), on the
    ``baseline`` given (default: the box's bottom). Returns the size drawn at."""
    size = min(shrink_to(text, font, size, box.width), box.height)
    y = box.y if baseline is None else baseline
    c.setFont(font, size)
    if align == "centre":
        c.drawCentredString(box.x + box.width / 2, y, text)
    elif align == "right":
        c.drawRightString(box.right, y, text)
    else:
        c.drawString(box.x, y, text)
    _drawn([text], font, size, Box(box.x, y, box.width, box.top - y) if baseline is not None else box)
    return size


def draw_marks(c: Canvas, segments: Iterable[Segment]) -> None:
    """Crop marks as a white line under a black one, so they show on paper and on bleed."""
    segments = list(segments)
    for colour, width in ((white, 0.45), (black, 0.18)):
        c.setStrokeColor(colour)
        c.setLineWidth(width)
        for x0, y0, x1, y1 in segments:
            c.line(x0, y0, x1, y1)


def pdf(paper_pages: Iterable[tuple[Paper, Callable[[Canvas], None]]], title: str,
        lang: str = "en") -> bytes:
    """A PDF of the given pages, each drawn in millimetres by its function; ``title`` (a Msg)
    worded in ``lang``."""
    out = io.BytesIO()
    c = Canvas(out, invariant=True, pageCompression=1)
    c.setTitle(word(title, lang))
    c.setAuthor(word(msg("The companion"), lang))
    for paper, page in paper_pages:
        c.setPageSize((paper.width * mm, paper.height * mm))
        c.saveState()
        c.scale(mm, mm)
        page(c)
        c.restoreState()
        c.showPage()
    c.save()
    return out.getvalue()
