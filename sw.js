// The service worker: serves the app from its own cache, cache-first, so it works offline.
// build.sh writes precache.js: every file the pages load, each with a hash of its content,
// and a version made of those hashes.  Each version gets its own cache.  A new version fills
// its cache in the background (copying unchanged files from the old one, downloading only
// what changed, from the browser's HTTP cache when it holds this build's bytes), then waits
// until the page asks it to take over; the old cache is deleted when it does.  All URLs are
// relative to the worker's scope: the app runs under any path.  The page registers the worker as
// sw.js?v=<version> (static/boot.js): the list is asked for by the same query, a URL no cache holds yet.
importScripts("precache.js" + location.search);

const SCOPE = self.registration.scope;
const PREFIX = `pyramids ${SCOPE} `;  // this app's caches at this path; other caches are not ours
const CACHE = PREFIX + self.PRECACHE.version;
const FILES = self.PRECACHE.files;
const INTERPRETER = self.PRECACHE.interpreter;  // the vendored Pyodide's folder, named by its version
const MEMORY = self.PRECACHE.memory;  // the interpreter's memory snapshot, gzipped

// A file's cache key carries its content hash, so equal keys hold equal bytes in any version.
const key = path => `${SCOPE}${path}?v=${FILES[path]}`;

async function ourCaches() {
  return (await caches.keys()).filter(name => name.startsWith(PREFIX));
}

// One file at a time: the page is usually being played while this runs, and on a
// two-core machine a parallel fill (hashing, writing, Chromium compiling the scripts it
// caches) slowed the first clicks from ~10 ms to 30-50 ms.
async function fill() {
  const cache = await caches.open(CACHE);
  const previous = await ourCaches();
  for (const path of Object.keys(FILES)) await fillOne(cache, previous, path);
}

async function fillOne(cache, previous, path) {
  for (const name of previous) {
    const kept = await (await caches.open(name)).match(key(path));
    if (kept) return name === CACHE || cache.put(key(path), kept);
  }
  const response = await download(path);
  await cache.put(key(path), path === MEMORY ? inflated(response) : response);
}

// The snapshot is kept inflated: a start reads its 31 MB from the cache in ~40 ms, where inflating
// the 6 MB the server sends held every start up by ~190 ms (tools/interpreter.mjs takes either).
function inflated(response) {
  if (typeof DecompressionStream !== "function") return response;
  return new Response(response.body.pipeThrough(new DecompressionStream("gzip")),
                      {headers: {"Content-Type": "application/octet-stream"}});
}

async function digest(response) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
  return Array.from(bytes.slice(0, 8), b => b.toString(16).padStart(2, "0")).join("");
}

// The page has usually just loaded the file, so the browser's HTTP cache is tried first
// (no second download of the 9.6 MB interpreter); a copy whose hash is not this build's
// is fetched again from the server.  The page itself was loaded as the folder's address.
async function download(path) {
  if (path === "index.html") {
    try {
      const page = await fetch(SCOPE, {cache: "only-if-cached", mode: "same-origin"});
      if (page.ok && await digest(page) === FILES[path]) return page;
    } catch {}  // opened as index.html, or not in the HTTP cache
  }
  const cached = await fetch(SCOPE + path, {cache: "force-cache"});
  if (cached.ok && await digest(cached) === FILES[path]) return cached;
  const response = await fetch(SCOPE + path, {cache: "reload"});
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response;
}

self.addEventListener("install", event => event.waitUntil(fill()));

self.addEventListener("activate", event => event.waitUntil((async () => {
  for (const name of await ourCaches()) if (name !== CACHE) await caches.delete(name);
  await self.clients.claim();
})()));

self.addEventListener("message", event => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", event => {
  const url = new URL(event.request.url);
  const address = url.origin + url.pathname;
  if (event.request.method !== "GET" || !address.startsWith(SCOPE)) return;
  const path = address.slice(SCOPE.length) || "index.html";
  if (!Object.hasOwn(FILES, path)) return;  // not part of the app: the network, as usual
  event.respondWith(answer(path, event.request));
});

// The interpreter comes from the browser's HTTP cache when it holds it, never from the
// network, else from the worker's copy (its snapshot always from the copy, inflated).
// Chromium keeps the compiled WebAssembly beside the response it was compiled from: the
// page's first visit compiled the HTTP cache's copy, so answering with it spares every
// later start a 1-2 s compile.  This is safe only because the interpreter's folder is
// named by its version: an HTTP-cached file at this worker's URL holds this worker's
// bytes, even after a newer build has been fetched.
async function answer(path, request) {
  if (path.startsWith(INTERPRETER) && path !== MEMORY) {
    try {
      const cached = await fetch(SCOPE + path, {cache: "only-if-cached", mode: "same-origin"});
      if (cached.ok) return cached;
    } catch {}  // not in the HTTP cache
  }
  return (await caches.match(key(path), {cacheName: CACHE})) || fetch(request);
}
