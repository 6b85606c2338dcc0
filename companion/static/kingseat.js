// Kingseat's game page (Kingseat): the draft of the turn (what this phone has entered, step by
// step on the shared trail, and Undo), the move it makes, its checking and storing, and the taps.
// The engine decides everything; the page only asks for what it needs and shows its answers.
// Markup is built with Companion.html. The cards' helpers (kingseat_cards.js) are loaded first;
// the parts after this file: the board (kingseat_board.js: the status, the table around the
// Kingseat, the piles, the round so far), the vote (kingseat_vote.js), the action phase
// (kingseat_actions.js), the Tell turned over, the Loyalties and the final count
// (kingseat_end.js), and a phone's own Loyalty sheet and the corrections (kingseat_loyalty.js).
"use strict";

const Kingseat = (() => {
  const C = KingseatCards;
  const { html, put } = Companion;
  const { $, chip } = C;
  const game = () => Companion.game;
  const view = () => game().view;
  const nameOf = (p) => view().players[p].name;
  // The parts in files of their own, loaded after this one (looked up when called): their
  // functions as this file calls them. They read the draft and the engine's answer through
  // Kingseat.draft and Kingseat.checked.
  const Vote = () => KingseatVote;
  const Actions = () => KingseatActions;
  const End = () => KingseatEnd;
  const Loyalty = () => KingseatLoyalty;
  const drawVote = () => Vote().drawVote();
  const votePreview = () => Vote().votePreview();
  const voteMove = () => Vote().voteMove();
  const voteMissing = () => Vote().voteMissing();
  const voterNow = () => Vote().voterNow();
  const voteOrder = () => Vote().voteOrder();
  const breaks = (p, kind) => Vote().breaks(p, kind, true);  // only an order that binds
  const scanQuestion = () => Vote().scanQuestion();
  const scanned = (cards) => Vote().scanned(cards);
  const drawReveal = () => End().drawReveal();
  const revealPreview = () => End().revealPreview();
  const drawLoyalty = () => End().drawLoyalty();
  const loyaltyPreview = () => End().loyaltyPreview();
  const drawFinal = () => End().drawFinal();
  const tellTotal = () => End().tellTotal();
  const loyalNow = () => End().loyalNow();
  const loyalOrder = () => End().loyalOrder();
  const drawBoard = () => KingseatBoard.draw();
  const drawAction = () => Actions().drawAction();
  const actionPreview = () => Actions().actionPreview();
  const actionMove = () => Actions().actionMove();
  const modeOf = () => Actions().modeOf();
  const discarderNow = (players) => Actions().discarderNow(players);
  const drawMine = () => Loyalty().drawMine();
  const drawFixes = () => Loyalty().drawFixes();
  const PHASES = { get vote() { return Words.t("The vote"); }, get action() { return Words.t("Actions"); },
    get reveal() { return Words.t("The Tell"); }, get loyalty() { return Words.t("Loyalties"); },
    get over() { return Words.t("Game over"); } };

  // The draft: what this phone has entered of the turn. `cursor` is the voter being entered
  // (undefined: the first without a vote; null: every vote is in, the result is shown), and
  // `lcursor` the same for the Loyalties; `trail` is its steps (Companion.trail: for each step,
  // the draft before it and the sentence that takes it back), the one trail of the page.
  const trail = Companion.trail({
    get: () => ({ ...draft, trail: undefined }),
    set: (saved) => { draft = { ...saved, trail }; },
  });
  function fresh() {
    trail.clear();
    return { votes: {}, none: {}, cursor: undefined, mode: null, swap: null, f: {}, loyalty: {}, lcursor: undefined,
        tell: {}, trail };
  }
  let draft = fresh();
  let checked = null;   // the engine's answer to the draft: {key, status, data}
  let checkTimer = null;
  let asked = 0;        // the latest check asked; older answers are dropped

  // The view as far as a draft depends on it: a Loyalty set aside on some phone (an entry of
  // its own) changes only who has set one, and must not drop the turn being entered here.
  let drawnTurn = "";
  // A correction (an entry of its own, which changes only what the events say and what can be
  // corrected) must not drop it either.
  const turnOf = (v) => JSON.stringify({ ...v, you: null, players: v.players.map((p) => ({ ...p, loyalty_set: null })),
    corrections: null, events: null, last_events: null });

  function reset() {
    draft = fresh();
    checked = null;
    Vote().forget();
    Loyalty().forget();
    C.forget();
  }

  // Take back the last step of the draft and say what it was.
  function undo() {
    const said = trail.undo();
    Vote().forget();
    changed();
    return said;
  }

  // The draft with its steps and the turn it was entered for (and at which entry), for Redo
  // inside a turn and for the tab to keep across a reload. Put back at the entry it was made at,
  // it is this turn's, whatever order the server lists the view's cards in this time.
  const snapshot = () => ({ trail: trail.snapshot(), turn: drawnTurn, seq: game().seq });
  function restore(saved) {
    if (typeof saved.turn !== "string") throw new TypeError("Not a draft of this page.");
    trail.restore(saved.trail);
    drawnTurn = saved.seq === game().seq ? turnOf(view()) : saved.turn;
    checked = null;
    Vote().forget();
    return Words.t("Put back the step taken back.");
  }

  // Another phone's entry: a draft for the same turn stays; otherwise it goes, with why.
  function keep() {
    const v = view();
    if (turnOf(v) === drawnTurn) return null;
    const last = game().history[game().history.length - 1];
    return last ? Words.t("“{entry}” was stored on another phone, so what was entered here was dropped.",
      { entry: last.text }) : Words.t("The table moved on, so what was entered here was dropped.");
  }

  // Places from the Kingseat clockwise (or from another player's place), with who sits there.
  function aroundFrom(place) {
    const v = view();
    const n = v.seating.length;
    return v.seating.map((_, i) => (place + i) % n).map((at) => ({ place: at, player: v.seating[at],
        offset: (at - v.kingseat + n) % n }));
  }

  const many = (kind, n) => html`<span class="ks-many">${chip(kind)}${n > 1
      ? html`<span class="ks-times">\u00d7${n}</span>` : ""}</span>`;
  // Markup one after the other with a space between (chips, tags).
  const spaced = (items) => items.map((item, i) => html`${i ? " " : ""}${item}`);
  // Princes by votes, most first, then in catalogue order (JSON objects lose their order).
  const ranked = (tally) => Object.entries(tally).sort((x, y) => y[1] - x[1]
    || C.catalogue.princes.findIndex((p) => p.id === x[0]) - C.catalogue.princes.findIndex((p) => p.id === y[0]));
  const crowned = (p) => html`${view().players[p].king ? "\u265b " : ""}${nameOf(p)}`;

  // How many players a strip holds a row (its class): four when that saves a row (4 players: one
  // row; 7 or more), five from 9 and six from 11, so that it never takes more than two rows.
  const stripWidth = (n) => (n > 10 ? " six" : n > 8 ? " five" : n === 4 || n > 6 ? " many" : "");

  // The move being entered now (null with what is missing, in `missing`).
  function currentMove() {
    const v = view();
    if (v.phase === "vote") {
      const missing = voteMissing();
      return missing ? { missing } : { move: voteMove() };
    }
    if (v.phase === "action") {
      const a = v.action;
      const mode = modeOf();
      if (!mode) {
        return { missing: Words.t("{player}'s turn: use the {card}, swap places or do nothing?",
            { player: a.name, card: a.card_name }) };
      }
      if (mode === "pass") return { move: { type: "pass", player: a.player } };
      if (mode === "swap") {
        return draft.swap === null ? { missing: Words.t("{player}'s turn: tap who {player} swaps places with",
            { player: a.name }) }
          : { move: { type: "swap", player: a.player, with: draft.swap } };
      }
      try {
        return { move: actionMove() };
      } catch (err) {
        return { missing: Words.t("{player}'s turn: {what}", { player: a.name, what: err.message }) };
      }
    }
    if (v.phase === "reveal") {
      const total = tellTotal();
      const size = v.reveal.size;
      if (total < size) {
        return { missing: Words.tn("Count the Tell: {n} card to go", "Count the Tell: {n} cards to go", size - total) };
      }
      if (total > size) {
        return { missing: Words.tn("{n} card too many: the Tell holds {size}", "{n} cards too many: the Tell holds {size}",
            total - size, { size }) };
      }
      return { move: { type: "reveal", tell: Object.fromEntries(Object.entries(draft.tell).filter(([, n]) =>
          n > 0)) } };
    }
    if (v.phase === "loyalty") {
      const loyal = (p) => p.loyalty || draft.loyalty[p.player];
      const left = v.players.filter((p) => !loyal(p));
      if (left.length) {
        const now = loyalNow();
        const who = now !== null && !loyal(v.players[now]) ? v.players[now] : left[0];
        return { missing: Words.t("{player}'s Loyalty: tap the prince on their card ({n} of {count})",
            { player: who.name, n: v.players.length - left.length, count: v.players.length }) };
      }
      return { move: { type: "loyalty", loyalties: v.players.map(loyal) } };
    }
    return { missing: Words.t("The game is over.") };
  }

  // The forced choice (the rules leave one) or the one tapped.

  // ------------------------------------------------------------------ drawing, checking, storing

  const keyOf = () => JSON.stringify([game().seq, currentMove().move || null]);

  function redraw() {
    const v = view();
    const turn = turnOf(v);
    if (turn !== drawnTurn) reset();  // a new turn (the draft, if any, was kept or dropped)
    drawnTurn = turn;
    drawBoard();
    drawPanel();
    drawMine();
    drawFixes();
    drawToolbar();
    scheduleCheck();
  }

  function drawPanel() {
    const v = view();
    $("#vote-panel").hidden = v.phase !== "vote";
    $("#action-panel").hidden = v.phase !== "action";
    $("#reveal-panel").hidden = v.phase !== "reveal";
    $("#loyalty-panel").hidden = v.phase !== "loyalty";
    $("#final").hidden = v.phase !== "over";
    if (v.phase === "vote") drawVote();
    else if (v.phase === "action") drawAction();
    else if (v.phase === "reveal") drawReveal();
    else if (v.phase === "loyalty") drawLoyalty();
    else drawFinal();
  }

  // Only the parts the draft changes: the open panel and the toolbar. A refusal of the draft
  // as it was goes with it (the new draft is checked again).
  let refusing = false;  // the action bar shows the engine's refusal of the draft
  function changed() {
    unsay();
    drawPanel();
    drawFixes();
    drawToolbar();
    scheduleCheck();
  }

  // The engine's answer came: the preview shows it; a refusal is said in the action bar.
  const drawnHtml = new WeakMap();  // a preview box -> the markup it shows

  function unsay() {
    if (refusing) Companion.say(null);
    refusing = false;
  }

  function drawPreview() {
    const v = view();
    if (checked.status !== 200) {
      Companion.say(checked.data && checked.data.error
          ? checked.data.error : { message: Words.t("The companion did not answer.") }, "error");
      refusing = true;
    } else {
      unsay();
    }
    const box = $(`#${v.phase}-preview`);
    const markup = box && { vote: votePreview, action: actionPreview, reveal: revealPreview,
        loyalty: loyaltyPreview }[v.phase]();
    if (box && drawnHtml.get(box) !== String(markup)) {  // nothing under the finger is redrawn for nothing
      put(box, markup);
      drawnHtml.set(box, String(markup));
    }
    drawToolbar();
  }

  function mover() {
    const v = view();
    return v.phase === "action" ? Words.t("{player}'s turn", { player: v.action.name }) : PHASES[v.phase];
  }

  function drawToolbar() {
    const v = view();
    const record = $("#record");
    if (v.phase === "over") {  // the shared bar hides Store with the turn's controls
      $("#prompt").textContent = Words.t("The game is over: the result is at the top.");
      return;
    }
    const now = currentMove();
    const here = checked && checked.key === keyOf();
    const ok = now.move && here && checked.status === 200;
    const refused = now.move && here && checked.status === 422;
    const mode = v.phase === "action" ? modeOf() : null;
    const labels = {
      vote: () => Words.t("Store the vote"), loyalty: () => Words.t("Store the Loyalties"),
      reveal: () => Words.t("Turn the Tell over"),
      action: () => (mode === "swap" ? Words.t("Store the swap") : mode === "pass" ? Words.t("Store: do nothing")
        : Words.t("Store the action")),
    };
    record.textContent = labels[v.phase]();
    const question = v.phase === "vote" && scanQuestion();
    record.disabled = !now.move || refused || Boolean(question);
    let prompt = now.missing || "";
    if (now.move) {
      prompt = Words.t("{who}: {answer}", { who: mover(), answer: ok ? Words.t("check it, then store it") : refused
          ? Words.t("the rules refuse this (see the message)") : here ? Words.t("not checked: store it to try")
          : Words.t("checking…") });
    }
    if (question && !refused) prompt = Words.t("Say who played the scanned cards, then tap “The seats are right”");
    $("#prompt").textContent = prompt;
  }

  function scheduleCheck() {
    clearTimeout(checkTimer);
    const now = currentMove();
    if (!now.move) return;
    const key = keyOf();
    if (checked && checked.key === key) return;
    checkTimer = setTimeout(async () => {
      const ask = ++asked;
      const { status, data } = await Companion.request("POST", `/api/games/${game().id}/check`, { move: now.move });
      if (ask !== asked || key !== keyOf()) return;
      checked = { key, status, data };
      drawPreview();
    }, 120);
  }

  async function store() {
    const now = currentMove();
    if (!now.move) return;
    const button = $("#record");
    button.disabled = true;
    const stored = await Companion.send(`/api/games/${game().id}/moves`, { move: now.move });
    if (!stored) drawToolbar();
  }

  // A step of the draft: `change` alters it; `text` says how Undo takes it back.
  function step(text, change) {
    trail.change(text, change);
    changed();
  }

  const label = (button) => (button.getAttribute("aria-label") || button.textContent).replace(/\s+/g, " ").trim();

  // A vote tapped in. One that breaks the voter's order (a forced vote) is answered at the tap:
  // the voter stays the one entered until the table says they hold no card of that prince, or
  // taps another card.
  function tapVote(kind) {
    const now = voterNow();
    if (now === null) return;
    const broken = breaks(now, kind) && !draft.none[now];
    step(Words.t("Took back {player}'s vote: {card}.", { player: nameOf(now), card: C.cardName(kind) }), () => {
      draft.votes[now] = kind;
      draft.cursor = broken ? now : after(voteOrder(), now, (p) => !draft.votes[p]);
    });
    if (broken) {
      const forced = view().vote.forced.find((f) => f.player === now);
      Companion.say({ message: Words.t("{player} must vote {prince} this round ({by}), unless they hold no such card:"
          + " then tap “Holds no {prince} card”.", { player: nameOf(now), prince: C.princeName(forced.prince),
        by: C.princeName(forced.by) }), url: `${game().urls.rules}#forced-votes`, title: Words.t("Forced votes") }, "error");
      refusing = true;
    }
  }

  function tapDiscard(kind) {
    const n = view().action.needs;
    const optional = view().action.card === "squlofish-dark2";
    const now = optional ? draft.f.dcursor : discarderNow(n.discards);
    if (now === null || now === undefined) return;
    step(kind ? Words.t("Took back {player}'s discard: {card}.", { player: nameOf(now), card: C.cardName(kind) })
      : Words.t("Took back: {player} discarded nothing.", { player: nameOf(now) }), () => {
      draft.f[`discards-${now}`] = kind ? [kind] : [];
      draft.f.dcursor = optional ? undefined : after(n.discards, now, (p) => !(draft.f[`discards-${p}`] || []).length);
    });
  }

  // The next player still to enter, going round from this one; none left: null (the result).
  function after(order, player, open) {
    const at = order.indexOf(player);
    const next = order.slice(at + 1).concat(order.slice(0, at)).find(open);
    return next === undefined ? null : next;
  }

  function onClick(event) {
    const button = event.target.closest("button");
    if (!button || !button.closest("#play")) return;
    const v = view();
    if (button.dataset.scanSeat !== undefined && Vote().scan) {
      const i = Number(button.dataset.scanFor);
      step(Words.t("Took back who played card {n}.", { n: i + 1 }), () => Vote().scanSeat(i, button.dataset.scanSeat === ""
          ? null : Number(button.dataset.scanSeat)));
      return;
    }
    if (button.id === "scan-confirm" && Vote().scan) {
      Vote().scan.confirmed = true;
      changed();
      return;
    }
    if (button.dataset.voter !== undefined) {
      draft.cursor = Number(button.dataset.voter);  // where to enter, not a step of the turn
      changed();
      return;
    }
    if (button.dataset.voteKind) { tapVote(button.dataset.voteKind); return; }
    if (button.dataset.noneHeld !== undefined) {
      const p = Number(button.dataset.noneHeld);
      step(draft.none[p] ? Words.t("Took back: {player} holds such card.", { player: nameOf(p) })
        : Words.t("Took back: {player} holds no such card.", { player: nameOf(p) }), () => {
        draft.none[p] = !draft.none[p];
        if (draft.none[p] && draft.cursor === p) draft.cursor = after(voteOrder(), p, (q) => !draft.votes[q]);
      });
      return;
    }
    if (button.dataset.discarder !== undefined) {
      draft.f.dcursor = Number(button.dataset.discarder);  // where to enter, not a step
      changed();
      return;
    }
    if (button.dataset.discardKind !== undefined) { tapDiscard(button.dataset.discardKind); return; }
    let picked = false;
    trail.change(Words.t("Took back “{label}”.", { label: label(button) }), () => {
      picked = C.pickerTap(button, (why) => Companion.say(why, "notice"));
    });
    if (picked) {
      changed();
      return;
    }
    if (button.id === "count-fewer") {
      End().fewer = !End().fewer;
      changed();
      return;
    }
    if (button.dataset.stepKind) {
      const kind = button.dataset.stepKind;
      const by = Number(button.dataset.stepBy);
      End().fewer = false;
      step(by > 0 ? Words.t("Took back one more {card} in the count.", { card: C.cardName(kind) })
        : Words.t("Took back one fewer {card} in the count.", { card: C.cardName(kind) }),
        () => { draft.tell[kind] = Math.max(0, (draft.tell[kind] || 0) + by); });
      return;
    }
    if (button.dataset.loyalWho !== undefined) {
      draft.lcursor = Number(button.dataset.loyalWho);  // where to enter, not a step
      changed();
      return;
    }
    const loyal = button.closest("[data-loyalty]");
    if (loyal && button.dataset.prince) {
      const player = Number(loyal.dataset.loyalty);
      step(Words.t("Took back {player}'s Loyalty: {prince}.", { player: nameOf(player),
        prince: C.princeName(button.dataset.prince) }), () => {
        draft.loyalty[player] = button.dataset.prince;
        draft.lcursor = after(loyalOrder(), player, (p) => !view().players[p].loyalty && !draft.loyalty[p]);
      });
      return;
    }
    if (button.dataset.mode) {
      step(Words.t("Took back “{label}” for {player}.", { label: label(button), player: v.action.name }), () => {
        if (draft.mode !== button.dataset.mode) { draft.mode = button.dataset.mode; draft.swap = null; draft.f = {}; }
      });
      return;
    }
    if (button.dataset.swap !== undefined) {
      step(Words.t("Took back the swap with {player}.", { player: nameOf(Number(button.dataset.swap)) }), () =>
          { draft.swap = Number(button.dataset.swap); });
      return;
    }
    if (button.dataset.reopen) {
      draft.f.open = button.dataset.reopen;  // where to enter, not a step
      changed();
      return;
    }
    const holder = button.closest("[data-field]");
    if (!holder || v.phase !== "action") return;
    const field = holder.dataset.field;
    const f = draft.f;
    step(Words.t("Took back “{label}”.", { label: label(button) }), () => {
      delete f.open;
      f.touched = field;
      if (button.dataset.player !== undefined) {
        const p = button.dataset.player === "" ? null : Number(button.dataset.player);
        const multi = Number(holder.dataset.multi || 0);
        if (multi) {
          const chosen = (f[field] || []).slice();
          const at = chosen.indexOf(p);
          if (at >= 0) chosen.splice(at, 1);
          else if (chosen.length < multi) chosen.push(p);
          f[field] = chosen;
        } else {
          f[field] = p;
        }
      } else if (button.dataset.prince) {
        f[field] = button.dataset.prince;
      } else if (button.dataset.kind) {
        f[field] = button.dataset.kind;
      } else if (button.dataset.value !== undefined) {
        const raw = button.dataset.value;
        f[field] = /^\d+$/.test(raw) ? Number(raw) : raw;
      }
    });
  }

  // A typed number: a step too (typing the next digit replaces the last step's value rather
  // than adding one).
  function onInput(event) {
    const target = event.target;
    if (!target.closest(".stepper") || !target.name) return;
    const value = target.value === "" ? undefined : Math.max(0, Math.floor(Number(target.value)) || 0);
    const label = target.closest(".stepper").querySelector(".stepper-label").firstChild.textContent.trim();
    const text = target.value === "" ? Words.t("Took back “{label}”: nothing.", { label })
      : Words.t("Took back “{label}”: {value}.", { label, value: target.value });
    trail.change(text, () => { draft.f[target.name] = value; }, `f,${target.name}`);
    unsay();
    drawFixes();
    drawToolbar();
    scheduleCheck();
  }

  function start(payload, poll) {
    $("#play").addEventListener("click", onClick);
    $("#play").addEventListener("change", onInput);
    $("#play").addEventListener("input", onInput);
    $("#record").addEventListener("click", store);
    Loyalty().start();
    Companion.start(payload, {
      poll, reset, redraw, scanned,
      draft: { steps: () => trail.length, undo, keep, snapshot, restore },
    });
  }

  return {
    start, get draft() { return draft; }, get checked() { return checked; },
    $, game, view, nameOf, changed, step, crowned, stripWidth, currentMove, keyOf, aroundFrom, ranked, many, spaced,
    PHASES, scannedTell: (cards) => End().scannedTell(cards),
  };
})();
