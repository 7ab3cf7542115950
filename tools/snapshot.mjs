// Makes the interpreter's memory snapshot with the vendored Pyodide under Node, for tools/snapshot.py.
//
//     node tools/snapshot.mjs ARCHIVE PYSCRIPT OUT MODULE...
//
// Pyodide starts, unpacks ARCHIVE (static/pyramids.zip) in its working folder, imports each MODULE,
// freezes the rest of ARCHIVE and PyScript's package (PYSCRIPT, JSON: {file name: source}), and writes
// its memory to OUT.  The page then starts from it (tools/interpreter.mjs): a fraction of a second
// instead of seconds, the modules already in sys.modules.  Only this build of Pyodide can load it (it checks), and no module imported here
// may hold a JavaScript object (the snapshot cannot keep one).
//
// The same inputs give the same bytes: this process's clocks are stopped and its entropy is zeros
// while the interpreter starts, so nothing of the moment lands in the snapshot (its file name is a
// hash of its content).  The page reseeds `random` after it starts (every visitor gets this memory).
import nodeCrypto from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [archive, pyscript, out, ...modules] = process.argv.slice(2);

nodeCrypto.randomFillSync = view => view.fill(0);  // what Pyodide under Node reads os.urandom from
Date.now = () => Date.UTC(2000, 0, 1);
let now = 0;
performance.now = () => (now += 0.001);

const pyodide = await loadPyodide({ _makeSnapshot: true });
const packed = new Uint8Array(readFileSync(archive));
pyodide.unpackArchive(packed, "zip", { extractDir: "." });
pyodide.runPython(modules.map(name => `import ${name}`).join("\n"));
// The rest of the archive and PyScript's package, frozen: tools/frozen.py, kept as the module `frozen`.
pyodide.FS.writeFile("/tmp/start.zip", packed);
pyodide.FS.writeFile("/tmp/pyscript.json", readFileSync(pyscript));
pyodide.FS.writeFile("/tmp/frozen.py", readFileSync(new URL("frozen.py", import.meta.url)));
pyodide.runPython(`
import sys, types
frozen = sys.modules["frozen"] = types.ModuleType("frozen")
with open("/tmp/frozen.py") as source:
    exec(compile(source.read(), "tools/frozen.py", "exec"), frozen.__dict__)
with open("/tmp/pyscript.json") as written:
    frozen.freeze("/tmp/start.zip", written.read())
del frozen, source, written, sys, types
`);
for (const name of ["start.zip", "pyscript.json", "frozen.py"]) pyodide.FS.unlink(`/tmp/${name}`);
writeFileSync(out, pyodide.makeMemorySnapshot());
