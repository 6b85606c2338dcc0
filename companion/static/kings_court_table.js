// King's Court at the table: the arbiter ("may I play this card now?") for tables that keep only
// the sheet, and a hand followed card by card. Both build a play the same way: pick the cards
// of the turn in order, then what each needs (a suit named, a direction, a Magician's role...).
"use strict";

window.KingsCourtTable = (() => {
  const { $, escape } = Companion;
  const game = () => Companion.game;
  const view = () => game().view;
  const WILD = ["wizard", "dragon", "king", "queen", "duke", "duchess"];
  const CHOICE = (id) => id === "wizard" || id.startsWith("queens-option-");
  const RISKY = ["dark-knight", "poison-garden", "castle-fire", "kings-goblet", "warlord"];
  const BATTLE = ["cannonball", "catapult", "flaming-arrow", "siege-tower", "imperial-tax"];

  const suits = () => {
    const seen = new Set(view().cards.flatMap((c) => c.suits));
    return ["gold", "green", "blue", "burgundy", "purple", "silver", "orange"].filter((s) => seen.has(s));
  };
  const cardName = (id) => KingsCourt.cardName(id);
  const options = (items, chosen) => items.map(([value, label]) =>
    `<option value="${escape(value)}" ${String(chosen) === String(value) ? "selected" : ""}>${escape(label)}</option>`).join("");
  const cardOptions = (filter, chosen) => options(view().cards.filter(filter).map((c) => [c.id, c.name]), chosen);

  // ------------------------------------------------------------------ one turn's cards

  // A play under construction: the picked cards and, per card, the fields the rules ask for.
  function playBuilder(root, { seatLabel, seats, player, onChange }) {
    let cards = [];
    let extra = [];
    const kinds = view().cards.map((c) => ({ ...c, short: c.short || c.name }));

    function fields(i) {
      const id = cards[i];
      const f = extra[i];
      const parts = [];
      if (WILD.includes(id) || id.startsWith("queens-option-")) {
        const allowed = id.startsWith("queens-option-") ? view().cards.find((c) => c.id === id).suits : suits();
        if (!f.suit || !allowed.includes(f.suit)) f.suit = allowed[0];
        parts.push(`<label>${escape(cardName(id))}: suit named<select data-field="suit" data-i="${i}">${options(allowed.map((s) => [s, s]), f.suit)}</select></label>`);
      }
      if (CHOICE(id)) {
        f.choice = f.choice || "same";
        parts.push(`<label>Direction<select data-field="choice" data-i="${i}">${options([["same", "keep the direction"], ["skip", "skip the next player"], ["reverse", "reverse"]], f.choice)}</select></label>`);
      }
      if (id === "magician") {
        const scrolls = view().cards.filter((c) => c.group === "scroll" && c.id !== "magician");
        if (!f.as) f.as = scrolls[0].id;
        parts.push(`<label>The Magician plays as<select data-field="as" data-i="${i}">${options(scrolls.map((c) => [c.id, c.name]), f.as)}</select></label>`);
      }
      if (id === "catapult" || id === "siege-tower") {
        if (f.target === undefined) f.target = seats()[0][0];
        parts.push(`<label>${escape(cardName(id))}: aimed at<select data-field="target" data-i="${i}">${options(seats(), f.target)}</select></label>`);
      }
      if (id === "flaming-arrow") {
        if (f.burn === undefined) f.burn = "discard";
        parts.push(`<label>The burnt card goes to<select data-field="burn" data-i="${i}">${options([["discard", "the discard pile"], ...seats()], f.burn)}</select></label>`);
      }
      if (BATTLE.includes(id) && view().cards.some((c) => c.id === "defender")) {
        const aimed = aimedAt(id, f);
        f.defended = (f.defended || []).filter((seat) => aimed.some(([s]) => s === seat));
        if (!f.defended.length) delete f.defended;
        if (aimed.length) {
          parts.push(`<fieldset><legend>${escape(cardName(id))}: answered with a Defender by</legend>
            ${aimed.map(([seat, name]) => `<label class="radio"><input type="checkbox" data-defended="${seat}" data-i="${i}" ${(f.defended || []).includes(seat) ? "checked" : ""}> ${escape(name)}</label>`).join("")}</fieldset>`);
        }
      }
      return parts.join("");
    }

    // The seats a Battle card is aimed at: they alone may answer it with a Defender.
    function aimedAt(id, f) {
      if (id === "catapult" || id === "siege-tower") return seats().filter(([seat]) => seat === f.target);
      if (id === "flaming-arrow") return seats().filter(([seat]) => seat === f.burn);
      return seats().filter(([seat]) => seat !== player());
    }

    function draw() {
      $(".kc-play-fields", root).innerHTML = cards.map((_, i) => fields(i)).join("");
    }

    root.innerHTML = `<p class="small">${escape(seatLabel)}: tap the cards in the order they are played.</p>
      <div class="kc-play-picker"></div><div class="kc-play-fields"></div>`;
    const picker = CardPicker.create($(".kc-play-picker", root), kinds, {
      label: "cards played",
      onChange: (picked) => {
        extra = picked.map((id, i) => (cards[i] === id ? extra[i] : {}));
        cards = picked;
        draw();
        onChange();
      },
    });
    root.addEventListener("change", (event) => {
      const data = event.target.dataset;
      const f = extra[Number(data.i)];
      if (data.defended !== undefined) {
        const seat = Number(data.defended);
        const rest = (f.defended || []).filter((s) => s !== seat);
        f.defended = event.target.checked ? [...rest, seat].sort((a, b) => a - b) : rest;
        if (!f.defended.length) delete f.defended;
        onChange();
        return;
      }
      if (!data.field) return;
      const value = event.target.value;
      f[data.field] = /^\d+$/.test(value) ? Number(value) : value;
      if (data.field === "target" || data.field === "burn") draw();  // who may answer changes
      onChange();
    });
    return {
      get play() { return cards.map((card, i) => ({ card, ...extra[i] })); },
      clear() { cards = []; extra = []; picker.set([]); draw(); },
      // Cards from a scan, in the order laid: their fields take their first choices.
      set(ids) { cards = ids.slice(); extra = ids.map(() => ({})); picker.set(ids); draw(); onChange(); },
    };
  }

  function answerHtml(answer) {
    return `<div class="kc-answer${answer.allowed ? "" : " refused"}" id="answer">
      <p><strong>${answer.allowed ? "Yes." : "No."}</strong> ${escape(answer.message)}
      <a href="${escape(game().urls.rules)}#${escape(answer.rule)}" target="_blank">Rule</a></p>
      ${answer.effects && answer.effects.length ? `<ul>${answer.effects.map((e) => `<li>${escape(e)}</li>`).join("")}</ul>` : ""}</div>`;
  }

  // ------------------------------------------------------------------ the arbiter

  let asking = null;
  function drawAsk() {
    if (asking) return;  // built once: its fields are the player's own question
    const root = $("#ask-form");
    root.innerHTML = `
      <div class="grid2">
        <label>Top of the discard pile<select id="ask-top">${cardOptions(() => true)}</select></label>
        <label>Suit in force<select id="ask-suit">${options(suits().map((s) => [s, s]))}</select></label>
        <label>Draw waiting for you<select id="ask-pending">${options([["", "none"], ...view().cards.filter((c) => c.family === "draw" || c.id.startsWith("drawbridge-")).map((c) => [c.id, c.name])])}</select></label>
        <label>Cards to draw<input id="ask-count" type="number" inputmode="numeric" min="1" value="2"></label>
        <label>Cards in your hand<input id="ask-hand" type="number" inputmode="numeric" min="1" placeholder="any"></label>
        <label class="radio"><input type="checkbox" id="ask-dungeon"> I am in the Dungeon</label>
      </div>
      <div id="ask-play"></div>
      <p class="small">Or lay the cards of your turn in a row, left to right in the order played, and tap Scan: the arbiter answers at once.</p>
      <button type="button" class="big" id="ask-go">May I play this?</button>
      <div id="ask-answer" aria-live="polite"></div>`;
    $("#ask-top").addEventListener("change", () => {
      const top = view().cards.find((c) => c.id === $("#ask-top").value);
      if (top && top.suits.length) $("#ask-suit").value = top.suits[0];
    });
    $("#ask-top").dispatchEvent(new Event("change"));
    const n = view().players.length;
    asking = playBuilder($("#ask-play"), {
      seatLabel: "Your turn",
      player: () => 0,
      seats: () => Array.from({ length: n - 1 }, (_, i) => [i + 1, i === 0 ? "the player to your left" : `${i + 1} seats to your left`]),
      onChange: () => { $("#ask-answer").innerHTML = ""; },
    });
    $("#ask-go").addEventListener("click", ask);
  }

  // A scanned play for the arbiter: the panel opens, the cards go in, and it is asked at once.
  function scanAsk(ids) {
    $("#ask").open = true;
    drawAsk();
    asking.set(ids);
    ask();
    $("#ask-card").scrollIntoView({ block: "start" });
    const top = view().cards.find((c) => c.id === $("#ask-top").value);
    return `Asked the arbiter: may you play ${ids.map(cardName).join(", then ")} on ${top ? top.name : "the top card"} (${$("#ask-suit").value})? `
      + "Set the top card and the suit above if they differ, and ask again.";
  }

  async function ask() {
    const pending = $("#ask-pending").value;
    const situation = {
      top: $("#ask-top").value, suit: $("#ask-suit").value, direction: 1,
      pending: pending ? { count: Number($("#ask-count").value) || 1, kind: pending } : null,
      dungeon: $("#ask-dungeon").checked,
      cards_in_hand: $("#ask-hand").value ? Number($("#ask-hand").value) : null,
    };
    const { status, data } = await Companion.request("POST", `/api/games/${game().id}/ask`, { question: { situation, play: asking.play } });
    const box = $("#ask-answer");
    if (status === 200) box.innerHTML = answerHtml(data.answer);
    else box.innerHTML = answerHtml({ allowed: false, rule: (data && data.error && data.error.rule) || "", message: (data && data.error && data.error.message) || `The companion answered ${status}.` });
  }

  // ------------------------------------------------------------------ following a hand

  let turn = null;   // the play builder of the seat to play
  let shownFor = null;
  function drawFollow() {
    const v = view();
    const box = $("#follow");
    box.hidden = Boolean(game().result);
    if (box.hidden) return;
    const names = v.players.map((p) => p.name);
    if (v.stage === "between-hands") {
      turn = null; shownFor = null;
      box.innerHTML = `<details id="follow-deal"><summary>Follow hand ${v.hand_number} card by card</summary>
        <p class="small">Deal seven each; the app then keeps turns, the suit, draws and every hand's size.</p>
        <label>The card turned up<select id="deal-first">${cardOptions((c) => c.group !== "shield")}</select></label>
        <label>Suit the dealer names (for a Kingdom card)<select id="deal-suit">${options(suits().map((s) => [s, s]))}</select></label>
        <fieldset><legend>${escape(names[v.dealer])}'s dealing cut</legend>
          ${[["", "Not tried"], ["made", "Made"], ["missed", "Missed"]].map(([value, label]) => `<label class="radio"><input type="radio" name="deal-cut" value="${value}" ${value === "" ? "checked" : ""}> ${label}</label>`).join("")}</fieldset>
        <button type="button" class="big" id="deal">Deal</button></details>`;
      return;
    }
    const h = v.hand;
    if (!h) { box.innerHTML = ""; return; }
    const seatsOf = () => names.map((name, seat) => [seat, name]);
    const key = `${game().seq}`;
    if (shownFor === key) return;
    shownFor = key;
    const topKind = v.cards.find((c) => c.id === h.top) || { colour: "kingdom" };
    box.innerHTML = `<h2>Hand ${v.hand_number}, card by card</h2>
      <div class="kc-pile">
        <span>Top: <span class="kc-top s-${escape(h.suit || topKind.colour)}" id="top">${escape(h.top_name)}</span></span>
        <span>Suit: <strong id="suit">${escape(h.suit || "-")}</strong></span>
        <span>Play goes <strong>${escape(h.direction_words)}</strong></span>
        <span>Draw pile <strong id="draw-pile">${h.draw_pile}</strong>${h.reshuffles ? ` (reshuffled ${h.reshuffles}\u00d7)` : ""}</span>
        ${h.pending ? `<span class="error">Waiting: draw ${h.pending.count} (${escape(cardName(h.pending.kind))})</span>` : ""}
      </div>
      <ul class="choices kc-hands">${names.map((name, seat) => `<li><span class="grow">${seat === h.to_play ? "\u25B6 " : ""}<strong>${escape(name)}</strong>
        ${h.dungeon[seat] ? " (in the Dungeon)" : ""}${h.face_up[seat].length ? ` \u00b7 face up: ${h.face_up[seat].map((c) => escape(cardName(c))).join(", ")}` : ""}</span>
        <span data-hand="${seat}">${h.hands[seat]} card${h.hands[seat] === 1 ? "" : "s"}</span>
        ${h.on_guard.includes(seat) ? `<strong class="error">On Guard!</strong>` : ""}</li>`).join("")}</ul>
      ${h.effects.length ? `<p class="small">${h.effects.map(escape).join(" ")}</p>` : ""}
      ${h.over ? `<p><strong>The hand is over: score it below.</strong></p>` : `
        <p id="follow-options">${h.options.map(escape).join(" ")}</p>
        <div id="turn-play"></div>
        <p class="small">Or tap Scan with the cards played laid left to right: the arbiter checks them at once.</p>
        <div id="turn-answer" aria-live="polite"></div>
        <div class="row">
          <button type="button" class="grow" id="ev-play">Play</button>
          <button type="button" class="secondary grow" id="ev-draw">Draw</button>
          <button type="button" class="secondary grow" id="ev-pass">Pass</button>
          ${h.pending || (h.dungeon[h.to_play]) || h.penalty.includes(h.to_play) ? `<button type="button" class="secondary grow" id="ev-take">Take the draw</button>` : ""}
          ${h.yes === h.to_play && !h.pending ? `<button type="button" class="secondary grow" id="ev-take">Take two (partner said Yes)</button>` : ""}
          ${h.partners && h.yes !== h.to_play && !h.pending && !h.dungeon[h.to_play] && !h.penalty.includes(h.to_play) ? `<button type="button" class="secondary grow" id="ev-yes">Partner said Yes</button>` : ""}
        </div>
        <details><summary>Risk cards, On Guard, Dungeon</summary>
          <div class="grid2">
            <label>Player<select id="ev-seat">${options(seatsOf())}</select></label>
            <label>Card<select id="ev-card">${cardOptions((c) => RISKY.includes(c.id))}</select></label>
            <label>On<select id="ev-on"><option value="">nobody</option>${options(seatsOf())}</select></label>
          </div>
          <div class="row">
            <button type="button" class="secondary grow" data-event="reveal">Goes face up</button>
            <button type="button" class="secondary grow" data-event="risk">Played</button>
            <button type="button" class="secondary grow" data-event="on-guard">Called On Guard on</button>
            <button type="button" class="secondary grow" data-event="escape">Leaves the Dungeon</button>
          </div>
        </details>`}
      <p><button type="button" class="secondary" id="abandon">Stop following this hand</button></p>`;
    if (!h.over) {
      turn = playBuilder($("#turn-play"), { seatLabel: `${names[h.to_play]}'s turn`, seats: seatsOf, player: () => h.to_play, onChange: () => { $("#turn-answer").innerHTML = ""; } });
    }
  }

  // A scanned play in a followed hand: the cards fill the turn of the seat to play and the
  // arbiter checks it at once (nothing is stored until Play is tapped).
  function scanTurn(ids) {
    const h = view().hand;
    if (!turn || !h || h.over) return "";
    const seat = h.to_play;
    const name = view().players[seat].name;
    turn.set(ids);
    checkTurn(seat);
    $("#follow").scrollIntoView({ block: "start" });
    return `Filled ${name}'s turn with ${ids.map(cardName).join(", then ")}; the arbiter's answer is below the cards.`;
  }

  async function checkTurn(seat) {
    const seq = game().seq;
    const play = turn.play;
    const { status, data } = await Companion.request("POST", `/api/games/${game().id}/check`, { move: { type: "play", seat, cards: play } });
    if (game().seq !== seq || JSON.stringify(turn.play) !== JSON.stringify(play)) return;  // moved on meanwhile
    const box = $("#turn-answer");
    if (!box) return;
    if (status === 200) {
      const after = data.view.hand;
      const effects = after && after.effects && after.effects.length ? after.effects : [];
      const top = after ? ` The top becomes ${after.top_name}${after.suit ? ` (${after.suit})` : ""}.` : "";
      box.innerHTML = `<div class="kc-answer" id="turn-ok"><p><strong>Yes.</strong> The arbiter takes it.${escape(top)} Tap Play to record it.</p>
        ${effects.length ? `<ul>${effects.map((e) => `<li>${escape(e)}</li>`).join("")}</ul>` : ""}</div>`;
    } else {
      const error = (data && data.error) || { message: `The companion answered ${status}.` };
      box.innerHTML = `<div class="kc-answer refused" id="turn-refused"><p><strong>No.</strong> ${escape(error.message)}
        ${error.url ? `<a href="${escape(error.url)}" target="_blank">Rule</a>` : ""}</p></div>`;
    }
  }

  async function event(move) {
    await Companion.send(`/api/games/${game().id}/moves`, { move });
  }

  function onFollowClick(e) {
    const button = e.target.closest("button");
    if (!button) return;
    const v = view();
    const h = v.hand;
    if (button.id === "deal") {
      const first = { card: $("#deal-first").value };
      const kind = v.cards.find((c) => c.id === first.card);
      if (!kind.suits.length || first.card.startsWith("queens-option-")) first.suit = $("#deal-suit").value;
      const move = { type: "deal", first };
      const cut = document.querySelector('input[name="deal-cut"]:checked').value;
      if (cut) move.cut = cut;
      event(move);
    } else if (button.id === "ev-play") event({ type: "play", seat: h.to_play, cards: turn.play });
    else if (button.id === "ev-draw") event({ type: "draw", seat: h.to_play });
    else if (button.id === "ev-pass") event({ type: "pass", seat: h.to_play });
    else if (button.id === "ev-take") event({ type: "take", seat: h.to_play });
    else if (button.id === "ev-yes") event({ type: "yes", seat: h.to_play });
    else if (button.id === "abandon") event({ type: "abandon" });
    else if (button.dataset.event) {
      const type = button.dataset.event;
      const move = { type, seat: Number($("#ev-seat").value) };
      if (type === "reveal" || type === "risk") move.card = $("#ev-card").value;
      if ((type === "risk" || type === "on-guard") && $("#ev-on").value !== "") move.on = Number($("#ev-on").value);
      event(move);
    }
  }

  function redraw() {
    drawAsk();
    drawFollow();
  }

  // Whether a scan now goes to the turn of a hand followed card by card.
  const following = () => Boolean(turn) && !game().result && view().stage === "playing" && view().hand && !view().hand.over;

  $("#follow").addEventListener("click", onFollowClick);
  return { redraw, scanAsk, scanTurn, following };
})();
