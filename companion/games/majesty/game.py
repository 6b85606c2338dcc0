"""The Majesty: For the Realm engine: setup, checking and carrying out what the table enters, and
reading the state, each delegated to the module for that part of the game.

Majesty hides nothing, so the app checks and scores every turn. Only the order of the deck is
unknown: after each turn the table says which card was turned into the display, and the app
checks that the deck can still hold it.

A move is one whole turn (see ``turn``), or one of two entries that are not turns::

    {"type": "change", "seat": 1}    # a player swaps chips for the fewest (see ``scoring``)
    {"type": "correct", "turn": 14,  # a card turned up was entered wrong (see ``corrections``)
     "card": "knight"}
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.engine import Outcome, RuleError, Seating, Sheet, normalise_rulings, read_options
from companion.games.majesty import corrections, scoring, setup, turn, view
from companion.games.majesty import outcome as endgame
from companion.games.majesty.cards import KINDS, LOCATIONS, OTHER_CARDS
from companion.games.majesty.rules_page import RULES, RULINGS
from companion.games.majesty.state import State
from companion.words import Msg, msg, term


class Majesty:
    """The Majesty: For the Realm engine (see companion.engine.Engine)."""

    name = "majesty"
    title = term("majesty title", "Majesty: For the Realm")
    min_players = 2
    max_players = 4
    rules = RULES
    rulings = RULINGS
    cards = KINDS  # the catalogue: every card kind, with its stable id
    other_cards = OTHER_CARDS  # location faces and worker cards: printed, never dealt
    locations = LOCATIONS
    bgg_id = 236301
    endings_title = None  # nothing but the scores tells games apart

    def seating(self, state: State, opening: State | None = None) -> Seating:
        return endgame.seating(self, state, opening)

    def outcome(self, state: State, opening: State | None = None) -> Outcome | None:
        return endgame.outcome(self, state, opening)

    def score_sheet(self, state: State) -> Sheet | None:
        return endgame.score_sheet(self, state)

    # -- setup ---------------------------------------------------------------------------------

    def new(self, options: Mapping[str, Any]) -> State:
        players, _ = read_options(self, options, setup.OPTION_FIELDS, "setup",
                                  ("Majesty", 2, 4))
        return setup.new_state(players, options)

    def options_from_form(self, form: Mapping[str, str]) -> dict[str, Any]:
        options = setup.options_from_form(form)
        self.new(options)  # refuse now what the game would refuse
        return options

    @staticmethod
    def again(options: Mapping[str, Any]) -> dict[str, str]:
        return setup.again(options)

    @staticmethod
    def in_force(state: State) -> list[str]:
        return setup.in_force(state)

    def with_rulings(self, state: State, rulings: Mapping[str, Any]) -> State:
        normalise_rulings(self, rulings)
        return state

    # -- checking and carrying out a move ------------------------------------------------------

    def validate(self, state: State, move: Any) -> None:
        self._check(state, move)

    @staticmethod
    def _check(state: State, move: Any) -> turn.Take | scoring.Swap | corrections.Correction:
        """The move checked, its parts named; raises RuleError when the rules refuse it."""
        if state.final is not None:
            raise RuleError("game-over", msg("The game is over and final scoring is done, so "
                                             "no more turns can be entered."))
        if type(move) is not dict:
            raise RuleError("move-format", msg('A move must be an object with a "type" field.'))
        kind_of_move = move.get("type")
        if kind_of_move == "change":
            return scoring.check_swap(state, move)
        if kind_of_move == "correct":
            return corrections.check_correct(state, move)
        if kind_of_move != "take":
            raise RuleError("move-format", msg('A move\'s "type" must be "take" (a turn), '
                                               '"change" (swapping chips) or "correct" (a card '
                                               'turned up).'))
        return turn.check_take(state, move)

    def apply(self, state: State, move: Any) -> State:
        checked = self._check(state, move)
        if isinstance(checked, scoring.Swap):
            return scoring.swap(state, checked)
        if isinstance(checked, corrections.Correction):
            return corrections.correct(state, checked)
        return turn.take(state, checked)

    # -- listing moves -------------------------------------------------------------------------

    @staticmethod
    def legal_moves(state: State) -> list[dict]:
        return turn.legal_moves(state)

    @staticmethod
    def possible_new_cards(state: State) -> list[str]:
        return turn.possible_new_cards(state)

    # -- reading the state ---------------------------------------------------------------------

    def to_move(self, state: State) -> int | None:
        return None if state.final is not None else state.turn

    def mover(self, state: State, move: Any) -> int | None:
        return self.to_move(state)  # nobody moves out of turn

    def result(self, state: State) -> dict[str, Any] | None:
        return scoring.result(state)

    def describe(self, move: Any, players: Sequence[str], *, before: State | None = None,
                 after: State | None = None) -> Msg:
        """One history line for an accepted move (see ``view.describe``)."""
        return view.describe(move, players, before, after)

    def view(self, state: State, player: int | None = None) -> dict[str, Any]:
        """The whole table's view (Majesty hides nothing, so ``player`` changes nothing)."""
        return view.view(state)


ENGINE = Majesty()
