// Kingseat's setup page (KingseatSetup): princes ticked by set or by hand, colour warnings, the
// deal (with or without the Dark cards) and the leftover cards. The cards' helpers are in
// kingseat_cards.js, loaded first.
"use strict";

const KingseatSetup = (() => {
  const C = KingseatCards;
  const { html, put } = Companion;
  const { $, $$, plural } = C;

  function start() {
    const form = $("#setup");
    const field = $("#leftovers");
    let picked = field.value.split(/[\s,]+/).map((id) => id.toLowerCase()).filter((id) => C.KIND[id]);
    $("#leftovers-typed").hidden = true;  // the picker below writes it
    for (const swatch of $$("[data-swatch]")) swatch.setAttribute("style", C.paint(swatch.dataset.swatch));

    const names = () => $$("[data-name]").map((input) => input.value.trim());
    const ticked = () => C.catalogue.princes.map((p) => p.id).filter((id) =>
        form.querySelector(`[data-prince-box="${id}"]`).checked);
    const ruling = (id, fallback) => {
      const radio = form.querySelector(`input[name="ruling-${id}"]:checked`);
      return radio ? Number(radio.value) : fallback;
    };

    function update() {
      const all = names();
      const players = all.filter(Boolean).length;
      // The Kingseat list shows the names typed so far.
      // Nothing is chosen until the user says who sits there; a cleared name drops out.
      const seat = $("#kingseat");
      for (const option of seat.options) {
        if (option.value === "") continue;
        const name = all[Number(option.value)];
        option.textContent = name || "";
        option.hidden = option.disabled = !name;
      }
      if (seat.selectedOptions[0] && seat.selectedOptions[0].disabled) seat.value = "";
      const princes = ticked();
      const warnings = [];
      const chosen = C.catalogue.princes.filter((p) => princes.includes(p.id));
      chosen.forEach((a, i) => chosen.slice(i + 1).forEach((b) => {
        if (a.family === b.family) {
          warnings.push(`${a.name} and ${b.name} have similar colours (${a.colour} and ${b.colour
              }): the rules advise against playing them together.`);
        }
      }));
      if (princes.length < players) {
        warnings.push(`With ${plural(players, "player")} the game needs at least ${players} princes; ${princes.length
            } ${princes.length === 1 ? "is" : "are"} ticked.`);
      }
      if (players && (players < 4 || players > 10)) warnings.push(`Kingseat is published for 4 to 10 players; the app keeps count for ${players
          } all the same.`);
      put($("#prince-warnings"), html`${warnings.map((w) => html`<p class="notice ks-warning">${w}</p>`)}`);

      // Without the Dark cards each prince has only its regular ones (two fewer).
      const dark = ruling("dark_cards", 1) === 1;
      const printed = ruling("cards_per_prince", 9);
      const per = dark ? printed : printed - 2;
      const cards = princes.length * per;
      const n = Math.max(players, 1);
      const hand = Math.floor(cards / n);
      const left = players ? cards % n : 0;
      put($("#deal"), players && princes.length
        ? html`<strong>${cards} cards</strong> (${princes.length} princes of ${per}${dark
            ? "" : ", without the Dark cards"}): <strong>${hand}</strong> to each of ${plural(players, "player")}
           (${hand - 1} in hand once the Loyalty card is set aside), <strong id="deal-left">${left}</strong> left over${
               left ? ", face up into the Tell" : ""}.`
        : html`Type the names and tick the princes to see the deal.`);
      // The leftover cards: only cards of princes in play, as many as the deal leaves.
      const kinds = C.catalogue.kinds.filter((k) => princes.includes(k.prince) && (dark || !k.dark)).map((k) => k.id);
      picked = picked.filter((id) => kinds.includes(id)).slice(0, left);
      field.value = picked.join(" ");
      $("#leftover-box").hidden = !left;
      if (left) {
        $("#leftover-prompt").textContent = `Which ${left === 1 ? "card was" : `${left} cards were`} left over? Turn ${
            left === 1 ? "it" : "them"} face up and tap ${left === 1 ? "it" : "them"} in.`;
        put($("#leftover-picker"), C.picker("leftovers", picked, {
          max: left, kinds, empty: "No leftover card picked yet",
          limit: (id) => (C.KIND[id].dark ? 1 : printed - 2),
          set: (cards) => { picked = cards; update(); },
        }));
      }
    }

    form.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button) return;
      if (button.dataset.set) {
        const members = C.catalogue.sets[button.dataset.set];
        for (const box of $$("[data-prince-box]")) box.checked = members.includes(box.dataset.princeBox);
        update();
      } else if (C.pickerTap(button, (why) => { $("#leftover-why").textContent = why; })) {
        event.preventDefault();
      }
    });
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    form.addEventListener("submit", () => { field.value = picked.join(" "); });
    update();
  }

  return { start };
})();
