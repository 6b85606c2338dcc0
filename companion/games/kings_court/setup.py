"""Setting up a King's Court score sheet: the players and their partnerships, the limit, the
cards in play, the first dealer and the totals carried over, from the options or from the setup
form's fields."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.engine import RuleError, player_names, short
from companion.games.kings_court.cards import KIND_BY_ID, SELECTIONS
from companion.games.kings_court.scoring import CUT_MADE, CUT_MISSED, name_of, tally
from companion.games.kings_court.state import State, is_int
from companion.words import listing, msg

OPTION_FIELDS = frozenset(("players", "partnerships", "limit", "selection", "extra",
                           "first_dealer", "carried", "rulings"))
LIMIT_MOST = 100_000
SELECTION_NAMES = (*SELECTIONS, "custom")
SELECTION_TITLES = {"kc": msg("King's Court"), "kc+kd": msg("King's Court and King's Dynasty"),
                    "kc+kd+bonus": msg("King's Court, King's Dynasty and the BONUS deck"),
                    "custom": msg("King's Court with chosen expansion cards")}


def new_state(players: tuple[str, ...], rulings: dict[str, Any],
              options: Mapping[str, Any]) -> State:
    """The empty sheet of ``players`` under ``rulings`` (both read from ``options`` already)."""
    n = len(players)
    teams = read_partnerships(options.get("partnerships"), n, players)
    sides = teams if teams is not None else tuple((seat,) for seat in range(n))
    side_of = [0] * n
    for index, team in enumerate(sides):
        for seat in team:
            side_of[seat] = index
    limit = options.get("limit", 500)
    if not is_int(limit) or not 0 < limit <= LIMIT_MOST:
        raise RuleError("limit", msg("The limit must be a whole number from 1 to {most:,}, "
                                     "such as 500, 750 or 1000.", most=LIMIT_MOST))
    selection = options.get("selection", "kc+kd")
    extra = options.get("extra", ())
    if extra is None:
        extra = ()
    if selection not in SELECTION_NAMES:
        raise RuleError("selection", msg("The selection must be one of {names}, not {value}.",
                                         names=listing(SELECTION_NAMES, ", "),
                                         value=short(selection)))
    if not isinstance(extra, (list, tuple)) or not all(isinstance(k, str) for k in extra):
        raise RuleError("selection", msg("The extra cards must be a list of card ids."))
    if extra and selection != "custom":
        raise RuleError("selection", msg('Extra cards go with the selection "custom" (King\'s '
                                         'Court plus the cards named).'))
    for kid in extra:
        if kid not in KIND_BY_ID:
            raise RuleError("selection", msg("There is no King's Court card {value}.",
                                             value=short(kid)))
        if KIND_BY_ID[kid].deck == "KC":
            raise RuleError("selection", msg("The {card} is a King's Court card, always in the "
                                             "game: name only expansion cards.",
                                             card=name_of(kid)))
    extra = tuple(sorted(set(extra), key=list(KIND_BY_ID).index))
    first = options.get("first_dealer", 0)
    if not is_int(first) or not 0 <= first < n:
        raise RuleError("dealer", msg("The first dealer must be a seat from 0 to {last}.",
                                      last=n - 1))
    carried = _carried(options.get("carried"), n, sides, players, limit, teams)
    empty = tally(carried, (), limit)
    return State(players, sides, tuple(side_of), teams is not None, limit, selection,
                 extra, first, carried, rulings["dealing_bonus"], (), empty)


def read_partnerships(value: Any, n: int, names: tuple[str, ...]) -> tuple | None:
    """The partnerships as sorted seat tuples, or None for a game without."""
    if value is None:
        return None
    if not isinstance(value, (list, tuple)):
        raise RuleError("partnerships", msg("Partnerships must be a list of seat lists, or "
                                            "null."))
    if n % 2:
        raise RuleError("partnerships", msg("Partnerships need an even number of players, and "
                                            "there are {n}.", n=n))
    seen: dict[int, int] = {}
    teams = []
    for index, team in enumerate(value):
        if not isinstance(team, (list, tuple)) or len(team) < 2:
            raise RuleError("partnerships", msg("Partnership {number} needs two or more "
                                                "players.", number=index + 1))
        members = []
        for seat in team:
            if not is_int(seat) or not 0 <= seat < n:
                raise RuleError("partnerships", msg("A partnership names seat {value}, but "
                                                    "seats run from 0 to {last}.",
                                                    value=short(seat), last=n - 1))
            if seat in seen:
                raise RuleError("partnerships", msg("{player} is in more than one "
                                                    "partnership.", player=names[seat]))
            seen[seat] = index
            members.append(seat)
        teams.append(tuple(sorted(members)))
    missing = [names[seat] for seat in range(n) if seat not in seen]
    if missing:
        raise RuleError("partnerships", msg("{player} is in no partnership: every player "
                                            "belongs to one.", player=missing[0]))
    if len(teams) < 2:
        raise RuleError("partnerships", msg("Partnerships need at least two partnerships."))
    for seat in range(n):
        left = (seat + 1) % n
        if seen[seat] == seen[left]:
            raise RuleError("partnerships", msg("{player} and {other} are partners seated side "
                                                "by side; partners need another player "
                                                "between them.", player=names[seat],
                                                other=names[left]))
    return tuple(teams)


def _carried(value: Any, n: int, sides, players, limit: int, teams) -> tuple[int, ...]:
    """The totals carried over, one a side."""
    if value is None:
        return (0,) * len(sides)
    if not isinstance(value, (list, tuple)) or len(value) not in {n, len(sides)}:
        if teams:
            raise RuleError("carried", msg("The carried totals must be a list of whole numbers, "
                                           "one for each of the {sides} partnerships, or one for "
                                           "each of the {n} players.", sides=len(sides), n=n))
        raise RuleError("carried", msg("The carried totals must be a list of whole numbers, one "
                                       "for each of the {n} players.", n=n))
    for total in value:
        if not is_int(total) or abs(total) > LIMIT_MOST:
            raise RuleError("carried", msg("A carried total must be a whole number, not "
                                           "{value}.", value=short(total)))
    if len(value) == n and teams is not None:
        totals = tuple(sum(value[seat] for seat in team) for team in sides)
    else:
        totals = tuple(value)
    for side, total in enumerate(totals):
        if total >= limit:
            who = " & ".join(players[seat] for seat in sides[side])
            raise RuleError("carried", msg("{who} carries {total}, which is not below the "
                                           "limit of {limit}.", who=who, total=total,
                                           limit=limit))
    return totals


def read_cut(value: Any) -> str | None:
    """The dealing cut: CUT_MADE, CUT_MISSED or None (not tried)."""
    if value is None:
        return None
    if value not in (CUT_MADE, CUT_MISSED):
        raise RuleError("dealing-bonus", msg('The dealing cut is "made", "missed" or null (not '
                                             'tried), not {value}.', value=short(value)))
    return value


def form_options(form: Mapping[str, str]) -> dict[str, Any]:
    """Options from the setup form, all but the rulings (all fields are strings; see
    docs/kings_court.md):

    ``players`` (one name a line) or ``player-0`` .. ``player-7``; ``partnerships``: blank
    or "none", "opposite" (pairs facing each other), "alternate" (two partnerships, every
    other seat), or groups such as "Ann & Cid; Bob & Dee" (names or seat numbers from 1,
    groups split by ";" "/" or new lines, members by "&" "+" or ","); ``limit`` (default
    500); ``selection`` (kc, kc+kd, kc+kd+bonus or custom) with ``extra`` (card ids split
    by commas or spaces) and/or ``extra-<card id>`` checkboxes, read only for custom;
    ``first_dealer`` (the player field's number from 0, or a name; default the first
    player); ``carried`` (numbers split by commas, spaces or lines: one a player, or one a
    partnership) or ``carried-0`` .. ``carried-7`` (blank = 0): one per player field, or
    with partners one per partnership in the first fields; ``ruling-dealing_bonus``.

    With ``player-<i>`` fields, blank ones are left out and the players close up; the
    numbers of ``first_dealer`` and ``carried-<i>`` follow the player fields."""

    def field(key: str) -> str:
        value = form.get(key)
        return "" if value is None else str(value).strip()

    names = [line.strip() for line in field("players").splitlines() if line.strip()]
    if names:
        fields = list(range(len(names)))  # the form field number of each seat
    else:
        fields = [i for i in range(8) if field(f"player-{i}")]
        names = [field(f"player-{i}") for i in fields]
    n = len(names)
    options: dict[str, Any] = {"players": names}
    player_names(names, msg("King's Court"), 2, 8)

    def seat_of(text: str, what: str, rule: str) -> int:
        text = text.strip()
        folded = [name.casefold() for name in names]
        if text.casefold() in folded:
            return folded.index(text.casefold())
        if text.isdigit() and 1 <= int(text) <= n:
            return int(text) - 1
        if rule == "dealer":
            raise RuleError(rule, msg("The first dealer {name} is neither a player's name nor "
                                      "a seat number from 1 to {n}.", name=repr(text), n=n))
        raise RuleError(rule, msg("Partner {name} is neither a player's name nor a seat "
                                  "number from 1 to {n}.", name=repr(text), n=n))

    pairing = field("partnerships")
    if pairing.lower() in ("", "none", "no"):
        options["partnerships"] = None
    elif pairing.lower() == "opposite":
        if n % 2 or n < 4:
            raise RuleError("partnerships", msg("Partners facing each other need an even "
                                                "number of players, four or more."))
        options["partnerships"] = [[seat, seat + n // 2] for seat in range(n // 2)]
    elif pairing.lower() == "alternate":
        options["partnerships"] = [list(range(0, n, 2)), list(range(1, n, 2))]
    else:
        groups = []
        for group in pairing.replace("/", ";").replace("\n", ";").split(";"):
            members = [part for part in group.replace("&", ",").replace("+", ",").split(",")
                       if part.strip()]
            if members:
                groups.append([seat_of(m, "Partner", "partnerships") for m in members])
        options["partnerships"] = groups
    limit = field("limit") or "500"
    if not limit.isdigit():
        raise RuleError("limit", msg("The limit must be a whole number, such as 500, 750 or "
                                     "1000."))
    options["limit"] = int(limit)
    options["selection"] = field("selection").lower() or "kc+kd"
    if options["selection"] == "custom":
        extra = field("extra").replace(",", " ").split()
        extra += [key[len("extra-"):] for key in form if key.startswith("extra-")
                  and field(key).lower() not in ("", "0", "off", "false")]
        if extra:
            options["extra"] = sorted(set(extra), key=lambda k: (k not in KIND_BY_ID, k))
    dealer = field("first_dealer")
    if dealer:
        if dealer.isdigit() and int(dealer) in fields:
            options["first_dealer"] = fields.index(int(dealer))
        elif dealer.isdigit():
            raise RuleError("dealer", msg("The first dealer must be one of the {n} players.",
                                          n=n))
        else:
            options["first_dealer"] = seat_of(dealer, "The first dealer", "dealer")
    carried_text = field("carried").replace(",", " ").split()
    if not carried_text and any(field(f"carried-{i}") for i in range(8)):
        teams = options["partnerships"]
        used = list(range(len(teams))) if teams else fields
        stray = [i + 1 for i in range(8) if field(f"carried-{i}") and i not in used]
        if stray:
            raise RuleError("carried", msg("Carried total {number} belongs to no partnership: "
                                           "with partners, carry one total a partnership.",
                                           number=stray[0]) if teams else
                            msg("Carried total {number} belongs to no player.",
                                number=stray[0]))
        carried_text = [field(f"carried-{i}") or "0" for i in used]
    if carried_text:
        try:
            options["carried"] = [int(text) for text in carried_text]
        except ValueError:
            raise RuleError("carried", msg("The carried totals must be whole numbers.")) \
                from None
    return options
