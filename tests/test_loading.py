"""Links and saves as a hostile visitor writes them: nothing but a `GameError` ever comes out.

Every example goes through the page's own loading path (`Loading`, as
py/main.py uses it) and its drawing path (the calls `App.render` makes), for
every registered game, so a game registered later is covered too.
"""

from __future__ import annotations

import functools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conformance import playout
from pyramids import games, page, record, views
from pyramids.core import GameError
from pyramids.loading import CLOCK_EVERY, Loading, storage_fields, to_storage
from pyramids.session import Session

GAMES = games.ids()


@functools.lru_cache(maxsize=None)
def sample_game(game_id: str) -> tuple[str, ...]:
    """A random game of `game_id` (the same one every run), the material mutations start from."""
    return tuple(playout(games.get(game_id), random.Random(12), max_plies=60))


def draw(session: Session, plies=None) -> None:
    """What the page draws for the plies given (default: the one on screen)."""
    for ply in [session.cursor] if plies is None else plies:
        session.go(ply)
        views.draw(session.state, session.clicks.marks())
        views.panel(session.state, session.clicks.actor)
        session.words.status()
        page.choices(session)
        session.clock.remaining(1000.0)
    page.move_list(session)


def load(text: str, *, saved: bool = False):
    """Open `text` as the page does: None, or the session, after drawing every ply it holds."""
    try:
        loading = Loading.from_storage(text) if saved else Loading.from_link(text)
        session, message = loading.finish()
    except GameError as err:
        assert 0 < len(str(err)) < 300, str(err)[:400]
        return None
    assert message is None or 0 < len(message) < 300, message[:400]
    draw(session, range(len(session.moves) + 1))
    return session


# -- the crashes the issue lists, each first reproduced through the loading path --------
@pytest.mark.parametrize("link", [
    "v=1&g=icetoids&m=p1:colour=red%20",  # the rules strip it; drawing the raw text's mark failed
    "v=1&g=icetoids&m=p1:colour=red%09",
    "v=1&g=icetoids&m=p01:colour=red",  # ValueError in the explanation
    "v=1&g=icetoids&m=p%EF%BC%91:colour=red",  # a full-width digit
    "v=1&g=ice-towers&m=red:cap:rS1>t1" + "0" * 5000,  # int() of more than 4,300 digits
    "v=1&g=ice-lady&m=" + "x" * 1_000_000,  # quoted in full, twice
])
def test_links_that_crashed_the_page(link):
    session = load(link)
    assert session is None or session.moves in ([], ["p1:colour=red"])


def test_a_padded_move_is_kept_in_canonical_form():
    session = load("v=1&g=icetoids&m=p1:colour=red%20")
    assert session.moves == ["p1:colour=red"] and session.link() == "v=1&g=icetoids&m=p1:colour%3Dred"


def FRESH_CLOCK(session):  # noqa: N802 - a check, named like the constants beside it
    """A bad stored clock restarts at the first look (the drawing at t=1000), never rings at once."""
    return session.clock.started == 1000.0 and session.clock.remaining(1000.0) == 300


@pytest.mark.parametrize("save, check", [
    ('{"v": 2, "record": "v=1&g=ice-lady&m=d3-e4", "ply": Infinity}', lambda s: s.cursor == 1),
    ('{"v": 2, "record": "v=1&g=ice-lady&m=d3-e4", "ply": 1e999}', lambda s: s.cursor == 1),
    ('{"v": 2, "record": "v=1&g=ice-towers&timer=300&m=", "deadline": Infinity}', FRESH_CLOCK),
    ('{"v": 2, "record": "v=1&g=ice-towers&timer=300&m=", "deadline": NaN}', FRESH_CLOCK),
    ('{"v": 1, "record": "v=1&g=ice-towers&timer=300&m=", "clock": NaN}', FRESH_CLOCK),
    ('{"v": 2, "record": "v=1&g=ice-lady&m=d3-e4", "redo": [[]]}', lambda s: s.undoing.redo_stack == []),
    ('{"v": 2, "record": "v=1&g=ice-lady&m=d3-e4", "redo": [["a1-a1"]]}', lambda s: s.undoing.redo_stack == []),
    ('{"v": 2, "record": "v=1&g=ice-lady&m=d3-e4", "redo": 7}', lambda s: s.undoing.redo_stack == []),
])
def test_saves_that_crashed_every_visit(save, check):
    session = load(save, saved=True)
    assert check(session)
    if session.game.id == "ice-lady":
        session.play("e6-f5")


@pytest.mark.parametrize("save, problem", [
    ('{"v": 3, "record": "v=1&g=ice-lady&m="}', "made by a newer version of the app"),
    ('{"v": 2, "record": "v=3&g=ice-lady&m="}', "made by a newer version of the app"),
    ('{"v": 2}', "record is missing"),
    ('{"v": 2, "record": 5}', "record is missing"),
    ("[1, 2]", "not in the app's format"),
    ('{"v": true, "record": "v=1&g=ice-lady&m="}', "not in the app's format"),
    ("[" * 100_000, "not in the app's format"),
])
def test_unreadable_saves_say_why_in_words(save, problem):
    with pytest.raises(GameError, match=problem) as err:
        Loading.from_storage(save).finish()
    for internal in ("damaged (", "object is not", "sys.set_int_max_str_digits", "Traceback"):
        assert internal not in str(err.value)


def test_a_save_restores_redo_ply_and_the_clock_deadline():
    s = Session("ice-towers", {"timer": 300})
    assert s.clock.remaining(1000.0) == 300
    s.play("red:cap:rS1>t10")
    s.undoing.undo()
    again, error = Loading.from_storage(to_storage(s)).finish()
    assert error is None and again.undoing.redo_stack == [["red:cap:rS1>t10"]]
    assert json.loads(to_storage(s))["deadline"] == 1300.0, "the deadline is stored, not the time left"
    assert again.clock.remaining(1100.0) == 200, "the clock ran on while the page was closed"


def test_a_long_link_is_refused_with_the_limit_and_replays_in_slices():
    assert load("v=1&g=ice-lady&m=" + "+".join(["d3-e4"] * 10_001)) is None
    moves = sample_game("ice-lady")
    loading = Loading.from_link(record.encode(record.Record("ice-lady", {}, moves)))
    steps = 0
    while not loading.step(0):  # a slice past its time stops at the next look at the clock
        steps += 1
        assert len(loading.session.moves) == steps * CLOCK_EVERY
    assert steps >= len(moves) // CLOCK_EVERY - 1 and loading.session.moves == list(moves)
    assert CLOCK_EVERY <= 4, "an Ice-Turn placement takes ~1.5 ms in Pyodide: 16 made a 10 ms slice 25 ms"


# -- mutated records and saves of every game ------------------------------------------------
JUNK = st.sampled_from(["%", "%Z", "%C3", "%FF%FE", "%00", "+", "&", "=", "#", " ", "%20", "%09", "\t",
                        "０", "%EF%BC%91", "0" * 5000, "9" * 30, "x" * 3000, "&ply=", "&pl", "&v=1",
                        "&players=99", "&bogus=1", "&ply=99999999999999", "&ply=-1", "\u202e", "%E2%80%AE"])


def mutate(data, text: str) -> str:
    """One hostile change to link text: cut, flip, insert junk, or shuffle moves."""
    kind = data.draw(st.sampled_from(["cut", "flip", "insert", "dup", "swap", "pad", "head"]))
    if kind in ("cut", "flip", "insert"):
        at = data.draw(st.integers(0, len(text)))
        if kind == "cut":
            return text[:at]
        if kind == "flip":
            return text[:at] + data.draw(st.characters(max_codepoint=0x2FFFF)) + text[at + 1:]
        return text[:at] + data.draw(JUNK) + text[at:]
    head, _, moves = text.partition("&m=")
    moves = moves.split("+") if moves else []
    if kind == "head":
        head = data.draw(st.sampled_from(["v=2&g=ice-lady", "v=1&g=chess", "v=1&g=terrafex", "v=&g=",
                                          "v=1&g=ice-lady&mandatory_capture=maybe", "v=99999999999999&g=x",
                                          head + "&timer=Infinity", head + "&players=%FF", head + "&%="]))
    elif moves and kind == "dup":
        i = data.draw(st.integers(0, len(moves) - 1))
        moves.insert(i, moves[i])
    elif len(moves) > 1 and kind == "swap":
        i, j = data.draw(st.integers(0, len(moves) - 1)), data.draw(st.integers(0, len(moves) - 1))
        moves[i], moves[j] = moves[j], moves[i]
    elif moves and kind == "pad":
        i = data.draw(st.integers(0, len(moves) - 1))
        moves[i] = data.draw(st.sampled_from([" ", "%20", "%09", "%0A", "%E3%80%80"])) + moves[i] + "%20"
    return head + "&m=" + "+".join(moves)


def a_link(data, game_id: str) -> str:
    moves = sample_game(game_id)[: data.draw(st.integers(0, 60))]
    text = record.encode(record.Record(game_id, {}, moves))
    for _ in range(data.draw(st.integers(1, 3))):
        text = mutate(data, text)
    return text


@pytest.mark.parametrize("game_id", GAMES)
@given(data=st.data())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_mutated_links_open_or_say_why(game_id, data):
    load(a_link(data, game_id))


SAVE_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=True),
                        st.text(max_size=20), st.lists(st.lists(st.text(max_size=8), max_size=3), max_size=3),
                        st.just([[]]), st.just({}), st.just("Infinity"))


@pytest.mark.parametrize("game_id", GAMES)
@given(data=st.data())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_mutated_saves_open_or_say_why(game_id, data):
    moves = sample_game(game_id)
    session = Session(game_id, moves=moves[: data.draw(st.integers(0, len(moves)))], rng=random.Random(3))
    if session.undoing.can_undo():
        session.undoing.undo()
    session.clock.remaining(1000.0)
    fields = dict(storage_fields(session))
    for _ in range(data.draw(st.integers(0, 3))):
        key = data.draw(st.sampled_from(["v", "record", "redo", "ply", "deadline", "clock", "extra"]))
        fields[key] = data.draw(SAVE_VALUES)
    if data.draw(st.booleans()):
        fields["record"] = mutate(data, str(fields.get("record")))
    text = json.dumps(fields, allow_nan=True)
    if data.draw(st.booleans()):
        text = mutate(data, text)
    session = load(text, saved=True)
    if session is not None and session.undoing.redo_stack:
        session.undoing.redo()  # a restored redo stack plays


def test_a_stopped_replay_keeps_the_moves_before_and_is_not_a_clean_save():
    """The page stops a replay where a bug hit (Loading.stop): the prefix is shown, the error kept."""
    saved = to_storage(Session("ice-lady", moves=["d3-e4", "e6-f5", "e4xg6"]))
    loading = Loading.from_storage(saved)
    loading.session.push("d3-e4")
    loading.stop("Something went wrong at move 2 (boom); the game is shown up to there.")
    session, message = loading.finish()
    assert session.moves == ["d3-e4"] and message.startswith("Something went wrong at move 2")
    assert loading.error, "an entry opened this way is not overwritten by the page"
