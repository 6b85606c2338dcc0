// King's Court's score sheet (KingsCourtSheet): a row a hand (or an adjustment), each side's
// points and running total, the lowest total marked; a row's details (each player's points line
// by line, what happened, its corrections) with "Correct this hand", which opens the hand on
// the Score it sheet; and "Adjust a total". Loaded after kings_court_score.js.
"use strict";

const KingsCourtSheet = (() => {
  const { $, html, signed } = Companion;
  const C = KingsCourtCommon;
  const S = KingsCourtScore;
  const { game, view, nameOf, say } = C;
  const ADJUST_MOST = 10000;

  let openRow = null;   // the sheet row whose details are open
  let adjusting = { who: null, open: false };

  const details = (r) => (r.kind === "hand" ? Words.t("Details of hand {number}", { number: r.number })
    : Words.t("Details of adjustment {number}", { number: r.number }));
  const corrected = (row) => Words.tn("Corrected {n} time; first entered as {points}.", "Corrected {n} times; first entered as {points}.", row.corrected,
    { points: row.versions[0].points.map((p, s) => `${nameOf(s)} ${signed(p)}`).join(", ") });

  function sheetHtml() {
    const v = view();
    const carried = v.sides.some((s) => s.carried);
    const row = openRow === null ? null : v.rows[openRow];
    return html`<div class="kc-sheet-wrap"><table class="kc-sheet" id="sheet">
      <thead><tr><th scope="col">${Words.t("Hand")}</th>${v.sides.map((s) => html`<th scope="col">${s.name}</th>`)}</tr></thead>
      <tbody>
        ${carried ? html`<tr><td>${Words.t("Carried")}</td>${v.sides.map((s) => html`<td>${s.carried}</td>`)}</tr>` : ""}
        ${v.rows.map((r, i) => html`<tr class="${r.corrected ? "corrected" : ""}${r.counted ? "" : " small"}">
          <td><button type="button" class="secondary row-edit" data-row="${i}" aria-label="${details(r)}">${r.kind === "hand" ? r.number : Words.t("Adj.")}</button></td>
          ${r.sides.map((s) => html`<td>${signed(s.points)}${s.halved ? " \u00bd" : ""}<div class="small">${s.after ?? ""}</div></td>`)}</tr>`)}
        <tr class="total"><td>${Words.t("Total")}</td>${v.sides.map((s) => html`<td class="${s.lowest ? "lowest" : ""}" data-total="${s.side}">${s.total}</td>`)}</tr>
      </tbody></table></div>
      ${row ? html`<div class="kc-answer" id="row-detail">
        <h3>${row.kind === "hand" ? Words.t("Hand {number}: {text}", { number: row.number, text: row.text }) : row.text}</h3>
        ${row.kind === "hand" ? C.breakdownHtml(row) : ""}
        ${row.events.map((e) => html`<p><strong>${e.text}</strong></p>`)}
        ${row.corrected ? html`<p class="small">${corrected(row)}</p>` : ""}
        <div class="kc-answers">${row.kind === "hand" && !game().result ? html`<button type="button" class="secondary" id="correct-row">${Words.t("Correct this hand")}</button>` : ""}
          <button type="button" class="secondary" id="close-row">${Words.t("Close")}</button></div></div>` : ""}
      ${game().result ? "" : html`<details id="adjust" ${adjusting.open ? "open" : ""}><summary>${Words.t("Adjust a total")}</summary>
        <fieldset><legend>${Words.t("Whose total")}</legend>${C.nameButtons(adjustTargets(), "adjust-who", adjusting.who)}</fieldset>
        <div id="adjust-points-box"></div>
        <label>${Words.t("Why")}<input id="adjust-reason" maxlength="200" autocomplete="off"></label>
        <button type="button" class="secondary" id="adjust-go">${Words.t("Add the adjustment")}</button>
      </details>`}`;
  }

  const adjustTargets = () => (view().partnerships
    ? view().sides.map((s) => [`p${s.side}`, s.name]) : view().players.map((p) => [`s${p.seat}`, p.name]));

  // Once the sheet is drawn again: the adjustment's stepper, drawn afresh.
  function drawn() {
    const box = $("#adjust-points-box");
    if (box) Companion.put(box, Companion.stepper({ name: "adjust-points", id: "adjust-points", label: Words.t("Points (\u2212 takes off)"), value: "", min: -ADJUST_MOST, max: ADJUST_MOST }));
  }

  // A tap on the sheet: true when the view changes.
  function onTap(button) {
    const data = button.dataset;
    if (data.row !== undefined) openRow = Number(data.row);
    else if (button.id === "close-row") openRow = null;
    else if (button.id === "correct-row") {
      S.correct(view().rows[openRow]);
      openRow = null;
      C.page.show("hand");
    } else if (data.adjustWho !== undefined) adjusting.who = data.adjustWho;
    else if (button.id === "adjust-go") { adjust(); return false; }
    else return false;
    return true;
  }

  async function adjust() {
    const value = $("#adjust-points").value.trim();
    const reason = $("#adjust-reason").value.trim();
    const amount = Number(value);
    if (adjusting.who === null) { say(Words.t("Tap whose total to adjust first."), "error"); return; }
    if (!value || !Number.isInteger(amount) || amount === 0) { say(Words.t("Set the points with \u2212 and + (negative takes points off)."), "error"); return; }
    if (!reason) { say(Words.t("Type why the total changes (the sheet shows it)."), "error"); return; }
    const m = { type: "adjust", points: amount, reason };
    if (adjusting.who[0] === "p") m.partnership = Number(adjusting.who.slice(1)); else m.seat = Number(adjusting.who.slice(1));
    if (await Companion.send(`/api/games/${game().id}/moves`, { move: m })) {
      adjusting = { who: null, open: false };
      $("#adjust-reason").value = "";
      $("#adjust-points").value = "";
      C.page.redraw();
    }
  }

  return { sheetHtml, drawn, onTap, toggled: (open) => { adjusting.open = open; } };
})();
