"""King's Court / King's Dynasty (+ BONUS): the play arbiter.

Two ways in, one set of rules:

* :func:`judge` answers a table that keeps only the score sheet: "may I play this now, and what
  does it do?" from a described situation (top card, suit in force, what is pending).
* Play-by-play: :func:`start_hand` deals, and every tap at the table is an *event* checked by
  :func:`validate_event` and carried out by :func:`apply_event` on a frozen :class:`Hand`.
  ``judge`` builds a Hand from the situation and runs the very same event code on it.

The app never sees a hand. It counts: every hand's size, the draw pile, the discard pile, the
reshuffles, the Risk cards lying face up, the cards set aside (played Risk cards and the
Warlord) and the Dungeon cards lying in front of players. After every event::

    sum(hands) + draw_pile + discard + face-up cards + set_aside + Dungeon cards == deck_size

Seats are 0-based; seat + 1 sits to the left. Direction +1 is to the left (clockwise), -1 to
the right. The player to the dealer's left plays first.

Events (JSON), every one with ``"type"`` and ``"seat"`` (the seat acting). Only ``reveal``,
``risk``, ``on-guard`` and ``escape`` may come from a seat whose turn it is not::

    {"type": "play", "seat": 1, "cards": [card, ...]}     # the cards of one turn, in order
    {"type": "draw", "seat": 1}          # draw one card; then play or pass
    {"type": "pass", "seat": 1}          # after drawing (or: the dealer adds nothing to a
                                         # first King/Queen/Wizard)
    {"type": "take", "seat": 2}          # lose the turn and draw what is due: a pending draw,
                                         # the Dungeon's card, the On Guard penalty (all summed)
    {"type": "reveal", "seat": 0, "card": "dark-knight"}  # a Risk card (or the Warlord) dealt
                                         # or drawn goes face up; that seat draws a replacement
    {"type": "risk", "seat": 0, "card": "poison-garden"}  # play a face-up Risk card
    {"type": "risk", "seat": 0, "card": "dark-knight", "on": 2}  # on the player who just came
                                         # down to one card, before the next player starts
    {"type": "risk", "seat": 0, "card": "warlord", "on": 2}  # at the start of seat 2's turn;
                                         # seat 0 then plays that turn (events name seat 2)
    {"type": "on-guard", "seat": 3, "on": 2}  # seat 3 called On Guard before seat 2 did
    {"type": "escape", "seat": 2}        # seat 2 leaves the Dungeon after its second draw
    {"type": "yes", "seat": 1}           # seat 1's partner said Yes (partnership games): seat 1
                                         # now goes out with one play, or takes two and loses
                                         # the turn

A card in a play is an object::

    {"card": "blue-7"}
    {"card": "king", "suit": "gold"}                     # a wild card names a suit
    {"card": "wizard", "suit": "green", "choice": "skip"}  # choice: same | skip | reverse
    {"card": "queens-option-gold-burgundy", "suit": "burgundy", "choice": "reverse"}
    {"card": "magician", "as": "knight-blue"}            # the Magician becomes a Scroll card
    {"card": "magician", "as": "protector"}              # ... e.g. to answer a draw card
    {"card": "catapult", "target": 3, "defended": [3]}  # seat 3 answered with a Defender
    {"card": "siege-tower", "target": 2}
    {"card": "flaming-arrow", "burn": "discard"}         # or "burn": 2 (give it to seat 2)
    {"card": "cannonball", "defended": [1]}              # also "imperial-tax"

``choice`` defaults to "same". ``defended`` lists the seats the Battle card is aimed at that
answered with a Defender (each plays one from their hand); the Defender is never played alone.

Examples of turns::

    {"type": "play", "seat": 1, "cards": [{"card": "king", "suit": "blue"}, {"card": "blue-7"}]}
    {"type": "play", "seat": 1, "cards": [{"card": "fair-maiden-gold"}, {"card": "gold-3"}]}
    {"type": "play", "seat": 2, "cards": [{"card": "drawbridge-green"}]}   # stacks on a Drawbridge
    {"type": "play", "seat": 2, "cards": [{"card": "royal-decree"}]}       # answers a draw card

The first card (``start_hand``'s ``first``) is a kind id, or an object like a played card:
``{"card": "dragon", "suit": "blue"}``. The dealer names the suit of any Kingdom card turned
first, so a Kingdom card needs ``"suit"``; a Queen's Option needs ``"suit"`` (and may take a
``"choice"``), a Wizard may take a ``"choice"``, a Magician may take ``"as"``. It counts as the
dealer's play; when it asks for more (a Fair Maiden's escort, a King's, Queen's or Wizard's
extra card) the dealer's turn stays open: they ``play`` the extra cards, ``pass`` (not after a
Fair Maiden), or ``draw`` to try for an escort. A Shield card turned first is refused: it goes
back into the deck and another card is turned.

``judge(situation, play)``: ``situation`` is ``{"players": 4, "top": "gold-5", "suit": "gold",
"direction": 1, "pending": {"count": 2, "kind": "drawbridge-blue"} | null, "dungeon": false,
"cards_in_hand": 3 | null, "selection": "kc+kd+bonus"}`` (a Dungeon just played on you, which you
may still answer, is the pending ``{"count": 1, "kind": "dungeon"}``, the count being what its
turn takes; ``selection`` may be
``{"name": "custom", "extra": [...]}``; optional ``"next_dungeon": true`` when the next
player sits in the Dungeon, ``"penalty": true`` for an On Guard penalty due, ``"suit_before"``
the suit in force before the pending draw card). ``play`` is a list of cards as above; the
judged player is seat 0, so a card's ``target``, ``burn`` or ``defended`` counts seats to their
left (1 is the left neighbour). Unknown ``cards_in_hand`` (null) is read as "more than these
cards"; a play with a Magic Potion or Hidden Treasure (playable only as the last card) is then
refused with a sentence asking for the hand size.
The answer::

    {"allowed": true, "rule": "wizard", "step": null,
     "message": "The Wizard is a Kingdom card: it may be played on any suit.",
     "effects": ["Suit named: gold.", "Skipped: the next player.",
                 "The player after next must draw 5 and lose the turn, unless they answer with
                  a Royal Decree or a Protector (or a Magician as either).",
                 "Next to play: the player after next."],
     "after": {"players": 4, "top": "gold-2", "suit": "gold", "direction": 1,
               "pending": {"count": 5, "kind": "wizard"}, "dungeon": false,
               "cards_in_hand": null, "selection": "kc+kd+bonus", "to_play": 2, "over": false}}

``after`` is the situation the next player meets (it can be judged in turn), with
``"to_play"`` (seats to the judging player's left) and ``"over"``. A refusal has
``"allowed": false``, the rule, its one sentence, ``"step"`` (the card's index) and
``"after": null``; a situation the judge cannot read is refused under the rule ``judge``.

``hand_view(hand)`` keys: players, dealer, to_play (None once over), phase, direction,
direction_words, top, top_card, top_name, suit, pending ({count, kind, by, suit_before,
dungeons: the Dungeon cards just laid in front of that player, which the answer covers too}),
open (the dealer's first card waiting: {need, card}), hands, draw_pile, discard_pile,
reshuffles, face_up, set_aside, out_of_play, deck_size, dungeon (per seat: None or
{turns_lost, cards}), escape, on_guard, one_card, penalty, warlord ({by, on}), partners, yes
(the seat bound by a partner's Yes), ask_partner (the seat to play may ask a partner now),
played, turn,
over, outcome, effects (what the last event did), options (what the seat to play may do, in
words) and playable (kind ids that could open the turn now).

The package, in the order a newcomer reads it (imports run down this list only)::

    kinds      the kinds of card as the rulebook groups them; what goes on what; the words
    rulebook   the rules page entries every refusal names
    state      Hand (frozen), Work (one event's working copy), Turn (one turn's cards), the piles
    entry      reading an event and one card of a play
    scrolls    what each Suit and Kingdom Scroll card does to the pile and the turn
    battle     Battle cards and the Defenders that answer them
    dungeon    the Dungeon and leaving it
    turn       checking one turn's cards in order and finishing the turn
    draws      answering a draw card, and taking the cards due
    on_guard   calling On Guard first
    partners   a partner's "Yes": go out or take two
    risk       Risk cards and the Warlord
    events     play, draw, pass and the dispatch of every event
    deal       the deal and the first card
    view       reading a hand (outcome, options, the page's view, history lines)
    judge      the judge for a sheet-only table
"""
from companion.games.kings_court.arbiter.deal import start_hand
from companion.games.kings_court.arbiter.entry import EVENTS
from companion.games.kings_court.arbiter.events import apply_event, validate_event
from companion.games.kings_court.arbiter.judge import judge
from companion.games.kings_court.arbiter.kinds import (
    BATTLE,
    DEFENSIVE,
    EXTRA,
    FACE_UP,
    INFO,
    LAST_ONLY,
    RISK,
    STEMS,
    WILD,
    fits,
)
from companion.games.kings_court.arbiter.rulebook import RULE_IDS, RULES
from companion.games.kings_court.arbiter.state import HAND_SIZE, Hand, Pending
from companion.games.kings_court.arbiter.view import describe, hand_view, outcome
from companion.games.kings_court.cards import suits_in

__all__ = [
    "BATTLE",
    "DEFENSIVE",
    "EVENTS",
    "EXTRA",
    "FACE_UP",
    "HAND_SIZE",
    "INFO",
    "LAST_ONLY",
    "RISK",
    "RULES",
    "RULE_IDS",
    "STEMS",
    "WILD",
    "Hand",
    "Pending",
    "apply_event",
    "describe",
    "fits",
    "hand_view",
    "judge",
    "outcome",
    "start_hand",
    "suits_in",
    "validate_event",
]
