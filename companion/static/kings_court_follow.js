// King's Court: a hand followed card by card (KingsCourtFollow): the deal (the card turned up
// and the dealing cut), then each turn (the cards played, as kings_court_play.js builds a play,
// or the one other thing the seat to play may do) and what happens out of turn (Risk cards, On
// Guard, the Dungeon, a partner's Yes). Its drafts (the deal, the turn, the event out of turn)
// are on the page's one trail. Loaded after kings_court_play.js.
"use strict";

const KingsCourtFollow = (() => {
  const { html } = Companion;
  const C = KingsCourtCommon;
  const P = KingsCourtPlay;
  const { game, view, kind, cardName, say, change } = C;

  // ------------------------------------------------------------------ the deal

  // The card turned up is a play of one card by the dealer: its facts (a suit named, a
  // direction, the card a Magician copies) are asked as a turn's are.
  const blankDeal = () => ({ card: null, f: {}, cut: null, tab: null, hand: null });
  let deal = blankDeal();
  const dealPlay = () => ({ cards: [deal.card], extra: [deal.f] });
  const dealCtx = () => ({ who: C.nameOf(view().dealer), player: view().dealer, deal: true, others: [] });

  function dealHtml() {
    const v = view();
    const dealer = C.nameOf(v.dealer);
    const kinds = C.pickerKinds().filter((c) => c.group !== "shield");
    let body;
    if (!deal.card) {
      body = html`<p class="kc-ask-line"><strong>${dealer} deals seven each. Which card is turned up?</strong></p>
        ${C.picker({ id: "deal", kinds, chosen: [], open: deal.tab, label: "card turned up", chips: false })}`;
    } else {
      const q = P.question(dealPlay(), 0, dealCtx());
      const words = P.chipWords(dealPlay(), 0, dealCtx());
      body = html`<p class="kc-ask-line">Turned up: <button type="button" class="cp-chip s-${kind(deal.card).colour}" id="deal-change" aria-label="Change the card turned up (${words})">${words} \u00d7</button></p>
        ${P.questionHtml("deal", q && { ...q, i: 0 })}
        <fieldset><legend>${dealer}'s dealing cut</legend><div class="kc-answers">
          ${[["none", "Not tried"], ["made", "Made"], ["missed", "Missed"]].map(([value, label]) => html`<button type="button" class="secondary${deal.cut === value ? " selected" : ""}" data-deal-cut="${value}" aria-pressed="${String(deal.cut === value)}">${label}</button>`)}</div></fieldset>`;
    }
    return html`<div id="deal-panel">${body}</div>`;
  }

  function dealMissing() {
    if (!deal.card) return "Tap the card turned up first.";
    const q = P.question(dealPlay(), 0, dealCtx());
    if (q) return `${q.text.replace(/\?$/, "")}: tap the answer first.`;
    if (!deal.cut) return "Say whether the dealing cut was tried: Not tried, Made or Missed.";
    return null;
  }

  async function sendDeal() {
    const why = dealMissing();
    if (why) { say(why, "error"); return; }
    const move = { type: "deal", first: P.cards(dealPlay())[0] };
    if (deal.cut !== "none") move.cut = deal.cut;
    await Companion.send(`/api/games/${game().id}/moves`, { move });  // stored: Companion drops the draft
  }

  function onDealTap(button) {
    const tap = CardPicker.read(button, "deal");
    if (tap && tap.tab) deal.tab = tap.tab;
    else if (tap && tap.add) {
      change(`the ${cardName(tap.add)} turned up`, () => { deal.card = tap.add; deal.f = {}; deal.hand = view().hand_number; });
    } else if (button.id === "deal-change") change(`the ${cardName(deal.card)} turned up`, () => { deal.card = null; deal.f = {}; });
    else if (button.dataset.cp === "deal" && button.dataset.field) {
      change(`the ${cardName(deal.card)}'s ${button.dataset.field === "suit" ? "suit" : "choice"}`, () => {
        deal.f[button.dataset.field] = button.dataset.value;
      });
    }
    else if (button.dataset.dealCut) change("the dealing cut", () => { deal.cut = button.dataset.dealCut; });
    else return false;
    return true;
  }

  // ------------------------------------------------------------------ following a hand

  const blankTurn = () => ({ ...P.blankPlay(), seat: null, turn: null });
  let turn = blankTurn();
  // The panel of events out of turn (Risk cards, On Guard, the Dungeon, a partner's Yes), which
  // takes the place of the turn while open and asks one thing at a time.
  const blankRisk = () => ({ open: false, kind: null, seat: null, card: null, on: null });
  let risk = blankRisk();

  function turnCtx() {
    const h = view().hand;
    const names = view().players.map((p) => p.name);
    return { who: names[h.to_play], player: h.to_play, top: h.top, suit: h.suit, held: h.hands[h.to_play],
      answers: h.pending ? h.playable : null, pending: h.pending && h.pending.kind,
      others: names.map((name, seat) => [seat, name]).filter(([seat]) => seat !== h.to_play) };
  }

  function followHtml() {
    const v = view();
    const h = v.hand;
    const names = v.players.map((p) => p.name);
    const topKind = kind(h.top) || { colour: "kingdom" };
    const current = (seat) => (seat === h.to_play ? html` aria-current="true"` : "");
    const pile = html`<div class="kc-pile" aria-label="The pile">
        <span class="kc-top s-${h.top ? (P.ownSuit(h.top) || h.suit || topKind.colour) : "kingdom"}" id="top">${h.top_name || "no card"}</span>
        <span><span class="sr">Suit in force </span><strong id="suit" class="kc-suit-word s-${h.suit || "kingdom"}">${h.suit || "-"}</strong></span>
        <span>going <strong id="direction">${h.direction_words.replace(/^to the /, "")}</strong></span>
        <span>pile <strong id="draw-pile">${h.draw_pile}</strong>${h.reshuffles ? ` (reshuffled ${h.reshuffles}\u00d7)` : ""}</span>
        ${h.pending ? html`<span class="kc-due">Waiting: ${h.pending.dungeons ? "the Dungeon" : `draw ${h.pending.count}`}</span>` : ""}
      </div>
      <p class="kc-hands" tabindex="0" aria-label="Cards in each hand">${names.map((name, seat) => html`${seat ? " " : ""}<span class="${seat === h.to_play ? "kc-mover" : ""}"${current(seat)}>${name} <strong data-hand="${seat}">${h.hands[seat]}</strong>${h.dungeon[seat] ? " (Dungeon)" : ""}${h.on_guard.includes(seat) ? " On Guard!" : ""}${h.face_up[seat].length ? ` \u00b7 up: ${h.face_up[seat].map(cardName).join(", ")}` : ""}</span>`)}</p>`;
    const effects = h.effects.length && !h.pending ? html`<span id="follow-effects">${h.effects.join(" ")}</span> ` : "";
    if (h.over) return html`${pile}<p class="small kc-options">${effects}</p><p><strong>The hand is over: score it.</strong></p>`;
    // what the seat to play may do, beside the button for what happens out of turn (the
    // hands above keep the whole width, so they stay on a line or two however many are face up)
    const options = html`<div class="kc-options-row"><p class="small kc-options kc-clamp"><span id="follow-options">${h.options.join(" ")}</span> ${effects}</p>
      <button type="button" class="secondary kc-more${risk.open ? " selected" : ""}" id="risk-open" aria-expanded="${String(risk.open)}">${risk.open ? "Back to the turn" : "Risk, On Guard\u2026"}</button></div>`;
    if (risk.open) return html`${pile}${options}<div id="risk-panel">${riskHtml(names)}</div>`;
    const ctx = turnCtx();
    return html`${pile}${options}
      <div id="turn-play">${P.playHtml("turn", turn, ctx, P.turnKinds())}</div>`;
  }

  // What happened out of turn, then who, then what (only what the hand allows), one question
  // at a time; the event is stored as soon as its last fact is tapped.
  function riskKinds(names) {
    const h = view().hand;
    const kinds = [];
    if (view().cards.some((c) => P.RISKY.includes(c.id))) kinds.push(["reveal", "A Risk card or the Warlord goes face up"]);
    if (h.face_up.some((cards) => cards.length)) kinds.push(["risk", "A face-up card is played"]);
    if (h.one_card.length) kinds.push(["on-guard", "On Guard is called"]);
    if (h.escape !== null && h.escape !== undefined) kinds.push(["escape", `${names[h.escape]} leaves the Dungeon`]);
    if (h.ask_partner) kinds.push(["yes", `${names[h.to_play]}'s partner said Yes`]);
    kinds.push(["abandon", "Stop following this hand"]);
    return kinds;
  }

  // The next question of the event being entered: [field, question, [[value, label]]], or null.
  function riskQuestion(names) {
    const h = view().hand;
    const everyone = names.map((name, seat) => [seat, name]);
    const k = risk.kind;
    if (k === "reveal") {
      if (risk.seat === null) return ["seat", "Whose card goes face up?", everyone];
      if (!risk.card) return ["card", `Which card does ${names[risk.seat]} lay face up?`, view().cards.filter((c) => P.RISKY.includes(c.id)).map((c) => [c.id, c.name])];
    } else if (k === "risk") {
      if (risk.seat === null) return ["seat", "Who plays a face-up card?", everyone.filter(([seat]) => h.face_up[seat].length)];
      if (!risk.card) return ["card", `Which card does ${names[risk.seat]} play?`, [...new Set(h.face_up[risk.seat])].map((c) => [c, cardName(c)])];
      if (["dark-knight", "warlord"].includes(risk.card) && risk.on === null) return ["on", `On whom is the ${cardName(risk.card)} played?`, everyone.filter(([seat]) => seat !== risk.seat)];
    } else if (k === "on-guard") {
      if (risk.seat === null) return ["seat", "Who called On Guard?", everyone];
      if (risk.on === null) return ["on", `On whom did ${names[risk.seat]} call it?`, everyone.filter(([seat]) => seat !== risk.seat && h.one_card.includes(seat))];
    }
    return null;
  }

  function riskHtml(names) {
    if (!risk.kind) {
      return html`<p class="kc-ask-line"><strong>What happened?</strong></p><div class="kc-answers kc-events">${riskKinds(names).map(([value, label]) =>
        html`<button type="button" class="secondary" data-risk-kind="${value}">${label}</button>`)}</div>`;
    }
    const label = (riskKinds(names).find(([value]) => value === risk.kind) || [null, risk.kind])[1];
    const said = [risk.seat !== null ? names[risk.seat] : "", risk.card ? cardName(risk.card) : ""].filter(Boolean).join(", ");
    const q = riskQuestion(names);
    return html`<div class="kc-answers kc-stated"><button type="button" class="secondary kc-change" id="risk-restart" aria-label="Change what happened">${label}${said ? `: ${said}` : ""} \u00d7</button></div>
      ${q ? html`<p class="kc-ask-line"><strong>${q[1]}</strong></p><div class="kc-answers">${q[2].map(([value, text]) =>
        html`<button type="button" class="secondary" data-risk-${q[0]}="${value}">${text}</button>`)}</div>` : ""}`;
  }

  // A tap in the panel: a step of the draft, and the event stored once nothing more is asked.
  function onRiskTap(button) {
    const data = button.dataset;
    const names = view().players.map((p) => p.name);
    if (button.id === "risk-restart") { change("what happened out of turn", () => { risk = { ...blankRisk(), open: true }; }); return true; }
    if (data.riskKind) change("what happened out of turn", () => { risk.kind = data.riskKind; });
    else if (data.riskSeat !== undefined) change("who", () => { risk.seat = Number(data.riskSeat); });
    else if (data.riskCard) change("which card", () => { risk.card = data.riskCard; });
    else if (data.riskOn !== undefined) change("on whom", () => { risk.on = Number(data.riskOn); });
    else return false;
    const h = view().hand;
    if (risk.kind === "risk" && risk.seat !== null && !risk.card && new Set(h.face_up[risk.seat]).size === 1) risk.card = h.face_up[risk.seat][0];
    if (!riskQuestion(names)) { riskEvent(); return false; }
    return true;
  }

  async function riskEvent() {
    const h = view().hand;
    const k = risk.kind;
    let move;
    if (k === "abandon") move = { type: "abandon" };
    else if (k === "yes") move = { type: "yes", seat: h.to_play };
    else if (k === "escape") move = { type: "escape", seat: h.escape };
    else {
      move = { type: k, seat: risk.seat };
      if (risk.card) move.card = risk.card;
      if (risk.on !== null) move.on = risk.on;
    }
    if (!(await Companion.send(`/api/games/${game().id}/moves`, { move }))) C.page.redraw();
  }

  // The toolbar's other button while a hand is followed, beside Play: the one other thing the
  // seat to play may do now (Draw, Pass, or take what is due), as [move type, label].
  function otherAction() {
    const h = view().hand;
    const seat = h.to_play;
    const due = h.pending || h.dungeon[seat] || h.penalty.includes(seat);
    if (due) return ["take", h.pending ? `Take ${h.pending.count}` : "Take the draw"];
    if (h.yes === seat) return ["take", "Take two"];
    if (h.phase === "drawn" || (h.phase === "first" && h.open && h.open.need !== "escort")) return ["pass", "Pass"];
    return ["draw", "Draw"];
  }

  async function sendTurn(type) {
    const h = view().hand;
    const seat = h.to_play;
    if (type === "play") {
      const why = P.missing(turn, turnCtx());
      if (why) { say(why, "error"); return; }
      await Companion.send(`/api/games/${game().id}/moves`, { move: { type: "play", seat, cards: P.cards(turn) } });
      return;
    }
    if (turn.cards.length) { say(`Take the cards picked off first (Undo), or tap Play: ${view().players[seat].name} cannot both play and ${type === "draw" ? "draw" : type}.`, "error"); return; }
    await Companion.send(`/api/games/${game().id}/moves`, { move: { type, seat } });
  }

  // A scanned play in a followed hand: the cards fill the turn of the seat to play and the
  // arbiter checks it at once (nothing is stored until Play is tapped).
  async function scanTurn(ids) {
    const h = view().hand;
    change("the scanned cards", () => {
      turn = { ...P.blankPlay(), cards: ids.slice(), extra: ids.map(() => ({})), seat: h.to_play, turn: h.turn };
    });
    C.page.redraw();
    Companion.drafted();
    const name = view().players[h.to_play].name;
    const why = P.missing(turn, turnCtx());
    if (why) return `Filled ${name}'s turn with ${ids.map(cardName).join(", then ")}. ${why}`;
    const { status, data } = await Companion.request("POST", `/api/games/${game().id}/check`, { move: { type: "play", seat: h.to_play, cards: P.cards(turn) } });
    if (status === 200) {
      const after = data.view.hand;
      return `Filled ${name}'s turn with ${ids.map(cardName).join(", then ")}: the arbiter takes it${after ? `; the top becomes ${after.top_name}${after.suit ? ` (${after.suit})` : ""}` : ""}. Tap Play to record it.`;
    }
    say(Companion.failure(status, data), "error");
    return `Filled ${name}'s turn with ${ids.map(cardName).join(", then ")}.`;
  }

  // ------------------------------------------------------------------ the page's hooks

  // A tap in the hand's view while it is followed (or dealt): true when the view changes.
  function onTap(button) {
    if (button.closest("#deal-panel")) return onDealTap(button);
    if (button.id === "risk-open") { risk = { ...blankRisk(), open: !risk.open }; return true; }
    if (button.closest("#risk-panel")) return onRiskTap(button);
    if (button.closest("#turn-play")) {
      const h = view().hand;
      if (turn.seat === null) { turn.seat = h.to_play; turn.turn = h.turn; }
      return P.onPlayTap(button, "turn", turn, turnCtx());
    }
    return false;
  }

  function onChange(target) {
    if (target.closest("#turn-play")) P.onDefended(target, "turn", turn);
  }

  // The drafts this file keeps, on the page's trail, and whether another phone's entry leaves
  // them standing.
  const drafts = [
    { get: () => risk, set: (value) => { risk = value; }, blank: () => { risk = blankRisk(); }, keep: () => null },
    { get: () => turn, set: (value) => { turn = value; }, blank: () => { turn = blankTurn(); },
      keep: (g) => {
        if (turn.seat === null || !turn.cards.length) return null;
        const h = g.view.hand;
        if (g.view.stage === "playing" && h && h.to_play === turn.seat && h.turn === turn.turn) return null;
        return `${g.view.players[turn.seat].name}'s turn was entered on another phone, so the cards picked here were dropped.`;
      } },
    { get: () => deal, set: (value) => { deal = value; }, blank: () => { deal = blankDeal(); },
      keep: (g) => (!deal.card || (g.view.stage === "between-hands" && g.view.hand_number === deal.hand) ? null
        : `Hand ${deal.hand} was dealt or scored on another phone, so the card turned up picked here was dropped.`) },
  ];

  const dealing = () => Boolean(deal.card);

  return { followHtml, dealHtml, dealing, dealMissing, sendDeal, onTap, onChange, drafts, otherAction, sendTurn, scanTurn };
})();
