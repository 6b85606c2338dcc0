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
from companion.language import word
from companion.words import listing, msg, plural
from printables import decks, sheets
from printables.decks import PrintOptions

__all__ = ["PRINTABLES", "PrintOptions", "Printable", "Printed", "refusal"]


@dataclass(frozen=True)
class Printed:
    pdf: bytes
    deck: decks.Deck | None  # the deck drawn, for a deck


@dataclass(frozen=True)
class Printable:
    name: str
    game: str  # the game it is for, to group the choices (a Msg, like every label here)
    title: str
    deck: Callable[[str, str], decks.Deck] | None = None  # (mark, selection) -> Deck
    pages: Callable[[PrintOptions, str], bytes] | None = None  # (options, lang): a sheet, the board, the test
    selections: dict[str, str] = field(default_factory=dict)  # name -> what it holds; first is default
    custom: str = ""  # what else the deck function takes as a selection, if anything

    def make(self, options: PrintOptions = PrintOptions(), selection: str | None = None,
             mark: str | None = None, lang: str = "en") -> Printed:
        """The PDF, every word on it in ``lang``. A deck gets a new random deck mark unless one
        is given. Raises ValueError (its argument a Msg) for a selection the deck does not have."""
        if self.deck is None:
            return Printed(self.pages(options, lang), None)
        deck = self.build(selection, mark)
        return Printed(decks.deck_pdf(deck, options, lang), deck)

    def build(self, selection: str | None = None, mark: str | None = None) -> decks.Deck:
        if selection and selection not in self.selections and not self.custom:
            raise ValueError(msg("there is no selection {selection}; choose one of {choices}.",
                                 selection=repr(selection), choices=listing(self.selections, ", "))
                             if self.selections else
                             msg("there is no selection {selection}; this deck has none.",
                                 selection=repr(selection)))
        return self.deck(mark or new_deck_mark(), selection or next(iter(self.selections), ""))


def refusal(printable: Printable, refused: ValueError, lang: str) -> str:
    """Why ``printable`` could not be made, worded in ``lang``: "Majesty deck: there is no
    selection ..." (the deck's or engine's own sentence after the printable's title)."""
    reason = refused.args[0] if refused.args else str(refused)
    return word(msg("{title}: {reason}", title=printable.title, reason=reason), lang)


PRINTABLES: dict[str, Printable] = {p.name: p for p in (
    Printable("royal-visit", decks.GAMES["royal_visit"], msg("Royal Visit deck (54 cards)"),
              deck=lambda mark, _: decks.royal_visit(mark)),
    Printable("majesty", decks.GAMES["majesty"], msg("Majesty deck"), deck=decks.majesty,
              selections=dict(decks.MAJESTY_SELECTIONS)),
    Printable("kings-court", decks.GAMES["kings_court"], msg("King's Court deck"),
              deck=decks.kings_court,
              selections={name: plural("{parts}: {n} card", "{parts}: {n} cards",
                                       len(kings_court_deck(name)), parts=listing(parts, " + "))
                          for name, parts in reversed(KINGS_COURT_SELECTIONS.items())}),
    Printable("kingseat", decks.GAMES["kingseat"], msg("Kingseat deck"), deck=decks.kingseat,
              selections=dict(decks.KINGSEAT_SELECTIONS),
              custom=msg("or princes with commas (lionsyre,smugwing,...); add :10 or :14 for the "
                         "older editions' cards a prince")),
    Printable("royal-visit-board", decks.GAMES["royal_visit"],
              msg("Royal Visit board (two landscape pages)"),
              pages=lambda options, lang="en": sheets.royal_visit_board(options.paper, lang)),
    Printable("kings-court-sheet", decks.GAMES["kings_court"], msg("King's Court score sheet"),
              pages=lambda options, lang="en": sheets.kings_court_sheet(options.paper, lang=lang)),
    Printable("majesty-pad", decks.GAMES["majesty"], msg("Majesty final-scoring pad"),
              pages=lambda options, lang="en": sheets.majesty_pad(options.paper, lang)),
    Printable("kingseat-tally", decks.GAMES["kingseat"], msg("Kingseat round tally sheet"),
              pages=lambda options, lang="en": sheets.kingseat_tally(options.paper, lang=lang)),
    Printable("alignment", msg("Any deck"), msg("Duplex alignment test (one sheet, both sides)"),
              pages=decks.alignment_pdf),
)}
