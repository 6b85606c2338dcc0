// Kingseat's game page (Kingseat): the table around the Kingseat, the Tell as a face-down pile
// (its size and the deal's leftovers, never what went in by kind), the round so far; the draft of
// the turn (what this phone has entered, step by step, and Undo), the move it makes, its checking
// and storing, and the taps. The engine decides everything; the page only asks for what it needs
// and shows its answers. The cards' helpers (kingseat_cards.js) are loaded first; the parts after
// this file: the vote (kingseat_vote.js), the action phase (kingseat_actions.js), the Tell turned
// over, the Loyalties and the final count (kingseat_end.js), and a phone's own Loyalty sheet and
// the corrections (kingseat_loyalty.js).
"use strict";

const Kingseat = (() => {
  const C = KingseatCards;
  const { $, escape, plural, and, chip, princeChip } = C;
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
  const drawAction = () => Actions().drawAction();
  const actionPreview = () => Actions().actionPreview();
  const actionMove = () => Actions().actionMove();
  const modeOf = () => Actions().modeOf();
  const discarderNow = (players) => Actions().discarderNow(players);
  const mineButton = () => Loyalty().mineButton();
  const drawMine = () => Loyalty().drawMine();
  const drawFixes = () => Loyalty().drawFixes();
  const PHASES = { vote: "The vote", action: "Actions", reveal: "The Tell", loyalty: "Loyalties", over: "Game over" };

  let draft = fresh();
  let checked = null;   // the engine's answer to the draft: {key, status, data}
  let checkTimer = null;
  let asked = 0;        // the latest check asked; older answers are dropped

  // The draft: what this phone has entered of the turn. `cursor` is the voter being entered
  // (undefined: the first without a vote; null: every vote is in, the result is shown), and
  // `lcursor` the same for the Loyalties;
  // `trail` holds, for each step, the draft before it and the sentence that takes it back.
  function fresh() {
    return { votes: {}, none: {}, cursor: undefined, mode: null, swap: null, f: {}, loyalty: {}, lcursor: undefined,
        tell: {}, trail: [] };
  }
  const snapshot = () => JSON.stringify({ ...draft, trail: undefined });

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
    const last = draft.trail.pop();
    if (!last) return "";
    const trail = draft.trail;
    draft = { ...JSON.parse(last.before), trail };
    Vote().forget();
    changed();
    return last.text;
  }

  // Another phone's entry: a draft for the same turn stays; otherwise it goes, with why.
  function keep() {
    const v = view();
    if (turnOf(v) === drawnTurn) return null;
    const last = game().history[game().history.length - 1];
    const what = last ? `\u201c${last.text}\u201d was stored on another phone` : "The table moved on";
    return `${what}, so what was entered here was dropped.`;
  }

  // Places from the Kingseat clockwise (or from another player's place), with who sits there.
  function aroundFrom(place) {
    const v = view();
    const n = v.seating.length;
    return v.seating.map((_, i) => (place + i) % n).map((at) => ({ place: at, player: v.seating[at],
        offset: (at - v.kingseat + n) % n }));
  }

  const many = (kind, n) => `<span class="ks-many">${chip(kind)}${n > 1
      ? `<span class="ks-times">\u00d7${n}</span>` : ""}</span>`;
  // Princes by votes, most first, then in catalogue order (JSON objects lose their order).
  const ranked = (tally) => Object.entries(tally).sort((x, y) => y[1] - x[1]
    || C.catalogue.princes.findIndex((p) => p.id === x[0]) - C.catalogue.princes.findIndex((p) => p.id === y[0]));
  const placeName = (offset) => (offset === 0 ? "Kingseat" : `${offset} clockwise`);
  const crowned = (p) => `${view().players[p].king ? "\u265b " : ""}${escape(nameOf(p))}`;

  // ------------------------------------------------------------------ status, table, piles

  function drawStatus() {
    const g = game();
    const v = view();
    const give = v.give_cards;
    const arrow = give ? (give.direction === "left" ? "\u21bb" : "\u21ba") : "";
    $("#status").innerHTML = `
      ${g.result ? `<p class="winner" id="winner">${escape(g.result.reason)}</p>` : ""}
      <p class="ks-line1${mineButton() ? " with-mine" : ""}"><span><span id="round">Round ${v.round
          }</span> \u00b7 <span id="phase">${PHASES[v.phase]}${v.vote && v.vote.replay ? " (again)" : ""}</span></span>
        <span class="ks-king">\u265b King: <strong id="king">${escape(nameOf(v.king))}</strong></span>${mineButton()
            }</p>
      ${v.phase !== "vote" ? "" : v.vote.replay
          ? `<p class="ks-give" id="revote">Brownbeards\u2019 dark 2 took the round back:`
            + ` every card is back in its Hand. Vote round ${v.round} again, with no new Give Cards.</p>`
        : v.round === 1 && !v.last_vote
            ? `<div class="ks-give ks-setup" id="setup-reminder">`
            + `<p><span>Setup: pass 2 cards right, then 2 left;</span> <span>set 1 face down as your Loyalty.</span></p>
          <p class="ks-give" id="give-cards" data-direction="${give.direction
              }"><span class="ks-arrow" aria-hidden="true">${arrow
              }</span><span>Round 1: hand one card to the left.</span></p></div>`
        : `<p class="ks-give" id="give-cards" data-direction="${give.direction
            }"><span class="ks-arrow" aria-hidden="true">${arrow}</span>
        <span>Hand one card to the ${give.direction === "left" ? "left (clockwise)" : "right (anticlockwise)"
            }.</span></p>`}`;
  }

  function drawTable() {
    const v = view();
    const winner = v.phase === "action" && v.last_vote ? v.last_vote.winner : null;
    const acting = v.action ? v.action.player : null;
    $("#seats").innerHTML = aroundFrom(v.kingseat).map(({ place, player, offset }) => {
      const p = v.players[player];
      const tags = [];
      if (p.sits_out) tags.push(`<span class="ks-tag">sits out</span>`);
      if (p.forced && v.phase === "vote") tags.push(`<span class="ks-tag">must vote ${
          escape(C.princeName(p.forced.prince))}</span>`);
      if (p.order && v.phase !== "over") tags.push(`<span class="ks-tag">ordered to ${p.order === "swap"
          ? "swap" : "use the action"}</span>`);
      if (!p.hand && v.phase === "vote") tags.push(`<span class="ks-tag">no cards</span>`);
      if (p.played) {
        const won = C.princeOf(p.played) === winner;
        tags.push(`${chip(p.played)} <span class="ks-tag${player === acting ? " now" : ""}">${won
            ? "won" : player === acting ? "acts now" : p.to_act ? "to act" : "acted"}</span>`);
      }
      if (p.loyalty) tags.push(`<span class="small">Loyal to</span> ${princeChip(p.loyalty)}`);
      else if (p.loyalty_set) tags.push(`<span class="ks-tag">Loyalty set aside</span>`);
      return `<li class="ks-seat${p.king ? " king" : ""}${player === acting ? " acting" : ""}" data-player="${player
          }" data-place="${place}">
        <span class="ks-place">${placeName(offset)}</span>
        <span class="ks-who">${p.king ? `<span class="ks-crown" aria-label="King">\u265b</span> ` : ""}<strong>${
            escape(p.name)}</strong>
          <span class="ks-hand"><strong data-hand="${player}">${p.hand}</strong> ${p.hand === 1
              ? "card" : "cards"}</span></span>
        ${tags.length ? `<span class="ks-tags">${tags.join(" ")}</span>` : ""}
      </li>`;
    }).join("");
    $("#warnings").innerHTML = v.warnings.map((w) => `<p class="notice ks-warning">${escape(w)}</p>`).join("");
  }

  function drawPiles() {
    const v = view();
    const t = v.tell;
    const discard = Object.entries(v.discard);
    $("#piles-box summary").textContent = `The Tell (${t.size}) and the Discard (${v.discard_size})`;
    $("#piles").innerHTML = `
      <div class="ks-pile" id="tell">
        <div class="ks-back" aria-hidden="true"><span>${t.size}</span></div>
        <div><h3>The Tell</h3>
          <p><strong id="tell-size">${t.size}</strong> ${t.size === 1 ? "card" : "cards"}${t.cards
              ? ", turned over" : ", face down: counted at the end. What went in is for the table to remember"}.</p>
          ${t.leftovers.length ? `<p class="small" id="leftovers">Left over from the deal: ${
              escape(and(t.leftovers.map(C.cardName)))}.</p>` : ""}</div>
      </div>
      <div class="ks-pile" id="discard-pile">
        <div class="ks-back open" aria-hidden="true"><span>${v.discard_size}</span></div>
        <div><h3>The Discard</h3>
          <p><strong id="discard-size">${v.discard_size}</strong> ${v.discard_size === 1 ? "card" : "cards"}, face up${
              discard.length ? ":" : "."}</p>
          ${discard.length ? `<p class="ks-cards" id="discard">${discard.map(([k, n]) => many(k, n)).join(" ")
              }</p>` : ""}</div>
      </div>`;
  }

  function drawEvents() {
    const v = view();
    const list = (lines) => lines.map((line) => `<li>${escape(line)}</li>`).join("");
    const next = v.next_round;
    const coming = [];
    if (v.phase === "action") {
      if (next.open_vote) coming.push(`an open vote${next.first !== null
          ? `, ${nameOf(next.first)} laying the first card` : ""}`);
      if (next.no_actions) coming.push("no card actions");
      for (const p of next.sit_out) coming.push(`${nameOf(p)} sits out`);
      for (const f of next.forced) coming.push(`${nameOf(f.player)} must vote ${C.princeName(f.prince)}`);
      for (const o of next.orders) coming.push(`${nameOf(o.player)} must then ${o.order === "swap"
          ? "swap places" : "use their card's action"}`);
      for (const p of next.new_king) coming.push(`${nameOf(p)} takes the Kingseat`);
    }
    const lastVote = v.last_vote && !(v.phase === "vote" && v.last_vote.round === v.round && !v.last_vote.undone)
        ? v.last_vote : null;
    $("#events").innerHTML = `
      ${lastVote ? `<p class="ks-last-vote" id="last-vote"><strong>Round ${lastVote.round} vote${lastVote.undone
          ? " (undone)" : ""}:</strong> ${escape(lastVote.text)}</p>` : ""}
      ${v.events.length ? `<ul class="ks-events" id="round-events">${list(v.events)
          }</ul>` : `<p class="small">Nothing yet.</p>`}
      ${coming.length ? `<p class="small" id="coming"><strong>Next round:</strong> ${escape(and(coming))}.</p>` : ""}
      ${v.last_events.length
          ? `<details id="last-events-box"><summary>The round before</summary><ul class="ks-events" id="last-events">${
          list(v.last_events)}</ul></details>` : ""}`;
  }

  // A strip of players four to a row when that saves a row (4 players: one row; 7 or more).
  const fourToARow = (n) => (n > 8 ? " five" : n === 4 || n > 6 ? " many" : "");

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
      const turn = `${a.name}'s turn: `;
      if (!mode) return { missing: `${turn}use the ${a.card_name}, swap places or do nothing?` };
      if (mode === "pass") return { move: { type: "pass", player: a.player } };
      if (mode === "swap") {
        return draft.swap === null ? { missing: `${turn}tap who ${a.name} swaps places with` }
          : { move: { type: "swap", player: a.player, with: draft.swap } };
      }
      try {
        return { move: actionMove() };
      } catch (err) {
        return { missing: `${turn}${err.message[0].toLowerCase()}${err.message.slice(1)}` };
      }
    }
    if (v.phase === "reveal") {
      const total = tellTotal();
      const size = v.reveal.size;
      if (total < size) return { missing: `Count the Tell: ${plural(size - total, "card")} to go` };
      if (total > size) return { missing: `${plural(total - size, "card")} too many: the Tell holds ${size}` };
      return { move: { type: "reveal", tell: Object.fromEntries(Object.entries(draft.tell).filter(([, n]) =>
          n > 0)) } };
    }
    if (v.phase === "loyalty") {
      const loyal = (p) => p.loyalty || draft.loyalty[p.player];
      const left = v.players.filter((p) => !loyal(p));
      if (left.length) {
        const now = loyalNow();
        const who = now !== null && !loyal(v.players[now]) ? v.players[now] : left[0];
        return { missing: `${who.name}'s Loyalty: tap the prince on their card (${v.players.length - left.length} of ${
            v.players.length})` };
      }
      return { move: { type: "loyalty", loyalties: v.players.map(loyal) } };
    }
    return { missing: "The game is over." };
  }

  // The forced choice (the rules leave one) or the one tapped.

  // ------------------------------------------------------------------ drawing, checking, storing

  const keyOf = () => JSON.stringify([game().seq, currentMove().move || null]);

  function redraw() {
    const v = view();
    const turn = turnOf(v);
    if (turn !== drawnTurn) reset();  // a new turn (the draft, if any, was kept or dropped)
    drawnTurn = turn;
    drawStatus();
    drawTable();
    drawPiles();
    drawEvents();
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
          ? checked.data.error : { message: "The companion did not answer." }, "error");
      refusing = true;
    } else {
      unsay();
    }
    const box = $(`#${v.phase}-preview`);
    const html = box && { vote: votePreview, action: actionPreview, reveal: revealPreview,
        loyalty: loyaltyPreview }[v.phase]();
    if (box && drawnHtml.get(box) !== html) {  // nothing under the finger is redrawn for nothing
      box.innerHTML = html;
      drawnHtml.set(box, html);
    }
    drawToolbar();
  }

  function mover() {
    const v = view();
    return v.phase === "action" ? `${v.action.name}'s turn` : PHASES[v.phase];
  }

  function drawToolbar() {
    const v = view();
    const record = $("#record");
    if (v.phase === "over") {  // the shared bar hides Store with the turn's controls
      $("#prompt").textContent = "The game is over: the result is at the top.";
      return;
    }
    const now = currentMove();
    const here = checked && checked.key === keyOf();
    const ok = now.move && here && checked.status === 200;
    const refused = now.move && here && checked.status === 422;
    const mode = v.phase === "action" ? modeOf() : null;
    const labels = {
      vote: "Store the vote", loyalty: "Store the Loyalties", reveal: "Turn the Tell over",
      action: mode === "swap" ? "Store the swap" : mode === "pass" ? "Store: do nothing" : "Store the action",
    };
    record.textContent = labels[v.phase];
    const question = v.phase === "vote" && scanQuestion();
    record.disabled = !now.move || refused || Boolean(question);
    let prompt = now.missing || "";
    if (now.move) {
      prompt = `${mover()}: ${ok ? "check it, then store it" : refused
          ? "the rules refuse this (see the message)" : here ? "not checked: store it to try" : "checking\u2026"}`;
    }
    if (question && !refused) prompt = "Say who played the scanned cards, then tap \u201cThe seats are right\u201d";
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
    const before = snapshot();
    change();
    if (snapshot() !== before) draft.trail.push({ before, text });
    changed();
  }

  const label = (button) => (button.getAttribute("aria-label") || button.textContent).replace(/\s+/g, " ").trim();

  function tapVote(kind) {
    const now = voterNow();
    if (now === null) return;
    step(`Took back ${nameOf(now)}'s vote: ${C.cardName(kind)}.`, () => {
      draft.votes[now] = kind;
      draft.cursor = after(voteOrder(), now, (p) => !draft.votes[p]);
    });
  }

  function tapDiscard(kind) {
    const n = view().action.needs;
    const optional = view().action.card === "squlofish-dark2";
    const now = optional ? draft.f.dcursor : discarderNow(n.discards);
    if (now === null || now === undefined) return;
    step(kind ? `Took back ${nameOf(now)}'s discard: ${C.cardName(kind)}.` : `Took back: ${nameOf(now)
        } discarded nothing.`, () => {
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
      step(`Took back who played card ${i + 1}.`, () => Vote().scanSeat(i, button.dataset.scanSeat === ""
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
      step(`Took back: ${nameOf(p)} ${draft.none[p] ? "holds" : "holds no"} such card.`, () =>
          { draft.none[p] = !draft.none[p]; });
      return;
    }
    if (button.dataset.discarder !== undefined) {
      draft.f.dcursor = Number(button.dataset.discarder);  // where to enter, not a step
      changed();
      return;
    }
    if (button.dataset.discardKind !== undefined) { tapDiscard(button.dataset.discardKind); return; }
    const before = snapshot();
    if (C.pickerTap(button, (why) => Companion.say(why, "notice"))) {
      if (snapshot() !== before) draft.trail.push({ before, text: `Took back \u201c${label(button)}\u201d.` });
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
      step(`Took back ${by > 0 ? "one more" : "one fewer"} ${C.cardName(kind)} in the count.`,
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
      step(`Took back ${nameOf(player)}'s Loyalty: ${C.princeName(button.dataset.prince)}.`, () => {
        draft.loyalty[player] = button.dataset.prince;
        draft.lcursor = after(loyalOrder(), player, (p) => !view().players[p].loyalty && !draft.loyalty[p]);
      });
      return;
    }
    if (button.dataset.mode) {
      step(`Took back \u201c${label(button)}\u201d for ${v.action.name}.`, () => {
        if (draft.mode !== button.dataset.mode) { draft.mode = button.dataset.mode; draft.swap = null; draft.f = {}; }
      });
      return;
    }
    if (button.dataset.swap !== undefined) {
      step(`Took back the swap with ${nameOf(Number(button.dataset.swap))}.`, () =>
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
    step(`Took back \u201c${label(button)}\u201d.`, () => {
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

  // A typed number: a step too (typing the next digit replaces the last step's
  // value rather than adding one).
  function onInput(event) {
    const target = event.target;
    let key;
    let value;
    let text;
    if (target.closest(".stepper") && target.name) {
      key = ["f", target.name];
      value = target.value === "" ? undefined : Math.max(0, Math.floor(Number(target.value)) || 0);
      const label = target.closest(".stepper").querySelector(".stepper-label").firstChild.textContent.trim();
      text = `Took back \u201c${label}\u201d: ${target.value === "" ? "nothing" : target.value}.`;
    } else {
      return;
    }
    const last = draft.trail[draft.trail.length - 1];
    const before = snapshot();
    draft[key[0]][key[1]] = value;
    if (last && last.field === key.join()) last.text = text;
    else draft.trail.push({ before, text, field: key.join() });
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
      draft: { steps: () => draft.trail.length, undo, keep },
    });
  }

  return {
    start, get draft() { return draft; }, get checked() { return checked; },
    $, game, view, nameOf, changed, crowned, fourToARow, currentMove, keyOf, aroundFrom, ranked, snapshot,
    many, scannedTell: (cards) => End().scannedTell(cards),
  };
})();
