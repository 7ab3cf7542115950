"""IceToids: every rule of docs/rules/icetoids.md (sections and [A#])."""

import random
from itertools import permutations

import pytest

from conformance import check_game, playout
from pyramids.core import CHANCE, GameError, IllegalMoveError, InvalidMoveError, OptionError, PositionError
from pyramids.games.icetoids import (CELLS, GAME, HOME_REACH, INDEX, ORIENTATIONS, TEMPO, TILESET, Home, Tile,
                                     _shared_out)
from pyramids.grid import join_row


def rows(cells):
    """Position-text rows (4 down to 1) from {cell: token}."""
    return "/".join(join_row([cells.get(f"{f}{r}") for f in "abcd"]) for r in "4321")


def position(tiles=None, pieces=None, seats="red@a2,blue@d3", turn="p1", pending="-", extra=""):
    """A play position: red (p1) waits west of a2, blue (p2) east of d3 unless told otherwise."""
    text = f"{seats} {rows(tiles or {})} {rows(pieces or {})} {turn} {pending} {extra}"
    return GAME.from_text(text.strip())


def refused(state, move, words):
    with pytest.raises(GameError) as err:
        state.play(move)
    assert words in str(err.value), str(err.value)
    return err.value


def after_setup(players=2):
    state = GAME.new(players=players)
    homes = ["a2", "d3", "b4", "c1"]
    for seat, colour in enumerate(["red", "blue", "yellow", "green"][:players]):
        state = state.play(f"p{seat + 1}:colour={colour}").play(f"p{seat + 1}:home={homes[seat]}")
    return state


# -- protocol --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance(players):
    """The shared protocol contract, for every player count ("2-4" [A1])."""
    check_game(GAME, players=players)


def test_player_count_option():
    """[A1] "Players: 2-4": 2 by default, 3 and 4 allowed, nothing else."""
    assert GAME.new().seats == ("p1", "p2")
    assert GAME.new(players=4).seats == ("p1", "p2", "p3", "p4")
    assert GAME.new(players=3).to_text().endswith("players=3")
    for bad in (1, 5):
        with pytest.raises(OptionError):
            GAME.new(players=bad)


def test_identical_outcomes_have_one_move_string():
    """A move along an arrow and a pointed move the same way are one act, so one move:
    no two legal moves of a position lead to the same position."""
    for seed in range(4):
        state = GAME.new(players=3)
        for move in playout(GAME, random.Random(seed), max_plies=150, players=3):
            if state.actors != (CHANCE,):
                results = [state.play(m).to_text() for m in state.legal_moves()]
                assert len(set(results)) == len(results), state.to_text()
            state = state.play(move)


# -- setup -----------------------------------------------------------------------------


def test_setup_order_colour_then_home_seat_by_seat():
    """§2.2-3, [A6]: "In turn order, each player chooses: an unused colour; a Home Tile";
    P1 makes the first choice and takes the first turn."""
    state = GAME.new(players=3)
    assert state.actors == ("p1",) and all(m.startswith("p1:colour=") for m in state.legal_moves())
    state = state.play("p1:colour=green")
    assert state.actors == ("p1",) and all(m.startswith("p1:home=") for m in state.legal_moves())
    refused(state, "p2:colour=red", "it is Green's turn to choose, not P2's.")  # not "Green (P1)'s" (issue 51)
    state = state.play("p1:home=b1")
    assert state.actors == ("p2",) and "p2:colour=green" not in state.legal_moves()
    state = state.play("p2:colour=red").play("p2:home=d2").play("p3:colour=blue").play("p3:home=a4N")
    assert state.actors == ("p1",) and state.legal_moves() == ["off-b1"]
    assert state.colours == {"p1": "green", "p2": "red", "p3": "blue"}
    assert state.homes == {"p1": ("b1", "S"), "p2": ("d2", "E"), "p3": ("a4", "N")}
    assert state.off_board == {"green": 3, "red": 3, "blue": 3}
    assert state.seat_homes[2] == Home(cell=INDEX["a4"], edge="N")  # named, and as read back from the text
    assert GAME.from_text(state.to_text()).seat_homes[2].edge == "N"


def test_colour_must_be_unused():
    """§2.3 "an unused colour": a taken colour is refused, as is choosing a home first."""
    state = GAME.new().play("p1:colour=blue").play("p1:home=a2")
    assert "p2:colour=red" in state.legal_moves()
    refused(state, "p2:colour=blue", "blue is taken by Blue (P1)")
    refused(state, "p2:home=d3", "P2 chooses a colour first")
    refused(state, "p2:colour=pink", "not a colour")
    refused(GAME.new(), "p3:colour=red", "no seat p3")


def test_home_tile_is_a_distinct_edge_tile():
    """ "select an outer-edge tile ... Each player must choose a different Home Tile." """
    state = GAME.new().play("p1:colour=red").play("p1:home=b4")
    state = state.play("p2:colour=blue")
    homes = {m.split("=")[1] for m in state.legal_moves()}
    assert "b4" not in homes and "d2" in homes
    refused(state, "p2:home=b4", "already p1's home tile")
    refused(state, "p2:home=b2", "not on the edge")
    refused(state, "p2:home=c3", "not on the edge")
    assert state.play("p2:home=d2").homes["p2"] == ("d2", "E")


def test_corner_home_names_its_edge():
    """[A5] "A corner tile has two outer edges": the player picks the edge at setup."""
    state = GAME.new().play("p1:colour=red")
    corners = sorted(m for m in state.legal_moves() if len(m.split("=")[1]) == 3)
    assert corners == ["p1:home=a1S", "p1:home=a1W", "p1:home=a4N", "p1:home=a4W",
                       "p1:home=d1E", "p1:home=d1S", "p1:home=d4E", "p1:home=d4N"]
    assert len(state.legal_moves()) == 16  # 8 edge tiles + 4 corners x 2 edges
    refused(state, "p1:home=a1", "a1S or a1W")
    refused(state, "p1:home=a1N", "outer edges are S and W")
    with pytest.raises(InvalidMoveError, match="one outer edge"):
        state.play("p1:home=a2W")
    assert state.path("p1:home=a1S") == state.path("p1:home=a1W") == ("a1",)
    assert state.label("p1:home=a1S") != state.label("p1:home=a1W")


def test_setup_paths_and_hints():
    """Setup choices are clicks: a colour swatch, then a home tile."""
    state = GAME.new()
    assert state.path("p1:colour=red") == ("colour:red",)
    assert state.guide(["colour:yellow"]).moves == ("p1:colour=yellow",)
    state = state.play("p1:colour=red")
    assert not state.guide(["b2"]).ok and "not on the edge" in state.guide(["b2"]).message
    state = state.play("p1:home=a2").play("p2:colour=blue")
    assert "already p1's home" in state.guide(["a2"]).message


def test_nothing_moves_before_setup_ends():
    """§2.4: pieces start off-board; play begins only after every seat has chosen."""
    state = GAME.new().play("p1:colour=red")
    refused(state, "off-a2", "has not started")
    refused(after_setup(), "p1:colour=green", "setup is over")


# -- entering --------------------------------------------------------------------------


def test_enter_only_at_home():
    """ "If a piece is off the board, the only place for it to move is onto your Home Tile."
    It arrives upright ("Any time a piece is moved, it arrives standing up")."""
    state = position(tiles={"a2": "yellow"})
    assert state.legal_moves() == ["off-a2"]
    refused(state, "off-b2", "only at their home tile, a2")
    after = state.play("off-a2")
    assert after.pieces[4] == (("red", "U"),) and after.off_board["red"] == 2
    assert after.actors == ("p2",)


def test_enter_needs_a_waiting_piece():
    """§3.1 ENTER: the piece must be off-board; with all three on the board none can enter."""
    state = position(tiles={"a2": "yellow", "b2": "yellow"}, pieces={"a2": "red.U,red.N", "b2": "red.S"})
    assert state.off_board["red"] == 0
    assert not any(m.startswith("off-") for m in state.legal_moves())
    refused(state, "off-a2", "no red piece is waiting")


def test_enter_onto_face_down_home_reveals_it():
    """ "Any time your piece lands on a tile that has not yet been exposed, turn it over." """
    state = after_setup().play("off-a2")
    assert state.actors == (CHANCE,) and state.revealing == "a2"
    assert state.pieces[4] == (("red", "U"),)


def test_enter_pushes_inward():
    """[A17] waiting pieces point at the Home Tile, so entering may push; "The ejected piece
    lands upright on the next tile over" -- one tile further inward."""
    state = position(tiles={"a2": "yellow", "b2": "yellow"}, pieces={"a2": "blue.N"})
    assert {"off-a2", "off-a2!blue.N"} <= set(state.legal_moves())
    after = state.play("off-a2!blue.N")
    assert after.pieces[4] == (("red", "U"),) and after.pieces[5] == (("blue", "U"),)


@pytest.mark.parametrize("home, landing", [("a1S", 4), ("a1W", 1)])
def test_corner_entry_direction_follows_the_chosen_edge(home, landing):
    """[A5] the chosen edge "fixes d_in for entering and for pushing on entry":
    from the south edge of a1 a push goes north to a2, from the west edge east to b1."""
    tiles = {"a1": "yellow", "a2": "yellow", "b1": "yellow"}
    state = position(tiles=tiles, pieces={"a1": "blue.U"}, seats=f"red@{home},blue@d3")
    after = state.play("off-a1!blue.U")
    assert after.pieces[landing] == (("blue", "U"),) and after.pieces[0] == (("red", "U"),)


# -- moving ----------------------------------------------------------------------------


def test_move_the_way_the_piece_points():
    """ "If your piece is pointing at another tile, you may move it onto that tile."
    One tile only, and it arrives upright."""
    state = position(tiles={"b2": "yellow", "c2": "yellow"}, pieces={"b2": "red.E"})
    after = state.play("b2.E-c2")
    assert after.pieces[5] == () and after.pieces[6] == (("red", "U"),)
    refused(state, "b2.E-d2", "one tile at a time")
    refused(state, "b2.E-b3", "points E; it can go N only along an arrow")


def test_no_voluntary_move_off_the_board():
    """[A16] moving off the grid is not allowed (except when pushed)."""
    state = position(tiles={"d2": "yellow"}, pieces={"d2": "red.E"})
    assert not any(m.startswith("d2.E-") for m in state.legal_moves())


def test_move_along_an_arrow_regardless_of_pointing():
    """ "If your piece is on a tile with arrow(s), you may move your piece in the direction of
    an arrow regardless of where the piece is pointing" -- upright pieces too [A7]."""
    state = position(tiles={"b2": "single=N", "b3": "yellow", "c2": "yellow"}, pieces={"b2": "red.U,red.E"})
    moves = state.legal_moves()
    assert {"b2.U-b3", "b2.E-b3", "b2.E-c2"} <= set(moves)
    after = state.play("b2.U-b3")
    assert after.pieces[9] == (("red", "U"),) and after.pieces[5] == (("red", "E"),)


def test_upright_piece_moves_only_along_arrows():
    """[A8] moving by pointing "requires a lying piece. An upright piece moves only along arrows"."""
    state = position(tiles={"b2": "single=N", "b3": "yellow", "c2": "yellow"}, pieces={"b2": "red.U"})
    assert [m for m in state.legal_moves() if m.startswith("b2.U-")] == ["b2.U-b3"]
    refused(state, "b2.U-c2", "upright piece moves only along an arrow")
    plain = position(tiles={"b2": "yellow"}, pieces={"b2": "red.U"})
    assert sorted(plain.legal_moves()) == ["b2.U>E", "b2.U>N", "b2.U>S", "b2.U>W", "off-a2"]


def test_fourway_and_double_arrows():
    """Arrow tiles (§1.2, an assumption): an upright piece may follow any arrow of its tile."""
    cross = position(tiles={"b2": "fourway"}, pieces={"b2": "red.U"})
    assert {m for m in cross.legal_moves() if "-" in m and not m.startswith("off")} == {
        "b2.U-b3", "b2.U-c2", "b2.U-b1", "b2.U-a2"}
    bend = position(tiles={"b2": "corner=ES"}, pieces={"b2": "red.U"})
    assert {m for m in bend.legal_moves() if m.startswith("b2.U-")} == {"b2.U-c2", "b2.U-b1"}


def test_pointed_and_arrow_move_the_same_way_are_one_move():
    """A piece pointing along its tile's arrow has one move that way, not two."""
    state = position(tiles={"b2": "single=N", "b3": "yellow"}, pieces={"b2": "red.N"})
    assert [m for m in state.legal_moves() if m.startswith("b2.N-b3")] == ["b2.N-b3"]


def test_any_number_of_pieces_share_a_tile():
    """ "Any number of pieces can be on the same tile at once." """
    state = position(tiles={"b2": "yellow", "c2": "yellow"}, pieces={"b2": "red.E", "c2": "red.U,blue.U,blue.N"})
    after = state.play("b2.E-c2")
    assert after.pieces[6] == (("blue", "N"), ("blue", "U"), ("red", "U"), ("red", "U"))


def test_only_your_own_pieces_move():
    """ "On your turn, you will either 1) move one of your pieces, or 2) point one of your pieces" """
    state = position(tiles={"b2": "yellow", "c2": "yellow"}, pieces={"b2": "blue.E"})
    refused(state, "b2.E-c2", "is blue's")
    assert "That is blue's piece" in state.guide(["b2:blue.E"]).message


# -- pointing --------------------------------------------------------------------------


def test_point_a_new_way():
    """ "point one of your pieces in a different direction" [A9]: any of N/E/S/W but the
    current one, even off the grid; an upright piece may take any of the four."""
    state = position(tiles={"a2": "yellow"}, pieces={"a2": "red.E"})
    points = sorted(m for m in state.legal_moves() if ">" in m)
    assert points == ["a2.E>N", "a2.E>S", "a2.E>W"]
    assert state.play("a2.E>W").pieces[4] == (("red", "W"),)
    refused(state, "a2.E>E", "already points E")
    with pytest.raises(InvalidMoveError):
        state.play("a2.E>U")  # "Only the 4 directions": no standing a piece up again


def test_waiting_pieces_cannot_be_repointed():
    """[A9] "Off-board pieces cannot be re-pointed, because their only move is onto the Home Tile"."""
    refused(after_setup(), "off>N", "cannot be re-pointed")


def test_no_pass():
    """[A14] "No pass. Exactly one action per turn" -- and a legal action always exists."""
    state = after_setup()
    refused(state, "pass", "not an IceToids move")
    assert state.legal_moves()


# -- pushing ---------------------------------------------------------------------------


def test_push_into_the_next_tile():
    """ "you can push that piece out of that tile as you move in. The ejected piece lands
    upright on the next tile over." The push is optional [A10]."""
    tiles = {"b2": "yellow", "c2": "yellow", "d2": "yellow"}
    state = position(tiles=tiles, pieces={"b2": "red.E", "c2": "blue.N"})
    pushed = state.play("b2.E-c2!blue.N")
    assert pushed.pieces[6] == (("red", "U"),) and pushed.pieces[7] == (("blue", "U"),)
    kept = state.play("b2.E-c2")
    assert kept.pieces[6] == (("blue", "N"), ("red", "U"))


def test_a_push_of_another_players_piece_is_forcing():
    """§3.2: a push ejects the piece from its tile, IceToids' capture: the computer's search tries it first and
    follows it past its horizon (`State.forcing`).  Pushing one's own piece, or moving onto a tile without a
    push, is a quiet move."""
    tiles = {"b2": "yellow", "c2": "yellow", "d2": "yellow"}
    state = position(tiles=tiles, pieces={"b2": "red.E", "c2": "blue.N,red.N"})
    assert state.forcing("b2.E-c2!blue.N") == 1
    assert state.forcing("b2.E-c2!red.N") == 0
    assert state.forcing("b2.E-c2") == 0 and state.forcing("b2.E>N") == 0


def test_push_off_the_board_sends_the_piece_home():
    """ "If there is no tile in that direction, the piece is removed from the board and must
    re-enter at that player's Home Tile." """
    state = position(tiles={"c2": "yellow", "d2": "yellow", "d3": "yellow"}, pieces={"c2": "red.E", "d2": "blue.N"})
    assert state.off_board["blue"] == 2
    after = state.play("c2.E-d2!blue.N")
    assert after.pieces[7] == (("red", "U"),) and after.off_board["blue"] == 3
    assert "off-d3" in after.legal_moves()


def test_push_your_own_piece():
    """ "You can push your own piece, or an opponent's piece." """
    tiles = {"b2": "yellow", "c2": "yellow", "d2": "yellow"}
    state = position(tiles=tiles, pieces={"b2": "red.E", "c2": "red.U"})
    assert state.play("b2.E-c2!red.U").pieces[7] == (("red", "U"),)


def test_choose_which_piece_is_pushed():
    """[A10] "ejects exactly one piece, chosen by the mover"; pieces of one colour and state
    are identical, so they give one choice."""
    tiles = {"b2": "yellow", "c2": "yellow", "d2": "yellow"}
    state = position(tiles=tiles, pieces={"b2": "red.E", "c2": "blue.N,blue.N,blue.U,red.S"})
    assert sorted(m for m in state.legal_moves() if m.startswith("b2.E-c2")) == [
        "b2.E-c2", "b2.E-c2!blue.N", "b2.E-c2!blue.U", "b2.E-c2!red.S"]
    after = state.play("b2.E-c2!red.S")
    assert after.pieces[7] == (("red", "U"),)
    assert after.pieces[6] == (("blue", "N"), ("blue", "N"), ("blue", "U"), ("red", "U"))
    refused(state, "b2.E-c2!yellow.U", "no yellow piece upright")
    path = state.path("b2.E-c2")
    assert all(state.path(m) == path for m in ("b2.E-c2!blue.N", "b2.E-c2!red.S"))
    assert path == ("b2:red.E", "c2")
    assert state.label("b2.E-c2") == "no push" and state.label("b2.E-c2!blue.U") == "push blue (upright)"
    assert set(state.guide(path).moves) == {"b2.E-c2", "b2.E-c2!blue.N", "b2.E-c2!blue.U", "b2.E-c2!red.S"}


def test_only_a_piece_pointing_the_way_it_moves_pushes():
    """ "If one of your pieces is pointing at a tile occupied by another piece, you can push ...
    Upright pieces cannot push." A move along an arrow pushes only if the piece points that way."""
    tiles = {"b2": "single=E", "c2": "yellow", "d2": "yellow"}
    state = position(tiles=tiles, pieces={"b2": "red.N,red.U,red.E", "c2": "blue.U"})
    moves = state.legal_moves()
    assert "b2.E-c2!blue.U" in moves
    assert "b2.N-c2" in moves and "b2.N-c2!blue.U" not in moves
    assert "b2.U-c2" in moves and "b2.U-c2!blue.U" not in moves
    refused(state, "b2.U-c2!blue.U", "this one is upright")
    refused(state, "b2.N-c2!blue.U", "this one is pointing N")
    assert state.label("b2.U-c2") == "to c2"


def test_no_chain_push():
    """§3.2 "There is no chain push: the ejected piece never pushes." """
    tiles = {"b2": "yellow", "c2": "yellow", "d2": "yellow"}
    state = position(tiles=tiles, pieces={"b2": "red.E", "c2": "blue.E", "d2": "blue.U"})
    after = state.play("b2.E-c2!blue.E")
    assert after.pieces[7] == (("blue", "U"), ("blue", "U"))
    assert after.off_board["blue"] == 1


def test_push_reveals_the_landing_tile_and_the_mover_orients_it():
    """[A11] "When any piece arrives on a face-down tile, whether by moving or by being pushed",
    it is revealed and "The active player" chooses its orientation."""
    state = position(tiles={"b2": "yellow", "c2": "yellow"}, pieces={"b2": "red.E", "c2": "blue.U"})
    state = state.play("b2.E-c2!blue.U")
    assert state.actors == (CHANCE,) and state.revealing == "d2"
    assert state.pieces[7] == (("blue", "U"),)
    state = state.play("reveal:d2=single")
    assert state.actors == ("p1",) and len(state.legal_moves()) == 4
    assert state.tiles[7] == Tile(kind="single", arrows=None)  # revealed, not yet turned
    state = state.play("orient:d2=W")
    assert state.actors == ("p2",) and state.tiles[7].arrows == "W" and state.tiles[7].kind == "single"


# -- revealing -------------------------------------------------------------------------


def test_chance_draws_from_the_remaining_tiles():
    """[A13] "draw its type uniformly at random from the multiset of not-yet-revealed tiles":
    each type's probability is its remaining count over the face-down tiles."""
    state = after_setup().play("off-a2")
    odds = dict(state.chance_outcomes())
    assert odds == {f"reveal:a2={name}": tile.copies / 16 for name, tile in TILESET.items()}
    tiles = {"a1": "red", "b1": "red", "c1": "single=E", "d1": "yellow", "b2": "fourway"}
    state = position(tiles=tiles, pieces={"b2": "red.E"}).play("b2.E-c2")
    odds = dict(state.chance_outcomes())
    assert odds == {"reveal:c2=red": 1 / 11, "reveal:c2=yellow": 2 / 11, "reveal:c2=blue": 3 / 11,
                    "reveal:c2=green": 3 / 11, "reveal:c2=straight": 1 / 11, "reveal:c2=corner": 1 / 11}
    refused(state, "reveal:c2=single", "no face-down single tile is left")
    refused(state, "reveal:d2=red", "being revealed is c2")
    refused(state, "c2.U>N", "c2 is being revealed first")


def test_chance_draw_frequencies_match_the_counts():
    """[A13] the draw is equivalent to a pre-shuffle: sampled by `chance_outcomes`, targets
    come up 12 times in 16."""
    state = after_setup().play("off-a2")
    outcomes = state.chance_outcomes()
    rng = random.Random(7)
    draws = rng.choices([m for m, _ in outcomes], [p for _, p in outcomes], k=4000)
    targets = sum(TILESET[d.split("=")[1]].target is not None for d in draws)
    assert abs(targets / 4000 - 12 / 16) < 0.03


@pytest.mark.parametrize("name, layouts", [
    ("single", ["N", "E", "S", "W"]), ("straight", ["NS", "EW"]), ("corner", ["NE", "ES", "SW", "NW"]),
])
def test_orient_where_orientations_differ(name, layouts):
    """ "turn it over and orient it as you wish"; only distinct layouts are offered: the straight
    double has 2, single and corner 4."""
    state = after_setup().play("off-a2").play(f"reveal:a2={name}")
    assert state.actors == ("p1",) and state.legal_moves() == [f"orient:a2={a}" for a in layouts]
    assert all(state.path(m) == (f"turn:{m[-len(a):]}",) for m, a in zip(state.legal_moves(), layouts)), \
        "issue 51: the pictures by the board are the choices"
    assert all(state.paths(m)[1] == ("a2",) for m in state.legal_moves()), "the tile, then a choice, too"
    refused(state, "orient:a2=NESW", "can show arrows")
    refused(state, "off-a2", "must first choose how a2 is turned")


@pytest.mark.parametrize("name", ["red", "green", "fourway"])
def test_no_orientation_move_when_it_changes_nothing(name):
    """[A4] "Target tile orientation ... has no effect"; the four-way arrow looks the same every way."""
    state = after_setup().play("off-a2").play(f"reveal:a2={name}")
    assert state.actors == ("p2",) and state.tiles[4] == (name, ORIENTATIONS[name][0])
    refused(state, "orient:a2=N", "no tile is being revealed")


def test_orientation_is_permanent():
    """ "It will remain in that orientation for the rest of the game." """
    state = after_setup().play("off-a2").play("reveal:a2=single").play("orient:a2=E")
    state = state.play("off-d3").play("reveal:d3=yellow").play("off-a2")
    assert state.actors == ("p2",) and state.tiles[4] == ("single", "E")
    assert "a2.U-b2" in state.play("d3.U>N").legal_moves()


def test_unused_targets_are_plain_tiles():
    """[A15] "Target tiles of unused colours are inert": no arrows, no win for anyone."""
    state = position(tiles={"b2": "green", "b3": "green", "c3": "green"}, pieces={"b2": "red.U"})
    assert not any(m.startswith("b2.U-") for m in state.legal_moves())
    assert state.targets["green"] == ("b2", "b3", "c3") and state.outcome is None


# -- hidden information ----------------------------------------------------------------


def test_face_down_tiles_are_undecided():
    """[A13] "do not pre-assign identities": a new game holds no tile identity, and every
    remaining type can still be drawn for any face-down tile."""
    assert GAME.new().to_text() == GAME.new().to_text()
    state = after_setup()
    assert state.tiles == (None,) * 16
    assert "4/4/4/4 4/4/4/4" in state.to_text()
    assert len(state.play("off-a2").legal_moves()) == len(TILESET)


@pytest.mark.parametrize("seed", range(5))
def test_record_names_no_unrevealed_tile(seed):
    """[A13] "record the drawn type in the move list ... never exposes hidden data in a URL":
    a record names a tile's type only in the reveal of a tile that is face-up by then."""
    moves = playout(GAME, random.Random(seed), max_plies=120, players=3)
    for n in range(len(moves) + 1):
        state = GAME.replay(moves[:n], players=3)
        named = {m.split(":")[1].split("=")[0]: m.split("=")[1] for m in moves[:n] if m.startswith("reveal:")}
        assert named == {CELLS[i]: t[0] for i, t in enumerate(state.tiles) if t}


# -- winning ---------------------------------------------------------------------------


def test_win_by_occupying_all_three_targets():
    """ "The first player to get all three of their pieces onto the three tiles bearing the
    symbols that match their color is the winner!" """
    tiles = {"b2": "red", "c2": "red", "c3": "red", "c4": "yellow"}
    state = position(tiles=tiles, pieces={"b2": "red.U", "c2": "red.U", "c4": "red.S"})
    assert state.outcome is None
    won = state.play("c4.S-c3")
    assert won.outcome.winners == ("p1",) and won.actors == () and won.legal_moves() == []
    assert "red" in won.outcome.reason


def test_one_piece_on_each_target():
    """[A12] "each of their three target tiles holds at least one of their pieces": two pieces
    on one target and a third target empty is no win."""
    tiles = {"b2": "red", "c2": "red", "c3": "red", "c4": "yellow"}
    state = position(tiles=tiles, pieces={"b2": "red.U,red.U", "c4": "red.W"}).play("c4.W-b4")
    assert state.actors == (CHANCE,)
    assert state.play("reveal:b4=blue").outcome is None


def test_win_on_the_reveal_that_completes_the_set():
    """ "Check after every action": the arrival's reveal belongs to the action, so drawing the
    third target under the arriving piece wins; drawing another tile does not."""
    tiles = {"b2": "red", "c2": "red", "b3": "yellow"}
    state = position(tiles=tiles, pieces={"b2": "red.U", "c2": "red.U", "b3": "red.E"}).play("b3.E-c3")
    assert state.outcome is None and state.actors == (CHANCE,)
    assert state.play("reveal:c3=red").outcome.winners == ("p1",)
    assert state.play("reveal:c3=blue").outcome is None


def test_a_push_can_hand_the_win_to_another_player():
    """§4 "a player who qualified because of the active player's push wins"."""
    tiles = {"b1": "blue", "c1": "blue", "c3": "blue", "a3": "yellow", "b3": "yellow"}
    pieces = {"b1": "blue.U", "c1": "blue.U", "b3": "blue.U", "a3": "red.E"}
    state = position(tiles=tiles, pieces=pieces)
    assert state.play("a3.E-b3").outcome is None
    won = state.play("a3.E-b3!blue.U")
    assert (won.outcome.winners == ("p2",)
            and "Blue (P2) occupies every blue target, after a push by Red (P1)" in won.outcome.reason)


def test_the_mover_wins_before_the_pushed_player():
    """§4 "If the active player qualifies, they win." even when the push completes another set."""
    tiles = {"a1": "red", "d1": "red", "b3": "red", "b1": "blue", "c1": "blue", "c3": "blue", "a3": "yellow"}
    pieces = {"a1": "red.U", "d1": "red.U", "a3": "red.E", "b3": "blue.U", "b1": "blue.U", "c1": "blue.U"}
    won = position(tiles=tiles, pieces=pieces).play("a3.E-b3!blue.U")
    assert won.outcome.winners == ("p1",)


def test_several_others_qualify_first_in_turn_order_after_the_mover_wins():
    """§4 "if several qualify, the first in turn order after the active player wins": with p2
    just moved, p3 comes before p1."""
    tiles = {"a1": "red", "b1": "red", "c1": "red", "b3": "green", "c3": "green", "d4": "green"}
    pieces = {"a1": "red.U", "b1": "red.U", "c1": "red.U", "b3": "green.U", "c3": "green.U", "d4": "green.U"}
    seats = "red@a2,blue@d3,green@b4"
    assert position(tiles, pieces, seats, turn="p3", extra="players=3").outcome.winners == ("p3",)
    assert position(tiles, pieces, seats, turn="p1", extra="players=3").outcome.winners == ("p3",)
    assert position(tiles, pieces, seats, turn="p2", extra="players=3").outcome.winners == ("p1",)


# -- position text, paths, hints -----------------------------------------------------


def test_position_text_round_trip():
    """The position notation of the module docstring, including a tile waiting to be turned."""
    text = ("red@a1S,blue@d4E,? [red]3/4/4/[straight=NS]3 [red.U]3/4/4/[blue.N,blue.N]3 p3 - players=3")
    with pytest.raises(PositionError, match="untouched until every seat has chosen"):
        GAME.from_text(text)
    text = "red@a1S,blue@d4E [single]3/4/4/[straight=NS]3 [red.U]3/4/4/[blue.N,blue.N]3 p2 a4"
    state = GAME.from_text(text)
    assert state.to_text() == text and state.actors == ("p2",) and state.revealing == "a4"
    assert GAME.from_text("red,? 4/4/4/4 4/4/4/4 p1 -").legal_moves()[0].startswith("p1:home=")


@pytest.mark.parametrize("text, words", [
    ("red@a2 4/4/4/4 4/4/4/4 p1 -", "1 seats"),
    ("red@a2,blue@a2 4/4/4/4 4/4/4/4 p1 -", "share"),
    ("red@b2,blue@d3 4/4/4/4 4/4/4/4 p1 -", "edge tile"),
    ("red@a2,blue@d3 [red][red][red][red]/4/4/4 4/4/4/4 p1 -", "Too many red"),
    ("red@a2,blue@d3 [pink]3/4/4/4 4/4/4/4 p1 -", "tile types"),
    ("red@a2,blue@d3 [single=NE]3/4/4/4 4/4/4/4 p1 -", "single shows"),
    ("red@a2,blue@d3 4/4/4/4 [red.U]3/4/4/4 p1 -", "face-down"),
    ("red@a2,blue@d3 [red]3/4/4/4 [green.U]3/4/4/4 p1 -", "no seat plays"),
    ("red@a2,blue@d3 [red][red][red][blue]/4/4/4 [red.U][red.U][red.U][red.U]/4/4/4 p1 -", "more than 3"),
    ("red@a2,blue@d3 [red]3/4/4/4 [red.X]3/4/4/4 p1 -", "colour.state"),
    ("red@a2,blue@d3 4/4/4/4 4/4/4/4 p3 -", "not a seat"),
    ("red@a2,blue@d3 4/4/4/4 4/4/4/4 p1 a4", "must hold the piece"),
    ("red,blue 4/4/4/4 4/4/4/4 p2 -", "choose in order"),
    ("red@a2,blue@d3 4/4/4/4 4/4/4/4 p1", "5 fields"),
    ("red@a2,blue@d3 4/4/4/4 4/4/4 p1 -", "4 rows"),
])
def test_bad_positions_are_refused(text, words):
    """Position text must describe a position a game can reach: distinct colours and edge
    homes (§2.3), the 16-tile set (§1.2), pieces only on revealed tiles (§3.3), 3 per colour."""
    with pytest.raises(PositionError, match=words):
        GAME.from_text(text)


def test_paths_for_every_kind_of_move():
    """The board exposes tiles, pieces (cell:colour.state), waiting pieces (off:colour) and
    the four pointing directions (dir:X) as clickable locations."""
    state = position(tiles={"a2": "yellow", "b2": "single=E", "c2": "yellow"}, pieces={"b2": "red.U"})
    assert state.path("off-a2") == ("off:red", "a2")
    assert state.path("b2.U-c2") == ("b2:red.U", "c2")
    assert state.path("b2.U>N") == ("b2:red.U", "dir:N")
    guide = state.guide(["b2:red.U"])
    assert set(guide.targets) == {"c2", "dir:N", "dir:E", "dir:S", "dir:W"}
    assert not state.guide(["b2:red.U", "b3"]).ok
    assert "no red piece is waiting" in position(
        tiles={"a2": "yellow"}, pieces={"a2": "red.U,red.U,red.U"}).guide(["off:red"]).message.lower()


def test_a_piece_is_chosen_by_its_tile_where_it_is_the_mover_s_only_one_there():
    """A click on the tile under one's piece means the piece (the keys' Enter on that tile, a finger's tap on the
    tile around it): the move's other path.  Where the mover has pieces of two stances there ("Any number of
    pieces can be on the same tile at once"), the tile cannot say which, and the hint asks for one of them."""
    state = position(tiles={"a2": "yellow", "b2": "single=E", "c2": "yellow"}, pieces={"b2": "red.U,blue.N"})
    assert state.paths("b2.U-c2") == (("b2:red.U", "c2"), ("b2", "c2"))
    assert state.paths("b2.U>N") == (("b2:red.U", "dir:N"), ("b2", "dir:N"))
    assert state.paths("off-a2") == (("off:red", "a2"),)
    assert set(state.guide(["b2"]).targets) == {"c2", "dir:N", "dir:E", "dir:S", "dir:W"}
    assert state.guide(["b2", "c2"]).moves == ("b2.U-c2",)
    two = position(tiles={"a2": "yellow", "b2": "single=E", "c2": "yellow"}, pieces={"b2": "red.U,red.N"})
    assert two.paths("b2.U-c2") == (("b2:red.U", "c2"),)
    assert not two.guide(["b2"]).ok
    assert two.guide(["b2"]).message == "Several of your (red) pieces are on b2: choose one of them."
    assert position(tiles={"b2": "yellow"}).guide(["b2"]).message == "Choose one of your (red) pieces."


def test_explanations_name_the_reason():
    """Refusals say why in plain words (shared brief)."""
    state = position(tiles={"b2": "yellow"}, pieces={"b2": "red.N"})
    refused(state, "b2.S-b3", "has no piece on b2 pointing S")
    with pytest.raises(InvalidMoveError, match="not a tile of the 4x4 board"):
        state.play("b2.N-b5")
    with pytest.raises(IllegalMoveError):
        state.play("p1:home=a2")


def test_the_evaluation_shares_the_pieces_out_the_cheapest_way():
    """The evaluation's race: each of the three pieces to a target of its own (§4: "all three of their pieces
    onto the three tiles"), a target still face down sought on a face-down tile of its own, the cheapest way,
    as trying every way finds it."""
    rng = random.Random(4)
    for _ in range(600):
        hidden = rng.randrange(4)
        table = [[rng.choice([0, 1, 2, 3.5, 7, 99]) for _ in range(3 - hidden)] for _ in range(3)]
        cells = rng.sample(range(16), rng.randint(max(hidden, 1), 6))  # the face-down tiles
        reach = [{c: rng.choice([1, 2, 3, 4, 6]) for c in cells} for _ in range(3)]
        near = [sorted((a, c) for c, a in r.items())[:3] for r in reach]
        tried = min(sum(table[p][t] for p, t in zip(order, range(3 - hidden)))
                    + sum(reach[p][c] for p, c in zip(order[3 - hidden:], found))
                    for order in permutations(range(3)) for found in permutations(cells, hidden))
        assert _shared_out(table, near if hidden else [], hidden) == tried, (table, reach, hidden)


def test_the_evaluation_counts_a_corner_home_farther_from_the_targets_still_face_down():
    """The Home Tile is "an outer-edge tile ... the entry point for their pieces", and the targets lie
    face down anywhere: from a corner a tile is 3 steps away on average, from the middle of an edge 2.5, so
    each target still to find costs a corner home an action more (two a step, no arrows known).  The setup
    is judged by it (a seat yet to choose at the best home left), and so is play, while targets are hidden."""
    assert {CELLS[c]: v for c, v in HOME_REACH.items() if v} == {"a1": 1.0, "d1": 1.0, "a4": 1.0, "d4": 1.0}
    chose = GAME.new().play("p1:colour=red")
    edge, corner = (chose.play(m).evaluation().costs for m in ("p1:home=a2", "p1:home=a1W"))
    assert corner["p1"] == edge["p1"] + 3 and corner["p2"] == edge["p2"] == edge["p1"]
    assert chose.evaluation().costs == edge  # before it chooses: counted at the best home
    # red has two targets to find, and b3 lies 3 steps from either home, as do the face-down tiles around them
    at_edge, in_corner = (position({"b3": "red"}, seats=f"red@{home},blue@d3").evaluation().costs
                          for home in ("c1", "a1W"))
    assert in_corner["p1"] == at_edge["p1"] + 2 and in_corner["p2"] == at_edge["p2"]


def test_the_evaluation_sees_two_pieces_looking_for_targets_on_two_tiles():
    """Two pieces looking for targets still face down do not both count on one face-down tile (§3.3: the
    first to land there turns it over). So stepping onto the tile nearest both brings blue nearer in
    expectation over the draw, and a miss costs less than an action, the tiles further on being left for the
    other piece (counted on one tile, both pieces lost it: blue looked two actions farther, and the bots stood
    still until the repetition rule ended the game)."""
    tiles = {"a1": "yellow", "b1": "yellow", "c1": "green", "d1": "green", "a2": "red", "d2": "blue",
             "d3": "yellow", "d4": "green"}  # face down: b2, c2, a3, b3, c3, a4, b4, c4
    state = position(tiles, pieces={"d4": "blue.W,blue.W", "d2": "blue.U", "a2": "red.U"},
                     seats="red@a2,blue@d4N", turn="p2")
    before = state.evaluation().costs["p2"] + TEMPO  # blue to move: half an action nearer

    def blue(after):  # blue's cost once its tile is turned the way best for it
        if after.pending is not None:
            return min(blue(after.play(m)) for m in after.legal_moves())
        return after.evaluation().costs["p2"]

    stepped = state.play("d4.W-c4")
    assert sum(odds * blue(stepped.play(draw)) for draw, odds in stepped.chance_outcomes()) < before
    assert blue(stepped.play("reveal:c4=red")) < before + 1  # red's target: nothing to blue
