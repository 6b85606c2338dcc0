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
from companion.language import word
from companion.words import Msg, listing, msg, plural, term
from printables.draw import BOLD, GREY, INK, REGULAR, draw_line, draw_lines, draw_marks, pdf
from printables.faces import DARK, Back, Face, Initials, draw_back, draw_corner_guides, draw_face
from printables.layout import PAPERS, Box, Layout


@dataclass(frozen=True, slots=True)
class PrintedCard:
    front: Face
    back: Face | Back  # a Face when the back is a side of its own (a Majesty location)


def name(context: str, value: str) -> str:
    """A name printed on the cards, as the game's engine names it: its own Msg where it makes
    one, else ``term(context, value)`` in the engines' contexts ("royal visit card", "royal visit
    pawn", "royal visit board", "majesty card", "majesty location", "kings court card", "kings
    court suit", "kingseat card")."""
    return value if isinstance(value, Msg) else term(context, value)


PAPER_NAMES = {"a4": "A4", "letter": msg("Letter")}


def paper_name(paper: str) -> str:
    return PAPER_NAMES.get(paper, paper)


# The games' names, printed on every card's face and back
GAMES = {"royal_visit": term("game title", "Royal Visit"), "majesty": term("game title", "Majesty"),
         "kings_court": term("game title", "King's Court"),
         "kingseat": term("game title", "Kingseat")}


def proxy(game: str) -> Msg:
    return msg("{game} proxy", game=GAMES[game])


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
    title = GAMES["royal_visit"]
    back = Back(title, DARK)
    cards = []
    for kind_id, copy in royal_visit_cards.physical_cards():
        kind = royal_visit_cards.KIND_BY_ID[kind_id]
        suit = name("royal visit pawn", kind.suit.title())
        move = kind.id.split("-", 1)[1]
        face = Face(format_code("royal_visit", kind_id, copy, mark),
                    name("royal visit card", kind.name), msg("{suit} card", suit=suit),
                    (ROYAL_VISIT_COLOURS[kind.suit],),
                    msg("flank") if move == "flank" else msg("middle") if move == "middle" else move,
                    suit, kind.text, proxy("royal_visit"))
        cards.append(PrintedCard(face, back))
    return Deck(title, mark, tuple(cards))


# ---------------------------------------------------------------------------------- Majesty

MAJESTY_COLOURS = {"orange": "#d9660b", "brown": "#7a4a1c", "green": "#2f7d32",
                   "blue": "#1f5fa0", "red": "#b3161b", "yellow": "#b38600",
                   "violet": "#6b2fa0", "grey": "#6b7280"}
MAJESTY_TIER_BACKS = {1: "#2f6b2f", 2: "#9b1c1c"}  # the real deck's green and red backs
MAJESTY_SELECTIONS = {
    "box": msg("the whole box: 60 characters, 4 sets of 8 locations, 4 worker cards"),
    "characters": msg("the 60 character cards"),
    "locations": msg("4 sets of 8 locations (side A front, side B back) and the 4 worker cards"),
}
MAJESTY_SETS = 4  # one set of locations per player


def majesty(mark: str, selection: str = "box") -> Deck:
    if selection not in MAJESTY_SELECTIONS:
        raise ValueError(msg("A Majesty selection is one of {choices}, not {selection}.",
                             choices=listing(sorted(MAJESTY_SELECTIONS), ", "),
                             selection=repr(selection)))
    cards: list[PrintedCard] = []
    if selection in ("box", "characters"):
        cards += _majesty_characters(mark)
    if selection in ("box", "locations"):
        cards += _majesty_locations(mark)
    return Deck(GAMES["majesty"], mark, tuple(cards))


def _majesty_characters(mark: str) -> list[PrintedCard]:
    """A card's copy number counts the kind's tier-1 copies first (companion.codes)."""
    cards = []
    for kind_id, tier, copy in majesty_cards.physical_cards():
        kind = majesty_cards.KIND_BY_ID[kind_id]
        if tier == 2:
            copy += kind.tier1
        chars = [majesty_cards.CHARACTER_BY_ID[c] for c in kind.characters]
        names = [name("majesty card", c.name) for c in chars]
        places = [majesty_cards.LOCATION_BY_ID[c.location] for c in chars]
        to = [msg("the {place} ({number})", place=name("majesty location", place.name),
                  number=place.number) for place in places]
        text = (msg("Choose when you take it: {first} to {first_place}, or {second} to "
                    "{second_place}.", first=names[0], first_place=to[0], second=names[1],
                    second_place=to[1]) if kind.split
                else msg("Goes to {place}.", place=to[0]))
        title = (kind.name if isinstance(kind.name, Msg) else listing(names, "/")) if kind.split \
            else names[0]
        face = Face(format_code("majesty", kind_id, copy, mark), title,
                    (msg("Split character, tier {tier}", tier=tier) if kind.split
                     else msg("Character, tier {tier}", tier=tier)),
                    tuple(MAJESTY_COLOURS[c.colour] for c in chars),
                    Initials(names) if kind.split else names[0],
                    msg("tier {tier}", tier=tier), text, proxy("majesty"))
        cards.append(PrintedCard(face, Back(GAMES["majesty"], MAJESTY_TIER_BACKS[tier],
                                            msg("Tier {tier}", tier=tier))))
    return cards


def _majesty_locations(mark: str) -> list[PrintedCard]:
    cards = []
    for copy in range(1, MAJESTY_SETS + 1):
        for loc in majesty_cards.LOCATIONS:
            colour = (MAJESTY_COLOURS[majesty_cards.CHARACTER_BY_ID[loc.character].colour]
                      if loc.character else MAJESTY_COLOURS["grey"])
            sides = []
            place = name("majesty location", loc.name)
            for letter in "AB":
                side = loc.side(letter)
                text = (msg("{rule} Majority: {n} points.", rule=side.text,
                            n=side.majority) if loc.character else side.text)
                sides.append(Face(
                    format_code("majesty", f"{loc.id}-{letter.lower()}", copy, mark),
                    msg("{number} {location}", number=loc.number, location=place),
                    msg("Location, side {side}, set {set}", side=letter, set=copy),
                    (colour,), f"{loc.number}{letter}", msg("side {side}", side=letter),
                    text, proxy("majesty")))
            cards.append(PrintedCard(sides[0], sides[1]))
    plain = Back(GAMES["majesty"], DARK, msg("Worker"))
    for kind_id, copies, text in (
            ("worker-knight", 1, msg("The knight: you take the first turn. Holds 5 meeples.")),
            ("worker", 3, msg("Holds 5 meeples; each one more goes back for a point at the end "
                              "of your turn."))):
        for copy in range(1, copies + 1):
            face = Face(format_code("majesty", kind_id, copy, mark),
                        msg("Knight worker") if kind_id == "worker-knight" else msg("Worker"),
                        msg("Worker card"), (MAJESTY_COLOURS["red"] if copies == 1 else DARK,),
                        msg("1st") if copies == 1 else "5",
                        msg("meeples") if copies > 1 else msg("player"), text, proxy("majesty"))
            cards.append(PrintedCard(face, plain))
    return cards


# --------------------------------------------------------------------------- King's Court

KINGS_COURT_COLOURS = {"gold": "#9c7400", "green": "#2f7d32", "blue": "#1f5fa0",
                       "burgundy": "#7a1530", "purple": "#6b2fa0", "silver": "#5d6570",
                       "orange": "#c2560a", "black": "#222222"}


KINGS_COURT_GROUPS = {"number": msg("Number card"), "scroll": msg("Scroll card"),
                      "shield": msg("Shield card")}
KINGS_COURT_FAMILIES = {
    "number": msg("number"), "suit scroll": msg("suit scroll"), "wild": msg("wild"),
    "draw": msg("draw"), "defensive": msg("defensive"), "magic": msg("magic"),
    "battle": msg("battle"), "risk": msg("risk"), "bonus": msg("bonus")}


def kings_court(mark: str, selection: str = "kc+kd+bonus") -> Deck:
    """A selection of the catalogue (kings_court.cards.SELECTIONS): up to all 199 cards."""
    title = GAMES["kings_court"]
    back = Back(title, DARK)
    cards = []
    for kind_id, copy in kings_court_cards.deck(selection):
        kind = kings_court_cards.KIND_BY_ID[kind_id]
        colours = kind.suits or (kind.colour,)
        suits = listing([name("kings court suit", suit) for suit in kind.suits], "/")
        face = Face(format_code("kings_court", kind_id, copy, mark),
                    name("kings court card", kind.name),
                    msg("{group}, {family} ({deck})", group=KINGS_COURT_GROUPS[kind.group],
                        family=KINGS_COURT_FAMILIES[kind.family], deck=kind.deck),
                    tuple(KINGS_COURT_COLOURS[c] for c in colours), str(kind.value),
                    suits if kind.suits else msg("Kingdom"),
                    kind.text, proxy("kings_court"))
        cards.append(PrintedCard(face, back))
    return Deck(title, mark, tuple(cards))


# -------------------------------------------------------------------------------- Kingseat

KINGSEAT_SETS = {"starter": msg("starter"), "medium": msg("medium"), "advanced": msg("advanced"),
                 "complete": msg("complete")}
KINGSEAT_SELECTIONS = {
    chosen: msg("{set} set: {princes}", set=KINGSEAT_SETS.get(chosen, chosen), princes=listing(
        [name("kingseat card", kingseat_cards.PRINCE_BY_ID[p].name) for p in princes], ", "))
    for chosen, princes in kingseat_cards.SETS.items()}
KINGSEAT_ANIMALS = {
    "Lion": msg("the lion"), "Fox": msg("the fox"), "Wolf": msg("the wolf"),
    "Unicorn": msg("the unicorn"), "Bear": msg("the bear"), "Butterfly": msg("the butterfly"),
    "Lobster": msg("the lobster"), "Seagull": msg("the seagull"), "Turtle": msg("the turtle"),
    "Fish": msg("the fish"), "Dragon": msg("the dragon"), "Salamander": msg("the salamander")}


def kingseat(mark: str, selection: str = "starter") -> Deck:
    """A premade set or princes named with commas ("lionsyre,smugwing"), with ":10" or ":14"
    after it for the older editions' cards a prince (9 by default)."""
    chosen, _, per_prince = selection.partition(":")
    princes = kingseat_cards.SETS.get(chosen) or tuple(p.strip() for p in chosen.split(","))
    title = GAMES["kingseat"]
    back = Back(title, "#3b2a4d")
    cards = []
    for kind_id, copy in kingseat_cards.deck(
            princes, int(per_prince) if per_prince.isdigit() else kingseat_cards.DEFAULT_CARDS_PER_PRINCE):
        kind = kingseat_cards.KIND_BY_ID[kind_id]
        prince = kingseat_cards.PRINCE_BY_ID[kind.prince]
        colours = prince.stripes or ((prince.dark_hex if kind.dark else prince.hex),)
        prince_name = name("kingseat card", prince.name)
        animal = KINGSEAT_ANIMALS.get(prince.animal) or f"the {prince.animal}"
        title_of = (kind.name if isinstance(kind.name, Msg) else
                    msg("{prince} (dark {n})", prince=prince_name, n=kind.dark) if kind.dark
                    else prince_name)
        face = Face(format_code("kingseat", kind_id, copy, mark), title_of,
                    (msg("Dark card, {animal}", animal=animal) if kind.dark
                     else msg("Prince card, {animal}", animal=animal)),
                    colours, prince_name,
                    msg("dark {n}", n=kind.dark) if kind.dark else plural("{n} vote", "{n} votes", 1),
                    kind.text, proxy("kingseat"))
        cards.append(PrintedCard(face, back))
    return Deck(title, mark, tuple(cards))


# ------------------------------------------------------------------------------ rendering

def deck_pdf(deck: Deck, options: PrintOptions = PrintOptions(), lang: str = "en") -> bytes:
    """Fronts, nine to a sheet; with backs (always, for a deck with two-sided cards) each front
    page is followed by its back page, laid out for the duplex flip and moved by the offset.
    Every word on the cards is worded in ``lang``; the codes are the same in every language."""
    layout = options.layout
    cards = [PrintedCard(card.front.worded(lang), card.back.worded(lang)) for card in deck.cards]
    pages = []
    for start in range(0, len(cards), layout.per_page):
        sheet = cards[start:start + layout.per_page]
        pages.append((layout.paper, _sides(sheet, layout, options, front=True)))
        if options.backs or deck.two_sided:
            pages.append((layout.paper, _sides(sheet, layout, options, front=False)))
    return pdf(pages, msg("{game} proxy deck {mark}", game=deck.title, mark=deck.mark), lang)


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


def alignment_pdf(options: PrintOptions = PrintOptions(), lang: str = "en") -> bytes:
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
            draw_line(c, word(msg("Front {n}", n=number), lang),
                      Box(box.x + 2, box.top - 10, box.width - 4, 5), BOLD, 4, align="centre")
        flip = msg("long-edge flip") if options.flip == "long" else msg("short-edge flip")
        draw_lines(c, word(msg("Alignment test, front ({paper}). Print this sheet on both sides: "
                               "{flip}, actual size (no 'fit to page'), offset x {x} mm, y {y} mm. "
                               "Then hold it against a light.", paper=paper_name(options.paper),
                               flip=flip, x=_mm(options.offset[0]), y=_mm(options.offset[1])), lang),
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
            draw_line(c, word(msg("Back {n}", n=number), lang),
                      Box(box.x + 2, box.top - 10, box.width - 4, 5), BOLD, 4, align="centre")
        draw_lines(c, word(msg("Alignment test, back. Against the light, the front's upright line "
                               "crosses the lower scale: add that number to the x offset; its "
                               "level line crosses the left scale: add that number to the y "
                               "offset (mm; companion print --offset-x X --offset-y Y). All nine "
                               "should agree; if they do not, print at actual size."), lang),
                   Box(backs[4].x + 2, backs[4].y + 4, backs[4].width - 4, 26), REGULAR, 2.4, 2.0,
                   colour=GREY)
        draw_marks(c, layout.back_marks(options.flip, options.offset))

    return pdf([(layout.paper, front), (layout.paper, back)], msg("Alignment test"), lang)


def _mm(value: float) -> int | float:
    """A length as a number is written: 2, not 2.0."""
    return int(value) if value == int(value) else value


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
