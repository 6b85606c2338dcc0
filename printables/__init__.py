"""Printable proxy decks, score sheets and a board (reportlab), for a home printer.

PRINTABLES names everything that can be printed; the `companion print` command and the app's
Print page both offer exactly this list and call ``make``.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from companion.codes import new_deck_mark
from companion.games.kings_court.cards import SELECTIONS as KINGS_COURT_SELECTIONS
from companion.games.kings_court.cards import deck as kings_court_deck
from printables import decks, sheets
from printables.decks import PrintOptions

__all__ = ["PRINTABLES", "PrintOptions", "Printable", "Printed"]


@dataclass(frozen=True)
class Printed:
    pdf: bytes
    deck: decks.Deck | None  # the deck drawn, for a deck


@dataclass(frozen=True)
class Printable:
    name: str
    game: str  # the game it is for, to group the choices
    title: str
    deck: Callable[[str, str], decks.Deck] | None = None  # (mark, selection) -> Deck
    pages: Callable[[PrintOptions], bytes] | None = None  # a sheet, the board, the test
    selections: dict[str, str] = field(default_factory=dict)  # name -> what it holds; first is default
    custom: str = ""  # what else the deck function takes as a selection, if anything

    def make(self, options: PrintOptions = PrintOptions(), selection: str | None = None,
             mark: str | None = None) -> Printed:
        """The PDF. A deck gets a new random deck mark unless one is given. Raises ValueError
        for a selection the deck does not have."""
        if self.deck is None:
            return Printed(self.pages(options), None)
        deck = self.build(selection, mark)
        return Printed(decks.deck_pdf(deck, options), deck)

    def build(self, selection: str | None = None, mark: str | None = None) -> decks.Deck:
        if selection and selection not in self.selections and not self.custom:
            raise ValueError(f"there is no selection {selection!r}; " + (
                f"choose one of {', '.join(self.selections)}." if self.selections
                else "this deck has none."))
        return self.deck(mark or new_deck_mark(), selection or next(iter(self.selections), ""))


PRINTABLES: dict[str, Printable] = {p.name: p for p in (
    Printable("royal-visit", "Royal Visit", "Royal Visit deck (54 cards)",
              deck=lambda mark, _: decks.royal_visit(mark)),
    Printable("majesty", "Majesty", "Majesty deck", deck=decks.majesty,
              selections=dict(decks.MAJESTY_SELECTIONS)),
    Printable("kings-court", "King's Court", "King's Court deck", deck=decks.kings_court,
              selections={name: f"{' + '.join(parts)}: {len(kings_court_deck(name))} cards"
                          for name, parts in reversed(KINGS_COURT_SELECTIONS.items())}),
    Printable("kingseat", "Kingseat", "Kingseat deck", deck=decks.kingseat,
              selections=dict(decks.KINGSEAT_SELECTIONS),
              custom="or princes with commas (lionsyre,smugwing,...); add :10 or :14 for the "
                     "older editions' cards a prince"),
    Printable("royal-visit-board", "Royal Visit", "Royal Visit board (two landscape pages)",
              pages=lambda options: sheets.royal_visit_board(options.paper)),
    Printable("kings-court-sheet", "King's Court", "King's Court score sheet",
              pages=lambda options: sheets.kings_court_sheet(options.paper)),
    Printable("majesty-pad", "Majesty", "Majesty final-scoring pad",
              pages=lambda options: sheets.majesty_pad(options.paper)),
    Printable("kingseat-tally", "Kingseat", "Kingseat round tally sheet",
              pages=lambda options: sheets.kingseat_tally(options.paper)),
    Printable("alignment", "Any deck", "Duplex alignment test (one sheet, both sides)",
              pages=decks.alignment_pdf),
)}
