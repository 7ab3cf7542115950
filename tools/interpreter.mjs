// The interpreter module pyscript.toml names: Pyodide, started from the memory snapshot build.sh made
// (tools/snapshot.py copies this file beside pyodide.mjs as interpreter-<hash of this file>.mjs).
//
// PyScript imports this module and calls its loadPyodide(), with indexURL set to this folder.  Started
// from the snapshot, the interpreter and our start-up modules are ready in a fraction of a second,
// where a plain start holds the main thread for seconds.  The snapshot is named by its hash
// (memory-<hash>.gz, beside this module) and that name is read from static/memory.json, so neither
// this module nor pyscript.toml changes when the Python does.  It is gzipped (6 MB, not 31 MB) and
// inflated here by the browser.  The snapshot also holds the rest of the start-up archive and
// PyScript's own package compiled (tools/snapshot.mjs), so pyscript.toml fetches no files.  Whatever
// fails (a fetch, the inflating, bytes of another size than this build's snapshot, Pyodide refusing
// it), Python starts the plain way, from the archive itself, and nothing is said: only slower.
// <html data-interpreter> says which way it started, for tests and the bench.
import { loadPyodide as loadPlain, version } from "./pyodide.mjs";

export { version };

const MEMORY = new URL("../../memory.json", import.meta.url);  // static/memory.json, from static/vendor/pyodide-*/
const ARCHIVE = new URL("../../pyramids.zip", import.meta.url);  // the start-up archive, static/pyramids.zip

async function fetched(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

function inflate(bytes) {
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
}

// A DecompressionStream runs on the thread that reads it: inflating the 31 MB on the page's thread held it for
// ~240 ms in one task (Chromium, warm).  So on the page a worker does it (static/inflate.js, a file of the site's
// own, which a policy that allows the site's scripts allows: a worker made from text needs blob:); where no
// worker can be made (a sandboxed frame, an old engine), the page's thread still does.  Where the interpreter
// starts in a worker already (the page's Python, the computer's), it inflates there: a worker of that worker
// only cost a start and a copy, and Firefox ESR sometimes never answered from it (3 starts in about 100 waited
// for ever, none in 150 since).
const INFLATER = new URL("../../inflate.js", import.meta.url);  // static/inflate.js, from static/vendor/pyodide-*/

function inflateAside(bytes) {
  if (!globalThis.document) return inflate(bytes);
  let worker;
  try {
    worker = new Worker(INFLATER);
  } catch {
    return inflate(bytes);
  }
  return new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => {
      worker.terminate();
      if (typeof data === "string") reject(new Error(data));
      else resolve(data);
    };
    worker.onerror = event => {
      event.preventDefault();
      worker.terminate();
      resolve(inflate(bytes));  // the worker could not run: inflated here after all
    };
    worker.postMessage(bytes);  // copied, not handed over: the page's thread may still need it
  });
}

// The service worker keeps the snapshot inflated in its cache (sw.js), keyed by its address and its content
// hash, the hash its name carries (tools/offline.py): read from there, a start has its 31 MB in ~40 ms,
// where through the worker's fetch it took ~130 ms, and inflating the 6 MB the server sends ~190 ms.
async function kept(url) {
  try {
    const response = await caches.match(`${url.href}?v=${/memory-(\w+)\.gz$/.exec(url.pathname)[1]}`);
    return response ? await response.arrayBuffer() : null;
  } catch {
    return null;  // no cache to read here (storage refused to a frame, an old engine)
  }
}

// Pyodide takes any bytes as its memory and runs on them: bytes that are not this build's snapshot (a
// host's page for a missing file, sent with 200; a truncated copy) would leave it running on garbage, and
// may take the page down with it.  So only bytes of the size memory.json names are handed over.
async function fetchSnapshot() {
  const { memory, bytes: size } = await (await fetched(MEMORY)).json();
  const url = new URL(memory, import.meta.url);
  let bytes = (await kept(url)) || (await (await fetched(url)).arrayBuffer());
  const head = new Uint8Array(bytes.slice(0, 2));
  if (head[0] === 0x1f && head[1] === 0x8b) bytes = await inflateAside(bytes);  // else sent inflated (Content-Encoding)
  if (bytes.byteLength !== size) throw new Error(`${url}: ${bytes.byteLength} bytes, not this build's ${size}`);
  return bytes;
}

// Asked for as soon as PyScript imports this module: the download overlaps Pyodide's own start.
const snapshot = fetchSnapshot();
snapshot.catch(() => {});  // a failure is handled where it is awaited, below

// Without the snapshot, the start-up modules come from the archive, unpacked where PyScript would unpack
// a [files] archive (its working folder).
async function startPlain(options) {
  const archive = fetched(ARCHIVE).then(response => response.arrayBuffer());
  archive.catch(() => {});  // awaited below, once Pyodide is there
  const pyodide = await load(options);
  pyodide.unpackArchive(new Uint8Array(await archive), "zip", { extractDir: "." });
  return pyodide;
}

// Pyodide's WebAssembly that cannot be compiled (pyodide.asm.wasm missing from a deploy, refused by a proxy that
// blocks .wasm) is only logged by Pyodide ("wasm instantiation failed!"), which then waits for ever.  Heard here,
// the start fails instead: in a worker, its start is refused (static/page-worker.js tells the page, which starts
// Python itself); on the page, an error event says why, as any error of the start does (static/start.js's `watch`
// then says the game cannot start, rather than "Starting…" for ever), and PyScript goes on waiting.
const FAILED_WARNING = "wasm instantiation failed!";
const FAILED = "the game engine, pyodide.asm.wasm, could not be loaded";

function load(options) {
  const warn = console.warn;
  return new Promise((resolve, reject) => {
    console.warn = (...args) => {
      warn.apply(console, args);
      if (args[0] !== FAILED_WARNING) return;
      if (globalThis.document) dispatchEvent(new ErrorEvent("error", { message: FAILED }));
      else reject(new Error(FAILED));
    };
    loadPlain(options).then(resolve, reject);
  }).finally(() => { console.warn = warn; });
}

function started(how) {
  if (globalThis.document) document.documentElement.dataset.interpreter = how;
  else globalThis.pyramidsInterpreter = how;  // a worker's: static/page-worker.js tells its page
}

export async function loadPyodide(options) {
  let pyodide;
  try {
    pyodide = await load({ ...options, _loadSnapshot: snapshot });
  } catch {
    started("plain");
    return startPlain(options);
  }
  // The snapshot's memory is every visitor's: `random` gets a seed of this start's own.  Its files are not
  // in it: the start-up archive's folders and other files are written back (tools/frozen.py).  In a task
  // after Pyodide's bootstrap, so neither holds the page's thread 50 ms (40-60 ms and 10 ms here): nothing
  // else has the interpreter yet.
  await new Promise(resume => {
    const channel = new MessageChannel();  // a message, not a timer: a hidden tab does not hold it back
    channel.port1.onmessage = () => { channel.port1.close(); resume(); };
    channel.port2.postMessage(0);
  });
  pyodide.runPython("import frozen, random\nrandom.seed()\nfrozen.restore()");
  started("snapshot");
  return pyodide;
}
