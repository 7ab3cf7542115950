"""Embeds in a wiki page (issue 50): three games' embed codes on a page of another site, cold, in Chromium.

The site is served on 127.0.0.2 and the wiki's page on 127.0.0.3 (two sites: each embed is a third-party
frame), each by a server that counts the bytes it sends.  A run is a fresh browser profile: the page opens,
each frame paints the picture its code carries (static/embed.js marks it), the bytes and the browser's memory
are read once the page is idle, then a reader clicks Next in one frame and the interpreter starts there.

Rows: each board on screen (from the wiki page's navigation), the bytes of the three together before anyone
acts, the browser's memory with the three against an empty page, the first click to the game ready, and the
frame's longest task meanwhile (its Python started in a worker, issue 55: on a phone, whose browser may run a
frame of another site on the page's own thread, a task of the frame's is one of the wiki page's).
"""

from __future__ import annotations

import functools
import http.server
import pathlib
import shutil
import tempfile
import threading
import time

from pyramids import embed, views
from pyramids.session import Session
from tests.bench.serving import LocalServer
from tests.e2e.conftest import ARGS, CHROMIUM, READY_MS

ROOT = pathlib.Path(__file__).resolve().parents[2]
BOARD_MS = 300  # every board on screen, from the wiki page's navigation (issue 50)
BYTES = 1_000_000  # the three together, until a reader acts (issue 50)
GAMES = {"ice-lady": (20, 12), "terrafex": (40, 30), "ice-turn": (60, 50)}  # moves played, move shown

PAINTED_JS = """() => {
  const mark = performance.getEntriesByName('pyramids:picture-painted')[0];
  return mark ? performance.timeOrigin + mark.startTime : null;
}"""


# The frame's own long tasks from now on (on a phone the frame shares its thread with the wiki's page).
LONG_TASKS_JS = """() => {
  window.longTasks = [];
  new PerformanceObserver(list => { for (const task of list.getEntries()) window.longTasks.push(task.duration); })
    .observe({type: 'longtask'});
}"""


class Counted(http.server.SimpleHTTPRequestHandler):
    """Serves a folder and counts the bytes of the files it sends."""

    def log_message(self, *args):
        pass

    def copyfile(self, source, outputfile):
        data = source.read()
        self.server.sent += len(data)
        outputfile.write(data)


class Site(LocalServer):
    def __init__(self, folder: pathlib.Path, host: str):
        super().__init__((host, 0), functools.partial(Counted, directory=str(folder)))
        self.sent = 0
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://{self.server_address[0]}:{self.server_address[1]}/"


def played(game_id: str, plies: int, shown: int) -> Session:
    session = Session(game_id)
    for _ in range(plies):
        state = session.latest
        if state.outcome is not None:
            break
        moves = sorted(state.legal_moves())
        session.push(moves[len(session.moves) * 7 % len(moves)])
    session.cursor = min(shown, len(session.moves))
    return session


def wiki_page(site_url: str) -> str:
    codes = []
    for game_id, (plies, shown) in GAMES.items():
        s = played(game_id, plies, shown)
        painted = embed.picture(s.record(), s.state, s.clicks.marks(), s.cursor)
        codes.append(embed.snippet(site_url, s.record(), s.cursor, embed.View(), s.game.title,
                                   views.draw(s.state), painted))
    return ('<!doctype html><title>A wiki page</title><link rel="icon" href="data:,"><h1>Three games</h1>'
            + "".join(f"<p>{code}</p>" for code in codes))


def browser_memory(profile: str) -> int:
    """The proportional memory (PSS) of every process of the Chromium started on `profile`, in bytes."""
    total = 0
    for proc in pathlib.Path("/proc").glob("[0-9]*"):
        try:
            command = (proc / "cmdline").read_bytes()
            if b"chrom" not in command.split(b"\0")[0]:
                continue
            if profile.encode() not in command and not _child_of(proc, profile):
                continue
            for line in (proc / "smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            continue
    return total


def _child_of(proc: pathlib.Path, profile: str) -> bool:
    """Chromium's renderers do not carry the profile on their command line: their browser process does."""
    try:
        parent = (proc / "stat").read_text().rsplit(")", 1)[1].split()[1]
        for _ in range(4):
            command = pathlib.Path(f"/proc/{parent}/cmdline").read_bytes()
            if profile.encode() in command:
                return True
            parent = pathlib.Path(f"/proc/{parent}/stat").read_text().rsplit(")", 1)[1].split()[1]
    except (OSError, IndexError):
        pass
    return False


def one_run(pw, page_html: pathlib.Path, site: Site, wiki: Site) -> dict:
    profile = tempfile.mkdtemp(prefix="bench-embeds-")
    try:
        context = pw.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, headless=True, args=ARGS,
                                                        viewport={"width": 1200, "height": 2400})
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.goto("about:blank")
            time.sleep(1)
            empty = browser_memory(profile)
            site.sent = wiki.sent = 0
            page.goto(wiki.url + page_html.name)
            frames = []
            for game_id in GAMES:
                for _ in range(400):
                    found = [f for f in page.frames if f"g={game_id}" in f.url]
                    if found:
                        break
                    page.wait_for_timeout(25)
                frame = found[0]
                frame.wait_for_selector("html[data-painted]", timeout=READY_MS)
                frames.append(frame)
            origin = page.evaluate("performance.timeOrigin")
            boards = []
            for frame in frames:
                for _ in range(200):
                    painted = frame.evaluate(PAINTED_JS)
                    if painted is not None:
                        break
                    page.wait_for_timeout(10)
                boards.append(painted - origin)
            page.wait_for_timeout(1500)  # idle: whatever the page would still ask for
            sent = site.sent + wiki.sent
            memory = browser_memory(profile) - empty
            frames[0].evaluate(LONG_TASKS_JS)
            clicked = time.perf_counter()
            frames[0].click("#first")
            frames[0].wait_for_selector("html[data-ready]", timeout=READY_MS)
            started = (time.perf_counter() - clicked) * 1000
            frames[0].wait_for_timeout(200)  # the tasks just before ready, reported
            longest = frames[0].evaluate("Math.max(0, ...window.longTasks)")
            python = frames[0].get_attribute("html", "data-python")
        finally:
            context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    return {"boards": boards, "bytes": sent, "memory": memory, "first_click": started, "longest": longest,
            "python": python}


def section(runner, args, table, results):
    from tests.bench.__main__ import spread  # the bench's own figures

    runs = max(3, args.runs // 3)
    print(f"Embeds: three games' embed codes in a wiki page of another site, cold, {runs} runs")
    with tempfile.TemporaryDirectory(prefix="bench-wiki-") as folder:
        site, wiki = Site(ROOT, "127.0.0.2"), Site(pathlib.Path(folder), "127.0.0.3")
        try:
            page_html = pathlib.Path(folder) / "wiki.html"
            page_html.write_text(wiki_page(site.url))
            found = [one_run(runner.pw, page_html, site, wiki) for _ in range(runs)]
        finally:
            for server in (site, wiki):
                server.shutdown()
                server.server_close()
    results["embeds"] = found
    table.add("Embeds", "every board on screen, cold (from the wiki page's start)",
              spread(max(r["boards"]) for r in found), limit=BOARD_MS)
    table.add("Embeds", "bytes of the three until a reader acts", spread(r["bytes"] for r in found), unit="KB",
              limit=BYTES)
    table.add("Embeds", "browser memory of the three, against an empty page", spread(r["memory"] for r in found),
              unit="MB")
    table.add("Embeds", "a reader's first step to the game ready (Python started)",
              spread(r["first_click"] for r in found))
    where = sorted({str(r["python"]) for r in found})
    table.add("Embeds", f"the frame's longest task meanwhile (its Python on the {'/'.join(where)})",
              spread(r["longest"] for r in found))
