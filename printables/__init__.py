"""Printable proxy decks, score sheets and boards (reportlab). Built in its own issue."""
