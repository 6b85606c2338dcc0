// Kingseat's game page, the vote (KingseatVote): each round's votes tapped in voter by voter
// (or read from a photo, the seats asked when the photo cannot say them) and checked, the
// winner and tie-break shown before the vote is stored. Loaded after kingseat.js, whose draft it
// fills in.
"use strict";

const KingseatVote = (() => {
  const K = Kingseat;
  const C = KingseatCards;
  const { html } = Companion;
  const { and, chip, princeChip } = C;
  const { $, view, nameOf, changed, step, crowned, stripWidth, keyOf, aroundFrom, ranked } = K;
  let scan = null;      // a photo of the vote: {cards: [kind], seats: [player|null], confirmed}

  // ------------------------------------------------------------------ the vote

  function voteOrder() {
    const v = view();
    const start = v.vote.open && v.vote.first !== null ? v.players[v.vote.first].place : v.kingseat;
    return aroundFrom(start).map(({ player }) => player).filter((p) => v.vote.voters.includes(p));
  }

  function forcedOf(p) {
    return view().vote.forced.find((f) => f.player === p) || null;
  }

  // The voter being entered: the one the draft points at, else the first without a vote
  // (null once every vote is in).
  function voterNow() {
    if (K.draft.cursor !== undefined) return K.draft.cursor;
    const left = voteOrder().find((p) => !K.draft.votes[p]);
    return left === undefined ? null : left;
  }

  // Whether this card breaks the voter's Woolfhall or Crassclamps order (`binding`: one that
  // binds, a card of that prince being still maybe in a Hand), and the votes that do: such a
  // player may declare holding no card of it.
  function breaks(p, kind, binding = false) {
    const forced = forcedOf(p);
    return Boolean(forced && kind && C.princeOf(kind) !== forced.prince && (forced.binds || !binding));
  }
  const breaking = () => view().vote.voters.filter((p) => breaks(p, K.draft.votes[p]));

  function voteMove() {
    const v = view();
    const votes = v.players.map((p) => (v.vote.voters.includes(p.player) ? (K.draft.votes[p.player] || null) : null));
    const held = breaking().filter((p) => K.draft.none[p]);
    const move = { type: "vote", votes };
    if (held.length) move.none_held = held;
    return move;
  }

  function voteMissing() {
    const left = voteOrder().filter((p) => !K.draft.votes[p]);
    if (!left.length) return "";
    const now = voterNow();
    const who = now !== null && !K.draft.votes[now] ? now : left[0];
    return Words.t("{player}'s vote: tap their card ({n} of {count})", { player: nameOf(who),
      n: view().vote.voters.length - left.length, count: view().vote.voters.length });
  }

  // The cards a vote may be: a row a prince (its regular card, then Dark 1 and Dark 2).
  function cardGrid(kinds, chosen, label, attribute = "data-vote-kind") {
    const princes = view().princes.filter((prince) => C.kindsOf(prince).some((k) => kinds.includes(k)));
    const two = princes.length > 6;  // two princes a row, so that seven to twelve fit the screen
    const cells = (prince) => C.kindsOf(prince).map((kind, dark) => {
      if (!kinds.includes(kind)) return html`<span class="ks-none" aria-hidden="true"></span>`;
      const name = C.cardName(kind);
      return html`<button type="button" class="ks-cell ks-c${dark ? " dark" : ""}${chosen === kind
          ? " selected" : ""}" style="${C.paint(prince, dark)}"
        ${attribute}="${kind}" aria-label="${name}" ${chosen === kind ? html`aria-pressed="true"` : ""}>${dark
            ? (two ? Words.t("D{n}", { n: dark }) : Words.t("Dark {n}", { n: dark })) : C.princeName(prince)}</button>`;
    });
    return html`<div class="ks-grid${two ? " two" : ""}" role="group" aria-label="${label}">${
        princes.map((prince) => html`<div class="ks-row">${cells(prince)}</div>`)}</div>`;
  }

  function drawVote() {
    const v = view();
    const vote = v.vote;
    const now = voterNow();
    const strip = voteOrder().map((p) => {
      const kind = K.draft.votes[p];
      const style = kind ? html` style="${C.paint(C.princeOf(kind), C.KIND[kind].dark)}"` : "";
      return html`<button type="button" class="ks-voter${kind ? ` ks-c${C.KIND[kind].dark ? " dark" : ""}`
          : " secondary"}${p === now ? " now" : ""}"${style} data-voter="${p}"
        ${p === now ? html`aria-current="step"` : ""} aria-label="${Words.t("{player}: {card}", { player: nameOf(p),
            card: kind ? C.cardName(kind) : Words.t("no vote yet") })}">
        <span class="ks-voter-name">${crowned(p)}</span><span class="ks-voter-card">${kind
            ? C.cardName(kind) : "\u2014"}</span></button>`;
    });
    // who does not vote, said once for all of them (ten players fit the screen)
    const out = (sits) => v.players.filter((p) => !vote.voters.includes(p.player) && p.sits_out === sits)
      .map((p) => p.name);
    const away = out(true);
    const empty = out(false);
    const said = [];
    if (away.length) {
      said.push(Words.tn("{players} sits out (Smugwing)", "{players} sit out (Smugwing)", away.length,
          { players: and(away) }));
    }
    if (empty.length) {
      said.push(Words.tn("{players} has no cards", "{players} have no cards", empty.length, { players: and(empty) }));
    }
    const notes = [];
    if (vote.open) {
      notes.push(Words.t("Open vote: the cards are laid one at a time, from {player} clockwise.",
          { player: nameOf(vote.first !== null ? vote.first : v.king) }));
    }
    if (vote.no_actions) notes.push(Words.t("Crassclamps' dark 1: nobody may use a card's action this round."));
    if (said.length === 2) notes.push(Words.t("{first}; {second}.", { first: said[0], second: said[1] }));
    else if (said.length) notes.push(Words.t("{what}.", { what: said[0] }));
    let body;
    if (scanQuestion()) {
      body = scanQuestionHtml();
    } else if (now !== null) {
      const forced = forcedOf(now);
      // a card that breaks the order: the answer says why, and here is the way to keep it
      const held = forced && breaks(now, K.draft.votes[now], true) ? html`<button type="button" id="none-held-now"
          class="${K.draft.none[now] ? "selected" : "secondary"}" data-none-held="${now}"
          aria-pressed="${String(Boolean(K.draft.none[now]))}">${Words.t("Holds no {prince} card",
            { prince: C.princeName(forced.prince) })}</button>` : "";
      body = html`<h2 class="ks-asking" id="voter-now">${Companion.th("{player}’s card", { player: crowned(now) })}</h2>
        ${forced ? html`<p class="ks-forced small">${held || Words.t("Must vote {prince} ({by}), unless {player} holds none.",
            { prince: C.princeName(forced.prince), by: C.princeName(forced.by), player: nameOf(now) })}</p>` : ""}
        ${cardGrid(vote.cards, K.draft.votes[now], Words.t("{player}'s card", { player: nameOf(now) }))}`;
    } else {
      body = html`${noneHeld()}<div id="vote-preview" class="ks-preview" aria-live="polite">${votePreview()}</div>`;
    }
    Companion.put($("#vote-panel"), html`
      <div class="ks-strip${stripWidth(vote.voters.length)
          }" role="group" aria-label="${Words.t("The votes, from the Kingseat clockwise")}">${strip}</div>
      ${notes.map((n) => html`<p class="small ks-note">${n}</p>`)}
      ${body}`);
  }

  // ------------------------------------------------------------------ a photo of the vote

  // The voters in the order their cards lie in the photo: from the Kingseat clockwise.
  function scanOrder() {
    const v = view();
    return aroundFrom(v.kingseat).map(({ player }) => player).filter((p) => v.vote.voters.includes(p));
  }

  // Princes tied for the most cards in the vote as entered ([] without a tie).
  function tiedPrinces() {
    const counts = {};
    for (const p of view().vote.voters) {
      if (K.draft.votes[p]) counts[C.princeOf(K.draft.votes[p])] = (counts[C.princeOf(K.draft.votes[p])] || 0) + 1;
    }
    const most = Math.max(0, ...Object.values(counts));
    const tied = Object.keys(counts).filter((prince) => counts[prince] === most);
    return tied.length > 1 ? tied : [];
  }

  // Why the players must say who played the scanned cards ("" when the photo says it all):
  // the count of cards is not the count of voters, or a tie that the seats decide.
  function scanQuestion() {
    if (!scan || scan.confirmed || view().phase !== "vote") return "";
    const voters = view().vote.voters.length;
    if (scan.cards.length !== voters) {
      const shows = Words.tn("The photo shows {n} card", "The photo shows {n} cards", scan.cards.length);
      const those = Words.tn("{n} voter", "{n} voters", voters);
      return scan.cards.length > voters
        ? Words.t("{shows} for {voters}: tap who played each card (a card left with nobody is not counted).",
          { shows, voters: those })
        : Words.t("{shows} for {voters}: tap who played each card, then tap the missing vote in.",
          { shows, voters: those });
    }
    const tied = tiedPrinces();
    if (tied.length) {
      return Words.t("{princes} tie, so the seat of each tied card decides the round"
        + " (the nearest to the Kingseat wins): check who played them.", { princes: and(tied.map(C.princeName)) });
    }
    return "";
  }

  function scanQuestionHtml() {
    const why = scanQuestion();
    const v = view();
    const voters = scanOrder();
    const tied = scan.cards.length === v.vote.voters.length ? tiedPrinces() : null;
    const shown = scan.cards.map((kind, i) => i).filter((i) => !tied || tied.includes(C.princeOf(scan.cards[i])));
    return html`<div class="ks-field ks-scan" id="scan-question" role="group" aria-label="${
        Words.t("Who played the scanned cards")}">
      <h3>${Words.t("Who played which card?")}</h3>
      <p class="notice">${why}</p>
      ${shown.map((i) => html`<div class="ks-scan-card" data-scan-card="${i}">
        <p>${chip(scan.cards[i])} <span class="small">${Words.t("card {n} from the left", { n: i + 1 })}</span></p>
        <div class="ks-choose">${voters.map((p) => html`<button type="button" class="${scan.seats[i] === p
            ? "selected" : "secondary"}" data-scan-seat="${p}" data-scan-for="${i}">${crowned(p)}</button>`)}
          ${scan.cards.length > voters.length ? html`<button type="button" class="${scan.seats[i] === null
              ? "selected" : "secondary"}" data-scan-seat="" data-scan-for="${i}">${Words.t("Nobody")}</button>` : ""}</div>
      </div>`)}
      <button type="button" class="big" id="scan-confirm">${Words.t("The seats are right")}</button>
    </div>`;
  }

  // Companion's Scan: the photo's cards, laid in a row, fill the vote seat by seat.
  function scanned(cards) {
    const v = view();
    if (v.phase === "reveal") return K.scannedTell(cards);
    if (v.phase !== "vote") return Words.t("A photo fills a round's vote, or counts the Tell once every Hand is empty.");
    const known = cards.filter((c) => v.vote.cards.includes(c.kind));
    const strangers = cards.filter((c) => !v.vote.cards.includes(c.kind)).map((c) => c.name);
    const kinds = known.slice().sort((a, b) => a.x - b.x).map((c) => c.kind);
    const left = strangers.length ? Words.t("Not a card of this game's princes, so left out: {cards}.",
        { cards: strangers.join(", ") }) : "";
    const then = (text, more) => (more ? Words.t("{text} {more}", { text, more }) : text);
    if (!kinds.length) return then(Words.t("No vote in the photo."), left);
    const voters = scanOrder();
    scan = { cards: kinds, seats: kinds.map((_, i) => (i < voters.length ? voters[i] : null)), confirmed: false };
    C.forget();
    step(Words.t("Took back the votes read from the photo."), () => {
      K.draft.votes = {};
      K.draft.none = {};
      K.draft.cursor = undefined;
      kinds.forEach((kind, i) => { if (scan.seats[i] !== null) K.draft.votes[scan.seats[i]] = kind; });
    });
    Companion.drafted();
    const filled = kinds.map((kind, i) => (scan.seats[i] === null ? null : Words.t("{player} {card}",
        { player: nameOf(scan.seats[i]), card: C.cardName(kind) }))).filter(Boolean);
    const why = scanQuestion();
    return then(then(Words.t("By position from the Kingseat: {votes}.", { votes: and(filled) }), why), left);
  }

  // A tap in the question: this card was played by that player (the card they had moves to
  // this card's old seat).
  function scanSeat(i, player) {
    const from = scan.seats[i];
    const other = player === null ? -1 : scan.seats.indexOf(player);
    if (other >= 0 && other !== i) {
      scan.seats[other] = from;
      if (from !== null) K.draft.votes[from] = scan.cards[other];
    } else if (from !== null && from !== player) {
      delete K.draft.votes[from];
    }
    scan.seats[i] = player;
    if (player !== null) K.draft.votes[player] = scan.cards[i];
    changed();
  }

  // Players who broke an order to vote a prince: a tap says they held none of it.
  function noneHeld() {
    const broke = breaking();
    const princes = [...new Set(broke.map((p) => C.princeName(forcedOf(p).prince)))];
    return broke.length ? html`<div class="ks-field" data-field="none-held"><h3>${Words.t("Who held no {princes} card?"
        + " Tap each.", { princes: and(princes) })}</h3>
      <div class="ks-choose">${broke.map((p) => html`<button type="button" class="${K.draft.none[p]
          ? "selected" : "secondary"}" data-none-held="${p}" aria-pressed="${String(Boolean(K.draft.none[p]))}">${
          crowned(p)}</button>`)}</div></div>` : "";
  }

  function votePreview() {
    if (!K.checked || K.checked.key !== keyOf()) return html`<p class="small">${Words.t("Checking the vote…")}</p>`;
    if (K.checked.status !== 200) {
      return html`<p class="small">${Words.t("The rules refuse this vote: see the message below."
        + " Tap a name above to change that vote.")}</p>`;
    }
    const after = K.checked.data.view.last_vote;
    const tally = ranked(after.tally).map(([prince, n]) => html`<li class="${prince === after.winner
        ? "won" : ""}">${princeChip(prince)} <strong>${Words.number(n)}</strong>${prince === after.winner
        ? ` \u2190 ${Words.t("wins")}` : ""}</li>`);
    const acts = K.checked.data.view.action ? K.checked.data.view.action.order : [];
    return html`<ul class="ks-tally" id="tally">${tally}</ul>
      <p class="ks-result" id="vote-result">${after.text}</p>
      <p class="small">${Words.t("The {prince} cards go into the Tell. {then}", { prince: C.princeName(after.winner),
          then: acts.length === 1 ? Words.t("Then {player} acts.", { player: nameOf(acts[0]) }) : acts.length
          ? Words.t("Then {players} act, in that order.", { players: and(acts.map(nameOf)) })
          : Words.t("Nobody else acts: the round ends.") })}</p>`;
  }

  // A new turn, or Undo: the photo's question goes.
  function forget() {
    scan = null;
  }

  return {
    get scan() { return scan; }, forget, drawVote, votePreview, voteMove, voteMissing, voterNow, voteOrder, breaks,
    cardGrid, scanQuestion, scanned, scanSeat,
  };
})();
