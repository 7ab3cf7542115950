"""IceToids (Andrew Looney): explore 16 face-down tiles and occupy your three targets.

Rules: ``docs/rules/icetoids.md``, our reading of the original text (section
numbers and [A#] below refer to it).  The board is 4x4, cells ``a1``..``d4``, columns a-d
running west to east and rows 1-4 south to north; directions are N, E, S, W.

Actors are the seats ``p1``..``p4`` (``players`` option, 2-4, default 2) in join order,
from setup to the end; ``colours`` maps each seat to the colour it picked.  `CHANCE`
reveals tiles.  Each colour has three identical pieces; a piece is named by where it is
and its state: ``N``/``E``/``S``/``W`` when lying and pointing that way, ``U`` upright.

Move notation
-------------
Setup, seat by seat in order: first a colour, then a home tile on the edge [A5, A6]::

    p1:colour=red     p1 takes red (red, yellow, blue or green, unused)
    p1:home=a2        an edge tile that is not a corner; pieces wait beside its outer edge
    p1:home=a1S       a corner also names the outer edge its pieces wait beside (a1S or a1W)

Play, by the seat to move, with its own pieces only::

    off-a2            ENTER: a waiting piece moves onto its home tile
    b2.E-c2           MOVE one tile: the way the piece points, or along an arrow of its
                      tile (one string for both reasons when both apply)
    b2.E-c2!blue.U    ... pushing the blue upright piece out of c2 (``!colour.state``).
                      Only an entering piece or one pointing the way it moves may push [A10].
    b2.U>E            POINT the piece a new way (any of the four but its current one [A9])

A piece arriving on a face-down tile (moved or pushed) reveals it::

    reveal:b2=single  CHANCE draws the tile's type from the tiles not yet revealed, each
                      type with probability proportional to how many of it remain [A13]
    orient:b2=NE      the seat to move fixes the arrows (letters in N E S W order) [A11];
                      asked only when the type's orientations differ, so never for
                      targets or the four-way arrow

A face-down tile never holds a piece, so a push (which needs a piece on the destination)
never starts on a face-down tile: one action reveals at most one tile -- the destination,
or else the pushed piece's landing tile.  The win is checked once the action, reveal
included, is complete: the mover first, then the others in turn order (section 4).
Our rule, not the seed's (which has no draws): the third time the same position comes
about with the same seat to move, the game ends in a draw, so play cannot go on for ever.

Position notation
-----------------
Five fields, then the options that differ from their defaults (``players=3``) and
``seen=N`` once the position has come about N times::

    red@a2,blue@d1S [red]3/4/4/[straight=NS]3 [red.U]3/4/4/[blue.N,blue.N]3 p2 -
    ?,?,? 4/4/4/4 4/4/4/4 p1 - players=3

1. seats in order, comma-separated: ``?`` (nothing chosen), ``red`` (colour only),
   ``red@a2`` or ``red@a1S`` (colour and home, as in the home move);
2. tiles, rows 4 down to 1 separated by ``/``, west to east; a digit counts face-down
   tiles; ``[type]``, or ``[type=arrows]`` for a type with several orientations once it is
   turned (so ``[single]`` alone is a tile drawn and not yet turned);
3. pieces, rows as in 2; a digit counts empty cells, ``[colour.state,...]`` lists a cell;
4. the seat to act: choosing in setup, moving in play, or turning a revealed tile;
5. the cell being revealed (``-`` for none): face-down while CHANCE draws it, drawn but
   not yet turned while the seat orients it.

Waiting pieces are not written: each colour's pieces not on the board wait beside its
home tile, pointing into it.

Clickable locations (``path``) the board must expose as ``data-cell``
--------------------------------------------------------------------
``a1``..``d4`` the tiles; ``b2:red.E`` a piece (colour.state) on a tile; ``off:red`` the
red pieces waiting off the board; ``dir:N``/``dir:E``/``dir:S``/``dir:W`` the four ways
to point a selected piece; ``colour:red`` etc. the colour choices in setup.  Moves that
share a path (push or not and whom, the corner's edge, a tile's orientation) differ by
``label()``.

For the view, ``CELLS`` orders the per-cell tuples ``state.tiles`` (None face-down, else
(type, arrows)) and ``state.pieces`` ((colour, state), ...); ``colours``, ``homes``,
``off_board``, ``targets``, ``active`` and ``revealing`` give the rest; ``TILESET`` says
which type is whose target and its base arrows.
"""

from __future__ import annotations

import heapq
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Collection, NamedTuple

from ..core import (
    CHANCE, REPEATED, REPETITION_RULE, Computer, Evaluation, Game, counted, evolve, IllegalMoveError, InvalidMoveError,
    Option, Outcome, PositionError, State, options_text, parse_options_text, possessive, quote, repetition_count,
)
from ..grid import STEPS, join_row, split_row, square


class Home(NamedTuple):
    """A seat's home tile, and the outer edge its waiting pieces stand beside, pointing in."""

    cell: int
    edge: str  # N, E, S or W


class Tile(NamedTuple):
    """A tile turned face up: its type (a `TILESET` name) and its arrows as laid, in N E S W order; None
    until the player turns it (a type with one layout is laid as revealed)."""

    kind: str
    arrows: str | None


class TileType(NamedTuple):
    copies: int  # how many of it the set holds
    arrows: str  # in the base orientation, in N E S W order
    target: str | None  # the colour whose target this tile is


# ASSUMPTION (docs/rules/icetoids.md §1.2, [A2], [A3]): the seed does not list the tiles.  This
# proposed set -- 3 targets per colour, 4 arrow tiles -- is the only place the set lives;
# swap in the printed set here.  Type names are lowercase words (they appear in moves).
TILESET = {
    "red": TileType(3, "", "red"),
    "yellow": TileType(3, "", "yellow"),
    "blue": TileType(3, "", "blue"),
    "green": TileType(3, "", "green"),
    "single": TileType(1, "N", None),
    "straight": TileType(1, "NS", None),
    "corner": TileType(1, "NE", None),
    "fourway": TileType(1, "NESW", None),
}

COLOURS = ("red", "yellow", "blue", "green")
PIECES_PER_COLOUR = 3
SIZE = 4
DIRS = "NESW"
STATES = DIRS + "U"
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
DIRECTION_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}

CELLS = tuple(square(col, row) for row in range(SIZE) for col in range(SIZE))

# A piece on a tile: (colour, state), the state a direction it points (N, E, S, W) or "U" upright.
Piece = tuple[str, str]
# A move as the rules apply it: a plain tuple (the search builds the play moves in its hot loop), its kind
# first, then, by kind:
#   ("colour", seat, colour)                    ("home", seat, cell, edge)
#   ("reveal", cell, tile type)                 ("orient", cell, arrows)
#   ("point", cell or None (a waiting piece), its state or None, direction)
#   ("move", from cell or None (a waiting piece), its state or None, to cell, the Piece pushed or None)
# The kinds differ in length, so a reader takes the kind (`action[0]`) and then unpacks the rest by name.
Action = tuple[Any, ...]
INDEX = {name: i for i, name in enumerate(CELLS)}


def _neighbour(cell: int, d: str) -> int | None:
    col, row = cell % SIZE + STEPS[d][0], cell // SIZE + STEPS[d][1]
    return row * SIZE + col if 0 <= col < SIZE and 0 <= row < SIZE else None


NEXT = tuple({d: _neighbour(cell, d) for d in DIRS} for cell in range(SIZE * SIZE))
# The sides of each cell that face off the board: '' inside, one letter on an edge, two on a corner.
OUTER_EDGES = tuple("".join(d for d in DIRS if NEXT[cell][d] is None) for cell in range(SIZE * SIZE))


def _rotated(arrows: str, quarter_turns: int) -> str:
    turned = {DIRS[(DIRS.index(a) + quarter_turns) % 4] for a in arrows}
    return "".join(d for d in DIRS if d in turned)


# The distinct arrow layouts of each type over its four rotations (clockwise from the base).
ORIENTATIONS = {
    name: tuple(dict.fromkeys(_rotated(tile.arrows, k) for k in range(4)))
    for name, tile in TILESET.items()
}
TARGET_COUNT = {c: sum(t.copies for t in TILESET.values() if t.target == c) for c in COLOURS}
assert sum(t.copies for t in TILESET.values()) == SIZE * SIZE, "the tile set must fill the board"
assert all(TARGET_COUNT.values()), "every colour needs target tiles"


def _direction(src: int, dst: int) -> str | None:
    return next((d for d in DIRS if NEXT[src][d] == dst), None)


def _put(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


def _add(pieces: tuple, piece: tuple) -> tuple:
    return tuple(sorted(pieces + (piece,)))


def _remove(pieces: tuple, piece: tuple) -> tuple:
    i = pieces.index(piece)
    return pieces[:i] + pieces[i + 1:]


def _stance(state: str) -> str:
    return "upright" if state == "U" else f"pointing {state}"


def arrows_words(arrows: str) -> str:
    """How a tile's arrows read on a choice button: "Arrow N", "Arrows N and E"."""
    if len(arrows) == 1:
        return f"Arrow {arrows}"
    return f"Arrows {', '.join(arrows[:-1])} and {arrows[-1]}"


EDGE_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
GLYPH_NAMES = {"red": "ring", "yellow": "star", "blue": "diamond", "green": "cross"}  # the glyph on a target


def _stance_words(stance: str) -> str:
    return "upright" if stance == "U" else f"pointing {EDGE_NAMES.get(stance, stance)}"


def tile_title(tile: tuple | None) -> str:
    """A tile in words: "face down", "red target (ring)", "corner arrow tile, arrows N and E"."""
    if tile is None:
        return "face down"
    name, arrows = tile
    target = TILESET[name].target
    if target:
        return f"{target} target ({GLYPH_NAMES[target]})"
    return f"{name} arrow tile, " + (arrows_words(arrows).lower() if arrows else "not yet turned")


def _tile_words(name: str) -> str:
    target = TILESET[name].target
    return f"a {target} target" if target else f"the {name} arrow tile"


# -- move notation -------------------------------------------------------------

_COLOUR_RE = re.compile(r"p([1-9][0-9]*):colour=(\w+)")
_HOME_RE = re.compile(r"p([1-9][0-9]*):home=(\w\d+)([NESW]?)")
_TILE_RE = re.compile(r"(reveal|orient):(\w+)=(\w+)")
_MOVE_RE = re.compile(r"(?:off|(\w+)\.(\w))-(\w+)(?:!(\w+)\.(\w))?")
_POINT_RE = re.compile(r"(?:off|(\w+)\.(\w))>(\w)")
_EXAMPLES = "off-a2, b2.E-c2, b2.E-c2!blue.U, b2.U>E, p1:colour=red, p1:home=a1S, orient:b2=NE"


def _cell(name: str) -> int:
    if name not in INDEX:
        raise InvalidMoveError(f"{quote(name)} is not a tile of the 4x4 board (a1 to d4).")
    return INDEX[name]


def _letter(value: str, allowed: str, what: str) -> str:
    if value not in allowed:
        raise InvalidMoveError(f"{quote(value)} is not {what} (use one of {', '.join(allowed)}).")
    return value


def _colour(name: str) -> str:
    if name not in COLOURS:
        raise InvalidMoveError(f"{quote(name)} is not a colour (use {', '.join(COLOURS)}).")
    return name


def _parse_move(text: str) -> Action:
    """The action a move string spells, whether or not it is legal now."""
    if m := _COLOUR_RE.fullmatch(text):
        return ("colour", int(m[1]) - 1, _colour(m[2]))
    if m := _HOME_RE.fullmatch(text):
        cell, edge = _cell(m[2]), m[3]
        if len(OUTER_EDGES[cell]) == 1:
            if edge:
                raise InvalidMoveError(f"{m[2]} has one outer edge; write p{m[1]}:home={m[2]}.")
            edge = OUTER_EDGES[cell]
        return ("home", int(m[1]) - 1, cell, edge)
    if m := _TILE_RE.fullmatch(text):
        cell = _cell(m[2])
        if m[1] == "orient":
            if not set(m[3]) <= set(DIRS):
                raise InvalidMoveError(f"{quote(m[3])} is not a set of arrows (letters N, E, S, W).")
            return ("orient", cell, m[3])
        if m[3] not in TILESET:
            raise InvalidMoveError(f"{quote(m[3])} is not a tile type (types: {', '.join(TILESET)}).")
        return ("reveal", cell, m[3])
    if m := _MOVE_RE.fullmatch(text):
        src = None if m[1] is None else _cell(m[1])
        state = None if m[2] is None else _letter(m[2], STATES, "a piece state")
        push = None if m[4] is None else (_colour(m[4]), _letter(m[5], STATES, "a piece state"))
        return ("move", src, state, _cell(m[3]), push)
    if m := _POINT_RE.fullmatch(text):
        src = None if m[1] is None else _cell(m[1])
        state = None if m[2] is None else _letter(m[2], STATES, "a piece state")
        return ("point", src, state, _letter(m[3], DIRS, "a direction"))
    raise InvalidMoveError(f"{quote(text)} is not an IceToids move; moves look like {_EXAMPLES}.")


def _home_text(cell: int, edge: str) -> str:
    """A home tile, with the edge its pieces wait beside when it is a corner (a2, a1S)."""
    return f"{CELLS[cell]}{edge if len(OUTER_EDGES[cell]) > 1 else ''}"


def _move_text(src: int | None, state: str | None, dst: int, push: Piece | None) -> str:
    text = f"{'off' if src is None else f'{CELLS[src]}.{state}'}-{CELLS[dst]}"
    if push is None:
        return text
    colour, stance = push
    return f"{text}!{colour}.{stance}"


# -- the state -------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class IceToidsState(State):
    """A position; tuples are indexed by seat (0 = p1) or by cell (``CELLS`` order)."""

    game: "IceToids"
    options: dict
    seat_colours: tuple  # per seat: its colour, or None before it chooses
    seat_homes: tuple[Home | None, ...]  # per seat: its home, or None before it chooses
    tiles: tuple[Tile | None, ...]  # per cell: None while face-down
    pieces: tuple  # per cell: sorted tuple of (colour, state)
    turn: int  # the seat choosing (setup), moving, or turning a revealed tile
    pending: int | None = None  # the cell being revealed

    # -- read-only views for the board ------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(f"p{i + 1}" for i in range(len(self.seat_colours)))

    @property
    def active(self) -> str:
        """The seat to choose, move or turn a tile (CHANCE draws while `revealing` is face-down)."""
        return f"p{self.turn + 1}"

    @property
    def colours(self) -> dict[str, str | None]:
        return dict(zip(self.seats, self.seat_colours))

    def _home(self) -> Home:
        """The home of the seat to move, once play began (every seat chose one in the setup)."""
        home = self.seat_homes[self.turn]
        assert home is not None, "a seat chooses its home before play"
        return home

    @property
    def homes(self) -> dict[str, tuple[str, str] | None]:
        """Seat -> (home cell, the outer edge its waiting pieces stand beside, pointing in)."""
        return {s: h and (CELLS[h.cell], h.edge) for s, h in zip(self.seats, self.seat_homes)}

    @cached_property
    def off_board(self) -> dict[str, int]:
        """Colour -> how many of its pieces wait off the board."""
        waiting = {c: PIECES_PER_COLOUR for c in self.seat_colours if c}
        for here in self.pieces:
            for colour, _ in here:
                waiting[colour] -= 1
        return waiting

    @property
    def targets(self) -> dict[str, tuple[str, ...]]:
        """Colour -> the revealed tiles that are its targets."""
        return {c: tuple(CELLS[i] for i in self._target_cells(c)) for c in COLOURS}

    def _target_cells(self, colour: str) -> list[int]:
        return _targets_in(self.tiles, colour)

    @property
    def revealing(self) -> str | None:
        return None if self.pending is None else CELLS[self.pending]

    @property
    def in_setup(self) -> bool:
        return None in self.seat_homes

    # -- the protocol ------------------------------------------------------
    def _actors(self) -> tuple[str, ...]:
        if self.pending is not None and self.tiles[self.pending] is None:
            return (CHANCE,)
        return (self.active,)

    def _generate(self) -> dict[str, Action]:
        if self.in_setup:
            return self._setup_moves()
        if self.pending is not None:
            return self._reveal_moves(self.pending)
        return self._play_moves()

    def _setup_moves(self) -> dict[str, Action]:
        seat, name = self.turn, self.active
        if self.seat_colours[seat] is None:
            return {f"{name}:colour={c}": ("colour", seat, c) for c in COLOURS if c not in self.seat_colours}
        taken = {h.cell for h in self.seat_homes if h}
        return {
            f"{name}:home={_home_text(cell, edge)}": ("home", seat, cell, edge)
            for cell, edges in enumerate(OUTER_EDGES) if edges and cell not in taken
            for edge in edges
        }

    def face_down(self) -> dict[str, int]:
        """Type -> how many tiles of it are still face-down."""
        left = {name: tile.copies for name, tile in TILESET.items()}
        for tile in self.tiles:
            if tile:
                left[tile.kind] -= 1
        return left

    def _reveal_moves(self, cell: int) -> dict[str, Action]:
        tile = self.tiles[cell]
        if tile is None:
            return {
                f"reveal:{CELLS[cell]}={name}": ("reveal", cell, name)
                for name, left in self.face_down().items() if left
            }
        return {f"orient:{CELLS[cell]}={a}": ("orient", cell, a) for a in ORIENTATIONS[tile.kind]}

    def _play_moves(self) -> dict[str, Action]:
        colour = self.seat_colours[self.turn]
        moves: dict[str, Action] = {}
        if self.off_board[colour]:
            self._add_steps(moves, None, None, self._home().cell, can_push=True)
        for cell, here in enumerate(self.pieces):
            for state in dict.fromkeys(s for c, s in here if c == colour):
                tile = self.tiles[cell]
                assert tile is not None and tile.arrows is not None  # a piece's tile is turned (§3.3)
                ways = tile.arrows + state  # "U" is no direction: upright pieces follow arrows only
                for d in DIRS:
                    if d in ways and (to := NEXT[cell][d]) is not None:
                        self._add_steps(moves, cell, state, to, can_push=d == state)
                for d in DIRS:
                    if d != state:
                        moves[f"{CELLS[cell]}.{state}>{d}"] = ("point", cell, state, d)
        return moves

    def _add_steps(self, moves: dict[str, Action], src: int | None, state: str | None, dst: int,
                   can_push: bool) -> None:
        """The move onto `dst`, and when the mover may push, one per piece it could eject."""
        pushes = dict.fromkeys(self.pieces[dst]) if can_push else {}
        for push in (None, *pushes):
            moves[_move_text(src, state, dst, push)] = ("move", src, state, dst, push)

    def _apply(self, action: Action) -> "IceToidsState":
        kind = action[0]
        if kind == "colour":
            _, seat, chosen = action
            return evolve(self, seat_colours=_put(self.seat_colours, seat, chosen))
        if kind == "home":
            _, seat, cell, edge = action
            homes = _put(self.seat_homes, seat, Home(cell, edge))
            return evolve(self, seat_homes=homes, turn=(seat + 1) % len(homes))
        if kind == "reveal":
            _, cell, name = action
            layouts = ORIENTATIONS[name]
            if len(layouts) > 1:
                return evolve(self, tiles=_put(self.tiles, cell, Tile(name, None)))
            return self._end_turn(tiles=_put(self.tiles, cell, Tile(name, layouts[0])))
        if kind == "orient":
            _, cell, arrows = action
            tile = self.tiles[cell]
            assert tile is not None  # a tile is turned once revealed
            return self._end_turn(tiles=_put(self.tiles, cell, tile._replace(arrows=arrows)))
        colour = self.seat_colours[self.turn]
        if kind == "point":
            _, cell, state, d = action
            here = _add(_remove(self.pieces[cell], (colour, state)), (colour, d))
            return self._end_turn(pieces=_put(self.pieces, cell, here))
        _, src, state, dst, push = action
        pieces = list(self.pieces)
        if src is None:
            d = OPPOSITE[self._home().edge]
        else:
            d = _direction(src, dst)
            pieces[src] = _remove(pieces[src], (colour, state))
        landing = None
        if push is not None:
            pieces[dst] = _remove(pieces[dst], push)
            landing = NEXT[dst][d]  # None: off the board, back to its owner's supply
            if landing is not None:
                pushed, _ = push
                pieces[landing] = _add(pieces[landing], (pushed, "U"))
        pieces[dst] = _add(pieces[dst], (colour, "U"))
        reveal = next((c for c in (dst, landing) if c is not None and self.tiles[c] is None), None)
        if reveal is None:
            return self._end_turn(pieces=tuple(pieces))
        return evolve(self, pieces=tuple(pieces), pending=reveal)

    def forcing(self, move: str) -> int:
        """A push of another colour's piece (§3.2), IceToids' capture: tried first, and searched on past the
        horizon, so that a search does not stop just before a piece is pushed off its target."""
        action = self._moves().get(move)
        push = action[4] if action is not None and action[0] == "move" else None
        return int(push is not None and push[0] != self.seat_colours[self.turn])

    def repetition_key(self) -> tuple:
        """Setup choices and turned tiles can never be undone: they start a new era."""
        return (self.seat_colours, self.seat_homes, self.tiles), (self.pieces, self.turn, self.pending)

    def _end_turn(self, **changes) -> "IceToidsState":
        return evolve(self, pending=None, turn=(self.turn + 1) % len(self.seat_colours), **changes)

    def _holds_targets(self, colour: str) -> bool:
        cells = self._target_cells(colour)
        return len(cells) == TARGET_COUNT[colour] and all(
            any(c == colour for c, _ in self.pieces[i]) for i in cells
        )

    @cached_property
    def outcome(self) -> Outcome | None:
        """Checked once an action (reveal included) is complete: the mover first, then turn order."""
        if self.pending is not None or self.in_setup:
            return None
        if self.repetitions >= REPEATED:
            return Outcome((), REPETITION_RULE)
        n = len(self.seat_colours)
        mover = (self.turn - 1) % n
        for k in range(n):
            seat = (mover + k) % n
            colour = self.seat_colours[seat]
            if self._holds_targets(colour):
                how = f", after a push by {self._who(mover)}" if k else ""
                return Outcome((self.seats[seat],), f"{self._who(seat)} occupies every {colour} target{how}.")
        return None

    def tally(self) -> dict[str, int]:
        """How many of its three targets each seat holds (a revealed target of its colour with one of its
        pieces on it, section 4); nothing during setup."""
        if self.in_setup:
            return {}
        return {seat: sum(any(c == colour for c, _ in self.pieces[i]) for i in self._target_cells(colour))
                for seat, colour in zip(self.seats, self.seat_colours)}

    def tally_change(self, before, after) -> str:
        """ "Red (P1) holds 2 of 3 targets", for each seat whose count changes."""
        targets = {seat: TARGET_COUNT[colour] for seat, colour in self.colours.items() if colour is not None}
        return ", ".join(f"{self.actor_name(seat)} holds {after[seat]} of {targets[seat]} targets"
                         for seat, held in before.items() if after[seat] != held)

    def effect(self, move: str, after: "IceToidsState") -> str:
        """The targets held after the move, and the face-down tile it reveals (what it is, chance decides)."""
        said = [self.tally_change(self.tallied(), after.tallied())]
        if after.pending is not None and self.pending is None:
            said.append(f"reveals the tile at {CELLS[after.pending]}")
        return "; ".join(s for s in said if s)

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """Each remaining tile type, in proportion to how many of it are still face-down."""
        if self.actors != (CHANCE,):
            return []
        return self._draws(self.face_down())

    def _draws(self, left: dict[str, int]) -> list[tuple[str, float]]:
        total = sum(left.values())
        return [(move, left[name] / total) for move, (_, _, name) in self._moves().items() if left[name]]

    def chance_key(self) -> str | None:
        """The cell being revealed: a tile seen there stays that tile, whatever led to it (rules 3.3)."""
        return f"reveal:{CELLS[self.pending]}" if self.pending is not None and self.actors == (CHANCE,) else None

    def fresh_chance(self, kept) -> list[tuple[str, float]]:
        """A draw from the tiles not revealed and not kept for another face-down cell: the rest of a
        shuffle whose tiles seen so far stay where they were seen [A13]."""
        left = self.face_down()
        for key, move in kept.items():
            cell, _, name = move.partition(":")[2].partition("=")
            if key != self.chance_key() and cell in INDEX and self.tiles[INDEX[cell]] is None and left.get(name):
                left[name] -= 1
        return self._draws(left) or self.chance_outcomes()

    # -- what the computer judges a position by (pyramids.ai) ------------------------------
    def evaluation(self, level: str = "") -> Evaluation | None:
        """The race, in actions: the fewest each colour needs to put one piece on each of its targets, its
        pieces shared out between the revealed targets and the search for those still face down, the
        routes over the arrows known (`_routes`); the player to move half an action nearer.

        A target still face down is found on a tile turned over (§3.3): the way to a face-down tile, each
        piece looking for one to a tile of its own (`_shared_out`), and, on average, more tiles to turn over
        the more there are for the targets left to find, and farther to go from a home in a corner
        (`HOME_REACH`).  In the setup the same race with every piece waiting, a seat yet to choose its home
        counted at the best one left: the homes are what the setup decides.
        """
        routes, revealed, face_down, hunts = _known(self.tiles)
        if self.in_setup:  # no piece on the board, no tile turned: every target still to find (§4: three)
            taken = {h.cell for h in self.seat_homes if h}
            hoped = min((cell for cell in HOME_REACH if cell not in taken), key=HOME_REACH.__getitem__)
            return Evaluation(costs={seat: _race([], PIECES_PER_COLOUR, hoped if home is None else home.cell, [],
                                                 PIECES_PER_COLOUR, routes, face_down, hunts)
                                     for seat, home in zip(self.seats, self.seat_homes)})
        placed: dict[str, list] = {}
        for cell, here in enumerate(self.pieces):
            for colour, stance in here:
                placed.setdefault(colour, []).append((cell, stance))
        mover = self.turn if self.pending is None else (self.turn + 1) % len(self.seat_colours)
        costs = {}
        for seat, (colour, home) in enumerate(zip(self.seat_colours, self.seat_homes)):
            assert home is not None  # past the setup (above): every seat has its home
            targets = revealed[colour]
            costs[self.seats[seat]] = _race(placed.get(colour, []), self.off_board[colour], home.cell, targets,
                                            TARGET_COUNT[colour] - len(targets), routes, face_down, hunts
                                            ) - TEMPO * (seat == mover)
        return Evaluation(costs=costs)

    def search_key(self) -> tuple:
        return self.seat_colours, self.seat_homes, self.tiles, self.pieces, self.turn, self.pending

    # -- text --------------------------------------------------------------
    def to_text(self) -> str:
        seats = ",".join(_seat_text(c, h) for c, h in zip(self.seat_colours, self.seat_homes))
        tiles = _rows(self.tiles, _tile_text)
        pieces = _rows(self.pieces, lambda here: ",".join(f"{c}.{s}" for c, s in here) or None)
        pending = "-" if self.pending is None else CELLS[self.pending]
        return " ".join([seats, tiles, pieces, self.active, pending, *options_text(self.options, self.game),
                         *self.repetition_token()])

    # -- explanations and clicks -------------------------------------------
    def actor_colour(self, actor: str) -> str:
        seat = self.seats.index(actor) if actor in self.seats else None
        return actor if seat is None else (self.seat_colours[seat] or actor)

    def location_name(self, cell: str) -> str:
        """ "b2, face down", "c3, red target (ring); blue piece upright", "dir:N" as "point north"."""
        where, _, what = cell.partition(":")
        if where in INDEX and not what:
            here = self.pieces[INDEX[where]]
            pieces = "; ".join(f"{c} piece {_stance_words(s)}" for c, s in here)
            return f"{where}, {tile_title(self.tiles[INDEX[where]])}" + (f"; {pieces}" if pieces else "")
        if where in INDEX:
            colour, _, stance = what.partition(".")
            return f"{where}, {colour} piece {_stance_words(stance)}"
        if where == "dir":
            return f"point {EDGE_NAMES.get(what, what)}"
        if where == "turn" and what and self.pending is not None:
            return f"turn {CELLS[self.pending]}: {arrows_words(what)}"
        if where == "colour":
            owner = [s for s, c in self.colours.items() if c == what]
            return f"colour {what}" + (f", taken by {owner[0].upper()}" if owner else "")
        if where == "off":
            count = self.off_board.get(what, 0)
            home = next((CELLS[h.cell] for c, h in zip(self.seat_colours, self.seat_homes) if h and c == what), "")
            return f"{counted(count, what + ' piece')} waiting to enter {home}"
        return cell

    def actor_name(self, actor: str) -> str:
        """ "Red (P1)" once the seat has a colour, else "P1"."""
        seat = self.seats.index(actor) if actor in self.seats else None
        if seat is None or self.seat_colours[seat] is None:
            return actor.capitalize()
        return f"{self.seat_colours[seat].capitalize()} ({actor.upper()})"

    def _who(self, seat: int) -> str:
        """A seat named in a sentence as the page names it everywhere else."""
        return self.actor_name(self.seats[seat])

    def explain(self, move: str) -> IllegalMoveError | InvalidMoveError:
        try:
            action = _parse_move(move)
        except InvalidMoveError as err:
            return err
        reason = self._why_not(action)
        return IllegalMoveError(f"{move}: {reason}" if reason else f"{quote(move)} is not legal here.")

    def _why_not(self, action: Action) -> str | None:
        kind, who = action[0], self._who(self.turn)
        if kind in ("colour", "home"):
            return self._why_not_setup(action)
        if self.in_setup:
            choice = "a colour" if self.seat_colours[self.turn] is None else "a home tile"
            return f"the game has not started: {who} is choosing {choice}."
        if kind in ("reveal", "orient"):
            return self._why_not_tile(action)
        if self.pending is not None:
            cell = CELLS[self.pending]
            if self.tiles[self.pending] is None:
                return f"{cell} is being revealed first (a chance draw)."
            return f"{who} must first choose how {cell} is turned."
        colour = self.seat_colours[self.turn]
        if kind == "point":
            _, cell, state, d = action
            if cell is None:
                return "pieces waiting off the board always point at their home tile; they cannot be re-pointed."
            if (colour, state) not in self.pieces[cell]:
                return self._not_yours(cell, state)
            return f"that piece already points {d}; point it another way."
        return self._why_not_move(action)

    def _not_yours(self, cell: int, state: str) -> str:
        where = f"on {CELLS[cell]} {_stance(state)}"
        owners = [c for c, s in self.pieces[cell] if s == state]
        if owners:
            return f"the piece {where} is {owners[0]}'s; {self._who(self.turn)} moves now."
        return f"{self._who(self.turn)} has no piece {where}."

    def _why_not_setup(self, action: Action) -> str | None:
        if action[0] == "colour":
            _, seat, colour = action
            cell, edge = -1, ""
        else:
            _, seat, cell, edge = action
            colour = None
        n = len(self.seat_colours)
        if not self.in_setup:
            return "setup is over: every seat has its colour and home tile."
        if not 0 <= seat < n:
            return f"there is no seat p{seat + 1} in this {n}-player game."
        if seat != self.turn:
            return f"it is {possessive(self._who(self.turn))} turn to choose, not {possessive(self._who(seat))}."
        chosen = self.seat_colours[seat]
        if colour is not None:
            if chosen:
                return f"{self._who(seat)} has chosen {chosen}; now choose a home tile on the edge."
            return f"{colour} is taken by {self._who(self.seat_colours.index(colour))}."
        if chosen is None:
            return f"{self._who(seat)} chooses a colour first."
        name, edges = CELLS[cell], OUTER_EDGES[cell]
        unfit = self._unfit_home(cell)
        if unfit:
            return unfit
        if not edge:
            return f"{name} is a corner: name the edge your pieces wait beside, {name}{edges[0]} or {name}{edges[1]}."
        return f"{name}'s outer edges are {edges[0]} and {edges[1]}, not {edge}."

    def _unfit_home(self, cell: int) -> str | None:
        """Why `cell` cannot be the next home tile, whichever edge is named."""
        if not OUTER_EDGES[cell]:
            return f"{CELLS[cell]} is not on the edge of the board; a home tile must be."
        owner = next((s for s, h in enumerate(self.seat_homes) if h and h.cell == cell), None)
        if owner is not None:
            return f"{CELLS[cell]} is already p{owner + 1}'s home tile; each player needs a different one."
        return None

    def _why_not_tile(self, action: Action) -> str | None:
        kind, cell, value = action
        if self.pending is None:
            return "no tile is being revealed now."
        name, tile = CELLS[self.pending], self.tiles[self.pending]
        if cell != self.pending:
            return f"the tile being revealed is {name}, not {CELLS[cell]}."
        if kind == "reveal":
            if tile is not None:
                return f"{name} is revealed already ({tile.kind}); {self._who(self.turn)} turns it."
            return f"no face-down {value} tile is left."
        if tile is None:
            return f"{name} must be revealed (a chance draw) before it is turned."
        return f"{_tile_words(tile.kind)} can show arrows {' or '.join(ORIENTATIONS[tile.kind])}, not {value}."

    def _why_not_move(self, action: Action) -> str | None:
        _, src, state, dst, push = action
        colour = self.seat_colours[self.turn]
        home = self._home().cell
        if src is None:
            if not self.off_board[colour]:
                return f"no {colour} piece is waiting off the board."
            if dst != home:
                return f"waiting pieces enter only at their home tile, {CELLS[home]}."
            can_push = True
        else:
            if (colour, state) not in self.pieces[src]:
                return self._not_yours(src, state)
            d = _direction(src, dst)
            if d is None:
                return f"a piece moves one tile at a time, and {CELLS[dst]} is not next to {CELLS[src]}."
            tile = self.tiles[src]
            assert tile is not None and tile.arrows is not None  # a piece's tile is turned (§3.3)
            if d != state and d not in tile.arrows:
                if state == "U":
                    return (f"an upright piece moves only along an arrow of its tile, "
                            f"and {CELLS[src]} has no arrow pointing {d}.")
                return (f"the piece points {state}; it can go {d} only along an arrow, and {CELLS[src]} "
                        f"has none pointing {d} (point it {d} first).")
            can_push = d == state
        if push is None:
            return None
        if not can_push:
            return f"only a piece pointing the way it moves can push; this one is {_stance(state)}."
        if push not in self.pieces[dst]:
            pushed, stance = push
            return f"{CELLS[dst]} has no {pushed} piece {_stance(stance)} to push."
        return None

    def path(self, move: str) -> tuple[str, ...]:
        action = self._moves().get(move) or _parse_move(move)
        kind = action[0]
        if kind == "colour":
            _, _, colour = action
            return (f"colour:{colour}",)
        if kind == "home":
            _, _, cell, _ = action
            return (CELLS[cell],)
        if kind == "orient":  # its picture beside the board (`paths`: or the tile, then a choice)
            _, _, arrows = action
            return (f"turn:{arrows}",)
        if kind == "reveal":
            _, cell, _ = action
            return (CELLS[cell],)
        colour = self.seat_colours[self.turn]
        if kind == "move":
            _, src, state, dst, _ = action
            end = CELLS[dst]
        else:
            _, src, state, d = action
            end = f"dir:{d}"
        piece = f"off:{colour}" if src is None else f"{CELLS[src]}:{colour}.{state}"
        return (piece, end)

    def paths(self, move: str) -> tuple[tuple[str, ...], ...]:
        """A tile is turned by a click on the picture of its layout, or on the tile and then a choice.  A piece on
        the board is chosen by itself, or by its tile where it is the mover's only one there: a click on the tile
        under one's piece (the larger target, and the keys' stop) means the piece."""
        action = self._moves().get(move) or _parse_move(move)
        path = self.path(move)
        if action[0] == "orient":
            _, cell, _ = action
            return (path, (CELLS[cell],))
        if action[0] in ("move", "point") and action[1] is not None and len(self._own_pieces(action[1])) == 1:
            return (path, (CELLS[action[1]],) + path[1:])
        return (path,)

    def _own_pieces(self, cell: int) -> set[tuple[str, str]]:
        """The mover's pieces on tile `cell`, one per stance (two pointing the same way are one choice)."""
        colour = self.seat_colours[self.turn]
        return {piece for piece in self.pieces[cell] if piece[0] == colour}

    def label(self, move: str) -> str:
        action = self._moves().get(move) or _parse_move(move)
        kind = action[0]
        if kind == "colour":
            _, _, colour = action
            return colour
        if kind == "home":
            _, _, cell, edge = action
            if len(OUTER_EDGES[cell]) > 1:
                return f"home {CELLS[cell]}, waiting by the {DIRECTION_NAMES[edge]} edge"
            return f"home {CELLS[cell]}"
        if kind == "reveal":
            _, cell, name = action
            return f"{CELLS[cell]} is {_tile_words(name)}"
        if kind == "orient":
            _, _, arrows = action
            return arrows_words(arrows)
        if kind == "point":
            _, _, _, d = action
            return f"point {d}"
        _, src, state, dst, push = action
        if push is not None:
            pushed, stance = push
            return f"push {pushed} ({_stance(stance)})"
        could_push = src is None or _direction(src, dst) == state
        return "no push" if could_push and self.pieces[dst] else f"to {CELLS[dst]}"

    def describe(self, move: str) -> str:
        """ "P1 chooses red", "Red (P1) brings a waiting piece onto a2",
        "Red (P1) b2 to c2, pushing blue's piece (upright) to d2"."""
        action = self._moves().get(move) or _parse_move(move)
        kind = action[0]
        if kind == "reveal":
            _, cell, name = action
            return f"{self.chance_name(move)} at {CELLS[cell]}: {_tile_words(name)}"
        who = self.actor_name(self.actor_of(move))
        if kind == "colour":
            _, _, colour = action
            return f"{who} chooses {colour}"
        if kind == "home":
            return f"{who} takes {self.label(move)}"
        if kind == "orient":
            _, cell, arrows = action
            ways = [DIRECTION_NAMES[d] for d in arrows]
            words = ways[0] if len(ways) == 1 else ", ".join(ways[:-1]) + f" and {ways[-1]}"
            return f"{who} turns the tile at {CELLS[cell]}: {'arrows' if len(ways) > 1 else 'arrow'} {words}"
        if kind == "point":
            _, cell, _, d = action
            src = "the waiting piece" if cell is None else f"the piece on {CELLS[cell]}"
            return f"{who} points {src} {DIRECTION_NAMES[d]}"
        _, start, _, dst, push = action
        text = (f"{who} brings a waiting piece onto {CELLS[dst]}" if start is None
                else f"{who} {CELLS[start]} to {CELLS[dst]}")
        if push is not None:
            mover, (pushed, state) = self.seat_colours[self.turn], push
            stance = "upright" if state == "U" else f"pointing {DIRECTION_NAMES[state]}"
            whose = "its own" if pushed == mover else f"{pushed}'s"
            landing = NEXT[dst][OPPOSITE[self._home().edge] if start is None else _direction(start, dst)]
            to = "off the board, back among the waiting pieces" if landing is None else f"to {CELLS[landing]}"
            text += f", pushing {whose} piece ({stance}) {to}"
        return text

    def places(self) -> dict[str, tuple[str, Any]]:
        """Each tile (with its pieces and whose home it is), the pieces waiting off the board, each colour's seat."""
        homes = {h.cell: (c, h.edge) for c, h in zip(self.seat_colours, self.seat_homes) if h}
        tiles = {name: (name, (self.tiles[i], self.pieces[i], homes.get(i))) for i, name in enumerate(CELLS)}
        entered = tuple(sorted(colour for here in self.pieces for colour, _ in here))
        return tiles | {"waiting": ("waiting", entered)} | {
            f"colour:{c}": (c, c in self.seat_colours) for c in COLOURS}

    def chance_name(self, move: str) -> str:
        return "Tile drawn"

    def chance_words(self, moves: list[str]) -> str | None:
        """The tile a player's piece revealed, as theirs: "reveals the corner arrow tile at b1"."""
        if len(moves) != 1:
            return None
        action = _parse_move(moves[0])
        if action[0] != "reveal":
            return None
        _, cell, name = action
        return f"reveals {_tile_words(name)} at {CELLS[cell]}"

    def turn_of(self) -> str | None:
        """The player moving, also while the tile their piece came to is drawn (it is part of their turn)."""
        return self.active

    def setup_phase(self) -> str:
        return "setup" if self.in_setup else ""

    def owner(self, location: str) -> str | None:
        """The seat whose piece a clicked piece location is (``b2:red.E``, ``off:red``)."""
        found = re.fullmatch(r"(?:off|\w\d):(\w+)(?:\.\w)?", location)
        if found is None or found[1] not in self.seat_colours:
            return None
        return self.seats[self.seat_colours.index(found[1])]

    def guide_message(self, selection: tuple[str, ...], targets: tuple[str, ...]) -> str:
        """Name what is lit: tiles to go to, ways to point under the board, or both."""
        if not selection:
            return super().guide_message(selection, targets)
        moves = [t for t in targets if not t.startswith("dir:")]
        if not moves:
            return "This piece cannot move now; point it: choose a way under the board."
        if len(moves) < len(targets):
            return "Choose a lit tile to go to, or a way to point it under the board."
        return "Choose a lit tile to go to."

    def prompt(self, people: Collection[str] | None = None) -> str:
        """What the seat to act is asked to do where "P1 to move." would not say it: its colour and its home
        in the setup (§2.3), the way a tile it turned over is turned (§3.3)."""
        if self.outcome is not None:
            return ""
        who = self._who(self.turn)
        if self.in_setup:
            if self.seat_colours[self.turn] is None:
                return f"{who}: choose a colour."
            return f"{who}: choose a home tile on the edge of the board."
        if self.pending is not None and self.tiles[self.pending] is not None:
            return f"{who}: choose how {CELLS[self.pending]} is turned (the buttons under the board)."
        return super().prompt()

    def hint(self, selection: tuple[str, ...]) -> str:
        if not selection:
            return ""
        last = selection[-1]
        if self.pending is not None:
            cell = CELLS[self.pending]
            if self.tiles[self.pending] is None:
                return f"{cell} is being revealed."
            return self.prompt()
        if self.in_setup:
            if self.seat_colours[self.turn] is None:
                colour = last.removeprefix("colour:")
                if colour in self.seat_colours:
                    return f"{colour.capitalize()} is taken."
                return self.prompt()
            unfit = last in INDEX and self._unfit_home(INDEX[last])
            return unfit or self.prompt()
        colour = self.seat_colours[self.turn]
        if len(selection) == 1:
            owner = re.fullmatch(r"(?:off|\w\d):(\w+)(?:\.\w)?", last)
            if owner and owner[1] != colour:
                return f"That is {owner[1]}'s piece; {self._who(self.turn)} moves now."
            if last == f"off:{colour}":
                return f"No {colour} piece is waiting off the board."
            if last in INDEX and len(self._own_pieces(INDEX[last])) > 1:
                return f"Several of your ({colour}) pieces are on {last}: choose one of them."
            return f"Choose one of your ({colour}) pieces."
        return "That piece cannot go there: it moves one tile, the way it points or along an arrow of its tile."


# -- position text ----------------------------------------------------------------


def _seat_text(colour: str | None, home: Home | None) -> str:
    if home is None:
        return colour or "?"
    return f"{colour}@{_home_text(*home)}"


def _tile_text(tile: Tile | None) -> str | None:
    if tile is None:
        return None
    name, arrows = tile
    return name if arrows is None or len(ORIENTATIONS[name]) == 1 else f"{name}={arrows}"


def _rows(cells: tuple, token) -> str:
    return "/".join(
        join_row([token(c) for c in cells[row * SIZE:(row + 1) * SIZE]]) for row in reversed(range(SIZE))
    )


def _parse_rows(text: str, parse_token, what: str) -> tuple:
    rows = text.split("/")
    if len(rows) != SIZE:
        raise PositionError(f"The {what} field needs {SIZE} rows separated by '/'; got {len(rows)}.")
    cells: list = []
    for row in reversed(rows):
        cells.extend(None if t is None else parse_token(t) for t in split_row(row, SIZE))
    return tuple(cells)


def _parse_seat(text: str) -> tuple[str | None, Home | None]:
    if text == "?":
        return None, None
    m = re.fullmatch(r"(\w+?)(?:@(\w\d)([NESW]?))?", text)
    if not m or m[1] not in COLOURS:
        raise PositionError(f"Seat {quote(text)} is not '?', a colour, or colour@home (e.g. red@a1S).")
    if m[2] is None:
        return m[1], None
    cell = INDEX.get(m[2])
    edges = "" if cell is None else OUTER_EDGES[cell]
    edge = m[3] or (edges if len(edges) == 1 else "")
    if cell is None or not edge or edge not in edges or (m[3] and len(edges) == 1):
        raise PositionError(f"Seat {quote(text)}: a home is an edge tile (a corner adds its edge, e.g. a1S).")
    return m[1], Home(cell, edge)


def _parse_tile(token: str) -> Tile:
    name, sep, arrows = token.partition("=")
    if name not in TILESET:
        raise PositionError(f"Tile {quote(token)}: the tile types are {', '.join(TILESET)}.")
    layouts = ORIENTATIONS[name]
    if not sep:
        return Tile(name, layouts[0] if len(layouts) == 1 else None)
    if len(layouts) == 1 or arrows not in layouts:
        raise PositionError(f"Tile {quote(token)}: {name} shows {' or '.join(layouts)}.")
    return Tile(name, arrows)


def _parse_pieces(token: str) -> tuple:
    here = []
    for piece in token.split(","):
        colour, _, state = piece.partition(".")
        if colour not in COLOURS or len(state) != 1 or state not in STATES:
            raise PositionError(f"Piece {quote(piece)} is not colour.state (e.g. red.N, blue.U).")
        here.append((colour, state))
    return tuple(sorted(here))


def _check(state: IceToidsState) -> None:
    """Raise `PositionError` unless the position can arise in a game."""
    colours = [c for c in state.seat_colours if c]
    homes = [h.cell for h in state.seat_homes if h]
    if len(set(colours)) < len(colours) or len(set(homes)) < len(homes):
        raise PositionError("Two seats share a colour or a home tile.")
    if state.in_setup:
        chooser = state.seat_homes.index(None)
        later = state.seat_colours[chooser + 1:]
        if state.turn != chooser or any(later) or None in state.seat_colours[:chooser]:
            raise PositionError(f"Seats choose in order: p{chooser + 1} is choosing now.")
        if any(state.tiles) or any(state.pieces) or state.pending is not None:
            raise PositionError("Tiles and pieces stay untouched until every seat has chosen.")
        return
    for name, left in state.face_down().items():
        if left < 0:
            raise PositionError(f"Too many {name} tiles: the set has {TILESET[name].copies}.")
    if any(c not in colours for here in state.pieces for c, _ in here):
        raise PositionError("A piece belongs to a colour no seat plays.")
    for colour, waiting in state.off_board.items():
        if waiting < 0:
            raise PositionError(f"{colour} has more than {PIECES_PER_COLOUR} pieces on the board.")
    for cell, tile in enumerate(state.tiles):
        if cell != state.pending and ((tile is None and state.pieces[cell]) or (tile and tile.arrows is None)):
            raise PositionError(f"{CELLS[cell]} is face-down or not turned, but it is not being revealed.")
    if state.pending is not None:
        tile = state.tiles[state.pending]
        if not state.pieces[state.pending] or tile and tile.arrows is not None:
            raise PositionError(f"{CELLS[state.pending]} is being revealed, so it must hold the piece that "
                                "arrived and be face-down or not yet turned.")


class IceToids(Game):
    id = "icetoids"
    title = "IceToids"
    min_players = 2
    max_players = 4
    # Medium searches up to 2,400 positions (two fifths of its work) within its 0.5 s.  In the page, where
    # Pyodide is ~2.6 times slower than CPython here, its time ends the search at ~1,200-1,300, which is what the
    # strength bench searches at its x0.5; it beats route 74 % of 600 games there.  At a fifth (1,200, the bench
    # 600) it beat route 70 % (docs/performance-notebook.md, 2026-12-01).
    computer = Computer(search="minimax", work={"medium": 0.4})
    options = (
        Option("players", "Players", 2, (2, 3, 4), "How many play; each picks a colour and a home tile."),
    )

    def _initial(self, options: dict) -> IceToidsState:
        n = options["players"]
        cells = SIZE * SIZE
        return IceToidsState(self, options, (None,) * n, (None,) * n, (None,) * cells, ((),) * cells, 0)

    def _parse_position(self, text: str) -> IceToidsState:
        fields = text.split()
        if len(fields) < 5:
            raise PositionError(
                "An IceToids position has 5 fields (seats, tiles, pieces, seat to act, tile being "
                f"revealed) and then options; got {len(fields)}."
            )
        tokens, seen = repetition_count(fields[5:])
        options = parse_options_text(tokens, self)
        seats = [_parse_seat(s) for s in fields[0].split(",")]
        if len(seats) != options["players"]:
            raise PositionError(f"{len(seats)} seats listed for a {options['players']}-player game.")
        turn = re.fullmatch(r"p(\d)", fields[3])
        if not turn or not 1 <= int(turn[1]) <= len(seats):
            raise PositionError(f"{quote(fields[3])} is not a seat (p1 to p{len(seats)}).")
        if fields[4] != "-" and fields[4] not in INDEX:
            raise PositionError(f"{quote(fields[4])} is not a tile being revealed (a cell, or '-').")
        state = IceToidsState(
            self, options,
            tuple(c for c, _ in seats), tuple(h for _, h in seats),
            _parse_rows(fields[1], _parse_tile, "tiles"),
            tuple(here or () for here in _parse_rows(fields[2], _parse_pieces, "pieces")),
            int(turn[1]) - 1,
            None if fields[4] == "-" else INDEX[fields[4]],
        )
        _check(state)
        return state.with_repetitions(seen)


# -- the computer's evaluation (pyramids.ai searches with it) ----------------------------------------
SEARCH_REVEAL = 1.0  # actions per tile turned over while looking for a target still face down
TEMPO = 0.5  # actions: the player to move is that much nearer


_ROUTES: dict[tuple, tuple] = {}  # the arrows of every tile -> `_routes`
_KNOWN: dict[tuple, tuple] = {}  # the tiles -> `_known`


def _race(on_board: list, waiting: int, home: int, targets: list[int], hidden: int, routes: tuple,
          face_down: list[int], hunts: dict) -> float:
    """One colour's race (`IceToidsState.evaluation`): its pieces on the board as (cell, stance), `waiting`
    of them beside `home`, to its revealed `targets` and to face-down tiles for the `hidden` ones."""
    table: list[list[float]] = []  # per piece, its actions to each revealed target
    near: list[list[tuple[float, int]]] = []  # ... and to the face-down tiles nearest it, the cheapest first
    for cell, stance in on_board + [(None, None)] * waiting:
        entering = cell is None  # waiting beside its home tile: one action to enter, arriving upright
        if entering:
            cell, stance = home, "U"
        ahead = NEXT[cell][stance] if stance != "U" else None  # pointing at it: one action to step there
        here = routes[cell]
        if ahead is None:
            table.append([entering + here[t] for t in targets])
        else:
            there = routes[ahead]
            table.append([entering + min(here[t], 1 + there[t]) for t in targets])
        if hidden:
            hunt = hunts.get((cell, ahead))
            if hunt is None:
                hunt = hunts[cell, ahead] = _hunt(here, None if ahead is None else routes[ahead], face_down)
            near.append([(entering + actions, tile) for actions, tile in hunt])
    search = SEARCH_REVEAL * ((len(face_down) + 1) / (hidden + 1) - 1) + HOME_REACH[home] if hidden else 0.0
    return _shared_out(table, near, hidden) + hidden * search


def _targets_in(tiles: tuple, colour: str) -> list[int]:
    """The cells of `colour`'s targets revealed so far."""
    return [cell for cell, tile in enumerate(tiles) if tile and TILESET[tile.kind].target == colour]


def _known(tiles: tuple) -> tuple:
    """What the evaluation reads of the tiles as known, worked out once for each: the routes (`_routes`),
    each colour's revealed targets, the face-down cells, and a place for `_hunt`'s answers (by the cell a
    piece stands on and the cell it points at)."""
    found = _KNOWN.get(tiles)
    if found is None:
        if len(_KNOWN) > 4096:
            _KNOWN.clear()
        revealed = {colour: _targets_in(tiles, colour) for colour in COLOURS}
        face_down = [cell for cell, tile in enumerate(tiles) if tile is None]
        found = _KNOWN[tiles] = (_routes(tiles), revealed, face_down, {})
    return found


def _hunt(here: list[int], there: list[int] | None, face_down: list[int]) -> list[tuple[int, int]]:
    """The three face-down tiles nearest a piece, as (actions, cell), the cheapest first: from `here`'s
    routes, or, for a piece pointing at a tile, the cheaper of those and a step onto it (`there`, one more)."""
    found = [(here[c] if there is None else min(here[c], 1 + there[c]), c) for c in face_down]
    return sorted(found)[:PIECES_PER_COLOUR]


def _shared_out(table: list[list[float]], near: list[list[tuple[float, int]]], hidden: int) -> float:
    """The fewest actions in all to put the three pieces (rows) on the targets, one each (§4): each revealed
    target (`table`'s columns) takes a piece of its own, and each of the `hidden` targets still face down
    takes one of the other pieces to a face-down tile of its own (`near`, from `_hunt`): two pieces looking
    for targets do not both count on the same tile, which only one of them can turn over.  Written out for
    each count of hidden targets: the evaluation's inner loop."""
    if hidden == 0:
        a, b, c = table
        return min(a[0] + min(b[1] + c[2], b[2] + c[1]), a[1] + min(b[0] + c[2], b[2] + c[0]),
                   a[2] + min(b[0] + c[1], b[1] + c[0]))
    if hidden == 1:
        (a0, a1), (b0, b1), (c0, c1) = table
        return min(near[0][0][0] + min(b0 + c1, b1 + c0), near[1][0][0] + min(a0 + c1, a1 + c0),
                   near[2][0][0] + min(a0 + b1, a1 + b0))
    if hidden == 2:
        return min(table[k][0] + _apart(near[i], near[j]) for i, j, k in ((1, 2, 0), (0, 2, 1), (0, 1, 2)))
    return min(x + y + z for x, one in near[0] for y, two in near[1] if two != one
               for z, three in near[2] if three != one and three != two)


def _apart(first: list[tuple[float, int]], second: list[tuple[float, int]]) -> float:
    """Two pieces to two different face-down tiles, each from its nearest ones (`_hunt`), the cheapest way."""
    (a, here), (b, there) = first[0], second[0]
    return a + b if here != there else min(a + second[1][0], first[1][0] + b)


def _routes(tiles: tuple) -> tuple:
    """For each cell, the fewest actions from a piece upright on it to stand on each cell (§3.1): a step
    along an arrow of its tile is one action, any other step two (point, then move); the arrows are
    those of the tiles turned so far (a face-down tile has none that anyone knows)."""
    arrows = tuple((tile.arrows or "") if tile else "" for tile in tiles)
    found = _ROUTES.get(arrows)
    if found is None:
        if len(_ROUTES) > 4096:
            _ROUTES.clear()
        found = _ROUTES[arrows] = tuple(_from(start, arrows) for start in range(SIZE * SIZE))
    return found


def _from(start: int, arrows: tuple) -> list[int]:
    """`_routes` from one cell: Dijkstra's shortest paths over the 16 cells."""
    best = [99] * (SIZE * SIZE)
    best[start] = 0
    queue = [(0, start)]
    while queue:
        cost, cell = heapq.heappop(queue)
        if cost > best[cell]:
            continue
        for d in DIRS:
            there = NEXT[cell][d]
            if there is not None:
                step = cost + (1 if d in arrows[cell] else 2)
                if step < best[there]:
                    best[there] = step
                    heapq.heappush(queue, (step, there))
    return best


# For each cell a home may be (an outer one): how much farther, in actions (`_routes` on a board of face-down
# tiles: two a step), a tile anywhere lies from it on average than from the nearest homes, the middles of the
# edges.  A target still face down lies that much farther from a home in a corner (1.0 action).
_MEAN_WAY = {cell: sum(way) / len(way) for cell, way in enumerate(_routes((None,) * SIZE ** 2)) if OUTER_EDGES[cell]}
HOME_REACH = {cell: way - min(_MEAN_WAY.values()) for cell, way in _MEAN_WAY.items()}

GAME = IceToids()
