"""``python -m tests.bench``: measure the app against a bare PyScript page; print and save the table.

Sections (all by default): ``loads`` cold and warm: the app, the bare baseline, the app
with its service worker blocked and the app at a 30-move link (its warm visit: the link reloaded);
``phone`` the app and the bare page on a phone's processor
(Chromium's CPU throttling, as Lighthouse's mobile: 4x, and the app again at the slowdown that makes this machine
the phone 4x makes of Lighthouse's reference desktop): each main-thread task to ready and through a first move;
``embeds`` three embed codes in a page of another site
(tests/bench/embeds.py); ``clicks`` move latency per game; ``links``
a long link against a fresh start per game; ``engine`` random playouts on CPython;
``bots`` the computer in the page (worker start, move times, the main thread while
it thinks); ``engines`` the app and the bare page in Chromium, Firefox ESR and WebKitGTK
(tests/bench/engines.py); ``import`` My games' Import of a 10,000-game backup, and a 50 MB file
refused (tests/bench/imports.py).  ``strength`` (only when named: ``--only strength``; hours at 40 games per
pairing on two cores, see --strength-games, --strength-offsets and --strength-pairings) plays the levels
against each other and two baselines on CPython.  ``lighthouse`` (only when named) scores
dist/ with Lighthouse, mobile and desktop (tests/bench/lighthouse.py).  ``wiki`` (only when named) sets
up Debian's MediaWiki with the recipe of docs/wiki.md and checks three embeds in its page (tests/bench/wiki.py).
Each target is printed with PASS or MISS.  docs/performance.md explains the figures.
"""

from __future__ import annotations

import argparse
import datetime
import functools
import json
import os
import pathlib
import platform
import random
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))

from pyramids import games  # noqa: E402
from tests.bench import engine  # noqa: E402

SECTIONS = ("loads", "phone", "embeds", "clicks", "links", "engine", "bots", "engines", "import")
ON_REQUEST = ("strength", "lighthouse", "wiki")  # long, or a tool of its own: run only when named in --only
KB = 1000

# The targets: each measured value must be at most its limit.
# Paint, as ratios to the bare page's first contentful paint in the same run (cold against cold, warm against warm):
# absolute times do not carry from one machine to another (issue 55).
FIRST_PAINT_RATIO = 1.0  # the app's first contentful paint
BOARD_RATIO = 1.2  # a board on screen: a first visit's (the build's start), a returning visit's, a reloaded link's
READY_RATIO = {"cold": 1.10, "warm": 0.5}  # warm: the interpreter starts from its memory snapshot (issue 29)
LONG_TASK_RATIO = 0.25  # the longest main-thread task until ready, against the bare page's (issue 29)
CLICK_MEDIAN_MS, CLICK_WORST_MS = 16, 50
LINK_RATIO = 1.25
REPLAY_TASK_MS = 50  # a long link replays a slice per task (--long 10000 for the longest links)
LINK_TASK_RUNS = 3  # a running page opening the link, in a fresh browser each: one garbage collection can double a task
OWN_BYTES = 250 * KB
PHONE_TASK_MS = 50  # no main-thread task longer on a phone, navigation to ready and through the first move (issue 55)
FIRST_MOVE = ("d3", "e4")  # a first visit's game is Ice Lady: White's move d3-e4, by two clicks


def parse_args(argv=None):
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15,
                        help="page loads of each kind (default 15: a start's time varies by +-10%% run to run, "
                             "and the ready ratio's median over 7 runs moved by 0.05 between runs of the bench)")
    parser.add_argument("--json", type=pathlib.Path, help="where to write the results "
                        "(default tests/bench/results/<date>.json)")
    parser.add_argument("--only", default=",".join(SECTIONS),
                        help=f"sections to run, of {','.join(SECTIONS + ON_REQUEST)} (default: all but strength)")
    parser.add_argument("--games", default="", help="game ids, comma-separated (default: every built game)")
    parser.add_argument("--moves", type=int, default=30, help="timed moves per game (default 30)")
    parser.add_argument("--long", type=int, default=300, help="moves in the long link (default 300)")
    parser.add_argument("--engine-runs", type=int, default=2,
                        help="browser sessions (a cold and a warm load) of each page per engine in engines "
                             "(default 2: WebKitGTK takes half a minute a load)")
    parser.add_argument("--link-runs", type=int, default=7, help="loads of each link per game (default 7)")
    parser.add_argument("--warm-links", action="store_true",
                        help="open the links with a warm HTTP cache (a stricter ratio) instead of cold")
    parser.add_argument("--engine-seconds", type=float, default=2.0, help="playout time per game (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot-moves", type=int, default=4, help="bot moves timed per game and level (default 4)")
    parser.add_argument("--phone-runs", type=int, default=3,
                        help="cold and warm visits of the app and the bare page on a phone's processor, and of the app "
                             "at the calibrated slowdown (default 3)")
    parser.add_argument("--import-runs", type=int, default=3,
                        help="imports of the 10,000-game backup, each in a fresh browser (default 3: ~1 min each)")
    parser.add_argument("--strength-games", type=int, default=40,
                        help="games per pairing, shared out between the seed offsets (default 40)")
    parser.add_argument("--strength-offsets", default="7,11,13,17",
                        help="seed offsets of the strength games, comma-separated (default 7,11,13,17)")
    parser.add_argument("--strength-scale", type=float, default=0.5,
                        help="every level's budget multiplied by this in the strength games (default 0.5)")
    parser.add_argument("--strength-plies", type=int, default=300, help="ply cap of a strength game (default 300)")
    parser.add_argument("--strength-positions", type=int, default=10,
                        help="positions timing Hard's move at full budget, per game (default 10; 0: none)")
    parser.add_argument("--strength-pairings", default="",
                        help="only these pairings, comma-separated, e.g. hard-route,hard-crowd,free-capture "
                             "(default: all)")
    parser.add_argument("--lighthouse-runs", type=int, default=3,
                        help="Lighthouse runs per form factor, the median scored (default 3)")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the strength games (default 1)")
    parser.add_argument("--profile", action="store_true",
                        help="also print a cProfile of the app's start-up and of clicks in a --long game")
    args = parser.parse_args(argv)
    args.only = [s for s in args.only.split(",") if s]
    unknown = set(args.only) - set(SECTIONS + ON_REQUEST)
    if unknown:
        parser.error(f"unknown section {sorted(unknown)[0]!r}")
    args.games = [g for g in args.games.split(",") if g] or games.ids()
    args.strength_pairings = [p for p in args.strength_pairings.split(",") if p]
    args.strength_offsets = [int(o) for o in args.strength_offsets.split(",") if o]
    return args


# -- figures ------------------------------------------------------------------
def spread(values) -> dict:
    values = [v for v in values if v is not None]
    if not values:
        return {"median": None, "min": None, "max": None, "n": 0}
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "n": len(values)}


# Where a load's time goes, from PyScript's events: (row, from event, to event); None is navigation
# start, "ready" is <html data-ready>.  The page's script starts after py:ready (its source is fetched then).
PHASES = (
    ("  navigation to PyScript loading Pyodide", None, "Loading Pyodide"),
    ("  Pyodide (the interpreter) loading", "Loading interpreter", "Loaded interpreter"),
    ("  files unpacked (the app: none, its snapshot holds them)", "Loaded interpreter", "Loaded Pyodide"),
    ("  PyScript set-up, page script, render", "Loaded Pyodide", "ready"),
)


def phase(load: dict, start: str | None, end: str) -> float | None:
    at = {name: t for name, t in load["progress"]}
    at.update({None: 0.0, "ready": load["ready"]})
    return at[end] - at[start] if start in at and end in at else None


def machine() -> dict:
    model = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                  if line.startswith("model name")), platform.processor())
    try:
        chromium = subprocess.run(["/usr/bin/chromium", "--version"], capture_output=True, text=True,
                                  timeout=30).stdout.strip()
    except OSError:
        chromium = "?"
    return {"nproc": os.cpu_count(), "cpu": model, "chromium": chromium,
            "python": platform.python_version(), "load_average": os.getloadavg()}


def show(value: float, unit: str) -> str:
    if unit == "MB":
        return f"{value / 1e6:.2f} MB"
    if unit == "KB":
        return f"{value / KB:.0f} KB"
    if unit == "x":
        return f"{value:.2f}x"
    if not unit:
        return f"{value:.0f}"
    return f"{value:.1f} {unit}" if abs(value) < 100 else f"{value:.0f} {unit}"


class Table:
    """Rows of (section, what, median, min-max, target, verdict), printed aligned."""

    def __init__(self):
        self.rows: list[tuple[str, ...]] = []
        self.verdicts: list[tuple[str, bool]] = []
        self.above = ""  # the last row not indented: what an indented row's target is named by

    def add(self, section, what, figures=None, unit="ms", limit=None, text=None, at_least=None):
        """A row of `figures` (a `spread`) or of `text`; `limit` (at most) or `at_least` makes its median a target."""
        fmt = functools.partial(show, unit=unit)
        if text is None and figures and figures.get("median") is not None:
            shown = fmt(figures["median"])
            span = f"({fmt(figures['min'])} - {fmt(figures['max'])})" if figures["n"] > 1 else ""
        else:
            shown, span = text or "-", ""
        target = verdict = ""
        if limit is not None or at_least is not None:
            value = figures["median"] if figures else None
            target = f"<= {fmt(limit)}" if limit is not None else f">= {fmt(at_least)}"
            ok = value is not None and (value <= limit if limit is not None else value >= at_least)
            verdict = "PASS" if ok else "MISS"
            # an indented row ("  as a ratio ...") is named with the row it qualifies: two such rows alike
            # (the returning visit's board and the reloaded link's) stay two targets, in the summary and the JSON
            name = f"{self.above}, {what.strip()}" if what.startswith(" ") else what
            self.verdicts.append((f"{section.strip()} {name}", ok))
        if not what.startswith(" "):
            self.above = what
        self.rows.append((section, what, shown, span, target, verdict))

    def render(self) -> str:
        head = ("", "", "median", "(min - max)", "target", "")
        widths = [max(len(r[i]) for r in self.rows + [head]) for i in range(6)]
        lines = []
        last = None
        for row in [head] + self.rows:
            section = row[0] if row[0] != last else ""
            last = row[0]
            cells = (section,) + row[1:]
            lines.append("  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip())
        return "\n".join(lines)


# -- sections -----------------------------------------------------------------
def loads_section(bench, args, table, results):
    print(f"Page loads: the app, the bare baseline, the app without its service worker and the app at a "
          f"30-move link; cold and warm, {args.runs} runs each")
    link = engine.link("ice-lady", engine.playout("ice-lady", 30, random.Random(args.seed)))
    loads = bench.loads(args.runs, link)
    results["loads"] = {k: {w: [{x: v for x, v in r.items() if x != "served"} for r in runs]
                            for w, runs in kinds.items()} for k, kinds in loads.items()}
    results["served_cold_app"] = loads["app"]["cold"][0]["served"]
    for which, name in (("app", "App"), ("baseline", "Baseline")):
        for kind in ("cold", "warm"):
            runs = loads[which][kind]
            section = f"{name} {kind}"
            table.add(section, "first contentful paint", spread(r["fcp"] for r in runs))
            table.add(section, "ready (<html data-ready>)", spread(r["ready"] for r in runs))
            for what, start, end in PHASES:
                table.add(section, what, spread(phase(r, start, end) for r in runs))
            table.add(section, "longest task, navigation to ready", spread(longest_task(r, 0.0) for r in runs))
            table.add(section, "bytes transferred", spread(r["bytes"] for r in runs), unit="MB")
            if which == "app":
                table.add(section, "  then by the service worker, filling its cache",
                          spread(r["cache_fill_bytes"] for r in runs), unit="MB")
            table.add(section, "requests", spread(r["requests"] for r in runs), unit="")
    first_visit(table, loads)
    returning(table, loads)
    for kind in ("cold", "warm"):
        table.add("Ratio", f"first contentful paint app/baseline, {kind}",
                  ratio(loads["app"][kind], loads["baseline"][kind], lambda r: r["fcp"]), unit="x",
                  limit=FIRST_PAINT_RATIO)
    for kind in ("cold", "warm"):
        table.add("Ratio", f"ready app/baseline, {kind}", ratio(loads["app"][kind], loads["baseline"][kind]),
                  unit="x", limit=READY_RATIO[kind])
        if kind == "cold":  # the snapshot's bytes are what a first visit pays for a warm start
            sent = {which: spread(r["bytes"] for r in loads[which]["cold"])["median"] for which in ("app", "baseline")}
            table.add("Ratio", "  bytes transferred, cold (app / baseline)",
                      text=f"{show(sent['app'], 'MB')} / {show(sent['baseline'], 'MB')} = "
                           f"{sent['app'] / sent['baseline']:.2f}x")
            zipped = {which: gzipped_bytes(loads[which]["cold"][0]["served"]) for which in ("app", "baseline")}
            table.add("Ratio", "  the same from a host that gzips (app / baseline)",
                      text=f"{show(zipped['app'], 'MB')} / {show(zipped['baseline'], 'MB')} = "
                           f"{zipped['app'] / zipped['baseline']:.2f}x")
    for kind in ("cold", "warm"):
        table.add("Ratio", f"  the same, service worker blocked, {kind}",
                  ratio(loads["app-no-worker"][kind], loads["baseline"][kind]), unit="x")
    for kind in ("cold", "warm"):
        table.add("Ratio", f"longest task to ready app/baseline, {kind}",
                  ratio(loads["app"][kind], loads["baseline"][kind], lambda r: longest_task(r, 0.0)), unit="x",
                  limit=LONG_TASK_RATIO)
    table.add("App size", "own files served (not static/vendor/)",
              spread(r["own_bytes"] for r in loads["app"]["cold"]), unit="KB", limit=OWN_BYTES)


COMPRESSED = (".gz", ".zip", ".png")  # a host sends these as they are; gzip would not shrink them


@functools.lru_cache(maxsize=None)
def _gzipped(path: str) -> int:
    import gzip

    data = (ROOT / path.lstrip("/")).read_bytes()
    return len(data) if path.endswith(COMPRESSED) else len(gzip.compress(data, compresslevel=6))


def gzipped_bytes(served) -> int:
    """What a first visit's files (path, status, bytes sent) would weigh from a host that gzips what shrinks
    (nginx's or Apache's `gzip on` for text, scripts and WebAssembly)."""
    total = 0
    for path, status, sent in served:
        file = ROOT / path.lstrip("/")
        total += _gzipped(path) if status == 200 and file.is_file() else sent
    return total


def long_tasks(load: dict, start: float, end: float) -> list[float]:
    """The lengths of the long main-thread tasks (each over 50 ms) that began between `start` and `end`."""
    return [d for t, d in load["long"] if start <= t < end]


def longest_task(load: dict, start: float | None, end: float | None = None) -> float | None:
    """The longest main-thread task that began between `start` and `end`, by default ready (0 when none was
    long); None when either is unknown."""
    end = load["ready"] if end is None else end
    if start is None or end is None:
        return None
    return max(long_tasks(load, start, end), default=0.0)


def board_visible(load: dict) -> float | None:
    """When the snapshot's board was on screen: the frame after it was painted, not before the first paint."""
    if load["snapshot"] is None:
        return None
    return max(load["snapshot"], load["fcp"] or 0.0)


def against_paint(boards, base) -> dict:
    """When each board was on screen, as a ratio to the bare page's first contentful paint (their medians)."""
    mine, theirs = spread(boards)["median"], spread(r["fcp"] for r in base)["median"]
    pairs = spread(b / r["fcp"] for b, r in zip(boards, base) if b is not None and r["fcp"])
    return {**pairs, "median": mine / theirs if mine is not None and theirs else None}


def first_visit(table, loads):
    """A first visit's board: the default game's start (static/first-board.js), painted like a snapshot."""
    cold = loads["app"]["cold"]
    boards = [board_visible(r) for r in cold]
    table.add("First visit", "board visible, cold (the build's start)", spread(boards))
    table.add("First visit", "  as a ratio to the bare page's first paint, cold", against_paint(boards,
              loads["baseline"]["cold"]), unit="x", limit=BOARD_RATIO)
    table.add("First visit", "longest task, board to ready (app, cold)",
              spread(longest_task(r, r["snapshot"]) for r in cold))


def returning(table, loads):
    """A returning player's board: painted from the snapshot, on a warm visit and a link's reload."""
    relinked, warm, base = loads["app-link"]["warm"], loads["app"]["warm"], loads["baseline"]["warm"]
    for what, runs in (("warm visit (snapshot painted)", warm), ("reload of a 30-move link", relinked)):
        boards = [board_visible(r) for r in runs]
        table.add("Returning", f"board visible, {what}", spread(boards))
        table.add("Returning", "  as a ratio to the bare page's first paint, warm", against_paint(boards, base),
                  unit="x", limit=BOARD_RATIO)
    table.add("Returning", "longest task, snapshot to ready (app, warm)",
              spread(longest_task(r, r["snapshot"]) for r in warm))
    table.add("Returning", "longest task, first paint to ready (baseline, warm)",
              spread(longest_task(r, r["first_paint"]) for r in base))


def ratio(ours, base, of=lambda load: load["ready"]) -> dict:
    """The ratio of the medians of `of` each load (time to ready); min-max of the run-by-run ratios beside it."""
    pairs = spread(of(a) / of(b) for a, b in zip(ours, base) if of(a) is not None and of(b))
    mine, theirs = spread(of(a) for a in ours)["median"], spread(of(b) for b in base)["median"]
    return {**pairs, "median": mine / theirs if mine is not None and theirs else None}


def clicks_section(bench, args, table, results, rng):
    print(f"Clicks: {args.moves} moves per game from positions 0 to {args.long} moves in, timed in the page")
    results["clicks"] = {}
    for game_id in args.games:
        found = bench.latency(game_id, args.moves, args.long, rng)
        results["clicks"][game_id] = found
        moves = [t["update"] for t in found["move"]]
        selects = [t["update"] for t in found["select"]]
        section = f"Clicks {game_id}"
        table.add(section, f"move: click to board updated ({len(moves)} moves)", spread(moves),
                  limit=CLICK_MEDIAN_MS)
        table.add(section, "move: worst", {"median": max(moves, default=None), "n": 1},
                  limit=CLICK_WORST_MS)
        table.add(section, "move: click to layout done", spread(t["layout"] for t in found["move"]))
        table.add(section, f"selection clicks ({len(selects)})", spread(selects))
        for failure in found["failures"]:
            print(f"  {game_id}: a move could not be clicked: {failure}")


def links_section(bench, args, table, results, rng):
    runs = args.link_runs
    print(f"Long links: {args.long} moves against a fresh start, {runs} {'warm' if args.warm_links else 'cold'} "
          "loads each")
    results["links"] = {}
    for game_id in args.games:
        moves = engine.playout(game_id, args.long, random.Random(args.seed))
        found = bench.long_links(game_id, moves, runs, cold=not args.warm_links)
        fresh, long = spread(found["fresh"]), spread(found["long"])
        results["links"][game_id] = {"moves": len(moves), **found, "link": engine.link(game_id, moves)}
        section = f"Link {game_id}"
        table.add(section, "fresh start ready", fresh)
        table.add(section, f"{len(moves)}-move link ready", long)
        pairs = spread(b / a for a, b in zip(found["fresh"], found["long"]))
        table.add(section, "ratio link/fresh", {**pairs, "median": long["median"] / fresh["median"]}, unit="x",
                  limit=LINK_RATIO)
        found["longest_task"] = [bench.link_longest_task(game_id, moves) for _ in range(LINK_TASK_RUNS)]
        table.add(section, f"longest task while the {len(moves)}-move link opens in a running page",
                  spread(found["longest_task"]), limit=REPLAY_TASK_MS)


def engine_section(args, table, results):
    print(f"Engine on CPython {platform.python_version()}: {args.engine_seconds:g} s of random playouts per game")
    results["engine"] = {}
    for game_id in args.games:
        rng = random.Random(args.seed)
        found = engine.speed(game_id, args.engine_seconds, rng)
        found["replay_ms"] = engine.replay_ms(game_id, engine.playout(game_id, args.long, rng))
        results["engine"][game_id] = found
        section = f"Engine {game_id}"
        table.add(section, f"random playouts per second (mean {found['mean_plies']:.0f} plies)",
                  text=f"{found['playouts_per_s']:.1f}")
        table.add(section, "legal_moves() mean", text=f"{found['legal_moves_us']:.0f} us")
        table.add(section, f"replay a {args.long}-move link", text=f"{found['replay_ms']:.1f} ms")


BOT_START_MS = 5000  # the worker's start, at the first bot turn (it loads its own interpreter)
BOT_MOVE_MS = 1000  # Hard's move in the browser, every one of them (issue 53: "at most 1 s in the page")
BOT_LONG_TASK_MS = 50  # the longest main-thread task while a bot thinks


def bots_section(bench, args, table, results, rng):
    print(f"Bots in the page: the worker's start, then {args.bot_moves} bot moves per game and level "
          "(the page's own timing of each search)")
    results["bots"] = found = bench.bots(args.games, args.bot_moves, rng)
    table.add("Bots", "worker start (first bot turn)", spread(found["start"]), limit=BOT_START_MS)
    for game_id in args.games:
        for level in ("easy", "medium", "hard"):
            times = found["moves"][game_id][level]
            table.add("Bots", f"{game_id} {level} move", spread(times))
        slowest = max((t for t in found["moves"][game_id]["hard"] if t is not None), default=None)
        table.add("Bots", f"{game_id} hard move, the slowest", {"median": slowest, "n": 1}, limit=BOT_MOVE_MS)
    answering = found["answering"]
    table.add("Bots", f"longest main-thread task while a bot answers a move ({answering['searches']} searches)",
              {"median": answering["inside"], "n": 1}, limit=BOT_LONG_TASK_MS)
    table.add("Bots", "  ... a task that begins or ends its search", {"median": answering["edges"], "n": 1})
    # The timed moves above start as a link opens: the page's own opening work (its drawing again, the board
    # scrolled into view) runs while the search does; the links' rows time it.  Shown so that nothing is left out.
    table.add("Bots", f"longest main-thread task while a bot thinks, a link just opened "
                      f"({found['longest_task']['searches']} searches)",
              {"median": found["longest_task"]["inside"], "n": 1})
    table.add("Bots", "  ... a task that begins or ends its search", {"median": found["longest_task"]["edges"], "n": 1})
    if found["failures"]:
        print("  " + "\n  ".join(found["failures"]))


def phone_section(bench, args, table, results):
    """Issue 55's bound on a phone's processor: each main-thread task of the app, from navigation to ready and,
    on a first visit, through the first move, against the bare page's to ready.  The app's visits are made twice:
    at Lighthouse's 4x, and at the slowdown calibrated to this machine (`Bench.calibrate`), which is the same
    phone on a fast machine and a slow one."""
    from tests.bench.browser import PHONE_CPU, PHONE_INDEX, PHONE_VIEWPORT
    calibrated = results["phone_calibration"] = bench.calibrate()
    rate = calibrated["rate"]
    print(f"Phone: the app and the bare page on {PHONE_VIEWPORT['width']}x{PHONE_VIEWPORT['height']}, the processor "
          f"slowed x{PHONE_CPU} (Lighthouse's mobile), cold (the app: then a move) and warm; {args.phone_runs} runs; "
          f"the app again slowed x{rate:.2f}: this machine's BenchmarkIndex {calibrated['index']:.0f} made "
          f"{PHONE_INDEX:.0f}, Lighthouse's 4x phone ({calibrated['at_4x']:.0f} at 4x here)")
    visits = (("app", "app", PHONE_CPU), ("baseline", "baseline", PHONE_CPU), ("app calibrated", "app", rate))
    found: dict = {name: {"cold": [], "warm": []} for name, _, _ in visits}
    for run in range(args.phone_runs):
        for name, page, slowdown in visits if run % 2 == 0 else visits[::-1]:
            path, profile = bench.PAGES[page][0], bench.new_profile()
            cold = bench.visit(profile, path, phone=True, cells=FIRST_MOVE if page == "app" else (), rate=slowdown)
            warm = bench.visit(profile, path, phone=True, rate=slowdown)
            found[name]["cold"].append(cold)
            found[name]["warm"].append(warm)
            bench.log(f"  phone run {run + 1}/{args.phone_runs} {name:14}: cold ready {cold['ready']:7.0f} ms, "
                      f"warm ready {warm['ready']:7.0f} ms")
    results["phone"] = found
    titles = {"app": "App", "baseline": "Baseline", "app calibrated": f"App x{rate:.2f}"}
    for name, page, _ in visits:
        for kind in ("cold", "warm"):
            runs, section = found[name][kind], f"Phone {titles[name].lower()} {kind}"
            app = page == "app"
            until = "through the first move" if app and kind == "cold" else "to ready"
            long = [long_tasks(r, 0.0, r.get("moved") or r["ready"]) for r in runs]
            table.add(section, f"longest task, navigation {until}", spread(max(d, default=0.0) for d in long),
                      limit=PHONE_TASK_MS if app else None)
            table.add(section, "  tasks over 50 ms", spread(len(d) for d in long), unit="")
            table.add(section, "  their time over 50 ms, added (blocking)",
                      spread(sum(d) - PHONE_TASK_MS * len(d) for d in long))
            table.add(section, "ready (<html data-ready>)", spread(r["ready"] for r in runs))
            # the bare page's first stage too: how long a page's first frames hold a phone, the app's beside it
            stages = (PHONE_STAGES if kind == "cold" else PHONE_STAGES[:2]) if app else PHONE_STAGES[:1]
            for stage in stages:
                table.add(section, f"  longest task: {stage}", spread(_in_stage(r, stage) for r in runs))


# Where a phone's long tasks are: from navigation to the page's first paint (the page, its first board), from
# there to ready (the page's Python started in its worker, its first drawing applied by the page), then (a first
# visit) the work the page leaves for after ready until the player clicks, and the first move until drawn.
PHONE_STAGES = ("the page, to its first paint", "its first paint to ready", "after ready, before the click",
                "a first move")


def _in_stage(load: dict, stage: str) -> float:
    """The longest task of `load` that began in `stage` (PHONE_STAGES; 0 when none was long, or the stage's
    bounds are unknown)."""
    bounds = [0.0, load.get("fcp"), load["ready"], load.get("clicked"), load.get("moved")]
    start, end = bounds[PHONE_STAGES.index(stage):][:2]
    return (longest_task(load, start, end) or 0.0) if start is not None and end is not None else 0.0


def import_section(runner, args, table, results):
    from tests.bench import imports
    print(f"Import: {imports.GAMES:,} games into a browser with {imports.SAVED} saved, and a {imports.HUGE_MB} MB file "
          f"refused; {args.import_runs} runs, each in a fresh browser")
    found = results["import"] = imports.measure(runner, args.import_runs)
    runs = found["runs"]
    table.add("Import", f"{imports.GAMES:,}-game file ({found['bytes'] / 1e6:.1f} MB), {imports.SAVED} saved: "
              "chosen to done", spread(r["seconds"] for r in runs), unit="s", limit=imports.IMPORT_S)
    table.add("Import", "  longest main-thread task meanwhile", spread(r["longest"] for r in runs),
              limit=imports.IMPORT_TASK_MS)
    table.add("Import", "  then My games drawn again: longest task", spread(r["list"] for r in runs))
    table.add("Import", "  what it said", text=runs[0]["said"])
    table.add("Import", "  each game's files loaded the first time (before): longest task",
              spread(r.get("loading") for r in runs))
    table.add("Import", f"a {imports.HUGE_MB} MB file refused: chosen to the reason shown",
              spread(r["refused"] for r in runs), limit=imports.REFUSED_MS)
    table.add("Import", "  longest main-thread task meanwhile", spread(r["refused_longest"] for r in runs))


def main(argv=None):
    args = parse_args(argv)
    started = time.time()
    results = {"date": datetime.datetime.now().isoformat(timespec="seconds"), "args": {
        k: (str(v) if isinstance(v, pathlib.Path) else v) for k, v in vars(args).items()}, "machine": machine()}
    info = results["machine"]
    print(f"Bench on {info['nproc']} cores, {info['cpu']}, {info['chromium']}; load average "
          f"{info['load_average'][0]:.1f}; games: {', '.join(args.games)}")
    table = Table()
    rng = random.Random(args.seed)
    if any(s in args.only for s in ("loads", "phone", "embeds", "clicks", "links", "bots", "engines", "import")) \
            or args.profile:
        from tests.bench.browser import bench
        with bench() as runner:
            if "loads" in args.only:
                loads_section(runner, args, table, results)
            if "phone" in args.only:
                phone_section(runner, args, table, results)
            if "embeds" in args.only:
                from tests.bench import embeds
                embeds.section(runner, args, table, results)
            if "clicks" in args.only:
                clicks_section(runner, args, table, results, rng)
            if "links" in args.only:
                links_section(runner, args, table, results, rng)
            if "bots" in args.only:
                bots_section(runner, args, table, results, rng)
            if "engines" in args.only:
                from tests.bench import engines
                engines.section(runner, args, table, results)
            if "import" in args.only:
                import_section(runner, args, table, results)
            if args.profile:
                results["profile"] = runner.profile(args.moves, args.long, random.Random(args.seed),
                                                    args.games[0] if len(args.games) == 1 else None)
                print(results["profile"])
            results["page_errors"] = runner.errors
    if "engine" in args.only:
        engine_section(args, table, results)
    if "strength" in args.only:
        from tests.bench import strength
        strength.section(args, table, results)
    if "lighthouse" in args.only:
        from tests.bench import lighthouse
        lighthouse.section(args, table, results)
    if "wiki" in args.only:
        from tests.bench import wiki
        wiki.section(args, table, results)
    results["machine"]["load_average_after"] = os.getloadavg()
    results["seconds"] = round(time.time() - started)
    results["table"] = table.render()
    results["targets"] = {what: ok for what, ok in table.verdicts}
    print()
    print(table.render())
    print()
    missed = [what for what, ok in table.verdicts if not ok]
    print(f"Targets: {len(table.verdicts) - len(missed)} PASS, {len(missed)} MISS"
          + (f" ({'; '.join(missed)})" if missed else ""))
    for error in results.get("page_errors", []):
        print(f"Page error: {error}")
    path = args.json or ROOT / "tests" / "bench" / "results" / f"{time.strftime('%Y%m%d-%H%M%S')}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(results, indent=1, default=str) + "\n")
    print(f"Results written to {path} ({results['seconds']} s)")


if __name__ == "__main__":
    main()
