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

  // The card picker's markup: card_picker.js builds it as a string, escaping its own text, and
  // it goes into this page's markup as it is. (When card_picker.js draws with Companion.html,
  // CardPicker.html can be put in directly.)
  const picker = (options) => html([String(CardPicker.html(options))]);

  function pickerKinds() {
    return view().cards.map((card) => ({
      ...card,
      short: card.group === "number" ? String(card.value) : card.name.replace(/ \(.*\)$/, ""),
    }));
  }

  // A row of answers, one button each: [[value, label]], the one chosen marked.
  const nameButtons = (items, data, chosen) => html`<div class="kc-answers">${items.map(([value, label]) => html`<button type="button"
    class="secondary${chosen === value ? " selected" : ""}" data-${data}="${value}" aria-pressed="${String(chosen === value)}">${label}</button>`)}</div>`;

  // A scored hand's points, player by player and line by line (the sheet's row, the preview).
  function breakdownHtml(row) {
    return html`${row.players.map((p) => html`<div><strong>${p.name}: ${signed(p.points)}</strong>
      <ul class="kc-breakdown">${p.lines.map((line) => html`<li>${line.why}: ${signed(line.points)}</li>`)}</ul></div>`)}`;
  }

  return {
    game, view, seats, nameOf, kind, cardName, say, page, change, keep, paint, picker, pickerKinds, nameButtons,
    breakdownHtml,
    drafts: (parts) => { drafts = parts; },
    undo: () => trail.undo(),
    clear: () => trail.clear(),
    get steps() { return trail.length; },
  };
})();
