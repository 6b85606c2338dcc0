"""Finding codes in a grey image: zxing-cpp, OpenCV's detector, codes from their three finder
patterns; each candidate read as a version-1 code, or as any code; where a card's other codes are."""
from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
import zxingcpp

from companion.codes import CORNER_MODULE, FACE_MODULE, FRAME
from companion.scan.other import _read_crop
from companion.scan.version1 import N, _read_v1, _square, _steep


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
    (but for those where a card already read has another code, with ``every_code`` False).

    With ``every_code`` False, when zxing-cpp has read codes and every finder pattern the photo
    shows belongs to a code read, OpenCV's detector (the slowest step) is not run: there is
    nothing left for it to find."""
    found: list[Found] = _zxing(gray) if zxing else []
    expected: list[tuple[np.ndarray, float]] = []  # (centre, side) of codes of cards read
    for f in found:
        expected.extend(_siblings(f.corners))
    if found and not every_code and not _code_shaped(_unexplained(_finders(gray)[0], found)):
        return _distinct(found), []
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


def _outlines() -> dict[str, np.ndarray]:
    """A card's outline seen from one of its codes, in that code's modules (its top-left corner
    at 0, 0; x right, y down, as the code reads): from the face code ("face"), from a corner
    code ("corner": the bottom-right one is the top-left one turned round with the card), and
    the strip a fanned hand leaves showing of a card, its corner code's column ("strip")."""
    width, height, quiet = 63.0, 88.0, 4
    face = np.array([FRAME + quiet * FACE_MODULE, height - FRAME - 25 * FACE_MODULE])
    corner = np.full(2, FRAME + quiet * CORNER_MODULE)
    card = np.array([[0, 0], [width, 0], [width, height], [0, height]])
    strip = np.array([[0, 0], [corner[0] + 25 * CORNER_MODULE, 0],
                      [corner[0] + 25 * CORNER_MODULE, height], [0, height]])
    return {"face": (card - face) / FACE_MODULE, "corner": (card - corner) / CORNER_MODULE,
            "strip": (strip - corner) / CORNER_MODULE}


OUTLINES = _outlines()


def _outline(quad: np.ndarray, seen_from: str) -> np.ndarray:
    """The outline (4 x 2, pixels) of the card whose code is at ``quad`` (oriented), read as the
    code OUTLINES names."""
    matrix = cv2.getPerspectiveTransform(_square(0, 1), quad.astype(np.float32))
    points = OUTLINES[seen_from].astype(np.float32).reshape(-1, 1, 2)
    return cv2.perspectiveTransform(points, matrix).reshape(4, 2)


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


FINDER_ENLARGED_SIDE = 2500  # a copy at most this long is searched for finders enlarged twice


def _finder_codes(gray: np.ndarray) -> list[np.ndarray]:
    """``_find_finders`` on the photo, and on a copy enlarged twice when the photo is small
    enough (2 MP): a finder pattern of 1-2 pixels a module (a code seen at a steep angle, its far
    side squeezed) shows its three nested squares only enlarged."""
    quads, wipe = _find_finders(gray)
    if max(gray.shape) <= FINDER_ENLARGED_SIDE:  # specks wiped there if they were here
        enlarged = cv2.resize(gray, None, fx=2, fy=2, interpolation=cv2.INTER_LINEAR)
        quads += [quad / 2 for quad in _find_finders(enlarged, 2 * wipe)[0]]
    return quads


def _find_finders(gray: np.ndarray, wipe: int | None = None, pairs: bool = False
                  ) -> tuple[list[np.ndarray], int]:
    """Quads of version-1 codes from their three finder patterns, for codes seen at a steep
    angle, which OpenCV's detector misses: three finders (``_finders``) of a size, each one to
    five finder widths from the others, may be a code, oriented so that it is not seen
    mirrored. With ``pairs``, also the codes two finders of a size may be corners of (a code so
    blurred that its third finder does not show): side by side, the third on either side of
    either; or across the code, the third on either side. Also the size of the specks wiped
    (``_finders``)."""
    finders, wipe = _finders(gray, wipe)
    quads = []
    for a, (corner, width) in enumerate(finders):
        near = [b for b, (centre, other) in enumerate(finders) if b > a
                and 0.6 < other / width < 1.7
                and 1.1 * width < np.linalg.norm(centre - corner) < 4.5 * width]
        for i, b in enumerate(near):
            for c in near[i + 1:]:
                if not 1.1 * width < np.linalg.norm(finders[b][0] - finders[c][0]) < 5 * width:
                    continue
                # seen at a steep angle the L of three finders may be any triangle: each of
                # them is tried as the corner (the reading checks the finders are where it
                # puts them)
                three = [finders[a][0], finders[b][0], finders[c][0]]
                quads += [_quad(*three[turn:], *three[:turn]) for turn in range(3)]
            if pairs:
                other = finders[b][0]
                across = np.array([corner[1] - other[1], other[0] - corner[0]])
                for side in (1, -1):
                    quads += [_quad(corner, other, corner + side * across),
                              _quad(other, corner, other + side * across),
                              _quad((corner + other + side * across) / 2, corner, other)]
    return quads, wipe


_FINDER_CORNERS = np.float32([[3.5, 3.5], [N - 3.5, 3.5], [3.5, N - 3.5]])


def _quad(top: np.ndarray, one: np.ndarray, two: np.ndarray) -> np.ndarray:
    """The quad of the code whose finder patterns' centres are ``top`` (the corner one),
    ``one`` and ``two``, oriented so that it is not seen mirrored."""
    if (one - top)[0] * (two - top)[1] - (one - top)[1] * (two - top)[0] < 0:
        one, two = two, one
    affine = cv2.getAffineTransform(_FINDER_CORNERS, np.float32([top, one, two]))
    return cv2.transform(_square(0, 1).reshape(-1, 1, 2), affine).reshape(4, 2).astype(np.float64)


SPECKS = 20_000  # dark specks in a photo past which the smallest are wiped before tracing


def _finders(gray: np.ndarray, wipe: int | None = None
             ) -> tuple[list[tuple[np.ndarray, float]], int]:
    """The finder patterns in the image, (centre, width): each a dark square in a light ring in
    a dark square (contours nested three deep in an adaptive threshold, the innermost about a
    ninth of the outermost's area and at its centre). A pixel is dark 14 grey levels under its
    neighbourhood's mean (at 7, the grain of a table and the noise of a dim photo made a hundred
    thousand specks, whose contours took seconds to trace); where there are still more than
    SPECKS apart (the moiré of a screen), those under two pixels across are wiped first; or
    those under ``wipe`` pixels across, when given (on a copy enlarged from one counted, whose
    count would take a label a pixel). Also the size wiped, 0 for none."""
    binary = cv2.adaptiveThreshold(gray, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV,
                                   25, 14)
    if wipe is None:
        wipe = 2 if cv2.connectedComponents(binary, connectivity=8)[0] > SPECKS else 0
    if wipe:
        binary = cv2.morphologyEx(binary, cv2.MORPH_OPEN, np.ones((wipe, wipe), np.uint8))
    contours, hierarchy = cv2.findContours(binary, cv2.RETR_TREE, cv2.CHAIN_APPROX_SIMPLE)
    if hierarchy is None:
        return [], wipe
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
            continue
        # seen steeply, the dark ring may run into the modules beside it: its hole then
        hole = contours[holes[outer]]
        middle = hole.reshape(-1, 2).mean(axis=0)
        if 1.5 < cv2.contourArea(hole) / inner < 6 and \
                np.linalg.norm(core - middle) < 0.25 * cv2.contourArea(hole) ** 0.5:
            finders.append((middle, 1.4 * cv2.contourArea(hole) ** 0.5))
    return finders, wipe


def _unexplained(finders: list[tuple[np.ndarray, float]], found: list[Found]
                 ) -> list[tuple[np.ndarray, float]]:
    """The finder patterns that lie in no code read."""
    quads = [f.corners.astype(np.float32) for f in found]
    return [(centre, width) for centre, width in finders if not any(
        cv2.pointPolygonTest(quad, (float(centre[0]), float(centre[1])), True) > -width
        for quad in quads)]


def _code_shaped(finders: list[tuple[np.ndarray, float]]) -> bool:
    """Whether two of the finder patterns could be two corners of one code: of a size, one to
    five widths apart."""
    return any(0.6 < other / width < 1.7 and 1.1 * width < np.linalg.norm(a - b) < 5 * width
               for i, (a, width) in enumerate(finders) for b, other in finders[i + 1:])
