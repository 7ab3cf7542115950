"""Ice Lady: Turkish checkers played with pyramids (Olle Johansson, 2006).

Rules as read in shared/rules/ice-lady.md: 8x8 board, every square playable.
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
    AGREEMENT_MOVES, REPEATED, REPETITION_RULE, Game, IllegalMoveError, InvalidMoveError, Option, Outcome, PositionError,
    State, agreement_from, options_text, parse_options_text, quote, repetition_count,
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
    out = []
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
                material += len(cell[1])
                if cell[1] in "SM":
                    progress += row if cell[0] == "white" else -row  # forward is up for White only
        return (material, self.reserve_counts, progress), (self.board, self.to_move)

    def drawn_ending(self) -> bool:
        """A lone plain king against one or two, and the side to move cannot capture: two kings cannot
        take a lone king that takes care (a retrograde analysis of every such position found none lost
        with the lone king to move; docs/performance.md), so the computer offers and accepts a draw.
        A small left unpromoted on the far row never moves again (`dead_small`): it counts for nothing."""
        kings = {player: 0 for player in PLAYERS}
        for i, cell in enumerate(self.board):
            if cell is not None:
                if dead_small(i, cell):
                    continue
                if cell[1] != "K":
                    return False
                kings[cell[0]] += 1
        if sorted(kings.values()) not in ([1, 1], [1, 2]):
            return False
        return not any(action[2] >= 0 for action in self._generate().values())

    def _decide(self) -> Outcome | None:
        me = self.to_move
        winner = (_other(me),)
        if self.repetitions >= REPEATED:
            return Outcome((), REPETITION_RULE)
        if self._generate():
            return None
        if not any(cell is not None and cell[0] == me for cell in self.board):
            return Outcome(winner, f"{me.capitalize()} has no pieces left.")
        return Outcome(winner, f"{me.capitalize()} cannot move.")

    def _generate(self) -> dict[str, tuple]:
        """Legal moves, filtered to captures when captures are mandatory and one exists."""
        moves = self.__dict__.get("_legal")
        if moves is None:
            moves = self._candidates()
            if self.options["mandatory_capture"]:
                captures = {m: a for m, a in moves.items() if a[2] >= 0}
                moves = captures or moves
            self.__dict__["_legal"] = moves
        return moves

    def _candidates(self) -> dict[str, tuple]:
        """Every move the pieces allow, captures optional: {move: (from, to, captured, promote)}."""
        board, me = self.board, self.to_move
        far_row = FAR_ROW[me]
        can_promote = self.reserve_counts[PLAYERS.index(me)] > 0
        moves: dict[str, tuple] = {}

        def land(frm: int, to: int, captured: int, piece: str) -> None:
            """Add the move of a lone small or medium to `to`, if it may end there."""
            target = board[to]
            text = NAMES[frm] + ("x" if captured >= 0 else "-") + NAMES[to]
            if target is None:
                moves[text] = (frm, to, captured, False)
                if can_promote and to // SIZE == far_row:
                    moves[text + "=K"] = (frm, to, captured, True)
            elif target[0] == me and to // SIZE == far_row and (piece, target[1]) in JOINS:
                moves[text] = (frm, to, captured, False)

        for frm, cell in enumerate(board):
            if cell is None or cell[0] != me:
                continue
            pieces, rays = cell[1], RAYS[frm]
            if pieces == "S":
                for d in SMALL_DIRECTIONS[me]:
                    ray = rays[d]
                    if not ray:
                        continue
                    near = board[ray[0]]
                    if near is None or near[0] == me:
                        land(frm, ray[0], -1, "S")
                    elif len(ray) > 1:
                        land(frm, ray[1], ray[0], "S")
            elif pieces == "M":
                for d in MEDIUM_DIRECTIONS[me]:
                    ray = rays[d]
                    if len(ray) < 2:
                        continue
                    middle = board[ray[0]]
                    if middle is None:
                        land(frm, ray[1], -1, "M")
                    elif middle[0] != me:
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
                        elif target[0] == me or jumped >= 0:
                            break
                        else:
                            jumped = to
        return moves

    def _apply(self, action: tuple) -> "IceLadyState":
        frm, to, captured, promote = action
        board = list(self.board)
        cell = board[frm]
        board[frm] = None
        if captured >= 0:
            owner, pieces = board[captured]
            board[captured] = (owner, pieces[:-1]) if len(pieces) > 1 else None
        reserve = self.reserve_counts
        if promote:
            board[to] = (cell[0], "K")
            reserve = tuple(n - (p == cell[0]) for n, p in zip(reserve, PLAYERS))
        elif board[to] is not None:
            board[to] = (cell[0], board[to][1] + cell[1])
        else:
            board[to] = cell
        return IceLadyState(self.game, tuple(board), _other(self.to_move), reserve, self.options)

    # -- position notation -------------------------------------------------------
    def to_text(self) -> str:
        rows = []
        for row in range(SIZE - 1, -1, -1):
            tokens = []
            for cell in self.board[row * SIZE:(row + 1) * SIZE]:
                if cell is None:
                    tokens.append(None)
                else:
                    tokens.append(cell[1] if cell[0] == "white" else cell[1].lower())
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
        return NAMES[action[2]] if action[2] >= 0 else None

    def path(self, move: str) -> tuple[str, ...]:
        if move.strip() in AGREEMENT_MOVES:
            return super().path(move)
        found = MOVE_RE.fullmatch(move.strip())
        if found is None:
            raise InvalidMoveError(f"{quote(move)} is not a move: {NOTATION_HELP}.")
        return found.group(1), found.group(3)

    def location_name(self, cell: str) -> str:
        """ "c3, white small", "e1, black king tree: large, medium, small", "d4, empty"."""
        unit = self.units.get(cell)
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
            return f"Keep the {KIND[cell[1]]}"
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
        who = cell[0].capitalize()
        text = f"{who} {KIND[cell[1]]} {frm} to {to}"
        captured = self.captured_square(move) if move in self._moves() else None
        if captured:
            owner, pieces = self.board[INDEX[captured]]
            if len(pieces) > 1:  # a king tree loses its top piece only
                text += f", capturing the {KIND[pieces[-1]]} off {owner.capitalize()}'s {KIND[pieces]} on {captured}"
            else:
                text += f", capturing {owner.capitalize()}'s {KIND[pieces]} on {captured}"
        if move.endswith("=K"):
            text += ", promoted to king"
        elif landing is not None and landing[0] == cell[0]:
            text += f", joining its {KIND[landing[1]]} as a {KIND[landing[1] + cell[1]]}"
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
        if cell[0] != me:
            return f"{frm} holds {opponent}'s {KIND[cell[1]]}; {me_name} is to move."
        pieces, kind = cell[1], KIND[cell[1]]
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
        own = [s for s in between if board[s] is not None and board[s][0] == me]
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
            if target[0] != me:
                return f"{to} is occupied by {opponent}'s {KIND[target[1]]}."
            if "K" in pieces:
                return f"a {kind} never lands on another piece."
            if target[1][0] != "K":
                return f"{to} is occupied by your own {KIND[target[1]]}."
            if b // SIZE != far_row:
                return f"a king tree can be formed only on {opponent}'s first row ({_rank_text(far_row)})."
            if (pieces, target[1]) not in JOINS:
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
            example = next((m for m, act in self._moves().items() if act[2] >= 0), None)
            if example:
                return f"capturing is mandatory and a capture is possible (e.g. {example})."
        return "it is not a legal move here."

    def hint(self, selection: tuple[str, ...]) -> str:
        if not selection:
            return ""
        if self.outcome is not None:
            return f"The game is over: {self.outcome.reason}"
        if len(selection) > 2:
            return "A move is two clicks: one of your pieces, then where it goes."
        for name in selection:
            if name not in INDEX:
                return f"{name} is not a square of the board."
        me = self.to_move
        cell = self.board[INDEX[selection[0]]]
        if cell is None:
            return f"{selection[0]} is empty: choose one of your pieces."
        if cell[0] != me:
            return f"That is {_other(me).capitalize()}'s {KIND[cell[1]]}; {me.capitalize()} is to move."
        if len(selection) == 2:
            reason = self._reason(selection[0], selection[1], None, False)
            return reason[0].upper() + reason[1:]
        if any(action[0] == INDEX[selection[0]] for action in self._candidates().values()):
            return f"This {KIND[cell[1]]} cannot capture, and capturing is mandatory now."
        return f"This {KIND[cell[1]]} has no legal move."


class IceLady(Game):
    """Ice Lady for two players, White (ranks 1-3) against Black (ranks 6-8)."""

    id = "ice-lady"
    title = "Ice Lady"
    alternating = True
    agreements = True  # rules 4: a draw by agreement, and resignation
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
        reserves = []
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
        state = IceLadyState(self, tuple(board), to_move, tuple(reserves), MappingProxyType(options))
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
        own = [(i, cell[1]) for i, cell in enumerate(board) if cell is not None and cell[0] == player]
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


def dead_small(square: int, cell: tuple) -> bool:
    """A small left unpromoted on its far row: it only steps or jumps forward, so it never moves again."""
    return cell[1] == "S" and ROW_OF[square] == FAR_ROW[cell[0]]


GAME = IceLady()
