"""The Python the pages load, packed into archives, and pyscript.toml, for build.sh.

    python3 tools/package.py PYODIDE_FOLDER

A page pays at start-up only for what it runs then: the start-up archive
(static/pyramids.zip, frozen in the interpreter's snapshot) holds the rules core and the
pages' code (py/main.py, py/embed_page.py, py/browser.py, py/archives.py), and the
default game's rules, view and rules page, which every first visit opens at once.  Each
other game's are an archive of their own (static/games/<id>.zip), fetched the first
time that game is shown (py/archives.py), the computer's search is one more
(static/ai.zip), for the bot worker and the hint, and Learn to play another
(static/learn.zip: its runner and every game's lesson, fetched at the first lesson).

Every archive holds bytecode, compiled by the vendored Pyodide itself
(tools/bytecode.mjs, under Node): compiling the start-up source was most of our
script's time in the browser, and a game's, when a link opened it in a running
page, most of one long task (~35 ms of Terrafex's 80-150).  Comments and
docstrings are not shipped.  Every archive is deflated and
byte-for-byte reproducible, and its zip comment is a stamp of what it was made
from, so an unchanged archive is not compiled again and tests can tell a stale one.
pyscript.toml names the module that starts the interpreter from a memory snapshot
taken once the start-up archive's modules are imported (tools/snapshot.py).
"""

from __future__ import annotations

import ast
import base64
import hashlib
import io
import json
import pathlib
import subprocess
import sys
import tokenize
import zipfile

import snapshot

ROOT = pathlib.Path(__file__).resolve().parents[1]
START = "static/pyramids.zip"
# The py/*.py the pages and the computer's worker import, with the app page's parts in py/screen/.
BINDINGS = ("main.py", "embed_page.py", "browser.py", "archives.py", "bot_worker.py")
AI = "static/ai.zip"
LEARN = "static/learn.zip"  # Learn to play: the runner and the lessons, data for every game


def game_archive(game_id: str) -> str:
    return f"static/games/{game_id}.zip"


def archives(root: pathlib.Path = ROOT) -> dict[str, list[str]]:
    """Each archive and the files in it, as paths under py/ (the names they unpack to)."""
    catalogue, default = games(root)
    lazy = {game_archive(e.id): game_files(e) for e in catalogue if e.id != default.id}
    lazy[AI] = ["pyramids/ai.py"]
    lazy[LEARN] = ["pyramids/learn.py", *sorted(p.relative_to(root / "py").as_posix()
                                                for p in (root / "py" / "pyramids" / "lessons").glob("*.py"))]
    later = {name for names in lazy.values() for name in names}
    package = sorted(p.relative_to(root / "py").as_posix() for p in (root / "py" / "pyramids").rglob("*.py"))
    start = [*bindings(root), *(name for name in package if name not in later), f"pyramids/rules/{default.id}.html"]
    return {START: start, **lazy}


def games(root: pathlib.Path = ROOT) -> tuple:
    """The catalogue, and the entry of the game a first visit opens: its files are in the start-up archive (and
    imported in the snapshot), as every first visit needs them at once."""
    sys.path.insert(0, str(root / "py"))
    try:
        from pyramids.games import CATALOGUE, DEFAULT, entry
    finally:
        sys.path.pop(0)
    return CATALOGUE, entry(DEFAULT)


def start_modules(root: pathlib.Path = ROOT) -> list[str]:
    """What the snapshot imports: what the bindings import (tools/snapshot.py) and the game a first visit opens."""
    first = [name.removesuffix(".py").replace("/", ".") for name in game_files(games(root)[1]) if name.endswith(".py")]
    return sorted({*snapshot.modules(bindings(root), root), *first})


def game_files(e) -> list[str]:
    """A game's rules, view and rules page, as paths under py/."""
    return [f"pyramids/games/{e.module}.py", f"pyramids/views/{e.module}.py", f"pyramids/rules/{e.id}.html"]


def bindings(root: pathlib.Path = ROOT) -> list[str]:
    """The pages' own code: BINDINGS and the app page's parts (py/screen/), as paths under py/."""
    screen = sorted(p.relative_to(root / "py").as_posix() for p in (root / "py" / "screen").glob("*.py"))
    return [*BINDINGS, *screen]


def shipped(source: str) -> str:
    """The source without its comments and docstrings, every statement on the line it was on.

    They are a third of our source's bytes and nothing the browser runs: tracebacks keep the
    repository's line numbers, and the code compiles to the same bytecode as with -OO.
    """
    lines = source.splitlines(keepends=True)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            row, column = token.start
            lines[row - 1] = lines[row - 1][:column]
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) or not (
                body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                and isinstance(body[0].value.value, str)):
            continue
        doc = body[0]
        # A body that was only its docstring still needs a statement.  A module's docstring
        # may come before `from __future__` imports, a `pass` may not.
        stand_in = "pass" if len(body) == 1 and not isinstance(node, ast.Module) else ""
        end, end_col = doc.end_lineno, doc.end_col_offset
        assert end is not None and end_col is not None  # ast.parse sets every node's end
        first, last = lines[doc.lineno - 1], lines[end - 1]
        # Columns are counted in UTF-8 bytes.
        head = first.encode()[:doc.col_offset].decode()
        tail = last.encode()[end_col:].decode()
        lines[doc.lineno - 1:end] = [head + stand_in + tail] + ["\n"] * (end - doc.lineno)
    return "".join(line.rstrip() + "\n" if line.strip() else "\n" for line in lines)


def interpreter_version(root: pathlib.Path = ROOT) -> str:
    """The Pyodide pinned in package-lock.json: the one that compiles, and runs, the bytecode."""
    lock = json.loads((root / "package-lock.json").read_text())
    return lock["packages"]["node_modules/pyodide"]["version"]


def sources(names: list[str], root: pathlib.Path = ROOT) -> dict[str, bytes]:
    """Each file as shipped: Python without comments and docstrings, anything else as it is."""
    return {name: shipped((root / "py" / name).read_text()).encode() if name.endswith(".py")
            else (root / "py" / name).read_bytes() for name in names}


def stamp(files: list[str], root: pathlib.Path = ROOT) -> bytes:
    """What an archive of `files` is made from, and by which interpreter, as its zip comment."""
    made = hashlib.sha256()
    for member, data in sources(files, root).items():
        made.update(f"{member}\0{len(data)}\0".encode() + data)
    return f"bytecode of Pyodide {interpreter_version(root)}, sources {made.hexdigest()[:32]}".encode()


def bytecode(files: dict[str, bytes], root: pathlib.Path = ROOT) -> dict[str, bytes]:
    """Each module's .pyc, named like it (main.py: main.pyc), compiled by the vendored Pyodide under Node; any
    other file as it is."""
    modules = {name: data for name, data in files.items() if name.endswith(".py")}
    request = json.dumps({f"py/{name}": data.decode() for name, data in modules.items()})
    done = subprocess.run(["node", str(root / "tools" / "bytecode.mjs")], input=request, capture_output=True,
                          text=True, cwd=root)
    if done.returncode:
        sys.exit(f"build.sh: tools/bytecode.mjs failed:\n{done.stderr}")
    compiled = json.loads(done.stdout)
    members = {}
    for name, data in files.items():
        if name in modules:
            members[name + "c"] = base64.b64decode(compiled[f"py/{name}"])
        else:
            members[name] = data
    return members


def packed(archives: dict[str, list[str]], root: pathlib.Path = ROOT) -> dict[str, bytes]:
    """Each archive (its name: its files) packed, the same bytes for the same sources; their modules are
    compiled in one run of the vendored Pyodide (a run is ~1.7 s, most of it Pyodide starting)."""
    members = bytecode({n: d for files in archives.values() for n, d in sources(files, root).items()}, root)
    found = {}
    for name, files in archives.items():
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            for member in (f + "c" if f.endswith(".py") else f for f in files):
                info = zipfile.ZipInfo(member, date_time=(1980, 1, 1, 0, 0, 0))
                archive.writestr(info, members[member], compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
            archive.comment = stamp(files, root)
        found[name] = buffer.getvalue()
    return found


def current(name: str, files: list[str], root: pathlib.Path = ROOT) -> bool:
    """Whether the archive `name` on disk was made from these files as they are now."""
    try:
        with zipfile.ZipFile(root / name) as archive:
            return archive.comment == stamp(files, root)
    except (OSError, zipfile.BadZipFile):
        return False


def config(interpreter: str) -> str:
    """pyscript.toml: the vendored interpreter, which brings the start-up archive's modules with it (its
    memory snapshot holds them; started without it, it unpacks the archive itself), so no [files]."""
    return "\n".join([
        "# Generated by build.sh (tools/package.py): do not edit by hand.",
        'name = "Looney Pyramids"',
        "# The vendored interpreter, started from its memory snapshot (tools/snapshot.py): without this",
        "# PyScript would load Pyodide from a CDN.",
        f'interpreter = "./{interpreter}"',
        "# An error is never shown to players as PyScript's traceback on the page: the page says in words what",
        "# failed (static/start.js at start-up, the app's own messages after), the console keeps the traceback.",
        'plugins = ["!error"]',
    ]) + "\n"


def write(path: pathlib.Path, data: bytes) -> None:
    if not path.exists() or path.read_bytes() != data:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"build.sh: {path.relative_to(ROOT)} updated")


def main(args: list[str]) -> None:
    if len(args) != 1:
        sys.exit(f"usage: {sys.argv[0]} PYODIDE_FOLDER")
    wanted = archives()
    for old in (ROOT / "static" / "games").glob("*.zip"):  # a game no longer in the catalogue
        if old.relative_to(ROOT).as_posix() not in wanted:
            old.unlink()
    stale = {name: files for name, files in wanted.items() if not current(name, files)}
    for name, data in (packed(stale) if stale else {}).items():
        write(ROOT / name, data)
    interpreter = snapshot.write(args[0], START, start_modules())  # after the archive it imports from
    write(ROOT / "pyscript.toml", config(interpreter).encode())


if __name__ == "__main__":
    main(sys.argv[1:])
