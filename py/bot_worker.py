"""The computer's thinking, in a web worker, so the page never waits for it.

static/bot-worker.js starts the interpreter there at the first bot turn or hint (the page's bridge asks it,
for py/screen/bots.py) and calls `choose` for each question.  It never touches the DOM, so it needs no
SharedArrayBuffer and no special headers.  Like the page, it fetches the search and each game's files when
first asked.
"""

import random

from archives import AI_ARCHIVE, fetch_archive, loaded
from pyramids import games


async def choose(base, game_id, position, actor, level, seed, idle=False, avoid="", quiet=0):
    """The move `actor` (or the one player to move) would make at `level` in `position` text.

    `base` is the app's folder, where the archives are.  In a game without
    turns "" means the bot prefers to wait (`ai.choose`'s may_wait); `idle`
    says that nothing was played since it last waited; `avoid`, one per line, the moves that brought
    the game round to this position before (`core.repeated_moves`); `quiet`, the moves since the position
    last changed for good (`State.quiet_plies`: position text does not say).
    """
    await fetch_archive(str(base) + AI_ARCHIVE, "the computer player")
    from pyramids import ai

    state = await loaded(lambda: games.get(str(game_id)).from_text(str(position)), base=str(base))
    may_wait = len(ai.players_to_act(state)) > 1
    return ai.choose(state, str(actor) or None, str(level), rng=random.Random(int(seed)), may_wait=may_wait,
                     idle=idle is True, avoid=str(avoid).split(), quiet=int(quiet or 0)) or ""
