"""Read card codes from an image with OpenCV (the full photo scanner comes in its own issue).

OpenCV's decoder is slow on a large image holding many codes, and misses small codes in a
scaled-down one. So codes are *found* with QRCodeDetectorAruco on copies scaled down to 1024 and
2048 pixels on the long side (finding is fast there), then each one is *read* from its own crop
of the full image, scaled to about 7 pixels a module.
"""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

FIND_SIDES = (1024, 2048)  # long sides of the copies searched for codes
CROP_SIDE = 240  # pixels: a version-1 code and the room around it, about 7 pixels a module


@dataclass(frozen=True)
class Found:
    text: str
    corners: np.ndarray  # 4 x 2, pixels of the image given


def read_codes(image: np.ndarray) -> list[str]:
    """The distinct texts of the QR codes in a BGR or grey image, in the order of find_codes."""
    texts: list[str] = []
    for found in find_codes(image):
        if found.text not in texts:
            texts.append(found.text)
    return texts


def find_codes(image: np.ndarray) -> list[Found]:
    """Every QR code read in the image, one entry per code (a card with three codes gives
    three), ordered by their centres: top to bottom, then left to right."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY if image.shape[2] == 3 else cv2.COLOR_BGRA2GRAY) \
        if image.ndim == 3 else image
    finder, reader = cv2.QRCodeDetectorAruco(), cv2.QRCodeDetector()
    found = []
    for corners in _locate(gray, finder):
        text = _read(gray, corners, finder) or _read(gray, corners, reader)
        if text:
            found.append(Found(text, corners))
    return sorted(found, key=lambda f: (f.corners[:, 1].mean(), f.corners[:, 0].mean()))


def _locate(gray: np.ndarray, finder) -> list[np.ndarray]:
    """Corners of every code found on the smaller copies, in full-image pixels, each once."""
    height, width = gray.shape
    located: list[np.ndarray] = []
    for side in FIND_SIDES:
        scale = min(1.0, side / max(height, width))
        copy = gray if scale == 1 else cv2.resize(gray, None, fx=scale, fy=scale,
                                                  interpolation=cv2.INTER_AREA)
        ok, points = finder.detectMulti(copy)
        for corners in (points if ok else []):
            corners = corners.reshape(4, 2) / scale
            centre, size = corners.mean(axis=0), np.linalg.norm(corners[0] - corners[2])
            if all(np.linalg.norm(centre - other.mean(axis=0)) > size / 4 for other in located):
                located.append(corners)
        if scale == 1:
            break
    return located


def _read(gray: np.ndarray, corners: np.ndarray, detector) -> str:
    """Decode the one code at ``corners`` from a crop around it (with room for its margin)."""
    (x0, y0), (x1, y1) = corners.min(axis=0), corners.max(axis=0)
    pad = 0.35 * max(x1 - x0, y1 - y0)
    height, width = gray.shape
    crop = gray[int(max(0, y0 - pad)):int(min(height, y1 + pad)),
                int(max(0, x0 - pad)):int(min(width, x1 + pad))]
    if min(crop.shape) < 8:
        return ""
    scale = CROP_SIDE / max(crop.shape)
    crop = cv2.resize(crop, None, fx=scale, fy=scale,
                      interpolation=cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC)
    text, _, _ = detector.detectAndDecode(crop)
    return text or ""
