"""The Print page: choose what to print, the paper and the duplex settings; the PDF downloads.

The page, its choices, its refusals and the PDFs it serves are all in the phone's language."""
from __future__ import annotations

from flask import Blueprint, Response, render_template, request

from companion.codes import is_deck_mark
from companion.web import limits, speech
from companion.words import msg
from printables import PRINTABLES, Printed, PrintOptions, refusal
from printables.layout import FLIPS, PAPERS

bp = Blueprint("printing", __name__)


def choices() -> dict[str, list[tuple[str, str]]]:
    """The form's choices by game, worded in the request's language: (value, label), a deck
    once for each of its selections."""
    grouped: dict[str, list[tuple[str, str]]] = {}
    for printable in PRINTABLES.values():
        options = ([(f"{printable.name}:{name}", speech.word(msg("{title}: {what}", title=printable.title,
                                                                   what=what)))
                    for name, what in printable.selections.items()]
                   or [(printable.name, speech.word(printable.title))])
        grouped.setdefault(speech.word(printable.game), []).extend(options)
    return grouped


@bp.route("/print", methods=["GET", "POST"])
def print_page():
    error = None
    if request.method == "POST":
        try:
            with limits.place("print", speech.word(msg(
                    "Other prints are being drawn right now: try again in a few seconds."))):
                name, printed = _print(request.form, speech.current())
        except ValueError as refused:
            error = speech.word(refused.args[0]) if refused.args else str(refused)
        else:
            filename = name + (f"-{printed.deck.mark}" if printed.deck else "") + ".pdf"
            return Response(printed.pdf, mimetype="application/pdf",
                            headers={"Content-Disposition": f'attachment; filename="{filename}"'})
    page = render_template("print.html", choices=choices(), form=request.form, error=error)
    return page, (422 if error else 200)


def _print(form, lang: str = "en") -> tuple[str, Printed]:
    """The PDF the form asks for, in ``lang``; ValueError with a sentence (a Msg, or one worded
    already) for the page if it cannot be."""
    name, _, selection = form.get("what", "").partition(":")
    if name not in PRINTABLES:
        raise ValueError(msg("Choose what to print."))
    mark = form.get("mark", "").strip().upper() or None
    if mark is not None and not is_deck_mark(mark):
        raise ValueError(msg("A deck mark is 3 letters or digits, or left blank."))
    options = PrintOptions(
        paper=form.get("paper") if form.get("paper") in PAPERS else "a4",
        bleed="bleed" in form, backs="backs" in form, corners="corners" in form,
        flip=form.get("flip") if form.get("flip") in FLIPS else "long",
        offset=(_millimetres(form, "offset_x"), _millimetres(form, "offset_y")))
    printable = PRINTABLES[name]
    try:
        return name, printable.make(options, selection or None, mark, lang)
    except ValueError as refused:
        raise ValueError(refusal(printable, refused, lang)) from None


def _millimetres(form, field: str) -> float:
    text = form.get(field, "").strip() or "0"
    try:
        value = float(text)
    except ValueError:
        raise ValueError(msg("An offset is a number of millimetres, not {value}.",
                             value=repr(text))) from None
    if not -20 <= value <= 20:
        raise ValueError(msg("An offset of more than 20 mm would move the backs off the cards."))
    return value
