"""How long each setup page is on the phone: ``python benchmarks/setup.py [--lang en,fr,de]
[--games royal_visit,majesty,kings_court,kingseat] [--shots DIR]``.

Serves the app in a thread (as the browser tests do) and opens each game's setup page in
Chromium at 360 x 740 with touch, in each language. For each it prints the page's height in
screens (``scrollHeight / 740``) as it opens and once a typical setup is filled in (no collapsed
section opened), the taps that setup takes (a field typed into, a choice, a list chosen from and
the Create button: one tap each) and how many of them were on a target out of view at the time
(the phone then scrolls to it, as a player would). The game is then created, to prove the taps
make a game. With ``--shots`` it saves the page's top and bottom, filled in, as PNGs.
"""
from __future__ import annotations

import argparse
import logging
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from browser_support import CHROMIUM_FLAGS, chromium_path, new_phone, serving  # noqa: E402
from phone import ON_SCREEN, PHONE  # noqa: E402

from companion.web import create_app  # noqa: E402

# A typical setup per game: (action, selector, value). "fill" types, "check" ticks a radio,
# "select" chooses from a list, "tap" taps a button.
TYPICAL = {
    "royal_visit": [
        ("fill", 'input[name="player_top"]', "Ann"),
        ("fill", 'input[name="player_bottom"]', "Bob"),
        ("check", 'input[name="wizard"][value="top"]', None),
    ],
    "majesty": [
        ("fill", 'input[name="player-0"]', "Ann"),
        ("fill", 'input[name="player-1"]', "Bob"),
        ("fill", 'input[name="player-2"]', "Cid"),
        ("check", 'input[name="first"][value="1"]', None),
        *[("select", f'select[name="display-{slot}"]', kind) for slot, kind in
          enumerate(("miller", "brewer", "witch", "guard", "knight", "innkeeper"))],
    ],
    "kings_court": [
        *[("fill", f'input[name="player-{seat}"]', name) for seat, name in enumerate(("Ann", "Bob", "Cid", "Dee"))],
        ("tap", '[data-limit="750"]', None),
        ("select", "#first-dealer", "2"),
    ],
    "kingseat": [
        *[("fill", f'input[name="player-{seat}"]', name) for seat, name in enumerate(("Ann", "Bob", "Cid", "Dee"))],
        ("select", "#kingseat", "1"),
    ],
}


def measure(browser, url: str, game: str, lang: str, shots: Path | None) -> dict:
    page = new_phone(browser, lang)
    page.goto(f"{url}/new/{game}")
    height = lambda: page.evaluate("document.documentElement.scrollHeight")  # noqa: E731
    opened = height()
    taps = scrolled = 0
    for action, selector, value in [*TYPICAL[game], ("tap", "#create", None)]:
        target = page.locator(selector).first
        taps += 1
        if not target.evaluate(ON_SCREEN):
            scrolled += 1
            target.scroll_into_view_if_needed()
        if action == "tap" and selector == "#create":
            filled = height()
            if shots:
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=str(shots / f"setup-{game}-{lang}-top.png"))
                page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
                page.screenshot(path=str(shots / f"setup-{game}-{lang}-bottom.png"))
                target.scroll_into_view_if_needed()
            target.click()
        elif action == "fill":
            target.fill(value)
        elif action == "check":
            target.check()
        elif action == "select":
            target.select_option(value)
        else:
            target.click()
    page.wait_for_url("**/g/**")
    page.context.close()
    return {"opened": opened / PHONE["height"], "filled": filled / PHONE["height"], "taps": taps,
            "scrolled": scrolled}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en,fr,de")
    parser.add_argument("--games", default=",".join(TYPICAL))
    parser.add_argument("--shots", type=Path)
    args = parser.parse_args()
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        app = create_app({"DATABASE_URL": f"sqlite:///{folder}/companion.db", "SECRET_KEY": "bench"})
        browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS)
        with serving(app) as url:
            print(f"{'game':<12} {'lang':<4} {'opened':>7} {'filled':>7} {'taps':>5} {'scrolled':>9}")
            for game in args.games.split(","):
                for lang in args.lang.split(","):
                    row = measure(browser, url, game, lang, args.shots)
                    print(f"{game:<12} {lang:<4} {row['opened']:>7.2f} {row['filled']:>7.2f} {row['taps']:>5} "
                          f"{row['scrolled']:>9}", flush=True)
        browser.close()


if __name__ == "__main__":
    main()
