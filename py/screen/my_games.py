"""The My games dialog: the saved games with their pictures, to open, rename or delete, and the whole
list exported to a file or imported from one (a slice at a time, with a progress line and Cancel)."""

import asyncio
import time

import js

from archives import loaded
from browser import caught_up, choose_file, confirm, css_string, do, home, in_slices, on, prompt, report, run_slice
from pyramids import backups, games, page, saves, views
from pyramids.core import GameError, counted
from screen.store import now_ms

KEPT_SAFE = "Your games are kept safe in this browser."
MAY_CLEAR = "This browser may clear these games if the site is not visited for a while."
SLICE = 0.03  # seconds of an import's work per task: the page answers between two
PAGE = 50  # games listed at a time; "Show more games" lists the next ones
PICTURES_KEPT = 1000  # pictures drawn, kept while the page is open
PICTURES_SLICE = 0.01  # seconds of drawing pictures per task (a picture takes a few milliseconds)
REFILL_AFTER = 0.2  # seconds: the changes another tab makes meanwhile are shown together
NOT_CHANGED = ("Another tab changed this game at the same moment, so your change was not made. The list shows the "
               "games as they are now: try again if you still want it.")
CLOSED_CANCELS = "The import stopped when My games was closed; nothing was changed."
ON_SCREEN_DELETED = ("The game on screen was deleted from My games. It stays on the board; play on in it to save it "
                     "again, as a new game.")


class MyGames:
    def __init__(self, app):
        self.app = app
        self.importing = None  # the backups.Importing under way, if any
        self.shown = PAGE  # how many games the list shows
        self.listed = []  # what it shows (saves.Listed)
        self.pictures = {}  # (game id, position) -> its picture, "" when it cannot be drawn
        self.drawing = False  # the pictures not drawn yet are being drawn, a few per task
        self.refilling = False  # another tab changed the saved games: the list is drawn again shortly
        self.fills = 0  # lists asked for: only the last one asked is drawn
        self.focus_at = None  # the item the focus goes to once the list is drawn ("Show more games", a rename, a
        # delete: the list drawn again took it from the button pressed) and the button, else the first of it
        self.open_box = False  # the dialog is open
        self.unseen = ""  # an import's result it could not show (the dialog closed), for its next opening

    def bind(self):
        on("my-games", "click", lambda _event: self.show())
        on("games-list", "click", self.on_click, asks=(  # the page's own boxes, in the press
            prompt("[data-rename]", "A name for this game:", "name", "Rename"),
            confirm("[data-delete]", "Delete this saved game? This cannot be undone.", "Delete")))
        on("games-close", "click", lambda _event: self.close())
        on("games-export", "click", lambda _event: self.export())
        on("games-import", "click", lambda _event: None, asks=(choose_file("#games-import", "games-file"),))
        on("games-file", "change", lambda event: asyncio.ensure_future(self.import_file(event.files)))
        on("games-cancel", "click", lambda _event: self.cancel_import())
        on("games-box", "close", lambda _event: self.closed())

    def show(self):
        self.app.saving.persist()
        say_note(self.unseen)
        self.unseen = ""
        self.shown = PAGE
        self.fill()
        do(["dialog", "games-box", True])
        self.open_box = True

    def close(self):
        """Close, a game chosen in the list, or a link opened under the box."""
        do(["dialog", "games-box", False])

    def closed(self):
        """The dialog closed (Close, Esc, a game opened): an import under way stops."""
        self.open_box = False
        self.cancel_import()

    def fill(self):
        """The list of the first games (the one played last first): at once, unless there are thousands
        (reading a game takes ~20 µs), then a slice per task.  A list asked for again meanwhile (another tab
        wrote) replaces this one."""
        self.fills += 1
        work = saves.ordering(self.app.store)
        over, ordered = run_slice(work)
        if over:
            self.draw(ordered)
        else:
            asyncio.ensure_future(self.fill_later(work, self.fills))

    async def fill_later(self, work, asked):
        ordered = await in_slices(work)
        if asked == self.fills:
            self.draw(ordered)

    def draw(self, ordered):
        """The games listed, each with its picture if it is drawn already: the others' follow, a few per task."""
        when = lambda ms: str(js.Date.new(ms).toLocaleString())  # noqa: E731 - the reader's own format
        self.listed = saves.listed(ordered[:self.shown])
        do(["set", "games-list", {"innerHTML": page.games_list(
            self.listed, self.app.saving.entry, when, lambda game, position: self.pictures.get((game, position), ""),
            len(ordered) - len(self.listed))}], ["set", "games-kept", {"textContent": ""}])
        if self.listed:  # whether this browser keeps the games safe (persistent storage) or may clear them
            do(["kept", "games-kept", KEPT_SAFE, MAY_CLEAR])
        if self.focus_at is not None:
            at, button = self.focus_at  # a place in the list, or a game's id (renamed: it may be listed elsewhere)
            if self.listed:
                ids = [e.id for e in self.listed]
                place = ids.index(at) if at in ids else at if isinstance(at, int) else 0
                item = f"#games-list li[data-entry={css_string(ids[min(place, len(ids) - 1)])}]"
                do(["focus", f"{item} [data-{button}]" if button != "open" else  # a damaged save has no Open
                    f"{item} [data-open], {item} [data-delete]"])
            else:
                do(["focus", "#games-close"])
        self.focus_at = None
        asyncio.ensure_future(self.draw_pictures())

    async def draw_pictures(self):
        """Draw the pictures of the listed games that have none yet, for ~10 ms a task, each game's files fetched
        the first time it is drawn; a picture that cannot be drawn stays blank."""
        if self.drawing:
            return
        self.drawing = True
        try:
            until = time.perf_counter() + PICTURES_SLICE
            while (e := next((e for e in self.listed if e.game and (e.game, e.position) not in self.pictures),
                             None)) is not None:
                try:
                    state = await loaded(lambda: games.get(e.game).from_text(e.position), base=home())  # noqa: B023 - at once
                    picture = views.draw(state, picture=True)
                except Exception:  # noqa: BLE001 - a picture must never keep the list from opening
                    picture = ""
                if len(self.pictures) >= PICTURES_KEPT:
                    self.pictures.clear()
                self.pictures[(e.game, e.position)] = picture
                n = next((n for n, shown in enumerate(self.listed) if shown.id == e.id), None)
                if n is not None and picture:  # in the list as it is now (it may have been drawn again)
                    do(["setAll", f"#games-list li[data-entry={css_string(e.id)}] .thumb",
                        {"innerHTML": page.thumbnail(n, picture)}])
                if time.perf_counter() >= until:
                    await asyncio.sleep(0)
                    until = time.perf_counter() + PICTURES_SLICE
        finally:
            self.drawing = False

    def refill(self):
        """Another tab changed the saved games: the list, if open, shows them as they are now, once for a burst
        of changes (another tab importing a file writes thousands of entries, one event each)."""
        if self.open_box and not self.refilling:
            self.refilling = True
            asyncio.ensure_future(self.refill_soon())

    async def refill_soon(self):
        await asyncio.sleep(REFILL_AFTER)
        self.refilling = False
        if self.open_box:
            self.fill()

    def export(self):
        """Download every saved game as one readable JSON file: a backup, or a move to another browser."""
        day = str(js.Date.new().toISOString())
        text = backups.export_games(self.app.store, day)
        do(["download", f"looney-pyramids-games-{day[:10]}.json", text, "application/json"])
        exported = text.count('"record":')
        say_note(f"Exported {counted(exported, 'game')} to a file in your downloads.")

    async def import_file(self, files):
        """Add the games of a file Export made (the first of `files`, chosen), a slice per task, saying how far
        it got: a saved game changes only where the file has it played on (the same game); a bad file, Cancel, or a
        file that does not fit in storage changes nothing."""
        if not files or self.importing is not None:
            return
        file = files[0]
        do(["set", "games-file", {"value": ""}])  # the same file may be chosen again
        try:
            backups.check_size(int(file.size))  # before a byte is read: a huge file is refused at once
            say_note("Importing the games of the file…")
            data = await file.arrayBuffer()  # its bytes, decoded here: the browser's text took 100-400 ms in one task
            text = data.to_bytes().decode("utf-8-sig", errors="replace")  # for 5 MB, where this takes ~10 ms
            self.importing = importing = backups.Importing(text, self.app.store, now_ms())
        except GameError as err:
            say_note(str(err))
            return
        self.show_importing(True)
        try:
            said = await self.run(importing)
            app, on_screen = self.app, self.app.saving.entry
            if on_screen in importing.brought and await app.open_shown(on_screen):  # the board follows: a move made
                # on the game as it was shown was taken for another tab's
                said += (" The game on screen was one of them: it is shown as the file has it, at move "
                         f"{app.session.words.move_of()}.")
        finally:
            self.importing = None
            self.show_importing(False)
        if self.open_box:
            say_note(said)
            self.fill()
        else:  # closed, which cancels an import: said at once under the board, and when My games opens again
            self.unseen = CLOSED_CANCELS if importing.over == "cancelled" else said
            app.session.note(self.unseen)
            app.act(lambda: None, save=False)

    async def run(self, importing):
        """Step the import to its end (or its cancelling), a task per slice; what it did, in words."""
        def progress(text):
            do(["set", "games-progress", {"textContent": text}])

        def fetching(title):
            progress(f"Loading the files of {title}…")
        try:
            while not await loaded(lambda: importing.step(SLICE), fetching, base=home()):
                progress(importing.progress)
                await asyncio.sleep(0)
            await caught_up()  # the last slice's writes made by the page, or refused (`Saving.refused`)
            if importing.failed and importing.over == "done":  # storage full: the whole file taken back
                importing.take_back()
                while not importing.step(SLICE):
                    progress(importing.progress)
                    await asyncio.sleep(0)
                await caught_up()
            return importing.result
        except GameError as err:
            return str(err)
        except Exception as err:  # noqa: BLE001 - a bug: what was written is taken back, and the page goes on
            report(err)
            importing.cancel()
            while not importing.step(SLICE):
                await asyncio.sleep(0)
            return f"Something went wrong while importing ({str(err)[:80]}); nothing was changed."

    def cancel_import(self):
        """Cancel (or the dialog closed): the import stops and takes back what it wrote."""
        if self.importing is not None and self.importing.stage not in ("cancelling", "taking back"):
            self.importing.cancel()

    def show_importing(self, busy):
        """The progress line and Cancel while an import runs; Import and Export wait for it."""
        do(["set", "games-importing", {"hidden": not busy}], ["set", "games-progress", {"textContent": ""}],
           *(["set", name, {"disabled": busy}] for name in ("games-import", "games-export")))

    async def open(self, entry_id):
        """A game chosen in the list."""
        app = self.app
        self.close()
        if entry_id != app.saving.entry:
            app.saving.persist()
            app.panel.notice = ""
            if await app.open_shown(entry_id, went=True):
                return None
        return app.act(lambda: None, save=False)

    def rename(self, entry_id, name):
        """The name the player gave (the page asked, the current one filled in); Cancel (None) changes nothing."""
        app = self.app
        self.focus_at = (entry_id, "rename")
        if name is not None:
            if not saves.rename(app.store, entry_id, str(name), now_ms()):
                app.session.note("The new name could not be saved.", warn=True)
            elif entry_id == app.saving.entry:
                app.saving.meta = {**app.saving.meta, "name": saves.load(app.store, entry_id)[1].get("name", "")}
        self.fill()

    def place_of(self, entry_id):
        """Where a game is in the list shown (its place, the next game's once it is deleted)."""
        return next((n for n, shown in enumerate(self.listed) if shown.id == entry_id), 0)

    def not_changed(self):
        """A rename or delete the page refused: another tab wrote that game at the same moment (its write kept)."""
        say_note(NOT_CHANGED)

    def on_click(self, event):
        app = self.app
        acts = {key: event.data.get(key) for key in ("open", "rename", "delete", "more")}
        if not any(value is not None for value in acts.values()) or app.busy:
            return
        if acts["more"] is not None:
            return self.show_more()
        opened, renamed, deleted = acts["open"], acts["rename"], acts["delete"]
        if opened:
            asyncio.ensure_future(self.open(opened))
        elif renamed:
            self.rename(renamed, event.answer)
        elif deleted and event.answer is True:
            self.focus_at = (self.place_of(deleted), "delete")  # the next game's, where the deleted one was
            saves.delete(app.store, deleted)
            self.fill()
            if deleted == app.saving.entry:
                app.saving.forget()  # still on screen; saved again as new if played on
                say_note(ON_SCREEN_DELETED)
                app.session.note(ON_SCREEN_DELETED)
                app.render()

    def show_more(self):
        """The next games of the list; the focus goes to the first of them."""
        self.focus_at = (len(self.listed), "open")
        self.shown = len(self.listed) + PAGE
        self.fill()


def say_note(text):
    """The line under the list: what Export, Import or Delete did."""
    do(["set", "games-note", {"textContent": text}])
