"""Proxy decks: each game's deck is a small function over its catalogue; one renderer lays any
deck out on sheets of 3x3 cards, fronts and (for duplex) backs, and draws the alignment test."""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import black
from reportlab.pdfgen.canvas import Canvas

from companion.codes import format_code
from companion.games.kings_court import cards as kings_court_cards
from companion.games.kingseat import cards as kingseat_cards
from companion.games.majesty import cards as majesty_cards
from companion.games.royal_visit import cards as royal_visit_cards
from printables.draw import BOLD, GREY, INK, REGULAR, draw_lines, draw_marks, pdf
from printables.faces import DARK, Back, Face, draw_back, draw_corner_guides, draw_face
from printables.layout import PAPERS, Box, Layout


@dataclass(frozen=True, slots=True)
class PrintedCard:
    front: Face
    back: Face | Back  # a Face when the back is a side of its own (a Majesty location)


@dataclass(frozen=True, slots=True)
class Deck:
    title: str
    mark: str
    cards: tuple[PrintedCard, ...]

    @property
    def codes(self) -> list[str]:
        """Every code printed: each card's front, and its back when that is a face."""
        return [card.front.code for card in self.cards] + [
            card.back.code for card in self.cards if isinstance(card.back, Face)]

    @property
    def two_sided(self) -> bool:
        """Whether some card's back is a face: then the backs are always printed."""
        return any(isinstance(card.back, Face) for card in self.cards)


@dataclass(frozen=True, slots=True)
class PrintOptions:
    paper: str = "a4"
    bleed: bool = False
    backs: bool = False
    flip: str = "long"  # duplex: turn over the long edge (like a book) or the short edge
    offset: tuple[float, float] = (0.0, 0.0)  # mm the back pages move, to meet the fronts
    corners: bool = False  # guides for cutting the corners round

    @property
    def layout(self) -> Layout:
        return Layout.fit(PAPERS[self.paper], self.bleed)


# ------------------------------------------------------------------------------ Royal Visit

ROYAL_VISIT_COLOURS = {"king": "#6b1fa0", "guard": "#1f5fa0", "wizard": "#137a4a",
                       "jester": "#c2410c"}


def royal_visit(mark: str) -> Deck:
    """The 54 cards, in catalogue order."""
    title = "Royal Visit"
    back = Back(title, DARK)
    cards = []
    for kind_id, copy in royal_visit_cards.physical_cards():
        kind = royal_visit_cards.KIND_BY_ID[kind_id]
        face = Face(format_code("royal_visit", kind_id, copy, mark), kind.name,
                    f"{kind.suit.title()} card", (ROYAL_VISIT_COLOURS[kind.suit],),
                    kind.id.split("-", 1)[1], kind.suit.title(), kind.text, title)
        cards.append(PrintedCard(face, back))
    return Deck(title, mark, tuple(cards))


# ---------------------------------------------------------------------------------- Majesty

MAJESTY_COLOURS = {"orange": "#d9660b", "brown": "#7a4a1c", "green": "#2f7d32",
                   "blue": "#1f5fa0", "red": "#b3161b", "yellow": "#b38600",
                   "violet": "#6b2fa0", "grey": "#6b7280"}
MAJESTY_TIER_BACKS = {1: "#2f6b2f", 2: "#9b1c1c"}  # the real deck's green and red backs
MAJESTY_SELECTIONS = {
    "box": "the whole box: 60 characters, 4 sets of 8 locations, 4 worker cards",
    "characters": "the 60 character cards",
    "locations": "4 sets of 8 locations (side A front, side B back) and the 4 worker cards",
}
MAJESTY_SETS = 4  # one set of locations per player


def majesty(mark: str, selection: str = "box") -> Deck:
    if selection not in MAJESTY_SELECTIONS:
        raise ValueError(f"A Majesty selection is one of {sorted(MAJESTY_SELECTIONS)}, "
                         f"not {selection!r}.")
    cards: list[PrintedCard] = []
    if selection in ("box", "characters"):
        cards += _majesty_characters(mark)
    if selection in ("box", "locations"):
        cards += _majesty_locations(mark)
    return Deck("Majesty", mark, tuple(cards))


def _majesty_characters(mark: str) -> list[PrintedCard]:
    """A card's copy number counts the kind's tier-1 copies first (companion.codes)."""
    cards = []
    for kind_id, tier, copy in majesty_cards.physical_cards():
        kind = majesty_cards.KIND_BY_ID[kind_id]
        if tier == 2:
            copy += kind.tier1
        chars = [majesty_cards.CHARACTER_BY_ID[c] for c in kind.characters]
        places = [majesty_cards.LOCATION_BY_ID[c.location] for c in chars]
        to = [f"the {place.name} ({place.number})" for place in places]
        text = (f"Choose when you take it: {chars[0].name} to {to[0]}, or {chars[1].name} to "
                f"{to[1]}." if kind.split else f"Goes to {to[0]}.")
        face = Face(format_code("majesty", kind_id, copy, mark), kind.name,
                    f"{'Split character' if kind.split else 'Character'}, tier {tier}",
                    tuple(MAJESTY_COLOURS[c.colour] for c in chars),
                    "/".join(c.name[0] for c in chars) if kind.split else kind.name,
                    f"tier {tier}", text, "Majesty")
        cards.append(PrintedCard(face, Back("Majesty", MAJESTY_TIER_BACKS[tier], f"Tier {tier}")))
    return cards


def _majesty_locations(mark: str) -> list[PrintedCard]:
    cards = []
    for copy in range(1, MAJESTY_SETS + 1):
        for loc in majesty_cards.LOCATIONS:
            colour = (MAJESTY_COLOURS[majesty_cards.CHARACTER_BY_ID[loc.character].colour]
                      if loc.character else MAJESTY_COLOURS["grey"])
            sides = []
            for letter in "AB":
                side = loc.side(letter)
                worth = f"Majority: {side.majority} points." if loc.character else ""
                sides.append(Face(
                    format_code("majesty", f"{loc.id}-{letter.lower()}", copy, mark),
                    f"{loc.number} {loc.name}", f"Location, side {letter}, set {copy}",
                    (colour,), f"{loc.number}{letter}", f"side {letter}",
                    f"{side.text} {worth}".strip(), "Majesty"))
            cards.append(PrintedCard(sides[0], sides[1]))
    plain = Back("Majesty", DARK, "Worker")
    for kind_id, copies, text in (
            ("worker-knight", 1, "The knight: you take the first turn. Holds 5 meeples."),
            ("worker", 3, "Holds 5 meeples; each one more goes back for a point at the end "
                          "of your turn.")):
        for copy in range(1, copies + 1):
            face = Face(format_code("majesty", kind_id, copy, mark),
                        "Knight worker" if kind_id == "worker-knight" else "Worker",
                        "Worker card", (MAJESTY_COLOURS["red"] if copies == 1 else DARK,),
                        "1st" if copies == 1 else "5", "meeples" if copies > 1 else "player",
                        text, "Majesty")
            cards.append(PrintedCard(face, plain))
    return cards


# --------------------------------------------------------------------------- King's Court

KINGS_COURT_COLOURS = {"gold": "#9c7400", "green": "#2f7d32", "blue": "#1f5fa0",
                       "burgundy": "#7a1530", "purple": "#6b2fa0", "silver": "#5d6570",
                       "orange": "#c2560a", "black": "#222222"}


def kings_court(mark: str, selection: str = "kc+kd+bonus") -> Deck:
    """A selection of the catalogue (kings_court.cards.SELECTIONS): up to all 199 cards."""
    title = "King's Court"
    back = Back(title, DARK)
    cards = []
    for kind_id, copy in kings_court_cards.deck(selection):
        kind = kings_court_cards.KIND_BY_ID[kind_id]
        colours = kind.suits or (kind.colour,)
        face = Face(format_code("kings_court", kind_id, copy, mark), kind.name,
                    f"{kind.group.title()} card, {kind.family} ({kind.deck})",
                    tuple(KINGS_COURT_COLOURS[c] for c in colours), str(kind.value),
                    "/".join(kind.suits) if kind.suits else "Kingdom", kind.text, title)
        cards.append(PrintedCard(face, back))
    return Deck(title, mark, tuple(cards))


# -------------------------------------------------------------------------------- Kingseat

KINGSEAT_SELECTIONS = {name: f"{name} set: {', '.join(kingseat_cards.PRINCE_BY_ID[p].name for p in princes)}"
                       for name, princes in kingseat_cards.SETS.items()}


def kingseat(mark: str, selection: str = "starter") -> Deck:
    """A premade set or princes named with commas ("lionsyre,smugwing"), with ":10" or ":14"
    after it for the older editions' cards a prince (9 by default)."""
    chosen, _, per_prince = selection.partition(":")
    princes = kingseat_cards.SETS.get(chosen) or tuple(p.strip() for p in chosen.split(","))
    title = "Kingseat"
    back = Back(title, "#3b2a4d")
    cards = []
    for kind_id, copy in kingseat_cards.deck(
            princes, int(per_prince) if per_prince.isdigit() else kingseat_cards.DEFAULT_CARDS_PER_PRINCE):
        kind = kingseat_cards.KIND_BY_ID[kind_id]
        prince = kingseat_cards.PRINCE_BY_ID[kind.prince]
        colours = prince.stripes or ((prince.dark_hex if kind.dark else prince.hex),)
        face = Face(format_code("kingseat", kind_id, copy, mark), kind.name,
                    f"{'Dark card' if kind.dark else 'Prince card'}, the {prince.animal}",
                    colours, prince.name, f"dark {kind.dark}" if kind.dark else "1 vote",
                    kind.text, title)
        cards.append(PrintedCard(face, back))
    return Deck(title, mark, tuple(cards))


# ------------------------------------------------------------------------------ rendering

def deck_pdf(deck: Deck, options: PrintOptions = PrintOptions()) -> bytes:
    """Fronts, nine to a sheet; with backs (always, for a deck with two-sided cards) each front
    page is followed by its back page, laid out for the duplex flip and moved by the offset."""
    layout = options.layout
    pages = []
    for start in range(0, len(deck.cards), layout.per_page):
        sheet = deck.cards[start:start + layout.per_page]
        pages.append((layout.paper, _sides(sheet, layout, options, front=True)))
        if options.backs or deck.two_sided:
            pages.append((layout.paper, _sides(sheet, layout, options, front=False)))
    return pdf(pages, f"{deck.title} proxy deck {deck.mark}")


def _sides(sheet, layout: Layout, options: PrintOptions, front: bool):
    boxes = layout.cards if front else layout.backs(options.flip, options.offset)
    marks = layout.marks if front else layout.back_marks(options.flip, options.offset)

    def page(c: Canvas) -> None:
        for card, box in zip(sheet, boxes):
            side = card.front if front else card.back
            if isinstance(side, Face):
                draw_face(c, side, box, layout.bleed)
            else:
                draw_back(c, side, box, layout.bleed)
            if options.corners:
                draw_corner_guides(c, box)
        draw_marks(c, marks)
    return page


def alignment_pdf(options: PrintOptions = PrintOptions()) -> bytes:
    """One sheet, both sides: print it duplex with the same settings as the backs, hold it up to
    the light, and read on the back's scales where the front's crosses fall."""
    layout = options.layout
    fronts = layout.cards
    backs = layout.backs(options.flip, options.offset)

    def front(c: Canvas) -> None:
        for number, box in enumerate(fronts, 1):
            _outline(c, box)
            cx, cy = box.x + box.width / 2, box.y + box.height / 2
            c.setStrokeColor(black)
            c.setLineWidth(0.3)
            c.line(cx - 12, cy, cx + 12, cy)
            c.line(cx, cy - 12, cx, cy + 12)
            c.setFillColor(INK)
            c.setFont(BOLD, 4)
            c.drawCentredString(cx, box.top - 10, f"Front {number}")
        draw_lines(c, f"Alignment test, front ({layout.paper.name}). Print this sheet on both "
                      f"sides: {options.flip}-edge flip, actual size (no 'fit to page'), offset "
                      f"x {options.offset[0]:g} mm, y {options.offset[1]:g} mm. Then hold it "
                      "against a light.",
                   Box(fronts[6].x + 2, fronts[6].y + 4, fronts[6].width - 4, 24),
                   REGULAR, 2.6, 2.0)
        draw_marks(c, layout.marks)

    def back(c: Canvas) -> None:
        for number, box in enumerate(backs, 1):
            _outline(c, box)
            cx, cy = box.x + box.width / 2, box.y + box.height / 2
            _ruler(c, cx, cy - 8, across=True)  # crosses the front's upright line
            _ruler(c, cx - 8, cy, across=False)  # crosses the front's level line
            c.setFillColor(INK)
            c.setFont(BOLD, 4)
            c.drawCentredString(cx, box.top - 10, f"Back {number}")
        draw_lines(c, "Alignment test, back. Against the light, the front's upright line crosses "
                      "the lower scale: add that number to the x offset; its level line crosses "
                      "the left scale: add that number to the y offset (mm; companion print "
                      "--offset-x X --offset-y Y). All nine should agree; if they do not, print "
                      "at actual size.",
                   Box(backs[4].x + 2, backs[4].y + 4, backs[4].width - 4, 26), REGULAR, 2.4, 2.0,
                   colour=GREY)
        draw_marks(c, layout.back_marks(options.flip, options.offset))

    return pdf([(layout.paper, front), (layout.paper, back)], "Alignment test")


def _ruler(c: Canvas, x: float, y: float, across: bool) -> None:
    """A millimetre scale from -6 to +6 centred on (x, y), numbered every 2 mm."""
    c.setStrokeColor(black)
    c.setLineWidth(0.12)
    c.setFillColor(INK)
    c.setFont(REGULAR, 1.8)
    for step in range(-6, 7):
        tick = 2.0 if step % 2 == 0 else 1.0
        if across:
            c.line(x + step, y, x + step, y + tick)
            if step % 2 == 0:
                c.drawCentredString(x + step, y - 2.2, f"{step:+d}" if step else "0")
        else:
            c.line(x, y + step, x - tick, y + step)
            if step % 2 == 0:
                c.drawRightString(x - 2.6, y + step - 0.6, f"{step:+d}" if step else "0")
    if across:
        c.line(x - 6, y, x + 6, y)
    else:
        c.line(x, y - 6, x, y + 6)


def _outline(c: Canvas, box: Box) -> None:
    c.setStrokeColor(GREY)
    c.setLineWidth(0.2)
    c.rect(box.x, box.y, box.width, box.height, stroke=1, fill=0)
