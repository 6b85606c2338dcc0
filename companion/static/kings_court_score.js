// King's Court's Score it sheet (KingsCourtScore): a hand scored (or a row corrected) from its
// facts, asked one at a time (who went out, with which card, who came next, the dealing cut, the
// rarer facts behind a button), then each hand left, picked card by card, typed as a count or
// photographed; the engine does every sum, its preview on one line above the action bar. What
// is entered lives in the draft, on the page's one trail. Loaded after kings_court_facts.js.
"use strict";

const KingsCourtScore = (() => {
  const { $, html, signed } = Companion;
  const C = KingsCourtCommon;
  const F = KingsCourtFacts;
  const { game, view, seats, nameOf, kind, cardName, suitLabel, say, change, nameButtons } = C;
  const DRAW_CARDS = (id) => ["wizard", "dragon", "dungeon"].includes(id) || id.startsWith("drawbridge-");

  let draft = null;     // the hand being scored (or corrected)
  let points = {};      // seat -> the points the last preview gave that hand
  let previewTimer = null;
  let previewed = null; // the last preview's row, or its refusal
  let scanFor = null;   // the seat whose own Scan button was tapped: the next photo is their hand

  // ------------------------------------------------------------------ the draft

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
        : Words.t("Hand {number} is no longer on the sheet (undone on another phone), so its correction was dropped.", { number: draft.number });
    }
    if (!touched || draft.fixed) return null;
    if (g.view.hand_number === draft.hand && g.view.stage === "between-hands") return null;
    return Words.t("Hand {number} was recorded or dealt on another phone, so the cards entered here were dropped.", { number: draft.hand });
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
  const bare = (id) => cardName(id).replace(/ \(.*\)$/, "");
  // Who came next after who went out, taking the Dungeon or drawing for the card played last.
  const nextQuestion = () => (draft.last === "dungeon"
    ? Words.t("Who came next after {player}, taking the {card}?", { player: nameOf(draft.out), card: bare(draft.last) })
    : Words.t("Who came next after {player}, drawing for the {card}?", { player: nameOf(draft.out), card: bare(draft.last) }));
  function factsMissing() {
    if (lastMissing()) return Words.t("how {player} went out", { player: nameOf(draft.out) });
    if (nextMissing()) return Words.t("who came next after {player}", { player: nameOf(draft.out) });
    if (cutMissing()) return Words.t("{player}'s dealing cut", { player: nameOf(draft.dealer ?? view().dealer ?? 0) });
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
    return Words.t("{player} drew {n} for the {card}: tap Drawn", { player: nameOf(s), n: draft.need, card: bare(draft.last) });
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


  // Copies still free for one hand: the game's copies less what the other hands hold.
  function limitFor(owner) {
    return (id) => {
      let used = Object.entries(draft.cards).reduce((n, [seat, cards]) => n + (seat === String(owner) ? 0 : cards.filter((c) => c === id).length), 0);
      if (owner !== "drawn") used += draft.draws.filter((c) => c === id).length;
      return kind(id).copies - used;
    };
  }


  // The draft as the page finds it on a redraw: a hand followed card by card that ended is
  // scored from its outcome; a new hand starts afresh.
  function settle() {
    const v = view();
    if (!draft) draft = fresh();
    if (draft.mode === "hand" && v.stage === "score" && !draft.fixed) draft = fromOutcome(v.outcome);
    if (draft.mode === "hand" && v.stage === "between-hands" && draft.fixed) draft = fresh();
  }

  function reset() {
    const v = view();
    draft = v.stage === "score" && v.outcome ? fromOutcome(v.outcome) : fresh();
    points = {};
    previewed = null;
    scanFor = null;
  }

  // A hand on the sheet to correct: its draft, the first hand left to enter open.
  function correct(row) {
    change(Words.t("correcting hand {number}", { number: row.number }), () => {
      draft = fromEntry(row);
      draft.open = firstEmpty() ?? seats().find((s) => s !== draft.out);
    });
    schedulePreview();
  }

  // Whether the hand's view scores a hand now (``shown`` the view shown).
  const scoring = (shown) => shown === "hand" && !game().result
    && (draft.mode === "correct" || (view().stage !== "playing" && !draft.follow));

  // ------------------------------------------------------------------ the hand: scoring

  function scoreHtml() {
    const out = draft.nobody ? null : draft.out;
    const others = seats().filter((s) => s !== out);
    const head = [];
    if (draft.mode === "correct") head.push(html`<p class="kc-ask-line"><strong>${Words.t("Correcting hand {number}", { number: draft.number })}</strong> <button type="button" class="secondary" id="cancel-correct">${Words.t("Stop correcting")}</button></p>`);
    if (draft.fixed) {
      head.push(html`<p class="kc-ask-line"><strong>${fire() ? Words.t("Thrown in by a Castle Fire") : draft.nobody ? Words.t("Nobody went out") : Words.t("{player} went out", { player: nameOf(draft.out) })}</strong> ${Words.t("(as followed)")}</p>`);
    } else if (!ready()) {
      const nobody = F.playedKinds().some((c) => ["poison-garden", "castle-fire"].includes(c.id)) ? [["nobody", Words.t("Nobody (Risk card)")]] : [];
      head.push(html`<p class="kc-ask-line"><strong>${Words.t("Who went out?")}</strong></p>${nameButtons([...seats().map((s) => [s, nameOf(s)]), ...nobody], "out", null)}`);
    } else if (factsMissing()) {
      head.push(html`<div class="kc-answers kc-stated">${outChip()}</div>`);
    }
    if (ready() && !draft.fixed && factsMissing()) return html`${head}${factsHtml()}`;
    if (ready() && !draft.fixed) head.push(html`<div class="kc-answers kc-stated" id="stated">${outChip()}${statedHtml()}</div>`);
    const extras = ready() && !draft.fixed && F.wanted(draft);
    if (extras && draft.extrasOpen) return html`${head}${F.panelHtml(draft, others)}`;  // in place of the hands
    // the rarer facts open from a button beside the hands' tabs, never below the picker
    const toggle = extras ? F.button(draft, false) : "";
    if (!ready() || fire()) return html`${head}${toggle}`;
    const open = others.includes(draft.open) ? draft.open : null;
    // after a draw card, who came next (stated, or with two players the other one): a fact
    const next = draft.last && !draft.nobody ? nextSeat() : null;
    const named = (s) => (s === next ? Words.t("{player} (next)", { player: nameOf(s) }) : nameOf(s));
    // up to three hands a row of tabs; more, one compact selector (tabs would take two or
    // three rows and push the picker under the action bar)
    const whose = Words.t("Whose hand to enter");
    const handsLabel = Words.t("Hands");
    const hands = others.length > 3
      ? html`<select class="kc-hand-pick" id="hand-pick" aria-label="${whose}">${open === null ? html`<option value="" selected disabled>${Words.t("Whose hand?")}</option>` : ""}${others.map((s) => html`
          <option value="${s}" data-label="${named(s)}"${s === open ? html` selected` : ""}>${named(s)}</option>`)}</select>`
      : html`<div class="kc-answers kc-seats" role="tablist" aria-label="${handsLabel}">${others.map((s) => html`<button type="button" role="tab"
        class="secondary${s === open ? " selected" : ""}" aria-selected="${String(s === open)}" data-open="${s}">${named(s)}<span class="kc-points" id="points-${s}"></span></button>`)}</div>`;
    head.push(html`<div class="kc-seat-row">${hands}${toggle}</div>`);
    if (open !== null) head.push(handHtml(open));
    return html`${head}`;
  }

  // One hand left to enter: its cards picked (or the cards drawn for the last card), its points
  // typed, or a photo.
  function handHtml(s) {
    const drawing = s === drawer() && draft.drawing;
    const picking = !draft.typed[s] && !(draft.drawing && s === drawer());
    const scanIt = Words.t("Scan {player}'s hand", { player: nameOf(s) });
    return html`<div class="kc-player" data-seat="${s}">
          <div class="kc-answers kc-modes">
            <button type="button" class="secondary${picking ? " selected" : ""}" data-mode="pick" data-seat="${s}" aria-pressed="${String(picking)}">${Words.t("Pick cards")}</button>
            <button type="button" class="secondary${draft.typed[s] ? " selected" : ""}" data-mode="type" data-seat="${s}" aria-pressed="${String(Boolean(draft.typed[s]))}">${Words.t("Type points")}</button>
            ${s === drawer() ? html`<button type="button" class="secondary${draft.drawing ? " selected" : ""}" data-mode="drawn" data-seat="${s}" aria-pressed="${String(Boolean(draft.drawing))}">${draft.need ? Words.t("Drawn {n}/{need}", { n: draft.draws.length, need: draft.need }) : Words.t("Drawn {n}", { n: draft.draws.length })}</button>` : ""}
            <button type="button" class="secondary" data-scan="${s}" aria-label="${scanIt}">${Words.t("Scan")}</button>
          </div>
          ${draft.typed[s]
            ? html`<label>${Words.t("Points left in {player}'s hand", { player: nameOf(s) })}<input type="number" inputmode="numeric" min="0" data-typed="${s}"></label>`
            : drawing
              ? html`<div class="kc-picker" data-picker="drawn">${CardPicker.html({ id: "drawn", kinds: C.pickerKinds(), chosen: draft.draws, open: draft.tabs.drawn, limit: limitFor("drawn"), label: Words.t("cards {player} drew for the {card}", { player: nameOf(s), card: cardName(draft.last) }) })}</div>`
              : html`<div class="kc-picker" data-picker="${s}">${CardPicker.html({ id: `hand-${s}`, kinds: C.pickerKinds(), chosen: draft.cards[s] || [], open: draft.tabs[s], limit: limitFor(s), label: Words.t("cards left in {player}'s hand", { player: nameOf(s) }) })}</div>`}
        </div>`;
  }

  // The card the player went out with (a Drawbridge's suit next), then the dealer's cut.
  function factsHtml() {
    const v = view();
    if (lastMissing()) {
      const bridges = v.cards.filter((c) => c.id.startsWith("drawbridge-"));
      if (draft.bridge) {
        return html`<p class="kc-ask-line"><strong>${Words.t("Which {card} did {player} go out with?", { card: bare(bridges[0].id), player: nameOf(draft.out) })}</strong></p>
          <div class="kc-answers kc-suits">${bridges.map((c) => html`<button type="button" class="secondary kc-suit s-${c.suits[0]}" data-last="${c.id}">${suitLabel(c.suits[0])}</button>`)}</div>`;
      }
      const draws = [["", Words.t("A card that makes nobody draw")], ...(bridges.length ? [["drawbridge", Words.t("A {card}", { card: bare(bridges[0].id) })]] : []),
        ...["dragon", "wizard", "dungeon"].filter((id) => kind(id)).map((id) => [id, Words.t("A {card}", { card: cardName(id) })])];
      return html`<p class="kc-ask-line"><strong>${Words.t("How did {player} go out?", { player: nameOf(draft.out) })}</strong></p>${nameButtons(draws, "last", null)}`;
    }
    if (nextMissing()) {
      return html`<p class="kc-ask-line"><strong>${nextQuestion()}</strong></p>
        ${nameButtons(seats().filter((s) => s !== draft.out).map((s) => [s, nameOf(s)]), "next", null)}`;
    }
    const dealer = nameOf(draft.dealer ?? v.dealer ?? 0);
    return html`<p class="kc-ask-line"><strong>${Words.t("{player}'s dealing cut ({n} points)?", { player: dealer, n: v.dealing_bonus })}</strong></p>
      ${nameButtons([["none", Words.t("Not tried")], ["made", Words.t("Made")], ["missed", Words.t("Missed")]], "cut", null)}`;
  }

  // The facts once stated, as chips on one line: a tap on one asks it again.
  const chip = (attrs, text, label) => html`<button type="button" class="secondary kc-change" ${attrs} aria-label="${label}">${text} \u00d7</button>`;
  // who went out and how, one chip (a tap asks both again, and who came next)
  const noDraw = () => Words.t("no draw");
  const outChip = () => {
    const said = !draft.nobody && draft.last !== null && !draft.fixed;
    const text = draft.nobody ? Words.t("Nobody out")
      : said ? Words.t("{player} out: {how}", { player: nameOf(draft.out), how: draft.last ? cardName(draft.last) : noDraw() })
        : Words.t("{player} out", { player: nameOf(draft.out) });
    const label = !said ? Words.t("Change who went out")
      : draft.last ? Words.t("Change who went out and how (and who came next: {player})", { player: nameOf(nextSeat()) })
        : Words.t("Change who went out and how");
    return chip(html`id="change-out"`, text, label);
  };
  const cutWords = () => (draft.cut === "none" ? Words.t("No cut") : draft.cut === "made" ? Words.t("Cut made") : Words.t("Cut missed"));
  const statedHtml = () => (!fire() && draft.cut !== null
    ? chip(html`data-restate="cut"`, cutWords(), Words.t("Change the dealing cut")) : "");

  // A tap in the hand being scored: true when the view changes.
  function onTap(button) {
    const changed = tapped(button);
    if (changed) schedulePreview();
    return changed;
  }

  function tapped(button) {
    const s = draft.open;
    for (const owner of [s, "drawn"]) {
      const tap = CardPicker.read(button, owner === "drawn" ? "drawn" : `hand-${owner}`);
      if (!tap) continue;
      if (tap.tab) { draft.tabs[owner] = tap.tab; return true; }
      const drawnTo = owner === "drawn";
      const list = () => (owner === "drawn" ? draft.draws : (draft.cards[owner] = draft.cards[owner] || []));
      if (tap.add) {
        if (tap.full) { say(Words.t("Every {card} of this game is already in the hands entered.", { card: cardName(tap.add) }), "notice"); return false; }
        const what = drawnTo ? Words.t("the {card} in the cards drawn", { card: cardName(tap.add) })
          : Words.t("the {card} in {player}'s hand", { card: cardName(tap.add), player: nameOf(owner) });
        change(what, () => {
          list().push(tap.add);
          if (owner === "drawn" && draft.need && draft.draws.length === draft.need) draft.drawing = false;  // all in: the hand again
        });
      } else {
        const what = drawnTo ? Words.t("taking the {card} off the cards drawn", { card: cardName(list()[tap.remove]) })
          : Words.t("taking the {card} off {player}'s hand", { card: cardName(list()[tap.remove]), player: nameOf(owner) });
        change(what, () => { list().splice(tap.remove, 1); });
      }
      return true;
    }
    const data = button.dataset;
    if (data.out !== undefined) {
      change(Words.t("who went out"), () => {
        if (data.out === "nobody") { draft.nobody = true; draft.out = null; draft.last = ""; draft.draws = []; }
        else { draft.nobody = false; draft.out = Number(data.out); delete draft.cards[draft.out]; }
        draft.next = null;
        draft.hand = view().hand_number;
        draft.open = firstEmpty();
      });
    } else if (button.id === "change-out") {
      change(Words.t("who went out"), () => { draft.out = null; draft.nobody = false; draft.next = null; draft.last = null; draft.bridge = false; });
    } else if (data.open !== undefined) draft.open = Number(data.open);
    else if (data.scan !== undefined) {
      scanFor = Number(data.scan);  // as the toolbar's Scan; the photo fills this hand
      $("#scan").click();
      return false;
    } else if (data.mode === "drawn") draft.drawing = true;
    else if (data.mode) {
      const player = nameOf(Number(data.seat));
      change(data.mode === "type" ? Words.t("typing {player}'s hand", { player }) : Words.t("picking {player}'s hand", { player }), () => {
        draft.typed[data.seat] = data.mode === "type";
        draft.drawing = false;
      });
    } else if (data.last === "drawbridge") change(Words.t("the Drawbridge"), () => { draft.bridge = true; });
    else if (data.last !== undefined) {
      change(Words.t("how {player} went out", { player: nameOf(draft.out) }), () => {
        draft.last = data.last;
        draft.bridge = false;
        draft.next = null;
        if (!data.last) { draft.draws = []; draft.drawing = false; draft.lastMagician = false; }
      });
    } else if (data.restate === "cut") change(Words.t("the dealing cut"), () => { draft.cut = null; });
    else if (data.next !== undefined) change(Words.t("the next player"), () => { draft.next = Number(data.next); });
    else if (data.cut !== undefined) change(Words.t("the dealing cut"), () => { draft.cut = data.cut; });
    else if (button.id === "cancel-correct") { C.page.reset(); return false; }
    else return F.onTap(draft, button);
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

  // A field typed or ticked in the hand being scored: true when the view is drawn again (a
  // count typed is not, so its field keeps the focus).
  function onInput(target, type) {
    if (target.dataset.typed !== undefined) {
      const seat = target.dataset.typed;
      change(Words.t("the points typed for {player}", { player: nameOf(Number(seat)) }), () => { draft.points[seat] = target.value; }, `typed-${seat}`);
      schedulePreview();
      return false;
    }
    if (type !== "change") return false;
    if (target.id === "hand-pick") draft.open = Number(target.value);
    else if (!F.onChange(draft, target)) return false;
    schedulePreview();
    return true;
  }

  // The fields typed, as the draft holds them (after a redraw, an Undo or a draft put back);
  // a field that already holds its value is left alone, so one being typed keeps its caret.
  function drawn(panel) {
    for (const input of panel.querySelectorAll("[data-typed]")) {
      const value = String(draft.points[input.dataset.typed] ?? "");
      if (input.value !== value) input.value = value;
    }
  }

  // ------------------------------------------------------------------ a scanned photo

  // The hands that can be entered now, in seat order from the player who went out, going left.
  function openHands(shown) {
    if (shown !== "hand" || !draft || !ready() || fire()) return [];
    if (view().stage === "playing" && draft.mode === "hand") return [];
    const n = seats().length;
    const start = draft.nobody ? 0 : draft.out + 1;
    return seats().map((_, i) => (start + i) % n).filter((s) => draft.nobody || s !== draft.out);
  }

  // A photo's cards (``ids``, from the left) while a hand is scored fill a hand: the one whose
  // own Scan was tapped, else the open one if empty, else the next one still empty. The
  // sentence of what was filled, or null when no hand is open to take them.
  function scanned(ids, shown) {
    const asked = scanFor;
    scanFor = null;
    const hands = openHands(shown);
    if (!ids.length) return null;
    const empty = (s) => !draft.typed[s] && !(draft.cards[s] || []).length;
    let seat = hands.includes(asked) ? asked : (hands.includes(draft && draft.open) && empty(draft.open) ? draft.open : hands.find(empty));
    if (seat === undefined) seat = hands.includes(draft && draft.open) ? draft.open : hands[0];
    if (seat === undefined) return null;
    change(Words.t("the scanned cards in {player}'s hand", { player: nameOf(seat) }), () => {
      draft.typed[seat] = false;
      draft.cards[seat] = ids;
      draft.open = seat;
    });
    C.page.redraw();
    Companion.drafted();  // a step without a tap: Undo takes it back
    schedulePreview();
    const next = hands.find(empty);
    return Words.tn("{player}'s hand: {n} card.", "{player}'s hand: {n} cards.", ids.length, { player: nameOf(seat) })
      + (next !== undefined ? ` ${Words.t("Scan again for {player}'s hand.", { player: nameOf(next) })}` : "");
  }

  // ------------------------------------------------------------------ the preview

  function schedulePreview() {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(preview, 150);
  }

  async function preview() {
    if (!draft || !ready() || !scoring(C.page.shown())) { previewed = null; drawPreview(); return; }
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
    C.page.redraw();
  }

  // Each hand's points from the last preview, written into the panel without redrawing it (a
  // preview must not rebuild the buttons under the player's thumb).
  function drawPoints() {
    for (const cell of document.querySelectorAll(".kc-points")) {
      const s = Number(cell.id.slice("points-".length));
      const entered = draft.typed[s] ? draft.points[s] !== "" && draft.points[s] !== undefined : (draft.cards[s] || []).length;
      cell.textContent = points[s] !== undefined && entered ? Words.number(points[s]) : "";
    }
    for (const option of document.querySelectorAll("#hand-pick option[data-label]")) {
      const s = Number(option.value);
      const entered = draft.typed[s] ? draft.points[s] !== "" && draft.points[s] !== undefined : (draft.cards[s] || []).length;
      option.textContent = option.dataset.label + (points[s] !== undefined && entered ? ` \u00b7 ${Words.number(points[s])}` : "");
    }
  }

  function drawPreview() {
    drawPoints();
    const box = $("#preview");
    if (!box) return;
    if (!previewed || !scoring(C.page.shown()) || !ready()) { C.paint(box, html``); return; }
    if (previewed.error) {
      C.paint(box, previewLine("preview-error", "kc-refused", previewed.error.message, Words.t("Not yet"), ""));
      return;
    }
    const { row, later } = previewed;
    if (later.length) {
      const one = (s) => (waiting().includes(s) ? Words.t("{player}'s hand", { player: nameOf(s) }) : Words.t("the cards {player} drew", { player: nameOf(s) }));
      const text = Words.t("Still to enter: {hands}.", { hands: later.map(one).join(", ") });
      // one line of text (the prompt says whose hand comes next and how many are left)
      C.paint(box, html`<p class="small kc-preview-text" id="preview-waiting">${text}</p>`);
      return;
    }
    const text = Words.t("{how}: {points}", { how: row.text, points: row.players.map((p) => `${p.name} ${signed(p.points)}`).join(", ") });
    const title = Words.t("The hand's points");
    C.paint(box, html`<div class="kc-answer" id="preview-ok">${previewLine("", "", text, title, html`${C.breakdownHtml(row)}
      ${row.events.map((e) => html`<p><strong>${e.text}</strong></p>`)}`)}</div>`);
  }

  // The preview on one line above the action bar, whatever its length; a tap shows it whole
  // (and the points line by line) in a sheet.
  function previewLine(id, cls, text, title, more) {
    return html`<button type="button" class="kc-preview-line ${cls}"${id ? html` id="${id}"` : ""} data-preview aria-haspopup="dialog">${text}</button>
      <dialog class="sheet" id="preview-sheet" aria-labelledby="preview-title"><div class="sheet-head"><h2 id="preview-title" class="grow">${title}</h2>
        <button type="button" class="secondary" data-close>${Words.t("Close")}</button></div><p class="answer">${text}</p>${more}</dialog>`;
  }

  // ------------------------------------------------------------------ the prompt and Record

  // The action bar's prompt while a hand is scored.
  function prompt() {
    const v = view();
    if (draft.mode === "correct") return ready() ? Words.t("Correcting hand {number}: record it when right.", { number: draft.number }) : Words.t("Correcting hand {number}: who went out?", { number: draft.number });
    const later = ready() ? waiting() : [];
    const number = v.hand_number;
    const player = later.length ? nameOf(later.includes(draft.open) ? draft.open : firstEmpty()) : "";
    return !ready() ? Words.t("Hand {number}, {player}'s deal: who went out?", { number, player: nameOf(v.dealer) })
      : factsMissing() ? Words.t("Hand {number}: {what}?", { number, what: factsMissing() })
      : later.length > 1 ? Words.t("Hand {number}: enter {player}'s hand ({n} to go).", { number, player, n: later.length })
      : later.length ? Words.t("Hand {number}: enter {player}'s hand.", { number, player })
      : drawsMissing() ? Words.t("{what}.", { what: drawsMissing() })
      : Words.t("Hand {number}: every hand is in; record it.", { number });
  }

  async function record() {
    if (!ready()) { say(draft.mode === "correct" ? Words.t("Tap who went out first.") : Words.t("Hand {number}: tap who went out first.", { number: view().hand_number }), "error"); return; }
    const facts = factsMissing();
    if (facts) { say(Words.t("Tap {what} first (the buttons under who went out).", { what: facts }), "error"); return; }
    const later = waiting();
    if (later.length) { say(Words.t("Enter {hands} first (pick the cards or type the points).", { hands: later.map((s) => Words.t("{player}'s hand", { player: nameOf(s) })).join(", ") }), "error"); return; }
    const drawn = drawsMissing();
    if (drawn) { say(Words.t("{what} and pick them ({n} of {need} so far).", { what: drawn, n: draft.draws.length, need: draft.need }), "error"); return; }
    await Companion.send(`/api/games/${game().id}/moves`, { move: move() });  // stored: Companion drops the draft
  }

  return {
    get draft() { return draft; },
    part: { get: () => draft, set: (value) => { draft = value; }, keep: keepScore },
    settle, reset, correct, ready, scoring, scoreHtml, onTap, onInput, drawn, scanned, schedulePreview, drawPreview, prompt, record,
  };
})();
