"""The page can only import what pyscript.toml lists, and must load nothing from a CDN."""

import pathlib
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]


def config():
    return tomllib.loads((ROOT / "pyscript.toml").read_text())


def test_every_module_of_the_package_is_listed():
    listed = {src.removeprefix("./") for src in config()["files"]}
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "py" / "pyramids").rglob("*.py")}
    assert listed == modules, "run ./build.sh to regenerate pyscript.toml"


def test_modules_land_where_python_imports_them():
    for src, dest in config()["files"].items():
        assert dest == "./" + src.removeprefix("./py/")


def test_the_interpreter_is_the_vendored_one():
    assert config()["interpreter"] == "./static/vendor/pyodide/pyodide.mjs"


def test_the_page_loads_only_local_scripts():
    html = (ROOT / "index.html").read_text()
    assert "http://" not in html and "https://" not in html
    assert 'src="static/boot.js"' in html  # it registers the service worker, then imports core.js
    assert 'config="pyscript.toml"' in html
