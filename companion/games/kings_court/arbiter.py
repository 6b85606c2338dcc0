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
"cards_in_hand": 3 | null, "selection": "kc+kd+bonus"}`` (``selection`` may be
``{"name": "custom", "extra": [...]}``; optional ``"next_dungeon": true`` when the next
player sits in the Dungeon, ``"penalty": true`` for an On Guard penalty due, ``"suit_before"``
the suit in force before the pending draw card). ``play`` is a list of cards as above; the
judged player is seat 0, so a card's ``target``, ``burn`` or ``defended`` counts seats to their
left (1 is the left neighbour). Unknown ``cards_in_hand`` (null) is read as "more than these
cards", except that a play ending with a Magic Potion or Hidden Treasure is read as going out.
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
direction_words, top, top_card, top_name, suit, pending ({count, kind, by, suit_before}),
open (the dealer's first card waiting: {need, card}), hands, draw_pile, discard_pile,
reshuffles, face_up, set_aside, out_of_play, deck_size, dungeon (per seat: None or
{turns_lost, cards}), escape, on_guard, one_card, penalty, warlord ({by, on}), played, turn,
over, outcome, effects (what the last event did), options (what the seat to play may do, in
words) and playable (kind ids that could open the turn now).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Iterable, Mapping, Sequence

from companion.engine import APP_SECTION, RuleEntry, RuleError
from companion.games.kings_court.cards import (
    KIND_BY_ID,
    KINDS,
    NUMBER,
    SCROLL,
    SHIELD,
    CardKind,
    selection_kinds,
    suits_in,
)

HAND_SIZE = 7
FEWEST, MOST = 2, 8

# --------------------------------------------------------------------------- the cards

WILD = frozenset(("wizard", "dragon", "king", "queen", "duke", "duchess"))
EXTRA = frozenset(("wizard", "king", "queen"))  # allow one more playable card
DEFENSIVE = frozenset(("royal-decree", "protector"))
LAST_ONLY = frozenset(("magic-potion", "hidden-treasure"))
RISK = frozenset(("dark-knight", "poison-garden", "castle-fire", "kings-goblet"))
FACE_UP = RISK | {"warlord"}  # what a `reveal` may put face up
BATTLE = frozenset(("cannonball", "catapult", "flaming-arrow", "siege-tower", "imperial-tax"))
CHOICES = ("same", "skip", "reverse")
STEMS = ("fair-maiden", "drawbridge", "knight", "court-jester", "queens-option")
NAMES_OF_STEMS = {"fair-maiden": "Fair Maiden", "drawbridge": "Drawbridge", "knight": "Knight",
                  "court-jester": "Court Jester", "queens-option": "Queen's Option"}


@dataclass(frozen=True, slots=True)
class _Info:
    id: str
    name: str  # "the Blue 7", "the King"
    stem: str  # number, a suit scroll's stem, or the Kingdom card's id
    match: str | None  # what "same kind" compares (Suit cards only)
    suits: tuple[str, ...]
    kingdom: bool
    rule: str  # the rules-page entry of the card


def _info(kind: CardKind) -> _Info:
    if kind.group == NUMBER:
        stem, match = "number", f"value-{kind.value}"
        rule = "follow-suit"
        name = f"the {kind.name}"
    elif not kind.kingdom:
        stem = next(s for s in STEMS if kind.id.startswith(s))
        match = stem
        rule = stem
        name = f"the {kind.name}"
    else:
        stem, match = kind.id, None
        rule = {"king": "king-queen", "queen": "king-queen", "duke": "duke-duchess",
                "duchess": "duke-duchess"}.get(kind.id, kind.id)
        name = f"the {kind.name}"
    return _Info(kind.id, name, stem, match, kind.suits, kind.kingdom, rule)


INFO: dict[str, _Info] = {kind.id: _info(kind) for kind in KINDS}
SCROLL_IDS = frozenset(kind.id for kind in KINDS if kind.group == SCROLL)

# --------------------------------------------------------------------------- rules page

SECTION_DEAL = "Dealing and the first card"
SECTION_TURN = "Playing a turn"
SECTION_SUIT = "Suit Scroll cards"
SECTION_KINGDOM = "Kingdom Scroll cards"
SECTION_DRAW = "Draw cards and how to answer them"
SECTION_DUNGEON = "The Dungeon"
SECTION_SHIELD = "Shield cards"
SECTION_GUARD = "On Guard"
SECTION_READINGS = "How the app reads the rules"

RULES: tuple[RuleEntry, ...] = (
    RuleEntry("deal", "The deal",
              "Every player gets seven cards. The rest form the draw pile, and its top card is "
              "turned face up to start the discard pile. The player to the dealer's left plays "
              "first and play goes to the left.", SECTION_DEAL),
    RuleEntry("first-card", "The first card turned",
              "A Scroll card turned first counts as played by the dealer: its effect applies, "
              "and a Fair Maiden makes the dealer add an escort from their hand or draw one card "
              "to try for one. When the first card is a Kingdom card, the dealer names the "
              "suit.", SECTION_DEAL),
    RuleEntry("first-shield", "A Shield card turned first",
              "A Shield card cannot start the discard pile: it goes back into the deck and the "
              "next card is turned instead.", SECTION_DEAL),
    RuleEntry("turn-order", "Whose turn it is",
              "Turns go round in the direction of play. Only the player whose turn it is may "
              "play, draw, pass or take; Risk cards, revealing a Risk card, calling On Guard and "
              "leaving the Dungeon are the exceptions.", SECTION_TURN),
    RuleEntry("follow-suit", "Matching the suit",
              "A Suit card (a Number card or a Suit Scroll card) may go on the discard pile when "
              "it has the suit in force: the top card's suit, or the suit a wild card named.",
              SECTION_TURN),
    RuleEntry("follow-kind", "Matching the kind",
              "A Suit card may also go on a Suit card of the same kind in any suit: a Number "
              "card on the same number, a Knight on a Knight, a Fair Maiden on a Fair Maiden, "
              "and so on.", SECTION_TURN),
    RuleEntry("kingdom-any-suit", "Kingdom cards",
              "A Kingdom card has no suit and may be played whatever the suit in force. Only "
              "the wild cards (Wizard, Dragon, King, Queen, Duke, Duchess) name a new suit; "
              "after any other Kingdom card the suit in force stays as it was.", SECTION_TURN),
    RuleEntry("name-suit", "Naming a suit",
              "A player who names a suit names one that this game's cards have: purple and "
              "silver come with King's Dynasty, orange with the BONUS deck.", SECTION_TURN),
    RuleEntry("one-card", "One card a turn",
              "A turn plays one card. A King, Queen or Wizard allows one more playable card in "
              "the same turn, and a Fair Maiden must have an escort; nothing else adds a card.",
              SECTION_TURN),
    RuleEntry("draw-one", "Drawing instead of playing",
              "A player who cannot or will not play draws one card. They may then play it if it "
              "fits, or play another card from their hand, or pass.", SECTION_TURN),
    RuleEntry("pass", "Passing",
              "A player passes only after drawing their one card.", SECTION_TURN),
    RuleEntry("hand-size", "No more cards than you hold",
              "A turn cannot play, give or burn more cards than the player's hand holds. The "
              "app counts every hand.", SECTION_TURN),
    RuleEntry("in-the-deck", "Cards of this game",
              "Only cards of the game's selection can be played or named: King's Court alone, "
              "with King's Dynasty, with the BONUS deck, or with chosen expansion cards.",
              SECTION_TURN),
    RuleEntry("reshuffle", "When the draw pile runs out",
              "When a card must be drawn and the draw pile is empty, the discard pile except its "
              "top card is shuffled into a new draw pile. The app counts the reshuffles. If "
              "there is nothing to shuffle, no card is drawn.", SECTION_TURN),
    RuleEntry("hand-over", "The end of the hand",
              "The hand ends the moment a player holds no cards (they go out), or when a Poison "
              "Garden or a Castle Fire is played. After that nothing more is played.",
              SECTION_TURN),
    RuleEntry("fair-maiden", "Fair Maiden",
              "A Fair Maiden needs an escort: in the same turn the player adds a card that "
              "could be played on her (her suit, another Fair Maiden or a Kingdom card). A Fair "
              "Maiden as the escort needs an escort of her own.", SECTION_SUIT),
    RuleEntry("drawbridge", "Drawbridge",
              "The next player draws two cards and loses the turn, unless they stack a "
              "Drawbridge of their own or answer with a defensive card.", SECTION_SUIT),
    RuleEntry("queens-option", "Queen's Option",
              "It shows two suits and fits on either of them or on another Queen's Option. Its "
              "player picks which of its two suits is in force, and whether play goes on the "
              "same way, skips the next player or reverses.", SECTION_SUIT),
    RuleEntry("knight", "Knight",
              "The direction of play reverses.", SECTION_SUIT),
    RuleEntry("knight-two-players", "Knight with two players",
              "With two players the Knight skips the other player instead, so its player plays "
              "again.", SECTION_SUIT),
    RuleEntry("court-jester", "Court Jester",
              "The next player is skipped.", SECTION_SUIT),
    RuleEntry("wizard", "Wizard",
              "Wild: its player names a suit, may add one more playable card, and picks same "
              "direction, skip or reverse. The next player then draws five and loses the turn. "
              "If the added card is a draw card as well, its draws add to the five.",
              SECTION_KINGDOM),
    RuleEntry("wizard-skip", "Wizard with a skip",
              "When the Wizard's player picks skip, the skipped player is passed over and the "
              "player after them draws the five cards and loses the turn. A draw never falls "
              "on the player who played it: with two players the other player draws.",
              SECTION_KINGDOM),
    RuleEntry("dragon", "Dragon",
              "Wild: its player names a suit, and the next player draws three and loses the "
              "turn.", SECTION_KINGDOM),
    RuleEntry("king-queen", "King and Queen",
              "Wild: its player names a suit and may add one more card that could be played on "
              "it (the named suit or a Kingdom card).", SECTION_KINGDOM),
    RuleEntry("duke-duchess", "Duke and Duchess",
              "Wild: its player names a suit.", SECTION_KINGDOM),
    RuleEntry("magician", "Magician",
              "The Magician becomes any Scroll card of the game its player names, as long as "
              "that card could be played right now, and then acts exactly as that card: as a "
              "Royal Decree or a Protector it answers a draw card.", SECTION_KINGDOM),
    RuleEntry("magic-potion", "Magic Potion",
              "It may be played on any suit, but only as its player's last card.",
              SECTION_KINGDOM),
    RuleEntry("hidden-treasure", "Hidden Treasure",
              "BONUS deck. It may be played on any suit, but only as its player's last card.",
              SECTION_KINGDOM),
    RuleEntry("last-card-only", "Cards only for going out",
              "The Magic Potion and the Hidden Treasure may only be played as the very last "
              "card of a hand, so that their player goes out with them.", SECTION_KINGDOM),
    RuleEntry("draw-cards", "Draw cards",
              "Drawbridge (2), Dragon (3), Wizard (5) and Dungeon make the next player draw and "
              "lose turns. A player facing a draw answers it with a card allowed against it or "
              "takes the cards; nothing else can be played.", SECTION_DRAW),
    RuleEntry("take", "Taking the cards",
              "A player who does not answer a draw card draws the cards due and loses the turn. "
              "A player in the Dungeon or owing the On Guard penalty takes their cards the same "
              "way; whatever is due on that turn is drawn together.", SECTION_DRAW),
    RuleEntry("stacking", "Stacking Drawbridges",
              "Only a Drawbridge stacks on a Drawbridge. The draws add up and pass to the next "
              "player, who may stack again.", SECTION_DRAW),
    RuleEntry("defensive-only", "Defensive cards",
              "The Royal Decree and the Protector, and a Magician played as either, are played "
              "only in answer to a draw card aimed at their player.", SECTION_DRAW),
    RuleEntry("royal-decree", "Royal Decree",
              "Turns a draw back: the direction of play reverses and the player who made you "
              "draw now faces the same number of cards. The suit in force stays as it was "
              "before the draw card.", SECTION_DRAW),
    RuleEntry("protector", "Protector",
              "Cancels the draw. The Protector is its player's turn: play passes on in the same "
              "direction, and the suit in force goes back to what it was before the draw card.",
              SECTION_DRAW),
    RuleEntry("draw-card-last", "Going out with a draw card",
              "A player who goes out with a draw card ends the hand at once: the next player "
              "draws the cards it demands (a Dungeon: two, or one if they already sit in the "
              "Dungeon) and cannot answer.", SECTION_DRAW),
    RuleEntry("dungeon", "Dungeon",
              "The Dungeon goes face up in front of the next player, not on the discard pile: "
              "the card to play on stays the one under it. That player loses two turns and "
              "draws one card on each.", SECTION_DUNGEON),
    RuleEntry("dungeon-escape", "Leaving the Dungeon",
              "Right after their second Dungeon draw, before the next player plays or draws, "
              "the prisoner may put the Dungeon card on the discard pile and is free. If they "
              "miss that moment they lose one more turn, draw one more card, and are then free "
              "(the Dungeon card goes onto the discard pile under the top card).",
              SECTION_DUNGEON),
    RuleEntry("dungeon-draws", "Draw cards against the Dungeon",
              "A draw card aimed at a player in the Dungeon cannot be answered: its cards are "
              "added to the card they draw for the Dungeon. A second Dungeon adds one card and "
              "lies with the first.", SECTION_DUNGEON),
    RuleEntry("battle-cards", "Battle cards",
              "King's Dynasty. Cannonball, Catapult, Flaming Arrow, Siege Tower and Imperial Tax "
              "are played on any suit on a normal turn, never as an answer to a draw card. They "
              "leave the suit in force as it was.", SECTION_SHIELD),
    RuleEntry("cannonball", "Cannonball",
              "The dealer gathers every hand, shuffles and deals them out again one at a time "
              "from the dealer's left, so some players may get one card more than others.",
              SECTION_SHIELD),
    RuleEntry("catapult", "Catapult",
              "Its player swaps hands with another player they choose.", SECTION_SHIELD),
    RuleEntry("flaming-arrow", "Flaming Arrow",
              "Its player may get rid of one more card from their hand, giving it to another "
              "player or putting it in the discard pile (under the top card).", SECTION_SHIELD),
    RuleEntry("siege-tower", "Siege Tower",
              "Its player looks at another player's hand and gives it back.", SECTION_SHIELD),
    RuleEntry("imperial-tax", "Imperial Tax",
              "A random card from every other hand goes to the discard pile; then each of those "
              "players draws one card.", SECTION_SHIELD),
    RuleEntry("defender", "Defender",
              "Played only in answer to a Battle card aimed at its player (a Cannonball or an "
              "Imperial Tax is aimed at everyone else), and it cancels that card for them alone.",
              SECTION_SHIELD),
    RuleEntry("risk-reveal", "Risk cards go face up",
              "King's Dynasty. A Risk card (Dark Knight, Poison Garden, Castle Fire, King's "
              "Goblet) dealt or drawn is laid face up in front of its player, who draws a card "
              "in its place. The Warlord may be laid face up the same way or kept in the hand.",
              SECTION_SHIELD),
    RuleEntry("risk-play", "Playing a Risk card",
              "A face-up Risk card may be played by its owner at any moment of the hand, also "
              "out of turn; it never goes on the discard pile as a turn's card.",
              SECTION_SHIELD),
    RuleEntry("dark-knight", "Dark Knight",
              "Played on another player once they are down to one card and On Guard, before the "
              "next player starts. The score sheet settles the bet when the hand ends.",
              SECTION_SHIELD),
    RuleEntry("poison-garden", "Poison Garden",
              "Ends the hand at once; every hand is counted.", SECTION_SHIELD),
    RuleEntry("castle-fire", "Castle Fire",
              "The hand is thrown in and dealt again.", SECTION_SHIELD),
    RuleEntry("kings-goblet", "King's Goblet",
              "Every player draws five cards and play goes on.", SECTION_SHIELD),
    RuleEntry("warlord", "Warlord",
              "BONUS deck. Played at the start of another player's turn, from face up or from "
              "the hand (not as its player's last card); its player then plays that turn with "
              "that player's hand.", SECTION_SHIELD),
    RuleEntry("on-guard", "On Guard",
              "A player whose turn leaves them one card must say On Guard. Another player who "
              "says it first, before the next player starts, earns them the penalty. A player "
              "going out with several cards in one turn need not say it.", SECTION_GUARD),
    RuleEntry("on-guard-penalty", "The On Guard penalty",
              "At their next turn the caught player draws two cards and loses the turn, and "
              "cannot answer a draw card on that turn.", SECTION_GUARD),
    RuleEntry("reading-suit-before", "The suit after a defence",
              "After a Protector or a Royal Decree the suit in force is the one in force before "
              "the draw card being answered; for stacked Drawbridges, before the last one.",
              SECTION_READINGS),
    RuleEntry("reading-extra-cards", "Extra cards in a chain",
              "Every King, Queen or Wizard allows one more card, also one played as an extra "
              "card, and every Fair Maiden needs her own escort. Each card's effect applies in "
              "order; skips are counted in the direction play has at the end of the turn.",
              SECTION_READINGS),
    RuleEntry("reading-dungeon-turns", "Dungeon turns",
              "A Dungeon turn is the prisoner's own turn coming round: being skipped by a Court "
              "Jester or a Queen's Option does not count as one.", SECTION_READINGS),
    RuleEntry("reading-first-card", "Defensive and last-card-only cards turned first",
              "A Royal Decree, Protector, Magic Potion or Magician turned first is a Kingdom "
              "card with no effect: the dealer names the suit. A Dungeon turned first goes in "
              "front of the player to the dealer's left.", SECTION_READINGS),
    RuleEntry("reading-no-cards", "A player left with no cards",
              "A player left holding no cards in any way goes out at once: after a Battle card "
              "this may be someone other than its player. Going out with a Royal Decree ends "
              "the hand before the draw it turns back is taken.", SECTION_READINGS),
    RuleEntry("reading-magician", "The Magician's cards",
              "The Magician can only become a Scroll card of this game's selection, never a "
              "Magician, and never a Drawbridge to stack on a Drawbridge.", SECTION_READINGS),
    RuleEntry("play-format", "Entering a play",
              "Each tap at the table is one event: a play of one or more cards in order, a draw, "
              "a pass, taking the cards due, revealing or playing a Risk card, calling On Guard, "
              "or leaving the Dungeon. The app refuses an event that is incomplete or names "
              "something unknown.", APP_SECTION),
    RuleEntry("judge", "Asking the arbiter",
              "Describe the top card, the suit in force and what is pending, and the cards you "
              "want to play: the app says whether they may be played and what happens next. It "
              "cannot see hands, so say how many cards you hold when it matters.", APP_SECTION),
)
RULE_IDS = frozenset(entry.id for entry in RULES)
assert len(RULE_IDS) == len(RULES), "two arbiter entries share an id"

EVENTS: frozenset[str] = frozenset(
    ("play", "draw", "pass", "take", "reveal", "risk", "on-guard", "escape"))
TURN_EVENTS = frozenset(("play", "draw", "pass", "take"))
_EVENT_KEYS = {
    "play": frozenset(("type", "seat", "cards")),
    "draw": frozenset(("type", "seat")),
    "pass": frozenset(("type", "seat")),
    "take": frozenset(("type", "seat")),
    "reveal": frozenset(("type", "seat", "card")),
    "risk": frozenset(("type", "seat", "card", "on")),
    "on-guard": frozenset(("type", "seat", "on")),
    "escape": frozenset(("type", "seat")),
}
_CARD_KEYS = frozenset(("card", "suit", "choice", "as", "target", "burn", "defended"))

# --------------------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class Pending:
    """Cards the player to play must draw unless they answer."""

    count: int
    kind: str  # the draw card it comes from (a Drawbridge's id, dragon, wizard, dungeon) or
    #            royal-decree when a Royal Decree turned it back
    by: int  # the seat who played it (a Royal Decree sends the draw back to them)
    suit_before: str | None  # the suit in force before that card


@dataclass(frozen=True, slots=True)
class Open:
    """The dealer's turn left open by the first card (an escort or an extra card may follow)."""

    need: str  # "escort" or "extra"
    asker: str  # the kind id that asks
    direction: int
    skips: int
    draws: int
    draw_kind: str | None
    suit_before: str | None
    dungeons: int
    last: str


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand being played at the table, as far as the app can see it. Immutable."""

    players: int
    dealer: int
    deck_size: int
    kinds: frozenset  # kind ids of the game's selection
    suits: tuple[str, ...]  # suits a player may name
    rulings: tuple  # the table's rulings, as (id, value) pairs (none change play yet)
    to_play: int
    phase: str  # "turn" (nothing done yet), "drawn", "first" (dealer adding to the first
    #             card) or "over"
    direction: int
    top: str | None  # the card to play on (what a Magician became); None after a first Dungeon
    top_card: str | None  # the physical top card
    suit: str | None
    pending: Pending | None
    open: Open | None
    hands: tuple[int, ...]
    draw_pile: int
    discard: int
    reshuffles: int
    face_up: tuple[tuple[str, ...], ...]  # Risk cards (and the Warlord) in front of each seat
    set_aside: int  # played Risk cards and Warlord
    dungeon: tuple[int, ...]  # per seat: -1 free, else Dungeon turns lost so far (0, 1, 2)
    dungeon_cards: tuple[int, ...]  # Dungeon cards lying in front of each seat
    escape: int | None  # the seat that may leave the Dungeon right now
    penalty: tuple[bool, ...]  # On Guard penalty due at the seat's next turn
    guard: int | None  # the seat just come down to one card (On Guard, Dark Knight window)
    warlord: int | None  # the seat playing this turn for the seat to play
    played: tuple[tuple[str, int, int | None], ...]  # Risk/Warlord cards: (card, by, on)
    turn: int  # turns finished so far
    out: int | None
    ended_by: str | None  # "out", "poison-garden", "castle-fire"
    last: str | None  # the last card played on a turn
    next_seat: int | None  # who drew for a draw card played last
    next_draws: int
    effects: tuple[str, ...]  # what the last event did, in words
    names: tuple[str, ...] = ()  # the players' names, for the words the table reads

    @property
    def over(self) -> bool:
        return self.ended_by is not None

    @property
    def out_of_play(self) -> int:
        """Cards neither in a hand, the piles nor face up: set aside or in a Dungeon."""
        return self.set_aside + sum(self.dungeon_cards)

    @property
    def counted(self) -> int:
        return (sum(self.hands) + self.draw_pile + self.discard
                + sum(len(cards) for cards in self.face_up) + self.out_of_play)


_FIELDS = tuple(f.name for f in fields(Hand))
_LISTS = ("hands", "dungeon", "dungeon_cards", "penalty")


def _compile_copies():
    """Fast field-by-field copies between a Hand and a working copy (generated once)."""
    lists = set(_LISTS)
    take = ["def copy_in(w, h):"]
    for name in _FIELDS:
        if name in lists:
            take.append(f"    w.{name} = list(h.{name})")
        else:
            take.append(f"    w.{name} = h.{name}")
    args = []
    for name in _FIELDS:
        if name in lists:
            args.append(f"tuple(w.{name})")
        elif name == "effects":
            args.append("tuple(w.notes)")
        else:
            args.append(f"w.{name}")
    give = ["def freeze(w):", f"    return Hand({', '.join(args)})"]
    scope: dict[str, Any] = {"Hand": Hand}
    exec("\n".join(take) + "\n\n" + "\n".join(give), scope)  # noqa: S102 (our own code)
    return scope["copy_in"], scope["freeze"]


_copy_in, _freeze = _compile_copies()


class _W:
    """A mutable working copy of a Hand for one event."""

    __slots__ = _FIELDS + ("notes", "reason")

    def __init__(self, hand: Hand):
        _copy_in(self, hand)
        self.notes: list[str] = []
        self.reason: tuple[str, str] | None = None  # why the play is allowed (for judge)

    def freeze(self) -> Hand:
        return _freeze(self)


class _Ctx:
    """What one turn's cards have set going so far."""

    __slots__ = ("direction", "skips", "draws", "draw_kind", "suit_before", "dungeons", "need",
                 "asker", "battle", "battle_step", "last", "count", "reason", "deal")

    def __init__(self, w: _W, opened: Open | None = None):
        self.battle: tuple | None = None
        self.battle_step = 0
        self.count = 0  # cards played this turn (from the hand or, for the deal, turned)
        self.reason: tuple[str, str] | None = None
        self.deal = False
        if opened is None:
            self.direction = w.direction
            self.skips = self.draws = self.dungeons = 0
            self.draw_kind: str | None = None
            self.suit_before: str | None = None
            self.need: str | None = None
            self.asker: str | None = None
            self.last: str | None = None
        else:
            self.direction = opened.direction
            self.skips, self.draws, self.dungeons = opened.skips, opened.draws, opened.dungeons
            self.draw_kind, self.suit_before = opened.draw_kind, opened.suit_before
            self.need, self.asker, self.last = opened.need, opened.asker, opened.last
            self.count = 1

    def to_open(self) -> Open:
        return Open(self.need, self.asker, self.direction, self.skips, self.draws,
                    self.draw_kind, self.suit_before, self.dungeons, self.last)


# --------------------------------------------------------------------------- words


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _name(kind_id: str) -> str:
    return INFO[kind_id].name


def _plain(seat: int) -> str:
    return f"player {seat + 1}"


def _words(hand: Hand):
    """How the table's words name a seat: by the player's name, when the hand knows them."""
    return (lambda seat: hand.names[seat]) if hand.names else _plain


def _does(words, seat: int, third: str, base: str) -> str:
    """Subject and verb: "Player 2 holds" or, for the judged player, "You hold"."""
    who = words(seat)
    return f"{_cap(who)} {base if who == 'you' else third}"


def _seats_text(seats: list[int], words) -> str:
    names = [words(s) for s in seats]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _way(direction: int) -> str:
    return "to the left" if direction == 1 else "to the right"


def _fits_text(top: str | None, suit: str | None) -> str:
    """What may be played on this top card and suit, as a list in words."""
    parts = []
    if suit:
        parts.append(f"a {suit} card")
    if top is not None and not INFO[top].kingdom:
        info = INFO[top]
        if info.stem == "number":
            parts.append(f"a {KIND_BY_ID[top].value}")
        else:
            parts.append(f"a {NAMES_OF_STEMS[info.stem]}")
    parts.append("a Kingdom card")
    return ", ".join(parts[:-1]) + " or " + parts[-1] if len(parts) > 1 else parts[0]


def _fits(eff: str, top: str | None, suit: str | None) -> str | None:
    """The rule that lets ``eff`` go on this top card and suit, or None when it does not fit."""
    info = INFO[eff]
    if info.kingdom:
        return "kingdom-any-suit"
    if suit in info.suits:
        return "follow-suit"
    if top is not None:
        under = INFO[top]
        if not under.kingdom and under.match == info.match:
            return "follow-kind"
    return None


def _answers(pending: Pending) -> str:
    if INFO[pending.kind].stem == "drawbridge":
        return ("stack a Drawbridge, answer with a Royal Decree or a Protector (or a Magician "
                "as either)")
    return "answer with a Royal Decree or a Protector (or a Magician as either)"


# --------------------------------------------------------------------------- piles


def _from_pile(w: _W, n: int) -> int:
    """Take up to ``n`` cards from the draw pile, reshuffling as needed; returns how many."""
    got = 0
    while got < n:
        if w.draw_pile == 0:
            if w.discard <= 1:
                w.notes.append("The draw pile and the discard pile are used up: no more cards "
                               "to draw.")
                break
            w.draw_pile = w.discard - 1
            w.discard = 1
            w.reshuffles += 1
            w.notes.append(f"The draw pile ran out: the discard pile except its top card was "
                           f"shuffled into a new draw pile (reshuffle {w.reshuffles}).")
        step = min(n - got, w.draw_pile)
        w.draw_pile -= step
        got += step
    return got


def _give(w: _W, seat: int, n: int) -> int:
    got = _from_pile(w, n)
    w.hands[seat] += got
    return got


def _advance(w: _W, seat: int, direction: int, steps: int = 1) -> int:
    return (seat + direction * steps) % w.players


# --------------------------------------------------------------------------- parsing


def _seat_of(w: _W, value: Any, what: str, step: int | None = None) -> int:
    if type(value) is not int or not 0 <= value < w.players:
        raise RuleError("play-format", f"{what} must be a seat from 0 to {w.players - 1}.",
                        step=step)
    return value


def _label(i: int, many: bool, name: str) -> str:
    return f"Card {i + 1} ({name[4:] if name.startswith('the ') else name}): " if many else ""


def _parse_card(w: _W, raw: Any, i: int, seat: int, many: bool, deal: bool
                ) -> tuple[str, str, dict]:
    """(physical kind id, the kind it acts as, its checked fields) of one card of a play."""
    if type(raw) is not dict:
        raise RuleError("play-format", f"Card {i + 1}: each card is an object with a \"card\" "
                                       f"field.", step=i)
    phys = raw.get("card")
    if type(phys) is not str or phys not in INFO:
        raise RuleError("play-format", f"Card {i + 1}: there is no King's Court card called "
                                       f"{_short(phys)}.", step=i)
    label = _label(i, many, _name(phys))
    if phys not in w.kinds:
        raise RuleError("in-the-deck", f"{label}{_cap(_name(phys))} is not among this game's "
                                       f"cards.", step=i)
    for key in raw:
        if key not in _CARD_KEYS:
            raise RuleError("play-format", f"{label}a card has no field called {_short(key)}.",
                            step=i)
    eff = phys
    if phys == "magician" and ("as" in raw or not deal):
        became = raw.get("as")
        if became is None:
            raise RuleError("magician", f"{label}say which Scroll card the Magician becomes "
                                        f"(\"as\").", step=i)
        if type(became) is not str or became not in INFO:
            raise RuleError("play-format", f"{label}there is no King's Court card called "
                                           f"{_short(became)}.", step=i)
        if became not in SCROLL_IDS or became == "magician":
            raise RuleError("magician", f"{label}the Magician becomes a Scroll card other than "
                                        f"the Magician, not {_name(became)}.", step=i)
        if became not in w.kinds:
            raise RuleError("reading-magician", f"{label}the Magician can only become a card "
                                                f"of this game, and {_name(became)} is not one.",
                            step=i)
        eff = became
    elif "as" in raw:
        raise RuleError("play-format", f"{label}only the Magician takes \"as\".", step=i)
    info = INFO[eff]
    allowed = {"card", "as"} if phys == "magician" else {"card"}
    needs_suit = eff in WILD or info.stem == "queens-option" or (deal and info.kingdom)
    if needs_suit:
        allowed.add("suit")
    if eff == "wizard" or info.stem == "queens-option":
        allowed.add("choice")
    if eff in ("catapult", "siege-tower"):
        allowed.add("target")
    if eff == "flaming-arrow":
        allowed.add("burn")
    if eff in BATTLE:
        allowed.add("defended")
    for key in raw:
        if key not in allowed:
            raise RuleError("play-format", f"{label}{_name(eff)} takes no \"{key}\" field.",
                            step=i)
    spec: dict[str, Any] = {}
    if needs_suit:
        suit = raw.get("suit")
        if suit is None:
            who = "the dealer names" if deal and eff not in WILD else "its player names"
            raise RuleError(info.rule if not deal else "first-card",
                            f"{label}{_name(eff)} needs \"suit\": {who} the suit in force.",
                            step=i)
        if info.stem == "queens-option":
            if suit not in info.suits:
                raise RuleError("queens-option", f"{label}{_name(eff)} puts one of its own "
                                                 f"suits in force: {' or '.join(info.suits)}.",
                                step=i)
        elif suit not in w.suits:
            raise RuleError("name-suit", f"{label}name a suit of this game: "
                                         f"{', '.join(w.suits)}.", step=i)
        spec["suit"] = suit
    if "choice" in allowed:
        choice = raw.get("choice", "same")
        if choice not in CHOICES:
            raise RuleError(info.rule, f"{label}\"choice\" is \"same\", \"skip\" or "
                                       f"\"reverse\".", step=i)
        spec["choice"] = choice
    if "target" in allowed:
        if "target" not in raw:
            raise RuleError(info.rule, f"{label}{_name(eff)} needs \"target\": the player it "
                                       f"is aimed at.", step=i)
        target = _seat_of(w, raw["target"], f"{label}\"target\"", i)
        if target == seat:
            raise RuleError(info.rule, f"{label}{_name(eff)} is aimed at another player.",
                            step=i)
        spec["target"] = target
    if "burn" in allowed and raw.get("burn") is not None:
        burn = raw["burn"]
        if burn != "discard":
            burn = _seat_of(w, burn, f"{label}\"burn\" (\"discard\" or a seat)", i)
            if burn == seat:
                raise RuleError("flaming-arrow", f"{label}the burnt card goes to another "
                                                 f"player or onto the discard pile.", step=i)
        spec["burn"] = burn
    if "defended" in allowed:
        defended = raw.get("defended", [])
        if type(defended) is not list:
            raise RuleError("play-format", f"{label}\"defended\" is a list of seats.", step=i)
        seen: list[int] = []
        for value in defended:
            d = _seat_of(w, value, f"{label}each seat in \"defended\"", i)
            if d in seen:
                raise RuleError("defender", f"{label}a player answers a Battle card with one "
                                            f"Defender at most.", step=i)
            seen.append(d)
        spec["defended"] = seen
    return phys, eff, spec


# --------------------------------------------------------------------------- one turn's cards


def _chain(w: _W, seat: int, cards: list, ctx: _Ctx, words) -> None:
    """Check and carry out the cards of one turn, in order, against the pile as it stands."""
    many = len(cards) > 1
    deal = ctx.deal
    for i, raw in enumerate(cards):
        phys, eff, spec = _parse_card(w, raw, i, seat, many, deal)
        info = INFO[eff]
        label = _label(i, many, _name(phys))
        if phys in RISK:
            raise RuleError("risk-play", f"{label}a Risk card lies face up and is played with a "
                                         f"risk move, not on a turn.", step=i)
        if phys == "warlord":
            raise RuleError("warlord", f"{label}the Warlord is played at the start of another "
                                       f"player's turn (a risk move), not on your own.", step=i)
        if phys == "defender":
            raise RuleError("defender", f"{label}a Defender only answers a Battle card aimed at "
                                        f"you: list your seat in that card's \"defended\".",
                            step=i)
        if eff in DEFENSIVE and not deal:
            what = "a Magician as " + _name(eff)[4:] if phys == "magician" else _name(eff)
            raise RuleError("defensive-only", f"{label}{_cap(what)} is played only in answer to "
                                              f"a draw card.", step=i)
        if ctx.count and ctx.need is None and not deal:
            why = (f"{_name(ctx.last)} allows no more cards" if ctx.last else "one card a turn")
            raise RuleError("one-card", f"{label}{_cap(why)}: only a King, Queen or Wizard adds "
                                        f"one card, and a Fair Maiden an escort.", step=i)
        if not deal:
            fit = _fits(eff, w.top, w.suit)
            if fit is None:
                what = _name(eff) if phys == eff else f"a Magician as {_name(eff)[4:]}"
                if ctx.need == "escort":
                    raise RuleError("fair-maiden", f"{label}{_cap(what)} cannot escort the Fair "
                                                   f"Maiden: it takes {_fits_text(w.top, w.suit)}.",
                                    step=i)
                rule = "queens-option" if info.stem == "queens-option" else "follow-suit"
                under = (f" on {_name(w.top)}" if w.top is not None else "")
                raise RuleError(rule, f"{label}{_cap(what)} does not fit{under} with "
                                      f"{w.suit} in force: play {_fits_text(w.top, w.suit)}.",
                                step=i)
            if eff in LAST_ONLY and (i != len(cards) - 1 or w.hands[seat] != 1):
                raise RuleError("last-card-only", f"{label}{_cap(_name(eff))} may only be played "
                                                  f"as your last card, to go out.", step=i)
            if phys == "magician" and ctx.reason is None and ctx.count == 0:
                ctx.reason = ("magician", f"The Magician becomes {_name(eff)[4:]}, which fits "
                                          f"now.")
            if ctx.reason is None:
                ctx.reason = _reason(fit, eff, w)
        _play_card(w, seat, ctx, phys, eff, spec, i, words)
    if ctx.need == "escort" and not deal:
        raise RuleError("fair-maiden", f"The Fair Maiden needs an escort in the same turn: add "
                                       f"{_fits_text(w.top, w.suit)}.",
                        step=len(cards) - 1)


def _reason(fit: str, eff: str, w: _W) -> tuple[str, str]:
    name = _cap(_name(eff))
    if fit == "kingdom-any-suit":
        return INFO[eff].rule, f"{name} is a Kingdom card: it may be played on any suit."
    if fit == "follow-suit":
        return (INFO[eff].rule if INFO[eff].stem != "number" else "follow-suit",
                f"{name} matches the suit in force ({w.suit}).")
    return "follow-kind", f"{name} is the same kind as the top card."


def _play_card(w: _W, seat: int, ctx: _Ctx, phys: str, eff: str, spec: dict, i: int,
               words) -> None:
    """One checked card's effect on the pile and the turn."""
    info = INFO[eff]
    suit_was = w.suit
    if not ctx.deal:
        w.hands[seat] -= 1
    if eff == "dungeon":
        ctx.dungeons += 1
        if ctx.deal:
            w.discard -= 1  # it goes in front of the next player, not on the pile
            w.top = w.top_card = None
    else:
        if not ctx.deal:
            w.discard += 1
        w.top, w.top_card = eff, phys
    ctx.last = eff
    ctx.count += 1
    ctx.need = None
    if "suit" in spec:
        w.suit = spec["suit"]
        if eff in WILD or ctx.deal and info.kingdom:
            w.notes.append(f"Suit named: {w.suit}.")
        elif suit_was != w.suit:
            w.notes.append(f"Suit in force: {w.suit}.")
    elif not info.kingdom:
        w.suit = info.suits[0]
        if suit_was != w.suit and suit_was is not None:
            w.notes.append(f"Suit in force: {w.suit}.")
    stem = info.stem
    n = w.players
    if stem == "fair-maiden":
        ctx.need, ctx.asker = "escort", eff
    elif stem == "drawbridge" or eff in ("wizard", "dragon"):
        if ctx.draws == 0:
            ctx.suit_before = suit_was
        ctx.draws += 2 if stem == "drawbridge" else 5 if eff == "wizard" else 3
        ctx.draw_kind = eff
    elif stem == "knight":
        if n == 2:
            ctx.skips += 1
            w.notes.append("With two players the Knight skips instead of reversing.")
        else:
            ctx.direction = -ctx.direction
            w.notes.append(f"Direction reversed: play now goes {_way(ctx.direction)}.")
    elif stem == "court-jester":
        ctx.skips += 1
    if eff in EXTRA:
        ctx.need, ctx.asker = "extra", eff
    if "choice" in spec:
        choice = spec["choice"]
        if choice == "reverse":
            ctx.direction = -ctx.direction
            w.notes.append(f"Direction reversed: play now goes {_way(ctx.direction)}.")
        elif choice == "skip":
            ctx.skips += 1
    if eff in BATTLE:
        ctx.battle = (eff, spec)
        ctx.battle_step = i


def _battle(w: _W, seat: int, ctx: _Ctx, words) -> None:
    card, spec = ctx.battle
    n = w.players
    step = ctx.battle_step
    if card in ("cannonball", "imperial-tax"):
        aimed = {s for s in range(n) if s != seat}
    elif card == "flaming-arrow":
        aimed = {spec["burn"]} if type(spec.get("burn")) is int else set()
    else:
        aimed = {spec["target"]}
    defended = spec.get("defended", [])
    for d in defended:
        if d not in aimed:
            raise RuleError("defender", f"{_cap(words(d))} is not a player {_name(card)} is "
                                        f"aimed at, so no Defender answers it there.", step=step)
    if defended:
        if "defender" not in w.kinds:
            raise RuleError("in-the-deck", "The Defender is not among this game's cards.",
                            step=step)
        copies = KIND_BY_ID["defender"].copies
        if len(defended) > copies:
            raise RuleError("defender", f"There are only {copies} Defenders.", step=step)
        for d in defended:
            if w.hands[d] < 1:
                raise RuleError("defender", f"{_cap(words(d))} holds no cards, so no Defender.",
                                step=step)
        for d in defended:
            w.hands[d] -= 1
            w.discard += 1
        w.notes.append(f"{_cap(_seats_text(defended, words))} answered with a Defender: "
                       f"{_name(card)} does nothing to them.")
    hit = [s for s in sorted(aimed) if s not in defended]
    if card == "cannonball":
        players = [s for s in range(n) if s not in defended]
        pool = sum(w.hands[s] for s in players)
        order = [(w.dealer + k) % n for k in range(1, n + 1)]
        order = [s for s in order if s in players]
        base, more = divmod(pool, len(order))
        for k, s in enumerate(order):
            w.hands[s] = base + (1 if k < more else 0)
        w.notes.append(f"Cannonball: {pool} cards from {len(order)} hands are gathered and "
                       f"dealt again from the dealer's left.")
    elif card == "catapult":
        target = spec["target"]
        if hit:
            w.hands[seat], w.hands[target] = w.hands[target], w.hands[seat]
            w.notes.append(f"Catapult: {words(seat)} and {words(target)} swap hands.")
    elif card == "flaming-arrow":
        burn = spec.get("burn")
        if burn is not None:
            if w.hands[seat] < 1:
                raise RuleError("flaming-arrow", "There is no card left in the hand to burn.",
                                step=step)
            if burn == "discard":
                w.hands[seat] -= 1
                w.discard += 1
                w.notes.append("Flaming Arrow: one more card burns on the discard pile.")
            elif hit:
                w.hands[seat] -= 1
                w.hands[burn] += 1
                w.notes.append(f"Flaming Arrow: one card goes to {words(burn)}.")
    elif card == "siege-tower":
        if hit:
            looks = _does(words, seat, "looks", "look")
            w.notes.append(f"Siege Tower: {looks[:1].lower()}{looks[1:]} at "
                           f"{words(spec['target'])}'s hand.")
    elif card == "imperial-tax":
        taxed = [s for s in hit if w.hands[s] > 0]
        for s in taxed:
            w.hands[s] -= 1
            w.discard += 1
        for s in taxed:
            _give(w, s, 1)
        if taxed:
            w.notes.append(f"Imperial Tax: {_seats_text(taxed, words)} each lose a random card "
                           f"to the discard pile and draw one.")


def _finish(w: _W, seat: int, ctx: _Ctx, words) -> None:
    """The turn is complete: battle, going out, draws, the Dungeon, and who plays next."""
    if ctx.battle is not None:
        _battle(w, seat, ctx, words)
    n = w.players
    w.direction = ctx.direction
    target = _advance(w, seat, ctx.direction, 1 + ctx.skips)
    if target == seat and (ctx.draws or ctx.dungeons):  # skips came round (two players)
        target = _advance(w, seat, ctx.direction, 1)
    w.open = None
    w.last = ctx.last
    w.warlord = None
    for k in range(1, ctx.skips + 1):
        w.notes.append(f"Skipped: {words(_advance(w, seat, ctx.direction, k))}.")
    out = _someone_out(w, seat)
    if out is not None:
        _end_out(w, seat, out, target, ctx, words)
        return
    count = ctx.draws
    if ctx.dungeons:
        if w.dungeon[target] >= 0:
            count += ctx.dungeons
            sits = _does(words, target, "already sits", "already sit")
            w.notes.append(f"{sits} in the Dungeon: the new Dungeon card lies with the first "
                           f"and adds one card to draw.")
        else:
            w.dungeon[target] = 0
            count += ctx.dungeons - 1
            w.notes.append(f"Dungeon: {words(target)} loses the next two turns, drawing one "
                           f"card on each.")
        w.dungeon_cards[target] += ctx.dungeons
    if count:
        w.pending = Pending(count, ctx.draw_kind or "dungeon", seat, ctx.suit_before)
        if w.dungeon[target] >= 0:
            sits = _does(words, target, "sits", "sit")
            w.notes.append(f"{sits} in the Dungeon and cannot answer: "
                           f"{_plural(count, 'card')} to take with the Dungeon's card.")
        else:
            w.notes.append(f"{_cap(words(target))} must draw {count} and lose the turn, unless "
                           f"they {_answers(w.pending)}.")
    w.to_play = target
    w.phase = "turn"
    w.turn += 1
    if w.hands[seat] == 1:
        w.guard = seat
        w.notes.append(f"Down to one card: {words(seat)} must say On Guard.")
    w.notes.append(f"Next to play: {words(target)}.")


def _someone_out(w: _W, seat: int) -> int | None:
    if w.hands[seat] == 0:
        return seat
    for k in range(1, w.players):
        other = _advance(w, seat, w.direction, k)
        if w.hands[other] == 0:
            return other
    return None


def _end_out(w: _W, seat: int, out: int, target: int, ctx: _Ctx | None, words) -> None:
    w.out = out
    w.ended_by = "out"
    w.phase = "over"
    w.pending = None
    w.guard = w.escape = None
    w.last = ctx.last if ctx is not None and out == seat else None
    w.notes.append(f"Out: {words(out)} holds no more cards, and the hand is over.")
    if ctx is None or not (ctx.draws or ctx.dungeons):
        return
    count = ctx.draws
    if ctx.dungeons:  # the Dungeon lies in front of the next player and counts in their hand
        count += ctx.dungeons + (0 if w.dungeon[target] >= 0 else 1)
        if w.dungeon[target] < 0:
            w.dungeon[target] = 0
        w.dungeon_cards[target] += ctx.dungeons
    if out != seat:
        return
    got = _give(w, target, count)
    w.next_seat = target
    w.next_draws = got
    draws = _does(words, target, "draws", "draw")
    w.notes.append(f"{draws} {got} at once for the last card; they count in that hand.")


# --------------------------------------------------------------------------- answering a draw


def _answer(w: _W, seat: int, cards: list, words) -> None:
    p = w.pending
    many = len(cards) > 1
    phys, eff, spec = _parse_card(w, cards[0], 0, seat, many, False)
    stem = INFO[eff].stem
    if INFO[p.kind].stem == "drawbridge" and stem == "drawbridge" and phys != "magician":
        ctx = _Ctx(w)
        ctx.draws, ctx.draw_kind, ctx.suit_before = p.count, p.kind, w.suit
        ctx.reason = ("stacking", f"A Drawbridge stacks on the Drawbridge: the draw grows to "
                                  f"{p.count + 2}.")
        ctx.count = 1  # the stack is the whole turn
        w.pending = None
        _play_card(w, seat, ctx, phys, eff, spec, 0, words)
        ctx.need = None
        if many:
            raise RuleError("one-card", "Stacking a Drawbridge is the whole turn: one card.",
                            step=1)
        w.notes.insert(0, f"The draws stack: {p.count + 2} cards.")
        w.reason = ctx.reason
        _finish(w, seat, ctx, words)
        return
    if eff not in DEFENSIVE:
        if phys == "magician" and stem == "drawbridge":
            raise RuleError("reading-magician", "Only a Drawbridge stacks on a Drawbridge; a "
                                                "Magician answers a draw card only as a Royal "
                                                "Decree or a Protector.", step=0)
        rule = "stacking" if stem == "drawbridge" else "draw-cards"
        raise RuleError(rule, f"{_does(words, seat, 'faces', 'face')} a draw of {p.count}: "
                              f"{_answers(p)}, or take the cards and lose the turn.", step=0)
    if many:
        raise RuleError("one-card", "Answering a draw card is the whole turn: one card.",
                        step=1)
    w.hands[seat] -= 1
    w.discard += 1
    w.top, w.top_card = eff, phys
    w.last = eff
    w.warlord = None
    if p.suit_before is not None:
        w.suit = p.suit_before
    as_what = " (the Magician)" if phys == "magician" else ""
    if eff == "royal-decree":
        w.direction = -w.direction
        reason = ("royal-decree", f"A Royal Decree{as_what} turns the draw of {p.count} back.")
        w.notes.append(f"Royal Decree{as_what}: the draw of {p.count} turns back on "
                       f"{words(p.by)}; play now goes {_way(w.direction)}; suit in force: "
                       f"{w.suit}.")
        nxt = p.by
    else:
        reason = ("protector", f"A Protector{as_what} cancels the draw of {p.count}.")
        w.notes.append(f"Protector{as_what}: the draw of {p.count} is cancelled; suit in force: "
                       f"{w.suit}.")
        nxt = _advance(w, seat, w.direction)
    w.reason = reason
    w.pending = None
    if w.hands[seat] == 0:
        ctx = _Ctx(w)
        ctx.last = eff
        _end_out(w, seat, seat, nxt, ctx, words)
        return
    if eff == "royal-decree":
        w.pending = Pending(p.count, "royal-decree", seat, p.suit_before)
        w.notes.append(f"{_cap(words(p.by))} must draw {p.count} and lose the turn, unless they "
                       f"{_answers(w.pending)}.")
    w.to_play = nxt
    w.phase = "turn"
    w.turn += 1
    if w.hands[seat] == 1:
        w.guard = seat
        w.notes.append(f"Down to one card: {words(seat)} must say On Guard.")
    w.notes.append(f"Next to play: {words(nxt)}.")


# --------------------------------------------------------------------------- events


def _my_turn(w: _W, seat: int, words) -> None:
    if seat != w.to_play:
        raise RuleError("turn-order", f"It is {words(w.to_play)}'s turn, not {words(seat)}'s.")


def _due(w: _W, seat: int) -> int:
    due = w.pending.count if w.pending is not None else 0
    if w.dungeon[seat] >= 0:
        due += 1
    if w.penalty[seat]:
        due += 2
    return due


def _no_dues(w: _W, seat: int, what: str, words) -> None:
    """Refuse a play, draw or pass when the seat must take cards instead."""
    if w.dungeon[seat] >= 0:
        sits = _does(words, seat, "sits", "sit")
        raise RuleError("dungeon", f"{sits} in the Dungeon: take "
                                   f"{_plural(_due(w, seat), 'card')} and lose this turn "
                                   f"(no {what}).")
    if w.penalty[seat]:
        owes = _does(words, seat, "owes", "owe")
        raise RuleError("on-guard-penalty", f"{owes} the On Guard penalty: take "
                                            f"{_plural(_due(w, seat), 'card')} and lose this "
                                            f"turn.")


def _close_windows(w: _W) -> None:
    """The seat to play starts acting: the On Guard and Dungeon moments are over."""
    w.guard = None
    w.escape = None


def _ev_play(w: _W, seat: int, move: dict, words) -> None:
    _my_turn(w, seat, words)
    cards = move.get("cards")
    if type(cards) is not list or not cards:
        raise RuleError("play-format", 'A play needs "cards": a list of the cards played, in '
                                       'order.')
    _no_dues(w, seat, "play", words)
    if len(cards) > w.hands[seat]:
        raise RuleError("hand-size", f"{_does(words, seat, 'holds', 'hold')} "
                                     f"{_plural(w.hands[seat], 'card')}, not {len(cards)}.",
                        step=w.hands[seat])
    _close_windows(w)
    if w.pending is not None:
        _answer(w, seat, cards, words)
        return
    ctx = _Ctx(w, w.open)
    _chain(w, seat, cards, ctx, words)
    if ctx.reason is not None:
        w.reason = ctx.reason
    _finish(w, seat, ctx, words)


def _ev_draw(w: _W, seat: int, move: dict, words) -> None:
    _my_turn(w, seat, words)
    _no_dues(w, seat, "draw", words)
    if w.pending is not None:
        raise RuleError("take", f"{_cap(words(seat))} faces a draw of {w.pending.count}: "
                                f"{_answers(w.pending)}, or take the cards.")
    if w.phase == "drawn":
        raise RuleError("draw-one", f"{_cap(words(seat))} has drawn already: play a card or "
                                    f"pass.")
    if w.phase == "first" and w.open.need != "escort":
        raise RuleError(INFO[w.open.asker].rule, f"The dealer may add one card to "
                                                 f"{_name(w.open.asker)} from their hand, or "
                                                 f"pass.")
    _close_windows(w)
    got = _give(w, seat, 1)
    w.phase = "drawn"
    w.notes.append(f"{_cap(words(seat))} draws a card: play it or another card, or pass." if got
                   else f"{_cap(words(seat))} finds no card to draw: play a card or pass.")


def _ev_pass(w: _W, seat: int, move: dict, words) -> None:
    _my_turn(w, seat, words)
    _no_dues(w, seat, "pass", words)
    if w.pending is not None:
        raise RuleError("take", f"{_cap(words(seat))} faces a draw of {w.pending.count}: "
                                f"{_answers(w.pending)}, or take the cards.")
    if w.phase == "turn":
        raise RuleError("pass", f"{_cap(words(seat))} must draw a card before passing.")
    if w.phase == "first" and w.open.need == "escort":
        raise RuleError("first-card", "The first card's Fair Maiden needs an escort: the dealer "
                                      "plays one or draws a card to try for one.")
    _close_windows(w)
    if w.open is not None:
        ctx = _Ctx(w, w.open)
        ctx.need = None
        w.notes.append(f"{_cap(words(seat))} adds no card.")
        _finish(w, seat, ctx, words)
        return
    nxt = _advance(w, seat, w.direction)
    w.to_play = nxt
    w.phase = "turn"
    w.turn += 1
    w.warlord = None
    w.notes.append(f"{_cap(words(seat))} passes. Next to play: {words(nxt)}.")


def _ev_take(w: _W, seat: int, move: dict, words) -> None:
    _my_turn(w, seat, words)
    due = _due(w, seat)
    if due == 0:
        raise RuleError("take", f"{_cap(words(seat))} has nothing to take: play a card, or draw "
                                f"one.")
    _close_windows(w)
    parts = []
    if w.pending is not None:
        parts.append(f"{w.pending.count} for {_name(w.pending.kind)}")
    in_dungeon = w.dungeon[seat] >= 0
    if in_dungeon:
        parts.append("1 for the Dungeon")
        w.dungeon[seat] += 1
        if w.dungeon[seat] == 3:  # the missed escape's extra turn: free again
            w.discard += w.dungeon_cards[seat]
            w.dungeon_cards[seat] = 0
            w.dungeon[seat] = -1
    if w.penalty[seat]:
        parts.append("2 for the On Guard penalty")
        w.penalty[seat] = False
    got = _give(w, seat, due)
    w.pending = None
    w.notes.append(f"{_cap(words(seat))} takes {got} ({', '.join(parts)}) and loses the turn.")
    if in_dungeon:
        turns = w.dungeon[seat]
        if turns == -1:
            w.notes.append(f"{_cap(words(seat))} leaves the Dungeon after a third lost turn.")
        elif turns == 2:
            w.escape = seat
            w.notes.append(f"{_cap(words(seat))} may leave the Dungeon now, before the next "
                           f"player plays or draws.")
    nxt = _advance(w, seat, w.direction)
    w.to_play = nxt
    w.phase = "turn"
    w.turn += 1
    w.warlord = None
    w.notes.append(f"Next to play: {words(nxt)}.")


def _ev_escape(w: _W, seat: int, move: dict, words) -> None:
    if w.escape != seat:
        if w.dungeon[seat] < 0:
            raise RuleError("dungeon-escape", f"{_cap(words(seat))} is not in the Dungeon.")
        raise RuleError("dungeon-escape", f"{_cap(words(seat))} may leave the Dungeon only "
                                          f"right after the second Dungeon draw, before the "
                                          f"next player plays or draws.")
    w.discard += w.dungeon_cards[seat]
    w.dungeon_cards[seat] = 0
    w.dungeon[seat] = -1
    w.escape = None
    under = _name(w.top) if w.top else "the named suit"
    w.notes.append(f"{_cap(words(seat))} leaves the Dungeon: the Dungeon card goes onto the "
                   f"discard pile, and the card to play on stays {under}.")


def _ev_on_guard(w: _W, seat: int, move: dict, words) -> None:
    if "on" not in move:
        raise RuleError("play-format", 'Calling On Guard needs "on": the seat caught.')
    on = _seat_of(w, move["on"], '"on"')
    if on == seat:
        raise RuleError("on-guard", "Saying On Guard yourself costs nothing: the call is for "
                                    "another player who was first.")
    if w.guard != on or w.hands[on] != 1:
        raise RuleError("on-guard", f"{_cap(words(on))} has not just come down to one card, so "
                                    f"there is no On Guard to call before the next player "
                                    f"starts.")
    if w.penalty[on]:
        raise RuleError("on-guard", f"{_cap(words(on))} already owes the On Guard penalty.")
    w.penalty[on] = True
    w.notes.append(f"{_cap(words(seat))} said On Guard first: {words(on)} draws two at their "
                   f"next turn and loses it.")


def _lay(w: _W, seat: int, card: str, way: int) -> None:
    """Lay a card face up in front of a seat (way +1) or take it away (-1)."""
    cards = list(w.face_up[seat])
    if way > 0:
        cards.append(card)
    else:
        cards.remove(card)
    w.face_up = w.face_up[:seat] + (tuple(cards),) + w.face_up[seat + 1:]


def _unique_gone(w: _W, card: str) -> bool:
    """Whether the single copy of a Risk card or the Warlord is already face up or played."""
    seen = sum(cards.count(card) for cards in w.face_up)
    seen += sum(1 for played, _, _ in w.played if played == card)
    return seen >= KIND_BY_ID[card].copies


def _ev_reveal(w: _W, seat: int, move: dict, words) -> None:
    card = move.get("card")
    if type(card) is not str or card not in FACE_UP:
        raise RuleError("risk-reveal", 'Only a Risk card or the Warlord is laid face up: "card" '
                                       'is dark-knight, poison-garden, castle-fire, kings-goblet '
                                       'or warlord.')
    if card not in w.kinds:
        raise RuleError("in-the-deck", f"{_cap(_name(card))} is not among this game's cards.")
    if _unique_gone(w, card):
        raise RuleError("risk-reveal", f"{_cap(_name(card))} is already face up or played: "
                                       f"there is only one.")
    if w.hands[seat] < 1:
        raise RuleError("risk-reveal", f"{_cap(words(seat))} holds no cards.")
    w.hands[seat] -= 1
    _lay(w, seat, card, +1)
    got = _give(w, seat, 1)
    w.notes.append(f"{_cap(_name(card))} goes face up in front of {words(seat)}, who draws "
                   f"{'a card' if got else 'no card (none left)'} in its place.")
    if w.hands[seat] == 0:
        _end_out(w, seat, seat, seat, None, words)


def _ev_risk(w: _W, seat: int, move: dict, words) -> None:
    card = move.get("card")
    if type(card) is not str or card not in FACE_UP:
        raise RuleError("risk-play", 'A risk move plays dark-knight, poison-garden, castle-fire, '
                                     'kings-goblet or warlord.')
    on = move.get("on")
    if card == "warlord":
        _warlord(w, seat, on, words)
        return
    if card not in w.face_up[seat]:
        raise RuleError("risk-play", f"{_cap(_name(card))} is not face up in front of "
                                     f"{words(seat)}: a Risk card is laid face up first "
                                     f"(reveal).")
    if card == "dark-knight":
        if on is None:
            raise RuleError("dark-knight", 'The Dark Knight needs "on": the player On Guard.')
        on = _seat_of(w, on, '"on"')
        if on == seat:
            raise RuleError("dark-knight", "The Dark Knight is played on another player.")
        if w.guard != on or w.hands[on] != 1:
            raise RuleError("dark-knight", f"The Dark Knight is played on a player who has just "
                                           f"come down to one card, before the next player "
                                           f"starts; {words(on)} has not.")
    elif on is not None:
        raise RuleError("play-format", f"{_cap(_name(card))} takes no \"on\" field.")
    _lay(w, seat, card, -1)
    w.set_aside += 1
    w.played = w.played + ((card, seat, on),)
    if card == "dark-knight":
        w.notes.append(f"{_cap(words(seat))} plays the Dark Knight on {words(on)}: the sheet "
                       f"settles it when the hand ends.")
    elif card == "poison-garden":
        w.ended_by, w.phase, w.out = "poison-garden", "over", None
        w.pending = None
        w.guard = w.escape = None
        w.notes.append(f"{_cap(words(seat))} plays the Poison Garden: the hand ends now and "
                       f"every hand is counted.")
    elif card == "castle-fire":
        w.ended_by, w.phase, w.out = "castle-fire", "over", None
        w.pending = None
        w.guard = w.escape = None
        w.notes.append(f"{_cap(words(seat))} plays the Castle Fire: the hand is thrown in and "
                       f"dealt again.")
    else:
        for k in range(w.players):
            _give(w, (seat + k) % w.players, 5)
        w.notes.append(f"{_cap(words(seat))} plays the King's Goblet: every player draws five.")


def _warlord(w: _W, seat: int, on: Any, words) -> None:
    if "warlord" not in w.kinds:
        raise RuleError("in-the-deck", "The Warlord is not among this game's cards.")
    if on is None:
        raise RuleError("warlord", 'The Warlord needs "on": the player whose turn it takes.')
    on = _seat_of(w, on, '"on"')
    if on == seat:
        raise RuleError("warlord", "The Warlord takes another player's turn, not yours.")
    if on != w.to_play or w.phase != "turn" or w.warlord is not None:
        raise RuleError("warlord", f"The Warlord is played at the start of {words(on)}'s turn, "
                                   f"before they do anything.")
    if "warlord" in w.face_up[seat]:
        _lay(w, seat, "warlord", -1)
    else:
        if any("warlord" in cards for cards in w.face_up) or _unique_gone(w, "warlord"):
            raise RuleError("warlord", "The only Warlord is already face up in front of another "
                                       "player or played.")
        if w.hands[seat] < 2:
            raise RuleError("warlord", f"{_cap(words(seat))} would play the Warlord as their "
                                       f"last card: it cannot be, it plays another's turn.")
        w.hands[seat] -= 1
    w.set_aside += 1
    w.played = w.played + (("warlord", seat, on),)
    w.warlord = seat
    w.notes.append(f"{_cap(words(seat))} plays the Warlord: they play {words(on)}'s turn with "
                   f"{words(on)}'s hand.")


_HANDLERS = {"play": _ev_play, "draw": _ev_draw, "pass": _ev_pass, "take": _ev_take,
             "reveal": _ev_reveal, "risk": _ev_risk, "on-guard": _ev_on_guard,
             "escape": _ev_escape}


def _event(hand: Hand, move: Any, words=None) -> _W:
    """Check and carry out one event; raises RuleError (and changes nothing) when refused."""
    if type(move) is not dict:
        raise RuleError("play-format", 'An event is an object with "type" and "seat".')
    kind = move.get("type")
    if kind not in _HANDLERS:
        raise RuleError("play-format", f"An event's \"type\" is one of "
                                       f"{', '.join(sorted(EVENTS))}, not {_short(kind)}.")
    keys = _EVENT_KEYS[kind]
    for key in move:
        if key not in keys:
            raise RuleError("play-format", f"A {kind} event has no field called {_short(key)}.")
    if hand.ended_by is not None:
        raise RuleError("hand-over", "This hand is over: nothing more can be played.")
    words = words or _words(hand)
    w = _W(hand)
    if "seat" not in move:
        raise RuleError("play-format", 'An event needs "seat": the seat acting.')
    seat = _seat_of(w, move["seat"], '"seat"')
    if kind in ("reveal", "risk") and "card" not in move:
        raise RuleError("play-format", f'A {kind} event needs "card".')
    try:
        _HANDLERS[kind](w, seat, move, words)
    except RuleError as error:
        if error.message[:1].islower():  # a card's sentence without its "Card n" label
            raise RuleError(error.rule, _cap(error.message), step=error.step) from None
        raise
    return w


def validate_event(hand: Hand, move: Any) -> None:
    """Raise RuleError (rule id, one sentence, ``step``: the card's index) when ``move`` is not
    legal in ``hand``; otherwise return None."""
    _event(hand, move)


def apply_event(hand: Hand, move: Any) -> Hand:
    """The Hand after a legal event (checked again: an illegal one raises RuleError)."""
    return _event(hand, move).freeze()


# --------------------------------------------------------------------------- the deal


def start_hand(players: int, dealer: int, kinds: Iterable[CardKind], first: Any,
               rulings: Mapping[str, Any] | None = None, names: tuple[str, ...] = ()) -> Hand:
    """Deal seven cards each from the selection's deck and turn ``first`` face up.

    ``first`` is a kind id or a card object (see the module docstring). Raises RuleError on a
    bad first card (a Shield card is refused: it goes back and another is turned)."""
    if type(players) is not int or not FEWEST <= players <= MOST:
        raise RuleError("deal", f"King's Court is dealt to {FEWEST} to {MOST} players.")
    if type(dealer) is not int or not 0 <= dealer < players:
        raise RuleError("deal", f"The dealer is a seat from 0 to {players - 1}.")
    kinds = tuple(kinds)
    size = sum(kind.copies for kind in kinds)
    if size < HAND_SIZE * players + 1:
        raise RuleError("deal", f"{size} cards are too few to deal seven to {players} players.")
    if type(first) is str:
        first = {"card": first}
    hand = Hand(
        players=players, dealer=dealer, deck_size=size,
        kinds=frozenset(kind.id for kind in kinds), suits=suits_in(kinds),
        rulings=tuple(sorted(dict(rulings or {}).items())), to_play=dealer, phase="turn",
        direction=1, top=None, top_card=None, suit=None, pending=None, open=None,
        hands=(HAND_SIZE,) * players, draw_pile=size - HAND_SIZE * players - 1, discard=1,
        reshuffles=0, face_up=((),) * players, set_aside=0, dungeon=(-1,) * players,
        dungeon_cards=(0,) * players, escape=None, penalty=(False,) * players, guard=None,
        warlord=None, played=(), turn=0, out=None, ended_by=None, last=None, next_seat=None,
        next_draws=0, effects=(), names=tuple(names),
    )
    w = _W(hand)
    if type(first) is not dict:
        raise RuleError("first-card", 'The first card is a card id or an object with "card".')
    phys = first.get("card")
    if type(phys) is str and phys in INFO and KIND_BY_ID[phys].group == SHIELD:
        raise RuleError("first-shield", f"{_cap(_name(phys))} is a Shield card: it goes back "
                                        f"into the deck and the next card is turned.")
    ctx = _Ctx(w)
    ctx.deal = True
    try:
        phys, eff, spec = _parse_card(w, first, 0, dealer, False, True)
    except RuleError as error:
        raise RuleError(error.rule if error.rule != "play-format" else "first-card",
                        f"First card: {error.message}") from None
    w.notes.append(f"{_cap(_name(phys))} is turned first and counts as the dealer's play.")
    _play_card(w, dealer, ctx, phys, eff, spec, 0, _words(hand))
    if ctx.need is not None:
        w.open = ctx.to_open()
        w.phase = "first"
        w.notes.append("The dealer may add one card from their hand, or pass." if
                       ctx.need == "extra" else "The dealer must add an escort for the Fair "
                                                "Maiden, or draw a card to try for one.")
        return w.freeze()
    ctx.deal = False
    _finish(w, dealer, ctx, _words(hand))
    return w.freeze()


# --------------------------------------------------------------------------- reading a hand


def outcome(hand: Hand) -> dict[str, Any] | None:
    """None while the hand runs; then how it ended (see the contract in the module docstring)."""
    if hand.ended_by is None:
        return None
    dungeons = [{"seat": s, "cards": hand.dungeon_cards[s]} for s in range(hand.players)
                if hand.dungeon[s] >= 0]
    return {
        "out": hand.out,
        "ended_by": hand.ended_by,
        "last": hand.last if hand.ended_by == "out" else None,
        "next_draws": hand.next_draws,
        "next": hand.next_seat,
        "dungeon": dungeons[0]["seat"] if dungeons else None,
        "dungeons": dungeons,
        "played": [{"card": card, "by": by, "on": on} for card, by, on in hand.played],
    }


def playable(hand: Hand) -> list[str]:
    """Kind ids of the selection that could open the turn of the seat to play right now (the
    app cannot see the hand: this is what would be legal if they held it)."""
    if hand.ended_by is not None or hand.dungeon[hand.to_play] >= 0 or \
            hand.penalty[hand.to_play]:
        return []
    if hand.pending is not None:
        out = [k for k in ("royal-decree", "protector", "magician") if k in hand.kinds]
        if INFO[hand.pending.kind].stem == "drawbridge":
            out += sorted(k for k in hand.kinds if INFO[k].stem == "drawbridge")
        return out
    out = []
    for kind in KINDS:
        k = kind.id
        if k not in hand.kinds or k in RISK or k in DEFENSIVE or k in ("defender", "warlord"):
            continue
        if _fits(k, hand.top, hand.suit) is not None:
            out.append(k)
    return out


def _options(hand: Hand) -> list[str]:
    if hand.ended_by is not None:
        return ["The hand is over: score it on the sheet."]
    seat = hand.to_play
    words = _words(hand)
    who = _cap(words(seat))
    out: list[str] = []
    if hand.escape is not None:
        out.append(f"{_cap(words(hand.escape))} may leave the Dungeon now, before {who} "
                   f"plays or draws.")
    if hand.guard is not None and hand.hands[hand.guard] == 1 and not hand.penalty[hand.guard]:
        out.append(f"{_cap(words(hand.guard))} is down to one card and must say On Guard; "
                   f"another player may call it first.")
    if hand.phase == "first":
        asker = _name(hand.open.asker)
        if hand.open.need == "escort":
            out.append(f"The dealer adds an escort for {asker}: {_fits_text(hand.top, hand.suit)}"
                       f"; or draws a card to try for one.")
        else:
            out.append(f"The dealer may add one card to {asker} ({_fits_text(hand.top, hand.suit)}"
                       f"), or pass.")
        return out
    due = sum((hand.pending.count if hand.pending else 0, 1 if hand.dungeon[seat] >= 0 else 0,
               2 if hand.penalty[seat] else 0))
    if hand.dungeon[seat] >= 0:
        out.append(f"{who} sits in the Dungeon (lost turns so far: {hand.dungeon[seat]}): take "
                   f"{_plural(due, 'card')} and lose the turn.")
    elif hand.penalty[seat]:
        out.append(f"{who} owes the On Guard penalty: take {_plural(due, 'card')} and lose the "
                   f"turn.")
    elif hand.pending is not None:
        out.append(f"{who} faces a draw of {hand.pending.count}: {_answers(hand.pending)}; or "
                   f"take the cards and lose the turn.")
    elif hand.phase == "drawn":
        out.append(f"{who} has drawn: play {_fits_text(hand.top, hand.suit)}, or pass.")
    else:
        out.append(f"{who} plays {_fits_text(hand.top, hand.suit)}, or draws a card.")
    if hand.phase == "turn" and hand.warlord is None:
        for s in range(hand.players):
            if s != seat and "warlord" in hand.face_up[s]:
                out.append(f"{_cap(words(s))} may play the Warlord and take this turn.")
    return out


def hand_view(hand: Hand) -> dict[str, Any]:
    """Everything about the hand, JSON-ready, with ``on_guard``, ``to_play`` and ``options``."""
    end = outcome(hand)
    return {
        "players": hand.players,
        "dealer": hand.dealer,
        "to_play": None if hand.ended_by else hand.to_play,
        "phase": hand.phase,
        "direction": hand.direction,
        "direction_words": _way(hand.direction),
        "top": hand.top,
        "top_card": hand.top_card,
        "top_name": _name(hand.top)[4:] if hand.top else None,
        "suit": hand.suit,
        "pending": None if hand.pending is None else {
            "count": hand.pending.count, "kind": hand.pending.kind, "by": hand.pending.by,
            "suit_before": hand.pending.suit_before},
        "open": None if hand.open is None else {"need": hand.open.need,
                                                "card": hand.open.asker},
        "hands": list(hand.hands),
        "draw_pile": hand.draw_pile,
        "discard_pile": hand.discard,
        "reshuffles": hand.reshuffles,
        "face_up": [list(cards) for cards in hand.face_up],
        "set_aside": hand.set_aside,
        "out_of_play": hand.out_of_play,
        "deck_size": hand.deck_size,
        "dungeon": [None if turns < 0 else {"turns_lost": turns,
                                            "cards": hand.dungeon_cards[seat]}
                    for seat, turns in enumerate(hand.dungeon)],
        "escape": hand.escape,
        "on_guard": [hand.guard] if hand.guard is not None and not hand.ended_by and
        hand.hands[hand.guard] == 1 and not hand.penalty[hand.guard] else [],
        "one_card": [seat for seat, n in enumerate(hand.hands) if n == 1],
        "penalty": [seat for seat, due in enumerate(hand.penalty) if due],
        "warlord": None if hand.warlord is None else {"by": hand.warlord, "on": hand.to_play},
        "played": [{"card": card, "by": by, "on": on} for card, by, on in hand.played],
        "turn": hand.turn,
        "over": hand.ended_by is not None,
        "outcome": end,
        "effects": list(hand.effects),
        "options": _options(hand),
        "playable": playable(hand),
    }


def describe(move: Mapping[str, Any], players: Sequence[str]) -> str:
    """One history line for an accepted event, naming players by ``players``."""
    kind = move.get("type")
    who = players[move["seat"]]
    if kind == "play":
        parts = []
        for card in move.get("cards", ()):
            text = _name(card["card"])[4:]
            if "as" in card:
                text += f" as {_name(card['as'])[4:]}"
            if "suit" in card:
                text += f" ({card['suit']})"
            if card.get("choice", "same") != "same":
                text += f", {card['choice']}"
            if "target" in card:
                text += f" on {players[card['target']]}"
            parts.append(text)
        return f"{who} played {', '.join(parts)}"
    if kind == "draw":
        return f"{who} drew a card"
    if kind == "pass":
        return f"{who} passed"
    if kind == "take":
        return f"{who} took the cards due and lost the turn"
    if kind == "reveal":
        return f"{who} laid {_name(move['card'])} face up"
    if kind == "risk":
        on = move.get("on")
        return f"{who} played {_name(move['card'])}" + (f" on {players[on]}"
                                                        if on is not None else "")
    if kind == "on-guard":
        return f"{who} called On Guard on {players[move['on']]}"
    if kind == "escape":
        return f"{who} left the Dungeon"
    return f"Play-by-play: {kind}"


# --------------------------------------------------------------------------- the judge


def _relative(n: int, direction: int):
    def words(seat: int) -> str:
        if seat == 0:
            return "you"
        if seat == direction % n:
            return "the next player"
        if seat == (2 * direction) % n:
            return "the player after next"
        if seat == (-direction) % n:
            return "the player before you"
        return f"the player {seat} seats to your left"
    return words


def _situation(situation: Any) -> tuple[Hand, Any]:
    """A Hand in which seat 0 is to play, built from a judge situation (RuleError if bad)."""
    def bad(message: str) -> RuleError:
        return RuleError("judge", message)

    if type(situation) is not dict:
        raise bad("The situation is an object: players, top, suit, direction, pending, ...")
    known = {"players", "top", "suit", "direction", "pending", "dungeon", "cards_in_hand",
             "selection", "next_dungeon", "penalty", "suit_before", "to_play", "over"}
    for key in situation:
        if key not in known:
            raise bad(f"The situation has no field called {_short(key)}.")
    if situation.get("over"):
        raise RuleError("hand-over", "This hand is over: nothing more can be played.")
    n = situation.get("players")
    if type(n) is not int or not FEWEST <= n <= MOST:
        raise bad(f'"players" is a number from {FEWEST} to {MOST}.')
    selection = situation.get("selection", "kc+kd+bonus")
    try:
        if type(selection) is dict:
            kinds = selection_kinds(selection.get("name", "custom"), selection.get("extra", ()))
        elif type(selection) is str:
            kinds = selection_kinds(selection)
        else:
            raise ValueError("A selection is a name or {\"name\": ..., \"extra\": [...]}.")
    except (ValueError, TypeError) as error:
        raise bad(str(error)) from None
    ids = frozenset(kind.id for kind in kinds)
    suits = suits_in(kinds)
    top = situation.get("top")
    if top is not None and (type(top) is not str or top not in ids):
        raise bad(f'"top" is a card of this selection, not {_short(top)}.')
    if top is not None and KIND_BY_ID[top].group == SHIELD and top not in BATTLE | LAST_ONLY:
        raise bad(f"{_cap(_name(top))} never lies on top of the discard pile.")
    suit = situation.get("suit")
    if suit is None and top is not None and len(INFO[top].suits) == 1:
        suit = INFO[top].suits[0]
    if suit not in suits:
        raise bad(f'"suit" (the suit in force) is one of {", ".join(suits)}.')
    direction = situation.get("direction", 1)
    if direction not in (1, -1) or type(direction) is not int:
        raise bad('"direction" is 1 (to the left) or -1 (to the right).')
    pending = situation.get("pending")
    if pending is not None:
        if type(pending) is not dict or set(pending) - {"count", "kind"}:
            raise bad('"pending" is {"count": n, "kind": the draw card} or null.')
        count, kind = pending.get("count"), pending.get("kind")
        draw_kinds = {k for k in ids if INFO[k].stem == "drawbridge"} | {
            "dragon", "wizard", "royal-decree"}
        if type(count) is not int or not 1 <= count <= 99 or kind not in draw_kinds:
            raise bad('"pending" needs a count from 1 and the draw card (a Drawbridge, dragon, '
                      'wizard, or royal-decree when one turned it back).')
        before = situation.get("suit_before", suit)
        if before not in suits:
            raise bad(f'"suit_before" is one of {", ".join(suits)}.')
        pending = Pending(count, kind, (-direction) % n, before)
    flags = {}
    for key in ("dungeon", "next_dungeon", "penalty"):
        value = situation.get(key, False)
        if type(value) is not bool:
            raise bad(f'"{key}" is true or false.')
        flags[key] = value
    held = situation.get("cards_in_hand")
    if held is not None and (type(held) is not int or not 1 <= held <= 150):
        raise bad('"cards_in_hand" is the number of cards you hold, or null.')
    dungeon = [-1] * n
    if flags["dungeon"]:
        dungeon[0] = 0
    if flags["next_dungeon"]:
        dungeon[direction % n] = max(dungeon[direction % n], 0)
    size = sum(kind.copies for kind in kinds)
    hand = Hand(
        players=n, dealer=(-1) % n, deck_size=size, kinds=ids, suits=suits, rulings=(),
        to_play=0, phase="turn", direction=direction, top=top, top_card=top, suit=suit,
        pending=pending, open=None, hands=(held or 0,) + (HAND_SIZE,) * (n - 1),
        draw_pile=max(size - HAND_SIZE * n - 1, 30), discard=20, reshuffles=0,
        face_up=((),) * n, set_aside=0, dungeon=tuple(dungeon),
        dungeon_cards=tuple(1 if d >= 0 else 0 for d in dungeon), escape=None,
        penalty=(flags["penalty"],) + (False,) * (n - 1), guard=None, warlord=None, played=(),
        turn=0, out=None, ended_by=None, last=None, next_seat=None, next_draws=0, effects=(),
    )
    return hand, selection


def judge(situation: dict, play: list[dict]) -> dict[str, Any]:
    """May this play be made now, and what does it do? (See the module docstring.)"""
    refused = {"allowed": False, "effects": [], "after": None}
    try:
        hand, selection = _situation(situation)
    except RuleError as error:
        return {**refused, **error.to_dict()}
    if type(play) is not list or not play:
        return {**refused, "rule": "judge", "step": None,
                "message": "Name the cards to play, as a list in the order played."}
    if hand.hands[0] == 0:  # the hand size is not known: assume it is enough
        last = play[-1] if type(play[-1]) is dict else {}
        going = last.get("card") in LAST_ONLY or last.get("as") in LAST_ONLY
        hand = _with_hands(hand, len(play) + (0 if going else 2))
    words = _relative(hand.players, hand.direction)
    try:
        w = _event(hand, {"type": "play", "seat": 0, "cards": play}, words)
    except RuleError as error:
        return {**refused, **error.to_dict()}
    after = w.freeze()
    rule, message = w.reason or ("follow-suit", "The cards may be played.")
    nxt = after.to_play
    return {
        "allowed": True, "rule": rule, "message": message, "step": None,
        "effects": list(after.effects),
        "after": {
            "players": after.players, "top": after.top, "suit": after.suit,
            "direction": after.direction,
            "pending": None if after.pending is None else {"count": after.pending.count,
                                                           "kind": after.pending.kind},
            "dungeon": after.ended_by is None and after.dungeon[nxt] >= 0,
            "cards_in_hand": None, "selection": selection,
            "to_play": None if after.ended_by else nxt, "over": after.ended_by is not None,
        },
    }


def _with_hands(hand: Hand, held: int) -> Hand:
    return Hand(**{name: getattr(hand, name) for name in _FIELDS
                   if name != "hands"}, hands=(held,) + hand.hands[1:])


def random_hand(rng, players: int, dealer: int, kinds: Iterable[CardKind],
                rulings: Mapping[str, Any] | None = None) -> tuple[list[dict], Hand]:
    """A random legal hand played with a real shuffled deck: ``[deal, *events]`` and the final
    Hand. The first item is ``{"type": "deal", "first": ...}``; the rest are events."""
    from companion.games.kings_court.play import random_hand as simulate

    return simulate(rng, players, dealer, kinds, rulings)
