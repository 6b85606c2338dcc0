"""A hand followed card by card on the sheet: the deal that starts it, the arbiter's events,
stopping it, and the checks that its ``hand`` move scores it as it ended."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from companion.engine import RuleError, short
from companion.games.kings_court import arbiter
from companion.games.kings_court.cards import selection_kinds
from companion.games.kings_court.scoring import DUNGEON, ENDED_FIRE, HandScore, Played, name_of
from companion.games.kings_court.setup import read_cut
from companion.games.kings_court.state import State
from companion.words import msg, plural

# How a hand followed card by card ended, as a refusal says it.
ENDED_BY = {"out": msg("out"), "poison-garden": msg("poison garden"),
            "castle-fire": msg("castle fire")}

DEAL_KEYS = frozenset(("type", "first", "cut"))


class Deal(NamedTuple):
    """A checked deal: the arbiter's new hand and the dealing cut entered with it."""

    hand: Any  # arbiter.Hand
    cut: str | None


def check_deal(state: State, move: dict) -> Deal:
    for key in move:
        if key not in DEAL_KEYS:
            raise RuleError("move-format", msg("A deal has no field called {key}.",
                                               key=short(key)))
    if state.hand is not None:
        raise RuleError("play-by-play", msg("A hand is already being followed card by card: "
                                            "score it, or stop following it, first."))
    cut = read_cut(move.get("cut"))
    if "first" not in move:
        raise RuleError("move-format", msg('A deal needs "first": the card turned face up.'))
    kinds = selection_kinds(state.selection, state.extra)
    hand = arbiter.start_hand(len(state.players), state.dealer, kinds, move["first"],
                              dict(state.rulings), state.players,
                              partners=len(state.sides) < len(state.players))
    return Deal(hand, cut)


def check_abandon(state: State, move: dict) -> None:
    """Stopping following the hand card by card."""
    if set(move) != {"type"}:
        raise RuleError("move-format", msg('Stopping play-by-play takes no other field '
                                           'than "type".'))
    if state.hand is None:
        raise RuleError("play-by-play", msg("No hand is being followed card by card."))


def check_event(state: State, move: dict, applying: bool = False) -> None:
    """An arbiter event (its checks are left to ``arbiter.apply_event`` when ``applying``)."""
    if state.hand is None:
        raise RuleError("play-by-play", msg("No hand is being followed card by card: "
                                            "start one with a deal, or score the hand on "
                                            "the sheet."))
    if arbiter.outcome(state.hand) is not None:
        raise RuleError("play-by-play", msg("This hand is over: score it on the sheet."))
    if not applying:
        arbiter.validate_event(state.hand, move)


def dungeons_of(ended: Mapping[str, Any], magicians: bool = False) -> list[int]:
    """The sheet's "dungeon" for a hand followed card by card (``ended``: arbiter.outcome): a
    seat for each Dungeon card in front of a player, less the Dungeon played as the last card,
    which the sheet counts through "last". With ``magicians``: the sheet's
    "dungeon_magicians", the same for the Magicians played as a Dungeon."""
    seats: list[int] = []
    for entry in ended.get("dungeons") or ():
        mages = entry.get("magicians", 0)
        seats += [entry["seat"]] * (mages if magicians else entry["cards"] - mages)
    last_is = (ended.get("last_card") == "magician") == magicians
    if ended.get("last") == DUNGEON and last_is and ended.get("next") in seats:
        seats.remove(ended["next"])
    return sorted(seats)


def as_played(state: State, move: dict, ended: Mapping[str, Any]) -> dict:
    """A ``hand`` move after a hand followed card by card, with what the table left out taken
    from the hand as played (``ended``: arbiter.outcome) and from its deal."""
    filled = dict(move)
    filled.setdefault("out", ended["out"])
    filled.setdefault("played", ended["played"])
    if ended["ended_by"] != ENDED_FIRE:  # a hand thrown in counts only its Risk cards
        filled.setdefault("dungeon", dungeons_of(ended))
        filled.setdefault("dungeon_magicians", dungeons_of(ended, magicians=True))
        if ended.get("last") is not None:
            filled.setdefault("last", ended["last"])
            filled.setdefault("last_magician", ended.get("last_card") == "magician")
        if ended.get("next") is not None:
            filled.setdefault("next", ended["next"])
        if state.deal_cut is not None:
            filled.setdefault("cut", state.deal_cut)
    return filled


def agrees(state: State, score: HandScore, ended: Mapping[str, Any]) -> None:
    """A hand followed card by card is scored as it ended (``ended``: arbiter.outcome)."""
    names = state.players
    out = -1 if ended["out"] is None else ended["out"]
    if score.out != out:
        if out < 0:
            raise RuleError("play-by-play", msg("The hand followed card by card ended with "
                                                "nobody out, so score it that way."))
        raise RuleError("play-by-play", msg("The hand followed card by card ended with "
                                            "{player} out, so score it that way.",
                                            player=names[out]))
    if score.ended != ended["ended_by"]:
        raise RuleError("play-by-play", msg("The hand followed card by card ended by {how}.",
                                            how=ENDED_BY.get(ended["ended_by"],
                                                             ended["ended_by"])))
    want = sorted(Played(p["card"], p["by"], -1 if p.get("on") is None else p["on"])
                  for p in ended["played"])
    if sorted(score.played) != want:
        raise RuleError("play-by-play", msg("The Risk and Warlord cards entered are not the "
                                            "ones played in the hand followed card by card."))
    if score.ended == ENDED_FIRE:
        return
    if list(score.dungeons) != dungeons_of(ended) or \
            list(score.dungeon_magicians) != dungeons_of(ended, magicians=True):
        raise RuleError("play-by-play", msg("The Dungeon cards entered are not where the hand "
                                            "followed card by card left them."))
    mage = ended.get("last_card") == "magician"
    if ended.get("last") is not None and (score.last, score.last_magician) != \
            (ended["last"], mage):
        if mage:
            raise RuleError("play-by-play", msg("{player} went out with a Magician as the "
                                                "{card}.", player=names[out],
                                                card=name_of(ended["last"])))
        raise RuleError("play-by-play", msg("{player} went out with the {card}.",
                                            player=names[out], card=name_of(ended["last"])))
    draws = ended.get("next_draws") or 0
    if draws:
        nxt = ended["next"]
        if score.next != nxt:
            raise RuleError("play-by-play", msg("The next player was {player}.",
                                                player=names[nxt]))
        if score.cards[nxt] is not None and len(score.next_draws) != draws:
            raise RuleError("count-draw-card", plural("{player} drew {n} card at the end of "
                                                      "the hand: pick exactly those.",
                                                      "{player} drew {n} cards at the end of "
                                                      "the hand: pick exactly those.", draws,
                                                      player=names[nxt]))
    elif score.next_draws:
        raise RuleError("count-draw-card", msg("Nobody drew cards at the end of the hand "
                                               "followed card by card."))
    sizes = arbiter.hand_view(state.hand)["hands"]
    for seat, held in enumerate(score.cards):
        if held is None:
            continue
        picked = len(held) + (len(score.next_draws) if seat == score.next else 0)
        if picked != sizes[seat]:
            raise RuleError("play-by-play", plural("{player} holds {n} card in the hand "
                                                   "followed card by card, and {picked} are "
                                                   "picked.", "{player} holds {n} cards in the "
                                                   "hand followed card by card, and {picked} "
                                                   "are picked.", sizes[seat],
                                                   player=names[seat], picked=picked))
