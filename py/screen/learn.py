"""Learn to play: the lesson beside the board, offered on a game's first visit and from the Rules.

The lesson's runner and data (`pyramids.learn`, `pyramids.lessons`) are an archive of their own,
fetched at the first lesson (they are no part of the start-up).  While a lesson runs, its board
(`Tutor.session`) is the app's session, so the board, the panel and the keys work as in a game;
the player's own game waits untouched, and nothing of the lesson is saved or put in the link
(`Saving.persist` and the snapshot leave it alone).  Esc, "Leave the lesson" or the browser's Back (the lesson
is an entry of the tab's history) brings the game back; Forward to that entry, or a reload in it, begins the lesson
again.
"""

import asyncio

from archives import LEARN_ARCHIVE, fetch_archive
from browser import do, home, on, painted, set_html
from pyramids import saves
from pyramids.core import GameError


class Learn:
    def __init__(self, app):
        self.app = app
        self.tutor = None  # the lesson on screen, else None
        self.game_session = None  # the player's game, while a lesson takes its place
        self.offer_for = None  # the game whose first visit offers a lesson (none of its kind in My games)
        self.taken = set()  # the games whose lesson was opened in this visit: not offered again
        self.offer_shown = None  # the title of the game whose offer is on the page ("": none; None: not read yet)
        self.spoken = None  # (step, made) last said in the lesson's live region
        self.loading = False

    @property
    def active(self):
        return self.tutor is not None

    def bind(self):
        for name in ("learn-offer-start", "rules-learn"):
            on(name, "click", lambda _event: self.begin())
        on("lesson", "click", self.on_click)
        on("document", "pyramids-entry", self.on_entry)

    def on_entry(self, event):
        """Back or Forward to an entry of the tab's history, or a reload: a lesson's entry shows the lesson (begun
        again), another the player's game (static/bridge.js's `entry`)."""
        if event.answer and not (self.active or self.loading):
            self.begin()
        elif not event.answer and self.active:
            self.leave(player=True)

    def adopted(self, session, entry):
        """A game came on screen: its first visit (no game of its kind saved) offers a lesson, found once the
        board is painted (My games' entries are read for it: no part of opening a game).  An offer of this
        game painted before Python started (static/snapshot.js) stays until then: hidden and shown again, it
        would move the controls under it twice."""
        if self.offer_shown is None:  # the page's first: what static/snapshot.js painted
            self.offer_shown = str(painted().get("offer", ""))
        shown = self.offer_shown == session.game.title
        self.offer_for = session.game.id if shown and entry is None else None
        if entry is None:
            self.app.later(lambda: self.offer(session))

    def offer(self, session):
        app = self.app
        try:
            first = session.game.id not in self.taken and saves.latest_of(app.store, session.game.id) is None
        except Exception:  # noqa: BLE001 - storage refused: no offer, nothing else changes
            first = False
        if session is app.session and (self.offer_for == session.game.id) != first:
            self.offer_for = session.game.id if first else None
            self.draw(session)

    # -- starting and leaving -------------------------------------------------
    def begin(self):
        """Learn to play the game on screen."""
        if not (self.loading or self.app.busy):
            asyncio.ensure_future(self.open(self.game_session.game.id if self.active else self.app.session.game.id))

    async def open(self, game_id):
        app, shown = self.app, self.app.session
        self.loading = True
        do(["set", "status", {"textContent": "Loading the lesson…"}])
        try:
            await fetch_archive(home() + LEARN_ARCHIVE, "Learn to play")
            from pyramids import learn  # fetched just now: no part of the start-up
            tutor = learn.Tutor(learn.lesson(game_id))
        except GameError as err:  # offline before the app was cached
            app.session.note(str(err), warn=True)
            return app.render()
        finally:
            self.loading = False
        if app.session is not shown:  # another game came on screen meanwhile (Back, a link pasted): no lesson
            return None
        app.board.stop_replay()
        if not self.active:
            self.game_session = app.session
        self.taken.add(game_id)
        self.offer_for = None
        self.tutor, self.spoken = tutor, None
        app.session = tutor.session
        do(["classes", "body", {"learning": True}], ["lesson", True])
        app.act(lambda: None, save=False)
        app.board.focus()
        return None

    def leave(self, player=False):
        """Back to the player's game, as it was; left by the player (the lesson's Leave, Esc, Back), the lesson's
        entry in the tab's history goes too (static/bridge.js's `lesson`)."""
        if not self.active:
            return
        app = self.app
        app.board.stop_replay()
        app.session, self.tutor, self.game_session = self.game_session, None, None
        do(["classes", "body", {"learning": False}], ["set", "lesson-live", {"textContent": ""}])
        if player:
            do(["lesson", False])
        app.act(lambda: None, save=False)
        app.board.focus()

    def play_computer(self):
        """The lesson's end: a real game, the computer (Easy) in every seat but the player's."""
        tutor = self.tutor
        self.leave()
        self.app.new_game.new_session(tutor.lesson.game, dict(tutor.lesson.options), [], tutor.seats())

    # -- the lesson's buttons ---------------------------------------------------
    def on_click(self, event):
        name, tutor = event.control, self.tutor
        if name is None or not self.active:
            return None
        if name == "lesson-leave":
            return self.leave(player=True)
        if name == "lesson-play":
            return self.play_computer()
        if name == "lesson-first":
            return self.begin()
        change = {"lesson-next": tutor.next, "lesson-show": tutor.show, "lesson-again": tutor.again}.get(name)
        if change is not None:
            self.run(change)  # what Show me lit is brought into view (`App.act`)
            if name != "lesson-show":  # there the keys stay on the button
                self.app.board.focus()
        return None

    def run(self, change):
        """A step's button: the tutor may put another board on screen (a step with a position of its own)."""
        app = self.app

        def made():
            try:
                change()
            finally:
                app.session = self.tutor.session
        app.act(made, save=False)

    @staticmethod
    def focus_continue():
        """The step's move is made: the keys go on to Continue (Enter leads on), or to the game at the end; what
        the move did is brought into view with it (static/bridge.js's `span`)."""
        do(["focus", "#lesson-next, #lesson-play", {"preventScroll": True}],
           ["span", "#lesson .lesson-done", "#lesson .lesson-buttons"])

    # -- drawing ----------------------------------------------------------------
    def draw(self, s):
        """The lesson box while a lesson runs; else the first visit's offer, and the Rules' link."""
        app = self.app
        if not self.active:
            offered = (self.offer_for == s.game.id and app.saving.entry is None and s.moves == app.saving.opened
                       and s.latest.outcome is None)
            self.offer_shown = s.game.title if offered else ""
            do(["set", "lesson", {"hidden": True}],
               ["set", "learn-offer", {"hidden": not offered}],
               ["set", "learn-offer-game", {"textContent": s.game.title}],
               ["set", "rules-learn", {"textContent": f"Learn to play {s.game.title}"}])
            return
        from pyramids import learn
        tutor = self.tutor
        set_html("lesson", learn.box(tutor))
        do(["set", "lesson", {"hidden": False}], ["set", "learn-offer", {"hidden": True}])
        self.offer_shown = ""
        said = (tutor.index, tutor.made, tutor.over)
        if said != self.spoken:
            if self.spoken is not None and (tutor.made or tutor.over) and self.spoken[0] == tutor.index:
                self.app.later(self.focus_continue)  # after the board has taken its focus back (static/access.js)
            elif not (tutor.made or tutor.over):  # a step begins: its board and words in view (static/bridge.js)
                do(["span", "#board", "#lesson"])
            self.spoken = said
            do(["set", "lesson-live", {"textContent": learn.spoken(tutor)}])
