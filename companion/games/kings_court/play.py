"""Random King's Court hands with a real shuffled deck, for tests and the benchmark.

The simulator deals real cards and knows every hand; the arbiter sees only what the table
enters. Every event goes through ``arbiter.apply_event`` like a tap at the table, and (with
``check``) after every event the simulator's real piles are compared with the arbiter's counts.

After ``TURN_LIMIT`` turns (rare: a hand that will not end, for instance two players each left
holding only a Defender) the simulator stops following real cards and plays a Duke every turn, a
play the arbiter cannot refuse, so every hand ends.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from companion.games.kings_court import arbiter as A
from companion.games.kings_court.cards import KIND_BY_ID, CardKind

TURN_LIMIT = 1000
EXTRA_CHANCE = 0.75  # add the extra card a King, Queen or Wizard allows
ANSWER_CHANCE = 0.95  # answer a draw card when the hand can
ESCAPE_CHANCE = 0.75
CALL_CHANCE = 0.3  # another player calls On Guard first
DARK_KNIGHT_CHANCE = 0.5
WARLORD_CHANCE = 0.25
ENDER_CHANCE = 0.0015  # Poison Garden / Castle Fire, per event boundary
GOBLET_CHANCE = 0.01
DEFEND_CHANCE = 0.7
DRAW_ANYWAY_CHANCE = 0.02  # draw although a card could be played
YES_CHANCE = 0.05  # in a partnership game, a partner answers "Yes" at the start of a turn

_NEVER_LEAD = A.RISK | A.DEFENSIVE | {"defender", "warlord"}


class SimulationError(AssertionError):
    """The simulator's real piles disagree with the arbiter's counts."""


class _Sim:
    def __init__(self, rng: random.Random, players: int, dealer: int,
                 kinds: Iterable[CardKind], rulings: Mapping[str, Any] | None, check: bool,
                 partners: bool = False):
        self.rng = rng
        self.n = players
        self.kinds = tuple(kinds)
        self.ids = frozenset(kind.id for kind in self.kinds)
        self.check = check
        self.claim = False
        deck = [kind.id for kind in self.kinds for _ in range(kind.copies)]
        rng.shuffle(deck)
        self.draw = deck
        self.hands: list[list[str]] = [[] for _ in range(players)]
        for _ in range(A.HAND_SIZE):
            for k in range(1, players + 1):
                self.hands[(dealer + k) % players].append(self.draw.pop())
        while KIND_BY_ID[self.draw[-1]].group == "shield":  # back into the deck, turn another
            card = self.draw.pop()
            self.draw.insert(rng.randrange(len(self.draw)), card)
        first = self.draw.pop()
        self.face_up: list[list[str]] = [[] for _ in range(players)]
        self.dungeon: list[list[str]] = [[] for _ in range(players)]
        self.aside: list[str] = []
        spec = self._spec(first, dealer, [], first_card=True)
        self.hand = A.start_hand(players, dealer, self.kinds, spec, rulings, partners=partners)
        self.discard = [] if first == "dungeon" else [first]
        if first == "dungeon":
            self.dungeon[self.hand.to_play].append(first)
        self.events: list[dict] = [{"type": "deal", "first": spec}]
        self.turns = 0
        self._compare()

    # -- the real piles ------------------------------------------------------------------------

    def _real_draw(self, seat: int, n: int) -> None:
        for _ in range(n):
            if not self.draw:
                if len(self.discard) <= 1:
                    return
                self.draw = self.discard[:-1]
                self.discard = self.discard[-1:]
                self.rng.shuffle(self.draw)
            self.hands[seat].append(self.draw.pop())

    def _under_top(self, card: str) -> None:
        if self.discard:
            self.discard.insert(len(self.discard) - 1, card)
        else:
            self.discard.append(card)

    def _compare(self) -> None:
        h = self.hand
        if h.counted != h.deck_size:
            raise SimulationError(f"the arbiter counts {h.counted} cards of {h.deck_size}")
        if not self.check or self.claim:
            return
        real = ([len(x) for x in self.hands], len(self.draw), len(self.discard),
                [sorted(x) for x in self.face_up], [len(x) for x in self.dungeon], len(self.aside),
                [x.count("magician") for x in self.dungeon])
        seen = (list(h.hands), h.draw_pile, h.discard, [sorted(x) for x in h.face_up],
                list(h.dungeon_cards), h.set_aside, list(h.dungeon_magicians))
        if real != seen:
            raise SimulationError(f"real piles {real} but the arbiter has {seen} after "
                                  f"{self.events[-1]}")

    def _send(self, move: dict) -> A.Hand:
        before = self.hand
        self.hand = A.apply_event(before, move)
        self.events.append(move)
        return before

    # -- choosing cards ------------------------------------------------------------------------

    def _best_suit(self, hand: list[str]) -> str:
        counts: dict[str, int] = {}
        for card in hand:
            for suit in KIND_BY_ID[card].suits:
                if suit in self.hand.suits:
                    counts[suit] = counts.get(suit, 0) + 1
        if counts and self.rng.random() < 0.8:
            return max(sorted(counts), key=counts.__getitem__)
        return self.rng.choice(self.hand.suits)

    def _spec(self, card: str, seat: int, rest: list[str], first_card: bool = False,
              top: str | None = None, suit: str | None = None) -> dict:
        """A card object for ``card`` (its choices made at random)."""
        rng = self.rng
        spec: dict[str, Any] = {"card": card}
        eff = card
        if card == "magician":
            options = [k for k in ("king", "duke", "dragon", "wizard", "queen", "duchess")
                       if k in self.ids]
            if not first_card and suit is not None:
                options += [k for k in self.ids if A.INFO[k].stem in A.STEMS
                            and A.fits(k, top, suit) and A.INFO[k].stem != "fair-maiden"]
            if first_card and rng.random() < 0.3:
                return {"card": card, "suit": rng.choice(self.hand_suits())}
            eff = rng.choice(sorted(options))
            spec["as"] = eff
        info = A.INFO[eff]
        if eff in A.WILD or (first_card and info.kingdom):
            spec["suit"] = self._best_suit(rest) if rest else rng.choice(self.hand_suits())
        if info.stem == "queens-option":
            spec["suit"] = rng.choice(info.suits)
        if eff == "wizard" or info.stem == "queens-option":
            spec["choice"] = rng.choice(("same", "same", "skip", "reverse"))
        if eff in ("catapult", "siege-tower"):
            target = rng.choice([s for s in range(self.n) if s != seat])
            spec["target"] = target
            if "defender" in self.hands[target] and rng.random() < DEFEND_CHANCE:
                spec["defended"] = [target]
        if eff == "flaming-arrow" and rest and rng.random() < 0.8:
            burn = rng.choice(["discard"] + [s for s in range(self.n) if s != seat])
            spec["burn"] = burn
            if burn != "discard" and "defender" in self.hands[burn] and \
                    rng.random() < DEFEND_CHANCE:
                spec["defended"] = [burn]
        if eff in ("cannonball", "imperial-tax"):
            defended = [s for s in range(self.n) if s != seat and "defender" in self.hands[s]
                        and rng.random() < DEFEND_CHANCE / 2]
            if defended:
                spec["defended"] = defended[:KIND_BY_ID["defender"].copies]
        return spec

    def hand_suits(self) -> tuple[str, ...]:
        return self.hand.suits if hasattr(self, "hand") else A.suits_in(self.kinds)

    def _can_lead(self, card: str, hand: list[str], top: str | None, suit: str | None) -> bool:
        """Whether ``card`` (from ``hand``, which still holds it) may come next in the chain."""
        if card in _NEVER_LEAD:
            return False
        if card in A.LAST_ONLY:
            return len(hand) == 1 and A.fits(card, top, suit) is not None
        if card == "magician":
            return True
        if A.fits(card, top, suit) is None:
            return False
        if A.INFO[card].stem == "fair-maiden":
            rest = list(hand)
            rest.remove(card)
            fm_suit = A.INFO[card].suits[0]
            return any(A.INFO[c].stem != "fair-maiden" and self._can_lead(c, rest, card, fm_suit)
                       for c in set(rest))
        return True

    def _chain(self, seat: int, need: str | None) -> list[dict]:
        """Cards for a turn from the seat's real hand: [] when nothing (or nothing wanted)."""
        rng = self.rng
        hand = list(self.hands[seat])
        top, suit = self.hand.top, self.hand.suit
        cards: list[dict] = []
        while True:
            options = sorted({c for c in hand if self._can_lead(c, hand, top, suit)})
            if not options:
                break
            if need == "extra" and rng.random() > EXTRA_CHANCE:
                break
            card = rng.choice(options)
            hand.remove(card)
            spec = self._spec(card, seat, hand, top=top, suit=suit)
            cards.append(spec)
            eff = spec.get("as", card)
            info = A.INFO[eff]
            if eff != "dungeon":
                top = eff
                if "suit" in spec:
                    suit = spec["suit"]
                elif not info.kingdom:
                    suit = info.suits[0]
            need = ("escort" if info.stem == "fair-maiden" else
                    "extra" if eff in A.EXTRA else None)
            if need is None or not hand:
                break
        return cards

    # -- mirroring an accepted event on the real cards ----------------------------------------

    def _mirror_play(self, seat: int, cards: list[dict]) -> None:
        h = self.hand
        hand = self.hands[seat]
        dungeon_target = h.next_seat if h.ended_by else h.to_play
        battle = None
        for spec in cards:
            card = spec["card"]
            hand.remove(card)
            if spec.get("as", card) == "dungeon":
                self.dungeon[dungeon_target].append(card)
            else:
                self.discard.append(card)
            if card in A.BATTLE:
                battle = spec
        if battle is not None:
            self._mirror_battle(seat, battle)
        if h.ended_by and h.next_draws:
            self._real_draw(h.next_seat, h.next_draws)

    def _mirror_battle(self, seat: int, spec: dict) -> None:
        card = spec["card"]
        defended = spec.get("defended", [])
        for d in defended:
            self.hands[d].remove("defender")
            self._under_top("defender")
        if card == "cannonball":
            players = [s for s in range(self.n) if s not in defended]
            pool = [c for s in players for c in self.hands[s]]
            self.rng.shuffle(pool)
            for s in players:
                self.hands[s] = []
            order = [(self.hand.dealer + k) % self.n for k in range(1, self.n + 1)]
            order = [s for s in order if s in players]
            for i, c in enumerate(pool):
                self.hands[order[i % len(order)]].append(c)
        elif card == "catapult":
            target = spec["target"]
            if target not in defended:
                self.hands[seat], self.hands[target] = self.hands[target], self.hands[seat]
        elif card == "flaming-arrow":
            burn = spec.get("burn")
            if burn is not None and not (burn != "discard" and burn in defended):
                c = self.rng.choice(self.hands[seat])
                self.hands[seat].remove(c)
                if burn == "discard":
                    self._under_top(c)
                else:
                    self.hands[burn].append(c)
        elif card == "imperial-tax":
            taxed = [s for s in range(self.n) if s != seat and s not in defended
                     and self.hands[s]]
            for s in taxed:
                c = self.rng.choice(self.hands[s])
                self.hands[s].remove(c)
                self._under_top(c)
            for s in taxed:
                self._real_draw(s, 1)

    # -- events --------------------------------------------------------------------------------

    def play(self, seat: int, cards: list[dict]) -> None:
        before = self._send({"type": "play", "seat": seat, "cards": cards})
        if not self.claim:
            if before.pending is not None:  # an answer: one card onto the pile
                self.hands[seat].remove(cards[0]["card"])
                if before.pending.dungeons:  # the Dungeon cards: turned back, or discarded
                    jail = self.dungeon[seat]
                    if cards[0].get("as", cards[0]["card"]) == "royal-decree":
                        self.dungeon[before.pending.by].extend(jail)
                    else:
                        self.discard.extend(jail)
                    self.dungeon[seat] = []
                self.discard.append(cards[0]["card"])
                if self.hand.ended_by and self.hand.next_draws:
                    self._real_draw(self.hand.next_seat, self.hand.next_draws)
            else:
                self._mirror_play(seat, cards)
        self._after()

    def simple(self, kind: str, seat: int) -> None:
        before = self._send({"type": kind, "seat": seat})
        if not self.claim:
            h = self.hand
            if kind == "take" and before.dungeon[seat] == 2 and h.dungeon[seat] == -1:
                for card in self.dungeon[seat]:
                    self._under_top(card)
                self.dungeon[seat] = []
            if kind in ("draw", "take"):
                self._real_draw(seat, h.hands[seat] - before.hands[seat])
            if kind == "escape":
                for card in self.dungeon[seat]:
                    self._under_top(card)
                self.dungeon[seat] = []
        self._after()

    def _after(self) -> None:
        self._compare()
        if not self.claim:
            self._reveals()

    def _reveals(self) -> None:
        """Lay face up every Risk card (and the Warlord) that came into a hand."""
        changed = True
        while changed and not self.hand.ended_by:
            changed = False
            for seat in range(self.n):
                if A.FACE_UP.isdisjoint(self.hands[seat]):
                    continue
                for card in list(self.hands[seat]):
                    if card in A.FACE_UP:
                        self._send({"type": "reveal", "seat": seat, "card": card})
                        self.hands[seat].remove(card)
                        self.face_up[seat].append(card)
                        self._real_draw(seat, 1)
                        self._compare()
                        changed = True
                        if self.hand.ended_by:
                            return

    def risk(self, seat: int, card: str, on: int | None = None) -> None:
        move = {"type": "risk", "seat": seat, "card": card}
        if on is not None:
            move["on"] = on
        before = self._send(move)
        if not self.claim:
            self.face_up[seat].remove(card)
            self.aside.append(card)
            if card == "kings-goblet":
                for k in range(self.n):
                    s = (seat + k) % self.n
                    self._real_draw(s, self.hand.hands[s] - before.hands[s])
        self._after()

    # -- a whole hand --------------------------------------------------------------------------

    def _between(self) -> None:
        """Out-of-turn events that may happen before the next tap of the seat to play."""
        rng = self.rng
        h = self.hand
        if h.escape is not None and rng.random() < ESCAPE_CHANCE:
            self.simple("escape", h.escape)
            h = self.hand
        if h.guard is not None and not h.penalty[h.guard] and h.hands[h.guard] == 1 and \
                rng.random() < CALL_CHANCE:
            caller = rng.choice([s for s in range(self.n) if s != h.guard])
            self._send({"type": "on-guard", "seat": caller, "on": h.guard})
            self._after()
            h = self.hand
        if self.claim:
            return
        for seat in range(self.n):
            for card in list(self.face_up[seat]):
                h = self.hand
                if h.ended_by:
                    return
                roll = rng.random()
                if card == "dark-knight" and h.guard is not None and h.guard != seat and \
                        h.hands[h.guard] == 1 and roll < DARK_KNIGHT_CHANCE:
                    self.risk(seat, card, h.guard)
                elif ((card in ("poison-garden", "castle-fire") and roll < ENDER_CHANCE)
                      or (card == "kings-goblet" and roll < GOBLET_CHANCE)):
                    self.risk(seat, card)
                elif card == "warlord" and h.phase == "turn" and h.to_play != seat and \
                        h.warlord is None and roll < WARLORD_CHANCE:
                    self.risk(seat, card, h.to_play)

    def turn(self) -> None:
        h = self.hand
        seat = h.to_play
        self.turns += 1
        if self.turns > TURN_LIMIT:
            self.claim = True
        if self.claim:
            self._claim_turn(seat)
            return
        rng = self.rng
        if h.phase == "first":
            cards = self._chain(seat, h.open.need)
            if cards:
                self.play(seat, cards)
            elif h.open.need == "escort":
                self.simple("draw", seat)
                self._after_draw(seat, "escort")
            else:
                self.simple("pass", seat)
            return
        fresh = h.pending is not None and h.pending.dungeons  # a Dungeon that may be answered
        if (h.dungeon[seat] >= 0 and not fresh) or h.penalty[seat]:
            self.simple("take", seat)
            return
        if h.pending is not None:
            hand = self.hands[seat]
            answers = [c for c in hand if c in ("royal-decree", "protector")]
            if A.INFO[h.pending.kind].stem == "drawbridge" and not fresh:
                answers += [c for c in hand if A.INFO[c].stem == "drawbridge"]
            if "magician" in hand:
                answers.append("magician")
            if answers and rng.random() < ANSWER_CHANCE:
                card = rng.choice(sorted(answers))
                spec = {"card": card}
                if card == "magician":
                    spec["as"] = rng.choice(["royal-decree", "protector"])
                if h.partners and len(hand) == 1 and rng.random() < YES_CHANCE:
                    self.simple("yes", seat)  # about to go out with the answer
                self.play(seat, [spec])
            else:
                self.simple("take", seat)
            return
        cards = [] if rng.random() < DRAW_ANYWAY_CHANCE else self._chain(seat, None)
        if h.partners and rng.random() < YES_CHANCE:  # a partner's Yes: out now, or take two
            self.simple("yes", seat)
            if cards and len(cards) == len(self.hands[seat]):
                self.play(seat, cards)
            else:
                self.simple("take", seat)
            return
        if cards:
            self.play(seat, cards)
            return
        self.simple("draw", seat)
        self._after_draw(seat, None)

    def _after_draw(self, seat: int, need: str | None) -> None:
        if self.hand.ended_by:
            return
        self._reveals()
        if self.hand.ended_by:
            return
        cards = self._chain(seat, need)
        if cards:
            self.play(seat, cards)
        else:
            self.simple("pass", seat)

    def _claim_turn(self, seat: int) -> None:
        """Past the turn limit: take what is due, else play a Duke."""
        h = self.hand
        if h.phase != "first" and (h.dungeon[seat] >= 0 or h.penalty[seat] or h.pending):
            self.simple("take", seat)
            return
        duke = {"card": "duke", "suit": h.suits[0]}
        self.play(seat, [duke])

    def run(self) -> tuple[list[dict], A.Hand]:
        self._reveals()
        while not self.hand.ended_by:
            self._between()
            if self.hand.ended_by:
                break
            self.turn()
        return self.events, self.hand


def random_hand(rng: random.Random, players: int, dealer: int, kinds: Iterable[CardKind],
                rulings: Mapping[str, Any] | None = None, check: bool = False,
                partners: bool = False) -> tuple[list[dict], A.Hand]:
    """A random legal hand: ``[{"type": "deal", "first": ...}, *events]`` and the final Hand.
    With ``check`` the real piles are compared with the arbiter's counts after every event
    (SimulationError when they differ)."""
    return _Sim(rng, players, dealer, kinds, rulings, check, partners).run()


def replay_hand(players: int, dealer: int, kinds: Iterable[CardKind], events: list[dict],
                rulings: Mapping[str, Any] | None = None, partners: bool = False
                ) -> list[A.Hand]:
    """Every Hand of a recorded hand, the deal's first."""
    kinds = tuple(kinds)
    hand = A.start_hand(players, dealer, kinds, events[0]["first"], rulings, partners=partners)
    hands = [hand]
    for move in events[1:]:
        hand = A.apply_event(hand, move)
        hands.append(hand)
    return hands
