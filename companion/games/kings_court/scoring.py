"""King's Court: the points of one hand and the running totals of the score sheet.

Plain functions over checked entries (``hand.py`` checks what the table typed in). A hand's
points are one list of lines a player, each line one card kind or one bonus with its points and
the reason in words; a player's points for the hand are the sum of their lines, so the sheet's
breakdown and its arithmetic can never disagree.

The order of a hand's scoring follows docs/rulings.md: every player's points are added to their
side's total (a side is a player, or a partnership), then the Scroll Bonus halves every total
that landed exactly on the limit, then the end of the game is checked.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from companion.games.kings_court.cards import KIND_BY_ID, NUMBER
from companion.words import Msg, msg

# --------------------------------------------------------------------------- the card families

RISK = frozenset(("dark-knight", "poison-garden", "castle-fire", "kings-goblet"))
PLAYABLE_COSTS = RISK | {"warlord"}  # cards whose value is scored when played, never when held
ENDERS = ("poison-garden", "castle-fire")  # Risk cards that end the hand at once
# The cards a player draws when the player before them goes out with this card as the last one
# (the fewest: a Wizard's extra draw card or stacked Drawbridges add more).
DRAWS = {"wizard": 5, "dragon": 3, "dungeon": 2}
DRAWS.update({kind.id: 2 for kind in KIND_BY_ID.values() if kind.id.startswith("drawbridge-")})
POTION, TREASURE, DUNGEON, DEFENDER = "magic-potion", "hidden-treasure", "dungeon", "defender"
MAGICIAN = "magician"

ENDED_OUT, ENDED_POISON, ENDED_FIRE = "out", "poison-garden", "castle-fire"
CUT_MADE, CUT_MISSED = "made", "missed"
EVERYONE, NOT_DEALER = "everyone", "not-dealer"  # the dealing-bonus ruling's two readings


def name_of(kind_id: str) -> str:
    return KIND_BY_ID[kind_id].name


def cut_bonus(players: int) -> int:
    """The dealing bonus (and the missed cut's cost): 50 with four or more players, else 25."""
    return 50 if players >= 4 else 25


def _times(count: int, name: str) -> str:
    return name if count == 1 else msg("{n} × {card}", n=count, card=name)


# --------------------------------------------------------------------------- one hand, checked


class Played(NamedTuple):
    """A Risk or Warlord card played in a hand."""

    card: str  # its kind id
    by: int  # the seat who played it
    on: int  # the seat it was played on (Dark Knight, Warlord), or -1


@dataclass(frozen=True, slots=True)
class HandScore:
    """One hand as the table entered it, after the checks.

    ``cards[seat]`` is the tuple of kind ids left in that hand (None when typed or when the seat
    went out); ``typed[seat]`` the typed count (None when picked). ``played`` holds the Risk and
    Warlord cards played this hand."""

    out: int  # the seat who went out, or -1
    ended: str  # ENDED_OUT, ENDED_POISON or ENDED_FIRE
    cards: tuple
    typed: tuple
    last: str | None  # the card the player went out with, when the table said
    next: int  # the player after them (who draws for a draw card), or -1
    next_draws: tuple[str, ...]  # the cards that player drew (they count in their hand)
    dungeons: tuple[int, ...]  # a seat for each Dungeon card lying in front of a player when
    #                            the hand ended (not the one played last), sorted
    played: tuple[Played, ...]
    cut: str | None  # CUT_MADE, CUT_MISSED or None (not tried)
    play_by_play: bool = False  # the hand was followed card by card
    last_magician: bool = False  # the last card was a Magician played as ``last``
    dungeon_magicians: tuple[int, ...] = ()  # like ``dungeons``, for Magicians played as a
    #                                          Dungeon: they count as the Magician (ruling 50)

    def to_dict(self) -> dict:
        return {
            "out": None if self.out < 0 else self.out, "ended": self.ended,
            "cards": [None if c is None else list(c) for c in self.cards],
            "points": list(self.typed), "last": self.last,
            "next": None if self.next < 0 else self.next, "next_draws": list(self.next_draws),
            "dungeon": list(self.dungeons),
            "played": [{"card": p.card, "by": p.by, "on": None if p.on < 0 else p.on}
                       for p in self.played],
            "cut": self.cut, "play_by_play": self.play_by_play,
            "last_magician": self.last_magician,
            "dungeon_magicians": list(self.dungeon_magicians),
        }


class Line(NamedTuple):
    """A line of a hand's breakdown: one card kind or one bonus."""

    points: int
    why: Msg  # the reason in words
    rule: str  # the rules page's id
    card: str | None  # the kind id, if a card's
    count: int  # how many of that card (0 for a bonus)


def count_cards(held: Sequence[str], drawn: Sequence[str] = (), dungeons: int = 0,
                drawn_for: str = "", magicians: int = 0) -> list[Line]:
    """The lines of one hand's card count: ``held`` is what is left in the hand, ``drawn`` what
    the player drew because the one before them went out with a draw card (``drawn_for`` names
    that card), and ``dungeons`` the Dungeon cards that count as if in the hand (``magicians``:
    the Magicians played as a Dungeon, which count as the Magician they are).

    Magic Potion first: with it, only Number cards count (so a held Defender adds nothing);
    then Hidden Treasure's -100 on what remains. Unplayed Risk cards and the Warlord count
    nothing."""
    potion = POTION in held or POTION in drawn
    lines: list[Line] = []

    def add(kinds: Sequence[str], drawn: bool = False) -> None:
        counts: dict[str, int] = {}
        for kid in kinds:
            counts[kid] = counts.get(kid, 0) + 1
        for kid, count in counts.items():
            kind = KIND_BY_ID[kid]
            label = _times(count, kind.name)
            if drawn:
                label = (msg("{label} (drawn for the {card})", label=label, card=drawn_for)
                         if drawn_for else msg("{label} (drawn at the end)", label=label))
            if kid == POTION:
                lines.append(Line(0, msg("{label}: only Number cards count", label=label),
                                  "count-magic-potion", kid, count))
            elif kid == TREASURE:
                lines.append(Line(kind.value * count, msg("{label}: -100 to the hand, after the "
                                                          "Magic Potion", label=label)
                                  if potion else msg("{label}: -100 to the hand", label=label),
                                  "count-hidden-treasure", kid, count))
            elif kid in PLAYABLE_COSTS:
                lines.append(Line(0, msg("{label}: not played, counts nothing", label=label),
                                  "count-unplayed", kid, count))
            elif potion and kind.group != NUMBER:
                lines.append(Line(0, msg("{label}: nothing beside the Magic Potion", label=label),
                                  "count-magic-potion", kid, count))
            elif kind.group == NUMBER:
                why = (msg("{label}: face value ({value} each)", label=label, value=kind.value)
                       if count > 1 else msg("{label}: face value", label=label))
                lines.append(Line(kind.value * count, why, "count-number", kid, count))
            elif kid == DEFENDER:
                lines.append(Line(kind.value * count, msg("{label}: -35 each in a hand",
                                                          label=label) if count > 1
                                  else msg("{label}: -35 in a hand", label=label),
                                  "count-defender", kid, count))
            else:
                if kind.group == "scroll":
                    why = (msg("{label}: Scroll card value ({value} each)", label=label,
                               value=kind.value) if count > 1
                           else msg("{label}: Scroll card value", label=label))
                else:
                    why = (msg("{label}: Shield card value ({value} each)", label=label,
                               value=kind.value) if count > 1
                           else msg("{label}: Shield card value", label=label))
                lines.append(Line(kind.value * count, why, "count-values", kid, count))

    add(held)
    if drawn:
        add(drawn, True)
    if dungeons:
        kind = KIND_BY_ID[DUNGEON]
        label = msg("{cards} in front of them, counted as if in the hand",
                    cards=_times(dungeons, name_of(DUNGEON)))
        if potion:
            lines.append(Line(0, msg("{label}: nothing beside the Magic Potion", label=label),
                              "count-dungeon", DUNGEON, dungeons))
        else:
            lines.append(Line(kind.value * dungeons, label, "count-dungeon", DUNGEON, dungeons))
    if magicians:
        kind = KIND_BY_ID[MAGICIAN]
        label = msg("{cards} (played as a Dungeon) in front of them, counted as if in the hand",
                    cards=_times(magicians, name_of(MAGICIAN)))
        worth = 0 if potion else kind.value * magicians
        if potion:
            label = msg("{label}: nothing beside the Magic Potion", label=label)
        lines.append(Line(worth, label, "count-dungeon", MAGICIAN, magicians))
    return lines


def dungeon_cards(score: HandScore, seat: int) -> tuple[int, int]:
    """Dungeon cards that count in this seat's hand: those lying in front of them when the hand
    ends, and the one the player before them went out with; as (Dungeons, Magicians played as
    a Dungeon)."""
    last = score.last == DUNGEON and seat == score.next
    return (score.dungeons.count(seat) + (last and not score.last_magician),
            score.dungeon_magicians.count(seat) + (last and score.last_magician))


def breakdown(score: HandScore, names: Sequence[str], dealer: int,
              dealing_bonus: str) -> list[list[Line]]:
    """Every player's lines for one hand (see ``Line``); their points are the lines' sum."""
    n = len(names)
    per: list[list[Line]] = [[] for _ in range(n)]
    fire = score.ended == ENDED_FIRE
    for seat in range(n):
        if fire:
            per[seat].append(Line(0, msg("Castle Fire threw the hand in: no cards count"),
                                  "score-castle-fire", None, 0))
        elif seat == score.out:
            per[seat].append(Line(0, msg("Went out"), "going-out", None, 0))
        elif score.typed[seat] is not None:
            per[seat].append(Line(score.typed[seat], msg("Cards left, counted by the table"),
                                  "cards-left", None, 0))
        else:
            drawn = score.next_draws if seat == score.next else ()
            dungeons, magicians = dungeon_cards(score, seat)
            per[seat].extend(count_cards(score.cards[seat], drawn, dungeons,
                                         name_of(score.last) if score.last in DRAWS else "",
                                         magicians))
    for card, by, on in score.played:
        kind = KIND_BY_ID[card]
        if card == "dark-knight":
            if on == score.out:
                per[on].append(Line(-kind.value, msg("{card} played on them by {player}, and "
                                                     "they went out", card=kind.name,
                                                     player=names[by]),
                                    "score-dark-knight", card, 1))
            else:
                per[by].append(Line(kind.value, msg("{card} played on {player}, who did not go "
                                                    "out", card=kind.name, player=names[on]),
                                    "score-dark-knight", card, 1))
        elif card == "warlord":
            why = (msg("Played the {card} on {player}'s turn", card=kind.name, player=names[on])
                   if on >= 0 else msg("Played the {card}", card=kind.name))
            per[by].append(Line(kind.value, why, "score-warlord", card, 1))
        else:
            for seat in range(n):
                if seat != by:
                    per[seat].append(Line(kind.value, msg("{card} played by {player}",
                                                          card=kind.name, player=names[by]),
                                          f"score-{card}", card, 1))
    if score.cut is not None and not fire:
        bonus = cut_bonus(n)
        if score.cut == CUT_MISSED:
            per[dealer].append(Line(-bonus, msg("Missed the dealing cut as the dealer"),
                                    "dealing-bonus", None, 0))
        else:
            for seat in range(n):
                if dealing_bonus == NOT_DEALER and seat == dealer:
                    continue
                why = (msg("Dealing cut made (their own deal)") if seat == dealer
                       else msg("Dealing cut made ({player}'s deal)", player=names[dealer]))
                per[seat].append(Line(bonus, why, "dealing-bonus", None, 0))
    return per


# --------------------------------------------------------------------------- the running totals


class Halved(NamedTuple):
    """A total the Scroll Bonus halved."""

    side: int
    total: int  # before halving


@dataclass(frozen=True, slots=True)
class Tally:
    """The sheet's arithmetic over all rows: per row the sides' totals after it (None for a row
    after the end of the game, which is kept but not counted) and the sides the Scroll Bonus
    halved there; the row that ended the game and how."""

    after: tuple  # per row: tuple of side totals, or None
    halved: tuple[tuple[Halved, ...], ...]  # per row
    totals: tuple[int, ...]  # the sides' totals now
    end: int  # the row that ended the game, or -1
    how: str  # "scroll-bonus", "limit" or ""
    winners: tuple[int, ...]  # the winning sides


def tally(carried: Sequence[int], row_points: Sequence[Sequence[int]], limit: int) -> Tally:
    """Run the sheet: ``row_points`` holds each row's points per side, oldest first."""
    totals = list(carried)
    after: list = []
    halved_rows: list = []
    end, how, winners = -1, "", ()
    for points in row_points:
        if end >= 0:
            after.append(None)
            halved_rows.append(())
            continue
        halved = []
        for side, gained in enumerate(points):
            totals[side] += gained
        for side, total in enumerate(totals):
            if total == limit:  # the Scroll Bonus: landing exactly on the limit halves it
                halved.append(Halved(side, total))
                totals[side] = total // 2
        after.append(tuple(totals))
        halved_rows.append(tuple(halved))
        low = min(totals)
        lowest = tuple(side for side, total in enumerate(totals) if total == low)
        if len(lowest) == 1 and any(side == lowest[0] for side, _ in halved):
            end, how, winners = len(after) - 1, "scroll-bonus", lowest
        elif any(total > limit for total in totals):
            end, how, winners = len(after) - 1, "limit", lowest
    return Tally(tuple(after), tuple(halved_rows), tuple(totals), end, how, winners)
