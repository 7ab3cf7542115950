"""The side panel: status, message, the choices of a move, the game's own panel (scores, reserves,
pools), the clock, the end of a game, Undo/Redo, the typed move, and the rules beside the log."""

import js
from pyodide.ffi import create_proxy

from browser import Announcer, do, draw_panel, on, set_html
from pyramids import games, page, record
from pyramids.clock import minutes
from screen.store import NOT_SAVING

COMPUTER_WAITS = "The computer waits while you look back: End (or Last) returns to the game."


class Panel:
    def __init__(self, app):
        self.app = app
        self.announce = Announcer()
        self.rules_for = None  # the game whose rules are shown
        self.typed_for = None  # the session the typed-move box was last drawn for
        self.notice = ""  # a message about links or storage, shown until the next action
        self.ended = (None, False)  # the session last drawn, and whether its end was shown

    def tell(self, text):
        """Add to the notice shown until the player's next action (whole sentences, as many as can be read)."""
        self.notice = record.shorten(" ".join(t for t in (self.notice, text) if t), page.NOTICE_LIMIT)

    def bind(self):
        app = self.app
        on("side", "click", self.on_click)
        on("undo", "click", lambda _event: app.act(app.session.undoing.undo))
        on("redo", "click", lambda _event: app.act(app.session.undoing.redo))
        on("type-move", "submit", self.type_move, prevent=True)
        js.setInterval(create_proxy(self.tick), 1000)

    def draw(self, s):
        app = self.app
        fallback = app.bots.fallback if s.computer.bots else ""
        notice = " ".join(t for t in (NOT_SAVING if app.saving.not_saving else "", self.notice) if t)
        # not after the message of what is lit (a move inside that turn, a hint, Show me); browsing, the move on
        # screen (not the latest turn's news)
        news = ("" if s.warn or s.clicks.lit else s.words.on_screen() if s.browsing
                else s.following.news(going_on=True))
        if s.computer.waits_for_browsing() and not app.bots.searching(s):  # a search under way plays on
            news = f"{news} {COMPUTER_WAITS}".strip()
        do(["set", "status", {"textContent": app.bots.status() or s.words.status()}],
           ["set", "message", {"textContent": " ".join(t for t in (notice, s.message, news, fallback) if t),
                               "className": "message" + (" warn" if notice or fallback or (s.message and s.warn)
                                                         else "")}])
        set_html("choices", page.choices(s))
        self.announce(s, notice)
        self.show_end(s)
        do(["set", "undo", {"title": s.undoing.undo_title(), "disabled": not s.undoing.can_undo()}],
           ["set", "redo", {"disabled": not s.undoing.redo_stack}],
           ["attrsAll", "#picker [data-game]", {"aria-current": None}],  # the game on screen, told and shown
           ["attrsAll", f'#picker [data-game="{s.game.id}"]', {"aria-current": "page"}],
           ["set", "document", {"title": f"{s.game.title} · Looney Pyramids"}])
        if self.typed_for is not s:  # a move typed for another game is no move of this one
            self.typed_for = s
            do(["set", "move-text", {"value": ""}])

    def draw_after_paint(self, s):
        """A frame after the board: the game's panel (Terrafex's score, pool and trackers took a quarter of a
        click's time) with its clock, the typed move's example (finding the legal moves takes a while), and the
        rules of a game just opened (the page of rules is long: ~20 ms of a link's last task)."""
        draw_panel(s)
        self.show_clock()
        do(["set", "move-help", {"textContent": page.move_help(s)}])
        if self.rules_for != s.game.id:
            self.rules_for = s.game.id
            self.load_rules(s.game.id)

    def on_click(self, event):
        """A choice of the move being made (a piece's size, a direction, an action...)."""
        move = event.data.get("move")
        if move is not None:
            self.app.act(lambda: self.app.session.clicks.choose(move))

    def show_clock(self):
        """The game clock, in the game's panel (where the game has one: a missing element is left alone)."""
        remaining = self.app.session.clock.remaining(js.Date.now() / 1000)
        if remaining is not None:
            do(["set", "clock", {"textContent": minutes(remaining)}])

    def tick(self):
        """Once a second: count the game clock down and ring it at zero."""
        app = self.app
        if app.busy or app.session is None or app.session.clock.remaining(js.Date.now() / 1000) is None:
            return
        if app.saving.entry is None:
            app.saving.persist()  # a running clock is saved at once: reloading must not buy time
        if app.session.tick(js.Date.now() / 1000):
            app.act(lambda: None)
        else:
            self.show_clock()

    def show_end(self, s):
        """The end of a game: Rematch and New game, under the status that says the result (the box holds it for a
        screen reader, unseen), not while browsing back through it.  A game that ends on screen brings them into
        view: on a short phone they stood under the window's foot, under the board, or over it when the last move
        was a press in the panel below it."""
        over = s.latest.outcome is not None and not s.browsing
        do(["set", "end", {"hidden": not over}], *([["set", "end-result", {"textContent": s.words.status()}]]
                                                   if over else []))
        if over and self.ended == (s, False) and not self.app.learn.active:
            do(["span", "#status", "#end"])  # the result, in the status, and the buttons
        self.ended = (s, over)

    def type_move(self, event):
        """The typed-move box: the game's notation, refused in words like a click."""
        app = self.app
        text = event.form.get("move", [""])[0]
        if not text.strip():
            return
        before = len(app.session.moves)
        app.act(lambda: app.session.play(text))
        if len(app.session.moves) > before:
            do(["set", "move-text", {"value": ""}])

    @staticmethod
    def load_rules(game_id):
        try:
            text = games.rules_page(game_id)
        except OSError:
            text = "<p>The rules could not be loaded.</p>"
        set_html("rules-body", text)
