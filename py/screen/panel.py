"""The side panel: status, message, the choices of a move, the game's own panel (scores, reserves,
pools), the clock, the end of a game, Undo/Redo, the typed move, and the rules beside the log."""

from pyodide.ffi import create_proxy
from pyscript import document, window

from browser import Announcer, by_id, draw_panel, on, set_html
from pyramids import games, page, record
from pyramids.clock import minutes
from screen.store import NOT_SAVING


class Panel:
    def __init__(self, app):
        self.app = app
        self.announce = Announcer()
        self.rules_for = None  # the game whose rules are shown
        self.typed_for = None  # the session the typed-move box was last drawn for
        self.notice = ""  # a message about links or storage, shown until the next action

    def tell(self, text):
        """Add to the notice shown until the player's next action (whole sentences, as many as can be read)."""
        self.notice = record.shorten(" ".join(t for t in (self.notice, text) if t), page.NOTICE_LIMIT)

    def bind(self):
        app = self.app
        on("side", "click", self.on_click)
        on("undo", "click", lambda _event: app.act(app.session.undoing.undo))
        on("redo", "click", lambda _event: app.act(app.session.undoing.redo))
        on("type-move", "submit", self.type_move, prevent=True)
        window.setInterval(create_proxy(self.tick), 1000)

    def draw(self, s):
        app = self.app
        by_id("status").textContent = app.bots.status() or s.words.status()
        message = by_id("message")
        fallback = app.bots.fallback if s.computer.bots else ""
        notice = " ".join(t for t in (NOT_SAVING if app.saving.not_saving else "", self.notice) if t)
        # after the message of a move inside that turn
        news = "" if s.warn or s.clicks.selection else s.following.news()
        message.textContent = " ".join(t for t in (notice, s.message, news, fallback) if t)
        message.className = "message" + (" warn" if notice or fallback or (s.message and s.warn) else "")
        set_html("choices", page.choices(s))
        self.announce(s, notice)
        self.show_end(s)
        by_id("undo").title = s.undoing.undo_title()
        by_id("undo").disabled = not s.undoing.can_undo()
        by_id("redo").disabled = not s.undoing.redo_stack
        if self.typed_for is not s:  # a move typed for another game is no move of this one
            self.typed_for = s
            by_id("move-text").value = ""
        for button in document.querySelectorAll("#picker [data-game]"):
            button.classList.toggle("active", button.dataset.game == s.game.id)
        document.title = f"{s.game.title} · Looney Pyramids"

    def draw_after_paint(self, s):
        """A frame after the board: the game's panel (Terrafex's score, pool and trackers took a quarter of a
        click's time) with its clock, the typed move's example (finding the legal moves takes a while), and the
        rules of a game just opened (the page of rules is long: ~20 ms of a link's last task)."""
        draw_panel(s)
        self.show_clock()
        by_id("move-help").textContent = page.move_help(s)
        if self.rules_for != s.game.id:
            self.rules_for = s.game.id
            self.load_rules(s.game.id)

    def on_click(self, event):
        """A choice of the move being made (a piece's size, a direction, an action...)."""
        move = event.data.get("move")
        if move is not None:
            self.app.act(lambda: self.app.session.clicks.choose(move))

    def show_clock(self):
        element = by_id("clock")
        remaining = self.app.session.clock.remaining(window.Date.now() / 1000)
        if element and remaining is not None:
            element.textContent = minutes(remaining)

    def tick(self):
        """Once a second: count the game clock down and ring it at zero."""
        app = self.app
        if app.busy or app.session is None or app.session.clock.remaining(window.Date.now() / 1000) is None:
            return
        if app.saving.entry is None:
            app.saving.persist()  # a running clock is saved at once: reloading must not buy time
        if app.session.tick(window.Date.now() / 1000):
            app.act(lambda: None)
        else:
            self.show_clock()

    @staticmethod
    def show_end(s):
        """The end of a game: its result, with Rematch and New game (not while browsing back through it)."""
        over = s.latest.outcome is not None and not s.browsing
        by_id("end").hidden = not over
        if over:
            by_id("end-result").textContent = s.words.status()

    def type_move(self, event):
        """The typed-move box: the game's notation, refused in words like a click."""
        app, field = self.app, by_id("move-text")
        text = event.form.get("move", [""])[0]
        if not text.strip():
            return
        before = len(app.session.moves)
        app.act(lambda: app.session.play(text))
        if len(app.session.moves) > before:
            field.value = ""

    @staticmethod
    def load_rules(game_id):
        try:
            text = games.rules_page(game_id)
        except OSError:
            text = "<p>The rules could not be loaded.</p>"
        by_id("rules-body").innerHTML = text
