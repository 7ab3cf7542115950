"""Backup files as My games' Export writes them, of many random games: the import's bench and tests.

A player's backup: mostly Ice Lady, some of every other game, of a dozen moves or so, some named,
dated over the months before.  Every game is a real session's save, so every one imports; different
seeds give different games.
"""

from __future__ import annotations

import json
import random
import time

from pyramids import backups, saves
from pyramids.session import Session

from . import engine

MIX = (("ice-lady", 70), ("icetoids", 10), ("ice-towers", 10), ("terrafex", 5), ("ice-turn", 5))
DAY_MS = 86_400_000


def saved_games(count: int, rng: random.Random, now_ms: float, plies: int = 16) -> list[dict]:
    """`count` random games of `plies` / 2 to `plies` moves, each as My games saves it (its entry's fields), played
    over the 300 days before `now_ms` (few are the same game: a game that is another's is imported once)."""
    found = []
    ids, weights = zip(*MIX)
    for n in range(count):
        game_id = ids[n] if n < len(ids) else rng.choices(ids, weights)[0]  # every game at least once
        moves = engine.playout(game_id, rng.randrange(plies // 2, plies + 1), rng)
        session = Session(game_id, moves=moves, rng=random.Random(rng.random()))
        meta = {"name": f"Game {n + 1} with {rng.choice(['Ann', 'Bo', 'Cy'])}" if rng.random() < 0.2 else "",
                "created": now_ms - rng.randrange(300 * DAY_MS)}
        fields = saves.entry_fields(session, meta, meta["created"] + rng.randrange(DAY_MS))
        found.append({k: v for k, v in fields.items() if k != "rev"})
    return sorted(found, key=lambda game: -game["played"])


def backup(count: int, seed: int = 1, plies: int = 16) -> str:
    """A file of `count` random games (of `plies` / 2 to `plies` moves each), played before today, as Export
    writes it."""
    games = saved_games(count, random.Random(seed), time.time() * 1000 - DAY_MS, plies)
    return json.dumps({"format": backups.EXPORT_FORMAT, "v": 1, "exported": "2027-01-15T12:00:00Z", "games": games},
                      indent=1, ensure_ascii=False) + "\n"


def entries_of(text: str) -> dict[str, str]:
    """localStorage's items (with the page's prefix) holding the games of an exported file, as saved."""
    return {f"pyramids.v1.{saves.ENTRY}bench-{n}": json.dumps(game)
            for n, game in enumerate(json.loads(text)["games"])}
