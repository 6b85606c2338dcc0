// The part of every game page that is the same for all games: talking to the JSON API,
// following the table (polling the entry number), undo/redo, history and refusals.
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

  function update(payload) {
    const moved = game && payload.seq !== game.seq;
    game = payload;
    $("#undo").disabled = !game.can_undo;
    $("#redo").disabled = !game.can_redo;
    const history = $("#history");
    history.innerHTML = game.history.slice().reverse().map((line) =>
      `<li class="${line.undone ? "undone" : ""}"><strong>${line.seq + 1}.</strong> ${line.player ? escape(line.player) + ": " : ""}${escape(line.text)}</li>`
    ).join("") || "<li>No moves yet.</li>";
    render(game, moved);
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

  async function poll(every) {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, every));
      if (document.hidden) continue;
      const { status, data } = await request("GET", `/api/games/${game.id}?since=${game.seq}`);
      if (status === 200 && data.game.seq !== game.seq) update(data.game);
    }
  }

  // A game page gives its drawing function and what drops the turn it was entering; when
  // the table moves on (another phone's move, or a race lost), the draft goes and it redraws.
  function start(payload, options) {
    render = (_fresh, moved) => { if (moved) options.reset(); options.redraw(); };
    $("#undo").addEventListener("click", () => send(`/api/games/${game.id}/undo`));
    $("#redo").addEventListener("click", () => send(`/api/games/${game.id}/redo`));
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
    update(payload);
    poll(options.poll || 1000);
  }

  return {
    start, send, request, showMessage, escape, $,
    get game() { return game; },
  };
})();
