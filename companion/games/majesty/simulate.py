"""Random whole games with a real shuffled deck, for tests and the benchmark.

The simulator builds the deck as the table does (the set-aside tier-1 cards on top of the
shuffled tier 2, or all 60 shuffled for the variant), deals the display from it, and turns up the
real next card after every turn. Each turn goes through ``ENGINE.validate`` and ``ENGINE.apply``
like any entered move, and the engine's deck count is checked against the real deck.

:func:`table_game` plays as a table does, slips included: once in a while the card turned up is
entered wrong (a card the deck could hold, not the real one), and a turn or two later, while
that card still lies in the display, the table corrects it with an entry of its own.
"""
from __future__ import annotations

import random
from typing import Any, Mapping

from companion.games.majesty.cards import LOCATIONS, SET_ASIDE, physical_cards
from companion.games.majesty.game import ENGINE
from companion.games.majesty.state import REALM_SIZE, State

_TIER1 = [kind for kind, tier, _ in physical_cards() if tier == 1]
_TIER2 = [kind for kind, tier, _ in physical_cards() if tier == 2]
NAMES = ("Ann", "Bob", "Cid", "Dee")


class SimulationError(AssertionError):
    """The simulator's real deck disagrees with the engine."""


def random_sides(rng: random.Random) -> Any:
    roll = rng.random()
    if roll < 0.35:
        return "A"
    if roll < 0.7:
        return "B"
    return {loc.id: rng.choice("AB") for loc in LOCATIONS}


def random_options(rng: random.Random) -> dict[str, Any]:
    """Options for a random game: 2-4 players, any sides, either deck (no display yet)."""
    n = rng.randint(2, 4)
    return {"players": list(NAMES[:n]), "first": rng.randrange(n), "sides": random_sides(rng),
            "deck": "shuffled" if rng.random() < 0.3 else "standard"}


def build_deck(rng: random.Random, players: int, variant: str,
               display: list[str] | None = None) -> list[str]:
    """A real deck, top card first (the display is dealt from its top). With ``display`` given,
    the deck starts with those six cards and the rest is shuffled around them as the setup
    allows."""
    wanted = list(display or ())
    if variant == "shuffled":
        pool = list(_TIER1) + list(_TIER2)
        for kind in wanted:
            pool.remove(kind)
        rng.shuffle(pool)
        return wanted + pool
    tier1, tier2 = list(_TIER1), list(_TIER2)
    for kind in wanted:
        tier1.remove(kind)  # the display comes from the set-aside tier-1 cards
    rng.shuffle(tier1)
    rng.shuffle(tier2)
    aside = wanted + tier1[:SET_ASIDE[players] - len(wanted)]
    return aside + tier2


def choose_move(rng: random.Random, state: State) -> dict:
    """A random legal turn without its new card: a random slot and half first, then a random
    choice of healed half or Castle exchange."""
    moves = ENGINE.legal_moves(state)
    groups: dict[tuple, list[dict]] = {}
    for move in moves:
        groups.setdefault((move["slot"], move.get("as")), []).append(move)
    group = groups[rng.choice(list(groups))]
    return dict(rng.choice(group))


def random_game(rng: random.Random, options: Mapping[str, Any] | None = None,
                max_turns: int = 200) -> tuple[list[dict], State]:
    """Play a whole random game; returns (the moves in order, the final state).

    ``options`` without a "display" get one dealt from the real deck. A game from a "position"
    has no real deck behind it: its new cards are drawn at random from what the engine says the
    deck can still hold."""
    if options is None:
        options = random_options(rng)
    options = dict(options)
    n = len(options["players"])
    variant = options.get("deck", "standard")
    deck: list[str] | None = None
    if "position" not in options:
        deck = build_deck(rng, n, variant, options.get("display"))
        options["display"] = deck[:6]
        deck = deck[6:]
    state = ENGINE.new(options)
    moves: list[dict] = []
    validate, apply = ENGINE.validate, ENGINE.apply
    for _ in range(max_turns):
        if state.final is not None:
            break
        move = choose_move(rng, state)
        last_turn = state.taken + 1 == REALM_SIZE * n
        if deck is None:
            possible = ENGINE.possible_new_cards(state)
            if possible and not (last_turn and rng.random() < 0.5):
                move["new_card"] = rng.choice(possible)
        elif deck and not (last_turn and rng.random() < 0.5):
            if deck[0] not in ENGINE.possible_new_cards(state):
                raise SimulationError(f"turn {state.taken + 1}: the engine says the deck cannot "
                                      f"hold the real next card {deck[0]}")
            move["new_card"] = deck.pop(0)
        validate(state, move)
        state = apply(state, move)
        moves.append(move)
        if deck is not None and state.deck.count != len(deck) and state.final is None:
            raise SimulationError(f"turn {state.taken}: the real deck holds {len(deck)} cards "
                                  f"but the engine counts {state.deck.count}")
    return moves, state


def table_game(rng: random.Random, options: Mapping[str, Any], *, slips: int = 1,
               max_turns: int = 200) -> tuple[dict, list[dict], State]:
    """A whole game from a real deck (``options`` with a "display" dealt from it, or none) as a
    table enters it: ``slips`` cards turned up are entered wrong, each corrected ("type":
    "correct") before any turn takes it and before the next card turned up would disagree
    with it. Returns (the options with their display, every entry in order, the final state);
    the final state is the one the right cards lead to."""
    options = dict(options)
    n = len(options["players"])
    deck = build_deck(rng, n, options.get("deck", "standard"), options.get("display"))
    options["display"], deck = deck[:6], deck[6:]
    state = ENGINE.new(options)
    total = REALM_SIZE * n
    wrong_at = set(rng.sample(range(2, total - 4), slips)) if slips else set()
    wrong: tuple[int, str] | None = None  # (the turn, the real card) of a slip not yet fixed
    entries: list[dict] = []

    def enter(move: dict) -> None:
        nonlocal state
        ENGINE.validate(state, move)
        state = ENGINE.apply(state, move)
        entries.append(move)

    def fix() -> None:
        nonlocal wrong
        enter({"type": "correct", "turn": wrong[0], "card": wrong[1]})
        wrong = None

    for _ in range(max_turns):
        if state.final is not None:
            break
        number = state.taken + 1
        move = choose_move(rng, state)
        if wrong is not None:
            slot = next(s for s, t in enumerate(state.turned) if t[0] == wrong[0] and t[2] < 0)
            if (move["slot"] == slot or number >= wrong[0] + 3 or number == total
                    or (deck and deck[0] not in ENGINE.possible_new_cards(state))):
                fix()
                move = choose_move(rng, state)
        if deck and number < total:  # the page asks for no card after the last turn
            real = deck.pop(0)
            move["new_card"] = real
            if number in wrong_at and wrong is None:
                others = [k for k in ENGINE.possible_new_cards(state) if k != real]
                if others:
                    move["new_card"] = rng.choice(others)
                    wrong = (number, real)
        enter(move)
    if state.final is None:
        raise SimulationError("the game did not end")
    return options, entries, state


__all__ = ["random_game", "table_game", "random_options", "random_sides", "build_deck", "choose_move",
           "SimulationError"]
