"""The My games dialog: the saved games with their pictures, to open, rename or delete, and the whole
list exported to a file or imported from one."""

import asyncio

from pyodide.ffi import create_proxy, to_js
from pyscript import window

from archives import loaded
from browser import by_id, download_file, present
from pyramids import games, page, saves, views
from pyramids.core import GameError
from screen.store import now_ms, storage_manager

KEPT_SAFE = "Your games are kept safe in this browser."
MAY_CLEAR = "This browser may clear these games if the site is not visited for a while."
ON_SCREEN_DELETED = ("The game on screen was deleted from My games. It stays on the board; play on in it to save it "
                     "again, as a new game.")


class MyGames:
    def __init__(self, app):
        self.app = app

    def bind(self):
        by_id("my-games").addEventListener("click", create_proxy(lambda _event: self.show()))
        by_id("games-list").addEventListener("click", create_proxy(self.on_click))
        by_id("games-close").addEventListener("click", create_proxy(lambda _event: by_id("games-box").close()))
        by_id("games-export").addEventListener("click", create_proxy(lambda _event: self.export()))
        by_id("games-import").addEventListener("click", create_proxy(lambda _event: by_id("games-file").click()))
        by_id("games-file").addEventListener("change", create_proxy(
            lambda _event: asyncio.ensure_future(self.import_file())))

    def show(self):
        self.app.persist()
        by_id("games-note").textContent = ""
        self.fill()
        by_id("games-box").showModal()
        asyncio.ensure_future(self.fetch_pictures())

    def fill(self):
        when = lambda ms: str(window.Date.new(ms).toLocaleString())  # noqa: E731 - the reader's own format
        listed = saves.entries(self.app.store)
        by_id("games-list").innerHTML = page.games_list(listed, self.app.entry, when, thumbnail)
        by_id("games-kept").textContent = ""
        if listed:
            asyncio.ensure_future(say_kept())

    def refill(self):
        """Another tab changed the saved games: the list, if open, shows them as they are now."""
        if by_id("games-box").open:
            self.fill()

    def export(self):
        """Download every saved game as one readable JSON file: a backup, or a move to another browser."""
        day = str(window.Date.new().toISOString())
        text = saves.export_games(self.app.store, day)
        url = window.URL.createObjectURL(window.Blob.new(to_js([text]), to_js(
            {"type": "application/json"}, dict_converter=window.Object.fromEntries)))
        download_file(url, f"looney-pyramids-games-{day[:10]}.json")
        exported = text.count('"record":')
        by_id("games-note").textContent = f"Exported {exported} game{'s' if exported != 1 else ''} to a file in your downloads."

    async def import_file(self):
        """Add the games of a file Export made: nothing here is overwritten; a bad file changes nothing."""
        chosen = by_id("games-file")
        file = present(chosen.files.item(0)) if chosen.files.length else None
        if file is None:
            return
        chosen.value = ""  # the same file may be chosen again
        note = by_id("games-note")
        note.textContent = "Importing…"
        try:
            text = str(await file.text())
            found = await self.app.loaded(lambda: saves.read_import(text))
            note.textContent = saves.add_imported(self.app.store, found, now_ms())
        except GameError as err:
            note.textContent = str(err)
        self.fill()
        asyncio.ensure_future(self.fetch_pictures())

    async def fetch_pictures(self):
        """The files of the listed games not shown yet, for their pictures: the list is drawn again with them."""
        fetched = []
        for game_id in sorted({e.game for e in saves.entries(self.app.store) if e.game}):
            try:
                await loaded(lambda: games.get(game_id), fetched.append)  # noqa: B023 - called at once
            except GameError:
                pass  # listed without a picture
        if fetched:
            self.refill()

    async def open(self, entry_id):
        """A game chosen in the list."""
        app = self.app
        by_id("games-box").close()
        if entry_id != app.entry:
            app.persist()
            app.notice = ""
            if await app.open_shown(entry_id):
                return None
        return app.act(lambda: None, save=False)

    def rename(self, entry_id):
        """Ask for a new name, the current one filled in; Cancel (null) changes nothing."""
        app = self.app
        try:
            current = str(saves.load(app.store, entry_id)[1].get("name") or "")
        except GameError:
            current = ""
        name = present(window.prompt("A name for this game:", current))
        if name is not None:
            if not saves.rename(app.store, entry_id, str(name), now_ms()):
                app.session.message, app.session.warn = "The new name could not be saved.", True
            elif entry_id == app.entry:
                app.meta = {**app.meta, "name": saves.load(app.store, entry_id)[1].get("name", "")}
        self.fill()

    def on_click(self, event):
        app = self.app
        target = present(event.target.closest("[data-open], [data-rename], [data-delete]"))
        if target is None or app.busy:
            return
        opened, renamed, deleted = (present(target.getAttribute(f"data-{key}")) for key in ("open", "rename", "delete"))
        if opened:
            asyncio.ensure_future(self.open(str(opened)))
        elif renamed:
            self.rename(str(renamed))
        elif deleted and window.confirm("Delete this saved game? This cannot be undone."):
            saves.delete(app.store, str(deleted))
            self.fill()
            if str(deleted) == app.entry:
                app.entry, app.saved = None, None  # still on screen; saved again as new if played on
                app.opened = list(app.session.moves)
                by_id("games-note").textContent = ON_SCREEN_DELETED
                app.session.note(ON_SCREEN_DELETED)
                app.render()


async def say_kept():
    """The list says whether this browser keeps the games safe (persistent storage) or may clear them."""
    manager, kept = storage_manager(), False
    if manager is not None and present(getattr(manager, "persisted", None)) is not None:
        try:
            kept = bool(await manager.persisted())
        except Exception:  # noqa: BLE001 - unknown: the games may be cleared
            kept = False
    by_id("games-kept").textContent = KEPT_SAFE if kept else MAY_CLEAR


def thumbnail(game_id, position):
    """A small picture of a saved position; nothing when it cannot be drawn."""
    try:
        return views.draw(games.get(game_id).from_text(position))
    except Exception:  # noqa: BLE001 - a picture must never keep the list from opening
        return ""
