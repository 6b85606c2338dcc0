// A fast card picker for a phone: tap a suit (or "Kingdom"), then tap cards to add them; the
// chosen cards show as chips on one line, a tap on a chip takes it off again; the chips that do
// not fit give way to "+N more", which opens a sheet of every card chosen (a tap there takes one
// off too). It knows nothing of the rules: the page holds the chosen cards and the open tab in
// its draft, draws the picker with ``html``, reads a tap with ``read`` (so a redraw never loses a
// picked card) and calls ``fit`` once it is drawn. The picker keeps one thing of its own: which
// picker's sheet is open, so that it stays open while cards are taken off in it.
"use strict";

const CardPicker = (() => {
  const markup = Companion.html;
  let sheetOpen = null;  // the id of the picker whose sheet of chosen cards is open
  // Words are never broken: a name with a word too long for one cell takes two.
  const wide = (text) => text.split(" ").some((word) => word.length > 7);

  // A tab a suit, the Queen's Options, the Kingdom Scroll cards, the Shield cards (KD).
  const groupKey = (kind) => (kind.suits.length === 1 ? kind.suits[0]
    : kind.suits.length ? "option" : kind.group === "shield" ? "shield" : "kingdom");

  const gridLabel = (group) => Words.t("{group} cards", { group });
  const picked = (name, n) => Words.t("{card} ({n} picked)", { card: name, n });
  const takeOffLabel = (words) => Words.t("Take off {card}", { card: words });

  function groups(kinds) {
    const out = [];
    for (const kind of kinds) {
      const key = groupKey(kind);
      let group = out.find((g) => g.key === key);
      if (!group) out.push(group = { key, kinds: [] });
      group.kinds.push(kind);
    }
    return out;
  }

  const GROUPS = {
    kingdom: () => Words.t("Kingdom"), option: () => Words.t("Q. Option"), shield: () => Words.t("Shield"),
    gold: () => Words.t("Gold"), green: () => Words.t("Green"), blue: () => Words.t("Blue"), burgundy: () => Words.t("Burgundy"),
    purple: () => Words.t("Purple"), silver: () => Words.t("Silver"), orange: () => Words.t("Orange"),
  };
  const groupName = (key) => (GROUPS[key] ? GROUPS[key]() : key[0].toUpperCase() + key.slice(1));

  // kinds: [{id, name, short, suits, colour}]; chosen: ids; open: the tab shown (a suit,
  // "option" or "kingdom"; the first when it has no cards here); limit(id): copies still free;
  // chip(i): a chosen card's words ("King naming blue"); question: html shown instead of the
  // tabs and cards (a choice the last card needs); title: every kind in one grid under that
  // name, no tabs (the few cards that can answer a draw card); chips: false for a picker of one
  // card that shows it elsewhere; above: the chosen cards above the tabs (a turn's few cards,
  // kept clear of the action bar and its answers) rather than under the cards.
  function html({ id, kinds, chosen, open, limit = () => Infinity, chip, label = Words.t("cards"), question = "", title = "", chips = true, above = false }) {
    const suitsLabel = Words.t("Suits");
    const all = title ? [{ key: "all", kinds }] : groups(kinds);
    const shown = all.find((g) => g.key === open) || all[0] || { key: null, kinds: [] };
    const count = (kindId) => chosen.filter((c) => c === kindId).length;
    const byId = Object.fromEntries(kinds.map((k) => [k.id, k]));
    const words = (i) => (chip ? chip(i) : byId[chosen[i]].name);
    const body = question || markup`
      ${title ? markup`<p class="small">${title}</p>` : markup`<div class="cp-tabs" role="tablist" aria-label="${suitsLabel}">${all.map((g) => markup`
        <button type="button" role="tab" class="cp-tab s-${g.key}${g.key === shown.key ? " selected" : ""}"
          aria-selected="${String(g.key === shown.key)}" data-cp="${id}" data-group="${g.key}">${groupName(g.key)}</button>`)}</div>`}
      <div class="cp-grid" role="group" aria-label="${gridLabel(title || groupName(shown.key || ""))}">${shown.kinds.map((k) => {
        const n = count(k.id);
        const left = limit(k.id) - n;
        const words = k.short || k.name;
        const name = n ? picked(k.name, n) : k.name;
        return markup`<button type="button" class="cp-card s-${k.colour}${wide(words) ? " cp-wide" : ""}" data-cp="${id}" data-kind="${k.id}" ${left <= 0 ? markup`aria-disabled="true"` : ""}
          aria-label="${name}">${words}${n ? markup`<span class="cp-n" aria-hidden="true">${n}</span>` : ""}</button>`;
      })}</div>`;
    // a chosen card as a button that takes it off: a chip on the line, an item of the sheet
    const takeOff = (cls, kindId, i) => markup`<button type="button" class="${cls} s-${byId[kindId] ? byId[kindId].colour : "kingdom"}" data-cp="${id}" data-index="${i}"
          aria-label="${takeOffLabel(words(i))}">${words(i)} \u00d7</button>`;
    const heading = Words.t("{what}: {n}", { what: `${label[0].toUpperCase()}${label.slice(1)}`, n: chosen.length });
    const close = Words.t("Close");
    const tapOff = Words.t("Tap a card to take it off.");
    const none = Words.t("No {what} yet.", { what: label });
    const sheet = markup`<dialog class="sheet cp-sheet" data-cp-sheet="${id}" aria-labelledby="cp-sheet-${id}">
        <div class="sheet-head"><h2 class="grow" id="cp-sheet-${id}">${heading}</h2><button type="button" class="secondary" data-close>${close}</button></div>
        <p class="small">${tapOff}</p>
        <div class="cp-items">${chosen.map((kindId, i) => takeOff("cp-item", kindId, i))}</div></dialog>`;
    const list = chips ? markup`<div class="cp-chosen" aria-live="polite">${chosen.length
        ? markup`${chosen.map((kindId, i) => takeOff("cp-chip", kindId, i))}<button type="button" class="secondary cp-more" data-cp-more="${id}" aria-haspopup="dialog" hidden></button>`
        : markup`<span class="small">${none}</span>`}</div>${chosen.length ? sheet : ""}` : "";
    // ``question`` is markup the page made with Companion.html
    return above ? markup`${list}${body}` : markup`${body}${list}`;
  }

  // What a tap on the picker ``id`` means: {tab}, {add}, {remove} (an index), or null.
  function read(button, id) {
    if (!button || button.dataset.cp !== String(id)) return null;
    if (button.dataset.group) return { tab: button.dataset.group };
    if (button.dataset.kind) return { add: button.dataset.kind, full: button.getAttribute("aria-disabled") === "true" };
    if (button.dataset.index !== undefined) return { remove: Number(button.dataset.index) };
    return null;
  }

  // Once drawn: a card whose name still does not fit its cell (a word of seven wide letters in
  // a sixth of the phone) takes two cells; the chips stay on one line, the last ones giving way
  // to "+N more"; the sheet of chosen cards open before a redraw opens again.
  function fit(root) {
    for (const card of root.querySelectorAll(".cp-card:not(.cp-wide)")) {
      const badge = card.querySelector(".cp-n");  // the count sticks out on purpose
      if (badge) badge.style.display = "none";
      if (card.scrollWidth > card.clientWidth + 1) card.classList.add("cp-wide");
      if (badge) badge.style.display = "";
    }
    for (const row of root.querySelectorAll(".cp-chosen")) {
      const more = row.querySelector(".cp-more");
      if (!more) continue;
      const chips = [...row.querySelectorAll(".cp-chip")];
      for (const chip of chips) chip.hidden = false;
      more.hidden = true;
      const over = () => row.scrollWidth > row.clientWidth + 1;
      if (!over()) continue;
      more.hidden = false;
      let shown = chips.length;
      do {
        chips[--shown].hidden = true;
        more.textContent = shown ? Words.t("+{n} more", { n: chips.length - shown }) : Words.t("All {n}", { n: chips.length });
        more.setAttribute("aria-label", Words.t("{more}: every card picked, {n}, to see or take off", { more: more.textContent, n: chips.length }));
      } while (shown > 0 && over());
    }
    if (sheetOpen === null) return;
    const sheet = root.querySelector(`.cp-sheet[data-cp-sheet="${sheetOpen}"]`);
    if (sheet) { if (!sheet.open) sheet.showModal(); } else sheetOpen = null;  // no card left to list
  }

  // "+N more" opens its picker's sheet; Close or a tap beside the sheet closes it (taking a card
  // off is the page's tap, read by ``read``: the sheet drawn again opens in ``fit``).
  document.addEventListener("click", (event) => {
    const more = event.target.closest("[data-cp-more]");
    const sheet = event.target.closest(".cp-sheet");
    if (more) {
      const open = document.querySelector(`.cp-sheet[data-cp-sheet="${more.dataset.cpMore}"]`);
      if (open) { sheetOpen = more.dataset.cpMore; open.showModal(); }
    } else if (sheet && sheet.isConnected && (event.target === sheet || event.target.closest("[data-close]"))) sheet.close();
  });
  // The phone turned or the window resized: the line holds another number of chips.
  window.addEventListener("resize", () => fit(document));
  // Closed (Close, a tap beside it, the back gesture or Escape), not merely drawn again.
  document.addEventListener("close", (event) => {
    if (event.target.matches(".cp-sheet") && event.target.isConnected) sheetOpen = null;
  }, true);

  return { html, read, fit, groupKey, groupName };
})();
