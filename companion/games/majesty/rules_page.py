"""Majesty: For the Realm's rules page, in our own words, and the readings the app takes where the
rulebook is unclear (docs/rulings.md). Every refusal names one of these entries."""
from __future__ import annotations

from companion.engine import APP_SECTION, RuleEntry, Ruling
from companion.games.majesty.cards import LOCATIONS
from companion.games.majesty.state import SIDES
from companion.words import msg

SECTION_SETUP = msg("Setup")
SECTION_TURN = msg("Your turn")
SECTION_A = msg("Locations, side A")
SECTION_B = msg("Locations, side B")
SECTION_SPECIAL = msg("Special abilities")
SECTION_END = msg("End of the game")
SECTION_CHIPS = msg("Chips")
SECTION_READINGS = msg("How the app reads the rules")

RULES: tuple[RuleEntry, ...] = (
    RuleEntry("players", msg("Players"),
              msg("Two to four players, listed in seat order going clockwise. Each needs a name of 1 "
                  "to 30 characters, and no two names may be the same."), SECTION_SETUP),
    RuleEntry("worker-cards", msg("Worker cards and turn order"),
              msg("Each player gets a worker card, and whoever holds the one showing the knight "
                  "plays first. Turns then go clockwise, so between turns the players before the "
                  "one to move have placed one card more than the others."), SECTION_SETUP),
    RuleEntry("sides", msg("Location sides"),
              msg("Every player lays out the same eight locations, numbered 1 to 8 from left to "
                  "right. The table plays them all on side A, all on side B, or (an unofficial "
                  "variant) a mix, as long as every realm shows the same side of each location."),
              SECTION_SETUP),
    RuleEntry("deck", msg("The deck"),
              msg("Tier 1 has 33 cards and tier 2 has 27. Tier 2 is shuffled face down, and 6, 14 or "
                  "26 shuffled tier-1 cards (for 2, 3 or 4 players) go on top of it; the rest of "
                  "tier 1 goes back to the box unseen. The deck therefore holds 33, 41 or 53 cards."),
              SECTION_SETUP),
    RuleEntry("deck-variant", msg("Shuffling both tiers"),
              msg("As a variant the table may shuffle all 60 cards of both tiers into one deck and "
                  "set nothing aside."), SECTION_SETUP),
    RuleEntry("setup", msg("Setting up"),
              msg("Every player starts with 5 meeples on their worker card; the rest of the box's 30 "
                  "meeples and all the chips form the supply. The top six cards of the deck are "
                  "turned face up in a row: the display."), SECTION_SETUP),
    RuleEntry("position", msg("Starting from a position"),
              msg("A game can start from a position already on the table: every realm and "
                  "Infirmary, meeples, points, the display with its meeples, and whose turn it is. "
                  "The app refuses a position no game can reach, such as more copies of a card than "
                  "the deck holds or realms whose sizes do not follow the turn order."),
              SECTION_SETUP),
    RuleEntry("display", msg("The display"),
              msg("The display has six slots. Slot 0, farthest from the deck, is the front; slot 5, "
                  "next to the deck, is the back."), SECTION_TURN),
    RuleEntry("meeple-cost", msg("Paying for a card"),
              msg("The front card is free. To take the card in slot n you put one of your meeples on "
                  "each of the n cards in front of it, so it costs n meeples, and you cannot take a "
                  "card you cannot pay for."), SECTION_TURN),
    RuleEntry("take", msg("Taking a card"),
              msg("On your turn you take exactly one card from the display and gain the meeples "
                  "lying on it. You place the card at its location in your realm and carry out that "
                  "location's abilities from top to bottom."), SECTION_TURN),
    RuleEntry("split-cards", msg("Split cards"),
              msg("A split card shows two characters. When you take it you choose which one it is: "
                  "it goes to that character's location and counts only as that character."),
              SECTION_TURN),
    RuleEntry("counting", msg("Counting characters"),
              msg("A location that pays per character counts your own characters of that kind, the "
                  "new card included; cards in the Infirmary never count. A bonus for every player "
                  "with at least one of a character goes to each such player, you included."),
              SECTION_TURN),
    RuleEntry("meeple-supply", msg("The meeple supply"),
              msg("Meeples you gain come from the supply. If the supply runs short you gain only "
                  "what it still holds and the rest is lost; meeples paid onto the display stay "
                  "there until someone takes that card."), SECTION_TURN),
    RuleEntry("overflow", msg("Extra meeples"),
              msg("Your worker card holds 5 meeples. At the end of your turn every meeple beyond 5 "
                  "goes back to the supply, and you score 1 point for each."), SECTION_TURN),
    RuleEntry("refill", msg("Refilling the display"),
              msg("After your turn the cards behind the gap slide toward the front, keeping their "
                  "meeples, and the top card of the deck fills the back slot. The app asks which "
                  "card that is; once the deck is empty the display shrinks, and the last turn of "
                  "the game needs no new card."), SECTION_TURN),
    RuleEntry("correction", msg("Correcting a card turned up"),
              msg("A card turned up that was entered wrong can be corrected while it is still in "
                  "the display, since no turn has used it yet: the app then counts the right card "
                  "as seen. Once a player has taken it, the turns since depend on it, so undo back "
                  "to that turn instead. The cards of a position the game started from are part of "
                  "the position and are not corrected one by one."), SECTION_TURN),
    RuleEntry("deck-holds", msg("What the deck can still hold"),
              msg("The app knows every card seen so far and which tier the next card comes from: the "
                  "set-aside tier-1 cards first, then tier 2. It refuses a new display card of a "
                  "kind the deck can no longer hold."), SECTION_TURN),
    *(RuleEntry(f"{loc.id}-{letter.lower()}",
                msg("{number} {location}, side {side}", number=loc.number, location=loc.name,
                    side=letter),
                msg("{rule} Majority value: {n}.", rule=loc.side(letter).text,
                    n=loc.side(letter).majority) if loc.number < 8 else loc.side(letter).text,
                SECTION_A if letter == "A" else SECTION_B)
      for letter in SIDES for loc in LOCATIONS),
    RuleEntry("attack", msg("Attack (Barracks)"),
              msg("Placing a Knight at the Barracks attacks each opponent on their own. If they have "
                  "fewer Guards at their Guardhouse than you have Knights at your Barracks, the new "
                  "one included, they put one card face down on top of their Infirmary: the most "
                  "recently placed card at their leftmost location that has any. Otherwise that "
                  "attack fails."), SECTION_SPECIAL),
    RuleEntry("defend", msg("Defend (Guardhouse)"),
              msg("Guards at the Guardhouse defend against attacks. The signpost does nothing by "
                  "itself."), SECTION_SPECIAL),
    RuleEntry("heal", msg("Heal (Cottage)"),
              msg("Placing a Witch at the Cottage first returns the top card of your Infirmary to "
                  "its location, without activating that location, and it counts for the Cottage's "
                  "scoring. A returning split card may go back as either of its characters; nothing "
                  "is healed when the Infirmary is empty."), SECTION_SPECIAL),
    RuleEntry("exchange", msg("Exchange (Castle, side B)"),
              msg("Placing a Noble at the Castle on side B first lets you trade points and meeples 1 "
                  "for 1, either way. You cannot pay more points than you have, sell more meeples "
                  "than you hold at that moment, or buy more meeples than the supply holds."),
              SECTION_SPECIAL),
    RuleEntry("game-end", msg("The end of the game"),
              msg("The game ends after the turn on which every realm reaches 12 characters. Cards "
                  "in the Infirmary are still part of the realm and count toward the 12."),
              SECTION_END),
    RuleEntry("final-infirmary", msg("Final scoring: the Infirmary"),
              msg("First every player loses points for the cards in their Infirmary as its side "
                  "says, and those cards go back to the box."), SECTION_END),
    RuleEntry("final-variety", msg("Final scoring: variety"),
              msg("Then every player counts their locations 1 to 7 holding at least one character "
                  "and scores that number times itself, 49 at most."), SECTION_END),
    RuleEntry("final-majority", msg("Final scoring: majorities"),
              msg("Last, at each location 1 to 7 the player with the most characters there scores "
                  "its value. Tied players each score the full value, and nobody scores a location "
                  "where nobody has a character."), SECTION_END),
    RuleEntry("winner", msg("The winner"),
              msg("The most points wins. Players tied for the most share the victory."), SECTION_END),
    RuleEntry("game-over", msg("Game over"),
              msg("Once final scoring is done, no more turns can be entered."), SECTION_END),
    RuleEntry("chips", msg("Chips"),
              msg("Points are kept in chips worth 1, 2, 10, 50 and 100; the box holds 10, 25, 25, 6 "
                  "and 4 of them. The app tracks the supply and every pile and, after each turn, "
                  "says which chips each player takes or gives back."), SECTION_CHIPS),
    RuleEntry("chips-change", msg("Making change"),
              msg("Of all the ways to settle a gain or a loss exactly, the app picks the one that "
                  "moves the fewest chips, larger chips first on a tie, swapping chips with the "
                  "supply when needed. Points are never limited by the chips left in the supply."),
              SECTION_CHIPS),
    RuleEntry("chips-owed", msg("Chips owed"),
              msg("When no exact settlement exists, the app settles as closely as it can and shows "
                  "the rest as owed. It settles what is owed as soon as the chips allow."),
              SECTION_CHIPS),
    RuleEntry("chips-exchange", msg("Swapping chips"),
              msg("At any time a player may swap chips with the supply for the same value. The app "
                  "suggests the swap that leaves the fewest chips in the pile; enter it so the app "
                  "keeps count."), SECTION_CHIPS),
    RuleEntry("rulings", msg("Table rulings"),
              msg("Majesty has no table rulings to choose. Where the rulebook is unclear the app "
                  "takes the fixed readings listed in this section."), SECTION_READINGS),
    RuleEntry("reading-victim", msg("Which card an attack takes"),
              msg("The most recently placed card at the leftmost location holding any character. A "
                  "healed card counts as placed when it returns."), SECTION_READINGS),
    RuleEntry("reading-castle-b", msg("Castle, side B"),
              msg("Any number of points may be traded for meeples or back, 1 for 1, never below 0 "
                  "points. The Castle then pays 4 per Noble plus 4 per card in your Infirmary."),
              SECTION_READINGS),
    RuleEntry("reading-brewery-b", msg("Brewery, side B"),
              msg("The 10 points need at least one Innkeeper and one Noble of your own, and only you "
                  "score them."), SECTION_READINGS),
    RuleEntry("reading-inn-b", msg("Inn, side B"),
              msg("Your fullest location is the one of locations 1 to 7 with the most characters, "
                  "the Inn included. The Infirmary never counts."), SECTION_READINGS),
    RuleEntry("reading-infirmary-b", msg("Infirmary, side B"),
              msg("The 10-point loss goes to every player tied for the most Infirmary cards, counted "
                  "before those cards leave. Nobody loses it when every Infirmary is empty."),
              SECTION_READINGS),
    RuleEntry("move-format", msg("Entering a turn"),
              msg("A turn names the display slot taken and, where needed, the half of a split card, "
                  "the half of a healed split card, the Castle exchange and the new display card. "
                  "The app refuses an entry that is incomplete or names something unknown."),
              APP_SECTION),
)
RULE_IDS = frozenset(entry.id for entry in RULES)

RULINGS: tuple[Ruling, ...] = ()  # docs/rulings.md marks no Majesty reading as a table option
