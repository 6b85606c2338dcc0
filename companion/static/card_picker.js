// A fast card picker for a phone: tap a suit (or "Kingdom"), then tap cards to add them; the
// chosen cards show as chips, a tap on a chip takes it off again. It knows nothing of the rules:
// the game page asks the engine what the chosen cards mean.
"use strict";

const CardPicker = (() => {
  const { escape } = Companion;
  // Where a long word on a narrow button may break (a soft hyphen).
  const BREAKS = { Drawbridge: "Draw\u00adbridge", Burgundy: "Bur\u00adgundy", Kingdom: "King\u00addom",
    Cannonball: "Cannon\u00adball", Protector: "Pro\u00adtector", Magician: "Magi\u00adcian" };
  const breakable = (text) => escape(text).replace(/[A-Z][a-z]{7,}/g, (word) => BREAKS[word] || word);

  // kinds: [{id, name, short, suits, colour, group}]; limit(id) -> copies still available.
  function create(root, kinds, { onChange = () => {}, limit = () => Infinity, label = "cards" } = {}) {
    const groups = [];
    for (const kind of kinds) {
      const key = kind.suits.length === 1 ? kind.suits[0] : (kind.suits.length ? "option" : "kingdom");
      let group = groups.find((g) => g.key === key);
      if (!group) groups.push(group = { key, kinds: [] });
      group.kinds.push(kind);
    }
    const byId = Object.fromEntries(kinds.map((k) => [k.id, k]));
    let open = groups[0] ? groups[0].key : null;
    let chosen = [];

    function count(id) { return chosen.filter((c) => c === id).length; }

    function draw() {
      root.innerHTML = `
        <div class="cp-tabs" role="tablist">${groups.map((g) => `
          <button type="button" role="tab" class="cp-tab s-${g.key}${g.key === open ? " selected" : ""}"
            aria-selected="${g.key === open}" data-group="${g.key}">${breakable(groupName(g.key))}</button>`).join("")}</div>
        <div class="cp-grid">${(groups.find((g) => g.key === open) || { kinds: [] }).kinds.map((k) => {
          const n = count(k.id);
          const left = limit(k.id) - n;
          return `<button type="button" class="cp-card s-${k.colour}" data-kind="${k.id}" ${left <= 0 ? "disabled" : ""}
            aria-label="${escape(k.name)}">${breakable(k.short || k.name)}${n ? `<span class="cp-n">${n}</span>` : ""}</button>`;
        }).join("")}</div>
        <div class="cp-chosen" aria-live="polite">${chosen.length ? chosen.map((id, i) => `
          <button type="button" class="cp-chip s-${byId[id].colour}" data-index="${i}"
            aria-label="Take off ${escape(byId[id].name)}">${escape(byId[id].name)} \u00d7</button>`).join("")
          : `<span class="small">No ${escape(label)} yet.</span>`}</div>`;
    }

    root.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button || !root.contains(button)) return;
      if (button.dataset.group) open = button.dataset.group;
      else if (button.dataset.kind) chosen.push(button.dataset.kind);
      else if (button.dataset.index !== undefined) chosen.splice(Number(button.dataset.index), 1);
      else return;
      draw();
      if (!button.dataset.group) onChange(chosen.slice());
    });
    draw();
    return {
      get cards() { return chosen.slice(); },
      set(cards) { chosen = cards.slice(); draw(); },
      redraw: draw,
    };
  }

  function groupName(key) {
    if (key === "kingdom") return "Kingdom";
    if (key === "option") return "Q. Option";
    return key[0].toUpperCase() + key.slice(1);
  }

  return { create };
})();
