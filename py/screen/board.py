"""The board: drawn from the session, its clicks made moves, its focus kept, Replay turn on it, and the line
saying what a click on the location under the pointer or the focus would do to the score (`data-preview`)."""

import asyncio

from browser import do, draw_board, name_more, on

REPLAY_STEP_S = 0.6  # Replay turn: the time each move stays on the board
# A phone held sideways (app.css): the board as high as the window less the header, the message under it
SIDEWAYS = "(orientation: landscape) and (max-height: 500px)"


class Board:
    def __init__(self, app):
        self.app = app
        self.replaying = None  # the task of Replay turn, while it steps through a turn on the board

    def bind(self):
        on("board", "click", self.on_cell_click)
        on("game-panel", "click", self.on_cell_click)  # the panel's locations (reserves, pools) too
        on("replay", "click", lambda _event: self.replay_turn())
        for name in ("board", "game-panel"):
            for kind in ("pointerover", "focusin"):
                on(name, kind, self.on_point)
            on(name, "pointerleave", lambda _event: say_preview(""))
        on("board", "pyramids-held", self.on_point)  # a finger held on a location (static/access.js)

    def draw(self, s):
        draw_board(s)
        if s.clicks.previews_left():
            self.app.later(self.name_more)
        say_preview("")  # what was under the pointer may be gone
        mark_intent(self.app.bots.intent)
        following = s.following
        do(["set", "follow", {"hidden": following.replay_span() is None}],
           ["set", "replay", {"textContent": "Stop replay" if self.replaying else following.replay_words()}])

    @staticmethod
    def show():
        """A game just started or opened: the board scrolled into view, should it be out of it (on a phone, New
        game, Rematch and My games are under the board, and the page stayed scrolled down to them); by the page,
        in the next frame (static/bridge.js's `intoView`)."""
        do(["intoView", "board"])

    @staticmethod
    def targets_seen():
        """A click's lit locations, none of them in view, are brought into view: the first scrolled to the middle
        of the window (static/bridge.js's `seen`).  On a phone Terrafex's pool is far under the board: a mountain
        chosen there lit squares 560 px over the window's top, and seemed to do nothing; Show me, pressed in a
        lesson, lights what may be out of view too.  Run once the panel is drawn (`later`): it holds locations."""
        do(["seen", ", ".join(f'#{where} [aria-label*="legal target"]' for where in ("board", "game-panel"))])

    @staticmethod
    def focus():
        """The board's current location takes the focus (static/access.js picks which)."""
        do(["tell", "board", "pyramids-focus"])

    def name_more(self):
        """The previews the click's frame had no time for, a slice a frame (`browser.name_more`)."""
        if name_more(self.app.session):
            self.app.later(self.name_more)

    @staticmethod
    def on_point(event):
        """The mouse, the keys' focus or a finger held on a location: what choosing it would do, where it makes
        a move.  Not a finger passing over (its tap makes the move at once), nor a focus the page moved after a
        click or a tap (a lesson begun by a tap put the line over its first words, naming a location nobody
        pointed at)."""
        if (event.type == "pointerover" and event.pointer == "touch") or (
                event.type == "focusin" and not event.focus_shown):
            return
        say_preview(event.data.get("preview", ""))

    def on_cell_click(self, event):
        """A board or panel location: nested locations are offered innermost first."""
        app = self.app
        if "actor" in event.data:
            chosen = event.data["actor"] or None
            return app.act(lambda: app.session.clicks.act_as(chosen), save=False)
        cells = event.cells
        if cells:
            if self.replaying:  # a click on the board during Replay turn is a move at the latest position
                self.stop_replay()
                app.session.go(len(app.session.moves))
            app.act(lambda: app.session.clicks.click(cells))
            if not (app.session.warn or app.learn.active):  # a lesson brings its own words into view
                self.back_in_view()
        return None

    @staticmethod
    def back_in_view():
        """A click the game took, on a phone held sideways: the board wholly in view again.  A refusal there
        scrolls its words, under the board, into view (`App.answer_seen`), and the page stayed so: the board's
        top row and Ice-Turn's End, at the top of its tray, cut off at the window's top."""
        do(["intoView", "board", "nearest", SIDEWAYS])

    # -- Replay turn ------------------------------------------------------
    def replay_turn(self):
        """Replay turn: the followed turns' moves one by one on the board; pressed again, it stops."""
        app = self.app
        if self.replaying:
            self.stop_replay()
            return app.act(lambda: app.session.go(len(app.session.moves)), save=False)
        span = app.session.following.replay_span()
        if span is not None and not app.busy:
            self.replaying = asyncio.ensure_future(self.step_replay(app.session, *span))
        return None

    async def step_replay(self, session, first, last):
        """Show the position before the turns, then each move, `REPLAY_STEP_S` apart; input is never blocked
        (a player's action cancels this task at its next pause).  The message line says each move shown, then
        again what it said before (Terrafex: the computer's fire the player placed, told as it came)."""
        said = session.message, session.warn
        for ply in range(first, last + 1):
            if session is not self.app.session:
                break
            session.go(ply)
            self.app.render()
            await asyncio.sleep(REPLAY_STEP_S)
        self.replaying = None
        if session is self.app.session:
            session.go(len(session.moves))
            session.note(*said)
            self.app.render()

    def stop_replay(self):
        """A player's action ends Replay turn at once (the board stays where the player puts it)."""
        if self.replaying is not None:
            task, self.replaying = self.replaying, None
            task.cancel()


_said = [""]  # what the preview line says


def say_preview(words):
    """The preview line: "d4: small forest — scores 1 for Black. If chosen: d4 becomes a medium forest: White −1,
    Black +2." (or nothing)."""
    if _said[0] != words:
        _said[0] = words
        do(["set", "preview", {"textContent": words}])


def mark_intent(cells):
    """Outline the locations a bot is about to act on (none: clear them); drawn again after every redraw."""
    do(["classesAll", "#board .bot-intent", {"bot-intent": False}],
       *(["classesAll", f'#board [data-cell="{cell}"]', {"bot-intent": True}] for cell in cells))
