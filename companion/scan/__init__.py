"""Read the proxy cards in a phone photo: ``scan_photo(data, game)``.

Every card carries the same version-1 QR code three times (30 mm on its face, 12.6 mm in two
opposite corners; printables/faces.py). The pipeline:

1. **Load** within a memory budget: the header is checked first (format, pixel count: above
   50 MP is refused before any pixel is decoded; a format and size whose decoding would take
   more memory than DECODE_BUDGET is refused with a sentence), then the photo is decoded
   straight to grey (libjpeg's luma for a JPEG, libpng's grey for a PNG through OpenCV, OpenCV
   for WebP, pillow-heif for HEIC, Pillow for GIF), 16-bit images scaled to 8 bits,
   transparency composited on white, and the EXIF orientation applied. An animated image (GIF,
   WebP, APNG) is read frame by frame, its first MAX_FRAMES frames, one held at a time, and the
   cards of all its frames counted once.
2. **Find at a reduced size** (about 2000 px long; a large JPEG is decoded at that scale) for
   speed: zxing-cpp reads most codes in a few ms; when a finder pattern the copy shows belongs
   to no code read, OpenCV's ``QRCodeDetectorAruco.detectMulti`` finds the rest, codes already
   read left out, largest first; where a code read is seen at a steep angle (or none was read),
   codes are also sought from their three finder patterns.
3. **Rectify and read** each candidate ourselves: warp its quad to a 21 x 21-module square,
   turn it so the finder patterns sit where a version-1 code has them, threshold each module
   against the finder patterns' own dark and light (a plane through the three, for uneven
   light), sharpened against its neighbours (blur), or by Otsu; check the format information
   (BCH) before handing a clean redrawn code to OpenCV's decoder. When that fails, the three
   finder patterns are found in the rectified square by template matching and the quad is
   corrected from them (the detector's corners are often a module off), twice at most.
4. **Fall back** to OpenCV's own detect-and-decode on a crop for what is still unread (another
   version of QR code: a link, a note), except where a card already read has its other codes.
5. **Look harder where the copy says cards may be missed** (``reader.read_photo``): the full
   resolution when nothing was read, a candidate is unread, a card is known only from small
   codes, the layout is a fan's or print is left that no card read explains; then small codes
   sought enlarged in every such place of the photo; then, where print is still unexplained,
   codes too blurred for zxing-cpp sought from their finder patterns on a sharpened copy; each
   pass only while it fits in a CPU time budget (``ScanResult.passes`` says which ran).
6. **Count each card once** and order them in reading order; cards of one game with two deck
   marks get a note (two printed decks mixed).

A decoder that fails on a code (OpenCV raises on a Hanzi-mode code or Kanji bytes) only skips
that code: nothing a photo holds makes the scan raise anything but ScanError.

The parts: ``photo`` (loading within a memory budget), ``finding`` (where codes are, and reading
each), ``version1`` (reading a card's version-1 code), ``other`` (any other code) and ``reader``
(a whole photo: how hard to look, and the cards counted once). Only the libraries reading needs
are imported here; pillow-heif and each Pillow plugin load when a photo of theirs comes.
"""
from __future__ import annotations

import cv2

from companion.scan.finding import Found, _gray, find_codes, read_codes
from companion.scan.photo import (
    MAX_FRAMES,
    MAX_PIXELS,
    Animated,
    ScanError,
    animation_frames,
    load_photo,
)
from companion.scan.reader import (
    OtherCode,
    ScannedCard,
    ScanResult,
    read_photo,
    scan_photo,
)
from companion.scan.version1 import FORMAT_COPIES, FORMATS_V1

cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_ERROR)  # no decoder chatter on stderr

__all__ = [
    "FORMATS_V1",
    "FORMAT_COPIES",
    "MAX_FRAMES",
    "MAX_PIXELS",
    "Animated",
    "Found",
    "OtherCode",
    "ScanError",
    "ScanResult",
    "ScannedCard",
    "_gray",
    "animation_frames",
    "find_codes",
    "load_photo",
    "read_codes",
    "read_photo",
    "scan_photo",
]
