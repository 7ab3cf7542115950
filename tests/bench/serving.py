"""What the bench's two static servers share: a threaded server on 127.0.0.1 that a closing browser does not upset."""

from __future__ import annotations

import http.server
import sys


class LocalServer(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        """A browser closed while a file was still being sent: not a problem of the app."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/"
