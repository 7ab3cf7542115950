// Makes the interpreter's memory snapshot with the vendored Pyodide under Node, for tools/snapshot.py.
//
//     node tools/snapshot.mjs ARCHIVE OUT MODULE...
//
// Pyodide starts, unpacks ARCHIVE (static/pyramids.zip) where PyScript unpacks it in the page (its
// working folder), imports each MODULE, and writes its memory to OUT.  The page then starts from
// it (tools/interpreter.mjs): a fraction of a second instead of seconds, the modules already in
// sys.modules.  Only this build of Pyodide can load it (it checks), and no module imported here
// may hold a JavaScript object (the snapshot cannot keep one).
//
// The same inputs give the same bytes: this process's clocks are stopped and its entropy is zeros
// while the interpreter starts, so nothing of the moment lands in the snapshot (its file name is a
// hash of its content).  The page reseeds `random` after it starts (every visitor gets this memory).
import nodeCrypto from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [archive, out, ...modules] = process.argv.slice(2);
nodeCrypto.randomFillSync = view => view.fill(0);  // what Pyodide under Node reads os.urandom from
Date.now = () => Date.UTC(2000, 0, 1);
let now = 0;
performance.now = () => (now += 0.001);

const pyodide = await loadPyodide({ _makeSnapshot: true });
pyodide.unpackArchive(new Uint8Array(readFileSync(archive)), "zip", { extractDir: "." });
pyodide.runPython(modules.map(name => `import ${name}`).join("\n"));
writeFileSync(out, pyodide.makeMemorySnapshot());
