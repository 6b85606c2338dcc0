"""Reading a photo: ``scan_photo`` (cards counted once, in reading order) and ``read_photo``."""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.codes import CardCode, CodeError, parse_code
from companion.scan.finding import Found, _distinct, _find, _side, _zxing
from companion.scan.other import _read_crop
from companion.scan.photo import MAX_FRAMES, Animated, animation_frames, load_photo
from companion.scan.version1 import N, _read_v1

# zxing-cpp reads beside OpenCV's pipeline: it lifts recall up to 30 degrees of tilt from 98.2 %
# to 99.0 % and cuts the 2 MP median from 101 to 81 ms (benchmarks/scan.py; README).
USE_ZXING = True  # the benchmark turns it off to measure OpenCV alone


@dataclass(frozen=True)
class ScannedCard:
    code: CardCode
    text: str
    x: float  # the card's centre, as a fraction 0..1 of the upright photo's width
    y: float  # ... and of its height


@dataclass(frozen=True)
class OtherCode:
    text: str
    reason: str  # why it is not a card of this game: the CodeError sentence
    x: float
    y: float


@dataclass(frozen=True)
class ScanResult:
    cards: list[ScannedCard]
    others: list[OtherCode]
    width: int  # the upright photo's size, pixels
    height: int
    seconds: float
    notes: list[str] = field(default_factory=list)  # sentences to show beside the cards


WORK_SIDE = 2000  # codes are found on a copy about this long (a larger photo is reduced)
SMALL_MODULE = 3.5  # pixels a module at the reduced size under which a code is read again


def scan_photo(data: bytes, game: str | None = None) -> ScanResult:
    """The cards in a photo (JPEG, PNG, WebP or HEIC), each physical
    card once: its several codes (same game, kind, copy and deck mark) count once.

    Order: reading order of the upright photo. Cards are put in rows (a card whose centre is
    less than half a card's height below the row's first card joins that row), rows from top to
    bottom, and each row from left to right: cards laid in a line read left to right, a 3 x 3
    spread reads like a page. A card's centre (x, y, fractions of the upright photo's width and
    height) is the mean of the centres of its codes that were read.

    Codes that are not cards of ``game`` (another game's card, a link, a damaged or unknown
    code) come apart in ``others`` with the reason, never as a card. Cards of one game from two
    printed decks (two deck marks) are read, with a note saying so. Raises ScanError for what
    is not a readable photo; a photo without any code is an empty result, not an error."""
    start = time.perf_counter()
    notes: list[str] = []
    try:
        gray, (width, height) = load_photo(data, WORK_SIDE)
        founds = read_photo(gray, (width, height), lambda: load_photo(data)[0])
    except Animated as animation:  # each frame read as a photo, the cards of all counted once
        founds, width, height = [], 0, 0
        for gray, (width, height) in animation_frames(data):
            founds += read_photo(gray)
        if animation.frames > MAX_FRAMES:
            notes.append(f"This animated image has {animation.frames} frames: its first "
                          f"{MAX_FRAMES} were read.")
    codes: dict[tuple, list[Found]] = {}
    parsed: dict[tuple, CardCode] = {}
    others: dict[str, OtherCode] = {}
    for found in founds:
        x, y = found.corners.mean(axis=0)
        try:
            code = parse_code(found.text, game)
        except CodeError as refused:
            others.setdefault(found.text, OtherCode(found.text, str(refused),
                                                    float(x / width), float(y / height)))
            continue
        key = (code.game, code.kind_id, code.copy, code.deck_mark)
        codes.setdefault(key, []).append(found)
        parsed[key] = code
    cards, sizes = [], []
    for key, founds in codes.items():
        centre = np.mean([f.corners.mean(axis=0) for f in founds], axis=0)
        cards.append(ScannedCard(parsed[key], parsed[key].text, float(centre[0] / width),
                                 float(centre[1] / height)))
        sizes.append(max(_side(f.corners) for f in founds))
    # a card's height: about three times its face code's side (88 mm to 30 mm)
    row_height = 0.5 * 2.9 * max(sizes, default=0) / height
    return ScanResult(_reading_order(cards, row_height),
                      _reading_order(list(others.values()), row_height),
                      width, height, time.perf_counter() - start, notes + _deck_notes(cards))


def _deck_notes(cards: list[ScannedCard]) -> list[str]:
    """A sentence for each game whose cards in the photo carry more than one deck mark."""
    from companion.codes import GAMES

    marks: dict[str, set[str]] = {}
    for card in cards:
        marks.setdefault(card.code.game, set()).add(card.code.deck_mark)
    return [f"These {GAMES[game].title} cards come from {len(found)} printed decks (deck marks "
            f"{', '.join(sorted(found))}): two decks may have been mixed."
            for game, found in marks.items() if len(found) > 1]


def read_photo(gray: np.ndarray, size: tuple[int, int] | None = None,
               full: Callable[[], np.ndarray] | None = None) -> list[Found]:
    """Every code read in a grey photo, each card's codes counted once where they do not read at
    once (``find_codes`` with ``every_code`` False), in pixels of the full photo: ``gray`` may
    be a reduced decode of a photo (width, height) = ``size``, whose full resolution ``full()``
    gives. Codes are found on a copy reduced to about WORK_SIDE; what that copy may have lost (a
    candidate still unread, a code known only from small modules, or no code at all) is read
    again from the full-resolution pixels."""
    if max(gray.shape) > 1.5 * WORK_SIDE:  # decoded whole: reduced here
        # by a whole factor (12 MP: 2, to 2016 px), which OpenCV averages ten times faster
        factor = round(max(gray.shape) / WORK_SIDE)
        height, width = gray.shape[0] // factor, gray.shape[1] // factor
        size, pixels = (gray.shape[1], gray.shape[0]), gray
        full = lambda: pixels
        gray = cv2.resize(gray[:height * factor, :width * factor], (width, height),
                          interpolation=cv2.INTER_AREA)
    size = size or (gray.shape[1], gray.shape[0])
    ratio = np.array([size[0] / gray.shape[1], size[1] / gray.shape[0]])  # full pixels a pixel
    found, unread = _find(gray, every_code=False, zxing=USE_ZXING)
    found = [Found(f.text, f.corners * ratio) for f in found]
    # a code known only from small modules (the corner codes of a fan, cards far away): its
    # neighbours may be smaller still
    module: dict[str, float] = {}
    for f in found:
        module[f.text] = max(module.get(f.text, 0.0), _side(f.corners) / ratio.mean() / N)
    small = any(size < SMALL_MODULE for size in module.values())
    if ratio.mean() < 1.5:  # the photo is at its full resolution already
        if small:
            found = _distinct(found + _read_enlarged(gray, found))
        return found
    if full is None or not (unread or small or not found):
        return found
    pixels = full()
    # cards are never printed light on dark: no second search of the inverted photo
    found = _distinct(found + (_zxing(pixels, invert=False) if USE_ZXING else []))
    for quad in unread:
        quad = quad * ratio
        if any(np.linalg.norm(quad.mean(axis=0) - f.corners.mean(axis=0))
               < 0.3 * _side(f.corners) for f in found):
            continue  # read at full resolution
        hit = _read_v1(pixels, quad)
        text = hit[0] if hit else _read_crop(pixels, quad)
        if text:
            found.append(Found(text, hit[1] if hit else quad))
    return _distinct(found)


ENLARGED_PIXELS = 6_000_000  # the most pixels an enlarged copy of a region may have


def _read_enlarged(gray: np.ndarray, found: list[Found]) -> list[Found]:
    """zxing-cpp's reads of the region around the codes read with small modules (the corner
    codes of a fanned hand, cards far away), enlarged two or three times: a code of 1-2 pixels a
    module that zxing-cpp misses at its own size reads enlarged, and its neighbours are near."""
    small = [f for f in found if _side(f.corners) / N < SMALL_MODULE]
    if not small or not USE_ZXING:
        return []
    corners = np.vstack([f.corners for f in small])
    reach = 4 * max(_side(f.corners) for f in small)  # a card is seven corner codes long
    height, width = gray.shape
    x0, y0 = np.maximum(corners.min(axis=0) - reach, 0).astype(int)
    x1, y1 = np.minimum(corners.max(axis=0) + reach, (width, height)).astype(int)
    area = (x1 - x0) * (y1 - y0)
    scale = 3 if 9 * area <= ENLARGED_PIXELS else 2 if 4 * area <= ENLARGED_PIXELS else 0
    if scale == 0:
        return []
    crop = cv2.resize(gray[y0:y1, x0:x1], None, fx=scale, fy=scale,
                      interpolation=cv2.INTER_CUBIC)
    return [Found(f.text, f.corners / scale + (x0, y0)) for f in _zxing(crop, invert=False)]


def _reading_order(items: list, row_height: float) -> list:
    """Rows from top to bottom, each from left to right."""
    rows: list[list] = []
    for item in sorted(items, key=lambda item: item.y):
        if rows and item.y - rows[-1][0].y < row_height:
            rows[-1].append(item)
        else:
            rows.append([item])
    return [item for row in rows for item in sorted(row, key=lambda item: item.x)]
