// Kingseat's game page, the board (KingseatBoard): the status line (the round, the phase, the
// King, what the round begins with), the table around the Kingseat, the Tell as a face-down
// pile (its size and the deal's leftovers, never what went in by kind) and the Discard, and
// the round so far. Loaded after kingseat.js, whose view it draws.
"use strict";

const KingseatBoard = (() => {
  const K = Kingseat;
  const C = KingseatCards;
  const { html, put } = Companion;
  const { and, chip, princeChip } = C;
  const { $, game, view, nameOf, aroundFrom, many, spaced, PHASES } = K;

  const placeName = (offset) => (offset === 0 ? Words.t("Kingseat") : Words.t("{n} clockwise", { n: offset }));

  // What the vote begins with: a round taken back, the setup's passing, or the Give Cards.
  function giveLine(v) {
    if (v.vote.replay) {
      // two lines: with an open vote's note and twelve princes, eleven players' vote just fits
      return html`<p class="ks-give" id="revote">${Words.t("Brownbeards’ dark 2 took the round back:"
        + " cards back in Hand, no new Give Cards.")}</p>`;
    }
    const give = v.give_cards;
    const arrow = html`<span class="ks-arrow" aria-hidden="true">${give.direction === "left"
        ? "\u21bb" : "\u21ba"}</span>`;
    if (v.round === 1 && !v.last_vote) {
      const passes = html`<span>${Words.t("Setup: pass 2 cards right, then 2 left;")}</span>`;
      const aside = html`<span>${Words.t("set 1 face down as your Loyalty.")}</span>`;
      return html`<div class="ks-give ks-setup" id="setup-reminder"><p>${passes} ${aside}</p>
          <p class="ks-give" id="give-cards" data-direction="${give.direction}">${arrow
              }<span>${Words.t("Round 1: hand one card to the left.")}</span></p></div>`;
    }
    return html`<p class="ks-give" id="give-cards" data-direction="${give.direction}">${arrow}
        <span>${give.direction === "left" ? Words.t("Hand one card to the left (clockwise).")
            : Words.t("Hand one card to the right (anticlockwise).")}</span></p>`;
  }

  function drawStatus() {
    const g = game();
    const v = view();
    const mine = KingseatLoyalty.mineButton();
    put($("#status"), html`
      ${g.result ? html`<p class="winner" id="winner">${g.result.reason}</p>` : ""}
      <p class="ks-line1${mine ? " with-mine" : ""}"><span><span id="round">${Words.t("Round {n}", { n: v.round })
          }</span> \u00b7 <span id="phase">${v.vote && v.vote.replay ? Words.t("{phase} (again)", { phase: PHASES[v.phase] })
              : PHASES[v.phase]}</span></span>
        <span class="ks-king">${Companion.th("\u265b King: {name}", { name: html`<strong id="king">${nameOf(v.king)}</strong>` })
            }</span>${mine}</p>
      ${v.phase === "vote" ? giveLine(v) : ""}`);
  }

  function drawTable() {
    const v = view();
    const winner = v.phase === "action" && v.last_vote ? v.last_vote.winner : null;
    const acting = v.action ? v.action.player : null;
    put($("#seats"), html`${aroundFrom(v.kingseat).map(({ place, player, offset }) => {
      const p = v.players[player];
      const tags = [];
      if (p.sits_out) tags.push(html`<span class="ks-tag">${Words.t("sits out")}</span>`);
      if (p.forced && v.phase === "vote") tags.push(html`<span class="ks-tag">${Words.t("must vote {prince}",
          { prince: C.princeName(p.forced.prince) })}</span>`);
      if (p.order && v.phase !== "over") tags.push(html`<span class="ks-tag">${p.order === "swap"
          ? Words.t("ordered to swap") : Words.t("ordered to use the action")}</span>`);
      if (!p.hand && v.phase === "vote") tags.push(html`<span class="ks-tag">${Words.t("no cards")}</span>`);
      if (p.played) {
        const won = C.princeOf(p.played) === winner;
        tags.push(html`${chip(p.played)} <span class="ks-tag${player === acting ? " now" : ""}">${won
            ? Words.t("won") : player === acting ? Words.t("acts now") : p.to_act ? Words.t("to act")
            : Words.t("acted")}</span>`);
      }
      if (p.loyalty) tags.push(html`<span class="small">${Words.t("Loyal to")}</span> ${princeChip(p.loyalty)}`);
      else if (p.loyalty_set) tags.push(html`<span class="ks-tag">${Words.t("Loyalty set aside")}</span>`);
      return html`<li class="ks-seat${p.king ? " king" : ""}${player === acting ? " acting" : ""}" data-player="${player
          }" data-place="${place}">
        <span class="ks-place">${placeName(offset)}</span>
        <span class="ks-who">${p.king ? html`<span class="ks-crown" aria-label="${Words.t("King")}">\u265b</span> `
            : ""}<strong>${p.name}</strong>
          <span class="ks-hand">${Companion.thn("{n} card", "{n} cards", p.hand,
              { n: html`<strong data-hand="${player}">${Words.number(p.hand)}</strong>` })}</span></span>
        ${tags.length ? html`<span class="ks-tags">${spaced(tags)}</span>` : ""}
      </li>`;
    })}`);
    put($("#warnings"), html`${v.warnings.map((w) => html`<p class="notice ks-warning">${w}</p>`)}`);
  }

  function drawPiles() {
    const v = view();
    const t = v.tell;
    const discard = Object.entries(v.discard);
    $("#piles-box summary").textContent = Words.t("The Tell ({tell}) and the Discard ({discard})",
        { tell: t.size, discard: v.discard_size });
    put($("#piles"), html`
      <div class="ks-pile" id="tell">
        <div class="ks-back" aria-hidden="true"><span>${t.size}</span></div>
        <div><h3>${Words.t("The Tell")}</h3>
          <p>${t.cards ? Companion.thn("{n} card, turned over.", "{n} cards, turned over.", t.size,
                { n: html`<strong id="tell-size">${Words.number(t.size)}</strong>` })
              : Companion.thn("{n} card, face down: counted at the end. What went in is for the table to remember.",
                "{n} cards, face down: counted at the end. What went in is for the table to remember.", t.size,
                { n: html`<strong id="tell-size">${Words.number(t.size)}</strong>` })}</p>
          ${t.leftovers.length ? html`<p class="small" id="leftovers">${Words.t("Left over from the deal: {cards}.",
              { cards: and(t.leftovers.map(C.cardName)) })}</p>` : ""}</div>
      </div>
      <div class="ks-pile" id="discard-pile">
        <div class="ks-back open" aria-hidden="true"><span>${v.discard_size}</span></div>
        <div><h3>${Words.t("The Discard")}</h3>
          <p>${discard.length ? Companion.thn("{n} card, face up:", "{n} cards, face up:", v.discard_size,
                { n: html`<strong id="discard-size">${Words.number(v.discard_size)}</strong>` })
              : Companion.thn("{n} card, face up.", "{n} cards, face up.", v.discard_size,
                { n: html`<strong id="discard-size">${Words.number(v.discard_size)}</strong>` })}</p>
          ${discard.length ? html`<p class="ks-cards" id="discard">${spaced(discard.map(([k, n]) => many(k, n)))
              }</p>` : ""}</div>
      </div>`);
  }

  function drawEvents() {
    const v = view();
    const list = (lines) => lines.map((line) => html`<li>${line}</li>`);
    const next = v.next_round;
    const coming = [];
    if (v.phase === "action") {
      if (next.open_vote) {
        coming.push(next.first !== null ? Words.t("an open vote, {player} laying the first card",
            { player: nameOf(next.first) }) : Words.t("an open vote"));
      }
      if (next.no_actions) coming.push(Words.t("no card actions"));
      for (const p of next.sit_out) coming.push(Words.t("{player} sits out", { player: nameOf(p) }));
      for (const f of next.forced) {
        coming.push(Words.t("{player} must vote {prince}", { player: nameOf(f.player), prince: C.princeName(f.prince) }));
      }
      for (const o of next.orders) {
        coming.push(o.order === "swap" ? Words.t("{player} must then swap places", { player: nameOf(o.player) })
          : Words.t("{player} must then use their card's action", { player: nameOf(o.player) }));
      }
      for (const p of next.new_king) coming.push(Words.t("{player} takes the Kingseat", { player: nameOf(p) }));
    }
    const lastVote = v.last_vote && !(v.phase === "vote" && v.last_vote.round === v.round && !v.last_vote.undone)
        ? v.last_vote : null;
    put($("#events"), html`
      ${lastVote ? html`<p class="ks-last-vote" id="last-vote"><strong>${lastVote.undone
          ? Words.t("Round {n} vote (undone):", { n: lastVote.round }) : Words.t("Round {n} vote:", { n: lastVote.round })
          }</strong> ${lastVote.text}</p>` : ""}
      ${v.events.length ? html`<ul class="ks-events" id="round-events">${list(v.events)
          }</ul>` : html`<p class="small">${Words.t("Nothing yet.")}</p>`}
      ${coming.length ? html`<p class="small" id="coming">${Companion.th("{next} {what}.", {
          next: html`<strong>${Words.t("Next round:")}</strong>`, what: and(coming) })}</p>` : ""}
      ${v.last_events.length
          ? html`<details id="last-events-box"><summary>${Words.t("The round before")}</summary>${
          html`<ul class="ks-events" id="last-events">${list(v.last_events)}</ul>`}</details>` : ""}`);
  }

  function draw() {
    drawStatus();
    drawTable();
    drawPiles();
    drawEvents();
  }

  return { draw };
})();
