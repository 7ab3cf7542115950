"""Ice-Turn (Luci Bracegirdle): a dice race over a 4x4 board of arrow tiles, from your tree to a nest.

Rules: ``docs/rules/ice-turn.md``, our reading of the original text (section
numbers and [A#] below refer to it).  Cells ``a1``..``d4``: columns a-d west to east,
rows 1-4 south to north; directions N, E, S, W; nothing moves diagonally.

Actors are the seats' colours in turn order (``red``, ``blue``, ``green``, ``yellow``;
``players`` option 2-4), and `CHANCE` for the deal and the dice.  A piece is its
colour's letter and its pips: ``r1`` red's small, ``r2`` medium, ``r3`` large.

Move notation (every decision is one move)
------------------------------------------
Setup (section 2)::

    deal:red=single        CHANCE deals the next tile (to seats in turn; the type is drawn
                           from the undealt tiles, probability proportional to their count)
    place:b2=single:N      the seat to place puts a tile from its hand: single arrows N/E/S/W,
    place:b2=double:NS     double arrows NS/EW, the Q-Turner with no orientation [A2, A3]
    place:a1=qturner

The turn (section 3)::

    roll:4   face:aim      CHANCE rolls the d6, then the Treehouse die
    tip:a1E                tip the standing piece or stack on a1 east (1 MP)
    tip:a1N/a3@0,a4@2      ... a piece landing on an occupied cell goes in at that index
                           (0 = bottom), named for each such cell
    turn:b1N               turn your lying piece on b1 to point north (1 MP)
    move:b1  move:b1@2     move your lying piece on b1 one cell the way it points (its pips
                           in MP); @ gives the insertion index when the cell is occupied
    tip7  aim:b2+90  swap:b2-c2  hop:a1-a4  dig:b2-b4
                           the Treehouse action of the rolled face; ``wild:`` before any of
                           them when the face is Wild.  Aim rotates one tile per move
                           (clockwise, +90/+180/+270); the next ``aim:`` moves continue
                           the same Aim, a tile at most once, until another action.
    end-moves              end the movement phase
    react:c3W              reactionary turning: turn the lying piece on c3 to point west
    end-turn               end the turn (the page plays it when nothing can be turned)

Position notation
-----------------
Ten fields, then the options that differ from their defaults (``players=3``)::

    [sN]q[dEW][sW]/.../4 [r3r2r1]3/4/4/3[b3b2b1] ds,qs blue move 4 aim 1 - -

1. tiles, rows 4 down to 1 separated by ``/``, west to east: ``q`` the Q-Turner,
   ``sN`` a single arrow, ``dNS`` a double arrow; a digit counts empty cells (setup);
2. pieces, rows as in 1: ``r1E`` a lying piece and its direction, ``[r3r2r1]`` a
   standing piece or stack, bottom to top; a digit counts empty cells;
3. the hands in seat order, comma-separated: ``q``, ``d``, ``s`` per tile, ``-`` empty;
4. the seat to act (to place a tile, or whose turn it is);
5. the phase: ``deal``, ``place``, ``roll`` (dice to throw), ``move`` or ``react``;
6. the d6 (``-`` not rolled); 7. the Treehouse face (``-`` not rolled);
8. the MP spent this turn;
9. the Treehouse action used: ``-``, ``tip7``, ``aim``, ``swap``, ``hop``, ``dig``,
   or ``aim=b2,c3`` while an Aim goes on (the tiles rotated so far);
10. the pieces turned by reactionary turning this turn (``r1,b2``), ``-`` none.

Clickable locations (``path``) the view exposes as ``data-cell``
----------------------------------------------------------------
``a1``..``d4`` the cells (a piece or stack is clicked by its cell); ``tile:sN``,
``tile:dEW``, ``tile:q`` the tiles to place; ``tip:N`` .. ``turn:W`` the tip and turn
directions of the selected piece (reactionary turns too); ``aim:+90``, ``swap``,
``hop``, ``dig`` the Treehouse action on the selected cell, then a destination cell;
``tip7`` and ``end`` stand alone.  Moves that share a path (insertion indexes) differ
by ``label()``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any, Callable, Collection, NamedTuple

from ..core import (
    CHANCE, Computer, Evaluation, Game, counted, either, evolve, IllegalMoveError, InvalidMoveError, listing, Option,
    Outcome, PositionError, State, options_text, parse_options_text, quote,
)
from ..grid import STEPS, heading, join_row, split_row, square

SIZE = 4
DIRS = "NESW"
DIRECTION_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
UNFINISHABLE = ("then the Q-Turners still in hands could not all be placed, one per row and column "
                "(the layout could not be finished).")  # [A5], of a tile chosen for a cell
KEPT_FREE = ("it is kept free for the Q-Turners still in hands, one per row and column (with a tile there, the "
             "layout could not be finished).")  # [A5], of an empty cell no tile in hand may take
CELLS = tuple(square(col, row) for row in range(SIZE) for col in range(SIZE))

# A move as the rules apply it: a plain tuple (the search builds the move phase's actions in its hot loop), its
# kind first, then, by kind:
#   ("deal", tile type)             ("place", cell, tile type, arrows)    ("roll", number)    ("face", face)
#   ("end",)                        ("tip7",)                             ("react", cell, direction)
#   ("turn", cell, direction)       ("move", cell, insertion index or None when the cell ahead is empty)
#   ("tip", cell, direction, ((landing cell, insertion index), ...))     ("aim", cell, quarter turns)
#   ("swap", cell, other cell)      ("hop", cell, to cell)                ("dig", cell, to cell)
# The kinds differ in length, so a reader takes the kind (`action[0]`) and then unpacks the rest by name.
Action = tuple[Any, ...]
INDEX = {name: i for i, name in enumerate(CELLS)}


def _step(cell: int, d: str, k: int = 1) -> int | None:
    col, row = cell % SIZE + STEPS[d][0] * k, cell // SIZE + STEPS[d][1] * k
    return row * SIZE + col if 0 <= col < SIZE and 0 <= row < SIZE else None


def _onto(cell: int, d: str, k: int = 1) -> int:
    """`_step` on a legal move's path, which stays on the board."""
    there = _step(cell, d, k)
    assert there is not None, f"{CELLS[cell]} {k} towards {d} is off the board"
    return there


def _ray(cell: int, d: str) -> list[int]:
    """The cells from `cell` (excluded) to the edge of the board in direction `d`."""
    out, k = [], 1
    while (nxt := _step(cell, d, k)) is not None:
        out.append(nxt)
        k += 1
    return out


class Tile(NamedTuple):
    """A tile on the board: its kind (a `TILES` name) and its arrows, in N E S W order ("" for a Q-Turner)."""

    kind: str
    arrows: str


class TileKind(NamedTuple):
    letter: str  # in position text
    copies: int  # how many of it the set holds
    orientations: tuple[str, ...]  # arrow letters in N E S W order
    title: str


# ASSUMPTION [A1]: the seed does not give the tile counts.  Four Q-Turners fit "only one in
# each row or column" on a 4x4 board; the 6/6 split of the rest is ours.  Change it here.
TILES = {
    "qturner": TileKind("q", 4, ("",), "Q-Turner"),
    "double": TileKind("d", 6, ("NS", "EW"), "double arrow"),
    "single": TileKind("s", 6, tuple(DIRS), "single arrow"),
}
KIND_OF_LETTER = {kind.letter: name for name, kind in TILES.items()}
assert sum(kind.copies for kind in TILES.values()) == SIZE * SIZE, "the tiles must fill the board"


class Seat(NamedTuple):
    colour: str
    start: int
    goal: int


A1, A4, D1, D4 = INDEX["a1"], INDEX["a4"], INDEX["d1"], INDEX["d4"]
# Section 1 "Seats": clockwise from a1 [A7, A8]; the 2-player variant uses a1 and d4.
SEATS = {
    2: (Seat("red", A1, D4), Seat("blue", D4, A1)),
    3: (Seat("red", A1, D4), Seat("blue", A4, D1), Seat("green", D4, A1)),
    4: (Seat("red", A1, D4), Seat("blue", A4, D1), Seat("green", D4, A1), Seat("yellow", D1, A4)),
}
LETTERS = {"red": "r", "blue": "b", "green": "g", "yellow": "y"}
COLOUR_OF_LETTER = {letter: colour for colour, letter in LETTERS.items()}
SIZE_NAMES = {1: "small", 2: "medium", 3: "large"}

FACES = ("tip", "aim", "swap", "hop", "dig", "wild")
FACE_TEXT = {
    "tip": "Tip: Totally Increase Points to 7",
    "aim": "Aim: rotate as many tiles as you wish",
    "swap": "Swap: two adjacent tiles with their pieces",
    "hop": "Hop: a standing piece hops along a row or column",
    "dig": "Dig: a lying piece digs ahead and stands up",
    "wild": "Wild: any one of the other actions",
}
TREEHOUSE = ("tip7", "aim", "swap", "hop", "dig")  # what a Treehouse action is recorded as
ROTATIONS = {90: 1, 180: 2, 270: 3}
PHASES = ("deal", "place", "roll", "move", "react")
END_MOVES, END_TURN = "end-moves", "end-turn"


def turned(d: str, quarters: int) -> str:
    return DIRS[(DIRS.index(d) + quarters) % 4]


def rotate_arrows(arrows: str, quarters: int) -> str:
    """A tile's arrows turned clockwise by `quarters`, in N E S W order."""
    new = {turned(a, quarters) for a in arrows}
    return "".join(d for d in DIRS if d in new)


def owner(piece: str) -> str:
    return COLOUR_OF_LETTER[piece[0]]


def pips(piece: str) -> int:
    return PIPS[piece[1]]


PIPS = {"1": 1, "2": 2, "3": 3}  # a piece's size, by its name's digit (a table: the evaluation reads it often)


def piece_name(piece: str) -> str:
    return f"{owner(piece)} {SIZE_NAMES[pips(piece)]}"


def tile_code(tile: Tile) -> str:
    """``q``, ``sN``, ``dEW``: a tile in position text and in click locations."""
    return TILES[tile.kind].letter + tile.arrows


def tile_words(tile: Tile) -> str:
    kind, arrows = tile
    if kind == "qturner":
        return "Q-Turner"
    if kind == "double":
        return f"double arrow {arrows[0]}-{arrows[1]}"
    return f"single arrow {arrows}"


def slot_words(stack: tuple, index: int) -> str:
    """Where an insertion index puts a piece in `stack` (bottom to top)."""
    if index == 0:
        return "at the bottom"
    if index == len(stack):
        return "on top"
    return f"above the {piece_name(stack[index - 1])}"


def inserted(stack: tuple, index: int, piece: str) -> tuple:
    return stack[:index] + (piece,) + stack[index:]


def _put(items: tuple, index: int, value) -> tuple:
    return items[:index] + (value,) + items[index + 1:]


@cache  # a few hundred tiles and cells in all; each turn's reactionary turning asks for them again
def _targets_of(tile: Tile, cell: int) -> frozenset[int]:
    """The cells a tile makes turnable from `cell` [A3, A18]."""
    kind, arrows = tile
    if kind == "single":
        nxt = _step(cell, arrows)
        return frozenset() if nxt is None else frozenset((nxt,))
    axes = arrows if kind == "double" else DIRS
    return frozenset(c for d in axes for c in _ray(cell, d))


def _max_matching(rows: list[int], cols: list[int], empty: set[int]) -> int:
    """The most Q-Turners that fit on `empty` cells, one per free row and free column [A5]."""
    match: dict[int, int] = {}  # column -> row

    def augment(row: int, seen: set[int]) -> bool:
        for col in cols:
            if row * SIZE + col in empty and col not in seen:
                seen.add(col)
                if col not in match or augment(match[col], seen):
                    match[col] = row
                    return True
        return False

    return sum(augment(row, set()) for row in rows)


# -- move notation --------------------------------------------------------------

_CELL = r"[a-d][1-4]"
# Each kind of move by the word it starts with; compiled on first use (re's cache): fourteen patterns compiled
# as the module is imported took ~15 ms of the task that opens an Ice-Turn link in Pyodide.
_PATTERNS = {
    "deal": r"deal:(\w+)=(\w+)",
    "place": rf"place:({_CELL})=(\w+)(?::([NESW]+))?",
    "roll": r"roll:(\d)",
    "face": r"face:(\w+)",
    "tip": rf"tip:({_CELL})([NESW])(?:/((?:{_CELL}@\d+,)*{_CELL}@\d+))?",
    "turn": rf"turn:({_CELL})([NESW])",
    "move": rf"move:({_CELL})(?:@(\d+))?",
    "react": rf"react:({_CELL})([NESW])",
    "tip7": r"tip7",
    "aim": rf"aim:({_CELL})\+(90|180|270)",
    "swap": rf"swap:({_CELL})-({_CELL})",
    "hop": rf"hop:({_CELL})-({_CELL})",
    "dig": rf"dig:({_CELL})-({_CELL})",
    "end": r"end-(moves|turn)",
}
EXAMPLES = "place:b2=single:N, tip:a1E, turn:b1N, move:b1, aim:b2+90, hop:a1-a4, react:c3W, end-moves"


def parse_move(text: str) -> tuple[str, bool, re.Match]:
    """(kind, wild, match) for a move in Ice-Turn notation; InvalidMoveError otherwise."""
    wild = text.startswith("wild:")
    body = text[5:] if wild else text
    word = body.split(":", 1)[0]
    kind = "end" if word.startswith("end-") else word
    pattern = _PATTERNS.get(kind)
    if pattern is not None and (m := re.fullmatch(pattern, body)) and (kind in TREEHOUSE or not wild):
        return kind, wild, m
    raise InvalidMoveError(f"{quote(text)} is not an Ice-Turn move; moves look like {EXAMPLES}.")


# -- the state --------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class IceTurnState(State):
    """A position; per-cell tuples follow ``CELLS`` order, per-seat tuples turn order."""

    game: "IceTurn"
    options: dict
    tiles: tuple[Tile | None, ...]  # per cell: None until a tile is placed there (the setup)
    stacks: tuple  # per cell: pieces bottom to top
    facing: tuple  # per cell: the direction of its lone lying piece, else None
    hands: tuple  # per seat: sorted tile kinds
    turn: int  # the seat placing, or whose turn it is
    phase: str
    roll: int | None = None
    face: str | None = None
    spent: int = 0
    used: str | None = None  # the Treehouse action taken this turn (TREEHOUSE)
    aimed: tuple = ()  # tiles rotated so far by an Aim still going on
    reacted: tuple = ()  # pieces turned by reactionary turning this turn

    # -- read-only views ------------------------------------------------------
    @property
    def seats(self) -> tuple[Seat, ...]:
        return SEATS[self.options["players"]]

    @property
    def active(self) -> str:
        return self.seats[self.turn].colour

    @property
    def mp_total(self) -> int:
        return 7 if self.used == "tip7" else (self.roll or 0)

    @property
    def mp_left(self) -> int:
        return self.mp_total - self.spent

    @property
    def aiming(self) -> bool:
        return bool(self.aimed)

    @property
    def treehouse(self) -> str:
        """The Treehouse die's face, read once it is rolled (the movement phase on): "" before."""
        return self.face or ""

    def lying(self, cell: int) -> bool:
        return self.facing[cell] is not None

    def undealt(self) -> dict[str, int]:
        left = {name: kind.copies for name, kind in TILES.items()}
        for hand in self.hands:
            for name in hand:
                left[name] -= 1
        for tile in self.tiles:
            if tile:
                left[tile.kind] -= 1
        return left

    @cached_property
    def turnable(self) -> tuple[int, ...]:
        """Cells whose lying piece reactionary turning may turn now (section 3.4)."""
        colour = self.active
        reach: set[int] = set()
        for cell, stack in enumerate(self.stacks):
            if self.lying(cell) and owner(stack[0]) == colour:
                reach |= _targets_of(self._laid(cell), cell)
        return tuple(sorted(c for c in reach if self.lying(c) and self.stacks[c][0] not in self.reacted))

    # -- the protocol ------------------------------------------------------------
    def _actors(self) -> tuple[str, ...]:
        return (CHANCE,) if self.phase in ("deal", "roll") else (self.active,)

    def _generate(self) -> dict[str, Action]:
        return _MOVES_IN_PHASE[self.phase](self)

    def _deal_moves(self) -> dict[str, Action]:
        colour = self.seats[sum(map(len, self.hands)) % len(self.seats)].colour
        return {f"deal:{colour}={name}": ("deal", name) for name, left in self.undealt().items() if left}

    def _place_moves(self) -> dict[str, Action]:
        moves = {}
        for name in dict.fromkeys(self.hands[self.turn]):
            for arrows in TILES[name].orientations:
                for cell in range(SIZE * SIZE):
                    if self._unfit_place(cell, name, arrows) is None:
                        moves[_place_text(cell, name, arrows)] = ("place", cell, name, arrows)
        return moves

    def _roll_moves(self) -> dict[str, Action]:
        if self.roll is None:
            return {f"roll:{n}": ("roll", n) for n in range(1, 7)}
        return {f"face:{f}": ("face", f) for f in FACES}

    def _react_moves(self) -> dict[str, Action]:
        moves: dict[str, Action] = {f"react:{CELLS[c]}{d}": ("react", c, d)
                 for c in self.turnable for d in DIRS if d != self.facing[c]}
        moves[END_TURN] = ("end",)
        return moves

    def _move_moves(self) -> dict[str, Action]:
        moves: dict[str, Action] = {}
        self._mp_moves(moves)  # an MP action also ends an Aim going on
        if self.aiming or self.used is None:
            for text, action in self._treehouse_moves().items():
                moves[text] = action
        moves[END_MOVES] = ("end",)
        return moves

    def _mp_moves(self, moves: dict[str, Action]) -> None:
        colour, left = self.active, self.mp_left
        if left < 1:
            return
        for cell, stack in enumerate(self.stacks):
            if not stack:
                continue
            if not self.lying(cell):
                if any(owner(p) == colour for p in stack):
                    for d in DIRS:
                        for text, action in self._tips(cell, d).items():
                            moves[text] = action
                continue
            if owner(stack[0]) != colour:
                continue
            for d in DIRS:
                if d != self.facing[cell]:
                    moves[f"turn:{CELLS[cell]}{d}"] = ("turn", cell, d)
            dest = _step(cell, self.facing[cell])
            if dest is not None and pips(stack[0]) <= left:
                there = self.stacks[dest]
                if not there:
                    moves[f"move:{CELLS[cell]}"] = ("move", cell, None)
                for i in range(len(there) + 1) if there else ():
                    moves[f"move:{CELLS[cell]}@{i}"] = ("move", cell, i)

    def _tips(self, cell: int, d: str) -> dict[str, Action]:
        """Every way to tip the stack on `cell` towards `d`: one per choice of insertion indexes."""
        stack = self.stacks[cell]
        landings = [n for i in range(1, len(stack)) if (n := _step(cell, d, i)) is not None]
        if len(landings) < len(stack) - 1:  # a piece would land off the board
            return {}
        options: list[tuple] = [()]
        for landing in landings:
            if self.stacks[landing]:
                options = [o + ((landing, i),) for o in options for i in range(len(self.stacks[landing]) + 1)]
        return {_tip_text(cell, d, o): ("tip", cell, d, o) for o in options}

    def _treehouse_moves(self) -> dict[str, Action]:
        """The Treehouse actions of the rolled face (all five for Wild); only Aim continues."""
        moves: dict[str, Action] = {}
        if self.aiming:
            self._aims(moves, "")
            return moves
        prefix = "wild:" if self.face == "wild" else ""
        faces = TREEHOUSE if self.face == "wild" else ("tip7" if self.face == "tip" else self.treehouse,)
        for face in faces:
            if face == "tip7":
                moves[prefix + "tip7"] = ("tip7",)
            else:
                _FACE_MOVES[face](self, moves, prefix)
        return moves

    def _aims(self, moves: dict[str, Action], prefix: str) -> None:
        for cell, tile in enumerate(self.tiles):
            if cell in self.aimed or tile is None:  # every cell holds a tile once the setup is over
                continue
            for degrees, q in ROTATIONS.items():
                if rotate_arrows(tile.arrows, q) != tile.arrows or self.lying(cell):  # it changes something
                    moves[f"{prefix}aim:{CELLS[cell]}+{degrees}"] = ("aim", cell, q)

    def _swaps(self, moves: dict[str, Action], prefix: str) -> None:
        for a in range(SIZE * SIZE):
            for d in "NE":
                b = _step(a, d)
                if b is None:
                    continue
                if self.tiles[a] == self.tiles[b] and not self.stacks[a] and not self.stacks[b]:
                    continue  # swapping two equal empty tiles changes nothing
                lo, hi = sorted((a, b))
                moves[f"{prefix}swap:{CELLS[lo]}-{CELLS[hi]}"] = ("swap", lo, hi)

    def _hops(self, moves: dict[str, Action], prefix: str) -> None:
        for cell, stack in enumerate(self.stacks):
            if stack and not self.lying(cell) and owner(stack[-1]) == self.active:
                for d in DIRS:
                    for dest in _ray(cell, d):
                        moves[f"{prefix}hop:{CELLS[cell]}-{CELLS[dest]}"] = ("hop", cell, dest)

    def _digs(self, moves: dict[str, Action], prefix: str) -> None:
        for cell, stack in enumerate(self.stacks):
            if self.lying(cell) and owner(stack[0]) == self.active:
                for dest in _ray(cell, self.facing[cell]):
                    moves[f"{prefix}dig:{CELLS[cell]}-{CELLS[dest]}"] = ("dig", cell, dest)

    # -- setup checks -----------------------------------------------------------
    def _unfit_place(self, cell: int, name: str, arrows: str) -> str | None:
        """Why placing this tile here breaks a setup rule (section 2.2), or None."""
        where = CELLS[cell]
        if self.tiles[cell] is not None:
            return f"{where} already holds a tile."
        if name == "single" and _step(cell, arrows) is None:
            return f"a single arrow on {where} pointing {DIRECTION_NAMES[arrows]} would point off the board."
        if name == "qturner":
            for other, tile in enumerate(self.tiles):
                if tile and tile.kind == "qturner" and (other % SIZE == cell % SIZE or other // SIZE == cell // SIZE):
                    line = "row" if other // SIZE == cell // SIZE else "column"
                    return f"{CELLS[other]} already holds a Q-Turner in the same {line}; only one per row and column."
        if not self._completable_after(cell, name == "qturner"):
            return UNFINISHABLE
        return None

    def _completable_after(self, cell: int, qturner: bool) -> bool:
        """[A5] once a tile fills `cell`; the same for every arrow tile, so it is worked out once per cell."""
        cache = self.__dict__.setdefault("_fit_cache", {})
        key = (cell, qturner)
        if key not in cache:
            tiles = _put(self.tiles, cell, Tile("qturner", "") if qturner else Tile("single", "N"))
            waiting = sum(hand.count("qturner") for hand in self.hands) - qturner
            cache[key] = _completable(tiles, waiting)
        return cache[key]

    # -- applying moves ----------------------------------------------------------
    def _apply(self, action: Action) -> "IceTurnState":
        kind = action[0]
        if kind == "deal":
            _, dealt = action
            seat = sum(map(len, self.hands)) % len(self.seats)
            hands = _put(self.hands, seat, tuple(sorted(self.hands[seat] + (dealt,))))
            done = sum(map(len, hands)) == SIZE * SIZE
            return evolve(self, hands=hands, phase="place" if done else "deal")
        if kind == "place":
            _, cell, name, arrows = action
            hands = _put(self.hands, self.turn, _without(self.hands[self.turn], name))
            tiles = _put(self.tiles, cell, Tile(name, arrows))
            if None not in tiles:
                return evolve(self, tiles=tiles, hands=hands, turn=0, phase="roll")
            turn = self.turn
            while True:
                turn = (turn + 1) % len(self.seats)
                if hands[turn]:
                    return evolve(self, tiles=tiles, hands=hands, turn=turn)
        if kind == "roll":
            _, number = action
            return evolve(self, roll=number)
        if kind == "face":
            _, face = action
            return evolve(self, face=face, phase="move")
        if kind == "end":
            if self.phase == "move":
                return evolve(self, phase="react", aimed=())
            return evolve(self, phase="roll", turn=(self.turn + 1) % len(self.seats), roll=None, face=None,
                          spent=0, used=None, aimed=(), reacted=())
        if kind == "react":
            _, cell, d = action
            return evolve(self, facing=_put(self.facing, cell, d), reacted=self.reacted + (self.stacks[cell][0],))
        return _APPLY[kind](self, *action[1:])

    def _cells(self, changes: dict[int, tuple]) -> tuple[tuple, tuple]:
        """Stacks and facings with `changes` ({cell: (stack, facing)}) applied."""
        stacks, facing = list(self.stacks), list(self.facing)
        for cell, (stack, d) in changes.items():
            stacks[cell], facing[cell] = stack, d
        return tuple(stacks), tuple(facing)

    def _mp(self, cost: int, changes: dict[int, tuple]) -> "IceTurnState":
        stacks, facing = self._cells(changes)
        return evolve(self, stacks=stacks, facing=facing, spent=self.spent + cost, aimed=())

    def _treehouse(self, used: str, changes: dict[int, tuple], **more) -> "IceTurnState":
        stacks, facing = self._cells(changes)
        return evolve(self, stacks=stacks, facing=facing, used=used, **{"aimed": (), **more})

    def _do_tip(self, cell: int, d: str, inserts: tuple) -> "IceTurnState":
        stack = self.stacks[cell]
        at = dict(inserts)
        changes: dict[int, tuple] = {cell: ((stack[0],), d)}
        for i, piece in enumerate(stack[1:], 1):
            landing = _onto(cell, d, i)
            there = self.stacks[landing]
            changes[landing] = (inserted(there, at[landing], piece), None) if there else ((piece,), d)
        return self._mp(1, changes)

    def _do_turn(self, cell: int, d: str) -> "IceTurnState":
        return self._mp(1, {cell: (self.stacks[cell], d)})

    def _do_move(self, cell: int, index: int | None) -> "IceTurnState":
        piece, d = self.stacks[cell][0], self.facing[cell]
        dest = _onto(cell, d)
        arrived = ((piece,), d) if index is None else (inserted(self.stacks[dest], index, piece), None)
        return self._mp(pips(piece), {cell: ((), None), dest: arrived})

    def _do_tip7(self) -> "IceTurnState":
        return self._treehouse("tip7", {})

    def _laid(self, cell: int) -> Tile:
        """The tile on `cell`, once the setup is over (every cell holds one)."""
        tile = self.tiles[cell]
        assert tile is not None, "the setup fills every cell"
        return tile

    def _do_aim(self, cell: int, q: int) -> "IceTurnState":
        kind, arrows = self._laid(cell)
        d = self.facing[cell]
        state = self._treehouse("aim", {cell: (self.stacks[cell], d and turned(d, q))},
                                aimed=self.aimed + (cell,))
        return evolve(state, tiles=_put(self.tiles, cell, Tile(kind, rotate_arrows(arrows, q))))

    def _do_swap(self, a: int, b: int) -> "IceTurnState":
        state = self._treehouse("swap", {a: (self.stacks[b], self.facing[b]), b: (self.stacks[a], self.facing[a])})
        tiles = _put(_put(self.tiles, a, self.tiles[b]), b, self.tiles[a])
        return evolve(state, tiles=tiles)

    def _do_hop(self, cell: int, dest: int) -> "IceTurnState":
        stack = self.stacks[cell]
        return self._treehouse("hop", {cell: (stack[:-1], None), dest: (self.stacks[dest] + stack[-1:], None)})

    def _do_dig(self, cell: int, dest: int) -> "IceTurnState":
        return self._treehouse("dig", {cell: ((), None), dest: (self.stacks[cell] + self.stacks[dest], None)})

    # -- the end -------------------------------------------------------------------
    def nests(self, seat: Seat) -> bool:
        """Section 4 [A9]: the goal corner holds all three of the seat's pieces, small below medium below large."""
        letter = LETTERS[seat.colour]
        own = [p for p in self.stacks[seat.goal] if p[0] == letter]
        return own == [f"{letter}1", f"{letter}2", f"{letter}3"]

    @cached_property
    def outcome(self) -> Outcome | None:
        """Checked after every action: the active player first, then turn order [A29]."""
        if self.phase in ("deal", "place"):
            return None
        n = len(self.seats)
        for k in range(n):
            seat = self.seats[(self.turn + k) % n]
            if len(self.stacks[seat.goal]) >= 3 and self.nests(seat):
                return Outcome((seat.colour,), f"{seat.colour.capitalize()} built the nest on {CELLS[seat.goal]}.")
        return None

    def tally(self) -> dict[str, int]:
        """The race: how many cells each seat's pieces still are from its goal corner, added up (0 once all
        three are there; the nest's order aside).  Nothing while the tiles are dealt and placed."""
        if self.phase in ("deal", "place"):
            return {}
        return {seat.colour: sum(_distance(cell, seat.goal) for cell, stack in enumerate(self.stacks)
                                 for piece in stack if owner(piece) == seat.colour) for seat in self.seats}

    def tally_change(self, before, after) -> str:
        """ "Red 1 cell nearer the nest (5 to go)", for each seat whose pieces come nearer or go farther."""
        words = []
        for colour, cells in before.items():
            change = cells - after[colour]
            if change:
                way = "nearer the nest" if change > 0 else "farther from the nest"
                words.append(f"{self.actor_name(colour)} {counted(abs(change), 'cell')} "
                             f"{way} ({after[colour]} to go)")
        return ", ".join(words)

    def effect(self, move: str, after: "IceTurnState") -> str:
        """The race's change; where it puts a seat's pieces on its corner out of the nest's order (the medium
        under the small: nearer, yet no nest there without tipping them apart), says so."""
        said = super().effect(move, after)
        for seat in self.seats:
            if self._in_nest_order(seat) and not after._in_nest_order(seat):
                said += (f"; {self.actor_name(seat.colour)}'s pieces on {CELLS[seat.goal]} are out of the nest's "
                         "order (small, medium, large from the bottom)")
        return said

    def _in_nest_order(self, seat: Seat) -> bool:
        """The seat's own pieces on its goal corner stand smaller below larger, as a nest's do (others may come
        between)."""
        sizes = [int(p[1]) for p in self.stacks[seat.goal] if p[0] == LETTERS[seat.colour]]
        return sizes == sorted(sizes)

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """Deals in proportion to the undealt tiles of each type; the dice are fair."""
        if self.actors != (CHANCE,):
            return []
        if self.phase == "roll":
            return super().chance_outcomes()
        left = self.undealt()
        total = sum(left.values())
        return [(move, left[name] / total) for move, (_, name) in self._moves().items()]

    # -- what the computer judges a position by (pyramids.ai) ------------------------------------
    def evaluation(self, level: str = "") -> Evaluation | None:
        """The race, in movement points: what each seat still pays to bring its pieces to its goal
        corner (its pips per cell, a tip to lay a standing piece down, one tip for a whole stack, a turn
        for each way it does not face yet), and its pieces stacked there out of nest order (they must be
        tipped apart again).
        The search calls this at every position of a turn's plan, so each seat's way from each cell is
        read from a table (`_TO_GOAL`), and a board already judged is not judged again (`_RACES`): most
        positions of a plan share their pieces with another (the same pieces after other actions)."""
        if self.phase in ("deal", "place"):
            return None
        key = (self.options["players"], self.stacks, self.facing)
        found = _RACES.get(key)
        if found is None:
            if len(_RACES) >= RACES_KEPT:
                _RACES.clear()
            found = _RACES[key] = self._race_costs()
        return found

    def _race_costs(self) -> Evaluation:
        """The race's costs on this board, worked out (`evaluation` keeps them)."""
        goals = {LETTERS[seat.colour]: seat.goal for seat in self.seats}
        cost = dict.fromkeys(goals, 0.0)
        for cell, stack in enumerate(self.stacks):  # one pass over the board for every seat
            if len(stack) > 1:  # one tip lays the whole stack down
                for letter in {piece[0] for piece in stack} & goals.keys():
                    if cell != goals[letter]:
                        cost[letter] += _tipped_cost(cell, stack, letter, goals[letter])
                continue
            for piece in stack:
                letter = piece[0]
                goal = goals.get(letter)
                if goal is not None and cell != goal:
                    cost[letter] += _way_home(piece, cell, self.facing[cell], goal)
        for letter, goal in goals.items():
            home = [p for p in self.stacks[goal] if p[0] == letter]
            cost[letter] += NEST_DISORDER_MP * sum(a > b for i, a in enumerate(home) for b in home[i + 1:])
        return Evaluation(costs={COLOUR_OF_LETTER[letter]: value for letter, value in cost.items()})

    def search_key(self) -> tuple:
        """The tiles an Aim rotated and the pieces reactionary turning turned, as sets: the order they were
        done in changes nothing after, and a turn's plan that turns three pieces would otherwise meet the
        same position in six orders.  The points spent count only while points are spent (the movement
        phase): reactionary turning after two ways of moving to the same place is the same."""
        return self._key(self.spent if self.phase == "move" else 0)

    def spending_key(self) -> tuple[tuple, int] | None:
        """The movement phase's position but for its points spent: the same pieces and tiles with points
        left can do all the other can (a piece turned and turned back, or moved the long way round, is the
        same piece with less to spend)."""
        return (self._key(0), self.spent) if self.phase == "move" else None

    def _key(self, spent: int) -> tuple:
        return (self.turn, self.roll, self.face, self.tiles, self.stacks, self.facing, self.phase, spent,
                self.used, frozenset(self.aimed), frozenset(self.reacted))

    def inert_moves(self) -> frozenset[str]:
        """An Aim of a tile under no lying piece, a Swap of two tiles without pieces: they move no piece, and
        change only where the tiles reach for reactionary turning (section 3.4), which this turn only a piece
        moved onto such a tile afterwards would use.  With Aim rolled they are about half a position's moves."""
        if self.phase != "move" or self.used is not None and not self.aiming:
            return frozenset()
        return frozenset(text for text, action in self._moves().items()
                         if action[0] == "aim" and not self.lying(action[1])
                         or action[0] == "swap" and not self.stacks[action[1]] and not self.stacks[action[2]])

    def independent_choices(self) -> bool:
        """Reactionary turning (section 3.4): each lit piece turned once at most, and turning one lights no other
        nor puts one out (the tiles under the player's lying pieces do), so turning one changes nothing for
        another's choice."""
        return self.phase == "react"

    def automatic_move(self) -> str | None:
        """End a phase that leaves nothing to decide: nothing to turn, or no action left."""
        if self.phase in ("move", "react") and self.outcome is None and len(self._moves()) == 1:
            return END_MOVES if self.phase == "move" else END_TURN
        return None

    def prompt(self, people: Collection[str] | None = None) -> str:
        who = self.active.capitalize()
        if self.phase == "deal":
            return "Dealing the tiles."
        if self.phase == "roll":
            return f"{who} rolls the dice next."
        if self.phase == "place":
            return f"{who}: place a tile: choose an empty cell, then a tile from your hand."
        if self.phase == "move":
            if self.aiming:
                return f"{who}: Aim: rotate another tile, or do something else."
            house = "used" if self.used else f"{self.treehouse.capitalize()} to use"
            return (f"{who}: {self.mp_left} of {self.mp_total} movement points left, Treehouse {house}. "
                    "Choose a piece or a tile, or end the movement phase.")
        if self.phase == "react":
            return f"{who}: reactionary turning: turn any lit piece, or end the turn."
        return ""

    # -- text ---------------------------------------------------------------------
    def to_text(self) -> str:
        tiles = _rows(self.tiles, lambda t: t and tile_code(t))
        pieces = _rows(range(SIZE * SIZE), self._cell_text)
        hands = ",".join("".join(TILES[n].letter for n in hand) or "-" for hand in self.hands)
        used = self.used or "-"
        if self.aimed:
            used = "aim=" + ",".join(CELLS[c] for c in self.aimed)
        return " ".join([tiles, pieces, hands, self.active, self.phase, str(self.roll or "-"), self.face or "-",
                         str(self.spent), used, ",".join(self.reacted) or "-",
                         *options_text(self.options, self.game)])

    def _cell_text(self, cell: int) -> str | None:
        stack = self.stacks[cell]
        return ("".join(stack) + (self.facing[cell] or "")) or None

    # -- explanations and clicks --------------------------------------------------
    def square_words(self, cell: int) -> str:
        """A tile and what stands or lies on it: "single arrow N; red large lying, pointing east"."""
        tile, stack = self.tiles[cell], self.stacks[cell]
        words = tile_words(tile) if tile else "no tile yet"
        if stack:
            words += "; " + (f"{piece_name(stack[0])} lying, pointing {DIRECTION_NAMES[self.facing[cell]]}"
                             if self.facing[cell] else "standing, bottom to top: " + ", ".join(map(piece_name, stack)))
        return words

    def location_name(self, cell: str) -> str:
        """A square, or a button of the tray under the board, in words."""
        if cell in INDEX:
            return f"{cell}, {self.square_words(INDEX[cell])}"
        kind, _, rest = cell.partition(":")
        if kind in ("tip", "turn") and rest in DIRECTION_NAMES:
            return f"{kind} {DIRECTION_NAMES[rest]}" + (" (1 MP)" if self.phase == "move" else "")
        if kind == "tile":
            tile = next((Tile(k, rest[1:]) for k, t in TILES.items() if t.letter == rest[:1]), None)
            return f"place {tile_words(tile)}" if tile else cell
        if kind == "aim":
            return f"aim: rotate the selected tile {rest.lstrip('+')} degrees clockwise"
        if cell == "tip7":
            return "Treehouse tip: movement points to 7"
        if cell in FACE_TEXT:
            return FACE_TEXT[cell]
        if cell == "end":
            return "end movement" if self.phase == "move" else "end turn"
        return cell

    def actor_name(self, actor: str) -> str:
        return actor.capitalize()

    def chance_name(self, move: str) -> str:
        return "Tile dealt" if move.startswith("deal:") else "Dice"

    def turn_of(self) -> str | None:
        """The player whose turn it is, the dice rolled for them included; nobody's while the tiles are dealt."""
        return None if self.phase == "deal" else self.active

    def setup_phase(self) -> str:
        return self.phase if self.phase in ("deal", "place") else ""

    def phase_words(self, moves: list[str]) -> str | None:
        """The deal as how many tiles each player was dealt: "Tiles dealt: Red 8, Blue 8"."""
        if self.phase != "deal":
            return None
        dealt = {seat.colour: 0 for seat in self.seats}
        for move in moves:
            colour = move.partition(":")[2].partition("=")[0]
            dealt[colour] = dealt.get(colour, 0) + 1
        return "Tiles dealt: " + ", ".join(f"{self.actor_name(c)} {n}" for c, n in dealt.items() if n)

    def chance_words(self, moves: list[str]) -> str | None:
        """The dice rolled for a player's turn, as theirs: "rolls 4 on the d6 and Tip on the Treehouse die"."""
        parts = []
        for move in moves:
            kind, _, m = parse_move(move)
            if kind == "roll":
                parts.append(f"rolls {m[1]} on the d6")
            elif kind == "face":
                parts.append(f"{'' if parts else 'gets '}{m[1].capitalize()} on the Treehouse die")
            else:
                return None
        return " and ".join(parts)

    def describe(self, move: str) -> str:
        """Who acts and every piece and cell the move changes: "Tile dealt: a Q-Turner to Blue",
        "Blue moves the blue small from b4 to b3, on top of the red medium"."""
        try:
            kind, wild, m = parse_move(move)
        except InvalidMoveError:
            return super().describe(move)
        who = self.chance_name(move) if kind in ("deal", "roll", "face") else self.actor_name(self.active)
        if kind == "deal":
            return f"{who}: a {TILES[m[2]].title} to {self.actor_name(m[1])}"
        if kind == "roll":
            return f"{who}: the d6 rolls {m[1]}"
        if kind == "face":
            return f"{who}: the Treehouse die shows {m[1].capitalize()}"
        if kind == "place":
            pointing = f", pointing {' and '.join(DIRECTION_NAMES[d] for d in m[3])}" if m[3] else ""
            return f"{who} places a {TILES[m[2]].title} on {m[1]}{pointing}"
        action = self._moves().get(move)
        if action is None:
            return f"{who} plays {describe(move)}"
        return f"{who} {'plays the Wild and ' if wild else ''}{self._turn_words(action)}"

    def _turn_words(self, action: Action) -> str:
        """A turn's action in words: each piece by owner and size, where it was and where it ends up."""
        kind = action[0]
        if kind == "end":
            return "ends the movement phase" if self.phase == "move" else "ends the turn"
        if kind == "tip7":
            return "uses the Treehouse Tip: movement points to 7"
        if kind == "tip":
            _, cell, d, inserts = action
            return self._tip_words(cell, d, dict(inserts))
        _, cell, more = action  # what `more` is depends on the kind (above)
        where, stack = CELLS[cell], self.stacks[cell]
        if kind in ("turn", "react"):
            turning = " (reactionary turning)" if kind == "react" else ""
            return f"turns the {piece_name(stack[0])} on {where} to point {DIRECTION_NAMES[more]}{turning}"
        if kind == "move":
            dest = _onto(cell, self.facing[cell])
            there = self.stacks[dest]
            landing = f", {self._into(dest, more)}" if there else ""
            return f"moves the {piece_name(stack[0])} from {where} to {CELLS[dest]}{landing}"
        if kind == "aim":
            return self._aim_words(cell, more)
        if kind == "swap":
            other = more
            tile, other_tile = self.tiles[cell], self.tiles[other]
            assert tile is not None and other_tile is not None  # the setup filled every cell
            pieces = ", with the pieces on them" if stack or self.stacks[other] else ""
            return (f"swaps the {TILES[tile.kind].title} on {where} and the "
                    f"{TILES[other_tile.kind].title} on {CELLS[other]}{pieces}")
        dest = more
        there, cells = self.stacks[dest], _distance(cell, dest)
        far = counted(cells, "cell")
        if kind == "hop":
            onto = f", {self._into(dest, len(there))}" if there else ""
            return f"hops the {piece_name(stack[-1])} from {where} to {CELLS[dest]} ({far}){onto}"
        under = f" {self._into(dest, 0)}" if there else ""
        return f"digs the {piece_name(stack[0])} from {where} to {CELLS[dest]} ({far}), standing up{under}"

    def _into(self, cell: int, index: int) -> str:
        """Where a piece inserted at `index` goes in the pieces on `cell`; a lying piece there stands up."""
        stack = self.stacks[cell]
        if index == 0:
            text = f"under the {piece_name(stack[0])}"
        elif index == len(stack):
            text = f"on top of the {piece_name(stack[-1])}"
        else:
            text = f"between the {piece_name(stack[index - 1])} and the {piece_name(stack[index])}"
        return text + (" lying there, which stands up" if self.lying(cell) else "")

    def _tip_words(self, cell: int, d: str, at: dict) -> str:
        """Where each piece of a tipped stack lands: the bottom lies down where it stood, the rest one cell
        further each, lying on an empty cell or inserted into the stack there."""
        stack, way = self.stacks[cell], DIRECTION_NAMES[d]
        if len(stack) == 1:
            return f"tips the {piece_name(stack[0])} on {CELLS[cell]} {way}: it lies down, pointing {way}"
        parts = [f"the {piece_name(stack[0])} lies down on {CELLS[cell]}"]
        for i, piece in enumerate(stack[1:], 1):
            landing = _onto(cell, d, i)
            there = self.stacks[landing]
            slot = f" {self._into(landing, at[landing])}" if there else ""
            parts.append(f"the {piece_name(piece)} lands on {CELLS[landing]}{slot}")
        return f"tips the stack on {CELLS[cell]} {way}: " + "; ".join(parts)

    def _aim_words(self, cell: int, quarters: int) -> str:
        """A tile rotated, its arrows after, and the lying piece on it, which turns with it."""
        kind, arrows = self._laid(cell)
        text = f"aims: rotates the {TILES[kind].title} on {CELLS[cell]} {90 * quarters}° clockwise"
        now = rotate_arrows(arrows, quarters)
        if kind != "qturner":
            text += ", now pointing " + listing([DIRECTION_NAMES[a] for a in now])
        if self.lying(cell):
            text += (f"; the {piece_name(self.stacks[cell][0])} lying on it turns to point "
                     f"{DIRECTION_NAMES[turned(self.facing[cell], quarters)]}")
        return text

    def places(self) -> dict[str, tuple[str, Any]]:
        """Each cell (its tile, its pieces bottom to top, which way a lying piece points) and each hand of tiles."""
        cells = {name: (name, (self.tiles[i], self.stacks[i], self.facing[i])) for i, name in enumerate(CELLS)}
        return cells | {f"hand:{seat.colour}": (seat.colour.capitalize(), hand)
                        for seat, hand in zip(self.seats, self.hands)}

    def explain(self, move: str) -> IllegalMoveError | InvalidMoveError:
        try:
            kind, wild, m = parse_move(move)
        except InvalidMoveError as err:
            return err
        return IllegalMoveError(f"{move}: {self._why_not(kind, wild, m)}")

    def _why_not(self, kind: str, wild: bool, m: re.Match) -> str:
        who, phase = self.active.capitalize(), self.phase
        if kind == "deal" and phase == "deal":
            colour = self.seats[sum(map(len, self.hands)) % len(self.seats)].colour
            if m[1] != colour:
                return f"the next tile is dealt to {colour}."
            return f"no undealt {m[2]} tile is left." if m[2] in TILES else f"there is no {quote(m[2])} tile."
        if kind in ("deal", "roll", "face"):
            return {"deal": "tiles are dealt only before placement, by chance",
                    "roll": "the dice are rolled by chance at the start of a turn",
                    "face": "the Treehouse die is rolled by chance, after the d6"}[kind] + "."
        if kind == "place":
            if phase != "place":
                return "every tile has been placed." if phase != "deal" else "the tiles are still being dealt."
            name, arrows = m[2], m[3] or ""
            if name not in TILES:
                return f"there is no {quote(name)} tile (tiles: {', '.join(TILES)})."
            if name not in self.hands[self.turn]:
                return f"{who} has no {TILES[name].title} in hand."
            if arrows not in TILES[name].orientations:
                return f"a {TILES[name].title} shows {' or '.join(TILES[name].orientations) or 'no orientation'}."
            return self._unfit_place(INDEX[m[1]], name, arrows) or "not legal here."
        if phase in ("deal", "place", "roll"):
            return "the race has not started: the tiles are being set up." if phase != "roll" else \
                "the dice are rolled first."
        if kind == "end":
            return f"it is the {'movement' if phase == 'move' else 'reactionary turning'} phase; " \
                   f"write {END_MOVES if phase == 'move' else END_TURN}."
        if kind == "react":
            if phase != "react":
                return "reactionary turning comes after the movement phase (end-moves)."
            return self._why_not_react(INDEX[m[1]], m[2])
        if phase != "move":
            return "the movement phase is over: turn lit pieces (react:...) or end the turn."
        if kind in TREEHOUSE:
            return self._why_not_treehouse(kind, wild, m)
        return self._why_not_mp(kind, m)

    def _why_not_react(self, cell: int, d: str | None = None) -> str:
        if not self.lying(cell):
            return f"only a lying piece can be turned, and {CELLS[cell]} holds none."
        if self.stacks[cell][0] in self.reacted:
            return f"the piece on {CELLS[cell]} has been turned already (each piece once)."
        if cell not in self.turnable:
            return f"no arrow of a tile holding one of {self.active}'s lying pieces reaches {CELLS[cell]}."
        return f"it already points {DIRECTION_NAMES[d]}; choose another direction." if d else "choose a direction."

    def _why_not_treehouse(self, kind: str, wild: bool, m: re.Match) -> str:
        face = "tip7" if self.face == "tip" else self.face
        if self.aiming and kind == "aim" and not wild:
            cell = INDEX[m[1]]
            if cell in self.aimed:
                return f"{CELLS[cell]} has been rotated in this Aim already."
            return "that rotation would change nothing."
        if self.used:
            return "the Treehouse die has been used this turn (once per turn)."
        if wild and face != "wild":
            return f"the Treehouse die shows {self.treehouse.capitalize()}, not Wild."
        if not wild and face != kind:
            if face == "wild":
                return f"the Treehouse die shows Wild: write wild:{m[0]}."
            return f"the Treehouse die shows {self.treehouse.capitalize()}."
        colour = self.active
        if kind == "aim":
            return "that rotation would change nothing."
        a, b = INDEX[m[1]], INDEX[m[2]]
        if kind == "swap":
            if a == b:
                return (f"every tile next to {CELLS[a]} is the same as its own, with no piece on either: "
                        "a Swap would change nothing.")
            if _step(a, "N") != b and _step(a, "E") != b and _step(b, "N") != a and _step(b, "E") != a:
                return f"Swap exchanges two orthogonally adjacent tiles; choose a lit cell next to {CELLS[a]}."
            if a > b and (in_order := f"{'wild:' if wild else ''}swap:{CELLS[b]}-{CELLS[a]}") in self._moves():
                return f"name the south or west tile first: {in_order}."
            return "swapping two equal empty tiles changes nothing."
        stack = self.stacks[a]
        if not stack:
            return f"{CELLS[a]} holds no piece."
        direction = next((d for d in DIRS if b in _ray(a, d)), None)
        if kind == "hop":
            if self.lying(a):
                return "only a standing piece hops (a lying piece digs)."
            if owner(stack[-1]) != colour:
                return f"the top piece on {CELLS[a]} is {owner(stack[-1])}'s; only your own piece hops."
            return "a hop goes straight along a row or column (never diagonally); choose a lit cell."
        if not self.lying(a):
            return "only a lying piece digs (a standing piece hops)."
        if owner(stack[0]) != colour:
            return f"the piece on {CELLS[a]} is {owner(stack[0])}'s; you act with your own pieces."
        if not _ray(a, self.facing[a]):
            return "it points off the board, so it has nowhere to dig; turn it first (1 MP)."
        if direction != self.facing[a]:
            return f"it digs only the way it points ({DIRECTION_NAMES[self.facing[a]]})."
        return "not legal here."

    def _why_not_mp(self, kind: str, m: re.Match) -> str:
        cell, colour = INDEX[m[1]], self.active
        stack = self.stacks[cell]
        if not stack:
            return f"{CELLS[cell]} holds no piece."
        if kind == "tip":
            if self.lying(cell):
                return "only a standing piece or a stack is tipped; a lying piece turns or moves."
            if not any(owner(p) == colour for p in stack):
                return (f"the {'stack' if len(stack) > 1 else 'piece'} on {CELLS[cell]} holds no {colour} piece; "
                        "you tip your own pieces, or a stack holding one.")
            if any(_step(cell, m[2], i) is None for i in range(1, len(stack))):
                return "a piece of the stack would land off the board; tip it another way."
            return self._short(1) or ("name an insertion index (cell@index, 0 = bottom) for each piece landing "
                                      "on an occupied cell, and only those.")
        if not self.lying(cell):
            return "a standing piece cannot be turned or moved; tip it first."
        if owner(stack[0]) != colour:
            return f"the piece on {CELLS[cell]} is {owner(stack[0])}'s; you act with your own pieces."
        if kind == "turn":
            return self._short(1) or f"it already points {DIRECTION_NAMES[m[2]]}; choose another direction."
        dest = _step(cell, self.facing[cell])
        if dest is None:
            return "it points off the board; turn it first."
        there = self.stacks[dest]
        if short := self._short(pips(stack[0])):
            return short
        if not there:
            return f"{CELLS[dest]} is empty, so the move takes no insertion index: write move:{m[1]}."
        if m[2] is None:
            return f"{CELLS[dest]} is occupied: add an insertion index 0 to {len(there)} (move:{m[1]}@0)."
        return f"the insertion index on {CELLS[dest]} is 0 (bottom) to {len(there)} (top)."

    def _short(self, cost: int) -> str:
        """Why `cost` movement points cannot be spent now, or ''."""
        if cost <= self.mp_left:
            return ""
        left = f"{self.mp_left} {'is' if self.mp_left == 1 else 'are'} left"
        return f"it costs {counted(cost, 'movement point')} and {left}."

    def path(self, move: str) -> tuple[str, ...]:
        action = self._moves().get(move)
        if action is None:
            raise IllegalMoveError(f"{quote(move)} is not legal here.")
        kind = action[0]
        if kind == "place":
            _, cell, name, arrows = action
            return (CELLS[cell], "tile:" + tile_code(Tile(name, arrows)))
        if kind == "tip":
            _, cell, d, _ = action
            return (CELLS[cell], f"tip:{d}")
        if kind in ("turn", "react"):
            _, cell, d = action
            return (CELLS[cell], f"turn:{d}")
        if kind == "move":
            _, cell, _ = action
            return (CELLS[cell], CELLS[_onto(cell, self.facing[cell])])
        if kind == "aim":
            _, cell, quarters = action
            return (CELLS[cell], f"aim:+{90 * quarters}")
        if kind in ("swap", "hop", "dig"):
            _, cell, other = action
            return (CELLS[cell], kind, CELLS[other])
        if kind == "tip7":
            return ("tip7",)
        return ("end",)

    def paths(self, move: str) -> tuple[tuple[str, ...], ...]:
        """A Swap is clicked from either of its tiles: b3, Swap, then c3 or the other way round."""
        path = self.path(move)
        if path[1:2] == ("swap",):
            return path, (path[2], "swap", path[0])
        return (path,)

    def label(self, move: str) -> str:
        action = self._moves().get(move)
        if action is None:
            return move
        kind = action[0]
        if kind == "tip":
            _, cell, d, inserts = action
            head = f"Tip {CELLS[cell]} {DIRECTION_NAMES[d]}"
            if not inserts:
                return head
            piece = {landing: self.stacks[cell][i] for i in range(1, len(self.stacks[cell]))
                     if (landing := _step(cell, d, i)) is not None}
            return head + ": " + "; ".join(f"{piece_name(piece[c])} {slot_words(self.stacks[c], i)} on {CELLS[c]}"
                                           for c, i in inserts)
        if kind == "move":
            _, cell, index = action
            if index is not None:
                dest = _onto(cell, self.facing[cell])
                return f"{slot_words(self.stacks[dest], index).capitalize()} on {CELLS[dest]}"
        return describe(move)

    def guide_message(self, selection: tuple[str, ...], targets: tuple[str, ...]) -> str:
        """Name what is lit: after a piece or tile, the actions on offer rather than "where to go"."""
        if not selection:
            return super().guide_message(selection, targets)
        parts = _action_words(targets)
        if parts == ["a lit cell"]:
            return "Choose a lit cell."
        parts = ["move it to the lit cell" if part == "a lit cell" else part for part in parts]
        return f"Choose what to do with {selection[0]}: {either(parts)} (lit arrows and buttons)."

    def hint(self, selection: tuple[str, ...]) -> str:
        if not selection:
            return ""
        last, who = selection[-1], self.active.capitalize()
        if self.phase == "place":
            if last.startswith("tile:"):
                if len(selection) < 2 or selection[0] not in INDEX:
                    return "Choose an empty cell first, then the tile to place there."
                name, arrows = KIND_OF_LETTER.get(last[5], ""), last[6:]
                if name not in self.hands[self.turn]:
                    return f"{who} has no {TILES[name].title if name else 'such tile'} in hand."
                reason = self._unfit_place(INDEX[selection[0]], name, arrows)
                return f"Not there: {reason}" if reason else ""
            if last in INDEX and self.tiles[INDEX[last]] is not None:
                return f"{last} already holds a tile; choose an empty cell."
            if last in INDEX:
                return self._why_no_tile_fits(INDEX[last])
            return f"{who}: choose an empty cell, then a tile from your hand."
        if selection[0] not in INDEX:
            return "First choose a piece, or a tile for Aim and Swap; then what to do with it."
        first = selection[0]
        if len(selection) == 1:
            if self.phase == "react":
                return f"Not {first}: {self._why_not_react(INDEX[first])} Turn a lit piece, or end the turn."
            stack = self.stacks[INDEX[first]]
            if not stack:
                return f"{first} has no piece, and no Treehouse action applies to its tile now; choose one of yours."
            if not any(owner(p) == self.active for p in stack):
                return (f"{first} holds {owner(stack[-1])}'s piece; {who} acts with their own pieces "
                        "(or tips a stack holding one).")
            return f"{who} can do nothing with {first} now: {self._idle_reason(INDEX[first])}"
        if selection[1] in INDEX:
            return self._why_not_there(first, selection[1])
        move = self._move_of(selection)
        if move is None:
            return f"Nothing can be done with {first} that way; choose it again to see what is lit."
        return f"Not that: {self._why_not(*parse_move(move))}"

    def _why_no_tile_fits(self, cell: int) -> str:
        """Why no tile in hand may go on the empty `cell` (section 2.2: a cell kept free for the Q-Turners still
        to come, A5, looks as empty as any), and where one may."""
        hand = dict.fromkeys(self.hands[self.turn])
        reasons = dict.fromkeys(self._unfit_place(cell, name, arrows) or "" for name in hand
                                for arrows in TILES[name].orientations)
        if "" in reasons:
            return ""
        if UNFINISHABLE in reasons:
            reasons[KEPT_FREE] = reasons.pop(UNFINISHABLE)
        fits = sorted({CELLS[action[1]] for action in self._place_moves().values()}, key=INDEX.__getitem__)
        where = f"{listing(fits)} {'is' if len(fits) == 1 else 'are'} where" if len(fits) <= 4 else "other cells are"
        return f"Not {CELLS[cell]}: {'; '.join(reasons).rstrip('.')}. {where} a tile from your hand may go."

    def _idle_reason(self, cell: int) -> str:
        """Why a piece of the active player's has no action now (its tile has none either)."""
        if self.mp_left < 1:
            house = "" if self.used is None else " and the Treehouse die has been used"
            return f"no movement points are left{house}. End the movement phase when you are done."
        return ("tipping the stack any way would throw pieces off the board; "
                "move or hop pieces onto it from elsewhere instead.")

    def _why_not_there(self, first: str, target: str) -> str:
        """Why the cell `target`, clicked after `first`, is not lit, and what the clicks can do instead."""
        cell = INDEX[first]
        stack = self.stacks[cell]
        if self.phase == "move" and self.lying(cell) and owner(stack[0]) == self.active:
            piece, dest = piece_name(stack[0]), _step(cell, self.facing[cell])
            if dest is None:
                return (f"Not {target}: the {piece} on {first} points off the board, so it cannot move; "
                        f"turn it first (choose {first}, then an arrow, 1 MP).")
            if dest != INDEX[target]:
                return (f"Not {target}: the {piece} on {first} moves only one cell, the way it points, to "
                        f"{CELLS[dest]}: choose {first}, then {CELLS[dest]}; or turn it first (1 MP).")
            return f"Not {target}: {self._why_not(*parse_move(f'move:{first}'))}"
        if self.phase == "react":
            return (f"Not {target}: in reactionary turning pieces only turn where they lie; choose a lit piece, "
                    "then an arrow, or end the turn.")
        reason = "only a lying piece moves to a cell, one cell the way it points"
        parts = [p for p in _action_words(self.guide((first,)).targets) if p != "a lit cell"]
        instead = f" With {first} you can {either(parts)}: choose it, then a lit arrow or button." if parts else ""
        return f"Not {target}: {reason}.{instead}"

    def _move_of(self, selection: tuple[str, ...]) -> str | None:
        """The move a click sequence spells, legal or not (for saying why not); None if none."""
        cell, step = selection[0], selection[1]
        kind, _, arg = step.partition(":")
        wild = "wild:" if self.face == "wild" and not self.aiming else ""
        if kind == "turn":
            return f"{'react' if self.phase == 'react' else 'turn'}:{cell}{arg}"
        if kind == "tip" and arg:
            return f"tip:{cell}{arg}"
        if kind == "aim" and arg:
            return f"{wild}aim:{cell}{arg}"
        if kind in ("hop", "dig", "swap"):
            return f"{wild}{kind}:{cell}-{selection[2] if len(selection) > 2 else cell}"
        if step in INDEX and self.phase == "move":
            return f"move:{cell}"
        return None


def _action_words(targets) -> list[str]:
    """What lit locations offer, in words, each once: "tip it", "Swap", "a lit cell"."""
    words = {"tip": "tip it", "turn": "turn it", "aim": "Aim its tile", "swap": "Swap",
             "hop": "Hop", "dig": "Dig", "tile": "place a tile from your hand"}
    return list(dict.fromkeys("a lit cell" if t in INDEX else words.get(t.partition(":")[0], "a lit button")
                              for t in targets))


def describe(move: str) -> str:
    """A move in words, for buttons and titles ("Tip a1 east", "End the turn")."""
    try:
        kind, wild, m = parse_move(move)
    except InvalidMoveError:
        return move
    text = {
        "deal": lambda: f"{m[2]} dealt to {m[1]}",
        "place": lambda: f"{m[2]} on {m[1]}" + (f" pointing {m[3]}" if m[3] else ""),
        "roll": lambda: f"d6 rolls {m[1]}",
        "face": lambda: f"Treehouse die shows {m[1].capitalize()}",
        "tip": lambda: f"Tip {m[1]} {DIRECTION_NAMES[m[2]]}",
        "turn": lambda: f"Turn {m[1]} {DIRECTION_NAMES[m[2]]}",
        "react": lambda: f"Turn {m[1]} {DIRECTION_NAMES[m[2]]}",
        "move": lambda: f"Move {m[1]}",
        "tip7": lambda: "Tip: movement points to 7",
        "aim": lambda: f"Aim: rotate {m[1]} {m[2]}° clockwise",
        "swap": lambda: f"Swap {m[1]} and {m[2]}",
        "hop": lambda: f"Hop {m[1]} to {m[2]}",
        "dig": lambda: f"Dig {m[1]} to {m[2]}",
        "end": lambda: "End the movement phase" if m[1] == "moves" else "End the turn",
    }[kind]()
    return f"Wild as {text}" if wild else text


def _distance(a: int, b: int) -> int:
    """Cells between two cells of one row or column (a Hop or a Dig)."""
    return abs(a % SIZE - b % SIZE) + abs(a // SIZE - b // SIZE)


def _without(hand: tuple, name: str) -> tuple:
    i = hand.index(name)
    return hand[:i] + hand[i + 1:]


def _completable(tiles: tuple[Tile | None, ...], waiting: int) -> bool:
    """[A5]: `waiting` Q-Turners still in hands fit one per free row and column on empty cells."""
    if not waiting:
        return True
    placed = [c for c, t in enumerate(tiles) if t and t.kind == "qturner"]
    rows = [r for r in range(SIZE) if all(c // SIZE != r for c in placed)]
    cols = [k for k in range(SIZE) if all(c % SIZE != k for c in placed)]
    empty = {c for c, t in enumerate(tiles) if t is None}
    return _max_matching(rows, cols, empty) >= waiting


def _place_text(cell: int, name: str, arrows: str) -> str:
    return f"place:{CELLS[cell]}={name}" + (f":{arrows}" if arrows else "")


def _tip_text(cell: int, d: str, inserts: tuple) -> str:
    text = f"tip:{CELLS[cell]}{d}"
    return text + "/" + ",".join(f"{CELLS[c]}@{i}" for c, i in inserts) if inserts else text


# -- position text ------------------------------------------------------------------


def _rows(cells, token) -> str:
    cells = list(cells)
    return "/".join(join_row([token(c) for c in cells[row * SIZE:(row + 1) * SIZE]]) for row in reversed(range(SIZE)))


def _parse_rows(text: str, what: str) -> list:
    rows = text.split("/")
    if len(rows) != SIZE:
        raise PositionError(f"The {what} field needs {SIZE} rows separated by '/'; got {len(rows)}.")
    cells: list = []
    for row in reversed(rows):
        cells.extend(split_row(row, SIZE))
    return cells


def _parse_tile(token: str | None) -> Tile | None:
    if token is None:
        return None
    name = KIND_OF_LETTER.get(token[0])
    if name is None or token[1:] not in TILES[name].orientations:
        raise PositionError(f"Tile {quote(token)} is not q, sN/sE/sS/sW, dNS or dEW.")
    return Tile(name, token[1:])


_CELL_RE = re.compile(r"((?:[rbgy][123])+)([NESW]?)")


def _parse_cell(token: str | None) -> tuple[tuple, str | None]:
    if token is None:
        return (), None
    m = _CELL_RE.fullmatch(token)
    if not m or (m[2] and len(m[1]) != 2):
        raise PositionError(f"Cell {quote(token)} is not a lying piece (r1E) or a standing stack (r3r2r1).")
    return tuple(m[1][i:i + 2] for i in range(0, len(m[1]), 2)), m[2] or None


def _check(state: IceTurnState) -> None:
    """Raise `PositionError` unless the position can arise in a game."""
    seats = state.seats
    pieces = [p for stack in state.stacks for p in stack]
    expected = sorted(f"{LETTERS[s.colour]}{n}" for s in seats for n in (1, 2, 3))
    if sorted(pieces) != expected:
        raise PositionError(f"The board must hold each seat's three pieces once ({', '.join(expected)}).")
    left = state.undealt()
    if any(n < 0 for n in left.values()):
        kinds = ", ".join(f"{k.copies} {n}" for n, k in TILES.items())
        raise PositionError(f"Too many tiles of a kind: the set is {kinds}.")
    dealt = sum(map(len, state.hands))
    placed = sum(t is not None for t in state.tiles)
    phase = "deal" if dealt + placed < SIZE * SIZE else "place" if placed < SIZE * SIZE else None
    if (phase or state.phase) != state.phase or (phase is None and state.phase in ("deal", "place")):
        raise PositionError(f"The phase {quote(state.phase)} does not fit the tiles dealt and placed.")
    if phase and placed and dealt + placed != SIZE * SIZE:
        raise PositionError("Tiles are placed only once all are dealt.")
    if state.phase == "place" and not state.hands[state.turn]:
        raise PositionError("The seat to place a tile has none in hand.")
    turn_state = (state.roll, state.face, state.spent, state.used, state.aimed, state.reacted)
    if state.phase in ("deal", "place", "roll") and turn_state[1:] != (None, 0, None, (), ()):
        raise PositionError("Before the dice are rolled nothing of the turn has happened yet.")
    if state.phase in ("deal", "place") and state.roll is not None:
        raise PositionError("The dice are not rolled during setup.")
    if state.phase in ("move", "react") and (state.roll is None or state.face is None):
        raise PositionError("A turn's phases come after both dice are rolled.")
    if state.spent > state.mp_total:
        raise PositionError("More movement points spent than the turn has.")
    if state.used and state.used not in _allowed(state.face):
        raise PositionError(f"The Treehouse die shows {state.face}; it cannot have been used as {state.used}.")
    if state.reacted and state.phase != "react" or state.aimed and state.phase != "move":
        raise PositionError("Turned pieces belong to reactionary turning, an Aim in progress to the movement phase.")
    for cell, (stack, d) in enumerate(zip(state.stacks, state.facing)):
        if d and len(stack) != 1:
            raise PositionError(f"{CELLS[cell]}: a lying piece is always alone on its cell.")
    lying = {stack[0] for stack, d in zip(state.stacks, state.facing) if d}
    if not set(state.reacted) <= lying or len(set(state.reacted)) < len(state.reacted):
        raise PositionError("The pieces turned by reactionary turning are lying pieces, each named once.")


def _allowed(face: str | None) -> tuple:
    if face == "wild":
        return TREEHOUSE
    return ("tip7",) if face == "tip" else (face,)


# Each phase's moves, each Treehouse face's, and how each kind of action changes the position: named here so
# that a search for a method finds its caller.
_MOVES_IN_PHASE = {"deal": IceTurnState._deal_moves, "place": IceTurnState._place_moves,
                   "roll": IceTurnState._roll_moves, "move": IceTurnState._move_moves,
                   "react": IceTurnState._react_moves}
_FACE_MOVES = {"aim": IceTurnState._aims, "swap": IceTurnState._swaps, "hop": IceTurnState._hops,
               "dig": IceTurnState._digs}
_APPLY: dict[str, Callable[..., IceTurnState]] = {
    "tip": IceTurnState._do_tip, "turn": IceTurnState._do_turn, "move": IceTurnState._do_move,
    "tip7": IceTurnState._do_tip7, "aim": IceTurnState._do_aim, "swap": IceTurnState._do_swap,
    "hop": IceTurnState._do_hop, "dig": IceTurnState._do_dig}


class IceTurn(Game):
    id = "ice-turn"
    title = "Ice-Turn"
    min_players = 2
    max_players = 4
    # A turn is its movement points spent one action at a time, the Treehouse action, then the reactionary
    # turns: the computer's stronger levels plan it whole.  No random plies in its tree search: random
    # actions only waste the dice's points.  Medium plans up to 600 positions of its turn; at the strength bench's
    # x0.5, 300 beat the route baseline 84 % of 320 games, four times as many 88 %, and Hard 90 % (the race
    # counting a stack as one tip, docs/performance-notebook.md, 2026-11-30).
    computer = Computer(search="turns", random_plies=0, work={"medium": 4.0})
    options = (
        Option("players", "Players", 2, (2, 3, 4), "Two race between a1 and d4; three or four use more corners."),
    )

    def _initial(self, options: dict) -> IceTurnState:
        seats = SEATS[options["players"]]
        cells = SIZE * SIZE
        stacks: list[tuple[str, ...]] = [()] * cells
        for seat in seats:  # section 2.3: the tree [L, M, S] on the start corner
            letter = LETTERS[seat.colour]
            stacks[seat.start] = (f"{letter}3", f"{letter}2", f"{letter}1")
        return IceTurnState(self, options, (None,) * cells, tuple(stacks), (None,) * cells,
                            ((),) * len(seats), 0, "deal")

    def _parse_position(self, text: str) -> IceTurnState:
        fields = text.split()
        if len(fields) < 10:
            raise PositionError("An Ice-Turn position has 10 fields (tiles, pieces, hands, seat, phase, d6, "
                                f"Treehouse face, MP spent, Treehouse used, pieces turned); got {len(fields)}.")
        options = parse_options_text(fields[10:], self)
        seats = SEATS[options["players"]]
        colours = [s.colour for s in seats]
        tiles = tuple(_parse_tile(t) for t in _parse_rows(fields[0], "tiles"))
        cells = [_parse_cell(t) for t in _parse_rows(fields[1], "pieces")]
        hands = fields[2].split(",")
        if len(hands) != len(seats) or any(h != "-" and not set(h) <= set(KIND_OF_LETTER) for h in hands):
            raise PositionError(f"Hands: one per seat ({len(seats)}), letters q d s or '-'.")
        if fields[3] not in colours:
            raise PositionError(f"{quote(fields[3])} is not a seat here ({', '.join(colours)}).")
        if fields[4] not in PHASES:
            raise PositionError(f"{quote(fields[4])} is not a phase ({', '.join(PHASES)}).")
        roll, face, spent, used, reacted = fields[5:10]
        if roll != "-" and roll not in "123456" or face != "-" and face not in FACES or not spent.isdigit():
            raise PositionError("The d6 is 1-6 or '-', the face one of " + ", ".join(FACES) + " or '-', MP a number.")
        aimed: tuple = ()
        if used.startswith("aim="):
            try:
                aimed = tuple(INDEX[c] for c in used[4:].split(","))
            except KeyError:
                raise PositionError(f"{quote(used)}: aim= lists the cells rotated so far.") from None
            used = "aim"
        if used != "-" and used not in TREEHOUSE:
            raise PositionError(f"{quote(used)} is not a Treehouse action ({', '.join(TREEHOUSE)}) or '-'.")
        turned_pieces = () if reacted == "-" else tuple(reacted.split(","))
        state = IceTurnState(
            self, options, tiles, tuple(s for s, _ in cells), tuple(d for _, d in cells),
            tuple(tuple(sorted(KIND_OF_LETTER[c] for c in h if h != "-")) for h in hands),
            colours.index(fields[3]), fields[4], None if roll == "-" else int(roll),
            None if face == "-" else face, int(spent), None if used == "-" else used, aimed, turned_pieces)
        _check(state)
        return state


_RACES: dict[tuple, Evaluation] = {}  # (players, stacks, facing) -> the race's costs on that board
RACES_KEPT = 10_000  # then the memo starts again (about 7 MB at most; a plan judges fewer boards)
NEST_DISORDER_MP = 20  # the computer's evaluation: a larger piece below a smaller on the goal, never worth it
# From each cell to each goal: the steps, the ways that lead nearer, and whether it needs a turn on the way.
_TO_GOAL = tuple(tuple((steps, ways, len(ways) > 1) for steps, ways in (heading(cell, goal, SIZE)
                                                                       for cell in range(SIZE * SIZE)))
                 for goal in range(SIZE * SIZE))


def _tipped_cost(cell: int, stack: tuple, letter: str, goal: int) -> float:
    """What one seat's pieces in the standing stack on `cell` still pay: one MP for the stack's best tip
    (section 3.3: the bottom piece lies on its cell, each piece above it a cell farther on, all pointing the
    tip's way), then each piece's way from there; a piece the tip lays on the goal is home.  Not a tip for
    each piece: a stack tipped towards the goal carries its upper pieces on for that one MP.  A stack too
    tall to tip any way (its top would leave the board): each piece as if it stood alone."""
    best = math.inf
    for d in DIRS:
        if _step(cell, d, len(stack) - 1) is None:
            continue
        paid = 1 + sum(_way_home(piece, at, d, goal) for i, piece in enumerate(stack)
                       if piece[0] == letter and (at := _onto(cell, d, i)) != goal)
        best = min(best, paid)
    if best == math.inf:
        best = sum(_way_home(piece, cell, None, goal) for piece in stack if piece[0] == letter)
    return best


def _way_home(piece: str, cell: int, facing: str | None, goal: int) -> int:
    """A piece's MP from `cell` to `goal`: its pips per cell, a turn for each way it does not face yet, and
    a tip first if it stands (`facing` None)."""
    steps, ways, bends = _TO_GOAL[goal][cell]
    return pips(piece) * steps + (facing not in ways) + bends


GAME = IceTurn()
