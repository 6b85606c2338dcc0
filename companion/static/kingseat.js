// Kingseat's pages. The setup page (KingseatSetup): princes ticked by set or by hand, colour
// warnings, the deal (with or without the Dark cards) and the leftover cards. The game page
// (Kingseat): the table around the Kingseat, the Tell as a face-down pile (its size and the
// deal's leftovers, never what went in by kind), each round's vote tapped in and checked
// (winner and tie-break shown before it is stored), the action phase player by player (swap,
// do nothing or the card's action with its fields; a card put into the Tell face down is never
// named), a phone's own Loyalty on a sheet of its own (press and hold My Loyalty), the Tell turned over
// (counted by tapping or by photos), the Loyalties and the final count. The engine decides
// everything; the page only asks for what it needs and shows its answers.
"use strict";

const KingseatCards = (() => {
  const $ = (selector, root = document) => root.querySelector(selector);
  const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));
  const escape = (text) => String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  const plural = (n, word, many) => `${n} ${n === 1 ? word : (many || `${word}s`)}`;
  const and = (words) => (words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`);
  const DARK = ["Regular", "Dark 1", "Dark 2"];

  const catalogue = JSON.parse(document.getElementById("catalogue").textContent);
  const PRINCE = Object.fromEntries(catalogue.princes.map((p) => [p.id, p]));
  const KIND = Object.fromEntries(catalogue.kinds.map((k) => [k.id, k]));
  const kindsOf = (prince) => [prince, `${prince}-dark1`, `${prince}-dark2`];
  const princeOf = (kind) => KIND[kind].prince;
  const cardName = (kind) => (KIND[kind] ? KIND[kind].name : kind);
  const princeName = (prince) => (PRINCE[prince] ? PRINCE[prince].name : prince);

  // Black or white writing, whichever has the higher contrast on this background (WCAG).
  function luminance(hex) {
    const n = parseInt(hex.slice(1), 16);
    const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }
  const DARK_INK = "#000000";
  function ink(hex) {
    const l = luminance(hex);
    return (l + 0.05) / (luminance(DARK_INK) + 0.05) >= 1.05 / (l + 0.05) ? DARK_INK : "#fff";
  }

  // The inline style that colours a card of this prince (dark: 1 or 2 for a dark card).
  function paint(prince, dark = 0) {
    const p = PRINCE[prince];
    if (!p.hex) {  // Salsa Salamanda: a multicoloured picture, drawn as stripes
      const step = 100 / p.stripes.length;
      const stripes = `linear-gradient(90deg, ${p.stripes.map((c, i) => `${c} ${i * step}% ${(i + 1) * step}%`).join(", ")})`;
      return dark ? `--bg: linear-gradient(rgba(0,0,0,.55), rgba(0,0,0,.55)), ${stripes}; --ink: #fff; --halo: 0 0 3px #000, 0 0 2px #000`
        : `--bg: ${stripes}; --ink: #111; --halo: 0 0 3px #fff, 0 0 2px #fff, 0 0 1px #fff`;
    }
    const bg = dark ? p.dark_hex : p.hex;
    return `--bg: ${bg}; --ink: ${ink(bg)}`;
  }

  function chip(kind, extra = "") {
    const k = KIND[kind];
    return `<span class="ks-chip ks-c${k.dark ? " dark" : ""}" style="${paint(k.prince, k.dark)}" ${extra}>${escape(k.name)}</span>`;
  }

  function princeChip(prince) {
    return `<span class="ks-chip ks-c" style="${paint(prince)}" data-prince="${prince}">${escape(princeName(prince))}</span>`;
  }

  // ------------------------------------------------------------------ the card picker
  // The princes as coloured buttons; tapping one shows its cards (regular, dark 1, dark 2).
  // With room for one card a prince's tap chooses its regular card at once and a dark button
  // changes it; with room for more, each tap of a card adds one. Chosen cards are chips that
  // come off with a tap.
  const pickers = {};  // key -> {get, set, max, kinds, limit}
  const opened = {};   // key -> the prince shown

  function picker(key, chosen, options) {
    const { max, kinds, limit } = options;
    pickers[key] = { chosen, ...options };
    const princes = [];
    for (const kind of kinds) if (!princes.includes(princeOf(kind))) princes.push(princeOf(kind));
    let open = opened[key];
    if (!princes.includes(open)) {
      open = max === 1 && chosen.length ? princeOf(chosen[0]) : (princes.length === 1 ? princes[0] : null);
    }
    const count = (kind) => chosen.filter((c) => c === kind).length;
    const chips = chosen.map((kind, i) => {
      const k = KIND[kind];
      return `<button type="button" class="ks-chip ks-c${k.dark ? " dark" : ""}" style="${paint(k.prince, k.dark)}" data-unpick="${i}" aria-label="Take off ${escape(k.name)}">${escape(k.name)} <span aria-hidden="true">\u00d7</span></button>`;
    }).join("");
    const cards = open ? kindsOf(open).filter((kind) => kinds.includes(kind)).map((kind) => {
      const dark = KIND[kind].dark;
      const left = limit ? limit(kind) - count(kind) : null;
      const selected = max === 1 && chosen[0] === kind;
      const full = max > 1 && (chosen.length >= max || (left !== null && left <= 0));
      const why = !full ? "" : chosen.length >= max ? `${plural(max, "card")} ${max === 1 ? "is" : "are"} picked already: take one off first.`
        : `No ${KIND[kind].name} is left to pick.`;
      return `<button type="button" class="ks-kind ks-c${dark ? " dark" : ""}${selected ? " selected" : ""}${full ? " greyed" : ""}" style="${paint(open, dark)}" data-kind="${kind}" ${full ? `aria-disabled="true" data-why="${escape(why)}"` : ""}>${DARK[dark]}${left !== null && max > 1 ? ` <small>(${left} left)</small>` : ""}</button>`;
    }).join("") : "";
    // One card: the card chosen is the one outlined (no row of chips). One prince: its cards.
    return `<div class="ks-picker" data-pick="${escape(key)}">
      ${max > 1 ? `<div class="ks-chosen">${chips || `<span class="small">${escape(options.empty || "No card yet")}</span>`}<span class="small ks-count">${chosen.length} of ${max}</span></div>` : ""}
      <div class="ks-princes${princes.length === 1 ? " ks-gone" : ""}">${princes.map((prince) => `<button type="button" class="ks-prince ks-c${prince === open ? " selected" : ""}" style="${paint(prince)}" data-prince="${prince}">${escape(princeName(prince))}</button>`).join("")}</div>
      ${cards ? `<div class="ks-kinds">${cards}</div>` : ""}
    </div>`;
  }

  // A tap inside a picker: returns true when it was one (the caller redraws). A greyed card
  // changes nothing: `say` is told why.
  function pickerTap(button, say) {
    const root = button.closest("[data-pick]");
    if (!root) return false;
    const key = root.dataset.pick;
    const p = pickers[key];
    if (!p) return false;
    if (button.dataset.why) {
      say(button.dataset.why);
      return true;
    }
    let chosen = p.chosen.slice();
    if (button.dataset.prince) {
      const prince = button.dataset.prince;
      opened[key] = prince;
      if (p.max === 1) {
        const first = kindsOf(prince).find((kind) => p.kinds.includes(kind));
        if (!chosen.length || princeOf(chosen[0]) !== prince) chosen = [first];
      }
    } else if (button.dataset.kind) {
      const kind = button.dataset.kind;
      if (p.max === 1) chosen = [kind];
      else if (chosen.length < p.max) chosen.push(kind);
    } else if (button.dataset.unpick !== undefined) {
      chosen.splice(Number(button.dataset.unpick), 1);
    } else {
      return false;
    }
    p.set(chosen);
    return true;
  }

  function forget() {
    for (const key of Object.keys(opened)) delete opened[key];
  }

  return { $, $$, escape, plural, and, catalogue, PRINCE, KIND, kindsOf, princeOf, cardName, princeName, paint, chip, princeChip, picker, pickerTap, forget };
})();

// ==================================================================== the setup page

const KingseatSetup = (() => {
  const C = KingseatCards;
  const { $, $$, escape, plural } = C;

  function start() {
    const form = $("#setup");
    const field = $("#leftovers");
    let picked = field.value.split(/[\s,]+/).map((id) => id.toLowerCase()).filter((id) => C.KIND[id]);
    $("#leftovers-typed").hidden = true;  // the picker below writes it
    for (const swatch of $$("[data-swatch]")) swatch.setAttribute("style", C.paint(swatch.dataset.swatch));

    const names = () => $$("[data-name]").map((input) => input.value.trim());
    const ticked = () => C.catalogue.princes.map((p) => p.id).filter((id) => form.querySelector(`[data-prince-box="${id}"]`).checked);
    const ruling = (id, fallback) => {
      const radio = form.querySelector(`input[name="ruling-${id}"]:checked`);
      return radio ? Number(radio.value) : fallback;
    };

    function update() {
      const all = names();
      const players = all.filter(Boolean).length;
      // The Kingseat list shows the names typed so far.
      // Nothing is chosen until the user says who sits there; a cleared name drops out.
      const seat = $("#kingseat");
      for (const option of seat.options) {
        if (option.value === "") continue;
        const name = all[Number(option.value)];
        option.textContent = name || "";
        option.hidden = option.disabled = !name;
      }
      if (seat.selectedOptions[0] && seat.selectedOptions[0].disabled) seat.value = "";
      const princes = ticked();
      const warnings = [];
      const chosen = C.catalogue.princes.filter((p) => princes.includes(p.id));
      chosen.forEach((a, i) => chosen.slice(i + 1).forEach((b) => {
        if (a.family === b.family) {
          warnings.push(`${a.name} and ${b.name} have similar colours (${a.colour} and ${b.colour}): the rules advise against playing them together.`);
        }
      }));
      if (princes.length < players) {
        warnings.push(`With ${plural(players, "player")} the game needs at least ${players} princes; ${princes.length} ${princes.length === 1 ? "is" : "are"} ticked.`);
      }
      if (players > 10) warnings.push(`Kingseat is published for 4 to 10 players; the app keeps count for ${players} all the same.`);
      $("#prince-warnings").innerHTML = warnings.map((w) => `<p class="notice ks-warning">${escape(w)}</p>`).join("");

      // Without the Dark cards each prince has only its regular ones (two fewer).
      const dark = ruling("dark_cards", 1) === 1;
      const printed = ruling("cards_per_prince", 9);
      const per = dark ? printed : printed - 2;
      const cards = princes.length * per;
      const n = Math.max(players, 1);
      const hand = Math.floor(cards / n);
      const left = players ? cards % n : 0;
      $("#deal").innerHTML = players && princes.length
        ? `<strong>${cards} cards</strong> (${princes.length} princes of ${per}${dark ? "" : ", without the Dark cards"}): <strong>${hand}</strong> to each of ${plural(players, "player")}
           (${hand - 1} in hand once the Loyalty card is set aside), <strong id="deal-left">${left}</strong> left over${left ? ", face up into the Tell" : ""}.`
        : "Type the names and tick the princes to see the deal.";
      // The leftover cards: only cards of princes in play, as many as the deal leaves.
      const kinds = C.catalogue.kinds.filter((k) => princes.includes(k.prince) && (dark || !k.dark)).map((k) => k.id);
      picked = picked.filter((id) => kinds.includes(id)).slice(0, left);
      field.value = picked.join(" ");
      $("#leftover-box").hidden = !left;
      if (left) {
        $("#leftover-prompt").innerHTML = `Which ${left === 1 ? "card was" : `${left} cards were`} left over? Turn ${left === 1 ? "it" : "them"} face up and tap ${left === 1 ? "it" : "them"} in.`;
        $("#leftover-picker").innerHTML = C.picker("leftovers", picked, {
          max: left, kinds, empty: "No leftover card picked yet",
          limit: (id) => (C.KIND[id].dark ? 1 : printed - 2),
          set: (cards) => { picked = cards; update(); },
        });
      }
    }

    form.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button) return;
      if (button.dataset.set) {
        const members = C.catalogue.sets[button.dataset.set];
        for (const box of $$("[data-prince-box]")) box.checked = members.includes(box.dataset.princeBox);
        update();
      } else if (C.pickerTap(button, (why) => { $("#leftover-why").textContent = why; })) {
        event.preventDefault();
      }
    });
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    form.addEventListener("submit", () => { field.value = picked.join(" "); });
    update();
  }

  return { start };
})();

// ==================================================================== the game page

const Kingseat = (() => {
  const C = KingseatCards;
  const { $, escape, plural, and, chip, princeChip } = C;
  const game = () => Companion.game;
  const view = () => game().view;
  const nameOf = (p) => view().players[p].name;
  const PHASES = { vote: "The vote", action: "Actions", reveal: "The Tell", loyalty: "Loyalties", over: "Game over" };

  let draft = fresh();
  let checked = null;   // the engine's answer to the draft: {key, status, data}
  let checkTimer = null;
  let asked = 0;        // the latest check asked; older answers are dropped
  let scan = null;      // a photo of the vote: {cards: [kind], seats: [player|null], confirmed}
  let mine = null;      // this phone's Loyalty panel: {busy, error}

  // The draft: what this phone has entered of the turn. `cursor` is the voter being entered
  // (undefined: the first without a vote; null: every vote is in, the result is shown), and
  // `lcursor` the same for the Loyalties;
  // `trail` holds, for each step, the draft before it and the sentence that takes it back.
  function fresh() {
    return { votes: {}, none: {}, cursor: undefined, mode: null, swap: null, f: {}, loyalty: {}, lcursor: undefined, tell: {}, trail: [] };
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
    scan = null;
    mine = null;
    C.forget();
  }

  // Take back the last step of the draft and say what it was.
  function undo() {
    const last = draft.trail.pop();
    if (!last) return "";
    const trail = draft.trail;
    draft = { ...JSON.parse(last.before), trail };
    scan = null;
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
    return v.seating.map((_, i) => (place + i) % n).map((at) => ({ place: at, player: v.seating[at], offset: (at - v.kingseat + n) % n }));
  }

  const many = (kind, n) => `<span class="ks-many">${chip(kind)}${n > 1 ? `<span class="ks-times">\u00d7${n}</span>` : ""}</span>`;
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
      <p class="ks-line1${mineButton() ? " with-mine" : ""}"><span><span id="round">Round ${v.round}</span> \u00b7 <span id="phase">${PHASES[v.phase]}${v.vote && v.vote.replay ? " (again)" : ""}</span></span>
        <span class="ks-king">\u265b King: <strong id="king">${escape(nameOf(v.king))}</strong></span>${mineButton()}</p>
      ${v.phase !== "vote" ? "" : v.vote.replay ? `<p class="ks-give" id="revote">Brownbeards\u2019 dark 2 took the round back: every card is back in its Hand. Vote round ${v.round} again, with no new Give Cards.</p>`
        : v.round === 1 && !v.last_vote ? `<div class="ks-give ks-setup" id="setup-reminder"><p><span>Setup: pass 2 cards right, then 2 left;</span> <span>set 1 face down as your Loyalty.</span></p>
          <p class="ks-give" id="give-cards" data-direction="${give.direction}"><span class="ks-arrow" aria-hidden="true">${arrow}</span><span>Round 1: hand one card to the left.</span></p></div>`
        : `<p class="ks-give" id="give-cards" data-direction="${give.direction}"><span class="ks-arrow" aria-hidden="true">${arrow}</span>
        <span>Hand one card to the ${give.direction === "left" ? "left (clockwise)" : "right (anticlockwise)"}.</span></p>`}`;
  }

  function drawTable() {
    const v = view();
    const winner = v.phase === "action" && v.last_vote ? v.last_vote.winner : null;
    const acting = v.action ? v.action.player : null;
    $("#seats").innerHTML = aroundFrom(v.kingseat).map(({ place, player, offset }) => {
      const p = v.players[player];
      const tags = [];
      if (p.sits_out) tags.push(`<span class="ks-tag">sits out</span>`);
      if (p.forced && v.phase === "vote") tags.push(`<span class="ks-tag">must vote ${escape(C.princeName(p.forced.prince))}</span>`);
      if (p.order && v.phase !== "over") tags.push(`<span class="ks-tag">ordered to ${p.order === "swap" ? "swap" : "use the action"}</span>`);
      if (!p.hand && v.phase === "vote") tags.push(`<span class="ks-tag">no cards</span>`);
      if (p.played) {
        const won = C.princeOf(p.played) === winner;
        tags.push(`${chip(p.played)} <span class="ks-tag${player === acting ? " now" : ""}">${won ? "won" : player === acting ? "acts now" : p.to_act ? "to act" : "acted"}</span>`);
      }
      if (p.loyalty) tags.push(`<span class="small">Loyal to</span> ${princeChip(p.loyalty)}`);
      else if (p.loyalty_set) tags.push(`<span class="ks-tag">Loyalty set aside</span>`);
      return `<li class="ks-seat${p.king ? " king" : ""}${player === acting ? " acting" : ""}" data-player="${player}" data-place="${place}">
        <span class="ks-place">${placeName(offset)}</span>
        <span class="ks-who">${p.king ? `<span class="ks-crown" aria-label="King">\u265b</span> ` : ""}<strong>${escape(p.name)}</strong>
          <span class="ks-hand"><strong data-hand="${player}">${p.hand}</strong> ${p.hand === 1 ? "card" : "cards"}</span></span>
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
          <p><strong id="tell-size">${t.size}</strong> ${t.size === 1 ? "card" : "cards"}${t.cards ? ", turned over" : ", face down: counted at the end. What went in is for the table to remember"}.</p>
          ${t.leftovers.length ? `<p class="small" id="leftovers">Left over from the deal: ${escape(and(t.leftovers.map(C.cardName)))}.</p>` : ""}</div>
      </div>
      <div class="ks-pile" id="discard-pile">
        <div class="ks-back open" aria-hidden="true"><span>${v.discard_size}</span></div>
        <div><h3>The Discard</h3>
          <p><strong id="discard-size">${v.discard_size}</strong> ${v.discard_size === 1 ? "card" : "cards"}, face up${discard.length ? ":" : "."}</p>
          ${discard.length ? `<p class="ks-cards" id="discard">${discard.map(([k, n]) => many(k, n)).join(" ")}</p>` : ""}</div>
      </div>`;
  }

  function drawEvents() {
    const v = view();
    const list = (lines) => lines.map((line) => `<li>${escape(line)}</li>`).join("");
    const next = v.next_round;
    const coming = [];
    if (v.phase === "action") {
      if (next.open_vote) coming.push(`an open vote${next.first !== null ? `, ${nameOf(next.first)} laying the first card` : ""}`);
      if (next.no_actions) coming.push("no card actions");
      for (const p of next.sit_out) coming.push(`${nameOf(p)} sits out`);
      for (const f of next.forced) coming.push(`${nameOf(f.player)} must vote ${C.princeName(f.prince)}`);
      for (const o of next.orders) coming.push(`${nameOf(o.player)} must then ${o.order === "swap" ? "swap places" : "use their card's action"}`);
      for (const p of next.new_king) coming.push(`${nameOf(p)} takes the Kingseat`);
    }
    const lastVote = v.last_vote && !(v.phase === "vote" && v.last_vote.round === v.round && !v.last_vote.undone) ? v.last_vote : null;
    $("#events").innerHTML = `
      ${lastVote ? `<p class="ks-last-vote" id="last-vote"><strong>Round ${lastVote.round} vote${lastVote.undone ? " (undone)" : ""}:</strong> ${escape(lastVote.text)}</p>` : ""}
      ${v.events.length ? `<ul class="ks-events" id="round-events">${list(v.events)}</ul>` : `<p class="small">Nothing yet.</p>`}
      ${coming.length ? `<p class="small" id="coming"><strong>Next round:</strong> ${escape(and(coming))}.</p>` : ""}
      ${v.last_events.length ? `<details id="last-events-box"><summary>The round before</summary><ul class="ks-events" id="last-events">${list(v.last_events)}</ul></details>` : ""}`;
  }

  // ------------------------------------------------------------------ the vote

  function voteOrder() {
    const v = view();
    const start = v.vote.open && v.vote.first !== null ? v.players[v.vote.first].place : v.kingseat;
    return aroundFrom(start).map(({ player }) => player).filter((p) => v.vote.voters.includes(p));
  }

  function forcedOf(p) {
    return view().vote.forced.find((f) => f.player === p) || null;
  }

  // The voter being entered: the one the draft points at, else the first without a vote
  // (null once every vote is in).
  function voterNow() {
    if (draft.cursor !== undefined) return draft.cursor;
    const left = voteOrder().find((p) => !draft.votes[p]);
    return left === undefined ? null : left;
  }

  // Votes that break a Woolfhall or Crassclamps order: the player may hold no such card.
  const breaking = () => view().vote.voters.filter((p) => {
    const forced = forcedOf(p);
    return forced && draft.votes[p] && C.princeOf(draft.votes[p]) !== forced.prince;
  });

  function voteMove() {
    const v = view();
    const votes = v.players.map((p) => (v.vote.voters.includes(p.player) ? (draft.votes[p.player] || null) : null));
    const held = breaking().filter((p) => draft.none[p]);
    const move = { type: "vote", votes };
    if (held.length) move.none_held = held;
    return move;
  }

  function voteMissing() {
    const left = voteOrder().filter((p) => !draft.votes[p]);
    if (!left.length) return "";
    const now = voterNow();
    const who = now !== null && !draft.votes[now] ? now : left[0];
    return `${nameOf(who)}'s vote: tap their card (${view().vote.voters.length - left.length} of ${view().vote.voters.length})`;
  }

  // The cards a vote may be: a row a prince (its regular card, then Dark 1 and Dark 2).
  function cardGrid(kinds, chosen, label, attribute = "data-vote-kind") {
    const princes = view().princes.filter((prince) => C.kindsOf(prince).some((k) => kinds.includes(k)));
    const two = princes.length > 7;  // two princes a row, so that twelve fit the screen
    const cells = (prince) => C.kindsOf(prince).map((kind, dark) => {
      if (!kinds.includes(kind)) return `<span class="ks-none" aria-hidden="true"></span>`;
      const name = C.cardName(kind);
      return `<button type="button" class="ks-cell ks-c${dark ? " dark" : ""}${chosen === kind ? " selected" : ""}" style="${C.paint(prince, dark)}"
        ${attribute}="${kind}" aria-label="${escape(name)}" ${chosen === kind ? 'aria-pressed="true"' : ""}>${dark ? `${two ? "D" : "Dark "}${dark}` : escape(C.princeName(prince))}</button>`;
    }).join("");
    return `<div class="ks-grid${two ? " two" : ""}" role="group" aria-label="${escape(label)}">${princes.map((prince) => `<div class="ks-row">${cells(prince)}</div>`).join("")}</div>`;
  }

  function drawVote() {
    const v = view();
    const vote = v.vote;
    const now = voterNow();
    const strip = voteOrder().map((p) => {
      const kind = draft.votes[p];
      const style = kind ? ` style="${C.paint(C.princeOf(kind), C.KIND[kind].dark)}"` : "";
      return `<button type="button" class="ks-voter${kind ? ` ks-c${C.KIND[kind].dark ? " dark" : ""}` : " secondary"}${p === now ? " now" : ""}"${style} data-voter="${p}"
        ${p === now ? 'aria-current="step"' : ""} aria-label="${escape(nameOf(p))}: ${kind ? escape(C.cardName(kind)) : "no vote yet"}">
        <span class="ks-voter-name">${crowned(p)}</span><span class="ks-voter-card">${kind ? escape(C.cardName(kind)) : "\u2014"}</span></button>`;
    }).join("");
    const out = v.players.filter((p) => !vote.voters.includes(p.player))
      .map((p) => `${p.name} ${p.sits_out ? "sits out (Smugwing)" : "has no cards"}`);
    const notes = [];
    if (vote.open) notes.push(`Open vote: the cards are laid one at a time, from ${nameOf(vote.first !== null ? vote.first : v.king)} clockwise.`);
    if (vote.no_actions) notes.push("Crassclamps' dark 1: nobody may use a card's action this round.");
    if (out.length) notes.push(`${and(out)}.`);
    let body;
    if (scanQuestion()) {
      body = scanQuestionHtml();
    } else if (now !== null) {
      const forced = forcedOf(now);
      body = `<h2 class="ks-asking" id="voter-now">${crowned(now)}\u2019s card</h2>
        ${forced ? `<p class="ks-forced small">Must vote ${escape(C.princeName(forced.prince))} (${escape(C.princeName(forced.by))}), unless ${escape(nameOf(now))} holds none.</p>` : ""}
        ${cardGrid(vote.cards, draft.votes[now], `${nameOf(now)}'s card`)}`;
    } else {
      body = `${noneHeld()}<div id="vote-preview" class="ks-preview" aria-live="polite">${votePreview()}</div>`;
    }
    $("#vote-panel").innerHTML = `
      <div class="ks-strip${fourToARow(vote.voters.length)}" role="group" aria-label="The votes, from the Kingseat clockwise">${strip}</div>
      ${notes.map((n) => `<p class="small ks-note">${escape(n)}</p>`).join("")}
      ${body}`;
  }

  // ------------------------------------------------------------------ a photo of the vote

  // The voters in the order their cards lie in the photo: from the Kingseat clockwise.
  function scanOrder() {
    const v = view();
    return aroundFrom(v.kingseat).map(({ player }) => player).filter((p) => v.vote.voters.includes(p));
  }

  // Princes tied for the most cards in the vote as entered ([] without a tie).
  function tiedPrinces() {
    const counts = {};
    for (const p of view().vote.voters) {
      if (draft.votes[p]) counts[C.princeOf(draft.votes[p])] = (counts[C.princeOf(draft.votes[p])] || 0) + 1;
    }
    const most = Math.max(0, ...Object.values(counts));
    const tied = Object.keys(counts).filter((prince) => counts[prince] === most);
    return tied.length > 1 ? tied : [];
  }

  // Why the players must say who played the scanned cards ("" when the photo says it all):
  // the count of cards is not the count of voters, or a tie that the seats decide.
  function scanQuestion() {
    if (!scan || scan.confirmed || view().phase !== "vote") return "";
    const voters = view().vote.voters.length;
    if (scan.cards.length !== voters) {
      return `The photo shows ${plural(scan.cards.length, "card")} for ${plural(voters, "voter")}: tap who played each card${scan.cards.length > voters
        ? " (a card left with nobody is not counted)" : ", then tap the missing vote in"}.`;
    }
    const tied = tiedPrinces();
    if (tied.length) {
      return `${and(tied.map(C.princeName))} tie, so the seat of each tied card decides the round (the nearest to the Kingseat wins): check who played them.`;
    }
    return "";
  }

  function scanQuestionHtml() {
    const why = scanQuestion();
    const v = view();
    const voters = scanOrder();
    const tied = scan.cards.length === v.vote.voters.length ? tiedPrinces() : null;
    const shown = scan.cards.map((kind, i) => i).filter((i) => !tied || tied.includes(C.princeOf(scan.cards[i])));
    return `<div class="ks-field ks-scan" id="scan-question" role="group" aria-label="Who played the scanned cards">
      <h3>Who played which card?</h3>
      <p class="notice">${escape(why)}</p>
      ${shown.map((i) => `<div class="ks-scan-card" data-scan-card="${i}">
        <p>${chip(scan.cards[i])} <span class="small">card ${i + 1} from the left</span></p>
        <div class="ks-choose">${voters.map((p) => `<button type="button" class="${scan.seats[i] === p ? "selected" : "secondary"}" data-scan-seat="${p}" data-scan-for="${i}">${crowned(p)}</button>`).join("")}
          ${scan.cards.length > voters.length ? `<button type="button" class="${scan.seats[i] === null ? "selected" : "secondary"}" data-scan-seat="" data-scan-for="${i}">Nobody</button>` : ""}</div>
      </div>`).join("")}
      <button type="button" class="big" id="scan-confirm">The seats are right</button>
    </div>`;
  }

  // Companion's Scan: the photo's cards, laid in a row, fill the vote seat by seat.
  function scanned(cards) {
    const v = view();
    if (v.phase === "reveal") return scannedTell(cards);
    if (v.phase !== "vote") return "A photo fills a round's vote, or counts the Tell once every Hand is empty.";
    const known = cards.filter((c) => v.vote.cards.includes(c.kind));
    const strangers = cards.filter((c) => !v.vote.cards.includes(c.kind)).map((c) => c.name);
    const kinds = known.slice().sort((a, b) => a.x - b.x).map((c) => c.kind);
    const left = strangers.length ? ` Not a card of this game's princes, so left out: ${strangers.join(", ")}.` : "";
    if (!kinds.length) return `No vote in the photo.${left}`;
    const voters = scanOrder();
    const before = snapshot();
    scan = { cards: kinds, seats: kinds.map((_, i) => (i < voters.length ? voters[i] : null)), confirmed: false };
    draft.votes = {};
    draft.none = {};
    draft.cursor = undefined;
    kinds.forEach((kind, i) => { if (scan.seats[i] !== null) draft.votes[scan.seats[i]] = kind; });
    draft.trail.push({ before, text: "Took back the votes read from the photo." });
    C.forget();
    changed();
    Companion.drafted();
    const filled = kinds.map((kind, i) => (scan.seats[i] === null ? null : `${nameOf(scan.seats[i])} ${C.cardName(kind)}`)).filter(Boolean);
    const why = scanQuestion();
    return `By position from the Kingseat: ${and(filled)}.${why ? ` ${why}` : ""}${left}`;
  }

  // A tap in the question: this card was played by that player (the card they had moves to
  // this card's old seat).
  function scanSeat(i, player) {
    const from = scan.seats[i];
    const other = player === null ? -1 : scan.seats.indexOf(player);
    if (other >= 0 && other !== i) {
      scan.seats[other] = from;
      if (from !== null) draft.votes[from] = scan.cards[other];
    } else if (from !== null && from !== player) {
      delete draft.votes[from];
    }
    scan.seats[i] = player;
    if (player !== null) draft.votes[player] = scan.cards[i];
    changed();
  }

  // Players who broke an order to vote a prince: a tap says they held none of it.
  function noneHeld() {
    const broke = breaking();
    const princes = [...new Set(broke.map((p) => C.princeName(forcedOf(p).prince)))];
    return broke.length ? `<div class="ks-field" data-field="none-held"><h3>Who held no ${escape(and(princes))} card? Tap each.</h3>
      <div class="ks-choose">${broke.map((p) => `<button type="button" class="${draft.none[p] ? "selected" : "secondary"}" data-none-held="${p}" aria-pressed="${Boolean(draft.none[p])}">${crowned(p)}</button>`).join("")}</div></div>` : "";
  }

  function votePreview() {
    if (!checked || checked.key !== keyOf()) return `<p class="small">Checking the vote\u2026</p>`;
    if (checked.status !== 200) return `<p class="small">The rules refuse this vote: see the message below. Tap a name above to change that vote.</p>`;
    const after = checked.data.view.last_vote;
    const tally = ranked(after.tally).map(([prince, n]) => `<li class="${prince === after.winner ? "won" : ""}">${princeChip(prince)} <strong>${n}</strong>${prince === after.winner ? " \u2190 wins" : ""}</li>`).join("");
    const acts = checked.data.view.action ? checked.data.view.action.order : [];
    return `<ul class="ks-tally" id="tally">${tally}</ul>
      <p class="ks-result" id="vote-result">${escape(after.text)}</p>
      <p class="small">The ${C.princeName(after.winner)} cards go into the Tell. ${acts.length === 1 ? `Then ${escape(nameOf(acts[0]))} acts.` : acts.length ? `Then ${escape(and(acts.map(nameOf)))} act, in that order.` : "Nobody else acts: the round ends."}</p>`;
  }
  // ------------------------------------------------------------------ the action phase

  const FIELDLESS = "Nothing to enter for this card: store it.";

  function actionForm() {
    const v = view();
    const a = v.action;
    const n = a.needs;
    const f = draft.f;
    const kinds = v.hand_cards;  // only cards that can still be in a Hand
    const hands = v.hands;
    const who = escape(a.name);
    const them = f.target === undefined || f.target === null ? "they" : nameOf(f.target);  // stepper labels escape
    // A picker whose cards are all picked folds into one line once another field is tapped,
    // or at once when it takes one card and that card's prince has no other card to offer
    // (otherwise its prince's tap picks the regular card and a dark one may follow); a tap on
    // that line opens it again.
    const pick = (key, max, label, options = {}) => {
      const chosen = f[key] || [];
      const offered = options.kinds || kinds;
      const only = max === 1 && chosen.length === 1 && offered.filter((k) => C.princeOf(k) === C.princeOf(chosen[0])).length === 1;
      if (label && max && chosen.length === max && (only || (f.touched !== undefined && f.touched !== key)) && folded(key)) {
        return answer(key, label, and(chosen.map(C.cardName)));
      }
      const set = (cards) => { f[key] = cards; f.touched = key; delete f.open; changed(); };
      return `<div class="ks-field">${label ? `<h3>${label}</h3>` : ""}${C.picker(key, chosen, { max, kinds, set, ...options })}</div>`;
    };
    switch (a.card) {
      case "lionsyre-dark2":
        return n.face_down ? facedown(`The King picks ${plural(n.face_down, "card")} from ${who}'s Hand and puts ${n.face_down === 1 ? "it" : "them"} into the Tell face down.`)
          : `<p>${who}'s Hand is empty: nothing goes into the Tell.</p>`;
      case "slydefox": {
        const chosen = f.players || [];
        return choosePlayers("players", n.players, "The two players who change places", { multi: 2 })
          + facedown(chosen.length ? `${and(chosen.map((p) => (hands[p] > 0 ? `${escape(nameOf(p))} puts a Hand card` : `${escape(nameOf(p))} (no cards) puts none`)))} into the Tell face down.`
            : "Each of the two puts a Hand card into the Tell face down.");
      }
      case "slydefox-dark1":
        return choosePlayers("target", n.target, `Who ${who} trades 3 cards with`);
      case "hardshell-hero":
        return choosePlayers("target", n.target, `Who ${who} changes places and trades 2 cards with`);
      case "slydefox-dark2":
        if (!n.face_down) return `<p>The Tell is empty: nothing to draw.</p>`;
        return facedown(`${who} draws ${plural(n.face_down, "card")} out of the Tell and puts as many Hand cards back, face down.`);
      case "woolfhall":
        return choosePrince("prince", n.prince, "The prince this round's Woolfhall voters must vote next round");
      case "woolfhall-dark2":
        return n.face_down.length ? facedown(`${and(n.face_down.map((entry) => `${escape(nameOf(entry.player))} ${entry.cards ? `puts ${plural(entry.cards, "card")}` : "(no cards) puts none"}`))} into the Tell face down.`)
          : `<p class="small">Nobody voted Woolfhall with cards left.</p>`;
      case "hornseeker":
        return n.target.length ? choosePlayers("target", n.target, "Whose Loyalty card was looked at (beside the King)", { optional: true })
          : `<p class="small">Nobody beside the King can be picked.</p>`;
      case "hornseeker-dark1":
        return choosePlayers("target", n.target, "Whose Loyalty card was looked at", { optional: true });
      case "gulliballistas-dark2":
        return choosePlayers("target", n.target, "Who else revealed their Hand", { optional: true });
      case "salsa-salamanda-dark2":
        return choosePlayers("target", n.target, `Who swapped Loyalty cards with ${who}`, { optional: true });
      case "brownbeards-dark1": {
        if (!n.cards) return `<p>${Object.keys(n.from_discard).length ? "" : "The Discard holds no Brownbeards card: "}nothing to take.</p>`;
        return pick("cards", n.cards, `The ${plural(n.cards, "Brownbeards card")} ${who} took from the Discard`,
          { kinds: Object.keys(n.from_discard), limit: (kind) => n.from_discard[kind] || 0 });
      }
      case "monarchrys":
        return choosePlayers("target", n.target, "Who was asked")
          + choosePrince("prince", n.prince, "For which prince")
          + chooseValue("count", [[0, "They had none"], [1, "They handed one over"]], "Did they hand a card over?");
      case "monarchrys-dark1":
        return choosePlayers("target", n.target, "Who was picked")
          + numbers([["taken", `Dark cards ${them} handed ${a.name}`], ["given", `Dark cards ${a.name} handed ${them}`]]);
      case "monarchrys-dark2":
        return choosePlayers("target", n.target, "Who was asked")
          + choosePrince("prince", n.prince, "For which prince")
          + numbers([["taken", `Cards of it ${them} handed ${a.name}`], ["given", `Cards ${a.name} handed ${them} (if they had none)`]]);
      case "crassclamps":
        return choosePlayers("target", n.target, "Who gets the order")
          + choosePrince("prince", n.prince, "The prince they must vote next round")
          + chooseValue("order", [["swap", "Swap places"], ["action", "Use their card's action"]], "And then they must");
      case "crassclamps-dark2":
        return choosePlayers("first", n.first, "Who lays the first card next round", { optional: true, nobody: "From the Kingseat" });
      case "hardshell-hero-dark1":
        return n.discards.length ? discarders(n.discards, kinds, (p) => `The card ${escape(nameOf(p))} discarded`)
          : `<p class="small">Nobody else holds cards.</p>`;
      case "hardshell-hero-dark2":
        return `<p>${n.givers.length ? `${escape(and(n.givers.map(nameOf)))} each hand ${who} one card.` : "Nobody has to hand over a card."}</p>`;
      case "squlofish":
        return choosePlayers("target", n.target, "Whose Squlofish cards were taken")
          + numbers([["count", "Squlofish cards taken"]]);
      case "squlofish-dark1": {
        const squid = C.kindsOf("squlofish");
        const most = n.may_be_in_tell;
        return (n.discard ? pick("discard", 1, `The Hand card ${who} discarded to pay`) : `<p class="small">${who} has no cards to discard.</p>`)
          + (Object.keys(most).length ? chooseValue("found", [["none", "None"], ["some", "Some: tap them"]],
            `Squlofish moved out of the Tell`)
            + (f.found === "some" ? pick("removed", squid.reduce((sum, k) => sum + (most[k] || 0), 0), "",
              { kinds: squid.filter((k) => most[k]), limit: (kind) => most[kind] || 0, empty: `All that fit in ${n.most_votes} votes` }) : "")
            : `<p class="small">No Squlofish card can be in the Tell.</p>`);
      }
      case "squlofish-dark2": {
        const squid = C.kindsOf("squlofish").filter((k) => kinds.includes(k));
        return `<p class="small">Only the player (or players, on a tie) holding the most Squlofish discards one: tap each one's name, then the card.</p>`
          + discarders(n.discards, squid, (p) => `${escape(nameOf(p))} discarded`, true);
      }
      case "smugwing-dark1": {
        if (!n.drawn) return `<p class="small">This round's winning cards go from the Tell to the Discard.</p>`;
        const some = f.found === "some";
        return chooseValue("found", [["all", "All were found"], ["some", "Only some: tap them"]],
          `${plural(n.drawn, "card")} came out of the Tell at random this round: did the table find every winning card?`)
          + (some ? pick("moved", n.winning.length, "The winning cards the table found and moved to the Discard",
            { kinds: [...new Set(n.winning)], limit: (kind) => n.winning.filter((k) => k === kind).length, empty: "None" }) : "");
      }
      case "smugwing-dark2":
        return n.givers.length ? choosePlayers("givers", n.givers, `Who handed ${who} a Smugwing card`, { multi: n.givers.length })
          : `<p class="small">Nobody who voted for the winning prince holds cards.</p>`;
      case "salsa-salamanda":
        if (!n.winning.length) return `<p>None of this round's winning cards is still in the Tell: choose Do nothing.</p>`;
        return `<div class="ks-field" data-field="winning"><h3>The winning card taken out of the Tell</h3><div class="ks-choose">${n.winning.map((kind) =>
          `<button type="button" class="ks-kind ks-c${C.KIND[kind].dark ? " dark" : ""}${f.winning === kind ? " selected" : ""}" style="${C.paint(C.princeOf(kind), C.KIND[kind].dark)}" data-kind="${kind}">${escape(C.cardName(kind))}</button>`).join("")}</div></div>`
          + choosePlayers("to", n.to.filter((p) => p !== "discard"), "Where it went", { extra: [["discard", "The Discard"]] });
      default:
        return `<p class="small">${FIELDLESS}</p>`;
    }
  }

  // A card discarded by each of several players, one player at a time: a strip of their
  // names (with the card tapped), then one tap on the card grid for the named player.
  // `optional`: a player may discard nothing (no card is assumed for anyone).
  const discarderNow = (players) => {
    const f = draft.f;
    if (f.dcursor !== undefined) return f.dcursor;
    const left = players.find((p) => !(f[`discards-${p}`] || []).length);
    return left === undefined ? null : left;
  };

  function discarders(players, kinds, label, optional = false) {
    const f = draft.f;
    const now = optional ? (f.dcursor === undefined ? null : f.dcursor) : discarderNow(players);
    const strip = players.map((p) => {
      const card = (f[`discards-${p}`] || [])[0];
      const style = card ? ` style="${C.paint(C.princeOf(card), C.KIND[card].dark)}"` : "";
      return `<button type="button" class="ks-voter${card ? ` ks-c${C.KIND[card].dark ? " dark" : ""}` : " secondary"}${p === now ? " now" : ""}"${style} data-discarder="${p}"
        ${p === now ? 'aria-current="step"' : ""} aria-label="${escape(nameOf(p))}: ${card ? escape(C.cardName(card)) : optional ? "nothing" : "no card yet"}">
        <span class="ks-voter-name">${crowned(p)}</span><span class="ks-voter-card">${card ? escape(C.cardName(card)) : "\u2014"}</span></button>`;
    }).join("");
    return `<div class="ks-field" data-field="discards"><div class="ks-strip${fourToARow(players.length)}" role="group" aria-label="Who discarded">${strip}</div>
      ${now === null ? "" : `<h3 id="discarder-now">${label(now)}</h3>${cardGrid(kinds, (f[`discards-${now}`] || [])[0], label(now), "data-discard-kind")}
        ${optional ? `<button type="button" class="secondary ks-fewer" data-discard-kind="">${escape(nameOf(now))} discarded nothing</button>` : ""}`}</div>`;
  }

  // What goes into the Tell face down: said, never named.
  function facedown(text) {
    return `<p class="ks-facedown" id="face-down-note"><span class="ks-back small-back" aria-hidden="true"></span><span>${text} Nobody names them: the Tell is turned over at the end.</span></p>`;
  }

  // Player buttons for one field. multi: how many may be chosen; optional: "nobody" allowed.
  // A field once answered folds into one line that says the answer; a tap on it opens the
  // field again (so that the fields after it fit on the screen).
  const folded = (field) => draft.f.open !== field;
  function answer(field, label, text) {
    return `<div class="ks-field" data-field="${field}"><button type="button" class="secondary ks-answer" data-reopen="${field}"
      aria-label="${escape(label)}: ${escape(text)}. Tap to change it"><span class="ks-answer-label">${label}</span> <strong>${escape(text)}</strong></button></div>`;
  }

  function choosePlayers(field, players, label, options = {}) {
    const value = draft.f[field];
    const chosen = options.multi ? (value || []) : [value];
    const extra = (options.extra || []).find(([key]) => key === value);
    if (folded(field) && (options.multi ? chosen.length === options.multi : value !== undefined)) {
      const text = options.multi ? and(chosen.map(nameOf)) : extra ? extra[1] : value === null ? options.nobody || "Nobody" : nameOf(value);
      return answer(field, label, text);
    }
    const buttons = players.map((p) => `<button type="button" class="secondary${chosen.includes(p) ? " selected" : ""}" data-player="${p}">${crowned(p)}</button>`);
    for (const [key, text] of options.extra || []) buttons.push(`<button type="button" class="secondary${value === key ? " selected" : ""}" data-value="${key}">${escape(text)}</button>`);
    if (options.optional) buttons.push(`<button type="button" class="secondary${value === null ? " selected" : ""}" data-player="">${escape(options.nobody || "Nobody")}</button>`);
    return `<div class="ks-field" data-field="${field}" ${options.multi ? `data-multi="${options.multi}"` : ""}><h3>${label}</h3><div class="ks-choose${buttons.length > 6 ? " ks-four" : ""}">${buttons.join("")}</div></div>`;
  }

  function choosePrince(field, princes, label) {
    if (folded(field) && draft.f[field]) return answer(field, label, C.princeName(draft.f[field]));
    return `<div class="ks-field" data-field="${field}"><h3>${label}</h3><div class="ks-princes">${princes.map((prince) =>
      `<button type="button" class="ks-prince ks-c${draft.f[field] === prince ? " selected" : ""}" style="${C.paint(prince)}" data-prince="${prince}">${escape(C.princeName(prince))}</button>`).join("")}</div></div>`;
  }

  function chooseValue(field, values, label) {
    const chosen = values.find(([value]) => value === draft.f[field]);
    if (folded(field) && chosen) return answer(field, label, chosen[1]);
    return `<div class="ks-field" data-field="${field}"><h3>${label}</h3><div class="ks-choose">${values.map(([value, text]) =>
      `<button type="button" class="secondary${draft.f[field] === value ? " selected" : ""}" data-value="${value}">${escape(text)}</button>`).join("")}</div></div>`;
  }

  // Counts of cards: steppers from 0 (nothing filled in until the table says how many).
  function numbers(fields) {
    const most = view().deal.cards_per_prince;
    return `<div class="ks-numbers">${fields.map(([field, label]) => Companion.stepper({
      name: field, label, value: draft.f[field] ?? null, min: 0, max: most, id: `ks-${field}` })).join("")}</div>`;
  }


  // The action move from the draft, or a prompt for what is still missing.
  function actionMove() {
    const a = view().action;
    const n = a.needs;
    const f = draft.f;
    const m = { type: "action", player: a.player, card: a.card };
    // Nothing is assumed: an optional player is "Nobody" only when tapped so.
    const target = (key, optional) => {
      if (f[key] === undefined || (f[key] === null && !optional)) throw new Error(optional ? "Tap the player, or Nobody" : "Tap the player");
      return f[key];
    };
    const num = (key, what) => {
      if (f[key] === undefined) throw new Error(`Say how many ${what}`);
      return f[key];
    };
    const cards = (key, count, what) => {
      const chosen = f[key] || [];
      if (chosen.length !== count) throw new Error(`Tap ${count === 1 ? "the card" : `${count} cards`}${what ? ` ${what}` : ""}`);
      return chosen.slice();
    };
    switch (a.card) {
      case "slydefox": {
        const players = f.players || [];
        if (players.length !== 2) throw new Error("Tap the two players who change places");
        m.players = players.slice();
        break;
      }
      case "slydefox-dark1": case "hardshell-hero": m.target = target("target"); break;
      case "woolfhall":
        if (!f.prince) throw new Error("Tap the prince");
        m.prince = f.prince;
        break;
      case "hornseeker": case "hornseeker-dark1": case "gulliballistas-dark2": case "salsa-salamanda-dark2": {
        if (!n.target.length) break;  // nobody can be named
        const t = target("target", true);
        if (t !== null) m.target = t;
        break;
      }
      case "brownbeards-dark1": m.cards = cards("cards", n.cards, "taken from the Discard"); break;
      case "monarchrys":
        m.target = target("target");
        if (!f.prince) throw new Error("Tap the prince asked for");
        m.prince = f.prince;
        if (f.count === undefined) throw new Error("Say whether a card was handed over");
        m.count = f.count;
        break;
      case "monarchrys-dark1": case "monarchrys-dark2":
        m.target = target("target");
        if (a.card === "monarchrys-dark2") {
          if (!f.prince) throw new Error("Tap the prince asked for");
          m.prince = f.prince;
        }
        m.taken = num("taken", "cards they handed over");
        m.given = num("given", "cards were handed back");
        break;
      case "crassclamps":
        m.target = target("target");
        if (!f.prince) throw new Error("Tap the prince they must vote");
        m.prince = f.prince;
        if (!f.order) throw new Error("Tap what they must do then");
        m.order = f.order;
        break;
      case "crassclamps-dark2": {
        const first = target("first", true);
        if (first !== null) m.first = first;
        break;
      }
      case "hardshell-hero-dark1":
        m.discards = n.discards.map((p) => ({ player: p, card: cards(`discards-${p}`, 1, `${nameOf(p)} discarded`)[0] }));
        break;
      case "squlofish": m.target = target("target"); m.count = num("count", "Squlofish cards were taken"); break;
      case "squlofish-dark1":
        m.discard = n.discard ? cards("discard", 1, "discarded to pay")[0] : null;
        if (Object.keys(n.may_be_in_tell).length && f.found === undefined) throw new Error("Say whether Squlofish cards came out of the Tell");
        if (f.found === "some" && !(f.removed || []).length) throw new Error("Tap the Squlofish cards moved to the Discard");
        m.removed = f.found === "some" ? f.removed.slice() : [];
        break;
      case "squlofish-dark2":
        m.discards = n.discards.filter((p) => (f[`discards-${p}`] || []).length).map((p) => ({ player: p, card: f[`discards-${p}`][0] }));
        break;
      case "smugwing-dark1":
        if (n.drawn && f.found === undefined) throw new Error("Say whether every winning card was found");
        if (n.drawn && f.found === "some") m.moved = (f.moved || []).slice();
        break;
      case "smugwing-dark2": m.givers = (f.givers || []).slice().sort((x, y) => x - y); break;
      case "salsa-salamanda":
        if (!f.winning) throw new Error("Tap the winning card taken out of the Tell");
        m.winning = f.winning;
        if (f.to === undefined) throw new Error("Tap where it went");
        m.to = f.to;
        break;
      default: break;
    }
    return m;
  }

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
      return { move: { type: "reveal", tell: Object.fromEntries(Object.entries(draft.tell).filter(([, n]) => n > 0)) } };
    }
    if (v.phase === "loyalty") {
      const loyal = (p) => p.loyalty || draft.loyalty[p.player];
      const left = v.players.filter((p) => !loyal(p));
      if (left.length) {
        const now = loyalNow();
        const who = now !== null && !loyal(v.players[now]) ? v.players[now] : left[0];
        return { missing: `${who.name}'s Loyalty: tap the prince on their card (${v.players.length - left.length} of ${v.players.length})` };
      }
      return { move: { type: "loyalty", loyalties: v.players.map(loyal) } };
    }
    return { missing: "The game is over." };
  }

  // The forced choice (the rules leave one) or the one tapped.
  function modeOf() {
    const a = view().action;
    return a.may.length === 1 ? a.may[0] : draft.mode;
  }

  function drawAction() {
    const v = view();
    const a = v.action;
    const mode = modeOf();
    const kind = C.KIND[a.card];
    const notes = [];
    if (a.ordered === "swap" && !a.may.includes("action")) notes.push(`Crassclamps ordered ${a.name} to swap places this round.`);
    else if (a.ordered === "action") notes.push(`Crassclamps ordered ${a.name} to use their card's action this round, not to swap.`);
    else if (!a.may.includes("action")) notes.push("Crassclamps' dark 1: nobody may use a card's action this round.");
    const labels = { action: `Use the card`, swap: "Swap places", pass: "Do nothing" };
    let body = "";
    if (mode === "swap") {
      body = `<div class="ks-field" data-field="swap"><h3>${escape(a.name)} swaps places (and a card) with</h3><div class="ks-choose">${a.swap_with.map((p) =>
        `<button type="button" class="secondary${draft.swap === p ? " selected" : ""}" data-swap="${p}">${crowned(p)}</button>`).join("")}</div>
        <p class="small">People move; the Kingseat stays. Whoever sits in it afterwards is the King.</p></div>`;
    } else if (mode === "action") {
      body = `<div id="action-form">${actionForm()}</div>`;
    } else if (mode === "pass") {
      body = `<p class="small">${escape(a.name)} leaves the card unused; it goes to the Discard.</p>`;
    }
    $("#action-panel").innerHTML = `
      <div class="ks-actor"><h2 id="actor">${escape(a.name)} acts</h2>${chip(a.card)}</div>
      <p class="small ks-card-text${mode === "action" ? " ks-clamp" : ""}" id="card-text">${escape(kind.text)} <span id="still-to-act">${a.order.length > 1 ? `Then: ${escape(and(a.order.slice(1).map(nameOf)))}.` : "Last to act this round."}</span></p>
      ${notes.map((n) => `<p class="small ks-note">${escape(n)}</p>`).join("")}
      <div class="ks-modes" role="group" aria-label="What ${escape(a.name)} does">${a.may.map((m) =>
        `<button type="button" class="${mode === m ? "selected" : "secondary"}" data-mode="${m}" ${mode === m ? 'aria-pressed="true"' : ""}>${escape(labels[m])}</button>`).join("")}</div>
      ${body}
      <div id="action-preview" class="ks-preview" aria-live="polite">${actionPreview()}</div>`;
  }

  function actionPreview() {
    const now = currentMove();
    if (!now.move) return "";
    if (!checked || checked.key !== keyOf()) return `<p class="small">Checking\u2026</p>`;
    if (checked.status !== 200) return "";
    const before = view();
    const after = checked.data.view;
    const lines = (after.round === before.round ? after.events : after.last_events).slice(before.events.length);
    const king = after.king !== before.king ? `<p class="ks-result" id="new-king">\u265b ${escape(after.players[after.king].name)} will be the King.</p>` : "";
    return `${lines.length ? `<ul class="ks-events">${lines.map((l) => `<li>${escape(l)}</li>`).join("")}</ul>` : ""}${king}
      <p class="small">${after.round !== before.round ? `That ends round ${before.round}.` : after.phase === "vote" ? `Round ${after.round} is voted again.` : `Next: ${escape(after.action.name)}.`}</p>`;
  }

  // ------------------------------------------------------------------ the end

  // This phone's own Loyalty, set aside at the start: never on the game screen. Pressing and
  // holding *My Loyalty* (in the status line) opens its sheet; a plain tap only says so. It is
  // set, or changed, after a question; the last one counts, until the Tell is turned over.
  const HOLD_MS = 600;
  let holding = null;   // the timer of a press on My Loyalty
  let changing = false; // the sheet shows the princes to change it

  // A strip of players four to a row when that saves a row (4 players: one row; 7 or more).
  const fourToARow = (n) => (n === 4 || n > 6 ? " many" : "");

  function mineButton() {
    const v = view();
    if (!v.you || v.tell.cards || v.phase === "over") return "";
    // After Salsa Salamanda dark 1 (done at the table, in the open) the button says the
    // Loyalty must be set again; what it was or is stays on the sheet.
    const stale = v.you.loyalty_stale;
    return `<button type="button" class="chip ks-mine-button${stale ? " ks-mine-stale" : ""}" id="my-loyalty-button" aria-haspopup="dialog"
      aria-controls="loyalty-sheet" aria-label="My Loyalty${stale ? " changed: set it again" : ""}: press and hold to see it">My Loyalty${stale ? " changed" : ""} <small aria-hidden="true">hold</small></button>`;
  }

  function holdStart(event) {
    if (!event.target.closest("#my-loyalty-button") || (event.button || 0) > 0) return;
    const button = event.target.closest("#my-loyalty-button");
    clearTimeout(holding && holding.timer);
    button.classList.add("holding");
    holding = { ready: false, timer: setTimeout(() => { holding.ready = true; button.classList.add("ready"); }, HOLD_MS) };
  }

  function holdEnd(event) {
    if (!holding) return;
    const { ready, timer } = holding;
    clearTimeout(timer);
    holding = null;
    const button = $("#my-loyalty-button");
    if (button) button.classList.remove("holding", "ready");
    if (event.type !== "pointerup") return;
    if (ready) openMine();
    else Companion.say("Press and hold My Loyalty to see it: it never shows on the game screen.", "notice");
  }

  function openMine() {
    changing = false;
    mine = null;
    drawMine();
    const sheet = $("#loyalty-sheet");
    if (!sheet.open) sheet.showModal();
  }

  function drawMine() {
    const v = view();
    const you = v.you;
    const sheet = $("#loyalty-sheet");
    if (!you || v.tell.cards || v.phase === "over") {
      if (sheet.open) sheet.close();
      return;
    }
    const set = you.loyalty;
    $("#loyalty-sheet-title").textContent = `My Loyalty (${you.name})`;
    if (you.held_back) {
      $("#loyalty-sheet-body").innerHTML = `<p id="my-loyalty-now">This seat changed phones after the game began: your Loyalty is entered openly after the Tell is turned over.</p>`;
      return;
    }
    const grid = !set || changing || you.loyalty_stale;
    $("#loyalty-sheet-body").innerHTML = `
      <p id="my-loyalty-now"${you.loyalty_stale ? ' class="error" role="alert"' : ""}>${set ? `Set aside on this phone: ${princeChip(set)}` : you.loyalty_stale ? "Your Loyalty card changed (Salsa Salamanda): tap the prince on the card you hold now." : "Not set aside on this phone yet."}</p>
      <p class="small">Only this sheet shows it, on this phone, until the Tell is turned over; then it counts as ${escape(you.name)}’s Loyalty.</p>
      ${grid ? `<p class="small">${set ? "Tap the new prince:" : "Tap the prince on your Loyalty card:"}</p>
        <div class="ks-princes ks-three" role="group" aria-label="My Loyalty">${v.princes.map((prince) => `<button type="button" class="ks-prince ks-c${set === prince ? " selected" : ""}" style="${C.paint(prince)}" data-my-loyalty="${prince}" ${mine && mine.busy ? "disabled" : ""}>${escape(C.princeName(prince))}</button>`).join("")}</div>`
        : `<button type="button" class="secondary" id="my-loyalty-change">Change it</button>`}
      ${mine && mine.error ? `<p class="error" role="alert" id="my-loyalty-error">${escape(mine.error)}</p>` : ""}`;
  }

  async function setMine(prince) {
    const set = view().you.loyalty;
    const name = C.princeName(prince);
    const question = set ? (set === prince ? `Set ${name} aside again as your Loyalty?` : `Change your Loyalty from ${C.princeName(set)} to ${name}?`)
      : `Set ${name} aside as your Loyalty?`;
    if (!(await Companion.ask(question, set && set !== prince ? "Change it" : "Set it"))) return;
    mine = { busy: true, error: "" };
    drawMine();
    const { status, data } = await Companion.request("POST", `/api/games/${game().id}/secret`, { secret: { loyalty: prince, version: view().you.loyalty_version } });
    mine = { busy: false, error: status === 200 ? "" : Companion.failure(status, data).message };
    if (status === 200) {
      changing = false;
      Companion.update(data.game);
    } else {
      drawMine();
    }
  }

  const tellTotal = () => Object.values(draft.tell).reduce((sum, n) => sum + n, 0);

  // The Tell turned over: its cards counted by tapping their kind once a card (a row a
  // prince, as in the vote), or by photos (each adds the cards it reads). Undo takes back the
  // last tap; "Count one fewer" makes the next tap take one off.
  let fewer = false;

  function drawReveal() {
    const v = view();
    const r = v.reveal;
    const total = tellTotal();
    const by = fewer ? -1 : 1;
    const princes = v.princes.filter((prince) => C.kindsOf(prince).some((k) => r.cards.includes(k)));
    // More than six princes: two a row, each a block of its name over its three cards.
    const blocks = princes.length > 6;
    const cells = (prince) => C.kindsOf(prince).map((kind, dark) => {
      if (!r.cards.includes(kind)) return `<span class="ks-none" aria-hidden="true"></span>`;
      const n = draft.tell[kind] || 0;
      const name = escape(C.cardName(kind));
      return `<button type="button" class="ks-cell ks-c${dark ? " dark" : ""}" style="${C.paint(prince, dark)}" data-step-kind="${kind}" data-step-by="${by}"
        aria-label="${name}: ${n} counted; tap to count one ${fewer ? "fewer" : "more"}"><span>${dark ? `D${dark}` : blocks ? "R" : escape(C.princeName(prince))}</span>
        <span class="ks-n" data-tell-count="${kind}">${n}</span></button>`;
    }).join("");
    const grid = blocks
      ? `<div class="ks-blocks ks-count" role="group" aria-label="The Tell's cards by kind">${princes.map((prince) => `<div class="ks-block">
          <span class="ks-block-name" aria-hidden="true">${escape(C.princeName(prince))}</span><div class="ks-block-cells">${cells(prince)}</div></div>`).join("")}</div>`
      : `<div class="ks-grid ks-count" role="group" aria-label="The Tell's cards by kind">${princes.map((prince) => `<div class="ks-row">${cells(prince)}</div>`).join("")}</div>`;
    $("#reveal-panel").innerHTML = `
      <p class="small ks-note">Every Hand is empty. Lay the Tell's ${plural(r.size, "card")} out face up and tap each card's kind once (or Scan them).</p>
      <p class="ks-total" id="reveal-total"><strong>${total}</strong> of ${r.size} cards counted</p>
      ${grid}
      <button type="button" class="${fewer ? "selected" : "secondary"} ks-fewer" id="count-fewer" aria-pressed="${fewer}">${fewer ? "Tap the kind to take one off" : "Count one fewer"}</button>
      <div id="reveal-preview" class="ks-preview" aria-live="polite">${revealPreview()}</div>`;
  }

  function revealPreview() {
    if (!currentMove().move) return "";
    if (!checked || checked.key !== keyOf()) return `<p class="small">Checking…</p>`;
    if (checked.status !== 200) return "";
    const after = checked.data.view;  // none when the reveal would open the Loyalties
    const count = after ? ranked(after.tell.count || {}) : [];
    return `<p class="ks-result">The count agrees with everything the table saw.</p>
      ${count.length ? `<ul class="ks-tally">${count.map(([prince, n]) => `<li>${princeChip(prince)} <strong>${n}</strong></li>`).join("")}</ul>` : ""}`;
  }

  // A photo of the Tell's cards: each card read adds one to its kind's count.
  function scannedTell(cards) {
    const v = view();
    const known = cards.filter((c) => v.reveal.cards.includes(c.kind));
    const strangers = cards.filter((c) => !v.reveal.cards.includes(c.kind)).map((c) => c.name);
    const before = snapshot();
    for (const c of known) draft.tell[c.kind] = (draft.tell[c.kind] || 0) + 1;
    if (known.length) draft.trail.push({ before, text: `Took back the ${plural(known.length, "card")} read from the photo.` });
    changed();
    Companion.drafted();
    const left = strangers.length ? ` Not a card that can be in this Tell, so left out: ${strangers.join(", ")}.` : "";
    return `${known.length ? `Added ${plural(known.length, "card")} to the count: now ${tellTotal()} of ${v.reveal.size}.` : "No card of the Tell in the photo."}${left}`;
  }

  // The Loyalties, player by player from the Kingseat: a strip of names (with the prince
  // tapped), then one tap for the named player's prince. One set aside on a phone is fixed.
  const loyalOrder = () => aroundFrom(view().kingseat).map(({ player }) => player);
  const loyalNow = () => {
    if (draft.lcursor !== undefined) return draft.lcursor;
    const left = loyalOrder().find((p) => !view().players[p].loyalty && !draft.loyalty[p]);
    return left === undefined ? null : left;
  };

  function drawLoyalty() {
    const v = view();
    const cards = Object.entries(v.loyalty_cards || {}).map(([prince, n]) => `${n} ${C.princeName(prince)}`);
    const now = loyalNow();
    const strip = loyalOrder().map((p) => {
      const fixed = v.players[p].loyalty;
      if (fixed) {
        return `<div class="ks-voter ks-c ks-locked" style="${C.paint(fixed)}" data-loyalty-set="${p}">
          <span class="ks-voter-name">${crowned(p)}</span><span class="ks-voter-card">${escape(C.princeName(fixed))} (phone)</span></div>`;
      }
      const prince = draft.loyalty[p];
      return `<button type="button" class="ks-voter${prince ? " ks-c" : " secondary"}${p === now ? " now" : ""}"${prince ? ` style="${C.paint(prince)}"` : ""}
        data-loyal-who="${p}" ${p === now ? 'aria-current="step"' : ""} aria-label="${escape(nameOf(p))}: ${prince ? escape(C.princeName(prince)) : "not entered yet"}">
        <span class="ks-voter-name">${crowned(p)}</span><span class="ks-voter-card">${prince ? escape(C.princeName(prince)) : "\u2014"}</span></button>`;
    }).join("");
    $("#loyalty-panel").innerHTML = `
      <h2>The Loyalties</h2>
      <p class="small ks-note">Everyone turns over their Loyalty card. ${cards.length ? `The cards left are ${escape(and(cards))}.` : ""}</p>
      <div class="ks-strip${fourToARow(v.players.length)}" role="group" aria-label="The Loyalties, from the Kingseat clockwise">${strip}</div>
      ${now === null ? `<div id="loyalty-preview" class="ks-preview" aria-live="polite">${loyaltyPreview()}</div>`
        : `<div data-loyalty="${now}"><h2 class="ks-asking" id="loyal-now">${crowned(now)}\u2019s Loyalty</h2>
        <div class="ks-princes ks-three" role="group" aria-label="${escape(nameOf(now))}'s Loyalty">${v.princes.map((prince) => `<button type="button" class="ks-prince ks-c${draft.loyalty[now] === prince ? " selected" : ""}" style="${C.paint(prince)}" data-prince="${prince}">${escape(C.princeName(prince))}</button>`).join("")}</div></div>`}`;
  }

  function loyaltyPreview() {
    if (!currentMove().move) return "";
    if (!checked || checked.key !== keyOf()) return `<p class="small">Checking\u2026</p>`;
    if (checked.status !== 200) return "";
    return `<p class="ks-result">${escape(checked.data.result.reason)}</p>`;
  }

  function drawFinal() {
    const v = view();
    const r = game().result;
    const count = ranked(v.tell.count || r.tally);
    const cards = Object.entries(v.tell.cards || {});
    const weight = v.rulings.squlofish_dark_weight;
    const squid = v.princes.includes("squlofish") ? ` Regular Squlofish cards count 2 votes; dark ones ${weight}.` : "";
    $("#final").innerHTML = `
      <h2>The final count</h2>
      <p>The Tell is turned over: ${plural(v.tell.size, "card")}.${squid}</p>
      <ul class="ks-tally" id="final-count">${count.map(([prince, n]) => `<li class="${r.princes.includes(prince) ? "won" : ""}">${princeChip(prince)} <strong data-count="${prince}">${n}</strong>${r.princes.includes(prince) ? " \u2190 wins the Tell" : ""}</li>`).join("")}</ul>
      <details><summary>The cards in the Tell</summary><p class="ks-cards" id="tell-cards">${cards.map(([k, n]) => many(k, n)).join(" ")}</p></details>
      <h3>Loyalties</h3>
      <ul class="ks-loyal" id="loyalties">${v.players.map((p) => `<li class="${r.winners.includes(p.player) ? "won" : ""}"><strong>${escape(p.name)}</strong> ${princeChip(p.loyalty)} ${r.winners.includes(p.player) ? `<span class="ks-tag now">wins</span>` : ""}</li>`).join("")}</ul>`;
  }

  // ------------------------------------------------------------------ corrections

  // Who Hornseeker (or its dark 1) looked at and who else revealed their Hand with
  // Gulliballistas' dark 2 change nothing later, so one entered wrong is corrected by an entry
  // of its own: "Correct an earlier entry" under the turn (while no turn is being entered)
  // opens a sheet that lists them and asks who it really was. Undo takes it back like any entry.
  let fixing = null;  // the sheet: {fact (null: the list), target (undefined: not tapped yet)}
  const sameFact = (a, b) => a.round === b.round && a.player === b.player && a.card === b.card;
  const named = (p) => (p === null ? "nobody" : nameOf(p));
  const factTitle = (f) => `Round ${f.round}: ${nameOf(f.player)}\u2019s ${f.card_name}`;

  function namedText(card, target) {
    if (card === "gulliballistas-dark2") return target === null ? "nobody else revealed their Hand" : `${nameOf(target)} revealed their Hand too`;
    return target === null ? "looked at nobody\u2019s Loyalty card" : `looked at ${nameOf(target)}\u2019s Loyalty card`;
  }

  function drawFixes() {
    const facts = view().corrections;
    $("#fix-open").hidden = !facts.length || draft.trail.length > 0;
    if (!fixing) return;
    const fact = fixing.fact && facts.find((f) => sameFact(f, fixing.fact));
    if (!facts.length || (fixing.fact && !fact)) {  // undone meanwhile (here or on another phone)
      $("#fix-sheet").close();
      return;
    }
    if (fact) {
      fixing.fact = fact;
      if (fixing.target === fact.target) fixing.target = undefined;
    }
    drawFix();
  }

  function drawFix() {
    const facts = view().corrections;
    const f = fixing.fact;
    if (!f) {
      $("#fix-sheet-title").textContent = "Correct an earlier entry";
      $("#fix-sheet-body").innerHTML = `<p class="small">Who Hornseeker looked at, or who else revealed their Hand with Gulliballistas\u2019 dark 2, is corrected on its own: nothing later depends on it.</p>
        <div class="ks-fix-list">${facts.map((fact, i) => `<button type="button" class="secondary ks-answer" data-fix="${i}"
          aria-label="${escape(factTitle(fact))}: ${escape(namedText(fact.card, fact.target))}. Tap to correct it">
          <span class="ks-answer-label">${escape(factTitle(fact))}</span> <strong>${escape(named(fact.target))}</strong></button>`).join("")}</div>`;
      return;
    }
    const who = escape(nameOf(f.player));
    const question = f.card === "gulliballistas-dark2" ? `Who else revealed their Hand when ${who} did?` : `Whose Loyalty card did ${who} look at?`;
    const chosen = fixing.target;
    $("#fix-sheet-title").textContent = factTitle(f);
    $("#fix-sheet-body").innerHTML = `<p id="fix-entered">Entered: ${escape(namedText(f.card, f.target))}.</p>
      <h3>${question}</h3>
      <div class="ks-choose" role="group" aria-label="${escape(question)}">${[...f.choices, null].map((p) => {
        const entered = p === f.target;
        return `<button type="button" class="secondary${p === chosen ? " selected" : ""}" data-fix-target="${p === null ? "" : p}"
          ${entered ? 'aria-disabled="true"' : ""} ${p === chosen ? 'aria-pressed="true"' : ""}>${p === null ? "Nobody" : escape(nameOf(p))}${entered ? " <small>(entered)</small>" : ""}</button>`;
      }).join("")}</div>
      <p><button type="button" id="fix-store" ${chosen === undefined ? "disabled" : ""}>${chosen === undefined ? "Tap who it really was" : `Store the correction: ${escape(named(chosen))}`}</button></p>`;
  }

  function openFix() {
    const facts = view().corrections;
    fixing = { fact: facts.length === 1 ? facts[0] : null, target: undefined };
    drawFix();
    $("#fix-sheet").showModal();
  }

  async function storeFix() {
    const { fact, target } = fixing;
    $("#fix-sheet").close();
    await Companion.send(`/api/games/${game().id}/moves`,
      { move: { type: "correct", round: fact.round, player: fact.player, card: fact.card, target } });
  }

  function onFixTap(event) {
    const button = event.target.closest("button");
    if (!button || !fixing) return;
    if (button.dataset.fix !== undefined) {
      fixing = { fact: view().corrections[Number(button.dataset.fix)], target: undefined };
      drawFix();
    } else if (button.id === "fix-store" && fixing.target !== undefined) {
      storeFix();
    } else if (button.dataset.fixTarget !== undefined && !button.getAttribute("aria-disabled")) {
      fixing.target = button.dataset.fixTarget === "" ? null : Number(button.dataset.fixTarget);
      drawFix();
    }
  }

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
      Companion.say(checked.data && checked.data.error ? checked.data.error : { message: "The companion did not answer." }, "error");
      refusing = true;
    } else {
      unsay();
    }
    const box = $(`#${v.phase}-preview`);
    const html = box && { vote: votePreview, action: actionPreview, reveal: revealPreview, loyalty: loyaltyPreview }[v.phase]();
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
      prompt = `${mover()}: ${ok ? "check it, then store it" : refused ? "the rules refuse this (see the message)" : here ? "not checked: store it to try" : "checking\u2026"}`;
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
    step(kind ? `Took back ${nameOf(now)}'s discard: ${C.cardName(kind)}.` : `Took back: ${nameOf(now)} discarded nothing.`, () => {
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
    if (button.id === "fix-open") { openFix(); return; }
    if (button.dataset.scanSeat !== undefined && scan) {
      const i = Number(button.dataset.scanFor);
      step(`Took back who played card ${i + 1}.`, () => scanSeat(i, button.dataset.scanSeat === "" ? null : Number(button.dataset.scanSeat)));
      return;
    }
    if (button.id === "scan-confirm" && scan) {
      scan.confirmed = true;
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
      step(`Took back: ${nameOf(p)} ${draft.none[p] ? "holds" : "holds no"} such card.`, () => { draft.none[p] = !draft.none[p]; });
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
      fewer = !fewer;
      changed();
      return;
    }
    if (button.dataset.stepKind) {
      const kind = button.dataset.stepKind;
      const by = Number(button.dataset.stepBy);
      fewer = false;
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
      step(`Took back the swap with ${nameOf(Number(button.dataset.swap))}.`, () => { draft.swap = Number(button.dataset.swap); });
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
    const sheet = $("#loyalty-sheet");
    sheet.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button) return;
      if (button.dataset.myLoyalty) setMine(button.dataset.myLoyalty);
      else if (button.id === "my-loyalty-change") { changing = true; drawMine(); }
    });
    $("#fix-sheet").addEventListener("click", onFixTap);
    $("#fix-sheet").addEventListener("close", () => { fixing = null; });
    $("#status").addEventListener("pointerdown", holdStart);
    for (const kind of ["pointerup", "pointercancel", "pointerleave"]) $("#status").addEventListener(kind, holdEnd);
    // No click after a finger's hold (it would land on the sheet's backdrop and close it).
    for (const kind of ["contextmenu", "touchend"]) {
      $("#status").addEventListener(kind, (event) => { if (event.target.closest("#my-loyalty-button")) event.preventDefault(); }, { passive: false });
    }
    // A key (Enter or Space) on My Loyalty is as deliberate as a hold.
    $("#status").addEventListener("click", (event) => { if (event.detail === 0 && event.target.closest("#my-loyalty-button")) openMine(); });
    Companion.start(payload, {
      poll, reset, redraw, scanned,
      draft: { steps: () => draft.trail.length, undo, keep },
    });
  }

  return { start };
})();
