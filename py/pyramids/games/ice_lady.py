"""Ice Lady: Turkish checkers played with pyramids (Olle Johansson, 2006).

Rules as read in docs/rules/ice-lady.md: 8x8 board, every square playable.
Smalls step or jump-capture diagonally forward, mediums move exactly two
squares forward or sideways (capturing what they jump), kings move 1-3
squares in any of 8 directions and king trees as far as their pip total.
One capture at most per move, no chains; capturing is optional unless the
``mandatory_capture`` option is on.  A small or medium ending on the far row
may be replaced by a king from the reserve of four larges, and may join its
own king there to form a tree.  You win when the opponent has no pieces left
or cannot move.  Our rule, not the seed's: the third time the same position
comes about with the same side to move, the game is drawn (it would
otherwise never end when two kings chase each other).  A player may offer a
draw, which the other accepts or declines, or resign (``offer-draw``,
``accept-draw``, ``decline-draw``, ``resign``: the core's agreement moves).
Three kings against a lone king are solved (`three_kings`: a table made by
tools/ice_lady_kings.py), so the computer knows that ending's draws and wins,
and four kings are led to the positions where three of them win (`four_kings`).

Move notation (squares a1..h8, White's first row is rank 1):

* ``c3-d4``   a unit moves from c3 to d4 and captures nothing;
* ``c3xe5``   a capture: the one opponent unit on the path (d4) loses its top piece;
* ``=K``      suffix: the small or medium ending on the far row is replaced by a
  king from reserve (``b7-c8=K``; ``b7-c8`` keeps the piece, it may promote
  on a later move along that row).

A small or medium moving onto its own king (or king + medium) on the far row
joins it as a tree; the move is written like any other (``e7-d8``).

Position notation, FEN-like: the ranks from 8 down to 1 separated by ``/``,
each a run of squares where a digit counts empty squares, ``S``/``M``/``K``
is a small, medium or king and a bracketed group is a king tree bottom to top
(``[KM]``, ``[KS]``, ``[KMS]``); White is upper case, Black lower case.  Then
the side to move (``w``/``b``), White's and Black's larges in reserve, the
options that differ from their defaults, and ``seen=N`` once the position has
come about N times (2 or 3: a draw)::

    8/2mmmm2/2ssss2/8/8/2SSSS2/2MMMM2/8 w 4 4                      the start
    [KM]7/8/8/3s4/8/8/8/7K b 2 3 mandatory_capture=1
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

from ..core import (
    AGREEMENT_MOVES, REPEATED, REPETITION_RULE, Computer, Evaluation, Game, IllegalMoveError, InvalidMoveError, Option,
    Outcome, PositionError, State, agreement_from, options_text, parse_options_text, quote, repetition_count,
)
from ..grid import join_row, split_row, square

PLAYERS = ("white", "black")
SIZE = 8
STOCK = 4  # pieces of each size a player owns; the larges start in reserve

NAMES = tuple(square(i % SIZE, i // SIZE) for i in range(SIZE * SIZE))
ROW_OF = tuple(i // SIZE for i in range(SIZE * SIZE))
INDEX = {name: i for i, name in enumerate(NAMES)}

# Compass directions as (column step, row step): N, NE, E, SE, S, SW, W, NW.
DIRECTIONS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


def _ray(index: int, step: tuple[int, int]) -> tuple[int, ...]:
    """The squares from `index` outwards in one direction, up to the edge."""
    col, row = index % SIZE, index // SIZE
    out: list[int] = []
    while True:
        col, row = col + step[0], row + step[1]
        if not (0 <= col < SIZE and 0 <= row < SIZE):
            return tuple(out)
        out.append(row * SIZE + col)


RAYS = tuple(tuple(_ray(i, step) for step in DIRECTIONS) for i in range(SIZE * SIZE))

FORWARD = {"white": 1, "black": -1}
FAR_ROW = {"white": SIZE - 1, "black": 0}  # the opponent's first row, where promotion happens
SMALL_DIRECTIONS = {"white": (1, 7), "black": (3, 5)}  # diagonally forward
MEDIUM_DIRECTIONS = {"white": (0, 2, 6), "black": (4, 2, 6)}  # forward and both sideways

UNITS = ("S", "M", "K", "KM", "KS", "KMS")  # bottom -> top
RANGE = {"K": 3, "KS": 4, "KM": 5, "KMS": 6}  # pip totals
JOINS = {("M", "K"): "KM", ("S", "K"): "KS", ("S", "KM"): "KMS"}
KIND = {
    "S": "small", "M": "medium", "K": "king",
    "KM": "king tree (K+M)", "KS": "king tree (K+S)", "KMS": "king tree (K+M+S)",
}

MOVE_RE = re.compile(r"([a-h][1-8])([-x])([a-h][1-8])(=K)?")
NOTATION_HELP = "write a move like c3-d4, a capture like c3xe5, and add =K to promote (b7-c8=K)"


# A square holds None or a Cell (built in the search's hot loop, so a plain tuple, named here):
Cell = tuple[str, str]  # (owner, pieces bottom to top: "S", "M", "K", "KM", "KS" or "KMS")
NO_CELL: Cell = ("", "")  # an empty square read as a Cell (`cell or NO_CELL`): no owner, no pieces
# A legal move as the rules apply it (built in the computer's hot loop, so a plain tuple, named here):
Action = tuple[int, int, int, bool]  # (from square, to square, captured square or -1, promotes to a king)


def _other(player: str) -> str:
    return "black" if player == "white" else "white"


def _rank_text(row: int) -> str:
    return f"rank {row + 1}"


def _start_board() -> tuple:
    board: list = [None] * (SIZE * SIZE)
    for col in range(2, 6):
        board[1 * SIZE + col] = ("white", "M")
        board[2 * SIZE + col] = ("white", "S")
        board[5 * SIZE + col] = ("black", "S")
        board[6 * SIZE + col] = ("black", "M")
    return tuple(board)


@dataclass(frozen=True, eq=False, repr=False)
class IceLadyState(State):
    """A position: 64 cells (None or (player, pieces bottom->top)), side to move, reserves."""

    game: "IceLady"
    board: tuple
    to_move: str
    reserve_counts: tuple[int, int]  # larges in reserve, in PLAYERS order
    options: Mapping[str, Any]

    # -- read-only views for the board drawing ---------------------------------
    @property
    def units(self) -> dict[str, tuple[str, str]]:
        """{square: (player, pieces bottom->top)} for every occupied square."""
        return {NAMES[i]: cell for i, cell in enumerate(self.board) if cell is not None}

    @property
    def reserve(self) -> dict[str, int]:
        return dict(zip(PLAYERS, self.reserve_counts))

    def __repr__(self) -> str:
        return f"<IceLadyState {self.to_text()!r}>"

    # -- protocol hooks ----------------------------------------------------------
    def _actors(self) -> tuple[str, ...]:
        return (self.to_move,)

    def repetition_key(self) -> tuple:
        """Captures, promotions and a small's or medium's step forward can never be undone: a new era.

        The era only ever grows (material falls, `progress` rises), so a position of an
        earlier era can never come back and need not be remembered.
        """
        material = progress = 0  # one pass: the search computes this at every position it makes
        for row, cell in zip(ROW_OF, self.board):
            if cell is not None:
                owner, pieces = cell
                material += len(pieces)
                if pieces in "SM":
                    progress += row if owner == "white" else -row  # forward is up for White only
        return (material, self.reserve_counts, progress), (self.board, self.to_move)

    def drawn_ending(self) -> bool:
        """An ending nobody can win, where the computer offers and accepts a draw.

        A lone plain king against one or two, the side to move unable to capture: two kings cannot take a
        lone king that takes care (a retrograde analysis of every such position found none lost with the
        lone king to move; docs/performance-notebook.md).  Three against one, unless the table of the positions
        the three win says otherwise (`three_kings`).  A small left unpromoted on the far row never moves
        again (`dead_small`): with one or two kings it counts for nothing.
        """
        kings: dict[str, int] = {player: 0 for player in PLAYERS}
        dead = False
        for i, cell in enumerate(self.board):
            if cell is not None:
                if dead_small(i, cell):
                    dead = True
                    continue
                owner, pieces = cell
                if pieces != "K":
                    return False
                kings[owner] += 1
        found = sorted(kings.values())
        if found == [1, 3] and not dead:
            return three_kings(self) == NEVER
        if found not in ([1, 1], [1, 2]):
            return False
        return not any(captured >= 0 for _, _, captured, _ in self._generate().values())

    # -- what the computer judges a position by (pyramids.ai) ------------------------------------
    def evaluation(self, level: str = "") -> Evaluation:
        """Each side's lead in pawns (`lead`), its material alone as what a move banks at once."""
        lead, material = _lead(self)
        return Evaluation(margins={"white": lead, "black": -lead}, scale=EVALUATION_SCALE,
                          banked={"white": material, "black": -material})

    def search_key(self) -> tuple:
        return self.board, self.to_move, self.reserve_counts

    def forcing(self, move: str) -> int:
        """A promotion (2), else a capture (1): tried first, and searched on past the horizon."""
        return 2 if "=" in move else 1 if "x" in move else 0

    def _decide(self) -> Outcome | None:
        me = self.to_move
        winner = (_other(me),)
        if self.repetitions >= REPEATED:
            return Outcome((), REPETITION_RULE)
        if self._generate():
            return None
        if not any(owner == me for owner, _ in filter(None, self.board)):
            return Outcome(winner, f"{me.capitalize()} has no pieces left.")
        return Outcome(winner, f"{me.capitalize()} cannot move.")

    def _generate(self) -> dict[str, Action]:
        """Legal moves, filtered to captures when captures are mandatory and one exists."""
        moves = self.__dict__.get("_legal")
        if moves is None:
            moves = self._candidates()
            if self.options["mandatory_capture"]:
                captures = {}
                for move, action in moves.items():
                    _, _, captured, _ = action
                    if captured >= 0:
                        captures[move] = action
                moves = captures or moves
            self.__dict__["_legal"] = moves
        return moves

    def _candidates(self) -> dict[str, Action]:
        """Every move the pieces allow, captures optional: {move: (from, to, captured, promote)}."""
        board, me = self.board, self.to_move
        far_row = FAR_ROW[me]
        can_promote = self.reserve_counts[PLAYERS.index(me)] > 0
        moves: dict[str, Action] = {}

        def land(frm: int, to: int, captured: int, piece: str) -> None:
            """Add the move of a lone small or medium to `to`, if it may end there."""
            target = board[to]
            text = NAMES[frm] + ("x" if captured >= 0 else "-") + NAMES[to]
            if target is None:
                moves[text] = (frm, to, captured, False)
                if can_promote and to // SIZE == far_row:
                    moves[text + "=K"] = (frm, to, captured, True)
            else:
                owner, pieces = target
                if owner == me and to // SIZE == far_row and (piece, pieces) in JOINS:
                    moves[text] = (frm, to, captured, False)

        for frm, cell in enumerate(board):
            if cell is None:
                continue
            owner, pieces = cell
            if owner != me:
                continue
            rays = RAYS[frm]
            if pieces == "S":
                for d in SMALL_DIRECTIONS[me]:
                    ray = rays[d]
                    if not ray:
                        continue
                    near = board[ray[0]]
                    if near is not None:
                        holder, _ = near
                        if holder != me:  # an opponent's piece: jumped, when a square lies beyond it
                            if len(ray) > 1:
                                land(frm, ray[1], ray[0], "S")
                            continue
                    land(frm, ray[0], -1, "S")  # empty, or its own piece (`land` says whether it may join it)
            elif pieces == "M":
                for d in MEDIUM_DIRECTIONS[me]:
                    ray = rays[d]
                    if len(ray) < 2:
                        continue
                    middle = board[ray[0]]
                    if middle is None:
                        land(frm, ray[1], -1, "M")
                    else:
                        holder, _ = middle
                        if holder != me:
                            land(frm, ray[1], ray[0], "M")
            else:
                reach = RANGE[pieces]
                for ray in rays:
                    jumped = -1
                    for to in ray[:reach]:
                        target = board[to]
                        if target is None:
                            sep = "x" if jumped >= 0 else "-"
                            moves[NAMES[frm] + sep + NAMES[to]] = (frm, to, jumped, False)
                        else:
                            holder, _ = target
                            if jumped >= 0 or holder == me:
                                break
                            jumped = to
        return moves

    def _apply(self, action: Action) -> "IceLadyState":
        frm, to, captured, promote = action
        board = list(self.board)
        cell = board[frm]
        board[frm] = None
        if captured >= 0:
            owner, pieces = board[captured]
            board[captured] = (owner, pieces[:-1]) if len(pieces) > 1 else None
        reserve = self.reserve_counts
        mover, moving = cell
        if promote:
            board[to] = (mover, "K")
            reserve = tuple(n - (p == mover) for n, p in zip(reserve, PLAYERS))
        elif (joined := board[to]) is not None:
            _, below = joined
            board[to] = (mover, below + moving)
        else:
            board[to] = cell
        return IceLadyState(self.game, tuple(board), _other(self.to_move), reserve, self.options)

    # -- position notation -------------------------------------------------------
    def to_text(self) -> str:
        rows = []
        for row in range(SIZE - 1, -1, -1):
            tokens: list[str | None] = []
            for cell in self.board[row * SIZE:(row + 1) * SIZE]:
                if cell is None:
                    tokens.append(None)
                else:
                    owner, pieces = cell
                    tokens.append(pieces if owner == "white" else pieces.lower())
            rows.append(join_row(tokens))
        fields = ["/".join(rows), self.to_move[0], *map(str, self.reserve_counts)]
        return " ".join(fields + options_text(self.options, self.game) + self.repetition_token()
                        + self.agreement_token())

    # -- moves for people ----------------------------------------------------------
    def captured_square(self, move: str) -> str | None:
        """The square of the unit a legal `move` captures, None when it captures nothing."""
        action = self._moves().get(move.strip()) if isinstance(move, str) else None
        if action is None:
            raise self.explain(move)
        _, _, captured, _ = action
        return NAMES[captured] if captured >= 0 else None

    def path(self, move: str) -> tuple[str, ...]:
        if move.strip() in AGREEMENT_MOVES:
            return super().path(move)
        found = MOVE_RE.fullmatch(move.strip())
        if found is None:
            raise InvalidMoveError(f"{quote(move)} is not a move: {NOTATION_HELP}.")
        return found.group(1), found.group(3)

    def location_name(self, cell: str) -> str:
        """ "c3, white small", "e1, black king tree: large, medium, small", "d4, empty"."""
        unit = self.board[INDEX[cell]] if cell in INDEX else None  # not `units`: the board names all 64
        if unit is None:
            return f"{cell}, empty" if cell in INDEX else super().location_name(cell)
        player, pieces = unit
        if len(pieces) == 1:
            return f"{cell}, {player} {KIND[pieces]}"
        sizes = ", ".join({"K": "large", "M": "medium", "S": "small"}[p] for p in pieces)
        return f"{cell}, {player} king tree: {sizes}"

    def places(self) -> dict[str, tuple[str, Any]]:
        """Each square with its unit, and each reserve of larges (a promotion draws on it)."""
        squares = {name: (name, cell) for name, cell in zip(NAMES, self.board)}
        return squares | {f"reserve:{p}": ("promoted to king", n) for p, n in zip(PLAYERS, self.reserve_counts)}

    def label(self, move: str) -> str:
        if move in AGREEMENT_MOVES:
            return super().label(move)
        frm, to = self.path(move)
        cell = self.board[INDEX[frm]]
        if move.endswith("=K"):
            return "Promote to king"
        if cell is not None and move + "=K" in self._moves():
            _, pieces = cell
            return f"Keep the {KIND[pieces]}"
        captured = self.captured_square(move) if move in self._moves() else None
        return f"{frm} to {to}" + (f", capturing on {captured}" if captured else "")

    def describe(self, move: str) -> str:
        """ "White small d3 to e4", "Black king b6 to d4, capturing White's medium on c5", "… promoted to king"."""
        if move in AGREEMENT_MOVES:
            return super().describe(move)
        frm, to = self.path(move)
        cell, landing = self.board[INDEX[frm]], self.board[INDEX[to]]
        if cell is None:
            return super().describe(move)
        mover, moving = cell
        text = f"{mover.capitalize()} {KIND[moving]} {frm} to {to}"
        captured = self.captured_square(move) if move in self._moves() else None
        if captured:
            owner, pieces = self.board[INDEX[captured]]
            if len(pieces) > 1:  # a king tree loses its top piece only
                text += f", capturing the {KIND[pieces[-1]]} off {owner.capitalize()}'s {KIND[pieces]} on {captured}"
            else:
                text += f", capturing {owner.capitalize()}'s {KIND[pieces]} on {captured}"
        if move.endswith("=K"):
            text += ", promoted to king"
        elif landing is not None:
            owner, below = landing
            if owner == mover:
                text += f", joining its {KIND[below]} as a {KIND[below + moving]}"
        return text

    def explain(self, move: str) -> InvalidMoveError | IllegalMoveError:
        text = move.strip() if isinstance(move, str) else repr(move)
        found = MOVE_RE.fullmatch(text)
        if found is None:
            return InvalidMoveError(f"{quote(text)} is not a move: {NOTATION_HELP}.")
        if self.outcome is not None:
            return IllegalMoveError(f"{text}: the game is over ({self.outcome.reason}).")
        frm, sep, to, promote = found.groups()
        return IllegalMoveError(f"{text}: {self._reason(frm, to, sep, bool(promote))}")

    def _reason(self, frm: str, to: str, sep: str | None, promote: bool) -> str:
        """Why moving from `frm` to `to` is not legal now (`sep` None: notation unchecked)."""
        board, me = self.board, self.to_move
        opponent, me_name = _other(me).capitalize(), me.capitalize()
        a, b = INDEX[frm], INDEX[to]
        cell = board[a]
        if cell is None:
            return f"{frm} is empty."
        owner, pieces = cell
        kind = KIND[pieces]
        if owner != me:
            return f"{frm} holds {opponent}'s {kind}; {me_name} is to move."
        if a == b:
            return "a piece must move to another square."
        dc, dr = b % SIZE - a % SIZE, b // SIZE - a // SIZE
        distance = max(abs(dc), abs(dr))
        if dc and dr and abs(dc) != abs(dr):
            return f"a {kind} moves in a straight line along a rank, file or diagonal."
        if pieces == "S":
            if not dc or dr * FORWARD[me] <= 0:
                return "a small moves only diagonally forward."
            if distance > 2:
                return "a small moves one square, or two when it jumps to capture."
        elif pieces == "M":
            if dc and dr:
                return "a medium moves only forward or sideways, never diagonally."
            if dr * FORWARD[me] < 0:
                return "a medium never moves backward."
            if distance != 2:
                return "a medium moves exactly two squares."
        elif distance > RANGE[pieces]:
            return f"a {kind} moves at most {RANGE[pieces]} squares."
        step = (dr // distance) * SIZE + dc // distance
        between = [a + step * k for k in range(1, distance)]
        holders = [holder for holder, _ in (board[s] or NO_CELL for s in between)]
        own = [s for s, holder in zip(between, holders) if holder == me]
        if own:
            return f"a piece may not jump over its own pieces ({NAMES[own[0]]})."
        jumped = [s for s in between if board[s] is not None]
        if len(jumped) > 1:
            return f"at most one piece may be jumped, but {NAMES[jumped[0]]} and {NAMES[jumped[1]]} are in the way."
        if pieces == "S" and distance == 2 and not jumped:
            return "a small moves one square; it moves two only when jumping an opponent's piece."
        far_row = FAR_ROW[me]
        target, joins = board[b], False
        if target is not None:
            holder, below = target
            if holder != me:
                return f"{to} is occupied by {opponent}'s {KIND[below]}."
            if "K" in pieces:
                return f"a {kind} never lands on another piece."
            if "K" not in below:
                return f"{to} is occupied by your own {KIND[below]}."
            if b // SIZE != far_row:
                return f"a king tree can be formed only on {opponent}'s first row ({_rank_text(far_row)})."
            if (pieces, below) not in JOINS:
                if pieces == "M":
                    return "a piece goes only onto a larger one: a medium only onto a lone king."
                return "a piece goes only onto a larger one: a small only onto a king or a king with a medium."
            joins = True
        if jumped and sep == "-":
            return f"this move captures the {KIND[board[jumped[0]][1]]} on {NAMES[jumped[0]]}: write {frm}x{to}."
        if not jumped and sep == "x":
            return f"this move jumps no opponent's piece: write {frm}-{to}."
        if promote:
            if pieces not in ("S", "M"):
                return "only a small or a medium can be promoted."
            if b // SIZE != far_row:
                return f"promotion happens only on {opponent}'s first row ({_rank_text(far_row)})."
            if joins:
                return "a piece that joins a king tree is not promoted."
            if not self.reserve_counts[PLAYERS.index(me)]:
                return f"{me_name} has no large left in reserve to promote with."
        if not jumped and self.options["mandatory_capture"]:
            example = next((m for m, (_, _, captured, _) in self._moves().items() if captured >= 0), None)
            if example:
                return f"capturing is mandatory and a capture is possible (e.g. {example})."
        return "it is not a legal move here."

    def hint(self, selection: tuple[str, ...]) -> str:
        if not selection:
            return ""
        if self.outcome is not None:
            return f"The game is over: {self.outcome.reason}"
        if len(selection) > 2:
            return "A move is two choices: one of your pieces, then where it goes."
        for name in selection:
            if name not in INDEX:
                return f"{name} is not a square of the board."
        me = self.to_move
        cell = self.board[INDEX[selection[0]]]
        if cell is None:
            return f"{selection[0]} is empty: choose one of your pieces."
        owner, pieces = cell
        if owner != me:
            return f"That is {_other(me).capitalize()}'s {KIND[pieces]}; {me.capitalize()} is to move."
        if len(selection) == 2:
            reason = self._reason(selection[0], selection[1], None, False)
            return reason[0].upper() + reason[1:]
        if any(frm == INDEX[selection[0]] for frm, _, _, _ in self._candidates().values()):
            return f"This {KIND[pieces]} cannot capture, and capturing is mandatory now."
        return f"This {KIND[pieces]} has no legal move."


class IceLady(Game):
    """Ice Lady for two players, White (ranks 1-3) against Black (ranks 6-8)."""

    id = "ice-lady"
    title = "Ice Lady"
    alternating = True
    agreements = True  # rules 4: a draw by agreement, and resignation
    # Medium a twentieth of its positions: Hard's time, not its positions, caps its search (about 8,000 in
    # 0.9 s), so Medium with all its 6,000 searched as deep and drew most games against it; with a twentieth
    # (300) Hard beats it 38 games in 40, and it still beats greedy 58 in 60 (docs/performance-notebook.md).
    computer = Computer(search="minimax", work={"medium": 0.05})
    fixed_seats = PLAYERS
    position_changes = "a piece is captured or promoted, or a small or medium moves forward"
    min_players = 2
    max_players = 2
    options = (
        Option(
            "mandatory_capture", "Mandatory capture", False,
            help="When a capture is possible, a capturing move must be made (as in Turkish dama).",
        ),
    )

    def _initial(self, options: dict[str, Any]) -> IceLadyState:
        return IceLadyState(self, _start_board(), "white", (STOCK, STOCK), MappingProxyType(options))

    def _parse_position(self, text: str) -> IceLadyState:
        fields = text.split()
        if len(fields) < 4:
            raise PositionError(
                f"Ice Lady: {quote(text)} needs the board, the side to move and both reserves, "
                "e.g. '8/2mmmm2/2ssss2/8/8/2SSSS2/2MMMM2/8 w 4 4'."
            )
        rows = fields[0].split("/")
        if len(rows) != SIZE:
            raise PositionError(f"Ice Lady: the board has {len(rows)} ranks; it needs {SIZE}.")
        board: list = [None] * (SIZE * SIZE)
        for k, row_text in enumerate(rows):
            row = SIZE - 1 - k
            for col, token in enumerate(split_row(row_text, SIZE)):
                if token is not None:
                    board[row * SIZE + col] = _parse_unit(token, square(col, row))
        if fields[1] not in ("w", "b"):
            raise PositionError(f"Ice Lady: the side to move is 'w' or 'b', not {quote(fields[1])}.")
        to_move = "white" if fields[1] == "w" else "black"
        reserves: list[int] = []
        for player, value in zip(PLAYERS, fields[2:4]):
            if not value.isdigit() or int(value) > STOCK:
                raise PositionError(
                    f"Ice Lady: {player.capitalize()}'s reserve must be a number from 0 to {STOCK}, not {quote(value)}."
                )
            reserves.append(int(value))
        tokens, seen = repetition_count(fields[4:])
        tokens, agreed = agreement_from(tokens, PLAYERS)
        options = parse_options_text(tokens, self)
        _check_material(board, to_move, reserves)
        state = IceLadyState(self, tuple(board), to_move, (reserves[0], reserves[1]), MappingProxyType(options))
        return state.with_repetitions(seen).with_agreement(agreed)


def _parse_unit(token: str, where: str) -> tuple[str, str]:
    """(player, pieces) from a row token such as 'S', 'km' or 'KMS'; PositionError otherwise."""
    pieces = token.upper()
    if pieces not in UNITS or not (token.isupper() or token.islower()):
        shown = token if len(token) == 1 else f"[{token}]"
        raise PositionError(
            f"Ice Lady: {shown} on {where} is not a unit; use S, M, K or a king tree "
            "[KM], [KS], [KMS] (a king at the bottom), upper case for White and lower case for Black."
        )
    return ("white" if token.isupper() else "black"), pieces


def _check_material(board: list, to_move: str, reserves: list[int]) -> None:
    """Reject material no game can reach: too many pieces, or smalls and mediums off their ranks."""
    for player, reserve in zip(PLAYERS, reserves):
        name = player.capitalize()
        own = [(i, pieces) for i, (owner, pieces) in enumerate(cell or NO_CELL for cell in board) if owner == player]
        counts = {size: sum(pieces.count(size) for _, pieces in own) for size in "SMK"}
        if counts["S"] > STOCK or counts["M"] > STOCK:
            raise PositionError(f"Ice Lady: {name} has only {STOCK} smalls and {STOCK} mediums.")
        if counts["K"] + reserve > STOCK:
            raise PositionError(
                f"Ice Lady: {name}'s larges, {counts['K']} on the board and {reserve} in reserve, "
                f"are more than the {STOCK} a player owns."
            )
        if counts["S"] + counts["M"] > STOCK + reserve:  # 2 * STOCK minus one per large used
            raise PositionError(
                f"Ice Lady: {name} has {counts['S'] + counts['M']} smalls and mediums, but "
                f"{STOCK - reserve} of their larges are out of reserve and each replaced a small or medium."
            )
        forward = FORWARD[player]
        medium_row = 1 if player == "white" else SIZE - 2  # smalls start one row further
        for i, pieces in own:
            ahead = (i // SIZE - medium_row) * forward  # rows ahead of the mediums' start
            if pieces == "S" and ahead < 1:
                raise PositionError(
                    f"Ice Lady: {name}'s small on {NAMES[i]} is behind its starting rank "
                    f"({_rank_text(medium_row + forward)}); smalls only move forward."
                )
            if pieces == "M" and (ahead < 0 or ahead % 2):
                raise PositionError(
                    f"Ice Lady: {name}'s medium on {NAMES[i]} cannot be there; mediums start on "
                    f"{_rank_text(medium_row)} and move exactly two squares forward or sideways."
                )
        if not own and player != to_move:
            raise PositionError(
                f"Ice Lady: {name} has no pieces but has just moved; the game ended before that."
            )


def dead_small(square: int, cell: Cell) -> bool:
    """A small left unpromoted on its far row: it only steps or jumps forward, so it never moves again."""
    owner, pieces = cell
    return pieces == "S" and ROW_OF[square] == FAR_ROW[owner]


# -- three kings against one, solved ---------------------------------------------
# Three plain kings cannot take a lone king that takes care, but in a few positions they can
# force it.  tools/ice_lady_kings.py found every position lost by the lone king's side, to move
# (a retrograde analysis, captures optional): each is written `<lone king><three kings>:<plies>`,
# the plies until the lone king is taken with best play, one position of each eight that the
# board's turns and reflections make alike (kings move alike in every direction).
THREE_KINGS_LOST = """
a1d1d2a4:2 a1d1d2a5:6 a1d1d2a6:12 a1d1f2a5:8 a1d1d3a4:6 a1d1d3a5:8 a1d1d3a6:12 a1d1e3a4:4 a1d1e3a5:6 a1d1e3a6:10
a1d1a4d4:2 a1d1a4e5:6 a1d1b4a5:6 a1d1b4a6:10 a1d1c4a5:10 a1d1c4a6:10 a1d1d4a5:8 a1d1d4a6:20 a1d1e4a5:8 a1d1f4a5:8
a1d1a5c5:6 a1d1a5d5:10 a1d1a5e5:6 a1d1a5b6:8 a1d1a5d6:10 a1d1a5f6:10 a1d1c5a6:8 a1d1e5a6:10 a1e1d2a5:14 a1e1d2a6:36
a1e1f2a5:34 a1e1f2a6:36 a1e1d3a5:14 a1e1d3a6:34 a1e1e3a5:14 a1e1e3a6:36 a1e1b4a6:36 a1e1c4a6:34 a1e1d4a5:6 a1e1d4a6:16
a1e1e4a5:12 a1e1e4a6:32 a1e1f4a5:14 a1e1f4a6:36 a1e1a5e5:12 a1e1a5f6:16 a1e1c5a6:32 a1e1d5a6:36 a1e1e5a6:28 a1e1a6b6:36
a1e1a6d6:32 a1e1a6f6:36 a1f1d2a6:30 a1f1d3a6:30 a1f1e3a6:28 a1f1d4a6:22 a1f1e5a6:26 b1a1e1c4:2 b1a1f1c4:2 b1e1a2d4:8
b1e1d2e4:14 b1e1d2d5:14 b1e1e2a4:10 b1e1e2a5:14 b1e1e2a6:34 b1e1a3c4:10 b1e1a3d4:12 b1e1a3e4:12 b1e1a3d5:10 b1e1c3d4:16
b1e1c3e4:14 b1e1c3d5:14 b1e1d3c4:40 b1e1d3d4:36 b1e1d3e5:30 b1e1e3a4:6 b1e1f3a4:10 b1e1f3a5:14 b1e1a4d4:4 b1e1a4e4:10
b1e1a4d5:8 b1e1a4f5:8 b1e1b4e4:14 b1e1b4d5:12 b1e1c4d4:36 b1e1c4e4:34 b1e1c4a5:14 b1e1c4c5:36 b1e1c4d5:38 b1e1c4e5:30
b1e1c4a6:34 b1e1c4c6:40 b1e1c4b7:40 b1e1c4d7:40 b1e1d4a5:14 b1e1d4d5:16 b1e1d4a6:34 b1e1e4a5:10 b1e1e4b5:14 b1e1e4c5:14
b1e1e4a6:30 b1e1e4b6:14 b1e1e4d6:34 b1e1a5d5:12 b1e1a5f5:14 b1e1b5d5:12 b1e1c5d5:14 b1e1d5a6:30 b1e1d5b6:14 b1e1d5d6:38
b1e1f5a6:34 b1f1a2d4:18 b1f1d2e4:38 b1f1e2a4:26 b1f1e2a5:32 b1f1e2a6:28 b1f1g2a5:34 b1f1a3e3:42 b1f1a3c4:40 b1f1a3d4:42
b1f1a3e4:38 b1f1a3d5:40 b1f1a3e5:22 b1f1c3d4:36 b1f1c3e4:38 b1f1d3d4:30 b1f1d3e5:28 b1f1e3a4:8 b1f1e3a5:34 b1f1e3a6:28
b1f1f3a5:34 b1f1a4d4:20 b1f1a4e4:10 b1f1a4f4:10 b1f1a4d5:10 b1f1a4e5:8 b1f1a4f5:26 b1f1a4e6:26 b1f1b4e4:38 b1f1c4d4:30
b1f1c4a5:34 b1f1c4c5:30 b1f1c4d5:36 b1f1c4e5:28 b1f1c4a6:30 b1f1c4d6:32 b1f1d4a5:34 b1f1d4a6:28 b1f1e4a5:36 b1f1e4b5:38
b1f1e4c5:38 b1f1e4a6:28 b1f1e4b6:38 b1f1f4a6:28 b1f1g4a5:38 b1f1a5d5:32 b1f1a5e5:28 b1f1a5f5:34 b1f1a5c6:34 b1f1a5e6:34
b1f1a5g6:38 b1f1b5d5:34 b1f1b5e5:28 b1f1d5a6:28 b1f1e5a6:26 b1f1e5b6:28 b1f1e5c6:28 b1f1e5d6:28 b1f1e5a7:28 b1f1e5b7:28
b1f1e5a8:28 b1f1e5c8:28 b1f1f5a6:28 b1f1a6e6:28 c1f1a2d4:18 c1f1a2e5:12 c1f1a3d4:42 c1f1a3e4:38 c1f1d3d4:30 c1f1d3e5:28
c1f1a4d4:6 c1f1a4e5:24 c1f1c4d4:30 c1f1c4e5:28 c1f1d4a5:34 c1f1d4a6:28 c1f1e4a5:30 c1f1b5e5:28 c1f1e5a6:26 c1f1e5c6:28
b2a1d1c5:2 b2a1d3c5:2 b2a1d3d6:2 b2b1e3a4:6 b2b1e3a5:10 b2c1a4e4:12 b2c1e4a5:10 b2c1e4a6:40 b2d1e3a4:4 b2d1e3a5:6
b2d1e3a6:10 b2d1a4e5:4 b2d1c4e5:26 b2d1e4a5:8 b2d1f4a5:8 b2d1a5d5:8 b2d1a5e5:8 b2d1a5d6:8 b2d1a5f6:8 b2d1b5e5:26
b2d1c5a6:8 b2d1e5a6:24 b2d1e5b6:26 b2d1e5c6:26 b2d1e5b7:26 b2e1c4d5:38 b2e1e4a5:12 b2e1e4a6:32 b2e1a5e5:14 b2e1b5d5:32
b2e1c5a6:34 b2e1d5a6:36 b2e1d5b6:32 b2e1d5d6:38 b2e1e5a6:28 b2f1e3a6:28 b2f1c4e5:28 b2f1b5e5:28 b2f1e5a6:26 b2f1e5b6:28
b2f1e5c6:28 b2f1e5b7:28 c2e1a2d5:10 c2e1a3d5:10 c2e1a4d5:8 c2e1a5d5:12 c2e1d5a6:12 c2f1a2e5:20 c2f1a3d5:40 c2f1a3e6:40
c2f1a4e5:24 c2f1a5d5:32 c2f1a5e6:32 c2f1e5a6:26 d2f1a3e5:22 d2f1a4e5:8 d2f1a5e5:28 d2f1e5a6:26 d2f1e5a7:28
"""
NEVER = float("inf")  # plies until the lone king is taken, when it holds out for ever


def _turn(square: int, way: int) -> int:
    """`square` under one of the board's eight symmetries (way 0 leaves it)."""
    col, row = square % SIZE, square // SIZE
    if way & 1:
        col = SIZE - 1 - col
    if way & 2:
        row = SIZE - 1 - row
    if way & 4:
        col, row = row, col
    return row * SIZE + col


def symmetries(position: tuple[int, ...]) -> set[tuple[int, ...]]:
    """The positions (lone king, three kings sorted) alike to `position` under the board's symmetries."""
    lone, *three = position
    return {(_turn(lone, way), *sorted(_turn(s, way) for s in three)) for way in range(8)}


def kings_key(position: tuple[int, ...]) -> tuple[int, ...]:
    """The one position the table writes for the positions alike to `position`."""
    return min(symmetries(position))


def three_kings_text(table: dict[tuple[int, ...], int]) -> str:
    """THREE_KINGS_LOST's text for {position: plies}, ten positions a line."""
    entries = [f"{''.join(NAMES[s] for s in key)}:{plies}" for key, plies in sorted(table.items())]
    return "\n" + "".join(" ".join(entries[i:i + 10]) + "\n" for i in range(0, len(entries), 10))


_three_kings: dict[str, dict] = {}  # "lost" and "won", decoded and worked out on first use


def _three_kings_table(side: str) -> dict[tuple[int, ...], int]:
    """{(lone king, three kings sorted): plies} with the lone king's side to move ("lost") or the
    three's ("won" by a move to a lost position; taking at once is not in it), every image."""
    if not _three_kings:
        lost: dict[tuple[int, ...], int] = {}
        for entry in THREE_KINGS_LOST.split():
            squares, count = entry.split(":")
            key = tuple(INDEX[squares[i:i + 2]] for i in range(0, 8, 2))
            lost.update(dict.fromkeys(symmetries(key), int(count)))
        won: dict[tuple[int, ...], int] = {}
        for position, plies in sorted(lost.items(), key=lambda item: item[1]):  # the quickest win first
            for before in three_kings_before(position):
                won.setdefault(before, plies + 1)
        _three_kings.update(lost=lost, won=won)
    return _three_kings[side]


def three_kings_before(position: tuple[int, ...]):
    """The positions (lone king, three kings sorted), the three to move, one move of theirs before `position`."""
    lone, *three = position
    for i, s in enumerate(three):
        for ray in RAYS[s]:
            for before in ray[:RANGE["K"]]:
                if before in three or before == lone:
                    break
                yield (lone, *sorted(three[:i] + [before] + three[i + 1:]))


def three_kings(state: "IceLadyState") -> float | None:
    """Plies until three plain kings take a lone one with best play (`NEVER`: it holds out for ever),
    or None unless those four are all the board holds and captures are optional."""
    squares = _plain_kings(state)
    if squares is None or sorted(map(len, squares.values())) != [1, 3]:
        return None
    three = "white" if len(squares["white"]) == 3 else "black"
    key = (squares[_other(three)][0], *squares[three])
    if state.to_move != three:
        return _three_kings_table("lost").get(key, NEVER)
    if any(captured >= 0 for _, _, captured, _ in state._generate().values()):
        return 1
    return _three_kings_table("won").get(key, NEVER)


def _plain_kings(state: "IceLadyState") -> dict[str, list[int]] | None:
    """Each side's squares where the board holds plain kings alone and captures are optional, else None."""
    if state.options["mandatory_capture"]:
        return None
    squares: dict[str, list[int]] = {player: [] for player in PLAYERS}
    for i, cell in enumerate(state.board):
        if cell is not None:
            owner, pieces = cell
            if pieces != "K":
                return None
            squares[owner].append(i)
    return squares


def four_kings(state: "IceLadyState") -> float | None:
    """For four plain kings against a lone one (None otherwise, or with captures mandatory), the fewest
    plies the table gives any three of them (`three_kings`) to take it, as if the fourth were not there
    (`NEVER`: no three of them can).  Not exact, the fourth may block a way, but a way to the table's
    wins: a search guided by the hunt alone wandered for thirty moves each and the game was agreed drawn."""
    squares = _plain_kings(state)
    if squares is None or sorted(map(len, squares.values())) != [1, 4]:
        return None
    four = "white" if len(squares["white"]) == 4 else "black"
    lone = squares[_other(four)][0]
    table = _three_kings_table("lost" if state.to_move != four else "won")
    return min(table.get((lone, *(s for s in squares[four] if s != left)), NEVER) for left in squares[four])


# -- the computer's evaluation (pyramids.ai searches with it) ----------------------------------------
WORTH = {"S": 1.0, "M": 1.6, "K": 4.0, "KS": 5.0, "KM": 5.6, "KMS": 6.6}  # in pawns (a small on its own row)
EVALUATION_SCALE = 4.0  # pawns between the sides' margins (twice one's lead) for odds of about three to one
ADVANCE = 0.06  # pawns per row a small or medium has come forward
RESERVE_WORTH = 0.15  # pawns per large in reserve (a king to come)
DEAD_SMALL_WORTH = 0.2  # pawns: it cannot move, promote or take, only be taken (or stay, a last piece that cannot move)
# Kings more than the side behind has for a hunt: two cannot take one that takes care (docs/performance-notebook.md),
# and a lone king drawn near another is taken itself when its squares run out (a bench game lost so).
HUNT_MARGIN = 2
SOLVED = 50.0  # pawns: three kings against one that the table says they take, more than any lead
SOLVED_PLY = 0.1  # pawns less per ply until they take it: the search heads for the quickest
FOURTH = 5.0  # pawns less for four kings whose three win by the table (`four_kings`): not exact, a guide
# A lone king is taken only by four kings (three take it from a few positions, which the table knows;
# two never), and against two kings the bots seldom make progress (docs/performance-notebook.md).  So a side ahead
# against two kings or more counts its lead a tenth, and one against a lone king that cannot have four
# against it, promoting what it can with the larges it has left, less still: it keeps the pieces that will
# make its fourth king, and takes pieces before the other side has made them kings.  The held ending is
# valued as the drawn endings the bots agree to (three against one that the table says holds, two against
# one), which the search scores by the evaluation too: a draw with more is still more (a promotion into
# three kings against one is made), and less than an ending against two kings, where the other side may
# still err (three kings against two do not trade into three against one).
KINGS_TO_WIN = 4
SHORT_OF_KINGS = 0.1
HELD = 0.04
CLEAR_LEAD = 2.0  # pawns of lead from which the ending's terms count in full
NEAR = 0.03  # pawns per square nearer, per king of the side ahead
FREE = 0.03  # pawns per square a king of the side behind can go to unharmed


def _lead(state: IceLadyState) -> tuple[float, float]:
    """White's lead in pawns, and its material alone (`_material`): three kings against one as solved
    (`three_kings`): a win by the table; a lead against two kings or more, a tenth, and against a lone king
    that holds (too few kings to come), less; else the material and, in an ending, the hunt (`_hunt`)."""
    total, plain = _material(state)
    if plain["white"] and plain["black"]:
        return total, total
    if not plain["white"] and not plain["black"]:
        plies = three_kings(state)
        if plies is not None and plies != NEVER:  # solved and won in so many plies (held: below)
            won = SOLVED - SOLVED_PLY * plies
            return (won if total > 0 else -won), total
        plies = four_kings(state)
        if plies is not None and plies != NEVER:  # three of four win by the table: a way to the win
            won = SOLVED - FOURTH - SOLVED_PLY * plies
            return (won if total > 0 else -won), total
    larges = {"white": 0, "black": 0}  # kings and king trees: counted only in an ending, off the hot path
    for cell in state.board:
        owner, pieces = cell or NO_CELL
        if "K" in pieces:
            larges[owner] += 1
    for player, other in (("white", "black"), ("black", "white")):
        ahead = total if player == "white" else -total
        if ahead > 0 and larges[other] and not plain[other]:  # only kings (smalls dead on its far row aside)
            reserve = state.reserve_counts[player == "black"]
            if larges[other] > 1:
                return total * SHORT_OF_KINGS, total
            if larges[player] + min(plain[player], reserve) < KINGS_TO_WIN:
                return total * HELD, total
    return total + _hunt(state.board, total, state.to_move), total


def _material(state: IceLadyState) -> tuple[float, dict]:
    """White's advantage in material, advancement and reserve larges, in pawns, and each side's smalls
    and mediums that can still move (while both have one, it is no ending)."""
    total = 0.0
    plain = {"white": 0, "black": 0}
    for i, cell in enumerate(state.board):
        if cell is None:
            continue
        player, pieces = cell
        value = WORTH[pieces]
        if pieces in ("S", "M"):
            row = i // SIZE
            ahead = row if FORWARD[player] == 1 else SIZE - 1 - row
            if ahead == SIZE - 1 and pieces == "S":  # `dead_small`: it never moves again
                value = DEAD_SMALL_WORTH
            else:
                plain[player] += 1
                value += ADVANCE * ahead
        total += value if player == "white" else -value
    white, black = state.reserve_counts
    return total + RESERVE_WORTH * (white - black), plain


def _hunt(board: tuple, lead: float, to_move: str) -> float:
    """In an ending (the side behind has only kings left), for the side ahead, in pawns (White's +): what
    the other side's kings can take from it at once (`_hanging`), and once it has `HUNT_MARGIN` kings more,
    its kings' nearness to the other side's and the squares those cannot go to without being taken.

    Material alone cannot tell a hunt from a stroll: kings ahead in an ending
    wander for ever out of each other's reach (there is no move limit), and a
    lone king is only taken once every square it can go to is covered (it must
    move: no passing).  Both count more the larger the lead.  Nor does it see a
    lone king that forks two kings (a bench game of Hard's, two kings, a medium
    and a small against a king, was drawn so): a threat counts at the horizon.
    """
    weight = min(1.0, abs(lead) / CLEAR_LEAD)
    if not weight:
        return 0.0
    leader = "white" if lead > 0 else "black"
    kings, quarry, hunted = [], [], []  # the leader's kings; the other side's pieces, and its kings
    for i, cell in enumerate(board):
        if cell is not None and not dead_small(i, cell):  # taking its last king leaves it no move: a win
            owner, pieces = cell
            if owner != leader:
                quarry.append((i % SIZE, i // SIZE))
                if "K" in pieces:
                    hunted.append(i)
            elif "K" in pieces:
                kings.append(i)
    if len(hunted) != len(quarry) or not quarry:  # not an ending yet: the side behind has more than kings
        return 0.0
    # per king of the leader: the empty squares where it would take a piece that stops there
    covering: dict[int, set[int]] = {}
    gone = set(hunted)  # a hunted king's square is empty once it has moved: a way through, and a landing
    for i in kings:
        _, pieces = board[i]
        reach, mine = RANGE[pieces], covering.setdefault(i, set())
        for ray in RAYS[i]:
            for k, at in enumerate(ray[:reach - 1]):
                if board[at] is not None and at not in gone:
                    break
                if k + 1 < len(ray) and (board[ray[k + 1]] is None or ray[k + 1] in gone):
                    mine.add(at)
    covered = set().union(*covering.values())
    value = -_hanging(board, leader, hunted, covering, to_move)
    if len(kings) >= len(hunted) + HUNT_MARGIN:  # enough kings to take one that takes care: the hunt
        near = sum(SIZE - 1 - min(max(abs(i % SIZE - x), abs(i // SIZE - y)) for x, y in quarry) for i in kings)
        free = 0  # the hunted kings' plain moves to squares not covered
        for i in hunted:
            _, pieces = board[i]
            for ray in RAYS[i]:
                for square in ray[:RANGE[pieces]]:
                    if board[square] is not None:
                        break
                    free += square not in covered
        value += weight * (NEAR * near - FREE * free)
    return value if leader == "white" else -value


def _hanging(board: tuple, leader: str, hunted: list, covering: dict, to_move: str) -> float:
    """The worth the side behind's kings take from `leader` at once (rules A9: a king jumps one piece in its
    path and lands on an empty square beyond, within range), landing where no other king of the leader
    (`covering`) takes them back: with them to move, the most worth; with the leader to move, the second (of
    two it saves one)."""
    found = []
    for i in hunted:
        _, pieces = board[i]
        reach = RANGE[pieces]
        for ray in RAYS[i]:
            for k, at in enumerate(ray[:reach - 1]):
                cell = board[at]
                if cell is None:
                    continue
                owner, taken = cell
                if owner == leader:
                    landings = []
                    for landing in ray[k + 1:reach]:
                        if board[landing] is not None:
                            break
                        landings.append(landing)
                    others = [squares for king, squares in covering.items() if king != at]
                    if any(not any(landing in squares for squares in others) for landing in landings):
                        found.append(WORTH[taken] - WORTH.get(taken[:-1], 0.0))  # its top piece
                break
    found.sort(reverse=True)
    at = 0 if to_move != leader else 1
    return found[at] if len(found) > at else 0.0

GAME = IceLady()
