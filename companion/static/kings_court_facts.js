// King's Court: the rarer facts of a scored hand (KingsCourtFacts): a Magician played as the
// last card, the Dungeon, the Risk and Warlord cards played. They open from a button beside the
// hands' tabs and take the hands' place while open, one part at a time, each asked in a few
// buttons so it stays clear of the action bar. Each function is given the hand's draft (kept by
// kings_court_score.js, loaded after this file); its changes are steps of the page's trail.
"use strict";

const KingsCourtFacts = (() => {
  const { html } = Companion;
  const C = KingsCourtCommon;
  const { view, seats, nameOf, cardName, change, nameButtons } = C;
  const PLAYED = ["dark-knight", "poison-garden", "castle-fire", "kings-goblet", "warlord"];

  // The Risk and Warlord cards of this game's selection.
  const playedKinds = () => view().cards.filter((c) => PLAYED.includes(c.id));

  // Whether the hand has rarer facts to ask.
  const wanted = (draft) => (draft.last && !draft.nobody) || view().cards.some((c) => c.id === "dungeon") || playedKinds().length;

  function parts(draft) {
    return [draft.last && !draft.nobody && ["magician", "Magician"], view().cards.some((c) => c.id === "dungeon") && ["dungeon", "Dungeon"],
      playedKinds().length && ["risk", "Risk cards"]].filter(Boolean);
  }

  // What the rarer facts say so far, in words ("Dungeon, 1 Risk card").
  const said = (draft) => [draft.last && !draft.nobody && draft.lastMagician && "Magician",
    draft.dungeon.length && "Dungeon", draft.magicians.length && `${draft.magicians.length} Magician${draft.magicians.length > 1 ? "s" : ""} as Dungeon`,
    draft.played.length && `${draft.played.length} Risk card${draft.played.length > 1 ? "s" : ""}`].filter(Boolean);

  // The button that opens them (or, open, goes back to the hands).
  function button(draft, open) {
    const what = parts(draft).map(([, label]) => label).join(", ");
    const words = said(draft);
    return html`<button type="button" class="secondary kc-more${open ? " selected" : ""}" id="extras-open" aria-expanded="${String(open)}"
      aria-label="${open ? "Back to the hands" : `More facts: ${what}${words.length ? ` (${words.join(", ")})` : ""}`}">${open ? "Back to the hands" : `More facts${words.length ? ` (${words.length})` : ""}`}</button>`;
  }

  // The part open, in place of the hands (``others``: the seats that did not go out).
  function panelHtml(draft, others) {
    const all = parts(draft);
    const part = all.some(([key]) => key === draft.extra) ? draft.extra : all[0][0];
    const words = said(draft);
    const tabs = all.length > 1 ? html`<div class="kc-answers kc-modes" role="tablist" aria-label="Rarer facts">${all.map(([key, label]) => html`<button type="button" role="tab"
      class="secondary${key === part ? " selected" : ""}" aria-selected="${String(key === part)}" data-extra="${key}">${label}</button>`)}</div>` : "";
    let body;
    if (part === "magician") {
      body = html`<label class="radio"><input type="checkbox" id="last-magician" ${draft.lastMagician ? "checked" : ""}> It was a Magician played as the ${cardName(draft.last)}</label>`;
    } else if (part === "dungeon") {
      body = html`<fieldset><legend>In the Dungeon when the hand ended</legend>
        ${others.map((s) => html`<div class="kc-dungeon-row"><span class="grow">${nameOf(s)}</span>
          <label class="radio"><input type="checkbox" data-dungeon="${s}" ${draft.dungeon.includes(s) ? "checked" : ""} aria-label="${nameOf(s)}: a Dungeon"> Dungeon</label>
          <label class="radio"><input type="checkbox" data-magician="${s}" ${draft.magicians.includes(s) ? "checked" : ""} aria-label="${nameOf(s)}: a Magician played as the Dungeon in front of them"> Magician as it</label></div>`)}</fieldset>`;
    } else body = riskHtml(draft);
    return html`<div id="extras"><div class="kc-ask-line kc-seat-row"><strong class="grow" id="extras-said">More facts${words.length ? `: ${words.join(", ")}` : ""}</strong>
      ${button(draft, true)}</div>${tabs}${body}</div>`;
  }

  // The Risk and Warlord cards played: those added (each can be taken off), then one question
  // at a time for the next (which card, who played it, on whom); it is added with its last fact.
  const needsOn = (card) => ["dark-knight", "warlord"].includes(card);
  function riskHtml(draft) {
    const p = draft.play;
    const added = draft.played.map((e, i) => html`<button type="button" class="secondary kc-change" data-unplay="${i}" aria-label="Take off the ${cardName(e.card)} by ${nameOf(e.by)}">${cardName(e.card)} by ${nameOf(e.by)}${e.on !== undefined && e.on !== null ? ` on ${nameOf(e.on)}` : ""} \u00d7</button>`);
    const restart = p.card ? html`<button type="button" class="secondary kc-change" id="play-restart" aria-label="Start this card again">${cardName(p.card)}${p.by !== null ? `, by ${nameOf(p.by)}` : ""} \u2026 \u00d7</button>` : "";
    let ask;
    if (!p.card) ask = [`${draft.played.length ? "Another" : "Which"} Risk or Warlord card was played?`, nameButtons(playedKinds().map((c) => [c.id, c.name]), "play-card", null)];
    else if (p.by === null) ask = [`Who played the ${cardName(p.card)}?`, nameButtons(seats().map((s) => [s, nameOf(s)]), "play-by", null)];
    else if (p.card === "dark-knight") ask = ["On whom was it played?", nameButtons(seats().filter((s) => s !== p.by).map((s) => [s, nameOf(s)]), "play-on", null)];
    else ask = ["On whose turn was it played?", nameButtons([...seats().filter((s) => s !== p.by).map((s) => [s, nameOf(s)]), ["", "Not said"]], "play-on", null)];
    return html`${added.length || restart ? html`<div class="kc-answers kc-stated">${added}${restart}</div>` : ""}
      <p class="kc-ask-line"><strong>${ask[0]}</strong></p>${ask[1]}`;
  }

  // Add the card being entered once its last fact is known (a Poison Garden or Castle Fire
  // ends the hand with nobody out).
  function addPlayed(draft) {
    const p = draft.play;
    if (!p.card || p.by === null || (needsOn(p.card) && p.on === null)) return;
    const entry = { card: p.card, by: p.by };
    if (p.on !== null && p.on !== "") entry.on = p.on;
    draft.played.push(entry);
    draft.play = { card: null, by: null, on: null };
    if (["poison-garden", "castle-fire"].includes(entry.card)) { draft.nobody = true; draft.out = null; draft.last = ""; draft.draws = []; }
  }

  // A tap on the rarer facts: true when it was one of theirs.
  function onTap(draft, button) {
    const data = button.dataset;
    if (data.extra) draft.extra = data.extra;
    else if (button.id === "extras-open") draft.extrasOpen = !draft.extrasOpen;  // the rarer facts in place of the hands, or back
    else if (data.playCard) change(`the ${cardName(data.playCard)} played`, () => { draft.play.card = data.playCard; addPlayed(draft); });
    else if (data.playBy !== undefined) {
      change(`who played the ${cardName(draft.play.card)}`, () => { draft.play.by = Number(data.playBy); addPlayed(draft); });
    } else if (data.playOn !== undefined) {
      change(`on whom the ${cardName(draft.play.card)} was played`, () => { draft.play.on = data.playOn === "" ? "" : Number(data.playOn); addPlayed(draft); });
    } else if (button.id === "play-restart") {
      change(`the ${cardName(draft.play.card)} played`, () => { draft.play = { card: null, by: null, on: null }; });
    } else if (data.unplay !== undefined) {
      change(`the ${cardName(draft.played[Number(data.unplay)].card)} played`, () => { draft.played.splice(Number(data.unplay), 1); });
    } else return false;
    return true;
  }

  // A box ticked on the rarer facts: true when it was one of theirs.
  function onChange(draft, target) {
    if (target.id === "last-magician") change("the Magician as the last card", () => { draft.lastMagician = target.checked; });
    else if (target.dataset.magician !== undefined) {
      const seat = Number(target.dataset.magician);
      change("the Magician as the Dungeon", () => {
        draft.magicians = target.checked ? [...draft.magicians, seat].sort() : draft.magicians.filter((s) => s !== seat);
      });
    } else if (target.dataset.dungeon !== undefined) {
      const seat = Number(target.dataset.dungeon);
      change("the Dungeon", () => {
        draft.dungeon = target.checked ? [...draft.dungeon, seat].sort() : draft.dungeon.filter((s) => s !== seat);
      });
    } else return false;
    return true;
  }

  return { playedKinds, wanted, button, panelHtml, onTap, onChange };
})();
