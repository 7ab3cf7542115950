"""WebKitGTK driven by Debian's WebKitWebDriver under xvfb-run, through the few W3C WebDriver commands the bench
(engines.py) and the WebKit smoke test (tests/e2e/test_webkit.py) need: no client library, only HTTP."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

READY_S = 300  # WebKitGTK starts the bare Pyodide page in 25-29 s on an idle two-core machine


class WebDriver:
    """WebKitWebDriver under xvfb-run, and the W3C WebDriver commands: `with WebDriver() as driver:` stops it."""

    def __init__(self):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        self.base = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(["xvfb-run", "-a", "-s", "-screen 0 1280x1024x24",
                                         "WebKitWebDriver", f"--port={port}"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 30
        while True:
            try:
                self.call("GET", "/status")
                return
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.close()
                    raise RuntimeError("WebKitWebDriver did not start under xvfb-run") from None
                time.sleep(0.2)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def call(self, method: str, path: str, body: dict | None = None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=READY_S) as response:
                return json.load(response)["value"]
        except urllib.error.HTTPError as error:
            raise RuntimeError(f"WebDriver {method} {path}: {error.read().decode(errors='replace')}") from None

    @contextlib.contextmanager
    def session(self):
        """A fresh MiniBrowser (an automation session keeps no data): its capabilities and session id."""
        found = self.call("POST", "/session", {"capabilities": {"alwaysMatch": {
            "pageLoadStrategy": "none", "timeouts": {"pageLoad": READY_S * 1000, "script": READY_S * 1000},
            "webkitgtk:browserOptions": {"args": ["--automation"]}}}})
        sid = found["sessionId"]
        try:
            yield found["capabilities"], sid
        finally:
            self.call("DELETE", f"/session/{sid}")

    def run(self, sid: str, script: str, *args):
        return self.call("POST", f"/session/{sid}/execute/sync", {"script": script, "args": list(args)})

    def close(self):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGTERM)  # xvfb-run, its Xvfb and the driver
        self.process.wait(timeout=30)


def across_unload(run):
    """`run()`, or None when the document it ran in was replaced meanwhile (the navigation committing): the
    caller asks again.  WebKitGTK 2.50's driver answers "no such frame" then."""
    try:
        return run()
    except RuntimeError as error:
        if '"no such frame"' in str(error):
            return None
        raise
