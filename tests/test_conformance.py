"""Every registered game honours the protocol (random playouts, round-trips, replays)."""

import dataclasses
import random

import pytest

from conformance import bot_game, check_game, check_refusals, check_state, playout
from pyramids import ai, games, views
from pyramids.core import CHANCE, evolve
from pyramids.svg import Marks


@pytest.mark.parametrize("game_id", games.ids())
def test_game_conforms(game_id):
    check_game(games.get(game_id))


def test_every_catalogue_entry_is_registered():
    assert games.ids() == ["ice-lady", "ice-towers", "icetoids", "terrafex", "ice-turn"]
    for entry in games.CATALOGUE:
        assert games.get(entry.id).id == entry.id


def test_unknown_game_is_a_readable_error():
    with pytest.raises(KeyError, match="no game called 'chess'"):
        games.get("chess")


def test_a_game_whose_files_are_not_here_yet_says_so(monkeypatch):
    """The page fetches a game's files the first time it is shown (py/archives.py): until then
    `get` says which game is missing, and nothing else is mistaken for it."""
    absent = games.Entry("ice-lady", "Ice Lady", "not_fetched_yet")
    monkeypatch.setitem(games._BY_ID, "ice-lady", absent)
    with pytest.raises(games.NotLoaded) as missing:
        games.get("ice-lady")
    assert missing.value.game_id == "ice-lady" and "Ice Lady" in str(missing.value)

    def inner_import_fails(name):
        raise ModuleNotFoundError("No module named 'numpy'", name="numpy")  # a bug inside the game's module
    monkeypatch.setattr(games, "import_module", inner_import_fails)
    with pytest.raises(ModuleNotFoundError) as failed:
        games.get("terrafex")
    assert not isinstance(failed.value, games.NotLoaded) and failed.value.name == "numpy"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ice_turn_conforms_for_every_player_count(players):
    """Ice-Turn seats 2, 3 or 4 (section 1): the deal, placement and race for each count."""
    check_game(games.get("ice-turn"), seeds=range(3), players=players)


BOT_PLIES = 120  # a cap, so games registered later (however long) keep CI quick


@pytest.mark.parametrize("game_id", games.ids())
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_play_every_game_at_every_level(game_id, level):
    """Bot against bot: every bot move is legal and the bot's own (checked in bot_game), and the game
    runs until it ends or the cap, each state keeping the protocol's invariants."""
    game = games.get(game_id)
    moves, end = bot_game(game, lambda actor: level, random.Random(7), max_plies=BOT_PLIES, scale=0.02)
    assert end.outcome is not None or len(moves) == BOT_PLIES or len(ai.players_to_act(end)) > 1, \
        "a game with turns runs until it ends or the cap; without turns every bot may also wait"
    check_state(game, end)
    assert game.replay(moves).to_text() == end.to_text()


@pytest.mark.parametrize("game_id", games.ids())
def test_refusal_reasons_and_click_hints_agree_with_the_legal_moves(game_id):
    """Issue 54: "Refusal reasons and hints checked against the legal moves in every game, as Ice Lady's are":
    a move is refused exactly when it is not legal, with the game's own reason, and a click leads on exactly
    where a legal move starts, else says why."""
    for seed in range(2):
        check_refusals(games.get(game_id), seed)


@pytest.mark.parametrize("game_id", games.ids())
def test_a_state_s_quick_copy_has_its_fields_and_nothing_it_worked_out(game_id):
    """`core.evolve`, the copy a move's state starts from: the fields `dataclasses.replace` would give, the
    changes asked for, none of the views the old state cached (its legal moves, its outcome), and a change
    to a field the state does not have refused."""
    game = games.get(game_id)
    state, rng = game.new(), random.Random(1)
    for _ in range(12):  # into the game, not to its end
        after = state.play(rng.choice(state.legal_plays()))
        if after.outcome is not None:
            break
        state = after
    state.legal_moves()
    assert state.outcome is None and "_moves_cache" in state.__dict__
    copy, made = evolve(state, history=None), dataclasses.replace(state, history=None)
    assert type(copy) is type(made)
    assert all(getattr(copy, f.name) == getattr(made, f.name) for f in dataclasses.fields(made))
    assert "_moves_cache" not in copy.__dict__ and "_outcome" not in copy.__dict__
    assert copy.to_text() == state.to_text() and sorted(copy.legal_moves()) == sorted(state.legal_moves())
    with pytest.raises(TypeError, match="no field 'colour_of_the_sky'"):
        evolve(state, colour_of_the_sky="blue")


@pytest.mark.parametrize("game_id", games.ids())
def test_every_location_a_move_goes_through_is_drawn_lit_when_it_is_a_target(game_id):
    """Show me, a hint and a half-made move light the locations to choose next: each is drawn differently lit
    (on the board, in the panel of a player who plays every seat, in the tray under the board).  IceToids'
    waiting pieces were not, and Show me in its lesson's first step lit nothing."""
    game, rng = games.get(game_id), random.Random(3)
    state = game.new()
    seats = None
    for move in playout(game, rng, max_plies=60):
        if state.actors and state.actors != (CHANCE,):
            seats = seats or tuple(state.actors)
            for play in rng.sample(state.legal_plays(), min(6, len(state.legal_plays()))):
                path = state.path(play)
                for i, location in enumerate(path):
                    def drawn(marks):
                        return (views.draw(state, marks) + views.panel(state, None, marks, people=state.actors)
                                + views.controls(state, marks))
                    chosen = Marks(selected=path[:i])
                    assert drawn(chosen) != drawn(Marks(selected=path[:i], targets=(location,))), \
                        (location, state.to_text())
        state = state.play(move)
