"""Page layouts as data: papers, card boxes on the front and back of a sheet, crop marks.

Every length is in millimetres, measured from the page's bottom-left corner (PDF's way). A layout
knows where each card goes and where each mark goes; the drawing code only follows it, and the
tests check the PDF against it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

POKER = (63.0, 88.0)  # card width and height
FULL_BLEED = 3.0  # the bleed asked for; a paper gets less if 3 mm does not fit (Layout.fit)
PRINTER_MARGIN = 4.0  # what a home printer may leave blank at each edge: cards stay inside it
MARK_CLEARANCE = 1.0  # crop marks stop this far from any card
CORNER_RADIUS = 3.0  # a poker card's rounded corner, for the optional cut guides
FLIPS = ("long", "short")


@dataclass(frozen=True, slots=True)
class Paper:
    name: str
    width: float
    height: float

    def landscape(self) -> Paper:
        return Paper(self.name, max(self.width, self.height), min(self.width, self.height))


PAPERS = {"a4": Paper("A4", 210.0, 297.0), "letter": Paper("Letter", 215.9, 279.4)}


@dataclass(frozen=True, slots=True)
class Box:
    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    def grown(self, by: float) -> Box:
        return Box(self.x - by, self.y - by, self.width + 2 * by, self.height + 2 * by)

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.x + dx, self.y + dy, self.width, self.height)


Segment = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True)
class Layout:
    """Cards in a grid centred on the page, with ``gap`` between neighbours (twice the bleed,
    so each card has its own bleed all round)."""

    paper: Paper
    card_width: float = POKER[0]
    card_height: float = POKER[1]
    columns: int = 3
    rows: int = 3
    bleed: float = 0.0

    @classmethod
    def fit(cls, paper: Paper, bleed: bool = False) -> Layout:
        """3x3 poker cards on ``paper``; with ``bleed``, the most bleed up to 3 mm (in 0.5 mm
        steps) that keeps every card inside the printer's margin. A4 takes 3 mm; Letter, whose
        height has only 15.4 mm to spare, takes 1.5 mm."""
        if not bleed:
            return cls(paper)
        spare = min(paper.width - 3 * POKER[0], paper.height - 3 * POKER[1]) - 2 * PRINTER_MARGIN
        return cls(paper, bleed=min(FULL_BLEED, math.floor(spare / 4 * 2) / 2))

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def gap(self) -> float:
        return 2 * self.bleed

    @cached_property
    def grid(self) -> Box:
        """The box around every card's trim (not the bleed)."""
        width = self.columns * self.card_width + (self.columns - 1) * self.gap
        height = self.rows * self.card_height + (self.rows - 1) * self.gap
        return Box((self.paper.width - width) / 2, (self.paper.height - height) / 2, width, height)

    @cached_property
    def cards(self) -> tuple[Box, ...]:
        """Trim boxes on the front, in reading order: top row first, left to right."""
        return tuple(
            Box(self.grid.x + column * (self.card_width + self.gap),
                self.grid.top - (row + 1) * self.card_height - row * self.gap,
                self.card_width, self.card_height)
            for row in range(self.rows) for column in range(self.columns))

    def backs(self, flip: str = "long", offset: tuple[float, float] = (0.0, 0.0)) -> tuple[Box, ...]:
        """Where the back of each front card lands on the back page, in the same order.

        Long-edge duplex turns the sheet over like a book page: left and right swap. Short-edge
        duplex turns it over its top edge: top and bottom swap. ``offset`` then moves the whole
        back page, to make up for a printer that does not line the two sides up."""
        if flip not in FLIPS:
            raise ValueError(f"A flip is 'long' or 'short', not {flip!r}.")
        dx, dy = offset
        return tuple(
            (Box(self.paper.width - box.right, box.y, box.width, box.height) if flip == "long"
             else Box(box.x, self.paper.height - box.top, box.width, box.height)).moved(dx, dy)
            for box in self.cards)

    @cached_property
    def marks(self) -> tuple[Segment, ...]:
        """Crop marks: every trim line drawn on from the cards to the page edge, in the margins;
        with a bleed, also across the gaps between cards (over bleed that is cut away). A mark
        stops MARK_CLEARANCE short of every card."""
        grid, clear = self.grid, MARK_CLEARANCE
        xs = sorted({b.x for b in self.cards} | {b.right for b in self.cards})
        ys = sorted({b.y for b in self.cards} | {b.top for b in self.cards})
        segments: list[Segment] = []
        for x in xs:
            segments += [(x, 0.0, x, grid.y - clear), (x, grid.top + clear, x, self.paper.height)]
            segments += [(x, bottom.top + clear, x, top.y - clear)
                         for top, bottom in zip(self._row_boxes, self._row_boxes[1:]) if self.gap]
        for y in ys:
            segments += [(0.0, y, grid.x - clear, y), (grid.right + clear, y, self.paper.width, y)]
            segments += [(left.right + clear, y, right.x - clear, y)
                         for left, right in zip(self._column_boxes, self._column_boxes[1:])
                         if self.gap]
        return tuple(segments)

    def back_marks(self, flip: str = "long",
                   offset: tuple[float, float] = (0.0, 0.0)) -> tuple[Segment, ...]:
        """The marks of the back page: the front's, mirrored like the cards, then moved."""
        self.backs(flip)  # checks the flip
        w, h = self.paper.width, self.paper.height
        dx, dy = offset
        mirrored = ((w - x0, y0, w - x1, y1) if flip == "long" else (x0, h - y0, x1, h - y1)
                    for x0, y0, x1, y1 in self.marks)
        return tuple((x0 + dx, y0 + dy, x1 + dx, y1 + dy) for x0, y0, x1, y1 in mirrored)

    @property
    def _row_boxes(self) -> list[Box]:
        return [self.cards[row * self.columns] for row in range(self.rows)]

    @property
    def _column_boxes(self) -> list[Box]:
        return list(self.cards[: self.columns])
