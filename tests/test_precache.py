"""The service worker's precache list and the dist/ folder (tools/offline.py), on CPython.

A file the pages load but the worker does not cache breaks the app only later,
offline; so the list is compared with pyscript.toml, the vendored runtime and
every local URL the pages and the manifest name.
(tests/e2e/test_offline.py also compares it with what Chromium really requests.)
"""

import json
import pathlib
import re
from html.parser import HTMLParser

import pytest

import offline
import package
from pyramids import games

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGES = ("index.html", "embed.html")


def generated():
    """What build.sh wrote into precache.js."""
    text = (ROOT / "precache.js").read_text()
    return json.loads(text[text.index("{"):text.rindex("}") + 1])


class _Urls(HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls = []

    def handle_starttag(self, tag, attrs):
        self.urls += [value for name, value in attrs if name in ("src", "href") and value]


def page_urls(name):
    parser = _Urls()
    parser.feed((ROOT / name).read_text())
    return parser.urls


def local(url):
    return not re.match(r"[a-z]+:|#|\./?$|\./#", url)


def test_precache_js_lists_every_file_build_sh_would():
    """Run ./build.sh when this fails: precache.js is stale (the file list, not each byte)."""
    assert sorted(generated()["files"]) == offline.files()


def test_the_list_is_the_config_the_runtime_and_the_pages_static_files():
    files = set(generated()["files"])
    start = {"static/pyramids.zip"}  # the interpreter module unpacks it when it starts without its snapshot
    vendored = {p.relative_to(ROOT).as_posix() for p in (ROOT / "static" / "vendor").rglob("*") if p.is_file()}
    referenced = {url for page in PAGES for url in page_urls(page) if local(url)}
    manifest = json.loads((ROOT / "static" / "manifest.webmanifest").read_text())
    icons = {f"static/{icon['src']}" for icon in manifest["icons"]}
    entries = {"pyscript.toml", *PAGES}
    later = {f"static/games/{game_id}.zip" for game_id in games.ids() if game_id != games.DEFAULT} | {
        "static/ai.zip", "static/learn.zip"}  # fetched when needed (the default game is in the start-up archive)
    keys = {"static/access.js"}  # loaded by painted.js: at once on a board painted before Python, else once ready
    ready = {"static/motion.js", "static/sound.js",  # loaded by the pages' Python once ready (browser.load_script)
             "static/silence.wav"}  # played by sound.js at the first press: the audio device opened
    scripts = {"static/start.js",  # imported by boot.js, and by embed.js when a reader acts: Python's start
               "static/page-worker.js",  # started by start.js: the embed's Python in a worker
               "static/bot-worker.js",  # started by bridge.js: the computer's thinking
               "static/inflate.js"}  # the interpreter module's worker, inflating its snapshot
    memory = {"static/memory.json"}  # read by the interpreter module: which snapshot to start from
    for name, group in [("the start-up archive", start), ("vendored", vendored), ("in the pages", referenced),
                        ("manifest icons", icons), ("pages and entry scripts", entries),
                        ("games and the search", later), ("keyboard layer", keys), ("the snapshot's name", memory),
                        ("scripts the scripts load", scripts), ("scripts Python loads", ready)]:
        assert group and group <= files, f"{name}: not precached: {sorted(group - files)}"
    others = files - start - vendored - referenced - icons - entries - later - keys - memory - scripts - ready
    assert others == set(), "precached but loaded by nothing"
    assert all((ROOT / name).is_file() for name in files)


def test_vendored_runtime_includes_the_interpreter():
    files = generated()["files"]
    folder = generated()["interpreter"]
    assert folder == offline.interpreter_folder() and folder.startswith("static/vendor/pyodide-")
    for name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.mjs", "pyodide-lock.json"):
        assert f"{folder}{name}" in files
    module = offline.interpreter()  # the module starting it from its memory snapshot: offline too
    memory = json.loads((ROOT / "static" / "memory.json").read_text())["memory"]
    assert module.startswith(folder) and {module, f"{folder}{memory}", "static/memory.json"} <= set(files)
    assert "static/vendor/pyscript/core.js" in files


def test_the_snapshot_is_keyed_by_the_hash_its_name_carries():
    """sw.js keeps the snapshot inflated under `<path>?v=<its hash>`; tools/interpreter.mjs reads it back
    with the hash from the snapshot's name, so the two must be the same."""
    memory = generated()["memory"]
    assert memory == offline.memory() and memory.startswith(generated()["interpreter"])
    assert re.fullmatch(r".*/memory-([0-9a-f]{16})\.gz", memory).group(1) == generated()["files"][memory]


def test_the_version_follows_the_content():
    first = offline.precache()
    assert re.fullmatch(r"[0-9a-f]{16}", first["version"])
    assert offline.precache() == first, "the same files give the same version"
    assert set(first["files"]) == set(offline.files())


def test_a_changed_file_changes_the_version(tmp_path):
    offline.dist(tmp_path / "app")
    before = offline.precache(tmp_path / "app")
    with open(tmp_path / "app" / "static" / "app.css", "a") as css:
        css.write("/* a new build */\n")
    after = offline.precache(tmp_path / "app")
    assert after["version"] != before["version"]
    changed = {name for name in before["files"] if before["files"][name] != after["files"][name]}
    assert changed == {"static/app.css"}, "only the changed file is downloaded again"


def test_pages_use_relative_urls_only():
    """The app must work under any sub-path: no URL may start at the host's root or leave the origin."""
    scripts = ("static/boot.js", "static/start.js", "static/embed.js", "static/painted.js")
    texts = {name: (ROOT / name).read_text() for name in (*PAGES, "sw.js", *scripts, "static/manifest.webmanifest")}
    for name in PAGES:
        urls = page_urls(name)
        assert urls and not [u for u in urls if u.startswith(("/", "http:", "https:"))], name
    assert 'src="static/boot.js"' in texts["index.html"] and 'config="pyscript.toml"' in texts["index.html"]
    assert 'src="static/embed.js"' in texts["embed.html"] and '"pyscript.toml"' in texts["static/embed.js"]
    assert "import(" not in texts["static/boot.js"], "the app's page loads PyScript itself, at once"
    assert 'import(new URL("start.js", HERE))' in texts["static/embed.js"], "beside the script, under any path"
    assert "register(await deployed()" in texts["static/boot.js"] and "`sw.js?v=${" in texts["static/boot.js"]
    assert 'fetch("precache.js", {cache: "no-store"})' in texts["static/boot.js"], "the version deployed now"
    for name, text in texts.items():
        text = text.replace(r'oneOf("http://www\\.w3\\.org/2000/svg")', "")  # painted.js: SVG's namespace, not a URL
        assert "http://" not in text and "https://" not in text, name
    manifest = json.loads(texts["static/manifest.webmanifest"])
    assert manifest["start_url"] == manifest["scope"] == "../"
    assert all(not icon["src"].startswith("/") for icon in manifest["icons"])


def test_manifest_makes_the_app_installable_full_screen():
    manifest = json.loads((ROOT / "static" / "manifest.webmanifest").read_text())
    assert manifest["name"] and manifest["short_name"] and manifest["display"] == "fullscreen"
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        data = (ROOT / "static" / icon["src"]).read_bytes()
        if icon["type"] == "image/png":
            assert data[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
            assert f"{width}x{height}" == icon["sizes"]


def test_dist_holds_the_app_and_nothing_else(tmp_path):
    out = tmp_path / "dist"
    (out / "stale").mkdir(parents=True)
    offline.dist(out)
    copied = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert copied == set(offline.files()) | {"sw.js", "precache.js"}
    assert all((out / name).read_bytes() == (ROOT / name).read_bytes() for name in copied - {"precache.js"})
    assert offline.precache(out) == offline.precache(), "dist/ holds the same version as the build"
    assert not offline.write_precache(out), "its precache.js is written for the copied files"


@pytest.mark.parametrize("command", ["precache", "dist"])
def test_build_sh_runs_the_offline_steps(command):
    build = (ROOT / "build.sh").read_text()
    assert f"python3 tools/offline.py {command}" in build


def test_the_bots_worker_is_precached_so_bots_play_offline():
    """The worker (static/bot-worker.js) starts the interpreter, whose start-up archive holds its Python
    (py/bot_worker.py): both are in the cache list."""
    listed = offline.files()
    assert "static/bot-worker.js" in listed and "static/pyramids.zip" in listed
    assert "bot_worker.py" in package.archives()[package.START]
