"""The `companion` command: serve the app, export and import games, print proxies, scan photos,
bring the database's schema up to date."""
from __future__ import annotations

import argparse
import sys

from companion import language  # no Babel: it is imported where a Msg is worded
from companion.words import msg, plural

# Each command imports what it needs when it runs: `companion scan` starts without the database,
# the printables or Flask.

DESCRIPTION = msg("The `companion` command: serve the app, export and import games, print proxies, scan photos, "
                  "bring the database's schema up to date.")
COMMANDS = ("serve", "export", "import", "delete", "print", "scan", "db", "translations")
# argparse's own words as a user of the command line meets them (the usage line, the headings,
# the help option, the error sentences; Python 3.11's wording), in the catalogs like every other
# message: argparse looks each one up through its module's gettext functions when it says it.
ARGPARSE_WORDS = (
    msg("usage: "), msg("positional arguments"), msg("options"),
    msg("show this help message and exit"), msg("%(prog)s: error: %(message)s\n"),
    msg("argument %(argument_name)s: %(message)s"), msg("expected one argument"),
    msg("expected at most one argument"), msg("expected at least one argument"),
    plural("expected %s argument", "expected %s arguments", 2),
    msg("invalid choice: %(value)r (choose from %(choices)s)"),
    msg("invalid %(type)s value: %(value)r"), msg("the following arguments are required: %s"),
    msg("unrecognized arguments: %s"), msg("ambiguous option: %(option)s could match %(matches)s"),
    msg("ignored explicit argument %r"), msg("can't open '%(filename)s': %(error)s"),
    msg("unknown parser %(parser_name)r (choices: %(choices)s)"),
)
LANG_HELP = msg("the language of what the command says and prints: en, fr or de (default: the "
                "environment's, from LC_ALL or LANG; else English)")


def _say(args: argparse.Namespace, message, file=None) -> None:
    """Print ``message`` (a Msg, or text) in the command's language (``--lang``)."""
    print(language.word(message, args.lang), file=file)


def serve(args: argparse.Namespace) -> int:
    import logging

    from companion.lan import lan_address
    from companion.web import create_app, data_folder, default_database_url, serving

    url = args.database or default_database_url()
    waiting = args.waiting if args.waiting is not None else max(args.threads - 8, 0)
    app = create_app({"DATABASE_URL": url, "WAITING_PHONES": waiting,
                      "STATISTICS": not args.no_stats, "SHARE_STATISTICS": args.share_stats})
    lan = lan_address()
    shown = args.host if args.host not in ("0.0.0.0", "::") else (lan or "localhost")
    database = app.extensions["store"].db.url.render_as_string(hide_password=True)
    if _in_use(args.host, args.port):  # before the link: a link to another program is no use
        _say(args, msg("Port {port} is already in use on this machine (another companion serve?): stop that "
                       "program, or start this one with another --port.", port=str(args.port)), sys.stderr)
        return 1
    if args.https:
        from companion.web import tls

        cert, key = tls.certificate(data_folder(), [lan] if lan else [])
        server = tls.make_server(app, args.host, args.port, cert, key)
    else:
        _allow_connections(args.connection_limit)
        logging.basicConfig()  # waitress's warnings (as waitress.serve does)
        server = serving.make_server(
            app, host=args.host, port=args.port, threads=args.threads, ident="companion",
            connection_limit=args.connection_limit, channel_timeout=args.idle_timeout,
            asyncore_use_poll=True,  # select() stops at file descriptor 1,024
            max_request_body_size=app.config["MAX_PHOTO_LENGTH"] + 64 * 1024)
    if args.https:
        _announce(args, f"https://{shown}:{args.port}/", database)
        _say(args, msg("Its certificate is self-signed ({cert}): each phone warns once; accept it to use the "
                       "live camera. SHA-256 {fingerprint}", cert=str(cert), fingerprint=tls.fingerprint(cert)))
        sys.stdout.flush()
        server.serve_forever()
        return 0
    _announce(args, f"http://{shown}:{args.port}/", database)
    server.run()
    return 0


def _in_use(host: str, port: int) -> bool:
    """Another program listens on ``port`` (bound as the servers bind, reusing an address
    whose last connections are closing)."""
    import errno
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as refused:
            return refused.errno == errno.EADDRINUSE
    return False


def _announce(args: argparse.Namespace, url: str, database: str) -> None:
    """The address for the table, as a link to type and a QR code to scan from the terminal."""
    import qrcode

    _say(args, msg("The companion is at {url}  (database: {database})", url=url, database=database))
    _say(args, msg("On each phone, open that link or scan this code; a game's page then shows its "
                   "6-character join code."))
    code = qrcode.QRCode(border=2)
    code.add_data(url)
    code.print_ascii(out=sys.stdout, invert=True)
    sys.stdout.flush()


def _allow_connections(limit: int) -> None:
    """Let the process hold ``limit`` sockets: raise its open-file limit as far as the system
    allows (often 1,024 by default, below a busy night's idle phones)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = limit + 256  # the database, the static files, the log
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE,
                           (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard))


def _store(args: argparse.Namespace):
    import companion.games  # noqa: F401  (registers every engine)
    from companion.store import Store
    from companion.web import default_database_url

    return Store(args.database or default_database_url())


def export(args: argparse.Namespace) -> int:
    import json

    from companion import record as records
    from companion.store import GameNotFound

    if args.all == (args.game_id is not None):
        _say(args, msg("Name one game's id, or --all for every game."), sys.stderr)
        return 1
    store = _store(args)
    if args.all:
        from companion import exports, stats

        text = json.dumps(exports.archive(store), indent=1)
        if args.csv:
            with open(args.csv, "w", encoding="utf-8", newline="") as out:
                out.write(exports.plays_csv(stats.all_plays(store)))
    else:
        try:
            text = json.dumps(records.export(store.load(args.game_id)), indent=2)
        except GameNotFound as missing:
            _say(args, missing.message, sys.stderr)
            return 1
    if args.output:
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(text + "\n")
    else:
        print(text)
    return 0


def import_(args: argparse.Namespace) -> int:
    from companion import engine as protocol
    from companion import inputs
    from companion import record as records

    try:
        with open(args.file, "rb") as source:
            data = inputs.parse_json(source.read())
        from companion import exports

        if isinstance(data, dict) and data.get("format") == exports.ARCHIVE:
            added, skipped = exports.import_archive(_store(args), data, owner="cli")
            _say(args, plural("{n} game imported, {skipped} already here", "{n} games imported, {skipped} already here",
                              added, skipped=skipped))
            return 0
        game, options, stored = records.parse_export(data)
        game_id = _store(args).import_record(game, options, stored, owner="cli")
    except (OSError, inputs.InputError) as broken:
        reason = broken.message if isinstance(broken, inputs.InputError) else str(broken)
        _say(args, msg("Cannot read {file}: {reason}", file=args.file, reason=reason), sys.stderr)
        return 1
    except protocol.RuleError as refused:
        _say(args, msg("Refused ({rule}): {refusal}", rule=refused.rule, refusal=refused.message), sys.stderr)
        return 1
    print(game_id)
    return 0


def delete(args: argparse.Namespace) -> int:
    """Delete a game by its id, one no page can read included."""
    from companion.store import GameNotFound

    try:
        _store(args).delete(args.game_id)
    except GameNotFound as missing:
        _say(args, missing.message, sys.stderr)
        return 1
    _say(args, msg("Deleted {game}", game=args.game_id))
    return 0


def db(args: argparse.Namespace) -> int:
    """`companion db upgrade`: the database brought to the newest revision of its schema (as
    every command that opens it does first); `companion db current`: where it stands, changing
    nothing."""
    from companion import migrations
    from companion.store.database import database
    from companion.web import default_database_url

    engine = database(args.database or default_database_url())
    try:
        if args.action == "upgrade":
            _say(args, msg("The database is at revision {revision}, the newest.", revision=migrations.upgrade(engine)))
            return 0
        with engine.connect() as conn:
            at = migrations.current(conn)
    finally:
        engine.dispose()
    newest = migrations.newest()
    if at == newest:
        _say(args, msg("The database is at revision {revision}, the newest.", revision=at))
    elif at is None:
        _say(args, msg("The database has no revision (empty, or made by a companion before migrations): "
                       "`companion db upgrade` (or any command that opens it) brings it to {newest}.", newest=newest))
    else:
        _say(args, msg("The database is at revision {revision}; the newest is {newest}: `companion db upgrade` "
                       "(or any command that opens it) brings it there.", revision=at, newest=newest))
    return 0


def print_(args: argparse.Namespace) -> int:
    from companion.codes import is_deck_mark
    from companion.language import choose, word
    from companion.words import msg, plural
    from printables import PRINTABLES, PrintOptions, refusal
    from printables.decks import paper_name

    lang = choose(getattr(args, "lang", None))  # every word the command says and prints

    def say(value, **where) -> None:
        print(word(value, lang), **where)

    printable = PRINTABLES[args.what]
    mark = args.mark.upper() if args.mark else None
    if mark is not None and not is_deck_mark(mark):
        say(msg("A deck mark is 3 letters or digits, not {mark}.", mark=repr(args.mark)),
            file=sys.stderr)
        return 1
    options = PrintOptions(paper=args.paper, bleed=args.bleed, backs=args.backs, flip=args.flip,
                           offset=(args.offset_x, args.offset_y), corners=args.corners)
    try:
        printed = printable.make(options, args.selection, mark, lang)
    except ValueError as refused:
        print(refusal(printable, refused, lang), file=sys.stderr)
        return 1
    output = args.output or f"{args.what}.pdf"
    with open(output, "wb") as out:
        out.write(printed.pdf)
    deck = printed.deck
    what = (plural("{n} card, deck mark {mark}", "{n} cards, deck mark {mark}", len(deck.cards),
                   mark=deck.mark) if deck else printable.title)
    paper = paper_name(args.paper)
    if args.bleed and deck:
        paper = msg("{paper}, {bleed} mm bleed", paper=paper,
                    bleed=int(options.layout.bleed) if options.layout.bleed.is_integer()
                    else options.layout.bleed)
    say(msg("Wrote {output} ({what}, {paper}). Print it at actual size, not 'fit to page'.",
            output=output, what=what, paper=paper))
    return 0


def _card_names(game: str) -> dict[str, str]:
    """Kind id -> name from the game's catalogue (Majesty's locations and workers have none)."""
    from importlib import import_module

    try:  # only that game's package: the scan command loads no other engine
        return {kind.id: kind.name for kind in import_module(f"companion.games.{game}").ENGINE.cards}
    except Exception:
        return {}


def scan(args: argparse.Namespace) -> int:
    import gc
    import os

    # nothing the scanner does uses BLAS: NumPy's OpenBLAS need not start a thread a core
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    # the libraries imported here leave no garbage: the collector would walk their objects over
    # and over while they load (about 5 ms of the start); frozen after, it never walks them again
    gc.disable()
    from companion.codes import GAMES, spaced
    from companion.scan import ScanError, scan_photo

    gc.freeze()
    gc.enable()

    game = args.game.replace("-", "_") if args.game else None
    if game is not None and game not in GAMES:
        _say(args, msg("No game called {name}: choose one of {games}.", name=repr(args.game),
                       games=", ".join(GAMES)), sys.stderr)
        return 1
    failed, reports = False, []
    for path in args.photos:
        try:
            with open(path, "rb") as photo:
                result = scan_photo(photo.read(), game)
        except (OSError, ScanError) as broken:
            failed = True
            message = broken.message if isinstance(broken, ScanError) else \
                msg("cannot open it ({reason}).", reason=str(broken.strerror or broken))
            reports.append({"file": path, "error": language.word(message, args.lang)})
            if not args.json:
                _say(args, msg("{file}: {message}", file=path, message=message), sys.stderr)
            continue
        cards = []
        for card in result.cards:
            code = card.code
            cards.append({"code": card.text, "game": code.game, "kind": code.kind_id,
                          "name": _card_names(code.game).get(code.kind_id, code.kind_id),
                          "copy": code.copy, "deck_mark": code.deck_mark,
                          "x": round(card.x, 4), "y": round(card.y, 4)})
        others = [{"text": other.text, "reason": other.reason, "x": round(other.x, 4),
                   "y": round(other.y, 4)} for other in result.others]
        reports.append({"file": path, "width": result.width, "height": result.height,
                        "seconds": round(result.seconds, 3), "cards": cards, "others": others,
                        "notes": result.notes})
        if args.json:
            continue
        count = plural("{n} card", "{n} cards", len(cards)) if cards else msg("no card found")
        _say(args, msg("{file}: {count} ({width} x {height}, {seconds} s)", file=path, count=count,
                       width=str(result.width), height=str(result.height), seconds=format(result.seconds, ".2f")))
        for card in cards:
            name = language.word(card["name"], args.lang)
            _say(args, msg("  {name} {code}   {game}, copy {copy}, deck {deck}", name=format(name, "28"),
                           code=spaced(card["code"]), game=GAMES[card["game"]].title, copy=card["copy"],
                           deck=card["deck_mark"]))
        for note in result.notes:
            _say(args, msg("  Note: {note}", note=note))
        if others:
            _say(args, msg("  other codes (not cards of {game}):", game=GAMES[game].title) if game
                 else msg("  other codes (not cards):"))
            for other in others:
                _say(args, msg("    {code}: {reason}", code=repr(other["text"][:60]), reason=other["reason"]))
    if args.json:
        import json  # only here: the scan command starts without it

        print(json.dumps(language.worded(reports, args.lang), indent=2))
    return 1 if failed else 0


def translations(args: argparse.Namespace) -> int:
    """`update`: the catalogs brought up to the sources (docs/translating.md); `check`: what a
    translator could have got wrong, a line each (exit status 1 if anything)."""
    from companion import language

    if args.action == "update":
        for lang, (count, waiting) in language.update().items():
            _say(args, msg("{catalog}: {count} messages, {waiting} to translate",
                           catalog=str(language.catalog_path(lang)), count=str(count), waiting=str(waiting)))
        return 0
    faults = language.check()
    for fault in faults:
        print(fault)
    return 1 if faults else 0


def _command(argv: list[str] | None) -> str | None:
    """The command named on the command line, if any (before parsing it)."""
    return next((word for word in (sys.argv[1:] if argv is None else argv) if word in COMMANDS),
                None)


def _printing_arguments(printing: argparse.ArgumentParser) -> None:
    from printables import PRINTABLES
    from printables.layout import FLIPS, PAPERS

    printing.description = "Decks: " + "; ".join(
        f"{p.name} ({', '.join(p.selections) or 'one deck'}{'; ' + p.custom if p.custom else ''})"
        for p in PRINTABLES.values() if p.deck) + ". Sheets: " + ", ".join(
        p.name for p in PRINTABLES.values() if not p.deck) + "."
    printing.add_argument("what", choices=list(PRINTABLES))
    printing.add_argument("--selection", help="which cards of a deck (default: the first listed)")
    printing.add_argument("--paper", choices=list(PAPERS), default="a4")
    printing.add_argument("--bleed", action="store_true", help="3 mm bleed (1.5 mm on Letter)")
    printing.add_argument("--backs", action="store_true",
                          help="a back page after each front page, for duplex printing")
    printing.add_argument("--flip", choices=FLIPS, default="long",
                          help="the printer's duplex edge (default: long)")
    printing.add_argument("--offset-x", type=float, default=0.0, metavar="MM",
                          help="move the back pages right by MM (see the alignment test)")
    printing.add_argument("--offset-y", type=float, default=0.0, metavar="MM",
                          help="move the back pages up by MM")
    printing.add_argument("--corners", action="store_true", help="guides for rounding corners")
    printing.add_argument("--mark", help="the deck mark, 3 letters or digits (default: random)")
    printing.add_argument("--output", "-o", help="the PDF to write (default: WHAT.pdf)")
    if not any("--lang" in action.option_strings for action in printing._actions):
        # where the CLI has no --lang of its own for every command yet
        printing.add_argument("--lang", choices=("en", "fr", "de"), default=argparse.SUPPRESS,
                              help="the language of the PDF and of what the command says")


def _serving_arguments(serving: argparse.ArgumentParser) -> None:
    serving.add_argument("--host", default="0.0.0.0",
                         help=_h(msg("address to listen on (default: every one, so phones on the table's network "
                              "can join)")))
    serving.add_argument("--port", type=int, default=8000)
    serving.add_argument("--threads", type=int, default=256,
                         help=_h(msg("requests served at once (default: 256, for 50 tables of 4 "
                              "phones); phones waiting for news hold one each")))
    serving.add_argument("--waiting", type=int, default=None, metavar="N",
                         help=_h(msg("phones held waiting for news at once (default: threads - 8, so "
                              "moves always find a thread); others poll every second")))
    serving.add_argument("--connection-limit", type=int, default=2000, metavar="N",
                         help=_h(msg("open connections accepted at once, idle ones included "
                              "(default: 2000)")))
    serving.add_argument("--idle-timeout", type=int, default=60, metavar="SECONDS",
                         help=_h(msg("close a connection that sent nothing for this long (default: 60)")))
    serving.add_argument("--https", action="store_true",
                         help=_h(msg("serve over HTTPS with a self-signed certificate kept in the data "
                              "folder, so phones may use the live camera view (werkzeug's threaded "
                              "server: waitress has no TLS)")))
    serving.add_argument("--no-stats", action="store_true",
                         help=_h(msg("no Statistics or Players page, no archive of every game and no "
                              "names suggested: for a server shared with strangers")))
    serving.add_argument("--share-stats", action="store_true",
                         help=_h(msg("let every phone download the archive and CSV of every game (their "
                              "ids, so their links); by default each phone gets the games it "
                              "created, holds a seat in or opened")))


def _exporting_arguments(exporting: argparse.ArgumentParser) -> None:
    exporting.add_argument("game_id", nargs="?")
    exporting.add_argument("--all", action="store_true", help=_h(msg("every game on the server")))
    exporting.add_argument("--csv", metavar="FILE",
                           help=_h(msg("with --all: also write every play as CSV (one row a player)")))
    exporting.add_argument("--output", "-o", help=_h(msg("write to this file instead")))


_LANG = [language.DEFAULT]  # the language of the command's help, chosen before its parser is made


def _h(text) -> str:
    """A help text in the command's language."""
    return language.word(text, _LANG[0])


def _argparse_speaks(lang: str) -> None:
    """argparse says its own words (:data:`ARGPARSE_WORDS`) in ``lang``."""
    import gettext

    if lang == language.DEFAULT:
        argparse._, argparse.ngettext = gettext.gettext, gettext.ngettext  # its own
    else:
        speech = language.translations(lang)
        argparse._, argparse.ngettext = speech.gettext, speech.ngettext


def _wanted_language(argv: list[str] | None) -> str:
    """``--lang`` as the command line gives it (before parsing it), else the environment's."""
    words = sys.argv[1:] if argv is None else argv
    for at, word in enumerate(words):
        if word == "--lang" and at + 1 < len(words):
            return language.choose(words[at + 1])
        if word.startswith("--lang="):
            return language.choose(word.split("=", 1)[1])
    return environment_language()


def environment_language() -> str:
    """The language the environment asks for (``LC_ALL``, else ``LC_MESSAGES``, else ``LANG``, as
    POSIX orders them), as one the companion speaks: ``fr_FR.UTF-8`` is ``fr``, ``C`` English."""
    import os

    wanted = next((os.environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if os.environ.get(name)), "")
    return language.choose(wanted.split(".")[0])


def main(argv: list[str] | None = None) -> int:
    _LANG[0] = _wanted_language(argv)
    _argparse_speaks(_LANG[0])
    parser = argparse.ArgumentParser(prog="companion", description=_h(DESCRIPTION))
    parser.add_argument(
        "--database",
        help=_h(msg("SQLAlchemy URL (default: $COMPANION_DATABASE_URL, else SQLite in the data folder)")),
    )
    parser.add_argument("--lang", metavar="LANG", help=_h(LANG_HELP))
    # each command takes --lang too (`companion print majesty --lang de`); given there, it wins
    each = argparse.ArgumentParser(add_help=False)
    each.add_argument("--lang", metavar="LANG", default=argparse.SUPPRESS, help=_h(LANG_HELP))
    # `prog` given: argparse would start a help formatter to make it (importing shutil)
    commands = parser.add_subparsers(dest="command", required=True, prog="companion")
    # each command's options are added only when it runs (or for help): a scan starts sooner
    wanted = _command(argv)

    serving = commands.add_parser(
        "serve", parents=[each], help=_h(msg("start the app (waitress; with --https, werkzeug over TLS)")))
    if wanted in (None, "serve"):
        _serving_arguments(serving)
    serving.set_defaults(run=serve)

    exporting = commands.add_parser(
        "export", parents=[each],
        help=_h(msg("print a game's full record as JSON, or with --all every game (an archive "
                    "that `companion import` takes back, skipping games already there)")))
    if wanted in (None, "export"):
        _exporting_arguments(exporting)
    exporting.set_defaults(run=export)

    importing = commands.add_parser(
        "import", parents=[each],
        help=_h(msg("store an exported record as a new game, or every new game of an archive")))
    importing.add_argument("file")
    importing.set_defaults(run=import_)

    deleting = commands.add_parser(
        "delete", parents=[each], help=_h(msg("delete a game and all that belongs to it (one no page can read too)")))
    deleting.add_argument("game_id")
    deleting.set_defaults(run=delete)

    printing = commands.add_parser(
        "print", parents=[each], help=_h(msg("write a printable PDF: a proxy deck, a score sheet, the board")))
    if wanted in (None, "print"):  # the printables are loaded only to print (or for help)
        _printing_arguments(printing)
    printing.set_defaults(run=print_)

    scanning = commands.add_parser(
        "scan", parents=[each], help=_h(msg("read the proxy cards in photos (JPEG, PNG, WebP, HEIC or GIF)")),
        description=_h(msg("Prints the cards found in each photo, in reading order (rows from top to "
                    "bottom, each left to right), and apart from them any other QR code. Exit "
                    "status 1 if a photo could not be read.")))
    scanning.add_argument("photos", nargs="+", metavar="PHOTO")
    scanning.add_argument("--game", help=_h(msg("only this game's cards count as cards "
                                         "(royal-visit, majesty, kings-court, kingseat)")))
    scanning.add_argument("--json", action="store_true", help=_h(msg("print JSON instead of text")))
    scanning.set_defaults(run=scan)

    database = commands.add_parser(
        "db", parents=[each], help=_h(msg("the database's schema: `upgrade` brings it to the newest revision (each "
                   "command that opens the database does so first), `current` says where it is")))
    database.add_argument("action", choices=("upgrade", "current"))
    database.set_defaults(run=db)

    catalogs = commands.add_parser(
        "translations", parents=[each], help=_h(msg("the languages' catalogs: `update` brings them up to the sources, "
                             "`check` lists what is missing or wrong (docs/translating.md)")))
    catalogs.add_argument("action", choices=("update", "check"))
    catalogs.set_defaults(run=translations)

    args = parser.parse_args(argv)
    args.lang = language.choose(args.lang) if args.lang else environment_language()
    if args.command in ("scan", "print", "translations"):  # no database
        return args.run(args)
    from companion.migrations import UnknownRevision

    try:
        return args.run(args)
    except UnknownRevision as newer:
        print(newer, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
