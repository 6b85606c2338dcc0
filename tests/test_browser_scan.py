"""A phone (Chromium at 360x740) photographs printed proxy cards through the Scan button.

Royal Visit: a photo of the cards played this turn lists them, left to right, as the cards to
place; the player taps where each goes, a card the rules cannot take now is flagged with the
engine's reason, and End turn stores the turn. Majesty: a photo fills in the card taken (the
display slot holding it) and the card turned up; location and worker cards are no turn's cards.
Over `companion serve --https`, Scan opens the live camera view (Chromium's fake camera playing
a video of the cards), which fills the move without a shutter press.

The photos are made from the printables' own PDFs (tests/scan_support.py). Without Chromium the
tests skip (see tests/browser_support.py).
"""
from __future__ import annotations

import io
import threading

import numpy as np
import pytest
from browser_support import ARTIFACTS, CHROMIUM_FLAGS, chromium_path, new_phone
from phone import PHONE
from PIL import Image
from scan_support import card_photo
from turns_majesty import set_up as set_up_majesty
from turns_royal_visit import open_game

pytestmark = pytest.mark.browser


def photo(deck: str, kinds: list[str], selection: str | None = None) -> dict:
    return {"name": "photo.jpg", "mimeType": "image/jpeg", "buffer": card_photo(deck, kinds, selection)}


def tap_space(page, position: int):
    """Royal Visit: tap the move offered that ends on this space."""
    page.locator(f'[data-option][data-to="{position}"]').tap()


def test_royal_visit_a_photo_of_the_turns_cards_is_placed_in_order(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    open_game(page, server)
    expect(page.locator("#scan")).to_be_visible()
    # Ann laid out the cards she plays (the Wizard starts on +1); a Jester 1 slipped in.
    page.set_input_files("#scan-photo", photo("royal-visit", ["wizard-2", "jester-1", "wizard-3"]))
    expect(page.locator("#scan-read")).to_contain_text("Read 3 cards: Wizard 2, Jester 1, Wizard 3")
    expect(page.locator("#scan-note")).to_contain_text("3 cards to place in photo order")
    expect(page.locator("#scan-queue [data-queue]")).to_have_count(3)
    # The first card is chosen with its pawn: one tap on the space it goes to.
    expect(page.locator("#prompt")).to_contain_text("Wizard 2: tap where the Wizard goes")
    tap_space(page, 3)
    expect(page.locator("#draft li")).to_have_count(1)
    # Now a Jester card cannot join a Wizard turn: flagged, with the engine's reason and rule.
    flag = page.locator('[data-flag="jester-1"]')
    expect(flag).to_contain_text("this turn already plays Wizard cards")
    expect(page.locator("#prompt")).to_contain_text("Wizard 3: tap where the Wizard goes")
    # Tapped, the flagged card says why in the action bar, with its rule.
    page.locator('[data-queue="0"]').tap()
    expect(page.locator("#message")).to_contain_text("this turn already plays Wizard cards")
    expect(page.locator("#message [data-rule]")).to_have_attribute("data-rule", "/rules/royal_visit#one-type")
    expect(page.locator("[data-card]")).to_have_count(14)
    page.locator('[data-queue="1"]').tap()
    expect(page.locator("#prompt")).to_contain_text("Wizard 3: tap where the Wizard goes")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "scan_royal_visit.png"), full_page=True)
    tap_space(page, 6)
    expect(page.locator("#draft li")).to_have_count(2)
    expect(page.locator("#scan-queue [data-queue]")).to_have_count(1)
    page.locator("#end-turn").tap()
    expect(page.locator("#turn")).to_contain_text("Bob's turn")
    expect(page.locator("#history li").first).to_contain_text(
        "the Wizard +1 \u2192 +3 (Wizard 2), then the Wizard +3 \u2192 +6 (Wizard 3)")
    expect(page.locator("#scan-queue")).to_be_hidden()

    # Bob's two King cards: a King move each, or together the King's privilege (the Court).
    page.set_input_files("#scan-photo", photo("royal-visit", ["king-1", "king-1"]))
    expect(page.locator("#prompt")).to_contain_text("or Court (2 King) for the King's privilege")
    page.locator('[data-card="court"]').tap()
    tap_space(page, -1)
    expect(page.locator("#draft li")).to_have_text(["1. Court (2 King): one space toward Bob's Chateau"])
    expect(page.locator("#scan-queue")).to_be_hidden()
    # Taking back the turn's cards puts the photo's cards back on the list.
    page.locator("#clear").tap()
    expect(page.locator("#scan-queue [data-queue]")).to_have_count(2)
    page.locator('[data-card="court"]').tap()
    tap_space(page, -1)
    page.locator("#end-turn").tap()
    expect(page.locator("#turn")).to_contain_text("Ann's turn")
    expect(page.locator("#history li").first).to_contain_text(
        "the Court (King and both Guards) one space toward Bob's Chateau")


def test_majesty_a_photo_fills_the_card_taken_and_the_card_turned_up(server, browser):
    from playwright.sync_api import expect

    page = new_phone(browser)
    set_up_majesty(page, server, sides="A", display=("miller", "brewer", "witch", "guard", "knight", "noble"))

    # Ann's Witch (third in the display) beside the Miller turned up: both filled in.
    page.set_input_files("#scan-photo", photo("majesty", ["witch", "miller"]))
    expect(page.locator("#scan-read")).to_contain_text("Read 2 cards: Witch, Miller")
    expect(page.locator("#scan-note")).to_contain_text(
        "Filled in the card taken: the Witch costing 2 meeples, and the card turned up: the Miller.")
    expect(page.locator("#draft")).to_have_text("Ann takes the Witch (costs 2); turned up: Miller.")
    expect(page.locator("#preview")).to_contain_text("If Ann takes it")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "scan_majesty.png"), full_page=True)
    page.locator("#end-turn").tap()
    expect(page.locator("#history li")).to_have_count(1)
    expect(page.locator("#turn")).to_contain_text("Bob's turn")
    expect(page.locator('[data-slot="5"]')).to_have_attribute("aria-label", "Miller, costs 5")

    # Location and worker cards are printed too, but a turn takes neither.
    page.set_input_files("#scan-photo", photo("majesty", ["mill-a", "worker-knight"]))
    expect(page.locator("#scan-note")).to_contain_text("The Mill (side A) is not a card a turn takes.")
    expect(page.locator("#scan-note")).to_contain_text("The Knight worker card is not a card a turn takes.")
    expect(page.locator("#draft")).to_be_hidden()

    # A card the display does not hold can only be the one turned up; Bob then taps his card.
    page.set_input_files("#scan-photo", photo("majesty", ["innkeeper"]))
    expect(page.locator("#scan-note")).to_contain_text(
        "Filled in the card turned up: the Innkeeper. Tap the card taken.")
    expect(page.locator("#draft")).to_have_text("Turned up: Innkeeper.")
    page.locator('[data-slot="0"]').tap()
    expect(page.locator("#preview")).to_contain_text("If Bob takes it")
    page.locator("#end-turn").tap()
    expect(page.locator("#history li")).to_have_count(2)
    expect(page.locator('[data-slot="5"]')).to_have_attribute("aria-label", "Innkeeper, costs 5")


# ------------------------------------------------------------------ the live view over https

def y4m(jpeg: bytes, size=(1280, 720)) -> bytes:
    """A still video (two frames, YUV 4:2:0) of the photo on a table, for Chromium's fake camera."""
    width, height = size
    card = Image.open(io.BytesIO(jpeg)).convert("RGB")
    card.thumbnail((width - 40, height - 40))
    frame = Image.new("RGB", size, (200, 196, 185))
    frame.paste(card, ((width - card.width) // 2, (height - card.height) // 2))
    y, u, v = (np.asarray(plane) for plane in frame.convert("YCbCr").split())
    sub = lambda plane: plane.reshape(height // 2, 2, width // 2, 2).mean(axis=(1, 3)).round().astype(np.uint8)  # noqa: E731
    body = b"FRAME\n" + y.tobytes() + sub(u).tobytes() + sub(v).tobytes()
    return f"YUV4MPEG2 W{width} H{height} F5:1 Ip A1:1 C420jpeg\n".encode() + body * 2


@pytest.fixture(scope="module")
def https_server(tmp_path_factory):
    from companion.web import create_app, tls

    folder = tmp_path_factory.mktemp("https")
    app = create_app({"DATABASE_URL": f"sqlite:///{folder / 'companion.db'}", "SECRET_KEY": "https",
                      "POLL_MILLISECONDS": 500})
    cert, key = tls.certificate(folder)
    server = tls.make_server(app, "127.0.0.1", 0, cert, key)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"https://127.0.0.1:{server.server_port}"
    server.shutdown()
    app.extensions["store"].dispose()


@pytest.fixture(scope="module")
def camera_browser(browser, tmp_path_factory):
    """Chromium whose camera films the cards Wizard 2 and Wizard 3, allowed without asking
    (launched by the same Playwright as ``browser``: one Playwright runs at a time)."""
    video = tmp_path_factory.mktemp("camera") / "cards.y4m"
    video.write_bytes(y4m(card_photo("royal-visit", ["wizard-2", "wizard-3"])))
    camera = browser.browser_type.launch(executable_path=chromium_path(), args=CHROMIUM_FLAGS + [
        "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={video}"])
    yield camera
    camera.close()


def test_over_https_the_live_view_fills_the_move_without_a_shutter_press(https_server, camera_browser):
    from playwright.sync_api import expect

    context = camera_browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                         has_touch=True, ignore_https_errors=True)
    page = context.new_page()
    open_game(page, https_server)
    expect(page.locator("#scan")).to_be_visible()
    assert page.evaluate("window.isSecureContext")
    # The panel closes, and lets go of the camera, when asked.
    page.locator("#scan").tap()
    expect(page.locator("#scan-live video")).to_be_visible()
    expect(page.locator("#scan-live-note")).to_have_text("Point the camera at the cards and hold still.")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "scan_live.png"))
    page.locator("#scan-live-close").tap()
    expect(page.locator("#scan-live")).to_have_count(0)
    # "Take a photo" in the panel hands the camera to the phone's camera app (the file input).
    page.locator("#scan").tap()
    with page.expect_file_chooser() as chooser:
        page.locator("#scan-live label").tap()
    chooser.value.set_files(photo("royal-visit", ["wizard-2"]))
    expect(page.locator("#scan-read")).to_contain_text("Read 1 card: Wizard 2")
    expect(page.locator("#scan-live")).to_have_count(0)
    # Pointed at the cards: two frames read alike, and the cards are taken.
    page.locator("#scan").tap()
    expect(page.locator("#scan-read")).to_contain_text("Read 2 cards: Wizard 2, Wizard 3", timeout=15000)
    expect(page.locator("#scan-live")).to_have_count(0)
    expect(page.locator("#prompt")).to_contain_text("Wizard 2: tap where the Wizard goes")
    tap_space(page, 3)
    expect(page.locator("#prompt")).to_contain_text("Wizard 3: tap where the Wizard goes")
    tap_space(page, 6)
    page.locator("#end-turn").tap()  # a POST over https: the CSRF check's referrer test passes
    expect(page.locator("#turn")).to_contain_text("Bob's turn")
    context.close()
