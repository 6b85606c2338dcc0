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
  const { game, view, kind, cardName, suitWord, say, change } = C;

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
      body = html`<p class="kc-ask-line"><strong>${Words.t("{player} deals seven each. Which card is turned up?", { player: dealer })}</strong></p>
        ${CardPicker.html({ id: "deal", kinds, chosen: [], open: deal.tab, label: Words.t("card turned up"), chips: false })}`;
    } else {
      const q = P.question(dealPlay(), 0, dealCtx());
      const words = P.chipWords(dealPlay(), 0, dealCtx());
      const again = Words.t("Change the card turned up ({card})", { card: words });
      body = html`<p class="kc-ask-line">${Words.t("Turned up:")} <button type="button" class="cp-chip s-${kind(deal.card).colour}" id="deal-change" aria-label="${again}">${words} \u00d7</button></p>
        ${P.questionHtml("deal", q && { ...q, i: 0 })}
        <fieldset><legend>${Words.t("{player}'s dealing cut", { player: dealer })}</legend><div class="kc-answers">
          ${[["none", Words.t("Not tried")], ["made", Words.t("Made")], ["missed", Words.t("Missed")]].map(([value, label]) => html`<button type="button" class="secondary${deal.cut === value ? " selected" : ""}" data-deal-cut="${value}" aria-pressed="${String(deal.cut === value)}">${label}</button>`)}</div></fieldset>`;
    }
    return html`<div id="deal-panel">${body}</div>`;
  }

  function dealMissing() {
    if (!deal.card) return Words.t("Tap the card turned up first.");
    const q = P.question(dealPlay(), 0, dealCtx());
    if (q) return Words.t("{question}: tap the answer first.", { question: q.text.replace(/\s*\?$/, "") });
    if (!deal.cut) return Words.t("Say whether the dealing cut was tried: Not tried, Made or Missed.");
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
      change(Words.t("the {card} turned up", { card: cardName(tap.add) }), () => { deal.card = tap.add; deal.f = {}; deal.hand = view().hand_number; });
    } else if (button.id === "deal-change") change(Words.t("the {card} turned up", { card: cardName(deal.card) }), () => { deal.card = null; deal.f = {}; });
    else if (button.dataset.cp === "deal" && button.dataset.field) {
      const what = button.dataset.field === "suit" ? Words.t("the {card}'s suit", { card: cardName(deal.card) }) : Words.t("the {card}'s choice", { card: cardName(deal.card) });
      change(what, () => {
        deal.f[button.dataset.field] = button.dataset.value;
      });
    }
    else if (button.dataset.dealCut) change(Words.t("the dealing cut"), () => { deal.cut = button.dataset.dealCut; });
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
    const way = h.direction === 1 ? Words.t("left") : Words.t("right");
    const thePile = Words.t("The pile");
    const inHands = Words.t("Cards in each hand");
    const pile = html`<div class="kc-pile" aria-label="${thePile}">
        <span class="kc-top s-${h.top ? (P.ownSuit(h.top) || h.suit || topKind.colour) : "kingdom"}" id="top">${h.top_name || Words.t("no card")}</span>
        <span><span class="sr">${Words.t("Suit in force")} </span><strong id="suit" class="kc-suit-word s-${h.suit || "kingdom"}" data-suit="${h.suit || ""}">${h.suit ? suitWord(h.suit) : "-"}</strong></span>
        <span>${Words.t("going")} <strong id="direction">${way}</strong></span>
        <span>${Words.t("pile")} <strong id="draw-pile">${h.draw_pile}</strong>${h.reshuffles ? ` ${Words.t("(reshuffled {n}\u00d7)", { n: h.reshuffles })}` : ""}</span>
        ${h.pending ? html`<span class="kc-due">${h.pending.dungeons ? Words.t("Waiting: the Dungeon") : Words.t("Waiting: draw {n}", { n: h.pending.count })}</span>` : ""}
      </div>
      <p class="kc-hands" role="group" aria-label="${inHands}">${names.map((name, seat) => html`${seat ? " " : ""}<span class="${seat === h.to_play ? "kc-mover" : ""}"${current(seat)}>${name} <strong data-hand="${seat}">${h.hands[seat]}</strong>${h.dungeon[seat] ? ` ${Words.t("(Dungeon)")}` : ""}${h.on_guard.includes(seat) ? ` ${Words.t("On Guard!")}` : ""}${h.face_up[seat].map((card) => html` <span class="kc-up"><span class="sr">${Words.t("face up:")} </span>${cardName(card)}</span>`)}</span>`)}</p>`;
    const effects = h.effects.length && !h.pending ? html`<span id="follow-effects">${h.effects.join(" ")}</span> ` : "";
    if (h.over) return html`${pile}<p class="small kc-options">${effects}</p><p><strong>${Words.t("The hand is over: score it.")}</strong></p>`;
    // what the seat to play may do, beside the button for what happens out of turn (the
    // hands above keep the whole width, so they stay on a line or two however many are face up)
    const options = html`<div class="kc-options-row"><p class="small kc-options kc-clamp"><span id="follow-options">${h.options.join(" ")}</span> ${effects}</p>
      <button type="button" class="secondary kc-more${risk.open ? " selected" : ""}" id="risk-open" aria-expanded="${String(risk.open)}">${risk.open ? Words.t("Back to the turn") : Words.t("Risk, On Guard\u2026")}</button></div>`;
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
    if (view().cards.some((c) => P.RISKY.includes(c.id))) kinds.push(["reveal", Words.t("A Risk card or the Warlord goes face up")]);
    if (h.face_up.some((cards) => cards.length)) kinds.push(["risk", Words.t("A face-up card is played")]);
    if (h.one_card.length) kinds.push(["on-guard", Words.t("On Guard is called")]);
    if (h.escape !== null && h.escape !== undefined) kinds.push(["escape", Words.t("{player} leaves the Dungeon", { player: names[h.escape] })]);
    if (h.ask_partner) kinds.push(["yes", Words.t("{player}'s partner said Yes", { player: names[h.to_play] })]);
    kinds.push(["abandon", Words.t("Stop following this hand")]);
    return kinds;
  }

  // The next question of the event being entered: [field, question, [[value, label]]], or null.
  function riskQuestion(names) {
    const h = view().hand;
    const everyone = names.map((name, seat) => [seat, name]);
    const k = risk.kind;
    if (k === "reveal") {
      if (risk.seat === null) return ["seat", Words.t("Whose card goes face up?"), everyone];
      if (!risk.card) return ["card", Words.t("Which card does {player} lay face up?", { player: names[risk.seat] }), view().cards.filter((c) => P.RISKY.includes(c.id)).map((c) => [c.id, c.name])];
    } else if (k === "risk") {
      if (risk.seat === null) return ["seat", Words.t("Who plays a face-up card?"), everyone.filter(([seat]) => h.face_up[seat].length)];
      if (!risk.card) return ["card", Words.t("Which card does {player} play?", { player: names[risk.seat] }), [...new Set(h.face_up[risk.seat])].map((c) => [c, cardName(c)])];
      if (["dark-knight", "warlord"].includes(risk.card) && risk.on === null) return ["on", Words.t("On whom is the {card} played?", { card: cardName(risk.card) }), everyone.filter(([seat]) => seat !== risk.seat)];
    } else if (k === "on-guard") {
      if (risk.seat === null) return ["seat", Words.t("Who called On Guard?"), everyone];
      if (risk.on === null) return ["on", Words.t("On whom did {player} call it?", { player: names[risk.seat] }), everyone.filter(([seat]) => seat !== risk.seat && h.one_card.includes(seat))];
    }
    return null;
  }

  function riskHtml(names) {
    if (!risk.kind) {
      return html`<p class="kc-ask-line"><strong>${Words.t("What happened?")}</strong></p><div class="kc-answers kc-events">${riskKinds(names).map(([value, label]) =>
        html`<button type="button" class="secondary" data-risk-kind="${value}">${label}</button>`)}</div>`;
    }
    const label = (riskKinds(names).find(([value]) => value === risk.kind) || [null, risk.kind])[1];
    const said = [risk.seat !== null ? names[risk.seat] : "", risk.card ? cardName(risk.card) : ""].filter(Boolean).join(", ");
    const q = riskQuestion(names);
    const again = Words.t("Change what happened");
    return html`<div class="kc-answers kc-stated"><button type="button" class="secondary kc-change" id="risk-restart" aria-label="${again}">${said ? Words.t("{what}: {said}", { what: label, said }) : label} \u00d7</button></div>
      ${q ? html`<p class="kc-ask-line"><strong>${q[1]}</strong></p><div class="kc-answers">${q[2].map(([value, text]) =>
        html`<button type="button" class="secondary" data-risk-${q[0]}="${value}">${text}</button>`)}</div>` : ""}`;
  }

  // A tap in the panel: a step of the draft, and the event stored once nothing more is asked.
  function onRiskTap(button) {
    const data = button.dataset;
    const names = view().players.map((p) => p.name);
    if (button.id === "risk-restart") { change(Words.t("what happened out of turn"), () => { risk = { ...blankRisk(), open: true }; }); return true; }
    if (data.riskKind) change(Words.t("what happened out of turn"), () => { risk.kind = data.riskKind; });
    else if (data.riskSeat !== undefined) change(Words.t("who"), () => { risk.seat = Number(data.riskSeat); });
    else if (data.riskCard) change(Words.t("which card"), () => { risk.card = data.riskCard; });
    else if (data.riskOn !== undefined) change(Words.t("on whom"), () => { risk.on = Number(data.riskOn); });
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
    if (due) return ["take", Words.t("Take {n}", { n: h.due })];
    if (h.yes === seat) return ["take", Words.t("Take two")];
    if (h.phase === "drawn" || (h.phase === "first" && h.open && h.open.need !== "escort")) return ["pass", Words.t("Pass")];
    return ["draw", Words.t("Draw")];
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
    if (turn.cards.length) {
      const player = view().players[seat].name;
      say(type === "draw" ? Words.t("Take the cards picked off first (Undo), or tap Play: {player} cannot both play and draw.", { player })
        : type === "pass" ? Words.t("Take the cards picked off first (Undo), or tap Play: {player} cannot both play and pass.", { player })
          : Words.t("Take the cards picked off first (Undo), or tap Play: {player} cannot both play and take.", { player }), "error");
      return;
    }
    await Companion.send(`/api/games/${game().id}/moves`, { move: { type, seat } });
  }

  // A scanned play in a followed hand: the cards fill the turn of the seat to play and the
  // arbiter checks it at once (nothing is stored until Play is tapped).
  async function scanTurn(ids) {
    const h = view().hand;
    change(Words.t("the scanned cards"), () => {
      turn = { ...P.blankPlay(), cards: ids.slice(), extra: ids.map(() => ({})), seat: h.to_play, turn: h.turn };
    });
    C.page.redraw();
    Companion.drafted();
    const name = view().players[h.to_play].name;
    const why = P.missing(turn, turnCtx());
    const played = ids.map(cardName).join(Words.t(", then "));
    if (why) return Words.t("Filled {player}'s turn with {cards}. {why}", { player: name, cards: played, why });
    const { status, data } = await Companion.request("POST", `/api/games/${game().id}/check`, { move: { type: "play", seat: h.to_play, cards: P.cards(turn) } });
    if (status === 200) {
      const after = data.view.hand;
      if (!after) return Words.t("Filled {player}'s turn with {cards}: the arbiter takes it. Tap Play to record it.", { player: name, cards: played });
      const top = after.suit ? Words.t("{card} ({suit})", { card: after.top_name, suit: suitWord(after.suit) }) : after.top_name;
      return Words.t("Filled {player}'s turn with {cards}: the arbiter takes it; the top becomes {top}. Tap Play to record it.", { player: name, cards: played, top });
    }
    say(Companion.failure(status, data), "error");
    return Words.t("Filled {player}'s turn with {cards}.", { player: name, cards: played });
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
        return Words.t("{player}'s turn was entered on another phone, so the cards picked here were dropped.", { player: g.view.players[turn.seat].name });
      } },
    { get: () => deal, set: (value) => { deal = value; }, blank: () => { deal = blankDeal(); },
      keep: (g) => (!deal.card || (g.view.stage === "between-hands" && g.view.hand_number === deal.hand) ? null
        : Words.t("Hand {number} was dealt or scored on another phone, so the card turned up picked here was dropped.", { number: deal.hand })) },
  ];

  const dealing = () => Boolean(deal.card);

  return { followHtml, dealHtml, dealing, dealMissing, sendDeal, onTap, onChange, drafts, otherAction, sendTurn, scanTurn };
})();
