// Kingseat's game page, the action phase (KingseatActions): player by player, swap, do nothing or
// the card's action with its fields (a card put into the Tell face down is never named); the
// move built from the fields, and what the engine says it does. Loaded after kingseat.js, whose
// draft it fills in.
"use strict";

const KingseatActions = (() => {
  const K = Kingseat;
  const C = KingseatCards;
  const { html, put } = Companion;
  const { plural, and, chip } = C;
  const { $, view, nameOf, changed, crowned, stripWidth, currentMove, keyOf } = K;
  const { cardGrid } = KingseatVote;

  const FIELDLESS = "Nothing to enter for this card: store it.";

  function actionForm() {
    const v = view();
    const a = v.action;
    const n = a.needs;
    const f = K.draft.f;
    const kinds = v.hand_cards;  // only cards that can still be in a Hand
    const hands = v.hands;
    const who = a.name;
    const them = f.target === undefined || f.target === null ? "they" : nameOf(f.target);
    // A picker whose cards are all picked folds into one line once another field is tapped,
    // or at once when it takes one card and that card's prince has no other card to offer
    // (otherwise its prince's tap picks the regular card and a dark one may follow); a tap on
    // that line opens it again.
    const pick = (key, max, label, options = {}) => {
      const chosen = f[key] || [];
      const offered = options.kinds || kinds;
      const only = max === 1 && chosen.length === 1 && offered.filter((k) =>
          C.princeOf(k) === C.princeOf(chosen[0])).length === 1;
      if (label && max && chosen.length === max && (only || (f.touched !== undefined && f.touched !== key))
          && folded(key)) {
        return answer(key, label, and(chosen.map(C.cardName)));
      }
      const set = (cards) => { f[key] = cards; f.touched = key; delete f.open; changed(); };
      return html`<div class="ks-field">${label ? html`<h3>${label}</h3>` : ""}${
          C.picker(key, chosen, { max, kinds, set, ...options })}</div>`;
    };
    const line = (text) => html`<p>${text}</p>`;
    const small = (text) => html`<p class="small">${text}</p>`;
    switch (a.card) {
      case "lionsyre-dark2":
        return n.face_down ? facedown(`The King picks ${plural(n.face_down, "card")} from ${who}'s Hand and puts ${
            n.face_down === 1 ? "it" : "them"} into the Tell face down.`)
          : line(`${who}'s Hand is empty: nothing goes into the Tell.`);
      case "slydefox": {
        const chosen = f.players || [];
        return html`${choosePlayers("players", n.players, "The two players who change places", { multi: 2 })}${
          facedown(chosen.length
              ? `${and(chosen.map((p) => (hands[p] > 0 ? `${nameOf(p)} puts a Hand card` : `${nameOf(p)
              } (no cards) puts none`)))} into the Tell face down.`
            : "Each of the two puts a Hand card into the Tell face down.")}`;
      }
      case "slydefox-dark1":
        return choosePlayers("target", n.target, `Who ${who} trades 3 cards with`);
      case "hardshell-hero":
        return choosePlayers("target", n.target, `Who ${who} changes places and trades 2 cards with`);
      case "slydefox-dark2":
        if (!n.face_down) return line("The Tell is empty: nothing to draw.");
        return facedown(`${who} draws ${plural(n.face_down, "card")
        } out of the Tell and puts as many Hand cards back, face down.`);
      case "woolfhall":
        return choosePrince("prince", n.prince, "The prince this round's Woolfhall voters must vote next round");
      case "woolfhall-dark2":
        return n.face_down.length
            ? facedown(`${and(n.face_down.map((entry) => `${nameOf(entry.player)} ${entry.cards
            ? `puts ${plural(entry.cards, "card")}` : "(no cards) puts none"}`))} into the Tell face down.`)
          : small("Nobody voted Woolfhall with cards left.");
      case "hornseeker":
        return n.target.length ? choosePlayers("target", n.target, "Whose Loyalty card was looked at (beside the King)",
            { optional: true })
          : small("Nobody beside the King can be picked.");
      case "hornseeker-dark1":
        return choosePlayers("target", n.target, "Whose Loyalty card was looked at", { optional: true });
      case "gulliballistas-dark2":
        return choosePlayers("target", n.target, "Who else revealed their Hand", { optional: true });
      case "salsa-salamanda-dark2":
        return choosePlayers("target", n.target, `Who swapped Loyalty cards with ${who}`, { optional: true });
      case "brownbeards-dark1": {
        if (!n.cards) return line(`${Object.keys(n.from_discard).length ? "" : "The Discard holds no Brownbeards card: "
            }nothing to take.`);
        return pick("cards", n.cards, `The ${plural(n.cards, "Brownbeards card")} ${who} took from the Discard`,
          { kinds: Object.keys(n.from_discard), limit: (kind) => n.from_discard[kind] || 0 });
      }
      case "monarchrys":
        return html`${choosePlayers("target", n.target, "Who was asked")}${
          choosePrince("prince", n.prince, "For which prince")}${
          chooseValue("count", [[0, "They had none"], [1, "They handed one over"]], "Did they hand a card over?")}`;
      case "monarchrys-dark1":
        return html`${choosePlayers("target", n.target, "Who was picked")}${
          numbers([["taken", `Dark cards ${them} handed ${a.name}`],
              ["given", `Dark cards ${a.name} handed ${them}`]])}`;
      case "monarchrys-dark2":
        return html`${choosePlayers("target", n.target, "Who was asked")}${
          choosePrince("prince", n.prince, "For which prince")}${
          numbers([["taken", `Cards of it ${them} handed ${a.name}`],
              ["given", `Cards ${a.name} handed ${them} (if they had none)`]])}`;
      case "crassclamps":
        return html`${choosePlayers("target", n.target, "Who gets the order")}${
          choosePrince("prince", n.prince, "The prince they must vote next round")}${
          chooseValue("order", [["swap", "Swap places"], ["action", "Use their card's action"]],
              "And then they must")}`;
      case "crassclamps-dark2":
        return choosePlayers("first", n.first, "Who lays the first card next round", { optional: true,
            nobody: "From the Kingseat" });
      case "hardshell-hero-dark1":
        return n.discards.length ? discarders(n.discards, kinds, (p) => `The card ${nameOf(p)} discarded`)
          : small("Nobody else holds cards.");
      case "hardshell-hero-dark2":
        return line(n.givers.length ? `${and(n.givers.map(nameOf))} each hand ${who} one card.`
          : "Nobody has to hand over a card.");
      case "squlofish":
        return html`${choosePlayers("target", n.target, "Whose Squlofish cards were taken")}${
          numbers([["count", "Squlofish cards taken"]])}`;
      case "squlofish-dark1": {
        const squid = C.kindsOf("squlofish");
        const most = n.may_be_in_tell;
        return html`${n.discard ? pick("discard", 1, `The Hand card ${who} discarded to pay`)
          : small(`${who} has no cards to discard.`)}${Object.keys(most).length
            ? html`${chooseValue("found", [["none", "None"], ["some", "Some: tap them"]],
              "Squlofish moved out of the Tell")}${
              f.found === "some" ? pick("removed", squid.reduce((sum, k) => sum + (most[k] || 0), 0), "",
                { kinds: squid.filter((k) => most[k]), limit: (kind) => most[kind] || 0,
                  empty: `All that fit in ${n.most_votes} votes` }) : ""}`
            : small("No Squlofish card can be in the Tell.")}`;
      }
      case "squlofish-dark2": {
        const squid = C.kindsOf("squlofish").filter((k) => kinds.includes(k));
        return html`${small("Only the player (or players, on a tie) holding the most Squlofish discards one:"
          + " tap each one's name, then the card.")}${
          discarders(n.discards, squid, (p) => `${nameOf(p)} discarded`, true)}`;
      }
      case "smugwing-dark1": {
        if (!n.drawn) return small("This round's winning cards go from the Tell to the Discard.");
        return html`${chooseValue("found", [["all", "All were found"], ["some", "Only some: tap them"]],
          `${plural(n.drawn, "card")
          } came out of the Tell at random this round: did the table find every winning card?`)}${f.found === "some"
          ? pick("moved", n.winning.length, "The winning cards the table found and moved to the Discard",
            { kinds: [...new Set(n.winning)], limit: (kind) => n.winning.filter((k) => k === kind).length,
              empty: "None" }) : ""}`;
      }
      case "smugwing-dark2":
        return n.givers.length ? choosePlayers("givers", n.givers, `Who handed ${who} a Smugwing card`,
            { multi: n.givers.length })
          : small("Nobody who voted for the winning prince holds cards.");
      case "salsa-salamanda": {
        if (!n.winning.length) {
          return line("None of this round's winning cards is still in the Tell: choose Do nothing.");
        }
        const cards = n.winning.map((kind) => html`<button type="button" class="ks-kind ks-c${C.KIND[kind].dark
            ? " dark" : ""}${f.winning === kind ? " selected" : ""}" style="${
            C.paint(C.princeOf(kind), C.KIND[kind].dark)}" data-kind="${kind}">${C.cardName(kind)}</button>`);
        return html`<div class="ks-field" data-field="winning"><h3>The winning card taken out of the Tell</h3>
          <div class="ks-choose">${cards}</div></div>${choosePlayers("to", n.to.filter((p) => p !== "discard"),
            "Where it went", { extra: [["discard", "The Discard"]] })}`;
      }
      default:
        return small(FIELDLESS);
    }
  }

  // A card discarded by each of several players, one player at a time: a strip of their
  // names (with the card tapped), then one tap on the card grid for the named player.
  // `optional`: a player may discard nothing (no card is assumed for anyone).
  const discarderNow = (players) => {
    const f = K.draft.f;
    if (f.dcursor !== undefined) return f.dcursor;
    const left = players.find((p) => !(f[`discards-${p}`] || []).length);
    return left === undefined ? null : left;
  };

  // Whose card is wanted is said by the strip (the discarder outlined) and the action bar, so
  // its heading is for screen readers only: nine players' discards of eleven princes fit.
  function discarders(players, kinds, label, optional = false) {
    const f = K.draft.f;
    const now = optional ? (f.dcursor === undefined ? null : f.dcursor) : discarderNow(players);
    const strip = players.map((p) => {
      const card = (f[`discards-${p}`] || [])[0];
      const style = card ? html` style="${C.paint(C.princeOf(card), C.KIND[card].dark)}"` : "";
      return html`<button type="button" class="ks-voter${card ? ` ks-c${C.KIND[card].dark ? " dark" : ""}`
          : " secondary"}${p === now ? " now" : ""}"${style} data-discarder="${p}"
        ${p === now ? html`aria-current="step"` : ""} aria-label="${nameOf(p)}: ${card
            ? C.cardName(card) : optional ? "nothing" : "no card yet"}">
        <span class="ks-voter-name">${crowned(p)}</span><span class="ks-voter-card">${card
            ? C.cardName(card) : "\u2014"}</span></button>`;
    });
    return html`<div class="ks-field" data-field="discards"><div class="ks-strip${stripWidth(players.length)
        }" role="group" aria-label="Who discarded">${strip}</div>
      ${now === null ? "" : html`<h3 class="sr" id="discarder-now">${label(now)}</h3>${
          cardGrid(kinds, (f[`discards-${now}`] || [])[0], label(now), "data-discard-kind")}
        ${optional ? html`<button type="button" class="secondary ks-fewer" data-discard-kind="">${nameOf(now)
            } discarded nothing</button>` : ""}`}</div>`;
  }

  // What goes into the Tell face down: said, never named.
  function facedown(text) {
    const back = html`<span class="ks-back small-back" aria-hidden="true"></span>`;
    const unnamed = "Nobody names them: the Tell is turned over at the end.";
    return html`<p class="ks-facedown" id="face-down-note">${back}<span>${text} ${unnamed}</span></p>`;
  }

  // Player buttons for one field. multi: how many may be chosen; optional: "nobody" allowed.
  // A field once answered folds into one line that says the answer; a tap on it opens the
  // field again (so that the fields after it fit on the screen).
  const folded = (field) => K.draft.f.open !== field;
  function answer(field, label, text) {
    return html`<div class="ks-field" data-field="${field
        }"><button type="button" class="secondary ks-answer" data-reopen="${field}"
      aria-label="${label}: ${text}. Tap to change it"><span class="ks-answer-label">${label
          }</span> <strong>${text}</strong></button></div>`;
  }

  function choosePlayers(field, players, label, options = {}) {
    const value = K.draft.f[field];
    const chosen = options.multi ? (value || []) : [value];
    const extra = (options.extra || []).find(([key]) => key === value);
    if (folded(field) && (options.multi ? chosen.length === options.multi : value !== undefined)) {
      const text = options.multi ? and(chosen.map(nameOf)) : extra ? extra[1]
        : value === null ? options.nobody || "Nobody" : nameOf(value);
      return answer(field, label, text);
    }
    const buttons = players.map((p) => html`<button type="button" class="secondary${chosen.includes(p)
        ? " selected" : ""}" data-player="${p}">${crowned(p)}</button>`);
    for (const [key, text] of options.extra || []) {
      buttons.push(html`<button type="button" class="secondary${value === key
          ? " selected" : ""}" data-value="${key}">${text}</button>`);
    }
    if (options.optional) buttons.push(html`<button type="button" class="secondary${value === null
        ? " selected" : ""}" data-player="">${options.nobody || "Nobody"}</button>`);
    const multi = options.multi ? html`data-multi="${options.multi}"` : "";
    return html`<div class="ks-field" data-field="${field}" ${multi}><h3>${label}</h3><div class="ks-choose${
        buttons.length > 6 ? " ks-four" : ""}">${buttons}</div></div>`;
  }

  function choosePrince(field, princes, label) {
    if (folded(field) && K.draft.f[field]) return answer(field, label, C.princeName(K.draft.f[field]));
    return html`<div class="ks-field" data-field="${field}"><h3>${label}</h3><div class="ks-princes">${
        princes.map((prince) =>
      html`<button type="button" class="ks-prince ks-c${K.draft.f[field] === prince ? " selected" : ""}" style="${
          C.paint(prince)}" data-prince="${prince}">${C.princeName(prince)}</button>`)}</div></div>`;
  }

  function chooseValue(field, values, label) {
    const chosen = values.find(([value]) => value === K.draft.f[field]);
    if (folded(field) && chosen) return answer(field, label, chosen[1]);
    return html`<div class="ks-field" data-field="${field}"><h3>${label}</h3><div class="ks-choose">${
      values.map(([value, text]) =>
      html`<button type="button" class="secondary${K.draft.f[field] === value ? " selected" : ""}" data-value="${
          value}">${text}</button>`)}</div></div>`;
  }

  // Counts of cards: steppers from 0 (nothing filled in until the table says how many).
  function numbers(fields) {
    const most = view().deal.cards_per_prince;
    return html`<div class="ks-numbers">${fields.map(([field, label]) => Companion.stepper({
      name: field, label, value: K.draft.f[field] ?? null, min: 0, max: most, id: `ks-${field}` }))}</div>`;
  }

  // The action move from the draft, or a prompt for what is still missing.
  function actionMove() {
    const a = view().action;
    const n = a.needs;
    const f = K.draft.f;
    const m = { type: "action", player: a.player, card: a.card };
    // Nothing is assumed: an optional player is "Nobody" only when tapped so.
    const target = (key, optional) => {
      if (f[key] === undefined || (f[key] === null && !optional)) throw new Error(optional
          ? "Tap the player, or Nobody" : "Tap the player");
      return f[key];
    };
    const num = (key, what) => {
      if (f[key] === undefined) throw new Error(`Say how many ${what}`);
      return f[key];
    };
    const cards = (key, count, what) => {
      const chosen = f[key] || [];
      if (chosen.length !== count) throw new Error(`Tap ${count === 1 ? "the card" : `${count} cards`}${what
          ? ` ${what}` : ""}`);
      return chosen.slice();
    };
    switch (a.card) {
      case "slydefox": {
        const players = f.players || [];
        if (players.length !== 2) throw new Error("Tap the two players who change places");
        m.players = players.slice();
        break;
      }
      case "slydefox-dark1": case "hardshell-hero": m.target = target("target"); break;
      case "woolfhall":
        if (!f.prince) throw new Error("Tap the prince");
        m.prince = f.prince;
        break;
      case "hornseeker": case "hornseeker-dark1": case "gulliballistas-dark2": case "salsa-salamanda-dark2": {
        if (!n.target.length) break;  // nobody can be named
        const t = target("target", true);
        if (t !== null) m.target = t;
        break;
      }
      case "brownbeards-dark1": m.cards = cards("cards", n.cards, "taken from the Discard"); break;
      case "monarchrys":
        m.target = target("target");
        if (!f.prince) throw new Error("Tap the prince asked for");
        m.prince = f.prince;
        if (f.count === undefined) throw new Error("Say whether a card was handed over");
        m.count = f.count;
        break;
      case "monarchrys-dark1": case "monarchrys-dark2":
        m.target = target("target");
        if (a.card === "monarchrys-dark2") {
          if (!f.prince) throw new Error("Tap the prince asked for");
          m.prince = f.prince;
        }
        m.taken = num("taken", "cards they handed over");
        m.given = num("given", "cards were handed back");
        break;
      case "crassclamps":
        m.target = target("target");
        if (!f.prince) throw new Error("Tap the prince they must vote");
        m.prince = f.prince;
        if (!f.order) throw new Error("Tap what they must do then");
        m.order = f.order;
        break;
      case "crassclamps-dark2": {
        const first = target("first", true);
        if (first !== null) m.first = first;
        break;
      }
      case "hardshell-hero-dark1":
        m.discards = n.discards.map((p) =>
          ({ player: p, card: cards(`discards-${p}`, 1, `${nameOf(p)} discarded`)[0] }));
        break;
      case "squlofish": m.target = target("target"); m.count = num("count", "Squlofish cards were taken"); break;
      case "squlofish-dark1":
        m.discard = n.discard ? cards("discard", 1, "discarded to pay")[0] : null;
        if (Object.keys(n.may_be_in_tell).length && f.found === undefined) {
          throw new Error("Say whether Squlofish cards came out of the Tell");
        }
        if (f.found === "some" && !(f.removed || []).length) {
          throw new Error("Tap the Squlofish cards moved to the Discard");
        }
        m.removed = f.found === "some" ? f.removed.slice() : [];
        break;
      case "squlofish-dark2":
        m.discards = n.discards.filter((p) => (f[`discards-${p}`] || []).length).map((p) =>
            ({ player: p, card: f[`discards-${p}`][0] }));
        break;
      case "smugwing-dark1":
        if (n.drawn && f.found === undefined) throw new Error("Say whether every winning card was found");
        if (n.drawn && f.found === "some") m.moved = (f.moved || []).slice();
        break;
      case "smugwing-dark2": m.givers = (f.givers || []).slice().sort((x, y) => x - y); break;
      case "salsa-salamanda":
        if (!f.winning) throw new Error("Tap the winning card taken out of the Tell");
        m.winning = f.winning;
        if (f.to === undefined) throw new Error("Tap where it went");
        m.to = f.to;
        break;
      default: break;
    }
    return m;
  }

  function modeOf() {
    const a = view().action;
    return a.may.length === 1 ? a.may[0] : K.draft.mode;
  }

  function drawAction() {
    const v = view();
    const a = v.action;
    const mode = modeOf();
    const kind = C.KIND[a.card];
    const notes = [];
    if (a.ordered === "swap" && !a.may.includes("action")) notes.push(`Crassclamps ordered ${a.name
        } to swap places this round.`);
    else if (a.ordered === "action") notes.push(`Crassclamps ordered ${a.name
        } to use their card's action this round, not to swap.`);
    else if (!a.may.includes("action")) notes.push("Crassclamps' dark 1: nobody may use a card's action this round.");
    const labels = { action: `Use the card`, swap: "Swap places", pass: "Do nothing" };
    let body = "";
    if (mode === "swap") {
      body = html`<div class="ks-field" data-field="swap"><h3>${a.name
          } swaps places (and a card) with</h3><div class="ks-choose">${a.swap_with.map((p) =>
        html`<button type="button" class="secondary${K.draft.swap === p ? " selected" : ""}" data-swap="${p}">${
            crowned(p)}</button>`)}</div>
        <p class="small">People move; the Kingseat stays. Whoever sits in it afterwards is the King.</p></div>`;
    } else if (mode === "action") {
      body = html`<div id="action-form">${actionForm()}</div>`;
    } else if (mode === "pass") {
      body = html`<p class="small">${a.name} leaves the card unused; it goes to the Discard.</p>`;
    }
    put($("#action-panel"), html`
      <div class="ks-actor"><h2 id="actor">${a.name} acts</h2>${chip(a.card)}</div>
      <p class="small ks-card-text${mode === "action" ? " ks-clamp" : ""}" id="card-text">${kind.text
          } <span id="still-to-act">${a.order.length > 1 ? `Then: ${and(a.order.slice(1).map(nameOf))
          }.` : "Last to act this round."}</span></p>
      ${notes.map((n) => html`<p class="small ks-note">${n}</p>`)}
      <div class="ks-modes" role="group" aria-label="What ${a.name} does">${a.may.map((m) =>
        html`<button type="button" class="${mode === m ? "selected" : "secondary"}" data-mode="${m}" ${mode === m
            ? html`aria-pressed="true"` : ""}>${labels[m]}</button>`)}</div>
      ${body}
      <div id="action-preview" class="ks-preview" aria-live="polite">${actionPreview()}</div>`);
  }

  function actionPreview() {
    const now = currentMove();
    if (!now.move) return html``;
    if (!K.checked || K.checked.key !== keyOf()) return html`<p class="small">Checking\u2026</p>`;
    if (K.checked.status !== 200) return html``;
    const before = view();
    const after = K.checked.data.view;
    const lines = (after.round === before.round ? after.events : after.last_events).slice(before.events.length);
    const king = after.king !== before.king ? html`<p class="ks-result" id="new-king">\u265b ${
        after.players[after.king].name} will be the King.</p>` : "";
    return html`${lines.length ? html`<ul class="ks-events">${lines.map((l) => html`<li>${l}</li>`)}</ul>` : ""}${
        king}
      <p class="small">${after.round !== before.round ? `That ends round ${before.round}.` : after.phase === "vote"
          ? `Round ${after.round} is voted again.` : `Next: ${after.action.name}.`}</p>`;
  }


  return { drawAction, actionPreview, actionMove, modeOf, discarderNow };
})();
