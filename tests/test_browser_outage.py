"""A phone whose server's database is restarting (issue 23): the move answered 503 with
Retry-After is sent again by the page, which says why meanwhile and stores it once the server
answers; the sentence goes when it does."""
from __future__ import annotations

import json
from datetime import UTC

import pytest
from browser_support import new_phone, play_card, serving, set_up

pytestmark = pytest.mark.browser
DOWN = "The companion cannot reach its database right now: try again in a few seconds."


def test_a_move_answered_503_is_sent_again_and_stored(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    set_up(page, f"{server}/new/royal_visit", {"player_top": "Ann", "player_bottom": "Bob",
                                              "wizard": "top"})
    expect(page.locator("#turn")).to_contain_text("Ann's turn")
    refused = []

    def restarting(route):
        if len(refused) < 2:
            refused.append(route.request.url)
            route.fulfill(status=503, headers={"Retry-After": "1"}, content_type="application/json",
                          body=json.dumps({"error": {"rule": "request", "message": DOWN}}))
        else:
            route.continue_()

    page.route("**/api/games/*/moves", restarting)
    play_card(page, "king-1", 1)
    page.locator("#end-turn").tap()
    expect(page.locator("#message")).to_contain_text("cannot reach its database")
    page.screenshot(path="tests/artifacts/outage_notice.png")
    expect(page.locator("#turn")).to_contain_text("Bob's turn")
    assert len(refused) == 2
    expect(page.locator("#message")).not_to_contain_text("cannot reach its database")
    page.screenshot(path="tests/artifacts/outage_recovered.png")
    page.context.close()


@pytest.fixture
def table(tmp_path):
    """An app of its own, served: (app, address)."""
    from companion.web import create_app

    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'companion.db'}", "SECRET_KEY": "t"})
    with serving(app) as url:
        yield app, url


def test_the_pages_a_stranger_changes_are_accessible(table, browser):
    """The home page after a wrong code (the field kept, the answer beside it), the game page of
    a phone that did not create the game (no mark buttons, a sentence), and the Statistics page
    with a game that cannot be read (the creator's Delete it button)."""
    from datetime import datetime

    from phone import accessible
    from playwright.sync_api import expect
    from sqlalchemy import insert

    from companion.store.tables import games

    app, base = table
    page = new_phone(browser)
    set_up(page, f"{base}/new/royal_visit", {"player_top": "Ann", "player_bottom": "Bob",
                                            "wizard": "top"})
    expect(page.locator("#turn")).to_contain_text("Ann's turn")
    game_url = page.url
    stranger = new_phone(browser)
    stranger.goto(f"{base}/")
    stranger.fill('input[name="code"]', "K7M-2QX")
    stranger.locator("form[action='/join'] button").tap()
    expect(stranger.locator("#join-error")).to_contain_text("No game has that code")
    expect(stranger.locator('input[name="code"]')).to_have_value("K7M-2QX")
    accessible(stranger, "home after a wrong code")
    stranger.screenshot(path="tests/artifacts/join_wrong_code.png")

    stranger.goto(game_url)
    stranger.locator("#more-button").tap()
    stranger.locator("summary", has_text="This game").tap()
    expect(stranger.locator("#mark")).to_contain_text("The phone that created this game may mark it")
    stranger.locator("#mark").scroll_into_view_if_needed()
    stranger.screenshot(path="tests/artifacts/mark_not_creator.png")

    # A game an older companion stored under an id no page can load, created by this phone.
    game_id = game_url.split("/g/")[1].split("?")[0]
    owner = app.extensions["store"].about(game_id).owner
    with app.extensions["store"].db.begin() as conn:
        conn.execute(insert(games).values(
            id="<b>x</b> not an id at all", game="royal_visit", options={"players": ["A", "B"]},
            owner=owner, created_at=datetime.now(UTC)))
    page.goto(f"{base}/stats")
    expect(page.locator("#unreadable")).to_contain_text("1 game could not be read")
    page.locator("#unreadable").scroll_into_view_if_needed()
    accessible(page, "statistics with a game that cannot be read")
    page.screenshot(path="tests/artifacts/stats_unreadable.png")
    page.locator("#unreadable button").tap()
    expect(page.locator(".notice")).to_contain_text("game was deleted")
    page.context.close()
    stranger.context.close()
