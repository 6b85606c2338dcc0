// The part of every game page that is the same for all games, in files loaded in this order
// (templates/_game.html; a setup page loads this first file alone, for html and put):
//   companion.js          markup built safely (html, put), $, signed numbers, the
//                         stepper's markup, and the trail of a draft's steps
//   companion_answers.js  talking to the JSON API (request, failure), answers to a tap in the
//                         action bar (say), questions (ask), the rule sheet and the sheets
//   companion_net.js      whether the companion can be reached (said at once in #net above the
//                         prompt, asked again with backoff, "back"), the entry waiting while it
//                         cannot (sessionStorage), each entry's random key (the server stores a
//                         repeat once), the game as last seen, the service worker (/sw.js)
//   companion_seat.js     the phone's player ("Who holds this phone?", seatName, "Your turn")
//   companion_screen.js   the screen kept awake
//   companion_scan.js     Scan: a photo's or the live camera's cards
//   companion_table.js    following the table (long polling the entry number) without losing
//                         this phone's draft, the draft kept in the tab (it survives a reload,
//                         Back, a discarded tab), undo and redo (of the draft's last step, or of
//                         a stored entry, named), sending entries, the history, and start()
// Each file adds its part to the one global Companion. A game's script draws its state and its
// turn's controls, and nothing else.
//
// What a game's script gives Companion.start(payload, options):
//   redraw(game, moved)   draw the state and the turn's controls from the page's own draft
//   reset()               drop the draft
//   draft                 {steps(), undo() -> sentence, keep(game) -> null or the sentence why
//                         it goes, snapshot(), restore(snapshot)}, and optionally held(), move():
//     snapshot()          the whole draft as it is, with its Undo steps and whatever keep()
//                         needs to judge it later (any value JSON can copy; null: a choice is
//                         open on it, nothing to keep now). Every game gives it: Redo inside a
//                         turn puts back what Undo took, and the tab keeps the draft (in
//                         sessionStorage, with the entry number and the view) at every change,
//                         so a reload, Back from the rules page or a discarded tab brings it
//                         back ("What you were entering is back."): at another entry number,
//                         it is passed through keep(game) and dropped with its sentence
//     restore(snapshot)   put that draft back, returning the sentence of what came back; it
//                         may throw on a snapshot it cannot take (stored data that is not its
//                         own): the draft is then dropped, unsaid
//     held()              whether there is a draft to keep (default: steps() > 0), for a page
//                         whose steps() counts only the view shown
//     move()              the move the draft would store now (null: none yet): checked with the
//                         server when the table's rulings change, the draft dropped if refused
//                         (without it, a rulings change drops any draft)
//   view()                optional: the name of the view shown (a page of several views); an
//                         entry stored from another view is undone only after a question; with
//   show(name)            the page shows that view again after a reload (the view is kept too)
//   scanned(cards)        optional: fill the turn in from a photo's cards
//   poll                  ms to wait after a failed request
// Every entry Companion.send stores carries "key", a random key of its own (Companion.newKey()
// for a script's own request that stores one, as Kingseat's secret): sent again, it is stored once.
// What it may use: Companion.send(path, body), say(text or {message, url, title}, kind) and
// say(null) to clear (an answer also goes at the next tap or typing on the page, a stored entry,
// or a dropped draft), ask(text, yes), request, failure, update, html, put, signed, trail,
// $, stepper, seatName, drafted() (the draft changed without a tap), game. A prompt
// written in #prompt as "<mover>'s turn: ..." reads "Your turn: ..." on the phone that holds
// the mover's seat. The body carries data-entries (the game's entry count), data-awake
// ("wake-lock", "video") and data-draft ("kept": the draft as it is is kept in the tab; "open":
// a choice is open on it, the draft before it is kept; "": nothing to keep).
// Companion.parts holds what the files after this one give each other (not for a game's script).
"use strict";

const Companion = (() => {
  const $ = (selector, root = document) => root.querySelector(selector);

  // Markup built safely by construction: html`<b>${name}</b>` escapes every value put in it
  // (by html-escaper, vendored in static/vendor/html-escaper, whose script defines the global
  // ``html`` before this file), unless the value is itself made by html; an array's items go in
  // one after the other; null, undefined and false put nothing. Markup goes into the page only
  // through put(), which takes nothing else.
  const escapeText = window.html.escape;
  class SafeHtml {
    constructor(text) { this.text = text; }
    toString() { return this.text; }
  }
  const inner = (value) => {
    if (value instanceof SafeHtml) return value.text;
    if (Array.isArray(value)) return value.map(inner).join("");
    if (value === null || value === undefined || value === false) return "";
    return escapeText(String(value));
  };
  function html(strings, ...values) {
    return new SafeHtml(strings.reduce((out, text, i) => out + inner(values[i - 1]) + text));
  }
  // Put markup made by html in an element: in place of what it holds, or at `where`
  // ("afterbegin", "beforeend", ...).
  function put(element, markup, where = null) {
    if (!(markup instanceof SafeHtml)) throw new TypeError("Only markup made by Companion.html goes into a page.");
    if (where) element.insertAdjacentHTML(where, markup.text);
    else element.innerHTML = markup.text;
  }
  // The trail of a draft's steps, for the bar's Undo and Redo inside a turn: each step keeps a
  // copy of the draft as it was before it, and the sentence that takes it back. `get` and `set`
  // read and replace the page's draft (any value JSON can copy).
  //   change(sentence, apply, field)  apply() changes the draft: one step, unless nothing
  //                  changed; a change of the same `field` as the last step's (a number typed or
  //                  stepped) stays that one step, its sentence the latest, and goes if the
  //                  draft is back as it was before it
  //   undo()         put the draft back as it was before the last step: that step's sentence
  //                  (null: no step to take back)
  //   length, clear(), and snapshot() / restore(saved) for Redo (the draft with its steps)
  function trail({ get, set }) {
    let steps = [];
    const copy = () => JSON.stringify(get());
    return {
      get length() { return steps.length; },
      change(sentence, apply, field = null) {
        const before = copy();
        apply();
        const after = copy();
        if (after === before) return;
        const last = steps[steps.length - 1];
        if (field === null || !last || last.field !== field) steps.push({ before, sentence, field });
        else if (after === last.before) steps.pop();
        else last.sentence = sentence;
      },
      undo() {
        const last = steps.pop();
        if (!last) return null;
        set(JSON.parse(last.before));
        return last.sentence;
      },
      clear() { steps = []; },
      snapshot: () => ({ draft: copy(), steps: steps.slice() }),
      restore(saved) {
        const ok = (step) => step && typeof step.before === "string" && typeof step.sentence === "string";
        if (!saved || typeof saved.draft !== "string" || !Array.isArray(saved.steps) || !saved.steps.every(ok)) {
          throw new TypeError("Not a draft of this page.");
        }
        set(JSON.parse(saved.draft));
        steps = saved.steps.slice();
      },
    };
  }

  // A signed number, as the pages show a change of points: +3, +0, −3 (a true minus sign).
  const signed = (n) => `${n >= 0 ? "+" : "\u2212"}${Math.abs(n)}`;

  // The shared stepper's markup (templates/_stepper.html draws the same; static/page.js wires
  // its buttons): a signed number with its range.
  function stepper({ name, label, value = null, min, max, id = name }) {
    const less = Words.t("{label}: one less", { label });
    const more = Words.t("{label}: one more", { label });
    return html`<div class="stepper" role="group" aria-labelledby="${id}-label">
      <span class="stepper-label" id="${id}-label">${label} <span class="small">${Words.t("({min} to {max})", { min, max })}</span></span>
      <span class="stepper-row">
        <button type="button" class="secondary" data-step="-1" aria-label="${less}">\u2212</button>
        <input type="number" inputmode="numeric" name="${name}" id="${id}" min="${min}" max="${max}"
               value="${value === null || value === undefined ? "" : value}" aria-labelledby="${id}-label">
        <button type="button" class="secondary" data-step="1" aria-label="${more}">+</button>
      </span></div>`;
  }

  // A message of the page's language (page.js's Words) as markup: its text escaped, each
  // argument made by html put in as it is and any other escaped.
  const th = (text, args) => new SafeHtml(Words.fill(escapeText(Words.translate(text)), args,
    (value) => inner(typeof value === "number" ? Words.number(value) : value)));
  const thn = (singular, plural, n, args) => new SafeHtml(Words.fill(
    escapeText(Words.translatePlural(singular, plural, n)), { n, ...args },
    (value) => inner(typeof value === "number" ? Words.number(value) : value)));

  return { $, html, put, signed, trail, stepper, th, thn, parts: {} };
})();
