"""Reading a photo: ``scan_photo`` (cards counted once, in reading order) and ``read_photo``."""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise

import cv2
import numpy as np

from companion.codes import CORNER_MODULE, FACE_MODULE, CardCode, CodeError, parse_code
from companion.scan.finding import (
    Found,
    _distinct,
    _find,
    _find_finders,
    _outline,
    _side,
    _zxing,
)
from companion.scan.other import _read_crop
from companion.scan.photo import MAX_FRAMES, Animated, animation_frames, load_photo
from companion.scan.version1 import N, _read_v1
from companion.words import msg

# zxing-cpp reads beside OpenCV's pipeline: it lifts recall up to 30 degrees of tilt from 98.2 %
# to 99.0 % and cuts the 2 MP median from 101 to 81 ms (benchmarks/scan.py; docs/benchmarks.md).
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
    # how hard the reader looked: "reduced" or "whole" (the first pass), then "full" (the full
    # resolution read again), "enlarged" (small codes sought enlarged), "finders" (codes sought
    # from their finder patterns where print is left unexplained), or "<pass>: over budget"
    # for a pass the time budget left out
    passes: list[str] = field(default_factory=list)


WORK_SIDE = 2000  # codes are found on a copy about this long (a larger photo is reduced)
# How hard to look, from what the first pass saw (pixels a module, of the pixels read):
SMALL_MODULE = 3.5  # a card known only from codes under this at the reduced size: look closer
ALONE_MODULE = 6.0  # cards known from one code under this each (a fan): more are hidden
ENLARGE_MODULE = 2.5  # a card known only from codes under this: smaller ones likely, enlarged
ENLARGED_MODULE = 3.2  # pixels a module the smallest code read gets enlarged first (x1.5-x3)
BUDGET = 1.0  # CPU seconds a photo's reading may take: a pass that would not fit is left out
# seconds a pixel, to tell beforehand whether a pass fits in what is left of the budget (one core
# of this machine, rounded up): decoding a JPEG at full resolution and reading it with zxing-cpp;
# enlarging a region and reading it
FULL_COST = 12e-9
ENLARGED_COST = 8e-9
ENLARGED_PIXELS = 16_000_000  # the most pixels the enlarged copies of one pass may have
FINDER_MODULE = 3.0  # pixels a module the finder search's copy gives the corner codes
# seconds a pixel of that copy: sharpening it, tracing its finder patterns, reading each code
# three of them make
FINDER_COST = 150e-9


def scan_photo(data: bytes, game: str | None = None, budget: float = BUDGET) -> ScanResult:
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
    is not a readable photo; a photo without any code is an empty result, not an error.

    The passes after the first fit in ``budget`` seconds of this thread's CPU time from the
    start (see ``read_photo``)."""
    start = time.perf_counter()
    deadline = time.thread_time() + budget
    notes: list[str] = []
    passes: list[str] = []
    try:
        gray, (width, height) = load_photo(data, WORK_SIDE)
        founds = read_photo(gray, (width, height), lambda: load_photo(data)[0], deadline, passes)
    except Animated as animation:  # each frame read as a photo, the cards of all counted once
        founds, width, height = [], 0, 0
        for gray, size in animation_frames(data):
            founds += read_photo(gray, deadline=deadline, passes=passes)
            width, height = size
        if animation.frames > MAX_FRAMES:
            notes.append(msg("This animated image has {frames} frames: its first {read} were read.",
                             frames=animation.frames, read=MAX_FRAMES))
    codes: dict[tuple, list[Found]] = {}
    parsed: dict[tuple, CardCode] = {}
    others: dict[str, OtherCode] = {}
    for found in founds:
        x, y = found.corners.mean(axis=0)
        try:
            code = parse_code(found.text, game)
        except CodeError as refused:
            others.setdefault(found.text, OtherCode(found.text, refused.message,
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
                      width, height, time.perf_counter() - start, notes + _deck_notes(cards),
                      passes)


def _deck_notes(cards: list[ScannedCard]) -> list[str]:
    """A sentence for each game whose cards in the photo carry more than one deck mark."""
    from companion.codes import GAMES

    marks: dict[str, set[str]] = {}
    for card in cards:
        marks.setdefault(card.code.game, set()).add(card.code.deck_mark)
    return [msg("These {game} cards come from {count} printed decks (deck marks {marks}): two decks may "
                "have been mixed.", game=GAMES[game].title, count=len(found), marks=", ".join(sorted(found)))
            for game, found in marks.items() if len(found) > 1]


def read_photo(gray: np.ndarray, size: tuple[int, int] | None = None,
               full: Callable[[], np.ndarray] | None = None, deadline: float | None = None,
               passes: list[str] | None = None) -> list[Found]:
    """Every code read in a grey photo, each card's codes counted once where they do not read at
    once (``find_codes`` with ``every_code`` False), in pixels of the full photo: ``gray`` may
    be a reduced decode of a photo (width, height) = ``size``, whose full resolution ``full()``
    gives. What was done is added to ``passes`` (see ScanResult.passes).

    How hard to look is decided from what the first pass sees:

    1. Codes are found on a copy reduced to about WORK_SIDE (a 2 MP photo as it is), and where
       printed matter shows is measured on it (``_busy``).
    2. The full resolution is read again (zxing-cpp, and each candidate left unread rectified
       from it) when the reduced copy may have lost cards: nothing read, a candidate unread, a
       card known only from codes under SMALL_MODULE pixels a module (cards beside it may have
       smaller ones still), most cards known from one small code each (a fanned hand), or print
       that no card read explains (``_unexplained``).
    3. Small codes are sought enlarged over the whole photo, not only near the codes read, when
       nothing was read, a card is known only from codes under ENLARGE_MODULE pixels a module,
       the layout is a fan's, or print is left unexplained: each such place (the unexplained
       ones first) is enlarged so that the smallest code read gets about ENLARGED_MODULE pixels
       a module (x2 when none was) and read by zxing-cpp; then again at x2 and x3 while that
       finds new cards and print is left unexplained.
    4. Codes blurred past what zxing-cpp reads (a fan's corners at half a module) are sought
       from their finder patterns in the places still unexplained (``_read_finders``), on a
       sharpened copy sized to the corner codes of the cards read (``_corner_module``), and
       read by our own reader.
    5. Each pass after the first runs only when its cost (pixels times what a pixel costs)
       fits before ``deadline`` (time.thread_time(): the reading thread's CPU time, which a
       busy machine does not take from it; BUDGET from now by default): on a 48 MP photo the
       full resolution may be left out, and the enlarged places are read in their order until
       the time is spent."""
    if deadline is None:
        deadline = time.thread_time() + BUDGET
    passes = [] if passes is None else passes
    if max(gray.shape) > 1.5 * WORK_SIDE:  # decoded whole: reduced here
        # by a whole factor (12 MP: 2, to 2016 px), which OpenCV averages ten times faster
        factor = round(max(gray.shape) / WORK_SIDE)
        height, width = gray.shape[0] // factor, gray.shape[1] // factor
        size, pixels = (gray.shape[1], gray.shape[0]), gray

        def full():
            return pixels

        gray = cv2.resize(gray[:height * factor, :width * factor], (width, height),
                          interpolation=cv2.INTER_AREA)
    size = size or (gray.shape[1], gray.shape[0])
    ratios = np.array([size[0] / gray.shape[1], size[1] / gray.shape[0]])  # full px a px
    ratio = float(ratios.mean())
    found, unread = _find(gray, every_code=False, zxing=USE_ZXING)
    found = [Found(f.text, f.corners * ratios) for f in found]
    reduced = ratio >= 1.5
    passes.append("reduced" if reduced else "whole")
    busy = _busy(gray)
    boxes = np.tile(ratios, 2)  # a box in pixels of ``gray`` to one in full pixels
    work, scale = gray, ratio  # the pixels read last, and full pixels a pixel of them
    if reduced and full is not None and (
            unread or not found or _smallest(found, ratio) < SMALL_MODULE
            or _alone(found, ratio, ALONE_MODULE) or _unexplained(busy, found, ratios)):
        if time.thread_time() + size[0] * size[1] * FULL_COST <= deadline:
            work, scale = full(), 1.0
            found = _read_full(work, found, [quad * ratios for quad in unread])
            passes.append("full")
        else:
            passes.append("full: over budget")
    missed = _unexplained(busy, found, ratios)
    small = _smallest(found, scale) < ENLARGE_MODULE or _alone(found, scale, 2 * ENLARGE_MODULE)
    if not USE_ZXING or not (missed or small or not found):
        return found
    # where print shows and no card read explains it first, then (small codes read: their
    # neighbours may be smaller) the rest of the print; again at another size while that finds
    # new cards, print is left unexplained and the budget lasts
    regions = missed + [box for box in _regions(busy) if small or not found]
    smallest = _smallest(found, scale)
    first = 2.0 if smallest == float("inf") else float(np.clip(ENLARGED_MODULE / smallest,
                                                               1.5, 3))
    tried: list[float] = []
    for factor in (first, 2.0, 3.0, 1.5):
        if not regions or any(abs(factor - other) < 0.4 for other in tried):
            continue
        tried.append(factor)
        read, spent = _read_enlarged(work, scale, [box * boxes / scale for box in regions],
                                     factor, deadline)
        known = {f.text for f in found}
        found = _distinct(found + read)
        passes.append(f"enlarged x{factor:.1f}" + ("" if spent else ": over budget"))
        if not spent or known >= {f.text for f in read}:
            break  # the budget spent, or nothing new there: what is left is not a code
        regions = _unexplained(busy, found, ratios)
    # codes blurred past what zxing-cpp reads (a fan's corners, half a module): from their
    # finder patterns, in the places still unexplained, read by our own reader
    regions = _unexplained(busy, found, ratios)
    if regions and found:
        read, spent = _read_finders(work, scale, [box * boxes / scale for box in regions],
                                    found, deadline)
        found = _distinct(found + read)
        passes.append("finders" + ("" if spent else ": over budget"))
    return found


def _smallest(found: list[Found], scale: float) -> float:
    """Pixels a module of the card read from the smallest codes (of its codes read, the
    largest), in pixels of an image ``scale`` times smaller than the full photo; infinite when
    none was. A card's corner codes are small beside its face code: the cards whose face codes
    show tell nothing of smaller cards around them, those known from small codes alone do."""
    best: dict[str, float] = {}
    for f in found:
        best[f.text] = max(best.get(f.text, 0.0), _side(f.corners) / scale / N)
    return min(best.values(), default=float("inf"))


def _corner_module(found: list[Found], scale: float) -> float:
    """Pixels a module (of an image ``scale`` times smaller than the full photo) of the corner
    codes of the cards read, the smallest: the codes unread around them (a fan's corners) are
    about that size. A card read from codes of two sizes shows it (the smaller); a card known
    from one code only has it a face code's CORNER_MODULE / FACE_MODULE (0.42) when that code
    is the only card read or large beside the photo's smallest code (as ``_unexplained`` tells
    a face code), else it is a corner code itself."""
    codes: dict[str, list[float]] = {}
    for f in found:
        codes.setdefault(f.text, []).append(_side(f.corners) / scale / N)
    smallest = min((min(sizes) for sizes in codes.values()), default=float("inf"))
    corners = []
    for sizes in codes.values():
        if len(sizes) > 1 and max(sizes) >= 1.8 * min(sizes):
            corners.append(min(sizes))
        elif len(codes) == 1 or max(sizes) >= 1.8 * smallest:
            corners.append(max(sizes) * CORNER_MODULE / FACE_MODULE)
        else:
            corners.append(min(sizes))
    return min(corners, default=float("inf"))


def _alone(found: list[Found], scale: float, module: float) -> bool:
    """Whether at least two cards were read and most are known from one code only, of under
    ``module`` pixels a module (a fan's corners: the rest of each card is under the next)."""
    codes: dict[str, list[float]] = {}
    for f in found:
        codes.setdefault(f.text, []).append(_side(f.corners) / scale / N)
    alone = [sizes[0] < module for sizes in codes.values() if len(sizes) == 1]
    return len(codes) >= 2 and sum(alone) * 2 > len(codes)


def _read_full(pixels: np.ndarray, found: list[Found], unread: list[np.ndarray]) -> list[Found]:
    """The codes read again at full resolution: zxing-cpp over the photo, then each candidate
    still unread (``unread``, in full pixels) rectified from the full pixels."""
    # cards are never printed light on dark: no second search of the inverted photo
    found = _distinct(found + (_zxing(pixels, invert=False) if USE_ZXING else []))
    for quad in unread:
        if any(np.linalg.norm(quad.mean(axis=0) - f.corners.mean(axis=0))
               < 0.3 * _side(f.corners) for f in found):
            continue  # read at full resolution
        hit = _read_v1(pixels, quad)
        text = hit[0] if hit else _read_crop(pixels, quad)
        if text:
            found.append(Found(text, hit[1] if hit else quad))
    return _distinct(found)


BUSY_CONTRAST = 30  # grey levels between a pixel and its neighbours where print is
BUSY_SHARE = 0.2  # of the pixels around that contrast make a place busy
UNEXPLAINED_AREA = 1500  # pixels of a reduced copy: the least busy place left unread that counts
NARROWEST = 24  # pixels of a reduced copy: the least width of a busy place that counts


def _busy(gray: np.ndarray) -> np.ndarray:
    """Where printed matter is (255) in the image: where many pixels differ from their
    neighbours by BUSY_CONTRAST (the modules of a code, even at a pixel a module, and the print
    of a card; not a table's grain, nor glare, nor a screen's moiré), with a margin."""
    edges = cv2.morphologyEx(gray, cv2.MORPH_GRADIENT, np.ones((3, 3), np.uint8))
    cv2.threshold(edges, BUSY_CONTRAST, 255, cv2.THRESH_BINARY, dst=edges)
    cv2.blur(edges, (9, 9), dst=edges)  # the share of such pixels around, 0-255, in place
    cv2.threshold(edges, int(BUSY_SHARE * 255), 255, cv2.THRESH_BINARY, dst=edges)
    return cv2.dilate(edges, np.ones((15, 15), np.uint8))


def _regions(busy: np.ndarray, least: int = 400) -> list[np.ndarray]:
    """Boxes (x0, y0, x1, y1) around each busy place of at least ``least`` pixels and
    NARROWEST across (a code of a pixel a module, with its quiet zone)."""
    count, _, stats, _ = cv2.connectedComponentsWithStats(busy, connectivity=8)
    return [np.array([x, y, x + w, y + h], float) for x, y, w, h, area in stats[1:count]
            if area >= least and min(w, h) >= NARROWEST]


def _unexplained(busy: np.ndarray, found: list[Found], ratios: np.ndarray) -> list[np.ndarray]:
    """Boxes (pixels of ``busy``) around the busy places that no card read explains. A card
    explains its outline, seen from its largest code read: the face code when the card's codes
    read differ in size, or when a card is known from one code only and that code is large
    beside the photo's smallest; otherwise a corner code, and then, where most cards are known
    from one code only (a fanned hand), only the strip of the card along that corner code's
    edge shows (the rest is under the next card)."""
    left = busy.copy()
    codes: dict[str, list[Found]] = {}
    for f in found:
        codes.setdefault(f.text, []).append(f)
    smallest = min((_side(f.corners) for f in found), default=0.0)
    fan = sum(len(same) == 1 for same in codes.values()) * 2 > len(codes)
    for same in codes.values():
        sides = [_side(f.corners) for f in same]
        largest = same[int(np.argmax(sides))]
        if max(sides) >= 1.8 * (min(sides) if len(same) > 1 else smallest):
            seen_from = "face"
        else:
            seen_from = "strip" if fan and len(same) == 1 else "corner"
        outline = _outline(largest.corners / ratios, seen_from)
        middle = outline.mean(axis=0)
        outline = middle + 1.06 * (outline - middle)  # and the card's edge
        cv2.fillConvexPoly(left, np.round(outline).astype(np.int32), 0)
    # what is left of the margins of the cards read: thin rims, wiped
    left = cv2.morphologyEx(left, cv2.MORPH_OPEN, np.ones((11, 11), np.uint8))
    return _regions(left, UNEXPLAINED_AREA)


def _read_enlarged(work: np.ndarray, scale: float, regions: list[np.ndarray], factor: float,
                   deadline: float) -> tuple[list[Found], bool]:
    """zxing-cpp's reads of each region in turn (boxes in pixels of ``work``, an image ``scale``
    times smaller than the full photo; one inside a region read already is left out) enlarged
    ``factor`` times each way (in tiles, ``_tiles``); each only while it fits before
    ``deadline`` and within ENLARGED_PIXELS in all. Corners in full pixels; and whether every
    region was read (False when the budget ran out)."""
    height, width = work.shape
    read: list[Found] = []
    left = ENLARGED_PIXELS
    done: list[tuple[int, int, int, int]] = []
    for box in regions:
        x0, y0 = (int(max(0, v)) for v in box[:2])
        x1, y1 = int(min(width, box[2])), int(min(height, box[3]))
        if any(a <= x0 and b <= y0 and x1 <= c and y1 <= d for a, b, c, d in done):
            continue
        done.append((x0, y0, x1, y1))
        area = (x1 - x0) * (y1 - y0)
        enlarge = min(factor, (max(0, left) / max(1, area)) ** 0.5)
        if area <= 0 or enlarge < 1.4:
            continue
        if time.thread_time() + area * enlarge ** 2 * ENLARGED_COST > deadline:
            return read, False
        left -= int(area * enlarge ** 2)
        for tx0, ty0, tx1, ty1 in _tiles(x0, y0, x1, y1, enlarge):
            crop = cv2.resize(work[ty0:ty1, tx0:tx1], None, fx=enlarge, fy=enlarge,
                              interpolation=cv2.INTER_CUBIC)
            read += [Found(f.text, (f.corners / enlarge + (tx0, ty0)) * scale)
                     for f in _zxing(crop, invert=False)]
    return read, True


def _read_finders(work: np.ndarray, scale: float, regions: list[np.ndarray], found: list[Found],
                  deadline: float) -> tuple[list[Found], bool]:
    """Codes found from their three finder patterns in each region (boxes in pixels of ``work``,
    an image ``scale`` times smaller than the full photo) and read by ``_read_v1`` from ``work``,
    for codes blurred so much that zxing-cpp and OpenCV's detector do not see them (from two
    finder patterns too, ``_find_finders`` with ``pairs``). Each region
    is copied at a size giving the corner codes of the cards read (``found``, full pixels;
    ``_corner_module``) FINDER_MODULE pixels a module (the finder patterns' adaptive threshold
    sees the rings at that size),
    sharpened against a blur of half a module and stretched to the full range of grey (a dim
    photo's rings differ by a few grey levels); each only while it fits before ``deadline``.
    Corners in full pixels; and whether every region was searched."""
    height, width = work.shape
    module = _corner_module(found, scale)
    factor = float(np.clip(FINDER_MODULE / module, 0.3, 2.5))
    margin = 4 * module  # the finder patterns of a code the region's edge cuts
    read: list[Found] = []
    for box in regions:
        x0, y0 = int(max(0, box[0] - margin)), int(max(0, box[1] - margin))
        x1, y1 = int(min(width, box[2] + margin)), int(min(height, box[3] + margin))
        if min(x1 - x0, y1 - y0) * factor < 3 * FINDER_MODULE * 7:
            continue  # narrower than a code
        if time.thread_time() + (x1 - x0) * (y1 - y0) * factor ** 2 * FINDER_COST > deadline:
            return read, False
        copy = cv2.resize(work[y0:y1, x0:x1], None, fx=factor, fy=factor,
                          interpolation=cv2.INTER_AREA if factor < 1 else cv2.INTER_CUBIC)
        blurred = cv2.GaussianBlur(copy, (0, 0), FINDER_MODULE / 2)
        copy = cv2.normalize(cv2.addWeighted(copy, 2, blurred, -1, 0), None, 0, 255,
                             cv2.NORM_MINMAX)
        for quad in _find_finders(copy, pairs=True)[0]:
            quad = quad / factor + (x0, y0)
            centre = quad.mean(axis=0) * scale
            if any(cv2.pointPolygonTest(f.corners.astype(np.float32),
                                        (float(centre[0]), float(centre[1])), False) >= 0
                   for f in found + read):
                continue  # a code read already
            hit = _read_v1(work, quad)
            if hit:
                read.append(Found(hit[0], hit[1] * scale))
    return read, True


TILE_PIXELS = 4_000_000  # the most pixels one enlarged copy has: a larger region is read in tiles
TILE_OVERLAP = 160  # pixels the tiles share (wider than a small code with its quiet zone)


def _tiles(x0: int, y0: int, x1: int, y1: int, enlarge: float) -> list[tuple[int, int, int, int]]:
    """The box cut into strips across its longer side, each under TILE_PIXELS once enlarged
    (the memory a read holds stays small), neighbours overlapping by TILE_OVERLAP."""
    count = int(np.ceil((x1 - x0) * (y1 - y0) * enlarge ** 2 / TILE_PIXELS))
    if count <= 1:
        return [(x0, y0, x1, y1)]
    if x1 - x0 >= y1 - y0:
        edges = np.linspace(x0, x1, count + 1).astype(int)
        return [(max(x0, a - TILE_OVERLAP // 2), y0, min(x1, b + TILE_OVERLAP // 2), y1)
                for a, b in pairwise(edges)]
    edges = np.linspace(y0, y1, count + 1).astype(int)
    return [(x0, max(y0, a - TILE_OVERLAP // 2), x1, min(y1, b + TILE_OVERLAP // 2))
            for a, b in pairwise(edges)]


def _reading_order(items: list, row_height: float) -> list:
    """Rows from top to bottom, each from left to right."""
    rows: list[list] = []
    for item in sorted(items, key=lambda item: item.y):
        if rows and item.y - rows[-1][0].y < row_height:
            rows[-1].append(item)
        else:
            rows.append([item])
    return [item for row in rows for item in sorted(row, key=lambda item: item.x)]
