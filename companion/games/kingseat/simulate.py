"""Random whole games, for tests and the benchmark.

The simulator shuffles a real deck to find the deal's leftover cards, then plays from what the
app knows: every card a move names is drawn from the cards no pile holds (the Hands and the
Loyalty cards), so each move is one a real table could enter. Votes follow forced votes most of
the time and otherwise declare the prince missing; acting players use their card, swap or do
nothing at random. Every move goes through ``ENGINE.validate`` and ``ENGINE.apply``.

After ``max_rounds`` votes the players stop using actions that hand cards back (they only swap
or do nothing), and every round then empties Hands, so a game always ends.
"""
from __future__ import annotations

import random
from typing import Any, Mapping

from companion.games.kingseat import cards
from companion.games.kingseat.actions import unknown_of_prince
from companion.games.kingseat.game import ENGINE
from companion.games.kingseat.reading import beside_king, squid_weight, voters_of, winning_in_tell
from companion.games.kingseat.round import voting_players
from companion.games.kingseat.view import action_choices
from companion.games.kingseat.state import (
    BROWNBEARDS, KIND_DARK, KIND_IDS, KIND_PRINCE, PRINCE_IDS, SMUGWING, SQUID_STRIP, SQULOFISH,
    WOOLFHALL, State, kind_of_prince,
)

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou")
ACTION_CHANCE = 0.6
SWAP_CHANCE = 0.25
FORCED_OBEYED = 0.8
MOVE_LIMIT = 5000  # far beyond any game; a safety net against a looping engine


class SimulationError(AssertionError):
    """The engine refused a move the simulator built as legal, or a game did not end."""


def random_options(rng: random.Random, players: int | None = None) -> dict[str, Any]:
    """Options for a random game: 4-10 players, random princes and rulings, a real deal's
    leftover cards and a random Kingseat."""
    n = players if players is not None else rng.randint(4, 10)
    princes = rng.sample(cards.PRINCE_IDS, rng.randint(n, 12))
    cpp = rng.choice(cards.CARDS_PER_PRINCE)
    deck = [kind for kind, _ in cards.deck(princes, cpp)]
    rng.shuffle(deck)
    return {"players": list(NAMES[:n]), "kingseat": rng.randrange(n), "princes": princes,
            "leftovers": deck[:len(deck) % n],
            "rulings": {"cards_per_prince": cpp, "squlofish_dark_weight": rng.choice((1, 2))}}


def _pool(s: State) -> list[int]:
    """Every card no pile holds, one entry a card (kind index)."""
    return [k for k, c in enumerate(s.unknown()) for _ in range(c)]


def _draw(rng: random.Random, pool: list[int], count: int, where=None) -> list[int]:
    """``count`` cards drawn from ``pool`` (removed from it); ``where`` filters the kinds."""
    out = []
    for _ in range(count):
        choices = [i for i, k in enumerate(pool) if where is None or where(k)]
        if not choices:
            break
        out.append(pool.pop(rng.choice(choices)))
    return out


def random_vote(rng: random.Random, s: State) -> dict:
    pool = _pool(s)
    n = len(s.players)
    votes: list[Any] = [None] * n
    held = []
    forced = {p: prince for p, prince, _ in s.effects.forced}
    voters = voting_players(s.hands, s.effects)
    rng.shuffle(voters)
    for p in voters:
        if p in forced:
            prince = forced[p]
            obey = _draw(rng, pool, 1, lambda k: KIND_PRINCE[k] == prince) \
                if rng.random() < FORCED_OBEYED else []
            if obey:
                votes[p] = KIND_IDS[obey[0]]
                continue
            other = _draw(rng, pool, 1, lambda k: KIND_PRINCE[k] != prince)
            if other:
                votes[p] = KIND_IDS[other[0]]
                held.append(p)
                continue
        votes[p] = KIND_IDS[_draw(rng, pool, 1)[0]]
    move: dict[str, Any] = {"type": "vote", "votes": votes}
    if held:
        move["none_held"] = sorted(held)
    return move


def _ids(kinds: list[int]) -> list[str]:
    return [KIND_IDS[k] for k in kinds]


def random_action(rng: random.Random, s: State, actor: int) -> dict | None:
    """A random use of the acting player's card, or None when it cannot be used."""
    kind = s.vote.votes[actor]
    kid = KIND_IDS[kind]
    n = len(s.players)
    immune = set(s.effects.sit_out)
    others = [p for p in range(n) if p != actor and p not in immune]
    anyone = [p for p in range(n) if p not in immune]
    hands = s.hands
    pool = _pool(s)
    move: dict[str, Any] = {"type": "action", "player": actor, "card": kid}
    prince_ids = [PRINCE_IDS[p] for p in s.princes]

    def maybe_target(candidates: list[int]) -> None:
        if candidates and rng.random() < 0.7:
            move["target"] = rng.choice(candidates)

    if kid == "lionsyre-dark2":
        move["cards"] = _ids(_draw(rng, pool, min(2, hands[actor])))
    elif kid == "slydefox":
        if len(anyone) < 2:
            return None
        a, b = rng.sample(anyone, 2)
        move["players"] = [a, b]
        move["cards"] = [KIND_IDS[_draw(rng, pool, 1)[0]] if hands[p] else None for p in (a, b)]
    elif kid in ("slydefox-dark1", "hardshell-hero"):
        if not others:
            return None
        move["target"] = rng.choice(others)
    elif kid == "slydefox-dark2":
        tell = [k for k, c in enumerate(s.tell) for _ in range(c)]
        count = min(3, len(tell))
        taken = _draw(rng, tell, count)
        pool += taken
        move["from_tell"] = _ids(taken)
        move["to_tell"] = _ids(_draw(rng, pool, count))
    elif kid == "woolfhall":
        move["prince"] = rng.choice(prince_ids)
    elif kid == "woolfhall-dark2":
        voters = voters_of(s, WOOLFHALL)
        move["added"] = [{"player": p, "cards": _ids(_draw(rng, pool, min(len(voters), hands[p])))}
                         for p in voters]
    elif kid == "hornseeker":
        maybe_target([p for p in beside_king(s) if p != actor and p not in immune])
    elif kid in ("hornseeker-dark1", "gulliballistas-dark2", "salsa-salamanda-dark2"):
        maybe_target(others)
    elif kid == "brownbeards-dark1":
        discard = [k for k in (kind_of_prince(BROWNBEARDS, d) for d in range(3))
                   for _ in range(s.discard[k])]
        count = min(len(voters_of(s, BROWNBEARDS)), len(discard))
        move["cards"] = _ids(_draw(rng, discard, count))
    elif kid in ("monarchrys", "monarchrys-dark2", "monarchrys-dark1", "squlofish"):
        if not others:
            return None
        t = rng.choice(others)
        move["target"] = t
        if kid == "monarchrys-dark1":
            unknown = s.unknown()
            bound = sum(unknown[k] for k in range(len(unknown)) if KIND_DARK[k])
        else:
            prince = SQULOFISH if kid == "squlofish" else s.princes[rng.randrange(len(s.princes))]
            bound = unknown_of_prince(s, prince)
            if kid != "squlofish":
                move["prince"] = PRINCE_IDS[prince]
        if kid == "monarchrys":
            move["count"] = rng.randint(0, min(1, hands[t], bound))
        elif kid == "squlofish":
            move["count"] = rng.randint(0, min(hands[t], bound))
        else:
            taken = rng.randint(0, min(hands[t], bound))
            given = 0 if taken else rng.randint(0, min(hands[actor], bound))
            move["taken"], move["given"] = taken, given
    elif kid == "crassclamps":
        if not others:
            return None
        move.update(target=rng.choice(others), prince=rng.choice(prince_ids),
                    order=rng.choice(["swap", "action"]))
    elif kid == "crassclamps-dark2":
        if rng.random() < 0.7:
            move["first"] = rng.choice(anyone)
    elif kid == "hardshell-hero-dark1":
        move["discards"] = [{"player": p, "card": KIND_IDS[_draw(rng, pool, 1)[0]]}
                            for p in others if hands[p] > 0]
    elif kid == "squlofish-dark1":
        move["discard"] = KIND_IDS[_draw(rng, pool, 1)[0]] if hands[actor] else None
        tell = [k for k in (kind_of_prince(SQULOFISH, d) for d in range(3))
                for _ in range(s.tell[k])]
        rng.shuffle(tell)
        removed, weight = [], 0
        for k in tell:
            if weight + squid_weight(s, k) <= SQUID_STRIP:
                removed.append(k)
                weight += squid_weight(s, k)
        move["removed"] = _ids(removed)
    elif kid == "squlofish-dark2":
        holders = [p for p in anyone if hands[p] > 0]
        chosen = rng.sample(holders, rng.randint(0, min(2, len(holders))))
        discards = []
        for p in sorted(chosen):
            card = _draw(rng, pool, 1, lambda k: KIND_PRINCE[k] == SQULOFISH)
            if card:
                discards.append({"player": p, "card": KIND_IDS[card[0]]})
        move["discards"] = discards
    elif kid == "smugwing-dark2":
        winners = [p for p in voters_of(s, s.vote.winner) if s.hands[p] > 0]
        count = rng.randint(0, min(len(winners), unknown_of_prince(s, SMUGWING)))
        move["givers"] = sorted(rng.sample(winners, count))
    elif kid == "salsa-salamanda":
        won = winning_in_tell(s)
        if not won:
            return None
        move["winning"] = KIND_IDS[rng.choice(won)]
        move["to"] = rng.choice(anyone + ["discard"])
    return move


# actions that hand cards back to Hands (or take the round back): not used in the end phase
RETURNING = frozenset(("brownbeards-dark1", "brownbeards-dark2", "salsa-salamanda"))


def random_act(rng: random.Random, s: State, plain: bool = False) -> dict:
    """A random legal move for the acting player. ``plain``: swap or do nothing only, unless
    an order says otherwise, and never an action that hands cards back."""
    choice = action_choices(s)
    actor = choice["player"]
    may = list(choice["may"])
    kid = choice["card"]
    if "action" in may and (kid in RETURNING and (plain or s.replays >= 2)):
        may.remove("action")
    roll = rng.random()
    if "action" in may and (roll < ACTION_CHANCE or may == ["action"]) and not plain:
        move = random_action(rng, s, actor)
        if move is not None:
            return move
    if "swap" in may and (roll < ACTION_CHANCE + SWAP_CHANCE or "pass" not in may):
        return {"type": "swap", "player": actor, "with": rng.choice(choice["swap_with"])}
    if "pass" in may:
        return {"type": "pass", "player": actor}
    move = random_action(rng, s, actor)
    if move is None:
        raise SimulationError(f"{s.players[actor]} has no legal move")
    return move


def random_loyalties(rng: random.Random, s: State) -> dict:
    princes = [PRINCE_IDS[KIND_PRINCE[k]] for k in _pool(s)]
    rng.shuffle(princes)
    return {"type": "loyalty", "loyalties": princes}


def random_move(rng: random.Random, s: State, plain: bool = False) -> dict:
    if s.phase == "vote":
        return random_vote(rng, s)
    if s.phase == "action":
        return random_act(rng, s, plain)
    return random_loyalties(rng, s)


def random_game(rng: random.Random, options: Mapping[str, Any] | None = None,
                max_rounds: int = 150) -> tuple[list[dict], State]:
    """Play a whole random game; returns (the moves in order, the final state)."""
    if options is None:
        options = random_options(rng)
    state = ENGINE.new(options)
    moves: list[dict] = []
    validate, apply = ENGINE.validate, ENGINE.apply
    votes = 0
    while state.phase != "over":
        if len(moves) >= MOVE_LIMIT:
            raise SimulationError("the game did not end")
        move = random_move(rng, state, plain=votes >= max_rounds)
        if move["type"] == "vote":
            votes += 1
        try:
            validate(state, move)
        except Exception as error:  # a simulator bug or an engine bug: say which move
            raise SimulationError(f"move {len(moves) + 1} {move} refused: {error}") from error
        state = apply(state, move)
        moves.append(move)
    return moves, state


__all__ = ["random_game", "random_options", "random_move", "random_vote", "random_act",
           "random_action", "random_loyalties", "SimulationError", "NAMES"]
