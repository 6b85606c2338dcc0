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
// An earlier turn entered wrong is corrected from the same controls: "Correct a turn" beside Pass
// (between turns) opens a sheet of the last turns; one tapped is entered again, as it was
// played, from the position it was played in (the board shows it), and Correct it stores the
// correction, an entry of its own. The page then says what the engine kept and, when a later
// turn the rules now refuse was dropped, names it and fills in its cards as far as they still go.
"use strict";

const RoyalVisit = (() => {
  const { $, html, failure, th } = Companion;
  // The card buttons, in order; their names (as the table's edition prints them, in the phone's
  // language) and the pawns' come with the view (view.names).
  const CARDS = ["king-1", "court", "guard-1", "guard-1+1", "guard-flank", "wizard-1", "wizard-2",
    "wizard-3", "jester-1", "jester-2", "jester-3", "jester-4", "jester-5", "jester-middle"];
  const KNOWN = new Set(CARDS);

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
  let fixing = null;       // the earlier turn being entered again (one of view.correctable)

  const game = () => Companion.game;
  const label = (kind) => game().view.names.cards[kind];   // a card's name on its button
  const pawnName = (pawn) => game().view.names.pawns[pawn];
  const pawnLetter = (pawn) => game().view.names.letters[pawn];  // on its chip on the board
  const preview = () => (chosenSummon ? chosenSummon.view : views[views.length - 1] || null);
  // The position the turn is entered in: the table's, or the one a corrected turn was played in.
  const table = () => (fixing ? { ...game().view, ...fixing.position, last_turn: null } : game().view);
  const view = () => preview() || table();
  // A space as the board and the engine's history print it: +3, 0, -3 (a name, not a change).
  const spaceName = (n) => (n > 0 ? `+${n}` : `${n}`);
  const say = (text, kind = "error") => Companion.say(text, kind);
  // A turn as stored: a correction of the turn being fixed, or the turn on now.
  const wrap = (m) => (fixing ? { type: "correct", turn: fixing.turn, move: m } : m);
  // Would the rules take this turn (so far)? The answer's view is the position after it: for a
  // correction, the position right after the corrected turn (view.correction.at).
  async function check(m) {
    const answer = await Companion.request("POST", `/api/games/${game().id}/check`, { move: wrap(m) });
    const at = answer.status === 200 && answer.data.view.correction ? answer.data.view.correction.at : null;
    if (fixing && at) answer.data = { ...answer.data, view: { ...game().view, ...at, last_turn: null } };
    return answer;
  }

  function suitOf(kind) { return kind === "court" ? "king" : kind.split("-")[0]; }

  function moverName() {
    const v = table();
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
      const crownSide = v.crown.side === "big" ? Words.t("Crown, Big side") : Words.t("Crown, Little side");
      const crown = v.crown.position === position
        ? html`<span class="rv-crown here" title="${crownSide}">${v.crown.side === "big" ? "\u2655" : "\u265b"}<span class="sr">${crownSide}, </span></span>`
        : html`<span class="rv-crown${Math.abs(position) <= 6 ? "" : " none"}"></span>`;
      const chips = pawnsAt(position, v.pawns).map((p) =>
        html`<span class="rv-chip ${p}" aria-hidden="true">${pawnLetter(p)}</span><span class="sr">${pawnName(p)}, </span>`);
      rows.push(html`<li class="rv-space ${side}${castle}${marked.has(position) ? " target" : ""}" data-pos="${position}">
        <span class="rv-num">${spaceName(position)}</span>${crown}<span class="rv-tokens">${chips}</span></li>`);
    }
    $("#board-top").textContent = Words.t("{player}'s Chateau", { player: top.name });
    $("#board-bottom").textContent = Words.t("{player}'s Chateau", { player: bottom.name });
    $("#board-top").className = `rv-end ${flip ? "bottom-seat" : "top-seat"}`;
    $("#board-bottom").className = `rv-end ${flip ? "top-seat" : "bottom-seat"}`;
    $("#board").setAttribute("aria-label", Words.t("The board, from {top}'s Chateau down to {bottom}'s", { top: top.name, bottom: bottom.name }));
    Companion.put($("#board"), html`${rows}`);
  }

  function drawStatus() {
    const g = game();
    const v = table();  // while a turn is corrected, the position it was played in
    const result = g.result;
    const mover = moverName();
    const last = v.last_turn;
    const correcting = fixing && Words.t("Correcting turn {turn}", { turn: fixing.turn });
    const crownWhy = last && last.crown.steps.length
      ? last.crown.steps.map((step) => Words.t("+{n} {reason}", { n: step.steps, reason: step.reason })).join(", ")
      : Words.t("no Crown move");
    const played = !last ? "" : last.summon ? last.summon.text
      : last.cards.length ? last.cards.map((c) => c.text).join(", ") : Words.t("passed");
    const place = html`<strong id="crown">${spaceName(v.crown.position)}</strong>`;
    // (every message of the scripts is said outside a template literal, where Babel finds it)
    const won = result && Words.t("{player} won: {reason}", { player: v.players[result.winners[0]].name, reason: result.reason });
    const turn = mover && Words.t("{player}'s turn", { player: mover });
    const power = Words.t("Jester's power");
    const crownNow = v.crown.side === "big" ? th("Crown {place} Big", { place }) : th("Crown {place} Little", { place });
    const pile = html`<strong id="draw-pile">${Words.number(v.draw_pile)}</strong>`;
    const reshuffles = html`<strong id="reshuffles">${Words.number(v.reshuffles)}</strong>`;
    const hands = v.players.map((p) => [p.name, Words.number(p.hand_size)].join(" ")).join(", ");
    const counts = th("Pile {pile} · Reshuffles {reshuffles} · Hands {hands}", { pile, reshuffles, hands });
    const figures = last && { player: last.player, played, crown: crownWhy, n: last.drawn };
    const fixed = v.correction;
    const lastTurn = fixing ? Words.t("Turn {turn} ({player}) was entered as: {line}", { turn: fixing.turn, player: fixing.player, line: fixing.text })
      : fixed ? fixed.said : !last ? "" : last.reshuffled
      ? Words.t("Last turn, {player}: {played}; {crown}; drew {n}; the deck was reshuffled.", figures)
      : Words.t("Last turn, {player}: {played}; {crown}; drew {n}.", figures);
    Companion.put($("#status"), html`
      ${result ? html`<p class="winner" id="winner">${won}</p>` : ""}
      <p class="rv-line">${mover ? html`<span class="rv-turn" id="turn">${correcting || turn}${v.jester_power ? html` <span class="rv-power">${power}</span>` : ""}</span>` : ""}
        <span class="rv-crown-now">${crownNow}</span></p>
      <p class="rv-figures">${counts}</p>
      ${lastTurn ? html`<p class="rv-last${fixing ? " fixing" : ""}" id="last-turn">${lastTurn}</p>` : ""}`);
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
      const title = summon ? Words.t("Wizard's power") : label(card);
      const asking = Words.t("Asking the rules which moves {card} can make…", { card: title });
      const back = Words.t("Back");
      const body = options === null
        ? html`<p class="small">${asking}</p>`
        : html`<div class="rv-options">${options.map(optionHtml)}</div>`;
      // Two King cards from the photo may be played together as the King's privilege.
      const court = card === "king-1" && queue.filter((q) => q.kind === "king-1").length >= 2
        ? html`<button type="button" class="rv-card king" data-card="court">${label("court")}</button>` : "";
      Companion.put($("#panel"), html`<div class="rv-panel-head"><strong>${title}</strong>
        <button type="button" class="secondary" id="back">${back}</button></div>${court}${body}`);
    } else {
      const [power, pass, fix] = [Words.t("Wizard's power"), Words.t("Pass"), Words.t("Correct a turn")];
      // An earlier turn to correct, between turns (not while one is being entered or corrected).
      const fixable = !finished && !steps() && game().view.correctable.length > 0;
      Companion.put($("#panel"), html`<div class="rv-cards" id="cards">${CARDS.map((kind) =>
        html`<button type="button" class="rv-card ${suitOf(kind)}" data-card="${kind}">${label(kind)}</button>`)}
        <button type="button" id="summon" class="secondary${summon ? " selected" : ""}">${power}</button>
        <button type="button" id="pass" class="secondary">${pass}</button>
        ${fixable ? html`<button type="button" id="fix-open" class="secondary rv-fix-open" aria-haspopup="dialog" aria-controls="fix-sheet">${fix}</button>` : ""}</div>`);
    }
    const lines = draft.map((c, i) => Words.t("{n}. {card}", { n: i + 1, card: cardText(c) })).map((line) => html`<li>${line}</li>`);
    if (chosenSummon) {
      const line = Words.t("Wizard's power: {move}", { move: summonText(chosenSummon.move) });
      lines.push(html`<li>${line}</li>`);
    }
    Companion.put($("#draft"), html`${lines}`);
    $("#draft-box").hidden = !lines.length;
    // Greyed while there is nothing to store, and said so, but a tap on it still says why.
    const idle = finished || open || (!draft.length && !chosenSummon);
    $("#end-turn").classList.toggle("idle", idle);
    $("#end-turn").setAttribute("aria-disabled", String(idle));
    $("#end-turn").textContent = fixing ? Words.t("Correct it") : Words.t("End turn");
    drawQueue();
  }

  function drawPrompt() {
    const g = game();
    const mover = moverName();
    let prompt;
    if (g.result) {
      prompt = Words.t("The game is over: {player} won.", { player: g.view.players[g.result.winners[0]].name });
    } else if (summon && !chosenSummon) prompt = Words.t("Wizard's power: tap the pawn to call to the Wizard");
    else if (chosenSummon) prompt = fixing ? Words.t("Press Correct it to store the summon") : Words.t("Press End turn to store the summon");
    else if (card === "court") prompt = Words.t("{card}: tap which way the Court moves", { card: label("court") });
    else if (card && (suitOf(card) === "guard" || (options && new Set(options.map((o) => o.pawn)).size > 1))) {
      prompt = Words.t("{card}: tap the move", { card: label(card) });
    } else if (card) prompt = Words.t("{card}: tap where the {pawn} goes", { card: label(card), pawn: pawnName(suitOf(card)) });
    else if (queue.some((q) => !q.flag)) prompt = Words.t("From the photo: tap {card}", { card: label(queue.find((q) => !q.flag).kind) });
    else if (draft.length) prompt = fixing ? Words.t("another card, or Correct it") : Words.t("another card, or End turn");
    else prompt = Words.t("choose a card, the Wizard's power, or pass");
    if (!g.result && card === "king-1" && queue.filter((q) => q.kind === "king-1").length >= 2) {
      prompt = Words.t("{prompt}, or {court} for the King's privilege", { prompt, court: label("court") });
    }
    const p = preview();
    if (!g.result && p && !card) prompt = Words.t("{prompt} (ending now: Crown to {place})", { prompt, place: spaceName(p.crown.position) });
    $("#prompt").textContent = g.result ? prompt : fixing
      ? Words.t("Turn {turn} as played, {player}: {prompt}", { turn: fixing.turn, player: mover, prompt })
      : Words.t("{player}'s turn: {prompt}", { player: mover, prompt });
  }

  function cardText(c) {
    if (c.card === "court") {
      const toward = c.dir > 0 ? game().view.players[0].name : game().view.players[1].name;
      return Words.t("{card}: one space toward {player}'s Chateau", { card: label("court"), player: toward });
    }
    if (c.card === "guard-flank") return Words.t("{card}: both Guards beside the King", { card: label("guard-flank") });
    const moves = c.moves.map((m) => moveText(m.pawn, m.from, m.to)).join(", ");
    return Words.t("{card}: {moves}", { card: label(c.card), moves });
  }

  // A pawn's move as the engine's history writes it: "Guard +2 → +3".
  function moveText(pawn, from, to) {
    return Words.t("{pawn} {start} → {end}", { pawn: pawnName(pawn), start: spaceName(from), end: spaceName(to) });
  }

  function summonText(move) {
    const pawns = table().pawns;
    return moveText(move.pawn, move.pawn === "king" ? pawns.king : move.from, pawns.wizard);
  }

  // The scanned cards still to place, in photo order; a flagged one says why it cannot be now
  // (tapped, it says so in the action bar, with its rule).
  function drawQueue() {
    const box = $("#scan-queue");
    box.hidden = !queue.length || Boolean(game().result);
    const current = queue.findIndex((q) => q.kind === card && !q.flag);
    const heading = Words.t("From the photo, in order");
    const why = (q) => Words.t("Cannot be played now: {reason}", { reason: q.flag.message });
    Companion.put(box, queue.length ? html`<h3>${heading}</h3><ol>${queue.map((q, i) =>
      html`<li><button type="button" class="rv-card ${suitOf(q.kind)}${i === current ? " selected" : ""}" data-queue="${i}">${label(q.kind)}</button>
        ${q.flag ? html`<span class="rv-flag" data-flag="${q.kind}">${why(q)}</span>` : ""}</li>`
    )}</ol>` : html``);
  }

  function redraw() {
    drawStatus(); drawBoard(); drawPanel(); drawPrompt();
    Companion.drafted();  // a move entered on the engine's answer is a step for the bar's Undo
  }

  // -- the draft -----------------------------------------------------------------------------

  // The cards entered, the summon chosen, and a card or the Wizard's power whose moves are offered.
  // A turn being corrected is a step of its own (Undo leaves it).
  function steps() {
    return draft.length + (chosenSummon ? 1 : 0) + (card !== null || (summon && !chosenSummon) ? 1 : 0) + (fixing ? 1 : 0);
  }

  function reset() {
    draft = []; views = []; base = null; card = null; summon = false; options = null; asking++;
    chosenSummon = null; photo = null; queue = []; probing++; fixing = null;
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
    if (fixing) return Words.t("An entry was stored on another phone, so the correction of turn {turn} begun here was dropped.", { turn: fixing.turn });
    const [number, turn] = JSON.parse(base);
    if (turn === null || turn === undefined) return Words.t("The turn changed on another phone, so what was entered here was dropped.");
    const player = g.view.players[turn].name;
    if (g.view.turn_number > number || g.result) {
      if (summon) return Words.t("{player}'s turn was stored on another phone, so the Wizard's power chosen here was dropped.", { player });
      if (draft.length) return Words.t("{player}'s turn was stored on another phone, so the cards picked here were dropped.", { player });
      return Words.t("{player}'s turn was stored on another phone, so the card chosen here was dropped.", { player });
    }
    if (summon) return Words.t("{player}'s turn was changed on another phone, so the Wizard's power chosen here was dropped.", { player });
    if (draft.length) return Words.t("{player}'s turn was changed on another phone, so the cards picked here were dropped.", { player });
    return Words.t("{player}'s turn was changed on another phone, so the card chosen here was dropped.", { player });
  }

  // The toolbar's Undo while a turn is being entered: the last step only (the shared code
  // redraws and says the sentence).
  function undo() {
    if (card !== null || (summon && !chosenSummon)) {
      const sentence = summon ? Words.t("Put back the Wizard's power: no move was entered.")
        : Words.t("Put back {card}: no move was entered.", { card: label(card) });
      close();
      summon = false;
      return sentence;
    }
    if (chosenSummon) {
      const text = summonText(chosenSummon.move);
      chosenSummon = null; summon = false;
      return Words.t("Took back the Wizard's power: {move}.", { move: text });
    }
    if (!draft.length && fixing) {
      const { turn } = fixing;
      fixing = null;
      return Words.t("Left the correction of turn {turn}: nothing was corrected.", { turn });
    }
    const last = draft.pop();
    views.pop();
    if (photo) requeue();
    return Words.t("Took back {card}.", { card: cardText(last) });
  }

  function close() { card = null; options = null; asking++; }

  // The shared Redo inside a turn: the cards (or the summon) as they were before an Undo.
  function snapshot() {
    if (card !== null || (summon && !chosenSummon)) return null;  // an open card: nothing to put back
    return { draft: draft.slice(), views: views.slice(), chosenSummon, base, fixing };
  }

  function restore(saved) {
    close();
    ({ draft, views, chosenSummon, base, fixing } = saved);
    summon = Boolean(chosenSummon);
    if (photo) requeue();
    if (!draft.length && !chosenSummon) return Words.t("Back to correcting turn {turn}.", { turn: fixing.turn });
    return chosenSummon ? Words.t("Put back the Wizard's power: {move}.", { move: summonText(chosenSummon.move) })
      : Words.t("Put back {card}.", { card: cardText(draft[draft.length - 1]) });
  }

  // The move the turn would store now (the shared page checks it when the rulings change).
  const turnMove = () => (chosenSummon ? chosenSummon.move : draft.length ? { type: "play", cards: draft } : null);
  const move = () => (turnMove() ? wrap(turnMove()) : null);

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
      const player = v.players[c.dir > 0 ? 0 : 1].name;
      return { suit: "king", pawn: "king", to: v.pawns.king + c.dir, key: `court:${c.dir}`,
        what: Words.t("Toward {player}", { player }), where: [moveText("king", v.pawns.king, v.pawns.king + c.dir)],
        says: Words.t("{card}: the King and both Guards one space toward {player}'s Chateau", { card: label("court"), player }) };
    }
    if (c.card === "guard-flank") {
      return { suit: "guard", pawn: "guard", key: "flank", what: Words.t("Both Guards"), where: [Words.t("beside the King")],
        says: Words.t("{card}: both Guards beside the King", { card: label("guard-flank") }) };
    }
    const key = c.moves.map((m) => `${m.pawn}:${m.from}>${m.to}`).join(" ");
    const where = c.moves.map((m) => `${spaceName(m.from)} → ${spaceName(m.to)}`);
    const pawn = c.moves[0].pawn;
    const [one, two] = c.moves;
    const what = two ? Words.t("Both Guards") : pawnName(pawn);
    const says = two
      ? Words.t("{card}: {pawn} from {start} to {end} and from {start2} to {end2}",
        { card: label(c.card), pawn: what, start: one.from, end: one.to, start2: two.from, end2: two.to })
      : Words.t("{card}: {pawn} from {start} to {end}", { card: label(c.card), pawn: what, start: one.from, end: one.to });
    return { suit: pawn, pawn, key, what, where, to: two ? undefined : one.to, says };
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
      say(Words.t("{move}: the only move the rules allow now.", { move: legal[0].says }), "ok");
      return;
    }
    options = legal;
    redraw();
  }

  async function offerSummons() {
    const run = ++asking;
    const moves = table().summons;
    const answers = await Promise.all(moves.map((m) => check(m)));
    if (run !== asking) return;
    const pawns = table().pawns;
    options = [];
    answers.forEach(({ status, data }, i) => {
      if (status !== 200) return;
      const m = moves[i];
      const from = m.pawn === "king" ? pawns.king : m.from;
      options.push({ suit: m.pawn, pawn: m.pawn, from, to: pawns.wizard, key: `summon:${m.pawn}:${from}`, move: m, view: data.view,
        what: pawnName(m.pawn), where: [`${spaceName(from)} → ${spaceName(pawns.wizard)}`],
        says: Words.t("Wizard's power: the {pawn} from {start} to the Wizard on {end}", { pawn: pawnName(m.pawn), start: from, end: pawns.wizard }) });
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
      say(Words.t("{move}: the only call the rules allow now.", { move: only.says }), "ok");
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
    if (summon) { say(Words.t("The Wizard's power is the whole turn: Undo it first to play cards instead.")); return; }
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
        // (the reason alone, without the engine's "Card 1 (King 1): " before it, in any language)
        if (!flags[kind]) flags[kind] = { message: error.message.replace(/^[^\d(]*\d+ \([^)]*\)\s?:\s*/, "") };
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
    if (game().result) return Words.t("The game is over: nothing to fill in.");
    const kinds = cards.map((c) => c.kind).filter((kind) => KNOWN.has(kind));
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
      queue.length ? Words.tn("{n} card to place in photo order: tap where each one goes, then End turn.",
        "{n} cards to place in photo order: tap where each one goes, then End turn.", queue.length)
        : Words.t("Every card in the photo is already placed."),
      placedAlready ? Words.tn("{n} already placed this turn.", "{n} already placed this turn.", placedAlready) : "",
      flagged ? Words.tn("{n} cannot be played now (see why below).", "{n} cannot be played now (see why below).", flagged) : "",
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
    say(Words.tn("{n} move ends on {space} ({moves}): tap the move's button.", "{n} moves end on {space} ({moves}): tap the move's button.",
      here.length, { space: spaceName(at), moves: here.map((o) => o.what).join(", ") }), "ok");
  }

  function bind() {
    $("#board").addEventListener("click", boardTap);
    $("#panel").addEventListener("click", async (event) => {
      const target = event.target.closest("button");
      if (!target) return;
      if (target.dataset.card) { chooseCard(target.dataset.card); return; }
      if (target.dataset.option !== undefined && options) { const chosen = options[Number(target.dataset.option)]; close(); enter(chosen); return; }
      if (target.id === "fix-open") { openFix(); return; }
      if (target.id === "back") { close(); if (!chosenSummon) summon = false; redraw(); return; }
      if (target.id === "summon") {
        if (draft.length) { say(Words.t("The Wizard's power is a whole turn: take back this turn's cards first (Undo).")); return; }
        begin();
        Companion.say(null);
        summon = true; options = null;
        redraw();
        offerSummons();
        return;
      }
      if (target.id === "pass") {
        if (draft.length) { say(Words.t("A pass plays no card: take back this turn's cards first (Undo).")); return; }
        const asked = fixing ? Words.t("Correct turn {turn}: {player} passed, playing no card?", { turn: fixing.turn, player: moverName() })
          : Words.t("Pass {player}'s turn without playing a card?", { player: moverName() });
        if (!(await Companion.ask(asked, Words.t("Pass")))) return;
        await store({ type: "pass" });
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
      if (card !== null || (summon && !chosenSummon)) { say(Words.t("Tap one of the moves offered first, or Back.")); return; }
      if (!draft.length && !chosenSummon) { say(Words.t("Nothing to store yet: choose a card, the Wizard's power, or Pass.")); return; }
      await store(turnMove());
    });
    $("#fix-sheet").addEventListener("click", (event) => {
      const button = event.target.closest("[data-fix]");
      if (button) startFix(game().view.correctable[Number(button.dataset.fix)]);
    });
  }

  // -- storing, and correcting an earlier turn ---------------------------------------------

  // Store the turn (or the correction): stored, it drops the draft. After a correction, the
  // engine's sentence says what was kept and dropped; a dropped turn is filled in again.
  async function store(m) {
    const fixed = Boolean(fixing);
    if (fixed && JSON.stringify(m) === JSON.stringify(fixing.move)) {
      say(Words.t("Turn {turn} was entered just so: change it, or Undo to leave the correction.", { turn: fixing.turn }));
      return;
    }
    if (!(await Companion.send(`/api/games/${game().id}/moves`, { move: wrap(m) }))) return;
    const done = game().view.correction;
    if (!fixed || !done) return;
    if (!done.dropped) { say(done.said, "ok"); return; }
    const filled = await refill(done.dropped.move);
    say([done.said, filled].filter(Boolean).join(" "), "notice");
  }

  // The list of the last turns, newest first, in a sheet: one tapped is entered again.
  function openFix() {
    const turns = game().view.correctable;
    const intro = Words.t("Tap the turn entered wrong, then enter it as it was played. Later turns are kept where the rules still take them.");
    Companion.put($("#fix-sheet-body"), html`<p class="small">${intro}</p><div class="rv-fix-list">${turns.map((t, i) =>
      html`<button type="button" class="secondary rv-fix" data-fix="${i}"><strong>${Words.t("Turn {turn}, {player}", { turn: t.turn, player: t.player })}</strong>
        <span class="small">${t.text}</span></button>`)}</div>`);
    $("#fix-sheet").showModal();
  }

  function startFix(entry) {
    $("#fix-sheet").close();
    reset();
    begin();
    fixing = entry;
    redraw();
    say(Words.t("Correcting turn {turn} ({player}): enter it as it was played, then Correct it. Undo leaves it.", { turn: entry.turn, player: entry.player }), "ok");
  }

  // The dropped turn's cards entered again as far as the rules take them now (a summon if it
  // still stands); the sentence says how far.
  async function refill(m) {
    if (m.type === "pass" || game().result) return "";
    begin();
    if (m.type === "summon") {
      const { status, data } = await check(m);
      if (status !== 200 || steps()) return "";
      chosenSummon = { move: m, view: data.view }; summon = true;
      redraw();
      return Words.t("Its Wizard's power is filled in: End turn stores it.");
    }
    const taken = [];
    const seen = [];
    for (const c of m.cards) {
      const { status, data } = await check({ type: "play", cards: taken.concat([c]) });
      if (status !== 200) break;
      taken.push(c); seen.push(data.view);
    }
    if (!taken.length || steps()) return "";
    draft = taken; views = seen;
    redraw();
    return taken.length === m.cards.length ? Words.t("Its cards are filled in: End turn stores it, or Undo changes it.")
      : Words.tn("Its first card is filled in, the rest the rules refuse now.", "Its first {n} cards are filled in, the rest the rules refuse now.", taken.length);
  }

  function start(payload, poll) {
    bind();
    Companion.start(payload, { poll, reset, redraw, scanned, draft: { steps, undo, keep, snapshot, restore, move } });
  }

  return { start };
})();
