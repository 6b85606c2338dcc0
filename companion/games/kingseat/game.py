"""The Kingseat engine: setup and deal, checking and carrying out moves, the final count.

Moves are JSON::


    {"type": "vote", "votes": ["lionsyre", null, "woolfhall-dark2", ...],   # one per player
     "none_held": [2]}            # optional: forced players who hold no card of that prince
    {"type": "swap", "player": 3, "with": 0}
    {"type": "pass", "player": 3}                   # does nothing with the card
    {"type": "action", "player": 3, "card": "slydefox", ...the action's fields}
    {"type": "loyalty", "loyalties": ["lionsyre", "hornseeker", ...]}     # one per player
    {"type": "correct", "round": 3, "player": 1, "card": "hornseeker", "target": 2}
                                  # at any time: who an earlier action named (correction.py)

An action move names the card its player voted with; its other fields depend on the card (see
ACTION_FIELDS and the rules page).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from companion.engine import (
    MISSING,
    SEAT_CHANGED,
    Outcome,
    RuleError,
    Seating,
    Sheet,
    normalise_rulings,
    read_options,
    short,
)
from companion.games.kingseat import correction, reveal, view
from companion.games.kingseat import outcome as endgame
from companion.games.kingseat.cards import KINDS, PRINCE_IDS, PRINCES, SETS
from companion.games.kingseat.checks import CHECKS
from companion.games.kingseat.reading import (
    ACTION_BASE,
    ACTION_FIELDS,
    OPTION_FIELDS,
    PASS_KEYS,
    SWAP_KEYS,
    VOTE_KEYS,
    ActionMove,
    card_in_game,
    card_word,
    is_int,
    only_fields,
    swap_partners,
    unseen_of_prince,
)
from companion.games.kingseat.round import do_act, do_vote, start_round
from companion.games.kingseat.rules_page import RULES, RULINGS
from companion.games.kingseat.state import (
    FEWEST,
    KIND_IDS,
    KIND_INDEX,
    KIND_NAMES,
    KIND_PRINCE,
    MOST,
    N_KINDS,
    PRINCE_INDEX,
    PRINCE_NAMES,
    ZERO,
    State,
    Work,
    copies_of,
)
from companion.words import msg, plural


class Kingseat:
    """The Kingseat engine (see companion.engine.Engine)."""

    name = "kingseat"
    title = "Kingseat"
    min_players = FEWEST
    max_players = MOST
    rules = RULES
    rulings = RULINGS
    cards = KINDS  # the catalogue: every card kind, with its stable id
    princes = PRINCES
    sets = SETS  # the premade sets, for the setup page's buttons
    bgg_id = None  # not confirmed: BG Stats matches its plays by the title
    endings_title = endgame.ENDINGS_TITLE

    # -- setup ---------------------------------------------------------------------------------

    def new(self, options: Mapping[str, Any]) -> State:
        players, rulings = read_options(self, options, OPTION_FIELDS, "setup",
                                        ("Kingseat", FEWEST, MOST))
        n = len(players)
        kingseat = options.get("kingseat", 0)
        if not is_int(kingseat) or not 0 <= kingseat < n:
            raise RuleError("kingseat", msg("The field 'kingseat' must be the Kingseat's place, 0 to {last}.",
                                            last=n - 1))
        princes = self._princes(options.get("princes", MISSING), n)
        cpp = rulings["cards_per_prince"]
        dark = bool(rulings["dark_cards"])
        copies = copies_of(princes, cpp, dark)
        size = sum(copies)
        per_hand, spare = divmod(size, n)
        leftovers = self._leftovers(options.get("leftovers", MISSING), spare, size, n, princes,
                                    copies)
        state = State(players, princes, cpp, rulings["squlofish_dark_weight"], kingseat,
                      leftovers, tuple(range(n)), (per_hand - 1,) * n, ZERO, 0, ZERO,
                      round=0, secret=(-1,) * n, changes=(0,) * n, moved=(False,) * n,
                      dark=dark)
        w = Work(state)
        for k in leftovers:
            w.tell_open(k)
        start_round(w, 1)
        return w.freeze()

    @staticmethod
    def _princes(value: Any, n: int) -> tuple[int, ...]:
        if value is MISSING:
            raise RuleError("princes", msg("The field 'princes' (the princes in play) is missing."))
        if isinstance(value, str) and value in SETS:
            value = list(SETS[value])
        if not isinstance(value, (list, tuple)):
            raise RuleError("princes", msg("The field 'princes' must list the princes in play, or name a premade set."))
        chosen: list[int] = []
        for item in value:
            if type(item) is not str or item not in PRINCE_INDEX:
                raise RuleError("princes", msg("There is no prince called {value}; the princes are {ids}.",
                                               value=short(item), ids=", ".join(PRINCE_IDS)))
            if PRINCE_INDEX[item] in chosen:
                raise RuleError("princes", msg("{prince} is listed twice.", prince=PRINCE_NAMES[PRINCE_INDEX[item]]))
            chosen.append(PRINCE_INDEX[item])
        if len(chosen) < n:
            raise RuleError("princes", msg("With {n} players the game needs at least {n} princes, not {count}.", n=n,
                                           count=len(chosen)))
        return tuple(sorted(chosen))

    @staticmethod
    def _leftovers(value: Any, spare: int, size: int, n: int, princes, copies) -> tuple[int, ...]:
        deal = msg("{size} cards dealt to {n} players", size=size, n=n)
        if value is MISSING or value is None:
            value = []
            if spare:
                raise RuleError("deal", plural("The deal ({deal}) leaves {n} card over, which go face up into the "
                                               "Tell: name it in 'leftovers'.",
                                               "The deal ({deal}) leaves {n} cards over, which go face up into the "
                                               "Tell: name them in 'leftovers'.", spare, deal=deal))
        if not isinstance(value, (list, tuple)):
            raise RuleError("deal", msg("The field 'leftovers' must list the leftover cards."))
        if len(value) != spare:
            if spare == 0:
                raise RuleError("deal", msg("The deal ({deal}) comes out even, so no card is left over.", deal=deal))
            raise RuleError("deal", msg("The deal ({deal}) leaves {cards} over, not {count}.", deal=deal,
                                        cards=card_word(spare), count=len(value)))
        out = []
        count = [0] * N_KINDS
        for i, item in enumerate(value):
            if type(item) is not str or item not in KIND_INDEX:
                raise RuleError("deal", msg("Leftover card {number} must be a card such as 'lionsyre' or "
                                            "'lionsyre-dark1', not {value}.", number=i + 1, value=short(item)),
                                step=i)
            k = KIND_INDEX[item]
            if KIND_PRINCE[k] not in princes:
                raise RuleError("deal", msg("Leftover card {number}: {prince} is not in this game.", number=i + 1,
                                            prince=PRINCE_NAMES[KIND_PRINCE[k]]), step=i)
            count[k] += 1
            if count[k] > copies[k]:
                raise RuleError("deal", msg("The game has only {cards} of the {card}, fewer than the leftovers name.",
                                            cards=card_word(copies[k]), card=KIND_NAMES[k]),
                                step=i)
            out.append(k)
        return tuple(sorted(out))

    def options_from_form(self, form: Mapping[str, str]) -> dict[str, Any]:
        """Fields: ``player-0`` .. ``player-11`` (blank ones are skipped), ``kingseat`` (the
        number of a player field), ``prince-<id>`` checkboxes or ``set`` (a premade set),
        ``leftovers`` (card ids separated by commas or spaces) and ``ruling-<id>``."""
        def field(key: str) -> str:
            value = form.get(key)
            return "" if value is None else str(value).strip()

        names, seats = [], {}
        for i in range(MOST):
            name = field(f"player-{i}")
            if name:
                seats[i] = len(names)
                names.append(name)
        king_text = field("kingseat") or "0"
        if not king_text.isdigit() or int(king_text) not in seats:
            raise RuleError("kingseat", msg("Say which player sits in the Kingseat."))
        princes = [pid for pid in PRINCE_IDS if field(f"prince-{pid}")]
        if not princes:
            chosen_set = field("set").lower()
            if chosen_set not in SETS:
                raise RuleError("princes", msg("Choose the princes in play, or a premade set."))
            princes = list(SETS[chosen_set])
        leftovers = [item for item in field("leftovers").replace(",", " ").lower().split()]
        given: dict[str, Any] = {}
        for ruling in self.rulings:
            text = field(f"ruling-{ruling.id}")
            if text:
                if not text.isdigit():
                    raise RuleError(ruling.rule, msg("The ruling '{title}' takes a number.", title=ruling.title))
                given[ruling.id] = int(text)
        options: dict[str, Any] = {"players": names, "kingseat": seats[int(king_text)],
                                   "princes": princes, "leftovers": leftovers,
                                   "rulings": normalise_rulings(self, given)}
        self.new(options)  # refuse now what the game would refuse
        return options

    def with_rulings(self, state: State, rulings: Mapping[str, Any]) -> State:
        chosen = normalise_rulings(self, rulings)
        if chosen["cards_per_prince"] != state.cards_per_prince:
            raise RuleError("ruling-cards-per-prince",
                            msg("The game was dealt with {n} cards a prince; that cannot change once the game has "
                                "started.", n=state.cards_per_prince))
        if bool(chosen["dark_cards"]) != state.dark:
            raise RuleError("ruling-dark-cards", msg("The game was dealt with the Dark cards; that cannot change "
                                                     "once the game has started.") if state.dark else
                            msg("The game was dealt without the Dark cards; that cannot change once the game "
                                "has started."))
        return replace(state, dark_weight=chosen["squlofish_dark_weight"])

    # -- checking a move -----------------------------------------------------------------------

    def validate(self, state: State, move: Any) -> None:
        self._check(state, move)

    def _check(self, s: State, move: Any) -> tuple:
        if s.phase == "over":
            raise RuleError("game-over", msg("The game is over, so no more moves can be entered."))
        if type(move) is not dict:
            raise RuleError("move-format", msg('A move must be an object with a "type" field.'))
        kind = move.get("type")
        if kind not in ("vote", "swap", "pass", "action", "reveal", "loyalty", "correct"):
            raise RuleError("move-format", msg('A move\'s "type" must be "vote", "swap", "pass", "action", '
                                               '"reveal", "loyalty" or "correct".'))
        if kind == "correct":
            return correction.check_correct(s, move)
        if s.phase == "vote":
            if kind != "vote":
                raise RuleError("vote", msg("Round {round} is waiting for its vote.", round=s.round))
            return self._check_vote(s, move)
        if s.phase == "reveal":
            if kind != "reveal":
                raise RuleError("reveal", msg("Every Hand is empty: the game is waiting for the Tell to be turned "
                                              "over and entered."))
            return reveal.check_reveal(s, move)
        if kind == "reveal":
            raise RuleError("reveal", msg("The Tell stays face down until every Hand is empty."))
        if s.phase == "loyalty":
            if kind != "loyalty":
                raise RuleError("end", msg("Every Hand is empty: the game is waiting for the Loyalties."))
            return reveal.check_loyalty(s, move)
        if kind in ("vote", "loyalty"):
            actor = s.players[s.order[0]]
            raise RuleError("action-phase", msg("The action phase is on: it is {player}'s turn to act.", player=actor))
        return self._check_act(s, move, kind)

    def _check_vote(self, s: State, move: dict) -> tuple:
        only_fields(move, VOTE_KEYS, lambda field: msg("A vote has no field called {field}.", field=field))
        votes = move.get("votes", MISSING)
        n = len(s.players)
        if type(votes) is not list or len(votes) != n:
            raise RuleError("move-format", msg('A vote needs "votes": a list of {n} entries, one card (or null) per '
                                               "player.", n=n))
        held = move.get("none_held", [])
        if type(held) is not list:
            raise RuleError("move-format", msg('"none_held" must be a list of player numbers.'))
        none_held: set[int] = set()
        for p in held:
            if not is_int(p) or not 0 <= p < n:
                raise RuleError("move-format", msg('"none_held" must list player numbers, 0 to {last}.', last=n - 1))
            none_held.add(p)
        sit = set(s.effects.sit_out)
        known = [t + d for t, d in zip(s.tell_seen, s.discard)]
        copies = s.copies
        out = []
        for p, value in enumerate(votes):
            name = s.players[p]
            must = s.hands[p] > 0 and p not in sit
            if value is None:
                if must:
                    raise RuleError("vote", msg("{player} holds {cards} and must vote.", player=name,
                                                cards=card_word(s.hands[p])), step=p)
                out.append(-1)
                continue
            if p in sit:
                raise RuleError("immune", msg("{player} sits out this round (Smugwing), so plays no card.",
                                              player=name), step=p)
            if not must:
                raise RuleError("vote", msg("{player} has no cards left, so plays no card.", player=name), step=p)
            k = card_in_game(s, value, msg("{player}'s vote", player=name), step=p)
            known[k] += 1
            if known[k] > copies[k]:
                raise RuleError("copies", msg("{player}'s vote: the game has {cards} of the {card}, and the table "
                                              "has already seen {seen} of them face up (in the Tell, the Discard or "
                                              "this vote).", player=name, cards=card_word(copies[k]),
                                              card=KIND_NAMES[k], seen=known[k] - 1), step=p)
            out.append(k)
        forced = {p: (prince, src) for p, prince, src in s.effects.forced}
        for p in sorted(none_held):
            name = s.players[p]
            if p not in forced or out[p] < 0:
                raise RuleError("forced-votes", msg("{player} is under no forced vote this round, so there is "
                                                    "nothing to declare.", player=name), step=p)
        for p in range(n):
            if p not in forced or out[p] < 0:
                continue
            prince, src = forced[p]
            if not unseen_of_prince(s, prince):
                continue  # every card of that prince is in a pile: nobody can hold one
            name = s.players[p]
            voted = KIND_PRINCE[out[p]]
            by = PRINCE_NAMES[PRINCE_INDEX[src]]
            if voted != prince and p not in none_held:
                raise RuleError("forced-votes", msg("{player} must vote {prince} this round ({by}), unless they hold "
                                                    "no such card: then declare it.", player=name,
                                                    prince=PRINCE_NAMES[prince], by=by), step=p)
            if voted == prince and p in none_held:
                raise RuleError("forced-votes", msg("{player} is declared to hold no {prince} card, yet votes one.",
                                                    player=name, prince=PRINCE_NAMES[prince]),
                                step=p)
        return ("vote", tuple(out), tuple(sorted(none_held)))

    def _check_act(self, s: State, move: dict, kind: str) -> tuple:
        actor = s.order[0]
        p = move.get("player", MISSING)
        n = len(s.players)
        if not is_int(p) or not 0 <= p < n:
            raise RuleError("move-format", msg("An acting player's move needs \"player\", a player number from 0 to "
                                               "{last}.", last=n - 1))
        if p != actor:
            raise RuleError("action-phase", msg("It is {player}'s turn to act, not {player2}'s.",
                                                player=s.players[actor], player2=s.players[p]))
        ordered = dict(s.effects.orders).get(actor)
        immune = set(s.effects.sit_out)
        name = s.players[actor]
        if kind == "swap":
            only_fields(move, SWAP_KEYS, lambda field: msg("A swap has no field called {field}.", field=field))
            q = move.get("with", MISSING)
            if not is_int(q) or not 0 <= q < n:
                raise RuleError("move-format", msg("A swap needs \"with\": the other player's number, 0 to {last}.",
                                                   last=n - 1))
            if q == actor:
                raise RuleError("swap", msg("{player} cannot swap places with themselves.", player=name))
            if q in immune:
                raise RuleError("immune", msg("{player} sits out this round, so nobody can swap places with them.",
                                              player=s.players[q]))
            if ordered == "action" and not s.effects.no_actions:
                raise RuleError("orders", msg("Crassclamps ordered {player} to use their card's action this round, "
                                              "not to swap.", player=name))
            return ("swap", actor, q)
        if kind == "pass":
            only_fields(move, PASS_KEYS, lambda field: msg("A pass has no field called {field}.", field=field))
            if ordered == "swap" and swap_partners(s):
                raise RuleError("orders", msg("Crassclamps ordered {player} to swap places this round.", player=name))
            return ("pass", actor)
        card = s.vote.votes[actor]
        given = move.get("card", MISSING)
        if given != KIND_IDS[card]:
            if given is MISSING:
                raise RuleError("move-format", msg('An action names the card played: "card": "{id}".',
                                                   id=KIND_IDS[card]))
            raise RuleError("action-phase", msg("{player} played the {card}, so that is the action to use.",
                                                player=name, card=KIND_NAMES[card]))
        allowed = ACTION_FIELDS[KIND_IDS[card]]
        for key in move:
            if key not in ACTION_BASE and key not in allowed:
                raise RuleError("move-format", msg("The {card} action has no field called {value}.",
                                                   card=KIND_NAMES[card], value=short(key)))
        if s.effects.no_actions:
            raise RuleError("no-actions", msg("Crassclamps' dark 1 forbids card actions this round: {player} swaps "
                                              "places or does nothing.", player=name))
        if ordered == "swap" and swap_partners(s):
            raise RuleError("orders", msg("Crassclamps ordered {player} to swap places this round.", player=name))
        params = CHECKS[KIND_IDS[card]](ActionMove(s, actor, card, move))
        return ("action", actor, card, params)


    def apply(self, state: State, move: Any) -> State:
        plan = self._check(state, move)
        if plan[0] == "correct":
            return correction.correct(state, plan[1], plan[2])
        w = Work(state)
        what = plan[0]
        if what == "vote":
            do_vote(w, plan[1], plan[2])
        elif what == "reveal":
            reveal.do_reveal(w, plan[1])
        elif what == "loyalty":
            w.loyalties = plan[1]
            w.phase = "over"
            w.events.append(msg("The Loyalties are in and the Tell is counted."))
        else:
            do_act(w, plan)
        return w.freeze()


    def secret(self, state: State, player: int, payload: Any) -> State:
        """A secret entered on a player's own phone: their Loyalty, set aside at the start."""
        return reveal.secret_loyalty(state, player, payload)

    def seat_changed(self, state: State, player: int) -> State:
        """The seat was taken by another phone after the game began (see reveal.secret_loyalty)."""
        return reveal.secret_loyalty(state, player, SEAT_CHANGED)

    def describe_secret(self, name: str, secret: Any = None) -> str:
        if secret == SEAT_CHANGED:
            return (msg("{player}'s seat was taken by another phone after the game began: a Loyalty set aside before "
                        "stays hidden until the reveal, and {player}'s Loyalty is no longer set on a phone",
                        player=name))
        return msg("{player} set their Loyalty aside on their phone", player=name)

    def secrets_open(self, state: State) -> bool:
        """Whether the secrets may be shown to every phone: once the Tell is revealed."""
        return state.revealed is not None

    def to_move(self, state: State) -> int | None:
        return state.order[0] if state.phase == "action" else None

    def mover(self, state: State, move: Any) -> int | None:
        return self.to_move(state)  # nobody moves out of turn

    def result(self, state: State) -> dict[str, Any] | None:
        return reveal.result(state)

    def seating(self, state: State, opening: State | None = None) -> Seating:
        return endgame.seating(state)

    def outcome(self, state: State, opening: State | None = None) -> Outcome | None:
        return endgame.outcome(state)

    def score_sheet(self, state: State) -> Sheet | None:
        return endgame.score_sheet(state)

    def describe(self, move: Any, players: Sequence[str], *, before: Any = None,
                 after: Any = None) -> str:
        # from the move, the round and (for a correction) what it corrects: the states hold
        # the secrets
        if before is None:
            return view.describe(move, players)
        return view.describe(move, players, before.round, correction.corrected(before, move))

    def view(self, state: State, player: int | None = None) -> dict[str, Any]:
        return view.view(state, player)


ENGINE = Kingseat()
