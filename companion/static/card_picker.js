// A fast card picker for a phone: tap a suit (or "Kingdom"), then tap cards to add them; the
// chosen cards show as chips, a tap on a chip takes it off again. It knows nothing of the rules
// and keeps no state: the page holds the chosen cards and the open tab in its draft, draws the
// picker with ``html`` and reads a tap with ``read`` (so a redraw never loses a picked card).
"use strict";

const CardPicker = (() => {
  const { escape } = Companion;
  // Words are never broken: a name with a word too long for one cell takes two.
  const wide = (text) => text.split(" ").some((word) => word.length > 7);

  // A tab a suit, the Queen's Options, the Kingdom Scroll cards, the Shield cards (KD).
  const groupKey = (kind) => (kind.suits.length === 1 ? kind.suits[0]
    : kind.suits.length ? "option" : kind.group === "shield" ? "shield" : "kingdom");

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

  function groupName(key) {
    if (key === "kingdom") return "Kingdom";
    if (key === "option") return "Q. Option";
    if (key === "shield") return "Shield";
    return key[0].toUpperCase() + key.slice(1);
  }

  // kinds: [{id, name, short, suits, colour}]; chosen: ids; open: the tab shown (a suit,
  // "option" or "kingdom"; the first when it has no cards here); limit(id): copies still free;
  // chip(i): a chosen card's words ("King naming blue"); question: html shown instead of the
  // tabs and cards (a choice the last card needs); title: every kind in one grid under that
  // name, no tabs (the few cards that can answer a draw card); chips: false for a picker of one
  // card that shows it elsewhere; above: the chosen cards above the tabs (a turn's few cards,
  // kept clear of the action bar and its answers) rather than under the cards.
  function html({ id, kinds, chosen, open, limit = () => Infinity, chip, label = "cards", question = "", title = "", chips = true, above = false }) {
    const all = title ? [{ key: "all", kinds }] : groups(kinds);
    const shown = all.find((g) => g.key === open) || all[0] || { key: null, kinds: [] };
    const count = (kindId) => chosen.filter((c) => c === kindId).length;
    const byId = Object.fromEntries(kinds.map((k) => [k.id, k]));
    const words = (i) => (chip ? chip(i) : byId[chosen[i]].name);
    const body = question || `
      ${title ? `<p class="small">${escape(title)}</p>` : `<div class="cp-tabs" role="tablist" aria-label="Suits">${all.map((g) => `
        <button type="button" role="tab" class="cp-tab s-${g.key}${g.key === shown.key ? " selected" : ""}"
          aria-selected="${g.key === shown.key}" data-cp="${id}" data-group="${g.key}">${escape(groupName(g.key))}</button>`).join("")}</div>`}
      <div class="cp-grid" role="group" aria-label="${escape(title || groupName(shown.key || ""))} cards">${shown.kinds.map((k) => {
        const n = count(k.id);
        const left = limit(k.id) - n;
        const words = k.short || k.name;
        return `<button type="button" class="cp-card s-${k.colour}${wide(words) ? " cp-wide" : ""}" data-cp="${id}" data-kind="${k.id}" ${left <= 0 ? 'aria-disabled="true"' : ""}
          aria-label="${escape(k.name)}${n ? ` (${n} picked)` : ""}">${escape(words)}${n ? `<span class="cp-n" aria-hidden="true">${n}</span>` : ""}</button>`;
      }).join("")}</div>`;
    const list = chips ? `<div class="cp-chosen${above ? " cp-above" : ""}" aria-live="polite">${chosen.length ? chosen.map((kindId, i) => `
        <button type="button" class="cp-chip s-${byId[kindId] ? byId[kindId].colour : "kingdom"}" data-cp="${id}" data-index="${i}"
          aria-label="Take off ${escape(words(i))}">${escape(words(i))} \u00d7</button>`).join("")
        : `<span class="small">No ${escape(label)} yet.</span>`}</div>` : "";
    return above ? list + body : body + list;
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
  // a sixth of the phone) takes two cells.
  function fit(root) {
    for (const card of root.querySelectorAll(".cp-card:not(.cp-wide)")) {
      const badge = card.querySelector(".cp-n");  // the count sticks out on purpose
      if (badge) badge.style.display = "none";
      if (card.scrollWidth > card.clientWidth + 1) card.classList.add("cp-wide");
      if (badge) badge.style.display = "";
    }
  }

  return { html, read, fit, groupKey, groupName };
})();
