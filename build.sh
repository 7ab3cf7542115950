#!/usr/bin/env bash
# Build, serve and test the Looney Pyramids app.
#   ./build.sh          build: vendor PyScript + Pyodide from npm, pack the Python (tools/package.py),
#                       regenerate pyscript.toml, static/first-board.js, precache.js and static/build.js
#   ./build.sh dist     build, then write dist/: the app for any static web host, at any path
#   ./build.sh serve    build, then serve on http://127.0.0.1:${PORT:-8000}/
#   ./build.sh test     install test requirements (pip, Debian chromium, firefox-esr, webkit2gtk-driver, xvfb), lint
#                       py/, tools/ and tests/ (ruff), type-check py/ and tools/ (mypy), build, run every test
#   ./build.sh bench    the same installs and build, then time the app against bare Pyodide
#                       (tests/bench/; options --runs N --json PATH, see --help)
set -euo pipefail
cd "$(dirname "$0")"

VENDOR=static/vendor
# The files the page loads, measured: Pyodide needs these five (the lock file even
# with no packages); PyScript's dist needs core, its chunk, toml and six plugin chunks
# it always fetches, even when disabled.
PYODIDE_FILES="pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json"
PYSCRIPT_GLOBS="core.js core.css core-*.js toml-*.js error-*.js deprecations-manager-*.js donkey-*.js py-editor-*.js py-game-*.js py-terminal-*.js"

install_node_packages() {
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error
  fi
}

# The interpreter's folder is named by its version, so its URLs change whenever its bytes do:
# the service worker may then answer it from the browser's HTTP cache (see sw.js).
pyodide_folder() {
  echo "$VENDOR/pyodide-$(python3 -c 'import json; print(json.load(open("node_modules/pyodide/package.json"))["version"])')"
}

# Copy files into a folder, a script without its last line naming a source map (`//# sourceMappingURL=`):
# the maps are not vendored (they help debug PyScript and Pyodide themselves, and everything under
# static/ is precached for offline use), and DevTools would ask for each one in vain, a 404 every load.
copy_into() {
  local folder="${*: -1}" f
  for f in "${@:1:$#-1}"; do
    case "$f" in
      *.js|*.mjs) sed -e '/^\/\/# sourceMappingURL=/d' "$f" > "$folder/$(basename "$f")" ;;
      *) cp "$f" "$folder/" ;;
    esac
  done
}

vendor() {
  rm -rf "$VENDOR"
  mkdir -p "$PYODIDE" "$VENDOR/pyscript"
  for f in $PYODIDE_FILES; do copy_into "node_modules/pyodide/$f" "$PYODIDE"; done
  for g in $PYSCRIPT_GLOBS; do
    matches=(node_modules/@pyscript/core/dist/$g)
    [ -e "${matches[0]}" ] || { echo "build.sh: @pyscript/core has no dist/$g" >&2; exit 1; }
    copy_into "${matches[@]}" "$VENDOR/pyscript"
  done
}

# Pyodide makes a shared WebAssembly.Memory as soon as it loads, for Emscripten's syncSleep (which
# only Node's file system waits on), and browsers then report SharedArrayBuffer's deprecation
# without cross-origin isolation (Lighthouse: best practices). Made at the first sleep instead,
# it changes nothing else; a Pyodide without that line stops the build, to be looked at.
lazy_shared_memory() {
  python3 - "$PYODIDE/pyodide.asm.mjs" <<'PY'
import pathlib, re, sys
path = pathlib.Path(sys.argv[1])
text, count = re.subn(
    r"var (\w+)=(new Int32Array\(new WebAssembly\.Memory\(\{shared:!0,initial:1,maximum:1\}\)\.buffer\));"
    r"function (\w+)\((\w+)\)\{try\{return Atomics\.wait\(\1,0,0,\4\),!0\}catch\{return!1\}\}",
    r"var \1;function \3(\4){try{return \1||(\1=\2),Atomics.wait(\1,0,0,\4),!0}catch{return!1}}",
    path.read_text())
if count != 1:
    sys.exit(f"build.sh: {path} has no eager shared memory to make lazy ({count} found): see lazy_shared_memory")
path.write_text(text)
PY
}

# Pyodide's start from the snapshot ends in one task: the WebAssembly instantiated (its compiled code read
# back from the cache), the module's instance linked, the memory restored, the Python bootstrap (Lighthouse
# desktop: 305-330 ms, most of the page's blocking time). Three yields to the event loop (a MessageChannel
# message: not throttled like a timer in a hidden tab) cut it in four; nothing else can touch the
# interpreter meanwhile (the module's factory and loadPyodide have not returned). A Pyodide without those
# lines stops the build.
yielding_bootstrap() {
  python3 - "$PYODIDE/pyodide.mjs" <<'PY'
import pathlib, re, sys
path = pathlib.Path(sys.argv[1])
text = path.read_text()
pause = "await new Promise(f=>{let c=new MessageChannel;c.port1.onmessage=()=>{c.port1.close(),f()},c.port2.postMessage(0)})"
text, made = re.subn(
    r"function (\w+)\((\w+),(\w+),(\w+)\)\{let (\w+)=\2\.API,(\w+);return \3&&\(\6=\5\.restoreSnapshot\(\3\)\),"
    r"\5\.finalizeBootstrap\(\6,\4\._snapshotDeserializer\)\}",
    lambda m: (f"async function {m[1]}({m[2]},{m[3]},{m[4]}){{let {m[5]}={m[2]}.API,{m[6]};{pause};"
               f"return {m[3]}&&({m[6]}={m[5]}.restoreSnapshot({m[3]}),{pause}),"
               f"{m[5]}.finalizeBootstrap({m[6]},{m[4]}._snapshotDeserializer)}}"), text)
name = re.search(r"async function (\w+)\(\w+,\w+,\w+\)\{let \w+=\w+\.API", text)
called = 0
if name:
    text, called = re.subn(rf"let (\w+)=({name[1]}\(\w+,\w+,\w+\));", r"let \1=await \2;", text)
# The instance handed to the module (its exports linked, its side modules loaded) in a task of its own.
text, linked = re.subn(r"let\{instance:(\w+),module:(\w+)\}=(\w+);(\w+)\(\1,\2\)\}",
                       lambda m: f"let{{instance:{m[1]},module:{m[2]}}}={m[3]};{pause};{m[4]}({m[1]},{m[2]})}}", text)
if (made, called, linked) != (1, 1, 1):
    sys.exit(f"build.sh: {path} has no start to cut in four ({made}, {called}, {linked} found): see yielding_bootstrap")
path.write_text(text)
PY
}

# PyScript hands a worker its hooks as source text, and joins each hook's parts into one function with
# Function(`...`)(): on the page itself, at every start, with or without a worker, so a site whose policy
# (Content-Security-Policy) has no 'unsafe-eval' stopped PyScript before Python ran ("Starting…" for ever).
# The same function made without eval, its source text kept for the worker, starts under such a policy.
# A PyScript without those lines stops the build.
eval_free_hooks() {
  python3 - "$VENDOR"/pyscript/core-*.js <<'PY'
import pathlib, re, sys
path = pathlib.Path(sys.argv[1])
text, count = re.subn(
    r"const (\w+)=(\w+)\((\w+\[`_\$\{\w+\}`\]\|\|\(.+?\))\),(\w+)=(\w+)\.map\(\2\)\.join\(\", \"\);"
    r"return Function\(`return\(w,x\)=>\(\$\{\1\}\)\(w,x,\.\.\.\[\$\{\4\}\]\)`\)\(\)",
    lambda m: (f"const __joined={m[3]},{m[1]}={m[2]}(__joined),{m[4]}={m[5]}.map({m[2]}).join(\", \"),"
               f"__hook=(w,x)=>__joined(w,x,...{m[5]});"
               f"return __hook.toString=()=>`(w,x)=>(${{{m[1]}}})(w,x,...[${{{m[4]}}}])`,__hook"),
    path.read_text())
if count != 1:
    sys.exit(f"build.sh: {path} has no worker hooks made with Function() ({count} found): see eval_free_hooks")
path.write_text(text)
PY
}

build() {
  install_node_packages
  PYODIDE="$(pyodide_folder)"  # vendor() fills it; pyscript.toml names it
  vendor
  lazy_shared_memory
  yielding_bootstrap
  eval_free_hooks
  python3 tools/package.py "$PYODIDE"  # static/pyramids.zip, static/games/*.zip, static/ai.zip, pyscript.toml
  python3 tools/first_board.py  # static/first-board.js: the board a first visit is shown while Python starts
  python3 tools/inline_style.py  # static/app.css copied into index.html: a first visit paints without waiting for it
  python3 tools/offline.py precache  # the service worker's file list, from pyscript.toml
}

# Debian's browsers, each given as program:package, installed when the program is missing (one apt-get update).
install_debian() {
  local missing=() pair
  for pair in "$@"; do [ -x "${pair%%:*}" ] || missing+=("${pair#*:}"); done
  [ ${#missing[@]} -gt 0 ] || return 0
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
}

# Chromium (Playwright), Firefox ESR (Puppeteer, tests/e2e/test_firefox.py) and WebKitGTK (its WebDriver under
# xvfb-run, tests/e2e/test_webkit.py), and any more programs:packages given.
install_test_requirements() {
  install_debian /usr/bin/chromium:chromium /usr/bin/firefox-esr:firefox-esr \
    /usr/bin/WebKitWebDriver:webkit2gtk-driver /usr/bin/xvfb-run:xvfb "$@"
  [ -x .venv/bin/python ] || python3 -m venv .venv
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
}

case "${1:-build}" in
  build) build ;;
  dist) build; python3 tools/offline.py dist ;;
  serve)
    build
    echo "Serving on http://127.0.0.1:${PORT:-8000}/ (Ctrl-C stops)"
    exec python3 -m http.server "${PORT:-8000}" --bind 127.0.0.1
    ;;
  test)
    install_test_requirements
    .venv/bin/ruff check py tools tests  # pyproject.toml's settings; a failure stops the run before the slow build
    .venv/bin/mypy  # the type checker, on pyproject.toml's files and settings
    build
    shift
    exec .venv/bin/python -m pytest "$@"
    ;;
  bench)
    install_test_requirements
    build
    shift
    exec .venv/bin/python -m tests.bench "$@"
    ;;
  *) echo "usage: $0 [build|dist|serve|test [pytest args]|bench [--runs N] [--json PATH]]" >&2; exit 2 ;;
esac
