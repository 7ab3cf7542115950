"""The interpreter's memory snapshot and the module that starts Pyodide from it, for tools/package.py.

After the archives are packed, the vendored Pyodide starts under Node, imports the
start-up modules from static/pyramids.zip and writes its memory (tools/snapshot.mjs).
That is gzipped into the interpreter's folder as memory-<hash>.gz, beside
memory-<hash>.mjs (tools/interpreter.mjs with the name filled in), the module
pyscript.toml names as its `interpreter`: a page then starts in a fraction of a
second instead of holding its main thread for seconds (docs/performance.md).

The start-up modules are what the pages' bindings (package.BINDINGS) import at their
top, but the bindings themselves and what touches the browser (`js`, `pyscript`,
`pyodide`): a snapshot cannot hold a JavaScript object.  Both files are named by a
hash of the two: the interpreter's folder is answered from the HTTP cache (sw.js), safe
only while a name changes with its bytes.  The same inputs give the same snapshot;
it is kept in node_modules/.cache/ by a stamp of its inputs, so a build with nothing
changed does not start Node for it.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
CACHE = "node_modules/.cache/pyramids-snapshot"
BROWSER_ONLY = ("js", "pyscript", "pyodide")
PYODIDE = ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs", "python_stdlib.zip", "pyodide-lock.json")


def modules(bindings: tuple[str, ...], root: pathlib.Path = ROOT) -> list[str]:
    """The modules the bindings import at their top, but the bindings and what touches the browser."""
    own = {name.removesuffix(".py") for name in bindings}
    found = set()
    for binding in bindings:
        for node in ast.parse((root / "py" / binding).read_text()).body:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
                # `from pyramids import games`: games may be a module of the package
                package = root / "py" / node.module.replace(".", "/")
                found.update(f"{node.module}.{alias.name}" for alias in node.names
                             if (package / f"{alias.name}.py").is_file() or (package / alias.name).is_dir())
    return sorted(name for name in found if name.split(".")[0] not in (*own, *BROWSER_ONLY))


def stamp(archive: pathlib.Path, names: list[str], root: pathlib.Path = ROOT) -> str:
    """A hash of what the snapshot is made from: the interpreter, the archive, the modules and the tool."""
    made = hashlib.sha256()
    for path in [*(root / "node_modules" / "pyodide" / name for name in PYODIDE), archive,
                 root / "tools" / "snapshot.mjs"]:
        made.update(path.read_bytes())
    made.update("\0".join(names).encode())
    return made.hexdigest()[:32]


def made(archive: pathlib.Path, names: list[str], root: pathlib.Path = ROOT) -> bytes:
    """The snapshot after importing `names` from `archive`, gzipped: made by tools/snapshot.mjs."""
    with tempfile.TemporaryDirectory() as folder:
        out = pathlib.Path(folder) / "memory"
        done = subprocess.run(["node", str(root / "tools" / "snapshot.mjs"), str(archive), str(out), *names],
                              capture_output=True, text=True, cwd=root)
        if done.returncode:
            sys.exit(f"build.sh: tools/snapshot.mjs failed:\n{done.stderr}")
        return gzip.compress(out.read_bytes(), compresslevel=9, mtime=0)


def snapshot(archive: pathlib.Path, names: list[str], root: pathlib.Path = ROOT) -> bytes:
    """The gzipped snapshot: the copy kept from a build of the same inputs, else made afresh."""
    kept = root / CACHE / f"{stamp(archive, names, root)}.gz"
    if kept.is_file():
        return kept.read_bytes()
    packed = made(archive, names, root)
    for old in (root / CACHE).glob("*.gz"):  # one kept copy: the last build's
        old.unlink()
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_bytes(packed)
    return packed


def named(packed: bytes, root: pathlib.Path = ROOT) -> tuple[str, str]:
    """The name of the snapshot's two files (memory-<hash>), and the module's text, which names the snapshot."""
    template = (root / "tools" / "interpreter.mjs").read_text()
    name = f"memory-{hashlib.sha256(packed + template.encode()).hexdigest()[:16]}"
    return name, template.replace('"./memory.gz"', f'"./{name}.gz"', 1)


def write(folder: str, archive: str, bindings: tuple[str, ...], root: pathlib.Path = ROOT) -> str:
    """Write the snapshot and its module into the interpreter's `folder`; the module's path, for pyscript.toml."""
    packed = snapshot(root / archive, modules(bindings, root), root)
    name, module = named(packed, root)
    target = root / folder
    for stale in [*target.glob("memory-*.gz"), *target.glob("memory-*.mjs")]:
        if stale.stem != name:
            stale.unlink()
    for path, data in ((target / f"{name}.gz", packed), (target / f"{name}.mjs", module.encode())):
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
            print(f"build.sh: {path.relative_to(root)} updated")
    return f"{folder}/{name}.mjs"
