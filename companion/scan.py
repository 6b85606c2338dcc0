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
   speed: zxing-cpp reads most codes in a few ms; OpenCV's ``QRCodeDetectorAruco.detectMulti``
   finds the rest, codes already read left out, largest first; where a code read is seen at a
   steep angle (or none was read), codes are also sought from their three finder patterns.
3. **Rectify and read** each candidate ourselves: warp its quad to a 21 x 21-module square,
   turn it so the finder patterns sit where a version-1 code has them, threshold each module
   against the finder patterns' own dark and light (a plane through the three, for uneven
   light), sharpened against its neighbours (blur), or by Otsu; check the format information
   (BCH) before handing a clean redrawn code to OpenCV's decoder. When that fails, the three
   finder patterns are found in the rectified square by template matching and the quad is
   corrected from them (the detector's corners are often a module off), twice at most.
4. **Fall back** to OpenCV's own detect-and-decode on a crop for what is still unread (another
   version of QR code: a link, a note), except where a card already read has its other codes.
5. **Read again at full resolution** what the reduced size may have lost: when a candidate is
   still unread, when a card is known only from small modules (the corner codes of a fanned
   hand, cards far away) or when nothing was read, zxing-cpp reads the full-resolution pixels,
   and each unread candidate is rectified from them.
6. **Count each card once** and order them in reading order; cards of one game with two deck
   marks get a note (two printed decks mixed).

A decoder that fails on a code (OpenCV raises on a Hanzi-mode code or Kanji bytes) only skips
that code: nothing a photo holds makes the scan raise anything but ScanError.
"""
from __future__ import annotations

import io
import struct
import time
from dataclasses import dataclass, field
from importlib import import_module
from typing import Callable

import cv2
import numpy as np
import zxingcpp
from PIL import Image

from companion.codes import CORNER_MODULE, FACE_MODULE, FRAME, CardCode, CodeError, parse_code

MAX_PIXELS = 50_000_000  # a photo larger than this is refused from its header, before decoding
N = 21  # modules a side of a version-1 code: every card's
CELL = 6  # pixels a module in a rectified code

# zxing-cpp reads beside OpenCV's pipeline: it lifts recall up to 30 degrees of tilt from 98.2 %
# to 99.0 % and cuts the 2 MP median from 101 to 81 ms (benchmarks/scan.py; README).
USE_ZXING = True  # the benchmark turns it off to measure OpenCV alone

FORMATS = ("JPEG", "MPO", "PNG", "WEBP", "HEIF", "GIF")
ANIMATED = ("PNG", "WEBP", "GIF")  # formats whose frames are read one by one (MPO, HEIF: the first)
MAX_FRAMES = 8  # the frames of an animation read, from its first
# The formats Pillow opens for us, told apart by their first bytes, and the plugin module of
# each: only the photo's own is imported, and Pillow's Image.open is not called (it would import
# five plugins first, or forty when asked to try every format: a tenth of a second at start).
PLUGINS = {"JPEG": "JpegImagePlugin", "PNG": "PngImagePlugin", "WEBP": "WebPImagePlugin",
           "GIF": "GifImagePlugin"}


def _format_of(data: bytes) -> str | None:
    """The format the first bytes of a file say it is, among PLUGINS and HEIF."""
    if data[:3] == b"\xff\xd8\xff":
        return "JPEG"
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return "PNG"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WEBP"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "GIF"
    if data[4:8] == b"ftyp":  # HEIC/HEIF (iPhone photos)
        return "HEIF"
    return None


def _open(data: bytes) -> Image.Image:
    """The photo opened by its own Pillow plugin (its header read, no pixel decoded)."""
    kind = _format_of(data)
    if kind is None:
        raise ScanError("This is not a photo the scanner can read (JPEG or PNG).")
    if kind == "HEIF":  # pillow-heif is loaded only for them
        import pillow_heif

        pillow_heif.register_heif_opener()
    else:
        import_module(f"PIL.{PLUGINS[kind]}")  # registers its opener
    factory, accept = Image.OPEN[kind]
    if accept and not accept(data[:16]):  # e.g. a HEIF brand pillow-heif does not take
        raise ScanError("This is not a photo the scanner can read (JPEG or PNG).")
    try:
        return factory(io.BytesIO(data), "")
    except (SyntaxError, IndexError, TypeError, struct.error):  # what Image.open says is no image
        raise ScanError("This is not a photo the scanner can read (JPEG or PNG).") from None
    except Exception:
        raise ScanError("The photo is damaged and cannot be read.") from None
# Memory a decode may take at its peak, the grey image it gives included (bytes), and what each
# way of decoding takes a pixel (measured with benchmarks/scan.py --memory): JPEG (libjpeg's grey,
# then one copy) and PNG (libpng's grey) little; HEIC five; a PNG with transparency (Pillow's
# colour and alpha, composited on white a band at a time) six; WebP (OpenCV decodes to colour,
# lossless through a second buffer) nine. A 48 MP JPEG, PNG or HEIC fits; a PNG with
# transparency up to 41 MP, a WebP up to 27 MP.
DECODE_BUDGET = 250_000_000
# An animation (Pillow keeps a frame's canvas, the one before it and what disposing needs, in
# colour and alpha; each frame laid on white a band at a time, one frame at a time; the peak of
# reading a 12 MP one, less the process before it): 16 for GIF and APNG (frames up to 15 MP), 24
# for WebP (up to 10 MP).
BYTES_A_PIXEL = {"JPEG": 3, "MPO": 3, "PNG": 2, "PNG-alpha": 6, "WEBP": 9, "HEIF": 5, "GIF": 6,
                 "GIF-animation": 16, "PNG-animation": 16, "WEBP-animation": 24}

cv2.utils.logging.setLogLevel(cv2.utils.logging.LOG_LEVEL_ERROR)  # no decoder chatter on stderr


class ScanError(ValueError):
    """A photo that cannot be read at all; one plain sentence."""


class Animated(ScanError):
    """Raised by ``load_photo`` for an animated image (GIF, WebP, APNG): ``animation_frames``
    gives its frames, and ``scan_photo`` reads them all."""

    def __init__(self, frames: int):
        super().__init__(f"This is an animated image ({frames} frames): its frames are read one "
                         f"by one.")
        self.frames = frames


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


@dataclass(frozen=True)
class Found:
    text: str
    corners: np.ndarray  # 4 x 2, pixels of the image given


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
        full = lambda: pixels  # noqa: E731
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


def load_photo(data: bytes, side: int | None = None) -> tuple[np.ndarray, tuple[int, int]]:
    """The photo as an upright grey image (8 bits; transparency on white), and the upright
    photo's full (width, height). With ``side``, a JPEG is decoded at the smallest scale libjpeg
    offers (1/2, 1/4, 1/8) that keeps at least that long side (it scales while it decodes: a 12
    MP photo in a fifth of the time); anything else at full resolution. Raises ScanError with a
    sentence for anything that is not a photo we can read, or that would take more memory to
    decode than the scanner allows."""
    if not data:
        raise ScanError("The upload is empty: no photo came through.")
    # (Pillow's own guard against decompression bombs is in Image.open, not called: ours is the
    # check that counts, below)
    with _open(data) as image:
        kind = image.format
        if kind not in FORMATS:
            raise ScanError(f"A {kind} image cannot be scanned: send a JPEG or PNG photo.")
        width, height = image.size
        if width * height > MAX_PIXELS:
            raise ScanError(f"The photo is too large ({width} x {height} pixels): the scanner "
                            f"takes up to {MAX_PIXELS // 1_000_000} megapixels.")
        if width < 16 or height < 16:
            raise ScanError(f"The image is too small to hold a card ({width} x {height} pixels).")
        frames = getattr(image, "n_frames", 1) if kind in ANIMATED else 1
        if frames > 1:  # (MPO and HEIF: the first image is the photo)
            _within_budget(f"{kind}-animation", width, height)
            raise Animated(frames)
        try:  # a PNG's EXIF after its pixels would need them decoded: only one before counts
            exif = image.getexif() if kind != "PNG" or "exif" in image.info else {}
            orientation = int(exif.get(0x0112, 1))
        except Exception:
            orientation = 1
        # transparency (but on 16- or 32-bit grey, which libpng reads as grey)
        alpha = image.has_transparency_data and not image.mode.startswith("I")
        way = "PNG-alpha" if kind == "PNG" and alpha else kind
        _within_budget(way, width, height)
        try:
            if kind in ("JPEG", "MPO"):
                # libjpeg gives grey straight from the luma: one byte a pixel, no colour
                ratio = min(1.0, (side or max(width, height)) / max(width, height))
                image.draft("L", (int(np.ceil(width * ratio)), int(np.ceil(height * ratio))))
                gray = np.asarray(image if image.mode == "L" else image.convert("L"))
            elif kind == "HEIF":
                gray = _heif_gray(data)
            elif way in ("PNG-alpha", "GIF"):
                gray = _pillow_on_white(image)
            else:
                gray = _decoded_gray(data, alpha)
        except ScanError:
            raise
        except Exception:
            raise ScanError("The photo is damaged or cut short and cannot be read.") from None
    if gray is None or kind not in ("JPEG", "MPO") and gray.shape != (height, width):
        raise ScanError("The photo is damaged or cut short and cannot be read.")
    if orientation in (5, 6, 7, 8):
        width, height = height, width
    return _upright(gray, orientation), (width, height)


def animation_frames(data: bytes):
    """The first MAX_FRAMES frames of an animated image (checked by ``load_photo``), each as
    (upright grey image, (width, height)): Pillow composes each frame on its canvas and it is
    laid on white; one frame is held at a time."""
    with _open(data) as image:
        try:
            exif = image.getexif() if image.format != "PNG" or "exif" in image.info else {}
            orientation = int(exif.get(0x0112, 1))
        except Exception:
            orientation = 1
        for index in range(min(MAX_FRAMES, getattr(image, "n_frames", 1))):
            try:
                image.seek(index)
                gray = _pillow_on_white(image)
            except Exception:
                if index == 0:
                    raise ScanError("The photo is damaged or cut short and cannot be read.") \
                        from None
                return  # a frame cut short ends the animation
            width, height = image.size
            if orientation in (5, 6, 7, 8):
                width, height = height, width
            yield _upright(gray, orientation), (width, height)


def _within_budget(way: str, width: int, height: int) -> None:
    """Refuse, with a sentence, a photo whose decoding would take more than DECODE_BUDGET."""
    cost = BYTES_A_PIXEL[way]
    if width * height * cost <= DECODE_BUDGET:
        return
    most = DECODE_BUDGET // cost // 1_000_000
    what = "PNG image with transparency" if way == "PNG-alpha" else \
        f"animated {way.split('-')[0]} image" if way.endswith("-animation") else f"{way} image"
    raise ScanError(f"This {width} x {height} {what} would take too much memory to read (the "
                    f"scanner takes one up to {most} megapixels): send it as a JPEG, or smaller.")


def _decoded_gray(data: bytes, alpha: bool) -> np.ndarray | None:
    """A PNG or WebP decoded by OpenCV: straight to 8-bit grey (16 bits scaled by libpng), or
    with its alpha, composited on white."""
    buffer = np.frombuffer(data, np.uint8)
    if not alpha:
        return cv2.imdecode(buffer, cv2.IMREAD_GRAYSCALE | cv2.IMREAD_IGNORE_ORIENTATION)
    pixels = cv2.imdecode(buffer, cv2.IMREAD_UNCHANGED | cv2.IMREAD_IGNORE_ORIENTATION)
    if pixels is None or pixels.ndim == 2:
        return pixels
    gray = np.empty(pixels.shape[:2], np.uint8)
    rows = _band(pixels.shape[1])
    for y in range(0, pixels.shape[0], rows):
        gray[y:y + rows] = _on_white(pixels[y:y + rows], cv2.COLOR_BGR2GRAY)
    return gray


def _pillow_on_white(image: Image.Image) -> np.ndarray:
    """A PNG with transparency (any mode: palette, grey or colour with alpha) on white: Pillow
    decodes it, and each band of rows is turned to RGBA and composited."""
    image.load()
    width, height = image.size
    gray = np.empty((height, width), np.uint8)
    rows = _band(width)
    for y in range(0, height, rows):
        band = np.asarray(image.crop((0, y, width, min(height, y + rows))).convert("RGBA"))
        gray[y:y + rows] = _on_white(band, cv2.COLOR_RGB2GRAY)
    return gray


def _heif_gray(data: bytes) -> np.ndarray:
    """A HEIC/HEIF photo's first image as grey (pillow-heif, 8 bits)."""
    import pillow_heif

    heif = pillow_heif.open_heif(io.BytesIO(data), convert_hdr_to_8bit=True)
    pixels = np.asarray(heif)
    if pixels.ndim == 3 and pixels.shape[2] == 4:
        return _on_white(pixels, cv2.COLOR_RGB2GRAY)
    return cv2.cvtColor(pixels, cv2.COLOR_RGB2GRAY) if pixels.ndim == 3 else pixels


def _band(width: int) -> int:
    """Rows composited at a time: about a megapixel, so the copies of a band stay small."""
    return max(1, 2**20 // width)


def _on_white(pixels: np.ndarray, to_gray: int) -> np.ndarray:
    """Grey of colour with alpha (four channels, 8 or 16 bits) laid on white."""
    top = 65535.0 if pixels.dtype == np.uint16 else 255.0
    colour = cv2.cvtColor(np.ascontiguousarray(pixels[:, :, :3]), to_gray).astype(np.float32)
    cover = pixels[:, :, 3].astype(np.float32) * (1 / top)
    return np.clip(colour * cover * (255 / top) + 255 * (1 - cover) + 0.5, 0, 255
                   ).astype(np.uint8)


def _upright(array: np.ndarray, orientation: int) -> np.ndarray:
    """Apply an EXIF orientation (1-8) to the pixels."""
    if orientation in (2, 4, 5, 7):
        array = array[:, ::-1]
    turns = {3: 2, 4: 2, 5: 1, 6: 3, 7: 3, 8: 1}.get(orientation, 0)
    return np.ascontiguousarray(np.rot90(array, turns))


def read_codes(image: np.ndarray) -> list[str]:
    """The distinct texts of the QR codes in a BGR or grey image, in the order of find_codes."""
    texts: list[str] = []
    for found in find_codes(image):
        if found.text not in texts:
            texts.append(found.text)
    return texts


def find_codes(image: np.ndarray, every_code: bool = True, zxing: bool = False) -> list[Found]:
    """Every QR code read in the image, one entry per printed code (a card with three codes
    gives three), ordered by their centres: top to bottom, then left to right. With ``zxing``
    zxing-cpp reads first and OpenCV's pipeline reads the rest;
    without it (the default), OpenCV's pipeline alone.

    Codes are read largest first. With ``every_code`` False (a photo scan, where a card's
    codes count once), a place where another code of a card already read must be (its corner
    codes, from its face code, or the other way round) is not searched any harder when it does
    not read at once."""
    found, _ = _find(_gray(image), every_code, zxing)
    return sorted(found, key=lambda f: (f.corners[:, 1].mean(), f.corners[:, 0].mean()))


def _find(gray: np.ndarray, every_code: bool, zxing: bool
          ) -> tuple[list[Found], list[np.ndarray]]:
    """The codes read (each printed code once), and the quads of the candidates left unread
    (but for those where a card already read has another code, with ``every_code`` False)."""
    found: list[Found] = _zxing(gray) if zxing else []
    expected: list[tuple[np.ndarray, float]] = []  # (centre, side) of codes of cards read
    for f in found:
        expected.extend(_siblings(f.corners))
    failed, unread = [], []
    for candidates in (_candidates, _finder_codes):
        if candidates is _finder_codes and found and not any(_steep(f.corners) for f in found):
            break  # no code seen at a steep angle: the detector has found what there is
        groups = sorted(_grouped(candidates(gray)), key=lambda group: -_side(group[0]))
        groups = [g for g in groups if not any(
            np.linalg.norm(g[0].mean(axis=0) - f.corners.mean(axis=0)) < 0.3 * _side(f.corners)
            for f in found)]  # already read
        for group in groups:
            for quad in group:
                hit = _read_v1(gray, quad)
                if hit:
                    found.append(Found(*hit))
                    expected.extend(_siblings(hit[1]))
                    break
            else:
                if candidates is _candidates:
                    failed.append(group)
    for group in failed:
        if not every_code and _expected(group[0], expected):
            continue
        text = _read_crop(gray, group[0])
        if text:
            found.append(Found(text, group[0]))
        else:
            unread.append(group[0])
    return _distinct(found), unread


def _zxing(gray: np.ndarray, invert: bool = True) -> list[Found]:
    """The codes zxing-cpp reads in the image, corners in each code's own order; with
    ``invert``, light-on-dark codes too."""
    found = []
    try:
        results = zxingcpp.read_barcodes(gray, formats=zxingcpp.BarcodeFormat.QRCode,
                                         try_invert=invert)
    except Exception:  # a decoder's failure skips what it would have read, never the photo
        return []
    for result in results:
        if not result.valid or not result.text:
            continue
        p = result.position
        corners = np.array([(q.x, q.y) for q in (p.top_left, p.top_right, p.bottom_right,
                                                  p.bottom_left)], float)
        found.append(Found(result.text, corners))
    return found


def _side(quad: np.ndarray) -> float:
    """The mean length of a quad's sides, pixels."""
    return float(np.mean(np.linalg.norm(quad - np.roll(quad, 1, axis=0), axis=1)))


def _distinct(found: list[Found]) -> list[Found]:
    """Each printed code once: the same text a code's width apart or less is the same code."""
    kept: list[Found] = []
    for f in found:
        centre = f.corners.mean(axis=0)
        if not any(k.text == f.text and np.linalg.norm(k.corners.mean(axis=0) - centre)
                   < _side(k.corners) for k in kept):
            kept.append(f)
    return kept


# Where a card's other codes are, seen from one of its codes: centres in that code's modules
# (its top-left corner at 0, 0; x right, y down, as the code reads) and the other code's side in
# the same modules, for each of the three codes the one read may be (printables/faces.py).
def _card_geometry() -> list[tuple[float, float, float]]:
    width, height, quiet = 63.0, 88.0, 4
    face = (FRAME + quiet * FACE_MODULE, height - FRAME - 25 * FACE_MODULE)  # its top-left, mm
    face_centre = (face[0] + N * FACE_MODULE / 2, face[1] + N * FACE_MODULE / 2)
    corner = FRAME + quiet * CORNER_MODULE  # the top-left corner code's top-left, both ways
    top_left = (corner + N * CORNER_MODULE / 2,) * 2
    bottom_right = (width - top_left[0], height - top_left[1])
    face_side, corner_side = N * FACE_MODULE, N * CORNER_MODULE
    places = []
    # read the face code: the two corner codes
    for x, y in (top_left, bottom_right):
        places.append(((x - face[0]) / FACE_MODULE, (y - face[1]) / FACE_MODULE,
                       corner_side / FACE_MODULE))
    # read the top-left corner code (or the bottom-right one, which is the same turned round):
    # the face code and the other corner code
    for x, y, side in ((*face_centre, face_side), (*bottom_right, corner_side)):
        places.append(((x - corner) / CORNER_MODULE, (y - corner) / CORNER_MODULE,
                       side / CORNER_MODULE))
    # read the bottom-right corner code: the face code, seen from the card turned round
    x, y = width - face_centre[0], height - face_centre[1]
    places.append(((x - corner) / CORNER_MODULE, (y - corner) / CORNER_MODULE,
                   face_side / CORNER_MODULE))
    return places


SIBLINGS = _card_geometry()


def _siblings(quad: np.ndarray) -> list[tuple[np.ndarray, float]]:
    """Where the other codes of the card whose code is at ``quad`` (oriented) may be."""
    matrix = cv2.getPerspectiveTransform(_square(0, 1), quad.astype(np.float32))
    points = np.float32([[x, y] for x, y, _ in SIBLINGS]).reshape(-1, 1, 2)
    centres = cv2.perspectiveTransform(points, matrix).reshape(-1, 2)
    module = _side(quad) / N
    return [(centre, side * module) for centre, (_, _, side) in zip(centres, SIBLINGS)]


def _expected(quad: np.ndarray, expected: list[tuple[np.ndarray, float]]) -> bool:
    centre, side = quad.mean(axis=0), _side(quad)
    return any(np.linalg.norm(centre - where) < 0.5 * size and 0.5 < side / size < 2
               for where, size in expected)


def _gray(image: np.ndarray) -> np.ndarray:
    if image.ndim == 3 and image.shape[2] == 1:
        image = image[:, :, 0]
    if image.ndim == 3:
        code = cv2.COLOR_BGR2GRAY if image.shape[2] == 3 else cv2.COLOR_BGRA2GRAY
        image = cv2.cvtColor(image, code)
    return np.ascontiguousarray(image)


# ---------------------------------------------------------------------------- finding codes

DETECT_SIDE = 2048  # the largest copy searched for codes, long side in pixels


def _candidates(gray: np.ndarray) -> list[np.ndarray]:
    """Where codes may be, as OpenCV's detector sees them: quadrilaterals (4 x 2, pixels of
    ``gray``), found on a copy at most DETECT_SIDE long."""
    finder = cv2.QRCodeDetectorAruco()
    height, width = gray.shape
    scale = min(1.0, DETECT_SIDE / max(height, width))
    copy = gray if scale == 1 else cv2.resize(gray, None, fx=scale, fy=scale,
                                              interpolation=cv2.INTER_AREA)
    try:
        ok, points = finder.detectMulti(copy)
    except cv2.error:
        ok, points = False, None
    return [quad.reshape(4, 2).astype(np.float64) / scale for quad in (points if ok else [])]


def _grouped(quads: list[np.ndarray]) -> list[list[np.ndarray]]:
    """Quadrilaterals grouped by place: those whose centres are close are one candidate."""
    groups: list[list[np.ndarray]] = []
    for quad in quads:
        centre, side = quad.mean(axis=0), np.linalg.norm(quad[0] - quad[2]) / 1.414
        for group in groups:
            if np.linalg.norm(centre - group[0].mean(axis=0)) < 0.3 * side:
                group.append(quad)
                break
        else:
            groups.append([quad])
    return groups


def _steep(quad: np.ndarray) -> bool:
    """Whether a code is seen at a steep angle: a side half as long again as another, or a
    corner 25 degrees off square."""
    sides = quad - np.roll(quad, 1, axis=0)
    lengths = np.linalg.norm(sides, axis=1)
    cosines = np.abs(np.sum(sides * np.roll(sides, -1, axis=0), axis=1)) / (
        lengths * np.roll(lengths, -1) + 1e-9)
    return bool(lengths.max() > 1.5 * lengths.min() or cosines.max() > 0.42)


FINDER_ENLARGED_SIDE = 2500  # a copy at most this long is searched for finders enlarged twice


def _finder_codes(gray: np.ndarray) -> list[np.ndarray]:
    """``_find_finders`` on the photo, and on a copy enlarged twice when the photo is small
    enough (2 MP): a finder pattern of 1-2 pixels a module (a code seen at a steep angle, its far
    side squeezed) shows its three nested squares only enlarged."""
    quads = _find_finders(gray)
    if max(gray.shape) <= FINDER_ENLARGED_SIDE:
        enlarged = cv2.resize(gray, None, fx=2, fy=2, interpolation=cv2.INTER_LINEAR)
        quads += [quad / 2 for quad in _find_finders(enlarged)]
    return quads


def _find_finders(gray: np.ndarray) -> list[np.ndarray]:
    """Quads of version-1 codes from their three finder patterns, for codes seen at a steep
    angle, which OpenCV's detector misses: each finder a dark square in a light ring in a dark
    square (contours nested three deep in an adaptive threshold, the innermost about a ninth of
    the outermost's area and at its centre); three of a size, each one to five finder widths
    from the others, may be a code, oriented so that it is not seen mirrored."""
    binary = cv2.adaptiveThreshold(gray, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV,
                                   25, 7)
    contours, hierarchy = cv2.findContours(binary, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return []
    links = hierarchy[0]
    holes = links[:, 2]
    cores = np.where(holes >= 0, links[np.maximum(holes, 0), 2], -1)
    finders = []  # (centre, width)
    for outer in np.flatnonzero(cores >= 0):  # three deep
        area, inner = cv2.contourArea(contours[outer]), cv2.contourArea(contours[cores[outer]])
        if area < 40 or inner <= 0 or not 2.5 < area / inner < 14:
            continue
        centre = contours[outer].reshape(-1, 2).mean(axis=0)
        core = contours[cores[outer]].reshape(-1, 2).mean(axis=0)
        if np.linalg.norm(core - centre) < 0.15 * area ** 0.5:
            finders.append((centre, area ** 0.5))
    quads = []
    corners = np.float32([[3.5, 3.5], [N - 3.5, 3.5], [3.5, N - 3.5]])
    for a, (corner, width) in enumerate(finders):
        near = [b for b, (centre, other) in enumerate(finders) if b > a
                and 0.6 < other / width < 1.7
                and 1.1 * width < np.linalg.norm(centre - corner) < 3.5 * width]
        for i, b in enumerate(near):
            for c in near[i + 1:]:
                if not 1.1 * width < np.linalg.norm(finders[b][0] - finders[c][0]) < 5 * width:
                    continue
                # seen at a steep angle the L of three finders may be any triangle: each of
                # them is tried as the corner (the reading checks the finders are where it
                # puts them)
                three = [finders[a][0], finders[b][0], finders[c][0]]
                for turn in range(3):
                    top, one, two = three[turn:] + three[:turn]
                    if (one - top)[0] * (two - top)[1] - (one - top)[1] * (two - top)[0] < 0:
                        one, two = two, one
                    affine = cv2.getAffineTransform(corners, np.float32([top, one, two]))
                    quads.append(cv2.transform(_square(0, 1).reshape(-1, 1, 2), affine)
                                 .reshape(4, 2).astype(np.float64))
    return quads


# --------------------------------------------------------------- reading a version-1 code



def _fixed_pattern() -> tuple[np.ndarray, np.ndarray]:
    """The modules every version-1 code has: the three finder patterns with their separators,
    the timing patterns and the dark module. Returns (mask, dark) as 21 x 21 arrays."""
    mask = np.zeros((N, N), bool)
    dark = np.zeros((N, N), bool)
    finder = np.ones((7, 7), bool)
    finder[1:6, 1:6] = False
    finder[2:5, 2:5] = True
    for r, c in ((0, 0), (0, N - 7), (N - 7, 0)):
        dark[r:r + 7, c:c + 7] = finder
    mask[:8, :8] = mask[:8, N - 8:] = mask[N - 8:, :8] = True
    mask[6, 8:N - 8] = mask[8:N - 8, 6] = True
    dark[6, 8:N - 8:2] = dark[8:N - 8:2, 6] = True
    mask[N - 8, 8] = dark[N - 8, 8] = True
    return mask, dark


FIXED, FIXED_DARK = _fixed_pattern()


def _read_v1(gray: np.ndarray, quad: np.ndarray) -> tuple[str, np.ndarray] | None:
    """Read a version-1 code (every card's) inside ``quad``: rectify it to a clean square, find
    which way up it is from its finder patterns, threshold each module against the finder
    patterns' own dark and light, and decode the clean code that results with OpenCV. When that
    fails, the three finder patterns are found again in the rectified square (template matching)
    and the quad corrected from them, twice at most. Returns (text, corners in the code's own
    order, its top-left first) or None."""
    values, quad = _sample(gray, quad)
    if values is None:
        return None
    for attempt in range(3):
        for bits in _thresholds(values):
            if not _format_reads(bits):
                continue  # OpenCV's decoder would fail too: spare it
            text = _decode_bits(bits)
            if text:
                return text, quad
        if attempt < 2:
            quad = _refit(gray, quad)
            if quad is None:
                return None
            values = _values(gray, quad)
    return None


def _sample(gray: np.ndarray, quad: np.ndarray):
    """The module values of the code in ``quad`` turned so that the finder patterns are at the
    top-left, top-right and bottom-left, and the quad turned the same way; (None, None) when no
    way up shows the finder patterns."""
    values = _values(gray, quad)
    scores = [_fit(np.rot90(values, turn)) for turn in range(4)]
    best = int(np.argmax(scores))
    if scores[best] <= 0.3:
        return None, None
    return np.rot90(values, best), np.roll(quad, -best, axis=0)


def _square(margin: float = 0.0, cell: int = CELL) -> np.ndarray:
    return (np.float32([[0, 0], [N, 0], [N, N], [0, N]]) + margin) * cell


def _values(gray: np.ndarray, quad: np.ndarray, cell: int = CELL) -> np.ndarray:
    """The mean grey of the middle third of each module: 21 x 21."""
    matrix = cv2.getPerspectiveTransform(quad.astype(np.float32), _square(0, cell))
    patch = cv2.warpPerspective(gray, matrix, (N * cell, N * cell), flags=cv2.INTER_CUBIC,
                                borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    inner = cell // 3
    return patch.reshape(N, cell, N, cell)[:, inner:cell - inner, :, inner:cell - inner] \
        .mean(axis=(1, 3))


def _finder_template(cell: int = CELL) -> np.ndarray:
    """A finder pattern in its ring of light modules: 9 x 9 modules."""
    modules = np.full((9, 9), 255, np.uint8)
    modules[1:8, 1:8] = 0
    modules[2:7, 2:7] = 255
    modules[3:6, 3:6] = 0
    return np.kron(modules, np.ones((cell, cell), np.uint8)).astype(np.float32)


FINDER = _finder_template()
REFIT_MARGIN = 3  # modules of room around the code in the square the finders are sought in
FINDER_CENTRES = np.float32([[3.5, 3.5], [N - 3.5, 3.5], [3.5, N - 3.5]])


def _refit(gray: np.ndarray, quad: np.ndarray) -> np.ndarray | None:
    """The quad corrected from where the three finder patterns really are in it."""
    cell, margin = CELL, REFIT_MARGIN
    size = (N + 2 * margin) * cell
    matrix = cv2.getPerspectiveTransform(quad.astype(np.float32), _square(margin, cell))
    patch = cv2.warpPerspective(gray, matrix, (size, size), flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    found = []
    for centre in (FINDER_CENTRES + margin) * cell:
        reach = 2 * cell  # search two modules each way
        x0, y0 = int(centre[0] - 4.5 * cell - reach), int(centre[1] - 4.5 * cell - reach)
        region = patch[max(0, y0):y0 + 9 * cell + 2 * reach, max(0, x0):x0 + 9 * cell + 2 * reach]
        if region.shape[0] < FINDER.shape[0] or region.shape[1] < FINDER.shape[1]:
            return None
        score = cv2.matchTemplate(region, FINDER, cv2.TM_CCOEFF_NORMED)
        _, best, _, (bx, by) = cv2.minMaxLoc(score)
        if best < 0.3:
            return None
        dx = _peak(score[by, bx - 1:bx + 2]) if 0 < bx < score.shape[1] - 1 else 0.0
        dy = _peak(score[by - 1:by + 2, bx]) if 0 < by < score.shape[0] - 1 else 0.0
        found.append((max(0, x0) + bx + dx + 4.5 * cell, max(0, y0) + by + dy + 4.5 * cell))
    expected = (FINDER_CENTRES + margin) * cell
    affine = cv2.getAffineTransform(expected, np.float32(found))
    corners = cv2.transform(_square(margin, cell).reshape(-1, 1, 2), affine)
    back = np.linalg.inv(matrix)
    return cv2.perspectiveTransform(corners.astype(np.float64), back).reshape(4, 2)


def _peak(three: np.ndarray) -> float:
    """Sub-pixel offset of a peak from three samples around it (a parabola through them)."""
    left, middle, right = (float(v) for v in three)
    bend = left - 2 * middle + right
    return 0.0 if bend >= 0 else max(-0.5, min(0.5, 0.5 * (left - right) / bend))


def _fit(values: np.ndarray) -> float:
    """How well the fixed pattern shows: light modules' mean minus dark modules' mean, over
    the spread of each (a contrast-to-noise ratio); high when the grid sits right."""
    light = values[FIXED & ~FIXED_DARK]
    dark = values[FIXED_DARK]
    spread = light.std() + dark.std() + 1.0
    return float((light.mean() - dark.mean()) / spread)


def _thresholds(values: np.ndarray):
    """Dark modules (21 x 21 bools), by a few thresholds: a plane through the three finder
    patterns' own mid-greys (for uneven light); the same after sharpening the modules against
    their neighbours (blur smears a lone module into the ones around it); Otsu over the code."""
    yield values < _plane(values)
    sharp = 2 * values - cv2.blur(values, (3, 3), borderType=cv2.BORDER_REPLICATE)
    yield sharp < _plane(sharp)
    flat = np.clip(values, 0, 255).astype(np.uint8)
    otsu, _ = cv2.threshold(flat, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    yield values < otsu


_ROWS, _COLS = np.mgrid[0:N, 0:N]
_PLANE_INVERSE = np.linalg.inv(np.array([[1, 3, 3], [1, N - 4, 3], [1, 3, N - 4]], float))


def _plane(values: np.ndarray) -> np.ndarray:
    """The threshold at each module: a plane through the mid-grey of each finder pattern
    (between its dark and its light modules), at the finders' centres."""
    levels = []
    for r, c in ((0, 0), (0, N - 7), (N - 7, 0)):
        block = values[r:r + 7, c:c + 7]
        pattern = FIXED_DARK[r:r + 7, c:c + 7]
        levels.append((block[pattern].mean() + block[~pattern].mean()) / 2)
    a, b, c = _PLANE_INVERSE @ np.array(levels)
    return a + b * _COLS + c * _ROWS


# The format information (error correction level and mask), twice in every code: 15 modules
# beside the top-left finder pattern, and 15 split between the other two. Each copy is one of
# 32 patterns, 7 modules apart at least (a BCH code), so a copy within 3 of a pattern reads.
FORMAT_COPIES = (
    [(8, c) for c in (0, 1, 2, 3, 4, 5, 7, 8)] + [(r, 8) for r in (7, 5, 4, 3, 2, 1, 0)],
    [(r, 8) for r in range(N - 1, N - 8, -1)] + [(8, c) for c in range(N - 8, N)],
)


# The 32 valid copies, as the QR standard lists them (levels L, M, Q, H, each with masks 0-7),
# bits in the order of FORMAT_COPIES[0] (tests/test_scan.py checks them against the qrcode library)
FORMAT_WORDS = (30660, 29427, 32170, 30877, 26159, 25368, 27713, 26998,
                21522, 20773, 24188, 23371, 17913, 16590, 20375, 19104,
                13663, 12392, 16177, 14854, 9396, 8579, 11994, 11245,
                5769, 5054, 7399, 6608, 1890, 597, 3340, 2107)
FORMATS_V1 = np.array([[word >> (14 - i) & 1 for i in range(15)] for word in FORMAT_WORDS], bool)


def _format_reads(bits: np.ndarray) -> bool:
    """Whether either copy of the format information is within 3 modules of a valid one."""
    for copy in FORMAT_COPIES:
        read = np.array([bits[r, c] for r, c in copy])
        if (FORMATS_V1 != read).sum(axis=1).min() <= 3:
            return True
    return False


_READER = cv2.QRCodeDetector()
_CLEAN_CELL = 4
_CLEAN_POINTS = (np.float32([[4, 4], [N + 4, 4], [N + 4, N + 4], [4, N + 4]]) * _CLEAN_CELL
                 ).reshape(1, 4, 2)


def _decode_bits(bits: np.ndarray) -> str:
    """Decode 21 x 21 dark/light modules with OpenCV's decoder, drawn as a clean code."""
    bits = bits.copy()
    bits[FIXED] = FIXED_DARK[FIXED]  # the fixed pattern is known: draw it right
    image = np.where(bits, 0, 255).astype(np.uint8)
    image = np.pad(image, 4, constant_values=255)
    image = cv2.resize(image, None, fx=_CLEAN_CELL, fy=_CLEAN_CELL,
                       interpolation=cv2.INTER_NEAREST)
    try:
        text = _READER.decode(image, _CLEAN_POINTS)[0]
    except Exception:  # OpenCV raises on some modes (Hanzi) and on bytes that are not UTF-8
        return ""
    return text or ""


# ------------------------------------------------------------------ reading any other code

CROP_SIDE = 240  # pixels: a version-1 code and the room around it, about 7 pixels a module


def _read_crop(gray: np.ndarray, corners: np.ndarray) -> str:
    """Decode whatever code is at ``corners`` (any version: a link, another app's code) from a
    crop around it with OpenCV's own detectors."""
    (x0, y0), (x1, y1) = corners.min(axis=0), corners.max(axis=0)
    pad = 0.35 * max(x1 - x0, y1 - y0)
    height, width = gray.shape
    crop = gray[int(max(0, y0 - pad)):int(min(height, y1 + pad)),
                int(max(0, x0 - pad)):int(min(width, x1 + pad))]
    if min(crop.shape) < 8:
        return ""
    side = max(CROP_SIDE, 12 * max(crop.shape) / max(1.0, np.linalg.norm(corners[1] - corners[0]))
               * 25)
    scale = min(side, 600) / max(crop.shape)
    crop = cv2.resize(crop, None, fx=scale, fy=scale,
                      interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC)
    for detector in (cv2.QRCodeDetectorAruco(), _READER):
        try:
            text = detector.detectAndDecode(crop)[0]
        except Exception:  # OpenCV raises on some modes (Hanzi) and on bytes that are not UTF-8
            continue
        if text:
            return text
    return ""
