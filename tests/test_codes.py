"""The printed card code: stable short codes, round trips, and clear refusals."""
from __future__ import annotations

import pytest
import qrcode
from hypothesis import given
from hypothesis import strategies as st

from companion import codes
from companion.codes import CardCode, CodeError, deck_codes, format_code, parse_code
from companion.games.kings_court import cards as kings_court
from companion.games.kingseat import cards as kingseat
from companion.games.majesty import cards as majesty
from companion.games.royal_visit import cards as royal_visit


def catalogue_kinds() -> dict[str, set[str]]:
    """Every kind id each game prints, straight from its catalogue."""
    return {
        "royal_visit": {kind.id for kind in royal_visit.KINDS},
        "majesty": {kind.id for kind in majesty.KINDS}
        | {f"{loc.id}-{side}" for loc in majesty.LOCATIONS for side in "ab"}
        | {"worker-knight", "worker"},
        "kings_court": {kind.id for kind in kings_court.KINDS},
        "kingseat": {kind.id for kind in kingseat.KINDS},
    }


def test_golden_codes_never_change():
    """Printed decks depend on these: a change here breaks every deck already printed."""
    assert format_code("royal_visit", "king-1", 3, "7QX") == "R1K1037QX8"
    assert format_code("royal_visit", "jester-middle", 2, "7QX") == "R1JM027QXQ"
    assert format_code("majesty", "miller-brewer", 3, "ABC") == "M1MB03ABCK"
    assert format_code("majesty", "mill-b", 4, "ABC") == "M11B04ABCQ"
    assert format_code("kings_court", "gold-10", 1, "Z9Q") == "K1GT01Z9QF"
    assert format_code("kings_court", "dark-knight", 1, "Z9Q") == "K1DK01Z9QU"
    assert format_code("kingseat", "salsa-salamanda-dark2", 1, "W4T") == "S1A201W4T7"
    assert codes.ROYAL_VISIT.kinds["guard-1+1"] == "GD"
    assert codes.MAJESTY.kinds["worker-knight"] == "P1"


@pytest.mark.parametrize("game", sorted(catalogue_kinds()))
def test_every_kind_of_every_catalogue_has_its_own_short_code(game):
    table = codes.GAMES[game].kinds
    missing = catalogue_kinds()[game] - table.keys()
    assert not missing, f"add short codes for {sorted(missing)} (append only)"
    assert len(set(table.values())) == len(table)
    assert all(len(short) == 2 and set(short) <= set(codes.ALPHABET) for short in table.values())


def test_game_letters_are_distinct():
    assert len(codes.BY_LETTER) == len(codes.GAMES)


@given(st.sampled_from([(g, k) for g, c in codes.GAMES.items() for k in c.kinds]),
       st.integers(1, 99), st.text(codes.ALPHABET, min_size=3, max_size=3))
def test_a_code_reads_back_as_the_card_it_was_made_for(game_kind, copy, mark):
    game, kind = game_kind
    text = format_code(game, kind, copy, mark)
    assert len(text) == codes.LENGTH and set(text) <= set(codes.ALPHABET)
    assert parse_code(text) == parse_code(text, game=game) == CardCode(game, kind, copy, mark)
    assert CardCode(game, kind, copy, mark).text == text


@given(st.integers(0, 9), st.sampled_from(codes.ALPHABET), st.integers(1, 99))
def test_one_wrong_character_is_always_caught(position, char, copy):
    text = format_code("majesty", "noble", copy, "K7P")
    typo = text[:position] + char + text[position + 1:]
    if typo != text:
        with pytest.raises(CodeError):
            parse_code(typo)


def test_every_code_fits_a_version_1_qr_code_at_the_highest_error_correction():
    for game, table in codes.GAMES.items():
        for kind in table.kinds:
            qr = qrcode.QRCode(version=1, error_correction=qrcode.constants.ERROR_CORRECT_H)
            qr.add_data(format_code(game, kind, 99, "ZZZ"))
            qr.make(fit=False)  # raises DataOverflowError if it needs a larger version
            assert qr.data_list[0].mode == qrcode.util.MODE_ALPHA_NUM


def test_a_typed_code_may_have_spaces_hyphens_and_small_letters():
    assert parse_code(" r1k1-03 7qx 8 ") == CardCode("royal_visit", "king-1", 3, "7QX")
    assert codes.spaced("R1K1037QX8") == "R1 K1 03 7QX 8"
    assert parse_code(codes.spaced("R1K1037QX8")) == parse_code("R1K1037QX8")


def test_every_deck_fits_the_two_digit_copy_number():
    assert max(kind.copies for kind in royal_visit.KINDS) <= codes.MAX_COPY
    assert max(kind.copies for kind in kings_court.KINDS) <= codes.MAX_COPY
    assert max(kind.copies_with(n) for kind in kingseat.KINDS
               for n in kingseat.CARDS_PER_PRINCE) <= codes.MAX_COPY


@pytest.mark.parametrize("text, says", [
    ("", "is not a card code"),
    ("https://table.example/g/abc123", "is not a card code"),
    ("R1K1037QX", "10 letters and digits"),
    ("R1K1037QX9", "does not check"),
    ("Z1K1037QX5", "any game the companion knows"),
    ("R2K1037QX8", "version 2 card code; this companion reads version 1"),
    ("R1K1007QXB", "copy number 00"),
])
def test_malformed_unknown_and_wrong_version_codes_are_refused_in_a_sentence(text, says):
    with pytest.raises(CodeError, match=says) as refused:
        parse_code(text)
    assert isinstance(refused.value, ValueError)
    assert str(refused.value).endswith(".")


def test_an_unknown_kind_is_refused():
    body = "R1ZZ037QX"
    with pytest.raises(CodeError, match="Royal Visit has no card with the short code ZZ"):
        parse_code(body + codes._check_character(body))


def test_another_games_card_is_refused_when_a_game_is_expected():
    with pytest.raises(CodeError, match="is a Royal Visit card, not a Majesty card"):
        parse_code("R1K1037QX8", game="majesty")


@pytest.mark.parametrize("args, says", [
    (("chess", "king-1", 1, "AAA"), "no cards for a game called 'chess'"),
    (("royal_visit", "queen", 1, "AAA"), "Royal Visit has no card kind 'queen'"),
    (("royal_visit", "king-1", 100, "AAA"), "from 1 to 99"),
    (("royal_visit", "king-1", 1, "ab"), "3 letters or digits"),
])
def test_what_cannot_be_printed_is_refused(args, says):
    with pytest.raises(CodeError, match=says):
        format_code(*args)


def test_a_deck_of_codes_tells_every_card_and_every_deck_apart():
    first = deck_codes("royal_visit", royal_visit.physical_cards(), "AB2")
    second = deck_codes("royal_visit", royal_visit.physical_cards(), "AB3")
    assert len(set(first)) == len(first) == 54
    assert not set(first) & set(second)


def test_new_deck_marks_are_unambiguous_and_vary():
    marks = {codes.new_deck_mark() for _ in range(50)}
    assert len(marks) > 40
    assert all(codes.is_deck_mark(m) and not set(m) & set("01OI") for m in marks)
