// Companion's part for the screen (see companion.js): kept awake while a game page is shown.
"use strict";

(() => {
  const { $ } = Companion;

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
  let why = "";         // why not the wake lock, in words (in the page's language)
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
      awake(null, Words.t("The screen locks as the phone's settings say."));
      return;
    }
    if (document.hidden || wakeLock) return;
    why = Words.t("browsers offer no wake lock to a page on plain http");
    if ("wakeLock" in navigator) {
      try {
        wakeLock = await navigator.wakeLock.request("screen");
        wakeLock.addEventListener("release", () => { wakeLock = null; });
        awake("wake-lock", Words.t("On, by the browser's wake lock, while this game is shown."));
        return;
      } catch (err) {
        why = Words.t("the browser refused its wake lock ({error})", { error: err.name });  // a phone saving its battery, say
      }
    }
    if (video && !video.paused) return;
    fallback = true;
    awake(null, Words.t("Tap anywhere on the game to keep the screen on with a silent video playing in a loop: {why}.", { why }));
  }

  function playVideo() {
    if (!fallback) return;
    fallback = false;
    if (!video) {
      video = document.createElement("video");
      video.setAttribute("playsinline", "");
      video.setAttribute("title", Words.t("Keeps the screen on"));
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
      () => awake("video", Words.t("On, by a silent video playing in a loop: {why}.", { why })),
      (err) => { fallback = true; awake(null, Words.t("The screen cannot be kept on now ({error}): tap the game to try again.", { error: err.name })); });
  }

  // Called by Companion.start: the switch in More, the page shown again, and a tap that may
  // start the fallback's video.
  function start() {
    document.addEventListener("click", playVideo);
    $("#wake").addEventListener("change", () => {
      localStorage.setItem(WAKE_KEY, $("#wake").checked ? "on" : "off");
      keepAwake();
    });
    document.addEventListener("visibilitychange", () => { if (!document.hidden) keepAwake(); });
    keepAwake();
  }

  Companion.parts.screen = { start };
})();
