"""Royal Visit's rules page: the rules in our own words, section by section, and the table
rulings a table chooses where the rulebook can be read two ways. Every refusal names one of these
entries by its id."""
from __future__ import annotations

from companion.engine import APP_SECTION, RuleEntry, Ruling
from companion.words import msg, term

# "Your turn" is also what the shared prompt says to the mover ("À vous"); as a heading it is
# worded apart, by its own context
YOUR_TURN = term("royal visit rules", "Your turn")
SECTION_SETUP = msg("Setup and board")
SECTION_TURN = YOUR_TURN
SECTION_CARDS = msg("The cards")
SECTION_POWERS = msg("Powers")
SECTION_CROWN = msg("The Crown")
SECTION_END = msg("End of the game")
SECTION_RULINGS = msg("Table rulings")

RULES: tuple[RuleEntry, ...] = (
    RuleEntry("board", msg("The board"),
              msg("The board is a row of 17 spaces. The middle one is the Fountain; the six spaces on "
                  "each side of it are that player's Duchy, and the two end spaces on each side are "
                  "that player's Chateau."), SECTION_SETUP),
    RuleEntry("setup", msg("Setup"),
              msg("The King starts on the Fountain with a Guard two spaces away on each side. The "
                  "Wizard and the Jester go on the two spaces next to the Fountain, one in each Duchy, "
                  "picked blind. The Crown starts Big side up in the middle of its track, and the "
                  "player with the Wizard in their Duchy goes first."), SECTION_SETUP),
    RuleEntry("players", msg("Players"),
              msg("Two players. Each needs a name of 1 to 30 characters, and the two names must "
                  "differ."), SECTION_SETUP),
    RuleEntry("position", msg("Starting from a position"),
              msg("A game can start from a position already on the table. The app refuses a position "
                  "that cannot come up in play, such as a pawn off the board, a King outside his "
                  "Guards, a game that is already won, or a draw pile larger than the deck allows. "
                  "An empty draw pile means the deck has just run out, and the app settles it at "
                  "once: the discard pile becomes the new draw pile (the Crown turns Little), and "
                  "with the Little side already up that happens only with the King on the Fountain; "
                  "with the King in a Duchy that game is already won and the position is refused."),
              SECTION_SETUP),
    RuleEntry("hands", msg("Hands and refilling"),
              msg("Each player holds 8 cards; the other 38 are in the draw pile or the discard pile. "
                  "At the end of your turn you draw as many cards as you played, back up to 8. The "
                  "app never sees a hand, it only counts the cards."), SECTION_SETUP),
    RuleEntry("turn", YOUR_TURN,
              msg("On your turn you either play one or more cards, or use the Wizard's power. Then "
                  "the Crown moves and you refill your hand."), SECTION_TURN),
    RuleEntry("one-type", msg("One type of card a turn"),
              msg("All the cards you play in one turn must be of one type: King, Guard, Wizard or "
                  "Jester. Jester cards used as wild cards still count as Jester cards."),
              SECTION_TURN),
    RuleEntry("exact-move", msg("Exact moves"),
              msg("A card moves its pawn exactly the number of spaces it shows, never fewer. Pawns "
                  "may jump over other pawns and share their spaces, apart from the Court rule."),
              SECTION_TURN),
    RuleEntry("board-ends", msg("Board ends"),
              msg("You cannot play a card whose move would take a pawn past either end of the board."),
              SECTION_TURN),
    RuleEntry("court", msg("The Court"),
              msg("The King and the two Guards are the Court. After every card, and after a summon, "
                  "the King must stand strictly between the two Guards and never on a Guard's space. "
                  "The Wizard and the Jester may stand anywhere."), SECTION_TURN),
    RuleEntry("must-move", msg("A move must move something"),
              msg("A card or a summon that would leave its pawn where it already stands cannot be "
                  "played."), SECTION_TURN),
    RuleEntry("hand-size", msg("Hand size"),
              msg("You cannot play more cards in one turn than your hand holds, which is 8."),
              SECTION_TURN),
    RuleEntry("copies", msg("Card copies"),
              msg("Every played card is seen, so the app knows the discard pile since the last "
                  "shuffle, and which cards went into the draw pile at a reshuffle. A card cannot "
                  "be in your hand when every copy of it is in the discard pile, or was shuffled "
                  "into the draw pile after you last drew, so the app refuses it."), SECTION_TURN),
    RuleEntry("passing", msg("Passing"),
              msg("The app cannot see your hand, so a player who cannot or will not play declares a "
                  "pass. A pass draws no cards, but the Crown still moves at the end of the turn."),
              SECTION_TURN),
    RuleEntry("king-1", msg("King card"),
              msg("Moves the King one space."), SECTION_CARDS),
    RuleEntry("court-move", msg("King's privilege"),
              msg("Two King cards played together move the King and both Guards one space the same "
                  "way. That counts as two cards, and single King cards may be played in the same "
                  "turn."), SECTION_CARDS),
    RuleEntry("guard-1", msg("Guard 1"),
              msg("Moves one Guard one space."), SECTION_CARDS),
    RuleEntry("guard-1+1", msg("Guard 1+1"),
              msg("Moves one Guard two spaces in one direction, or each Guard one space, each in "
                  "whichever direction you like."), SECTION_CARDS),
    RuleEntry("guard-flank", msg("Guard flank"),
              msg("Both Guards go to the two spaces right beside the King. At least one of them must "
                  "actually move."), SECTION_CARDS),
    RuleEntry("wizard-cards", msg("Wizard cards"),
              msg("Move the Wizard 1, 2 or 3 spaces, as the card shows."), SECTION_CARDS),
    RuleEntry("jester-cards", msg("Jester cards"),
              msg("Move the Jester 1 to 5 spaces, as the card shows."), SECTION_CARDS),
    RuleEntry("jester-middle", msg("Jester to the middle"),
              msg("Moves the Jester onto the Fountain. It cannot be played while the Jester is "
                  "already there."), SECTION_CARDS),
    RuleEntry("wizard-power", msg("The Wizard's power"),
              msg("Instead of playing cards you may call the King or one Guard to the Wizard's space; "
                  "that is your whole turn and costs no card. The Wizard cannot call the Jester, the "
                  "called pawn must actually move, and the King must still end up strictly between "
                  "his Guards. Calling the King into a Chateau wins the game for that Chateau's "
                  "owner."), SECTION_POWERS),
    RuleEntry("jester-power", msg("The Jester's power"),
              msg("While the Jester stands on your side of the King (nearer your Chateau than the "
                  "King; the King's own space does not count, your Chateau does), your Jester cards "
                  "are wild: each one moves a single pawn of any type by its number. This is checked "
                  "before every wild card, so moving the King past the Jester ends the power. A wild "
                  "card never makes a Court move."), SECTION_POWERS),
    RuleEntry("jester-same-type", msg("One pawn type for Jester cards"),
              msg("All the Jester cards of one turn must move the same type of pawn: all the Jester, "
                  "all the King, all Guards (either Guard), or all the Wizard."), SECTION_POWERS),
    RuleEntry("crown", msg("The Crown"),
              msg("At the end of your turn the Crown moves toward you on its track, which runs six "
                  "steps each way from the middle. It never moves toward your opponent on your "
                  "turn."), SECTION_CROWN),
    RuleEntry("crown-chateau", msg("Pawns in your Chateau"),
              msg("The Crown moves one step toward you for every pawn, of any type, standing in your "
                  "Chateau."), SECTION_CROWN),
    RuleEntry("crown-court", msg("The Court in your Duchy"),
              msg("The Crown moves one more step toward you when the King and both Guards all stand "
                  "in your Duchy."), SECTION_CROWN),
    RuleEntry("crown-side", msg("Crown side and reshuffle"),
              msg("The Crown starts Big side up. The first time the draw pile runs out, the whole "
                  "discard pile is shuffled into a new draw pile and the Crown turns to its Little "
                  "side."), SECTION_CROWN),
    RuleEntry("end-king", msg("King in a Chateau"),
              msg("When the King enters a Chateau, that Chateau's owner wins at once: no more cards "
                  "that turn and no Crown move."), SECTION_END),
    RuleEntry("end-crown", msg("Crown in a Chateau"),
              msg("When the Crown steps past the end of its track into a Chateau, that player wins at "
                  "once."), SECTION_END),
    RuleEntry("end-deck", msg("The deck runs out twice"),
              msg("If the draw pile runs out while the Crown shows its Little side, the game ends "
                  "after that turn and the player with the King in their Duchy wins."), SECTION_END),
    RuleEntry("end-fountain", msg("King on the Fountain"),
              msg("If the deck runs out a second time while the King is on the Fountain, the discard "
                  "pile is shuffled into a new draw pile and play goes on until someone wins."),
              SECTION_END),
    RuleEntry("game-over", msg("Game over"),
              msg("Once the game has a winner, no more moves can be entered."), SECTION_END),
    RuleEntry("rulings", msg("Table rulings"),
              msg("A few rules can be read two ways. The table picks a reading when it sets up the "
                  "game (the first one is the rulebook's reading) and can change it later."),
              SECTION_RULINGS),
    RuleEntry("ruling-direction", msg("Direction of moves"),
              msg("Either way (default): cards may move pawns toward either Chateau. Towards the "
                  "mover: numbered moves and the King's privilege must go toward your own Chateau; "
                  "the flank, 'to the middle' and the Wizard's summon go to fixed spaces and are "
                  "allowed either way."), SECTION_RULINGS),
    RuleEntry("ruling-wild-middle", msg("Wild 'to the middle'"),
              msg("Allowed (default): with the Jester's power, a 'to the middle' card may send any "
                  "one pawn to the Fountain. Forbidden: it only ever moves the Jester."),
              SECTION_RULINGS),
    RuleEntry("ruling-duchy", msg("The Court in your Duchy"),
              msg("Duchy only (default): the Crown's Court step needs the King and both Guards on "
                  "your six Duchy spaces. With Chateau: a Guard in your Chateau also counts as being "
                  "in your Duchy for that step."), SECTION_RULINGS),
    RuleEntry("move-format", msg("Entering a move"),
              msg("A move is a play of cards in order, a summon, or a pass. The app refuses an entry "
                  "that is incomplete, names something unknown, or names a pawn where none stands."),
              APP_SECTION),
    RuleEntry("correction", msg("Correcting an earlier turn"),
              msg("A turn entered wrong (a card to the wrong space three turns ago) is entered "
                  "again as it was played: Correct a turn (beside Pass), then the turn from the list. The game is "
                  "worked out again from there under the rulings in force: every later turn the "
                  "rules still take is kept, with the pawns, the Crown, the draw pile and the "
                  "reshuffles following; the first one they refuse now is named with its reason "
                  "and dropped with the turns after it, to be entered again. The correction is an "
                  "entry of its own, and Undo takes it back whole. Once the game is over, undo "
                  "its last turn first."), APP_SECTION),
)
RULE_IDS = frozenset(entry.id for entry in RULES)

RULINGS: tuple[Ruling, ...] = (
    Ruling("direction", msg("Direction of moves"), (
        ("either", msg("Cards may move pawns toward either Chateau.")),
        ("towards-mover", msg("Numbered moves only go toward the mover's own Chateau.")),
    ), "ruling-direction"),
    Ruling("wild-middle", msg("Wild 'to the middle'"), (
        ("allowed", msg("With the Jester's power, 'to the middle' may send any pawn to the Fountain.")),
        ("forbidden", msg("'To the middle' only ever moves the Jester.")),
    ), "ruling-wild-middle"),
    Ruling("duchy", msg("The Court in your Duchy"), (
        ("duchy-only", msg("The Court step needs the King and both Guards on the six Duchy spaces.")),
        ("with-chateau", msg("Chateau spaces count as Duchy for the Court step.")),
    ), "ruling-duchy"),
)
