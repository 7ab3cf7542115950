"""The browser binding: the only module that touches the DOM (via PyScript).

It forwards clicks, keys and buttons to a `Session`, draws what the session
says with one assignment per element, and keeps the game in the URL fragment
and in localStorage.  Nothing is written to storage until the player acts, so
opening a bad link never destroys a saved game.
"""

import asyncio
import random

from pyodide.ffi import create_proxy
from pyscript import document, window

from browser import by_id, clicked_cells, draw_board, report
from pyramids import games, page, record, views
from pyramids.core import GameError
from pyramids.session import Session

PREFIX = "pyramids.v1."
DEFAULT_GAME = "ice-lady"


# -- storage that may be missing, full or corrupt ---------------------------
def storage_get(key):
    try:
        return window.localStorage.getItem(PREFIX + key)
    except Exception:  # storage disabled: play on without it
        return None


def storage_set(key, value):
    try:
        window.localStorage.setItem(PREFIX + key, value)
        return True
    except Exception:  # full or disabled: play on without it
        return False


def count(name, step):
    """Add `step` to a number kept in an attribute of <html> (for tests and the bench)."""
    root = document.documentElement
    root.setAttribute(name, str(int(root.getAttribute(name) or 0) + step))


class Bots:
    """The computer's seats on the page: a worker searches, the page only sends positions and plays answers.

    The worker starts at the first bot turn or hint and is kept.  Where it
    cannot start, the search runs here in slices of at most 20 ms, and the
    page says so.  An answer for a position that is gone is dropped
    (`Session.play_bot`); in a game without turns each bot seat acts on its
    own jittered timer and its move is checked when it lands.
    """

    SLICE_S = 0.015

    @property
    def ai(self):
        """The search, loaded at the first bot seat or hint (the page's start-up does not need it)."""
        from pyramids import ai
        return ai

    def __init__(self, app):
        self.app = app
        self.worker = None
        self.starting = None  # the task starting the worker
        self.fallback = ""  # why the search runs on the page, once the worker failed
        self.thinking = None  # (position key, seat) of the turn being searched
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
                move = str(await self.worker.choose(state.game.id, state.to_text(), seat or "", level, seed))
            else:
                search = self.ai.Search(state, seat, level, rng=random.Random(seed),
                                   may_wait=len(self.ai.players_to_act(state)) > 1)
                while not search.step(self.SLICE_S):
                    await asyncio.sleep(0)  # the page handles clicks and paints between slices
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
                low, high = self.ai.level_of(s.bots[seat]).delay
                delay = low + (high - low) * window.Math.random()
                asyncio.ensure_future(self.act_later(s, seat, delay))

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

    async def act_later(self, session, seat, delay):
        """A bot seat of a game without turns: wait, decide, and act if the move still stands."""
        await asyncio.sleep(delay)
        move = None
        try:
            if session is self.app.session and seat in session.bot_seats_acting():
                move = await self.search(session.latest, seat, session.bots[seat])
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
        acting = self.ai.players_to_act(state)
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
        self.bots = Bots(self)
        self.notice = ""  # a message about links or storage, shown until the next action
        self.rules_for = None
        self.saved = None  # (session, text) of the last successful persist(): an unchanged game is not rewritten
        self.listed = None  # (session, moves, cursor) shown in the move list, so new moves are appended

    # -- loading --------------------------------------------------------
    def start(self):
        """Open the link in the URL if there is one, else the last saved game."""
        fragment = str(window.location.hash or "").lstrip("#")
        if fragment:
            try:
                session, error = Session.from_record(record.decode(fragment))
                self.session = session
                if error:
                    self.notice = f"This link is damaged. {error} The game is shown up to that move."
                return
            except GameError as err:
                self.notice = f"This link cannot be opened: {err} Your saved game is shown instead."
        last = storage_get("last") or DEFAULT_GAME
        self.open_saved(last if last in games.ids() else DEFAULT_GAME)

    def open_saved(self, game_id):
        """The saved game of `game_id`, or a new one; damaged saves are kept aside, not lost."""
        saved = storage_get("game." + game_id)
        if saved:
            try:
                session, error = Session.from_storage(saved)
                self.session = session
                if error:
                    self.notice = f"Your saved game was only partly readable. {error}"
                return
            except GameError as err:
                storage_set("damaged." + game_id, saved)
                self.notice = (f"Your saved {games.entry(game_id).title} game could not be read ({err}). "
                               f"It was kept under '{PREFIX}damaged.{game_id}' and a new game started.")
        self.session = Session(game_id)

    def persist(self):
        """After a player acts: save the game and put its record in the URL, unless both hold it already."""
        s = self.session
        saved = (s, s.to_storage())
        if saved == self.saved:
            return
        if storage_set("game." + s.game.id, saved[1]) and storage_set("last", s.game.id):
            self.saved = saved
        else:
            self.notice = "This browser is not saving games (storage is off or full); the link still holds it."
        window.history.replaceState(None, "", "#" + s.link())

    # -- drawing --------------------------------------------------------
    def render(self):
        s = self.session
        self.bots.update()  # first, so the status says when a bot starts thinking
        draw_board(s)
        by_id("status").textContent = self.bots.status() or s.status()
        by_id("game-panel").innerHTML = views.panel(s.state, s.actor)
        self.show_clock()
        message = by_id("message")
        notes = (self.notice, s.message, self.bots.fallback if s.bots else "")
        message.textContent = " ".join(t for t in notes if t)
        message.className = "message" + (" warn" if any(notes) else "")
        by_id("choices").innerHTML = page.choices(s)
        moves = by_id("moves")
        self.show_moves(moves, s)
        if not s.browsing:
            moves.scrollTop = moves.scrollHeight
        by_id("ply").textContent = f"Move {s.cursor} of {len(s.moves)}"
        for name, enabled in (("undo", s.can_undo()), ("redo", bool(s.redo_stack)),
                              ("first", s.cursor > 0), ("prev", s.cursor > 0),
                              ("next", s.browsing), ("last", s.browsing)):
            by_id(name).disabled = not enabled
        for button in document.querySelectorAll("#picker [data-game]"):
            button.classList.toggle("active", button.dataset.game == s.game.id)
        document.title = f"{s.game.title} · Looney Pyramids"
        if not by_id("embed-box").hidden:
            self.fill_embed()
        if self.rules_for != s.game.id:
            self.rules_for = s.game.id
            asyncio.ensure_future(self.load_rules(s.game.id))

    def show_moves(self, moves, s):
        """The move list: new moves are appended and the mark moved, so a long game stays quick."""
        shown, self.listed = self.listed, (s, list(s.moves), s.cursor)
        if not (shown and shown[0] is s and shown[1] == s.moves[:len(shown[1])]):
            moves.innerHTML = page.move_list(s)
            return
        if len(s.moves) > len(shown[1]):
            moves.insertAdjacentHTML("beforeend", page.move_list(s, len(shown[1])))
        if shown[2] != s.cursor or len(s.moves) > len(shown[1]):
            for item in moves.querySelectorAll("li.current"):
                item.classList.remove("current")
            current = moves.querySelector(f'li[data-ply="{s.cursor}"]')
            if current:
                current.classList.add("current")

    async def load_rules(self, game_id):
        try:
            response = await window.fetch(f"static/rules/{game_id}.html")
            text = await response.text() if response.ok else "<p>The rules could not be loaded.</p>"
        except Exception:
            text = "<p>The rules could not be loaded.</p>"
        by_id("rules-body").innerHTML = text

    # -- actions ----------------------------------------------------------
    def act(self, change, save=True):
        """Run one player action (or, with save=False, just redraw after loading).

        Errors become messages, never tracebacks.  A player action clears the
        notice about links and storage; a load shows it.
        """
        if save:
            self.notice = ""
        report(self.session.attempt(change))
        if save:
            self.persist()
        self.render()

    def on_cell_click(self, event):
        """A board or panel location: nested locations are offered innermost first."""
        actor = event.target.closest("[data-actor]")
        if actor:
            chosen = str(actor.dataset.actor) or None
            return self.act(lambda: setattr(self.session, "actor", chosen), save=False)
        cells = clicked_cells(event)
        if cells:
            self.act(lambda: self.session.click(cells))
        return None

    def show_clock(self):
        element = by_id("clock")
        remaining = self.session.clock_remaining(window.Date.now() / 1000)
        if element and remaining is not None:
            element.textContent = f"{int(remaining) // 60}:{int(remaining) % 60:02d}"

    def tick(self):
        """Once a second: count the game clock down and ring it at zero."""
        if self.session.clock_remaining(window.Date.now() / 1000) is None:
            return
        if self.session.tick(window.Date.now() / 1000):
            self.act(lambda: None)
        else:
            self.show_clock()

    def on_panel_click(self, event):
        target = event.target.closest("[data-ply], [data-move], [data-game]")
        if not target:
            return
        # A missing data-* attribute raises AttributeError on a JsProxy: read them as attributes.
        move, ply, game = (target.getAttribute(f"data-{key}") for key in ("move", "ply", "game"))
        if move:
            self.act(lambda: self.session.choose(str(move)))
        elif ply:
            self.act(lambda: self.session.go(int(ply)))
        elif game and not target.disabled:
            self.switch_game(str(game))

    def switch_game(self, game_id):
        if game_id == self.session.game.id:
            return
        self.persist()
        self.notice = ""
        self.open_saved(game_id)
        self.persist()  # the URL and "last game" now name the game on screen
        self.act(lambda: None, save=False)

    def on_key(self, event):
        if event.target.closest("input, select, textarea, dialog") or event.ctrlKey or event.metaKey:
            return
        ply = self.session.ply_for_key(str(event.key))
        if ply is not None:
            event.preventDefault()
            self.act(lambda: self.session.go(ply))

    def share(self, _event=None):
        self.persist()
        link = str(window.location.href)
        field = by_id("share-link")
        field.value = link
        by_id("share-box").hidden = False
        field.select()
        try:
            window.navigator.clipboard.writeText(link)
            self.session.message = "Link copied. Anyone who opens it sees this game, move by move."
        except Exception:
            self.session.message = "Copy the link below to share this game."
        self.render()

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
        field = by_id("embed-code")
        field.select()
        try:
            window.navigator.clipboard.writeText(field.value)
            self.session.message = "Embed code copied: paste it into a wiki or blog page."
        except Exception:
            self.session.message = "Copy the code below into a wiki or blog page."
        self.render()

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
            link = document.createElement("a")
            link.href, link.download = url, name
            link.click()
        except Exception as err:  # a failed picture must not kill the page
            self.session.message = f"The picture could not be made: {err}"
            self.render()

    def ask_new_game(self, _event=None):
        s = self.session
        by_id("new-title").textContent = f"New game of {s.game.title}"
        by_id("new-options").innerHTML = page.options_form(s.game, s.options)
        by_id("new-seats").innerHTML = page.seats_form(s.game, s.options, s.bots)
        by_id("new-game").showModal()

    def chosen_options(self):
        """The options ticked in the new-game form, as link text."""
        chosen = {}
        for opt in self.session.game.options:
            field = by_id("new-options").querySelector(f'[name="{opt.name}"]')
            if getattr(opt, "widget", "") == "colours":  # a checkbox per colour: the ticked ones
                boxes = by_id("new-options").querySelectorAll(f'[name="{opt.name}"]:checked')
                chosen[opt.name] = ",".join(str(box.value) for box in boxes)
            elif field is not None:
                chosen[opt.name] = bool(field.checked) if isinstance(opt.default, bool) else str(field.value)
        return chosen

    def chosen_bots(self):
        """The seats set to the computer in the new-game form: {seat: level}."""
        return {str(field.name).removeprefix("seat:"): str(field.value)
                for field in by_id("new-seats").querySelectorAll("select") if str(field.value)}

    def on_options_change(self, _event=None):
        """Other options can mean other seats (more players, other colours): list them again."""
        game = self.session.game
        try:
            options = game.resolve_options(self.chosen_options())
            by_id("new-seats").innerHTML = page.seats_form(game, options, self.chosen_bots())
        except GameError:  # a combination the game refuses; Start says why
            pass

    def start_new_game(self, event):
        event.preventDefault()
        game = self.session.game
        chosen, bots = self.chosen_options(), self.chosen_bots()
        by_id("new-game").close()

        def restart():
            self.session = Session(game.id, chosen, bots=bots)
        self.act(restart)

    # -- wiring -------------------------------------------------------------
    def bind(self):
        s = lambda f: create_proxy(lambda event: f())  # noqa: E731 - button handlers
        by_id("board").addEventListener("click", create_proxy(self.on_cell_click))
        by_id("game-panel").addEventListener("click", create_proxy(self.on_cell_click))
        by_id("side").addEventListener("click", create_proxy(self.on_panel_click))
        by_id("picker").addEventListener("click", create_proxy(self.on_panel_click))
        document.addEventListener("keydown", create_proxy(self.on_key))
        by_id("undo").addEventListener("click", s(lambda: self.act(self.session.undo)))
        by_id("redo").addEventListener("click", s(lambda: self.act(self.session.redo)))
        by_id("first").addEventListener("click", s(lambda: self.act(lambda: self.session.go(0))))
        by_id("prev").addEventListener("click", s(lambda: self.act(lambda: self.session.go(self.session.cursor - 1))))
        by_id("next").addEventListener("click", s(lambda: self.act(lambda: self.session.go(self.session.cursor + 1))))
        by_id("last").addEventListener("click", s(lambda: self.act(lambda: self.session.go(len(self.session.moves)))))
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
        window.addEventListener("hashchange", create_proxy(self.on_hashchange))
        window.setInterval(create_proxy(self.tick), 1000)
        for button in document.querySelectorAll("#picker [data-game]"):
            built = button.dataset.game in games.ids()
            button.disabled = not built
            button.classList.toggle("coming", not built)
        for button in document.querySelectorAll("#controls button"):
            button.disabled = False

    def on_hashchange(self, _event):
        """A link pasted into this tab: open it like a fresh visit."""
        self.start()
        self.act(lambda: None, save=False)


app = App()
app.start()
app.bind()
app.act(lambda: None, save=False)
document.documentElement.setAttribute("data-ready", "")
