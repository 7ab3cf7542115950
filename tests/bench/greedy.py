"""A one-ply greedy player per game: a baseline for the strength bench that is not our search.

Each game's player looks one decision ahead with an obvious heuristic of its
own, written apart from `pyramids.ai` (which it must not share a blind spot
with): it takes a win on the spot, else the move whose position scores best
for it, ties broken at random.  `player(game_id)` is a callable
``(state, actor, rng) -> move or None`` (None: wait, in a game without turns).
"""

from __future__ import annotations

import random
from typing import Callable

from pyramids import ai
from pyramids.core import ACCEPT_DRAW, DECLINE_DRAW, State

Player = Callable[[State, str, random.Random], "str | None"]


def _manhattan(a: int, b: int, size: int) -> int:
    return abs(a % size - b % size) + abs(a // size - b // size)


def _ice_lady(state: State, actor: str) -> float:
    """Pips on the board, own minus the opponent's (a king 3, so promoting gains 2 or more)."""
    pips = {"S": 1, "M": 2, "K": 3}
    return sum((1 if cell[0] == actor else -1) * sum(pips[p] for p in cell[1])
               for cell in state.board if cell is not None)


def _scores(state: State, actor: str) -> float:
    """Ice Towers, Terrafex: own points minus the best of the others'."""
    scores = state.scores()
    return scores.get(actor, 0) - max((v for p, v in scores.items() if p != actor), default=0)


def _icetoids(state: State, actor: str) -> float:
    """Own targets held (each once: the win needs all three), then nearness to the free ones (face-down
    tiles while none is known)."""
    from pyramids.games.icetoids import SIZE
    colour = state.colours.get(actor)
    if colour is None or state.in_setup:
        return 0.0
    targets = state._target_cells(colour)
    hidden = [i for i, tile in enumerate(state.tiles) if tile is None]
    held = {t for t in targets if any(who == colour for who, _ in state.pieces[t])}
    aims = [t for t in targets if t not in held] or hidden
    score = 10.0 * len(held) - 5.0 * state.off_board[colour]
    for cell, here in enumerate(state.pieces):
        aiming = sum(who == colour for who, _ in here) - (cell in held)  # one piece holds a target, the rest aim on
        score -= aiming * min((_manhattan(cell, t, SIZE) for t in aims), default=0)
    return score


def _ice_turn_cost(state: State, seat) -> float:
    """Movement points a seat's pieces still need, roughly: pips per cell to the goal, one per turn."""
    from pyramids.games.ice_turn import LETTERS, SIZE, pips
    letter, goal = LETTERS[seat.colour], seat.goal
    cost = 0.0
    for cell, stack in enumerate(state.stacks):
        for piece in stack:
            if piece[0] != letter:
                continue
            if cell == goal:  # the nest wants its own pieces small to large upwards, others' anywhere
                below = stack[:stack.index(piece)]
                if any(p[0] == letter and p[1] > piece[1] for p in below):  # it must leave and come back
                    cost += 2 * (pips(piece) + 1)
                continue
            cost += pips(piece) * _manhattan(cell, goal, SIZE) + 1
    return cost


def _ice_turn(state: State, actor: str) -> float:
    """Own cost against the nearest other's."""
    mine = [s for s in state.seats if s.colour == actor][0]
    others = [_ice_turn_cost(state, s) for s in state.seats if s.colour != actor]
    return min(others) - _ice_turn_cost(state, mine)


HEURISTICS: dict[str, Callable[[State, str], float]] = {
    "ice-lady": _ice_lady,
    "ice-towers": _scores,
    "terrafex": _scores,
    "icetoids": _icetoids,
    "ice-turn": _ice_turn,
}
PHASE_ENDS = ("end-moves", "end-turn")  # Ice-Turn: moves that change nothing but the phase


def player(game_id: str) -> Player:
    heuristic = HEURISTICS[game_id]

    def play(state: State, actor: str, rng: random.Random) -> str | None:
        moves = ai.own_moves(state, actor)
        if ACCEPT_DRAW in moves:  # a draw offered: taken unless ahead
            return ACCEPT_DRAW if heuristic(state, actor) <= 0 else DECLINE_DRAW
        for move in moves:
            after = state.play(move)
            if after.outcome is not None and after.outcome.winners == (actor,):
                return move
        if game_id == "ice-turn" and "tip7" in moves and state.mp_total < 7:
            return "tip7"  # more points: obviously good
        now = heuristic(state, actor)
        scored = [(heuristic(state.play(m), actor) + rng.random() * 1e-6, m) for m in moves]
        value, best = max(scored)
        if game_id == "ice-turn" and value <= now:  # nothing gains: end the phase, keep the points
            return next((m for m in PHASE_ENDS if m in moves), best)
        if game_id == "ice-towers":
            return _ice_towers(state, actor, moves, value - now, best)
        return best

    return play


def _ice_towers(state: State, actor: str, moves: list[str], gain: float, best: str) -> str | None:
    """A gain is taken; with none, a piece held is replayed, else the player agrees to end (or, agreed, waits)."""
    if gain > 0 or actor in state.held:
        return best
    return f"{actor}:done" if f"{actor}:done" in moves else None
