// King's Court's page: the score sheet, a hand scored with the card picker (or typed counts),
// corrections, adjustments, the arbiter ("may I play this card?") and a hand followed card by
// card. The engine does every sum; the page shows its breakdown before the hand is stored.
"use strict";

const KingsCourt = (() => {
  const { $, escape } = Companion;
  const game = () => Companion.game;
  const view = () => game().view;
  const seats = () => view().players.map((p) => p.seat);
  const nameOf = (seat) => view().players[seat].name;
  const kind = (id) => view().cards.find((card) => card.id === id);
  const cardName = (id) => (kind(id) ? kind(id).name : id);
  const signed = (n) => (n > 0 ? `+${n}` : String(n));
  const DRAW_CARDS = (id) => ["wizard", "dragon", "dungeon"].includes(id) || id.startsWith("drawbridge-");
  const PLAYED = ["dark-knight", "poison-garden", "castle-fire", "kings-goblet", "warlord"];

  let draft = null;     // the hand being entered (or corrected)
  let pickers = {};     // seat (or "drawn") -> CardPicker
  let previewTimer = null;
  let scanFor = null;   // the seat whose own Scan button was tapped: the next photo is their hand
  let lastHand = null;  // the seat whose hand was last picked or scanned

  // ------------------------------------------------------------------ the draft of a hand

  function fresh() {
    return { mode: "hand", number: null, out: null, nobody: false, typed: {}, points: {},
      cards: {}, last: "", next: null, draws: [], dungeon: [], played: [], cut: "", dealer: null };
  }

  function fromEntry(row) {
    const e = row.entry;
    const d = fresh();
    d.mode = "correct";
    d.number = row.number;
    d.dealer = row.dealer;  // the dealer of that hand, not of the next one
    d.out = e.out;
    d.nobody = e.out === null;
    e.cards.forEach((cards, seat) => { if (cards) d.cards[seat] = cards.slice(); });
    e.points.forEach((points, seat) => { if (points !== null) { d.typed[seat] = true; d.points[seat] = points; } });
    d.last = e.last || "";
    d.next = e.next;
    d.draws = (e.next_draws || []).slice();
    d.dungeon = Array.isArray(e.dungeon) ? e.dungeon.slice() : (e.dungeon === null || e.dungeon === undefined ? [] : [e.dungeon]);
    d.played = (e.played || []).map((p) => ({ ...p }));
    d.cut = e.cut || "";
    return d;
  }

  // The hand a table followed card by card: the engine already knows how it ended.
  function fromOutcome(outcome) {
    const d = fresh();
    d.out = outcome.out;
    d.nobody = outcome.out === null;
    d.fixed = true;
    return d;
  }

  const fire = () => draft.played.some((p) => p.card === "castle-fire");
  const nextSeat = () => (draft.next !== null ? draft.next : (draft.out + 1) % seats().length);

  // The hands not entered yet: no card picked (or scanned) and no count typed.
  function waiting() {
    if (!ready() || fire()) return [];
    const out = draft.nobody ? null : draft.out;
    return seats().filter((s) => s !== out && (draft.typed[s]
      ? draft.points[s] === "" || draft.points[s] === undefined : !(draft.cards[s] || []).length));
  }

  // With ``provisional``, hands not entered yet count 0, so the preview can score the hands
  // already in (a scanned hand shows its points before the next one is photographed).
  function move(provisional = false) {
    const m = { type: draft.mode };
    if (draft.mode === "correct") m.hand = draft.number;
    if (!draft.fixed) m.out = draft.nobody ? null : draft.out;
    if (!fire()) {
      const out = draft.nobody ? null : draft.out;
      const later = provisional ? waiting() : [];
      m.cards = seats().map((s) => (s === out || draft.typed[s] || later.includes(s) ? null : (draft.cards[s] || [])));
      if (seats().some((s) => s !== out && (draft.typed[s] || later.includes(s)))) {
        m.points = seats().map((s) => {
          if (later.includes(s)) return 0;
          if (s === out || !draft.typed[s]) return null;
          const value = draft.points[s];
          return value === "" || value === undefined ? null : Number(value);
        });
      }
    }
    if (!draft.fixed && draft.last) m.last = draft.last;
    if (!draft.fixed && draft.last && draft.next !== null) m.next = draft.next;
    if (draft.draws.length) m.next_draws = draft.draws.slice();
    if (!draft.fixed && draft.dungeon.length) m.dungeon = draft.dungeon.slice();
    if (!draft.fixed && draft.played.length) m.played = draft.played.map((p) => ({ ...p }));
    if (!draft.fixed && draft.cut) m.cut = draft.cut;
    return m;
  }

  const ready = () => draft.nobody || draft.out !== null;

  // ------------------------------------------------------------------ the score form

  function pickerKinds() {
    return view().cards.map((card) => ({
      ...card,
      short: card.group === "number" ? String(card.value) : card.name.replace(/ \(.*\)$/, ""),
    }));
  }

  // Copies still free for one picker: the game's copies less what the other pickers hold.
  function limitFor(owner) {
    return (id) => {
      let used = 0;
      for (const [key, picker] of Object.entries(pickers)) {
        if (key !== String(owner)) used += picker.cards.filter((c) => c === id).length;
      }
      return kind(id).copies - used;
    };
  }

  function drawScoreForm() {
    const v = view();
    const panel = $("#score-panel");
    panel.hidden = Boolean(game().result) && draft.mode !== "correct";
    if (panel.hidden) return;
    const playing = v.stage === "playing";
    if (playing && draft.mode === "hand") {
      $("#score-title").textContent = "Score the hand";
      $("#score-form").innerHTML = `<p>This hand is being followed card by card: score it when it ends, or stop following it above.</p>`;
      $("#preview").innerHTML = "";
      return;
    }
    $("#score-title").textContent = draft.mode === "correct" ? `Correct hand ${draft.number}` : `Score hand ${v.hand_number}`;
    const out = draft.nobody ? null : draft.out;
    const others = seats().filter((s) => s !== out);
    const playedKinds = v.cards.filter((c) => PLAYED.includes(c.id));
    const drawKinds = v.cards.filter((c) => DRAW_CARDS(c.id));
    const who = draft.fixed
      ? `<p><strong>${draft.nobody ? "Nobody went out" : `${escape(nameOf(draft.out))} went out`}</strong> (as the hand followed card by card ended).</p>`
      : `<h3>Who went out?</h3>
        <div class="kc-who">${seats().map((s) => `<button type="button" class="secondary${!draft.nobody && draft.out === s ? " selected" : ""}" data-out="${s}">${escape(nameOf(s))}</button>`).join("")}
          ${playedKinds.some((c) => ["poison-garden", "castle-fire"].includes(c.id)) ? `<button type="button" class="secondary${draft.nobody ? " selected" : ""}" data-out="nobody">Nobody (Risk card)</button>` : ""}</div>`;
    let html = who;
    if (ready() && !fire()) {
      html += `<p class="small" id="scan-hint">Or photograph a hand: its Scan button, or Scan below for the next hand still empty. The cards are scored at once.</p>`;
      html += others.map((s) => `
        <div class="kc-player" data-seat="${s}">
          <h3><span>${escape(nameOf(s))}</span><span class="kc-points" id="points-${s}"></span></h3>
          <div class="row">
            <button type="button" class="secondary grow${draft.typed[s] ? "" : " selected"}" data-mode="pick" data-seat="${s}">Pick cards</button>
            <button type="button" class="secondary grow${draft.typed[s] ? " selected" : ""}" data-mode="type" data-seat="${s}">Type a number</button>
            <button type="button" class="secondary" data-scan="${s}" aria-label="Scan ${escape(nameOf(s))}'s hand">Scan</button>
          </div>
          ${draft.typed[s]
            ? `<label>Points left in ${escape(nameOf(s))}'s hand<input type="number" inputmode="numeric" min="0" data-typed="${s}" value="${escape(draft.points[s] ?? "")}"></label>`
            : `<div class="kc-picker" data-picker="${s}"></div>`}
          ${!draft.nobody && s === nextSeat() && !draft.typed[s] && (draft.last && DRAW_CARDS(draft.last) || draft.draws.length)
            ? `<h3>Cards ${escape(nameOf(s))} drew for the ${escape(cardName(draft.last || ""))}</h3><div class="kc-picker" data-picker="drawn"></div>` : ""}
        </div>`).join("");
    }
    if (ready() && !draft.fixed) {
      const open = draft.last || draft.dungeon.length || draft.played.length || draft.cut;
      html += `<details id="extras" ${open ? "open" : ""}><summary>Last card, Dungeon, Risk cards, dealing cut</summary>
        ${draft.nobody ? "" : `<label>${escape(nameOf(draft.out))} went out with
          <select id="last"><option value="">a card that makes nobody draw</option>
          ${drawKinds.map((c) => `<option value="${c.id}" ${draft.last === c.id ? "selected" : ""}>${escape(c.name)}</option>`).join("")}</select></label>
          ${draft.last ? `<label>The next player<select id="next">${others.map((s) => `<option value="${s}" ${nextSeat() === s ? "selected" : ""}>${escape(nameOf(s))}</option>`).join("")}</select></label>` : ""}`}
        ${v.cards.some((c) => c.id === "dungeon") ? `<fieldset><legend>In the Dungeon when the hand ended</legend>
          ${others.map((s) => `<label class="radio"><input type="checkbox" data-dungeon="${s}" ${draft.dungeon.includes(s) ? "checked" : ""}> ${escape(nameOf(s))}</label>`).join("")}</fieldset>` : ""}
        ${playedKinds.length ? `<fieldset><legend>Risk and Warlord cards played</legend>
          <ul class="choices">${draft.played.map((p, i) => `<li><span class="grow">${escape(cardName(p.card))} by ${escape(nameOf(p.by))}${p.on !== undefined && p.on !== null ? ` on ${escape(nameOf(p.on))}` : ""}</span>
            <button type="button" class="secondary" data-unplay="${i}" aria-label="Remove">\u00d7</button></li>`).join("")}</ul>
          <div class="grid2">
            <label>Card<select id="play-card">${playedKinds.map((c) => `<option value="${c.id}">${escape(c.name)}</option>`).join("")}</select></label>
            <label>Played by<select id="play-by">${seats().map((s) => `<option value="${s}">${escape(nameOf(s))}</option>`).join("")}</select></label>
            <label>On (Dark Knight, Warlord)<select id="play-on"><option value="">nobody</option>${seats().map((s) => `<option value="${s}">${escape(nameOf(s))}</option>`).join("")}</select></label>
          </div>
          <button type="button" class="secondary" id="add-played">Add the card played</button></fieldset>` : ""}
        ${fire() ? "" : `<fieldset><legend>${escape(nameOf(draft.dealer ?? view().dealer ?? 0))}'s dealing cut (${v.dealing_bonus} points)</legend>
          ${[["", "Not tried"], ["made", "Made"], ["missed", "Missed"]].map(([value, label]) => `<label class="radio"><input type="radio" name="cut" value="${value}" ${draft.cut === value ? "checked" : ""}> ${label}</label>`).join("")}</fieldset>`}
      </details>`;
    }
    if (draft.mode === "correct") html += `<p><button type="button" class="secondary" id="cancel-correct">Stop correcting</button></p>`;
    $("#score-form").innerHTML = html;
    pickers = {};
    const kinds = pickerKinds();
    for (const root of $("#score-form").querySelectorAll("[data-picker]")) {
      const owner = root.dataset.picker;
      const picker = CardPicker.create(root, kinds, {
        label: owner === "drawn" ? "drawn cards" : "cards left",
        limit: limitFor(owner),
        onChange: (cards) => {
          if (owner === "drawn") draft.draws = cards; else { draft.cards[owner] = cards; lastHand = Number(owner); }
          for (const other of Object.values(pickers)) other.redraw();
          schedulePreview();
        },
      });
      pickers[owner] = picker;
    }
    for (const [owner, picker] of Object.entries(pickers)) {
      picker.set(owner === "drawn" ? draft.draws : (draft.cards[owner] || []));
    }
    if (!ready()) $("#preview").innerHTML = "";
    schedulePreview();
  }

  function onScoreClick(event) {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.out !== undefined) {
      if (button.dataset.out === "nobody") { draft.nobody = true; draft.out = null; draft.last = ""; draft.draws = []; }
      else { draft.nobody = false; draft.out = Number(button.dataset.out); delete draft.cards[draft.out]; }
      draft.next = null;
    } else if (button.dataset.scan !== undefined) {
      scanFor = Number(button.dataset.scan);  // as the toolbar's Scan; the photo fills this hand
      $("#scan").click();
      return;
    } else if (button.dataset.mode) {
      draft.typed[button.dataset.seat] = button.dataset.mode === "type";
    } else if (button.dataset.unplay !== undefined) {
      draft.played.splice(Number(button.dataset.unplay), 1);
    } else if (button.id === "add-played") {
      const entry = { card: $("#play-card").value, by: Number($("#play-by").value) };
      if ($("#play-on").value !== "") entry.on = Number($("#play-on").value);
      draft.played.push(entry);
      if (["poison-garden", "castle-fire"].includes(entry.card)) { draft.nobody = true; draft.out = null; draft.last = ""; draft.draws = []; }
    } else if (button.id === "cancel-correct") {
      reset();
      return;
    } else {
      return;
    }
    drawScoreForm();
  }

  function onScoreInput(event) {
    const target = event.target;
    if (target.dataset.typed !== undefined) {
      draft.points[target.dataset.typed] = target.value;
      schedulePreview();
      return;
    }
    if (event.type !== "change") return;
    if (target.id === "last") { draft.last = target.value; draft.next = null; if (!target.value) draft.draws = []; }
    else if (target.id === "next") draft.next = Number(target.value);
    else if (target.dataset.dungeon !== undefined) {
      const seat = Number(target.dataset.dungeon);
      draft.dungeon = target.checked ? [...draft.dungeon, seat].sort() : draft.dungeon.filter((s) => s !== seat);
    } else if (target.name === "cut") draft.cut = target.value;
    else return;
    drawScoreForm();
  }

  // ------------------------------------------------------------------ a scanned photo

  // The hands that can be entered now (the score form shows their pickers), in seat order
  // from the player who went out, going to the left.
  function openHands() {
    if (!draft || !ready() || fire() || $("#score-panel").hidden) return [];
    if (view().stage === "playing" && draft.mode === "hand") return [];
    const n = seats().length;
    const start = draft.nobody ? 0 : draft.out + 1;
    return seats().map((_, i) => (start + i) % n).filter((s) => draft.nobody || s !== draft.out);
  }

  // A photo's cards (Companion's Scan). What they fill depends on what the page is doing:
  // while a hand is scored (who went out is tapped), a hand: the one whose own Scan button was
  // tapped, else the next one still empty going left from who went out, else the one last
  // entered; while a hand is followed card by card, the turn of the seat to play; otherwise
  // the arbiter's "may I play this card?". Cards laid in a row count from the left.
  function scanned(cards) {
    const known = cards.filter((c) => kind(c.kind));
    const strangers = cards.filter((c) => !kind(c.kind)).map((c) => c.name);
    const left = strangers.length ? ` Not in this game's cards, so left out: ${strangers.join(", ")}.` : "";
    const ids = known.slice().sort((a, b) => a.x - b.x).map((c) => c.kind);
    const asked = scanFor;
    scanFor = null;
    if (!ids.length) return `No card of this game's selection in the photo.${left}`;
    const hands = openHands();
    const empty = () => hands.find((s) => !draft.typed[s] && !(draft.cards[s] || []).length);
    let seat = hands.includes(asked) ? asked : empty();
    if (seat === undefined) seat = hands.includes(lastHand) ? lastHand : hands[0];
    if (seat === undefined) {
      if (window.KingsCourtTable.following()) return window.KingsCourtTable.scanTurn(ids) + left;
      const scoring = !game().result && view().stage !== "playing";
      return window.KingsCourtTable.scanAsk(ids) + left
        + (scoring ? " To score a hand instead, tap who went out first, then scan each hand." : "");
    }
    draft.typed[seat] = false;
    draft.cards[seat] = ids;
    lastHand = seat;
    drawScoreForm();
    const block = $(`.kc-player[data-seat="${seat}"]`);
    if (block) block.scrollIntoView({ block: "start" });
    const next = empty();
    return `${nameOf(seat)}'s hand: ${ids.length} card${ids.length === 1 ? "" : "s"}, scored below.`
      + (next !== undefined ? ` Scan again for ${nameOf(next)}'s hand.` : "") + left;
  }

  // ------------------------------------------------------------------ the preview

  function schedulePreview() {
    clearTimeout(previewTimer);
    previewTimer = setTimeout(preview, 150);
    prompt();
  }

  async function preview() {
    const box = $("#preview");
    if (!draft || !ready() || $("#score-panel").hidden) { box.innerHTML = ""; return; }
    const sent = JSON.stringify(draft);
    const later = waiting();
    const { status, data } = await Companion.request("POST", `/api/games/${game().id}/check`, { move: move(later.length > 0) });
    if (JSON.stringify(draft) !== sent) return;  // the player changed the hand meanwhile
    if (status !== 200) {
      const error = (data && data.error) || { message: `The companion answered ${status}.` };
      box.innerHTML = `<p class="kc-answer refused" id="preview-error">${escape(error.message)}
        ${error.url ? `<a href="${escape(error.url)}" target="_blank">Rule</a>` : ""}</p>`;
      for (const s of seats()) { const cell = $(`#points-${s}`); if (cell) cell.textContent = ""; }
      return;
    }
    const rows = data.view.rows;
    const row = draft.mode === "correct" ? rows.find((r) => r.kind === "hand" && r.number === draft.number) : rows[rows.length - 1];
    for (const player of row.players) {
      const cell = $(`#points-${player.seat}`);
      if (cell) cell.textContent = later.includes(player.seat) ? "" : `${player.points} points`;
    }
    if (later.length) {
      box.innerHTML = `<p class="small" id="preview-waiting">Still to enter: ${escape(later.map((s) => `${nameOf(s)}'s hand`).join(", "))}.</p>`;
      return;
    }
    box.innerHTML = `<div class="kc-answer" id="preview-ok"><h3>${escape(row.text)}</h3>${breakdownHtml(row)}
      ${row.events.map((e) => `<p><strong>${escape(e.text)}</strong></p>`).join("")}</div>`;
  }

  function breakdownHtml(row) {
    return row.players.map((p) => `<div><strong>${escape(p.name)}: ${signed(p.points)}</strong>
      <ul class="kc-breakdown">${p.lines.map((line) => `<li>${escape(line.why)}: ${signed(line.points)}</li>`).join("")}</ul></div>`).join("");
  }

  async function record() {
    if (!ready()) return;
    if (await Companion.send(`/api/games/${game().id}/moves`, { move: move() })) reset();
  }

  // ------------------------------------------------------------------ the sheet

  function drawStatus() {
    const g = game();
    const v = view();
    const low = v.sides.filter((s) => s.lowest).map((s) => s.name).join(" and ");
    $("#status").innerHTML = `
      ${g.result ? `<p class="winner" id="winner">${escape(g.result.reason)}</p>` : ""}
      <div class="status">
        ${g.result ? "" : `<span class="turn" id="turn">Hand ${v.hand_number}: ${escape(nameOf(v.dealer))} deals</span>`}
        <span>Limit <strong>${v.limit}</strong></span>
        <span>Lowest: <strong id="lowest">${escape(low)}</strong></span>
        <span class="small">${escape(v.selection_title)}</span>
      </div>`;
  }

  function drawSheet() {
    const v = view();
    const carried = v.sides.some((s) => s.carried);
    $("#sheet").innerHTML = `
      <thead><tr><th scope="col">Hand</th>${v.sides.map((s) => `<th scope="col">${escape(s.name)}</th>`).join("")}</tr></thead>
      <tbody>
        ${carried ? `<tr><td>Carried</td>${v.sides.map((s) => `<td>${s.carried}</td>`).join("")}</tr>` : ""}
        ${v.rows.map((r, i) => `<tr class="${r.corrected ? "corrected" : ""}${r.counted ? "" : " small"}">
          <td><button type="button" class="secondary row-edit" data-row="${i}" aria-label="Details of ${r.kind === "hand" ? `hand ${r.number}` : `adjustment ${r.number}`}">${r.kind === "hand" ? r.number : "Adj."}</button></td>
          ${r.sides.map((s) => `<td>${signed(s.points)}${s.halved ? " \u00bd" : ""}<div class="small">${s.after ?? ""}</div></td>`).join("")}</tr>`).join("")}
        <tr class="total"><td>Total</td>${v.sides.map((s) => `<td class="${s.lowest ? "lowest" : ""}" data-total="${s.side}">${s.total}</td>`).join("")}</tr>
      </tbody>`;
  }

  let openRow = null;
  function drawRowDetail() {
    const box = $("#row-detail");
    const row = openRow === null ? null : view().rows[openRow];
    if (!row) { box.innerHTML = ""; return; }
    box.innerHTML = `<div class="kc-answer">
      <h3>${row.kind === "hand" ? `Hand ${row.number}: ${escape(row.text)}` : escape(row.text)}</h3>
      ${row.kind === "hand" ? breakdownHtml(row) : ""}
      ${row.events.map((e) => `<p><strong>${escape(e.text)}</strong></p>`).join("")}
      ${row.corrected ? `<p class="small">Corrected ${row.corrected} time${row.corrected > 1 ? "s" : ""}; first entered as ${row.versions[0].points.map((p, s) => `${escape(nameOf(s))} ${signed(p)}`).join(", ")}.</p>` : ""}
      <div class="row">${row.kind === "hand" ? `<button type="button" class="secondary grow" id="correct-row">Correct this hand</button>` : ""}
        <button type="button" class="secondary grow" id="close-row">Close</button></div></div>`;
  }

  function onSheetClick(event) {
    const button = event.target.closest("button");
    if (!button) return;
    if (button.dataset.row !== undefined) openRow = Number(button.dataset.row);
    else if (button.id === "close-row") openRow = null;
    else if (button.id === "correct-row") {
      draft = fromEntry(view().rows[openRow]);
      openRow = null;
      drawRowDetail();
      drawScoreForm();
      $("#score-panel").scrollIntoView({ behavior: "smooth" });
      return;
    } else return;
    drawRowDetail();
  }

  // ------------------------------------------------------------------ adjustments

  function drawAdjust() {
    const v = view();
    $("#adjust-card").hidden = Boolean(game().result);
    const select = $("#adjust-who");
    const options = v.partnerships
      ? v.sides.map((s) => `<option value="p${s.side}">${escape(s.name)}</option>`)
      : v.players.map((p) => `<option value="s${p.seat}">${escape(p.name)}</option>`);
    const chosen = select.value;
    select.innerHTML = options.join("");
    if (chosen) select.value = chosen;
  }

  async function adjust(event) {
    event.preventDefault();
    const who = $("#adjust-who").value;
    const m = { type: "adjust", points: Number($("#adjust-points").value), reason: $("#adjust-reason").value };
    if (who[0] === "p") m.partnership = Number(who.slice(1)); else m.seat = Number(who.slice(1));
    if (await Companion.send(`/api/games/${game().id}/moves`, { move: m })) $("#adjust-form").reset();
  }

  // ------------------------------------------------------------------ the page

  function prompt() {
    const v = view();
    const button = $("#record");
    let text = "";
    if (game().result && draft.mode !== "correct") text = "The game is over.";
    else if (v.stage === "playing" && draft.mode === "hand") text = "Following the hand card by card.";
    else if (!ready()) text = "Tap who went out.";
    else text = draft.mode === "correct" ? `Correcting hand ${draft.number}: record it when it is right.` : "Enter what is left in each hand, then record it.";
    $("#prompt").textContent = text;
    button.textContent = draft.mode === "correct" ? "Record the correction" : "Record the hand";
    button.disabled = !ready() || (Boolean(game().result) && draft.mode !== "correct") || (v.stage === "playing" && draft.mode === "hand");
  }

  function reset() {
    const v = view();
    draft = v.stage === "score" && v.outcome ? fromOutcome(v.outcome) : fresh();
    openRow = null;
    lastHand = null;
    scanFor = null;
    redraw();
  }

  function redraw() {
    if (!draft) draft = fresh();
    if (draft.mode === "hand" && view().stage === "score" && !draft.fixed) draft = fromOutcome(view().outcome);
    drawStatus();
    drawSheet();
    drawRowDetail();
    drawScoreForm();
    drawAdjust();
    if (window.KingsCourtTable) window.KingsCourtTable.redraw();
    prompt();
  }

  function start(payload, poll) {
    $("#score-form").addEventListener("click", onScoreClick);
    $("#score-form").addEventListener("input", onScoreInput);
    $("#score-form").addEventListener("change", onScoreInput);
    $("#sheet").addEventListener("click", onSheetClick);
    $("#row-detail").addEventListener("click", onSheetClick);
    $("#record").addEventListener("click", record);
    $("#adjust-form").addEventListener("submit", adjust);
    Companion.start(payload, { poll, reset, redraw, scanned });
  }

  return { start, nameOf, cardName, reset, redraw };
})();
