"""A hand's entry on the score sheet: reading and checking what the table entered for a hand
(or a correction of one), and the sheet's rows it makes."""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, NamedTuple

from companion.engine import RuleError, short
from companion.games.kings_court import arbiter
from companion.games.kings_court.cards import KIND_BY_ID
from companion.games.kings_court.followed import agrees, as_played
from companion.games.kings_court.scoring import (
    DRAWS,
    DUNGEON,
    ENDED_FIRE,
    ENDED_OUT,
    ENDERS,
    MAGICIAN,
    RISK,
    HandScore,
    Played,
    breakdown,
    name_of,
    tally,
)
from companion.games.kings_court.setup import SELECTION_TITLES, read_cut
from companion.games.kings_court.state import Row, State, is_int, read_seat
from companion.words import msg, plural

HAND_KEYS = frozenset(("type", "out", "cards", "points", "last", "last_magician", "next",
                       "next_draws", "dungeon", "dungeon_magicians", "played", "cut", "dealer"))
TYPED_MOST = 10_000


class Scored(NamedTuple):
    """A checked ``hand`` move: its scoring and the dealer of that hand."""

    score: HandScore
    dealer: int


def check_hand(state: State, move: dict) -> Scored:
    """A ``hand`` move: scored on the sheet alone, or as the hand followed card by card ended."""
    for key in move:
        if key not in HAND_KEYS:
            raise RuleError("move-format", msg("A hand has no field called {key}.",
                                               key=short(key)))
    dealer = state.dealer
    if state.hand is None:
        return Scored(read_hand(state, move, dealer, False), dealer)
    ended = arbiter.outcome(state.hand)
    if ended is None:
        raise RuleError("play-by-play", msg("The hand being followed card by card is not "
                                            "over: play on, or stop following it to score it "
                                            "on the sheet alone."))
    score = read_hand(state, as_played(state, move, ended), dealer, True)
    agrees(state, score, ended)
    return Scored(score, dealer)


def read_hand(state: State, move: Mapping[str, Any], dealer: int,
              play_by_play: bool) -> HandScore:
    """The checked HandScore of a hand or correction (both share every check)."""
    names = state.players
    n = len(names)
    named = _Named(state)
    card = named.card

    if "dealer" in move and (not is_int(move["dealer"]) or move["dealer"] != dealer):
        raise RuleError("dealer", msg("{player} deals this hand: the deal passes to the left "
                                      "after every hand.", player=names[dealer]))
    if "out" not in move:
        raise RuleError("move-format", msg('A hand needs "out": the seat who went out, or '
                                           'null when a Poison Garden or Castle Fire ended '
                                           'it.'))
    out = move["out"]
    out = -1 if out is None else read_seat(n, out, "out", "going-out")

    played = _read_played(move, n, card)
    enders = [p.card for p in played if p.card in ENDERS]
    if len(enders) > 1:
        raise RuleError("risk-cards", msg("A Poison Garden and a Castle Fire cannot both end "
                                          "one hand: the first one played ends it."))
    ended = enders[0] if enders else ENDED_OUT
    if enders and out >= 0:
        raise RuleError(f"score-{ended}", msg('The {card} ended the hand at once, so nobody '
                                              'went out: leave "out" empty.',
                                              card=name_of(ended)))
    if not enders and out < 0:
        raise RuleError("going-out", msg("Say who went out: only a Poison Garden or a Castle "
                                         "Fire ends a hand with nobody out."))

    cards_in = move.get("cards")
    typed_in = move.get("points")
    for value, what in ((cards_in, "cards"), (typed_in, "points")):
        if value is not None and (not isinstance(value, list) or len(value) != n):
            raise RuleError("move-format", msg('"{field}" must be a list with one entry for '
                                               'each of the {n} players, null where not used.',
                                               field=what, n=n))
    cards_in = cards_in or [None] * n
    typed_in = typed_in or [None] * n
    last, nxt, draws, dungeon = move.get("last"), move.get("next"), \
        move.get("next_draws"), move.get("dungeon")
    cut = read_cut(move.get("cut"))

    if ended == ENDED_FIRE:
        if any(c for c in cards_in) or any(t is not None for t in typed_in):
            raise RuleError("score-castle-fire", msg("The Castle Fire threw the hand in: leave "
                                                     "the cards and points out, they count "
                                                     "nothing."))
        if last is not None or draws or dungeon not in (None, []) or nxt is not None:
            raise RuleError("score-castle-fire", msg("The Castle Fire threw the hand in: there "
                                                     "is no last card, draw or Dungeon to "
                                                     "count."))
        if cut is not None:
            raise RuleError("score-castle-fire", msg("The Castle Fire threw the hand in, so "
                                                     "the dealing cut does not count: leave it "
                                                     "out."))
        return HandScore(out=-1, ended=ended, cards=(None,) * n, typed=(None,) * n, last=None,
                         next=-1, next_draws=(), dungeons=(), played=tuple(played), cut=None,
                         play_by_play=play_by_play)

    cards, typed = _read_left(names, out, cards_in, typed_in, card)

    # the last card, the next player's draws and the Dungeon
    if out < 0 and (last is not None or nxt is not None or draws):
        raise RuleError("count-draw-card", msg("Nobody went out, so there is no last card and "
                                               "nothing to draw for it."))
    last_magician = move.get("last_magician", False)
    if type(last_magician) is not bool:
        raise RuleError("move-format", msg('"last_magician" is true when the last card was a '
                                           'Magician played as the card under "last".'))
    if last_magician and (last is None or last == "magician"):
        raise RuleError("count-draw-card", msg('A Magician played last became a card: name '
                                               'that card under "last".'))
    if last is not None:
        last = card(last, msg("The last card"))
        if last_magician:  # copies count the card it physically is (ruling 50)
            named.counts[last] -= 1
            card("magician", msg("The last card"))
        if last in RISK:
            raise RuleError("risk-cards", msg("A Risk card lies face up in front of its "
                                              "player: nobody goes out with it."))
    if out >= 0:
        nxt = (out + 1) % n if nxt is None else read_seat(n, nxt, "next", "count-draw-card")
        if nxt == out:
            raise RuleError("count-draw-card", msg("The next player cannot be {player}, who "
                                                   "went out.", player=names[out]))
    else:
        nxt = -1
    dungeons, magicians = _read_dungeons(move, names, out, card)
    if draws is None:
        draws = []
    if not isinstance(draws, list):
        raise RuleError("move-format", msg('"next_draws" must be a list of the card ids the '
                                           'next player drew.'))
    if draws and cards[nxt] is None:
        raise RuleError("count-draw-card", msg("{player}'s count is typed, so it already "
                                               "holds the cards drawn: leave out the drawn "
                                               "cards.", player=names[nxt]))
    drawn = tuple(card(kid, msg("The cards drawn")) for kid in draws)
    if last in DRAWS and cards[nxt] is not None and not play_by_play:
        jailed = nxt in dungeons or nxt in magicians
        need = (1 if jailed else 2) if last == DUNGEON else DRAWS[last]
        if len(drawn) < need:
            raise RuleError("count-draw-card", plural(
                "{player} went out with the {card}, so {next} draws at least {n} card that "
                "count: pick them.", "{player} went out with the {card}, so {next} draws at "
                "least {n} cards that count: pick them.", need, player=names[out],
                card=name_of(last), next=names[nxt]))

    named.check_copies()
    return HandScore(out=out, ended=ended, cards=tuple(cards), typed=tuple(typed), last=last,
                     next=nxt, next_draws=drawn, dungeons=tuple(dungeons), played=tuple(played),
                     cut=cut, play_by_play=play_by_play, last_magician=last_magician,
                     dungeon_magicians=tuple(magicians))


class _Named:
    """The cards one hand's entry names, each checked against the game's deck and counted."""

    def __init__(self, state: State):
        self.selection = state.selection
        self.copies = state.copies
        self.counts: dict[str, int] = {}

    def card(self, value: Any, where: str) -> str:
        """``value`` as a card of this game (``where`` says where the entry named it)."""
        if type(value) is not str or value not in KIND_BY_ID:
            raise RuleError("selection", msg("{where}: there is no King's Court card {value}.",
                                             where=where, value=short(value)))
        if value not in self.copies:
            raise RuleError("selection", msg("{where}: the {card} is not in this game's cards "
                                             "({selection}).", where=where,
                                             card=name_of(value),
                                             selection=SELECTION_TITLES[self.selection]))
        self.counts[value] = self.counts.get(value, 0) + 1
        return value

    def check_copies(self) -> None:
        """No more copies of a card named than the game's deck holds."""
        for kid, count in self.counts.items():
            if count > self.copies[kid]:
                have = self.copies[kid]
                raise RuleError("copies", plural("This game has {n} copy of the {card}, and "
                                                 "this hand names {count}.",
                                                 "This game has {n} copies of the {card}, and "
                                                 "this hand names {count}.", have,
                                                 card=name_of(kid), count=count))


def _read_played(move: Mapping[str, Any], n: int, card: Callable[[Any, str], str]
                 ) -> list[Played]:
    """The Risk and Warlord cards played in the hand."""
    played_in = move.get("played")
    if played_in is None:
        played_in = []
    if not isinstance(played_in, list):
        raise RuleError("move-format", msg('"played" must be a list of the Risk and Warlord '
                                           'cards played, such as {"card": "kings-goblet", '
                                           '"by": 1}.'))
    played = []
    for entry in played_in:
        if not isinstance(entry, dict) or not set(entry) <= {"card", "by", "on"}:
            raise RuleError("move-format", msg('Each card played is {"card": id, "by": seat} '
                                               'with "on": seat for a Dark Knight.'))
        kid = entry.get("card")
        if not isinstance(kid, str) or (kid not in RISK and kid != "warlord"):
            raise RuleError("risk-cards", msg("Only Risk cards and the Warlord are entered as "
                                              "played, not {value}.", value=short(kid)))
        card(kid, msg("Cards played"))
        by = read_seat(n, entry.get("by"), "by", "risk-cards")
        on = entry.get("on")
        if kid == "dark-knight":
            on = read_seat(n, on, "on", "score-dark-knight")
            if on == by:
                raise RuleError("score-dark-knight", msg("The Dark Knight is played on another "
                                                         "player, one who said On Guard."))
        elif kid == "warlord" and on is not None:
            on = read_seat(n, on, "on", "score-warlord")
            if on == by:
                raise RuleError("score-warlord", msg("The Warlord plays another player's turn, "
                                                     "not its own player's."))
        elif on is not None:
            raise RuleError("risk-cards", msg('The {card} is not played on a player: leave out '
                                              '"on".', card=name_of(kid)))
        else:
            on = -1
        played.append(Played(kid, by, on))
    return played


def _read_left(names: Sequence[str], out: int, cards_in: list, typed_in: list,
               card: Callable[[Any, str], str]) -> tuple[list, list]:
    """Per seat, the cards left in hand (a tuple of card ids) or the count typed; None for
    the other one, and for both at the seat who went out."""
    n = len(names)
    cards: list = []
    typed: list = []
    for seat in range(n):
        held, count = cards_in[seat], typed_in[seat]
        if held is not None and not isinstance(held, list):
            raise RuleError("move-format", msg("{player}'s cards must be a list of card ids.",
                                               player=names[seat]))
        if seat == out:
            if held or count not in (None, 0):
                raise RuleError("going-out", msg("{player} went out, so there are no cards "
                                                 "left to count in that hand.",
                                                 player=names[seat]))
            cards.append(None)
            typed.append(None)
            continue
        if held is not None and count is not None:
            raise RuleError("cards-left", msg("Give {player}'s cards or a typed count, not "
                                              "both.", player=names[seat]))
        if held is None and count is None:
            raise RuleError("cards-left", msg("Say what {player} has left: pick the cards or "
                                              "type the count.", player=names[seat]))
        if count is not None:
            if not is_int(count) or count < 0 or count > TYPED_MOST:
                raise RuleError("cards-left", msg("{player}'s typed count must be a whole "
                                                  "number from 0 to {most:,} (pick the cards "
                                                  "of a hand that counts below zero).",
                                                  player=names[seat], most=TYPED_MOST))
            cards.append(None)
            typed.append(count)
            continue
        if not held:
            raise RuleError("cards-left", msg("{player} did not go out, so cards are left in "
                                              "that hand: pick them or type the count.",
                                              player=names[seat]))
        cards.append(tuple(card(kid, msg("{player}'s hand", player=names[seat]))
                           for kid in held))
        typed.append(None)
    return cards, typed


def _read_dungeons(move: Mapping[str, Any], names: Sequence[str], out: int,
                   card: Callable[[Any, str], str]) -> tuple[list[int], list[int]]:
    """The seats Dungeons lie in front of when the hand ends: a seat for each Dungeon card, then
    for each Magician played as a Dungeon, each list sorted."""
    n = len(names)
    in_front = {}
    for field, kid in (("dungeon", DUNGEON), ("dungeon_magicians", MAGICIAN)):
        seats_in = move.get(field)
        if seats_in is None:
            seats_in = []
        elif not isinstance(seats_in, list) and kid == DUNGEON:
            seats_in = [seats_in]  # one Dungeon card may be named by its seat alone
        elif not isinstance(seats_in, list):
            raise RuleError("move-format", msg('"dungeon_magicians" must be a list of the seats '
                                               'a Magician played as a Dungeon lay in front '
                                               'of.'))
        seats = []
        for seat in seats_in:
            seat = read_seat(n, seat, field, "count-dungeon")
            if seat == out:
                raise RuleError("count-dungeon", msg("{player} sat in the Dungeon and could "
                                                     "not go out.", player=names[out]))
            card(kid, msg("The Dungeon cards"))  # both are King's Court cards: in every game
            seats.append(seat)
        in_front[kid] = sorted(seats)
    return in_front[DUNGEON], in_front[MAGICIAN]


# --------------------------------------------------------------------------- the sheet's rows


def points_of(state: State, dealer: int, score: HandScore) -> tuple[tuple[int, ...],
                                                                    tuple[int, ...]]:
    """A hand's points on the sheet: per seat, and per side."""
    lines = breakdown(score, state.players, dealer, state.dealing_bonus)
    points = tuple(sum(line.points for line in seat_lines) for seat_lines in lines)
    return points, tuple(sum(points[seat] for seat in team) for team in state.sides)


def hand_row(state: State, number: int, dealer: int, versions: tuple[HandScore, ...]) -> Row:
    points, side_points = points_of(state, dealer, versions[-1])
    return Row("hand", number, dealer, versions, points, side_points)


def rescored(state: State, row: Row) -> Row:
    """The row worked out again (after a change of ruling)."""
    if row.kind != "hand":
        return row
    return hand_row(state, row.number, row.dealer, row.versions)


def with_rows(state: State, rows: tuple[Row, ...]) -> State:
    """The sheet with these rows, its totals run again."""
    return replace(state, rows=rows,
                   tally=tally(state.carried, [row.side_points for row in rows], state.limit))


def add_hand(state: State, scored: Scored) -> State:
    """The sheet with the next hand scored (and no hand followed any more)."""
    row = hand_row(state, state.hands + 1, scored.dealer, (scored.score,))
    return with_rows(replace(state, hand=None, deal_cut=None), state.rows + (row,))
