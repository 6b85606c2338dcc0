"""King's Court play-by-play: partners. A player who can go out may ask a partner; after a "Yes"
they go out on this turn or draw two cards and lose the turn."""
from __future__ import annotations

from companion.engine import RuleError
from companion.games.kings_court.arbiter.draws import no_dues
from companion.games.kings_court.arbiter.kinds import cap
from companion.games.kings_court.arbiter.scrolls import facing
from companion.games.kings_court.arbiter.state import Work
from companion.games.kings_court.arbiter.turn import my_turn
from companion.words import msg

BOUND = msg("go out with this turn's play, or take two cards and lose the turn")


def bound_by_yes(seat: int, words) -> RuleError:
    """The refusal for a draw, a pass or a play that keeps cards after a partner's Yes."""
    return RuleError("partners-yes", msg("{player}'s partner said Yes: {bound}.",
                                         player=cap(words(seat)), bound=BOUND))


def ev_yes(w: Work, seat: int, move: dict, words) -> None:
    if not w.partners:
        raise RuleError("partners-yes", msg("Only partners ask each other about going out, and "
                                            "this game is not played in partnerships."))
    my_turn(w, seat, words)
    no_dues(w, seat, "question to a partner", words)
    if w.pending is not None and w.hands[seat] != 1:
        raise RuleError("partners-yes", msg(
            "{player} faces {facing}: the answer is one card, so only a player holding one card "
            "can go out on this turn.", player=cap(words(seat)), facing=facing(w.pending)))
    if w.yes == seat:
        raise RuleError("partners-yes", msg("{player}'s partner has said Yes already: {bound}.",
                                            player=cap(words(seat)), bound=BOUND))
    if w.phase == "first":
        raise RuleError("partners-yes", msg("The dealer first finishes the turn of the card "
                                            "turned first."))
    w.yes = seat
    w.notes.append(msg("{player}'s partner says Yes: {same} must go out on this turn, or take "
                       "two cards and lose the turn.", player=cap(words(seat)),
                       same=words(seat)))
