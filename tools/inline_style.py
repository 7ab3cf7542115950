"""The app's stylesheet, copied into index.html itself, for build.sh.

    python3 tools/inline_style.py     copy static/app.css into index.html's <style>

A stylesheet the page links holds its first paint until it has arrived: on a
first visit that is one more request, and one more round trip on a phone's
network, before anything shows.  static/app.css stays the one place the styles
are written (the embed links it); the build copies it into index.html, between
the comment that names it and the end of the <style> after it, so both pages
have the same styles and a returning visit loses nothing (the page is cached
whole).
"""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1]
STYLESHEET = "static/app.css"
PAGE = "index.html"
COPIED = re.compile(r"(<!-- static/app\.css, copied here by build\.sh[^>]*-->\s*<style>\n)(.*?)(</style>)", re.S)


def inlined(page: str, css: str) -> str:
    """`page` with `css` as the text of the <style> its comment marks."""
    if "</style" in css.lower():
        raise SystemExit(f"build.sh: {STYLESHEET} contains </style, which would end the page's <style> early")
    page, count = COPIED.subn(lambda m: m[1] + css + m[3], page)
    if count != 1:
        raise SystemExit(f"build.sh: {PAGE} has {count} <style> marked as the copy of {STYLESHEET}, not 1")
    return page


def main(root: pathlib.Path = ROOT) -> None:
    path = root / PAGE
    page = path.read_text()
    wanted = inlined(page, (root / STYLESHEET).read_text())
    if wanted != page:
        path.write_text(wanted)
        print(f"build.sh: {PAGE}'s copy of {STYLESHEET} updated")


if __name__ == "__main__":
    main()
