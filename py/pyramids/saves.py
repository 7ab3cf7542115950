"""My games: every saved game is its own storage entry, listed, renamed and deleted by the player.

Storage is a flat key-value store (the browser's localStorage; a dict in the
tests) behind the small `Store` interface, so nothing here touches the
browser.  Keys, under the page's prefix:

* ``saved.<id>`` -- one game: `loading.storage_fields` (the record, redo
  stack, ply on screen, clock deadline) plus what the list shows (``name``,
  ``game``, ``players``, ``moves``, ``status``, ``position``, ``created``,
  ``played``, in epoch milliseconds) and ``rev``, a fresh token at every
  write, by which a tab sees that another tab wrote the entry since it last
  did (`other_tab`).  Fields this version does not know are
  kept when the entry is rewritten, so a later version's additions (which
  seats are mine, computer opponents) survive a visit by this one.
* ``last`` -- the id of the entry played last, opened on a bare visit; with ``!`` for its ``-``
  when that entry's last save failed (storage full): written over the id there, the same
  length, so even full storage takes it, and a later visit says the game was not saved.
* ``welcomed`` -- the first visit's welcome was shown (it is said once).

My games can be exported to one human-readable JSON file and read back, in
this or another browser (`pyramids.backups`).

An entry is written only when the player has done something in its game; a
game opened from a link gets its own new entry then, never another's.  An
entry that cannot be read stays where it is and is listed as damaged until
the player deletes it.  Saves of the one-slot-per-game format
(``game.<game id>``, ``damaged.<game id>``) are moved into the list once.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Protocol, TypeVar

from . import games, record
from .core import GameError, counted
from .loading import Loading, read_save, storage_fields
from .session import Session
from .words import status_of

ENTRY = "saved."
LAST = "last"
T = TypeVar("T")  # what a generator returns (`finished`)
WELCOMED = "welcomed"  # set when the first visit's welcome has been shown
OLD_SLOT, OLD_DAMAGED = "game.", "damaged."  # the one-slot-per-game format, before My games
LISTED = ("name", "game", "players", "moves", "status", "position", "created", "played")


class Store(Protocol):
    """Keys without the page's prefix; `set` says whether the value was kept (storage may be full or off)."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> bool: ...
    def remove(self, key: str) -> None: ...
    def keys(self) -> list[str]: ...


@dataclass(frozen=True)
class Listed:
    """One line of My games; `damaged` says why an entry cannot be opened (it is kept all the same)."""

    id: str
    title: str  # the player's name for the game, else the game's title
    game: str
    players: str = ""
    moves: float = 0  # as saved: a count, but a damaged save may hold any number
    status: str = ""
    position: str = ""
    played: float = 0
    damaged: str | None = None
    name: str = ""  # the player's name for it, "" if none (Rename's answer starts from it)


NAME_LIMIT = 80  # characters of a game's name


def clean_name(name: str, limit: int | None = NAME_LIMIT) -> str:
    """A game's name as it is kept: its runs of spaces (and line breaks) one space, at most `limit`
    characters (Rename's, and every name the app makes from another: "(this tab)", "(other line)")."""
    return " ".join(str(name).split())[:limit]


def new_id(now_ms: float, rng: random.Random | None = None) -> str:
    """A fresh entry id: the time, then random digits, so two tabs never pick the same one."""
    return f"{int(now_ms):x}-{(rng or random).randrange(16 ** 6):06x}"


def entry_fields(session: Session, meta: dict, now_ms: float) -> dict:
    """What an entry holds: `meta` (the entry's other fields, kept) updated with the game as it is now."""
    state, fields, count = session.latest, storage_fields(session), moves_made(session)
    moves_changed = meta.get("moves") != count
    return {**meta, **fields,
            "rev": new_id(now_ms),
            "name": str(meta.get("name") or ""),
            "game": session.game.id,
            "players": players_text(session),
            "moves": count,
            "status": status_of(state),
            "position": state.to_text(),
            "created": meta.get("created") or now_ms,
            "played": now_ms if moves_changed or not meta.get("played") else meta["played"]}


def moves_made(session: Session) -> int:
    """The moves My games counts: from the game's start (`Session.start`), so an Ice-Turn game with one tile
    placed has 1 move, not 17 (the sixteen tiles dealt are no player's moves)."""
    return len(session.moves) - session.start


def players_text(session: Session) -> str:
    """How many play, and how many of them the computer, with its level where there is one: "2 players",
    "2 players, 1 computer (Medium)", "4 players, 3 computers" (a game against it is told from a hot-seat one)."""
    count = session.options.get("players", session.game.min_players)
    levels = set(session.computer.bots.values())
    if not levels:
        return f"{count} players"
    level = f" ({levels.pop().capitalize()})" if len(levels) == 1 else ""
    return f"{count} players, {counted(len(session.computer.bots), 'computer')}{level}"


def save(store: Store, entry_id: str, session: Session, meta: dict, now_ms: float) -> dict | None:
    """Write the game to its entry and make it the last one; the fields written, or None if storage refused
    (then `last` says so, if storage takes even that)."""
    fields = entry_fields(session, meta, now_ms)
    if store.set(ENTRY + entry_id, json.dumps(fields)) and store.set(LAST, entry_id):
        return fields
    not_saved(store, entry_id)
    return None


def not_saved(store: Store, entry_id: str) -> None:
    """`last` says that the entry's last save failed, if storage takes even that."""
    store.set(LAST, entry_id.replace("-", "!", 1))


def last_played(store: Store) -> tuple[str | None, bool]:
    """The entry played last, and whether its last save failed (the entry is then missing, or older)."""
    value = store.get(LAST)
    return (None, False) if value is None else (value.replace("!", "-", 1), "!" in value)


def newest(store: Store) -> str | None:
    """The saved game played last that can be opened, if any."""
    return next((e.id for e in _in_order(store) if not e.damaged), None)


def load(store: Store, entry_id: str) -> tuple[str, dict]:
    """An entry's text and fields; `RecordError` in plain words when it is missing or damaged."""
    text = store.get(ENTRY + entry_id)
    if text is None:
        raise record.RecordError("That saved game is no longer there (deleted in another tab?).")
    return text, read_save(text)


PLAYED = '"played": '  # an entry's date last played, as `save` writes it (at its end)


def _played(text: str) -> float:
    """An entry's date last played read from its text, not parsed (the list's order: thousands of entries)."""
    at = text.rfind(PLAYED)
    if at < 0:
        return 0.0
    start = at + len(PLAYED)
    end = min((i for i in (text.find(",", start), text.find("}", start)) if i >= 0), default=len(text))
    try:
        value = float(text[start:end])
    except ValueError:
        return 0.0
    return value if math.isfinite(value) else 0.0


def ordering(store: Store) -> Generator[None, None, list[tuple[str, str]]]:
    """Every entry's id and text, the one played last first: read a hundred at a time, yielding between (reading
    an entry takes the browser ~20 µs: a page reads thousands a slice at a time); the order is its return value."""
    found = []
    for n, key in enumerate((key for key in store.keys() if key.startswith(ENTRY)), 1):
        text = store.get(key)
        if text is not None:
            found.append((key[len(ENTRY):], text))
        if n % 100 == 0:
            yield
    return sorted(found, key=lambda item: -_played(item[1]))


def finished(work: Generator[None, None, T]) -> T:
    """A generator's work done at once: its return value."""
    while True:
        try:
            next(work)
        except StopIteration as done:
            return done.value


def _in_order(store: Store, game_id: str | None = None) -> Iterator[Listed]:
    """The saved games (of `game_id`), the one played last first, each read in full only when it is reached."""
    written = None if game_id is None else f'"game": {json.dumps(game_id)}'  # as `save` writes it
    for entry_id, text in finished(ordering(store)):
        if written is None or written in text or '"game": ' not in text:
            yield _listed(entry_id, text)


def entries(store: Store, limit: int | None = None) -> list[Listed]:
    """The saved games (the first `limit`), the one played last first; damaged ones are listed too, with why."""
    return listed(finished(ordering(store))[:limit])


def listed(ordered: list[tuple[str, str]]) -> list[Listed]:
    """Entries (id, text) as My games lists them: only those listed are read in full."""
    return [_listed(entry_id, text) for entry_id, text in ordered]


def _listed(entry_id: str, text: str | None) -> Listed:
    try:
        data = read_save(text or "")
        game = str(data.get("game") or _game_of(data["record"]))
        if game not in games.ids():
            raise record.RecordError(f"It is a game this version does not have ({record.quote(game, 20)}).")
    except GameError as err:
        title = "Saved by a newer version" if isinstance(err, record.NewerFormatError) else "Damaged save"
        return Listed(entry_id, title, "", damaged=str(err))
    fields = {k: data.get(k) for k in LISTED}
    return Listed(entry_id, str(fields["name"] or games.entry(game).title)[:NAME_LIMIT], game,
                  str(fields["players"] or "")[:40], _number(fields["moves"]), str(fields["status"] or "")[:200],
                  str(fields["position"] or "")[:4000], _number(fields["played"]),
                  name=str(fields["name"] or "")[:NAME_LIMIT])


def _game_of(link: str) -> str:
    """The game a link is of, whether or not its files are loaded (an entry that does not say)."""
    try:
        return record.read(link)[0].game
    except games.NotLoaded as missing:
        return missing.game_id


def _number(value) -> float:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) and value == value else 0


def matching(store: Store, link: str) -> str | None:
    """The entry whose game is exactly this link (a reload of the page): the last one played, if several."""
    last = last_played(store)[0]
    found = None
    written = f'"record": {json.dumps(link)}'  # as `save` writes it: most entries are passed over unparsed
    for key in store.keys():
        text = store.get(key) if key.startswith(ENTRY) else None
        if not text or written not in text:
            continue
        try:
            data = read_save(text)
        except GameError:
            continue
        if data.get("record") == link:
            found = key[len(ENTRY):]
            if found == last:
                return found
    return found


@dataclass(frozen=True)
class Related:
    """A saved game a link belongs to: the same game and options, sharing its first `common` moves.

    `kind` is ``same`` (a reload, or the link sent back unplayed), ``continues``
    (the link has the saved moves and more: bring the entry up to date),
    ``earlier`` (an old link of the game: its moves are the first saved ones;
    the game opens at that move, browsing) or ``parted`` (the link goes back
    on saved moves and plays others: the player chooses).
    """

    id: str
    kind: str
    common: int
    moves: tuple[str, ...]  # the saved game's moves
    data: dict


PARTED_WITHIN = 20  # a link that keeps all but this many of a saved game's moves is that game, played otherwise


@dataclass(frozen=True)
class Saved:
    """A readable saved game, as the matcher knows it: its entry's id and fields, and its moves."""

    id: str
    moves: tuple[str, ...]
    data: dict


def _prefix_hashes(moves: tuple[str, ...]) -> list[int]:
    """A hash of each prefix of `moves` (the empty one first), each from the one before: all of them in one pass."""
    hashes = [0]
    for move in moves:
        hashes.append(hash((hashes[-1], move)))
    return hashes


class Matcher:
    """The saved games of one game and options, found by their moves rather than by comparing every pair.

    Each game is indexed by a hash of all its moves, and of its moves up to each
    of its last `PARTED_WITHIN` (so a line that parts from it, or an earlier
    moment of it, is found too); a hit is checked move by move.  Finding the
    games a record relates to costs a lookup per move of the record, whatever
    the number of saved games, so a file of thousands of games is matched
    against thousands of saved ones in seconds, not hours.
    """

    def __init__(self) -> None:
        self.whole: dict[int, list[Saved]] = {}
        self.near_end: dict[int, list[Saved]] = {}  # prefixes within PARTED_WITHIN of a game's end, not all of it
        self.buckets: dict[str, list[list[Saved]]] = {}  # entry id -> the buckets holding it

    def add(self, saved: Saved) -> None:
        hashes, count = _prefix_hashes(saved.moves), len(saved.moves)
        held = [self.whole.setdefault(hashes[count], [])]
        held += [self.near_end.setdefault(hashes[k], []) for k in range(max(1, count - PARTED_WITHIN), count)]
        for bucket in held:
            bucket.append(saved)
        self.buckets.setdefault(saved.id, []).extend(held)

    def remove(self, entry_id: str) -> None:
        for bucket in self.buckets.pop(entry_id, ()):
            bucket[:] = [s for s in bucket if s.id != entry_id]

    def find(self, moves) -> Related | None:
        """The saved game a link with these moves belongs to (see `related`)."""
        look = _Lookup(self, moves)
        return look.same() or look.continued() or look.earlier() or look.parted()

    def holds(self, moves, created) -> Related | None:
        """The saved game these moves are (a game already here); else, of the saved games begun at the same moment
        `created` (the same game, saved in two browsers), the one they are an earlier moment of (here already) or
        continue (to bring up to date): an import's question.  Moves alone made one game of two that opened alike
        (a saved game overwritten by another from the file, a named game of the file never imported)."""
        look = _Lookup(self, moves, lambda saved: saved.data.get("created") == created)
        return look.same() or look.earlier() or look.continued(at_least=1)  # a game with no move is no game's start


class _Lookup:
    """One record's moves looked up in a `Matcher`: each relation costs a lookup per move at most."""

    def __init__(self, matcher: Matcher, moves, kin: Callable[[Saved], bool] | None = None):
        self.matcher, self.moves, self.kin = matcher, tuple(moves), kin  # `kin`: the saved games a record may
        # continue or be an earlier moment of
        self.hashes, self.count = _prefix_hashes(self.moves), len(self.moves)

    def _first(self, index, k: int, longer: bool, kin: Callable[[Saved], bool] | None = None) -> Saved | None:
        """The first game indexed by the record's first k moves that has exactly them (or them and more)."""
        return next((s for s in index.get(self.hashes[k], ())
                     if (len(s.moves) > k if longer else len(s.moves) == k) and s.moves[:k] == self.moves[:k]
                     and (kin is None or kin(s))), None)

    def _related(self, saved: Saved | None, kind: str, common: int) -> Related | None:
        return None if saved is None else Related(saved.id, kind, common, saved.moves, saved.data)

    def same(self):
        return self._related(self._first(self.matcher.whole, self.count, longer=False), "same", self.count)

    def continued(self, at_least: int = 0):
        """The longest saved game (of at least `at_least` moves) the record's moves continue."""
        for k in range(self.count - 1, at_least - 1, -1):
            if found := self._first(self.matcher.whole, k, longer=False, kin=self.kin):
                return self._related(found, "continues", k)
        return None

    def earlier(self):
        """A saved game the record is an earlier moment of (its moves the first ones, within PARTED_WITHIN)."""
        found = self._first(self.matcher.near_end, self.count, longer=True, kin=self.kin) if self.count else None
        return self._related(found, "earlier", self.count)

    def parted(self):
        """The saved game the record shares the most moves with, parting within PARTED_WITHIN of its end."""
        for k in range(self.count - 1, 0, -1):
            if found := self._first(self.matcher.near_end, k, longer=True):
                return self._related(found, "parted", k)
        return None


def saved_game(key: str, text: str | None, game_ids) -> tuple[str, dict, Saved] | None:
    """A storage entry as (game id, options, `Saved`), if it is a readable saved game of one of `game_ids`.
    An entry that says it is another game's is passed over unread (its game's files may not be loaded)."""
    try:
        data = read_save(text or "")
        if data.get("game") is not None and data["game"] not in game_ids:
            return None
        saved, _ = record.read(data["record"])
    except GameError:
        return None
    if saved.game not in game_ids or saved.packed:
        return None
    return saved.game, saved.options, Saved(key[len(ENTRY):], saved.moves, data)


def related(store: Store, rec: record.Record, moves: list[str]) -> Related | None:
    """The saved game this link's `moves` (replayed) belong to, if any.

    The same game is preferred (the last one played, if several), then the
    longest game the link continues, then one the link is an earlier moment
    of, then the one sharing the most moves with it.  A game that only opens
    like the link (it parts more than `PARTED_WITHIN` moves before its end) is
    another game, not this one.
    """
    matcher, last = Matcher(), ENTRY + str(last_played(store)[0])
    for key in sorted((key for key in store.keys() if key.startswith(ENTRY)), key=lambda key: key != last):
        found = saved_game(key, store.get(key), (rec.game,))  # the last one played first
        if found is not None and found[1] == rec.options:
            matcher.add(found[2])
    return matcher.find(moves)


@dataclass(frozen=True)
class OtherTab:
    """What another tab did to the game on screen since this tab last wrote or read its entry.

    `kind` is ``deleted`` (``cleared`` when every saved game went: the browser's
    site data cleared); ``unreadable`` (it wrote what this tab cannot read: a
    newer version's save, or damage);
    ``same`` (the same moves: a rename, a new ply on screen); ``ahead`` (it
    played on from this tab's moves); ``back`` (it took back moves this tab
    has: they are in its redo); ``behind`` (it lacks moves this tab has, and not
    by taking them back: this tab's write was overwritten); or ``parted`` (each
    has moves the other lacks).  Writing this tab's game over the entry loses
    nothing unless the kind is ``ahead``, ``parted`` or ``unreadable``.
    """

    kind: str
    data: dict | None = None
    common: int = 0  # the moves both lines share
    moves: tuple[str, ...] = ()  # the entry's moves


def other_tab(store: Store, entry_id: str, rev: str | None, moves: list[str]) -> OtherTab | None:
    """Whether another tab wrote the entry this tab shows with `moves`, last written or read at `rev`;
    None when nobody did."""
    text = store.get(ENTRY + entry_id)
    if text is None:
        return OtherTab("deleted" if store.keys() else "cleared")  # nothing of ours left: the site's data cleared
    if rev is not None and f'"rev": {json.dumps(rev)},' in text:  # as `save` writes it: before every write, unparsed
        return None
    try:
        data = read_save(text)
        if data.get("rev") == rev:
            return None
        theirs = tuple(record.read(data["record"])[0].moves)
    except GameError:  # kept as it is (listed as damaged, or a newer version's): this tab saves anew
        return OtherTab("unreadable")
    ours = tuple(moves)
    common = next((i for i, (a, b) in enumerate(zip(theirs, ours)) if a != b), min(len(theirs), len(ours)))
    if theirs == ours:
        kind = "same"
    elif common == len(ours):
        kind = "ahead"
    elif common == len(theirs):
        kind = "back" if _undone(theirs, data.get("redo"))[:len(ours)] == ours else "behind"
    else:
        kind = "parted"
    return OtherTab(kind, data, common, theirs)


def _undone(moves: tuple[str, ...], redo) -> tuple[str, ...]:
    """The moves, then those their redo stack would put back (the last group undone first)."""
    groups = redo if isinstance(redo, list) else []
    return moves + tuple(m for group in reversed(groups) if isinstance(group, list)
                         for m in group if isinstance(m, str))


def copy(store: Store, entry_id: str, now_ms: float) -> str | None:
    """A saved game kept as its own new entry (the line the player did not choose); its id, or None if refused."""
    try:
        data = read_save(store.get(ENTRY + entry_id) or "")
    except GameError:
        return None
    fresh = new_id(now_ms)
    data["name"] = clean_name(f"{data.get('name') or ''} (other line)")
    return fresh if store.set(ENTRY + fresh, json.dumps(data)) else None


def latest_of(store: Store, game_id: str) -> str | None:
    """The entry of `game_id` played last, if any (the picker opens it)."""
    return next((e.id for e in _in_order(store, game_id) if e.game == game_id and not e.damaged), None)


def first_visit(store: Store) -> bool:
    """Whether this browser comes for the first time (no saved game, never welcomed); noted, so it is said once."""
    if store.get(WELCOMED) is not None or store.get(LAST) is not None or any(k.startswith(ENTRY) for k in store.keys()):
        return False
    store.set(WELCOMED, "1")
    return True


def rename(store: Store, entry_id: str, name: str, now_ms: float) -> bool:
    text = store.get(ENTRY + entry_id)
    try:
        data = read_save(text or "")
    except GameError:
        return False
    data["name"] = clean_name(name)
    data["rev"] = new_id(now_ms)
    return store.set(ENTRY + entry_id, json.dumps(data))


def delete(store: Store, entry_id: str) -> None:
    store.remove(ENTRY + entry_id)
    if last_played(store)[0] == entry_id:
        store.remove(LAST)


def migrate(store: Store, now_ms: float) -> list[str]:
    """Move one-slot-per-game saves into My games, each as its own entry; the messages for the player.

    The old key is removed only once its entry is written, so a full storage
    loses nothing; a save that cannot be read becomes a damaged entry.
    """
    notes = []
    last = store.get(LAST)
    for key in sorted(store.keys()):
        old = key.startswith(OLD_SLOT) or key.startswith(OLD_DAMAGED)
        if not old:
            continue
        text = store.get(key) or ""
        entry_id = new_id(now_ms)
        try:
            session, problem = Loading.from_storage(text).finish()
            fields = entry_fields(session, {}, now_ms)
            written = store.set(ENTRY + entry_id, json.dumps(fields))
        except GameError:
            written = store.set(ENTRY + entry_id, text)  # listed as damaged, never dropped
            problem = None
        if not written:
            notes.append("Your saved games could not be moved into My games (storage is full); "
                         "they are kept as they were.")
            break
        store.remove(key)
        if key.startswith(OLD_SLOT) and last == key[len(OLD_SLOT):]:
            store.set(LAST, entry_id)
        if problem:
            notes.append(f"A saved game was only partly readable. {problem}")
    return notes
