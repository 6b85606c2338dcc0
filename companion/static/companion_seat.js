// Companion's part for the phone's player (see companion.js): "Who holds this phone?" (the
// players' names and "nobody", in More, and asked of every phone that opens the game),
// a seat another phone holds freed by the game's creator, and "Your turn" in the prompt.
"use strict";

(() => {
  const { $, html, put, say, request, failure } = Companion;
  const game = () => Companion.game;

  const names = () => ((game().view && Array.isArray(game().view.players)) ? game().view.players : [])
    .map((p) => (p && typeof p === "object" ? p.name : p));
  const seatName = () => (game().seat === null || game().seat === undefined ? null : names()[game().seat]);

  // "Who holds this phone?": the players' names and "nobody"; the server keeps the claim (with
  // this phone's cookie); the page remembers only that it asked.
  function drawSeat() {
    const players = names();
    $("#seat-box").hidden = !players.length;
    const held = game().seats || [];
    $("#seat-now").textContent = seatName() === null ? Words.t("nobody's") : Words.t("{player}'s", { player: seatName() });
    const button = (value, text, taken) => html`<button type="button" class="${game().seat === value ? "selected" : "secondary"}" data-seat="${value === null ? "" : value}"
      ${game().seat === value ? html`aria-pressed="true"` : ""}>${text}${taken ? html`<span class="small">${Words.t("another phone")}</span>` : ""}</button>`;
    const choices = html`${players.map((name, p) => button(p, name, held.includes(p) && game().seat !== p))}${button(null, Words.t("Nobody"), false)}`;
    for (const box of document.querySelectorAll(".seat-choices")) put(box, choices);
  }

  async function claimSeat(player) {
    const { status, data } = await request("POST", `/api/games/${game().id}/seat`, { player });
    const errors = document.querySelectorAll(".seat-error");
    for (const error of errors) {
      error.hidden = status === 200;
      error.textContent = status === 200 ? "" : failure(status, data).message;
    }
    if (status !== 200) {
      // The game's creator may free a seat another phone holds (one that lost its cookie).
      if (status === 409 && game().owner && player !== null) {
        for (const error of errors) {
          put(error, html` <button type="button" class="secondary" data-free-seat="${player}">${Words.t("Free {player}'s seat", { player: names()[player] })}</button>`, "beforeend");
        }
      }
      return;
    }
    if (Companion.parts.answers.asking()) say(null);  // the question was answered
    Companion.update(data.game);
    $("#more").close();
    $("#who").close();
  }

  async function freeSeat(player) {
    const { status, data } = await request("POST", `/api/games/${game().id}/seat`, { free: player });
    for (const error of document.querySelectorAll(".seat-error")) {
      error.hidden = status === 200;
      error.textContent = status === 200 ? "" : failure(status, data).message;
    }
    if (status === 200) Companion.update(data.game);
  }

  // The prompt on the phone of the player whose turn it is says "Your turn" where the page
  // wrote the mover's name ("Ann's turn: ..."); the other phones name the mover. When the turn
  // becomes this phone's, the turn comes into view (its player may have scrolled down to their
  // realm or the history meanwhile).
  let mineBefore = false;
  function yourTurn() {
    const prompt = $("#prompt");
    const mover = game().to_move;
    const mine = mover !== null && mover !== undefined && mover === game().seat;
    if (mine && !mineBefore && window.scrollY > 0) window.scrollTo({ top: 0 });
    mineBefore = mine;
    if (!prompt || mover === null || mover === undefined || mover !== game().seat || !names()[mover]) return;
    const theirs = Words.t("{player}'s turn", { player: names()[mover] });
    if (prompt.textContent.startsWith(theirs)) prompt.textContent = `${Words.t("Your turn")}${prompt.textContent.slice(theirs.length)}`;
  }

  // Called by Companion.start once the game is drawn: the seat buttons answer, the prompt
  // follows the seat, and a phone without a player is asked who holds it.
  function start() {
    document.addEventListener("click", (event) => {
      const button = event.target.closest(".seat-choices [data-seat]");
      if (button) claimSeat(button.dataset.seat === "" ? null : Number(button.dataset.seat));
    });
    document.addEventListener("click", (event) => {
      const button = event.target.closest(".seat-error [data-free-seat]");
      if (button) freeSeat(Number(button.dataset.freeSeat));
    });
    if ($("#prompt")) new MutationObserver(yourTurn).observe($("#prompt"), { childList: true, characterData: true, subtree: true });
    yourTurn();
    // A phone that came by the join code or its QR code is asked who holds it in a sheet; the
    // phone that created the game, and one that opened the game's plain link (shared, typed or
    // bookmarked) the first time, in the answer strip (the turn stays in reach). This browser
    // keeps that it was asked, so a reload does not ask again.
    const url = new URL(location.href);
    const joined = url.searchParams.has("joined");
    if (joined) {
      url.searchParams.delete("joined");
      history.replaceState(null, "", url);
    }
    if (seatName() === null && names().length) {
      const created = $("#who").hasAttribute("data-created");
      if (joined) $("#who").showModal();
      else if (created || !asked()) {
        say({ message: Words.t("Who holds this phone? Tap here to say."), open: () => $("#who").showModal() }, "notice");
      }
      remember();
    }
  }

  // Whether this browser was asked who holds the phone at this game (storage may be refused:
  // then it is asked each time the page opens).
  const askedKey = () => `companion.asked.${game().id}`;
  function asked() {
    try { return localStorage.getItem(askedKey()) !== null; } catch { return false; }
  }
  function remember() {
    try { localStorage.setItem(askedKey(), "1"); } catch { /* not kept: asked again next time */ }
  }

  Object.assign(Companion, { seatName });
  Companion.parts.seat = { start, draw: drawSeat };
})();
