"""A round: Give Cards, the vote and its tie-break, the action phase, undoing a round."""
from __future__ import annotations

from dataclasses import replace

from companion.games.kingseat.correction import CORRECTABLE, event_line
from companion.games.kingseat.effects import DOES
from companion.games.kingseat.state import (
    BEARD,
    DISCARDED,
    KIND_IDS,
    KIND_NAMES,
    KIND_PRINCE,
    N_PRINCES,
    NO_EFFECTS,
    ON_TABLE,
    PRINCE_NAMES,
    WON,
    Effects,
    Fact,
    State,
    Vote,
    Work,
)
from companion.words import listing, msg, plural


def give_direction(round_number: int) -> int:
    """+1: cards go to the left (clockwise, to the next place); -1: to the right."""
    return 1 if round_number % 2 == 1 else -1


def voting_players(hands, effects: Effects) -> list[int]:
    out = set(effects.sit_out)
    return [p for p, h in enumerate(hands) if h > 0 and p not in out]


def start_round(w: Work, number: int) -> None:
    """Begin round ``number``: last round's effects take hold, Hornseeker claims the Kingseat,
    everyone gives a card, and the vote (or the end) comes next."""
    w.last_events = tuple(w.events)
    w.events = []
    w.played = []
    w.order = []
    w.replays = 0
    n = len(w.s.players)
    while True:
        w.round = number
        w.effects = w.coming
        w.coming = NO_EFFECTS
        for claimant in w.effects.king_claims:
            king = w.king
            if claimant != king:
                w.change_places(claimant, king)
                w.events.append(msg("{player} changed places with {king} and is now the King (Hornseeker dark 2).",
                                    player=w.name(claimant), king=w.name(king)))
        if sum(w.hands) == 0:
            w.phase = "reveal"
            w.events.append(msg("Every Hand is empty: the game is over. Turn the Tell over and enter its cards."))
            return
        old = list(w.hands)
        step = give_direction(number)
        for place in range(n):
            p = w.seating[place]
            if old[p] > 0:
                w.hands[p] -= 1
                w.hands[w.seating[(place + step) % n]] += 1
        if voting_players(w.hands, w.effects):
            w.phase = "vote"
            return
        w.events.append(msg("Round {number}: nobody could vote, so the round ended after Give Cards.", number=number))
        number += 1


def end_round(w: Work) -> None:
    start_round(w, w.round + 1)


def undo_round(w: Work, actor: int, kind: int) -> None:
    """Brownbeards dark 2. The rulings: the round is undone completely. The table goes back to
    the moment before the vote, and every effect of the round's actions with it; the
    Brownbeards card is discarded from its player's Hand; the round is voted again (without a
    new Give Cards). Secrets and table rulings entered since stay."""
    now = w.s
    vote = w.vote
    changed = [p for p, c in enumerate(w.changes) if c != now.before_vote.changes[p]]
    w.__init__(replace(now.before_vote, dark_weight=now.dark_weight, secret=now.secret,
                       changes=tuple(w.changes), moved=now.moved))
    for p in changed:  # a Loyalty exchanged this round goes back: ask for it again
        w.loyalty_changed(p)
    w.hands[actor] -= 1
    w.discard[kind] += 1
    w.replays += 1
    w.vote = replace(vote, undone=True)
    w.events.append(msg("{player} (Brownbeards dark 2) undid the round: every card played goes back to its player's "
                        "Hand, everything the round's actions did is taken back, and the round is voted again.",
                        player=w.name(actor)))
    if voting_players(w.hands, w.effects):
        w.phase = "vote"
    else:
        end_round(w)


def count_vote(s: State, votes: tuple[int, ...]) -> Vote:
    counts = [0] * N_PRINCES
    for k in votes:
        if k >= 0:
            counts[KIND_PRINCE[k]] += 1
    most = max(counts)
    tied = [p for p in range(N_PRINCES) if counts[p] == most]
    tally = tuple(sorted(((p, c) for p, c in enumerate(counts) if c),
                         key=lambda pc: (-pc[1], pc[0])))
    total = sum(counts)
    n = len(s.players)
    if len(tied) == 1:
        winner = tied[0]
        text = msg("{prince} wins the round with {most} of {votes}.", prince=PRINCE_NAMES[winner], most=most,
                   votes=plural("{n} vote", "{n} votes", total))
        return Vote(s.round, votes, tally, winner, (), -1, -1, text)
    for offset in range(n):
        p = s.seating[(s.kingseat + offset) % n]
        k = votes[p]
        if k >= 0 and KIND_PRINCE[k] in tied:
            winner = KIND_PRINCE[k]
            where = msg("in the Kingseat itself") if offset == 0 else \
                plural("{n} place clockwise from the Kingseat", "{n} places clockwise from the Kingseat", offset)
            names = listing([PRINCE_NAMES[t] for t in tied])
            text = msg("{princes} tie with {votes} each; {prince} wins the round because {player}'s card, {where}, "
                       "is the nearest card of a tied prince.", princes=names,
                       votes=plural("{n} vote", "{n} votes", most), prince=PRINCE_NAMES[winner],
                       player=s.players[p], where=where)
            return Vote(s.round, votes, tally, winner, tuple(tied), p, offset, text)
    raise AssertionError("a tied prince has a card on the table")




def do_vote(w: Work, votes: tuple[int, ...], none_held: tuple[int, ...]) -> None:
    s = w.s
    vote = count_vote(s, votes)
    w.vote = vote
    w.before_vote = replace(s, before_vote=None)
    n = len(s.players)
    w.played = []
    for p, k in enumerate(votes):
        if k < 0:
            continue
        if KIND_PRINCE[k] == vote.winner:
            w.tell_open(k)
            w.played.append([p, k, WON])
        else:
            w.played.append([p, k, ON_TABLE])
        w.hands[p] -= 1
    for p in none_held:
        w.events.append(msg("{player} declared holding no card of the forced prince.", player=s.players[p]))
    w.events.append(vote.text)
    order = []
    for offset in range(n):
        p = w.seating[(s.kingseat + offset) % n]
        if votes[p] >= 0 and KIND_PRINCE[votes[p]] != vote.winner:
            order.append(p)
    w.order = order
    if order:
        w.phase = "action"
    else:
        end_round(w)

def do_act(w: Work, plan: tuple) -> None:
    what, actor = plan[0], plan[1]
    entry = next(e for e in w.played if e[0] == actor)
    kind = entry[1]
    name = w.name(actor)
    w.order.pop(0)
    if what == "swap":
        partner = plan[2]
        w.change_places(actor, partner)
        ga, gb = w.trade(actor, partner, 1)
        if ga and gb:
            w.events.append(msg("{player} changed places with {other} and traded a card.", player=name,
                                other=w.name(partner)))
        elif ga or gb:
            w.events.append(msg("{player} changed places with {other} (one card went over).", player=name,
                                other=w.name(partner)))
        else:
            w.events.append(msg("{player} changed places with {other}.", player=name, other=w.name(partner)))
    elif what == "pass":
        w.events.append(msg("{player} did nothing with the {card}.", player=name, card=KIND_NAMES[kind]))
    else:
        params = plan[3]
        kid = KIND_IDS[kind]
        if kid == "brownbeards-dark2":
            undo_round(w, actor, kind)
            return
        text = DOES[kid](w, actor, params)
        w.events.append(event_line(name, kind, text))
        if kid in CORRECTABLE and params["choices"]:
            w.facts.append(Fact(w.round, actor, kind, params["target"], params["choices"]))
    if what == "action" and KIND_IDS[kind] == "brownbeards":
        w.tell_open(kind)
        entry[2] = BEARD
    else:
        w.discard[kind] += 1
        entry[2] = DISCARDED
    if not w.order:
        end_round(w)
