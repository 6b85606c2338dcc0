// Companion's answers (see companion.js): talking to the JSON API, the answer to a tap in the
// action bar's strip (say), a question before a tap that touches another player (ask), the
// rule sheet an answer opens, and the sheets (More, the code) every game page has.
"use strict";

(() => {
  const { $, html, put } = Companion;
  const csrf = document.querySelector('meta[name="csrf-token"]').content;

  // What an answer that is not the one hoped for says: the server's error, or its status.
  const failure = (status, data) => (data && data.error) || { message: Words.t("The companion answered {status}.", { status: String(status) }) };

  // `within`: {timeout (ms), signal}: a request not answered by then counts as unanswered
  // (status 0), as one the network lost; the connection's part (companion_net.js) hears of each.
  async function request(method, path, body, within = {}) {
    const options = { method, headers: { "X-CSRFToken": csrf, Accept: "application/json" } };
    const stop = new AbortController();
    if (within.signal) within.signal.addEventListener("abort", () => stop.abort());
    const timer = within.timeout ? setTimeout(() => stop.abort(), within.timeout) : null;
    options.signal = stop.signal;
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
        return unanswered();
      }
      if (response.status !== 503 || tries === 5) break;
      const busy = await response.json().catch(() => null);
      if (busy && busy.error) { said = busy.error.message; say(busy.error, "notice"); }
      await new Promise((resolve) => setTimeout(resolve, 1000 * Math.min(10, Number(response.headers.get("Retry-After")) || 2)));
    }
    if (said && $("#message").textContent.includes(said)) say(null);
    const data = response.status === 204 ? null : await response.json().catch(() => null);
    clearTimeout(timer);
    if (stop.signal.aborted) return unanswered();  // given up while its answer came: not read
    return { status: response.status, data };
  }
  function unanswered() {
    if (Companion.parts.net) Companion.parts.net.down();
    return { status: 0, data: { error: { message: Words.t("The companion cannot be reached.") } } };
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
    const title = error.title || Words.t("the rule");
    const dismiss = Words.t("Dismiss this message");
    const rule = error.url
      ? html`<button type="button" class="rule-link" data-rule="${error.url}"><span>${Words.t("Rule")}<span class="sr-inline">${Words.t(": {title}", { title })}</span></span></button>` : "";
    put(box, html`<button type="button" class="message-text"><span>${error.message}</span></button>${rule}
      <button type="button" class="message-close" aria-label="${dismiss}">\u00d7</button>`);
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
    $("#rule-sheet-title").textContent = Words.t("The answer");
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
      $("#rule-sheet-title").textContent = heading ? Words.t("Rule: {title}", { title: heading.textContent }) : Words.t("The rules");
      if (entry) {
        const copy = document.importNode(entry, true);
        copy.removeAttribute("id");
        const copied = copy.querySelector("h3, h2");
        if (copied) copied.remove();
        $("#rule-sheet-body").append(copy);
      } else {
        $("#rule-sheet-body").textContent = Words.t("The rules page cannot be reached from this phone now.");
      }
      $("#rule-sheet-all").href = answer.url;
    }
    $("#rule-sheet").showModal();
  }

  // A question before a tap does something that touches another player (Undo of their move):
  // resolves true when the player confirms.
  function ask(text, yes = Words.t("Yes")) {
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

  // Called by Companion.start: a tap or typing outside the answer takes it away (before the
  // page's own handler); the sheets open and close.
  function start() {
    document.addEventListener("click", clearAnswer, true);
    document.addEventListener("input", clearAnswer, true);
    sheets();
  }

  Object.assign(Companion, { request, failure, say, ask });
  // The question "Who holds this phone?" stands in the strip (answered once a seat is claimed).
  Companion.parts.answers = { start, csrf, asking: () => Boolean(said && said.open) };
})();
