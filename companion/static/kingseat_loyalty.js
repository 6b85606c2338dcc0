// Kingseat's game page, this phone's own Loyalty and the corrections (KingseatLoyalty): the
// press-and-hold My Loyalty button and its sheet, and the sheet that corrects who an earlier
// action named. Loaded after kingseat.js.
"use strict";

const KingseatLoyalty = (() => {
  const K = Kingseat;
  const C = KingseatCards;
  const { html, put } = Companion;
  const { $, princeChip } = C;
  const { game, view, nameOf } = K;

  // This phone's own Loyalty, set aside at the start: never on the game screen. Pressing and
  // holding *My Loyalty* (in the status line) opens its sheet; a plain tap only says so. It is
  // set, or changed, after a question; the last one counts, until the Tell is turned over.
  const HOLD_MS = 600;
  let holding = null;   // the timer of a press on My Loyalty
  let changing = false; // the sheet shows the princes to change it
  let mine = null;      // the sheet's answer to a tap: {busy, error}

  function mineButton() {
    const v = view();
    if (!v.you || v.tell.cards || v.phase === "over") return "";
    // After Salsa Salamanda dark 1 (done at the table, in the open) the button says the
    // Loyalty must be set again; what it was or is stays on the sheet.
    const stale = v.you.loyalty_stale;
    return html`<button type="button" class="chip ks-mine-button${stale
        ? " ks-mine-stale" : ""}" id="my-loyalty-button" aria-haspopup="dialog"
      aria-controls="loyalty-sheet" aria-label="${stale ? Words.t("My Loyalty changed: set it again: press and hold to"
          + " see it") : Words.t("My Loyalty: press and hold to see it")}">${stale ? Words.t("My Loyalty changed")
          : Words.t("My Loyalty")} <small aria-hidden="true">${Words.t("hold")}</small></button>`;
  }

  function holdStart(event) {
    if (!event.target.closest("#my-loyalty-button") || (event.button || 0) > 0) return;
    const button = event.target.closest("#my-loyalty-button");
    clearTimeout(holding && holding.timer);
    button.classList.add("holding");
    holding = { ready: false, timer: setTimeout(() => { holding.ready = true; button.classList.add("ready"); },
        HOLD_MS) };
  }

  function holdEnd(event) {
    if (!holding) return;
    const { ready, timer } = holding;
    clearTimeout(timer);
    holding = null;
    const button = $("#my-loyalty-button");
    if (button) button.classList.remove("holding", "ready");
    if (event.type !== "pointerup") return;
    if (ready) openMine();
    else Companion.say(Words.t("Press and hold My Loyalty to see it: it never shows on the game screen."), "notice");
  }

  function openMine() {
    changing = false;
    mine = null;
    drawMine();
    const sheet = $("#loyalty-sheet");
    if (!sheet.open) sheet.showModal();
  }

  function drawMine() {
    const v = view();
    const you = v.you;
    const sheet = $("#loyalty-sheet");
    if (!you || v.tell.cards || v.phase === "over") {
      if (sheet.open) sheet.close();
      return;
    }
    const set = you.loyalty;
    $("#loyalty-sheet-title").textContent = Words.t("My Loyalty ({player})", { player: you.name });
    if (you.held_back) {
      put($("#loyalty-sheet-body"), html`<p id="my-loyalty-now">${Words.t("This seat changed phones after the game began:"
        + " your Loyalty is entered openly after the Tell is turned over.")}</p>`);
      return;
    }
    const grid = !set || changing || you.loyalty_stale;
    put($("#loyalty-sheet-body"), html`
      <p id="my-loyalty-now"${you.loyalty_stale ? html` class="error" role="alert"` : ""}>${set
          ? Companion.th("Set aside on this phone: {prince}", { prince: princeChip(set) }) : you.loyalty_stale
          ? Words.t("Your Loyalty card changed (Salsa Salamanda): tap the prince on the card you hold now.")
          : Words.t("Not set aside on this phone yet.")}</p>
      <p class="small">${Words.t("Only this sheet shows it, on this phone, until the Tell is turned over; then it counts"
          + " as {player}’s Loyalty.", { player: you.name })}</p>
      ${grid ? html`<p class="small">${set ? Words.t("Tap the new prince:") : Words.t("Tap the prince on your Loyalty card:")
          }</p>
        <div class="ks-princes ks-three" role="group" aria-label="${Words.t("My Loyalty")}">${v.princes.map((prince) =>
            html`<button type="button" class="ks-prince ks-c${set === prince ? " selected" : ""}" style="${
            C.paint(prince)}" data-my-loyalty="${prince}" ${mine && mine.busy ? "disabled" : ""}>${C.princeName(prince)
            }</button>`)}</div>`
        : html`<button type="button" class="secondary" id="my-loyalty-change">${Words.t("Change it")}</button>`}
      ${mine && mine.error ? html`<p class="error" role="alert" id="my-loyalty-error">${mine.error}</p>` : ""}`);
  }

  async function setMine(prince) {
    const set = view().you.loyalty;
    const name = C.princeName(prince);
    const question = set ? (set === prince ? Words.t("Set {prince} aside again as your Loyalty?", { prince: name })
      : Words.t("Change your Loyalty from {before} to {prince}?", { before: C.princeName(set), prince: name }))
      : Words.t("Set {prince} aside as your Loyalty?", { prince: name });
    if (!(await Companion.ask(question, set && set !== prince ? Words.t("Change it") : Words.t("Set it")))) return;
    mine = { busy: true, error: "" };
    drawMine();
    const { status, data } = await Companion.request("POST", `/api/games/${game().id}/secret`,
        { secret: { loyalty: prince, version: view().you.loyalty_version }, key: Companion.newKey() });
    mine = { busy: false, error: status === 200 ? "" : Companion.failure(status, data).message };
    if (status === 200) {
      changing = false;
      Companion.update(data.game);
    } else {
      drawMine();
    }
  }

  // ------------------------------------------------------------------ corrections

  // Who Hornseeker (or its dark 1) looked at and who else revealed their Hand with
  // Gulliballistas' dark 2 change nothing later, so one entered wrong is corrected by an entry
  // of its own: "Fix entry" in the action bar (while no turn is being entered)
  // opens a sheet that lists them and asks who it really was. Undo takes it back like any entry.
  let fixing = null;  // the sheet: {fact (null: the list), target (undefined: not tapped yet)}
  const sameFact = (a, b) => a.round === b.round && a.player === b.player && a.card === b.card;
  const named = (p) => (p === null ? Words.t("nobody") : nameOf(p));
  const factTitle = (f) => Words.t("Round {n}: {player}’s {card}", { n: f.round, player: nameOf(f.player),
    card: f.card_name });

  function namedText(card, target) {
    if (card === "gulliballistas-dark2") {
      return target === null ? Words.t("nobody else revealed their Hand")
        : Words.t("{player} revealed their Hand too", { player: nameOf(target) });
    }
    return target === null ? Words.t("looked at nobody’s Loyalty card")
      : Words.t("looked at {player}’s Loyalty card", { player: nameOf(target) });
  }

  function drawFixes() {
    const facts = view().corrections;
    $("#fix-open").hidden = !facts.length || K.draft.trail.length > 0;
    if (!fixing) return;
    const fact = fixing.fact && facts.find((f) => sameFact(f, fixing.fact));
    if (!facts.length || (fixing.fact && !fact)) {  // undone meanwhile (here or on another phone)
      $("#fix-sheet").close();
      return;
    }
    if (fact) {
      fixing.fact = fact;
      if (fixing.target === fact.target) fixing.target = undefined;
    }
    drawFix();
  }

  function drawFix() {
    const facts = view().corrections;
    const f = fixing.fact;
    if (!f) {
      $("#fix-sheet-title").textContent = Words.t("Correct an earlier entry");
      put($("#fix-sheet-body"), html`<p class="small">${Words.t("Who Hornseeker looked at, or who else revealed their Hand"
        + " with Gulliballistas’ dark 2, is corrected on its own: nothing later depends on it.")}</p>
        <div class="ks-fix-list">${facts.map((fact, i) =>
          html`<button type="button" class="secondary ks-answer" data-fix="${i}"
          aria-label="${Words.t("{title}: {entered}. Tap to correct it", { title: factTitle(fact),
              entered: namedText(fact.card, fact.target) })}">
          <span class="ks-answer-label">${factTitle(fact)}</span> <strong>${named(fact.target)
              }</strong></button>`)}</div>`);
      return;
    }
    const who = nameOf(f.player);
    const question = f.card === "gulliballistas-dark2" ? Words.t("Who else revealed their Hand when {player} did?",
        { player: who }) : Words.t("Whose Loyalty card did {player} look at?", { player: who });
    const chosen = fixing.target;
    $("#fix-sheet-title").textContent = factTitle(f);
    put($("#fix-sheet-body"), html`<p id="fix-entered">${Words.t("Entered: {entered}.",
        { entered: namedText(f.card, f.target) })}</p>
      <h3>${question}</h3>
      <div class="ks-choose" role="group" aria-label="${question}">${[...f.choices, null].map((p) => {
        const entered = p === f.target;
        return html`<button type="button" class="secondary${p === chosen ? " selected" : ""}" data-fix-target="${
            p === null ? "" : p}"
          ${entered ? html`aria-disabled="true"` : ""} ${p === chosen ? html`aria-pressed="true"` : ""}>${p === null
              ? Words.t("Nobody") : nameOf(p)}${entered ? html` <small>${Words.t("(entered)")}</small>` : ""}</button>`;
      })}</div>
      <p><button type="button" id="fix-store" ${chosen === undefined ? "disabled" : ""}>${chosen === undefined
          ? Words.t("Tap who it really was") : Words.t("Store the correction: {player}", { player: named(chosen) })
          }</button></p>`);
  }

  function openFix() {
    const facts = view().corrections;
    fixing = { fact: facts.length === 1 ? facts[0] : null, target: undefined };
    drawFix();
    $("#fix-sheet").showModal();
  }

  async function storeFix() {
    const { fact, target } = fixing;
    $("#fix-sheet").close();
    await Companion.send(`/api/games/${game().id}/moves`,
      { move: { type: "correct", round: fact.round, player: fact.player, card: fact.card, target } });
  }

  function onFixTap(event) {
    const button = event.target.closest("button");
    if (!button || !fixing) return;
    if (button.dataset.fix !== undefined) {
      fixing = { fact: view().corrections[Number(button.dataset.fix)], target: undefined };
      drawFix();
    } else if (button.id === "fix-store" && fixing.target !== undefined) {
      storeFix();
    } else if (button.dataset.fixTarget !== undefined && !button.getAttribute("aria-disabled")) {
      fixing.target = button.dataset.fixTarget === "" ? null : Number(button.dataset.fixTarget);
      drawFix();
    }
  }

  // A new turn: the sheet's last answer goes.
  function forget() {
    mine = null;
  }

  function start() {
    const sheet = $("#loyalty-sheet");
    sheet.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button) return;
      if (button.dataset.myLoyalty) setMine(button.dataset.myLoyalty);
      else if (button.id === "my-loyalty-change") { changing = true; drawMine(); }
    });
    $("#fix-open").addEventListener("click", openFix);
    $("#fix-sheet").addEventListener("click", onFixTap);
    $("#fix-sheet").addEventListener("close", () => { fixing = null; });
    $("#status").addEventListener("pointerdown", holdStart);
    for (const kind of ["pointerup", "pointercancel", "pointerleave"]) $("#status").addEventListener(kind, holdEnd);
    // No click after a finger's hold (it would land on the sheet's backdrop and close it).
    for (const kind of ["contextmenu", "touchend"]) {
      $("#status").addEventListener(kind, (event) =>
          { if (event.target.closest("#my-loyalty-button")) event.preventDefault(); }, { passive: false });
    }
    // A key (Enter or Space) on My Loyalty is as deliberate as a hold.
    $("#status").addEventListener("click", (event) => { if (event.detail === 0
        && event.target.closest("#my-loyalty-button")) openMine(); });
  }

  return { start, forget, mineButton, drawMine, drawFixes };
})();
