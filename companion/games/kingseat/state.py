"""Kingseat's position: card indices, the round's effects, the vote, the State, and the
working copy that moves change.

Players and places. A *player* is numbered by their place in the options' ``players`` list (0
first); that number never changes. A *place* is a chair at the table, numbered clockwise from
the first name's chair; players change places during the game, and ``seating[place]`` says who
sits where. The Kingseat is a place: whoever sits there is the King. Moves name players by
number.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from companion.games.kingseat.cards import DARK_CARDS, KINDS, PRINCE_IDS, PRINCES

N_PRINCES = len(PRINCES)
PRINCE_INDEX = {pid: i for i, pid in enumerate(PRINCE_IDS)}
PRINCE_NAMES = tuple(p.name for p in PRINCES)
KIND_IDS = tuple(k.id for k in KINDS)
KIND_INDEX = {kid: i for i, kid in enumerate(KIND_IDS)}
KIND_NAMES = tuple(k.name for k in KINDS)
KIND_PRINCE = tuple(PRINCE_INDEX[k.prince] for k in KINDS)
KIND_DARK = tuple(k.dark for k in KINDS)
N_KINDS = len(KINDS)
ZERO = (0,) * N_KINDS
SQULOFISH = PRINCE_INDEX["squlofish"]
WOOLFHALL = PRINCE_INDEX["woolfhall"]
BROWNBEARDS = PRINCE_INDEX["brownbeards"]
HARDSHELL = PRINCE_INDEX["hardshell-hero"]
SMUGWING = PRINCE_INDEX["smugwing"]
FEWEST, MOST = 3, 12  # players the app takes
PUBLISHED = (4, 10)  # players the game is published for
REGULAR_SQULOFISH_WEIGHT = 2
SQUID_STRIP = 3  # Squlofish dark 1: votes taken out of the Tell

# where a card played this round is now (State.played)
ON_TABLE, WON, BEARD, DISCARDED, GONE = "table", "won", "beard", "discard", "gone"

STALE = -2  # a Loyalty set aside on a phone that a Salsa Salamanda dark card since changed

# What happened to the Tell, in order (State.tell_log), for the check at the reveal. Each entry
# is a tuple: (what, round, ...).
#   ("open", round, kind)          a card went in face up (leftovers, winning cards, Brownbeards)
#   ("hidden", round, player, n)   n cards went in face down from the player's Hand
#   ("draw", round, player, n)     n random cards came out into the player's Hand (Slydefox dk 2)
#   ("out", round, kind, player)   a card the table saw came out (to the Discard or a Hand)
#   ("squid", round, player, weight)  Squlofish dark 1: no other Squlofish fitted in ``weight``


def kind_of_prince(prince: int, dark: int) -> int:
    return prince * 3 + dark


@cache
def copies_of(princes: tuple[int, ...], cards_per_prince: int, dark: bool = True
              ) -> tuple[int, ...]:
    """Cards of each kind in a game with these princes (0 for princes not in play); without
    the Dark cards a prince has only its regular ones."""
    out = [0] * N_KINDS
    for p in princes:
        out[kind_of_prince(p, 0)] = cards_per_prince - DARK_CARDS
        out[kind_of_prince(p, 1)] = 1 if dark else 0
        out[kind_of_prince(p, 2)] = 1 if dark else 0
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Effects:
    """What holds for one round, set by actions of the round before."""

    sit_out: tuple[int, ...] = ()  # players who sit out the vote and are immune (Smugwing)
    forced: tuple[tuple[int, int, str], ...] = ()  # (player, prince, kind id that forced it)
    orders: tuple[tuple[int, str], ...] = ()  # (player, "swap" | "action"), Crassclamps
    open_vote: bool = False
    first: int = -1  # the player who lays the first card of an open round (Crassclamps dk 2)
    no_actions: bool = False  # Crassclamps dark 1
    king_claims: tuple[int, ...] = ()  # Hornseeker dark 2, in the order they acted

    def to_dict(self) -> dict[str, Any]:
        return {"sit_out": list(self.sit_out),
                "forced": [[p, PRINCE_IDS[pr], src] for p, pr, src in self.forced],
                "orders": [[p, o] for p, o in self.orders], "open_vote": self.open_vote,
                "first": self.first, "no_actions": self.no_actions,
                "king_claims": list(self.king_claims)}


NO_EFFECTS = Effects()


@dataclass(frozen=True, slots=True)
class Vote:
    """A round's vote and how it was decided."""

    round: int
    votes: tuple[int, ...]  # kind per player, -1 for none
    tally: tuple[tuple[int, int], ...]  # (prince, cards), most first, then catalogue order
    winner: int  # prince
    tied: tuple[int, ...]  # princes tied for the most cards, () without a tie
    decider: int  # the player whose card broke the tie, -1 without a tie
    offset: int  # that card's places clockwise from the Kingseat
    text: str
    undone: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round,
                "votes": [None if k < 0 else KIND_IDS[k] for k in self.votes],
                "tally": [[PRINCE_IDS[p], c] for p, c in self.tally],
                "winner": PRINCE_IDS[self.winner],
                "tied": [PRINCE_IDS[p] for p in self.tied], "decider": self.decider,
                "offset": self.offset, "text": self.text, "undone": self.undone}


@dataclass(frozen=True, slots=True)
class Fact:
    """A player an action named that nothing later depends on (see correction.py): in
    ``round`` ``player`` used ``kind`` naming ``target`` (-1: nobody), one of ``choices``."""

    round: int
    player: int
    kind: int
    target: int
    choices: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class State:
    """One position of a game. Immutable; ``apply`` returns a new one.

    The app never sees a Hand, and it never sees a card that goes into the Tell face down: it
    counts every Hand, knows the Discard (face up), and knows of the Tell its size, the cards
    that went in face up and cannot have left (``tell_seen``), and the log of what went in and
    out. The table reveals the Tell when every Hand is empty (``revealed``)."""

    players: tuple[str, ...]
    princes: tuple[int, ...]  # prince indices in play, catalogue order
    cards_per_prince: int
    dark_weight: int  # a dark Squlofish card's votes in the final count
    kingseat: int  # the Kingseat's place
    leftovers: tuple[int, ...]  # kinds of the deal's leftover cards (in the Tell), sorted
    seating: tuple[int, ...]  # the player in each place
    hands: tuple[int, ...]  # cards in each player's Hand
    tell_seen: tuple[int, ...]  # cards of each kind certainly in the Tell (went in face up)
    tell_size: int  # cards in the Tell
    discard: tuple[int, ...]  # cards of each kind in the Discard
    round: int = 1
    phase: str = "vote"
    effects: Effects = NO_EFFECTS  # this round's
    coming: Effects = NO_EFFECTS  # the next round's, as actions set them
    vote: Vote | None = None  # this round's vote in the action phase, otherwise the last one
    played: tuple[tuple[int, int, str], ...] = ()  # (player, kind, where it is now)
    order: tuple[int, ...] = ()  # players still to act, next first
    replays: int = 0  # times this round was undone
    events: tuple[str, ...] = ()  # what happened so far this round
    last_events: tuple[str, ...] = ()  # what happened in the round before
    tell_log: tuple[tuple, ...] = ()  # what went in and out of the Tell (see the top)
    revealed: tuple[int, ...] | None = None  # cards of each kind in the Tell, once turned over
    loyalties: tuple[int, ...] | None = None  # prince per player, at the end
    secret: tuple[int, ...] = ()  # prince per player entered on their phone, -1 for none,
    #                               STALE when a Salsa Salamanda dark card changed it since
    changes: tuple[int, ...] = ()  # per player: times their Loyalty card changed (Salsa
    #                                Salamanda's dark cards); a secret names the count it saw
    moved: tuple[bool, ...] = ()  # per player: the seat changed phones after the game began
    #                               (or after its secret was set): that secret is held back
    #                               from every phone until the reveal, and no new one is taken
    dark: bool = True  # the Dark cards are in the game
    facts: tuple[Fact, ...] = ()  # what actions named that a correction may set right
    before_vote: State | None = field(default=None, compare=False, repr=False)  # Brownbeards dk 2

    @property
    def copies(self) -> tuple[int, ...]:
        return copies_of(self.princes, self.cards_per_prince, self.dark)

    @property
    def deck_size(self) -> int:
        return sum(self.copies)

    @property
    def king(self) -> int:
        return self.seating[self.kingseat]

    @property
    def rulings(self) -> dict[str, int]:
        return {"cards_per_prince": self.cards_per_prince,
                "squlofish_dark_weight": self.dark_weight, "dark_cards": int(self.dark)}

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def table(self) -> tuple[int, ...]:
        """Cards of each kind played this round and still on the table."""
        out = [0] * N_KINDS
        for _, kind, where in self.played:
            if where == ON_TABLE:
                out[kind] += 1
        return tuple(out)

    def unseen(self) -> tuple[int, ...]:
        """Cards of each kind that may be in a Hand, set aside as a Loyalty, or face down in
        the Tell: every card the table cannot see. Once the Tell is revealed: the Loyalties."""
        tell = self.tell_seen if self.revealed is None else self.revealed
        return tuple(c - t - d - x for c, t, d, x in
                     zip(self.copies, tell, self.discard, self.table()))

    def place_of(self, player: int) -> int:
        return self.seating.index(player)

    def to_dict(self) -> dict[str, Any]:
        """Every field, JSON-ready (the raw state; the view is the display form). It holds the
        secret Loyalties: it is for tests and tools, never for a phone."""
        return {
            "players": list(self.players), "princes": [PRINCE_IDS[p] for p in self.princes],
            "rulings": self.rulings, "kingseat": self.kingseat,
            "leftovers": [KIND_IDS[k] for k in self.leftovers],
            "seating": list(self.seating), "hands": list(self.hands),
            "tell_seen": {KIND_IDS[k]: n for k, n in enumerate(self.tell_seen) if n},
            "tell_size": self.tell_size, "tell_log": [list(op) for op in self.tell_log],
            "revealed": None if self.revealed is None else
            {KIND_IDS[k]: n for k, n in enumerate(self.revealed) if n},
            "discard": {KIND_IDS[k]: n for k, n in enumerate(self.discard) if n},
            "round": self.round, "phase": self.phase, "effects": self.effects.to_dict(),
            "coming": self.coming.to_dict(),
            "vote": None if self.vote is None else self.vote.to_dict(),
            "played": [[p, KIND_IDS[k], w] for p, k, w in self.played],
            "order": list(self.order), "replays": self.replays,
            "events": list(self.events), "last_events": list(self.last_events),
            "loyalties": None if self.loyalties is None else
            [PRINCE_IDS[p] for p in self.loyalties],
            "secret": [None if p < 0 else PRINCE_IDS[p] for p in self.secret],
            "stale": [p == STALE for p in self.secret], "changes": list(self.changes),
            "moved": list(self.moved),
            "facts": [[f.round, f.player, KIND_IDS[f.kind], f.target, list(f.choices)]
                      for f in self.facts],
        }


# --------------------------------------------------------------------------- carrying out


class Work:
    """A state being changed: lists to mutate, frozen again by ``freeze``."""

    def __init__(self, s: State):
        self.s = s
        self.seating = list(s.seating)
        self.hands = list(s.hands)
        self.tell_seen = list(s.tell_seen)
        self.tell_size = s.tell_size
        self.tell_log = list(s.tell_log)
        self.discard = list(s.discard)
        self.round = s.round
        self.phase = s.phase
        self.effects = s.effects
        self.coming = s.coming
        self.vote = s.vote
        self.played = [list(entry) for entry in s.played]
        self.order = list(s.order)
        self.replays = s.replays
        self.events = list(s.events)
        self.last_events = s.last_events
        self.loyalties = s.loyalties
        self.revealed = s.revealed
        self.before_vote = s.before_vote
        self.secret = list(s.secret)
        self.changes = list(s.changes)
        self.facts = list(s.facts)

    def freeze(self) -> State:
        return replace(
            self.s, seating=tuple(self.seating), hands=tuple(self.hands),
            tell_seen=tuple(self.tell_seen), tell_size=self.tell_size,
            tell_log=tuple(self.tell_log), before_vote=self.before_vote,
            discard=tuple(self.discard), round=self.round, phase=self.phase,
            effects=self.effects, coming=self.coming, vote=self.vote,
            played=tuple(tuple(entry) for entry in self.played), order=tuple(self.order),
            replays=self.replays, events=tuple(self.events), last_events=self.last_events,
            loyalties=self.loyalties, revealed=self.revealed, secret=tuple(self.secret),
            changes=tuple(self.changes), facts=tuple(self.facts))

    def name(self, p: int) -> str:
        return self.s.players[p]

    @property
    def king(self) -> int:
        return self.seating[self.s.kingseat]

    def change_places(self, a: int, b: int) -> None:
        pa, pb = self.seating.index(a), self.seating.index(b)
        self.seating[pa], self.seating[pb] = b, a

    def trade(self, a: int, b: int, most: int) -> tuple[int, int]:
        """a and b each hand the other up to ``most`` cards; returns (a gave, b gave)."""
        ga, gb = min(most, self.hands[a]), min(most, self.hands[b])
        self.hands[a] += gb - ga
        self.hands[b] += ga - gb
        return ga, gb

    def move_cards(self, frm: int, to: int, count: int) -> None:
        self.hands[frm] -= count
        self.hands[to] += count

    # -- the Tell ------------------------------------------------------------------------------

    def tell_open(self, kind: int) -> None:
        """A card the table saw goes into the Tell."""
        self.tell_seen[kind] += 1
        self.tell_size += 1
        self.tell_log.append(("open", self.round, kind))

    def tell_hidden(self, player: int, count: int) -> None:
        """``count`` cards of the player's Hand go into the Tell face down."""
        if count:
            self.hands[player] -= count
            self.tell_size += count
            self.tell_log.append(("hidden", self.round, player, count))

    def tell_draw(self, player: int, count: int) -> None:
        """``count`` random cards of the Tell go into the player's Hand: any card seen going
        in may be among them."""
        if count:
            self.hands[player] += count
            self.tell_size -= count
            self.tell_seen = [max(0, c - count) for c in self.tell_seen]
            self.tell_log.append(("draw", self.round, player, count))

    def tell_out(self, kind: int, player: int = -1) -> None:
        """A card the table sees comes out of the Tell (the caller says where it goes)."""
        self.tell_seen[kind] = max(0, self.tell_seen[kind] - 1)
        self.tell_size -= 1
        self.tell_log.append(("out", self.round, kind, player))

    # -- the Loyalty cards ---------------------------------------------------------------------

    def loyalty_changed(self, player: int) -> None:
        """The player's Loyalty card is now another card the app cannot name: a Loyalty set
        aside on their phone is asked for again."""
        if self.secret[player] >= 0:
            self.secret[player] = STALE
        self.changes[player] += 1

    def loyalties_exchanged(self, a: int, b: int) -> None:
        """Two players exchanged Loyalty cards: each secret goes with its card."""
        self.secret[a], self.secret[b] = self.secret[b], self.secret[a]
        self.changes[a] += 1
        self.changes[b] += 1

    def add_coming(self, **changes: Any) -> None:
        self.coming = replace(self.coming, **changes)

    def force(self, players, prince: int, source: str) -> None:
        table = {p: (pr, src) for p, pr, src in self.coming.forced}
        for p in players:
            table[p] = (prince, source)
        self.add_coming(forced=tuple(sorted((p, pr, src) for p, (pr, src) in table.items())))

