"""Printables benchmarks: ``python benchmarks/printables.py [--lang fr|de]``.

For each deck: the time to build and draw its PDF, and the PDF's size (target for the full
199-card King's Court deck: under 2 s and 1.5 MB). Then the code sizes seen by a phone: a whole
3x3 sheet photographed at 2 MP and at 12 MP (the sheet filling 90 % of the frame, a slight blur,
JPEG), the pixels a QR module gets, and how many codes each decoder reads; and the same at 300 dpi.
``--lang`` prints the decks worded in French or German (the codes are the same in every language).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np
import pypdfium2 as pdfium
import zxingcpp

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.scan import find_codes
from printables import PRINTABLES, PrintOptions, decks, draw
from printables.faces import CORNER_MODULE, FACE_MODULE

DECKS = [("royal-visit", None), ("majesty", "box"), ("kings-court", "kc+kd+bonus"),
         ("kingseat", "complete")]
PHOTOS = {"2 MP (1632 x 1224)": 1632, "12 MP (4000 x 3000)": 4000}  # long side, pixels


def deck_figures(lang: str = "en") -> None:
    print(f"{'deck':40} {'cards':>5} {'pages':>5} {'time':>8} {'size':>10}")
    for name, selection in DECKS:
        printable = PRINTABLES[name]
        for options in (PrintOptions(), PrintOptions(backs=True, bleed=True)):
            draw.qr_matrix.cache_clear()  # time it cold, as a first print is
            draw.qr_path.cache_clear()
            start = time.perf_counter()
            printed = printable.make(options, selection, "BEN", lang)
            elapsed = time.perf_counter() - start
            pages = len(pdfium.PdfDocument(printed.pdf))
            label = f"{name}{':' + selection if selection else ''}{' +backs +bleed' if options.backs else ''}"
            target = "  (target < 2 s, < 1.5 MB)" if name == "kings-court" and not options.backs else ""
            print(f"{label:40} {len(printed.deck.cards):5} {pages:5} {elapsed:7.2f}s "
                  f"{len(printed.pdf) / 1e6:8.3f}MB{target}")


def photo_figures(lang: str = "en") -> None:
    """A sheet of Royal Visit cards as a phone would see it, read by OpenCV and zxing-cpp."""
    page = pdfium.PdfDocument(decks.deck_pdf(decks.royal_visit("BEN"), lang=lang))[0]
    sheet_mm = page.get_height() * 25.4 / 72
    print(f"\n{'image of one 3x3 A4 sheet':26} {'px/mm':>6} {'face px/mod':>11} "
          f"{'corner px/mod':>13} {'OpenCV codes':>12} {'zxing codes':>11} {'cards':>5} {'time':>6}")
    for label, long_side in {**PHOTOS, "300 dpi page": None}.items():
        if long_side is None:
            px_mm, image = 300 / 25.4, page.render(scale=300 / 72, grayscale=True).to_numpy()
        else:
            px_mm = 0.9 * long_side / sheet_mm
            image = _photo(page, px_mm, long_side)
        start = time.perf_counter()
        found = find_codes(image)
        elapsed = time.perf_counter() - start
        theirs = zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode)
        print(f"{label:26} {px_mm:6.2f} {FACE_MODULE * px_mm:11.1f} {CORNER_MODULE * px_mm:13.1f} "
              f"{len(found):9}/27 {len(theirs):8}/27 {len({f.text for f in found}):3}/9 "
              f"{elapsed:5.2f}s")


def _photo(page, px_mm: float, long_side: int) -> np.ndarray:
    """The page at ``px_mm`` on a grey table, blurred a little (sigma 0.8 px), JPEG quality 85."""
    sheet = page.render(scale=px_mm * 25.4 / 72, grayscale=True).to_numpy()
    frame = np.full((long_side, long_side * 3 // 4), 110, np.uint8)
    top, left = (frame.shape[0] - sheet.shape[0]) // 2, (frame.shape[1] - sheet.shape[1]) // 2
    frame[top:top + sheet.shape[0], left:left + sheet.shape[1]] = sheet
    frame = cv2.GaussianBlur(frame, (0, 0), 0.8)
    _ok, jpeg = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, 85])
    return cv2.imdecode(jpeg, cv2.IMREAD_GRAYSCALE)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", choices=("en", "fr", "de"), default="en",
                        help="the language the decks are worded in (default: English)")
    args = parser.parse_args()
    deck_figures(args.lang)
    photo_figures(args.lang)
