"""A second baseline for the strength bench: a one-ply player by route length, for the races (IceToids, Ice-Turn).

Written apart from `pyramids.ai` and from tests/bench/greedy.py, so that the
bench measures what an independent player sees: it looks one decision ahead
and plays the move after which its own pieces' routes to their targets are
shortest, counted in the game's own actions (IceToids: the actions of the
fewest route over the tiles as they are known, arrows included; Ice-Turn: the
movement points of the moves, turns and tips each piece still needs), less a
small weight on the best opponent's.  It takes a win on the spot, breaks ties
at random, and ends an Ice-Turn phase when nothing shortens its routes.
`player(game_id)` is a callable ``(state, actor, rng) -> move``.
"""

from __future__ import annotations

import heapq
import random
from itertools import permutations
from typing import Callable

from pyramids.core import CHANCE, State

Player = Callable[[State, str, random.Random], "str | None"]
THEIRS = 0.25  # the weight of the best opponent's route against one's own
WAYS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
SIZE = 4  # both races are played on 4x4 boards, a1 (index 0) to d4 (15)


def _next(cell: int, way: str) -> int | None:
    x, y = cell % SIZE + WAYS[way][0], cell // SIZE + WAYS[way][1]
    return y * SIZE + x if 0 <= x < SIZE and 0 <= y < SIZE else None


def _own_moves(state: State, actor: str) -> list[str]:
    return [m for m in state.legal_moves() if state.may_act(m, actor)]


# -- IceToids: the fewest actions over the tiles as known ----------------------------------------
def _icetoids_routes(state, start: int, stance: str) -> list[int]:
    """Actions from a piece on `start` (upright "U" or pointing a way) to stand on each cell: a move one
    tile the way it points or along an arrow of its tile (arriving upright), or a turn to point anew.
    A face-down tile has no arrows that anyone knows."""
    best: dict[tuple, int] = {(start, stance): 0}
    reach = [99] * SIZE * SIZE
    queue = [(0, start, stance)]
    while queue:
        cost, cell, faces = heapq.heappop(queue)
        if cost > best.get((cell, faces), 99):
            continue
        reach[cell] = min(reach[cell], cost)
        tile = state.tiles[cell]
        arrows = (tile[1] or "") if tile else ""
        steps = [(_next(cell, w), "U") for w in WAYS if w in arrows or w == faces]
        steps += [(cell, w) for w in WAYS if w != faces]
        for there, now in steps:
            if there is not None and cost + 1 < best.get((there, now), 99):
                best[there, now] = cost + 1
                heapq.heappush(queue, (cost + 1, there, now))
    return reach


def _icetoids_cost(state, seat: int) -> float:
    """The actions a seat still needs: its pieces shared out between its targets (those not yet seen: the
    nearest face-down tile, and two more actions to find one), the cheapest sharing."""
    colour = state.seat_colours[seat]
    home, _ = state.seat_homes[seat]
    seen = [i for i, tile in enumerate(state.tiles) if tile and tile[0] == colour]
    hidden = [i for i, tile in enumerate(state.tiles) if tile is None]
    routes = []
    for cell, here in enumerate(state.pieces):
        routes += [_icetoids_routes(state, cell, stance) for who, stance in here if who == colour]
    waiting = 3 - len(routes)
    if waiting:
        entered = _icetoids_routes(state, home, "U")
        routes += [[1 + r for r in entered]] * waiting
    aims = [(lambda r, t=t: r[t]) for t in seen]
    aims += [(lambda r: 2 + min((r[c] for c in hidden), default=99))] * (3 - len(seen))
    return min(sum(aim(r) for aim, r in zip(aims, order)) for order in permutations(routes))


def _icetoids(state, actor: str) -> float:
    if state.in_setup:
        return 0.0
    seats = list(state.seats)
    mine = _icetoids_cost(state, seats.index(actor))
    theirs = min(_icetoids_cost(state, i) for i in range(len(seats)) if seats[i] != actor)
    return -mine + THEIRS * theirs


# -- Ice-Turn: movement points still to pay --------------------------------------------------------
def _ice_turn_piece(state, cell: int, piece: str, goal: int) -> int:
    """Movement points to bring one piece from `cell` to `goal`: its pips per cell, a tip for a piece
    standing (alone or in a stack), a turn for each change of way it still needs."""
    pips = int(piece[1])
    dx, dy = goal % SIZE - cell % SIZE, goal // SIZE - cell // SIZE
    ways = {w for w, need in (("E", dx > 0), ("W", dx < 0), ("N", dy > 0), ("S", dy < 0)) if need}
    cost = pips * (abs(dx) + abs(dy))
    if not ways:
        return 0
    facing = state.facing[cell]
    if facing is None:  # standing: tipped one of the ways it needs
        return cost + 1 + (len(ways) > 1)
    return cost + (facing not in ways) + (len(ways) > 1)


def _ice_turn_cost(state, seat) -> float:
    letter = seat.colour[0]
    cost = 0
    for cell, stack in enumerate(state.stacks):
        for piece in stack:
            if piece[0] == letter and cell != seat.goal:
                cost += _ice_turn_piece(state, cell, piece, seat.goal)
    nest = [p for p in state.stacks[seat.goal] if p[0] == letter]
    for i, piece in enumerate(nest):  # one below a smaller of its own: out and back in (a tip, a step, a turn)
        if any(piece > other for other in nest[i + 1:]):
            cost += 2 * int(piece[1]) + 3
    return cost


def _ice_turn(state, actor: str) -> float:
    mine = next(s for s in state.seats if s.colour == actor)
    theirs = min(_ice_turn_cost(state, s) for s in state.seats if s.colour != actor)
    return -_ice_turn_cost(state, mine) + THEIRS * theirs


HEURISTICS = {"icetoids": _icetoids, "ice-turn": _ice_turn}
PHASE_ENDS = ("end-moves", "end-turn")


def player(game_id: str) -> Player:
    heuristic = HEURISTICS[game_id]

    def play(state: State, actor: str, rng: random.Random) -> str | None:
        moves = _own_moves(state, actor)
        for move in moves:
            after = state.play(move)
            if after.outcome is not None and after.outcome.winners == (actor,):
                return move
        if game_id == "icetoids" and state.in_setup:
            return _icetoids_setup(state, moves, rng)
        if game_id == "ice-turn" and "tip7" in moves and state.mp_total < 7:  # more points: plainly good
            return "tip7"
        now = heuristic(state, actor)
        scored = [(_settled(heuristic, state.play(m), actor, rng) + rng.random() * 1e-6, m) for m in moves]
        value, best = max(scored)
        if value <= now + 1e-5:  # nothing shortens the routes: end the phase where one may
            return next((m for m in PHASE_ENDS if m in moves), best)
        return best

    return play


def _settled(heuristic, state: State, actor: str, rng: random.Random) -> float:
    """The heuristic once chance has spoken (a tile drawn: its expectation over the tiles left)."""
    if state.actors != (CHANCE,):
        return heuristic(state, actor)
    return sum(p * heuristic(state.play(m), actor) for m, p in state.chance_outcomes())


def _icetoids_setup(state, moves: list[str], rng: random.Random) -> str:
    """A colour at random; a home in the middle of an edge (nearer, on average, to the tiles)."""
    homes = [m for m in moves if ":home=" in m]
    if not homes:
        return rng.choice(moves)
    middle = [m for m in homes if m.split("=")[1][0] in "bc" or m.split("=")[1][1] in "23"]
    return rng.choice(middle or homes)
