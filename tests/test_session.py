"""The session behind the page: clicks, choices, undo/redo, browsing and saving."""

import json
import random

import pytest

from pyramids import games, page
from pyramids.core import CHANCE, Game, GameError, Option, Outcome, State
from pyramids.record import Record, RecordError
from pyramids.loading import Loading, to_storage
from pyramids.session import Session
from pyramids.words import status_of


def fresh():
    return Session("ice-lady", rng=random.Random(1))


def test_click_a_piece_then_a_target_plays_the_move():
    s = fresh()
    s.clicks.click("d3")
    assert s.clicks.selection == ("d3",) and set(s.clicks.targets) == {"c4", "e4"}
    s.clicks.click("e4")
    assert s.moves == ["d3-e4"] and s.clicks.selection == () and s.clicks.targets == ()


def test_clicking_the_selected_piece_again_deselects_it():
    s = fresh()
    s.clicks.click("d3")
    s.clicks.click("d3")
    assert s.clicks.selection == () and s.moves == []


def test_clicking_another_own_piece_switches_the_selection():
    s = fresh()
    s.clicks.click("d3")
    s.clicks.click("e3")
    assert s.clicks.selection == ("e3",) and s.moves == []


def test_an_illegal_click_gives_the_rules_message():
    s = fresh()
    s.clicks.click("d6")
    assert s.message == "That is Black's small; White is to move."
    s.clicks.click("d3")
    s.clicks.click("d5")
    assert s.message == "A small moves only diagonally forward." and s.moves == []


def test_a_decision_left_open_offers_choices():
    moves = ["c3-b4", "f6-g5", "b4-a5", "g5-h4", "a5-b6", "h4-g3", "b6xd8=K"]
    s = Session("ice-lady", moves=moves[:-1])
    s.clicks.click("b6")
    s.clicks.click("d8")
    assert set(s.clicks.choices) == {"b6xd8", "b6xd8=K"}
    assert page.choices(s).count("<button") == 2
    s.clicks.choose("b6xd8=K")
    assert s.moves[-1] == "b6xd8=K" and s.clicks.choices == ()


def test_undo_redo_and_a_new_move_clears_redo():
    s = fresh()
    s.play("d3-e4")
    s.play("e6-f5")
    s.undoing.undo()
    assert s.moves == ["d3-e4"] and s.undoing.redo_stack == [["e6-f5"]]
    s.undoing.redo()
    assert s.moves == ["d3-e4", "e6-f5"] and not s.undoing.redo_stack
    s.undoing.undo()
    s.play("f6-g5")
    assert s.undoing.redo_stack == []
    s.undoing.undo()
    s.undoing.undo()
    assert s.moves == [] and not s.undoing.can_undo()
    s.undoing.undo()
    assert s.message == "There is no move to take back."


def test_browsing_history_is_read_only():
    s = fresh()
    s.play("d3-e4")
    s.play("e6-f5")
    s.go(1)
    assert s.browsing and s.state is s.states[1]
    s.clicks.click("e6")
    assert "looking at move 1 of 2" in s.message
    with pytest.raises(GameError):
        s.play("f6-g5")
    s.go(99)
    assert s.cursor == 2 and not s.browsing
    s.go(-5)
    assert s.cursor == 0


def test_storage_round_trip_keeps_redo_and_the_ply_on_screen():
    s = fresh()
    for move in ("d3-e4", "e6-f5", "e4xg6"):
        s.play(move)
    s.undoing.undo()
    s.go(1)
    again, error = Loading.from_storage(to_storage(s)).finish()
    assert error is None
    assert again.moves == ["d3-e4", "e6-f5"] and again.undoing.redo_stack == [["e4xg6"]] and again.cursor == 1


@pytest.mark.parametrize("text", ["{not json", "[]", '{"v": 9}', '{"v": 1}', '{"v": 1, "record": "v=1&g=x&m="}'])
def test_damaged_storage_raises_a_record_error(text):
    with pytest.raises(RecordError):
        Loading.from_storage(text).finish()


def test_a_link_with_a_bad_ply_loads_the_prefix():
    s, error = Loading(Record("ice-lady", {}, ("d3-e4", "e3-f4"))).finish()
    assert s.moves == ["d3-e4"] and "Move 2" in error


def test_a_link_can_open_at_a_ply():
    s, _ = Loading(Record("ice-lady", {}, ("d3-e4", "e6-f5"), {"ply": "1"})).finish()
    assert s.cursor == 1


def test_status_and_move_list():
    s = fresh()
    assert s.words.status() == "White to move."
    s.play("d3-e4")
    html = page.move_list(s)
    assert 'data-ply="1"' in html and "d3-e4" in html and 'aria-current="step"' in html
    s.play("e6-f5")
    assert page.move_list(s, 1, append=True) == page.move_list(s).split("</li>", 1)[1], \
        "the page appends only new moves"
    end = Session("ice-lady")
    end.states.append(end.game.from_text("8/8/8/8/3S4/8/8/8 b 0 0"))
    end.moves.append("x")
    end.cursor = 1
    assert end.words.status() == "White wins. Black has no pieces left."


class Coin(State):
    """A tiny game with chance: a player bets, then a coin is tossed."""

    def __init__(self, bet=None, toss=None):
        self.bet, self.toss = bet, toss
        self.game = COIN
        self.options = {}

    def _actors(self):
        return ("p1",) if self.bet is None else (CHANCE,)

    def _generate(self):
        return {m: m for m in (("heads", "tails") if self.bet is None else ("H", "T"))}

    def _apply(self, move):
        return Coin(move, None) if self.bet is None else Coin(self.bet, move)

    @property
    def outcome(self):
        if self.toss is None:
            return None
        won = self.bet[0].upper() == self.toss
        return Outcome(("p1",) if won else (), "tossed")

    def to_text(self):
        return f"{self.bet} {self.toss}"

    def clock(self):
        return (5, "tails") if self.bet is None else None

    def path(self, move):
        return (move,)


class CoinGame(Game):
    id, title = "coin", "Coin"
    options = (Option("rounds", "Rounds", 1, (1,)),)

    def _initial(self, options):
        return Coin()


COIN = CoinGame()


def test_chance_moves_are_played_by_the_session_and_undone_with_the_move(monkeypatch):
    monkeypatch.setattr("pyramids.games.get", lambda game_id: COIN)
    s = Session("coin", rng=random.Random(4))
    s.play("heads")
    assert len(s.moves) == 2 and s.moves[1] in ("H", "T")
    toss = s.moves[1]
    s.undoing.undo()
    assert s.moves == [] and s.undoing.redo_stack == [["heads", toss]]
    s.undoing.redo()
    assert s.moves == ["heads", toss], "redo never re-rolls"
    assert "chance" in page.move_list(s)


def test_option_form_shows_every_option():
    s = fresh()
    form = page.options_form(s.game, {"mandatory_capture": True})
    assert 'name="mandatory_capture"' in form and "checked" in form


def test_storage_text_is_json_with_the_link():
    s = fresh()
    s.play("d3-e4")
    data = json.loads(to_storage(s))
    assert data["record"] == "v=1&g=ice-lady&m=d3-e4" and data["v"] == 2


def test_the_game_clock_counts_from_the_first_look_and_plays_its_move(monkeypatch):
    monkeypatch.setattr("pyramids.games.get", lambda game_id: COIN)
    s = Session("coin", rng=random.Random(4))
    assert s.clock.remaining(100.0) == 5 and s.tick(103.0) is False
    s.go(0)
    assert s.tick(105.5) is True
    assert s.moves[0] == "tails" and s.clock.remaining(200.0) is None
    restored, _ = Loading.from_storage(to_storage(Session("coin"))).finish()
    assert restored.clock.started is None


def test_the_clock_start_survives_a_reload(monkeypatch):
    monkeypatch.setattr("pyramids.games.get", lambda game_id: COIN)
    s = Session("coin")
    s.clock.remaining(50.0)
    again, _ = Loading.from_storage(to_storage(s)).finish()
    assert again.clock.remaining(52.0) == 3


def test_nested_locations_take_the_first_the_rules_accept():
    s = fresh()
    s.clicks.click(["d3-piece-decoration", "d3"])
    assert s.clicks.selection == ("d3",)
    s.clicks.click(["e4"])
    assert s.moves == ["d3-e4"]
    s.clicks.click(["nowhere", "elsewhere"])
    assert s.message and s.clicks.selection == ()


def undone_bet(monkeypatch):
    """A Coin session whose bet and toss were undone: (session, the toss it had)."""
    monkeypatch.setattr("pyramids.games.get", lambda game_id: COIN)
    s = Session("coin", rng=random.Random(4))
    s.play("heads")
    toss = s.moves[1]
    s.undoing.undo()
    return s, toss


def test_replaying_an_undone_move_brings_back_the_same_chance_outcome(monkeypatch):
    s, toss = undone_bet(monkeypatch)
    s.rng = random.Random(99)
    s.play("heads")
    assert s.moves == ["heads", toss]


def test_undone_dice_are_stored_and_redone_after_a_reload(monkeypatch):
    """A die everyone saw may be stored: reload keeps the redo of a move followed by chance."""
    s, toss = undone_bet(monkeypatch)
    again, error = Loading.from_storage(to_storage(s)).finish()
    assert error is None and again.undoing.redo_stack == [["heads", toss]]
    again.undoing.redo()
    assert again.moves == ["heads", toss]


def test_move_list_marks_each_move_with_its_actor_colour():
    s = fresh()
    s.play("d3-e4")
    assert '<span class="who white" aria-hidden="true"></span>White small d3 to e4' in page.move_list(s)


def test_move_list_pairs_the_moves_of_a_two_player_turn_game():
    """Issue 13: "1. White's move, Black's move" like lichess; each in words (the tooltip too)."""
    s = fresh()
    for move in ("d3-e4", "e6-f5", "e4xg6"):
        s.play(move)
    html = page.move_list(s)
    items = html.split("</li>")[:-1]
    assert 'data-num="1."' in items[0] and "data-num" not in items[1] and 'data-num="2."' in items[2]
    assert 'class="ply second"' in items[1] and 'data-notation="e6-f5"' in items[1]
    assert 'title="Black small e6 to f5"' in items[1] and ">Black small e6 to f5</button>" in items[1]
    assert "White small e4 to g6, capturing Black&#x27;s small on f5" in items[2]
    assert page.notation(s) == "1. d3-e4 e6-f5\n2. e4xg6"


def test_move_numbers_run_to_any_length():
    """Three-digit numbers and more are written in full (the list's own numbers, not cut-off list markers)."""
    s, rng = Session("ice-turn", rng=random.Random(2)), random.Random(2)
    while len(s.moves) < 120:
        s.play(rng.choice(s.latest.legal_moves()))
    html = page.move_list(s, 100, 120)
    assert 'data-num="101."' in html and 'data-num="120."' in html
    assert all(f">{move}<" not in html and f'title="{move}"' not in html for move in s.moves)
    assert page.notation(s).splitlines()[119].startswith("120. ")


def test_the_result_ends_the_move_list_and_the_notation():
    """The end of a game is the list's last line: "1-0 White wins" in pairs, "Red wins" elsewhere."""
    s = Session("ice-lady")
    s.states.append(s.game.from_text("8/8/8/8/3S4/8/8/8 b 0 0"))
    s.moves.append("d3-d4")
    s.cursor = 1
    assert s.words.result() == "1-0 White wins"
    assert page.move_list(s).endswith('<li class="result">1-0 White wins</li>')
    assert page.notation(s).endswith("\n1-0 White wins")
    towers = Session("ice-towers")
    towers.play("red:done")
    towers.play("yellow:done")
    assert towers.words.result() == "Red and Yellow win"
    assert page.move_list(towers).endswith('<li class="result">Red and Yellow win</li>')
    assert "result" not in page.move_list(fresh())


def test_chance_moves_are_named_as_such_in_the_list():
    """Other games: each line its actor's colour and name; chance by what it is ("Dice")."""
    s = Session("ice-turn", rng=random.Random(4))
    html = page.move_list(s)
    assert '<span class="who chance" aria-hidden="true"></span>Tile dealt: a ' in html
    assert 'data-num="1."' in html and 'data-num="2."' in html


def test_the_message_after_a_move_says_it_in_words_as_a_note():
    s = fresh()
    s.play("d3-e4")
    assert s.message == "White small d3 to e4." and not s.warn
    s.clicks.click("e4")
    assert s.warn and s.message == "That is White's small; Black is to move."


def test_status_of_a_game_without_turns_leaves_out_the_clock():
    s = Session("ice-towers", {"timer": 60, "players": 3})
    assert s.words.status() == "No turns: Red, Yellow, Green may act at any moment."


def test_status_of_a_position_where_chance_is_next_names_the_chance_move():
    """Browsing (or an embed) can show a position where only chance acts: a tile to draw, a die to roll.  It read
    "No turns:  may act at any moment." there (issue 50's wiki page: an IceToids embed at a tile being revealed)."""
    state = Session("icetoids").latest
    while CHANCE not in state.actors or state.prompt():
        state = state.play(sorted(state.legal_moves())[0])
    assert status_of(state) == "Next: tile drawn."


def test_attempt_turns_errors_into_messages():
    s = fresh()
    assert s.attempt(lambda: s.play("d3-d5")) is None
    assert s.message.startswith("d3-d5:") and s.moves == []
    bug = s.attempt(lambda: 1 / 0)
    assert isinstance(bug, ZeroDivisionError) and s.message.startswith("Something went wrong")


def test_history_keys():
    s = fresh()
    s.play("d3-e4")
    s.play("e6-f5")
    assert [s.ply_for_key(k) for k in ("ArrowLeft", "ArrowRight", "Home", "End", "x")] == [1, 3, 0, 2, None]


class Relay(State):
    """A tiny turn game: a player acts or passes; once nothing is left, only "end" remains."""

    def __init__(self, done=(), turn=0):
        self.done, self.turn = tuple(done), turn
        self.game = RELAY
        self.options = {}

    def _actors(self):
        return ("p1",)

    def _generate(self):
        return {"end": "end"} if "act" in self.done else {"act": "act"}

    def _apply(self, move):
        return Relay((), self.turn + 1) if move == "end" else Relay(self.done + (move,), self.turn)

    @property
    def outcome(self):
        return Outcome((), "two turns") if self.turn == 2 else None

    def automatic_move(self):
        return "end" if list(self._moves()) == ["end"] else None

    def prompt(self, people=None):
        return "p1: act, then the turn ends by itself." if not self.done else ""

    def to_text(self):
        return f"{self.turn} {self.done}"

    def path(self, move):
        return (move,)


class RelayGame(Game):
    id, title = "relay", "Relay"

    def _initial(self, options):
        return Relay()


RELAY = RelayGame()


def test_automatic_moves_are_made_by_the_session_and_undone_with_the_move_before(monkeypatch):
    """State.automatic_move: the page makes it by itself; undo takes it back with the player's move."""
    monkeypatch.setattr("pyramids.games.get", lambda game_id: RELAY)
    s = Session("relay")
    assert s.words.status() == "p1: act, then the turn ends by itself.", "State.prompt replaces the status line"
    s.play("act")
    assert s.moves == ["act", "end"] and s.latest.turn == 1
    s.undoing.undo()
    assert s.moves == [] and s.undoing.redo_stack == [["act", "end"]]
    s.undoing.redo()
    s.play("act")
    assert s.moves == ["act", "end", "act", "end"] and s.state.outcome is not None, \
        "no automatic move is made once the game is over"
    assert Session("relay", moves=["act"]).moves == ["act", "end"], "a replayed record settles too"


def test_ice_turn_s_history_starts_after_the_deal():
    """Ice-Turn rules: the tiles are dealt before anyone plays, sixteen chance moves of the record.  Nobody made
    them: the history counted them as moves ("Move 16 of 16" before the first tile was placed) and stepped back
    through hands half dealt; it starts after them now."""
    s = Session("ice-turn", rng=random.Random(2))
    assert s.start == 16 == len(s.moves) and all(m.startswith("deal:") for m in s.moves)
    assert s.words.move_of() == "0 of 0" and not s.browsing
    s.play(s.latest.legal_moves()[0])
    assert s.words.move_of() == "1 of 1" and s.start == 16
    s.go(0)
    assert s.cursor == 16 and s.words.on_screen() == "Move 0 of 1: the start."
    assert s.undoing.undo_title() == "Take back every move (you are looking at the start)"
    s.undoing.undo()
    assert len(s.moves) == 16 and s.message == "Took back move 1; Redo puts it back."
    assert Session("ice-lady").start == 0


def test_undo_while_browsing_acts_on_the_move_on_screen():
    """Issue 13: at move 5 of 7, Undo takes back move 5 (the one on screen) and those after it, not move 7."""
    s = fresh()
    for move in ("c2-a2", "c6-b5", "a2-a4", "b5-c4", "a4-a6", "c4-b3", "a6-a8"):
        s.play(move)
    s.go(5)
    assert s.undoing.undo_title() == "Take back move 5, the one on screen, and the 2 after it (Redo puts them back)"
    s.undoing.undo()
    assert s.moves == ["c2-a2", "c6-b5", "a2-a4", "b5-c4"] and s.cursor == 4 and not s.browsing
    assert s.message == "Took back 3 moves, from move 5 on; Redo puts them back." and not s.warn
    s.undoing.redo()
    assert s.moves[-1] == "a4-a6" and s.undoing.undo_title() == "Take back the last move"


def test_play_by_link_undo_takes_back_only_your_own_unanswered_moves():
    """Issue 27: the player who plays only Black cannot take back White's move (their friend's, by link);
    their own move stays theirs to take back until White answers it.  Hot seat is unchanged."""
    s = fresh()
    s.link_play.choose(["black"])
    s.play("d3-e4")  # White's, brought by the friend's link
    assert not s.undoing.can_undo() and "White played after that move, by link" in s.undoing.undo_title()
    s.undoing.undo()
    assert s.moves == ["d3-e4"] and s.warn
    assert s.message.startswith("White has already played after that move, by link, so it cannot be taken back")
    s.play("e6-f5")
    assert s.undoing.can_undo() and s.undoing.undo_title() == "Take back the last move"
    s.undoing.undo()
    assert s.moves == ["d3-e4"] and s.undoing.redo_stack == [["e6-f5"]]
    s.undoing.redo()
    s.play("c3-d4")  # the friend answered: Black's move is theirs to see now
    s.go(1)
    assert not s.undoing.can_undo()
    s.undoing.undo()
    assert s.moves == ["d3-e4", "e6-f5", "c3-d4"]
    hot_seat = fresh()
    hot_seat.play("d3-e4")
    hot_seat.undoing.undo()
    assert hot_seat.moves == []


def test_undo_while_browsing_takes_back_a_roll_with_its_move():
    """Browsing to just after a die roll, Undo takes back the roll together with the move it followed."""
    s = Session("ice-turn", rng=random.Random(3))
    while not any(m.startswith("roll:") for m in s.moves[-3:]) or s.latest.actors == (CHANCE,):
        s.play(random.Random(len(s.moves)).choice(s.latest.legal_moves()))
    roll = max(i for i, m in enumerate(s.moves) if m.startswith("roll:")) + 1
    s.go(roll)
    s.undoing.undo()
    assert len(s.moves) < roll and not any(m.startswith("roll:") for m in s.moves[roll - 1:])


def test_escape_cancels_a_pending_choice():
    """Esc: the choice buttons (promote or not) go, and nothing is played."""
    moves = ["c3-b4", "f6-g5", "b4-a5", "g5-h4", "a5-b6", "h4-g3"]
    s = Session("ice-lady", moves=moves)
    s.clicks.click("b6")
    s.clicks.click("d8")
    assert s.clicks.choices and s.clicks.pending
    s.clicks.cancel()
    assert s.clicks.choices == () and s.clicks.selection == () and s.moves == moves and page.choices(s) == ""
    assert not s.clicks.pending
    s.clicks.click("b6")
    assert s.clicks.selection and s.clicks.pending, "a selection alone is pending too (Esc cancels it)"


# Ice Towers from the start to two larges of each colour in t7 (tests/test_ai.py's TOWERS_LOOP, numbered as
# played), then the loop two Medium bots went round when told nothing: each in turn mines a large, sets it
# down and caps t7 back, until t7 is as it was.
TOWERS_TO_LOOP = ["yellow:cap:yL3>t7", "red:cap:rL2>t7", "yellow:cap:yL1>t7", "yellow:cap:yM1>t9", "red:cap:rM1>t17",
                  "yellow:cap:yM2>t5", "red:cap:rM3>t15", "yellow:cap:yS1>t1", "red:cap:rS2>t11", "yellow:cap:yS3>t3"]
TOWERS_LAP = [f"{colour}:{action}" for colour, piece in (("red", "rL1"), ("yellow", "yL3"), ("red", "rL2"),
                                                         ("yellow", "yL1"))
              for action in (f"mine:{piece}", "down", f"cap:{piece}>t7")]


def test_the_session_tells_the_computer_which_move_came_round_to_the_position():
    """What the page's bots are told not to play again: the move that began the loop, only once the
    position has come round, and not after it was undone."""
    s = Session("ice-towers", moves=TOWERS_TO_LOOP + TOWERS_LAP)
    assert s.computer.repeated_moves() == ["red:mine:rL1"]
    s.undoing.undo()
    assert s.computer.repeated_moves() == []


def test_a_timed_game_s_link_carries_the_time_left():
    """Issue 56: a timed game opened from a shared link restarted its clock (the sharer had 1:48 left, the friend's
    copy opened at 1:59).  Share's link carries the seconds left; the clock runs on from them where it opens, and
    the player is told (our reading, on the rules page); a link without them starts the timer again, and says so."""
    s = Session("ice-towers", {"timer": 120})
    s.play("red:cap:rS1>t10")
    assert s.clock.remaining(1000.0) == 120
    link = s.link_play.share_link(1012.4)
    assert "&left=107" in link and "&left=" not in s.link(), "the address bar's link (and the save's) carry no time"
    friend, message = Loading.from_link(link).finish()
    assert message is None and friend.moves == s.moves
    assert friend.clock.told() == "The timer has 1:47 left, as when this link was shared; it runs from now."
    assert friend.clock.remaining(5000.0) == 107 and friend.clock.remaining(5007.0) == 100
    again, _ = Loading.from_link(s.link()).finish()
    assert again.clock.told() == ("The timer starts at 2:00: this link does not say how much time was left "
                                  "(a link from Share does).")
    assert again.clock.remaining(0.0) == 120
    assert Session("ice-towers").link_play.share_link(5.0) == Session("ice-towers").link_play.share_link(), \
        "no timer, no time left"
    assert "left" not in Session("ice-towers").clock.told() + Session("ice-towers").link_play.share_link(5.0)
    for bad in ("121", "x", "-3"):
        damaged, message = Loading.from_link(s.link() + f"&left={bad}").finish()
        assert damaged.clock.left is None and message.startswith(f"The link's time left is not valid: '{bad}'")
    rules = games.rules_page("ice-towers")
    assert '<p class="assumption">Interpretation: a timed game sent by link is one clock' in rules
