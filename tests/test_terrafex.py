"""Terrafex rules: every case of docs/rules/terrafex.md §1-4, each test quoting what it checks.

Positions are built from a few pieces (`position`), with the pool computed as
the supply minus the board and the fire pit, so every test position is legal.
"""

import random
import re

import pytest

from conformance import check_game, check_state
from pyramids import games, record
from pyramids.core import GameError, IllegalMoveError, InvalidMoveError, PositionError, seats
from pyramids.games.terrafex import COLS, INDEX, KINDS, LAYOUTS, ROWS, SUPPLY, band_owner
from pyramids.loading import Loading
from pyramids.session import Session

GAME = games.get("terrafex")


def position(pieces, to_move="w", used="-", fire="-", pit=(0, 0, 0), idle=0, pool_less=()):
    """A position with `pieces` ({square: 'G2' | 'G3f1' | 'G1c3'}); the rest of the supply in the pool.

    `pool_less` lists pieces (e.g. 'G1') put out of reach: they are placed on
    the far squares of row 7, so the supply still adds up.
    """
    pieces = dict(pieces)
    spare = [f"{f}7" for f in "hgfedcba" if f"{f}7" not in pieces]
    for piece in pool_less:
        pieces[spare.pop(0)] = piece
    board = [["."] * COLS for _ in range(ROWS)]
    counts = {(k, s): SUPPLY[s] for k in KINDS for s in (1, 2, 3)}
    for square, text in pieces.items():
        col, row = INDEX[square] % COLS, INDEX[square] // COLS
        board[row][col] = text
        counts[(text[0], int(text[1]))] -= 1
        if len(text) == 4:
            counts[("B", int(text[3]))] -= 1
    for size, n in enumerate(pit, 1):
        counts[("R", size)] -= n
    pool = ";".join(k + ",".join(str(counts[(k, s)]) for s in (1, 2, 3)) for k in KINDS)
    rows = "/".join("".join(r) for r in board)
    return GAME.from_text(f"{rows} {to_move} used:{used} fire:{fire} pool:{pool} "
                          f"pit:{','.join(map(str, pit))} idle:{idle}")


def squares(state):
    """{square: token} of every occupied square."""
    text = state.to_text().split()[0]
    out = {}
    for r, row in enumerate(text.split("/")):
        for c, token in enumerate(re.findall(r"\.|G[123][fc][123]|[GYRB][123]", row)):
            if token != ".":
                out[f"{'abcdefgh'[c]}{r + 1}"] = token
    return out


def pool(state, piece):
    return state.pool_count(piece[0], int(piece[1]))


# -- §1-2: board, supply, layouts -----------------------------------------------------
def test_board_is_7_rows_of_8_columns_and_colouring_is_nested_bands():
    """§1: "7 rows x 8 columns"; A3: outer band White where (r + c) is even, middle the other colour, inner as outer."""
    assert len(GAME.new().board) == 56
    assert band_owner(INDEX["a1"], 3) == "white" and band_owner(INDEX["a1"], 1) == "white"
    assert band_owner(INDEX["a1"], 2) == "black"
    assert band_owner(INDEX["b1"], 3) == "black" and band_owner(INDEX["b1"], 2) == "white"


def test_layout_1_pieces_and_pool():
    """§2.1: Layout 1 on rows 2-6; pool Green S3 M1 L4, Blue S5 M5 L0, Yellow S5 M5 L4, Red S5 M5 L4."""
    state = GAME.new(layout="1")
    assert squares(state) == LAYOUTS["1"]
    assert [pool(state, p) for p in ("G1", "G2", "G3", "B1", "B2", "B3")] == [3, 1, 4, 5, 5, 0]
    assert [pool(state, p) for p in ("Y1", "Y2", "Y3", "R1", "R2", "R3")] == [5, 5, 4, 5, 5, 4]
    assert state.pit == (0, 0, 0)


def test_layout_2_pieces_and_pool():
    """§2.2: Layout 2; green S1 M1 L4 left (four G1 and four G2 on the board), no blue large."""
    state = GAME.new(layout="2")
    assert squares(state) == LAYOUTS["2"]
    assert [pool(state, p) for p in ("G1", "G2", "G3", "B3")] == [1, 1, 4, 0]


@pytest.mark.parametrize("layout, score", [("1", 5), ("2", 6)])
def test_layouts_start_tied_and_white_moves_first(layout, score):
    """§2: "Play begins with the player who is playing white"; under A3 both layouts start tied (5-5, 6-6)."""
    state = GAME.new(layout=layout)
    assert state.actors == ("white",)
    assert state.scores() == {"white": score, "black": score}


def test_supply_is_5_5_4_per_colour():
    """A19: the four large turn trackers are not part of the pool: 5 S, 5 M, 4 L of each colour."""
    assert SUPPLY == {1: 5, 2: 5, 3: 4}


# -- §2.3: custom layouts (the editor) ---------------------------------------------------
def edited(*moves):
    return GAME.replay(list(moves), layout="custom")


def test_custom_layout_starts_in_the_editor_on_an_empty_board():
    """§2.3: a custom layout is put on an empty board before play."""
    state = GAME.new(layout="custom")
    assert state.setup and not squares(state) and state.actors == ("white",)
    assert state.prompt().startswith("Layout editor")
    assert state.outcome is None


def test_custom_layout_needs_a_glacier_and_a_forest():
    """§2.3: "an initial layout should contain at least glaciers and forests" (A21: one of each)."""
    with pytest.raises(IllegalMoveError, match="at least one glacier.*at least one forest"):
        GAME.new(layout="custom").play("start")
    with pytest.raises(IllegalMoveError, match="at least one forest"):
        edited("put:B2@d4").play("start")
    with pytest.raises(IllegalMoveError, match="at least one glacier"):
        edited("put:G2@d4").play("start")
    state = edited("put:B3@a4", "put:G2@d4", "put:Y1@e5", "start")
    assert not state.setup and state.actors == ("white",) and state.to_text().count("B3") == 1
    assert squares(state) == {"a4": "B3", "d4": "G2", "e5": "Y1"}


def test_custom_layout_one_piece_per_square():
    """A21: one piece per square, no pre-built stacks: a supply piece put on a piece replaces it (issue 26)."""
    state = edited("put:G2@d4")
    assert state.describe("put:B1@d4") == "White puts a small glacier on d4 in place of a medium forest"
    replaced = state.play("put:B1@d4")
    assert squares(replaced) == {"d4": "B1"}
    assert (pool(replaced, "G2"), pool(replaced, "B1")) == (5, 4), "the forest is back in the supply"
    with pytest.raises(IllegalMoveError, match="d4 already holds a medium forest"):
        state.play("put:G2@d4")
    assert squares(state.play("clear:d4")) == {}
    with pytest.raises(IllegalMoveError, match="already empty"):
        state.play("clear:e4")


def test_editor_click_on_an_occupied_square_with_a_supply_piece_selected_never_deletes():
    """Issue 26: a supply piece, then a square holding a piece, cleared the square; now it replaces the piece,
    and the same piece again changes nothing and says so."""
    session = Session("terrafex", {"layout": "custom"}, moves=["put:G2@d4"])
    session.clicks.click("pool:B3")
    session.clicks.click("d4")
    assert session.moves[-1] == "put:B3@d4" and squares(session.latest) == {"d4": "B3"}
    assert "in place of a medium forest" in session.message
    session.clicks.click("pool:B3")
    session.clicks.click("d4")
    assert session.moves[-1] == "put:B3@d4" and squares(session.latest) == {"d4": "B3"}
    assert session.message == "d4 already holds a large glacier: nothing to change." and not session.clicks.selection


def test_custom_layout_has_both_seats_known_without_playing(monkeypatch):
    """Issue 26: with a custom layout Black was not a seat (the seats were found by playing the first legal
    move, which wandered in the editor for 500 moves): New game offered only White, and a link with
    bots=black:hard was refused."""
    def no_play(self, move):
        raise AssertionError("the seats are found without playing")

    with monkeypatch.context() as patched:
        patched.setattr(type(GAME.new()), "play", no_play)
        assert seats(GAME, {"layout": "custom"}) == ["white", "black"]
    link = record.encode(record.Record("terrafex", {"layout": "custom"}, (), {"bots": "black:hard"}))
    session, error = Loading.from_link(link).finish()
    assert error is None and session.computer.bots == {"black": "hard"} and session.seats == ["white", "black"]


def test_the_computer_plays_black_after_a_custom_layout():
    session = Session("terrafex", {"layout": "custom"}, bots={"black": "easy"},
                      moves=["put:B3@a4", "put:G2@d4", "start", "forest:grow:d4"])
    assert session.computer.turn() is None, "White edits the layout and moves first"
    while session.latest.to_move == "white" and session.latest.outcome is None:
        if session.computer.turn():  # the fire White selected: the computer plays it, inside White's turn
            assert session.computer.turn() == ("black", "easy")
            assert session.play_bot(session.latest.legal_moves()[0], session.position_key())
        else:
            session.play(session.latest.legal_moves()[0])
    assert session.computer.turn() == ("black", "easy")


def test_custom_layout_respects_the_supply():
    """A21: no more pieces of a colour and size than are available (L <= 4)."""
    state = edited("put:B3@a1", "put:B3@b1", "put:B3@c1", "put:B3@d1")
    with pytest.raises(IllegalMoveError, match="supply has no large glacier left"):
        state.play("put:B3@e1")
    assert pool(state, "B3") == 0


def test_custom_layout_travels_in_the_link():
    """Issue: the custom layout travels in the link, versioned with the record."""
    moves = ("put:B3@a4", "put:G2@d4", "start", "forest:grow:d4")
    link = record.encode(record.Record("terrafex", {"layout": "custom"}, moves))
    assert "layout=custom" in link and "put:B3@a4" in link
    replayed = record.replay(record.decode(link))
    assert replayed.error is None and replayed.states[-1].to_text() == GAME.replay(moves, layout="custom").to_text()


def test_editor_moves_end_with_start():
    """§2.3: once the game starts the editor is closed."""
    state = edited("put:B3@a4", "put:G2@d4", "start")
    with pytest.raises(IllegalMoveError, match="layout editor is only open"):
        state.play("put:G1@e4")


# -- §3.2: turns, mandatory actions ---------------------------------------------------------
def test_four_actions_in_any_order_each_once():
    """§3.2: "one action to perform with each of the four different piece types... in any order"."""
    state = GAME.new().play("mountain:start:a1")
    assert state.used == ("mountain",)
    with pytest.raises(IllegalMoveError, match="already used the mountain action"):
        state.play("mountain:start:b1")
    assert "forest:grow:d4" in state.legal_moves()


def test_end_turn_only_when_no_unused_action_has_an_option():
    """§3.2/A5: "the active player may end the turn only when every action type not yet used has no legal option"."""
    state = GAME.new()
    with pytest.raises(IllegalMoveError, match="cannot end while an unused action"):
        state.play("end")
    assert state.automatic_move() is None
    done = position({"a1": "Y1", "b1": "B1"}, used="forest,mountain,fire,glacier")
    assert done.legal_moves() == ["end"] and done.automatic_move() == "end"
    after = done.play("end")
    assert after.actors == ("black",) and after.used == ()


STALLED = (  # every green, yellow and red piece on rows 1-6, one small glacier on a7: only it can act
    [f"put:G{s}@{f}{r}" for (f, r), s in zip([(f, r) for r in (1, 2) for f in "abcdefgh"], [1] * 5 + [2] * 5 + [3] * 4)]
    + [f"put:Y{s}@{f}{r}" for (f, r), s in zip([(f, r) for r in (3, 4) for f in "abcdefgh"],
                                                [1] * 5 + [2] * 5 + [3] * 4)]
    + [f"put:R{s}@{f}{r}" for (f, r), s in zip([(f, r) for r in (5, 6) for f in "abcdefgh"],
                                                [1] * 5 + [2] * 5 + [3] * 4)]
    + ["put:B1@a7", "start"])


def test_the_page_ends_a_turn_by_itself_and_says_so():
    """Issue: "the page may end the turn by itself then, saying so"; undo takes it back with the move before."""
    session = Session("terrafex", {"layout": "custom"})
    for move in STALLED:
        session.play(move)
    assert session.latest.legal_moves() == ["glacier:a7E"], \
        "a7N would melt into a medium fire, with no red small in the pool"
    session.play("glacier:a7E")
    # Nobody can act after that: White's turn ends, Black's and White's next turns pass unused (A18).
    assert session.moves[-4:] == ["glacier:a7E", "end", "end", "end"]
    assert session.message == ("White moves the small glacier on a7 east to b7. "
                               "White's turn ends: forest, mountain and fire have no legal option. "
                               "Black can take no action at all: the turn passes. "
                               "White can take no action at all: the turn passes.")
    assert "stall rule" in session.latest.outcome.reason
    session.undoing.undo()
    assert session.moves[-1] == "start" and session.latest.actors == ("white",)


def test_stall_rule_two_turns_without_any_action_end_the_game():
    """§4/A18: "if both players in a row end their turns having taken no action at all, the game ends and is scored"."""
    pieces = {"a1": "G1c2", "b1": "G1", "a2": "G1", "c1": "G1", "d1": "G1"}
    pieces.update({f"{f}3": "G2" for f in "abcde"})
    pieces.update({f"{f}4": "G3" for f in "abcd"})
    for k, piece in enumerate(["Y1"] * 5 + ["Y2"] * 5 + ["Y3"] * 4):
        pieces[f"{'abcdefgh'[k % 8]}{5 + k // 8}"] = piece
    state = position(pieces, pit=(5, 5, 4))
    assert state.legal_moves() == ["end"], "the capped forest cannot move onto a forest (A16); nothing else can act"
    once = state.play("end")
    assert once.idle == 1 and once.outcome is None and once.legal_moves() == ["end"]
    twice = once.play("end")
    assert twice.outcome is not None and "stall" in twice.outcome.reason
    assert position({"a1": "B1"}, used="forest,mountain,fire,glacier", idle=1).play("end").idle == 0, \
        "a turn with actions resets the count"


# -- §3.4 forest ------------------------------------------------------------------------------
def test_forest_grows_one_size_from_the_pool():
    """§3.3 Grow: "Exchange a piece for a piece from the pool that is one size larger and the same color"."""
    state = position({"d4": "G1", "a1": "B1"}).play("forest:grow:d4")
    assert squares(state)["d4"] == "G2" and state.used == ("forest",)
    assert pool(state, "G1") == 5 and pool(state, "G2") == 4


def test_large_forest_does_not_grow():
    """§3.3: "Large pieces may not be made to grow"."""
    with pytest.raises(IllegalMoveError, match="large piece may not grow"):
        position({"d4": "G3", "a1": "B1"}).play("forest:grow:d4")


def test_frosted_and_capped_forests_do_not_grow():
    """"A frosted forest may not be made to grow"; A24 capped forests are out of the game."""
    with pytest.raises(IllegalMoveError, match="frosted forest may not grow"):
        position({"d4": "G2f1", "a1": "B1"}).play("forest:grow:d4")
    with pytest.raises(IllegalMoveError, match="capped forest is out of the game"):
        position({"d4": "G1c2", "a1": "B1"}).play("forest:grow:d4")


def test_grow_needs_the_larger_piece_in_the_pool():
    """§3.2 pool rule: "if there is no available piece of the desired size, then the action is invalid"."""
    state = position({"d4": "G1", "a1": "B1"}, pool_less=["G2"] * 5)
    assert "forest:grow:d4" not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="pool has no medium forest"):
        state.play("forest:grow:d4")


def test_forest_spreads_next_to_a_large_forest_frosted_or_not():
    """§3.4 Spread: "unoccupied square orthogonally adjacent to any large piece of the same color"; a frosted G3
    counts."""
    state = position({"d4": "G3", "a1": "B1"})
    spreads = sorted(m for m in state.legal_moves() if m.startswith("forest:spread"))
    assert spreads == ["forest:spread:c4", "forest:spread:d3", "forest:spread:d5", "forest:spread:e4"]
    assert "forest:spread:e4" in position({"d4": "G3f2", "a1": "B1"}).legal_moves()
    with pytest.raises(IllegalMoveError, match="only next to a large forest"):
        state.play("forest:spread:e5")
    assert squares(state.play("forest:spread:e4"))["e4"] == "G1"


# -- §3.5 mountain ----------------------------------------------------------------------------
def test_mountain_starts_small_on_an_empty_square_and_grows():
    """§3.5: "a mountain may be made to start or grow"."""
    state = position({"a1": "B1", "d4": "Y2"})
    assert squares(state.play("mountain:start:c3"))["c3"] == "Y1"
    assert squares(state.play("mountain:grow:d4"))["d4"] == "Y3"
    with pytest.raises(IllegalMoveError, match="holds a medium mountain; a new piece goes on an empty square"):
        state.play("mountain:start:d4")


def test_mountain_start_needs_a_small_in_the_pool():
    """§3.2 pool rule."""
    state = position({"a1": "B1"}, pool_less=["Y1"] * 5)
    assert not any(m.startswith("mountain:start") for m in state.legal_moves())


# -- §3.6 fire ----------------------------------------------------------------------------------
def test_fire_is_selected_by_the_active_player_and_played_by_the_opponent():
    """§3.6 / A6: "fires are always played to the board by the opponent, after the fire is selected from the pool"."""
    state = position({"a1": "B1", "d4": "G2"}).play("fire:1")
    assert state.actors == ("black",) and state.prompt() == "Black: play the fire."
    assert all(m.startswith("fire:") for m in state.legal_moves())
    assert "fire:start:e5" in state.legal_moves() and "fire:burn:d4" in state.legal_moves()
    with pytest.raises(IllegalMoveError, match="Black must play the small fire first"):
        state.play("mountain:start:c3")
    after = state.play("fire:start:e5")
    assert squares(after)["e5"] == "R1" and after.actors == ("white",) and "fire" in after.used


def test_only_a_small_fire_starts_and_a_fire_grows_by_one():
    """§3.6 START only when s = 1; GROW only when sq holds R s-1, the old piece to the fire pit."""
    state = position({"a1": "B1", "d4": "R1"}).play("fire:2")
    assert "fire:start:e5" not in state.legal_moves()
    after = state.play("fire:grow:d4")
    assert squares(after)["d4"] == "R2" and after.pit == (1, 0, 0)
    with pytest.raises(IllegalMoveError, match="only a small fire starts"):
        state.play("fire:start:e5")


def test_burn_smaller_fire_shrinks_the_forest():
    """§3.6 BURN_FOREST s < g: "G g -> G g-s from the pool. R s -> fire pit"."""
    after = position({"a1": "B1", "d4": "G3"}).play("fire:1").play("fire:burn:d4")
    assert squares(after)["d4"] == "G2" and after.pit == (1, 0, 0)


def test_burn_equal_sizes_remove_both():
    """§3.3 Burn: "If the two pieces are the same size, remove them both"."""
    after = position({"a1": "B1", "d4": "G2"}).play("fire:2").play("fire:burn:d4")
    assert "d4" not in squares(after) and after.pit == (0, 1, 0) and pool(after, "G2") == 5


def test_burn_bigger_fire_leaves_the_difference_from_pool_or_pit():
    """§3.6 s > g: a red piece of size s-g from the pool, "or from the fire pit if the pool has none"; else illegal."""
    after = position({"a1": "B1", "d4": "G1"}).play("fire:3").play("fire:burn:d4")
    assert squares(after)["d4"] == "R2" and after.pit == (0, 0, 1)
    # No red medium in the pool, one in the pit: the pit supplies it.
    state = position({"a1": "B1", "d4": "G1"}, pit=(0, 1, 0), pool_less=["R2"] * 4)
    after = state.play("fire:3").play("fire:burn:d4")
    assert squares(after)["d4"] == "R2" and after.pit == (0, 0, 1)
    # None anywhere: the burn is not an option.
    state = position({"a1": "B1", "d4": "G1"}, pool_less=["R2"] * 5)
    with pytest.raises(IllegalMoveError, match="no medium fire in the pool or the fire pit"):
        state.play("fire:3").play("fire:burn:d4")


def test_burn_frost_only_affects_the_frost():
    """"playing a fire on a frosted forest will only affect the frost"; A8: leftover fire goes to the pit."""
    after = position({"a1": "B1", "d4": "G3f2"}).play("fire:1").play("fire:burn:d4")
    assert squares(after)["d4"] == "G3f1" and after.pit == (1, 0, 0)
    after = position({"a1": "B1", "d4": "G3f1"}).play("fire:3").play("fire:burn:d4")
    assert squares(after)["d4"] == "G3" and after.pit == (0, 0, 1) and pool(after, "B1") == 4


def test_fire_does_not_target_mountains_fires_glaciers_or_capped_forests():
    """§3.6: "Fires may not target mountains, fires, glaciers or capped forests"."""
    state = position({"a1": "B1", "b2": "Y2", "c3": "G1c3", "d4": "R2"}).play("fire:1")
    targets = {m.split(":")[2] for m in state.legal_moves()}
    assert not targets & {"a1", "b2", "c3", "d4"}
    with pytest.raises(IllegalMoveError, match="fire burns only a forest"):
        state.play("fire:burn:b2")


def test_no_red_in_the_pool_means_no_fire_action():
    """"If there are no red pieces in the pool, then no fire action may be taken"; A25: the pit is not selectable."""
    state = position({"a1": "B1", "d4": "G1"}, pit=(5, 5, 4))
    assert not any(m.startswith("fire:") for m in state.legal_moves())
    with pytest.raises(IllegalMoveError, match="pool has no small fire"):
        state.play("fire:1")


def test_fire_size_selectable_only_with_an_option():
    """§3.6 FIRE_SELECT(s): FireOptions(s) must be non-empty."""
    state = position({"a1": "B1", "d4": "Y1"})
    assert "fire:1" in state.legal_moves()
    assert "fire:2" not in state.legal_moves(), "a medium fire needs a small fire or a forest"


# -- §3.7 glacier --------------------------------------------------------------------------------
def test_glacier_moves_away_from_edge_mountain_or_glacier_directly_behind():
    """§3.7/A12: "so long as it is moving orthogonally away from a mountain, the edge of the board, or another
    glacier"."""
    state = position({"a4": "B2", "d4": "B1", "c4": "Y1", "f4": "B1", "g4": "G2f1", "d2": "G1c2", "d1": "Y2"})
    legal = state.legal_moves()
    assert "glacier:a4E" in legal  # away from the edge
    assert "glacier:d4E" in legal  # away from the mountain on c4
    assert "glacier:f4W" not in legal, "frost behind does not count"
    assert "glacier:d2S" in legal  # a capped forest moves away from the mountain on d1
    with pytest.raises(IllegalMoveError, match="directly behind"):
        state.play("glacier:f4W")
    assert "glacier:a4N" not in legal, "nothing behind a4 going north (a5 is empty)"


def test_glacier_moves_to_an_empty_square():
    after = position({"a4": "B2"}).play("glacier:a4E")
    assert squares(after) == {"b4": "B2"} and after.used == ("glacier",)


def test_glacier_to_glacier_merges_capped_at_large():
    """Glacier to Glacier: "Merge the two glaciers into the target square"; "If the total size exceeds three, use a
    large"."""
    assert squares(position({"a4": "B1", "b4": "B1"}).play("glacier:a4E")) == {"b4": "B2"}
    after = position({"a4": "B3", "b4": "B2"}).play("glacier:a4E")
    assert squares(after) == {"b4": "B3"} and pool(after, "B2") == 5 and pool(after, "B3") == 3


def test_glacier_and_capped_forest_merge_either_way():
    """"Glacier to capped forest (or vice versa): Merge the glaciers into the target square. Put the forest under"."""
    assert squares(position({"a4": "B1", "b4": "G1c2"}).play("glacier:a4E")) == {"b4": "G1c3"}
    assert squares(position({"a4": "G1c2", "b4": "B1"}).play("glacier:a4E")) == {"b4": "G1c3"}


def test_capped_to_capped_keeps_one_medium_forest():
    """"put a single medium forest underneath... If there is not a medium forest available... the action is invalid"."""
    after = position({"a4": "G1c2", "b4": "G1c3"}).play("glacier:a4E")
    assert squares(after) == {"b4": "G2c3"} and pool(after, "G1") == 5
    state = position({"a4": "G1c2", "b4": "G1c3"}, pool_less=["G2"] * 5)
    with pytest.raises(IllegalMoveError, match="pool has no medium forest"):
        state.play("glacier:a4E")
    # A17: a medium forest underneath counts (return, then take).
    after = position({"a4": "G2c3", "b4": "G1c2"}, pool_less=["G2"] * 4).play("glacier:a4E")
    assert squares(after)["b4"] == "G2c3"


def test_glacier_to_forest_shrinks_it_and_caps_or_frosts():
    """Glacier to Forest: "Shrink the forest. Place the glacier atop... capped if bigger, otherwise frosted"."""
    assert squares(position({"a4": "B2", "b4": "G3"}).play("glacier:a4E")) == {"b4": "G2f2"}
    assert squares(position({"a4": "B3", "b4": "G3"}).play("glacier:a4E")) == {"b4": "G2c3"}
    assert squares(position({"a4": "B1", "b4": "G2"}).play("glacier:a4E")) == {"b4": "G1f1"}
    after = position({"a4": "B2", "b4": "G1"}).play("glacier:a4E")
    assert squares(after) == {"b4": "B2"} and pool(after, "G1") == 5, "a small forest shrinks off the board"


def test_glacier_onto_frosted_forest_merges_with_the_frost():
    """"Glacier to frosted forest: Merge the glacier and the frost... frosted or capped, depending upon the size"."""
    assert squares(position({"a4": "B1", "b4": "G3f1"}).play("glacier:a4E")) == {"b4": "G3f2"}
    assert squares(position({"a4": "B2", "b4": "G2f1"}).play("glacier:a4E")) == {"b4": "G2c3"}


def test_capped_forest_cannot_move_onto_a_forest():
    """A16: a capped forest moving into a forest or frosted forest is illegal."""
    state = position({"a4": "G1c2", "b4": "G2", "a5": "G1c2", "b5": "G3f1"})
    with pytest.raises(IllegalMoveError, match="A16"):
        state.play("glacier:a4E")
    assert "glacier:a5E" not in state.legal_moves()


def test_melt_bigger_glacier():
    """Melt b > f: "T = B b-f... R f -> fire pit"."""
    after = position({"a4": "B3", "b4": "R1"}).play("glacier:a4E")
    assert squares(after) == {"b4": "B2"} and after.pit == (1, 0, 0)


def test_melt_bigger_fire_takes_the_rest_from_the_pool_only():
    """Melt b < f: "R f-b, taken from the pool only; if it is missing the move is illegal" (A11)."""
    after = position({"a4": "B1", "b4": "R3", "h1": "B1"}).play("glacier:a4E")
    assert squares(after) == {"b4": "R2", "h1": "B1"} and after.pit == (0, 0, 1)
    state = position({"a4": "B1", "b4": "R3", "h1": "B1"}, pit=(0, 5, 0))
    with pytest.raises(IllegalMoveError, match="pool has no medium fire"):
        state.play("glacier:a4E")


def test_melt_equal_sizes_empties_the_square():
    after = position({"a4": "B2", "b4": "R2", "h1": "B1"}).play("glacier:a4E")
    assert squares(after) == {"h1": "B1"} and after.pit == (0, 1, 0) and pool(after, "B2") == 5


def test_capped_forest_melting_returns_its_forest_where_it_was():
    """"the forest is considered returned to the game... in the square occupied by the glacier prior to... melting"."""
    after = position({"a4": "G1c3", "b4": "R1"}).play("glacier:a4E")
    assert squares(after) == {"a4": "G1", "b4": "B2"}


def test_small_mountain_is_pushed_two_squares():
    """Small mountain: "Move the mountain two squares away from the glacier... only if the square... is unoccupied"
    (A13)."""
    after = position({"a4": "B2", "b4": "Y1", "c4": "G1"}).play("glacier:a4E")
    assert squares(after) == {"b4": "B2", "c4": "G1", "d4": "Y1"}, "the passed-over square is ignored"
    with pytest.raises(IllegalMoveError, match="pushed to d4, which holds a small forest"):
        position({"a4": "B2", "b4": "Y1", "d4": "G1"}).play("glacier:a4E")
    with pytest.raises(IllegalMoveError, match="pushed off the board"):
        position({"f4": "B2", "e4": "Y3", "g4": "Y1"}).play("glacier:f4E")


@pytest.mark.parametrize("blue, pieces", [("B1", [1]), ("B2", [1, 1]), ("B3", [1, 2])])
def test_medium_mountain_shrinks_and_splits_the_glacier(blue, pieces):
    """Medium mountain: "Shrink the mountain. If the glacier is medium or large, split it into two pieces" (A15)."""
    state = position({"a4": blue, "b4": "Y2"})
    moves = [m for m in state.legal_moves() if m.startswith("glacier:a4E")]
    assert moves and all("/" in m for m in moves)
    move = moves[0]
    after = state.play(move)
    assert squares(after)["b4"] == "Y1"
    blues = sorted(int(t[1]) for s, t in squares(after).items() if t[0] == "B")
    assert blues == pieces
    placed = {s for s, t in squares(after).items() if t[0] == "B"}
    assert placed <= {"a4", "b3", "b5"}, "never the square beyond the mountain (c4)"


def test_a_small_glacier_against_a_medium_mountain_does_not_split():
    """Medium mountain: "If the glacier is medium or large, split it into two pieces. In any case, play the
    resulting glaciers as described above": a small glacier stays whole and goes beside the mountain.
    Issue 26: the page said "The glacier splits"."""
    state = position({"a4": "B1", "b4": "Y2"})
    clicked = state.guide(["a4", "b4"])
    assert clicked.targets == ("a4", "b3", "b5")
    assert "split" in clicked.message and "splits" not in clicked.message, clicked.message
    assert clicked.message.startswith("The mountain shrinks; the small glacier does not split")
    assert state.describe("glacier:a4E/1@b3") == ("White moves the small glacier on a4 east: the medium mountain on b4 "
                                                  "shrinks; the glacier, too small to split, goes beside it, to b3")
    with pytest.raises(IllegalMoveError, match="the small glacier does not split; write the square it goes to"):
        state.play("glacier:a4E")
    with pytest.raises(IllegalMoveError, match="goes beside the mountain on b4, but no square beside it is empty"):
        position({"a4": "G1c2", "b4": "Y2", "b3": "G1", "b5": "G1"}).play("glacier:a4E/1@b3,1@b5")


def test_glacier_moves_against_mountains_say_what_happens():
    """Words for the move list: a split names its pieces; a small mountain is pushed two squares on (A13)."""
    split = position({"a4": "B3", "b4": "Y2"})
    assert split.describe("glacier:a4E/1@b3,2@b5") == ("White moves the large glacier on a4 east: the medium mountain "
                                                       "on b4 shrinks and the glacier splits, small to b3, "
                                                       "medium to b5")
    assert split.guide(["a4", "b4"]).message == ("The glacier splits: choose where the small glacier goes. "
                                                 "The square it leaves, a4, counts as empty.")
    pushed = position({"a4": "B2", "b4": "Y1"})
    assert pushed.describe("glacier:a4E") == ("White moves the medium glacier on a4 east, "
                                              "pushing the small mountain on b4 to d4")


def test_a_split_names_the_square_the_glacier_leaves_while_it_is_free():
    """§3.7: the split pieces go to "different empty squares among the three next to the mountain other than the
    one beyond it: X and the two beside T" [A14], X being the glacier's own square; a capped forest's "X is then
    not free". The board draws the glacier on X until the move is made, so the words say X is free while it is a
    target, and not once a piece took it or a capped forest returns there."""
    split = position({"a4": "B3", "b4": "Y3"})
    first = split.guide(["a4", "b4"])
    assert "a4" in first.targets and first.message.endswith("The square it leaves, a4, counts as empty.")
    taken = split.guide(["a4", "b4", "a4"])
    assert "a4" not in taken.targets and "leaves" not in taken.message, taken.message
    whole = position({"a4": "B1", "b4": "Y2"}).guide(["a4", "b4"])  # too small to split, it may go back too
    assert whole.message.endswith("The square it leaves, a4, counts as empty."), whole.message
    capped = position({"a4": "G1c2", "b4": "Y2"}).guide(["a4", "b4"])
    assert "a4" not in capped.targets and "leaves" not in capped.message, capped.message


def test_large_mountain_splits_the_glacier_into_smalls():
    """Large mountain: "Split the glacier into a number of glaciers equal to the glacier's size"."""
    state = position({"a4": "B3", "b4": "Y3"})
    after = state.play("glacier:a4E/1@a4,1@b3,1@b5")
    assert squares(after) == {"a4": "B1", "b3": "B1", "b4": "Y2", "b5": "B1"}
    assert "glacier:a4E/1@b5,1@a4,1@b3" in state.legal_moves(), "equal pieces in any order"


def test_split_pieces_need_enough_empty_squares():
    """A14: each piece goes to a different empty square; "If there are fewer empty candidate squares... illegal"."""
    state = position({"a4": "B3", "b4": "Y3", "b3": "G1"})
    assert not any(m.startswith("glacier:a4E") for m in state.legal_moves())
    with pytest.raises(IllegalMoveError, match="only 2 of the squares beside it are empty"):
        state.play("glacier:a4E/1@a4,1@b3,1@b5")


def test_split_pieces_smallest_first():
    """Notation: the split pieces' squares follow, smallest first."""
    state = position({"a4": "B3", "b4": "Y2"})
    after = state.play("glacier:a4E/1@b3,2@b5")
    assert squares(after) == {"b3": "B1", "b4": "Y1", "b5": "B2"}
    with pytest.raises(IllegalMoveError, match="smallest first"):
        state.play("glacier:a4E/2@b5,1@b3")


def test_capped_forest_splitting_returns_its_forest_and_x_is_taken():
    """A capped mover splits; its forest returns on X, so X is not a candidate square."""
    state = position({"a4": "G1c2", "b4": "Y2"})
    assert sorted(m for m in state.legal_moves() if m.startswith("glacier:a4E")) == [
        "glacier:a4E/1@b3,1@b5", "glacier:a4E/1@b5,1@b3"]
    after = state.play("glacier:a4E/1@b3,1@b5")
    assert squares(after) == {"a4": "G1", "b3": "B1", "b4": "Y1", "b5": "B1"}


def test_mountain_shrink_needs_the_smaller_mountain():
    """A10 / pool rule: the shrunk mountain comes from the pool."""
    state = position({"a4": "B2", "b4": "Y3"}, pool_less=["Y2"] * 5)
    assert not any(m.startswith("glacier:a4E") for m in state.legal_moves())


# -- §4 end and score -----------------------------------------------------------------------------
def test_game_ends_when_the_last_glacier_is_gone_even_mid_turn():
    """§4: "The game ends when the last glacier melts. A player need not perform all four actions"."""
    after = position({"a4": "B1", "b4": "R1", "d4": "G2"}).play("glacier:a4E")
    assert after.outcome is not None and after.actors == () and after.legal_moves() == []
    assert "last glacier" in after.outcome.reason


def test_frost_is_not_a_glacier_for_the_end():
    """A18: frost does not count as a glacier."""
    after = position({"a4": "B1", "b4": "G3"}).play("glacier:a4E")
    assert squares(after) == {"b4": "G2f1"} and after.outcome is not None


def test_scoring_by_bands_with_fires_subtracting_and_capped_forests_out():
    """§4: forests and mountains add, fires subtract, for the band's owner; "capped forests do not count"."""
    state = position({"a1": "G3", "b1": "Y2", "c1": "R1", "d1": "G1c3", "e1": "G3f1", "h7": "B1"})
    # a1 (1+1 even): outer White -> G3 to White; b1 odd: middle is White -> Y2 to White;
    # c1 even: inner White -> R1 -1 to White; d1 capped: nothing; e1 even: outer White -> G3 to White.
    assert state.scores() == {"white": 3 + 2 - 1 + 3, "black": 0}
    assert ("c1", "small fire", "white", -1) in state.score_items()


def test_winner_has_the_higher_score_and_a_tie_is_a_draw():
    """§4 "the player with the highest score wins"; A20 equal scores are a draw."""
    win = position({"a4": "B1", "b4": "R1", "a1": "G3"}).play("glacier:a4E")
    assert win.outcome.winners == ("white",)
    draw = position({"a4": "B1", "b4": "R1", "a1": "G3", "b1": "G3"}).play("glacier:a4E")
    assert draw.outcome.draw


# -- notation -------------------------------------------------------------------------------------
def test_position_text_round_trips_with_pending_fire_pit_and_idle():
    state = position({"a1": "B1", "d4": "G3f1", "e4": "G1c2"}, pit=(1, 0, 2)).play("fire:2")
    text = state.to_text()
    assert "fire:2" in text and "pit:1,0,2" in text and "used:fire" in text and " b " not in text
    assert GAME.from_text(text).to_text() == text


@pytest.mark.parametrize("mutate, reason", [
    (lambda t: t.replace("pool:G3", "pool:G4"), "more pieces than the supply"),
    (lambda t: t.replace("pool:G3", "pool:G2"), "pieces are missing"),
    (lambda t: t.replace("...G1G1...", "...G1f3G1..."), "frost .* bigger than its forest"),
    (lambda t: t.replace("...G1G1...", "...G3c1G1..."), "a cap is bigger than its forest"),
    (lambda t: t.replace("fire:-", "fire:2"), "fire action is used"),
    (lambda t: t.replace(" w ", " x "), "side to move"),
    (lambda t: t.replace("/........ w", " w"), "needs 7"),
])
def test_impossible_positions_are_refused_with_the_reason(mutate, reason):
    """Issue: from_text rejects impossible positions with the reason."""
    text = mutate(GAME.new().to_text())
    with pytest.raises(PositionError, match=reason):
        GAME.from_text(text)


def test_a_waiting_fire_must_have_somewhere_to_go():
    """§3.6: a size is selectable only when FireOptions(s) is non-empty, so no position waits on an unplayable fire."""
    text = position({"a1": "B1", "d4": "Y1"}).to_text().replace("used:-", "used:fire").replace("fire:-", "fire:2")
    with pytest.raises(PositionError, match="nowhere to go"):
        GAME.from_text(text)


def test_bad_moves_are_game_errors():
    state = GAME.new()
    with pytest.raises(InvalidMoveError, match="not a move"):
        state.play("fly:d4")
    with pytest.raises(IllegalMoveError, match="not a glacier"):
        state.play("glacier:d4E")
    with pytest.raises(GameError):
        state.play("forest:grow:z9")


def test_click_paths_and_choices():
    """Clicks: a glacier then its target; an empty square offers what can be put there; a pool piece then a square."""
    state = position({"a4": "B2", "d4": "G3"})
    assert state.path("glacier:a4E") == ("a4", "b4")
    assert state.guide(["a4"]).targets == ("b4",), "only away from the west edge"
    offered = state.guide(["e4"])
    assert sorted(offered.moves) == ["forest:spread:e4", "mountain:start:e4"] and offered.ok
    assert state.guide(["pool:G1"]).targets
    assert state.guide(["pool:R2"]).moves == ("fire:2",)
    split = position({"a4": "B3", "b4": "Y2"})
    assert "small glacier" in split.guide(["a4", "b4"]).message


# -- conformance --------------------------------------------------------------------------------------
@pytest.mark.parametrize("layout", ["1", "2", "custom"])
def test_conformance_over_each_layout(layout):
    check_game(GAME, layout=layout)


def test_conformance_from_an_edited_layout():
    """Random play from a layout made in the editor keeps every protocol promise."""
    setup = ["put:B2@b2", "put:B3@g6", "put:G3@c5", "put:G2@f3", "put:Y2@d4", "put:R1@e4", "start"]
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.replay(setup, layout="custom")
        moves = list(setup)
        while state.outcome is None and len(moves) < 250:
            move = rng.choice(state.legal_moves())
            state = state.play(move)
            moves.append(move)
            if len(moves) % 9 == 0:
                check_state(GAME, state)
        check_state(GAME, state)
        assert GAME.replay(moves, layout="custom").to_text() == state.to_text()


def test_an_empty_square_chosen_while_only_the_fire_is_left_points_to_the_pool():
    """§3.2: each action is taken while it has an option; the fire's piece comes from the pool (§3.6). With only
    the fire left, a tap on an empty square said "Nothing can be placed on h7 now.": on a phone the pool is far
    under the board, and nothing said to look there."""
    state = GAME.new()
    for move in ("forest:grow:d2", "mountain:start:a1", "glacier:h2W"):
        state = state.play(move)
    guidance = state.guide(("h7",))
    assert not guidance.ok and guidance.message == (
        "Nothing can be placed on h7 now: the fire action left begins in the Pool, with a fire chosen there.")
    two_left = GAME.new().play("forest:grow:d2").play("mountain:start:a1")
    assert two_left.guide(("h7",)).message == "Nothing can be placed on h7 now.", "the glacier left too: as before"
