"""King's Court's rules page in our own words: the score sheet's rules, the table rulings and the
app's fixed readings, followed by the play-by-play rules of the ``arbiter`` package."""
from __future__ import annotations

from companion.engine import APP_SECTION, COMMON_RULES, RuleEntry, Ruling
from companion.games.kings_court import arbiter
from companion.games.kings_court.scoring import EVERYONE, NOT_DEALER
from companion.words import msg

SECTION_SETUP = msg("Setting up the score sheet")
SECTION_HAND = msg("Scoring a hand")
SECTION_RISK = msg("Risk cards and the Warlord")
SECTION_BONUS = msg("Bonuses")
SECTION_END = msg("The end of the game")
SECTION_SHEET = msg("The score sheet")
SECTION_READINGS = msg("How the app reads the rules")


SHEET_RULES: tuple[RuleEntry, ...] = (
    RuleEntry("players", msg("Players"),
              msg("Two to eight players, listed in seat order going to the left (clockwise). Each "
              "needs a name of 1 to 30 characters, and no two names may be the same."),
              SECTION_SETUP),
    RuleEntry("partnerships", msg("Partnerships"),
              msg("With an even number of players the table may play in partnerships. Every player "
              "belongs to exactly one partnership of two or more, there are at least two, and "
              "partners never sit side by side: a player of another partnership sits between "
              "them. Partners add their points into one total."), SECTION_SETUP),
    RuleEntry("limit", msg("The limit"),
              msg("The game is played to a limit of 500 points, or 750, 1000 or any other positive "
              "number the table sets at the start."), SECTION_SETUP),
    RuleEntry("selection", msg("Which cards"),
              msg("The table plays King's Court alone, King's Court with King's Dynasty, both with "
              "the unofficial BONUS deck, or King's Court with a chosen set of expansion cards. "
              "Only cards of that selection can be entered on the sheet."), SECTION_SETUP),
    RuleEntry("dealer", msg("The dealer"),
              msg("The table names the first dealer. After every hand the deal passes to the left; "
              "after a hand thrown in by a Castle Fire the same dealer deals again."),
              SECTION_SETUP),
    RuleEntry("carried", msg("Carrying totals over"),
              msg("A game may continue a paper sheet: every player, or every partnership, starts "
              "from the total carried over. A carried total must be a whole number below the "
              "limit (a total on the limit would already have been halved)."), SECTION_SETUP),
    RuleEntry("going-out", msg("Going out"),
              msg("The first player to play their last card goes out and counts nothing for the "
              "hand. Only a Poison Garden or a Castle Fire ends a hand with nobody out, and a "
              "player sitting in the Dungeon cannot go out."), SECTION_HAND),
    RuleEntry("cards-left", msg("Cards left in a hand"),
              msg("Every other player counts the cards left in their hand. The app counts them from "
              "the cards picked, or takes a count the table typed; a typed count is the "
              "player's whole count for their cards, drawn cards and a Dungeon included, and "
              "is never negative (pick the cards of a hand with a Hidden Treasure or Defender)."),
              SECTION_HAND),
    RuleEntry("count-number", msg("Number cards"),
              msg("A Number card left in a hand counts its face value, 0 to 10."), SECTION_HAND),
    RuleEntry("count-values", msg("Scroll and Shield cards"),
              msg("Scroll and Shield cards left in a hand count the points printed on them: Fair "
              "Maiden, Drawbridge, Knight, Court Jester, Duke and Duchess 20; King and Queen "
              "25; Queen's Option 30; Dragon, Protector, Dungeon and the Battle cards 35; "
              "Wizard, Royal Decree and Magician 50."), SECTION_HAND),
    RuleEntry("count-magic-potion", msg("Magic Potion in a hand"),
              msg("A player holding the Magic Potion when another goes out counts only their Number "
              "cards. Every other card counts nothing, so a Defender held with it takes nothing "
              "off."), SECTION_HAND),
    RuleEntry("count-hidden-treasure", msg("Hidden Treasure in a hand"),
              msg("A Hidden Treasure in a hand takes 100 off that hand's count, after the Magic "
              "Potion has had its effect. A hand may count below zero."), SECTION_HAND),
    RuleEntry("count-defender", msg("Defender in a hand"),
              msg("A Defender left in a hand counts -35."), SECTION_HAND),
    RuleEntry("count-unplayed", msg("Unplayed Risk cards and Warlord"),
              msg("Risk cards and the Warlord score only when played. Left in a hand or lying "
              "unplayed in front of a player, they count nothing."), SECTION_HAND),
    RuleEntry("count-draw-card", msg("Going out with a draw card"),
              msg("When a player goes out with a draw card (or with a Wizard and the extra card it "
              "allows), the next player draws at once and the drawn cards count in their hand: "
              "5 for a Wizard, 3 for a Dragon, 2 for a Drawbridge (more when Drawbridges were "
              "stacked or a Wizard's extra card was a draw card), 2 for a Dungeon, or 1 if that "
              "player already sits in the other Dungeon. Nobody may answer with a defensive "
              "card: the hand is over."),
              SECTION_HAND),
    RuleEntry("count-dungeon", msg("The Dungeon at the end of a hand"),
              msg("A player sitting in the Dungeon when the hand ends counts the Dungeon card as if "
              "it were in their hand. A Dungeon played as the last card counts in the next "
              "player's hand; a player already in the other Dungeon counts both. A Magician "
              "played as a Dungeon is still the Magician: it counts 50 there, not 35."),
              SECTION_HAND),
    RuleEntry("copies", msg("No more cards than the deck holds"),
              msg("The cards entered for one hand (left in hands, drawn, in the Dungeon, played as "
              "Risk or Warlord cards and the card played last) cannot hold more copies of a "
              "card than the game's deck has. A Magician counts as the Magician, whatever it "
              "was played as."), SECTION_HAND),
    RuleEntry("risk-cards", msg("Entering Risk and Warlord cards"),
              msg("Risk and Warlord cards played in a hand are entered with the player who played "
              "them and, for the Dark Knight and the Warlord, the player they were played on. "
              "Each of them exists once. A Risk card lies face up in front of its player and is "
              "never the card someone goes out with."), SECTION_RISK),
    RuleEntry("score-dark-knight", msg("Dark Knight"),
              msg("The Dark Knight is played on a player who said On Guard. If that player goes "
              "out, they take -100; if the hand ends any other way, the player who played it "
              "takes +100."), SECTION_RISK),
    RuleEntry("score-poison-garden", msg("Poison Garden"),
              msg("The Poison Garden ends the hand at once. Every hand is counted as if someone had "
              "gone out, but nobody did, and every player except the one who played it takes "
              "-75."), SECTION_RISK),
    RuleEntry("score-castle-fire", msg("Castle Fire"),
              msg("The Castle Fire throws the hand in: no cards are counted and the dealing cut "
              "does not count. Every player except the one who played it takes -75, the other "
              "Risk and Warlord cards played that hand still score, and the same dealer deals "
              "again."), SECTION_RISK),
    RuleEntry("score-kings-goblet", msg("King's Goblet"),
              msg("The King's Goblet makes every player draw five and play goes on. Every player "
              "except the one who played it takes -50."), SECTION_RISK),
    RuleEntry("score-warlord", msg("Warlord"),
              msg("The Warlord (BONUS deck) lets its player play another player's turn. It adds 50 "
              "to the score of the player who played it, even if that player goes out."),
              SECTION_RISK),
    RuleEntry("dealing-bonus", msg("The dealing bonus"),
              msg("Before dealing, the dealer may try to cut exactly the cards the deal needs. "
              "Made: every player adds the bonus, 50 with four or more players and 25 with two "
              "or three. Missed: the dealer takes off 50 (25 with two or three players). With "
              "partners, each player's bonus goes to their partnership."), SECTION_BONUS),
    RuleEntry("scroll-bonus", msg("The Scroll Bonus"),
              msg("A total that lands exactly on the limit is halved, rounded down; with partners "
              "it is the partnership's total. If that makes it the single lowest total, that "
              "player or partnership wins at once; otherwise the game goes on."),
              SECTION_BONUS),
    RuleEntry("end-of-hand", msg("After each hand"),
              msg("Every player's points for the hand are added to the totals, then the Scroll "
              "Bonus halves any total exactly on the limit, then the end of the game is "
              "checked."), SECTION_END),
    RuleEntry("game-end", msg("The end of the game"),
              msg("When a total goes over the limit the game ends and the lowest total wins. "
              "Players or partnerships tied for the lowest total share the win. Totals may be "
              "negative."), SECTION_END),
    RuleEntry("game-over", msg("Game over"),
              msg("Once the game has ended no more hands, deals or adjustments can be entered. A "
              "past hand can still be corrected, which may let the game go on."), SECTION_END),
    RuleEntry("correct", msg("Correcting a hand"),
              msg("Any past hand can be corrected by its number. The new scoring replaces it, "
              "every total after it is worked out again, Scroll Bonus and end of game included, "
              "and the sheet keeps the original and marks the row as corrected. If the game now "
              "ends at an earlier row, the rows after it stay on the sheet but do not count."),
              SECTION_SHEET),
    RuleEntry("adjust", msg("Adjustments"),
              msg("The table may give or take points from a player, or a partnership, outside a "
              "hand, with a reason: a correction agreed at the table. An adjustment is a row of "
              "its own, followed by the Scroll Bonus and the end check like a hand."),
              SECTION_SHEET),
    RuleEntry("play-by-play", msg("Following a hand card by card"),
              msg("A table may follow a hand card by card: a deal starts it and the app checks each "
              "play. When the hand is over it is scored as it ended: the same player out, the "
              "same Risk and Warlord cards played, and the cards the next player drew for a "
              "draw card. The table may stop following a hand and score it on the sheet alone; "
              "between hands a hand can always be scored without a deal."), SECTION_SHEET),
    RuleEntry("rulings", msg("Table rulings"),
              msg("The dealing bonus has two readings, chosen when the game is created and "
              "changeable later (the sheet is worked out again). Where the rulebook is silent "
              "the app takes the fixed readings listed in this section."), SECTION_READINGS),
    RuleEntry("ruling-dealing-bonus", msg("Dealing bonus: who adds it"),
              msg("As written, on a made cut every player adds the bonus, the dealer too. As an "
              "option, every player except the dealer adds it."), SECTION_READINGS),
    RuleEntry("reading-castle-fire", msg("After a Castle Fire"),
              msg("The hand it throws in is a row of the sheet with only the Risk and Warlord "
              "cards' points; the cut of that deal does not count and the same dealer deals "
              "the next hand."), SECTION_READINGS),
    RuleEntry("reading-draws", msg("How many cards a draw card makes the next player draw"),
              msg("When the table names the card a player went out with, the app asks for at least "
              "the cards that card makes the next player draw; stacked Drawbridges and a "
              "Wizard's extra draw card may make it more."), SECTION_READINGS),
    RuleEntry("reading-partner-bonus", msg("Bonuses and partners"),
              msg("Every bonus and cost is worked out per player, as the rulebook states it, and "
              "added to that player's partnership: a made cut with the bonus for everyone adds "
              "it once for every partner."), SECTION_READINGS),
    RuleEntry("move-format", msg("Entering a hand"),
              msg("A hand names who went out and, for every other player, the cards left or a "
              "typed count, with the Risk and Warlord cards played and the dealing cut. The app "
              "refuses an entry that is incomplete or names something unknown."),
              APP_SECTION),
)

RULES: tuple[RuleEntry, ...] = (*SHEET_RULES, *arbiter.RULES)
RULE_IDS = frozenset(entry.id for entry in (*RULES, *COMMON_RULES))
assert len(RULE_IDS) == len(RULES) + len(COMMON_RULES), "two rules-page entries share an id"

RULINGS: tuple[Ruling, ...] = (
    Ruling("dealing_bonus", msg("Dealing bonus"), (
        (EVERYONE, msg("On a made cut every player adds the bonus, the dealer too (as written).")),
        (NOT_DEALER, msg("On a made cut every player except the dealer adds the bonus.")),
    ), "ruling-dealing-bonus"),
)
