"""The computer's thinking, in a web worker, so the page never waits for it.

py/main.py starts this worker at the first bot turn or hint (PyScript's
create_named_worker, with the page's pyscript.toml) and keeps it.  It never
touches the DOM, so it needs no SharedArrayBuffer and no special headers.
"""

import random

from pyramids import ai, games


def choose(game_id, position, actor, level, seed):
    """The move `actor` (or the one player to move) would make at `level` in `position` text.

    In a game without turns "" means the bot prefers to wait (`ai.choose`'s may_wait).
    """
    state = games.get(str(game_id)).from_text(str(position))
    may_wait = len(ai.players_to_act(state)) > 1
    return ai.choose(state, str(actor) or None, str(level), rng=random.Random(int(seed)), may_wait=may_wait) or ""


__export__ = ["choose"]
