"""The computer's thinking, in a web worker, so the page never waits for it.

py/main.py starts this worker at the first bot turn or hint (PyScript's
create_named_worker, with the page's pyscript.toml) and keeps it.  It never
touches the DOM, so it needs no SharedArrayBuffer and no special headers.
"""

import random

from pyramids import ai, games


def choose(game_id, position, actor, level, seed):
    """The move `actor` (or the one player to move) would make at `level` in `position` text."""
    state = games.get(str(game_id)).from_text(str(position))
    return ai.choose(state, str(actor) or None, str(level), rng=random.Random(int(seed)))


__export__ = ["choose"]
