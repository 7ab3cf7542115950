"""A draw by agreement and resignation: the core's moves for games whose rules allow them (Ice Lady).

docs/rules/ice-lady.md §4: "Draw: only by mutual agreement [A16] ... Resignation is
allowed."  Each player decides on their own turn; the answer to an offer is the other player's
decision inside the offerer's turn.
"""

import dataclasses
import random
import re

import pytest

import ice_lady_kings
from conformance import bot_game, check_state
from pyramids import ai, games, page, record, views
from pyramids.core import (ACCEPT_DRAW, CONFIRM_RESIGN, DECLINE_DRAW, NO_AGREEMENT, OFFER_DRAW, RESIGN, Agreement,
                           IllegalMoveError, PositionError)
from pyramids.games.ice_lady import INDEX, NEVER, PLAYERS, THREE_KINGS_LOST, symmetries, three_kings
from pyramids.grid import join_row
from pyramids.record import Record
from pyramids.session import Session
from pyramids.svg import Marks

GAME = games.get("ice-lady")
TWO_KINGS_AGAINST_ONE = "k7/8/8/8/8/8/8/K6K w 2 3"  # nobody can capture: neither side can win
THREE_KINGS_AGAINST_ONE = "k7/8/8/8/8/8/8/K2K3K w 1 3"  # the lone king holds out for ever
THREE_KINGS_WIN = "8/8/K7/8/8/4K3/8/k2K4 b 0 0"  # a1 lone, to move: taken in ten plies (the table: a1d1e3a6:10)
FOUR_KINGS_AGAINST_ONE = "k7/8/8/8/8/8/8/K1K2K1K w 0 3"
AHEAD = "8/8/8/3s4/8/2SSSS2/8/8 w 4 4"  # White four smalls, Black one


def refusal(state, move):
    with pytest.raises(IllegalMoveError) as err:
        state.play(move)
    return str(err.value)


def test_the_player_to_move_may_offer_a_draw_or_resign():
    start = GAME.new()
    assert {OFFER_DRAW, RESIGN} <= set(start.legal_moves())
    assert OFFER_DRAW not in start.legal_plays() and RESIGN not in start.legal_plays()  # what a search explores
    assert start.actor_of(OFFER_DRAW) == "white" and start.describe(OFFER_DRAW) == "White offers a draw"


def test_an_offer_waits_for_the_other_players_answer_and_nothing_else():
    offered = GAME.new().play(OFFER_DRAW)
    assert offered.actors == ("black",) and sorted(offered.legal_moves()) == [ACCEPT_DRAW, DECLINE_DRAW]
    assert offered.turn_of() == "white"  # the answer belongs to White's turn, in the game log
    assert offered.prompt() == "White offers a draw: Black accepts or declines it."
    message = refusal(offered, "c3-d4")
    assert message == "White offered a draw: Black first accepts it (accept-draw) or declines it (decline-draw)."
    assert refusal(offered, RESIGN) == message
    assert offered.guide(("f6",)).message == message  # a click on the board says so too


def test_an_accepted_offer_ends_the_game_drawn():
    drawn = GAME.new().play(OFFER_DRAW).play(ACCEPT_DRAW)
    assert drawn.outcome.draw and drawn.outcome.reason == "The players agreed to a draw."
    assert drawn.legal_moves() == [] and drawn.actors == ()


def test_a_declined_offer_is_not_made_again_until_the_position_changes_for_good():
    declined = GAME.new().play(OFFER_DRAW).play(DECLINE_DRAW)
    assert declined.actors == ("white",)
    assert OFFER_DRAW not in declined.legal_moves() and RESIGN in declined.legal_moves()
    assert refusal(declined, OFFER_DRAW) == ("White's draw offer was declined; White may offer again once a piece "
                                             "is captured or promoted, or a small or medium moves forward.")
    sideways = declined.play("c2-a2")  # a medium's sideways move: the same era
    assert OFFER_DRAW in sideways.legal_moves()  # Black never offered
    back = sideways.play("c7-a7")
    assert OFFER_DRAW not in back.legal_moves()
    forward = back.play("c3-d4")  # a small steps forward: a position that can never come back
    assert OFFER_DRAW in forward.play("f6-e5").legal_moves()


def test_resignation_gives_the_other_player_the_game():
    resigned = GAME.new().play("c3-d4").play(RESIGN)
    assert resigned.outcome.winners == ("white",) and resigned.outcome.reason == "Black resigned."
    assert GAME.new().describe(RESIGN) == "White resigns"


def test_offers_do_not_count_as_the_position_coming_about_again():
    """Our rule against endless play counts positions; an offer and its answer leave the board as it was."""
    state = GAME.from_text(TWO_KINGS_AGAINST_ONE)
    for move in ("a1-b2", "a8-b8", "b2-a1", "b8-a8"):
        state = state.play(move)
    assert state.repetitions == 2
    declined = state.play(OFFER_DRAW).play(DECLINE_DRAW)
    assert declined.repetitions == 2 and declined.outcome is None


def test_the_agreement_and_the_road_are_declared_fields_of_every_state():
    """A state's fields hold all of it: `replace` and `repr` carry the offer and the positions seen, and a
    pending offer is part of what makes two states equal where the road that led there is not."""
    offered = GAME.from_text(TWO_KINGS_AGAINST_ONE).play("a1-b2").play(OFFER_DRAW)
    names = {f.name: f for f in dataclasses.fields(offered)}
    assert offered.agreement.offer == "black" and offered.history is not None
    assert names["agreement"].compare and not names["history"].compare
    assert "history=None, agreement=Agreement(offer=None" in repr(games.get("ice-towers").new())
    copied = dataclasses.replace(offered)
    assert copied.agreement == offered.agreement and copied.history is offered.history
    assert copied.actors == ("white",) and copied.to_text() == offered.to_text()


def test_reading_a_count_or_an_agreement_back_leaves_the_state_asked_as_it_was():
    """`with_repetitions` and `with_agreement` make a new state: the computer asks what a third time would
    end in (`ai._repeating_hurts`) of a state other code holds."""
    start = GAME.from_text(TWO_KINGS_AGAINST_ONE)
    moved = start.play("a1-b2")
    thrice = moved.with_repetitions(3)
    assert thrice.outcome is not None and thrice is not moved
    assert moved.repetitions == 1 and moved.outcome is None and start.played("a1-b2") is moved
    offered = moved.with_agreement(Agreement(offer="black"))
    assert offered.actors == ("white",) and moved.agreement == NO_AGREEMENT


@pytest.mark.parametrize("moves", [(OFFER_DRAW,), (OFFER_DRAW, DECLINE_DRAW), (OFFER_DRAW, DECLINE_DRAW, "c3-d4"),
                                   (OFFER_DRAW, ACCEPT_DRAW), ("c3-d4", RESIGN)])
def test_position_text_holds_the_agreement(moves):
    state = GAME.replay(moves)
    check_state(GAME, state)  # round-trips, and plays the same once read back
    assert GAME.from_text(state.to_text()).outcome == state.outcome


@pytest.mark.parametrize("text", [
    "8/2mmmm2/2ssss2/8/8/2SSSS2/2MMMM2/8 w 4 4 offer=black",  # not Black's turn
    "8/2mmmm2/2ssss2/8/8/2SSSS2/2MMMM2/8 w 4 4 offer=green",
    "8/2mmmm2/2ssss2/8/8/2SSSS2/2MMMM2/8 w 4 4 offer=white resigned=white",
    "8/2mmmm2/2ssss2/8/8/2SSSS2/2MMMM2/8 w 4 4 draw=yes",
])
def test_a_position_with_an_impossible_agreement_is_refused(text):
    with pytest.raises(PositionError):
        GAME.from_text(text)


def test_games_whose_rules_say_nothing_of_agreement_do_not_have_it():
    for game_id in ("terrafex", "icetoids", "ice-turn"):
        state = games.get(game_id).new()
        assert not {OFFER_DRAW, RESIGN} & set(state.legal_moves())


def test_resigning_by_clicks_asks_twice():
    """A click by mistake must not end a game: Resign the game shows Yes, resign."""
    state = GAME.new()
    asked = state.guide((RESIGN,))
    assert asked.targets == (CONFIRM_RESIGN,) and not asked.moves
    assert asked.message == "Resign the game? Choose Yes, resign to confirm, or press Esc to play on."
    assert state.guide((RESIGN, CONFIRM_RESIGN)).moves == (RESIGN,)
    session = Session("ice-lady")
    session.clicks.click(RESIGN)
    assert session.message == asked.message and session.latest.outcome is None
    session.clicks.click(CONFIRM_RESIGN)
    assert session.latest.outcome.winners == ("black",) and session.words.result() == "0-1 Black wins"


def test_the_panel_offers_agreement_only_to_the_people_playing_here():
    start = GAME.new()
    mine = views.panel(start, None, Marks(), people=["white"])
    assert 'data-cell="offer-draw"' in mine and 'data-cell="resign"' in mine and "Resign the game" in mine
    assert "data-cell" not in views.panel(start, None, Marks(), people=["black"])  # the computer's turn
    asked = views.panel(start, None, Marks((RESIGN,), (CONFIRM_RESIGN,)), people=["white"])
    assert 'class="agree lit" data-cell="confirm-resign">Yes, resign<' in asked
    offered = views.panel(start.play(OFFER_DRAW), None, Marks(), people=["black"])
    assert "Accept the draw" in offered and 'data-cell="decline-draw">Decline the draw<' in offered
    assert views.panel(games.get("terrafex").new(), None, Marks()).count("agree") == 0


def test_a_game_with_an_offer_still_has_a_compact_link():
    """Links made before draw offers existed read the same: their moves index the board's moves only."""
    plain = Record("ice-lady", {}, ("c3-d4", "f6-e5"))
    agreed = Record("ice-lady", {}, ("c3-d4", OFFER_DRAW, DECLINE_DRAW, "f6-e5", RESIGN))
    assert "c=2." in record.encode_compact(plain)
    text = record.encode_compact(agreed)
    assert "c=5~" in text
    assert record.replay(record.decode(text)).moves == list(agreed.moves)
    session = Session("ice-lady", moves=agreed.moves[:-1])
    assert record.replay(record.decode(session.link_play.share_link())).moves == list(agreed.moves[:-1])


# -- the computer -------------------------------------------------------------------
def test_two_kings_against_one_is_a_drawn_ending_and_three_only_where_the_table_says():
    assert GAME.from_text(TWO_KINGS_AGAINST_ONE).drawn_ending()
    assert GAME.from_text(THREE_KINGS_AGAINST_ONE).drawn_ending()
    assert not GAME.from_text(THREE_KINGS_WIN).drawn_ending()
    assert not GAME.from_text("8/8/8/3k4/2K5/8/8/7K w 2 3").drawn_ending()  # White takes the king now
    assert not GAME.from_text(FOUR_KINGS_AGAINST_ONE).drawn_ending()
    assert not GAME.from_text(AHEAD).drawn_ending()


# -- three kings against one, solved (tools/ice_lady_kings.py) ------------------------------------
def kings_text(lone: int, three: tuple[int, ...], lone_to_move: bool, three_colour: str = "white") -> str:
    """Ice Lady with three kings of `three_colour` on `three` and the other side's on `lone` (squares 0-63)."""
    mine, theirs = ("K", "k") if three_colour == "white" else ("k", "K")
    piece = {square: mine for square in three} | {lone: theirs}
    ranks = (join_row([piece.get(square) for square in range(row * 8, row * 8 + 8)]) for row in range(7, -1, -1))
    lone_colour = "b" if three_colour == "white" else "w"
    return "/".join(ranks) + f" {lone_colour if lone_to_move else three_colour[0]} 0 0"


def by_one_move(state) -> float:
    """Plies until the lone king is taken with best play, from the table's word on each position one move
    on and the rules' moves: the three take it, or the lone king takes one of them (two kings cannot take
    one that takes care, unless it lands within their reach)."""
    values = []
    for move in state.legal_plays():
        after = state.play(move)
        if after.outcome is not None:  # "all of the opponents pieces are captured"
            values.append(1)
            continue
        plies = three_kings(after)
        if plies is None:  # two against one
            plies = 1 if any("x" in reply for reply in after.legal_plays()) else NEVER
        values.append(plies + 1)
    three = 3 == sum(cell is not None and cell[0] == state.to_move for cell in state.board)
    return min(values) if three else max(values)


def test_the_three_kings_table_is_the_analysis_of_every_position():
    """The table in the rules module is what tools/ice_lady_kings.py's retrograde analysis finds today."""
    assert ice_lady_kings.table(ice_lady_kings.lost_positions()) == THREE_KINGS_LOST


def test_the_three_kings_table_agrees_with_the_rules_one_move_on():
    """Rules A9 (kings move 1-3 squares any of 8 ways and take by landing beyond) and section 4 (the win):
    every position the table says the lone king loses, in each of the board's eight symmetries and with
    either colour three, and 600 others with either side to move, get the same plies from the table as
    from the positions one move on by the game's own moves."""
    rng = random.Random(7)
    positions = []
    for entry in THREE_KINGS_LOST.split():
        key = tuple(INDEX[entry[i:i + 2]] for i in range(0, 8, 2))
        positions += [kings_text(lone, three, True, colour) for lone, *three in symmetries(key) for colour in PLAYERS]
    for _ in range(600):
        lone, *three = rng.sample(range(64), 4)
        positions.append(kings_text(lone, tuple(sorted(three)), rng.random() < 0.5, rng.choice(PLAYERS)))
    lost = 0
    for text in positions:
        state = GAME.from_text(text)
        plies = three_kings(state)
        assert plies == by_one_move(state), text
        lost += plies != NEVER and state.to_move != three_kings_side(state)
    assert lost >= 2 * 1952  # every lost position, in each colour


def three_kings_side(state) -> str:
    return next(p for p in PLAYERS if sum(cell is not None and cell[0] == p for cell in state.board) == 3)


def test_three_kings_against_one_is_known_only_with_nothing_else_and_captures_optional():
    assert three_kings(GAME.from_text(THREE_KINGS_WIN)) == 10
    assert three_kings(GAME.from_text(THREE_KINGS_AGAINST_ONE)) == NEVER
    assert three_kings(GAME.from_text(THREE_KINGS_WIN + " mandatory_capture=1")) is None  # other rules, no table
    assert three_kings(GAME.from_text(FOUR_KINGS_AGAINST_ONE)) is None
    assert three_kings(GAME.from_text(THREE_KINGS_WIN.replace("8/8/K7", "8/S7/K7"))) is None  # a small: no table


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_the_computer_takes_a_lone_king_the_table_says_it_can(level):
    """Section 4: "The game is won when all of the opponents pieces are captured".  Ten plies with best
    play: the search heads for the table's quickest win, whoever defends."""
    state = GAME.from_text(THREE_KINGS_WIN)
    untimed = {"black": dataclasses.replace(ai.LEVELS["hard"].scaled(0.5), seconds=600),
               "white": dataclasses.replace(ai.LEVELS[level].scaled(0.5), seconds=600)}
    rng = random.Random(1)
    for _ in range(10):
        state = state.play(ai.choose(state, level=untimed[state.to_move], rng=rng))
        if state.outcome is not None:
            break
    assert state.outcome is not None and state.outcome.winners == ("white",), state.to_text()


def test_a_small_left_on_the_far_row_counts_for_nothing_in_a_drawn_ending():
    """Rules 3.3: a small only steps or jumps diagonally forward, so one left unpromoted on the far row
    (promotion is optional, A11) never moves again; a king and such a small against a king is a king
    against a king (a bench game of Hard against Medium went on so to its 300-ply cap)."""
    assert GAME.from_text("S7/8/8/5K2/8/8/6k1/8 w 2 2").drawn_ending()
    assert GAME.from_text("8/8/8/5K2/8/8/6k1/s7 b 2 2").drawn_ending()  # Black's, on rank 1
    assert not GAME.from_text("8/S7/8/5K2/8/8/6k1/8 w 2 2").drawn_ending()  # it may still step and promote
    assert not GAME.from_text("M7/8/8/5K2/8/8/6k1/8 w 2 2").drawn_ending()  # a medium moves sideways


@pytest.mark.parametrize("level", ai.LEVELS)
def test_the_computer_offers_a_draw_only_where_nobody_can_win(level):
    assert ai.choose(GAME.from_text(TWO_KINGS_AGAINST_ONE), level=level, rng=random.Random(1)) == OFFER_DRAW
    assert ai.choose(GAME.from_text(THREE_KINGS_AGAINST_ONE), level=level, rng=random.Random(1)) == OFFER_DRAW
    assert ai.choose(GAME.from_text(FOUR_KINGS_AGAINST_ONE), level=level, rng=random.Random(1)) != OFFER_DRAW
    assert ai.choose(GAME.from_text(THREE_KINGS_WIN).play("a1-a2"), level=level, rng=random.Random(1)) != OFFER_DRAW
    assert ai.choose(GAME.new(), level=level, rng=random.Random(1)) not in (OFFER_DRAW, RESIGN)


@pytest.mark.parametrize("level", ai.LEVELS)
def test_the_computer_accepts_a_draw_when_behind_or_when_nobody_can_win(level):
    def answer(text):
        return ai.choose(GAME.from_text(text).play(OFFER_DRAW), level=level, rng=random.Random(1))

    assert answer(AHEAD) == ACCEPT_DRAW  # Black, one small against four
    assert answer(AHEAD.replace(" w ", " b ")) == DECLINE_DRAW  # White, ahead
    assert answer("8/2mmmm2/2ssss2/8/8/2SSSS2/2MMMM2/8 w 4 4") == DECLINE_DRAW  # even: it plays on
    assert answer(TWO_KINGS_AGAINST_ONE.replace(" w ", " b ")) == ACCEPT_DRAW  # White, ahead, but cannot win


def test_bots_end_a_drawn_ending_by_agreement():
    state = GAME.from_text(TWO_KINGS_AGAINST_ONE)
    for _ in range(2):
        state = state.play(ai.choose(state, level="medium", rng=random.Random(1)))
    assert state.outcome is not None and state.outcome.draw and state.outcome.reason == "The players agreed to a draw."


# -- a game that goes nowhere ----------------------------------------------------------------
FOUR_KINGS_AGAINST_TWO = "8/8/8/8/K6K/3K4/6k1/k3K3 b 0 2"  # a bench game of Hard against Medium, 60 moves stuck


def test_quiet_plies_count_the_moves_since_the_position_last_changed_for_good():
    """Rules section 4 and our repetition rule's era: a capture, a promotion, or a small or medium moving
    forward changes the position for good; an offer and its answer are no moves on the board."""
    state = GAME.from_text(FOUR_KINGS_AGAINST_TWO)
    assert state.quiet_plies == 0
    state = state.play("g2-f2").play("e1-e2")
    assert state.quiet_plies == 2
    state = state.play(OFFER_DRAW).play(DECLINE_DRAW)
    assert state.quiet_plies == 2
    assert state.play("f2xd2").quiet_plies == 0  # a capture
    assert Session("ice-lady", moves=("c3-d4", "f6-e5", "c2-a2")).latest.quiet_plies == 1  # a medium sideways


@pytest.mark.parametrize("level", ai.LEVELS)
def test_the_computer_offers_and_accepts_a_draw_after_thirty_moves_each_that_changed_nothing(level):
    """Four kings have not taken two in sixty moves: the side ahead offers a draw, and the side behind, or
    the side ahead asked, agrees; a move earlier neither does (the ending is not a drawn one)."""
    stuck = GAME.from_text(FOUR_KINGS_AGAINST_TWO.replace(" b ", " w "))
    assert not stuck.drawn_ending()
    rng = random.Random(1)
    assert ai.choose(stuck, level=level, rng=rng, quiet=ai.QUIET_DRAW_PLIES) == OFFER_DRAW
    assert ai.choose(stuck, level=level, rng=rng, quiet=ai.QUIET_DRAW_PLIES - 1) != OFFER_DRAW
    asked = GAME.from_text(FOUR_KINGS_AGAINST_TWO).play(OFFER_DRAW)  # Black, behind, offers; White answers
    assert ai.choose(asked, level=level, rng=rng, quiet=ai.QUIET_DRAW_PLIES) == ACCEPT_DRAW
    assert ai.choose(asked, level=level, rng=rng, quiet=ai.QUIET_DRAW_PLIES - 1) == DECLINE_DRAW


def test_bots_end_a_game_that_goes_nowhere_by_agreement():
    """Four kings against two, a bench game of Hard against Medium that ran to its 300-ply cap.  Counting
    the moves from the state's own history, the bots agree a draw once thirty moves each have changed
    nothing.  (Hard with a small budget and no time cap, so the game is the same every run: with this
    rng White gives up two kings and two against two go nowhere.  Other games from here are won since
    four kings are led to what three of them win, `ice_lady.four_kings`; Medium at a fifth trades kings
    into a drawn ending at once.)"""
    start = GAME.from_text(FOUR_KINGS_AGAINST_TWO)
    untimed = dataclasses.replace(ai.LEVELS["hard"].scaled(0.05), seconds=600)
    moves, end = bot_game(GAME, lambda actor: untimed, random.Random(3), max_plies=200, start=start)
    assert end.outcome is not None and end.outcome.reason == "The players agreed to a draw.", end.to_text()
    offered = start
    for move in moves[:-2]:
        offered = offered.play(move)
    assert moves[-2] == OFFER_DRAW and offered.quiet_plies == ai.QUIET_DRAW_PLIES and not offered.drawn_ending()


def test_the_page_lists_an_offer_in_words():
    session = Session("ice-lady", moves=("c3-d4", OFFER_DRAW, DECLINE_DRAW))
    assert [session.words.describe(ply) for ply in (2, 3)] == ["Black offers a draw", "White declines the draw"]
    assert "Black offers a draw" in page.move_list(session)


def test_the_score_sheet_numbers_board_moves_only():
    """A draw offered and declined takes a row of its own with no number: White's next move is still its
    second, as on a chess score sheet, in a window of the list too."""
    session = Session("ice-lady", moves=("c3-d4", "f6-e5", OFFER_DRAW, DECLINE_DRAW, "d4-c5", "d6xb4"))
    numbers = re.findall(r'<li class="[^"]*" data-ply="(\d)"(?: data-num="([^"]*)")?>', page.move_list(session))
    assert numbers == [("1", "1."), ("2", ""), ("3", ""), ("4", ""), ("5", "2."), ("6", "")]
    assert 'data-num="2."' in page.move_list(session, start=4)
    assert 'class="ply gap" data-num="2."' in page.move_list(session, start=5)


def test_an_offer_leaves_the_last_board_move_outlined():
    """The player asked to accept a draw still sees the move the board last changed by."""
    session = Session("ice-lady", moves=("c3-d4", "f6-e5"))
    outlined = session.clicks.marks().last
    session.clicks.click(OFFER_DRAW)
    assert session.clicks.marks().last == outlined and outlined
    session.clicks.click(DECLINE_DRAW)
    assert session.clicks.marks().last == outlined
