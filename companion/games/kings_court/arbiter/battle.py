"""King's Court play-by-play: the Battle cards (Cannonball, Catapult, Flaming Arrow, Siege Tower,
Imperial Tax) and the Defenders that answer them."""
from __future__ import annotations

from companion.engine import RuleError
from companion.games.kings_court.arbiter.kinds import cap, card_name, does, seats_text
from companion.games.kings_court.arbiter.state import Turn, Work, give
from companion.games.kings_court.cards import KIND_BY_ID


def battle(w: Work, seat: int, ctx: Turn, words) -> None:
    card, spec = ctx.battle
    n = w.players
    step = ctx.battle_step
    if card in ("cannonball", "imperial-tax"):
        aimed = {s for s in range(n) if s != seat}
    elif card == "flaming-arrow":
        aimed = {spec["burn"]} if type(spec.get("burn")) is int else set()
    else:
        aimed = {spec["target"]}
    defended = spec.get("defended", [])
    for d in defended:
        if d not in aimed:
            raise RuleError("defender", f"{cap(card_name(card))} is not aimed at {words(d)}, so "
                                        f"no Defender of theirs answers it.", step=step)
    if defended:
        if "defender" not in w.kinds:
            raise RuleError("in-the-deck", "The Defender is not among this game's cards.",
                            step=step)
        copies = KIND_BY_ID["defender"].copies
        if len(defended) > copies:
            raise RuleError("defender", f"There are only {copies} Defenders.", step=step)
        for d in defended:
            if w.hands[d] < 1:
                raise RuleError("defender", f"{cap(words(d))} holds no cards, so no Defender.",
                                step=step)
        for d in defended:
            w.hands[d] -= 1
            w.discard += 1
        w.notes.append(f"{cap(seats_text(defended, words))} answered with a Defender: "
                       f"{card_name(card)} does nothing to them.")
    hit = [s for s in sorted(aimed) if s not in defended]
    if card == "cannonball":
        players = [s for s in range(n) if s not in defended]
        pool = sum(w.hands[s] for s in players)
        order = [(w.dealer + k) % n for k in range(1, n + 1)]
        order = [s for s in order if s in players]
        base, more = divmod(pool, len(order))
        for k, s in enumerate(order):
            w.hands[s] = base + (1 if k < more else 0)
        w.notes.append(f"Cannonball: {pool} cards from {len(order)} hands are gathered and "
                       f"dealt again from the dealer's left.")
    elif card == "catapult":
        target = spec["target"]
        if hit:
            w.hands[seat], w.hands[target] = w.hands[target], w.hands[seat]
            w.notes.append(f"Catapult: {words(seat)} and {words(target)} swap hands.")
    elif card == "flaming-arrow":
        burn = spec.get("burn")
        if burn is not None:
            if w.hands[seat] < 1:
                raise RuleError("flaming-arrow", "There is no card left in the hand to burn.",
                                step=step)
            if burn == "discard":
                w.hands[seat] -= 1
                w.discard += 1
                w.notes.append("Flaming Arrow: one more card burns on the discard pile.")
            elif hit:
                w.hands[seat] -= 1
                w.hands[burn] += 1
                w.notes.append(f"Flaming Arrow: one card goes to {words(burn)}.")
    elif card == "siege-tower":
        if hit:
            looks = does(words, seat, "looks", "look")
            w.notes.append(f"Siege Tower: {looks[:1].lower()}{looks[1:]} at "
                           f"{words(spec['target'])}'s hand.")
    elif card == "imperial-tax":
        taxed = [s for s in hit if w.hands[s] > 0]
        for s in taxed:
            w.hands[s] -= 1
            w.discard += 1
        for s in taxed:
            give(w, s, 1)
        if taxed:
            w.notes.append(f"Imperial Tax: {seats_text(taxed, words)} each lose a random card "
                           f"to the discard pile and draw one.")
