// The part of every game page that is the same for all games: talking to the JSON API,
// following the table (long polling the entry number), undo/redo, history and refusals.
"use strict";

const Companion = (() => {
  const csrf = document.querySelector('meta[name="csrf-token"]').content;
  let game = null;          // the latest payload from the server
  let render = () => {};    // the game page's own drawing function

  const $ = (selector, root = document) => root.querySelector(selector);

  function escape(text) {
    return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  }

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

  function showMessage(error, kind = "error") {
    const box = $("#message");
    if (!error) { box.hidden = true; box.innerHTML = ""; return; }
    box.className = kind;
    box.hidden = false;
    const link = error.url ? ` <a href="${escape(error.url)}" target="_blank">Rule: ${escape(error.rule)}</a>` : "";
    box.innerHTML = `${escape(error.message)}${link}`;
  }

  const lineHtml = (line) =>
    `<li class="${line.undone ? "undone" : ""}"><strong>${line.seq + 1}.</strong> ${line.player ? escape(line.player) + ": " : ""}${escape(line.text)}</li>`;

  // The history list, newest first: only the lines from `from` on are drawn again (those the
  // server sent), so a long game costs a phone no more per move than a short one.
  function drawHistory(from) {
    const list = $("#history");
    const shown = Number(list.dataset.lines || 0);
    if (!game.history.length) list.innerHTML = "<li>No moves yet.</li>";
    else if (from === 0 || from > shown) list.innerHTML = game.history.slice().reverse().map(lineHtml).join("");
    else {
      for (let i = from; i < shown; i++) list.firstElementChild.remove();
      list.insertAdjacentHTML("afterbegin", game.history.slice(from).reverse().map(lineHtml).join(""));
    }
    list.dataset.lines = game.history.length;
  }

  function update(payload) {
    const moved = game && payload.seq !== game.seq;
    // The server sends the history lines from history_from on: the page has those before it.
    const from = game ? payload.history_from : 0;
    if (from > 0) payload.history = game.history.slice(0, from).concat(payload.history);
    game = payload;
    $("#undo").disabled = !game.can_undo;
    $("#redo").disabled = !game.can_redo;
    drawHistory(from);
    drawSeat();
    render(game, moved);
  }

  // "Who holds this phone?": the players' names and "nobody"; the server keeps the claim (with
  // this phone's cookie), so the page remembers nothing itself.
  function drawSeat() {
    const players = (game.view && Array.isArray(game.view.players)) ? game.view.players : [];
    const names = players.map((p) => (p && typeof p === "object" ? p.name : p));
    const box = $("#seat-box");
    if (!box) return;
    box.closest("section").hidden = !names.length;
    const held = game.seats || [];
    $("#seat-now").textContent = game.seat === null || game.seat === undefined ? "nobody's" : `${names[game.seat]}'s`;
    const button = (value, text, taken) => `<button type="button" class="${game.seat === value ? "selected" : "secondary"}" data-seat="${value === null ? "" : value}"
      ${game.seat === value ? 'aria-pressed="true"' : ""}>${escape(text)}${taken ? '<span class="small">another phone</span>' : ""}</button>`;
    $("#seat-choices").innerHTML = names.map((name, p) => button(p, name, held.includes(p) && game.seat !== p)).join("")
      + button(null, "Nobody", false);
  }

  async function claimSeat(player) {
    const { status, data } = await request("POST", `/api/games/${game.id}/seat`, { player });
    const error = $("#seat-error");
    if (status === 200) {
      error.hidden = true;
      update(data.game);
      return;
    }
    error.hidden = false;
    error.textContent = ((data && data.error) || { message: `The companion answered ${status}.` }).message;
  }

  // Send one entry; the server answers with the new game, a refusal, or the fresh game
  // when another phone got there first.
  async function send(path, body = {}) {
    const { status, data } = await request("POST", path, { ...body, seq: game.seq });
    if (status === 200) { showMessage(null); update(data.game); return true; }
    if (status === 409) {
      update(data.game);  // a new entry number: the page drops its draft
      showMessage(data.error, "notice");
      return false;
    }
    showMessage((data && data.error) || { message: `The companion answered ${status}.` });
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
      if (status === 200 && data.game.seq > game.seq) update(data.game);
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
      return { error: (data && data.error) || { message: `The companion answered ${response.status}.` } };
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

  // A game page gives its drawing function and what drops the turn it was entering; when
  // the table moves on (another phone's move, or a race lost), the draft goes and it redraws.
  // With ``scanned(cards)`` the page takes scanned cards (it returns one sentence: what it did).
  function start(payload, options) {
    render = (_fresh, moved) => { if (moved) options.reset(); options.redraw(); };
    $("#undo").addEventListener("click", () => send(`/api/games/${game.id}/undo`));
    $("#redo").addEventListener("click", () => send(`/api/games/${game.id}/redo`));
    $("#seat-choices").addEventListener("click", (event) => {
      const button = event.target.closest("[data-seat]");
      if (button) claimSeat(button.dataset.seat === "" ? null : Number(button.dataset.seat));
    });
    const rulings = $("#rulings");
    if (rulings) {
      rulings.addEventListener("submit", (event) => {
        event.preventDefault();
        const chosen = {};
        for (const input of rulings.querySelectorAll("input[type=radio]:checked")) {
          chosen[input.name.replace(/^ruling-/, "")] = input.value;
        }
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
      form.addEventListener("submit", (event) => { if (!confirm(form.dataset.confirm)) event.preventDefault(); });
    }
    update(payload);
    poll(options.poll || 1000);
  }

  return {
    start, send, request, update, showMessage, escape, $,
    get game() { return game; },
  };
})();
