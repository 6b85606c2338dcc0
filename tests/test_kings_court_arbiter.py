"""King's Court arbiter: matching, every Scroll and Kingdom card, draw cards and their answers,
the Dungeon, Shield cards, On Guard, the reshuffle, the first card, and the judge."""
from __future__ import annotations

import dataclasses
import json
import random
from types import SimpleNamespace

import pytest
import rules_checks

from companion.engine import RuleError
from companion.games.kings_court import arbiter as A
from companion.games.kings_court.arbiter import RULE_IDS, RULES, Hand, Pending
from companion.games.kings_court.arbiter.judge import judged_pending
from companion.games.kings_court.cards import KIND_BY_ID, KINDS, SHIELD, selection_kinds

# The arbiter as the shared checks take an engine: it judges a hand's events.
ARBITER = SimpleNamespace(validate=A.validate_event, apply=A.apply_event, view=A.hand_view)
ALL = selection_kinds("kc+kd+bonus")
KC = selection_kinds("kc")


# --------------------------------------------------------------------------- helpers


def deal(first="blue-5", players=4, dealer=0, kinds=ALL) -> Hand:
    hand = A.start_hand(players, dealer, kinds, first, {})
    check(hand)
    return hand


def at(top="blue-5", suit=None, players=4, to_play=1, hands=None, **changes) -> Hand:
    """A hand mid-play: player ``to_play`` to play on ``top`` (suit: the top's own)."""
    hand = deal(players=players)
    info = A.INFO[top]
    suit = suit or info.suits[0]
    hands = tuple(hands) if hands is not None else hand.hands
    moved = sum(hand.hands) - sum(hands)  # keep the deck count: hands' cards go to the pile
    return dataclasses.replace(hand, top=top, top_card=top, suit=suit, to_play=to_play,
                               hands=hands, draw_pile=hand.draw_pile + moved, **changes)


def c(card: str, **fields) -> dict:
    return {"card": card, **fields}


def play_move(seat: int, *cards: dict) -> dict:
    return {"type": "play", "seat": seat, "cards": list(cards)}


def run(hand: Hand, move: dict) -> Hand:
    return rules_checks.run(ARBITER, hand, move, check)


def play(hand: Hand, seat: int, *cards: dict) -> Hand:
    return run(hand, play_move(seat, *cards))


def ev(hand: Hand, kind: str, seat: int, **fields) -> Hand:
    return run(hand, {"type": kind, "seat": seat, **fields})


def refused(hand: Hand, move, rule: str, step: int | None = None) -> RuleError:
    return rules_checks.refused(ARBITER, hand, move, rule, RULE_IDS, step)


def check(hand: Hand) -> None:
    """The deck count and the counts that can never go negative."""
    assert hand.counted == hand.deck_size
    assert min(hand.hands) >= 0 and hand.draw_pile >= 0 and hand.discard >= 0
    assert all(e.endswith(".") for e in hand.effects), hand.effects


def said(hand: Hand, words: str) -> bool:
    return any(words in effect for effect in hand.effects)


# --------------------------------------------------------------------------- rules page


def test_rules_page_entries_are_unique_and_sentences():
    assert len(RULE_IDS) == len(RULES)
    for entry in RULES:
        assert entry.title and entry.text.endswith(".") and entry.section
    assert {"fair-maiden", "drawbridge", "queens-option", "knight", "court-jester", "wizard",
            "dragon", "king-queen", "duke-duchess", "royal-decree", "magician", "magic-potion",
            "protector", "dungeon", "dark-knight", "poison-garden", "castle-fire",
            "kings-goblet", "cannonball", "catapult", "flaming-arrow", "siege-tower",
            "imperial-tax", "defender", "hidden-treasure", "warlord", "knight-two-players",
            "stacking", "on-guard", "reshuffle", "last-card-only"} <= RULE_IDS


def test_every_kind_names_a_rules_entry():
    for kind in KINDS:
        assert A.INFO[kind.id].rule in RULE_IDS, kind.id


def test_events_and_exports():
    assert {"play", "draw", "pass", "take", "reveal", "risk", "on-guard", "escape",
                        "yes"} == A.EVENTS
    for name in ("Hand", "start_hand", "validate_event", "apply_event", "judge", "hand_view",
                 "outcome", "RULES", "describe"):
        assert hasattr(A, name)


# --------------------------------------------------------------------------- the deal


def test_deal_seven_each_and_turn_the_first_card():
    hand = deal("blue-5")
    assert hand.hands == (7, 7, 7, 7) and hand.deck_size == 199
    assert (hand.draw_pile, hand.discard, hand.reshuffles) == (199 - 28 - 1, 1, 0)
    assert (hand.top, hand.suit, hand.to_play, hand.direction) == ("blue-5", "blue", 1, 1)
    assert A.outcome(hand) is None
    kc = deal("gold-1", players=2, dealer=1, kinds=KC)
    assert kc.deck_size == 108 and kc.to_play == 0 and kc.draw_pile == 108 - 15


@pytest.mark.parametrize("first", ["dark-knight", "cannonball", "defender", "warlord",
                                   "hidden-treasure", "catapult"])
def test_a_shield_card_turned_first_goes_back(first):
    with pytest.raises(RuleError) as caught:
        deal(first)
    assert caught.value.rule == "first-shield"


@pytest.mark.parametrize("players, dealer, first, rule", [
    (1, 0, "blue-5", "deal"), (9, 0, "blue-5", "deal"), (4, 4, "blue-5", "deal"),
    (4, 0, "king", "first-card"), (4, 0, "nothing", "first-card"),
    (4, 0, {"card": "king", "suit": "pink"}, "name-suit"), (4, 0, 7, "first-card"),
    (4, 0, {"card": "blue-5", "suit": "blue"}, "first-card"),
])
def test_bad_deals_are_refused(players, dealer, first, rule):
    with pytest.raises(RuleError) as caught:
        A.start_hand(players, dealer, ALL, first, {})
    assert caught.value.rule == rule
    assert caught.value.rule in RULE_IDS


def test_purple_is_not_a_suit_to_name_with_king_s_court_alone():
    with pytest.raises(RuleError) as caught:
        deal({"card": "duke", "suit": "purple"}, kinds=KC)
    assert caught.value.rule == "name-suit"
    with pytest.raises(RuleError) as caught:
        deal("purple-5", kinds=KC)
    assert caught.value.rule == "in-the-deck"


def test_kingdom_card_first_the_dealer_names_the_suit():
    hand = deal({"card": "duke", "suit": "green"})
    assert (hand.top, hand.suit, hand.to_play) == ("duke", "green", 1)
    for card in ("royal-decree", "protector", "magic-potion", "magician"):
        hand = deal({"card": card, "suit": "gold"})
        assert (hand.suit, hand.pending, hand.to_play) == ("gold", None, 1)


def test_drawbridge_first_the_player_left_of_the_dealer_faces_two():
    hand = deal("drawbridge-green", dealer=2)
    assert hand.to_play == 3 and hand.pending == Pending(2, "drawbridge-green", 2, None)
    after = ev(hand, "take", 3)
    assert after.hands[3] == 9 and after.to_play == 0


def test_knight_first_reverses_and_court_jester_first_skips():
    hand = deal("knight-blue", dealer=0)
    assert (hand.direction, hand.to_play) == (-1, 3)
    assert deal("court-jester-blue").to_play == 2
    two = deal("knight-blue", players=2, dealer=0)
    assert (two.direction, two.to_play) == (1, 0)  # two players: the dealer plays again


def test_dragon_and_wizard_first():
    hand = deal({"card": "dragon", "suit": "gold"}, dealer=1)
    assert hand.pending.count == 3 and hand.to_play == 2 and hand.suit == "gold"
    hand = deal({"card": "wizard", "suit": "blue", "choice": "skip"}, dealer=1)
    assert hand.phase == "first" and hand.to_play == 1  # the dealer may add one card
    refused(hand, {"type": "draw", "seat": 1}, "wizard")
    after = ev(hand, "pass", 1)
    assert after.to_play == 3 and after.pending.count == 5  # player 3 skipped: player 4 draws


def test_king_first_the_dealer_may_add_a_card():
    hand = deal({"card": "king", "suit": "green"}, dealer=0)
    assert hand.phase == "first" and hand.to_play == 0
    refused(hand, play_move(1, c("green-3")), "turn-order")
    after = play(hand, 0, c("green-3"))
    assert after.hands[0] == 6 and after.top == "green-3" and after.to_play == 1
    refused(hand, play_move(0, c("blue-3")), "follow-suit", 0)
    refused(hand, play_move(0, c("green-3"), c("green-4")), "one-card", 1)
    passed = ev(hand, "pass", 0)
    assert passed.hands[0] == 7 and passed.to_play == 1 and passed.top == "king"


def test_fair_maiden_first_the_dealer_escorts_or_draws():
    hand = deal("fair-maiden-gold", dealer=0)
    assert hand.phase == "first" and hand.open.need == "escort"
    refused(hand, {"type": "pass", "seat": 0}, "first-card")
    escorted = play(hand, 0, c("gold-9"))
    assert escorted.hands[0] == 6 and escorted.to_play == 1
    drew = ev(hand, "draw", 0)
    assert drew.hands[0] == 8 and drew.phase == "drawn"
    gave_up = ev(drew, "pass", 0)
    assert gave_up.to_play == 1 and gave_up.top == "fair-maiden-gold"
    late = play(drew, 0, c("fair-maiden-blue"), c("blue-2"))
    assert late.hands[0] == 6 and late.top == "blue-2"


def test_dungeon_first_goes_before_the_player_left_of_the_dealer():
    hand = deal({"card": "dungeon", "suit": "blue"}, dealer=0)
    assert hand.dungeon[1] == 0 and hand.dungeon_cards[1] == 1 and hand.discard == 0
    assert (hand.top, hand.suit, hand.to_play) == (None, "blue", 1)
    check(hand)


def test_magician_first_may_become_a_scroll_card():
    hand = deal({"card": "magician", "as": "court-jester-gold"})
    assert (hand.top, hand.top_card, hand.to_play) == ("court-jester-gold", "magician", 2)


# --------------------------------------------------------------------------- matching


def test_suit_and_kind_matching():
    hand = at("blue-5", players=4, to_play=1)
    assert play(hand, 1, c("blue-9")).suit == "blue"
    after = play(hand, 1, c("gold-5"))
    assert (after.top, after.suit, after.to_play) == ("gold-5", "gold", 2)
    error = refused(hand, play_move(1, c("gold-7")), "follow-suit", 0)
    assert "blue" in error.message and "5" in error.message
    assert play(hand, 1, c("knight-blue")).top == "knight-blue"
    refused(hand, play_move(1, c("knight-gold")), "follow-suit", 0)
    on_knight = at("knight-blue", to_play=1)
    assert play(on_knight, 1, c("knight-gold")).suit == "gold"
    refused(on_knight, play_move(1, c("gold-5")), "follow-suit", 0)
    assert play(at("orange-0", to_play=1), 1, c("gold-0")).suit == "gold"  # BONUS zeros


def test_kingdom_cards_play_on_any_suit_and_only_wild_cards_name_one():
    hand = at("blue-5", to_play=1)
    duke = play(hand, 1, c("duke", suit="gold"))
    assert (duke.top, duke.suit) == ("duke", "gold") and said(duke, "Suit named: gold")
    refused(hand, play_move(1, c("duke")), "duke-duchess", 0)
    refused(hand, play_move(1, c("duke", suit="pink")), "name-suit", 0)
    tower = play(hand, 1, c("siege-tower", target=3))
    assert (tower.top, tower.suit) == ("siege-tower", "blue")
    on_king = at("king", suit="green", to_play=1)
    refused(on_king, play_move(1, c("gold-5")), "follow-suit", 0)
    assert play(on_king, 1, c("green-2")).top == "green-2"


def test_card_not_in_the_selection_is_refused():
    hand = dataclasses.replace(at("blue-5", to_play=1), kinds=frozenset(k.id for k in KC))
    refused(hand, play_move(1, c("purple-5")), "in-the-deck", 0)
    refused(hand, play_move(1, c("queen", suit="blue")), "in-the-deck", 0)


# --------------------------------------------------------------------------- Suit Scroll cards


def test_fair_maiden_needs_an_escort():
    hand = at("gold-5", to_play=1)
    refused(hand, play_move(1, c("fair-maiden-gold")), "fair-maiden", 0)
    after = play(hand, 1, c("fair-maiden-gold"), c("gold-8"))
    assert after.hands[1] == 5 and after.top == "gold-8" and after.to_play == 2
    assert play(hand, 1, c("fair-maiden-gold"), c("dragon", suit="blue")).pending.count == 3
    error = refused(hand, play_move(1, c("fair-maiden-gold"), c("blue-8")), "fair-maiden", 1)
    assert error.message.startswith("Card 2")


def test_a_fair_maiden_escorting_a_fair_maiden_needs_her_own_escort():
    hand = at("gold-5", to_play=1)
    refused(hand, play_move(1, c("fair-maiden-gold"), c("fair-maiden-blue")), "fair-maiden", 1)
    after = play(hand, 1, c("fair-maiden-gold"), c("fair-maiden-blue"), c("blue-1"))
    assert after.hands[1] == 4 and after.suit == "blue"
    chain = play(hand, 1, c("fair-maiden-gold"), c("fair-maiden-blue"), c("fair-maiden-green"),
                 c("king", suit="silver"), c("silver-3"))
    assert chain.hands[1] == 2 and chain.top == "silver-3"
    refused(hand, play_move(1, c("fair-maiden-gold"), c("gold-1"), c("gold-2")), "one-card", 2)


def test_drawbridge_makes_the_next_draw_two_and_drawbridges_stack():
    hand = at("blue-5", to_play=1)
    after = play(hand, 1, c("drawbridge-blue"))
    assert after.pending == Pending(2, "drawbridge-blue", 1, "blue") and after.to_play == 2
    assert A.hand_view(after)["options"][0].startswith("Player 3 faces a draw of 2")
    stacked = play(after, 2, c("drawbridge-purple"))
    assert stacked.pending.count == 4 and stacked.to_play == 3 and stacked.suit == "purple"
    again = play(stacked, 3, c("drawbridge-green"))
    assert again.pending.count == 6 and again.to_play == 0
    took = ev(again, "take", 0)
    assert took.hands[0] == 13 and took.to_play == 1 and took.pending is None
    assert took.top == "drawbridge-green" and took.suit == "green"


def test_only_a_drawbridge_stacks_on_a_drawbridge():
    hand = play(at("blue-5", to_play=1), 1, c("drawbridge-blue"))
    refused(hand, play_move(2, c("blue-7")), "draw-cards", 0)
    refused(hand, play_move(2, c("dragon", suit="blue")), "draw-cards", 0)
    refused(hand, play_move(2, c("magician", **{"as": "drawbridge-gold"})), "reading-magician", 0)
    refused(hand, play_move(2, c("drawbridge-gold"), c("gold-1")), "one-card", 1)
    refused(hand, {"type": "draw", "seat": 2}, "take")
    refused(hand, {"type": "pass", "seat": 2}, "take")
    dragon = play(at("blue-5", to_play=1), 1, c("dragon", suit="gold"))
    refused(dragon, play_move(2, c("drawbridge-gold")), "stacking", 0)


def test_knight_reverses_and_with_two_players_skips():
    hand = at("blue-5", to_play=1)
    after = play(hand, 1, c("knight-blue"))
    assert (after.direction, after.to_play) == (-1, 0)
    back = play(after, 0, c("knight-gold"))
    assert (back.direction, back.to_play) == (1, 1)
    two = at("blue-5", players=2, to_play=1)
    skip = play(two, 1, c("knight-blue"))
    assert (skip.direction, skip.to_play) == (1, 1) and said(skip, "two players")


def test_court_jester_skips():
    hand = at("blue-5", to_play=1)
    after = play(hand, 1, c("court-jester-blue"))
    assert after.to_play == 3 and said(after, "Skipped: player 3")
    two = play(at("blue-5", players=2, to_play=0), 0, c("court-jester-blue"))
    assert two.to_play == 0


def test_queens_option_either_suit_and_a_direction_choice():
    hand = at("gold-5", to_play=1)
    qo = "queens-option-gold-burgundy"
    same = play(hand, 1, c(qo, suit="burgundy"))
    assert (same.suit, same.to_play, same.direction) == ("burgundy", 2, 1)
    assert play(hand, 1, c(qo, suit="gold", choice="skip")).to_play == 3
    rev = play(hand, 1, c(qo, suit="gold", choice="reverse"))
    assert (rev.to_play, rev.direction) == (0, -1)
    assert play(at("burgundy-2", to_play=1), 1, c(qo, suit="gold")).suit == "gold"
    refused(at("blue-5", to_play=1), play_move(1, c(qo, suit="gold")), "queens-option", 0)
    refused(hand, play_move(1, c(qo, suit="blue")), "queens-option", 0)
    refused(hand, play_move(1, c(qo)), "queens-option", 0)
    refused(hand, play_move(1, c(qo, suit="gold", choice="up")), "queens-option", 0)
    on_qo = at("queens-option-green-blue", suit="green", to_play=1)
    assert play(on_qo, 1, c(qo, suit="gold")).suit == "gold"  # same kind


# --------------------------------------------------------------------------- Kingdom cards


def test_king_and_queen_allow_one_more_playable_card():
    hand = at("blue-5", to_play=1)
    for wild in ("king", "queen"):
        after = play(hand, 1, c(wild, suit="gold"), c("gold-7"))
        assert after.hands[1] == 5 and after.top == "gold-7" and after.to_play == 2
        assert play(hand, 1, c(wild, suit="gold")).hands[1] == 6  # the extra is not required
        refused(hand, play_move(1, c(wild, suit="gold"), c("blue-7")), "follow-suit", 1)
        refused(hand, play_move(1, c(wild, suit="gold"), c("gold-7"), c("gold-8")), "one-card",
                2)
    double = play(hand, 1, c("king", suit="gold"), c("king", suit="green"), c("green-1"))
    assert double.hands[1] == 4 and double.suit == "green"


def test_duke_and_duchess_allow_no_more():
    hand = at("blue-5", to_play=1)
    for wild in ("duke", "duchess"):
        refused(hand, play_move(1, c(wild, suit="gold"), c("gold-7")), "one-card", 1)
    refused(hand, play_move(1, c("blue-7"), c("blue-8")), "one-card", 1)


def test_dragon_names_a_suit_and_the_next_draws_three():
    hand = at("blue-5", to_play=1)
    after = play(hand, 1, c("dragon", suit="green"))
    assert after.pending == Pending(3, "dragon", 1, "blue") and after.suit == "green"
    took = ev(after, "take", 2)
    assert took.hands[2] == 10 and took.to_play == 3 and took.suit == "green"


def test_wizard_names_a_suit_may_add_a_card_and_the_next_draws_five():
    hand = at("blue-5", to_play=1)
    after = play(hand, 1, c("wizard", suit="gold"))
    assert after.pending.count == 5 and after.to_play == 2 and after.suit == "gold"
    extra = play(hand, 1, c("wizard", suit="gold"), c("gold-2"))
    assert extra.pending.count == 5 and extra.top == "gold-2" and extra.hands[1] == 5
    reverse = play(hand, 1, c("wizard", suit="gold", choice="reverse"))
    assert (reverse.to_play, reverse.direction, reverse.pending.count) == (0, -1, 5)


def test_wizard_skip_the_player_after_the_skipped_one_draws_five():
    hand = at("blue-5", to_play=1)
    after = play(hand, 1, c("wizard", suit="gold", choice="skip"))
    assert after.to_play == 3 and after.pending.count == 5 and said(after, "Skipped: player 3")


def test_with_two_players_a_skip_never_makes_a_player_draw_for_their_own_draw_card():
    two = at("blue-5", players=2, to_play=1)
    wizard = play(two, 1, c("wizard", suit="gold", choice="skip"))
    assert wizard.to_play == 0 and wizard.pending.count == 5
    assert said(wizard, "must draw 5")
    jester = play(two, 1, c("king", suit="blue"), c("court-jester-blue"))
    assert jester.to_play == 1 and jester.pending is None  # a plain skip: play again
    dragon = play(two, 1, c("wizard", suit="blue"), c("dragon", suit="gold"))
    assert dragon.to_play == 0 and dragon.pending.count == 8


def test_wizard_with_a_draw_card_as_the_extra_card_the_draws_add_up():
    hand = at("blue-5", to_play=1)
    dragon = play(hand, 1, c("wizard", suit="gold"), c("dragon", suit="green"))
    assert dragon.pending.count == 8 and dragon.pending.kind == "dragon"
    bridge = play(hand, 1, c("wizard", suit="gold"), c("drawbridge-gold"))
    assert bridge.pending == Pending(7, "drawbridge-gold", 1, "blue")
    assert play(bridge, 2, c("drawbridge-silver")).pending.count == 9  # it may be stacked


def test_royal_decree_only_against_a_draw_card():
    hand = at("blue-5", to_play=1)
    refused(hand, play_move(1, c("royal-decree")), "defensive-only", 0)
    refused(hand, play_move(1, c("protector")), "defensive-only", 0)
    refused(hand, play_move(1, c("magician", **{"as": "protector"})), "defensive-only", 0)


def test_royal_decree_turns_the_draw_back_and_the_suit_stays_as_before():
    hand = play(at("blue-5", to_play=1), 1, c("dragon", suit="green"))
    after = play(hand, 2, c("royal-decree"))
    assert after.direction == -1 and after.to_play == 1
    assert after.pending == Pending(3, "royal-decree", 2, "blue") and after.suit == "blue"
    took = ev(after, "take", 1)
    assert took.hands[1] == 6 + 3 and took.to_play == 0  # play goes on to the right
    protected = play(after, 1, c("protector"))
    assert protected.pending is None and protected.to_play == 0
    decreed = play(after, 1, c("magician", **{"as": "royal-decree"}))
    assert decreed.to_play == 2 and decreed.direction == 1 and decreed.pending.count == 3


def test_an_answer_is_the_whole_turn():
    hand = play(at("blue-5", to_play=1), 1, c("dragon", suit="gold"))
    refused(hand, play_move(2, c("royal-decree"), c("blue-1")), "one-card", 1)
    refused(hand, play_move(2, c("protector"), c("gold-1")), "one-card", 1)


def test_royal_decree_against_stacked_drawbridges():
    hand = play(at("blue-5", to_play=1), 1, c("drawbridge-blue"))
    hand = play(hand, 2, c("drawbridge-gold"))
    after = play(hand, 3, c("royal-decree"))
    assert after.to_play == 2 and after.pending.count == 4 and after.suit == "blue"
    refused(after, play_move(2, c("drawbridge-green")), "stacking", 0)


def test_protector_cancels_and_play_passes_on():
    hand = play(at("blue-5", to_play=1), 1, c("wizard", suit="gold", choice="skip"))
    after = play(hand, 3, c("protector"))
    assert after.pending is None and after.to_play == 0 and after.suit == "blue"
    assert after.top == "protector" and after.hands[3] == 6
    as_magician = play(hand, 3, c("magician", **{"as": "protector"}))
    assert as_magician.top == "protector" and as_magician.top_card == "magician"


def test_magician_becomes_a_scroll_card_that_could_be_played_now():
    hand = at("blue-5", to_play=1)
    knight = play(hand, 1, c("magician", **{"as": "knight-blue"}))
    assert (knight.top, knight.top_card, knight.direction) == ("knight-blue", "magician", -1)
    king = play(hand, 1, c("magician", **{"as": "king"}, suit="gold"), c("gold-1"))
    assert king.hands[1] == 5
    refused(hand, play_move(1, c("magician", **{"as": "knight-gold"})), "follow-suit", 0)
    refused(hand, play_move(1, c("magician")), "magician", 0)
    refused(hand, play_move(1, c("magician", **{"as": "magician"})), "magician", 0)
    refused(hand, play_move(1, c("magician", **{"as": "blue-7"})), "magician", 0)
    refused(hand, play_move(1, c("magician", **{"as": "catapult"})), "magician", 0)
    refused(hand, play_move(1, c("magician", **{"as": "zebra"})), "play-format", 0)
    refused(hand, play_move(1, c("blue-7", **{"as": "king"})), "play-format", 0)
    kc = dataclasses.replace(hand, kinds=frozenset(k.id for k in KC))
    refused(kc, play_move(1, c("magician", **{"as": "queen"}, suit="blue")),
            "reading-magician", 0)
    refused(hand, play_move(1, c("magician", **{"as": "magic-potion"})), "last-card-only", 0)


def test_magic_potion_and_hidden_treasure_only_as_the_last_card():
    for card in ("magic-potion", "hidden-treasure"):
        hand = at("blue-5", to_play=1, hands=(7, 2, 7, 7))
        refused(hand, play_move(1, c(card)), "last-card-only", 0)
        refused(hand, play_move(1, c(card), c("blue-3")), "last-card-only", 0)
        out = play(at("blue-5", to_play=1, hands=(7, 1, 7, 7)), 1, c(card))
        assert A.outcome(out)["out"] == 1 and A.outcome(out)["last"] == card
        king = play(hand, 1, c("king", suit="gold"), c(card))
        assert A.outcome(king)["out"] == 1
    kc = dataclasses.replace(at("blue-5", to_play=1, hands=(7, 1, 7, 7)),
                             kinds=frozenset(k.id for k in KC))
    refused(kc, play_move(1, c("hidden-treasure")), "in-the-deck", 0)


# --------------------------------------------------------------------------- going out


def test_going_out_ends_the_hand():
    hand = at("blue-5", to_play=1, hands=(7, 1, 7, 7))
    out = play(hand, 1, c("blue-8"))
    assert A.outcome(out) == {"out": 1, "ended_by": "out", "last": "blue-8",
                              "last_card": "blue-8", "next_draws": 0,
                              "next": None, "dungeon": None, "dungeons": [], "played": []}
    assert A.hand_view(out)["to_play"] is None and A.hand_view(out)["over"]
    refused(out, {"type": "draw", "seat": 2}, "hand-over")


def test_going_out_with_a_draw_card_the_next_draws_at_once_and_cannot_answer():
    hand = at("blue-5", to_play=1, hands=(7, 1, 7, 7))
    out = play(hand, 1, c("dragon", suit="gold"))
    end = A.outcome(out)
    assert (end["next_draws"], end["next"], end["last"]) == (3, 2, "dragon")
    assert out.hands[2] == 10 and out.pending is None
    wizard = play(at("blue-5", to_play=1, hands=(7, 2, 7, 7)), 1,
                  c("wizard", suit="gold", choice="skip"), c("drawbridge-gold"))
    assert A.outcome(wizard)["next_draws"] == 7 and A.outcome(wizard)["next"] == 3
    stack = play(at("drawbridge-blue", to_play=2, hands=(7, 7, 1, 7),
                    pending=Pending(4, "drawbridge-blue", 1, "gold")), 2,
                 c("drawbridge-gold"))
    assert A.outcome(stack)["next_draws"] == 6 and stack.hands[3] == 13


def test_going_out_with_a_royal_decree_the_draw_is_not_taken():
    hand = play(at("blue-5", to_play=1, hands=(7, 7, 1, 7)), 1, c("dragon", suit="gold"))
    out = play(hand, 2, c("royal-decree"))
    assert A.outcome(out)["out"] == 2 and A.outcome(out)["next_draws"] == 0


def test_the_hand_size_limits_a_play():
    hand = at("blue-5", to_play=1, hands=(7, 1, 7, 7))
    refused(hand, play_move(1, c("king", suit="blue"), c("blue-2")), "hand-size", 1)


# --------------------------------------------------------------------------- turns


def test_turn_order_draw_pass_take():
    hand = at("blue-5", to_play=1)
    refused(hand, play_move(2, c("blue-9")), "turn-order")
    refused(hand, {"type": "pass", "seat": 1}, "pass")
    refused(hand, {"type": "take", "seat": 1}, "take")
    drew = ev(hand, "draw", 1)
    assert drew.hands[1] == 8 and drew.phase == "drawn" and drew.to_play == 1
    refused(drew, {"type": "draw", "seat": 1}, "draw-one")
    played = play(drew, 1, c("blue-1"))
    assert played.hands[1] == 7 and played.to_play == 2
    passed = ev(drew, "pass", 1)
    assert passed.to_play == 2 and passed.phase == "turn" and passed.hands[1] == 8


def test_reshuffle_when_the_draw_pile_runs_out():
    hand = at("blue-5", to_play=1)
    empty = dataclasses.replace(hand, discard=hand.discard + hand.draw_pile, draw_pile=0)
    after = ev(empty, "draw", 1)
    assert after.reshuffles == 1 and after.discard == 1
    assert after.draw_pile == hand.draw_pile - 1 and said(after, "reshuffle 1")
    twice = ev(dataclasses.replace(after, discard=after.discard + after.draw_pile, draw_pile=0,
                                   phase="turn", to_play=2), "draw", 2)
    assert twice.reshuffles == 2
    nothing = dataclasses.replace(hand, hands=(7, 7 + hand.draw_pile, 7, 7), draw_pile=0)
    none = ev(nothing, "draw", 1)
    assert none.reshuffles == 0 and none.hands[1] == nothing.hands[1] and none.phase == "drawn"


def test_take_draws_through_a_reshuffle():
    hand = play(at("blue-5", to_play=1), 1, c("dragon", suit="gold"))
    low = dataclasses.replace(hand, draw_pile=1, discard=hand.discard + hand.draw_pile - 1)
    took = ev(low, "take", 2)
    assert took.hands[2] == 10 and took.reshuffles == 1


# --------------------------------------------------------------------------- the Dungeon


def test_dungeon_two_lost_turns_and_the_escape():
    hand = at("blue-5", to_play=1)
    after = play(hand, 1, c("dungeon"))
    assert after.dungeon[2] == 0 and after.dungeon_cards[2] == 1
    assert (after.top, after.suit, after.to_play) == ("blue-5", "blue", 2)
    assert after.pending == Pending(0, "dungeon", 1, None, dungeons=1)  # it may be answered
    refused(after, play_move(2, c("blue-1")), "dungeon", 0)
    refused(after, {"type": "draw", "seat": 2}, "dungeon")
    refused(after, {"type": "escape", "seat": 2}, "dungeon-escape")
    first = ev(after, "take", 2)
    assert first.hands[2] == 8 and first.dungeon[2] == 1 and first.to_play == 3
    round_ = play(play(play(first, 3, c("blue-6")), 0, c("blue-7")), 1, c("blue-8"))
    second = ev(round_, "take", 2)
    assert second.dungeon[2] == 2 and second.escape == 2 and second.hands[2] == 9
    assert "may leave the Dungeon" in A.hand_view(second)["options"][0]
    free = ev(second, "escape", 2)
    assert free.dungeon[2] == -1 and free.dungeon_cards[2] == 0 and free.top == "blue-8"
    assert free.discard == second.discard + 1 and free.to_play == 3


def test_dungeon_missed_escape_costs_a_third_turn():
    hand = play(at("blue-5", to_play=1, players=2), 1, c("dungeon"))
    assert hand.to_play == 0 and hand.dungeon[0] == 0
    hand = ev(hand, "take", 0)
    hand = play(hand, 1, c("blue-6"))
    hand = ev(hand, "take", 0)
    assert hand.escape == 0
    moved_on = play(hand, 1, c("blue-7"))  # the next player acted first
    assert moved_on.escape is None
    refused(moved_on, {"type": "escape", "seat": 0}, "dungeon-escape")
    third = ev(moved_on, "take", 0)
    assert third.dungeon[0] == -1 and third.dungeon_cards[0] == 0 and third.hands[0] == 10
    assert third.top == "blue-7"


def test_a_skip_is_not_a_dungeon_turn():
    hand = play(at("blue-5", to_play=1), 1, c("dungeon"))
    skipped = dataclasses.replace(hand, to_play=1, pending=None)
    after = play(skipped, 1, c("court-jester-blue"))
    assert after.to_play == 3 and after.dungeon[2] == 0


def test_a_draw_card_against_a_dungeon_player_adds_its_draws():
    hand = play(at("blue-5", to_play=1), 1, c("dungeon"))
    hand = dataclasses.replace(hand, to_play=1, pending=None)  # say player 2 plays again
    dragon = play(hand, 1, c("dragon", suit="gold"))
    assert dragon.pending.count == 3 and dragon.to_play == 2
    refused(dragon, play_move(2, c("royal-decree")), "dungeon")
    took = ev(dragon, "take", 2)
    assert took.hands[2] == 7 + 4 and took.dungeon[2] == 1


def test_a_second_dungeon_adds_one_card_and_lies_with_the_first():
    hand = play(at("blue-5", to_play=1), 1, c("dungeon"))
    hand = dataclasses.replace(hand, to_play=1, pending=None)
    again = play(hand, 1, c("dungeon"))
    assert again.dungeon_cards[2] == 2 and again.pending.count == 1
    took = ev(again, "take", 2)
    assert took.hands[2] == 9


def test_dungeon_as_the_last_card():
    out = play(at("blue-5", to_play=1, hands=(7, 1, 7, 7)), 1, c("dungeon"))
    end = A.outcome(out)
    assert (end["next_draws"], end["next"], end["dungeon"], end["last"]) == (2, 2, 2, "dungeon")
    assert out.hands[2] == 9 and out.dungeon_cards[2] == 1
    jailed = play(at("blue-5", to_play=1), 1, c("dungeon"))
    jailed = dataclasses.replace(jailed, to_play=1, hands=(7, 1, 7, 7), pending=None,
                                 draw_pile=jailed.draw_pile + 5)
    second = play(jailed, 1, c("dungeon"))
    end = A.outcome(second)
    assert (end["next_draws"], end["dungeon"], end["dungeons"]) == \
        (1, 2, [{"seat": 2, "cards": 2, "magicians": 0}])


# --------------------------------------------------------------------------- Shield cards


def test_battle_cards_only_on_a_normal_turn():
    hand = play(at("blue-5", to_play=1), 1, c("dragon", suit="gold"))
    refused(hand, play_move(2, c("catapult", target=0)), "draw-cards", 0)


def test_cannonball_gathers_and_deals_again():
    hand = at("blue-5", to_play=1, hands=(3, 5, 7, 2))
    after = play(hand, 1, c("cannonball"))  # 16 cards over four, from the dealer's left
    assert after.hands == (4, 4, 4, 4) and after.top == "cannonball" and after.suit == "blue"
    uneven = play(at("blue-5", to_play=1, hands=(3, 5, 7, 3)), 1, c("cannonball"))
    assert uneven.hands == (4, 5, 4, 4)  # 17: players 2 gets the extra card (dealer's left)
    defended = play(hand, 1, c("cannonball", defended=[2]))
    assert defended.hands[2] == 6 and sum(defended.hands) == 3 + 4 + 6 + 2


def test_catapult_swaps_hands_unless_the_target_defends():
    hand = at("blue-5", to_play=1, hands=(7, 4, 9, 7))
    after = play(hand, 1, c("catapult", target=2))
    assert after.hands == (7, 9, 3, 7)
    kept = play(hand, 1, c("catapult", target=2, defended=[2]))
    assert kept.hands == (7, 3, 8, 7)
    refused(hand, play_move(1, c("catapult")), "catapult", 0)
    refused(hand, play_move(1, c("catapult", target=1)), "catapult", 0)
    refused(hand, play_move(1, c("catapult", target=2, defended=[3])), "defender", 0)


def test_flaming_arrow_gives_or_burns_one_card():
    hand = at("blue-5", to_play=1, hands=(7, 4, 7, 7))
    given = play(hand, 1, c("flaming-arrow", burn=3))
    assert given.hands == (7, 2, 7, 8)
    burnt = play(hand, 1, c("flaming-arrow", burn="discard"))
    assert burnt.hands[1] == 2 and burnt.discard == hand.discard + 2 and burnt.top == \
        "flaming-arrow"
    assert play(hand, 1, c("flaming-arrow")).hands[1] == 3
    kept = play(hand, 1, c("flaming-arrow", burn=3, defended=[3]))
    assert kept.hands == (7, 3, 7, 6)  # the card stays with its player
    refused(hand, play_move(1, c("flaming-arrow", burn=1)), "flaming-arrow", 0)
    last = at("blue-5", to_play=1, hands=(7, 1, 7, 7))
    refused(last, play_move(1, c("flaming-arrow", burn="discard")), "flaming-arrow", 0)


def test_siege_tower_and_imperial_tax():
    hand = at("blue-5", to_play=1, hands=(7, 4, 7, 7))
    tower = play(hand, 1, c("siege-tower", target=0))
    assert tower.hands == (7, 3, 7, 7) and said(tower, "looks at player 1")
    tax = play(hand, 1, c("imperial-tax"))
    assert tax.hands == (7, 3, 7, 7)
    assert tax.discard == hand.discard + 1 + 3 and tax.draw_pile == hand.draw_pile - 3
    spared = play(hand, 1, c("imperial-tax", defended=[0, 3]))
    assert spared.hands == (6, 3, 7, 6) and spared.draw_pile == hand.draw_pile - 1
    refused(hand, play_move(1, c("imperial-tax", defended=[1])), "defender", 0)
    refused(hand, play_move(1, c("imperial-tax", defended=[0, 2, 3])), "defender", 0)


def test_defender_only_answers_a_battle_card():
    hand = at("blue-5", to_play=1)
    refused(hand, play_move(1, c("defender")), "defender", 0)
    refused(hand, play_move(1, c("king", suit="blue"), c("defender")), "defender", 1)


def test_defended_lists_are_checked():
    hand = at("blue-5", to_play=1)
    refused(hand, play_move(1, c("cannonball", defended=2)), "play-format", 0)
    refused(hand, play_move(1, c("cannonball", defended=[2, 2])), "defender", 0)
    refused(hand, play_move(1, c("cannonball", defended=[7])), "play-format", 0)
    refused(hand, play_move(1, c("blue-7", defended=[2])), "play-format", 0)
    kc = dataclasses.replace(hand, kinds=frozenset(k.id for k in KC) | {"cannonball"})
    refused(kc, play_move(1, c("cannonball", defended=[2])), "in-the-deck", 0)


def test_a_battle_card_as_the_last_card_acts_first():
    cannon = play(at("blue-5", to_play=1, hands=(4, 1, 4, 4)), 1, c("cannonball"))
    assert A.outcome(cannon) is None and sum(cannon.hands) == 12
    catapult = play(at("blue-5", to_play=1, hands=(4, 1, 4, 4)), 1, c("catapult", target=3))
    assert A.outcome(catapult)["out"] == 3  # left with no cards, player 4 goes out
    tower = play(at("blue-5", to_play=1, hands=(4, 1, 4, 4)), 1, c("siege-tower", target=3))
    assert A.outcome(tower)["out"] == 1 and A.outcome(tower)["last"] == "siege-tower"


def test_risk_cards_are_revealed_and_replaced():
    hand = at("blue-5", to_play=1)
    after = ev(hand, "reveal", 3, card="dark-knight")
    assert after.face_up[3] == ("dark-knight",) and after.hands[3] == 7
    assert after.draw_pile == hand.draw_pile - 1
    refused(after, {"type": "reveal", "seat": 0, "card": "dark-knight"}, "risk-reveal")
    refused(hand, {"type": "reveal", "seat": 0, "card": "blue-5"}, "risk-reveal")
    kc = dataclasses.replace(hand, kinds=frozenset(k.id for k in KC))
    refused(kc, {"type": "reveal", "seat": 0, "card": "poison-garden"}, "in-the-deck")
    refused(hand, play_move(1, c("poison-garden")), "risk-play", 0)
    refused(hand, {"type": "risk", "seat": 1, "card": "poison-garden"}, "risk-play")


def test_poison_garden_and_castle_fire_end_the_hand_out_of_turn():
    hand = ev(at("blue-5", to_play=1), "reveal", 3, card="poison-garden")
    ended = ev(hand, "risk", 3, card="poison-garden")
    end = A.outcome(ended)
    assert end["ended_by"] == "poison-garden" and end["out"] is None
    assert end["played"] == [{"card": "poison-garden", "by": 3, "on": None}]
    assert ended.face_up[3] == () and ended.set_aside == 1
    fire = ev(ev(at("blue-5", to_play=1), "reveal", 0, card="castle-fire"), "risk", 0,
              card="castle-fire")
    assert A.outcome(fire)["ended_by"] == "castle-fire"
    refused(hand, {"type": "risk", "seat": 3, "card": "poison-garden", "on": 1}, "play-format")


def test_kings_goblet_everyone_draws_five():
    hand = ev(at("blue-5", to_play=1), "reveal", 2, card="kings-goblet")
    after = ev(hand, "risk", 2, card="kings-goblet")
    assert after.hands == (12, 12, 12, 12) and after.to_play == 1
    assert A.outcome(after) is None and after.played == (("kings-goblet", 2, None),)


def test_dark_knight_only_on_a_player_just_on_guard():
    hand = ev(at("blue-5", to_play=1, hands=(7, 2, 7, 7)), "reveal", 3, card="dark-knight")
    refused(hand, {"type": "risk", "seat": 3, "card": "dark-knight", "on": 1}, "dark-knight")
    guard = play(hand, 1, c("blue-9"))
    assert A.hand_view(guard)["on_guard"] == [1]
    refused(guard, {"type": "risk", "seat": 3, "card": "dark-knight"}, "dark-knight")
    refused(guard, {"type": "risk", "seat": 3, "card": "dark-knight", "on": 3}, "dark-knight")
    knight = ev(guard, "risk", 3, card="dark-knight", on=1)
    assert knight.played == (("dark-knight", 3, 1),)
    later = ev(guard, "draw", 2)  # the next player started: too late
    refused(later, {"type": "risk", "seat": 3, "card": "dark-knight", "on": 1}, "dark-knight")


def test_warlord_at_the_start_of_another_players_turn():
    hand = ev(at("blue-5", to_play=1), "reveal", 3, card="warlord")
    refused(hand, {"type": "risk", "seat": 3, "card": "warlord"}, "warlord")
    refused(hand, {"type": "risk", "seat": 3, "card": "warlord", "on": 2}, "warlord")
    refused(hand, {"type": "risk", "seat": 1, "card": "warlord", "on": 1}, "warlord")
    lord = ev(hand, "risk", 3, card="warlord", on=1)
    assert lord.warlord == 3 and A.hand_view(lord)["warlord"] == {"by": 3, "on": 1}
    assert lord.face_up[3] == () and lord.set_aside == 1
    turn = play(lord, 1, c("blue-2"))  # seat 3 plays seat 1's turn, with seat 1's cards
    assert turn.hands[1] == 6 and turn.warlord is None
    drew = ev(at("blue-5", to_play=1), "draw", 1)
    refused(drew, {"type": "risk", "seat": 3, "card": "warlord", "on": 1}, "warlord")


def test_warlord_from_the_hand_even_as_the_last_card():
    hand = at("blue-5", to_play=1)
    shown = ev(hand, "reveal", 2, card="warlord")
    refused(shown, {"type": "risk", "seat": 0, "card": "warlord", "on": 1}, "warlord")
    refused(shown, {"type": "reveal", "seat": 0, "card": "warlord"}, "risk-reveal")
    lord = ev(hand, "risk", 0, card="warlord", on=1)
    assert lord.hands[0] == 6 and lord.played == (("warlord", 0, 1),)
    # Rulebook (Warlord): "it can be played at any point during an active hand ... the card value
    # is added to the player's round score, even if the player who had this card goes out."
    last = at("blue-5", to_play=1, hands=(1, 7, 7, 7))
    gone = ev(last, "risk", 0, card="warlord", on=1)
    assert gone.hands[0] == 0 and A.outcome(gone)["out"] == 0
    assert A.outcome(gone)["played"] == [{"card": "warlord", "by": 0, "on": 1}]
    assert said(gone, "the Warlord's points still count") and gone.warlord is None
    empty = at("blue-5", to_play=1, hands=(0, 7, 7, 7))
    assert "no cards" in refused(empty, {"type": "risk", "seat": 0, "card": "warlord", "on": 1},
                                 "warlord").message
    refused(hand, play_move(1, c("warlord")), "warlord", 0)



# --------------------------------------------------------------------------- partners


def test_a_partners_yes_binds_the_player_to_go_out_or_take_two():
    """Rulebook (Partners): "The team member is not bound by a 'No' response, however, if the
    response is 'Yes,' the player must either go out or immediately draw two cards and lose
    their turn."""
    alone = at("blue-5", to_play=1, hands=(7, 2, 7, 7))
    assert "not played in partnerships" in refused(alone, {"type": "yes", "seat": 1},
                                                   "partners-yes").message
    hand = dataclasses.replace(alone, partners=True)
    refused(hand, {"type": "yes", "seat": 2}, "turn-order")
    asked = ev(hand, "yes", 1)
    assert asked.yes == 1 and A.hand_view(asked)["yes"] == 1
    assert any("partner said Yes" in option for option in A.hand_view(asked)["options"])
    refused(asked, {"type": "yes", "seat": 1}, "partners-yes")
    refused(asked, {"type": "draw", "seat": 1}, "partners-yes")
    refused(asked, {"type": "pass", "seat": 1}, "partners-yes")
    refused(asked, play_move(1, c("blue-7")), "partners-yes")  # one of two cards: not out
    refused(asked, {"type": "risk", "seat": 3, "card": "warlord", "on": 1}, "warlord")
    took = ev(asked, "take", 1)
    assert took.hands[1] == 4 and took.to_play == 2 and took.yes is None
    assert said(took, "2 after the partner's Yes")
    out = run(asked, play_move(1, c("king", suit="blue"), c("blue-7")))
    assert A.outcome(out)["out"] == 1
    drawn = ev(ev(hand, "draw", 1), "yes", 1)  # asked after drawing: the same choice
    assert ev(drawn, "take", 1).hands[1] == 5
    assert A.describe({"type": "yes", "seat": 1}, ["Ann", "Bob", "Cat", "Dan"]) == \
        "Bob's partner said Yes"


def test_a_partners_yes_is_not_asked_while_cards_are_due():
    hand = at("blue-5", to_play=1, partners=True,
              pending=Pending(2, "drawbridge-blue", 0, "blue"))
    assert "faces a draw of 2" in refused(hand, {"type": "yes", "seat": 1},
                                          "partners-yes").message
    caught = dataclasses.replace(at("blue-5", to_play=1, partners=True),
                                 penalty=(False, True, False, False))
    refused(caught, {"type": "yes", "seat": 1}, "on-guard-penalty")


def test_a_partners_yes_while_a_draw_is_pending_when_one_card_goes_out():
    """Rulebook (Partners): "When a team member can go out, that player may ask another team
    member." A player facing a draw with one card left can go out by stacking or answering."""
    hand = at("gold-6", to_play=0, hands=(7, 1, 7, 7), partners=True)
    bridge = play(hand, 0, c("drawbridge-gold"))
    assert A.hand_view(bridge)["ask_partner"]
    asked = ev(bridge, "yes", 1)
    assert asked.yes == 1
    out = play(asked, 1, c("drawbridge-blue"))  # stacks and goes out
    assert A.outcome(out)["out"] == 1 and out.hands[2] == 7 + 4
    took = ev(asked, "take", 1)
    assert took.hands[1] == 1 + 2 + 2 and said(took, "2 after the partner's Yes")
    protected = play(asked, 1, c("protector"))
    assert A.outcome(protected)["out"] == 1
    # with two cards the answer (one card) cannot empty the hand: nobody goes out this turn
    two = play(at("gold-6", to_play=0, hands=(7, 2, 7, 7), partners=True), 0,
               c("drawbridge-gold"))
    assert not A.hand_view(two)["ask_partner"]
    assert "one card" in refused(two, {"type": "yes", "seat": 1}, "partners-yes").message
    # a Dungeon just played on a player with one card: the same
    jailed = play(at("gold-6", to_play=0, hands=(7, 1, 7, 7), partners=True), 0, c("dungeon"))
    out = play(ev(jailed, "yes", 1), 1, c("magician", **{"as": "protector"}))
    assert A.outcome(out)["out"] == 1


# --------------------------------------------------------------------------- every draw card


DRAWS = [("wizard", {"suit": "gold"}, 5), ("dragon", {"suit": "gold"}, 3), ("dungeon", {}, 1),
         ("drawbridge-blue", {}, 2)]
DEFENCES = [c("royal-decree"), c("protector"), c("magician", **{"as": "royal-decree"}),
            c("magician", **{"as": "protector"})]


@pytest.mark.parametrize("draw, fields, due", DRAWS, ids=[d[0] for d in DRAWS])
@pytest.mark.parametrize("answer", DEFENCES, ids=["decree", "protector", "magician-decree",
                                                  "magician-protector"])
def test_every_defensive_card_answers_every_draw_card(draw, fields, due, answer):
    """Rulebook: "Draw Cards: Wizard, Dragon, Dungeon, and Drawbridge"; the Royal Decree and
    the Protector are played "in response to a draw card", a Magician as either (rulings)."""
    hand = play(at("blue-5", to_play=1), 1, c(draw, **fields))
    assert hand.to_play == 2
    view = A.hand_view(hand)
    assert {"royal-decree", "protector", "magician"} <= set(view["playable"])
    assert "answer with a Royal Decree or a Protector" in " ".join(view["options"])
    took = ev(hand, "take", 2)
    assert took.hands[2] == 7 + due  # not answering: the cards due, as before
    # "May I play this card?" asks the same of the situation the table sees
    asked = A.judge(_situation_of(hand, 2), [answer])
    assert asked["allowed"], asked["message"]
    after = play(hand, 2, answer)
    assert after.hands[2] == 6 and after.dungeon[2] == -1 and after.dungeon_cards[2] == 0
    assert after.top == answer.get("as", answer["card"]) and after.suit == "blue"
    if after.top == "protector":
        assert after.pending is None and after.to_play == 3 and after.direction == 1
        assert after.discard == hand.discard + 1 + (draw == "dungeon")  # the Dungeon card too
    else:  # turned back on its player, who may answer in turn or take
        assert after.to_play == 1 and after.direction == -1
        assert after.pending.kind == "royal-decree"
        if draw == "dungeon":  # the Dungeon now lies in front of the one who played it
            assert after.dungeon[1] == 0 and after.dungeon_cards[1] == 1
        back = ev(after, "take", 1)
        assert back.hands[1] == 6 + due and back.to_play == 0
        again = play(after, 1, c("protector"))
        assert again.pending is None and again.dungeon[1] == -1 and again.to_play == 0


def test_a_dungeon_on_a_prisoner_still_cannot_be_answered():
    hand = play(at("blue-5", to_play=1), 1, c("dungeon"))
    hand = dataclasses.replace(ev(hand, "take", 2), to_play=1)  # player 2 already inside
    again = play(hand, 1, c("dungeon"))
    refused(again, play_move(2, c("protector")), "dungeon")
    refused(again, play_move(2, c("royal-decree")), "dungeon")


def test_a_dungeon_answer_refusals():
    hand = play(at("blue-5", to_play=1), 1, c("dungeon"))
    assert "faces the Dungeon" in refused(hand, play_move(2, c("blue-1")), "dungeon",
                                          0).message
    refused(hand, play_move(2, c("drawbridge-blue")), "dungeon", 0)
    refused(hand, {"type": "draw", "seat": 2}, "dungeon")
    refused(hand, {"type": "pass", "seat": 2}, "dungeon")
    refused(hand, play_move(2, c("protector"), c("blue-1")), "one-card", 1)


def test_judge_a_dungeon_waiting():
    for answer in DEFENCES:
        assert judge([answer], pending={"count": 1, "kind": "dungeon"})["allowed"]
    assert judge([c("blue-1")], pending={"count": 1, "kind": "dungeon"})["rule"] == "dungeon"
    jail = judge([c("dungeon")])
    assert jail["after"]["pending"] == {"count": 1, "kind": "dungeon"}
    assert A.judge(jail["after"], [c("protector")])["allowed"]


# --------------------------------------------------------------------------- the words


def test_the_words_read_as_a_player_says_them():
    """Messages a player reads: "an 8" and "an orange card", "you hold" for the judged player."""
    refusal = refused(at("gold-8", suit="orange"), play_move(1, c("blue-7")), "follow-suit", 0)
    assert "an orange card, an 8 or a Kingdom card" in refusal.message
    assert " a 8" not in refusal.message and "a orange" not in refusal.message
    answer = judge([c("magic-potion")], cards_in_hand=1)
    assert "Out: you hold no more cards" in " ".join(answer["effects"])
    assert "An escape event" in refused(deal(), {"type": "escape", "seat": 1, "x": 1},
                                        "play-format").message
    chained = refused(at("gold-5", suit="gold"), play_move(1, c("king", suit="blue"), c("gold-7")),
                      "follow-suit", 1)
    assert chained.message.startswith("Card 2 (Gold 7): the Gold 7 does not fit")
    with pytest.raises(RuleError) as caught:
        A.start_hand(4, 0, ALL, {"card": "x"})
    assert caught.value.message == "First card: there is no King's Court card called 'x'."
    catapult = refused(at("blue-5"), play_move(1, c("catapult", target=2, defended=[3])),
                       "defender", 0)
    assert catapult.message == "The Catapult is not aimed at player 4, so no Defender of theirs " \
        "answers it."
    for odd in ([0], {"card": "x"}):  # never a crash: a sentence
        assert judge([c("magician", **{"as": odd})])["allowed"] is False
    defender = refused(at("blue-5"), play_move(1, c("defender")), "defender", 0)
    assert "entered with that card" in defender.message and "list your seat" not in \
        defender.message

# --------------------------------------------------------------------------- On Guard


def test_on_guard_flag_call_and_penalty():
    hand = at("blue-5", to_play=1, hands=(7, 2, 7, 7))
    guard = play(hand, 1, c("blue-9"))
    view = A.hand_view(guard)
    assert view["on_guard"] == [1] and view["one_card"] == [1]
    assert said(guard, "must say On Guard")
    refused(guard, {"type": "on-guard", "seat": 1, "on": 1}, "on-guard")
    refused(guard, {"type": "on-guard", "seat": 1, "on": 0}, "on-guard")
    called = ev(guard, "on-guard", 3, on=1)
    assert called.penalty[1] and A.hand_view(called)["penalty"] == [1]
    assert A.hand_view(called)["on_guard"] == []  # caught: nothing more to say
    refused(called, {"type": "on-guard", "seat": 2, "on": 1}, "on-guard")
    on = play(play(play(called, 2, c("blue-1")), 3, c("blue-2")), 0, c("blue-3"))
    assert A.hand_view(on)["on_guard"] == []
    refused(on, play_move(1, c("blue-4")), "on-guard-penalty")
    refused(on, {"type": "draw", "seat": 1}, "on-guard-penalty")
    took = ev(on, "take", 1)
    assert took.hands[1] == 3 and took.to_play == 2 and not took.penalty[1]


def test_on_guard_call_too_late_and_penalty_with_a_draw():
    guard = play(at("blue-5", to_play=1, hands=(7, 2, 7, 7)), 1, c("blue-9"))
    late = ev(guard, "draw", 2)
    refused(late, {"type": "on-guard", "seat": 3, "on": 1}, "on-guard")
    called = ev(guard, "on-guard", 0, on=1)
    dragon = play(play(play(called, 2, c("blue-1")), 3, c("blue-2")), 0,
                  c("dragon", suit="gold"))
    refused(dragon, play_move(1, c("royal-decree")), "on-guard-penalty")
    took = ev(dragon, "take", 1)
    assert took.hands[1] == 1 + 3 + 2


def test_no_on_guard_when_going_out_with_several_cards():
    out = play(at("blue-5", to_play=1, hands=(7, 2, 7, 7)), 1, c("king", suit="gold"),
               c("gold-2"))
    assert A.hand_view(out)["on_guard"] == [] and A.outcome(out)["out"] == 1


# --------------------------------------------------------------------------- event format


@pytest.mark.parametrize("move, rule", [
    ("play", "play-format"), ({"seat": 1}, "play-format"), ({"type": "fly", "seat": 1},
                                                            "play-format"),
    ({"type": "draw"}, "play-format"), ({"type": "draw", "seat": 9}, "play-format"),
    ({"type": "draw", "seat": True}, "play-format"),
    ({"type": "draw", "seat": 1, "cards": []}, "play-format"),
    ({"type": "play", "seat": 1}, "play-format"), ({"type": "play", "seat": 1, "cards": []},
                                                   "play-format"),
    ({"type": "play", "seat": 1, "cards": ["blue-7"]}, "play-format"),
    ({"type": "play", "seat": 1, "cards": [{"card": "blue-77"}]}, "play-format"),
    ({"type": "play", "seat": 1, "cards": [{"card": "blue-7", "colour": 1}]}, "play-format"),
    ({"type": "play", "seat": 1, "cards": [{"card": "blue-7", "suit": "blue"}]}, "play-format"),
    ({"type": "reveal", "seat": 1}, "play-format"),
    ({"type": "on-guard", "seat": 1}, "play-format"),
    ({"type": "risk", "seat": 1, "card": 5}, "risk-play"),
])
def test_malformed_events(move, rule):
    step = 0 if isinstance(move, dict) and move.get("cards") else None
    refused(at("blue-5", to_play=1), move, rule, step)


NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")


def test_describe_every_event():
    assert A.describe(play_move(0, c("magician", **{"as": "knight-blue"}),), NAMES) == \
        "Ann played Magician as Knight (blue)"
    assert A.describe(play_move(2, c("wizard", suit="gold", choice="skip")), NAMES) == \
        "Cid played Wizard (gold), skip"
    assert A.describe(play_move(2, c("catapult", target=0)), NAMES) == \
        "Cid played Catapult on Ann"
    lines = {kind: A.describe({"type": kind, "seat": 1, "card": "poison-garden", "on": 0}, NAMES)
             for kind in ("draw", "pass", "take", "reveal", "risk", "on-guard", "escape")}
    assert lines == {
        "draw": "Bob drew a card", "pass": "Bob passed",
        "take": "Bob took the cards due and lost the turn",
        "reveal": "Bob laid the Poison Garden face up",
        "risk": "Bob played the Poison Garden on Ann",
        "on-guard": "Bob called On Guard on Ann",
        "escape": "Bob left the Dungeon"}


def test_a_hand_dealt_with_names_says_who_plays_next_by_name():
    hand = A.start_hand(3, 0, KINDS, "gold-5", None, ("Ann", "Bob", "Cid"))
    assert A.hand_view(hand)["options"][0].startswith("Bob ")
    hand = A.apply_event(hand, play_move(1, c("court-jester-gold")))
    assert "Ann" in " ".join(A.hand_view(hand)["effects"])


def test_describe_and_view_are_json_ready():
    hand = play(at("blue-5", to_play=1), 1, c("king", suit="gold"), c("gold-7"))
    view = A.hand_view(hand)
    assert json.loads(json.dumps(view)) == view
    for key in ("players", "dealer", "to_play", "direction", "top", "suit", "pending", "hands",
                "draw_pile", "discard_pile", "reshuffles", "face_up", "dungeon", "on_guard",
                "options", "played", "over", "outcome", "effects", "out_of_play"):
        assert key in view
    assert A.describe(play_move(1, c("king", suit="gold"), c("gold-7")), NAMES) == \
        "Bob played King (gold), Gold 7"
    assert A.describe({"type": "take", "seat": 0}, NAMES).startswith("Ann took")


# --------------------------------------------------------------------------- the judge


SITUATION = {"players": 4, "top": "blue-5", "suit": "blue", "direction": 1, "pending": None,
             "dungeon": False, "cards_in_hand": 5, "selection": "kc+kd+bonus"}


def judge(play_: list[dict], **changes) -> dict:
    answer = A.judge({**SITUATION, **changes}, play_)
    assert json.loads(json.dumps(answer)) == answer
    assert answer["rule"] in RULE_IDS and answer["message"].endswith(".")
    return answer


def test_judge_allows_and_explains():
    answer = judge([c("wizard", suit="gold", choice="skip"), c("gold-2")])
    assert answer["allowed"] and answer["rule"] == "wizard" and answer["step"] is None
    assert "Suit named: gold." in answer["effects"]
    assert "Skipped: the next player." in answer["effects"]
    assert any("the player after next must draw 5" in e.lower() for e in answer["effects"])
    after = answer["after"]
    assert (after["top"], after["suit"], after["to_play"], after["pending"]) == \
        ("gold-2", "gold", 2, {"count": 5, "kind": "wizard"})
    follow = A.judge(after, [c("royal-decree")])
    assert follow["allowed"] and follow["after"]["pending"] == {"count": 5,
                                                                "kind": "royal-decree"}


def test_judge_refuses_with_the_rule_and_the_step():
    answer = judge([c("fair-maiden-blue"), c("gold-3")])
    assert not answer["allowed"] and answer["rule"] == "fair-maiden" and answer["step"] == 1
    assert answer["after"] is None and answer["effects"] == []
    assert judge([c("royal-decree")])["rule"] == "defensive-only"
    assert judge([c("blue-1")], dungeon=True)["rule"] == "dungeon"
    assert judge([c("blue-1")], penalty=True)["rule"] == "on-guard-penalty"
    stack = judge([c("drawbridge-gold")], top="drawbridge-blue",
                  pending={"count": 2, "kind": "drawbridge-blue"})
    assert stack["allowed"] and stack["rule"] == "stacking"
    assert stack["after"]["pending"]["count"] == 4


def test_judge_takes_the_suit_in_force_from_a_top_card_that_has_one():
    # Blue 3 on top with gold in force cannot happen: a Number card sets its own suit, so the
    # judge refuses the situation instead of letting a gold card follow a Blue 3.
    wrong = judge([c("gold-5")], top="blue-3", suit="gold")
    assert not wrong["allowed"] and wrong["rule"] == "follow-suit"
    assert wrong["message"] == "With the Blue 3 on top the suit in force is blue, not gold."
    assert not judge([c("gold-5")], top="blue-3", suit=None)["allowed"]
    assert judge([c("blue-7")], top="blue-3", suit=None)["allowed"]
    option = judge([c("gold-5")], top="queens-option-gold-burgundy", suit="blue")
    assert not option["allowed"] and "gold or burgundy" in option["message"]
    assert judge([c("gold-5")], top="queens-option-gold-burgundy", suit="gold")["allowed"]
    # After a wild card the named suit rules, whatever the card.
    assert judge([c("gold-5")], top="king", suit="gold")["allowed"]
    assert not judge([c("blue-5")], top="king", suit="gold")["allowed"]


def test_judge_two_player_knight_and_last_cards():
    answer = judge([c("knight-blue")], players=2)
    assert answer["after"]["to_play"] == 0 and "two players" in " ".join(answer["effects"])
    assert judge([c("magic-potion")], cards_in_hand=2)["rule"] == "last-card-only"
    out = judge([c("magic-potion")], cards_in_hand=1)
    assert out["allowed"] and out["after"]["over"]
    # Rulebook: the Magic Potion and Hidden Treasure "may only be played only when going out (as
    # the last card)": with the hand size left blank the judge cannot know, so it asks for it.
    for alone in ([c("hidden-treasure")], [c("magic-potion")],
                  [c("magician", **{"as": "magic-potion"})]):
        unknown = judge(alone, cards_in_hand=None)
        assert not unknown["allowed"] and unknown["rule"] == "last-card-only"
        assert "enter how many cards you hold" in unknown["message"]
    assert not any("On Guard" in e for e in judge([c("blue-1")], cards_in_hand=None)["effects"])
    assert any("you must say On Guard" in e for e in judge([c("blue-1")],
                                                           cards_in_hand=2)["effects"])


def test_judge_dungeon_next():
    answer = judge([c("dragon", suit="gold")], next_dungeon=True)
    assert answer["allowed"] and answer["after"]["dungeon"]
    assert any("cannot answer" in e for e in answer["effects"])
    jail = judge([c("dungeon")])
    assert jail["after"]["dungeon"] and jail["after"]["top"] == "blue-5"


@pytest.mark.parametrize("situation", [
    None, {}, {**SITUATION, "players": 9}, {**SITUATION, "top": "zebra"},
    {**SITUATION, "suit": "pink"}, {**SITUATION, "direction": 0},
    {**SITUATION, "pending": {"count": 0, "kind": "dragon"}},
    {**SITUATION, "pending": {"count": 2, "kind": "blue-5"}},
    {**SITUATION, "selection": "everything"}, {**SITUATION, "colour": "red"},
    {**SITUATION, "top": "dark-knight"}, {**SITUATION, "cards_in_hand": 0},
    {**SITUATION, "dungeon": "yes"}, {**SITUATION, "pending": 3},
    {**SITUATION, "pending": {"count": 2, "kind": "dragon"}, "suit_before": "pink"},
    {**SITUATION, "selection": {"name": "custom", "extra": ["zebra"]}},
    {**SITUATION, "selection": 5},
])
def test_judge_refuses_a_bad_situation(situation):
    answer = A.judge(situation, [c("blue-1")])
    assert not answer["allowed"] and answer["rule"] == "judge"


def test_judge_custom_selection_and_a_hand_already_over():
    answer = judge([c("queen", suit="blue")], selection={"name": "custom", "extra": ["queen"]})
    assert answer["allowed"]
    assert judge([c("duchess", suit="blue")],
                 selection={"name": "custom", "extra": ["queen"]})["rule"] == "in-the-deck"
    assert judge([c("purple-1")], selection="kc")["rule"] == "in-the-deck"
    assert judge([c("blue-1")], over=True)["rule"] == "hand-over"


def test_judge_refuses_a_bad_play():
    assert A.judge(SITUATION, [])["rule"] == "judge"
    assert A.judge(SITUATION, "blue-1")["rule"] == "judge"
    assert A.judge(SITUATION, [{"card": "nope"}])["rule"] == "play-format"


def _situation_of(hand: Hand, seat: int) -> dict:
    """What a table keeping only the sheet would tell the judge about ``hand``."""
    n = hand.players
    pending = hand.pending
    return {
        "players": n, "top": hand.top, "suit": hand.suit, "direction": hand.direction,
        "pending": judged_pending(pending), "dungeon": hand.dungeon[seat] >= 0, "penalty": hand.penalty[seat],
        "cards_in_hand": hand.hands[seat], "selection": "kc+kd+bonus",
        "next_dungeon": hand.dungeon[(seat + hand.direction) % n] >= 0,
        **({} if pending is None or pending.suit_before is None
           else {"suit_before": pending.suit_before}),
    }


def _relative_cards(move: dict, n: int) -> list[dict]:
    """The judge counts seats from the judging player: 1 is their left neighbour."""
    seat = move["seat"]
    cards = []
    for card in move["cards"]:
        card = dict(card)
        if "target" in card:
            card["target"] = _rotate(seat, card["target"], n)
        if type(card.get("burn")) is int:
            card["burn"] = _rotate(seat, card["burn"], n)
        if "defended" in card:
            card["defended"] = [_rotate(seat, d, n) for d in card["defended"]]
        cards.append(card)
    return cards


def _rotate(seat: int, other: int, n: int) -> int:
    return (other - seat) % n


def test_judge_and_play_by_play_agree_on_recorded_hands():
    """The judge, told what the table sees, answers every play of random hands as the
    play-by-play arbiter does: allowed or refused for the same rule, and the same pile after."""
    from companion.games.kings_court.play import random_hand

    compared = 0
    for seed in range(40):
        rng = random.Random(seed)
        n = rng.randint(2, 6)
        events, final = random_hand(rng, n, rng.randrange(n), ALL)
        hand = A.start_hand(n, final.dealer, ALL, events[0]["first"])
        for move in events[1:]:
            simple = (move["type"] == "play" and hand.open is None and hand.warlord is None
                      and sum(1 for d in hand.dungeon if d >= 0) <= 1
                      and hand.top is not None)
            if simple:
                seat = move["seat"]
                answer = A.judge(_situation_of(hand, seat), _relative_cards(move, n))
                after = A.apply_event(hand, move)
                assert answer["allowed"], (answer, move)
                got = answer["after"]
                assert (got["top"], got["suit"], got["direction"], got["over"]) == \
                    (after.top, after.suit, after.direction, after.ended_by is not None)
                decree = move["cards"][0].get("as", move["cards"][0]["card"]) == "royal-decree"
                if not got["over"] and not decree:
                    assert got["to_play"] == _rotate(seat, after.to_play, n)
                    assert got["pending"] == judged_pending(after.pending)
                # a near miss is refused the same way by both
                wrong = dict(move["cards"][0], card="defender")
                bad = {**move, "cards": [wrong]}
                with pytest.raises(RuleError) as caught:
                    A.validate_event(hand, bad)
                judged = A.judge(_situation_of(hand, seat), [wrong])
                assert (judged["rule"], judged["step"]) == (caught.value.rule, caught.value.step)
                compared += 1
            hand = A.apply_event(hand, move)
        assert hand == final
    assert compared > 500


def test_shield_kinds_are_never_a_judge_top_except_played_ones():
    for kind in KINDS:
        if kind.group == SHIELD and kind.id not in A.BATTLE | A.LAST_ONLY:
            assert A.judge({**SITUATION, "top": kind.id}, [c("blue-1")])["rule"] == "judge"
    assert KIND_BY_ID["cannonball"].group == SHIELD


# --------------------------------------------------------------------------- French and German

from functools import cache  # noqa: E402
from html import unescape  # noqa: E402

from companion import language  # noqa: E402
from companion.engine import APP_SECTION  # noqa: E402
from companion.games.kings_court import rules_page  # noqa: E402
from companion.words import Listing, Msg  # noqa: E402

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay")
LANGS = ("fr", "de")


@cache
def _catalog(lang: str):
    return language.read_catalog(lang)


def untranslated(value, lang: str) -> list[str]:
    """Every message in ``value`` (a Msg with its arguments, a list, a dict) that the catalog of
    ``lang`` has no translation for: what a French or German reader would get in English."""
    if isinstance(value, Listing):
        return [text for item in value.items for text in untranslated(item, lang)]
    if isinstance(value, Msg):
        found = _catalog(lang).get(value.text, context=value.context)
        string = found.string if found is not None else None
        missing = [] if string and (string if isinstance(string, str) else all(string)) else \
            [value.text]
        return missing + [text for _, arg in value.args for text in untranslated(arg, lang)]
    if isinstance(value, dict):
        return [text for item in value.values() for text in untranslated(item, lang)]
    if isinstance(value, (list, tuple)):
        return [text for item in value for text in untranslated(item, lang)]
    return []


def in_lang(value, lang: str) -> str:
    return language.word(value, lang)


def refusal(hand: Hand, move) -> Msg:
    with pytest.raises(RuleError) as caught:
        A.validate_event(hand, move)
    assert isinstance(caught.value.message, Msg), caught.value.message
    return caught.value.message


def named_deal(first="blue-5", players=4) -> Hand:
    return A.start_hand(players, 0, ALL, first, {}, NAMES[:players])


def test_refusals_read_in_french_and_german():
    hand = named_deal()
    wrong_suit = refusal(hand, play_move(1, c("green-3")))
    assert in_lang(wrong_suit, "en") == wrong_suit == ("The Green 3 does not fit on the Blue 5 with "
                                                    "blue in force: play a blue card, a 5 or a "
                                                    "Kingdom card.")
    assert in_lang(wrong_suit, "fr") == ("3 vert ne se joue pas sur 5 bleu avec bleu en jeu\u00a0: "
                                      "jouer une carte bleue, un 5 ou une carte Royaume.")
    assert in_lang(wrong_suit, "de") == ("Grün 3 passt nicht auf Blau 5, wenn Blau gilt: eine Karte "
                                      "in Blau, eine 5 oder eine Königreichkarte spielen.")
    not_yours = refusal(hand, play_move(2, c("blue-3")))
    assert in_lang(not_yours, "fr") == "C'est au tour de Bob, pas de Cid."
    assert in_lang(not_yours, "de") == "Bob ist am Zug, nicht Cid."
    second = refusal(hand, play_move(1, c("king", suit="gold"), c("green-3")))
    assert in_lang(second, "fr").startswith("Carte 2 (3 vert). 3 vert ne se joue pas sur King")
    assert in_lang(second, "de").startswith("Karte 2 (Grün 3): Grün 3 passt nicht auf King")
    drawn = at("blue-5", hands=(7, 3, 7, 7))
    too_many = refusal(drawn, play_move(1, c("blue-7"), c("blue-7"), c("blue-8"), c("blue-9")))
    assert too_many == "Player 2 holds 3 cards, not 4."  # a hand without names: seat numbers
    assert in_lang(too_many, "fr") == "Joueur 2 a 3 cartes en main, pas 4."
    assert in_lang(too_many, "de") == "Spieler 2 hat 3 Karten auf der Hand, nicht 4."
    jailed = dataclasses.replace(named_deal(), to_play=1, dungeon=(-1, 0, -1, -1),
                                 dungeon_cards=(0, 1, 0, 0), discard=0)
    sits = refusal(jailed, {"type": "draw", "seat": 1})
    assert in_lang(sits, "fr") == ("Bob est dans le Dungeon\u00a0: prendre 1 carte et passer ce "
                                "tour (pas de pioche).")
    assert in_lang(sits, "de") == ("Bob sitzt im Dungeon: 1 Karte nehmen und diesen Zug aussetzen "
                                "(kein Ziehen).")
    judged = A.judge({"players": 3, "top": "blue-5", "cards_in_hand": 2},
                     [c("magic-potion")])
    assert in_lang(judged["message"], "fr") == ("Magic Potion ne se joue qu'en dernière carte, pour "
                                             "finir.")
    assert in_lang(judged["message"], "de") == ("Magic Potion darf nur als letzte Karte gespielt "
                                             "werden, um auszugehen.")


def test_every_refusal_note_option_and_history_line_of_played_hands_is_translated():
    """Hands played by the simulator, with a look at every refusal nearby: nothing the arbiter
    says is left without its French and German."""
    from companion.games.kings_court.simulate import followed_hand

    seen: list = []
    for seed, (players, ending, partners) in enumerate(((4, None, False), (3, "risk", False),
                                                        (4, "dungeon", True), (2, "wizard", False),
                                                        (5, "drawbridge", False))):
        events, _, _ = followed_hand(seed, players, seed % players, ALL, ending,
                                     partners=partners, tries=300)
        hand = A.start_hand(players, seed % players, ALL, events[0]["first"], {},
                            NAMES[:players] if seed % 2 else (), partners)
        for event in events[1:]:
            seen.append(A.describe(event, NAMES[:players]))
            for bad in (play_move(hand.to_play, c("green-3")), {"type": "pass", "seat":
                        hand.to_play}, {"type": "take", "seat": hand.to_play},
                        {"type": "escape", "seat": hand.to_play}, {"type": "on-guard", "seat": 0,
                        "on": 1}, play_move(hand.to_play, c("royal-decree")),
                        play_move(hand.to_play, c("magician", **{"as": "protector"})),
                        {"type": "yes", "seat": hand.to_play}, {"type": "draw", "seat": 0},
                        {"type": "risk", "seat": 0, "card": "warlord", "on": hand.to_play}):
                try:
                    A.validate_event(hand, bad)
                except RuleError as error:
                    seen.append(error.message)
            hand = A.apply_event(hand, event)
            view = A.hand_view(hand)
            seen += [view["effects"], view["options"], view["direction_words"], view["top_name"]]
            situation = {"players": players, "top": view["top"], "suit": view["suit"],
                         "direction": view["direction"]}
            for play in ([c("blue-7")], [c("wizard", suit="green", choice="skip")],
                         [c("fair-maiden-gold")], [c("catapult", target=1)], [c("dungeon")]):
                answer = A.judge(situation, play)
                seen += [answer["message"], answer["effects"]]
    for lang in LANGS:
        assert not sorted(set(untranslated(seen, lang))), lang
    assert len(seen) > 300


@pytest.mark.parametrize("lang", LANGS)
def test_the_judge_answers_in_each_language(lang):
    answer = A.judge({"players": 4, "top": "gold-5", "suit": "gold"},
                     [c("wizard", suit="green", choice="skip")])
    worded = language.worded(answer, lang)
    assert worded["allowed"] is True and worded["rule"] == "wizard"
    assert worded["message"] == {"fr": "Wizard est une carte Royaume\u00a0: elle se joue sur "
                                       "n'importe quelle couleur.",
                                 "de": "Wizard ist eine Königreichkarte: Sie darf auf jede Farbe "
                                       "gespielt werden."}[lang]
    assert worded["effects"][1] == {"fr": "Saute son tour\u00a0: le joueur suivant.",
                                    "de": "Setzt aus: die nächste Person."}[lang]
    refused = A.judge({"players": 4, "top": "gold-5", "suit": "gold",
                       "pending": {"count": 2, "kind": "drawbridge-blue"}}, [c("gold-9")])
    assert language.word(refused["message"], lang) == {
        "fr": "Vous faites face à une pioche forcée de 2\u00a0: empiler un Drawbridge, répondre "
              "par un Royal Decree ou un Protector (ou un Magician joué comme l'un des deux), "
              "ou prendre 2\u00a0cartes et passer le tour.",
        "de": "Du hast eine Ziehstrafe von 2 vor dir: eine Drawbridge stapeln, mit einem Royal "
              "Decree oder einem Protector antworten (oder einem Magician als einer davon) oder "
              "2 Karten nehmen und aussetzen."}[lang].replace("2\u00a0cartes", "2 cartes")


@pytest.mark.parametrize("lang", LANGS)
def test_the_ask_api_answers_in_the_phones_language(phone, lang):
    form = {"player-0": "Ann", "player-1": "Bob", "player-2": "Cid", "player-3": "Dee",
            "partnerships": "none", "limit": "500", "selection": "kc+kd", "first_dealer": "0"}
    game_id = phone.form("/new/kings_court", form).headers["Location"].rsplit("/", 1)[-1]
    phone.client.set_cookie("lang", lang)
    situation = {"top": "gold-5", "suit": "gold", "direction": 1, "pending": None}
    yes = phone.post(f"/api/games/{game_id}/ask", json={"question": {
        "situation": situation, "play": [{"card": "dragon", "suit": "blue"}]}}).get_json()["answer"]
    assert yes["allowed"] is True
    assert yes["message"] == language.word(A.judge({**situation, "players": 4, "selection":
                                                    "kc+kd"}, [c("dragon", suit="blue")])
                                           ["message"], lang)
    assert yes["title"] == {"fr": "Dragon", "de": "Dragon"}[lang]
    assert any({"fr": "piocher 3", "de": "3 ziehen"}[lang] in effect for effect in yes["effects"])
    no = phone.post(f"/api/games/{game_id}/ask", json={"question": {
        "situation": {**situation, "pending": {"count": 2, "kind": "drawbridge-gold"}},
        "play": [{"card": "gold-9"}]}}).get_json()["answer"]
    assert no["allowed"] is False and no["rule"] == "draw-cards"
    assert no["title"] == {"fr": "Les cartes de pioche forcée", "de": "Ziehkarten"}[lang]
    assert no["message"].startswith({"fr": "Vous faites face à", "de": "Du hast eine"}[lang])
    bad = phone.post(f"/api/games/{game_id}/ask", json={"question": {
        "situation": {**situation, "top": "dark-knight"}, "play": [{"card": "gold-9"}]}})
    assert bad.get_json()["answer"]["message"] == {
        "fr": "Dark Knight n'est jamais sur le dessus de la défausse.",
        "de": "Dark Knight liegt nie oben auf dem Ablagestapel."}[lang]


def _rules_texts():
    for entry in rules_page.RULES:
        yield entry.title
        yield entry.text
        if entry.section != APP_SECTION:  # the companion's own section: the engine words it
            yield entry.section
    for ruling in rules_page.RULINGS:
        yield ruling.title
        yield from (meaning for _, meaning in ruling.choices)


@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_of_the_rules_page_is_translated(lang):
    texts = list(_rules_texts())
    assert all(isinstance(text, Msg) for text in texts)
    assert not untranslated(texts, lang)
    # Only names printed on the cards (and the call On Guard) stay as the English reads.
    same = {str(text) for text in texts if in_lang(text, lang) == text}
    printed = {str(kind.bare_name) for kind in KINDS} | {"On Guard"}
    assert same <= printed, same - printed


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_shows_king_s_court_rules_in_the_phones_language(phone, lang):
    phone.client.set_cookie("lang", lang)
    page = unescape(phone.get("/rules/kings_court").get_data(as_text=True))
    for text in _rules_texts():
        worded = in_lang(text, lang)
        assert worded in page, worded
        if worded != text and len(text) > 20:
            assert str(text) not in page, text


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_page_in_a_browser_reads_every_king_s_court_rule_in_its_language(server,
                                                                                   browser, lang):
    """The page as a French or German phone shows it: our entries (their titles, texts,
    sections and the ruling) hold no English word, and nothing is wider than the phone."""
    from browser_support import new_phone
    from phone import _WORD, PHONE, english_only

    page = new_phone(browser, lang)
    try:
        page.goto(f"{server}/rules/kings_court")
        assert page.evaluate("document.documentElement.lang") == lang
        ours = [entry.id for entry in rules_page.RULES]
        texts = page.evaluate("""(ids) => ids.flatMap((id) => {
          const article = document.getElementById(id);
          return [...article.querySelectorAll('h3, p, dt, dd')].map((el) => el.textContent.trim());
        })""", ours)
        sections = {in_lang(entry.section, lang) for entry in rules_page.RULES
                    if entry.section != APP_SECTION}
        texts += [text for text in page.evaluate(
            "[...document.querySelectorAll('h2')].map((el) => el.textContent.trim())")
                  if text in sections]
        assert len(texts) > 2 * len(ours)
        only = english_only(lang)
        # the rulings' own words ("Table ruling", "(default)") are the template's, not ours
        ruling_words = {"table", "ruling", "default", "everyone", "not", "dealer"}
        left = [text for text in texts if any(word.lower() in only - ruling_words
                                               for word in _WORD.findall(text))]
        assert left == [], left[:5]
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=f"/tmp/kc-rules-{lang}.png")
    finally:
        page.context.close()
