"""A table ruling changed after the game ended is refused (undo first), in every game.

Ruling (docs/rulings.md): table rulings are options of the game, chosen when it is set
up and changeable later; issue 15 found a finished Kingseat game whose winners changed when a
ruling was changed after the end. The companion's own rule ("rulings-after-end", under "Using
the app"): once a game is over its rulings stay as they were."""
from __future__ import annotations

import pytest
from engine_cases import CASES

from companion.engine import COMMON_RULES, REGISTRY, RuleError, replay, step

# per game: a ruling change to try (a game without table rulings tries none)
CHANGES = {
    "royal_visit": {"direction": "towards-mover"},
    "majesty": {},
    "kings_court": {"dealing_bonus": "not-dealer"},
    "kingseat": {"squlofish_dark_weight": 2},
}


@pytest.mark.parametrize("name", sorted(REGISTRY))
@pytest.mark.parametrize("seed", [1, 2])
def test_a_ruling_change_after_the_end_is_refused_and_undo_opens_it_again(name, seed):
    engine, change = REGISTRY[name], CHANGES[name]
    options, moves, final = CASES[name].game(seed)  # a whole game, played to its end
    done, history = replay(engine, options, [("move", move) for move in moves])
    assert engine.result(final) is not None and engine.result(done.state) == engine.result(final)
    before = (done.state, dict(done.rulings), list(done.done))
    with pytest.raises(RuleError) as caught:
        step(engine, done, history, "rulings", change)
    assert caught.value.rule == "rulings-after-end"
    assert "undo the last move first" in caught.value.message
    assert (done.state, done.rulings, done.done) == before  # nothing changed
    step(engine, done, history, "undo", None)  # the game runs again: the ruling may change
    assert engine.result(done.state) is None
    step(engine, done, history, "rulings", change)
    assert all(done.rulings[key] == value for key, value in change.items())


def test_the_rule_is_on_every_rules_page():
    entry = next(e for e in COMMON_RULES if e.id == "rulings-after-end")
    assert entry.section == "Using the app" and "undo" in entry.text
