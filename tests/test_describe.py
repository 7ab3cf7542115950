"""Moves in words (issue 13): every move kind of every game has a human description.

`state.describe(move)` is what the move list, its tooltips and the message
after a move show; the notation stays in links and the "copy notation" view.
Each test quotes the kind of move it describes, from the game's notation.
"""

from __future__ import annotations

import gc
import random
import re

import pytest

from pyramids import games
from pyramids.core import CHANCE

from test_ice_towers import table
from test_icetoids import position as toids_position
from test_ice_turn import pos as turn_pos
from test_terrafex import position as fex_position

LADY, TOWERS, TOIDS, TURN, FEX = (games.get(g) for g in ("ice-lady", "ice-towers", "icetoids", "ice-turn", "terrafex"))


def words(state, moves: dict[str, str]) -> None:
    """Each legal move of `state` reads as given."""
    for move, text in moves.items():
        assert move in state.legal_moves(), move
        assert state.describe(move) == text


# -- Ice Lady --------------------------------------------------------------------------------------

def test_ice_lady_steps_captures_promotions_and_trees():
    """`c3-d4` a step, `c3xe5` a capture, `=K` a promotion (or not), a piece joining its king as a tree."""
    state = LADY.from_text("3K4/1S2S3/8/8/3s4/2S5/8/7s w 3 4")
    words(state, {
        "c3-b4": "White small c3 to b4",
        "c3xe5": "White small c3 to e5, capturing Black's small on d4",
        "b7-c8=K": "White small b7 to c8, promoted to king",
        "b7-c8": "White small b7 to c8",
        "e7-d8": "White small e7 to d8, joining its king as a king tree (K+S)",
        "d8-d5": "White king d8 to d5",
    })
    assert LADY.new().describe("c2-a2") == "White medium c2 to a2"
    tree = LADY.from_text("8/8/8/8/3[km]4/2S5/8/8 w 4 3")
    assert tree.describe("c3xe5") == "White small c3 to e5, capturing the medium off Black's king tree (K+M) on d4"


# -- Ice Towers: no tower ids (the board shows none) -----------------------------------------------

def test_ice_towers_caps_mines_and_splits_name_towers_by_colour_and_worth():
    """`red:cap:rL2>t3`, `red:mine:rM1`, `red:split:yM2`: towers by top colour and points, never by id."""
    state = table("t1:yL1,rM1,yM1,rS1", "t2:yL2,rL2", "t3:rL3,yS1,yS2", held=("rM2@t2",))
    words(state, {
        "yellow:mine:yM1": "Yellow mines its medium from the red tower (8 pts) and holds it",
        "yellow:cap:yL3>t2": "Yellow caps the red tower (6 pts) with its free-standing large",
    })
    held_cap = next(m for m in state.legal_moves() if m.startswith("red:cap:rM2>"))
    assert re.fullmatch(r"Red caps Yellow's free-standing (small|medium|large) \(\d pts?\) with the medium it holds",
                        state.describe(held_cap))
    split = table("t1:rL1,yM1,yS1")
    words(split, {"red:split:yS1": "Red lifts Yellow's small off the yellow tower (6 pts), "
                                   "to stand as a free-standing small"})
    split = table("t1:rL1,yM1,yM2,rS1")
    words(split, {"yellow:mine:yM2": "Yellow mines its medium from the red tower (8 pts) and holds it"})
    split = table("t1:rL1,yL2,yM1,rS1")
    words(split, {"red:split:yM1": "Red lifts Yellow's medium and what is above it off the red tower (9 pts), "
                          "to stand as the red tower (3 pts)"})
    for text in map(state.describe, state.legal_moves()):
        assert not re.search(r"\bt[0-9]+\b|[rygbpow][SML][0-9]", text), text


def test_ice_towers_set_down_agreement_ghost_and_timer():
    """`red:down`, `red:done` / `red:undone`, the ghost's moves, `timer:ring`."""
    stuck = table("t1:yL1,rL2,yM1", "t2:yL2,rL3", "t3:yL3,rM1", held=("rL1@t1",), timer=60)
    words(stuck, {"red:down": "Red sets the large it holds down as a free-standing large",
                  "red:done": "Red agrees to end the game",
                  "timer:ring": "The timer rings: the game is over, and the large Red holds is set down as a "
                                "free-standing large"})
    words(stuck.play("red:done"), {"red:undone": "Red withdraws its agreement to end"})
    ghost = table("t1:rL1,wL2,yM1", "t2:rL2,yL2,rM1", "t3:yL3,rL3,yS1", held=("wL1@t1",), haunted=True)
    words(ghost, {"ghost:down": "The ghost sets the large it holds down as a free-standing large"})


def test_ice_towers_a_play_says_the_agreements_it_withdraws():
    """Issue 25: "any play (cap, mine, split, set down) withdraws every agreement to end" changes the done
    toggles too, and a move that ends the game sets every held piece down [A11]: the words say both."""
    state = table("t1:yL1,yM1,rM1", players=3, done=("red", "green"))
    words(state, {"yellow:mine:yM1": "Yellow mines its medium from the red tower (7 pts) and holds it; "
                                     "Red's and Green's agreements to end are withdrawn",
                  "red:undone": "Red withdraws its agreement to end"})
    ending = table("t1:yL1,rL2,yM1", "t2:yL2,rL3", "t3:yL3,rM1", held=("rL1@t1",), done=("yellow",))
    assert ending.describe("red:done") == ("Red agrees to end the game; the game is over, and the large Red holds is "
                                           "set down as a free-standing large")
    last = TOWERS.from_text("t1:yL1,rL1 t2:yL2,rL2 t3:yL3,rL3 t4:rM1,yM1 t5:rM2,yM2 t6:rM3,yM3 t7:yS1,rS1 "
                            "t8:yS2,rS2 t9:yS3 t10:rS3 done:yellow next:11")  # the last play left: it ends the game
    assert last.describe("red:cap:rS3>t9") == ("Red caps Yellow's free-standing small (1 pt) with its free-standing "
                                               "small; the game is over, so Yellow's agreement to end is no longer "
                                               "needed")


def test_ice_towers_result_is_said_once_with_one_kind_of_capitals():
    """The end: "Red wins. No legal play remains. Final scores: Red 24, Yellow 12." (no repeated verdict)."""
    from pyramids.words import status_of
    state = TOWERS.from_text("t1:yL1,rL1 t2:yL2,rL2 t3:yL3,rL3 t4:rM1,yM1 t5:rM2,yM2 t6:rM3,yM3 "
                             "t7:yS1,rS1 t8:yS2,rS2 t9:yS3 t10:rS3 next:11")
    over = state.play("red:cap:rS3>t9")
    assert status_of(over) == "Red wins. No legal play remains. Final scores: Red 24, Yellow 12."


# -- IceToids ----------------------------------------------------------------------------------------

def test_icetoids_setup_moves():
    """`p1:colour=red`, `p1:home=a2`, `p1:home=a1S` (a corner names its edge)."""
    state = TOIDS.new()
    words(state, {"p1:colour=red": "P1 chooses red"})
    state = state.play("p1:colour=red")
    words(state, {"p1:home=a2": "Red (P1) takes home a2",
                  "p1:home=a1S": "Red (P1) takes home a1, waiting by the south edge"})


def test_icetoids_play_moves_and_chance():
    """`off-a2` enter, `b2.E-c2` move, `!blue.U` a push (where the pushed piece lands, or off the board),
    `b2.U>E` point, `reveal:` (chance) and `orient:`."""
    state = toids_position(tiles={"b2": "yellow", "c2": "yellow"}, pieces={"b2": "red.E", "c2": "blue.U"})
    words(state, {"off-a2": "Red (P1) brings a waiting piece onto a2",
                  "b2.E-c2!blue.U": "Red (P1) b2 to c2, pushing blue's piece (upright) to d2",
                  "b2.E>N": "Red (P1) points the piece on b2 north"})
    state = state.play("b2.E-c2!blue.U")
    words(state, {"reveal:d2=single": "Tile drawn at d2: the single arrow tile",  # issue 51: once, not "Tile
                  "reveal:d2=red": "Tile drawn at d2: a red target"})  # drawn: the tile at d2 is revealed: …"
    state = state.play("reveal:d2=single")
    words(state, {"orient:d2=W": "Red (P1) turns the tile at d2: arrow west"})
    own = toids_position(tiles={"b2": "yellow", "c2": "yellow"}, pieces={"b2": "red.E", "c2": "red.N"})
    assert own.describe("b2.E-c2!red.N") == "Red (P1) b2 to c2, pushing its own piece (pointing north) to d2"
    edge = toids_position(tiles={"c2": "yellow", "d2": "yellow"}, pieces={"c2": "red.E", "d2": "blue.U"})
    assert edge.describe("c2.E-d2!blue.U") == ("Red (P1) c2 to d2, pushing blue's piece (upright) off the board, "
                                               "back among the waiting pieces")
    entering = toids_position(tiles={"a2": "yellow", "b2": "yellow"}, pieces={"a2": "blue.W"})
    assert entering.describe("off-a2!blue.W") == ("Red (P1) brings a waiting piece onto a2, "
                                                  "pushing blue's piece (pointing west) to b2")


# -- Ice-Turn ----------------------------------------------------------------------------------------

def test_ice_turn_setup_and_dice_name_chance_as_such():
    """`deal:red=single` (a tile dealt), `place:b2=double:NS`, `roll:4`, `face:aim` (the dice)."""
    state = TURN.new()
    deal = state.legal_moves()[0]
    kind = deal.partition("=")[2]
    title = {"qturner": "Q-Turner", "double": "double arrow", "single": "single arrow"}[kind]
    assert state.describe(deal) == f"Tile dealt: a {title} to Red"
    rolling = turn_pos(phase="roll", roll="-", face="-")
    words(rolling, {"roll:4": "Dice: the d6 rolls 4"})
    words(rolling.play("roll:4"), {"face:aim": "Dice: the Treehouse die shows Aim"})


def test_ice_turn_placing():
    """`place:b2=double:NS`, `place:a1=qturner`."""
    rng = random.Random(5)
    state = TURN.new()
    while state.actors == (CHANCE,):
        state = state.play(rng.choice(state.legal_moves()))
    for move in state.legal_moves():
        text = state.describe(move)
        cell, _, tile = move.removeprefix("place:").partition("=")
        name, _, arrows = tile.partition(":")
        title = {"qturner": "Q-Turner", "double": "double arrow", "single": "single arrow"}[name]
        ways = " and ".join({"N": "north", "E": "east", "S": "south", "W": "west"}[d] for d in arrows)
        assert text == f"Red places a {title} on {cell}" + (f", pointing {ways}" if ways else "")


def test_ice_turn_turn_moves():
    """`tip:a1E`, `turn:b1N`, `move:b1`, Treehouse actions (`tip7`, `aim:`), `end-moves`, `react:`, `end-turn`."""
    state = turn_pos()
    described = {m: state.describe(m) for m in state.legal_moves()}
    for move, text in described.items():
        assert text.startswith("Red ") and text != move and not NOTATION.search(text), text
    assert described["end-moves"] == "Red ends the movement phase"
    tips = [m for m in described if m.startswith("tip:")]
    assert tips and all(re.fullmatch(r"Red tips the stack on [a-d][1-4] (north|east|south|west): "
                                     r"the red large lies down on [a-d][1-4]; the red medium lands on [a-d][1-4]; "
                                     r"the red small lands on [a-d][1-4]",
                                     described[m]) for m in tips)
    aims = [m for m in described if m.startswith("aim:")]
    assert aims and all(re.fullmatch(r"Red aims: rotates the (single arrow|double arrow|Q-Turner) on [a-d][1-4] "
                                     r"(90|180|270)° clockwise(, now pointing .*)?", described[m]) for m in aims)


def test_ice_turn_names_each_piece_and_where_it_goes():
    """Issue 25: testers saw "Blue moves b4", naming neither the piece nor where it went.  Each piece by owner and
    size, from and to; a tipped stack's pieces where they land (section 3.3), Hop and Dig distances (3.3)."""
    state = turn_pos({"a1": "r3r2", "b1": "b2E", "c3": "r1S", "d4": "b3b1"})
    words(state, {
        "tip:a1E/b1@0": "Red tips the stack on a1 east: the red large lies down on a1; the red medium lands on b1 "
                        "under the blue medium lying there, which stands up",
        "move:c3": "Red moves the red small from c3 to c2",
        "turn:c3E": "Red turns the red small on c3 to point east",
        "aim:c3+90": "Red aims: rotates the single arrow on c3 90° clockwise, now pointing west; "
                     "the red small lying on it turns to point west",
    })
    onto = turn_pos({"a1": "r3r1", "c3": "r2S", "c2": "b1N", "d4": "b3b2"})
    words(onto, {"move:c3@1": "Red moves the red medium from c3 to c2, on top of the blue small lying there, "
                              "which stands up"})
    react = turn_pos({"a1": "r3r2", "c3": "r1S", "c2": "b1N", "d4": "b3b2"}, phase="react")
    words(react, {"react:c2E": "Red turns the blue small on c2 to point east (reactionary turning)"})
    hop = turn_pos({"a1": "r3r2", "c3": "r1S", "c1": "b1N", "d4": "b3b2"}, face="hop")
    words(hop, {"hop:a1-a3": "Red hops the red medium from a1 to a3 (2 cells)",
                "hop:a1-c1": "Red hops the red medium from a1 to c1 (2 cells), on top of the blue small lying there, "
                             "which stands up"})
    dig = turn_pos({"a1": "r3r2", "c3": "r1S", "c1": "b1N", "d4": "b3b2"}, face="dig")
    words(dig, {"dig:c3-c2": "Red digs the red small from c3 to c2 (1 cell), standing up",
                "dig:c3-c1": "Red digs the red small from c3 to c1 (2 cells), standing up under the blue small lying "
                             "there, which stands up"})
    swap = turn_pos({"a1": "r3r2", "c3": "r1S", "c2": "b1N", "d4": "b3b2"}, face="swap")
    words(swap, {"swap:c2-c3": "Red swaps the single arrow on c2 and the single arrow on c3, with the pieces on them",
                 "swap:a2-a3": "Red swaps the Q-Turner on a2 and the double arrow on a3"})


# -- Terrafex ----------------------------------------------------------------------------------------

def test_terrafex_actions_fire_and_end():
    """`forest:grow:d4`, `mountain:start:d4`, `fire:2`, then the opponent's `fire:burn:d4`, `glacier:c3E`, `end`."""
    state = fex_position({"d4": "G3", "g2": "G2", "b2": "Y1", "a5": "B3"})
    words(state, {"forest:grow:g2": "White grows the forest on g2",
                  "forest:spread:d5": "White spreads a small forest to d5",
                  "mountain:grow:b2": "White grows the mountain on b2",
                  "mountain:start:a1": "White starts a small mountain on a1",
                  "fire:2": "White selects a medium fire for Black to play",
                  "glacier:a5E": "White moves the large glacier on a5 east to b5"})
    fire = state.play("fire:2")
    words(fire, {"fire:burn:d4": "Black plays the medium fire: burns the large forest on d4 down to a small forest; "
                                 "the medium fire goes to the fire pit",
                 "fire:burn:g2": "Black plays the medium fire: burns the medium forest on g2 away; "
                                 "the medium fire goes to the fire pit"})


def test_terrafex_fire_says_what_it_leaves_and_what_goes_to_the_fire_pit():
    """§3.6: a grown fire's old piece and a burning fire go to the fire pit; a fire larger than the forest stays,
    smaller."""
    state = fex_position({"d4": "R1", "e4": "G1", "f4": "G2f1", "a5": "B3"}, to_move="b", used="fire", fire="2")
    words(state, {"fire:grow:d4": "White plays the medium fire: grows the small fire on d4 to a medium fire; "
                                  "the small fire goes to the fire pit",
                  "fire:burn:e4": "White plays the medium fire: burns the small forest on e4 away, "
                                  "leaving a small fire; the medium fire goes to the fire pit",
                  "fire:burn:f4": "White plays the medium fire: burns the small frost on the medium forest on f4 away; "
                                  "the medium fire goes to the fire pit"})


def test_terrafex_glacier_moves_say_what_they_do_where():
    """Issue 25: a glacier moved into a fire, a forest or another glacier was said only as "moves the glacier";
    §3.7: it melts, shrinks a forest and caps it, merges with a frost or a glacier, or takes its forest along."""
    state = fex_position({"a4": "B2", "b4": "G2", "a2": "B2", "b2": "R1", "h4": "B2", "g4": "B1", "a6": "B1",
                          "b6": "G1f1", "d1": "G1c3", "e1": "G1c3", "e2": "Y2", "h2": "B1", "g2": "R3",
                          "h6": "B3", "g6": "G1"})
    words(state, {
        "glacier:a2E": "White moves the medium glacier on a2 east to b2, melting with a small fire there, "
                       "leaving a small glacier; the small fire goes to the fire pit",
        "glacier:h2W": "White moves the small glacier on h2 west to g2, melting with a large fire there, "
                       "leaving a medium fire; the large fire goes to the fire pit",
        "glacier:a4E": "White moves the medium glacier on a4 east onto the medium forest on b4, which shrinks: "
                       "now a small forest capped by a medium glacier",
        "glacier:a6E": "White moves the small glacier on a6 east onto the small forest on b6, merging with its small "
                       "frost: now a small forest capped by a medium glacier",
        "glacier:h6W": "White moves the large glacier on h6 west onto the small forest on g6, "
                       "which shrinks away under it",
        "glacier:h4W": "White moves the medium glacier on h4 west to g4, merging with a small glacier there "
                       "into a large glacier",
        "glacier:d1S": "White moves the large glacier and the small forest it caps on d1 south to d2",
        "glacier:e1S/1@d2,2@f2": "White moves the large glacier on e1 south: the medium mountain on e2 shrinks and the "
                                 "glacier splits, small to d2, medium to f2; a small forest stays on e1",
    })


def test_terrafex_layout_editor():
    """`put:G2@d4`, `clear:d4`, `start` in the layout editor."""
    state = FEX.new(layout="custom")
    words(state, {"put:G2@d4": "White puts a medium forest on d4"})
    state = state.play("put:G2@d4")
    words(state, {"clear:d4": "White clears d4"})
    assert state.describe("start") == "White starts the game"  # once the layout is complete


# -- every game: words, never notation ----------------------------------------------------------------

NOTATION = re.compile(r"[a-z]+:[a-z0-9]|\bt[0-9]+\b|[rygbpow][SML][0-9]|[a-h][1-8][-x][a-h][1-8]")


def random_game(game, seed: int, plies: int):
    """A random game's positions, each with the move then played from it and the moves it had."""
    rng, state = random.Random(seed), game.new()
    for _ in range(plies):
        moves = state.legal_moves()
        if not moves:
            return
        move = rng.choice(moves)
        yield state, move, moves
        state = state.play(move)


@pytest.mark.parametrize("game_id", ["ice-lady", "ice-towers", "icetoids", "ice-turn", "terrafex"])
def test_every_move_of_random_games_reads_as_words(game_id):
    """Whatever is played, its description names who acts and holds no notation."""
    for seed in range(3):
        for state, move, _moves in random_game(games.get(game_id), seed, 150):
            text = state.describe(move)
            actor = state.actor_of(move)
            who = state.chance_name(move) if actor == CHANCE else state.actor_name(actor)
            assert text != move and not NOTATION.search(text), (move, text)
            assert text.startswith(who) or (actor == "ghost" and text.startswith("The ghost")) \
                or (game_id == "ice-towers" and actor == "timer"), (move, text)


@pytest.mark.parametrize("game_id", ["ice-lady", "ice-towers", "icetoids", "ice-turn", "terrafex"])
def test_a_moves_words_are_worked_out_once_and_the_same_from_the_state_it_made(game_id, monkeypatch):
    """The game log asks for each move's words several times (its turn's summary, headline and line): a
    300-move Ice Towers link held the page for 80 ms drawing them (issue 29).  `words` works them out once a
    position, and `played` hands a game the state the move made, so it need not play it again; the words
    are the same as a position that never played the move says."""
    game = games.get(game_id)
    calls = []
    describe = type(game.new()).describe
    monkeypatch.setattr(type(game.new()), "describe", lambda self, move: calls.append(move) or describe(self, move))
    previous = None
    for state, move, moves in random_game(game, 5, 120):
        if previous is not None:
            before, made, others = previous
            assert before.played(made) is state and before.played(f" {made} ") is state
            assert all(before.played(other) is None for other in others if other != made)
        fresh = state.describe(move)
        del calls[:]
        assert state.words(move) == state.words(move) == fresh and calls == [move]
        assert state.played(move) is None, "not played yet"
        previous = state, move, moves


def test_ice_towers_words_take_the_state_the_move_made(monkeypatch):
    """What a cap withdraws or ends is read from the state it made, while that is in use; else played again."""
    state = TOWERS.new(players=3)
    played = []
    real = type(state)._apply
    monkeypatch.setattr(type(state), "_apply", lambda self, action: played.append(action) or real(self, action))
    move = next(m for m in state.legal_moves() if ":done" not in m)
    kept = state.play(move)
    del played[:]
    said = state.describe(move)
    assert played == [], "not played again"
    del kept
    gc.collect()
    assert state.played(move) is None and state.describe(move) == said and len(played) == 1
