"""The photo scanner: the right cards from phone photos of printed proxies, each card once, the
other codes apart, and a plain sentence (never a crash) for anything that is not a readable photo.

The photos come from tests/photoset.py: cards rasterised from the printables' own PDFs, laid out,
fanned, tilted, turned, blurred, lit unevenly and JPEG-compressed, with the truth recorded. Here a
small part of that set; benchmarks/scan.py reads all of it.
"""
from __future__ import annotations

import io
import json
import struct
import zlib

import cv2
import numpy as np
import photoset
import pytest
import qrcode
from PIL import Image
from scan_support import decoders_watched

from companion.cli import main
from companion.codes import parse_code
from companion.scan import (
    FORMAT_COPIES,
    FORMATS_V1,
    ScanError,
    _gray,
    find_codes,
    load_photo,
    scan_photo,
)
from companion.scan.finding import _zxing
from companion.scan.version1 import _read_v1

# (category, megapixels, index) of the photos read here: every category at 2 MP, and a few at
# 12 MP (the size of a phone's own photo)
PHOTOS = [(category, 2, 1) for category in photoset.CATEGORIES] + [
    ("flat", 12, 0), ("tilt45", 12, 1), ("fanned", 12, 2), ("many", 12, 3), ("far", 12, 1)]


@pytest.fixture(scope="module")
def photos():
    made = {}

    def photo(category: str, megapixels: int, index: int):
        key = (category, megapixels, index)
        if key not in made:
            spec = photoset.make_spec(category, megapixels, index)
            made[key] = spec, photoset.render(spec)
        return made[key]
    return photo


@pytest.mark.parametrize("category, megapixels, index", PHOTOS)
def test_each_kind_of_photo_gives_its_cards(photos, category, megapixels, index):
    spec, data = photos(category, megapixels, index)
    result = scan_photo(data, spec.game)
    read = [card.text for card in result.cards]
    assert len(read) == len(set(read)), "a card listed twice"
    assert set(read) == set(spec.cards), f"{spec.name}: read {read}, expected {spec.cards}"
    assert all(card.code.game == spec.game for card in result.cards)
    assert {other.text for other in result.others} == set(spec.others)
    assert (result.width, result.height) == spec.scene.size  # the upright photo's size
    assert result.seconds > 0  # how long it took is said (a test never bounds it)


def test_a_fanned_hand_shows_only_corners_and_every_card_reads(photos):
    spec, data = photos("fanned", 2, 1)
    assert len(spec.cards) >= 4
    result = scan_photo(data, spec.game)
    assert {card.text for card in result.cards} == set(spec.cards)


def test_small_codes_send_the_reader_back_to_the_full_resolution(photos):
    """12 MP: codes are found on a copy about 2000 px long. A fanned hand's corner codes read
    there at under 3.5 px a module, each card from that one code: cards beside them may be
    smaller still, so the full resolution is read again; a spread of large cards is not."""
    spec, data = photos("fanned", 12, 2)
    result = scan_photo(data, spec.game)
    assert result.passes[:2] == ["reduced", "full"]
    assert {card.text for card in result.cards} == set(spec.cards)
    spec, data = photos("flat", 12, 0)
    result = scan_photo(data, spec.game)
    assert result.passes == ["reduced"]
    assert {card.text for card in result.cards} == set(spec.cards)


def test_far_cards_are_found_enlarged_over_the_whole_photo(photos):
    """A table of cards far away (face codes at 1.4 pixels a module at 12 MP): zxing-cpp on the
    photo reads only some; the reader reads nothing on the reduced copy, goes to the full
    resolution, and seeks the rest in the busy places of the photo enlarged."""
    spec, data = photos("far", 12, 1)
    assert max(spec.modules.values()) < 1.5
    gray, _ = load_photo(data)
    zxing = {found.text for found in _zxing(gray, invert=False)}
    assert not set(spec.cards) <= zxing
    result = scan_photo(data, spec.game)
    assert result.passes[:2] == ["reduced", "full"]
    assert any(step.startswith("enlarged") for step in result.passes)
    assert {card.text for card in result.cards} == set(spec.cards)


def test_codes_too_blurred_for_zxing_are_found_from_their_finder_patterns(photos):
    """A hard fan at 12 MP: corner codes of about 3 px a module blurred half a module, two of
    which zxing-cpp reads neither on the photo nor on it enlarged x2. The reader finds them from
    their finder patterns, in the print no card read explains, and reads every card."""
    spec, data = photos("hard fans", 12, 4)
    gray, _ = load_photo(data)
    enlarged = cv2.resize(gray, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
    zxing = {found.text for image in (gray, enlarged) for found in _zxing(image, invert=False)}
    assert len(set(spec.cards) - zxing) >= 2
    result = scan_photo(data, spec.game)
    assert "finders" in result.passes
    assert {card.text for card in result.cards} == set(spec.cards)


def test_a_fans_corner_codes_are_sought_at_their_own_size(photos):
    """A hard fan at 2 MP where only the top card's face code (about 2.8 px a module) reads at
    first, and zxing-cpp reads nothing more on the photo enlarged x2: the other cards' corner
    codes are under half its size (1.2 px a module, blurred a third of a module). The finder
    search enlarges the print left unexplained for corner codes of that size, not for the face
    code read, and reads most of them, some from two finder patterns when the third is lost in
    the blur."""
    spec, data = photos("hard fans", 2, 14)
    assert len(spec.cards) == 8 and max(sorted(spec.modules.values())[:-1]) < 1.25
    gray, _ = load_photo(data)
    enlarged = cv2.resize(gray, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
    assert len({found.text for image in (gray, enlarged)
                for found in _zxing(image, invert=False)}) <= 1
    result = scan_photo(data, spec.game, budget=60.0)
    assert "finders" in result.passes
    read = {card.text for card in result.cards}
    assert read <= set(spec.cards) and len(read) >= 7


def steep_code(text: str, tilt: float, module: float) -> tuple[np.ndarray, np.ndarray]:
    """A grey photo of a version-1 code seen ``tilt`` degrees off square by a pinhole camera
    120 modules away, about ``module`` pixels a module, and the quad the centres of its three
    finder patterns give it (a parallelogram: what three finders found in a photo give)."""
    code = qrcode.QRCode(version=1, border=4, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(text)
    code.make(fit=False)
    print_ = cv2.resize(np.where(np.array(code.get_matrix()), 0, 255).astype(np.uint8), None,
                        fx=20, fy=20, interpolation=cv2.INTER_NEAREST)  # 20 px a module
    slope, distance = np.radians(tilt), 120.0

    def seen(x: float, y: float) -> tuple[float, float]:  # the code's modules to photo pixels
        x, y = x - 10.5, y - 10.5
        depth = distance + y * np.sin(slope)
        return (400 + distance * module * x / depth,
                300 + distance * module * y * np.cos(slope) / depth)
    corners = [(0, 0), (21, 0), (21, 21), (0, 21)]
    matrix = cv2.getPerspectiveTransform(np.float32([(80 + 20 * x, 80 + 20 * y)
                                                     for x, y in corners]),
                                         np.float32([seen(x, y) for x, y in corners]))
    photo = cv2.warpPerspective(print_, matrix, (800, 600), flags=cv2.INTER_AREA,
                                borderValue=255)
    photo = cv2.GaussianBlur(photo, (0, 0), 0.6)
    finders = [(3.5, 3.5), (17.5, 3.5), (3.5, 17.5)]
    affine = cv2.getAffineTransform(np.float32(finders), np.float32([seen(*f) for f in finders]))
    quad = cv2.transform(np.float32(corners).reshape(-1, 1, 2), affine).reshape(4, 2)
    return photo, quad.astype(np.float64)


@pytest.mark.parametrize("tilt, module", [(55, 3), (65, 4), (65, 6)])
def test_a_code_seen_steeply_reads_once_its_far_corner_is_found(tilt, module):
    """Three finder patterns put a code's far corner where a parallelogram would have it; seen
    55-65 degrees off square, the perspective puts it modules away. The reader keeps the
    finders and moves that corner until the timing patterns show, then reads the code."""
    photo, quad = steep_code("R1K101T35X", tilt, module)
    read = _read_v1(photo, quad)
    assert read is not None and read[0] == "R1K101T35X"


@pytest.mark.parametrize("index", [6, 12])
def test_a_code_seen_at_65_degrees_is_found_from_its_finder_patterns(photos, index):
    """Cards photographed 59-65 degrees off square: OpenCV's detector and zxing-cpp miss a code
    each. Seen that steeply, its finder patterns' dark rings run into the modules beside them
    and its finders lie further apart for their size than a code seen square; found even so,
    and read once the far corner is found, every card reads."""
    spec, data = photos("tilt65", 2, index)
    assert spec.tilt > 59
    gray, _ = load_photo(data)
    assert not set(spec.cards) <= {found.text for found in _zxing(gray, invert=False)}
    result = scan_photo(data, spec.game, budget=60.0)
    assert {card.text for card in result.cards} == set(spec.cards)


@pytest.fixture(scope="module")
def photo_48mp(photos):
    """A 48 MP photo (8000 x 6000) holding the far table of cards of a 12 MP one in a corner,
    the rest of the frame an empty table."""
    spec, data = photos("far", 12, 1)
    upright = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))
    upright = np.rot90(upright, {1: 0, 3: 2, 6: 3, 8: 1}[spec.exif_orientation])
    canvas = np.empty((6000, 8000, 3), np.uint8)
    canvas[:] = upright[5, 5]
    canvas[:upright.shape[0], :upright.shape[1]] = upright
    out = io.BytesIO()
    Image.fromarray(canvas).save(out, "JPEG", quality=90)
    return spec, out.getvalue()


def test_a_48mp_photo_is_read_within_the_time_budget(photo_48mp):
    """The passes after the first run only when they fit in the budget: with none left, the
    reader returns what the reduced copy read and says which passes it left out; with room,
    the same photo's far cards are read at full resolution and enlarged."""
    spec, data = photo_48mp
    hurried = scan_photo(data, spec.game, budget=0.0)
    assert (hurried.width, hurried.height) == (8000, 6000)
    assert hurried.passes[0] == "reduced"
    assert "full: over budget" in hurried.passes and "full" not in hurried.passes
    assert {card.text for card in hurried.cards} <= set(spec.cards)
    patient = scan_photo(data, spec.game, budget=60.0)
    assert patient.passes[:2] == ["reduced", "full"]
    assert not any(step.endswith("over budget") for step in patient.passes)
    assert {card.text for card in patient.cards} == set(spec.cards)


def test_another_games_card_and_a_link_are_reported_apart_never_as_cards(photos):
    for index in range(3):
        spec, data = photos("foreign", 2, index)
        result = scan_photo(data, spec.game)
        assert {card.text for card in result.cards} == set(spec.cards)
        others = {other.text: other.reason for other in result.others}
        assert set(others) == set(spec.others) and len(others) == 2
        for text, reason in others.items():
            assert reason.endswith(".") and text[:10] in reason  # the CodeError sentence
            assert 0 <= result.others[0].x <= 1 and 0 <= result.others[0].y <= 1
        foreign = [text for text in others if text.endswith("FGN" + text[-1])]
        assert foreign and "not a" in others[foreign[0]]
        # without a game, another game's card is a card like any other
        anyone = scan_photo(data)
        assert set(foreign) <= {card.text for card in anyone.cards}


def test_a_cards_three_codes_count_once(photos):
    spec, data = photos("flat", 12, 0)
    gray, _ = load_photo(data)
    texts = [found.text for found in find_codes(gray)]
    assert any(texts.count(code) >= 2 for code in spec.cards)  # several codes of one card read
    result = scan_photo(data, spec.game)
    assert sorted(card.text for card in result.cards) == sorted(spec.cards)


def test_cards_come_in_reading_order(photos):
    for category, index in (("flat", 1), ("foreign", 0), ("many", 1)):
        spec, data = photos(category, 2, index)
        result = scan_photo(data, spec.game)
        rows: list[list[str]] = []  # the truth's rows, from the cards' centres
        for code in sorted(spec.cards, key=lambda c: spec.centres[c][1]):
            if rows and spec.centres[code][1] - spec.centres[rows[-1][0]][1] < 0.12:
                rows[-1].append(code)
            else:
                rows.append([code])
        expected = [c for row in rows for c in sorted(row, key=lambda c: spec.centres[c][0])]
        assert [card.text for card in result.cards] == expected, spec.name
        for card in result.cards:  # each centre near the card's true centre
            x, y = spec.centres[card.text]
            assert abs(card.x - x) < 0.1 and abs(card.y - y) < 0.1


@pytest.mark.parametrize("orientation", [3, 6, 8])
def test_the_exif_orientation_is_honoured(photos, orientation):
    """The same photo stored turned, as phones do, with the tag that turns it back."""
    spec, data = photos("flat", 2, 1)
    upright = scan_photo(data, spec.game)
    pixels = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))
    pixels = np.rot90(pixels, {1: 0, 3: 2, 6: 3, 8: 1}[spec.exif_orientation])  # upright
    stored = np.rot90(pixels, {3: 2, 6: 1, 8: 3}[orientation])
    exif = Image.Exif()
    exif[0x0112] = orientation
    out = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(stored)).save(out, "JPEG", quality=92,
                                                       exif=exif.tobytes())
    turned = scan_photo(out.getvalue(), spec.game)
    assert [c.text for c in turned.cards] == [c.text for c in upright.cards]
    assert (turned.width, turned.height) == (upright.width, upright.height)
    for a, b in zip(turned.cards, upright.cards):
        assert abs(a.x - b.x) < 0.02 and abs(a.y - b.y) < 0.02


def test_an_iphone_heic_photo_reads_like_its_jpeg(photos):
    import pillow_heif

    spec, data = photos("flat", 2, 1)
    heif = pillow_heif.from_pillow(Image.open(io.BytesIO(data)).convert("RGB"))
    out = io.BytesIO()
    heif.save(out, quality=90)
    assert out.getvalue()[4:12] in (b"ftypheic", b"ftypmif1")
    assert [c.text for c in scan_photo(out.getvalue(), spec.game).cards] == \
        [c.text for c in scan_photo(data, spec.game).cards] != []


def test_a_photo_without_a_code_is_an_empty_result_not_an_error():
    image = Image.fromarray(np.random.default_rng(1).integers(0, 255, (900, 1200, 3), np.uint8))
    out = io.BytesIO()
    image.save(out, "JPEG")
    result = scan_photo(out.getvalue())
    assert result.cards == [] and result.others == []
    png = io.BytesIO()
    Image.new("L", (640, 480), 200).save(png, "PNG")
    assert scan_photo(png.getvalue()).cards == []


def _png_header(width: int, height: int, idat: bytes) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(
            ">I", zlib.crc32(kind + body))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0,
                                                              0, 0, 0))
            + chunk(b"IDAT", idat) + chunk(b"IEND", b""))


def _jpeg_claiming(width: int, height: int) -> bytes:
    """A real JPEG whose frame header says it is ``width`` x ``height``."""
    out = io.BytesIO()
    Image.new("L", (64, 64), 128).save(out, "JPEG")
    data = bytearray(out.getvalue())
    at = data.index(b"\xff\xc0")
    data[at + 5:at + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def _real_jpeg() -> bytes:
    out = io.BytesIO()
    Image.fromarray(np.random.default_rng(2).integers(0, 255, (600, 800), np.uint8)).save(
        out, "JPEG")
    return out.getvalue()


BAD = {
    "empty": (b"", "empty"),
    "random bytes": (np.random.default_rng(3).bytes(5000), "not a photo"),
    "a text file": (b"Royal Visit, turn 3: King 1, Guard 1+1\n" * 20, "not a photo"),
    "a truncated JPEG": (_real_jpeg()[:3000], "cut short"),
    "a PNG claiming 20000 x 20000": (
        _png_header(20000, 20000, zlib.compress(b"\0" * 2_000_000)), "too large"),
    "a JPEG of 108 MP": (_jpeg_claiming(12000, 9000), "too large"),
    "a GIF": (b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00"
              b"\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;",
              "too small"),  # read like any photo, were it larger
}


@pytest.mark.parametrize("what", list(BAD))
def test_bad_input_gives_one_plain_sentence(what):
    data, says = BAD[what]
    with pytest.raises(ScanError) as refused:
        scan_photo(data)
    message = str(refused.value)
    assert says in message and message.endswith(".") and message[0].isupper()
    assert "\n" not in message and len(message) < 160


def test_a_huge_real_photo_is_refused_from_its_header_without_decoding(monkeypatch):
    """A real 100 MP image: refused from its header, no pixel decoded."""
    out = io.BytesIO()
    Image.new("L", (10000, 10000), 255).save(out, "JPEG", quality=50)
    data = out.getvalue()
    decoded = decoders_watched(monkeypatch)
    with pytest.raises(ScanError, match=r"too large .10000 x 10000 pixels.*50 megapixels"):
        scan_photo(data)
    assert decoded == []


def test_grey_colour_and_one_channel_images_read_the_same(photos):
    spec, data = photos("flat", 2, 1)
    rgb = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))[:, :, ::-1]
    codes = {f.text for f in find_codes(rgb)}
    assert codes == {f.text for f in find_codes(_gray(rgb)[:, :, None])}
    assert set(spec.cards) <= codes


# ------------------------------------------------------------------------------ the CLI

def test_the_scan_command_prints_the_cards_and_fails_on_a_bad_file(photos, tmp_path, capsys):
    spec, data = photos("foreign", 2, 0)
    photo = tmp_path / "table.jpg"
    photo.write_bytes(data)
    broken = tmp_path / "notes.txt"
    broken.write_text("not a photo")

    assert main(["scan", str(photo), "--game", spec.game.replace("_", "-")]) == 0
    out = capsys.readouterr().out
    assert f"{len(spec.cards)} cards" in out
    for code in spec.cards:
        assert code[:2] + " " + code[2:4] in out  # the code as printed, spaced
    assert ("other codes" in out and "not a card code" in out) or "is a" in out

    assert main(["scan", str(photo), str(broken), "--json"]) == 1
    reports = json.loads(capsys.readouterr().out)
    assert reports[1] == {"file": str(broken), "error":
                          "This is not a photo the scanner can read (JPEG or PNG)."}
    cards = reports[0]["cards"]
    assert {card["code"] for card in cards} >= set(spec.cards)
    for card in cards:
        assert card["name"] and card["kind"] == parse_code(card["code"]).kind_id

    assert main(["scan", str(broken)]) == 1
    assert "notes.txt: This is not a photo" in capsys.readouterr().err
    assert main(["scan", str(photo), "--game", "chess"]) == 1


def test_the_format_words_are_those_every_qr_code_carries():
    """The 32 format patterns the reader checks a code against: those the qrcode library draws
    for each error correction level and mask."""
    import qrcode

    patterns = []
    for level in (qrcode.constants.ERROR_CORRECT_L, qrcode.constants.ERROR_CORRECT_M,
                  qrcode.constants.ERROR_CORRECT_Q, qrcode.constants.ERROR_CORRECT_H):
        for mask in range(8):
            qr = qrcode.QRCode(version=1, error_correction=level, border=0, mask_pattern=mask)
            qr.add_data("0")
            qr.make(fit=False)
            modules = np.array(qr.get_matrix(), bool)
            patterns.append([modules[r, c] for r, c in FORMAT_COPIES[0]])
    assert (np.array(patterns, bool) == FORMATS_V1).all()
