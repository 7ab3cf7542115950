"""A long game's move list shows a window of its moves (issue 25: a move appends to the log, never redraws it)."""

from types import SimpleNamespace

from pyramids.page import LISTED, STEP, listed_from, listed_to


def at(total, cursor):
    return SimpleNamespace(moves=[""] * total, cursor=cursor)


def test_the_window_holds_the_move_on_screen_and_at_most_listed_plus_step_moves():
    for total in range(0, 1500, 7):
        for cursor in range(0, total + 1, 5):
            first = listed_from(at(total, cursor))
            assert first % STEP == 0 and first <= cursor <= listed_to(first), (total, cursor)
            assert listed_to(first) - first == LISTED + STEP
        first = listed_from(at(total, total))
        assert first <= total <= listed_to(first), "the latest move, at the latest position"


def test_playing_on_moves_the_window_once_every_step_moves():
    """Between two moves of the window, each move is appended to the list drawn (py/screen/log.py)."""
    firsts = [listed_from(at(total, total)) for total in range(5000)]
    moved = sum(a != b for a, b in zip(firsts, firsts[1:]))
    assert moved == (len(firsts) - 1 - LISTED) // STEP
    assert firsts[:LISTED + 1] == [0] * (LISTED + 1), "a game of up to LISTED moves lists them all"


def test_browsing_one_move_at_a_time_moves_the_window_once_every_step_moves():
    firsts = [listed_from(at(5000, cursor)) for cursor in range(5001)]
    assert sum(a != b for a, b in zip(firsts, firsts[1:])) <= 5000 // STEP
