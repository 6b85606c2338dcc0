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
    and_list,
    plural,
)


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
                w.events.append(f"{w.name(claimant)} changed places with {w.name(king)} and "
                                f"is now the King (Hornseeker dark 2).")
        if sum(w.hands) == 0:
            w.phase = "reveal"
            w.events.append("Every Hand is empty: the game is over. Turn the Tell over and "
                            "enter its cards.")
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
        w.events.append(f"Round {number}: nobody could vote, so the round ended after Give "
                        f"Cards.")
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
    w.events.append(f"{w.name(actor)} (Brownbeards dark 2) undid the round: every card played "
                    f"goes back to its player's Hand, everything the round's actions did is "
                    f"taken back, and the round is voted again.")
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
        text = (f"{PRINCE_NAMES[winner]} wins the round with {most} of "
                f"{plural(total, 'vote')}.")
        return Vote(s.round, votes, tally, winner, (), -1, -1, text)
    for offset in range(n):
        p = s.seating[(s.kingseat + offset) % n]
        k = votes[p]
        if k >= 0 and KIND_PRINCE[k] in tied:
            winner = KIND_PRINCE[k]
            where = "in the Kingseat itself" if offset == 0 else \
                f"{plural(offset, 'place')} clockwise from the Kingseat"
            names = and_list([PRINCE_NAMES[t] for t in tied])
            text = (f"{names} tie with {plural(most, 'vote')} each; {PRINCE_NAMES[winner]} "
                    f"wins the round because {s.players[p]}'s card, {where}, is the nearest "
                    f"card of a tied prince.")
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
        w.events.append(f"{s.players[p]} declared holding no card of the forced prince.")
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
        traded = " and traded a card" if ga and gb else \
            " (one card went over)" if ga or gb else ""
        w.events.append(f"{name} changed places with {w.name(partner)}{traded}.")
    elif what == "pass":
        w.events.append(f"{name} did nothing with the {KIND_NAMES[kind]}.")
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
