"""Kingseat seats and the secrets they keep, through the web layer (issue 22): a Loyalty set
aside belongs to the seat and shows only on the phone that set it; a seat taken by another phone
after the game began (or after its Loyalty was set) holds that Loyalty back and takes no new
one; the game's creator frees a seat a lost phone still holds; a checked reveal shows no
Loyalty."""
from __future__ import annotations

import json
import random

import pytest
from browser_support import ARTIFACTS, new_phone
from conftest import Phone
from kingseat_support import move, start

from companion.games.kingseat.simulate import play, random_options

VOTE = {"type": "vote", "votes": ["lionsyre", "hornseeker", "lionsyre-dark1", "monarchrys"]}


def test_a_loyalty_never_shows_on_a_phone_that_takes_the_seat_later(app, phone, second_phone):
    game_id, game = start(phone)
    base = f"/api/games/{game_id}"
    ann = Phone(app)
    assert ann.post(f"{base}/seat", json={"player": 0}).status_code == 200
    assert ann.post(f"{base}/secret", json={"secret": {"loyalty": "lionsyre"}}).status_code == 200
    ann.post(f"{base}/seat", json={"player": None})  # Ann's phone lets the seat go
    taken = second_phone.post(f"{base}/seat", json={"player": 0})
    assert taken.status_code == 200
    game = taken.get_json()["game"]
    assert game["view"]["you"]["loyalty"] is None and game["view"]["you"]["held_back"]
    assert game["history"][-1]["text"].startswith("Ann's seat was taken by another phone")
    for answer in (second_phone.get(base), second_phone.get(f"{base}/export"),
                   second_phone.get(f"/g/{game_id}"), ann.get(base), phone.get(base)):
        assert '"loyalty": "lionsyre"' not in answer.get_data(as_text=True)
        assert '"loyalty":"lionsyre"' not in answer.get_data(as_text=True)
    export = second_phone.get(f"{base}/export").get_json()
    assert export["entries"][0]["payload"] == {"player": 0, "secret": None}
    refused = second_phone.post(f"{base}/secret", json={"secret": {"loyalty": "hornseeker"}})
    assert refused.status_code == 422 and refused.get_json()["error"]["rule"] == "seat"
    # the same phone asking for its own seat again changes nothing
    again = second_phone.post(f"{base}/seat", json={"player": 0}).get_json()["game"]
    assert again["seq"] == game["seq"]


def test_a_seat_nobody_held_when_the_game_began_takes_no_secret(app, phone):
    game_id, game = start(phone)
    base = f"/api/games/{game_id}"
    early = Phone(app)
    early.post(f"{base}/seat", json={"player": 1})
    move(phone, game, VOTE)
    late = Phone(app)
    assert late.post(f"{base}/seat", json={"player": 2}).status_code == 200
    refused = late.post(f"{base}/secret", json={"secret": {"loyalty": "lionsyre"}})
    assert refused.status_code == 422 and "changed phones after the game began" in \
        refused.get_json()["error"]["message"]
    # a phone that held its seat when the game began still sets its Loyalty
    assert early.post(f"{base}/secret", json={"secret": {"loyalty": "lionsyre"}}).status_code == 200


def test_the_creator_frees_a_seat_a_lost_phone_holds(app, phone, second_phone):
    game_id, _ = start(phone)
    base = f"/api/games/{game_id}"
    lost = Phone(app)  # the phone that lost its cookie: its old claim stays behind
    lost.post(f"{base}/seat", json={"player": 1})
    assert lost.post(f"{base}/secret", json={"secret": {"loyalty": "monarchrys"}}).status_code == 200
    assert second_phone.post(f"{base}/seat", json={"player": 1}).status_code == 409
    denied = second_phone.post(f"{base}/seat", json={"free": 1})
    assert denied.status_code == 403 and "created this game" in denied.get_data(as_text=True)
    assert phone.post(f"{base}/seat", json={"free": 9}).status_code == 400
    freed = phone.post(f"{base}/seat", json={"free": 1})
    assert freed.status_code == 200 and freed.get_json()["game"]["seats"] == []
    got = second_phone.post(f"{base}/seat", json={"player": 1}).get_json()["game"]
    assert got["seat"] == 1 and got["view"]["you"]["loyalty"] is None
    assert '"loyalty": "monarchrys"' not in json.dumps(second_phone.get(f"{base}/export").get_json())


def test_a_checked_reveal_carries_no_loyalty(app, phone):
    options = random_options(random.Random(21), players=4)
    entries = list(play(random.Random(21), options, secrets=1.0))
    game = phone.post("/api/games", json={"game": "kingseat", "options": options}).get_json()["game"]
    base = f"/api/games/{game['id']}"
    phones = [Phone(app) for _ in range(4)]
    for p, mine in enumerate(phones):
        mine.post(f"{base}/seat", json={"player": p})
    for kind, payload, player in entries:
        if kind == "move" and payload["type"] == "reveal":
            break
        if kind == "secret":
            answer = phones[player].post(f"{base}/secret", json={"secret": payload})
            assert answer.status_code == 200, answer.get_json()
            game = answer.get_json()["game"]
        else:
            game = move(phone, game, payload)
    checked = phone.post(f"{base}/check", json={"move": payload})
    assert checked.status_code == 200
    body = checked.get_json()
    assert body["ok"] and body["result"] is None and body["view"] is None
    assert game["view"]["phase"] == "reveal"


def poster(page, url: str):
    """POST a JSON body from this page's phone (its cookie and CSRF token)."""
    page.goto(f"{url}/")

    def api(path, body):
        return page.evaluate("""async ([path, body]) => {
            const token = document.querySelector('meta[name="csrf-token"]').content;
            const answer = await fetch(path, {method: "POST", body: JSON.stringify(body),
              headers: {"Content-Type": "application/json", "X-CSRFToken": token}});
            return await answer.json(); }""", [path, body])
    return api


OPTIONS = {"players": ["Ann", "Bob", "Cid", "Dee"], "kingseat": 0,
           "princes": ["lionsyre", "hornseeker", "gulliballistas", "salsa-salamanda"]}


@pytest.mark.browser
def test_the_creator_frees_a_seat_on_the_page(server, browser):
    creator, lost = new_phone(browser), new_phone(browser)
    made = poster(creator, server)("/api/games", {"game": "kingseat", "options": OPTIONS})
    poster(lost, server)(f"/api/games/{made['game']['id']}/seat", {"player": 1})
    creator.goto(f"{server}/g/{made['game']['id']}")
    creator.locator("#more-button").tap()
    creator.locator('#seat-choices [data-seat="1"]').tap()
    free = creator.locator("#seat-error [data-free-seat]", has_text="Free Bob's seat")
    free.wait_for()
    ARTIFACTS.mkdir(exist_ok=True)
    creator.screenshot(path=str(ARTIFACTS / "seat_free.png"))
    free.tap()
    creator.locator("#seat-error").wait_for(state="hidden")
    assert "another phone" not in creator.locator('#seat-choices [data-seat="1"]').inner_text()
    creator.locator('#seat-choices [data-seat="1"]').tap()
    from playwright.sync_api import expect

    expect(creator.locator("#seat-now")).to_have_text("Bob's")
    creator.context.close()
    lost.context.close()


@pytest.mark.browser
def test_a_stale_loyalty_is_asked_again_on_the_phone(server, browser):
    """After Salsa Salamanda dark 1 the phone of its player asks for the Loyalty again."""
    from phone import Phone as PhonePage
    from playwright.sync_api import expect
    from turns_kingseat import hold_on

    page = new_phone(browser)
    api = poster(page, server)
    made = api("/api/games", {"game": "kingseat", "options": OPTIONS})
    base = f"/api/games/{made['game']['id']}"
    api(f"{base}/seat", {"player": 3})
    api(f"{base}/secret", {"secret": {"loyalty": "salsa-salamanda"}})
    for seq, body in enumerate([
            {"type": "vote", "votes": ["lionsyre", "lionsyre", "hornseeker",
                                       "salsa-salamanda-dark1"]},
            {"type": "pass", "player": 2},
            {"type": "action", "player": 3, "card": "salsa-salamanda-dark1"}], start=1):
        assert "game" in api(f"{base}/moves", {"seq": seq, "move": body})
    page.goto(f"{server}/g/{made['game']['id']}")
    # The game screen says only that the Loyalty must be set again; the sheet, held open, asks.
    expect(page.locator("#my-loyalty-button")).to_contain_text("My Loyalty changed")
    phone = PhonePage(page, strict=True)
    hold_on(phone, "#my-loyalty-button")
    now = page.locator("#loyalty-sheet #my-loyalty-now")
    expect(now).to_contain_text("Your Loyalty card changed")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "kingseat_loyalty_asked_again.png"))
    phone.tap('#loyalty-sheet [data-my-loyalty="lionsyre"]')
    phone.tap("#ask-yes")
    expect(now).to_contain_text("Set aside on this phone")
    expect(page.locator("#my-loyalty-button")).not_to_contain_text("changed")
    page.context.close()
