"""The MediaWiki recipe of docs/wiki.md, tried for real (issue 50): ``python -m tests.bench --only wiki``.

Installs Debian's mediawiki, apache2 and php-sqlite3 when missing (apt-get: run as root), sets up a wiki of its
own in a temporary folder (SQLite, MediaWiki's own installer, an Apache of its own on 127.0.0.3; nothing of the
machine's Apache or wikis is touched), copies docs/wiki/mediawiki-Common.js into MediaWiki:Common.js and
docs/wiki/mediawiki-Template.wikitext into Template:Pyramids as an admin would, and puts three embeds of different
games on a page, each the code the app's Embed box gives "For: MediaWiki".  The app is served on 127.0.0.2.
Chromium then opens the page: each frame must show its board (the picture its code carries) and step through
moves once a reader clicks.
"""

from __future__ import annotations

import functools
import http.server
import os
import pathlib
import secrets
import shutil
import socket
import subprocess
import tempfile
import threading
import time

from pyramids import embed, views
from tests.bench.embeds import played
from tests.bench.serving import LocalServer
from tests.e2e.conftest import ARGS, CHROMIUM, READY_MS

ROOT = pathlib.Path(__file__).resolve().parents[2]
MEDIAWIKI = pathlib.Path("/usr/share/mediawiki")
PACKAGES = {"/usr/share/mediawiki/index.php": "mediawiki", "/usr/sbin/apache2": "apache2",
            "/usr/share/php8.2-sqlite3/sqlite3/sqlite3.ini": "php-sqlite3"}
MODULES = "/usr/lib/apache2/modules"
GAMES = {"ice-lady": (12, 6), "terrafex": (30, 20), "icetoids": (30, 20)}  # moves played, move shown
HOST = "127.0.0.3"
APACHE = """ServerName {host}
Listen {host}:{port}
PidFile {folder}/apache.pid
ErrorLog {folder}/error.log
User www-data
Group www-data
LoadModule mpm_prefork_module {modules}/mod_mpm_prefork.so
LoadModule authz_core_module {modules}/mod_authz_core.so
LoadModule dir_module {modules}/mod_dir.so
LoadModule mime_module {modules}/mod_mime.so
LoadModule alias_module {modules}/mod_alias.so
LoadModule env_module {modules}/mod_env.so
LoadModule php_module {modules}/libphp8.2.so
TypesConfig /etc/mime.types
DocumentRoot {folder}/root
Alias /w {mediawiki}
<Directory {mediawiki}>
  Require all granted
  DirectoryIndex index.php
  <FilesMatch "\\.php$">
    SetHandler application/x-httpd-php
  </FilesMatch>
</Directory>
SetEnv MW_CONFIG_FILE {folder}/LocalSettings.php
"""


def install() -> None:
    missing = sorted({package for path, package in PACKAGES.items() if not os.path.exists(path)})
    if missing:
        print(f"  installing {', '.join(missing)} (apt-get)")
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        subprocess.run([*sudo, "apt-get", "update", "-qq"], check=True)
        subprocess.run([*sudo, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-qq", *missing],
                       check=True)


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


class Wiki:
    """A MediaWiki of its own under `folder`, served by an Apache of its own on `HOST`."""

    def __init__(self, folder: pathlib.Path):
        self.folder, self.port = folder, free_port(HOST)
        self.url = f"http://{HOST}:{self.port}/w/"
        self.env = {**os.environ, "MW_CONFIG_FILE": str(folder / "LocalSettings.php")}

    def php(self, script: str, *args: str, text: str | None = None) -> str:
        done = subprocess.run(["php", str(MEDIAWIKI / "maintenance" / script), *args], input=text, env=self.env,
                              capture_output=True, text=True, timeout=300)
        if done.returncode:
            raise RuntimeError(f"{script} failed: {done.stdout}{done.stderr}")
        return done.stdout

    def set_up(self) -> None:
        data = self.folder / "data"
        data.mkdir()
        (self.folder / "root").mkdir()
        self.php("install.php", "--confpath", str(self.folder), "--dbtype", "sqlite", "--dbpath", str(data),
                 "--dbname", "benchwiki", "--server", f"http://{HOST}:{self.port}", "--scriptpath", "/w",
                 "--lang", "en", "--pass", secrets.token_urlsafe(16), "Pyramids Bench Wiki", "Admin")
        subprocess.run(["chown", "-R", "www-data:www-data", str(self.folder)], check=True)
        (self.folder / "apache.conf").write_text(APACHE.format(host=HOST, port=self.port, folder=self.folder,
                                                                modules=MODULES, mediawiki=MEDIAWIKI))
        subprocess.run(["apache2", "-f", str(self.folder / "apache.conf"), "-k", "start"], check=True)

    def edit(self, title: str, text: str) -> None:
        """What an admin does in the wiki's editor (maintenance/edit.php, as the admin the installer made)."""
        self.php("edit.php", "--user", "Admin", "--summary", "Looney Pyramids (docs/wiki.md)", title, text=text)

    def stop(self) -> None:
        subprocess.run(["apache2", "-f", str(self.folder / "apache.conf"), "-k", "stop"], check=False)
        for _ in range(50):
            if not (self.folder / "apache.pid").exists():
                break
            time.sleep(0.1)


def recipe(site_url: str) -> tuple[str, str, str]:
    """MediaWiki:Common.js (its SITE set to the app's address), Template:Pyramids, and a page of three embeds."""
    common = (ROOT / "docs" / "wiki" / "mediawiki-Common.js").read_text()
    common = common.replace("'https://example.org/games/pyramids/'", repr(site_url))
    template = (ROOT / "docs" / "wiki" / "mediawiki-Template.wikitext").read_text()
    codes = []
    for game_id, (plies, shown) in GAMES.items():
        s = played(game_id, plies, shown)
        painted = embed.picture(s.record(), s.state, s.clicks.marks(), s.cursor)
        codes.append(embed.snippet(site_url, s.record(), s.cursor, embed.View(), f"{s.game.title}, Looney Pyramids",
                                   views.draw(s.state), painted, form="mediawiki"))
    page = "Three games, as the app's Embed box gives them for MediaWiki.\n\n" + "\n\n".join(codes) + "\n"
    return common, template, page


def check(url: str) -> dict:
    """Open the wiki's page in Chromium: each frame shows its board, then steps once a reader clicks."""
    from playwright.sync_api import sync_playwright

    found = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 3000})
            page.goto(url)
            for game_id in GAMES:
                frame = None
                for _ in range(600):
                    frame = next((f for f in page.frames if f"g={game_id}" in f.url), None)
                    if frame:
                        break
                    page.wait_for_timeout(50)
                if frame is None:
                    found[game_id] = "no frame: the template or Common.js did not make one"
                    continue
                frame.wait_for_selector("html[data-painted] #board svg", timeout=READY_MS)
                before = frame.inner_text("#ply")
                frame.click("#first")
                frame.wait_for_selector("html[data-ready]", timeout=READY_MS)
                frame.wait_for_function("document.getElementById('ply').textContent.startsWith('0/')")
                frame.click("#next")
                after = frame.inner_text("#ply")
                found[game_id] = "ok" if after.startswith("1/") else f"stepped from {before} to {after}"
        finally:
            browser.close()
    return found


def section(args, table, results):
    print("Wiki: the MediaWiki recipe (docs/wiki.md) in Debian's MediaWiki, three embeds on one page")
    install()
    site = LocalServer(("127.0.0.2", 0), functools.partial(Quiet, directory=str(ROOT)))
    threading.Thread(target=site.serve_forever, daemon=True).start()
    site_url = f"http://127.0.0.2:{site.server_address[1]}/"
    folder = pathlib.Path(tempfile.mkdtemp(prefix="bench-mediawiki-"))
    wiki = Wiki(folder)
    try:
        wiki.set_up()
        common, template, page = recipe(site_url)
        wiki.edit("MediaWiki:Common.js", common)
        wiki.edit("Template:Pyramids", template)
        wiki.edit("Three games", page)
        found = check(wiki.url + "index.php?title=Three_games")
    finally:
        wiki.stop()
        site.shutdown()
        site.server_close()
        shutil.rmtree(folder, ignore_errors=True)
    results["wiki"] = found
    for game_id, outcome in found.items():
        table.add("Wiki", f"MediaWiki, {game_id}: board shown, then steps", text=outcome)
    passed = sum(outcome == "ok" for outcome in found.values())
    table.add("Wiki", "MediaWiki recipe: embeds that work", {"median": passed, "n": 1}, unit="",
              at_least=len(GAMES))
