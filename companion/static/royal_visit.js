// Royal Visit's page: the board drawn top to bottom, a turn entered card by card
// (choose the card, tap the pawn, tap where it goes). Every card is checked by the engine on
// the server as it is entered; the turn is stored only when "End turn" is pressed.
// A photo of the cards played (Scan) lists them, left to right, as the cards to place: each is
// chosen in turn with its pawn, the player taps where it goes, and a card the rules cannot take
// now is flagged with the engine's reason.
"use strict";

const RoyalVisit = (() => {
  const { $, escape } = Companion;
  const CARDS = [
    ["king-1", "King 1"], ["court", "Court (2 King)"],
    ["guard-1", "Guard 1"], ["guard-1+1", "Guard 1+1"], ["guard-flank", "Guard flank"],
    ["wizard-1", "Wizard 1"], ["wizard-2", "Wizard 2"], ["wizard-3", "Wizard 3"],
    ["jester-1", "Jester 1"], ["jester-2", "Jester 2"], ["jester-3", "Jester 3"],
    ["jester-4", "Jester 4"], ["jester-5", "Jester 5"], ["jester-middle", "Jester to middle"],
  ];
  const LABEL = Object.fromEntries(CARDS);
  const PAWN_LETTER = { king: "K", guard: "G", wizard: "W", jester: "J" };
  const PAWN_NAME = { king: "King", guard: "Guard", wizard: "Wizard", jester: "Jester" };

  // The turn being entered on this phone.
  let draft = [];          // cards accepted so far this turn
  let summon = false;      // the Wizard's power chosen instead of cards
  let card = null;         // the card chosen, waiting for its pawn and destination
  let pawn = null;         // {pawn, from} chosen for it
  let firstHalf = null;    // Guard 1+1 split: the first Guard's one-space move
  let preview = null;      // the engine's view after the draft, if any
  let photo = null;        // the card kinds of the last scan, in photo order
  let queue = [];          // of those, the ones still to place: {kind, flag}
  let probing = 0;         // the latest check of the queue (an older one's answers are dropped)

  const game = () => Companion.game;
  const view = () => preview || game().view;

  function suitOf(kind) { return kind === "court" ? "king" : kind.split("-")[0]; }

  function pawnsAt(position, pawns) {
    const here = [];
    if (pawns.king === position) here.push({ pawn: "king", from: position });
    for (const guard of pawns.guards) if (guard === position) here.push({ pawn: "guard", from: position });
    if (pawns.wizard === position) here.push({ pawn: "wizard", from: position });
    if (pawns.jester === position) here.push({ pawn: "jester", from: position });
    return here;
  }

  function zone(position, players) {
    if (position === 0) return "Fountain";
    const owner = position > 0 ? players[0] : players[1];
    return Math.abs(position) >= 7 ? `${owner.name}'s Chateau` : `${owner.name}'s Duchy`;
  }

  function drawBoard() {
    const v = view();
    const rows = [];
    for (let position = 8; position >= -8; position--) {
      const side = position > 0 ? "top" : position < 0 ? "bottom" : "middle";
      const castle = Math.abs(position) >= 7 ? " chateau" : "";
      const crown = Math.abs(position) <= 6
        ? `<span class="rv-crown${v.crown.position === position ? " here" : ""}">${v.crown.position === position ? (v.crown.side === "big" ? "&#9813;" : "&#9819;") : ""}</span>`
        : `<span class="rv-crown none"></span>`;
      const tokens = pawnsAt(position, v.pawns).map((p) => {
        const chosen = pawn && pawn.pawn === p.pawn && pawn.from === p.from ? " selected" : "";
        return `<button type="button" class="rv-pawn ${p.pawn}${chosen}" data-pawn="${p.pawn}" data-from="${p.from}"
          aria-label="${PAWN_NAME[p.pawn]} on ${position}">${PAWN_LETTER[p.pawn]}</button>`;
      }).join("");
      rows.push(`<div class="rv-space ${side}${castle}" data-pos="${position}" role="button" tabindex="0"
        aria-label="Space ${position}, ${escape(zone(position, v.players))}">
        <span class="rv-num">${position > 0 ? "+" + position : position}</span>${crown}
        <span class="rv-tokens">${tokens}</span>
        <span class="rv-zone">${position === 8 || position === 0 || position === -8 || position === 6 || position === -6 ? escape(zone(position, v.players)) : ""}</span>
      </div>`);
    }
    $("#board").innerHTML = rows.join("");
  }

  function drawStatus() {
    const g = game();
    const v = g.view;
    const result = g.result;
    const mover = v.turn !== null && v.turn !== undefined ? v.players[v.turn] : null;
    const last = v.last_turn;
    const crownWhy = last && last.crown.steps.length
      ? last.crown.steps.map((step) => `+${step.steps} ${escape(step.reason)}`).join(", ")
      : "no Crown move";
    const lastLine = last
      ? `<p class="small" id="last-turn">Last turn, ${escape(last.player)}: ${crownWhy}; drew ${last.drawn}${last.reshuffled ? "; the deck was reshuffled" : ""}.</p>`
      : "";
    $("#status").innerHTML = `
      ${result ? `<p class="winner" id="winner">${escape(result.winners.map((s) => v.players[s].name).join(" and "))} won: ${escape(result.reason)}</p>` : ""}
      <div class="status">
        ${mover ? `<span class="turn" id="turn">${escape(mover.name)}'s turn <span class="small">(${mover.chateau} Chateau)</span></span>` : ""}
        <span>Crown: <strong id="crown">${v.crown.position > 0 ? "+" : ""}${v.crown.position}</strong>, ${v.crown.side === "big" ? "Big" : "Little"} side</span>
        <span>Draw pile: <strong id="draw-pile">${v.draw_pile}</strong></span>
        <span>Reshuffles: <strong id="reshuffles">${v.reshuffles}</strong></span>
        <span>Hands: ${v.players.map((p) => `${escape(p.name)} ${p.hand_size}`).join(", ")}</span>
        ${mover && v.jester_power ? `<span class="ok">Jester's power is on for ${escape(mover.name)}</span>` : ""}
      </div>${lastLine}`;
    $("#turn-panel").hidden = Boolean(result);
    $("#end-turn").disabled = Boolean(result) || (!draft.length && !summon);
  }

  function drawCards() {
    $("#cards").innerHTML = CARDS.map(([kind, label]) =>
      `<button type="button" class="rv-card ${suitOf(kind)}${card === kind ? " selected" : ""}" data-card="${kind}">${label}</button>`
    ).join("");
    $("#summon").classList.toggle("selected", summon);
    $("#draft").innerHTML = draft.map((c, i) => `<li>${i + 1}. ${escape(describe(c))}</li>`).join("")
      + (summon && pawn ? `<li>Wizard's power: ${PAWN_NAME[pawn.pawn]} to the Wizard</li>` : "");
    $("#clear").hidden = !draft.length && !summon;
    drawQueue();
    let prompt = "Choose a card, the Wizard's power, or pass";
    if (summon) prompt = pawn ? "Press End turn to summon" : "Tap the King or a Guard to summon to the Wizard";
    else if (card === "court") prompt = "Tap the space above or below the King: the whole Court moves";
    else if (card && firstHalf) prompt = "Guard 1+1: now tap the other Guard, then its space";
    else if (card && !pawn) prompt = `${LABEL[card]}: tap the pawn to move`;
    else if (card) prompt = `${LABEL[card]}: tap where the ${PAWN_NAME[pawn.pawn]} goes`;
    else if (queue.some((q) => !q.flag)) prompt = `From the photo: tap ${LABEL[queue.find((q) => !q.flag).kind]}`;
    else if (draft.length) prompt = "Another card, or End turn";
    if (card === "king-1" && !firstHalf && queue.filter((q) => q.kind === "king-1").length >= 2) {
      prompt += ", or Court (2 King) for the King's privilege";
    }
    $("#prompt").textContent = prompt;
    if (preview && !game().result) {
      $("#prompt").textContent += ` (ending now: Crown to ${preview.crown.position})`;
    }
  }

  function describe(c) {
    if (c.card === "court") return `Court ${c.dir > 0 ? "up" : "down"} one space`;
    if (c.card === "guard-flank") return "Guard flank: both Guards beside the King";
    const moves = c.moves.map((m) => `${PAWN_NAME[m.pawn]} ${m.from} to ${m.to}`).join(", ");
    return `${LABEL[c.card]}: ${moves}`;
  }

  // The scanned cards still to place, in photo order; a flagged one says why it cannot be now.
  function drawQueue() {
    const box = $("#scan-queue");
    box.hidden = !queue.length;
    const current = queue.findIndex((q) => q.kind === card && !q.flag);
    box.innerHTML = queue.length ? `<h3>From the photo, to place in order</h3><ol>${queue.map((q, i) =>
      `<li><button type="button" class="rv-card ${suitOf(q.kind)}${i === current ? " selected" : ""}" data-queue="${i}">${escape(LABEL[q.kind])}</button>
        ${q.flag ? `<span class="rv-flag" data-flag="${q.kind}">Cannot be played now: ${escape(q.flag.message)}${q.flag.url ? ` <a href="${escape(q.flag.url)}" target="_blank">Rule</a>` : ""}</span>` : ""}</li>`
    ).join("")}</ol>` : "";
  }

  function redraw() { drawStatus(); drawBoard(); drawCards(); }

  function reset() {
    draft = []; summon = false; card = null; pawn = null; firstHalf = null; preview = null;
    photo = null; queue = []; probing++;
  }

  // -- Scan ----------------------------------------------------------------------------------

  // Cards the player may mean by a scanned kind, from the pawns as they stand after the draft:
  // the rules pick out the legal ones; the first refusal is the reason shown when none is.
  function tries(kind) {
    const pawns = view().pawns;
    const at = { king: [pawns.king], guard: pawns.guards, wizard: [pawns.wizard], jester: [pawns.jester] };
    const moved = (pawn, to) => at[pawn].map((from) => ({ pawn, from, to: to(from) }));
    const steps = (pawnsMoved, n) => pawnsMoved.flatMap((p) => [...moved(p, (f) => f + n), ...moved(p, (f) => f - n)]);
    const others = ["jester", "king", "guard", "wizard"];
    if (kind === "guard-flank") return [{ card: kind }];
    if (kind === "jester-middle") return others.flatMap((p) => moved(p, () => 0)).map((m) => ({ card: kind, moves: [m] }));
    const n = Number(kind.split("-").pop());
    if (kind === "guard-1+1") {
      const [low, high] = pawns.guards;
      const split = [1, -1].flatMap((a) => [1, -1].map((b) => ({ card: kind, moves: [
        { pawn: "guard", from: low, to: low + a }, { pawn: "guard", from: high, to: high + b }] })));
      return steps(["guard"], 2).map((m) => ({ card: kind, moves: [m] })).concat(split);
    }
    const suit = suitOf(kind);
    return steps(suit === "jester" ? others : [suit], n).map((m) => ({ card: kind, moves: [m] }));
  }

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
        const move = { type: "play", cards: draft.concat([attempt]) };
        const { status, data } = await Companion.request("POST", `/api/games/${game().id}/check`, { move });
        if (run !== probing) return false;
        if (status === 200) { flags[kind] = null; break; }
        const error = (data && data.error) || { message: `The companion answered ${status}.` };
        if (!flags[kind]) flags[kind] = { rule: error.rule, url: error.url, message: error.message.replace(/^Card \d+ \([^)]*\): /, "") };
        if (TURN_WIDE.has(error.rule)) break;
      }
    }
    for (const q of queue) q.flag = flags[q.kind];
    return true;
  }

  // After the queue changed: flag what cannot come next, and choose the first card that can.
  async function follow() {
    if (!(await probe())) return;
    const next = queue.find((q) => !q.flag);
    if (next && !summon && card === null) {
      card = next.kind === "guard-flank" ? null : next.kind;
      pawn = card ? defaultPawn(card) : null;
      firstHalf = null;
    }
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

  // The page's answer to a scan: the cards are this turn's, less those already placed.
  async function scanned(cards) {
    if (game().result) return "The game is over: nothing to fill in.";
    const kinds = cards.map((c) => c.kind).filter((kind) => LABEL[kind]);
    if (!kinds.length) return "";
    const left = kinds.slice();
    for (const c of draft) {
      for (const kind of c.card === "court" ? ["king-1", "king-1"] : [c.card]) {
        const at = left.indexOf(kind);
        if (at >= 0) left.splice(at, 1);
      }
    }
    photo = kinds;
    if (summon) { summon = false; pawn = null; }
    queue = left.map((kind) => ({ kind, flag: null }));
    card = null; pawn = null; firstHalf = null;
    Companion.showMessage(null);
    await follow();
    const placedAlready = kinds.length - left.length;
    const flagged = queue.filter((q) => q.flag).length;
    return [
      queue.length ? `${queue.length} card${queue.length === 1 ? "" : "s"} to place in photo order: tap where each one's pawn goes, then End turn.` : "Every card in the photo is already placed.",
      placedAlready ? `${placedAlready} already placed this turn.` : "",
      flagged ? `${flagged} cannot be played now (see why below).` : "",
    ].filter(Boolean).join(" ");
  }

  // The pawn a card moves unless the player taps another (a Jester card played wild).
  function defaultPawn(kind) {
    const pawns = view().pawns;
    const suit = suitOf(kind);
    if (suit === "king") return { pawn: "king", from: pawns.king };
    if (suit === "wizard") return { pawn: "wizard", from: pawns.wizard };
    if (suit === "jester") return { pawn: "jester", from: pawns.jester };
    return null;
  }

  function turnMove() {
    if (summon) return pawn ? { type: "summon", pawn: pawn.pawn, ...(pawn.pawn === "guard" ? { from: pawn.from } : {}) } : null;
    return { type: "play", cards: draft };
  }

  // Ask the engine whether the turn so far stands; keep the card only if it does.
  async function check(newCard) {
    const cards = newCard ? draft.concat([newCard]) : draft;
    const move = summon ? turnMove() : { type: "play", cards };
    const { status, data } = await Companion.request("POST", `/api/games/${game().id}/check`, { move });
    let advanced = false;
    if (status === 200) {
      if (newCard) draft = cards;
      preview = data.view;
      Companion.showMessage(null);
      if (newCard && queue.length) { placed(newCard); advanced = true; }
    } else {
      Companion.showMessage((data && data.error) || { message: `The companion answered ${status}.` });
      if (summon) pawn = null;
    }
    if (advanced) card = null;  // the next card from the photo follows
    pawn = summon ? pawn : (card ? defaultPawn(card) : null);
    firstHalf = null;
    redraw();
    if (advanced) follow();
  }

  function chooseCard(kind) {
    summon = false;
    firstHalf = null;
    if (kind === "guard-flank") { card = null; pawn = null; check({ card: "guard-flank" }); return; }
    card = kind;
    pawn = kind === "court" ? null : defaultPawn(kind);
    redraw();
    // Bring the pawn the card moves (or the King, for the Court) into view for the next tap.
    const focus = $(".rv-pawn.selected") || (kind === "court" ? $(".rv-pawn.king") : $(`.rv-pawn.${suitOf(kind)}`));
    if (focus) focus.scrollIntoView({ block: "center", behavior: "smooth" });
  }

  function tapPawn(tapped) {
    pawn = tapped;
    if (summon) check(null);
    else redraw();
  }

  function tapSpace(position) {
    if (card === "court") {
      const king = view().pawns.king;
      if (Math.abs(position - king) === 1) check({ card: "court", dir: position - king });
      return;
    }
    if (!card || !pawn) return;
    const move = { pawn: pawn.pawn, from: pawn.from, to: position };
    if (card === "guard-1+1" && !firstHalf && pawn.pawn === "guard" && Math.abs(position - pawn.from) === 1) {
      firstHalf = move;   // one space for this Guard; the other Guard moves one space next
      pawn = null;
      redraw();
      return;
    }
    check({ card, moves: firstHalf ? [firstHalf, move] : [move] });
  }

  function bind() {
    $("#cards").addEventListener("click", (event) => {
      const button = event.target.closest("[data-card]");
      if (button) chooseCard(button.dataset.card);
    });
    $("#scan-queue").addEventListener("click", (event) => {
      const button = event.target.closest("[data-queue]");
      if (button) chooseCard(queue[Number(button.dataset.queue)].kind);
    });
    $("#board").addEventListener("click", (event) => {
      const token = event.target.closest(".rv-pawn");
      if (token) {
        const tapped = { pawn: token.dataset.pawn, from: Number(token.dataset.from) };
        if (wantsPawn(tapped)) { tapPawn(tapped); return; }
      }
      const space = event.target.closest(".rv-space");
      if (space) tapSpace(Number(space.dataset.pos));
    });
    $("#board").addEventListener("keydown", (event) => {
      const space = event.target.closest(".rv-space");
      if (space && event.target === space && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        tapSpace(Number(space.dataset.pos));
      }
    });
    $("#summon").addEventListener("click", () => {
      if (draft.length) return Companion.showMessage({ message: "The Wizard's power is a whole turn: take back this turn's cards first." });
      reset(); summon = true; redraw();
    });
    $("#pass").addEventListener("click", async () => {
      if (!confirm("Pass this turn without playing a card?")) return;
      if (await Companion.send(`/api/games/${game().id}/moves`, { move: { type: "pass" } })) reset();
      redraw();
    });
    $("#clear").addEventListener("click", () => {
      const kinds = photo;  // the photo's cards go back on the list to place
      reset(); Companion.showMessage(null); redraw();
      if (kinds) { photo = kinds; queue = kinds.map((kind) => ({ kind, flag: null })); follow(); }
    });
    $("#end-turn").addEventListener("click", async () => {
      const move = turnMove();
      if (!move || (!summon && !draft.length)) return;
      if (await Companion.send(`/api/games/${game().id}/moves`, { move })) reset();
      redraw();
    });
  }

  // Is a tap on this pawn a choice of pawn (rather than of the space it stands on)?
  // A Jester card may move any pawn (wild); other cards only their own kind of pawn.
  function wantsPawn(tapped) {
    if (summon) return tapped.pawn === "king" || tapped.pawn === "guard";
    if (!card || card === "court") return false;
    if (pawn && pawn.pawn === tapped.pawn && pawn.from === tapped.from) return false;
    return !pawn || suitOf(card) === "jester" || suitOf(card) === tapped.pawn;
  }

  function start(payload, poll) {
    bind();
    Companion.start(payload, { poll, reset, redraw, scanned });
  }

  return { start };
})();
