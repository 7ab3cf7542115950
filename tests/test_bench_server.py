"""The bench's static host for Lighthouse (tests/bench/lighthouse.py): gzip and cache headers, on CPython.

Lighthouse scores the app as a good static host would serve it; a server that sent everything
uncompressed and uncached would make its performance audits about the server, not the app.
"""

import gzip
import http.client
import os

import pytest

from bench import lighthouse

TEXT = b"def move(board):\n    return board\n" * 2000  # compresses well
DEFLATED = os.urandom(20000)  # an archive's bytes: gzip saves nothing


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A dist/-like folder: pages, the config naming the interpreter's folder, vendored and own files."""
    tmp_path = tmp_path_factory.mktemp("dist")
    (tmp_path / "pyscript.toml").write_text('interpreter = "./static/vendor/pyodide-1.2.3/pyodide.mjs"\n')
    (tmp_path / "index.html").write_bytes(b"<!doctype html><title>x</title>" + TEXT)
    for name, data in {"static/vendor/pyodide-1.2.3/pyodide.asm.wasm": TEXT,
                       "static/vendor/pyscript/core-C9KDLldu.js": TEXT, "static/vendor/pyscript/core.js": TEXT,
                       "static/pyramids.zip": DEFLATED, "static/app.css": TEXT}.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    with lighthouse.serve(tmp_path) as url:
        yield url.rstrip("/")


def get(url: str, path: str, **headers) -> tuple[http.client.HTTPResponse, bytes]:
    connection = http.client.HTTPConnection(url.removeprefix("http://"))
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response, body


def test_text_is_gzipped_for_a_browser_that_accepts_it(site):
    response, body = get(site, "/static/app.css", **{"Accept-Encoding": "gzip, deflate, br"})
    assert response.status == 200
    assert response.getheader("Content-Encoding") == "gzip"
    assert response.getheader("Vary") == "Accept-Encoding"
    assert gzip.decompress(body) == TEXT
    assert int(response.getheader("Content-Length")) == len(body) < len(TEXT) / 10


def test_a_client_that_does_not_accept_gzip_gets_the_bytes(site):
    response, body = get(site, "/static/app.css")
    assert response.getheader("Content-Encoding") is None
    assert body == TEXT


def test_a_file_gzip_cannot_shrink_is_sent_as_it_is(site):
    response, body = get(site, "/static/pyramids.zip", **{"Accept-Encoding": "gzip"})
    assert response.getheader("Content-Encoding") is None
    assert body == DEFLATED


@pytest.mark.parametrize("path, cached", [
    ("/static/vendor/pyodide-1.2.3/pyodide.asm.wasm", True),  # the interpreter's folder is named by its version
    ("/static/vendor/pyscript/core-C9KDLldu.js", True),  # a PyScript chunk named by its hash
    ("/static/vendor/pyscript/core.js", False),  # PyScript's entry: the same name in every version
    ("/static/pyramids.zip", False), ("/static/app.css", False), ("/", False), ("/index.html", False),
])
def test_only_files_named_by_their_content_are_cached_for_long(site, path, cached):
    response, _ = get(site, path)
    assert response.status == 200
    assert response.getheader("Cache-Control") == ("public, max-age=31536000, immutable" if cached else "no-cache")


def test_an_unchanged_file_is_revalidated_without_its_bytes(site):
    first, _ = get(site, "/index.html")
    again, body = get(site, "/index.html", **{"If-None-Match": first.getheader("ETag")})
    assert again.status == 304 and body == b""


def test_the_folder_serves_its_page(site):
    response, body = get(site, "/", **{"Accept-Encoding": "gzip"})
    assert response.getheader("Content-Type").startswith("text/html")
    assert gzip.decompress(body).startswith(b"<!doctype html>")
