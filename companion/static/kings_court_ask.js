// King's Court's arbiter, "May I play?" (KingsCourtAsk), for tables that keep only the sheet:
// the top card, the suit in force when the top card does not set it, what waits for the player,
// and the cards of the turn (built as kings_court_play.js builds a play); the engine answers.
// The question is kept apart from the table's drafts, with a trail of its own: Undo while it is
// shown takes back its last step, never a stored entry. Loaded after kings_court_play.js.
"use strict";

const KingsCourtAsk = (() => {
  const { $, html } = Companion;
  const C = KingsCourtCommon;
  const P = KingsCourtPlay;
  const { game, view, kind, cardName, say } = C;

  let asking = { top: null, suit: null, tab: null, pending: "", count: "", hand: "", dungeon: false, more: false, play: P.blankPlay() };
  const trail = Companion.trail({ get: () => asking, set: (value) => { asking = value; } });
  const change = (sentence, apply) => trail.change(sentence, apply);
  function undo() {
    const said = trail.undo();
    if (said === null) return "Nothing in the question to take back (stored entries are undone from the Hand or Sheet view).";
    return `Took back ${said} from the question.`;
  }

  function askCtx() {
    const n = view().players.length;
    const suit = asking.suit || (asking.top && P.ownSuit(asking.top));
    return { who: "you", player: 0, top: asking.top, suit, held: asking.hand ? Number(asking.hand) : null,
      others: Array.from({ length: n - 1 }, (_, i) => [i + 1, i === 0 ? "the player to your left" : `${i + 1} seats to your left`]) };
  }

  const needsSuit = (top) => !P.ownSuit(top);

  function askHtml() {
    const kinds = C.pickerKinds().filter((c) => c.group !== "shield" || ["cannonball", "catapult", "flaming-arrow", "siege-tower", "imperial-tax", "magic-potion", "hidden-treasure"].includes(c.id));
    if (!asking.top) {
      return html`<p class="kc-ask-line"><strong>What lies on top of the discard pile?</strong></p>
        ${C.picker({ id: "ask-top", kinds, chosen: [], open: asking.tab, label: "top card", chips: false })}`;
    }
    const inForce = asking.suit || P.ownSuit(asking.top);
    const top = html`<p class="kc-ask-line">On top: <button type="button" class="cp-chip s-${kind(asking.top).colour}" id="ask-top-change" aria-label="Change the top card (${cardName(asking.top)})">${cardName(asking.top)} \u00d7</button>
      ${inForce ? html`<span>suit in force <strong id="ask-suit-now">${inForce}</strong></span>` : ""}</p>`;
    if (needsSuit(asking.top) && !asking.suit) {
      const allowed = P.OPTION(asking.top) ? kind(asking.top).suits : P.suits();
      return html`${top}<p><strong>Which suit is in force?</strong></p>
        <div class="kc-answers kc-suits">${allowed.map((s) => html`<button type="button" class="secondary kc-suit s-${s}" data-ask-suit="${s}">${s[0].toUpperCase() + s.slice(1)}</button>`)}</div>`;
    }
    const draws = view().cards.filter((c) => c.family === "draw" || c.id.startsWith("drawbridge-"));
    return html`${top}
      <div id="ask-play">${P.playHtml("ask", asking.play, askCtx(), P.turnKinds())}</div>
      <details id="ask-more" ${asking.more ? "open" : ""}><summary>A draw waiting, the Dungeon, your hand size</summary>
        <div class="grid2">
          <label>Draw waiting for you<select id="ask-pending">${[["", "none"], ...draws.map((c) => [c.id, c.name])].map(([value, label]) => html`<option value="${value}" ${asking.pending === value ? "selected" : ""}>${label}</option>`)}</select></label>
          <label>Cards to draw<input id="ask-count" type="number" inputmode="numeric" min="1"></label>
          <label>Cards in your hand<input id="ask-hand" type="number" inputmode="numeric" min="1" placeholder="any"></label>
          <label class="radio"><input type="checkbox" id="ask-dungeon" ${asking.dungeon ? "checked" : ""}> I am in the Dungeon</label>
        </div></details>`;
  }

  // The numbers typed, put back in their fields once the question is drawn again.
  function askInputs() {
    const count = $("#ask-count");
    if (count && !count.value) count.value = asking.count;
    const held = $("#ask-hand");
    if (held && !held.value) held.value = asking.hand;
  }

  // A tap in the question: true when it changed.
  function onTap(button) {
    if (!button.closest("#ask-panel")) return false;
    const top = CardPicker.read(button, "ask-top");
    if (top && top.tab) asking.tab = top.tab;
    else if (top && top.add) {
      change(`the ${cardName(top.add)} on top`, () => { asking.top = top.add; asking.suit = null; asking.play.tab = P.ownSuit(top.add); });
    } else if (button.id === "ask-top-change") {
      change(`taking off the ${cardName(asking.top)} on top`, () => { asking.top = null; asking.suit = null; asking.play = P.blankPlay(); });
    } else if (button.dataset.askSuit) {
      change("the suit in force", () => { asking.suit = button.dataset.askSuit; asking.play.tab = asking.suit; });
    } else if (!P.onPlayTap(button, "ask", asking.play, askCtx(), change)) return false;
    return true;
  }

  function onChange(target) {
    if (!target.closest("#ask-panel")) return;
    if (target.id === "ask-pending") change("the draw waiting", () => { asking.pending = target.value; });
    else if (target.id === "ask-count") asking.count = target.value;
    else if (target.id === "ask-hand") asking.hand = target.value;
    else if (target.id === "ask-dungeon") change("the Dungeon", () => { asking.dungeon = target.checked; });
    else if (target.dataset.cp === "ask") P.onDefended(target, "ask", asking.play, change);
  }

  async function ask() {
    const why = !asking.top ? "Tap the card on top of the discard pile first."
      : needsSuit(asking.top) && !asking.suit ? "Tap the suit in force first."
      : asking.pending && !(Number(asking.count) >= 1) ? "Type how many cards you are to draw (under A draw waiting)."
      : P.missing(asking.play, askCtx(), "ask");
    if (why) { say(why, "error"); return; }
    const situation = {
      top: asking.top, suit: asking.suit || P.ownSuit(asking.top), direction: 1,
      pending: asking.pending ? { count: Number(asking.count), kind: asking.pending } : null,
      dungeon: asking.dungeon, cards_in_hand: asking.hand ? Number(asking.hand) : null,
    };
    const { status, data } = await Companion.request("POST", `/api/games/${game().id}/ask`, { question: { situation, play: P.cards(asking.play) } });
    if (status !== 200) { say(Companion.failure(status, data), "error"); return; }
    const answer = data.answer;
    const effects = answer.effects && answer.effects.length ? ` ${answer.effects.join(" ")}` : "";
    say({ message: `${answer.allowed ? "Yes." : "No."} ${answer.message}${effects}`, rule: answer.rule, title: answer.title, url: `${game().urls.rules}#${answer.rule}` }, answer.allowed ? "ok" : "error");
  }

  // A scanned play for the arbiter: the cards go in as the play, and it is asked at once.
  function scanAsk(ids) {
    change("the scanned cards", () => { asking.play = { ...P.blankPlay(), cards: ids.slice(), extra: ids.map(() => ({})) }; });
    C.page.show("ask");
    if (!asking.top) return `Asked about ${ids.map(cardName).join(", then ")}: tap the card on top of the discard pile, then May I play this?`;
    ask();
    return `Asked the arbiter: may you play ${ids.map(cardName).join(", then ")} on the ${cardName(asking.top)}?`;
  }

  return {
    askHtml, askInputs, onTap, onChange, ask, scanAsk, undo,
    get steps() { return trail.length; },
    open: (open) => { asking.more = open; },
  };
})();
