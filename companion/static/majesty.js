// Majesty's page: a turn on one screen. Tap a display card (a split card by the half placed),
// tap the card turned up to refill the display (and a healed card's half, or a Castle B
// exchange, when they arise), check what the engine says the turn scores, and take the card.
// A photo (Scan) fills in the card taken (the display slot holding it) and the card turned up.
// A card turned up that was entered wrong is corrected from the same screen: "Correct a card
// turned up", the display card, the card it really was (an entry of its own, not a turn).
"use strict";

const Majesty = (() => {
  const { $, html, signed, th } = Companion;

  // The draft: the turn being entered on this phone, its steps on the shared trail (a tap on
  // a display card takes it with the half tapped, in one step), so Undo takes back the last one.
  // A correction is a draft of its own: fix (the mode), fix_slot, fix_card.
  let choice = {};      // slot, as, heal_as, new_card, exchange; or fix, fix_slot, fix_card
  let began = null;     // the table when the draft began: {turn, display, mover}
  const trail = Companion.trail({ get: () => ({ choice, began }), set: (draft) => ({ choice, began } = draft) });
  let preview = null;   // the engine's view of the turn if it were taken now
  let asked = 0;        // the newest preview question (older answers are dropped)

  const game = () => Companion.game;
  const view = () => game().view;
  const moverOf = (v) => (v.turn !== null ? v.players[v.turn] : null);

  // The names printed on the cards come from the server, worded for this phone (view.names).
  const charName = (c) => view().names.characters[c];
  const kindName = (kind) => view().names.kinds[kind];
  const infirmaryName = () => view().locations.find((l) => l.id === "infirmary").name;
  const meeplesSaid = (n) => Words.tn("{n} meeple", "{n} meeples", n);
  const meeplesOn = (n) => Words.tn("+{n} meeple", "+{n} meeples", n);
  const costText = (card) => (card.cost ? Words.t("costs {n}", { n: card.cost }) : Words.t("free"));

  function chipsText(chips) {
    const parts = Object.entries(chips || {}).filter(([, n]) => n)
      .sort((a, b) => Number(b[0]) - Number(a[0])).map(([d, n]) => `${Words.number(n)}\u00d7${Words.number(Number(d))}`);
    return parts.length ? parts.join(" + ") : Words.t("none");
  }

  function swatches(characters) {
    return characters.map((c) => html`<span class="mj-char c-${c}">${charName(c)}</span>`);
  }

  // Each part of the board is drawn again only when its markup changes, so a redraw keeps an
  // open <details>, the focus and the scroll of an inner area.
  const drawn = new Map();
  function fill(id, markup) {
    if (drawn.get(id) === String(markup)) return;
    drawn.set(id, String(markup));
    Companion.put($(`#${id}`), markup);
  }

  // What this turn (or correction) still needs from the player, in the order they are asked.
  function needs() {
    const v = view();
    if (choice.fix) {
      if (choice.fix_slot === undefined) return { what: "fix_slot" };
      const card = v.display[choice.fix_slot];
      return { what: choice.fix_card ? "fix_done" : "fix_card", card };
    }
    if (choice.slot === undefined) return { what: "slot" };
    const card = v.display[choice.slot];
    if (card.characters.length === 2 && !choice.as) return { what: "as", card };
    const placed = choice.as || card.characters[0];
    const top = moverOf(v).infirmary.at(-1);
    if (placed === "witch" && top && top.card.includes("-") && !choice.heal_as) {
      return { what: "heal_as", options: top.card.split("-"), card: top };
    }
    const lastTurn = v.turn_number === 12 * v.players.length;  // nothing refills after it
    if (v.deck.count > 0 && !lastTurn && !choice.new_card) return { what: "new_card" };
    return { what: "done", castle: placed === "noble" && v.sides.castle === "B" };
  }

  // Which card a correction names, in the engine's words and in the move's.
  const fixedWhat = (card) => (card.turned_up ? Words.t("the card turned up at turn {turn}", { turn: card.turned_up })
    : Words.t("card {n} of the setup display", { n: card.setup_slot + 1 }));

  function move() {
    if (choice.fix) {
      const card = view().display[choice.fix_slot];
      const m = { type: "correct", turn: card.turned_up, card: choice.fix_card };
      if (!card.turned_up) m.slot = card.setup_slot;
      return m;
    }
    const m = { type: "take", slot: choice.slot, card: view().display[choice.slot].card };
    for (const key of ["as", "heal_as", "new_card"]) if (choice[key]) m[key] = choice[key];
    if (choice.exchange) m.exchange = choice.exchange;
    return m;
  }

  // -- The draft --------------------------------------------------------------------------

  // One step of the draft: `apply` changes the choice; `sentence` is what Undo says of it.
  function change(sentence, apply, field) {
    trail.change(sentence, () => {
      if (!began) {
        const v = view();
        began = { turn: v.turn_number, display: v.display.map((d) => d.card).join(), mover: moverOf(v).name };
      }
      apply();
    }, field);
  }

  // The sentence that takes back each choice, said as it is made.
  function setStep(key, value) {
    const v = view();
    const said = {
      as: () => Words.t("Took back the half: the {card} is not placed as {half} yet.", { card: v.display[choice.slot].name, half: charName(value) }),
      heal_as: () => Words.t("Took back the healed card's half ({half}).", { half: charName(value) }),
      new_card: () => Words.t("Took back the card turned up (the {card}).", { card: kindName(value) }),
      fix_card: () => Words.t("Took back the card named (the {card}).", { card: kindName(value) }),
      fix_slot: () => Words.t("Took back the card to correct (the {card}).", { card: v.display[value].name }),
      fix: () => Words.t("Left the correction: nothing was corrected."),
    }[key]();
    change(said, () => { choice[key] = value; });
  }

  // A tap on a display card: the card taken (and the half placed), in place of any taken before.
  function takeSlot(slot, half) {
    const card = view().display[slot];
    change(half ? Words.t("Took back the {card} as {half}.", { card: card.name, half: charName(half) })
      : Words.t("Took back the {card}.", { card: card.name }), () => {
      for (const key of ["slot", "as", "heal_as", "exchange"]) delete choice[key];
      choice.slot = slot;
      if (half) choice.as = half;
    });
  }

  function reset() { choice = {}; trail.clear(); began = null; preview = null; }

  function undo() {
    const said = trail.undo();
    if (!trail.length) reset();
    refreshPreview();
    return said;
  }

  // Redo inside a draft: the draft as it was before Undo took a step back, and putting it back.
  const snapshot = () => trail.snapshot();
  function restore(saved) {
    trail.restore(saved);
    refreshPreview();
    return Words.t("Put back the step taken back.");
  }

  // Another phone's entry: a chip swap leaves the turn as it was; anything else moves the
  // table on, and the turn entered here no longer fits it.
  function keep(g) {
    const v = g.view;
    if (g.result) return Words.t("The game is over, so the turn entered here for {player} was dropped.", { player: began.mover });
    if (v.turn_number === began.turn && v.display.map((d) => d.card).join() === began.display) return null;
    if (v.turn_number === began.turn) return Words.t("The display was corrected on another phone, so what was picked here was dropped.");
    return v.turn_number > began.turn
      ? Words.t("{player}'s turn was stored on another phone, so the card picked here was dropped.", { player: began.mover })
      : Words.t("Another phone undid a turn, so the card picked here for {player} was dropped.", { player: began.mover });
  }

  async function refreshPreview() {
    const ticket = ++asked;
    const what = needs().what;
    if (what !== "done" && what !== "fix_done") { preview = null; redraw(); return; }
    redraw();
    const { status, data } = await Companion.request("POST", `/api/games/${game().id}/check`, { move: move() });
    if (ticket !== asked) return;
    preview = status === 200 && what === "done" ? data.view : null;
    if (status !== 200) Companion.say(Companion.failure(status, data));
    redraw();
  }

  // -- Drawing ----------------------------------------------------------------------------

  function drawStatus() {
    const g = game();
    const v = view();
    const mover = moverOf(v);
    const scores = v.players.map((p) => html`<li${p.seat === v.turn ? html` class="mover"` : ""}>${p.name} <strong>${Words.number(p.points)}</strong></li>`);
    fill("status", html`${g.result ? html`<p class="winner" id="winner">${g.result.reason}</p>`
      : html`<p class="mj-turn"><strong id="turn">${Words.t("{player}'s turn", { player: mover.name })}</strong>
         <span>${Words.t("round {round} of 12", { round: v.round })} \u00b7 ${meeplesSaid(mover.meeples)} \u00b7 ${Words.t("deck {n}", { n: v.deck.count })}</span></p>`}
      <ul class="mj-scores" aria-label="${Words.t("Points")}">${scores}</ul>`);
  }

  // The attributes a button of the turn may carry.
  const disabled = (yes) => (yes ? html` aria-disabled="true"` : "");
  const pressed = (yes) => (yes ? html` aria-pressed="true"` : "");

  function halfButton(card, c, dear, selected) {
    const split = card.characters.length === 2;
    const args = { card: card.name, cost: costText(card), meeples: meeplesSaid(card.meeples), half: charName(c) };
    const label = split
      ? (card.meeples ? Words.t("{card}, {cost}, {meeples} on it: placed as {half}", args) : Words.t("{card}, {cost}: placed as {half}", args))
      : (card.meeples ? Words.t("{card}, {cost}, {meeples} on it", args) : Words.t("{card}, {cost}", args));
    return html`<button type="button" class="mj-half c-${c}${split ? "" : " whole"}${selected ? " selected" : ""}" data-slot="${card.slot}"
      ${split ? html`data-as="${c}"` : ""} aria-label="${label}"${disabled(dear)}${pressed(selected)}>${charName(c)}</button>`;
  }

  // The display while a correction is entered: each card one button, said by when it came.
  function fixButton(card) {
    const when = card.turned_up ? Words.t("turn {turn}", { turn: card.turned_up }) : Words.t("setup");
    const label = card.turned_up ? Words.t("{card}, turned up at turn {turn}", { card: card.name, turn: card.turned_up })
      : Words.t("{card}, dealt at setup", { card: card.name });
    return html`<div class="mj-card${choice.fix_slot === card.slot ? " selected" : ""}${card.correctable ? "" : " dear"}">
      <span class="mj-cost">${when}</span>
      <button type="button" class="mj-fix" data-fix-slot="${card.slot}" aria-label="${label}"${disabled(!card.correctable)}>${swatches(card.characters)}</button></div>`;
  }

  function drawDisplay(need) {
    const v = view();
    const fixing = need.what === "fix_slot";
    const shown = !game().result && (need.what === "slot" || need.what === "as" || fixing);
    $("#display").hidden = !shown;
    if (!shown) return;
    if (fixing) { fill("display", html`${v.display.map(fixButton)}`); return; }
    fill("display", html`${v.display.map((card) => {
      const dear = !card.affordable;
      const taken = choice.slot === card.slot;
      const lying = meeplesOn(card.meeples);
      return html`<div class="mj-card${taken ? " selected" : ""}${dear ? " dear" : ""}" data-card-slot="${card.slot}">
        <span class="mj-cost">${costText(card)}${card.meeples ? ` \u00b7 ${lying}` : ""}</span>
        ${card.characters.map((c) => halfButton(card, c, dear, taken && (choice.as === c || card.characters.length === 1)))}
      </div>`;
    })}`);
  }

  function drawPick(need) {
    const v = view();
    let markup = "";
    if (need.what === "heal_as") {
      const title = Words.t("The healed {card} returns as", { card: need.card.name });
      markup = html`<h2>${title}</h2><div class="grid2">${need.options.map((c) =>
        html`<button type="button" class="mj-half c-${c}" data-heal-as="${c}">${charName(c)}</button>`)}</div>`;
    } else if (need.what === "fix_card" || need.what === "fix_done") {
      const title = need.card.turned_up
        ? Words.t("The card turned up at turn {turn} (entered as the {card}) was", { turn: need.card.turned_up, card: need.card.name })
        : Words.t("Card {n} of the setup display (entered as the {card}) was", { n: need.card.setup_slot + 1, card: need.card.name });
      markup = html`<h2 id="kinds-title">${title}</h2>
        <div class="mj-kinds" role="group" aria-labelledby="kinds-title">${need.card.could_be.map((kind) =>
          html`<button type="button" class="mj-kind${choice.fix_card === kind ? " selected" : ""}" data-fix-card="${kind}" aria-label="${kindName(kind)}"${pressed(choice.fix_card === kind)}>${swatches(kind.split("-"))}</button>`)}</div>`;
    } else if (need.what === "new_card") {
      const title = Words.t("Which card was turned up?");
      markup = html`<h2 id="kinds-title">${title}</h2>
        <div class="mj-kinds" role="group" aria-labelledby="kinds-title">${v.deck.possible_next.map((kind) =>
          html`<button type="button" class="mj-kind" data-new-card="${kind}" aria-label="${kindName(kind)}">${swatches(kind.split("-"))}</button>`)}</div>`;
    }
    fill("pick", html`${game().result ? "" : markup}`);
  }

  // The turn entered so far, in words (the first word capitalised).
  function drawDraft() {
    const v = view();
    const parts = [];
    if (choice.fix_slot !== undefined) {
      const card = v.display[choice.fix_slot];
      const named = choice.fix_card ? html`<strong>${kindName(choice.fix_card)}</strong>` : "";
      parts.push(choice.fix_card ? th("Correction: {what} was the {card}, not the {old}", { what: fixedWhat(card), card: named, old: card.name })
        : th("Correcting {what}, entered as the {card}", { what: fixedWhat(card), card: card.name }));
    }
    if (choice.slot !== undefined) {
      const card = v.display[choice.slot];
      const strong = html`<strong>${card.name}</strong>`;
      const args = { player: moverOf(v).name, card: strong, cost: costText(card),
        half: choice.as ? charName(choice.as) : "", meeples: meeplesSaid(card.meeples) };
      const as = choice.as && card.characters.length === 2;
      parts.push(as ? (card.meeples ? th("{player} takes the {card} as {half} ({cost}, {meeples} on it)", args) : th("{player} takes the {card} as {half} ({cost})", args))
        : (card.meeples ? th("{player} takes the {card} ({cost}, {meeples} on it)", args) : th("{player} takes the {card} ({cost})", args)));
      if (choice.heal_as) parts.push(th("the healed card returns as {half}", { half: charName(choice.heal_as) }));
    }
    if (choice.new_card) {
      const card = html`<strong>${kindName(choice.new_card)}</strong>`;
      parts.push(parts.length ? th("turned up: {card}", { card }) : th("Turned up: {card}", { card }));
    }
    const shown = parts.length && !game().result;
    const steps = parts.reduceRight((rest, part) => (rest === null ? part : th("{first}; {rest}", { first: part, rest })), null);
    fill("draft", shown ? th("{steps}.", { steps }) : html``);
    $("#draft").hidden = !parts.length || Boolean(game().result);
  }

  // The Castle B exchange: a stepper, drawn once a turn so the field is never rebuilt.
  function drawCastle(need) {
    const box = $("#castle");
    if (!(need.what === "done" && need.castle) || game().result) { box.replaceChildren(); return; }
    if ($("#exchange", box)) return;
    const v = view();
    const mover = moverOf(v);
    const card = v.display[choice.slot];
    Companion.put(box, Companion.stepper({
      name: "exchange", id: "exchange", value: choice.exchange || 0,
      label: Words.t("Castle: meeples bought with points (\u2212 sold for points)"),
      min: -(mover.meeples - card.cost + card.meeples), max: Math.min(mover.points, v.supply.meeples),
    }));
  }

  const pointsWhy = (line) => Words.t("{points}: {why}", { points: signed(line.points), why: line.why });
  const meeplesChange = (n) => Words.tn("{n} meeple", "{n} meeples", Math.abs(n), { n: signed(n) });
  const chipsSaid = (chips) => Words.t("chips: {chips}", { chips });

  function lineList(lines) {
    const said = (line) => (line.meeples
      ? Words.tn("{points} and {n} meeple: {why}", "{points} and {n} meeples: {why}", Math.abs(line.meeples), { points: signed(line.points), n: signed(line.meeples), why: line.why })
      : pointsWhy(line));
    return lines.map((line) => html`<li>${said(line)}</li>`);
  }

  function chipsWords(chips) {
    if (!chips) return "";
    const parts = [];
    if (Object.keys(chips.take).length) parts.push(Words.t("take {chips}", { chips: chipsText(chips.take) }));
    if (Object.keys(chips.give).length) parts.push(Words.t("give back {chips}", { chips: chipsText(chips.give) }));
    if (chips.owed) parts.push(chips.owed > 0 ? Words.t("the box owes {n}", { n: chips.owed }) : Words.t("owes the box {n}", { n: -chips.owed }));
    return parts.join(", ");
  }

  // Who scores what on a turn: a line a player, its chips, then the reasons.
  function turnReport(last) {
    const events = [last.heal && last.heal.text, ...last.attacks.map((a) => a.text)].filter(Boolean);
    return html`${events.map((e) => html`<p class="mj-event">${Words.t("{event}.", { event: e })}</p>`)}
      ${last.players.filter((p) => p.lines.length || p.chips).map((p) => {
        const chips = chipsWords(p.chips);
        return html`<div class="mj-who"><p><strong>${p.name} ${signed(p.points)}</strong>${p.meeples ? `, ${meeplesChange(p.meeples)}` : ""}${chips ? html` \u00b7 <span class="mj-chips">${chipsSaid(chips)}</span>` : ""}</p>
          <ul>${lineList(p.lines)}</ul></div>`;
      })}`;
  }

  function drawPreview() {
    const shown = preview && !game().result;
    const title = shown ? Words.t("If {player} takes it", { player: moverOf(view()).name }) : "";
    fill("preview", shown ? html`<h2>${title}</h2>${turnReport(preview.last_turn)}` : html``);
    $("#preview").hidden = !preview || Boolean(game().result);
  }

  function drawLast(need) {
    const last = view().last_turn;
    const fixable = need.what === "slot" && !trail.length && !game().result && view().display.some((d) => d.correctable);
    $("#fix-open").hidden = !fixable;
    const shown = last && need.what === "slot" && !game().result;
    $("#last").hidden = !shown;
    if (!shown) return;
    const points = last.players.filter((p) => p.points).map((p) => `${p.name} ${signed(p.points)}`).join(", ");
    const summary = points ? Words.t("Last turn: {player} took the {card}: {points}", { player: last.player, card: last.name, points })
      : Words.t("Last turn: {player} took the {card}", { player: last.player, card: last.name });
    fill("last", html`<details><summary>${summary}</summary>
      ${turnReport(last)}</details>`);
  }

  function drawFinal() {
    const v = view();
    const final = v.final;
    $("#final").hidden = !final;
    if (!final) return;
    const title = Words.t("Final scores");
    const how = Words.t("How the final scoring went");
    const ranked = (r) => Words.t("{player}: {points}", { player: v.players[r.seat].name, points: r.points });
    const chips = (row) => Words.t("Chips: {chips}", { chips: chipsWords(row.chips) });
    fill("final", html`<h2>${title}</h2><ol id="ranking" class="mj-ranking">${v.ranking.map((r) =>
        html`<li><strong>${Words.number(r.rank)}.</strong> ${ranked(r)}</li>`)}</ol>
      <details><summary>${how}</summary>${final.players.map((row) => html`
        <div class="mj-who"><p><strong>${row.name}: ${Words.number(row.before)} \u2192 ${Words.number(row.after)}</strong></p>
        <ul>${row.steps.map((s) => html`<li>${pointsWhy(s)}</li>`)}</ul>
        ${row.chips ? html`<p class="mj-chips">${chips(row)}</p>` : ""}</div>`)}</details>`);
  }

  function drawPlayers() {
    const v = view();
    const knight = Words.t("(knight card)");
    const fewer = Words.t("Fewer chips");
    const done = Words.t("Done: record the swap");
    const sideOf = (l) => Words.t("side {side}", { side: l.side });
    const advice = (p) => Words.tn("Give {give}, take {take}: {n} chip.", "Give {give}, take {take}: {n} chips.", p.exchange.chips_after,
      { give: chipsText(p.exchange.give), take: chipsText(p.exchange.take) });
    fill("players", html`${v.players.map((p) => html`
      <section class="card mj-player${p.seat === v.turn ? " mover" : ""}" data-seat="${p.seat}">
        <h2>${p.name}${p.first ? html` <span class="small">${knight}</span>` : ""}
          <span class="mj-points" data-points="${p.seat}">${Words.number(p.points)}</span></h2>
        <p>${meeplesSaid(p.meeples)} \u00b7 ${Words.t("{n} of 12 cards", { n: p.cards })} \u00b7 ${infirmaryName()} ${Words.number(p.infirmary.length)}</p>
        <p class="small">${p.owed > 0 ? Words.t("Chips: {chips} (the box owes {n})", { chips: chipsText(p.chips), n: p.owed })
          : p.owed < 0 ? Words.t("Chips: {chips} (owes the box {n})", { chips: chipsText(p.chips), n: -p.owed })
            : Words.t("Chips: {chips}", { chips: chipsText(p.chips) })}</p>
        <ul class="mj-realm">${v.locations.filter((l) => l.id !== "infirmary").map((l) =>
          html`<li><span class="mj-loc c-${l.character}">${l.number}</span>${l.name} <span class="mj-side-tag" aria-label="${sideOf(l)}">${l.side}</span><strong>${(p.realm[l.id] || []).length}</strong></li>`)}</ul>
        ${p.exchange ? html`<details><summary>${fewer}</summary><p>${advice(p)}</p>
          <button type="button" class="secondary" data-change="${p.seat}">${done}</button></details>` : ""}
      </section>`)}`);
  }

  function drawDeck() {
    const v = view();
    const head = (part) => (part.tier === "both" ? Words.tn("The deck: {n} card.", "The deck: {n} cards.", part.cards)
      : Words.tn("Tier {tier}: {n} card.", "Tier {tier}: {n} cards.", part.cards, { tier: part.tier }));
    const parts = v.deck.parts.map((part) => html`<p><strong>${head(part)}</strong> ${part.note}</p>
        <ul class="mj-left">${Object.entries(part.kinds).filter(([, n]) => n).map(([kind, n]) =>
          html`<li>${swatches(kind.split("-"))}<strong>${n}</strong></li>`)}</ul>`);
    const title = Words.t("What is left in the deck");
    const empty = Words.t("The deck is empty.");
    const counts = Object.entries(v.deck.characters_known).map(([c, n]) => `${charName(c)} ${Words.number(n)}`).join(", ");
    const known = Words.t("By character, where the cards are known: {counts}.", { counts });
    fill("deck", html`<details><summary>${title}</summary>
      ${parts.length ? parts : html`<p>${empty}</p>`}
      <p class="small">${known}</p>
      </details>`);
  }

  // A location's name, side and majority value, as the setup box says them.
  function locationLine(l) {
    const location = html`<strong>${l.number}. ${l.name}</strong>`;
    const side = html`<span class="mj-side">${l.side}</span>`;
    return l.id === "infirmary" ? th("{location}, side {side}", { location, side })
      : th("{location}, side {side} · majority {n}", { location, side, n: l.majority });
  }

  // How the game was set up: each location's side with what it does, and the options in words.
  function drawSetup() {
    const v = view();
    const title = Words.t("Locations and options");
    fill("setup", html`<details id="setup-box"><summary>${title}</summary>
      <ul id="in-force" class="mj-in-force">${v.in_force.map((text) => html`<li>${text}</li>`)}</ul>
      <ul class="mj-locations">${v.locations.map((l) => html`<li data-location="${l.id}"><p>${locationLine(l)}</p>
        <p class="small">${l.text}</p></li>`)}</ul></details>`);
  }

  // What a tap on the action button before the turn is complete says is missing.
  function missing(need) {
    const mover = moverOf(view()).name;
    const card = need.card && need.card.name;
    return {
      slot: () => Words.t("First tap the card {player} takes.", { player: mover }),
      as: () => Words.t("First tap the half of the {card} that {player} places.", { card, player: mover }),
      heal_as: () => Words.t("First tap the half the healed {card} returns as.", { card }),
      new_card: () => Words.t("First tap the card turned up into the display."),
      fix_slot: () => Words.t("First tap the display card that was entered wrong."),
      fix_card: () => Words.t("First tap the card it really was."),
    }[need.what]();
  }

  function drawPrompt(need) {
    const g = game();
    const mover = moverOf(view());
    const button = $("#end-turn");
    button.hidden = Boolean(g.result);
    const ready = need.what === "done" || need.what === "fix_done";
    if (ready) button.removeAttribute("aria-disabled");
    else button.setAttribute("aria-disabled", "true");
    button.textContent = choice.fix ? Words.t("Correct it") : Words.t("Take the card");
    if (g.result) { $("#prompt").textContent = Words.t("The game is over: {reason}", { reason: g.result.reason }); return; }
    // "{who}" first: the shared part says "Your turn" for it on the mover's phone.
    const who = Words.t("{player}'s turn", { player: mover.name });
    const card = need.card && need.card.name;
    $("#prompt").textContent = {
      fix_slot: () => Words.t("Tap the display card that was entered wrong"),
      fix_card: () => Words.t("Tap the card the {card} really was", { card }),
      fix_done: () => Words.t("Check the correction, then tap Correct it"),
      slot: () => Words.t("{who}: tap the card you take (a split card by the half you place)", { who }),
      as: () => Words.t("{who}: tap the half of the {card} you place", { who, card }),
      heal_as: () => Words.t("{who}: tap the half the healed {card} returns as", { who, card }),
      new_card: () => Words.t("{who}: tap the card turned up into the display", { who }),
      done: () => (need.castle ? Words.t("{who}: set the Castle exchange, if any, then take the card", { who })
        : Words.t("{who}: check the points, then take the card", { who })),
    }[need.what]();
  }

  function redraw() {
    const need = game().result ? { what: "over" } : needs();
    drawStatus(); drawFinal(); drawDisplay(need); drawPick(need); drawDraft(); drawCastle(need);
    drawPreview(); drawLast(need); drawPlayers(); drawDeck(); drawSetup(); drawPrompt(need);
  }

  // -- Scan ----------------------------------------------------------------------------------

  // The engine's reason why a move is refused, or null when it takes it.
  async function refusal(move) {
    const { status, data } = await Companion.request("POST", `/api/games/${game().id}/check`, { move });
    return status === 200 ? null : Companion.failure(status, data);
  }

  // Why ``kind`` cannot be the card turned up, in the engine's words (null: it can be): the
  // question is asked with a turn that is otherwise complete (the free front card).
  async function newCardRefusal(kind) {
    if (view().deck.possible_next.includes(kind)) return null;
    const front = view().display[0];
    const move = { type: "take", slot: 0, new_card: kind };
    if (front.characters.length === 2) move.as = front.characters[0];
    const placed = move.as || front.characters[0];
    const top = moverOf(view()).infirmary.at(-1);
    if (placed === "witch" && top && top.card.includes("-")) move.heal_as = top.card.split("-")[0];
    return refusal(move);
  }

  // The page's answer to a scan (a printed Majesty card may also be a location's side or a
  // worker card). With no card chosen yet, the left-most card the display holds is the card
  // taken and another one the card turned up; once the card taken is chosen, the photo is of
  // the card turned up.
  async function scanned(cards) {
    if (game().result) return Words.t("The game is over: nothing to fill in.");
    if (choice.fix) return Words.t("A photo fills in a turn: finish the correction or undo it first.");
    const v = view();
    const notes = [];
    const characters = [];
    for (const c of cards) {
      if (/^[a-z]+(-[a-z]+)?$/.test(c.kind) && c.kind.split("-").every((part) => view().names.characters[part])) characters.push(c);
      else notes.push(Words.t("The {card} is not a card a turn takes.", { card: c.name }));
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
    for (const c of rest) notes.push(Words.t("{card} is left out: a turn takes one card and turns up one.", { card: c.name }));

    const filled = [];
    if (taken) {
      const slots = v.display.filter((d) => d.card === taken.kind);
      const slot = slots.find((d) => d.affordable) || slots[0];
      const error = slot.affordable ? null : await refusal({ type: "take", slot: slot.slot });
      if (error) notes.push(Words.t("The {card} cannot be taken: {why}", { card: taken.name, why: error.message }));
      else {
        takeSlot(slot.slot, null);
        const args = { card: taken.name, meeples: meeplesSaid(slot.cost) };
        const what = slot.cost ? Words.t("the card taken: the {card} costing {meeples}", args) : Words.t("the card taken: the {card} that is free", args);
        filled.push(slots.length > 1 ? Words.t("{what}; tap the other {card} if it was that one", { what, card: taken.name }) : what);
      }
    }
    if (fresh) {
      const error = await newCardRefusal(fresh.kind);
      if (error) notes.push(Words.t("The {card} cannot be the card turned up: {why}", { card: fresh.name, why: error.message }));
      else { setStep("new_card", fresh.kind); filled.push(Words.t("the card turned up: the {card}", { card: fresh.name })); }
    }
    if (!taken && !fresh && characters.length && choice.slot === undefined) {
      notes.push(Words.t("None of these cards is in the display."));
    }
    await refreshPreview();
    const next = { slot: () => Words.t("Tap the card taken."), as: () => Words.t("Tap the half placed."),
      heal_as: () => Words.t("Tap the half the healed card returns as."), new_card: () => Words.t("Tap the card turned up."),
      done: () => Words.t("Check the points, then take the card.") }[needs().what];
    const done = filled.length === 2 ? Words.t("Filled in {one}, and {other}.", { one: filled[0], other: filled[1] })
      : filled.length ? Words.t("Filled in {one}.", { one: filled[0] }) : "";
    return [done, ...notes, filled.length && next ? next() : ""].filter(Boolean).join(" ");
  }

  // -- Taps ----------------------------------------------------------------------------------

  function tapped(target) {
    const v = view();
    if (target.dataset.slot !== undefined) {
      const card = v.display[Number(target.dataset.slot)];
      if (target.getAttribute("aria-disabled") === "true") {
        const mover = moverOf(v);
        Companion.say({
          message: Words.t("{player} holds {held}, and the {card} costs {cost}: one on each card in front of it.",
            { player: mover.name, held: meeplesSaid(mover.meeples), card: card.name, cost: meeplesSaid(card.cost) }),
          url: `${game().urls.rules}#meeple-cost`, title: Words.t("Paying for a card"),
        }, "notice");
        return;
      }
      if (choice.slot === card.slot && target.dataset.as && !choice.as) setStep("as", target.dataset.as);
      else takeSlot(card.slot, target.dataset.as);
    } else if (target.id === "fix-open") {
      reset();
      setStep("fix", true);
    } else if (target.dataset.fixSlot !== undefined) {
      if (target.getAttribute("aria-disabled") === "true") {
        Companion.say({ message: Words.t("That card was in the display when the game started from a position: it is part of the position, not an entry to correct."),
          url: `${game().urls.rules}#correction`, title: Words.t("Correcting a card turned up") }, "notice");
        return;
      }
      setStep("fix_slot", Number(target.dataset.fixSlot));
    } else if (target.dataset.fixCard) setStep("fix_card", target.dataset.fixCard);
    else if (target.dataset.healAs) setStep("heal_as", target.dataset.healAs);
    else if (target.dataset.newCard) setStep("new_card", target.dataset.newCard);
    else return;
    Companion.say(null);
    refreshPreview();
  }

  function bind() {
    $("#board").addEventListener("click", (event) => {
      const target = event.target.closest("button");
      if (target) tapped(target);
    });
    $("#castle").addEventListener("input", (event) => {
      if (event.target.id !== "exchange") return;
      const value = Number(event.target.value) || 0;
      change(Words.t("Took back the Castle exchange ({n}).", { n: signed(value) }), () => {
        if (value) choice.exchange = value; else delete choice.exchange;
      }, "exchange");
      Companion.say(null);  // the draft changed: an answer about the old one goes
      refreshPreview();
    });
    $("#players").addEventListener("click", (event) => {
      const button = event.target.closest("[data-change]");
      if (button) Companion.send(`/api/games/${game().id}/moves`, { move: { type: "change", seat: Number(button.dataset.change) } });
    });
    $("#end-turn").addEventListener("click", () => {
      const need = needs();
      if (need.what === "done" || need.what === "fix_done") Companion.send(`/api/games/${game().id}/moves`, { move: move() });
      else Companion.say(missing(need), "notice");
    });
  }

  function start(payload, poll) {
    bind();
    Companion.start(payload, {
      poll, reset, scanned,
      redraw: (_game, moved) => { if (moved && !game().result && ["done", "fix_done"].includes(needs().what)) refreshPreview(); else redraw(); },
      draft: { steps: () => trail.length, undo, keep, snapshot, restore },
    });
  }

  return { start };
})();
