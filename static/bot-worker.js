// The computer's thinking in a worker of its own, so the page never waits for it: the page's bridge
// (static/bridge.js's `think`) starts it at the first bot turn or hint and keeps it; the interpreter
// starts here from its snapshot, as the embed's (static/page-worker.js), and py/bot_worker.py's `choose`
// answers each question.  It touches no page: no SharedArrayBuffer, no special headers.
//
// It hears {think: id, interpreter, args} (`choose`'s arguments after its first, the site's folder, which this
// worker knows) and answers {started: true} once its Python is ready, then {think: id, move} or {think: id,
// error}; {refused: why} where a policy of the site refuses WebAssembly (Pyodide would wait for ever).
"use strict";
let choose = null;

addEventListener("securitypolicyviolation", event => postMessage({refused: `refused by ${event.effectiveDirective}`}));

async function start(interpreter) {
  const {loadPyodide} = await import(interpreter);
  const python = await loadPyodide({indexURL: new URL(".", interpreter).href});
  const chooser = python.pyimport("bot_worker").choose;
  postMessage({started: true});
  return chooser;
}

onmessage = async ({data: {think, interpreter, args}}) => {
  try {
    choose ||= start(interpreter);
    const move = await (await choose)(new URL("../", import.meta.url).href, ...args);
    postMessage({think, move: String(move)});
  } catch (error) {
    // a Python error's message is its traceback: its last line says what went wrong
    postMessage({think, error: String((error && error.message) || error).trim().split("\n").pop().slice(0, 400)});
  }
};
