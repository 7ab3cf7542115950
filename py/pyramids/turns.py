"""A game record read as turns, for the game log: whose turn, and each action in it.

A turn is a run of moves that are part of one player's turn (`State.turn_of`):
the chance that belongs to it (the dice rolled for it, a tile its piece
revealed), the moves the page made by itself, and Terrafex's fire placed by the
opponent.  Where nobody's turn runs (Ice Towers has no turns), consecutive
actions of one player are one entry.  A setup phase (`State.setup_phase`) is
never one entry with play: a deal by chance alone is one entry, and a player's
last placement and first turn are two.

Every function takes the positions and the moves of a game (`states[ply]` is
the position after `ply` moves) and numbers moves from 1, as the move list does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .core import CHANCE, State, players_to_act


@dataclass(frozen=True)
class Turn:
    """Moves `first` to `last` (from 1), all part of `seat`'s turn (None: chance alone, or the clock)."""

    seat: str | None
    first: int
    last: int

    @property
    def plies(self) -> range:
        return range(self.first, self.last + 1)


def _key(before: State, move: str) -> tuple[str | None, str]:
    """Whose turn `move` is part of, and its setup phase: moves in a row with the same key are one turn.
    Kept on the position (states never change), so a long game is read once."""
    cache = before.__dict__.setdefault("_turn_keys", {})
    key = cache.get(move)
    if key is None:
        seat = before.turn_of()
        if seat is None:  # no turns: each action is its actor's; chance and the clock are nobody's
            actor = before.actor_of(move)
            seat = actor if actor in players_to_act(before) else None
        key = cache[move] = (seat, before.setup_phase())
    return key


def turn_at(states: Sequence[State], moves: Sequence[str], ply: int) -> Turn:
    """The turn move `ply` is part of."""
    key = _key(states[ply - 1], moves[ply - 1])
    first = ply
    while first > 1 and _key(states[first - 2], moves[first - 2]) == key:
        first -= 1
    last = ply
    while last < len(moves) and _key(states[last], moves[last]) == key:
        last += 1
    return Turn(key[0], first, last)


def turns(states: Sequence[State], moves: Sequence[str], start: int = 0, stop: int | None = None) -> list[Turn]:
    """The turns of the moves after ply `start` up to ply `stop` (the whole game by default): the first
    may have begun before `start`, the last go on after `stop`."""
    stop = len(moves) if stop is None else min(stop, len(moves))
    found: list[Turn] = []
    ply = start + 1
    while ply <= stop:
        turn = turn_at(states, moves, ply) if not found else _from(states, moves, ply)
        found.append(turn)
        ply = turn.last + 1
    return found


def _from(states: Sequence[State], moves: Sequence[str], ply: int) -> Turn:
    """The turn that begins at `ply`."""
    key = _key(states[ply - 1], moves[ply - 1])
    last = ply
    while last < len(moves) and _key(states[last], moves[last]) == key:
        last += 1
    return Turn(key[0], ply, last)


def running(states: Sequence[State], moves: Sequence[str], turn: Turn) -> bool:
    """Whether `turn` (the game's last) goes on: its player still has their turn at the latest position."""
    latest = states[-1]
    if turn.last < len(moves) or latest.outcome is not None or not latest.actors:
        return False
    seat = latest.turn_of()
    return seat is not None and (seat, latest.setup_phase()) == _key(states[turn.last - 1], moves[turn.last - 1])


def words(before: State, move: str) -> str:
    """`move` in words (its notation, should a game's words fail: a bug), without a closing full stop."""
    try:
        return before.words(move).rstrip(".")
    except Exception:  # noqa: BLE001 - the log must show every move
        return move


def by_itself(before: State, move: str) -> bool:
    """Whether the page made `move` by itself (chance, or a game's automatic move)."""
    return before.actors == (CHANCE,) or (before.outcome is None and before.automatic_move() == move)


def name(states: Sequence[State], moves: Sequence[str], turn: Turn) -> str:
    """Who the entry is: the player whose turn it is (named as at its end: an IceToids seat has its
    colour once chosen), else what chance did ("Dice"), else the actor (the clock)."""
    if turn.seat is not None:
        return states[turn.last].actor_name(turn.seat)
    before, move = states[turn.first - 1], moves[turn.first - 1]
    actor = before.actor_of(move)
    return before.chance_name(move) if actor == CHANCE else before.actor_name(actor)


def colour(states: Sequence[State], moves: Sequence[str], turn: Turn) -> str:
    """The colour that marks the entry (chance by its own mark)."""
    if turn.seat is not None:
        return states[turn.last].actor_colour(turn.seat)
    before, move = states[turn.first - 1], moves[turn.first - 1]
    actor = before.actor_of(move)
    return "chance" if actor == CHANCE else before.actor_colour(actor)


def summary(states: Sequence[State], moves: Sequence[str], turn: Turn) -> str:
    """Everything the turn did, in one line built from each move's words, its player's name left out
    (the entry names them): "the d6 rolls 4; the Treehouse die shows Tip; tips the red small on a1
    north: …".  Moves the page made by itself to close a turn ("the turn passes") are left to the
    entry's list of actions.  Nobody's turn is said whole: a deal as the game sums it up ("Tiles
    dealt: Red 8, Blue 8"), chance under its name ("Dice: …"), the clock in its own words."""
    before = states[turn.first - 1]
    chance = turn.seat is None and all(states[ply - 1].actors == (CHANCE,) for ply in turn.plies)
    if chance:
        summed = before.phase_words(list(moves[turn.first - 1:turn.last]))
        if summed:
            return summed
    said = [ply for ply in turn.plies
            if states[ply - 1].actors == (CHANCE,) or not by_itself(states[ply - 1], moves[ply - 1])]
    parts = []
    for ply in said or turn.plies:
        state, move = states[ply - 1], moves[ply - 1]
        text = words(state, move)
        if state.actors == (CHANCE,):
            prefixes = [f"{state.chance_name(move)}: "] if chance or turn.seat is not None else []
        else:
            prefixes = [f"{state.actor_name(turn.seat)}: ", f"{state.actor_name(turn.seat)} "] if turn.seat else []
        for prefix in prefixes:
            if text.startswith(prefix) and len(text) > len(prefix):
                text = text[len(prefix):]
                break
        parts.append(text)
    joined = "; ".join(parts)
    return f"{name(states, moves, turn)}: {joined}" if chance else joined


def headline(states: Sequence[State], moves: Sequence[str], turn: Turn) -> str:
    """The turn as one sentence for the message line and the live region: "Blue's turn: …."; a turn of
    one move in that move's own words ("Black small f6 to g5.")."""
    if turn.seat is not None and turn.first == turn.last:
        return f"{words(states[turn.first - 1], moves[turn.first - 1])}."
    said = summary(states, moves, turn)
    if turn.seat is None:
        return f"{said}."
    who = name(states, moves, turn)
    if len(players_to_act(states[turn.first - 1])) > 1:  # no turns (Ice Towers): a run of one player's actions
        return f"{who}: {said}."
    return f"{who}'s turn: {said}."
