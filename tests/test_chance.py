"""Issue 27: chance cannot be fished for.  An outcome drawn at a chance node stays drawn there for
the rest of the game: after undo, by another line of play, and after a reload."""

import json
import random

from pyramids.core import CHANCE
from pyramids.loading import Loading, to_storage
from pyramids.session import Session


class Avoiding(random.Random):
    """Chance as a fisher hopes for it: never the outcomes in `seen`, whenever another is possible."""

    def __init__(self, *seen):
        super().__init__(0)
        self.seen = set(seen)

    def choices(self, population, weights=None, **_):
        return [next((m for m in population if m not in self.seen), population[0])]


SETUP = ["p1:colour=yellow", "p1:home=b1", "p2:colour=blue", "p2:home=c1"]


def toids(*moves, rng=None):
    """An IceToids game: yellow enters b1, blue c1 (each tile drawn), then `moves` (tiles turned as drawn)."""
    s = Session("icetoids", moves=SETUP, rng=rng or random.Random(1))
    for move in ("off-b1", "off-c1", *moves):
        s.play(move)
        if s.latest.legal_moves()[0].startswith("orient:"):
            s.play(s.latest.legal_moves()[0])
    return s


def drawn_at(s, cell):
    return next(m for m in s.moves if m.startswith(f"reveal:{cell}="))


def test_a_tile_seen_at_a_cell_stays_there_whatever_the_line_that_comes_back_to_it():
    """Issue 27: "Once a tile has been revealed at a cell it stays that tile there for that game"
    (docs/rules/icetoids.md §3.3: "turn it over"; a tile has one face)."""
    s = toids("b1.U>N", "c1.U>N", "b1.N-b2")
    tile = drawn_at(s, "b2")
    while s.moves[-1] != "c1.U>N":
        s.undoing.undo()
    s.rng = Avoiding(tile)
    for move in ("b1.N>E", "c1.N>W", "b1.E>N", "c1.W>S", "b1.N-b2"):  # another line, the redo stack gone
        s.play(move)
    assert drawn_at(s, "b2") == tile


def test_a_tile_seen_then_undone_is_kept_in_the_save_and_comes_back_after_a_reload():
    """The tile was seen by everyone, so storing it hides nothing; drawing anew would let a reload fish."""
    s = toids("b1.U>N", "c1.U>N", "b1.N-b2")
    tile = drawn_at(s, "b2")
    while s.moves[-1] != "c1.U>N":
        s.undoing.undo()
    assert tile in to_storage(s) and tile not in s.link()
    again, problem = Loading.from_storage(to_storage(s), rng=Avoiding(tile)).finish()
    assert problem is None
    again.play("b1.N>E")  # not the redo: the redo stack is gone, the tile is not
    again.play("c1.N>W")
    again.play("b1.E>N")
    again.play("c1.W>S")
    again.play("b1.N-b2")
    assert drawn_at(again, "b2") == tile


def test_a_tile_kept_for_one_cell_is_not_drawn_at_another():
    """Tiles seen stay where they were seen, so a new draw comes from the tiles left once those are
    set aside: the rest of one shuffle (docs/rules/icetoids.md [A13]), never a second copy of the last
    tile of a kind."""
    before = toids("b1.U>N", "c1.U>N").latest.play("b1.N-b2")
    kinds = dict(before.chance_outcomes())
    rarest = min(kinds, key=kinds.get)  # an arrow tile: one of its kind
    fresh = dict(before.fresh_chance({"reveal:c2": rarest.replace("b2", "c2")}))
    assert set(fresh) == set(kinds) - {rarest} and abs(sum(fresh.values()) - 1) < 1e-9


def rolled_turn(seed=3):
    """An Ice-Turn game where one move ends the turn (the dice are rolled for the next player) and
    another could be made instead: (session, that move, another)."""
    s, pick = Session("ice-turn", rng=random.Random(seed)), random.Random(seed)
    while True:
        legal = s.latest.legal_moves()
        for move in legal if len(legal) > 1 else ():
            after = s.latest.play(move)
            while after.outcome is None and (automatic := after.automatic_move()) is not None:
                after = after.play(automatic)
            if after.actors == (CHANCE,) and s.moves[-1].startswith(("tip", "turn", "move", "react", "end")):
                return s, move, next(m for m in legal if m != move)
        s.play(pick.choice(legal))


def test_dice_undone_and_played_again_after_another_try_come_up_the_same():
    """Issue 27: "a die roll undone and played again comes up the same", though another move was tried
    in between (which empties the redo stack)."""
    s, move, other = rolled_turn()
    s.play(move)
    rolls = [m for m in s.moves if m.startswith(("roll:", "face:"))][-2:]
    s.undoing.undo()
    s.play(other)
    s.undoing.undo()
    s.rng = Avoiding(*rolls)
    s.play(move)
    assert [m for m in s.moves if m.startswith(("roll:", "face:"))][-2:] == rolls


def test_chance_kept_is_in_the_save_and_never_in_a_link():
    """A link holds no more than the moves; the save keeps what was drawn and undone, by chance node."""
    s, move, _ = rolled_turn()
    s.play(move)
    s.undoing.undo()
    assert s.undoing.kept and json.loads(to_storage(s))["chance"] == s.undoing.kept
    assert Loading.from_link(s.link()).finish()[0].undoing.kept == {}


def test_a_link_that_brings_a_saved_game_up_to_date_keeps_its_chance():
    """The page takes a save's kept outcomes into the game a friend's link continues (play by link)."""
    s = toids("b1.U>N", "c1.U>N", "b1.N-b2")
    tile = drawn_at(s, "b2")
    while s.moves[-1] != "c1.U>N":
        s.undoing.undo()
    friend = Loading.from_link(s.link()).finish()[0]
    friend.undoing.keep_chance(json.loads(to_storage(s)))
    friend.rng = Avoiding(tile)
    friend.play("b1.N-b2")
    assert drawn_at(friend, "b2") == tile
