"""King's Court play-by-play: the Battle cards (Cannonball, Catapult, Flaming Arrow, Siege Tower,
Imperial Tax) and the Defenders that answer them."""
from __future__ import annotations

from companion.engine import RuleError
from companion.games.kings_court.arbiter.kinds import cap, card_name, is_you, seats_text
from companion.games.kings_court.arbiter.state import Turn, Work, give
from companion.games.kings_court.cards import KIND_BY_ID
from companion.words import msg


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
            raise RuleError("defender", msg("{card} is not aimed at {player}, so no Defender of "
                                            "theirs answers it.", card=cap(card_name(card)),
                                            player=words(d)), step=step)
    if defended:
        if "defender" not in w.kinds:
            raise RuleError("in-the-deck", msg("The Defender is not among this game's cards."),
                            step=step)
        copies = KIND_BY_ID["defender"].copies
        if len(defended) > copies:
            raise RuleError("defender", msg("There are only {n} Defenders.", n=copies),
                            step=step)
        for d in defended:
            if w.hands[d] < 1:
                raise RuleError("defender", msg("{player} holds no cards, so no Defender.",
                                                player=cap(words(d))), step=step)
        for d in defended:
            w.hands[d] -= 1
            w.discard += 1
        w.notes.append(msg("{players} answered with a Defender: {card} does nothing to them.",
                           players=cap(seats_text(defended, words)), card=card_name(card)))
    hit = [s for s in sorted(aimed) if s not in defended]
    if card == "cannonball":
        players = [s for s in range(n) if s not in defended]
        pool = sum(w.hands[s] for s in players)
        order = [(w.dealer + k) % n for k in range(1, n + 1)]
        order = [s for s in order if s in players]
        base, more = divmod(pool, len(order))
        for k, s in enumerate(order):
            w.hands[s] = base + (1 if k < more else 0)
        w.notes.append(msg("Cannonball: {cards} cards from {hands} hands are gathered and dealt "
                           "again from the dealer's left.", cards=pool, hands=len(order)))
    elif card == "catapult":
        target = spec["target"]
        if hit:
            w.hands[seat], w.hands[target] = w.hands[target], w.hands[seat]
            w.notes.append(msg("Catapult: {player} and {other} swap hands.", player=words(seat),
                               other=words(target)))
    elif card == "flaming-arrow":
        burn = spec.get("burn")
        if burn is not None:
            if w.hands[seat] < 1:
                raise RuleError("flaming-arrow", msg("There is no card left in the hand to "
                                                     "burn."), step=step)
            if burn == "discard":
                w.hands[seat] -= 1
                w.discard += 1
                w.notes.append(msg("Flaming Arrow: one more card burns on the discard pile."))
            elif hit:
                w.hands[seat] -= 1
                w.hands[burn] += 1
                w.notes.append(msg("Flaming Arrow: one card goes to {player}.",
                                   player=words(burn)))
    elif card == "siege-tower":
        if hit:
            target = words(spec["target"])
            w.notes.append(msg("Siege Tower: you look at {other}'s hand.", other=target)
                           if is_you(words, seat) else
                           msg("Siege Tower: {player} looks at {other}'s hand.",
                               player=_lower(words(seat)), other=target))
    elif card == "imperial-tax":
        taxed = [s for s in hit if w.hands[s] > 0]
        for s in taxed:
            w.hands[s] -= 1
            w.discard += 1
        for s in taxed:
            give(w, s, 1)
        if taxed:
            w.notes.append(msg("Imperial Tax: {players} each lose a random card to the discard "
                               "pile and draw one.", players=seats_text(taxed, words)))


def _lower(who):
    """The Siege Tower's sentence says its player as ``does`` did: the first letter small."""
    if isinstance(who, str) and not hasattr(who, "text"):
        return who[:1].lower() + who[1:]
    return who
