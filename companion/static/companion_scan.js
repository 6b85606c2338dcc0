// Companion's part for Scan (see companion.js): the phone's camera (a file input with capture,
// which works on plain HTTP) takes a photo, or the live camera reads frames where the page is a
// secure context; the server reads the cards in it, and the game page fills in its move with
// them (its scanned(cards)).
"use strict";

(() => {
  const { $, html, put, failure } = Companion;
  const { csrf } = Companion.parts.answers;

  // Send a photo (or a live frame) to be read: the cards found, or {error} in one sentence.
  async function readPhoto(blob, name) {
    const form = new FormData();
    form.append("photo", blob, name);
    try {
      const response = await fetch(`/api/games/${Companion.game.id}/scan`, { method: "POST", body: form, headers: { "X-CSRFToken": csrf } });
      const data = await response.json().catch(() => null);
      if (response.ok) return data;
      return { error: failure(response.status, data) };
    } catch {
      return { error: { message: Words.t("The companion cannot be reached: check this phone's network.") } };
    }
  }

  async function scan(file, scanned) {
    const box = $("#scan-result");
    box.hidden = false;
    box.textContent = Words.t("Reading the photo\u2026");
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
    put(box, html`<p id="scan-read"><strong>${data.cards.length ? Words.tn("Read {n} card:", "Read {n} cards:", data.cards.length) : Words.t("No card of this game in the photo.")}</strong> ${names.join(", ")}</p>
      ${others.length ? html`<details><summary>${Words.t("Codes that are not cards of this game ({count})", { count: data.others.length })}</summary><ul>${others}</ul></details>` : ""}
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
      <p class="small" id="scan-live-note" aria-live="polite">${Words.t("Opening the camera\u2026")}</p>
      <div class="scan-live-actions"><label class="button secondary" for="scan-photo">${Words.t("Take a photo")}</label>
        <button type="button" class="secondary" id="scan-live-close">${Words.t("Close")}</button></div>`);
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
      if (live === session) note.textContent = Words.t("The camera cannot be opened ({error}): take a photo instead.", { error: err.name });
      return;
    }
    if (live !== session) { session.stream.getTracks().forEach((track) => track.stop()); return; }
    const video = $("video", panel);
    video.srcObject = session.stream;
    await video.play().catch(() => {});
    note.textContent = Words.t("Point the camera at the cards and hold still.");
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
          : read ? Words.t("Reading {cards}: hold still\u2026", { cards: data.cards.map((card) => card.name).join(", ") })
          : Words.t("No card of this game in view yet.");
      }
      session.timer = setTimeout(tick, LIVE_EVERY);
    };
    session.timer = setTimeout(tick, LIVE_EVERY);
  }

  // Called by Companion.start for a page that scans: the Scan button opens the camera.
  function start(scanned) {
    const input = $("#scan-photo");
    $("#scan").hidden = false;
    input.addEventListener("change", () => {
      if (input.files.length) scan(input.files[0], scanned);
      input.value = "";
    });
    if (window.isSecureContext && navigator.mediaDevices && navigator.mediaDevices.getUserMedia) {
      $("#scan").addEventListener("click", (event) => {
        if (event.target === input) return;  // "Take a photo" in the live panel
        event.preventDefault();
        if (live) stopLive(); else startLive(scanned);
      });
      document.addEventListener("visibilitychange", () => { if (document.hidden) stopLive(); });
      window.addEventListener("pagehide", stopLive);
    }
  }

  Companion.parts.scan = { start };
})();
