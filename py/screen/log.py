"""The game log: one entry per turn (a score sheet in games of one move a turn), and the history's controls."""

import asyncio
import time

from pyodide.ffi import create_proxy
from pyscript import document, window

from browser import SLICE, by_id, on, present
from pyramids import page

HISTORY = {  # the history's buttons: whether each is enabled, and the move it goes to
    "first": (lambda s: s.cursor > 0, lambda s: 0),
    "prev": (lambda s: s.cursor > 0, lambda s: s.cursor - 1),
    "next": (lambda s: s.browsing, lambda s: s.cursor + 1),
    "last": (lambda s: s.browsing, lambda s: len(s.moves)),
    "prev-turn": (lambda s: s.cursor > 0, lambda s: s.turn_before()),
    "next-turn": (lambda s: s.browsing, lambda s: s.turn_after()),
}


class GameLog:
    def __init__(self, app):
        self.app = app
        self.listed = None  # (session, moves, cursor, first ply listed) in the list, so new moves are appended
        self.drawing = None  # the list being worked out a slice at a time (`redraw`)

    def bind(self):
        on("log", "click", self.on_click)
        on("log-toggle", "click", lambda _event: self.toggle())
        for name, (_enabled, ply) in HISTORY.items():
            on(name, "click", lambda _event, ply=ply: self.go(ply))

    def go(self, ply):
        """Browse to the move `ply(session)` names."""
        app = self.app
        app.act(lambda: app.session.go(ply(app.session)))

    def draw(self, s):
        """The history's controls, with the board: the keys that browse use them at once."""
        by_id("ply").textContent = f"Move {s.cursor} of {len(s.moves)}"
        for name, (enabled, _ply) in HISTORY.items():
            by_id(name).disabled = not enabled(s)

    def draw_entries(self, s):
        """The log's entries, a frame after the board (py/main.py's `draw_after_paint`)."""
        self.show_moves(by_id("moves"), s)
        if not s.browsing:  # in the next frame: reading the height now would lay the page out in this task
            window.requestAnimationFrame(SCROLL_TO_END)

    def show_moves(self, moves, s):
        """The move list: new moves are appended and the mark moved, so a long game stays quick.

        A game of more than `LISTED` moves shows the `LISTED` around the move on screen.  Games of
        one move a turn pair them like a score sheet; the others list turns (`show_turns`).
        """
        moves.classList.toggle("paired", s.game.alternating)
        moves.classList.toggle("turns", not s.game.alternating)
        if s.link_play.unseen is None:  # the moves a link brought are no longer marked once the player has moved
            for item in moves.querySelectorAll("li." + page.NEW):
                item.classList.remove(page.NEW)
        if not s.game.alternating:
            return self.show_turns(moves, s)
        first = page.listed_from(s)
        shown, self.listed = self.listed, (s, list(s.moves), s.cursor, first)
        if not self.appendable(shown, s, first):
            return self.redraw(moves, s, page.move_items(s, first, page.listed_to(first)))
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

    @staticmethod
    def appendable(shown, s, first):
        """Whether the list drawn last (`shown`) is this game's, in the same window, with no move taken back:
        then only new moves are appended to it."""
        return bool(shown) and shown[0] is s and shown[3] == first and shown[1] == s.moves[:len(shown[1])]

    def show_turns(self, moves, s):
        """The game log, one entry per turn: after a move only the last entry is drawn again (the move may
        have added to its turn) and new turns appended; an entry opened stays open."""
        first = page.listed_from(s)
        shown, self.listed = self.listed, (s, list(s.moves), s.cursor, first)
        if not self.appendable(shown, s, first):
            return self.redraw(moves, s, page.turn_items(s, first, page.listed_to(first)),
                               lambda: self.mark_current(moves, s))
        if len(s.moves) > len(shown[1]):
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
                open_turn(present(moves.querySelector(f'li.turn[data-first="{begin + 1}"]')), True)
        elif shown[2] == s.cursor:
            return
        self.mark_current(moves, s)

    @staticmethod
    def mark_current(moves, s):
        """The entry and move on screen marked; browsing, that entry opened to its moves."""
        for item in moves.querySelectorAll("li.current"):
            item.classList.remove("current")
        action = present(moves.querySelector(f'li.ply[data-ply="{s.cursor}"]'))
        if action is not None:
            action.classList.add("current")
            turn = action.closest("li.turn")
            turn.classList.add("current")
            if s.browsing:  # the move on screen is in view, its turn opened
                open_turn(turn, True)

    def redraw(self, moves, s, items, then=None):
        """The whole list drawn again (a game opened, a long game's window moved), then `then()`: at once when
        its items are worked out and read into elements within a slice (`browser.SLICE`), else a slice per
        task, as a long link's replay, into a list off the page that then takes the shown one's place whole.
        A 300-move link's log took 40-60 ms of Python in one task, and reading its HTML 50 ms more."""
        listed, self.listed = self.listed, None  # nothing to append to until it is shown
        self.drawing = token = object()
        building = document.createElement("ol")  # off the page: the list is shown whole

        def show():
            self.drawing, self.listed = None, listed
            made = document.createRange()
            made.selectNodeContents(building)
            moves.replaceChildren(made.extractContents())
            if then is not None:
                then()

        if gathered(building, items):
            return show()
        moves.innerHTML = ""

        async def rest():
            while True:
                await asyncio.sleep(0)
                if self.drawing is not token:  # drawn again meanwhile: that drawing is the one to show
                    return
                if gathered(building, items):
                    show()
                    if not s.browsing:
                        window.requestAnimationFrame(SCROLL_TO_END)
                    return

        asyncio.ensure_future(rest())

    def on_click(self, event):
        """An entry's toggle opens it to its moves (nothing else changes); a move browses to it."""
        if "open" in event.data:
            entry = present(by_id("log").querySelector(f'li.turn[data-first="{event.data.get("first", "")}"]'))
            return open_turn(entry, entry is not None and not entry.classList.contains("open"))
        if "ply" in event.data:
            ply = int(event.data["ply"])
            self.app.act(lambda: self.app.session.go(ply))
        return None

    def on_key(self, event):
        """←/→/Home/End browse the game, PageUp/PageDown and Shift+←/→ turn by turn (outside the board,
        where static/access.js has the arrows)."""
        key = event.key
        ply = self.app.session.ply_for_key(f"Shift+{key}" if event.shift and key.startswith("Arrow") else key)
        if ply is not None:
            self.app.act(lambda: self.app.session.go(ply))

    @staticmethod
    def toggle():
        """On a phone the log is a drawer under the board: one tap opens it, another closes it."""
        log = by_id("log")
        opened = not log.classList.contains("open")
        log.classList.toggle("open", opened)
        by_id("log-toggle").setAttribute("aria-expanded", "true" if opened else "false")
        if opened:  # the latest turns in view, as on a wide screen
            window.requestAnimationFrame(SCROLL_TO_END)


def gathered(into, items) -> bool:
    """`items` worked out for at most a slice of time and read into the element `into`; whether they are all
    there."""
    until, parts, done = time.perf_counter() + SLICE, [], True
    for item in items:
        parts.append(item)
        if time.perf_counter() > until:
            done = False
            break
    into.insertAdjacentHTML("beforeend", "".join(parts))
    return done


def open_turn(entry, opened):
    """Open (or close) a log entry to its single moves."""
    if entry is None:
        return
    entry.classList.toggle("open", opened)
    toggle = present(entry.querySelector("button.open"))
    if toggle is not None:
        toggle.setAttribute("aria-expanded", "true" if opened else "false")


@create_proxy
def SCROLL_TO_END(_time):  # noqa: N802 - one proxy for every frame, made once
    moves = by_id("moves")
    moves.scrollTop = moves.scrollHeight
