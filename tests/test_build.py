"""The page can only import what its archives hold, fetches at start-up only what start-up runs,
and loads nothing from a CDN."""

import ast
import json
import pathlib
import re
import tomllib
import zipfile

import package
from pyramids import games

ROOT = pathlib.Path(__file__).resolve().parents[1]


def config():
    return tomllib.loads((ROOT / "pyscript.toml").read_text())


def contents(name):
    with zipfile.ZipFile(ROOT / name) as archive:
        return {member: archive.read(member) for member in archive.namelist()}


def test_the_page_starts_with_one_archive():
    assert config()["files"] == {"./static/pyramids.zip": "./*"}


def test_every_archive_holds_its_modules_as_they_are_now():
    for name, files in package.archives().items():
        now = {member: (ROOT / "py" / member).read_bytes() for member in files}
        assert contents(name) == now, f"run ./build.sh: {name} is stale"


def test_every_module_of_the_package_is_in_exactly_one_archive():
    modules = sorted(p.relative_to(ROOT / "py").as_posix() for p in (ROOT / "py" / "pyramids").rglob("*.py"))
    packed = sorted(m for files in package.archives().values() for m in files if m.startswith("pyramids/"))
    assert packed == modules


def test_start_up_fetches_no_game_and_no_search():
    """Issue 14: the five games and the bots must not add to the first load's critical path."""
    start = set(contents(package.START))
    assert not {m for m in start if m.startswith(("pyramids/games/", "pyramids/views/"))} - {
        "pyramids/games/__init__.py", "pyramids/views/__init__.py"}
    assert "pyramids/ai.py" not in start
    assert {"main.py", "embed_page.py", "browser.py", "archives.py"} <= start, "the pages' own code"
    for game_id in games.ids():
        module = games.entry(game_id).module
        assert set(contents(f"static/games/{game_id}.zip")) == {f"pyramids/games/{module}.py",
                                                                 f"pyramids/views/{module}.py"}
    assert set(contents("static/ai.zip")) == {"pyramids/ai.py"}


def test_the_page_fetches_the_archives_where_build_sh_puts_them():
    tree = ast.parse((ROOT / "py" / "archives.py").read_text())
    constants = {t.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
                 for t in node.targets if isinstance(t, ast.Name) and isinstance(node.value, ast.Constant)}
    assert constants["GAME_ARCHIVE"].format("terrafex") == package.game_archive("terrafex")
    assert constants["AI_ARCHIVE"] == package.AI


def test_the_archives_are_reproducible():
    for name, files in package.archives().items():
        assert package.packed(files) == (ROOT / name).read_bytes(), name


def test_the_interpreter_is_the_vendored_one_in_a_folder_named_by_its_pinned_version():
    """sw.js answers this folder from the HTTP cache: safe only while its name changes with its bytes."""
    pinned = json.loads((ROOT / "package-lock.json").read_text())["packages"]["node_modules/pyodide"]["version"]
    assert config()["interpreter"] == f"./static/vendor/pyodide-{pinned}/pyodide.mjs"
    assert (ROOT / config()["interpreter"]).is_file()


def test_each_page_preloads_exactly_what_pyscript_fetches_after_the_interpreter():
    """A preload PyScript never asks for is downloaded for nothing; one it asks for differently, twice.

    The page's own code is in the archive, imported by a one-line script.
    """
    for page, module in (("index.html", "main"), ("embed.html", "embed_page")):
        html = (ROOT / page).read_text()
        preloaded = re.findall(r'<link rel="preload" href="([^"]+)" as="fetch" crossorigin>', html)
        assert html.count('rel="preload"') == len(preloaded), f"{page}: every preload as fetch, CORS like fetch()"
        assert f'<script type="py" config="pyscript.toml">import {module}</script>' in html
        assert sorted(preloaded) == sorted(src.removeprefix("./") for src in config()["files"]), page
        assert "prefetch" not in html and "access.js" not in html, f"{page}: nothing else at start-up"


def test_the_page_loads_only_local_scripts():
    html = (ROOT / "index.html").read_text()
    assert "http://" not in html and "https://" not in html
    assert 'src="static/boot.js"' in html  # it registers the service worker
    assert '<script type="module" src="static/vendor/pyscript/core.js">' in html
    assert 'config="pyscript.toml"' in html
