"""Every registered game honours the protocol (random playouts, round-trips, replays)."""

import pytest

from conformance import check_game
from pyramids import games


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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ice_turn_conforms_for_every_player_count(players):
    """Ice-Turn seats 2, 3 or 4 (section 1): the deal, placement and race for each count."""
    check_game(games.get("ice-turn"), seeds=range(3), players=players)
