"""Loading a photo within a memory budget: the header checked before any pixel is decoded, then
decoded straight to grey, upright, transparency on white; an animation frame by frame."""
from __future__ import annotations

import io
import struct
from importlib import import_module

import cv2
import numpy as np
from PIL import Image

from companion.words import Msg, msg

MAX_PIXELS = 50_000_000  # a photo larger than this is refused from its header, before decoding
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
        raise ScanError(msg("This is not a photo the scanner can read (JPEG or PNG)."))
    if kind == "HEIF":  # pillow-heif is loaded only for them
        import pillow_heif

        pillow_heif.register_heif_opener()
    else:
        import_module(f"PIL.{PLUGINS[kind]}")  # registers its opener
    factory, accept = Image.OPEN[kind]
    if accept and not accept(data[:16]):  # e.g. a HEIF brand pillow-heif does not take
        raise ScanError(msg("This is not a photo the scanner can read (JPEG or PNG)."))
    try:
        return factory(io.BytesIO(data), "")
    except (SyntaxError, IndexError, TypeError, struct.error):  # what Image.open says is no image
        raise ScanError(msg("This is not a photo the scanner can read (JPEG or PNG).")) from None
    except Exception:
        raise ScanError(msg("The photo is damaged and cannot be read.")) from None


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


class ScanError(ValueError):
    """A photo that cannot be read at all; one plain sentence (``message``, a Msg worded where it
    is shown; ``str(error)`` is its English)."""

    @property
    def message(self) -> Msg:
        return self.args[0]


class Animated(ScanError):
    """Raised by ``load_photo`` for an animated image (GIF, WebP, APNG): ``animation_frames``
    gives its frames, and ``scan_photo`` reads them all."""

    def __init__(self, frames: int):
        super().__init__(msg("This is an animated image ({frames} frames): its frames are read one by one.",
                             frames=frames))
        self.frames = frames



def load_photo(data: bytes, side: int | None = None) -> tuple[np.ndarray, tuple[int, int]]:
    """The photo as an upright grey image (8 bits; transparency on white), and the upright
    photo's full (width, height). With ``side``, a JPEG is decoded at the smallest scale libjpeg
    offers (1/2, 1/4, 1/8) that keeps at least that long side (it scales while it decodes: a 12
    MP photo in a fifth of the time); anything else at full resolution. Raises ScanError with a
    sentence for anything that is not a photo we can read, or that would take more memory to
    decode than the scanner allows."""
    if not data:
        raise ScanError(msg("The upload is empty: no photo came through."))
    # (Pillow's own guard against decompression bombs is in Image.open, not called: ours is the
    # check that counts, below)
    with _open(data) as image:
        kind = image.format
        if kind not in FORMATS:
            raise ScanError(msg("A {kind} image cannot be scanned: send a JPEG or PNG photo.", kind=kind))
        width, height = image.size
        if width * height > MAX_PIXELS:
            raise ScanError(msg("The photo is too large ({width} x {height} pixels): the scanner takes up to "
                                "{most} megapixels.", width=width, height=height, most=MAX_PIXELS // 1_000_000))
        if width < 16 or height < 16:
            raise ScanError(msg("The image is too small to hold a card ({width} x {height} pixels).",
                                width=width, height=height))
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
            raise ScanError(msg("The photo is damaged or cut short and cannot be read.")) from None
    if gray is None or (kind not in ("JPEG", "MPO") and gray.shape != (height, width)):
        raise ScanError(msg("The photo is damaged or cut short and cannot be read."))
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
                    raise ScanError(msg("The photo is damaged or cut short and cannot be read.")) \
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
    what = msg("PNG image with transparency") if way == "PNG-alpha" else \
        msg("animated {kind} image", kind=way.split("-")[0]) if way.endswith("-animation") else \
        msg("{kind} image", kind=way)
    raise ScanError(msg("This {width} x {height} {what} would take too much memory to read (the scanner takes "
                        "one up to {most} megapixels): send it as a JPEG, or smaller.", width=width,
                        height=height, what=what, most=most))


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
