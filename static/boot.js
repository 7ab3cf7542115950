// Starts a page of the app: registers the service worker (offline use, updates), then PyScript.
// On the first visit PyScript waits until the worker has cached the app and taken control,
// so every file, the 9.6 MB interpreter included, is downloaded once and then served from
// the cache.  A new build installs in the background; the page offers to reload into it
// rather than mixing files of two versions.
const workers = navigator.serviceWorker;

function offerReload(onClick) {
  const banner = document.getElementById("update");
  if (!banner) return;
  banner.querySelector("button").onclick = onClick;
  banner.hidden = false;
}

function watchForUpdates(registration) {
  const wasControlled = Boolean(workers.controller);
  let asked = false;
  const offer = worker => offerReload(() => {
    asked = true;
    worker.postMessage("skip-waiting");
  });
  const track = worker => worker && worker.addEventListener("statechange", () => {
    if (worker.state === "installed" && workers.controller) offer(worker);
  });
  if (registration.waiting && workers.controller) offer(registration.waiting);
  track(registration.installing);
  registration.addEventListener("updatefound", () => track(registration.installing));
  workers.addEventListener("controllerchange", () => {
    if (asked) location.reload();
    else if (wasControlled) offerReload(() => location.reload());  // another tab switched versions
  });
}

async function useTheCache() {
  if (!workers) return;  // not a secure context, or service workers are off
  const claimed = new Promise(resolve => workers.addEventListener("controllerchange", resolve, {once: true}));
  const registration = await workers.register("sw.js", {updateViaCache: "none"});
  watchForUpdates(registration);
  const first = registration.installing;
  if (workers.controller || registration.active || !first) return;  // cached already, or a hard reload
  const failed = new Promise(resolve => first.addEventListener("statechange", () => {
    if (first.state === "redundant") resolve();
  }));
  await Promise.race([claimed, failed]);
}

try {
  await useTheCache();
} catch (error) {
  console.warn("The app will not work offline:", error);
}
await import("./vendor/pyscript/core.js");
