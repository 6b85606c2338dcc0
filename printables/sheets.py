"""Score sheets and the Royal Visit board, drawn from the same catalogues as the decks."""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import HexColor, black, white
from reportlab.pdfgen.canvas import Canvas

from companion.games.majesty import cards as majesty_cards
from companion.games.royal_visit.state import CHATEAU, CROWN_END
from companion.language import word
from companion.words import msg, term
from printables.decks import name
from printables.draw import BOLD, GREY, INK, REGULAR, draw_line, draw_lines, pdf, shrink_to
from printables.layout import PAPERS, Box, Paper

MARGIN = 12.0  # sheets keep well inside any printer's margin


@dataclass(frozen=True, slots=True)
class Grid:
    """A table drawn with thin rules: column widths and row heights, from the top-left corner."""
    x: float
    top: float
    widths: tuple[float, ...]
    heights: tuple[float, ...]

    def cell(self, row: int, column: int) -> Box:
        x = self.x + sum(self.widths[:column])
        top = self.top - sum(self.heights[:row])
        return Box(x, top - self.heights[row], self.widths[column], self.heights[row])

    def draw(self, c: Canvas, heavy_columns: tuple[int, ...] = ()) -> None:
        c.setStrokeColor(GREY)
        c.setLineWidth(0.2)
        right, bottom = self.x + sum(self.widths), self.top - sum(self.heights)
        y = self.top
        for height in (0, *self.heights):
            y -= height
            c.line(self.x, y, right, y)
        x = self.x
        for index, width in enumerate((0, *self.widths)):
            x += width
            c.setLineWidth(0.5 if index in heavy_columns else 0.2)
            c.line(x, self.top, x, bottom)


def _text(c: Canvas, box: Box, text: str, font: str = REGULAR, size: float = 3.0,
          colour=INK, align: str = "centre") -> None:
    """One line in a cell, centred upright, shrunk to the cell's width less 0.75 mm a side."""
    c.setFillColor(colour)
    inner = Box(box.x + 0.75 if align == "centre" else box.x + 1, box.y, box.width - 1.5 if
                align == "centre" else box.width - 1.75, box.height)
    size = min(size, box.height / 1.2)
    size = shrink_to(text, font, size, inner.width)
    draw_line(c, text, inner, font, size, align, baseline=box.y + (box.height - size * 0.7) / 2)


def _heading(c: Canvas, paper: Paper, title: str, subtitle: str) -> float:
    c.setFillColor(INK)
    draw_line(c, title, Box(MARGIN, paper.height - MARGIN - 6, paper.width - 2 * MARGIN, 6),
              BOLD, 6)
    draw_lines(c, subtitle, Box(MARGIN, paper.height - MARGIN - 22, paper.width - 2 * MARGIN, 14),
               REGULAR, 3.0, 2.4, colour=GREY)
    return paper.height - MARGIN - 24


# --------------------------------------------------------------------------- King's Court

def kings_court_sheet(paper_name: str = "a4", players: int = 6, lang: str = "en") -> bytes:
    """Players across (a hand score and a running total each), hands down, the limit on top."""
    paper = PAPERS[paper_name]

    def say(value) -> str:
        return word(value, lang)

    def page(c: Canvas) -> None:
        top = _heading(c, paper, say(msg("King's Court score sheet")), say(msg(
            "Limit:  500  /  750  /  1000  /  ______   (circle one). After each hand add every "
            "hand score to its total. A total landing exactly on the limit is halved ({bonus}). "
            "When a total goes over the limit, the lowest total wins. Partners share one column.",
            bonus=msg("Scroll Bonus"))))
        hand_width = 10.0
        column = (paper.width - 2 * MARGIN - hand_width) / (2 * players)
        rows = int((top - MARGIN - 16) // 7.5)
        grid = Grid(MARGIN, top, (hand_width, *[column] * (2 * players)), (9.0, 5.0, *[7.5] * rows))
        c.setFillColor(HexColor("#eef1f6"))
        for p in range(players):
            total = grid.cell(1, 2 + 2 * p)
            c.rect(total.x, grid.top - sum(grid.heights), total.width,
                   sum(grid.heights[1:]), stroke=0, fill=1)
        grid.draw(c, heavy_columns=tuple(1 + 2 * p for p in range(players + 1)))
        _text(c, grid.cell(0, 0), say(msg("Hand")), BOLD, 2.6)
        for p in range(players):
            cell = grid.cell(0, 1 + 2 * p)
            _text(c, Box(cell.x, cell.y, 2 * column, cell.height),
                  say(msg("Player {n}: ", n=p + 1)), REGULAR, 2.6, GREY, align="left")
            _text(c, grid.cell(1, 1 + 2 * p), say(msg("hand")), REGULAR, 2.4, GREY)
            _text(c, grid.cell(1, 2 + 2 * p), say(msg("total")), BOLD, 2.4, GREY)
        for row in range(rows):
            _text(c, grid.cell(2 + row, 0), str(row + 1), REGULAR, 3.0, GREY)
    return pdf([(paper, page)], msg("King's Court score sheet"), lang)


# --------------------------------------------------------------------------------- Majesty

def majesty_pad(paper_name: str = "a4", lang: str = "en") -> bytes:
    """Two final-scoring pads a page: four players across, each step of the final count down."""
    paper = PAPERS[paper_name]
    infirmary = name("majesty location", "Infirmary")
    steps = [(msg("Points during the game"), "")]
    steps += [(msg("{infirmary}: -1 a card (A), -2 a card (B)", infirmary=infirmary), "")]
    steps += [(msg("Variety: locations 1-7 with a card, squared"), "1 4 9 16 25 36 49")]
    steps += [(msg("Most at {number} {location}", number=loc.number,
                   location=name("majesty location", loc.name)),
               f"A {loc.a.majority} / B {loc.b.majority}")
              for loc in majesty_cards.LOCATIONS if loc.character]
    steps += [(msg("{infirmary} B: most cards", infirmary=infirmary), "-10"), (msg("Total"), ""),
              (msg("Meeples left (tie-break)"), "")]
    total = len(steps) - 2  # the row of the totals

    def page(c: Canvas) -> None:
        half = (paper.height - 2 * MARGIN) / 2
        for n in range(2):
            top = paper.height - MARGIN - n * half
            c.setFillColor(INK)
            draw_line(c, word(msg("Majesty: final scoring"), lang),
                      Box(MARGIN, top - 5, paper.width - 2 * MARGIN, 5), BOLD, 5)
            c.setFillColor(GREY)
            draw_line(c, word(msg("Ties for a majority: every tied player scores the full value. "
                                  "Highest total wins; ties share the win."), lang),
                      Box(MARGIN, top - 9.5, paper.width - 2 * MARGIN, 3.0), REGULAR, 2.6)
            label, hint = 62.0, 24.0
            column = (paper.width - 2 * MARGIN - label - hint) / 4
            height = min(7.5, (half - 22) / (len(steps) + 1))
            grid = Grid(MARGIN, top - 12, (label, hint, *[column] * 4),
                        (height, *[height] * len(steps)))
            shade = grid.cell(total + 1, 2)
            c.setFillColor(HexColor("#eef1f6"))
            c.rect(shade.x, shade.y, 4 * column, height, stroke=0, fill=1)
            grid.draw(c, heavy_columns=(2,))
            for p in range(4):
                _text(c, grid.cell(0, 2 + p), word(msg("Player {n}", n=p + 1), lang), BOLD, 2.8,
                      GREY)
            for row, (step, values) in enumerate(steps, 1):
                _text(c, grid.cell(row, 0), word(step, lang), BOLD if row == total + 1 else REGULAR,
                      2.8, align="left")
                _text(c, grid.cell(row, 1), values, REGULAR, 2.4, GREY)
    return pdf([(paper, page)], msg("Majesty final scoring pad"), lang)


# -------------------------------------------------------------------------------- Kingseat

def kingseat_tally(paper_name: str = "a4", princes: int = 6, lang: str = "en") -> bytes:
    """Rounds down; for each, the King, the votes for each prince, the winner and the cards it
    sends to the Tell; the Tell's count per prince at the foot, for the final count."""
    paper = PAPERS[paper_name]

    def page(c: Canvas) -> None:
        top = _heading(c, paper, word(msg("Kingseat round tally"), lang), word(msg(
            "Write the princes in play across the top. Each round: who is King, the votes each "
            "prince got, the winner (a tie goes to the tied card nearest the Kingseat, clockwise "
            "from the King), and how many cards went to the Tell. At the end, count the Tell per "
            "prince."), lang))
        fixed = (12.0, 26.0, 26.0, 16.0)  # round, King, winner, to the Tell
        column = (paper.width - 2 * MARGIN - sum(fixed)) / princes
        rows = int((top - MARGIN - 20) // 8)
        widths = (fixed[0], fixed[1], *[column] * princes, fixed[2], fixed[3])
        grid = Grid(MARGIN, top, widths, (10.0, *[8.0] * rows, 10.0))
        grid.draw(c, heavy_columns=(2, 2 + princes))
        headings = [msg("Round"), msg("King"), *[""] * princes, msg("Winner"), msg("to Tell")]
        for i, heading in enumerate(headings):
            _text(c, grid.cell(0, i), word(heading, lang), BOLD, 2.8, GREY)
        for row in range(rows):
            _text(c, grid.cell(1 + row, 0), str(row + 1), REGULAR, 3.0, GREY)
        _text(c, grid.cell(rows + 1, 1), word(msg("In the Tell"), lang), BOLD, 2.8)
    return pdf([(paper, page)], msg("Kingseat round tally"), lang)


# ----------------------------------------------------------------------------- Royal Visit

BOARD_COLOURS = {"fountain": "#e7f4e9", "duchy+": "#e4f0f8", "duchy-": "#f8ebe4",
                 "chateau+": "#1f5fa0", "chateau-": "#c2560a", "crown": "#fff4c2"}
SPACE = 28.0  # mm, one board space (and one Crown track position) wide
BOARD_TOP = 150.0  # mm above the page's bottom edge: the top of the Crown track
TRACK, SPACE_HEIGHT = 22.0, 62.0
GLUE = 12.0  # the strip of page 2 that page 1 overlaps
# The spaces' names, as Royal Visit's pages name them (the French edition's; German: ours)
BOARD_PLACES = {"fountain": term("royal visit board", "Fountain"),
                "duchy": term("royal visit board", "Duchy"),
                "chateau": term("royal visit board", "Chateau")}


def royal_visit_board(paper_name: str = "a4", lang: str = "en") -> bytes:
    """The 17 spaces (-8..+8) and the Crown track (-6..+6) across two landscape pages. Page 1
    holds -8..0 and ends at a cut line; page 2 holds +1..+8 behind a glue strip: cut page 1 on
    its line, lay it on the strip, and match the circled crosses."""
    paper = PAPERS[paper_name].landscape()
    first = range(-CHATEAU - 1, 1)  # -8..0
    second = range(1, CHATEAU + 2)  # +1..+8
    left1 = (paper.width - len(first) * SPACE) / 2
    join1 = left1 + len(first) * SPACE
    left2 = (paper.width - len(second) * SPACE - GLUE) / 2 + GLUE

    def page_one(c: Canvas) -> None:
        _board_title(c, paper, msg("Royal Visit board, page 1 of 2: cut along the right-hand line"),
                     lang, right=join1 - 2)
        for i, space in enumerate(first):
            _space(c, left1 + i * SPACE, space, lang)
        c.setStrokeColor(black)
        c.setLineWidth(0.25)
        c.setDash(2, 1.5)
        c.line(join1, 0, join1, paper.height)
        c.setDash()
        _registration(c, join1)

    def page_two(c: Canvas) -> None:
        _board_title(c, paper, msg("Royal Visit board, page 2 of 2: glue page 1 over the grey strip"),
                     lang)
        c.setFillColor(HexColor("#e5e7eb"))
        c.rect(left2 - GLUE, BOARD_TOP - TRACK - SPACE_HEIGHT - 12, GLUE,
               TRACK + SPACE_HEIGHT + 24, stroke=0, fill=1)
        for i, space in enumerate(second):
            _space(c, left2 + i * SPACE, space, lang)
        _registration(c, left2)

    return pdf([(paper, page_one), (paper, page_two)], msg("Royal Visit board"), lang)


def _board_title(c: Canvas, paper: Paper, text, lang: str, right: float | None = None) -> None:
    """The page's title on top, the board's numbering at the foot: both left of ``right`` (page
    1's cut line) where it is given."""
    c.setFillColor(GREY)
    width = (paper.width - MARGIN if right is None else right) - MARGIN
    draw_line(c, word(text, lang), Box(MARGIN, paper.height - MARGIN - 3, width, 4.0), REGULAR, 3.2)
    draw_lines(c, word(msg("Space numbers as the app counts them: the top player's {chateau} is "
                           "+7/+8, the bottom player's -7/-8. The {crown} starts on the middle of "
                           "its track, {big_crown} side up.",
                           chateau=BOARD_PLACES["chateau"],
                           crown=name("royal visit board", "Crown"),
                           big_crown=name("royal visit board", "Big Crown")), lang),
               Box(MARGIN, MARGIN - 4.6, width, 7.8), REGULAR, 3.2, 2.4, colour=GREY)


def _space(c: Canvas, x: float, space: int, lang: str = "en") -> None:
    """One board space, and above it the Crown track position beside it (Duchy spaces only)."""
    sign = "+" if space > 0 else "-"
    kind = ("fountain" if space == 0 else f"chateau{sign}" if abs(space) >= CHATEAU
            else f"duchy{sign}")
    colour = HexColor(BOARD_COLOURS[kind])
    bottom = BOARD_TOP - TRACK - SPACE_HEIGHT
    c.setFillColor(colour)
    c.setStrokeColor(INK)
    c.setLineWidth(0.4)
    c.rect(x, bottom, SPACE, SPACE_HEIGHT, stroke=1, fill=1)
    ink = white if kind.startswith("chateau") else INK
    c.setFillColor(ink)
    c.setFont(BOLD, 7)
    c.drawCentredString(x + SPACE / 2, bottom + SPACE_HEIGHT - 10, f"{space:+d}" if space else "0")
    place = BOARD_PLACES[kind.rstrip("+-")]
    draw_line(c, word(place, lang), Box(x + 1, bottom + 5, SPACE - 2, 4.0),
              REGULAR, 3.0, align="centre")
    if abs(space) <= CROWN_END:
        c.setFillColor(HexColor(BOARD_COLOURS["crown"]))
        c.rect(x, BOARD_TOP - TRACK, SPACE, TRACK, stroke=1, fill=1)
        c.setFillColor(INK)
        draw_line(c, word(name("royal visit board", "Crown"), lang) if space == 0 else f"{space:+d}",
                  Box(x + 1, BOARD_TOP - TRACK / 2 - 1.5, SPACE - 2, 5.0), BOLD, 4.5,
                  align="centre")


def _registration(c: Canvas, x: float) -> None:
    """Circled crosses centred on the join, above and below the board: they line up when the
    pages are joined."""
    c.setStrokeColor(black)
    c.setLineWidth(0.25)
    for y in (BOARD_TOP + 8, BOARD_TOP - TRACK - SPACE_HEIGHT - 8):
        c.circle(x, y, 3, stroke=1, fill=0)
        c.line(x - 5, y, x + 5, y)
        c.line(x, y - 5, x, y + 5)
