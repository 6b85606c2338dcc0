"""The protocol every game engine implements, the rule error, the registry, and replay.

A game is its options plus the ordered list of what the table entered. Each entry is one of
``move`` (a game move, checked by the engine), ``undo``, ``redo``, ``rulings`` (the table
changed a table ruling) or ``secret`` (a player entered something on their own phone that the
others may not see yet, such as Kingseat's Loyalty). :func:`replay` turns that list into the current position; nothing
here knows about Flask, SQL or photos.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.words import Msg, msg, plural


class RuleError(Exception):
    """A move, position or option the rules refuse.

    ``rule`` is the id of the rules-page entry it cites, ``message`` one plain sentence (a Msg,
    worded in the reader's language where it is shown), and
    ``step`` (when the move has several parts, such as cards played in order) the index of the
    part that broke the rule.
    """

    def __init__(self, rule: str, message: str, *, step: int | None = None):
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.step = step

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message, "step": self.step}


@dataclass(frozen=True)
class RuleEntry:
    """One entry of a game's rules page: our own words, one idea an entry."""

    id: str
    title: str
    text: str
    section: str


@dataclass(frozen=True)
class Ruling:
    """A table ruling: a reading of an unclear rule, chosen when the game is created."""

    id: str
    title: str
    choices: tuple[tuple[Any, str], ...]  # (value, what it means), the seed's reading first
    rule: str  # the rules-page entry that explains it

    @property
    def default(self) -> Any:
        return self.choices[0][0]


@dataclass(frozen=True)
class Sheet:
    """A score sheet as its CSV holds it: the header, then one row of cells a line."""

    header: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    title: str = msg("The final scoring")  # what the game page calls its CSV


@dataclass(frozen=True)
class Seating:
    """Who plays with whom, known while the game runs and never secret."""

    sides: tuple[tuple[int, ...], ...]  # the seats of each side: a partnership, or one seat
    side_names: tuple[str, ...] | None = None  # each side's name, where the game names its sides
    roles: tuple[str | None, ...] = ()  # by seat: what each player is (a Chateau, a partnership)
    start: int | None = None  # the seat that began, where the setup chooses who begins

    def side_of(self, seat: int) -> int:
        return next(number for number, side in enumerate(self.sides) if seat in side)

    def ended(self, **how: Any) -> Outcome:
        """The outcome of a game seated so, with ``how`` it ended (the fields of Outcome, the
        seating's among them where the end changed them)."""
        return Outcome(**{**{name: getattr(self, name) for name in _SEATING}, **how})


@dataclass(frozen=True, kw_only=True)
class Outcome(Seating):
    """How a finished game ended, as the statistics and exports read every game: the winners,
    each seat's score and rank, and the seating as it stood at the end (roles revealed then,
    such as Kingseat's loyalties, included)."""

    winners: tuple[int, ...]  # seats; none when nobody won (Kingseat: nobody loyal to the winner)
    reason: str  # one sentence: who won and why
    scores: tuple[int, ...] | None = None  # by seat (partners share theirs), where the game scores
    highest_wins: bool | None = None  # where the game scores: the highest (True) or lowest wins
    endings: tuple[str, ...] = ()  # how the game ended, in words (the Statistics page counts them)
    allegiances: tuple[str, ...] | None = None  # by seat, whom each served, where a player wins by
    # their loyalty (Kingseat's princes)
    sheet: Sheet | None = None  # the final scoring
    ranks: tuple[int, ...] = field(init=False)  # by seat: winners 1, then by score where it scores

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranks", _ranks(self))


_SEATING = ("sides", "side_names", "roles", "start")


def _ranks(outcome: Outcome) -> tuple[int, ...]:
    """Each seat's rank: a side with a winner is first; the others follow every winning side
    and, where the game scores, every side with a better score."""
    won = [any(seat in outcome.winners for seat in side) for side in outcome.sides]
    scores = None if outcome.scores is None else [outcome.scores[side[0]] for side in outcome.sides]
    ranks = []
    for number, wins in enumerate(won):
        if wins:
            ranks.append(1)
        elif scores is None:
            ranks.append(1 + sum(won))
        else:
            mine = scores[number]
            ranks.append(1 + sum(1 for other, score in enumerate(scores) if won[other] or (
                score > mine if outcome.highest_wins else score < mine)))
    return tuple(ranks[outcome.side_of(seat)] for seat in range(sum(map(len, outcome.sides))))


class Engine(Protocol):
    """What the web layer, storage, undo, export, the statistics and the scanner need of a game.

    Every game speaks no language. A refusal (:class:`RuleError`'s ``message``), a view's labels,
    a history line (``describe``), an outcome (its ``reason``, ``endings``, side names and sheet
    title), and every rules-page entry and ruling are :class:`companion.words.Msg`: an English
    message id with its arguments (``msg``, ``plural``, ``term``, ``listing``), worded at the
    edge (the web layer, the CLI, the printables) in the reader's language; nothing stored is
    prose. As a ``str`` a Msg is its English, so English reads as it always did. An engine
    imports ``companion.words`` and nothing of Flask or Babel.
    """

    name: str  # registry key, also the folder under templates/
    title: str
    min_players: int  # how many may play
    max_players: int
    bgg_id: int | None  # the game's BoardGameGeek id where confirmed (BG Stats matches plays by it)
    endings_title: str | None  # what the Statistics page calls Outcome.endings, where there are any
    rules: tuple[RuleEntry, ...]
    rulings: tuple[Ruling, ...]
    cards: tuple[Any, ...]  # the card catalogue: each kind has a stable ``id`` and a ``name``

    def new(self, options: Mapping[str, Any]) -> Any:
        """The starting state for these options (raises RuleError for options the rules refuse)."""

    def options_from_form(self, form: Mapping[str, str]) -> dict[str, Any]:
        """Options from a setup form's fields (raises RuleError on bad input)."""

    def validate(self, state: Any, move: Any) -> None:
        """Raise RuleError when ``move`` is not legal in ``state``; otherwise return None."""

    def apply(self, state: Any, move: Any) -> Any:
        """The state after a validated ``move``; ``state`` itself is never changed."""

    def with_rulings(self, state: Any, rulings: Mapping[str, Any]) -> Any:
        """The same position played under other table rulings."""

    def to_move(self, state: Any) -> int | None:
        """The seat whose turn it is, or None when the game is over or nobody in particular."""

    def mover(self, state: Any, move: Any) -> int | None:
        """The seat that makes ``move`` in ``state``, which its entry is stored under (the
        history and Undo name that player): whose turn it is, unless the game lets a player act
        out of turn."""

    def view(self, state: Any, player: int | None = None) -> dict[str, Any]:
        """What one player (or, with None, the whole table) may see, as JSON-ready data."""

    def result(self, state: Any) -> dict[str, Any] | None:
        """None while the game runs; then the winners and the reason, JSON-ready."""

    def seating(self, state: Any, opening: Any = None) -> Seating:
        """The sides, their names, the roles known to the whole table and, given ``opening``
        (the game's first position, ``new(options)``), the seat that began where the setup
        chooses it."""

    def outcome(self, state: Any, opening: Any = None) -> Outcome | None:
        """None while the game runs; then how it ended (``opening`` as for ``seating``)."""

    def score_sheet(self, state: Any) -> Sheet | None:
        """The score sheet so far where the game keeps one while it runs (King's Court); the
        final scoring once it is over; otherwise (and for a game without one) None."""

    def describe(self, move: Any, players: Sequence[str], *, before: Any = None,
                 after: Any = None) -> str:
        """One line for the history: who did what with an accepted move, in a player's words,
        naming players by ``players`` (the names in seat order). ``before`` is the state the
        move was made in and ``after`` the state it led to (None when not known): the line may
        name the mover, where a pawn went or the points scored, but never what a phone may not
        see (a face-down card)."""

    # A game may also answer questions that are not moves of the game (King's Court's arbiter):
    # ``ask(state, question) -> dict``, raising RuleError for a question it cannot read; and
    # name cards of its box that are printed but never dealt into play (Majesty's locations):
    # ``other_cards: dict[kind id, name]``. A game with secrets kept on a player's phone takes
    # them with ``secret(state, player, secret) -> state`` (raising RuleError), says with
    # ``secrets_open(state) -> bool`` when every phone may see them, and words their history
    # line with ``describe_secret(name) -> str``. A game whose setup form does not take the
    # players' names as ``player-0``, ``player-1``, ... says with ``again(options) -> dict`` which
    # of its form's fields give a new game the same players (see :func:`again_form`).
    #
    # Where a game's legal moves in a position form a list the engine can know, it gives them
    # with ``legal_moves(state) -> list[dict]``: Majesty (every turn, each without the card
    # turned up after it, one of ``possible_new_cards(state)``). The other games have no such
    # list. A Royal Visit turn is any run of cards of one suit, too many to list, so the engine
    # gives its parts: ``legal_summons(state)`` (the Wizard's power) and ``legal_cards(state,
    # cards_so_far)`` (each legal next card of a turn). King's Court's moves are hands scored on
    # a sheet, numbers the table writes down, and its arbiter judges a play put to it (``ask``)
    # without listing them. Kingseat's actions name cards in hands the engine never sees.


MISSING = object()  # an option left out, told apart from one given as None

NAME_LENGTH = 30
_WORDS = dict(enumerate([
    msg("zero"), msg("one"), msg("two"), msg("three"), msg("four"), msg("five"), msg("six"), msg("seven"),
    msg("eight"), msg("nine"), msg("ten"), msg("eleven"), msg("twelve")]))


def quoted(text: Any) -> Msg:
    """``text`` in quotation marks, as ``repr`` quotes it in English ('Name', or "Name's" where
    it holds an apostrophe) and as each language quotes (« Nom », „Name“)."""
    if "'" in str(text) and '"' not in str(text):
        return msg('"{quoted}"', quoted=text)
    return msg("'{quoted}'", quoted=text)


def player_names(players: Any, title: str, fewest: int, most: int) -> tuple[str, ...]:
    """The players' names in seat order, stripped; refused under the rule "players" when the
    count is wrong, a name is blank or too long, or two names differ only in case."""
    if players is MISSING:
        raise RuleError("players", msg("The field 'players' (the names in seat order) is missing."))
    if not isinstance(players, (list, tuple)) or not fewest <= len(players) <= most:
        if fewest == most:
            needs = plural("{title} needs exactly {count} player name.",
                           "{title} needs exactly {count} player names.", most, title=title,
                           count=_WORDS.get(most, most))
        else:
            needs = plural("{title} needs {fewest} to {most} player names.",
                           "{title} needs {fewest} to {most} player names.", most, title=title,
                           fewest=_WORDS.get(fewest, fewest), most=_WORDS.get(most, most))
        raise RuleError("players", needs)
    names: list[str] = []
    for seat, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            raise RuleError("players", msg("Player {seat} needs a name.", seat=seat + 1))
        name = name.strip()
        if len(name) > NAME_LENGTH:
            raise RuleError("players", msg("Player {seat}'s name is longer than {length} characters.",
                                           seat=seat + 1, length=NAME_LENGTH))
        if name.casefold() in (other.casefold() for other in names):
            raise RuleError("players", msg("Every player needs a different name."))
        names.append(name)
    return tuple(names)


APP_SECTION = msg("Using the app")

# Entries every rules page carries: what the companion itself refuses, whatever the game.
COMMON_RULES = (
    RuleEntry(
        "undo",
        msg("Undo and redo"),
        msg("Undo takes back the last move still in force; redo brings back the last move undone, "
            "as long as no new move came in between. Both are kept in the history: nothing is erased."),
        APP_SECTION,
    ),
    RuleEntry(
        "import",
        msg("Importing a game"),
        msg("A file exported by the companion can be imported as a new game. It is replayed move by "
            "move first, so a file that was changed into an illegal game is refused as a whole."),
        APP_SECTION,
    ),
    RuleEntry(
        "seat",
        msg("Whose phone is this"),
        msg("A phone may say which player holds it; then it shows that player's own secrets, and "
            "only one phone holds a seat at a time. It is not a password: it keeps honest players "
            "from seeing by accident, not a cheat who takes the phone."),
        APP_SECTION,
    ),
    RuleEntry(
        "rulings-after-end",
        msg("Rulings once the game is over"),
        msg("When a game has ended its table rulings stay as they were, so its result cannot change "
            "afterwards. To play a finished game under another reading, undo the last move, change "
            "the ruling, and enter the move again."),
        APP_SECTION,
    ),
    RuleEntry(
        "record",
        msg("The record of a game"),
        msg("A game is kept as its options and the list of what the table entered: moves, undos, "
            "redos and changes of table rulings, each with whose turn it was and when."),
        APP_SECTION,
    ),
)

REGISTRY: dict[str, Engine] = {}


def register(engine: Engine) -> Engine:
    REGISTRY[engine.name] = engine
    return engine


def get_engine(name: str) -> Engine:
    try:
        return REGISTRY[name]
    except KeyError:
        raise RuleError("unknown-game", msg("There is no game called {name}.", name=repr(name))) from None


def normalise_rulings(engine: Engine, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every ruling of the engine with its chosen value; unknown ids or values are refused."""
    given = dict(given or {})
    chosen = {}
    for ruling in engine.rulings:
        value = given.pop(ruling.id, ruling.default)
        allowed = [choice for choice, _ in ruling.choices]
        if value not in allowed:
            raise RuleError(ruling.rule, msg("The ruling {ruling} takes one of {allowed}, not {value}.",
                                             ruling=quoted(ruling.title), allowed=repr(allowed),
                                             value=repr(value)))
        chosen[ruling.id] = value
    if given:
        raise RuleError("rulings", msg("There is no table ruling called {name}.", name=repr(sorted(given)[0])))
    return chosen


def again_form(engine: Engine, options: Mapping[str, Any],
               rulings: Mapping[str, Any]) -> dict[str, str]:
    """The setup form's fields for a new game with the same players and the rulings in force:
    the players' names and every ruling, never a fact the players must state again for a new
    game (who starts, the cards laid out)."""
    players = options.get("players") or []
    fields = (engine.again(options) if hasattr(engine, "again") else
              {f"player-{seat}": str(name) for seat, name in enumerate(players)})
    for ruling in engine.rulings:
        if ruling.id in rulings:
            fields[f"ruling-{ruling.id}"] = str(rulings[ruling.id])
    return fields


def short(value: Any) -> str:
    """A value as a refusal sentence quotes it: its repr, at most 40 characters."""
    return repr(value)[:40] if not isinstance(value, str) else repr(value[:40])


def read_options(
    engine: Engine,
    options: Any,
    fields: frozenset[str],
    rule: str,
    players: tuple[str, int, int],
    show: Callable[[Any], str] = short,
) -> tuple[tuple[str, ...], dict[str, Any]]:
    """The checks that open every engine's ``new``, in this order: the options are a mapping
    (refused under ``rule``), every field is one of ``fields`` (refused under ``rule``, the
    field shown by ``show``), the players named (``players`` is the game's title, fewest and
    most, as for :func:`player_names`), and the table rulings a mapping of known choices.
    Returns the players' names and every ruling with its chosen value."""
    if not isinstance(options, Mapping):
        raise RuleError(rule, msg("The game options must be a set of named fields."))
    for key in options:
        if key not in fields:
            raise RuleError(rule, msg("There is no game option called {name}.", name=show(key)))
    names = player_names(options.get("players", MISSING), *players)
    given = options.get("rulings")
    if given is not None and not isinstance(given, Mapping):
        raise RuleError("rulings", msg("The table rulings must be a set of named choices."))
    return names, normalise_rulings(engine, given)


ENTRY_KINDS = ("move", "undo", "redo", "rulings", "secret")
# The secret a seat's change of phone is recorded as (by the web layer, in a game that keeps
# secrets): the engine holds back what the seat's earlier phone set, and takes no new secret.
SEAT_CHANGED = {"seat": "changed"}


@dataclass
class Replay:
    """The position a record leads to, with what undo and redo would do next."""

    state: Any
    done: list[Any] = field(default_factory=list)  # moves in force, oldest first
    undone: list[Any] = field(default_factory=list)  # moves redo would bring back, next last
    rulings: dict[str, Any] = field(default_factory=dict)


def step(engine: Engine, replay: Replay, history: list[Any], kind: str, payload: Any) -> None:
    """Check one entry against the replay so far and, if the rules allow it, carry it out.

    ``history`` holds the states before each move in ``replay.done`` (so undo needs no
    re-computation). Raises RuleError and changes nothing when the entry is refused.
    """
    if kind == "move":
        engine.validate(replay.state, payload)
        history.append(replay.state)
        replay.done.append(payload)
        replay.undone.clear()
        replay.state = engine.apply(replay.state, payload)
    elif kind == "undo":
        if not replay.done:
            raise RuleError("undo", msg("There is no move to undo."))
        replay.undone.append(replay.done.pop())
        replay.state = history.pop()
    elif kind == "redo":
        if not replay.undone:
            raise RuleError("undo", msg("There is no undone move to redo."))
        move = replay.undone[-1]
        engine.validate(replay.state, move)
        replay.undone.pop()
        history.append(replay.state)
        replay.done.append(move)
        replay.state = engine.apply(replay.state, move)
    elif kind == "rulings":
        if not isinstance(payload, Mapping):
            raise RuleError("rulings", msg("A change of rulings names each ruling and its new value."))
        if engine.result(replay.state) is not None:
            raise RuleError("rulings-after-end", msg("The game is over, and a table ruling changed "
                                                     "now could change its result: undo the last "
                                                     "move first, then change the ruling."))
        rulings = normalise_rulings(engine, {**replay.rulings, **payload})
        state = engine.with_rulings(replay.state, rulings)  # may refuse: nothing changed yet
        earlier = [engine.with_rulings(before, rulings) for before in history]
        replay.rulings, replay.state, history[:] = rulings, state, earlier
    elif kind == "secret":
        # A secret holds from the start: it is carried into every earlier position, so that
        # undo never takes it back.
        keep = getattr(engine, "secret", None)
        if keep is None:
            raise RuleError("record", msg("{game} keeps no secrets on a player's phone.", game=engine.title))
        if not isinstance(payload, Mapping) or set(payload) != {"player", "secret"}:
            raise RuleError("record", msg("A secret names its player and what was entered."))
        player = payload["player"]
        state = keep(replay.state, player, payload["secret"])  # checks the player too
        earlier = [_kept(keep, before, player, payload["secret"]) for before in history]
        replay.state, history[:] = state, earlier
    else:
        raise RuleError("record", msg("An entry of kind {kind} is not one of {kinds}.", kind=repr(kind),
                                      kinds=repr(list(ENTRY_KINDS))))


def _kept(keep, before: Any, player: int, secret: Any) -> Any:
    """An earlier position with a secret carried into it; one it would not take (the secret
    answers a change made after that position, such as a Loyalty card exchanged) stays as it
    was."""
    try:
        return keep(before, player, secret)
    except RuleError:
        return before


def replay(
    engine: Engine, options: Mapping[str, Any], entries: list[tuple[str, Any]]
) -> tuple[Replay, list[Any]]:
    """Replay a record: ``entries`` are (kind, payload) pairs, oldest first.

    Returns the replay and the history of states before each move in force, to be passed back
    to :func:`step` for the next entry.
    """
    state = engine.new(options)
    result = Replay(state=state, rulings=normalise_rulings(engine, options.get("rulings")))
    history: list[Any] = []
    for kind, payload in entries:
        step(engine, result, history, kind, payload)
    return result, history
