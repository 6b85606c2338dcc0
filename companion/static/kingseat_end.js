// Kingseat's game page, the end (KingseatEnd): the Tell turned over and counted (by tapping each
// card's kind, or by photos), the Loyalties entered player by player, and the final count.
// Loaded after kingseat.js, whose draft it fills in.
"use strict";

const KingseatEnd = (() => {
  const K = Kingseat;
  const C = KingseatCards;
  const { html, put } = Companion;
  const { and, princeChip } = C;
  const { $, game, view, nameOf, step, crowned, stripWidth, currentMove, keyOf, aroundFrom, ranked, many,
    spaced } = K;

  const tellTotal = () => Object.values(K.draft.tell).reduce((sum, n) => sum + n, 0);

  // The Tell turned over: its cards counted by tapping their kind once a card (a row a
  // prince, as in the vote), or by photos (each adds the cards it reads). Undo takes back the
  // last tap; "Count one fewer" makes the next tap take one off.
  let fewer = false;

  function drawReveal() {
    const v = view();
    const r = v.reveal;
    const total = tellTotal();
    const by = fewer ? -1 : 1;
    const princes = v.princes.filter((prince) => C.kindsOf(prince).some((k) => r.cards.includes(k)));
    // More than six princes: two a row, each a block of its name over its three cards.
    const blocks = princes.length > 6;
    const cells = (prince) => C.kindsOf(prince).map((kind, dark) => {
      if (!r.cards.includes(kind)) return html`<span class="ks-none" aria-hidden="true"></span>`;
      const n = K.draft.tell[kind] || 0;
      const name = C.cardName(kind);
      return html`<button type="button" class="ks-cell ks-c${dark ? " dark" : ""}" style="${C.paint(prince,
          dark)}" data-step-kind="${kind}" data-step-by="${by}"
        aria-label="${fewer ? Words.t("{card}: {n} counted; tap to count one fewer", { card: name, n })
            : Words.t("{card}: {n} counted; tap to count one more", { card: name, n })}"><span>${dark
            ? Words.t("D{n}", { n: dark }) : blocks ? Words.t("R") : C.princeName(prince)}</span>
        <span class="ks-n" data-tell-count="${kind}">${n}</span></button>`;
    });
    const grid = blocks
      ? html`<div class="ks-blocks ks-count" role="group" aria-label="${Words.t("The Tell's cards by kind")}">${
          princes.map((prince) => html`<div class="ks-block">
          <span class="ks-block-name" aria-hidden="true">${C.princeName(prince)
              }</span><div class="ks-block-cells">${cells(prince)}</div></div>`)}</div>`
      : html`<div class="ks-grid ks-count" role="group" aria-label="${Words.t("The Tell's cards by kind")}">${
          princes.map((prince) =>
          html`<div class="ks-row">${cells(prince)}</div>`)}</div>`;
    put($("#reveal-panel"), html`
      <p class="small ks-note">${Words.tn("Every Hand is empty. Lay the Tell's {n} card out face up and tap each"
          + " card's kind once (or Scan them).", "Every Hand is empty. Lay the Tell's {n} cards out face up and tap each"
          + " card's kind once (or Scan them).", r.size)}</p>
      <p class="ks-total" id="reveal-total">${Companion.thn("{total} of {n} card counted", "{total} of {n} cards counted",
          r.size, { total: html`<strong>${Words.number(total)}</strong>` })}</p>
      ${grid}
      <button type="button" class="${fewer ? "selected" : "secondary"} ks-fewer" id="count-fewer" aria-pressed="${
          String(fewer)}">${fewer ? Words.t("Tap the kind to take one off") : Words.t("Count one fewer")}</button>
      <div id="reveal-preview" class="ks-preview" aria-live="polite">${revealPreview()}</div>`);
  }

  function revealPreview() {
    if (!currentMove().move) return html``;
    if (!K.checked || K.checked.key !== keyOf()) return html`<p class="small">${Words.t("Checking…")}</p>`;
    if (K.checked.status !== 200) return html``;
    const after = K.checked.data.view;  // none when the reveal would open the Loyalties
    const count = after ? ranked(after.tell.count || {}) : [];
    return html`<p class="ks-result">${Words.t("The count agrees with everything the table saw.")}</p>
      ${count.length ? html`<ul class="ks-tally">${count.map(([prince, n]) => html`<li>${princeChip(prince)} <strong>${
          Words.number(n)}</strong></li>`)}</ul>` : ""}`;
  }

  // A photo of the Tell's cards: each card read adds one to its kind's count.
  function scannedTell(cards) {
    const v = view();
    const known = cards.filter((c) => v.reveal.cards.includes(c.kind));
    const strangers = cards.filter((c) => !v.reveal.cards.includes(c.kind)).map((c) => c.name);
    step(Words.tn("Took back the {n} card read from the photo.", "Took back the {n} cards read from the photo.",
        known.length), () => {
      for (const c of known) K.draft.tell[c.kind] = (K.draft.tell[c.kind] || 0) + 1;
    });
    Companion.drafted();
    const added = known.length ? Words.tn("Added {n} card to the count: now {total} of {size}.",
        "Added {n} cards to the count: now {total} of {size}.", known.length, { total: tellTotal(), size: v.reveal.size })
      : Words.t("No card of the Tell in the photo.");
    return strangers.length ? Words.t("{text} {more}", { text: added, more: Words.t("Not a card that can be in this Tell,"
        + " so left out: {cards}.", { cards: strangers.join(", ") }) }) : added;
  }

  // The Loyalties, player by player from the Kingseat: a strip of names (with the prince
  // tapped), then one tap for the named player's prince. One set aside on a phone is fixed.
  const loyalOrder = () => aroundFrom(view().kingseat).map(({ player }) => player);
  const loyalNow = () => {
    if (K.draft.lcursor !== undefined) return K.draft.lcursor;
    const left = loyalOrder().find((p) => !view().players[p].loyalty && !K.draft.loyalty[p]);
    return left === undefined ? null : left;
  };

  function drawLoyalty() {
    const v = view();
    const cards = Object.entries(v.loyalty_cards || {}).map(([prince, n]) => Words.t("{n} {prince}",
        { n, prince: C.princeName(prince) }));
    const now = loyalNow();
    const strip = loyalOrder().map((p) => {
      const fixed = v.players[p].loyalty;
      if (fixed) {
        return html`<div class="ks-voter ks-c ks-locked" style="${C.paint(fixed)}" data-loyalty-set="${p}">
          <span class="ks-voter-name">${crowned(p)}</span><span class="ks-voter-card">${Words.t("{prince} (phone)",
              { prince: C.princeName(fixed) })}</span></div>`;
      }
      const prince = K.draft.loyalty[p];
      return html`<button type="button" class="ks-voter${prince ? " ks-c" : " secondary"}${p === now
          ? " now" : ""}"${prince ? html` style="${C.paint(prince)}"` : ""}
        data-loyal-who="${p}" ${p === now ? html`aria-current="step"` : ""} aria-label="${Words.t("{player}: {card}",
            { player: nameOf(p), card: prince ? C.princeName(prince) : Words.t("not entered yet") })}">
        <span class="ks-voter-name">${crowned(p)}</span><span class="ks-voter-card">${prince
            ? C.princeName(prince) : "\u2014"}</span></button>`;
    });
    put($("#loyalty-panel"), html`
      <h2>${Words.t("The Loyalties")}</h2>
      <p class="small ks-note">${cards.length ? Words.t("Everyone turns over their Loyalty card. The cards left are"
          + " {cards}.", { cards: and(cards) }) : Words.t("Everyone turns over their Loyalty card.")}</p>
      <div class="ks-strip${stripWidth(v.players.length)
          }" role="group" aria-label="${Words.t("The Loyalties, from the Kingseat clockwise")}">${strip}</div>
      ${now === null ? html`<div id="loyalty-preview" class="ks-preview" aria-live="polite">${loyaltyPreview()}</div>`
        : html`<div data-loyalty="${now}"><h2 class="ks-asking" id="loyal-now">${Companion.th("{player}’s Loyalty",
            { player: crowned(now) })}</h2>
        <div class="ks-princes ks-three" role="group" aria-label="${Words.t("{player}'s Loyalty",
            { player: nameOf(now) })}">${
            v.princes.map((prince) => html`<button type="button" class="ks-prince ks-c${K.draft.loyalty[now] === prince
            ? " selected" : ""}" style="${C.paint(prince)}" data-prince="${prince}">${C.princeName(prince)
            }</button>`)}</div></div>`}`);
  }

  function loyaltyPreview() {
    if (!currentMove().move) return html``;
    if (!K.checked || K.checked.key !== keyOf()) return html`<p class="small">${Words.t("Checking…")}</p>`;
    if (K.checked.status !== 200) return html``;
    return html`<p class="ks-result">${K.checked.data.result.reason}</p>`;
  }

  function drawFinal() {
    const v = view();
    const r = game().result;
    const count = ranked(v.tell.count || r.tally);
    const cards = Object.entries(v.tell.cards || {});
    const weight = v.rulings.squlofish_dark_weight;
    const over = Words.tn("The Tell is turned over: {n} card.", "The Tell is turned over: {n} cards.", v.tell.size);
    put($("#final"), html`
      <h2>${Words.t("The final count")}</h2>
      <p>${v.princes.includes("squlofish") ? Words.t("{text} Regular Squlofish cards count 2 votes; dark ones {weight}.",
          { text: over, weight }) : over}</p>
      <ul class="ks-tally" id="final-count">${count.map(([prince, n]) => html`<li class="${r.princes.includes(prince)
          ? "won" : ""}">${princeChip(prince)} <strong data-count="${prince}">${Words.number(n)}</strong>${
          r.princes.includes(prince) ? ` \u2190 ${Words.t("wins the Tell")}` : ""}</li>`)}</ul>
      <details><summary>${Words.t("The cards in the Tell")}</summary><p class="ks-cards" id="tell-cards">${
          spaced(cards.map(([k, n]) => many(k, n)))}</p></details>
      <h3>${Words.t("Loyalties")}</h3>
      <ul class="ks-loyal" id="loyalties">${v.players.map((p) => html`<li class="${r.winners.includes(p.player)
          ? "won" : ""}"><strong>${p.name}</strong> ${princeChip(p.loyalty)} ${r.winners.includes(p.player)
          ? html`<span class="ks-tag now">${Words.t("wins")}</span>` : ""}</li>`)}</ul>`);
  }

  return {
    get fewer() { return fewer; }, set fewer(on) { fewer = on; },
    tellTotal, drawReveal, revealPreview, scannedTell, loyalOrder, loyalNow, drawLoyalty, loyaltyPreview, drawFinal,
  };
})();
