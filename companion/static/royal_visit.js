// Royal Visit's page: a compact board beside the cards. A turn is entered card by card: tap a
// card, and the moves the rules allow for it now (asked of the engine on the server, which
// judges every card) come up as buttons in place of the cards; tap one. A card with only one
// legal move is entered at once. The turn is stored only when "End turn" is pressed.
// A photo of the cards played (Scan) lists them, left to right, as the cards to place: each one
// opens its moves in turn, and a card the rules cannot take now is flagged with the engine's
// reason. A phone that says who holds it draws that player's Chateau at the bottom.
// While a card's moves are offered, the spaces they end on are highlighted on the board, and
// tapping one makes that move (the buttons stay, for the moves a space cannot name alone); for
// the Wizard's power, the pawns he may call are highlighted where they stand.
"use strict";

const RoyalVisit = (() => {
  const { $, html, failure } = Companion;
  const CARDS = [
    ["king-1", "King 1"], ["court", "Court (2 King)"],
    ["guard-1", "Guard 1"], ["guard-1+1", "Guard 1+1"],
    ["guard-flank", "Guard flank"], ["wizard-1", "Wizard 1"],
    ["wizard-2", "Wizard 2"], ["wizard-3", "Wizard 3"],
    ["jester-1", "Jester 1"], ["jester-2", "Jester 2"],
    ["jester-3", "Jester 3"], ["jester-4", "Jester 4"],
    ["jester-5", "Jester 5"], ["jester-middle", "Jester to middle"],
  ];
  const LABEL = Object.fromEntries(CARDS);
  const PAWN_LETTER = { king: "K", guard: "G", wizard: "W", jester: "J" };
  const PAWN_NAME = { king: "King", guard: "Guard", wizard: "Wizard", jester: "Jester" };

  // The turn being entered on this phone.
  let draft = [];          // cards accepted so far this turn
  let views = [];          // the engine's view after each of them (the preview of the turn)
  let base = null;         // the position the draft was begun in (see keep)
  let card = null;         // the card chosen, whose moves are offered
  let summon = false;      // the Wizard's power chosen (its moves are offered, or one chosen)
  let options = null;      // the legal moves offered (each with its card or summon, its button's
                           // words and the engine's view after it), null while being asked
  let asking = 0;          // the latest question for the options (older answers are dropped)
  let chosenSummon = null; // the summon move chosen, with the engine's view after it
  let photo = null;        // the card kinds of the last scan, in photo order
  let queue = [];          // of those, the ones still to place: {kind, flag}
  let probing = 0;         // the latest check of the queue (an older one's answers are dropped)

  const game = () => Companion.game;
  const preview = () => (chosenSummon ? chosenSummon.view : views[views.length - 1] || null);
  const view = () => preview() || game().view;
  // A space as the board and the engine's history print it: +3, 0, -3 (a name, not a change).
  const spaceName = (n) => (n > 0 ? `+${n}` : `${n}`);
  const say = (text, kind = "error") => Companion.say(text, kind);
  const check = (move) => Companion.request("POST", `/api/games/${game().id}/check`, { move });

  function suitOf(kind) { return kind === "court" ? "king" : kind.split("-")[0]; }

  function moverName() {
    const v = game().view;
    return v.turn !== null && v.turn !== undefined ? v.players[v.turn].name : null;
  }

  // -- drawing -------------------------------------------------------------------------------

  function pawnsAt(position, pawns) {
    const here = [];
    if (pawns.king === position) here.push("king");
    for (const guard of pawns.guards) if (guard === position) here.push("guard");
    if (pawns.wizard === position) here.push("wizard");
    if (pawns.jester === position) here.push("jester");
    return here;
  }

  // The space each offered move is tapped at on the board: where a card's move ends, where a
  // pawn the Wizard may call stands (none for a move no single space names).
  const space = (o) => (o.move ? o.from : o.to);

  // The spaces of the offered moves, marked on the board.
  function targets() {
    if (!options) return new Set();
    return new Set(options.map(space).filter((at) => at !== undefined));
  }

  // The board, one row a space: seat 0's Chateau (+8) at the top unless this phone is seat 0's,
  // which sees its own Chateau at the bottom, nearest the hand holding the phone.
  function drawBoard() {
    const v = view();
    const g = game();
    const flip = g.seat === 0;
    const [top, bottom] = flip ? [v.players[1], v.players[0]] : [v.players[0], v.players[1]];
    const marked = targets();
    const rows = [];
    for (let i = 0; i < 17; i++) {
      const position = flip ? i - 8 : 8 - i;
      const side = position === 0 ? "middle" : position > 0 ? "seat0" : "seat1";
      const castle = Math.abs(position) >= 7 ? " chateau" : "";
      const crown = v.crown.position === position
        ? html`<span class="rv-crown here" title="Crown">${v.crown.side === "big" ? "\u2655" : "\u265b"}<span class="sr">Crown, ${v.crown.side} side, </span></span>`
        : html`<span class="rv-crown${Math.abs(position) <= 6 ? "" : " none"}"></span>`;
      const chips = pawnsAt(position, v.pawns).map((p) =>
        html`<span class="rv-chip ${p}" aria-hidden="true">${PAWN_LETTER[p]}</span><span class="sr">${PAWN_NAME[p]}, </span>`);
      rows.push(html`<li class="rv-space ${side}${castle}${marked.has(position) ? " target" : ""}" data-pos="${position}">
        <span class="rv-num">${spaceName(position)}</span>${crown}<span class="rv-tokens">${chips}</span></li>`);
    }
    $("#board-top").textContent = `${top.name}'s Chateau`;
    $("#board-bottom").textContent = `${bottom.name}'s Chateau`;
    $("#board-top").className = `rv-end ${flip ? "bottom-seat" : "top-seat"}`;
    $("#board-bottom").className = `rv-end ${flip ? "top-seat" : "bottom-seat"}`;
    $("#board").setAttribute("aria-label", `The board, from ${top.name}'s Chateau down to ${bottom.name}'s`);
    Companion.put($("#board"), html`${rows}`);
  }

  function drawStatus() {
    const g = game();
    const v = g.view;
    const result = g.result;
    const mover = moverName();
    const last = v.last_turn;
    const crownWhy = last && last.crown.steps.length
      ? last.crown.steps.map((step) => `+${step.steps} ${step.reason}`).join(", ")
      : "no Crown move";
    const played = !last ? "" : last.summon ? last.summon.text
      : last.cards.length ? last.cards.map((c) => c.text).join(", ") : "passed";
    Companion.put($("#status"), html`
      ${result ? html`<p class="winner" id="winner">${result.winners.map((s) => v.players[s].name).join(" and ")} won: ${result.reason}</p>` : ""}
      <p class="rv-line">${mover ? html`<span class="rv-turn" id="turn">${mover}'s turn${v.jester_power ? html` <span class="rv-power">Jester's power</span>` : ""}</span>` : ""}
        <span class="rv-crown-now">Crown <strong id="crown">${spaceName(v.crown.position)}</strong> ${v.crown.side === "big" ? "Big" : "Little"}</span></p>
      <p class="rv-figures">Pile <strong id="draw-pile">${v.draw_pile}</strong> · Reshuffles <strong id="reshuffles">${v.reshuffles}</strong>
        · Hands ${v.players.map((p) => `${p.name} ${p.hand_size}`).join(", ")}</p>
      ${last ? html`<p class="rv-last" id="last-turn">Last turn, ${last.player}: ${played}; ${crownWhy}; drew ${last.drawn}${last.reshuffled ? "; the deck was reshuffled" : ""}.</p>` : ""}`);
  }

  // A move offered: the pawn, then a line for each pawn's move (a Guard 1+1 split has two).
  function optionHtml(option, i) {
    return html`<button type="button" class="rv-option ${option.suit}" data-option="${i}"
      ${option.to !== undefined ? html`data-to="${option.to}"` : ""} data-move="${option.key}"
      aria-label="${option.says}"><span class="rv-what">${option.what}</span>${option.where
        .map((line) => html`<span class="rv-where">${line}</span>`)}</button>`;
  }

  // The right-hand panel: the cards, or the chosen card's legal moves.
  function drawPanel() {
    const finished = Boolean(game().result);
    const open = card !== null || (summon && !chosenSummon);
    if (open) {
      const title = summon ? "Wizard's power" : LABEL[card];
      const body = options === null
        ? html`<p class="small">Asking the rules which moves ${title} can make…</p>`
        : html`<div class="rv-options">${options.map(optionHtml)}</div>`;
      // Two King cards from the photo may be played together as the King's privilege.
      const court = card === "king-1" && queue.filter((q) => q.kind === "king-1").length >= 2
        ? html`<button type="button" class="rv-card king" data-card="court">Court (2 King)</button>` : "";
      Companion.put($("#panel"), html`<div class="rv-panel-head"><strong>${title}</strong>
        <button type="button" class="secondary" id="back">Back</button></div>${court}${body}`);
    } else {
      Companion.put($("#panel"), html`<div class="rv-cards" id="cards">${CARDS.map(([kind, label]) =>
        html`<button type="button" class="rv-card ${suitOf(kind)}" data-card="${kind}">${label}</button>`)}
        <button type="button" id="summon" class="secondary${summon ? " selected" : ""}">Wizard's power</button>
        <button type="button" id="pass" class="secondary">Pass</button></div>`);
    }
    const lines = draft.map((c, i) => html`<li>${i + 1}. ${cardText(c)}</li>`);
    if (chosenSummon) lines.push(html`<li>Wizard's power: ${summonText(chosenSummon.move)}</li>`);
    Companion.put($("#draft"), html`${lines}`);
    $("#draft-box").hidden = !lines.length;
    // Greyed while there is nothing to store, but a tap on it still says why.
    $("#end-turn").classList.toggle("idle", finished || !steps() || open);
    drawQueue();
  }

  function drawPrompt() {
    const g = game();
    const mover = moverName();
    let prompt;
    if (g.result) {
      const names = g.result.winners.map((s) => g.view.players[s].name).join(" and ");
      prompt = `The game is over: ${names} won.`;
    } else if (summon && !chosenSummon) prompt = "Wizard's power: tap the pawn to call to the Wizard";
    else if (chosenSummon) prompt = "Press End turn to store the summon";
    else if (card === "court") prompt = "Court (2 King): tap which way the Court moves";
    else if (card && (suitOf(card) === "guard" || (options && new Set(options.map((o) => o.pawn)).size > 1))) {
      prompt = `${LABEL[card]}: tap the move`;
    } else if (card) prompt = `${LABEL[card]}: tap where the ${PAWN_NAME[suitOf(card)]} goes`;
    else if (queue.some((q) => !q.flag)) prompt = `From the photo: tap ${LABEL[queue.find((q) => !q.flag).kind]}`;
    else if (draft.length) prompt = "another card, or End turn";
    else prompt = "choose a card, the Wizard's power, or pass";
    if (!g.result && card === "king-1" && queue.filter((q) => q.kind === "king-1").length >= 2) {
      prompt += ", or Court (2 King) for the King's privilege";
    }
    const p = preview();
    if (!g.result && p && !card) prompt += ` (ending now: Crown to ${spaceName(p.crown.position)})`;
    $("#prompt").textContent = g.result ? prompt : `${mover}'s turn: ${prompt}`;
  }

  function cardText(c) {
    if (c.card === "court") {
      const toward = c.dir > 0 ? game().view.players[0].name : game().view.players[1].name;
      return `Court (2 King): one space toward ${toward}'s Chateau`;
    }
    if (c.card === "guard-flank") return "Guard flank: both Guards beside the King";
    const moves = c.moves.map((m) => `${PAWN_NAME[m.pawn]} ${spaceName(m.from)} → ${spaceName(m.to)}`).join(", ");
    return `${LABEL[c.card]}: ${moves}`;
  }

  function summonText(move) {
    const pawns = game().view.pawns;
    const from = move.pawn === "king" ? pawns.king : move.from;
    return `${PAWN_NAME[move.pawn]} ${spaceName(from)} → ${spaceName(pawns.wizard)}`;
  }

  // The scanned cards still to place, in photo order; a flagged one says why it cannot be now
  // (tapped, it says so in the action bar, with its rule).
  function drawQueue() {
    const box = $("#scan-queue");
    box.hidden = !queue.length || Boolean(game().result);
    const current = queue.findIndex((q) => q.kind === card && !q.flag);
    Companion.put(box, queue.length ? html`<h3>From the photo, in order</h3><ol>${queue.map((q, i) =>
      html`<li><button type="button" class="rv-card ${suitOf(q.kind)}${i === current ? " selected" : ""}" data-queue="${i}">${LABEL[q.kind]}</button>
        ${q.flag ? html`<span class="rv-flag" data-flag="${q.kind}">Cannot be played now: ${q.flag.message}</span>` : ""}</li>`
    )}</ol>` : html``);
  }

  function redraw() {
    drawStatus(); drawBoard(); drawPanel(); drawPrompt();
    Companion.drafted();  // a move entered on the engine's answer is a step for the bar's Undo
  }

  // -- the draft -----------------------------------------------------------------------------

  // The cards entered, the summon chosen, and a card or the Wizard's power whose moves are offered.
  function steps() { return draft.length + (chosenSummon ? 1 : 0) + (card !== null || (summon && !chosenSummon) ? 1 : 0); }

  function reset() {
    draft = []; views = []; base = null; card = null; summon = false; options = null; asking++;
    chosenSummon = null; photo = null; queue = []; probing++;
  }

  function position(g) {
    const v = g.view;
    return JSON.stringify([v.turn_number, v.turn, v.pawns, v.crown, v.draw_pile, g.result]);
  }

  // A first step: the draft belongs to the position it is begun in.
  function begin() { if (!steps()) base = position(game()); }

  // Another phone stored an entry while this one was entering a turn: the draft stays if the
  // table is where it was (a rulings change, a seat claimed), and is dropped if the turn moved.
  function keep(g) {
    if (base === null || position(g) === base) return null;
    const [number, turn] = JSON.parse(base);
    const name = turn !== null && turn !== undefined ? g.view.players[turn].name : "This";
    const what = summon ? "the Wizard's power chosen here was"
      : draft.length ? "the cards picked here were" : "the card chosen here was";
    const how = g.view.turn_number > number || g.result ? "stored" : "changed";
    return `${name}'s turn was ${how} on another phone, so ${what} dropped.`;
  }

  // The toolbar's Undo while a turn is being entered: the last step only (the shared code
  // redraws and says the sentence).
  function undo() {
    if (card !== null || (summon && !chosenSummon)) {
      const title = summon ? "the Wizard's power" : LABEL[card];
      close();
      summon = false;
      return `Put back ${title}: no move was entered.`;
    }
    if (chosenSummon) {
      const text = summonText(chosenSummon.move);
      chosenSummon = null; summon = false;
      return `Took back the Wizard's power: ${text}.`;
    }
    const last = draft.pop();
    views.pop();
    if (photo) requeue();
    return `Took back ${cardText(last)}.`;
  }

  function close() { card = null; options = null; asking++; }

  // The shared Redo inside a turn: the cards (or the summon) as they were before an Undo.
  function snapshot() {
    if (card !== null || (summon && !chosenSummon)) return null;  // an open card: nothing to put back
    return { draft: draft.slice(), views: views.slice(), chosenSummon, base };
  }

  function restore(saved) {
    close();
    ({ draft, views, chosenSummon, base } = saved);
    summon = Boolean(chosenSummon);
    if (photo) requeue();
    return chosenSummon ? `Put back the Wizard's power: ${summonText(chosenSummon.move)}.`
      : `Put back ${cardText(draft[draft.length - 1])}.`;
  }

  // The move the turn would store now (the shared page checks it when the rulings change).
  const move = () => (chosenSummon ? chosenSummon.move : draft.length ? { type: "play", cards: draft } : null);

  // -- choosing moves ------------------------------------------------------------------------

  // The moves a card might make now, from the pawns as they stand after the draft; the engine
  // says which of them are legal. A Jester card tries every pawn (it is wild with the power).
  function tries(kind) {
    const pawns = view().pawns;
    const at = { king: [pawns.king], guard: pawns.guards, wizard: [pawns.wizard], jester: [pawns.jester] };
    const moved = (pawn, to) => at[pawn].map((from) => ({ pawn, from, to: to(from) }));
    const steps = (pawnsMoved, n) => pawnsMoved.flatMap((p) => [...moved(p, (f) => f + n), ...moved(p, (f) => f - n)]);
    const others = ["jester", "king", "guard", "wizard"];
    if (kind === "guard-flank") return [{ card: kind }];
    if (kind === "court") return [{ card: kind, dir: 1 }, { card: kind, dir: -1 }];
    if (kind === "jester-middle") return others.flatMap((p) => moved(p, () => 0)).map((m) => ({ card: kind, moves: [m] }));
    const n = Number(kind.split("-").pop());
    if (kind === "guard-1+1") {
      const [low, high] = pawns.guards;
      const split = [-1, 1].flatMap((a) => [-1, 1].map((b) => ({ card: kind, moves: [
        { pawn: "guard", from: low, to: low + a }, { pawn: "guard", from: high, to: high + b }] })));
      return steps(["guard"], 2).map((m) => ({ card: kind, moves: [m] })).concat(split);
    }
    const suit = suitOf(kind);
    return steps(suit === "jester" ? others : [suit], n).map((m) => ({ card: kind, moves: [m] }));
  }

  // How an offered move reads on its button.
  function describeOption(c) {
    const v = view();
    if (c.card === "court") {
      const toward = v.players[c.dir > 0 ? 0 : 1].name;
      return { suit: "king", pawn: "king", to: v.pawns.king + c.dir, key: `court:${c.dir}`,
        what: `Toward ${toward}`, where: [`King ${spaceName(v.pawns.king)} → ${spaceName(v.pawns.king + c.dir)}`],
        says: `Court (2 King): the King and both Guards one space toward ${toward}'s Chateau` };
    }
    if (c.card === "guard-flank") {
      return { suit: "guard", pawn: "guard", key: "flank", what: "Both Guards", where: ["beside the King"],
        says: "Guard flank: both Guards beside the King" };
    }
    const key = c.moves.map((m) => `${m.pawn}:${m.from}>${m.to}`).join(" ");
    const where = c.moves.map((m) => `${spaceName(m.from)} → ${spaceName(m.to)}`);
    const pawn = c.moves[0].pawn;
    const what = c.moves.length > 1 ? "Both Guards" : PAWN_NAME[pawn];
    return { suit: pawn, pawn, key, what, where, to: c.moves.length === 1 ? c.moves[0].to : undefined,
      says: `${LABEL[c.card]}: ${what} ${c.moves.map((m) => `from ${m.from} to ${m.to}`).join(" and ")}` };
  }

  // Ask the engine which of the card's moves it takes after the draft; offer those. None: say
  // why (the first refusal); one: enter it at once.
  async function offer(kind) {
    const run = ++asking;
    const attempts = tries(kind);
    const answers = await Promise.all(attempts.map((c) => check({ type: "play", cards: draft.concat([c]) })));
    if (run !== asking) return;
    const legal = [];
    let refusal = null;
    answers.forEach(({ status, data }, i) => {
      if (status === 200) legal.push({ ...describeOption(attempts[i]), card: attempts[i], view: data.view });
      else if (!refusal) refusal = failure(status, data);
    });
    // Single moves before Guard 1+1 splits; each pawn's moves together, by where from and to.
    const first = (c) => (c.moves ? c.moves[0] : { pawn: "king", from: 0, to: c.dir || 0 });
    const pawnOrder = [...new Set(attempts.map((c) => first(c).pawn))];
    const key = (c) => [c.moves ? c.moves.length : 1, pawnOrder.indexOf(first(c).pawn), first(c).from, first(c).to];
    legal.sort((a, b) => {
      const [x, y] = [key(a.card), key(b.card)];
      return x.map((v, i) => v - y[i]).find((d) => d !== 0) || 0;
    });
    if (!legal.length) {
      close();
      redraw();
      say(refusal);
      return;
    }
    if (legal.length === 1) {
      close();
      enter(legal[0]);
      say(`${legal[0].says}: the only move the rules allow now.`, "ok");
      return;
    }
    options = legal;
    redraw();
  }

  async function offerSummons() {
    const run = ++asking;
    const moves = game().view.summons;
    const answers = await Promise.all(moves.map((m) => check(m)));
    if (run !== asking) return;
    const pawns = game().view.pawns;
    options = [];
    answers.forEach(({ status, data }, i) => {
      if (status !== 200) return;
      const m = moves[i];
      const from = m.pawn === "king" ? pawns.king : m.from;
      options.push({ suit: m.pawn, pawn: m.pawn, from, to: pawns.wizard, key: `summon:${m.pawn}:${from}`, move: m, view: data.view,
        what: PAWN_NAME[m.pawn], where: [`${spaceName(from)} → ${spaceName(pawns.wizard)}`],
        says: `Wizard's power: the ${PAWN_NAME[m.pawn]} from ${from} to the Wizard on ${pawns.wizard}` });
    });
    if (!options.length) {
      const { status, data } = await check({ type: "summon", pawn: "king" });
      if (run !== asking) return;
      summon = false; options = null;
      redraw();
      say(failure(status, data));
      return;
    }
    if (options.length === 1) {
      const [only] = options;
      enter(only);
      say(`${only.says}: the only call the rules allow now.`, "ok");
      return;
    }
    redraw();
  }

  function enter(option) {
    begin();
    if (option.move) {  // a summon
      chosenSummon = { move: option.move, view: option.view };
      summon = true;
      options = null;
      redraw();
      return;
    }
    draft.push(option.card);
    views.push(option.view);
    if (queue.length) placed(option.card);
    redraw();
    if (photo) follow();
  }

  function chooseCard(kind) {
    if (game().result) return;
    if (summon) { say("The Wizard's power is the whole turn: Undo it first to play cards instead."); return; }
    begin();
    Companion.say(null);  // the answer to the last tap is not this card's
    card = kind;
    options = null;
    redraw();
    offer(kind);
  }

  // -- Scan ----------------------------------------------------------------------------------

  // Refusals that hold whatever the card's moves are: no need to try its other moves.
  const TURN_WIDE = new Set(["one-type", "copies", "hand-size", "end-king", "game-over"]);

  // Ask the engine whether each scanned kind can come next; flag those that cannot.
  async function probe() {
    const run = ++probing;
    const kinds = [...new Set(queue.map((q) => q.kind))];
    const flags = {};
    for (const kind of kinds) {
      flags[kind] = null;
      for (const attempt of tries(kind)) {
        const { status, data } = await check({ type: "play", cards: draft.concat([attempt]) });
        if (run !== probing) return false;
        if (status === 200) { flags[kind] = null; break; }
        const error = failure(status, data);
        if (!flags[kind]) flags[kind] = { message: error.message.replace(/^Card \d+ \([^)]*\): /, "") };
        if (TURN_WIDE.has(error.rule)) break;
      }
    }
    for (const q of queue) q.flag = flags[q.kind];
    return true;
  }

  // After the queue changed: flag what cannot come next, and open the first card that can.
  async function follow() {
    if (!(await probe())) return;
    const next = queue.find((q) => !q.flag);
    if (next && !summon && card === null) { chooseCard(next.kind); return; }
    redraw();
  }

  // Take the placed card off the list (the Court takes two King cards).
  function placed(newCard) {
    const kinds = newCard.card === "court" ? ["king-1", "king-1"] : [newCard.card];
    for (const kind of kinds) {
      const at = queue.findIndex((q) => q.kind === kind);
      if (at >= 0) queue.splice(at, 1);
    }
  }

  // The photo's cards not yet placed by the draft.
  function requeue() {
    const left = photo.slice();
    for (const c of draft) {
      for (const kind of c.card === "court" ? ["king-1", "king-1"] : [c.card]) {
        const at = left.indexOf(kind);
        if (at >= 0) left.splice(at, 1);
      }
    }
    queue = left.map((kind) => ({ kind, flag: null }));
    return left;
  }

  // The page's answer to a scan: the cards are this turn's, less those already placed.
  async function scanned(cards) {
    if (game().result) return "The game is over: nothing to fill in.";
    const kinds = cards.map((c) => c.kind).filter((kind) => LABEL[kind]);
    if (!kinds.length) return "";
    photo = kinds;
    if (summon) { summon = false; chosenSummon = null; }
    close();
    const left = requeue();
    Companion.say(null);
    redraw();  // no move of a card chosen before the photo stays on offer while the rules are asked
    await probe();
    const next = queue.find((q) => !q.flag);
    if (next) chooseCard(next.kind); else redraw();
    const placedAlready = kinds.length - left.length;
    const flagged = queue.filter((q) => q.flag).length;
    return [
      queue.length ? `${queue.length} card${queue.length === 1 ? "" : "s"} to place in photo order: tap where each one goes, then End turn.` : "Every card in the photo is already placed.",
      placedAlready ? `${placedAlready} already placed this turn.` : "",
      flagged ? `${flagged} cannot be played now (see why below).` : "",
    ].filter(Boolean).join(" ");
  }

  // -- taps ----------------------------------------------------------------------------------

  // A tap on the board: the highlighted space nearest the finger (within half a 44 px target,
  // so a space's row is easy to hit though it is drawn 22 px high) names the move ending there.
  function boardTap(event) {
    if (!options) return;
    let best = null;
    let distance = 22;
    for (const row of $("#board").querySelectorAll(".rv-space.target")) {
      const box = row.getBoundingClientRect();
      const off = Math.abs(event.clientY - (box.top + box.height / 2));
      if (off <= distance) { best = row; distance = off; }
    }
    if (!best) return;
    const at = Number(best.dataset.pos);
    const here = options.filter((o) => space(o) === at);
    if (here.length === 1) { close(); enter(here[0]); return; }
    say(`${here.length} moves end on ${spaceName(at)} (${here.map((o) => o.what).join(", ")}): tap the move's button.`, "ok");
  }

  function bind() {
    $("#board").addEventListener("click", boardTap);
    $("#panel").addEventListener("click", async (event) => {
      const target = event.target.closest("button");
      if (!target) return;
      if (target.dataset.card) { chooseCard(target.dataset.card); return; }
      if (target.dataset.option !== undefined && options) { const chosen = options[Number(target.dataset.option)]; close(); enter(chosen); return; }
      if (target.id === "back") { close(); if (!chosenSummon) summon = false; redraw(); return; }
      if (target.id === "summon") {
        if (draft.length) { say("The Wizard's power is a whole turn: take back this turn's cards first (Undo)."); return; }
        begin();
        Companion.say(null);
        summon = true; options = null;
        redraw();
        offerSummons();
        return;
      }
      if (target.id === "pass") {
        if (draft.length) { say("A pass plays no card: take back this turn's cards first (Undo)."); return; }
        if (!(await Companion.ask(`Pass ${moverName()}'s turn without playing a card?`, "Pass"))) return;
        await Companion.send(`/api/games/${game().id}/moves`, { move: { type: "pass" } });
      }
    });
    $("#scan-queue").addEventListener("click", (event) => {
      const button = event.target.closest("[data-queue]");
      if (button) { close(); chooseCard(queue[Number(button.dataset.queue)].kind); }
    });
    $("#clear").addEventListener("click", () => {
      const kinds = photo;  // the photo's cards go back on the list to place
      reset(); Companion.say(null); redraw();
      if (kinds) { photo = kinds; requeue(); follow(); }
    });
    $("#end-turn").addEventListener("click", async () => {
      if (game().result) return;
      if (card !== null || (summon && !chosenSummon)) { say("Tap one of the moves offered first, or Back."); return; }
      if (!draft.length && !chosenSummon) { say("Nothing to store yet: choose a card, the Wizard's power, or Pass."); return; }
      await Companion.send(`/api/games/${game().id}/moves`, { move: move() });  // stored: it drops the draft
    });
  }

  function start(payload, poll) {
    bind();
    Companion.start(payload, { poll, reset, redraw, scanned, draft: { steps, undo, keep, snapshot, restore, move } });
  }

  return { start };
})();
