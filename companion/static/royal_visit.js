// Royal Visit's page: the board drawn top to bottom, a turn entered card by card
// (choose the card, tap the pawn, tap where it goes). Every card is checked by the engine on
// the server as it is entered; the turn is stored only when "End turn" is pressed.
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
    let prompt = "Choose a card, the Wizard's power, or pass";
    if (summon) prompt = pawn ? "Press End turn to summon" : "Tap the King or a Guard to summon to the Wizard";
    else if (card === "court") prompt = "Tap the space above or below the King: the whole Court moves";
    else if (card && firstHalf) prompt = "Guard 1+1: now tap the other Guard, then its space";
    else if (card && !pawn) prompt = `${LABEL[card]}: tap the pawn to move`;
    else if (card) prompt = `${LABEL[card]}: tap where the ${PAWN_NAME[pawn.pawn]} goes`;
    else if (draft.length) prompt = "Another card, or End turn";
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

  function redraw() { drawStatus(); drawBoard(); drawCards(); }

  function reset() {
    draft = []; summon = false; card = null; pawn = null; firstHalf = null; preview = null;
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
    if (status === 200) {
      if (newCard) draft = cards;
      preview = data.view;
      Companion.showMessage(null);
    } else {
      Companion.showMessage((data && data.error) || { message: `The companion answered ${status}.` });
      if (summon) pawn = null;
    }
    pawn = summon ? pawn : (card ? defaultPawn(card) : null);
    firstHalf = null;
    redraw();
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
    $("#clear").addEventListener("click", () => { reset(); Companion.showMessage(null); redraw(); });
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
    Companion.start(payload, { poll, reset, redraw });
  }

  return { start };
})();
