"""The browser binding: the only module that touches the DOM (via PyScript).

It forwards clicks, keys and buttons to a `Session`, draws what the session
says with one assignment per element, and keeps the game in the URL fragment
and in My games (localStorage, through pyramids.saves).  A game is saved only
once the player acts in it, each game in its own entry, so opening a link
never overwrites another game.  Links and saves are opened a slice at a
time: a 10,000-move game never freezes the page.
"""

import asyncio
import random

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from archives import AI_ARCHIVE, fetch_archive, loaded
from browser import (LISTED, Announcer, by_id, clicked_cells, draw_board, draw_panel, listed_from, present,
                     replay as replay_in_slices, replay_slice, report)
from pyramids import games, page, record, saves, views
from pyramids.core import GameError, players_to_act
from pyramids.session import PACES, Loading, Session

PREFIX = "pyramids.v1."
DEFAULT_GAME = games.DEFAULT
QUICK = 300  # a game of at most this many moves is tried at once (it usually opens within the slice)
FOCUS_PARTNER = {"undo": "redo", "redo": "undo", "first": "next", "prev": "next", "next": "prev", "last": "prev",
                 "prev-turn": "next-turn", "next-turn": "prev-turn"}
REPLAY_STEP_S = 0.6  # Replay turn: the time each move stays on the board
NOT_SAVING = "This browser is not saving games (storage is off or full); the link still holds this game."
KEPT_SAFE = "Your games are kept safe in this browser."
MAY_CLEAR = "This browser may clear these games if the site is not visited for a while."
UNSAVED_GAME = ("Your last game could not be saved here (this browser's storage was full or off), so only its link "
                "holds it.")
UNSAVED_MOVES = ("Your last moves in this game could not be saved here (this browser's storage was full or off): "
                 "it is shown as it was last saved, and only its link holds the moves after.")


class LocalStore:
    """`saves.Store` over localStorage: storage that is missing, full or disabled never stops play."""

    def get(self, key):
        try:
            value = present(window.localStorage.getItem(PREFIX + key))
        except Exception:  # storage disabled
            return None
        return None if value is None else str(value)

    def set(self, key, value):
        try:
            window.localStorage.setItem(PREFIX + key, value)
            return True
        except Exception:  # full or disabled
            return False

    def remove(self, key):
        try:
            window.localStorage.removeItem(PREFIX + key)
        except Exception:  # disabled: nothing was stored
            pass

    def keys(self):
        try:
            store = window.localStorage
            names = [str(name) for name in (present(store.key(i)) for i in range(store.length)) if name is not None]
        except Exception:  # disabled
            return []
        return [name[len(PREFIX):] for name in names if name.startswith(PREFIX)]


def now_ms():
    return float(window.Date.now())


def count(name, step):
    """Add `step` to a number kept in an attribute of <html> (for tests and the bench)."""
    root = document.documentElement
    root.setAttribute(name, str(int(present(root.getAttribute(name)) or 0) + step))


class Bots:
    """The computer's seats on the page: a worker searches, the page only sends positions and plays answers.

    The worker starts at the first bot turn or hint and is kept.  Where it
    cannot start, the search runs here in slices of at most 20 ms, and the
    page says so.  An answer for a position that is gone is dropped
    (`Session.play_bot`); in a game without turns each bot seat acts on its
    own jittered timer and its move is checked when it lands.
    """

    SLICE_S = 0.015

    @staticmethod
    async def ai():
        """The search, fetched at the first bot seat or hint (the page's start-up does not need it)."""
        await fetch_archive(AI_ARCHIVE, "the computer player")
        from pyramids import ai
        return ai

    def __init__(self, app):
        self.app = app
        self.worker = None
        self.starting = None  # the task starting the worker
        self.fallback = ""  # why the search runs on the page, once the worker failed
        self.thinking = None  # (position key, seat) of the turn being searched
        self.intent = ()  # the locations of the move a bot is about to make (games without turns)
        self.timers = set()  # (session, seat) with a timer running (games without turns)

    async def start_worker(self):
        from pyscript import create_named_worker  # not needed before the first bot turn
        started = window.performance.now()
        try:
            window.Worker.new("data:text/javascript,").terminate()  # refused at once where workers are off
        except Exception:  # noqa: BLE001
            return self.without_worker("this browser refuses web workers here")
        try:
            self.worker = await asyncio.wait_for(
                create_named_worker(src="py/bot_worker.py", name="bot", config="pyscript.toml"), 30)
        except asyncio.TimeoutError:
            return self.without_worker("it did not start within 30 s")
        except Exception as err:  # noqa: BLE001 - no worker: think on the page instead
            return self.without_worker(str(err).splitlines()[0] if str(err) else type(err).__name__)
        document.documentElement.setAttribute("data-bot-worker-ms", str(round(window.performance.now() - started)))
        return None

    def without_worker(self, why):
        self.fallback = f"The computer thinks on this page, a little at a time (no worker: {why})."
        document.documentElement.setAttribute("data-bot-worker", "fallback")

    async def search(self, state, seat, level):
        """The move `seat` plays at `level` in `state`: from the worker, else searched here in slices."""
        if self.worker is None and not self.fallback:
            if self.starting is None:
                self.starting = asyncio.ensure_future(self.start_worker())
            await self.starting
        seed = int(window.Math.random() * 2**31)
        count("data-bot-thinking", 1)  # for tests and the bench: searches in flight, and their times
        started = window.performance.now()
        try:
            if self.worker is not None:
                folder = str(window.URL.new(".", window.location.href).href)  # where the archives are
                move = str(await self.worker.choose(folder, state.game.id, state.to_text(), seat or "", level, seed))
            else:
                ai = await self.ai()
                search = ai.Search(state, seat, level, rng=random.Random(seed), may_wait=len(players_to_act(state)) > 1)
                done = False
                while not done:  # each slice a task of its own, the first too: not after compiling the search
                    await asyncio.sleep(0)  # the page handles clicks and paints between slices
                    done = search.step(self.SLICE_S)
                move = search.result or ""
        finally:
            document.documentElement.setAttribute("data-bot-ms", str(round(window.performance.now() - started)))
            count("data-bot-count", 1)
            count("data-bot-thinking", -1)
        await asyncio.sleep(0)  # the move is played in a task of its own, not in the search's last slice
        return move

    def update(self):
        """After every change: start the bot's search when a bot seat is to move."""
        s = self.app.session
        turn = s.bot_turn()
        if turn and self.thinking != (s.position_key(), turn[0]):
            self.thinking = (s.position_key(), turn[0])
            asyncio.ensure_future(self.take_turn(s, turn[0], turn[1], self.thinking[0]))
        for seat in s.bot_seats_acting():
            if (s, seat) not in self.timers:
                self.timers.add((s, seat))
                asyncio.ensure_future(self.act_later(s, seat))

    async def take_turn(self, session, seat, level, key):
        try:
            move = await self.search(session.latest, seat, level)
        except Exception as err:  # noqa: BLE001 - a bug must not stop the page; no retry at this position
            report(err)
            session.message = f"The computer could not move: {err}"
            self.app.render()
            return
        if self.thinking == (key, seat):
            self.thinking = None
        if move and session is self.app.session and session.play_bot(move, key):
            self.app.persist()
        self.app.render()
        self.update()

    async def act_later(self, session, seat):
        """A bot seat of a game without turns: wait its level's delay, decide, and act if the move still stands."""
        try:
            ai = await self.ai()
        except GameError as err:  # the seat stays idle (no retry at every redraw); the player is told
            session.message, session.warn = str(err), True
            return self.app.render()
        move, pace = None, PACES[session.pace]
        try:
            low, high = ai.level_of(session.bots[seat]).delay
            await asyncio.sleep((low + (high - low) * window.Math.random()) * pace)
            if session is self.app.session and seat in session.bot_seats_acting():
                move = await self.search(session.latest, seat, session.bots[seat])
            if move and session is self.app.session and session.latest.is_legal(move):
                await self.show_intent(session, move, pace)
        except GameError:
            pass  # nothing to do for this seat just now
        except Exception as err:  # noqa: BLE001
            report(err)
        self.timers.discard((session, seat))
        if move and session is self.app.session and session.play_bot(move, None):
            self.app.persist()
            self.app.render()
        if session is self.app.session:
            self.update()

    INTENT_S = 0.5  # a bot's chosen piece is marked this long before it acts, where people act at the same time

    async def show_intent(self, session, move, pace):
        """Mark the locations of the move a bot is about to make, so the people at the table see it coming."""
        self.intent = tuple(session.latest.path(move))
        mark_intent(self.intent)
        try:
            await asyncio.sleep(self.INTENT_S * pace)
        finally:
            self.intent = ()
            mark_intent(())

    def status(self):
        """The status while a bot's turn is searched ("Black (computer) is thinking…"), else nothing."""
        s = self.app.session
        if self.thinking and self.thinking[0] == s.position_key() and not s.browsing:
            return f"{s.latest.actor_name(self.thinking[1])} (computer) is thinking…"
        return ""

    async def hint(self):
        """Light the move Hard would play for the person to move, without playing it."""
        s = self.app.session
        key, state = s.position_key(), s.latest
        acting = players_to_act(state)
        seat = s.actor if len(acting) > 1 else (acting[0] if acting else None)
        if s.browsing or state.outcome is not None or not seat or seat in s.bots:
            s.message = ("Choose the colour you act as (\"Acting as\") to get a hint." if not seat and acting
                         else "A hint is for your own move at the latest position.")
            return self.app.render()
        s.message = "Looking for a good move…"
        self.app.render()
        try:
            move = await self.search(state, seat, "hard")
        except Exception as err:  # noqa: BLE001 - e.g. no move for this seat just now
            move, s.message = None, f"No hint: {str(err).splitlines()[-1]}"
        current = s is self.app.session and key == s.position_key() and not s.browsing
        if move and current:
            s.show_hint(move)
        elif current and move == "":
            s.message = "Hint: wait. No move here beats letting the others act."
        elif move:
            s.message = ""
        self.app.render()
        return None


class App:
    def __init__(self):
        self.session = None
        self.store = LocalStore()
        self.entry = None  # the My games entry holding the game on screen; None until the player acts in it
        self.meta = {}  # that entry's fields, kept when it is rewritten
        self.opened = []  # the moves the game had when it was opened: moving on from them saves it
        self.busy = False  # a game is being opened: actions wait
        self.bots = Bots(self)
        self.notice = ""  # a message about links or storage, shown until the next action
        self.rules_for = None
        self.saved = None  # (session, entry, text) of the last persist(): an unchanged game is not rewritten
        self.synced = ()  # the moves of the game on screen when its entry was last read or written here
        self.not_saving = False  # the last save failed: the page says so until one succeeds
        self.asked_to_keep = False  # navigator.storage.persist() was asked this visit (after a save, once)
        self.listed = None  # (session, moves, cursor, first ply listed) in the move list, so new moves are appended
        self.bare = True  # opened without a link: a visit without one reopens the game on screen
        self.announce = Announcer()
        self.form_values = {}  # game id -> the options last tried in the new-game form
        self.from_link = False  # the game on screen came from a link Share sent: who moves first here is the player's side
        self.parted = None  # a saved game the link on screen goes back on (saves.Related), until the player chooses
        self.other_line = None  # the entry another tab played otherwise, until the player chooses which line goes on
        self.typed_for = None  # the session the typed-move box was last drawn for
        self.replaying = None  # the task of Replay turn, while it steps through a turn on the board

    # -- loading --------------------------------------------------------
    # A game opens at once when its files are here and its replay fits in one
    # slice (nearly always); otherwise its files are fetched (the first time it
    # is shown) and a long record is replayed a slice per task, the page saying so.
    async def boot(self):
        """The first visit's opening: older saves move into My games, then the link or the last game;
        then the page is wired up and tells the tests and tools it is ready."""
        try:
            try:
                self.notice = " ".join(await self.loaded(lambda: saves.migrate(self.store, now_ms())))
                await self.start()
            except Exception as err:  # a bug: the page still opens, with a fresh game
                await self.fail(err)
            self.bind()
            self.act(lambda: None, save=False)
        finally:
            document.documentElement.setAttribute("data-ready", "")

    async def fail(self, err):
        report(err)
        self.busy = False
        self.tell(f"Something went wrong while opening the game ({str(err)[:80]}); a new game is shown.")
        self.adopt(await self.loaded(lambda: Session(DEFAULT_GAME)), None, {})

    async def loaded(self, make):
        """`make()` (a `Session`, a `Loading`), once the files of the game it needs are here; the status
        says when a game's files are being fetched, and actions wait meanwhile."""
        busy = self.busy

        def fetching(title):
            self.busy = True
            by_id("status").textContent = f"Loading {title}…"
        try:
            return await loaded(make, fetching)
        finally:
            self.busy = busy

    async def start(self):
        """The game the link names (its own saved entry on a reload), else the last game played."""
        fragment = str(window.location.hash or "").lstrip("#")
        self.bare = not fragment
        if fragment:
            entry = saves.matching(self.store, fragment)
            if entry and await self.open_entry(entry):
                return
            try:
                loading = await self.loaded(lambda: Loading.from_link(fragment))
            except GameError as err:
                self.tell(page.notice("This link cannot be opened:", str(err), "Your last game is shown instead."))
            else:
                message = await self.replay(loading)
                if message or not await self.follow(loading):
                    self.adopt(loading.session, None, {})
                    self.from_link = bool(loading.rec.packed)  # Share's compact link: sent to play by link
                    loading.session.follow_last_turn()  # told and outlined: nobody made it on this screen
                    if message:
                        shown = "The game is shown up to that move." if loading.error else ""
                        self.tell(page.notice("Part of this link could not be used.", message, shown))
                return
        last, unsaved = saves.last_played(self.store)
        if unsaved:  # the game played last was not saved: say so, rather than show an older one silently
            missing = self.store.get(saves.ENTRY + last) is None
            self.tell(UNSAVED_GAME if missing else UNSAVED_MOVES)
            last = saves.newest(self.store) if missing else last
            if missing and last:
                self.tell("Your latest saved game is shown.")
        if not (last and await self.open_entry(last, quiet=True)):
            self.adopt(await self.loaded(lambda: Session(DEFAULT_GAME)), None, {})
            if saves.first_visit(self.store):
                self.session.note(page.welcome(self.session))

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
            self.tell(f"This link is an earlier moment of your saved game: shown at move {found.common} of "
                      f"{len(self.session.moves)}. Step on with → or the move list; End (») returns to the latest move.")
            return True
        mine = found.data.get("mine")
        session.choose_mine([m for m in mine if isinstance(m, str)] if isinstance(mine, list) else [])
        if found.kind == "continues":
            session.keep_chance(found.data)  # what was drawn and undone stays drawn
            self.adopt(session, found.id, found.data)
            session.unseen = session.watched = found.common
            self.tell(session.news(found.common) or "Your saved game is brought up to date.")
            self.persist()
            return True
        self.adopt(session, None, {})
        self.from_link, self.parted = bool(loading.rec.packed), found
        by_id("parted-list").innerHTML = page.parted(found.moves, session, found.common)
        by_id("parted-box").showModal()
        return True

    def keep_line(self, event):
        """The player's answer to a link (or another tab) that parts from a saved game: both lines are kept,
        each its own entry."""
        target = present(event.target.closest("[data-keep]"))
        if target is not None and str(target.dataset.keep) in ("this-tab", "other-tab"):
            by_id("parted-box").close()
            self.focus_board()
            other, self.other_line = self.other_line, None
            if str(target.dataset.keep) == "other-tab" and other:
                self.notice = "Here is the other tab's line; this tab's is kept in My games as a game of its own."
                asyncio.ensure_future(self.open_shown(other))
            return None
        found = self.parted
        if target is None or found is None:
            return
        by_id("parted-box").close()
        self.focus_board()  # not the page, where the dialog would leave it
        self.parted = None
        other = " ".join(f"{found.data.get('name') or ''} (other line)".split())
        if str(target.dataset.keep) == "link":
            if saves.copy(self.store, found.id, now_ms()) is None:
                self.tell(NOT_SAVING)
                return self.render()
            self.entry, self.meta = found.id, found.data
            self.tell("This game now goes on as in the link; the moves you had are kept in My games as "
                      "another game (other line).")
            self.persist()
            return self.act(lambda: None, save=False)
        self.entry, self.meta = saves.new_id(now_ms()), {"name": other}
        self.persist()
        self.notice = "The link's moves are kept in My games as another game (other line); here is your game."
        asyncio.ensure_future(self.open_shown(found.id))
        return None

    async def open_entry(self, entry_id, quiet=False):
        """Open a saved game; False (and a message, unless `quiet`) when it cannot be read."""
        try:
            text, data = saves.load(self.store, entry_id)
            loading = await self.loaded(lambda: Loading.from_storage(text))
        except GameError as err:
            if not quiet or self.store.get(saves.ENTRY + entry_id) is not None:
                self.tell(page.notice("A saved game could not be opened:", str(err), "It stays in My games."))
            return False
        message = await self.replay(loading)
        if loading.error:  # keep the entry as it is: the player's moves go to a new one
            self.adopt(loading.session, None, {})
            self.tell(page.notice("Your saved game was only partly readable.", message,
                                  "It is kept in My games as it was; moves you make now are saved as a new game."))
        else:
            self.adopt(loading.session, entry_id, data)
            self.saved, self.synced = (self.session, entry_id, self.session.to_storage()), tuple(self.session.moves)
            self.tell(message or "")
        return True

    def tell(self, text):
        """Add to the notice shown until the player's next action (whole sentences, as many as can be read)."""
        self.notice = record.shorten(" ".join(t for t in (self.notice, text) if t), page.NOTICE_LIMIT)

    async def replay(self, loading):
        """Replay the record, then the message about it: at once if it fits a slice, else a slice per task,
        saying how far it got, so the page never freezes."""
        if loading.total <= QUICK and replay_slice(loading):
            return loading.finish()[1]
        self.busy = True
        try:
            return await replay_in_slices(loading, lambda text: setattr(by_id("status"), "textContent", text))
        finally:
            self.busy = False

    def adopt(self, session, entry, meta):
        """Put a game on screen, saved in `entry` (None: not saved until the player acts in it)."""
        self.session, self.entry, self.meta = session, entry, meta
        self.opened, self.saved, self.from_link = list(session.moves), None, False

    def worth_saving(self):
        """Whether the game on screen has anything of the player's: a move, an undo, a running clock, a side chosen."""
        s = self.session
        return s.moves != self.opened or bool(s.redo_stack) or s.clock_started is not None or bool(s.mine)

    def persist(self):
        """After a player acts: save the game in its entry and put its record in the URL."""
        s = self.session
        if s is None or self.busy:
            return
        if self.entry is None and self.worth_saving():
            self.take_side()
        text = s.to_storage()
        if self.saved == (s, self.entry, text):
            return
        if self.entry is None and self.worth_saving():
            self.entry, self.meta = saves.new_id(now_ms()), {}
        if self.entry is not None:
            if "record" in self.meta and not self.heed_other_tabs():  # another tab may have written the entry
                return
            fields = saves.save(self.store, self.entry, s, self.meta, now_ms())
            self.not_saving = fields is None
            if fields is None:
                window.history.replaceState(None, "", "#" + s.link())
                return  # tried again after the next action: deleting games in My games may have made room
            self.meta, self.synced = fields, tuple(s.moves)
            if not self.asked_to_keep:
                self.asked_to_keep = True
                asyncio.ensure_future(keep_games())
        self.saved = (s, self.entry, text)
        window.history.replaceState(None, "", "#" + s.link())

    # -- other tabs ---------------------------------------------------------
    # Each tab saves the game it shows after every action, and an entry's `rev` says who wrote it last.
    # A tab hears the others' writes (the storage event) and checks again just before each of its own,
    # so nothing is overwritten unseen: a tab that only lacks the other's moves catches up at once,
    # and when both moved from one position both lines are kept and the player chooses.
    def heed_other_tabs(self):
        """Just before saving over the entry on screen: whether to write, if another tab wrote it since.
        This tab writes where that loses nothing (a deleted game is saved as a new one; two lines are both
        kept); a tab that made no move since only catches up."""
        found = saves.other_tab(self.store, self.entry, self.meta.get("rev"), self.session.moves)
        if found is None:
            return True
        if found.kind == "deleted":
            self.entry, self.meta = saves.new_id(now_ms()), {"name": self.meta.get("name", "")}
            self.tell("This game was deleted in another tab; it is saved again, as a new game.")
        elif found.kind == "ahead" and tuple(self.session.moves) == self.synced:
            asyncio.ensure_future(self.catch_up())
            return False
        elif found.kind in ("ahead", "parted"):
            self.keep_both(found)
        else:
            self.meta = found.data  # its name and fields; this tab's moves hold all of its moves
        return True

    def keep_both(self, found):
        """Another tab played this game otherwise: the entry keeps its line, this tab's line is saved as a
        game of its own (by the next persist), and the player chooses which goes on here."""
        self.other_line = self.entry
        name = " ".join(f"{found.data.get('name') or ''} (this tab)".split())[:80]
        self.entry, self.meta = saves.new_id(now_ms()), {"name": name}
        by_id("parted-list").innerHTML = page.parted(found.moves, self.session, found.common, other_tab=True)
        if not by_id("parted-box").open:
            by_id("parted-box").showModal()

    def on_storage(self, event):
        """Another tab wrote storage: My games shows what it saved, renamed or deleted; the game on
        screen follows what it did to this game."""
        key = present(event.key)  # null: the whole storage was cleared
        if key is not None and not str(key).startswith(PREFIX + saves.ENTRY):
            return
        if by_id("games-box").open:
            self.fill_games()
        if self.entry is not None and not self.busy and key in (None, PREFIX + saves.ENTRY + self.entry):
            asyncio.ensure_future(self.catch_up())

    async def catch_up(self):
        """Show what another tab did to the game on screen: its moves, its undo, its rename or its delete."""
        s = self.session
        found = saves.other_tab(self.store, self.entry, self.meta.get("rev"), s.moves)
        if found is None:
            return
        if found.kind == "same":
            self.meta = found.data
            return
        if found.kind == "deleted":
            self.entry, self.meta, self.saved, self.opened = None, {}, None, list(s.moves)
            self.tell("This game was deleted in My games in another tab. It stays on screen; play on to save it "
                      "again, as a new game.")
        elif found.kind in ("ahead", "back"):
            if not await self.open_entry(self.entry):
                return
            if found.kind == "ahead":
                self.session.unseen = found.common
                self.tell("Another tab played on in this game: " + (self.session.news(found.common) or "see the moves."))
            else:
                taken = len(s.moves) - found.common
                self.tell(f"Another tab took back {taken} move{'s' if taken != 1 else ''} in this game; "
                          "Redo puts them back.")
        else:  # its write went over this tab's moves: they are kept as a game of their own
            self.keep_both(found)
            self.persist()
        self.shown()

    def take_side(self):
        """A friend's link played here for the first time: the player plays the side they just moved.

        Only for a link Share made (compact, "Send to Black") in which a person had moved: a link
        copied from the address bar, or a new game's link, is played on this device, every seat.

        Asking would stop the game for a question the move already answered;
        New game's "I play" changes it.
        """
        s, first = self.session, len(self.opened)
        if not self.from_link or s.mine or s.moves[:first] != self.opened:
            return
        if not any(s.seat_of_move(ply) not in (None, *s.bots) for ply in range(1, first + 1)):
            return  # nobody had moved yet: a new game's link is played on this device, every seat (hot seat)
        made = (s.seat_of_move(ply) for ply in range(first + 1, len(s.moves) + 1))
        seat = next((seat for seat in made if seat is not None and seat not in s.bots), None)  # not the computer's
        if seat is not None:
            s.choose_mine([seat])
            self.tell(f"Saved in My games: you play {s.latest.actor_name(seat)} in this game.")

    # -- drawing --------------------------------------------------------
    def render(self):
        """Draw the game; should drawing fail (a bug), the last good board stays and a message says so."""
        focused = present(document.activeElement)
        if focused is not None and present(focused.closest("#board")) is not None:
            focused = None  # the board keeps its own focus across a redraw (static/access.js)
        try:
            self.draw()
        except Exception as err:  # noqa: BLE001 - the page must stay usable
            report(err)
            message = by_id("message")
            message.textContent = "This position could not be drawn (a bug in the app); the board shows the last one drawn."
            message.className = "message warn"
        if focused is not None and (not focused.isConnected or present(getattr(focused, "disabled", None))):
            self.keep_focus(focused)

    def keep_focus(self, used):
        """The control a player used is gone (a choice made, Esc, the panel drawn again) or disabled by its use
        (the last Redo, First): the focus goes to its counterpart (Undo, Next), the same panel location drawn
        again, the next choice, else the board; never to the page, where the keys would do nothing."""
        partner = present(by_id(FOCUS_PARTNER[str(used.id)])) if str(used.id) in FOCUS_PARTNER else None
        cell = present(used.getAttribute("data-cell"))
        again = present(by_id("game-panel").querySelector(f'[data-cell="{cell}"]')) if cell else None
        for target in (partner, again, present(by_id("choices").querySelector("button"))):
            if target is not None and not present(getattr(target, "disabled", None)):
                return target.focus()
        return self.focus_board()

    @staticmethod
    def focus_board():
        """The board's current location takes the focus (static/access.js picks which)."""
        by_id("board").dispatchEvent(window.CustomEvent.new("pyramids-focus"))

    def draw(self):
        s = self.session
        self.bots.update()  # first, so the status says when a bot starts thinking
        draw_board(s)
        mark_intent(self.bots.intent)
        by_id("status").textContent = self.bots.status() or s.status()
        draw_panel(s)
        self.show_clock()
        message = by_id("message")
        fallback = self.bots.fallback if s.bots else ""
        notice = " ".join(t for t in (NOT_SAVING if self.not_saving else "", self.notice) if t)
        news = "" if s.warn or s.selection else s.turn_news()  # after the message of a move inside that turn
        message.textContent = " ".join(t for t in (notice, s.message, news, fallback) if t)
        by_id("follow").hidden = s.replay_span() is None
        by_id("replay").textContent = "Stop replay" if self.replaying else "Replay turn"
        message.className = "message" + (" warn" if notice or fallback or (s.message and s.warn) else "")
        by_id("choices").innerHTML = page.choices(s)
        self.announce(s, notice)
        legal = s.state.legal_moves() if not s.browsing else []
        by_id("move-example").textContent = legal[0] if legal else "(no move to make here)"
        self.show_end(s)
        moves = by_id("moves")
        self.show_moves(moves, s)
        if not s.browsing:  # in the next frame: reading the height now would lay the page out in this task
            window.requestAnimationFrame(SCROLL_TO_END)
        by_id("ply").textContent = f"Move {s.cursor} of {len(s.moves)}"
        by_id("undo").title = s.undo_title()
        if not by_id("notation-box").hidden:
            by_id("notation-text").value = page.notation(s)
        if not by_id("share-box").hidden:  # the link offered is always the game on screen's
            link, refused = self.share_address()
            by_id("share-link").value = link
            by_id("share-box").hidden = bool(refused)
        if self.typed_for is not s:  # a move typed for another game is no move of this one
            self.typed_for = s
            by_id("move-text").value = ""
        self.show_share()
        for name, enabled in (("undo", s.can_undo()), ("redo", bool(s.redo_stack)),
                              ("first", s.cursor > 0), ("prev", s.cursor > 0),
                              ("next", s.browsing), ("last", s.browsing),
                              ("prev-turn", s.cursor > 0), ("next-turn", s.browsing)):
            by_id(name).disabled = not enabled
        for button in document.querySelectorAll("#picker [data-game]"):
            button.classList.toggle("active", button.dataset.game == s.game.id)
        document.title = f"{s.game.title} · Looney Pyramids"
        if not by_id("embed-box").hidden:
            self.fill_embed()
        if self.rules_for != s.game.id:
            self.rules_for = s.game.id
            self.load_rules(s.game.id)
        if not (s.selection or s.choices):  # the next visit paints this board before Python starts
            window.pyramidsSnapshot.keep(self.bare or self.entry is not None)

    def show_moves(self, moves, s):
        """The move list: new moves are appended and the mark moved, so a long game stays quick.

        A game of more than `LISTED` moves shows the `LISTED` around the move on screen.  Games of
        one move a turn pair them like a score sheet; the others list turns (`show_turns`).
        """
        moves.classList.toggle("paired", s.game.alternating)
        moves.classList.toggle("turns", not s.game.alternating)
        if not s.game.alternating:
            return self.show_turns(moves, s)
        first = listed_from(s)
        shown, self.listed = self.listed, (s, list(s.moves), s.cursor, first)
        if first or not (shown and shown[0] is s and shown[3] == 0 and shown[1] == s.moves[:len(shown[1])]):
            moves.innerHTML = page.move_list(s, first, first + LISTED)
            return
        if len(s.moves) > len(shown[1]):
            for result in moves.querySelectorAll("li.result"):
                result.remove()
            moves.insertAdjacentHTML("beforeend", page.move_list(s, len(shown[1]), append=True))
        if shown[2] != s.cursor or len(s.moves) > len(shown[1]):
            for item in moves.querySelectorAll("li.current"):
                item.classList.remove("current")
            current = present(moves.querySelector(f'li[data-ply="{s.cursor}"]'))
            if current is not None:
                current.classList.add("current")

    def show_turns(self, moves, s):
        """The game log, one entry per turn: after a move only the last entry is drawn again (the move may
        have added to its turn) and new turns appended; an entry opened stays open."""
        first = listed_from(s)
        shown, self.listed = self.listed, (s, list(s.moves), s.cursor, first)
        if first or not (shown and shown[0] is s and shown[3] == 0 and shown[1] == s.moves[:len(shown[1])]):
            moves.innerHTML = page.turn_log(s, first, first + LISTED)
        elif len(s.moves) > len(shown[1]):
            for result in moves.querySelectorAll("li.result"):
                result.remove()
            entries = moves.querySelectorAll("li.turn")
            begin, opened = len(shown[1]), False
            if entries.length:
                last = entries.item(entries.length - 1)
                begin, opened = int(last.dataset.first) - 1, bool(last.classList.contains("open"))
                last.remove()
            moves.insertAdjacentHTML("beforeend", page.turn_log(s, begin))
            if opened:
                self.open_turn(present(moves.querySelector(f'li.turn[data-first="{begin + 1}"]')), True)
        elif shown[2] == s.cursor:
            return
        for item in moves.querySelectorAll("li.current"):
            item.classList.remove("current")
        action = present(moves.querySelector(f'li.ply[data-ply="{s.cursor}"]'))
        if action is not None:
            action.classList.add("current")
            turn = action.closest("li.turn")
            turn.classList.add("current")
            if s.browsing:  # the move on screen is in view, its turn opened
                self.open_turn(turn, True)

    @staticmethod
    def open_turn(entry, opened):
        """Open (or close) a log entry to its single moves."""
        if entry is None:
            return
        entry.classList.toggle("open", opened)
        toggle = present(entry.querySelector("button.open"))
        if toggle is not None:
            toggle.setAttribute("aria-expanded", "true" if opened else "false")

    def load_rules(self, game_id):
        try:
            text = games.rules_page(game_id)
        except OSError:
            text = "<p>The rules could not be loaded.</p>"
        by_id("rules-body").innerHTML = text

    # -- actions ----------------------------------------------------------
    def act(self, change, save=True):
        """Run one player action (or, with save=False, just redraw after loading).

        Errors become messages, never tracebacks.  A player action clears the
        notice about links and storage; a load shows it.
        """
        if self.busy or self.session is None:
            return
        self.stop_replay()
        if save:
            self.notice = ""
        report(self.session.attempt(change))
        if save:
            self.persist()
        self.render()

    def on_cell_click(self, event):
        """A board or panel location: nested locations are offered innermost first."""
        actor = present(event.target.closest("[data-actor]"))
        if actor is not None:
            chosen = str(actor.dataset.actor) or None
            return self.act(lambda: setattr(self.session, "actor", chosen), save=False)
        cells = clicked_cells(event)
        if cells:
            if self.replaying:  # a click on the board during Replay turn is a move at the latest position
                self.stop_replay()
                self.session.go(len(self.session.moves))
            self.act(lambda: self.session.click(cells))
        return None

    def replay_turn(self):
        """Replay turn: the followed turns' moves one by one on the board; pressed again, it stops."""
        if self.replaying:
            self.stop_replay()
            return self.act(lambda: self.session.go(len(self.session.moves)), save=False)
        span = self.session.replay_span()
        if span is not None and not self.busy:
            self.replaying = asyncio.ensure_future(self.step_replay(self.session, *span))
        return None

    async def step_replay(self, session, first, last):
        """Show the position before the turns, then each move, `REPLAY_STEP_S` apart; input is never blocked
        (a player's action cancels this task at its next pause)."""
        for ply in range(first, last + 1):
            if session is not self.session:
                break
            session.go(ply)
            self.render()
            await asyncio.sleep(REPLAY_STEP_S)
        self.replaying = None
        if session is self.session:
            session.go(len(session.moves))
            self.render()

    def stop_replay(self):
        """A player's action ends Replay turn at once (the board stays where the player puts it)."""
        if self.replaying is not None:
            task, self.replaying = self.replaying, None
            task.cancel()

    def show_clock(self):
        element = by_id("clock")
        remaining = self.session.clock_remaining(window.Date.now() / 1000)
        if element and remaining is not None:
            element.textContent = f"{int(remaining) // 60}:{int(remaining) % 60:02d}"

    def tick(self):
        """Once a second: count the game clock down and ring it at zero."""
        if self.busy or self.session is None or self.session.clock_remaining(window.Date.now() / 1000) is None:
            return
        if self.entry is None:
            self.persist()  # a running clock is saved at once: reloading must not buy time
        if self.session.tick(window.Date.now() / 1000):
            self.act(lambda: None)
        else:
            self.show_clock()

    def on_panel_click(self, event):
        toggle = present(event.target.closest("[data-open]"))
        if toggle is not None:  # a log entry opens to its moves, or closes: nothing else changes
            entry = toggle.closest("li.turn")
            return self.open_turn(entry, not entry.classList.contains("open"))
        target = present(event.target.closest("[data-ply], [data-move], [data-game]"))
        if target is None:
            return
        # A missing data-* attribute raises AttributeError on a JsProxy: read them as attributes.
        move, ply, game = (present(target.getAttribute(f"data-{key}")) for key in ("move", "ply", "game"))
        if move:
            self.act(lambda: self.session.choose(str(move)))
        elif ply:
            self.act(lambda: self.session.go(int(ply)))
        elif game and not target.disabled:
            asyncio.ensure_future(self.switch_game(str(game)))

    async def switch_game(self, game_id):
        """The game of that kind played last, else a new one (its files fetched the first time)."""
        if game_id == self.session.game.id or self.busy:
            return None
        try:
            await self.loaded(lambda: games.get(game_id))
        except GameError as err:  # offline before the app was cached: the game on screen stays
            self.session.message, self.session.warn = str(err), True
            return self.render()
        self.persist()
        self.notice = ""
        entry = saves.latest_of(self.store, game_id)
        if not (entry and await self.open_entry(entry)):
            self.adopt(Session(game_id), None, {})
        self.shown()
        return None

    def shown(self):
        """A game just opened: its URL, and the page drawn."""
        self.persist()
        window.history.replaceState(None, "", "#" + self.session.link())
        if self.entry is not None:
            self.store.set(saves.LAST, self.entry)  # a visit without a link opens it
        self.act(lambda: None, save=False)

    # -- My games ---------------------------------------------------------
    def show_games(self, _event=None):
        self.persist()
        by_id("games-note").textContent = ""
        self.fill_games()
        by_id("games-box").showModal()
        asyncio.ensure_future(self.fetch_pictures())

    def fill_games(self):
        when = lambda ms: str(window.Date.new(ms).toLocaleString())  # noqa: E731 - the reader's own format
        listed = saves.entries(self.store)
        by_id("games-list").innerHTML = page.games_list(listed, self.entry, when, thumbnail)
        by_id("games-kept").textContent = ""
        if listed:
            asyncio.ensure_future(say_kept())

    def export_games(self):
        """Download every saved game as one readable JSON file: a backup, or a move to another browser."""
        day = str(window.Date.new().toISOString())
        text = saves.export_games(self.store, day)
        url = window.URL.createObjectURL(window.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)))
        download_file(url, f"looney-pyramids-games-{day[:10]}.json")
        count = text.count('"record":')
        by_id("games-note").textContent = f"Exported {count} game{'s' if count != 1 else ''} to a file in your downloads."

    async def import_games(self, _event=None):
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
            found = await self.loaded(lambda: saves.read_import(text))
            note.textContent = saves.add_imported(self.store, found, now_ms())
        except GameError as err:
            note.textContent = str(err)
        self.fill_games()
        asyncio.ensure_future(self.fetch_pictures())

    async def fetch_pictures(self):
        """The files of the listed games not shown yet, for their pictures: the list is drawn again with them."""
        fetched = []
        for game_id in sorted({e.game for e in saves.entries(self.store) if e.game}):
            try:
                await loaded(lambda: games.get(game_id), fetched.append)  # noqa: B023 - called at once
            except GameError:
                pass  # listed without a picture
        if fetched and by_id("games-box").open:
            self.fill_games()

    async def open_saved(self, entry_id):
        """A game chosen in My games."""
        by_id("games-box").close()
        if entry_id != self.entry:
            self.persist()
            self.notice = ""
            if await self.open_shown(entry_id):
                return None
        return self.act(lambda: None, save=False)

    async def open_shown(self, entry_id):
        """Open a saved game and draw it; False when it cannot be read (the notice says why)."""
        opened = await self.open_entry(entry_id)
        if opened:
            self.shown()
        return opened

    def rename(self, entry_id):
        """Ask for a new name, the current one filled in; Cancel (null) changes nothing."""
        try:
            current = str(saves.load(self.store, entry_id)[1].get("name") or "")
        except GameError:
            current = ""
        name = present(window.prompt("A name for this game:", current))
        if name is not None:
            if not saves.rename(self.store, entry_id, str(name), now_ms()):
                self.session.message, self.session.warn = "The new name could not be saved.", True
            elif entry_id == self.entry:
                self.meta = {**self.meta, "name": saves.load(self.store, entry_id)[1].get("name", "")}
        self.fill_games()

    def on_games_click(self, event):
        target = present(event.target.closest("[data-open], [data-rename], [data-delete]"))
        if target is None or self.busy:
            return
        opened, renamed, deleted = (present(target.getAttribute(f"data-{key}")) for key in ("open", "rename", "delete"))
        if opened:
            asyncio.ensure_future(self.open_saved(str(opened)))
        elif renamed:
            self.rename(str(renamed))
        elif deleted and window.confirm("Delete this saved game? This cannot be undone."):
            saves.delete(self.store, str(deleted))
            if str(deleted) == self.entry:
                self.entry, self.saved = None, None  # still on screen; saved again as new if played on
                self.opened = list(self.session.moves)
            self.fill_games()


    def on_key(self, event):
        """Esc cancels a selection or a choice; ←/→/Home/End browse the game, PageUp/PageDown and Shift+←/→
        turn by turn, outside the board (static/access.js)."""
        if str(event.key) == "Escape" and present(event.target.closest("dialog")) is None:  # dialogs close themselves
            return self.escape()
        if present(event.target.closest("input, select, textarea, dialog")) is not None or event.ctrlKey or event.metaKey:
            return None
        if present(event.target.closest("#board")) is not None:
            return None
        key = str(event.key)
        ply = self.session.ply_for_key(f"Shift+{key}" if event.shiftKey and key.startswith("Arrow") else key)
        if ply is not None:
            event.preventDefault()
            self.act(lambda: self.session.go(ply))

    def type_move(self, event):
        """The typed-move box: the game's notation, refused in words like a click."""
        event.preventDefault()
        field = by_id("move-text")
        text = str(field.value)
        if not text.strip():
            return
        before = len(self.session.moves)
        self.act(lambda: self.session.play(text))
        if len(self.session.moves) > before:
            field.value = ""

    def escape(self):
        """Esc: a pending choice or selection goes, and an open box (link, embed, notation) closes."""
        for opener in ("share", "embed", "notation"):
            box = by_id(f"{opener}-box")
            if not box.hidden:
                if box.contains(document.activeElement):
                    by_id(opener).focus()  # focus was in the box: it goes back to its button
                box.hidden = True
        if self.session.selection or self.session.choices:
            self.act(self.session.cancel, save=False)

    def show_share(self):
        """Share says whom the link goes to once the player has moved and a friend is to move."""
        to = self.session.send_to()
        button = by_id("share")
        button.textContent = f"Send to {to}" if to else "Share"
        button.title = f"Send {to} a link to this game" if to else "Copy a link to this game"

    def share_address(self):
        """The whole address Share hands out, and why it is refused (None if it is not)."""
        link = str(window.location.href).split("#")[0] + "#" + self.session.share_link()
        return link, record.too_long_to_send(link)

    def share(self, _event=None):
        """The shortest link to the game: the phone's share sheet, else copied; a link too long for a chat is refused."""
        self.persist()
        s = self.session
        link, refused = self.share_address()
        if refused:
            by_id("share-box").hidden = True
            s.message, s.warn = refused, True
            return self.render()
        field = by_id("share-link")
        field.value = link
        by_id("share-box").hidden = False
        to = s.send_to()
        said = f"Send it to {to}." if to else "Anyone who opens it sees this game, move by move."
        if present(getattr(window.navigator, "share", None)) and window.matchMedia("(pointer: coarse)").matches:
            asyncio.ensure_future(self.share_sheet(link, f"Your move in {s.game.title}" if to else s.game.title))
            s.note(said)
            return self.render()
        return self.copy(field, "link", f"Link copied. {said}", said)

    def copy(self, field, what, copied, then=""):
        """Put `field`'s text on the clipboard; the note says so once the browser has, or that it refused
        and the text is selected to copy by hand."""
        field.select()
        asyncio.ensure_future(self.copy_text(self.session, field, what, copied, then))

    async def copy_text(self, session, field, what, copied, then):
        try:
            await window.navigator.clipboard.writeText(field.value)
            said = copied
        except Exception:  # noqa: BLE001 - no clipboard (an insecure page) or the browser refused
            field.focus()
            field.select()
            said = f"The browser did not let the app copy the {what}: it is selected below, to copy by hand " \
                   f"(Ctrl+C, or \u2318C on a Mac). {then}".strip()
        if session is self.session:
            session.note(said)
            self.render()

    async def share_sheet(self, link, text):
        """The phone's own share sheet (Web Share API); closing it shares nothing and says nothing."""
        try:
            await window.navigator.share(to_js({"title": "Looney Pyramids", "text": text, "url": link},
                                                dict_converter=window.Object.fromEntries))
        except Exception:  # the player closed the sheet, or the browser refused
            pass

    def fill_embed(self, _event=None):
        """The iframe code for the game and position on screen, in the chosen view."""
        from pyramids import embed  # imported when first needed: it is not part of the start-up
        s = self.session
        view = embed.View(play=bool(by_id("embed-play").checked), static=bool(by_id("embed-static").checked))
        by_id("embed-code").value = embed.snippet(str(window.location.href), s.record(), s.cursor, view,
                                                  f"{s.game.title}, Looney Pyramids", views.draw(s.state))

    def show_embed(self, _event=None):
        by_id("embed-box").hidden = False
        self.fill_embed()
        self.copy(by_id("embed-code"), "code", "Embed code copied: paste it into a wiki or blog page.",
                  "Paste it into a wiki or blog page.")

    def download(self, kind):
        from pyramids import embed
        s = self.session
        name = embed.image_name(s.game.id, s.cursor, kind)
        asyncio.ensure_future(self.save_image(embed.image(s.state, s.marks()), name))

    async def save_image(self, svg_text, name):
        """Download a board image: the SVG itself, or a PNG of it drawn at twice its size."""
        try:
            url = "data:image/svg+xml;charset=utf-8," + str(window.encodeURIComponent(svg_text))
            if name.endswith(".png"):
                picture = window.Image.new()
                picture.src = url
                await picture.decode()
                canvas = document.createElement("canvas")
                canvas.width, canvas.height = picture.naturalWidth * 2, picture.naturalHeight * 2
                canvas.getContext("2d").drawImage(picture, 0, 0, canvas.width, canvas.height)
                url = canvas.toDataURL("image/png")
            download_file(url, name)
        except Exception as err:  # a failed picture must not kill the page
            self.session.message, self.session.warn = f"The picture could not be made: {err}", True
            self.render()

    def show_end(self, s):
        """The end of a game: its result, with Rematch and New game (not while browsing back through it)."""
        over = s.latest.outcome is not None and not s.browsing
        by_id("end").hidden = not over
        if over:
            by_id("end-result").textContent = s.status()

    def show_notation(self, _event=None):
        """The moves in notation, to read or copy; the list shows them in words."""
        box = by_id("notation-box")
        box.hidden = not box.hidden
        if box.hidden:
            return
        by_id("notation-text").value = page.notation(self.session)
        self.copy(by_id("notation-text"), "moves", "The moves in notation are copied.")

    def ask_new_game(self, _event=None):
        """The new-game form, with the values last tried for this game; a game in progress is named."""
        s = self.session
        by_id("new-title").textContent = f"New game of {s.game.title}"
        values = self.form_values.get(s.game.id, s.options)
        by_id("new-options").innerHTML = page.options_form(s.game, values)
        by_id("new-mine").innerHTML = page.mine_form(s)
        try:
            by_id("new-seats").innerHTML = page.seats_form(s.game, values, s.bots, s.pace)
        except GameError:  # the values last tried do not go together (Start said why): the game on screen's seats
            by_id("new-seats").innerHTML = page.seats_form(s.game, s.options, s.bots, s.pace)
        by_id("new-error").textContent = ""
        running = s.latest.outcome is None and len(s.moves) > 0
        by_id("new-running").hidden = not running
        if running:
            by_id("new-running").textContent = page.leaving(len(s.moves), self.entry is not None or self.worth_saving())
        by_id("new-game").showModal()

    def chosen_options(self):
        """The options ticked in the new-game form."""
        chosen = {}
        for opt in self.session.game.options:
            field = present(by_id("new-options").querySelector(f'[name="{opt.name}"]'))
            if getattr(opt, "widget", "") == "colours":  # a checkbox per colour: the ticked ones
                boxes = by_id("new-options").querySelectorAll(f'[name="{opt.name}"]:checked')
                chosen[opt.name] = ",".join(str(box.value) for box in boxes)
            elif field is not None:
                chosen[opt.name] = bool(field.checked) if isinstance(opt.default, bool) else str(field.value)
        return chosen

    def chosen_bots(self):
        """The seats set to the computer in the new-game form: {seat: level}."""
        return {str(field.name).removeprefix("seat:"): str(field.value)
                for field in by_id("new-seats").querySelectorAll('select[name^="seat:"]') if str(field.value)}

    @staticmethod
    def chosen_pace():
        """The Computer speed chosen in the new-game form (games without turns), else normal."""
        field = present(by_id("new-seats").querySelector('select[name="pace"]'))
        return "normal" if field is None else str(field.value)

    def on_options_change(self, _event=None):
        """Other options can mean other seats (more players, other colours): "I play" and the seats list them again."""
        game = self.session.game
        try:
            options = game.resolve_options(self.chosen_options())
            by_id("new-mine").innerHTML = page.mine_form(Session(game.id, options))
            by_id("new-seats").innerHTML = page.seats_form(game, options, self.chosen_bots(), self.chosen_pace())
        except GameError:
            pass  # options that do not go together: the form says so when started


    def start_new_game(self, event):
        """Start the game the form describes; an invalid combination is explained and the form stays open."""
        event.preventDefault()
        game = self.session.game
        chosen = self.chosen_options()
        mine = [str(box.value) for box in by_id("new-mine").querySelectorAll('[name="mine"]:checked')]
        self.form_values[game.id] = chosen
        try:
            game.new(**chosen)
        except GameError as err:
            by_id("new-error").textContent = str(err)
            return
        by_id("new-game").close()
        self.new_session(game.id, chosen, mine, self.chosen_bots(), self.chosen_pace())

    def new_session(self, game_id, options, mine, bots, pace="normal"):
        """A fresh game on screen, `mine` the seats played here, `bots` the computer's (at `pace`); the one it
        replaces was saved when last played."""
        def restart():
            self.persist()
            session = Session(game_id, options, bots=bots, pace=pace)
            session.choose_mine(mine)
            self.adopt(session, None, {})
        self.act(restart)

    def rematch(self, _event=None):
        """The same game again: its options, and the same seats played here."""
        s = self.session
        self.new_session(s.game.id, dict(s.options), s.mine, s.bots, s.pace)

    # -- wiring -------------------------------------------------------------
    def bind(self):
        s = lambda f: create_proxy(lambda event: f())  # noqa: E731 - button handlers
        by_id("board").addEventListener("click", create_proxy(self.on_cell_click))
        by_id("game-panel").addEventListener("click", create_proxy(self.on_cell_click))
        by_id("side").addEventListener("click", create_proxy(self.on_panel_click))
        by_id("log").addEventListener("click", create_proxy(self.on_panel_click))
        by_id("picker").addEventListener("click", create_proxy(self.on_panel_click))
        document.addEventListener("keydown", create_proxy(self.on_key))
        by_id("undo").addEventListener("click", s(lambda: self.act(self.session.undo)))
        by_id("redo").addEventListener("click", s(lambda: self.act(self.session.redo)))
        by_id("first").addEventListener("click", s(lambda: self.act(lambda: self.session.go(0))))
        by_id("prev").addEventListener("click", s(lambda: self.act(lambda: self.session.go(self.session.cursor - 1))))
        by_id("next").addEventListener("click", s(lambda: self.act(lambda: self.session.go(self.session.cursor + 1))))
        by_id("last").addEventListener("click", s(lambda: self.act(lambda: self.session.go(len(self.session.moves)))))
        by_id("prev-turn").addEventListener("click", s(lambda: self.act(lambda: self.session.go(self.session.turn_before()))))
        by_id("next-turn").addEventListener("click", s(lambda: self.act(lambda: self.session.go(self.session.turn_after()))))
        by_id("replay").addEventListener("click", s(self.replay_turn))
        by_id("log-toggle").addEventListener("click", s(self.toggle_log))
        by_id("share").addEventListener("click", create_proxy(self.share))
        by_id("hint").addEventListener("click", s(lambda: asyncio.ensure_future(self.bots.hint())))
        by_id("embed").addEventListener("click", create_proxy(self.show_embed))
        by_id("embed-box").addEventListener("change", create_proxy(self.fill_embed))
        by_id("download-svg").addEventListener("click", s(lambda: self.download("svg")))
        by_id("download-png").addEventListener("click", s(lambda: self.download("png")))
        by_id("new").addEventListener("click", create_proxy(self.ask_new_game))
        by_id("new-form").addEventListener("submit", create_proxy(self.start_new_game))
        by_id("new-options").addEventListener("change", create_proxy(self.on_options_change))
        by_id("new-cancel").addEventListener("click", s(lambda: by_id("new-game").close()))
        by_id("type-move").addEventListener("submit", create_proxy(self.type_move))
        by_id("rematch").addEventListener("click", create_proxy(self.rematch))
        by_id("end-new").addEventListener("click", create_proxy(self.ask_new_game))
        by_id("notation").addEventListener("click", create_proxy(self.show_notation))
        by_id("my-games").addEventListener("click", create_proxy(self.show_games))
        by_id("games-list").addEventListener("click", create_proxy(self.on_games_click))
        by_id("games-close").addEventListener("click", s(lambda: by_id("games-box").close()))
        by_id("games-export").addEventListener("click", s(self.export_games))
        by_id("games-import").addEventListener("click", s(lambda: by_id("games-file").click()))
        by_id("games-file").addEventListener("change", create_proxy(lambda event: asyncio.ensure_future(
            self.import_games(event))))
        by_id("parted-box").addEventListener("click", create_proxy(self.keep_line))
        window.addEventListener("hashchange", create_proxy(self.on_hashchange))
        window.addEventListener("storage", create_proxy(self.on_storage))
        window.setInterval(create_proxy(self.tick), 1000)
        for button in document.querySelectorAll("#picker [data-game], #controls button, #move-play"):
            button.disabled = False

    @staticmethod
    def toggle_log():
        """On a phone the log is a drawer under the board: one tap opens it, another closes it."""
        log = by_id("log")
        opened = not log.classList.contains("open")
        log.classList.toggle("open", opened)
        by_id("log-toggle").setAttribute("aria-expanded", "true" if opened else "false")
        if opened:  # the latest turns in view, as on a wide screen
            window.requestAnimationFrame(SCROLL_TO_END)

    def on_hashchange(self, _event):
        """A link pasted into this tab: open it like a fresh visit.

        The game on screen was saved when last played; persist() here would overwrite the new URL.
        """
        if not self.busy:
            self.notice = ""
            asyncio.ensure_future(self.reopen())

    async def reopen(self):
        await self.start()
        self.act(lambda: None, save=False)


def storage_manager():
    """navigator.storage, or None in a browser without it (an older one, a page not served securely)."""
    return present(getattr(window.navigator, "storage", None))


async def keep_games():
    """Ask the browser to keep the saved games: storage that is not persistent may be cleared (Safari
    clears a site's after 7 days without a visit).  Asked after a save, so never of a mere visitor."""
    manager = storage_manager()
    if manager is not None and present(getattr(manager, "persist", None)) is not None:
        try:
            await manager.persist()
        except Exception:  # noqa: BLE001 - refused or not supported: My games says the games may be cleared
            pass


def mark_intent(cells):
    """Outline the locations a bot is about to act on (none: clear them); drawn again after every redraw."""
    for element in document.querySelectorAll("#board .bot-intent"):
        element.classList.remove("bot-intent")
    for cell in cells:
        for element in document.querySelectorAll(f'#board [data-cell="{cell}"]'):
            element.classList.add("bot-intent")


def download_file(url, name):
    """Hand the browser a file to save (a picture, a backup of My games)."""
    link = document.createElement("a")
    link.href, link.download = url, name
    link.click()


async def say_kept():
    """My games says whether this browser keeps the games safe (persistent storage) or may clear them."""
    manager, kept = storage_manager(), False
    if manager is not None and present(getattr(manager, "persisted", None)) is not None:
        try:
            kept = bool(await manager.persisted())
        except Exception:  # noqa: BLE001 - unknown: the games may be cleared
            kept = False
    by_id("games-kept").textContent = KEPT_SAFE if kept else MAY_CLEAR


@create_proxy
def SCROLL_TO_END(_time):  # noqa: N802 - one proxy for every frame, made once
    moves = by_id("moves")
    moves.scrollTop = moves.scrollHeight


def thumbnail(game_id, position):
    """A small picture of a saved position for My games; nothing when it cannot be drawn."""
    try:
        return views.draw(games.get(game_id).from_text(position))
    except Exception:  # noqa: BLE001 - a picture must never keep the list from opening
        return ""


app = App()
opening = asyncio.ensure_future(app.boot())  # the bench's profile awaits it
