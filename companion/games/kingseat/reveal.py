"""The end of the game: the Loyalty cards, the Tell counted, and who wins."""
from __future__ import annotations

from typing import Any

from companion.games.kingseat.cards import PRINCE_IDS
from companion.games.kingseat.state import and_list, KIND_PRINCE, plural, PRINCE_NAMES, State
from companion.games.kingseat.reading import squid_weight


def final_tally(s: State) -> dict[int, int]:
    """Votes per prince in play in the Tell, with the Squlofish weights."""
    out = {p: 0 for p in s.princes}
    for k, n in enumerate(s.tell):
        if n:
            out[KIND_PRINCE[k]] += n * squid_weight(s, k)
    return out


def loyalty_cards(s: State) -> dict[int, int]:
    """Loyalty cards per prince, as the app can tell once every Hand is empty."""
    out: dict[int, int] = {}
    for k, c in enumerate(s.unknown()):
        if c:
            out[KIND_PRINCE[k]] = out.get(KIND_PRINCE[k], 0) + c
    return out


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
