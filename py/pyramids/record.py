"""Game records: the move list that is the whole game, as link text and for storage.

A record is a game id, its options and its moves.  As text (the URL fragment)
it reads ``v=1&g=ice-lady&mandatory_capture=1&m=c3-b4+f6-g5``: the format
version, the game, each non-default option by name, then the moves joined by
``+`` with anything unsafe percent-encoded.  View settings such as ``ply`` may
follow; they belong to the page, not to the game.

`read` checks the syntax and keeps what it can of a damaged link; `replay`
then plays the moves and, when one is illegal, keeps the valid prefix and says
which ply failed and why.  Saved games (session.py, saves.py) hold the same
link text, so links and saves are read by the same code.

The compact form (format 2, for links sent by chat) writes the same fields
but the moves as ``c=<count>.<digits>``: each move is its index among the
sorted legal moves of the position before it, in as many base64url digits as
that position's number of moves needs (none for a forced move).  A draw
offered or answered, or resignation, is not among those moves, so that the
links made before the game had them still read the same; a game that has one
is written ``c=<count>~<digits>``, each move an index among every legal move.
Only a replay can read it, so `read` leaves it packed and `Unpacker` gives the
moves one at a time as the loader (loading.Loading) plays them.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, field
from typing import Any

from . import games
from .core import AGREEMENT_MOVES, Game, GameError, InvalidMoveError, OptionError, State, counted, quote

FORMAT = 1
COMPACT = 2  # the compact form: the same fields, the moves as indexes among the legal moves
MAX_MOVES = 10_000  # a longer game is refused: no game of ours comes near it in honest play
MAX_LINK_CHARS = 1_000_000  # room for 10,000 of the longest moves, percent-encoded
CHAT_LIMIT = 4_000  # the longest link Share hands out: one Telegram message (4,096), a URL every browser opens
# bots, pace: the computer's seats, speed; left: the seconds a timed game's clock had left when it was shared
VIEW_KEYS = frozenset({"ply", "embed", "play", "static", "pic", "bots", "pace", "left"})


class RecordError(GameError):
    """A link or saved game that cannot be read; `game_id` the game it names, where that much could be read."""

    game_id: str | None = None


class NewerFormatError(RecordError):
    """A link or saved game written by a newer version of the app: not damaged, just not readable here."""


@dataclass(frozen=True)
class Record:
    game: str
    options: dict[str, Any] = field(default_factory=dict)
    moves: tuple[str, ...] = ()
    view: dict[str, str] = field(default_factory=dict)
    packed: str = ""  # a compact link's moves (``<count>.<digits>``), unpacked as they are replayed


@dataclass(frozen=True)
class Replay:
    """The states of a replayed record (at least the start) and the first problem, if any."""

    states: list[State]
    moves: list[str]
    error: str | None = None


# Percent-encoding exactly as urllib.parse's quote(text, safe=":@!,/*;") and unquote(text)
# do it, written out because importing urllib.parse costs the page ~70 ms of its start-up.
_KEPT = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-~:@!,/*;")
_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def _quote(text: str) -> str:
    if _KEPT.issuperset(text):  # most moves need no quoting
        return text
    return "".join(chr(b) if chr(b) in _KEPT else f"%{b:02X}" for b in text.encode("utf-8"))


def unquote(text: str) -> str:
    """Link text with each run of %XX escapes decoded as UTF-8 (invalid bytes become U+FFFD)."""
    if "%" not in text:
        return text
    return _ESCAPES.sub(lambda run: bytes.fromhex(run.group().replace("%", "")).decode("utf-8", "replace"), text)


def encode(record: Record) -> str:
    """The record as fragment text (without the leading '#'): readable, unless its moves are still packed."""
    if record.packed:
        return _fields(record, COMPACT, f"c={record.packed}")
    return _fields(record, FORMAT, "m=" + "+".join(_quote(m) for m in record.moves))


def encode_compact(record: Record, digits: str | None = None) -> str:
    """The record in the compact form; `digits` are its moves already packed (see `pack`), if known."""
    if record.packed:
        return encode(record)
    digits = pack(record) if digits is None else digits
    return _fields(record, COMPACT, f"c={len(record.moves)}{EVERY if agreed(record.moves) else '.'}{digits}")


def _fields(record: Record, version: int, moves: str) -> str:
    """Every field of the record, in either form: only the moves' field differs."""
    game = games.get(record.game)
    parts = [f"v={version}", f"g={_quote(record.game)}"]
    for opt in game.options:
        value = record.options.get(opt.name, opt.default)
        if value != opt.default:
            parts.append(f"{opt.name}={_quote(opt.link_text(value))}")
    parts.append(moves)
    parts.extend(f"{k}={_quote(v)}" for k, v in record.view.items())
    return "&".join(parts)


# -- the compact form ------------------------------------------------------
DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"  # base64url
_VALUE = {c: i for i, c in enumerate(DIGITS)}
_PACKED = re.compile(r"(\d+)([.~])([A-Za-z0-9_-]*)")
EVERY = "~"  # the compact form's separator when each index is among every legal move (see above)


def _width(count: int) -> int:
    """How many digits an index among `count` moves takes: none for a forced move."""
    width = 0
    while 64 ** width < count:
        width += 1
    return width


def agreed(moves) -> bool:
    """Whether the moves hold a draw offered or answered, or resignation: packed among every legal move."""
    return any(move in AGREEMENT_MOVES for move in moves)


def pack_move(state: State, move: str, every: bool = False) -> str:
    """One move as its index among the sorted legal moves of `state` (without a draw offered, answered or
    resignation, unless `every`); `GameError` if it is not one of them."""
    legal = sorted(state.legal_moves() if every else state.legal_plays())
    move = move.strip()
    index = bisect_left(legal, move)
    if index == len(legal) or legal[index] != move:
        state.play(move)  # raises the rules' own reason
        raise RecordError(f"{quote(move)} is not written as the rules list it.")
    out = []
    for _ in range(_width(len(legal))):
        index, digit = divmod(index, 64)
        out.append(DIGITS[digit])
    return "".join(reversed(out))


def pack(record: Record) -> str:
    """The digits of the record's moves (replayed to find each one's index); `GameError` for an illegal move."""
    state, out, every = games.get(record.game).new(**record.options), [], agreed(record.moves)
    for move in record.moves:
        out.append(pack_move(state, move, every))
        state = state.play(move)
    return "".join(out)


class Unpacker:
    """A compact link's moves, read one at a time from the position each is played in."""

    def __init__(self, packed: str):
        found = _PACKED.fullmatch(packed)
        if found is None:  # a record made in code (`_packed` checks a link's)
            raise RecordError(f"{quote(packed, 20)} is not a compact record's moves.")
        count, separator, self.digits = found.groups()
        self.count, self.at, self.every = int(count), 0, separator == EVERY

    def next(self, state: State, ply: int) -> str:
        """Move `ply` (from 1), played in `state`; `RecordError` when the digits do not name a legal move."""
        legal = sorted(state.legal_moves() if self.every else state.legal_plays())
        width = _width(len(legal))
        digits = self.digits[self.at:self.at + width]
        if len(digits) < width:
            raise RecordError(f"The link ends in the middle of move {ply}; it was cut short.")
        index = 0
        for digit in digits:
            index = index * 64 + _VALUE[digit]
        if index >= len(legal):
            raise RecordError(f"Move {ply} of the link is not one of the {len(legal)} legal moves there.")
        self.at += width
        return legal[index]

    def left_over(self) -> str | None:
        """What to say when digits are left once every move is played."""
        extra = len(self.digits) - self.at
        return f"The link has {counted(extra, 'character')} after its last move; they are left out." if extra else None


def _plain(name: str) -> str:
    return "".join(ch for ch in name.lower() if ch.isalnum())


def named_game(text: str) -> str | None:
    """The game a fragment that is only a game's name names, as a person writes it (``#icetoids``,
    ``#Ice-Turn``, ``#ice%20lady``), else None: a link to that game as its button in the picker opens it."""
    if "&" in text or "=" in text:
        return None
    wanted = _plain(unquote(text.strip().lstrip("#")))
    return next((e.id for e in games.CATALOGUE if wanted and wanted in (_plain(e.id), _plain(e.title))), None)


def read(text: str) -> tuple[Record, str | None]:
    """A record from fragment text, and what was left out of it, if anything.

    A damaged tail (a trailing ``+``, an empty move, a view setting cut off
    after the moves) keeps the moves before it and says so; anything that
    leaves no game raises `RecordError`.  Messages quote a few dozen
    characters of the text at most, and nothing here raises anything else.
    """
    if not isinstance(text, str):
        raise RecordError("The link holds no game.")
    text = text.strip().lstrip("#")
    if not text:
        raise RecordError("The link holds no game.")
    if len(text) > MAX_LINK_CHARS:
        raise RecordError(f"This link is {len(text):,} characters long; the app opens links of at most "
                          f"{MAX_LINK_CHARS:,} characters.")
    parts = text.split("&")
    if "=" not in parts[0]:  # a link of ours begins v=...: this one begins with a game's name, or is none of ours
        game_id = named_game(parts[0])
        if game_id is None:
            names = ", ".join(e.title for e in games.CATALOGUE[:-1]) + " and " + games.CATALOGUE[-1].title
            raise RecordError(f"There is no game called {quote(unquote(parts[0]))}; the games here are {names}.")
        parts[:1] = [f"v={FORMAT}", f"g={game_id}"]
    fields: dict[str, str] = {}
    notes: list[str] = []
    after_moves = False
    for part in parts:
        if not part:
            continue
        key, sep, value = part.partition("=")
        if after_moves and (not sep or key not in VIEW_KEYS or key in fields):
            why = "is not of the form name=value" if not sep else "is not a view setting"
            notes.append(f"The end of the link ({quote(unquote(part), 20)}) {why}; it is left out.")
            break
        if not sep:
            raise RecordError(f"The link part {quote(unquote(part))} is not of the form name=value.")
        if key in fields:
            raise RecordError(f"The link names {quote(unquote(key))} twice.")
        fields[key] = value
        after_moves = after_moves or key in ("m", "c")
    version = fields.pop("v", None)
    if version is None:
        raise RecordError("The link has no format version (v=...).")
    compact = _check_version(unquote(version), "link") == COMPACT
    game_id = unquote(fields.pop("g", ""))
    if not game_id:
        raise RecordError("The link does not say which game it is (g=...).")
    try:
        game = games.get(game_id)
    except KeyError:
        raise RecordError(f"There is no game called {quote(game_id)}.") from None
    try:
        return _game_record(game, fields, compact, notes)
    except RecordError as err:
        err.game_id = game_id  # what a link that says no more can still open: that game
        raise


def _game_record(game: Game, fields: dict[str, str], compact: bool, notes: list[str]) -> tuple[Record, str | None]:
    """`read`'s record of a game it has found: its moves, view settings and options from the link's `fields`."""
    moves: tuple[str, ...]
    if compact:
        moves, note, packed = (), None, _packed(fields.pop("c", "0."))
    else:
        (moves, note), packed = _moves(fields.pop("m", "")), ""
    if note:
        notes.insert(0, note)
    view = {k: unquote(fields.pop(k)) for k in list(fields) if k in VIEW_KEYS}
    try:
        options = game.resolve_options({unquote(k): unquote(v) for k, v in fields.items()})
    except OptionError as err:
        raise RecordError(f"The link's options are not valid: {shorten(str(err), 200)}") from None
    return Record(game.id, options, moves, view, packed), " ".join(notes) or None


def decode(text: str) -> Record:
    """A record from fragment text, all of it; `RecordError` says what is wrong with it."""
    rec, problem = read(text)
    if problem:
        raise RecordError(problem)
    return rec


def _check_version(version: str, what: str) -> int:
    """The format, if this app reads it; a newer one says so."""
    if version in (str(FORMAT), str(COMPACT)):
        return int(version)
    if version.isascii() and version.isdigit() and len(version) < 7 and int(version) > COMPACT:
        raise NewerFormatError(f"This {what} was made by a newer version of the app (format {int(version)}); "
                          "reload the app to update it, then open it again.")
    raise RecordError(f"This {what} uses a record format this app does not know ({quote(version, 12)}).")


def _packed(text: str) -> str:
    """A compact link's moves, checked for form (whether they play is found as they are replayed)."""
    found = _PACKED.fullmatch(text)
    if not found:
        raise RecordError(f"The link's moves ({quote(unquote(text), 20)}) are damaged: a character of them was "
                          "changed or lost, perhaps as the link was copied.")
    count = found.group(1)
    if len(count) > len(str(MAX_MOVES)) or int(count) > MAX_MOVES:
        many = f"{int(count):,}" if len(count) <= 9 else f"more than {MAX_MOVES:,}"
        raise RecordError(f"This link holds {many} moves; the app opens games of at most {MAX_MOVES:,} moves.")
    return text


def _moves(text: str) -> tuple[tuple[str, ...], str | None]:
    """The moves of the m= field: the moves before an empty one, and a note when one was found."""
    if not text:
        return (), None
    if text.count("+") >= MAX_MOVES:
        raise RecordError(f"This link holds {text.count('+') + 1:,} moves; the app opens games of at most "
                          f"{MAX_MOVES:,} moves.")
    moves = [unquote(m) for m in text.split("+")]
    for ply, move in enumerate(moves, 1):
        if not move.strip():
            if ply == len(moves):
                return tuple(moves[:-1]), None  # a trailing '+' (a link cut after a move) loses nothing
            return tuple(moves[:ply - 1]), (f"Move {ply} of the link is empty; the {ply - 1} moves before it "
                                            "are kept.")
    return tuple(moves), None


def too_long_to_send(link: str) -> str | None:
    """Why Share refuses `link` (the whole address), if it is longer than a chat message carries."""
    if len(link) <= CHAT_LIMIT:
        return None
    return (f"This game's link is {len(link):,} characters long: more than a chat message carries "
            f"({CHAT_LIMIT:,}), so it is not shared cut short. Embed can still show the game.")


def bad_move(ply: int, move: str, err: Exception) -> str:
    """The message for a move a record holds but the rules refuse (not how to write moves: nobody typed it)."""
    if isinstance(err, InvalidMoveError):
        return f"Move {ply} ({quote(move, 30)}) is not written as a move of this game."
    return shorten(f"Move {ply} ({quote(move, 30)}) cannot be played: {err}")


def shorten(text: str, limit: int = 280) -> str:
    """A message of at most `limit` characters: whole sentences while they fit, else the first one cut after a
    clause ("; ") or else at a word, with "…" (never a sentence cut in the middle after whole ones)."""
    if len(text) <= limit:
        return text
    kept = ""
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        longer = f"{kept} {sentence}" if kept else sentence
        if len(longer) > limit:
            break
        kept = longer
    if kept:
        return kept
    cut = text[:limit - 1]
    if "; " in cut:
        return cut.rsplit("; ", 1)[0] + "; …"
    return (cut.rsplit(" ", 1)[0] if " " in cut.strip() else cut) + "…"


def replay(record: Record) -> Replay:
    """Play the record's moves (unpacking a compact one); stop at the first illegal one and say where and why."""
    state = games.get(record.game).new(**record.options)
    states, moves = [state], list[str]()
    unpacker = Unpacker(record.packed) if record.packed else None
    total = unpacker.count if unpacker else len(record.moves)
    for ply in range(1, total + 1):
        try:
            move = unpacker.next(state, ply) if unpacker else record.moves[ply - 1]
        except RecordError as err:
            return Replay(states, moves, str(err))
        try:
            state = state.play(move)
        except GameError as err:
            return Replay(states, moves, bad_move(ply, move, err))
        states.append(state)
        moves.append(move.strip())
    return Replay(states, moves, unpacker.left_over() if unpacker else None)
