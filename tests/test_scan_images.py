"""Whatever image a phone (or a person) sends, the scanner gives its cards or one sentence: codes
OpenCV's decoder cannot take (Hanzi mode, Kanji bytes) are skipped, transparency is laid on
white, 16-bit images are scaled, an animated image is read frame by frame, a photo too costly to decode is
refused from its header, and cards of two printed decks in one photo come with a note.

The card photos are made from the printables' own PDFs (tests/scan_support.py); the Hanzi and
Kanji codes by segno.
"""
from __future__ import annotations

import io
import json

import cv2
import numpy as np
import pytest
import segno
from PIL import Image
from scan_support import card_photo, decoders_watched

from companion.cli import main
from companion.scan import MAX_FRAMES, ScanError, find_codes, scan_photo

KINDS = ["wizard-2", "jester-1", "king-1"]


@pytest.fixture(scope="module")
def cards():
    """A photo of three Royal Visit cards, as RGB pixels, and the names of what it shows."""
    data = card_photo("royal-visit", KINDS)
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))


def kinds(data: bytes) -> list[str]:
    return [card.code.kind_id for card in scan_photo(data, "royal_visit").cards]


def encoded(image: Image.Image, kind: str, **options) -> bytes:
    out = io.BytesIO()
    image.save(out, kind, **options)
    return out.getvalue()


def code_image(text: str, mode: str) -> np.ndarray:
    """A QR code in ``mode`` (segno), 8 pixels a module, with its quiet zone."""
    qr = segno.make(text, mode=mode, micro=False, error="m")
    modules = np.array(qr.matrix, np.uint8)
    image = np.pad(np.where(modules, 0, 255).astype(np.uint8), 4, constant_values=255)
    return cv2.resize(image, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)


@pytest.mark.parametrize("text, mode, error", [("汉字", "hanzi", cv2.error),
                                               ("テスト", "kanji", UnicodeDecodeError)])
def test_a_code_opencv_cannot_decode_is_skipped_never_a_crash(cards, text, mode, error):
    code = code_image(text, mode)
    with pytest.raises(error):  # what OpenCV's own decoder does with it
        cv2.QRCodeDetector().detectAndDecode(code)
    assert find_codes(code) == []  # OpenCV's pipeline alone: the code is skipped
    # beside the cards, in a photo: the cards read, and the code is listed apart (zxing-cpp
    # reads it) or not at all
    photo = np.full((cards.shape[0] + code.shape[0] + 40, cards.shape[1], 3), 230, np.uint8)
    photo[:cards.shape[0]] = cards
    photo[cards.shape[0] + 20:cards.shape[0] + 20 + code.shape[0], 40:40 + code.shape[1]] = \
        code[:, :, None]
    result = scan_photo(encoded(Image.fromarray(photo), "PNG"), "royal_visit")
    assert [card.code.kind_id for card in result.cards] == KINDS
    assert {other.text for other in result.others} <= {text}


def test_a_png_whose_white_is_transparent_reads_as_white(cards):
    grey = cards.mean(axis=2)
    rgba = np.zeros(cards.shape[:2] + (4,), np.uint8)  # see-through black where it was light
    rgba[:, :, 3] = np.clip(255 - grey, 0, 255).astype(np.uint8)  # ink opaque, paper clear
    assert kinds(encoded(Image.fromarray(rgba, "RGBA"), "PNG")) == KINDS
    palette = Image.fromarray(cards).convert("P", palette=Image.Palette.ADAPTIVE, colors=64)
    lightest = int(np.argmax(np.asarray(palette.getpalette()).reshape(-1, 3).sum(axis=1)))
    assert kinds(encoded(palette, "PNG", transparency=lightest)) == KINDS
    webp = encoded(Image.fromarray(rgba, "RGBA"), "WEBP", lossless=True)
    assert kinds(webp) == KINDS


def test_16_bit_and_other_modes_are_scaled_to_8_bits(cards):
    grey = cards.mean(axis=2)
    sixteen = Image.fromarray((grey * 257).astype(np.uint16))
    assert sixteen.mode == "I;16"
    assert kinds(encoded(sixteen, "PNG")) == KINDS
    for mode in ("L", "1", "P", "CMYK"):
        image = Image.fromarray(cards).convert(mode)
        assert kinds(encoded(image, "JPEG" if mode == "CMYK" else "PNG")) == KINDS, mode


@pytest.mark.parametrize("kind", ["GIF", "WEBP", "PNG"])
def test_an_animated_image_is_read_frame_by_frame(cards, kind):
    """Cards in different frames are all read, a card in several frames once; a long
    animation is read from its first MAX_FRAMES frames, with a note."""
    third = cards.shape[1] // 3
    left, right = cards.copy(), cards.copy()
    left[:, third:] = cards[0, 0]  # the first card alone, the others painted over
    right[:, :third] = cards[0, 0]  # the two others
    frames = [Image.fromarray(frame) for frame in (left, right, left)]
    options = {"lossless": True} if kind == "WEBP" else {}
    data = encoded(frames[0], kind, save_all=True, append_images=frames[1:], duration=100,
                   **options)
    assert Image.open(io.BytesIO(data)).n_frames == 3
    result = scan_photo(data, "royal_visit")
    assert [card.code.kind_id for card in result.cards] == KINDS
    assert result.notes == []

    # frames that differ (an encoder merges a frame into the one before it when they are alike)
    blanks = [Image.new("RGB", frames[0].size, (200 + i, 200 + i, 200 + i))
              for i in range(MAX_FRAMES)]
    long = blanks[:MAX_FRAMES - 1] + [frames[1], frames[0], blanks[-1]]  # the left card too late
    data = encoded(long[0], kind, save_all=True, append_images=long[1:], duration=100, **options)
    result = scan_photo(data, "royal_visit")
    assert [card.code.kind_id for card in result.cards] == KINDS[1:]
    assert result.notes == [f"This animated image has {MAX_FRAMES + 2} frames: its first "
                            f"{MAX_FRAMES} were read."]


def test_an_animation_too_costly_to_decode_is_refused_from_its_header():
    frames = [Image.new("RGB", (4500, 3500), (255, 255, 255)),
              Image.new("RGB", (4500, 3500), (250, 250, 250))]
    data = encoded(frames[0], "GIF", save_all=True, append_images=frames[1:])
    with pytest.raises(ScanError, match=r"This 4500 x 3500 animated GIF image would take too "
                                        r"much memory to read \(the scanner takes one up to 15 "):
        scan_photo(data)


@pytest.mark.parametrize("kind, size, options, says", [
    ("WEBP", (7000, 7000), {"lossless": True}, "7000 x 7000 WEBP image would take too much "
                                               "memory to read (the scanner takes one up to 27"),
    ("PNG", (8000, 6000), {}, "8000 x 6000 PNG image with transparency would take too much"),
])
def test_a_photo_too_costly_to_decode_is_refused_from_its_header(kind, size, options, says,
                                                                 monkeypatch):
    """A few kilobytes that would decode to hundreds of megabytes (a bomb): no pixel decoded."""
    data = encoded(Image.new("RGBA", size, (255, 255, 255, 0)), kind, **options)
    assert len(data) < 300_000
    decoded = decoders_watched(monkeypatch)
    with pytest.raises(ScanError) as refused:
        scan_photo(data)
    assert decoded == []
    assert says in str(refused.value) and str(refused.value).endswith(".")


def test_a_48_mp_grey_png_is_read_at_full_resolution():
    """Within the budget: a code too small to read at the reduced size is read from the full
    pixels (4.5 px a module here: 1.1 at the 2000 px the codes are found at)."""
    photo = np.full((6000, 8000), 235, np.uint8)
    code = cv2.resize(code_image("R1K101T35X", "alphanumeric"), None, fx=4.5 / 8, fy=4.5 / 8,
                      interpolation=cv2.INTER_AREA)
    photo[3000:3000 + code.shape[0], 5000:5000 + code.shape[1]] = code
    result = scan_photo(encoded(Image.fromarray(photo), "PNG", compress_level=1))
    assert [other.text for other in result.others] == ["R1K101T35X"]


def test_cards_of_two_printed_decks_are_read_with_a_note(tmp_path, capsys):
    data = card_photo("royal-visit", KINDS, marks=["T35", "T35", "K9Q"])
    result = scan_photo(data, "royal_visit")
    assert [card.code.deck_mark for card in result.cards] == ["T35", "T35", "K9Q"]
    assert result.notes == ["These Royal Visit cards come from 2 printed decks (deck marks K9Q, "
                            "T35): two decks may have been mixed."]
    assert scan_photo(card_photo("royal-visit", KINDS), "royal_visit").notes == []

    photo = tmp_path / "mixed.jpg"
    photo.write_bytes(data)
    assert main(["scan", str(photo)]) == 0
    assert "Note: These Royal Visit cards come from 2 printed decks" in capsys.readouterr().out
    assert main(["scan", str(photo), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["notes"] == result.notes


def test_the_scan_answer_carries_the_note(phone):
    created = phone.post("/api/games", json={"game": "royal_visit", "options": {
        "players": ["Ann", "Bob"], "wizard": 0}})
    game_id = created.get_json()["game"]["id"]
    photo = card_photo("royal-visit", KINDS, marks=["T35", "K9Q", "T35"])
    read = phone.post(f"/api/games/{game_id}/scan", data={"photo": (io.BytesIO(photo), "p.jpg")},
                      content_type="multipart/form-data")
    assert read.status_code == 200
    body = read.get_json()
    assert len(body["cards"]) == 3 and "2 printed decks (deck marks K9Q, T35)" in body["notes"][0]
