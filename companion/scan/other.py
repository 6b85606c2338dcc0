"""Reading any other QR code (a link, another app's code) with OpenCV's own detectors."""
from __future__ import annotations

import cv2
import numpy as np

from companion.scan.version1 import _READER

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
