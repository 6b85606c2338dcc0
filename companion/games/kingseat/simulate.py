"""Random whole games, for tests and the benchmark, played at a simulated table.

The table holds real cards: it shuffles the deck, deals it, sets each player's Loyalty aside,
and from then on every Hand, the Tell (face down) and the Discard hold cards by kind. Moves are
what that table would enter: votes from the Hands, face-down cards put into the Tell without
naming them, the Tell revealed from what it really holds, the Loyalties as they are at the end.
Votes follow forced votes when the Hand allows it; acting players use their card, swap or do
nothing at random. Every move goes through ``ENGINE.validate`` and ``ENGINE.apply``.

After ``max_rounds`` votes the players stop using actions that hand cards back (they only swap
or do nothing), and every round then empties Hands, so a game always ends.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.kingseat import cards
from companion.games.kingseat.game import ENGINE
from companion.games.kingseat.reading import (
    beside_king,
    drawn_this_round,
    squid_weight,
    voters_of,
    winning_in_tell,
)
from companion.games.kingseat.round import give_direction, voting_players
from companion.games.kingseat.state import (
    BROWNBEARDS,
    HARDSHELL,
    KIND_DARK,
    KIND_IDS,
    KIND_INDEX,
    KIND_PRINCE,
    PRINCE_IDS,
    SMUGWING,
    SQUID_STRIP,
    SQULOFISH,
    WOOLFHALL,
    State,
)
from companion.games.kingseat.view import action_choices

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou")
ACTION_CHANCE = 0.6
SWAP_CHANCE = 0.25
MOVE_LIMIT = 5000  # far beyond any game; a safety net against a looping engine
# actions that hand cards back (or take the round back): not used in the end phase
RETURNING = frozenset(("brownbeards-dark1", "brownbeards-dark2", "salsa-salamanda"))


class SimulationError(AssertionError):
    """The engine refused a move the simulator built as legal, or a game did not end."""


def _deck(princes, cpp: int, dark: bool) -> list[int]:
    return [KIND_INDEX[kid] for kid, _ in cards.deck(princes, cpp)
            if dark or not KIND_DARK[KIND_INDEX[kid]]]


def random_options(rng: random.Random, players: int | None = None, princes=None,
                   rulings: Mapping[str, int] | None = None) -> dict[str, Any]:
    """Options for a random game: 4-10 players, random princes (or these) and rulings (or
    these), a real deck's leftover cards and a random Kingseat."""
    n = players if players is not None else rng.randint(4, 10)
    princes = list(princes or rng.sample(cards.PRINCE_IDS, rng.randint(n, 12)))
    if rulings is None:
        cpp = rng.choice(cards.CARDS_PER_PRINCE)
        dark = rng.random() < 0.85
    else:
        cpp, dark = rulings["cards_per_prince"], bool(rulings["dark_cards"])
    deck = _deck(princes, cpp, dark)
    rng.shuffle(deck)
    return {"players": list(NAMES[:n]), "kingseat": rng.randrange(n), "princes": princes,
            "leftovers": [KIND_IDS[k] for k in deck[:len(deck) % n]],
            "rulings": dict(rulings) if rulings is not None else {
                "cards_per_prince": cpp, "squlofish_dark_weight": rng.choice((1, 2)),
                "dark_cards": int(dark)}}


def _copied(cards: dict) -> dict:
    """A copy of the table's piles (not the random source nor the snapshot kept at the vote)."""
    return {"hands": [hand[:] for hand in cards["hands"]], "loyalty": cards["loyalty"][:],
            "tell": cards["tell"][:], "discard": cards["discard"][:],
            "table": dict(cards["table"]), "won": cards["won"][:]}


class Table:
    """The real cards of one game: Hands, Loyalties, the Tell and the Discard, by kind."""

    def __init__(self, rng: random.Random, options: Mapping[str, Any]):
        self.rng = rng
        rulings = options["rulings"]
        deck = _deck(options["princes"], rulings["cards_per_prince"],
                     bool(rulings.get("dark_cards", 1)))
        self.tell = [KIND_INDEX[k] for k in options["leftovers"]]
        for k in self.tell:
            deck.remove(k)
        rng.shuffle(deck)
        n = len(options["players"])
        per = len(deck) // n
        self.hands = [deck[i * per:(i + 1) * per] for i in range(n)]
        self.loyalty = [hand.pop(rng.randrange(len(hand))) for hand in self.hands]
        self.discard: list[int] = []
        self.table: dict[int, int] = {}  # this round's played cards not yet resolved
        self.won: list[int] = []  # this round's winning cards, as put into the Tell
        self.before_vote: dict | None = None

    def snapshot(self) -> dict:
        return _copied(vars(self))

    def restore(self, saved: dict) -> None:
        for key, value in _copied(saved).items():
            setattr(self, key, value)

    def take(self, p: int, count: int = 1, where=None) -> list[int]:
        """``count`` random cards out of p's Hand (only kinds ``where`` allows)."""
        out = []
        for _ in range(count):
            choices = [i for i, k in enumerate(self.hands[p]) if where is None or where(k)]
            if not choices:
                break
            out.append(self.hands[p].pop(self.rng.choice(choices)))
        return out

    def give_cards(self, s: State, round_number: int) -> None:
        n = len(s.players)
        step = give_direction(round_number)
        passed = [(s.seating[(place + step) % n], self.take(s.seating[place]))
                  for place in range(n)]
        for to, given in passed:
            self.hands[to] += given

    def trade(self, a: int, b: int, most: int) -> None:
        ga, gb = self.take(a, most), self.take(b, most)
        self.hands[a] += gb
        self.hands[b] += ga

    def hand_over(self, frm: int, to: int, where) -> int:
        moved = self.take(frm, len(self.hands[frm]), where)
        self.hands[to] += moved
        return len(moved)


def random_vote(rng: random.Random, s: State, t: Table, wanted=frozenset()) -> dict:
    """Each voter's card: the forced prince's if the Hand holds one, else one at random (one
    of the ``wanted`` kinds when the Hand holds any)."""
    n = len(s.players)
    votes: list[Any] = [None] * n
    held = []
    forced = {p: prince for p, prince, _ in s.effects.forced}
    for p in voting_players(s.hands, s.effects):
        card = None
        if p in forced:
            card = next(iter(t.take(p, 1, lambda k, pr=forced[p]: KIND_PRINCE[k] == pr)), None)
            if card is None:
                held.append(p)
        if card is None and any(k in wanted for k in t.hands[p]):
            card = t.take(p, 1, wanted.__contains__)[0]
        if card is None:
            card = t.take(p)[0]
        votes[p] = KIND_IDS[card]
        t.table[p] = card
    move: dict[str, Any] = {"type": "vote", "votes": votes}
    if held:
        move["none_held"] = sorted(held)
    return move


def random_action(rng: random.Random, s: State, t: Table, actor: int) -> dict | None:
    """A random use of the acting player's card, played out at the table, or None when it
    cannot be used."""
    kind = s.vote.votes[actor]
    kid = KIND_IDS[kind]
    n = len(s.players)
    immune = set(s.effects.sit_out)
    others = [p for p in range(n) if p != actor and p not in immune]
    anyone = [p for p in range(n) if p not in immune]
    hands = t.hands
    move: dict[str, Any] = {"type": "action", "player": actor, "card": kid}
    prince_ids = [PRINCE_IDS[p] for p in s.princes]

    def maybe_target(candidates: list[int]) -> None:
        if candidates and rng.random() < 0.7:
            move["target"] = rng.choice(candidates)

    def to_tell(p: int, count: int) -> None:
        t.tell += t.take(p, count)

    if kid == "lionsyre-dark2":
        to_tell(actor, 2)
    elif kid == "slydefox":
        if len(anyone) < 2:
            return None
        a, b = rng.sample(anyone, 2)
        move["players"] = [a, b]
        to_tell(a, 1)
        to_tell(b, 1)
    elif kid in ("slydefox-dark1", "hardshell-hero"):
        if not others:
            return None
        move["target"] = target = rng.choice(others)
        t.trade(actor, target, 3 if kid == "slydefox-dark1" else 2)
    elif kid == "slydefox-dark2":
        count = min(3, len(t.tell))
        rng.shuffle(t.tell)
        drawn, t.tell = t.tell[:count], t.tell[count:]
        hands[actor] += drawn
        to_tell(actor, count)
    elif kid == "woolfhall":
        move["prince"] = rng.choice(prince_ids)
    elif kid == "woolfhall-dark2":
        voters = voters_of(s, WOOLFHALL)
        for p in voters:
            to_tell(p, len(voters))
    elif kid == "hornseeker":
        maybe_target([p for p in beside_king(s) if p != actor and p not in immune])
    elif kid in ("hornseeker-dark1", "gulliballistas-dark2"):
        maybe_target(others)
    elif kid == "brownbeards-dark1":
        bears = [k for k in t.discard if KIND_PRINCE[k] == BROWNBEARDS]
        rng.shuffle(bears)
        taken = bears[:len(voters_of(s, BROWNBEARDS))]
        for k in taken:
            t.discard.remove(k)
        hands[actor] += taken
        move["cards"] = [KIND_IDS[k] for k in taken]
    elif kid in ("monarchrys", "monarchrys-dark2", "squlofish"):
        if not others:
            return None
        move["target"] = target = rng.choice(others)
        prince = SQULOFISH if kid == "squlofish" else rng.choice(s.princes)
        if kid != "squlofish":
            move["prince"] = PRINCE_IDS[prince]
        of_prince = lambda k: KIND_PRINCE[k] == prince  # noqa: E731
        if kid == "monarchrys":
            given = t.take(target, 1, of_prince)
            hands[actor] += given
            move["count"] = len(given)
        elif kid == "squlofish":
            move["count"] = t.hand_over(target, actor, of_prince)
        else:
            move["taken"] = t.hand_over(target, actor, of_prince)
            move["given"] = 0 if move["taken"] else t.hand_over(actor, target, of_prince)
    elif kid == "monarchrys-dark1":
        if not others:
            return None
        move["target"] = target = rng.choice(others)
        move["taken"] = t.hand_over(target, actor, lambda k: KIND_DARK[k])
        move["given"] = 0 if move["taken"] else t.hand_over(actor, target, lambda k: KIND_DARK[k])
    elif kid == "crassclamps":
        if not others:
            return None
        move.update(target=rng.choice(others), prince=rng.choice(prince_ids),
                    order=rng.choice(["swap", "action"]))
    elif kid == "crassclamps-dark2":
        if rng.random() < 0.7:
            move["first"] = rng.choice(anyone)
    elif kid == "hardshell-hero-dark1":
        move["discards"] = []
        for p in others:
            for k in t.take(p):
                t.discard.append(k)
                move["discards"].append({"player": p, "card": KIND_IDS[k]})
    elif kid == "hardshell-hero-dark2":
        votes = s.vote.votes
        for p in others:
            if not (votes[p] >= 0 and KIND_PRINCE[votes[p]] == HARDSHELL):
                hands[actor] += t.take(p)
    elif kid == "squlofish-dark1":
        paid = t.take(actor)
        t.discard += paid
        move["discard"] = KIND_IDS[paid[0]] if paid else None
        squids = [i for i, k in enumerate(t.tell) if KIND_PRINCE[k] == SQULOFISH]
        rng.shuffle(squids)
        removed, weight = [], 0
        for i in squids:
            if weight + squid_weight(s, t.tell[i]) <= SQUID_STRIP:
                removed.append(i)
                weight += squid_weight(s, t.tell[i])
        kinds = [t.tell[i] for i in removed]
        t.tell = [k for i, k in enumerate(t.tell) if i not in removed]
        t.discard += kinds
        move["removed"] = [KIND_IDS[k] for k in kinds]
    elif kid == "squlofish-dark2":
        held = {p: sum(1 for k in hands[p] if KIND_PRINCE[k] == SQULOFISH) for p in anyone}
        most = max(held.values(), default=0)
        move["discards"] = []
        for p in sorted(anyone):
            if most and held[p] == most:
                k = t.take(p, 1, lambda k: KIND_PRINCE[k] == SQULOFISH)[0]
                t.discard.append(k)
                move["discards"].append({"player": p, "card": KIND_IDS[k]})
    elif kid == "smugwing-dark1":
        found = []  # the won cards still in the Tell, a copy for each (two may be alike)
        for k in t.won:
            if k in t.tell:
                t.tell.remove(k)
                found.append(k)
        t.discard += found
        if drawn_this_round(s):
            move["moved"] = [KIND_IDS[k] for k in found]
        t.won = []
    elif kid == "smugwing-dark2":
        givers = []
        for p in voters_of(s, s.vote.winner):
            given = t.take(p, 1, lambda k: KIND_PRINCE[k] == SMUGWING)
            if given:
                hands[actor] += given
                givers.append(p)
        move["givers"] = sorted(givers)
    elif kid == "salsa-salamanda":
        found = [k for k in winning_in_tell(s) if k in t.tell]
        if not found:
            return None
        k = rng.choice(found)
        t.tell.remove(k)
        t.won.remove(k)
        dest = rng.choice(anyone + ["discard"])
        (t.discard if dest == "discard" else hands[dest]).append(k)
        move["winning"], move["to"] = KIND_IDS[k], dest
    elif kid == "salsa-salamanda-dark1":
        if hands[actor]:
            i = rng.randrange(len(hands[actor]))
            hands[actor][i], t.loyalty[actor] = t.loyalty[actor], hands[actor][i]
    elif kid == "salsa-salamanda-dark2":
        if any(p != -1 for p in s.secret):  # a Loyalty on a phone goes with its card: say whose
            if not others:
                return None
            move["target"] = rng.choice(others)
        else:
            maybe_target(others)
        if "target" in move:
            p = move["target"]
            t.loyalty[actor], t.loyalty[p] = t.loyalty[p], t.loyalty[actor]
    return move


def random_act(rng: random.Random, s: State, t: Table, plain: bool = False,
               wanted=frozenset()) -> dict:
    """A random legal move for the acting player, played out at the table. ``plain``: swap or
    do nothing only, unless an order says otherwise, and never an action that hands cards
    back. A card of the ``wanted`` kinds uses its action whenever it may."""
    choice = action_choices(s)
    actor = choice["player"]
    may = list(choice["may"])
    kid = choice["card"]
    if "action" in may and (kid in RETURNING and (plain or s.replays >= 2)):
        may.remove("action")
    roll = rng.random()
    if KIND_INDEX[kid] in wanted and "action" in may:
        roll, plain = 0.0, False
    card = t.table.pop(actor)
    if "action" in may and (roll < ACTION_CHANCE or may == ["action"]) and not plain:
        saved = t.snapshot()
        move = random_action(rng, s, t, actor)
        if move is not None:
            if kid == "brownbeards-dark2":
                t.restore(t.before_vote)
                t.hands[actor].remove(card)
                t.discard.append(card)
            else:
                (t.tell if kid == "brownbeards" else t.discard).append(card)
            return move
        t.restore(saved)
    t.discard.append(card)
    if "swap" in may and (roll < ACTION_CHANCE + SWAP_CHANCE or "pass" not in may):
        partner = rng.choice(choice["swap_with"])
        t.trade(actor, partner, 1)
        return {"type": "swap", "player": actor, "with": partner}
    if "pass" in may:
        return {"type": "pass", "player": actor}
    raise SimulationError(f"{s.players[actor]} has no legal move")


def reveal(t: Table) -> dict:
    counts: dict[str, int] = {}
    for k in t.tell:
        counts[KIND_IDS[k]] = counts.get(KIND_IDS[k], 0) + 1
    return {"type": "reveal", "tell": counts}


def loyalties(t: Table) -> dict:
    return {"type": "loyalty", "loyalties": [PRINCE_IDS[KIND_PRINCE[k]] for k in t.loyalty]}


def play(rng: random.Random, options: Mapping[str, Any] | None = None, max_rounds: int = 150,
         secrets: float = 0.0, phones=(), eager: bool = False):
    """Play a whole random game at a simulated table. Yields ``(kind, payload, player)`` for
    each entry, in order ("move" with player None, or "secret": a player sets their Loyalty
    aside on their own phone: the players in ``phones``, and the others with chance
    ``secrets`` each), then returns the final state. ``eager``: the players vote cards whose
    action this game has not used yet, and use it whenever they may, so that a few games
    walk every action (the benchmark's whole games)."""
    if options is None:
        options = random_options(rng)
    state = ENGINE.new(options)
    t = Table(rng, options)
    told: dict[int, str] = {}  # the Loyalty each player last set aside on their phone
    wanted = set(range(len(KIND_IDS))) if eager else set()

    def secret(p: int):
        nonlocal state
        told[p] = PRINCE_IDS[KIND_PRINCE[t.loyalty[p]]]
        payload = {"loyalty": told[p]}
        state = ENGINE.secret(state, p, payload)
        return "secret", payload, p

    for p in range(len(state.players)):
        if rng.random() < secrets or p in phones:  # (the draw keeps old seeds' games)
            yield secret(p)
    t.give_cards(state, 1)
    votes = 0
    for _ in range(MOVE_LIMIT):
        if state.phase == "over":
            return state
        before = state
        if state.phase == "vote":
            t.before_vote = t.snapshot()
            move = random_vote(rng, state, t, frozenset(wanted))
            votes += 1
        elif state.phase == "action":
            move = random_act(rng, state, t, plain=votes >= max_rounds,
                              wanted=frozenset(wanted))
            if move["type"] == "action":
                wanted.discard(KIND_INDEX[move["card"]])
        elif state.phase == "reveal":
            move = reveal(t)
        else:
            move = loyalties(t)
        try:
            ENGINE.validate(state, move)
        except Exception as error:  # a simulator bug or an engine bug: say which move
            raise SimulationError(f"{move} refused: {error}") from error
        state = ENGINE.apply(state, move)
        if move["type"] == "vote":
            winner = state.vote.winner
            t.won = [k for k in t.table.values() if KIND_PRINCE[k] == winner]
            t.tell += t.won
            t.table = {p: k for p, k in t.table.items() if KIND_PRINCE[k] != winner}
        for number in range(before.round + 1, state.round + 1):
            t.give_cards(state, number)
        if state.phase == "reveal" and sum(map(len, t.hands)):
            raise SimulationError("the engine ended the game with cards in the Hands")
        yield "move", move, None
        for p, prince in list(told.items()):  # a Loyalty exchanged (Salsa Salamanda's dark)
            if state.revealed is None and PRINCE_IDS[KIND_PRINCE[t.loyalty[p]]] != prince:
                yield secret(p)
    raise SimulationError("the game did not end")


def random_game(rng: random.Random, options: Mapping[str, Any] | None = None,
                max_rounds: int = 150) -> tuple[list[dict], State]:
    """Play a whole random game; returns (the moves in order, the final state)."""
    if options is None:
        options = random_options(rng)
    entries = play(rng, options, max_rounds)
    moves = []
    while True:
        try:
            moves.append(next(entries)[1])
        except StopIteration as end:  # play returns the final state
            return moves, end.value


__all__ = [
    "NAMES",
    "SimulationError",
    "Table",
    "loyalties",
    "play",
    "random_act",
    "random_action",
    "random_game",
    "random_options",
    "random_vote",
    "reveal",
]
