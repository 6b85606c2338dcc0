"""The printed card code: the one place that formats and parses it.

A proxy card carries one code, in its QR codes and as text under the large one::

    R 1 K1 03 7QX 5      ->  "R1K1037QX5"
    | | |  |  |   `-- check character (Luhn mod 36 over the nine before it)
    | | |  |  `------ deck mark: three characters, so two printed decks differ
    | | |  `--------- copy number of this kind in the deck, 01-99
    | | `------------ the kind's short code, from the frozen table of its game below
    | `-------------- version of the format
    `---------------- game letter

Ten characters from QR's alphanumeric set (0-9, A-Z), the most a version-1 QR code holds at error
correction level H (30 % of it may be lost or misread). A version-1 code is 21 modules square, the
fewest there are, so for a given printed size its modules are as large as they can be. The check
character catches a typo when a player types a code by hand; a scan is already guarded by the QR
code's own error correction.

The short codes never change: a new kind gets a new code, an old code is never reused for another
kind, so a deck printed today still reads in every later version of the companion.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from companion.words import Msg, msg

VERSION = "1"
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
LENGTH = 10
MARK_LENGTH = 3
MAX_COPY = 99
# Deck marks are drawn without 0/O and 1/I, so a mark read aloud or typed is never ambiguous.
MARK_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"


# Where the code is printed on a card's face (printables/faces.py draws it there; companion/scan/
# looks for a card's other codes from the one it read), in mm: the frame around the face, and the
# module of the two 12.6 mm corner codes (for a fanned hand, photographed from close by) and of the
# 30 mm face code (for cards laid on the table, photographed from above).
FRAME = 2.5
CORNER_MODULE = 0.6
FACE_MODULE = 30 / 21


class CodeError(ValueError):
    """A code that is not a card of ours, of this game, or of this version; one plain sentence
    (``message``, a Msg worded where it is shown; ``str(error)`` is its English)."""

    @property
    def message(self) -> Msg:
        return self.args[0]


@dataclass(frozen=True, slots=True)
class GameCodes:
    game: str  # the engine's name
    title: str
    letter: str
    kinds: Mapping[str, str]  # kind id -> two-character short code
    by_short: Mapping[str, str] = field(init=False)  # short code -> kind id

    def __post_init__(self) -> None:
        object.__setattr__(self, "kinds", MappingProxyType(dict(self.kinds)))
        object.__setattr__(self, "by_short", MappingProxyType({s: k for k, s in self.kinds.items()}))


# ------------------------------------------------------------------ frozen short-code tables
# Append only. Never change or reuse a code: printed decks depend on it.

ROYAL_VISIT = GameCodes("royal_visit", "Royal Visit", "R", {
    "king-1": "K1",
    "guard-1": "G1", "guard-1+1": "GD", "guard-flank": "GF",
    "wizard-1": "W1", "wizard-2": "W2", "wizard-3": "W3",
    "jester-1": "J1", "jester-2": "J2", "jester-3": "J3", "jester-4": "J4", "jester-5": "J5",
    "jester-middle": "JM",
})

# Majesty: a character card's copy numbers count its tier-1 copies first, then tier 2. Each
# location card shows side A on one face and side B on the other: a face's kind is the location
# and side ("mill-a"), and its copy is the player's set it belongs to (1-4). The worker cards:
# the knight's (the first player's) and three plain ones.
MAJESTY = GameCodes("majesty", "Majesty", "M", {
    "miller": "MM", "brewer": "BB", "witch": "WW", "guard": "GG", "knight": "KK",
    "innkeeper": "II", "noble": "NN",
    "miller-brewer": "MB", "miller-knight": "MK", "brewer-witch": "BW", "brewer-knight": "BK",
    "witch-guard": "WG", "witch-innkeeper": "WI", "witch-noble": "WN", "guard-knight": "GK",
    "guard-innkeeper": "GI", "guard-noble": "GN", "knight-innkeeper": "KI",
    "innkeeper-noble": "IN",
    "mill-a": "1A", "brewery-a": "2A", "cottage-a": "3A", "guardhouse-a": "4A",
    "barracks-a": "5A", "inn-a": "6A", "castle-a": "7A", "infirmary-a": "8A",
    "mill-b": "1B", "brewery-b": "2B", "cottage-b": "3B", "guardhouse-b": "4B",
    "barracks-b": "5B", "inn-b": "6B", "castle-b": "7B", "infirmary-b": "8B",
    "worker-knight": "P1", "worker": "P0",
})

# King's Court: a number card is its suit's letter and its value (T for 10), a suit scroll is the
# scroll's letter and its suit's, the rest are mnemonics. Suits: Gold, greeN, Blue, buRgundy,
# Purple, Silver, Orange.
KINGS_COURT = GameCodes("kings_court", "King's Court", "K", {
    "gold-1": "G1", "green-1": "N1", "blue-1": "B1", "burgundy-1": "R1", "purple-1": "P1",
    "silver-1": "S1", "gold-2": "G2", "green-2": "N2", "blue-2": "B2", "burgundy-2": "R2",
    "purple-2": "P2", "silver-2": "S2", "gold-3": "G3", "green-3": "N3", "blue-3": "B3",
    "burgundy-3": "R3", "purple-3": "P3", "silver-3": "S3", "gold-4": "G4", "green-4": "N4",
    "blue-4": "B4", "burgundy-4": "R4", "purple-4": "P4", "silver-4": "S4", "gold-5": "G5",
    "green-5": "N5", "blue-5": "B5", "burgundy-5": "R5", "purple-5": "P5", "silver-5": "S5",
    "gold-6": "G6", "green-6": "N6", "blue-6": "B6", "burgundy-6": "R6", "purple-6": "P6",
    "silver-6": "S6", "gold-7": "G7", "green-7": "N7", "blue-7": "B7", "burgundy-7": "R7",
    "purple-7": "P7", "silver-7": "S7", "gold-8": "G8", "green-8": "N8", "blue-8": "B8",
    "burgundy-8": "R8", "purple-8": "P8", "silver-8": "S8", "gold-9": "G9", "green-9": "N9",
    "blue-9": "B9", "burgundy-9": "R9", "purple-9": "P9", "silver-9": "S9", "gold-10": "GT",
    "green-10": "NT", "blue-10": "BT", "burgundy-10": "RT", "purple-10": "PT", "silver-10": "ST",
    "orange-0": "O0", "orange-1": "O1", "orange-2": "O2", "orange-3": "O3", "orange-4": "O4",
    "orange-5": "O5", "orange-6": "O6", "orange-7": "O7", "orange-8": "O8", "orange-9": "O9",
    "orange-10": "OT", "gold-0": "G0", "green-0": "N0", "blue-0": "B0", "burgundy-0": "R0",
    "purple-0": "P0", "silver-0": "S0", "fair-maiden-gold": "FG", "fair-maiden-green": "FN",
    "fair-maiden-blue": "FB", "fair-maiden-burgundy": "FR", "fair-maiden-purple": "FP",
    "fair-maiden-silver": "FS", "fair-maiden-orange": "FO", "drawbridge-gold": "DG",
    "drawbridge-green": "DN", "drawbridge-blue": "DB", "drawbridge-burgundy": "DR",
    "drawbridge-purple": "DP", "drawbridge-silver": "DS", "drawbridge-orange": "DO",
    "knight-gold": "KG", "knight-green": "KN", "knight-blue": "KB", "knight-burgundy": "KR",
    "knight-purple": "KP", "knight-silver": "KS", "knight-orange": "KO", "court-jester-gold": "JG",
    "court-jester-green": "JN", "court-jester-blue": "JB", "court-jester-burgundy": "JR",
    "court-jester-purple": "JP", "court-jester-silver": "JS", "court-jester-orange": "JO",
    "queens-option-gold-burgundy": "QG", "queens-option-green-blue": "QN",
    "queens-option-purple-silver": "QP", "wizard": "WZ", "dragon": "DX", "king": "KX",
    "queen": "QX", "duke": "DU", "duchess": "DC", "royal-decree": "RD", "magician": "MG",
    "magic-potion": "MP", "protector": "PR", "dungeon": "DM", "dark-knight": "DK",
    "poison-garden": "PG", "castle-fire": "CF", "kings-goblet": "GL", "cannonball": "CB",
    "catapult": "CT", "flaming-arrow": "FA", "siege-tower": "SI", "imperial-tax": "IT",
    "defender": "DF", "hidden-treasure": "HT", "warlord": "WL",
})

# Kingseat: the prince's letter (Lionsyre, slydeFox, Woolfhall, Hornseeker, Brownbeards,
# Monarchrys, Crassclamps, Gulliballistas, hardshell Turtle, sQulofish, Smugwing, sAlsa
# salamanda), then 0 for its regular card, 1 and 2 for its dark cards.
KINGSEAT = GameCodes("kingseat", "Kingseat", "S", {
    "lionsyre": "L0", "lionsyre-dark1": "L1", "lionsyre-dark2": "L2",
    "slydefox": "F0", "slydefox-dark1": "F1", "slydefox-dark2": "F2",
    "woolfhall": "W0", "woolfhall-dark1": "W1", "woolfhall-dark2": "W2",
    "hornseeker": "H0", "hornseeker-dark1": "H1", "hornseeker-dark2": "H2",
    "brownbeards": "B0", "brownbeards-dark1": "B1", "brownbeards-dark2": "B2",
    "monarchrys": "M0", "monarchrys-dark1": "M1", "monarchrys-dark2": "M2",
    "crassclamps": "C0", "crassclamps-dark1": "C1", "crassclamps-dark2": "C2",
    "gulliballistas": "G0", "gulliballistas-dark1": "G1", "gulliballistas-dark2": "G2",
    "hardshell-hero": "T0", "hardshell-hero-dark1": "T1", "hardshell-hero-dark2": "T2",
    "squlofish": "Q0", "squlofish-dark1": "Q1", "squlofish-dark2": "Q2",
    "smugwing": "S0", "smugwing-dark1": "S1", "smugwing-dark2": "S2",
    "salsa-salamanda": "A0", "salsa-salamanda-dark1": "A1", "salsa-salamanda-dark2": "A2",
})

GAMES: Mapping[str, GameCodes] = MappingProxyType(
    {codes.game: codes for codes in (ROYAL_VISIT, MAJESTY, KINGS_COURT, KINGSEAT)})
BY_LETTER: Mapping[str, GameCodes] = MappingProxyType({c.letter: c for c in GAMES.values()})


# ------------------------------------------------------------------------------ the code

@dataclass(frozen=True, slots=True)
class CardCode:
    game: str
    kind_id: str
    copy: int
    deck_mark: str

    @property
    def text(self) -> str:
        return format_code(self.game, self.kind_id, self.copy, self.deck_mark)


def format_code(game: str, kind_id: str, copy: int, deck_mark: str) -> str:
    """The code printed on one physical card. Raises CodeError for what cannot be printed."""
    codes = _game(game)
    if kind_id not in codes.kinds:
        raise CodeError(msg("{game} has no card kind {kind}.", game=codes.title, kind=repr(kind_id)))
    if not 1 <= copy <= MAX_COPY:
        raise CodeError(msg("A copy number runs from 1 to {most}, not {copy}.", most=MAX_COPY, copy=copy))
    if not is_deck_mark(deck_mark):
        raise CodeError(msg("A deck mark is {length} letters or digits, not {mark}.", length=MARK_LENGTH,
                            mark=repr(deck_mark)))
    body = f"{codes.letter}{VERSION}{codes.kinds[kind_id]}{copy:02d}{deck_mark}"
    return body + _check_character(body)


def parse_code(text: str, game: str | None = None) -> CardCode:
    """A card read back from a scan or typed by a player (case, spaces and hyphens do not matter).
    With ``game``, a card of any other game is refused."""
    code = re.sub(r"[\s-]", "", str(text)).upper()
    shown = repr(str(text).strip()[:40])
    if len(code) >= 2 and code[0] in BY_LETTER and code[1] != VERSION and code[1].isdigit():
        raise CodeError(msg("{shown} is a version {version} card code; this companion reads version {reads} codes.",
                            shown=shown, version=code[1], reads=VERSION))
    if len(code) != LENGTH or any(c not in ALPHABET for c in code):
        raise CodeError(msg("{shown} is not a card code: a card code is {length} letters and digits.",
                            shown=shown, length=LENGTH))
    if code[0] not in BY_LETTER or code[1] != VERSION:
        raise CodeError(msg("{shown} is not a card code of any game the companion knows.", shown=shown))
    if _check_character(code[:-1]) != code[-1]:
        raise CodeError(msg("{shown} is not a card code: its last character does not check "
                            "(a misread or a typo).", shown=shown))
    codes = BY_LETTER[code[0]]
    if game is not None and codes.game != game:
        raise CodeError(msg("{shown} is a {game} card, not a {wanted} card.", shown=shown, game=codes.title,
                            wanted=_game(game).title))
    kind_id = codes.by_short.get(code[2:4])
    if kind_id is None:
        raise CodeError(msg("{shown}: {game} has no card with the short code {short}.", shown=shown,
                            game=codes.title, short=code[2:4]))
    if not code[4:6].isdigit() or code[4:6] == "00":
        raise CodeError(msg("{shown} is not a card code: its copy number {copy} is not 01-99.", shown=shown,
                            copy=code[4:6]))
    return CardCode(codes.game, kind_id, int(code[4:6]), code[6:9])


def spaced(code: str) -> str:
    """A code as printed under its QR code, in groups a player can type: "R1 K1 03 7QX 8"."""
    return f"{code[:2]} {code[2:4]} {code[4:6]} {code[6:9]} {code[9:]}"


def deck_codes(game: str, cards: Iterable[tuple[str, int]], deck_mark: str) -> list[str]:
    """The codes of a deck's physical cards, given as (kind id, copy number) in deck order."""
    return [format_code(game, kind_id, copy, deck_mark) for kind_id, copy in cards]


def new_deck_mark() -> str:
    """A random deck mark: two decks printed separately get different marks."""
    import secrets  # here: `companion scan` starts without it

    return "".join(secrets.choice(MARK_ALPHABET) for _ in range(MARK_LENGTH))


def is_deck_mark(text: str) -> bool:
    return (isinstance(text, str) and len(text) == MARK_LENGTH
            and all(c in ALPHABET for c in text))


def _game(game: str) -> GameCodes:
    if game not in GAMES:
        raise CodeError(msg("The companion prints no cards for a game called {game}.", game=repr(game)))
    return GAMES[game]


def _check_character(body: str) -> str:
    """Luhn mod 36: catches every single wrong character and most swapped neighbours."""
    total, factor = 0, 2
    for char in reversed(body):
        addend = factor * ALPHABET.index(char)
        total += addend // 36 + addend % 36
        factor = 3 - factor
    return ALPHABET[(36 - total % 36) % 36]
