"""The end of the game: the Tell turned over and checked, the Loyalties, the final count.

Until every Hand is empty the app knows of the Tell only what the table saw: its size, the cards
that went in face up, and what came out face up (``State.tell_log``). When the table turns the
Tell over and enters its cards, everything the app knows is checked against them; a
contradiction is named in one sentence so that the table can correct the counts, or the entry
it got wrong. The Loyalties come last: entered openly then, or earlier on each player's own
phone (a secret, shown to nobody before the Tell is revealed).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.engine import MISSING, SEAT_CHANGED, RuleError, short
from companion.games.kingseat.cards import PRINCE_IDS
from companion.games.kingseat.reading import (
    LOYALTY_KEYS,
    REVEAL_KEYS,
    card_in_game,
    card_word,
    only_fields,
    squid_weight,
)
from companion.games.kingseat.state import (
    KIND_NAMES,
    KIND_PRINCE,
    N_KINDS,
    PRINCE_INDEX,
    PRINCE_NAMES,
    SQUID_STRIP,
    SQULOFISH,
    State,
    Work,
    kind_of_prince,
)
from companion.words import listing, msg, plural


def final_tally(s: State) -> dict[int, int]:
    """Votes per prince in play in the revealed Tell, with the Squlofish weights."""
    out = {p: 0 for p in s.princes}
    for k, n in enumerate(s.revealed or ()):
        if n:
            out[KIND_PRINCE[k]] += n * squid_weight(s, k)
    return out


def loyalty_cards(s: State) -> dict[int, int]:
    """Loyalty cards per prince: every card outside the revealed Tell and the Discard."""
    out: dict[int, int] = {}
    for k, c in enumerate(s.unseen()):
        if c:
            out[KIND_PRINCE[k]] = out.get(KIND_PRINCE[k], 0) + c
    return out


# --------------------------------------------------------------------------- the reveal


def check_reveal(s: State, move: dict) -> tuple:
    """{"type": "reveal", "tell": {"lionsyre": 3, "squlofish-dark1": 1, ...}}: the cards of
    the Tell by kind, checked against everything the table saw go in and out."""
    only_fields(move, REVEAL_KEYS, lambda field: msg("The reveal has no field called {field}.", field=field))
    given = move.get("tell", MISSING)
    if type(given) is not dict:
        raise RuleError("move-format", msg('The reveal needs "tell": the number of cards of each kind in the Tell, '
                                           'such as {example}.', example='{"lionsyre": 3}'))
    counts = [0] * N_KINDS
    for key, value in given.items():
        k = card_in_game(s, key, msg("A card of the Tell"))
        if type(value) is not int or value < 0:
            raise RuleError("move-format", msg("The Tell's count of the {card} must be a whole number, 0 or more.",
                                               card=KIND_NAMES[k]))
        counts[k] = value
    total = sum(counts)
    if total != s.tell_size:
        raise RuleError("reveal", msg("The Tell holds {cards}, but the counts entered add up to {total}.",
                                      cards=card_word(s.tell_size), total=total))
    for k in range(N_KINDS):
        room = s.copies[k] - s.discard[k]
        if counts[k] > room:
            raise RuleError("reveal", msg("The game has {cards} of the {card} and the Discard shows {shown}, so the "
                                          "Tell cannot hold {entered}.", cards=card_word(s.copies[k]),
                                          card=KIND_NAMES[k], shown=s.discard[k], entered=counts[k]))
        if counts[k] < s.tell_seen[k]:
            raise RuleError("reveal", msg("{cards} of the {card} went into the Tell face up and none can have come "
                                          "out, but the counts entered hold only {entered}.",
                                          cards=card_word(s.tell_seen[k]), card=KIND_NAMES[k], entered=counts[k]))
    _check_declarations(s, counts)
    _check_secrets(s, counts)
    return ("reveal", tuple(counts))


def _check_declarations(s: State, counts: list[int]) -> None:
    """Squlofish dark 1: when it was used, no Squlofish card left in the Tell fitted within the
    votes still to take. The revealed Tell shows a lower bound of what was in it then: the
    cards of that kind there now, less any that may have gone in since."""
    squids = [kind_of_prince(SQULOFISH, d) for d in range(3)]
    for i, op in enumerate(s.tell_log):
        if op[0] != "squid":
            continue
        _, rnd, player, weight = op
        later = s.tell_log[i + 1:]
        hidden = sum(o[3] for o in later if o[0] == "hidden")
        for k in squids:
            opened = sum(1 for o in later if o[0] == "open" and o[2] == k)
            out = sum(1 for o in later if o[0] == "out" and o[2] == k)
            there = counts[k] - opened - hidden + out
            if there > 0 and weight + squid_weight(s, k) <= SQUID_STRIP:
                raise RuleError("reading-squlofish", (
                    msg("The Tell as entered shows that when {player} used the Squlofish dark 1 in round {rnd}, it "
                        "still held {cards} of the {card}, which fitted within {most} votes and should have gone too: "
                        "correct the counts, or undo back to that action and enter it again.",
                        player=s.players[player], rnd=rnd, cards=card_word(there), card=KIND_NAMES[k],
                        most=SQUID_STRIP)))


def _check_secrets(s: State, counts: list[int]) -> None:
    """The Loyalties set aside on the phones must be among the cards outside the Tell. The
    refusal names neither the prince nor how many players: until the reveal is taken, every
    answer a phone gets must be the same whatever the others set aside (a stale one, changed by
    Salsa Salamanda since, counts for nothing)."""
    outside: dict[int, int] = {}
    for k in range(N_KINDS):
        left = s.copies[k] - s.discard[k] - counts[k]
        if left:
            outside[KIND_PRINCE[k]] = outside.get(KIND_PRINCE[k], 0) + left
    for prince in {p for p in s.secret if p >= 0}:
        if sum(1 for p in s.secret if p == prince) > outside.get(prince, 0):
            raise RuleError("reveal", msg("The counts entered leave too few cards outside the Tell and the Discard "
                                          "for the Loyalties set aside on the phones: count the Tell again."))


def do_reveal(w: Work, counts: tuple[int, ...]) -> None:
    w.revealed = counts
    w.events.append(msg("The Tell is turned over: {cards}.", cards=card_word(sum(counts))))
    secret = w.s.secret
    if all(p >= 0 for p in secret):
        w.loyalties = secret
        w.phase = "over"
        w.events.append(msg("Every Loyalty was set aside on a phone: the Tell is counted."))
    else:
        w.phase = "loyalty"


# --------------------------------------------------------------------------- the Loyalties


def check_loyalty(s: State, move: dict) -> tuple:
    only_fields(move, LOYALTY_KEYS, lambda field: msg("The Loyalties have no field called {field}.", field=field))
    values = move.get("loyalties", MISSING)
    n = len(s.players)
    if type(values) is not list or len(values) != n:
        raise RuleError("move-format", msg('"loyalties" must list {n} princes, one per player.', n=n))
    out = []
    for p, value in enumerate(values):
        if type(value) is not str or value not in PRINCE_INDEX:
            raise RuleError("move-format", msg("{player}'s Loyalty must be a prince such as 'lionsyre', not {value}.",
                                               player=s.players[p], value=short(value)), step=p)
        prince = PRINCE_INDEX[value]
        if prince not in s.princes:
            raise RuleError("loyalty", msg("{player}'s Loyalty: {prince} is not in this game.", player=s.players[p],
                                           prince=PRINCE_NAMES[prince]), step=p)
        if s.secret[p] >= 0 and s.secret[p] != prince:
            raise RuleError("loyalty", msg("{player} set their Loyalty aside as {prince} on their phone, not "
                                           "{prince2}.", player=s.players[p], prince=PRINCE_NAMES[s.secret[p]],
                                           prince2=PRINCE_NAMES[prince]), step=p)
        out.append(prince)
    expected = loyalty_cards(s)
    given = {p: out.count(p) for p in set(out)}
    if given != expected:
        cards = listing([msg("{n} {prince}", n=c, prince=PRINCE_NAMES[p]) for p, c in sorted(expected.items())])
        raise RuleError("loyalty", msg("The cards outside the Tell and the Discard are the Loyalty cards: {cards}. "
                                       "The Loyalties entered do not match them.", cards=cards))
    return ("loyalty", tuple(out))


def secret_loyalty(s: State, player: int, payload: Any) -> State:
    """A player sets their Loyalty aside on their own phone: {"loyalty": "lionsyre"}, with
    "version": the times their Loyalty card changed as that phone last saw it (Salsa
    Salamanda's dark cards), so that a Loyalty set after an exchange never reaches back before
    it. It may be entered again (the last one counts) until the Tell is revealed. The web layer
    records a seat taken by another phone as ``SEAT_CHANGED``: what the earlier phone set is
    held back until the reveal (it still counts), and the seat takes no new Loyalty."""
    if type(player) is not int or not 0 <= player < len(s.players):
        raise RuleError("seat", msg("A Loyalty set aside belongs to a player of this game."))
    if payload == SEAT_CHANGED:
        moved = list(s.moved)
        moved[player] = True
        return replace(s, moved=tuple(moved))
    if s.revealed is not None:
        raise RuleError("loyalty", msg("The Tell is revealed: the Loyalties are entered openly now."))
    if type(payload) is not dict or not {"loyalty"} <= set(payload) <= {"loyalty", "version"}:
        raise RuleError("move-format", msg("A Loyalty set aside is {example}.", example='{"loyalty": "<prince>"}'))
    if s.moved[player]:
        raise RuleError("seat", msg("{player}'s seat changed phones after the game began, so their Loyalty is no "
                                    "longer set aside on a phone: it is entered openly after the reveal.",
                                    player=s.players[player]))
    if "version" in payload and payload["version"] != s.changes[player]:
        raise RuleError("loyalty", msg("{player}'s Loyalty card changed since this phone showed it (Salsa "
                                       "Salamanda): tap the prince on the card held now.", player=s.players[player]))
    value = payload["loyalty"]
    if type(value) is not str or value not in PRINCE_INDEX:
        raise RuleError("move-format", msg("A Loyalty must be a prince such as 'lionsyre', not {value}.",
                                           value=short(value)))
    prince = PRINCE_INDEX[value]
    if prince not in s.princes:
        raise RuleError("loyalty", msg("{prince} is not in this game.", prince=PRINCE_NAMES[prince]))
    secret = list(s.secret)
    secret[player] = prince
    return replace(s, secret=tuple(secret))


def result(state: State) -> dict[str, Any] | None:
    if state.phase != "over":
        return None
    tally = final_tally(state)
    best = max(tally.values())
    princes = [p for p in state.princes if tally[p] == best]
    winners = [p for p, loyal in enumerate(state.loyalties) if loyal in princes]
    names = [state.players[p] for p in winners]
    votes = plural("{n} vote", "{n} votes", best)
    if len(princes) == 1:
        prince = PRINCE_NAMES[princes[0]]
        if not names:
            reason = msg("{prince} wins the Tell with {votes}, and nobody was loyal to it.", prince=prince,
                         votes=votes)
        elif len(names) == 1:
            reason = msg("{prince} wins the Tell with {votes}: {player} wins.", prince=prince, votes=votes,
                         player=names[0])
        else:
            reason = msg("{prince} wins the Tell with {votes}: {players} win.", prince=prince, votes=votes,
                         players=listing(names))
    else:
        tied = listing([PRINCE_NAMES[p] for p in princes])
        if not names:
            reason = msg("{princes} tie for the Tell with {votes} each, and nobody was loyal to them.",
                         princes=tied, votes=votes)
        elif len(names) == 1:
            reason = msg("{princes} tie for the Tell with {votes} each: {player} wins.", princes=tied,
                         votes=votes, player=names[0])
        else:
            reason = msg("{princes} tie for the Tell with {votes} each: {players} win.", princes=tied,
                         votes=votes, players=listing(names))
    return {"winners": winners, "reason": reason,
            "princes": [PRINCE_IDS[p] for p in princes],
            "tally": {PRINCE_IDS[p]: tally[p] for p in state.princes},
            "loyalties": [PRINCE_IDS[p] for p in state.loyalties],
            "scores": [tally[p] for p in state.loyalties]}
