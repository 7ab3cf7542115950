"""The rules core runs on plain CPython: nothing under py/pyramids touches the browser."""

import ast
import pathlib

CORE = pathlib.Path(__file__).resolve().parents[1] / "py" / "pyramids"
BROWSER_MODULES = {"js", "pyscript", "pyodide"}


def imported_roots(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0]


def test_core_has_no_browser_imports():
    files = sorted(CORE.rglob("*.py"))
    assert len(files) >= 5
    offenders = {
        str(p.relative_to(CORE)): sorted(set(imported_roots(p)) & BROWSER_MODULES) for p in files
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_purity_check_catches_a_browser_import(tmp_path):
    sample = tmp_path / "bad.py"
    sample.write_text("import json\nfrom pyscript import document\nimport js.console\n")
    assert set(imported_roots(sample)) & BROWSER_MODULES == {"pyscript", "js"}
