// The King's Court setup page (KingsCourtSetup): the limit's buttons fill its field; the first
// dealer is chosen among the names typed (the list follows the name fields, and a dealer whose
// name is wiped out is taken back); the expansion cards open with "chosen expansion cards"; the
// ticked groups of number cards go in one field when the form is sent. Started by the page:
// KingsCourtSetup.start().
"use strict";

const KingsCourtSetup = (() => {
  function start() {
    for (const button of document.querySelectorAll("#limits [data-limit]")) {
      button.addEventListener("click", () => { document.getElementById("limit").value = button.dataset.limit; });
    }
    document.getElementById("setup").addEventListener("submit", () => {
      document.getElementById("extra-groups").value = [...document.querySelectorAll(".extra-group:checked")].map((box) => box.value).join(" ");
    });
    // The first dealer is one of the names typed: the list follows the name fields.
    const dealer = document.getElementById("first-dealer");
    const names = [...document.querySelectorAll('input[name^="player-"]')];
    function dealers() {
      const chosen = dealer.value;
      for (const option of [...dealer.options].slice(1)) option.remove();
      names.forEach((field, seat) => {
        const name = field.value.trim();
        if (name) dealer.add(new Option(name, String(seat), false, chosen === String(seat)));
      });
      if (![...dealer.options].some((option) => option.selected && option.value)) dealer.selectedIndex = 0;
    }
    for (const field of names) field.addEventListener("input", dealers);
    dealers();
    for (const radio of document.querySelectorAll('input[name="selection"]')) {
      radio.addEventListener("change", () => { document.getElementById("extra").open = radio.value === "custom" && radio.checked; });
    }
  }

  return { start };
})();
