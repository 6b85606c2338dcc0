// The part of every game page that is the same for all games: talking to the JSON API,
// following the table (long polling the entry number) without losing this phone's draft, undo
// and redo (of the draft's last step, or of a stored entry, named), answers to a tap in the
// action bar, the rule sheet, the history, the phone's player and the screen kept awake.
// A game's script draws its state and its turn's controls, and nothing else.
"use strict";

const Companion = (() => {
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  let game = null;          // the latest payload from the server
  let page = { redraw() {}, reset() {} };  // the game page's drawing, its draft and its scan

  const $ = (selector, root = document) => root.querySelector(selector);

  function escape(text) {
    return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  }

  // What an answer that is not the one hoped for says: the server's error, or its status.
  const failure = (status, data) => (data && data.error) || { message: `The companion answered ${status}.` };

  async function request(method, path, body) {
    const options = { method, headers: { "X-CSRFToken": csrf, Accept: "application/json" } };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, options);
    } catch (err) {
      return { status: 0, data: { error: { message: "The companion cannot be reached: check this phone's network." } } };
    }
    const data = response.status === 204 ? null : await response.json().catch(() => null);
    return { status: response.status, data };
  }

  // Every answer to a tap, the server's or the page's own, goes in the action bar's box, which
  // is always on screen: a refusal with its rule (opened in a sheet, in place), a notice, or
  // what was just done.
  function say(error, kind = "error") {
    const box = $("#message");
    if (!error) { box.hidden = true; box.innerHTML = ""; return; }
    if (typeof error === "string") error = { message: error };
    box.className = `message ${kind}`;
    box.hidden = false;
    const rule = error.url
      ? ` <button type="button" class="rule-link" data-rule="${escape(error.url)}">Rule: ${escape(error.title || "the rule")}</button>` : "";
    box.innerHTML = `<span class="message-text">${escape(error.message)}</span>${rule}
      <button type="button" class="message-close" aria-label="Dismiss this message">\u00d7</button>`;
  }

  // A rule, in a sheet over the page: the rules page's entry for it, fetched once.
  let rulesPage = null;
  async function showRule(url) {
    const [path, anchor] = url.split("#");
    const sheet = $("#rule-sheet");
    if (!rulesPage || rulesPage.path !== path) {
      const response = await fetch(path).catch(() => null);
      const text = response && response.ok ? await response.text() : "";
      rulesPage = { path, doc: new DOMParser().parseFromString(text, "text/html") };
    }
    const entry = anchor ? rulesPage.doc.getElementById(anchor) : null;
    $("#rule-sheet-title").textContent = entry && entry.querySelector("h3, h2") ? entry.querySelector("h3, h2").textContent : "The rules";
    $("#rule-sheet-body").innerHTML = "";
    if (entry) {
      const copy = document.importNode(entry, true);
      copy.removeAttribute("id");
      const heading = copy.querySelector("h3, h2");
      if (heading) heading.remove();
      $("#rule-sheet-body").append(copy);
    } else {
      $("#rule-sheet-body").textContent = "The rules page cannot be reached from this phone now.";
    }
    $("#rule-sheet-all").href = url;
    sheet.showModal();
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
    `<li class="${line.undone ? "undone" : ""}"><strong>${line.seq + 1}.</strong> ${escape(line.text)}</li>`;

  // The history list, newest first. The page holds the lines from ``history_start`` on (the
  // server sends the last ones at first, and earlier ones a page at a time when asked); only
  // the lines from `from` on are drawn again, so a long game costs a phone no more per move
  // than a short one.
  function drawHistory(from) {
    const list = $("#history");
    const start = game.history_start;
    const shown = Number(list.dataset.lines || 0);
    if (!game.history.length) list.innerHTML = "<li>No moves yet.</li>";
    else if (from <= start || from > shown || Number(list.dataset.start) !== start) {
      list.innerHTML = game.history.slice().reverse().map(lineHtml).join("");
    } else {
      for (let i = from; i < shown; i++) list.firstElementChild.remove();
      list.insertAdjacentHTML("afterbegin", game.history.slice(from - start).reverse().map(lineHtml).join(""));
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
  function update(payload) {
    const moved = game && payload.seq !== game.seq;
    // The server sends the history lines from history_from on: the page keeps its own before.
    const from = payload.history_from;
    payload.history_start = game && from >= game.history_start ? game.history_start : from;
    if (game && from > game.history_start) {
      payload.history = game.history.slice(0, from - game.history_start).concat(payload.history);
    }
    game = payload;
    document.body.dataset.entries = game.seq;  // how far this phone follows the table
    document.body.classList.toggle("finished", Boolean(game.result));
    let dropped = null;
    if (moved && steps() > 0) {
      dropped = page.draft.keep(game);
      if (dropped) page.reset();
    } else if (moved && !page.draft) {
      page.reset();
    }
    drawHistory(from);
    drawSeat();
    drawUndo();
    page.redraw(game, moved);
    return dropped;
  }

  const steps = () => (page.draft ? page.draft.steps() : 0);
  const names = () => ((game.view && Array.isArray(game.view.players)) ? game.view.players : [])
    .map((p) => (p && typeof p === "object" ? p.name : p));
  const seatName = () => (game.seat === null || game.seat === undefined ? null : names()[game.seat]);

  // Undo and Redo say what they would take back: the draft's last step, or the stored move.
  function drawUndo() {
    const undo = $("#undo");
    const redo = $("#redo");
    undo.disabled = !steps() && !game.undo;
    redo.disabled = Boolean(steps()) || !game.redo;
    undo.setAttribute("aria-label", steps() ? "Undo the last step of this turn"
      : game.undo ? `Undo ${game.undo.text}` : "Undo");
    redo.setAttribute("aria-label", game.redo ? `Redo ${game.redo.text}` : "Redo");
  }

  // Was this stored entry entered by this phone's player, or on this phone?
  const storedHere = () => JSON.parse(sessionStorage.getItem(`stored-${game.id}`) || "[]");
  const mine = (line) => (line.seat !== null && line.seat !== undefined && line.seat === game.seat)
    || storedHere().includes(line.seq);

  async function undoOrRedo(which) {
    if (which === "undo" && steps() > 0) {
      const said = page.draft.undo();
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
      if (!(await ask(`${verb} ${who}, entered on another phone? ${line.text}`, `${verb} it`))) return;
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
    const button = (value, text, taken) => `<button type="button" class="${game.seat === value ? "selected" : "secondary"}" data-seat="${value === null ? "" : value}"
      ${game.seat === value ? 'aria-pressed="true"' : ""}>${escape(text)}${taken ? '<span class="small">another phone</span>' : ""}</button>`;
    $("#seat-choices").innerHTML = players.map((name, p) => button(p, name, held.includes(p) && game.seat !== p)).join("")
      + button(null, "Nobody", false);
  }

  async function claimSeat(player) {
    const { status, data } = await request("POST", `/api/games/${game.id}/seat`, { player });
    const error = $("#seat-error");
    if (status === 200) {
      error.hidden = true;
      update(data.game);
      $("#more").close();
      return;
    }
    error.hidden = false;
    error.textContent = failure(status, data).message;
  }

  // Send one entry; the server answers with the new game, a refusal (the draft stays as it
  // was), or the fresh game when another phone got there first (the draft kept if it is still
  // legal there, and the page says so).
  async function send(path, body = {}) {
    const seq = game.seq;
    const { status, data } = await request("POST", path, { ...body, seq });
    if (status === 200) {
      say(null);
      sessionStorage.setItem(`stored-${game.id}`, JSON.stringify([...storedHere(), seq].slice(-50)));
      if (page.draft) page.reset();
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
  // up to WAIT seconds). An answer that came at once without news (the server's places for
  // waiting phones were taken), an error or a lost network: wait `every` ms, then ask again
  // with this page's entry count, so the page catches up by itself.
  const WAIT = 25;
  async function poll(every) {
    const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
    for (;;) {
      if (document.hidden) { await pause(every); continue; }
      const asked = Date.now();
      const { status, data } = await request("GET", `/api/games/${game.id}?since=${game.seq}&wait=${WAIT}`);
      if (status === 200 && data.game.seq > game.seq) {
        const dropped = update(data.game);
        if (dropped) say(dropped, "notice");
      }
      else if (status !== 204 || Date.now() - asked < every) await pause(every);
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
    } catch (err) {
      return { error: { message: "The companion cannot be reached: check this phone's network." } };
    }
  }

  async function scan(file, scanned) {
    const box = $("#scan-result");
    box.hidden = false;
    box.innerHTML = "Reading the photo\u2026";
    const data = await readPhoto(file, file.name || "photo.jpg");
    if (data.error) {
      box.innerHTML = `<span class="error">${escape(data.error.message)}</span>`;
      return;
    }
    await shown(data, scanned);
  }

  // What a photo (or a live frame) read, and what the page filled in with it. The page's
  // ``scanned`` may answer at once or later (a promise), when it has asked the engine.
  async function shown(data, scanned) {
    const box = $("#scan-result");
    box.hidden = false;
    const names = data.cards.map((card) => escape(card.name));
    const others = data.others.map((other) => `<li>${escape(other.reason)}</li>`).join("");
    box.innerHTML = `<p id="scan-read"><strong>${data.cards.length ? `Read ${data.cards.length} card${data.cards.length === 1 ? "" : "s"}:` : "No card of this game in the photo."}</strong> ${names.join(", ")}</p>
      ${others ? `<details><summary>Codes that are not cards of this game (${data.others.length})</summary><ul>${others}</ul></details>` : ""}
      ${data.notes && data.notes.length ? `<div class="notice" id="scan-notes">${data.notes.map((note) => `<p>${escape(note)}</p>`).join("")}</div>` : ""}
      <p class="small" id="scan-note"></p>`;
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
    panel.innerHTML = `<video playsinline muted></video>
      <p class="small" id="scan-live-note" aria-live="polite">Opening the camera\u2026</p>
      <div class="scan-live-actions"><label class="button secondary" for="scan-photo">Take a photo</label>
        <button type="button" class="secondary" id="scan-live-close">Close</button></div>`;
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

  // The screen stays on while a game page is shown (the Screen Wake Lock API, asked again
  // whenever the page is shown again), unless this phone turned it off in More.
  const WAKE_KEY = "companion-keep-screen-on";
  let wakeLock = null;
  async function keepAwake() {
    const wanted = localStorage.getItem(WAKE_KEY) !== "off";
    $("#wake").checked = wanted;
    const note = $("#wake-note");
    if (!("wakeLock" in navigator)) {
      note.textContent = "This browser cannot keep the screen on from this page (it needs the companion over https, as `companion serve --https` gives, or this phone's own settings).";
      $("#wake").disabled = true;
      return;
    }
    if (!wanted) {
      if (wakeLock) await wakeLock.release().catch(() => {});
      note.textContent = "The screen locks as the phone's settings say.";
      return;
    }
    if (document.hidden || wakeLock) return;
    try {
      wakeLock = await navigator.wakeLock.request("screen");
      wakeLock.addEventListener("release", () => { wakeLock = null; });
      note.textContent = "The screen stays on while this game is shown.";
    } catch (err) {
      note.textContent = `The screen cannot be kept on now (${err.name}).`;
    }
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
      const rule = event.target.closest("[data-rule]");
      if (rule) showRule(rule.dataset.rule);
      else if (event.target.closest(".message-close")) say(null);
    });
  }

  // The shared stepper's markup (templates/_stepper.html draws the same; static/page.js wires
  // its buttons): a signed number with its range.
  function stepper({ name, label, value = null, min, max, id = name }) {
    return `<div class="stepper" role="group" aria-labelledby="${id}-label">
      <span class="stepper-label" id="${id}-label">${escape(label)} <span class="small">(${min} to ${max})</span></span>
      <span class="stepper-row">
        <button type="button" class="secondary" data-step="-1" aria-label="${escape(label)}: one less">\u2212</button>
        <input type="number" inputmode="numeric" name="${escape(name)}" id="${id}" min="${min}" max="${max}"
               value="${value === null || value === undefined ? "" : value}" aria-labelledby="${id}-label">
        <button type="button" class="secondary" data-step="1" aria-label="${escape(label)}: one more">+</button>
      </span></div>`;
  }

  // A game page gives ``redraw(game, moved)`` (draws its state and its turn's controls from its
  // own draft), ``reset()`` (drops the draft), ``draft`` ({steps(), undo(), keep(game)}: see
  // the README's "One surface, four games") and, to take photos, ``scanned(cards)``.
  function start(payload, options) {
    page = options;
    $("#undo").addEventListener("click", () => undoOrRedo("undo"));
    $("#redo").addEventListener("click", () => undoOrRedo("redo"));
    $("#history-earlier").addEventListener("click", earlierHistory);
    // A tap or a typed field may have added a step to the draft: Undo follows at once.
    for (const kind of ["click", "input", "change"]) {
      document.addEventListener(kind, () => setTimeout(drawUndo), true);
    }
    $("#seat-choices").addEventListener("click", (event) => {
      const button = event.target.closest("[data-seat]");
      if (button) claimSeat(button.dataset.seat === "" ? null : Number(button.dataset.seat));
    });
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
    // A phone that came by the join code or link is asked who holds it, once.
    const url = new URL(location.href);
    if (url.searchParams.has("joined")) {
      url.searchParams.delete("joined");
      history.replaceState(null, "", url);
      if (seatName() === null && names().length) $("#more").showModal();
    }
    poll(options.poll || 1000);
  }

  return {
    start, send, say, ask, request, failure, update, escape, $, stepper, seatName,
    drafted: drawUndo,  // a page whose draft changed without a tap (a server's answer) says so
    get game() { return game; },
  };
})();
