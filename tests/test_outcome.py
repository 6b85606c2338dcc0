"""What every engine says of who won (``outcome``), of who sits with whom (``seating``) and of its
score sheet, over whole games played by the engines' simulators: one property for every game of
the registry, then what each game's outcome means, checked against its options and result."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stats_games import simulated

import companion.games  # noqa: F401  (registers every engine)
from companion.engine import REGISTRY, RuleError
from companion.games.kingseat.cards import PRINCES

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]
ENGINES = sorted(REGISTRY)


def whole_game(game: str, seed: int, players: int, partnered: bool = False):
    """A whole simulated game: its options, every position from the opening on, and the last."""
    engine = REGISTRY[game]
    options, moves = simulated(game, seed, NAMES[:players], partnered)
    positions = [engine.new(options)]
    for move in moves:
        positions.append(engine.apply(positions[-1], move))
    return engine, options, positions


@pytest.mark.parametrize("game", ENGINES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), players=st.integers(2, len(NAMES)))
def test_every_engine_says_who_won_once_the_game_is_over(game, seed, players):
    engine = REGISTRY[game]
    players = min(max(players, engine.min_players), engine.max_players)
    engine, options, positions = whole_game(game, seed, players,
                                            partnered=players in (4, 6) and seed % 2 == 0)
    opening, last = positions[0], positions[-1]
    seats = range(len(options["players"]))
    seating = engine.seating(opening, opening)
    # The seating is known from the start and never changes while the game runs, so that it can
    # hold nothing a phone may not see yet (a Kingseat Loyalty shows only in the outcome).
    for state in positions[:-1]:
        assert engine.outcome(state, opening) is None
        assert engine.result(state) is None
    for state in positions[:-1:max(1, len(positions) // 5)]:
        assert engine.seating(state, opening) == seating
    assert sorted(seat for side in seating.sides for seat in side) == list(seats)
    assert len(seating.roles) == len(seats)
    assert seating.side_names is None or len(seating.side_names) == len(seating.sides)
    assert seating.start is None or seating.start == engine.to_move(opening)

    ended = engine.outcome(last, opening)
    result = engine.result(last)
    assert ended is not None and result is not None
    assert ended.sides == seating.sides and ended.side_names == seating.side_names
    assert ended.start == seating.start
    assert list(ended.winners) == list(result["winners"]) and ended.reason == result["reason"]
    assert set(ended.winners) <= set(seats) and ended.reason
    assert len(ended.ranks) == len(ended.roles) == len(seats)
    assert all(ended.ranks[seat] == 1 for seat in ended.winners)
    assert all(1 <= rank <= len(seats) for rank in ended.ranks)
    won = {ended.side_of(seat) for seat in ended.winners}
    if ended.scores is None:
        assert ended.highest_wins is None
        assert all(ended.ranks[seat] == 1 + len(won) for seat in seats
                   if ended.side_of(seat) not in won)
    else:
        assert len(ended.scores) == len(seats) and isinstance(ended.highest_wins, bool)
        best = max if ended.highest_wins else min
        for side in ended.sides:  # partners share their score and their rank
            assert len({ended.scores[seat] for seat in side}) == 1
            assert len({ended.ranks[seat] for seat in side}) == 1
        if ended.winners:  # the winners hold the best score
            assert best(ended.scores) in {ended.scores[seat] for seat in ended.winners}
        for seat in seats:  # a rank counts the winning sides and the sides scoring better
            if ended.side_of(seat) in won:
                continue
            better = {number for number, side in enumerate(ended.sides)
                      if ended.scores[side[0]] != ended.scores[seat]
                      and best(ended.scores[side[0]], ended.scores[seat]) == ended.scores[side[0]]}
            assert ended.ranks[seat] == 1 + len(won | better)
    assert engine.endings_title is not None or not ended.endings
    assert ended.allegiances is None or len(ended.allegiances) == len(seats)
    sheet = engine.score_sheet(last)
    assert sheet == ended.sheet
    if sheet is not None:
        assert all(len(row) == len(sheet.header) for row in sheet.rows)
    assert engine.min_players <= len(seats) <= engine.max_players


@pytest.mark.parametrize("game", ENGINES)
def test_every_engine_refuses_a_table_of_the_wrong_size(game):
    engine = REGISTRY[game]
    for count in (engine.min_players - 1, engine.max_players + 1):
        with pytest.raises(RuleError) as refused:
            engine.new({"players": [f"P{seat}" for seat in range(count)]})
        assert refused.value.rule == "players"


# -- what each game's outcome means, from its options and its result ---------------------------
def ending(engine, seed: int, players: int, partnered: bool = False):
    engine, options, positions = whole_game(engine, seed, players, partnered)
    return (options, engine.result(positions[-1]), engine.outcome(positions[-1], positions[0]),
            engine.seating(positions[0], positions[0]))


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_royal_visit_keeps_no_score_and_the_wizard_begins(seed):
    options, result, ended, _ = ending("royal_visit", seed, 2)
    assert (ended.scores, ended.highest_wins, ended.sheet) == (None, None, None)
    assert ended.start == options["wizard"]
    assert ended.roles == ("Top Chateau", "Bottom Chateau")
    how = result["reason"]
    assert ended.endings == ("King in a Chateau" if how.startswith("The King") else
                             "Crown in a Chateau" if how.startswith("The Crown") else "Deck out",)
    assert ended.ranks == tuple(1 if seat in result["winners"] else 2 for seat in range(2))


@pytest.mark.parametrize("seed, players", [(27, 2), (3, 3), (4, 4)])
def test_majesty_scores_its_points_the_highest_winning(seed, players):
    options, result, ended, _ = ending("majesty", seed, players)
    assert ended.scores == tuple(result["scores"]) and ended.highest_wins is True
    assert ended.start == options["first"]
    assert ended.sheet.title == "The final scoring"
    rows = [dict(zip(ended.sheet.header, row)) for row in ended.sheet.rows]
    assert [row["player"] for row in rows] == options["players"]
    assert [row["final"] for row in rows] == result["scores"]
    for row in rows:  # the steps add up to the final score
        assert row["points before"] + sum(value for key, value in row.items() if key in (
            "infirmary", "variety") or key.startswith("majority ")) == row["final"]
    assert [row["winner"] == "yes" for row in rows] == [
        seat in result["winners"] for seat in range(players)]
    assert ended.endings == () and ended.roles == (None,) * players


def test_kings_courts_partners_share_their_total_the_lowest_winning():
    options, result, ended, seating = ending("kings_court", 1, 4, partnered=True)
    names = options["players"]
    teams = [tuple(team) for team in options["partnerships"]]
    assert ended.sides == seating.sides == tuple(teams)
    assert ended.side_names == tuple(" & ".join(names[seat] for seat in team) for team in teams)
    for number, team in enumerate(teams):
        for seat in team:
            assert ended.scores[seat] == result["totals"][number]
            assert ended.roles[seat] == ended.side_names[number]
    assert ended.highest_wins is False and ended.start is None


def test_kings_courts_sheet_runs_from_the_first_hand():
    engine, options, positions = whole_game("kings_court", 4, 3)
    assert engine.score_sheet(positions[0]).rows == ()
    assert engine.score_sheet(positions[0]).title == "The score sheet"
    middle = positions[len(positions) // 2]
    assert engine.outcome(middle) is None and engine.score_sheet(middle).rows
    ended = engine.outcome(positions[-1])
    assert ended.roles == (None,) * 3 and ended.side_names == tuple(options["players"])
    last = [row for row in ended.sheet.rows if row[3] == "yes"][-1]
    assert [last[ended.sheet.header.index(f"{name} total")] for name in options["players"]] \
        == list(ended.scores)


def test_kingseat_shows_each_loyalty_only_at_the_end():
    _options, result, ended, seating = ending("kingseat", 45, 4)
    prince = {p.id: p.name for p in PRINCES}
    assert seating.roles == (None,) * 4
    assert ended.allegiances == tuple(prince[p] for p in result["loyalties"])
    assert ended.roles == tuple(f"Loyal to {prince[p]}" for p in result["loyalties"])
    assert ended.endings == tuple(prince[p] for p in result["princes"])
    assert ended.scores is None and ended.start is None
    rows = [dict(zip(ended.sheet.header, row)) for row in ended.sheet.rows]
    assert [row["votes in the Tell"] for row in rows] == result["scores"]
    assert [row["loyal to"] for row in rows] == list(ended.allegiances)
    assert [row["winner"] == "yes" for row in rows] == [
        seat in result["winners"] for seat in range(4)]
