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

from companion.engine import MISSING, SEAT_CHANGED, RuleError
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
    and_list,
    kind_of_prince,
    plural,
    short,
)


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
    only_fields(move, REVEAL_KEYS, "The reveal has")
    given = move.get("tell", MISSING)
    if type(given) is not dict:
        raise RuleError("move-format", 'The reveal needs "tell": the number of cards of each '
                                       'kind in the Tell, such as {"lionsyre": 3}.')
    counts = [0] * N_KINDS
    for key, value in given.items():
        k = card_in_game(s, key, "A card of the Tell")
        if type(value) is not int or value < 0:
            raise RuleError("move-format", f"The Tell's count of the {KIND_NAMES[k]} must be "
                                           f"a whole number, 0 or more.")
        counts[k] = value
    total = sum(counts)
    if total != s.tell_size:
        raise RuleError("reveal", f"The Tell holds {card_word(s.tell_size)}, but the counts "
                                  f"entered add up to {total}.")
    for k in range(N_KINDS):
        room = s.copies[k] - s.discard[k]
        if counts[k] > room:
            raise RuleError("reveal", f"The game has {card_word(s.copies[k])} of the "
                                      f"{KIND_NAMES[k]} and the Discard shows {s.discard[k]}, "
                                      f"so the Tell cannot hold {counts[k]}.")
        if counts[k] < s.tell_seen[k]:
            raise RuleError("reveal", f"{card_word(s.tell_seen[k])} of the {KIND_NAMES[k]} "
                                      f"went into the Tell face up and none can have come out, "
                                      f"but the counts entered hold only {counts[k]}.")
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
                    f"The Tell as entered shows that when {s.players[player]} used the "
                    f"Squlofish dark 1 in round {rnd}, it still held "
                    f"{plural(there, 'card')} of the {KIND_NAMES[k]}, which fitted within "
                    f"{SQUID_STRIP} votes and should have gone too: correct the counts, or "
                    f"undo back to that action and enter it again."))


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
            raise RuleError("reveal", "The counts entered leave too few cards outside the Tell "
                                      "and the Discard for the Loyalties set aside on the "
                                      "phones: count the Tell again.")


def do_reveal(w: Work, counts: tuple[int, ...]) -> None:
    w.revealed = counts
    w.events.append(f"The Tell is turned over: {card_word(sum(counts))}.")
    secret = w.s.secret
    if all(p >= 0 for p in secret):
        w.loyalties = secret
        w.phase = "over"
        w.events.append("Every Loyalty was set aside on a phone: the Tell is counted.")
    else:
        w.phase = "loyalty"


# --------------------------------------------------------------------------- the Loyalties


def check_loyalty(s: State, move: dict) -> tuple:
    only_fields(move, LOYALTY_KEYS, "The Loyalties have")
    values = move.get("loyalties", MISSING)
    n = len(s.players)
    if type(values) is not list or len(values) != n:
        raise RuleError("move-format", f'"loyalties" must list {n} princes, one per player.')
    out = []
    for p, value in enumerate(values):
        if type(value) is not str or value not in PRINCE_INDEX:
            raise RuleError("move-format", f"{s.players[p]}'s Loyalty must be a prince such as "
                                           f"'lionsyre', not {short(value)}.", step=p)
        prince = PRINCE_INDEX[value]
        if prince not in s.princes:
            raise RuleError("loyalty", f"{s.players[p]}'s Loyalty: {PRINCE_NAMES[prince]} is "
                                       f"not in this game.", step=p)
        if s.secret[p] >= 0 and s.secret[p] != prince:
            raise RuleError("loyalty", f"{s.players[p]} set their Loyalty aside as "
                                       f"{PRINCE_NAMES[s.secret[p]]} on their phone, not "
                                       f"{PRINCE_NAMES[prince]}.", step=p)
        out.append(prince)
    expected = loyalty_cards(s)
    given = {p: out.count(p) for p in set(out)}
    if given != expected:
        listing = and_list([f"{c} {PRINCE_NAMES[p]}" for p, c in sorted(expected.items())])
        raise RuleError("loyalty", f"The cards outside the Tell and the Discard are the Loyalty "
                                   f"cards: {listing}. The Loyalties entered do not match them.")
    return ("loyalty", tuple(out))


def secret_loyalty(s: State, player: int, payload: Any) -> State:
    """A player sets their Loyalty aside on their own phone: {"loyalty": "lionsyre"}, with
    "version": the times their Loyalty card changed as that phone last saw it (Salsa
    Salamanda's dark cards), so that a Loyalty set after an exchange never reaches back before
    it. It may be entered again (the last one counts) until the Tell is revealed. The web layer
    records a seat taken by another phone as ``SEAT_CHANGED``: what the earlier phone set is
    held back until the reveal (it still counts), and the seat takes no new Loyalty."""
    if type(player) is not int or not 0 <= player < len(s.players):
        raise RuleError("seat", "A Loyalty set aside belongs to a player of this game.")
    if payload == SEAT_CHANGED:
        moved = list(s.moved)
        moved[player] = True
        return replace(s, moved=tuple(moved))
    if s.revealed is not None:
        raise RuleError("loyalty", "The Tell is revealed: the Loyalties are entered openly "
                                   "now.")
    if type(payload) is not dict or not {"loyalty"} <= set(payload) <= {"loyalty", "version"}:
        raise RuleError("move-format", 'A Loyalty set aside is {"loyalty": "<prince>"}.')
    if s.moved[player]:
        raise RuleError("seat", f"{s.players[player]}'s seat changed phones after the game "
                                f"began, so their Loyalty is no longer set aside on a phone: it "
                                f"is entered openly after the reveal.")
    if "version" in payload and payload["version"] != s.changes[player]:
        raise RuleError("loyalty", f"{s.players[player]}'s Loyalty card changed since this "
                                   f"phone showed it (Salsa Salamanda): tap the prince on the "
                                   f"card held now.")
    value = payload["loyalty"]
    if type(value) is not str or value not in PRINCE_INDEX:
        raise RuleError("move-format", f"A Loyalty must be a prince such as 'lionsyre', not "
                                       f"{short(value)}.")
    prince = PRINCE_INDEX[value]
    if prince not in s.princes:
        raise RuleError("loyalty", f"{PRINCE_NAMES[prince]} is not in this game.")
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
    prince_names = and_list([PRINCE_NAMES[p] for p in princes])
    if len(princes) == 1:
        head = f"{prince_names} wins the Tell with {plural(best, 'vote')}"
    else:
        head = f"{prince_names} tie for the Tell with {plural(best, 'vote')} each"
    if not names:
        reason = f"{head}, and nobody was loyal to {'it' if len(princes) == 1 else 'them'}."
    elif len(names) == 1:
        reason = f"{head}: {names[0]} wins."
    else:
        reason = f"{head}: {and_list(names)} win."
    return {"winners": winners, "reason": reason,
            "princes": [PRINCE_IDS[p] for p in princes],
            "tally": {PRINCE_IDS[p]: tally[p] for p in state.princes},
            "loyalties": [PRINCE_IDS[p] for p in state.loyalties],
            "scores": [tally[p] for p in state.loyalties]}
