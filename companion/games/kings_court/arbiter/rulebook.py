"""King's Court play-by-play: the rules page, in our own words, grouped as the rulebook
groups the cards. Every refusal names one of these entries."""
from __future__ import annotations

from companion.engine import APP_SECTION, RuleEntry
from companion.words import msg

SECTION_DEAL = msg("Dealing and the first card")


SECTION_TURN = msg("Playing a turn")


SECTION_SUIT = msg("Suit Scroll cards")


SECTION_KINGDOM = msg("Kingdom Scroll cards")


SECTION_DRAW = msg("Draw cards and how to answer them")


SECTION_DUNGEON = msg("The Dungeon")


SECTION_SHIELD = msg("Shield cards")


SECTION_GUARD = msg("On Guard")
SECTION_PARTNERS = msg("Partners")


SECTION_READINGS = msg("How the app reads the rules")


RULES: tuple[RuleEntry, ...] = (
    RuleEntry("deal", msg("The deal"),
              msg("Every player gets seven cards. The rest form the draw pile, and its top card is "
              "turned face up to start the discard pile. The player to the dealer's left plays "
              "first and play goes to the left."), SECTION_DEAL),
    RuleEntry("first-card", msg("The first card turned"),
              msg("A Scroll card turned first counts as played by the dealer: its effect applies, "
              "and a Fair Maiden makes the dealer add an escort from their hand or draw one card "
              "to try for one. When the first card is a Kingdom card, the dealer names the "
              "suit."), SECTION_DEAL),
    RuleEntry("first-shield", msg("A Shield card turned first"),
              msg("A Shield card cannot start the discard pile: it goes back into the deck and the "
              "next card is turned instead."), SECTION_DEAL),
    RuleEntry("turn-order", msg("Whose turn it is"),
              msg("Turns go round in the direction of play. Only the player whose turn it is may "
              "play, draw, pass or take; Risk cards, revealing a Risk card, calling On Guard and "
              "leaving the Dungeon are the exceptions."), SECTION_TURN),
    RuleEntry("follow-suit", msg("Matching the suit"),
              msg("A Suit card (a Number card or a Suit Scroll card) may go on the discard pile when "
              "it has the suit in force: the top card's suit, or the suit a wild card named."),
              SECTION_TURN),
    RuleEntry("follow-kind", msg("Matching the kind"),
              msg("A Suit card may also go on a Suit card of the same kind in any suit: a Number "
              "card on the same number, a Knight on a Knight, a Fair Maiden on a Fair Maiden, "
              "and so on."), SECTION_TURN),
    RuleEntry("kingdom-any-suit", msg("Kingdom cards"),
              msg("A Kingdom card has no suit and may be played whatever the suit in force. Only "
              "the wild cards (Wizard, Dragon, King, Queen, Duke, Duchess) name a new suit; "
              "after any other Kingdom card the suit in force stays as it was."), SECTION_TURN),
    RuleEntry("name-suit", msg("Naming a suit"),
              msg("A player who names a suit names one that this game's cards have: purple and "
              "silver come with King's Dynasty, orange with the BONUS deck."), SECTION_TURN),
    RuleEntry("one-card", msg("One card a turn"),
              msg("A turn plays one card. A King, Queen or Wizard allows one more playable card in "
              "the same turn, and a Fair Maiden must have an escort; nothing else adds a card."),
              SECTION_TURN),
    RuleEntry("draw-one", msg("Drawing instead of playing"),
              msg("A player who cannot or will not play draws one card. They may then play it if it "
              "fits, or play another card from their hand, or pass."), SECTION_TURN),
    RuleEntry("pass", msg("Passing"),
              msg("A player passes only after drawing their one card."), SECTION_TURN),
    RuleEntry("hand-size", msg("No more cards than you hold"),
              msg("A turn cannot play, give or burn more cards than the player's hand holds. The "
              "app counts every hand."), SECTION_TURN),
    RuleEntry("in-the-deck", msg("Cards of this game"),
              msg("Only cards of the game's selection can be played or named: King's Court alone, "
              "with King's Dynasty, with the BONUS deck, or with chosen expansion cards."),
              SECTION_TURN),
    RuleEntry("reshuffle", msg("When the draw pile runs out"),
              msg("When a card must be drawn and the draw pile is empty, the discard pile except its "
              "top card is shuffled into a new draw pile. The app counts the reshuffles. If "
              "there is nothing to shuffle, no card is drawn."), SECTION_TURN),
    RuleEntry("hand-over", msg("The end of the hand"),
              msg("The hand ends the moment a player holds no cards (they go out), or when a Poison "
              "Garden or a Castle Fire is played. After that nothing more is played."),
              SECTION_TURN),
    RuleEntry("fair-maiden", msg("Fair Maiden"),
              msg("A Fair Maiden needs an escort: in the same turn the player adds a card that "
              "could be played on her (her suit, another Fair Maiden or a Kingdom card). A Fair "
              "Maiden as the escort needs an escort of her own."), SECTION_SUIT),
    RuleEntry("drawbridge", msg("Drawbridge"),
              msg("The next player draws two cards and loses the turn, unless they stack a "
              "Drawbridge of their own or answer with a defensive card."), SECTION_SUIT),
    RuleEntry("queens-option", msg("Queen's Option"),
              msg("It shows two suits and fits on either of them or on another Queen's Option. Its "
              "player picks which of its two suits is in force, and whether play goes on the "
              "same way, skips the next player or reverses."), SECTION_SUIT),
    RuleEntry("knight", msg("Knight"),
              msg("The direction of play reverses."), SECTION_SUIT),
    RuleEntry("knight-two-players", msg("Knight with two players"),
              msg("With two players the Knight skips the other player instead, so its player plays "
              "again."), SECTION_SUIT),
    RuleEntry("court-jester", msg("Court Jester"),
              msg("The next player is skipped."), SECTION_SUIT),
    RuleEntry("wizard", msg("Wizard"),
              msg("Wild: its player names a suit, may add one more playable card, and picks same "
              "direction, skip or reverse. The next player then draws five and loses the turn. "
              "If the added card is a draw card as well, its draws add to the five."),
              SECTION_KINGDOM),
    RuleEntry("wizard-skip", msg("Wizard with a skip"),
              msg("When the Wizard's player picks skip, the skipped player is passed over and the "
              "player after them draws the five cards and loses the turn. A draw never falls "
              "on the player who played it: with two players the other player draws."),
              SECTION_KINGDOM),
    RuleEntry("dragon", msg("Dragon"),
              msg("Wild: its player names a suit, and the next player draws three and loses the "
              "turn."), SECTION_KINGDOM),
    RuleEntry("king-queen", msg("King and Queen"),
              msg("Wild: its player names a suit and may add one more card that could be played on "
              "it (the named suit or a Kingdom card)."), SECTION_KINGDOM),
    RuleEntry("duke-duchess", msg("Duke and Duchess"),
              msg("Wild: its player names a suit."), SECTION_KINGDOM),
    RuleEntry("magician", msg("Magician"),
              msg("The Magician becomes any Scroll card of the game its player names, as long as "
              "that card could be played right now, and then acts exactly as that card: as a "
              "Royal Decree or a Protector it answers a draw card."), SECTION_KINGDOM),
    RuleEntry("magic-potion", msg("Magic Potion"),
              msg("It may be played on any suit, but only as its player's last card."),
              SECTION_KINGDOM),
    RuleEntry("hidden-treasure", msg("Hidden Treasure"),
              msg("BONUS deck. It may be played on any suit, but only as its player's last card."),
              SECTION_KINGDOM),
    RuleEntry("last-card-only", msg("Cards only for going out"),
              msg("The Magic Potion and the Hidden Treasure may only be played as the very last "
              "card of a hand, so that their player goes out with them."), SECTION_KINGDOM),
    RuleEntry("draw-cards", msg("Draw cards"),
              msg("Drawbridge (2), Dragon (3), Wizard (5) and Dungeon make the next player draw and "
              "lose turns. A player facing a draw answers it with a card allowed against it or "
              "takes the cards; nothing else can be played."), SECTION_DRAW),
    RuleEntry("take", msg("Taking the cards"),
              msg("A player who does not answer a draw card draws the cards due and loses the turn. "
              "A player in the Dungeon or owing the On Guard penalty takes their cards the same "
              "way; whatever is due on that turn is drawn together."), SECTION_DRAW),
    RuleEntry("stacking", msg("Stacking Drawbridges"),
              msg("Only a Drawbridge stacks on a Drawbridge. The draws add up and pass to the next "
              "player, who may stack again."), SECTION_DRAW),
    RuleEntry("defensive-only", msg("Defensive cards"),
              msg("The Royal Decree and the Protector, and a Magician played as either, are played "
              "only in answer to a draw card aimed at their player."), SECTION_DRAW),
    RuleEntry("royal-decree", msg("Royal Decree"),
              msg("Turns a draw back: the direction of play reverses and the player who made you "
              "draw now faces the same number of cards. The suit in force stays as it was "
              "before the draw card. A Dungeon turned back moves in front of the player who "
              "played it, who may answer it in turn."), SECTION_DRAW),
    RuleEntry("protector", msg("Protector"),
              msg("Cancels the draw. The Protector is its player's turn: play passes on in the same "
              "direction, and the suit in force goes back to what it was before the draw card. "
              "A Dungeon it cancels goes onto the discard pile, under the Protector."),
              SECTION_DRAW),
    RuleEntry("draw-card-last", msg("Going out with a draw card"),
              msg("A player who goes out with a draw card ends the hand at once: the next player "
              "draws the cards it demands (a Dungeon: two, or one if they already sit in the "
              "Dungeon) and cannot answer."), SECTION_DRAW),
    RuleEntry("dungeon", msg("Dungeon"),
              msg("The Dungeon goes face up in front of the next player, not on the discard pile: "
              "the card to play on stays the one under it. That player loses two turns and "
              "draws one card on each. The Dungeon is a draw card: on their next turn they may "
              "first answer it with a Royal Decree or a Protector (or a Magician as either), "
              "and then they do not go in."), SECTION_DUNGEON),
    RuleEntry("dungeon-escape", msg("Leaving the Dungeon"),
              msg("Right after their second Dungeon draw, before the next player plays or draws, "
              "the prisoner may put the Dungeon card on the discard pile and is free. If they "
              "miss that moment they lose one more turn, draw one more card, and are then free "
              "(the Dungeon card goes onto the discard pile under the top card)."),
              SECTION_DUNGEON),
    RuleEntry("dungeon-draws", msg("Draw cards against the Dungeon"),
              msg("A draw card aimed at a player in the Dungeon cannot be answered: its cards are "
              "added to the card they draw for the Dungeon. A second Dungeon adds one card and "
              "lies with the first."), SECTION_DUNGEON),
    RuleEntry("battle-cards", msg("Battle cards"),
              msg("King's Dynasty. Cannonball, Catapult, Flaming Arrow, Siege Tower and Imperial Tax "
              "are played on any suit on a normal turn, never as an answer to a draw card. They "
              "leave the suit in force as it was."), SECTION_SHIELD),
    RuleEntry("cannonball", msg("Cannonball"),
              msg("The dealer gathers every hand, shuffles and deals them out again one at a time "
              "from the dealer's left, so some players may get one card more than others."),
              SECTION_SHIELD),
    RuleEntry("catapult", msg("Catapult"),
              msg("Its player swaps hands with another player they choose."), SECTION_SHIELD),
    RuleEntry("flaming-arrow", msg("Flaming Arrow"),
              msg("Its player may get rid of one more card from their hand, giving it to another "
              "player or putting it in the discard pile (under the top card)."), SECTION_SHIELD),
    RuleEntry("siege-tower", msg("Siege Tower"),
              msg("Its player looks at another player's hand and gives it back."), SECTION_SHIELD),
    RuleEntry("imperial-tax", msg("Imperial Tax"),
              msg("A random card from every other hand goes to the discard pile; then each of those "
              "players draws one card."), SECTION_SHIELD),
    RuleEntry("defender", msg("Defender"),
              msg("Played only in answer to a Battle card aimed at its player (a Cannonball or an "
              "Imperial Tax is aimed at everyone else), and it cancels that card for them alone. "
              "It is entered with the Battle card it answers, never as a turn of its own."),
              SECTION_SHIELD),
    RuleEntry("risk-reveal", msg("Risk cards go face up"),
              msg("King's Dynasty. A Risk card (Dark Knight, Poison Garden, Castle Fire, King's "
              "Goblet) dealt or drawn is laid face up in front of its player, who draws a card "
              "in its place. The Warlord may be laid face up the same way or kept in the hand."),
              SECTION_SHIELD),
    RuleEntry("risk-play", msg("Playing a Risk card"),
              msg("A face-up Risk card may be played by its owner at any moment of the hand, also "
              "out of turn; it never goes on the discard pile as a turn's card."),
              SECTION_SHIELD),
    RuleEntry("dark-knight", msg("Dark Knight"),
              msg("Played on another player once they are down to one card and On Guard, before the "
              "next player starts. The score sheet settles the bet when the hand ends."),
              SECTION_SHIELD),
    RuleEntry("poison-garden", msg("Poison Garden"),
              msg("Ends the hand at once; every hand is counted."), SECTION_SHIELD),
    RuleEntry("castle-fire", msg("Castle Fire"),
              msg("The hand is thrown in and dealt again."), SECTION_SHIELD),
    RuleEntry("kings-goblet", msg("King's Goblet"),
              msg("Every player draws five cards and play goes on."), SECTION_SHIELD),
    RuleEntry("warlord", msg("Warlord"),
              msg("BONUS deck. Played at the start of another player's turn, from face up or from "
              "the hand; its player then plays that turn with that player's hand. Played from "
              "the hand as its player's last card, they go out at once (the hand ends before "
              "that turn) and its points still count on the sheet."), SECTION_SHIELD),
    RuleEntry("on-guard", msg("On Guard"),
              msg("A player whose turn leaves them one card must say On Guard. Another player who "
              "says it first, before the next player starts, earns them the penalty. A player "
              "going out with several cards in one turn need not say it."), SECTION_GUARD),
    RuleEntry("on-guard-penalty", msg("The On Guard penalty"),
              msg("At their next turn the caught player draws two cards and loses the turn, and "
              "cannot answer a draw card on that turn."), SECTION_GUARD),
    RuleEntry("partners-yes", msg("Asking your partner"),
              msg("In a partnership game a player who can go out may ask a partner, who answers "
              "only Yes or No. A No binds nobody. After a Yes the player goes out on this turn "
              "or draws two cards and loses the turn; they cannot draw one card or pass instead. "
              "A player facing a draw card can go out only with one card left, by stacking or "
              "answering with it. "
              "At the table: tap Partner said Yes, then enter the play that goes out or Take."),
              SECTION_PARTNERS),
    RuleEntry("reading-suit-before", msg("The suit after a defence"),
              msg("After a Protector or a Royal Decree the suit in force is the one in force before "
              "the draw card being answered; for stacked Drawbridges, before the last one."),
              SECTION_READINGS),
    RuleEntry("reading-extra-cards", msg("Extra cards in a chain"),
              msg("Every King, Queen or Wizard allows one more card, also one played as an extra "
              "card, and every Fair Maiden needs her own escort. Each card's effect applies in "
              "order; skips are counted in the direction play has at the end of the turn."),
              SECTION_READINGS),
    RuleEntry("reading-dungeon-turns", msg("Dungeon turns"),
              msg("A Dungeon turn is the prisoner's own turn coming round: being skipped by a Court "
              "Jester or a Queen's Option does not count as one."), SECTION_READINGS),
    RuleEntry("reading-first-card", msg("Defensive and last-card-only cards turned first"),
              msg("A Royal Decree, Protector, Magic Potion or Magician turned first is a Kingdom "
              "card with no effect: the dealer names the suit. A Dungeon turned first goes in "
              "front of the player to the dealer's left."), SECTION_READINGS),
    RuleEntry("reading-no-cards", msg("A player left with no cards"),
              msg("A player left holding no cards in any way goes out at once: after a Battle card "
              "this may be someone other than its player. Going out with a Royal Decree ends "
              "the hand before the draw it turns back is taken."), SECTION_READINGS),
    RuleEntry("reading-magician", msg("The Magician's cards"),
              msg("The Magician can only become a Scroll card of this game's selection, never a "
              "Magician, and never a Drawbridge to stack on a Drawbridge."), SECTION_READINGS),
    RuleEntry("play-format", msg("Entering a play"),
              msg("Each tap at the table is one event: a play of one or more cards in order, a draw, "
              "a pass, taking the cards due, revealing or playing a Risk card, calling On Guard, "
              "or leaving the Dungeon. The app refuses an event that is incomplete or names "
              "something unknown."), APP_SECTION),
    RuleEntry("judge", msg("Asking the arbiter"),
              msg("Describe the top card, the suit in force and what is pending, and the cards you "
              "want to play: the app says whether they may be played and what happens next. It "
              "cannot see hands, so say how many cards you hold when it matters: a Magic Potion "
              "or a Hidden Treasure is not judged without it."), APP_SECTION),
)


RULE_IDS = frozenset(entry.id for entry in RULES)
assert len(RULE_IDS) == len(RULES), "two arbiter entries share an id"
