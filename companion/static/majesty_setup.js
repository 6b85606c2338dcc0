// The Majesty setup page: the seat choices (the knight-holder, whose turn it is) show the names
// as they are typed; the side of each location, asked only for a mixed set (all A and all B
// show none, and send none); and the position builder: each player's points, meeples, realm and
// Infirmary, tapped in and sent as one JSON field ("position") the engine checks. Started by
// the page with the catalogue of cards and locations: MajestySetup.start(catalogue).
"use strict";

const MajestySetup = (() => {
  const { html } = Companion;

  function start(catalogue) {
    const field = document.getElementById("position-json");
    const realms = document.getElementById("realms");
    const name = (kind) => catalogue.names[catalogue.cards.indexOf(kind)];

    const nameFields = [...document.querySelectorAll('input[name^="player-"]')];
    const typed = (seat) => nameFields[seat].value.trim();
    const called = (seat) => typed(seat) || Words.t("Player {n}", { n: seat + 1 });

    // Every seat choice offers the players named so far, by name; a choice whose name is wiped
    // out is taken back, so nothing stays chosen that the table did not state.
    function showNames() {
      nameFields.forEach((input, seat) => {
        const named = Boolean(typed(seat));
        for (const choice of document.querySelectorAll(`[data-seat-choice="${seat}"]`)) {
          choice.hidden = !named;
          const radio = choice.querySelector("input");
          if (radio && !named) radio.checked = false;
          if (choice.tagName === "OPTION") {
            choice.textContent = called(seat);
            if (!named && choice.selected) choice.parentElement.value = "";
          }
        }
        for (const span of document.querySelectorAll(`[data-name-of="${seat}"]`)) span.textContent = called(seat);
        const part = realms.querySelector(`[data-seat="${seat}"]`);
        if (part) part.hidden = !named;
      });
    }

    const blank = () => ({ points: 0, meeples: 5, realm: {}, infirmary: [] });
    let players;
    try { players = JSON.parse(field.value).players; } catch { players = null; }
    if (!Array.isArray(players) || players.length !== 4) players = [blank(), blank(), blank(), blank()];

    // The cards that can stand at a location: those with its character (any card in the Infirmary).
    const fits = (where) => {
      const character = catalogue.characters[catalogue.locations.indexOf(where)];
      return catalogue.cards.filter((kind) => !character || kind.split("-").includes(character));
    };

    function draw() {
      Companion.put(realms, html`${players.map((player, seat) => html`
        <fieldset data-seat="${seat}"><legend data-name-of="${seat}">${called(seat)}</legend>
          <div class="grid2">
            <label>${Words.t("Points")}<input type="number" inputmode="numeric" min="0" data-field="points" value="${player.points}"></label>
            <label>${Words.t("Meeples")}<input type="number" inputmode="numeric" min="0" max="5" data-field="meeples" value="${player.meeples}"></label>
          </div>
          ${catalogue.locations.map((where, i) => {
            const cards = where === "infirmary" ? player.infirmary : (player.realm[where] || []);
            const add = Words.t("Add a card at the {location}", { location: catalogue.location_names[i] });
            const more = Words.t("+ card");
            return html`<div class="mj-place"><strong>${catalogue.location_names[i]}</strong>
              ${cards.map((kind, n) => html`<button type="button" class="secondary" data-remove="${where}" data-index="${n}">${name(kind)} \u2715</button>`)}
              <select data-add="${where}" aria-label="${add}">
                <option value="">${more}</option>${fits(where).map((kind) => html`<option value="${kind}">${name(kind)}</option>`)}
              </select></div>`;
          })}
        </fieldset>`)}`);
      showNames();
    }

    realms.addEventListener("change", (event) => {
      const seat = Number(event.target.closest("[data-seat]").dataset.seat);
      const player = players[seat];
      if (event.target.dataset.field) player[event.target.dataset.field] = Number(event.target.value) || 0;
      const where = event.target.dataset.add;
      if (where && event.target.value) {
        const list = where === "infirmary" ? player.infirmary : (player.realm[where] = player.realm[where] || []);
        list.push(event.target.value);
        draw();
      }
    });
    realms.addEventListener("click", (event) => {
      const button = event.target.closest("[data-remove]");
      if (!button) return;
      const player = players[Number(button.closest("[data-seat]").dataset.seat)];
      const where = button.dataset.remove;
      (where === "infirmary" ? player.infirmary : player.realm[where]).splice(Number(button.dataset.index), 1);
      draw();
    });
    for (const input of nameFields) input.addEventListener("input", showNames);

    // One control for the sides: the per-location choices belong to "A mixed set" alone.
    const mixed = document.getElementById("mixed-sides");
    function showSides() {
      const chosen = document.querySelector('input[name="sides"]:checked');
      const open = Boolean(chosen) && chosen.value === "mixed";
      mixed.hidden = !open;
      for (const select of mixed.querySelectorAll("select")) select.disabled = !open;
    }
    document.getElementById("sides").addEventListener("change", showSides);
    showSides();
    document.getElementById("setup").addEventListener("submit", () => {
      field.value = JSON.stringify({ players });
    });
    draw();
  }

  return { start };
})();
