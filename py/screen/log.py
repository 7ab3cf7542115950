"""The game log: one entry per turn (a score sheet in games of one move a turn), and the history's controls."""

import asyncio
import time

from browser import SLICE, do, on
from pyramids import page, turns

HISTORY = {  # the history's buttons: whether each is enabled, and the move it goes to
    "first": (lambda s: s.cursor > s.start, lambda s: s.start),
    "prev": (lambda s: s.cursor > s.start, lambda s: s.cursor - 1),
    "next": (lambda s: s.browsing, lambda s: s.cursor + 1),
    "last": (lambda s: s.browsing, lambda s: len(s.moves)),
    "prev-turn": (lambda s: s.cursor > s.start, lambda s: s.turn_before()),
    "next-turn": (lambda s: s.browsing, lambda s: s.turn_after()),
}


class GameLog:
    def __init__(self, app):
        self.app = app
        self.listed = None  # (session, moves, cursor, first ply listed) in the list, so new moves are appended
        self.drawing = None  # the list being worked out a slice at a time (`redraw`)
        self.opened = set()  # the entries opened to their moves, by their first ply
        self.last_entry = None  # the first ply of the list's last entry (None: it lists none)
        self.drawer = False  # on a phone, the log opened under the board

    def bind(self):
        on("log", "click", self.on_click)
        on("log-toggle", "click", lambda _event: self.toggle())
        for name, (_enabled, ply) in HISTORY.items():
            on(name, "click", lambda _event, ply=ply: self.go(ply))

    def go(self, ply):
        """Browse to the move `ply(session)` names."""
        app = self.app
        app.act(lambda: app.session.go(ply(app.session)))
        self.board_seen()

    def board_seen(self):
        """Looking back on a phone, the board shown whole, its top at the window's: the history's buttons and the log
        are far under it, and the buttons then float at the window's foot (static/app.css's phone width).  Not on a
        wider screen, where they do not float: the page would scroll away from them at each press."""
        if self.app.session.browsing:
            do(["intoView", "board", "start", "(max-width: 599px)"])

    @staticmethod
    def draw(s):
        """The history's controls, with the board: the keys that browse use them at once."""
        ply = f"Move {s.words.move_of()}"
        do(["set", "ply", {"textContent": ply}], ["set", "nav-ply", {"textContent": ply}],
           ["classes", "body", {"browsing": s.browsing}],
           *(["set", name, {"disabled": not enabled(s)}] for name, (enabled, _ply) in HISTORY.items()))

    def draw_entries(self, s):
        """The log's entries, a frame after the board (py/main.py's `draw_after_paint`)."""
        self.show_moves(s)
        if not s.browsing:  # in the next frame: reading the height now would lay the page out in this task
            do(["scrollEnd", "moves"])

    def show_moves(self, s):
        """The move list: new moves are appended and the mark moved, so a long game stays quick.

        A game of more than `LISTED` moves shows the `LISTED` around the move on screen.  Games of
        one move a turn pair them like a score sheet; the others list turns (`show_turns`).
        """
        do(["classes", "moves", {"paired": s.game.alternating, "turns": not s.game.alternating}])
        if s.link_play.unseen is None:  # the moves a link brought are no longer marked once the player has moved
            do(["classesAll", f"#moves li.{page.NEW}", {page.NEW: False}])
        if not s.game.alternating:
            return self.show_turns(s)
        first = page.listed_from(s)
        shown, self.listed = self.listed, (s, list(s.moves), s.cursor, first)
        if not self.appendable(shown, s, first):
            return self.redraw(s, page.move_items(s, first, page.listed_to(first)))
        if len(s.moves) > len(shown[1]):
            do(["removeAll", "#moves li.result"], ["insert", "moves", page.move_list(s, len(shown[1]), append=True)])
        if shown[2] != s.cursor or len(s.moves) > len(shown[1]):
            do(["attrsAll", "#moves [aria-current]", {"aria-current": None}],
               ["attrsAll", f'#moves li[data-ply="{s.cursor}"] > button', {"aria-current": "step"}])
        return None

    @staticmethod
    def appendable(shown, s, first):
        """Whether the list drawn last (`shown`) is this game's, in the same window, with no move taken back:
        then only new moves are appended to it."""
        return bool(shown) and shown[0] is s and shown[3] == first and shown[1] == s.moves[:len(shown[1])]

    def show_turns(self, s):
        """The game log, one entry per turn: after a move only the last entry is drawn again (the move may
        have added to its turn) and new turns appended; an entry opened stays open."""
        first = page.listed_from(s)
        shown, self.listed = self.listed, (s, list(s.moves), s.cursor, first)
        if not self.appendable(shown, s, first):
            last = min(len(s.moves), page.listed_to(first))  # the last move the list shows
            self.last_entry = turns.turn_at(s.states, s.moves, last).first if last > first else None
            return self.redraw(s, page.turn_items(s, first, page.listed_to(first)), lambda: self.mark_current(s))
        if len(s.moves) > len(shown[1]):
            begin = len(shown[1]) if self.last_entry is None else self.last_entry - 1
            do(["removeAll", "#moves li.result"], ["removeAll", f'#moves li.turn[data-first="{begin + 1}"]'],
               ["insert", "moves", page.turn_log(s, begin)])
            self.last_entry = turns.turn_at(s.states, s.moves, len(s.moves)).first
            if begin + 1 in self.opened:
                self.open_turn(begin + 1, True)
        elif shown[2] == s.cursor:
            return None
        return self.mark_current(s)

    def mark_current(self, s):
        """The entry and move on screen marked; browsing, that entry opened to its moves."""
        do(["attrsAll", "#moves [aria-current]", {"aria-current": None}])
        if not s.cursor:
            return
        turn = turns.turn_at(s.states, s.moves, s.cursor)
        do(["attrsAll", f'#moves li.ply[data-ply="{s.cursor}"] > button', {"aria-current": "step"}],
           ["attrsAll", f'#moves li.turn[data-first="{turn.first}"] > .sum', {"aria-current": "step"}])
        if s.browsing:  # the move on screen is in view, its turn opened
            self.open_turn(turn.first, True)

    def redraw(self, s, items, then=None):
        """The whole list drawn again (a game opened, a long game's window moved), then `then()`: at once when
        its items are worked out within a slice (`browser.SLICE`), else a slice per task, as a long link's
        replay, into a list off the page that then takes the shown one's place whole (static/bridge.js's
        `gather` and `swap`).  A 300-move link's log took 40-60 ms of Python in one task, and reading its HTML
        50 ms more."""
        listed, self.listed = self.listed, None  # nothing to append to until it is shown
        self.drawing = token = object()
        self.opened = set()

        def show():
            self.drawing, self.listed = None, listed
            do(["swap", "moves"])
            if then is not None:
                then()

        if gathered(items, fresh=True):
            return show()
        do(["set", "moves", {"innerHTML": ""}])

        async def rest():
            while True:
                await asyncio.sleep(0)
                if self.drawing is not token:  # drawn again meanwhile: that drawing is the one to show
                    return
                if gathered(items):
                    show()
                    if not s.browsing:
                        do(["scrollEnd", "moves"])
                    return

        asyncio.ensure_future(rest())
        return None

    def on_click(self, event):
        """An entry's toggle opens it to its moves (nothing else changes); a move browses to it."""
        if "open" in event.data:
            first = int(event.data.get("first", "0"))
            return self.open_turn(first, first not in self.opened)
        if "ply" in event.data:
            ply = int(event.data["ply"])
            self.go(lambda _s: ply)
        return None

    def on_key(self, event):
        """←/→/Home/End browse the game, PageUp/PageDown and Shift+←/→ turn by turn (outside the board,
        where static/access.js has the arrows)."""
        key = event.key
        ply = self.app.session.ply_for_key(f"Shift+{key}" if event.shift and key.startswith("Arrow") else key)
        if ply is not None:
            self.app.act(lambda: self.app.session.go(ply))

    def toggle(self):
        """On a phone the log is a drawer under the board: one tap opens it, another closes it."""
        self.drawer = not self.drawer
        do(["classes", "log", {"open": self.drawer}],
           ["attr", "log-toggle", {"aria-expanded": "true" if self.drawer else "false"}])
        if self.drawer:  # the latest turns in view, as on a wide screen
            do(["scrollEnd", "moves"])

    def open_turn(self, first, opened):
        """Open (or close) the log entry of the turn that begins at ply `first` to its single moves."""
        (self.opened.add if opened else self.opened.discard)(first)
        entry = f'#moves li.turn[data-first="{first}"]'
        do(["classesAll", entry, {"open": opened}],
           ["attrsAll", f"{entry} > button.open", {"aria-expanded": "true" if opened else "false"}])


def gathered(items, fresh=False) -> bool:
    """`items` worked out for at most a slice of time and read into the list off the page (`fresh`: a new
    one); whether they are all there."""
    until, parts, done = time.perf_counter() + SLICE, [], True
    for item in items:
        parts.append(item)
        if time.perf_counter() > until:
            done = False
            break
    do(["gather", "moves", "".join(parts), fresh])
    return done
