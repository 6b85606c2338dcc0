"""A table ruling changed after the game ended is refused (undo first), in every game.

Ruling (docs/rulings.md): table rulings are options of the game, chosen when it is set
up and changeable later; issue 15 found a finished Kingseat game whose winners changed when a
ruling was changed after the end. The companion's own rule ("rulings-after-end", under "Using
the app"): once a game is over its rulings stay as they were."""
from __future__ import annotations

import random

import pytest

import companion.games  # noqa: F401  (registers the engines)
from companion.engine import COMMON_RULES, REGISTRY, RuleError, replay, step
from companion.games.kings_court.simulate import random_game as kings_court_game
from companion.games.kingseat.simulate import random_game as kingseat_game
from companion.games.kingseat.simulate import random_options as kingseat_options
from companion.games.majesty.simulate import build_deck
from companion.games.majesty.simulate import random_game as majesty_game
from companion.games.majesty.simulate import random_options as majesty_options
from companion.games.royal_visit.simulate import random_game as royal_visit_game


def majesty_setup(rng: random.Random) -> dict:
    options = majesty_options(rng)
    options["display"] = build_deck(rng, len(options["players"]), options["deck"])[:6]
    return options


# per game: random options, the simulator that plays them to the end, a ruling change to try
GAMES = {
    "royal_visit": (lambda rng: {"players": ["Ann", "Bob"], "wizard": rng.randrange(2)},
                    royal_visit_game, {"direction": "towards-mover"}),
    "majesty": (majesty_setup, majesty_game, {}),
    "kings_court": (lambda rng: {"players": ["Ann", "Bob", "Cat"], "limit": 200},
                    kings_court_game, {"dealing_bonus": "not-dealer"}),
    "kingseat": (kingseat_options, kingseat_game, {"squlofish_dark_weight": 2}),
}


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2])
def test_a_ruling_change_after_the_end_is_refused_and_undo_opens_it_again(name, seed):
    engine = REGISTRY[name]
    setup, play, change = GAMES[name]
    for attempt in range(30):
        rng = random.Random(seed * 100 + attempt)
        options = setup(rng)
        moves, final = play(rng, options)
        if engine.result(final) is not None:
            break
    else:
        pytest.fail(f"no finished {name} game in 30 tries")
    done, history = replay(engine, options, [("move", move) for move in moves])
    assert engine.result(done.state) == engine.result(final)
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
