"""The page can only import what pyscript.toml unpacks, and must load nothing from a CDN."""

import json
import pathlib
import re
import tomllib
import zipfile

ROOT = pathlib.Path(__file__).resolve().parents[1]


def config():
    return tomllib.loads((ROOT / "pyscript.toml").read_text())


def test_the_page_gets_the_package_as_one_archive_and_the_shared_binding():
    assert config()["files"] == {"./static/pyramids.zip": "./*", "./py/browser.py": "./browser.py"}


def test_the_archive_holds_every_module_of_the_package_as_it_is_now():
    modules = {p.relative_to(ROOT / "py").as_posix(): p.read_bytes() for p in (ROOT / "py" / "pyramids").rglob("*.py")}
    with zipfile.ZipFile(ROOT / "static" / "pyramids.zip") as archive:
        packed = {name: archive.read(name) for name in archive.namelist()}
    assert packed == modules, "run ./build.sh: static/pyramids.zip is stale"


def test_the_interpreter_is_the_vendored_one_in_a_folder_named_by_its_pinned_version():
    """sw.js answers this folder from the HTTP cache: safe only while its name changes with its bytes."""
    pinned = json.loads((ROOT / "package-lock.json").read_text())["packages"]["node_modules/pyodide"]["version"]
    assert config()["interpreter"] == f"./static/vendor/pyodide-{pinned}/pyodide.mjs"
    assert (ROOT / config()["interpreter"]).is_file()


def test_each_page_preloads_exactly_what_pyscript_fetches_after_the_interpreter():
    """A preload PyScript never asks for is downloaded for nothing; one it asks for differently, twice.

    The page's own script is asked for only once the interpreter runs, seconds
    after the load event: preloaded, Chromium warns on the console that it went
    unused (issue 13), so it is prefetched, which lands in the same cache.
    """
    for page, script in (("index.html", "py/main.py"), ("embed.html", "py/embed.py")):
        html = (ROOT / page).read_text()
        preloaded = re.findall(r'<link rel="preload" href="([^"]+)" as="fetch" crossorigin>', html)
        assert html.count('rel="preload"') == len(preloaded), f"{page}: every preload as fetch, CORS like fetch()"
        assert f'<script type="py" src="{script}" config="pyscript.toml">' in html
        assert sorted(preloaded) == sorted(src.removeprefix("./") for src in config()["files"]), page
        assert f'<link rel="prefetch" href="{script}" as="fetch" crossorigin>' in html, page


def test_the_page_loads_only_local_scripts():
    html = (ROOT / "index.html").read_text()
    assert "http://" not in html and "https://" not in html
    assert 'src="static/boot.js"' in html  # it registers the service worker
    assert '<script type="module" src="static/vendor/pyscript/core.js">' in html
    assert 'config="pyscript.toml"' in html
