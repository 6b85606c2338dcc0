// Companion's part for following the table (see companion.js): the game as the server last
// sent it, redrawn by the game's page; its draft kept across other phones' entries and rulings
// changes when still legal; undo and redo (of the draft's last step, or of a stored entry,
// named); sending entries; long polling the entry number; the history; and start(), which
// starts every part.
"use strict";

(() => {
  const { $, html, put, say, ask, request, failure } = Companion;
  const { parts } = Companion;
  let game = null;          // the latest payload from the server
  let page = { redraw() {}, reset() {} };  // the game page's drawing, its draft and its scan

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
    if (!game.history.length) put(list, html`<li>${Words.t("No moves yet.")}</li>`);
    else if (from <= start || from > shown || Number(list.dataset.start) !== start) {
      put(list, html`${game.history.slice().reverse().map(lineHtml)}`);
    } else {
      for (let i = from; i < shown; i++) list.firstElementChild.remove();
      put(list, html`${game.history.slice(from - start).reverse().map(lineHtml)}`, "afterbegin");
    }
    list.dataset.lines = start + game.history.length;
    list.dataset.start = start;
    $("#history-earlier").hidden = start === 0;
    $("#history-earlier").textContent = Words.t("Earlier moves ({count})", { count: start });
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
    parts.net.remember(game);
    document.body.dataset.entries = game.seq;  // how far this phone follows the table
    document.body.classList.toggle("finished", Boolean(game.result));
    $("#again").hidden = !game.again;
    if (game.again) $("#again").href = game.again;
    let dropped = null;
    if (moved && steps() > 0) {
      dropped = page.draft.keep(game);
      if (!dropped && ruled && !page.draft.move) dropped = RULED();
      if (dropped) drop();
    } else if (moved && !page.draft) {
      page.reset();
    }
    if (moved && !steps()) say(null);
    drawHistory(from);
    parts.seat.draw();
    drawUndo();
    page.redraw(game, moved);
    if (ruled && steps() > 0 && page.draft.move) recheck(game.seq);
    if (ended) refreshExtras();
    return dropped;
  }

  const RULED = () => Words.t("The rulings were changed on another phone: enter this turn again.");

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
    say({ ...error, message: Words.t("The rulings were changed on another phone, so this turn was dropped: {refusal}", { refusal: error.message }) }, "notice");
  }

  // The game ended: the end-of-game exports (More, "This game") as the server draws them now.
  async function refreshExtras() {
    const response = await fetch(game.urls.page).catch(() => null);
    if (!response || !response.ok) return;
    const fresh = new DOMParser().parseFromString(await response.text(), "text/html").getElementById("game-extras");
    if (fresh) $("#game-extras").replaceWith(document.importNode(fresh, true));
  }

  const steps = () => (page.draft ? page.draft.steps() : 0);

  // The draft kept in the tab (sessionStorage: it outlives a reload, Back and forward, a tab
  // the phone discarded and brought back, on plain http too), with the entry number it was made
  // at and the view shown, written at every change of the draft (each redraw of the bar's Undo
  // follows one) and removed once nothing is being entered (stored, reset or dropped). The view
  // shown is kept on its own, draft or not. Nothing is kept before start() has put back what the
  // tab held; storage that is full or refused keeps the draft on the page only.
  const DRAFT_FORMAT = 1;
  const draftKey = (id) => `draft-${id}`;
  const viewKey = (id) => `view-${id}`;
  let keeping = false;
  function keepDraft() {
    if (!keeping || !game) return;
    document.body.dataset.draft = "";  // the body says how: "kept", "open" (a choice open), ""
    try {
      const view = viewNow();
      if (view !== null) sessionStorage.setItem(viewKey(game.id), JSON.stringify(view));
      const held = page.draft && (page.draft.held ? page.draft.held() : steps() > 0);
      if (!held || !page.draft.snapshot) { sessionStorage.removeItem(draftKey(game.id)); return; }
      const snapshot = page.draft.snapshot();
      if (snapshot === null) { document.body.dataset.draft = "open"; return; }  // the draft before it stays kept
      sessionStorage.setItem(draftKey(game.id), JSON.stringify({
        format: DRAFT_FORMAT, game: game.id, seat: game.seat ?? null, seq: game.seq, view, snapshot,
      }));
      document.body.dataset.draft = "kept";
    } catch { /* full or refused: nothing kept */ }
  }

  // What the tab kept for this game, or null: anything else (another format, another game or
  // seat, text that is not JSON) is ignored and forgotten.
  function keptDraft(payload) {
    const read = (key) => { try { return JSON.parse(sessionStorage.getItem(key)); } catch { return null; } };
    const saved = read(draftKey(payload.id));
    const view = read(viewKey(payload.id));
    const fits = saved !== null && typeof saved === "object" && saved.format === DRAFT_FORMAT
      && saved.game === payload.id && saved.seat === (payload.seat ?? null) && Number.isInteger(saved.seq)
      && saved.snapshot !== null && typeof saved.snapshot === "object";
    if (!fits) { try { sessionStorage.removeItem(draftKey(payload.id)); } catch { /* refused */ } }
    return { saved: fits ? saved : null, view: typeof view === "string" ? view : null };
  }

  // A page Back brings from the browser's cache holds the game as it was when first loaded,
  // older than the draft kept since: the game as it is now is fetched first, so the draft is
  // judged against it, not against the old page.
  async function catchUp({ saved }) {
    if (!saved || saved.seq <= game.seq) return;
    const { status, data } = await request("GET", `/api/games/${game.id}`);
    if (status === 200 && data.game.seq > game.seq) update(data.game);
  }

  // Put back what the tab kept, once the game is drawn: the view shown, then the draft as it was
  // (with its steps, so Undo takes back the last one). Made at another entry number, the draft
  // is asked as another phone's entry asks it (the page's keep), and dropped with its sentence
  // when stale. A draft the page cannot take back (its shape changed) is dropped unsaid.
  function bringBack({ saved, view }) {
    const shown = saved && typeof saved.view === "string" ? saved.view : view;
    try {
      if (shown !== null && page.show && shown !== viewNow()) page.show(shown);
    } catch { /* an unknown view: the page's own stays */ }
    if (!saved || !page.draft || !page.draft.restore) { keeping = true; keepDraft(); return; }
    let why = null;
    try {
      page.draft.restore(saved.snapshot);
      if (!(page.draft.held ? page.draft.held() : steps() > 0)) why = "";  // nothing in it
      else if (saved.seq !== game.seq && steps() > 0) why = page.draft.keep(game);
      if (why === null) page.redraw(game, false);
    } catch {
      why = "";
    }
    if (why !== null) {
      drop();
      try { page.redraw(game, false); } catch { /* drawn as it can be */ }
    }
    keeping = true;
    stepsSeen = steps();
    drawUndo();
    if (why) say(why, "notice");
    else if (why === null && steps() > 0) say(Words.t("What you were entering is back."), "ok");
    if (why === null && saved.seq !== game.seq && steps() > 0 && page.draft.move) recheck(game.seq);
  }

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
    undo.setAttribute("aria-label", steps() ? Words.t("Undo the last step of this turn")
      : game.undo ? Words.t("Undo {line}", { line: game.undo.text }) : Words.t("Undo"));
    redo.setAttribute("aria-label", redoSteps.length ? Words.t("Redo the step of this turn taken back")
      : game.redo ? Words.t("Redo {line}", { line: game.redo.text }) : Words.t("Redo"));
    keepDraft();
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

  // "Undo Ann's move, entered on another phone? ...": one whole sentence for each case.
  function question(which, line) {
    const args = { player: line.player, line: line.text };
    const view = Boolean(storedHere(line.seq));
    if (which === "undo") {
      if (line.player) {
        return view ? Words.t("Undo {player}'s move, entered in another view of this phone? {line}", args)
          : Words.t("Undo {player}'s move, entered on another phone? {line}", args);
      }
      return view ? Words.t("Undo this entry, entered in another view of this phone? {line}", args)
        : Words.t("Undo this entry, entered on another phone? {line}", args);
    }
    if (line.player) {
      return view ? Words.t("Redo {player}'s move, entered in another view of this phone? {line}", args)
        : Words.t("Redo {player}'s move, entered on another phone? {line}", args);
    }
    return view ? Words.t("Redo this entry, entered in another view of this phone? {line}", args)
      : Words.t("Redo this entry, entered on another phone? {line}", args);
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
    if (!mine(line)) {
      if (!(await ask(question(which, line), which === "undo" ? Words.t("Undo it") : Words.t("Redo it")))) return;
    }
    if (await send(`/api/games/${game.id}/${which}`)) {
      say(which === "undo" ? Words.t("Undone: {line}", { line: line.text }) : Words.t("Redone: {line}", { line: line.text }), "ok");
    }
  }

  // Send one entry; the server answers with the new game, a refusal (the draft stays as it
  // was), or the fresh game when another phone got there first (the draft kept if it is still
  // legal there, and the page says so).
  // Each entry carries a key of its own: sent again (after a lost answer, or when the companion
  // is back), the server stores it once. One the companion did not answer waits (see waitOffline).
  let sending = null;  // this phone's entry on its way: its own answer updates the page first
  async function send(path, body = {}) {
    if (parts.net.waiting()) { say(STILL_WAITING(), "notice"); return false; }
    const seq = game.seq;
    const sent = { ...body, seq, key: parts.net.newKey() };
    sending = request("POST", path, sent);
    const { status, data } = await sending;
    sending = null;
    if (status === 0) { waitOffline(path, sent); return false; }
    return answered(status, data, seq);
  }

  // The server's answer to an entry: the new game, the fresh game when the table moved on, or a
  // refusal (the draft stays as it was).
  function answered(status, data, seq, view = viewNow()) {
    if (status === 200) {
      say(null);
      const stored = JSON.parse(sessionStorage.getItem(`stored-${game.id}`) || "[]");
      sessionStorage.setItem(`stored-${game.id}`, JSON.stringify([...stored, [seq, view]].slice(-50)));
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

  // An entry the companion did not answer waits in sessionStorage (a reload keeps it), the draft
  // left on the page; it is sent, with its key, when the companion answers again.
  const STILL_WAITING = () => Words.t("This phone's entry is waiting to be sent: it goes when the companion is back.");
  function waitOffline(path, body) {
    parts.net.keep({ path, body, view: viewNow() });
    say(null);
  }

  // The companion is back: the waiting entry goes (stored once, whatever reached the server
  // before), or is dropped with a sentence when the table moved on. False: lost again.
  async function sendWaiting() {
    const entry = parts.net.waiting();
    if (!entry) return true;
    const { status, data } = await request("POST", entry.path, entry.body);
    if (status === 0) return false;
    parts.net.keep(null);
    if (status === 409) {  // said whole in the connection's line, with "back"
      update(data.game);  // the draft kept if still legal (the sentence says why it was not stored)
      parts.net.tell(Words.t("The entry made while the companion could not be reached was not stored: another phone entered a move first."));
      return true;
    }
    answered(status, data, entry.body.seq, entry.view);
    return true;
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
      const { status, data } = await followRequest(since);
      if (status === 0) { await parts.net.reachable(); continue; }
      // the entry this phone is storing may reach the waiting request first: the page waits
      // for its own answer, so its draft is not taken for another phone's
      if (status === 200 && sending) await sending;
      // its answer lost, the entry waits: the news may be that very entry, which comes back with
      // its own answer when it is sent again (not as another phone's, dropping the draft)
      if (parts.net.waiting()) { await parts.net.reachable(); await pause(200); continue; }
      if (status === 200 && data.game.seq > game.seq) {
        const dropped = update(data.game);
        if (dropped) say(dropped, "notice");
      } else if (status === 200) {
        if (data.game.seq < since) await pause(every);  // the server behind this page: not at once
      } else if (status !== 204 || Date.now() - asked < every) await pause(every);
    }
  }

  // The long poll, given up when the companion is lost (by the phone's offline event or another
  // request), and after WAIT + 10 s at most (a network that drops packets answers nothing).
  let following = null;
  function followRequest(since) {
    following = new AbortController();
    return request("GET", `/api/games/${game.id}?since=${since}&wait=${WAIT}`, undefined,
      { timeout: (WAIT + 10) * 1000, signal: following.signal });
  }
  function startNet() {
    parts.net.onDown(() => { if (following) following.abort(); });
    parts.net.onBack(sendWaiting);
    parts.net.start();
  }

  // The game page's options: see the top of companion.js.
  function start(payload, options) {
    page = options;
    $("#undo").addEventListener("click", () => undoOrRedo("undo"));
    $("#redo").addEventListener("click", () => undoOrRedo("redo"));
    $("#history-earlier").addEventListener("click", earlierHistory);
    // A tap or a typed field may have added a step to the draft: Undo follows at once.
    for (const kind of ["click", "input", "change"]) {
      document.addEventListener(kind, () => setTimeout(drawUndo), true);
    }
    parts.answers.start();
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
    if (options.scanned) parts.scan.start(options.scanned);
    for (const form of document.querySelectorAll("form[data-confirm]")) {
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        $("#more").close();
        if (await ask(form.dataset.confirm, form.dataset.yes)) form.submit();
      });
    }
    parts.screen.start();
    // The action bar is fixed: the page keeps room for it, however tall it grows.
    new ResizeObserver(([entry]) => document.body.style.setProperty("--bar", `${Math.ceil(entry.target.offsetHeight)}px`))
      .observe($(".toolbar"));
    const shown = parts.net.lastSeen(payload);
    const kept = keptDraft(shown);
    update(shown);
    catchUp(kept).then(() => bringBack(kept));
    parts.seat.start();
    startNet();
    poll(options.poll || 1000);
  }

  Object.assign(Companion, {
    start, send, update,
    drafted: drawUndo,  // a page whose draft changed without a tap (a server's answer) says so
  });
  Object.defineProperty(Companion, "game", { get: () => game, enumerable: true });
})();
