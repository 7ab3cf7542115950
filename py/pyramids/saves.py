"""My games: every saved game is its own storage entry, listed, renamed and deleted by the player.

Storage is a flat key-value store (the browser's localStorage; a dict in the
tests) behind the small `Store` interface, so nothing here touches the
browser.  Keys, under the page's prefix:

* ``saved.<id>`` -- one game: `Session.storage_fields()` (the record, redo
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

My games can be exported to one human-readable JSON file (`export_games`)
and read back (`read_import`, `add_imported`), in this or another browser.

An entry is written only when the player has done something in its game; a
game opened from a link gets its own new entry then, never another's.  An
entry that cannot be read stays where it is and is listed as damaged until
the player deletes it.  Saves of the one-slot-per-game format
(``game.<game id>``, ``damaged.<game id>``) are moved into the list once.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Protocol

from . import games, record
from .core import GameError
from .session import MAX_NESTING, Session, nested_deeper, read_save

ENTRY = "saved."
LAST = "last"
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
    moves: int = 0
    status: str = ""
    position: str = ""
    played: float = 0
    damaged: str | None = None


def new_id(now_ms: float, rng: random.Random | None = None) -> str:
    """A fresh entry id: the time, then random digits, so two tabs never pick the same one."""
    return f"{int(now_ms):x}-{(rng or random).randrange(16 ** 6):06x}"


def entry_fields(session: Session, meta: dict, now_ms: float) -> dict:
    """What an entry holds: `meta` (the entry's other fields, kept) updated with the game as it is now."""
    state, fields = session.latest, session.storage_fields()
    moves_changed = meta.get("moves") != len(session.moves)
    return {**meta, **fields,
            "rev": new_id(now_ms),
            "name": str(meta.get("name") or ""),
            "game": session.game.id,
            "players": players_text(session),
            "moves": len(session.moves),
            "status": session.status_of(state),
            "position": state.to_text(),
            "created": meta.get("created") or now_ms,
            "played": now_ms if moves_changed or not meta.get("played") else meta["played"]}


def players_text(session: Session) -> str:
    count = session.options.get("players", session.game.min_players)
    return f"{count} players"


def save(store: Store, entry_id: str, session: Session, meta: dict, now_ms: float) -> dict | None:
    """Write the game to its entry and make it the last one; the fields written, or None if storage refused
    (then `last` says so, if storage takes even that)."""
    fields = entry_fields(session, meta, now_ms)
    if store.set(ENTRY + entry_id, json.dumps(fields)) and store.set(LAST, entry_id):
        return fields
    store.set(LAST, entry_id.replace("-", "!", 1))
    return None


def last_played(store: Store) -> tuple[str | None, bool]:
    """The entry played last, and whether its last save failed (the entry is then missing, or older)."""
    value = store.get(LAST)
    return (None, False) if value is None else (value.replace("!", "-", 1), "!" in value)


def newest(store: Store) -> str | None:
    """The saved game played last that can be opened, if any."""
    return next((e.id for e in entries(store) if not e.damaged), None)


def load(store: Store, entry_id: str) -> tuple[str, dict]:
    """An entry's text and fields; `RecordError` in plain words when it is missing or damaged."""
    text = store.get(ENTRY + entry_id)
    if text is None:
        raise record.RecordError("That saved game is no longer there (deleted in another tab?).")
    return text, read_save(text)


def entries(store: Store) -> list[Listed]:
    """Every saved game, the one played last first; damaged ones are listed too, with why."""
    found = []
    for key in store.keys():
        if key.startswith(ENTRY):
            found.append(_listed(key[len(ENTRY):], store.get(key)))
    return sorted(found, key=lambda e: -e.played)


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
    return Listed(entry_id, str(fields["name"] or games.entry(game).title)[:80], game,
                  str(fields["players"] or "")[:40], _number(fields["moves"]), str(fields["status"] or "")[:200],
                  str(fields["position"] or "")[:4000], _number(fields["played"]))


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


def related(store: Store, rec: record.Record, moves: list[str]) -> Related | None:
    """The saved game this link's `moves` (replayed) belong to, if any.

    The same game is preferred (the last one played, if several), then the
    longest game the link continues, then the one sharing the most moves with
    it.  A game that only opens like the link (it parts more than
    `PARTED_WITHIN` moves before its end) is another game, not this one.
    """
    last, best, moves = last_played(store)[0], None, tuple(moves)
    rank = {"same": 3, "continues": 2, "earlier": 1, "parted": 0}
    for key in store.keys():
        if not key.startswith(ENTRY):
            continue
        try:
            data = read_save(store.get(key) or "")
            if data.get("game") not in (None, rec.game):
                continue  # another game's entry: not read (nor its game's files loaded)
            saved, _ = record.read(data["record"])
        except GameError:
            continue
        if (saved.game, saved.options) != (rec.game, rec.options) or saved.packed:
            continue
        common = next((i for i, (a, b) in enumerate(zip(saved.moves, moves)) if a != b),
                      min(len(saved.moves), len(moves)))
        if common == len(saved.moves):
            kind = "same" if common == len(moves) else "continues"
        elif common and common >= len(saved.moves) - PARTED_WITHIN:
            kind = "earlier" if common == len(moves) else "parted"
        else:
            continue
        found = Related(key[len(ENTRY):], kind, common, saved.moves, data)
        if (best is None or (rank[kind], common, found.id == last) > (rank[best.kind], best.common, best.id == last)):
            best = found
    return best


@dataclass(frozen=True)
class OtherTab:
    """What another tab did to the game on screen since this tab last wrote or read its entry.

    `kind` is ``deleted``; ``same`` (the same moves: a rename, a new ply on
    screen); ``ahead`` (it played on from this tab's moves); ``back`` (it took
    back moves this tab has: they are in its redo); ``behind`` (it lacks moves
    this tab has, and not by taking them back: this tab's write was overwritten);
    or ``parted`` (each has moves the other lacks).  Writing this tab's game
    over the entry loses nothing unless the kind is ``ahead`` or ``parted``.
    """

    kind: str
    data: dict | None = None
    common: int = 0  # the moves both lines share
    moves: tuple[str, ...] = ()  # the entry's moves


def other_tab(store: Store, entry_id: str, rev: str | None, moves: list[str]) -> OtherTab | None:
    """Whether another tab wrote the entry this tab shows with `moves`, last written or read at `rev`;
    None when nobody did (or the entry is damaged: then it is left alone, and this tab's next save is a new entry)."""
    text = store.get(ENTRY + entry_id)
    if text is None:
        return OtherTab("deleted")
    if rev is not None and f'"rev": {json.dumps(rev)},' in text:  # as `save` writes it: before every write, unparsed
        return None
    try:
        data = read_save(text)
        if data.get("rev") == rev:
            return None
        theirs = tuple(record.read(data["record"])[0].moves)
    except GameError:
        return None
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
    return moves + tuple(m for group in reversed(groups) if isinstance(group, list) for m in group if isinstance(m, str))


def copy(store: Store, entry_id: str, now_ms: float) -> str | None:
    """A saved game kept as its own new entry (the line the player did not choose); its id, or None if refused."""
    try:
        data = read_save(store.get(ENTRY + entry_id) or "")
    except GameError:
        return None
    fresh = new_id(now_ms)
    data["name"] = " ".join(f"{data.get('name') or ''} (other line)".split())[:80]
    return fresh if store.set(ENTRY + fresh, json.dumps(data)) else None


def latest_of(store: Store, game_id: str) -> str | None:
    """The entry of `game_id` played last, if any (the picker opens it)."""
    return next((e.id for e in entries(store) if e.game == game_id and not e.damaged), None)


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
    data["name"] = " ".join(name.split())[:80]
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
            session, problem = Session.from_storage(text)
            fields = entry_fields(session, {}, now_ms)
            written = store.set(ENTRY + entry_id, json.dumps(fields))
        except GameError:
            written = store.set(ENTRY + entry_id, text)  # listed as damaged, never dropped
            problem = None
        if not written:
            notes.append("Your saved games could not be moved into My games (storage is full); they are kept as they were.")
            break
        store.remove(key)
        if key.startswith(OLD_SLOT) and last == key[len(OLD_SLOT):]:
            store.set(LAST, entry_id)
        if problem:
            notes.append(f"A saved game was only partly readable. {problem}")
    return notes


# -- backups ----------------------------------------------------------------------
EXPORT_FORMAT = "looney-pyramids-games"
MAX_IMPORT_CHARS = 50_000_000  # far more than a browser's storage holds
MAX_IMPORT_GAMES = 10_000


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


@dataclass(frozen=True)
class Imported:
    """One game of a backup file, read and replayed: its entry's fields and its session."""

    data: dict
    session: Session


def read_import(text: str) -> list[Imported]:
    """The games of an exported file, each checked as a save is; `RecordError` naming the first problem
    (and nothing is to be added) when the file is not such a file or any game in it cannot be read."""
    def refuse(why: str):
        raise record.RecordError(f"This file cannot be imported: {why} Nothing was changed.")
    if len(text) > MAX_IMPORT_CHARS:
        refuse("it is too large to be a file of saved games.")
    if nested_deeper(text, MAX_NESTING + 2):
        refuse("it is not a file of saved games from this app.")
    try:
        data = json.loads(text, parse_constant=lambda name: None)
    except (ValueError, RecursionError):
        refuse("it is not a file of saved games (it is not JSON).")
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT or not isinstance(data.get("games"), list):
        refuse("it is not a file of saved games exported by My games.")
    if data.get("v") != 1:
        refuse("it was made by a newer version of the app; reload the app to update it, then try again.")
    if len(data["games"]) > MAX_IMPORT_GAMES:
        refuse(f"it holds more than {MAX_IMPORT_GAMES:,} games.")
    found = []
    for number, game in enumerate(data["games"], 1):
        name = f"game {number}" + (f" ({record.quote(game['name'], 30)})" if isinstance(game, dict)
                                   and isinstance(game.get("name"), str) and game["name"] else "")
        try:  # games.NotLoaded goes through: the page fetches that game's files and reads the file again
            session, problem = Session.from_storage(json.dumps(game))
        except GameError as err:
            refuse(f"{name} cannot be read. {err}")
        if problem:
            refuse(f"{name} is only partly readable. {problem}")
        found.append(Imported(game, session))
    return found


def add_imported(store: Store, found: list[Imported], now_ms: float) -> str:
    """Add the games read from a backup, overwriting nothing: a game already here is left as it is, one
    that continues a saved game brings it up to date, any other is added as a game of its own (beside
    the saved game it parts from).  What was done, in words."""
    added = updated = here = failed = 0
    relations = [related(store, game.session.record(), game.session.moves) for game in found]  # before adding
    taken: set[str] = set()  # entries brought up to date by this import: a second game continuing one is added
    for game, related_to in zip(found, relations):
        session = game.session
        meta = {k: v for k, v in game.data.items() if k in ("name", "created", "played")}
        if related_to is not None and related_to.kind in ("same", "earlier"):
            here += 1
            continue
        continues = related_to is not None and related_to.kind == "continues" and related_to.id not in taken
        if continues:  # the saved entry, brought up to date: its own name and date of creation are kept
            entry_id, meta = related_to.id, {**related_to.data, "played": meta.get("played") or now_ms}
            taken.add(entry_id)
        else:
            entry_id = new_id(now_ms)
        fields = entry_fields(session, {**meta, "moves": len(session.moves)}, now_ms)  # its own dates
        if not store.set(ENTRY + entry_id, json.dumps(fields)):
            failed += 1
        elif continues:
            updated += 1
        else:
            added += 1
    said = [f"{n} {what}" for n, what in ((added, "added"), (updated, "brought up to date"),
                                           (here, "already here")) if n]
    text = f"Imported {len(found)} game{'s' if len(found) != 1 else ''}: {', '.join(said) or 'none'}."
    if failed:
        text += f" {failed} could not be saved: this browser's storage is full."
    return text
