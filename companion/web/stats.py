"""The Statistics page and its charts, the players (rename, merge), the archive and CSV of every
game, and what the game page offers of one game (BG Stats, final scoring CSV, marks).

Everything that lists games or names to a phone without their link (the Statistics and Players
pages, the archive, the CSV of plays, the names suggested by the setup forms) is off when the
app's STATISTICS setting is false (`companion serve --no-stats`).
"""
from __future__ import annotations

import base64
import json
from datetime import UTC, datetime

import pygal
from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from pygal.style import Style

from companion import engine as protocol
from companion import exports, inputs, stats
from companion import players as people
from companion.web import limits, rights, speech, store
from companion.web.pages import uploaded_json
from companion.web.speech import say
from companion.words import Msg, listing, msg, plural

bp = Blueprint("stats", __name__)

CHART_STYLE = Style(
    background="#ffffff", plot_background="#ffffff", foreground="#101418",
    foreground_strong="#101418", foreground_subtle="#4a5260", colors=("#a9bde0",),
    opacity="1", opacity_hover="1", stroke_opacity="1", value_colors=("#101418",),
    font_family="system-ui, sans-serif", label_font_size=22, major_label_font_size=22,
    value_font_size=22, title_font_size=24, tooltip_font_size=20,
)


def statistics_on() -> bool:
    return bool(current_app.config.get("STATISTICS", True))


def _needs_statistics() -> None:
    if not statistics_on():
        abort(404, msg("This companion keeps its statistics to itself (it was started with --no-stats)."))


@bp.app_context_processor
def _known_players():
    """``known_players()`` in the setup forms: the names to suggest (none with --no-stats)."""

    def known_players() -> list[str]:
        if not statistics_on():
            return []
        return [person["name"] for person in people.everyone(store())]

    return {"known_players": known_players, "statistics_on": statistics_on,
            "share_stats": current_app.config["SHARE_STATISTICS"]}


def bar_chart(title: Msg, labels: list[str], values: list[float], percent: bool = False) -> dict:
    """A horizontal bar chart as an <img> source (SVG drawn by pygal, no script) and its words,
    in the phone's language (its title, labels and numbers: "45 %" in French)."""

    def shown(value: float) -> Msg:
        return msg("{value}%", value=_number(value)) if percent else msg("{value}", value=_number(value))

    chart = pygal.HorizontalBar(
        width=400, height=max(150, 52 * len(labels) + 70), style=CHART_STYLE, js=(),
        show_legend=False, print_values=True, title=speech.word(title), margin=8, spacing=12,
        value_formatter=lambda value: speech.word(shown(value)), show_x_labels=False,
        show_y_guides=False, show_x_guides=False, range=(0, max(values) or 1),
    )
    chart.x_labels = [speech.word(label) for label in labels[::-1]]  # pygal draws the first bar at the bottom
    chart.add(speech.word(title), values[::-1])
    svg = chart.render()
    words = listing([msg("{label} {value}", label=label, value=shown(value)) for label, value in zip(labels, values)],
                    sep=", ")
    return {"src": "data:image/svg+xml;base64," + base64.b64encode(svg).decode(),
            "alt": speech.word(msg("{title}: {words}.", title=title, words=words))}


def _number(value: float) -> int | float:
    """``value`` as ``%g`` writes it (no ".0"), to be worded as the language writes numbers."""
    return int(value) if float(value).is_integer() else float(f"{value:g}")


BUSY = msg("Other statistics are being worked out right now: try again in a few seconds.")


def _plays() -> stats.Plays:
    """Every game as a play, in the place statistics take turns for (companion/web/limits.py)."""
    with limits.place("stats", BUSY):
        return stats.read_plays(store())


@bp.get("/stats")
def page():
    _needs_statistics()
    read = _plays()
    figures = stats.figures(read.plays)
    charts = {}
    if figures["players"]:
        ranked = figures["players"][:10]
        charts["wins"] = bar_chart(msg("Games won"), [p["name"] for p in ranked],
                                   [p["won"] for p in ranked])
        charts["rates"] = bar_chart(msg("Win rate"), [p["name"] for p in ranked],
                                    [round(100 * p["rate"]) for p in ranked], percent=True)
    for game in figures["games"]:
        if game["endings"]:
            charts[game["game"]] = bar_chart(
                protocol.get_engine(game["game"]).endings_title,
                [e["how"] for e in game["endings"]], [e["count"] for e in game["endings"]])
    mine = [game for game in read.unreadable if game.owner == g.device]
    return render_template("stats.html", figures=figures, charts=charts,
                           unreadable=len(read.unreadable), deletable=mine)


@bp.get("/stats.json")
def figures_json():
    _needs_statistics()
    return stats.figures(_plays().plays)


@bp.get("/players")
def players_page():
    _needs_statistics()
    return render_template("players.html", people=people.everyone(store()))


@bp.post("/players/rename")
def rename():
    _needs_statistics()
    player = inputs.number(request.form.get("player"), "player", 1)
    rights.check("players", player_ids=[player])
    try:
        people.rename(store(), player, request.form.get("name"))
    except protocol.RuleError as refused:
        say(refused.message)
    else:
        say(msg("Renamed to {name}: every play follows.", name=request.form["name"].strip()))
    return redirect(url_for("stats.players_page"))


@bp.post("/players/merge")
def merge():
    _needs_statistics()
    keep = inputs.number(request.form.get("keep"), "keep", 1)
    other = inputs.number(request.form.get("other"), "other", 1)
    rights.check("players", player_ids=[keep, other])
    try:
        people.merge(store(), keep, other)
    except protocol.RuleError as refused:
        say(refused.message)
    else:
        say(msg("Merged: every play of the second name is now the first's."))
    return redirect(url_for("stats.players_page"))


@bp.get("/export/archive.json")
def archive():
    _needs_statistics()
    with limits.place("stats", BUSY):
        body = json.dumps(exports.archive(store(), rights.visible_games()), indent=1)
    return _download(body, "application/json", "companion-archive.json")


@bp.get("/export/plays.csv")
def plays_csv():
    _needs_statistics()
    visible = rights.visible_games()
    plays = [play for play in _plays().plays if visible is None or play.id in visible]
    return _download(exports.plays_csv(plays), "text/csv", "companion-plays.csv")


@bp.post("/import/archive")
def import_archive():
    _needs_statistics()
    try:
        with limits.place("import", limits.IMPORT_BUSY):
            added, skipped = exports.import_archive(store(), uploaded_json("archive"), g.device)
    except protocol.RuleError as refused:
        say(msg("That archive could not be imported: {refusal}", refusal=refused.message))
    else:
        say(plural("Imported {n} game; {skipped} were already here.",
                   "Imported {n} games; {skipped} were already here.", added, skipped=skipped))
    return redirect(url_for("stats.page"))


# -- one game: anyone with its link -----------------------------------------------------------
@bp.get("/g/<game_id>/bgstats.json")
def bgstats(game_id: str):
    play = exports.plays_of(store(), game_id)
    if not play.finished:
        abort(409, msg("The game is not over yet: BG Stats takes finished games."))
    return _download(json.dumps(_bgstats(play), indent=1), "application/json",
                     f"bgstats-{game_id}.json")


@bp.get("/g/<game_id>/scoring.csv")
def scoring_csv(game_id: str):
    text = exports.final_scoring_csv(store().load(game_id))
    if text is None:
        abort(404, msg("This game has no final scoring to export (yet)."))
    return _download(text, "text/csv", f"scoring-{game_id}.csv")


@bp.post("/g/<game_id>/mark")
@rights.needs("mark")
def mark(game_id: str):
    status = request.form.get("status", "")
    try:
        people.mark(store(), game_id, status)
    except protocol.RuleError as refused:
        abort(400, refused.message)
    say(msg("This game counts in the statistics again.") if status == people.COUNTS else
        msg("Marked {mark}: kept, and left out of the statistics.", mark=people.MARKS[status]))
    return redirect(url_for("pages.game", game_id=game_id))


@bp.app_template_global()
def game_extras(game_id: str) -> dict:
    """What the game page's "This game" section offers beside the record."""
    play = exports.plays_of(store(), game_id)
    link = exports.bgstats_link(_bgstats(play)) if play.finished else None
    record = store().load(game_id)
    sheet = record.engine.score_sheet(record.replay.state)
    return {"status": play.status, "label": people.MARKS[play.status], "bgstats": link,
            "finished": play.finished, "may_mark": rights.allowed("mark", game_id=game_id),
            "scoring": None if sheet is None else sheet.title}


def _bgstats(play: stats.Play) -> dict:
    """The play for BG Stats, its comment (who won and why) and roles in the phone's language:
    BG Stats shows them as the play's notes."""
    sent = exports.bgstats(play)
    sent["comments"] = speech.word(sent["comments"])
    for player in sent["players"]:
        if "role" in player:
            player["role"] = speech.word(player["role"])
    return sent


def _download(body: str, mimetype: str, filename: str) -> Response:
    stamp = datetime.now(UTC).strftime("%Y-%m-%d")
    name = filename.replace(".", f"-{stamp}.", 1) if filename.startswith("companion-") else filename
    return Response(body, mimetype=mimetype,
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})
