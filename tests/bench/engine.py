"""Random playouts of any registered game, and the engine's speed on CPython."""

from __future__ import annotations

import random
import statistics
import time

from pyramids import games, record
from pyramids.core import CHANCE, State

PLAYOUT_CAP = 1000  # plies: a playout that has not ended by then stops (no-turn games may go on)


def random_move(state: State, rng: random.Random) -> str:
    """A chance move drawn with its probability, else any of the game's own moves, uniformly (never a draw
    offered or resignation, which would end a bench's game at once)."""
    if state.actors == (CHANCE,):
        outcomes = state.chance_outcomes()
        return rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
    return rng.choice(state.legal_plays())


def playout(game_id: str, plies: int, rng: random.Random) -> list[str]:
    """A random game of at least `plies` moves where the rules allow it.

    Moves are uniform, except that a move ending the game is avoided while another
    exists (a short game, e.g. Ice Towers, still reaches the length).  The game
    continues past `plies` until a player is to decide, so a link to it opens on
    a player's move, not on a die roll or an automatic move (Terrafex's turn end)
    the page would make itself.
    """
    state, moves = games.get(game_id).new(), []
    while state.outcome is None and (len(moves) < plies or state.actors == (CHANCE,)
                                     or state.automatic_move() is not None):
        move = (state.automatic_move() if len(moves) >= plies else None) or random_move(state, rng)
        after = state.play(move)
        if after.outcome is not None and len(moves) + 1 < plies and state.actors != (CHANCE,):
            for other in rng.sample(state.legal_plays(), len(state.legal_plays())):
                if (candidate := state.play(other)).outcome is None:
                    move, after = other, candidate
                    break
        state = after
        moves.append(move)
    return moves


TIMED_PLIES = {"ice-turn": (40, 160)}  # past Ice-Turn's deal and placing (32 plies), which no bot searches


def timed_plies(game_id: str) -> tuple[int, int]:
    """Where a bot's move is timed (`random.randrange`'s bounds): positions of the game a bot thinks in."""
    return TIMED_PLIES.get(game_id, (0, 40))


def link(game_id: str, moves) -> str:
    """The URL fragment (without '#') that opens `moves` of `game_id`."""
    return record.encode(record.Record(game_id, {}, tuple(moves)))


def speed(game_id: str, seconds: float, rng: random.Random) -> dict:
    """Random playouts per second, and the mean time of `legal_moves()` on a new state."""
    game = games.get(game_id)
    generation: list[float] = []
    plies: list[int] = []
    clock = time.perf_counter
    start = clock()
    while clock() - start < seconds or len(plies) < 3:
        state, n = game.new(), 0
        while n < PLAYOUT_CAP:
            t0 = clock()
            state.legal_moves()  # timed; the first question asked of this state, so nothing is cached
            generation.append(clock() - t0)
            if state.outcome is not None:
                break
            if state.actors == (CHANCE,):
                outcomes = state.chance_outcomes()
                move = rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                move = rng.choice(state.legal_plays())  # no draw offered, no resignation: whole playouts
            state = state.play(move)
            n += 1
        plies.append(n)
    elapsed = clock() - start
    return {
        "playouts": len(plies),
        "playouts_per_s": len(plies) / elapsed,
        "mean_plies": statistics.fmean(plies),
        "capped": sum(n >= PLAYOUT_CAP for n in plies),
        "legal_moves_us": statistics.fmean(generation) * 1e6,
        "plies_per_s": sum(plies) / elapsed,
    }


def replay_ms(game_id: str, moves, repeats: int = 5) -> float:
    """The best time to decode and replay a link of `moves` on CPython."""
    text = link(game_id, moves)
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        replayed = record.replay(record.decode(text))
        best = min(best, time.perf_counter() - t0)
        assert replayed.error is None, replayed.error
    return best * 1000
