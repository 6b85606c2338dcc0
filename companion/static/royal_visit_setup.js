// The Royal Visit setup page: the questions about the players (who got the Wizard, whose turn
// it is) name them as their names are typed. Started by the page: RoyalVisitSetup.start().
"use strict";

const RoyalVisitSetup = (() => {
  function start() {
    const nobody = { top: Words.t("The player at the top Chateau"), bottom: Words.t("The player at the bottom Chateau") };
    for (const side of ["top", "bottom"]) {
      const input = document.querySelector(`input[name="player_${side}"]`);
      const show = () => {
        for (const span of document.querySelectorAll(`[data-name="${side}"]`)) {
          span.textContent = input.value.trim() || nobody[side];
        }
      };
      input.addEventListener("input", show);
      show();
    }
  }

  return { start };
})();
