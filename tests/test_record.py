"""The record codec: the move list as link text, and replays that stop at the first bad ply."""

import pytest
from hypothesis import given, settings, strategies as st

from pyramids import games, record
from pyramids.record import Record, RecordError

MOVES = ("d3-e4", "e6-f5", "e4xg6")


def test_round_trip_with_options_and_moves():
    rec = Record("ice-lady", {"mandatory_capture": True}, MOVES)
    text = record.encode(rec)
    assert text == "v=1&g=ice-lady&mandatory_capture=1&m=d3-e4+e6-f5+e4xg6"
    assert record.decode(text) == rec
    assert record.decode("#" + text) == rec


def test_default_options_are_left_out_and_filled_back_in():
    text = record.encode(Record("ice-lady", {}, ()))
    assert text == "v=1&g=ice-lady&m="
    assert record.decode(text) == Record("ice-lady", {"mandatory_capture": False}, ())


def test_unsafe_characters_in_moves_are_escaped():
    rec = Record("ice-lady", {}, ("a b+c&d=e#f",))
    text = record.encode(rec)
    assert " " not in text and "#" not in text and text.count("&") == 2
    assert record.decode(text).moves == rec.moves


def test_view_settings_are_kept_apart_from_options():
    rec = record.decode("v=1&g=ice-lady&m=d3-e4&ply=0")
    assert rec.view == {"ply": "0"} and rec.options == {"mandatory_capture": False}


@pytest.mark.parametrize("text, problem", [
    ("", "holds no game"),
    ("#", "holds no game"),
    ("garbage", "no game called 'garbage'; the games here are Ice Lady, Ice Towers, IceToids, Terrafex and Ice-Turn"),
    ("chess&players=2", "no game called 'chess'"),
    ("v=1&g=ice-lady&garbage", "not of the form name=value"),
    ("g=ice-lady&m=", "no format version"),
    ("v=3&g=ice-lady&m=", "made by a newer version of the app"),
    ("v=0.5&g=ice-lady&m=", "format this app does not know"),
    ("v=1" + "0" * 5000 + "&g=ice-lady&m=", "format this app does not know"),
    ("v=1&m=d3-e4", "does not say which game"),
    ("v=1&g=chess&m=", "no game called 'chess'"),
    ("v=1&g=ice-lady&colour=red&m=", "has no option 'colour'"),
    ("v=1&g=ice-lady&mandatory_capture=maybe&m=", "on or off"),
    ("v=1&g=ice-lady&m=d3-e4++e6-f5", "Move 2 of the link is empty"),
    ("v=1&g=ice-lady&foo%20bar=1&m=", "has no option 'foo bar'"),
    ("v=1&g=ice-lady&m=" + "+".join(["d3-e4"] * 10_001), "at most 10,000 moves"),
    ("v=1&v=1&g=ice-lady&m=", "names 'v' twice"),
])
def test_malformed_links_say_what_is_wrong(text, problem):
    with pytest.raises(RecordError, match=problem):
        record.decode(text)


@pytest.mark.parametrize("text, game", [
    ("v=1&g=ice-towers&players=9&m=", "ice-towers"),
    ("icetoids&colour=red", "icetoids"),
    ("v=2&g=terrafex&c=zz", "terrafex"),
    ("v=1&g=chess&m=", None),
    ("v=1&m=d3-e4", None),
    ("v=1&g=ice-lady&garbage", None),
])
def test_a_link_that_cannot_be_read_names_its_game_where_that_much_is_plain(text, game):
    """What the page can still open for a link it cannot: a game of the kind it names, where its name was read."""
    with pytest.raises(RecordError) as caught:
        record.read(text)
    assert caught.value.game_id == game


@pytest.mark.parametrize("text, game", [
    ("#icetoids", "icetoids"), ("IceToids", "icetoids"), ("ice-turn", "ice-turn"), ("Ice%20Turn", "ice-turn"),
    ("ice lady", "ice-lady"), ("IceLady", "ice-lady"), ("ice_towers", "ice-towers"), ("Terrafex", "terrafex"),
])
def test_a_link_that_is_only_a_game_s_name_names_that_game(text, game):
    """A person writing the app's address by hand names the game as they read it in the picker."""
    assert record.named_game(text) == game
    rec, problem = record.read(text)
    assert (rec.game, rec.moves, problem) == (game, (), None)
    assert rec.options == games.get(game).resolve_options({})


@pytest.mark.parametrize("text", ["", "#", "chess", "ice", "icetoidss", "v=1&g=icetoids&m=", "icetoids&players=3",
                                  "ice&lady", "g=ice-lady"])
def test_anything_else_names_no_game_by_name(text):
    assert record.named_game(text) is None


def test_a_game_s_name_may_be_followed_by_its_options_and_view():
    rec, _ = record.read("icetoids&players=3&ply=0")
    assert (rec.game, rec.options["players"], rec.view) == ("icetoids", 3, {"ply": "0"})


@pytest.mark.parametrize("text, moves, note", [
    ("v=1&g=ice-lady&m=d3-e4+e6-f5+", ("d3-e4", "e6-f5"), None),
    ("v=1&g=ice-lady&m=d3-e4++e6-f5", ("d3-e4",), "Move 2 of the link is empty"),
    ("v=1&g=ice-lady&m=d3-e4+e6-f5&pl", ("d3-e4", "e6-f5"), "'pl'"),
    ("v=1&g=ice-lady&m=d3-e4+e6-f5&ply=1&pl", ("d3-e4", "e6-f5"), "'pl'"),
])
def test_a_damaged_tail_keeps_the_moves_before_it(text, moves, note):
    """A trailing '+' or a view key cut off keeps the valid moves instead of refusing the link."""
    rec, problem = record.read(text)
    assert rec.moves == moves
    assert (problem is None) if note is None else (note in problem)


def test_messages_quote_a_few_dozen_characters_of_a_huge_input():
    for text in ("v=1&g=" + "x" * 100_000 + "&m=", "v=1&g=ice-lady&" + "y" * 100_000, "z" * 100_000):
        with pytest.raises(RecordError) as err:
            record.decode(text)
        assert len(str(err.value)) < 160
    replay = record.replay(Record("ice-lady", {}, ("d3-e4", "q" * 1_000_000)))
    assert replay.moves == ["d3-e4"] and len(replay.error) < 160


def test_replay_stops_at_the_first_illegal_move_and_keeps_the_prefix():
    replay = record.replay(Record("ice-lady", {}, ("d3-e4", "d3-e4", "e6-f5")))
    assert replay.moves == ["d3-e4"]
    assert len(replay.states) == 2
    assert replay.error.startswith("Move 2 ('d3-e4') cannot be played: ")
    assert replay.error.endswith("d3 is empty.")


def test_replay_reports_nonsense_moves():
    replay = record.replay(Record("ice-lady", {}, ("castle",)))
    assert replay.moves == [] and "Move 1 ('castle')" in replay.error


def test_replay_keeps_moves_in_canonical_form():
    """Moves are compared and stored stripped: ' d3-e4\t' is d3-e4."""
    replay = record.replay(Record("ice-lady", {}, (" d3-e4\t",)))
    assert replay.error is None and replay.moves == ["d3-e4"]


def test_a_whole_replay_has_no_error():
    replay = record.replay(Record("ice-lady", {}, MOVES))
    assert replay.error is None and replay.moves == list(MOVES)


# Property tests: any move text survives the link, and no text crashes the decoder.
move_text = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1).filter(
    lambda m: m.strip() and not any(c.isspace() for c in m))


@given(st.lists(move_text, max_size=8))
@settings(max_examples=200, deadline=None)
def test_any_move_list_survives_encoding(moves):
    rec = Record("ice-lady", {"mandatory_capture": False}, tuple(moves))
    text = record.encode(rec)
    assert not any(c.isspace() for c in text) and "#" not in text
    assert record.decode(text) == rec


@given(st.text(max_size=80))
@settings(max_examples=300, deadline=None)
def test_decoding_any_text_fails_only_with_a_record_error(text):
    try:
        rec = record.decode(text)
    except RecordError as err:
        assert str(err)
    else:
        assert rec.game in games.ids()


@given(st.text(alphabet=st.sampled_from("a%%%C3A9e2F0ZZ4+&=é€😀 ") | st.characters(), max_size=12))
@settings(max_examples=400)
def test_link_escapes_are_urllib_parse_s_without_importing_it(text):
    """record.py writes percent-encoding out (urllib.parse costs the page's start-up ~70 ms); it must match."""
    from urllib.parse import quote, unquote

    try:
        expected = quote(text, safe=":@!,/*;")
    except UnicodeEncodeError:  # a lone surrogate: both refuse it
        with pytest.raises(UnicodeEncodeError):
            record._quote(text)
    else:
        assert record._quote(text) == expected
    assert record.unquote(text) == unquote(text)
