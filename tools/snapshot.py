"""The interpreter's memory snapshot and the module that starts Pyodide from it, for tools/package.py.

After the archives are packed, the vendored Pyodide starts under Node, imports the
start-up modules from static/pyramids.zip and writes its memory (tools/snapshot.mjs).
That is gzipped into the interpreter's folder as memory-<hash>.gz, beside
interpreter-<hash>.mjs (tools/interpreter.mjs), the module pyscript.toml names as its
`interpreter`, which reads the snapshot's name from static/memory.json: a page then
starts in a fraction of a second instead of holding its main thread for seconds
(docs/performance-notebook.md).

The start-up modules (package.start_modules()) are what the pages' bindings (py/main.py,
py/screen/...) import at their top, but the bindings themselves and what touches the
browser (`js`, `pyscript`, `pyodide`): a snapshot cannot hold a JavaScript object; the
standard library PyScript's own package imports; and the default game's rules and view.
The rest of the archive (the bindings) and PyScript's own package are frozen in it: held
compiled, imported from memory (tools/snapshot.mjs), so the page fetches no archive and
compiles nothing before its script runs.
Both files are named by a hash of their bytes: the interpreter's folder is answered
from the HTTP cache (sw.js), safe only while a name changes with its bytes.  The same
inputs give the same snapshot; it is kept in node_modules/.cache/ by a stamp of its
inputs, so a build with nothing changed does not start Node for it.
"""

from __future__ import annotations

import ast
import gzip
import hashlib
import json
import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
CACHE = "node_modules/.cache/pyramids-snapshot"
BROWSER_ONLY = ("js", "pyscript", "pyodide")
PYSCRIPT_PACKAGE = "node_modules/@pyscript/core/src/stdlib/pyscript"  # the Python that PyScript writes and imports
PYSCRIPT_WRITTEN = "node_modules/@pyscript/core/src/stdlib/pyscript.js"  # the same, as its core writes it (frozen)
PYODIDE = ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs", "python_stdlib.zip", "pyodide-lock.json")


def modules(bindings: list[str], root: pathlib.Path = ROOT) -> list[str]:
    """The modules the bindings (py/main.py, py/screen/board.py...) import at their top, but the bindings
    and what touches the browser; and the standard library's modules that PyScript's own package imports."""
    own = {name.split("/")[0].removesuffix(".py") for name in bindings}
    found = set(pyscript_needs(root))
    for binding in bindings:
        for name, node in top_imports(ast.parse((root / "py" / binding).read_text())):
            found.add(name)
            if isinstance(node, ast.ImportFrom):  # `from pyramids import games`: games may be a module of it
                package = root / "py" / name.replace(".", "/")
                found.update(f"{name}.{alias.name}" for alias in node.names
                             if (package / f"{alias.name}.py").is_file() or (package / alias.name).is_dir())
    return sorted(name for name in found if name.split(".")[0] not in (*own, *BROWSER_ONLY))


def pyscript_needs(root: pathlib.Path = ROOT) -> list[str]:
    """The standard library's modules PyScript's package imports at its top (`inspect`, `html`, `base64`...).

    PyScript imports its package before the page's script runs, and Pyodide's standard library is source,
    compiled at each import: `inspect` alone is 127 KB.  Imported in the snapshot instead, `import pyscript`
    went from ~580 to ~110 ms of a first visit (docs/performance-notebook.md).
    """
    found = {name for source in sorted((root / PYSCRIPT_PACKAGE).glob("*.py"))
             for name, _ in top_imports(ast.parse(source.read_text()))}
    return sorted(name for name in found if name.split(".")[0] in sys.stdlib_module_names)


def top_imports(tree: ast.Module):
    """(module, statement) for each absolute import a module makes as it is imported: at its top, or in a
    top-level `if` or `try` (`try: import jsffi`, MicroPython's, and the like)."""
    def walk(body):
        for node in body:
            if isinstance(node, ast.Import):
                yield from ((alias.name, node) for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                yield node.module, node
            elif isinstance(node, (ast.If, ast.Try)):
                for part in (node.body, node.orelse, getattr(node, "finalbody", []),
                             *(handler.body for handler in getattr(node, "handlers", []))):
                    yield from walk(part)
    return walk(tree.body)


def pyscript_written(root: pathlib.Path = ROOT) -> dict[str, str]:
    """PyScript's package as its core writes it before the page's script ({"__init__.py": source, ...}): the
    snapshot holds it compiled (tools/snapshot.mjs reads the same file)."""
    text = (root / PYSCRIPT_WRITTEN).read_text()
    return json.loads(text.partition("export default ")[2].strip().removesuffix(";"))["pyscript"]


def stamp(archive: pathlib.Path, names: list[str], root: pathlib.Path = ROOT) -> str:
    """A hash of what the snapshot is made from: the interpreter, the archive, the modules and the tool."""
    made = hashlib.sha256()
    for path in [*(root / "node_modules" / "pyodide" / name for name in PYODIDE), archive,
                 root / "tools" / "snapshot.mjs", root / "tools" / "frozen.py", root / PYSCRIPT_WRITTEN]:
        made.update(path.read_bytes())
    made.update("\0".join(names).encode())
    return made.hexdigest()[:32]


def made(archive: pathlib.Path, names: list[str], root: pathlib.Path = ROOT) -> bytes:
    """The snapshot after importing `names` from `archive`, gzipped: made by tools/snapshot.mjs."""
    with tempfile.TemporaryDirectory() as folder:
        out, written = pathlib.Path(folder) / "memory", pathlib.Path(folder) / "pyscript.json"
        written.write_text(json.dumps(pyscript_written(root)))
        done = subprocess.run(["node", str(root / "tools" / "snapshot.mjs"), str(archive), str(written), str(out),
                               *names],
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


MEMORY = "static/memory.json"  # names this build's snapshot for the interpreter module (tools/interpreter.mjs)


def write(folder: str, archive: str, names: list[str], root: pathlib.Path = ROOT) -> str:
    """Write the snapshot and the module that starts Pyodide from it into the interpreter's `folder`, and
    static/memory.json naming the snapshot and its inflated size; the module's path, for pyscript.toml.

    Both files in `folder` are named by a hash of their bytes (sw.js answers that folder from the HTTP
    cache), and the module reads the snapshot's name from memory.json: a change to the Python makes a
    new snapshot, but neither a new module nor a new pyscript.toml.
    """
    packed = snapshot(root / archive, names, root)
    memory = f"memory-{hashlib.sha256(packed).hexdigest()[:16]}.gz"
    module = (root / "tools" / "interpreter.mjs").read_bytes()
    starter = f"interpreter-{hashlib.sha256(module).hexdigest()[:16]}.mjs"
    target = root / folder
    for stale in [*target.glob("memory-*"), *target.glob("interpreter-*.mjs")]:
        if stale.name not in (memory, starter):
            stale.unlink()
    # The inflated size too (a gzip member's last 4 bytes), so the module hands Pyodide nothing else.
    named = json.dumps({"memory": memory, "bytes": int.from_bytes(packed[-4:], "little")}).encode() + b"\n"
    for path, data in ((target / memory, packed), (target / starter, module), (root / MEMORY, named)):
        if not path.is_file() or path.read_bytes() != data:
            path.write_bytes(data)
            print(f"build.sh: {path.relative_to(root)} updated")
    return f"{folder}/{starter}"
