"""Board views: one module per game, each a pure function from a state to SVG.

`draw(state, marks)` picks the game's view lazily, like the games registry,
so the page only imports the drawing code of the game on screen.
"""

from __future__ import annotations

from importlib import import_module

from ..core import State
from ..svg import Marks


def draw(state: State, marks: Marks = Marks()) -> str:
    """The SVG of `state` with the selection, targets and last move marked."""
    module = state.game.id.replace("-", "_")
    return import_module(f"{__name__}.{module}").draw(state, marks)


def last_marks(before: State, move: str, after: State) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The cells a move touched and the cells where it captured, for marking it."""
    module = before.game.id.replace("-", "_")
    view = import_module(f"{__name__}.{module}")
    return view.last_marks(before, move, after)
