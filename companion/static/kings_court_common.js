// What the parts of King's Court's page share (KingsCourtCommon): the game's view and its
// cards, the one draft trail (each part's draft, so the toolbar's Undo takes back the last step
// whichever part it was made in), drawing a part of the page only when its markup changed, and
// the page's redraw, which the page (kings_court.js, loaded last) hands in. Loaded after
// companion.js and card_picker.js, before the parts: the hand followed card by card
// (kings_court_play.js, kings_court_follow.js), "May I play?" (kings_court_ask.js), the Score it
// sheet (kings_court_facts.js, kings_court_score.js) and the score sheet (kings_court_sheet.js).
"use strict";

const KingsCourtCommon = (() => {
  const { html, signed } = Companion;
  const game = () => Companion.game;
  const view = () => game().view;
  const seats = () => view().players.map((p) => p.seat);
  const nameOf = (seat) => view().players[seat].name;
  const kind = (id) => view().cards.find((card) => card.id === id);
  const cardName = (id) => (kind(id) ? kind(id).name : id);
  const say = (what, how = "error") => Companion.say(what, how);
  // A card's name without the suit in brackets, on a picker button (as the language says it).
  const shortName = (card) => (card.group === "number" ? Words.number(card.value) : card.short || String(card.name).replace(/ \(.*\)$/, ""));
  // A suit as a button names it, and as a sentence does.
  const SUIT_LABELS = {
    gold: () => Words.t("Gold"), green: () => Words.t("Green"), blue: () => Words.t("Blue"), burgundy: () => Words.t("Burgundy"),
    purple: () => Words.t("Purple"), silver: () => Words.t("Silver"), orange: () => Words.t("Orange"),
  };
  const SUIT_WORDS = {
    gold: () => Words.t("gold"), green: () => Words.t("green"), blue: () => Words.t("blue"), burgundy: () => Words.t("burgundy"),
    purple: () => Words.t("purple"), silver: () => Words.t("silver"), orange: () => Words.t("orange"),
  };
  const suitLabel = (s) => (SUIT_LABELS[s] ? SUIT_LABELS[s]() : s);
  const suitWord = (s) => (SUIT_WORDS[s] ? SUIT_WORDS[s]() : s);

  // The page's own, handed in by kings_court.js when it starts: redraw(), reset() (every draft
  // dropped), show(view) and shown(): the view, "hand", "sheet" or "ask".
  const page = { redraw() {}, reset() {}, show() {}, shown: () => "hand" };

  // -------------------------------------------------------------------- the draft trail

  // The parts' drafts, in the order another phone's entry asks them whether they still hold:
  // [{get, set, keep(game) -> null or the sentence why the draft goes}].
  let drafts = [];
  const trail = Companion.trail({
    get: () => drafts.map((part) => part.get()),
    set: (values) => drafts.forEach((part, i) => part.set(values[i])),
  });

  // One step of a draft: `apply` changes it; Undo says "Took back <sentence>." (a number typed
  // in the same `field` stays one step).
  const change = (sentence, apply, field = null) => trail.change(sentence, apply, field);

  function keep(g) {
    for (const part of drafts) {
      const why = part.keep(g);
      if (why) return why;
    }
    return null;
  }

  // -------------------------------------------------------------------- drawing

  // Put markup in an element only when it changed, so a redraw leaves a field being typed alone.
  function paint(el, markup) {
    const text = String(markup);
    if (!el || el.dataset.painted === text) return false;
    Companion.put(el, markup);
    el.dataset.painted = text;
    return true;
  }

  function pickerKinds() {
    return view().cards.map((card) => ({
      ...card,
      short: shortName(card),
    }));
  }

  // A row of answers, one button each: [[value, label]], the one chosen marked.
  const nameButtons = (items, data, chosen) => html`<div class="kc-answers">${items.map(([value, label]) => html`<button type="button"
    class="secondary${chosen === value ? " selected" : ""}" data-${data}="${value}" aria-pressed="${String(chosen === value)}">${label}</button>`)}</div>`;

  // A scored hand's points, player by player and line by line (the sheet's row, the preview).
  function breakdownHtml(row) {
    return html`${row.players.map((p) => html`<div><strong>${Words.t("{player}: {points}", { player: p.name, points: signed(p.points) })}</strong>
      <ul class="kc-breakdown">${p.lines.map((line) => html`<li>${Words.t("{why}: {points}", { why: line.why, points: signed(line.points) })}</li>`)}</ul></div>`)}`;
  }

  return {
    game, view, seats, nameOf, kind, cardName, shortName, suitLabel, suitWord, say, page, change, keep, paint, pickerKinds, nameButtons,
    breakdownHtml,
    drafts: (parts) => { drafts = parts; },
    undo: () => trail.undo(),
    clear: () => trail.clear(),
    snapshot: () => trail.snapshot(),
    restore: (saved) => trail.restore(saved),
    get steps() { return trail.length; },
  };
})();
