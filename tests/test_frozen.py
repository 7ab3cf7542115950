"""The start-up archive frozen into the snapshot (tools/frozen.py), run here on CPython with its own bytecode:
its modules import from memory with no file on disk, where they would have been unpacked; its other files
and folders come back with restore()."""

import importlib.util
import json
import marshal
import sys
import zipfile

import pytest

import frozen

MODULES = {  # an archive's modules, as tools/package.py packs them (bytecode, no source beside it)
    "app.py": "import pkg.mod\nVALUE = pkg.mod.VALUE + 1\n",
    "pkg/__init__.py": "",
    "pkg/mod.py": "VALUE = 41\n",
    "pkg/sub/__init__.py": "",
    "seen.py": "raise AssertionError('imported before the snapshot: not frozen again')\n",
}
PYSCRIPT = {"__init__.py": "from pyscript.util import NAME\n", "util.py": "NAME = 'written by the core'\n"}
NAMES = ("app", "pkg", "pkg.mod", "pkg.sub", "pkg.late", "seen", "pyscript", "pyscript.util")


def pyc(path: str, source: str) -> bytes:
    data = source.encode()
    code = compile(data, path, "exec", dont_inherit=True)
    return (importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + importlib.util.source_hash(data)
            + marshal.dumps(code))


@pytest.fixture
def archive(tmp_path, monkeypatch):
    """An archive and an empty working folder; the finder and the modules are taken away after."""
    path = tmp_path / "start.zip"
    with zipfile.ZipFile(path, "w") as packed:
        for name, source in MODULES.items():
            packed.writestr(name + "c", pyc(f"py/{name}", source))
        packed.writestr("pkg/rules/page.html", "<p>rules</p>")
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setitem(sys.modules, "seen", object())  # imported while the snapshot was made
    yield str(path), home
    for name in NAMES:
        sys.modules.pop(name, None)
    for folder in list(sys.path_importer_cache):
        if folder.startswith(str(tmp_path)):
            del sys.path_importer_cache[folder]


def test_the_archive_s_modules_import_from_memory_where_they_would_have_been_unpacked(archive):
    path, home = archive
    finder = frozen.freeze(path, json.dumps(PYSCRIPT), str(home))
    assert sys.meta_path[0] is finder, "asked first"
    assert sorted(home.iterdir()) == [], "nothing on disk"
    import app  # noqa: PLC0415 - imported from the frozen archive
    assert app.VALUE == 42
    assert app.__file__ == str(home / "app.pyc")
    assert sys.modules["pkg"].__path__ == [str(home / "pkg")]
    assert sys.modules["pkg.mod"].__file__ == str(home / "pkg" / "mod.pyc")
    assert "seen" not in finder.modules, "a module the snapshot imported is not frozen again"


def test_pyscript_s_package_is_frozen_from_the_source_its_core_writes(archive):
    path, home = archive
    frozen.freeze(path, json.dumps(PYSCRIPT), str(home))
    import pyscript  # noqa: PLC0415
    assert pyscript.NAME == "written by the core"
    assert pyscript.__file__ == str(home / "pyscript" / "__init__.py")
    assert pyscript.__path__ == [str(home / "pyscript")]


def test_restore_writes_back_the_archive_s_folders_and_other_files(archive):
    """A game's archive is unpacked beside the start-up one later (py/archives.py): its folders must exist."""
    path, home = archive
    frozen.freeze(path, json.dumps(PYSCRIPT), str(home))
    frozen.restore()
    assert (home / "pkg" / "rules" / "page.html").read_text() == "<p>rules</p>"
    assert (home / "pkg" / "sub").is_dir()
    assert not list(home.rglob("*.pyc")), "the modules stay in memory"
    (home / "pkg" / "late.py").write_text("VALUE = 'unpacked later'\n")
    assert importlib.import_module("pkg.late").VALUE == "unpacked later"
    (home / "pkg" / "rules" / "page.html").write_text("changed since")
    frozen.restore()  # once: nothing is written again
    assert (home / "pkg" / "rules" / "page.html").read_text() == "changed since"
