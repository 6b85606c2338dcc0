// King's Court's page: one view at a time above the action bar: the hand (scored with the card
// picker or typed counts, or followed card by card), the score sheet (rows, corrections,
// adjustments) and the arbiter ("may I play this card?"). The engine does every sum; the page
// keeps what is being entered in draft objects, so a redraw never loses a picked card, and the
// toolbar's Undo takes back the draft's last step before any stored entry.
"use strict";

const KingsCourt = (() => {
  const { $, escape } = Companion;
  const game = () => Companion.game;
  const view = () => game().view;
  const seats = () => view().players.map((p) => p.seat);
  const nameOf = (seat) => view().players[seat].name;
  const kind = (id) => view().cards.find((card) => card.id === id);
  const cardName = (id) => (kind(id) ? kind(id).name : id);
  const signed = (n) => (n > 0 ? `+${n}` : String(n));
  const DRAW_CARDS = (id) => ["wizard", "dragon", "dungeon"].includes(id) || id.startsWith("drawbridge-");
  const PLAYED = ["dark-knight", "poison-garden", "castle-fire", "kings-goblet", "warlord"];
  const ADJUST_MOST = 10000;
  const Table = () => window.KingsCourtTable;
  const say = (what, how = "error") => Companion.say(what, how);

  let draft = null;     // the hand being scored (or corrected)
  let shown = "hand";   // the view: "hand", "sheet" or "ask"
  let openRow = null;   // the sheet row whose details are open
  let adjusting = { who: null, open: false };
  let points = {};      // seat -> the points the last preview gave that hand
  let previewTimer = null;
  let scanFor = null;   // the seat whose own Scan button was tapped: the next photo is their hand

  // ------------------------------------------------------------------ the draft and its steps

  let steps = [];  // [{sentence, snapshot}]: the draft before each step, for Undo
  const parts = () => [
    { get: () => draft, set: (value) => { draft = value; }, blank: () => { draft = fresh(); },
      steps: () => 0, keep: keepScore },
    ...(Table() ? Table().parts : []),
  ];

  // Before each change to a draft: what the change is, in words ("the Gold 7 in Ann's hand").
  function step(sentence) {
    steps.push({ sentence, snapshot: parts().map((part) => JSON.stringify(part.get())) });
  }

  // Undo takes back the draft of the view shown: in "May I play?", the question's last step.
  function undo() {
    if (shown === "ask") { const said = Table().askUndo(); redraw(); return said; }
    const last = steps.pop();
    if (!last) return "Nothing entered on this phone to take back.";
    parts().forEach((part, i) => part.set(JSON.parse(last.snapshot[i])));
    redraw();
    schedulePreview();
    return `Took back ${last.sentence}.`;
  }

  function keep(g) {
    for (const part of parts()) {
      const why = part.keep(g);
      if (why) return why;
    }
    return null;
  }

  function fresh() {
    return { mode: "hand", number: null, hand: null, out: null, nobody: false, typed: {}, points: {},
      cards: {}, tabs: {}, open: null, last: null, next: null, draws: [], dungeon: [], played: [], cut: null, dealer: null,
      lastMagician: false, magicians: [],
      follow: false, play: { card: null, by: null, on: null } };
  }

  function fromEntry(row) {
    const e = row.entry;
    const d = fresh();
    d.mode = "correct";
    d.number = row.number;
    d.dealer = row.dealer;  // the dealer of that hand, not of the next one
    d.out = e.out;
    d.nobody = e.out === null;
    e.cards.forEach((cards, seat) => { if (cards) d.cards[seat] = cards.slice(); });
    e.points.forEach((typed, seat) => { if (typed !== null) { d.typed[seat] = true; d.points[seat] = typed; } });
    d.last = e.last || "";
    d.next = e.last && e.out !== null && (e.next === null || e.next === undefined) ? (e.out + 1) % seats().length : e.next;  // as the engine took it
    d.draws = (e.next_draws || []).slice();
    d.dungeon = Array.isArray(e.dungeon) ? e.dungeon.slice() : (e.dungeon === null || e.dungeon === undefined ? [] : [e.dungeon]);
    d.played = (e.played || []).map((p) => ({ ...p }));
    d.cut = e.cut || "none";
    d.lastMagician = Boolean(e.last_magician);  // a Magician counts as the Magician (ruling 50)
    d.magicians = (e.dungeon_magicians || []).slice();
    return d;
  }

  // The hand a table followed card by card: the engine already knows how it ended, the last
  // card and how many cards the next player drew for it included; the first hand to enter opens.
  function fromOutcome(outcome) {
    draft = fresh();
    draft.out = outcome.out;
    draft.nobody = outcome.out === null;
    draft.fixed = true;
    draft.last = outcome.last || "";
    draft.next = outcome.next ?? null;
    draft.need = outcome.next_draws || 0;
    draft.played = outcome.played.map((p) => ({ ...p }));  // a Castle Fire: no hand to enter
    draft.open = fire() ? null : firstEmpty();
    schedulePreview();  // what the hand scores so far, before any hand is entered
    return draft;
  }

  // Another phone's entry: the hand being scored stays while it is still this hand.
  function keepScore(g) {
    if (!draft) return null;
    const touched = draft.out !== null || draft.nobody || Object.keys(draft.cards).length || Object.keys(draft.typed).length;
    if (draft.mode === "correct") {
      return g.view.rows.some((r) => r.kind === "hand" && r.number === draft.number) ? null
        : `Hand ${draft.number} is no longer on the sheet (undone on another phone), so its correction was dropped.`;
    }
    if (!touched || draft.fixed) return null;
    if (g.view.hand_number === draft.hand && g.view.stage === "between-hands") return null;
    return `Hand ${draft.hand} was recorded or dealt on another phone, so the cards entered here were dropped.`;
  }

  const fire = () => draft.played.some((p) => p.card === "castle-fire");
  const nextSeat = () => (draft.next !== null ? draft.next : (draft.out + 1) % seats().length);
  const ready = () => draft.nobody || draft.out !== null;

  // The facts of a scored hand the player must state, asked one at a time after who went out:
  // the card they went out with, who came next when it was a draw card (with two players the
  // rules say who: the other one), then the dealer's cut; nothing is chosen for them.
  const lastMissing = () => !draft.fixed && !draft.nobody && draft.out !== null && draft.last === null;
  const nextAsked = () => !draft.fixed && !draft.nobody && draft.out !== null && Boolean(draft.last) && seats().length > 2;
  const nextMissing = () => nextAsked() && draft.next === null;
  const cutMissing = () => !draft.fixed && !fire() && draft.cut === null;
  const takes = (id) => (id === "dungeon" ? "taking the Dungeon" : `drawing for the ${cardName(id).replace(/ \(.*\)$/, "")}`);
  function factsMissing() {
    if (lastMissing()) return `how ${nameOf(draft.out)} went out`;
    if (nextMissing()) return `who came next after ${nameOf(draft.out)}`;
    if (cutMissing()) return `${nameOf(draft.dealer ?? view().dealer ?? 0)}'s dealing cut`;
    return null;
  }

  // The seat whose picked hand takes the cards drawn for the last card (they are picked apart),
  // or null; and, for a hand followed card by card, the sentence while they are not all picked.
  function drawer() {
    if (draft.nobody || draft.out === null || fire()) return null;
    const s = nextSeat();
    return !draft.typed[s] && ((draft.last && DRAW_CARDS(draft.last)) || draft.draws.length) ? s : null;
  }
  function drawsMissing() {
    const s = drawer();
    if (s === null || !draft.need || draft.draws.length === draft.need) return null;
    return `${nameOf(s)} drew ${draft.need} for the ${cardName(draft.last).replace(/ \(.*\)$/, "")}: tap Drawn`;
  }

  // The hands not entered yet: no card picked (or scanned) and no count typed.
  function waiting() {
    if (!ready() || fire()) return [];
    const out = draft.nobody ? null : draft.out;
    return seats().filter((s) => s !== out && (draft.typed[s]
      ? draft.points[s] === "" || draft.points[s] === undefined : !(draft.cards[s] || []).length));
  }

  // The hands the preview counts 0: not entered yet, or their drawn cards not all picked.
  function pending() {
    const later = waiting();
    return drawsMissing() && !later.includes(drawer()) ? [...later, drawer()] : later;
  }

  // With ``provisional``, hands not entered yet count 0, so the preview can score the hands
  // already in (a scanned hand shows its points before the next one is photographed).
  function move(provisional = false) {
    const m = { type: draft.mode };
    if (draft.mode === "correct") m.hand = draft.number;
    if (!draft.fixed) m.out = draft.nobody ? null : draft.out;
    if (!fire()) {
      const out = draft.nobody ? null : draft.out;
      const later = provisional ? pending() : [];
      m.cards = seats().map((s) => (s === out || draft.typed[s] || later.includes(s) ? null : (draft.cards[s] || [])));
      if (seats().some((s) => s !== out && (draft.typed[s] || later.includes(s)))) {
        m.points = seats().map((s) => {
          if (later.includes(s)) return 0;
          if (s === out || !draft.typed[s]) return null;
          const value = draft.points[s];
          return value === "" || value === undefined ? null : Number(value);
        });
      }
    }
    if (!draft.fixed && draft.last) m.last = draft.last;
    if (!draft.fixed && draft.last && draft.next !== null) m.next = draft.next;
    if (draft.draws.length && !(m.cards && m.cards[nextSeat()] === null)) m.next_draws = draft.draws.slice();
    if (!draft.fixed && draft.dungeon.length) m.dungeon = draft.dungeon.slice();
    if (!draft.fixed && draft.last && draft.lastMagician) m.last_magician = true;
    if (!draft.fixed && draft.magicians.length) m.dungeon_magicians = draft.magicians.slice();
    if (!draft.fixed && draft.played.length) m.played = draft.played.map((p) => ({ ...p }));
    if (!draft.fixed && draft.cut && draft.cut !== "none") m.cut = draft.cut;
    return m;
  }

  // ------------------------------------------------------------------ drawing helpers

  // Set an element's html only when it changed, so a redraw leaves a field being typed alone.
  function paint(el, html) {
    if (!el || el.dataset.painted === html) return false;
    el.innerHTML = html;
    el.dataset.painted = html;
    return true;
  }

  function pickerKinds() {
    return view().cards.map((card) => ({
      ...card,
      short: card.group === "number" ? String(card.value) : card.name.replace(/ \(.*\)$/, ""),
    }));
  }

  // Copies still free for one hand: the game's copies less what the other hands hold.
  function limitFor(owner) {
    return (id) => {
      let used = Object.entries(draft.cards).reduce((n, [seat, cards]) => n + (seat === String(owner) ? 0 : cards.filter((c) => c === id).length), 0);
      if (owner !== "drawn") used += draft.draws.filter((c) => c === id).length;
      return kind(id).copies - used;
    };
  }

  const nameButtons = (items, data, chosen) => `<div class="kc-answers">${items.map(([value, label]) => `<button type="button"
    class="secondary${chosen === value ? " selected" : ""}" data-${data}="${value}" aria-pressed="${chosen === value}">${escape(label)}</button>`).join("")}</div>`;

  // ------------------------------------------------------------------ the hand: scoring

  function scoreHtml() {
    const v = view();
    const out = draft.nobody ? null : draft.out;
    const others = seats().filter((s) => s !== out);
    const playedKinds = v.cards.filter((c) => PLAYED.includes(c.id));
    let html = "";
    if (draft.mode === "correct") html += `<p class="kc-ask-line"><strong>Correcting hand ${draft.number}</strong> <button type="button" class="secondary" id="cancel-correct">Stop correcting</button></p>`;
    if (draft.fixed) {
      html += `<p class="kc-ask-line"><strong>${fire() ? "Thrown in by a Castle Fire" : draft.nobody ? "Nobody went out" : `${escape(nameOf(draft.out))} went out`}</strong> (as followed)</p>`;
    } else if (!ready()) {
      const nobody = playedKinds.some((c) => ["poison-garden", "castle-fire"].includes(c.id)) ? [["nobody", "Nobody (Risk card)"]] : [];
      html += `<p class="kc-ask-line"><strong>Who went out?</strong></p>${nameButtons([...seats().map((s) => [s, nameOf(s)]), ...nobody], "out", null)}`;
    } else if (factsMissing()) {
      html += `<div class="kc-answers kc-stated">${outChip()}</div>`;
    }
    if (ready() && !draft.fixed && factsMissing()) return html + factsHtml();
    if (ready() && !draft.fixed) html += `<div class="kc-answers kc-stated" id="stated">${outChip()}${statedHtml()}</div>`;
    const extras = ready() && !draft.fixed && extrasWanted(playedKinds);
    if (extras && draft.extrasOpen) return html + extrasHtml(others, playedKinds);  // in place of the hands
    // the rarer facts open from a button beside the hands' tabs, never below the picker
    const toggle = extras ? extrasButton(playedKinds, false) : "";
    if (ready() && !fire()) {
      const open = others.includes(draft.open) ? draft.open : null;
      // after a draw card, who came next (stated, or with two players the other one): a fact
      const next = draft.last && !draft.nobody ? nextSeat() : null;
      const named = (s) => `${nameOf(s)}${s === next ? " (next)" : ""}`;
      // up to three hands a row of tabs; more, one compact selector (tabs would take two or
      // three rows and push the picker under the action bar)
      const hands = others.length > 3
        ? `<select class="kc-hand-pick" id="hand-pick" aria-label="Whose hand to enter">${open === null ? '<option value="" selected disabled>Whose hand?</option>' : ""}${others.map((s) => `
          <option value="${s}" data-label="${escape(named(s))}"${s === open ? " selected" : ""}>${escape(named(s))}</option>`).join("")}</select>`
        : `<div class="kc-answers kc-seats" role="tablist" aria-label="Hands">${others.map((s) => `<button type="button" role="tab"
        class="secondary${s === open ? " selected" : ""}" aria-selected="${s === open}" data-open="${s}">${escape(named(s))}<span class="kc-points" id="points-${s}"></span></button>`).join("")}</div>`;
      html += `<div class="kc-seat-row">${hands}${toggle}</div>`;
      if (open !== null) {
        const s = open;
        html += `<div class="kc-player" data-seat="${s}">
          <div class="kc-answers kc-modes">
            <button type="button" class="secondary${draft.typed[s] || (draft.drawing && s === drawer()) ? "" : " selected"}" data-mode="pick" data-seat="${s}" aria-pressed="${!draft.typed[s] && !(draft.drawing && s === drawer())}">Pick cards</button>
            <button type="button" class="secondary${draft.typed[s] ? " selected" : ""}" data-mode="type" data-seat="${s}" aria-pressed="${Boolean(draft.typed[s])}">Type points</button>
            ${s === drawer() ? `<button type="button" class="secondary${draft.drawing ? " selected" : ""}" data-mode="drawn" data-seat="${s}" aria-pressed="${Boolean(draft.drawing)}">Drawn ${draft.draws.length}${draft.need ? `/${draft.need}` : ""}</button>` : ""}
            <button type="button" class="secondary" data-scan="${s}" aria-label="Scan ${escape(nameOf(s))}'s hand">Scan</button>
          </div>
          ${draft.typed[s]
            ? `<label>Points left in ${escape(nameOf(s))}'s hand<input type="number" inputmode="numeric" min="0" data-typed="${s}"></label>`
            : s === drawer() && draft.drawing
              ? `<div class="kc-picker" data-picker="drawn">${CardPicker.html({ id: "drawn", kinds: pickerKinds(), chosen: draft.draws, open: draft.tabs.drawn, limit: limitFor("drawn"), label: `cards ${nameOf(s)} drew for the ${cardName(draft.last)}` })}</div>`
              : `<div class="kc-picker" data-picker="${s}">${CardPicker.html({ id: `hand-${s}`, kinds: pickerKinds(), chosen: draft.cards[s] || [], open: draft.tabs[s], limit: limitFor(s), label: `cards left in ${nameOf(s)}'s hand` })}</div>`}
        </div>`;
      }
    } else html += toggle;
    return html;
  }

  // The card the player went out with (a Drawbridge's suit next), then the dealer's cut.
  function factsHtml() {
    const v = view();
    if (lastMissing()) {
      const bridges = v.cards.filter((c) => c.id.startsWith("drawbridge-"));
      if (draft.bridge) {
        return `<p class="kc-ask-line"><strong>Which Drawbridge did ${escape(nameOf(draft.out))} go out with?</strong></p>
          <div class="kc-answers kc-suits">${bridges.map((c) => `<button type="button" class="secondary kc-suit s-${c.suits[0]}" data-last="${c.id}">${escape(c.suits[0][0].toUpperCase() + c.suits[0].slice(1))}</button>`).join("")}</div>`;
      }
      const draws = [["", "A card that makes nobody draw"], ...(bridges.length ? [["drawbridge", "A Drawbridge"]] : []),
        ...["dragon", "wizard", "dungeon"].filter((id) => kind(id)).map((id) => [id, `A ${cardName(id)}`])];
      return `<p class="kc-ask-line"><strong>How did ${escape(nameOf(draft.out))} go out?</strong></p>${nameButtons(draws, "last", null)}`;
    }
    if (nextMissing()) {
      return `<p class="kc-ask-line"><strong>Who came next after ${escape(nameOf(draft.out))}, ${escape(takes(draft.last))}?</strong></p>
        ${nameButtons(seats().filter((s) => s !== draft.out).map((s) => [s, nameOf(s)]), "next", null)}`;
    }
    const dealer = nameOf(draft.dealer ?? v.dealer ?? 0);
    return `<p class="kc-ask-line"><strong>${escape(dealer)}'s dealing cut (${v.dealing_bonus} points)?</strong></p>
      ${nameButtons([["none", "Not tried"], ["made", "Made"], ["missed", "Missed"]], "cut", null)}`;
  }

  // The facts once stated, as chips on one line: a tap on one asks it again.
  const chip = (attrs, text, label) => `<button type="button" class="secondary kc-change" ${attrs} aria-label="${escape(label)}">${escape(text)} \u00d7</button>`;
  // who went out and how, one chip (a tap asks both again, and who came next)
  const outChip = () => {
    const how = !draft.nobody && draft.last !== null && !draft.fixed ? `: ${draft.last ? cardName(draft.last) : "no draw"}` : "";
    return chip('id="change-out"', draft.nobody ? "Nobody out" : `${nameOf(draft.out)} out${how}`,
      `Change who went out${how ? ` and how${draft.last ? ` (and who came next: ${nameOf(nextSeat())})` : ""}` : ""}`);
  };
  function statedHtml() {
    let html = "";
    if (!fire() && draft.cut !== null) html += chip('data-restate="cut"', draft.cut === "none" ? "No cut" : `Cut ${draft.cut}`, "Change the dealing cut");
    return html;
  }

  const extrasWanted = (playedKinds) => (draft.last && !draft.nobody) || view().cards.some((c) => c.id === "dungeon") || playedKinds.length;

  // The rarer facts, in place of the hands while open, one part at a time (a Magician played
  // as the last card, the Dungeon, the Risk and Warlord cards played), each asked in a few
  // buttons so the part stays clear of the action bar.
  function extrasParts(playedKinds) {
    return [draft.last && !draft.nobody && ["magician", "Magician"], view().cards.some((c) => c.id === "dungeon") && ["dungeon", "Dungeon"],
      playedKinds.length && ["risk", "Risk cards"]].filter(Boolean);
  }

  // What the rarer facts say so far, in words ("Dungeon, 1 Risk card").
  const extrasSaid = () => [draft.last && !draft.nobody && draft.lastMagician && "Magician",
    draft.dungeon.length && "Dungeon", draft.magicians.length && `${draft.magicians.length} Magician${draft.magicians.length > 1 ? "s" : ""} as Dungeon`,
    draft.played.length && `${draft.played.length} Risk card${draft.played.length > 1 ? "s" : ""}`].filter(Boolean);

  function extrasButton(playedKinds, open) {
    const what = extrasParts(playedKinds).map(([, label]) => label).join(", ");
    const said = extrasSaid();
    return `<button type="button" class="secondary kc-more${open ? " selected" : ""}" id="extras-open" aria-expanded="${open}"
      aria-label="${open ? "Back to the hands" : `More facts: ${escape(what)}${said.length ? ` (${escape(said.join(", "))})` : ""}`}">${open ? "Back to the hands" : `More facts${said.length ? ` (${said.length})` : ""}`}</button>`;
  }

  function extrasHtml(others, playedKinds) {
    const parts = extrasParts(playedKinds);
    const part = parts.some(([key]) => key === draft.extra) ? draft.extra : parts[0][0];
    const said = extrasSaid();
    const tabs = parts.length > 1 ? `<div class="kc-answers kc-modes" role="tablist" aria-label="Rarer facts">${parts.map(([key, label]) => `<button type="button" role="tab"
      class="secondary${key === part ? " selected" : ""}" aria-selected="${key === part}" data-extra="${key}">${escape(label)}</button>`).join("")}</div>` : "";
    let body;
    if (part === "magician") {
      body = `<label class="radio"><input type="checkbox" id="last-magician" ${draft.lastMagician ? "checked" : ""}> It was a Magician played as the ${escape(cardName(draft.last))}</label>`;
    } else if (part === "dungeon") {
      body = `<fieldset><legend>In the Dungeon when the hand ended</legend>
        ${others.map((s) => `<div class="kc-dungeon-row"><span class="grow">${escape(nameOf(s))}</span>
          <label class="radio"><input type="checkbox" data-dungeon="${s}" ${draft.dungeon.includes(s) ? "checked" : ""} aria-label="${escape(nameOf(s))}: a Dungeon"> Dungeon</label>
          <label class="radio"><input type="checkbox" data-magician="${s}" ${draft.magicians.includes(s) ? "checked" : ""} aria-label="${escape(nameOf(s))}: a Magician played as the Dungeon in front of them"> Magician as it</label></div>`).join("")}</fieldset>`;
    } else body = riskHtml(playedKinds);
    return `<div id="extras"><div class="kc-ask-line kc-seat-row"><strong class="grow" id="extras-said">More facts${said.length ? `: ${escape(said.join(", "))}` : ""}</strong>
      ${extrasButton(playedKinds, true)}</div>${tabs}${body}</div>`;
  }

  // The Risk and Warlord cards played: those added (each can be taken off), then one question
  // at a time for the next (which card, who played it, on whom); it is added with its last fact.
  const needsOn = (card) => ["dark-knight", "warlord"].includes(card);
  function riskHtml(playedKinds) {
    const p = draft.play;
    const added = draft.played.map((e, i) => `<button type="button" class="secondary kc-change" data-unplay="${i}" aria-label="Take off the ${escape(cardName(e.card))} by ${escape(nameOf(e.by))}">${escape(cardName(e.card))} by ${escape(nameOf(e.by))}${e.on !== undefined && e.on !== null ? ` on ${escape(nameOf(e.on))}` : ""} \u00d7</button>`).join("");
    const said = p.card ? `<button type="button" class="secondary kc-change" id="play-restart" aria-label="Start this card again">${escape(cardName(p.card))}${p.by !== null ? `, by ${escape(nameOf(p.by))}` : ""} \u2026 \u00d7</button>` : "";
    let ask;
    if (!p.card) ask = [`${draft.played.length ? "Another" : "Which"} Risk or Warlord card was played?`, nameButtons(playedKinds.map((c) => [c.id, c.name]), "play-card", null)];
    else if (p.by === null) ask = [`Who played the ${cardName(p.card)}?`, nameButtons(seats().map((s) => [s, nameOf(s)]), "play-by", null)];
    else if (p.card === "dark-knight") ask = ["On whom was it played?", nameButtons(seats().filter((s) => s !== p.by).map((s) => [s, nameOf(s)]), "play-on", null)];
    else ask = ["On whose turn was it played?", nameButtons([...seats().filter((s) => s !== p.by).map((s) => [s, nameOf(s)]), ["", "Not said"]], "play-on", null)];
    return `${added || said ? `<div class="kc-answers kc-stated">${added}${said}</div>` : ""}
      <p class="kc-ask-line"><strong>${escape(ask[0])}</strong></p>${ask[1]}`;
  }

  // Add the card being entered once its last fact is known (a Poison Garden or Castle Fire
  // ends the hand with nobody out).
  function addPlayed() {
    const p = draft.play;
    if (!p.card || p.by === null || (needsOn(p.card) && p.on === null)) return;
    const entry = { card: p.card, by: p.by };
    if (p.on !== null && p.on !== "") entry.on = p.on;
    draft.played.push(entry);
    draft.play = { card: null, by: null, on: null };
    if (["poison-garden", "castle-fire"].includes(entry.card)) { draft.nobody = true; draft.out = null; draft.last = ""; draft.draws = []; }
  }

  function onScoreTap(button) {
    const s = draft.open;
    for (const owner of [s, "drawn"]) {
      const tap = CardPicker.read(button, owner === "drawn" ? "drawn" : `hand-${owner}`);
      if (!tap) continue;
      if (tap.tab) { draft.tabs[owner] = tap.tab; return true; }
      const where = owner === "drawn" ? "the cards drawn" : `${nameOf(owner)}'s hand`;
      const list = owner === "drawn" ? draft.draws : (draft.cards[owner] = draft.cards[owner] || []);
      if (tap.add) {
        if (tap.full) { say(`Every ${cardName(tap.add)} of this game is already in the hands entered.`, "notice"); return false; }
        step(`the ${cardName(tap.add)} in ${where}`);
        list.push(tap.add);
        if (owner === "drawn" && draft.need && list.length === draft.need) draft.drawing = false;  // all in: the hand again
      } else {
        step(`taking the ${cardName(list[tap.remove])} off ${where}`);
        list.splice(tap.remove, 1);
      }
      return true;
    }
    const data = button.dataset;
    if (data.out !== undefined) {
      step(`who went out`);
      if (data.out === "nobody") { draft.nobody = true; draft.out = null; draft.last = ""; draft.draws = []; }
      else { draft.nobody = false; draft.out = Number(data.out); delete draft.cards[draft.out]; }
      draft.next = null;
      draft.hand = view().hand_number;
      draft.open = firstEmpty();
    } else if (button.id === "change-out") {
      step(`who went out`);
      draft.out = null; draft.nobody = false; draft.next = null; draft.last = null; draft.bridge = false;
    } else if (data.open !== undefined) draft.open = Number(data.open);
    else if (data.scan !== undefined) {
      scanFor = Number(data.scan);  // as the toolbar's Scan; the photo fills this hand
      $("#scan").click();
      return false;
    } else if (data.mode === "drawn") draft.drawing = true;
    else if (data.mode) {
      step(`${data.mode === "type" ? "typing" : "picking"} ${nameOf(Number(data.seat))}'s hand`);
      draft.typed[data.seat] = data.mode === "type";
      draft.drawing = false;
    } else if (data.last === "drawbridge") { step("the Drawbridge"); draft.bridge = true; }
    else if (data.last !== undefined) {
      step(`how ${nameOf(draft.out)} went out`);
      draft.last = data.last;
      draft.bridge = false;
      draft.next = null;
      if (!data.last) { draft.draws = []; draft.drawing = false; draft.lastMagician = false; }
    } else if (data.restate === "cut") {
      step("the dealing cut");
      draft.cut = null;
    } else if (data.next !== undefined) { step("the next player"); draft.next = Number(data.next); }
    else if (data.cut !== undefined) { step("the dealing cut"); draft.cut = data.cut; }
    else if (data.extra) draft.extra = data.extra;
    else if (button.id === "extras-open") draft.extrasOpen = !draft.extrasOpen;  // the rarer facts in place of the hands, or back
    else if (data.playCard) { step(`the ${cardName(data.playCard)} played`); draft.play.card = data.playCard; addPlayed(); }
    else if (data.playBy !== undefined) { step(`who played the ${cardName(draft.play.card)}`); draft.play.by = Number(data.playBy); addPlayed(); }
    else if (data.playOn !== undefined) { step(`on whom the ${cardName(draft.play.card)} was played`); draft.play.on = data.playOn === "" ? "" : Number(data.playOn); addPlayed(); }
    else if (button.id === "play-restart") { step(`the ${cardName(draft.play.card)} played`); draft.play = { card: null, by: null, on: null }; }
    else if (data.unplay !== undefined) { step(`the ${cardName(draft.played[Number(data.unplay)].card)} played`); draft.played.splice(Number(data.unplay), 1); }
    else if (button.id === "cancel-correct") { reset(); return false; }
    else return false;
    return true;
  }

  // The first hand going left from who went out with nothing entered yet.
  function firstEmpty() {
    const n = seats().length;
    const start = draft.nobody ? 0 : draft.out + 1;
    for (let i = 0; i < n; i++) {
      const s = (start + i) % n;
      if (s !== draft.out && !draft.typed[s] && !(draft.cards[s] || []).length) return s;
    }
    return null;
  }

  function onScoreInput(target, type) {
    if (target.dataset.typed !== undefined) {
      if (draft.points[target.dataset.typed] === undefined || draft.points[target.dataset.typed] === "") step(`the points typed for ${nameOf(Number(target.dataset.typed))}`);
      draft.points[target.dataset.typed] = target.value;
      schedulePreview();
      return false;
    }
    if (type !== "change") return false;
    if (target.id === "hand-pick") draft.open = Number(target.value);
    else if (target.id === "last-magician") { step("the Magician as the last card"); draft.lastMagician = target.checked; }
    else if (target.dataset.magician !== undefined) {
      step("the Magician as the Dungeon");
      const seat = Number(target.dataset.magician);
      draft.magicians = target.checked ? [...draft.magicians, seat].sort() : draft.magicians.filter((s) => s !== seat);
    }
    else if (target.dataset.dungeon !== undefined) {
      step("the Dungeon");
      const seat = Number(target.dataset.dungeon);
      draft.dungeon = target.checked ? [...draft.dungeon, seat].sort() : draft.dungeon.filter((s) => s !== seat);
    } else return false;
    return true;
  }

  // ------------------------------------------------------------------ a scanned photo

  // The hands that can be entered now, in seat order from the player who went out, going left.
  function openHands() {
    if (shown !== "hand" || !draft || !ready() || fire()) return [];
    if (view().stage === "playing" && draft.mode === "hand") return [];
    const n = seats().length;
    const start = draft.nobody ? 0 : draft.out + 1;
    return seats().map((_, i) => (start + i) % n).filter((s) => draft.nobody || s !== draft.out);
  }

  // A photo's cards (Companion's Scan) fill: while a hand is scored, a hand (the one whose own
  // Scan was tapped, else the open one if empty, else the next one still empty); while a hand
  // is followed card by card, the turn of the seat to play; otherwise the arbiter's question.
  // Cards laid in a row count from the left.
  function scanned(cards) {
    const known = cards.filter((c) => kind(c.kind));
    const strangers = cards.filter((c) => !kind(c.kind)).map((c) => c.name);
    const left = strangers.length ? ` Not in this game's cards, so left out: ${strangers.join(", ")}.` : "";
    const ids = known.slice().sort((a, b) => a.x - b.x).map((c) => c.kind);
    const asked = scanFor;
    scanFor = null;
    if (!ids.length) return `No card of this game's selection in the photo.${left}`;
    const hands = openHands();
    const empty = (s) => !draft.typed[s] && !(draft.cards[s] || []).length;
    let seat = hands.includes(asked) ? asked : (hands.includes(draft && draft.open) && empty(draft.open) ? draft.open : hands.find(empty));
    if (seat === undefined) seat = hands.includes(draft && draft.open) ? draft.open : hands[0];
    if (seat === undefined) {
      const h = view().hand;
      if (shown !== "ask" && view().stage === "playing" && h && !h.over && !game().result) { show("hand"); return Table().scanTurn(ids).then((note) => note + left); }
      return Table().scanAsk(ids) + left;
    }
    step(`the scanned cards in ${nameOf(seat)}'s hand`);
    draft.typed[seat] = false;
    draft.cards[seat] = ids;
    draft.open = seat;
    redraw();
    Companion.drafted();  // a step without a tap: Undo takes it back
    schedulePreview();
    const next = hands.find(empty);
    return `${nameOf(seat)}'s hand: ${ids.length} card${ids.length === 1 ? "" : "s"}.`
      + (next !== undefined ? ` Scan again for ${nameOf(next)}'s hand.` : "") + left;
  }

  // ------------------------------------------------------------------ the preview

  function schedulePreview() {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(preview, 150);
  }

  let previewed = null;  // the last preview's row, or its refusal
  async function preview() {
    if (!draft || !ready() || !scoring()) { previewed = null; drawPreview(); return; }
    const sent = JSON.stringify(draft);
    const later = pending();
    const { status, data } = await Companion.request("POST", `/api/games/${game().id}/check`, { move: move(later.length > 0) });
    if (JSON.stringify(draft) !== sent) return;  // the player changed the hand meanwhile
    if (status !== 200) {
      previewed = { error: Companion.failure(status, data) };
      points = {};
    } else {
      const rows = data.view.rows;
      const row = draft.mode === "correct" ? rows.find((r) => r.kind === "hand" && r.number === draft.number) : rows[rows.length - 1];
      points = Object.fromEntries(row.players.filter((p) => !later.includes(p.seat)).map((p) => [p.seat, p.points]));
      previewed = { row, later };
    }
    redraw();
  }

  // Each hand's points from the last preview, written into the panel without redrawing it (a
  // preview must not rebuild the buttons under the player's thumb).
  function drawPoints() {
    for (const cell of document.querySelectorAll(".kc-points")) {
      const s = Number(cell.id.slice("points-".length));
      const entered = draft.typed[s] ? draft.points[s] !== "" && draft.points[s] !== undefined : (draft.cards[s] || []).length;
      cell.textContent = points[s] !== undefined && entered ? String(points[s]) : "";
    }
    for (const option of document.querySelectorAll("#hand-pick option[data-label]")) {
      const s = Number(option.value);
      const entered = draft.typed[s] ? draft.points[s] !== "" && draft.points[s] !== undefined : (draft.cards[s] || []).length;
      option.textContent = option.dataset.label + (points[s] !== undefined && entered ? ` \u00b7 ${points[s]}` : "");
    }
  }

  function drawPreview() {
    drawPoints();
    const box = $("#preview");
    if (!box) return;
    if (!previewed || !scoring() || !ready()) { paint(box, ""); return; }
    if (previewed.error) {
      paint(box, previewLine("preview-error", "kc-refused", previewed.error.message, "Not yet", ""));
      return;
    }
    const { row, later } = previewed;
    if (later.length) {
      const text = `Still to enter: ${later.map((s) => (waiting().includes(s) ? `${nameOf(s)}'s hand` : `the cards ${nameOf(s)} drew`)).join(", ")}.`;
      // one line of text (the prompt says whose hand comes next and how many are left)
      paint(box, `<p class="small kc-preview-text" id="preview-waiting">${escape(text)}</p>`);
      return;
    }
    const text = `${row.text}: ${row.players.map((p) => `${p.name} ${signed(p.points)}`).join(", ")}`;
    paint(box, `<div class="kc-answer" id="preview-ok">${previewLine("", "", text, "The hand's points", `${breakdownHtml(row)}
      ${row.events.map((e) => `<p><strong>${escape(e.text)}</strong></p>`).join("")}`)}</div>`);
  }

  // The preview on one line above the action bar, whatever its length; a tap shows it whole
  // (and the points line by line) in a sheet.
  function previewLine(id, cls, text, title, more) {
    return `<button type="button" class="kc-preview-line ${cls}"${id ? ` id="${id}"` : ""} data-preview aria-haspopup="dialog">${escape(text)}</button>
      <dialog class="sheet" id="preview-sheet" aria-labelledby="preview-title"><div class="sheet-head"><h2 id="preview-title" class="grow">${escape(title)}</h2>
        <button type="button" class="secondary" data-close>Close</button></div><p class="answer">${escape(text)}</p>${more}</dialog>`;
  }

  function breakdownHtml(row) {
    return row.players.map((p) => `<div><strong>${escape(p.name)}: ${signed(p.points)}</strong>
      <ul class="kc-breakdown">${p.lines.map((line) => `<li>${escape(line.why)}: ${signed(line.points)}</li>`).join("")}</ul></div>`).join("");
  }

  async function record() {
    if (!ready()) { say(draft.mode === "correct" ? "Tap who went out first." : `Hand ${view().hand_number}: tap who went out first.`, "error"); return; }
    const facts = factsMissing();
    if (facts) { say(`Tap ${facts} first (the buttons under who went out).`, "error"); return; }
    const later = waiting();
    if (later.length) { say(`Enter ${later.map((s) => `${nameOf(s)}'s hand`).join(", ")} first (pick the cards or type the points).`, "error"); return; }
    const drawn = drawsMissing();
    if (drawn) { say(`${drawn} and pick them (${draft.draws.length} of ${draft.need} so far).`, "error"); return; }
    await Companion.send(`/api/games/${game().id}/moves`, { move: move() });  // stored: Companion drops the draft
  }

  // ------------------------------------------------------------------ the sheet

  function sheetHtml() {
    const v = view();
    const carried = v.sides.some((s) => s.carried);
    const row = openRow === null ? null : v.rows[openRow];
    return `<div class="kc-sheet-wrap"><table class="kc-sheet" id="sheet">
      <thead><tr><th scope="col">Hand</th>${v.sides.map((s) => `<th scope="col">${escape(s.name)}</th>`).join("")}</tr></thead>
      <tbody>
        ${carried ? `<tr><td>Carried</td>${v.sides.map((s) => `<td>${s.carried}</td>`).join("")}</tr>` : ""}
        ${v.rows.map((r, i) => `<tr class="${r.corrected ? "corrected" : ""}${r.counted ? "" : " small"}">
          <td><button type="button" class="secondary row-edit" data-row="${i}" aria-label="Details of ${r.kind === "hand" ? `hand ${r.number}` : `adjustment ${r.number}`}">${r.kind === "hand" ? r.number : "Adj."}</button></td>
          ${r.sides.map((s) => `<td>${signed(s.points)}${s.halved ? " \u00bd" : ""}<div class="small">${s.after ?? ""}</div></td>`).join("")}</tr>`).join("")}
        <tr class="total"><td>Total</td>${v.sides.map((s) => `<td class="${s.lowest ? "lowest" : ""}" data-total="${s.side}">${s.total}</td>`).join("")}</tr>
      </tbody></table></div>
      ${row ? `<div class="kc-answer" id="row-detail">
        <h3>${row.kind === "hand" ? `Hand ${row.number}: ${escape(row.text)}` : escape(row.text)}</h3>
        ${row.kind === "hand" ? breakdownHtml(row) : ""}
        ${row.events.map((e) => `<p><strong>${escape(e.text)}</strong></p>`).join("")}
        ${row.corrected ? `<p class="small">Corrected ${row.corrected} time${row.corrected > 1 ? "s" : ""}; first entered as ${row.versions[0].points.map((p, s) => `${escape(nameOf(s))} ${signed(p)}`).join(", ")}.</p>` : ""}
        <div class="kc-answers">${row.kind === "hand" && !game().result ? `<button type="button" class="secondary" id="correct-row">Correct this hand</button>` : ""}
          <button type="button" class="secondary" id="close-row">Close</button></div></div>` : ""}
      ${game().result ? "" : `<details id="adjust" ${adjusting.open ? "open" : ""}><summary>Adjust a total</summary>
        <fieldset><legend>Whose total</legend>${nameButtons(adjustTargets(), "adjust-who", adjusting.who)}</fieldset>
        <div id="adjust-points-box"></div>
        <label>Why<input id="adjust-reason" maxlength="200" autocomplete="off"></label>
        <button type="button" class="secondary" id="adjust-go">Add the adjustment</button>
      </details>`}`;
  }

  const adjustTargets = () => (view().partnerships
    ? view().sides.map((s) => [`p${s.side}`, s.name]) : view().players.map((p) => [`s${p.seat}`, p.name]));

  function onSheetTap(button) {
    const data = button.dataset;
    if (data.row !== undefined) openRow = Number(data.row);
    else if (button.id === "close-row") openRow = null;
    else if (button.id === "correct-row") {
      step(`correcting hand ${view().rows[openRow].number}`);
      draft = fromEntry(view().rows[openRow]);
      draft.open = firstEmpty() ?? seats().find((s) => s !== draft.out);
      openRow = null;
      shown = "hand";
      schedulePreview();
    } else if (data.adjustWho !== undefined) adjusting.who = data.adjustWho;
    else if (button.id === "adjust-go") { adjust(); return false; }
    else return false;
    return true;
  }

  async function adjust() {
    const value = $("#adjust-points").value.trim();
    const reason = $("#adjust-reason").value.trim();
    const amount = Number(value);
    if (adjusting.who === null) { say("Tap whose total to adjust first.", "error"); return; }
    if (!value || !Number.isInteger(amount) || amount === 0) { say("Set the points with − and + (negative takes points off).", "error"); return; }
    if (!reason) { say("Type why the total changes (the sheet shows it).", "error"); return; }
    const m = { type: "adjust", points: amount, reason };
    if (adjusting.who[0] === "p") m.partnership = Number(adjusting.who.slice(1)); else m.seat = Number(adjusting.who.slice(1));
    if (await Companion.send(`/api/games/${game().id}/moves`, { move: m })) {
      adjusting = { who: null, open: false };
      $("#adjust-reason").value = "";
      $("#adjust-points").value = "";
      redraw();
    }
  }

  // ------------------------------------------------------------------ the page

  const scoring = () => shown === "hand" && !game().result && (draft.mode === "correct" || (view().stage !== "playing" && !draft.follow));

  function statusHtml() {
    const g = game();
    const v = view();
    const totals = v.sides.map((s) => `<span class="${s.lowest ? "kc-low" : ""}">${escape(s.name)} <strong data-total="${s.side}">${s.total}</strong></span>`).join(" ");
    const head = g.result ? `<p class="winner" id="winner">${escape(g.result.reason)}</p>`
      : `<span class="kc-turn" id="turn">Hand ${v.hand_number} \u00b7 ${escape(nameOf(v.dealer))} deals \u00b7 to ${v.limit}</span>`;
    return `${head}<p class="kc-totals" tabindex="0" aria-label="Totals, the lowest marked">${totals}</p>`;
  }

  function tabsHtml() {
    const v = view();
    const tabs = [["hand", game().result ? "Result" : `Hand ${draft.mode === "correct" ? draft.number : v.hand_number}`], ["sheet", "Sheet"]];
    if (!game().result) tabs.push(["ask", "May I play?"]);
    return tabs.map(([key, label]) => `<button type="button" role="tab" class="kc-tab${shown === key ? " selected" : ""}" aria-selected="${shown === key}"
      aria-controls="panel" data-view="${key}" id="view-${key}">${escape(label)}</button>`).join("");
  }

  function handHtml() {
    const v = view();
    if (game().result) return `<p>The game is over. The sheet holds every hand; Undo takes back the last entry.</p>`;
    if (draft.mode === "correct") return `${scoreHtml()}<div id="preview" aria-live="polite"></div>`;
    if (v.stage === "playing") return `<div id="follow">${Table().followHtml()}</div>`;
    if (v.stage === "between-hands") {
      // Once the first fact is stated the choice is made: its row gives the room to the hand.
      if (draft.follow ? Table().dealing() : ready()) return draft.follow ? Table().dealHtml() : `${scoreHtml()}<div id="preview" aria-live="polite"></div>`;
      const modes = `<div class="kc-answers kc-modes" role="tablist" aria-label="How this hand is entered">
        <button type="button" role="tab" class="secondary${draft.follow ? "" : " selected"}" aria-selected="${!draft.follow}" data-follow="0">Score it</button>
        <button type="button" role="tab" class="secondary${draft.follow ? " selected" : ""}" aria-selected="${draft.follow}" data-follow="1">Card by card</button></div>`;
      return modes + (draft.follow ? Table().dealHtml() : `${scoreHtml()}<div id="preview" aria-live="polite"></div>`);
    }
    return `${scoreHtml()}<div id="preview" aria-live="polite"></div>`;  // the followed hand ended: score it
  }

  function panelHtml() {
    if (shown === "sheet") return sheetHtml();
    if (shown === "ask") return `<div id="ask-panel">${Table().askHtml()}</div>`;
    return handHtml();
  }

  // The toolbar: the prompt names who acts, and the buttons are this moment's.
  function toolbar() {
    const v = view();
    const g = game();
    const h = v.hand;
    const record = $("#record"), play = $("#ev-play"), other = $("#ev-other"), deal = $("#deal"), ask = $("#ask-go");
    record.hidden = play.hidden = other.hidden = deal.hidden = ask.hidden = true;
    let text;
    if (g.result) text = `Game over: ${g.result.reason}`;
    else if (shown === "ask") { text = `${Companion.seatName() ? `${Companion.seatName()} asks` : "Ask"}: may I play this? Top card first.`; ask.hidden = false; }
    else if (shown === "sheet") text = `Hand ${v.hand_number}, ${nameOf(v.dealer)}'s deal: the sheet.`;
    else if (draft.mode === "correct") { text = ready() ? `Correcting hand ${draft.number}: record it when right.` : `Correcting hand ${draft.number}: who went out?`; record.hidden = false; }
    else if (v.stage === "playing" && h && !h.over) {
      const who = nameOf(h.to_play);
      const actions = Table().turnActions();
      text = h.pending || h.dungeon[h.to_play] || h.penalty.includes(h.to_play) ? `${who}'s turn: answer or take the draw.`
        : h.phase === "drawn" ? `${who} has drawn: play or pass.`
        : h.phase === "first" ? `${who} (dealer): add a card or ${actions.other[1].toLowerCase()}.`
        : `${who}'s turn: play or draw.`;
      play.hidden = false;
      other.hidden = false;
      other.textContent = actions.other[1];
      other.dataset.type = actions.other[0];
    } else if (v.stage === "between-hands" && draft.follow) {
      const why = Table().dealMissing();
      text = `Hand ${v.hand_number}: ${nameOf(v.dealer)} deals; ${why ? why[0].toLowerCase() + why.slice(1) : "tap Deal."}`;
      deal.hidden = false;
    } else {
      const later = ready() ? waiting() : [];
      text = !ready() ? `Hand ${v.hand_number}, ${nameOf(v.dealer)}'s deal: who went out?`
        : factsMissing() ? `Hand ${v.hand_number}: ${factsMissing()}?`
        : later.length ? `Hand ${v.hand_number}: enter ${nameOf(later.includes(draft.open) ? draft.open : firstEmpty())}'s hand${later.length > 1 ? ` (${later.length} to go)` : ""}.`
        : drawsMissing() ? `${drawsMissing()}.`
        : `Hand ${v.hand_number}: every hand is in; record it.`;
      record.hidden = false;
    }
    $("#prompt").textContent = text;
  }

  function reset() {
    const v = view();
    draft = v.stage === "score" && v.outcome ? fromOutcome(v.outcome) : fresh();
    for (const part of parts().slice(1)) part.blank();
    steps = [];
    points = {};
    previewed = null;
    scanFor = null;
    redraw();
  }

  function redraw() {
    if (!draft) draft = fresh();
    const v = view();
    if (draft.mode === "hand" && v.stage === "score" && !draft.fixed) draft = fromOutcome(v.outcome);
    if (draft.mode === "hand" && v.stage === "between-hands" && draft.fixed) draft = fresh();
    if (game().result && shown === "ask") shown = "hand";
    paint($("#status"), statusHtml());
    paint($("#views"), tabsHtml());
    const panel = $("#panel");
    if (paint(panel, panelHtml())) {
      for (const input of panel.querySelectorAll("[data-typed]")) input.value = draft.points[input.dataset.typed] ?? "";
      const box = $("#adjust-points-box");
      if (box) box.innerHTML = Companion.stepper({ name: "adjust-points", id: "adjust-points", label: "Points (− takes off)", value: "", min: -ADJUST_MOST, max: ADJUST_MOST });
      if (shown === "ask") Table().askInputs();
      CardPicker.fit(panel);
      const mover = panel.querySelector(".kc-hands .kc-mover");  // the seat to play in sight
      if (mover) mover.parentElement.scrollLeft = Math.max(0, mover.offsetLeft - 24);
    }
    drawPreview();
    toolbar();
  }

  function show(key) {
    shown = key;
    redraw();
  }

  function onTap(event) {
    const sheet = $("#preview-sheet");
    if (sheet && (event.target === sheet || (sheet.contains(event.target) && event.target.closest("[data-close]")))) { sheet.close(); return; }
    const button = event.target.closest("button");
    if (!button || !$("#board").contains(button)) return;
    if (button.dataset.preview !== undefined) { sheet.showModal(); return; }
    let changed;
    if (button.dataset.view) { shown = button.dataset.view; changed = true; say(null); }  // an answer belongs to its view
    else if (button.dataset.follow !== undefined) { draft.follow = button.dataset.follow === "1"; changed = true; }
    else if (shown === "sheet") changed = onSheetTap(button);
    else if (shown === "ask" || !scoring()) changed = Table().onTap(button);
    else { changed = onScoreTap(button); if (changed) schedulePreview(); }
    if (changed) redraw();
  }

  function onInput(event) {
    const target = event.target;
    if (shown === "hand" && scoring()) { if (onScoreInput(target, event.type)) { redraw(); schedulePreview(); } return; }
    if (event.type === "change") Table().onChange(target);
  }

  function onToggle(event) {
    const box = event.target;
    if (box.id === "adjust") adjusting.open = box.open;
    else if (box.id === "ask-more") Table().askOpen(box.open);
  }

  function start(payload, poll) {
    const board = $("#board");
    board.addEventListener("click", onTap);
    board.addEventListener("input", onInput);
    board.addEventListener("change", onInput);
    board.addEventListener("toggle", onToggle, true);
    $("#record").addEventListener("click", record);
    $("#deal").addEventListener("click", () => Table().sendDeal());
    $("#ev-play").addEventListener("click", () => Table().sendTurn("play"));
    $("#ev-other").addEventListener("click", (event) => Table().sendTurn(event.target.dataset.type));
    $("#ask-go").addEventListener("click", () => Table().ask());
    Companion.start(payload, {
      poll, reset, redraw, scanned, view: () => shown,
      draft: { steps: () => (shown === "ask" ? Math.max(1, Table().askSteps()) : steps.length), undo, keep },
    });
  }

  return { start, nameOf, cardName, pickerKinds, reset, redraw, step, show, say };
})();
