"""Ice Lady's board: an 8x8 grid, White at the bottom, king trees as nested squares."""

from __future__ import annotations

from .. import svg
from ..core import counted
from ..grid import square

CELL = 60
SIZES = {"S": 1, "M": 2, "K": 3}
LIGHT, DARK = "#efe6d2", "#cdb892"
ACROSS = ("black",)  # Black's player sees the board turned round: Black at the bottom
EMBED_PANEL = {2: 32}  # an embed's panel at its tallest in a 400 px frame: the rules option and the reserves


def draw(state, marks: svg.Marks = svg.Marks(), turned: bool = False) -> str:
    units = state.units

    def contents(name, cx, cy):
        unit = units.get(name)
        if unit is None:
            return ""
        player, pieces = unit
        return svg.stack(cx, cy, CELL, [(player, SIZES[p]) for p in pieces], piece=player)  # alike: named by colour

    return svg.grid(
        8, 8, CELL,
        names=lambda col, row: square(col, 7 - row),
        shade=lambda col, row: DARK if (col + row) % 2 else LIGHT,
        contents=contents,
        marks=marks,
        title=f"Ice Lady, {state.to_move.capitalize()} to move",
        colours=("white", "black"),
        turned=turned,
    )


def last_marks(before, move, after):
    """The from and to squares of `move`, and the square it captured on."""
    captured = before.captured_square(move)
    return before.path(move), ((captured,) if captured else ())


def panel(state, actor=None, marks=None, people=None) -> str:
    """The larges each player still has in reserve for promotion."""
    return "".join(
        f'<p class="reserve"><span class="who {player}"></span> {player.capitalize()}: '
        f"{counted(state.reserve[player], 'large')} in reserve</p>"
        for player in ("white", "black")
    )
