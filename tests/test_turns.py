"""The game log reads a record by turns (issue 25): "one entry per turn: who (colour and name) and, in
words, everything the turn did"; chance that belongs to a turn is part of it, a setup phase is one
entry, placements one entry per player turn, Terrafex's fire placed by the opponent belongs to the
active player's turn, Ice Towers (no turns) groups consecutive actions of one player."""

from __future__ import annotations

import pathlib
import random
import re

import pytest

from pyramids import games, page, turns
from pyramids.core import CHANCE
from pyramids.session import Session

from conformance import playout


def game_of(game_id, moves=None, seed=0, plies=200, **options):
    game = games.get(game_id)
    moves = playout(game, random.Random(seed), max_plies=plies, **options) if moves is None else moves
    states = [game.new(**options)]
    for move in moves:
        states.append(states[-1].play(move))
    return states, list(moves)


def kinds(states, moves, turn):
    """Each move of a turn as (actor, its notation)."""
    return [(states[ply - 1].actor_of(moves[ply - 1]), moves[ply - 1]) for ply in turn.plies]


@pytest.mark.parametrize("game_id,options", [
    ("ice-lady", {}), ("ice-towers", {"players": 3}), ("ice-towers", {"timer": 60}), ("icetoids", {}),
    ("icetoids", {"players": 3}), ("terrafex", {}), ("terrafex", {"layout": "custom"}), ("ice-turn", {}),
    ("ice-turn", {"players": 3}),
])
def test_turns_cover_the_record_in_order(game_id, options):
    """Every move is in exactly one turn, in order; a window of the record gives the same turns."""
    for seed in range(3):
        states, moves = game_of(game_id, seed=seed, **options)
        found = turns.turns(states, moves)
        assert [ply for turn in found for ply in turn.plies] == list(range(1, len(moves) + 1))
        for turn in found:
            assert turns.turn_at(states, moves, turn.last) == turn
            assert turns.summary(states, moves, turn)
        if len(found) > 3:
            middle = found[2]
            assert turns.turns(states, moves, middle.last - 1, middle.last) == [middle]  # begun before the window


def test_ice_lady_one_move_a_turn():
    """Ice Lady: one move a turn (its score sheet pairs them)."""
    states, moves = game_of("ice-lady", ["c3-d4", "f6-e5", "d4xf6"])
    found = turns.turns(states, moves)
    assert [(t.seat, t.first, t.last) for t in found] == [("white", 1, 1), ("black", 2, 2), ("white", 3, 3)]
    assert turns.headline(states, moves, found[0]) == "White small c3 to d4.", "a lone move in its own words"


def test_ice_turn_deal_is_one_entry_placements_one_each_and_the_dice_open_each_turn():
    """Ice-Turn: "a setup phase is one entry ("Tiles dealt: Red 8, Blue 8"), placements one entry per player
    turn"; the d6 and the Treehouse die rolled for a player are the first moves of their turn, and the
    phase ends the page made by itself close it."""
    states, moves = game_of("ice-turn", seed=1, plies=120)
    found = turns.turns(states, moves)
    assert found[0].seat is None and found[0].last == 16
    assert turns.summary(states, moves, found[0]) == "Tiles dealt: Red 8, Blue 8"
    placements = [t for t in found if moves[t.first - 1].startswith("place:")]
    assert len(placements) == 16 and all(len(t.plies) == 1 for t in placements)
    assert [t.seat for t in placements[:2]] == ["red", "blue"]
    played = found[17:-1]  # the last may still be running
    assert played
    for turn in played:
        said = kinds(states, moves, turn)
        assert said[0][0] == CHANCE and said[0][1].startswith("roll:") and said[1][1].startswith("face:")
        assert {actor for actor, _ in said[2:]} == {turn.seat}
        assert said[-1][1] == "end-turn"
    first = played[0]
    text = turns.summary(states, moves, first)
    assert re.match(r"rolls \d on the d6 and \w+ on the Treehouse die; ", text), "the log reads 'Red rolls 4 on …'"
    assert "Red" not in text.split(";")[2][:4], "the player's name is the entry's, not repeated"
    assert not text.endswith("ends the turn") or not turns.by_itself(states[first.last - 1], moves[first.last - 1])


def test_ice_turn_a_last_placement_and_a_first_turn_of_one_player_are_two_entries():
    """Three players place 16 tiles: Red places last and then takes the first turn; two entries."""
    states, moves = game_of("ice-turn", seed=1, plies=60, players=3)
    found = turns.turns(states, moves)
    last_place = max(i for i, t in enumerate(found) if moves[t.first - 1].startswith("place:"))
    assert found[last_place].seat == found[last_place + 1].seat == "red"
    assert moves[found[last_place + 1].first - 1].startswith("roll:")
    assert turns.summary(states, moves, found[0]) == "Tiles dealt: Red 6, Blue 5, Green 5"


def test_terrafex_the_opponents_fire_is_part_of_the_active_players_turn():
    """Terrafex: "fires are always played to the board by the opponent, after the fire is selected ... by
    the active player": the placement is in the active player's entry, and the page's `end` closes it."""
    states, moves = game_of("terrafex", seed=1, plies=60)
    found = turns.turns(states, moves)
    assert [t.seat for t in found[:4]] == ["white", "black", "white", "black"]
    first = found[0]
    said = kinds(states, moves, first)
    assert ("black", "fire:burn:d2") in said and said[-1] == ("white", "end")
    text = turns.summary(states, moves, first)
    assert "selects a medium fire for Black to play; Black plays the medium fire: burns the medium forest on d2" in text
    assert "turn passes" not in text, "the end the page made by itself is left to the entry's moves"
    assert turns.headline(states, moves, first).startswith("White's turn: starts a small mountain on c1; ")


def test_terrafex_the_layout_editor_is_one_entry_before_whites_first_turn():
    states, moves = game_of("terrafex", seed=2, plies=400, layout="custom")
    found = turns.turns(states, moves)
    start = moves.index("start")
    assert (found[0].seat, found[0].first, found[0].last) == ("white", 1, start + 1)
    assert found[1].seat == "white" and found[1].first == start + 2


def test_icetoids_a_tile_revealed_is_part_of_the_turn_that_revealed_it():
    """IceToids: "Any time your piece lands on a tile that has not yet been exposed, turn it over and orient
    it as you wish": the draw and the orientation are the mover's turn; each seat's choices one entry."""
    states, moves = game_of("icetoids", seed=1, plies=12)
    found = turns.turns(states, moves)
    assert [(t.seat, t.first, t.last) for t in found[:4]] == [("p1", 1, 2), ("p2", 3, 4), ("p1", 5, 7), ("p2", 8, 9)]
    assert turns.summary(states, moves, found[0]) == "chooses yellow; takes home b1"
    assert turns.name(states, moves, found[0]) == "Yellow (P1)"
    assert turns.colour(states, moves, found[0]) == "yellow"
    assert turns.summary(states, moves, found[2]) == ("brings a waiting piece onto b1; reveals the single arrow tile "
                                                       "at b1; turns the tile at b1: arrow west")


def test_ice_towers_groups_the_consecutive_actions_of_one_player_and_the_timer_is_its_own_entry():
    """Ice Towers has no turns: consecutive actions of one colour are one entry; the timer ringing another."""
    states, moves = game_of("ice-towers", seed=1, plies=40, timer=60)
    found = turns.turns(states, moves)
    actors = [states[p - 1].actor_of(moves[p - 1]) for p in range(1, len(moves) + 1)]
    runs = [actors[0]] + [b for a, b in zip(actors, actors[1:]) if a != b]
    assert [t.seat or "timer" for t in found] == runs
    assert any(len(t.plies) > 1 for t in found)
    assert found[-1].seat is None and turns.summary(states, moves, found[-1]) == "The timer rings: the game is over"
    assert turns.colour(states, moves, found[-1]) == "timer"
    run = next(t for t in found if len(t.plies) > 1)
    told = turns.headline(states, moves, run)
    assert told.startswith(turns.name(states, moves, run) + ": ") and "'s turn" not in told, "no turns to name"


def test_the_log_has_one_entry_per_turn_each_opening_to_its_moves():
    states, moves = game_of("terrafex", seed=1, plies=30)
    session = Session("terrafex", moves=moves)
    html = page.turn_log(session)
    found = turns.turns(session.states, session.moves)
    assert html.count('<li class="turn') == len(found)
    assert html.count('data-notation=') == len(session.moves)
    again = page.turn_log(session, found[-1].first - 1)
    assert again.count('<li class="turn') == 1 and html.endswith(again)


def test_the_log_marks_the_move_on_screen_and_its_turn_for_a_screen_reader():
    """The move on screen and its turn's entry carry aria-current: a screen reader says "current step", and a
    high-contrast theme, which drops the mark's background, still shows it (static/app.css)."""
    states, moves = game_of("terrafex", seed=1, plies=30)
    session = Session("terrafex", moves=moves)
    found = turns.turns(session.states, session.moves)
    session.cursor = found[1].last - 1  # looking back: a move inside the second turn
    html = page.turn_log(session)
    marked = re.findall(r'<button type="button"[^>]*aria-current="step"[^>]*>', html)
    assert len(marked) == 2, marked
    assert 'class="sum" data-ply="%d"' % found[1].last in marked[0]
    assert 'data-ply="%d"' % session.cursor in marked[1] and "sum" not in marked[1]


def test_the_page_tells_its_players_every_key_that_browses_the_game():
    """The rules' last section ("By pointer, finger or keys", index.html) names each key the page browses with: a
    key added to `Session.HISTORY_KEYS` and not told there would be a key nobody finds."""
    html = (pathlib.Path(__file__).resolve().parents[1] / "index.html").read_text(encoding="utf-8")
    told = re.sub(r"\s+", " ", html.split('id="rules-here"', 1)[1].split("</section>", 1)[0])
    words = {"ArrowLeft": "&larr;", "ArrowRight": "&rarr;", "Home": "Home", "End": "End", "PageUp": "Page Up",
             "PageDown": "Page Down"}
    assert set(Session.HISTORY_KEYS) <= set(words)
    for key in Session.HISTORY_KEYS:
        assert words[key] in told, key
    assert "Shift+&larr;" in told and "Shift+&rarr;" in told, "Shift+←/→ step a turn (`Session.ply_for_key`)"


def test_turn_by_turn_keys():
    """PageUp/PageDown (and Shift+←/→) step a whole turn: to the position before it, after the next."""
    states, moves = game_of("terrafex", seed=1, plies=30)
    s = Session("terrafex", moves=moves)
    found = turns.turns(s.states, s.moves)
    s.go(s.ply_for_key("PageUp"))
    assert s.cursor == found[-1].first - 1
    s.go(s.ply_for_key("Shift+ArrowLeft"))
    assert s.cursor == found[-2].first - 1
    s.go(found[-2].first + 1)  # inside a turn: back to its start, on to its end
    assert s.ply_for_key("PageUp") == found[-2].first - 1 and s.ply_for_key("PageDown") == found[-2].last
    s.go(0)
    assert s.ply_for_key("Shift+ArrowRight") == found[0].last and s.ply_for_key("PageUp") == 0


def test_the_computers_turn_is_told_outlined_and_replayable_until_the_player_acts():
    """A turn not made by a person here: "the message line shows the turn's summary, every location it
    changed stays outlined until the player acts", and Replay steps through its moves.  Placing the
    computer's fire inside its turn is not the end of following it; being asked to place it, the player is
    told what the computer did before.  Issue 51: "a decision an opponent makes inside your turn belongs
    where a reader expects it, said once": the fire the player places is said once, after the turn so far."""
    s = Session("terrafex", bots={"black": "easy"}, rng=random.Random(0))
    for move in ("mountain:start:c1", "glacier:h2W", "forest:grow:c3", "fire:2"):
        s.play(move)
    assert s.computer.turn() == ("black", "easy")
    s.play_bot("fire:burn:d2", s.position_key())  # the computer places White's fire: White's turn ends
    assert s.message == ("Black plays the medium fire: burns the medium forest on d2 away; the medium fire goes to the "
                         "fire pit.")
    assert s.following.news() == "", "told at once, and White's own actions are not told back to White"
    s.following.watched = None  # read (a click would say so, but would select a piece for the computer's seat here)
    before = len(s.moves)
    for move in ("mountain:start:c7", "forest:spread:c4", "glacier:a3E"):
        s.play_bot(move, s.position_key())
        assert s.following.news() == "", "the computer's turn is told once it is over"
    s.play_bot("fire:3", s.position_key())  # ... or once it asks White to place its fire
    assert s.following.news() == ("Black's turn: starts a small mountain on c7; spreads a small forest to c4; "
                                  "moves the large glacier on a3 east to b3; selects a large fire for White to play.")
    assert {"c7", "c4", "a3", "b3"} <= set(s.clicks.marks().last)
    s.clicks.click("e4")  # White places Black's fire (one click), inside Black's turn
    assert s.moves[-2:] == ["fire:burn:e4", "end"]
    assert s.latest.turn_of() == "white" and s.following.watched == before
    assert s.message.startswith("White plays the large fire: burns the small forest on e4")
    assert s.message.count("White plays") == 1, "White's fire once"
    assert s.following.news() == "", "Black's turn was told before White was asked: not again"
    assert {"c7", "c4", "a3", "b3", "e4"} <= set(s.clicks.marks().last)
    assert s.following.replay_span() == (before, len(s.moves))
    s.clicks.click("a1")
    assert s.following.watched is None and s.following.news() == "" and s.following.replay_span() is None
    assert "c7" not in s.clicks.marks().last


def test_the_rest_of_the_computers_turn_after_the_fire_the_player_placed_is_told_without_it():
    """Issue 51: "later White's own growths appear under 'Black's turn:'": the computer selects its fire
    first, White places it, the computer goes on; once its turn is over, the message tells the rest of it."""
    s = Session("terrafex", bots={"black": "easy"}, rng=random.Random(0))
    for move in ("mountain:start:c1", "glacier:h2W", "forest:grow:c3", "fire:2"):
        s.play(move)
    s.play_bot("fire:burn:d2", s.position_key())
    s.play_bot("fire:1", s.position_key())
    assert s.following.news() == "Black selects a small fire for White to play."
    s.clicks.click("a1")  # White starts Black's small fire on a1
    assert s.moves[-1] == "fire:start:a1" and s.message == "White plays the small fire: starts a small fire on a1."
    for move in ("mountain:start:c7", "forest:spread:c4", "glacier:a3E"):
        s.play_bot(move, s.position_key())
    assert s.latest.turn_of() == "white"
    assert s.following.news() == ("The rest of Black's turn: starts a small mountain on c7; "
                                  "spreads a small forest to c4; moves the large glacier on a3 east to b3.")
    assert "White" not in s.following.news()


def test_a_turn_too_long_for_the_message_line_is_cut_after_an_action_and_points_to_the_log():
    """An Ice-Turn turn of many actions (527 characters) was cut in the middle of one ("…; tips the stack…"): the
    player could not tell where it stopped. It ends after a whole action and says where the rest is."""
    moves = ["deal:red=single", "deal:blue=single", "deal:red=double", "deal:blue=qturner", "deal:red=double",
             "deal:blue=double", "deal:red=single", "deal:blue=qturner", "deal:red=double", "deal:blue=single",
             "deal:red=single", "deal:blue=double", "deal:red=qturner", "deal:blue=single", "deal:red=double",
             "deal:blue=qturner", "place:b1=single:N", "place:b3=single:N", "place:c2=double:NS", "place:c3=qturner",
             "place:b4=single:W", "place:a1=single:N", "place:d2=single:N", "place:c4=single:W", "place:c1=double:EW",
             "place:b2=qturner", "place:d4=double:NS", "place:d3=double:NS", "place:a2=double:EW",
             "place:a3=double:EW", "place:d1=qturner", "place:a4=qturner", "roll:6", "face:wild", "wild:hop:a1-b1",
             "tip:a1E/b1@1", "move:a1@1", "tip:b1N", "end-moves", "react:b1S", "end-turn"]
    s = Session("ice-turn", moves=moves)
    s.following.watch(32)
    whole = turns.headline(s.states, s.moves, s.turns(32)[0])
    news = s.following.news()
    assert len(whole) > 400 >= len(news)
    told, _, rest = news.partition("; … ")
    assert rest == "(The Game log has the whole turn.)" and whole.startswith(told + "; ")


def test_a_link_with_only_the_deal_tells_nothing():
    s = Session("ice-turn")
    s.following.last_turn()
    assert len(s.moves) == 16 and s.following.watched is None and s.following.news() == ""


def test_a_link_just_opened_tells_its_last_turn():
    states, moves = game_of("terrafex", seed=1, plies=30)
    s = Session("terrafex", moves=moves)
    s.following.last_turn()
    found = turns.turns(s.states, s.moves)
    over = found[-2] if turns.running(s.states, s.moves, found[-1]) else found[-1]
    assert s.following.watched == over.first - 1
    assert s.following.news() == turns.headline(s.states, s.moves, over)
