// Majesty's page: tap a display card, pick its half (and a healed card's half, or a Castle B
// exchange, when they arise), tap the card turned up to refill the display, and take it.
// The engine computes everything else; the page shows its breakdown and the chips to move.
// A photo (Scan) fills in the card taken (the display slot holding it) and the card turned up.
"use strict";

const Majesty = (() => {
  const { $, escape } = Companion;
  const CHARACTER_NAMES = {
    miller: "Miller", brewer: "Brewer", witch: "Witch", guard: "Guard",
    knight: "Knight", innkeeper: "Innkeeper", noble: "Noble",
  };

  let choice = {};     // the turn being entered: slot, as, heal_as, exchange, new_card
  let preview = null;  // the engine's view of the turn if it were taken now

  const game = () => Companion.game;
  const view = () => game().view;

  const kindName = (kind) => kind.split("-").map((c) => CHARACTER_NAMES[c]).join("/");
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

  function chipsText(chips) {
    const parts = Object.entries(chips || {}).filter(([, n]) => n)
      .sort((a, b) => Number(b[0]) - Number(a[0])).map(([d, n]) => `${n}\u00d7${d}`);
    return parts.length ? parts.join(" + ") : "none";
  }

  function swatches(characters) {
    return characters.map((c) => `<span class="mj-char c-${c}">${CHARACTER_NAMES[c]}</span>`).join("");
  }

  // What this turn still needs from the player, in the order they are asked.
  function needs() {
    const v = view();
    if (choice.slot === undefined) return { what: "slot" };
    const card = v.display[choice.slot];
    if (card.characters.length === 2 && !choice.as) return { what: "as", options: card.characters };
    const placed = choice.as || card.characters[0];
    const mover = v.players[v.turn];
    const top = mover.infirmary[mover.infirmary.length - 1];
    const heals = placed === "witch" && top;
    if (heals && top.card.includes("-") && !choice.heal_as) return { what: "heal_as", options: top.card.split("-"), card: top };
    const lastTurn = v.turn_number === 12 * v.players.length;  // nothing refills after it
    if (v.deck.count > 0 && !lastTurn && !choice.new_card) return { what: "new_card" };
    return { what: "done", castle: placed === "noble" && v.sides.castle === "B" };
  }

  function move() {
    const m = { type: "take", slot: choice.slot };
    for (const key of ["as", "heal_as", "new_card"]) if (choice[key]) m[key] = choice[key];
    if (choice.exchange) m.exchange = choice.exchange;
    return m;
  }

  function drawStatus() {
    const g = game();
    const v = view();
    const mover = v.turn !== null ? v.players[v.turn] : null;
    $("#status").innerHTML = `
      ${g.result ? `<p class="winner" id="winner">${escape(g.result.reason)}</p>` : ""}
      <div class="status">
        ${mover ? `<span class="turn" id="turn">${escape(mover.name)}'s turn <span class="small">(round ${v.round} of 12)</span></span>` : ""}
        <span>Deck: <strong id="deck-count">${v.deck.count}</strong> cards</span>
        <span>Meeples in the box: <strong>${v.supply.meeples}</strong></span>
        <span>Chips in the box: ${escape(chipsText(v.supply.chips))}</span>
      </div>`;
    $("#turn-panel").hidden = Boolean(g.result);
    $("#deck").innerHTML = `<details><summary>What is left in the deck</summary>
      ${v.deck.parts.map((part) => `<p><strong>${part.tier === "both" ? "The deck" : `Tier ${part.tier}`}: ${plural(part.cards, "card")}.</strong> ${escape(part.note)}</p>
        <ul class="mj-left">${Object.entries(part.kinds).filter(([, n]) => n).map(([kind, n]) =>
          `<li>${swatches(kind.split("-"))}<strong>${n}</strong></li>`).join("")}</ul>`).join("") || "<p>The deck is empty.</p>"}
      <p class="small">By character, where the cards are known: ${Object.entries(v.deck.characters_known).map(([c, n]) => `${CHARACTER_NAMES[c]} ${n}`).join(", ")}.</p>
      </details>`;
  }

  function drawDisplay() {
    const v = view();
    const mover = v.turn !== null ? v.players[v.turn] : null;
    $("#display").innerHTML = v.display.map((card) => `
      <button type="button" class="mj-card${choice.slot === card.slot ? " selected" : ""}" data-slot="${card.slot}"
        ${card.affordable ? "" : "disabled"} aria-label="${escape(card.name)}, costs ${card.cost}">
        <span class="mj-chars">${swatches(card.characters)}</span>
        <span class="small">${card.cost ? `costs ${card.cost}` : "free"}${card.meeples ? ` \u00b7 +${card.meeples} meeple${card.meeples > 1 ? "s" : ""} on it` : ""}</span>
      </button>`).join("");
    const need = needs();
    let html = "";
    if (need.what === "as") {
      html = `<h3>Place it as</h3><div class="grid2">${need.options.map((c) =>
        `<button type="button" class="mj-half c-${c}" data-as="${c}">${CHARACTER_NAMES[c]}</button>`).join("")}</div>`;
    } else if (need.what === "heal_as") {
      html = `<h3>The healed ${escape(need.card.name)} returns as</h3><div class="grid2">${need.options.map((c) =>
        `<button type="button" class="mj-half c-${c}" data-heal-as="${c}">${CHARACTER_NAMES[c]}</button>`).join("")}</div>`;
    } else if (need.what === "new_card") {
      html = `<h3>Which card was turned up to refill the display?</h3><div class="mj-kinds">${v.deck.possible_next.map((kind) =>
        `<button type="button" class="mj-kind" data-new-card="${kind}">${swatches(kind.split("-"))}</button>`).join("")}</div>`;
    }
    if (need.what === "done" && need.castle) {
      html += `<label>Castle: points turned into meeples (minus: meeples into points)
        <input id="exchange" type="number" inputmode="numeric" value="${choice.exchange || 0}"></label>`;
    }
    if (choice.slot === undefined && choice.new_card) {
      html += `<p>Card turned up: ${escape(kindName(choice.new_card))}
        <button type="button" class="secondary" id="restart">Start again</button></p>`;
    }
    if (choice.slot !== undefined) {
      const chosen = [choice.as && `as ${CHARACTER_NAMES[choice.as]}`, choice.heal_as && `healed card as ${CHARACTER_NAMES[choice.heal_as]}`,
        choice.new_card && `new card ${kindName(choice.new_card)}`].filter(Boolean);
      html += `<p>${escape(v.display[choice.slot].name)}${chosen.length ? ", " + escape(chosen.join(", ")) : ""}
        <button type="button" class="secondary" id="restart">Start again</button></p>`;
    }
    $("#choices").innerHTML = html;
    $("#end-turn").disabled = Boolean(game().result) || need.what !== "done";
    const prompts = {
      slot: mover ? `${mover.name}: tap the card you take (you hold ${plural(mover.meeples, "meeple")})` : "",
      as: "Tap the half you place", heal_as: "Tap the half the healed card returns as",
      new_card: "Tap the card turned up into the display", done: "Check the points, then take the card",
    };
    $("#prompt").textContent = game().result ? "The game is over" : prompts[need.what];
  }

  function lineList(lines) {
    return lines.map((line) => `<li>${line.points >= 0 ? "+" : ""}${line.points}${line.meeples ? ` and ${line.meeples > 0 ? "+" : ""}${plural(line.meeples, "meeple")}` : ""}: ${escape(line.why)}</li>`).join("");
  }

  function chipsLine(chips) {
    if (!chips) return "";
    const parts = [];
    if (Object.keys(chips.take).length) parts.push(`take ${chipsText(chips.take)}`);
    if (Object.keys(chips.give).length) parts.push(`give back ${chipsText(chips.give)}`);
    if (chips.owed) parts.push(chips.owed > 0 ? `the box owes ${chips.owed}` : `owes the box ${-chips.owed}`);
    return parts.length ? `<p class="mj-chips">Chips: ${escape(parts.join(", "))}</p>` : "";
  }

  function turnReport(last, title) {
    if (!last) return "";
    const events = [last.heal && last.heal.text, ...last.attacks.map((a) => a.text)].filter(Boolean);
    return `<h2>${escape(title)}</h2>
      <p>${escape(last.player)} took the ${escape(last.name)} as ${CHARACTER_NAMES[last.as]}${last.cost ? `, paying ${plural(last.cost, "meeple")}` : ""}${last.meeples_taken ? `, gaining ${plural(last.meeples_taken, "meeple")} from it` : ""}.</p>
      ${events.length ? `<ul>${events.map((e) => `<li>${escape(e)}</li>`).join("")}</ul>` : ""}
      ${last.players.filter((p) => p.lines.length || p.chips).map((p) => `
        <div class="mj-who"><strong>${escape(p.name)}: ${p.points >= 0 ? "+" : ""}${p.points}</strong>
        <ul>${lineList(p.lines)}</ul>${chipsLine(p.chips)}</div>`).join("")}`;
  }

  function drawPreview() {
    $("#preview").innerHTML = preview ? `<div class="mj-preview">${turnReport(preview.last_turn, "If you take it")}</div>` : "";
  }

  function drawLast() {
    const v = view();
    $("#last").hidden = !v.last_turn;
    $("#last").innerHTML = turnReport(v.last_turn, "Last turn");
    const final = v.final;
    $("#final").hidden = !final;
    if (final) {
      $("#final").innerHTML = `<h2>Final scoring</h2>${final.players.map((row) => `
        <div class="mj-who"><strong>${escape(row.name)}: ${row.before} \u2192 ${row.after}</strong>
        <ul>${row.steps.map((s) => `<li>${s.points >= 0 ? "+" : ""}${s.points}: ${escape(s.why)}</li>`).join("")}</ul>
        ${chipsLine(row.chips)}</div>`).join("")}
        <h3>Ranking</h3><ol id="ranking" class="mj-ranking">${v.ranking.map((r) =>
          `<li><strong>${r.rank}.</strong> ${escape(v.players[r.seat].name)}: ${r.points}</li>`).join("")}</ol>`;
    }
  }

  function drawPlayers() {
    const v = view();
    $("#players").innerHTML = v.players.map((p) => `
      <section class="card mj-player${p.seat === v.turn ? " mover" : ""}" data-seat="${p.seat}">
        <h2>${escape(p.name)}${p.first ? ' <span class="small">(knight card)</span>' : ""}
          <span class="mj-points" data-points="${p.seat}">${p.points}</span></h2>
        <p>${plural(p.meeples, "meeple")} \u00b7 ${p.cards} of 12 cards \u00b7 Infirmary ${p.infirmary.length}</p>
        <p class="small">Chips: ${escape(chipsText(p.chips))}${p.owed ? ` (the box owes ${p.owed})` : ""}</p>
        <ul class="mj-realm">${v.locations.filter((l) => l.id !== "infirmary").map((l) =>
          `<li><span class="mj-loc c-${l.character}">${l.number}</span>${escape(l.name)} <strong>${(p.realm[l.id] || []).length}</strong></li>`).join("")}</ul>
        ${p.exchange ? `<details><summary>Fewer chips</summary><p>Give ${escape(chipsText(p.exchange.give))}, take ${escape(chipsText(p.exchange.take))}: ${p.exchange.chips_after} chips.</p>
          <button type="button" class="secondary" data-change="${p.seat}">Done: record the swap</button></details>` : ""}
      </section>`).join("");
  }

  function redraw() { drawStatus(); drawDisplay(); drawPreview(); drawLast(); drawPlayers(); }

  function reset() { choice = {}; preview = null; }

  async function refreshPreview() {
    preview = null;
    if (needs().what === "done") {
      const { status, data } = await Companion.request("POST", `/api/games/${game().id}/check`, { move: move() });
      if (status === 200) { preview = data.view; Companion.showMessage(null); }
      else Companion.showMessage((data && data.error) || { message: `The companion answered ${status}.` });
    }
    redraw();
  }

  // -- Scan ----------------------------------------------------------------------------------

  // A printed Majesty card that is not a character: a location's side or a worker card.
  // The engine's reason why a move is refused, or null when it takes it.
  async function refusal(move) {
    const { status, data } = await Companion.request("POST", `/api/games/${game().id}/check`, { move });
    return status === 200 ? null : ((data && data.error) || { message: `The companion answered ${status}.` });
  }

  // Why ``kind`` cannot be the card turned up, in the engine's words (null: it can be): the
  // question is asked with a turn that is otherwise complete (the free front card).
  async function newCardRefusal(kind) {
    if (view().deck.possible_next.includes(kind)) return null;
    const front = view().display[0];
    const move = { type: "take", slot: 0, new_card: kind };
    if (front.characters.length === 2) move.as = front.characters[0];
    const placed = move.as || front.characters[0];
    const mover = view().players[view().turn];
    const top = mover.infirmary[mover.infirmary.length - 1];
    if (placed === "witch" && top && top.card.includes("-")) move.heal_as = top.card.split("-")[0];
    return refusal(move);
  }

  // The page's answer to a scan. With no card chosen yet, the left-most card the display holds
  // is the card taken and another one the card turned up; once the card taken is chosen, the
  // photo is of the card turned up.
  async function scanned(cards) {
    if (game().result) return "The game is over: nothing to fill in.";
    const v = view();
    const notes = [];
    const characters = [];
    for (const c of cards) {
      if (/^[a-z]+(-[a-z]+)?$/.test(c.kind) && c.kind.split("-").every((part) => CHARACTER_NAMES[part])) characters.push(c);
      else notes.push(`The ${c.name} is not a card a turn takes.`);
    }
    let taken = null;
    let rest = characters.slice();
    if (choice.slot === undefined) {
      taken = rest.find((c) => v.display.some((d) => d.card === c.kind)) || null;
      if (taken) rest = rest.filter((c) => c !== taken);
    } else if (rest.length > 1) {
      const again = rest.find((c) => c.kind === v.display[choice.slot].card);  // the card taken, photographed too
      if (again) rest = rest.filter((c) => c !== again);
    }
    const fresh = rest.shift() || null;
    for (const c of rest) notes.push(`${c.name} is left out: a turn takes one card and turns up one.`);

    const filled = [];
    if (taken) {
      const slots = v.display.filter((d) => d.card === taken.kind);
      const slot = slots.find((d) => d.affordable) || slots[0];
      const error = slot.affordable ? null : await refusal({ type: "take", slot: slot.slot });
      if (error) notes.push(`The ${taken.name} cannot be taken: ${error.message}`);
      else {
        const kept = choice.new_card;
        reset();
        choice.slot = slot.slot;
        if (kept) choice.new_card = kept;
        filled.push(`the card taken: the ${taken.name} in slot ${slot.slot + 1}${slot.cost ? ` (costs ${plural(slot.cost, "meeple")})` : " (free)"}` +
          (slots.length > 1 ? `; tap the other ${taken.name} if it was that one` : ""));
      }
    }
    if (fresh) {
      const error = await newCardRefusal(fresh.kind);
      if (error) notes.push(`The ${fresh.name} cannot be the card turned up: ${error.message}`);
      else { choice.new_card = fresh.kind; filled.push(`the card turned up: the ${fresh.name}`); }
    }
    if (!taken && !fresh && characters.length && choice.slot === undefined) {
      notes.push("None of these cards is in the display.");
    }
    await refreshPreview();
    const need = needs().what;
    const next = { slot: "Tap the card taken.", as: "Tap the half placed.", heal_as: "Tap the half the healed card returns as.",
      new_card: "Tap the card turned up.", done: "Check the points, then take the card." }[need];
    return [filled.length ? `Filled in ${filled.join(", and ")}.` : "", ...notes, filled.length ? next : ""].filter(Boolean).join(" ");
  }

  function bind() {
    $("#turn-panel").addEventListener("click", (event) => {
      const target = event.target.closest("button");
      if (!target) return;
      if (target.id === "restart") { reset(); Companion.showMessage(null); redraw(); return; }
      if (target.dataset.slot !== undefined) {
        const kept = choice.new_card;  // the card turned up stays when another card is tapped
        reset(); choice.slot = Number(target.dataset.slot);
        if (kept) choice.new_card = kept;
      }
      else if (target.dataset.as) choice.as = target.dataset.as;
      else if (target.dataset.healAs) choice.heal_as = target.dataset.healAs;
      else if (target.dataset.newCard) choice.new_card = target.dataset.newCard;
      else return;
      refreshPreview();
    });
    $("#turn-panel").addEventListener("change", (event) => {
      if (event.target.id === "exchange") { choice.exchange = Number(event.target.value) || 0; refreshPreview(); }
    });
    $("#players").addEventListener("click", (event) => {
      const button = event.target.closest("[data-change]");
      if (button) Companion.send(`/api/games/${game().id}/moves`, { move: { type: "change", seat: Number(button.dataset.change) } });
    });
    $("#end-turn").addEventListener("click", async () => {
      if (needs().what !== "done") return;
      if (await Companion.send(`/api/games/${game().id}/moves`, { move: move() })) reset();
      redraw();
    });
  }

  function start(payload, poll) {
    bind();
    Companion.start(payload, { poll, reset, redraw, scanned });
  }

  return { start };
})();
