// The bench's probe in any browser (tests/bench/engines.py): when <html data-ready> appears, and the
// longest gap between animation frames until then: the longest time the page could not paint or answer,
// in engines without the Long Tasks API (Firefox, WebKit).  Where that API exists the longest task is
// recorded too.  Times in ms since navigation start; installed before the page's scripts where the
// driver can (Puppeteer), else as soon as the document is parsed (WebDriver): `installed` says when.
(() => {
  if (window.__probe) return;
  const probe = window.__probe = {installed: performance.now(), ready: null, done: false, gap: 0, frames: 0, task: null};
  let last = null;
  const frame = () => {
    const now = performance.now();
    if (last !== null) probe.gap = Math.max(probe.gap, now - last);
    last = now;
    probe.frames++;
    if (probe.ready === null) requestAnimationFrame(frame);
    else probe.done = true;  // the frame after ready ends the last gap
  };
  requestAnimationFrame(frame);
  if ((PerformanceObserver.supportedEntryTypes || []).includes("longtask")) {
    probe.task = 0;
    new PerformanceObserver(list => {
      for (const e of list.getEntries()) if (probe.ready === null) probe.task = Math.max(probe.task, e.duration);
    }).observe({type: "longtask", buffered: true});
  }
  const isReady = () => document.documentElement && document.documentElement.hasAttribute("data-ready");
  if (isReady()) {
    probe.ready = probe.installed;
    probe.late = true;  // ready before the probe: the time is an upper bound
    return;
  }
  new MutationObserver((records, observer) => {
    if (isReady()) {
      probe.ready = performance.now();
      observer.disconnect();
    }
  }).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
})();
