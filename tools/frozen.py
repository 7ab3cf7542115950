"""The start-up archive frozen into the interpreter's memory snapshot (tools/snapshot.mjs runs this in Pyodide).

As CPython freezes its own start-up modules, `freeze` keeps each module of the archive that the snapshot
has not imported (the pages' bindings, which touch the browser as they run) and PyScript's own package
(the source its core writes and imports before the page's script) as code objects, served from memory by
a finder first on `sys.meta_path`.  The page then fetches no archive and compiles nothing before its
script runs.  A snapshot holds the interpreter's memory, not its files: `restore` (tools/interpreter.mjs,
once started) writes back the archive's folders and its other files (the default game's rules page).

Each module's file names where it would be on disk, so `__file__` and a package's `__path__` stay as
before, and a game's archive unpacked later (py/archives.py) lands in folders that exist.
"""

import importlib.machinery
import json
import marshal
import os
import pathlib
import sys
import zipfile

HEADER = 16  # a .pyc's bytes before its code (PEP 552)


class FrozenFinder:
    """Modules compiled at build time: imported from memory, without a file."""

    def __init__(self, modules: dict, files: dict):
        self.modules = modules  # name: (code, file, is a package)
        self.files = files  # path: bytes, and folders (path: None), written by restore()

    def find_spec(self, name, path=None, target=None):
        if name not in self.modules:
            return None
        _, origin, package = self.modules[name]
        spec = importlib.machinery.ModuleSpec(name, self, origin=origin, is_package=package)
        spec.has_location = True
        if package:
            spec.submodule_search_locations = [os.path.dirname(origin)]
        return spec

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        exec(self.modules[module.__spec__.name][0], module.__dict__)


def module_name(path: str) -> tuple[str, bool]:
    """("pyramids.games", True) for "pyramids/games/__init__.pyc"."""
    name = path.rsplit(".", 1)[0].replace("/", ".")
    return name.removesuffix(".__init__"), name.endswith("__init__")


def freeze(archive: str, pyscript_json: str, home: str | None = None) -> FrozenFinder:
    """Freeze what `archive` (a start-up archive of .pyc files) holds that is not imported yet, and PyScript's
    package ({file name: source}), as the archive would be unpacked in `home` (the working folder)."""
    home = home or os.getcwd()
    modules, files = {}, {}
    with zipfile.ZipFile(archive) as packed:
        for member in packed.namelist():
            path = os.path.join(home, member)
            folders = reversed(pathlib.PurePosixPath(member).parents[:-1])  # not the working folder itself
            files.update(dict.fromkeys((os.path.join(home, folder) for folder in folders), None))
            name, package = module_name(member)
            if not member.endswith(".pyc"):
                files[path] = packed.read(member)
            elif name not in sys.modules:
                modules[name] = (marshal.loads(packed.read(member)[HEADER:]), path, package)
    for file, source in json.loads(pyscript_json).items():
        path = os.path.join(home, "pyscript", file)
        name, package = module_name("pyscript/" + file)
        modules[name] = (compile(source, path, "exec", dont_inherit=True), path, package)
    finder = FrozenFinder(modules, files)
    sys.meta_path.insert(0, finder)
    return finder


def restore() -> None:
    """Write the archive's folders and other files back, as [files] would have unpacked them."""
    for finder in sys.meta_path:
        if isinstance(finder, FrozenFinder):
            for path, data in finder.files.items():
                if data is None:
                    os.makedirs(path, exist_ok=True)
                else:
                    pathlib.Path(path).write_bytes(data)
            finder.files = {}
