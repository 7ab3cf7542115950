"""The strength bench's one-ply greedy baseline (tests/bench/greedy.py) reads each game's goal as its
rules do: a baseline with a blind spot stalls games and flatters the levels measured against it."""

import random

import pytest

from conformance import bot_game
from pyramids import games
from tests.bench import greedy
from tests.test_ai import ICETOIDS_TILES

ICE_TURN_TILES = "[sW][dNS]q[sW]/[dEW]q[dEW][sN]/[sS]q[dEW]q/[dEW][dEW][sS][sE]"


def test_ice_turn_greedy_takes_its_misplaced_piece_off_the_top_of_its_goal_stack():
    """Ice-Turn rules §4: the goal must hold the player's three pieces "in nest order: X's small below
    X's medium, and X's medium below X's large", others' pieces anywhere.  Red's medium lies above its
    large, on top of a stack of six that cannot be tipped (a stack of n needs n-1 cells beyond it):
    only hopping the medium off (A16: the top piece hops) can ever mend the nest.  The baseline used to
    count this nest as nearly done and end its moves for ever; 3 of 60 games stalled so."""
    state = games.get("ice-turn").from_text(f"{ICE_TURN_TILES} 3[r1r3b3b2b1r2]/4/4/4 -,- red move 4 hop 0 - -")
    assert "end-moves" in state.legal_moves()
    for seed in range(5):
        assert greedy.player("ice-turn")(state, "red", random.Random(seed)).startswith("hop:d4-")


def test_ice_turn_greedy_counts_others_pieces_in_the_nest_as_no_disorder():
    """§4: "Other players' pieces may also be in the stack, anywhere": red's small and large in order
    on a blue piece cost nothing more than red's medium's way home (the baseline used to want red's
    small at the very bottom); with red's large below its small and blue's between, the small must go
    out and back as well."""
    game = games.get("ice-turn")
    spread = "3[r2E]/4/[b1][b2]2 -,- red move 4 hop 0 - -"
    in_order, out_of_order = (game.from_text(f"{ICE_TURN_TILES} 3[{nest}]/{spread}")
                              for nest in ("b3r1r3", "r3b3r1"))
    red = in_order.seats[0]
    assert greedy._ice_turn_cost(in_order, red) == 2 * 1 + 1  # the medium, one cell from d4
    assert greedy._ice_turn_cost(out_of_order, red) == 2 * 1 + 1 + 2 * (1 + 1)  # and the small, out and back


def test_icetoids_greedy_counts_a_target_held_once():
    """IceToids: the win needs a piece on each of three targets; a second piece on a target held is one
    target held, not two (the baseline once turned three stacked pieces round for 600 plies).  Yellow's
    targets are a3, c3 and d1: two pieces on a3 and one on d1 is worse than a piece a step from c3."""
    icetoids = games.get("icetoids")
    stacked = icetoids.from_text(f"yellow@a2,green@a4W {ICETOIDS_TILES} 4/[yellow.U,yellow.U]3/4/3[yellow.U] p1 -")
    nearer = icetoids.from_text(f"yellow@a2,green@a4W {ICETOIDS_TILES} 4/[yellow.U][yellow.U]2/4/3[yellow.U] p1 -")
    assert greedy._icetoids(nearer, "p1") > greedy._icetoids(stacked, "p1")


# -- the second baseline, by route length (issue 53) ------------------------------------------------------
def test_icetoids_route_counts_the_actions_of_the_shortest_way_over_the_arrows_known():
    """IceToids §3.1: a step along an arrow of one's tile is one action, any other step two (point, then
    move).  Yellow's third target is c3; its piece on a1 goes a2 (two), a3 along a2's north arrow (one),
    b3 and c3 (two each): seven, as no route without an arrow is."""
    from tests.bench import route
    icetoids = games.get("icetoids")
    far = icetoids.from_text(f"yellow@a2,green@a4W {ICETOIDS_TILES} 4/[yellow.U]3/4/[yellow.U]2[yellow.U] p1 -")
    assert route._icetoids_cost(far, 0) == 7


def test_ice_turn_route_counts_a_tip_and_the_turns_each_piece_still_needs():
    """Ice-Turn §3.3: a standing piece is tipped (1 MP) before it moves, a lying one turned (1 MP) to point
    anew, and each cell costs its pips.  Red's large lies on c1 pointing north: to d4 it goes one cell east
    and three north (3 MP a cell) and turns once; its small, standing in the tree on a1, is tipped first."""
    from tests.bench import route
    state = games.get("ice-turn").from_text(f"{ICE_TURN_TILES} 3[b3b2b1]/4/4/[r1r2]1[r3N]1 -,- red move 4 hop 0 - -")
    red = state.seats[0]
    assert route._ice_turn_piece(state, 2, "r3", red.goal) == 3 * 4 + 1  # c1: one east, three north, one turn
    assert route._ice_turn_piece(state, 0, "r1", red.goal) == 1 * 6 + 1 + 1  # a1, standing: a tip and a turn


@pytest.mark.parametrize("game_id, name", [(game_id, "greedy") for game_id in games.ids()]
                         + [(game_id, "route") for game_id in ("icetoids", "ice-turn")])
def test_the_baselines_play_legal_complete_games(game_id, name):
    """Each baseline against itself: every move legal and its own (`bot_game` checks), and the game ends."""
    from tests.bench import strength
    player = strength.BASELINES[name](game_id)
    moves, end = bot_game(games.get(game_id), lambda actor: player, random.Random(3),
                          max_plies=2 * strength.PLY_CAPS.get(game_id, 300))
    assert end.outcome is not None, (len(moves), end.to_text())
