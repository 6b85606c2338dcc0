"""A photo of chosen proxy cards for the browser scan tests: the deck's own PDF rasterised,
the cards cut out by the 3x3 layout and laid left to right on a light table, as a JPEG. And
``decoders_watched``: which of the reader's pixel decoders a scan called."""
from __future__ import annotations

import io
from functools import cache

import pypdfium2 as pdfium
from PIL import Image

from companion.codes import parse_code
from printables import PRINTABLES, decks
from printables.layout import PAPERS, Layout

DPI = 170
MARK = "T35"


@cache
def _deck(name: str, selection: str | None, mark: str = MARK):
    return PRINTABLES[name].build(selection, mark)


@cache
def _page(name: str, selection: str | None, number: int, mark: str = MARK) -> Image.Image:
    document = pdfium.PdfDocument(decks.deck_pdf(_deck(name, selection, mark)))
    image = document[number].render(scale=DPI / 72).to_pil().convert("RGB")
    document.close()
    return image


def card_photo(name: str, kinds: list[str], selection: str | None = None,
               marks: list[str] | None = None) -> bytes:
    """JPEG bytes: one printed card of each kind id in ``kinds`` (another copy for a repeated
    kind), left to right in that order. ``name`` is a PRINTABLES deck ("kings-court", ...);
    ``marks``, one a card, the deck mark of each card's deck (default: all of one deck)."""
    marks = marks or [MARK] * len(kinds)
    layout = Layout.fit(PAPERS["a4"])
    px = DPI / 25.4
    used: set[tuple[str, int]] = set()
    crops = []
    for kind, mark in zip(kinds, marks):
        deck = _deck(name, selection, mark)
        index = next(i for i, card in enumerate(deck.cards)
                     if (mark, i) not in used and parse_code(card.front.code).kind_id == kind)
        used.add((mark, index))
        page = _page(name, selection, index // layout.per_page * (2 if deck.two_sided else 1),
                     mark)
        box = layout.cards[index % layout.per_page]
        top = page.height - box.top * px
        crops.append(page.crop((round(box.x * px), round(top), round(box.right * px),
                                round(top + box.height * px))))
    gap = 40
    width = sum(c.width for c in crops) + gap * (len(crops) + 1)
    height = max(c.height for c in crops) + 2 * gap
    photo = Image.new("RGB", (width, height), (226, 220, 205))
    x = gap
    for crop in crops:
        photo.paste(crop, (x, gap))
        x += crop.width + gap
    out = io.BytesIO()
    photo.save(out, "JPEG", quality=88)
    return out.getvalue()


def decoders_watched(monkeypatch) -> list[str]:
    """The names of the pixel decoders the scanner calls from now on (Pillow's, OpenCV's,
    pillow-heif's), each call refused: a photo refused from its header calls none."""
    from PIL import ImageFile

    from companion.scan import photo

    called: list[str] = []

    def refusing(name: str):
        def decode(*args, **kwargs):
            called.append(name)
            raise RuntimeError(f"{name} decoded pixels")
        return decode

    monkeypatch.setattr(ImageFile.ImageFile, "load", refusing("Pillow"))
    for name in ("_decoded_gray", "_pillow_on_white", "_heif_gray"):
        monkeypatch.setattr(photo, name, refusing(name))
    return called
