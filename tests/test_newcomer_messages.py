"""The messages a newcomer tripped on (issue 51), each as the player reads it: whose dice, a tile drawn said
once, whole sentences with full stops, the end of a game that offers nothing more, a link's move said once,
the New game form, and what a reload keeps of the turns followed."""

from __future__ import annotations

import random
import re

import pytest
from test_ice_turn import pos as ice_turn_position

from pyramids import games, page, turns, views
from pyramids.games.icetoids import ORIENTATIONS
from pyramids.loading import Loading, to_storage
from pyramids.session import Session
from pyramids.svg import Marks
from pyramids.words import status_of, thinking

from conformance import playout


def test_ice_turn_the_dice_rolled_after_a_turn_are_the_next_players():
    """Issue 51: "Red ends the turn. Dice: the d6 rolls 2. Dice: the Treehouse die shows Hop." read Blue's
    coming dice as Red's: they are rolled for the next player (rules: "At the start of your turn roll")."""
    s = Session("ice-turn", rng=random.Random(1))
    rng, ended = random.Random(2), 0
    while ended < 3 and s.latest.outcome is None:
        before, mover = len(s.moves), s.latest.turn_of()
        s.play(rng.choice(s.latest.legal_moves()))
        nxt = s.latest.actor_name(s.latest.turn_of())
        if "end-turn" in s.moves[before:]:
            ended += 1
            assert s.message.endswith(f"{mover.capitalize()} ends the turn. {nxt} rolls {s.latest.roll} on the d6 "
                                      f"and {s.latest.face.capitalize()} on the Treehouse die."), s.message
            assert nxt != mover.capitalize() and "Dice" not in s.message
        elif s.moves[before].startswith("place:") and s.moves[-1].startswith("face:"):  # the last placement
            assert re.search(rf"\. {nxt} rolls \d on the d6 and \w+ on the Treehouse die\.$", s.message), s.message
    assert ended == 3


def test_ice_turn_the_log_says_whose_dice_open_a_turn():
    """Issue 51: log lines read "Red the d6 rolls 6; …"; now "Red rolls 6 on the d6 and Tip on the Treehouse
    die; …" (the entry's name, then the turn)."""
    s = Session("ice-turn", rng=random.Random(1))
    rng = random.Random(3)
    for _ in range(120):
        if s.latest.outcome is not None:
            break
        s.play(rng.choice(s.latest.legal_moves()))
    played = [t for t in s.turns() if t.seat is not None and s.moves[t.first - 1].startswith("roll:")]
    assert played
    for turn in played:
        said = turns.summary(s.states, s.moves, turn)
        assert re.match(r"rolls \d on the d6 and \w+ on the Treehouse die(; |$)", said), said
        told = turns.headline(s.states, s.moves, turn)
        assert re.match(rf"{turn.seat.capitalize()}'s turn: rolls \d on the d6", told), told
    sums = re.findall(r'<button type="button" class="sum".*?</button>', page.turn_log(s))
    assert sums and not any("the d6 rolls" in entry for entry in sums)
    assert any(re.search(r"<strong>Red</strong> rolls \d on the d6", entry) for entry in sums)


def test_icetoids_a_tile_drawn_is_said_once_and_a_seat_owns_its_turn_plainly():
    """Issue 51: "Tile drawn: the tile at b1 is revealed: the corner arrow tile." says one thing twice;
    "Yellow (P2)'s turn"."""
    s = Session("icetoids", moves=["p1:colour=red", "p1:home=a2", "p2:colour=yellow", "p2:home=d3"],
                rng=random.Random(0))
    s.play("off-a2")
    assert re.fullmatch(r"Red \(P1\) brings a waiting piece onto a2\. Tile drawn at a2: (a \w+ target|the \w+ arrow "
                        r"tile)\.", s.message), s.message
    assert "revealed" not in s.words.describe(len(s.moves))
    while s.latest.turn_of() == "p1":
        s.play(s.latest.legal_moves()[0])
    s.play("off-d3")
    while s.latest.turn_of() == "p2":
        s.play(s.latest.legal_moves()[0])
    (yellow,) = [t for t in s.turns() if t.seat == "p2" and t.first > 4]
    assert turns.headline(s.states, s.moves, yellow).startswith("Yellow's turn: brings a waiting piece onto d3; "
                                                                "reveals ")


def test_the_computer_s_seat_thinking_is_said_with_one_pair_of_brackets():
    """ "Red (P1) (computer) is thinking…" read as two asides in a row; a seat named with its number takes the
    computer into its brackets."""
    s = Session("icetoids", moves=["p1:colour=red", "p1:home=a2", "p2:colour=yellow", "p2:home=d3"])
    assert thinking(s.latest.actor_name("p1")) == "Red (P1, computer) is thinking…"
    assert thinking(games.get("ice-lady").new().actor_name("black")) == "Black (computer) is thinking…"
    assert thinking("Blue", chosen=True) == ("Blue (computer) has chosen its move: it waits while you read the last "
                                             "turn…")
    assert thinking("Blue", playing=True, chosen=True) == "Blue (computer) is playing its turn…"


def ended(game_id):
    """A finished game of `game_id`: a random one, else (Ice-Turn's races rarely end at random) a nest built."""
    game = games.get(game_id)
    for seed in range(12):
        moves = playout(game, random.Random(seed), max_plies=400)
        if game.replay(moves).outcome is not None:
            return game.replay(moves[:-1]), moves[-1]
    state = ice_turn_position({"d4": "r1r2", "d1": "r3", "a1": "b3b2b1"}, face="hop")
    return state, "hop:d1-d4"


@pytest.mark.parametrize("game_id", games.ids())
def test_every_game_s_result_is_a_whole_sentence(game_id):
    """Issue 51: "IceToids' result has no full stop"; every game's, as the end panel shows it."""
    before, move = ended(game_id)
    state = before.play(move)
    assert state.outcome.reason.endswith("."), state.outcome.reason
    assert status_of(state).endswith("."), status_of(state)


@pytest.mark.parametrize("game_id", games.ids())
def test_what_a_game_asks_for_it_asks_in_words_every_hand_can_follow(game_id):
    """A phone taps and the keys press Enter: IceToids asked to "click one of its pictures by the board".  The
    status and the words that guide a move's choices, over random games, ask to choose, never to click."""
    game, rng = games.get(game_id), random.Random(7)
    for _ in range(3):
        state = game.new()
        for move in playout(game, rng, max_plies=150):
            said = [status_of(state)]
            if state.outcome is None and (plays := state.legal_plays()):
                path = state.path(rng.choice(plays))
                said += [state.guide(path[:i]).message for i in range(len(path))]
            for words in said:
                assert not re.search(r"\bclick", words, re.IGNORECASE), words
            state = state.play(move)


def test_a_hint_is_a_sentence_of_its_own():
    """Issue 51: "Hint: Red mines its medium … withdrawn Yellow: caps …"; Ice Lady's "Hint: White medium d2 to d4"
    has no full stop."""
    s = Session("ice-lady")
    s.clicks.show_hint("d3-e4")
    assert s.message == "Hint: White small d3 to e4."
    s = Session("terrafex")
    s.clicks.show_hint("forest:grow:d2")
    assert s.message.startswith("Hint: White grows ") and s.message.endswith(".") and not s.message.endswith("..")


def test_after_the_end_the_typed_move_says_the_game_is_over():
    """Issue 51: "Type a move" says "e.g. (no move to make here)." after the end."""
    s = Session("ice-lady")
    assert page.move_help(s) == f"In the notation of the move list, e.g. {s.latest.legal_moves()[0]}."
    s.play("d3-e4")
    s.go(0)
    assert page.move_help(s) == "You are looking at move 0 of 1: press End (or Last) to type a move."
    s.go(1)
    s.play("resign")
    assert s.latest.outcome is not None
    assert page.move_help(s) == "The game is over: there is no move to type."


def test_ice_turn_s_panel_after_the_end_shows_how_it_ended_not_the_dice():
    """Issue 51: "Ice-Turn's panel still shows Treehouse and movement points after 'Blue wins'"."""
    before, move = ended("ice-turn")
    state = before.play(move)
    html = views.panel(state)
    assert "Treehouse" not in html and "movement points" not in html
    assert f"The game is over. {state.outcome.reason}" in html
    assert "Treehouse" in views.panel(before), "while it runs, the dice are there"


def test_the_new_game_form_leaves_the_computer_s_seat_unticked_and_counts_only_the_players_moves():
    """Issue 51: "New game with Black = Computer still has both sides ticked under 'I play'"; "New game on a
    fresh Ice-Turn board warns 'This game (16 moves) is not in My games' (the 16 are the automatic deal)"."""
    form = page.mine_form(Session("ice-lady"), {"black": "medium"})
    white, black = re.findall(r'<input type="checkbox" name="mine" value="(\w+)"([^>]*)>', form)
    assert white == ("white", " checked") and black == ("black", " disabled")
    fresh = Session("ice-turn")
    assert len(fresh.moves) == 16 and fresh.made() == 0
    fresh.play(fresh.latest.legal_moves()[0])
    assert fresh.made() == 1 and page.leaving(fresh.made(), False).startswith("This game (1 move) is not in My games")


def test_the_icetoids_orientation_pictures_are_the_choices():
    """Issue 51: "after a reveal, the four orientation pictures above the board look like buttons and do nothing
    (the tile must be clicked first, then the same choices appear under a bare 'Choose:')"."""
    s = Session("icetoids", moves=["p1:colour=red", "p1:home=a2", "p2:colour=blue", "p2:home=a1S", "off-a2",
                                   "reveal:a2=corner"])
    board = page.board(s)
    pictures = re.findall(r'<g class="preview" data-arrows="(\w+)" data-cell="turn:(\w+)" aria-label="([^"]*)"', board)
    assert [(a, b) for a, b, _ in pictures] == [(a, a) for a in ORIENTATIONS["corner"]]
    assert [name for _, _, name in pictures] == [f"turn a2: {s.latest.label(f'orient:a2={a}')}"
                                                 for a in ORIENTATIONS["corner"]]
    assert 'pointer-events="none"' not in board[board.index('class="orientations"'):][:40]
    assert all(f'data-cell="turn:{a}" aria-label="turn a2: {s.latest.label(f"orient:a2={a}")}" data-start' in board
               for a in ORIENTATIONS["corner"]), "Tab enters the board on a picture"
    s.clicks.click("turn:SW")
    assert s.moves[-1] == "orient:a2=SW" and s.message == "Red (P1) turns the tile at a2: arrows south and west."


def test_a_hint_lights_the_picture_of_the_layout():
    s = Session("icetoids", moves=["p1:colour=red", "p1:home=a2", "p2:colour=blue", "p2:home=a1S", "off-a2",
                                   "reveal:a2=straight"])
    s.clicks.show_hint("orient:a2=EW")
    assert s.clicks.marks().targets == ("turn:EW",)
    drawn = views.draw(s.state, Marks((), ("turn:EW",)))
    lit = re.search(r'data-cell="turn:EW"><rect [^>]*class="choice"[^>]*stroke="#1f7ae0"', drawn)
    assert lit and not re.search(r'data-cell="turn:NS"><rect [^>]*class="choice"[^>]*stroke="#1f7ae0"', drawn)


def test_a_link_s_moves_are_no_longer_new_once_the_player_moves():
    """Issue 51: "the receiver's own last move is tagged 'new' in its log"."""
    s = Session("ice-lady", moves=["d3-e4", "e6-f5"])
    s.link_play.choose(["white"])
    s.link_play.unseen = s.following.watched = s.following.told = 1  # the link brought Black's move
    assert s.following.news() == "Black small e6 to f5.", "said once, as the computer's move would be"
    assert page.move_list(s).count(" new") == 1
    s.play("e4xg6")
    assert s.link_play.unseen is None and " new" not in page.move_list(s)
    terrafex = Session("terrafex", moves=["forest:grow:d2"])
    terrafex.link_play.unseen = 0
    terrafex.play("mountain:start:g4")
    assert " new" not in page.turn_log(terrafex)


def test_a_reload_keeps_the_turns_followed_and_the_moves_a_link_brought():
    """Issue 51: "A reload forgets the computer's last turn: message, outline and Replay turn are gone (the README
    says a reload brings back what was on screen)"."""
    s = Session("terrafex", bots={"black": "easy"}, rng=random.Random(0))
    for move in ("mountain:start:c1", "glacier:h2W", "forest:grow:c3", "fire:2"):
        s.play(move)
    s.play_bot("fire:burn:d2", s.position_key())
    for move in ("mountain:start:c7", "forest:spread:c4", "glacier:a3E", "fire:3"):
        s.play_bot(move, s.position_key())
    news, marks, span = s.following.news(), s.clicks.marks(), s.following.replay_span()
    assert news.startswith("Black's turn: ") and span
    again, note = Loading.from_storage(to_storage(s)).finish()
    assert note is None
    assert (again.clicks.marks(), again.following.replay_span()) == (marks, span)
    fire = "Black plays the medium fire: burns the medium forest on d2 away; the medium fire goes to the fire pit."
    assert again.following.news() == f"{fire} {news}", "all it outlines: the fire it played, told at once, too"
    again.clicks.click("e4")  # White places Black's fire; Black's turn was told before: not again
    assert again.following.news() == ""
    reloaded = Loading.from_storage(to_storage(again)).finish()[0]  # the message is gone: the turn is told whole again
    assert (news[:-1] + "; White plays the large fire: burns the small forest on e4") in reloaded.following.news()

    s = Session("terrafex", bots={"black": "easy"}, rng=random.Random(0))
    for move in ("mountain:start:c1", "glacier:h2W", "forest:grow:c3", "fire:2"):
        s.play(move)
    s.play_bot("fire:burn:d2", s.position_key())  # told at once; White's own actions never told back to White
    reloaded = Loading.from_storage(to_storage(s)).finish()[0]
    assert reloaded.following.news() == s.message

    s = Session("ice-lady", moves=["d3-e4", "e6-f5"])
    s.link_play.unseen = s.following.watched = s.following.told = 1
    again = Loading.from_storage(to_storage(s)).finish()[0]
    assert ((again.link_play.unseen, again.following.watched, again.following.told) == (1, 1, 1)
            and again.following.news() == "Black small e6 to f5.")


def test_a_save_s_followed_turns_out_of_range_are_left_out():
    s = Session("ice-lady", moves=["d3-e4"])
    text = to_storage(s).replace('"followed": null', '"followed": [5, "x"]').replace('"unseen": null', '"unseen": -1')
    loading = Loading.from_storage(text)
    again, note = loading.finish()
    assert (note is None and again.following.watched is None and again.link_play.unseen is None
            and again.following.told == 0)
