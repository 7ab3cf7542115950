"""The computer opponent: legal, reproducible, plausible moves in every game, through the protocol alone."""

import dataclasses
import math
import random

import pytest

from conformance import bot_game
from pyramids import ai, games
from pyramids.games import ice_lady, terrafex
from pyramids.grid import join_row
from pyramids.core import CHANCE, Game, GameError, Outcome, State, repeated_moves

TINY = 0.05  # levels scaled down: these tests check behaviour, the bench measures strength


def lead(state):
    """Ice Lady: White's lead in pawns, as the game's evaluation counts it for the search."""
    return state.evaluation().margins["white"]


def tiny(level):
    return ai.LEVELS[level].scaled(TINY)


@pytest.mark.parametrize("game_id", games.ids())
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_returns_a_legal_move_of_the_player_to_move(game_id, level):
    state, deal = games.get(game_id).new(), random.Random(1)
    while state.actors == (CHANCE,):  # Ice-Turn deals its tiles first
        state = state.play(deal.choice(state.legal_moves()))
    actor = ai.players_to_act(state)[0]
    move = ai.choose(state, actor, tiny(level), rng=random.Random(3))
    assert state.is_legal(move) and state.may_act(move, actor)


@pytest.mark.parametrize("game_id", ["ice-lady", "icetoids"])
def test_the_same_rng_gives_the_same_move(game_id):
    """"reproducible for a given rng": without budget_s a search stops at a fixed amount of work."""
    state = games.get(game_id).new()
    state = state.play(state.legal_moves()[0])
    medium = dataclasses.replace(ai.LEVELS["medium"], seconds=60)  # the work cap, not the clock, ends it
    first = [ai.choose(state, level=medium, rng=random.Random(seed)) for seed in range(4)]
    again = [ai.choose(state, level=medium, rng=random.Random(seed)) for seed in range(4)]
    assert first == again


@pytest.mark.parametrize("game_id", ["icetoids", "ice-lady"])
def test_a_budget_in_seconds_is_kept(game_id, monkeypatch):
    """With `budget_s` the search stops at its deadline, whatever its work cap: on a clock that moves a
    millisecond each time it is read, a 0.1 s search reads it about a hundred times, not thousands."""
    reads = []
    monkeypatch.setattr(ai, "clock", lambda: reads.append(None) or len(reads) / 1000)
    move = ai.choose(games.get(game_id).new(), level="hard", budget_s=0.1, rng=random.Random(1))
    assert games.get(game_id).new().is_legal(move)
    assert 50 < len(reads) < 130, len(reads)


def test_an_unknown_level_is_a_readable_error():
    with pytest.raises(GameError, match="no level 'expert'"):
        ai.choose(games.get("ice-lady").new(), level="expert")


# White small on d4 can take Black's small on e5 (d4xf6); nothing of Black's can take back.
FREE_CAPTURE = "8/m7/8/4s3/3S4/8/7M/8 w 4 4"


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_takes_a_free_capture(level):
    """Easy still plays plausibly: it takes a free capture more often than not."""
    state = games.get("ice-lady").from_text(FREE_CAPTURE)
    picks = [ai.choose(state, level=level, rng=random.Random(seed)) for seed in range(10)]
    assert picks.count("d4xf6") >= 8, picks


def test_hard_does_not_trade_into_a_recapture_easy_takes():
    """White's king takes the small (d4xf6 or d4xg7) and Black's king h8 takes it back; Easy looks one ply ahead.
    A small and a medium far off make it no ending (a small's lead against a lone king is drawn, and worth little)."""
    state = games.get("ice-lady").from_text("7k/m7/8/4s3/3K4/S7/8/8 w 3 3")
    assert "x" in ai.choose(state, level="easy", rng=random.Random(1))
    hard = ai.choose(state, level="hard", rng=random.Random(1))
    after = state.play(hard)
    replies = [after.play(m) for m in after.legal_moves()]
    assert all(lead(r) > lead(state) - 0.5 for r in replies), hard


def _minimax(state, depth, actor, ply=1):
    """Plain minimax, no cuts: what alpha-beta must find, in the same units (pawns, a win as ai.WIN - ply)."""
    if state.outcome is not None:
        return 0.0 if state.outcome.draw else (ai.WIN - ply) * (1 if actor in state.outcome.winners else -1)
    if depth == 0:
        return (1 if actor == "white" else -1) * lead(state)
    values = [_minimax(state.play(m), depth - 1, actor, ply + 1) for m in state.legal_plays()]
    return max(values) if state.to_move == actor else min(values)


def _searched(engine, state, depth, alpha=-math.inf, beta=math.inf, ply=1):
    steps = engine._value(state, depth, alpha, beta, ply)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


@pytest.mark.parametrize("text, deepest", [("2k4K/2K1K3/K7/8/8/8/8/8 w 0 2", 3), ("7k/8/8/4s3/3K4/8/8/8 w 3 3", 4),
                                           ("8/2mmmm2/3ss3/1s2s3/3S2S1/3SS3/2MMMM2/8 w 4 4", 4)])
def test_alpha_beta_trying_the_move_best_before_first_finds_what_minimax_finds(text, deepest):
    """The search remembers the move found best in each position and tries it first there at the next
    depth (more cut-offs, so Hard looks deeper in its time), and each position's value at each depth,
    exact or a bound, for the next time it is reached (another order of the same moves, or the depth
    searched again); the values must stay minimax's, cold and warm."""
    state = games.get("ice-lady").from_text(text)
    level = dataclasses.replace(ai.LEVELS["hard"], seconds=600, nodes=10**7, settles=False)  # a plain horizon
    engine = ai.Search(state, level=level, rng=random.Random(1))._engine
    engine.until = math.inf
    for depth in (1, 2, 2, *range(3, deepest + 1), deepest):  # from depth 4, moves in another order meet
        assert _searched(engine, state, depth) == pytest.approx(_minimax(state, depth, "white")), depth
    assert any(move for move, _ in engine.known.values())  # the moves found best were kept for later searches
    assert any(values for _, values in engine.known.values())  # and the values found


@pytest.mark.parametrize("text", ["2k4K/2K1K3/K7/8/8/8/8/8 w 0 2", "8/8/8/4K3/K7/8/8/k2K4 w 0 0"])
def test_alpha_beta_keeps_a_bound_as_a_bound_and_a_win_as_plies_from_where_it_was_found(text):
    """A value found outside the search's window is only a bound on the true one, and a win is found
    nearer or farther from the root on another path: the values kept must say so.  In the second
    position White's king e5-d4 leaves Black's lone king on a1 no move that is not taken (as in the
    test of the caught king below): a win at the third ply."""
    state = games.get("ice-lady").from_text(text)
    level = dataclasses.replace(ai.LEVELS["hard"], seconds=600, nodes=10**7, settles=False)
    exact = _minimax(state, 3, "white")
    for window in ((exact - 2, exact - 1), (exact + 1, exact + 2)):  # too low for it, then too high
        engine = ai.Search(state, level=level, rng=random.Random(1))._engine
        engine.until = math.inf
        _searched(engine, state, 3, *window)
        assert _searched(engine, state, 3) == pytest.approx(exact), window
        assert _searched(engine, state, 3, ply=3) == pytest.approx(_minimax(state, 3, "white", ply=3)), window


def test_medium_and_hard_search_captures_past_the_horizon_easy_does_not():
    """White's king takes the small (d4xf6 or d4xg7) and Black's king h8 takes it back: one ply ahead,
    the capture looks like a gain unless the captures that follow are searched on (quiescence)."""
    state = games.get("ice-lady").from_text("7k/8/8/4s3/3K4/8/8/8 w 3 3")
    one_ply = dataclasses.replace(ai.LEVELS["medium"], max_depth=1, noise=0.0)
    assert "x" in ai.choose(state, level=dataclasses.replace(one_ply, settles=False), rng=random.Random(1))
    assert "x" not in ai.choose(state, level=one_ply, rng=random.Random(1))


# Four kings against one, Hard ahead of Medium: before the hunt (issue 28), 18 of 20 games between them ran to the
# 300-ply cap, Hard ahead in 16, mostly with kings against a lone king that was never taken.
KING_ENDINGS = ["4KK2/4K3/8/4K3/8/3k4/8/8 w 0 3", "3K2k1/8/8/2K5/K7/7K/8/8 w 0 2"]


def kings_position(white: list[int], black: int) -> str:
    """Ice Lady with White's kings on `white` and Black's on `black` (squares 0-63, a1 first), Black to move."""
    piece = {square: "K" for square in white} | {black: "k"}
    ranks = (join_row([piece.get(square) for square in range(row * 8, row * 8 + 8)]) for row in range(7, -1, -1))
    return "/".join(ranks) + " b 0 0"


def test_two_kings_cannot_take_a_lone_king_that_takes_care():
    """Why Hard's kings' endings are tested with four kings, and why two against one end unfinished: with the kings'
    moves of docs/rules/ice-lady.md A9 (1-3 squares, 8 ways, a capture lands beyond within range), the lone king always
    has a move after which no king can take it.  A retrograde analysis of all 124,992 such positions found none lost
    (docs/performance-notebook.md); here 60 of them, by the game's own rules."""
    game, rng = games.get("ice-lady"), random.Random(3)
    for _ in range(60):
        *white, black = rng.sample(range(64), 3)
        state = game.from_text(kings_position(white, black))
        safe = [move for move in state.legal_plays()
                if not any(state.play(move).play(reply).outcome for reply in state.play(move).legal_plays())]
        assert safe, state.to_text()


@pytest.mark.parametrize("text", KING_ENDINGS)
def test_hard_ahead_in_a_kings_ending_hunts_the_lone_king_down(text):
    """Win: "The game is won when all of the opponents pieces are captured"; four kings take the lone one."""
    state = games.get("ice-lady").from_text(text)
    untimed = {colour: dataclasses.replace(ai.LEVELS[level].scaled(0.5), seconds=600)
               for colour, level in (("white", "hard"), ("black", "medium"))}
    rng = random.Random(1)
    for _ in range(60):
        if state.outcome is not None:
            break
        state = state.play(ai.choose(state, level=untimed[state.to_move], rng=rng))
    assert state.outcome is not None and state.outcome.winners == ("white",), state.to_text()


def test_hard_ahead_in_kings_does_not_trade_into_two_against_one():
    """Two kings cannot take one (above), so the bots agree to a draw there (`State.drawn_ending`): three
    kings against two keep the chances that taking a king now and losing one at once would throw away
    (d6xg6 is answered by h5xf7)."""
    state = games.get("ice-lady").from_text("8/8/3K1k2/7k/8/8/K7/K7 w 0 0")
    assert state.play("d6xg6").play("h5xf7").drawn_ending()
    untimed = dataclasses.replace(ai.LEVELS["hard"].scaled(0.5), seconds=600)
    for seed in range(3):
        assert "x" not in ai.choose(state, level=untimed, rng=random.Random(seed))


def test_a_lone_king_whose_every_way_out_is_covered_has_no_free_square():
    """docs/rules/ice-lady.md A9: a king takes by landing beyond the piece it jumps.  The lone king on a1 may go to b1,
    c1, a2, a3, b2 and c3, and each is taken from d1, a4 or d4 by a landing on the square it left: it is caught, and the
    ending's term counts no free square for it (the hunt's goal, not a square short)."""
    trap = games.get("ice-lady").from_text(kings_position([3, 24, 27], 0))
    assert all(any("x" in reply for reply in trap.play(move).legal_plays()) for move in trap.legal_plays())
    nearness = 3 * (8 - 1 - 3)  # three kings, each three squares from the lone one
    assert ice_lady._hunt(trap.board, 12.0, "black") == pytest.approx(ice_lady.NEAR * nearness)


def test_the_ending_terms_count_only_once_the_side_behind_has_only_kings():
    """A king hunt is no reason to put off a promotion, nor to chase smalls: before the ending, material alone."""
    assert ice_lady._hunt(games.get("ice-lady").from_text(FREE_PROMOTION).board, 3.0, "white") == 0.0
    far, near = (games.get("ice-lady").from_text(text).board for text in ("KK6/K7/8/8/8/8/8/7k w 0 0",
                                                                          "8/8/8/8/4K3/4KK2/8/7k w 0 0"))
    assert ice_lady._hunt(near, 4.0, "white") > ice_lady._hunt(far, 4.0, "white")  # White ahead: nearer is better


def test_no_hunt_without_kings_enough_to_take_one_that_takes_care():
    """A king and a small against a king: the small's worth made a lead, and Hard's lone king went
    hunting till it had no square left where the other could not take it (a bench game of Hard against
    Medium, lost); two kings cannot take one either.  Three against one hunt (tests above)."""
    game = games.get("ice-lady")
    for text in ("8/5S2/8/5k2/8/8/2K5/8 w 0 1", "8/8/8/5k2/8/8/2K5/K7 w 0 0", "K7/8/8/3k1k2/8/8/2K5/K7 w 0 0"):
        board = game.from_text(text).board
        assert ice_lady._hunt(board, 2.0, "white") == 0.0, text
    assert ice_lady._hunt(game.from_text("K7/8/8/5k2/8/8/2K5/K7 w 0 0").board, 2.0, "white") != 0.0


def test_a_lead_that_cannot_make_four_kings_against_what_is_left_counts_for_little():
    """docs/rules/ice-lady.md §1 (four larges each) and §3.6 (a king is a large from the reserve): four kings take a
    lone king, three only where the table says, two never (docs/performance-notebook.md), and against two kings the
    bots seldom make progress.  A lead there counts a tenth, so the side ahead keeps the small that makes its fourth
    king (a bench game of Hard against Medium: KKKS against K, the small lost, drawn)."""
    game = games.get("ice-lady")

    def lead_of(text):
        return lead(game.from_text(text))

    four = lead_of("8/8/2S5/8/8/8/k7/5KKK w 1 3")  # three kings, a small and a large to promote it: four to come
    three = lead_of("8/8/8/8/8/8/k7/5KKK w 1 3")  # the small lost: three kings at most
    short = lead_of("8/8/2S5/8/8/8/k7/6KK w 1 3")  # two kings and a small: three at most
    spent = lead_of("8/8/2S5/8/8/8/k7/5KKK w 0 3")  # no large left to promote the small
    assert four > 8
    assert 0 < three < 1  # the table: the lone king holds out, a drawn ending
    assert 0 < short < 1 and 0 < spent < 1.5
    assert 0 < lead_of("8/8/8/8/8/8/k6k/4KKKK w 0 2") < 1  # four kings against two
    assert lead_of("8/8/8/8/8/8/k6k/4KKKK w 0 2") < lead_of("8/8/8/8/8/8/k7/4KKKK w 0 2") - 8  # ... and against one
    assert -1.5 < lead_of("K7/8/2s5/8/8/8/8/5kkk b 3 0") < 0  # Black ahead, with a small it cannot promote
    assert lead_of("K7/8/2s5/8/8/8/8/5kkk b 3 1") < -8  # ... and with a large to promote it


def test_a_small_left_on_the_far_row_is_worth_little_and_no_kings_lead():
    """docs/rules/ice-lady.md §3.3: a small only goes forward, so one on the far row, unpromoted (A11: optional, and
    none without a reserve), never moves again.  Counted as a small well advanced, it made a king and such a small look
    a lead against a lone king, and Hard's king went hunting and was taken (twice in 20 bench games of Hard against
    Medium, each lost: its small could not move); with no reserve left, it pushed smalls onto the far row for the
    advance."""
    game = games.get("ice-lady")
    assert lead(game.from_text("S7/8/8/5K2/8/8/6k1/8 w 0 0")) < ice_lady.DEAD_SMALL_WORTH + 0.01
    stuck, free = (game.from_text(text) for text in ("S7/8/8/5K2/8/8/2M3k1/3m4 w 0 0",  # a medium each: no ending
                                                     "8/S7/8/5K2/8/8/2M3k1/3m4 w 0 0"))
    assert lead(free) - lead(stuck) > 1 - ice_lady.DEAD_SMALL_WORTH
    spent = game.from_text("8/1S6/7s/8/8/8/8/K6k w 0 0")  # no reserve: b7-a8 or b7-c8 only kills the small
    for seed in range(3):
        assert ai.choose(spent, level=tiny("hard"), rng=random.Random(seed)) not in ("b7-a8", "b7-c8")


def test_ice_towers_needs_the_actor_and_plays_only_its_moves():
    """Ice Towers has no turns: the page says which colour the bot plays."""
    state = games.get("ice-towers").new()
    with pytest.raises(GameError, match="Say which player"):
        ai.choose(state)
    move = ai.choose(state, "yellow", tiny("hard"), rng=random.Random(2))
    assert move.startswith("yellow:") and state.is_legal(move)


def test_haunted_ice_towers_bot_may_move_the_ghost():
    state = games.get("ice-towers").new(haunted=True).play("red:cap:rS1>t10")  # a tower for the ghost to cap
    moves = ai.own_moves(state, "red")
    assert any(m.startswith("ghost:") for m in moves) and not any(m.startswith("yellow:") for m in moves)


def test_the_timer_is_never_a_bot_move():
    state = games.get("ice-towers").new(timer=300)
    assert "timer:ring" in state.legal_moves()
    assert "timer:ring" not in ai.own_moves(state, "red")
    assert ai.players_to_act(state) == ["red", "yellow"]


def test_a_bot_does_not_choose_for_chance():
    state = games.get("icetoids").new()
    while state.actors != (CHANCE,):
        state = state.play(sorted(state.legal_moves())[0])
    assert state.actors == (CHANCE,)
    with pytest.raises(GameError):
        ai.choose(state)


# -- a tiny race with everything the protocol allows in one turn ------------------------
class Dash(State):
    """Each turn: a die (1 or 2), two actions by the mover (fwd by the die, or back 1), then
    the opponent blocks (mover back 1) or passes.  First to 6 wins."""

    def __init__(self, pos=(0, 0), turn=0, phase="roll", die=0):
        self.pos, self.turn, self.phase, self.die = pos, turn, phase, die
        self.game, self.options = DASH, {}

    @property
    def outcome(self):
        for i, p in enumerate(self.pos):
            if p >= 6:
                return Outcome((f"p{i}",), "reached 6")
        return None

    def _actors(self):
        if self.phase == "roll":
            return (CHANCE,)
        return (f"p{1 - self.turn}",) if self.phase == "block" else (f"p{self.turn}",)

    def _generate(self):
        if self.phase == "roll":
            return {"die:1": 1, "die:2": 2}
        if self.phase == "block":
            return {"block": "block", "pass": "pass"}
        return {"fwd": "fwd", "back": "back"}

    def _apply(self, action):
        pos = list(self.pos)
        if self.phase == "roll":
            return Dash(self.pos, self.turn, "act1", action)
        if self.phase in ("act1", "act2"):
            pos[self.turn] += self.die if action == "fwd" else -1
            return Dash(tuple(pos), self.turn, "act2" if self.phase == "act1" else "block", self.die)
        if action == "block":
            pos[self.turn] -= 1
        return Dash(tuple(pos), 1 - self.turn, "roll")

    def to_text(self):
        return f"{self.pos} {self.turn} {self.phase} {self.die}"


class DashGame(Game):
    id, title = "dash", "Dash"

    def _initial(self, options):
        return Dash()


DASH = DashGame()


def test_two_actions_in_a_row_and_the_opponents_decision_inside_the_turn():
    state = DASH.new().play("die:2")
    assert ai.choose(state, level="easy", rng=random.Random(1)) == "fwd"
    state = state.play("fwd").play("fwd")
    assert state.actors == ("p1",)
    assert ai.choose(state, level="easy", rng=random.Random(1)) == "block"


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_bots_beat_a_random_player_in_a_game_with_chance(level):
    untimed = dataclasses.replace(ai.LEVELS[level], seconds=600)  # the work cap alone: a busy machine plays alike
    wins = 0
    for seed in range(10):
        bot = "p0" if seed % 2 else "p1"
        _, end = bot_game(DASH, lambda a, bot=bot: untimed if a == bot else "random", random.Random(seed))
        wins += end.outcome is not None and end.outcome.winners == (bot,)
    assert wins >= 8


def test_hard_beats_a_random_player_at_ice_lady():
    for seed in range(2):
        bot = ("white", "black")[seed]
        _, end = bot_game(games.get("ice-lady"), lambda a, bot=bot: "hard" if a == bot else "random",
                          random.Random(seed), max_plies=200, scale=0.1)
        assert end.outcome is not None and end.outcome.winners == (bot,)


@pytest.mark.parametrize("game_id", ["ice-lady", "icetoids"])
def test_a_search_in_slices_resumes_where_each_slice_stopped(game_id):
    """The page's fallback without a worker runs the search a slice per task: cut into many slices it
    does the same work and picks the same move as in one piece (it once ended at the first slice)."""
    state = games.get(game_id).new()
    level = dataclasses.replace(ai.LEVELS["hard"].scaled(0.1), seconds=600)  # only the work cap ends it
    whole = ai.Search(state, level=level, rng=random.Random(4))
    assert whole.step(math.inf)
    sliced = ai.Search(state, level=level, rng=random.Random(4))
    slices = 1
    while not sliced.step(0.0):  # a slice already over: each still makes some progress
        slices += 1
    assert slices > 10
    assert sliced.result == whole.result and state.is_legal(sliced.result)


def test_a_bot_may_wait_rather_than_agree_to_lose():
    """Ice Towers has no turns: with yellow ahead and agreeing to end, red's only move ("done") loses, so red waits."""
    game = games.get("ice-towers")
    state = game.new().play("yellow:cap:yS1>t1").play("yellow:done")
    lost = state.play("red:done")
    assert lost.outcome is not None and lost.outcome.winners == ("yellow",)
    assert ai.choose(state, "red", tiny("hard"), rng=random.Random(1), may_wait=True) != "red:done"


def test_a_bot_that_may_wait_still_takes_the_win():
    """The mirror image: yellow is ahead and red agreed to end, so "yellow:done" wins at once."""
    state = games.get("ice-towers").new().play("yellow:cap:yS1>t1").play("red:done")
    assert state.play("yellow:done").outcome.winners == ("yellow",)
    for level in ("easy", "hard"):
        assert ai.choose(state, "yellow", tiny(level), rng=random.Random(1), may_wait=True) == "yellow:done"


# -- the race games: the evaluation sees every step, even far ahead ----------------------
ICETOIDS_TILES = ("[red][fourway][green][red]/[yellow][blue][yellow][blue]/"
                  "[corner=NW][blue][green][red]/[green][single=W][straight=EW][yellow]")
ICE_TURN_TILES = "q[dEW][sW][sS]/[sE]q[dNS][sW]/[sN][dEW]q[dNS]/[dEW][sE][dNS]q"


def test_icetoids_a_step_nearer_the_last_target_is_worth_much_even_far_ahead():
    """Yellow holds a3 and d1; its third target is c3; Green's pieces all wait off the board.  The piece
    on a3 is two steps from c3, but it holds a3: only the third piece's way to c3 counts."""
    icetoids = games.get("icetoids")
    far = icetoids.from_text(f"yellow@a2,green@a4W {ICETOIDS_TILES} 4/[yellow.U]3/4/[yellow.U]2[yellow.U] p1 -")
    near = icetoids.from_text(f"yellow@a2,green@a4W {ICETOIDS_TILES} 4/[yellow.U][yellow.U]2/4/3[yellow.U] p1 -")
    assert ai.evaluate(near)[0]["p1"] > ai.evaluate(far)[0]["p1"] + 0.1


def test_medium_plays_a_share_of_its_work_in_icetoids_and_ice_towers():
    """Issue 28, Hard a step above Medium: in Ice Towers Hard beat it 65 of 80 games with all its playouts,
    72.5 with 0.4 of them, and Medium so still beats greedy 69.5 of 80.  Issue 53: IceToids' Medium searches two
    fifths of its positions, about what its time lets it search in the page (docs/performance-notebook.md)."""
    icetoids = games.get("icetoids")
    state = icetoids.from_text(f"yellow@a2,green@a4W {ICETOIDS_TILES} 4/[yellow.U]3/4/[yellow.U]2[yellow.U] p1 -")
    towers = games.get("ice-towers").new()
    medium, hard = ai.LEVELS["medium"], ai.LEVELS["hard"]
    assert ai.Search(state, "p1", "medium").level.nodes == round(medium.nodes * 0.4)
    assert ai.Search(state, "p1", "hard").level.nodes == hard.nodes
    assert ai.Search(towers, "red", "medium").level.iterations == round(medium.iterations * 0.4)


def test_ice_lady_medium_searches_a_twentieth_of_its_positions():
    """Issue 28, Hard a step above Medium: Hard's 0.9 s, not its positions, caps its search in Ice Lady
    (about 8,000), so against Medium with all its 6,000 Hard won 4 of 20 games (13 drawn), and about 16
    of 20 against a tenth of them."""
    state = games.get("ice-lady").new()
    medium, hard = (ai.LEVELS[name].nodes for name in ("medium", "hard"))
    assert ai.Search(state, "white", "medium").level.nodes == round(medium / 20)
    assert ai.Search(state, "white", "hard").level.nodes == hard
    assert ai.Search(games.get("terrafex").new(), "white", "medium").level.nodes == ai.LEVELS["medium"].nodes


def ice_turn_position(pieces: str) -> State:
    """Red (a1 to d4) to move with 3 points and a Hop; Blue's tree on c4, far from its goal a1."""
    return games.get("ice-turn").from_text(f"{ICE_TURN_TILES} {pieces} -,- red move 3 hop 0 - -")


def test_ice_turn_a_step_nearer_the_nest_is_worth_much_even_far_ahead():
    far = ice_turn_position("2[b3b2b1][r1r2]/4/3[r3N]/4")
    near = ice_turn_position("2[b3b2b1][r1r2]/3[r3N]/4/4")
    assert ai.evaluate(near)[0]["red"] > ai.evaluate(far)[0]["red"] + 0.05


def test_ice_turn_a_nest_begun_out_of_order_is_far_from_done():
    """Rules section 4 [A9]: small below medium below large; medium below small must be undone."""
    in_order = ice_turn_position("2[b3b2b1][r1r2]/3[r3N]/4/4")
    out_of_order = ice_turn_position("2[b3b2b1][r2r1]/3[r3N]/4/4")
    assert ai.evaluate(out_of_order)[0]["red"] < ai.evaluate(in_order)[0]["red"] - 0.2


def test_ice_turn_a_stack_is_counted_as_one_tip_for_all_its_pieces():
    """Rules section 3.3: a tipped stack "spreads over adjacent tiles in the direction they were tipped", the bottom
    piece lying on its cell and each one above a cell farther on, for one MP.  The race counts a stack as what
    its best tip leaves plus that MP, not a tip for each piece: Red's tree on a1 is one MP from the tree tipped
    north or east (35 MP then: the large 6 cells, the medium 5, the small 4, each one bend), and tipping it
    changes nothing for Blue."""
    tree = games.get("ice-turn").from_text(f"{ICE_TURN_TILES} 3[b3b2b1]/4/4/[r3r2r1]3 -,- red move 3 hop 0 - -")
    cost = tree.evaluation().costs
    assert cost["red"] == 1 + (3 * 6 + 1) + (2 * 5 + 1) + (1 * 4 + 1)
    for way in "NE":
        tipped = tree.play(f"tip:a1{way}").evaluation().costs
        assert (tipped["red"], tipped["blue"]) == (cost["red"] - 1, cost["blue"]), way


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_takes_a_win_on_the_spot(level):
    """Red's large on d3 points north at its goal d4, which holds its small and medium: move:d3@2 nests."""
    state = ice_turn_position("2[b3b2b1][r1r2]/3[r3N]/4/4")
    for seed in range(3):
        assert ai.choose(state, level=level, rng=random.Random(seed)) == "move:d3@2"


# White's small on a7 may step to b8 and become a king (a7-b8=K); nothing of Black's can ever stop it,
# so from the search's horizon it can always be done a move later.
FREE_PROMOTION = "4K3/S7/8/1s3ms1/1S2M3/2s2S2/MM3M2/8 w 3 4"


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_no_level_puts_off_a_free_promotion(level):
    """Rules: "A small or medium ending on the far row may be replaced by a king from the reserve";
    Medium once put it off for 6 of its moves (issue 28), Hard at every other depth."""
    state = games.get("ice-lady").from_text(FREE_PROMOTION)
    untimed = dataclasses.replace(ai.LEVELS[level].scaled(0.5 if level == "hard" else 1), seconds=600)
    picks = [ai.choose(state, level=untimed, rng=random.Random(seed)) for seed in range(4)]
    assert picks == ["a7-b8=K"] * 4, picks


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_promotion_is_not_put_off_where_it_cannot_win(level):
    """docs/rules/ice-lady.md §3.6: a small on the far row may become a king.  Two kings and a small against one, one
    large left: the promotion makes three kings against one that the lone king holds (a drawn ending), and Hard put it
    off in 3 seeds of 3, valuing that draw at nothing and the lead before it at a tenth; Easy and Medium, whose
    evaluation barely moved, picked among every move within their noise.  A drawn ending is now valued as the evaluation
    says, and the move that banks the most material is played."""
    state = games.get("ice-lady").from_text("8/5S2/8/8/8/3k4/8/K6K w 1 2")
    untimed = dataclasses.replace(ai.LEVELS[level].scaled(0.5 if level == "hard" else 1), seconds=600)
    picks = [ai.choose(state, level=untimed, rng=random.Random(seed)) for seed in range(3)]
    assert all(pick.endswith("=K") for pick in picks), picks


# -- Ice Towers: games without turns end ---------------------------------------------------
# Yellow leads 28-8; Red may only mine its larges back out of towers or agree (issue 28).
TOWERS_LEAD = "t3:rS3,yS2 t6:rM3,yS3,rS1 t7:rL1,yL2,rL2,yM1 t9:rL3,yL3 t15:yM3 t16:yL1,rM1,yM2 t18:rM2,yS1,rS2 next:19"


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_ice_towers_a_bot_that_agreed_stays_agreed(level):
    """Yellow said done; withdrawing it only lets Red play on, so Yellow waits (it once toggled
    done and undone for ever, and the game never ended by agreement)."""
    state = games.get("ice-towers").from_text(TOWERS_LEAD).play("yellow:done")
    picks = [ai.choose(state, "yellow", ai.LEVELS[level].scaled(0.2), rng=random.Random(seed), may_wait=True)
             for seed in range(6)]
    assert picks == [None] * 6, picks


def test_ice_towers_a_lost_bot_agrees_once_the_others_have():
    """Red is 20 points down and Yellow agreed: waiting changes nothing, mining a large back only
    drags the game on, so Red agrees and the game ends."""
    state = games.get("ice-towers").from_text(TOWERS_LEAD).play("yellow:done")
    untimed = dataclasses.replace(ai.LEVELS["medium"], seconds=600)
    for seed in range(3):
        assert ai.choose(state, "red", untimed, rng=random.Random(seed), may_wait=True) == "red:done"


@pytest.mark.parametrize("seed", range(3))
def test_a_game_of_ice_towers_bots_ends(seed):
    """"Done": the game ends when every player agrees (or no play is left), well before our move limit."""
    levels = [dataclasses.replace(ai.LEVELS[name].scaled(0.1), seconds=600) for name in ("hard", "medium", "easy")]
    _, end = bot_game(games.get("ice-towers"), lambda actor: levels[(seed + (actor == "red")) % 3],
                      random.Random(seed), max_plies=150)
    assert end.outcome is not None and end.ended in ("agreed", "blocked"), end.to_text()


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_game_of_ice_towers_with_a_person_who_waits_ends(level):
    """Yellow, a person, only ever says done; the bot plays Red until it too agrees.  (Every play
    clears the agreements, so the person says done again after each.)"""
    state, rng = games.get("ice-towers").new(), random.Random(5)
    untimed = dataclasses.replace(ai.LEVELS[level].scaled(0.1), seconds=600)
    for _ in range(150):
        if state.outcome is not None:
            break
        if "yellow:done" in state.legal_moves():
            state = state.play("yellow:done")
            continue
        move = ai.choose(state, "red", untimed, rng=rng, may_wait=True)
        assert move is not None, f"both wait for ever in {state.to_text()}"
        state = state.play(move)
    assert state.outcome is not None and state.ended in ("agreed", "blocked"), state.to_text()


def holds_back(state, actor, level="hard", idle=False):
    return ai.Search(state, actor, level, rng=random.Random(1), may_wait=True, idle=idle).holding


def test_ice_towers_hard_keeps_its_pieces_while_others_play():
    """"The last plays decide": among four, Hard waits (without agreeing) while two or more others still
    play, and does not search meanwhile; with one other left playing it plays (or agrees) again."""
    state = games.get("ice-towers").new(players=4)
    assert holds_back(state, "red")
    assert ai.choose(state, "red", "hard", rng=random.Random(1), may_wait=True) is None
    assert holds_back(state.play("yellow:done"), "red")
    assert not holds_back(state.play("yellow:done").play("green:done"), "red")
    assert not holds_back(state, "red", level="medium")


def test_ice_towers_hard_plays_when_it_must_or_when_everyone_waits():
    """A mined piece must be replayed at once (rules 3.3), and a table where everyone holds back
    (`idle`: nothing was played since it last waited) would never end."""
    state = games.get("ice-towers").new(players=4)
    assert not holds_back(state, "red", idle=True)
    for move in ("red:cap:rS1>t16", "yellow:cap:yS1>t16", "red:cap:rS2>t16", "green:cap:gS1>t16", "red:mine:rS1"):
        state = state.play(move)
    assert "red" in state.held and not holds_back(state, "red")


def test_ice_towers_hard_never_holds_back_against_one_player():
    """Alone against Hard, the other player would take every piece kept back."""
    assert not holds_back(games.get("ice-towers").new(), "red")


def test_a_game_of_four_hard_ice_towers_bots_ends():
    """Four players who all hold back still play (each acts once everyone waited), and agree in the end."""
    hard = dataclasses.replace(ai.LEVELS["hard"].scaled(0.05), seconds=600)
    _, end = bot_game(games.get("ice-towers"), lambda actor: hard, random.Random(3), max_plies=400, players=4)
    assert end.outcome is not None and end.ended in ("agreed", "blocked"), end.to_text()


def test_ice_towers_hard_bots_with_a_person_who_only_agrees_end():
    """Yellow, a person, only ever says done; three Hard bots play the other colours until all agree."""
    hard = dataclasses.replace(ai.LEVELS["hard"].scaled(0.05), seconds=600)

    def person(state, actor, rng):
        return "yellow:done" if "yellow:done" in state.legal_moves() else None

    _, end = bot_game(games.get("ice-towers"), lambda actor: person if actor == "yellow" else hard,
                      random.Random(4), max_plies=400, players=4)
    assert end.outcome is not None and end.ended in ("agreed", "blocked"), end.to_text()


# Red and Yellow each have two larges in t1 and nothing else to play: whoever is not on top mines a
# large, sets it down (no other tower takes a large) and caps t1 back, every action legal, for ever.
TOWERS_LOOP = ("t1:rL1,yL3,rL2,yL1 t2:rL3,yM1 t3:yL2,rM1 t4:rM2,yM2 t5:yM3,rM3 t6:rS1,yS1 t7:yS2,rS2 "
               "t8:rS3,yS3 next:9")
LOOP_LAP = ["red:mine:rL2", "red:down", "red:cap:rL2>t1", "yellow:mine:yL1", "yellow:down", "yellow:cap:yL1>t1"]


def test_ice_towers_the_move_that_came_round_to_a_position_is_not_played_there_again():
    """No rule ends a loop in Ice Towers: the computer does not start one again.  After a lap, Red's
    mine that began it is the move to avoid; Red then agrees (Yellow's agreement is no loop's move)."""
    states = [games.get("ice-towers").from_text(TOWERS_LOOP)]
    for move in LOOP_LAP:
        states.append(states[-1].play(move))
    assert states[-1].to_text() != states[0].to_text(), "the tower set down and capped back has a new number"
    assert repeated_moves(states, LOOP_LAP) == ["red:mine:rL2"]
    assert repeated_moves(states[:-1], LOOP_LAP[:-1]) == []
    for seed in range(3):
        assert ai.choose(states[-1], "red", tiny("medium"), rng=random.Random(seed), may_wait=True,
                         avoid=["red:mine:rL2"]) != "red:mine:rL2"


def test_a_loops_move_is_made_where_the_rules_demand_it_and_an_agreed_bot_stays_agreed():
    """A mined piece that can cap must cap at once (docs/rules/ice-towers.md §3.3: no waiting, no
    agreeing), even if every cap was a loop's move; a bot that agreed and has only a loop's moves left
    waits, still agreed."""
    held = games.get("ice-towers").new()
    for move in ("red:cap:rS1>t10", "yellow:cap:yS2>t10", "red:cap:rS2>t10", "yellow:cap:yS3>t10", "red:mine:rS1"):
        held = held.play(move)
    caps = ai.own_moves(held, "red")
    assert caps and all(":cap:rS1>" in m for m in caps)
    assert ai.choose(held, "red", tiny("hard"), rng=random.Random(1), may_wait=True, avoid=caps) in caps
    agreed = games.get("ice-towers").from_text(TOWERS_LOOP).play("red:done")
    plays = [m for m in ai.own_moves(agreed, "red") if m != "red:undone"]
    assert ai.choose(agreed, "red", tiny("hard"), rng=random.Random(1), may_wait=True, avoid=plays) is None


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_ice_towers_bots_that_could_loop_for_ever_end_the_game(level):
    """Both bots at the loop's position: they end the game by agreement (told nothing, they go round
    until the ply cap)."""
    game, settings = games.get("ice-towers"), dataclasses.replace(ai.LEVELS[level].scaled(0.1), seconds=600)
    moves, end = bot_game(game, lambda actor: settings, random.Random(2), max_plies=150,
                          start=game.from_text(TOWERS_LOOP))
    assert end.ended == "agreed", moves


# -- Ice-Turn: the levels that plan play whole turns -----------------------------------------
# Blue (goal a1, which holds its medium under its large) has its small on a3, pointing
# north; turning it south (1 MP), moving it to a2 (1 MP) and under the stack on a1 (1 MP) builds the nest.
BLUE_NEST_IN_THREE = ("[dNS][sS]q[sS]/[dNS]q[sN][dEW]/q[sS][dNS][sW]/[dEW][sW][dEW]q "
                      "3[r1r2]/[b1N]3/3[r3N]/[b2b3]3 -,- blue move {roll} tip 0 - -")


def play_the_turn(state: State, level) -> tuple[list[str], State]:
    """The bot's decisions until the dice or another player act."""
    actor, moves = state.actors[0], []
    while state.outcome is None and state.actors == (actor,):
        moves.append(ai.choose(state, level=level, rng=random.Random(len(moves))))
        state = state.play(moves[-1])
    return moves, state


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_ice_turn_a_planning_level_completes_its_nest_when_the_points_allow(level):
    """Rules section 3: a turn spends the roll's movement points one action at a time; Hard once
    ended its movement here (`end-moves` had the most visits), one action being judged at a time."""
    state = games.get("ice-turn").from_text(BLUE_NEST_IN_THREE.format(roll=3))
    assert {"turn:a3S", "move:a3"} <= set(state.legal_moves())
    moves, end = play_the_turn(state, level)
    assert moves == ["turn:a3S", "move:a3", "move:a2@0"]
    assert end.outcome is not None and end.outcome.winners == ("blue",)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_ice_turn_a_planning_level_takes_the_tip_when_it_adds_points_to_spend(level):
    """The Treehouse face "Tip- Totally Increase Points to 7" (tip7, at any moment of the movement);
    with a roll of 1, only its points reach the nest."""
    state = games.get("ice-turn").from_text(BLUE_NEST_IN_THREE.format(roll=1))
    moves, end = play_the_turn(state, level)
    assert "tip7" in moves
    assert end.outcome is not None and end.outcome.winners == ("blue",)


# Mid-game: Blue to spend 4 points, its Swap used already (from a game of two route players).
ICE_TURN_MID_GAME = ("[dNS]q[dNS][dEW]/[sS][dEW][sS]q/[sN][sW]q[sW]/q[dEW][sE][dEW] "
                     "1[b1E][b2N]1/[b3E][r1E]2/[r3E]2[r2N]/4 -,- blue move 4 swap 0 swap -")


def test_ice_turn_a_plan_searches_a_position_once_however_many_points_reached_it():
    """Rules section 3: movement points are spent one action at a time, and unspent points are simply not
    used, so the same pieces with points still to spend can do all they could with fewer
    (`State.spending_key`).  A turn's plan does not search the pieces again after turning one and back."""
    state = games.get("ice-turn").from_text(ICE_TURN_MID_GAME)
    back = state.play("turn:b4S").play("turn:b4E")
    assert back.stacks == state.stacks and back.facing == state.facing and back.spent == 2
    like, spent = back.spending_key()
    assert state.spending_key() == (like, 0) and spent == 2
    assert set(back.legal_moves()) <= set(state.legal_moves())
    for move in back.legal_moves():
        if move != "end-moves":
            assert back.play(move).spending_key() == (state.play(move).spending_key()[0], 2 + state.play(move).spent)

    plan = ai._Turn(state, "blue", 100_000, "hard")
    assert plan.run(math.inf) and not plan.queue, "searched to the end"
    assert state.play("turn:b4S").search_key() in plan.came and back.search_key() not in plan.came


@pytest.mark.parametrize("position", [ICE_TURN_MID_GAME, BLUE_NEST_IN_THREE.format(roll=2).replace(" tip ", " hop ")])
def test_ice_turn_a_plan_that_skips_positions_reached_dearer_ends_as_well_off(position, monkeypatch):
    """The positions a plan leaves out (`State.spending_key`) are ones it could do as well from with points
    to spare: searched to the end, it finds as good a turn as a plan that searches them all, in fewer
    positions."""
    state = games.get("ice-turn").from_text(position)
    plan = ai._Turn(state, "blue", 100_000, "hard")
    assert plan.run(math.inf) and not plan.queue and plan.best[0] < 1.0, "searched to the end, no win in it"
    monkeypatch.setattr(type(state), "spending_key", lambda self: None)
    every = ai._Turn(state, "blue", 100_000, "hard")
    assert every.run(math.inf) and not every.queue
    assert plan.best == every.best
    assert len(plan.came) < len(every.came)


def test_ice_turn_a_plan_does_not_turn_tiles_that_carry_no_lying_piece():
    """Aim: "Freely rotate as many tiles as you wish. This will also rotate any pieces on it."; Swap: "Swap two
    adjacent tiles with the pieces on them".  Turning a tile under no lying piece, or swapping two empty
    ones, moves no piece (`State.inert_moves`): legal, but a turn's plan spends no positions on them."""
    wild = ICE_TURN_MID_GAME.replace("blue move 4 swap 0 swap", "blue move 4 wild 0 -")  # nothing used yet
    state = games.get("ice-turn").from_text(wild)
    inert = state.inert_moves()
    assert {"wild:aim:b1+90", "wild:aim:c1+180", "wild:swap:c1-d1"} <= inert <= set(state.legal_moves())
    assert not {"wild:aim:b4+90", "wild:aim:a3+270", "wild:swap:a3-b3", "wild:swap:b3-c3"} & inert, "pieces move"
    assert state.play("wild:aim:b1+90").evaluation() == state.evaluation()
    plan = ai._Turn(state, "blue", 3000, "hard")
    plan.run(math.inf)
    made = [move for _, move in filter(None, plan.came.values())]
    assert len(made) > 1000
    assert not any(move.startswith(("wild:aim:b1", "wild:aim:c1", "wild:swap:c1-d1")) for move in made)
    assert any(move.startswith("wild:aim:b4") for move in made), "a tile under a lying piece turns it"


def test_ice_turn_a_plan_acts_when_ending_the_phase_would_go_round_a_loop():
    """Section 3.4: reactionary turns are optional, and the turn may end without one.  Here the only lit piece is
    Red's own medium on b1, pointing east, a way it needs, so no turn helps; with the turn's end a move the computer
    avoids (it would bring a position round again, `core.repeated_moves`), every level still answers with one
    of the turns left, the least harmful, rather than failing for want of a plan's end to choose.  The same in
    the movement phase with an Aim rolled and no points left: only Aims of tiles under no lying piece remain."""
    state = games.get("ice-turn").from_text(
        f"{ICE_TURN_TILES} 3[b3b2b1]/4/1[r1N]2/[r3E][r2E]2 -,- red react 3 hop 3 hop -")
    assert state.turnable == (1,) and "end-turn" in state.legal_moves()  # b1, lit by the tile under Red's large
    aiming = games.get("ice-turn").from_text(f"{ICE_TURN_TILES} 3[b3b2b1]/4/4/[r3r2r1]3 -,- red move 1 aim 1 - -")
    assert set(aiming.legal_moves()) - aiming.inert_moves() == {"end-moves"}
    for level in ("easy", "medium", "hard"):
        move = ai.choose(state, "red", tiny(level), rng=random.Random(1), avoid=["end-turn"])
        assert move in {"react:b1N", "react:b1S", "react:b1W"}, (level, move)
        assert ai.choose(aiming, "red", tiny(level), rng=random.Random(1), avoid=["end-moves"]) in aiming.inert_moves()


def test_ice_turn_a_tile_is_placed_at_once_and_at_random():
    """Section 2.2, "Each player places a tile in turn": the race is judged only once every tile lies
    (`State.evaluation` is None), and Ice-Turn takes no random playouts, so no search can tell placements
    apart.  Every level places at once (no search runs), and not always the same tile in the same place."""
    state, deal = games.get("ice-turn").new(), random.Random(5)
    while state.phase == "deal":
        state = state.play(deal.choice(state.legal_moves()))
    assert state.phase == "place" and state.evaluation() is None
    for level in ("easy", "medium", "hard"):
        picks = set()
        for seed in range(6):
            search = ai.Search(state, "red", level, rng=random.Random(seed))
            assert search.done and search._engine is None, "nothing to search"
            picks.add(search.result)
        assert picks <= set(state.legal_moves()) and len(picks) > 1


# Blue has ended its movement; four pieces are lit for reactionary turning: on a4, b4, c4 and d4.
ICE_TURN_FOUR_LIT = ("[dEW]q[dNS][sS]/q[sE][sS][dNS]/[sE][sW][sS]q/[dEW][dNS]q[dEW] "
                     "[b2N][b1W][r1S][b3E]/2[r3N]1/[r2S]3/4 -,- blue react 6 wild 6 aim -")


def test_ice_turn_a_plan_turns_lit_pieces_one_at_a_time_and_finds_the_best_set():
    """Rules section 3.4: each lit piece may be turned once, to any other way, and turning one lights no other
    ("Each piece turns at most once"): a turn's plan values each turn once and makes those that help, best
    first (`independent_choices`), rather than trying every set of them (3 ways or none for each of four
    pieces: 256 sets), and here ends as well off as the best of all the sets."""
    state = games.get("ice-turn").from_text(ICE_TURN_FOUR_LIT)
    assert len(state.turnable) == 4 and state.independent_choices()
    assert not state.play("end-turn").independent_choices(), "the dice are rolled next: not a player's choice"

    sets, waiting = {state.search_key(): state}, [state]
    while waiting:
        here = waiting.pop()
        for move in here.legal_plays():
            after = here.play(move)
            if move.startswith("react:") and after.search_key() not in sets:
                sets[after.search_key()] = after
                waiting.append(after)
    assert len(sets) == 4 ** 4
    best = max(ai._value(ai.evaluate(one, "hard"), "blue") for one in sets.values())

    plan = ai._Turn(state, "blue", 10_000, "hard")
    plan.run(math.inf)
    assert plan.best[0] == best
    assert len(plan.came) <= 1 + 4 + 2, "at most four turns, passed through, and the turn's end before and after"
    assert len(plan.values) <= 2, "only the turn's ends are searched"


# -- Terrafex: the evaluation sees the actions to come ----------------------------------------
# White has only its fire left to select, and a large forest on a1 (a1's outer band is White's: 3 for
# White).  A small fire lets Black burn it down to a medium, which scores for a1's middle band, Black's;
# a large fire can only burn it away.  No medium fire is left in the pool.
TERRAFEX_FIRE_SIZE = ("G3......./......../......../......../......../......../.......B1 "
                      "w used:forest,mountain,glacier fire:- pool:G5,5,3;Y5,5,4;R5,0,4;B4,5,4 pit:0,5,0 idle:0")


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_terrafex_a_level_selects_the_fire_that_costs_least_once_the_opponent_plays_it(level):
    """Terrafex: "fires are always played to the board by the opponent, after the fire is selected from
    the pool by the active player"; burn: "Shrink the larger of the two pieces by the size of the smaller
    piece".  Selecting changes no score, so judged by the score Medium and Hard selected the small fire."""
    state = games.get("terrafex").from_text(TERRAFEX_FIRE_SIZE)
    assert sorted(state.legal_moves()) == ["fire:1", "fire:3"]
    assert state.play("fire:1").play("fire:burn:a1").scores() == {"white": 0, "black": 2}
    assert state.play("fire:3").play("fire:burn:a1").scores() == {"white": 0, "black": 0}
    picks = [ai.choose(state, level=level, rng=random.Random(seed)) for seed in range(4)]
    assert picks == ["fire:3"] * 4


# White's last action is its mountain, on an empty board but for a glacier: a small mountain starts on
# any of 55 squares, many of them alike.
TERRAFEX_MOUNTAIN_ANYWHERE = ("......../......../......../......../......../......../.......B1 "
                              "w used:forest,fire,glacier fire:- pool:G5,5,4;Y5,5,4;R5,5,4;B4,5,4 pit:0,0,0 idle:0")


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_terrafex_a_planning_level_varies_its_choice_with_its_rng(level):
    """Terrafex has no chance: a level that always took the first of equal plans played the same game
    every time against the same moves (a win against it could be replayed for ever).  Medium and Hard
    pick among the plans about as good at random, reproducibly for a given rng."""
    state = games.get("terrafex").from_text(TERRAFEX_MOUNTAIN_ANYWHERE)
    untimed = dataclasses.replace(tiny(level), seconds=600)  # the work cap, not the clock, ends it
    picks = [ai.choose(state, level=untimed, rng=random.Random(seed)) for seed in range(4)]
    again = [ai.choose(state, level=untimed, rng=random.Random(seed)) for seed in range(4)]
    assert picks == again
    assert len(set(picks)) > 1, picks


# Black, all four actions left.  Selected, a large fire looks harmless to the evaluation (which counts each
# of Black's remaining actions at its best option as on the board now); but White burns the medium forest
# on f5 with it, which spoils what Black still had to do, and Black is worse off than after any placement
# of a small fire.
TERRAFEX_LARGE_FIRE = ("......../.Y1..Y1.B3./.B3R2...../....G1.../.Y1..Y1G2B3./B3.Y1G3..../........ "
                       "b used:- fire:- pool:G4,4,3;Y0,5,4;R4,2,2;B5,5,0 pit:1,2,2 idle:0")


def test_terrafex_hard_searches_where_the_opponent_plays_the_fire():
    """Terrafex: "fires are always played to the board by the opponent, after the fire is selected from
    the pool by the active player".  Hard searches the opponent's reply after its best plans (here White's
    placement, then what Black can still do); judged by the evaluation alone, it selected the large fire."""
    state = games.get("terrafex").from_text(TERRAFEX_LARGE_FIRE)

    def black(s):
        return ai._value(ai.evaluate(s), "black")

    def after_worst_placement(size):
        selected = state.play(f"fire:{size}")
        return min(black(selected.play(m)) for m in selected.legal_moves())

    assert black(state.play("fire:3")) > black(state.play("fire:1"))  # as selected
    assert after_worst_placement(3) < after_worst_placement(1)  # as played
    untimed = dataclasses.replace(tiny("hard"), seconds=600)
    picks = [ai.choose(state, level=untimed, rng=random.Random(seed)) for seed in range(3)]
    assert "fire:3" not in picks, picks


def test_terrafex_hard_alone_counts_a_spare_growth_against_the_player():
    """Each action is valued by the player's best option; in Hard's evaluation a second forest or mountain
    growth that would gain the player points counts against it (`terrafex.SPARE_GROWTH`, measured:
    docs/performance-notebook.md).  A second growth that would lose points, and a second glacier move, count
    nothing.  Easy's and Medium's evaluation is the game's, and Hard's turn plan values its positions by
    Hard's."""
    no_fire = {1: [], 2: [], 3: []}
    pool = (0,) * 12  # no red piece: no fire action
    spare = 0.3

    def turn(forest, mountain=(), glacier=(), player="white"):
        return terrafex._turn_swing((list(forest), list(mountain), list(glacier), no_fire), player, (), pool, spare)

    assert turn([3]) == 3
    assert turn([3, 2]) == pytest.approx(3 - spare * 2)
    assert turn([3, -2]) == 3 and turn([], glacier=[3, 2]) == 3
    assert turn([3], mountain=[1, 1]) == pytest.approx(4 - spare)
    assert turn([-3, -2], player="black") == pytest.approx(-(3 - spare * 2)), \
        "White's margin: Black's gain is minus"
    assert terrafex._turn_swing(([3, 2], [], [], no_fire), "white", (), pool) == 3, \
        "the game's own: the best option alone"

    state = games.get("terrafex").from_text(TERRAFEX_LARGE_FIRE)
    assert ai.evaluate(state, "easy") == ai.evaluate(state, "medium") == ai.evaluate(state)
    assert ai.evaluate(state) != ai.evaluate(state, "hard")
    plan = ai._Turn(state, "black", 400, "hard")
    plan.run(math.inf)
    assert plan.ends and all(plan.values[end.search_key()][0] == ai._value(ai.evaluate(end, "hard"), "black")
                             for end in plan.ends.values())
    assert any(ai.evaluate(end, "hard") != ai.evaluate(end) for end in plan.ends.values())


def test_terrafex_the_evaluation_knows_every_option_of_every_action():
    """The evaluation works out each action's options from the board (`TerrafexState.swings`): in positions
    of random games, the score changes they make are exactly those of the legal moves (a fire's: those
    of the opponent's placements), so it counts no move the rules forbid, nor misses one they allow."""
    game, rng = games.get("terrafex"), random.Random(11)
    checked = 0
    while checked < 40:
        state = game.new()
        for _ in range(rng.randrange(0, 200)):
            if state.outcome is not None:
                break
            state = state.play(rng.choice(state.legal_moves()))
        if state.outcome is not None or state.fire:
            continue
        checked += 1
        margin, (forest, mountain, glacier, fire) = state.swings()
        assert margin == state.scores()["white"] - state.scores()["black"]

        def changes(moves):
            return {after.scores()["white"] - after.scores()["black"] - margin
                    for after in (state.play(m) if isinstance(m, str) else m for m in moves)}

        legal = state.legal_moves()
        for action, options in (("forest", forest), ("mountain", mountain), ("glacier", glacier)):
            if action not in state.used:
                assert set(options) == changes(m for m in legal if m.startswith(action + ":")), (action, state)
        for size in (1, 2, 3):
            if f"fire:{size}" in legal:
                selected = state.play(f"fire:{size}")
                assert set(fire[size]) == changes(selected.play(m) for m in selected.legal_moves()), (size, state)


# -- issue 53: games that differ, and the repetition rule neither sought when ahead nor when behind --------
def symmetric_ice_turn(roll: int = 1) -> State:
    """Ice-Turn with tiles alike on both sides of the a1-d4 diagonal (a double or single arrow's mirror points
    the mirrored way): Red's tree on a1, tipped north or east, makes mirror positions, alike to any search."""
    tiles = {"a1": "q", "b2": "q", "c3": "q", "d4": "q", "b1": "dNS", "a2": "dEW", "c1": "dEW", "a3": "dNS",
             "d1": "dNS", "a4": "dEW", "c2": "sN", "b3": "sE", "d2": "sW", "b4": "sS", "d3": "sW", "c4": "sS"}
    rows = "/".join("".join(t if t == "q" else f"[{t}]" for t in (tiles[c + r] for c in "abcd")) for r in "4321")
    return games.get("ice-turn").from_text(f"{rows} 3[b3b2b1]/4/4/[r3r2r1]3 -,- red move {roll} dig 0 - -")


def icetoids_home() -> State:
    """Red chooses its home tile, every tile face down: the eight in the middle of an edge lie alike."""
    return games.get("icetoids").new().play("p1:colour=red")


NEAR_EQUAL = {
    "ice-lady": lambda: games.get("ice-lady").new(),  # the start: each side's moves have a mirror image
    "ice-towers": lambda: games.get("ice-towers").new(),
    "icetoids": icetoids_home,
    "terrafex": lambda: games.get("terrafex").from_text(TERRAFEX_MOUNTAIN_ANYWHERE),
    "ice-turn": symmetric_ice_turn,
}


@pytest.mark.parametrize("level", ["medium", "hard"])
@pytest.mark.parametrize("game_id", sorted(NEAR_EQUAL))
def test_medium_and_hard_pick_among_moves_about_as_good_at_random(game_id, level):
    """Issue 53: "Medium and Hard choose among near-equal moves at random, so two games against the same
    moves differ" (a Terrafex game against Medium was the same game every time); reproducibly for a given
    rng, as a hint must be (issue 56 seeds it from the position)."""
    state = NEAR_EQUAL[game_id]()
    actor = ai.players_to_act(state)[0]
    untimed = dataclasses.replace(ai.LEVELS[level].scaled(0.2), seconds=600)  # the work cap alone ends it

    def picks():
        return [ai.choose(state, actor, untimed, rng=random.Random(seed)) for seed in range(6)]

    first = picks()
    assert first == picks()
    assert len(set(first)) > 1, first


ICE_LADY_SHUFFLE = ["a1-a2", "h8-h7", "a2-a1", "h7-h8"]


def test_the_moves_back_to_a_position_seen_are_named_where_the_draw_by_repetition_ends_games():
    """Our rule: the third time a position comes about the game ends.  Position text, all the page hands the
    computer, does not hold the positions before, so the page names the moves that would bring one back."""
    states = [games.get("ice-lady").from_text("7k/8/8/8/8/2S5/8/K6K w 2 3")]
    for move in ICE_LADY_SHUFFLE:
        states.append(states[-1].play(move))
    assert states[-1].repetitions == 2
    assert repeated_moves(states, ICE_LADY_SHUFFLE) == ["a1-a2"]
    assert repeated_moves(states[:2], ICE_LADY_SHUFFLE[:1]) == []


def test_a_bot_ahead_steers_clear_of_the_draw_by_repetition_and_one_hopelessly_behind_may_take_it():
    """Issue 53: "a bot ahead never steers into the repetition rule".  White, three kings and a small (a
    fourth king to come) against a lone king, is ahead: going back to a position seen is a step towards a
    draw.  Black's lone king is hopelessly behind: a draw is the best it can hope for.  (With two kings and
    a small, three kings at most, White could not win: Black, only a little behind, plays on.)"""
    states = [games.get("ice-lady").from_text("7k/8/8/8/8/2S5/8/K5KK w 1 3")]
    for move in ICE_LADY_SHUFFLE:
        states.append(states[-1].play(move))
    white = states[-1]
    assert ai._repeating_hurts(white, "a1-a2", "white", "hard")
    for level in ("easy", "medium", "hard"):
        search = ai.Search(white, level=tiny(level), rng=random.Random(1), avoid=["a1-a2"])
        assert search.result != "a1-a2"
    black = white.play("a1-a2")  # had White gone back: Black's h8-h7 comes back to a position seen too
    assert black.play("h8-h7").repetitions == 2
    assert not ai._repeating_hurts(black, "h8-h7", "black", "hard")


# Terrafex late in a game: every forest and mountain on the board (rows 1-4), no fire in the pool, so only the
# glaciers act.  White, behind, has moved the small glacier g7 to g6 and Black moved it back (a mountain on g5
# lets it go south): g7N again is a step towards the end our rule makes, the score as it stands, a loss.
def dry_terrafex(special: dict, to_move: str = "w") -> State:
    """`special` squares, every other forest and mountain of the supply on rows 1-4, every fire in the pit."""
    from pyramids.games import terrafex
    counts: dict = {}
    for code in special.values():
        counts[code] = counts.get(code, 0) + 1
    rest = [f"{k}{s}" for k in "GY" for s in (1, 2, 3) for _ in range(terrafex.SUPPLY[s] - counts.get(f"{k}{s}", 0))]
    free = [f"{c}{r}" for r in "1234" for c in "abcdefgh" if f"{c}{r}" not in special]
    board = dict(special) | dict(zip(free, rest))
    rows = "/".join("".join(board.get(f"{c}{r}", ".") for c in "abcdefgh") for r in "1234567")
    pool = ";".join(f"{k}" + ",".join(str(terrafex.SUPPLY[s] - counts.get(f"{k}{s}", 0) if k == "B" else 0)
                                      for s in (1, 2, 3)) for k in "GYRB")
    pit = ",".join(str(terrafex.SUPPLY[s] - counts.get(f"R{s}", 0)) for s in (1, 2, 3))
    return games.get("terrafex").from_text(f"{rows} {to_move} used:- fire:- pool:{pool} pit:{pit} idle:0")


TERRAFEX_SHUFFLE = ["glacier:g7N", "end", "glacier:g6S", "end"]


def test_a_bot_behind_does_not_move_a_glacier_back_and_forth():
    """Issue 53: "a bot behind never shuffles when a scoring move exists" (a Terrafex game of Medium against a
    person ended after both moved one small glacier g6-g7 and back until our rule scored it as it stood).
    White, behind, may move the glacier on a6 east (melting Black's fire on b6: a point back), or south, or
    g7 north again; the bots do play that last one when not told it goes back to a position seen."""
    states = [dry_terrafex({"g7": "B1", "g5": "Y2", "a6": "B1", "b6": "R1"})]
    for move in TERRAFEX_SHUFFLE:
        states.append(states[-1].play(move))
    state, avoid = states[-1], repeated_moves(states, TERRAFEX_SHUFFLE)
    assert avoid == ["glacier:g7N"] and state.scores()["white"] < state.scores()["black"]
    fresh = games.get("terrafex").from_text(state.to_text())  # what the page hands the computer
    told, untold = [], []
    for level in ("easy", "medium", "hard"):
        settings = dataclasses.replace(ai.LEVELS[level].scaled(0.2), seconds=600)
        for seed in range(8):
            told.append(ai.choose(fresh, level=settings, rng=random.Random(seed), avoid=avoid))
            untold.append(ai.choose(fresh, level=settings, rng=random.Random(seed)))
        if level != "easy":
            assert told[-8:] == ["glacier:a6E"] * 8, told[-8:]
    assert "glacier:g7N" not in told
    assert "glacier:g7N" in untold


# -- issue 53: won endings are won -----------------------------------------------------------------------
def page_game(state: State, levels: dict, rng: random.Random, plies: int) -> tuple[list[str], State]:
    """Play on from `state` as the page does: each bot is handed the position text alone (no history), the
    moves that would go back to a position seen and the moves since the position last changed for good."""
    game, states, moves = state.game, [state], []
    while state.outcome is None and len(moves) < plies:
        if state.actors == (CHANCE,):
            outcomes = state.chance_outcomes()
            move = rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            move = state.automatic_move()
            if move is None:
                actor = ai.players_to_act(state)[0]
                level = levels[actor]
                move = level(state, actor, rng) if callable(level) else ai.choose(
                    game.from_text(state.to_text()), actor, level, rng=rng, avoid=repeated_moves(states, moves),
                    quiet=state.quiet_plies)
        state = state.play(move)
        states.append(state)
        moves.append(move)
    return moves, state


def untimed(level: str, scale: float) -> ai.Level:
    return dataclasses.replace(ai.LEVELS[level].scaled(scale), seconds=600)  # the work cap alone: any machine alike


FOUR_KINGS = ["1k6/8/8/4K3/8/8/8/k5kk w 0 0", "8/8/8/2k5/8/7K/8/1k2k1k1 w 0 0"]


@pytest.mark.parametrize("text", FOUR_KINGS)
def test_ice_lady_four_kings_take_a_lone_king_within_fifty_turns(text):
    """Issue 53: an Ice Lady game against Hard reached kings against White's lone king and ran on for ten
    minutes.  Four kings take a lone king (docs/performance-notebook.md); led by the hunt alone Hard wandered for
    thirty moves each and the bots agreed a draw.  Led to what three of them win by the table
    (`ice_lady.four_kings`), Black takes it well within 50 turns, Hard defending."""
    state = games.get("ice-lady").from_text(text)
    moves, end = page_game(state, {"black": untimed("hard", 0.25), "white": untimed("hard", 0.25)},
                           random.Random(0), 100)
    assert end.outcome is not None and end.outcome.winners == ("black",), (moves, end.to_text())
    assert len(moves) <= 50, moves


def test_icetoids_the_last_target_a_step_away_is_taken():
    """IceToids §4: Yellow holds a3 and d1 and its piece on b3 is a step from c3, its third target: Medium and
    Hard win at once, whatever the other does (its pieces all wait off the board)."""
    state = games.get("icetoids").from_text(
        f"yellow@a2,green@a4W {ICETOIDS_TILES} 4/[yellow.U][yellow.U]2/4/3[yellow.U] p1 -")
    for level in ("medium", "hard"):
        moves, end = page_game(state, {"p1": untimed(level, 0.2), "p2": untimed("hard", 0.2)}, random.Random(1), 6)
        assert end.outcome is not None and end.outcome.winners == ("p1",) and len(moves) <= 3, moves


def test_icetoids_a_search_sees_a_push_past_its_horizon():
    """IceToids §3.2: Yellow holds a3 and may step onto c3 or d1, its other targets, but Green's piece on d2
    points south at d1 and would push a piece there off the board, back to wait at its home.  A search that
    stops one ply deep still sees that push (`State.forcing`: searched on past the horizon, as Medium and
    Hard do), and steps onto c3; without following it, it takes either at random."""
    state = games.get("icetoids").from_text(
        f"yellow@a2,green@a4W {ICETOIDS_TILES} 4/[yellow.U][yellow.E]2/3[green.S]/2[yellow.E]1 p1 -")
    assert "d2.S-d1!yellow.U" in state.play("c1.E-d1").legal_moves()
    one_ply = dataclasses.replace(untimed("medium", 1.0), max_depth=1)
    assert {ai.choose(state, "p1", one_ply, rng=random.Random(seed)) for seed in range(12)} == {"b3.E-c3"}
    blind = dataclasses.replace(one_ply, settles=False)
    assert "c1.E-d1" in {ai.choose(state, "p1", blind, rng=random.Random(seed)) for seed in range(12)}


def test_icetoids_medium_and_hard_take_a_home_in_the_middle_of_an_edge():
    """IceToids: "each player will select an outer-edge tile" as its Home Tile.  The targets are face down
    and may lie anywhere; a corner is farther from a tile anywhere than the middle of an edge (3 steps on
    average against 2.5), so Medium and Hard take a middle, the second player too (they took any edge tile at
    random, a corner one time in three)."""
    middles = {"b1", "c1", "a2", "a3", "d2", "d3", "b4", "c4"}
    for level in ("medium", "hard"):
        for seed in range(4):
            state, rng = games.get("icetoids").new(), random.Random(seed)
            while state.in_setup:
                move = ai.choose(state, level=untimed(level, 0.2), rng=rng)
                assert ":home=" not in move or move.split("=")[1] in middles, (level, seed, move)
                state = state.play(move)


def test_icetoids_a_bot_behind_turns_a_tile_when_the_game_stands_still():
    """Issue 53: "a bot behind never shuffles".  Blue needs 7 actions, Green 5; nine tiles are face down, three
    of them Blue's targets and one Green's (§3.3).  Turning one is, by the evaluation, a little worse than
    turning a piece round on its tile, and two players waiting for each other to turn one stand still until
    the draw.  Once nothing has changed for good for `STANDSTILL_PLIES`, Blue behind steps onto c4 and turns
    it; before, it turns its pieces round."""
    state = games.get("icetoids").from_text(
        "blue@d3,green@a3 3[yellow]/[green][green]1[corner=SW]/2[straight=NS][single=W]/2[red]1 "
        "3[blue.W]/[green.W][green.S,green.W]2/2[blue.N]1/2[blue.W]1 p1 -")
    turned = {move for move in state.legal_moves() if state.play(move).actors == (CHANCE,)}
    for level in (untimed("medium", 1.0), untimed("hard", 0.1)):
        waiting = {ai.choose(state, "p1", level, rng=random.Random(seed), quiet=0) for seed in range(4)}
        assert waiting and not waiting & turned, waiting
        standing = {ai.choose(state, "p1", level, rng=random.Random(seed), quiet=ai.STANDSTILL_PLIES)
                    for seed in range(4)}
        assert standing <= turned, standing


def test_ice_turn_a_nest_nearly_built_is_finished():
    """Ice-Turn §4: Red's small and medium nest on d4; its large lies on d2 pointing north, two cells (6 MP)
    from the nest, while Blue's tree still stands at c3.  Medium and Hard finish the nest within four of
    their turns, whatever the dice."""
    state = games.get("ice-turn").from_text(f"{ICE_TURN_TILES} 3[r1r2]/2[b3b2b1]1/3[r3N]/4 -,- red roll - - 0 - -")
    for level in ("medium", "hard"):
        moves, end = page_game(state, {"red": untimed(level, 0.2), "blue": untimed("hard", 0.2)}, random.Random(2),
                               200)
        turns = sum(move.startswith("face:") for move in moves)
        assert end.outcome is not None and end.outcome.winners == ("red",) and turns <= 7, (turns, moves)


def test_terrafex_a_lead_is_banked_by_ending_the_game():
    """Terrafex §5: the game ends the moment no glacier is left, scored as it stands.  Black leads and its
    last glacier, a6's, can melt White's fire on b6 (A11: equal sizes, both go): Medium and Hard do so,
    and win, rather than glide it south onto the mountain on a5 and play on."""
    state = dry_terrafex({"a6": "B1", "b6": "R1", "a5": "Y2"}, to_move="b")
    assert sorted(state.legal_plays()) == ["glacier:a6E", "glacier:a6S"]
    assert state.scores()["black"] > state.scores()["white"]
    for level in ("medium", "hard"):
        for seed in range(3):
            moves, end = page_game(state, {"black": untimed(level, 0.2), "white": untimed("hard", 0.2)},
                                   random.Random(seed), 4)
            assert end.outcome is not None and end.outcome.winners == ("black",), moves


def test_ice_towers_a_lead_is_kept_to_the_end():
    """Ice Towers: Yellow leads 28-8 and Red may only mine its larges back out of towers or agree (the
    position of `TOWERS_LEAD`); Hard, as Yellow, against Medium, ends the game the winner."""
    state = games.get("ice-towers").from_text(TOWERS_LEAD)
    levels = {"yellow": untimed("hard", 0.1), "red": untimed("medium", 0.1)}
    _, end = bot_game(state.game, lambda actor: levels[actor], random.Random(4), max_plies=60, start=state)
    assert end.outcome is not None and end.outcome.winners == ("yellow",), end.to_text()
