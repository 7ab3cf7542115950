"""Issue 27, move 10,001: one bound for playing, saving and opening.  A link or a save opens games of at
most `record.MAX_MOVES` moves, so the session refuses the move that would pass it, with the reason."""

import pytest

from pyramids import record
from pyramids.core import CHANCE, Game, GameError, Option, State
from pyramids.loading import Loading, to_storage
from pyramids.session import Session


class Steps(State):
    """An endless game: p1 steps, or throws a die (chance then answers: one more move)."""

    def __init__(self, n=0, thrown=False):
        self.n, self.thrown = n, thrown
        self.game = STEPS
        self.options = {}

    def _actors(self):
        return (CHANCE,) if self.thrown else ("p1",)

    def _generate(self):
        return {m: m for m in (("1", "2") if self.thrown else ("step", "throw"))}

    def _apply(self, move):
        return Steps(self.n + 1, move == "throw")

    outcome = None

    def to_text(self):
        return f"{self.n} {self.thrown}"

    def path(self, move):
        return (move,)


class StepsGame(Game):
    id, title = "steps", "Steps"
    options = (Option("rounds", "Rounds", 1, (1,)),)

    def _initial(self, options):
        return Steps()


STEPS = StepsGame()
LAST = record.MAX_MOVES


@pytest.fixture
def nearly_full(monkeypatch):
    monkeypatch.setattr("pyramids.games.get", lambda game_id: STEPS)
    return Session("steps", moves=["step"] * (LAST - 1))


def test_the_last_move_a_game_can_hold_is_made_and_the_next_refused_with_the_reason(nearly_full):
    s = nearly_full
    s.play("step")
    assert len(s.moves) == LAST
    with pytest.raises(GameError, match="This game has reached 10,000 moves, the most a game can hold"):
        s.play("step")
    s.clicks.click("step")
    assert len(s.moves) == LAST and s.warn and s.message.startswith("This game has reached 10,000 moves")
    assert Loading.from_storage(to_storage(s)).finish()[1] is None, "the game saved opens again"


def test_a_move_whose_chance_would_pass_the_bound_is_refused_whole(nearly_full):
    s = nearly_full
    with pytest.raises(GameError, match="would take the game past 10,000 moves"):
        s.play("throw")
    assert len(s.moves) == LAST - 1 and len(s.states) == LAST and not s.undoing.redo_stack
    s.play("step")
    assert len(s.moves) == LAST


def test_the_computer_s_move_past_the_bound_is_refused_and_not_tried_again(nearly_full):
    s = nearly_full
    s.computer.bots = {"p1": "easy"}
    assert not s.play_bot("throw", s.position_key()) and len(s.moves) == LAST - 1
    assert s.computer.turn() is None
    s.play("step")
    assert not s.play_bot("step", s.position_key()) and s.computer.turn() is None and len(s.moves) == LAST


def test_redo_past_the_bound_is_refused(nearly_full):
    """Only a save's redo stack could hold more (redo puts back what was made under the bound)."""
    s = nearly_full
    s.undoing.redo_stack.append(["step", "step"])
    s.undoing.redo()
    assert len(s.moves) == LAST - 1 and "10,000 moves" in s.message


def test_a_full_link_that_ends_where_chance_acts_opens_as_it_is(nearly_full):
    """Opening must not make the game longer than a link or a save can hold (it could never open again)."""
    moves = (*nearly_full.moves, "throw")  # a record made elsewhere: its last move asks chance to act
    session, note = Loading.from_link(record.encode(record.Record("steps", {}, moves))).finish()
    assert len(session.moves) == LAST and "would take the game past 10,000 moves" in note
