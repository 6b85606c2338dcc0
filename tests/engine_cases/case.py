"""What the engine conformance test needs of one game."""
from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any, Callable

from hypothesis import strategies as st

from companion.engine import COMMON_RULES, RuleError, get_engine


@dataclass(frozen=True, eq=False)
class Case:
    """One game as the conformance test plays it.

    ``game(seed)`` plays a random whole game with the game's simulator: (options, moves, final
    state). ``check(state)`` asserts what must hold of every state a game can reach.
    ``options``, ``forms`` and ``moves`` generate what a table or a client might send to
    ``new``, ``options_from_form`` and ``validate``: well-formed, near misses and any JSON.
    ``near_miss(move, data)`` is a legal move changed as a table might enter it by mistake.
    ``examples`` says how many examples each property takes for this game; ``seeds`` the seeds
    of the games whose states the refusals are drawn from; ``states`` more states to send
    JSON to; ``refused(move, error)`` what more a refusal of this game says."""

    name: str
    game: Callable[[int], tuple[dict, list, Any]]
    check: Callable[[Any], None]
    options: st.SearchStrategy
    forms: st.SearchStrategy
    moves: st.SearchStrategy
    near_miss: Callable[[dict, Any], dict]
    examples: dict[str, int]
    seeds: st.SearchStrategy = st.integers(min_value=0, max_value=2**32 - 1)
    states: Callable[[], list] = list
    refused: Callable[[dict, RuleError], None] = lambda move, error: None
    _cache: dict = field(default_factory=dict)

    @property
    def engine(self):
        return get_engine(self.name)

    @property
    def rule_ids(self) -> frozenset[str]:
        """The entries of the game's rules page: every refusal names one."""
        return frozenset(entry.id for entry in (*self.engine.rules, *COMMON_RULES))

    def history(self, seed: int) -> list[tuple[Any, dict]]:
        """(state, the move made in it) along a random whole game."""
        if seed not in self._cache:
            if len(self._cache) > 64:
                self._cache.clear()
            options, moves, _ = self.game(seed)
            state, out = self.engine.new(options), []
            for move in moves:
                out.append((state, move))
                state = self.engine.apply(state, move)
            self._cache[seed] = out
        return self._cache[seed]

    def some_states(self) -> list:
        """States to send any JSON to: along six games, their ends, and the game's own."""
        if "some" not in self._cache:
            out = []
            for seed in range(6):
                out += [state for state, _ in self.history(seed)][::5]
                out.append(self.game(seed)[2])
            self._cache["some"] = out + self.states()
        return self._cache["some"]


def snapshot(engine, state) -> tuple:
    """What says a state did not change: a deep copy, and its view as JSON."""
    return copy.deepcopy(state), json.dumps(engine.view(state), sort_keys=True)
