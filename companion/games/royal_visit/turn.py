"""One turn's cards: what each card id may do (the card table) and the TurnBuilder, which checks
the cards of a play one at a time against the position each one meets.

A card is JSON: ``{"card": "<kind id>", "moves": [{"pawn": ..., "from": ..., "to": ...}]}``,
``{"card": "court", "dir": 1}`` (King's privilege, two King cards) or ``{"card": "guard-flank"}``.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from companion.engine import MISSING, RuleError
from companion.games.royal_visit.cards import KIND_INDEX, KINDS
from companion.games.royal_visit.state import (
    CHATEAU,
    COPIES,
    GH,
    GL,
    HIGH_END,
    LOW_END,
    N_KINDS,
    PAWN_OF_SLOT,
    PAWN_TITLES,
    SIGNS,
    TYPE_OF_SLOT,
    J,
    K,
    PawnMove,
    PlayedCard,
    State,
    W,
    jester_power,
)
from companion.words import Msg, msg, term

# card shapes
S_KING, S_COURT, S_GUARD1, S_GUARD11, S_FLANK, S_WIZARD, S_JESTER, S_MIDDLE = range(8)


@dataclass(frozen=True, slots=True)
class CardInfo:
    """What the checks need of one card id (the 13 kinds plus ``court``)."""

    id: str
    kind: int  # index into KINDS (court: King 1)
    suit: str
    name: Msg  # as printed on the card
    shape: int
    steps: int  # spaces moved (0 when the destination is fixed)
    cost: int  # cards it takes from the hand
    rule: str  # the rules-page entry for this card
    exact: Msg  # reason when the distance is wrong
    copies_reason: Msg
    shuffled_reason: Msg  # the same when some copies went back into the draw pile unseen


def _card_table() -> dict[str, CardInfo]:
    table = {}
    shapes = {"king-1": S_KING, "guard-1": S_GUARD1, "guard-1+1": S_GUARD11,
              "guard-flank": S_FLANK, "jester-middle": S_MIDDLE}
    for index, kind in enumerate(KINDS):
        shape = shapes.get(kind.id)
        steps = 0
        if shape is None:
            shape = S_WIZARD if kind.suit == "wizard" else S_JESTER
            steps = int(kind.id.rsplit("-", 1)[1])
        elif shape in (S_KING, S_GUARD1):
            steps = 1
        elif shape == S_GUARD11:
            steps = 2
        rule = {S_KING: "king-1", S_GUARD1: "guard-1", S_GUARD11: "guard-1+1",
                S_FLANK: "guard-flank", S_WIZARD: "wizard-cards", S_JESTER: "jester-cards",
                S_MIDDLE: "jester-middle"}[shape]
        card = kind.name
        if shape == S_GUARD11:
            exact = msg("a Guard 1+1 card moves one Guard exactly 2 spaces, or each Guard exactly "
                        "1 space")
        elif steps == 1:
            exact = msg("a {card} card moves its pawn exactly 1 space", card=card)
        else:
            exact = msg("a {card} card moves its pawn exactly {steps} spaces", card=card, steps=steps)
        if kind.copies == 1:
            copies = msg("the only {card} card is already in the discard pile, so it cannot be "
                         "in your hand", card=card)
            shuffled = msg("the only {card} card was shuffled into the draw pile after your "
                           "last draw, so it cannot be in your hand", card=card)
        else:  # (two copies or more)
            copies = msg("all {copies} {card} cards are already in the discard pile, so "
                         "none can be in your hand", copies=kind.copies, card=card)
            shuffled = msg("all {copies} {card} cards are in the discard pile or were "
                           "shuffled into the draw pile after your last draw, so none can be in "
                           "your hand", copies=kind.copies, card=card)
        table[kind.id] = CardInfo(kind.id, index, kind.suit, kind.name, shape, steps, 1, rule,
                                  exact, copies, shuffled)
    table["court"] = CardInfo(
        "court", KIND_INDEX["king-1"], "king", term("royal visit card", "King's privilege"), S_COURT, 1, 2,
        "court-move", msg("the King's privilege moves the Court exactly 1 space"),
        msg("it needs two King cards, and fewer than two are left outside the discard pile"),
        msg("it needs two King cards, and fewer than two can be in your hand: the others are in the "
            "discard pile or were shuffled into the draw pile after your last draw"))
    return table


CARDS: dict[str, CardInfo] = _card_table()
CARD_ORDER: tuple[CardInfo, ...] = tuple(CARDS.values())  # kinds in catalogue order, then court


class CardOption(NamedTuple):
    """A legal next card (see ``TurnBuilder.options``)."""

    card: CardInfo
    moves: tuple[PawnMove, ...]
    pos: list[int]  # the position after it, by pawn slot
    pawn_type: int  # the pawn type it moved (see TYPE_OF_SLOT)


# fixed reasons (no formatting in the hot path): the end of "Card 2 (King 1): ..."
R_COURT = msg("the King must stay strictly between the two Guards")
R_BOARD = msg("that move would take a pawn off the end of the board")
R_DIRECTION = msg("with the table's 'towards the mover' ruling, this move must go toward your own "
                  "Chateau")
R_POWER = msg("the Jester is not on your side of the King, so your Jester cards cannot move other "
              "pawns")
R_SAME_TYPE = msg("all Jester cards in one turn must move the same type of pawn")
R_WILD_MIDDLE = msg("under the table's ruling, 'to the middle' can only move the Jester")
R_MIDDLE_STILL = msg("that pawn is already on the Fountain, and a card must move its pawn")
R_FLANK_STILL = msg("both Guards already stand beside the King, and a card must move its pawn")
R_ENDED = msg("the King already entered a Chateau, so the game ended with an earlier card")
R_HAND = msg("that is more cards than the 8 a hand holds")
# the cards of one type, as "this turn already plays King cards" names them
SUIT_CARDS = {"king": msg("King cards"), "guard": msg("Guard cards"), "wizard": msg("Wizard cards"),
              "jester": msg("Jester cards")}

_MOVE_KEYS = frozenset(("pawn", "from", "to"))
_CARD_KEYS_MOVES = frozenset(("card", "moves"))
_CARD_KEYS_COURT = frozenset(("card", "dir"))
_CARD_KEYS_BARE = frozenset(("card",))


class TurnBuilder:
    """The cards of one turn so far, checked one at a time against the position they meet.

    ``add(card)`` checks one card dict (raising RuleError whose ``step`` is the card's index);
    ``legal()`` lists every card that could come next. The web page and the random player use it
    to build a turn card by card; ``validate`` uses it to check a whole play.
    """

    __slots__ = (
        "count",
        "ended",
        "jtype",
        "king_winner",
        "limit",
        "out",
        "played",
        "pos",
        "sign",
        "state",
        "suit",
        "towards",
        "unseen",
        "used",
        "wild_middle",
    )

    def __init__(self, state: State):
        self.state = state
        self.sign = SIGNS[state.turn]
        self.pos = [state.king, state.guard_low, state.guard_high, state.wizard, state.jester]
        self.suit: str | None = None
        self.jtype: int | None = None  # pawn type moved by this turn's Jester cards
        self.count = 0  # cards taken from the hand so far
        self.used = [0] * N_KINDS
        self.ended = False
        self.king_winner: int | None = None
        self.played: list[PlayedCard] = []
        self.towards = state.direction == "towards-mover"
        self.wild_middle = state.wild_middle == "allowed"
        self.limit = state.hands[state.turn]
        # copies known to be out of the mover's hand: the discard pile and those shuffled away
        self.unseen = state.unseen[state.turn]
        self.out = [a + b for a, b in zip(state.discard, self.unseen)]

    # -- checking ------------------------------------------------------------------------------

    def add(self, card: Any) -> None:
        """Check one card against the position as it stands and, if legal, play it."""
        index = len(self.played)
        info, moves = self._parse(index, card)
        error, newpos, ptype = self._try(info, moves)
        if error is not None:
            raise RuleError(error[0], msg("Card {n} ({card}): {reason}.", n=index + 1, card=info.name,
                                          reason=error[1]), step=index)
        self._commit(info, moves, newpos, ptype)

    def _fail(self, index: int, reason: Msg, info: CardInfo | None = None,
              rule: str = "move-format") -> RuleError:
        said = msg("Card {n}: {reason}.", n=index + 1, reason=reason) if info is None else \
            msg("Card {n} ({card}): {reason}.", n=index + 1, card=info.name, reason=reason)
        return RuleError(rule, said, step=index)

    def _parse(self, index: int, card: Any) -> tuple[CardInfo, tuple[PawnMove, ...]]:
        """The card's entry and its moves, resolved against the position."""
        if type(card) is not dict:
            raise self._fail(index, msg('each card must be an object with a "card" field'))
        cid = card.get("card")
        if type(cid) is not str:
            raise self._fail(index, msg('each card needs a "card" field naming its kind'))
        info = CARDS.get(cid)
        if info is None:
            raise self._fail(index, msg("there is no card called {name}", name=repr(cid[:40])))
        shape = info.shape
        pos = self.pos
        if shape == S_COURT:
            if card.keys() != _CARD_KEYS_COURT:
                raise self._fail(index, msg('the card takes a "dir" field (1 or -1) and nothing else'),
                                 info)
            d = card["dir"]
            if type(d) is not int or (d != 1 and d != -1):
                raise self._fail(index, msg('"dir" must be 1 or -1'), info)
            return info, (PawnMove(K, pos[K], pos[K] + d), PawnMove(GL, pos[GL], pos[GL] + d),
                          PawnMove(GH, pos[GH], pos[GH] + d))
        if shape == S_FLANK:
            if card.keys() != _CARD_KEYS_BARE:
                raise self._fail(index, msg("the flank card takes no other fields"), info)
            k = pos[K]
            return info, (PawnMove(GL, pos[GL], k - 1), PawnMove(GH, pos[GH], k + 1))
        if not card.keys() <= _CARD_KEYS_MOVES:
            extra = min(map(str, card.keys() - _CARD_KEYS_MOVES))
            raise self._fail(index, msg("this card has no field called {name}", name=repr(extra[:40])), info)
        raw = card.get("moves", MISSING)
        if raw is MISSING:
            if shape == S_MIDDLE:
                return info, (PawnMove(J, pos[J], 0),)
            raise self._fail(index, msg('the "moves" field is missing'), info)
        if type(raw) is not list:
            raise self._fail(index, msg('"moves" must be a list'), info)
        most = 2 if shape == S_GUARD11 else 1
        if not 1 <= len(raw) <= most:
            takes = msg("this card takes one or two moves") if most == 2 else \
                msg("this card takes exactly one move")
            raise self._fail(index, takes, info)
        moves = []
        moved_slot = -1
        cur = pos
        for move in raw:
            if type(move) is not dict or move.keys() != _MOVE_KEYS:
                raise self._fail(index, msg('each move needs "pawn", "from" and "to", and nothing '
                                            'else'), info)
            pawn, frm, to = move["pawn"], move["from"], move["to"]
            if type(frm) is not int or type(to) is not int:
                raise self._fail(index, msg('"from" and "to" must be whole numbers'), info)
            if type(pawn) is not str or pawn not in PAWN_TITLES:
                raise self._fail(index, msg("the pawn must be king, guard, wizard or jester"), info)
            if pawn == "king":
                slot = K
            elif pawn == "guard":
                if cur[GL] == frm and moved_slot != GL:
                    slot = GL
                elif cur[GH] == frm and moved_slot != GH:
                    slot = GH
                elif moved_slot != -1 and cur[moved_slot] == frm:
                    raise self._fail(index, msg("split this way, the card moves each Guard one space"),
                                     info, "guard-1+1")
                else:
                    raise self._fail(index, msg("there is no Guard on space {space}", space=frm), info)
            elif pawn == "wizard":
                slot = W
            else:
                slot = J
            if cur[slot] != frm:
                raise self._fail(index, msg("there is no {pawn} on space {space}", pawn=PAWN_TITLES[pawn],
                                                 space=frm), info)
            if shape == S_KING and slot != K:
                raise self._fail(index, msg("a King card moves the King"), info, "king-1")
            if (shape in (S_GUARD1, S_GUARD11)) and slot != GL and slot != GH:
                raise self._fail(index, msg("a Guard card moves a Guard"), info, info.rule)
            if shape == S_WIZARD and slot != W:
                raise self._fail(index, msg("a Wizard card moves the Wizard"), info, "wizard-cards")
            if shape == S_MIDDLE and to != 0:
                raise self._fail(index, msg("a 'to the middle' card moves its pawn to the Fountain "
                                            "(space 0)"), info, "jester-middle")
            moves.append(PawnMove(slot, frm, to))
            if len(raw) == 2:
                if cur is pos:
                    cur = list(pos)
                cur[slot] = to
                moved_slot = slot
        return info, tuple(moves)

    def _try(self, info: CardInfo, moves: tuple) -> tuple[tuple[str, Msg] | None, list | None, int]:
        """(error, new position, pawn type moved) for a well-formed card.

        The error is None or (rule id, reason); reasons are fixed strings, so listing legal cards
        formats nothing."""
        if self.ended:
            return ("end-king", R_ENDED), None, 0
        if self.count + info.cost > self.limit:
            return ("hand-size", R_HAND), None, 0
        kind = info.kind
        if self.out[kind] + self.used[kind] + info.cost > COPIES[kind]:
            return ("copies", info.shuffled_reason if self.unseen[kind] else info.copies_reason), \
                None, 0
        suit = self.suit
        if suit is not None and info.suit != suit:
            return ("one-type", msg("this turn already plays {cards}, and a turn plays one type of "
                                    "card only", cards=SUIT_CARDS[suit])), None, 0
        return self._check_moves(info, moves)

    def _check_moves(self, info: CardInfo, moves: tuple) -> tuple:
        """The card's own rules, once the turn-wide ones (type, hand, copies) have passed."""
        shape = info.shape
        sign = self.sign
        newpos = list(self.pos)
        ptype = 0
        if shape == S_FLANK:
            k = newpos[K]
            if newpos[GL] == k - 1 and newpos[GH] == k + 1:
                return ("must-move", R_FLANK_STILL), None, 0
            if k - 1 < LOW_END or k + 1 > HIGH_END:
                return ("board-ends", R_BOARD), None, 0
            newpos[GL] = k - 1
            newpos[GH] = k + 1
            return None, newpos, 1
        if shape in (S_MIDDLE, S_JESTER):
            slot, frm, to = moves[0]
            ptype = TYPE_OF_SLOT[slot]
            if slot != J:
                if shape == S_MIDDLE and not self.wild_middle:
                    return ("ruling-wild-middle", R_WILD_MIDDLE), None, 0
                if not jester_power(newpos[K], newpos[J], sign):
                    return ("jester-power", R_POWER), None, 0
            if self.jtype is not None and self.jtype != ptype:
                return ("jester-same-type", R_SAME_TYPE), None, 0
            if shape == S_MIDDLE:
                if frm == 0:
                    return ("must-move", R_MIDDLE_STILL), None, 0
                newpos[slot] = 0
                if not newpos[GL] < newpos[K] < newpos[GH]:
                    return ("court", R_COURT), None, 0
                return None, newpos, ptype
        steps = info.steps
        for slot, frm, to in moves:
            distance = to - frm
            if shape == S_GUARD11 and len(moves) == 2:
                if distance != 1 and distance != -1:
                    return ("exact-move", info.exact), None, 0
            elif distance != steps and distance != -steps:
                return ("exact-move", info.exact), None, 0
            if to < LOW_END or to > HIGH_END:
                return ("board-ends", R_BOARD), None, 0
            if self.towards and sign * distance <= 0:
                return ("ruling-direction", R_DIRECTION), None, 0
            newpos[slot] = to
        if not newpos[GL] < newpos[K] < newpos[GH]:
            return ("court", R_COURT), None, 0
        return None, newpos, ptype

    def _commit(self, info: CardInfo, moves: tuple, newpos: list, ptype: int) -> None:
        old = self.pos
        self.pos = newpos
        self.count += info.cost
        self.used[info.kind] += info.cost
        self.suit = info.suit
        wild = False
        if info.suit == "jester":
            self.jtype = ptype
            wild = ptype != 3
        if info.shape == S_FLANK:
            moves = tuple(PawnMove(slot, old[slot], newpos[slot]) for slot in (GL, GH)
                          if old[slot] != newpos[slot])
        self.played.append(PlayedCard(info.id, wild, moves))
        king = newpos[K]
        if king >= CHATEAU or king <= -CHATEAU:
            self.ended = True
            self.king_winner = 0 if king > 0 else 1

    # -- listing -------------------------------------------------------------------------------

    def options(self, kinds: Iterable[str] | None = None) -> list[CardOption]:
        """Every legal next card, with the position it leads to."""
        if self.ended or self.state.winner is not None:
            return []
        # the turn-wide checks of _try are made once a card kind, here
        wanted = None if kinds is None else set(kinds)
        out = []
        pos = self.pos
        sign = self.sign
        room = self.limit - self.count
        out_of_hand = self.out
        power = jester_power(pos[K], pos[J], sign)
        for info in CARD_ORDER:
            if wanted is not None and info.id not in wanted:
                continue
            if self.suit is not None and info.suit != self.suit:
                continue
            if info.cost > room or out_of_hand[info.kind] + self.used[info.kind] + info.cost > \
                    COPIES[info.kind]:
                continue
            shape = info.shape
            if shape == S_COURT:
                k, lo, hi = pos[K], pos[GL], pos[GH]
                candidates = [(PawnMove(K, k, k + d), PawnMove(GL, lo, lo + d),
                               PawnMove(GH, hi, hi + d)) for d in (1, -1)]
            elif shape == S_FLANK:
                k = pos[K]
                candidates = [(PawnMove(GL, pos[GL], k - 1), PawnMove(GH, pos[GH], k + 1))]
            elif shape == S_GUARD11:
                lo, hi = pos[GL], pos[GH]
                candidates = [(PawnMove(slot, pos[slot], pos[slot] + d),)
                              for slot in (GL, GH) for d in (2, -2)]
                candidates += [(PawnMove(GL, lo, lo + a), PawnMove(GH, hi, hi + b))
                               for a in (1, -1) for b in (1, -1)]
            elif shape in (S_MIDDLE, S_JESTER):
                slots = (J, K, GL, GH, W) if power else (J,)
                if shape == S_MIDDLE:
                    if not self.wild_middle:
                        slots = (J,)
                    candidates = [(PawnMove(slot, pos[slot], 0),) for slot in slots]
                else:
                    n = info.steps
                    candidates = [(PawnMove(slot, pos[slot], pos[slot] + d),)
                                  for slot in slots for d in (n, -n)]
            else:
                slots = (K,) if shape == S_KING else (GL, GH) if shape == S_GUARD1 else (W,)
                n = info.steps
                candidates = [(PawnMove(slot, pos[slot], pos[slot] + d),) for slot in slots
                              for d in (n, -n)]
            check = self._check_moves
            for moves in candidates:
                error, newpos, ptype = check(info, moves)
                if error is None:
                    out.append(CardOption(info, moves, newpos, ptype))
        return out

    def legal(self, kinds: Iterable[str] | None = None) -> list[dict]:
        """Every legal next card as a card dict (optionally only these card ids)."""
        return [card_dict(option.card, option.moves) for option in self.options(kinds)]

    def play_option(self, option: CardOption) -> dict:
        """Play one entry of ``options()``; returns its card dict."""
        self._commit(*option)
        return card_dict(option.card, option.moves)


def card_dict(info: CardInfo, moves: tuple[PawnMove, ...]) -> dict:
    """A card as a move names it (see the module's docstring)."""
    if info.shape == S_COURT:
        return {"card": "court", "dir": moves[0].to - moves[0].frm}
    if info.shape == S_FLANK:
        return {"card": "guard-flank"}
    return {"card": info.id, "moves": [{"pawn": PAWN_OF_SLOT[slot], "from": frm, "to": to}
                                       for slot, frm, to in moves]}
