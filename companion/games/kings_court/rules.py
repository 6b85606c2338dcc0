"""King's Court / King's Dynasty (+ the BONUS deck): the score sheet, and the Engine that ties it
to the play-by-play arbiter.

The app keeps the score sheet: a row for every hand and every adjustment, running totals per
player (or partnership), the Scroll Bonus and the end of the game. A table may also follow a hand
card by card (the ``arbiter`` package): a ``deal`` starts it, the arbiter checks every play, and
once the hand is over it is scored with a ``hand`` move that must agree with how it ended.

Moves, as JSON (seats are 0-based, in the order of the options' ``players``)::

    {"type": "hand",                 # score one hand
     "out": 0,                       # the seat who went out; null when a Poison Garden or a
                                     # Castle Fire ended the hand
     "cards": [null, ["gold-5", "king"], null, ["dragon"]],   # per seat: the cards left
     "points": [null, null, 37, null],                         # per seat: or a typed count
     "last": "dragon",               # optional: the card the player went out with
     "last_magician": false,         # optional: true when that was a Magician played as "last"
     "next": 1,                      # optional: the player after them (default: to the left)
     "next_draws": ["blue-3", "king", "gold-1"],  # what that player drew for a draw card
     "dungeon": 2,                   # optional: the seat sitting in the Dungeon at the end (a
                                     # list when both Dungeons lie in front of players)
     "dungeon_magicians": [2],       # optional: seats a Magician played as a Dungeon lay in
                                     # front of (it counts as the Magician: ruling 50)
     "played": [{"card": "dark-knight", "by": 2, "on": 0},   # Risk and Warlord cards played
                {"card": "warlord", "by": 3}],
     "cut": "made",                  # the dealing cut: "made", "missed" or null (not tried)
     "dealer": 3}                    # optional: checked against the sheet's dealer

    {"type": "correct", "hand": 2, ...the fields of a hand...}   # rescore hand 2
    {"type": "adjust", "seat": 1, "points": -20, "reason": "Hand 3 was miscounted"}
    {"type": "adjust", "partnership": 0, "points": 15, "reason": "..."}
    {"type": "deal", "first": <arbiter's first card>, "cut": "made"}  # start play-by-play
    {"type": "abandon"}              # stop following the hand card by card
    {"type": <one of arbiter.EVENTS>, ...}   # a play-by-play event (see the arbiter package)

After a hand followed card by card, the ``hand`` move may leave out "out", "played", "last",
"last_magician", "next", "dungeon", "dungeon_magicians" and "cut": they come from the hand as played (and the deal). What it does give
must agree, every picked hand must hold as many cards as the arbiter counted, and the next
player's "next_draws" must be exactly the cards they drew for a draw card played last.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Mapping, Sequence

from companion.engine import (
    APP_SECTION,
    COMMON_RULES,
    RuleEntry,
    RuleError,
    Ruling,
    normalise_rulings,
    player_names,
    read_options,
)
from companion.games.kings_court import arbiter
from companion.engine import Outcome, Seating, Sheet
from companion.games.kings_court import outcome as endgame
from companion.games.kings_court.cards import KIND_BY_ID, KINDS, SELECTIONS, selection_kinds
from companion.games.kings_court.scoring import (
    CUT_MADE, CUT_MISSED, DRAWS, DUNGEON, ENDED_FIRE, ENDED_OUT, ENDED_POISON, ENDERS,
    EVERYONE, NOT_DEALER, RISK, HandScore, Tally, breakdown, count_cards, cut_bonus, name_of,
    tally,
)

# --------------------------------------------------------------------------- rules page

SECTION_SETUP = "Setting up the score sheet"
SECTION_HAND = "Scoring a hand"
SECTION_RISK = "Risk cards and the Warlord"
SECTION_BONUS = "Bonuses"
SECTION_END = "The end of the game"
SECTION_SHEET = "The score sheet"
SECTION_READINGS = "How the app reads the rules"

LIMIT_MOST = 100_000
TYPED_MOST = 10_000
ADJUST_MOST = 10_000
REASON_LENGTH = 200

SHEET_RULES: tuple[RuleEntry, ...] = (
    RuleEntry("players", "Players",
              "Two to eight players, listed in seat order going to the left (clockwise). Each "
              "needs a name of 1 to 30 characters, and no two names may be the same.",
              SECTION_SETUP),
    RuleEntry("partnerships", "Partnerships",
              "With an even number of players the table may play in partnerships. Every player "
              "belongs to exactly one partnership of two or more, there are at least two, and "
              "partners never sit side by side: a player of another partnership sits between "
              "them. Partners add their points into one total.", SECTION_SETUP),
    RuleEntry("limit", "The limit",
              "The game is played to a limit of 500 points, or 750, 1000 or any other positive "
              "number the table sets at the start.", SECTION_SETUP),
    RuleEntry("selection", "Which cards",
              "The table plays King's Court alone, King's Court with King's Dynasty, both with "
              "the unofficial BONUS deck, or King's Court with a chosen set of expansion cards. "
              "Only cards of that selection can be entered on the sheet.", SECTION_SETUP),
    RuleEntry("dealer", "The dealer",
              "The table names the first dealer. After every hand the deal passes to the left; "
              "after a hand thrown in by a Castle Fire the same dealer deals again.",
              SECTION_SETUP),
    RuleEntry("carried", "Carrying totals over",
              "A game may continue a paper sheet: every player, or every partnership, starts "
              "from the total carried over. A carried total must be a whole number below the "
              "limit (a total on the limit would already have been halved).", SECTION_SETUP),
    RuleEntry("going-out", "Going out",
              "The first player to play their last card goes out and counts nothing for the "
              "hand. Only a Poison Garden or a Castle Fire ends a hand with nobody out, and a "
              "player sitting in the Dungeon cannot go out.", SECTION_HAND),
    RuleEntry("cards-left", "Cards left in a hand",
              "Every other player counts the cards left in their hand. The app counts them from "
              "the cards picked, or takes a count the table typed; a typed count is the "
              "player's whole count for their cards, drawn cards and a Dungeon included, and "
              "is never negative (pick the cards of a hand with a Hidden Treasure or Defender).",
              SECTION_HAND),
    RuleEntry("count-number", "Number cards",
              "A Number card left in a hand counts its face value, 0 to 10.", SECTION_HAND),
    RuleEntry("count-values", "Scroll and Shield cards",
              "Scroll and Shield cards left in a hand count the points printed on them: Fair "
              "Maiden, Drawbridge, Knight, Court Jester, Duke and Duchess 20; King and Queen "
              "25; Queen's Option 30; Dragon, Protector, Dungeon and the Battle cards 35; "
              "Wizard, Royal Decree and Magician 50.", SECTION_HAND),
    RuleEntry("count-magic-potion", "Magic Potion in a hand",
              "A player holding the Magic Potion when another goes out counts only their Number "
              "cards. Every other card counts nothing, so a Defender held with it takes nothing "
              "off.", SECTION_HAND),
    RuleEntry("count-hidden-treasure", "Hidden Treasure in a hand",
              "A Hidden Treasure in a hand takes 100 off that hand's count, after the Magic "
              "Potion has had its effect. A hand may count below zero.", SECTION_HAND),
    RuleEntry("count-defender", "Defender in a hand",
              "A Defender left in a hand counts -35.", SECTION_HAND),
    RuleEntry("count-unplayed", "Unplayed Risk cards and Warlord",
              "Risk cards and the Warlord score only when played. Left in a hand or lying "
              "unplayed in front of a player, they count nothing.", SECTION_HAND),
    RuleEntry("count-draw-card", "Going out with a draw card",
              "When a player goes out with a draw card (or with a Wizard and the extra card it "
              "allows), the next player draws at once and the drawn cards count in their hand: "
              "5 for a Wizard, 3 for a Dragon, 2 for a Drawbridge (more when Drawbridges were "
              "stacked or a Wizard's extra card was a draw card), 2 for a Dungeon, or 1 if that "
              "player already sits in the other Dungeon. Nobody may answer with a defensive "
              "card: the hand is over.",
              SECTION_HAND),
    RuleEntry("count-dungeon", "The Dungeon at the end of a hand",
              "A player sitting in the Dungeon when the hand ends counts the Dungeon card as if "
              "it were in their hand. A Dungeon played as the last card counts in the next "
              "player's hand; a player already in the other Dungeon counts both. A Magician "
              "played as a Dungeon is still the Magician: it counts 50 there, not 35.",
              SECTION_HAND),
    RuleEntry("copies", "No more cards than the deck holds",
              "The cards entered for one hand (left in hands, drawn, in the Dungeon, played as "
              "Risk or Warlord cards and the card played last) cannot hold more copies of a "
              "card than the game's deck has. A Magician counts as the Magician, whatever it "
              "was played as.", SECTION_HAND),
    RuleEntry("risk-cards", "Entering Risk and Warlord cards",
              "Risk and Warlord cards played in a hand are entered with the player who played "
              "them and, for the Dark Knight and the Warlord, the player they were played on. "
              "Each of them exists once. A Risk card lies face up in front of its player and is "
              "never the card someone goes out with.", SECTION_RISK),
    RuleEntry("score-dark-knight", "Dark Knight",
              "The Dark Knight is played on a player who said On Guard. If that player goes "
              "out, they take -100; if the hand ends any other way, the player who played it "
              "takes +100.", SECTION_RISK),
    RuleEntry("score-poison-garden", "Poison Garden",
              "The Poison Garden ends the hand at once. Every hand is counted as if someone had "
              "gone out, but nobody did, and every player except the one who played it takes "
              "-75.", SECTION_RISK),
    RuleEntry("score-castle-fire", "Castle Fire",
              "The Castle Fire throws the hand in: no cards are counted and the dealing cut "
              "does not count. Every player except the one who played it takes -75, the other "
              "Risk and Warlord cards played that hand still score, and the same dealer deals "
              "again.", SECTION_RISK),
    RuleEntry("score-kings-goblet", "King's Goblet",
              "The King's Goblet makes every player draw five and play goes on. Every player "
              "except the one who played it takes -50.", SECTION_RISK),
    RuleEntry("score-warlord", "Warlord",
              "The Warlord (BONUS deck) lets its player play another player's turn. It adds 50 "
              "to the score of the player who played it, even if that player goes out.",
              SECTION_RISK),
    RuleEntry("dealing-bonus", "The dealing bonus",
              "Before dealing, the dealer may try to cut exactly the cards the deal needs. "
              "Made: every player adds the bonus, 50 with four or more players and 25 with two "
              "or three. Missed: the dealer takes off 50 (25 with two or three players). With "
              "partners, each player's bonus goes to their partnership.", SECTION_BONUS),
    RuleEntry("scroll-bonus", "The Scroll Bonus",
              "A total that lands exactly on the limit is halved, rounded down; with partners "
              "it is the partnership's total. If that makes it the single lowest total, that "
              "player or partnership wins at once; otherwise the game goes on.",
              SECTION_BONUS),
    RuleEntry("end-of-hand", "After each hand",
              "Every player's points for the hand are added to the totals, then the Scroll "
              "Bonus halves any total exactly on the limit, then the end of the game is "
              "checked.", SECTION_END),
    RuleEntry("game-end", "The end of the game",
              "When a total goes over the limit the game ends and the lowest total wins. "
              "Players or partnerships tied for the lowest total share the win. Totals may be "
              "negative.", SECTION_END),
    RuleEntry("game-over", "Game over",
              "Once the game has ended no more hands, deals or adjustments can be entered. A "
              "past hand can still be corrected, which may let the game go on.", SECTION_END),
    RuleEntry("correct", "Correcting a hand",
              "Any past hand can be corrected by its number. The new scoring replaces it, "
              "every total after it is worked out again, Scroll Bonus and end of game included, "
              "and the sheet keeps the original and marks the row as corrected. If the game now "
              "ends at an earlier row, the rows after it stay on the sheet but do not count.",
              SECTION_SHEET),
    RuleEntry("adjust", "Adjustments",
              "The table may give or take points from a player, or a partnership, outside a "
              "hand, with a reason: a correction agreed at the table. An adjustment is a row of "
              "its own, followed by the Scroll Bonus and the end check like a hand.",
              SECTION_SHEET),
    RuleEntry("play-by-play", "Following a hand card by card",
              "A table may follow a hand card by card: a deal starts it and the app checks each "
              "play. When the hand is over it is scored as it ended: the same player out, the "
              "same Risk and Warlord cards played, and the cards the next player drew for a "
              "draw card. The table may stop following a hand and score it on the sheet alone; "
              "between hands a hand can always be scored without a deal.", SECTION_SHEET),
    RuleEntry("rulings", "Table rulings",
              "The dealing bonus has two readings, chosen when the game is created and "
              "changeable later (the sheet is worked out again). Where the rulebook is silent "
              "the app takes the fixed readings listed in this section.", SECTION_READINGS),
    RuleEntry("ruling-dealing-bonus", "Dealing bonus: who adds it",
              "As written, on a made cut every player adds the bonus, the dealer too. As an "
              "option, every player except the dealer adds it.", SECTION_READINGS),
    RuleEntry("reading-castle-fire", "After a Castle Fire",
              "The hand it throws in is a row of the sheet with only the Risk and Warlord "
              "cards' points; the cut of that deal does not count and the same dealer deals "
              "the next hand.", SECTION_READINGS),
    RuleEntry("reading-draws", "How many cards a draw card makes the next player draw",
              "When the table names the card a player went out with, the app asks for at least "
              "the cards that card makes the next player draw; stacked Drawbridges and a "
              "Wizard's extra draw card may make it more.", SECTION_READINGS),
    RuleEntry("reading-partner-bonus", "Bonuses and partners",
              "Every bonus and cost is worked out per player, as the rulebook states it, and "
              "added to that player's partnership: a made cut with the bonus for everyone adds "
              "it once for every partner.", SECTION_READINGS),
    RuleEntry("move-format", "Entering a hand",
              "A hand names who went out and, for every other player, the cards left or a "
              "typed count, with the Risk and Warlord cards played and the dealing cut. The app "
              "refuses an entry that is incomplete or names something unknown.",
              APP_SECTION),
)

RULES: tuple[RuleEntry, ...] = (*SHEET_RULES, *arbiter.RULES)
RULE_IDS = frozenset(entry.id for entry in (*RULES, *COMMON_RULES))
assert len(RULE_IDS) == len(RULES) + len(COMMON_RULES), "two rules-page entries share an id"

RULINGS: tuple[Ruling, ...] = (
    Ruling("dealing_bonus", "Dealing bonus", (
        (EVERYONE, "On a made cut every player adds the bonus, the dealer too (as written)."),
        (NOT_DEALER, "On a made cut every player except the dealer adds the bonus."),
    ), "ruling-dealing-bonus"),
)

SHEET_MOVES = frozenset(("hand", "correct", "adjust", "deal", "abandon"))
assert not SHEET_MOVES & arbiter.EVENTS, "a sheet move and an arbiter event share a name"

OPTION_FIELDS = frozenset(("players", "partnerships", "limit", "selection", "extra",
                           "first_dealer", "carried", "rulings"))
_HAND_KEYS = frozenset(("type", "out", "cards", "points", "last", "last_magician", "next",
                        "next_draws", "dungeon", "dungeon_magicians", "played", "cut",
                        "dealer"))
_CORRECT_KEYS = _HAND_KEYS | {"hand"}
_ADJUST_KEYS = frozenset(("type", "seat", "partnership", "points", "reason"))
_DEAL_KEYS = frozenset(("type", "first", "cut"))
SELECTION_NAMES = (*SELECTIONS, "custom")
SELECTION_TITLES = {"kc": "King's Court", "kc+kd": "King's Court and King's Dynasty",
                    "kc+kd+bonus": "King's Court, King's Dynasty and the BONUS deck",
                    "custom": "King's Court with chosen expansion cards"}


@lru_cache(maxsize=64)
def selection_copies(selection: str, extra: tuple[str, ...]) -> dict[str, int]:
    """Copies of every kind in a selection (the game's deck), catalogue order."""
    return {kind.id: kind.copies for kind in selection_kinds(selection, extra)}


# --------------------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the sheet: a hand (every scoring of it, the one in force last) or an
    adjustment."""

    kind: str  # "hand" or "adjust"
    number: int  # hands: 1, 2, ... ; adjustments: their own count from 1
    dealer: int  # hands: the dealer of that hand; adjustments: -1
    versions: tuple[HandScore, ...] = ()  # hands: the original first
    points: tuple[int, ...] = ()  # per seat, the version in force (adjust: zeros)
    side_points: tuple[int, ...] = ()  # per side
    seat: int = -1  # adjust: the seat named, or -1 when a partnership was named
    side: int = -1  # adjust: the side the points go to
    amount: int = 0  # adjust: the points
    reason: str = ""  # adjust: why

    @property
    def score(self) -> HandScore:
        return self.versions[-1]


@dataclass(frozen=True, slots=True)
class State:
    """The score sheet (and a hand being followed card by card). Immutable."""

    players: tuple[str, ...]
    sides: tuple[tuple[int, ...], ...]  # who scores together: partnerships, or one seat each
    side_of: tuple[int, ...]  # per seat, its side
    partnered: bool
    limit: int
    selection: str
    extra: tuple[str, ...]
    first_dealer: int
    carried: tuple[int, ...]  # per side
    dealing_bonus: str  # the ruling: EVERYONE or NOT_DEALER
    rows: tuple[Row, ...]
    tally: Tally
    hand: Any = None  # the arbiter's Hand being followed, or None
    deal_cut: str | None = None  # the cut entered with the deal of that hand

    @property
    def over(self) -> bool:
        return self.tally.end >= 0

    @property
    def hands(self) -> int:
        return sum(1 for row in self.rows if row.kind == "hand")

    @property
    def dealer(self) -> int:
        """The dealer of the next hand."""
        for row in reversed(self.rows):
            if row.kind == "hand":
                again = row.score.ended == ENDED_FIRE
                return row.dealer if again else (row.dealer + 1) % len(self.players)
        return self.first_dealer

    @property
    def rulings(self) -> dict[str, Any]:
        return {"dealing_bonus": self.dealing_bonus}

    @property
    def copies(self) -> dict[str, int]:
        return selection_copies(self.selection, self.extra)

    def side_name(self, side: int) -> str:
        return " & ".join(self.players[seat] for seat in self.sides[side])


# --------------------------------------------------------------------------- helpers


def _short(value: Any) -> str:
    return repr(value)[:40] if not isinstance(value, str) else repr(value[:40])


def _is_int(value: Any) -> bool:
    return type(value) is int


def _seat(state_n: int, value: Any, field: str, rule: str) -> int:
    if not _is_int(value) or not 0 <= value < state_n:
        raise RuleError(rule, f'"{field}" must be a seat from 0 to {state_n - 1}, not '
                              f'{_short(value)}.')
    return value


def _short_name(kind_id: str) -> str:
    """A card's name on a picker button: a Number card's value, a Suit card's name without
    its suit."""
    kind = KIND_BY_ID[kind_id]
    if kind.group == "number":
        return str(kind.value)
    return kind.name.split(" (")[0]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _check_partnerships(value: Any, n: int, names: tuple[str, ...]) -> tuple | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)):
        raise RuleError("partnerships", "Partnerships must be a list of seat lists, or null.")
    if n % 2:
        raise RuleError("partnerships", f"Partnerships need an even number of players, and "
                                        f"there are {n}.")
    seen: dict[int, int] = {}
    teams = []
    for index, team in enumerate(value):
        if not isinstance(team, (list, tuple)) or len(team) < 2:
            raise RuleError("partnerships", f"Partnership {index + 1} needs two or more "
                                            f"players.")
        members = []
        for seat in team:
            if not _is_int(seat) or not 0 <= seat < n:
                raise RuleError("partnerships", f"A partnership names seat {_short(seat)}, but "
                                                f"seats run from 0 to {n - 1}.")
            if seat in seen:
                raise RuleError("partnerships", f"{names[seat]} is in more than one "
                                                f"partnership.")
            seen[seat] = index
            members.append(seat)
        teams.append(tuple(sorted(members)))
    missing = [names[seat] for seat in range(n) if seat not in seen]
    if missing:
        raise RuleError("partnerships", f"{missing[0]} is in no partnership: every player "
                                        f"belongs to one.")
    if len(teams) < 2:
        raise RuleError("partnerships", "Partnerships need at least two partnerships.")
    for seat in range(n):
        left = (seat + 1) % n
        if seen[seat] == seen[left]:
            raise RuleError("partnerships", f"{names[seat]} and {names[left]} are partners "
                                            f"seated side by side; partners need another "
                                            f"player between them.")
    return tuple(teams)


def _check_cut(value: Any) -> str | None:
    if value is None:
        return None
    if value not in (CUT_MADE, CUT_MISSED):
        raise RuleError("dealing-bonus", f'The dealing cut is "made", "missed" or null (not '
                                         f'tried), not {_short(value)}.')
    return value


def dungeons_of(ended: Mapping[str, Any], magicians: bool = False) -> list[int]:
    """The sheet's "dungeon" for a hand followed card by card (``ended``: arbiter.outcome): a
    seat for each Dungeon card in front of a player, less the Dungeon played as the last card,
    which the sheet counts through "last". With ``magicians``: the sheet's
    "dungeon_magicians", the same for the Magicians played as a Dungeon."""
    seats: list[int] = []
    for entry in ended.get("dungeons") or ():
        mages = entry.get("magicians", 0)
        seats += [entry["seat"]] * (mages if magicians else entry["cards"] - mages)
    last_is = (ended.get("last_card") == "magician") == magicians
    if ended.get("last") == DUNGEON and last_is and ended.get("next") in seats:
        seats.remove(ended["next"])
    return sorted(seats)


# --------------------------------------------------------------------------- the engine


def _hands_left(move: Mapping[str, Any], players: Sequence[str],
                points: Sequence[int] | None = None) -> list[str]:
    """What each player was left holding, for a history line: the hand's points (``points``,
    the sheet's, when known; else what the cards picked count) and the cards, or the count
    typed."""
    cards = move.get("cards") or [None] * len(players)
    typed = move.get("points") or [None] * len(players)
    dungeons = move.get("dungeon") or []
    dungeons = dungeons if isinstance(dungeons, list) else [dungeons]
    magicians = move.get("dungeon_magicians") or []
    last, nxt = move.get("last"), move.get("next")
    if last and nxt is None and move.get("out") is not None:
        nxt = (move["out"] + 1) % len(players)
    out = []
    for seat, name in enumerate(players):
        if seat == move.get("out"):
            continue
        if typed[seat] is not None:
            out.append(f"{name} {points[seat] if points else typed[seat]} (typed)")
        elif cards[seat] is not None:
            drawn = tuple(move.get("next_draws") or ()) if seat == nxt else ()
            if points:
                worth = points[seat]
            else:
                last_here = last == DUNGEON and seat == nxt
                mage = bool(move.get("last_magician"))
                dungeon = dungeons.count(seat) + (last_here and not mage)
                worth = sum(line[0] for line in count_cards(
                    cards[seat], drawn, dungeon, name_of(last) if last in DRAWS else "",
                    magicians.count(seat) + (last_here and mage)))
            held = [name_of(card) for card in (*cards[seat], *drawn)] or ["no cards"]
            out.append(f"{name} {worth} ({', '.join(held)})")
    return out


class KingsCourt:
    """The King's Court score sheet and play-by-play (see companion.engine.Engine)."""

    name = "kings_court"
    title = "King's Court / King's Dynasty"
    min_players = 2
    max_players = 8
    rules = RULES
    rulings = RULINGS
    cards = KINDS  # the catalogue: every card kind of KC, KD and BONUS, with its stable id
    bgg_id = None  # not confirmed: BG Stats matches its plays by the title
    endings_title = None  # nothing but the totals tells games apart

    def seating(self, state: State, opening: State | None = None) -> Seating:
        return endgame.seating(self, state)

    def outcome(self, state: State, opening: State | None = None) -> Outcome | None:
        return endgame.outcome(self, state)

    def score_sheet(self, state: State) -> Sheet:
        return endgame.score_sheet(self, state)

    # -- setup ---------------------------------------------------------------------------------

    def new(self, options: Mapping[str, Any]) -> State:
        players, rulings = read_options(self, options, OPTION_FIELDS, "move-format",
                                        ("King's Court", 2, 8))
        n = len(players)
        teams = _check_partnerships(options.get("partnerships"), n, players)
        sides = teams if teams is not None else tuple((seat,) for seat in range(n))
        side_of = [0] * n
        for index, team in enumerate(sides):
            for seat in team:
                side_of[seat] = index
        limit = options.get("limit", 500)
        if not _is_int(limit) or not 0 < limit <= LIMIT_MOST:
            raise RuleError("limit", f"The limit must be a whole number from 1 to "
                                     f"{LIMIT_MOST:,}, such as 500, 750 or 1000.")
        selection = options.get("selection", "kc+kd")
        extra = options.get("extra", ())
        if extra is None:
            extra = ()
        if selection not in SELECTION_NAMES:
            raise RuleError("selection", f"The selection must be one of "
                                         f"{', '.join(SELECTION_NAMES)}, not {_short(selection)}.")
        if not isinstance(extra, (list, tuple)) or not all(isinstance(k, str) for k in extra):
            raise RuleError("selection", "The extra cards must be a list of card ids.")
        if extra and selection != "custom":
            raise RuleError("selection", 'Extra cards go with the selection "custom" (King\'s '
                                         'Court plus the cards named).')
        for kid in extra:
            if kid not in KIND_BY_ID:
                raise RuleError("selection", f"There is no King's Court card {_short(kid)}.")
            if KIND_BY_ID[kid].deck == "KC":
                raise RuleError("selection", f"The {name_of(kid)} is a King's Court card, "
                                             f"always in the game: name only expansion cards.")
        extra = tuple(sorted(set(extra), key=list(KIND_BY_ID).index))
        first = options.get("first_dealer", 0)
        if not _is_int(first) or not 0 <= first < n:
            raise RuleError("dealer", f"The first dealer must be a seat from 0 to {n - 1}.")
        carried = self._carried(options.get("carried"), n, sides, players, limit, teams)
        empty = tally(carried, (), limit)
        return State(players, sides, tuple(side_of), teams is not None, limit, selection,
                     extra, first, carried, rulings["dealing_bonus"], (), empty)

    @staticmethod
    def _carried(value: Any, n: int, sides, players, limit: int, teams) -> tuple[int, ...]:
        if value is None:
            return (0,) * len(sides)
        if not isinstance(value, (list, tuple)) or len(value) not in {n, len(sides)}:
            what = (f"one for each of the {len(sides)} partnerships, or one for each of the "
                    f"{n} players" if teams else f"one for each of the {n} players")
            raise RuleError("carried", f"The carried totals must be a list of whole numbers, "
                                       f"{what}.")
        for total in value:
            if not _is_int(total) or abs(total) > LIMIT_MOST:
                raise RuleError("carried", f"A carried total must be a whole number, not "
                                           f"{_short(total)}.")
        if len(value) == n and teams is not None:
            totals = tuple(sum(value[seat] for seat in team) for team in sides)
        else:
            totals = tuple(value)
        for side, total in enumerate(totals):
            if total >= limit:
                who = " & ".join(players[seat] for seat in sides[side])
                raise RuleError("carried", f"{who} carries {total}, which is not below the "
                                           f"limit of {limit}.")
        return totals

    def options_from_form(self, form: Mapping[str, str]) -> dict[str, Any]:
        """Options from the setup form (all fields are strings; see docs/kings_court.md):

        ``players`` (one name a line) or ``player-0`` .. ``player-7``; ``partnerships``: blank
        or "none", "opposite" (pairs facing each other), "alternate" (two partnerships, every
        other seat), or groups such as "Ann & Cid; Bob & Dee" (names or seat numbers from 1,
        groups split by ";" "/" or new lines, members by "&" "+" or ","); ``limit`` (default
        500); ``selection`` (kc, kc+kd, kc+kd+bonus or custom) with ``extra`` (card ids split
        by commas or spaces) and/or ``extra-<card id>`` checkboxes, read only for custom;
        ``first_dealer`` (the player field's number from 0, or a name; default the first
        player); ``carried`` (numbers split by commas, spaces or lines: one a player, or one a
        partnership) or ``carried-0`` .. ``carried-7`` (blank = 0): one per player field, or
        with partners one per partnership in the first fields; ``ruling-dealing_bonus``.

        With ``player-<i>`` fields, blank ones are left out and the players close up; the
        numbers of ``first_dealer`` and ``carried-<i>`` follow the player fields."""

        def field(key: str) -> str:
            value = form.get(key)
            return "" if value is None else str(value).strip()

        names = [line.strip() for line in field("players").splitlines() if line.strip()]
        if names:
            fields = list(range(len(names)))  # the form field number of each seat
        else:
            fields = [i for i in range(8) if field(f"player-{i}")]
            names = [field(f"player-{i}") for i in fields]
        n = len(names)
        options: dict[str, Any] = {"players": names}
        player_names(names, "King's Court", 2, 8)

        def seat_of(text: str, what: str, rule: str) -> int:
            text = text.strip()
            folded = [name.casefold() for name in names]
            if text.casefold() in folded:
                return folded.index(text.casefold())
            if text.isdigit() and 1 <= int(text) <= n:
                return int(text) - 1
            raise RuleError(rule, f"{what} {text!r} is neither a player's name nor a seat "
                                  f"number from 1 to {n}.")

        pairing = field("partnerships")
        if pairing.lower() in ("", "none", "no"):
            options["partnerships"] = None
        elif pairing.lower() == "opposite":
            if n % 2 or n < 4:
                raise RuleError("partnerships", "Partners facing each other need an even "
                                                "number of players, four or more.")
            options["partnerships"] = [[seat, seat + n // 2] for seat in range(n // 2)]
        elif pairing.lower() == "alternate":
            options["partnerships"] = [list(range(0, n, 2)), list(range(1, n, 2))]
        else:
            groups = []
            for group in pairing.replace("/", ";").replace("\n", ";").split(";"):
                members = [part for part in group.replace("&", ",").replace("+", ",").split(",")
                           if part.strip()]
                if members:
                    groups.append([seat_of(m, "Partner", "partnerships") for m in members])
            options["partnerships"] = groups
        limit = field("limit") or "500"
        if not limit.isdigit():
            raise RuleError("limit", "The limit must be a whole number, such as 500, 750 or "
                                     "1000.")
        options["limit"] = int(limit)
        options["selection"] = field("selection").lower() or "kc+kd"
        if options["selection"] == "custom":
            extra = field("extra").replace(",", " ").split()
            extra += [key[len("extra-"):] for key in form if key.startswith("extra-")
                      and field(key).lower() not in ("", "0", "off", "false")]
            if extra:
                options["extra"] = sorted(set(extra), key=lambda k: (k not in KIND_BY_ID, k))
        dealer = field("first_dealer")
        if dealer:
            if dealer.isdigit() and int(dealer) in fields:
                options["first_dealer"] = fields.index(int(dealer))
            elif dealer.isdigit():
                raise RuleError("dealer", f"The first dealer must be one of the {n} players.")
            else:
                options["first_dealer"] = seat_of(dealer, "The first dealer", "dealer")
        carried_text = field("carried").replace(",", " ").split()
        if not carried_text and any(field(f"carried-{i}") for i in range(8)):
            teams = options["partnerships"]
            used = list(range(len(teams))) if teams else fields
            stray = [i + 1 for i in range(8) if field(f"carried-{i}") and i not in used]
            if stray:
                raise RuleError("carried", f"Carried total {stray[0]} belongs to no " +
                                ("partnership: with partners, carry one total a partnership."
                                 if teams else "player."))
            carried_text = [field(f"carried-{i}") or "0" for i in used]
        if carried_text:
            try:
                options["carried"] = [int(text) for text in carried_text]
            except ValueError:
                raise RuleError("carried", "The carried totals must be whole numbers.") from None
        given = {}
        for ruling in self.rulings:
            value = form.get(f"ruling-{ruling.id}")
            if value is not None and str(value).strip():
                given[ruling.id] = str(value).strip()
        options["rulings"] = normalise_rulings(self, given)
        self.new(options)  # refuse now what the game would refuse
        return options

    def with_rulings(self, state: State, rulings: Mapping[str, Any]) -> State:
        chosen = normalise_rulings(self, rulings)
        if chosen["dealing_bonus"] == state.dealing_bonus:
            return state
        state = replace(state, dealing_bonus=chosen["dealing_bonus"])
        rows = tuple(self._rescored(state, row) for row in state.rows)
        return self._with_rows(state, rows)

    # -- checking a move -----------------------------------------------------------------------

    def validate(self, state: State, move: Any) -> None:
        self._check(state, move)

    def apply(self, state: State, move: Any) -> State:
        kind, parts = self._check(state, move, applying=True)
        if kind == "hand":
            score, dealer = parts
            row = self._hand_row(state, state.hands + 1, dealer, (score,))
            return self._with_rows(replace(state, hand=None, deal_cut=None),
                                   state.rows + (row,))
        if kind == "correct":
            index, score = parts
            old = state.rows[index]
            row = self._hand_row(state, old.number, old.dealer, old.versions + (score,))
            return self._with_rows(state, state.rows[:index] + (row,) + state.rows[index + 1:])
        if kind == "adjust":
            seat, side, amount, reason = parts
            number = sum(1 for row in state.rows if row.kind == "adjust") + 1
            side_points = tuple(amount if s == side else 0 for s in range(len(state.sides)))
            row = Row("adjust", number, -1, (), (0,) * len(state.players), side_points, seat,
                      side, amount, reason)
            return self._with_rows(state, state.rows + (row,))
        if kind == "deal":
            hand, cut = parts
            return replace(state, hand=hand, deal_cut=cut)
        if kind == "abandon":
            return replace(state, hand=None, deal_cut=None)
        return replace(state, hand=arbiter.apply_event(state.hand, move))  # checks it again

    def _check(self, state: State, move: Any, applying: bool = False) -> tuple[str, Any]:
        if type(move) is not dict:
            raise RuleError("move-format", 'A move must be an object with a "type" field.')
        kind = move.get("type")
        if kind == "correct":
            return kind, self._check_correct(state, move)
        if state.over:
            raise RuleError("game-over", f"The game is over ({self._reason(state)[:-1]}): only "
                                         f"a correction of a past hand can still be entered.")
        if kind == "hand":
            return kind, self._check_hand(state, move)
        if kind == "adjust":
            return kind, self._check_adjust(state, move)
        if kind == "deal":
            return kind, self._check_deal(state, move)
        if kind == "abandon":
            if set(move) != {"type"}:
                raise RuleError("move-format", 'Stopping play-by-play takes no other field '
                                               'than "type".')
            if state.hand is None:
                raise RuleError("play-by-play", "No hand is being followed card by card.")
            return kind, None
        if isinstance(kind, str) and kind in arbiter.EVENTS:
            if state.hand is None:
                raise RuleError("play-by-play", "No hand is being followed card by card: "
                                                "start one with a deal, or score the hand on "
                                                "the sheet.")
            if arbiter.outcome(state.hand) is not None:
                raise RuleError("play-by-play", "This hand is over: score it on the sheet.")
            if not applying:
                arbiter.validate_event(state.hand, move)
            return "event", None
        kinds = ", ".join(f'"{k}"' for k in sorted(SHEET_MOVES | arbiter.EVENTS))
        raise RuleError("move-format", f'A move\'s "type" must be one of {kinds}.')

    def _check_deal(self, state: State, move: dict) -> tuple:
        for key in move:
            if key not in _DEAL_KEYS:
                raise RuleError("move-format", f"A deal has no field called {_short(key)}.")
        if state.hand is not None:
            raise RuleError("play-by-play", "A hand is already being followed card by card: "
                                            "score it, or stop following it, first.")
        cut = _check_cut(move.get("cut"))
        if "first" not in move:
            raise RuleError("move-format", 'A deal needs "first": the card turned face up.')
        kinds = selection_kinds(state.selection, state.extra)
        hand = arbiter.start_hand(len(state.players), state.dealer, kinds, move["first"],
                                  dict(state.rulings), state.players,
                                  partners=len(state.sides) < len(state.players))
        return hand, cut

    def _check_adjust(self, state: State, move: dict) -> tuple:
        for key in move:
            if key not in _ADJUST_KEYS:
                raise RuleError("move-format", f"An adjustment has no field called "
                                               f"{_short(key)}.")
        n = len(state.players)
        if ("seat" in move) == ("partnership" in move):
            raise RuleError("adjust", 'An adjustment names either a "seat" or a '
                                      '"partnership".')
        if "seat" in move:
            seat = _seat(n, move["seat"], "seat", "adjust")
            side = state.side_of[seat]
        else:
            if not state.partnered:
                raise RuleError("adjust", "This game has no partnerships: name a seat.")
            side = move["partnership"]
            if not _is_int(side) or not 0 <= side < len(state.sides):
                raise RuleError("adjust", f'"partnership" must be a number from 0 to '
                                          f'{len(state.sides) - 1}.')
            seat = -1
        amount = move.get("points")
        if not _is_int(amount) or amount == 0 or abs(amount) > ADJUST_MOST:
            raise RuleError("adjust", f"An adjustment gives a whole number of points, not 0, "
                                      f"at most {ADJUST_MOST:,} either way.")
        reason = move.get("reason")
        if not isinstance(reason, str) or not reason.strip():
            raise RuleError("adjust", "An adjustment needs a reason, such as a correction "
                                      "agreed at the table.")
        # The reason is stored as sent: bound it as sent, spaces included, then show it tidied.
        if len(reason) > REASON_LENGTH:
            raise RuleError("adjust", f"The reason is longer than {REASON_LENGTH} characters.")
        reason = " ".join(reason.split())
        return seat, side, amount, reason

    def _check_correct(self, state: State, move: dict) -> tuple:
        for key in move:
            if key not in _CORRECT_KEYS:
                raise RuleError("move-format", f"A correction has no field called "
                                               f"{_short(key)}.")
        number = move.get("hand")
        hands = [i for i, row in enumerate(state.rows) if row.kind == "hand"]
        if not _is_int(number) or not 1 <= number <= len(hands):
            if not hands:
                raise RuleError("correct", "No hand has been scored yet, so none can be "
                                           "corrected.")
            raise RuleError("correct", f'"hand" must be the number of a scored hand, 1 to '
                                       f'{len(hands)}.')
        index = hands[number - 1]
        body = {key: value for key, value in move.items() if key != "hand"}
        score = self._read_hand(state, body, state.rows[index].dealer, False)
        return index, score

    def _check_hand(self, state: State, move: dict) -> tuple:
        for key in move:
            if key not in _HAND_KEYS:
                raise RuleError("move-format", f"A hand has no field called {_short(key)}.")
        dealer = state.dealer
        if state.hand is None:
            return self._read_hand(state, move, dealer, False), dealer
        ended = arbiter.outcome(state.hand)
        if ended is None:
            raise RuleError("play-by-play", "The hand being followed card by card is not over: "
                                            "play on, or stop following it to score it on the "
                                            "sheet alone.")
        filled = dict(move)  # what the table leaves out is taken from the hand as played
        filled.setdefault("out", ended["out"])
        filled.setdefault("played", ended["played"])
        if ended["ended_by"] != ENDED_FIRE:  # a hand thrown in counts only its Risk cards
            filled.setdefault("dungeon", dungeons_of(ended))
            filled.setdefault("dungeon_magicians", dungeons_of(ended, magicians=True))
            if ended.get("last") is not None:
                filled.setdefault("last", ended["last"])
                filled.setdefault("last_magician", ended.get("last_card") == "magician")
            if ended.get("next") is not None:
                filled.setdefault("next", ended["next"])
            if state.deal_cut is not None:
                filled.setdefault("cut", state.deal_cut)
        score = self._read_hand(state, filled, dealer, True)
        self._agrees(state, score, ended)
        return score, dealer

    def _agrees(self, state: State, score: HandScore, ended: Mapping[str, Any]) -> None:
        """A hand followed card by card is scored as it ended (``ended``: arbiter.outcome)."""
        names = state.players
        out = -1 if ended["out"] is None else ended["out"]
        if score.out != out:
            said = "nobody" if out < 0 else names[out]
            raise RuleError("play-by-play", f"The hand followed card by card ended with "
                                            f"{said} out, so score it that way.")
        if score.ended != ended["ended_by"]:
            raise RuleError("play-by-play", f"The hand followed card by card ended by "
                                            f"{ended['ended_by'].replace('-', ' ')}.")
        want = sorted((p["card"], p["by"], -1 if p.get("on") is None else p["on"])
                      for p in ended["played"])
        if sorted(score.played) != want:
            raise RuleError("play-by-play", "The Risk and Warlord cards entered are not the "
                                            "ones played in the hand followed card by card.")
        if score.ended == ENDED_FIRE:
            return
        if list(score.dungeons) != dungeons_of(ended) or \
                list(score.dungeon_magicians) != dungeons_of(ended, magicians=True):
            raise RuleError("play-by-play", "The Dungeon cards entered are not where the hand "
                                            "followed card by card left them.")
        mage = ended.get("last_card") == "magician"
        if ended.get("last") is not None and (score.last, score.last_magician) != \
                (ended["last"], mage):
            raise RuleError("play-by-play", f"{names[out]} went out with "
                                            f"{'a Magician as ' if mage else ''}the "
                                            f"{name_of(ended['last'])}.")
        draws = ended.get("next_draws") or 0
        if draws:
            nxt = ended["next"]
            if score.next != nxt:
                raise RuleError("play-by-play", f"The next player was {names[nxt]}.")
            if score.cards[nxt] is not None and len(score.next_draws) != draws:
                raise RuleError("count-draw-card", f"{names[nxt]} drew "
                                                   f"{_plural(draws, 'card')} at the end of the "
                                                   f"hand: pick exactly those.")
        elif score.next_draws:
            raise RuleError("count-draw-card", "Nobody drew cards at the end of the hand "
                                               "followed card by card.")
        sizes = arbiter.hand_view(state.hand)["hands"]
        for seat, held in enumerate(score.cards):
            if held is None:
                continue
            picked = len(held) + (len(score.next_draws) if seat == score.next else 0)
            if picked != sizes[seat]:
                raise RuleError("play-by-play", f"{names[seat]} holds "
                                                f"{_plural(sizes[seat], 'card')} in the hand "
                                                f"followed card by card, and {picked} are "
                                                f"picked.")

    def _read_hand(self, state: State, move: Mapping[str, Any], dealer: int,
                   play_by_play: bool) -> HandScore:
        """The checked HandScore of a hand or correction (both share every check)."""
        names = state.players
        n = len(names)
        copies = state.copies
        counted: dict[str, int] = {}

        def card(value: Any, where: str) -> str:
            if type(value) is not str or value not in KIND_BY_ID:
                raise RuleError("selection", f"{where}: there is no King's Court card "
                                             f"{_short(value)}.")
            if value not in copies:
                raise RuleError("selection", f"{where}: the {name_of(value)} is not in this "
                                             f"game's cards "
                                             f"({SELECTION_TITLES[state.selection]}).")
            counted[value] = counted.get(value, 0) + 1
            return value

        if "dealer" in move and (not _is_int(move["dealer"]) or move["dealer"] != dealer):
            raise RuleError("dealer", f"{names[dealer]} deals this hand: the deal passes to the "
                                      f"left after every hand.")
        if "out" not in move:
            raise RuleError("move-format", 'A hand needs "out": the seat who went out, or null '
                                           'when a Poison Garden or Castle Fire ended it.')
        out = move["out"]
        out = -1 if out is None else _seat(n, out, "out", "going-out")

        # Risk and Warlord cards played
        played_in = move.get("played")
        if played_in is None:
            played_in = []
        if not isinstance(played_in, list):
            raise RuleError("move-format", '"played" must be a list of the Risk and Warlord '
                                           'cards played, such as {"card": "kings-goblet", '
                                           '"by": 1}.')
        played = []
        for entry in played_in:
            if not isinstance(entry, dict) or not set(entry) <= {"card", "by", "on"}:
                raise RuleError("move-format", 'Each card played is {"card": id, "by": seat} '
                                               'with "on": seat for a Dark Knight.')
            kid = entry.get("card")
            if kid not in RISK and kid != "warlord":
                raise RuleError("risk-cards", f"Only Risk cards and the Warlord are entered as "
                                              f"played, not {_short(kid)}.")
            card(kid, "Cards played")
            by = _seat(n, entry.get("by"), "by", "risk-cards")
            on = entry.get("on")
            if kid == "dark-knight":
                on = _seat(n, on, "on", "score-dark-knight")
                if on == by:
                    raise RuleError("score-dark-knight", "The Dark Knight is played on another "
                                                         "player, one who said On Guard.")
            elif kid == "warlord" and on is not None:
                on = _seat(n, on, "on", "score-warlord")
                if on == by:
                    raise RuleError("score-warlord", "The Warlord plays another player's turn, "
                                                     "not its own player's.")
            elif on is not None:
                raise RuleError("risk-cards", f"The {name_of(kid)} is not played on a player: "
                                              f'leave out "on".')
            else:
                on = -1
            played.append((kid, by, on))
        enders = [kid for kid, _, _ in played if kid in ENDERS]
        if len(enders) > 1:
            raise RuleError("risk-cards", "A Poison Garden and a Castle Fire cannot both end "
                                          "one hand: the first one played ends it.")
        ended = enders[0] if enders else ENDED_OUT
        if enders and out >= 0:
            raise RuleError(f"score-{ended}", f"The {name_of(ended)} ended the hand at once, so "
                                              f"nobody went out: leave \"out\" empty.")
        if not enders and out < 0:
            raise RuleError("going-out", "Say who went out: only a Poison Garden or a Castle "
                                         "Fire ends a hand with nobody out.")

        cards_in = move.get("cards")
        typed_in = move.get("points")
        for value, what in ((cards_in, "cards"), (typed_in, "points")):
            if value is not None and (not isinstance(value, list) or len(value) != n):
                raise RuleError("move-format", f'"{what}" must be a list with one entry for '
                                               f'each of the {n} players, null where not used.')
        cards_in = cards_in or [None] * n
        typed_in = typed_in or [None] * n
        last, nxt, draws, dungeon = move.get("last"), move.get("next"), \
            move.get("next_draws"), move.get("dungeon")
        cut = _check_cut(move.get("cut"))

        if ended == ENDED_FIRE:
            if any(c for c in cards_in) or any(t is not None for t in typed_in):
                raise RuleError("score-castle-fire", "The Castle Fire threw the hand in: leave "
                                                     "the cards and points out, they count "
                                                     "nothing.")
            if last is not None or draws or dungeon not in (None, []) or nxt is not None:
                raise RuleError("score-castle-fire", "The Castle Fire threw the hand in: there "
                                                     "is no last card, draw or Dungeon to "
                                                     "count.")
            if cut is not None:
                raise RuleError("score-castle-fire", "The Castle Fire threw the hand in, so the "
                                                     "dealing cut does not count: leave it out.")
            return HandScore(-1, ended, (None,) * n, (None,) * n, None, -1, (), (),
                             tuple(played), None, play_by_play)

        cards: list = []
        typed: list = []
        for seat in range(n):
            held, count = cards_in[seat], typed_in[seat]
            if held is not None and not isinstance(held, list):
                raise RuleError("move-format", f"{names[seat]}'s cards must be a list of card "
                                               f"ids.")
            if seat == out:
                if held or count not in (None, 0):
                    raise RuleError("going-out", f"{names[seat]} went out, so there are no "
                                                 f"cards left to count in that hand.")
                cards.append(None)
                typed.append(None)
                continue
            if held is not None and count is not None:
                raise RuleError("cards-left", f"Give {names[seat]}'s cards or a typed count, "
                                              f"not both.")
            if held is None and count is None:
                raise RuleError("cards-left", f"Say what {names[seat]} has left: pick the "
                                              f"cards or type the count.")
            if count is not None:
                if not _is_int(count) or count < 0 or count > TYPED_MOST:
                    raise RuleError("cards-left", f"{names[seat]}'s typed count must be a whole "
                                                  f"number from 0 to {TYPED_MOST:,} (pick the "
                                                  f"cards of a hand that counts below zero).")
                cards.append(None)
                typed.append(count)
                continue
            if not held:
                raise RuleError("cards-left", f"{names[seat]} did not go out, so cards are "
                                              f"left in that hand: pick them or type the "
                                              f"count.")
            cards.append(tuple(card(kid, f"{names[seat]}'s hand") for kid in held))
            typed.append(None)

        # the last card, the next player's draws and the Dungeon
        if out < 0 and (last is not None or nxt is not None or draws):
            raise RuleError("count-draw-card", "Nobody went out, so there is no last card and "
                                               "nothing to draw for it.")
        last_magician = move.get("last_magician", False)
        if type(last_magician) is not bool:
            raise RuleError("move-format", '"last_magician" is true when the last card was a '
                                           'Magician played as the card under "last".')
        if last_magician and (last is None or last == "magician"):
            raise RuleError("count-draw-card", 'A Magician played last became a card: name that '
                                               'card under "last".')
        if last is not None:
            last = card(last, "The last card")
            if last_magician:  # copies count the card it physically is (ruling 50)
                counted[last] -= 1
                card("magician", "The last card")
            if last in RISK:
                raise RuleError("risk-cards", "A Risk card lies face up in front of its player: "
                                              "nobody goes out with it.")
        if out >= 0:
            nxt = (out + 1) % n if nxt is None else _seat(n, nxt, "next", "count-draw-card")
            if nxt == out:
                raise RuleError("count-draw-card", f"The next player cannot be {names[out]}, "
                                                   f"who went out.")
        else:
            nxt = -1
        if dungeon is None:
            dungeon = []
        elif not isinstance(dungeon, list):
            dungeon = [dungeon]
        dungeons = []
        for seat in dungeon:
            seat = _seat(n, seat, "dungeon", "count-dungeon")
            if seat == out:
                raise RuleError("count-dungeon", f"{names[out]} sat in the Dungeon and could "
                                                 f"not go out.")
            counted[DUNGEON] = counted.get(DUNGEON, 0) + 1
            dungeons.append(seat)
        dungeons.sort()
        magicians_in = move.get("dungeon_magicians")
        if magicians_in is None:
            magicians_in = []
        if not isinstance(magicians_in, list):
            raise RuleError("move-format", '"dungeon_magicians" must be a list of the seats a '
                                           'Magician played as a Dungeon lay in front of.')
        magicians = []
        for seat in magicians_in:
            seat = _seat(n, seat, "dungeon_magicians", "count-dungeon")
            if seat == out:
                raise RuleError("count-dungeon", f"{names[out]} sat in the Dungeon and could "
                                                 f"not go out.")
            card("magician", "The Dungeon cards")
            magicians.append(seat)
        magicians.sort()
        if draws is None:
            draws = []
        if not isinstance(draws, list):
            raise RuleError("move-format", '"next_draws" must be a list of the card ids the '
                                           'next player drew.')
        if draws:
            if cards[nxt] is None:
                raise RuleError("count-draw-card", f"{names[nxt]}'s count is typed, so it "
                                                   f"already holds the cards drawn: leave out "
                                                   f"the drawn cards.")
        drawn = tuple(card(kid, "The cards drawn") for kid in draws)
        if last in DRAWS and cards[nxt] is not None and not play_by_play:
            jailed = nxt in dungeons or nxt in magicians
            need = (1 if jailed else 2) if last == DUNGEON else DRAWS[last]
            if len(drawn) < need:
                raise RuleError("count-draw-card", f"{names[out]} went out with the "
                                                   f"{name_of(last)}, so {names[nxt]} draws at "
                                                   f"least {_plural(need, 'card')} that count: "
                                                   f"pick them.")

        for kid, count in counted.items():
            if count > copies[kid]:
                have = copies[kid]
                copy = "1 copy" if have == 1 else f"{have} copies"
                raise RuleError("copies", f"This game has {copy} of the "
                                          f"{name_of(kid)}, and this hand names {count}.")
        return HandScore(out, ended, tuple(cards), tuple(typed), last, nxt, drawn,
                         tuple(dungeons), tuple(played), cut, play_by_play,
                         last_magician=last_magician, dungeon_magicians=tuple(magicians))

    # -- the sheet -----------------------------------------------------------------------------

    def _hand_row(self, state: State, number: int, dealer: int,
                  versions: tuple[HandScore, ...]) -> Row:
        lines = breakdown(versions[-1], state.players, dealer, state.dealing_bonus)
        points = tuple(sum(line[0] for line in seat_lines) for seat_lines in lines)
        side_points = tuple(sum(points[seat] for seat in team) for team in state.sides)
        return Row("hand", number, dealer, versions, points, side_points)

    def _rescored(self, state: State, row: Row) -> Row:
        if row.kind != "hand":
            return row
        return self._hand_row(state, row.number, row.dealer, row.versions)

    @staticmethod
    def _with_rows(state: State, rows: tuple[Row, ...]) -> State:
        return replace(state, rows=rows,
                       tally=tally(state.carried, [row.side_points for row in rows],
                                   state.limit))

    # -- reading the state ---------------------------------------------------------------------

    def to_move(self, state: State) -> int | None:
        if state.over or state.hand is None or arbiter.outcome(state.hand) is not None:
            return None
        return state.hand.to_play

    def ask(self, state: State, question: Any) -> dict[str, Any]:
        """The stateless arbiter for a table that keeps only the sheet here: "may I play this
        now?". ``question`` is {"situation": {...}, "play": [card, ...]} as arbiter.judge takes
        them; the situation's "players" and "selection" default to this game's."""
        if not isinstance(question, dict) or set(question) - {"situation", "play"}:
            raise RuleError("judge", 'A question is {"situation": {...}, "play": [cards]}.')
        situation = question.get("situation")
        if not isinstance(situation, dict):
            raise RuleError("judge", 'A question needs "situation": the top card, the suit in '
                                     'force and what is pending.')
        situation = dict(situation)
        situation.setdefault("players", len(state.players))
        situation.setdefault("selection", state.selection if state.selection != "custom"
                             else {"name": "custom", "extra": list(state.extra)})
        answer = arbiter.judge(situation, question.get("play"))
        # The rule's title as the rules page shows it, so a phone can name the rule it cites.
        answer["title"] = next((entry.title for entry in RULES if entry.id == answer["rule"]),
                               None)
        return answer

    def _reason(self, state: State) -> str:
        t = state.tally
        names = [state.side_name(side) for side in t.winners]
        low = t.totals[t.winners[0]]
        if t.how == "scroll-bonus":
            return (f"{names[0]} landed exactly on {state.limit}, was halved to {low} and is "
                    f"the single lowest.")
        over = [state.side_name(side) for side, total in enumerate(t.totals)
                if total > state.limit]
        went = f"{' and '.join(over)} went over {state.limit}"
        if len(names) == 1:
            return f"{went}; {names[0]} wins with the lowest total, {low}."
        return (f"{went}; {', '.join(names[:-1])} and {names[-1]} share the win with {low}.")

    def result(self, state: State) -> dict[str, Any] | None:
        t = state.tally
        if t.end < 0:
            return None
        seats = sorted(seat for side in t.winners for seat in state.sides[side])
        return {"winners": seats, "sides": list(t.winners),
                "names": [state.side_name(side) for side in t.winners],
                "how": t.how, "row": t.end, "reason": self._reason(state),
                "totals": list(t.totals)}

    def describe(self, move: Any, players: Sequence[str], *, before: State | None = None,
                 after: State | None = None) -> str:
        """One history line for an accepted move, naming players by ``players``."""
        kind = move.get("type")
        if kind in ("hand", "correct"):
            head = f"Hand {move['hand']} corrected" if kind == "correct" else "Hand scored"
            row = None
            if after is not None:  # the sheet's points for the hand, Risk cards and cut included
                number = move["hand"] if kind == "correct" else None
                row = next((r for r in reversed(after.rows) if r.kind == "hand"
                            and (number is None or r.number == number)), None)
            # a hand followed card by card leaves out what the engine knows: the sheet has it
            out = move.get("out") if row is None or "out" in move else \
                (row.score.out if row.score.out >= 0 else None)
            last = move.get("last") or (row.score.last if row is not None else None)
            played = [p["card"] for p in move.get("played") or
                      ([{"card": card} for card, _, _ in row.score.played] if row else ())]
            if "castle-fire" in played:
                text = f"{head}: thrown in by a Castle Fire"
            elif "poison-garden" in played:
                text = f"{head}: ended by a Poison Garden"
            elif out is None:
                text = head
            else:
                text = f"{head}: {players[out]} went out"
                if last:
                    text += f" with the {name_of(last)}"
            others = [name_of(card) for card in played if card not in ENDERS]
            if others:
                text += f"; played: {', '.join(others)}"
            if "castle-fire" not in played:
                text += "".join(f"; {hand}" for hand in
                                _hands_left(move, players, row.points if row else None))
            cut = move.get("cut") or (row.score.cut if row else None)
            if cut:
                dealer = f"{players[row.dealer]}'s " if row else ""
                text += f"; {dealer}dealing cut {cut}"
            return text
        if kind == "adjust":
            who = (players[move["seat"]] if "seat" in move
                   else f"partnership {move['partnership'] + 1}")
            return f"Adjustment: {move['points']:+d} to {who} ({' '.join(move['reason'].split())})"
        if kind == "deal":
            first = move.get("first")
            first = first if isinstance(first, dict) else {"card": first}
            named = f", {first['suit']} named" if first.get("suit") else ""
            who = f"{players[before.dealer]} dealt" if before is not None else "Dealt"
            return (f"{who} the hand, to be followed card by card: {name_of(first['card'])} "
                    f"turned up{named}" + (f"; dealing cut {move['cut']}" if move.get("cut")
                                           else ""))
        if kind == "abandon":
            return "Stopped following the hand card by card"
        return arbiter.describe(move, players)

    def view(self, state: State, player: int | None = None) -> dict[str, Any]:
        """The whole table's view: the sheet, every row's breakdown, the hand being followed."""
        names = state.players
        t = state.tally
        over = t.end >= 0
        low = min(t.totals)
        lowest = [side for side, total in enumerate(t.totals) if total == low]
        rows = [self._row_view(state, index, row) for index, row in enumerate(state.rows)]
        copies = state.copies
        ended = None if state.hand is None else arbiter.outcome(state.hand)
        if over:
            stage = "over"
        elif state.hand is None:
            stage = "between-hands"
        else:
            stage = "score" if ended is not None else "playing"
        return {
            "game": self.name,
            "players": [{"seat": seat, "name": name, "side": state.side_of[seat],
                         "dealer": not over and seat == state.dealer}
                        for seat, name in enumerate(names)],
            "partnerships": [list(team) for team in state.sides] if state.partnered else None,
            "sides": [{"side": side, "seats": list(team), "name": state.side_name(side),
                       "carried": state.carried[side], "total": t.totals[side],
                       "lowest": side in lowest, "over": t.totals[side] > state.limit,
                       "to_limit": state.limit - t.totals[side]}
                      for side, team in enumerate(state.sides)],
            "limit": state.limit,
            "selection": state.selection,
            "selection_title": SELECTION_TITLES[state.selection],
            "extra": list(state.extra),
            "cards": [{"id": kid, "name": name_of(kid), "copies": count,
                       "value": KIND_BY_ID[kid].value, "group": KIND_BY_ID[kid].group,
                       "family": KIND_BY_ID[kid].family, "colour": KIND_BY_ID[kid].colour,
                       "suits": list(KIND_BY_ID[kid].suits), "short": _short_name(kid)}
                      for kid, count in copies.items()],
            "dealing_bonus": cut_bonus(len(names)),
            "dealer": None if over else state.dealer,
            "hand_number": None if over else state.hands + 1,
            "rows": rows,
            "totals": list(t.totals),
            "lowest": lowest,
            "stage": stage,
            "hand": None if state.hand is None else arbiter.hand_view(state.hand),
            "outcome": ended,
            "cut": state.deal_cut,
            "rulings": state.rulings,
            "result": self.result(state),
        }

    def _row_view(self, state: State, index: int, row: Row) -> dict[str, Any]:
        names = state.players
        t = state.tally
        after = t.after[index]
        counted = after is not None
        halved = dict(t.halved[index])
        events = []
        for side, total in t.halved[index]:
            events.append({"rule": "scroll-bonus",
                           "text": f"Scroll Bonus: {state.side_name(side)} landed exactly on "
                                   f"{total} and is halved to {total // 2}."})
        if t.end == index:
            events.append({"rule": "scroll-bonus" if t.how == "scroll-bonus" else "game-end",
                           "text": f"Game over: {self._reason(state)}"})
        if not counted:
            events.append({"rule": "correct", "text": "Entered after the game had ended (a "
                                                      "correction ended it earlier): not "
                                                      "counted."})
        before = self._before(state, index)
        sides = []
        for side, team in enumerate(state.sides):
            sides.append({"side": side, "name": state.side_name(side),
                          "points": row.side_points[side],
                          "before": before[side] if before is not None else None,
                          "after": after[side] if counted else None,
                          "halved": side in halved})
        view: dict[str, Any] = {"row": index, "kind": row.kind, "number": row.number,
                                "counted": counted, "sides": sides,
                                "totals": list(after) if counted else None, "events": events}
        if row.kind == "adjust":
            who = names[row.seat] if row.seat >= 0 else state.side_name(row.side)
            view.update({"seat": None if row.seat < 0 else row.seat, "side": row.side,
                         "points": row.amount, "reason": row.reason,
                         "text": f"Adjustment: {row.amount:+d} to {who}: {row.reason}"})
            return view
        view.update(self._score_view(state, row.dealer, row.score))
        view["dealer"] = row.dealer
        view["corrected"] = len(row.versions) - 1
        view["versions"] = []
        if len(row.versions) > 1:
            for version in row.versions:
                lines = breakdown(version, names, row.dealer, state.dealing_bonus)
                points = [sum(line[0] for line in seat_lines) for seat_lines in lines]
                view["versions"].append({
                    "entry": version.to_dict(), "points": points,
                    "side_points": [sum(points[seat] for seat in team)
                                    for team in state.sides]})
        return view

    @staticmethod
    def _score_view(state: State, dealer: int, score: HandScore) -> dict[str, Any]:
        names = state.players
        lines = breakdown(score, names, dealer, state.dealing_bonus)
        players = []
        for seat, seat_lines in enumerate(lines):
            players.append({
                "seat": seat, "name": names[seat], "side": state.side_of[seat],
                "points": sum(line[0] for line in seat_lines),
                "out": seat == score.out,
                "typed": score.typed[seat] is not None,
                "cards": list(score.cards[seat] or ()),
                "drawn": list(score.next_draws) if seat == score.next else [],
                "lines": [{"points": p, "why": why, "rule": rule, "card": kid, "count": count}
                          for p, why, rule, kid, count in seat_lines]})
        if score.ended == ENDED_FIRE:
            text = "Thrown in by a Castle Fire"
        elif score.ended == ENDED_POISON:
            text = "Ended by a Poison Garden"
        else:
            text = f"{names[score.out]} went out" + (
                f" with the {name_of(score.last)}" if score.last else "")
        return {"out": None if score.out < 0 else score.out, "ended": score.ended,
                "text": text, "entry": score.to_dict(), "players": players,
                "play_by_play": score.play_by_play}

    @staticmethod
    def _before(state: State, index: int) -> tuple | None:
        """The sides' totals before a row (None for a row that is not counted)."""
        t = state.tally
        if t.after[index] is None:
            return None
        return t.after[index - 1] if index else state.carried


ENGINE = KingsCourt()
