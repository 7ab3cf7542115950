"""My games' Import in Chromium (issue 52): a 10,000-game backup into a browser with 200 games saved, and a
50 MB file refused.

The page is a running app with every game's files loaded already (the first game of a kind the import meets
loads its files in a task of its own, as a link of that game does: timed apart, once).  Each run is a fresh
browser; the figures are the medians of the runs.
"""

from __future__ import annotations

import pathlib
import tempfile

from pyramids import games
from tests.bench import backup
from tests.bench.browser import LONG_TASKS_JS
from tests.e2e.conftest import ARGS, CHROMIUM, READY_MS

GAMES = 10_000
SAVED = 200
HUGE_MB = 50
IMPORT_S = 30  # the 10,000-game file imported, the list shown
IMPORT_TASK_MS = 100  # the longest main-thread task meanwhile
REFUSED_MS = 1000  # a 50 MB file refused: from the file chosen to the reason on screen

# When the import's file was chosen and when the note said how it ended (long tasks: browser.LONG_TASKS_JS).
WATCH_JS = """() => {
  window.__chosen = null; window.__ended = null;
  document.getElementById('games-file').addEventListener('change', () => { __chosen = performance.now(); }, true);
  const note = document.getElementById('games-note');
  new MutationObserver(() => {
    if (__ended === null && /^Imported|cannot be imported|cancelled/.test(note.textContent)) {
      __ended = performance.now();
    }
  }).observe(note, {childList: true, subtree: true, characterData: true});
}"""
ENDED = "window.__ended !== null"
LONGEST_JS = """([from, to]) => Math.max(0, ...__longTasks().filter(([s, d]) => s + d > from && s < to)
  .map(([, d]) => d))"""


def measure(runner, runs: int) -> dict:
    """`runs` runs, each in a fresh browser; the files' size."""
    with tempfile.TemporaryDirectory(prefix="bench-import-") as folder:
        files = write_files(pathlib.Path(folder))
        return {"runs": [one_run(runner, files, first=n == 0) for n in range(runs)], "bytes": files["bytes"]}


def write_files(folder: pathlib.Path) -> dict:
    text = backup.backup(GAMES, seed=1, plies=10)  # ~4.8 MB: what 10,000 games take in a browser's 5 MB storage
    (folder / "games.json").write_text(text)
    saved = backup.entries_of(backup.backup(SAVED, seed=2, plies=10))
    huge = folder / "huge.json"
    with huge.open("w") as out:  # a file of saved games, padded: refused by its size alone
        out.write('{"format": "looney-pyramids-games", "v": 1, "games": []}')
        out.write(" " * (HUGE_MB * 1_000_000))
    return {"games": folder / "games.json", "saved": saved, "huge": huge, "bytes": len(text.encode())}


def one_run(runner, files: dict, first: bool) -> dict:
    """One fresh browser: the 200 saved games, every game's files loaded, then the import; then the huge file."""
    browser = runner.pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
    found: dict = {}
    try:
        page = browser.new_context(viewport={"width": 1200, "height": 850}).new_page()
        page.on("pageerror", lambda e: runner.errors.append(f"import: {e}"))
        page.add_init_script(LONG_TASKS_JS)
        page.goto(runner.server.url)
        page.wait_for_selector("html[data-ready]", timeout=READY_MS)
        page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                      files["saved"])
        page.reload()  # the page's Python holds a copy of the storage, read as it starts (in its worker)
        page.wait_for_selector("html[data-ready]", timeout=READY_MS)
        page.evaluate(WATCH_JS)
        for game_id in games.ids():  # each game's files, as a player who has played them all has them
            started = page.evaluate("performance.now()")
            page.click(f'#picker [data-game="{game_id}"]')
            page.wait_for_selector(f'#board[data-game="{game_id}"]', timeout=READY_MS)
            page.wait_for_timeout(300)
            found["loading"] = max(found.get("loading", 0), page.evaluate(LONGEST_JS, [started, 1e12]))
        if not first:
            found.pop("loading")
        page.click("#my-games")
        page.wait_for_function("document.querySelectorAll('#games-list .thumb svg').length >= 50", timeout=READY_MS)
        page.set_input_files("#games-file", files["games"])
        page.wait_for_function(ENDED, timeout=600_000, polling=1000)
        page.wait_for_timeout(2000)  # My games drawn again, its pictures
        chosen, ended = page.evaluate("[__chosen, __ended]")
        found.update(seconds=(ended - chosen) / 1000, longest=page.evaluate(LONGEST_JS, [chosen, ended]),
                     list=page.evaluate(LONGEST_JS, [ended, ended + 2000]), said=page.inner_text("#games-note"),
                     saved=page.evaluate("Object.keys(localStorage).length"))
        page.evaluate("window.__ended = null; document.getElementById('games-note').textContent = ''")
        page.set_input_files("#games-file", files["huge"])
        page.wait_for_function(ENDED, timeout=60_000, polling=50)
        chosen, ended = page.evaluate("[__chosen, __ended]")
        found.update(refused=ended - chosen, refused_longest=page.evaluate(LONGEST_JS, [chosen, ended]),
                     refused_said=page.inner_text("#games-note"))
        runner.log(f"  import run: {found['seconds']:.1f} s, longest task {found['longest']:.0f} ms; "
                   f"{found['said']} 50 MB refused in {found['refused']:.0f} ms")
    finally:
        browser.close()
    return found
