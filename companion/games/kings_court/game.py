"""King's Court / King's Dynasty (+ the BONUS deck): the score sheet, and the Engine that ties it
to the play-by-play arbiter.

The app keeps the score sheet: a row for every hand and every adjustment, running totals per
player (or partnership), the Scroll Bonus and the end of the game. A table may also follow a hand
card by card (the ``arbiter`` package): a ``deal`` starts it, the arbiter checks every play, and
once the hand is over it is scored with a ``hand`` move that must agree with how it ended.

Moves, as JSON (seats are 0-based, in the order of the options' ``players``)::

    {"type": "hand",                 # score one hand
     "out": 0,                       # the seat who went out; null when a Poison Garden or a
                                     # Castle Fire ended the hand
     "cards": [null, ["gold-5", "king"], null, ["dragon"]],   # per seat: the cards left
     "points": [null, null, 37, null],                         # per seat: or a typed count
     "last": "dragon",               # optional: the card the player went out with
     "last_magician": false,         # optional: true when that was a Magician played as "last"
     "next": 1,                      # optional: the player after them (default: to the left)
     "next_draws": ["blue-3", "king", "gold-1"],  # what that player drew for a draw card
     "dungeon": 2,                   # optional: the seat sitting in the Dungeon at the end (a
                                     # list when both Dungeons lie in front of players)
     "dungeon_magicians": [2],       # optional: seats a Magician played as a Dungeon lay in
                                     # front of (it counts as the Magician: ruling 50)
     "played": [{"card": "dark-knight", "by": 2, "on": 0},   # Risk and Warlord cards played
                {"card": "warlord", "by": 3}],
     "cut": "made",                  # the dealing cut: "made", "missed" or null (not tried)
     "dealer": 3}                    # optional: checked against the sheet's dealer

    {"type": "correct", "hand": 2, ...the fields of a hand...}   # rescore hand 2
    {"type": "adjust", "seat": 1, "points": -20, "reason": "Hand 3 was miscounted"}
    {"type": "adjust", "partnership": 0, "points": 15, "reason": "..."}
    {"type": "deal", "first": <arbiter's first card>, "cut": "made"}  # start play-by-play
    {"type": "abandon"}              # stop following the hand card by card
    {"type": <one of arbiter.EVENTS>, ...}   # a play-by-play event (see the arbiter package)

After a hand followed card by card, the ``hand`` move may leave out "out", "played", "last",
"last_magician", "next", "dungeon", "dungeon_magicians" and "cut": they come from the hand as
played (and the deal). What it does give must agree, every picked hand must hold as many cards
as the arbiter counted, and the next player's "next_draws" must be exactly the cards they drew
for a draw card played last.

The parts: rules_page (the rules and rulings), state (the sheet), setup (options and the setup
form), hand (a hand's entry and the sheet's rows), followed (a hand followed card by card),
corrections (corrections and adjustments), scoring (a hand's points and the running totals),
view (the view, the end and the history's wording); this module only hands each move to them.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.engine import Outcome, RuleError, Seating, Sheet, normalise_rulings, read_options
from companion.games.kings_court import arbiter, view
from companion.games.kings_court import outcome as endgame
from companion.games.kings_court.cards import KINDS
from companion.games.kings_court.corrections import (
    adjusted,
    check_adjust,
    check_correct,
    corrected,
)
from companion.games.kings_court.followed import (
    check_abandon,
    check_deal,
    check_event,
)
from companion.games.kings_court.hand import add_hand, check_hand, rescored, with_rows
from companion.games.kings_court.rules_page import RULES, RULINGS
from companion.games.kings_court.setup import OPTION_FIELDS, form_options, new_state
from companion.games.kings_court.state import State
from companion.words import listing, msg

SHEET_MOVES = frozenset(("hand", "correct", "adjust", "deal", "abandon"))
assert not SHEET_MOVES & arbiter.EVENTS, "a sheet move and an arbiter event share a name"


class KingsCourt:
    """The King's Court score sheet and play-by-play (see companion.engine.Engine)."""

    name = "kings_court"
    title = "King's Court / King's Dynasty"
    min_players = 2
    max_players = 8
    rules = RULES
    rulings = RULINGS
    cards = KINDS  # the catalogue: every card kind of KC, KD and BONUS, with its stable id
    bgg_id = None  # not confirmed: BG Stats matches its plays by the title
    endings_title = None  # nothing but the totals tells games apart

    def seating(self, state: State, opening: State | None = None) -> Seating:
        return endgame.seating(self, state)

    def outcome(self, state: State, opening: State | None = None) -> Outcome | None:
        return endgame.outcome(self, state)

    def score_sheet(self, state: State) -> Sheet:
        return endgame.score_sheet(self, state)

    # -- setup ---------------------------------------------------------------------------------

    def new(self, options: Mapping[str, Any]) -> State:
        players, rulings = read_options(self, options, OPTION_FIELDS, "move-format",
                                        (msg("King's Court"), 2, 8))
        return new_state(players, rulings, options)

    def options_from_form(self, form: Mapping[str, str]) -> dict[str, Any]:
        """Options from the setup form (see setup.form_options) and its ``ruling-<id>``
        fields."""
        options = form_options(form)
        given = {}
        for ruling in self.rulings:
            value = form.get(f"ruling-{ruling.id}")
            if value is not None and str(value).strip():
                given[ruling.id] = str(value).strip()
        options["rulings"] = normalise_rulings(self, given)
        self.new(options)  # refuse now what the game would refuse
        return options

    def with_rulings(self, state: State, rulings: Mapping[str, Any]) -> State:
        chosen = normalise_rulings(self, rulings)
        if chosen["dealing_bonus"] == state.dealing_bonus:
            return state
        state = replace(state, dealing_bonus=chosen["dealing_bonus"])
        return with_rows(state, tuple(rescored(state, row) for row in state.rows))

    # -- moves ---------------------------------------------------------------------------------

    def validate(self, state: State, move: Any) -> None:
        self._check(state, move)

    def apply(self, state: State, move: Any) -> State:
        kind, checked = self._check(state, move, applying=True)
        if kind == "hand":
            return add_hand(state, checked)
        if kind == "correct":
            return corrected(state, checked)
        if kind == "adjust":
            return adjusted(state, checked)
        if kind == "deal":
            return replace(state, hand=checked.hand, deal_cut=checked.cut)
        if kind == "abandon":
            return replace(state, hand=None, deal_cut=None)
        return replace(state, hand=arbiter.apply_event(state.hand, move))  # checks it again

    @staticmethod
    def _check(state: State, move: Any, applying: bool = False) -> tuple[str, Any]:
        """The move's kind and what its checks read (the kind's module says what)."""
        if type(move) is not dict:
            raise RuleError("move-format", msg('A move must be an object with a "type" field.'))
        kind = move.get("type")
        if kind == "correct":
            return kind, check_correct(state, move)
        if state.over:
            raise RuleError("game-over", msg("The game is over ({reason}): only a correction "
                                             "of a past hand can still be entered.",
                                             reason=view.end_clause(state)))
        if kind == "hand":
            return kind, check_hand(state, move)
        if kind == "adjust":
            return kind, check_adjust(state, move)
        if kind == "deal":
            return kind, check_deal(state, move)
        if kind == "abandon":
            return kind, check_abandon(state, move)
        if isinstance(kind, str) and kind in arbiter.EVENTS:
            return "event", check_event(state, move, applying)
        kinds = listing((f'"{k}"' for k in sorted(SHEET_MOVES | arbiter.EVENTS)), ", ")
        raise RuleError("move-format", msg('A move\'s "type" must be one of {kinds}.',
                                           kinds=kinds))

    # -- reading the state ---------------------------------------------------------------------

    def to_move(self, state: State) -> int | None:
        if state.over or state.hand is None or arbiter.outcome(state.hand) is not None:
            return None
        return state.hand.to_play

    def mover(self, state: State, move: Any) -> int | None:
        """A hand's event is its seat's (a Risk card laid face up, On Guard called, a partner's
        "yes" come out of turn); a sheet's entry is the turn's."""
        if isinstance(move, dict) and move.get("type") in arbiter.EVENTS:
            seat = move.get("seat")
            if type(seat) is int and 0 <= seat < len(state.players):
                return seat
        return self.to_move(state)

    def ask(self, state: State, question: Any) -> dict[str, Any]:
        """The stateless arbiter for a table that keeps only the sheet here: "may I play this
        now?". ``question`` is {"situation": {...}, "play": [card, ...]} as arbiter.judge takes
        them; the situation's "players" and "selection" default to this game's."""
        if not isinstance(question, dict) or set(question) - {"situation", "play"}:
            raise RuleError("judge", msg('A question is {"situation": {...}, "play": [cards]}.'))
        situation = question.get("situation")
        if not isinstance(situation, dict):
            raise RuleError("judge", msg('A question needs "situation": the top card, the suit '
                                         'in force and what is pending.'))
        situation = dict(situation)
        situation.setdefault("players", len(state.players))
        situation.setdefault("selection", state.selection if state.selection != "custom"
                             else {"name": "custom", "extra": list(state.extra)})
        answer = arbiter.judge(situation, question.get("play"))
        # The rule's title as the rules page shows it, so a phone can name the rule it cites.
        answer["title"] = next((entry.title for entry in RULES if entry.id == answer["rule"]),
                               None)
        return answer

    def result(self, state: State) -> dict[str, Any] | None:
        return view.result_of(state)

    def describe(self, move: Any, players: Sequence[str], *, before: State | None = None,
                 after: State | None = None) -> str:
        """One history line for an accepted move, naming players by ``players``."""
        return view.describe(move, players, before=before, after=after)

    def view(self, state: State, player: int | None = None) -> dict[str, Any]:
        """The whole table's view: the sheet, every row's breakdown, the hand being followed
        (nothing the app knows is secret, so ``player`` changes nothing)."""
        return view.view(state)


ENGINE = KingsCourt()
