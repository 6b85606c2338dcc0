// Companion's part for the connection (see companion.js): whether this phone can reach the
// companion, said at once in the status line at the top of the action bar (#net, above the
// prompt: the bar grows by that line, it covers nothing), the game shown marked as possibly out
// of date meanwhile; the companion asked again with backoff, and "back" said when it answers.
// An entry made meanwhile waits in sessionStorage (with its key, so a reload keeps it too) and
// is sent when the companion is back (companion_table.js's sendWaiting). Each entry carries a
// random key: the server answers a repeat of a stored entry as the first time (companion/web/api.py).
// The service worker (/sw.js, only in secure contexts: https or localhost) keeps the page and
// its files, so a reload while unreachable shows the game as last seen.
"use strict";

(() => {
  const { $, request } = Companion;
  const game = () => Companion.game;
  let lost = false;        // the companion did not answer the last request
  let backHooks = [];      // run once the companion answers again (the waiting entry goes
                           // first): each resolves false when the companion was lost again
  let downHooks = [];      // run when it is lost (the long poll under way is given up)
  let waiters = [];        // promises of reachable()
  let probing = null;
  let backTimer = null;

  // A key for one entry: 16 random bytes as hex (crypto.randomUUID is missing on plain http).
  function newKey() {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // The entry waiting to be sent: {path, body (with seq and key), view}, one at a time.
  const waitingName = () => `waiting-${game().id}`;
  const waiting = () => JSON.parse(sessionStorage.getItem(waitingName()) || "null");
  function keep(entry) {
    if (entry) sessionStorage.setItem(waitingName(), JSON.stringify(entry));
    else sessionStorage.removeItem(waitingName());
    draw();
  }

  // The game as last seen, for a reload the service worker answers from its cache.
  function remember(payload) {
    const seen = { ...payload, history_from: payload.history_start };  // the lines it holds
    try { sessionStorage.setItem(`seen-${payload.id}`, JSON.stringify(seen)); } catch { /* full: the page's own copy does */ }
  }
  function lastSeen(payload) {
    const seen = JSON.parse(sessionStorage.getItem(`seen-${payload.id}`) || "null");
    return seen && seen.seq > payload.seq ? seen : payload;
  }

  function draw() {
    const line = $("#net");
    if (!line) return;
    document.body.classList.toggle("stale", lost);
    if (lost) {
      clearTimeout(backTimer);
      line.className = "net lost";
      line.textContent = waiting()
        ? Words.t("The companion cannot be reached: your entry waits and is sent when it is back.")
        : Words.t("The companion cannot be reached: what is shown may be out of date.");
      line.hidden = false;
    } else if (line.classList.contains("lost")) {
      line.className = "net back";
      const back = Words.t("Back in touch with the companion: the game is up to date.");
      line.textContent = told || back;  // the sentence says it answered
      // the line goes after a few seconds, or, with a sentence about the waiting entry, at the
      // next tap (it is read whole, never cut as the strip's answers are)
      if (!told) backTimer = setTimeout(hide, 4000);
    }
  }
  function hide() {
    const line = $("#net");
    if (lost || !line || line.hidden) return;
    line.hidden = true;
    line.className = "net";
    told = null;
  }
  // A sentence said with "back" (the waiting entry was dropped: the table moved on).
  let told = null;
  const tell = (sentence) => { told = sentence; };

  // A request went unanswered (or the phone says it is offline): say so at once, and ask again.
  let downs = 0;  // how many times it was lost: a return under way is void if it is lost again
  function down() {
    downs += 1;
    if (!lost) {
      lost = true;
      draw();
      for (const hook of downHooks) hook();
    }
    if (!probing) probing = probe();
  }

  // Ask the companion again (a short wait each time), after 1, 2, 4 ... up to 10 s, or at once
  // when the phone says it is online again.
  let wake = null;
  async function probe() {
    for (let delay = 1000; lost; delay = Math.min(10000, delay * 2)) {
      const { status } = await request("GET", `/api/games/${game().id}?since=${game().seq}`, undefined, { timeout: 4000 });
      if (status !== 0 && (await up())) break;
      await new Promise((resolve) => { wake = resolve; setTimeout(resolve, delay); });
      wake = null;
    }
    probing = null;
  }

  async function up() {
    const since = downs;
    for (const hook of backHooks) if (!(await hook())) return false;
    if (downs !== since || !navigator.onLine) return false;  // lost again meanwhile
    lost = false;
    draw();
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
    return true;
  }

  // Resolves once the companion answers (at once when it does now).
  const reachable = () => (lost ? new Promise((resolve) => waiters.push(resolve)) : Promise.resolve());

  function start() {
    document.addEventListener("click", (event) => {
      if (told && !(event.target instanceof Element && event.target.closest("#net"))) hide();
    }, true);
    window.addEventListener("offline", down);
    window.addEventListener("online", () => { if (wake) wake(); else if (lost && !probing) probing = probe(); });
    if (!navigator.onLine || document.body.dataset.fromCache !== undefined) down();
    if (waiting() && !lost) up().then((sent) => { if (!sent) down(); });  // a reload kept an entry: sent now
    const worker = $("#net") && $("#net").dataset.worker;
    if (worker && window.isSecureContext && "serviceWorker" in navigator) {
      navigator.serviceWorker.register(worker, { scope: $("#net").dataset.scope }).catch(() => null);
    }
  }

  Companion.newKey = newKey;
  Companion.parts.net = {
    start, down, reachable, newKey, waiting, keep, remember, lastSeen, tell,
    get lost() { return lost; },
    onBack(hook) { backHooks.push(hook); },
    onDown(hook) { downHooks.push(hook); },
  };
})();
