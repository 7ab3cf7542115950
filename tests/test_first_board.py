"""The board a first visit is shown while Python starts (tools/first_board.py, static/snapshot.js), on CPython."""

import importlib
import json
import pathlib
import random
import re

import first_board
from pyramids import games, page, saves, views
from pyramids.session import Session

ROOT = pathlib.Path(__file__).resolve().parents[1]


def shipped(name: str = "PYRAMIDS_FIRST_BOARD"):
    """One of static/first-board.js's values."""
    text = (ROOT / first_board.FIRST_BOARD).read_text()
    return json.loads(re.search(rf"^self\.{name} = (.*);$", text, re.M).group(1))


def test_the_first_board_is_this_builds():
    """Run ./build.sh when this fails: static/first-board.js was drawn by other views."""
    assert (ROOT / first_board.FIRST_BOARD).read_text() == first_board.text()


def test_it_is_the_board_status_welcome_panel_offer_and_example_the_page_opens_with():
    """The panel and the offer of a lesson sit above the controls: painted later, they moved them (issue 55).
    The typed move's example is the game's own, not a placeholder Python rewrites."""
    session = Session(games.DEFAULT)
    assert shipped() == {"game": games.DEFAULT, "board": page.board(session), "status": session.words.status(),
                         "message": page.welcome(session), "panel": page.panel(session),
                         "offer": session.game.title, "help": page.move_help(session)}
    assert 'data-cell="' in shipped()["panel"], "the panel's locations, named as Python names them"


def test_the_welcome_is_painted_only_to_a_browser_python_would_welcome():
    """snapshot.js reads the key saves.first_visit notes the welcome under
    (py/screen/store.py's PREFIX + saves.WELCOMED)."""
    prefix = re.search(r'^PREFIX = "([^"]+)"$', (ROOT / "py" / "screen" / "store.py").read_text(), re.M).group(1)
    assert f'const WELCOMED = "{prefix}{saves.WELCOMED}";' in (ROOT / "static" / "snapshot.js").read_text()


def test_the_page_copies_and_writes_the_keys_the_python_reads():
    """static/bridge.js hands the Python its copy of the storage and makes its writes (issue 55), under the
    prefix py/screen/store.py names."""
    prefix = re.search(r'^PREFIX = "([^"]+)"$', (ROOT / "py" / "screen" / "store.py").read_text(), re.M).group(1)
    assert f'const PREFIX = "{prefix}";' in (ROOT / "static" / "bridge.js").read_text()


def test_it_is_shown_only_when_no_game_would_be_reopened():
    """snapshot.js reads the key py/main.py reopens the last game from (py/screen/store.py's PREFIX + saves.LAST)."""
    prefix = re.search(r'^PREFIX = "([^"]+)"$', (ROOT / "py" / "screen" / "store.py").read_text(), re.M).group(1)
    assert f'const LAST = "{prefix}{saves.LAST}";' in (ROOT / "static" / "snapshot.js").read_text()
    assert re.search(r'^DEFAULT_GAME = games\.DEFAULT$', (ROOT / "py" / "main.py").read_text(), re.M)


def test_the_label_fonts_are_each_size_and_weight_of_the_boards_texts():
    """static/snapshot.js has the browser find these while Python starts (issue 55: a game opened just after the
    page was ready waited on each new one): every text of every game's start, a weight or size inherited from
    where it sits (Ice Towers' "pts" is normal, 11, inside its bold score)."""
    shipped_fonts = shipped("PYRAMIDS_LABEL_FONTS")
    # the shipped list is the views' list: test_the_first_board_is_this_builds reads the whole file
    fonts = {tuple(font) for font in shipped_fonts}
    for game_id in games.ids():
        board = page.board(Session(game_id))
        for attributes in re.findall(r"<text([^>]*)>", board):
            size = float(re.search(r'font-size="([\d.]+)"', attributes).group(1))
            weight = re.search(r'font-weight="(\w+)"', attributes)
            assert (size, weight.group(1) if weight else "normal") in fonts, (game_id, attributes)
    assert {(18, "bold"), (11, "normal"), (15, "bold"), (11, "bold")} <= fonts, "Ice Towers' score, its pts, names"


def test_each_games_board_shape_is_its_views():
    """A link with no snapshot of it gets its game's board shape before Python draws (static/snapshot.js): the
    viewBox every board of that game is drawn in, and the tray under it, empty.  A game's tray keeps its room
    from the first move to the last (IceToids' from its setup on: it came as play began, and moved what was
    under the board; Ice-Turn's as high as its tallest face: a Wild roll's was two rows higher than a Tip's on a
    phone), so one shape serves a link anywhere in the game."""
    shapes = shipped("PYRAMIDS_BOARD_SHAPES")
    assert sorted(shapes) == sorted(games.ids())
    for game_id in games.ids():
        session = Session(game_id)
        board = page.board(session)
        assert f'viewBox="{shapes[game_id][0]}"' in board, game_id
        assert bool(shapes[game_id][1]) == ('class="tray"' in board), game_id
        view = importlib.import_module(f"pyramids.views.{game_id.replace('-', '_')}")
        before, _, after = view.tray("\0").partition("\0") if shapes[game_id][1] else ("", "", "")
        assert before + after == shapes[game_id][1], game_id
        state, rng = games.get(game_id).new(), random.Random(5)
        for ply in range(200):
            tray = views.controls(state)
            assert tray.startswith(before) and tray.endswith(after), (game_id, ply, "a tray came, went or changed room")
            if state.outcome is not None:
                break
            state = state.play(rng.choice(state.legal_plays()))
    assert [bool(shapes[g][1]) for g in ("ice-turn", "icetoids", "terrafex")] == [True, True, False]
    assert 'class="room"' in shapes["ice-turn"][1], "Ice-Turn's tray is kept as high as its tallest face"
