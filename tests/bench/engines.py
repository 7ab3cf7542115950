"""The app against the bare Pyodide page in three browser engines, measured the same way in each.

Chromium (Debian's) and Firefox ESR are driven by Puppeteer (puppeteer_loads.mjs, over CDP and WebDriver
BiDi), WebKitGTK by Debian's WebKitWebDriver under xvfb-run (webdriver.py).  Each
run is one fresh browser: a cold load (empty profile), then a warm one in the same browser (the app's once
its service worker controls the page).  tests/bench/probe.js times <html data-ready> and the longest gap between
animation frames until then: Firefox and WebKit have no Long Tasks API, and in Chromium the gap matches
its longest task.  Under WebDriver the probe runs from DOMContentLoaded (classic WebDriver cannot run a
script before the page's); the interpreter's start, the long part, comes later.
"""

from __future__ import annotations

import json
import pathlib
import statistics
import subprocess
import time

from tests.bench.webdriver import READY_S, WebDriver, across_unload
from tests.e2e.conftest import ARGS, CHROMIUM

HERE = pathlib.Path(__file__).resolve().parent
PROBE = (HERE / "probe.js").read_text()
# WebDriver: false until the page at `arguments[0]` is there, then the probe in it, then what follows.
PROBED = f"if (location.href !== arguments[0] || !document.documentElement) return false;\n{PROBE}\n"
FIREFOX = "/usr/bin/firefox-esr"
ENGINES = ("chromium", "firefox", "webkitgtk")
NAMES = {"chromium": "Chromium", "firefox": "Firefox", "webkitgtk": "WebKitGTK"}
PAGES = {"app": "", "baseline": "__bench__/baseline.html"}
WORKER = {"app": True, "baseline": False}  # the app registers its service worker once ready


def puppeteer_session(engine: str, url: str, worker: bool) -> dict:
    """A cold and a warm load of `url` in a fresh Chromium or Firefox, by Puppeteer."""
    command = ["node", str(HERE / "puppeteer_loads.mjs")]
    command += ["chrome", CHROMIUM] if engine == "chromium" else ["firefox", FIREFOX]
    command += [url, "worker" if worker else "no-worker", *(ARGS if engine == "chromium" else [])]
    done = subprocess.run(command, capture_output=True, text=True, timeout=3 * READY_S)
    if done.returncode != 0:
        raise RuntimeError(f"{engine} failed on {url}:\n{done.stdout}{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def webkit_session(driver: WebDriver, url: str, worker: bool) -> dict:
    """A cold and a warm load of `url` in a fresh WebKitGTK MiniBrowser.

    The page is loaded without waiting (`pageLoadStrategy: "none"`): WebKitGTK 2.50.6's driver held the first
    script after a warm visit's navigation until its page-load timeout in 5 visits of 9 (eager), and this
    installs the probe sooner (41-162 ms after navigation). The probe is installed again should the document it
    went into be replaced (the one before the navigation committed)."""
    with driver.session() as (capabilities, sid):
        def until(script: str, what: str, pause: float = 0.5):
            """What `script` gives once it gives something (the probe's record, read where it was done)."""
            deadline = time.monotonic() + READY_S
            while not (found := across_unload(lambda: driver.run(sid, script, url))):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"WebKitGTK: {url}: {what} not within {READY_S} s")
                time.sleep(pause)
            return found

        def load() -> dict:
            driver.call("POST", f"/session/{sid}/url", {"url": url})  # returns at once
            until(PROBED + "return true;", "the page", pause=0.01)
            return until(PROBED + "return window.__probe.done && window.__probe;", "ready")

        cold = load()
        if worker:  # else the warm load may race the worker's install
            until("return navigator.serviceWorker.controller !== null", "the service worker")
        driver.call("POST", f"/session/{sid}/url", {"url": "about:blank"})
        warm = load()
        return {"version": f"{capabilities['browserName']} {capabilities['browserVersion']}",
                "cold": cold, "warm": warm}


def loads(server_url: str, runs: int, log=print) -> dict:
    """{engine: {page: {"cold": [probe], "warm": [probe]}}, "versions": {engine: version}}: each engine's
    runs of the app and the baseline, interleaved (the order of the two alternates run by run)."""
    found: dict = {engine: {page: {"cold": [], "warm": []} for page in PAGES} for engine in ENGINES}
    found["versions"] = {}
    driver = WebDriver()
    try:
        for run in range(runs):
            for engine in ENGINES:
                for page in (PAGES if run % 2 == 0 else reversed(PAGES)):
                    url = server_url + PAGES[page]
                    if engine == "webkitgtk":
                        session = webkit_session(driver, url, WORKER[page])
                    else:
                        session = puppeteer_session(engine, url, WORKER[page])
                    found["versions"][engine] = session["version"]
                    for kind in ("cold", "warm"):
                        found[engine][page][kind].append(session[kind])
                    log(f"  {engine} run {run + 1}/{runs} {page:8}: cold ready {session['cold']['ready']:7.0f} ms, "
                        f"warm ready {session['warm']['ready']:7.0f} ms")
    finally:
        driver.close()
    return found


def section(runner, args, table, results):
    """The rows: per engine and cold/warm, ready and the longest frame gap, the app's and the bare page's,
    and their ratios."""
    print(f"Engines: the app and the bare Pyodide page in Chromium, Firefox and WebKitGTK; cold and warm, "
          f"{args.engine_runs} runs each")
    found = results["engines"] = loads(runner.server.url, args.engine_runs)
    for engine in ENGINES:
        name = NAMES[engine]
        for kind in ("cold", "warm"):
            app, bare = found[engine]["app"][kind], found[engine]["baseline"][kind]
            section = f"{name} {kind}"
            for what, key in (("ready", "ready"), ("longest frame gap to ready", "gap")):
                table.add(section, f"{what}: app", spread(r[key] for r in app))
                table.add(section, f"{what}: bare Pyodide", spread(r[key] for r in bare))
                table.add(section, f"{what}: ratio app/bare", ratio(app, bare, key), unit="x")
            if engine == "chromium":
                table.add(section, "longest task to ready (Long Tasks API): app", spread(r["task"] for r in app))
    late = [f"{e} {p} {k}" for e in ENGINES for p in PAGES for k in ("cold", "warm")
            if any(r.get("late") for r in found[e][p][k])]
    if late:
        print("  ready before the probe ran (the time is an upper bound): " + ", ".join(late))
    print("  " + "; ".join(found["versions"].values()))


def ratio(ours: list[dict], base: list[dict], key: str) -> dict:
    """The ratio of the medians; min-max of the run-by-run ratios."""
    pairs = [a[key] / b[key] for a, b in zip(ours, base) if b[key]]
    if not pairs:
        return {"median": None, "n": 0}
    return {"median": statistics.median(r[key] for r in ours) / statistics.median(r[key] for r in base),
            "min": min(pairs), "max": max(pairs), "n": len(pairs)}


def spread(values) -> dict:
    values = [v for v in values if v is not None]
    if not values:
        return {"median": None, "n": 0}
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "n": len(values)}
