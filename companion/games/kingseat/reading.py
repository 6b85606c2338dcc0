"""Reading moves: the fields of an action, players, princes and cards, and the counts that
say which cards a Hand can still hold."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.engine import MISSING, RuleError, short
from companion.games.kingseat.state import (
    HARDSHELL,
    KIND_DARK,
    KIND_IDS,
    KIND_INDEX,
    KIND_NAMES,
    KIND_PRINCE,
    PRINCE_INDEX,
    PRINCE_NAMES,
    REGULAR_SQULOFISH_WEIGHT,
    SQULOFISH,
    WON,
    State,
    kind_of_prince,
)
from companion.words import Msg, msg, plural

OPTION_FIELDS = frozenset(("players", "kingseat", "princes", "rulings", "leftovers"))
VOTE_KEYS = frozenset(("type", "votes", "none_held"))
SWAP_KEYS = frozenset(("type", "player", "with"))
PASS_KEYS = frozenset(("type", "player"))
LOYALTY_KEYS = frozenset(("type", "loyalties"))
REVEAL_KEYS = frozenset(("type", "tell"))
ACTION_BASE = frozenset(("type", "player", "card"))

# The fields each card's action takes, besides "type", "player" and "card".
ACTION_FIELDS: dict[str, frozenset[str]] = {
    "lionsyre": frozenset(), "lionsyre-dark1": frozenset(),
    "lionsyre-dark2": frozenset(),
    "slydefox": frozenset({"players"}), "slydefox-dark1": frozenset({"target"}),
    "slydefox-dark2": frozenset(),
    "woolfhall": frozenset({"prince"}), "woolfhall-dark1": frozenset(),
    "woolfhall-dark2": frozenset(),
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
    "smugwing": frozenset(), "smugwing-dark1": frozenset({"moved"}),
    "smugwing-dark2": frozenset({"givers"}),
    "salsa-salamanda": frozenset({"winning", "to"}), "salsa-salamanda-dark1": frozenset(),
    "salsa-salamanda-dark2": frozenset({"target"}),
}
# Fields that may be left out.
OPTIONAL_FIELDS = frozenset({"target@hornseeker", "target@hornseeker-dark1",
                             "target@gulliballistas-dark2", "target@salsa-salamanda-dark2",
                             "first@crassclamps-dark2", "moved@smugwing-dark1"})
assert set(ACTION_FIELDS) == set(KIND_IDS)


def is_int(value: Any) -> bool:
    return type(value) is int


def card_word(n: int) -> Msg:
    return plural("{n} card", "{n} cards", n)


class ActionMove:
    """One action move being checked: the state, the actor, the card, and field readers."""

    __slots__ = ("actor", "immune", "kid", "kind", "move", "n", "name", "rule", "s")

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

    def fail(self, text: Msg, rule: str | None = None, step: int | None = None) -> RuleError:
        # TRANSLATORS: a refused action: the card's name, then why (a clause made by another message).
        return RuleError(rule or self.rule, msg("{card}: {reason}.", card=self.name, reason=text), step=step)

    def who(self, p: int) -> str:
        return self.s.players[p]

    def field(self, key: str) -> Any:
        value = self.move.get(key, MISSING)
        if value is MISSING and f"{key}@{self.kid}" not in OPTIONAL_FIELDS:
            raise self.fail(msg('the action needs the field "{key}"', key=key), "move-format")
        return value

    def player(self, key: str, value: Any = MISSING, *, self_ok: bool = False,
               immune_ok: bool = False) -> int:
        if value is MISSING:
            value = self.field(key)
        if not is_int(value) or not 0 <= value < self.n:
            raise self.fail(msg('"{key}" must be a player number, 0 to {last}', key=key, last=self.n - 1),
                            "move-format")
        if value == self.actor and not self_ok:
            raise self.fail(msg("choose another player, not yourself"))
        if value in self.immune and not immune_ok:
            raise self.fail(msg("{player} sits out this round and cannot be picked", player=self.who(value)),
                            "immune")
        return value

    def number(self, key: str, most: int, why: Msg) -> int:
        value = self.field(key)
        if not is_int(value) or value < 0:
            raise self.fail(msg('"{key}" must be a whole number, 0 or more', key=key), "move-format")
        if value > most:
            raise self.fail(msg('"{key}" can be at most {most}: {why}', key=key, most=most, why=why))
        return value

    def prince(self, key: str) -> int:
        value = self.field(key)
        if type(value) is not str or value not in PRINCE_INDEX:
            raise self.fail(msg('"{key}" must be a prince such as "lionsyre", not {value}', key=key,
                                value=short(value)), "move-format")
        prince = PRINCE_INDEX[value]
        if prince not in self.s.princes:
            raise self.fail(msg("{prince} is not in this game", prince=PRINCE_NAMES[prince]), "copies")
        return prince

    def card(self, value: Any, what: Msg) -> int:
        return card_in_game(self.s, value, what)

    def card_list(self, value: Any, key: str, count: int, why: Msg) -> list[int]:
        if type(value) is not list:
            raise self.fail(msg('"{key}" must be a list of cards', key=key), "move-format")
        if len(value) != count:
            raise self.fail(msg('"{key}" must list {cards} ({why}), not {given}', key=key,
                                cards=card_word(count), why=why, given=len(value)))
        return [self.card(v, msg('A card in "{key}"', key=key)) for v in value]

    def hand_cards_available(self, kinds: list[int]) -> None:
        """Cards leaving Hands for a pile the table sees must be cards the Hands can hold."""
        _check_unknown(self.s, kinds)


def only_fields(move: dict, keys: frozenset[str], what: Callable[[str], Msg]) -> None:
    """Refuse a move with a field its kind does not take (``what`` says it, given the field:
    "A vote has no field called 'x'.")."""
    for key in move:
        if key not in keys:
            raise RuleError("move-format", what(short(key)))


def card_in_game(s: State, value: Any, what: Msg, step: int | None = None) -> int:
    if type(value) is not str or value not in KIND_INDEX:
        raise RuleError("move-format", msg("{what} must be a card such as 'lionsyre' or "
                                           "'lionsyre-dark1', not {value}.", what=what, value=short(value)),
                        step=step)
    kind = KIND_INDEX[value]
    if KIND_PRINCE[kind] not in s.princes:
        raise RuleError("copies", msg("{what}: {prince} is not in this game, so there is no {card} card.",
                                      what=what, prince=PRINCE_NAMES[KIND_PRINCE[kind]], card=KIND_NAMES[kind]),
                        step=step)
    if not s.copies[kind]:
        raise RuleError("ruling-dark-cards", msg("{what}: this game is played without the Dark cards, so "
                                                 "there is no {card} card.", what=what, card=KIND_NAMES[kind]),
                        step=step)
    return kind


def copies_text(s: State, kind: int) -> Msg:
    """Where every card of a kind is, as far as the table can see."""
    n = s.copies[kind]
    if n == 1:
        return msg("the game's only {card} card is already face up in the Tell, the Discard or on the table",
                   card=KIND_NAMES[kind])
    return msg("all {n} {card} cards are already face up in the Tell, the Discard or on the table", n=n,
               card=KIND_NAMES[kind])


def _check_unknown(s: State, kinds: list[int]) -> None:
    """Refuse cards that no Hand can hold: only cards the table has seen count."""
    unseen = list(s.unseen())
    for k in kinds:
        unseen[k] -= 1
        if unseen[k] < 0:
            raise RuleError("copies", msg("No Hand can hold another {card} card: {where}.", card=KIND_NAMES[k],
                                          where=copies_text(s, k)))


def tell_most(s: State, kind: int) -> int:
    """The most cards of a kind the Tell can hold, from what the table has seen."""
    hidden = s.tell_size - sum(s.tell_seen)
    return s.tell_seen[kind] + min(hidden, s.unseen()[kind])


def unseen_of_prince(s: State, prince: int) -> int:
    """Cards of a prince the table cannot see (see ``State.unseen``)."""
    unseen = s.unseen()
    return sum(unseen[kind_of_prince(prince, d)] for d in range(3))


def drawn_this_round(s: State) -> int:
    """Cards that came out of the Tell at random this round (Slydefox dark 2)."""
    return sum(op[3] for op in s.tell_log if op[0] == "draw" and op[1] == s.round)


def squid_weight(s: State, kind: int) -> int:
    if KIND_PRINCE[kind] != SQULOFISH:
        return 1
    return REGULAR_SQULOFISH_WEIGHT if KIND_DARK[kind] == 0 else s.dark_weight


def voters_of(s: State, prince: int) -> list[int]:
    """Players whose card this round is of this prince."""
    votes = s.vote.votes if s.vote is not None else ()
    return [p for p, k in enumerate(votes) if k >= 0 and KIND_PRINCE[k] == prince]


def winning_in_tell(s: State) -> list[int]:
    """Kinds of this round's winning cards the table put into the Tell and has not seen come
    out (one entry a card)."""
    return [k for _, k, where in s.played if where == WON]


def beside_king(s: State) -> list[int]:
    n = len(s.players)
    places = {(s.kingseat - 1) % n, (s.kingseat + 1) % n} - {s.kingseat}
    return sorted(s.seating[place] for place in places)


def swap_partners(s: State) -> list[int]:
    """Players the acting player may swap places with."""
    if s.phase != "action":
        return []
    immune = set(s.effects.sit_out)
    actor = s.order[0]
    return [p for p in range(len(s.players)) if p != actor and p not in immune]


def hardshell_givers(s: State, actor: int) -> list[int]:
    """Who gives the actor a card under Hardshell Hero dark 2: every other player with a card,
    not sitting out, who did not vote Hardshell Hero."""
    immune = set(s.effects.sit_out)
    votes = s.vote.votes
    return [p for p in range(len(s.players))
            if p != actor and p not in immune and s.hands[p] > 0
            and not (votes[p] >= 0 and KIND_PRINCE[votes[p]] == HARDSHELL)]
