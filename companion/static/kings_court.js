// King's Court's page (KingsCourt): one view at a time above the action bar: the hand (scored
// on the Score it sheet, or followed card by card), the score sheet, and the arbiter ("may I
// play this card?"); the totals above, the action bar's prompt and buttons, Undo, and a photo's
// cards sent to the view that takes them. The engine does every sum; each part keeps what is
// being entered in its draft, so a redraw never loses a picked card, and the toolbar's Undo
// takes back the draft's last step before any stored entry. Loaded last, after its parts:
// kings_court_common.js, kings_court_play.js, kings_court_follow.js, kings_court_ask.js,
// kings_court_facts.js, kings_court_score.js and kings_court_sheet.js.
"use strict";

const KingsCourt = (() => {
  const { $, html } = Companion;
  const C = KingsCourtCommon;
  const Follow = KingsCourtFollow;
  const Ask = KingsCourtAsk;
  const S = KingsCourtScore;
  const Sheet = KingsCourtSheet;
  const { game, view, nameOf, kind, say } = C;

  let shown = "hand";   // the view: "hand", "sheet" or "ask"

  // Undo takes back the draft of the view shown: in "May I play?", the question's last step.
  function undo() {
    if (shown === "ask") { const said = Ask.undo(); redraw(); return said; }
    const said = C.undo();
    if (said === null) return Words.t("Nothing entered on this phone to take back.");
    redraw();
    S.schedulePreview();
    return Words.t("Took back {what}.", { what: said });
  }

  const scoring = () => S.scoring(shown);

  // The whole draft (the table's parts and the question), for Redo inside a turn and for the
  // tab to keep across a reload; it is held while either has a step.
  const snapshot = () => ({ parts: C.snapshot(), ask: Ask.snapshot() });
  function restore(saved) {
    Ask.restore(saved.ask);
    C.restore(saved.parts);
    S.schedulePreview();
    return Words.t("Put back the step taken back.");
  }
  const held = () => C.steps + Ask.steps > 0;

  function statusHtml() {
    const g = game();
    const v = view();
    const totals = v.sides.map((s, i) => html`${i ? " " : ""}<span class="${s.lowest ? "kc-low" : ""}">${s.name} <strong data-total="${s.side}">${s.total}</strong></span>`);
    const head = g.result ? html`<p class="winner" id="winner">${g.result.reason}</p>`
      : html`<span class="kc-turn" id="turn">${Words.t("Hand {number} \u00b7 {player} deals \u00b7 to {limit}", { number: v.hand_number, player: nameOf(v.dealer), limit: v.limit })}</span>`;
    const marked = Words.t("Totals, the lowest marked");
    // While a hand is followed card by card its line of hands names every player, and the
    // totals (which no card of the hand changes) wait on the Sheet: the turn keeps the room.
    if (v.stage === "playing" && !g.result) return head;
    return html`${head}<p class="kc-totals" tabindex="0" aria-label="${marked}">${totals}</p>`;
  }

  function tabsHtml() {
    const v = view();
    const tabs = [["hand", game().result ? Words.t("Result") : Words.t("Hand {number}", { number: S.draft.mode === "correct" ? S.draft.number : v.hand_number })], ["sheet", Words.t("Sheet")]];
    if (!game().result) tabs.push(["ask", Words.t("May I play?")]);
    return html`${tabs.map(([key, label]) => html`<button type="button" role="tab" class="kc-tab${shown === key ? " selected" : ""}" aria-selected="${String(shown === key)}"
      aria-controls="panel" data-view="${key}" id="view-${key}">${label}</button>`)}`;
  }

  function handHtml() {
    const v = view();
    const draft = S.draft;
    const score = () => html`${S.scoreHtml()}<div id="preview" aria-live="polite"></div>`;
    if (game().result) return html`<p>${Words.t("The game is over. The sheet holds every hand; Undo takes back the last entry.")}</p>`;
    if (draft.mode === "correct") return score();
    if (v.stage === "playing") return html`<div id="follow">${Follow.followHtml()}</div>`;
    if (v.stage === "between-hands") {
      // Once the first fact is stated the choice is made: its row gives the room to the hand.
      if (draft.follow ? Follow.dealing() : S.ready()) return draft.follow ? Follow.dealHtml() : score();
      const how = Words.t("How this hand is entered");
      const modes = html`<div class="kc-answers kc-modes" role="tablist" aria-label="${how}">
        <button type="button" role="tab" class="secondary${draft.follow ? "" : " selected"}" aria-selected="${String(!draft.follow)}" data-follow="0">${Words.t("Score it")}</button>
        <button type="button" role="tab" class="secondary${draft.follow ? " selected" : ""}" aria-selected="${String(draft.follow)}" data-follow="1">${Words.t("Card by card")}</button></div>`;
      return html`${modes}${draft.follow ? Follow.dealHtml() : score()}`;
    }
    return score();  // the followed hand ended: score it
  }

  function panelHtml() {
    if (shown === "sheet") return Sheet.sheetHtml();
    if (shown === "ask") return html`<div id="ask-panel">${Ask.askHtml()}</div>`;
    return handHtml();
  }

  // The toolbar: the prompt names who acts, and the buttons are this moment's.
  function toolbar() {
    const v = view();
    const g = game();
    const h = v.hand;
    const record = $("#record"), play = $("#ev-play"), other = $("#ev-other"), deal = $("#deal"), ask = $("#ask-go");
    record.hidden = play.hidden = other.hidden = deal.hidden = ask.hidden = true;
    let text;
    if (g.result) text = Words.t("Game over: {reason}", { reason: g.result.reason });
    else if (shown === "ask") {
      text = Companion.seatName() ? Words.t("{player} asks: may I play this? Top card first.", { player: Companion.seatName() })
        : Words.t("Ask: may I play this? Top card first.");
      ask.hidden = false;
    } else if (shown === "sheet") text = Words.t("Hand {number}, {player}'s deal: the sheet.", { number: v.hand_number, player: nameOf(v.dealer) });
    else if (S.draft.mode !== "correct" && v.stage === "playing" && h && !h.over) {
      const who = nameOf(h.to_play);
      const [type, label] = Follow.otherAction();
      text = h.pending || h.dungeon[h.to_play] || h.penalty.includes(h.to_play) ? Words.t("{player}'s turn: answer or take the draw.", { player: who })
        : h.phase === "drawn" ? Words.t("{player} has drawn: play or pass.", { player: who })
        : h.phase === "first" ? (type === "pass" ? Words.t("{player} (dealer): add a card or pass.", { player: who })
          : type === "draw" ? Words.t("{player} (dealer): add a card or draw.", { player: who })
            : Words.t("{player} (dealer): add a card or tap {action}.", { player: who, action: label }))
        : Words.t("{player}'s turn: play or draw.", { player: who });
      play.hidden = false;
      other.hidden = false;
      other.textContent = label;
      other.dataset.type = type;
    } else if (S.draft.mode !== "correct" && v.stage === "between-hands" && S.draft.follow) {
      const why = Follow.dealMissing();
      text = why ? Words.t("Hand {number}: {player} deals. {why}", { number: v.hand_number, player: nameOf(v.dealer), why })
        : Words.t("Hand {number}: {player} deals; tap Deal.", { number: v.hand_number, player: nameOf(v.dealer) });
      deal.hidden = false;
    } else {
      text = S.prompt();
      record.hidden = false;
    }
    $("#prompt").textContent = text;
  }

  function reset() {
    S.reset();
    for (const part of Follow.drafts) part.blank();
    C.clear();
    redraw();
  }

  function redraw() {
    S.settle();
    if (game().result && shown === "ask") shown = "hand";
    C.paint($("#status"), statusHtml());
    C.paint($("#views"), tabsHtml());
    const panel = $("#panel");
    const painted = C.paint(panel, panelHtml());
    S.drawn(panel);
    if (painted) {
      Sheet.drawn();
      if (shown === "ask") Ask.askInputs();
      CardPicker.fit(panel);
    }
    S.drawPreview();
    toolbar();
  }

  function show(key) {
    shown = key;
    redraw();
  }

  function onTap(event) {
    const sheet = $("#preview-sheet");
    if (sheet && (event.target === sheet || (sheet.contains(event.target) && event.target.closest("[data-close]")))) { sheet.close(); return; }
    const button = event.target.closest("button");
    if (!button || !$("#board").contains(button)) return;
    if (button.dataset.preview !== undefined) { sheet.showModal(); return; }
    let changed;
    if (button.dataset.view) { shown = button.dataset.view; changed = true; say(null); }  // an answer belongs to its view
    else if (button.dataset.follow !== undefined) { S.draft.follow = button.dataset.follow === "1"; changed = true; }
    else if (shown === "sheet") changed = Sheet.onTap(button);
    else if (shown === "ask") changed = Ask.onTap(button);
    else if (!scoring()) changed = Follow.onTap(button);
    else changed = S.onTap(button);
    if (changed) redraw();
  }

  function onInput(event) {
    const target = event.target;
    if (shown === "hand" && scoring()) { if (S.onInput(target, event.type)) redraw(); return; }
    if (event.type !== "change") return;
    if (shown === "ask") Ask.onChange(target);
    else Follow.onChange(target);
  }

  function onToggle(event) {
    const box = event.target;
    if (box.id === "adjust") Sheet.toggled(box.open);
    else if (box.id === "ask-more") Ask.open(box.open);
  }

  // A photo's cards (Companion's Scan) fill: while a hand is scored, a hand (see
  // KingsCourtScore.scanned); while a hand is followed card by card, the turn of the seat to
  // play; otherwise the arbiter's question. Cards laid in a row count from the left.
  function scanned(cards) {
    const known = cards.filter((c) => kind(c.kind));
    const strangers = cards.filter((c) => !kind(c.kind)).map((c) => c.name);
    const left = strangers.length ? ` ${Words.t("Not in this game's cards, so left out: {cards}.", { cards: strangers.join(", ") })}` : "";
    const ids = known.slice().sort((a, b) => a.x - b.x).map((c) => c.kind);
    const filled = S.scanned(ids, shown);
    if (!ids.length) return Words.t("No card of this game's selection in the photo.") + left;
    if (filled !== null) return filled + left;
    const h = view().hand;
    if (shown !== "ask" && view().stage === "playing" && h && !h.over && !game().result) { show("hand"); return Follow.scanTurn(ids).then((note) => note + left); }
    return Ask.scanAsk(ids) + left;
  }

  function start(payload, poll) {
    Object.assign(C.page, { redraw, show, reset, shown: () => shown });
    C.drafts([S.part, ...Follow.drafts]);
    const board = $("#board");
    board.addEventListener("click", onTap);
    board.addEventListener("input", onInput);
    board.addEventListener("change", onInput);
    board.addEventListener("toggle", onToggle, true);
    $("#record").addEventListener("click", S.record);
    $("#deal").addEventListener("click", () => Follow.sendDeal());
    $("#ev-play").addEventListener("click", () => Follow.sendTurn("play"));
    $("#ev-other").addEventListener("click", (event) => Follow.sendTurn(event.target.dataset.type));
    $("#ask-go").addEventListener("click", () => Ask.ask());
    Companion.start(payload, {
      poll, reset, redraw, scanned, view: () => shown, show,
      draft: { steps: () => (shown === "ask" ? Math.max(1, Ask.steps) : C.steps), undo, keep: C.keep, snapshot, restore, held },
    });
  }

  return { start };
})();
