"""What the table sees: the view of a position, the turn's choices, and history lines."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.kingseat.cards import KINDS, PRINCE_IDS, PRINCES, similar_colours
from companion.games.kingseat.correction import corrections_view
from companion.games.kingseat.reading import (
    beside_king,
    card_word,
    drawn_this_round,
    hardshell_givers,
    swap_partners,
    unseen_of_prince,
    voters_of,
    winning_in_tell,
)
from companion.games.kingseat.reveal import final_tally, loyalty_cards, result
from companion.games.kingseat.round import give_direction, voting_players
from companion.games.kingseat.state import (
    BROWNBEARDS,
    KIND_IDS,
    KIND_INDEX,
    KIND_NAMES,
    N_KINDS,
    PRINCE_INDEX,
    PRINCE_NAMES,
    PUBLISHED,
    SQUID_STRIP,
    SQULOFISH,
    STALE,
    WOOLFHALL,
    State,
    kind_of_prince,
)
from companion.words import Msg, listing, msg, plural


def describe(move: Any, players: Sequence[str], round_number: int | None = None,
             was: int | None = None) -> Msg:
    """One history line for an accepted move, in a player's words, naming who did what by
    ``players``, after the round it belongs to (the reveal and the Loyalties come after the
    last); a correction says what it was entered as (``was``, when known). Cards that went into
    the Tell face down are not named: the Tell is secret."""
    line = _correction(move, players, was) if move["type"] == "correct" else _line(move, players)
    if round_number is None or move["type"] in ("reveal", "loyalty"):
        return line
    return msg("Round {round} \u00b7 {line}", round=round_number, line=line)


def _line(move: Any, players: Sequence[str]) -> Msg:
    kind = move["type"]
    if kind == "vote":
        votes = [msg("{player} {card}", player=players[p], card=KIND_NAMES[KIND_INDEX[kid]])
                 for p, kid in enumerate(move["votes"]) if kid is not None]
        cast = listing(votes, ", ") if votes else msg("no cards")
        held = sorted(set(move.get("none_held") or []))
        if held:
            return plural("The vote: {votes}; {players} held no card of the prince they were told to vote",
                          "The vote: {votes}; {players} held no card of the prince they were told to vote",
                          len(held), votes=cast, players=listing([players[p] for p in held]))
        return msg("The vote: {votes}", votes=cast)
    if kind == "loyalty":
        return msg("The Loyalties turned over: {loyalties}", loyalties=listing([
            msg("{player} {prince}", player=players[p], prince=PRINCE_NAMES[PRINCE_INDEX[prince]])
            for p, prince in enumerate(move["loyalties"])], ", "))
    if kind == "reveal":
        cards = [msg("{card} \u00d7{n}", card=KIND_NAMES[KIND_INDEX[kid]], n=c)
                 for kid, c in sorted(move["tell"].items(), key=lambda kc: KIND_INDEX[kc[0]]) if c]
        return msg("The Tell turned over: {cards}", cards=listing(cards, ", ") if cards else msg("empty"))
    actor = players[move["player"]]
    if kind == "swap":
        return msg("{player} swapped places and a card with {other}", player=actor, other=players[move['with']])
    if kind == "pass":
        return msg("{player} did nothing with their card", player=actor)
    kid = move["card"]
    card = KIND_NAMES[KIND_INDEX[kid]]
    detail = describe_action(kid, move, players)
    if detail:
        # TRANSLATORS: {what} is what the card's action did, a clause made by another message.
        return msg("{player} used the {card}: {what}", player=actor, card=card, what=detail)
    return msg("{player} used the {card}", player=actor, card=card)


def _correction(move: Any, players: Sequence[str], was: int | None) -> Msg:
    """"Correction: in round 3, Bob's Hornseeker looked at Cid's Loyalty card (entered as
    Dee)"."""
    kid = move["card"]
    t = move.get("target")
    if kid == "gulliballistas-dark2":
        did = msg("made {player} reveal their Hand too", player=players[t]) if t is not None \
            else msg("made nobody else reveal their Hand")
    else:
        did = msg("looked at {player}'s Loyalty card", player=players[t]) if t is not None \
            else msg("looked at nobody's Loyalty card")
    card = KIND_NAMES[KIND_INDEX[kid]]
    player = players[move["player"]]
    if was is None:
        return msg("Correction: in round {round}, {player}'s {card} {did}", round=move["round"], player=player,
                   card=card, did=did)
    return msg("Correction: in round {round}, {player}'s {card} {did} (entered as {was})", round=move["round"],
               player=player, card=card, did=did, was=players[was] if was >= 0 else msg("nobody"))


def view(state: State, player: int | None = None) -> dict[str, Any]:
    """What the phone of ``player`` (None: a phone that holds no seat) may see. Nothing in it
    depends on a card the table cannot see: the Tell shows its size and the deal's leftovers
    (never what went in by kind) face up until it is revealed, and a Loyalty set aside on a phone
    shows on that phone only."""
    s = state
    n = len(s.players)
    over = s.phase == "over"
    opened = s.revealed is not None
    immune = set(s.effects.sit_out)
    forced = {p: (pr, src) for p, pr, src in s.effects.forced}
    orders = dict(s.effects.orders)
    coming_forced = {p: (pr, src) for p, pr, src in s.coming.forced}
    votes = s.vote.votes if s.vote is not None else (-1,) * n
    players = []
    for p, name in enumerate(s.players):
        place = s.place_of(p)
        voting = s.phase == "vote" and s.hands[p] > 0 and p not in immune
        players.append({
            "name": name, "player": p, "place": place, "king": place == s.kingseat,
            "hand": s.hands[p], "sits_out": p in immune, "votes_now": voting,
            "forced": None if p not in forced else {
                "prince": PRINCE_IDS[forced[p][0]], "by": forced[p][1]},
            "order": orders.get(p),
            "played": None if votes[p] < 0 or s.phase != "action" else KIND_IDS[votes[p]],
            "to_act": s.phase == "action" and p in s.order,
            "loyalty": PRINCE_IDS[s.loyalties[p]] if over else
            PRINCE_IDS[s.secret[p]] if opened and s.secret[p] >= 0 else None,
            "loyalty_set": s.secret[p] >= 0,
            "loyalty_stale": s.secret[p] == STALE,
        })
    total = s.deck_size
    per_hand, spare = divmod(total, n)
    warnings = []
    if not PUBLISHED[0] <= n <= PUBLISHED[1]:
        warnings.append(msg("Kingseat is published for {fewest} to {most} players; the app keeps count for {n} "
                            "all the same.", fewest=PUBLISHED[0], most=PUBLISHED[1], n=n))
    for a, b in similar_colours([PRINCE_IDS[p] for p in s.princes]):
        pa, pb = PRINCE_INDEX[a], PRINCE_INDEX[b]
        warnings.append(msg("{prince} and {other} have similar colours ({colour} and {colour2}); the rules advise "
                            "against playing them together.", prince=PRINCE_NAMES[pa], other=PRINCE_NAMES[pb],
                            colour=PRINCES[pa].colour, colour2=PRINCES[pb].colour))
    direction = give_direction(s.round)
    # The Tell is a face-down pile: its size and the deal's leftovers, never what went in by
    # kind (the rulings), until it is turned over.
    tell_view: dict[str, Any] = {
        "size": s.tell_size, "leftovers": [KIND_IDS[k] for k in s.leftovers]}
    if opened:
        tell_view["cards"] = {KIND_IDS[k]: c for k, c in enumerate(s.revealed) if c}
        tell_view["count"] = {PRINCE_IDS[p]: v for p, v in final_tally(s).items()}
    possible = maybe_held(s)
    discard = {KIND_IDS[k]: c for k, c in enumerate(s.discard) if c}
    return {
        "game": "kingseat",
        "players": players,
        "seating": list(s.seating),
        "kingseat": s.kingseat,
        "king": s.king,
        "princes": [PRINCE_IDS[p] for p in s.princes],
        "round": s.round,
        "phase": s.phase,
        # a round voted again after Brownbeards' dark 2 has no new Give Cards
        "give_cards": None if s.phase in ("reveal", "loyalty", "over") or s.replays else {
            "direction": "left" if direction > 0 else "right",
            "text": msg("Round {round}: everyone hands one card to the left (clockwise).", round=s.round)
            if direction > 0 else
            msg("Round {round}: everyone hands one card to the right (anticlockwise).", round=s.round)},
        "vote": vote_view(s) if s.phase == "vote" else None,
        "reveal": None if s.phase != "reveal" else {
            "size": s.tell_size,
            "cards": [KIND_IDS[k] for k in range(N_KINDS) if s.copies[k] > s.discard[k]]},
        "hand_cards": [KIND_IDS[k] for k in range(N_KINDS) if possible[k] > 0],
        "you": None if player is None or not 0 <= player < n else {
            "player": player, "name": s.players[player],
            "loyalty": PRINCE_IDS[s.secret[player]] if s.secret[player] >= 0 and
            not s.moved[player] else None,
            "loyalty_stale": s.secret[player] == STALE and not s.moved[player],
            "loyalty_version": s.changes[player],
            "held_back": s.moved[player]},
        "action": action_choices(s) if s.phase == "action" else None,
        "next_round": {
            "sit_out": list(s.coming.sit_out),
            "forced": [{"player": p, "prince": PRINCE_IDS[pr], "by": src}
                       for p, (pr, src) in sorted(coming_forced.items())],
            "orders": [{"player": p, "order": o} for p, o in s.coming.orders],
            "open_vote": s.coming.open_vote,
            "first": None if s.coming.first < 0 else s.coming.first,
            "no_actions": s.coming.no_actions,
            "new_king": list(s.coming.king_claims)},
        "hands": list(s.hands),
        "tell": tell_view,
        "discard": discard,
        "discard_size": sum(s.discard),
        "deal": {"cards": total, "per_hand": per_hand, "left_over": spare,
                 "hand_start": per_hand - 1,
                 "cards_per_prince": s.cards_per_prince},
        "last_vote": None if s.vote is None else {
            **s.vote.to_dict(),
            "tally": {PRINCE_IDS[p]: c for p, c in s.vote.tally}},
        "events": list(s.events),
        "last_events": list(s.last_events),
        "warnings": warnings,
        "loyalty_cards": ({PRINCE_IDS[p]: c for p, c in loyalty_cards(s).items()}
                          if s.phase in ("loyalty", "over") else None),
        "rulings": s.rulings,
        "result": result(s),
        "corrections": corrections_view(s),
    }

def maybe_held(s: State) -> tuple[int, ...]:
    """Cards of each kind that the table view may offer as held: every copy not face up in the
    Discard or on the table. Before the reveal it counts the Tell's cards too, so that what the
    page offers never says what went into the Tell (the engine refuses a card that cannot be
    held, and says so)."""
    if s.revealed is not None:
        return s.unseen()
    return tuple(c - d - x for c, d, x in zip(s.copies, s.discard, s.table()))


def vote_view(s: State) -> dict[str, Any]:
    eff = s.effects
    return {
        "round": s.round,
        "replay": s.replays > 0,
        "voters": voting_players(s.hands, eff),
        "sit_out": list(eff.sit_out),
        # "binds": a card of that prince may still be in a Hand (else any vote keeps the order)
        "forced": [{"player": p, "prince": PRINCE_IDS[pr], "by": src,
                    "binds": unseen_of_prince(s, pr) > 0}
                   for p, pr, src in eff.forced
                   if s.hands[p] > 0 and p not in eff.sit_out],
        "open": eff.open_vote,
        "first": None if eff.first < 0 else eff.first,
        "no_actions": eff.no_actions,
        "cards": [KIND_IDS[k] for k, c in enumerate(maybe_held(s)) if c > 0],
    }

def action_choices(s: State) -> dict[str, Any] | None:
    """What the acting player may do: swap (with whom), pass, or their card's action and
    the fields it needs."""
    if s.phase != "action":
        return None
    actor = s.order[0]
    kind = s.vote.votes[actor]
    kid = KIND_IDS[kind]
    ordered = dict(s.effects.orders).get(actor)
    partners = swap_partners(s)
    may = []
    if not s.effects.no_actions and not (ordered == "swap" and partners):
        may.append("action")
    if partners and (ordered != "action" or s.effects.no_actions):
        may.append("swap")
    if not (ordered == "swap" and partners):
        may.append("pass")
    return {"player": actor, "name": s.players[actor], "card": kid,
            "card_name": KIND_NAMES[kind], "text": KINDS[kind].text, "rule": kid,
            "may": may, "ordered": ordered, "swap_with": partners,
            "order": list(s.order), "needs": needs(s, actor, kind)}



def needs(s: State, actor: int, kind: int) -> dict[str, Any]:
    """The fields an action takes, with what the app knows about them."""
    kid = KIND_IDS[kind]
    immune = set(s.effects.sit_out)
    others = [p for p in range(len(s.players)) if p != actor and p not in immune]
    anyone = [p for p in range(len(s.players)) if p not in immune]
    hands = s.hands
    if kid == "lionsyre-dark2":
        return {"face_down": min(2, hands[actor])}
    if kid == "slydefox":
        return {"players": anyone}
    if kid in ("slydefox-dark1", "hardshell-hero"):
        return {"target": others}
    if kid == "slydefox-dark2":
        return {"face_down": min(3, s.tell_size)}
    if kid == "woolfhall":
        return {"prince": [PRINCE_IDS[p] for p in s.princes]}
    if kid == "woolfhall-dark2":
        voters = voters_of(s, WOOLFHALL)
        return {"face_down": [{"player": p, "cards": min(len(voters), hands[p])}
                              for p in voters]}
    if kid == "hornseeker":
        return {"target": [p for p in beside_king(s) if p != actor and p not in immune],
                "optional": ["target"]}
    if kid in ("hornseeker-dark1", "gulliballistas-dark2", "salsa-salamanda-dark2"):
        return {"target": others, "optional": ["target"]}
    if kid == "brownbeards-dark1":
        in_discard = sum(s.discard[kind_of_prince(BROWNBEARDS, d)] for d in range(3))
        return {"cards": min(len(voters_of(s, BROWNBEARDS)), in_discard),
                "from_discard": {KIND_IDS[k]: s.discard[k] for k in
                                 (kind_of_prince(BROWNBEARDS, d) for d in range(3))
                                 if s.discard[k]}}
    if kid in ("monarchrys", "monarchrys-dark2", "crassclamps"):
        out: dict[str, Any] = {"target": others, "prince": [PRINCE_IDS[p] for p in s.princes]}
        if kid == "crassclamps":
            out["order"] = ["swap", "action"]
        return out
    if kid in ("monarchrys-dark1", "squlofish"):
        return {"target": others}
    if kid == "crassclamps-dark2":
        return {"first": anyone, "optional": ["first"]}
    if kid == "hardshell-hero-dark1":
        return {"discards": [p for p in others if hands[p] > 0]}
    if kid == "hardshell-hero-dark2":
        return {"givers": hardshell_givers(s, actor)}
    if kid == "squlofish-dark1":
        squids = [kind_of_prince(SQULOFISH, d) for d in range(3)]
        held = maybe_held(s)
        most = {KIND_IDS[k]: min(held[k], s.tell_size) for k in squids}
        return {"discard": hands[actor] > 0,
                "may_be_in_tell": {kid: n for kid, n in most.items() if n},
                "most_votes": SQUID_STRIP}
    if kid == "smugwing-dark1":
        drawn = drawn_this_round(s)
        return {"winning": [KIND_IDS[k] for k in winning_in_tell(s)], "drawn": drawn,
                "optional": ["moved"]} if drawn else {}
    if kid == "squlofish-dark2":
        return {"discards": [p for p in anyone if hands[p] > 0]}
    if kid == "smugwing-dark2":
        return {"givers": [p for p in voters_of(s, s.vote.winner) if hands[p] > 0]}
    if kid == "salsa-salamanda":
        won = sorted(set(winning_in_tell(s)))
        return {"winning": [KIND_IDS[k] for k in won], "to": anyone + ["discard"]}
    return {}


def describe_action(kid: str, move: dict, players: Sequence[str]) -> Msg | str:
    """What a card's action did, after "<actor> used the <card>: "."""
    def who(p: Any) -> str:
        return players[p]

    def cards(kids: Sequence[str]) -> Msg:
        return listing([KIND_NAMES[KIND_INDEX[c]] for c in kids], ", ") if kids else msg("nothing")

    def prince(pid: str) -> Msg:
        return PRINCE_NAMES[PRINCE_INDEX[pid]]

    t = move.get("target")
    if kid == "lionsyre-dark2":
        return msg("the King put cards from {player}'s Hand into the Tell, face down", player=who(move['player']))
    if kid == "slydefox":
        a, b = move["players"]
        return msg("{player} and {other} changed places and each put a card into the Tell face down",
                   player=who(a), other=who(b))
    if kid == "slydefox-dark1":
        return msg("traded 3 cards with {player}", player=who(t))
    if kid == "hardshell-hero":
        return msg("changed places and traded 2 cards with {player}", player=who(t))
    if kid == "slydefox-dark2":
        return msg("drew cards out of the Tell and put as many back, face down")
    if kid == "woolfhall":
        return msg("this round's Woolfhall voters must vote {prince} next round", prince=prince(move['prince']))
    if kid == "woolfhall-dark2":
        return msg("the Woolfhall voters put cards into the Tell, face down")
    if kid == "smugwing-dark1" and move.get("moved") is not None:
        return msg("moved to the Discard: {cards}", cards=cards(move['moved']))
    if t is not None and kid in ("hornseeker", "hornseeker-dark1"):
        return msg("looked at {player}'s Loyalty card", player=who(t))
    if t is not None and kid == "gulliballistas-dark2":
        return msg("{player} revealed their Hand too", player=who(t))
    if t is not None and kid == "salsa-salamanda-dark2":
        return msg("swapped Loyalty cards with {player}", player=who(t))
    if kid == "brownbeards-dark1":
        return msg("took {cards} back from the Discard", cards=cards(move['cards'])) if move["cards"] \
            else msg("nothing in the Discard to take")
    if kid == "monarchrys":
        return msg("asked {player} for {prince}: {cards} handed over", player=who(t), prince=prince(move['prince']),
                   cards=card_word(move['count']))
    if kid in ("monarchrys-dark1", "monarchrys-dark2"):
        if "prince" in move:
            return msg("asked {player} for {prince}: took {taken}, gave {given}", player=who(t),
                       prince=prince(move['prince']), taken=card_word(move['taken']), given=card_word(move['given']))
        return msg("asked {player}: took {taken}, gave {given}", player=who(t), taken=card_word(move['taken']),
                   given=card_word(move['given']))
    if kid == "crassclamps":
        if move["order"] == "swap":
            return msg("{player} must vote {prince} next round, then swap places", player=who(t),
                       prince=prince(move['prince']))
        return msg("{player} must vote {prince} next round, then use their card's action", player=who(t),
                   prince=prince(move['prince']))
    if kid == "crassclamps-dark2":
        first = move.get("first")
        return msg("{player} lays the first card next round", player=who(first)) if first is not None \
            else msg("next round's open vote starts at the Kingseat")
    if kid in ("hardshell-hero-dark1", "squlofish-dark2"):
        return listing([msg("{player} discarded the {card}", player=who(e['player']),
                            card=KIND_NAMES[KIND_INDEX[e['card']]]) for e in move["discards"]], ", ") \
            if move["discards"] else msg("nobody discarded")
    if kid == "squlofish":
        return msg("took {cards} of Squlofish from {player}", cards=card_word(move['count']), player=who(t))
    if kid == "squlofish-dark1":
        paid = move["discard"]
        if paid:
            return msg("discarded the {card}; out of the Tell: {cards}", card=KIND_NAMES[KIND_INDEX[paid]],
                       cards=cards(move['removed']))
        return msg("out of the Tell: {cards}", cards=cards(move['removed']))
    if kid == "smugwing-dark2":
        givers = [who(p) for p in move["givers"]]
        return msg("{players} each handed over a Smugwing card", players=listing(givers)) if givers \
            else msg("nobody handed over a Smugwing card")
    if kid == "salsa-salamanda":
        if move["to"] == "discard":
            return msg("moved a winning {card} from the Tell to the Discard",
                       card=KIND_NAMES[KIND_INDEX[move['winning']]])
        return msg("moved a winning {card} from the Tell to {player}'s Hand",
                   card=KIND_NAMES[KIND_INDEX[move['winning']]], player=who(move['to']))
    return ""
