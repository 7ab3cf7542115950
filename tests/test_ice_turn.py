"""Ice-Turn rules: each test quotes the rule it checks (docs/rules/ice-turn.md, section and [A#])."""

import random
import re

import pytest

from pyramids import games
from pyramids.core import CHANCE, GameError, InvalidMoveError, PositionError
from pyramids.games.ice_turn import CELLS, INDEX, SEATS, TILES, Tile, parse_move
from pyramids.loading import Loading
from pyramids.session import Session

GAME = games.get("ice-turn")
# One Q-Turner per row and column (b4, d3, a2, c1); 6 double and 6 single arrows.
TILES_TEXT = "[sE]q[dNS][sW]/[dEW][sN][sS]q/q[dEW][sE][dNS]/[sN][dNS]q[dEW]"
HOME = {"a1": "r3r2r1", "d4": "b3b2b1"}


def rows(cells: dict) -> str:
    out = []
    for row in "4321":
        text, empty = "", 0
        for col in "abcd":
            token = cells.get(col + row)
            if token is None:
                empty += 1
                continue
            text += (str(empty) if empty else "") + (token if len(token) == 1 else f"[{token}]")
            empty = 0
        out.append(text + (str(empty) if empty else ""))
    return "/".join(out)


def pos(pieces=None, seat="red", phase="move", roll=6, face="aim", spent=0, used="-", reacted="-",
        players=2, tiles=TILES_TEXT):
    """A position in the race; `pieces` maps cells to tokens (``r1E`` lying, ``r3r2r1`` a stack)."""
    hands = ",".join("-" for _ in range(players))
    opts = "" if players == 2 else f" players={players}"
    text = (f"{tiles} {rows(HOME if pieces is None else pieces)} {hands} {seat} {phase} {roll} {face} "
            f"{spent} {used} {reacted}{opts}")
    return GAME.from_text(text)


def cell(state, name):
    i = INDEX[name]
    return state.stacks[i], state.facing[i]


def refused(state, move, *words):
    with pytest.raises(GameError) as err:
        state.play(move)
    for word in words:
        assert word in str(err.value), str(err.value)
    return str(err.value)


# -- section 1-2: seats, the deal, placement ------------------------------------------


@pytest.mark.parametrize("players,starts", [(2, ["a1", "d4"]), (3, ["a1", "a4", "d4"]), (4, ["a1", "a4", "d4", "d1"])])
def test_seats_trees_and_goals(players, starts):
    """Section 1 Seats: clockwise from a1; goal opposite the start; a tree [L, M, S] on each start (2.3)."""
    state = GAME.new(players=players)
    assert [CELLS[s.start] for s in SEATS[players]] == starts
    opposite = {"a1": "d4", "d4": "a1", "a4": "d1", "d1": "a4"}
    assert [CELLS[s.goal] for s in SEATS[players]] == [opposite[c] for c in starts]
    for seat in SEATS[players]:
        letter = seat.colour[0]
        assert cell(state, CELLS[seat.start]) == ((f"{letter}3", f"{letter}2", f"{letter}1"), None)
    assert state.outcome is None, "a tree is not a nest"


@pytest.mark.parametrize("players,sizes", [(2, [8, 8]), (3, [6, 5, 5]), (4, [4, 4, 4, 4])])
def test_the_deal_is_sixteen_chance_moves_round_robin(players, sizes):
    """2.1 [A4]: tiles dealt one at a time from P1; 8/8, 6/5/5, 4/4/4/4; hands are public."""
    state = GAME.new(players=players)
    rng = random.Random(3)
    for n in range(16):
        assert state.actors == (CHANCE,)
        colour = SEATS[players][n % players].colour
        assert all(m.startswith(f"deal:{colour}=") for m in state.legal_moves())
        outcomes = dict(state.chance_outcomes())
        if n == 0:
            assert outcomes == {"deal:red=qturner": 4 / 16, "deal:red=double": 6 / 16, "deal:red=single": 6 / 16}
        state = state.play(rng.choices(list(outcomes), list(outcomes.values()))[0])
    assert [len(h) for h in state.hands] == sizes
    assert state.phase == "place" and state.actors == ("red",)
    assert sorted(k for h in state.hands for k in h) == sorted(k for k, t in TILES.items() for _ in range(t.copies))
    assert "-" not in state.to_text().split()[2], "the hands are written in the position"


def test_a_deal_of_a_used_up_kind_is_refused():
    """2.1: the deal draws from the tiles not yet dealt."""
    state = GAME.new()
    for colour in ["red", "blue"] * 2:
        state = state.play(f"deal:{colour}=qturner")
    assert "deal:red=qturner" not in state.legal_moves()
    refused(state, "deal:red=qturner", "no undealt qturner")
    refused(state, "deal:blue=single", "dealt to red")
    assert dict(state.chance_outcomes())["deal:red=single"] == 6 / 12


def dealt(hands_by_seat, players=2):
    """The state once each seat holds the given kinds (dealt round-robin from P1)."""
    state = GAME.new(players=players)
    hands = [list(h) for h in hands_by_seat]
    for n in range(16):
        seat = n % players
        state = state.play(f"deal:{SEATS[players][seat].colour}={hands[seat].pop(0)}")
    return state


TWO_HANDS = (["qturner", "qturner", "single", "single", "single", "double", "double", "double"],
             ["qturner", "qturner", "single", "single", "single", "double", "double", "double"])


def test_placement_single_arrows_must_not_point_off_the_board():
    """2.2: "the single arrows must not point off the board"."""
    state = dealt(TWO_HANDS)
    refused(state, "place:a1=single:W", "off the board")
    refused(state, "place:a1=single:S", "off the board")
    assert state.is_legal("place:a1=single:N") and state.is_legal("place:a1=single:E")
    assert state.is_legal("place:a1=double:EW") and state.is_legal("place:a1=double:NS"), "doubles always fit"


def test_placement_one_q_turner_per_row_and_column():
    """2.2: "The Q-Turners must be placed such that there is only one in each row or column"."""
    state = dealt(TWO_HANDS).play("place:b2=qturner")
    assert state.actors == ("blue",), "players place in turn"
    refused(state, "place:b4=qturner", "same column")
    refused(state, "place:d2=qturner", "same row")
    assert state.is_legal("place:c3=qturner")


def test_placement_must_keep_the_layout_completable():
    """2.2 [A5]: a placement that leaves a remaining Q-Turner no free row and column is refused."""
    # Q-Turners on a1 and b2; the two left need c3/d4 or c4/d3.  Filling c3 and c4 with arrows
    # leaves only column c on rows... c3 and c4 gone means column c has no empty free-row cell.
    state = dealt(TWO_HANDS)
    for move in ("place:a1=qturner", "place:b2=qturner", "place:c3=single:N"):
        state = state.play(move)
    text = refused(state, "place:c4=double:EW", "could not be finished")
    assert "Q-Turner" in text
    assert state.is_legal("place:d4=double:EW"), "d4 still leaves c4 for column c and d3 for column d"
    assert not any(m.startswith("place:c4=") and "qturner" not in m for m in state.legal_moves())


def test_placement_never_gets_stuck_and_skips_empty_hands():
    """2.2: a player with an empty hand is skipped; 3 players place 6/5/5, P1 last."""
    rng = random.Random(7)
    state = GAME.new(players=3)
    placers = []
    while state.phase in ("deal", "place"):
        if state.phase == "place":
            placers.append(state.active)
        legal = state.legal_moves()
        assert legal, "placement can never get stuck [A5]"
        state = state.play(rng.choice(legal))
    assert placers == ["red", "blue", "green"] * 5 + ["red"]
    assert state.phase == "roll" and state.active == "red" and None not in state.tiles
    assert sum(t[0] == "qturner" for t in state.tiles) == 4


def test_a_placed_layout_has_at_most_one_q_turner_per_row_and_column():
    """2.2: after every random setup the Q-Turners are in distinct rows and columns."""
    for seed in range(10):
        rng = random.Random(seed)
        state = GAME.new(players=2 + seed % 3)
        while state.phase in ("deal", "place"):
            state = state.play(rng.choice(state.legal_moves()))
        qs = [i for i, t in enumerate(state.tiles) if t[0] == "qturner"]
        assert len({i % 4 for i in qs}) == len({i // 4 for i in qs}) == len(qs) == 4
        assert all(not (t[0] == "single" and i // 4 == 0 and t[1] == "S") for i, t in enumerate(state.tiles))


# -- section 3.2: the roll ---------------------------------------------------------------


def test_each_turn_starts_with_the_d6_then_the_treehouse_die():
    """3.2: roll the d6 (MP), then the Treehouse die; both go into the move list."""
    state = pos(phase="roll", roll="-", face="-")
    assert state.actors == (CHANCE,)
    assert sorted(state.legal_moves()) == [f"roll:{n}" for n in range(1, 7)]
    assert all(abs(p - 1 / 6) < 1e-12 for _, p in state.chance_outcomes())
    state = state.play("roll:3")
    assert sorted(state.legal_moves()) == sorted(f"face:{f}" for f in ("tip", "aim", "swap", "hop", "dig", "wild"))
    state = state.play("face:hop")
    assert state.actors == ("red",) and state.mp_left == 3 and state.phase == "move"


# -- section 3.3: MP actions ------------------------------------------------------------


def test_tip_a_lone_standing_piece_any_direction_for_one_point():
    """3.3 TIP: "A lone piece may be tipped in any direction, including toward the edge"; cost 1."""
    state = pos({"a1": "r3", "b1": "r2r1", "d4": "b3b2b1"}, roll=2)
    for d in "NESW":
        assert state.is_legal(f"tip:a1{d}")
    after = state.play("tip:a1W")
    assert cell(after, "a1") == (("r3",), "W") and after.mp_left == 1


def test_tip_a_stack_spreads_it_in_the_direction_tipped():
    """3.3 TIP: the bottom stays and lies; each piece above lies on the next cell, pointing the same way."""
    state = pos()
    after = state.play("tip:a1N")
    assert cell(after, "a1") == (("r3",), "N")
    assert cell(after, "a2") == (("r2",), "N") and cell(after, "a3") == (("r1",), "N")
    assert after.spent == 1


def test_tip_off_the_board_is_illegal():
    """[A14]: a stack tip is illegal if any piece would land off the board."""
    state = pos()
    refused(state, "tip:a1S", "off the board")
    refused(state, "tip:a1W", "off the board")
    state = pos({"a2": "r3r2r1", "d4": "b3b2b1"})
    refused(state, "tip:a2S", "off the board")  # a1 is on the board, the third piece's cell is not


def test_tip_onto_occupied_cells_asks_every_insertion_index():
    """3.3 TIP [A24]: landing on an occupied cell, the active player chooses the insertion position."""
    state = pos({"a1": "r3r2r1b1", "a3": "b2E", "a4": "b3", "d4": None})
    tips = sorted(m for m in state.legal_moves() if m.startswith("tip:a1N"))
    assert tips == ["tip:a1N/a3@0,a4@0", "tip:a1N/a3@0,a4@1", "tip:a1N/a3@1,a4@0", "tip:a1N/a3@1,a4@1"]
    refused(state, "tip:a1N", "insertion index")
    after = state.play("tip:a1N/a3@0,a4@1")
    assert cell(after, "a1") == (("r3",), "N") and cell(after, "a2") == (("r2",), "N")
    assert cell(after, "a3") == (("r1", "b2"), None), "the lying occupant stands up over r1"
    assert cell(after, "a4") == (("b3", "b1"), None)
    assert state.label("tip:a1N/a3@0,a4@1") == ("Tip a1 north: red small at the bottom on a3; "
                                                 "blue small on top on a4")


def test_tip_landing_choices_name_only_the_occupied_cells():
    """3.3 TIP: a three-piece stack tipped over one occupied cell names that cell's index only."""
    state = pos({"a1": "r3r2r1", "a3": "b1E", "c1": "b3b2", "d4": None})
    assert sorted(m for m in state.legal_moves() if m.startswith("tip:a1N")) == ["tip:a1N/a3@0", "tip:a1N/a3@1"]
    after = state.play("tip:a1N/a3@1")
    assert cell(after, "a2") == (("r2",), "N") and cell(after, "a3") == (("b1", "r1"), None)


def test_ownership_a_stack_with_one_of_yours_may_be_tipped():
    """[A13]: tip a stack containing at least one of your pieces; never another's lone piece."""
    state = pos({"b2": "b3r1", "c2": "b2", "a1": "r3r2", "d4": "b1"})
    assert state.is_legal("tip:b2N") and state.is_legal("tip:b2E/c2@1"), "red's small is in the stack"
    refused(state, "tip:c2N", "holds no red piece")
    refused(state, "tip:d4S", "holds no red piece")


def test_turn_costs_one_and_points_anywhere_but_its_current_way():
    """3.3 TURN [A12]: one MP to any new direction, including off the board."""
    state = pos({"a1": "r1W", "b1": "r3r2", "d4": "b3b2b1"}, roll=1)
    assert {m for m in state.legal_moves() if m.startswith("turn:a1")} == {"turn:a1N", "turn:a1E", "turn:a1S"}
    refused(state, "turn:a1W", "already points west")
    after = state.play("turn:a1S")
    assert cell(after, "a1") == (("r1",), "S") and after.mp_left == 0
    assert not any(m.startswith(("turn", "tip", "move")) for m in after.legal_moves()), "no MP left"


def test_turn_and_move_only_your_own_lying_piece():
    """[A13]: MOVE and TURN act on the active player's own pieces only."""
    state = pos({"a1": "r3r2r1", "b2": "b1N", "d4": "b3b2"})
    refused(state, "turn:b2E", "blue's")
    refused(state, "move:b2", "blue's")
    refused(state, "turn:a1N", "standing piece cannot")


def test_move_costs_its_pips_and_stays_lying():
    """3.3 MOVE: "Moving a piece one tile costs the same as its pip count"; it keeps lying its way."""
    state = pos({"a1": "r1N", "b1": "r2N", "c1": "r3N", "d4": "b3b2b1"}, roll=5)
    after = state.play("move:c1")
    assert after.mp_left == 2 and cell(after, "c2") == (("r3",), "N") and cell(after, "c1") == ((), None)
    after = after.play("move:b1")
    assert after.mp_left == 0
    refused(after, "move:a1", "costs 1 movement point and 0 are left")
    one_left = state.play("move:c1").play("move:a1")
    refused(one_left, "move:b1", "costs 2 movement points and 1 is left")


def test_move_into_an_occupied_cell_stands_everyone_up_with_the_chosen_index():
    """3.3 MOVE: "they stand up and stack"; the mover chooses the insertion index, occupants keep order."""
    state = pos({"a1": "r1N", "a2": "b3b2", "b1": "r2r3", "d4": "b1"})
    assert sorted(m for m in state.legal_moves() if m.startswith("move:a1")) == ["move:a1@0", "move:a1@1", "move:a1@2"]
    refused(state, "move:a1", "add an insertion index")
    refused(state, "move:a1@3", "0 (bottom) to 2 (top)")
    after = state.play("move:a1@1")
    assert cell(after, "a2") == (("b3", "r1", "b2"), None)
    assert not any(m.startswith(("move:a2", "turn:a2")) for m in after.legal_moves()), "now standing"
    assert state.label("move:a1@1") == "Above the blue large on a2"
    lying = pos({"a1": "r1N", "a2": "b1E", "b1": "r2r3", "d4": "b3b2"}).play("move:a1@0")
    assert cell(lying, "a2") == (("r1", "b1"), None), "a lying occupant stands up"


def test_move_off_the_board_or_of_a_standing_piece_is_illegal():
    """[A23] and "A standing piece cannot be moved"."""
    state = pos({"a1": "r1S", "b1": "r2r3", "d4": "b3b2b1"})
    refused(state, "move:a1", "off the board")
    refused(state, "move:b1", "standing piece cannot")


# -- section 3.3: the Treehouse die --------------------------------------------------------


def test_tip_face_totally_increases_points_to_seven():
    """3.3 Tip [A11], 3.5: roll 3, spend 2, then Tip: 5 MP remain."""
    state = pos({"a1": "r1N", "b1": "r2r3", "d4": "b3b2b1"}, roll=3, face="tip")
    state = state.play("turn:a1E").play("turn:a1N")
    assert state.mp_left == 1
    state = state.play("tip7")
    assert state.mp_total == 7 and state.mp_left == 5
    refused(state, "tip7", "used this turn")


def test_aim_rotates_tiles_one_per_move_with_their_lying_pieces():
    """3.3 Aim [A27]: rotate any set of tiles, each by 90/180/270; lying pieces turn with them, standing do not."""
    state = pos({"b3": "r1E", "c3": "r2r3", "d4": "b3b2b1"}, face="aim")
    state = state.play("aim:b3+90")  # b3 is a single arrow N
    assert state.tiles[INDEX["b3"]] == ("single", "E") and cell(state, "b3") == (("r1",), "S")
    state = state.play("aim:c3+180")  # c3 single S, the stack on it is standing
    assert state.tiles[INDEX["c3"]] == ("single", "N") and cell(state, "c3") == (("r2", "r3"), None)
    assert state.to_text().split()[8] == "aim=b3,c3"
    refused(state, "aim:b3+90", "rotated in this Aim already")
    state = state.play("aim:a3+90")  # a double EW becomes NS
    assert state.tiles[INDEX["a3"]] == Tile(kind="double", arrows="NS") and state.tiles[INDEX["a3"]].arrows == "NS"
    state = state.play("turn:b3E")  # another action ends the Aim
    refused(state, "aim:d1+90", "used this turn")


def test_aim_offers_no_rotation_that_changes_nothing():
    """3.3 Aim: a Q-Turner looks the same every way, so it is rotated only to turn a lying piece on it."""
    state = pos({"a2": "r1N", "b1": "r3r2", "d4": "b3b2b1"}, face="aim")
    assert not any(m.startswith("aim:b4") for m in state.legal_moves())  # empty Q-Turner
    assert {m for m in state.legal_moves() if m.startswith("aim:a2")} == {"aim:a2+90", "aim:a2+180", "aim:a2+270"}
    assert cell(state.play("aim:a2+270"), "a2") == (("r1",), "W")
    assert state.tiles[INDEX["c4"]] == ("double", "NS") and "aim:c4+90" in state.legal_moves()
    assert "aim:c4+180" not in state.legal_moves(), "a double arrow turned 180 degrees is the same tile"


def test_swap_exchanges_adjacent_tiles_with_their_pieces():
    """3.3 Swap [A10, A26]: orthogonally adjacent tiles trade cells with pieces, stack order and directions."""
    state = pos({"b1": "r1E", "b2": "b3r2", "a1": "r3", "d4": "b2b1"}, face="swap")
    after = state.play("swap:b1-b2")
    assert after.tiles[INDEX["b1"]] == ("double", "EW") and after.tiles[INDEX["b2"]] == ("double", "NS")
    assert cell(after, "b1") == (("b3", "r2"), None) and cell(after, "b2") == (("r1",), "E")
    refused(state, "swap:b1-c2", "orthogonally adjacent")


def test_hop_a_standing_piece_as_far_as_the_edge_onto_the_top():
    """3.3 Hop [A15, A16, A17]: lone or top piece, any distance k>=1 orthogonally, lands on top."""
    state = pos({"a1": "r3r2r1", "a3": "b1E", "d4": "b3b2"}, face="hop")
    hops = sorted(m for m in state.legal_moves() if m.startswith("hop:"))
    assert hops == ["hop:a1-a2", "hop:a1-a3", "hop:a1-a4", "hop:a1-b1", "hop:a1-c1", "hop:a1-d1"]
    after = state.play("hop:a1-a3")
    assert cell(after, "a1") == (("r3", "r2"), None)
    assert cell(after, "a3") == (("b1", "r1"), None), "on top; the lying occupant stands up"
    refused(state, "hop:a1-b2", "straight along a row or column")
    refused(pos({"a1": "r3r2b1", "d4": "b3b2r1"}, face="hop"), "hop:a1-a2", "blue's")


def test_dig_a_lying_piece_ahead_to_the_bottom_of_a_stack():
    """3.3 Dig [A15]: only in the direction it points, any distance, it stands up at the bottom."""
    state = pos({"a1": "r1N", "a4": "b3b2", "b1": "r3r2", "d4": "b1"}, face="dig")
    assert sorted(m for m in state.legal_moves() if m.startswith("dig:")) == ["dig:a1-a2", "dig:a1-a3", "dig:a1-a4"]
    after = state.play("dig:a1-a4")
    assert cell(after, "a4") == (("r1", "b3", "b2"), None) and cell(after, "a1") == ((), None)
    assert after.spent == 0, "no MP is spent"
    assert cell(state.play("dig:a1-a2"), "a2") == (("r1",), None), "alone, it stands"
    refused(state, "dig:a1-b1", "the way it points")


def test_wild_is_any_one_of_the_other_actions_once():
    """3.3: "Wild- Your choice of the other actions", used once."""
    state = pos({"a1": "r1N", "b1": "r3r2", "d4": "b3b2b1"}, face="wild")
    kinds = {parse_move(m)[0] for m in state.legal_moves() if m.startswith("wild:")}
    assert kinds == {"tip7", "aim", "swap", "hop", "dig"}
    refused(state, "hop:b1-b2", "shows Wild")
    after = state.play("wild:hop:b1-b2")
    assert not any(m.startswith("wild:") for m in after.legal_moves())
    assert after.play("turn:a1E").mp_left == 5


def test_the_treehouse_action_is_once_per_turn_before_during_or_after_movement():
    """3.3: "The treehouse die action can be used before, during or after the movement", at most once."""
    state = pos({"a1": "r1N", "b1": "r3r2", "d4": "b3b2b1"}, face="hop", roll=2)
    after = state.play("turn:a1E").play("hop:b1-b3").play("turn:a1N")
    assert after.mp_left == 0 and after.used == "hop"
    refused(after, "hop:b1-b2", "used this turn")
    refused(state, "aim:a1+90", "shows Hop")


def test_the_movement_phase_ends_when_the_player_says_or_nothing_is_left():
    """3.3: the player ends Phase 1 whenever they like; unused MP are lost [A22]."""
    state = pos({"a1": "r1N", "b1": "r3r2", "d4": "b3b2b1"}, face="tip", roll=1)
    assert state.play("end-moves").phase == "react"
    spent = state.play("tip7").play("turn:a1E")
    assert spent.mp_left == 6 and spent.automatic_move() is None, "MP remain: the player decides"
    done = pos({"a1": "r1N", "b1": "r3r2", "d4": "b3b2b1"}, face="hop", roll=1, spent=1, used="hop")
    assert done.legal_moves() == ["end-moves"] and done.automatic_move() == "end-moves"


# -- section 3.4: reactionary turning ---------------------------------------------------------


def react(pieces, **kw):
    return pos(pieces, phase="react", **kw)


def test_reactionary_targets_of_a_single_arrow():
    """3.4 [A18]: a single arrow reaches only the adjacent cell it points at."""
    # b3 is single N: a red piece lying there reaches b4 only.
    state = react({"b3": "r1E", "b4": "b1S", "b2": "b2W", "a1": "r3r2", "d4": "b3"})
    assert [CELLS[c] for c in state.turnable] == ["b4"]
    assert {m for m in state.legal_moves() if m.startswith("react:")} == {"react:b4N", "react:b4E", "react:b4W"}


def test_reactionary_targets_of_a_double_arrow_row_or_column():
    """3.4 [A18]: a double arrow EW reaches every other cell of its row; NS of its column."""
    # a3 is double EW: reaches b3, c3, d3 (not a2 or a4).
    state = react({"a3": "r1N", "c3": "b1S", "d3": "b2W", "a4": "r2E", "b1": "r3", "d4": "b3"})
    assert [CELLS[c] for c in state.turnable] == ["c3", "d3"]


def test_reactionary_targets_of_a_q_turner_row_and_column():
    """3.4 [A3]: a Q-Turner reaches every other cell of its row and its column (6 cells)."""
    # a2 is a Q-Turner: reaches a1, a3, a4, b2, c2, d2.
    state = react({"a2": "r1N", "a4": "b1S", "d2": "b2W", "c3": "r2E", "b1": "r3", "d4": "b3"})
    assert sorted(CELLS[c] for c in state.turnable) == ["a4", "d2"]


def test_reactionary_turning_own_pieces_any_direction_each_once():
    """3.4 [A18]: any lying piece reached, yours too, to any direction (even off the board), once each."""
    # a2 Q-Turner activates; red's own lying piece on c2 is reached.
    state = react({"a2": "r1N", "c2": "r2E", "a4": "b1S", "b1": "r3", "d4": "b3b2"})
    assert state.is_legal("react:c2W") and not state.is_legal("react:a2S")
    after = state.play("react:a4N")  # off the board is allowed
    assert cell(after, "a4") == (("b1",), "N")
    refused(after, "react:a4E", "turned already")
    assert after.is_legal("react:c2S")


def test_standing_pieces_neither_activate_nor_turn():
    """3.4 [A20]: only lying pieces activate a tile, and only lying pieces are turned."""
    state = react({"a2": "r1r2", "a4": "b1S", "b1": "r3", "d4": "b3b2"})
    assert state.turnable == ()
    assert state.legal_moves() == ["end-turn"] and state.automatic_move() == "end-turn"
    state = react({"a2": "r1N", "a4": "b1b2", "b1": "r3r2", "d4": "b3"})
    assert state.turnable == ()


def test_only_the_active_players_lying_pieces_activate():
    """3.4: "Any tiles you have ended your turn on with a lying down piece"."""
    state = react({"a2": "b1N", "a4": "r1S", "b1": "r3r2", "d4": "b3b2"})
    assert state.turnable == ()


def test_end_turn_passes_to_the_next_player_and_rolls():
    """3.4 step 5: the turn passes in turn order; the new turn starts with the dice (3.2)."""
    state = react({"a2": "r1N", "b1": "r3r2", "d4": "b3b2b1", "c2": "g3g2g1"}, players=3, seat="green")
    after = state.play("end-turn")
    assert after.active == "red" and after.phase == "roll" and after.actors == (CHANCE,)
    assert after.spent == 0 and after.used is None and after.reacted == ()


# -- section 4: the win ----------------------------------------------------------------------


def test_the_nest_small_below_medium_below_large_on_the_goal():
    """4 [A9]: all three own pieces on the goal corner in nest order; foreign pieces anywhere."""
    assert pos({"d4": "r1r2r3", "a1": "b3b2b1"}).outcome.winners == ("red",)
    assert pos({"d4": "b1r1b2r2r3", "a1": "b3"}).outcome.winners == ("red",)
    assert pos({"d4": "r3r2r1", "a1": "b3b2b1"}).outcome is None, "a tree is not a nest"
    assert pos({"d4": "r2r1r3", "a1": "b3b2b1"}).outcome is None
    assert pos({"c4": "r1r2r3", "a1": "b3b2b1"}).outcome is None, "only on the goal corner"


def test_the_win_is_checked_after_every_action():
    """4: a hop that completes the nest ends the game at once, mid-turn."""
    state = pos({"d4": "r1r2", "d1": "r3", "a1": "b3b2b1"}, face="hop")
    after = state.play("hop:d1-d4")
    assert after.outcome.winners == ("red",) and after.actors == () and after.legal_moves() == []
    refused(after, "end-moves", "game is over")


def test_when_one_action_makes_two_winners_the_active_player_wins():
    """4 [A29]: "the active player wins if they qualify", else the next in turn order."""
    # Red's goal is d4 and blue's a1: both nests stand, whoever is to act wins.
    both = pos({"d4": "r1r2r3", "a1": "b1b2b3"}, seat="blue")
    assert both.outcome.winners == ("blue",)
    both = pos({"d4": "r1r2r3", "a1": "b1b2b3"}, seat="red")
    assert both.outcome.winners == ("red",)
    # 3 players, green active and not nesting: red comes after green in turn order, before blue.
    three = pos({"d4": "r1r2r3", "d1": "b1b2b3", "b2": "g3g2g1"}, seat="green", players=3)
    assert three.outcome.winners == ("red",)


def test_a_swap_can_win_for_the_player_whose_nest_lands_on_the_goal():
    """3.3 Swap [A10]: goals stay at their corners, so swapping a nest onto its goal wins."""
    state = pos({"c4": "b1", "d3": "r1r2r3", "a1": "b3b2"}, face="swap", seat="blue")
    after = state.play("swap:d3-d4")
    assert after.outcome.winners == ("red",)


# -- the protocol: notation, records and the session ---------------------------------------


def test_position_text_round_trips_and_names_everything():
    """Position notation holds tiles, pieces, hands, seat, phase, dice, MP, Treehouse and turned pieces."""
    state = react({"a2": "r1N", "a4": "b1S", "b1": "r3r2", "d4": "b3b2"}, roll=4, face="wild", spent=2, used="hop")
    state = state.play("react:a4E")
    text = state.to_text()
    assert text.split()[2:] == ["-,-", "red", "react", "4", "wild", "2", "hop", "b1"]
    assert GAME.from_text(text).to_text() == text


@pytest.mark.parametrize("text,words", [
    (f"{TILES_TEXT} [r3r2r1]3/4/4/3[b3b2] -,- red move 6 aim 0 - -", "three pieces"),
    (f"{TILES_TEXT} [r3r2r1]3/4/4/3[b3b2b1] -,- red move 6 hop 0 aim -", "cannot have been used"),
    (f"{TILES_TEXT} [r3r2r1N]3/4/4/3[b3b2b1] -,- red move 6 aim 0 - -", "lying piece"),
    (f"{TILES_TEXT} [r3r2r1]3/4/4/3[b3b2b1] -,- red place 6 aim 0 - -", "phase"),
    (f"{TILES_TEXT} [r3r2r1]3/4/4/3[b3b2b1] -,- red move 2 aim 3 - -", "More movement points"),
])
def test_impossible_positions_are_refused(text, words):
    with pytest.raises(PositionError, match=words):
        GAME.from_text(text)


def test_nonsense_and_wrong_phase_moves_are_explained():
    state = pos()
    with pytest.raises(InvalidMoveError, match="not an Ice-Turn move"):
        state.play("fly:a1")
    refused(state, "react:a1N", "after the movement phase")
    refused(state, "end-turn", "end-moves")
    refused(state, "roll:3", "chance")
    refused(pos(phase="react"), "tip:a1N", "movement phase is over")


def test_every_move_has_a_click_path_and_a_label():
    """The page reaches every legal move by clicks; choices read in words."""
    state = pos({"a1": "r3r2r1", "a3": "b1E", "a4": "b3b2", "d4": None}, face="wild")
    for move in state.legal_moves():
        cells = state.path(move)
        assert move in state.guide(cells).moves
        assert state.label(move)
    assert state.path("wild:hop:a1-a2") == ("a1", "hop", "a2")
    assert state.path("tip:a1N/a3@1") == ("a1", "tip:N")
    guidance = state.guide(("a1", "tip:N"))
    assert len(guidance.moves) == 2 and not guidance.targets, "r1 goes under or over blue's small on a3"


def test_placement_clicks_explain_a_refused_tile():
    """2.2 through clicks: an illegal placement is refused with its reason."""
    state = dealt(TWO_HANDS)
    guidance = state.guide(("a1", "tile:sW"))
    assert not guidance.ok and "off the board" in guidance.message
    assert state.guide(("a1", "tile:sN")).moves == ("place:a1=single:N",)


def test_a_click_on_an_empty_cell_kept_for_the_q_turners_says_so_and_where_a_tile_may_go():
    """2.2 [A5] through clicks: Red holds only a double arrow; c3 is empty, but a tile there would leave Blue's last
    Q-Turner no free row and column. The click said "Red: choose an empty cell, then a tile from your hand.", as if
    c3 were not one; it says why not, and where Red's tile may go."""
    state = dealt((["double", "qturner", "single", "double", "double", "double", "double", "single"],
                   ["double", "qturner", "single", "qturner", "single", "single", "qturner", "single"]))
    for move in ("a1=double:NS", "b1=qturner", "a2=single:E", "b3=single:E", "a3=single:E", "d2=qturner",
                 "a4=qturner", "c2=single:W", "b4=double:EW", "d1=double:EW", "c4=double:EW", "c1=single:W",
                 "b2=double:EW", "d3=single:S"):
        state = state.play(f"place:{move}")
    assert state.hands == (("double",), ("qturner",)) and state.active == "red"
    assert set(state.legal_moves()) == {"place:d4=double:NS", "place:d4=double:EW"}
    guidance = state.guide(("c3",))
    assert not guidance.ok and guidance.message == (
        "Not c3: it is kept free for the Q-Turners still in hands, one per row and column (with a tile there, the "
        "layout could not be finished). d4 is where a tile from your hand may go.")
    assert state.guide(("d4",)).ok


def test_a_preview_says_where_pieces_would_stand_out_of_the_nest_s_order():
    """Section 4 [A9]: a nest is small, medium, large from the bottom. Moving into a stack "the mover chooses where
    in the stack it goes"; every place read "Red 1 cell nearer the nest", the medium under the small too, and the
    large at the bottom "(0 to go)" as if nearly won."""
    tiles = "[sE][dEW]q[dNS]/[dNS]q[sE][sN]/q[sE][dEW][sN]/[dNS][sE][dEW]q"
    state = GAME.from_text(f"{tiles} 2[r3E][r1]/2[b2W][r2N]/1[b1S]1[b3S]/4 -,- red move 5 hop 0 - -")
    out_of_order = "; Red's pieces on d4 are out of the nest's order (small, medium, large from the bottom)"
    assert state.preview("move:d3@0") == "Red 1 cell nearer the nest (1 to go)" + out_of_order
    assert state.preview("move:d3@1") == "Red 1 cell nearer the nest (1 to go)"
    state = state.play("move:d3@1")
    assert state.preview("move:c4@0") == "Red 1 cell nearer the nest (0 to go)" + out_of_order
    assert state.preview("move:c4@2") == "Red 1 cell nearer the nest (0 to go); the game ends: Red wins"


def test_the_session_never_rerolls_on_undo_redo_or_replay():
    """Chance moves are recorded: undo takes back a roll with the move before it; redo restores the same."""
    session = Session("ice-turn", rng=random.Random(11))
    assert len(session.moves) == 16 and session.latest.phase == "place"
    while session.latest.phase == "place":
        session.play(session.latest.legal_moves()[0])
    rolled = list(session.moves)
    assert rolled[-2].startswith("roll:") and rolled[-1].startswith("face:")
    session.undoing.undo()
    assert session.moves == rolled[:-3], "the last placement and both dice are taken back together"
    session.rng = random.Random(999)
    session.undoing.redo()
    assert session.moves == rolled, "redo brings back the same dice"
    session.undoing.undo()
    session.play(rolled[-3])
    assert session.moves == rolled, "making the same move again is a redo, not a new roll"
    again, error = Loading(session.record(), rng=random.Random(5)).finish()
    assert error is None and again.moves == rolled


def test_the_automatic_end_of_turn_is_undone_with_the_move_before_it():
    """State.automatic_move: the page ends a reactionary phase with nothing to turn; undo takes it back
    together with the end-moves before it."""
    state = pos({"a1": "r3r2r1", "d4": "b3b2b1"}, face="hop")
    text = state.to_text()
    session = Session("ice-turn", rng=random.Random(2))
    session.states, session.moves = [state], []
    session.cursor = 0
    session.play("end-moves")
    assert session.moves[:2] == ["end-moves", "end-turn"] and session.moves[2].startswith("roll:")
    session.undoing.undo()
    assert session.moves == [] and session.latest.to_text() == text


def test_clicks_that_lead_nowhere_say_why():
    """Illegal input gets a message naming the problem: each refused click is explained."""
    state = pos({"a1": "r3r2r1", "b2": "b1E", "d4": "b3b2"}, face="hop", roll=1)
    assert "First choose a piece" in state.guide(("tip:N",)).message
    assert "blue's piece" in state.guide(("b2",)).message
    assert "off the board" in state.guide(("a1", "tip:S")).message
    assert "standing piece cannot be turned" in state.guide(("a1", "turn:N")).message
    assert "shows Hop" in state.guide(("a1", "aim:+90")).message
    assert "straight along a row or column" in state.guide(("a1", "hop", "b2")).message
    react_state = pos({"a2": "r1N", "a4": "b1S", "b1": "r3r2", "d4": "b3b2"}, phase="react")
    assert "holds none" in react_state.guide(("b1",)).message
    assert "already points south" in react_state.guide(("a4", "turn:S")).message


def session_at(state, seed=0):
    """A page session showing `state` (as if a link had led there)."""
    session = Session("ice-turn", rng=random.Random(seed))
    session.states, session.moves, session.cursor = [state], [], 0
    return session


def test_the_last_click_of_a_race_wins_it():
    """4: the hop that completes Red's nest on d4 ends the game, and the page says who won."""
    session = session_at(pos({"d4": "r1r2", "d1": "r3", "a1": "b3b2b1"}, face="hop"))
    session.clicks.click("d1")
    session.clicks.click("hop")
    assert "d4" in session.clicks.targets
    session.clicks.click("d4")
    assert session.moves == ["hop:d1-d4"]
    assert session.words.status() == "Red wins. Red built the nest on d4."
    session.clicks.click("a1")
    assert "game is over" in session.message


# -- issue 26: what a newcomer met ------------------------------------------------------


def swap_paths_offered(state, first, second):
    """Whether clicking `first`, Swap, `second` lights each step and makes the swap of the two tiles."""
    lo, hi = sorted((first, second), key=INDEX.get)
    return ("swap" in state.guide((first,)).targets and second in state.guide((first, "swap")).targets
            and state.guide((first, "swap", second)).moves == (f"swap:{lo}-{hi}",))


def test_a_swap_is_clicked_from_either_of_its_tiles_whatever_is_on_them():
    """3.3 Swap: "Swap two adjacent tiles with the pieces on them" [A26]; it acts on tiles, so it moves
    every piece on them, whoever owns them [A13]: every adjacent pair is reached from either tile."""
    state = pos({"b3": "r1E", "c4": "r2r3", "d4": "b3b2b1"}, face="swap")
    swaps = [m for m in state.legal_moves() if m.startswith("swap:")]
    assert len(swaps) == 24, "every orthogonally adjacent pair of the 4x4 board"
    for move in swaps:
        lo, hi = move[5:].split("-")
        assert swap_paths_offered(state, lo, hi) and swap_paths_offered(state, hi, lo), move
    assert set(state.guide(("b3", "swap")).targets) == {"a3", "b2", "c3", "b4"}
    assert set(state.guide(("d4", "swap")).targets) == {"c4", "d3"}, "d4 holds blue's tree, Red still swaps it"


def test_the_reported_swap_link_lights_every_neighbour():
    """The position a tester met (issue 26): after b3 and Swap only c3 and b4 lit, and d4 lit nothing."""
    session, message = Loading.from_link("#v=2&g=ice-turn&c=68.AABCCBCAACBACCAAeApA9ATAWbZHYGJEBAADCHEFAF"
                                         "CIBKBBBBEBDBBADAAFANJgFDBD").finish()
    assert message is None and session.state.face == "swap"
    session.clicks.click("d4")
    assert session.clicks.targets == ("swap",) and not session.warn
    session.clicks.click("swap")
    assert set(session.clicks.targets) == {"c4", "d3"}
    session.clicks.click("c4")
    assert session.moves[-1] == "swap:c4-d4"


def test_an_unlit_cell_after_a_piece_says_where_the_piece_can_go():
    """Illegal input names the problem and what can be done instead, in a player's words: the piece
    moves "in the direction that they are pointing", one cell (3.3 MOVE)."""
    session = session_at(pos({"c1": "r1E", "a1": "r3r2", "d4": "b3b2b1"}, face="hop"))
    session.clicks.click("c1")
    assert "d1" in session.clicks.targets
    session.clicks.click("b4")
    assert session.warn and session.message == ("Not b4: the red small on c1 moves only one cell, the way it "
                                                 "points, to d1: choose c1, then d1; or turn it first (1 MP).")
    session.clicks.click("a1")
    session.clicks.click("b3")
    assert session.message == ("Not b3: only a lying piece moves to a cell, one cell the way it points. "
                               "With a1 you can tip it or Hop: choose it, then a lit arrow or button.")


def test_refused_clicks_speak_the_players_words():
    """No refused click answers in the rules spec's readings ([A13]) or the notation's words (insertion index)."""
    state = pos({"a1": "r3r2", "b2": "b1E", "c1": "r1N", "d4": "b3b2"}, face="dig", roll=1)
    locations = [*CELLS, *(f"{kind}:{d}" for kind in ("tip", "turn") for d in "NESW"), "dig"]
    refusals = {state.guide(clicks).message for first in CELLS
                for clicks in [(first,), *((first, then) for then in locations), (first, "dig", "a4")]
                if not state.guide(clicks).ok}
    assert refusals
    for message in refusals:
        assert "[A" not in message and "insertion index" not in message and "react:" not in message, message


def test_the_rules_page_marks_the_team_s_readings_as_interpretations():
    """Issue 26: the in-app rules stated readings of docs/rules/ice-turn.md's Ambiguities table as plain rules.
    Each is now in an "assumption" paragraph, as on the other games' pages: A4 (the 6/5/5 deal, open
    hands), A10 (goals fixed), A11 (Tip: total 7), A14 (no tip off the board), A29 (two nests at once),
    and A1's tile counts, an assumption kept as data."""
    page = " ".join(games.rules_page("ice-turn").split())
    marked = " ".join(re.findall(r'<p class="assumption">(.*?)</p>', page))
    for reading in ("6/5/5", "open hands", "goal stays on its corner", "not 7 more", "tipped off the board",
                    "completes two nests", "kept as data"):
        assert reading in marked, reading


def test_a_selected_lying_piece_names_its_move_in_words():
    """Choosing a lying piece offers its actions in words; the lit cell is its move (3.3 MOVE)."""
    state = pos({"c1": "r1E", "a1": "r3r2", "d4": "b3b2b1"}, face="hop")
    assert state.guide(("c1",)).message == ("Choose what to do with c1: turn it or move it to the lit cell "
                                            "(lit arrows and buttons).")
