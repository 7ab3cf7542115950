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

from .core import CHANCE, State, players_to_act, possessive


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


def summary(states: Sequence[State], moves: Sequence[str], turn: Turn, plies: Sequence[int] | None = None) -> str:
    """Everything the turn did (or its `plies`), in one line built from each move's words, its player's name
    left out (the entry names them): "rolls 4 on the d6 and Tip on the Treehouse die; tips the red small on
    a1 north: …" (chance that came to the player as the game says it, `State.chance_words`).  Moves the page
    made by itself to close a turn ("the turn passes") are left to the entry's list of actions.  Nobody's
    turn is said whole: a deal as the game sums it up ("Tiles dealt: Red 8, Blue 8"), chance under its name
    ("Dice: …"), the clock in its own words."""
    before = states[turn.first - 1]
    chance = turn.seat is None and all(states[ply - 1].actors == (CHANCE,) for ply in turn.plies)
    if chance:
        summed = before.phase_words(list(moves[turn.first - 1:turn.last]))
        if summed:
            return summed
    span = turn.plies if plies is None else plies
    said = [ply for ply in span
            if states[ply - 1].actors == (CHANCE,) or not by_itself(states[ply - 1], moves[ply - 1])] or list(span)
    parts = []
    at = 0
    while at < len(said):
        ply = said[at]
        state, move = states[ply - 1], moves[ply - 1]
        if state.actors == (CHANCE,) and turn.seat is not None:
            run = at + 1  # the chance moves in a row (Ice-Turn's two dice)
            while run < len(said) and said[run] == said[run - 1] + 1 and states[said[run] - 1].actors == (CHANCE,):
                run += 1
            summed = state.chance_words([moves[p - 1] for p in said[at:run]])
            if summed:
                parts.append(summed)
                at = run
                continue
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
        at += 1
    joined = "; ".join(parts)
    return f"{name(states, moves, turn)}: {joined}" if chance else joined


def headline(states: Sequence[State], moves: Sequence[str], turn: Turn, plies: Sequence[int] | None = None,
             going_on: bool = False) -> str:
    """The turn as one sentence for the message line and the live region: "Blue's turn: …."; a turn of
    one move in that move's own words ("Black small f6 to g5.").  With `plies`, the end of a turn whose
    beginning was told before: "The rest of Black's turn: …." (moves of other players in their own words:
    "White plays the large fire: …").  `going_on`: a turn still being played, told so far ("Blue's turn so far:
    …")."""
    if plies is not None and plies[0] > turn.first:
        theirs = all(states[p - 1].actors == (CHANCE,) or by_itself(states[p - 1], moves[p - 1])
                     or states[p - 1].actor_of(moves[p - 1]) == turn.seat for p in plies)
        if not theirs:
            return " ".join(f"{words(states[p - 1], moves[p - 1])}." for p in plies
                            if states[p - 1].actors == (CHANCE,) or not by_itself(states[p - 1], moves[p - 1]))
        return f"The rest of {possessive(name(states, moves, turn))} turn: {summary(states, moves, turn, plies)}."
    if turn.seat is not None and turn.first == turn.last and not going_on:
        return f"{words(states[turn.first - 1], moves[turn.first - 1])}."
    said = summary(states, moves, turn)
    if turn.seat is None:
        return f"{said}."
    who = name(states, moves, turn)
    if len(players_to_act(states[turn.first - 1])) > 1:  # no turns (Ice Towers): a run of one player's actions
        return f"{who}: {said}."
    return f"{possessive(who)} turn{' so far' if going_on else ''}: {said}."


def latest_so_far(states: Sequence[State], moves: Sequence[str], turn: Turn, limit: int) -> str:
    """A turn still being played, told so far in at most `limit` characters where it can be: its latest actions,
    the earliest left out ("Blue's turn so far: …; tips the stack on a1 east: …").  Cut at its end, the message
    line kept saying the same words while the actions a watcher saw land on the board were the ones left out."""
    lead = f"{possessive(name(states, moves, turn))} turn so far: "
    plies = list(turn.plies)
    for start in range(len(plies)):
        told = f"{lead}{'…; ' if start else ''}{summary(states, moves, turn, plies[start:])}."
        if len(told) <= limit:
            return told
    return told


def said(states: Sequence[State], moves: Sequence[str], first: int) -> str:
    """The moves after ply `first` as sentences, each in its own words, for the message after a move and the
    live region; chance that opens another player's turn (the dice rolled for the next player) as that
    player's: "Red ends the turn. Blue rolls 2 on the d6 and Hop on the Treehouse die." """
    parts = []
    ply = first + 1
    while ply <= len(moves):
        before, move = states[ply - 1], moves[ply - 1]
        key = _key(before, move)
        actor = key[0]
        opens = actor is not None and (ply == 1 or _key(states[ply - 2], moves[ply - 2]) != key)
        if before.actors == (CHANCE,) and opens:
            last = ply  # the chance moves in a row that open the turn
            while last < len(moves) and states[last].actors == (CHANCE,) and _key(states[last], moves[last]) == key:
                last += 1
            summed = before.chance_words(list(moves[ply - 1:last]))
            if summed and actor is not None:
                parts.append(f"{states[last].actor_name(actor)} {summed}.")
                ply = last + 1
                continue
        parts.append(f"{words(before, move)}.")
        ply += 1
    return " ".join(parts)
