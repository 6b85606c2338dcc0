// Kingseat's game page, the action phase (KingseatActions): player by player, swap, do nothing or
// the card's action with its fields (a card put into the Tell face down is never named); the
// move built from the fields, and what the engine says it does. Loaded after kingseat.js, whose
// draft it fills in.
"use strict";

const KingseatActions = (() => {
  const K = Kingseat;
  const C = KingseatCards;
  const { html, put } = Companion;
  const { and, chip } = C;
  const { $, view, nameOf, changed, crowned, stripWidth, currentMove, keyOf } = K;
  const { cardGrid } = KingseatVote;

  const FIELDLESS = () => Words.t("Nothing to enter for this card: store it.");

  function actionForm() {
    const v = view();
    const a = v.action;
    const n = a.needs;
    const f = K.draft.f;
    const kinds = v.hand_cards;  // only cards that can still be in a Hand
    const hands = v.hands;
    const who = a.name;
    const them = f.target === undefined || f.target === null ? null : nameOf(f.target);
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
        return n.face_down ? facedown(Words.tn("The King picks {n} card from {player}'s Hand and puts it into the Tell"
            + " face down.", "The King picks {n} cards from {player}'s Hand and puts them into the Tell face down.",
            n.face_down, { player: who }))
          : line(Words.t("{player}'s Hand is empty: nothing goes into the Tell.", { player: who }));
      case "slydefox": {
        const chosen = f.players || [];
        return html`${choosePlayers("players", n.players, Words.t("The two players who change places"), { multi: 2 })}${
          facedown(chosen.length
              ? Words.t("{who} into the Tell face down.", { who: and(chosen.map((p) => (hands[p] > 0
                ? Words.t("{player} puts a Hand card", { player: nameOf(p) })
                : Words.t("{player} (no cards) puts none", { player: nameOf(p) })))) })
            : Words.t("Each of the two puts a Hand card into the Tell face down."))}`;
      }
      case "slydefox-dark1":
        return choosePlayers("target", n.target, Words.t("Who {player} trades 3 cards with", { player: who }));
      case "hardshell-hero":
        return choosePlayers("target", n.target, Words.t("Who {player} changes places and trades 2 cards with",
            { player: who }));
      case "slydefox-dark2":
        if (!n.face_down) return line(Words.t("The Tell is empty: nothing to draw."));
        return facedown(Words.tn("{player} draws {n} card out of the Tell and puts as many Hand cards back, face down.",
            "{player} draws {n} cards out of the Tell and puts as many Hand cards back, face down.", n.face_down,
            { player: who }));
      case "woolfhall":
        return choosePrince("prince", n.prince, Words.t("The prince this round's Woolfhall voters must vote next round"));
      case "woolfhall-dark2":
        return n.face_down.length
            ? facedown(Words.t("{who} into the Tell face down.", { who: and(n.face_down.map((entry) => (entry.cards
              ? Words.tn("{player} puts {n} card", "{player} puts {n} cards", entry.cards, { player: nameOf(entry.player) })
              : Words.t("{player} (no cards) puts none", { player: nameOf(entry.player) })))) }))
          : small(Words.t("Nobody voted Woolfhall with cards left."));
      case "hornseeker":
        return n.target.length ? choosePlayers("target", n.target,
            Words.t("Whose Loyalty card was looked at (beside the King)"), { optional: true })
          : small(Words.t("Nobody beside the King can be picked."));
      case "hornseeker-dark1":
        return choosePlayers("target", n.target, Words.t("Whose Loyalty card was looked at"), { optional: true });
      case "gulliballistas-dark2":
        return choosePlayers("target", n.target, Words.t("Who else revealed their Hand"), { optional: true });
      case "salsa-salamanda-dark2":
        return choosePlayers("target", n.target, Words.t("Who swapped Loyalty cards with {player}", { player: who }),
            { optional: true });
      case "brownbeards-dark1": {
        if (!n.cards) {
          return line(Object.keys(n.from_discard).length ? Words.t("nothing to take.")
            : Words.t("The Discard holds no Brownbeards card: nothing to take."));
        }
        return pick("cards", n.cards, Words.tn("The {n} Brownbeards card {player} took from the Discard",
            "The {n} Brownbeards cards {player} took from the Discard", n.cards, { player: who }),
          { kinds: Object.keys(n.from_discard), limit: (kind) => n.from_discard[kind] || 0 });
      }
      case "monarchrys":
        return html`${choosePlayers("target", n.target, Words.t("Who was asked"))}${
          choosePrince("prince", n.prince, Words.t("For which prince"))}${
          chooseValue("count", [[0, Words.t("They had none")], [1, Words.t("They handed one over")]],
              Words.t("Did they hand a card over?"))}`;
      case "monarchrys-dark1":
        return html`${choosePlayers("target", n.target, Words.t("Who was picked"))}${
          numbers([["taken", them === null ? Words.t("Dark cards they handed {player}", { player: a.name })
                : Words.t("Dark cards {other} handed {player}", { other: them, player: a.name })],
              ["given", them === null ? Words.t("Dark cards {player} handed them", { player: a.name })
                : Words.t("Dark cards {player} handed {other}", { other: them, player: a.name })]])}`;
      case "monarchrys-dark2":
        return html`${choosePlayers("target", n.target, Words.t("Who was asked"))}${
          choosePrince("prince", n.prince, Words.t("For which prince"))}${
          numbers([["taken", them === null ? Words.t("Cards of it they handed {player}", { player: a.name })
                : Words.t("Cards of it {other} handed {player}", { other: them, player: a.name })],
              ["given", them === null ? Words.t("Cards {player} handed them (if they had none)", { player: a.name })
                : Words.t("Cards {player} handed {other} (if they had none)", { other: them, player: a.name })]])}`;
      case "crassclamps":
        return html`${choosePlayers("target", n.target, Words.t("Who gets the order"))}${
          choosePrince("prince", n.prince, Words.t("The prince they must vote next round"))}${
          chooseValue("order", [["swap", Words.t("Swap places")], ["action", Words.t("Use their card's action")]],
              Words.t("And then they must"))}`;
      case "crassclamps-dark2":
        return choosePlayers("first", n.first, Words.t("Who lays the first card next round"), { optional: true,
            nobody: Words.t("From the Kingseat") });
      case "hardshell-hero-dark1":
        return n.discards.length ? discarders(n.discards, kinds, (p) => Words.t("The card {player} discarded",
            { player: nameOf(p) }))
          : small(Words.t("Nobody else holds cards."));
      case "hardshell-hero-dark2":
        return line(n.givers.length ? Words.t("{players} each hand {player} one card.",
            { players: and(n.givers.map(nameOf)), player: who })
          : Words.t("Nobody has to hand over a card."));
      case "squlofish":
        return html`${choosePlayers("target", n.target, Words.t("Whose Squlofish cards were taken"))}${
          numbers([["count", Words.t("Squlofish cards taken")]])}`;
      case "squlofish-dark1": {
        const squid = C.kindsOf("squlofish");
        const most = n.may_be_in_tell;
        return html`${n.discard ? pick("discard", 1, Words.t("The Hand card {player} discarded to pay", { player: who }))
          : small(Words.t("{player} has no cards to discard.", { player: who }))}${Object.keys(most).length
            ? html`${chooseValue("found", [["none", Words.t("None")], ["some", Words.t("Some: tap them")]],
              Words.t("Squlofish moved out of the Tell"))}${
              f.found === "some" ? pick("removed", squid.reduce((sum, k) => sum + (most[k] || 0), 0), "",
                { kinds: squid.filter((k) => most[k]), limit: (kind) => most[kind] || 0,
                  empty: Words.t("All that fit in {n} votes", { n: n.most_votes }) }) : ""}`
            : small(Words.t("No Squlofish card can be in the Tell."))}`;
      }
      case "squlofish-dark2": {
        const squid = C.kindsOf("squlofish").filter((k) => kinds.includes(k));
        return html`${small(Words.t("Only the player (or players, on a tie) holding the most Squlofish discards one:"
          + " tap each one's name, then the card."))}${
          discarders(n.discards, squid, (p) => Words.t("{player} discarded", { player: nameOf(p) }), true)}`;
      }
      case "smugwing-dark1": {
        if (!n.drawn) return small(Words.t("This round's winning cards go from the Tell to the Discard."));
        return html`${chooseValue("found", [["all", Words.t("All were found")], ["some", Words.t("Only some: tap them")]],
          Words.tn("{n} card came out of the Tell at random this round: did the table find every winning card?",
            "{n} cards came out of the Tell at random this round: did the table find every winning card?", n.drawn))}${
          f.found === "some"
          ? pick("moved", n.winning.length, Words.t("The winning cards the table found and moved to the Discard"),
            { kinds: [...new Set(n.winning)], limit: (kind) => n.winning.filter((k) => k === kind).length,
              empty: Words.t("None") }) : ""}`;
      }
      case "smugwing-dark2":
        return n.givers.length ? choosePlayers("givers", n.givers, Words.t("Who handed {player} a Smugwing card",
            { player: who }), { multi: n.givers.length })
          : small(Words.t("Nobody who voted for the winning prince holds cards."));
      case "salsa-salamanda": {
        if (!n.winning.length) {
          return line(Words.t("None of this round's winning cards is still in the Tell: choose Do nothing."));
        }
        const cards = n.winning.map((kind) => html`<button type="button" class="ks-kind ks-c${C.KIND[kind].dark
            ? " dark" : ""}${f.winning === kind ? " selected" : ""}" style="${
            C.paint(C.princeOf(kind), C.KIND[kind].dark)}" data-kind="${kind}">${C.cardName(kind)}</button>`);
        return html`<div class="ks-field" data-field="winning"><h3>${Words.t("The winning card taken out of the Tell")}</h3>
          <div class="ks-choose">${cards}</div></div>${choosePlayers("to", n.to.filter((p) => p !== "discard"),
            Words.t("Where it went"), { extra: [["discard", Words.t("The Discard")]] })}`;
      }
      default:
        return small(FIELDLESS());
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
        ${p === now ? html`aria-current="step"` : ""} aria-label="${Words.t("{player}: {card}", { player: nameOf(p),
            card: card ? C.cardName(card) : optional ? Words.t("nothing") : Words.t("no card yet") })}">
        <span class="ks-voter-name">${crowned(p)}</span><span class="ks-voter-card">${card
            ? C.cardName(card) : "\u2014"}</span></button>`;
    });
    return html`<div class="ks-field" data-field="discards"><div class="ks-strip${stripWidth(players.length)
        }" role="group" aria-label="${Words.t("Who discarded")}">${strip}</div>
      ${now === null ? "" : html`<h3 class="sr" id="discarder-now">${label(now)}</h3>${
          cardGrid(kinds, (f[`discards-${now}`] || [])[0], label(now), "data-discard-kind")}
        ${optional ? html`<button type="button" class="secondary ks-fewer" data-discard-kind="">${
            Words.t("{player} discarded nothing", { player: nameOf(now) })}</button>` : ""}`}</div>`;
  }

  // What goes into the Tell face down: said, never named.
  function facedown(text) {
    const back = html`<span class="ks-back small-back" aria-hidden="true"></span>`;
    return html`<p class="ks-facedown" id="face-down-note">${back}<span>${
        Words.t("{text} Nobody names them: the Tell is turned over at the end.", { text })}</span></p>`;
  }

  // Player buttons for one field. multi: how many may be chosen; optional: "nobody" allowed.
  // A field once answered folds into one line that says the answer; a tap on it opens the
  // field again (so that the fields after it fit on the screen).
  const folded = (field) => K.draft.f.open !== field;
  function answer(field, label, text) {
    return html`<div class="ks-field" data-field="${field
        }"><button type="button" class="secondary ks-answer" data-reopen="${field}"
      aria-label="${Words.t("{label}: {answer}. Tap to change it", { label, answer: text })
          }"><span class="ks-answer-label">${label
          }</span> <strong>${text}</strong></button></div>`;
  }

  function choosePlayers(field, players, label, options = {}) {
    const value = K.draft.f[field];
    const chosen = options.multi ? (value || []) : [value];
    const extra = (options.extra || []).find(([key]) => key === value);
    if (folded(field) && (options.multi ? chosen.length === options.multi : value !== undefined)) {
      const text = options.multi ? and(chosen.map(nameOf)) : extra ? extra[1]
        : value === null ? options.nobody || Words.t("Nobody") : nameOf(value);
      return answer(field, label, text);
    }
    const buttons = players.map((p) => html`<button type="button" class="secondary${chosen.includes(p)
        ? " selected" : ""}" data-player="${p}">${crowned(p)}</button>`);
    for (const [key, text] of options.extra || []) {
      buttons.push(html`<button type="button" class="secondary${value === key
          ? " selected" : ""}" data-value="${key}">${text}</button>`);
    }
    if (options.optional) buttons.push(html`<button type="button" class="secondary${value === null
        ? " selected" : ""}" data-player="">${options.nobody || Words.t("Nobody")}</button>`);
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
          ? Words.t("tap the player, or Nobody") : Words.t("tap the player"));
      return f[key];
    };
    const num = (key, what) => {
      if (f[key] === undefined) throw new Error(what);
      return f[key];
    };
    const cards = (key, count, what) => {
      const chosen = f[key] || [];
      if (chosen.length !== count) throw new Error(what);
      return chosen.slice();
    };
    switch (a.card) {
      case "slydefox": {
        const players = f.players || [];
        if (players.length !== 2) throw new Error(Words.t("tap the two players who change places"));
        m.players = players.slice();
        break;
      }
      case "slydefox-dark1": case "hardshell-hero": m.target = target("target"); break;
      case "woolfhall":
        if (!f.prince) throw new Error(Words.t("tap the prince"));
        m.prince = f.prince;
        break;
      case "hornseeker": case "hornseeker-dark1": case "gulliballistas-dark2": case "salsa-salamanda-dark2": {
        if (!n.target.length) break;  // nobody can be named
        const t = target("target", true);
        if (t !== null) m.target = t;
        break;
      }
      case "brownbeards-dark1":
        m.cards = cards("cards", n.cards, Words.tn("tap the card taken from the Discard",
            "tap {n} cards taken from the Discard", n.cards));
        break;
      case "monarchrys":
        m.target = target("target");
        if (!f.prince) throw new Error(Words.t("tap the prince asked for"));
        m.prince = f.prince;
        if (f.count === undefined) throw new Error(Words.t("say whether a card was handed over"));
        m.count = f.count;
        break;
      case "monarchrys-dark1": case "monarchrys-dark2":
        m.target = target("target");
        if (a.card === "monarchrys-dark2") {
          if (!f.prince) throw new Error(Words.t("tap the prince asked for"));
          m.prince = f.prince;
        }
        m.taken = num("taken", Words.t("say how many cards they handed over"));
        m.given = num("given", Words.t("say how many cards were handed back"));
        break;
      case "crassclamps":
        m.target = target("target");
        if (!f.prince) throw new Error(Words.t("tap the prince they must vote"));
        m.prince = f.prince;
        if (!f.order) throw new Error(Words.t("tap what they must do then"));
        m.order = f.order;
        break;
      case "crassclamps-dark2": {
        const first = target("first", true);
        if (first !== null) m.first = first;
        break;
      }
      case "hardshell-hero-dark1":
        m.discards = n.discards.map((p) =>
          ({ player: p, card: cards(`discards-${p}`, 1, Words.t("tap the card {player} discarded",
              { player: nameOf(p) }))[0] }));
        break;
      case "squlofish":
        m.target = target("target");
        m.count = num("count", Words.t("say how many Squlofish cards were taken"));
        break;
      case "squlofish-dark1":
        m.discard = n.discard ? cards("discard", 1, Words.t("tap the card discarded to pay"))[0] : null;
        if (Object.keys(n.may_be_in_tell).length && f.found === undefined) {
          throw new Error(Words.t("say whether Squlofish cards came out of the Tell"));
        }
        if (f.found === "some" && !(f.removed || []).length) {
          throw new Error(Words.t("tap the Squlofish cards moved to the Discard"));
        }
        m.removed = f.found === "some" ? f.removed.slice() : [];
        break;
      case "squlofish-dark2":
        m.discards = n.discards.filter((p) => (f[`discards-${p}`] || []).length).map((p) =>
            ({ player: p, card: f[`discards-${p}`][0] }));
        break;
      case "smugwing-dark1":
        if (n.drawn && f.found === undefined) throw new Error(Words.t("say whether every winning card was found"));
        if (n.drawn && f.found === "some") m.moved = (f.moved || []).slice();
        break;
      case "smugwing-dark2": m.givers = (f.givers || []).slice().sort((x, y) => x - y); break;
      case "salsa-salamanda":
        if (!f.winning) throw new Error(Words.t("tap the winning card taken out of the Tell"));
        m.winning = f.winning;
        if (f.to === undefined) throw new Error(Words.t("tap where it went"));
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
    if (a.ordered === "swap" && !a.may.includes("action")) {
      notes.push(Words.t("Crassclamps ordered {player} to swap places this round.", { player: a.name }));
    } else if (a.ordered === "action") {
      notes.push(Words.t("Crassclamps ordered {player} to use their card's action this round, not to swap.",
          { player: a.name }));
    } else if (!a.may.includes("action")) {
      notes.push(Words.t("Crassclamps' dark 1: nobody may use a card's action this round."));
    }
    const labels = { action: Words.t("Use the card"), swap: Words.t("Swap places"), pass: Words.t("Do nothing") };
    let body = "";
    if (mode === "swap") {
      body = html`<div class="ks-field" data-field="swap"><h3>${Words.t("{player} swaps places (and a card) with",
          { player: a.name })}</h3><div class="ks-choose">${a.swap_with.map((p) =>
        html`<button type="button" class="secondary${K.draft.swap === p ? " selected" : ""}" data-swap="${p}">${
            crowned(p)}</button>`)}</div>
        <p class="small">${Words.t("People move; the Kingseat stays. Whoever sits in it afterwards is the King.")
            }</p></div>`;
    } else if (mode === "action") {
      body = html`<div id="action-form">${actionForm()}</div>`;
    } else if (mode === "pass") {
      body = html`<p class="small">${Words.t("{player} leaves the card unused; it goes to the Discard.",
          { player: a.name })}</p>`;
    }
    put($("#action-panel"), html`
      <div class="ks-actor"><h2 id="actor">${Words.t("{player} acts", { player: a.name })}</h2>${chip(a.card)}</div>
      <p class="small ks-card-text${mode === "action" ? " ks-clamp" : ""}" id="card-text">${kind.text
          } <span id="still-to-act">${a.order.length > 1 ? Words.t("Then: {players}.",
              { players: and(a.order.slice(1).map(nameOf)) }) : Words.t("Last to act this round.")}</span></p>
      ${notes.map((n) => html`<p class="small ks-note">${n}</p>`)}
      <div class="ks-modes" role="group" aria-label="${Words.t("What {player} does", { player: a.name })}">${
          a.may.map((m) =>
        html`<button type="button" class="${mode === m ? "selected" : "secondary"}" data-mode="${m}" ${mode === m
            ? html`aria-pressed="true"` : ""}>${labels[m]}</button>`)}</div>
      ${body}
      <div id="action-preview" class="ks-preview" aria-live="polite">${actionPreview()}</div>`);
  }

  function actionPreview() {
    const now = currentMove();
    if (!now.move) return html``;
    if (!K.checked || K.checked.key !== keyOf()) return html`<p class="small">${Words.t("Checking…")}</p>`;
    if (K.checked.status !== 200) return html``;
    const before = view();
    const after = K.checked.data.view;
    const lines = (after.round === before.round ? after.events : after.last_events).slice(before.events.length);
    const king = after.king !== before.king ? html`<p class="ks-result" id="new-king">\u265b ${
        Words.t("{player} will be the King.", { player: after.players[after.king].name })}</p>` : "";
    return html`${lines.length ? html`<ul class="ks-events">${lines.map((l) => html`<li>${l}</li>`)}</ul>` : ""}${
        king}
      <p class="small">${after.round !== before.round ? Words.t("That ends round {n}.", { n: before.round })
          : after.phase === "vote" ? Words.t("Round {n} is voted again.", { n: after.round })
          : Words.t("Next: {player}.", { player: after.action.name })}</p>`;
  }


  return { drawAction, actionPreview, actionMove, modeOf, discarderNow };
})();
