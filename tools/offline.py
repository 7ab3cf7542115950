"""The offline cache list and the deployable folder, for build.sh.

    python3 tools/offline.py precache     write precache.js, the files sw.js caches
    python3 tools/offline.py dist [DIR]   copy what a static host needs into DIR (dist/)

The precache list is every file the pages load, from the same list as
pyscript.toml: the pages, the bot worker's script, pyscript.toml and the
archive it lists, and everything under static/ (the vendored PyScript and
Pyodide, and the archives of each game and of the search, included).  A
file missing from it breaks the app only later, offline, so tests compare
it with what the pages really request.  Each file carries a hash of its
content; the hashes make the cache version, so a new build gets a new
cache and unchanged files are not downloaded again.
"""

from __future__ import annotations

import hashlib
import json
import pathlib
import re
import shutil
import sys
import tomllib

import snapshot

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGES = ("index.html", "embed.html")


def files(root: pathlib.Path = ROOT) -> list[str]:
    """Every file the pages may load, as paths relative to `root`."""
    static = {p.relative_to(root).as_posix() for p in (root / "static").rglob("*")
              if p.is_file() and not p.name.startswith(".")}
    return sorted({*PAGES, "pyscript.toml", *static})


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def interpreter(root: pathlib.Path = ROOT) -> str:
    """The vendored Pyodide's module (pyodide.mjs), as pyscript.toml names it."""
    return tomllib.loads((root / "pyscript.toml").read_text())["interpreter"].removeprefix("./")


def interpreter_folder(root: pathlib.Path = ROOT) -> str:
    """The vendored Pyodide's folder, named by its version (build.sh): its URLs change with its bytes."""
    return interpreter(root).rpartition("/")[0] + "/"


def memory(root: pathlib.Path = ROOT) -> str:
    """The interpreter's memory snapshot, gzipped, beside its module."""
    return interpreter_folder(root) + json.loads((root / snapshot.MEMORY).read_text())["memory"]


def precache(root: pathlib.Path = ROOT) -> dict:
    """The version, the content hash of every file, the interpreter's folder and its snapshot, as sw.js reads them."""
    hashes = {name: digest((root / name).read_bytes()) for name in files(root)}
    # The worker's own code is part of the version: new caching logic gets a fresh cache.
    stamp = json.dumps(hashes, sort_keys=True).encode() + (root / "sw.js").read_bytes()
    return {"version": digest(stamp), "files": hashes, "interpreter": interpreter_folder(root),
            "memory": memory(root)}


def write_if_changed(path: pathlib.Path, text: str) -> bool:
    """Write `text` to `path` unless it holds it already (a build with nothing changed touches nothing)."""
    if path.exists() and path.read_text() == text:
        return False
    path.write_text(text)
    return True


BUILD_INFO = "static/build.js"
PYSCRIPT = "static/vendor/pyscript/"


def pyscript_start(root: pathlib.Path = ROOT) -> list[str]:
    """The modules PyScript imports before it loads the interpreter, the interpreter's last.

    PyScript asks for them one after another (its core, then its config, then the TOML parser
    and its plugins, then Pyodide), a round trip each; static/boot.js asks for all of them at
    once.  They are core.js's static imports, the chunks the core imports dynamically that
    build.sh vendored (the plugins PyScript loads even when disabled), and their static imports;
    then the module pyscript.toml names and Pyodide's, which it imports (tools/interpreter.mjs).
    """
    def imports(name: str, dynamic: bool) -> list[str]:
        pattern = r'import\(\s*"\./([\w.-]+\.js)"\s*\)' if dynamic else r'from\s*"\./([\w.-]+\.js)"'
        found = re.findall(pattern, (root / PYSCRIPT / name).read_text())
        return [n for n in dict.fromkeys(found) if (root / PYSCRIPT / n).is_file()]

    def closure(names: list[str], seen: list[str]) -> list[str]:
        for name in names:
            if name not in seen:
                seen.append(name)
                closure(imports(name, dynamic=False), seen)
        return seen

    core = closure(imports("core.js", dynamic=False), [])
    chunks = closure([n for c in core for n in imports(c, dynamic=True)], list(core))
    module = interpreter(root)
    folder = module.rpartition("/")[0] + "/"
    pyodide = [folder + n for n in re.findall(r'from\s*"\./([\w.-]+\.mjs)"', (root / module).read_text())]
    return [PYSCRIPT + name for name in chunks] + [module, *pyodide]


def write_build_info(root: pathlib.Path = ROOT) -> bool:
    """Write static/build.js (this build's id, and what PyScript imports at start); True when it changed.

    static/snapshot.js paints the board a player left only when the same build drew it; the id
    is made from every other file's hash.
    """
    hashes = {name: digest((root / name).read_bytes()) for name in files(root) if name != BUILD_INFO}
    text = ("// Generated by build.sh (tools/offline.py). Do not edit.\n"
            "// This build's id: static/snapshot.js paints only a board the same build drew.\n"
            f"self.PYRAMIDS_BUILD = {json.dumps(digest(json.dumps(hashes, sort_keys=True).encode()))};\n"
            "// What PyScript imports one after another before the interpreter: static/boot.js asks for it at once.\n"
            f"self.PYRAMIDS_START = {json.dumps(pyscript_start(root))};\n")
    return write_if_changed(root / BUILD_INFO, text)


def write_precache(root: pathlib.Path = ROOT) -> bool:
    """Write precache.js under `root`; True when it changed."""
    text = ("// Generated by build.sh (tools/offline.py): the files sw.js caches. Do not edit.\n"
            f"self.PRECACHE = {json.dumps(precache(root), indent=1)};\n")
    return write_if_changed(root / "precache.js", text)


def dist(out: pathlib.Path, root: pathlib.Path = ROOT) -> None:
    """A fresh folder `out` with everything needed to host the app, and nothing else.

    The worker (sw.js, precache.js) is served but not in the list: the browser keeps
    it with the registration.  precache.js is written for the copied files themselves.
    """
    if out.exists():
        shutil.rmtree(out)
    for name in [*files(root), "sw.js"]:
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(root / name, target)
    write_precache(out)


def main(args: list[str]) -> None:
    if args[:1] == ["precache"]:
        if write_build_info():
            print(f"build.sh: {BUILD_INFO} updated")
        if write_precache():
            print("build.sh: precache.js updated")
    elif args[:1] == ["dist"]:
        out = pathlib.Path(args[1] if len(args) > 1 else ROOT / "dist").resolve()
        dist(out)
        print(f"build.sh: {out} holds the app: copy the folder to any static web host")
    else:
        sys.exit(f"usage: {sys.argv[0]} precache | dist [DIR]")


if __name__ == "__main__":
    main(sys.argv[1:])
