"""Synthetic phone photos of printed proxy cards, with the truth: the scanner's test and benchmark set.

Cards are rasterised from a real deck PDF (``printables``, pypdfium2), laid on a table (in a row,
a grid, loosely, or fanned in a hand of 3-9 so only one corner of each card shows), then
photographed by a pinhole camera tilted 0-65 degrees and turned any way (a fan's photo held
portrait or landscape whatever the hand's shape), near or far (a sheet or a table of cards
filling a tenth to a third of the frame: face codes at 1.4-2.2 pixels a module at 12 MP), and the
photo is blurred (a Gaussian measured against the module of the smallest code to be read: up to
0.6 of a fan's corner-code module), noised, lit unevenly, washed by glare, or taken of a screen
showing the cards (the screen's pixel grid beating with the camera's: moiré), and
JPEG-compressed, at 2 MP (1632 x 1224) or 12 MP (4032 x 3024). Some photos are stored sideways
with an EXIF orientation, as phones do.
Everything is seeded: the same name gives the same photo, byte for byte.

``photo_set()`` lists the specs (cheap); ``render(spec)`` makes one photo.
"""
from __future__ import annotations

import io
import math
import random
from dataclasses import dataclass, field
from functools import cache, lru_cache

import cv2
import numpy as np
import pypdfium2 as pdfium
import qrcode
from PIL import Image

from printables import decks
from printables.faces import CORNER_MODULE, FACE_MODULE, FRAME
from printables.layout import PAPERS, Layout

CARD_W, CARD_H = 63.0, 88.0  # mm
SOURCE_PX_MM = 16.0  # the card rasters: about 400 dpi
SIZES = {2: (1632, 1224), 12: (4032, 3024)}  # megapixels -> landscape width, height
MARK = "PHO"
FOREIGN_MARK = "FGN"

CATEGORIES = {
    "flat": "flat, from above (tilt under 8 degrees)",
    "tilt30": "tilted 10-30 degrees",
    "tilt45": "tilted 30-45 degrees",
    "tilt65": "tilted 45-65 degrees",
    "rotated": "turned any way (photo and cards)",
    "fanned": "a fanned hand of 3-9, any fill and roll, frame not turned to it: corners only",
    "hard fans": "fanned hands blurred 0.4-0.6 of a corner code's module at 12 MP (0.3-0.45 at "
                 "2 MP), some lit unevenly",
    "far": "a sheet of nine or a table of 6-12 far away (face codes 1.4-2.2 px a module at 12 "
           "MP: the sheet's long side a tenth to a sixth of the frame's short side; 1.8-3 at 2 MP)",
    "blur": "out of focus: blur 0.3-0.55 of the smallest code's module",
    "light": "uneven light and a shadow",
    "glare": "a lamp's or window's glare across cards, washing codes out",
    "screen": "cards on a screen, photographed: moiré of its pixel grid, a dim black",
    "many": "many cards: a whole Kingseat vote (8-10)",
    "foreign": "another game's card and a non-card QR code beside the cards",
}

# Codes a card's face carries, in card millimetres from its top-left corner (y down): the code's
# own top-left corner, its module, and whether it is drawn upside down.
_QUIET = 4
CODES_ON_CARD = (
    (FRAME + _QUIET * FACE_MODULE, CARD_H - FRAME - 25 * FACE_MODULE, FACE_MODULE, False),
    (FRAME + _QUIET * CORNER_MODULE, FRAME + _QUIET * CORNER_MODULE, CORNER_MODULE, False),
    (CARD_W - FRAME - 25 * CORNER_MODULE, CARD_H - FRAME - 25 * CORNER_MODULE, CORNER_MODULE,
     True),
)

GAME_DECKS = {  # game -> (printable deck function, the deck pages to take cards from)
    "royal_visit": (lambda mark: decks.royal_visit(mark), (0, 2, 4)),
    "majesty": (lambda mark: decks.majesty(mark, "characters"), (0, 3, 6)),
    "kings_court": (lambda mark: decks.kings_court(mark, "kc+kd+bonus"), (0, 5, 10)),
    "kingseat": (lambda mark: decks.kingseat(mark, "complete"), (0, 4, 8)),
}


@dataclass(frozen=True)
class Spec:
    """One photo to make, and what a reader should find in it."""
    name: str
    category: str
    megapixels: int
    game: str
    seed: int
    cards: tuple[str, ...] = ()  # codes of this game's cards that show whole: to be read
    present: frozenset[str] = frozenset()  # every code that shows at all: a read of it is no error
    others: tuple[str, ...] = ()  # texts of the other codes that show whole (not this game's cards)
    centres: dict[str, tuple[float, float]] = field(default_factory=dict, compare=False)
    tilt: float = 0.0  # degrees
    exif_orientation: int = 1
    scene: object = field(default=None, compare=False, repr=False)  # what render() draws
    face_module: float = 0.0  # pixels a module of the face codes (their median)
    # each card to be read: pixels a module of its best code that shows whole
    modules: dict[str, float] = field(default_factory=dict, compare=False)
    blur: float = 0.0  # the Gaussian's sigma, photo pixels


# ----------------------------------------------------------------------------- card rasters

@cache
def _deck(game: str, mark: str) -> decks.Deck:
    return GAME_DECKS[game][0](mark)


@lru_cache(maxsize=24)
def _page(game: str, mark: str, page: int) -> tuple[np.ndarray, tuple[str, ...]]:
    """A deck page rendered at SOURCE_PX_MM (RGB), and the codes of its cards in layout order."""
    deck = _deck(game, mark)
    pages_per_sheet = 2 if deck.two_sided else 1
    document = pdfium.PdfDocument(decks.deck_pdf(deck))
    image = document[page * pages_per_sheet].render(scale=SOURCE_PX_MM * 25.4 / 72).to_numpy()
    document.close()
    codes = tuple(card.front.code for card in deck.cards[page * 9:page * 9 + 9])
    return image[:, :, :3].copy(), codes


def card_image(game: str, code: str, mark: str = MARK) -> np.ndarray:
    """One card's face, RGB at SOURCE_PX_MM, from the page it is printed on."""
    for page in GAME_DECKS[game][1]:
        image, codes = _page(game, mark, page)
        if code in codes:
            box = Layout.fit(PAPERS["a4"]).cards[codes.index(code)]
            top = image.shape[0] - round(box.top * SOURCE_PX_MM)
            left = round(box.x * SOURCE_PX_MM)
            return image[top:top + round(CARD_H * SOURCE_PX_MM),
                         left:left + round(CARD_W * SOURCE_PX_MM)]
    raise KeyError(code)


def card_pool(game: str, mark: str = MARK) -> list[str]:
    """The codes of the cards photos are made of: a few pages of the game's deck."""
    deck = _deck(game, mark)
    return [deck.cards[i].front.code for page in GAME_DECKS[game][1]
            for i in range(page * 9, min(len(deck.cards), page * 9 + 9))]


@lru_cache(maxsize=16)
def sticker_image(text: str, side_mm: float) -> np.ndarray:
    """A printed QR code that is not a card (a link, a note), on white, RGB at SOURCE_PX_MM."""
    qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=4, box_size=1)
    qr.add_data(text)
    qr.make(fit=True)
    modules = np.array(qr.get_matrix(), dtype=np.uint8)
    side = round(side_mm * SOURCE_PX_MM)
    image = cv2.resize((1 - modules) * 255, (side, side), interpolation=cv2.INTER_NEAREST)
    return np.dstack([image] * 3)


# ----------------------------------------------------------------------------------- scenes

@dataclass(frozen=True)
class Placed:
    """A flat thing on the table: its image, its size in mm, its centre and turn (degrees)."""
    image_key: tuple  # ("card", game, code, mark) or ("sticker", text, side)
    width: float
    height: float
    x: float
    y: float
    angle: float

    def image(self) -> np.ndarray:
        if self.image_key[0] == "card":
            return card_image(self.image_key[1], self.image_key[2], self.image_key[3])
        return sticker_image(self.image_key[1], self.image_key[2])

    def to_table(self) -> np.ndarray:
        """3x3: the thing's own mm (from its top-left, y down) to table mm."""
        a = math.radians(self.angle)
        c, s = math.cos(a), math.sin(a)
        return np.array([[c, -s, self.x - c * self.width / 2 + s * self.height / 2],
                         [s, c, self.y - s * self.width / 2 - c * self.height / 2],
                         [0, 0, 1]])

    def outline(self) -> np.ndarray:
        return _apply(self.to_table(), np.array(
            [[0, 0], [self.width, 0], [self.width, self.height], [0, self.height]], float))


@dataclass(frozen=True)
class Scene:
    things: tuple[Placed, ...]  # drawn in this order: a later one lies on top
    size: tuple[int, int]  # the upright photo's width, height
    homography: np.ndarray  # table mm -> upright photo pixels
    table: int  # the table's look
    light: str  # "even", "soft" or "uneven"
    blur: float  # Gaussian sigma, photo pixels
    noise: float  # grey levels
    quality: int  # JPEG
    glare: tuple = ()  # (x, y, radius, grey levels added at the centre) of each bright spot
    screen: tuple = ()  # (pitch, angle, depth) of the screen's pixel grid, or () for paper


def _apply(matrix: np.ndarray, points: np.ndarray) -> np.ndarray:
    projected = np.c_[points, np.ones(len(points))] @ matrix.T
    return projected[:, :2] / projected[:, 2:]


def _camera(rng: random.Random, outlines: np.ndarray, size: tuple[int, int], tilt: float,
            roll: float, fill: float) -> np.ndarray:
    """The homography of a pinhole camera (a phone's ~70 degree lens) looking at the table,
    tilted ``tilt`` degrees toward a random side and turned ``roll`` degrees, framed so the
    things fill ``fill`` of the photo."""
    width, height = size
    centre = (outlines.min(axis=0) + outlines.max(axis=0)) / 2
    extent = float(np.max(outlines.max(axis=0) - outlines.min(axis=0)))
    focal = 0.8 * max(size)
    distance = 0.8 * extent / fill
    yaw = rng.uniform(0, 360)

    def rz(degrees):
        a = math.radians(degrees)
        return np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])
    t = math.radians(tilt)
    rx = np.array([[1, 0, 0], [0, math.cos(t), -math.sin(t)], [0, math.sin(t), math.cos(t)]])
    rotation = rz(roll) @ rz(-yaw) @ rx @ rz(yaw)  # tilted toward ``yaw``, then turned
    shift = np.array([[1, 0, -centre[0]], [0, 1, -centre[1]], [0, 0, 1]])
    plane = np.c_[rotation[:, 0], rotation[:, 1], [0, 0, distance]]
    homography = np.diag([focal, focal, 1.0]) @ plane @ shift
    # frame it: scale and move so the things' outline fills the photo as asked
    projected = _apply(homography, outlines)
    low, high = projected.min(axis=0), projected.max(axis=0)
    scale = fill * min(width / (high[0] - low[0]), height / (high[1] - low[1]))
    middle = (low + high) / 2
    jitter = (1 - fill) / 2 * 0.8
    target = (width * (0.5 + rng.uniform(-jitter, jitter)), height * (0.5 + rng.uniform(-jitter, jitter)))
    frame = np.array([[scale, 0, target[0] - scale * middle[0]],
                      [0, scale, target[1] - scale * middle[1]], [0, 0, 1]])
    return frame @ homography


def _row(count: int, rng: random.Random, gap=(4, 14)) -> list[tuple[float, float, float]]:
    """Cards laid side by side, left to right: (x, y, angle) in table mm."""
    spots, x = [], 0.0
    for _ in range(count):
        spots.append((x, rng.uniform(-4, 4), rng.uniform(-6, 6)))
        x += CARD_W + rng.uniform(*gap)
    return spots


def _grid(count: int, columns: int, rng: random.Random, gap=(5, 12)
          ) -> list[tuple[float, float, float]]:
    spots = []
    for i in range(count):
        row, column = divmod(i, columns)
        spots.append((column * (CARD_W + rng.uniform(*gap)) + rng.uniform(-3, 3),
                      row * (CARD_H + rng.uniform(*gap)) + rng.uniform(-3, 3),
                      rng.uniform(-8, 8)))
    return spots


def _fan(count: int, rng: random.Random) -> list[tuple[float, float, float]]:
    """A hand held fanned: each card turned a little further about a point below the hand, each
    on top of the one before, so only the left strip (the top-left corner code) of each shows."""
    step = rng.uniform(13, 17)
    reach = rng.uniform(105, 125)  # mm from the pivot to the cards' centres
    spots = []
    for i in range(count):
        angle = (i - (count - 1) / 2) * step
        a = math.radians(angle)
        spots.append((reach * math.sin(a), -reach * math.cos(a), angle))
    return spots


def _spread(count: int, rng: random.Random) -> list[tuple[float, float, float]]:
    """A hand spread flat: each card a corner's width to the right of the one under it."""
    step = rng.uniform(24, 30)
    return [(i * step, rng.uniform(-2, 2), rng.uniform(-3, 3)) for i in range(count)]


# -------------------------------------------------------------------------------- the set

PER_CATEGORY = 20  # photos of each category at each size in the whole set
OTHER_GAME = {"royal_visit": "majesty", "majesty": "kings_court", "kings_court": "kingseat",
              "kingseat": "royal_visit"}
NOT_CARDS = ["https://example.com/rules/royal-visit", "WIFI:T:WPA;S:GameNight;P:meeple42;;",
             "Table 4 - tea and biscuits", "R1K1037QX5", "HELLO WORLD 12345"]


def photo_set(per_category: int = PER_CATEGORY, sizes=(2, 12),
              categories=tuple(CATEGORIES), first: int = 0) -> list[Spec]:
    """The specs of the photos, in a fixed order; the same arguments give the same set."""
    specs = []
    for category in categories:
        for megapixels in sizes:
            for i in range(first, first + per_category):
                specs.append(make_spec(category, megapixels, i))
    return specs


def make_spec(category: str, megapixels: int, index: int) -> Spec:
    seed = (hash_text(category) * 1000 + megapixels * 100 + index) % 2**31
    rng = random.Random(seed)
    game = ["royal_visit", "majesty", "kings_court", "kingseat"][index % 4]
    if category == "many":
        game = "kingseat"
    # blur: a Gaussian's sigma as a share of the module of the smallest code to be read
    tilt, roll, fill = rng.uniform(0, 8), rng.uniform(-10, 10), rng.uniform(0.55, 0.9)
    light, blur, noise = rng.choice(["even", "soft"]), rng.uniform(0.1, 0.3), rng.uniform(1, 6)
    quality = rng.randint(65, 92)
    turn_cards = False
    if category == "tilt30":
        tilt = rng.uniform(10, 30)
    elif category == "tilt45":
        tilt = rng.uniform(30, 45)
    elif category == "tilt65":
        tilt = rng.uniform(45, 65)
    elif category == "far":
        tilt = rng.uniform(0, 25)
        face_module = rng.uniform(1.4, 2.2) if megapixels == 12 else rng.uniform(1.8, 3)
    elif category == "rotated":
        tilt, roll, turn_cards = rng.uniform(0, 20), rng.uniform(0, 360), True
    elif category == "blur":
        tilt, blur = rng.uniform(0, 20), rng.uniform(0.3, 0.55)
    elif category == "light":
        tilt, light = rng.uniform(0, 20), "uneven"
    elif category in ("fanned", "many", "foreign", "glare"):
        tilt = rng.uniform(0, 25)
    elif category == "hard fans":
        # at 12 MP near half a corner-code module; at 2 MP, where that module is about a pixel,
        # a little less (beyond it no reader reads a fan's corner at all)
        tilt = rng.uniform(0, 35)
        blur = rng.uniform(0.4, 0.6) if megapixels == 12 else rng.uniform(0.3, 0.45)
        light = rng.choice(["even", "soft", "uneven"])
    elif category == "screen":
        tilt = rng.uniform(0, 30)
    fanned = category in ("fanned", "hard fans")
    if fanned:
        roll, fill = rng.uniform(0, 360), rng.uniform(0.3, 0.95)

    pool = card_pool(game)
    if fanned:
        count = rng.randint(3, 9)
        spots = (_fan if rng.random() < 0.7 else _spread)(count, rng)
    elif category == "many":
        count = rng.randint(8, 10)
        spots = _grid(count, 5 if count > 8 else 4, rng) if rng.random() < 0.5 else \
            _loose(count, rng)
    elif category == "foreign":
        count = rng.randint(2, 4)
        spots = _row(count, rng, gap=(8, 20))
    elif category == "far":  # a printed sheet of nine, or a table of cards laid out
        count = rng.choice([9, 9, 6, 8, 10, 12])
        spots = _grid(count, 3 if count == 9 else count // 2, rng, gap=(1, 3) if count == 9
                      else (5, 12))
    else:
        count = rng.choice([1, 2, 3, 4, 5, 6, 9])
        spots = _row(count, rng) if count <= 4 else _grid(count, 3, rng)
    codes = rng.sample(pool, count)
    things = []
    for code, (x, y, angle) in zip(codes, spots):
        if turn_cards:
            angle = rng.choice([0, 90, 180, 270]) + rng.uniform(-20, 20)
        things.append(Placed(("card", game, code, MARK), CARD_W, CARD_H, x, y, angle))
    if category == "foreign":
        last = max(t.x for t in things)
        foreign = OTHER_GAME[game]
        things.append(Placed(("card", foreign, rng.choice(card_pool(foreign, FOREIGN_MARK)),
                              FOREIGN_MARK), CARD_W, CARD_H, last + CARD_W + 12, rng.uniform(-5, 5),
                             rng.uniform(-8, 8)))
        side = rng.uniform(28, 40)
        things.append(Placed(("sticker", rng.choice(NOT_CARDS), side), side, side,
                             rng.uniform(0, last), -CARD_H / 2 - side / 2 - rng.uniform(8, 15),
                             rng.uniform(-30, 30)))
    outlines = np.vstack([t.outline() for t in things])
    width, height = SIZES[megapixels]
    extent = outlines.max(axis=0) - outlines.min(axis=0)
    # a fan: the phone held either way, whatever the hand's shape; else portrait things, portrait photo
    turned = rng.random() < 0.5 if fanned else (extent[0] < extent[1]) != (round(roll / 90) % 2 == 1)
    if turned:
        width, height = height, width
    state = rng.getstate()
    homography = _camera(rng, outlines, (width, height), tilt, roll, fill)
    if category == "far":  # frame again so the face codes get ``face_module`` pixels a module
        fill *= face_module / np.median(_modules(homography, things, face=True))
        rng.setstate(state)
        homography = _camera(rng, outlines, (width, height), tilt, roll, fill)
    # the blur, against the module of the smallest code to be read (the face code, far away)
    blur *= min(_modules(homography, things, face=category == "far"))
    glare, screen = (), ()
    if category == "glare":  # one or two bright spots, each on a card
        spots_ = []
        for _ in range(rng.choice([1, 1, 2])):
            x, y, module, _ = rng.choice(CODES_ON_CARD)  # on a code of a card
            middle = np.array([[x + 10.5 * module + rng.uniform(-8, 8),
                                y + 10.5 * module + rng.uniform(-8, 8)]])
            centre = _apply(homography @ rng.choice(things).to_table(), middle)[0]
            spots_.append((float(centre[0]), float(centre[1]), rng.uniform(0.04, 0.12) * width,
                           rng.uniform(110, 190)))
        glare = tuple(spots_)
    if category == "screen":  # a screen's pixel grid about one camera pixel apart: it beats
        screen = (rng.choice([-1, 1]) * rng.uniform(0.04, 0.15) + 1, rng.uniform(-8, 8),
                  rng.uniform(0.15, 0.35))
    scene = Scene(tuple(things), (width, height), homography, rng.randrange(4), light, blur,
                  noise, quality, glare, screen)
    exif = rng.choice([1, 1, 1, 6, 8, 3])
    return _with_truth(Spec(f"{category}-{megapixels}mp-{index:02d}", category, megapixels, game,
                            seed, tilt=tilt, exif_orientation=exif, scene=scene,
                            face_module=float(np.median(_modules(homography, things, True))),
                            blur=blur))


def _modules(homography: np.ndarray, things, face: bool) -> list[float]:
    """Pixels a module of the cards' face codes (``face``) or corner codes in the photo."""
    sizes = []
    for thing in things:
        if thing.image_key[0] != "card":
            continue
        for x, y, module, _ in CODES_ON_CARD:
            if (module == FACE_MODULE) == face:
                square = np.array([[x, y], [x + 21 * module, y], [x + 21 * module, y + 21 * module],
                                   [x, y + 21 * module]])
                photo = _apply(homography @ thing.to_table(), square)
                sides = np.linalg.norm(photo - np.roll(photo, 1, axis=0), axis=1)
                sizes.append(float(sides.mean() / 21))
    return sizes


def _loose(count: int, rng: random.Random) -> list[tuple[float, float, float]]:
    """Cards dropped on the table apart from each other (a revealed vote): two rows, each card
    turned and shifted its own way."""
    columns = (count + 1) // 2
    return [((i % columns) * 108 + rng.uniform(-8, 8), (i // columns) * 118 + rng.uniform(-8, 8),
             rng.uniform(-25, 25)) for i in range(count)]


def hash_text(text: str) -> int:
    return sum((i + 1) * ord(c) for i, c in enumerate(text))


def _with_truth(spec: Spec) -> Spec:
    """Which codes show whole (a code and one module around it, inside the photo and under
    nothing), which show at all; and each card's centre as fractions of the upright photo."""
    from companion.codes import CodeError, parse_code

    scene: Scene = spec.scene
    width, height = scene.size
    whole, present, centres, modules = [], set(), {}, {}
    for i, thing in enumerate(scene.things):
        above = [t.outline() for t in scene.things[i + 1:]]
        text = thing.image_key[2] if thing.image_key[0] == "card" else thing.image_key[1]
        if thing.image_key[0] == "card":
            regions = [np.array([[x - m, y - m], [x + 22 * m, y - m], [x + 22 * m, y + 22 * m],
                                 [x - m, y + 22 * m]]) for x, y, m, _ in CODES_ON_CARD]
        else:
            regions = [np.array([[0, 0], [thing.width, 0], [thing.width, thing.height],
                                 [0, thing.height]], float)]
        shows_whole = shows = False
        best = 0.0
        for region in regions:
            table = _apply(thing.to_table(), region)
            photo = _apply(scene.homography, table)
            inside = (photo.min(axis=0) >= 0).all() and (photo[:, 0].max() < width) and \
                (photo[:, 1].max() < height)
            covered = _covered_fraction(table, above)
            shows_whole |= inside and covered == 0
            shows |= covered < 0.9
            if inside and covered == 0:  # the code (its region less the module around it)
                sides = np.linalg.norm(photo - np.roll(photo, 1, axis=0), axis=1)
                best = max(best, float(sides.mean() / 23))
        if shows:
            present.add(text)
        if shows_whole:
            whole.append(text)
            modules[text] = best
        centre = _apply(scene.homography, np.array([[thing.x, thing.y]]))[0]
        centres[text] = (float(centre[0] / width), float(centre[1] / height))
    cards, others = [], []
    for text in whole:
        try:
            parse_code(text, spec.game)
            cards.append(text)
        except CodeError:
            others.append(text)
    return Spec(spec.name, spec.category, spec.megapixels, spec.game, spec.seed, tuple(cards),
                frozenset(present), tuple(others), centres, spec.tilt, spec.exif_orientation,
                scene, spec.face_module, modules, spec.blur)


def _covered_fraction(region: np.ndarray, above: list[np.ndarray]) -> float:
    """How much of a table-mm quadrilateral the outlines above it cover (rasterised at 4 px/mm)."""
    if not above:
        return 0.0
    low = region.min(axis=0)
    size = np.ceil((region.max(axis=0) - low) * 4).astype(int) + 2
    mine = np.zeros((size[1], size[0]), np.uint8)
    cv2.fillConvexPoly(mine, np.round((region - low) * 4).astype(np.int32), 1)
    cover = np.zeros_like(mine)
    for outline in above:
        cv2.fillConvexPoly(cover, np.round((outline - low) * 4).astype(np.int32), 1)
    return float((mine & cover).sum() / max(1, mine.sum()))


# ------------------------------------------------------------------------------ rendering

def render(spec: Spec) -> bytes:
    """The photo as a phone would send it: a JPEG, maybe stored sideways with an EXIF tag."""
    scene: Scene = spec.scene
    rng = np.random.default_rng(spec.seed)
    width, height = scene.size
    photo = _table(scene.table, width, height, rng)
    for thing in scene.things:
        _draw(photo, thing, scene.homography)
    light = _light(scene.light, width, height, rng)
    photo = cv2.multiply(photo, cv2.merge([light] * 3), scale=1 / 128)
    if scene.screen:
        photo = _screen(photo, *scene.screen)
    for x, y, radius, peak in scene.glare:
        photo = _glare(photo, x, y, radius, peak)
    if scene.blur > 0:
        photo = cv2.GaussianBlur(photo, (0, 0), scene.blur)
    noise = np.empty((height, width), np.int16)
    # OpenCV's own generator, seeded here: unseeded, each photo's noise depended on the photos
    # made before it and on what the readers drew in between (OpenCV's QR detector draws too)
    cv2.setRNGSeed(spec.seed)
    cv2.randn(noise, 0, scene.noise)
    photo = cv2.add(photo, cv2.merge([noise] * 3), dtype=cv2.CV_8U)
    stored = _stored(photo, spec.exif_orientation)
    image = Image.fromarray(stored)
    out = io.BytesIO()
    exif = Image.Exif()
    if spec.exif_orientation != 1:
        exif[0x0112] = spec.exif_orientation
    image.save(out, "JPEG", quality=scene.quality, exif=exif.tobytes())
    return out.getvalue()


def _screen(photo: np.ndarray, pitch: float, angle: float, depth: float) -> np.ndarray:
    """The photo as a screen showing it looks through the camera: a black that is a dim grey,
    and the screen's grid of pixels (dark lines between them, ``pitch`` camera pixels apart,
    turned ``angle`` degrees) sampled by the camera's own grid: fringes a few pixels to tens of
    pixels apart (moiré) across the picture."""
    height, width = photo.shape[:2]
    ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
    a = math.radians(angle)
    u = (xs * math.cos(a) + ys * math.sin(a)) / pitch
    v = (ys * math.cos(a) - xs * math.sin(a)) / pitch
    grid = 1 - depth * (0.5 + 0.25 * np.cos(2 * math.pi * u) + 0.25 * np.cos(2 * math.pi * v))
    lit = 40 + photo.astype(np.float32) * (200 / 255)  # the screen's black is not black
    return np.clip(lit * grid[:, :, None], 0, 255).astype(np.uint8)


def _glare(photo: np.ndarray, x: float, y: float, radius: float, peak: float) -> np.ndarray:
    """A bright spot (a lamp or a window mirrored in the card's surface) added to the photo:
    ``peak`` grey levels at its centre, fading over ``radius`` pixels."""
    height, width = photo.shape[:2]
    x0, y0 = int(max(0, x - 3 * radius)), int(max(0, y - 3 * radius))
    x1, y1 = int(min(width, x + 3 * radius)), int(min(height, y + 3 * radius))
    if x1 <= x0 or y1 <= y0:
        return photo
    ys, xs = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    spot = peak * np.exp(-((xs - x) ** 2 + (ys - y) ** 2) / (2 * radius ** 2))
    region = photo[y0:y1, x0:x1].astype(np.float32) + spot[:, :, None]
    photo[y0:y1, x0:x1] = np.clip(region, 0, 255).astype(np.uint8)
    return photo


def _stored(upright: np.ndarray, orientation: int) -> np.ndarray:
    """The pixels a camera stores for an upright view with this EXIF orientation (1, 3, 6, 8)."""
    turns = {1: 0, 3: 2, 6: 1, 8: 3}[orientation]
    return np.ascontiguousarray(np.rot90(upright, turns))


TABLES = [(150, 105, 70), (40, 95, 60), (128, 128, 124), (210, 205, 195)]  # wood, felt, grey, cloth


def _table(kind: int, width: int, height: int, rng: np.random.Generator) -> np.ndarray:
    """A table top: a colour with a blotchy shade, and grain for wood."""
    small = (width // 8, height // 8)
    coarse = cv2.resize(rng.normal(0, 1, (6, 8)).astype(np.float32), small,
                        interpolation=cv2.INTER_CUBIC)
    grain = cv2.resize(rng.normal(0, 1, (small[1], 1)).astype(np.float32), small,
                       interpolation=cv2.INTER_LINEAR) if kind == 0 else 0
    shade = 1 + 0.08 * coarse + 0.06 * grain
    table = np.array(TABLES[kind], np.float32)[None, None, :] * shade[:, :, None]
    return cv2.resize(np.clip(table, 0, 255).astype(np.uint8), (width, height),
                      interpolation=cv2.INTER_LINEAR)


def _light(kind: str, width: int, height: int, rng: np.random.Generator) -> np.ndarray:
    """A multiplier per pixel: even (about 1), soft (a gentle slope) or uneven (a strong slope
    from a lamp to one side, and the soft shadow of a phone or a hand across part of the photo)."""
    ys, xs = np.mgrid[0:height:8, 0:width:8].astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    slope = ((xs / width - 0.5) * math.cos(a) + (ys / height - 0.5) * math.sin(a))
    if kind == "even":
        field_ = 1 + 0.04 * slope
    elif kind == "soft":
        field_ = 1 - 0.2 * (slope + 0.5)
    else:
        field_ = np.maximum(1.1 - 0.8 * (slope + 0.5), 0.3)
        shadow = np.zeros_like(xs)
        cx, cy = rng.uniform(0.2, 0.8) * width, rng.uniform(0.2, 0.8) * height
        axes = (int(rng.uniform(0.1, 0.25) * width / 8), int(rng.uniform(0.3, 0.6) * height / 8))
        cv2.ellipse(shadow, (int(cx / 8), int(cy / 8)), axes, rng.uniform(0, 180), 0, 360, 1, -1)
        shadow = cv2.GaussianBlur(shadow, (0, 0), max(axes) / 4)
        field_ *= 1 - 0.5 * shadow
        glare = np.exp(-((xs - rng.uniform(0, width)) ** 2 + (ys - rng.uniform(0, height)) ** 2)
                       / (2 * (0.12 * width) ** 2))
        field_ += 0.5 * glare  # a lamp's bright spot: white paper goes to full white
    field_ = np.clip(field_ * 128, 0, 255).astype(np.uint8)  # 128 is 1
    return cv2.resize(field_, (width, height), interpolation=cv2.INTER_LINEAR)


def _draw(photo: np.ndarray, thing: Placed, homography: np.ndarray) -> None:
    """Warp one flat thing into the photo where the camera sees it (only its bounding box)."""
    image = thing.image()
    px = image.shape[1] / thing.width  # source pixels a mm
    matrix = homography @ thing.to_table() @ np.diag([1 / px, 1 / px, 1])
    corners = _apply(matrix, np.array([[0, 0], [image.shape[1], 0],
                                       [image.shape[1], image.shape[0]], [0, image.shape[0]]], float))
    height, width = photo.shape[:2]
    x0, y0 = np.floor(corners.min(axis=0)).astype(int) - 2
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + 2
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(width, x1), min(height, y1)
    if x1 <= x0 or y1 <= y0:
        return
    # shrink the source first where the photo sees it smaller (no aliasing in the warp)
    scale = math.sqrt(abs(np.linalg.det(matrix[:2, :2] / matrix[2, 2])))
    if scale < 0.7:
        factor = max(scale * 1.4, 0.05)
        image = cv2.resize(image, None, fx=factor, fy=factor, interpolation=cv2.INTER_AREA)
        matrix = matrix @ np.diag([1 / factor, 1 / factor, 1])
    matrix = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]]) @ matrix
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpPerspective(image, matrix, size, flags=cv2.INTER_LINEAR,
                                 borderMode=cv2.BORDER_CONSTANT)
    mask = cv2.warpPerspective(np.full(image.shape[:2], 255, np.uint8), matrix, size,
                               flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    cv2.copyTo(warped, (mask > 127).view(np.uint8), photo[y0:y1, x0:x1])
