"""Rectangular boards shared by the grid games: square names and row notation.

Squares are named file letter + rank number (``a1``), columns and rows
counted from 0 internally.  Row text is FEN-like: a run of empty squares is a
number, a one-letter piece is itself, and a stacked unit is a bracketed group
such as ``[KMS]``.
"""

from __future__ import annotations

from .core import PositionError, quote

FILES = "abcdefghijklmnopqrstuvwxyz"

# Compass directions as (column step, row step), rows growing north.
STEPS = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}


def square(col: int, row: int) -> str:
    """The name of the square at 0-based `col`, `row` (``square(0, 0) == 'a1'``)."""
    return f"{FILES[col]}{row + 1}"


def heading(cell: int, target: int, size: int) -> tuple[int, set]:
    """On a square board of `size` columns, cells numbered from a1 (row 0 south): the steps from `cell`
    to `target`, and the ways (N, E, S, W) that lead nearer."""
    dx, dy = target % size - cell % size, target // size - cell // size
    return abs(dx) + abs(dy), {way for way, nearer in (("E", dx > 0), ("W", dx < 0), ("N", dy > 0), ("S", dy < 0))
                               if nearer}


def join_row(tokens: list[str | None]) -> str:
    """One row of tokens (None for empty) in row notation."""
    out, empty = [], 0
    for token in tokens:
        if token is None:
            empty += 1
            continue
        if empty:
            out.append(str(empty))
            empty = 0
        out.append(token if len(token) == 1 else f"[{token}]")
    if empty:
        out.append(str(empty))
    return "".join(out)


def split_row(text: str, width: int) -> list[str | None]:
    """The inverse of `join_row`; raises `PositionError` when the row is malformed."""
    tokens: list[str | None] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char.isdigit():
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            tokens.extend([None] * int(text[i:j]))
            i = j
        elif char == "[":
            end = text.find("]", i)
            if end < 0 or end == i + 1:
                raise PositionError(f"Row {quote(text)}: a '[' group is not closed or is empty.")
            tokens.append(text[i + 1:end])
            i = end + 1
        else:
            tokens.append(char)
            i += 1
    if len(tokens) != width:
        raise PositionError(f"Row {quote(text)} has {len(tokens)} squares; it needs {width}.")
    return tokens
