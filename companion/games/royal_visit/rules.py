"""Royal Visit: the state, the moves, and their checks.

Board spaces run from -8 to +8. Space 0 is the Fountain. Seat 0's Chateau is +7/+8 (drawn at the
top), its Duchy +1..+6; seat 1 mirrors it on the minus side. A seat's *sign* is +1 for seat 0 and
-1 for seat 1, so "toward me" is ``sign * (to - from) > 0``.

The app never sees a hand. It counts hand sizes, the draw pile, the reshuffles, and the discard
pile since the last reshuffle (every played card is seen).

Moves are JSON::

    {"type": "play", "cards": [card, ...]}       # cards in the order played
    {"type": "summon", "pawn": "king"}           # the Wizard's power
    {"type": "summon", "pawn": "guard", "from": 3}
    {"type": "pass"}

and a card is ``{"card": "<kind id>", "moves": [{"pawn": ..., "from": ..., "to": ...}]}``,
``{"card": "court", "dir": 1}`` (King's privilege, two King cards) or ``{"card": "guard-flank"}``.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Iterable, Iterator, Mapping, Sequence

from companion.engine import (
    APP_SECTION,
    MISSING,
    RuleEntry,
    RuleError,
    Ruling,
    normalise_rulings,
    read_options,
)
from companion.engine import Outcome, Seating
from companion.games.royal_visit import outcome as endgame
from companion.games.royal_visit.cards import DECK_SIZE, HAND_SIZE, KIND_INDEX, KINDS

# --------------------------------------------------------------------------- board and pawns

LOW_END, HIGH_END = -8, 8
CHATEAU = 7  # |space| >= 7 is a Chateau
DUCHY = 6  # 1 <= |space| <= 6 is a Duchy
CROWN_END = 6  # the track runs -6..+6; 7 steps from the middle is inside a Chateau
SIGNS = (1, -1)
OUTSIDE_HANDS = DECK_SIZE - 2 * HAND_SIZE  # 38 cards in the draw pile and the discard pile

# pawn slots in a position list
K, GL, GH, W, J = 0, 1, 2, 3, 4
PAWN_OF_SLOT = ("king", "guard", "guard", "wizard", "jester")
TYPE_OF_SLOT = (0, 1, 1, 2, 3)  # pawn type index: king, guard, wizard, jester
TYPE_NAMES = ("king", "guard", "wizard", "jester")
PAWN_TITLES = {"king": "King", "guard": "Guard", "wizard": "Wizard", "jester": "Jester"}
COURT_CODE = 5  # crown-step reason code: the whole Court in the mover's Duchy

N_KINDS = len(KINDS)
COPIES = tuple(kind.copies for kind in KINDS)
NO_DISCARD = (0,) * N_KINDS

# --------------------------------------------------------------------------- rules page

SECTION_SETUP = "Setup and board"
SECTION_TURN = "Your turn"
SECTION_CARDS = "The cards"
SECTION_POWERS = "Powers"
SECTION_CROWN = "The Crown"
SECTION_END = "End of the game"
SECTION_RULINGS = "Table rulings"

RULES: tuple[RuleEntry, ...] = (
    RuleEntry("board", "The board",
              "The board is a row of 17 spaces. The middle one is the Fountain; the six spaces on "
              "each side of it are that player's Duchy, and the two end spaces on each side are "
              "that player's Chateau.", SECTION_SETUP),
    RuleEntry("setup", "Setup",
              "The King starts on the Fountain with a Guard two spaces away on each side. The "
              "Wizard and the Jester go on the two spaces next to the Fountain, one in each Duchy, "
              "picked blind. The Crown starts Big side up in the middle of its track, and the "
              "player with the Wizard in their Duchy goes first.", SECTION_SETUP),
    RuleEntry("players", "Players",
              "Two players. Each needs a name of 1 to 30 characters, and the two names must "
              "differ.", SECTION_SETUP),
    RuleEntry("position", "Starting from a position",
              "A game can start from a position already on the table. The app refuses a position "
              "that cannot come up in play, such as a pawn off the board, a King outside his "
              "Guards, a game that is already won, or a draw pile larger than the deck allows. "
              "An empty draw pile means the deck has just run out, and the app settles it at "
              "once: the discard pile becomes the new draw pile (the Crown turns Little), and "
              "with the Little side already up that happens only with the King on the Fountain; "
              "with the King in a Duchy that game is already won and the position is refused.",
              SECTION_SETUP),
    RuleEntry("hands", "Hands and refilling",
              "Each player holds 8 cards; the other 38 are in the draw pile or the discard pile. "
              "At the end of your turn you draw as many cards as you played, back up to 8. The "
              "app never sees a hand, it only counts the cards.", SECTION_SETUP),
    RuleEntry("turn", "Your turn",
              "On your turn you either play one or more cards, or use the Wizard's power. Then "
              "the Crown moves and you refill your hand.", SECTION_TURN),
    RuleEntry("one-type", "One type of card a turn",
              "All the cards you play in one turn must be of one type: King, Guard, Wizard or "
              "Jester. Jester cards used as wild cards still count as Jester cards.",
              SECTION_TURN),
    RuleEntry("exact-move", "Exact moves",
              "A card moves its pawn exactly the number of spaces it shows, never fewer. Pawns "
              "may jump over other pawns and share their spaces, apart from the Court rule.",
              SECTION_TURN),
    RuleEntry("board-ends", "Board ends",
              "You cannot play a card whose move would take a pawn past either end of the board.",
              SECTION_TURN),
    RuleEntry("court", "The Court",
              "The King and the two Guards are the Court. After every card, and after a summon, "
              "the King must stand strictly between the two Guards and never on a Guard's space. "
              "The Wizard and the Jester may stand anywhere.", SECTION_TURN),
    RuleEntry("must-move", "A move must move something",
              "A card or a summon that would leave its pawn where it already stands cannot be "
              "played.", SECTION_TURN),
    RuleEntry("hand-size", "Hand size",
              "You cannot play more cards in one turn than your hand holds, which is 8.",
              SECTION_TURN),
    RuleEntry("copies", "Card copies",
              "Every played card is seen, so the app knows the discard pile since the last "
              "shuffle, and which cards went into the draw pile at a reshuffle. A card cannot "
              "be in your hand when every copy of it is in the discard pile, or was shuffled "
              "into the draw pile after you last drew, so the app refuses it.", SECTION_TURN),
    RuleEntry("passing", "Passing",
              "The app cannot see your hand, so a player who cannot or will not play declares a "
              "pass. A pass draws no cards, but the Crown still moves at the end of the turn.",
              SECTION_TURN),
    RuleEntry("king-1", "King card",
              "Moves the King one space.", SECTION_CARDS),
    RuleEntry("court-move", "King's privilege",
              "Two King cards played together move the King and both Guards one space the same "
              "way. That counts as two cards, and single King cards may be played in the same "
              "turn.", SECTION_CARDS),
    RuleEntry("guard-1", "Guard 1",
              "Moves one Guard one space.", SECTION_CARDS),
    RuleEntry("guard-1+1", "Guard 1+1",
              "Moves one Guard two spaces in one direction, or each Guard one space, each in "
              "whichever direction you like.", SECTION_CARDS),
    RuleEntry("guard-flank", "Guard flank",
              "Both Guards go to the two spaces right beside the King. At least one of them must "
              "actually move.", SECTION_CARDS),
    RuleEntry("wizard-cards", "Wizard cards",
              "Move the Wizard 1, 2 or 3 spaces, as the card shows.", SECTION_CARDS),
    RuleEntry("jester-cards", "Jester cards",
              "Move the Jester 1 to 5 spaces, as the card shows.", SECTION_CARDS),
    RuleEntry("jester-middle", "Jester to the middle",
              "Moves the Jester onto the Fountain. It cannot be played while the Jester is "
              "already there.", SECTION_CARDS),
    RuleEntry("wizard-power", "The Wizard's power",
              "Instead of playing cards you may call the King or one Guard to the Wizard's space; "
              "that is your whole turn and costs no card. The Wizard cannot call the Jester, the "
              "called pawn must actually move, and the King must still end up strictly between "
              "his Guards. Calling the King into a Chateau wins the game for that Chateau's "
              "owner.", SECTION_POWERS),
    RuleEntry("jester-power", "The Jester's power",
              "While the Jester stands on your side of the King (nearer your Chateau than the "
              "King; the King's own space does not count, your Chateau does), your Jester cards "
              "are wild: each one moves a single pawn of any type by its number. This is checked "
              "before every wild card, so moving the King past the Jester ends the power. A wild "
              "card never makes a Court move.", SECTION_POWERS),
    RuleEntry("jester-same-type", "One pawn type for Jester cards",
              "All the Jester cards of one turn must move the same type of pawn: all the Jester, "
              "all the King, all Guards (either Guard), or all the Wizard.", SECTION_POWERS),
    RuleEntry("crown", "The Crown",
              "At the end of your turn the Crown moves toward you on its track, which runs six "
              "steps each way from the middle. It never moves toward your opponent on your "
              "turn.", SECTION_CROWN),
    RuleEntry("crown-chateau", "Pawns in your Chateau",
              "The Crown moves one step toward you for every pawn, of any type, standing in your "
              "Chateau.", SECTION_CROWN),
    RuleEntry("crown-court", "The Court in your Duchy",
              "The Crown moves one more step toward you when the King and both Guards all stand "
              "in your Duchy.", SECTION_CROWN),
    RuleEntry("crown-side", "Crown side and reshuffle",
              "The Crown starts Big side up. The first time the draw pile runs out, the whole "
              "discard pile is shuffled into a new draw pile and the Crown turns to its Little "
              "side.", SECTION_CROWN),
    RuleEntry("end-king", "King in a Chateau",
              "When the King enters a Chateau, that Chateau's owner wins at once: no more cards "
              "that turn and no Crown move.", SECTION_END),
    RuleEntry("end-crown", "Crown in a Chateau",
              "When the Crown steps past the end of its track into a Chateau, that player wins at "
              "once.", SECTION_END),
    RuleEntry("end-deck", "The deck runs out twice",
              "If the draw pile runs out while the Crown shows its Little side, the game ends "
              "after that turn and the player with the King in their Duchy wins.", SECTION_END),
    RuleEntry("end-fountain", "King on the Fountain",
              "If the deck runs out a second time while the King is on the Fountain, the discard "
              "pile is shuffled into a new draw pile and play goes on until someone wins.",
              SECTION_END),
    RuleEntry("game-over", "Game over",
              "Once the game has a winner, no more moves can be entered.", SECTION_END),
    RuleEntry("rulings", "Table rulings",
              "A few rules can be read two ways. The table picks a reading when it sets up the "
              "game (the first one is the rulebook's reading) and can change it later.",
              SECTION_RULINGS),
    RuleEntry("ruling-direction", "Direction of moves",
              "Either way (default): cards may move pawns toward either Chateau. Towards the "
              "mover: numbered moves and the King's privilege must go toward your own Chateau; "
              "the flank, 'to the middle' and the Wizard's summon go to fixed spaces and are "
              "allowed either way.", SECTION_RULINGS),
    RuleEntry("ruling-wild-middle", "Wild 'to the middle'",
              "Allowed (default): with the Jester's power, a 'to the middle' card may send any "
              "one pawn to the Fountain. Forbidden: it only ever moves the Jester.",
              SECTION_RULINGS),
    RuleEntry("ruling-duchy", "The Court in your Duchy",
              "Duchy only (default): the Crown's Court step needs the King and both Guards on "
              "your six Duchy spaces. With Chateau: a Guard in your Chateau also counts as being "
              "in your Duchy for that step.", SECTION_RULINGS),
    RuleEntry("move-format", "Entering a move",
              "A move is a play of cards in order, a summon, or a pass. The app refuses an entry "
              "that is incomplete, names something unknown, or names a pawn where none stands.",
              APP_SECTION),
)
RULE_IDS = frozenset(entry.id for entry in RULES)

RULINGS: tuple[Ruling, ...] = (
    Ruling("direction", "Direction of moves", (
        ("either", "Cards may move pawns toward either Chateau."),
        ("towards-mover", "Numbered moves only go toward the mover's own Chateau."),
    ), "ruling-direction"),
    Ruling("wild-middle", "Wild 'to the middle'", (
        ("allowed", "With the Jester's power, 'to the middle' may send any pawn to the Fountain."),
        ("forbidden", "'To the middle' only ever moves the Jester."),
    ), "ruling-wild-middle"),
    Ruling("duchy", "The Court in your Duchy", (
        ("duchy-only", "The Court step needs the King and both Guards on the six Duchy spaces."),
        ("with-chateau", "Chateau spaces count as Duchy for the Court step."),
    ), "ruling-duchy"),
)

# --------------------------------------------------------------------------- card table

# card shapes
S_KING, S_COURT, S_GUARD1, S_GUARD11, S_FLANK, S_WIZARD, S_JESTER, S_MIDDLE = range(8)


@dataclass(frozen=True, slots=True)
class _Card:
    """What the checks need of one card id (the 13 kinds plus ``court``)."""

    id: str
    kind: int  # index into KINDS (court: King 1)
    suit: str
    name: str
    shape: int
    steps: int  # spaces moved (0 when the destination is fixed)
    cost: int  # cards it takes from the hand
    rule: str  # the rules-page entry for this card
    exact: str  # reason when the distance is wrong
    copies_reason: str
    shuffled_reason: str  # the same when some copies went back into the draw pile unseen


def _card_table() -> dict[str, _Card]:
    table = {}
    shapes = {"king-1": S_KING, "guard-1": S_GUARD1, "guard-1+1": S_GUARD11,
              "guard-flank": S_FLANK, "jester-middle": S_MIDDLE}
    for index, kind in enumerate(KINDS):
        shape = shapes.get(kind.id)
        steps = 0
        if shape is None:
            shape = S_WIZARD if kind.suit == "wizard" else S_JESTER
            steps = int(kind.id.rsplit("-", 1)[1])
        elif shape in (S_KING, S_GUARD1):
            steps = 1
        elif shape == S_GUARD11:
            steps = 2
        rule = {S_KING: "king-1", S_GUARD1: "guard-1", S_GUARD11: "guard-1+1",
                S_FLANK: "guard-flank", S_WIZARD: "wizard-cards", S_JESTER: "jester-cards",
                S_MIDDLE: "jester-middle"}[shape]
        if shape == S_GUARD11:
            exact = ("a Guard 1+1 card moves one Guard exactly 2 spaces, or each Guard exactly "
                     "1 space")
        elif steps == 1:
            exact = f"a {kind.name} card moves its pawn exactly 1 space"
        else:
            exact = f"a {kind.name} card moves its pawn exactly {steps} spaces"
        if kind.copies == 1:
            copies = (f"the only {kind.name} card is already in the discard pile, so it cannot be "
                      f"in your hand")
            shuffled = (f"the only {kind.name} card was shuffled into the draw pile after your "
                        f"last draw, so it cannot be in your hand")
        else:
            copies = (f"all {kind.copies} {kind.name} cards are already in the discard pile, so "
                      f"none can be in your hand")
            shuffled = (f"all {kind.copies} {kind.name} cards are in the discard pile or were "
                        f"shuffled into the draw pile after your last draw, so none can be in "
                        f"your hand")
        table[kind.id] = _Card(kind.id, index, kind.suit, kind.name, shape, steps, 1, rule, exact,
                               copies, shuffled)
    table["court"] = _Card(
        "court", KIND_INDEX["king-1"], "king", "King's privilege", S_COURT, 1, 2, "court-move",
        "the King's privilege moves the Court exactly 1 space",
        "it needs two King cards, and fewer than two are left outside the discard pile",
        "it needs two King cards, and fewer than two can be in your hand: the others are in the "
        "discard pile or were shuffled into the draw pile after your last draw")
    return table


CARDS: dict[str, _Card] = _card_table()
CARD_ORDER: tuple[_Card, ...] = tuple(CARDS.values())  # kinds in catalogue order, then court

# fixed reasons (no formatting in the hot path)
R_COURT = "the King must stay strictly between the two Guards"
R_BOARD = "that move would take a pawn off the end of the board"
R_DIRECTION = ("with the table's 'towards the mover' ruling, this move must go toward your own "
               "Chateau")
R_POWER = ("the Jester is not on your side of the King, so your Jester cards cannot move other "
           "pawns")
R_SAME_TYPE = "all Jester cards in one turn must move the same type of pawn"
R_WILD_MIDDLE = "under the table's ruling, 'to the middle' can only move the Jester"
R_MIDDLE_STILL = "that pawn is already on the Fountain, and a card must move its pawn"
R_FLANK_STILL = "both Guards already stand beside the King, and a card must move its pawn"
R_ENDED = "the King already entered a Chateau, so the game ended with an earlier card"
R_HAND = "that is more cards than the 8 a hand holds"

_MOVE_KEYS = frozenset(("pawn", "from", "to"))
_CARD_KEYS_MOVES = frozenset(("card", "moves"))
_CARD_KEYS_COURT = frozenset(("card", "dir"))
_CARD_KEYS_BARE = frozenset(("card",))
_PLAY_KEYS = frozenset(("type", "cards"))
_SUMMON_KEYS = frozenset(("type", "pawn", "from"))
_PASS_KEYS = frozenset(("type",))


# --------------------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class LastTurn:
    """What happened on the last turn, for display. Pawn slots: see K, GL, GH, W, J."""

    seat: int
    number: int
    action: str  # "play", "summon" or "pass"
    cards: tuple  # ((card id, wild?, ((slot, from, to), ...)), ...)
    summon: tuple | None  # (slot, from, to)
    crown_from: int
    crown_to: int
    crown_steps: tuple  # ((slot or COURT_CODE, steps), ...)
    drawn: int
    reshuffled: int


@dataclass(frozen=True, slots=True)
class State:
    """One position of a game. Immutable; ``apply`` returns a new one."""

    players: tuple[str, str]
    first: int  # the seat who got the Wizard at setup
    direction: str
    wild_middle: str
    duchy: str
    king: int
    guard_low: int
    guard_high: int
    wizard: int
    jester: int
    crown: int
    draw_pile: int
    reshuffles: int
    hands: tuple[int, int]
    discard: tuple[int, ...]  # known copies of each kind in the discard pile, KINDS order
    unknown_discard: int  # discarded cards the app never saw (games started from a position)
    turn: int  # the seat to move (the last mover once the game is over)
    turn_number: int
    winner: int | None = None
    end: str | None = None  # "king", "crown" or "deck"
    last: LastTurn | None = None
    # Per seat, known copies of each kind (KINDS order) that cannot be in that seat's hand
    # besides those in the discard pile: cards shuffled into the draw pile after the seat's
    # last draw. They never overlap the discard pile's counts.
    unseen: tuple[tuple[int, ...], tuple[int, ...]] = (NO_DISCARD, NO_DISCARD)
    # Per seat, whether its hand may hold cards counted in the other seat's ``unseen`` (it drew
    # from the draw pile while they were in it): a card it plays may be one of them.
    may_hold: tuple[bool, bool] = (False, False)

    @property
    def crown_side(self) -> str:
        return "little" if self.reshuffles else "big"

    @property
    def guards(self) -> tuple[int, int]:
        return (self.guard_low, self.guard_high)

    @property
    def rulings(self) -> dict[str, str]:
        return {"direction": self.direction, "wild-middle": self.wild_middle, "duchy": self.duchy}

    @property
    def discard_size(self) -> int:
        return sum(self.discard) + self.unknown_discard

    def to_dict(self) -> dict[str, Any]:
        """Every field, JSON-ready (the raw state; ``Engine.view`` is the display form)."""
        last = self.last
        return {
            "players": list(self.players), "first": self.first, "rulings": self.rulings,
            "king": self.king, "guards": [self.guard_low, self.guard_high],
            "wizard": self.wizard, "jester": self.jester, "crown": self.crown,
            "crown_side": self.crown_side, "draw_pile": self.draw_pile,
            "reshuffles": self.reshuffles, "hands": list(self.hands),
            "discard": {kind.id: n for kind, n in zip(KINDS, self.discard)},
            "unknown_discard": self.unknown_discard,
            "unseen": [{kind.id: n for kind, n in zip(KINDS, seat) if n} for seat in self.unseen],
            "may_hold": list(self.may_hold), "turn": self.turn,
            "turn_number": self.turn_number, "winner": self.winner, "end": self.end,
            "last": None if last is None else {
                "seat": last.seat, "number": last.number, "action": last.action,
                "cards": [[cid, wild, [list(m) for m in moves]]
                          for cid, wild, moves in last.cards],
                "summon": None if last.summon is None else list(last.summon),
                "crown_from": last.crown_from, "crown_to": last.crown_to,
                "crown_steps": [list(step) for step in last.crown_steps],
                "drawn": last.drawn, "reshuffled": last.reshuffled,
            },
        }


def _jester_power(pos_king: int, pos_jester: int, sign: int) -> bool:
    return sign * (pos_jester - pos_king) > 0


# --------------------------------------------------------------------------- one turn's cards


class TurnBuilder:
    """The cards of one turn so far, checked one at a time against the position they meet.

    ``add(card)`` checks one card dict (raising RuleError whose ``step`` is the card's index);
    ``legal()`` lists every card that could come next. The web page and the random player use it
    to build a turn card by card; ``validate`` uses it to check a whole play.
    """

    __slots__ = ("state", "seat", "sign", "pos", "suit", "jtype", "count", "used", "ended",
                 "king_winner", "played", "towards", "wild_middle", "limit", "out", "unseen")

    def __init__(self, state: State):
        self.state = state
        self.seat = state.turn
        self.sign = SIGNS[state.turn]
        self.pos = [state.king, state.guard_low, state.guard_high, state.wizard, state.jester]
        self.suit: str | None = None
        self.jtype: int | None = None  # pawn type moved by this turn's Jester cards
        self.count = 0  # cards taken from the hand so far
        self.used = [0] * N_KINDS
        self.ended = False
        self.king_winner: int | None = None
        self.played: list[tuple] = []  # (card id, wild, moves)
        self.towards = state.direction == "towards-mover"
        self.wild_middle = state.wild_middle == "allowed"
        self.limit = state.hands[state.turn]
        # copies known to be out of the mover's hand: the discard pile and those shuffled away
        self.unseen = state.unseen[state.turn]
        self.out = [a + b for a, b in zip(state.discard, self.unseen)]

    # -- checking ------------------------------------------------------------------------------

    def add(self, card: Any) -> None:
        """Check one card against the position as it stands and, if legal, play it."""
        index = len(self.played)
        info, moves = self._parse(index, card)
        error, newpos, ptype = self._try(info, moves)
        if error is not None:
            raise RuleError(error[0], f"Card {index + 1} ({info.name}): {error[1]}.", step=index)
        self._commit(info, moves, newpos, ptype)

    def _fail(self, index: int, reason: str, info: _Card | None = None,
              rule: str = "move-format") -> RuleError:
        label = f"Card {index + 1}" if info is None else f"Card {index + 1} ({info.name})"
        return RuleError(rule, f"{label}: {reason}.", step=index)

    def _parse(self, index: int, card: Any) -> tuple[_Card, tuple]:
        """The card's entry and its moves as (slot, from, to), resolved against the position."""
        if type(card) is not dict:
            raise self._fail(index, 'each card must be an object with a "card" field')
        cid = card.get("card")
        if type(cid) is not str:
            raise self._fail(index, 'each card needs a "card" field naming its kind')
        info = CARDS.get(cid)
        if info is None:
            raise self._fail(index, f"there is no card called {cid[:40]!r}")
        shape = info.shape
        pos = self.pos
        if shape == S_COURT:
            if card.keys() != _CARD_KEYS_COURT:
                raise self._fail(index, 'the card takes a "dir" field (1 or -1) and nothing else',
                                 info)
            d = card["dir"]
            if type(d) is not int or (d != 1 and d != -1):
                raise self._fail(index, '"dir" must be 1 or -1', info)
            return info, ((K, pos[K], pos[K] + d), (GL, pos[GL], pos[GL] + d),
                          (GH, pos[GH], pos[GH] + d))
        if shape == S_FLANK:
            if card.keys() != _CARD_KEYS_BARE:
                raise self._fail(index, "the flank card takes no other fields", info)
            k = pos[K]
            return info, ((GL, pos[GL], k - 1), (GH, pos[GH], k + 1))
        if not card.keys() <= _CARD_KEYS_MOVES:
            extra = min(map(str, card.keys() - _CARD_KEYS_MOVES))
            raise self._fail(index, f"this card has no field called {extra[:40]!r}", info)
        raw = card.get("moves", MISSING)
        if raw is MISSING:
            if shape == S_MIDDLE:
                return info, ((J, pos[J], 0),)
            raise self._fail(index, 'the "moves" field is missing', info)
        if type(raw) is not list:
            raise self._fail(index, '"moves" must be a list', info)
        most = 2 if shape == S_GUARD11 else 1
        if not 1 <= len(raw) <= most:
            what = "one or two moves" if most == 2 else "exactly one move"
            raise self._fail(index, f"this card takes {what}", info)
        moves = []
        moved_slot = -1
        cur = pos
        for move in raw:
            if type(move) is not dict or move.keys() != _MOVE_KEYS:
                raise self._fail(index, 'each move needs "pawn", "from" and "to", and nothing '
                                        'else', info)
            pawn, frm, to = move["pawn"], move["from"], move["to"]
            if type(frm) is not int or type(to) is not int:
                raise self._fail(index, '"from" and "to" must be whole numbers', info)
            if type(pawn) is not str or pawn not in PAWN_TITLES:
                raise self._fail(index, "the pawn must be king, guard, wizard or jester", info)
            if pawn == "king":
                slot = K
            elif pawn == "guard":
                if cur[GL] == frm and moved_slot != GL:
                    slot = GL
                elif cur[GH] == frm and moved_slot != GH:
                    slot = GH
                elif moved_slot != -1 and cur[moved_slot] == frm:
                    raise self._fail(index, "split this way, the card moves each Guard one space",
                                     info, "guard-1+1")
                else:
                    raise self._fail(index, f"there is no Guard on space {frm}", info)
            elif pawn == "wizard":
                slot = W
            else:
                slot = J
            if cur[slot] != frm:
                raise self._fail(index, f"there is no {PAWN_TITLES[pawn]} on space {frm}", info)
            if shape == S_KING and slot != K:
                raise self._fail(index, "a King card moves the King", info, "king-1")
            if (shape == S_GUARD1 or shape == S_GUARD11) and slot != GL and slot != GH:
                raise self._fail(index, "a Guard card moves a Guard", info, info.rule)
            if shape == S_WIZARD and slot != W:
                raise self._fail(index, "a Wizard card moves the Wizard", info, "wizard-cards")
            if shape == S_MIDDLE and to != 0:
                raise self._fail(index, "a 'to the middle' card moves its pawn to the Fountain "
                                        "(space 0)", info, "jester-middle")
            moves.append((slot, frm, to))
            if len(raw) == 2:
                if cur is pos:
                    cur = list(pos)
                cur[slot] = to
                moved_slot = slot
        return info, tuple(moves)

    def _try(self, info: _Card, moves: tuple) -> tuple[tuple[str, str] | None, list | None, int]:
        """(error, new position, pawn type moved) for a well-formed card.

        The error is None or (rule id, reason); reasons are fixed strings, so listing legal cards
        formats nothing."""
        if self.ended:
            return ("end-king", R_ENDED), None, 0
        if self.count + info.cost > self.limit:
            return ("hand-size", R_HAND), None, 0
        kind = info.kind
        if self.out[kind] + self.used[kind] + info.cost > COPIES[kind]:
            return ("copies", info.shuffled_reason if self.unseen[kind] else info.copies_reason), \
                None, 0
        suit = self.suit
        if suit is not None and info.suit != suit:
            return ("one-type", f"this turn already plays {PAWN_TITLES[suit]} cards, and a turn "
                                f"plays one type of card only"), None, 0
        return self._check_moves(info, moves)

    def _check_moves(self, info: _Card, moves: tuple) -> tuple:
        """The card's own rules, once the turn-wide ones (type, hand, copies) have passed."""
        shape = info.shape
        sign = self.sign
        newpos = list(self.pos)
        ptype = 0
        if shape == S_FLANK:
            k = newpos[K]
            if newpos[GL] == k - 1 and newpos[GH] == k + 1:
                return ("must-move", R_FLANK_STILL), None, 0
            if k - 1 < LOW_END or k + 1 > HIGH_END:
                return ("board-ends", R_BOARD), None, 0
            newpos[GL] = k - 1
            newpos[GH] = k + 1
            return None, newpos, 1
        if shape == S_MIDDLE or shape == S_JESTER:
            slot, frm, to = moves[0]
            ptype = TYPE_OF_SLOT[slot]
            if slot != J:
                if shape == S_MIDDLE and not self.wild_middle:
                    return ("ruling-wild-middle", R_WILD_MIDDLE), None, 0
                if sign * (newpos[J] - newpos[K]) <= 0:
                    return ("jester-power", R_POWER), None, 0
            if self.jtype is not None and self.jtype != ptype:
                return ("jester-same-type", R_SAME_TYPE), None, 0
            if shape == S_MIDDLE:
                if frm == 0:
                    return ("must-move", R_MIDDLE_STILL), None, 0
                newpos[slot] = 0
                if not newpos[GL] < newpos[K] < newpos[GH]:
                    return ("court", R_COURT), None, 0
                return None, newpos, ptype
        steps = info.steps
        for slot, frm, to in moves:
            distance = to - frm
            if shape == S_GUARD11 and len(moves) == 2:
                if distance != 1 and distance != -1:
                    return ("exact-move", info.exact), None, 0
            elif distance != steps and distance != -steps:
                return ("exact-move", info.exact), None, 0
            if to < LOW_END or to > HIGH_END:
                return ("board-ends", R_BOARD), None, 0
            if self.towards and sign * distance <= 0:
                return ("ruling-direction", R_DIRECTION), None, 0
            newpos[slot] = to
        if not newpos[GL] < newpos[K] < newpos[GH]:
            return ("court", R_COURT), None, 0
        return None, newpos, ptype

    def _commit(self, info: _Card, moves: tuple, newpos: list, ptype: int) -> None:
        old = self.pos
        self.pos = newpos
        self.count += info.cost
        self.used[info.kind] += info.cost
        self.suit = info.suit
        wild = False
        if info.suit == "jester":
            self.jtype = ptype
            wild = ptype != 3
        if info.shape == S_FLANK:
            moves = tuple((slot, old[slot], newpos[slot]) for slot in (GL, GH)
                          if old[slot] != newpos[slot])
        self.played.append((info.id, wild, moves))
        king = newpos[K]
        if king >= CHATEAU or king <= -CHATEAU:
            self.ended = True
            self.king_winner = 0 if king > 0 else 1

    # -- listing -------------------------------------------------------------------------------

    def options(self, kinds: Iterable[str] | None = None) -> list[tuple]:
        """Every legal next card as (card entry, moves, new position, pawn type)."""
        if self.ended or self.state.winner is not None:
            return []
        # the turn-wide checks of _try are made once a card kind, here
        wanted = None if kinds is None else set(kinds)
        out = []
        pos = self.pos
        sign = self.sign
        room = self.limit - self.count
        out_of_hand = self.out
        power = sign * (pos[J] - pos[K]) > 0
        for info in CARD_ORDER:
            if wanted is not None and info.id not in wanted:
                continue
            if self.suit is not None and info.suit != self.suit:
                continue
            if info.cost > room or out_of_hand[info.kind] + self.used[info.kind] + info.cost > \
                    COPIES[info.kind]:
                continue
            shape = info.shape
            if shape == S_COURT:
                k, lo, hi = pos[K], pos[GL], pos[GH]
                candidates = [((K, k, k + d), (GL, lo, lo + d), (GH, hi, hi + d)) for d in (1, -1)]
            elif shape == S_FLANK:
                k = pos[K]
                candidates = [((GL, pos[GL], k - 1), (GH, pos[GH], k + 1))]
            elif shape == S_GUARD11:
                lo, hi = pos[GL], pos[GH]
                candidates = [((slot, pos[slot], pos[slot] + d),)
                              for slot in (GL, GH) for d in (2, -2)]
                candidates += [((GL, lo, lo + a), (GH, hi, hi + b))
                               for a in (1, -1) for b in (1, -1)]
            elif shape == S_MIDDLE or shape == S_JESTER:
                slots = (J, K, GL, GH, W) if power else (J,)
                if shape == S_MIDDLE:
                    if not self.wild_middle:
                        slots = (J,)
                    candidates = [((slot, pos[slot], 0),) for slot in slots]
                else:
                    n = info.steps
                    candidates = [((slot, pos[slot], pos[slot] + d),)
                                  for slot in slots for d in (n, -n)]
            else:
                slots = (K,) if shape == S_KING else (GL, GH) if shape == S_GUARD1 else (W,)
                n = info.steps
                candidates = [((slot, pos[slot], pos[slot] + d),) for slot in slots
                              for d in (n, -n)]
            check = self._check_moves
            for moves in candidates:
                error, newpos, ptype = check(info, moves)
                if error is None:
                    out.append((info, moves, newpos, ptype))
        return out

    def legal(self, kinds: Iterable[str] | None = None) -> list[dict]:
        """Every legal next card as a card dict (optionally only these card ids)."""
        return [card_dict(info, moves) for info, moves, _, _ in self.options(kinds)]

    def play_option(self, option: tuple) -> dict:
        """Play one entry of ``options()``; returns its card dict."""
        info, moves, newpos, ptype = option
        self._commit(info, moves, newpos, ptype)
        return card_dict(info, moves)


def card_dict(info: _Card, moves: tuple) -> dict:
    if info.shape == S_COURT:
        return {"card": "court", "dir": moves[0][2] - moves[0][1]}
    if info.shape == S_FLANK:
        return {"card": "guard-flank"}
    return {"card": info.id, "moves": [{"pawn": PAWN_OF_SLOT[slot], "from": frm, "to": to}
                                       for slot, frm, to in moves]}


# --------------------------------------------------------------------------- options helpers


def _signed(space: int) -> str:
    """A space as the board prints it: +3, 0, -3."""
    return f"+{space}" if space > 0 else str(space)


def _card_text(name: str, wild: bool, moves: Sequence[tuple[str, int, int]]) -> str:
    """One card's moves, each (pawn, from, to), in a history line: "the Guards -2 \u2192 -1 and
    +2 \u2192 +3 (Guard 1+1)"."""
    pawns = {pawn for pawn, _, _ in moves}
    title = PAWN_TITLES[moves[0][0]] + ("s" if len(moves) > 1 and len(pawns) == 1 else "")
    steps = " and ".join(f"{_signed(frm)} \u2192 {_signed(to)}" for _, frm, to in moves)
    return f"the {title} {steps} ({name}{', wild' if wild else ''})"


def _int_field(value: Any, name: str, rule: str = "position") -> int:
    if type(value) is not int:
        raise RuleError(rule, f"The {name} must be a whole number, not {str(value)[:40]!r}.")
    return value


def _form_int(form: Mapping[str, str], key: str, name: str) -> int:
    raw = form.get(key)
    if raw is None or not str(raw).strip():
        raise RuleError("position", f"The {name} is missing.")
    text = str(raw).strip()
    try:
        return int(text.replace("\u2212", "-"))
    except ValueError:
        raise RuleError("position", f"The {name} must be a whole number, not {text[:40]!r}.") \
            from None


POSITION_FIELDS = ("king", "guards", "wizard", "jester", "crown", "crown_side", "draw_pile",
                   "reshuffles", "turn")
OPTION_FIELDS = frozenset(("players", "wizard", "rulings", "position"))


# --------------------------------------------------------------------------- the end


def _end_reason(state: State) -> str:
    name = state.players[state.winner]
    if state.end == "king":
        return f"The King entered {name}'s Chateau."
    if state.end == "crown":
        return f"The Crown entered {name}'s Chateau."
    return f"The deck ran out a second time with the King in {name}'s Duchy."


def result_of(state: State) -> dict[str, Any] | None:
    """None while the game runs; then {"winners": [seat], "reason": sentence, "how": "king",
    "crown" or "deck" (what ended it)}."""
    if state.winner is None:
        return None
    return {"winners": [state.winner], "reason": _end_reason(state), "how": state.end}


# --------------------------------------------------------------------------- the engine


class RoyalVisit:
    """The Royal Visit engine (see companion.engine.Engine)."""

    name = "royal_visit"
    title = "Royal Visit"
    min_players = 2
    max_players = 2
    rules = RULES
    rulings = RULINGS
    cards = KINDS  # the catalogue: every card kind, with its stable id
    bgg_id = None  # not confirmed: BG Stats matches its plays by the title
    endings_title = endgame.ENDINGS_TITLE

    def seating(self, state: State, opening: State | None = None) -> Seating:
        return endgame.seating(self, state, opening)

    def outcome(self, state: State, opening: State | None = None) -> Outcome | None:
        return endgame.outcome(self, state, opening)

    def score_sheet(self, state: State) -> None:
        return None  # Royal Visit keeps no score

    # -- setup ---------------------------------------------------------------------------------

    def new(self, options: Mapping[str, Any]) -> State:
        players, rulings = read_options(self, options, OPTION_FIELDS, "setup",
                                        ("Royal Visit", 2, 2),
                                        show=lambda key: repr(str(key)[:40]))
        wizard = options.get("wizard", MISSING)
        position = options.get("position")
        if wizard is MISSING and position is None:
            raise RuleError("setup", "The field 'wizard' (the seat who got the Wizard) is "
                                     "missing.")
        if wizard is not MISSING and (type(wizard) is not int or wizard not in (0, 1)):
            raise RuleError("setup", "The field 'wizard' must be the seat 0 or 1 that got the "
                                     "Wizard.")
        if position is None:
            sign = SIGNS[wizard]
            return State(players, wizard, rulings["direction"], rulings["wild-middle"],
                         rulings["duchy"], 0, -2, 2, sign, -sign, 0, OUTSIDE_HANDS, 0,
                         (HAND_SIZE, HAND_SIZE), NO_DISCARD, 0, wizard, 1)
        p = self._position(position)
        first = p["turn"] if wizard is MISSING else wizard
        low, high = p["guards"]
        draw, reshuffles = p["draw_pile"], p["reshuffles"]
        if draw == 0:  # the last refill emptied the deck: resolved now, as the rulebook says
            if reshuffles and p["king"] != 0:
                owner = players[0 if p["king"] > 0 else 1]
                raise RuleError("end-deck", f"With the draw pile empty and the Crown's Little "
                                            f"side up the deck has run out a second time, so "
                                            f"{owner} has already won with the King in their "
                                            f"Duchy: there is nothing left to play.")
            draw, reshuffles = OUTSIDE_HANDS, reshuffles + 1  # the discard pile, shuffled
        return State(players, first, rulings["direction"], rulings["wild-middle"],
                     rulings["duchy"], p["king"], low, high, p["wizard"], p["jester"],
                     p["crown"], draw, reshuffles, (HAND_SIZE, HAND_SIZE),
                     NO_DISCARD, OUTSIDE_HANDS - draw, p["turn"], 1)

    @staticmethod
    def _position(position: Any) -> dict[str, Any]:
        if not isinstance(position, Mapping):
            raise RuleError("position", "The position must be a set of named fields.")
        for key in position:
            if key not in POSITION_FIELDS:
                raise RuleError("position", f"There is no position field called "
                                            f"{str(key)[:40]!r}.")
        for key in POSITION_FIELDS:
            if key not in position:
                raise RuleError("position", f"The position field {key!r} is missing.")
        p = dict(position)
        guards = p["guards"]
        if not isinstance(guards, (list, tuple)) or len(guards) != 2:
            raise RuleError("position", "The position field 'guards' must list the two Guards' "
                                        "spaces.")
        low, high = sorted(_int_field(g, "Guard's space") for g in guards)
        p["guards"] = (low, high)
        for key, name in (("king", "King's space"), ("wizard", "Wizard's space"),
                          ("jester", "Jester's space"), ("crown", "Crown's place"),
                          ("draw_pile", "draw pile size"), ("reshuffles", "number of reshuffles"),
                          ("turn", "seat to move")):
            _int_field(p[key], name)
        for key, name in (("king", "The King"), ("wizard", "The Wizard"),
                          ("jester", "The Jester")):
            if not LOW_END <= p[key] <= HIGH_END:
                raise RuleError("board", f"{name} is off the board: spaces run from -8 to 8.")
        if low < LOW_END or high > HIGH_END:
            raise RuleError("board", "A Guard is off the board: spaces run from -8 to 8.")
        king = p["king"]
        if low == high:
            raise RuleError("court", "The two Guards cannot share a space, since the King "
                                     "stands strictly between them.")
        if king == low or king == high:
            raise RuleError("court", "The King cannot share a space with a Guard.")
        if not low < king < high:
            raise RuleError("court", "The King must stand strictly between the two Guards.")
        if abs(king) >= CHATEAU:
            raise RuleError("end-king", "The King is already in a Chateau, so that game is "
                                        "over.")
        crown = p["crown"]
        if abs(crown) > CHATEAU:
            raise RuleError("crown", "The Crown's track runs from -6 to 6.")
        if abs(crown) == CHATEAU:
            raise RuleError("end-crown", "The Crown is already in a Chateau, so that game is "
                                         "over.")
        if p["turn"] not in (0, 1):
            raise RuleError("position", "The seat to move must be 0 or 1.")
        side = p["crown_side"]
        if side not in ("big", "little"):
            raise RuleError("crown-side", "The Crown's side must be 'big' or 'little'.")
        reshuffles = p["reshuffles"]
        if reshuffles < 0:
            raise RuleError("crown-side", "The number of reshuffles cannot be negative.")
        if side == "little" and reshuffles == 0:
            raise RuleError("crown-side", "The Crown turns to its Little side only when the "
                                          "deck is reshuffled, so Little needs at least one "
                                          "reshuffle.")
        if side == "big" and reshuffles > 0:
            raise RuleError("crown-side", "The Crown turns to its Little side at the first "
                                          "reshuffle, so it cannot be Big after one.")
        draw = p["draw_pile"]
        if draw < 0:
            raise RuleError("hands", "The draw pile cannot hold fewer than 0 cards.")
        if draw > OUTSIDE_HANDS:
            raise RuleError("hands", f"The draw pile holds at most {OUTSIDE_HANDS} cards: the "
                                     f"deck's 54 less the two hands of 8.")
        return p

    def again(self, options: Mapping[str, Any]) -> dict[str, str]:
        """The setup form for a new game of the same players, each at their end of the board
        (who got the Wizard is said again)."""
        top, bottom = options["players"]
        return {"player_top": str(top), "player_bottom": str(bottom)}

    def options_from_form(self, form: Mapping[str, str]) -> dict[str, Any]:
        top = str(form.get("player_top") or "")
        bottom = str(form.get("player_bottom") or "")
        wizard_side = str(form.get("wizard") or "").strip()
        if wizard_side not in ("top", "bottom"):
            raise RuleError("setup", "Say who got the Wizard in their Duchy.")
        given = {}
        for ruling in self.rulings:
            value = form.get(f"ruling-{ruling.id}")
            if value is not None and str(value).strip():
                given[ruling.id] = str(value).strip()
        rulings = normalise_rulings(self, given)  # every ruling spelled out in the record
        options: dict[str, Any] = {"players": [top.strip(), bottom.strip()],
                                   "wizard": 0 if wizard_side == "top" else 1,
                                   "rulings": rulings}
        if str(form.get("start") or "").strip() == "position":
            turn = str(form.get("turn") or "").strip()
            if turn not in ("top", "bottom"):
                raise RuleError("position", "Say whose turn it is.")
            side = str(form.get("crown_side") or "").strip().lower()
            if side not in ("big", "little"):
                raise RuleError("crown-side", "Say which side of the Crown is up: Big or Little.")
            options["position"] = {
                "king": _form_int(form, "king", "King's space"),
                "guards": [_form_int(form, "guard_low", "lower Guard's space"),
                           _form_int(form, "guard_high", "upper Guard's space")],
                "wizard": _form_int(form, "wizard_pos", "Wizard's space"),
                "jester": _form_int(form, "jester", "Jester's space"),
                "crown": _form_int(form, "crown", "Crown's place"),
                "crown_side": side,
                "draw_pile": _form_int(form, "draw_pile", "draw pile size"),
                "reshuffles": _form_int(form, "reshuffles", "number of reshuffles"),
                "turn": 0 if turn == "top" else 1,
            }
        self.new(options)  # refuse now what the game would refuse
        return options

    def with_rulings(self, state: State, rulings: Mapping[str, Any]) -> State:
        chosen = normalise_rulings(self, rulings)
        return replace(state, direction=chosen["direction"], wild_middle=chosen["wild-middle"],
                       duchy=chosen["duchy"])

    # -- moves ---------------------------------------------------------------------------------

    def start_turn(self, state: State) -> TurnBuilder:
        """A builder for the mover's cards (see TurnBuilder)."""
        return TurnBuilder(state)

    def legal_cards(self, state: State, cards_so_far: Iterable[Any] = (),
                    kinds: Iterable[str] | None = None) -> Iterator[dict]:
        """Every legal next card after ``cards_so_far`` (raises RuleError if those are not)."""
        if state.winner is not None:
            return iter(())
        builder = TurnBuilder(state)
        for card in cards_so_far:
            builder.add(card)
        return iter(builder.legal(kinds))

    def legal_summons(self, state: State) -> list[dict]:
        """Every legal use of the Wizard's power, as move dicts."""
        if state.winner is not None:
            return []
        out = []
        wiz = state.wizard
        king, low, high = state.king, state.guard_low, state.guard_high
        if king != wiz and low < wiz < high:
            out.append({"type": "summon", "pawn": "king"})
        if low != wiz and wiz < king:
            out.append({"type": "summon", "pawn": "guard", "from": low})
        if high != wiz and wiz > king:
            out.append({"type": "summon", "pawn": "guard", "from": high})
        return out

    def validate(self, state: State, move: Any) -> None:
        self._resolve(state, move)

    def _resolve(self, state: State, move: Any) -> tuple:
        """Check a move; (action, builder or summon (slot, from, to), king winner)."""
        if state.winner is not None:
            raise RuleError("game-over", "The game is already over, so no more moves can be "
                                         "entered.")
        if type(move) is not dict:
            raise RuleError("move-format", 'A move must be an object with a "type" field.')
        kind = move.get("type")
        if kind == "play":
            if move.keys() != _PLAY_KEYS:
                raise RuleError("move-format", 'A play has a "cards" list and nothing else.')
            cards = move["cards"]
            if type(cards) is not list:
                raise RuleError("move-format", 'A play\'s "cards" must be a list.')
            if not cards:
                raise RuleError("turn", "A play needs at least one card; to play none, declare "
                                        "a pass.")
            builder = TurnBuilder(state)
            add = builder.add
            for card in cards:
                add(card)
            return "play", builder, builder.king_winner
        if kind == "summon":
            return self._summon(state, move)
        if kind == "pass":
            if move.keys() != _PASS_KEYS:
                raise RuleError("move-format", "A pass has no other fields.")
            return "pass", None, None
        raise RuleError("move-format", 'A move\'s "type" must be "play", "summon" or "pass".')

    def _summon(self, state: State, move: dict) -> tuple:
        if not move.keys() <= _SUMMON_KEYS or "pawn" not in move:
            raise RuleError("move-format", 'A summon has a "pawn" field, a "from" field for a '
                                           'Guard, and nothing else.')
        pawn = move["pawn"]
        frm = move.get("from", MISSING)
        if frm is not MISSING and type(frm) is not int:
            raise RuleError("move-format", 'A summon\'s "from" must be a whole number.')
        if pawn == "king":
            slot, at = K, state.king
        elif pawn == "guard":
            if frm is MISSING:
                raise RuleError("move-format", 'Say which Guard to summon with its "from" space.')
            if frm == state.guard_low:
                slot, at = GL, frm
            elif frm == state.guard_high:
                slot, at = GH, frm
            else:
                raise RuleError("move-format", f"There is no Guard on space {frm}.")
        elif pawn in ("wizard", "jester"):
            raise RuleError("wizard-power", "The Wizard can summon only the King or a Guard.")
        else:
            raise RuleError("move-format", "The Wizard summons the King or a Guard: \"pawn\" is "
                                           "king or guard.")
        if frm is not MISSING and frm != at:
            raise RuleError("move-format", f"There is no King on space {frm}.")
        to = state.wizard
        if at == to:
            raise RuleError("must-move", f"The Wizard's summon: the {PAWN_TITLES[pawn]} already "
                                         f"stands on the Wizard's space, and a summon must move "
                                         f"its pawn.")
        pos = [state.king, state.guard_low, state.guard_high]
        pos[slot] = to
        if not pos[1] < pos[0] < pos[2]:
            raise RuleError("court", f"The Wizard's summon: {R_COURT}.")
        king = pos[0]
        winner = (0 if king > 0 else 1) if abs(king) >= CHATEAU else None
        return "summon", (slot, at, to), winner

    def apply(self, state: State, move: Any) -> State:
        action, detail, king_winner = self._resolve(state, move)
        mover = state.turn
        sign = SIGNS[mover]
        discard = state.discard
        hands = state.hands
        unseen = list(state.unseen)
        may_hold = list(state.may_hold)
        other = 1 - mover
        cards: tuple = ()
        summon = None
        cost = 0
        if action == "play":
            builder = detail
            king, low, high, wizard, jester = builder.pos
            cost = builder.count
            discard = tuple([a + b for a, b in zip(discard, builder.used)])
            if may_hold[mover]:  # the cards played may be some the other seat cannot hold
                unseen[other] = tuple([max(0, a - b) for a, b in zip(unseen[other],
                                                                      builder.used)])
            hand = hands[mover] - cost
            hands = (hand, hands[1]) if mover == 0 else (hands[0], hand)
            cards = tuple(builder.played)
        else:
            king, low, high, wizard, jester = (state.king, state.guard_low, state.guard_high,
                                               state.wizard, state.jester)
            if action == "summon":
                summon = detail
                slot, _, to = detail
                if slot == K:
                    king = to
                elif slot == GL:
                    low = to
                else:
                    high = to
        crown = state.crown
        draw = state.draw_pile
        reshuffles = state.reshuffles
        unknown = state.unknown_discard
        winner = king_winner
        end = "king" if winner is not None else None
        steps: tuple = ()
        drawn = reshuffled = 0
        if winner is None:
            found = []
            for slot, at in ((K, king), (GL, low), (GH, high), (W, wizard), (J, jester)):
                if sign * at >= CHATEAU:
                    found.append((slot, 1))
            top = HIGH_END if state.duchy == "with-chateau" else DUCHY
            if 1 <= sign * king <= top and 1 <= sign * low <= top and 1 <= sign * high <= top:
                found.append((COURT_CODE, 1))
            if found:
                steps = tuple(found)
                crown += sign * len(found)
                if sign * crown >= CHATEAU:
                    crown = sign * CHATEAU
                    winner, end = mover, "crown"
            if winner is None and cost:
                need = cost
                hand = hands[mover]
                while need:
                    take = need if need < draw else draw
                    draw -= take
                    need -= take
                    drawn += take
                    hand += take
                    # the mover may now hold anything the pile held, and the other seat nothing
                    # of what the mover cannot hold (none of it is left outside the pile)
                    unseen[mover] = NO_DISCARD
                    may_hold[mover] = any(unseen[other])
                    may_hold[other] = False
                    if draw == 0:  # the deck runs out
                        if reshuffles and king != 0:
                            winner, end = (0 if king > 0 else 1), "deck"
                            break
                        draw = sum(discard) + unknown
                        # the discard pile goes into the draw pile, unseen by both seats
                        may_hold = [may_hold[0] and any(unseen[1]), may_hold[1] and any(unseen[0])]
                        unseen = [tuple([a + b for a, b in zip(seat, discard)]) for seat in unseen]
                        discard, unknown = NO_DISCARD, 0
                        reshuffles += 1
                        reshuffled += 1
                hands = (hand, hands[1]) if mover == 0 else (hands[0], hand)
        last = LastTurn(mover, state.turn_number, action, cards, summon, state.crown, crown,
                        steps, drawn, reshuffled)
        turn, number = (mover, state.turn_number) if winner is not None else \
            (1 - mover, state.turn_number + 1)
        return State(state.players, state.first, state.direction, state.wild_middle,
                     state.duchy, king, low, high, wizard, jester, crown, draw, reshuffles,
                     hands, discard, unknown, turn, number, winner, end, last,
                     (unseen[0], unseen[1]), (may_hold[0], may_hold[1]))

    # -- reading the state ---------------------------------------------------------------------

    def to_move(self, state: State) -> int | None:
        return None if state.winner is not None else state.turn

    def result(self, state: State) -> dict[str, Any] | None:
        return result_of(state)

    def view(self, state: State, player: int | None = None) -> dict[str, Any]:
        """The whole table's view (nothing the app knows is secret, so ``player`` changes
        nothing)."""
        over = state.winner is not None
        mover = None if over else state.turn
        discard: dict[str, int] = {kind.id: n for kind, n in zip(KINDS, state.discard)}
        discard["unknown"] = state.unknown_discard
        return {
            "game": self.name,
            "players": [
                {"name": name, "seat": seat, "chateau": ("top", "bottom")[seat],
                 "sign": SIGNS[seat], "hand_size": state.hands[seat]}
                for seat, name in enumerate(state.players)
            ],
            "pawns": {"king": state.king, "guards": [state.guard_low, state.guard_high],
                      "wizard": state.wizard, "jester": state.jester},
            "crown": {"position": state.crown, "side": state.crown_side},
            "draw_pile": state.draw_pile,
            "reshuffles": state.reshuffles,
            "discard": discard,
            "discard_size": state.discard_size,
            "turn": mover,
            "turn_number": state.turn_number,
            "jester_power": (not over) and _jester_power(state.king, state.jester,
                                                         SIGNS[state.turn]),
            "summons": self.legal_summons(state),
            "last_turn": self._last_view(state),
            "rulings": state.rulings,
            "result": self.result(state),
        }

    def describe(self, move: Any, players: Sequence[str], *, before: State | None = None,
                 after: State | None = None) -> str:
        """One history line for an accepted move. Given ``after``, the state the move led to,
        it names the mover, every pawn moved from where to where with its card, where a summon
        went, the Crown's move and a win ("Ann moved the Guard +6 \u2192 +8 (Guard 1+1); the
        Crown 0 \u2192 +1"); from the move alone it says what the move itself names. (``before``
        adds nothing: ``after`` keeps the turn as it was played.)"""
        last = after.last if after is not None else None
        if last is not None:
            text = self._describe_turn(last, players)
            return text if after.winner is None else f"{text}; {players[after.winner]} won"
        if move["type"] == "pass":
            return "Passed (no card played)"
        if move["type"] == "summon":
            where = f" from {_signed(move['from'])}" if "from" in move else ""
            return f"Used the Wizard's power: the {PAWN_TITLES[move['pawn']]}{where} to the Wizard"
        parts = []
        for card in move["cards"]:
            info = CARDS[card["card"]]
            if card["card"] == "court":
                toward = players[0 if card["dir"] > 0 else 1]
                parts.append(f"the Court (King and both Guards) one space toward {toward}'s "
                             f"Chateau ({info.name}: 2 King cards)")
            elif card["card"] == "guard-flank":
                parts.append(f"both Guards beside the King ({info.name})")
            elif "moves" not in card:  # "to the middle" for the Jester itself
                parts.append(f"the Jester to the Fountain ({info.name})")
            else:
                moves = [(m["pawn"], m["from"], m["to"]) for m in card["moves"]]
                wild = info.suit == "jester" and card["moves"][0]["pawn"] != "jester"
                parts.append(_card_text(info.name, wild, moves))
        return "Moved " + ", then ".join(parts)

    @staticmethod
    def _describe_turn(last: LastTurn, players: Sequence[str]) -> str:
        who = players[last.seat]
        if last.action == "pass":
            text = f"{who} passed (no card played)"
        elif last.action == "summon":
            slot, frm, to = last.summon
            text = (f"{who} used the Wizard's power: the {PAWN_TITLES[PAWN_OF_SLOT[slot]]} "
                    f"{_signed(frm)} \u2192 {_signed(to)}")
        else:
            parts = []
            for cid, wild, moves in last.cards:
                if cid == "court":
                    _, frm, to = moves[0]
                    toward = players[0 if to > frm else 1]
                    parts.append(f"the Court (King and both Guards) one space toward {toward}'s "
                                 f"Chateau, King {_signed(frm)} \u2192 {_signed(to)} "
                                 f"({CARDS[cid].name}: 2 King cards)")
                else:
                    parts.append(_card_text(CARDS[cid].name, wild,
                                            [(PAWN_OF_SLOT[slot], frm, to) for slot, frm, to in moves]))
            text = f"{who} moved " + ", then ".join(parts)
        if last.crown_to != last.crown_from:
            text += f"; the Crown {_signed(last.crown_from)} \u2192 {_signed(last.crown_to)}"
        return text

    @staticmethod
    def _last_view(state: State) -> dict[str, Any] | None:
        last = state.last
        if last is None:
            return None
        names = state.players

        def move_view(slot: int, frm: int, to: int) -> dict[str, Any]:
            return {"pawn": PAWN_OF_SLOT[slot], "from": frm, "to": to}

        def move_text(slot: int, frm: int, to: int) -> str:
            return f"{PAWN_TITLES[PAWN_OF_SLOT[slot]]} {_signed(frm)} \u2192 {_signed(to)}"

        cards = []
        for cid, wild, moves in last.cards:
            name = CARDS[cid].name + (" (wild)" if wild else "")
            cards.append({"card": cid, "name": name, "wild": wild,
                          "moves": [move_view(*m) for m in moves],
                          "text": f"{name}: " + ", ".join(move_text(*m) for m in moves)})
        owner = names[last.seat]
        steps = []
        for code, n in last.crown_steps:
            if code == COURT_CODE:
                reason = f"King and both Guards in {owner}'s Duchy"
            else:
                reason = f"{PAWN_TITLES[PAWN_OF_SLOT[code]]} in {owner}'s Chateau"
            steps.append({"reason": reason, "steps": n})
        is_last_turn = state.winner is not None
        return {
            "seat": last.seat,
            "player": owner,
            "turn_number": last.number,
            "action": last.action,
            "cards": cards,
            "cards_played": sum(CARDS[cid].cost for cid, _, _ in last.cards),
            "summon": None if last.summon is None else {
                **move_view(*last.summon), "text": "Wizard summons " + move_text(*last.summon)},
            "crown": {"from": last.crown_from, "to": last.crown_to, "steps": steps},
            "drawn": last.drawn,
            "reshuffled": last.reshuffled,
            "winner": state.winner if is_last_turn else None,
            "reason": _end_reason(state) if is_last_turn else None,
        }


ENGINE = RoyalVisit()
