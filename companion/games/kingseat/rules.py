"""Kingseat: the state, the rounds, the actions, and the final count.

Players and places. A *player* is numbered by their place in the options' ``players`` list (0
first); that number never changes. A *place* is a chair at the table, numbered clockwise from
the first name's chair; players change places during the game, and ``seating[place]`` says who
sits where. The Kingseat is a place: whoever sits there is the King. Moves name players by
number.

The app never sees a Hand. It counts every Hand, and it knows every card in the Tell and the
Discard by kind, because every card that goes there is entered. The Tell's contents stay hidden
in ``view`` until the game is over.

Moves are JSON::

    {"type": "vote", "votes": ["lionsyre", null, "woolfhall-dark2", ...],   # one per player
     "none_held": [2]}            # optional: forced players who hold no card of that prince
    {"type": "swap", "player": 3, "with": 0}
    {"type": "pass", "player": 3}                   # does nothing with the card
    {"type": "action", "player": 3, "card": "slydefox", ...the action's fields}
    {"type": "loyalty", "loyalties": ["lionsyre", "hornseeker", ...]}     # one per player

An action move names the card its player voted with; its other fields depend on the card (see
ACTION_FIELDS and the rules page).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Callable, Mapping, Sequence

from companion.engine import (
    APP_SECTION,
    COMMON_RULES,
    MISSING,
    RuleEntry,
    RuleError,
    Ruling,
    normalise_rulings,
    read_options,
)
from companion.games.kingseat.cards import (
    CARDS_PER_PRINCE, DARK_CARDS, KINDS, PRINCE_IDS, PRINCES, SETS, similar_colours,
)

# --------------------------------------------------------------------------- indices

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

PHASES = ("vote", "action", "loyalty", "over")


def _kind_of_prince(prince: int, dark: int) -> int:
    return prince * 3 + dark


@lru_cache(maxsize=None)
def copies_of(princes: tuple[int, ...], cards_per_prince: int) -> tuple[int, ...]:
    """Cards of each kind in a game with these princes (0 for princes not in play)."""
    out = [0] * N_KINDS
    for p in princes:
        out[_kind_of_prince(p, 0)] = cards_per_prince - DARK_CARDS
        out[_kind_of_prince(p, 1)] = 1
        out[_kind_of_prince(p, 2)] = 1
    return tuple(out)


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"


def _and(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _short(value: Any) -> str:
    return repr(value)[:40] if not isinstance(value, str) else repr(value[:40])


# --------------------------------------------------------------------------- rules page

SECTION_SETUP = "Setup"
SECTION_ROUND = "A round"
SECTION_ACTIONS = "The action phase"
SECTION_PRINCES = "The princes"
SECTION_END = "End of the game"
SECTION_READINGS = "How the app reads the rules"
SECTION_RULINGS = "Table rulings"

# What the app does with each card's action, after the card's own text.
APP_NOTES: dict[str, str] = {
    "lionsyre": "The app marks the next round as an open vote.",
    "lionsyre-dark1": "Nothing for the app to record.",
    "lionsyre-dark2": "Enter the 2 cards the King picked (fewer if the Hand is smaller); the "
                      "app adds them to the Tell.",
    "slydefox": "Enter the two players and the card each put into the Tell; the app moves "
                "them and adds the cards.",
    "slydefox-dark1": "Enter the other player; the app moves 3 cards each way.",
    "slydefox-dark2": "Enter the cards drawn and the cards put back; the Tell keeps its size.",
    "woolfhall": "Enter the prince; the app holds those players to it in the next vote.",
    "woolfhall-dark1": "Nothing for the app to record.",
    "woolfhall-dark2": "Enter each Woolfhall voter's cards; the app adds them to the Tell.",
    "hornseeker": "The app records whose card was seen, if you name them.",
    "hornseeker-dark1": "The app records whose card was seen, if you name them.",
    "hornseeker-dark2": "At the start of the next round the app moves this player into the "
                        "Kingseat, changing places with the King.",
    "brownbeards": "The app puts the card into the Tell.",
    "brownbeards-dark1": "Enter the cards taken; the app moves them from the Discard to the "
                         "Hand.",
    "brownbeards-dark2": "The app takes the round back and asks for the vote again.",
    "monarchrys": "Enter the player, the prince and whether a card was handed over.",
    "monarchrys-dark1": "Enter the player and how many cards went each way.",
    "monarchrys-dark2": "Enter the player, the prince and how many cards went each way.",
    "crassclamps": "Enter the player, the prince and the order; the app holds them to it next "
                   "round.",
    "crassclamps-dark1": "The app refuses card actions in the next round.",
    "crassclamps-dark2": "The app marks the next round as open, with the first player if you "
                         "name one.",
    "gulliballistas": "Nothing for the app to record.",
    "gulliballistas-dark1": "Nothing for the app to record.",
    "gulliballistas-dark2": "The app records the other player, if you name them.",
    "hardshell-hero": "Enter the other player; the app moves them and 2 cards each way.",
    "hardshell-hero-dark1": "Enter the card each other player discarded (they are face up).",
    "hardshell-hero-dark2": "The app moves one card from every such player with cards.",
    "squlofish": "Enter the player and how many cards were taken.",
    "squlofish-dark1": "Enter the card discarded and the Squlofish cards taken out of the Tell.",
    "squlofish-dark2": "Enter who discarded which Squlofish card.",
    "smugwing": "The app leaves this player out of the next vote and out of every choice of "
                "player during that round.",
    "smugwing-dark1": "The app moves this round's winning cards from the Tell to the Discard.",
    "smugwing-dark2": "Enter who handed over a card.",
    "salsa-salamanda": "Enter the winning card and where it went.",
    "salsa-salamanda-dark1": "Nothing for the app to record: enter Loyalties as they are at the "
                             "end.",
    "salsa-salamanda-dark2": "Nothing for the app to record: enter Loyalties as they are at the "
                             "end.",
}

RULES: tuple[RuleEntry, ...] = (
    RuleEntry("players", "Players",
              "Kingseat is published for four to ten players, listed in seat order going "
              "clockwise. The app also takes three, eleven or twelve, with a warning. Each name "
              "has 1 to 30 characters and no two names may be the same.", SECTION_SETUP),
    RuleEntry("kingseat", "The Kingseat",
              "The table picks one place as the Kingseat, and whoever sits there is the King. "
              "It is a place, not a person: a King who changes places stops being King. The "
              "app numbers places clockwise from the first name's place, starting at 0.",
              SECTION_SETUP),
    RuleEntry("princes", "Choosing princes",
              "Play with at least as many princes as players, each once. The premade sets are "
              "starter (Lionsyre, Hornseeker, Monarchrys, Gulliballistas), medium (Slydefox, "
              "Brownbeards, Hardshell Hero, Smugwing), advanced (Woolfhall, Crassclamps, "
              "Squlofish, Salsa Salamanda) and complete (all twelve).", SECTION_SETUP),
    RuleEntry("colours", "Similar colours",
              "The rules advise against two princes of the same or a similar colour in one "
              "game, as they do similar things. The app warns about Hardshell Hero with "
              "Squlofish (blues), Slydefox with Crassclamps (reds) and Woolfhall with "
              "Hornseeker (grey and white), but allows them.", SECTION_SETUP),
    RuleEntry("deal", "The deal and the leftover cards",
              "All cards of the chosen princes are shuffled and dealt out evenly. Cards that do "
              "not divide evenly are shown to everyone and go straight into the Tell, and the "
              "app asks which they are. For example 5 princes of 9 cards for 4 players make 45 "
              "cards: 11 a player and 1 into the Tell.", SECTION_SETUP),
    RuleEntry("setup-passing", "Passing and Loyalty",
              "Then everyone hands two cards to the right, then two to the left, and puts one "
              "Hand card aside face down as their secret Loyalty. Hands therefore start one "
              "card smaller than the deal.", SECTION_SETUP),
    RuleEntry("piles", "The Tell and the Discard",
              "Two piles grow during the game: the Tell, face down, holding the votes that "
              "count at the end, and the Discard, face up. The app shows the Tell's size and "
              "the leftover cards in it, and keeps the rest of it hidden until the end.",
              SECTION_SETUP),
    RuleEntry("give-cards", "Give Cards",
              "Each round starts with everyone handing one Hand card to a neighbour: to the "
              "left (clockwise) in the first round, to the right in the second, and so on. A "
              "player with no cards gives nothing but still receives.", SECTION_ROUND),
    RuleEntry("vote", "The vote",
              "Everyone with cards picks one Hand card in secret, and all are revealed "
              "together. The app takes one card per player; a player who sits out or has no "
              "cards left plays none.", SECTION_ROUND),
    RuleEntry("copies", "Cards the deck can hold",
              "The app knows every card in the Tell, the Discard and on the table. It refuses a "
              "card when every copy of it is already there, or a prince that is not in the "
              "game.", SECTION_ROUND),
    RuleEntry("round-winner", "Winning a round",
              "The prince with the most cards played wins the round; here every card is one "
              "vote. All of that prince's cards, dark ones included, go into the Tell.",
              SECTION_ROUND),
    RuleEntry("tie-break", "Ties in a round",
              "When princes tie for the most cards, go round the places from the Kingseat "
              "clockwise, starting with the King's own place. The first card of a tied prince "
              "met this way wins the round for its prince.", SECTION_ROUND),
    RuleEntry("open-vote", "Open rounds",
              "In an open round (after Lionsyre or Crassclamps' dark 2) players lay their votes "
              "face up one at a time, clockwise from the Kingseat or from the player "
              "Crassclamps chose. The app records the votes the same way.", SECTION_ROUND),
    RuleEntry("forced-votes", "Forced votes",
              "Woolfhall and Crassclamps can tell players which prince to vote next round. A "
              "forced player must vote that prince if they hold a card of it; if they hold "
              "none, the vote entry says so and they may play anything. When every card of "
              "that prince is already in the Tell or the Discard, nobody needs to say so.",
              SECTION_ROUND),
    RuleEntry("immune", "Sitting out and immunity",
              "A player who used Smugwing's regular action sits out the next round's vote. For "
              "that round no action can pick them, nobody can swap places with them, and an "
              "action that would have to pick them does nothing to them. They still give and "
              "receive in Give Cards.", SECTION_ROUND),
    RuleEntry("action-phase", "The action phase",
              "Then the players whose cards did not win act one at a time, by place from the "
              "Kingseat clockwise. The order is fixed when the phase starts, so changes of "
              "place during it do not change who comes next. A player whose card won does "
              "nothing.", SECTION_ACTIONS),
    RuleEntry("swap", "Swapping places",
              "Instead of using their card's action, a player may change places with another "
              "player and trade one Hand card with them. The played card is discarded.",
              SECTION_ACTIONS),
    RuleEntry("pass", "Doing nothing",
              "A player may also leave their card unused, for instance when its action cannot "
              "be carried out; the card is discarded. An action that changes nothing the app "
              "tracks, such as looking at a card, is entered as that action all the same.",
              SECTION_ACTIONS),
    RuleEntry("discard", "Where played cards go",
              "Whatever its player did, a played card that did not win goes to the Discard "
              "afterwards. The one exception is a Brownbeards regular card whose action was "
              "used: it goes into the Tell.", SECTION_ACTIONS),
    RuleEntry("orders", "Orders from Crassclamps",
              "A player ordered by Crassclamps to swap must swap places in the next action "
              "phase; one ordered to use their action may not swap. If their card wins the "
              "round, the order lapses.", SECTION_ACTIONS),
    RuleEntry("no-actions", "A round without actions",
              "After Crassclamps' dark 1, nobody may use a card's action in the next round. "
              "Each acting player swaps places or does nothing.", SECTION_ACTIONS),
    RuleEntry("short-hands", "Short Hands",
              "An action asking for more cards than a Hand holds takes what is there. A player "
              "with an empty Hand no longer votes, but may get cards again.", SECTION_ACTIONS),
    *(RuleEntry(kind.id, kind.name, f"{kind.text} {APP_NOTES[kind.id]}", SECTION_PRINCES)
      for kind in KINDS),
    RuleEntry("end", "The end of the game",
              "The game ends when every Hand is empty. Everyone reveals their Loyalty card and "
              "the app asks for each player's prince.", SECTION_END),
    RuleEntry("loyalty", "Entering the Loyalties",
              "At the end the only cards outside the Tell and the Discard are the Loyalty "
              "cards, so the app knows which princes they show. It refuses Loyalties that do "
              "not match those cards.", SECTION_END),
    RuleEntry("final-count", "The final count",
              "The Tell is turned over and its cards counted as votes. The prince with the most "
              "votes wins, and so does every player whose Loyalty shows that prince.",
              SECTION_END),
    RuleEntry("squlofish-weight", "Squlofish in the Tell",
              "In the final count a regular Squlofish card is worth 2 votes. A dark Squlofish "
              "card is worth 1, or 2 under the table ruling.", SECTION_END),
    RuleEntry("final-tie", "A tie in the final count",
              "If princes tie for the most votes in the Tell, all of them win, and so does "
              "every player loyal to any of them.", SECTION_END),
    RuleEntry("game-over", "Game over",
              "Once the Loyalties are in, the game is over and no more moves can be entered.",
              SECTION_END),
    RuleEntry("reading-slydefox", "Slydefox",
              "Each of the two players who change places puts one Hand card into the Tell, two "
              "cards in all. Either of them may be the Slydefox player.", SECTION_READINGS),
    RuleEntry("reading-undo", "Undoing a round (Brownbeards dark 2)",
              "Every card played this round goes back to its player's Hand from where the round "
              "put it: the Tell, the Discard or the table. A card that an action has since "
              "moved elsewhere stays there, and every other effect of actions already used "
              "this round stands. Then the round is voted again, without a new Give Cards.",
              SECTION_READINGS),
    RuleEntry("reading-hornseeker", "Becoming King (Hornseeker dark 2)",
              "At the start of the next round, before Give Cards, that player changes places "
              "with the King; no card changes hands. If several players did so, they move in "
              "the order they acted, so the last one ends up King.", SECTION_READINGS),
    RuleEntry("reading-squlofish", "Squlofish dark 1",
              "The player takes Squlofish cards worth at most 3 votes out of the Tell and puts "
              "them on the Discard, as many as fit, and says which. The app knows how many of "
              "each are there.", SECTION_READINGS),
    RuleEntry("reading-forced", "Several forced votes",
              "If a player is told twice which prince to vote, the instruction given last "
              "applies. Woolfhall's 'everybody' means every player, the Woolfhall player "
              "included.", SECTION_READINGS),
    RuleEntry("reading-winning-cards", "This round's winning cards",
              "Salsa Salamanda and Smugwing's dark 1 deal only with winning cards still in the "
              "Tell. When an action takes cards of some kind out of the Tell or the Discard, "
              "the app assumes older cards were taken before this round's.", SECTION_READINGS),
    RuleEntry("reading-givers", "Who hands over cards",
              "Hardshell Hero's dark 2 takes one card from every other player who did not vote "
              "Hardshell Hero and holds a card, except players sitting out.", SECTION_READINGS),
    RuleEntry("rulings", "Table rulings",
              "Where editions of the game differ, the table picks a reading when it sets up the "
              "game; the first is the newest edition's. The other readings in this section are "
              "fixed.", SECTION_RULINGS),
    RuleEntry("ruling-cards-per-prince", "Cards a prince",
              "9 (default): 7 regular cards and the two dark cards. 10: 8 and 2, as an older "
              "edition. 14: 12 and 2, as the oldest. It decides the deal, so it cannot change "
              "once the game has started.", SECTION_RULINGS),
    RuleEntry("ruling-squlofish-weight", "Dark Squlofish in the Tell",
              "1 (default): only regular Squlofish cards count double at the end. 2: the dark "
              "Squlofish cards count 2 as well.", SECTION_RULINGS),
    RuleEntry("setup", "Setting up in the app",
              "The app needs the names in seat order, the Kingseat, the princes in play and the "
              "cards left over from the deal. The table rulings are optional.", APP_SECTION),
    RuleEntry("move-format", "Entering a move",
              "A move is a vote, an acting player's swap, action or pass, or the Loyalties at "
              "the end. The app refuses an entry that is incomplete or names something "
              "unknown.", APP_SECTION),
)
RULE_IDS = frozenset(entry.id for entry in (*RULES, *COMMON_RULES))

RULINGS: tuple[Ruling, ...] = (
    Ruling("cards_per_prince", "Cards a prince",
           ((9, "9: 7 regular and 2 dark (newest edition)"),
            (10, "10: 8 regular and 2 dark"),
            (14, "14: 12 regular and 2 dark (oldest edition)")),
           "ruling-cards-per-prince"),
    Ruling("squlofish_dark_weight", "Dark Squlofish in the final count",
           ((1, "1 vote each (only regular Squlofish count double)"),
            (2, "2 votes each, like the regular ones")),
           "ruling-squlofish-weight"),
)
assert tuple(value for value, _ in RULINGS[0].choices) == CARDS_PER_PRINCE

# --------------------------------------------------------------------------- state


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
class State:
    """One position of a game. Immutable; ``apply`` returns a new one."""

    players: tuple[str, ...]
    princes: tuple[int, ...]  # prince indices in play, catalogue order
    cards_per_prince: int
    dark_weight: int  # a dark Squlofish card's votes in the final count
    kingseat: int  # the Kingseat's place
    leftovers: tuple[int, ...]  # kinds of the deal's leftover cards (in the Tell), sorted
    seating: tuple[int, ...]  # the player in each place
    hands: tuple[int, ...]  # cards in each player's Hand
    tell: tuple[int, ...]  # cards of each kind in the Tell
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
    loyalties: tuple[int, ...] | None = None  # prince per player, at the end

    @property
    def copies(self) -> tuple[int, ...]:
        return copies_of(self.princes, self.cards_per_prince)

    @property
    def deck_size(self) -> int:
        return len(self.princes) * self.cards_per_prince

    @property
    def king(self) -> int:
        return self.seating[self.kingseat]

    @property
    def rulings(self) -> dict[str, int]:
        return {"cards_per_prince": self.cards_per_prince,
                "squlofish_dark_weight": self.dark_weight}

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

    def unknown(self) -> tuple[int, ...]:
        """Cards of each kind in no pile the app sees: in Hands or set aside as Loyalty."""
        table = self.table()
        return tuple(c - t - d - x for c, t, d, x in
                     zip(self.copies, self.tell, self.discard, table))

    def place_of(self, player: int) -> int:
        return self.seating.index(player)

    def to_dict(self) -> dict[str, Any]:
        """Every field, JSON-ready (the raw state; ``Engine.view`` is the display form)."""
        return {
            "players": list(self.players), "princes": [PRINCE_IDS[p] for p in self.princes],
            "rulings": self.rulings, "kingseat": self.kingseat,
            "leftovers": [KIND_IDS[k] for k in self.leftovers],
            "seating": list(self.seating), "hands": list(self.hands),
            "tell": {KIND_IDS[k]: n for k, n in enumerate(self.tell) if n},
            "discard": {KIND_IDS[k]: n for k, n in enumerate(self.discard) if n},
            "round": self.round, "phase": self.phase, "effects": self.effects.to_dict(),
            "coming": self.coming.to_dict(),
            "vote": None if self.vote is None else self.vote.to_dict(),
            "played": [[p, KIND_IDS[k], w] for p, k, w in self.played],
            "order": list(self.order), "replays": self.replays,
            "events": list(self.events), "last_events": list(self.last_events),
            "loyalties": None if self.loyalties is None else
            [PRINCE_IDS[p] for p in self.loyalties],
        }


# --------------------------------------------------------------------------- reading moves

OPTION_FIELDS = frozenset(("players", "kingseat", "princes", "rulings", "leftovers"))
_VOTE_KEYS = frozenset(("type", "votes", "none_held"))
_SWAP_KEYS = frozenset(("type", "player", "with"))
_PASS_KEYS = frozenset(("type", "player"))
_LOYALTY_KEYS = frozenset(("type", "loyalties"))
_ACTION_BASE = frozenset(("type", "player", "card"))

# The fields each card's action takes, besides "type", "player" and "card".
ACTION_FIELDS: dict[str, frozenset[str]] = {
    "lionsyre": frozenset(), "lionsyre-dark1": frozenset(),
    "lionsyre-dark2": frozenset({"cards"}),
    "slydefox": frozenset({"players", "cards"}), "slydefox-dark1": frozenset({"target"}),
    "slydefox-dark2": frozenset({"from_tell", "to_tell"}),
    "woolfhall": frozenset({"prince"}), "woolfhall-dark1": frozenset(),
    "woolfhall-dark2": frozenset({"added"}),
    "hornseeker": frozenset({"target"}), "hornseeker-dark1": frozenset({"target"}),
    "hornseeker-dark2": frozenset(),
    "brownbeards": frozenset(), "brownbeards-dark1": frozenset({"cards"}),
    "brownbeards-dark2": frozenset(),
    "monarchrys": frozenset({"target", "prince", "count"}),
    "monarchrys-dark1": frozenset({"target", "taken", "given"}),
    "monarchrys-dark2": frozenset({"target", "prince", "taken", "given"}),
    "crassclamps": frozenset({"target", "prince", "order"}),
    "crassclamps-dark1": frozenset(), "crassclamps-dark2": frozenset({"first"}),
    "gulliballistas": frozenset(), "gulliballistas-dark1": frozenset(),
    "gulliballistas-dark2": frozenset({"target"}),
    "hardshell-hero": frozenset({"target"}), "hardshell-hero-dark1": frozenset({"discards"}),
    "hardshell-hero-dark2": frozenset(),
    "squlofish": frozenset({"target", "count"}),
    "squlofish-dark1": frozenset({"discard", "removed"}),
    "squlofish-dark2": frozenset({"discards"}),
    "smugwing": frozenset(), "smugwing-dark1": frozenset(),
    "smugwing-dark2": frozenset({"givers"}),
    "salsa-salamanda": frozenset({"winning", "to"}), "salsa-salamanda-dark1": frozenset(),
    "salsa-salamanda-dark2": frozenset({"target"}),
}
# Fields that may be left out.
OPTIONAL_FIELDS = frozenset({"target@hornseeker", "target@hornseeker-dark1",
                             "target@gulliballistas-dark2", "target@salsa-salamanda-dark2",
                             "first@crassclamps-dark2"})
assert set(ACTION_FIELDS) == set(KIND_IDS)


def _is_int(value: Any) -> bool:
    return type(value) is int


def _card_word(n: int) -> str:
    return _plural(n, "card")


class _Ctx:
    """One action move being checked: the state, the actor, the card, and field readers."""

    __slots__ = ("s", "actor", "kind", "kid", "move", "n", "immune", "rule", "name")

    def __init__(self, s: State, actor: int, kind: int, move: dict):
        self.s = s
        self.actor = actor
        self.kind = kind
        self.kid = KIND_IDS[kind]
        self.move = move
        self.n = len(s.players)
        self.immune = frozenset(s.effects.sit_out)
        self.rule = self.kid
        self.name = KIND_NAMES[kind]

    def fail(self, text: str, rule: str | None = None, step: int | None = None) -> RuleError:
        return RuleError(rule or self.rule, f"{self.name}: {text}.", step=step)

    def who(self, p: int) -> str:
        return self.s.players[p]

    def field(self, key: str) -> Any:
        value = self.move.get(key, MISSING)
        if value is MISSING and f"{key}@{self.kid}" not in OPTIONAL_FIELDS:
            raise self.fail(f'the action needs a "{key}" field', "move-format")
        return value

    def player(self, key: str, value: Any = MISSING, *, self_ok: bool = False,
               immune_ok: bool = False) -> int:
        if value is MISSING:
            value = self.field(key)
        if not _is_int(value) or not 0 <= value < self.n:
            raise self.fail(f'"{key}" must be a player number, 0 to {self.n - 1}', "move-format")
        if value == self.actor and not self_ok:
            raise self.fail("choose another player, not yourself")
        if value in self.immune and not immune_ok:
            raise self.fail(f"{self.who(value)} sits out this round and cannot be picked",
                            "immune")
        return value

    def number(self, key: str, most: int, why: str) -> int:
        value = self.field(key)
        if not _is_int(value) or value < 0:
            raise self.fail(f'"{key}" must be a whole number, 0 or more', "move-format")
        if value > most:
            raise self.fail(f'"{key}" can be at most {most}: {why}')
        return value

    def prince(self, key: str) -> int:
        value = self.field(key)
        if type(value) is not str or value not in PRINCE_INDEX:
            raise self.fail(f'"{key}" must be a prince such as "lionsyre", not {_short(value)}',
                            "move-format")
        prince = PRINCE_INDEX[value]
        if prince not in self.s.princes:
            raise self.fail(f"{PRINCE_NAMES[prince]} is not in this game", "copies")
        return prince

    def card(self, value: Any, what: str) -> int:
        return _card_in_game(self.s, value, what)

    def card_list(self, value: Any, key: str, count: int, why: str) -> list[int]:
        if type(value) is not list:
            raise self.fail(f'"{key}" must be a list of cards', "move-format")
        if len(value) != count:
            raise self.fail(f'"{key}" must list {_card_word(count)} ({why}), not {len(value)}')
        return [self.card(v, f'A card in "{key}"') for v in value]

    def hand_cards_available(self, kinds: list[int], back: list[int] | None = None) -> None:
        """Cards leaving Hands for a pile the app sees must be cards the Hands can hold."""
        _check_unknown(self.s, kinds, back)


def _card_in_game(s: State, value: Any, what: str, step: int | None = None) -> int:
    if type(value) is not str or value not in KIND_INDEX:
        raise RuleError("move-format", f"{what} must be a card such as 'lionsyre' or "
                                       f"'lionsyre-dark1', not {_short(value)}.", step=step)
    kind = KIND_INDEX[value]
    if KIND_PRINCE[kind] not in s.princes:
        raise RuleError("copies", f"{what}: {PRINCE_NAMES[KIND_PRINCE[kind]]} is not in this "
                                  f"game, so there is no {KIND_NAMES[kind]} card.", step=step)
    return kind


def _copies_text(s: State, kind: int) -> str:
    n = s.copies[kind]
    if n == 1:
        return (f"the game's only {KIND_NAMES[kind]} card is already in the Tell, the Discard "
                f"or on the table")
    return (f"all {n} {KIND_NAMES[kind]} cards are already in the Tell, the Discard or on the "
            f"table")


def _check_unknown(s: State, kinds: list[int], back: list[int] | None = None) -> None:
    """Refuse cards that no Hand can hold (``back``: cards returning to Hands first)."""
    unknown = list(s.unknown())
    for k in back or ():
        unknown[k] += 1
    for k in kinds:
        unknown[k] -= 1
        if unknown[k] < 0:
            raise RuleError("copies", f"No Hand can hold another {KIND_NAMES[k]} card: "
                                      f"{_copies_text(s, k)}.")


def _squid_weight(s: State, kind: int) -> int:
    if KIND_PRINCE[kind] != SQULOFISH:
        return 1
    return REGULAR_SQULOFISH_WEIGHT if KIND_DARK[kind] == 0 else s.dark_weight


def _voters_of(s: State, prince: int) -> list[int]:
    """Players whose card this round is of this prince."""
    votes = s.vote.votes if s.vote is not None else ()
    return [p for p, k in enumerate(votes) if k >= 0 and KIND_PRINCE[k] == prince]


def _winning_in_tell(s: State) -> list[int]:
    """Kinds of this round's winning cards still in the Tell (one entry a card)."""
    return [k for _, k, where in s.played if where == WON]


def _beside_king(s: State) -> list[int]:
    n = len(s.players)
    places = {(s.kingseat - 1) % n, (s.kingseat + 1) % n} - {s.kingseat}
    return sorted(s.seating[place] for place in places)


# --------------------------------------------------------------------------- action checks
#
# Each check reads an action move's fields and returns the parameters the matching ``_do``
# function needs; it raises RuleError for anything the rules refuse.


def _c_none(c: _Ctx) -> dict:
    return {}


def _c_lionsyre_d2(c: _Ctx) -> dict:
    count = min(2, c.s.hands[c.actor])
    cards = c.card_list(c.field("cards"), "cards", count,
                        f"{c.who(c.actor)} holds {_card_word(c.s.hands[c.actor])}")
    c.hand_cards_available(cards)
    return {"cards": cards}


def _c_slydefox(c: _Ctx) -> dict:
    pair = c.field("players")
    if type(pair) is not list or len(pair) != 2:
        raise c.fail('"players" must list the two players who change places', "move-format")
    a = c.player("players", pair[0], self_ok=True)
    b = c.player("players", pair[1], self_ok=True)
    if a == b:
        raise c.fail("pick two different players")
    cards = c.field("cards")
    if type(cards) is not list or len(cards) != 2:
        raise c.fail('"cards" must give the card each of the two players put into the Tell, '
                     'in the same order (null for a player with no cards)', "move-format")
    out = []
    for p, value in zip((a, b), cards):
        if c.s.hands[p] == 0:
            if value is not None:
                raise c.fail(f"{c.who(p)} has no cards, so puts none into the Tell")
            out.append(-1)
        else:
            if value is None:
                raise c.fail(f"{c.who(p)} holds cards, so must put one into the Tell")
            out.append(c.card(value, f"{c.who(p)}'s card"))
    c.hand_cards_available([k for k in out if k >= 0])
    return {"players": (a, b), "cards": tuple(out)}


def _c_target(c: _Ctx) -> dict:
    return {"target": c.player("target")}


def _c_optional_target(c: _Ctx) -> dict:
    value = c.field("target")
    if value is MISSING or value is None:
        return {"target": -1}
    return {"target": c.player("target", value)}


def _c_hornseeker(c: _Ctx) -> dict:
    out = _c_optional_target(c)
    if out["target"] >= 0 and out["target"] not in _beside_king(c.s):
        raise c.fail(f"{c.who(out['target'])} does not sit right beside the King")
    return out


def _c_slydefox_d2(c: _Ctx) -> dict:
    s = c.s
    count = min(3, sum(s.tell))
    taken = c.card_list(c.field("from_tell"), "from_tell", count,
                        f"the Tell holds {_card_word(sum(s.tell))}")
    have = list(s.tell)
    for k in taken:
        have[k] -= 1
        if have[k] < 0:
            raise c.fail(f"the Tell holds no more {KIND_NAMES[k]} cards than that")
    put = c.card_list(c.field("to_tell"), "to_tell", count, "as many as were drawn")
    c.hand_cards_available(put, taken)
    return {"from": taken, "to": put}


def _c_woolfhall(c: _Ctx) -> dict:
    return {"prince": c.prince("prince")}


def _c_woolfhall_d2(c: _Ctx) -> dict:
    s = c.s
    voters = _voters_of(s, WOOLFHALL)
    n = len(voters)
    added = c.field("added")
    if type(added) is not list:
        raise c.fail('"added" must list each Woolfhall voter with their cards', "move-format")
    seen: dict[int, list[int]] = {}
    for i, entry in enumerate(added):
        if type(entry) is not dict or entry.keys() != {"player", "cards"}:
            raise c.fail('each entry of "added" is {"player": ..., "cards": [...]}',
                         "move-format")
        p = c.player("player", entry["player"], self_ok=True)
        if p not in voters:
            raise c.fail(f"{c.who(p)} did not vote Woolfhall this round")
        if p in seen:
            raise c.fail(f"{c.who(p)} is listed twice")
        count = min(n, s.hands[p])
        seen[p] = c.card_list(entry["cards"], "cards", count,
                              f"{n} Woolfhall voters, and {c.who(p)} holds "
                              f"{_card_word(s.hands[p])}")
    missing = [p for p in voters if p not in seen]
    if missing:
        raise c.fail(f"{c.who(missing[0])} voted Woolfhall too and must be listed")
    c.hand_cards_available([k for p in voters for k in seen[p]])
    return {"added": tuple((p, tuple(seen[p])) for p in voters)}


def _c_brownbeards_d1(c: _Ctx) -> dict:
    s = c.s
    in_discard = sum(s.discard[_kind_of_prince(BROWNBEARDS, d)] for d in range(3))
    voters = len(_voters_of(s, BROWNBEARDS))
    count = min(voters, in_discard)
    cards = c.card_list(c.field("cards"), "cards", count,
                        f"{_plural(voters, 'Brownbeards voter')} and "
                        f"{_plural(in_discard, 'Brownbeards card')} in the Discard")
    have = list(s.discard)
    for k in cards:
        if KIND_PRINCE[k] != BROWNBEARDS:
            raise c.fail(f"the {KIND_NAMES[k]} is not a Brownbeards card")
        have[k] -= 1
        if have[k] < 0:
            raise c.fail(f"the Discard holds no more {KIND_NAMES[k]} cards than that")
    return {"cards": cards}


def _unknown_of_prince(s: State, prince: int) -> int:
    unknown = s.unknown()
    return sum(unknown[_kind_of_prince(prince, d)] for d in range(3))


def _c_monarchrys(c: _Ctx) -> dict:
    target = c.player("target")
    prince = c.prince("prince")
    most = min(1, c.s.hands[target], _unknown_of_prince(c.s, prince))
    count = c.number("count", most, f"{c.who(target)} hands over at most one card, and only "
                                    f"one they can hold")
    return {"target": target, "taken": count, "given": 0}


def _c_monarchrys_both(c: _Ctx, prince: int) -> dict:
    s = c.s
    target = c.player("target")
    if prince >= 0:
        pool = _unknown_of_prince(s, prince)
        what = f"{PRINCE_NAMES[prince]} cards"
    else:
        unknown = s.unknown()
        pool = sum(unknown[k] for k in range(N_KINDS) if KIND_DARK[k])
        what = "dark cards"
    taken = c.number("taken", min(s.hands[target], pool),
                     f"{c.who(target)} holds {_card_word(s.hands[target])} and no Hand can hold "
                     f"more than {pool} {what}")
    given = c.number("given", min(s.hands[c.actor], pool),
                     f"{c.who(c.actor)} holds {_card_word(s.hands[c.actor])}")
    if taken and given:
        raise c.fail("cards go one way only: the other player's if they have any, otherwise "
                     "yours")
    return {"target": target, "taken": taken, "given": given}


def _c_monarchrys_d1(c: _Ctx) -> dict:
    return _c_monarchrys_both(c, -1)


def _c_monarchrys_d2(c: _Ctx) -> dict:
    prince = c.prince("prince")
    return _c_monarchrys_both(c, prince)


def _c_crassclamps(c: _Ctx) -> dict:
    target = c.player("target")
    prince = c.prince("prince")
    order = c.field("order")
    if order not in ("swap", "action"):
        raise c.fail('"order" must be "swap" or "action"', "move-format")
    return {"target": target, "prince": prince, "order": order}


def _c_crassclamps_d2(c: _Ctx) -> dict:
    value = c.field("first")
    if value is MISSING or value is None:
        return {"first": -1}
    return {"first": c.player("first", value, self_ok=True)}


def _read_discards(c: _Ctx, listing: str, *, self_ok: bool = False,
                   check: Callable[[int], None] | None = None) -> dict[int, int]:
    """The field "discards": {"player": ..., "card": ...} entries, each player once and holding
    cards, read as {player: card kind}. ``listing`` is what the field must list (said when it
    is not a list), ``self_ok`` whether the actor may be named, and ``check`` may refuse a
    card kind."""
    discards = c.field("discards")
    if type(discards) is not list:
        raise c.fail(f'"discards" must list {listing}', "move-format")
    got: dict[int, int] = {}
    for entry in discards:
        if type(entry) is not dict or entry.keys() != {"player", "card"}:
            raise c.fail('each entry of "discards" is {"player": ..., "card": ...}',
                         "move-format")
        p = c.player("player", entry["player"], self_ok=self_ok)
        if c.s.hands[p] == 0:
            raise c.fail(f"{c.who(p)} has no cards to discard")
        if p in got:
            raise c.fail(f"{c.who(p)} is listed twice")
        k = c.card(entry["card"], f"{c.who(p)}'s card")
        if check is not None:
            check(k)
        got[p] = k
    return got


def _c_hardshell_d1(c: _Ctx) -> dict:
    s = c.s
    due = [p for p in range(c.n) if p != c.actor and p not in c.immune and s.hands[p] > 0]
    got = _read_discards(c, "each player with the card they discarded")
    missing = [p for p in due if p not in got]
    if missing:
        raise c.fail(f"{c.who(missing[0])} holds cards and must discard one too")
    c.hand_cards_available(list(got.values()))
    return {"discards": tuple(sorted(got.items()))}


def _hardshell_givers(s: State, actor: int) -> list[int]:
    immune = set(s.effects.sit_out)
    votes = s.vote.votes
    return [p for p in range(len(s.players))
            if p != actor and p not in immune and s.hands[p] > 0
            and not (votes[p] >= 0 and KIND_PRINCE[votes[p]] == HARDSHELL)]


def _c_squlofish(c: _Ctx) -> dict:
    target = c.player("target")
    pool = _unknown_of_prince(c.s, SQULOFISH)
    count = c.number("count", min(c.s.hands[target], pool),
                     f"{c.who(target)} holds {_card_word(c.s.hands[target])} and no Hand can "
                     f"hold more than {pool} Squlofish cards")
    return {"target": target, "taken": count, "given": 0}


def _c_squlofish_d1(c: _Ctx) -> dict:
    s = c.s
    value = c.field("discard")
    if s.hands[c.actor] == 0:
        if value is not None:
            raise c.fail(f"{c.who(c.actor)} has no cards, so discards none")
        paid = -1
    else:
        if value is None:
            raise c.fail(f"{c.who(c.actor)} discards one Hand card to pay for this")
        paid = c.card(value, "The discarded card")
        c.hand_cards_available([paid])
    removed = c.field("removed")
    if type(removed) is not list:
        raise c.fail('"removed" must list the Squlofish cards taken out of the Tell',
                     "move-format")
    have = list(s.tell)
    weight = 0
    kinds = []
    for value in removed:
        k = c.card(value, 'A card in "removed"')
        if KIND_PRINCE[k] != SQULOFISH:
            raise c.fail(f"the {KIND_NAMES[k]} is not a Squlofish card")
        have[k] -= 1
        if have[k] < 0:
            raise c.fail(f"the Tell holds no more {KIND_NAMES[k]} cards than that")
        weight += _squid_weight(s, k)
        kinds.append(k)
    if weight > SQUID_STRIP:
        raise c.fail(f"those cards are worth {weight} votes, more than {SQUID_STRIP}",
                     "reading-squlofish")
    for d in range(3):
        k = _kind_of_prince(SQULOFISH, d)
        if have[k] > 0 and weight + _squid_weight(s, k) <= SQUID_STRIP:
            raise c.fail(f"a {KIND_NAMES[k]} card in the Tell still fits within "
                         f"{SQUID_STRIP} votes, so it goes too", "reading-squlofish")
    return {"paid": paid, "removed": kinds}


def _c_squlofish_d2(c: _Ctx) -> dict:
    def squlofish_only(k: int) -> None:
        if KIND_PRINCE[k] != SQULOFISH:
            raise c.fail(f"the player with the most Squlofish discards a Squlofish card, not "
                         f"the {KIND_NAMES[k]}")

    got = _read_discards(c, "each player who discarded and their card", self_ok=True,
                         check=squlofish_only)
    c.hand_cards_available(list(got.values()))
    return {"discards": tuple(sorted(got.items()))}


def _c_smugwing_d2(c: _Ctx) -> dict:
    s = c.s
    givers = c.field("givers")
    if type(givers) is not list:
        raise c.fail('"givers" must list the players who handed over a Smugwing card',
                     "move-format")
    winners = set(_voters_of(s, s.vote.winner))
    out = []
    for value in givers:
        p = c.player("givers", value)
        if p not in winners:
            raise c.fail(f"{c.who(p)} did not vote for the winning prince")
        if p in out:
            raise c.fail(f"{c.who(p)} is listed twice")
        if s.hands[p] == 0:
            raise c.fail(f"{c.who(p)} has no cards")
        out.append(p)
    pool = _unknown_of_prince(s, SMUGWING)
    if len(out) > pool:
        raise c.fail(f"no Hands can hold more than {pool} Smugwing cards", "copies")
    return {"givers": tuple(sorted(out))}


def _c_salsa(c: _Ctx) -> dict:
    s = c.s
    won = _winning_in_tell(s)
    k = c.card(c.field("winning"), "The winning card")
    if k not in won:
        if not won:
            raise c.fail("none of this round's winning cards is still in the Tell",
                         "reading-winning-cards")
        raise c.fail(f"no {KIND_NAMES[k]} card won this round and is still in the Tell",
                     "reading-winning-cards")
    to = c.field("to")
    if to == "discard":
        dest = -1
    else:
        if not _is_int(to):
            raise c.fail('"to" must be a player number or "discard"', "move-format")
        dest = c.player("to", to, self_ok=True)
    return {"card": k, "to": dest}


CHECKS = {
    "lionsyre": _c_none, "lionsyre-dark1": _c_none, "lionsyre-dark2": _c_lionsyre_d2,
    "slydefox": _c_slydefox, "slydefox-dark1": _c_target, "slydefox-dark2": _c_slydefox_d2,
    "woolfhall": _c_woolfhall, "woolfhall-dark1": _c_none, "woolfhall-dark2": _c_woolfhall_d2,
    "hornseeker": _c_hornseeker, "hornseeker-dark1": _c_optional_target,
    "hornseeker-dark2": _c_none,
    "brownbeards": _c_none, "brownbeards-dark1": _c_brownbeards_d1,
    "brownbeards-dark2": _c_none,
    "monarchrys": _c_monarchrys, "monarchrys-dark1": _c_monarchrys_d1,
    "monarchrys-dark2": _c_monarchrys_d2,
    "crassclamps": _c_crassclamps, "crassclamps-dark1": _c_none,
    "crassclamps-dark2": _c_crassclamps_d2,
    "gulliballistas": _c_none, "gulliballistas-dark1": _c_none,
    "gulliballistas-dark2": _c_optional_target,
    "hardshell-hero": _c_target, "hardshell-hero-dark1": _c_hardshell_d1,
    "hardshell-hero-dark2": _c_none,
    "squlofish": _c_squlofish, "squlofish-dark1": _c_squlofish_d1,
    "squlofish-dark2": _c_squlofish_d2,
    "smugwing": _c_none, "smugwing-dark1": _c_none, "smugwing-dark2": _c_smugwing_d2,
    "salsa-salamanda": _c_salsa, "salsa-salamanda-dark1": _c_none,
    "salsa-salamanda-dark2": _c_optional_target,
}
assert set(CHECKS) == set(KIND_IDS)


# --------------------------------------------------------------------------- carrying out


class _Work:
    """A state being changed: lists to mutate, frozen again by ``freeze``."""

    def __init__(self, s: State):
        self.s = s
        self.seating = list(s.seating)
        self.hands = list(s.hands)
        self.tell = list(s.tell)
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

    def freeze(self) -> State:
        return replace(
            self.s, seating=tuple(self.seating), hands=tuple(self.hands), tell=tuple(self.tell),
            discard=tuple(self.discard), round=self.round, phase=self.phase,
            effects=self.effects, coming=self.coming, vote=self.vote,
            played=tuple(tuple(entry) for entry in self.played), order=tuple(self.order),
            replays=self.replays, events=tuple(self.events), last_events=self.last_events,
            loyalties=self.loyalties)

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

    def sync(self) -> None:
        """Cards of this round counted in a pile that no longer holds that many of their kind
        were taken by an action (older cards are taken first): mark them gone."""
        for pile, places in ((self.tell, (WON, BEARD)), (self.discard, (DISCARDED,))):
            counts: dict[int, int] = {}
            for entry in self.played:
                if entry[2] in places:
                    counts[entry[1]] = counts.get(entry[1], 0) + 1
            for kind, count in counts.items():
                excess = count - pile[kind]
                for entry in reversed(self.played):
                    if excess <= 0:
                        break
                    if entry[1] == kind and entry[2] in places:
                        entry[2] = GONE
                        excess -= 1

    def add_coming(self, **changes: Any) -> None:
        self.coming = replace(self.coming, **changes)

    def force(self, players, prince: int, source: str) -> None:
        table = {p: (pr, src) for p, pr, src in self.coming.forced}
        for p in players:
            table[p] = (prince, source)
        self.add_coming(forced=tuple(sorted((p, pr, src) for p, (pr, src) in table.items())))


def _do_nothing(w: _Work, actor: int, a: dict) -> str:
    return ""


def _do_lionsyre(w: _Work, actor: int, a: dict) -> str:
    w.add_coming(open_vote=True)
    return "the next round is an open vote"


def _do_lionsyre_d1(w: _Work, actor: int, a: dict) -> str:
    return f"looked at {w.name(w.king)}'s Loyalty and Hand" if w.king != actor else \
        "is the King, so there was nothing to see"


def _to_tell(w: _Work, player: int, kinds) -> None:
    for k in kinds:
        w.tell[k] += 1
    w.hands[player] -= len(kinds)


def _do_lionsyre_d2(w: _Work, actor: int, a: dict) -> str:
    _to_tell(w, actor, a["cards"])
    return f"the King put {_card_word(len(a['cards']))} from {w.name(actor)}'s Hand into the Tell"


def _do_slydefox(w: _Work, actor: int, a: dict) -> str:
    x, y = a["players"]
    w.change_places(x, y)
    added = 0
    for p, k in zip((x, y), a["cards"]):
        if k >= 0:
            _to_tell(w, p, [k])
            added += 1
    return f"{w.name(x)} and {w.name(y)} changed places and added {_card_word(added)} to the Tell"


def _do_slydefox_d1(w: _Work, actor: int, a: dict) -> str:
    t = a["target"]
    ga, gb = w.trade(actor, t, 3)
    return f"traded cards with {w.name(t)} ({ga} for {gb})"


def _do_slydefox_d2(w: _Work, actor: int, a: dict) -> str:
    for k in a["from"]:
        w.tell[k] -= 1
    for k in a["to"]:
        w.tell[k] += 1
    return f"swapped {_card_word(len(a['from']))} of the Tell for Hand cards"


def _do_woolfhall(w: _Work, actor: int, a: dict) -> str:
    voters = _voters_of(w.s, WOOLFHALL)
    prince = a["prince"]
    if voters == [actor]:
        w.force(range(len(w.s.players)), prince, "woolfhall")
        return f"everybody must vote {PRINCE_NAMES[prince]} next round"
    w.force(voters, prince, "woolfhall")
    return f"this round's Woolfhall voters must vote {PRINCE_NAMES[prince]} next round"


def _do_woolfhall_d2(w: _Work, actor: int, a: dict) -> str:
    total = 0
    for p, kinds in a["added"]:
        _to_tell(w, p, kinds)
        total += len(kinds)
    return f"the Woolfhall voters added {_card_word(total)} to the Tell"


def _do_look(w: _Work, actor: int, a: dict) -> str:
    t = a.get("target", -1)
    return f"looked at {w.name(t)}'s Loyalty" if t >= 0 else ""


def _do_hornseeker_d2(w: _Work, actor: int, a: dict) -> str:
    w.add_coming(king_claims=w.coming.king_claims + (actor,))
    return "revealed their Loyalty and will be King next round"


def _do_brownbeards_d1(w: _Work, actor: int, a: dict) -> str:
    for k in a["cards"]:
        w.discard[k] -= 1
    w.hands[actor] += len(a["cards"])
    return f"took {_card_word(len(a['cards']))} from the Discard"


def _do_move(w: _Work, actor: int, a: dict) -> str:
    t, taken, given = a["target"], a["taken"], a["given"]
    if taken:
        w.move_cards(t, actor, taken)
        return f"took {_card_word(taken)} from {w.name(t)}"
    if given:
        w.move_cards(actor, t, given)
        return f"gave {_card_word(given)} to {w.name(t)}"
    return f"got nothing from {w.name(t)}"


def _do_crassclamps(w: _Work, actor: int, a: dict) -> str:
    t = a["target"]
    w.force([t], a["prince"], "crassclamps")
    orders = dict(w.coming.orders)
    orders[t] = a["order"]
    w.add_coming(orders=tuple(sorted(orders.items())))
    what = "swap places" if a["order"] == "swap" else "use their action"
    return (f"ordered {w.name(t)} to vote {PRINCE_NAMES[a['prince']]} next round and then "
            f"{what}")


def _do_crassclamps_d1(w: _Work, actor: int, a: dict) -> str:
    w.add_coming(no_actions=True)
    return "nobody may use a card's action next round"


def _do_crassclamps_d2(w: _Work, actor: int, a: dict) -> str:
    w.add_coming(open_vote=True, first=a["first"])
    if a["first"] >= 0:
        return f"the next round is an open vote, and {w.name(a['first'])} lays the first card"
    return "the next round is an open vote"


def _do_gulli_target(w: _Work, actor: int, a: dict) -> str:
    t = a["target"]
    return f"revealed their Hand and made {w.name(t)} do the same" if t >= 0 else \
        "revealed their Hand"


def _do_hardshell(w: _Work, actor: int, a: dict) -> str:
    t = a["target"]
    w.change_places(actor, t)
    ga, gb = w.trade(actor, t, 2)
    return f"changed places with {w.name(t)} and traded cards ({ga} for {gb})"


def _do_discards(w: _Work, actor: int, a: dict) -> str:
    for p, k in a["discards"]:
        w.hands[p] -= 1
        w.discard[k] += 1
    return f"{_plural(len(a['discards']), 'player')} discarded a card"


def _do_hardshell_d2(w: _Work, actor: int, a: dict) -> str:
    givers = _hardshell_givers(w.s, actor)
    for p in givers:
        w.move_cards(p, actor, 1)
    return f"got a card from {_plural(len(givers), 'player')}"


def _do_squlofish_d1(w: _Work, actor: int, a: dict) -> str:
    if a["paid"] >= 0:
        w.hands[actor] -= 1
        w.discard[a["paid"]] += 1
    for k in a["removed"]:
        w.tell[k] -= 1
        w.discard[k] += 1
    return f"moved {_card_word(len(a['removed']))} of Squlofish from the Tell to the Discard"


def _do_smugwing(w: _Work, actor: int, a: dict) -> str:
    w.add_coming(sit_out=tuple(sorted(set(w.coming.sit_out) | {actor})))
    return "sits out the next round"


def _do_smugwing_d1(w: _Work, actor: int, a: dict) -> str:
    moved = 0
    for entry in w.played:
        if entry[2] == WON:
            w.tell[entry[1]] -= 1
            w.discard[entry[1]] += 1
            entry[2] = GONE
            moved += 1
    return f"this round's {_card_word(moved)} went from the Tell to the Discard"


def _do_smugwing_d2(w: _Work, actor: int, a: dict) -> str:
    for p in a["givers"]:
        w.move_cards(p, actor, 1)
    return f"got a Smugwing card from {_plural(len(a['givers']), 'player')}"


def _do_salsa(w: _Work, actor: int, a: dict) -> str:
    k, dest = a["card"], a["to"]
    w.tell[k] -= 1
    for entry in w.played:
        if entry[2] == WON and entry[1] == k:
            entry[2] = GONE
            break
    if dest < 0:
        w.discard[k] += 1
        return f"moved a winning {KIND_NAMES[k]} from the Tell to the Discard"
    w.hands[dest] += 1
    return f"moved a winning {KIND_NAMES[k]} from the Tell into {w.name(dest)}'s Hand"


def _do_salsa_d2(w: _Work, actor: int, a: dict) -> str:
    t = a["target"]
    return f"swapped Loyalty cards with {w.name(t)}" if t >= 0 else "swapped Loyalty cards"


DOES = {
    "lionsyre": _do_lionsyre, "lionsyre-dark1": _do_lionsyre_d1,
    "lionsyre-dark2": _do_lionsyre_d2,
    "slydefox": _do_slydefox, "slydefox-dark1": _do_slydefox_d1,
    "slydefox-dark2": _do_slydefox_d2,
    "woolfhall": _do_woolfhall, "woolfhall-dark1": _do_nothing,
    "woolfhall-dark2": _do_woolfhall_d2,
    "hornseeker": _do_look, "hornseeker-dark1": _do_look, "hornseeker-dark2": _do_hornseeker_d2,
    "brownbeards": _do_nothing, "brownbeards-dark1": _do_brownbeards_d1,
    "brownbeards-dark2": _do_nothing,  # handled by _undo_round
    "monarchrys": _do_move, "monarchrys-dark1": _do_move, "monarchrys-dark2": _do_move,
    "crassclamps": _do_crassclamps, "crassclamps-dark1": _do_crassclamps_d1,
    "crassclamps-dark2": _do_crassclamps_d2,
    "gulliballistas": _do_nothing, "gulliballistas-dark1": _do_nothing,
    "gulliballistas-dark2": _do_gulli_target,
    "hardshell-hero": _do_hardshell, "hardshell-hero-dark1": _do_discards,
    "hardshell-hero-dark2": _do_hardshell_d2,
    "squlofish": _do_move, "squlofish-dark1": _do_squlofish_d1,
    "squlofish-dark2": _do_discards,
    "smugwing": _do_smugwing, "smugwing-dark1": _do_smugwing_d1,
    "smugwing-dark2": _do_smugwing_d2,
    "salsa-salamanda": _do_salsa, "salsa-salamanda-dark1": _do_nothing,
    "salsa-salamanda-dark2": _do_salsa_d2,
}
assert set(DOES) == set(KIND_IDS)


def _direction(round_number: int) -> int:
    """+1: cards go to the left (clockwise, to the next place); -1: to the right."""
    return 1 if round_number % 2 == 1 else -1


def _voters(hands, effects: Effects) -> list[int]:
    out = set(effects.sit_out)
    return [p for p, h in enumerate(hands) if h > 0 and p not in out]


def _start_round(w: _Work, number: int) -> None:
    """Begin round ``number``: last round's effects take hold, Hornseeker claims the Kingseat,
    everyone gives a card, and the vote (or the end) comes next."""
    w.last_events = tuple(w.events)
    w.events = []
    w.played = []
    w.order = []
    w.replays = 0
    n = len(w.s.players)
    while True:
        w.round = number
        w.effects = w.coming
        w.coming = NO_EFFECTS
        for claimant in w.effects.king_claims:
            king = w.king
            if claimant != king:
                w.change_places(claimant, king)
                w.events.append(f"{w.name(claimant)} changed places with {w.name(king)} and "
                                f"is now the King (Hornseeker dark 2).")
        if sum(w.hands) == 0:
            w.phase = "loyalty"
            w.events.append("Every Hand is empty: the game is over. Enter each player's "
                            "Loyalty.")
            return
        old = list(w.hands)
        step = _direction(number)
        for place in range(n):
            p = w.seating[place]
            if old[p] > 0:
                w.hands[p] -= 1
                w.hands[w.seating[(place + step) % n]] += 1
        if _voters(w.hands, w.effects):
            w.phase = "vote"
            return
        w.events.append(f"Round {number}: nobody could vote, so the round ended after Give "
                        f"Cards.")
        number += 1


def _end_round(w: _Work) -> None:
    _start_round(w, w.round + 1)


def _undo_round(w: _Work, actor: int, kind: int) -> None:
    """Brownbeards dark 2: every played card goes back to its Hand from where the round put it;
    this card is discarded; the round is voted again."""
    returned = 0
    for p, k, where in w.played:
        if p == actor:
            continue
        if where in (WON, BEARD):
            w.tell[k] -= 1
        elif where == DISCARDED:
            w.discard[k] -= 1
        elif where == GONE:
            continue
        w.hands[p] += 1
        returned += 1
    w.discard[kind] += 1
    w.played = []
    w.order = []
    w.replays += 1
    w.vote = replace(w.vote, undone=True)
    w.events.append(f"{w.name(actor)} (Brownbeards dark 2) undid the round: "
                    f"{_card_word(returned)} went back to their players' Hands, and the round "
                    f"is voted again.")
    if _voters(w.hands, w.effects):
        w.phase = "vote"
    else:
        _end_round(w)


def _tally(s: State, votes: tuple[int, ...]) -> Vote:
    counts = [0] * N_PRINCES
    for k in votes:
        if k >= 0:
            counts[KIND_PRINCE[k]] += 1
    most = max(counts)
    tied = [p for p in range(N_PRINCES) if counts[p] == most]
    tally = tuple(sorted(((p, c) for p, c in enumerate(counts) if c),
                         key=lambda pc: (-pc[1], pc[0])))
    total = sum(counts)
    n = len(s.players)
    if len(tied) == 1:
        winner = tied[0]
        text = (f"{PRINCE_NAMES[winner]} wins the round with {most} of "
                f"{_plural(total, 'vote')}.")
        return Vote(s.round, votes, tally, winner, (), -1, -1, text)
    for offset in range(n):
        p = s.seating[(s.kingseat + offset) % n]
        k = votes[p]
        if k >= 0 and KIND_PRINCE[k] in tied:
            winner = KIND_PRINCE[k]
            where = "in the Kingseat itself" if offset == 0 else \
                f"{_plural(offset, 'place')} clockwise from the Kingseat"
            names = _and([PRINCE_NAMES[t] for t in tied])
            text = (f"{names} tie with {_plural(most, 'vote')} each; {PRINCE_NAMES[winner]} "
                    f"wins the round because {s.players[p]}'s card, {where}, is the nearest "
                    f"card of a tied prince.")
            return Vote(s.round, votes, tally, winner, tuple(tied), p, offset, text)
    raise AssertionError("a tied prince has a card on the table")


def final_tally(s: State) -> dict[int, int]:
    """Votes per prince in play in the Tell, with the Squlofish weights."""
    out = {p: 0 for p in s.princes}
    for k, n in enumerate(s.tell):
        if n:
            out[KIND_PRINCE[k]] += n * _squid_weight(s, k)
    return out


# --------------------------------------------------------------------------- the engine


class Kingseat:
    """The Kingseat engine (see companion.engine.Engine)."""

    name = "kingseat"
    title = "Kingseat"
    min_players = FEWEST
    max_players = MOST
    rules = RULES
    rulings = RULINGS
    cards = KINDS  # the catalogue: every card kind, with its stable id
    princes = PRINCES
    sets = SETS  # the premade sets, for the setup page's buttons

    # -- setup ---------------------------------------------------------------------------------

    def new(self, options: Mapping[str, Any]) -> State:
        players, rulings = read_options(self, options, OPTION_FIELDS, "setup",
                                        ("Kingseat", FEWEST, MOST))
        n = len(players)
        kingseat = options.get("kingseat", 0)
        if not _is_int(kingseat) or not 0 <= kingseat < n:
            raise RuleError("kingseat", f"The field 'kingseat' must be the Kingseat's place, 0 "
                                        f"to {n - 1}.")
        princes = self._princes(options.get("princes", MISSING), n)
        cpp = rulings["cards_per_prince"]
        size = len(princes) * cpp
        per_hand, spare = divmod(size, n)
        copies = copies_of(princes, cpp)
        leftovers = self._leftovers(options.get("leftovers", MISSING), spare, size, n, princes,
                                    copies)
        tell = [0] * N_KINDS
        for k in leftovers:
            tell[k] += 1
        state = State(players, princes, cpp, rulings["squlofish_dark_weight"], kingseat,
                      leftovers, tuple(range(n)), (per_hand - 1,) * n, tuple(tell), ZERO,
                      round=0)
        w = _Work(state)
        _start_round(w, 1)
        return w.freeze()

    @staticmethod
    def _princes(value: Any, n: int) -> tuple[int, ...]:
        if value is MISSING:
            raise RuleError("princes", "The field 'princes' (the princes in play) is missing.")
        if isinstance(value, str) and value in SETS:
            value = list(SETS[value])
        if not isinstance(value, (list, tuple)):
            raise RuleError("princes", "The field 'princes' must list the princes in play, or "
                                       "name a premade set.")
        chosen: list[int] = []
        for item in value:
            if type(item) is not str or item not in PRINCE_INDEX:
                raise RuleError("princes", f"There is no prince called {_short(item)}; the "
                                           f"princes are {', '.join(PRINCE_IDS)}.")
            if PRINCE_INDEX[item] in chosen:
                raise RuleError("princes", f"{PRINCE_NAMES[PRINCE_INDEX[item]]} is listed "
                                           f"twice.")
            chosen.append(PRINCE_INDEX[item])
        if len(chosen) < n:
            raise RuleError("princes", f"With {n} players the game needs at least {n} princes, "
                                       f"not {len(chosen)}.")
        return tuple(sorted(chosen))

    @staticmethod
    def _leftovers(value: Any, spare: int, size: int, n: int, princes, copies) -> tuple[int, ...]:
        deal = f"{size} cards dealt to {n} players"
        if value is MISSING or value is None:
            value = []
            if spare:
                them = "it" if spare == 1 else "them"
                raise RuleError("deal", f"The deal ({deal}) leaves {_card_word(spare)} over, "
                                        f"which go face up into the Tell: name {them} in "
                                        f"'leftovers'.")
        if not isinstance(value, (list, tuple)):
            raise RuleError("deal", "The field 'leftovers' must list the leftover cards.")
        if len(value) != spare:
            if spare == 0:
                raise RuleError("deal", f"The deal ({deal}) comes out even, so no card is left "
                                        f"over.")
            raise RuleError("deal", f"The deal ({deal}) leaves {_card_word(spare)} over, not "
                                    f"{len(value)}.")
        out = []
        count = [0] * N_KINDS
        for i, item in enumerate(value):
            if type(item) is not str or item not in KIND_INDEX:
                raise RuleError("deal", f"Leftover card {i + 1} must be a card such as "
                                        f"'lionsyre' or 'lionsyre-dark1', not {_short(item)}.",
                                step=i)
            k = KIND_INDEX[item]
            if KIND_PRINCE[k] not in princes:
                raise RuleError("deal", f"Leftover card {i + 1}: {PRINCE_NAMES[KIND_PRINCE[k]]} "
                                        f"is not in this game.", step=i)
            count[k] += 1
            if count[k] > copies[k]:
                raise RuleError("deal", f"The game has only {_card_word(copies[k])} of the "
                                        f"{KIND_NAMES[k]}, fewer than the leftovers name.",
                                step=i)
            out.append(k)
        return tuple(sorted(out))

    def options_from_form(self, form: Mapping[str, str]) -> dict[str, Any]:
        """Fields: ``player-0`` .. ``player-11`` (blank ones are skipped), ``kingseat`` (the
        number of a player field), ``prince-<id>`` checkboxes or ``set`` (a premade set),
        ``leftovers`` (card ids separated by commas or spaces) and ``ruling-<id>``."""
        def field(key: str) -> str:
            value = form.get(key)
            return "" if value is None else str(value).strip()

        names, seats = [], {}
        for i in range(MOST):
            name = field(f"player-{i}")
            if name:
                seats[i] = len(names)
                names.append(name)
        king_text = field("kingseat") or "0"
        if not king_text.isdigit() or int(king_text) not in seats:
            raise RuleError("kingseat", "Say which player sits in the Kingseat.")
        princes = [pid for pid in PRINCE_IDS if field(f"prince-{pid}")]
        if not princes:
            chosen_set = field("set").lower()
            if chosen_set not in SETS:
                raise RuleError("princes", "Choose the princes in play, or a premade set.")
            princes = list(SETS[chosen_set])
        leftovers = [item for item in field("leftovers").replace(",", " ").lower().split()]
        given: dict[str, Any] = {}
        for ruling in self.rulings:
            text = field(f"ruling-{ruling.id}")
            if text:
                if not text.isdigit():
                    raise RuleError(ruling.rule, f"The ruling {ruling.title!r} takes a number.")
                given[ruling.id] = int(text)
        options: dict[str, Any] = {"players": names, "kingseat": seats[int(king_text)],
                                   "princes": princes, "leftovers": leftovers,
                                   "rulings": normalise_rulings(self, given)}
        self.new(options)  # refuse now what the game would refuse
        return options

    def with_rulings(self, state: State, rulings: Mapping[str, Any]) -> State:
        chosen = normalise_rulings(self, rulings)
        if chosen["cards_per_prince"] != state.cards_per_prince:
            raise RuleError("ruling-cards-per-prince",
                            f"The game was dealt with {state.cards_per_prince} cards a prince; "
                            f"that cannot change once the game has started.")
        return replace(state, dark_weight=chosen["squlofish_dark_weight"])

    # -- checking a move -----------------------------------------------------------------------

    def validate(self, state: State, move: Any) -> None:
        self._check(state, move)

    def _check(self, s: State, move: Any) -> tuple:
        if s.phase == "over":
            raise RuleError("game-over", "The game is over, so no more moves can be entered.")
        if type(move) is not dict:
            raise RuleError("move-format", 'A move must be an object with a "type" field.')
        kind = move.get("type")
        if kind not in ("vote", "swap", "pass", "action", "loyalty"):
            raise RuleError("move-format", 'A move\'s "type" must be "vote", "swap", "pass", '
                                           '"action" or "loyalty".')
        if s.phase == "vote":
            if kind != "vote":
                raise RuleError("vote", f"Round {s.round} is waiting for its vote.")
            return self._check_vote(s, move)
        if s.phase == "loyalty":
            if kind != "loyalty":
                raise RuleError("end", "Every Hand is empty: the game is waiting for the "
                                       "Loyalties.")
            return self._check_loyalty(s, move)
        if kind in ("vote", "loyalty"):
            actor = s.players[s.order[0]]
            raise RuleError("action-phase", f"The action phase is on: it is {actor}'s turn to "
                                            f"act.")
        return self._check_act(s, move, kind)

    def _check_vote(self, s: State, move: dict) -> tuple:
        for key in move:
            if key not in _VOTE_KEYS:
                raise RuleError("move-format", f"A vote has no field called {_short(key)}.")
        votes = move.get("votes", MISSING)
        n = len(s.players)
        if type(votes) is not list or len(votes) != n:
            raise RuleError("move-format", f'A vote needs "votes": a list of {n} entries, one '
                                           f'card (or null) per player.')
        held = move.get("none_held", [])
        if type(held) is not list:
            raise RuleError("move-format", '"none_held" must be a list of player numbers.')
        none_held: set[int] = set()
        for p in held:
            if not _is_int(p) or not 0 <= p < n:
                raise RuleError("move-format", f'"none_held" must list player numbers, 0 to '
                                               f'{n - 1}.')
            none_held.add(p)
        sit = set(s.effects.sit_out)
        known = [t + d for t, d in zip(s.tell, s.discard)]
        copies = s.copies
        out = []
        for p, value in enumerate(votes):
            name = s.players[p]
            must = s.hands[p] > 0 and p not in sit
            if value is None:
                if must:
                    raise RuleError("vote", f"{name} holds {_card_word(s.hands[p])} and must "
                                            f"vote.", step=p)
                out.append(-1)
                continue
            if p in sit:
                raise RuleError("immune", f"{name} sits out this round (Smugwing), so plays no "
                                          f"card.", step=p)
            if not must:
                raise RuleError("vote", f"{name} has no cards left, so plays no card.", step=p)
            k = _card_in_game(s, value, f"{name}'s vote", step=p)
            known[k] += 1
            if known[k] > copies[k]:
                raise RuleError("copies", f"{name}'s vote: the game has "
                                          f"{_card_word(copies[k])} of the {KIND_NAMES[k]}, and "
                                          f"the Tell, the Discard and this vote already hold "
                                          f"{known[k] - 1} of them.", step=p)
            out.append(k)
        forced = {p: (prince, src) for p, prince, src in s.effects.forced}
        for p in sorted(none_held):
            name = s.players[p]
            if p not in forced or out[p] < 0:
                raise RuleError("forced-votes", f"{name} is under no forced vote this round, "
                                                f"so there is nothing to declare.", step=p)
        for p in range(n):
            if p not in forced or out[p] < 0:
                continue
            prince, src = forced[p]
            if not _unknown_of_prince(s, prince):
                continue  # every card of that prince is in a pile: nobody can hold one
            name = s.players[p]
            voted = KIND_PRINCE[out[p]]
            by = PRINCE_NAMES[PRINCE_INDEX[src]]
            if voted != prince and p not in none_held:
                raise RuleError("forced-votes", f"{name} must vote {PRINCE_NAMES[prince]} this "
                                                f"round ({by}), unless they hold no such card: "
                                                f"then declare it.", step=p)
            if voted == prince and p in none_held:
                raise RuleError("forced-votes", f"{name} is declared to hold no "
                                                f"{PRINCE_NAMES[prince]} card, yet votes one.",
                                step=p)
        return ("vote", tuple(out), tuple(sorted(none_held)))

    def _check_loyalty(self, s: State, move: dict) -> tuple:
        for key in move:
            if key not in _LOYALTY_KEYS:
                raise RuleError("move-format", f"The Loyalties have no field called "
                                               f"{_short(key)}.")
        values = move.get("loyalties", MISSING)
        n = len(s.players)
        if type(values) is not list or len(values) != n:
            raise RuleError("move-format", f'"loyalties" must list {n} princes, one per '
                                           f'player.')
        out = []
        for p, value in enumerate(values):
            if type(value) is not str or value not in PRINCE_INDEX:
                raise RuleError("move-format", f"{s.players[p]}'s Loyalty must be a prince "
                                               f"such as 'lionsyre', not {_short(value)}.",
                                step=p)
            prince = PRINCE_INDEX[value]
            if prince not in s.princes:
                raise RuleError("loyalty", f"{s.players[p]}'s Loyalty: {PRINCE_NAMES[prince]} "
                                           f"is not in this game.", step=p)
            out.append(prince)
        expected = self.loyalty_cards(s)
        given = {p: out.count(p) for p in set(out)}
        if given != expected:
            listing = _and([f"{c} {PRINCE_NAMES[p]}" for p, c in sorted(expected.items())])
            raise RuleError("loyalty", f"The cards outside the Tell and the Discard are the "
                                       f"Loyalty cards: {listing}. The Loyalties entered do not "
                                       f"match them.")
        return ("loyalty", tuple(out))

    @staticmethod
    def loyalty_cards(s: State) -> dict[int, int]:
        """Loyalty cards per prince, as the app can tell once every Hand is empty."""
        out: dict[int, int] = {}
        for k, c in enumerate(s.unknown()):
            if c:
                out[KIND_PRINCE[k]] = out.get(KIND_PRINCE[k], 0) + c
        return out

    def _check_act(self, s: State, move: dict, kind: str) -> tuple:
        actor = s.order[0]
        p = move.get("player", MISSING)
        n = len(s.players)
        if not _is_int(p) or not 0 <= p < n:
            raise RuleError("move-format", f'An acting player\'s move needs "player", a player '
                                           f'number from 0 to {n - 1}.')
        if p != actor:
            raise RuleError("action-phase", f"It is {s.players[actor]}'s turn to act, not "
                                            f"{s.players[p]}'s.")
        ordered = dict(s.effects.orders).get(actor)
        immune = set(s.effects.sit_out)
        name = s.players[actor]
        if kind == "swap":
            for key in move:
                if key not in _SWAP_KEYS:
                    raise RuleError("move-format", f"A swap has no field called {_short(key)}.")
            q = move.get("with", MISSING)
            if not _is_int(q) or not 0 <= q < n:
                raise RuleError("move-format", f'A swap needs "with": the other player\'s '
                                               f'number, 0 to {n - 1}.')
            if q == actor:
                raise RuleError("swap", f"{name} cannot swap places with themselves.")
            if q in immune:
                raise RuleError("immune", f"{s.players[q]} sits out this round, so nobody can "
                                          f"swap places with them.")
            if ordered == "action":
                raise RuleError("orders", f"Crassclamps ordered {name} to use their card's "
                                          f"action this round, not to swap.")
            return ("swap", actor, q)
        if kind == "pass":
            for key in move:
                if key not in _PASS_KEYS:
                    raise RuleError("move-format", f"A pass has no field called {_short(key)}.")
            if ordered == "swap" and self.swap_partners(s):
                raise RuleError("orders", f"Crassclamps ordered {name} to swap places this "
                                          f"round.")
            return ("pass", actor)
        card = s.vote.votes[actor]
        given = move.get("card", MISSING)
        if given != KIND_IDS[card]:
            if given is MISSING:
                raise RuleError("move-format", f'An action names the card played: "card": '
                                               f'"{KIND_IDS[card]}".')
            raise RuleError("action-phase", f"{name} played the {KIND_NAMES[card]}, so that "
                                            f"is the action to use.")
        allowed = ACTION_FIELDS[KIND_IDS[card]]
        for key in move:
            if key not in _ACTION_BASE and key not in allowed:
                raise RuleError("move-format", f"The {KIND_NAMES[card]} action has no field "
                                               f"called {_short(key)}.")
        if s.effects.no_actions:
            raise RuleError("no-actions", f"Crassclamps' dark 1 forbids card actions this "
                                          f"round: {name} swaps places or does nothing.")
        if ordered == "swap" and self.swap_partners(s):
            raise RuleError("orders", f"Crassclamps ordered {name} to swap places this round.")
        params = CHECKS[KIND_IDS[card]](_Ctx(s, actor, card, move))
        return ("action", actor, card, params)

    def swap_partners(self, s: State) -> list[int]:
        """Players the acting player may swap places with."""
        if s.phase != "action":
            return []
        immune = set(s.effects.sit_out)
        actor = s.order[0]
        return [p for p in range(len(s.players)) if p != actor and p not in immune]

    # -- carrying out a move -------------------------------------------------------------------

    def apply(self, state: State, move: Any) -> State:
        plan = self._check(state, move)
        w = _Work(state)
        what = plan[0]
        if what == "vote":
            self._do_vote(w, plan[1], plan[2])
        elif what == "loyalty":
            w.loyalties = plan[1]
            w.phase = "over"
            w.events.append("The Loyalties are in and the Tell is counted.")
        else:
            self._do_act(w, plan)
        return w.freeze()

    @staticmethod
    def _do_vote(w: _Work, votes: tuple[int, ...], none_held: tuple[int, ...]) -> None:
        s = w.s
        vote = _tally(s, votes)
        w.vote = vote
        n = len(s.players)
        w.played = []
        for p, k in enumerate(votes):
            if k < 0:
                continue
            if KIND_PRINCE[k] == vote.winner:
                w.tell[k] += 1
                w.played.append([p, k, WON])
            else:
                w.played.append([p, k, ON_TABLE])
            w.hands[p] -= 1
        for p in none_held:
            w.events.append(f"{s.players[p]} declared holding no card of the forced prince.")
        w.events.append(vote.text)
        order = []
        for offset in range(n):
            p = w.seating[(s.kingseat + offset) % n]
            if votes[p] >= 0 and KIND_PRINCE[votes[p]] != vote.winner:
                order.append(p)
        w.order = order
        if order:
            w.phase = "action"
        else:
            _end_round(w)

    @staticmethod
    def _do_act(w: _Work, plan: tuple) -> None:
        what, actor = plan[0], plan[1]
        entry = next(e for e in w.played if e[0] == actor)
        kind = entry[1]
        name = w.name(actor)
        w.order.pop(0)
        if what == "swap":
            partner = plan[2]
            w.change_places(actor, partner)
            ga, gb = w.trade(actor, partner, 1)
            traded = " and traded a card" if ga and gb else \
                " (one card went over)" if ga or gb else ""
            w.events.append(f"{name} changed places with {w.name(partner)}{traded}.")
        elif what == "pass":
            w.events.append(f"{name} did nothing with the {KIND_NAMES[kind]}.")
        else:
            params = plan[3]
            kid = KIND_IDS[kind]
            if kid == "brownbeards-dark2":
                entry[2] = GONE
                _undo_round(w, actor, kind)
                return
            text = DOES[kid](w, actor, params)
            w.events.append(f"{name} used the {KIND_NAMES[kind]}" + (f": {text}." if text
                                                                      else "."))
            w.sync()
        if what == "action" and KIND_IDS[kind] == "brownbeards":
            w.tell[kind] += 1
            entry[2] = BEARD
        else:
            w.discard[kind] += 1
            entry[2] = DISCARDED
        if not w.order:
            _end_round(w)

    # -- reading the state ---------------------------------------------------------------------

    def to_move(self, state: State) -> int | None:
        return state.order[0] if state.phase == "action" else None

    def result(self, state: State) -> dict[str, Any] | None:
        if state.phase != "over":
            return None
        tally = final_tally(state)
        best = max(tally.values())
        princes = [p for p in state.princes if tally[p] == best]
        winners = [p for p, loyal in enumerate(state.loyalties) if loyal in princes]
        names = [state.players[p] for p in winners]
        prince_names = _and([PRINCE_NAMES[p] for p in princes])
        if len(princes) == 1:
            head = f"{prince_names} wins the Tell with {_plural(best, 'vote')}"
        else:
            head = f"{prince_names} tie for the Tell with {_plural(best, 'vote')} each"
        if not names:
            reason = f"{head}, and nobody was loyal to {'it' if len(princes) == 1 else 'them'}."
        elif len(names) == 1:
            reason = f"{head}: {names[0]} wins."
        else:
            reason = f"{head}: {_and(names)} win."
        return {"winners": winners, "reason": reason,
                "princes": [PRINCE_IDS[p] for p in princes],
                "tally": {PRINCE_IDS[p]: tally[p] for p in state.princes},
                "loyalties": [PRINCE_IDS[p] for p in state.loyalties],
                "scores": [tally[p] for p in state.loyalties]}

    def describe(self, move: Any, players: Sequence[str]) -> str:
        """One history line for an accepted move, naming players by ``players``. Cards that
        went into the Tell are not named: the Tell is secret."""
        kind = move["type"]
        if kind == "vote":
            counts: dict[str, int] = {}
            for value in move["votes"]:
                if value is not None:
                    counts[value] = counts.get(value, 0) + 1
            cards = ", ".join(
                KIND_NAMES[KIND_INDEX[kid]] + (f" \u00d7{c}" if c > 1 else "")
                for kid, c in sorted(counts.items(), key=lambda kc: KIND_INDEX[kc[0]]))
            text = f"Vote: {cards}"
            held = move.get("none_held") or []
            if held:
                text += "; " + ", ".join(players[p] for p in sorted(set(held))) + \
                    " held no card of the forced prince"
            return text
        if kind == "loyalty":
            return "Loyalties: " + ", ".join(PRINCE_NAMES[PRINCE_INDEX[p]]
                                              for p in move["loyalties"])
        if kind == "swap":
            return f"Swapped places and a card with {players[move['with']]}"
        if kind == "pass":
            return "Did nothing with their card"
        kid = move["card"]
        text = f"Used the {KIND_NAMES[KIND_INDEX[kid]]}"
        detail = _describe_action(kid, move, players)
        return f"{text}: {detail}" if detail else text

    def view(self, state: State, player: int | None = None) -> dict[str, Any]:
        """The whole table's view. The Tell's contents stay hidden until the game is over
        (``player`` changes nothing: the app shows nobody's Hand)."""
        s = state
        n = len(s.players)
        over = s.phase == "over"
        immune = set(s.effects.sit_out)
        forced = {p: (pr, src) for p, pr, src in s.effects.forced}
        orders = dict(s.effects.orders)
        coming_forced = {p: (pr, src) for p, pr, src in s.coming.forced}
        votes = s.vote.votes if s.vote is not None else (-1,) * n
        players = []
        for p, name in enumerate(s.players):
            place = s.place_of(p)
            voting = s.phase == "vote" and s.hands[p] > 0 and p not in immune
            players.append({
                "name": name, "player": p, "place": place, "king": place == s.kingseat,
                "hand": s.hands[p], "sits_out": p in immune, "votes_now": voting,
                "forced": None if p not in forced else {
                    "prince": PRINCE_IDS[forced[p][0]], "by": forced[p][1]},
                "order": orders.get(p),
                "played": None if votes[p] < 0 or s.phase != "action" else KIND_IDS[votes[p]],
                "to_act": s.phase == "action" and p in s.order,
                "loyalty": PRINCE_IDS[s.loyalties[p]] if over else None,
            })
        total = s.deck_size
        per_hand, spare = divmod(total, n)
        warnings = []
        if not PUBLISHED[0] <= n <= PUBLISHED[1]:
            warnings.append(f"Kingseat is published for {PUBLISHED[0]} to {PUBLISHED[1]} "
                            f"players; the app keeps count for {n} all the same.")
        for a, b in similar_colours([PRINCE_IDS[p] for p in s.princes]):
            pa, pb = PRINCE_INDEX[a], PRINCE_INDEX[b]
            warnings.append(f"{PRINCE_NAMES[pa]} and {PRINCE_NAMES[pb]} have similar colours "
                            f"({PRINCES[pa].colour} and {PRINCES[pb].colour}); the rules advise "
                            f"against playing them together.")
        direction = _direction(s.round)
        tell_view: dict[str, Any] = {
            "size": sum(s.tell), "leftovers": [KIND_IDS[k] for k in s.leftovers]}
        if over:
            tell_view["cards"] = {KIND_IDS[k]: c for k, c in enumerate(s.tell) if c}
            tell_view["count"] = {PRINCE_IDS[p]: v for p, v in final_tally(s).items()}
        discard = {KIND_IDS[k]: c for k, c in enumerate(s.discard) if c}
        return {
            "game": self.name,
            "players": players,
            "seating": list(s.seating),
            "kingseat": s.kingseat,
            "king": s.king,
            "princes": [PRINCE_IDS[p] for p in s.princes],
            "round": s.round,
            "phase": s.phase,
            "give_cards": None if s.phase in ("loyalty", "over") else {
                "direction": "left" if direction > 0 else "right",
                "text": f"Round {s.round}: everyone hands one card to the "
                        f"{'left (clockwise)' if direction > 0 else 'right (anticlockwise)'}."},
            "vote": self._vote_view(s) if s.phase == "vote" else None,
            "action": self.action_choices(s) if s.phase == "action" else None,
            "next_round": {
                "sit_out": list(s.coming.sit_out),
                "forced": [{"player": p, "prince": PRINCE_IDS[pr], "by": src}
                           for p, (pr, src) in sorted(coming_forced.items())],
                "orders": [{"player": p, "order": o} for p, o in s.coming.orders],
                "open_vote": s.coming.open_vote,
                "first": None if s.coming.first < 0 else s.coming.first,
                "no_actions": s.coming.no_actions,
                "new_king": list(s.coming.king_claims)},
            "hands": list(s.hands),
            "tell": tell_view,
            "discard": discard,
            "discard_size": sum(s.discard),
            "deal": {"cards": total, "per_hand": per_hand, "left_over": spare,
                     "hand_start": per_hand - 1,
                     "cards_per_prince": s.cards_per_prince},
            "last_vote": None if s.vote is None else {
                **s.vote.to_dict(),
                "tally": {PRINCE_IDS[p]: c for p, c in s.vote.tally}},
            "events": list(s.events),
            "last_events": list(s.last_events),
            "warnings": warnings,
            "loyalty_cards": ({PRINCE_IDS[p]: c for p, c in self.loyalty_cards(s).items()}
                              if s.phase in ("loyalty", "over") else None),
            "rulings": s.rulings,
            "result": self.result(s),
        }

    @staticmethod
    def _vote_view(s: State) -> dict[str, Any]:
        eff = s.effects
        return {
            "round": s.round,
            "replay": s.replays > 0,
            "voters": _voters(s.hands, eff),
            "sit_out": list(eff.sit_out),
            "forced": [{"player": p, "prince": PRINCE_IDS[pr], "by": src}
                       for p, pr, src in eff.forced
                       if s.hands[p] > 0 and p not in eff.sit_out],
            "open": eff.open_vote,
            "first": None if eff.first < 0 else eff.first,
            "no_actions": eff.no_actions,
            "cards": [KIND_IDS[k] for k in range(N_KINDS) if s.copies[k]],
        }

    def action_choices(self, s: State) -> dict[str, Any] | None:
        """What the acting player may do: swap (with whom), pass, or their card's action and
        the fields it needs."""
        if s.phase != "action":
            return None
        actor = s.order[0]
        kind = s.vote.votes[actor]
        kid = KIND_IDS[kind]
        ordered = dict(s.effects.orders).get(actor)
        partners = self.swap_partners(s)
        may = []
        if not s.effects.no_actions and not (ordered == "swap" and partners):
            may.append("action")
        if partners and ordered != "action":
            may.append("swap")
        if not (ordered == "swap" and partners):
            may.append("pass")
        return {"player": actor, "name": s.players[actor], "card": kid,
                "card_name": KIND_NAMES[kind], "text": KINDS[kind].text, "rule": kid,
                "may": may, "ordered": ordered, "swap_with": partners,
                "order": list(s.order), "needs": _needs(s, actor, kind)}


def _needs(s: State, actor: int, kind: int) -> dict[str, Any]:
    """The fields an action takes, with what the app knows about them."""
    kid = KIND_IDS[kind]
    immune = set(s.effects.sit_out)
    others = [p for p in range(len(s.players)) if p != actor and p not in immune]
    anyone = [p for p in range(len(s.players)) if p not in immune]
    hands = s.hands
    if kid == "lionsyre-dark2":
        return {"cards": min(2, hands[actor])}
    if kid == "slydefox":
        return {"players": anyone, "cards": "one per chosen player who holds cards"}
    if kid in ("slydefox-dark1", "hardshell-hero"):
        return {"target": others}
    if kid == "slydefox-dark2":
        return {"from_tell": min(3, sum(s.tell)), "to_tell": min(3, sum(s.tell))}
    if kid == "woolfhall":
        return {"prince": [PRINCE_IDS[p] for p in s.princes]}
    if kid == "woolfhall-dark2":
        voters = _voters_of(s, WOOLFHALL)
        return {"added": [{"player": p, "cards": min(len(voters), hands[p])} for p in voters]}
    if kid == "hornseeker":
        return {"target": [p for p in _beside_king(s) if p != actor and p not in immune],
                "optional": ["target"]}
    if kid in ("hornseeker-dark1", "gulliballistas-dark2", "salsa-salamanda-dark2"):
        return {"target": others, "optional": ["target"]}
    if kid == "brownbeards-dark1":
        in_discard = sum(s.discard[_kind_of_prince(BROWNBEARDS, d)] for d in range(3))
        return {"cards": min(len(_voters_of(s, BROWNBEARDS)), in_discard),
                "from_discard": {KIND_IDS[k]: s.discard[k] for k in
                                 (_kind_of_prince(BROWNBEARDS, d) for d in range(3))
                                 if s.discard[k]}}
    if kid in ("monarchrys", "monarchrys-dark2", "crassclamps"):
        out: dict[str, Any] = {"target": others, "prince": [PRINCE_IDS[p] for p in s.princes]}
        if kid == "crassclamps":
            out["order"] = ["swap", "action"]
        return out
    if kid in ("monarchrys-dark1", "squlofish"):
        return {"target": others}
    if kid == "crassclamps-dark2":
        return {"first": anyone, "optional": ["first"]}
    if kid == "hardshell-hero-dark1":
        return {"discards": [p for p in others if hands[p] > 0]}
    if kid == "hardshell-hero-dark2":
        return {"givers": _hardshell_givers(s, actor)}
    if kid == "squlofish-dark1":
        return {"discard": hands[actor] > 0,
                "in_tell": {KIND_IDS[k]: s.tell[k] for k in
                            (_kind_of_prince(SQULOFISH, d) for d in range(3)) if s.tell[k]},
                "most_votes": SQUID_STRIP}
    if kid == "squlofish-dark2":
        return {"discards": [p for p in anyone if hands[p] > 0]}
    if kid == "smugwing-dark2":
        return {"givers": [p for p in _voters_of(s, s.vote.winner) if hands[p] > 0]}
    if kid == "salsa-salamanda":
        won = sorted(set(_winning_in_tell(s)))
        return {"winning": [KIND_IDS[k] for k in won], "to": anyone + ["discard"]}
    return {}


def _describe_action(kid: str, move: dict, players: Sequence[str]) -> str:
    def who(p: Any) -> str:
        return players[p]

    if kid == "lionsyre-dark2":
        return f"{_card_word(len(move['cards']))} into the Tell"
    if kid == "slydefox":
        a, b = move["players"]
        added = sum(1 for c in move["cards"] if c is not None)
        return f"{who(a)} and {who(b)} changed places, {_card_word(added)} into the Tell"
    if kid in ("slydefox-dark1", "hardshell-hero"):
        return f"with {who(move['target'])}"
    if kid == "slydefox-dark2":
        return f"{_card_word(len(move['from_tell']))} swapped with the Tell"
    if kid == "woolfhall":
        return f"{PRINCE_NAMES[PRINCE_INDEX[move['prince']]]} next round"
    if kid == "woolfhall-dark2":
        total = sum(len(e["cards"]) for e in move["added"])
        return f"{_card_word(total)} into the Tell"
    if kid in ("hornseeker", "hornseeker-dark1", "gulliballistas-dark2",
               "salsa-salamanda-dark2"):
        t = move.get("target")
        return f"with {who(t)}" if t is not None else ""
    if kid == "brownbeards-dark1":
        return ", ".join(KIND_NAMES[KIND_INDEX[c]] for c in move["cards"]) + \
            " back from the Discard" if move["cards"] else "nothing in the Discard"
    if kid == "monarchrys":
        prince = PRINCE_NAMES[PRINCE_INDEX[move["prince"]]]
        return f"asked {who(move['target'])} for {prince}: {_card_word(move['count'])} handed over"
    if kid in ("monarchrys-dark1", "monarchrys-dark2"):
        prince = f" for {PRINCE_NAMES[PRINCE_INDEX[move['prince']]]}" if "prince" in move else ""
        return (f"asked {who(move['target'])}{prince}: {move['taken']} taken, "
                f"{move['given']} given")
    if kid == "crassclamps":
        prince = PRINCE_NAMES[PRINCE_INDEX[move["prince"]]]
        return f"{who(move['target'])} must vote {prince} next round, then {move['order']}"
    if kid == "crassclamps-dark2":
        first = move.get("first")
        return f"{who(first)} votes first next round" if first is not None else ""
    if kid in ("hardshell-hero-dark1", "squlofish-dark2"):
        return ", ".join(f"{who(e['player'])} discarded the {KIND_NAMES[KIND_INDEX[e['card']]]}"
                         for e in move["discards"]) or "nobody discarded"
    if kid == "squlofish":
        return f"took {_card_word(move['count'])} from {who(move['target'])}"
    if kid == "squlofish-dark1":
        paid = move["discard"]
        removed = ", ".join(KIND_NAMES[KIND_INDEX[c]] for c in move["removed"]) or "nothing"
        cost = f"discarded the {KIND_NAMES[KIND_INDEX[paid]]}; " if paid else ""
        return f"{cost}out of the Tell: {removed}"
    if kid == "smugwing-dark2":
        return f"Smugwing cards from {_plural(len(move['givers']), 'player')}"
    if kid == "salsa-salamanda":
        to = "the Discard" if move["to"] == "discard" else f"{who(move['to'])}'s Hand"
        return f"a winning {KIND_NAMES[KIND_INDEX[move['winning']]]} to {to}"
    return ""


ENGINE = Kingseat()
