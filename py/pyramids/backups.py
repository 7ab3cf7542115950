"""My games' backups: every saved game exported to one readable file, and such a file imported.

Import works as a link is replayed (`loading.Loading`): `Importing.step` does a
slice of the work and returns, so the page stays responsive through a file of
thousands of games, says how far it got and can cancel, changing nothing.  A
file too large, or holding too many games, is refused from its size and a
count of its records before it is parsed; then it is read a game at a time
(nested no deeper than a save), each game checked as a save is (its moves
replayed, its name and dates as Rename and saving make them) and matched
against the saved games by their moves (`saves.Matcher`; to continue one, begun
at the same moment), so the same game is added once however often it is in the
file or here.  Nothing is written until
every game has been read.  A game a save could not hold (unreadable, a name
too long, a date out of range, seats not the game's) is left out, saying which
and why, and the others are imported: a backup made by an older version that
let such a game in still restores the rest.
"""

from __future__ import annotations

import gc
import json
import math
import random
import re
import time
from typing import Any, Generator

from . import games, record
from .core import GameError, counted, quote, seats
from .loading import MAX_NESTING, Loading, read_save
from .saves import (ENTRY, NAME_LIMIT, Matcher, Store, clean_name, entries, entry_fields, moves_made, new_id,
                    saved_game)

EXPORT_FORMAT = "looney-pyramids-games"
MAX_IMPORT_BYTES = 20_000_000  # more than any browser's storage of saved games holds, as a file
MAX_IMPORT_GAMES = 10_000
EARLIEST_MS = 946_684_800_000  # 1 January 2000: no saved game was played before
GRACE_MS = 86_400_000  # a date up to a day ahead of this browser's clock (another device's clock) is a date
RECORD_KEY = '"record"'  # each game of a file has one: counted before the file is parsed
_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]')  # a string, or a bracket outside strings
_SPACE = re.compile(r"[ \t\n\r]*")
_GAME_ID = re.compile(r"(?:^|&)g=([^&]*)")
_DECODE = json.JSONDecoder(parse_constant=lambda name: None).raw_decode  # Infinity and NaN read as missing
ISOLATE = "\u2068{}\u2069"  # a name in a message, isolated from the words around it (first strong isolate)


def export_games(store: Store, now_iso: str) -> str:
    """Every saved game that can be read, as one JSON file a person can read: each game's record
    (its link), name, dates, seats and the rest of its entry, the one played last first."""
    kept = []
    for listed in entries(store):
        if not listed.damaged:
            data = read_save(store.get(ENTRY + listed.id) or "")
            kept.append({k: v for k, v in data.items() if k != "rev"})
    return json.dumps({"format": EXPORT_FORMAT, "v": 1, "exported": now_iso, "games": kept},
                      indent=1, ensure_ascii=False) + "\n"


def refused(why: str) -> record.RecordError:
    return record.RecordError(f"This file cannot be imported: {why} Nothing was changed.")


class LeftOut(Exception):
    """Why one game of a file is not imported (the others are): a game a save could not hold."""


LEFT_OUT_SAID = 3  # the reasons a result names; the others are counted


def check_size(size: int) -> None:
    """Refuse a file by its size alone, before it is read (`RecordError`)."""
    if size > MAX_IMPORT_BYTES:
        raise refused(f"at {size / 1e6:,.0f} MB it is too large to be a file of saved games "
                      f"(those are at most {MAX_IMPORT_BYTES // 1_000_000} MB).")


def _loaded(make):
    """`make()`, inside an import's work: a game whose files are not here yet is handed out (yielded) for
    the page to fetch, and `make` is called again."""
    while True:
        try:
            return make()
        except games.NotLoaded as missing:
            yield missing


class Importing:
    """A backup file being imported into `store`, a slice of work per `step`.

    `progress` says how far it got; `cancel()` takes back what was written (the
    following steps do it); `result` is what was done, in words, once `step`
    says it is over, naming each game left out and why.  `step` raises
    `RecordError` (nothing changed) for a file that is no backup of ours, and
    `games.NotLoaded` for a game whose files the page must fetch before
    stepping again.
    """

    def __init__(self, text: str, store: Store, now_ms: float):
        check_size(len(text))
        if text.count(RECORD_KEY) > MAX_IMPORT_GAMES:
            raise refused(f"it holds more than {MAX_IMPORT_GAMES:,} games.")
        self.text, self.store, self.now = text, store, now_ms
        self.rng = random.Random()  # the chance the games' replays draw (one seeded generator: ~60 µs a game)
        self.stage, self.at, self.of = "reading", 0, len(text)  # what `progress` says
        self.count = 0  # the games in the file
        self.here = self.added = self.updated = self.failed = 0
        self.left_out: list[str] = []  # why each game a save could not hold was not imported
        self.written: list[tuple[str, str | None]] = []  # (key, its text before) of each write, for Cancel
        self.taken: set[str] = set()  # the keys of the entries there are, and of those this import adds
        self.updates: dict[str, str] = {}  # saved entries this import brings up to date, by id: their rev when read
        self.over = ""  # "done" or "cancelled", once the work is
        self.work = self._run()

    def step(self, seconds: float = 0.03) -> bool:
        """Work for about `seconds`, and no further than the next stage's start, so that `progress` names each
        stage however fast the machine; True once the import (or its cancelling) is over."""
        until, stage = time.perf_counter() + seconds, self.stage
        for needed in self.work:
            if needed is not None:
                raise needed  # the page fetches the game's files and steps again: the work waits where it was
            if time.perf_counter() >= until or self.stage != stage:
                return False
        return True

    def cancel(self) -> None:
        """Stop, and take back every game written so far: the following steps do it."""
        self.stage, self.work = "cancelling", self._undo("cancelled")

    def take_back(self) -> None:
        """Storage refused some of the games (full): take back the others too, as the following steps do.  Kept,
        they left it full, the player's own next moves unsaved, and a way back only by deleting games one by one."""
        self.stage, self.work = "taking back", self._undo("did not fit")

    @property
    def brought(self) -> set[str]:
        """The ids of the saved games this import brought up to date (written, not taken back)."""
        return {key[len(ENTRY):] for key, before in self.written if before is not None}

    @property
    def progress(self) -> str:
        if self.stage == "reading":
            return f"Reading the file: {100 * self.at // max(1, self.of)}%…"
        if self.stage == "comparing":
            return "Comparing with your saved games…"
        if self.stage == "checking":
            return f"Checking game {self.at:,} of {self.of:,}…"
        if self.stage == "saving":
            return f"Saving game {self.at:,} of {self.of:,}…"
        if self.stage == "taking back":
            return "Storage is full: taking back the games saved so far…"
        return "Cancelling: taking back the games saved so far…"

    # -- the work, a generator: each `yield` is a point where a slice may end ----------
    def _run(self):
        yield from self._scan()
        found = yield from self._parse()
        gc.freeze()  # the file's games, read: the collector need not go over them again at every collection
        try:  # (in Pyodide a full one over 10,000 games held the page 100-200 ms)
            matchers = yield from self._index(found)
            pending = yield from self._check(found, matchers)
            yield from self._write(pending)
        finally:
            gc.unfreeze()
        self.over = "done"

    @property
    def result(self) -> str:
        """What the import did, in words, once it is over (counted as the games' writes are, or are refused)."""
        if self.over == "did not fit":
            return (f"The games of this file do not fit in this browser's storage ({self.failed:,} of "
                    f"{counted(self.count, 'game')} could not be saved), so none were imported; nothing was changed. "
                    "Delete games you no longer need from My games, or import a file of fewer games.")
        if self.over != "done":
            return "The import was cancelled; nothing was changed." if self.over else ""
        said = [f"{n:,} {what}" for n, what in ((self.added, "added"), (self.updated, "brought up to date"),
                                                (self.here, "already here")) if n]
        games_in_it = counted(self.count, "game")  # "Of 4 games in the file", not "Imported 4 games", where 3 of
        # them were left out
        lead = f"Imported {games_in_it}" if not (self.left_out or self.failed) else f"Of {games_in_it} in the file"
        result = f"{lead}: {', '.join(said) or 'none'}."
        if self.left_out:
            more = len(self.left_out) - LEFT_OUT_SAID
            said_why = " ".join(why[0].upper() + why[1:] for why in self.left_out[:LEFT_OUT_SAID])
            result += f" {len(self.left_out):,} left out: {said_why}" + (f" And {more:,} more." if more > 0 else "")
        if self.failed:
            result += f" {self.failed:,} could not be saved: this browser's storage is full."
        return result

    def _scan(self):
        """The file nests no deeper than a save (parsing a deeper one can overflow Pyodide's stack: fatal)."""
        depth, text = 0, self.text
        for n, token in enumerate(_TOKENS.finditer(text), 1):
            bracket = text[token.start()]
            if bracket in "[{":
                depth += 1
                if depth > MAX_NESTING + 2:
                    raise refused("it is not a file of saved games from this app.")
            elif bracket in "]}":
                depth -= 1
            if n % 500 == 0:
                self.at = token.start() // 2  # the first half of reading
                yield

    def _parse(self):
        """The file's games, decoded one at a time: ``{"format": ..., "v": 1, "games": [...]}``."""
        text, found, header = self.text, None, {}

        def space(i):
            return _SPACE.match(text, i).end()

        def expect(i, char):
            if text[i:i + 1] != char:
                raise ValueError(f"{char} expected")
            return space(i + 1)

        try:
            i = space(0)
            if text[i:i + 1] != "{":
                json.loads(text)  # JSON, yet not a file of ours: refused below (not JSON: refused as such)
                raise refused("it is not a file of saved games exported by My games.")
            i = space(i + 1)
            while text[i:i + 1] != "}":
                if text[i:i + 1] != '"':
                    raise ValueError("a name expected")
                key, i = _DECODE(text, i)
                i = expect(space(i), ":")
                if key != "games":
                    header[key], i = _DECODE(text, i)
                elif text[i:i + 1] != "[" or found is not None:
                    raise refused("it is not a file of saved games exported by My games.")
                else:
                    self._check_header(header)
                    found, i = [], space(i + 1)
                    while text[i:i + 1] != "]":
                        game, i = _DECODE(text, i)
                        found.append(game)
                        if len(found) > MAX_IMPORT_GAMES:
                            raise refused(f"it holds more than {MAX_IMPORT_GAMES:,} games.")
                        self.at = (self.of + i) // 2
                        yield
                        i = space(i)
                        if text[i:i + 1] == ",":
                            i = space(i + 1)
                        elif text[i:i + 1] != "]":
                            raise ValueError("] expected")
                    i += 1
                i = space(i)
                if text[i:i + 1] == ",":
                    i = space(i + 1)
                elif text[i:i + 1] != "}":
                    raise ValueError("} expected")
            if space(i + 1) != len(text):
                raise ValueError("text after the end")
        except record.RecordError:
            raise
        except (ValueError, RecursionError):
            raise refused("it is not a file of saved games (it is not JSON).") from None
        if found is None:
            raise refused("it is not a file of saved games exported by My games.")
        self._check_header(header, complete=True)
        self.count = len(found)
        return found

    @staticmethod
    def _check_header(header: dict, complete: bool = False) -> None:
        """The format and version, once they are read (before the games, in a file Export made)."""
        if (complete or "format" in header) and header.get("format") != EXPORT_FORMAT:
            raise refused("it is not a file of saved games exported by My games.")
        if (complete or "v" in header) and header.get("v") != 1:
            raise refused("it was made by a newer version of the app; reload the app to update it, then try again.")

    def _index(self, found: list) -> Generator[None, None, dict[tuple, Matcher]]:
        """The saved games of the games in the file, by game and options, each found by its moves."""
        named: set[str] = set()  # the games the file names (a game it names wrongly is refused when it is read)
        for game in found:
            if isinstance(game, dict):
                named.update(value for value in (game.get("game"),) if isinstance(value, str))
                named.update(_GAME_ID.findall(game["record"]) if isinstance(game.get("record"), str) else ())
        self.stage = "comparing"
        matchers: dict[tuple, Matcher] = {}
        self.taken = {key for key in self.store.keys() if key.startswith(ENTRY)}
        for key in sorted(self.taken):
            text = self.store.get(key)
            saved = yield from _loaded(lambda: saved_game(key, text, named))  # noqa: B023 - called at once
            if saved is not None:
                matchers.setdefault(_options_key(saved[0], saved[1]), Matcher()).add(saved[2])
            yield
        return matchers

    def _check(self, found: list, matchers: dict[tuple, Matcher]) -> Generator[None, None, dict[str, dict]]:
        """Each game read as a save is, checked, and matched: what to write, by entry id."""
        self.stage, self.of = "checking", len(found)
        pending: dict[str, dict] = {}
        added: dict[tuple[str, ...], list[tuple[str, ...]]] = {}  # this file's games to add (their moves), by
        # their moves up to the last a player made
        for number, game in enumerate(found, 1):
            self.at = number
            try:
                yield from self._check_one(number, game, matchers, pending, added)
            except LeftOut as why:
                self.left_out.append(str(why))
            yield
        return pending

    def _check_one(self, number, game, matchers, pending, added):
        """One game of the file, read as a save is, checked and matched; `LeftOut` if a save cannot hold it."""
        label = _label(number, game)
        if not isinstance(game, dict):
            raise LeftOut(f"{label} is not a saved game.")
        try:
            loading = yield from _loaded(lambda: Loading.from_storage(json.dumps(game), self.rng))  # noqa: B023
        except GameError as err:
            raise LeftOut(f"{label} cannot be read. {err}") from None
        meta, rec = _meta(game, label, self.now), loading.rec
        _check_seats(game, rec, label)
        while not loading.step(0):  # a few moves at a time: a long game replays across slices
            yield
        session, problem = loading.finish()
        if problem:
            raise LeftOut(f"{label} is only partly readable. {problem}")
        ply = game.get("ply")
        if ply is not None and not (isinstance(ply, int) and not isinstance(ply, bool)
                                    and 0 <= ply <= len(session.moves)):
            raise LeftOut(f"{label} is shown at a move it does not have ({quote(ply, 20)}).")
        moves = tuple(session.moves[:loading.total])  # as the file has them: what chance drew after them is
        # not part of the game (one that stops before a die roll is that game, whatever the roll)
        played = len(moves)
        while played and session.by_itself(played - 1):  # a roll after the last move a player made
            played -= 1
        matcher = matchers.setdefault(_options_key(rec.game, rec.options), Matcher())
        found_here = matcher.holds(moves, meta["created"])
        if _here(found_here) or any(moves[:len(other)] == other or other[:len(moves)] == moves
                                    for other in added.get(moves[:played], ())):  # this file's game already
            self.here += 1
            return
        if found_here is not None:  # it continues a saved game: that entry is brought up to date, keeping
            entry_id = found_here.id  # its own name and date of creation
            meta = {**found_here.data, "played": meta["played"]}
            matcher.remove(entry_id)  # another game of the file continuing it is a game of its own
            self.updates[entry_id] = found_here.data.get("rev") or ""
        else:
            entry_id = self._fresh_id()
        pending[entry_id] = entry_fields(session, {**meta, "moves": moves_made(session)}, self.now)  # its dates
        added.setdefault(moves[:played], []).append(moves)

    def _fresh_id(self) -> str:
        """A new entry id no entry has (10,000 ids drawn at one moment would share some)."""
        while ENTRY + (fresh := new_id(self.now)) in self.taken:
            pass
        self.taken.add(ENTRY + fresh)
        return fresh

    def _write(self, pending: dict[str, dict]):
        """Every game to add or bring up to date, written; what each write replaced is kept for Cancel.
        A saved game changed meanwhile (in another tab) is left, and the file's game added beside it."""
        self.stage, self.at, self.of = "saving", 0, len(pending)
        for entry_id, fields in pending.items():
            self.at += 1
            key, before = ENTRY + entry_id, None
            if entry_id in self.updates:
                before = self.store.get(key)
                if before is None or _rev(before) != self.updates[entry_id]:  # written meanwhile: left as it is
                    key, before = ENTRY + self._fresh_id(), None
            if self.store.set(key, json.dumps(fields)):
                self.written.append((key, before))
                if before is None:
                    self.added += 1
                else:
                    self.updated += 1
            else:
                self.failed += 1
            yield

    def refused(self, keys) -> None:
        """Storage refused writes said taken (`pyramids.mirror`): the games written to `keys` were not saved."""
        for key, before in self.written:
            if key in keys:
                if before is None:
                    self.added -= 1
                else:
                    self.updated -= 1
                self.failed += 1
        self.written = [(key, before) for key, before in self.written if key not in keys]

    def _undo(self, why: str):
        while self.written:
            key, before = self.written.pop()
            if before is None:
                self.store.remove(key)
            else:
                self.store.set(key, before)
            yield
        self.over = why


def _here(found) -> bool:
    """Whether a game is here already: saved, or an earlier moment of a saved game (left as it is)."""
    return found is not None and found.kind in ("same", "earlier")


def _label(number: int, game) -> str:
    """How a message names a game of the file: its number, and its name if it has one (isolated, so that a
    name written right to left does not turn the sentence round)."""
    name = game.get("name") if isinstance(game, dict) else None
    return f"game {number}" + (f" ({ISOLATE.format(quote(name, 30))})" if isinstance(name, str) and name else "")


def _meta(game: dict, label: str, now_ms: float) -> dict:
    """The name and dates of a game of the file, checked as Rename and saving make them; `RecordError` if not."""
    name = game.get("name")
    if name is None:
        name = ""
    if not isinstance(name, str):
        raise LeftOut(f"the name of {label} is not text.")
    name = clean_name(name, limit=None)
    if len(name) > NAME_LIMIT:
        raise LeftOut(f"the name of {label} is {len(name):,} characters long (a name has at most {NAME_LIMIT}).")
    meta: dict[str, Any] = {"name": name}
    for field, what in (("created", "was created"), ("played", "was last played")):
        value = game.get(field)
        if value is None:
            value = now_ms  # as a save dates what it does not know: now
        elif (isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value)
              or not EARLIEST_MS <= value <= now_ms + GRACE_MS):
            raise LeftOut(f"the date {label} {what} is not a date from 2000 to today ({quote(value, 24)}).")
        meta[field] = value
    return meta


def _check_seats(game: dict, rec: record.Record, label: str) -> None:
    """The seats played on this device (``mine``) must be seats of the game, each once."""
    mine = game.get("mine")
    if mine is None or mine == []:
        return
    known = seats(games.get(rec.game), rec.options)
    if not isinstance(mine, list) or len(set(map(str, mine))) != len(mine) or not all(
            isinstance(seat, str) and seat in known for seat in mine):
        raise LeftOut(f"the seats played here in {label} are not seats of {games.entry(rec.game).title} "
                      f"({quote(mine, 30)}).")


def _rev(text: str) -> str:
    try:
        return str(read_save(text).get("rev") or "")
    except GameError:
        return ""


def _options_key(game_id: str, options: dict) -> tuple:
    return game_id, json.dumps(options, sort_keys=True, default=str)
