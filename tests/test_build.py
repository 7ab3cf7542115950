"""The page can only import what its archives hold, fetches at start-up only what start-up runs,
and loads nothing from a CDN."""

import ast
import dis
import gzip
import importlib.util
import hashlib
import json
import pathlib
import re
import subprocess
import tomllib
import types
import zipfile

import pytest

import inline_style
import package
import snapshot
from pyramids import games

ROOT = pathlib.Path(__file__).resolve().parents[1]


def config():
    return tomllib.loads((ROOT / "pyscript.toml").read_text())


def contents(name):
    with zipfile.ZipFile(ROOT / name) as archive:
        return {member: archive.read(member) for member in archive.namelist()}


def test_the_page_fetches_no_files_the_interpreter_brings_the_start_up_archive():
    """PyScript fetches nothing before our script: the snapshot holds the start-up archive frozen, and a plain
    start unpacks the archive itself (tools/interpreter.mjs), where [files] would have."""
    assert "files" not in config() and "fetch" not in config()
    folder = ROOT / config()["interpreter"].rpartition("/")[0]
    named = re.search(r'const ARCHIVE = new URL\("([^"]+)", import\.meta\.url\)',
                      (ROOT / "tools/interpreter.mjs").read_text())
    assert (folder / named.group(1)).resolve() == ROOT / package.START


def test_every_archive_holds_its_files_as_they_are_now():
    for name, files in package.archives().items():
        assert package.current(name, files), f"run ./build.sh: {name} is stale"
        assert set(contents(name)) == {member + "c" if member.endswith(".py") else member for member in files}, name


@pytest.mark.parametrize("name", package.archives())
def test_every_archive_is_bytecode_of_the_pinned_interpreter(name):
    """Its .pyc files carry no time stamp and are never checked against a source (there is none beside them);
    their magic number is Pyodide's Python, not this CPython's, so only tools/bytecode.mjs can write them.
    A game's archive too: compiling its source when a link opened it made a long task of the page's."""
    assert zipfile.ZipFile(ROOT / name).comment.startswith(
        f"bytecode of Pyodide {package.interpreter_version()},".encode())
    headers = {member: data[:8] for member, data in contents(name).items() if member.endswith(".pyc")}
    assert headers, "its modules are bytecode"
    assert len(set(headers.values())) == 1, "one interpreter compiled them all"
    magic, flags = next(iter(headers.values()))[:4], next(iter(headers.values()))[4:]
    assert magic.endswith(b"\r\n") and magic != importlib.util.MAGIC_NUMBER
    assert int.from_bytes(flags, "little") == 0b01, "hash-based, unchecked (PEP 552)"


def _instructions(code):
    """What a code object does, line by line, with the code it defines.

    A NOP marks where -OO dropped a docstring (so jumps are compared without their offsets);
    a module's set-up takes the line of its first statement, which no traceback shows.
    """
    jumps = set(dis.hasjrel) | set(getattr(dis, "hasjabs", ()))
    found = [(code.co_name, code.co_firstlineno)]
    found += [(i.opname, None if i.opcode in jumps else i.argval.co_name if isinstance(i.argval, types.CodeType)
               else i.argval,
               None if i.opname in ("RESUME", "SETUP_ANNOTATIONS") else i.positions.lineno)
              for i in dis.get_instructions(code) if i.opname != "NOP"]
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            found += _instructions(const)
    return found


def test_shipped_source_runs_as_the_repositorys_on_the_same_lines():
    """Comments and docstrings are left out of every archive; the code, and each statement's line number in
    tracebacks, stay those of the repository's file (as `python -OO` would run it)."""
    for path in sorted((ROOT / "py").rglob("*.py")):
        source = path.read_text()
        shipped = package.shipped(source)
        assert len(shipped) < len(source) and shipped.count("\n") == source.count("\n"), path
        if not shipped.strip():  # a package's __init__ that was only its docstring
            assert not ast.parse(source).body[1:], path
            continue
        assert "#" not in "".join(line for line in shipped.splitlines() if not re.search(r"[\"']", line)), path
        ours, theirs = (compile(text, str(path), "exec", optimize=2, dont_inherit=True) for text in (shipped, source))
        assert _instructions(ours) == _instructions(theirs), path


def test_a_body_that_was_only_a_docstring_still_compiles():
    source = '''"""Module."""
from __future__ import annotations


class Empty(Exception):
    """Only this."""


def f():  # a comment
    """Only this,
    on two lines."""
'''
    shipped = package.shipped(source)
    assert shipped == ("\nfrom __future__ import annotations\n\n\nclass Empty(Exception):\n    pass\n\n\n"
                       "def f():\n    pass\n\n")
    namespace = {}
    exec(compile(shipped, "m", "exec"), namespace)
    assert namespace["f"]() is None and issubclass(namespace["Empty"], Exception)


def test_every_module_of_the_package_is_in_exactly_one_archive():
    modules = sorted(p.relative_to(ROOT / "py").as_posix() for p in (ROOT / "py" / "pyramids").rglob("*.py"))
    packed = sorted(m for files in package.archives().values() for m in files
                    if m.startswith("pyramids/") and m.endswith(".py"))
    assert packed == modules


def test_start_up_fetches_no_other_game_and_no_search():
    """Issue 14: the other games and the bots must not add to the first load's critical path.  The game a
    first visit opens is in the start-up archive (issue 29): every first visit needs it at once, and fetching it
    once Python ran cost a round trip and an import on the page's thread."""
    start = set(contents(package.START))
    first = games.entry(games.DEFAULT).module
    assert not {m for m in start if m.startswith(("pyramids/games/", "pyramids/views/", "pyramids/rules/"))} ^ {
        "pyramids/games/__init__.pyc", "pyramids/views/__init__.pyc", f"pyramids/games/{first}.pyc",
        f"pyramids/views/{first}.pyc", f"pyramids/rules/{games.DEFAULT}.html"}
    assert "pyramids/ai.pyc" not in start
    assert {"main.pyc", "embed_page.pyc", "browser.pyc", "archives.pyc", "screen/__init__.pyc", "screen/board.pyc",
            "screen/log.pyc", "screen/panel.pyc"} <= start, "the pages' own code"
    for game_id in games.ids():
        module = games.entry(game_id).module
        archive = ROOT / package.game_archive(game_id)
        if game_id == games.DEFAULT:
            assert not archive.exists(), "no second copy"
            continue
        assert set(contents(package.game_archive(game_id))) == {f"pyramids/games/{module}.pyc",
                                                                 f"pyramids/views/{module}.pyc",
                                                                 f"pyramids/rules/{game_id}.html"}
    assert set(contents("static/ai.zip")) == {"pyramids/ai.pyc"}
    assert not {m for m in start if m.startswith(("pyramids/learn", "pyramids/lessons/"))}, "Learn to play waits"
    assert set(contents(package.LEARN)) == {"pyramids/learn.pyc", "pyramids/lessons/__init__.pyc",
                                            *(f"pyramids/lessons/{games.entry(g).module}.pyc" for g in games.ids())}


def test_the_page_fetches_the_archives_where_build_sh_puts_them():
    tree = ast.parse((ROOT / "py" / "archives.py").read_text())
    constants = {t.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
                 for t in node.targets if isinstance(t, ast.Name) and isinstance(node.value, ast.Constant)}
    assert constants["GAME_ARCHIVE"].format("terrafex") == package.game_archive("terrafex")
    assert constants["AI_ARCHIVE"] == package.AI
    assert constants["LEARN_ARCHIVE"] == package.LEARN


def test_the_archives_are_reproducible():
    """The start-up archive too: the vendored Pyodide compiles its bytecode again, under Node, to the same bytes."""
    for name, data in package.packed(package.archives()).items():
        assert data == (ROOT / name).read_bytes(), name


def test_the_interpreter_is_the_vendored_one_in_a_folder_named_by_its_pinned_version():
    """sw.js answers this folder from the HTTP cache: safe only while its name changes with its bytes.

    pyscript.toml names the module that starts it from its memory snapshot, beside pyodide.mjs (PyScript
    loads Pyodide's files from the folder of the module it names), named by a hash of itself.
    """
    pinned = json.loads((ROOT / "package-lock.json").read_text())["packages"]["node_modules/pyodide"]["version"]
    folder, _, module = config()["interpreter"].rpartition("/")
    assert folder == f"./static/vendor/pyodide-{pinned}"
    digest = hashlib.sha256((ROOT / "tools" / "interpreter.mjs").read_bytes()).hexdigest()
    assert module == f"interpreter-{digest[:16]}.mjs"
    assert (ROOT / folder / "pyodide.mjs").is_file()
    text = (ROOT / folder / module).read_text()
    assert 'from "./pyodide.mjs"' in text
    assert 'new URL("../../memory.json", import.meta.url)' in text and (ROOT / folder / "../../memory.json").resolve() \
        == ROOT / snapshot.MEMORY


def test_pyscript_toml_changes_with_the_interpreter_not_with_the_python():
    """The snapshot's name is read from static/memory.json: pyscript.toml, kept in git, names only the module."""
    assert "memory-" not in (ROOT / "pyscript.toml").read_text()
    assert subprocess.run(["git", "ls-files", "--error-unmatch", "pyscript.toml"], cwd=ROOT,
                          capture_output=True).returncode == 0, "pyscript.toml is kept in git"


def test_the_snapshot_is_named_by_its_hash_and_made_from_the_start_up_archive_as_it_is():
    """Made again by the vendored Pyodide under Node, it is the same bytes: nothing of the moment is in it."""
    folder, _, module = config()["interpreter"].rpartition("/")
    named = json.loads((ROOT / snapshot.MEMORY).read_text())
    name = named["memory"]
    packed = (ROOT / folder / name).read_bytes()
    assert name == f"memory-{hashlib.sha256(packed).hexdigest()[:16]}.gz"
    assert named["bytes"] == len(gzip.decompress(packed)), "the module hands Pyodide only bytes of this size"
    assert sorted(p.name for p in (ROOT / folder).glob("memory-*")) == [name], "no stale one"
    assert sorted(p.name for p in (ROOT / folder).glob("interpreter-*")) == [module], "no stale one"
    assert packed[:2] == b"\x1f\x8b", "gzipped"
    assert snapshot.made(ROOT / package.START, package.start_modules()) == packed, "run ./build.sh"


def test_the_snapshot_holds_the_start_up_modules_and_nothing_of_the_browser():
    """What the bindings import at their top is already imported when the page's script runs; a binding itself
    (it imports pyscript or js) cannot be: a snapshot holds no JavaScript object."""
    names = package.start_modules()
    assert {"asyncio", "random", "pyramids.session", "pyramids.page", "pyramids.saves", "pyramids.record",
            "pyramids.views", "pyramids.games", "pyramids.embed"} <= set(names)
    assert {"pyramids.games.ice_lady", "pyramids.views.ice_lady"} <= set(names), "the game a first visit opens"
    assert not {name.split(".")[0] for name in names} & {"main", "screen", "browser", "archives", "embed_page",
                                                          "js", "pyscript", "pyodide"}


def test_the_snapshot_holds_the_standard_library_pyscript_imports_before_the_page_script():
    """PyScript imports its own package before our script; the standard library it needs is compiled from source
    at each import unless the snapshot holds it (`inspect` alone is 127 KB of source)."""
    needed = snapshot.pyscript_needs()
    assert {"inspect", "html", "base64", "json", "asyncio"} <= set(needed)
    assert not {name.split(".")[0] for name in needed} & {"js", "pyscript", "polyscript", "_pyscript", "pyodide"}
    assert set(needed) <= set(package.start_modules())


def test_the_snapshot_freezes_pyscript_s_package_as_the_vendored_core_writes_it():
    """The page imports the package from the snapshot, not from the files PyScript's core writes: the two are
    the same source only while the snapshot is made from the npm package the core was vendored from."""
    written = snapshot.pyscript_written()
    core = "".join(path.read_text() for path in (ROOT / "static" / "vendor" / "pyscript").glob("core-*.js"))
    assert {"__init__.py", "context.py", "display.py"} <= set(written)
    for file, source in written.items():
        assert json.dumps(source, ensure_ascii=False) in core, file


def test_each_page_preloads_nothing():
    """PyScript fetches no files once the interpreter is loaded (the snapshot holds the page's code): a preload
    would be downloaded for nothing.  The app's own code is imported by a one-line script; the embed's, by the one
    static/embed.js adds when the reader acts (or at once, for a code without a picture)."""
    for page in ("index.html", "embed.html"):
        html = (ROOT / page).read_text()
        assert "preload" not in html, page
        markup = re.sub(r"<style>.*?</style>", "", html, flags=re.S)  # the stylesheet's comments name files
        assert "prefetch" not in markup and "access.js" not in markup, f"{page}: nothing else at start-up"
    assert '<script type="py" config="pyscript.toml">import main</script>' in (ROOT / "index.html").read_text()
    embed_page = (ROOT / "embed.html").read_text()
    assert 'type="py"' not in embed_page and "pyscript/core.js" not in embed_page, \
        "no interpreter before the reader acts"
    starter = (ROOT / "static" / "embed.js").read_text()
    assert 'script.type = "py"' in starter and '"pyscript.toml"' in starter and '"import embed_page"' in starter


def test_each_page_s_icon_is_a_small_png():
    """Issue 55: Chromium fetches and draws a page's icon in the page's renderer, on its main thread; an SVG icon
    is drawn in an SVG document of its own (50-80 ms at a phone's pace, a long task of every visit), a PNG decoded
    in a millisecond.  The installed app's icons (the manifest) are drawn by the browser and may stay SVG."""
    for page in ("index.html", "embed.html"):
        icons = re.findall(r'<link rel="icon"[^>]*>', (ROOT / page).read_text())
        assert icons == ['<link rel="icon" href="static/icon-32.png" type="image/png" sizes="32x32">'], page
    png = (ROOT / "static" / "icon-32.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[16:24] == (32).to_bytes(4, "big") * 2, "a 32x32 PNG"


def test_the_page_loads_only_local_scripts():
    html = (ROOT / "index.html").read_text()
    assert "http://" not in html and "https://" not in html
    assert 'src="static/boot.js"' in html  # it registers the service worker
    assert "pyscript/core.js" not in html, "PyScript is imported only where no worker can run the Python"
    assert 'await import("./vendor/pyscript/core.js");' in (ROOT / "static" / "start.js").read_text()
    assert 'config="pyscript.toml"' in html


def test_the_app_page_carries_its_stylesheet_and_links_none():
    """A linked stylesheet holds the first paint until it arrives: index.html has static/app.css in itself,
    as the file is now (the embed links that file, so the two pages are styled alike)."""
    html = (ROOT / "index.html").read_text()
    assert 'rel="stylesheet"' not in html
    assert inline_style.inlined(html, (ROOT / "static/app.css").read_text()) == html
    assert "<style>\n" + (ROOT / "static/app.css").read_text() + "</style>" in html


def test_the_copied_stylesheet_replaces_the_old_copy_and_nothing_else():
    page = ("<head><!-- static/app.css, copied here by build.sh (tools/inline_style.py) -->\n  <style>\n"
            "old { }\n</style><style>kept { }</style></head>")
    assert inline_style.inlined(page, "new { }\n") == page.replace("old { }", "new { }")
    with pytest.raises(SystemExit, match="has 0 <style>"):
        inline_style.inlined("<head><style>\n</style></head>", "new { }\n")
    with pytest.raises(SystemExit, match="</style"):
        inline_style.inlined(page, "a::after { content: '</style>' }")


def test_each_game_shows_its_rules_page_from_its_own_archive():
    """A game's rules page comes with its rules (one fetch): games.rules_page reads it where the archive unpacks
    (the default game's, from the start-up archive)."""
    for game_id in games.ids():
        page = games.rules_page(game_id)
        assert page.startswith(f"<h3>{games.entry(game_id).title}</h3>"), game_id
        archive = package.START if game_id == games.DEFAULT else package.game_archive(game_id)
        assert contents(archive)[f"pyramids/rules/{game_id}.html"] == page.encode()
    assert not (ROOT / "static" / "rules").exists(), "not fetched on its own any more: no second copy"
