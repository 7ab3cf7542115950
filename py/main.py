"""The app page's binding: the game on screen, opened, saved and drawn (the only module PyScript runs).

`App` opens the game a link or a visit names, runs each player action on its `Session`, has it saved
(screen/saving.py: its My games entry and the URL fragment) and draws it through the page's parts
(py/screen/: the board, the game log, the side panel, each dialog, the computer's seats), each of
which binds its own events and owns the state it describes.  Links and saves are opened a slice at a
time: a 10,000-move game never freezes the page.
"""

import asyncio
from contextlib import contextmanager

import js
from pyodide.ffi import create_proxy

from archives import loaded
from browser import (FIELDS, address, after_drawing, do, flush, home, keys_used, load_script, on,
                     replay as replay_in_slices, replay_slice, report)
from pyramids import games, page, record, saves
from pyramids.core import CONFIRM_RESIGN, DECLINE_DRAW, OFFER_DRAW, RESIGN, GameError
from pyramids.loading import Loading
from pyramids.session import Session
from screen.board import Board
from screen.bots import Bots
from screen.learn import Learn
from screen.log import GameLog
from screen.my_games import MyGames
from screen.new_game import NewGame
from screen.notation import Notation
from screen.panel import Panel
from screen.parted import Parted
from screen.saving import Saving
from screen.share import Share
from screen.sound import Sound
from screen.store import now_ms, page_store

DEFAULT_GAME = games.DEFAULT
QUICK = 300  # a game of at most this many moves is tried at once (it usually opens within the slice)
# A panel location whose use asks a question next: the focus goes to the answer (the milder one: Decline), as
# static/bridge.js hands it on.
FOCUS_ANSWER = {RESIGN: CONFIRM_RESIGN, OFFER_DRAW: DECLINE_DRAW}
UNSAVED_GAME = ("Your last game could not be saved here (this browser's storage was full or off), so only its link "
                "holds it.")
UNSAVED_MOVES = ("Your last moves in this game could not be saved here (this browser's storage was full or off): "
                 "it is shown as it was last saved, and only its link holds the moves after.")


class App:
    def __init__(self):
        self.session = None
        self.store = page_store(lambda full, keys: self.saving.refused(full, keys))
        self.waiting = {}  # what asked for the game on screen while one was being opened (see `once_open`)
        self.run_waiting_proxy = create_proxy(self.run_waiting)
        self._busy = False
        self.pending = {}  # what runs once the browser has painted the frame (see `later`), in order
        on("document", "pyramids-painted", self.run_pending)  # that frame painted: from the first drawing on
        # The page's parts, in the order they are drawn.
        self.saving = Saving(self)
        self.bots = Bots(self)  # first, so the status says when a bot starts thinking
        self.board = Board(self)
        self.panel = Panel(self)
        self.log = GameLog(self)
        self.share = Share(self)
        self.notation = Notation(self)
        self.new_game = NewGame(self)
        self.my_games = MyGames(self)
        self.parted = Parted(self)
        self.sound = Sound(self)
        self.learn = Learn(self)  # a lesson takes the session's place while it runs

    # -- loading --------------------------------------------------------
    @property
    def busy(self):
        """A game is being opened (its files fetched, a long record replayed): actions wait."""
        return self._busy

    @busy.setter
    def busy(self, value):
        self._busy = value
        if not value and self.waiting:  # in a task of its own: the game opened is on screen by then
            js.setTimeout(self.run_waiting_proxy, 0)

    def once_open(self, job):
        """Run `job`, which acts on the game on screen, now; while a game is being opened, once it is shown
        (Share pressed while a pasted link is replayed shares that game, not the one leaving the screen)."""
        if not self.busy:
            return job()
        self.waiting[job] = None
        return None

    def run_waiting(self, *_event):
        jobs, self.waiting = self.waiting, {}
        for job in jobs:
            self.once_open(job)

    # A game opens at once when its files are here and its replay fits in one
    # slice (nearly always); otherwise its files are fetched (the first time it
    # is shown) and a long record is replayed a slice per task, the page saying so.
    async def boot(self):
        """The first visit's opening: older saves move into My games, then the link or the last game;
        then the page is wired up and tells the tests and tools it is ready.  Opening, wiring and drawing
        each take a task of their own, so that the page answers input in between (a first visit's code is
        compiled as it first runs: together they held the page for ~250 ms)."""
        try:
            try:
                self.panel.notice = " ".join(await self.loaded(lambda: saves.migrate(self.store, now_ms())))
                await self.start()
            except Exception as err:  # a bug: the page still opens, with a fresh game
                await self.fail(err)
            await asyncio.sleep(0)
            self.bind()
            await asyncio.sleep(0)
            self.act(lambda: None, save=False)
            do(["entry"])  # a reload in a lesson's entry: the lesson again (`Learn.on_entry`)
        finally:
            do(["attr", "root", {"data-ready": ""}])
        await asyncio.sleep(0)
        for script in ("motion.js", "sound.js"):  # then, in a task of their own: pieces that slide, and sounds
            load_script(script)

    async def fail(self, err):
        report(err)
        self.busy = False
        self.panel.tell(f"Something went wrong while opening the game ({str(err)[:80]}); a new game is shown.")
        self.adopt(await self.loaded(lambda: Session(DEFAULT_GAME)), None, {})

    async def loaded(self, make):
        """`make()` (a `Session`, a `Loading`), once the files of the game it needs are here; the status
        says when a game's files are being fetched, and actions wait meanwhile."""
        busy = self.busy

        def fetching(title):
            self.busy = True
            do(["set", "status", {"textContent": f"Loading {title}…"}])
        try:
            return await loaded(make, fetching, base=home())
        finally:
            self.busy = busy

    async def start(self):
        """The game the link names (its own saved entry on a reload), else the last game played."""
        fragment = address()
        named = record.named_game(fragment)
        self.saving.bare = not fragment or named is not None
        if named:  # "#icetoids": that game as its button in the picker opens it, the address then its link
            try:
                await self.open_game(named)
            except GameError as err:  # its files not here (offline before they were cached)
                self.panel.tell(page.notice("This link cannot be opened:", str(err), self.instead()))
            else:
                do(["address", self.session.link()])
                return
        elif fragment:
            entry = saves.matching(self.store, fragment)
            if entry and await self.open_entry(entry):
                return
            try:
                loading = await self.loaded(lambda: Loading.from_link(fragment))
            except GameError as err:
                named = getattr(err, "game_id", None)
                if named is None:
                    self.panel.tell(page.notice("This link cannot be opened:", str(err), self.instead()))
                else:  # its game is plain, the rest not (options, a compact link's moves): as the picker opens it
                    await self.open_game(named)
                    self.panel.tell(page.notice("This link cannot be opened:", str(err), self.instead(named)))
                    self.welcome()
                    return
            else:
                message = await self.replay(loading)
                if message or not await self.follow(loading):
                    self.adopt(loading.session, None, {})
                    self.saving.came_shared(loading.rec)
                    loading.session.following.last_turn()  # told and outlined: nobody made it on this screen
                    if message:
                        shown = "The game is shown up to that move." if loading.error else ""
                        self.panel.tell(page.notice("Part of this link could not be used.", message, shown))
                if self.session is loading.session:  # the link's game, not a saved one: its timer's time
                    self.panel.tell(loading.session.clock.told())
                if record.named_game(fragment.split("&")[0]):  # written by hand ("#icetoids&players=3"): as above
                    do(["address", self.session.link()])
                return
        last, unsaved = saves.last_played(self.store)
        if unsaved:  # the game played last was not saved: say so, rather than show an older one silently
            missing = self.store.get(saves.ENTRY + last) is None
            self.panel.tell(UNSAVED_GAME if missing else UNSAVED_MOVES)
            last = saves.newest(self.store) if missing else last
            if missing and last:
                self.panel.tell("Your latest saved game is shown.")
        if not (last and await self.open_entry(last, quiet=True)):
            self.adopt(await self.loaded(lambda: Session(DEFAULT_GAME)), None, {})
            self.welcome()

    def welcome(self):
        """A browser's first visit: how to begin, said once under the game it meets."""
        if saves.first_visit(self.store):
            self.session.note(page.welcome(self.session))

    def instead(self, game_id=None):
        """What a visit whose link cannot be opened shows: the last game played, or of the game the link names."""
        if game_id is None:
            return "Your last game is shown instead." if saves.entries(self.store) else "A new game is shown instead."
        title = games.entry(game_id).title
        if self.saving.entry is not None:
            return f"Your last game of {title} is shown instead."
        return f"A new game of {title} is shown instead."

    async def follow(self, loading):
        """A link of a saved game: the same game opens its entry, one that continues it brings it up to
        date and says what is new, one that goes back on its moves asks which to keep.  False: no such game."""
        session = loading.session
        found = saves.related(self.store, loading.rec, session.moves)
        if found is None:
            return False
        if found.kind == "same":
            return await self.open_entry(found.id)
        if found.kind == "earlier":  # an old link of this game: the game, at that move
            if not await self.open_entry(found.id):
                return False
            self.session.go(found.common)
            self.panel.tell(f"This link is an earlier moment of your saved game: shown at move {found.common} of "
                      f"{len(self.session.moves)}. Step on with → or the move list; "
                      "End (») returns to the latest move.")
            return True
        mine = found.data.get("mine")
        session.link_play.choose([m for m in mine if isinstance(m, str)] if isinstance(mine, list) else [])
        if found.kind == "continues":
            session.undoing.keep_chance(found.data)  # what was drawn and undone stays drawn
            self.adopt(session, found.id, found.data)
            session.link_play.unseen = session.following.watched = session.following.told = found.common
            if not session.following.news():  # the turns it brought are told as the computer's are, once, as news
                session.note(session.words.summary_since(found.common) or "Your saved game is brought up to date.")
            self.saving.persist()
            return True
        self.adopt(session, None, {})
        self.saving.came_shared(loading.rec)
        self.parted.link = found
        self.parted.ask(found, session)
        return True


    async def open_entry(self, entry_id, quiet=False):
        """Open a saved game; False (and a message, unless `quiet`) when it cannot be read."""
        try:
            text, data = saves.load(self.store, entry_id)
            loading = await self.loaded(lambda: Loading.from_storage(text))
        except GameError as err:
            if not quiet or self.store.get(saves.ENTRY + entry_id) is not None:
                self.panel.tell(page.notice("A saved game could not be opened:", str(err), "It stays in My games."))
            return False
        message = await self.replay(loading)
        if loading.error:  # keep the entry as it is: the player's moves go to a new one
            self.adopt(loading.session, None, {})
            self.panel.tell(page.notice(
                "Your saved game was only partly readable.", message,
                "It is kept in My games as it was; moves you make now are saved as a new game."))
        else:
            self.adopt(loading.session, entry_id, data)
            self.saving.read(self.session)
            self.panel.tell(message or "")
        return True

    async def replay(self, loading):
        """Replay the record, then the message about it: at once if it fits a slice, else a slice per task,
        saying how far it got, so the page never freezes."""
        if loading.total <= QUICK and replay_slice(loading):
            return loading.finish()[1]
        self.busy = True
        try:
            return await replay_in_slices(loading, lambda text: do(["set", "status", {"textContent": text}]))
        finally:
            self.busy = False

    def adopt(self, session, entry, meta):
        """Put a game on screen, saved in `entry` (None: not saved until the player acts in it)."""
        self.run_pending()  # what waited for the next frame belongs to the game leaving the screen
        self.session = session
        self.saving.adopted(session, entry, meta)
        self.learn.adopted(session, entry)

    # -- drawing --------------------------------------------------------
    def render(self):
        """Draw the game; should drawing fail (a bug), the last good board stays and a message says so."""
        with self.focus_kept():
            try:
                self.draw()
            except Exception as err:  # noqa: BLE001 - the page must stay usable
                report(err)
                do(["set", "message", {"textContent": "This position could not be drawn (a bug in the app); "
                                                      "the board shows the last one drawn.",
                                       "className": "message warn"}])

    @contextmanager
    def focus_kept(self):
        """A control that the drawing inside removes or disables hands the focus on: the page does it
        (static/bridge.js's `keepFocus` and `handOn`), from what had the focus before the drawing's commands,
        once they are made."""
        do(["keepFocus"])
        try:
            yield
        finally:
            do(["handOn"])

    def draw(self):
        """What answers a click in its own frame: the board, the status, message and choices, the history's
        controls; the rest of the page follows in the next (`draw_after_paint`)."""
        s = self.session
        self.bots.update()
        for part in (self.board, self.panel, self.log, self.learn):
            part.draw(s)
        self.later(self.draw_after_paint)

    def draw_after_paint(self):
        """What is read after the board: the game's panel and log, the typed move's example, the open boxes;
        what a new move sounds like.  Then the page is asked to keep a copy of it all, which the next visit
        paints before Python starts: asked for only now (after the save's new link, a job queued before this
        one), so that idle time coming between the board and the rest never keeps a board with an old link."""
        s = self.session
        self.panel.draw_after_paint(s)
        self.log.draw_entries(s)
        self.share.draw(s)
        self.notation.draw(s)
        self.sound.draw(s)
        if not (s.clicks.pending or self.learn.active):
            do(["call", "pyramidsSnapshot", "keep", self.saving.home()])

    def later(self, job):
        """Run `job` once the browser has painted this frame (a job asked for twice runs once, the jobs in
        order): a click is answered by the board, and the log, the save and the link follow a frame later
        (from a worker, a message later: `browser.after_drawing`).  A hidden page paints no frames: there
        they run in the next task; leaving the page runs them at once."""
        if not self.pending:
            after_drawing(self.run_pending)
        self.pending[job] = None

    def run_pending(self, *_event):
        jobs, self.pending = self.pending, {}
        if not jobs:
            return
        with self.focus_kept():
            for job in jobs:
                try:
                    job()
                except Exception as err:  # noqa: BLE001 - the page must stay usable
                    report(err)

    def on_leave(self, *_event):
        """The page is hidden or left: what waited for a frame or for idle time is done now, so a tab closed
        or reloaded right after a move keeps it, and the next visit paints its board."""
        self.run_pending()
        do(["call", "pyramidsSnapshot", "flush"])
        flush()  # now: the tab may be gone before the next task

    def save_after_paint(self):
        """Save the game and update the URL after a player's action; what saving says (a game taken on by
        another tab, storage full) is drawn at once."""
        said = (self.panel.notice, self.saving.not_saving)
        self.saving.persist()
        if (self.panel.notice, self.saving.not_saving) != said:
            self.render()

    # -- actions ----------------------------------------------------------
    def act(self, change, save=True):
        """Run one player action (or, with save=False, just redraw after loading).

        Errors become messages, never tracebacks.  A player action clears the
        notice about links and storage; a load shows it.  Its answer is brought into view (`answer_seen`).
        """
        if self.busy or self.session is None:
            return
        self.board.stop_replay()
        save = save and not self.learn.active
        if save:
            self.panel.notice = ""
        report(self.session.attempt(change))
        if save:
            self.saving.take_side()  # now: the board turns to the side the player took
            self.later(self.save_after_paint)
        self.render()
        self.answer_seen()

    def answer_seen(self):
        """What answers the player's action, scrolled into view should it be out of it: a refusal, else the choices
        it left open, else the locations it lit.  On a phone the first two are under the board (and Ice-Turn's
        tray), at a 390x664 window's foot or below it, and the board is over the panel and its buttons (Terrafex's
        pool, Hint)."""
        s = self.session
        if s.warn and s.message:
            do(["intoView", "message"])
        elif s.clicks.choices:  # the keys go on to them (after the board, the tray: three to seven Tabs away)
            do(["intoView", "choices"], ["focus", "#choices button", {"from": "#board"}])
        elif s.clicks.targets:
            self.later(self.board.targets_seen)

    def on_picker_click(self, event):
        """A game chosen: answered once it is on screen (`on`'s `awaited`), its files fetched the first time."""
        game_id = event.data.get("game")
        if game_id is None or event.disabled:
            return None
        self.learn.leave()  # a game chosen ends the lesson
        return asyncio.ensure_future(self.switch_game(game_id))

    async def switch_game(self, game_id):
        """The game of that kind played last, else a new one (its files fetched the first time)."""
        if game_id == self.session.game.id or self.busy:
            return None
        try:
            await self.loaded(lambda: games.get(game_id))
        except GameError as err:  # offline before the app was cached: the game on screen stays
            self.session.note(str(err), warn=True)
            return self.render()
        self.saving.persist()
        self.panel.notice = ""
        await self.open_game(game_id)
        self.shown(went=True)
        return None

    async def open_game(self, game_id):
        """The game of that kind played last, else a new one."""
        entry = saves.latest_of(self.store, game_id)
        if not (entry and await self.open_entry(entry)):
            self.adopt(await self.loaded(lambda: Session(game_id)), None, {})

    def shown(self, went=False):
        """A game just opened: its URL (`went`: a game the player went to, a history entry of its own, so Back
        returns to the one left, written before the save writes it again), and the page drawn with the board in
        view."""
        do(["address", self.session.link(), went])
        self.saving.persist()
        if self.saving.entry is not None:
            self.store.set(saves.LAST, self.saving.entry)  # a visit without a link opens it
        self.act(lambda: None, save=False)
        self.board.show()

    async def open_shown(self, entry_id, went=False):
        """Open a saved game and draw it (`went` as `shown`'s); False when it cannot be read (the notice says why)."""
        opened = await self.open_entry(entry_id)
        if opened:
            self.shown(went)
        return opened

    def on_key(self, event):
        """Esc cancels a selection or a choice; outside the board (static/access.js) the keys browse the game."""
        if event.key == "Escape" and "dialog" not in event.within:  # dialogs close themselves
            return self.escape()
        if event.within & {"input", "select", "textarea", "dialog"} or event.ctrl or event.meta:
            return None
        if event.key == "?":  # the keys' help, on the board too (as on many sites): it was only inside the Rules
            return do(["set", "rules", {"open": True}], ["focus", "#rules-here"])
        if "#board" in event.within:
            return None
        return self.log.on_key(event)

    def escape(self):
        """Esc: a pending choice or selection goes, and an open box (link, embed, notation) closes."""
        self.share.close()
        self.notation.close()
        if self.session.clicks.pending:
            self.act(self.session.clicks.cancel, save=False)
        else:
            self.learn.leave(player=True)  # with nothing to cancel, Esc leaves a lesson

    # -- wiring -------------------------------------------------------------
    def bind(self):
        for part in (self.bots, self.board, self.panel, self.log, self.share, self.notation, self.new_game,
                     self.my_games, self.parted, self.sound, self.learn):
            part.bind()
        do(["answers", FOCUS_ANSWER])
        on("picker", "click", self.on_picker_click, awaited=True)
        on("document", "keydown", self.on_key,  # the history keys (`GameLog.on_key`) are the page's, not a field's
           prevent=keys_used(Session.HISTORY_KEYS, FIELDS + ", dialog, #board"))
        on("document", "visibilitychange", lambda event: self.on_leave() if event.hidden else None)
        on("window", "pagehide", self.on_leave)
        on("window", "hashchange", self.on_hashchange, awaited=True)
        waiting = "#picker [data-game], #controls button, #move-play, #learn-offer-start"  # until the game is ready
        do(["setAll", waiting, {"disabled": False}])

    def on_hashchange(self, _event):
        """A link pasted into this tab, or Back or Forward to a game left (`shown`'s `went`): open it like a fresh
        visit, closing what belonged to the game leaving the screen (the lesson, the New game form, My games, the
        question of which line goes on).

        The game on screen was saved when last played; persist() here would overwrite the new URL.
        """
        if self.busy:
            return None
        self.learn.leave()
        for box in (self.new_game, self.my_games, self.parted):
            box.close()
        self.panel.notice = ""
        return asyncio.ensure_future(self.reopen())

    async def reopen(self):
        await self.start()
        self.act(lambda: None, save=False)
        self.board.show()


app = App()
opening = asyncio.ensure_future(app.boot())  # the bench's profile awaits it
