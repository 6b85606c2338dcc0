// Kingseat's cards, shared by its two pages (the setup page, kingseat_setup.js, and the game
// page, kingseat.js and its parts): the catalogue (princes, kinds, colours), the inline style that
// colours a card, chips, and the card picker (princes as buttons, their cards under them).
// Markup is built with Companion.html (companion.js, loaded first).
"use strict";

const KingseatCards = (() => {
  const { $, html } = Companion;
  const $$ = (selector, root = document) => Array.from(root.querySelectorAll(selector));
  // A list of names said as the page's language lists them ("A, B and C", "A, B et C").
  const lists = Words.lang === "en" ? null : new Intl.ListFormat(Words.lang, { style: "long", type: "conjunction" });
  const and = (words) => (lists ? lists.format(words.map(String))
    : words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`);
  const DARK = () => [Words.t("Regular"), Words.t("Dark 1"), Words.t("Dark 2")];

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
      const stripes = `linear-gradient(90deg, ${
        p.stripes.map((c, i) => `${c} ${i * step}% ${(i + 1) * step}%`).join(", ")})`;
      return dark ? `--bg: linear-gradient(rgba(0,0,0,.55), rgba(0,0,0,.55)), ${stripes
          }; --ink: #fff; --halo: 0 0 3px #000, 0 0 2px #000`
        : `--bg: ${stripes}; --ink: #111; --halo: 0 0 3px #fff, 0 0 2px #fff, 0 0 1px #fff`;
    }
    const bg = dark ? p.dark_hex : p.hex;
    return `--bg: ${bg}; --ink: ${ink(bg)}`;
  }

  function chip(kind) {
    const k = KIND[kind];
    return html`<span class="ks-chip ks-c${k.dark ? " dark" : ""}" style="${paint(k.prince, k.dark)}">${k.name}</span>`;
  }

  function princeChip(prince) {
    return html`<span class="ks-chip ks-c" style="${paint(prince)}" data-prince="${prince}">${princeName(prince)
        }</span>`;
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
      return html`<button type="button" class="ks-chip ks-c${k.dark ? " dark" : ""}" style="${
        paint(k.prince, k.dark)}" data-unpick="${i}" aria-label="${Words.t("Take off {card}", { card: k.name })}">${k.name
          } <span aria-hidden="true">\u00d7</span></button>`;
    });
    const cards = !open ? [] : kindsOf(open).filter((kind) => kinds.includes(kind)).map((kind) => {
      const dark = KIND[kind].dark;
      const left = limit ? limit(kind) - count(kind) : null;
      const selected = max === 1 && chosen[0] === kind;
      const full = max > 1 && (chosen.length >= max || (left !== null && left <= 0));
      const why = !full ? "" : chosen.length >= max
        ? Words.tn("{n} card is picked already: take one off first.", "{n} cards are picked already: take one off first.", max)
        : Words.t("No {card} is left to pick.", { card: KIND[kind].name });
      return html`<button type="button" class="ks-kind ks-c${dark ? " dark" : ""}${selected ? " selected" : ""}${full
          ? " greyed" : ""}" style="${paint(open, dark)}" data-kind="${kind}" ${full
          ? html`aria-disabled="true" data-why="${why}"` : ""}>${DARK()[dark]}${left !== null && max > 1
          ? html` <small>${Words.t("({n} left)", { n: left })}</small>` : ""}</button>`;
    });
    // One card: the card chosen is the one outlined (no row of chips). One prince: its cards.
    return html`<div class="ks-picker" data-pick="${key}">
      ${max > 1 ? html`<div class="ks-chosen">${chips.length ? chips
        : html`<span class="small">${options.empty || Words.t("No card yet")}</span>`}<span class="small ks-count">${
        Words.t("{n} of {max}", { n: chosen.length, max })}</span></div>` : ""}
      <div class="ks-princes${princes.length === 1 ? " ks-gone" : ""}">${princes.map((prince) =>
          html`<button type="button" class="ks-prince ks-c${prince === open ? " selected" : ""}" style="${paint(prince)
          }" data-prince="${prince}">${princeName(prince)}</button>`)}</div>
      ${cards.length ? html`<div class="ks-kinds">${cards}</div>` : ""}
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

  return { $, $$, and, catalogue, PRINCE, KIND, kindsOf, princeOf, cardName, princeName, paint, chip,
      princeChip, picker, pickerTap, forget };
})();
