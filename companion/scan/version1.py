"""Reading a version-1 QR code (every card's) from a quad: rectified, turned, thresholded
against its own finder patterns, its format information checked, then decoded clean."""
from __future__ import annotations

import cv2
import numpy as np

N = 21  # modules a side of a version-1 code: every card's
CELL = 6  # pixels a module in a rectified code


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
    and the quad corrected from them, twice at most; a code seen steeply then has its far
    corner sought (``_climbed``). Returns (text, corners in the code's own order, its top-left
    first) or None."""
    values, quad = _sample(gray, quad)
    if values is None:
        return None
    for attempt in range(3):
        text = _decode_values(values)
        if text:
            return text, quad
        if attempt < 2:
            refitted = _refit(gray, quad)
            if refitted is None:
                break
            quad = refitted
            values = _values(gray, quad)
    if not _steep(quad):
        return None
    # seen steeply, the perspective puts the far corner modules off where the three finder
    # patterns (an affine fit) put it: the finders kept, that corner moved while the fixed
    # pattern (the timing patterns above all) shows better
    for moved in _climbed(gray, quad):
        text = _decode_values(_values(gray, moved))
        if text:
            return text, moved
    return None


CLIMB_ROUNDS = 8  # rounds of moves at each step, at most
MOVES = [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if x or y]


def _climbed(gray: np.ndarray, quad: np.ndarray) -> list[np.ndarray]:
    """The quad through the same finder patterns' centres whose far corner, moved by a module,
    then half, then a quarter (in the code's own modules), shows the fixed pattern best
    (``_fit``); then the same with that corner a quarter of a module off each way (the fixed
    pattern, all near the finders, does not pin the far corner closer)."""
    matrix = cv2.getPerspectiveTransform(_square(0, 1), quad.astype(np.float32))
    code = np.float32([*FINDER_CENTRES, (N, N)])

    def moved(offset: np.ndarray) -> np.ndarray:
        """The quad through the finders' centres whose far corner is where the current quad
        has the point ``offset`` modules from it."""
        points = np.float32([*FINDER_CENTRES, (N + offset[0], N + offset[1])])
        seen = cv2.perspectiveTransform(points.reshape(-1, 1, 2), matrix).reshape(4, 2)
        corners = cv2.perspectiveTransform(_square(0, 1).reshape(-1, 1, 2),
                                           cv2.getPerspectiveTransform(code, seen))
        return corners.reshape(4, 2).astype(np.float64)

    best, score = np.zeros(2), _fit(_values(gray, quad))
    for step in (1.0, 0.5, 0.25):
        for _ in range(CLIMB_ROUNDS):
            start = score
            for move in MOVES:
                offset = best + step * np.array(move)
                fit = _fit(_values(gray, moved(offset)))
                if fit > score:
                    best, score = offset, fit
            if score == start:
                break
    return [moved(best + 0.25 * np.array(move)) for move in [(0, 0), *MOVES]]


def _decode_values(values: np.ndarray) -> str:
    """The text of the code whose module values are ``values``, or "": each threshold whose
    format information reads decoded."""
    for bits in _thresholds(values):
        if not _format_reads(bits):
            continue  # OpenCV's decoder would fail too: spare it
        text = _decode_bits(bits)
        if text:
            return text
    return ""


def _steep(quad: np.ndarray) -> bool:
    """Whether a code is seen at a steep angle: a side half as long again as another, or a
    corner 25 degrees off square."""
    sides = quad - np.roll(quad, 1, axis=0)
    lengths = np.linalg.norm(sides, axis=1)
    cosines = np.abs(np.sum(sides * np.roll(sides, -1, axis=0), axis=1)) / (
        lengths * np.roll(lengths, -1) + 1e-9)
    return bool(lengths.max() > 1.5 * lengths.min() or cosines.max() > 0.42)


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
        if (read != FORMATS_V1).sum(axis=1).min() <= 3:
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
