// King's Court: one play's cards, built the same way wherever a play is entered (a turn of a
// hand followed card by card, the card turned up at the deal, the arbiter's question): tap the
// cards in order; a card that needs a fact (the suit a wild card names, a direction, a target,
// the Magician's role) asks for it in place of the cards, with nothing chosen for the player.
// A play is a plain object in its part's draft, so a redraw draws exactly what was picked.
// KingsCourtPlay, loaded after kings_court_common.js.
"use strict";

const KingsCourtPlay = (() => {
  const { html } = Companion;
  const C = KingsCourtCommon;
  const { view, kind, cardName, suitLabel, suitWord } = C;
  const WILD = ["wizard", "dragon", "king", "queen", "duke", "duchess"];
  const OPTION = (id) => id.startsWith("queens-option-");
  const RISKY = ["dark-knight", "poison-garden", "castle-fire", "kings-goblet", "warlord"];
  const BATTLE = ["cannonball", "catapult", "flaming-arrow", "siege-tower", "imperial-tax"];
  const NEVER_ON_A_TURN = [...RISKY, "defender"];  // played with a risk move or with a Battle card
  const DIRECTIONS = () => [["same", Words.t("Keep the direction")], ["skip", Words.t("Skip the next player")], ["reverse", Words.t("Reverse")]];
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
        ? { field: "as", text: Words.t("The {card} turned up: does it play as a card?", { card: cardName(id) }), options: [[NONE, Words.t("No, it only names a suit")]], grid: scrolls }
        : { field: "as", text: Words.t("The {card} plays as which card?", { card: cardName(id) }), options: [], grid: scrolls };
    }
    const eff = acts(play, i);  // a Magician asks what the card it copies asks
    const name = cardName(eff);
    // a card turned up with no suit of its own: the dealer names the suit in force
    if ((WILD.includes(eff) || OPTION(eff) || (ctx.deal && !kind(eff).suits.length)) && !f.suit) {
      const allowed = OPTION(eff) ? kind(eff).suits : suits();
      const text = ctx.you ? Words.t("Which suit do you name with the {card}?", { card: name })
        : Words.t("Which suit does {player} name with the {card}?", { player: ctx.who, card: name });
      return { field: "suit", text, options: allowed.map((s) => [s, suitLabel(s)]), suits: true };
    }
    if ((eff === "wizard" || OPTION(eff)) && !f.choice) return { field: "choice", text: Words.t("The {card}: which way does play go on?", { card: name }), options: DIRECTIONS() };
    if ((eff === "catapult" || eff === "siege-tower") && f.target === undefined) return { field: "target", text: Words.t("Who is the {card} aimed at?", { card: name }), options: ctx.others };
    if (eff === "flaming-arrow" && f.burn === undefined && canBurn(i, ctx)) {
      const text = ctx.you ? Words.t("Do you burn a card with the {card}, and where to?", { card: name })
        : Words.t("Does {player} burn a card with the {card}, and where to?", { player: ctx.who, card: name });
      return { field: "burn", text, options: [[NONE, Words.t("No card burnt")], ["discard", Words.t("The discard pile")], ...ctx.others] };
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
    if (f.as && f.as !== NONE) text = Words.t("{card} as {other}", { card: text, other: cardName(f.as) });
    if (f.suit) text = Words.t("{chip} naming {suit}", { chip: text, suit: suitWord(f.suit) });
    if (f.choice === "skip") text = Words.t("{chip}, skip", { chip: text });
    else if (f.choice === "reverse") text = Words.t("{chip}, reverse", { chip: text });
    if (f.target !== undefined) text = Words.t("{chip} at {player}", { chip: text, player: named(f.target) });
    if (f.burn === NONE) text = Words.t("{chip}, nothing burnt", { chip: text });
    else if (f.burn === "discard") text = Words.t("{chip}, burnt to the discard", { chip: text });
    else if (f.burn !== undefined) text = Words.t("{chip}, burnt to {player}", { chip: text, player: named(f.burn) });
    return text;
  }

  // The seats a Battle card is aimed at: they alone may answer it with a Defender.
  function aimedAt(id, f, ctx) {
    if (id === "catapult" || id === "siege-tower") return ctx.others.filter(([seat]) => seat === f.target);
    if (id === "flaming-arrow") return ctx.others.filter(([seat]) => seat === f.burn);
    return ctx.others;
  }

  // A question of a card (its answers as buttons of the picker ``id``), or "".
  const answerButtons = (id, q) => html`<div class="kc-answers${q.suits ? " kc-suits" : ""}">${q.options.map(([value, label]) => html`<button type="button" class="secondary${q.suits ? ` kc-suit s-${value}` : ""}"
        data-cp="${id}" data-field="${q.field}" data-i="${q.i}" data-value="${value}">${label}</button>`)}</div>`;
  const questionHtml = (id, q) => (q ? html`<div class="kc-question" role="group" aria-label="${q.text}"><p><strong>${q.text}</strong></p>
      ${q.grid ? html`${q.options.length ? answerButtons(id, q) : ""}<div class="cp-grid">${q.grid.map((c) => html`<button type="button" class="cp-card s-${c.colour}${C.shortName(c).split(" ").some((w) => w.length > 7) ? " cp-wide" : ""}"
        data-cp="${id}" data-field="${q.field}" data-i="${q.i}" data-value="${c.id}" aria-label="${c.name}">${C.shortName(c)}</button>`)}</div>`
      : answerButtons(id, q)}</div>` : "");

  function playHtml(id, play, ctx, kinds) {
    const q = firstQuestion(play, ctx);
    const ask = questionHtml(id, q);
    let defended = "";
    if (!q && view().cards.some((c) => c.id === "defender")) {
      defended = play.cards.map((card, i) => {
        if (!BATTLE.includes(card)) return "";
        const aimed = aimedAt(card, play.extra[i], ctx);
        // one line and rows of four: seven players aimed at fit between the picker and the bar
        return aimed.length ? html`<fieldset class="kc-defended"><legend>${Words.t("{card}: a Defender from", { card: cardName(card) })}</legend>
          <div class="kc-defenders">${aimed.map(([seat, name]) => html`<label class="kc-defender"><input type="checkbox" data-cp="${id}" data-defended="${seat}" data-i="${i}" ${(play.extra[i].defended || []).includes(seat) ? "checked" : ""}> <span>${name}</span></label>`)}</div></fieldset>` : "";
      });
    }
    const open = play.tab || (ctx.suit && kinds.some((k) => CardPicker.groupKey(k) === ctx.suit) ? ctx.suit : null);
    // A draw card waiting: only the cards that can answer it, in one grid.
    const answers = ctx.answers && kinds.filter((k) => ctx.answers.includes(k.id));
    if (answers && answers.length) {
      const bridge = (k) => k.id.startsWith("drawbridge-");
      const title = answers.some(bridge) ? Words.t("A Drawbridge (by its suit) or a card that stops the draw:") : Words.t("A card that stops the draw:");
      return html`${CardPicker.html({ id, kinds: answers.map((k) => (bridge(k) ? { ...k, short: suitLabel(k.suits[0]) } : k)),
        chosen: play.cards, label: Words.t("answer"), question: ask, chip: (i) => chipWords(play, i, ctx), title, above: true })}${defended}`;
    }
    return html`${CardPicker.html({ id, kinds, chosen: play.cards, open, label: Words.t("cards played"), question: ask, chip: (i) => chipWords(play, i, ctx), above: true })}${defended}`;
  }

  // A tap inside a play's picker: the play changes (a step of its draft) or a sentence is said.
  // ``change`` makes a step of the draft the play is in (the arbiter's question has its own).
  function onPlayTap(button, id, play, ctx, change = C.change) {
    const tap = CardPicker.read(button, id);
    if (tap && tap.tab) { play.tab = tap.tab; return true; }
    if (tap && tap.add) {
      change(Words.t("the {card}", { card: cardName(tap.add) }), () => {
        play.cards.push(tap.add);
        play.extra.push({});
        const f = OPTION(tap.add) ? null : ownSuit(tap.add);
        if (f) play.tab = f;
      });
      return true;
    }
    if (tap && tap.remove !== undefined) {
      change(Words.t("taking off the {card}", { card: cardName(play.cards[tap.remove]) }), () => {
        play.cards.splice(tap.remove, 1);
        play.extra.splice(tap.remove, 1);
      });
      return true;
    }
    if (button.dataset.cp === String(id) && button.dataset.field) {
      const i = Number(button.dataset.i);
      const raw = button.dataset.value;
      const value = /^\d+$/.test(raw) ? Number(raw) : raw;
      const what = button.dataset.field === "suit" ? Words.t("the {card}'s suit", { card: cardName(play.cards[i]) }) : Words.t("the {card}'s choice", { card: cardName(play.cards[i]) });
      change(what, () => {
        play.extra[i][button.dataset.field] = value;
        if (button.dataset.field === "suit") play.tab = value;  // the next card follows the named suit
      });
      return true;
    }
    return false;
  }

  function onDefended(input, id, play, change = C.change) {
    if (input.dataset.cp !== String(id) || input.dataset.defended === undefined) return false;
    const f = play.extra[Number(input.dataset.i)];
    const seat = Number(input.dataset.defended);
    change(Words.t("the Defender answer"), () => {
      const rest = (f.defended || []).filter((s) => s !== seat);
      f.defended = input.checked ? [...rest, seat].sort((a, b) => a - b) : rest;
      if (!f.defended.length) delete f.defended;
    });
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
    if (!play.cards.length) return what === "ask" ? Words.t("Tap the cards you mean to play first.") : Words.t("Tap the cards {player} played first.", { player: ctx.who });
    const q = firstQuestion(play, ctx);
    return q ? Words.t("{question}: tap the answer first.", { question: q.text.replace(/\s*\?$/, "") }) : null;
  }

  const turnKinds = () => C.pickerKinds().filter((k) => !NEVER_ON_A_TURN.includes(k.id));

  return {
    RISKY, OPTION, NONE, suits, ownSuit, blankPlay, question, chipWords, questionHtml, playHtml, onPlayTap, onDefended,
    cards, missing, turnKinds,
  };
})();
