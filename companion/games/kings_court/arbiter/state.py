"""King's Court play-by-play: the hand as the app sees it (a frozen Hand), the working copy
one event changes (Work), what one turn's cards set going (Turn), and the piles."""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from companion.games.kings_court.arbiter.kinds import plain
from companion.words import msg

HAND_SIZE = 7


FEWEST, MOST = 2, 8


@dataclass(frozen=True, slots=True)
class Pending:
    """Cards the player to play must draw unless they answer."""

    count: int
    kind: str  # the draw card it comes from (a Drawbridge's id, dragon, wizard, dungeon) or
    #            royal-decree when a Royal Decree turned it back
    by: int  # the seat who played it (a Royal Decree sends the draw back to them)
    suit_before: str | None  # the suit in force before that card
    dungeons: int = 0  # Dungeon cards just laid in front of the player to play, who was free:
    #                    a Royal Decree or a Protector answers them with the draw


@dataclass(frozen=True, slots=True)
class Open:
    """The dealer's turn left open by the first card (an escort or an extra card may follow)."""

    need: str  # "escort" or "extra"
    asker: str  # the kind id that asks
    direction: int
    skips: int
    draws: int
    draw_kind: str | None
    suit_before: str | None
    dungeons: int
    last: str
    magicians: int = 0  # of the dungeons, Magicians played as a Dungeon
    last_card: str | None = None


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand being played at the table, as far as the app can see it. Immutable."""

    players: int
    dealer: int
    deck_size: int
    kinds: frozenset  # kind ids of the game's selection
    suits: tuple[str, ...]  # suits a player may name
    rulings: tuple  # the table's rulings, as (id, value) pairs (none change play yet)
    to_play: int
    phase: str  # "turn" (nothing done yet), "drawn", "first" (dealer adding to the first
    #             card) or "over"
    direction: int
    top: str | None  # the card to play on (what a Magician became); None after a first Dungeon
    top_card: str | None  # the physical top card
    suit: str | None
    pending: Pending | None
    open: Open | None
    hands: tuple[int, ...]
    draw_pile: int
    discard: int
    reshuffles: int
    face_up: tuple[tuple[str, ...], ...]  # Risk cards (and the Warlord) in front of each seat
    set_aside: int  # played Risk cards and Warlord
    dungeon: tuple[int, ...]  # per seat: -1 free, else Dungeon turns lost so far (0, 1, 2)
    dungeon_cards: tuple[int, ...]  # Dungeon cards lying in front of each seat
    dungeon_magicians: tuple[int, ...]  # of those, Magicians played as a Dungeon (ruling 50)
    escape: int | None  # the seat that may leave the Dungeon right now
    penalty: tuple[bool, ...]  # On Guard penalty due at the seat's next turn
    guard: int | None  # the seat just come down to one card (On Guard, Dark Knight window)
    warlord: int | None  # the seat playing this turn for the seat to play
    played: tuple[tuple[str, int, int | None], ...]  # Risk/Warlord cards: (card, by, on)
    turn: int  # turns finished so far
    out: int | None
    ended_by: str | None  # "out", "poison-garden", "castle-fire"
    last: str | None  # the last card played on a turn (what a Magician became)
    last_card: str | None  # the physical last card (a Magician stays a Magician)
    next_seat: int | None  # who drew for a draw card played last
    next_draws: int
    effects: tuple[str, ...]  # what the last event did, in words
    names: tuple[str, ...] = ()  # the players' names, for the words the table reads
    partners: bool = False  # the game is played in partnerships
    yes: int | None = None  # the seat whose partner said Yes this turn (go out or take two)

    @property
    def over(self) -> bool:
        return self.ended_by is not None

    @property
    def out_of_play(self) -> int:
        """Cards neither in a hand, the piles nor face up: set aside or in a Dungeon."""
        return self.set_aside + sum(self.dungeon_cards)

    @property
    def counted(self) -> int:
        return (sum(self.hands) + self.draw_pile + self.discard
                + sum(len(cards) for cards in self.face_up) + self.out_of_play)


HAND_FIELDS = tuple(f.name for f in fields(Hand))


_LISTS = ("hands", "dungeon", "dungeon_cards", "dungeon_magicians", "penalty")


def _compile_copies():
    """Fast field-by-field copies between a Hand and a working copy (generated once)."""
    lists = set(_LISTS)
    take = ["def copy_in(w, h):"]
    for name in HAND_FIELDS:
        if name in lists:
            take.append(f"    w.{name} = list(h.{name})")
        else:
            take.append(f"    w.{name} = h.{name}")
    args = []
    for name in HAND_FIELDS:
        if name in lists:
            args.append(f"tuple(w.{name})")
        elif name == "effects":
            args.append("tuple(w.notes)")
        else:
            args.append(f"w.{name}")
    give = ["def freeze(w):", f"    return Hand({', '.join(args)})"]
    scope: dict[str, Any] = {"Hand": Hand}
    exec("\n".join(take) + "\n\n" + "\n".join(give), scope)
    return scope["copy_in"], scope["freeze"]


_copy_in, _freeze = _compile_copies()


class Work:
    """A mutable working copy of a Hand for one event."""

    __slots__ = HAND_FIELDS + ("notes", "reason")

    def __init__(self, hand: Hand):
        _copy_in(self, hand)
        self.notes: list[str] = []
        self.reason: tuple[str, str] | None = None  # why the play is allowed (for judge)

    def freeze(self) -> Hand:
        return _freeze(self)


class Turn:
    """What one turn's cards have set going so far."""

    __slots__ = (
        "asker",
        "battle",
        "battle_step",
        "count",
        "deal",
        "direction",
        "draw_kind",
        "draws",
        "dungeons",
        "last",
        "last_card",
        "magicians",
        "need",
        "reason",
        "skips",
        "suit_before",
    )

    def __init__(self, w: Work, opened: Open | None = None):
        self.battle: tuple | None = None
        self.battle_step = 0
        self.count = 0  # cards played this turn (from the hand or, for the deal, turned)
        self.reason: tuple[str, str] | None = None
        self.deal = False
        if opened is None:
            self.direction = w.direction
            self.skips = self.draws = self.dungeons = self.magicians = 0
            self.draw_kind: str | None = None
            self.last_card: str | None = None
            self.suit_before: str | None = None
            self.need: str | None = None
            self.asker: str | None = None
            self.last: str | None = None
        else:
            self.direction = opened.direction
            self.skips, self.draws, self.dungeons = opened.skips, opened.draws, opened.dungeons
            self.draw_kind, self.suit_before = opened.draw_kind, opened.suit_before
            self.need, self.asker, self.last = opened.need, opened.asker, opened.last
            self.magicians, self.last_card = opened.magicians, opened.last_card
            self.count = 1

    def to_open(self) -> Open:
        return Open(self.need, self.asker, self.direction, self.skips, self.draws,
                    self.draw_kind, self.suit_before, self.dungeons, self.last, self.magicians,
                    self.last_card)


def words_of(hand: Hand):
    """How the table's words name a seat: by the player's name, when the hand knows them."""
    return (lambda seat: hand.names[seat]) if hand.names else plain


# --------------------------------------------------------------------------- piles


def from_pile(w: Work, n: int) -> int:
    """Take up to ``n`` cards from the draw pile, reshuffling as needed; returns how many."""
    got = 0
    while got < n:
        if w.draw_pile == 0:
            if w.discard <= 1:
                w.notes.append(msg("The draw pile and the discard pile are used up: no more "
                                   "cards to draw."))
                break
            w.draw_pile = w.discard - 1
            w.discard = 1
            w.reshuffles += 1
            w.notes.append(msg("The draw pile ran out: the discard pile except its top card was "
                               "shuffled into a new draw pile (reshuffle {n}).",
                               n=w.reshuffles))
        step = min(n - got, w.draw_pile)
        w.draw_pile -= step
        got += step
    return got


def give(w: Work, seat: int, n: int) -> int:
    got = from_pile(w, n)
    w.hands[seat] += got
    return got


def advance(w: Work, seat: int, direction: int, steps: int = 1) -> int:
    return (seat + direction * steps) % w.players
