// King's Court at the table: a hand followed card by card (the deal, then each turn), and the
// arbiter ("may I play this card?") for tables that keep only the sheet. A play is built the
// same way in both: tap the cards of the turn in order; a card that needs a fact (the suit a
// wild card names, a direction, a target, the Magician's role) asks for it in place of the
// cards, with nothing chosen for the player. Every draft lives in plain objects here, so a
// redraw (another phone's entry, Undo) draws exactly what was picked.
"use strict";

window.KingsCourtTable = (() => {
  const { $, escape } = Companion;
  const game = () => Companion.game;
  const view = () => game().view;
  const kind = (id) => view().cards.find((c) => c.id === id);
  const cardName = (id) => KingsCourt.cardName(id);
  const say = (what, how) => KingsCourt.say(what, how);
  const WILD = ["wizard", "dragon", "king", "queen", "duke", "duchess"];
  const OPTION = (id) => id.startsWith("queens-option-");
  const RISKY = ["dark-knight", "poison-garden", "castle-fire", "kings-goblet", "warlord"];
  const BATTLE = ["cannonball", "catapult", "flaming-arrow", "siege-tower", "imperial-tax"];
  const NEVER_ON_A_TURN = [...RISKY, "defender"];  // played with a risk move or with a Battle card
  const DIRECTIONS = [["same", "Keep the direction"], ["skip", "Skip the next player"], ["reverse", "Reverse"]];
  const STEMS = ["fair-maiden", "drawbridge", "knight", "court-jester", "queens-option"];
  const NONE = "none";  // the answer "no card": a Magician turned up as itself, no card burnt

  const suits = () => {
    const seen = new Set(view().cards.flatMap((c) => c.suits));
    return ["gold", "green", "blue", "burgundy", "purple", "silver", "orange"].filter((s) => seen.has(s));
  };
  // The suit a top card sets by itself (a Number or Suit Scroll card), or null.
  const ownSuit = (id) => (kind(id) && kind(id).suits.length === 1 ? kind(id).suits[0] : null);

  // ------------------------------------------------------------------ one turn's cards

  // A play: {cards: [ids], extra: [{suit, choice, as, target, burn, defended}], tab}. ``ctx``:
  // {who (a name or "you"), player (seat), top and suit (where the play goes), held (the cards
  // in the player's hand, when known), answers (the cards that may answer a draw waiting), deal
  // (the card turned up), others: [[seat, name]] the seats it may aim at}.
  function blankPlay() { return { cards: [], extra: [], tab: null }; }

  const acts = (play, j) => (play.extra[j].as && play.extra[j].as !== NONE ? play.extra[j].as : play.cards[j]);

  // The top card and the suit in force where card ``i`` of a play goes: the turn's, then each
  // card before it in the play (a Dungeon leaves them; a card that names or has a suit sets it).
  function chainAt(play, i, ctx) {
    let top = ctx.top || null;
    let suit = ctx.suit || null;
    for (let j = 0; j < i; j++) {
      const eff = acts(play, j);
      if (eff === "dungeon") continue;
      top = eff;
      if (play.extra[j].suit) suit = play.extra[j].suit;
      else if (kind(eff).suits.length) suit = kind(eff).suits[0];
    }
    return { top, suit };
  }

  // What "same kind" compares (a number's value, a Suit Scroll card's kind), as the engine.
  const matchOf = (k) => (k.group === "number" ? `value-${k.value}` : STEMS.find((stem) => k.id.startsWith(stem)) || null);
  // Whether card kind ``c`` may go on ``top`` with ``suit`` in force: a Kingdom card always, a
  // Suit card of that suit or of the top card's kind.
  function fits(c, top, suit) {
    if (!c.suits.length || c.suits.includes(suit)) return true;
    const under = top && kind(top);
    return Boolean(under && under.suits.length && matchOf(under) === matchOf(c));
  }

  // The cards a Magician may become as card ``i``: in answer to a draw card a Royal Decree or
  // a Protector; turned up, a Kingdom Scroll card (or none: it only names a suit); in a turn,
  // every Scroll card that could be played there.
  function magicianCards(play, i, ctx) {
    const scrolls = view().cards.filter((c) => c.group === "scroll" && c.id !== "magician");
    if (ctx.answers && i === 0) return scrolls.filter((c) => ["royal-decree", "protector"].includes(c.id));
    if (ctx.deal) return scrolls.filter((c) => !c.suits.length);
    const { top, suit } = chainAt(play, i, ctx);
    return scrolls.filter((c) => fits(c, top, suit));
  }

  // Whether a Flaming Arrow played as card ``i`` leaves its player a card to burn (unknown in
  // the arbiter's question unless the hand size is given).
  const canBurn = (i, ctx) => ctx.held === null || ctx.held === undefined || ctx.held > i + 1;

  // The first fact card ``i`` still needs, as a question with its answers, or null.
  function question(play, i, ctx) {
    const id = play.cards[i];
    const f = play.extra[i];
    if (id === "magician" && !f.as) {
      const scrolls = magicianCards(play, i, ctx);
      return ctx.deal
        ? { field: "as", text: "The Magician turned up: does it play as a card?", options: [[NONE, "No, it only names a suit"]], grid: scrolls }
        : { field: "as", text: "The Magician plays as which card?", options: [], grid: scrolls };
    }
    const eff = acts(play, i);  // a Magician asks what the card it copies asks
    const name = cardName(eff);
    // a card turned up with no suit of its own: the dealer names the suit in force
    if ((WILD.includes(eff) || OPTION(eff) || (ctx.deal && !kind(eff).suits.length)) && !f.suit) {
      const allowed = OPTION(eff) ? kind(eff).suits : suits();
      return { field: "suit", text: `Which suit does ${ctx.who} name with the ${name}?`, options: allowed.map((s) => [s, s[0].toUpperCase() + s.slice(1)]), suits: true };
    }
    if ((eff === "wizard" || OPTION(eff)) && !f.choice) return { field: "choice", text: `The ${name}: which way does play go on?`, options: DIRECTIONS };
    if ((eff === "catapult" || eff === "siege-tower") && f.target === undefined) return { field: "target", text: `Who is the ${name} aimed at?`, options: ctx.others };
    if (eff === "flaming-arrow" && f.burn === undefined && canBurn(i, ctx)) {
      return { field: "burn", text: `Does ${ctx.who} burn a card with the Flaming Arrow, and where to?`, options: [[NONE, "No card burnt"], ["discard", "The discard pile"], ...ctx.others] };
    }
    return null;
  }

  function firstQuestion(play, ctx) {
    for (let i = 0; i < play.cards.length; i++) {
      const q = question(play, i, ctx);
      if (q) return { ...q, i };
    }
    return null;
  }

  function chipWords(play, i, ctx) {
    const f = play.extra[i] || {};
    const named = (seat) => (ctx.others.find(([s]) => s === seat) || [seat, "?"])[1];
    let text = cardName(play.cards[i]);
    if (f.as && f.as !== NONE) text += ` as ${cardName(f.as)}`;
    if (f.suit) text += ` naming ${f.suit}`;
    if (f.choice === "skip") text += ", skip"; else if (f.choice === "reverse") text += ", reverse";
    if (f.target !== undefined) text += ` at ${named(f.target)}`;
    if (f.burn === NONE) text += ", nothing burnt";
    else if (f.burn !== undefined) text += f.burn === "discard" ? ", burnt to the discard" : `, burnt to ${named(f.burn)}`;
    return text;
  }

  // The seats a Battle card is aimed at: they alone may answer it with a Defender.
  function aimedAt(id, f, ctx) {
    if (id === "catapult" || id === "siege-tower") return ctx.others.filter(([seat]) => seat === f.target);
    if (id === "flaming-arrow") return ctx.others.filter(([seat]) => seat === f.burn);
    return ctx.others;
  }

  // A question of a card (its answers as buttons of the picker ``id``), or "".
  const answerButtons = (id, q) => `<div class="kc-answers${q.suits ? " kc-suits" : ""}">${q.options.map(([value, label]) => `<button type="button" class="secondary${q.suits ? ` kc-suit s-${value}` : ""}"
        data-cp="${id}" data-field="${q.field}" data-i="${q.i}" data-value="${escape(value)}">${escape(label)}</button>`).join("")}</div>`;
  const questionHtml = (id, q) => (q ? `<div class="kc-question" role="group" aria-label="${escape(q.text)}"><p><strong>${escape(q.text)}</strong></p>
      ${q.grid ? `${q.options.length ? answerButtons(id, q) : ""}<div class="cp-grid">${q.grid.map((c) => `<button type="button" class="cp-card s-${c.colour}${(c.short || c.name).split(" ").some((w) => w.length > 7) ? " cp-wide" : ""}"
        data-cp="${id}" data-field="${q.field}" data-i="${q.i}" data-value="${c.id}" aria-label="${escape(c.name)}">${escape(c.short || c.name)}</button>`).join("")}</div>`
      : answerButtons(id, q)}</div>` : "");

  function playHtml(id, play, ctx, kinds) {
    const q = firstQuestion(play, ctx);
    const ask = questionHtml(id, q);
    let defended = "";
    if (!q && view().cards.some((c) => c.id === "defender")) {
      defended = play.cards.map((card, i) => {
        if (!BATTLE.includes(card)) return "";
        const aimed = aimedAt(card, play.extra[i], ctx);
        return aimed.length ? `<fieldset class="kc-defended"><legend>The ${escape(cardName(card))}: answered with a Defender by</legend>
          ${aimed.map(([seat, name]) => `<label class="radio"><input type="checkbox" data-cp="${id}" data-defended="${seat}" data-i="${i}" ${(play.extra[i].defended || []).includes(seat) ? "checked" : ""}> ${escape(name)}</label>`).join("")}</fieldset>` : "";
      }).join("");
    }
    const open = play.tab || (ctx.suit && kinds.some((k) => CardPicker.groupKey(k) === ctx.suit) ? ctx.suit : null);
    // A draw card waiting: only the cards that can answer it, in one grid.
    const answers = ctx.answers && kinds.filter((k) => ctx.answers.includes(k.id));
    if (answers && answers.length) {
      const bridge = (k) => k.id.startsWith("drawbridge-");
      const title = answers.some(bridge) ? "A Drawbridge (by its suit) or a card that stops the draw:" : "A card that stops the draw:";
      return CardPicker.html({ id, kinds: answers.map((k) => (bridge(k) ? { ...k, short: k.suits[0][0].toUpperCase() + k.suits[0].slice(1) } : k)),
        chosen: play.cards, label: "answer", question: ask, chip: (i) => chipWords(play, i, ctx), title, above: true }) + defended;
    }
    return CardPicker.html({ id, kinds, chosen: play.cards, open, label: "cards played", question: ask, chip: (i) => chipWords(play, i, ctx), above: true }) + defended;
  }

  // A tap inside a play's picker: the play changes (a step of the draft) or a sentence is said.
  // ``step`` notes a step of the table's draft (the arbiter's question is not one).
  function onPlayTap(button, id, play, ctx, step = KingsCourt.step) {
    const tap = CardPicker.read(button, id);
    if (tap && tap.tab) { play.tab = tap.tab; return true; }
    if (tap && tap.add) {
      step(`the ${cardName(tap.add)}`);
      play.cards.push(tap.add);
      play.extra.push({});
      const f = OPTION(tap.add) ? null : ownSuit(tap.add);
      if (f) play.tab = f;
      return true;
    }
    if (tap && tap.remove !== undefined) {
      step(`taking off the ${cardName(play.cards[tap.remove])}`);
      play.cards.splice(tap.remove, 1);
      play.extra.splice(tap.remove, 1);
      return true;
    }
    if (button.dataset.cp === String(id) && button.dataset.field) {
      const i = Number(button.dataset.i);
      const raw = button.dataset.value;
      const value = /^\d+$/.test(raw) ? Number(raw) : raw;
      step(`the ${cardName(play.cards[i])}'s ${button.dataset.field === "suit" ? "suit" : "choice"}`);
      play.extra[i][button.dataset.field] = value;
      if (button.dataset.field === "suit") play.tab = value;  // the next card follows the named suit
      return true;
    }
    return false;
  }

  function onDefended(input, id, play, step = KingsCourt.step) {
    if (input.dataset.cp !== String(id) || input.dataset.defended === undefined) return false;
    const f = play.extra[Number(input.dataset.i)];
    const seat = Number(input.dataset.defended);
    step("the Defender answer");
    const rest = (f.defended || []).filter((s) => s !== seat);
    f.defended = input.checked ? [...rest, seat].sort((a, b) => a - b) : rest;
    if (!f.defended.length) delete f.defended;
    return true;
  }

  // The play's cards as the engine takes them ("no card" said by leaving the field out).
  const cards = (play) => play.cards.map((card, i) => {
    const f = { ...play.extra[i] };
    if (f.as === NONE) delete f.as;
    if (f.burn === NONE) delete f.burn;
    return { card, ...f };
  });

  // The sentence that says what a play still needs, or null when it can be sent.
  function missing(play, ctx, what = "play") {
    if (!play.cards.length) return `Tap the cards ${what === "ask" ? "you mean to play" : `${ctx.who} played`} first.`;
    const q = firstQuestion(play, ctx);
    return q ? `${q.text.replace(/\?$/, "")}: tap the answer first.` : null;
  }

  const turnKinds = () => KingsCourt.pickerKinds().filter((k) => !NEVER_ON_A_TURN.includes(k.id));

  // ------------------------------------------------------------------ the deal

  // The card turned up is a play of one card by the dealer: its facts (a suit named, a
  // direction, the card a Magician copies) are asked as a turn's are.
  const blankDeal = () => ({ card: null, f: {}, cut: null, tab: null, hand: null });
  let deal = blankDeal();
  const dealPlay = () => ({ cards: [deal.card], extra: [deal.f] });
  const dealCtx = () => ({ who: KingsCourt.nameOf(view().dealer), player: view().dealer, deal: true, others: [] });

  function dealHtml() {
    const v = view();
    const dealer = KingsCourt.nameOf(v.dealer);
    const kinds = KingsCourt.pickerKinds().filter((c) => c.group !== "shield");
    let body;
    if (!deal.card) {
      body = `<p class="kc-ask-line"><strong>${escape(dealer)} deals seven each. Which card is turned up?</strong></p>
        ${CardPicker.html({ id: "deal", kinds, chosen: [], open: deal.tab, label: "card turned up", chips: false })}`;
    } else {
      const q = question(dealPlay(), 0, dealCtx());
      const words = chipWords(dealPlay(), 0, dealCtx());
      body = `<p class="kc-ask-line">Turned up: <button type="button" class="cp-chip s-${kind(deal.card).colour}" id="deal-change" aria-label="Change the card turned up (${escape(words)})">${escape(words)} \u00d7</button></p>
        ${questionHtml("deal", q && { ...q, i: 0 })}
        <fieldset><legend>${escape(dealer)}'s dealing cut</legend><div class="kc-answers">
          ${[["none", "Not tried"], ["made", "Made"], ["missed", "Missed"]].map(([value, label]) => `<button type="button" class="secondary${deal.cut === value ? " selected" : ""}" data-deal-cut="${value}" aria-pressed="${deal.cut === value}">${label}</button>`).join("")}</div></fieldset>`;
    }
    return `<div id="deal-panel">${body}</div>`;
  }

  function dealMissing() {
    if (!deal.card) return "Tap the card turned up first.";
    const q = question(dealPlay(), 0, dealCtx());
    if (q) return `${q.text.replace(/\?$/, "")}: tap the answer first.`;
    if (!deal.cut) return "Say whether the dealing cut was tried: Not tried, Made or Missed.";
    return null;
  }

  async function sendDeal() {
    const why = dealMissing();
    if (why) { say(why, "error"); return; }
    const move = { type: "deal", first: cards(dealPlay())[0] };
    if (deal.cut !== "none") move.cut = deal.cut;
    await Companion.send(`/api/games/${game().id}/moves`, { move });  // stored: Companion drops the draft
  }

  function onDealTap(button) {
    const tap = CardPicker.read(button, "deal");
    if (tap && tap.tab) deal.tab = tap.tab;
    else if (tap && tap.add) { KingsCourt.step(`the ${cardName(tap.add)} turned up`); deal.card = tap.add; deal.f = {}; deal.hand = view().hand_number; }
    else if (button.id === "deal-change") { KingsCourt.step(`the ${cardName(deal.card)} turned up`); deal.card = null; deal.f = {}; }
    else if (button.dataset.cp === "deal" && button.dataset.field) {
      KingsCourt.step(`the ${cardName(deal.card)}'s ${button.dataset.field === "suit" ? "suit" : "choice"}`);
      deal.f[button.dataset.field] = button.dataset.value;
    }
    else if (button.dataset.dealCut) { KingsCourt.step("the dealing cut"); deal.cut = button.dataset.dealCut; }
    else return false;
    return true;
  }

  // ------------------------------------------------------------------ following a hand

  let turn = { ...blankPlay(), seat: null, turn: null };
  const blankTurn = () => ({ ...blankPlay(), seat: null, turn: null });
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
    const pile = `<div class="kc-pile" aria-label="The pile">
        <span class="kc-top s-${escape(h.top ? (ownSuit(h.top) || h.suit || topKind.colour) : "kingdom")}" id="top">${escape(h.top_name || "no card")}</span>
        <span><span class="sr">Suit in force </span><strong id="suit" class="kc-suit-word s-${escape(h.suit || "kingdom")}">${escape(h.suit || "-")}</strong></span>
        <span>going <strong id="direction">${escape(h.direction_words.replace(/^to the /, ""))}</strong></span>
        <span>pile <strong id="draw-pile">${h.draw_pile}</strong>${h.reshuffles ? ` (reshuffled ${h.reshuffles}\u00d7)` : ""}</span>
        ${h.pending ? `<span class="kc-due">Waiting: ${h.pending.dungeons ? "the Dungeon" : `draw ${h.pending.count}`}</span>` : ""}
      </div>
      <p class="kc-hands" tabindex="0" aria-label="Cards in each hand">${names.map((name, seat) => `<span class="${seat === h.to_play ? "kc-mover" : ""}"${seat === h.to_play ? ' aria-current="true"' : ""}>${escape(name)} <strong data-hand="${seat}">${h.hands[seat]}</strong>${h.dungeon[seat] ? " (Dungeon)" : ""}${h.on_guard.includes(seat) ? " On Guard!" : ""}${h.face_up[seat].length ? ` \u00b7 up: ${h.face_up[seat].map((c) => escape(cardName(c))).join(", ")}` : ""}</span>`).join(" ")}</p>`;
    const effects = h.effects.length && !h.pending ? `<span id="follow-effects">${h.effects.map(escape).join(" ")}</span> ` : "";
    if (h.over) return `${pile}<p class="small kc-options">${effects}</p><p><strong>The hand is over: score it.</strong></p>`;
    // what the seat to play may do, beside the button for what happens out of turn (the
    // hands above keep the whole width, so they stay on a line or two however many are face up)
    const options = `<div class="kc-options-row"><p class="small kc-options kc-clamp"><span id="follow-options">${h.options.map(escape).join(" ")}</span> ${effects}</p>
      <button type="button" class="secondary kc-more${risk.open ? " selected" : ""}" id="risk-open" aria-expanded="${risk.open}">${risk.open ? "Back to the turn" : "Risk, On Guard\u2026"}</button></div>`;
    if (risk.open) return `${pile}${options}<div id="risk-panel">${riskHtml(names)}</div>`;
    const ctx = turnCtx();
    return `${pile}${options}
      <div id="turn-play">${playHtml("turn", turn, ctx, turnKinds())}</div>`;
  }

  // What happened out of turn, then who, then what (only what the hand allows), one question
  // at a time; the event is stored as soon as its last fact is tapped.
  function riskKinds(names) {
    const h = view().hand;
    const kinds = [];
    if (view().cards.some((c) => RISKY.includes(c.id))) kinds.push(["reveal", "A Risk card or the Warlord goes face up"]);
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
      if (!risk.card) return ["card", `Which card does ${names[risk.seat]} lay face up?`, view().cards.filter((c) => RISKY.includes(c.id)).map((c) => [c.id, c.name])];
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
      return `<p class="kc-ask-line"><strong>What happened?</strong></p><div class="kc-answers kc-events">${riskKinds(names).map(([value, label]) =>
        `<button type="button" class="secondary" data-risk-kind="${value}">${escape(label)}</button>`).join("")}</div>`;
    }
    const label = (riskKinds(names).find(([value]) => value === risk.kind) || [null, risk.kind])[1];
    const said = [risk.seat !== null ? names[risk.seat] : "", risk.card ? cardName(risk.card) : ""].filter(Boolean).join(", ");
    const q = riskQuestion(names);
    return `<div class="kc-answers kc-stated"><button type="button" class="secondary kc-change" id="risk-restart" aria-label="Change what happened">${escape(label)}${said ? `: ${escape(said)}` : ""} \u00d7</button></div>
      ${q ? `<p class="kc-ask-line"><strong>${escape(q[1])}</strong></p><div class="kc-answers">${q[2].map(([value, text]) =>
        `<button type="button" class="secondary" data-risk-${q[0]}="${value}">${escape(text)}</button>`).join("")}</div>` : ""}`;
  }

  // A tap in the panel: a step of the draft, and the event stored once nothing more is asked.
  function onRiskTap(button) {
    const data = button.dataset;
    const names = view().players.map((p) => p.name);
    if (button.id === "risk-restart") { KingsCourt.step("what happened out of turn"); risk = { ...blankRisk(), open: true }; return true; }
    if (data.riskKind) { KingsCourt.step("what happened out of turn"); risk.kind = data.riskKind; }
    else if (data.riskSeat !== undefined) { KingsCourt.step("who"); risk.seat = Number(data.riskSeat); }
    else if (data.riskCard) { KingsCourt.step("which card"); risk.card = data.riskCard; }
    else if (data.riskOn !== undefined) { KingsCourt.step("on whom"); risk.on = Number(data.riskOn); }
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
    if (!(await Companion.send(`/api/games/${game().id}/moves`, { move }))) KingsCourt.redraw();
  }

  // The toolbar's buttons while a hand is followed: Play, and the one other thing the seat to
  // play may do now (Draw, Pass, or take what is due).
  function turnActions() {
    const v = view();
    const h = v.hand;
    if (!h || h.over || game().result) return null;
    const seat = h.to_play;
    const due = h.pending || h.dungeon[seat] || h.penalty.includes(seat);
    let other = ["draw", "Draw"];
    if (due) other = ["take", h.pending ? `Take ${h.pending.count}` : "Take the draw"];
    else if (h.yes === seat) other = ["take", "Take two"];
    else if (h.phase === "drawn" || (h.phase === "first" && h.open && h.open.need !== "escort")) other = ["pass", "Pass"];
    return { play: true, other };
  }

  async function sendTurn(type) {
    const h = view().hand;
    const seat = h.to_play;
    if (type === "play") {
      const why = missing(turn, turnCtx());
      if (why) { say(why, "error"); return; }
      await Companion.send(`/api/games/${game().id}/moves`, { move: { type: "play", seat, cards: cards(turn) } });
      return;
    }
    if (turn.cards.length) { say(`Take the cards picked off first (Undo), or tap Play: ${view().players[seat].name} cannot both play and ${type === "draw" ? "draw" : type}.`, "error"); return; }
    await Companion.send(`/api/games/${game().id}/moves`, { move: { type, seat } });
  }

  // A scanned play in a followed hand: the cards fill the turn of the seat to play and the
  // arbiter checks it at once (nothing is stored until Play is tapped).
  async function scanTurn(ids) {
    const h = view().hand;
    KingsCourt.step("the scanned cards");
    turn = { ...blankPlay(), cards: ids.slice(), extra: ids.map(() => ({})), seat: h.to_play, turn: h.turn };
    KingsCourt.redraw();
    Companion.drafted();
    const name = view().players[h.to_play].name;
    const why = missing(turn, turnCtx());
    if (why) return `Filled ${name}'s turn with ${ids.map(cardName).join(", then ")}. ${why}`;
    const { status, data } = await Companion.request("POST", `/api/games/${game().id}/check`, { move: { type: "play", seat: h.to_play, cards: cards(turn) } });
    if (status === 200) {
      const after = data.view.hand;
      return `Filled ${name}'s turn with ${ids.map(cardName).join(", then ")}: the arbiter takes it${after ? `; the top becomes ${after.top_name}${after.suit ? ` (${after.suit})` : ""}` : ""}. Tap Play to record it.`;
    }
    say(Companion.failure(status, data), "error");
    return `Filled ${name}'s turn with ${ids.map(cardName).join(", then ")}.`;
  }

  // ------------------------------------------------------------------ the arbiter

  // The question: the top card, the suit in force when the top card does not set it, what
  // waits for the player, and the cards of the turn. Kept apart from the table's draft.
  let asking = { top: null, suit: null, tab: null, pending: "", count: "", hand: "", dungeon: false, more: false, play: blankPlay() };
  // The question's own steps, for Undo while it is shown: a stored entry is never undone there.
  let asked = [];
  const askStep = (sentence) => asked.push({ sentence, snapshot: JSON.stringify(asking) });
  function askUndo() {
    const last = asked.pop();
    if (!last) return "Nothing in the question to take back (stored entries are undone from the Hand or Sheet view).";
    asking = JSON.parse(last.snapshot);
    return `Took back ${last.sentence} from the question.`;
  }

  function askCtx() {
    const n = view().players.length;
    const suit = asking.suit || (asking.top && ownSuit(asking.top));
    return { who: "you", player: 0, top: asking.top, suit, held: asking.hand ? Number(asking.hand) : null,
      others: Array.from({ length: n - 1 }, (_, i) => [i + 1, i === 0 ? "the player to your left" : `${i + 1} seats to your left`]) };
  }

  const needsSuit = (top) => !ownSuit(top);

  function askHtml() {
    const kinds = KingsCourt.pickerKinds().filter((c) => c.group !== "shield" || ["cannonball", "catapult", "flaming-arrow", "siege-tower", "imperial-tax", "magic-potion", "hidden-treasure"].includes(c.id));
    if (!asking.top) {
      return `<p class="kc-ask-line"><strong>What lies on top of the discard pile?</strong></p>
        ${CardPicker.html({ id: "ask-top", kinds, chosen: [], open: asking.tab, label: "top card", chips: false })}`;
    }
    const top = `<p class="kc-ask-line">On top: <button type="button" class="cp-chip s-${kind(asking.top).colour}" id="ask-top-change" aria-label="Change the top card (${escape(cardName(asking.top))})">${escape(cardName(asking.top))} \u00d7</button>
      ${asking.suit || ownSuit(asking.top) ? `<span>suit in force <strong id="ask-suit-now">${escape(asking.suit || ownSuit(asking.top))}</strong></span>` : ""}</p>`;
    if (needsSuit(asking.top) && !asking.suit) {
      const allowed = OPTION(asking.top) ? kind(asking.top).suits : suits();
      return `${top}<p><strong>Which suit is in force?</strong></p>
        <div class="kc-answers kc-suits">${allowed.map((s) => `<button type="button" class="secondary kc-suit s-${s}" data-ask-suit="${s}">${s[0].toUpperCase() + s.slice(1)}</button>`).join("")}</div>`;
    }
    const draws = view().cards.filter((c) => c.family === "draw" || c.id.startsWith("drawbridge-"));
    return `${top}
      <div id="ask-play">${playHtml("ask", asking.play, askCtx(), turnKinds())}</div>
      <details id="ask-more" ${asking.more ? "open" : ""}><summary>A draw waiting, the Dungeon, your hand size</summary>
        <div class="grid2">
          <label>Draw waiting for you<select id="ask-pending">${[["", "none"], ...draws.map((c) => [c.id, c.name])].map(([value, label]) => `<option value="${value}" ${asking.pending === value ? "selected" : ""}>${escape(label)}</option>`).join("")}</select></label>
          <label>Cards to draw<input id="ask-count" type="number" inputmode="numeric" min="1"></label>
          <label>Cards in your hand<input id="ask-hand" type="number" inputmode="numeric" min="1" placeholder="any"></label>
          <label class="radio"><input type="checkbox" id="ask-dungeon" ${asking.dungeon ? "checked" : ""}> I am in the Dungeon</label>
        </div></details>`;
  }

  function onAskTap(button) {
    const top = CardPicker.read(button, "ask-top");
    if (top && top.tab) asking.tab = top.tab;
    else if (top && top.add) { askStep(`the ${cardName(top.add)} on top`); asking.top = top.add; asking.suit = null; asking.play.tab = ownSuit(top.add); }
    else if (button.id === "ask-top-change") { askStep(`taking off the ${cardName(asking.top)} on top`); asking.top = null; asking.suit = null; asking.play = blankPlay(); }
    else if (button.dataset.askSuit) { askStep("the suit in force"); asking.suit = button.dataset.askSuit; asking.play.tab = asking.suit; }
    else if (!onPlayTap(button, "ask", asking.play, askCtx(), askStep)) return false;
    return true;
  }

  function onAskInput(target) {
    if (target.id === "ask-pending") { askStep("the draw waiting"); asking.pending = target.value; }
    else if (target.id === "ask-count") asking.count = target.value;
    else if (target.id === "ask-hand") asking.hand = target.value;
    else if (target.id === "ask-dungeon") { askStep("the Dungeon"); asking.dungeon = target.checked; }
    else if (target.dataset.cp === "ask") onDefended(target, "ask", asking.play, askStep);
  }

  async function ask() {
    const why = !asking.top ? "Tap the card on top of the discard pile first."
      : needsSuit(asking.top) && !asking.suit ? "Tap the suit in force first."
      : asking.pending && !(Number(asking.count) >= 1) ? "Type how many cards you are to draw (under A draw waiting)."
      : missing(asking.play, askCtx(), "ask");
    if (why) { say(why, "error"); return; }
    const situation = {
      top: asking.top, suit: asking.suit || ownSuit(asking.top), direction: 1,
      pending: asking.pending ? { count: Number(asking.count), kind: asking.pending } : null,
      dungeon: asking.dungeon, cards_in_hand: asking.hand ? Number(asking.hand) : null,
    };
    const { status, data } = await Companion.request("POST", `/api/games/${game().id}/ask`, { question: { situation, play: cards(asking.play) } });
    if (status !== 200) { say(Companion.failure(status, data), "error"); return; }
    const answer = data.answer;
    const effects = answer.effects && answer.effects.length ? ` ${answer.effects.join(" ")}` : "";
    say({ message: `${answer.allowed ? "Yes." : "No."} ${answer.message}${effects}`, rule: answer.rule, title: answer.title, url: `${game().urls.rules}#${answer.rule}` }, answer.allowed ? "ok" : "error");
  }

  // A scanned play for the arbiter: the cards go in as the play, and it is asked at once.
  function scanAsk(ids) {
    askStep("the scanned cards");
    asking.play = { ...blankPlay(), cards: ids.slice(), extra: ids.map(() => ({})) };
    KingsCourt.show("ask");
    if (!asking.top) return `Asked about ${ids.map(cardName).join(", then ")}: tap the card on top of the discard pile, then May I play this?`;
    ask();
    return `Asked the arbiter: may you play ${ids.map(cardName).join(", then ")} on the ${cardName(asking.top)}?`;
  }

  // ------------------------------------------------------------------ the page's hooks

  function onTap(button) {
    if (button.closest("#ask-panel")) return onAskTap(button);
    if (button.closest("#deal-panel")) return onDealTap(button);
    if (button.id === "risk-open") { risk = { ...blankRisk(), open: !risk.open }; return true; }
    if (button.closest("#risk-panel")) return onRiskTap(button);
    if (button.closest("#turn-play")) {
      const h = view().hand;
      if (turn.seat === null) { turn.seat = h.to_play; turn.turn = h.turn; }
      return onPlayTap(button, "turn", turn, turnCtx());
    }
    return false;
  }

  function onChange(target) {
    if (target.closest("#ask-panel")) { onAskInput(target); return; }
    if (target.closest("#turn-play")) onDefended(target, "turn", turn);
  }

  // The drafts this file keeps, for the page's Undo and for another phone's entry.
  const parts = [
    { get: () => risk, set: (value) => { risk = value; }, blank: () => { risk = blankRisk(); }, steps: () => 0, keep: () => null },
    { get: () => turn, set: (value) => { turn = value; }, blank: () => { turn = blankTurn(); },
      steps: () => turn.cards.length,
      keep: (g) => {
        if (turn.seat === null || !turn.cards.length) return null;
        const h = g.view.hand;
        if (g.view.stage === "playing" && h && h.to_play === turn.seat && h.turn === turn.turn) return null;
        return `${g.view.players[turn.seat].name}'s turn was entered on another phone, so the cards picked here were dropped.`;
      } },
    { get: () => deal, set: (value) => { deal = value; }, blank: () => { deal = blankDeal(); },
      steps: () => Number(Boolean(deal.card)) + Number(Boolean(deal.cut)),
      keep: (g) => (!deal.card || (g.view.stage === "between-hands" && g.view.hand_number === deal.hand) ? null
        : `Hand ${deal.hand} was dealt or scored on another phone, so the card turned up picked here was dropped.`) },
  ];

  const askInputs = () => { const count = $("#ask-count"); if (count && !count.value) count.value = asking.count; const held = $("#ask-hand"); if (held && !held.value) held.value = asking.hand; };

  const dealing = () => Boolean(deal.card);

  return { followHtml, dealHtml, dealing, askHtml, askInputs, onTap, onChange, parts, turnActions, sendTurn, sendDeal, dealMissing,
    ask, scanAsk, scanTurn, askUndo, askSteps: () => asked.length, askOpen: (open) => { asking.more = open; } };
})();
