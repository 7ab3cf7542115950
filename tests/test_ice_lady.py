"""Ice Lady rules (docs/rules/ice-lady.md), one test per rule with legal and illegal cases."""

import random

import pytest

from conformance import check_game, playout
from pyramids import games
from pyramids.core import IllegalMoveError, InvalidMoveError, PositionError
from pyramids.games.ice_lady import GAME, PLAYERS
from pyramids.grid import join_row

START = "8/2mmmm2/2ssss2/8/8/2SSSS2/2MMMM2/8 w 4 4"
FALLBACK = "it is not a legal move here."


def position(units, side="w", reserves=None, *options):
    """A state from {square: unit} ("S", "km", ...); reserves default to the larges not on the board."""
    rows = [join_row([units.get(f"{f}{rank}") for f in "abcdefgh"]) for rank in range(8, 0, -1)]
    if reserves is None:
        tokens = "".join(units.values())
        reserves = (4 - tokens.count("K"), 4 - tokens.count("k"))
    return GAME.from_text(" ".join(["/".join(rows), side, *map(str, reserves), *options]))


def moves_from(state, square):
    return sorted(m for m in state.legal_moves() if m.startswith(square))


def refusal(state, move):
    with pytest.raises(IllegalMoveError) as err:
        state.play(move)
    return str(err.value)


# -- protocol -----------------------------------------------------------------------


def test_conformance_default():
    check_game(GAME)


def test_conformance_mandatory_capture():
    check_game(GAME, mandatory_capture=True)


def test_registered_and_module_constants():
    assert games.get("ice-lady") is GAME
    assert PLAYERS == ("white", "black")
    assert GAME.new().actors == ("white",)


def test_explain_agrees_with_move_generation():
    """Every illegal move gets a specific reason and no legal move gets one, in played positions."""
    for seed, options in ((0, {}), (1, {}), (2, {"mandatory_capture": True})):
        record = playout(GAME, random.Random(seed), max_plies=150, **options)
        for ply in range(0, len(record), 15):
            state = GAME.replay(record[:ply], **options)
            if state.outcome is not None:
                continue
            legal = set(state.legal_moves())
            for frm, (player, _) in state.units.items():
                if player != state.to_move:
                    continue
                for to in (f"{f}{r}" for f in "abcdefgh" for r in range(1, 9)):
                    for move in (f"{frm}-{to}", f"{frm}x{to}", f"{frm}-{to}=K", f"{frm}x{to}=K"):
                        message = str(state.explain(move))
                        assert (message.endswith(FALLBACK)) == (move in legal), (state, move, message)


# -- setup (§1, §2) --------------------------------------------------------------------


def test_setup():
    """§2: "White: mediums on c2, d2, e2, f2; smalls on c3, d3, e3, f3 ... Black: mediums on c7..f7;
    smalls on c6..f6. Each player has 4 large pieces in reserve. White moves first." """
    state = GAME.new()
    assert state.to_text() == START
    assert state.to_move == "white" and state.reserve == {"white": 4, "black": 4}
    units = state.units
    assert len(units) == 16
    for f in "cdef":
        assert units[f"{f}2"] == ("white", "M") and units[f"{f}3"] == ("white", "S")
        assert units[f"{f}6"] == ("black", "S") and units[f"{f}7"] == ("black", "M")
    assert "Black's small" in refusal(state, "c6-d5") and "White is to move" in refusal(state, "c6-d5")
    assert state.play("c3-b4").to_move == "black"


# -- smalls (§3.3) -------------------------------------------------------------------------


def test_small_steps_diagonally_forward_only():
    """§3.3 Small: "Step: to either square diagonally forward and adjacent, if it is empty.
    It never moves or captures backward or orthogonally." [A3]"""
    state = position({"d4": "S", "h8": "k"})
    assert moves_from(state, "d4") == ["d4-c5", "d4-e5"]
    assert "only diagonally forward" in refusal(state, "d4-c3")
    assert "only diagonally forward" in refusal(state, "d4-d5")
    assert "only diagonally forward" in refusal(state, "d4-e4")
    assert "one square" in refusal(state, "d4-g7")
    assert "two only when jumping" in refusal(state, "d4-f6")
    black = position({"e5": "s", "a1": "K"}, "b")
    assert moves_from(black, "e5") == ["e5-d4", "e5-f4"]
    assert "only diagonally forward" in refusal(black, "e5-d6")


def test_small_step_needs_an_empty_square():
    """§3.3 Small: a step goes to an adjacent diagonal square "if it is empty"."""
    state = position({"d4": "S", "c5": "S", "e5": "m", "f6": "s", "h8": "k"})
    assert moves_from(state, "d4") == []
    assert "occupied by your own small" in refusal(state, "d4-c5")
    assert "occupied by Black's small" in refusal(state, "d4xf6")


def test_small_captures_by_jumping_diagonally_forward():
    """§3.3 Small: "if a diagonally-forward adjacent square holds an opponent unit and the next square
    beyond it ... is on the board and empty ..., the small jumps to that square and captures the unit." """
    state = position({"d4": "S", "e5": "s", "c5": "m"})
    assert moves_from(state, "d4") == ["d4xb6", "d4xf6"]
    after = state.play("d4xf6")
    assert after.units == {"f6": ("white", "S"), "c5": ("black", "M")}
    assert "write d4xf6" in refusal(state, "d4-f6")
    assert "jumps no opponent's piece: write d4-e5" in refusal(position({"d4": "S", "h8": "k"}), "d4xe5")


def test_small_never_captures_backward_or_off_the_board():
    """§3.3 Small: "It never moves or captures backward"; the landing square must be on the board."""
    back = position({"d4": "S", "c3": "s", "h8": "k"})
    assert moves_from(back, "d4") == ["d4-c5", "d4-e5"]
    assert "only diagonally forward" in refusal(back, "d4xb2")
    edge = position({"g6": "S", "h7": "m"})
    assert moves_from(edge, "g6") == ["g6-f7"]


def test_no_jumping_own_pieces():
    """§3.3: "Jumping over own pieces is not allowed." """
    small = position({"d4": "S", "e5": "S", "h8": "k"})
    assert "d4-f6" not in small.legal_moves()
    assert "own pieces (e5)" in refusal(small, "d4-f6")
    medium = position({"d4": "M", "d5": "S", "h8": "k"})
    assert "d4-d6" not in medium.legal_moves()
    assert "own pieces (d5)" in refusal(medium, "d4-d6")


# -- mediums (§3.3) ----------------------------------------------------------------------------


def test_medium_moves_exactly_two_forward_or_sideways():
    """§3.3 Medium: "The move is exactly two squares in a straight line: forward, left or right.
    It never moves backward or diagonally." [A4, A5]"""
    state = position({"d4": "M", "h8": "k"})
    assert moves_from(state, "d4") == ["d4-b4", "d4-d6", "d4-f4"]
    assert "exactly two squares" in refusal(state, "d4-d5")
    assert "exactly two squares" in refusal(state, "d4-d7")
    assert "exactly two squares" in refusal(state, "d4-e4")
    assert "never moves backward" in refusal(state, "d4-d2")
    assert "never diagonally" in refusal(state, "d4-f6")
    assert "straight line" in refusal(state, "d4-e6")
    black = position({"e5": "m", "a1": "K"}, "b")
    assert moves_from(black, "e5") == ["e5-c5", "e5-e3", "e5-g5"]
    assert "never moves backward" in refusal(black, "e5-e7")


def test_medium_captures_the_piece_it_jumps():
    """§3.3 Medium: "The square in between: ... holds an opponent unit -> that unit is captured";
    "The destination must be on the board and empty." """
    state = position({"d4": "M", "d5": "s", "e4": "s", "c4": "S", "a8": "k"})
    assert moves_from(state, "d4") == ["d4xd6", "d4xf4"]
    assert state.play("d4xf4").units == {
        "f4": ("white", "M"), "d5": ("black", "S"), "c4": ("white", "S"), "a8": ("black", "K"),
    }
    assert "write d4xd6" in refusal(state, "d4-d6")
    assert "own pieces (c4)" in refusal(state, "d4-b4")
    assert "occupied by Black's small" in refusal(position({"d4": "M", "c4": "s", "b4": "s"}), "d4xb4")
    assert moves_from(position({"g4": "M", "h4": "s", "a8": "k"}), "g4") == ["g4-e4", "g4-g6"]


# -- kings and trees (§3.3) --------------------------------------------------------------------


def test_king_moves_one_to_three_squares_in_eight_directions():
    """§3.3 King: "It moves along any of the 8 directions (orthogonal and diagonal), forward or
    backward, a distance 1..3." [A9]"""
    state = position({"d4": "K", "h8": "k"})
    expected = {f"d4-{f}{r}" for f in "abcdefg" for r in range(1, 8)
                if (f, r) != ("d", 4) and (abs(ord(f) - ord("d")) == abs(r - 4) or f == "d" or r == 4)}
    assert set(moves_from(state, "d4")) == expected and len(expected) == 24
    assert "at most 3 squares" in refusal(state, "d4-d8")
    assert "at most 3 squares" in refusal(state, "d4-h8")
    assert "straight line" in refusal(state, "d4-e6")
    assert state.play("d4-d1").units["d1"] == ("white", "K")


def test_king_captures_one_piece_anywhere_on_its_path():
    """§3.3 King: "The squares strictly between origin and destination must be empty, except that at
    most one of them may hold an opponent unit, which is captured. The destination must be empty." """
    near = position({"d4": "K", "d5": "s", "a1": "m"})
    assert [m for m in moves_from(near, "d4") if m[3] == "d" and m[4] > "4"] == ["d4xd6", "d4xd7"]
    assert "occupied by Black's small" in refusal(near, "d4-d5")
    assert near.play("d4xd7").units == {"d7": ("white", "K"), "a1": ("black", "M")}
    far = position({"d4": "K", "d6": "s", "a1": "m"})
    assert {"d4-d5", "d4xd7"} <= set(far.legal_moves())
    two = position({"d4": "K", "d5": "s", "d6": "s", "a1": "m"})
    assert "d4xd7" not in two.legal_moves()
    assert "at most one piece may be jumped, but d5 and d6" in refusal(two, "d4xd7")


def test_king_never_jumps_own_pieces_or_lands_on_pieces():
    """§3.3 King: "no own pieces on the path"; "A king never lands on another piece." [A19]"""
    state = position({"d4": "K", "d5": "S", "e5": "S", "h8": "k"})
    assert "own pieces (d5)" in refusal(state, "d4-d6")
    assert "king never lands on another piece" in refusal(state, "d4-e5")
    assert "d4-e5" not in state.legal_moves() and "d4-f6" not in state.legal_moves()


def test_tree_range_is_its_pip_total():
    """§3.3 King tree: "the maximum distance equals the tree's pip total: K+S = 4, K+M = 5, K+M+S = 6" [A10]."""
    for tree, reach in (("KS", 4), ("KM", 5), ("KMS", 6)):
        state = position({"a1": tree, "h8": "k"})
        assert f"a1-a{1 + reach}" in state.legal_moves()
        assert f"at most {reach} squares" in refusal(state, f"a1-a{2 + reach}")
        assert state.play(f"a1-{'abcdefgh'[reach]}1").units[f"{'abcdefgh'[reach]}1"] == ("white", tree)


def test_tree_moves_like_a_king_and_may_leave_the_far_row():
    """§3.3: a tree "moves exactly like a king"; A13: a tree can leave the opponent's first row."""
    state = position({"d8": "KMS", "d6": "s", "d3": "S", "a1": "m"})
    assert [m for m in moves_from(state, "d8") if m[3] == "d"] == ["d8-d7", "d8xd4", "d8xd5"]
    assert "own pieces (d3)" in refusal(state, "d8-d2")
    assert "king tree (K+M+S) never lands on another piece" in refusal(state, "d8xd3")
    assert state.play("d8xd4").units["d4"] == ("white", "KMS")


# -- trees forming (§3.4) ----------------------------------------------------------------------


def test_medium_joins_a_lone_king_on_the_far_row():
    """§3.4: "M may go only onto a lone K, making K+M" -- on the mover's opponent's first row."""
    state = position({"d8": "K", "b8": "M", "d6": "M", "a1": "k"}, reserves=(3, 3))
    assert state.play("b8-d8").units["d8"] == ("white", "KM")
    after = state.play("d6-d8")
    assert after.units["d8"] == ("white", "KM") and "d6" not in after.units
    assert "d6-d8=K" not in state.legal_moves()


def test_small_joins_a_king_or_king_and_medium():
    """§3.4: "S may go onto a lone K (making K+S) or onto K+M (making K+M+S)." """
    state = position({"d8": "K", "f8": "KM", "e7": "S", "a1": "k"}, reserves=(2, 3))
    assert state.play("e7-d8").units["d8"] == ("white", "KS")
    assert state.play("e7-f8").units["f8"] == ("white", "KMS")
    black = position({"c1": "k", "d2": "s", "h8": "K"}, "b")
    assert black.play("d2-c1").units["c1"] == ("black", "KS")


def test_illegal_joins():
    """§3.4: "anything else is illegal: M onto K+S, S onto K+S, or any piece onto K+M+S"."""
    onto_ks = position({"b8": "KS", "d8": "M", "c7": "S", "a1": "k"})
    assert "a medium only onto a lone king" in refusal(onto_ks, "d8-b8")
    assert "a small only onto a king or a king with a medium" in refusal(onto_ks, "c7-b8")
    onto_kms = position({"f8": "KMS", "e7": "S", "h8": "M", "a1": "k"})
    assert "a medium only onto a lone king" in refusal(onto_kms, "h8-f8")
    assert "a small only onto a king or a king with a medium" in refusal(onto_kms, "e7-f8")
    assert moves_from(onto_kms, "e7") == ["e7-d8", "e7-d8=K"] and moves_from(onto_kms, "h8") == []
    onto_km = position({"d8": "KM", "b8": "M", "a1": "k"}, reserves=(3, 3))
    assert "a medium only onto a lone king" in refusal(onto_km, "b8-d8")


def test_trees_form_only_on_the_far_row():
    """§3.4: a join needs "that square is on the mover's opponent's first row"."""
    state = position({"d4": "K", "c3": "S", "b4": "M", "h8": "k"})
    assert "formed only on Black's first row (rank 8)" in refusal(state, "c3-d4")
    assert "formed only on Black's first row (rank 8)" in refusal(state, "b4-d4")
    assert moves_from(state, "c3") == [] and moves_from(state, "b4") == ["b4-b6"]


def test_only_a_smaller_piece_moves_onto_a_king():
    """A19 / §3.4: "A king or tree never moves onto other pieces. Trees form only when a smaller piece
    moves onto a king"; and only onto the mover's own king."""
    state = position({"d8": "K", "e8": "S", "c8": "KM", "a1": "k"}, reserves=(2, 3))
    assert "king never lands on another piece" in refusal(state, "d8-e8")
    assert "king tree (K+M) never lands on another piece" in refusal(state, "c8-d8")
    foreign = position({"d8": "k", "c7": "S", "a1": "K"})
    assert "occupied by Black's king" in refusal(foreign, "c7-d8")


def test_join_by_capture_and_no_promotion_on_join():
    """A12: "Tree join via a capturing move: Allowed." §3.6: "A piece that joins a tree is not promoted." """
    state = position({"c6": "S", "d7": "m", "e8": "K", "a1": "k"})
    assert "c6xe8" in state.legal_moves() and "c6xe8=K" not in state.legal_moves()
    assert state.play("c6xe8").units == {"e8": ("white", "KS"), "a1": ("black", "K")}
    assert "joins a king tree is not promoted" in refusal(state, "c6xe8=K")


# -- capturing (§3.5) ---------------------------------------------------------------------


def test_capture_removes_only_the_top_of_a_tree():
    """§3.5: "K+M+S -> K+M; K+M -> K; K+S -> K ... The rest of a tree stays on its square" (A18:
    the capturer lands beyond it). Captured larges "do not return to any reserve"."""
    for tree, rest in (("kms", "KM"), ("km", "K"), ("ks", "K")):
        state = position({"d4": "K", "d5": tree, "h7": "m"})
        after = state.play("d4xd6")
        assert after.units["d5"] == ("black", rest) and after.units["d6"] == ("white", "K")
        assert after.reserve == state.reserve
    lone = position({"d4": "K", "d5": "k", "h7": "m"}).play("d4xd7")
    assert "d5" not in lone.units and lone.reserve == {"white": 3, "black": 3}


def test_no_chained_captures():
    """§3.3: "There are no chained or multiple captures in one turn" [A8]."""
    state = position({"d4": "S", "e5": "s", "g7": "m", "a7": "m"})
    after = state.play("d4xf6")
    assert after.to_move == "black" and after.units["g7"] == ("black", "M")
    assert "d4xh8" not in state.legal_moves()


def test_capturing_is_optional_by_default():
    """§3.3: "Capturing is optional [A7]." """
    state = position({"d4": "S", "e5": "s", "a7": "m"})
    assert {"d4-c5", "d4xf6"} <= set(state.legal_moves())
    assert state.play("d4-c5").units["c5"] == ("white", "S")


def test_mandatory_capture_option():
    """A7: "Provide a mandatory_capture flag for the Turkish-style reading (b)" -- compulsory capture."""
    state = position({"d4": "S", "e5": "s", "a2": "M", "a7": "m"}, "w", None, "mandatory_capture=1")
    assert state.options["mandatory_capture"] is True
    assert state.legal_plays() == ["d4xf6"]  # a draw offer and resignation stay open
    message = refusal(state, "d4-c5")
    assert "capturing is mandatory" in message and "d4xf6" in message
    assert "capturing is mandatory" in refusal(state, "a2-c2")
    assert state.guide(("a2",)).message == "This medium cannot capture, and capturing is mandatory now."
    quiet = position({"d4": "S", "a7": "m"}, "w", None, "mandatory_capture=1")
    assert sorted(quiet.legal_plays()) == ["d4-c5", "d4-e5"]
    assert GAME.new(mandatory_capture=True).to_text() == START + " mandatory_capture=1"


# -- promotion (§3.6) ----------------------------------------------------------------------


def test_promotion_is_optional():
    """§3.6: "the mover may replace that piece with a large from reserve. The replaced small or medium
    is removed from the game, the reserve count goes down by 1" [A11]. Offer `...` and `...=K`."""
    state = position({"b7": "S", "d6": "M", "a1": "m"})
    assert moves_from(state, "b7") == ["b7-a8", "b7-a8=K", "b7-c8", "b7-c8=K"]
    assert moves_from(state, "d6") == ["d6-b6", "d6-d8", "d6-d8=K", "d6-f6"]
    promoted = state.play("b7-c8=K")
    assert promoted.units["c8"] == ("white", "K") and "b7" not in promoted.units
    assert promoted.reserve == {"white": 3, "black": 4}
    kept = state.play("b7-c8")
    assert kept.units["c8"] == ("white", "S") and kept.reserve == state.reserve
    assert state.play("d6-d8=K").units["d8"] == ("white", "K")


def test_promotion_is_offered_again_along_the_row():
    """§3.6: a piece that declines "may be offered promotion again at the end of any later move that
    ends on that row, for example a medium moving sideways along it" [A11]."""
    state = position({"d8": "M", "e8": "k", "a1": "m"})
    assert moves_from(state, "d8") == ["d8-b8", "d8-b8=K", "d8xf8", "d8xf8=K"]
    black = position({"c1": "m", "h8": "K"}, "b")
    assert moves_from(black, "c1") == ["c1-a1", "c1-a1=K", "c1-e1", "c1-e1=K"]


def test_promotion_needs_a_large_in_reserve():
    """§3.6: "No promotion is possible when the reserve is empty." """
    state = position({"b7": "S", "a1": "m", "h1": "K", "g1": "K", "f1": "K", "e1": "K"}, reserves=(0, 4))
    assert moves_from(state, "b7") == ["b7-a8", "b7-c8"]
    assert "White has no large left in reserve" in refusal(state, "b7-c8=K")


def test_promotion_only_for_a_small_or_medium_on_the_far_row():
    """§3.6: "When: a move ends with a lone S or M standing on the opponent's first row"."""
    state = position({"b6": "S", "d7": "K", "a1": "m"})
    assert "promotion happens only on Black's first row (rank 8)" in refusal(state, "b6-c7=K")
    assert "only a small or a medium can be promoted" in refusal(state, "d7-d8=K")
    black = position({"c2": "s", "h8": "K"}, "b")
    assert moves_from(black, "c2") == ["c2-b1", "c2-b1=K", "c2-d1", "c2-d1=K"]
    assert black.play("c2-b1=K").reserve == {"white": 3, "black": 3}


def test_promotion_after_a_capture():
    """§3.6 applies to any move ending on the far row, a capture included."""
    state = position({"b6": "S", "c7": "m", "h1": "m"})
    assert moves_from(state, "b6") == ["b6-a7", "b6xd8", "b6xd8=K"]
    assert state.play("b6xd8=K").units == {"d8": ("white", "K"), "h1": ("black", "M")}


# -- end of game (§4) ------------------------------------------------------------------------


def test_win_by_capturing_every_piece():
    """§4: "After a move, if the opponent has no pieces on the board, the mover wins. Reserve larges
    never count." """
    state = position({"d4": "S", "e5": "s"})
    assert state.outcome is None
    over = state.play("d4xf6")
    assert over.outcome.winners == ("white",) and over.outcome.reason == "Black has no pieces left."
    assert over.reserve["black"] == 4 and over.legal_moves() == [] and over.actors == ()
    assert "the game is over (Black has no pieces left.)" in refusal(over, "f6-e7")
    assert over.guide(("f6",)).message == "The game is over: Black has no pieces left."


def test_capturing_a_tree_top_does_not_end_the_game():
    """§3.5: after a tree's top is captured "the remaining pieces are still in play"."""
    after = position({"d4": "K", "d5": "ks"}).play("d4xd6")
    assert after.outcome is None and after.units["d5"] == ("black", "K")


def test_a_player_who_cannot_move_loses():
    """§3.2: "If the player to move has no legal move, they lose [A14]." """
    stuck = position({"a8": "S", "h8": "S", "a1": "m"})
    assert stuck.legal_moves() == [] and stuck.actors == ()
    assert stuck.outcome.winners == ("black",) and stuck.outcome.reason == "White cannot move."
    black = position({"a1": "s", "h8": "K"}, "b").outcome
    assert black.winners == ("white",) and black.reason == "Black cannot move."
    assert position({"a7": "S", "h8": "S", "a1": "m"}).outcome is None


# -- position notation -----------------------------------------------------------------------


def test_position_notation_round_trip():
    """Position text: ranks 8..1, White upper case, trees bottom->top, side, reserves, options."""
    text = "[KM]7/8/8/3s4/8/8/8/7K b 2 3 mandatory_capture=1"
    state = GAME.from_text(text)
    assert state.to_text() == text
    assert state.units == {"a8": ("white", "KM"), "d5": ("black", "S"), "h1": ("white", "K")}
    assert state.to_move == "black" and state.reserve == {"white": 2, "black": 3}
    mixed = "[kms]2[KS]3k/8/8/8/8/8/M7/8 w 3 2"
    assert GAME.from_text(mixed).to_text() == mixed
    assert GAME.from_text("  " + START + "  ").to_text() == START


@pytest.mark.parametrize("text, problem", [
    ("", "empty"),
    ("8/8/8/8/8/8/8/8 w 4", "needs the board"),
    ("8/8/8/8/8/8/8 w 4 4", "7 ranks"),
    ("9/8/8/8/8/8/8/K7 w 3 4", "it needs 8"),
    ("[MS]7/8/8/8/8/8/8/K7 w 3 4", "[MS] on a8 is not a unit"),
    ("[SK]7/8/8/8/8/8/8/K7 w 3 4", "[SK] on a8 is not a unit"),
    ("[Km]7/8/8/8/8/8/8/K7 w 3 4", "[Km] on a8 is not a unit"),
    ("L7/8/8/8/8/8/8/k7 w 4 3", "L on a8 is not a unit"),
    ("[K7/8/8/8/8/8/8/k7 w 4 3", "not closed"),
    ("K7/8/8/8/8/8/8/k7 x 3 3", "'w' or 'b'"),
    ("K7/8/8/8/8/8/8/k7 w 5 3", "from 0 to 4"),
    ("K7/8/8/8/8/8/8/k7 w -1 3", "from 0 to 4"),
    ("K7/8/8/8/8/8/8/k7 w 3 three", "from 0 to 4"),
    ("K7/8/8/8/8/8/8/k7 w 4 3", "White's larges, 1 on the board and 4 in reserve, are more than the 4"),
    ("KKKKK3/8/8/8/8/8/8/k7 w 0 3", "5 on the board and 0 in reserve"),
    ("8/8/8/SSSSS3/8/8/8/k7 w 4 3", "only 4 smalls"),
    ("8/8/8/8/8/2SSSS2/2MMMM2/k7 w 3 3", "8 smalls and mediums, but 1 of their larges are out of reserve"),
    ("8/8/8/8/8/8/S7/k7 w 4 3", "small on a2 is behind its starting rank (rank 3)"),
    ("8/s7/8/8/8/8/8/K7 w 3 4", "small on a7 is behind its starting rank (rank 6)"),
    ("8/8/8/8/8/M7/8/k7 w 4 3", "medium on a3 cannot be there; mediums start on rank 2"),
    ("8/8/8/8/8/8/8/M6k w 4 3", "medium on a1 cannot be there"),
    ("m7/8/8/8/8/8/8/K7 w 3 4", "medium on a8 cannot be there; mediums start on rank 7"),
    ("8/8/8/8/8/8/8/K7 w 3 4", "Black has no pieces but has just moved"),
    ("K7/8/8/8/8/8/8/k7 w 3 3 fast=1", "no option 'fast'"),
    ("K7/8/8/8/8/8/8/k7 w 3 3 mandatory_capture", "expected name=value"),
])
def test_malformed_positions_are_rejected(text, problem):
    """from_text rejects illegal positions with a PositionError naming the problem."""
    with pytest.raises(PositionError) as err:
        GAME.from_text(text)
    assert problem in str(err.value)


def test_a_finished_position_loads():
    """The side to move may have no pieces: that is a finished game (§4), and it must load."""
    over = GAME.from_text("8/8/8/8/8/8/8/K7 b 3 4")
    assert over.outcome.winners == ("white",) and over.outcome.reason == "Black has no pieces left."


# -- explanations, clicks and labels ---------------------------------------------------------


@pytest.mark.parametrize("move", ["e2e4", "c3-d9", "c3-d4=Q", "C3-D4", "c3 - d4", "i1-a1"])
def test_malformed_moves_are_invalid(move):
    """Moves are written c3-d4, c3xe5, with =K to promote; anything else is not a move."""
    with pytest.raises(InvalidMoveError) as err:
        GAME.new().play(move)
    assert repr(move.strip()) in str(err.value) and "c3xe5" in str(err.value)


def test_explain_names_the_problem():
    """explain(): empty origin, opponent's piece, standing still; the message quotes the move."""
    state = GAME.new()
    assert refusal(state, "d5-d6") == "d5-d6: d5 is empty."
    assert refusal(state, "c6-d5") == "c6-d5: c6 holds Black's small; White is to move."
    assert refusal(state, "c3-c3") == "c3-c3: a piece must move to another square."
    assert refusal(state, "d2-d4") == "d2-d4: a piece may not jump over its own pieces (d3)."
    assert isinstance(state.explain("c3-d4=K"), IllegalMoveError)


def test_guide_for_clicks():
    """guide(): the pieces that can move, then their destinations, with the promotion choice."""
    state = GAME.new()
    first = state.guide(())
    assert set(first.targets) == {"c2", "f2", "c3", "d3", "e3", "f3", "offer-draw", "resign"}  # the panel's too
    assert first.message == "Choose a piece."
    piece = state.guide(("c3",))
    assert set(piece.targets) == {"b4", "d4"} and piece.message == "Choose where to go."
    assert state.guide(("c3", "d4")).moves == ("c3-d4",)
    choice = position({"b7": "S", "a1": "m"}).guide(("b7", "c8"))
    assert set(choice.moves) == {"b7-c8", "b7-c8=K"} and choice.message == "Choose:"


def test_hints_for_clicks_that_lead_nowhere():
    """hint(): an empty square, an opponent's piece, a piece with no move, a wrong destination."""
    state = GAME.new()
    assert state.guide(("d5",)).message == "d5 is empty: choose one of your pieces."
    assert state.guide(("d6",)).message == "That is Black's small; White is to move."
    assert state.guide(("d2",)).message == "This medium has no legal move."
    assert state.guide(("c3", "c5")).message == "A small moves only diagonally forward."
    assert state.guide(("z9",)).message == "z9 is not a square of the board."
    assert state.guide(("c3", "d4", "e5")).message.startswith("A move is two choices")
    assert not state.guide(("d5",)).ok and state.guide(("c3",)).ok


def test_path_label_and_captured_square():
    """path() is (from, to); label() names the promotion choice; captured_square() finds the victim."""
    state = position({"b8": "M", "c8": "k", "d4": "K", "d6": "s", "h1": "m"})
    assert state.path("b8xd8=K") == ("b8", "d8") and state.path("d4xd7") == ("d4", "d7")
    assert state.label("b8xd8=K") == "Promote to king" and state.label("b8xd8") == "Keep the medium"
    assert state.label("d4xd7") == "d4 to d7, capturing on d6"
    assert state.label("d4-d5") == "d4 to d5"
    promo = position({"b7": "S", "a1": "m"})
    assert promo.label("b7-c8=K") == "Promote to king" and promo.label("b7-c8") == "Keep the small"
    assert state.captured_square("d4xd7") == "d6" and state.captured_square("d4-d5") is None
    with pytest.raises(IllegalMoveError, match="d4-d8: a king moves at most 3 squares"):
        state.captured_square("d4-d8")
    with pytest.raises(InvalidMoveError):
        state.path("nonsense")
