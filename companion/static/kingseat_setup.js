// Kingseat's setup page (KingseatSetup): four name fields, and always one blank field after the
// last name typed, princes ticked by set or by hand (the list itself collapsed), colour warnings, the
// deal (with or without the Dark cards) and the leftover cards. The cards' helpers are in
// kingseat_cards.js, loaded first.
"use strict";

const KingseatSetup = (() => {
  const C = KingseatCards;
  const { html, put } = Companion;
  const { $, $$ } = C;

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
      // The name fields: four, or one blank after the last name (the one being typed in stays).
      const last = all.reduce((found, name, seat) => (name ? seat : found), -1);
      $$("#names label").forEach((label, seat) => {
        label.hidden = seat > Math.max(3, last + 1) && !label.contains(document.activeElement);
      });
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
          warnings.push(Words.t("{a} and {b} have similar colours ({colour_a} and {colour_b}): the rules advise against"
              + " playing them together.", { a: a.name, b: b.name, colour_a: a.colour, colour_b: b.colour }));
        }
      }));
      if (princes.length < players) {
        warnings.push(Words.tn("With {n} player the game needs at least {n} princes; {ticked}.",
            "With {n} players the game needs at least {n} princes; {ticked}.", players,
            { ticked: Words.tn("{n} is ticked", "{n} are ticked", princes.length) }));
      }
      if (players && (players < 4 || players > 10)) {
        warnings.push(Words.t("Kingseat is published for 4 to 10 players; the app keeps count for {n} all the same.",
            { n: players }));
      }
      $("#princes-chosen").textContent = chosen.map((p) => p.name).join(", ");
      put($("#prince-warnings"), html`${warnings.map((w) => html`<p class="notice ks-warning">${w}</p>`)}`);

      // Without the Dark cards each prince has only its regular ones (two fewer).
      const dark = ruling("dark_cards", 1) === 1;
      const printed = ruling("cards_per_prince", 9);
      const per = dark ? printed : printed - 2;
      const cards = princes.length * per;
      const n = Math.max(players, 1);
      const hand = Math.floor(cards / n);
      const left = players ? cards % n : 0;
      const strong = (n, id) => (id ? html`<strong id="${id}">${Words.number(n)}</strong>` : html`<strong>${Words.number(n)}</strong>`);
      const deal = Companion.thn("{n} cards", "{n} cards", cards);
      const of = dark ? Words.t("{princes} princes of {per}", { princes: princes.length, per })
        : Words.t("{princes} princes of {per}, without the Dark cards", { princes: princes.length, per });
      const each = Companion.thn("{hand} to each of {n} player", "{hand} to each of {n} players", players,
          { hand: strong(hand) });
      const over = left ? Companion.th("{left} left over, face up into the Tell", { left: strong(left, "deal-left") })
        : Companion.th("{left} left over", { left: strong(left, "deal-left") });
      put($("#deal"), players && princes.length
        ? Companion.th("{cards} ({of}): {each} ({in_hand} in hand once the Loyalty card is set aside), {over}.",
            { cards: html`<strong>${deal}</strong>`, of, each, in_hand: hand - 1, over })
        : Companion.th("Type the names and tick the princes to see the deal."));
      // The leftover cards: only cards of princes in play, as many as the deal leaves.
      const kinds = C.catalogue.kinds.filter((k) => princes.includes(k.prince) && (dark || !k.dark)).map((k) => k.id);
      picked = picked.filter((id) => kinds.includes(id)).slice(0, left);
      field.value = picked.join(" ");
      $("#leftover-box").hidden = !left;
      if (left) {
        $("#leftover-prompt").textContent = Words.tn("Which card was left over? Turn it face up and tap it in.",
            "Which {n} cards were left over? Turn them face up and tap them in.", left);
        put($("#leftover-picker"), C.picker("leftovers", picked, {
          max: left, kinds, empty: Words.t("No leftover card picked yet"),
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
