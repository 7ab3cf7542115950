"""The registry of games: ids, titles, and lazy access to each game's module.

Modules are imported on first use so the page only pays for the game it shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module

from ..core import Game


@dataclass(frozen=True)
class Entry:
    """What the game picker needs to know before a game's module is loaded."""

    id: str
    title: str
    players: str
    blurb: str
    module: str  # the module under pyramids.games


CATALOGUE = (
    Entry("ice-lady", "Ice Lady", "2", "Checkers with pyramids: kings, king trees and promotion.", "ice_lady"),
    Entry("ice-towers", "Ice Towers", "2-6", "No turns: cap, mine and split towers in a race.", "ice_towers"),
    Entry("icetoids", "IceToids", "2-4", "Explore face-down tiles and reach your three targets.", "icetoids"),
    Entry("terrafex", "Terrafex", "2", "Terraform with forests, mountains, fire and glaciers.", "terrafex"),
    Entry("ice-turn", "Ice-Turn", "2-4", "A dice race across arrow tiles to nest on the far corner.", "ice_turn"),
)

_BY_ID = {entry.id: entry for entry in CATALOGUE}


def ids() -> list[str]:
    """The ids of the games that can be played."""
    return [entry.id for entry in CATALOGUE]


def entry(game_id: str) -> Entry:
    try:
        return _BY_ID[game_id]
    except KeyError:
        raise KeyError(f"There is no game called {game_id!r}.") from None


def get(game_id: str) -> Game:
    """The game with this id; `KeyError` with a readable message when unknown."""
    return import_module(f"{__name__}.{entry(game_id).module}").GAME
