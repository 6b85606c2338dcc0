"""King's Court's setup page, at 360 x 740 in Chromium: each choice of the form (the cards,
two to eight players, partnerships, the limit, the first dealer, carried totals, the table
ruling) creates the game it says, read back from the stored record (issue 21)."""
from __future__ import annotations

import pytest
from browser_support import new_phone
from phone import Phone, accessible, said

pytestmark = pytest.mark.browser

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")

CHOICES = [  # (players, partnerships, limit, selection, extras, dealer, carried, dealing bonus)
    (2, "none", "500", "kc", (), 1, (), "everyone"),
    (3, "none", "750", "kc+kd", (), 2, (), "not-dealer"),
    (4, "opposite", "1000", "kc+kd+bonus", (), 0, (40, -15), "everyone"),
    (6, "alternate", "1234", "custom", ("extra-dark-knight", "extra-queen"), 5, (), "not-dealer"),
    (6, "opposite", "500", "kc+kd", (), 3, (), "everyone"),
    (8, "none", "500", "custom", (), 7, (1, 2, 3, 4, 5, 6, 7, -8), "everyone"),
]


def partners(n: int, how: str):
    if how == "opposite":
        return [[seat, seat + n // 2] for seat in range(n // 2)]
    if how == "alternate":
        return [list(range(0, n, 2)), list(range(1, n, 2))]
    return None


@pytest.mark.parametrize("n, pairing, limit, selection, extras, dealer, carried, bonus", CHOICES)
def test_the_setup_page_creates_the_game_it_shows(server, browser, n, pairing, limit, selection, extras, dealer,
                                                  carried, bonus):
    phone = Phone(new_phone(browser), strict=True, game="King's Court")
    page = phone.page
    page.goto(f"{server}/new/kings_court")
    for seat in range(n):
        page.fill(f'input[name="player-{seat}"]', NAMES[seat])
    page.check(f'input[name="partnerships"][value="{pairing}"]')
    if limit in ("500", "750", "1000"):
        page.locator(f'[data-limit="{limit}"]').click()
    else:
        page.fill("#limit", limit)
    page.locator("#more-options > summary").click()  # the cards, carried totals and rulings
    page.check(f'input[name="selection"][value="{selection}"]')
    for box in extras:
        page.check(f'input[name="{box}"]')
    page.select_option("#first-dealer", str(dealer))
    if carried:
        page.locator("#carried-totals > summary").click()
        for i, total in enumerate(carried):
            page.fill(f"#carried-{i}", str(total))
    page.locator("summary", has_text="Table rulings").click()
    page.check(f'input[name="ruling-dealing_bonus"][value="{bonus}"]')
    accessible(page, "the setup page, filled in")
    page.locator("#create").click()
    page.wait_for_url("**/g/**")
    page.locator("#views").wait_for()
    record = page.evaluate("async () => (await fetch(Companion.game.urls.export)).json()")
    options = record["options"]
    assert options["players"] == list(NAMES[:n])
    assert options.get("partnerships") == partners(n, pairing)
    assert options["limit"] == int(limit)
    assert options["selection"] == selection
    assert sorted(options.get("extra") or []) == sorted(box[len("extra-"):] for box in extras)
    assert options["first_dealer"] == dealer
    assert list(options.get("carried") or []) == list(carried)
    assert options["rulings"] == {"dealing_bonus": bonus}
    view = page.evaluate("Companion.game.view")
    assert view["dealer"] == dealer and view["limit"] == int(limit)
    assert [side["total"] for side in view["sides"]] == (list(carried) or [0] * len(view["sides"]))
    page.context.close()


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_setup_page_in_french_and_german_is_accessible_and_all_in_that_language(
        server, browser, lang):
    """The setup page, its expansion cards and table rulings open, in the phone's language:
    axe-core, 44 px targets, nothing wider than the phone, no English left; a refusal of the
    form is said in that language too."""
    page = new_phone(browser, lang)
    page.goto(f"{server}/new/kings_court")
    assert page.evaluate("document.documentElement.lang") == lang
    for details in page.locator("details").all():
        details.evaluate("(el) => { el.open = true; }")
    accessible(page, f"the setup page in {lang}")
    page.fill('input[name="player-0"]', "Ann")
    page.fill('input[name="player-1"]', "Bob")
    page.fill('input[name="player-2"]', "Cid")
    page.check('input[name="partnerships"][value="alternate"]')
    page.select_option("#first-dealer", "0")
    page.locator("#create").click()
    alert = page.locator("[role=alert]")
    alert.wait_for()
    # three players cannot make two partnerships: the refusal in the phone's language
    assert said(page, "Partnerships need an even number of players, and there are {n}.",
                n=3) in alert.inner_text()
    page.context.close()
