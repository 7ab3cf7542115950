"""A static server of our own for the browser tests that need one: the app under a
sub-path, a temporary copy of the app, a host page on another origin.  It records
every request it receives, so a test can say what reached the server."""

from __future__ import annotations

import functools
import http.server
import pathlib
import threading
from urllib.parse import urlsplit

from conftest import ARGS, CHROMIUM, QuietHandler, Watch

# Chromium checks the worker script for updates after every navigation, from the browser
# process; DevTools' offline emulation does not cover that check (in a real offline browser
# it fails quietly).  It is the browser's, not the page's: the page makes no request.
UPDATE_CHECK = {"sw.js", "precache.js"}


class StaticServer:
    """Serves `root` at http://<host>:<port><prefix> (404 elsewhere), each answer with `headers` (a site's CORS or
    Content-Security-Policy); `requests` lists the paths asked for.  127.0.0.2, 127.0.0.3... are loopback addresses
    too: a site and a host page on two of them are two sites, as on the web."""

    def __init__(self, root: pathlib.Path, prefix: str = "/", host: str = "127.0.0.1", headers: dict | None = None):
        self.root, self.prefix = pathlib.Path(root), prefix
        self.requests: list[str] = []
        self.not_modified: list[str] = []  # of those, the ones answered 304: the browser revalidating its cache
        server = self

        class Handler(QuietHandler):
            def do_GET(self):
                path = urlsplit(self.path).path
                server.requests.append(path)
                if not path.startswith(server.prefix):
                    return self.send_error(404)
                return super().do_GET()

            def send_response(self, code, message=None):
                if code == 304:
                    server.not_modified.append(urlsplit(self.path).path)
                super().send_response(code, message)

            def end_headers(self):
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                super().end_headers()

            def translate_path(self, path):
                return super().translate_path("/" + urlsplit(path).path[len(server.prefix):])

        self.httpd = http.server.ThreadingHTTPServer(
            (host, 0), functools.partial(Handler, directory=str(self.root)))
        self.url = f"http://{host}:{self.httpd.server_address[1]}{prefix}"
        self.origin = self.url[:self.url.index("/", len("http://"))] + "/"

    def __enter__(self):
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()

    def paths(self, downloaded: bool = False) -> list[str]:
        """The requested paths relative to the prefix, and clear the record.

        `downloaded`: only those whose bytes were sent, not a revalidation of the browser's HTTP cache (which
        the browser makes, for a file of unknown freshness, when the file changed on disk moments ago).
        """
        taken, self.requests[:] = list(self.requests), []
        unchanged, self.not_modified[:] = list(self.not_modified), []
        if downloaded:
            for path in unchanged:
                taken.remove(path)
        return [p[len(self.prefix):] if p.startswith(self.prefix) else p for p in taken]


def launch_profile(browser, user_data_dir, origin, **options):
    """A browser with a persistent profile (as after a restart), watched like the others."""
    context = browser.browser_type.launch_persistent_context(
        str(user_data_dir), executable_path=CHROMIUM, headless=True, args=ARGS, **options)
    watch = Watch(origin)
    watch.attach(context)
    return context, watch


def wait_controlled(page):
    """The service worker controls the page: it has cached the app."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)


def requests_log(context) -> list:
    """Every request the context's pages and workers make from now on."""
    seen: list = []
    context.on("request", lambda request: seen.append(request))
    return seen


def not_from_the_worker(requests) -> list[str]:
    """The pages' requests that the service worker did not answer.

    The worker's own requests are left out: it asks the browser's HTTP cache for the
    interpreter (never the network, see sw.js); what reaches the server is counted there.
    So are requests the browser itself called off before anyone answered them
    (net::ERR_ABORTED): the embed's icon, asked for again as the page's address changes,
    one run in ten under load, with the code of 2026-12-02 morning as with today's.  A
    request that went to the network offline fails otherwise (ERR_INTERNET_DISCONNECTED).
    """
    missed = []
    for request in requests:
        if request.url.startswith(("data:", "blob:")) or request.service_worker is not None:
            continue
        if request.failure == "net::ERR_ABORTED":
            continue
        response = request.response() if request.failure is None else None
        if response is None or not response.from_service_worker:
            missed.append(request.url)
    return missed
