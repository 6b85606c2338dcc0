"""Kingseat's rules page (in our own words) and its table rulings."""
from __future__ import annotations

from companion.engine import APP_SECTION, COMMON_RULES, RuleEntry, Ruling
from companion.games.kingseat.cards import CARDS_PER_PRINCE, KINDS
from companion.words import Msg, msg

SECTION_SETUP = msg("Setup")
SECTION_ROUND = msg("A round")
SECTION_ACTIONS = msg("The action phase")
SECTION_PRINCES = msg("The princes")
SECTION_END = msg("End of the game")
SECTION_READINGS = msg("How the app reads the rules")
SECTION_RULINGS = msg("Table rulings")

# What the app does with each card's action, after the card's own text.
APP_NOTES: dict[str, Msg] = {
    "lionsyre": msg("The app marks the next round as an open vote."),
    "lionsyre-dark1": msg("Nothing for the app to record."),
    "lionsyre-dark2": msg("Nothing to enter: the app counts the 2 cards the King picked (fewer if "
                          "the Hand is smaller) into the Tell, face down, without asking which."),
    "slydefox": msg("Enter the two players; the app moves them and counts the card each put into "
                    "the Tell face down, without asking which."),
    "slydefox-dark1": msg("Enter the other player; the app moves 3 cards each way."),
    "slydefox-dark2": msg("Nothing to enter: the app counts 3 cards out of the Tell and 3 back in "
                          "(fewer if the Tell is smaller); nobody names them."),
    "woolfhall": msg("Enter the prince; the app holds those players to it in the next vote."),
    "woolfhall-dark1": msg("Nothing for the app to record."),
    "woolfhall-dark2": msg("Nothing to enter: the app counts each Woolfhall voter's cards into the "
                           "Tell, face down."),
    "hornseeker": msg("The app records whose card was seen, if you name them."),
    "hornseeker-dark1": msg("The app records whose card was seen, if you name them."),
    "hornseeker-dark2": msg("At the start of the next round the app moves this player into the "
                            "Kingseat, changing places with the King."),
    "brownbeards": msg("The app puts the card into the Tell."),
    "brownbeards-dark1": msg("Enter the cards taken; the app moves them from the Discard to the "
                             "Hand."),
    "brownbeards-dark2": msg("The app takes the whole round back, every action used in it too, "
                             "and asks for the vote again."),
    "monarchrys": msg("Enter the player, the prince and whether a card was handed over."),
    "monarchrys-dark1": msg("Enter the player and how many cards went each way."),
    "monarchrys-dark2": msg("Enter the player, the prince and how many cards went each way."),
    "crassclamps": msg("Enter the player, the prince and the order; the app holds them to it next "
                       "round."),
    "crassclamps-dark1": msg("The app refuses card actions in the next round: each acting player "
                             "swaps places or does nothing, whatever their orders."),
    "crassclamps-dark2": msg("The app marks the next round as open, with the first player if you "
                             "name one."),
    "gulliballistas": msg("Nothing for the app to record."),
    "gulliballistas-dark1": msg("Nothing for the app to record."),
    "gulliballistas-dark2": msg("The app records the other player, if you name them."),
    "hardshell-hero": msg("Enter the other player; the app moves them and 2 cards each way."),
    "hardshell-hero-dark1": msg("Enter the card each other player discarded (they are face up)."),
    "hardshell-hero-dark2": msg("The app moves one card from every such player with cards."),
    "squlofish": msg("Enter the player and how many cards were taken."),
    "squlofish-dark1": msg("Enter the card discarded and the Squlofish cards moved from the Tell to "
                           "the Discard (both face up); the app checks them at the reveal."),
    "squlofish-dark2": msg("Enter who discarded which Squlofish card."),
    "smugwing": msg("The app leaves this player out of the next vote and out of every choice of "
                    "player during that round."),
    "smugwing-dark1": msg("The app moves this round's winning cards from the Tell to the Discard. If "
                          "cards came out of the Tell at random since the vote, enter which winning "
                          "cards you found."),
    "smugwing-dark2": msg("Enter who handed over a card."),
    "salsa-salamanda": msg("Enter the winning card and where it went."),
    "salsa-salamanda-dark1": msg("Nothing to enter but the card. A Loyalty set aside on that "
                                 "player's phone no longer counts: the phone asks for the new one, "
                                 "or it is entered openly at the end."),
    "salsa-salamanda-dark2": msg("Enter the other player once any Loyalty is set aside on a phone: "
                                 "the two Loyalties set aside change places with the cards."),
}

RULES: tuple[RuleEntry, ...] = (
    RuleEntry("players", msg("Players"),
              msg("Kingseat is published for four to ten players, listed in seat order going "
                  "clockwise. The app also takes three, eleven or twelve, with a warning. Each name "
                  "has 1 to 30 characters and no two names may be the same."), SECTION_SETUP),
    RuleEntry("kingseat", msg("The Kingseat"),
              msg("The table picks one place as the Kingseat, and whoever sits there is the King. "
                  "It is a place, not a person: a King who changes places stops being King. The "
                  "app numbers places clockwise from the first name's place, starting at 0."),
              SECTION_SETUP),
    RuleEntry("princes", msg("Choosing princes"),
              msg("Play with at least as many princes as players, each once. The premade sets are "
                  "starter (Lionsyre, Hornseeker, Monarchrys, Gulliballistas), medium (Slydefox, "
                  "Brownbeards, Hardshell Hero, Smugwing), advanced (Woolfhall, Crassclamps, "
                  "Squlofish, Salsa Salamanda) and complete (all twelve)."), SECTION_SETUP),
    RuleEntry("colours", msg("Similar colours"),
              msg("The rules advise against two princes of the same or a similar colour in one "
                  "game, as they do similar things. The app warns about Hardshell Hero with "
                  "Squlofish (blues), Slydefox with Crassclamps (reds) and Woolfhall with "
                  "Hornseeker (grey and white), but allows them."), SECTION_SETUP),
    RuleEntry("deal", msg("The deal and the leftover cards"),
              msg("All cards of the chosen princes are shuffled and dealt out evenly. Cards that do "
                  "not divide evenly are shown to everyone and go straight into the Tell, and the "
                  "app asks which they are. For example 5 princes of 9 cards for 4 players make 45 "
                  "cards: 11 a player and 1 into the Tell."), SECTION_SETUP),
    RuleEntry("setup-passing", msg("Passing and Loyalty"),
              msg("Then everyone hands two cards to the right, then two to the left, and puts one "
                  "Hand card aside face down as their secret Loyalty. Hands therefore start one "
                  "card smaller than the deal."), SECTION_SETUP),
    RuleEntry("piles", msg("The Tell and the Discard"),
              msg("Two piles grow during the game: the Tell, face down, holding the votes that "
                  "count at the end, and the Discard, face up. The app never asks which card goes "
                  "into the Tell face down: it counts them. Like the pile itself, it shows only the "
                  "Tell's size and the deal's leftover cards until the Tell is turned over at the "
                  "end: remembering which cards went in face up is the players' part. A vote or "
                  "an entry naming a card that cannot be in a Hand is refused all the same."),
              SECTION_SETUP),
    RuleEntry("give-cards", msg("Give Cards"),
              msg("Each round starts with everyone handing one Hand card to a neighbour: to the "
                  "left (clockwise) in the first round, to the right in the second, and so on. A "
                  "player with no cards gives nothing but still receives."), SECTION_ROUND),
    RuleEntry("vote", msg("The vote"),
              msg("Everyone with cards picks one Hand card in secret, and all are revealed "
                  "together. The app takes one card per player; a player who sits out or has no "
                  "cards left plays none."), SECTION_ROUND),
    RuleEntry("copies", msg("Cards the deck can hold"),
              msg("The app knows the cards the table has seen: the Discard, the cards on the table "
                  "and the cards that went into the Tell face up. It refuses a card when every copy "
                  "of it is already there, a prince that is not in the game, or a Dark card in a "
                  "game without them. Pickers offer only cards that can still be in a Hand."),
              SECTION_ROUND),
    RuleEntry("round-winner", msg("Winning a round"),
              msg("The prince with the most cards played wins the round; here every card is one "
                  "vote. All of that prince's cards, dark ones included, go into the Tell."),
              SECTION_ROUND),
    RuleEntry("tie-break", msg("Ties in a round"),
              msg("When princes tie for the most cards, go round the places from the Kingseat "
                  "clockwise, starting with the King's own place. The first card of a tied prince "
                  "met this way wins the round for its prince."), SECTION_ROUND),
    RuleEntry("open-vote", msg("Open rounds"),
              msg("In an open round (after Lionsyre or Crassclamps' dark 2) players lay their votes "
                  "face up one at a time, clockwise from the Kingseat or from the player "
                  "Crassclamps chose. The app records the votes the same way."), SECTION_ROUND),
    RuleEntry("forced-votes", msg("Forced votes"),
              msg("Woolfhall and Crassclamps can tell players which prince to vote next round. A "
                  "forced player must vote that prince if they hold a card of it; if they hold "
                  "none, the vote entry says so and they may play anything. When every card of "
                  "that prince is already in the Tell or the Discard, nobody needs to say so."),
              SECTION_ROUND),
    RuleEntry("immune", msg("Sitting out and immunity"),
              msg("A player who used Smugwing's regular action sits out the next round's vote. For "
                  "that round no action can pick them, nobody can swap places with them, and an "
                  "action that would have to pick them does nothing to them. They still give and "
                  "receive in Give Cards."), SECTION_ROUND),
    RuleEntry("action-phase", msg("The action phase"),
              msg("Then the players whose cards did not win act one at a time, by place from the "
                  "Kingseat clockwise. The order is fixed when the phase starts, so changes of "
                  "place during it do not change who comes next. A player whose card won does "
                  "nothing."), SECTION_ACTIONS),
    RuleEntry("swap", msg("Swapping places"),
              msg("Instead of using their card's action, a player may change places with another "
                  "player and trade one Hand card with them. The played card is discarded."),
              SECTION_ACTIONS),
    RuleEntry("pass", msg("Doing nothing"),
              msg("A player may also leave their card unused, for instance when its action cannot "
                  "be carried out; the card is discarded. An action that changes nothing the app "
                  "tracks, such as looking at a card, is entered as that action all the same."),
              SECTION_ACTIONS),
    RuleEntry("discard", msg("Where played cards go"),
              msg("Whatever its player did, a played card that did not win goes to the Discard "
                  "afterwards. The one exception is a Brownbeards regular card whose action was "
                  "used: it goes into the Tell."), SECTION_ACTIONS),
    RuleEntry("orders", msg("Orders from Crassclamps"),
              msg("A player ordered by Crassclamps to swap must swap places in the next action "
                  "phase; one ordered to use their action may not swap. If their card wins the "
                  "round, the order lapses."), SECTION_ACTIONS),
    RuleEntry("no-actions", msg("A round without actions"),
              msg("After Crassclamps' dark 1, nobody may use a card's action in the next round. "
                  "Each acting player swaps places or does nothing; an order to use the action "
                  "cannot be obeyed, so that player may swap too."), SECTION_ACTIONS),
    RuleEntry("short-hands", msg("Short Hands"),
              msg("An action asking for more cards than a Hand holds takes what is there. A player "
                  "with an empty Hand no longer votes, but may get cards again."), SECTION_ACTIONS),
    # TRANSLATORS: a card's text, then what the app does with it (two sentences or more each).
    *(RuleEntry(kind.id, kind.name, msg("{action} {note}", action=kind.text, note=APP_NOTES[kind.id]), SECTION_PRINCES)
      for kind in KINDS),
    RuleEntry("end", msg("The end of the game"),
              msg("The game ends when every Hand is empty. The Tell is turned over, then everyone "
                  "reveals their Loyalty card."), SECTION_END),
    RuleEntry("reveal", msg("Turning the Tell over"),
              msg("Enter how many cards of each kind the Tell holds, by tapping or with a photo of "
                  "the cards laid out. The app checks them against everything the table saw: the "
                  "Tell's size, the cards in the Discard, the cards that went in face up and what "
                  "Squlofish's dark 1 took out. A contradiction is named in one sentence: correct "
                  "the counts, or undo back to the entry that was wrong."), SECTION_END),
    RuleEntry("loyalty", msg("Entering the Loyalties"),
              msg("A player may set their Loyalty aside on their own phone at the start, once the "
                  "phone says which player holds it; it is shown on that phone only until the Tell "
                  "is revealed. The others are entered after the reveal. The only cards outside "
                  "the Tell and the Discard are the Loyalty cards, so the app refuses Loyalties "
                  "that do not match them. A Loyalty belongs to the seat: if another phone takes "
                  "the seat once the game began (or once the Loyalty was set), the one set before "
                  "stays hidden until the reveal and still counts, and no new one is taken from a "
                  "phone; the game's creator may free a seat a lost phone still holds."),
              SECTION_END),
    RuleEntry("final-count", msg("The final count"),
              msg("The Tell is turned over and its cards counted as votes. The prince with the most "
                  "votes wins, and so does every player whose Loyalty shows that prince."),
              SECTION_END),
    RuleEntry("squlofish-weight", msg("Squlofish in the Tell"),
              msg("In the final count a regular Squlofish card is worth 2 votes. A dark Squlofish "
                  "card is worth 1, or 2 under the table ruling."), SECTION_END),
    RuleEntry("final-tie", msg("A tie in the final count"),
              msg("If princes tie for the most votes in the Tell, all of them win, and so does "
                  "every player loyal to any of them."), SECTION_END),
    RuleEntry("game-over", msg("Game over"),
              msg("Once the Loyalties are in, the game is over and no more moves can be entered."),
              SECTION_END),
    RuleEntry("reading-slydefox", msg("Slydefox"),
              msg("Each of the two players who change places puts one Hand card into the Tell, two "
                  "cards in all. Either of them may be the Slydefox player."), SECTION_READINGS),
    RuleEntry("reading-undo", msg("Undoing a round (Brownbeards dark 2)"),
              msg("The round is undone completely: every card played goes back to its player's "
                  "Hand, and everything the round's actions did (places changed, cards moved, "
                  "orders for the next round) is taken back. The Brownbeards card is discarded. "
                  "Then the round is voted again, without a new Give Cards."),
              SECTION_READINGS),
    RuleEntry("reading-hornseeker", msg("Becoming King (Hornseeker dark 2)"),
              msg("At the start of the next round, before Give Cards, that player changes places "
                  "with the King; no card changes hands. If several players did so, they move in "
                  "the order they acted, so the last one ends up King."), SECTION_READINGS),
    RuleEntry("reading-squlofish", msg("Squlofish dark 1"),
              msg("The player looks through the Tell and moves Squlofish cards worth at most 3 "
                  "votes to the Discard, as many as fit. The Discard is face up, so the table sees "
                  "which; the app refuses a move that leaves a card it saw go in face up and that "
                  "still fits, and checks the rest against the revealed Tell at the end."),
              SECTION_READINGS),
    RuleEntry("reading-forced", msg("Several forced votes"),
              msg("If a player is told twice which prince to vote, the instruction given last "
                  "applies. Woolfhall's 'everybody' means every player, the Woolfhall player "
                  "included."), SECTION_READINGS),
    RuleEntry("reading-winning-cards", msg("This round's winning cards"),
              msg("Salsa Salamanda and Smugwing's dark 1 deal only with this round's winning cards "
                  "in the Tell. If Slydefox's dark 2 drew cards out of the Tell at random since the "
                  "vote, some may be gone: the table says which winning cards it found."),
              SECTION_READINGS),
    RuleEntry("reading-givers", msg("Who hands over cards"),
              msg("Hardshell Hero's dark 2 takes one card from every other player who did not vote "
                  "Hardshell Hero and holds a card, except players sitting out."), SECTION_READINGS),
    RuleEntry("rulings", msg("Table rulings"),
              msg("Where editions of the game differ, the table picks a reading when it sets up the "
                  "game; the first is the newest edition's. The other readings in this section are "
                  "fixed."), SECTION_RULINGS),
    RuleEntry("ruling-cards-per-prince", msg("Cards a prince"),
              msg("9 (default): 7 regular cards and the two dark cards. 10: 8 and 2, as an older "
                  "edition. 14: 12 and 2, as the oldest. It decides the deal, so it cannot change "
                  "once the game has started."), SECTION_RULINGS),
    RuleEntry("ruling-squlofish-weight", msg("Dark Squlofish in the Tell"),
              msg("1 (default): only regular Squlofish cards count double at the end. 2: the dark "
                  "Squlofish cards count 2 as well."), SECTION_RULINGS),
    RuleEntry("ruling-dark-cards", msg("Playing without the Dark cards"),
              msg("With them (default): each prince has its regular cards and its two Dark cards. "
                  "Without them (the rulebook allows leaving them out): each prince has only its "
                  "regular cards, the deal is smaller, and a Dark card is refused. It decides the "
                  "deal, so it cannot change once the game has started."), SECTION_RULINGS),
    RuleEntry("setup", msg("Setting up in the app"),
              msg("The app needs the names in seat order, the Kingseat, the princes in play and the "
                  "cards left over from the deal. The table rulings are optional."), APP_SECTION),
    RuleEntry("move-format", msg("Entering a move"),
              msg("A move is a vote, an acting player's swap, action or pass, the Tell revealed, "
                  "the Loyalties at the end, or a correction. The app refuses an entry that is "
                  "incomplete or names something unknown."), APP_SECTION),
    RuleEntry("correction", msg("Correcting who an action named"),
              msg("Who Hornseeker (or its dark 1) looked at and who else revealed their Hand with "
                  "Gulliballistas' dark 2 change nothing that comes after, so if one was entered "
                  "wrong the table corrects it with an entry of its own (Correct an earlier entry, "
                  "under the turn), at any time before the game is over. The correction shows in "
                  "the history and undo takes it back. Every other action changes what later "
                  "moves depend on: undo back to it to enter it again."), APP_SECTION),
)
RULE_IDS = frozenset(entry.id for entry in (*RULES, *COMMON_RULES))

RULINGS: tuple[Ruling, ...] = (
    Ruling("cards_per_prince", msg("Cards a prince"),
           ((9, msg("9: 7 regular and 2 dark (newest edition)")),
            (10, msg("10: 8 regular and 2 dark")),
            (14, msg("14: 12 regular and 2 dark (oldest edition)"))),
           "ruling-cards-per-prince"),
    Ruling("squlofish_dark_weight", msg("Dark Squlofish in the final count"),
           ((1, msg("1 vote each (only regular Squlofish count double)")),
            (2, msg("2 votes each, like the regular ones"))),
           "ruling-squlofish-weight"),
    Ruling("dark_cards", msg("The Dark cards"),
           ((1, msg("With the Dark cards (as published)")),
            (0, msg("Without them: each prince only its regular cards"))),
           "ruling-dark-cards"),
)
assert tuple(value for value, _ in RULINGS[0].choices) == CARDS_PER_PRINCE

