"""A game's files, and the computer's search, fetched the first time they are needed.

The start-up archive (in the interpreter's snapshot) holds the rules core and the pages' code;
build.sh (tools/package.py) packs each game's rules and view, the search, and the
lessons into archives of their own.  This unpacks one beside the start-up archive,
once, whoever asks: the page for the game it shows, the bot worker for the
game it is asked about.  No DOM here, so the worker can use it too.
"""

import asyncio
import io
import pathlib
import sys
import zipfile

from js import fetch

import pyramids
from pyramids import games
from pyramids.core import GameError

# Where tools/package.py puts them, relative to the page.
GAME_ARCHIVE = "static/games/{}.zip"  # a game's rules and view
AI_ARCHIVE = "static/ai.zip"  # the computer's search
LEARN_ARCHIVE = "static/learn.zip"  # Learn to play: the lesson runner and the lessons
HOME = pathlib.Path(pyramids.__file__).parent.parent  # where the start-up archive is, or would be, unpacked
_fetching: dict[str, asyncio.Future] = {}


async def fetch_archive(url: str, what: str) -> None:
    """Unpack the archive at `url` beside the start-up one; `GameError` naming `what` when it cannot be
    fetched (offline before the app was cached), so that a later try fetches it again."""
    task = _fetching.get(url)
    if task is None:
        task = _fetching[url] = asyncio.ensure_future(_unpack(url))
    try:
        await asyncio.shield(task)
    except Exception as err:  # noqa: BLE001 - the network's or the server's refusal, said in words
        if _fetching.get(url) is task:
            del _fetching[url]
        raise GameError(f"The files of {what} could not be loaded ({str(err)[:80] or type(err).__name__}); "
                        "check the connection and try again.") from None


async def _unpack(url: str) -> None:
    """The browser's fetch, not pyodide.http (importing it costs start-up ~60 ms in Pyodide)."""
    response = await fetch(url)
    if not response.ok:
        raise OSError(f"HTTP {response.status}")
    data = (await response.arrayBuffer()).to_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        archive.extractall(HOME)
    _forget_listings()


def _forget_listings() -> None:
    """Make the new files importable: only our folders' finders forget what they listed
    (importlib.invalidate_caches() also imports importlib.metadata, ~50 ms in Pyodide)."""
    home = str(HOME)
    for path, finder in list(sys.path_importer_cache.items()):
        if finder is not None and (path in ("", ".") or path.startswith(home)) and hasattr(finder, "invalidate_caches"):
            finder.invalidate_caches()


async def loaded(make, loading=lambda title: None, base: str = ""):
    """`make()`, once the files of each game it needs (`games.NotLoaded`) are fetched from `base`.

    `make` must change nothing before it fails (building a `Session`, a
    `Loading`, a position), as it is called again; `loading(title)` says a
    game is being fetched.  `GameError` when a game's files cannot be fetched.
    """
    fetched = set()
    while True:
        try:
            made = make()
        except games.NotLoaded as missing:
            if missing.game_id in fetched:
                raise  # fetched, yet not importable: a bug, not the network
            fetched.add(missing.game_id)
            title = games.entry(missing.game_id).title
            loading(title)
            await fetch_archive(base + GAME_ARCHIVE.format(missing.game_id), title)
            await asyncio.sleep(0)  # the game's code imported in a task of its own (15-60 ms), then what needs
            games.get(missing.game_id)  # it (a link read: 5-45 ms more) in the next, so neither holds the page long
            await asyncio.sleep(0)
            continue
        if fetched:  # the game just imported: what follows (a link's first replay slice) in a task of its own
            await asyncio.sleep(0)
        return made
