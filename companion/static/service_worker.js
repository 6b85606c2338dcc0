// The companion's service worker, served at /sw.js (companion/web/pages.py) so that its scope
// covers the game pages (/g/<id>); a game page registers it only in a secure context (https, or
// localhost / 127.0.0.1): browsers have none on plain http. It keeps only what a reload needs to
// show the game as this phone last saw it while the companion cannot be reached:
//   - the static files (their names carry a hash of their content: one kept never goes stale);
//   - each game page as last loaded; answered from here only when the network fails, marked
//     (data-from-cache on its body) so the page says at once that it is offline and shows the
//     game as it last saw it (companion_net.js keeps that in sessionStorage).
// Everything else goes to the network untouched: every POST (entries, seats), the API and its
// long poll. Nothing here is sent anywhere.
"use strict";

const CACHE = "companion-1";
const base = new URL(self.registration.scope).pathname;  // "/" or the app's prefix, with a "/"

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(base)) return;
  const path = url.pathname.slice(base.length);
  if (path.startsWith("static/")) event.respondWith(kept(request));
  else if (request.mode === "navigate" && /^g\/[^/]+$/.test(path)) event.respondWith(page(request, url));
});

async function kept(request) {
  const cache = await caches.open(CACHE);
  const found = await cache.match(request);
  if (found) return found;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

// A game page from the network (kept for later), or as kept when the network fails or does not
// answer in 6 s.
async function page(request, url) {
  const cache = await caches.open(CACHE);
  const key = url.origin + url.pathname;  // ?joined=1 and the like: the same page
  try {
    const response = await Promise.race([fetch(request), new Promise((resolve, reject) => setTimeout(reject, 6000))]);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch {
    const found = await cache.match(key);
    if (!found) return Response.error();
    const text = (await found.text()).replace("<body ", "<body data-from-cache ");
    return new Response(text, { status: 200, headers: found.headers });
  }
}
