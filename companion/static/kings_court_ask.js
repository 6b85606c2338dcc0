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
  const { game, view, kind, cardName, suitLabel, suitWord, say } = C;

  let asking = { top: null, suit: null, tab: null, pending: "", count: "", hand: "", dungeon: false, more: false, play: P.blankPlay() };
  const trail = Companion.trail({ get: () => asking, set: (value) => { asking = value; } });
  const change = (sentence, apply) => trail.change(sentence, apply);
  function undo() {
    const said = trail.undo();
    if (said === null) return Words.t("Nothing in the question to take back (stored entries are undone from the Hand or Sheet view).");
    return Words.t("Took back {what} from the question.", { what: said });
  }

  function askCtx() {
    const n = view().players.length;
    const suit = asking.suit || (asking.top && P.ownSuit(asking.top));
    return { who: Words.t("you"), you: true, player: 0, top: asking.top, suit, held: asking.hand ? Number(asking.hand) : null,
      others: Array.from({ length: n - 1 }, (_, i) => [i + 1, i === 0 ? Words.t("the player to your left") : Words.t("{n} seats to your left", { n: i + 1 })]) };
  }

  const needsSuit = (top) => !P.ownSuit(top);

  function askHtml() {
    const kinds = C.pickerKinds().filter((c) => c.group !== "shield" || ["cannonball", "catapult", "flaming-arrow", "siege-tower", "imperial-tax", "magic-potion", "hidden-treasure"].includes(c.id));
    if (!asking.top) {
      return html`<p class="kc-ask-line"><strong>${Words.t("What lies on top of the discard pile?")}</strong></p>
        ${CardPicker.html({ id: "ask-top", kinds, chosen: [], open: asking.tab, label: Words.t("top card"), chips: false })}`;
    }
    const inForce = asking.suit || P.ownSuit(asking.top);
    const change = Words.t("Change the top card ({card})", { card: cardName(asking.top) });
    const top = html`<p class="kc-ask-line">${Words.t("On top:")} <button type="button" class="cp-chip s-${kind(asking.top).colour}" id="ask-top-change" aria-label="${change}">${cardName(asking.top)} \u00d7</button>
      ${inForce ? html`<span>${Words.t("suit in force")} <strong id="ask-suit-now" data-suit="${inForce}">${suitWord(inForce)}</strong></span>` : ""}</p>`;
    if (needsSuit(asking.top) && !asking.suit) {
      const allowed = P.OPTION(asking.top) ? kind(asking.top).suits : P.suits();
      return html`${top}<p><strong>${Words.t("Which suit is in force?")}</strong></p>
        <div class="kc-answers kc-suits">${allowed.map((s) => html`<button type="button" class="secondary kc-suit s-${s}" data-ask-suit="${s}">${suitLabel(s)}</button>`)}</div>`;
    }
    const draws = view().cards.filter((c) => c.family === "draw" || c.id.startsWith("drawbridge-"));
    const none = Words.t("none");
    const any = Words.t("any");
    return html`${top}
      <div id="ask-play">${P.playHtml("ask", asking.play, askCtx(), P.turnKinds())}</div>
      <details id="ask-more" ${asking.more ? "open" : ""}><summary>${Words.t("A draw waiting, the Dungeon, your hand size")}</summary>
        <div class="grid2">
          <label>${Words.t("Draw waiting for you")}<select id="ask-pending">${[["", none], ...draws.map((c) => [c.id, c.name])].map(([value, label]) => html`<option value="${value}" ${asking.pending === value ? "selected" : ""}>${label}</option>`)}</select></label>
          <label>${Words.t("Cards to draw")}<input id="ask-count" type="number" inputmode="numeric" min="1"></label>
          <label>${Words.t("Cards in your hand")}<input id="ask-hand" type="number" inputmode="numeric" min="1" placeholder="${any}"></label>
          <label class="radio"><input type="checkbox" id="ask-dungeon" ${asking.dungeon ? "checked" : ""}> ${Words.t("I am in the Dungeon")}</label>
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
      change(Words.t("the {card} on top", { card: cardName(top.add) }), () => { asking.top = top.add; asking.suit = null; asking.play.tab = P.ownSuit(top.add); });
    } else if (button.id === "ask-top-change") {
      change(Words.t("taking off the {card} on top", { card: cardName(asking.top) }), () => { asking.top = null; asking.suit = null; asking.play = P.blankPlay(); });
    } else if (button.dataset.askSuit) {
      change(Words.t("the suit in force"), () => { asking.suit = button.dataset.askSuit; asking.play.tab = asking.suit; });
    } else if (!P.onPlayTap(button, "ask", asking.play, askCtx(), change)) return false;
    return true;
  }

  function onChange(target) {
    if (!target.closest("#ask-panel")) return;
    if (target.id === "ask-pending") change(Words.t("the draw waiting"), () => { asking.pending = target.value; });
    else if (target.id === "ask-count") asking.count = target.value;
    else if (target.id === "ask-hand") asking.hand = target.value;
    else if (target.id === "ask-dungeon") change(Words.t("the Dungeon"), () => { asking.dungeon = target.checked; });
    else if (target.dataset.cp === "ask") P.onDefended(target, "ask", asking.play, change);
  }

  async function ask() {
    const why = !asking.top ? Words.t("Tap the card on top of the discard pile first.")
      : needsSuit(asking.top) && !asking.suit ? Words.t("Tap the suit in force first.")
      : asking.pending && !(Number(asking.count) >= 1) ? Words.t("Type how many cards you are to draw (under A draw waiting).")
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
    say({ message: `${answer.allowed ? Words.t("Yes.") : Words.t("No.")} ${answer.message}${effects}`, rule: answer.rule, title: answer.title, url: `${game().urls.rules}#${answer.rule}` }, answer.allowed ? "ok" : "error");
  }

  // A scanned play for the arbiter: the cards go in as the play, and it is asked at once.
  function scanAsk(ids) {
    change(Words.t("the scanned cards"), () => { asking.play = { ...P.blankPlay(), cards: ids.slice(), extra: ids.map(() => ({})) }; });
    C.page.show("ask");
    const cards = ids.map(cardName).join(Words.t(", then "));
    if (!asking.top) return Words.t("Asked about {cards}: tap the card on top of the discard pile, then May I play this?", { cards });
    ask();
    return Words.t("Asked the arbiter: may you play {cards} on the {card}?", { cards, card: cardName(asking.top) });
  }

  // The question with its steps, for Redo and for the tab to keep (checked before it is taken).
  function restore(saved) {
    const before = trail.snapshot();
    trail.restore(saved);
    if (!asking || typeof asking !== "object" || !asking.play || typeof asking.play !== "object") {
      trail.restore(before);
      throw new TypeError("Not a question of this page.");
    }
  }

  return {
    askHtml, askInputs, onTap, onChange, ask, scanAsk, undo, restore,
    snapshot: () => trail.snapshot(),
    get steps() { return trail.length; },
    open: (open) => { asking.more = open; },
  };
})();
