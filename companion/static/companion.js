// The part of every game page that is the same for all games: talking to the JSON API,
// following the table (long polling the entry number) without losing this phone's draft, undo
// and redo (of the draft's last step, or of a stored entry, named), answers to a tap in the
// action bar, the rule sheet, the history, the phone's player and the screen kept awake.
// A game's script draws its state and its turn's controls, and nothing else.
//
// What a game's script gives Companion.start(payload, options):
//   redraw(game, moved)   draw the state and the turn's controls from the page's own draft
//   reset()               drop the draft
//   draft                 {steps(), undo() -> sentence, keep(game) -> null or the sentence why
//                         it goes}, and optionally:
//     snapshot()          the draft as it is, before Undo takes back a step (null: nothing Redo
//                         could put back); with it, Redo works inside a turn through
//     restore(snapshot)   put that draft back, returning the sentence of what came back
//     move()              the move the draft would store now (null: none yet): checked with the
//                         server when the table's rulings change, the draft dropped if refused
//                         (without it, a rulings change drops any draft)
//   view()                optional: the name of the view shown (a page of several views); an
//                         entry stored from another view is undone only after a question
//   scanned(cards)        optional: fill the turn in from a photo's cards
//   poll                  ms to wait after a failed request
// What it may use: Companion.send(path, body), say(text or {message, url, title}, kind) and
// say(null) to clear (an answer also goes at the next tap or typing on the page, a stored entry,
// or a dropped draft), ask(text, yes), request, failure, update, escape, $, stepper, seatName,
// drafted() (the draft changed without a tap), game. A prompt written in #prompt as
// "<mover>'s turn: ..." reads "Your turn: ..." on the phone that holds the mover's seat. The body
// carries data-entries (the game's entry count) and data-awake ("wake-lock", "video").
"use strict";

const Companion = (() => {
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  let game = null;          // the latest payload from the server
  let page = { redraw() {}, reset() {} };  // the game page's drawing, its draft and its scan

  const $ = (selector, root = document) => root.querySelector(selector);

  // Markup built safely by construction: html`<b>${name}</b>` escapes every value put in it
  // (by html-escaper, vendored in static/vendor/html-escaper, whose script defines the global
  // ``html`` before this file), unless the value is itself made by html; an array's items go in
  // one after the other; null, undefined and false put nothing. Markup goes into the page only
  // through put(), which takes nothing else.
  const escapeText = window.html.escape;
  class SafeHtml {
    constructor(text) { this.text = text; }
    toString() { return this.text; }
  }
  const inner = (value) => {
    if (value instanceof SafeHtml) return value.text;
    if (Array.isArray(value)) return value.map(inner).join("");
    if (value === null || value === undefined || value === false) return "";
    return escapeText(String(value));
  };
  function html(strings, ...values) {
    return new SafeHtml(strings.reduce((out, text, i) => out + inner(values[i - 1]) + text));
  }
  // Put markup made by html in an element: in place of what it holds, or at `where`
  // ("afterbegin", "beforeend", ...).
  function put(element, markup, where = null) {
    if (!(markup instanceof SafeHtml)) throw new TypeError("Only markup made by Companion.html goes into a page.");
    if (where) element.insertAdjacentHTML(where, markup.text);
    else element.innerHTML = markup.text;
  }
  // The old escaping by hand, kept for the scripts not yet drawing with html (kingseat.js): it
  // goes when they do.
  const escape = escapeText;

  // The trail of a draft's steps, for the bar's Undo and Redo inside a turn: each step keeps a
  // copy of the draft as it was before it, and the sentence that takes it back. `get` and `set`
  // read and replace the page's draft (any value JSON can copy).
  //   change(sentence, apply, field)  apply() changes the draft: one step, unless nothing
  //                  changed; a change of the same `field` as the last step's (a number typed or
  //                  stepped) stays that one step, its sentence the latest, and goes if the
  //                  draft is back as it was before it
  //   undo()         put the draft back as it was before the last step: that step's sentence
  //                  (null: no step to take back)
  //   length, clear(), and snapshot() / restore(saved) for Redo (the draft with its steps)
  function trail({ get, set }) {
    let steps = [];
    const copy = () => JSON.stringify(get());
    return {
      get length() { return steps.length; },
      change(sentence, apply, field = null) {
        const before = copy();
        apply();
        const after = copy();
        if (after === before) return;
        const last = steps[steps.length - 1];
        if (field === null || !last || last.field !== field) steps.push({ before, sentence, field });
        else if (after === last.before) steps.pop();
        else last.sentence = sentence;
      },
      undo() {
        const last = steps.pop();
        if (!last) return null;
        set(JSON.parse(last.before));
        return last.sentence;
      },
      clear() { steps = []; },
      snapshot: () => ({ draft: copy(), steps: steps.slice() }),
      restore(saved) { set(JSON.parse(saved.draft)); steps = saved.steps.slice(); },
    };
  }

  // A signed number, as the pages show a change of points: +3, +0, −3 (a true minus sign).
  const signed = (n) => `${n >= 0 ? "+" : "\u2212"}${Math.abs(n)}`;

  // What an answer that is not the one hoped for says: the server's error, or its status.
  const failure = (status, data) => (data && data.error) || { message: `The companion answered ${status}.` };

  async function request(method, path, body) {
    const options = { method, headers: { "X-CSRFToken": csrf, Accept: "application/json" } };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    let response, said = null;
    // 503: the server's database is restarting (or it is too busy): say its sentence and ask
    // again after its Retry-After, a few times; the sentence goes once an answer comes.
    for (let tries = 0; ; tries++) {
      try {
        response = await fetch(path, options);
      } catch {
        return { status: 0, data: { error: { message: "The companion cannot be reached: check this phone's network." } } };
      }
      if (response.status !== 503 || tries === 5) break;
      const busy = await response.json().catch(() => null);
      if (busy && busy.error) { said = busy.error.message; say(busy.error, "notice"); }
      await new Promise((resolve) => setTimeout(resolve, 1000 * Math.min(10, Number(response.headers.get("Retry-After")) || 2)));
    }
    if (said && $("#message").textContent.includes(said)) say(null);
    const data = response.status === 204 ? null : await response.json().catch(() => null);
    return { status: response.status, data };
  }

  // Every answer to a tap, the server's or the page's own, goes in the action bar's strip over
  // the prompt: one or two lines, so the bar never grows over the turn's controls. The whole
  // sentence and its rule open in a sheet (a tap on the strip or on "Rule"); the next tap or
  // typing elsewhere on the page (which changes the draft or fixes what the answer named), a
  // stored entry, or another phone's entry that drops the draft take it away.
  let said = null;  // the answer shown: {message, url, title, open}
  function say(error, kind = "error") {
    const box = $("#message");
    box.parentElement.classList.toggle("answered", Boolean(error));  // the prompt under it hides
    if (!error) { box.hidden = true; box.replaceChildren(); said = null; return; }
    if (typeof error === "string") error = { message: error };
    said = error;
    box.className = `message ${kind}`;
    box.hidden = false;
    const title = error.title || "the rule";
    const rule = error.url
      ? html`<button type="button" class="rule-link" data-rule="${error.url}"><span>Rule<span class="sr-inline">: ${title}</span></span></button>` : "";
    put(box, html`<button type="button" class="message-text"><span>${error.message}</span></button>${rule}
      <button type="button" class="message-close" aria-label="Dismiss this message">\u00d7</button>`);
  }

  // A tap or typing on the page, outside the answer and the sheets, takes the answer away
  // (before the page's own handler, which may answer again).
  function clearAnswer(event) {
    if (!said || !(event.target instanceof Element) || event.target.closest("#message, dialog")) return;
    say(null);
  }

  // The answer in a sheet over the page: its whole sentence and its rule (the rules page's
  // entry, fetched once).
  let rulesPage = null;
  async function showAnswer() {
    const answer = said;
    if (!answer) return;
    if (answer.open) { answer.open(); return; }
    $("#rule-sheet-message").textContent = answer.message;
    $("#rule-sheet-title").textContent = "The answer";
    $("#rule-sheet-body").replaceChildren();
    $("#rule-sheet-all").hidden = !answer.url;
    if (answer.url) {
      const [path, anchor] = answer.url.split("#");
      if (!rulesPage || rulesPage.path !== path) {
        const response = await fetch(path).catch(() => null);
        const text = response && response.ok ? await response.text() : "";
        rulesPage = { path, doc: new DOMParser().parseFromString(text, "text/html") };
      }
      const entry = anchor ? rulesPage.doc.getElementById(anchor) : null;
      const heading = entry && entry.querySelector("h3, h2");
      $("#rule-sheet-title").textContent = heading ? `Rule: ${heading.textContent}` : "The rules";
      if (entry) {
        const copy = document.importNode(entry, true);
        copy.removeAttribute("id");
        const copied = copy.querySelector("h3, h2");
        if (copied) copied.remove();
        $("#rule-sheet-body").append(copy);
      } else {
        $("#rule-sheet-body").textContent = "The rules page cannot be reached from this phone now.";
      }
      $("#rule-sheet-all").href = answer.url;
    }
    $("#rule-sheet").showModal();
  }

  // A question before a tap does something that touches another player (Undo of their move):
  // resolves true when the player confirms.
  function ask(text, yes = "Yes") {
    const sheet = $("#ask");
    $("#ask-text").textContent = text;
    $("#ask-yes").textContent = yes;
    return new Promise((resolve) => {
      const done = (answer) => () => { sheet.close(); resolve(answer); };
      $("#ask-yes").onclick = done(true);
      $("#ask-no").onclick = done(false);
      sheet.onclose = () => resolve(false);
      sheet.showModal();
    });
  }

  const lineHtml = (line) =>
    html`<li class="${line.undone ? "undone" : ""}"><strong>${line.seq + 1}.</strong> ${line.text}</li>`;

  // The history list, newest first. The page holds the lines from ``history_start`` on (the
  // server sends the last ones at first, and earlier ones a page at a time when asked); only
  // the lines from `from` on are drawn again, so a long game costs a phone no more per move
  // than a short one.
  function drawHistory(from) {
    const list = $("#history");
    const start = game.history_start;
    const shown = Number(list.dataset.lines || 0);
    if (!game.history.length) put(list, html`<li>No moves yet.</li>`);
    else if (from <= start || from > shown || Number(list.dataset.start) !== start) {
      put(list, html`${game.history.slice().reverse().map(lineHtml)}`);
    } else {
      for (let i = from; i < shown; i++) list.firstElementChild.remove();
      put(list, html`${game.history.slice(from - start).reverse().map(lineHtml)}`, "afterbegin");
    }
    list.dataset.lines = start + game.history.length;
    list.dataset.start = start;
    $("#history-earlier").hidden = start === 0;
    $("#history-earlier").textContent = `Earlier moves (${start})`;
  }

  async function earlierHistory() {
    const { status, data } = await request("GET", `/api/games/${game.id}/history?before=${game.history_start}`);
    if (status !== 200) { say(failure(status, data)); return; }
    game.history = data.history.concat(game.history);
    game.history_start = data.history_from;
    drawHistory(0);
  }

  // A new position from the server. When another phone moved, this phone's draft is kept if
  // the game's page finds it still legal, or dropped: the page's sentence why is returned.
  // A change of the table's rulings drops a draft the rules now refuse (checked with the
  // page's draft.move() when it gives one; without it, any draft: its moves were chosen under
  // the old rulings). An answer standing on the page goes with a draft that is dropped.
  function update(payload) {
    const moved = game && payload.seq !== game.seq;
    const ruled = moved && JSON.stringify(payload.rulings) !== JSON.stringify(game.rulings);
    const ended = game && !game.result && payload.result;
    // The server sends the history lines from history_from on: the page keeps its own before.
    const from = payload.history_from;
    payload.history_start = game && from >= game.history_start ? game.history_start : from;
    if (game && from > game.history_start) {
      payload.history = game.history.slice(0, from - game.history_start).concat(payload.history);
    }
    game = payload;
    document.body.dataset.entries = game.seq;  // how far this phone follows the table
    document.body.classList.toggle("finished", Boolean(game.result));
    $("#again").hidden = !game.again;
    if (game.again) $("#again").href = game.again;
    let dropped = null;
    if (moved && steps() > 0) {
      dropped = page.draft.keep(game);
      if (!dropped && ruled && !page.draft.move) dropped = RULED;
      if (dropped) drop();
    } else if (moved && !page.draft) {
      page.reset();
    }
    if (moved && !steps()) say(null);
    drawHistory(from);
    drawSeat();
    drawUndo();
    page.redraw(game, moved);
    if (ruled && steps() > 0 && page.draft.move) recheck(game.seq);
    if (ended) refreshExtras();
    return dropped;
  }

  const RULED = "The rulings were changed on another phone: enter this turn again.";

  function drop() {
    page.reset();
    redoSteps = [];
  }

  // The rulings changed under a draft: would the rules still take the draft's move?
  async function recheck(seq) {
    const move = page.draft.move();
    if (!move) return;
    const { status, data } = await request("POST", `/api/games/${game.id}/check`, { move });
    if (status !== 422 || game.seq !== seq || !steps()) return;
    drop();
    page.redraw(game, false);
    drawUndo();
    const error = failure(status, data);
    say({ ...error, message: `The rulings were changed on another phone, so this turn was dropped: ${error.message}` }, "notice");
  }

  // The game ended: the end-of-game exports (More, "This game") as the server draws them now.
  async function refreshExtras() {
    const response = await fetch(game.urls.page).catch(() => null);
    if (!response || !response.ok) return;
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("game-extras");
    if (fresh) $("#game-extras").replaceWith(document.importNode(fresh, true));
  }

  const steps = () => (page.draft ? page.draft.steps() : 0);
  const names = () => ((game.view && Array.isArray(game.view.players)) ? game.view.players : [])
    .map((p) => (p && typeof p === "object" ? p.name : p));
  const seatName = () => (game.seat === null || game.seat === undefined ? null : names()[game.seat]);

  // Redo inside a draft: the draft as it was before each step Undo took back (the page's
  // draft.snapshot()), put back by draft.restore(). Any other change of the draft forgets them.
  let redoSteps = [];
  let stepsSeen = 0;
  function drawUndo() {
    if (steps() !== stepsSeen) { stepsSeen = steps(); redoSteps = []; }
    const undo = $("#undo");
    const redo = $("#redo");
    undo.disabled = !steps() && !game.undo;
    redo.disabled = !redoSteps.length && (Boolean(steps()) || !game.redo);
    undo.setAttribute("aria-label", steps() ? "Undo the last step of this turn"
      : game.undo ? `Undo ${game.undo.text}` : "Undo");
    redo.setAttribute("aria-label", redoSteps.length ? "Redo the step of this turn taken back"
      : game.redo ? `Redo ${game.redo.text}` : "Redo");
  }

  // Was this stored entry entered by this phone's player, or on this phone? A page with views
  // (its ``view()``) counts an entry as its own only in the view that stored it on this phone.
  const storedHere = (seq) => JSON.parse(sessionStorage.getItem(`stored-${game.id}`) || "[]")
    .find(([stored]) => stored === seq);
  const viewNow = () => (page.view ? page.view() : null);
  function mine(line) {
    const here = storedHere(line.seq);
    if (viewNow() !== null) return Boolean(here) && here[1] === viewNow();
    return (line.seat !== null && line.seat !== undefined && line.seat === game.seat) || Boolean(here);
  }

  async function undoOrRedo(which) {
    if (which === "undo" && steps() > 0) {
      const before = page.draft.snapshot ? page.draft.snapshot() : null;
      const said = page.draft.undo();
      if (before !== null) redoSteps.push(before);
      stepsSeen = steps();
      page.redraw(game, false);
      drawUndo();
      say(said, "ok");
      return;
    }
    if (which === "redo" && redoSteps.length) {
      const said = page.draft.restore(redoSteps.pop());
      stepsSeen = steps();
      page.redraw(game, false);
      drawUndo();
      say(said, "ok");
      return;
    }
    const line = game[which];
    if (!line) return;
    const verb = which === "undo" ? "Undo" : "Redo";
    if (!mine(line)) {
      const who = line.player ? `${line.player}'s move` : "this entry";
      const where = storedHere(line.seq) ? "entered in another view of this phone" : "entered on another phone";
      if (!(await ask(`${verb} ${who}, ${where}? ${line.text}`, `${verb} it`))) return;
    }
    if (await send(`/api/games/${game.id}/${which}`)) say(`${which === "undo" ? "Undone" : "Redone"}: ${line.text}`, "ok");
  }

  // "Who holds this phone?": the players' names and "nobody"; the server keeps the claim (with
  // this phone's cookie), so the page remembers nothing itself.
  function drawSeat() {
    const players = names();
    $("#seat-box").hidden = !players.length;
    const held = game.seats || [];
    $("#seat-now").textContent = seatName() === null ? "nobody's" : `${seatName()}'s`;
    const button = (value, text, taken) => html`<button type="button" class="${game.seat === value ? "selected" : "secondary"}" data-seat="${value === null ? "" : value}"
      ${game.seat === value ? html`aria-pressed="true"` : ""}>${text}${taken ? html`<span class="small">another phone</span>` : ""}</button>`;
    const choices = html`${players.map((name, p) => button(p, name, held.includes(p) && game.seat !== p))}${button(null, "Nobody", false)}`;
    for (const box of document.querySelectorAll(".seat-choices")) put(box, choices);
  }

  async function claimSeat(player) {
    const { status, data } = await request("POST", `/api/games/${game.id}/seat`, { player });
    const errors = document.querySelectorAll(".seat-error");
    for (const error of errors) {
      error.hidden = status === 200;
      error.textContent = status === 200 ? "" : failure(status, data).message;
    }
    if (status !== 200) {
      // The game's creator may free a seat another phone holds (one that lost its cookie).
      if (status === 409 && game.owner && player !== null) {
        for (const error of errors) {
          put(error, html` <button type="button" class="secondary" data-free-seat="${player}">Free ${names()[player]}'s seat</button>`, "beforeend");
        }
      }
      return;
    }
    if (said && said.open) say(null);  // the question was answered
    update(data.game);
    $("#more").close();
    $("#who").close();
  }

  async function freeSeat(player) {
    const { status, data } = await request("POST", `/api/games/${game.id}/seat`, { free: player });
    for (const error of document.querySelectorAll(".seat-error")) {
      error.hidden = status === 200;
      error.textContent = status === 200 ? "" : failure(status, data).message;
    }
    if (status === 200) update(data.game);
  }

  // The prompt on the phone of the player whose turn it is says "Your turn" where the page
  // wrote the mover's name ("Ann's turn: ..."); the other phones name the mover.
  function yourTurn() {
    const prompt = $("#prompt");
    const mover = game.to_move;
    if (!prompt || mover === null || mover === undefined || mover !== game.seat || !names()[mover]) return;
    const theirs = `${names()[mover]}'s turn`;
    if (prompt.textContent.startsWith(theirs)) prompt.textContent = `Your turn${prompt.textContent.slice(theirs.length)}`;
  }

  // Send one entry; the server answers with the new game, a refusal (the draft stays as it
  // was), or the fresh game when another phone got there first (the draft kept if it is still
  // legal there, and the page says so).
  let sending = null;  // this phone's entry on its way: its own answer updates the page first
  async function send(path, body = {}) {
    const seq = game.seq;
    sending = request("POST", path, { ...body, seq });
    const { status, data } = await sending;
    sending = null;
    if (status === 200) {
      say(null);
      const stored = JSON.parse(sessionStorage.getItem(`stored-${game.id}`) || "[]");
      sessionStorage.setItem(`stored-${game.id}`, JSON.stringify([...stored, [seq, viewNow()]].slice(-50)));
      if (page.draft) drop();
      update(data.game);
      return true;
    }
    if (status === 409) {
      const dropped = update(data.game);
      say({ ...data.error, message: dropped ? `${data.error.message} ${dropped}` : data.error.message }, "notice");
      return false;
    }
    say(failure(status, data));
    return false;
  }

  // Follow the table: the server holds each request until the game changes (long polling,
  // up to WAIT seconds), and the page asks again at once after every answer, news or not (this
  // phone's own entry answers its waiting request with nothing new). It waits `every` ms only
  // after an error or a lost network, or when the answer came at once without news (the
  // server's places for waiting phones were taken), so the page catches up by itself.
  const WAIT = 25;
  async function poll(every) {
    const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    for (;;) {
      if (document.hidden) { await pause(every); continue; }
      const asked = Date.now();
      const since = game.seq;
      const { status, data } = await request("GET", `/api/games/${game.id}?since=${since}&wait=${WAIT}`);
      // the entry this phone is storing may reach the waiting request first: the page waits
      // for its own answer, so its draft is not taken for another phone's
      if (status === 200 && sending) await sending;
      if (status === 200 && data.game.seq > game.seq) {
        const dropped = update(data.game);
        if (dropped) say(dropped, "notice");
      } else if (status === 200) {
        if (data.game.seq < since) await pause(every);  // the server behind this page: not at once
      } else if (status !== 204 || Date.now() - asked < every) await pause(every);
    }
  }

  // Scan: the phone's camera (a file input with capture, which works on plain HTTP) takes a
  // photo, the server reads the cards in it, and the game page fills in its move with them.
  // Send a photo (or a live frame) to be read: the cards found, or {error} in one sentence.
  async function readPhoto(blob, name) {
    const form = new FormData();
    form.append("photo", blob, name);
    try {
      const response = await fetch(`/api/games/${game.id}/scan`, { method: "POST", body: form, headers: { "X-CSRFToken": csrf } });
      const data = await response.json().catch(() => null);
      if (response.ok) return data;
      return { error: failure(response.status, data) };
    } catch {
      return { error: { message: "The companion cannot be reached: check this phone's network." } };
    }
  }

  async function scan(file, scanned) {
    const box = $("#scan-result");
    box.hidden = false;
    box.textContent = "Reading the photo\u2026";
    const data = await readPhoto(file, file.name || "photo.jpg");
    if (data.error) {
      put(box, html`<span class="error">${data.error.message}</span>`);
      return;
    }
    await shown(data, scanned);
  }

  // What a photo (or a live frame) read, and what the page filled in with it. The page's
  // ``scanned`` may answer at once or later (a promise), when it has asked the engine.
  async function shown(data, scanned) {
    const box = $("#scan-result");
    box.hidden = false;
    const names = data.cards.map((card) => card.name);
    const others = data.others.map((other) => html`<li>${other.reason}</li>`);
    put(box, html`<p id="scan-read"><strong>${data.cards.length ? `Read ${data.cards.length} card${data.cards.length === 1 ? "" : "s"}:` : "No card of this game in the photo."}</strong> ${names.join(", ")}</p>
      ${others.length ? html`<details><summary>Codes that are not cards of this game (${data.others.length})</summary><ul>${others}</ul></details>` : ""}
      ${data.notes && data.notes.length ? html`<div class="notice" id="scan-notes">${data.notes.map((note) => html`<p>${note}</p>`)}</div>` : ""}
      <p class="small" id="scan-note"></p>`);
    if (data.cards.length) {
      const note = await scanned(data.cards);
      if (note) $("#scan-note").textContent = note;
    }
  }

  // Live view, where the page is a secure context (https, or this machine): the camera's video
  // in a panel, a frame read about every 0.7 s; when two frames in a row read the same cards,
  // they are taken without a shutter press. The camera stops when the panel closes, the cards
  // are taken, or the page is hidden. On plain HTTP the file input above is the way in.
  const LIVE_EVERY = 700;   // ms between the end of one frame's reading and the next frame
  const LIVE_SIDE = 1280;   // a frame's long side, in pixels
  let live = null;          // the open panel: {stream, timer, panel, last}

  function stopLive() {
    if (!live) return;
    clearTimeout(live.timer);
    if (live.stream) live.stream.getTracks().forEach((track) => track.stop());
    live.panel.remove();
    live = null;
  }

  async function startLive(scanned) {
    stopLive();
    const panel = document.createElement("div");
    panel.id = "scan-live";
    panel.className = "card scan-live";
    put(panel, html`<video playsinline muted></video>
      <p class="small" id="scan-live-note" aria-live="polite">Opening the camera\u2026</p>
      <div class="scan-live-actions"><label class="button secondary" for="scan-photo">Take a photo</label>
        <button type="button" class="secondary" id="scan-live-close">Close</button></div>`);
    $("#scan-result").before(panel);
    panel.scrollIntoView({ block: "nearest" });
    const session = live = { stream: null, timer: 0, panel, last: "" };
    const note = $("#scan-live-note", panel);
    $("#scan-live-close", panel).addEventListener("click", stopLive);
    // The phone's own camera app needs the camera: let go of it once the photo is chosen.
    $("label", panel).addEventListener("click", () => setTimeout(stopLive));
    try {
      session.stream = await navigator.mediaDevices.getUserMedia({
        audio: false, video: { facingMode: { ideal: "environment" }, width: { ideal: 1920 }, height: { ideal: 1080 } } });
    } catch (err) {
      if (live === session) note.textContent = `The camera cannot be opened (${err.name}): take a photo instead.`;
      return;
    }
    if (live !== session) { session.stream.getTracks().forEach((track) => track.stop()); return; }
    const video = $("video", panel);
    video.srcObject = session.stream;
    await video.play().catch(() => {});
    note.textContent = "Point the camera at the cards and hold still.";
    const canvas = document.createElement("canvas");
    const tick = async () => {
      if (live !== session) return;
      if (video.videoWidth) {
        const scale = Math.min(1, LIVE_SIDE / Math.max(video.videoWidth, video.videoHeight));
        canvas.width = Math.round(video.videoWidth * scale);
        canvas.height = Math.round(video.videoHeight * scale);
        canvas.getContext("2d").drawImage(video, 0, 0, canvas.width, canvas.height);
        const frame = await new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
        const data = await readPhoto(frame, "frame.jpg");
        if (live !== session) return;
        const read = data.cards ? data.cards.map((card) => card.code).sort().join(" ") : "";
        if (read && read === session.last) {  // the same cards twice in a row: take them
          stopLive();
          await shown(data, scanned);
          return;
        }
        session.last = read;
        note.textContent = data.error ? data.error.message
          : read ? `Reading ${data.cards.map((card) => card.name).join(", ")}: hold still\u2026`
          : "No card of this game in view yet.";
      }
      session.timer = setTimeout(tick, LIVE_EVERY);
    };
    session.timer = setTimeout(tick, LIVE_EVERY);
  }

  // The screen stays on while a game page is shown, unless this phone turned it off in More.
  // Where the browser offers the Screen Wake Lock API (a secure context: https, or this
  // machine) it is asked, again whenever the page is shown again. Elsewhere (plain http on the
  // network), or when the lock is refused, the technique of NoSleep.js: a looping inline video
  // of a blank frame and a silent sound track (its clips vendored in static/vendor/nosleep/),
  // started by a tap, keeps the phone awake. It is silent but not muted, as NoSleep.js plays
  // it: Chrome keeps the screen on for a video only while it plays with its sound on, or
  // while it fills a fifth of the screen. The note under the switch says which is in use;
  // body[data-awake] is "wake-lock", "video" or absent.
  const WAKE_KEY = "companion-keep-screen-on";
  let wakeLock = null;
  let video = null;     // the fallback's video, made at the first tap that needs it
  let fallback = false; // no wake lock here: the next tap starts the video
  let why = "";         // why not the wake lock, in words
  const wanted = () => localStorage.getItem(WAKE_KEY) !== "off";
  function awake(how, note) {
    if (how) document.body.dataset.awake = how; else delete document.body.dataset.awake;
    $("#wake-note").textContent = note;
  }

  async function keepAwake() {
    $("#wake").checked = wanted();
    fallback = false;
    if (!wanted()) {
      if (wakeLock) await wakeLock.release().catch(() => {});
      if (video) video.pause();
      awake(null, "The screen locks as the phone's settings say.");
      return;
    }
    if (document.hidden || wakeLock) return;
    why = "browsers offer no wake lock to a page on plain http";
    if ("wakeLock" in navigator) {
      try {
        wakeLock = await navigator.wakeLock.request("screen");
        wakeLock.addEventListener("release", () => { wakeLock = null; });
        awake("wake-lock", "On, by the browser's wake lock, while this game is shown.");
        return;
      } catch (err) {
        why = `the browser refused its wake lock (${err.name})`;  // a phone saving its battery, say
      }
    }
    if (video && !video.paused) return;
    fallback = true;
    awake(null, `Tap anywhere on the game to keep the screen on with a silent video playing in a loop: ${why}.`);
  }

  function playVideo() {
    if (!fallback) return;
    fallback = false;
    if (!video) {
      video = document.createElement("video");
      video.setAttribute("playsinline", "");
      video.setAttribute("title", "Keeps the screen on");
      for (const [type, url] of Object.entries(JSON.parse($("#wake").dataset.videos))) {
        const source = document.createElement("source");
        source.src = url;
        source.type = `video/${type}`;
        video.append(source);
      }
      // As NoSleep.js does: the short clip loops; the longer one jumps back before its end.
      video.addEventListener("loadedmetadata", () => {
        if (video.duration <= 1) video.loop = true;
        else video.addEventListener("timeupdate", () => { if (video.currentTime > 0.5) video.currentTime = Math.random(); });
      });
      video.addEventListener("pause", () => { if (wanted()) keepAwake(); });
    }
    video.play().then(
      () => awake("video", `On, by a silent video playing in a loop: ${why}.`),
      (err) => { fallback = true; awake(null, `The screen cannot be kept on now (${err.name}): tap the game to try again.`); });
  }

  function sheets() {
    for (const sheet of document.querySelectorAll("dialog.sheet")) {
      sheet.addEventListener("click", (event) => {
        if (event.target === sheet || event.target.closest("[data-close]")) sheet.close();
      });
    }
    $("#more-button").addEventListener("click", () => $("#more").showModal());
    $("#code-button").addEventListener("click", () => {
      $("#more").showModal();
      $("#join").scrollIntoView({ block: "start" });
    });
    $("#message").addEventListener("click", (event) => {
      if (event.target.closest(".message-close")) say(null);
      else if (event.target.closest(".message-text, .rule-link")) showAnswer();
    });
  }

  // The shared stepper's markup (templates/_stepper.html draws the same; static/page.js wires
  // its buttons): a signed number with its range.
  function stepper({ name, label, value = null, min, max, id = name }) {
    return html`<div class="stepper" role="group" aria-labelledby="${id}-label">
      <span class="stepper-label" id="${id}-label">${label} <span class="small">(${min} to ${max})</span></span>
      <span class="stepper-row">
        <button type="button" class="secondary" data-step="-1" aria-label="${label}: one less">\u2212</button>
        <input type="number" inputmode="numeric" name="${name}" id="${id}" min="${min}" max="${max}"
               value="${value === null || value === undefined ? "" : value}" aria-labelledby="${id}-label">
        <button type="button" class="secondary" data-step="1" aria-label="${label}: one more">+</button>
      </span></div>`;
  }

  // The game page's options: see the top of this file.
  function start(payload, options) {
    page = options;
    $("#undo").addEventListener("click", () => undoOrRedo("undo"));
    $("#redo").addEventListener("click", () => undoOrRedo("redo"));
    $("#history-earlier").addEventListener("click", earlierHistory);
    // A tap or a typed field may have added a step to the draft: Undo follows at once.
    for (const kind of ["click", "input", "change"]) {
      document.addEventListener(kind, () => setTimeout(drawUndo), true);
    }
    document.addEventListener("click", (event) => {
      const button = event.target.closest(".seat-choices [data-seat]");
      if (button) claimSeat(button.dataset.seat === "" ? null : Number(button.dataset.seat));
    });
    document.addEventListener("click", (event) => {
      const button = event.target.closest(".seat-error [data-free-seat]");
      if (button) freeSeat(Number(button.dataset.freeSeat));
    });
    document.addEventListener("click", clearAnswer, true);
    document.addEventListener("input", clearAnswer, true);
    document.addEventListener("click", playVideo);
    sheets();
    const rulings = $("#rulings");
    if (rulings) {
      rulings.addEventListener("submit", (event) => {
        event.preventDefault();
        const chosen = {};
        for (const input of rulings.querySelectorAll("input[type=radio]:checked")) {
          chosen[input.name.replace(/^ruling-/, "")] = input.value;
        }
        $("#more").close();
        send(`/api/games/${game.id}/rulings`, { rulings: chosen });
      });
    }
    if (options.scanned) {
      const input = $("#scan-photo");
      $("#scan").hidden = false;
      input.addEventListener("change", () => {
        if (input.files.length) scan(input.files[0], options.scanned);
        input.value = "";
      });
      if (window.isSecureContext && navigator.mediaDevices && navigator.mediaDevices.getUserMedia) {
        $("#scan").addEventListener("click", (event) => {
          if (event.target === input) return;  // "Take a photo" in the live panel
          event.preventDefault();
          if (live) stopLive(); else startLive(options.scanned);
        });
        document.addEventListener("visibilitychange", () => { if (document.hidden) stopLive(); });
        window.addEventListener("pagehide", stopLive);
      }
    }
    for (const form of document.querySelectorAll("form[data-confirm]")) {
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        $("#more").close();
        if (await ask(form.dataset.confirm, form.dataset.yes)) form.submit();
      });
    }
    $("#wake").addEventListener("change", () => {
      localStorage.setItem(WAKE_KEY, $("#wake").checked ? "on" : "off");
      keepAwake();
    });
    document.addEventListener("visibilitychange", () => { if (!document.hidden) keepAwake(); });
    keepAwake();
    // The action bar is fixed: the page keeps room for it, however tall it grows.
    new ResizeObserver(([entry]) => document.body.style.setProperty("--bar", `${Math.ceil(entry.target.offsetHeight)}px`))
      .observe($(".toolbar"));
    update(payload);
    if ($("#prompt")) new MutationObserver(yourTurn).observe($("#prompt"), { childList: true, characterData: true, subtree: true });
    yourTurn();
    // A phone that came by the join code or link is asked who holds it, once, in a sheet; the
    // phone that created the game, in the answer strip (the game's first turn stays in reach).
    const url = new URL(location.href);
    const joined = url.searchParams.has("joined");
    if (joined) {
      url.searchParams.delete("joined");
      history.replaceState(null, "", url);
    }
    if (seatName() === null && names().length) {
      if (joined) $("#who").showModal();
      else if ($("#who").hasAttribute("data-created")) {
        say({ message: "Who holds this phone? Tap here to say.", open: () => $("#who").showModal() }, "notice");
      }
    }
    poll(options.poll || 1000);
  }

  return {
    start, send, say, ask, request, failure, update, escape, html, put, signed, trail, $, stepper, seatName,
    drafted: drawUndo,  // a page whose draft changed without a tap (a server's answer) says so
    get game() { return game; },
  };
})();
