"""The vendored PyScript and Pyodide name no file the app does not have (issue 26).

A script's `//# sourceMappingURL=` comment makes DevTools fetch the map: a map that was
not vendored is a 404 on every load.  build.sh drops the comment when it copies a script.
"""

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1]
VENDOR = ROOT / "static" / "vendor"
SOURCE_MAP_LINE = re.compile(r"^//# sourceMappingURL=.*\n", re.MULTILINE)  # build.sh drops it
SOURCE_MAP = re.compile(rb"[#@] sourceMappingURL=(\S+?)\s*(?:\*/)?\s*$", re.MULTILINE)


def test_every_source_map_a_vendored_file_names_exists():
    scripts = [p for p in VENDOR.rglob("*") if p.suffix in (".js", ".mjs", ".css")]
    assert any(p.name == "core.js" for p in scripts) and any(p.name == "pyodide.mjs" for p in scripts), "built"
    missing = [f"{p.relative_to(ROOT)} -> {name.decode()}" for p in scripts
               for name in SOURCE_MAP.findall(p.read_bytes())
               if not name.startswith(b"data:") and not (p.parent / name.decode()).is_file()]
    assert missing == []


def test_pyodide_makes_no_shared_memory_as_it_loads():
    """Issue 29 (Lighthouse, best practices): a SharedArrayBuffer made without cross-origin isolation is
    reported as deprecated.  Pyodide's only one is syncSleep's, which build.sh makes at the first sleep."""
    upstream = (ROOT / "node_modules" / "pyodide" / "pyodide.asm.mjs").read_text()
    (vendored,) = VENDOR.glob("pyodide-*/pyodide.asm.mjs")
    shipped = vendored.read_text()
    eager = re.compile(r"var \w+=new Int32Array\(new WebAssembly\.Memory\(\{shared:!0")
    assert eager.search(upstream), "the line build.sh changes is in Pyodide as published"
    assert not eager.search(shipped)
    assert shipped.count("shared:!0") == upstream.count("shared:!0") == 1, "made, later"
    assert len(shipped) - len(upstream) < 20, "nothing else changed"


def test_pyodide_starts_from_the_snapshot_in_four_tasks():
    """Issues 29 and 55 (Lighthouse's blocking time; no main-thread task over 50 ms): Pyodide's start from the
    snapshot was one task of ~300 ms, most of the page's blocking time.  build.sh yields to the event loop
    once the WebAssembly is instantiated, before the memory is restored and before Python's bootstrap, and
    changes nothing else."""
    upstream = SOURCE_MAP_LINE.sub("", (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").read_text())
    (vendored,) = VENDOR.glob("pyodide-*/pyodide.mjs")
    shipped = vendored.read_text()
    pause = ("await new Promise(f=>{let c=new MessageChannel;c.port1.onmessage=()=>{c.port1.close(),f()},"
             "c.port2.postMessage(0)})")
    assert "MessageChannel" not in upstream and shipped.count(pause) == 3
    assert re.search(r"instantiateStreaming\(.{0,200}let\{instance:(\w+),module:(\w+)\}=\w+;" + re.escape(pause)
                     + r";\w+\(\1,\2\)\}", shipped)
    assert re.search(r"async function \w+\(\w+,\w+,\w+\)\{let \w+=\w+\.API,\w+;" + re.escape(pause), shipped)
    assert re.search(r"restoreSnapshot\(\w+\)," + re.escape(pause) + r"\),\w+\.finalizeBootstrap", shipped)
    assert re.search(r"let \w+=await \w+\(\w+,\w+,\w+\);return await", shipped)
    assert len(shipped) - len(upstream) == (len("async ") + len(pause + ";") + len("," + pause) + len("await ")
                                            + len(pause + ";")), "nothing else changed"
