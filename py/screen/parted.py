"""One game played two ways: another tab's writes to the game on screen, and the dialog that asks which
line goes on when a link or another tab parts from a saved game (both lines are always kept).

Each tab saves the game it shows after every action, and an entry's `rev` says who wrote it last.
A tab hears the others' writes (the storage event) and checks again just before each of its own,
so nothing is overwritten unseen: a tab that only lacks the other's moves catches up at once,
and when both moved from one position both lines are kept and the player chooses.
"""

import asyncio


from browser import do, on, report
from pyramids import page, saves
from pyramids.core import counted
from screen.store import NOT_SAVING, PREFIX, now_ms

# The entry of the game on screen is gone, or no longer this tab's to write (saves.other_tab).
GONE = {"deleted": "This game was deleted in My games in another tab.",
        "cleared": "Your saved games were cleared (in another tab, or by the browser).",
        "unreadable": "Another tab saved this game in a form this tab cannot read (a newer version of the app?); "
                      "that save is kept as it is."}


class Parted:
    def __init__(self, app):
        self.app = app
        self.link = None  # a saved game the link on screen goes back on (saves.Related), until the player chooses
        self.other_line = None  # the entry another tab played otherwise, until the player chooses which line goes on

    def bind(self):
        on("parted-box", "click", self.keep_line)
        on("parted-box", "close", self.closed)
        on("window", "storage", self.on_storage)

    def ask(self, found, session, other_tab=False):
        """The dialog: the saved line `found` and the one on screen, each with its moves since they parted."""
        do(["set", "parted-list", {"innerHTML": page.parted(found.moves, session, found.common, other_tab=other_tab)}],
           ["dialog", "parted-box", True])

    def close(self):
        """Answered, or a link opened before the player answered: the question was about the game leaving the
        screen, whose lines are both kept as they are (the saved game in My games, the link's in the tab's
        history)."""
        self.link = self.other_line = None
        do(["dialog", "parted-box", False])

    def closed(self, _event):
        """The question put away unanswered (Esc): the line on screen goes on, and the player is told where
        the other one is (an answer or a link opened has dropped the question's state already)."""
        if self.link is not None:
            self.app.panel.tell("Both lines are kept: the link's goes on here, saved as a game of its own once "
                                "you move; your saved game is in My games.")
        elif self.other_line is not None:
            self.app.panel.tell("Both lines are kept: this tab's goes on here; the other tab's is in My games.")
        else:
            return
        self.link = self.other_line = None
        self.app.board.focus()  # as after an answer: not the control the dialog hands the focus back to
        self.app.act(lambda: None, save=False)

    def heed_other_tabs(self):
        """Just before saving over the entry on screen: whether to write, if another tab wrote it since.
        This tab writes where that loses nothing (a deleted game is saved as a new one; two lines are both
        kept); a tab that made no move since only catches up."""
        app, saving = self.app, self.app.saving
        found = saves.other_tab(app.store, saving.entry, saving.meta.get("rev"), app.session.moves)
        if found is None:
            return True
        if found.kind in GONE:
            saving.new_entry(saving.meta.get("name", ""))
            app.panel.tell(f"{GONE[found.kind]} This game is saved again, as a new game.")
        elif found.kind == "ahead" and tuple(app.session.moves) == saving.synced:
            asyncio.ensure_future(self.catch_up())
            return False
        elif found.kind in ("ahead", "parted"):
            self.keep_both(found)
        else:
            saving.meta = found.data  # its name and fields; this tab's moves hold all of its moves
        return True

    def keep_both(self, found):
        """Another tab played this game otherwise: the entry keeps its line, this tab's line is saved as a
        game of its own (by the next persist), and the player chooses which goes on here."""
        app = self.app
        self.other_line = app.saving.entry
        app.saving.new_entry(saves.clean_name(f"{found.data.get('name') or ''} (this tab)"))
        self.ask(found, app.session, other_tab=True)

    def on_storage(self, event):
        """Another tab wrote storage: My games shows what it saved, renamed or deleted; the game on
        screen follows what it did to this game."""
        app = self.app
        key = None if event.cleared else event.key  # None: the whole storage was cleared
        if key is not None and not key.startswith(PREFIX + saves.ENTRY):
            return
        app.my_games.refill()
        entry = app.saving.entry
        if entry is not None and key in (None, PREFIX + saves.ENTRY + entry):
            asyncio.ensure_future(self.catch_up())

    async def catch_up(self):
        """Show what another tab did to the game on screen: its moves, its undo, its rename or its delete; a
        storage cleared under this tab is said once (a later event finds no entry on screen)."""
        app = self.app
        if app.saving.entry is None or app.busy:  # gone already, or a game being opened: nothing to follow
            return
        try:
            await self.follow(app, app.session)
        except Exception as err:  # noqa: BLE001 - a bug: the game on screen plays on, with no traceback
            report(err)

    async def follow(self, app, s):
        saving = app.saving
        found = saves.other_tab(app.store, saving.entry, saving.meta.get("rev"), s.moves)
        if found is None:
            return
        if found.kind == "same":
            saving.meta = found.data
            return
        if found.kind in GONE:
            saving.forget()
            app.panel.tell(f"{GONE[found.kind]} It stays on screen; play on to save it again, as a new game.")
        elif found.kind in ("ahead", "back"):
            if not await app.open_entry(saving.entry):
                return
            if found.kind == "ahead":
                app.session.link_play.unseen = found.common
                app.panel.tell("Another tab played on in this game: "
                               + (app.session.words.summary_since(found.common) or "see the moves."))
            else:
                taken = len(s.moves) - found.common
                app.panel.tell(f"Another tab took back {counted(taken, 'move')} in this game; "
                               f"Redo puts {'it' if taken == 1 else 'them'} back.")
        else:  # its write went over this tab's moves: they are kept as a game of their own
            self.keep_both(found)
            saving.persist()
        app.shown()

    def keep_line(self, event):
        """The player's answer to a link (or another tab) that parts from a saved game: both lines are kept,
        each its own entry."""
        app = self.app
        keep = event.data.get("keep")
        found, other = self.link, self.other_line
        if keep in ("this-tab", "other-tab"):
            self.close()
            app.board.focus()
            if keep == "other-tab" and other:
                app.panel.notice = "Here is the other tab's line; this tab's is kept in My games as a game of its own."
                asyncio.ensure_future(app.open_shown(other))
            return None
        if keep is None or found is None:
            return None
        self.close()
        app.board.focus()  # not the page, where the dialog would leave it
        other_name = saves.clean_name(f"{found.data.get('name') or ''} (other line)")
        if keep == "link":
            if saves.copy(app.store, found.id, now_ms()) is None:
                app.panel.tell(NOT_SAVING)
                return app.render()
            app.saving.entry, app.saving.meta = found.id, found.data
            app.panel.tell("This game now goes on as in the link; the moves you had are kept in My games as "
                           "another game (other line).")
            app.saving.persist()
            return app.act(lambda: None, save=False)
        app.saving.new_entry(other_name)
        app.saving.persist()
        app.panel.notice = "The link's moves are kept in My games as another game (other line); here is your game."
        asyncio.ensure_future(app.open_shown(found.id))
        return None
