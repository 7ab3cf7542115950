"""The embed view's browser binding: a game from a link, replayed in another page's iframe.

The record and view settings come from the URL fragment (see pyramids.embed);
a long record is replayed a slice per task, so the host page never freezes.
The reader steps through the moves, the game's panel (scores, pool...)
beside or under the board as in the app; clicks on the board or the panel
play on only with ``&play``.  Nothing is ever written to storage: an embedded game must not
touch the reader's own saved game in the full app.
"""

import asyncio

from archives import loaded
from browser import (FIELDS, Announcer, address, do, draw_board, draw_panel, home, keys_used, load_script, on, replay,
                     report, set_html)
from pyramids import embed, page
from pyramids.core import GameError
from pyramids.loading import Loading
from pyramids.session import Session


class Embed:
    def __init__(self):
        self.session = None
        self.view = embed.View()
        self.notice = ""  # what is wrong with the link, shown until the reader acts
        self.opening = None  # the link being opened: a newer one (hashchange) supersedes it
        self.announce = Announcer()
        self.moves_shown = False  # the move list open over the board

    async def start(self) -> bool:
        """The game the link holds, its game's files fetched first; False if another link came meanwhile."""
        self.session, self.view, self.notice = None, embed.View(), ""
        fragment = address()
        opening = self.opening = object()

        def opened():
            rec, view = embed.parse(fragment)
            return Loading(rec), view
        try:
            loading, view = await loaded(opened, base=home())
        except GameError as err:
            loading, notice = None, f"This game cannot be shown: {err}"
        else:
            error = await replay(loading, self.progress)
            notice = f"This link is damaged. {error}" if error else ""
        if opening is not self.opening:
            return False
        if loading is not None:
            self.session, self.view = loading.session, view
        self.notice = notice
        do(["classes", "root", {"static": self.view.static, "playable": self.view.play}])
        return True

    @staticmethod
    def progress(text):
        do(["set", "status", {"textContent": text}])

    def render(self):
        s = self.session
        if s is None:
            set_html("board", "")
            set_html("game-panel", "")
            do(["set", "status", {"textContent": self.notice}],
               *(["set", name, {"disabled": True}] for name in ("first", "prev", "next", "last", "toggle-moves")))
            return
        draw_board(s)
        # the score, reserves, pool... as the app shows them; a draw offered or resignation belongs to the
        # app, not to a page that shows the game; the game's own controls (Ice Towers' "I'm done") to one
        # that plays it
        draw_panel(s, people=(), controls=embed.controls(self.view))
        status = " ".join(t for t in (self.notice, embed.message(s, self.view)) if t) or embed.status(s, self.view)
        do(["set", "status", {"textContent": status, "title": status}])
        set_html("choices", page.choices(s))
        self.announce(s, self.notice)
        first = page.listed_from(s)
        set_html("moves", page.move_list(s, first, page.listed_to(first)))
        do(["set", "ply", {"textContent": s.words.move_of().replace(" of ", "/")}],
           *(["set", name, {"disabled": not enabled}]
             for name, enabled in (("first", s.cursor > s.start), ("prev", s.cursor > s.start), ("next", s.browsing),
                                   ("last", s.browsing), ("toggle-moves", True))),
           ["set", "open", {"href": embed.app_link(s.record(), s.cursor)}],
           ["set", "document", {"title": f"{s.game.title} · Looney Pyramids"}])

    def act(self, change):
        """Run one reader action; errors become messages, never tracebacks."""
        if self.session is None:
            return
        self.notice = ""
        report(self.session.attempt(change))
        self.render()

    def go(self, ply):
        self.act(lambda: self.session.go(ply))

    def on_board_click(self, event):
        """A board or panel location, or (where the reader plays on) whom to act as in a game without turns."""
        if self.session is None or self.view.static:
            return
        if "actor" in event.data and self.view.play:
            chosen = event.data["actor"] or None
            self.act(lambda: self.session.clicks.act_as(chosen))
            return
        cells = event.cells
        if not cells:
            return
        if self.view.play:
            self.act(lambda: self.session.clicks.click(cells))
        else:
            self.session.note("This is a replay: open it in the full app to play on.")
            self.render()

    def on_moves_click(self, event):
        if "ply" in event.data:
            self.show_moves(False)
            self.go(int(event.data["ply"]))

    def on_choice(self, event):
        move = event.data.get("move")
        if move is not None:
            self.act(lambda: self.session.clicks.choose(move))

    def show_moves(self, shown):
        self.moves_shown = shown
        do(["classes", "moves", {"shown": shown}],
           ["attr", "toggle-moves", {"aria-expanded": "true" if shown else "false"}],
           *([["centre", "moves", "[aria-current]"]] if shown else []))

    def on_key(self, event):
        if self.session is None or event.ctrl or event.meta or self.view.static:
            return
        if event.key == "Escape":
            self.act(self.session.clicks.cancel)
            return
        if "#board" in event.within:  # the arrows move between locations there (static/access.js)
            return
        ply = self.session.ply_for_key(event.key)
        if ply is not None:
            self.go(ply)

    async def on_hashchange(self):
        if await self.start():
            self.render()

    def bind(self):
        def button(name, action):
            on(name, "click", lambda _event: action())

        button("first", lambda: self.go(self.session.start))
        button("prev", lambda: self.go(self.session.cursor - 1))
        button("next", lambda: self.go(self.session.cursor + 1))
        button("last", lambda: self.go(len(self.session.moves)))
        button("toggle-moves", lambda: self.show_moves(not self.moves_shown))
        on("board", "click", self.on_board_click)
        on("game-panel", "click", self.on_board_click)  # the pool's pieces
        on("moves", "click", self.on_moves_click)
        on("choices", "click", self.on_choice)
        # a diagram leaves the keys to the browser; bound whatever the first view, since a later link may differ
        on("document", "keydown", self.on_key, prevent=keys_used(Session.HISTORY_KEYS, FIELDS + ", #board, .static *"))
        on("window", "hashchange", lambda _event: asyncio.ensure_future(self.on_hashchange()))


async def main():
    try:
        await view.start()
        view.bind()
        view.render()
    finally:
        do(["attr", "root", {"data-ready": ""}])
    await asyncio.sleep(0)
    load_script("motion.js")  # then, in a task of its own: the pieces of each move slide (no sounds here)


view = Embed()
asyncio.ensure_future(main())
