"""Random whole score-sheet games, for tests and the benchmark.

Every hand's cards come from a real shuffled deck of the game's selection, so no hand names more
copies of a card than exist. A game mixes hands picked card by card and typed, Risk and Warlord
cards, dealing cuts, Dungeons and draw cards played last, adjustments, corrections of past
hands, hands aimed at landing exactly on the limit (the Scroll Bonus), and, when the arbiter
can play a random hand, hands followed card by card. Every move goes through
``ENGINE.validate`` and ``ENGINE.apply`` like any entered move.
"""
from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.games.kings_court import arbiter
from companion.games.kings_court.arbiter import HAND_SIZE
from companion.games.kings_court.cards import KINDS, selection_kinds
from companion.games.kings_court.followed import dungeons_of
from companion.games.kings_court.game import ENGINE
from companion.games.kings_court.play import _Sim, random_hand
from companion.games.kings_court.scoring import DRAWS, DUNGEON, ENDERS, RISK
from companion.games.kings_court.state import State

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")
EXPANSION = tuple(kind.id for kind in KINDS if kind.deck != "KC")


def random_options(rng: random.Random) -> dict[str, Any]:
    """2-8 players, partnerships sometimes, any limit and selection, carried totals sometimes."""
    n = rng.randint(2, 8)
    options: dict[str, Any] = {"players": list(NAMES[:n])}
    if n >= 4 and n % 2 == 0 and rng.random() < 0.35:
        options["partnerships"] = (
            [[seat, seat + n // 2] for seat in range(n // 2)] if rng.random() < 0.6
            else [list(range(0, n, 2)), list(range(1, n, 2))])
    options["limit"] = rng.choice((500, 500, 750, 1000, rng.randint(40, 1500)))
    selection = rng.choice(("kc", "kc+kd", "kc+kd+bonus", "custom"))
    options["selection"] = selection
    if selection == "custom":
        options["extra"] = rng.sample(EXPANSION, rng.randint(0, 12))
    options["first_dealer"] = rng.randrange(n)
    if rng.random() < 0.2:
        sides = len(options.get("partnerships") or range(n))
        options["carried"] = [rng.randint(-60, options["limit"] // 2) for _ in range(sides)]
    options["rulings"] = {"dealing_bonus": rng.choice(("everyone", "not-dealer"))}
    return options


def _deck(state: State) -> list[str]:
    return [kind.id for kind in selection_kinds(state.selection, state.extra)
            for _ in range(kind.copies)]


def random_hand_move(rng: random.Random, state: State, typed_most: int = 120) -> dict[str, Any]:
    """A random legal ``hand`` move for this sheet (checked by the caller)."""
    n = len(state.players)
    deck = _deck(state)
    rng.shuffle(deck)

    def take(kid: str) -> bool:
        if kid in deck:
            deck.remove(kid)
            return True
        return False

    played = []
    for kid in ("dark-knight", "kings-goblet", "warlord", "poison-garden", "castle-fire"):
        chance = 0.04 if kid in ENDERS else 0.12
        if kid in deck and rng.random() < chance:
            if kid in ENDERS and any(p["card"] in ENDERS for p in played):
                continue
            take(kid)
            by = rng.randrange(n)
            entry: dict[str, Any] = {"card": kid, "by": by}
            if kid == "dark-knight" or (kid == "warlord" and rng.random() < 0.5):
                entry["on"] = rng.choice([s for s in range(n) if s != by])
            played.append(entry)
    move: dict[str, Any] = {"type": "hand", "played": played}
    if rng.random() < 0.3:
        move["cut"] = rng.choice(("made", "missed"))
    enders = [p["card"] for p in played if p["card"] in ENDERS]
    if enders and enders[0] == "castle-fire":
        move.pop("cut", None)
        move["out"] = None
        return move
    out = None if enders else rng.randrange(n)
    move["out"] = out
    # nobody counts a Risk card drawn at the end (it would go face up), so keep them out
    deck = [kid for kid in deck if kid not in RISK]
    dungeon = None
    if rng.random() < 0.1 and take(DUNGEON):
        dungeon = rng.choice([s for s in range(n) if s != out])
        move["dungeon"] = dungeon
    nxt = None
    if out is not None:
        nxt = (out + 1) % n if rng.random() < 0.8 else rng.choice(
            [s for s in range(n) if s != out])
        move["next"] = nxt
        if rng.random() < 0.3:
            last = deck.pop()
            move["last"] = last
    share = max(1, min(9, (len(deck) - 12) // max(1, n - 1)))
    cards: list = [None] * n
    points: list = [None] * n
    for seat in range(n):
        if seat == out:
            continue
        if rng.random() < 0.15 and not (seat == nxt and move.get("last") in DRAWS):
            points[seat] = rng.randint(0, typed_most)
        else:
            cards[seat] = [deck.pop() for _ in range(rng.randint(1, share))]
    last = move.get("last")
    if last in DRAWS:
        need = (1 if nxt == dungeon else 2) if last == DUNGEON else DRAWS[last]
        if last != DUNGEON:
            need += rng.choice((0, 0, 0, 1, 2))
        move["next_draws"] = [deck.pop() for _ in range(min(need, len(deck)))]
        if len(move["next_draws"]) < need:  # a tiny deck: say nothing of the last card
            del move["last"], move["next_draws"]
    if any(c is not None for c in cards):
        move["cards"] = cards
    if any(p is not None for p in points):
        move["points"] = points
    return move


def aim_at_limit(rng: random.Random, state: State, move: dict[str, Any]) -> dict[str, Any]:
    """The same hand with one typed count changed so its side lands exactly on the limit,
    when that is possible; otherwise the move unchanged."""
    points = move.get("points")
    if not points:
        return move
    seats = [s for s, p in enumerate(points) if p is not None]
    seat = rng.choice(seats)
    trial = {**move, "points": [0 if s == seat else p for s, p in enumerate(points)]}
    try:
        after = ENGINE.apply(state, trial)
    except Exception:
        return move
    side = state.side_of[seat]
    gained = after.rows[-1].side_points[side]
    wanted = state.limit - state.tally.totals[side] - gained
    if 0 <= wanted <= 10_000:
        trial["points"][seat] = wanted
        return trial
    return move


def random_game(rng: random.Random, options: Mapping[str, Any] | None = None,
                max_moves: int = 60, play_by_play: float = 0.25) -> tuple[list[dict], State]:
    """Play a whole random sheet game; returns (the moves in order, the final state).

    About ``play_by_play`` of the hands are dealt and followed card by card with
    ``play.random_hand`` (0 for a sheet-only game). After ``max_moves`` moves every hand is
    typed high so the game ends soon."""
    if options is None:
        options = random_options(rng)
    state = ENGINE.new(options)
    moves: list[dict] = []
    validate, apply = ENGINE.validate, ENGINE.apply

    def enter(move: dict) -> None:
        nonlocal state
        validate(state, move)
        state = apply(state, move)
        moves.append(move)

    while not state.over:
        finishing = len(moves) >= max_moves
        roll = rng.random()
        hands = state.hands
        if not finishing and roll < 0.06 and hands:
            move = random_hand_move(rng, state)
            move.update(type="correct", hand=rng.randint(1, hands))
            enter(move)
            continue
        if not finishing and roll < 0.12:
            seat = rng.randrange(len(state.players))
            amount = rng.choice((rng.randint(-40, 40) or 5,
                                 state.limit - state.tally.totals[state.side_of[seat]]))
            if amount and abs(amount) <= 10_000:
                if state.partnered and rng.random() < 0.5:
                    enter({"type": "adjust", "partnership": state.side_of[seat],
                           "points": amount, "reason": "Agreed at the table"})
                else:
                    enter({"type": "adjust", "seat": seat, "points": amount,
                           "reason": "Agreed at the table"})
            continue
        if not finishing and roll < 0.12 + play_by_play:
            _play_by_play(rng, state, enter)
            continue
        move = random_hand_move(rng, state, 400 if finishing else 120)
        if finishing:
            fire = "castle-fire" in [p["card"] for p in move["played"]]
            move = {key: move[key] for key in ("type", "out", "played", "cut") if key in move}
            if not fire:
                move["points"] = [None if seat == move["out"] else 400
                                  for seat in range(len(state.players))]
        elif rng.random() < 0.15:
            move = aim_at_limit(rng, state, move)
        enter(move)
    return moves, state


def _play_by_play(rng: random.Random, state: State, enter) -> None:
    """Deal a hand, play it card by card with the arbiter's random hand, and score it as it
    ended."""
    n = len(state.players)
    kinds = selection_kinds(state.selection, state.extra)
    events, hand = random_hand(rng, n, state.dealer, kinds, dict(state.rulings),
                               partners=len(state.sides) < n)
    deal, *plays = events
    deal = dict(deal)
    deal["type"] = "deal"
    if rng.random() < 0.3:
        deal["cut"] = rng.choice(("made", "missed"))
    enter(deal)
    for event in plays:
        enter(event)
    ended = arbiter.outcome(hand)
    move: dict[str, Any] = {"type": "hand"}
    deck = _deck(state)
    rng.shuffle(deck)
    for entry in ended["played"]:
        deck.remove(entry["card"])
    deck = [kid for kid in deck if kid not in RISK]
    for kid in ([ended.get("last_card")] + [DUNGEON] * len(dungeons_of(ended))
                + ["magician"] * len(dungeons_of(ended, magicians=True))):
        if kid is not None and kid in deck:
            deck.remove(kid)
    if ended["ended_by"] != "castle-fire":
        held = arbiter.hand_view(hand)["hands"]
        draws = ended.get("next_draws") or 0
        cards: list = [None] * n
        points: list = [None] * n
        for seat in range(n):
            if seat == ended["out"]:
                continue
            count = held[seat] - (draws if seat == ended["next"] else 0)
            if count <= 0 or count > len(deck) - draws or rng.random() < 0.2:
                points[seat] = rng.randint(0, 15 * max(count, 0))
            else:
                cards[seat] = [deck.pop() for _ in range(count)]
        if any(c is not None for c in cards):
            move["cards"] = cards
        if any(p is not None for p in points):
            move["points"] = points
        if draws and ended["next"] is not None and cards[ended["next"]] is not None:
            move["next_draws"] = [deck.pop() for _ in range(draws)]
    enter(move)


__all__ = ["ENDINGS", "NAMES", "aim_at_limit", "followed_hand", "random_game", "random_hand_move",
           "random_options"]


# --------------------------------------------------------------------------- steered hands

# What a followed hand may be asked to end on or to hold (``followed_hand``).
ENDINGS = ("drawbridge", "dragon", "wizard", "dungeon", "risk")


class _Rigged(random.Random):
    """A Random whose first shuffle puts one copy of ``card`` on top of the deck (the first card
    dealt, to the player left of the dealer) and one of ``first`` where it is turned up after
    ``dealt`` cards are dealt."""

    def __init__(self, seed: int, card: str | None, first: str | None = None, dealt: int = 0):
        super().__init__(seed)
        self.card = card
        self.first = first
        self.dealt = dealt

    def shuffle(self, x) -> None:
        super().shuffle(x)
        if self.card is not None and self.card in x:
            x.remove(self.card)
            x.append(self.card)
            self.card = None
        if self.first is not None and self.first in x:
            x.remove(self.first)
            x.insert(len(x) - self.dealt, self.first)
            self.first = None


class _Steered(_Sim):
    """The simulator with ``keep``'s cards played only as a player's last card."""

    def __init__(self, rng: random.Random, players: int, dealer: int, kinds, keep: frozenset,
                 partners: bool):
        self.keep = keep
        super().__init__(rng, players, dealer, kinds, None, False, partners)

    def _can_lead(self, card: str, hand: list[str], top: str | None, suit: str | None) -> bool:
        if card in self.keep and len(hand) > 1:
            return False
        return super()._can_lead(card, hand, top, suit)


def _ends(events: list[dict], ended: Mapping[str, Any], ending: str | None) -> bool:
    last = ended.get("last") or ""
    if ending == "risk":
        kinds = {event["type"] for event in events}
        return "risk" in kinds and "on-guard" in kinds
    if ending is None:
        return True
    return ended["ended_by"] == "out" and last.startswith(ending)


def followed_hand(seed: int, players: int, dealer: int, kinds, ending: str | None = None,
                  most: int = 60, partners: bool = False, tries: int = 4000,
                  allowed=lambda events: True, first: str | None = None
                  ) -> tuple[list[dict], Any, list[list[str]]]:
    """A hand played card by card by the simulator (seeded by ``seed``) that ends on the draw
    card ``ending`` names ("drawbridge", "dragon", "wizard", "dungeon"), or that has a Risk card
    played and On Guard called ("risk"), in at most ``most`` events and passing ``allowed``: the
    events (the deal first), the final Hand and each player's real cards at the end (the cards
    the next player drew last). The holder of the card wanted plays it only as their last card;
    with ``first`` (a card that is not a Shield card) that card is turned up. Several tries are
    made, each seeded from ``seed``. LookupError if none fits."""
    kinds = tuple(kinds)
    ids = {kind.id for kind in kinds}
    wanted = [kid for kid in sorted(ids) if ending and kid.startswith(ending)]
    for attempt in range(tries):
        rigged = wanted[attempt % len(wanted)] if wanted and ending != "risk" else None
        rng = _Rigged(seed * 100_003 + attempt, rigged, first, HAND_SIZE * players)
        sim = _Steered(rng, players, dealer, kinds, frozenset(wanted) if ending != "risk" else
                       frozenset(), partners)
        events, hand = sim.run()
        if len(events) > most or not _ends(events, arbiter.outcome(hand), ending):
            continue
        real = [list(cards) for cards in sim.hands]
        if [len(cards) for cards in real] != list(hand.hands) or not allowed(events):
            continue
        return events, hand, real
    raise LookupError(f"no hand ending on {ending} in {tries} tries from seed {seed}")
