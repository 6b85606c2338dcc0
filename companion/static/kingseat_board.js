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

  const placeName = (offset) => (offset === 0 ? "Kingseat" : `${offset} clockwise`);

  // What the vote begins with: a round taken back, the setup's passing, or the Give Cards.
  function giveLine(v) {
    if (v.vote.replay) {
      // two lines: with an open vote's note and twelve princes, eleven players' vote just fits
      return html`<p class="ks-give" id="revote">Brownbeards\u2019 dark 2 took the round back:
        cards back in Hand, no new Give Cards.</p>`;
    }
    const give = v.give_cards;
    const arrow = html`<span class="ks-arrow" aria-hidden="true">${give.direction === "left"
        ? "\u21bb" : "\u21ba"}</span>`;
    if (v.round === 1 && !v.last_vote) {
      const passes = html`<span>Setup: pass 2 cards right, then 2 left;</span>`;
      const aside = html`<span>set 1 face down as your Loyalty.</span>`;
      return html`<div class="ks-give ks-setup" id="setup-reminder"><p>${passes} ${aside}</p>
          <p class="ks-give" id="give-cards" data-direction="${give.direction}">${arrow
              }<span>Round 1: hand one card to the left.</span></p></div>`;
    }
    return html`<p class="ks-give" id="give-cards" data-direction="${give.direction}">${arrow}
        <span>Hand one card to the ${give.direction === "left" ? "left (clockwise)" : "right (anticlockwise)"
            }.</span></p>`;
  }

  function drawStatus() {
    const g = game();
    const v = view();
    const mine = KingseatLoyalty.mineButton();
    put($("#status"), html`
      ${g.result ? html`<p class="winner" id="winner">${g.result.reason}</p>` : ""}
      <p class="ks-line1${mine ? " with-mine" : ""}"><span><span id="round">Round ${v.round
          }</span> \u00b7 <span id="phase">${PHASES[v.phase]}${v.vote && v.vote.replay ? " (again)" : ""}</span></span>
        <span class="ks-king">\u265b King: <strong id="king">${nameOf(v.king)}</strong></span>${mine}</p>
      ${v.phase === "vote" ? giveLine(v) : ""}`);
  }

  function drawTable() {
    const v = view();
    const winner = v.phase === "action" && v.last_vote ? v.last_vote.winner : null;
    const acting = v.action ? v.action.player : null;
    put($("#seats"), html`${aroundFrom(v.kingseat).map(({ place, player, offset }) => {
      const p = v.players[player];
      const tags = [];
      if (p.sits_out) tags.push(html`<span class="ks-tag">sits out</span>`);
      if (p.forced && v.phase === "vote") tags.push(html`<span class="ks-tag">must vote ${
          C.princeName(p.forced.prince)}</span>`);
      if (p.order && v.phase !== "over") tags.push(html`<span class="ks-tag">ordered to ${p.order === "swap"
          ? "swap" : "use the action"}</span>`);
      if (!p.hand && v.phase === "vote") tags.push(html`<span class="ks-tag">no cards</span>`);
      if (p.played) {
        const won = C.princeOf(p.played) === winner;
        tags.push(html`${chip(p.played)} <span class="ks-tag${player === acting ? " now" : ""}">${won
            ? "won" : player === acting ? "acts now" : p.to_act ? "to act" : "acted"}</span>`);
      }
      if (p.loyalty) tags.push(html`<span class="small">Loyal to</span> ${princeChip(p.loyalty)}`);
      else if (p.loyalty_set) tags.push(html`<span class="ks-tag">Loyalty set aside</span>`);
      return html`<li class="ks-seat${p.king ? " king" : ""}${player === acting ? " acting" : ""}" data-player="${player
          }" data-place="${place}">
        <span class="ks-place">${placeName(offset)}</span>
        <span class="ks-who">${p.king ? html`<span class="ks-crown" aria-label="King">\u265b</span> ` : ""}<strong>${
            p.name}</strong>
          <span class="ks-hand"><strong data-hand="${player}">${p.hand}</strong> ${p.hand === 1
              ? "card" : "cards"}</span></span>
        ${tags.length ? html`<span class="ks-tags">${spaced(tags)}</span>` : ""}
      </li>`;
    })}`);
    put($("#warnings"), html`${v.warnings.map((w) => html`<p class="notice ks-warning">${w}</p>`)}`);
  }

  function drawPiles() {
    const v = view();
    const t = v.tell;
    const discard = Object.entries(v.discard);
    $("#piles-box summary").textContent = `The Tell (${t.size}) and the Discard (${v.discard_size})`;
    put($("#piles"), html`
      <div class="ks-pile" id="tell">
        <div class="ks-back" aria-hidden="true"><span>${t.size}</span></div>
        <div><h3>The Tell</h3>
          <p><strong id="tell-size">${t.size}</strong> ${t.size === 1 ? "card" : "cards"}${t.cards
              ? ", turned over" : ", face down: counted at the end. What went in is for the table to remember"}.</p>
          ${t.leftovers.length ? html`<p class="small" id="leftovers">Left over from the deal: ${
              and(t.leftovers.map(C.cardName))}.</p>` : ""}</div>
      </div>
      <div class="ks-pile" id="discard-pile">
        <div class="ks-back open" aria-hidden="true"><span>${v.discard_size}</span></div>
        <div><h3>The Discard</h3>
          <p><strong id="discard-size">${v.discard_size}</strong> ${v.discard_size === 1 ? "card" : "cards"}, face up${
              discard.length ? ":" : "."}</p>
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
      if (next.open_vote) coming.push(`an open vote${next.first !== null
          ? `, ${nameOf(next.first)} laying the first card` : ""}`);
      if (next.no_actions) coming.push("no card actions");
      for (const p of next.sit_out) coming.push(`${nameOf(p)} sits out`);
      for (const f of next.forced) coming.push(`${nameOf(f.player)} must vote ${C.princeName(f.prince)}`);
      for (const o of next.orders) coming.push(`${nameOf(o.player)} must then ${o.order === "swap"
          ? "swap places" : "use their card's action"}`);
      for (const p of next.new_king) coming.push(`${nameOf(p)} takes the Kingseat`);
    }
    const lastVote = v.last_vote && !(v.phase === "vote" && v.last_vote.round === v.round && !v.last_vote.undone)
        ? v.last_vote : null;
    put($("#events"), html`
      ${lastVote ? html`<p class="ks-last-vote" id="last-vote"><strong>Round ${lastVote.round} vote${lastVote.undone
          ? " (undone)" : ""}:</strong> ${lastVote.text}</p>` : ""}
      ${v.events.length ? html`<ul class="ks-events" id="round-events">${list(v.events)
          }</ul>` : html`<p class="small">Nothing yet.</p>`}
      ${coming.length ? html`<p class="small" id="coming"><strong>Next round:</strong> ${and(coming)}.</p>` : ""}
      ${v.last_events.length
          ? html`<details id="last-events-box"><summary>The round before</summary>${
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
