"""Learn to play (issue 51): every game's lesson plays through by clicks, judged by the real rules; a wrong
click is answered with why; the lesson is data, and what a player reads is whole sentences."""

import ast
import pathlib
import re

import pytest

from pyramids import games, learn
from pyramids.core import CHANCE

ROOT = pathlib.Path(__file__).resolve().parents[1]


def make(tutor, move):
    """Make `move` as a player does: a click on each location of its path, then its choice if one is left."""
    s = tutor.session
    for cell in s.state.path(move):
        if s.clicks.choices:
            break
        s.clicks.click(cell)
        assert not s.warn, s.message
    if not tutor.made:
        assert move in s.clicks.choices, (move, s.clicks.choices)
        s.clicks.choose(move)
    assert tutor.made, s.message


def walk(tutor, choose=lambda index, moves: moves[0]):
    """Play the lesson to its end (`choose` picks among the moves a step accepts); the states seen."""
    while True:
        if tutor.step.expect:
            moves = tutor.expected()
            assert moves, f"step {tutor.index + 1} asks for no legal move: {tutor.step.expect}"
            make(tutor, choose(tutor.index, moves))
        if tutor.over:
            return tutor
        tutor.next()


@pytest.mark.parametrize("game_id", games.ids())
def test_every_lesson_plays_to_its_end_by_clicks_and_the_player_wins(game_id):
    tutor = walk(learn.Tutor(learn.lesson(game_id)))
    outcome = tutor.session.latest.outcome
    assert outcome is not None and outcome.winners == (tutor.lesson.seat,), outcome


@pytest.mark.parametrize("game_id", games.ids())
def test_every_move_a_step_accepts_leads_on(game_id):
    """A step that accepts several moves (any of them) must leave a game the rest of the lesson plays on from."""
    lesson = learn.lesson(game_id)
    for index, step in enumerate(lesson.steps):
        probe = learn.Tutor(lesson)
        walk_to(probe, index)
        for choice in range(len(probe.expected())):
            walk(learn.Tutor(lesson), lambda i, moves, pick=choice: moves[pick] if i == index else moves[0])


def walk_to(tutor, index):
    while tutor.index < index:
        if tutor.step.expect:
            make(tutor, tutor.expected()[0])
        tutor.next()


def test_an_illegal_click_is_answered_by_the_rules_and_a_legal_one_elsewhere_by_the_step():
    tutor = learn.Tutor(learn.lesson("ice-lady"))
    s = tutor.session
    s.clicks.click("d3")
    s.clicks.click("d5")  # a small does not go straight ahead
    assert s.warn and not tutor.made and s.moves == []
    assert "d5" in s.message or "diagonal" in s.message, s.message
    s.clicks.click("c3")  # legal, and not this step's
    assert s.warn and "asks for something else" in s.message and s.clicks.selection == ()
    s.clicks.click("d3")
    s.clicks.click("c4")  # the other way forward: legal, not this step's
    assert s.warn and s.moves == [] and not tutor.made
    s.clicks.click("d3")
    s.clicks.click("e4")
    assert tutor.made and s.moves == ["d3-e4"] and not s.warn


def test_a_step_s_own_words_answer_a_click_it_does_not_want():
    tutor = learn.Tutor(learn.lesson("terrafex"))
    tutor.session.clicks.click("d4")  # grows d4: the rules allow it, and it helps Black
    assert tutor.session.message == tutor.step.wrong and not tutor.made


def test_chance_and_the_other_side_act_only_as_the_lesson_says():
    """The dice after Ice-Turn's End turn are the lesson's, every time."""
    seen = set()
    for _ in range(5):
        tutor = learn.Tutor(learn.lesson("ice-turn"))
        walk_to(tutor, 7)
        make(tutor, "end-turn")
        seen.add(tuple(tutor.session.moves))
    assert len(seen) == 1
    assert "roll:2" in seen.pop()


def test_the_other_side_s_turn_after_the_player_s_move_is_told_and_outlined_as_the_computer_s():
    """Ice-Turn's End turn step says "The outlines show its moves." of Blue's turn, the lesson's, after it; nothing
    was outlined, and the message ran Blue's moves into Red's. It is told and outlined as the computer's turn is
    in a game; a move the lesson's chance answers (an IceToids tile drawn) stays the player's own."""
    tutor = learn.Tutor(learn.lesson("ice-turn"))
    walk_to(tutor, 7)
    make(tutor, "end-turn")
    s = tutor.session
    assert s.message == "Red ends the turn."
    assert s.following.news(going_on=True).startswith("Blue's turn: rolls 2 on the d6 and Aim on the Treehouse die; "
                                                      "turns the blue large on d2 to point west; moves the blue small")
    assert set(s.clicks.marks().last) == {"d2", "b2", "b1"}
    toids = learn.Tutor(learn.lesson("icetoids"))
    make(toids, toids.expected()[0])
    assert toids.session.message.endswith("Tile drawn at a2: a red target.") and toids.session.following.watched is None


def test_a_lesson_stops_at_chance_it_does_not_name():
    lesson = learn.Lesson("icetoids", (learn.Step("Enter", "Enter.", position="red@a2,blue@d3 4/4/4/4 4/4/4/4 p1 -",
                                                  expect=("off-a2",)),), "Done.")
    tutor = learn.Tutor(lesson)
    make(tutor, "off-a2")
    assert tutor.session.latest.actors == (CHANCE,), "no tile drawn at random"


def test_show_me_lights_the_next_click_of_the_move_asked_for():
    tutor = learn.Tutor(learn.lesson("ice-lady"))
    tutor.show()
    s = tutor.session
    assert s.clicks.targets == ("d3",) and "d3" in s.message
    s.clicks.click("d3")
    tutor.show()
    assert s.clicks.selection == ("d3",) and s.clicks.targets == ("e4",)
    s.clicks.cancel()
    walk_to(tutor, 4)  # the promotion: its choice
    s = tutor.session
    s.clicks.click("g6")
    s.clicks.click("e8")
    tutor.show()
    assert "Choose:" in s.message and "king" in s.message.lower()


def test_show_me_lights_an_icetoids_piece_not_also_the_tile_under_it():
    """A piece is chosen by itself or by its tile (the tile under one's only piece there means it): two ways of two
    clicks each, and Show me lights the first, the piece, not both as if there were two things to choose."""
    tutor = learn.Tutor(learn.lesson("icetoids"))
    walk_to(tutor, 2)
    s = tutor.session
    assert tutor.expected() == ["a2.E-b2"] and len(s.state.paths("a2.E-b2")) == 2
    tutor.show()
    assert s.clicks.targets == ("a2:red.E",) and s.message == "Choose the lit location: a2, red piece pointing east."


def test_show_me_inside_a_move_keeps_what_the_rules_ask_next_in_a_terrafex_split():
    """Terrafex rules 3.7: a glacier splitting on a mountain places its pieces on empty squares beside it [A14],
    the square it leaves counting as empty.  Show me mid-split keeps those words, not only the lit squares' names
    (which say what a4 holds now: the large glacier)."""
    tutor = learn.Tutor(learn.lesson("terrafex"))
    walk_to(tutor, 8)
    s = tutor.session
    assert "splits" in tutor.step.title
    s.clicks.click("a4")
    s.clicks.click("b4")
    tutor.show()
    assert s.clicks.selection == ("a4", "b4") and set(s.clicks.targets) == {"a4", "b3", "b5"}
    assert s.message.startswith("The glacier splits: choose where the small glacier goes. The square it leaves, "
                                "a4, counts as empty. Choose the lit locations: a4"), s.message
    s.clicks.cancel()
    tutor.show()  # nothing selected: the lit location's name alone
    assert s.message.startswith("Choose the lit location: a4"), s.message


def test_a_terrafex_mountain_is_started_at_its_square_in_the_lesson_as_in_a_game():
    """Terrafex: the mountain action starts "a small mountain on an empty square". A game starts one at a click on
    the square, its pool piece not chosen first; the lesson's step does too (it refused that click, asking for the
    pool first), and Show me lights those squares, too many to name."""
    tutor = learn.Tutor(learn.lesson("terrafex"))
    walk_to(tutor, 1)
    s = tutor.session
    squares = {move.removeprefix("mountain:start:") for move in tutor.expected()}
    tutor.show()
    assert set(s.clicks.targets) == squares and s.message == f"Choose one of the {len(squares)} lit locations."
    assert len(squares) > learn.SHOWN_NAMED
    s.clicks.cancel()
    s.clicks.click("b2")
    assert tutor.made and s.moves[-1] == "mountain:start:b2", s.message


def test_start_the_step_again_brings_back_its_position():
    tutor = learn.Tutor(learn.lesson("terrafex"))
    walk_to(tutor, 3)
    before = tutor.session.latest.to_text()
    make(tutor, "glacier:a3E")
    tutor.again()
    assert tutor.index == 3 and not tutor.made and tutor.session.latest.to_text() == before


def test_continue_waits_for_the_step_s_move_and_undo_never_leaves_the_lesson_s_path():
    tutor = learn.Tutor(learn.lesson("ice-lady"))
    with pytest.raises(Exception, match="First make the move"):
        tutor.next()
    make(tutor, "d3-e4")
    tutor.session.undoing.undo()
    assert tutor.session.moves == ["d3-e4"] and "Start the step again" in tutor.session.message


def test_the_player_acts_as_the_lesson_s_seat_in_a_game_without_turns():
    """A click on Yellow's piece said "Act as Yellow to move it.": a game's way, for which a lesson has no
    control. Yellow's moves are the lesson's, and the refusal says so."""
    tutor = learn.Tutor(learn.lesson("ice-towers"))
    assert tutor.session.clicks.actor == "red"
    tutor.session.attempt(lambda: tutor.session.clicks.click("t10"))  # Yellow's small
    assert tutor.session.warn
    assert tutor.session.message == "In this lesson you play Red; Yellow's moves are the lesson's."
    assert learn.Tutor(learn.lesson("ice-lady")).session.words.not_played_here("black") == "", "a game with turns"


@pytest.mark.parametrize("game_id", games.ids())
def test_a_lesson_s_words_are_whole_sentences(game_id):
    lesson = learn.lesson(game_id)
    texts = [lesson.finish] + [t for step in lesson.steps for t in (step.say, step.done, step.wrong) if t]
    for text in texts:
        for paragraph in text.split("\n\n"):
            assert re.search(r"[.!?][\u201d)]?$", paragraph.strip()), paragraph
    assert all(step.title and not step.title.endswith(".") for step in lesson.steps)


@pytest.mark.parametrize("game_id", games.ids())
def test_a_lesson_asks_for_a_choice_in_words_every_hand_can_follow(game_id):
    """A lesson is taken by mouse, by finger and by keys: it asks to choose a location, not to click it (a phone
    taps, the keys press Enter); pointing, which only a mouse does, names the finger's way beside it."""
    lesson = learn.lesson(game_id)
    tutor = learn.Tutor(lesson)
    tutor.show()
    texts = [lesson.finish, tutor.session.message] + [t for step in lesson.steps for t in (step.say, step.done,
                                                                                          step.wrong) if t]
    for text in texts:
        assert not re.search(r"\bclick", text, re.IGNORECASE), text
        assert not re.search(r"(^|[.:(]\s*)point(ing)? at\b", text, re.IGNORECASE) or "touch" in text, text


@pytest.mark.parametrize("game_id", games.ids())
def test_the_lesson_box_names_the_step_and_offers_a_way_out(game_id):
    tutor = learn.Tutor(learn.lesson(game_id))
    box = learn.box(tutor)
    assert f"step 1 of {len(tutor.lesson.steps)}" in box and 'id="lesson-leave"' in box and 'id="lesson-show"' in box
    walk(tutor)
    box = learn.box(tutor)
    assert 'id="lesson-play"' in box and tutor.lesson.finish.split(".")[0] in box
    assert tutor.seats() and tutor.lesson.seat not in tutor.seats()


def test_lessons_are_data():
    """A lesson module holds a Lesson made of Steps, and no rule of its own: no function, no class."""
    for path in (ROOT / "py" / "pyramids" / "lessons").glob("*.py"):
        tree = ast.parse(path.read_text())
        assert not [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef, ast.Lambda))], path
        if path.stem != "__init__":
            assert isinstance(learn.lesson(games.ids()[[games.entry(g).module for g in games.ids()]
                                                      .index(path.stem)]), learn.Lesson)
