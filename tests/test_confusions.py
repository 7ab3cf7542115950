"""The small confusions a new player meets (issue 13), as the core answers them."""

from __future__ import annotations

from pyramids import games, views
from pyramids.session import Session

from test_ice_towers import table


def test_a_click_on_another_colour_s_piece_says_who_you_act_as():
    """Acting as Red and clicking a yellow piece says "you are acting as Red", not why yellow cannot move."""
    s = Session("ice-towers")
    s.clicks.actor = "red"
    yellow = next(t.id for t in s.state.towers if t.pieces[0].name == "yS1")
    s.clicks.click(yellow)
    assert s.message == "You are acting as Red; that is Yellow's. Act as Yellow to move it." and s.warn
    s.clicks.actor = "yellow"
    s.clicks.click(yellow)
    assert s.clicks.selection == (yellow,) and not s.warn


def test_acting_as_one_colour_a_piece_inside_a_tower_and_a_hand_say_so_too():
    state = table("t1:yL1,rM1,yM1,rS1", held=("yM2@t1",))
    assert state.guide(["t1.2"], "red").message.startswith("You are acting as Red; that is Yellow's.")
    assert state.guide(["hand:yellow"], "red").message.startswith("You are acting as Red; that is Yellow's.")
    assert state.guide(["done:yellow"], "red").message.startswith("You are acting as Red; that is Yellow's.")
    assert not state.guide(["t1.3"], "red").message.startswith("You are acting")  # red's own: the game's reason


def test_the_ghost_s_pieces_are_anyone_s_to_move():
    """Haunted: either player moves the ghost, so a ghost piece never gets "you are acting as"."""
    state = games.get("ice-towers").new(haunted=True)
    ghost = next(t.id for t in state.towers if t.pieces[0].name == "wS1")
    assert "acting as" not in state.guide([ghost], "red").message


def test_options_that_change_the_rules_are_on_the_panel():
    """Ice Lady's mandatory capture, Ice Towers' variants, Terrafex's layout: shown beside the board."""
    lady = views.panel(games.get("ice-lady").new(mandatory_capture=True))
    assert '<p class="rules-options">Mandatory capture: <strong>on</strong></p>' in lady
    assert "Mandatory capture: <strong>off</strong>" in views.panel(games.get("ice-lady").new())
    towers = views.panel(games.get("ice-towers").new(haunted=True, timer=120))
    assert "Haunted (ghost player): <strong>on</strong>" in towers and "Timer: <strong>2 min</strong>" in towers
    assert "Colours" not in towers.split("</p>")[0], "the default colours are not an option worth a line"
    assert "Layout: <strong>" in views.panel(games.get("terrafex").new(layout="2"))


def test_guidance_only_where_something_can_be_done():
    """IceToids: a piece that cannot move is told to point; no "Choose where to go." with nothing lit."""
    s = Session("icetoids")
    for move in ("p1:colour=red", "p1:home=a2", "p2:colour=blue", "p2:home=d3"):
        s.play(move)
    s.clicks.click("off:red")
    assert s.message == "Choose a lit tile to go to." and s.clicks.targets == ("a2",)


def test_ice_turn_and_ice_towers_name_what_is_lit():
    """After a click, the message names the kind of thing lit, not "where to go" for actions."""
    from test_ice_turn import pos
    state = pos()
    assert state.guide(["a1"]).message == "Choose what to do with a1: tip it or Aim its tile (lit arrows and buttons)."
    assert state.guide(["d4"]).message == "Choose what to do with d4: Aim its tile (lit arrows and buttons)."
    towers = games.get("ice-towers").new()
    assert towers.guide(["t1"]).message == "Choose a lit tower to cap."


def test_neutral_notes_and_warnings():
    """A refusal is a warning; guidance and what a move did are neutral notes."""
    s = Session("ice-lady")
    s.clicks.click("d3")
    assert s.message == "Choose where to go." and not s.warn
    s.clicks.click("d6")
    assert s.warn
    s.note("Link copied.")
    assert not s.warn


def test_the_last_move_is_framed_over_the_pieces():
    """A king (or any piece) on the last move's square no longer hides its mark: the frame is drawn on top."""
    import random
    for game_id in ("ice-lady", "terrafex", "icetoids", "ice-turn"):
        s = Session(game_id, rng=random.Random(1))
        while not s.clicks.marks().last or s.latest.actors == ("chance",):
            s.play(random.Random(len(s.moves)).choice(s.latest.legal_plays()))
        picture = views.draw(s.state, s.clicks.marks())
        frames = picture.count('class="last-frame"')
        assert frames == len([c for c in s.clicks.marks().last if f'data-cell="{c}"' in picture]) and frames, game_id
        pieces = picture.index('class="pieces"')
        assert picture.rindex('class="last-frame"') > pieces, game_id
    king = Session("ice-lady", moves=["c3-b4", "f6-g5", "b4-a5", "g5-h4", "a5-b6", "h4-g3", "b6xd8=K"])
    picture = views.draw(king.state, king.clicks.marks())
    assert picture.index('class="last-frame" ') > picture.index('data-cell="d8"')


def test_a_click_that_a_bot_s_move_beat_says_the_board_changed():
    """Issue 26: a bot put Blue's piece on a tower just before Red's click on it: say the tower changed,
    not "you are acting as Red; that is Blue's"."""
    s = Session("ice-towers", {"colours": "red,blue"}, bots={"blue": "medium"})
    s.clicks.actor = "red"
    red = next(t for t in s.state.towers if t.pieces[-1].name.startswith("r"))
    blue_move = next(m for m in s.state.legal_moves()
                     if s.state.actor_of(m) == "blue" and s.state.path(m)[-1].split(".")[0] == red.id)
    assert s.play_bot(blue_move, None)
    top = f"{red.id}.1"  # Blue's small, now on top of Red's piece
    s.clicks.click([top, red.id])
    assert s.message.startswith("The board changed just before you chose: Blue") and s.warn, s.message
    s.clicks.click([top, red.id])  # the player has now seen it: Blue's piece, which the computer plays (issue 56)
    assert s.message == "The computer plays Blue: only it acts for Blue. You act for Red.", s.message
