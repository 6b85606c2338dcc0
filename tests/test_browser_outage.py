"""A phone whose server's database is restarting (issue 23): the move answered 503 with
Retry-After is sent again by the page, which says why meanwhile and stores it once the server
answers; the sentence goes when it does."""
from __future__ import annotations

import json

import pytest
from test_browser import browser, new_phone, play_card, server, set_up  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser
DOWN = "The companion cannot reach its database right now: try again in a few seconds."


def test_a_move_answered_503_is_sent_again_and_stored(server, browser):  # noqa: F811
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
