"""Ice Towers: every rule of the spec (docs/rules/ice-towers.md) with a legal and an illegal case."""

import random
import re

import pytest

from conformance import check_game
from pyramids.core import IllegalMoveError, InvalidMoveError, OptionError, PositionError
from pyramids.games.ice_towers import GAME, GHOST, PIECES
from pyramids.session import Session
from pyramids.words import status_of


def table(*towers, held=(), done=(), **options):
    """A position: `towers` ('t1:yL1,rM1') as given, every other piece a free-stander after them."""
    start = GAME.new(**options)
    used = {name for t in towers for name in t.split(":")[1].split(",")}
    used |= {h.split("@")[0] for h in held}
    ids = [int(t.split(":")[0][1:]) for t in towers] + [int(h.split("@")[1][1:]) for h in held]
    n = max(ids, default=0)
    free = []
    for tower in start.towers:
        name = tower.pieces[0].name
        if name not in used:
            n += 1
            free.append(f"t{n}:{name}")
    tokens = [t for t in start.to_text().split() if "=" in t] + list(towers) + free
    tokens += [f"held:{h}" for h in held] + ([f"done:{','.join(done)}"] if done else []) + [f"next:{n + 1}"]
    return GAME.from_text(" ".join(tokens))


def refused(state, move, message):
    """`move` is refused with a reason matching `message`, and the position is untouched."""
    before = state.to_text()
    with pytest.raises(IllegalMoveError, match=message):
        state.play(move)
    assert state.to_text() == before
    assert move not in state.legal_moves()


def pieces(state, tower_id):
    return ",".join(p.name for p in state.tower(tower_id).pieces)


# -- setup and options -----------------------------------------------------------

def test_setup_every_piece_is_a_free_standing_tower():
    """§2 Setup: "Every piece starts as its own one-piece tower"; §1: three trios of one colour each."""
    state = GAME.new()
    assert len(state.towers) == 18 and all(len(t.pieces) == 1 for t in state.towers)
    assert [t.id for t in state.towers] == [f"t{k}" for k in range(1, 19)]
    assert sorted(p.size for t in state.towers for p in t.pieces if p.colour == "red") == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert state.humans == ("red", "yellow") and state.colours == ("red", "yellow")
    assert state.scores() == {"red": 18, "yellow": 18} and state.outcome is None
    big = GAME.new(players=6, trios=5)
    assert len(big.towers) == 90 and big.humans == ("red", "yellow", "green", "blue", "purple", "orange")


def test_players_option_is_two_to_six():
    """§1 Players: "2–6 humans"."""
    assert GAME.new(players=6).humans[-1] == "orange"
    for bad in (1, 7):
        with pytest.raises(OptionError, match="players"):
            GAME.new(players=bad)


def test_trios_option_three_to_five():
    """§1 / A14: "trios_per_player (default 3; allow 3–5)". Every colour, the ghost included, gets as many."""
    state = GAME.new(trios=5, haunted=True)
    assert len(state.towers) == 45 and sum(p.colour == GHOST for t in state.towers for p in t.pieces) == 15
    with pytest.raises(OptionError, match="trios"):
        GAME.new(trios=6)
    with pytest.raises(OptionError, match="trios"):
        GAME.new(trios=2)


def test_haunted_is_for_two_players_only():
    """A15: "Offer it only with 2 humans"; §1: "a third, ghost colour ... with the same number of trios"."""
    state = GAME.new(haunted=True)
    assert state.colours == ("red", "yellow", GHOST) and state.scores()[GHOST] == 18
    with pytest.raises(OptionError, match="two players"):
        GAME.new(players=3, haunted=True)


def test_timer_option_offers_a_ring_event():
    """§4.3: the timed variant records a TIMER_EXPIRED event; without the timer there is none."""
    timed = GAME.new(timer=60)
    assert "timer:ring" in timed.legal_moves() and timed.actor_of("timer:ring") == "timer"
    assert "timer" in timed.actors
    plain = GAME.new()
    assert "timer:ring" not in plain.legal_moves() and "timer" not in plain.actors
    refused(plain, "timer:ring", "no timer")
    with pytest.raises(OptionError, match="timer"):
        GAME.new(timer=17)


def test_colours_option_chooses_who_plays():
    """Issue: "start Ice Towers for 2 to 6 players (colours chosen)"; each player's colour is different."""
    state = GAME.new(colours="blue,Red")
    assert state.humans == ("red", "blue")
    assert {p.name[0] for t in state.towers for p in t.pieces} == {"r", "b"}
    assert GAME.new(colours=["green", "yellow", "orange"], players=3).humans == ("yellow", "green", "orange")
    with pytest.raises(OptionError, match="Choose 2 colours"):
        GAME.new(colours="red,blue,green")
    with pytest.raises(OptionError, match="not a colour"):
        GAME.new(colours="red,white")
    with pytest.raises(OptionError, match="only once"):
        GAME.new(colours="red,red")


def test_non_default_options_survive_the_position_text():
    """Shared brief: position text carries non-default options so from_text(to_text()) round-trips."""
    state = GAME.new(players=3, colours="orange,blue,green", trios=4, timer=120)
    again = GAME.from_text(state.to_text())
    assert again.options == state.options and again.humans == ("green", "blue", "orange")
    assert again.to_text() == state.to_text()
    haunted = GAME.from_text(GAME.new(haunted=True).to_text())
    assert haunted.colours[-1] == GHOST
    assert GAME.new(colours="yellow,red").to_text() == GAME.new().to_text()  # the default colours


@pytest.mark.parametrize("text, message", [
    ("t1:rS1 next:2", "missing"),
    ("t1:rS1,rS1 next:2", "twice"),
    ("t1:rS1,yL1 next:2", "larger piece on a smaller"),
    ("t2:rS1 t1:rS2 next:3", "out of order"),
    ("t1:rS1 bogus next:2", "not part of"),
    ("players=3 haunted=1 t1:rS1 next:2", "two players"),
])
def test_bad_position_text_is_refused(text, message):
    """§3.2.4 "no larger pieces on top of smaller pieces"; every piece is somewhere exactly once."""
    with pytest.raises(PositionError, match=message):
        GAME.from_text(text)


def test_finished_game_holds_no_pieces():
    """A11: "At the end, all held pieces are set down simultaneously"."""
    text = table("t1:yL1,rM1,yM1", held=("rM2@t1",)).to_text()
    assert "held:rM2@t1" in text
    with pytest.raises(PositionError, match="no pieces in hand"):
        GAME.from_text(text + " over:timer")


# -- capping -----------------------------------------------------------------------

def test_cap_same_size_or_smaller_on_another_colour():
    """§3.2: "your piece must be the same size or smaller and a different color than the topmost piece"."""
    state = table("t1:rL1,yM1")
    assert "red:cap:rM2>t1" in state.legal_moves() and "red:cap:rS1>t1" in state.legal_moves()
    after = state.play("red:cap:rM2>t1")
    assert pieces(after, "t1") == "rL1,yM1,rM2"
    refused(state, "red:cap:rL2>t1", "smaller than Red's large")


def test_cannot_cap_own_colour_on_top():
    """§3.2.3: "You can't cap a tower if your piece is already on top"."""
    state = table("t1:yL1,rM1")
    refused(state, "red:cap:rS1>t1", "topped by Red")
    assert "yellow:cap:yS1>t1" in state.legal_moves()


def test_cap_only_with_own_free_standing_piece():
    """§3.2.1: "You may only pick up and move single free-standing pieces of your own color"."""
    state = table("t1:yL1,rM1", "t2:yL2")
    refused(state, "red:cap:rM1>t2", "Red's medium is inside the ")
    refused(state, "red:cap:yS1>t1", "Yellow's piece, not Red's")
    refused(state, "red:cap:rS1>t3", "cannot cap itself")  # t3 is rS1's own one-piece tower
    assert "red:cap:rL1>t2" in state.legal_moves()


def test_capping_free_stander_removes_its_tower_and_keeps_target_id():
    """§3.2 Effect: "delete p's one-piece tower ... Append p to the top of t"; A13: humans may cap free-standers."""
    state = table("t1:yL1")
    mover = next(t.id for t in state.towers if t.pieces[0].name == "rL2")
    after = state.play("red:cap:rL2>t1")
    assert pieces(after, "t1") == "yL1,rL2" and after.tower(mover) is None
    assert [t.id for t in after.towers] == [t.id for t in state.towers if t.id != mover]


def test_holder_caps_only_with_the_held_piece_and_never_its_source():
    """§3.3 "No Mine Backs: ... you must immediately use it to cap a different tower"; §3.1 a holder may only replay."""
    state = table("t1:yL1,rM1,rM2,yM1", "t2:yL2")
    held = state.play("red:mine:rM1")
    assert held.held["red"].piece.name == "rM1" and held.held["red"].source == "t1"
    red = [m for m in held.legal_moves() if m.startswith("red:")]
    assert red and all(m.startswith("red:cap:rM1>") for m in red)
    refused(held, "red:cap:rM1>t1", "No mine-backs")
    refused(held, "red:cap:rS1>t2", "holding its medium")
    after = held.play("red:cap:rM1>t2")
    assert pieces(after, "t2") == "yL2,rM1" and "red" not in after.held


def test_upper_part_of_a_split_source_is_a_different_tower():
    """A7: "The lower part keeps the source identity, so the upper part counts as a different tower"."""
    state = table("t1:yL1,yL2,yM1", held=("rM1@t1",), players=3)
    split = state.play("green:split:yL2")
    new = split.towers[-1].id
    assert pieces(split, "t1") == "yL1" and pieces(split, new) == "yL2,yM1"
    assert f"red:cap:rM1>{new}" in split.legal_moves()
    refused(split, "red:cap:rM1>t1", "No mine-backs")


# -- mining ---------------------------------------------------------------------------

def test_mine_needs_two_of_yours_and_not_on_top():
    """§3.3: "If you don't control a tower ... but two or more of your pieces are inside the tower, you may ...
    remove one"."""
    state = table("t1:yL1,rL1,rM1,yM1", "t2:yL2,rL2,yM2", "t3:rL3,yL3,rM2")
    legal = state.legal_moves()
    assert "red:mine:rL1" in legal and "red:mine:rM1" in legal  # "your choice" (A6)
    refused(state, "red:mine:rL2", "only one red piece")
    refused(state, "red:mine:rL3", "Red now tops that tower")
    refused(state, "yellow:mine:yL1", "Yellow now tops that tower")
    refused(state, "red:mine:yL1", "Yellow's piece")


def test_mining_keeps_order_and_id_and_puts_the_piece_in_hand():
    """§3.3 Effect: "The remaining pieces keep their order, and t keeps its id"; held[c] := (p, t.id)."""
    after = table("t1:yL1,rL1,rM1,yM1").play("red:mine:rL1")
    assert pieces(after, "t1") == "yL1,rM1,yM1"
    assert after.held["red"] == (PIECES["rL1"], "t1")
    assert "held:rL1@t1" in after.to_text()
    assert sum(after.scores().values()) == 36 - 3  # the held piece counts for no one until it is replayed


def test_set_down_only_when_no_cap_is_legal():
    """§3.3: "If there are no legal plays available, just set the piece down; it becomes a free-stander"."""
    stuck = table("t1:yL1,rL2,yM1", "t2:yL2,rL3", "t3:yL3,rM1", held=("rL1@t1",))
    assert {m for m in stuck.legal_moves() if m.startswith("red:")} == {"red:down", "red:done"}
    after = stuck.play("red:down")
    assert after.towers[-1].id == f"t{stuck.next_id}" and pieces(after, after.towers[-1].id) == "rL1"
    can_cap = table("t1:yL1,rL2,yM1", "t2:yL2,rL3", held=("rL1@t1",))  # yL3 stands free
    refused(can_cap, "red:down", "can still cap")
    assert "red:cap:rL1>" + next(t.id for t in can_cap.towers if t.pieces[0].name == "yL3") in can_cap.legal_moves()


def test_holder_may_not_mine_split_or_agree_while_a_cap_exists():
    """§3.1: "A colour that is holding a mined piece may do only CAP-with-held or SET_DOWN"; "you CANNOT split"."""
    state = table("t1:yL1,rL1,yM1,yM2,rM1,yS1", "t2:yL2,rL2,rM2,yS2", held=("rL3@t9",))
    refused(state, "red:split:yM2", "holding its large")
    refused(state, "red:mine:rL2", "holding its large")
    refused(state, "red:done", "must first replay its large: it can cap ")
    free = table("t1:yL1,rL1,yM1,yM2,rM1,yS1", "t2:yL2,rL2,rM2,yS2")
    assert {"red:split:yM2", "red:mine:rL2", "red:done"} <= set(free.legal_moves())


# -- splitting -------------------------------------------------------------------------

def test_split_between_a_same_coloured_pair_of_another_colour():
    """§3.4: "Whenever two pieces of any other player's color are next to each other in a tower, you may split"."""
    state = table("t1:rL1,yL1,yM1,rS1")
    after = state.play("red:split:yM1")
    new = after.towers[-1].id
    assert pieces(after, "t1") == "rL1,yL1" and pieces(after, new) == "yM1,rS1" and new == f"t{state.next_id}"
    refused(state, "red:split:rS1", "two pieces of one colour")
    refused(state, "red:split:rL1", "Red's large is at the bottom of the red tower")


def test_never_split_your_own_pieces():
    """§3.4: "However, you cannot split your own pieces"."""
    state = table("t1:rL1,yL1,yM1,rS1")
    refused(state, "yellow:split:yM1", "own pieces")


def test_split_needs_no_control_and_a_singleton_goes_back_to_its_owner():
    """§3.4: "The actor does not need to control t"; "A part of height 1 is a free-stander, and its owner may use it
    to cap"."""
    state = table("t1:rL1,yM1,yM2")
    assert "red:split:yM2" in state.legal_moves()  # yellow tops t1
    after = state.play("red:split:yM2")
    single = after.towers[-1].id
    assert pieces(after, single) == "yM2"
    assert any(m.startswith("yellow:cap:yM2>") for m in after.legal_moves())


# -- the ghost --------------------------------------------------------------------------

def test_ghost_never_caps_a_free_stander():
    """§3.6: "the ghost never caps a free-stander"; §3.2.5 height(t) ≥ 2 for the ghost."""
    start = GAME.new(haunted=True)
    assert not [m for m in start.legal_moves() if m.startswith("ghost:")] and GHOST not in start.actors
    state = table("t1:rL1,yM1", "t2:yL1", haunted=True)
    assert "ghost:cap:wM1>t1" in state.legal_moves()
    refused(state, "ghost:cap:wM1>t2", "never caps a free-stander")
    assert state.actor_of("ghost:cap:wM1>t1") == GHOST and GHOST in state.actors


def test_ghost_replay_with_only_free_standers_is_set_down():
    """A17: "After a ghost mine, if the only legal targets are free-standers ... The ghost piece is SET_DOWN"."""
    state = table("t1:rL1,wL2,yM1", "t2:rL2,yL2,rM1", "t3:yL3,rL3,yS1", held=("wL1@t1",), haunted=True)
    assert [m for m in state.legal_moves() if m.startswith("ghost:")] == ["ghost:down"]
    yl1 = next(t.id for t in state.towers if t.pieces[0].name == "yL1")
    refused(state, f"ghost:cap:wL1>{yl1}", "never caps a free-stander")
    assert pieces(state.play("ghost:down"), f"t{state.next_id}") == "wL1"


def test_ghost_never_splits_but_humans_split_ghost_pairs():
    """§3.6: "the ghost never SPLITs"; "Humans may split pairs of the ghost's colour"."""
    state = table("t1:rL1,wL1,wM1,yS1", "t2:yL1,yM1,rS1", haunted=True)
    assert {"red:split:wM1", "yellow:split:wM1", "red:split:yM1"} <= set(state.legal_moves())
    refused(state, "ghost:split:yM1", "ghost never splits")
    assert not any(":split:" in m for m in state.legal_moves() if m.startswith("ghost:"))


def test_ghost_mines_and_either_player_replays_it():
    """§3.6: "either human may submit CAP, MINE or SET_DOWN as the ghost"; its held piece lives in its own slot."""
    state = table("t1:wL1,rL1,wM1,yM1", "t2:rL2,yL2", haunted=True)
    held = state.play("ghost:mine:wL1")
    assert held.held[GHOST].piece.name == "wL1" and pieces(held, "t1") == "rL1,wM1,yM1"
    refused(held, "ghost:mine:wM1", "The ghost is holding its large")
    assert "ghost:cap:wL1>t2" in held.legal_moves()
    assert pieces(held.play("ghost:cap:wL1>t2"), "t2") == "rL2,yL2,wL1"


def test_a_holding_player_cannot_act_for_the_ghost():
    """A8: "A holder may only replay the held piece"; §3.6 "A human who is holding ... cannot act for the ghost"."""
    state = table("t1:rL1,yM1", "t2:yL1,rL2,yM2", "t3:rL3,yL2,rM1,yS1,rS1", held=("rM2@t2",), haunted=True)
    assert not state.can_act_for_ghost("red") and state.can_act_for_ghost("yellow")
    assert "ghost:cap:wM1>t1" in state.legal_moves()  # yellow is free to make it
    both = state.play("yellow:mine:yL2")
    assert not both.can_act_for_ghost("yellow")
    refused(both, "ghost:cap:wM1>t1", "replay it before moving for the ghost")
    assert not any(m.startswith("ghost:") for m in both.legal_moves()) and GHOST not in both.actors


# -- no turns: the race ----------------------------------------------------------------

def test_no_turns_anyone_acts_in_any_order():
    """§3.1: "Nothing requires alternation: one player may take several actions in a row"."""
    state = GAME.new(players=3)
    assert state.actors == ("red", "yellow", "green")
    twice = state.play("red:cap:rS1>t10").play("red:cap:rS2>t11")
    assert pieces(twice, "t11") == "yS2,rS2" and twice.actors == ("red", "yellow", "green")
    assert pieces(twice.play("green:cap:gS1>t10").play("yellow:cap:yS3>t4"), "t10") == "yS1,rS1,gS1"
    assert state.label("red:cap:rS1>t10") == "Red caps t10 with rS1"
    refused(state, "white:cap:rS1>t10", "White is not playing")


def test_a_stale_cap_is_refused_as_too_late():
    """A1: "An action that has become illegal (a lost race) is rejected and not recorded"."""
    state = table("t1:rL1,yM1", players=3)
    assert "red:cap:rM1>t1" in state.legal_moves()
    won = state.play("green:cap:gS1>t1")
    refused(won, "red:cap:rM1>t1",
            r"^Too late: that tower is now topped by Green's small, smaller than Red's medium\.$")
    assert "red:cap:rS1>t1" in won.legal_moves()


def test_a_stale_cap_on_a_vanished_tower():
    """A1: each action "is checked against the state at the moment it is applied"."""
    state = table("t1:rL1,rL2,yL1,yL2")
    target = next(t.id for t in state.towers if t.pieces[0].name == "yM1")
    assert f"red:cap:rS1>{target}" in state.legal_moves()
    gone = state.play(f"yellow:cap:yM1>{next(t.id for t in state.towers if t.pieces[0].name == 'rM1')}")
    refused(gone, f"red:cap:rS1>{target}", f"Too late: tower {target} is gone")


def test_stale_mine_and_split_are_refused():
    """A1 arrival order: a mine or split that another player's action has made illegal is refused."""
    state = table("t1:rL1,yL1,yL2,rM1,gS1", players=3)
    assert "red:mine:rL1" in state.legal_moves()
    refused(state.play("green:split:yL2"), "red:mine:rL1", "Too late: that tower now holds only one red piece")
    other = table("t1:rL1,yL1,yM1,gS1", players=3)
    assert "red:split:yM1" in other.legal_moves()
    refused(other.play("yellow:mine:yL1"), "red:split:yM1",
            "Too late: under Yellow's medium in the .* tower .* is now Red's large")


def test_a_raced_ghost_replay_is_refused():
    """§3.6 either human may replay the ghost's piece; the second of two arrivals is stale."""
    state = table("t1:rL1,yL1,wM2", "t2:yL2,rL2", held=("wL1@t1",), haunted=True)
    after = state.play("ghost:cap:wL1>t2")
    refused(after, "ghost:cap:wL1>t2", "The ghost's large is inside the ")


# -- ending -------------------------------------------------------------------------------

def test_the_game_ends_when_every_player_agrees():
    """§4.1: "every human has done = true"; A10: "Per-human DONE flags"; the ghost has no vote."""
    state = GAME.new(haunted=True)
    one = state.play("red:done")
    assert one.outcome is None and one.done == {"red"} and "red:undone" in one.legal_moves()
    refused(one, "red:done", "already agreed")
    refused(one, "ghost:done", "no say")
    over = one.play("yellow:done")
    assert over.outcome and over.outcome.reason.startswith("Everyone agreed") and over.legal_moves() == []
    assert over.actors == () and "over:agreed" in over.to_text()


def test_the_status_says_who_is_done_and_who_the_end_waits_for():
    """§4.1: the game ends when "every human has done = true": while some are, the status line says so and whom
    the end waits for (it listed who may act, and a player could not tell that I'm done would end the game)."""
    state = GAME.new(players=4).play("yellow:done")
    assert status_of(state) == "Yellow is done: the game ends when Red, Green and Blue are done too."
    state = state.play("green:done").play("blue:done")
    assert status_of(state) == "Yellow, Green and Blue are done: the game ends when Red is done too."
    assert status_of(GAME.new(players=4)) == "No turns: Red, Yellow, Green, Blue may act at any moment."


def test_the_status_says_a_held_piece_must_be_played_and_how():
    """§3.3: a mined piece "must immediately" cap a different tower, or is set down when it can cap none: the status
    says so (it listed who may act, and after a mine nothing said what to do next)."""
    state = table("t1:yL1,rL2,yM1", "t2:yL2,rL3", "t3:yL3,rM1", held=("rL1@t1",))
    assert status_of(state) == "Red holds its large, which can cap no tower: choose it, in hand, to set it down."
    state = table("t1:yL1,rL2,yM1", "t2:yL2", "t3:yL3,rM1", held=("rS1@t1",), done=("yellow",))
    assert status_of(state) == ("Red holds its small: choose it, in hand, then the tower it caps. "
                                "Yellow is done: the game ends when Red is done too.")


def test_a_held_piece_of_a_colour_played_elsewhere_is_told_what_comes_not_asked():
    """§3.3: a held piece "must immediately" cap; the computer's colour was asked "Blue holds its small: choose it,
    in hand, …" in the status line (for its reading pause, ~3 s), as if the player here were to choose it. A colour
    not played here is told what comes; one played here, and the ghost where a human plays here ("either player
    may move for the ghost", A8), is asked."""
    state = table("t1:yL1,rL2,yM1", "t2:yL2", "t3:yL3,rM1", held=("rS1@t1",))
    assert status_of(state, ["yellow"]) == "Red holds its small: it caps a tower next."
    assert status_of(state, ["red"]) == "Red holds its small: choose it, in hand, then the tower it caps."
    assert status_of(state) == status_of(state, ["red"])  # no seats known (My games, an embed): asked
    state = table("t1:yL1,rL2,yM1", "t2:yL2,rL3", "t3:yL3,rM1", held=("rL1@t1",))
    assert status_of(state, ["yellow"]) == "Red holds its large, which can cap no tower: it is set down next."
    ghost = table("t1:yL1,rL2,yM1", "t2:yL2", "t3:yL3,rM1", held=("wS1@t1",), haunted=True)
    assert status_of(ghost, ["red"]) == "The ghost holds its small: choose it, in hand, then the tower it caps."
    assert status_of(ghost, []) == "The ghost holds its small: it caps a tower next."
    session = Session("ice-towers", bots={"red": "easy"})
    session.begin("ice-towers", {}, None, bots={"red": "easy"}, start=state)
    assert session.words.status() == "Red holds its large, which can cap no tower: it is set down next."


def test_undone_withdraws_an_agreement():
    """A10: "How is agreement recorded? What if play resumes?" -- a player may withdraw."""
    state = GAME.new().play("red:done").play("red:undone")
    assert state.done == frozenset() and state.play("yellow:done").outcome is None
    refused(GAME.new(), "red:undone", "has not agreed")


@pytest.mark.parametrize("kind", ["cap", "mine", "split", "down"])
def test_any_play_withdraws_all_agreements(kind):
    """§3.5: "Any accepted CAP, MINE, SET_DOWN or SPLIT clears all done flags"."""
    if kind == "down":
        state = table("t1:yL1,rL2,yM1", "t2:yL2,rL3", "t3:yL3,rM1", held=("rL1@t1",), done=("yellow",))
    else:
        state = table("t1:rL1,yL1,yM1,rM1,yS1", done=("yellow", "green"), players=3)
    assert state.done and state.outcome is None
    after = state.play(next(m for m in state.legal_moves() if m.split(":")[1] == kind))
    assert after.done == frozenset() and after.outcome is None


def test_done_while_holding_a_piece_that_cannot_cap_then_it_is_set_down():
    """§3.5: no DONE while holding a piece with a legal cap; §4 "every piece still held is set down" (showdown)."""
    stuck = table("t1:yL1,rL2,yM1", "t2:yL2,rL3", "t3:yL3,rM1", held=("rL1@t1",))
    assert "red:done" in stuck.legal_moves()
    over = stuck.play("red:done").play("yellow:done")
    assert over.outcome is not None and not over.held
    assert pieces(over, f"t{stuck.next_id}") == "rL1" and over.outcome.scores["red"] == stuck.scores()["red"] + 3


def test_no_agreement_while_the_ghost_holds_a_piece_that_can_cap():
    """§3.5: "no human may set DONE while the ghost holds a piece that has a legal cap"."""
    state = table("t1:rL1,yL1,wM2", "t2:yL2,rL2", held=("wL1@t1",), haunted=True)
    refused(state, "red:done", "First replay the ghost's large: it can cap the ")
    assert "red:done" in state.play("ghost:cap:wL1>t2").legal_moves()


def test_the_game_ends_when_no_play_remains():
    """§4.2: "no CAP, MINE, SPLIT or SET_DOWN is legal for any colour" ("when no more moves are possible")."""
    towers = ["t1:yL1,rL1", "t2:yL2,rL2", "t3:yL3,rL3", "t4:rM1,yM1", "t5:rM2,yM2", "t6:rM3,yM3",
              "t7:yS1,rS1", "t8:yS2,rS2", "t9:yS3", "t10:rS3"]
    state = GAME.from_text(" ".join(towers) + " next:11")
    assert state.outcome is None and "yellow:cap:yS3>t10" in state.legal_moves()
    over = state.play("red:cap:rS3>t9")
    assert over.outcome.reason == "No legal play remains. Final scores: Red 24, Yellow 12."
    assert over.outcome.winners == ("red",) and over.outcome.scores == {"red": 24, "yellow": 12}
    assert over.to_text().endswith("over:blocked")


def test_the_timer_ends_the_game_and_sets_held_pieces_down():
    """§4.3 / seed: "when it rings, anyone holding a piece must set it down. Towers are scored as they are"."""
    state = table("t1:yL1,rL2,yM1", held=("rL1@t1",), timer=60)
    over = state.play("timer:ring")
    assert over.outcome.reason.startswith("The timer rang") and not over.held
    assert pieces(over, f"t{state.next_id}") == "rL1" and over.next_id == state.next_id + 1
    assert over.to_text().endswith("over:timer")


# -- scoring -------------------------------------------------------------------------------

def test_each_tower_scores_all_its_pips_for_the_colour_on_top():
    """§4 Scoring: "Its value is the sum of the pips of all its pieces, of every colour (S = 1, M = 2, L = 3)"."""
    state = table("t1:yL1,rL1,yM1,rS1", "t2:rL2,yS1")
    scores = state.scores()
    assert scores["red"] == (3 + 3 + 2 + 1) + (1 + 1 + 2 + 2 + 2 + 3)  # t1, then red's six free-standers
    assert scores["yellow"] == (3 + 1) + (1 + 1 + 2 + 2 + 3 + 3)  # t2, then yellow's six free-standers


def test_tied_top_scores_share_the_win():
    """A12: "Tied top scores share the win"."""
    over = GAME.new().play("red:done").play("yellow:done")
    assert (over.outcome.winners == ("red", "yellow")
            and over.outcome.reason.endswith("Final scores: Red 18, Yellow 18."))


def test_the_ghost_can_win():
    """§3.6: "The ghost is scored like a player"; seed: "The ghost can even win!"."""
    state = table("t1:rL1,yL1,wL1", "t2:yL2,rL2,wL2", "t3:rL3,yL3,wL3", haunted=True)
    over = state.play("red:done").play("yellow:done")
    assert over.outcome.winners == (GHOST,) and over.outcome.reason.endswith("Final scores: Ghost 36, Red 9, Yellow 9.")


# -- notation and clicking -------------------------------------------------------------------

def test_paths_name_the_clickable_cells():
    """The view's data-cell names: towers, pieces 't1.2', gaps 't1|2', 'hand:red', 'done:red', 'timer'."""
    state = table("t1:rL1,yL1,yM1,rM1,yS1", "t2:yL2", timer=60)
    rs1 = next(t.id for t in state.towers if t.pieces[0].name == "rS1")
    assert state.path("red:cap:rS1>t2") == (rs1, "t2")
    assert state.path("red:split:yM1") == ("t1|2",)
    assert state.path("red:done") == ("done:red",)
    assert state.path("timer:ring") == ("timer",)
    held = state.play("red:mine:rL1")
    assert held.path("red:cap:rL1>t2") == ("hand:red", "t2")
    assert state.path("red:mine:rM1") == ("t1.3",)
    with pytest.raises(IllegalMoveError, match="holding"):
        held.path("red:mine:rM1")


def test_a_split_several_players_may_make_offers_a_choice():
    """§3.4 any player other than the pair's colour may split; the click path is shared, the label tells who."""
    state = table("t1:rL1,yL1,yM1", players=3)
    guide = state.guide(("t1|2",))
    assert set(guide.moves) == {"red:split:yM1", "green:split:yM1"} and guide.message == "Choose:"
    assert {state.label(m) for m in guide.moves} == {"Red splits under yM1", "Green splits under yM1"}


def test_guide_walks_a_cap_and_hints_explain_dead_clicks():
    """§3.2 click the free-stander, then the tower; hints say why a click leads nowhere."""
    state = table("t1:yL1,rM1", "t2:yM2,rS2,yS1")
    rl1 = next(t.id for t in state.towers if t.pieces[0].name == "rL1")
    first = state.guide((rl1,))
    assert "t1" not in first.targets and first.message == "Choose a lit tower to cap."
    assert state.guide((rl1, "t2")).message == "That tower is now topped by Yellow's small, smaller than Red's large."
    assert "not a free-stander" in state.guide(("t1",)).message
    assert state.guide(("t1.1",)).message == "Red now tops that tower; you cannot mine a tower you control."
    assert "one colour" in state.guide(("t2|1",)).message
    assert state.guide(("hand:red",)).message == "Red is not holding a piece."
    rs1 = next(t.id for t in state.towers if t.pieces[0].name == "rS1")
    assert state.guide((rs1, "t2")).moves == ("red:cap:rS1>t2",)


def test_malformed_and_foreign_moves_are_refused():
    """Shared brief: every bad input raises a GameError with a human message."""
    state = GAME.new()
    for text in ("", "red", "red:cap:rS1", "red:cap:rS1>x", "red:mine:rS1>t1", "red:fly", "red:down:now"):
        with pytest.raises(InvalidMoveError, match="not an Ice Towers move"):
            state.play(text)
    refused(state, "red:cap:rS4>t10", "no piece rS4")
    refused(state, "blue:cap:bS1>t1", "no piece bS1")
    refused(state, "blue:done", "Blue is not playing")
    refused(state, "ghost:down", "no ghost")
    refused(state, "red:cap:rS1>t99", "There is no tower t99")


def _explore(options, seed, plies=150):
    """A random game (positions and record) that stacks tall towers and likes mines and splits."""
    rng = random.Random(seed)
    seen, record = [GAME.new(**options)], []
    while seen[-1].outcome is None and len(record) < plies:
        state = seen[-1]
        moves = [m for m in state.legal_moves() if not m.endswith(("done", "ring"))] or state.legal_moves()
        rare = [m for m in moves if ":cap:" not in m]
        height = {m: len(state.tower(m.split(">")[1]).pieces) for m in moves if ":cap:" in m}
        tall = [m for m in height if height[m] == max(height.values())]
        pick = rng.random()
        record.append(rng.choice(rare if rare and pick < 0.5 else tall if tall and pick < 0.9 else moves))
        seen.append(state.play(record[-1]))
    return seen, record


@pytest.mark.parametrize("options", [{}, {"haunted": True}, {"players": 3, "timer": 60}])
def test_listed_moves_are_exactly_those_the_rules_allow(options):
    """§3: every action of every colour is legal iff its preconditions hold (the list and the reasons agree)."""
    for state in _explore(options, 3)[0]:
        legal = set(state.legal_moves())
        names = [p.name for t in state.towers for p in t.pieces] + [h.piece.name for h in state.held.values()]
        ids = [t.id for t in state.towers]
        actors = state.colours + ("timer", "blue" if "blue" not in state.colours else "purple")
        for actor in actors:
            candidates = [f"{actor}:{v}" for v in ("down", "done", "undone", "ring")]
            candidates += [f"{actor}:{v}:{n}" for v in ("mine", "split") for n in names]
            candidates += [f"{actor}:cap:{n}>{t}" for n in names for t in ids]
            for move in candidates:
                if move in legal:
                    assert state._why_not(*state._parse_move(move)) is None, (state.to_text(), move)
                    continue
                message = str(state.explain(move))
                assert "is not legal here" not in message, (state.to_text(), move)
                assert message and not re.search(r"\{|\}", message)


def test_long_records_replay_and_round_trip():
    """Protocol: a record is the ordered accepted actions; every position round-trips through its text."""
    seen, record = _explore({"players": 4, "trios": 4}, 7, plies=300)
    assert GAME.replay(record, players=4, trios=4).to_text() == seen[-1].to_text()
    assert all(GAME.from_text(s.to_text()).to_text() == s.to_text() for s in seen[::10])
    assert any(":split:" in m for m in record) and any(":mine:" in m for m in record)


# -- conformance ---------------------------------------------------------------------------------

@pytest.mark.parametrize("options, seeds", [
    ({}, range(6)),
    ({"players": 6, "trios": 5}, range(6)),
    ({"haunted": True}, range(6)),
    ({"timer": 60}, range(6)),
    ({"players": 3, "colours": "blue,green,orange", "trios": 4}, range(6)),
])
def test_conformance(options, seeds):
    check_game(GAME, seeds=seeds, **options)


def test_a_colour_with_no_play_left_is_told_that_only_agreeing_to_end_is_left():
    """§3.5, §4.2: the game ends when all agree, or when no legal play remains for anyone. Red had no play left while
    Yellow played on, and the status still said "No turns: Red, Yellow may act at any moment."."""
    state = GAME.from_text("t2:rS2,yS2 t4:rM1,yM1 t5:rM2,yS1 t9:rL3,yL3 t12:yS3,rS3 t14:yM2,rM3 t15:yM3,rS1 "
                           "t17:yL2,rL2,yL1,rL1 next:19")
    assert [m for m in state.legal_moves() if m.startswith("red:")] == ["red:done"]
    assert status_of(state) == "Red has no play left: press I'm done to agree to end."
    assert status_of(state, ["yellow"]) == "No turns: Red, Yellow may act at any moment.", "Red is not asked here"
    assert status_of(state.play("yellow:done")) == ("Red has no play left: press I'm done to agree to end. Yellow is "
                                                    "done: the game ends when Red is done too.")
