"""Embed links, iframe snippets and board images (pyramids.embed), on CPython."""

import base64
import json
import random
import re
import xml.etree.ElementTree as ET
import zlib
from dataclasses import replace
from html.parser import HTMLParser

import pytest

from pyramids import embed, games, record, views
from pyramids.svg import Marks

GAME = games.get("ice-lady")
MOVES = ("d3-e4", "e6-f5", "e4xg6")
REC = record.Record("ice-lady", {}, MOVES)
SVG = "{http://www.w3.org/2000/svg}"


def test_parse_reads_the_record_and_bare_flags():
    rec, view = embed.parse("#v=1&g=ice-lady&m=d3-e4+e6-f5&ply=1&play")
    assert rec.moves == ("d3-e4", "e6-f5") and rec.view["ply"] == "1"
    assert view == embed.View(play=True, static=False)
    assert embed.parse("v=1&g=ice-lady&m=&static=1&embed")[1] == embed.View(static=True)
    assert embed.parse("v=1&g=ice-lady&m=d3-e4&play=0")[1] == embed.View()


def test_an_embed_of_a_game_by_its_name_shows_a_new_game_of_it():
    """``embed.html#ice-lady&play``: a board to play on in a wiki page, written by hand."""
    rec, view = embed.parse("ice-lady&play")
    assert (rec.game, rec.moves, view) == ("ice-lady", (), embed.View(play=True))


def test_parse_refuses_a_broken_link_with_a_reason():
    with pytest.raises(record.RecordError, match="no game"):
        embed.parse("")
    with pytest.raises(record.RecordError, match="not of the form"):
        embed.parse("v=1&g=ice-lady&m=d3-e4&ply")


def test_fragment_round_trips_through_parse():
    text = embed.fragment(REC, 2, embed.View(play=True))
    assert text == "v=1&g=ice-lady&m=d3-e4+e6-f5+e4xg6&ply=2&play"
    rec, view = embed.parse(text)
    assert (rec.moves, rec.view["ply"], view) == (MOVES, "2", embed.View(play=True))
    assert "ply" not in embed.fragment(REC), "no ply: the embed opens at the end"


def test_options_survive_in_the_link():
    rec = record.Record("ice-lady", {"mandatory_capture": True}, ("d3-e4",))
    parsed, _ = embed.parse(embed.fragment(rec, 1, embed.View(static=True)))
    assert parsed.options == GAME.resolve_options({"mandatory_capture": True})


@pytest.mark.parametrize("page, expected", [
    ("https://host/some/sub/path/#v=1&g=ice-lady&m=", "https://host/some/sub/path/embed.html#"),
    ("https://host/app/index.html", "https://host/app/embed.html#"),
    ("http://127.0.0.1:8000/", "http://127.0.0.1:8000/embed.html#"),
])
def test_embed_url_sits_next_to_the_app_page(page, expected):
    assert embed.embed_url(page, REC, 1).startswith(expected)


def test_app_link_is_relative_and_keeps_the_ply():
    assert embed.app_link(REC, 2) == "./#v=1&g=ice-lady&m=d3-e4+e6-f5+e4xg6&ply=2"


def unpacked(picture: str) -> dict:
    """A picture as static/embed.js reads it: base64url without padding, raw deflate, JSON."""
    return json.loads(zlib.decompress(base64.urlsafe_b64decode(picture + "=" * (-len(picture) % 4)), -15))


def test_a_picture_is_the_position_drawn_and_what_it_belongs_to():
    """Issue 50: the embed code carries what the frame paints before Python starts, and what it belongs to: the
    ply, the number of moves and a checksum of the record's text, which static/embed.js checks against its link."""
    state = GAME.replay(MOVES[:2])
    marks = Marks(selected=("c3",), targets=("d4",), last=("e6", "f5"))
    shown = unpacked(embed.picture(REC, state, marks, 2))
    assert (shown["v"], shown["ply"], shown["moves"]) == (1, 2, 3)
    assert shown["record"] == zlib.crc32(b"v=1&g=ice-lady&m=d3-e4+e6-f5+e4xg6")
    assert pieces_in(shown["board"]) == expected_pieces(state)
    assert "target-dot" not in shown["board"] and 'stroke="#1f7ae0"' not in shown["board"], "no selection"
    assert shown["status"] == "White to move." and shown["title"] == "Ice Lady · Looney Pyramids"
    assert shown["panel"] == views.panel(state, None, replace(marks, selected=(), targets=()), people=())
    assert unpacked(embed.picture(REC, GAME.replay(MOVES), Marks()))["ply"] == 3, "no ply: the end"


def test_where_the_reader_plays_on_the_status_line_says_what_comes_next_not_the_move_just_made():
    """The embed has one status line: the note saying the reader's own move stood there in place of what to do
    next (the app has a message line and a status line).  A refusal, and what a choice under way asks, still show;
    a replay shows every message."""
    from pyramids.session import Session
    s = Session("ice-lady")
    replay, play_on = embed.View(), embed.View(play=True)
    s.clicks.click("d3")
    assert embed.message(s, play_on) == s.message == "Choose where to go."
    s.clicks.click("e4")
    assert s.message == "White small d3 to e4." and embed.message(s, replay) == s.message
    assert embed.message(s, play_on) == "" and embed.status(s, play_on) == "Black to move."
    s.clicks.click("e4")
    assert s.warn and embed.message(s, play_on) == s.message != "", "a refusal"


def test_a_replay_s_status_line_says_the_move_on_screen_and_its_picture_counts_from_the_game_s_start():
    """A reader stepping through a replay read whose turn it was ("Red: place a tile: choose an empty cell…", words
    that ask a player to act, in a frame where nobody may); it says the move that made the position on screen, the
    result at the end.  Where the reader plays on, whose turn it is.  Ice-Turn's picture counts its bar from after
    the deal, as the embed's Python does (`Session.start`)."""
    from pyramids.session import Session
    s = Session("ice-lady", moves=MOVES[:2])
    replay, play_on = embed.View(), embed.View(play=True)
    assert embed.status(s, replay) == "Black small e6 to f5." and embed.status(s, play_on) == "White to move."
    s.go(0)
    assert embed.status(s, replay) == "The start of the game."
    won = Session("ice-lady", moves=("d3-e4", "resign"))
    assert embed.status(won, replay) == "White wins. Black resigned.", "said once"
    turn = Session("ice-turn", rng=random.Random(4))
    turn.play(turn.latest.legal_moves()[0])
    shown = unpacked(embed.picture(turn.record(), turn.state, ply=turn.cursor, said=embed.status(turn, replay),
                                   start=turn.start))
    assert (shown["ply"], shown["moves"], shown["start"]) == (17, 17, 16)
    assert shown["status"] == turn.words.describe(17).rstrip(".") + "."
    assert "start" not in unpacked(embed.picture(REC, GAME.new(), ply=0)), "none but where a game deals first"


def test_the_picture_of_an_embed_that_plays_on_holds_the_tray_under_its_board():
    """Ice-Turn's tray of buttons is the live embed's where the reader plays on (and its frame has room for it):
    its picture has it too, so the board does not shrink when Python draws; a replay has none."""
    from test_ice_turn import pos

    state = pos(face="wild")
    rec = record.Record("ice-turn", {}, ())
    playing = unpacked(embed.picture(rec, state, view=embed.View(play=True)))["board"]
    assert 'class="tray"' in playing and 'data-cell="end"' in playing and 'data-cell="tip7"' in playing
    assert 'class="tray"' not in unpacked(embed.picture(rec, state))["board"]


def test_a_picture_leaves_out_what_only_a_live_board_needs():
    """Every location's hover text and what the panel's folded explanation unfolds to: half of a Terrafex picture.
    Its summary stays, folded: without it the panel was a line lower than the live one, and the board jumped."""
    terrafex = games.get("terrafex")
    state = terrafex.new()
    shown = unpacked(embed.picture(record.Record("terrafex", {}, ()), state))
    assert shown["board"].count("<title>") == 1, "the board's own title, the accessible name of the picture"
    assert '<details class="tfx-why"><summary>Why each square scores</summary></details>' in shown["panel"]
    assert "A piece scores for the colour" in views.panel(state) and "A piece scores" not in shown["panel"]
    assert pieces_in(shown["board"]) == pieces_in(views.draw(state))


def test_a_picture_goes_last_in_the_link_and_is_read_as_a_view_setting():
    picture = embed.picture(REC, GAME.replay(MOVES[:1]), Marks(), 1)
    text = embed.fragment(REC, 1, embed.View(play=True), picture)
    assert text == f"v=1&g=ice-lady&m=d3-e4+e6-f5+e4xg6&ply=1&play&pic={picture}"
    rec, view = embed.parse(text)
    assert rec.moves == MOVES and rec.view["pic"] == picture and view == embed.View(play=True)
    assert embed.app_link(rec, 1) == "./#v=1&g=ice-lady&m=d3-e4+e6-f5+e4xg6&ply=1", "the full app gets no picture"


def test_a_picture_too_long_for_an_embed_code_is_left_out(monkeypatch):
    picture = embed.picture(REC, GAME.new(), Marks(), 0)
    monkeypatch.setattr(embed, "PICTURE_LIMIT", len(picture) - 1)
    assert embed.picture(REC, GAME.new(), Marks(), 0) == ""
    assert "pic=" not in embed.fragment(REC, 0, painted="")


@pytest.mark.parametrize("game_id", games.ids())
def test_every_game_s_picture_fits_an_embed_code_at_its_end(game_id):
    """The longest position of a long random game of each game still makes a picture (the code stays pasteable)."""
    game, rng = games.get(game_id), random.Random(7)
    state, moves = game.new(), []
    while state.outcome is None and len(moves) < 400:
        move = rng.choice(state.legal_moves())
        state, moves = state.play(move), [*moves, move]
    picture = embed.picture(record.Record(game_id, {}, tuple(moves)), state)
    assert picture and len(picture) <= embed.PICTURE_LIMIT


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


def iframe_of(snippet):
    parser = _Tags()
    parser.feed(snippet)
    assert [t for t, _ in parser.tags] == ["iframe"]
    return parser.tags[0][1]


def test_snippet_is_an_iframe_sized_for_the_board():
    board = views.draw(GAME.replay(MOVES))
    frame = iframe_of(embed.snippet("https://host/p/", REC, 2, embed.View(), "Ice Lady", board))
    assert frame["src"] == "https://host/p/embed.html#v=1&g=ice-lady&m=d3-e4+e6-f5+e4xg6&ply=2"
    assert frame["title"] == "Ice Lady"
    width, height = int(frame["width"]), int(frame["height"])
    panel = views.embed_panel_height("ice-lady", 2)
    assert width >= 300 and height == width + embed.CONTROLS_HEIGHT + panel, "a square board, the controls, the panel"
    diagram = iframe_of(embed.snippet("https://host/p/", REC, 2, embed.View(static=True), "Ice Lady", board))
    assert diagram["src"].endswith("&ply=2&static") and diagram["width"] == diagram["height"]


def test_snippet_escapes_what_html_needs():
    snippet = embed.snippet("https://host/p/", REC, 1, embed.View(), 'A "quoted" <title>', views.draw(GAME.new()))
    assert "&amp;g=ice-lady" in snippet and "&quot;quoted&quot;" in snippet and "<title>" not in snippet


def pieces_in(svg_text):
    root = ET.fromstring(svg_text.split("\n", 1)[1] if svg_text.startswith("<?xml") else svg_text)
    return sorted(tuple(g.get("class").split()[1:]) for g in root.iter(SVG + "g")
                  if "pyramid" in g.get("class", "").split())


def expected_pieces(state):
    names = {"S": "small", "M": "medium", "K": "large"}
    return sorted((player, names[p]) for player, pieces in state.units.values() for p in pieces)


def test_image_is_a_standalone_svg_with_the_pieces_of_the_position():
    state = GAME.replay(MOVES)
    text = embed.image(state, Marks(selected=("c3",), targets=("d4",), last=("e4", "g6"), captured=("f5",)))
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')
    root = ET.fromstring(text.split("\n", 1)[1])
    assert root.tag == SVG + "svg"
    width, height = embed.svg_size(text)
    assert (root.get("width"), root.get("height")) == (f"{width:g}", f"{height:g}")
    assert root[0].tag == SVG + "title", "the title stays the first child"
    assert pieces_in(text) == expected_pieces(state)
    assert 'class="captured"' in text, "the last move stays marked"
    assert "target-dot" not in text and 'stroke="#1f7ae0"' not in text, "no selection in a picture"


@pytest.mark.parametrize("game_id", games.ids())
def test_images_of_every_game_need_nothing_from_outside(game_id):
    """Self-contained: no stylesheets, fonts, images or links; only in-document url(#...) references."""
    text = embed.image(games.get(game_id).new())
    ET.fromstring(text.split("\n", 1)[1])
    assert not re.search(r"<style|@import|@font-face|<image|<use|<a\b|<script|<foreignObject", text)
    assert not re.search(r"(?:xlink:)?href=", text)
    assert re.findall(r"url\(([^)]*)\)", text) == [u for u in re.findall(r"url\(([^)]*)\)", text) if u.startswith("#")]
    assert "font-family=\"sans-serif\"" in text, "a generic font family, never a web font"


@pytest.mark.parametrize("game_id", games.ids())
def test_pictures_measure_whole_pixels(game_id):
    """A PNG has whole pixels: a picture of 575.3 units downloads at 1150 px, not twice its size (CI at 7dc1f1f)."""
    game, rng = games.get(game_id), random.Random(3)
    state = game.new()
    for _ in range(60):
        if state.outcome is not None:
            break
        state = state.play(rng.choice(state.legal_moves()))
    for state in (game.new(), state):
        width, height = embed.svg_size(embed.image(state))
        assert width == int(width) and height == int(height), (width, height)


def caption(svg_text: str) -> tuple[list[str], float]:
    """The lines under a picture's board, and the size of their letters as a share of the picture's width."""
    root = ET.fromstring(svg_text.split("\n", 1)[1])
    band = next(g for g in root.iter(SVG + "g") if g.get("class") == "caption")
    texts = list(band.iter(SVG + "text"))
    return [t.text for t in texts], min(float(t.get("font-size")) for t in texts) / embed.svg_size(svg_text)[0]


def test_a_picture_says_under_the_board_what_a_thumbnail_would_lose():
    """Issue 50: Ice Towers' labels (9-12 px in a 1000x600 picture) are unreadable at a wiki's usual 300 px: the
    turn and the scores are written under the board in letters of at least 12 px at that size."""
    state = games.get("ice-towers").new(players=4)
    lines, share = caption(embed.image(state))
    assert " ".join(lines).replace("\u00a0", " ") == ("No turns: Red, Yellow, Green, Blue may act at any moment. "
                                                     "Score: Red 18 · Yellow 18 · Green 18 · Blue 18")
    assert not any(line.endswith("·") for line in lines), "a line breaks before a score, not inside one"
    assert share * 300 >= 12
    width, height = embed.svg_size(embed.image(state))
    assert (width, height) > embed.svg_size(views.draw(state)), "the board, and room for its caption under it"


def test_a_terrafex_picture_holds_its_score_pool_and_fire_pit():
    state = games.get("terrafex").new()
    lines, _ = caption(embed.image(state))
    score = lines.index("Score: White 5 ·\u00a0Black 5")
    assert " ".join(lines[:score]) == "White: choose a forest, mountain, fire or glacier action."  # the status line
    words = " ".join(lines[score + 1:])
    assert words.startswith("Pool (small/medium/large): green 3/1/4, yellow 5/5/4, red 5/5/4, blue 5/5/0.")
    assert words.endswith("Fire pit: 0/0/0 red.")


def test_a_finished_game_s_picture_says_the_result_once():
    game = games.get("ice-towers")
    state = game.new()
    while state.outcome is None:
        state = state.play(sorted(state.legal_moves())[0])
    lines, _ = caption(embed.image(state))
    assert " ".join(lines).count("Final scores") == 1 and not any(line.startswith("Score:") for line in lines)


def test_a_picture_s_alt_text_is_the_board_s_own_title():
    assert embed.title_of(views.draw(games.get("terrafex").new())) == "Terrafex board, White to act"


def test_image_name_says_game_and_move():
    assert embed.image_name("ice-lady", 12, "png") == "ice-lady-move-12.png"


def test_a_terrafex_frame_has_room_for_its_panel():
    """Issue 25: the embed shows Terrafex's score, pool, fire pit and trackers under the board, so its frame is
    taller by what they take (the view's EMBED_PANEL), not by the two lines other panels take."""
    from pyramids.views.terrafex import EMBED_PANEL

    state = games.get("terrafex").new()
    rec = record.Record("terrafex", {}, ())
    width, height = embed.svg_size(views.draw(state))
    frame = iframe_of(embed.snippet("https://host/p/", rec, 0, embed.View(), "Terrafex", views.draw(state)))
    assert int(frame["height"]) == round(400 * height / width) + embed.CONTROLS_HEIGHT + EMBED_PANEL[2]
    diagram = iframe_of(embed.snippet("https://host/p/", rec, 0, embed.View(static=True), "Terrafex",
                                      views.draw(state)))
    assert int(diagram["height"]) == round(360 * height / width), "a diagram is the board alone"


def test_a_frame_has_room_for_the_panel_of_as_many_players_as_its_game_has():
    """An IceToids frame gave its panel two lines whatever the players, and the panel takes two for each of
    them and three for the tiles: in a 400 px frame the board was drawn 300 px wide.  The room is now the
    panel's tallest for that many players (tests/e2e/test_embed.py measures it), and in an embed that plays on
    Ice Towers' panel adds whom to act as and each colour's "I'm done"."""
    def height(game_id, options, view=embed.View()):
        rec = record.Record(game_id, options, ())
        board = views.draw(games.get(game_id).new(**options))
        return int(iframe_of(embed.snippet("https://host/p/", rec, 0, view, "A game", board))["height"])

    assert height("icetoids", {"players": 4}) - height("icetoids", {}) == \
        views.embed_panel_height("icetoids", 4) - views.embed_panel_height("icetoids", 2) > 0
    assert views.embed_panel_height("icetoids", 2) > 100, "four lines at least"
    assert height("ice-towers", {"players": 6}, embed.View(play=True)) - height("ice-towers", {"players": 6}) == \
        views.embed_panel_height("ice-towers", 6, play=True) - views.embed_panel_height("ice-towers", 6) > 0


def test_an_embed_that_shows_a_game_offers_none_of_its_controls_and_one_that_plays_it_does():
    """Ice Towers' panel offers whom to act as, "I'm done" and a held piece as buttons: in an embed that only
    shows the game they did nothing but say it was a replay (and squeezed its board); its picture is the same."""
    towers = games.get("ice-towers")
    moves = ("red:cap:rS1>t16", "yellow:cap:yS1>t16", "red:cap:rS2>t16", "yellow:cap:yS2>t16", "red:mine:rS1")
    state, rec = towers.replay(moves), record.Record("ice-towers", {}, moves)
    for view in (embed.View(), embed.View(static=True)):
        panel = unpacked(embed.picture(rec, state, Marks(), None, view))["panel"]
        assert "<button" not in panel and "Acting as" not in panel, view
        assert "holds small" in panel and "Scores" in panel, "the hand and the scores in words"
    playing = unpacked(embed.picture(rec, state, Marks(), None, embed.View(play=True)))["panel"]
    assert "I'm done" in playing and 'data-cell="hand:red"' in playing


def test_a_picture_shows_the_position_not_the_controls_to_play_it():
    """A download or My games' picture is a diagram: Ice-Turn's tray (its buttons under the board) and IceToids'
    colour swatches are left out, where the live board has them."""
    from test_ice_turn import pos  # a race in its move phase, a Wild face rolled: every button of the tray

    turn = pos(face="wild")
    assert 'data-cell="end"' in views.controls(turn) and 'data-cell="tip7"' in views.controls(turn)
    for text in (views.draw(turn, picture=True), embed.image(turn)):
        assert "tray" not in text and 'class="action' not in text and 'data-cell="end"' not in text
        assert 'data-cell="a1"' in text, "the board's own locations stay"
    setup = games.get("icetoids").new()
    assert 'data-cell="colour:red"' in views.draw(setup)
    for text in (views.draw(setup, picture=True), embed.image(setup)):
        assert "colour:" not in text and "choosing a colour" in text
