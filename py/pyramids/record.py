"""Game records: the move list that is the whole game, as link text and for storage.

A record is a game id, its options and its moves.  As text (the URL fragment)
it reads ``v=1&g=ice-lady&mandatory_capture=1&m=c3-b4+f6-g5``: the format
version, the game, each non-default option by name, then the moves joined by
``+`` with anything unsafe percent-encoded.  View settings such as ``ply`` may
follow; they belong to the page, not to the game.

Decoding checks the syntax; `replay` then plays the moves and, when one is
illegal, keeps the valid prefix and says which ply failed and why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from . import games
from .core import GameError, OptionError, State

FORMAT = 1
VIEW_KEYS = frozenset({"ply", "embed", "play", "static", "bots"})  # bots: the seats the computer plays


class RecordError(GameError):
    """A link or saved game that cannot be read."""


@dataclass(frozen=True)
class Record:
    game: str
    options: dict[str, Any] = field(default_factory=dict)
    moves: tuple[str, ...] = ()
    view: dict[str, str] = field(default_factory=dict)


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
    """The record as fragment text (without the leading '#')."""
    game = games.get(record.game)
    parts = [f"v={FORMAT}", f"g={_quote(record.game)}"]
    for opt in game.options:
        value = record.options.get(opt.name, opt.default)
        if value != opt.default:
            parts.append(f"{opt.name}={_quote(opt.link_text(value))}")
    parts.append("m=" + "+".join(_quote(m) for m in record.moves))
    parts.extend(f"{k}={_quote(v)}" for k, v in record.view.items())
    return "&".join(parts)


def decode(text: str) -> Record:
    """A record from fragment text; `RecordError` says what is wrong with it."""
    text = text.strip().lstrip("#")
    if not text:
        raise RecordError("The link holds no game.")
    fields: dict[str, str] = {}
    for part in text.split("&"):
        if not part:
            continue
        key, sep, value = part.partition("=")
        if not sep:
            raise RecordError(f"The link part {unquote(part)!r} is not of the form name=value.")
        if key in fields:
            raise RecordError(f"The link names {key!r} twice.")
        fields[key] = value
    version = fields.pop("v", None)
    if version is None:
        raise RecordError("The link has no format version (v=...).")
    if version != str(FORMAT):
        raise RecordError(f"The link uses record format {unquote(version)!r}; this app reads format {FORMAT}.")
    game_id = unquote(fields.pop("g", ""))
    if not game_id:
        raise RecordError("The link does not say which game it is (g=...).")
    try:
        game = games.get(game_id)
    except KeyError as err:
        raise RecordError(err.args[0]) from None
    moves_text = fields.pop("m", "")
    moves = tuple(unquote(m) for m in moves_text.split("+")) if moves_text else ()
    if any(not m.strip() for m in moves):
        raise RecordError("The link's move list has an empty move in it.")
    view = {k: unquote(fields.pop(k)) for k in list(fields) if k in VIEW_KEYS}
    try:
        options = game.resolve_options({k: unquote(v) for k, v in fields.items()})
    except OptionError as err:
        raise RecordError(f"The link's options are not valid: {err}") from None
    return Record(game_id, options, moves, view)


def replay(record: Record) -> Replay:
    """Play the record's moves; stop at the first illegal one and say where and why."""
    state = games.get(record.game).new(**record.options)
    states, moves = [state], []
    for ply, move in enumerate(record.moves, 1):
        try:
            state = state.play(move)
        except GameError as err:
            return Replay(states, moves, f"Move {ply} ({move!r}) cannot be played: {err}")
        states.append(state)
        moves.append(move)
    return Replay(states, moves)
