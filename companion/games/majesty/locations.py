"""Majesty: For the Realm's locations at work: what a card placed at a location does, on side A
and on side B.

``cards.LOCATIONS`` gives each side its abilities as data, top to bottom (points per character,
a bonus to everyone with a character, healing, attacking, the Castle's exchange, ...) and the
rules page words them; ``EFFECTS`` carries out each kind of ability on a ``Placing``, the turn
being carried out. The Infirmary acts only at final scoring (``scoring.final_scoring``).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from companion.games.majesty.cards import (
    ALL_OF,
    ATTACK,
    DEFEND,
    EVERYONE,
    EXCHANGE,
    HEAL,
    LARGEST,
    LOCATIONS,
    PER,
)
from companion.games.majesty.state import (
    CHAR_INDEX,
    GUARDHOUSE,
    KNIGHT,
    REALM_LOCATIONS,
    SIDES,
    Attack,
    Healed,
    InfirmaryCard,
    Line,
    meeples,
    order_from,
    points_said,
)
from companion.words import Msg, msg


class Effect(NamedTuple):
    """One ability of a location's side, its characters as indices."""

    kind: str  # cards.PER, cards.EVERYONE, ...
    points: int
    meeples: int
    chars: tuple[int, ...]
    infirmary: bool  # PER: the cards in your Infirmary count too
    text: Msg  # the "why" of its scoring line


# ABILITIES[location][0 for side A, 1 for side B]: its effects, top to bottom
ABILITIES = tuple(
    tuple(tuple(Effect(ab.kind, ab.points, ab.meeples, tuple(CHAR_INDEX[c] for c in ab.chars),
                       ab.infirmary, ab.text)
                for ab in loc.side(letter).abilities) for letter in SIDES)
    for loc in LOCATIONS)


def exchange_text(exchange: int) -> Msg:
    """A Castle B exchange (not 0) in words."""
    if exchange > 0:
        return msg("bought {meeples} for {points}", meeples=meeples(exchange),
                   points=points_said(exchange))
    return msg("sold {meeples} for {points}", meeples=meeples(-exchange),
               points=points_said(-exchange))


@dataclass(slots=True)
class Placing:
    """A card being placed: what its location's abilities read and change."""

    mover: int
    rule: str  # the rules-page entry of the location's side, for the scoring lines
    mine: list  # the mover's 7 stacks, the new card placed
    realms: list  # per seat (the mover's own is ``mine`` until the turn ends)
    infirmaries: list  # per seat
    meeples: list  # per seat
    points: list  # per seat
    supply: int  # meeples
    heal_as: int  # the character a healed card returns as
    exchange: int  # Castle B: + meeples bought, - sold
    lines: list[Line] = field(default_factory=list)
    attacks: list[Attack] = field(default_factory=list)
    heal: Healed | None = None


def place(p: Placing, location: int, side: str) -> None:
    """Carry out the abilities of ``location`` on ``side``, top to bottom."""
    for effect in ABILITIES[location][SIDES.index(side)]:
        EFFECTS[effect.kind](p, effect)


def _per(p: Placing, e: Effect) -> None:
    """Points and meeples per character of the kinds named (and per Infirmary card)."""
    count = 0
    for c in e.chars:
        count += len(p.mine[c])
    if e.infirmary:
        count += len(p.infirmaries[p.mover])
    got = e.meeples * count
    why = e.text
    # Reading (docs/rulings.md: the app tracks the box's 30 meeples; the rulebook is silent on
    # a short supply): a gain takes what the supply still holds and the rest is lost. Points
    # are never capped. Rules page: "meeple-supply".
    if got > p.supply:
        why = msg("{why} (the supply had only {meeples})", why=e.text,
                  meeples=meeples(p.supply))
        got = p.supply
    p.supply -= got
    p.meeples[p.mover] += got
    p.points[p.mover] += e.points * count
    p.lines.append(Line(p.mover, e.points * count, got, why, p.rule, count))


def _everyone(p: Placing, e: Effect) -> None:
    """Points to every player, the mover first, with at least one of the character."""
    c = e.chars[0]
    for seat in order_from(p.mover, len(p.realms)):
        stack = p.mine[c] if seat == p.mover else p.realms[seat][c]
        if stack:
            p.points[seat] += e.points
            p.lines.append(Line(seat, e.points, 0, e.text, p.rule, len(stack)))


def _heal(p: Placing, e: Effect) -> None:
    """The top card of the mover's Infirmary returns, as ``heal_as``, without activating."""
    pile = p.infirmaries[p.mover]
    if pile:
        healed = pile[-1].kind
        p.infirmaries[p.mover] = pile[:-1]
        p.mine[p.heal_as] = p.mine[p.heal_as] + (healed,)
        p.heal = Healed(healed, p.heal_as)


def _attack(p: Placing, e: Effect) -> None:
    """Each opponent with fewer Guards than the mover's Knights loses the most recently placed
    card at their leftmost location that has any to their Infirmary."""
    knights = len(p.mine[KNIGHT])
    for seat in order_from(p.mover, len(p.realms))[1:]:
        realm = p.realms[seat]
        guards = len(realm[GUARDHOUSE])
        victim, where = -1, -1
        if guards < knights:
            for loc in REALM_LOCATIONS:
                if realm[loc]:
                    victim, where = realm[loc][-1], loc
                    hurt = list(realm)
                    hurt[loc] = realm[loc][:-1]
                    p.realms[seat] = tuple(hurt)
                    p.infirmaries[seat] = p.infirmaries[seat] + (InfirmaryCard(victim, loc),)
                    break
        p.attacks.append(Attack(seat, knights, guards, victim, where))


def _defend(p: Placing, e: Effect) -> None:
    """Nothing by itself: Guards count only when attacked (``_attack``)."""


def _exchange(p: Placing, e: Effect) -> None:
    """Castle B: points and meeples traded 1 for 1, as the move says (checked already)."""
    x = p.exchange
    if x:
        p.points[p.mover] -= x
        p.meeples[p.mover] += x
        p.supply -= x
        p.lines.append(Line(p.mover, -x, x, exchange_text(x), "exchange", abs(x)))


def _all_of(p: Placing, e: Effect) -> None:
    """Points once for having at least one of each character named."""
    if all(p.mine[c] for c in e.chars):
        p.points[p.mover] += e.points
        p.lines.append(Line(p.mover, e.points, 0, e.text, p.rule, 1))
    else:
        p.lines.append(Line(p.mover, 0, 0, msg("{why}: not met", why=e.text), p.rule, 0))


def _largest(p: Placing, e: Effect) -> None:
    """Points per character named for each character at the mover's fullest location."""
    count = len(p.mine[e.chars[0]])
    fullest = max(len(stack) for stack in p.mine)
    got = e.points * count * fullest
    p.points[p.mover] += got
    p.lines.append(Line(p.mover, got, 0, msg("{why} ({count} \u00d7 {fullest})", why=e.text,
                                             count=count, fullest=fullest), p.rule, count))


EFFECTS: dict[str, Callable[[Placing, Effect], None]] = {
    PER: _per, EVERYONE: _everyone, HEAL: _heal, ATTACK: _attack, DEFEND: _defend,
    EXCHANGE: _exchange, ALL_OF: _all_of, LARGEST: _largest,
}
