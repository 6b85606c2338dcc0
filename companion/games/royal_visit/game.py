"""The Royal Visit engine: setup, checking and carrying out moves, and the table's view, each
handed to the module for that part of the game (see companion.engine.Engine for the protocol).
"""
from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.engine import Outcome, Seating, normalise_rulings, read_options
from companion.games.royal_visit import corrections, moves, view
from companion.games.royal_visit import outcome as endgame
from companion.games.royal_visit.cards import KINDS
from companion.games.royal_visit.end import result_of
from companion.games.royal_visit.rules_page import RULES, RULINGS
from companion.games.royal_visit.setup import OPTION_FIELDS, form_position, form_seats, new_state
from companion.games.royal_visit.state import State
from companion.games.royal_visit.turn import TurnBuilder
from companion.words import term


class RoyalVisit:
    """The Royal Visit engine (see companion.engine.Engine)."""

    name = "royal_visit"
    title = term("game title", "Royal Visit")  # the French edition is "Visite Royale"
    min_players = 2
    max_players = 2
    rules = RULES
    rulings = RULINGS
    cards = KINDS  # the catalogue: every card kind, with its stable id
    bgg_id = None  # not confirmed: BG Stats matches its plays by the title
    endings_title = endgame.ENDINGS_TITLE

    # -- setup ---------------------------------------------------------------------------------

    def new(self, options: Mapping[str, Any]) -> State:
        players, rulings = read_options(self, options, OPTION_FIELDS, "setup",
                                        (self.title, 2, 2),
                                        show=lambda key: repr(str(key)[:40]))
        return new_state(players, rulings, options)

    def again(self, options: Mapping[str, Any]) -> dict[str, str]:
        """The setup form for a new game of the same players, each at their end of the board
        (who got the Wizard is said again)."""
        top, bottom = options["players"]
        return {"player_top": str(top), "player_bottom": str(bottom)}

    def options_from_form(self, form: Mapping[str, str]) -> dict[str, Any]:
        players, wizard = form_seats(form)
        given = {}
        for ruling in self.rulings:
            value = form.get(f"ruling-{ruling.id}")
            if value is not None and str(value).strip():
                given[ruling.id] = str(value).strip()
        rulings = normalise_rulings(self, given)  # every ruling spelled out in the record
        options: dict[str, Any] = {"players": players, "wizard": wizard, "rulings": rulings}
        position = form_position(form)
        if position is not None:
            options["position"] = position
        self.new(options)  # refuse now what the game would refuse
        return options

    def with_rulings(self, state: State, rulings: Mapping[str, Any]) -> State:
        chosen = normalise_rulings(self, rulings)
        return replace(state, direction=chosen["direction"], wild_middle=chosen["wild-middle"],
                       duchy=chosen["duchy"])

    # -- moves ---------------------------------------------------------------------------------

    def start_turn(self, state: State) -> TurnBuilder:
        """A builder for the mover's cards (see TurnBuilder)."""
        return TurnBuilder(state)

    def legal_cards(self, state: State, cards_so_far: Iterable[Any] = (),
                    kinds: Iterable[str] | None = None) -> Iterator[dict]:
        """Every legal next card after ``cards_so_far`` (raises RuleError if those are not)."""
        if state.winner is not None:
            return iter(())
        builder = TurnBuilder(state)
        for card in cards_so_far:
            builder.add(card)
        return iter(builder.legal(kinds))

    def legal_summons(self, state: State) -> list[dict]:
        """Every legal use of the Wizard's power, as move dicts."""
        return moves.legal_summons(state)

    def validate(self, state: State, move: Any) -> None:
        if _is_correction(move):
            self._corrected(state, move)
        else:
            moves.resolve(state, move)

    def apply(self, state: State, move: Any) -> State:
        if _is_correction(move):
            return self._corrected(state, move)
        return moves.apply_move(state, move)

    _last_correction: tuple[State, Any, State] | None = None

    def _corrected(self, state: State, move: dict) -> State:
        """A correction worked out (see corrections.py), once for its check and its entry: the
        last one is kept (a replay of the later turns)."""
        last = self._last_correction
        if last is not None and last[0] is state and last[1] == move:
            return last[2]
        after = corrections.correct(state, move)
        self._last_correction = (state, copy.deepcopy(move), after)
        return after

    # -- reading the state ---------------------------------------------------------------------

    def to_move(self, state: State) -> int | None:
        return None if state.winner is not None else state.turn

    def mover(self, state: State, move: Any) -> int | None:
        return self.to_move(state)  # nobody moves out of turn

    def seating(self, state: State, opening: State | None = None) -> Seating:
        return endgame.seating(self, state, opening)

    def outcome(self, state: State, opening: State | None = None) -> Outcome | None:
        return endgame.outcome(self, state, opening)

    def score_sheet(self, state: State) -> None:
        return None  # Royal Visit keeps no score

    def result(self, state: State) -> dict[str, Any] | None:
        return result_of(state)

    def view(self, state: State, player: int | None = None) -> dict[str, Any]:
        """The whole table's view (nothing the app knows is secret, so ``player`` changes
        nothing)."""
        return view.view(state)

    def describe(self, move: Any, players: Sequence[str], *, before: State | None = None,
                 after: State | None = None) -> str:
        """One history line for an accepted move (see view.describe; ``before`` adds nothing:
        ``after`` keeps the turn as it was played)."""
        return view.describe(move, players, after)


def _is_correction(move: Any) -> bool:
    return type(move) is dict and move.get("type") == "correct"


ENGINE = RoyalVisit()
