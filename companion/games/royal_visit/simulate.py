"""Random whole games with a real shuffled deck, for tests and the benchmark.

The simulator deals real cards and knows both hands; the engine sees only what the table enters.
Each turn goes through ``ENGINE.validate`` and ``ENGINE.apply`` like any entered move, and after
every turn the simulator's piles are checked against the engine's counts.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.royal_visit.cards import HAND_SIZE, KINDS, physical_cards
from companion.games.royal_visit.game import ENGINE
from companion.games.royal_visit.state import State

_SUIT = {kind.id: kind.suit for kind in KINDS}
_DECK = [kind_id for kind_id, _ in physical_cards()]

PASS_CHANCE = 0.02
SUMMON_CHANCE = 0.12
MORE_CARDS_CHANCE = 0.6


class SimulationError(AssertionError):
    """The simulator's real piles disagree with the engine's counts."""


def choose_turn(rng: random.Random, state: State, hand: list[str],
                pass_chance: float = PASS_CHANCE) -> tuple[dict, list[str]]:
    """A random legal move for the mover holding ``hand``; returns (move, card kinds spent)."""
    roll = rng.random()
    if roll < pass_chance:
        return {"type": "pass"}, []
    summons = None
    if roll < pass_chance + SUMMON_CHANCE:
        summons = ENGINE.legal_summons(state)
        if summons:
            return rng.choice(summons), []
    builder = ENGINE.start_turn(state)
    suits = sorted({_SUIT[k] for k in hand})  # (a set's order changes from run to run)
    rng.shuffle(suits)
    remaining = list(hand)
    cards: list[dict] = []
    spent: list[str] = []
    for suit in suits:
        while True:
            kinds = {k for k in remaining if _SUIT[k] == suit}
            if suit == "king" and remaining.count("king-1") >= 2:
                kinds.add("court")
            options = builder.options(kinds)
            if not options:
                break
            option = rng.choice(options)
            cards.append(builder.play_option(option))
            info = option.card
            if info.id == "court":
                remaining.remove("king-1")
                remaining.remove("king-1")
                spent += ["king-1", "king-1"]
            else:
                remaining.remove(info.id)
                spent.append(info.id)
            if builder.ended or not remaining or rng.random() > MORE_CARDS_CHANCE:
                break
        if cards:
            return {"type": "play", "cards": cards}, spent
    if summons is None:
        summons = ENGINE.legal_summons(state)
    if summons:
        return rng.choice(summons), []
    return {"type": "pass"}, []


def random_game(rng: random.Random, options: Mapping[str, Any] | None = None,
                max_turns: int = 2000, pass_chance: float = PASS_CHANCE,
                ) -> tuple[list[dict], State]:
    """Play a whole random game; returns (the moves in order, the final state)."""
    if options is None:
        options = {"players": ["Ann", "Bob"], "wizard": rng.randrange(2)}
    state = ENGINE.new(options)
    deck = list(_DECK)
    rng.shuffle(deck)
    hands = [deck[:HAND_SIZE], deck[HAND_SIZE:2 * HAND_SIZE]]
    rest = deck[2 * HAND_SIZE:]
    pile = rest[:state.draw_pile]
    discard = rest[state.draw_pile:]  # unseen discards of a game started from a position
    moves: list[dict] = []
    validate, apply = ENGINE.validate, ENGINE.apply
    for _ in range(max_turns):
        if state.winner is not None:
            break
        mover = state.turn
        hand = hands[mover]
        move, spent = choose_turn(rng, state, hand, pass_chance)
        validate(state, move)
        before = state
        state = apply(state, move)
        moves.append(move)
        for kind in spent:
            hand.remove(kind)
        discard += spent
        if state.end in ("king", "crown"):
            break  # won at once: nobody refills
        # the refill, card by card, as at the table
        need = len(spent)
        little = before.reshuffles > 0
        if need and not pile:
            pile, discard, little = _run_out(rng, pile, discard, little, state)
        while need and pile is not None:
            hand.append(pile.pop())
            need -= 1
            if not pile:
                pile, discard, little = _run_out(rng, pile, discard, little, state)
        if pile is None:
            pile = []
        if (len(pile) != state.draw_pile or len(hand) != state.hands[mover]
                or len(discard) != state.discard_size):
            raise SimulationError(
                f"turn {before.turn_number}: piles {len(pile)}/{len(discard)}/{len(hand)} but "
                f"the engine counts {state.draw_pile}/{state.discard_size}/"
                f"{state.hands[mover]}")
        _check_copies(state, hands)
    return moves, state


def _check_copies(state: State, hands: list[list[str]]) -> None:
    """Every card really held must be one the engine thinks the seat may hold."""
    for seat, hand in enumerate(hands):
        for index, kind in enumerate(KINDS):
            room = kind.copies - state.discard[index] - state.unseen[seat][index]
            if hand.count(kind.id) > room:
                raise SimulationError(
                    f"turn {state.turn_number}: {state.players[seat]} holds "
                    f"{hand.count(kind.id)} {kind.name} but the engine allows {room}")


ENDINGS = ("king", "crown", "deck")  # how a game ends: State.end
TABLE_PASS_CHANCE = 0.04


def rare_moves(moves: list[dict]) -> set[str]:
    """The rarer kinds of turn among ``moves``: "pass", "summon", "court" (the King's
    privilege), "jester" (a Jester card moving the Jester) and "wild" (one moving another pawn)."""
    found = set()
    for move in moves:
        if move["type"] != "play":
            found.add(move["type"])
            continue
        for card in move["cards"]:
            if card["card"] == "court":
                found.add("court")
            elif card["card"].startswith("jester"):
                wild = "moves" in card and card["moves"][0]["pawn"] != "jester"
                found.add("wild" if wild else "jester")
    return found


def table_game(seed: int, tries: int = 1000) -> tuple[dict, list[dict], State]:
    """A whole game for playing at a table of phones (tests/whole_royal_visit.py): game ``seed``
    ends the way ``ENDINGS[seed % 3]`` names, and has a pass, the Wizard's power, the King's
    privilege and a Jester card among its turns, so that any three seeds in a row end every way
    and walk the rare paths (a game that ends by the deck has reshuffled, the Crown turned).
    Deterministic: the first of the seed's random games that qualifies. Returns (options,
    moves, final state)."""
    want = ENDINGS[seed % 3]
    needed = {"pass", "summon", "court", "jester"}
    for attempt in range(tries):
        rng = random.Random(seed * tries + attempt)
        options = {"players": ["Ann", "Bob"], "wizard": rng.randrange(2)}
        moves, final = random_game(rng, options, pass_chance=TABLE_PASS_CHANCE)
        if final.end == want and needed <= rare_moves(moves):
            return options, moves, final
    raise SimulationError(f"no game of seed {seed} ends by the {want} with every rare move")


def _run_out(rng: random.Random, pile: list, discard: list, little: bool, state: State):
    """The draw pile is empty: reshuffle the discard pile, or stop (None) when the game ends."""
    if little and state.king != 0:
        return None, discard, little
    rng.shuffle(discard)
    return discard, [], True


__all__ = ["ENDINGS", "SimulationError", "choose_turn", "random_game", "rare_moves",
           "table_game"]
