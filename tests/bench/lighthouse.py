"""Lighthouse on the deployable app (dist/), mobile and desktop, in Debian's Chromium (issue 29).

``./build.sh bench --only lighthouse`` writes dist/ (as ``./build.sh dist`` does), serves it on
127.0.0.1 the way a good static host would (gzip, long cache lifetimes for the files whose names
change with their bytes), and runs the pinned Lighthouse (package.json) in Chromium headless with
the e2e flags, `--lighthouse-runs` times per form factor.  Lighthouse's throttling is simulated
(its estimates come from the trace of an unthrottled load), but CPU contention on a busy machine
still stretches the trace: its performance score is only comparable at a like load average.
Nothing is fetched from outside: the page is ours, chrome-launcher starts the Chromium it is given
(CHROME_PATH) and downloads none, error reporting is off.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import http.server
import json
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import offline  # noqa: E402  (tools/offline.py: the deployable folder)
from tests.bench.serving import LocalServer  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / "lighthouse" / "cli" / "index.js"
FORMS = ("mobile", "desktop")
CATEGORIES = {"performance": "performance", "accessibility": "accessibility", "best-practices": "best practices"}
# The targets (issue 55): each score (0-100, the median of the runs) at least this.
TARGETS = {("performance", "mobile"): 90, ("performance", "desktop"): 98,
           ("accessibility", "mobile"): 100, ("accessibility", "desktop"): 100,
           ("best-practices", "mobile"): 100, ("best-practices", "desktop"): 100}
METRICS = {"first-contentful-paint": "first contentful paint", "largest-contentful-paint": "largest contentful paint",
           "total-blocking-time": "total blocking time", "cumulative-layout-shift": "cumulative layout shift",
           "speed-index": "speed index"}
RUN_TIMEOUT_S = 300
# Each form's runs score the app and, beside it, the bench's bare PyScript page on the same Pyodide (issue 55: the
# figures with the machine's bare-page times beside them, so that a row reads the same on a fast and a slow machine).
PAGES = {"app": "", "bare": "__bench__/baseline.html"}

# -- the server ---------------------------------------------------------------
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"  # the pages, the config, our archives, sw.js: asked again each visit, 304 when unchanged
# PyScript's chunks, e.g. core-C9KDLldu.js
HASHED_CHUNK = re.compile(r"^static/vendor/pyscript/.+-[A-Za-z0-9_-]{8}\.js$")
GZIP_MIN_SAVING = 1400  # bytes, about one packet: less saves nothing on the wire (a PNG, our small archives)


def cache_control(name: str, interpreter_folder: str) -> str:
    """A year for what is named by its content (the Pyodide folder carries its version, PyScript's
    chunks a hash); every other file is revalidated, so a new build is seen at once."""
    if name.startswith(interpreter_folder) or HASHED_CHUNK.match(name):
        return IMMUTABLE
    return REVALIDATE


class Handler(http.server.SimpleHTTPRequestHandler):
    """A static host: gzip when asked and worth it (compressed ahead), Cache-Control, ETag."""

    server: "Server"
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".wasm": "application/wasm", ".toml": "application/toml",
                      ".webmanifest": "application/manifest+json"}

    def log_message(self, *args):
        pass

    def send_head(self):
        path = pathlib.Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?")[0].endswith("/"):
            path = path / "index.html"
        if not path.is_file():
            return super().send_head()  # a folder without a slash (redirect), or 404
        name = path.relative_to(self.directory).as_posix()
        stat = path.stat()
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        body, gzipped = path.read_bytes(), None
        if "gzip" in self.headers.get("Accept-Encoding", ""):
            gzipped = self.server.gzipped(path, stat.st_mtime_ns, body)
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            body = b""
        else:
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            if gzipped is not None:
                self.send_header("Content-Encoding", "gzip")
                body = gzipped
            self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache_control(name, self.server.interpreter_folder))
        self.send_header("ETag", etag)
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return _Body(body)


class _Body:
    """What send_head returns: do_GET copies it to the socket, do_HEAD just closes it."""

    def __init__(self, data: bytes):
        self.data = data

    def read(self, *_):
        data, self.data = self.data, b""
        return data

    def close(self):
        pass


class Server(LocalServer):
    def __init__(self, directory: pathlib.Path):
        super().__init__(("127.0.0.1", 0), functools.partial(Handler, directory=str(directory)))
        self.interpreter_folder = offline.interpreter_folder(directory)
        self.lock = threading.Lock()
        self.compressed: dict[tuple[pathlib.Path, int], bytes | None] = {}
        # Compressed before the first request, as a host serving precompressed files would: gzipping
        # Pyodide's 10 MB while the page loads would take a core from the browser being measured.
        for path in sorted(directory.rglob("*")):
            if path.is_file():
                self.gzipped(path, path.stat().st_mtime_ns, path.read_bytes())

    def gzipped(self, path: pathlib.Path, mtime_ns: int, body: bytes) -> bytes | None:
        """The file gzipped, or None when that saves less than a packet."""
        key = (path, mtime_ns)
        with self.lock:
            if key in self.compressed:
                return self.compressed[key]
        packed = gzip.compress(body, compresslevel=6, mtime=0)
        found = packed if len(body) - len(packed) >= GZIP_MIN_SAVING else None
        with self.lock:
            self.compressed[key] = found
        return found


@contextlib.contextmanager
def serve(directory: pathlib.Path):
    """The folder served on 127.0.0.1 (a free port) while the block runs; yields its URL."""
    server = Server(directory)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.url
    finally:
        server.shutdown()
        server.server_close()


# -- Lighthouse ---------------------------------------------------------------
def run(url: str, form: str, out: pathlib.Path) -> dict:
    """One Lighthouse run of `url` as `form` (mobile: its default; desktop: its preset); the report."""
    from tests.e2e.conftest import ARGS, CHROMIUM  # the e2e tests' Chromium and flags (imports Playwright)

    command = ["node", str(LIGHTHOUSE), url, "--output=json", f"--output-path={out}", "--quiet",
               f"--only-categories={','.join(CATEGORIES)}", "--no-enable-error-reporting",
               "--disable-full-page-screenshot", f"--chrome-flags={' '.join([*ARGS, '--headless=new'])}"]
    if form == "desktop":
        command.append("--preset=desktop")
    done = subprocess.run(command, env={**os.environ, "CHROME_PATH": CHROMIUM}, capture_output=True, text=True,
                          timeout=RUN_TIMEOUT_S)
    if done.returncode or not out.exists():
        raise SystemExit(f"bench: Lighthouse failed ({done.returncode}):\n{done.stderr[-2000:]}")
    report = json.loads(out.read_text())
    if report.get("runtimeError"):
        raise SystemExit(f"bench: Lighthouse could not audit the page: {report['runtimeError']}")
    return report


def figures(report: dict) -> dict:
    """The scores (0-100) and the metrics (ms; layout shift unitless) of one report."""
    return {"scores": {c: round(100 * report["categories"][c]["score"]) for c in CATEGORIES},
            "metrics": {m: report["audits"][m]["numericValue"] for m in METRICS},
            "warnings": report.get("runWarnings", [])}


def losses(report: dict, category: str) -> list[str]:
    """What cost the category points, most first: each scored audit below full marks, with its share."""
    refs = report["categories"][category]["auditRefs"]
    total = sum(r["weight"] for r in refs) or 1
    lost = []
    for ref in refs:
        audit = report["audits"][ref["id"]]
        if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
            points = 100 * ref["weight"] * (1 - audit["score"]) / total
            shown = f" ({audit['displayValue']})" if audit.get("displayValue") else ""
            lost.append((points, f"{points:.0f} points: {audit['title']}{shown}{first_item(audit)}"))
    return [text for _, text in sorted(lost, reverse=True)]


def flagged(report: dict, category: str) -> list[str]:
    """The audits of the category that score nothing but flag something (Lighthouse's diagnostics)."""
    found = []
    for ref in report["categories"][category]["auditRefs"]:
        audit = report["audits"][ref["id"]]
        if not ref["weight"] and audit["score"] is not None and audit["score"] < 1 \
                and audit["scoreDisplayMode"] in ("binary", "numeric", "metricSavings"):
            shown = f" ({audit['displayValue']})" if audit.get("displayValue") else ""
            found.append(f"{audit['title']}{shown}{first_item(audit)}")
    return found


def first_item(audit: dict) -> str:
    """The first row of an audit's table, briefly: which message and which file."""
    items = (audit.get("details") or {}).get("items") or []
    if not items or not isinstance(items[0], dict):
        return ""
    item = items[0]
    what = item.get("value") or item.get("description") or ""
    where = (item.get("source") or {}).get("url") or item.get("url") or item.get("scriptUrl") or ""
    if isinstance(what, dict):
        what = what.get("formattedDefault", "")
    parts = [str(what)[:120], where.rpartition("/")[2] if where else ""]
    more = f" and {len(items) - 1} more" if len(items) > 1 else ""
    return f": {', '.join(p for p in parts if p)}{more}" if any(parts) else ""


def section(args, table, results):
    runs = args.lighthouse_runs
    print(f"Lighthouse {lighthouse_version()} on dist/ (gzip, cache headers), {', '.join(FORMS)}: "
          f"{runs} run{'s' if runs > 1 else ''} each, categories {', '.join(CATEGORIES)}")
    if not LIGHTHOUSE.exists():
        raise SystemExit("bench: node_modules has no Lighthouse: run ./build.sh (npm ci installs it)")
    dist = ROOT / "dist"
    offline.dist(dist)  # what ./build.sh dist writes, from the build just made
    stamp = time.strftime("%Y%m%d-%H%M%S")
    saved = (args.json.parent if args.json else ROOT / "tests" / "bench" / "results")
    saved.mkdir(parents=True, exist_ok=True)
    found = {form: {page: [] for page in PAGES} for form in FORMS}
    results["lighthouse"] = {form: found[form]["app"] for form in FORMS}
    results["lighthouse_bare_page"] = {form: found[form]["bare"] for form in FORMS}
    reports = {form: [] for form in FORMS}
    from tests.bench.browser import BENCH, write_baseline
    bench_pages = dist / BENCH
    bench_pages.mkdir()
    write_baseline(bench_pages)
    try:
        with serve(dist) as url, tempfile.TemporaryDirectory() as scratch:
            for i in range(runs):
                for form in FORMS:  # alternately, so a busy spell of the machine does not fall on one form or page
                    for page, path in PAGES.items():
                        report = run(url + path, form, pathlib.Path(scratch) / f"{form}-{page}-{i}.json")
                        kept = saved / f"lighthouse-{stamp}-{form}-{'' if page == 'app' else page + '-'}{i + 1}.json"
                        kept.write_text(json.dumps(report))
                        if page == "app":
                            reports[form].append(report)
                        found[form][page].append({**figures(report), "report": str(kept)})
    finally:
        shutil.rmtree(bench_pages)  # dist/ stays the app alone
    for form in FORMS:
        for page, rows in found[form].items():
            app = page == "app"
            name = f"Lighthouse {form}" if app else f"Lighthouse {form}, the bare PyScript page beside it"
            for category, label in CATEGORIES.items() if app else [("performance", "performance")]:
                table.add(name, label, spread_of([r["scores"][category] for r in rows]), unit="",
                          at_least=TARGETS[(category, form)] if app else None)
            for metric, label in METRICS.items():
                unit = "" if metric == "cumulative-layout-shift" else "ms"
                values = [r["metrics"][metric] for r in rows]
                if not unit:
                    table.add(name, f"  {label}", text=f"{statistics.median(values):.3f}")
                else:
                    table.add(name, f"  {label}", spread_of(values))
        # The audits of the run whose performance is the median: what costs points, then what is flagged.
        middle = sorted(reports[form], key=lambda r: r["categories"]["performance"]["score"])[len(rows) // 2]
        print(f"\n  {form}, the run of median performance:")
        for category in CATEGORIES:
            score = round(100 * middle["categories"][category]["score"])
            print(f"    {category} {score}")
            for line in losses(middle, category):
                print(f"      lost {line}")
            for line in flagged(middle, category):
                print(f"      flagged (no weight): {line}")
        for warning in middle.get("runWarnings", []):
            print(f"    Lighthouse warned: {warning}")


def spread_of(values: list[float]) -> dict:
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "n": len(values)}


def lighthouse_version() -> str:
    try:
        return json.loads((LIGHTHOUSE.parents[1] / "package.json").read_text())["version"]
    except OSError:
        return "?"

