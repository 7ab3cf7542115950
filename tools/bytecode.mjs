// Compiles Python source to bytecode with the vendored Pyodide's own interpreter, for tools/package.py.
//
//     node tools/bytecode.mjs < {"py/name.py": "source", ...}  > {"py/name.py": "<.pyc, base64>", ...}
//
// The browser then imports the modules without compiling them (compiling our start-up source is most
// of our script's time there).  Only the interpreter that will run the bytecode can write it: the
// format changes with every Python version, so the npm package pinned in package-lock.json compiles
// it here, under Node.  The .pyc files are hash-based and unchecked (no source beside them, no time
// stamp), so the same source gives the same bytes; co_filename is the key, the repository's path, for
// tracebacks.  No column positions are kept (PYTHONNODEBUGRANGES): they are a third of the bytes and
// serve only the carets under a traceback's line.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const sources = JSON.parse(readFileSync(0, "utf8"));
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.globals.set("sources_json", JSON.stringify(sources));
const compiled = pyodide.runPython(`
import base64, importlib.util, json, marshal

def pyc(path, source):
    data = source.encode()
    code = compile(data, path, "exec", dont_inherit=True)
    header = importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little") + importlib.util.source_hash(data)
    return base64.b64encode(header + marshal.dumps(code)).decode()

json.dumps({path: pyc(path, source) for path, source in json.loads(sources_json).items()})
`);
process.stdout.write(compiled);
