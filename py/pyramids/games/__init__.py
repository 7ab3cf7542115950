"""The registry of games: ids, titles, and lazy access to each game's module.

Modules are imported on first use so the page only pays for the game it shows.
The page goes further: a game's rules and view reach the browser only when
first needed (build.sh packs each game on its own), so `get` says `NotLoaded`
for a game whose files are not there yet, and the page fetches them and asks again.
"""

from __future__ import annotations

import pathlib
from dataclasses import dataclass
from importlib import import_module

from ..core import Game, quote


@dataclass(frozen=True)
class Entry:
    """What the game picker needs to know before a game's module is loaded."""

    id: str
    title: str
    module: str  # the module under pyramids.games


RULES = pathlib.Path(__file__).parent.parent / "rules"  # each game's rules page, <id>.html

CATALOGUE = (
    Entry("ice-lady", "Ice Lady", "ice_lady"),
    Entry("ice-towers", "Ice Towers", "ice_towers"),
    Entry("icetoids", "IceToids", "icetoids"),
    Entry("terrafex", "Terrafex", "terrafex"),
    Entry("ice-turn", "Ice-Turn", "ice_turn"),
)

_BY_ID = {entry.id: entry for entry in CATALOGUE}
DEFAULT = "ice-lady"  # the game a first visit opens (and tools/first_board.py draws)


def ids() -> list[str]:
    """The ids of the games that can be played."""
    return [entry.id for entry in CATALOGUE]


def entry(game_id: str) -> Entry:
    try:
        return _BY_ID[game_id]
    except KeyError:
        raise KeyError(f"There is no game called {quote(game_id)}.") from None


class NotLoaded(LookupError):
    """A game of the catalogue whose module is not on this machine yet (the page has not fetched it)."""

    def __init__(self, game_id: str):
        super().__init__(f"The files of {entry(game_id).title} are not loaded yet.")
        self.game_id = game_id


def get(game_id: str) -> Game:
    """The game with this id; `KeyError` with a readable message when unknown, `NotLoaded` when not fetched yet."""
    name = f"{__name__}.{entry(game_id).module}"
    try:
        return import_module(name).GAME
    except ModuleNotFoundError as err:
        if err.name != name:
            raise
        raise NotLoaded(game_id) from None


def rules_page(game_id: str) -> str:
    """The game's rules page (an HTML fragment), packed beside its rules: there once `get` has worked."""
    return (RULES / f"{entry(game_id).id}.html").read_text(encoding="utf-8")
