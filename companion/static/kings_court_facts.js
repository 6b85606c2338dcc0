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
    return [draft.last && !draft.nobody && ["magician", cardName("magician")], view().cards.some((c) => c.id === "dungeon") && ["dungeon", cardName("dungeon")],
      playedKinds().length && ["risk", Words.t("Risk cards")]].filter(Boolean);
  }

  // What the rarer facts say so far, in words ("Dungeon, 1 Risk card").
  const said = (draft) => [draft.last && !draft.nobody && draft.lastMagician && cardName("magician"),
    draft.dungeon.length && cardName("dungeon"), draft.magicians.length && Words.tn("{n} Magician as Dungeon", "{n} Magicians as Dungeon", draft.magicians.length),
    draft.played.length && Words.tn("{n} Risk card", "{n} Risk cards", draft.played.length)].filter(Boolean);

  // The button that opens them (or, open, goes back to the hands).
  function button(draft, open) {
    const what = parts(draft).map(([, label]) => label).join(", ");
    const words = said(draft);
    const label = open ? Words.t("Back to the hands") : words.length ? Words.t("More facts: {what} ({said})", { what, said: words.join(", ") })
      : Words.t("More facts: {what}", { what });
    return html`<button type="button" class="secondary kc-more${open ? " selected" : ""}" id="extras-open" aria-expanded="${String(open)}"
      aria-label="${label}">${open ? Words.t("Back to the hands") : words.length ? Words.t("More facts ({n})", { n: words.length }) : Words.t("More facts")}</button>`;
  }

  const dungeonLabel = (s) => Words.t("{player}: a Dungeon", { player: nameOf(s) });
  const magicianLabel = (s) => Words.t("{player}: a Magician played as the Dungeon in front of them", { player: nameOf(s) });

  // The part open, in place of the hands (``others``: the seats that did not go out).
  function panelHtml(draft, others) {
    const all = parts(draft);
    const part = all.some(([key]) => key === draft.extra) ? draft.extra : all[0][0];
    const words = said(draft);
    const rarer = Words.t("Rarer facts");
    const tabs = all.length > 1 ? html`<div class="kc-answers kc-modes" role="tablist" aria-label="${rarer}">${all.map(([key, label]) => html`<button type="button" role="tab"
      class="secondary${key === part ? " selected" : ""}" aria-selected="${String(key === part)}" data-extra="${key}">${label}</button>`)}</div>` : "";
    let body;
    if (part === "magician") {
      body = html`<label class="radio"><input type="checkbox" id="last-magician" ${draft.lastMagician ? "checked" : ""}> ${Words.t("It was a Magician played as the {card}", { card: cardName(draft.last) })}</label>`;
    } else if (part === "dungeon") {
      body = html`<fieldset><legend>${Words.t("In the Dungeon when the hand ended")}</legend>
        ${others.map((s) => { const aDungeon = dungeonLabel(s); const aMagician = magicianLabel(s); return html`<div class="kc-dungeon-row"><span class="grow">${nameOf(s)}</span>
          <label class="radio"><input type="checkbox" data-dungeon="${s}" ${draft.dungeon.includes(s) ? "checked" : ""} aria-label="${aDungeon}"> ${cardName("dungeon")}</label>
          <label class="radio"><input type="checkbox" data-magician="${s}" ${draft.magicians.includes(s) ? "checked" : ""} aria-label="${aMagician}"> ${Words.t("Magician as it")}</label></div>`; })}</fieldset>`;
    } else body = riskHtml(draft);
    return html`<div id="extras"><div class="kc-ask-line kc-seat-row"><strong class="grow" id="extras-said">${words.length ? Words.t("More facts: {said}", { said: words.join(", ") }) : Words.t("More facts")}</strong>
      ${button(draft, true)}</div>${tabs}${body}</div>`;
  }

  // The Risk and Warlord cards played: those added (each can be taken off), then one question
  // at a time for the next (which card, who played it, on whom); it is added with its last fact.
  const needsOn = (card) => ["dark-knight", "warlord"].includes(card);
  function riskHtml(draft) {
    const p = draft.play;
    const added = draft.played.map((e, i) => {
      const words = e.on !== undefined && e.on !== null ? Words.t("{card} by {player} on {other}", { card: cardName(e.card), player: nameOf(e.by), other: nameOf(e.on) })
        : Words.t("{card} by {player}", { card: cardName(e.card), player: nameOf(e.by) });
      const off = Words.t("Take off the {card} by {player}", { card: cardName(e.card), player: nameOf(e.by) });
      return html`<button type="button" class="secondary kc-change" data-unplay="${i}" aria-label="${off}">${words} \u00d7</button>`;
    });
    const again = Words.t("Start this card again");
    const stated = p.by !== null ? Words.t("{card}, by {player}", { card: cardName(p.card), player: nameOf(p.by) }) : cardName(p.card);
    const restart = p.card ? html`<button type="button" class="secondary kc-change" id="play-restart" aria-label="${again}">${stated} \u2026 \u00d7</button>` : "";
    let ask;
    if (!p.card) ask = [draft.played.length ? Words.t("Another Risk or Warlord card was played?") : Words.t("Which Risk or Warlord card was played?"), nameButtons(playedKinds().map((c) => [c.id, c.name]), "play-card", null)];
    else if (p.by === null) ask = [Words.t("Who played the {card}?", { card: cardName(p.card) }), nameButtons(seats().map((s) => [s, nameOf(s)]), "play-by", null)];
    else if (p.card === "dark-knight") ask = [Words.t("On whom was it played?"), nameButtons(seats().filter((s) => s !== p.by).map((s) => [s, nameOf(s)]), "play-on", null)];
    else ask = [Words.t("On whose turn was it played?"), nameButtons([...seats().filter((s) => s !== p.by).map((s) => [s, nameOf(s)]), ["", Words.t("Not said")]], "play-on", null)];
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
    else if (data.playCard) change(Words.t("the {card} played", { card: cardName(data.playCard) }), () => { draft.play.card = data.playCard; addPlayed(draft); });
    else if (data.playBy !== undefined) {
      change(Words.t("who played the {card}", { card: cardName(draft.play.card) }), () => { draft.play.by = Number(data.playBy); addPlayed(draft); });
    } else if (data.playOn !== undefined) {
      change(Words.t("on whom the {card} was played", { card: cardName(draft.play.card) }), () => { draft.play.on = data.playOn === "" ? "" : Number(data.playOn); addPlayed(draft); });
    } else if (button.id === "play-restart") {
      change(Words.t("the {card} played", { card: cardName(draft.play.card) }), () => { draft.play = { card: null, by: null, on: null }; });
    } else if (data.unplay !== undefined) {
      change(Words.t("the {card} played", { card: cardName(draft.played[Number(data.unplay)].card) }), () => { draft.played.splice(Number(data.unplay), 1); });
    } else return false;
    return true;
  }

  // A box ticked on the rarer facts: true when it was one of theirs.
  function onChange(draft, target) {
    if (target.id === "last-magician") change(Words.t("the Magician as the last card"), () => { draft.lastMagician = target.checked; });
    else if (target.dataset.magician !== undefined) {
      const seat = Number(target.dataset.magician);
      change(Words.t("the Magician as the Dungeon"), () => {
        draft.magicians = target.checked ? [...draft.magicians, seat].sort() : draft.magicians.filter((s) => s !== seat);
      });
    } else if (target.dataset.dungeon !== undefined) {
      const seat = Number(target.dataset.dungeon);
      change(Words.t("the Dungeon"), () => {
        draft.dungeon = target.checked ? [...draft.dungeon, seat].sort() : draft.dungeon.filter((s) => s !== seat);
      });
    } else return false;
    return true;
  }

  return { playedKinds, wanted, button, panelHtml, onTap, onChange };
})();
