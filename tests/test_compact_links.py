"""Compact links (format 2): short enough for any chat, read by the same bounded loader as every link.

Issue 15: "a 300-move game's link at most 2,000 characters for every game (a
compact, versioned encoding where the readable one is longer; old links keep
opening)".  Each move is its index among the sorted legal moves before it, so
a compact link is only as good as its replay: these tests go through
`session.Loading`, the page's loader.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conformance import playout
from test_loading import load, sample_game
from pyramids import games, record
from pyramids.core import CHANCE, GameError
from pyramids.record import Record
from pyramids.loading import Loading
from pyramids.session import Session

GAMES = games.ids()
CHAT = 2_000  # the bound for a 300-move game


def long_playout(game_id: str, rng: random.Random, plies: int = 300) -> list[str]:
    """A random game that keeps going: a move that would end it is avoided while another can be found
    (random Ice Towers ends within a dozen moves; random Terrafex still ends within 130-160 moves, by the
    third repetition once its glaciers run out of moves)."""
    state, moves = games.get(game_id).new(), []
    while state.outcome is None and len(moves) < plies:
        if state.actors == (CHANCE,):
            outcomes = state.chance_outcomes()
            after = state.play(move := rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            legal = state.legal_moves()
            for move in rng.sample(legal, len(legal)):
                after = state.play(move)
                if after.outcome is None:
                    break
        moves.append(move)
        state = after
    return moves


def opened(text: str):
    """The moves a link opens with through the page's loader, and its message."""
    session, message = Loading.from_link(text).finish()
    return session.moves, message


@pytest.mark.parametrize("game_id", GAMES)
def test_a_300_move_game_s_link_fits_in_2000_characters(game_id):
    """Random playouts of 300 moves (or to the end), every game: the Share link is at most 2,000 characters."""
    for seed in range(3):
        moves = long_playout(game_id, random.Random(seed))
        session = Session(game_id, moves=moves, rng=random.Random(seed))
        link = session.link_play.share_link()
        assert len(link) <= CHAT, (game_id, seed, len(moves), len(link))
        assert len(moves) == 300 or games.get(game_id).replay(moves).outcome, "300 moves, unless it cannot go on"
        assert opened(link)[0] == session.moves


@pytest.mark.parametrize("game_id", GAMES)
@given(data=st.data())
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_record_round_trips_through_the_compact_form(game_id, data):
    """Any game, any length, any options the game offers, with view settings after it."""
    game = games.get(game_id)
    options = {opt.name: data.draw(st.sampled_from(list(opt.choices))) for opt in game.options
               if opt.choices and data.draw(st.booleans())}
    try:
        game.new(**options)
    except GameError:
        options = {}
    moves = playout(game, random.Random(data.draw(st.integers(0, 10**6))), max_plies=data.draw(st.integers(0, 120)),
                    **options)
    view = data.draw(st.sampled_from([{}, {"ply": "3"}, {"ply": "0", "play": ""}]))
    rec = Record(game_id, game.resolve_options(options), tuple(moves), view)
    text = record.encode_compact(rec)
    assert text.startswith("v=2&") and "&m=" not in text
    packed = record.decode(text)
    assert (packed.game, packed.options, packed.view) == (rec.game, rec.options, rec.view)
    played, message = opened(text)
    assert message is None and played[:len(moves)] == list(moves), "(the loader then lets chance act, as for any link)"
    assert record.replay(packed).moves == list(moves)
    assert record.encode(packed) == text, "a packed record re-encodes as it came (embed links)"


@given(st.text(max_size=60) | st.from_regex(r"v=2&g=ice-lady&c=\d{0,6}\.[A-Za-z0-9_\-%.]{0,40}(&ply=\d)?",
                                             fullmatch=True))
@settings(max_examples=300, deadline=None)
def test_any_text_opens_or_fails_with_a_game_error(text):
    try:
        moves, message = opened(text)
    except GameError as err:
        assert 0 < len(str(err)) < 300
        return
    assert message is None or len(message) < 300
    assert len(moves) <= record.MAX_MOVES


def test_a_cut_off_compact_link_keeps_the_moves_before_the_cut():
    moves = tuple(playout(games.get("ice-lady"), random.Random(1), max_plies=4))
    text = record.encode_compact(Record("ice-lady", {}, moves))
    played, message = opened(text[:-1])
    assert played == list(moves[:3]) and "cut short" in message and "3 moves before it are kept" in message


@pytest.mark.parametrize("text, problem", [
    ("v=2&g=ice-lady&c=4", "are damaged: a character of them was changed or lost"),
    ("v=2&g=ice-lady&c=x.AAAA", "are damaged: a character of them was changed or lost"),
    ("v=2&g=ice-lady&c=99999.A", "at most 10,000 moves"),
    ("v=2&g=ice-lady&c=150000.AAAA", "This link holds 150,000 moves; the app opens games of at most 10,000 moves."),
    ("v=2&g=ice-lady&c=" + "9" * 5000 + ".A", "more than 10,000 moves"),
])
def test_a_malformed_compact_field_is_refused_in_words(text, problem):
    with pytest.raises(record.RecordError, match=problem):
        opened(text)


def test_an_index_past_the_legal_moves_is_refused_and_the_prefix_kept():
    first = record.pack(Record("ice-lady", {}, ("d3-e4",)))
    played, message = opened(f"v=2&g=ice-lady&c=2.{first}_")
    assert played == ["d3-e4"] and "not one of the" in message


def test_digits_after_the_last_move_are_left_out_and_said():
    text = record.encode_compact(Record("ice-lady", {}, ("d3-e4",)))
    played, message = opened(text + "AB")
    assert played == ["d3-e4"] and "after its last move" in message


def test_readable_links_keep_opening_and_stay_the_page_s_address():
    """v=1 links from before still open; the address bar keeps the readable form a player can read."""
    assert opened("v=1&g=ice-lady&mandatory_capture=1&m=d3-e4+e6-f5") == (["d3-e4", "e6-f5"], None)
    session = Session("ice-lady", moves=["d3-e4", "e6-f5"])
    assert session.link() == "v=1&g=ice-lady&m=d3-e4+e6-f5"
    assert (session.link_play.share_link().startswith("v=2&g=ice-lady&c=2.")
            and len(session.link_play.share_link()) < len(session.link()))


def test_every_option_travels_in_the_compact_form():
    rec = Record("ice-towers", games.get("ice-towers").resolve_options({"players": 3, "timer": "60"}), ())
    assert record.decode(record.encode_compact(rec)).options == rec.options


def test_the_session_s_packed_moves_follow_undo_and_a_different_move():
    session = Session("ice-lady", moves=["d3-e4", "e6-f5"])
    session.link_play.share_link()
    session.undoing.undo()
    other = max(m for m in session.latest.legal_moves() if m != "e6-f5")
    session.play(other)
    assert opened(session.link_play.share_link())[0] == ["d3-e4", other]


def test_share_refuses_a_link_longer_than_a_chat_carries_and_says_why():
    """Issue 15: "a link longer than a chat would carry is refused with the reason, never cut silently"."""
    assert record.too_long_to_send("x" * record.CHAT_LIMIT) is None
    refused = record.too_long_to_send("x" * (record.CHAT_LIMIT + 1))
    assert "4,001 characters" in refused and "not shared cut short" in refused


@pytest.mark.parametrize("game_id", GAMES)
@given(data=st.data())
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_mutated_compact_links_open_or_say_why(game_id, data):
    """A compact link with digits changed, dropped or added opens through the page's loading and drawing
    path (test_loading.load: every ply drawn) or fails with a short GameError, never anything else."""
    text = record.encode_compact(Record(game_id, {}, sample_game(game_id)[: data.draw(st.integers(0, 60))]))
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        kind = data.draw(st.sampled_from(["change", "drop", "add", "cut"]))
        char = data.draw(st.sampled_from(record.DIGITS + ".&=%+"))
        text = {"change": text[:at] + char + text[at + 1:], "drop": text[:at] + text[at + 1:],
                "add": text[:at] + char + text[at:], "cut": text[:at]}[kind]
    load(text)
