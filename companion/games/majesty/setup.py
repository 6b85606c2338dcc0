"""Majesty: For the Realm's setup: the players and the knight worker card, the side of each
location (all A, all B, or a mix), the deck and the display, or a position already on the table;
the setup page's form, the form for another game, and the options in force in words.

Options, as JSON::

    {"players": ["Ann", "Bob"], "first": 1,   # the seat holding the knight worker card
     "sides": "A",                            # "B", or {"mill": "A", ..., "infirmary": "B"}
     "deck": "standard",                      # or "shuffled": both tiers in one deck
     "display": ["miller", ...]}              # the six cards turned up, front first

or, instead of "display", a "position" (see ``from_position``).
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from companion.engine import MISSING, RuleError, short
from companion.games.majesty import chips as chipmath
from companion.games.majesty.cards import DECK_SIZE, SET_ASIDE, TIER2_SIZE
from companion.games.majesty.reading import CHAR_LIST, count_int, kind_of, no_half
from companion.games.majesty.scoring import settle_all
from companion.games.majesty.state import (
    CHAR_INDEX,
    CHAR_NAMES,
    COPIES,
    DISPLAY_SIZE,
    KIND_CHARS,
    KIND_NAMES,
    LOC_IDS,
    LOC_INDEX,
    LOC_NAMES,
    MEEPLES_IN_BOX,
    N_KINDS,
    REALM_LOCATIONS,
    REALM_SIZE,
    SIDES,
    START_MEEPLES,
    T1,
    T2,
    VARIANTS,
    WORKER_SPACES,
    ZERO_KINDS,
    Deck,
    InfirmaryCard,
    State,
    Turned,
    cards_said,
    deck_size,
    order_from,
)
from companion.words import Msg, listing, msg, plural

OPTION_FIELDS = frozenset(("players", "first", "sides", "deck", "display", "rulings",
                           "position"))
POSITION_FIELDS = frozenset(("players", "display", "display_meeples", "turn"))
POSITION_PLAYER_FIELDS = frozenset(("realm", "infirmary", "meeples", "points", "chips"))

def new_state(players: tuple[str, ...], options: Mapping[str, Any]) -> State:
    """The game the options set up, once ``Majesty.new`` has read the players' names."""
    n = len(players)
    first = options.get("first", MISSING)
    if first is MISSING:
        raise RuleError("worker-cards", msg("The field 'first' (the seat holding the knight "
                                            "worker card) is missing."))
    if type(first) is not int or not 0 <= first < n:
        raise RuleError("worker-cards", msg("The field 'first' must be the seat, 0 to {last}, "
                                            "that holds the knight worker card.", last=n - 1))
    sides = read_sides(options.get("sides", "A"))
    variant = options.get("deck", "standard")
    if variant not in VARIANTS:
        raise RuleError("deck", msg("The field 'deck' must be 'standard' or 'shuffled'."))
    size = deck_size(n, variant)
    position = options.get("position")
    if position is None:
        display = read_display(options.get("display", MISSING))
        seen = [0] * N_KINDS
        for k in display:
            seen[k] += 1
        deck = deck_after(variant, n, seen, DISPLAY_SIZE, msg("the display"))
        empty = ((),) * 7
        return State(
            players, first, sides, (empty,) * n, ((),) * n, (START_MEEPLES,) * n, (0,) * n,
            display, (0,) * DISPLAY_SIZE, deck, MEEPLES_IN_BOX - START_MEEPLES * n,
            (chipmath.EMPTY,) * n, chipmath.BOX, (0,) * n, first, 0,
            turned=tuple(Turned(0, 0, slot) for slot in range(DISPLAY_SIZE)))
    if "display" in options:
        raise RuleError("position", msg("A game started from a position takes its display "
                                        "from the position, so leave out the option "
                                        "'display'."))
    return from_position(players, first, sides, variant, size, position)


def read_sides(sides: Any) -> tuple[str, ...]:
    if isinstance(sides, str) and sides.upper() in SIDES:
        return (sides.upper(),) * 8
    if not isinstance(sides, Mapping):
        raise RuleError("sides", msg("The field 'sides' must be 'A', 'B', or the side of each "
                                     "of the eight locations."))
    for key in sides:
        if key not in LOC_INDEX:
            raise RuleError("sides", msg("There is no location called {name}.",
                                         name=short(key)))
    out = []
    for loc in LOC_IDS:
        side = sides.get(loc, MISSING)
        if side is MISSING:
            raise RuleError("sides", msg("A mixed set names the side of every location, and "
                                         "the {location} is missing.",
                                         location=LOC_NAMES[LOC_INDEX[loc]]))
        if not isinstance(side, str) or side.upper() not in SIDES:
            raise RuleError("sides", msg("The {location}'s side must be 'A' or 'B'.",
                                         location=LOC_NAMES[LOC_INDEX[loc]]))
        out.append(side.upper())
    return tuple(out)


def read_display(display: Any) -> tuple[int, ...]:
    if display is MISSING:
        raise RuleError("setup", msg("The field 'display' (the six cards turned up, front "
                                     "first) is missing."))
    if not isinstance(display, (list, tuple)) or len(display) != DISPLAY_SIZE:
        raise RuleError("setup", msg("The display must list six cards, front first."))
    return tuple(kind_of(k, msg("Display slot {slot}", slot=i), "setup")
                 for i, k in enumerate(display))


def deck_after(variant: str, n: int, seen: list[int], total: int, where: Msg) -> Deck:
    """The deck after ``total`` cards (counted per kind in ``seen``) came off it."""
    for k in range(N_KINDS):
        if seen[k] > COPIES[k]:
            raise RuleError("deck", msg("There are {n} {card} cards in {where}, but the game "
                                        "has only {copies}.", n=seen[k], card=KIND_NAMES[k],
                                        where=where, copies=COPIES[k]))
    seen_t = tuple(seen)
    if variant == "shuffled":
        return Deck(variant, DECK_SIZE - total, 0, seen_t, ZERO_KINDS)
    aside = SET_ASIDE[n]
    if total <= aside:
        for k in range(N_KINDS):
            if seen[k] > T1[k]:
                has = (plural("only {n} {card} card", "only {n} {card} cards", T1[k],
                              card=KIND_NAMES[k])
                       if T1[k] else msg("no {card} card", card=KIND_NAMES[k]))
                raise RuleError("deck", plural(
                    "With {players} players the first {aside} cards dealt all come from tier "
                    "1, which holds {has}, yet there is {n} in {where}.",
                    "With {players} players the first {aside} cards dealt all come from tier "
                    "1, which holds {has}, yet there are {n} in {where}.", seen[k],
                    players=n, aside=aside, has=has, where=where))
        return Deck(variant, aside - total, TIER2_SIZE, seen_t, ZERO_KINDS)
    low = sum(max(0, seen[k] - T2[k]) for k in range(N_KINDS))
    high = sum(min(seen[k], T1[k]) for k in range(N_KINDS))
    if low > aside:
        raise RuleError("deck", msg("{low} of the cards in {where} can only be tier-1 cards, "
                                    "but a {players}-player deck has only {aside} tier-1 "
                                    "cards.", low=low, where=where, players=n, aside=aside))
    if high < aside:
        raise RuleError("deck", msg("With {players} players the first {aside} cards dealt "
                                    "are tier-1 cards, but only {high} of the cards in {where} "
                                    "can be tier-1 cards.", players=n, aside=aside, high=high,
                                    where=where))
    return Deck(variant, 0, TIER2_SIZE - (total - aside), ZERO_KINDS, ZERO_KINDS, seen_t,
                aside)


def from_position(players, first, sides, variant, size, position) -> State:
    """A game from a position already on the table::

        {"players": [{"realm": {"mill": ["miller", ...], "inn": {"innkeeper": 2}, ...},
                      "infirmary": ["brewer", {"card": "miller-brewer", "as": "brewer"}],
                      "meeples": 3, "points": 12,
                      "chips": {"10": 1, "2": 1}},      # optional, for every player or none
                     ...],                               # one a seat
         "display": ["knight", ...], "display_meeples": [0, 1, ...],   # front first
         "turn": 1}                                      # the seat to move
    """
    n = len(players)
    if not isinstance(position, Mapping):
        raise RuleError("position", msg("The position must be a set of named fields."))
    for key in position:
        if key not in POSITION_FIELDS:
            raise RuleError("position", msg("There is no position field called {field}.",
                                            field=short(key)))
    for key in ("players", "display", "turn"):
        if key not in position:
            raise RuleError("position", msg("The position field {field} is missing.",
                                            field=repr(key)))
    rows = position["players"]
    if not isinstance(rows, (list, tuple)) or len(rows) != n:
        raise RuleError("position", msg("The position must describe each of the {n} players.",
                                        n=n))
    turn = position["turn"]
    if type(turn) is not int or not 0 <= turn < n:
        raise RuleError("position", msg("The position's 'turn' must be the seat to move, 0 to "
                                        "{last}.", last=n - 1))
    seen = [0] * N_KINDS
    realms, infirmaries, meeples, points, piles = [], [], [], [], []
    for seat, row in enumerate(rows):
        realm, pile, held, score, chips = _position_player(seat, players[seat], row)
        for stack in realm:
            for k in stack:
                seen[k] += 1
        for k, _ in pile:
            seen[k] += 1
        realms.append(realm)
        infirmaries.append(pile)
        meeples.append(held)
        points.append(score)
        piles.append(chips)
    sizes = [sum(len(s) for s in realm) + len(pile)
             for realm, pile in zip(realms, infirmaries)]
    for seat, count in enumerate(sizes):
        if count > REALM_SIZE:
            raise RuleError("game-end", msg("{player}'s realm holds {count} characters, but a "
                                            "realm never grows beyond {most}.",
                                            player=players[seat], count=count, most=REALM_SIZE))
    order = order_from(first, n)
    mover_size = sizes[turn]
    ahead = True
    for seat in order:
        if seat == turn:
            ahead = False
        expected = mover_size + 1 if ahead else mover_size
        if sizes[seat] != expected:
            raise RuleError("worker-cards", plural(
                "Turns go clockwise from {first}, so with {mover} to move {player} should have "
                "{n} character, not {count}.",
                "Turns go clockwise from {first}, so with {mover} to move {player} should have "
                "{n} characters, not {count}.", expected, first=players[first],
                mover=players[turn], player=players[seat], count=sizes[seat]))
    taken = sum(sizes)
    if taken == REALM_SIZE * n:
        raise RuleError("game-end", msg("Every realm already holds 12 characters, so that game "
                                        "is over."))
    display_raw = position["display"]
    expected = min(DISPLAY_SIZE, size - taken)
    if not isinstance(display_raw, (list, tuple)):
        raise RuleError("position", msg("The position's display must list its cards, front "
                                        "first."))
    if len(display_raw) != expected:
        raise RuleError("deck", msg("With {taken} cards in the realms, the {size}-card deck "
                                    "leaves {cards} in the display, not {count}.", taken=taken,
                                    size=size, cards=cards_said(expected),
                                    count=len(display_raw)))
    display = tuple(kind_of(k, msg("Display slot {slot}", slot=i), "position")
                    for i, k in enumerate(display_raw))
    dm_raw = position.get("display_meeples", [0] * len(display))
    if not isinstance(dm_raw, (list, tuple)) or len(dm_raw) != len(display):
        raise RuleError("position", msg("The position's 'display_meeples' must give the meeples "
                                        "on each display card, front first."))
    display_meeples = tuple(count_int(m, msg("The meeples on display slot {slot}", slot=i))
                            for i, m in enumerate(dm_raw))
    for k in display:
        seen[k] += 1
    deck = deck_after(variant, n, seen, taken + len(display),
                      msg("the realms, Infirmaries and display"))
    used = sum(meeples) + sum(display_meeples)
    if used > MEEPLES_IN_BOX:
        raise RuleError("meeple-supply", msg("The position uses {used} meeples, but the box "
                                             "has only {box}.", used=used, box=MEEPLES_IN_BOX))
    given = [p for p in piles if p is not None]
    if given:
        if len(given) != n:
            raise RuleError("chips", msg("Give the chips of every player or of none."))
        supply = tuple(chipmath.BOX[i] - sum(p[i] for p in piles) for i in range(5))
        for i, left in enumerate(supply):
            if left < 0:
                raise RuleError("chips", msg("The players hold more {value}-point chips than the "
                                             "box's {box}.", value=chipmath.DENOMINATIONS[i],
                                             box=chipmath.BOX[i]))
        owed = (0,) * n
        piles_t = tuple(piles)
    else:
        piles_t, supply, owed, _ = settle_all(
            order, points, (chipmath.EMPTY,) * n, chipmath.BOX, (0,) * n)
    return State(players, first, sides, tuple(realms), tuple(infirmaries), tuple(meeples),
                 tuple(points), display, display_meeples, deck,
                 MEEPLES_IN_BOX - used, piles_t, supply, owed, turn, taken,
                 turned=tuple(Turned(0, -1, slot) for slot in range(len(display))))


def _position_player(seat: int, name: str, row: Any) -> tuple:
    if not isinstance(row, Mapping):
        raise RuleError("position", msg("{player}'s part of the position must be a set of "
                                        "named fields.", player=name))
    for key in row:
        if key not in POSITION_PLAYER_FIELDS:
            raise RuleError("position", msg("There is no player field called {field}.",
                                            field=short(key)))
    for key in ("realm", "meeples", "points"):
        if key not in row:
            raise RuleError("position", msg("{player}'s field {field} is missing.", player=name,
                                            field=repr(key)))
    raw = row["realm"]
    if not isinstance(raw, Mapping):
        raise RuleError("position", msg("{player}'s realm must name locations and their cards.",
                                        player=name))
    realm = []
    for key in raw:
        if key not in LOC_INDEX or key == "infirmary":
            raise RuleError("position", msg("{player}'s realm has no location called {name} "
                                            "(the Infirmary is its own field).", player=name,
                                            name=short(key)))
    for loc in REALM_LOCATIONS:
        cards = raw.get(LOC_IDS[loc], ())
        stack: list[int] = []
        where = msg("{player}'s {location}", player=name, location=LOC_NAMES[loc])
        if isinstance(cards, Mapping):
            for kid, count in cards.items():
                k = kind_of(kid, msg("A card at {where}", where=where), "position")
                count = count_int(count, msg("The count of {card} at {where}", card=kid,
                                             where=where))
                if len(stack) + count > REALM_SIZE:
                    raise RuleError("game-end", msg("{where} holds more than {most} characters, "
                                                    "more than a realm ever holds.", where=where,
                                                    most=REALM_SIZE))
                stack.extend([k] * count)
        elif isinstance(cards, (list, tuple)):
            stack = [kind_of(kid, msg("A card at {where}", where=where), "position")
                     for kid in cards]
        else:
            raise RuleError("position", msg("{where} must list its cards or count them by kind.",
                                            where=where))
        for k in stack:
            if loc not in KIND_CHARS[k]:
                raise RuleError("position", msg("The {card} card cannot stand at {where}: it "
                                                "shows no {character}.", card=KIND_NAMES[k],
                                                where=where, character=CHAR_NAMES[loc]))
        realm.append(tuple(stack))
    pile_raw = row.get("infirmary", ())
    if not isinstance(pile_raw, (list, tuple)):
        raise RuleError("position", msg("{player}'s Infirmary must list its cards, the top one "
                                        "last.", player=name))
    pile = []
    for entry in pile_raw:
        if isinstance(entry, Mapping):
            if not set(entry) <= {"card", "as"} or "card" not in entry:
                raise RuleError("position", msg("An Infirmary card of {player} is a card id or "
                                                "{shape}.", player=name,
                                                shape="{'card': ..., 'as': ...}"))
            k = kind_of(entry["card"], msg("A card in {player}'s Infirmary", player=name),
                        "position")
            half = entry.get("as")
            if half is None:
                h = KIND_CHARS[k][0] if len(KIND_CHARS[k]) == 1 else -1
            else:
                if type(half) is not str or half not in CHAR_INDEX:
                    raise RuleError("position", msg("The half of an Infirmary card must be one "
                                                    "of {ids}.", ids=CHAR_LIST))
                h = CHAR_INDEX[half]
                if h not in KIND_CHARS[k]:
                    raise RuleError("position", msg("In {player}'s Infirmary, {why}.", player=name,
                                                    why=no_half(k, h)))
        else:
            k = kind_of(entry, msg("A card in {player}'s Infirmary", player=name), "position")
            h = KIND_CHARS[k][0] if len(KIND_CHARS[k]) == 1 else -1
        pile.append(InfirmaryCard(k, h))
    held = count_int(row["meeples"], msg("{player}'s meeples", player=name))
    if held > WORKER_SPACES:
        raise RuleError("overflow", msg("{player} holds {held} meeples, but between turns a "
                                        "player keeps at most {most}.", player=name, held=held,
                                        most=WORKER_SPACES))
    score = count_int(row["points"], msg("{player}'s points", player=name))
    chips = row.get("chips")
    pile_chips = None
    if chips is not None:
        if not isinstance(chips, Mapping):
            raise RuleError("chips", msg("{player}'s chips must count each denomination.",
                                         player=name))
        names = {str(d): i for i, d in enumerate(chipmath.DENOMINATIONS)}
        counts = [0] * 5
        for key, count in chips.items():
            if key not in names:
                raise RuleError("chips", msg("There is no {value}-point chip: chips are worth 1, "
                                             "2, 10, 50 or 100.", value=short(key)))
            counts[names[key]] = count_int(count, msg("{player}'s {value}-point chips",
                                                      player=name, value=key), "chips")
        pile_chips = tuple(counts)
        if chipmath.value(pile_chips) != score:
            raise RuleError("chips", msg("{player}'s chips are worth {value}, not their {score} "
                                         "points.", player=name,
                                         value=chipmath.value(pile_chips), score=score))
    return tuple(realm), tuple(pile), held, score, pile_chips


def options_from_form(form: Mapping[str, str]) -> dict[str, Any]:
    """The options the setup page's fields name (``Majesty.options_from_form`` then checks
    them as a new game would)."""
    def field(key: str) -> str:
        value = form.get(key)
        return "" if value is None else str(value).strip()

    names, seats = [], {}
    for i in range(4):
        name = field(f"player-{i}")
        if name:
            seats[i] = len(names)
            names.append(name)
    first_text = field("first")
    if not first_text.isdigit() or int(first_text) not in seats:
        raise RuleError("worker-cards", msg("Say which player holds the knight worker card."))
    sides_text = field("sides").upper() or "A"
    if sides_text in SIDES:
        sides: Any = sides_text
    elif sides_text == "MIXED":
        sides = {loc: field(f"side-{loc}").upper() for loc in LOC_IDS}
        for loc, side in sides.items():
            if side not in SIDES:
                raise RuleError("sides", msg("Choose side A or B for the {location}.",
                                             location=LOC_NAMES[LOC_INDEX[loc]]))
    else:
        raise RuleError("sides", msg("The sides must be A, B or mixed."))
    variant = field("deck").lower() or "standard"
    if variant not in VARIANTS:
        raise RuleError("deck", msg("The deck must be 'standard' or 'shuffled'."))
    display = []
    for i in range(DISPLAY_SIZE):
        kid = field(f"display-{i}").lower()
        if not kid:
            raise RuleError("setup", msg("Name the card in display slot {slot}.", slot=i))
        display.append(kid)
    options: dict[str, Any] = {"players": names, "first": seats[int(first_text)],
                               "sides": sides, "deck": variant, "display": display}
    if field("start") == "position":
        options["position"] = _position_from_form(field, seats, options.pop("display"))
    return options


def _position_from_form(field, seats: dict[int, int], display: list[str]) -> dict[str, Any]:
    """The page's position builder sends every player's part as JSON in one field; the
    seats of blank player fields are dropped, as the names are."""
    try:
        built = json.loads(field("position") or "{}")
        rows = built["players"]
        parts = [rows[field_seat] for field_seat in sorted(seats)]
    except (ValueError, KeyError, IndexError, TypeError):
        raise RuleError("position", msg("The position's players could not be read; fill them in "
                                        "again.")) from None
    turn = field("turn")
    if not turn.isdigit() or int(turn) not in seats:
        raise RuleError("position", msg("Say whose turn it is, as one of the named players."))
    meeples = []
    for slot in range(len(display)):
        text = field(f"display_meeples-{slot}") or "0"
        if not text.isdigit():
            raise RuleError("position", msg("The meeples on display card {n} must be a whole "
                                            "number.", n=slot + 1))
        meeples.append(int(text))
    return {"players": parts, "display": display, "display_meeples": meeples,
            "turn": seats[int(turn)]}


def again(options: Mapping[str, Any]) -> dict[str, str]:
    """The setup form's fields for another game at the same table: the players in their
    seats, the sides and the deck. Who drew the knight and the cards turned up are facts of
    the new game, left for the table to state."""
    fields = {f"player-{seat}": str(name) for seat, name in enumerate(options["players"])}
    sides = options.get("sides", "A")
    if isinstance(sides, Mapping):
        fields["sides"] = "mixed"
        fields.update({f"side-{loc}": str(side).upper() for loc, side in sides.items()})
    else:
        fields["sides"] = str(sides).upper()
    fields["deck"] = str(options.get("deck", "standard"))
    return fields


def in_force(state: State) -> list[Msg]:
    """Each option the game was set up with, in words, one sentence an option (Majesty has
    no table rulings: its options are the sides and the deck)."""
    sides = state.sides
    if len(set(sides)) == 1:
        where = msg("Locations: All on side {side}.", side=sides[0])
    else:
        where = msg("Locations: A mixed set: {sides}.", sides=listing(
            [msg("{location} {side}", location=LOC_NAMES[loc], side=sides[loc])
             for loc in range(8)], sep=", "))
    if state.deck.variant == "shuffled":
        deck = msg("Deck: both tiers shuffled together (the variant).")
    else:
        deck = msg("Deck: {n} tier-1 cards set aside on top of tier 2.",
                   n=SET_ASIDE[len(state.players)])
    return [where, deck]
