"""Opening a link or a save: the record replayed a slice at a time, then what the save kept restored.

A save is the text `to_storage` writes (`storage_fields`: what it holds of a session); `read_save` reads it
back, refusing in words anything that is not one of ours (too large, nested too deep, another format, a newer
version's).
"""

from __future__ import annotations

import json
import math
import re
import time

from . import games, record
from .core import BOT_LEVELS, GameError, State, quote, seats
from .computer import PACES
from .session import Session

STORAGE_FORMAT = 2  # 2: the clock's deadline (1: when it started); redo groups of chance too
MAX_NESTING = 16  # our saves nest 3 deep ({"redo": [["move"]]}); parsing a deep one can overflow Pyodide's stack
_NOT_BRACKETS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[^"\[\]{}]+')  # strings, and text outside them
CLOCK_EVERY = 4  # a replay's moves between two looks at the clock: an Ice-Turn placement takes ~1.5 ms in Pyodide


def parse_bots(text: str) -> tuple[dict[str, str], list[str]]:
    """The computer's seats from link text ``black:hard,red:easy``, and each one written wrong, in words: a
    link's damaged part costs only itself, so the seats written right are kept."""
    bots: dict[str, str] = {}
    problems = []
    for item in filter(None, text.split(",")):
        seat, sep, level = item.partition(":")
        if sep and seat and level in BOT_LEVELS:
            bots[seat] = level
        else:
            problems.append(f"The link's computer seat {quote(item)} is not valid "
                            "(write seat:level, the level easy, medium or hard).")
    return bots, problems


class Loading:
    """A link or a save being opened: the record replayed a slice at a time.

    A 10,000-move link takes seconds to replay in the browser; the page calls
    `step` between frames so it never freezes, and shows the board as it goes.
    `finish()` gives the session and a message (the valid prefix is kept when
    a move is refused).  Only `GameError`s come out of here.
    """

    def __init__(self, rec: record.Record, rng=None, note: str | None = None, saved: dict | None = None):
        self.notes = [note] if note else []
        bots, problems = parse_bots(rec.view.get("bots", ""))
        known = seats(games.get(rec.game), rec.options)
        for seat in sorted(set(bots) - set(known)):
            del bots[seat]
            problems.append(f"The link gives the computer a seat this game has not: {quote(seat)} "
                            f"(its seats: {', '.join(known)}).")
        if problems:  # the game opens all the same, a person in each seat written wrong
            self.notes.append(" ".join([*problems, "Its other computer seats are kept." if bots
                                        else "Every seat is a person's."]))
        pace = rec.view.get("pace", "normal")
        if pace not in PACES:
            self.notes.append(f"The link's computer speed is not valid: {quote(pace)} (write slow, normal or fast); "
                              "it plays at normal speed.")
        self.session = Session.unplayed(rec.game, rec.options, rng, bots, pace)
        if "left" in rec.view:
            left = _small_int(rec.view["left"])
            timer = self.session.latest.clock()
            if left is None or timer is None or left > timer[0]:
                self.notes.append(f"The link's time left is not valid: {quote(rec.view['left'])}"
                                  + ("." if timer is None else f" (write the seconds, at most {int(timer[0])})."))
            else:
                self.session.clock.left = left
        self.rec, self.saved = rec, saved
        self.unpacker = record.Unpacker(rec.packed) if rec.packed else None
        self.error: str | None = None
        self.done = False

    @classmethod
    def from_link(cls, text: str, rng=None) -> "Loading":
        rec, note = record.read(text)
        return cls(rec, rng, note)

    @classmethod
    def from_storage(cls, text: str, rng=None) -> "Loading":
        """A save's game; its record is read as a link is.  `RecordError` when nothing can be read."""
        data = read_save(text)
        rec, note = record.read(data["record"])
        return cls(rec, rng, note and f"The saved game was cut short. {note}", saved=data)

    @property
    def total(self) -> int:
        return self.unpacker.count if self.unpacker else len(self.rec.moves)

    @property
    def ply(self) -> int:
        return len(self.session.moves)

    def step(self, seconds: float = 0.02) -> bool:
        """Replay moves for about `seconds`; True once the whole record is done."""
        s, moves, total = self.session, self.rec.moves, self.total
        until = time.perf_counter() + seconds
        while not self.done:
            for _ in range(CLOCK_EVERY):
                ply = len(s.moves)
                if ply == total:
                    if self.unpacker and (extra := self.unpacker.left_over()):
                        self.notes.append(extra)
                    self._settle()
                    return True
                try:
                    move = self.unpacker.next(s.latest, ply + 1) if self.unpacker else moves[ply]
                except GameError as err:
                    self.error = f"{err} The {ply} moves before it are kept."
                    self._settle()
                    return True
                try:
                    s.push(move)
                except GameError as err:
                    self.error = record.bad_move(ply + 1, move, err)
                    self._settle()
                    return True
            if time.perf_counter() >= until:
                return False
        return True

    def stop(self, message: str) -> None:
        """End the replay here, as if the next move were refused (the page hit a bug): the moves so far are kept."""
        self.error = record.shorten(message)
        self._settle()

    def _settle(self) -> None:
        s = self.session
        self.done = True
        if self.saved is not None:
            s.undoing.keep_chance(self.saved)
        if self.error is None:
            replayed = len(s.moves)
            s.settle_chance()
            try:
                s.within_bound(replayed, "Chance, to act where the game ends,")
            except GameError as err:  # a full game that ends where chance would act: it waits there
                self.notes.append(str(err))
        s.cursor = len(s.moves)
        if self.saved is not None:
            self._restore(self.saved)
        elif "ply" in self.rec.view:
            ply = _small_int(self.rec.view["ply"])
            if ply is not None:
                s.go(ply)

    def _restore(self, data: dict) -> None:
        """A save's redo stack, ply on screen and clock, each checked; a bad one is left out."""
        s = self.session
        if self.error is None and self.ply == self.total:
            redo = _redo_stack(s.latest, data.get("redo"))
            if redo is None:
                self.notes.append("The moves to redo could not be read and were left out.")
            else:
                s.undoing.redo_stack = redo
        ply = data.get("ply")
        if isinstance(ply, int) and not isinstance(ply, bool):
            s.go(ply)
        mine = data.get("mine")
        if isinstance(mine, list) and all(isinstance(seat, str) for seat in mine):
            s.link_play.choose(mine[:len(s.seats)])
        followed = data.get("followed")  # the turns told and outlined (the computer's last), as on screen; what
        if isinstance(followed, list) and len(followed) == 2 and all(_ply_in(s, ply) for ply in followed):
            s.following.watched = followed[0]
            s.following.told = min(followed)  # was told of them as it came is told again
        if _ply_in(s, data.get("unseen")):
            s.link_play.unseen = data["unseen"]
        clock = s.latest.clock()
        if clock is not None:
            if data.get("v") == 1:  # format 1 stored when the clock started
                started = _finite(data.get("clock"))
            else:
                deadline = _finite(data.get("deadline"))
                started = None if deadline is None else deadline - clock[0]
            s.clock.started = started

    def finish(self) -> tuple[Session, str | None]:
        """Replay whatever is left; the session and what the player should be told, if anything."""
        while not self.step(1.0):
            pass
        message = " ".join([m for m in (self.error, *self.notes) if m])
        return self.session, (record.shorten(message) if message else None)


def storage_fields(session: Session) -> dict:
    """What a save holds of the game: its record (readable: it does not depend on move order), the redo
    stack, the ply on screen, the clock's deadline, the chance outcomes kept, the turns followed (told
    and outlined) and the moves a link brought.  Undone dice and tiles are stored: everyone saw them, and
    a reload must not draw them anew; a reload shows what was on screen."""
    s, f = session, session.following
    return {"v": STORAGE_FORMAT, "record": record.encode(s.record()),
            "redo": [list(g) for g in s.undoing.redo_stack], "ply": s.cursor,
            "deadline": s.clock.deadline(), "mine": list(s.link_play.mine), "chance": dict(s.undoing.kept),
            "followed": None if f.watched is None else [f.watched, f.told], "unseen": s.link_play.unseen}


def to_storage(session: Session) -> str:
    """The save's text: `storage_fields` as JSON, what `read_save` reads back."""
    return json.dumps(storage_fields(session))


def read_save(text: str) -> dict:
    """A saved value as a dict with a record in it; `RecordError` in plain words when it is not one."""
    if not isinstance(text, str) or len(text) > record.MAX_LINK_CHARS * 2:
        raise record.RecordError("The saved game is too large to be one of ours.")
    if nested_deeper(text, MAX_NESTING):  # before json: in Pyodide a stack overflow is fatal, not an exception
        raise record.RecordError("The saved game is not readable (it is not in the app's format).")
    try:
        data = json.loads(text, parse_constant=lambda name: None)  # Infinity and NaN read as missing
    except (ValueError, RecursionError):
        raise record.RecordError("The saved game is not readable (it is not in the app's format).") from None
    if not isinstance(data, dict):
        raise record.RecordError("The saved game is not readable (it is not in the app's format).")
    version = data.get("v")
    if isinstance(version, int) and not isinstance(version, bool) and version > STORAGE_FORMAT:
        raise record.NewerFormatError("This saved game was made by a newer version of the app; "
                                 "reload the app to update it, then open it again.")
    if version not in (1, STORAGE_FORMAT) or isinstance(version, bool):
        raise record.RecordError("The saved game is not readable (it is not in the app's format).")
    if not isinstance(data.get("record"), str):
        raise record.RecordError("The saved game has no moves in it (its record is missing).")
    return data


def nested_deeper(text: str, limit: int) -> bool:
    """Whether JSON `text` nests arrays and objects more than `limit` deep (brackets inside strings aside)."""
    depth = 0
    for bracket in _NOT_BRACKETS.sub("", text):
        if bracket in "[{":
            depth += 1
            if depth > limit:
                return True
        elif bracket in "]}":
            depth -= 1
    return False


def _redo_stack(state: State, redo) -> list[list[str]] | None:
    """A stored redo stack, if every group is a list of moves that plays from `state`; else None."""
    if redo is None:
        return []
    if not isinstance(redo, list) or len(redo) > record.MAX_MOVES:
        return None
    checked: list[list[str]] = []
    for group in reversed(redo):
        if not (isinstance(group, list) and group and all(isinstance(m, str) for m in group)):
            return None
        try:
            for move in group:
                state = state.play(move)
        except GameError:
            return None
        checked.append([m.strip() for m in group])
    return checked[::-1]



def _ply_in(session: Session, value) -> bool:
    """Whether a stored value is a ply of the session's game (0 to its last move)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= len(session.moves)


def _finite(value) -> float | None:
    """A stored time in seconds, if it is a plain finite number."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return None



def _small_int(text: str) -> int | None:
    """A view setting's number (``ply=12``), None unless it is a few ASCII digits."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) < 7 else None
