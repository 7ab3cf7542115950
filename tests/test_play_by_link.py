"""Play by link (issue 15): which seats are mine, "Your move" / "Waiting for White", whom to send the
link to, the board seen from the player's side, and a link that continues or parts from a saved game."""

from __future__ import annotations

import json
import random

import pytest

from pyramids import games, page, saves, views
from pyramids.session import Loading, Session


def test_every_game_lists_its_seats_through_the_protocol():
    assert Session("ice-lady").seats == ["white", "black"]
    assert Session("terrafex").seats == ["white", "black"]
    assert Session("ice-turn", {"players": 3}).seats == ["red", "blue", "green"]
    assert Session("icetoids", {"players": 4}).seats == ["p1", "p2", "p3", "p4"]
    assert Session("ice-towers", {"players": 3}).seats == ["red", "yellow", "green"]


def test_all_seats_or_none_means_hot_seat_as_before():
    """'I play: both on this device' (the default) keeps today's status line."""
    session = Session("ice-lady")
    session.choose_mine(["white", "black"])
    assert session.mine == () and session.status() == "White to move." and session.send_to() is None


def test_your_move_then_waiting_and_whom_to_send_it_to():
    """Issue 15: "'Your move' or 'Waiting for White' in the status, and after their move a Share that says
    whom to send it to"."""
    session = Session("ice-lady")
    session.choose_mine(["white"])
    assert session.status() == "Your move." and session.send_to() is None
    session.play("d3-e4")
    assert session.status() == "Waiting for Black." and session.send_to() == "Black"


def test_the_prompt_follows_your_move_where_the_game_asks_something_precise():
    session = Session("icetoids")
    session.choose_mine(["p2"])
    assert session.status() == "Waiting for P1."
    session.choose_mine(["p1"])
    assert session.status().startswith("Your move.")


def test_browsing_and_a_finished_game_say_what_they_always_said():
    session = Session("ice-lady", moves=["d3-e4"])
    session.choose_mine(["black"])
    session.go(0)
    assert session.status() == "White to move."


def test_which_seats_are_mine_is_saved_with_the_game_and_never_in_its_link():
    """Issue 15: "Which seats are theirs is their own (stored with the save on this device), never in the link"."""
    session = Session("ice-lady", moves=["d3-e4"])
    session.choose_mine(["black"])
    assert "black" not in session.link() and "black" not in session.share_link()
    restored, _ = Session.from_storage(session.to_storage())
    assert restored.mine == ("black",)
    tampered = json.loads(session.to_storage()) | {"mine": ["green", 7]}
    assert Session.from_storage(json.dumps(tampered))[0].mine == ()


def test_the_board_is_turned_round_for_black_in_ice_lady_only_where_a_game_has_sides():
    state = Session("ice-lady").state
    white, black = views.draw(state), views.draw(state, perspective="black")
    assert white.index('data-cell="a8"') < white.index('data-cell="h1"')
    assert black.index('data-cell="h1"') < black.index('data-cell="a8"'), "Black's side at the bottom"
    assert views.draw(state, perspective="white") == white
    terrafex = Session("terrafex").state
    assert views.draw(terrafex, perspective="black") == views.draw(terrafex), "Terrafex's board has no sides"


def test_the_perspective_is_the_seat_played_here():
    session = Session("ice-lady")
    assert session.perspective is None
    session.choose_mine(["black"])
    assert session.perspective == "black"


def test_the_new_game_form_offers_every_seat_ticked():
    form = page.mine_form(Session("ice-turn", {"players": 3}))
    assert form.count('name="mine"') == 3 and form.count("checked") == 3 and "Green" in form
