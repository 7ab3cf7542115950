"""Seats the computer plays: in the new-game form, in links and in storage, and how undo treats them."""

import random
from html.parser import HTMLParser

import pytest

from pyramids import page, record, turns
from pyramids.core import RESIGN, GameError, possessive
from pyramids.games import get
from pyramids.computer import NEWS_CHARS, STEP_S, reading_time
from pyramids.loading import Loading, parse_bots, to_storage
from pyramids.session import Session
from pyramids.undoing import REPLY_TAKEN_BACK
from pyramids.words import thinking


def test_the_link_names_the_computers_seats_and_reopens_with_them():
    s = Session("ice-lady", bots={"black": "hard"})
    s.play("d3-e4")
    assert s.link() == "v=1&g=ice-lady&m=d3-e4&bots=black:hard"
    again, error = Loading(record.decode(s.link())).finish()
    assert error is None and again.computer.bots == {"black": "hard"} and again.moves == ["d3-e4"]


def test_a_person_is_the_default_and_adds_nothing_to_the_link():
    assert "bots" not in Session("ice-lady").link()
    assert Loading(record.decode("v=1&g=ice-lady&m=")).finish()[0].computer.bots == {}


def test_storage_keeps_the_seats():
    s = Session("icetoids", {"players": 3}, bots={"p2": "easy", "p3": "medium"}, rng=random.Random(1))
    again, error = Loading.from_storage(to_storage(s)).finish()
    assert error is None and again.computer.bots == {"p2": "easy", "p3": "medium"} and again.options["players"] == 3


@pytest.mark.parametrize("text, problem", [("black", "not valid"), ("black:expert", "not valid"),
                                           (":hard", "not valid"), ("black:", "not valid"),
                                           ("purple:hard", "a seat this game has not: 'purple' "
                                                            "(its seats: white, black)")])
def test_a_bad_seat_in_a_link_is_said_and_the_game_still_opens(text, problem):
    """Like any damaged part of a link (issue 12): the game opens, every seat a person's, and the page says why."""
    session, message = Loading(record.decode(f"v=1&g=ice-lady&m=d3-e4&bots={text}")).finish()
    assert session.moves == ["d3-e4"] and session.computer.bots == {}
    assert problem in message and "Every seat is a person's." in message and len(message) < 300


def test_a_seat_written_wrong_costs_only_itself():
    """A link's damaged part costs only itself: of "p2:hard,p3:hrad" the computer keeps p2, p3 is a person's, and
    the page says which seat was wrong and that the others are kept."""
    link = "v=1&g=icetoids&players=3&m=&bots=p2:hard,p3:hrad"
    session, message = Loading(record.decode(link)).finish()
    assert session.computer.bots == {"p2": "hard"}
    assert "'p3:hrad' is not valid" in message and "Its other computer seats are kept." in message
    session, message = Loading(record.decode("v=1&g=ice-lady&m=&bots=black:easy,purple:hard")).finish()
    assert session.computer.bots == {"black": "easy"} and "'purple'" in message and "are kept" in message


def test_several_seats_parse_in_order():
    assert parse_bots("red:easy,blue:hard") == ({"red": "easy", "blue": "hard"}, [])


def test_undo_takes_back_the_bots_reply_with_the_players_move():
    """Undo takes back the bot's reply and the player's move together (issue 16)."""
    s = Session("ice-lady", bots={"black": "easy"})
    s.play("d3-e4")
    assert s.computer.turn() == ("black", "easy")
    assert s.play_bot("e6-f5", s.position_key())
    assert s.computer.turn() is None
    s.undoing.undo()
    assert s.moves == [] and s.undoing.redo_stack == [["d3-e4", "e6-f5"]]
    assert s.message == REPLY_TAKEN_BACK and not s.warn, "two moves gone at one click: the page says so"
    s.undoing.redo()
    assert s.moves == ["d3-e4", "e6-f5"]


def test_undo_while_the_bot_thinks_takes_back_the_players_move():
    s = Session("ice-lady", bots={"black": "easy"})
    s.play("d3-e4")
    key = s.position_key()
    s.undoing.undo()
    assert s.moves == [] and s.message == "", "only the person's own move was taken back"
    assert not s.play_bot("e6-f5", key), "a late answer for another position is dropped"
    assert s.moves == []


WAIT_FOR_BLACK = "It is Black's turn, and the computer plays Black: wait for its move (Undo takes yours back)."


def test_while_the_computer_is_to_move_a_person_moves_nothing_of_its():
    """A click while the computer thinks moved its pieces (its answer then dropped), and Resign resigned
    for it: the computer's move is its own, said in words; the player's own turn comes back after it."""
    s = Session("ice-lady", bots={"black": "easy"})
    s.clicks.click("c3")
    s.clicks.click("d4")
    s.clicks.click("f6")  # Black's piece, on Black's turn
    assert (s.moves, s.clicks.selection, s.clicks.targets, s.message, s.warn) == \
        (["c3-d4"], (), (), WAIT_FOR_BLACK, True)
    with pytest.raises(GameError, match="the computer plays Black"):
        s.play("f6-e5")  # the typed move
    s.clicks.click(RESIGN)
    assert s.moves == ["c3-d4"] and s.latest.outcome is None, "Resign would have resigned for the computer"
    assert "data-start" not in page.board(s), "the keyboard does not enter the board on the computer's pieces"
    assert s.play_bot("f6-e5", s.position_key()), "the computer's own move still lands"
    assert "data-start" in page.board(s)
    start = s.latest.legal_moves()[0][:2]
    s.clicks.click(start)
    assert s.clicks.selection == (start,) and s.clicks.targets, "White's turn again: its pieces answer"


def test_the_fire_is_played_by_whoever_plays_the_other_side():
    """docs/rules/terrafex.md §3.6: the active player selects a fire and the opponent plays it.  The fire a person
    selects is the computer's to play; the fire the computer selects is the person's."""
    s = Session("terrafex", bots={"black": "easy"})
    for cell in ("d2", "g4", "pool:R1"):
        s.clicks.click(cell)
    assert s.moves[-1] == "fire:1" and s.computer.turn() == ("black", "easy")
    s.clicks.click("a1")
    assert s.moves[-1] == "fire:1" and s.message == WAIT_FOR_BLACK
    assert s.play_bot("fire:start:a1", s.position_key())
    assert s.message == "Black plays the small fire: starts a small fire on a1.", "told at once: it is White's turn"

    s = Session("terrafex", bots={"white": "easy"})
    for move in ("forest:grow:d2", "mountain:start:g4", "fire:1"):
        assert s.play_bot(move, s.position_key())
    assert s.computer.turn() is None
    assert s.following.news() == ("White's turn: grows the forest on d2; starts a small mountain on g4; "
                                  "selects a small fire for Black to play."), \
        "what the computer did before the person must place its fire"
    assert {"d2", "g4"} <= set(s.clicks.marks().last), "and outlined"
    s.clicks.click("a1")
    assert s.moves[-1] == "fire:start:a1", "Black plays White's fire"


def test_a_bot_playing_white_moves_first_and_undo_stops_at_the_persons_move():
    s = Session("ice-lady", bots={"white": "medium"})
    assert s.computer.turn() == ("white", "medium")
    s.play_bot("d3-e4", s.position_key())
    s.play("e6-f5")
    s.play_bot("e4xg6", s.position_key())
    s.undoing.undo()
    assert s.moves == ["d3-e4"] and s.computer.turn() is None


def test_the_bots_answer_lands_even_while_the_player_browses():
    s = Session("ice-lady", bots={"black": "easy"})
    s.play("d3-e4")
    s.go(0)
    assert s.computer.turn() is None, "no new search starts while browsing"
    assert s.play_bot("e6-f5", s.position_key())
    assert s.cursor == 0 and s.moves == ["d3-e4", "e6-f5"]


def test_ice_towers_bots_act_on_their_own_and_a_lost_race_is_refused():
    s = Session("ice-towers", {"players": 3}, bots={"yellow": "easy", "green": "hard"})
    assert s.clicks.actor == "red", "the person acts as the seat left to people"
    assert s.computer.turn() is None and s.computer.seats_acting() == ["yellow", "green"]
    key = s.position_key()
    assert s.play_bot("yellow:cap:yS1>t1", key)
    assert not s.play_bot("green:cap:gS1>t1", key), "decided for a position that is gone"


COMPUTER_PLAYS_YELLOW = "The computer plays Yellow: only it acts for Yellow. You act for Red and Green."


def test_in_ice_towers_a_person_acts_only_for_their_own_colours():
    """Issue 56: "Acting as" a colour the computer plays, and any move of its, are refused in words; "Any colour"
    (the piece chosen deciding) is not on offer while some colours are the computer's."""
    s = Session("ice-towers", {"players": 3}, bots={"yellow": "easy"})
    assert s.clicks.actor == "red"
    for seat, refusal in (("yellow", COMPUTER_PLAYS_YELLOW), (None, "You act for Red and Green: choose which.")):
        s.attempt(lambda: s.clicks.act_as(seat))
        assert (s.clicks.actor, s.message, s.warn) == ("red", refusal, True)
    s.clicks.act_as("green")
    assert s.clicks.actor == "green" and not s.message
    four = Session("ice-towers", {"players": 4}, bots={"yellow": "easy"})
    four.attempt(lambda: four.clicks.act_as(None))
    assert four.message == "You act for Red, Green and Blue: choose which.", "a list, not 'Red and Green and Blue'"
    s.clicks.click("t10")  # Yellow's free-standing small
    assert s.clicks.selection == () and s.message == COMPUTER_PLAYS_YELLOW
    for move in ("yellow:cap:yS1>t1", "yellow:done"):
        with pytest.raises(GameError, match="The computer plays Yellow"):
            s.play(move)
    assert s.moves == []
    s.play("green:done")


def test_in_ice_towers_the_panel_offers_buttons_only_for_the_person_s_colours():
    """Issue 56 (and 51: the computer's "I'm done" was a button the person could press): the computer's colours
    show their hand and agreement in words."""
    from pyramids import views
    from pyramids.svg import Marks
    s = Session("ice-towers", {"players": 3}, bots={"yellow": "easy"})
    bots_play(s, "yellow:mine:yS1" if s.latest.is_legal("yellow:mine:yS1") else "yellow:done")
    html = views.panel(s.latest, s.clicks.actor, Marks(), controls=s.people)
    assert 'data-actor="red"' in html and 'data-actor="green"' in html
    assert 'data-actor="yellow"' not in html and 'data-actor=""' not in html, "no Yellow, no Any colour"
    assert 'data-cell="done:red"' in html and 'data-cell="done:green"' in html and 'data-cell="done:yellow"' not in html
    assert "&#10003; done" in html and "Not done" not in html, "Yellow's agreement, in words"
    assert "You act for Red and Green." in html
    everyone = views.panel(Session("ice-towers", {"players": 3}).latest, None, Marks())
    assert 'data-actor=""' in everyone and everyone.count("data-cell=\"done:") == 3


def test_in_ice_towers_a_choice_half_made_outlives_the_computers_moves():
    """A piece chosen was dropped at every move of the computer's (against two Medium bots, about one a
    second), its message left asking for a lit tower with none lit: piece and tower had to be chosen between
    two of its moves.  No turns: the computer acts whenever it likes.  The piece stays chosen, its lit towers
    worked out again; it goes, in words, once a move takes it."""
    s = Session("ice-towers", {"players": 3}, bots={"yellow": "easy", "green": "hard"})
    s.clicks.click("t1")
    assert s.clicks.selection == ("t1",) and "t10" in s.clicks.targets
    assert s.play_bot("yellow:cap:yS1>t2", s.position_key())  # yellow's small leaves t10 for t2
    assert s.clicks.selection == ("t1",) and "t10" not in s.clicks.targets and "t2" in s.clicks.targets
    assert s.message == "Choose a lit tower to cap." and not s.warn
    s.clicks.click("t2")
    assert s.moves[-1] == "red:cap:rS1>t2"
    s.clicks.click("t3")
    assert s.play_bot("green:cap:gS1>t3", s.position_key())  # green caps the piece chosen
    assert (s.clicks.selection, s.clicks.targets) == ((), ()) and s.warn
    assert s.message == ("The board changed before you chose: Green caps Red's free-standing small (1 pt) with its "
                         "free-standing small. Choose again.")


def test_the_form_offers_a_person_or_the_computer_for_every_seat():
    html = page.seats_form(get("ice-lady"), {}, {"black": "hard"})
    assert html.count("<select name=\"seat:") == 2 and 'name="seat:black"' in html
    assert '<option value="hard" selected>Computer: Hard</option>' in html
    towers = page.seats_form(get("ice-towers"), {"players": 5}, {}, "fast")
    assert towers.count('<select name="seat:') == 5
    assert 'Computer speed <select name="pace">' in towers and '<option value="fast" selected>Fast</option>' in towers
    assert '<option value="normal" selected>Normal</option>' in html, "issue 56: games with turns are paced too"


def test_each_seat_in_the_form_is_named_with_no_mark_that_reads_as_a_box_to_tick():
    """A colour mark beside "I play"'s box read as a second box: White's pale square, an IceToids seat's empty
    one (its colour is picked in the game). The boxes and the seats' list name each seat alone."""
    for game_id, names in (("ice-lady", ["White", "Black"]), ("icetoids", ["P1", "P2"])):
        mine = page.mine_form(Session(game_id))
        seats = page.seats_form(get(game_id), {}, {})
        assert 'class="who' not in mine + seats
        for name in names:
            assert f'checked> {name}</label>' in mine and f'<span class="seat-name">{name}</span> <select' in seats


def test_the_computer_s_speed_travels_with_its_seats():
    """Issue 28: a "Computer speed" (slow, normal, fast) travels with the seats: in the link and in storage."""
    s = Session("ice-towers", bots={"yellow": "hard"}, pace="slow")
    assert s.link() == "v=1&g=ice-towers&m=&bots=yellow:hard&pace=slow"
    again, error = Loading(record.decode(s.link())).finish()
    assert error is None and again.computer.pace == "slow"
    assert Loading.from_storage(to_storage(s)).finish()[0].computer.pace == "slow"
    assert "pace" not in Session("ice-towers", bots={"yellow": "hard"}).link(), "normal adds nothing"
    bad, message = Loading(record.decode("v=1&g=ice-towers&m=&bots=yellow:hard&pace=warp")).finish()
    assert bad.computer.pace == "normal" and "The link's computer speed is not valid: 'warp'" in message


def test_a_turn_game_s_computer_speed_travels_too():
    """Issue 56: every game with a computer seat has a Computer speed, in the link and in storage as Ice Towers'."""
    s = Session("ice-turn", {"players": 3}, bots={"red": "easy", "blue": "easy"}, pace="slow", rng=random.Random(2))
    assert s.link().endswith("&bots=red:easy,blue:easy&pace=slow")
    assert Loading(record.decode(s.link())).finish()[0].computer.pace == "slow"
    assert Loading.from_storage(to_storage(s)).finish()[0].computer.pace == "slow"


def bots_play(s: Session, *moves: str) -> None:
    for move in moves:
        assert s.play_bot(move, s.position_key()), move


def test_the_computer_leaves_time_to_read_each_turn_it_plays():
    """Issue 56: a turn nobody here made stays on screen the time it takes to read what the message says of it
    (a second, then 17 characters a second) before the computer moves again, at the speed chosen."""
    s = Session("ice-lady", bots={"white": "easy", "black": "easy"})
    assert s.computer.pause() == 0, "nothing to take in yet"
    bots_play(s, "d3-e4")
    assert s.following.news() == "White small d3 to e4."
    assert s.computer.pause() == reading_time("White small d3 to e4.") == pytest.approx(1 + 21 / 17)
    for pace, factor in (("slow", 1.6), ("fast", 0.5)):
        s.computer.pace = pace
        assert s.computer.pause() == pytest.approx(reading_time("White small d3 to e4.") * factor)
    assert reading_time("x" * 1000) == reading_time("x" * 400), "no longer than the message line tells"


def test_a_game_of_computers_alone_is_followed_a_turn_at_a_time():
    """Issue 56: with nobody playing here, every turn since the first was told and outlined (in Ice-Turn, soon the
    whole board): the last turn over is, as its summary's reading time passes."""
    s = Session("ice-lady", bots={"white": "easy", "black": "easy"})
    bots_play(s, "d3-e4", "e6-f5", "c3-d4")
    assert s.following.news() == "White small c3 to d4." and s.following.replay_span() == (2, 3)
    assert s.clicks.marks().last == ("c3", "d4")
    people = Session("ice-lady", bots={"black": "easy"})
    people.play("d3-e4")
    bots_play(people, "e6-f5")
    assert people.following.news() == "Black small e6 to f5.", "with a person, from their last move on, as before"


@pytest.mark.parametrize(("game_id", "options", "bots", "mine", "said"), [
    ("ice-lady", {}, {"black": "medium"}, [], "You play White; the computer plays Black (Medium)."),
    ("ice-towers", {"players": 4}, {"yellow": "easy", "blue": "hard"}, [],
     "You play Red and Green; the computer plays Yellow (Easy) and Blue (Hard)."),
    ("ice-lady", {}, {}, ["white"], "You play White; Black plays by link (Share sends it)."),
    ("ice-lady", {}, {"white": "easy", "black": "hard"}, [], "The computer plays every seat."),
    ("ice-lady", {}, {}, [], ""),
])
def test_a_new_game_says_who_plays_which_seat(game_id, options, bots, mine, said):
    """A new game against the computer or a friend by link says once who plays what (its message was empty); one
    played all here, hot seat, says nothing."""
    s = Session(game_id, options, bots=bots)
    s.link_play.choose(mine)
    assert s.words.sitting() == said


def test_after_a_person_s_move_the_computer_waits_for_nothing():
    s = Session("ice-lady", bots={"black": "easy"})
    s.play("d3-e4")
    assert s.computer.pause() == 0


def test_inside_a_computer_s_turn_each_action_is_left_a_glance():
    """Terrafex: four actions a turn; each stays on the board a glance before the next, and the turn, once over,
    the time to read its summary."""
    s = Session("terrafex", bots={"white": "easy", "black": "easy"})
    bots_play(s, "forest:grow:d2")
    assert s.following.news() == "" and s.computer.pause() == STEP_S
    bots_play(s, "mountain:start:g4", "glacier:" + next(m for m in s.latest.legal_moves() if m.startswith("glacier:"))
              .removeprefix("glacier:"))
    bots_play(s, next(m for m in s.latest.legal_moves() if m.startswith("fire:")))
    # White's fire, Black's to place
    while s.computer.turn() and s.computer.turn()[0] == "black" and s.latest.turn_of() == "white":
        bots_play(s, s.latest.legal_moves()[0])
    news = s.following.news()
    assert news.startswith("White's turn: ") and s.computer.pause() == reading_time(news)


def test_a_person_s_turn_that_the_computer_ended_is_left_the_time_to_read_the_computer_s_part():
    """Terrafex: White's fire is "played to the board by the opponent". The computer placing a person's fire ends
    the person's turn: its own turn waits the time to read what the message says, the fire's placing, not the
    person's whole turn (it waited 13 s there)."""
    s = Session("terrafex", bots={"black": "medium"})
    for move in ("forest:grow:e4", "mountain:start:b2", "glacier:a3E", "fire:1"):
        s.play(move)
    bots_play(s, "fire:start:a1")
    assert s.message == "Black plays the small fire: starts a small fire on a1."
    assert s.computer.turn() == ("black", "medium") and s.computer.pause() == reading_time(s.message)


def test_after_a_person_s_move_the_computer_leaves_time_to_read_what_chance_did_in_it():
    """IceToids: a tile "revealed when reached" is chance, which the person did not know: the computer's reply waits
    the time to read it ("Tile drawn at a2: a yellow target."), where it came at once and the words went with it.
    A die rolled for the computer's own turn is its turn's, told with it: no wait for that."""
    s = Session("icetoids", bots={"p2": "easy"}, rng=random.Random(4))
    while True:
        if s.computer.turn():
            bots_play(s, s.latest.legal_moves()[0])
            continue
        ply = len(s.moves)
        s.play(sorted(s.latest.legal_moves())[0])
        drawn = [move for move in s.moves[ply + 1:] if move.startswith("reveal:")]
        if drawn and s.computer.turn():
            break
    told = s.message.split(". ", 1)[1]
    assert told.startswith("Tile drawn at ") and s.computer.pause() == reading_time(told)
    race = Session("ice-turn", bots={"blue": "easy"}, rng=random.Random(3))
    while not (race.moves and race.moves[-3] == "end-turn" and race.computer.turn()):
        if race.computer.turn():
            bots_play(race, race.latest.legal_moves()[0])
        else:
            race.play(sorted(race.latest.legal_moves())[0])
    assert race.moves[-2].startswith("roll:") and race.computer.pause() == 0


def test_a_computer_s_turn_is_told_on_the_message_line_as_it_is_played():
    """A newcomer watching four computers play Ice-Turn read "Yellow (computer) is thinking…" for half a minute while
    Yellow's actions were shown one by one, under the turn before's summary. The message line tells the turn so far
    (the live region still once, when it is over) and the status says the computer is playing it; a turn its
    player has not acted in yet (only rolled) is not told, so the summary before it stays to be read."""
    s = Session("terrafex", bots={"white": "easy", "black": "easy"})
    bots_play(s, "forest:grow:d2")
    assert s.following.news() == ""
    assert s.following.news(going_on=True) == "White's turn so far: grows the forest on d2."
    assert s.following.playing("white") and not s.following.playing("black")
    assert thinking("White", s.following.playing("white")) == "White (computer) is playing its turn…"
    bots_play(s, "mountain:start:g4")
    assert s.following.news(going_on=True) == ("White's turn so far: grows the forest on d2; starts a small mountain "
                                               "on g4.")
    race = Session("ice-turn", bots={"red": "easy", "blue": "easy"}, rng=random.Random(1))
    while not race.following.news().startswith("Red's turn: "):  # the tiles placed, Red's first turn played
        bots_play(race, race.latest.legal_moves()[0])
    assert race.latest.turn_of() == "blue" and race.moves[-2:][0].startswith("roll:"), race.moves[-3:]
    assert race.following.news(going_on=True) == race.following.news(), "Blue has only rolled: Red's turn is told"
    assert not race.following.playing("blue")


def test_the_computer_waits_while_the_player_looks_back_and_says_so():
    s = Session("ice-lady", bots={"black": "easy"})
    s.play("d3-e4")
    assert s.computer.turn() == ("black", "easy") and not s.computer.waits_for_browsing()
    s.go(0)
    assert s.computer.turn() is None and s.computer.waits_for_browsing()
    s.go(1)
    bots_play(s, "e6-f5")
    s.go(0)
    assert not s.computer.waits_for_browsing(), "the player's move is due: nothing waits"
    towers = Session("ice-towers", bots={"yellow": "easy"})
    towers.play(towers.latest.legal_moves()[0])
    towers.go(0)
    assert not towers.computer.waits_for_browsing(), "in a game without turns the computer's seats act on"


def test_a_long_turn_told_as_it_is_played_keeps_its_latest_actions():
    """Watching four computers play Ice-Turn, the message line said the same words for six moves while an action
    landed on the board every second: a turn told so far past 400 characters was cut at its end.  Its earliest
    actions are left out instead."""
    s = Session("ice-turn", options={"players": 4}, bots=dict.fromkeys(("red", "blue", "green", "yellow"), "easy"),
                rng=random.Random(0))
    rng = random.Random(0)
    while True:
        bots_play(s, rng.choice(s.latest.legal_moves()))
        found = s.following.turns(going_on=True)
        if found and turns.running(s.states, s.moves, found[-1]) and len(
                turns.headline(s.states, s.moves, found[-1], None, True)) > NEWS_CHARS:
            break
    told = s.following.news(going_on=True)
    turn = found[-1]
    last = turns.summary(s.states, s.moves, turn, turn.plies[-1:])
    line = told[told.index(f"{possessive(turns.name(s.states, s.moves, turn))} turn so far: …; "):]
    assert line.endswith(f"; {last}.") and len(line) <= NEWS_CHARS, told


def test_in_ice_towers_each_move_of_the_computer_is_left_time_to_read():
    """Issue 51: at Normal speed the computer does not act within the time it takes to read the last change a
    person here did not make; after the person's own move, at its level's own pace."""
    s = Session("ice-towers", bots={"yellow": "hard"})
    bots_play(s, "yellow:cap:yS1>t1")
    words = "Yellow caps Red's free-standing small (1 pt) with its free-standing small."
    assert s.following.news() == words and s.computer.pause() == reading_time(words) > 5
    s.play("red:cap:rS2>t11")
    assert s.computer.pause() == 0


def test_the_replay_button_says_moves_where_no_turns_run_and_turn_where_they_do():
    """Ice Towers: "There are no turns": the button that shows again what the computer did said "Replay turn"
    there; it says "Replay moves", and "Replay turn" in a game of turns."""
    towers = Session("ice-towers", bots={"yellow": "hard"})
    bots_play(towers, "yellow:cap:yS1>t1")
    assert towers.following.replay_span() is not None and towers.following.replay_words() == "Replay moves"
    lady = Session("ice-lady", bots={"black": "easy"})
    lady.play("d3-e4")
    bots_play(lady, "e6-f5")
    assert lady.following.replay_words() == "Replay turn"


def play_until(s: Session, done) -> None:
    """Random moves, the person's and the computer's, until `done(s)`."""
    rng = random.Random(5)
    while not done(s):
        move = rng.choice(s.latest.legal_moves())
        s.play_bot(move, s.position_key()) if s.computer.turn() else s.play(move)


def test_ice_turn_s_action_bar_is_no_control_while_the_computer_acts():
    """Issue 56: the Tip and Turn buttons and a lit "End movement" were drawn under the board while the computer
    thought, as if they were the person's to press; the bar says what the computer is doing instead."""
    s = Session("ice-turn", bots={"blue": "easy"}, rng=random.Random(3))
    assert 'data-cell="tile:' in page.board(s), "Red places its tiles"
    play_until(s, lambda s: s.computer.turn() is not None)
    assert 'data-cell="tile:' not in page.board(s) and "Blue is placing a tile." in page.board(s)
    play_until(s, lambda s: s.latest.phase == "move" and s.computer.turn() is None)
    mine = page.board(s)
    assert 'data-cell="end"' in mine and 'data-cell="tip:N"' in mine
    play_until(s, lambda s: s.latest.phase == "move" and s.computer.turn() is not None)
    theirs = page.board(s)
    assert 'data-cell="end"' not in theirs and 'data-cell="tip:' not in theirs and 'data-cell="turn:' not in theirs
    assert f"Blue is moving: {s.latest.mp_left} of {s.latest.mp_total} movement points left." in theirs
    s.go(0)
    assert 'data-cell="tile:' not in page.board(s), "nor at a past position"


def test_icetoids_colour_choice_is_only_offered_to_a_person():
    s = Session("icetoids", bots={"p1": "easy"})
    assert 'data-cell="colour:' not in page.board(s) and "P1 is choosing a colour." in page.board(s)
    s.play_bot("p1:colour=red", s.position_key())
    assert "Red (P1) is choosing a home tile on the edge of the board." in page.board(s)
    play_until(s, lambda s: s.computer.turn() is None)
    assert 'data-cell="colour:blue"' in page.board(s), "P2's, the person's"


def test_terrafex_pool_is_no_control_while_the_computer_acts():
    from pyramids import views
    s = Session("terrafex", bots={"black": "easy"})
    person = views.panel(s.latest, None, s.clicks.marks(), controls=s.people)
    assert person.count('data-cell="pool:') == 12
    play_until(s, lambda s: s.computer.turn() is not None)
    computer = views.panel(s.latest, None, s.clicks.marks(), controls=s.people)
    assert "data-cell" not in computer and "<button" not in computer


def test_links_and_the_form_know_the_levels_without_loading_the_search():
    """The page reads `&bots=` and draws the form before the search (static/ai.zip) is fetched, from
    core.BOT_LEVELS: they must be the search's own levels, in order."""
    from pyramids import ai
    from pyramids.core import BOT_LEVELS
    assert tuple(ai.LEVELS) == BOT_LEVELS
    assert [value for value, _ in page.SEAT_CHOICES] == ["", *BOT_LEVELS]


class _Sent(HTMLParser):
    """A form's fields as the browser sends them (static/bridge.js's `form`, from `FormData`): a ticked box's
    value ("on" without one), each list's selected choice (else its first); nothing of a box not ticked, or of a
    field that is off."""

    def __init__(self):
        super().__init__()
        self.sent: dict[str, list[str]] = {}
        self.select: tuple[str, list] | None = None  # (its name, its choices as (value, selected))

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "disabled" in a:
            return
        if tag == "input" and a.get("type") == "checkbox" and "checked" in a:
            self.sent.setdefault(a["name"], []).append(a.get("value", "on"))
        elif tag == "select":
            self.select = (a["name"], [])
        elif tag == "option" and self.select is not None:
            self.select[1].append((a["value"], "selected" in a))

    def handle_endtag(self, tag):
        if tag == "select" and self.select is not None:
            name, choices = self.select
            self.sent.setdefault(name, []).append(next((v for v, chosen in choices if chosen), choices[0][0]))
            self.select = None


def sent(*forms: str) -> dict[str, list[str]]:
    parser = _Sent()
    parser.feed("".join(forms))
    return parser.sent


@pytest.mark.parametrize("game_id, options", [
    ("ice-towers", {"players": 2, "colours": "blue,red", "trios": 4, "haunted": True, "timer": 120}),
    ("ice-towers", {"players": 3}),
    ("ice-lady", {}),
])
def test_the_new_game_form_is_read_back_as_it_was_written(game_id, options):
    """New game reads the options, the computer's seats, its speed and the seats played here from the form's
    fields as they are sent (py/screen/new_game.py, issue 55: from the event, not from the page's elements)."""
    game = get(game_id)
    computer = {"black": "hard"} if game_id == "ice-lady" else {"red": "easy"}
    form = sent(page.options_form(game, options), page.seats_form(game, options, computer, "fast"),
                page.mine_form(Session(game_id, options), computer))
    read = page.chosen_options(game, form)
    assert game.resolve_options(read) == game.resolve_options(options)
    bots, pace, mine = page.chosen_seats(form)
    if game_id == "ice-lady":
        assert (bots, pace, mine) == ({"black": "hard"}, "fast", ["white"]), "the computer's seat is not one I play"
    else:
        assert (bots, pace) == ({"red": "easy"}, "fast") and "red" not in mine and mine


def test_a_form_with_nothing_ticked_reads_as_nothing_chosen():
    game = get("ice-towers")
    read = page.chosen_options(game, {"players": ["4"]})
    assert read == {"players": "4", "colours": "", "haunted": False}, "a list not sent is left to its default"
    assert page.chosen_seats({}) == ({}, "normal", [])
