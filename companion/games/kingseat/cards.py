"""The Kingseat cards as data: 12 princes, each with a regular card and two dark cards.

A kind's ``id`` is stable: printed proxy cards, the scanner and recorded moves all use it. The
regular card of a prince has the prince's id (``lionsyre``, ``hardshell-hero``), its dark cards
add ``-dark1`` and ``-dark2``. Every card counts as one vote for its prince. Action texts are our
own short wording; the rules engine reads the ids, the pages show the texts.

How many regular cards a prince has depends on the edition (a table ruling): 7, 8 or 12, always
with one card of each dark action. ``copies`` below is the count under the default ruling.
"""
from __future__ import annotations

from dataclasses import dataclass

from companion.words import Msg, msg, term

CARDS_PER_PRINCE = (9, 10, 14)  # the table ruling's choices, the newest edition's first
DEFAULT_CARDS_PER_PRINCE = CARDS_PER_PRINCE[0]
DARK_CARDS = 2  # one card of each dark action


@dataclass(frozen=True, slots=True)
class Prince:
    id: str  # our id, lowercase with hyphens
    source_key: str  # the key the published card data uses
    name: Msg  # as printed on the cards (a term: the table's edition names it)
    animal: Msg
    colour: Msg  # the colour's name on the cards
    hex: str | None  # regular cards' background (None: a multicoloured picture)
    dark_hex: str | None  # dark cards' background
    family: str  # colour family, for the "same or similar colour" advice
    action: Msg  # the regular card's action, in our words
    dark1: Msg  # the first dark card's action, in our words
    dark2: Msg  # the second dark card's action, in our words
    stripes: tuple[str, ...] = ()  # for a multicoloured prince: colours a proxy card may use


# Colour families. The rules advise against two princes "of the same or similar colour" in one
# game. The printed backgrounds (regular / dark) are the basis:
# * blue: Hardshell Hero (#4E67FF / #0011C0) and Squlofish (#55F5FD / #007076); the card data
#   itself names them BlueDark and BlueLight, the one pair the notes call obvious.
# * red: Slydefox (#FF4816 / #840C07, named orange but a red-orange) and Crassclamps
#   (#FF352A / #8C0A00); both the regular and the dark shades are nearly identical.
# * grey: Woolfhall (#CACACA / #484848) and Hornseeker (#FFFFFF / #605050); pale grey beside
#   white on the regular cards and two dark greys on the dark ones.
# Every other colour (yellow, brown, pink, purple, green, multicoloured) is a family of its own.
# The designer's premade sets never combine two princes of one family, which fits this grouping.
PRINCES: tuple[Prince, ...] = (
    Prince("lionsyre", "lionsyre", term("kingseat card", "Lionsyre"),
           term("kingseat animal", "Lion"),
           term("kingseat colour", "yellow"), "#FDF232", "#706200",
           "yellow",
           msg("The next round is an open vote: one at a time, from the Kingseat clockwise, each "
               "voter lays their card face up."),
           msg("Secretly look at the King's Loyalty card and Hand."),
           msg("Show your Hand to the King, who picks 2 of those cards to go into the Tell.")),
    Prince("slydefox", "slydefox", term("kingseat card", "Slydefox"),
           term("kingseat animal", "Fox"),
           term("kingseat colour", "orange"), "#FF4816", "#840C07", "red",
           msg("Pick two players: they change places, and each of them adds one Hand card to the "
               "Tell."),
           msg("Trade 3 of your Hand cards for 3 of another player's."),
           msg("Draw 3 cards at random out of the Tell into your Hand, then put 3 Hand cards into "
               "the Tell in their place.")),
    Prince("woolfhall", "woolfhall", term("kingseat card", "Woolfhall"),
           term("kingseat animal", "Wolf"),
           term("kingseat colour", "grey"), "#CACACA", "#484848", "grey",
           msg("Name a prince. Next round every Woolfhall voter of this round must vote for it; if "
               "you were the only Woolfhall voter, everybody must."),
           msg("Every player who voted for another prince shows you their Loyalty card."),
           msg("Count this round's Woolfhall voters: each of them adds that many Hand cards to the "
               "Tell, face down.")),
    Prince("hornseeker", "hornseeker", term("kingseat card", "Hornseeker"),
           term("kingseat animal", "Unicorn"),
           term("kingseat colour", "white"), "#FFFFFF", "#605050",
           "grey",
           msg("Secretly look at the Loyalty card of a player sitting right beside the King."),
           msg("Secretly look at the Loyalty card of any other player."),
           msg("Show everyone your Loyalty card. Next round you are the King, and nothing can stop "
               "it.")),
    Prince("brownbeards", "brownbeards", term("kingseat card", "Brownbeards"),
           term("kingseat animal", "Bear"),
           term("kingseat colour", "brown"), "#FFB775", "#B0490A",
           "brown",
           msg("This card goes into the Tell rather than the Discard."),
           msg("For every player who voted Brownbeards this round, take one Brownbeards card from "
               "the Discard into your Hand."),
           msg("Undo the round: every played card goes back to its owner's Hand and the round is "
               "voted again; only this card is discarded.")),
    Prince("monarchrys", "monarchrys", term("kingseat card", "Monarchrys"),
           term("kingseat animal", "Butterfly"),
           term("kingseat colour", "pink"), "#FF2D86", "#8A0020",
           "pink",
           msg("Ask another player for a prince of your choice; if they hold a card of it, they must "
               "hand you one."),
           msg("Pick a player: they hand you all their dark cards, or, if they have none, you hand "
               "them all of yours."),
           msg("Ask another player for a prince: they hand you every card of it they hold, or, if "
               "they hold none, you hand them all of yours.")),
    Prince("crassclamps", "crassclamps", term("kingseat card", "Crassclamps"),
           term("kingseat animal", "Lobster"),
           term("kingseat colour", "red"), "#FF352A", "#8C0A00",
           "red",
           msg("Tell one player which prince to vote next round, and whether they must then swap "
               "places or use their card's action."),
           msg("Next round nobody may use a card's action."),
           msg("Next round is an open vote, and you choose who lays the first card.")),
    Prince("gulliballistas", "gulliballistas", term("kingseat card", "Gulliballistas"),
           term("kingseat animal", "Seagull"),
           term("kingseat colour", "purple"),
           "#AB50FF", "#4400B2", "purple",
           msg("You and the King each reveal 3 of your Hand cards."),
           msg("You and the King let each other see your whole Hands."),
           msg("Reveal your whole Hand to the table and make another player do the same.")),
    Prince("hardshell-hero", "hardshellHero", term("kingseat card", "Hardshell Hero"),
           term("kingseat animal", "Turtle"),
           term("kingseat colour", "dark blue"),
           "#4E67FF", "#0011C0", "blue",
           msg("Change places with another player and trade 2 Hand cards with them."),
           msg("Every other player discards one card at random from their Hand."),
           msg("Every player who did not vote Hardshell Hero hands you one of their Hand cards.")),
    Prince("squlofish", "squlofish", term("kingseat card", "Squlofish"),
           term("kingseat animal", "Fish"),
           term("kingseat colour", "light blue"), "#55F5FD", "#007076",
           "blue",
           msg("Take every Squlofish card from another player's Hand. In the Tell at the end, this "
               "card counts as 2 votes."),
           msg("Discard one of your Hand cards to take Squlofish cards worth up to 3 votes out of "
               "the Tell."),
           msg("Everyone says how many Squlofish cards they hold; whoever holds the most discards "
               "one (on a tie, all of them do).")),
    Prince("smugwing", "smugwing", term("kingseat card", "Smugwing"),
           term("kingseat animal", "Dragon"),
           term("kingseat colour", "green"), "#77EC3B", "#005301",
           "green",
           msg("Next round you sit out the vote, and no action can target you."),
           msg("This round's winning cards go to the Discard instead of the Tell."),
           msg("Every player who voted for the winning prince hands you a Smugwing card, if they "
               "hold one.")),
    Prince("salsa-salamanda", "salsaSalamanda", term("kingseat card", "Salsa Salamanda"),
           term("kingseat animal", "Salamander"),
           term("kingseat colour", "multicolour"),
           None, None, "multicolour",
           msg("Take one of this round's winning cards out of the Tell and put it into any player's "
               "Hand or the Discard."),
           msg("Swap your Loyalty card for a card from your own Hand."),
           msg("Swap your Loyalty card with another player's."),
           stripes=("#FF352A", "#FDF232", "#77EC3B", "#55F5FD", "#AB50FF")),
)
PRINCE_BY_ID: dict[str, Prince] = {p.id: p for p in PRINCES}
PRINCE_IDS: tuple[str, ...] = tuple(p.id for p in PRINCES)

# The designer's premade sets, in the order recommended.
SETS: dict[str, tuple[str, ...]] = {
    "starter": ("lionsyre", "hornseeker", "monarchrys", "gulliballistas"),
    "medium": ("slydefox", "brownbeards", "hardshell-hero", "smugwing"),
    "advanced": ("woolfhall", "crassclamps", "squlofish", "salsa-salamanda"),
    "complete": PRINCE_IDS,
}


@dataclass(frozen=True, slots=True)
class CardKind:
    id: str
    prince: str  # the prince's id
    name: Msg  # the prince's name, with "(dark 1)" or "(dark 2)" for a dark card
    dark: int  # 0 for the regular card, 1 or 2 for a dark card
    text: Msg  # what the card does, in our own words
    copies: int  # under the default ruling (9 cards a prince)

    def copies_with(self, cards_per_prince: int) -> int:
        return cards_per_prince - DARK_CARDS if self.dark == 0 else 1


def _kinds() -> tuple[CardKind, ...]:
    out = []
    regular = DEFAULT_CARDS_PER_PRINCE - DARK_CARDS
    for p in PRINCES:
        out.append(CardKind(p.id, p.id, p.name, 0, p.action, regular))
        out.append(CardKind(f"{p.id}-dark1", p.id, msg("{prince} (dark 1)", prince=p.name), 1, p.dark1, 1))
        out.append(CardKind(f"{p.id}-dark2", p.id, msg("{prince} (dark 2)", prince=p.name), 2, p.dark2, 1))
    return tuple(out)


KINDS: tuple[CardKind, ...] = _kinds()  # prince by prince in catalogue order: regular, dark 1, 2
KIND_BY_ID: dict[str, CardKind] = {kind.id: kind for kind in KINDS}


def deck(princes, cards_per_prince: int = DEFAULT_CARDS_PER_PRINCE) -> list[tuple[str, int]]:
    """Every card of a game with these princes, as (kind id, copy number from 1).

    The order is stable and does not depend on the order the princes are given in: princes in
    catalogue order, each with its regular cards first, then dark 1 and dark 2."""
    if cards_per_prince not in CARDS_PER_PRINCE:
        raise ValueError(f"cards_per_prince must be one of {CARDS_PER_PRINCE}")
    chosen = set(princes)
    unknown = chosen - set(PRINCE_IDS)
    if unknown:
        raise ValueError(f"unknown prince {sorted(unknown)[0]!r}")
    return [(kind.id, copy) for kind in KINDS if kind.prince in chosen
            for copy in range(1, kind.copies_with(cards_per_prince) + 1)]


def similar_colours(princes) -> list[tuple[str, str]]:
    """Pairs of the given princes in the same colour family (catalogue order within and
    between pairs): the rules advise against playing them together."""
    chosen = [p for p in PRINCES if p.id in set(princes)]
    return [(a.id, b.id) for i, a in enumerate(chosen) for b in chosen[i + 1:]
            if a.family == b.family]


assert len(PRINCES) == 12 and len(KINDS) == 36
assert len(deck(PRINCE_IDS)) == 108
