"""Terrafex: terraform a 7x8 board with forests, mountains, fire and glaciers (Steven Traver).

Rules as read in docs/rules/terrafex.md (section numbers below are the
spec's).  Each turn the active player takes four actions, one per piece type,
in any order; each is mandatory while it has a legal option (A5).  The fire
is two moves by two players: the active player selects a size from the pool,
then the opponent plays it (A6).  The game ends the moment no glacier unit is
left (or after two turns in a row with no action, A18), scored by the bands of
each square.

Squares are ``a1``..``h7``: columns a-h left to right, rows 1-7 top to bottom
(as the layout diagrams print).  Directions N (towards row 1), E, S, W.

Move notation:

* ``forest:grow:d4``, ``forest:spread:d4``, ``mountain:start:d4``, ``mountain:grow:d4``;
* ``fire:2`` the active player selects a medium fire, then the opponent plays
  it: ``fire:start:d4``, ``fire:grow:d4`` or ``fire:burn:d4`` (a forest or its frost);
* ``glacier:c3E`` moves the glacier on c3 east; against a medium or large
  mountain the glacier's pieces go beside it, and their squares follow, smallest
  first: ``glacier:c3E/1@c2,2@b3`` (equal pieces in either order; a small glacier
  does not split, but still goes beside the mountain: ``glacier:c3E/1@c2``);
* ``end`` ends a turn in which no unused action has a legal option (the page
  plays it by itself);
* in the layout editor (``layout=custom``): ``put:G2@d4`` (on an occupied square it
  replaces the piece there), ``clear:d4``, ``start``.

Position notation: the rows 1 to 7 separated by ``/``, each square ``.`` or a
piece, colour letter and size (``G2`` forest, ``Y1`` mountain, ``R3`` fire,
``B2`` glacier), a frosted forest ``G3f1`` and a capped forest ``G1c3`` (the
forest, then the blue piece on it); then the side to move, the actions used,
the fire selected and waiting for the opponent, the pool (small, medium, large
of each colour), the fire pit, the turns just ended with no action, ``setup``
while the layout is being edited, and the options that differ from their
defaults::

    ......../...G2...B3/B3.G2...../...G1G1.../.....G2.B3/B3...G2.../........ w used:- fire:- pool:G3,1,4;Y5,5,4;R5,5,4;B5,5,0 pit:0,0,0 idle:0
"""  # noqa: E501 - a position's text is one line

from __future__ import annotations

import heapq
import re
from dataclasses import dataclass
from itertools import permutations
from types import MappingProxyType
from typing import Any, Collection, Mapping

from ..core import (
    REPEATED, Computer, Evaluation, Game, Guidance, either, evolve, IllegalMoveError, InvalidMoveError, Option, Outcome,
    PositionError, State, options_text, parse_options_text, quote, repetition_count,
)

PLAYERS = ("white", "black")
COLS, ROWS = 8, 7
FILES = "abcdefgh"
NAMES = tuple(f"{FILES[i % COLS]}{i // COLS + 1}" for i in range(COLS * ROWS))
INDEX = {name: i for i, name in enumerate(NAMES)}

KINDS = "GYRB"  # forest, mountain, fire, glacier: the order of the pool in position text
KIND_NAMES = {"G": "forest", "Y": "mountain", "R": "fire", "B": "glacier"}
COLOUR_NAMES = {"G": "green", "Y": "yellow", "R": "red", "B": "blue"}
SIZE_WORDS = {1: "small", 2: "medium", 3: "large"}
PIECE_CODES = frozenset(f"{k}{s}" for k in "GYRB" for s in (1, 2, 3))
ACTIONS = ("forest", "mountain", "fire", "glacier")

# Pieces of each size per colour once the large turn tracker is set aside (A19).
SUPPLY = {1: 5, 2: 5, 3: 4}

# The board's colouring (A3, our assumption: the board image is not in the seed).
# The outer band of a square is White where (column + row) is even, counting
# a1 as (1, 1); the middle band is the other colour and the inner band matches
# the outer one.  A piece scores for the band that surrounds it.
OUTER_WHITE_PARITY = 0
BAND_OF_SIZE = {3: "outer", 2: "middle", 1: "inner"}

# The layouts of the seed's appendix, centred on rows 2-6 (A2).
LAYOUTS = {
    "1": {"d2": "G2", "h2": "B3", "a3": "B3", "c3": "G2", "d4": "G1", "e4": "G1",
          "f5": "G2", "h5": "B3", "a6": "B3", "e6": "G2"},
    "2": {"a2": "G2", "h2": "G2", "b3": "G1", "g3": "G1", "c4": "B3", "d4": "B3",
          "e4": "B3", "f4": "B3", "b5": "G1", "g5": "G1", "a6": "G2", "h6": "G2"},
}

DIRECTIONS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
DIRECTION_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
SIDEWAYS = {"N": "WE", "S": "WE", "E": "NS", "W": "NS"}
BACK = {"N": "S", "S": "N", "E": "W", "W": "E"}


def _step(index: int, d: str, k: int = 1) -> int | None:
    """The square `k` steps from `index` towards `d`, None off the board."""
    dc, dr = DIRECTIONS[d]
    col, row = index % COLS + dc * k, index // COLS + dr * k
    return row * COLS + col if 0 <= col < COLS and 0 <= row < ROWS else None


NEIGHBOURS = tuple(tuple(n for d in "NESW" if (n := _step(i, d)) is not None) for i in range(COLS * ROWS))


def band_owner(index: int, size: int) -> str:
    """Who scores a piece of `size` centred on the square at `index` (A3)."""
    col, row = index % COLS + 1, index // COLS + 1
    outer = "white" if (col + row) % 2 == OUTER_WHITE_PARITY else "black"
    if BAND_OF_SIZE[size] == "middle":
        return "black" if outer == "white" else "white"
    return outer


def _other(player: str) -> str:
    return "black" if player == "white" else "white"


def piece_name(kind: str, size: int) -> str:
    return f"{SIZE_WORDS[size]} {KIND_NAMES[kind]}"


def _pool_index(kind: str, size: int) -> int:
    return KINDS.index(kind) * 3 + size - 1


# A square holds None or a Cell: top is the blue piece on a forest (0 for none), frost when it is no
# bigger than the forest, a cap otherwise.  Plain tuples, as the search copies boards in its hot loop.
Cell = tuple[str, int, int]  # (kind, size, top)
NO_CELL: Cell = ("", 0, 0)  # an empty square read as a Cell (`cell or NO_CELL`): no kind, no size, no top


def _glacier_unit(cell: Cell | None) -> bool:
    if cell is None:
        return False
    kind, size, top = cell
    return kind == "B" or top > size


def describe(cell) -> str:
    """A square's contents in words."""
    if cell is None:
        return "nothing"
    kind, size, top = cell
    if top and top > size:
        return f"a {piece_name('G', size)} capped by a {SIZE_WORDS[top]} glacier"
    if top:
        return f"a {piece_name('G', size)} frosted by a {SIZE_WORDS[top]} frost"
    return f"a {piece_name(kind, size)}"


def square_name(cell) -> str:
    """A square's contents as a player names them: "medium forest", "frosted forest (a large forest
    under a small frost)", "capped forest (a small forest under a large glacier)"."""
    kind, size, top = cell
    if not top:
        return piece_name(kind, size)
    stack = f"a {piece_name('G', size)} under a {SIZE_WORDS[top]} {'glacier' if top > size else 'frost'}"
    return f"{'capped' if top > size else 'frosted'} forest ({stack})"


def cell_text(cell) -> str:
    if cell is None:
        return "."
    kind, size, top = cell
    if top:
        return f"G{size}{'c' if top > size else 'f'}{top}"
    return f"{kind}{size}"


class _Short(Exception):
    """A transaction needs a piece its supply lacks (the pool rule, §3.2)."""


# A move as the rules apply it: a plain tuple (the search builds the moves in its hot loop), its kind first,
# then, by kind:
#   ("end",)                 ("start",)                  ("edit", square, the cell it will hold or None)
#   ("grow", square)         ("put", square, the piece's kind, the action it uses: "forest" or "mountain")
#   ("select", fire size)    ("place", the fire's _Tx)   ("glacier", (board, pool, pit) after the slide)
# The kinds differ in length, so a reader takes the kind (`action[0]`) and then unpacks the rest by name.
Action = tuple[Any, ...]


class _Tx:
    """Board, pool and fire pit being changed by one action: return first, then take (A9)."""

    __slots__ = ("board", "pool", "pit")

    def __init__(self, state: "TerrafexState"):
        self.board, self.pool, self.pit = list(state.board), list(state.pool), list(state.pit)

    def give(self, kind: str, size: int) -> None:
        if size:
            self.pool[_pool_index(kind, size)] += 1

    def take(self, kind: str, size: int) -> None:
        i = _pool_index(kind, size)
        if not self.pool[i]:
            raise _Short(f"the pool has no {piece_name(kind, size)} left")
        self.pool[i] -= 1

    def to_pit(self, size: int) -> None:
        """A red piece that leaves the board (or the pool) for the fire pit."""
        self.pit[size - 1] += 1

    def take_fire_for_burn(self, size: int) -> None:
        """A burn's remaining fire: from the pool, else from the fire pit (§3.6)."""
        if self.pool[_pool_index("R", size)]:
            self.take("R", size)
        elif self.pit[size - 1]:
            self.pit[size - 1] -= 1
        else:
            raise _Short(f"there is no {piece_name('R', size)} in the pool or the fire pit")

    def shrink(self, kind: str, size: int, by: int = 1) -> int:
        """Exchange a piece for one `by` sizes smaller (none below small); the new size."""
        self.give(kind, size)
        if size - by > 0:
            self.take(kind, size - by)
        return max(0, size - by)


# -- the state ---------------------------------------------------------------------
@dataclass(frozen=True, eq=False, repr=False)
class TerrafexState(State):
    """A position: 56 squares, pool and pit counts, whose turn, actions used, the pending fire."""

    game: "Terrafex"
    board: tuple
    pool: tuple  # 12 counts: (small, medium, large) of each colour in KINDS order
    pit: tuple  # red small, medium, large in the fire pit
    to_move: str
    used: tuple  # the actions taken this turn, in ACTIONS order
    fire: int  # the size the active player selected, waiting for the opponent; 0 for none
    idle: int  # turns in a row that ended with no action (two end the game)
    setup: bool  # the layout editor is open (layout=custom)
    options: Mapping[str, Any]

    def __repr__(self) -> str:
        return f"<TerrafexState {self.to_text()!r}>"

    # -- reading the position ----------------------------------------------------
    def cell(self, name: str):
        return self.board[INDEX[name]]

    def pool_count(self, kind: str, size: int) -> int:
        return self.pool[_pool_index(kind, size)]

    @property
    def glaciers_left(self) -> int:
        return sum(_glacier_unit(c) for c in self.board)

    def square_score(self, index: int) -> tuple[str, int] | None:
        """(player, points) the piece on the square at `index` scores (§4), None if it scores nothing."""
        cell = self.board[index]
        if cell is None:
            return None
        kind, size, top = cell
        if kind == "B" or (top and top > size):
            return None  # blue scores nothing; a capped forest is out of the game
        return band_owner(index, size), -size if kind == "R" else size

    def score_items(self) -> list[tuple[str, str, str, int]]:
        """(square, piece in words, player, points) for every piece that scores (§4)."""
        items = []
        for i, cell in enumerate(self.board):
            if (scored := self.square_score(i)) is not None:
                kind, size, _ = cell
                items.append((NAMES[i], piece_name(kind, size), *scored))
        return items

    def scores(self) -> dict[str, int]:
        totals = dict.fromkeys(PLAYERS, 0)
        for i, cell in enumerate(self.board):  # the occupied squares only: a move's preview asks often
            if cell is not None and (scored := self.square_score(i)) is not None:
                player, points = scored
                totals[player] += points
        return totals

    def layout_problems(self) -> list[str]:
        """What keeps the edited layout from starting (§2.3); empty when it may start."""
        kinds = {kind for kind, _, _ in filter(None, self.board)}
        problems = []
        if "B" not in kinds:
            problems.append("The layout needs at least one glacier (blue piece).")
        if "G" not in kinds:
            problems.append("The layout needs at least one forest (green piece).")
        return problems

    # -- protocol hooks ----------------------------------------------------------
    def _actors(self) -> tuple[str, ...]:
        return (_other(self.to_move),) if self.fire else (self.to_move,)

    def _decide(self) -> Outcome | None:
        if self.setup:
            return None
        if not self.glaciers_left:
            reason = "The last glacier is gone."
        elif self.idle >= 2:
            reason = "Neither player could act for a whole turn (the stall rule)."
        elif self.repetitions >= REPEATED:
            reason = "The same position came about a third time (our rule against endless play)."
        else:
            return None
        scores = self.scores()
        white, black = scores["white"], scores["black"]
        tally = f" Score: White {white}, Black {black}."
        if white == black:
            return Outcome((), reason + tally, scores)
        return Outcome(("white",) if white > black else ("black",), reason + tally, scores)

    def repetition_key(self) -> tuple:
        """Glaciers only ever shrink, merge or melt away: their total size on the board starts a new era.

        Once the pools run dry, glaciers can bounce between edges, mountains and
        each other for ever; the third time a position comes about, the game is
        scored as it stands (our rule, like the stall rule).
        """
        blue = sum(size if kind == "B" else top for kind, size, top in filter(None, self.board))
        return (self.setup, blue), (self.board, self.pool, self.pit, self.to_move, self.used, self.fire)

    def prompt(self, people: Collection[str] | None = None) -> str:
        if self.setup:
            return "Layout editor: place pieces from the supply, then press Start."
        if self.fire:
            return f"{self.actor_name(self.actors[0])}: play the fire."
        if self.outcome is not None:
            return ""
        return f"{self.actor_name(self.to_move)}: {self._actions_left()}"

    def _actions_left(self) -> str:
        """The turn's actions still to take, at every step of it (§3.2: each is mandatory while it has an
        option): "choose a forest, mountain, fire or glacier action.", "two actions left: fire, glacier.";
        an unused action without a legal option is named as such."""
        unused = [a for a in ACTIONS if a not in self.used]
        open_ = self.open_actions()
        stuck = [a for a in unused if a not in open_]
        why = (f" ({', '.join(stuck)} {'has' if len(stuck) == 1 else 'have'} no legal option)" if stuck and open_
               else "")
        if not open_:
            return "no action has a legal option: the turn passes."
        if not self.used:
            return f"choose a {either(open_)} action{why}."
        count = ("one", "two", "three", "four")[len(open_) - 1]
        return f"{count} action{'s' if len(open_) > 1 else ''} left: {', '.join(open_)}{why}."

    def open_actions(self) -> list[str]:
        """The turn's actions not yet taken that have a legal option."""
        return [a for a in ACTIONS if a not in self.used and any(m.startswith(f"{a}:") for m in self._moves())]

    def tally(self) -> dict[str, int]:
        """The score as it stands (§4); nothing while the layout is edited."""
        return {} if self.setup else self.scores()

    def effect(self, move: str, after: "TerrafexState") -> str:
        """What the square clicked becomes and what that does to the score: "d4 becomes a medium forest:
        White −1, Black +2"; a glacier's move says the score only; a fire's size selected, nothing yet."""
        parsed = _parse_move(move)
        if parsed[0] in ("select", "end"):
            return ""
        change = self.tally_change(self.tallied(), after.tallied())
        if not change:
            change = "the score stays " + ", ".join(f"{self.actor_name(p)} {n}" for p, n in self.tallied().items())
        if parsed[0] == "glacier":
            return change
        where = parsed[1]
        cell = after.board[INDEX[where]]
        return f"{where} becomes {describe(cell) if cell else 'empty'}: {change}"

    def asked_cells(self) -> tuple[str, ...]:
        """While a fire waits to be played, its legal squares (§3.6: the opponent places it)."""
        if not self.fire or self.outcome is not None:
            return ()
        return tuple(dict.fromkeys(self.path(m)[0] for m in self.legal_moves()))

    def automatic_move(self) -> str | None:
        return "end" if "end" in self._moves() else None

    def turn_of(self) -> str | None:
        """The active player, also while the opponent plays the fire they chose (§3.6: part of their turn)."""
        return self.to_move

    def setup_phase(self) -> str:
        return "layout" if self.setup else ""

    def _generate(self) -> dict[str, Action]:
        if self.setup:
            return self._editor_moves()
        if self.fire:
            return {f"fire:{how}:{NAMES[i]}": ("place", tx) for (how, i), tx in self._fire_options(self.fire).items()}
        moves: dict[str, Action] = {}
        board, used = self.board, self.used
        empty = [i for i, c in enumerate(board) if c is None]
        if "forest" not in used:
            large_forests = set()
            for i, c in enumerate(board):
                if c is None:
                    continue
                kind, size, top = c
                if kind == "G" and not top and size < 3 and self.pool_count("G", size + 1):
                    moves[f"forest:grow:{NAMES[i]}"] = ("grow", i)
                elif kind == "G" and size == 3:
                    large_forests.add(i)
            if self.pool_count("G", 1):
                for i in empty:
                    if not large_forests.isdisjoint(NEIGHBOURS[i]):
                        moves[f"forest:spread:{NAMES[i]}"] = ("put", i, "G", "forest")
        if "mountain" not in used:
            if self.pool_count("Y", 1):
                for i in empty:
                    moves[f"mountain:start:{NAMES[i]}"] = ("put", i, "Y", "mountain")
            for i, c in enumerate(board):
                if c is None:
                    continue
                kind, size, _ = c
                if kind == "Y" and size < 3 and self.pool_count("Y", size + 1):
                    moves[f"mountain:grow:{NAMES[i]}"] = ("grow", i)
        if "fire" not in used:
            for size in (1, 2, 3):
                if self.pool_count("R", size) and self._fire_options(size, first=True):
                    moves[f"fire:{size}"] = ("select", size)
        if "glacier" not in used:
            for i, c in enumerate(board):
                if _glacier_unit(c):
                    for d in "NESW":
                        try:
                            tx, pieces, squares = self._glide(i, d)
                        except (IllegalMoveError, _Short):
                            continue
                        self._add_glacier_moves(moves, i, d, tx, pieces, squares)
        if not moves:
            moves["end"] = ("end",)
        return moves

    def _add_glacier_moves(self, moves: dict[str, Action], i: int, d: str, tx: _Tx, pieces: tuple,
                           squares: list) -> None:
        """The move, or one per way to place the split pieces (equal pieces in either order)."""
        base = f"glacier:{NAMES[i]}{d}"
        if not pieces:
            moves[base] = ("glacier", (tx.board, tx.pool, tx.pit))
            return
        for chosen in permutations(squares, len(pieces)):
            board = list(tx.board)
            for size, where in zip(pieces, chosen):
                board[where] = ("B", size, 0)
            placed = ",".join(f"{s}@{NAMES[w]}" for s, w in zip(pieces, chosen))
            moves[f"{base}/{placed}"] = ("glacier", (board, tx.pool, tx.pit))

    def _editor_moves(self) -> dict[str, Action]:
        moves: dict[str, Action] = {}
        for i, c in enumerate(self.board):
            for kind in KINDS:
                for size in (1, 2, 3):
                    if self.pool_count(kind, size) and c != (kind, size, 0):  # on a piece: it replaces it
                        moves[f"put:{kind}{size}@{NAMES[i]}"] = ("edit", i, (kind, size, 0))
            if c is not None:
                moves[f"clear:{NAMES[i]}"] = ("edit", i, None)
        if not self.layout_problems():
            moves["start"] = ("start",)
        return moves

    # -- the fire (§3.6) ---------------------------------------------------------
    def _fire_options(self, size: int, first: bool = False) -> dict:
        """{(how, square): transaction} for a fire of `size`; with `first`, stop at the first."""
        cached = self.__dict__.setdefault("_fire_cache", {})
        if size in cached:
            return cached[size]
        options: dict = {}
        for i, c in enumerate(self.board):
            if c is None:
                how = "start" if size == 1 else None
            else:
                kind, old, top = c
                if kind == "R":
                    how = "grow" if old == size - 1 else None
                elif kind == "G" and top <= old:
                    how = "burn"
                else:
                    how = None
            if how is None:
                continue
            try:
                options[(how, i)] = self._fire_tx(i, size)
            except _Short:
                continue
            if first:
                return options
        cached[size] = options
        return options

    def _fire_tx(self, i: int, size: int) -> _Tx:
        """The fire of `size`, taken from the pool, played on square `i`."""
        tx = _Tx(self)
        tx.take("R", size)  # the selected piece always comes from the pool
        c = tx.board[i]
        if c is None:  # start (a small: spread is a start, A7)
            tx.board[i] = ("R", 1, 0)
            return tx
        kind, old, frost = c
        if kind == "R":  # grow: the old fire goes to the pit
            tx.to_pit(old)
            tx.board[i] = ("R", size, 0)
        elif frost:  # burn the frost only (A8)
            tx.to_pit(size)
            left = tx.shrink("B", frost, by=min(size, frost))
            tx.board[i] = ("G", old, left)
        else:  # burn the forest
            tx.to_pit(size)
            forest = old
            if size < forest:
                tx.board[i] = ("G", tx.shrink("G", forest, by=size), 0)
            else:
                tx.give("G", forest)
                tx.board[i] = None
                if size > forest:
                    tx.take_fire_for_burn(size - forest)
                    tx.board[i] = ("R", size - forest, 0)
        return tx

    # -- the glacier (§3.7) ------------------------------------------------------
    def _glide(self, x: int, d: str) -> tuple[_Tx, tuple, list]:
        """Move the glacier unit on `x` towards `d`: (transaction, split pieces, their candidate squares).

        Raises `IllegalMoveError` saying why the move is not allowed, or
        `_Short` when the pool lacks a piece.
        """
        board = self.board
        unit = board[x]
        t = _step(x, d)
        if t is None:
            raise IllegalMoveError(f"the glacier on {NAMES[x]} would leave the board.")
        if not self._glides_away(x, d):
            back = _step(x, BACK[d])
            assert back is not None  # with the edge behind it, a glacier glides away
            raise IllegalMoveError(
                f"a glacier moves only away from the edge, a mountain or another glacier directly behind it, "
                f"and {NAMES[back]} holds {describe(board[back])}.")
        unit_kind, unit_size, unit_top = unit
        capped = unit_kind == "G"
        blue, forest = (unit_top, unit_size) if capped else (unit_size, 0)
        tx = _Tx(self)
        target = board[t]
        tx.board[x] = None
        if target is None:
            tx.board[t] = unit
            return tx, (), []
        kind, size, top = target
        if _glacier_unit(target):  # merge (glacier or capped forest, either way)
            other_blue = top if kind == "G" else size
            merged = min(3, blue + other_blue)
            tx.give("B", blue)
            tx.give("B", other_blue)
            tx.take("B", merged)
            if capped and kind == "G":  # capped to capped: one medium forest stays (A17)
                tx.give("G", forest)
                tx.give("G", size)
                tx.take("G", 2)
                tx.board[t] = ("G", 2, merged)
            elif capped or kind == "G":
                tx.board[t] = ("G", forest or size, merged)
            else:
                tx.board[t] = ("B", merged, 0)
            return tx, (), []
        if kind == "G":
            if capped:
                raise IllegalMoveError(
                    f"a capped forest cannot move onto {describe(target)} on {NAMES[t]} (two forests "
                    "under one glacier do not exist in the rules, A16).")
            if top:  # frosted: the glacier and the frost merge on the forest
                merged = min(3, blue + top)
                tx.give("B", blue)
                tx.give("B", top)
                tx.take("B", merged)
                tx.board[t] = ("G", size, merged)
            else:  # the forest shrinks and the glacier sits on what is left
                left = tx.shrink("G", size)
                tx.board[t] = ("G", left, blue) if left else ("B", blue, 0)
            return tx, (), []
        if capped:
            tx.board[x] = ("G", forest, 0)  # the forest returns to the game where it was
        if kind == "R":  # melt
            tx.to_pit(size)
            tx.give("B", blue)
            if blue > size:
                tx.take("B", blue - size)
                tx.board[t] = ("B", blue - size, 0)
            elif blue < size:
                tx.take("R", size - blue)  # from the pool only (A11)
                tx.board[t] = ("R", size - blue, 0)
            else:
                tx.board[t] = None
            return tx, (), []
        if kind == "Y" and size == 1:  # push the small mountain two squares on (A13)
            beyond = _step(x, d, 3)
            if beyond is None:
                raise IllegalMoveError(f"the small mountain on {NAMES[t]} would be pushed off the board.")
            if board[beyond] is not None:
                raise IllegalMoveError(
                    f"the small mountain on {NAMES[t]} would be pushed to {NAMES[beyond]}, "
                    f"which holds {describe(board[beyond])}.")
            tx.board[x] = None
            tx.board[beyond] = ("Y", 1, 0)
            tx.board[t] = unit
            return tx, (), []
        # a medium or large mountain shrinks and the glacier splits around it
        tx.board[t] = ("Y", tx.shrink("Y", size), 0)
        pieces = (1,) * blue if size == 3 else {1: (1,), 2: (1, 1), 3: (1, 2)}[blue]
        tx.give("B", blue)
        for piece in pieces:
            tx.take("B", piece)
        squares = [s for s in [x] + [_step(t, side) for side in SIDEWAYS[d]] if s is not None and tx.board[s] is None]
        if not squares:
            raise IllegalMoveError(f"the glacier goes beside the mountain on {NAMES[t]}, but no square beside it "
                                   "is empty.")
        if len(squares) < len(pieces):
            raise IllegalMoveError(
                f"the glacier splits into {len(pieces)} pieces beside the mountain on {NAMES[t]}, but only "
                f"{len(squares)} of the squares beside it {'is' if len(squares) == 1 else 'are'} empty.")
        return tx, pieces, squares

    def _glides_away(self, x: int, d: str) -> bool:
        """§3.7: the glacier on `x` moves towards `d` only away from the edge, a mountain or another
        glacier directly behind it."""
        back = _step(x, BACK[d])
        if back is None:
            return True
        behind = self.board[back]
        if behind is None:
            return False
        kind, _, _ = behind
        return kind == "Y" or _glacier_unit(behind)

    # -- what the computer judges a position by (pyramids.ai) -------------------------------------
    def evaluation(self, level: str = "") -> Evaluation | None:
        """The score as it stands, plus what the next actions are about to change: the best option of
        each action the player to move has left this turn (its fire at the least harmful size, played
        by the opponent where it hurts most), and, at half weight, the opponent's whole next turn.

        Growing a piece moves it into another band (a medium scores for a square's middle band, a small
        or large for its outer one, §4), so each small or medium forest or mountain is points waiting
        for whoever grows it first, and a mountain started is a gift if the opponent can grow it: the
        current score alone sees none of that, nor the fire that the opponent will play.  Hard also
        counts a second growth that would gain the player points against it (`SPARE_GROWTH`): each
        growth moves a piece into the other player's band, so growths left waiting are the opponent's
        to take, or to burn, in turn.
        """
        if self.setup:
            return None
        spare = SPARE_GROWTH if level == "hard" else 0.0
        margin: float
        margin, swings = self.swings()  # White's margin, as are all the swings
        mover, other = self.to_move, _other(self.to_move)
        if self.fire:  # selected, waiting for the opponent
            margin += _fire_harm(swings[3], other, (self.fire,))
        margin += _turn_swing(swings, mover, self.used, self.pool, spare)
        margin += NEXT_TURN * _turn_swing(swings, other, (), self.pool, spare)
        return Evaluation(margins={"white": margin, "black": -margin}, scale=EVALUATION_SCALE)

    def search_key(self) -> tuple:
        return self.board, self.pool, self.pit, self.to_move, self.used, self.fire, self.idle

    def swings(self) -> tuple[int, tuple]:
        """White's margin (the score, §4), and what each legal option of each action would change it by,
        on the board as it stands: (forest, mountain, glacier, {fire size: options}); a fire's options
        are its placements by the opponent.  One pass over the board, the pool checked where an option
        needs a piece (as `_fire_tx` and the growths take them); a glacier's by its own rule (`_glide`)."""
        board, pool, pit = self.board, self.pool, self.pit
        forest: list[int] = []
        mountain: list[int] = []
        glacier: list[int] = []
        fire: dict[int, list] = {1: [], 2: [], 3: []}
        empty_sides = set()  # the values of a small piece on an empty square: +1 (White's) and/or -1
        margin = 0
        for i, cell in enumerate(board):
            p = POINTS[i]
            if cell is None:
                empty_sides.add(p[1])
                continue
            kind, size, top = cell
            if kind == "G" and top <= size:  # a forest, maybe frosted (a capped one is out of the game)
                margin += p[size]
                if size == 3 and pool[POOL["G", 1]]:  # spread
                    forest.extend(POINTS[n][1] for n in NEIGHBOURS[i] if board[n] is None)
                for s in (1, 2, 3):
                    if top:  # fire burns the frost only, and shrinks it with a smaller blue from the pool
                        if s >= top or pool[POOL["B", top - s]]:
                            fire[s].append(0)
                    elif s < size:  # the forest shrinks by the fire
                        if pool[POOL["G", size - s]]:
                            fire[s].append(p[size - s] - p[size])
                    elif s == size or pool[POOL["R", s - size]] or pit[s - size - 1]:  # a larger fire's rest stays
                        fire[s].append(-p[size] - p[s - size])
                if not top and size < 3 and pool[POOL["G", size + 1]]:
                    forest.append(p[size + 1] - p[size])
            elif kind == "Y":
                margin += p[size]
                if size < 3 and pool[POOL["Y", size + 1]]:
                    mountain.append(p[size + 1] - p[size])
            elif kind == "R":
                margin -= p[size]
                if size < 3:
                    fire[size + 1].append(p[size] - p[size + 1])  # a fire grows: -p is a fire's value
            if _glacier_unit(cell):
                glacier.extend(self._glide_swings(i))
        if pool[POOL["Y", 1]]:
            mountain.extend(empty_sides)
        fire[1].extend(-v for v in empty_sides)
        return margin, (forest, mountain, glacier, fire)

    def _glide_swings(self, x: int) -> list[int]:
        """What each legal move of the glacier unit on `x` changes White's margin by: the squares it
        changes (its own, the one it moves to, a small mountain's landing) before and after (§3.7)."""
        board, found = self.board, []
        for d in "NESW":
            if _step(x, d) is None or not self._glides_away(x, d):
                continue
            try:
                tx, _, _ = self._glide(x, d)
            except (IllegalMoveError, _Short):
                continue
            found.append(sum(_worth(i, tx.board[i]) - _worth(i, board[i])
                             for i in (x, _step(x, d), _step(x, d, 3)) if i is not None))
        return found

    # -- applying ------------------------------------------------------------------
    def _apply(self, action: Action) -> "TerrafexState":
        kind = action[0]
        if kind == "end":
            return self._next(self.board, self.pool, self.pit, to_move=_other(self.to_move), used=(),
                              idle=0 if self.used else self.idle + 1)
        if kind == "edit":
            _, i, cell = action
            tx = _Tx(self)
            old = tx.board[i]
            if old is not None:
                kind, size, _ = old
                tx.give(kind, size)
            if cell is not None:
                kind, size, _ = cell
                tx.take(kind, size)
            tx.board[i] = cell
            return self._next(tx.board, tx.pool, tx.pit)
        if kind == "start":
            return self._next(self.board, self.pool, self.pit, setup=False)
        if kind == "select":
            _, size = action
            return self._next(self.board, self.pool, self.pit, used=self._using("fire"), fire=size)
        if kind == "place":
            _, tx = action
            return self._next(tx.board, tx.pool, tx.pit, fire=0)
        if kind == "glacier":
            _, (board, pool, pit) = action
            return self._next(board, pool, pit, used=self._using("glacier"))
        tx = _Tx(self)
        if kind == "grow":
            _, i = action
            piece, size, _ = tx.board[i]
            tx.give(piece, size)
            tx.take(piece, size + 1)
            tx.board[i] = (piece, size + 1, 0)
            what = "forest" if piece == "G" else "mountain"
        else:  # put: start or spread a small piece
            _, i, piece, what = action
            tx.take(piece, 1)
            tx.board[i] = (piece, 1, 0)
        return self._next(tx.board, tx.pool, tx.pit, used=self._using(what))

    def _using(self, action: str) -> tuple:
        return tuple(a for a in ACTIONS if a in self.used or a == action)

    def _next(self, board, pool, pit, **changes) -> "TerrafexState":
        return evolve(self, board=tuple(board), pool=tuple(pool), pit=tuple(pit), **changes)

    # -- position notation -----------------------------------------------------------
    def to_text(self) -> str:
        rows = "/".join("".join(cell_text(c) for c in self.board[r * COLS:(r + 1) * COLS]) for r in range(ROWS))
        pool = ";".join(k + ",".join(str(n) for n in self.pool[j * 3:j * 3 + 3]) for j, k in enumerate(KINDS))
        fields = [rows, self.to_move[0], "used:" + (",".join(self.used) or "-"),
                  f"fire:{self.fire or '-'}", f"pool:{pool}", "pit:" + ",".join(map(str, self.pit)),
                  f"idle:{self.idle}"]
        if self.setup:
            fields.append("setup")
        return " ".join(fields + options_text(self.options, self.game) + self.repetition_token())

    # -- moves for people --------------------------------------------------------------
    def path(self, move: str) -> tuple[str, ...]:
        parsed = _parse_move(move)
        verb = parsed[0]
        if verb == "glacier":
            _, x, d, placed = parsed
            t = _step(INDEX[x], d)
            if t is None:
                raise IllegalMoveError(f"{move}: the glacier on {x} would leave the board.")
            return (x, NAMES[t]) + tuple(w for w, _ in placed)
        if verb in ("end", "start"):
            return (verb,)
        if verb == "select":
            return (f"pool:R{parsed[1]}",)
        if verb in ("forest:spread", "mountain:start"):
            return (f"pool:{'G' if verb[0] == 'f' else 'Y'}1", parsed[1])
        if verb == "put":
            return (f"pool:{parsed[2]}", parsed[1])
        return (parsed[1],)

    def paths(self, move: str) -> tuple[tuple[str, ...], ...]:
        """A piece from the pool is placed from either end: the pool's piece then its square, or the empty square
        first, which offers what can be placed there (so pointing at the square tells what it would score)."""
        path = self.path(move)
        if not self.setup and len(path) == 2 and path[0].startswith("pool:"):
            return path, path[1:]
        return (path,)

    def location_name(self, cell: str) -> str:
        """ "d4: medium forest — scores 2 for Black", "d5: empty", "pool: small fire, 3 left".

        A square says what it holds and what that scores for whom (its hover text and its
        name for screen readers), so nobody has to work out the bands by eye.
        """
        if cell in INDEX:
            i = INDEX[cell]
            contents = self.board[i]
            if contents is None:
                return f"{cell}: empty"
            scored = self.square_score(i)
            if scored is None:
                kind, _, _ = contents
                worth = "scores nothing while capped" if kind == "G" else "scores nothing"
            else:
                player, points = scored
                worth = (f"scores {points} for {player.capitalize()}" if points > 0
                         else f"costs {player.capitalize()} {-points}")
            return f"{cell}: {square_name(contents)} — {worth}"
        if cell.startswith("pool:") and len(cell) == 7 and cell[6] in "123":
            kind, size = cell[5], int(cell[6])
            return f"pool: {piece_name(kind, size)}, {self.pool_count(kind, size)} left"
        return {"start": "start the game", "end": "end the turn"}.get(cell, cell)

    def label(self, move: str) -> str:
        parsed = _parse_move(move)
        verb, where = parsed[0], parsed[1] if len(parsed) > 1 else ""
        if verb == "end":
            me, left = self.actor_name(self.to_move), [a for a in ACTIONS if a not in self.used]
            if not left:
                return f"{me} has taken all four actions: the turn passes."
            if len(left) == 4:
                return f"{me} can take no action at all: the turn passes."
            names = ", ".join(left[:-1]) + f" and {left[-1]}" if len(left) > 1 else left[0]
            return f"{me}'s turn ends: {names} {'have' if len(left) > 1 else 'has'} no legal option."
        if verb == "start":
            return "Start the game"
        if verb == "select":
            return f"Select a {SIZE_WORDS[parsed[1]]} fire for {self.actor_name(_other(self.to_move))} to play"
        if verb == "put":
            old = self.board[INDEX[where]]
            instead = f" in place of {describe(old)}" if old is not None else ""
            return f"Put a {piece_name(parsed[2][0], int(parsed[2][1]))} on {where}{instead}"
        if verb == "clear":
            return f"Clear {where}"
        if verb == "glacier":
            _, x, d, placed = parsed
            text = f"Glacier on {x} {DIRECTION_NAMES[d]}"
            if placed:
                text += ": " + ", ".join(f"{SIZE_WORDS[s]} to {w}" for w, s in placed)
            return text
        words = {"forest:grow": "Grow the forest on", "forest:spread": "Spread a small forest to",
                 "mountain:start": "Start a small mountain on", "mountain:grow": "Grow the mountain on",
                 "fire:start": "Start a fire on", "fire:grow": "Grow the fire on"}
        if verb == "fire:burn":
            _, _, top = self.board[INDEX[where]] or NO_CELL
            return f"Burn the {'frost' if top else 'forest'} on {where}"
        return f"{words[verb]} {where}"

    def places(self) -> dict[str, tuple[str, Any]]:
        """Each square, and the fire pit; not the pool, with which nearly every action trades."""
        return {name: (name, cell) for name, cell in zip(NAMES, self.board)} | {"pit": ("fire pit", self.pit)}

    def describe(self, move: str) -> str:
        """ "White grows the forest on d4", "Black plays the medium fire: burns the medium forest on g2 away; …",
        the turn's end as `label` says it: every square the move changes, and the fire pit."""
        parsed = _parse_move(move)
        verb = parsed[0]
        if verb == "end":
            return self.label(move).rstrip(".")
        who = self.actor_name(self.actor_of(move))
        action = self._moves().get(move.strip())
        if verb in ("fire:burn", "fire:start", "fire:grow") and action is not None:
            _, tx = action
            words = self._fire_words(verb, INDEX[parsed[1]], tx.board)
            return f"{who} plays the {SIZE_WORDS[self.fire]} fire: {words}"
        if verb == "glacier" and action is not None:
            _, (board, _, _) = action
            return f"{who} {self._glacier_words(parsed, board)}"
        third = {"forest:grow": "grows the forest on", "forest:spread": "spreads a small forest to",
                 "mountain:start": "starts a small mountain on", "mountain:grow": "grows the mountain on",
                 "fire:burn": "plays the fire: burns", "fire:start": "plays the fire: starts a fire on",
                 "fire:grow": "plays the fire: grows the fire on"}
        if verb in third:
            return f"{who} {third[verb]} {parsed[1]}"
        third = {"select": "selects", "put": "puts", "clear": "clears", "start": "starts", "glacier": "moves"}
        rest = self.label(move).split(" ", 1)
        return f"{who} {third[verb]} {rest[1] if len(rest) > 1 else 'the game'}"

    def _fire_words(self, verb: str, i: int, board) -> str:
        """What the fire does on square `i` (`board` after it), and the pieces it sends to the fire pit."""
        where, before, after = NAMES[i], self.board[i], board[i]
        if verb == "fire:start":
            return f"starts a small fire on {where}"
        kind, size, top = before
        after_kind, after_size, after_top = after or NO_CELL
        if verb == "fire:grow":
            return (f"grows the {piece_name('R', size)} on {where} to a {piece_name('R', after_size)}; "
                    f"the {piece_name('R', size)} goes to the fire pit")
        if top:
            burnt = f"the {SIZE_WORDS[top]} frost on the {piece_name('G', size)} on {where}"
            result = f" down to a {SIZE_WORDS[after_top]} frost" if after_top else " away"
        else:
            burnt = f"the {piece_name('G', size)} on {where}"
            result = (" away" if after is None else f" down to {describe(after)}" if after_kind == "G"
                      else f" away, leaving {describe(after)}")
        return f"burns {burnt}{result}; the {piece_name('R', self.fire)} goes to the fire pit"

    def _glacier_words(self, parsed: tuple, board) -> str:
        """A glacier move in words (`board` after it): where it goes, what it merges with, caps, frosts, shrinks,
        melts or pushes there, where its pieces go when it splits, and what stays behind or goes to the fire pit."""
        _, x, d, placed = parsed
        i = INDEX[x]
        t = _step(i, d)
        assert t is not None  # a glacier's legal move stays on the board
        unit, target, left = self.board[i], self.board[t], board[i]
        unit_kind, unit_size, unit_top = unit
        kind, size, top = target or NO_CELL
        mover = f"the {piece_name('B', unit_top if unit_kind == 'G' else unit_size)}"
        if unit_kind == "G" and left is None:
            mover += f" and the {piece_name('G', unit_size)} it caps"
        text = f"moves {mover} on {x} {DIRECTION_NAMES[d]}"
        if target is None:
            text += f" to {NAMES[t]}"
        elif _glacier_unit(target):
            text += f" to {NAMES[t]}, merging with {describe(target)} there into {describe(board[t])}"
        elif kind == "G" and top:
            text += (f" onto the {piece_name('G', size)} on {NAMES[t]}, merging with its {SIZE_WORDS[top]} "
                     f"frost: now {describe(board[t])}")
        elif kind == "G":
            now_kind, _, _ = board[t]
            shrunk = "which shrinks away under it" if now_kind == "B" else f"which shrinks: now {describe(board[t])}"
            text += f" onto the {piece_name('G', size)} on {NAMES[t]}, {shrunk}"
        elif kind == "R":
            outcome = f", leaving {describe(board[t])}" if board[t] else ": both are gone"
            text += (f" to {NAMES[t]}, melting with {describe(target)} there{outcome}; "
                     f"the {piece_name('R', size)} goes to the fire pit")
        elif not placed:
            pushed = _step(i, d, 3)
            assert pushed is not None  # a push legal only onto the board
            text += f", pushing the small mountain on {NAMES[t]} to {NAMES[pushed]}"
        else:
            mountain = f"the {piece_name('Y', size)} on {NAMES[t]}"
            if len(placed) == 1:
                text += f": {mountain} shrinks; the glacier, too small to split, goes beside it, to {placed[0][0]}"
            else:
                text += f": {mountain} shrinks and the glacier splits, " + ", ".join(
                    f"{SIZE_WORDS[s]} to {w}" for w, s in placed)
        if left is not None and x not in (w for w, _ in placed):
            text += f"; {describe(left)} stays on {x}"
        return text

    def guide(self, selection, actor: str | None = None) -> Guidance:
        """As the protocol's, plus: a glacier against a mountain says which piece to place next, and in the editor a
        supply piece clicked onto the same piece changes nothing (rather than clearing it)."""
        selection = tuple(selection)
        found = super().guide(selection, actor)
        if not found.ok and self.setup and len(selection) == 2 and selection[0].startswith("pool:") \
                and selection[1] in INDEX and self.board[INDEX[selection[1]]] is not None:
            held = describe(self.board[INDEX[selection[1]]])  # the same piece: nothing to replace, nothing cleared
            return Guidance((), message=f"{selection[1]} already holds {held}: nothing to change.")
        if found.ok and found.targets and len(selection) == 1:
            if selection[0].startswith("pool:"):
                kind, size = selection[0][5], int(selection[0][6])
                return Guidance(selection, found.targets, found.moves,
                                f"Choose a lit square for the {piece_name(kind, size)}.")
            return Guidance(selection, found.targets, found.moves, "Choose a lit square: where the glacier goes.")
        if found.ok and found.targets and len(selection) >= 2 and selection[0] in INDEX:
            for move in self._moves():
                parsed = _parse_move(move)
                if parsed[0] == "glacier" and self.path(move)[:len(selection)] == selection and \
                        len(parsed[3]) > len(selection) - 2:
                    size = parsed[3][len(selection) - 2][1]
                    message = (f"The glacier splits: choose where the {SIZE_WORDS[size]} glacier goes."
                               if len(parsed[3]) > 1 else
                               "The mountain shrinks; the small glacier does not split: choose where it goes "
                               "beside the mountain.")
                    if selection[0] in found.targets:  # drawn there until the move is made, but free for it [A14]
                        message += f" The square it leaves, {selection[0]}, counts as empty."
                    return Guidance(selection, found.targets, found.moves, message)
        return found

    def explain(self, move: str) -> GameErrorLike:
        text = move.strip() if isinstance(move, str) else repr(move)
        try:
            parsed = _parse_move(text)
        except InvalidMoveError as err:
            return err
        return IllegalMoveError(f"{text}: {self._reason(parsed)}")

    def _reason(self, parsed: tuple) -> str:
        verb = parsed[0]
        me, opponent = self.actor_name(self.to_move), self.actor_name(_other(self.to_move))
        if self.setup:
            if verb == "start":
                return " ".join(self.layout_problems())
            if verb not in ("put", "clear"):
                return "the layout is still being edited; press Start when it is ready."
            cell = self.board[INDEX[parsed[1]]]
            if verb == "clear":
                return f"{parsed[1]} is already empty."
            kind, size = parsed[2][0], int(parsed[2][1])
            if cell == (kind, size, 0):
                return f"{parsed[1]} already holds {describe(cell)}."
            return f"the supply has no {piece_name(kind, size)} left ({SUPPLY[size]} in all)."
        if verb in ("put", "clear", "start"):
            return "the layout editor is only open at the start of a custom layout."
        if self.fire:
            if not verb.startswith("fire:") or verb == "select":
                return f"{opponent} must play the {SIZE_WORDS[self.fire]} fire first."
            return self._fire_reason(verb.split(":")[1], INDEX[parsed[1]], self.fire)
        if verb == "end":
            left = [a for a in ACTIONS if a not in self.used]
            return f"the turn cannot end while an unused action has a legal option ({', '.join(left)})."
        action = "fire" if verb in ("select", "fire:start", "fire:grow", "fire:burn") else verb.split(":")[0]
        if action in self.used:
            return f"{me} has already used the {action} action this turn."
        if verb.startswith("fire:"):
            return f"the active player selects a fire's size (fire:1, fire:2, fire:3); {opponent} then plays it."
        if verb == "select":
            size = parsed[1]
            if not self.pool_count("R", size):
                return f"the pool has no {piece_name('R', size)}."
            return f"a {piece_name('R', size)} could not be played anywhere."
        if verb == "glacier":
            _, x, d, placed = parsed
            i = INDEX[x]
            if not _glacier_unit(self.board[i]):
                return f"{x} holds {describe(self.board[i])}, not a glacier."
            try:
                _, pieces, squares = self._glide(i, d)
            except IllegalMoveError as err:
                return str(err)
            except _Short as err:
                return f"{err}."
            if not pieces:
                return "this glacier move places no piece: write it without placements."
            around = ", ".join(NAMES[s] for s in squares)
            if len(pieces) == 1:
                return (f"the small glacier does not split; write the square it goes to, one of {around} "
                        f"(e.g. /1@{NAMES[squares[0]]}).")
            sizes = ", ".join(SIZE_WORDS[p] for p in pieces)
            return f"the glacier splits into {sizes} (smallest first), each on a different empty square of {around}."
        where = parsed[1]
        i = INDEX[where]
        cell = self.board[i]
        piece = "G" if action == "forest" else "Y"
        if verb.endswith(":grow"):
            kind, size, top = cell or NO_CELL
            if kind != piece:
                return f"{where} holds {describe(cell)}, not a {KIND_NAMES[piece]}."
            if top and top > size:
                return "a capped forest is out of the game until its glacier melts or splits."
            if top:
                return "a frosted forest may not grow."
            if size == 3:
                return "a large piece may not grow."
            return f"the pool has no {piece_name(piece, size + 1)}."
        if cell is not None:
            return f"{where} holds {describe(cell)}; a new piece goes on an empty square."
        if not self.pool_count(piece, 1):
            return f"the pool has no {piece_name(piece, 1)}."
        return "a forest spreads only next to a large forest."

    def _fire_reason(self, how: str, i: int, size: int) -> str:
        cell = self.board[i]
        if how == "start":
            return "only a small fire starts on an empty square." if cell is None else \
                f"{NAMES[i]} holds {describe(cell)}; a fire starts on an empty square."
        kind, old, top = cell or NO_CELL
        if how == "grow":
            if kind != "R" or old != size - 1:
                return f"a {SIZE_WORDS[size]} fire grows only a {SIZE_WORDS.get(size - 1, 'smaller')} fire."
        elif kind != "G" or top > old:
            return f"fire burns only a forest or its frost, and {NAMES[i]} holds {describe(cell)}."
        try:
            self._fire_tx(i, size)
        except _Short as err:
            return f"{err}."
        return "that is not how this fire can be played here."

    def hint(self, selection: tuple[str, ...]) -> str:
        if not selection:
            return ""
        last = selection[-1]
        if self.setup:
            if last.startswith("pool:") and last[5:] in PIECE_CODES:
                return f"The supply has no {piece_name(last[5], int(last[6]))} left."
            if last in INDEX and len(selection) == 1:
                return "Pick a piece from the supply first, then the square it goes on."
            return " ".join(self.layout_problems()) if last == "start" else "Nothing can be done there."
        who = self.actor_name(self.actors[0])
        if self.fire:
            return f"{who}: play the {SIZE_WORDS[self.fire]} fire on one of the lit squares."
        if last.startswith("pool:") and last[5:] in PIECE_CODES:
            kind, size = last[5], int(last[6])
            if self.pool_count(kind, size) == 0:
                return f"The pool has no {piece_name(kind, size)}."
            action = KIND_NAMES[kind] if kind != "B" else "glacier"
            if {"G": "forest", "Y": "mountain", "R": "fire", "B": "glacier"}[kind] in self.used:
                return f"{who} has already used the {action} action this turn."
            return f"A {piece_name(kind, size)} from the pool cannot be played now."
        if last not in INDEX:
            return "Nothing can be done there."
        cell = self.board[INDEX[last]]
        if len(selection) == 1:
            if cell is None:
                fire = ": the fire action left begins in the Pool, with a fire chosen there" \
                    if self.open_actions() == ["fire"] else ""  # on a phone the pool is far under the board
                return f"Nothing can be placed on {last} now{fire}."
            if _glacier_unit(cell):
                if "glacier" in self.used:
                    return f"{who} has already used the glacier action this turn."
                return ("This glacier cannot move: it moves away from the edge, a mountain or a glacier "
                        "directly behind it, and only where the result is allowed.")
            kind, _, _ = cell
            action = {"G": "forest", "Y": "mountain", "R": "fire"}[kind]
            if action in self.used:
                return f"{who} has already used the {action} action this turn."
            return f"{describe(cell).capitalize()} on {last} cannot be changed now."
        first = selection[0]
        if first in INDEX and _glacier_unit(self.board[INDEX[first]]) and len(selection) == 2:
            a, b = INDEX[first], INDEX[last]
            d = next((d for d in "NESW" if _step(a, d) == b), None)
            if d is None:
                return "A glacier moves one square north, east, south or west."
            try:
                self._glide(a, d)
            except IllegalMoveError as err:
                return str(err)[0].upper() + str(err)[1:]
            except _Short as err:
                return f"{str(err).capitalize()}."
        return "Nothing can be done there."


GameErrorLike = IllegalMoveError | InvalidMoveError

MOVE_RE = re.compile(
    r"(?P<end>end)|(?P<start>start)|fire:(?P<size>[123])"
    r"|(?P<verb>forest:grow|forest:spread|mountain:start|mountain:grow|fire:start|fire:grow|fire:burn|clear)"
    r":(?P<sq>[a-h][1-7])"
    r"|put:(?P<piece>[GYRB][123])@(?P<put>[a-h][1-7])"
    r"|glacier:(?P<from>[a-h][1-7])(?P<dir>[NESW])(?:/(?P<placed>[123]@[a-h][1-7](?:,[123]@[a-h][1-7]){0,2}))?"
)
NOTATION_HELP = ("write forest:grow:d4, forest:spread:d4, mountain:start:d4, mountain:grow:d4, fire:2, "
                 "fire:start:d4 / fire:grow:d4 / fire:burn:d4, glacier:c3E (glacier:c3E/1@c2,2@b3 when it "
                 "splits) or end")


def _parse_move(move: str) -> tuple:
    """A move's parts: (verb, ...); `InvalidMoveError` when it is not Terrafex notation."""
    found = MOVE_RE.fullmatch(move.strip()) if isinstance(move, str) else None
    if found is None:
        raise InvalidMoveError(f"{quote(move)} is not a move: {NOTATION_HELP}.")
    g = found.groupdict()
    if g["end"] or g["start"]:
        return (g["end"] or g["start"],)
    if g["size"]:
        return ("select", int(g["size"]))
    if g["verb"]:
        return (g["verb"], g["sq"])
    if g["put"]:
        return ("put", g["put"], g["piece"])
    placed = tuple((w, int(s)) for s, w in (p.split("@") for p in g["placed"].split(","))) if g["placed"] else ()
    return ("glacier", g["from"], g["dir"], placed)


class LayoutOption(Option):
    """Layout 1, Layout 2, or a custom layout built in the editor before play."""

    def text(self, choice: Any) -> str:
        return {"1": "Layout 1", "2": "Layout 2", "custom": "Custom (draw it in the layout editor)"}[choice]


class Terrafex(Game):
    """Terrafex for two players; White moves first."""

    id = "terrafex"
    title = "Terrafex"
    min_players = 2
    max_players = 2
    fixed_seats = PLAYERS  # also with a custom layout, whose editor the seats' walk would wander in
    # A turn is four actions in any order and the opponent's fire: the computer's stronger levels plan it
    # whole, and Hard searches the opponent's reply after its best plans (no chance comes between).
    computer = Computer(search="turns", replies=True)
    options = (
        LayoutOption("layout", "Layout", "1", choices=("1", "2", "custom"),
                     help="The starting pieces: one of the rules' two layouts, or your own, "
                          "placed on an empty board before play (it is part of the game's link)."),
    )

    def _initial(self, options: dict[str, Any]) -> TerrafexState:
        board: list = [None] * (COLS * ROWS)
        for name, piece in LAYOUTS.get(options["layout"], {}).items():
            board[INDEX[name]] = (piece[0], int(piece[1]), 0)
        pool = [SUPPLY[j % 3 + 1] for j in range(12)]
        for kind, size, _ in filter(None, board):
            pool[_pool_index(kind, size)] -= 1
        return TerrafexState(self, tuple(board), tuple(pool), (0, 0, 0), "white", (), 0, 0,
                             options["layout"] == "custom", MappingProxyType(options))

    def _parse_position(self, text: str) -> TerrafexState:
        fields = text.split()
        example = self.new().to_text()
        if len(fields) < 7:
            raise PositionError(f"Terrafex: {quote(text)} needs the board, the side to move, used:, fire:, "
                                f"pool:, pit: and idle:, e.g. '{example}'.")
        rows = fields[0].split("/")
        if len(rows) != ROWS:
            raise PositionError(f"Terrafex: the board has {len(rows)} rows; it needs {ROWS}.")
        board: list = []
        for r, row in enumerate(rows, 1):
            tokens = re.findall(r"\.|G[123][fc][123]|[GYRB][123]|.", row)
            if len(tokens) != COLS or any(len(t) == 1 and t != "." for t in tokens):
                raise PositionError(f"Terrafex: row {r} ({quote(row)}) must be {COLS} squares, each '.' or a piece "
                                    "such as G2, Y1, R3, B2, G3f1 (frosted) or G1c3 (capped).")
            for c, token in enumerate(tokens):
                board.append(_parse_cell(token, NAMES[(r - 1) * COLS + c]))
        if fields[1] not in ("w", "b"):
            raise PositionError(f"Terrafex: the side to move is 'w' or 'b', not {quote(fields[1])}.")
        to_move = "white" if fields[1] == "w" else "black"
        values = {}
        for field, key in zip(fields[2:7], ("used", "fire", "pool", "pit", "idle")):
            name, sep, value = field.partition(":")
            if name != key or not sep:
                raise PositionError(f"Terrafex: expected {key}:… in place of {quote(field)}.")
            values[key] = value
        used = () if values["used"] == "-" else tuple(values["used"].split(","))
        if any(a not in ACTIONS for a in used) or len(set(used)) != len(used):
            raise PositionError(f"Terrafex: used:{values['used']} must list actions among {', '.join(ACTIONS)}, "
                                "once each.")
        used = tuple(a for a in ACTIONS if a in used)
        if values["fire"] not in ("-", "1", "2", "3"):
            raise PositionError(f"Terrafex: fire:{values['fire']} must be '-' or a size 1-3.")
        fire = 0 if values["fire"] == "-" else int(values["fire"])
        pool = _parse_pool(values["pool"])
        pit = _counts(values["pit"], "pit")
        if values["idle"] not in ("0", "1", "2"):
            raise PositionError(f"Terrafex: idle:{values['idle']} must be 0, 1 or 2.")
        rest, seen = repetition_count(fields[7:])
        setup = bool(rest) and rest[0] == "setup"
        options = parse_options_text(rest[1:] if setup else rest, self)
        _check_supply(board, pool, pit)
        if fire and ("fire" not in used or not pool[_pool_index("R", fire)]):
            raise PositionError(f"Terrafex: a {SIZE_WORDS[fire]} fire waits to be played, so the fire action is "
                                "used and that piece is still in the pool.")
        if setup and (options["layout"] != "custom" or used or fire or any(pit) or values["idle"] != "0"
                      or to_move != "white" or any(top for _, _, top in filter(None, board))):
            raise PositionError("Terrafex: the layout editor opens only for layout=custom, before any play: "
                                "White to move, nothing used, an empty fire pit and no stacked pieces.")
        state = TerrafexState(self, tuple(board), pool, pit, to_move, used, fire, int(values["idle"]), setup,
                              MappingProxyType(options))
        if fire and not state._fire_options(fire):
            raise PositionError(f"Terrafex: a {SIZE_WORDS[fire]} fire waits to be played, but it has nowhere to go.")
        return state.with_repetitions(seen)


def _parse_cell(token: str, where: str):
    if token == ".":
        return None
    if len(token) == 2:
        return (token[0], int(token[1]), 0)
    forest, mark, blue = int(token[1]), token[2], int(token[3])
    if mark == "f" and blue > forest:
        raise PositionError(f"Terrafex: {token} on {where}: a frost ({SIZE_WORDS[blue]}) bigger than its forest "
                            f"({SIZE_WORDS[forest]}) is a cap; write G{forest}c{blue}.")
    if mark == "c" and blue <= forest:
        raise PositionError(f"Terrafex: {token} on {where}: a cap is bigger than its forest; a "
                            f"{SIZE_WORDS[blue]} glacier on a {SIZE_WORDS[forest]} forest is frost (G{forest}f{blue}).")
    return ("G", forest, blue)


def _counts(text: str, what: str) -> tuple[int, int, int]:
    parts = text.split(",")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise PositionError(f"Terrafex: {what} counts are three numbers (small, medium, large), not {quote(text)}.")
    return int(parts[0]), int(parts[1]), int(parts[2])


def _parse_pool(text: str) -> tuple:
    groups = text.split(";")
    if len(groups) != 4 or [g[:1] for g in groups] != list(KINDS):
        raise PositionError(f"Terrafex: pool:{text} must give G, Y, R and B counts, e.g. G3,1,4;Y5,5,4;R5,5,4;B5,5,0.")
    return tuple(n for g in groups for n in _counts(g[1:], f"the pool's {COLOUR_NAMES[g[0]]}"))


def _check_supply(board: list, pool: tuple, pit: tuple) -> None:
    """Every piece is on the board, in the pool or (red) in the fire pit, exactly once."""
    on_board = [0] * 12
    for kind, size, top in filter(None, board):
        on_board[_pool_index(kind, size)] += 1
        if top:
            on_board[_pool_index("B", top)] += 1
    for j in range(12):
        kind, size = KINDS[j // 3], j % 3 + 1
        total = on_board[j] + pool[j] + (pit[size - 1] if kind == "R" else 0)
        if total != SUPPLY[size]:
            where = f"{on_board[j]} on the board, {pool[j]} in the pool" + (
                f" and {pit[size - 1]} in the fire pit" if kind == "R" else "")
            problem = "more pieces than the supply" if total > SUPPLY[size] else "pieces are missing"
            raise PositionError(f"Terrafex: {COLOUR_NAMES[kind]} {SIZE_WORDS[size]}s: {where} make {total}, but "
                                f"there are {SUPPLY[size]} ({problem}).")


# -- the computer's evaluation (pyramids.ai searches with it) ----------------------------------------
POINTS = tuple((0,) + tuple(s if band_owner(i, s) == "white" else -s for s in (1, 2, 3)) for i in range(COLS * ROWS))
POOL = {(kind, size): _pool_index(kind, size) for kind in KINDS for size in (1, 2, 3)}  # where a piece's count is
NEXT_TURN = 0.5  # the opponent's next turn counts half: the player to move answers it in turn
EVALUATION_SCALE = 3.0  # points between the sides' margins (twice one's lead) for odds of about three to one
# Hard's own view: a second forest or mountain growth that would gain the player points, counted against
# it.  Hard against greedy won 260 games of 280 with it against 244 without; in every level's evaluation it
# also made Easy and Medium stronger against Hard and Medium weaker against greedy (docs/performance-notebook.md).
SPARE_GROWTH = 0.3


def _worth(i: int, cell: Cell | None) -> int:
    """What the piece on square `i` scores for White (§4): a fire against its band's owner; blue and a
    capped forest nothing."""
    if cell is None:
        return 0
    kind, size, top = cell
    if kind == "B" or top > size:
        return 0
    return -POINTS[i][size] if kind == "R" else POINTS[i][size]


def _turn_swing(swings: tuple, player: str, used: tuple, pool: tuple, spare_growth: float = 0.0) -> float:
    """What `player`'s best option of each action not in `used` changes White's margin by, less
    `spare_growth` of a second forest or mountain growth that would gain it points."""
    sign = 1 if player == "white" else -1
    change = 0.0
    for action, options in zip(("forest", "mountain", "glacier"), swings):
        if action not in used and options:
            change += sign * max(sign * o for o in options)
            if spare_growth and action != "glacier" and len(options) > 1:  # (no sort where it counts nothing)
                second = heapq.nlargest(2, (sign * o for o in options))[1]
                change -= sign * spare_growth * max(0, second)
    if "fire" not in used:
        sizes = [s for s in (1, 2, 3) if pool[POOL["R", s]]]
        change += _fire_harm(swings[3], _other(player), sizes)
    return change


def _fire_harm(options: dict, placer: str, sizes) -> float:
    """A fire the opponent plays where it hurts most, of the selectable size where that hurts least (§3.6)."""
    sign = 1 if placer == "white" else -1
    harms = [max(sign * o for o in options[s]) for s in sizes if options[s]]
    return sign * min(harms) if harms else 0.0


GAME = Terrafex()
