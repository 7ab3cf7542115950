"""Computer opponents for every game, through the game protocol alone.

    from pyramids import ai
    move = ai.choose(state, actor=None, level="medium", budget_s=None, rng=None)

The search is Monte Carlo tree search (UCT) over `legal_moves`/`play`: chance
moves are sampled from `chance_outcomes()` (a bot never sees what a player
cannot: IceToids' tiles do not exist until drawn), each decision belongs to
the actor who makes it, so several moves in a row by one player and an
opponent's decision inside a turn need nothing special, and every player
maximises its own reward (max^n) in games of 3-6.  Playouts are random with a
ply cap (`Computer.random_plies`: none in Ice-Turn, where random actions only
waste the dice); the position at the cap is scored by the game's evaluation
(`State.evaluation`: each player's margin in the game's units, or in a race what
each still has to do), else counted as even.  A race is valued by what is
left to do, so a bot far ahead still sees each step nearer; every level takes
a win on the spot.  Games without turns (Ice Towers) are searched as if a
random player acted next: the bot picks its own move; the page plays it on the
bot's own timer and checks it when it lands.  Waiting is a branch of that
search (the others act first), so a bot that agreed to end (`State.consent`)
stays agreed, and one hopelessly behind agrees once the others have
(`Search.result`).

Games of two players who decide in turn (`Computer.search == "minimax"`: Ice
Lady, IceToids, chance averaged over its outcomes) use alpha-beta with
iterative deepening instead, which is much stronger there:
Medium and Hard search the moves the game calls forcing (`State.forcing`:
captures and promotions, IceToids' pushes of another's piece) on past the
horizon (Easy falls for a recapture), and each depth tries first the move
found best at the one before.  Where the rules allow a draw by agreement
(Ice Lady), a bot offers and accepts one in an ending nobody can win and
accepts one when behind (`agreement_move`); it never resigns, and no search
explores these moves.  In games where a turn is many decisions of one player
(`Computer.search == "turns"`: Ice-Turn, Terrafex), Medium and Hard search
the turn whole (`_TurnPlan`) instead of judging one action at a time; where the
turn ends at the opponent's decision with no chance between
(`Computer.replies`: Terrafex) Hard also searches the opponent's reply.  Medium
and Hard pick among moves or plans about equally good at random
(`Level.variety`), so two games against the same moves differ; a bot told the
moves that would bring a position back (`avoid`) does not steer into the draw
by repetition when ahead, nor shuffle when behind; and a bot behind in a game
that has stood still takes a chance about as good as its best move (IceToids:
turns a tile over) rather than wait for the other to (`_AlphaBeta._venture`).

This module holds the search only: what it knows of a game is the protocol
(`pyramids.core`), the game's evaluation and its `Game.computer` settings
(its levels' shares of their work, measured per game).  Without `budget_s` a
search stops at a fixed amount of work (so a given `rng` gives the same move)
or at the level's time cap, whichever comes first; with `budget_s` it uses
that much time.
"""

from __future__ import annotations

import heapq
import math
import random
import time
from dataclasses import dataclass, replace
from typing import Generator, Iterable, Mapping

from .core import (ACCEPT_DRAW, CHANCE, DECLINE_DRAW, OFFER_DRAW, REPEATED, RESIGN, GameError, Outcome, State,
                   players_to_act, quote)


@dataclass(frozen=True)
class Level:
    """How hard a level tries: its work cap, its time cap, and how much it blunders."""

    name: str
    iterations: int  # MCTS playouts
    nodes: int  # alpha-beta positions
    max_depth: int  # alpha-beta plies
    seconds: float  # time cap (a budget without budget_s)
    noise: float  # alpha-beta: moves within this of the best may be picked (a value; see `variety`)
    slack: float  # MCTS: moves whose mean value is within this of the best may be picked
    delay: tuple[float, float]  # games without turns: seconds between the bot's actions
    plans: int = 0  # games of whole turns: positions of the turn's plan (`_TurnPlan`); 0: MCTS, an action at a time
    plan_noise: float = 0.0  # `Computer.replies` games: ends of the plan valued within this of the best may be picked
    replies: int = 0  # ... the plan's best ends after which the opponent's reply is searched
    reply_plans: int = 0  # ... in this many positions each
    settles: bool = False  # alpha-beta: forcing moves (captures, pushes) searched past the horizon (Easy falls for it)
    # Medium and Hard: moves valued within this of the best (a value from 0 to 1; alpha-beta: the game's units
    # that make as much at even odds) are alike, and one is picked at random, so that two games against the
    # same moves differ (reproducibly for a given rng)
    variety: float = 0.0
    # where the game takes random playouts (Terrafex), the tree search with them rather than its turn's plan
    playouts_first: bool = False
    holds_back: bool = False  # games ended by agreement: its pieces kept while others play (`Search._holds_back`)

    def scaled(self, factor: float) -> "Level":
        """The same level with its work and time multiplied by `factor` (benchmarks, tests)."""
        return replace(self, iterations=max(2, round(self.iterations * factor)),
                       nodes=max(40, round(self.nodes * factor)), seconds=self.seconds * factor,
                       plans=self.plans and max(40, round(self.plans * factor)),
                       reply_plans=self.reply_plans and max(40, round(self.reply_plans * factor)))


LEVELS = {
    "easy": Level("easy", 48, 300, 1, 0.25, 0.075, 0.2, (2.5, 5.0), plans=40, variety=0.02, playouts_first=True),
    "medium": Level("medium", 300, 6000, 4, 0.5, 0.01875, 0.0, (1.5, 3.0), plans=150, plan_noise=0.02, settles=True,
                    variety=0.004),
    "hard": Level("hard", 1500, 40000, 12, 0.9, 0.0, 0.0, (0.7, 1.5), plans=40000, replies=32, reply_plans=1000,
                  settles=True, holds_back=True, variety=0.002),
}
# The search's clock, for its time caps: wall time, as a person waits for the move.  The strength bench
# counts CPU time instead (time.thread_time), so that a busy machine slows its games without weakening the bots.
clock = time.perf_counter
ROLLOUT_PLIES = 8  # then the game's evaluation; short, because the evaluation knows more than random play
BLIND_ROLLOUT_PLIES = 60  # a game without an evaluation: only the end says who did well
EXPLORATION = 1.0
VARIETY_VISITS = 0.5  # the tree search: a move picked for variety has at least this share of the best's visits


def level_of(name: "str | Level") -> Level:
    if isinstance(name, Level):
        return name
    try:
        return LEVELS[name]
    except KeyError:
        raise GameError(f"There is no level {quote(name)}; choose easy, medium or hard.") from None


# -- who moves ----------------------------------------------------------------
def _clock_move(state: State) -> str | None:
    """The move the game clock plays (never a player's decision)."""
    ringing = state.clock()
    return ringing[1] if ringing else None


def own_moves(state: State, actor: str) -> list[str]:
    """The moves `actor` may make now (Ice Towers: its own and the ghost's, when allowed); never a draw
    offer or resignation (`agreement_move` decides those), but the answers to an offer."""
    ring = _clock_move(state)
    return [m for m in state.legal_moves() if m not in (ring, OFFER_DRAW, RESIGN) and state.may_act(m, actor)]


DRAW_ACCEPTED_BELOW = 0.45  # a draw offered is accepted when the bot's value is below this (it is behind)
# Thirty moves each with nothing changed for good (`State.quiet_plies`): nobody is getting anywhere.  Every
# ending the kings win by force is won in fewer (three against one: 42 plies at most, the table).
QUIET_DRAW_PLIES = 60


def agreement_move(state: State, actor: str, quiet: int | None = None) -> str | None:
    """The computer's word on a draw, where it has one: it offers a draw, and accepts one, in an ending
    nobody can win (`State.drawn_ending`) or after `QUIET_DRAW_PLIES` moves that changed nothing for good
    (`quiet`, else the state's `quiet_plies`); it also accepts one when it is behind, and declines one
    otherwise.  It never resigns: a person may always play on to the end."""
    legal = state.agreement_moves() if state.game.agreements else []
    if not legal:
        return None
    stuck = (state.quiet_plies if quiet is None else quiet) >= QUIET_DRAW_PLIES
    if ACCEPT_DRAW in legal:
        behind = _value(evaluate(state), actor) < DRAW_ACCEPTED_BELOW
        return ACCEPT_DRAW if behind or stuck or state.drawn_ending() else DECLINE_DRAW
    if OFFER_DRAW in legal and state.may_act(OFFER_DRAW, actor) and (stuck or state.drawn_ending()):
        return OFFER_DRAW
    return None


# -- rewards ------------------------------------------------------------------
Reward = tuple[dict, float]  # per-player values in [0, 1], and the value for anyone unnamed


def _terminal(outcome: Outcome) -> Reward:
    if outcome.draw:
        return {}, 0.5
    share = 1 / len(outcome.winners)
    return dict.fromkeys(outcome.winners, share), 0.0


def _logistic(x: float) -> float:
    return 1 / (1 + math.exp(-max(-40.0, min(40.0, x))))


def _versus(margins: Mapping[str, float], scale: float) -> Reward:
    """Values from each player's margin over the best of the others."""
    out = {}
    for player, mine in margins.items():
        others = [v for p, v in margins.items() if p != player]
        out[player] = _logistic((mine - max(others, default=mine)) / scale)
    return out, 0.5


def _race(costs: Mapping[str, float]) -> Reward:
    """Values from what each player still has to do (0: done): the best of the others' share of it.

    Not a logistic of the difference, which saturates once the others are far
    behind, so that a bot well ahead no longer sees a step nearer its goal.
    """
    out = {}
    for player, mine in costs.items():
        theirs = min((v for p, v in costs.items() if p != player), default=mine)
        out[player] = theirs / (mine + theirs) if mine + theirs else 0.5
    return out, 0.5


def _evaluates(state: State) -> bool:
    """Whether the game judges its positions (`State.evaluation`): a game without an evaluation plays
    longer random playouts and is searched only by them."""
    return type(state).evaluation is not State.evaluation


def evaluate(state: State, level: str = "") -> Reward:
    """The outcome when over, else the game's evaluation (as `level` sees it), else even."""
    if state.outcome is not None:
        return _terminal(state.outcome)
    found = state.evaluation(level)
    if found is None:
        return {}, 0.5
    return _race(found.costs) if found.costs is not None else _versus(found.margins or {}, found.scale)


def _value(reward: Reward, player: str) -> float:
    return reward[0].get(player, reward[1])


# -- the public entry point ---------------------------------------------------
def choose(state: State, actor: str | None = None, level: "str | Level" = "medium",
           budget_s: float | None = None, rng: random.Random | None = None, may_wait: bool = False,
           idle: bool = False, avoid: Iterable[str] = (), quiet: int | None = None) -> str | None:
    """One move `actor` may make now, chosen at `level`; reproducible for a given `rng`.

    With `may_wait` (games without turns, where nobody has to act), None when
    every move looks worse than letting the others act: a player behind on
    points does not agree to end the game.  `idle`: nothing was played since
    this player last waited, so the others are waiting too (`Search._holds_back`).
    `avoid`: moves that would take the game round again (`core.repeated_moves`),
    played only when nothing else may be, or (a game with the draw by repetition)
    where the end that rule makes is no worse for the bot than the game as it stands.  `quiet`: the
    game's `State.quiet_plies`, for a state read from text (`agreement_move`).
    """
    search = Search(state, actor, level, budget_s, rng, may_wait, idle, avoid, quiet)
    search.step(math.inf)
    return search.result


class Search:
    """One decision, searched at once (`choose`) or in slices (a page without a worker).

    `step(seconds)` works for at most about that long and says whether the
    search is finished; `move` is the best move found so far, `result` the
    answer (None when waiting is better, if waiting was allowed).
    """

    WAIT_MARGIN = 0.02  # a move must look at least this much better than waiting to be played
    END_MARGIN = 0.1  # ... than ending the game now, when the others all agreed: a lost game is not dragged on

    def __init__(self, state: State, actor: str | None = None, level: "str | Level" = "medium",
                 budget_s: float | None = None, rng: random.Random | None = None, may_wait: bool = False,
                 idle: bool = False, avoid: Iterable[str] = (), quiet: int | None = None):
        settings = level_of(level)
        share = state.game.computer.work.get(settings.name)  # the level's share of its work in this game
        if share:
            settings = replace(settings, iterations=max(2, round(settings.iterations * share)),
                               nodes=max(40, round(settings.nodes * share)),
                               plans=settings.plans and max(40, round(settings.plans * share)))
        self.level = settings
        self.rng = rng if rng is not None else random.Random()
        if actor is None:
            acting = players_to_act(state)
            if len(acting) != 1:
                who = "nobody" if not acting else ", ".join(acting)
                raise GameError(f"Say which player the computer plays: {who} may act now.")
            actor = acting[0]
        agreed = agreement_move(state, actor, quiet)
        moves = [agreed] if agreed else own_moves(state, actor)
        if not moves:
            raise GameError(f"{state.actor_name(actor)} has no move to make now.")
        self.state, self.actor = state, actor
        self.quiet = state.quiet_plies if quiet is None else quiet
        self.deadline = clock() + (budget_s if budget_s is not None else settings.seconds)
        self.may_wait = may_wait and not _suits_alphabeta(state)
        self.consent = state.consent()
        agrees = set(self.consent.agree.values()) if self.consent else set()
        if self.may_wait and self.consent:  # any play clears the agreements: withdrawing one only gives up waiting
            moves = [m for m in moves if m not in self.consent.withdraw.values()]
        if state.repetition_key() is not None:  # the moves back to a position seen: avoided where that hurts
            avoid = [m for m in avoid if m in moves and _repeating_hurts(state, m, actor, settings.name)]
        looping = set(avoid) - agrees  # agreeing ends loops
        fresh = [m for m in moves if m not in looping]
        stays = not fresh and self.may_wait and self.consent and actor in self.consent.agreed  # nothing new
        self.holding = bool(stays) or self._holds_back(fresh, idle)
        moves = fresh or moves  # a loop's move that must be made (a mined piece to replay) is made
        self.done = len(moves) <= 1 and not self.may_wait or not moves or self.holding
        self.move = None if self.holding else moves[0] if moves else None
        plans = settings.plans and _plans(state, settings)
        planned = plans and _TurnPlan.known(state, settings)
        if planned in moves:  # the turn's plan goes on
            self.move, self.done = planned, True
        if moves and not self.done and _blind(state):
            self.move, self.done = self.rng.choice(moves), True
        if not moves or self.done:
            self._engine: _AlphaBeta | _TurnPlan | _Mcts | None = None
        elif _suits_alphabeta(state):
            self._engine = _AlphaBeta(self, moves, settings.nodes if budget_s is None else 10**12)
        elif plans:
            self._engine = _TurnPlan(self, moves, settings.plans if budget_s is None else 10**12)
        else:
            self._engine = _Mcts(self, moves, settings.iterations if budget_s is None else 10**9)

    def _holds_back(self, moves: list[str], idle: bool) -> bool:
        """Whether the level keeps its pieces for now: while HELD_BACK_AMONG others still play.

        The last plays decide a game without turns: a piece played early is
        a target for every other player's, and the one who still has pieces
        once the others have spent theirs takes the biggest towers and keeps
        them.  Among several others, those who play fight each other, and
        the one who lies low is nobody's first target; a single other player
        would simply take the pieces kept back (so never with two players).
        So Hard waits, without agreeing, until all but one of the others have
        agreed, then plays; any play clears the agreements, so it may soon
        wait again.  It plays at once when it must (a mined piece to replay:
        no agreement is open to it) and when the others wait too (`idle`),
        so that players who all hold back still play and the game ends.
        """
        consent = self.consent
        if not (self.may_wait and consent and self.level.holds_back) or idle:
            return False
        if self.actor not in consent.agreed and consent.agree.get(self.actor) not in moves:
            return False
        playing = sum(p not in consent.agreed for p in consent.voters if p != self.actor)
        return playing >= HELD_BACK_AMONG

    @property
    def result(self) -> str | None:
        """The move, or with `may_wait` None when waiting is better.

        Waiting is valued by what the others can do meanwhile (the search's own
        branch for it).  A bot that agreed to end stays agreed until a play is
        worth more than waiting; one that has not plays its move, or if that is
        to agree and agreeing is worse than waiting, its best play.  Once every
        other player has agreed, waiting changes nothing: the bot plays on only
        for a real chance, else agrees.  So a game of bots, and of bots and
        people who wait, ends.
        """
        if not self.may_wait or self.move is None:
            return self.move
        engine, consent = self._engine, self.consent
        if not isinstance(engine, _Mcts):  # waiting is weighed by the tree search (`may_wait` rules out the others)
            return self.move
        agreement = next((m for m in engine.moves if m in consent.agree.values()), None) if consent else None
        if agreement is not None and engine.root.child(agreement).state.outcome is not None:
            return self.move if engine.mean(self.move) > engine.mean(agreement) + self.END_MARGIN else agreement
        waiting, margin = engine.mean(WAIT), self.WAIT_MARGIN
        if consent and self.actor in consent.agreed:
            return self.move if engine.mean(self.move) > waiting + margin else None
        if engine.mean(self.move) >= waiting - margin:
            return self.move
        plays = [m for m in engine.moves if m != agreement] if consent else []
        return max(plays, key=engine.mean) if plays else None  # bots that wait for each other never end

    def step(self, seconds: float) -> bool:
        if not self.done and self._engine is not None:  # an engine runs until done
            until = min(self.deadline, clock() + seconds)
            self.done = self._engine.run(until) or clock() >= self.deadline
        return self.done


def _repeating_hurts(state: State, move: str, actor: str, level: str) -> bool:
    """Whether `actor` should not steer towards the end the draw by repetition would make after `move` (a
    draw, or in Terrafex the score as it stands): where that end is worse for it than the game as it stands
    (a bot ahead), and where it is a draw and the bot is not hopelessly behind: one a little behind plays
    on for the win instead of going back and forth, as a person would."""
    ended = state.play(move).with_repetitions(REPEATED)
    if ended.outcome is None:
        return False
    now = _value(evaluate(state, level), actor)
    return _value(_terminal(ended.outcome), actor) < now or ended.outcome.draw and now > HOPELESS


HOPELESS = 0.2  # a bot whose value is below this may go back to a position seen, towards a draw
STANDSTILL_PLIES = 8  # plies with nothing changed for good after which a bot behind takes a chance (`_venture`)
VENTURE = 0.03  # ... one scored within this of the best (a value from 0 to 1, in the level's units)


WAIT = "(wait)"  # games without turns: the search's branch where the searching player lets the others act


HELD_BACK_AMONG = 2  # other players still playing for which a level that holds back waits (see Search._holds_back)


def _plans(state: State, level: Level) -> bool:
    """A game of whole turns (`Computer.search`) once its evaluation says something (not while
    Ice-Turn's tiles are dealt and placed), but for a level that searches with random playouts where the
    game takes them (Easy in Terrafex; in Ice-Turn, where random actions only waste the dice's points,
    Easy searching one action at a time played as a random player does, and neither finished a game)."""
    computer = state.game.computer
    return (computer.search == "turns" and not (level.playouts_first and computer.random_plies != 0)
            and state.evaluation() is not None)


def _blind(state: State) -> bool:
    """Whether no search can tell the moves apart: the game takes no random playouts (`Computer.random_plies`
    0) and judges nothing here (Ice-Turn's tiles placed: the race starts once they all are).  Any move, then,
    at once: a tree search would spend the level's whole time on values that are all even."""
    return state.game.computer.random_plies == 0 and state.outcome is None and state.evaluation() is None


def _suits_alphabeta(state: State) -> bool:
    """Two players deciding in turn, one decision each (`Computer.search`), and an evaluation to search with."""
    players = state.options.get("players", state.game.max_players)
    return state.game.computer.search == "minimax" and players == 2 and _evaluates(state)


# -- Monte Carlo tree search ----------------------------------------------------
class _Node:
    __slots__ = ("state", "children", "visits", "totals", "moves", "waiter")

    def __init__(self, state: State, waiter: str | None = None):
        self.state = state
        self.waiter = waiter  # the player who waits here: the next decision is someone else's
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.totals: dict[str, float] = {}  # per mover: the sum of its values through this node
        self.moves: dict[str, list[str]] = {}  # per decider: its moves, shuffled once

    def moves_of(self, actor: str, rng: random.Random) -> list[str]:
        found = self.moves.get(actor)
        if found is None:
            found = own_moves(self.state, actor)
            rng.shuffle(found)
            self.moves[actor] = found
        return found

    def child(self, move: str) -> "_Node":
        node = self.children.get(move)
        if node is None:
            node = self.children[move] = _Node(self.state.play(move))
        return node


def _forced(state: State, rng: random.Random) -> str | None:
    """A move nobody decides: a chance outcome (sampled) or the game's automatic move."""
    if state.actors == (CHANCE,):
        outcomes = state.chance_outcomes()
        return rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
    return state.automatic_move()


def _select(node: _Node, mover: str, moves: list[str]) -> str:
    """An untried move first (in shuffled order), else the best by UCT for `mover`."""
    for move in moves:
        if move not in node.children:
            return move
    log_n = math.log(max(1, node.visits))
    best, best_score = moves[0], -1.0
    for move in moves:
        child = node.children[move]
        score = child.totals.get(mover, 0.0) / child.visits + EXPLORATION * math.sqrt(log_n / child.visits)
        if score > best_score:
            best, best_score = move, score
    return best


def _rollout(state: State, rng: random.Random) -> Reward:
    """Random play up to a ply cap, then the evaluation."""
    own = state.game.computer.random_plies
    plies = BLIND_ROLLOUT_PLIES if not _evaluates(state) else ROLLOUT_PLIES if own is None else own
    for _ in range(plies):
        if state.outcome is not None:
            break
        move = _forced(state, rng)
        if move is None:
            ring = _clock_move(state)
            moves = [m for m in state.legal_moves() if m != ring]
            if not moves:
                break
            move = rng.choice(moves)
        state = state.play(move)
    return evaluate(state)


def _iterate(root: _Node, actor: str, rng: random.Random) -> None:
    """One playout: down the tree by UCT, one new node, a rollout, values back up."""
    node = root
    path: list[tuple[_Node, str | None]] = [(root, None)]  # (node entered, whose choice led there)
    while True:
        state = node.state
        if state.outcome is not None:
            break
        forced = _forced(state, rng)
        if forced is not None:
            node = node.child(forced)
            path.append((node, None))
            continue
        if node is root:
            decider = actor
        else:
            deciders = [d for d in players_to_act(state) if d != node.waiter]
            if not deciders:
                break
            decider = deciders[0] if len(deciders) == 1 else rng.choice(deciders)
        moves = node.moves_of(decider, rng)
        if not moves:
            break
        move = _select(node, decider, moves)
        fresh = move not in node.children
        node = node.child(move)
        path.append((node, decider))
        if fresh:
            break
    reward = _rollout(node.state, rng) if node.state.outcome is None else _terminal(node.state.outcome)
    for entered, who in path:
        entered.visits += 1
        if who is not None:
            entered.totals[who] = entered.totals.get(who, 0.0) + _value(reward, who)


class _Mcts:
    """UCT from the search's position; the most visited of the actor's moves is the answer.

    Cut into slices, it does the same work as in one piece: the seeding and
    the playouts go on where the last slice stopped, and the weaker levels'
    random pick is made once, at the end.
    """

    def __init__(self, search: Search, moves: list[str], iterations: int):
        self.search, self.left = search, iterations
        self.root = _Node(search.state)
        self.moves = search.rng.sample(moves, len(moves))
        self.root.moves[search.actor] = self.moves + [WAIT] * search.may_wait
        if search.may_wait:
            self.root.children[WAIT] = _Node(search.state, waiter=search.actor)
        self.unscored: list[str] | None = None  # the moves not yet scored by the evaluation

    def run(self, until: float) -> bool:
        search, root = self.search, self.root
        if self.unscored is None:
            won = self._winning_move()
            if won is not None:  # every level takes a win on the spot, however short its time
                search.move = won
                return True
            self.unscored = list(self.root.moves[search.actor])
        while self.unscored:
            self._score(self.unscored.pop(0))
            if clock() > until:
                break
        while self.left > 0 and not self.unscored:
            _iterate(root, search.actor, search.rng)
            self.left -= 1
            if clock() > until:
                break
        done = self.left <= 0 or clock() >= search.deadline
        tried = [m for m in self.moves if m in root.children and root.children[m].visits]
        if tried:
            search.move = max(tried, key=lambda m: (root.children[m].visits,
                                                    root.children[m].totals.get(search.actor, 0.0)))
            slack, variety = search.level.slack, search.level.variety
            if (slack or variety) and done:  # any move about as good as the best (variety: as well searched too)
                mean = {m: root.children[m].totals.get(search.actor, 0.0) / root.children[m].visits for m in tried}
                most = root.children[search.move].visits
                search.move = search.rng.choice([m for m in tried if mean[m] >= mean[search.move] - (slack or variety)
                                                 and (slack or root.children[m].visits >= VARIETY_VISITS * most)])
        return self.left <= 0

    def mean(self, move: str) -> float:
        """The mean value of `move` for the searching player (0.5 before it was tried)."""
        child = self.root.children.get(move)
        return child.totals.get(self.search.actor, 0.0) / child.visits if child and child.visits else 0.5

    def _winning_move(self) -> str | None:
        """The move that wins the game at once, if there is one."""
        root, actor = self.root, self.search.actor
        for move in self.moves:
            child = root.child(move)
            if child.state.outcome is not None and child.state.outcome.winners == (actor,):
                child.visits, root.visits, child.totals[actor] = 1, 1, 1.0
                return move
        return None

    def _score(self, move: str) -> None:
        """Score one move of the actor by the evaluation, so that even a tiny budget is greedy, not blind."""
        root, actor = self.root, self.search.actor
        child = root.children[move]
        child.visits, root.visits = 1, root.visits + 1
        child.totals[actor] = _value(evaluate(child.state), actor)


# -- alpha-beta for two-player games without chance ---------------------------------
WIN = 1000.0


class _OutOfBudget(Exception):
    pass


class _AlphaBeta:
    """Iterative deepening, one depth after another; a depth cut short by the deadline or the work cap
    ends the search.  Each position's best move and its value at each depth are kept (a transposition
    table): kings' moves in another order, and each depth searched again, meet the same positions.

    Each finished depth's scores pick the move, with the level's noise (Easy
    picks among moves close to the best).  The search is a generator that
    pauses where a slice's time runs out, so a page without a worker resumes
    it in the next slice exactly where it stopped, at any depth.
    """

    def __init__(self, search: Search, moves: list[str], nodes: int):
        self.search, self.nodes = search, nodes
        state = search.state
        self.order = sorted(moves, key=lambda m: (-state.forcing(m), search.rng.random()))
        evaluation = state.evaluation()
        # Values from the searching player's side: a margin in the game's units (`unit` of them make the value
        # a level's noise or variety counts in, at even odds), or in a race its value less a half; a win is
        # worth more than any of them, less a little for each ply to it, so that the nearest is played.
        scale = evaluation.scale if evaluation is not None and evaluation.margins is not None else None
        margins = scale is not None
        self.unit = 2 * scale if scale is not None else 1.0
        self.win, self.ply_cost = (WIN, 1.0) if margins else (1.0, 0.001)
        # position -> [the move found best (or cutting) there, tried first next time; {depth: (value, bound)}]
        self.known: dict[tuple, list] = {}
        self.chances: dict[str, State] | None = None  # `_venture`'s moves, once it needs them
        search.move = self.order[0]
        self.until = 0.0
        self._deepening = self._deepen()

    def run(self, until: float) -> bool:
        self.until = until
        try:
            next(self._deepening)
        except (StopIteration, _OutOfBudget):
            return True
        return False  # paused at the end of the slice

    def _deepen(self) -> Generator[None, None, None]:
        search, level = self.search, self.search.level
        previous: dict[str, float] = {}
        near = (level.noise or level.variety) * self.unit  # moves scored within this of the best are alike
        for depth in range(level.max_depth):
            found: dict[str, float] = {}
            alpha = -math.inf
            for move in self.order:  # a full window at the root when noise needs every move's score
                found[move] = yield from self._value(search.state.play(move), depth, -math.inf if level.noise
                                                     else alpha - near, math.inf, 1, search.actor)
                alpha = max(alpha, found[move])
            former = self.order[0]  # the best at the depth before
            self.order.sort(key=lambda m: -found[m])  # the best first at the next depth
            scores = found
            if depth >= 2:  # the two last depths together: one more ply of either side alone sways the score
                if level.noise:  # every score exact (a full window)
                    scores = {m: (found[m] + previous[m]) / 2 for m in found}
                elif self.order[0] != former:  # two candidates, each scored exactly at this depth and the last
                    leader = self.order[0]
                    earlier = yield from self._value(search.state.play(leader), depth - 1, -math.inf, math.inf, 1,
                                                     search.actor)
                    scores = {former: (found[former] + previous[former]) / 2, leader: (found[leader] + earlier) / 2}
            previous = found
            best = max(scores.values())
            close = self._banking([m for m in self.order if scores.get(m, -math.inf) >= best - near])
            venture = yield from self._venture(best, depth)
            search.move = venture or (search.rng.choice(close) if near else close[0])
            if max(found.values()) >= self.win - self.ply_cost * (depth + 1):  # a forced win: no need to look deeper
                return

    def _banking(self, close: list[str]) -> list[str]:
        """Of the moves the search finds about as good, those that gain the most at once.

        Seen from the horizon, a promotion or capture now and the same one a
        move later score alike, so a level would put it off for ever; the move
        that banks the gain (within the level's noise of the most) is played.
        The gain is material (`Evaluation.banked`), not the evaluation, which
        counts a lead little in an ending that cannot be won: a promotion there
        is still made.
        """
        state, actor = self.search.state, self.search.actor
        now = {}
        for m in close:
            after = state.play(m).evaluation()
            if after is None or after.banked is None:  # a game that banks nothing
                return close
            now[m] = after.banked[actor]
        most = max(now.values())
        return [m for m in close if now[m] >= most - self.search.level.noise * self.unit]

    def _venture(self, best: float, depth: int):
        """A move that brings chance (IceToids: a tile turned over) for a bot behind in a game that has stood
        still for `STANDSTILL_PLIES`, where one scores within `VENTURE` of the best (a generator's return).

        Turning a tile that may hold either side's target is, by the evaluation, a little worse than
        turning a piece round on its tile; two players who each wait for the other to turn one stand still
        until the draw by repetition.  A person behind takes the chance, and so does the bot.
        """
        search = self.search
        if search.quiet < STANDSTILL_PLIES or not -self.win / 2 < best < 0:
            return None
        if self.chances is None:  # the root's moves that bring chance, with what they lead to: found once
            self.chances = {m: after for m in self.order if (after := search.state.play(m)).actors == (CHANCE,)}
        chance = next((m for m in self.order if m in self.chances), None)  # the best scored of them
        if chance is None or chance == self.order[0]:  # none, or the best brings chance already
            return None
        floor = best - VENTURE * self.unit
        value = yield from self._value(self.chances[chance], depth, floor, math.inf, 1, search.actor)
        return chance if value >= floor else None

    def _advantage(self, s: State) -> float:
        """The searching player's margin (or race value less a half) in `s`, by the game's evaluation."""
        found = s.evaluation()
        if found is None:  # nothing to say yet (a setup): even
            return 0.0
        actor = self.search.actor
        return found.margins[actor] if found.margins is not None else _value(_race(found.costs or {}), actor) - 0.5

    def _value(self, s: State, depth: int, alpha: float, beta: float, ply: int, last: str | None = None):
        """Minimax with alpha-beta cuts, from the searching player's side (a generator's return).

        Chance is averaged over its outcomes, with no cut below it, and uses no depth; a player's
        decision straight after its own (IceToids: turning the tile its move revealed) is the same
        ply (`last`: who decided last).
        """
        self.nodes -= 1
        if self.nodes < 0:
            raise _OutOfBudget
        if clock() > self.until:
            if self.until >= self.search.deadline:
                raise _OutOfBudget
            yield  # the slice is over: the page runs, and the next slice resumes here, at least one node on
        actor = self.search.actor
        if s.outcome is not None:
            if s.outcome.draw:
                return 0.0
            won = self.win - self.ply_cost * ply
            return won if actor in s.outcome.winners else -won
        if s.drawn_ending():  # a draw the bots agree to: the evaluation, no settling (a lead there counts little)
            return self._advantage(s)
        if s.actors == (CHANCE,):
            total = 0.0
            for move, odds in s.chance_outcomes():
                total += odds * (yield from self._value(s.play(move), depth, -math.inf, math.inf, ply + 1, last))
            return total
        decider = s.actors[0]
        mine = decider == actor
        going_on = decider == last  # the same player's decision again: no ply of its own
        key = s.search_key()
        known = self.known.get(key)
        if known is None:  # (not setdefault: that would build the default at every node)
            known = self.known[key] = [None, {}]
        found = known[1].get(depth)  # this position searched as deep before: reached another way, or searched again
        if found is not None:
            value, bound = self._win_moved(found[0], -ply), found[1]
            if bound == 0 or (bound > 0 and value >= beta) or (bound < 0 and value <= alpha):
                return value
        window = alpha, beta
        moves = s.legal_plays()
        if depth <= 0 and not going_on:  # the horizon: the evaluation, or (settling) a capture or promotion
            best = self._advantage(s)
            if not self.search.level.settles or ((best >= beta) if mine else (best <= alpha)):
                return best
            alpha, beta = (max(alpha, best), beta) if mine else (alpha, min(beta, best))
            moves = [m for m in moves if s.forcing(m)]
        else:
            best = -math.inf if mine else math.inf
        moves.sort(key=lambda m: -s.forcing(m))
        if known[0] in moves:  # the move best here before (at the last depth): the likeliest to cut the others off
            moves.remove(known[0])
            moves.insert(0, known[0])
        deeper = depth if going_on else depth - 1
        for move in moves:
            value = yield from self._value(s.play(move), deeper, alpha, beta, ply + 1, decider)
            if value > best if mine else value < best:
                best, known[0] = value, move
            if mine:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                break
        # exact within the window it was searched in; outside it a bound (-1: at most, 1: at least);
        # a win or loss kept as plies from here
        bound = -1 if best <= window[0] else 1 if best >= window[1] else 0
        known[1][depth] = self._win_moved(best, ply), bound
        return best

    def _win_moved(self, value: float, plies: int) -> float:
        """A win or loss (worth less for each ply to it from the root) as if found `plies` nearer the root."""
        shift, edge = self.ply_cost * plies, 0.75 * self.win  # every other value is below the edge
        return value + shift if value > edge else value - shift if value < -edge else value


# -- whole turns, for games where one turn is many actions -------------------------------
class _Turn:
    """One player's decisions until another decides (or the game ends), the most promising position
    first by the evaluation for that player (as `level` sees it), each position once."""

    def __init__(self, state: State, player: str, nodes: int, level: str, moves: list[str] | None = None):
        self.player, self.left, self.level = player, nodes, level
        self.queue: list = []  # (minus value, actions, order, state): the most promising first
        self.root = state.search_key()
        self.came: dict = {self.root: None}  # each position seen: (the one before, the move from it)
        self.values: dict = {}  # each position after the root: (its value, minus the actions to it)
        self.ends: dict = {}  # the positions where another player decides next: their states
        self.best: tuple[float, int] = (-1.0, 0)
        self.best_key = self.root
        self.cheapest: dict = {}  # `State.spending_key`'s positions: the least spent on each so far
        self._cheaper(state)
        self._expand(state, self.root, 0, own_moves(state, player) if moves is None else moves)  # in the order given

    def _expand(self, state: State, before, actions: int, moves: list[str]) -> None:
        inert = state.inert_moves()
        if inert:  # (unless they are all that is left: the turn's end avoided, `Search`)
            moves = [move for move in moves if move not in inert] or moves
        if state.independent_choices():
            self._climb(state, before, actions, moves)
            return
        for move in moves:
            self._visit(state.play(move), before, move, actions + 1)

    def _visit(self, state: State, before, move: str, actions: int) -> None:
        key = state.search_key()
        if key in self.came or not self._cheaper(state):
            return
        self.came[key] = (before, move)
        self.left -= 1
        value = self.values[key] = (_value(evaluate(state, self.level), self.player), -actions)
        if value > self.best:
            self.best, self.best_key = value, key
        if state.outcome is None:
            if state.actors == (self.player,):
                heapq.heappush(self.queue, (-value[0], actions, len(self.came), state))
            else:
                self.ends[key] = state

    def _cheaper(self, state: State) -> bool:
        """Whether no position like `state` but for spending less is known (`State.spending_key`); then it is."""
        spending = state.spending_key()
        if spending is None:
            return True
        like, spent = spending
        if self.cheapest.get(like, spent + 1) <= spent:
            return False
        self.cheapest[like] = spent
        return True

    def run(self, until: float) -> bool:
        """Search on until `until`; whether the turn is searched (or its work done, or a win found)."""
        while self.queue and self.left > 0 and self.best[0] < 1.0:
            _, actions, _, state = heapq.heappop(self.queue)
            self._expand(state, state.search_key(), actions, own_moves(state, self.player))
            if clock() > until:
                break
        return not self.queue or self.left <= 0 or self.best[0] >= 1.0

    def _climb(self, state: State, key, actions: int, moves: list[str]) -> None:
        """Independent decisions (`State.independent_choices`): each one that leaves the player better off is
        made, the best first, and the plan goes on from where the last leaves it; the moves that end the turn
        or the game are kept, here and there.  One decision changes nothing for another, so each is valued
        once, here, and the positions on the way are passed through, not searched (not every combination,
        4 ** pieces)."""
        here = self.values[key][0] if key in self.values else _value(evaluate(state, self.level), self.player)
        going: dict = {}
        for move in moves:
            after = state.play(move)
            if after.outcome is None and after.actors == (self.player,):
                going[move] = after
            else:
                self._visit(after, key, move, actions + 1)
        worth = {move: _value(evaluate(after, self.level), self.player) for move, after in going.items()}
        better = sorted((move for move in going if worth[move] > here), key=worth.__getitem__, reverse=True)
        if not better:
            if len(going) == len(moves):  # nothing else to do here (the turn's end would go round a loop): the
                for move, after in going.items():  # least harm is searched as any position is
                    self._visit(after, key, move, actions + 1)
            return
        for move in better:  # one after another, those still open (another way for the same piece is not)
            if state.is_legal(move):
                state = state.play(move)
                before, key = key, state.search_key()
                self.came.setdefault(key, (before, move))
                actions += 1
        for move in own_moves(state, self.player):
            if move not in going:
                self._visit(state.play(move), key, move, actions + 1)

    def line(self, key) -> list[tuple]:
        """The positions and moves from the root to `key`, the last first."""
        found = []
        while self.came[key] is not None:
            key, move = self.came[key]
            found.append((key, move))
        return found


class _TurnPlan:
    """The sequences of the actor's own decisions this turn (`_Turn`): its first move towards the
    position the evaluation likes best (a win above all).

    Ice-Turn's turn is its movement points spent one action at a time, the
    Treehouse action at any moment (Tip: 7 points for the roll's), the end of
    the movement, then the reactionary turns: judged one action at a time, a
    search never sees the nest a three-point line completes, nor the points a
    Tip adds.  The turn ends where the dice or another player act next; any
    position on the way may end it (a phase can always be ended).  Fewer
    actions win a tie.  The best line is remembered (`_LINES`), so the turn's
    next decisions follow it at once.  Cut into slices, it goes on from its queue.

    Terrafex's turn is its four actions in any order, each mandatory: one at a
    time, a search of many branches (a mountain starts on any empty square)
    averages the opponent's fire placements and the player's own later actions
    with random ones, and sees neither the fire that will land nor the order
    that scores best.  The plan stops where the opponent plays the fire, and
    the game's evaluation says where it will go.  Without chance, a plan
    would play the same game every time against the same moves: a level picks
    at random among the ends valued within its `variety` of the best (Medium
    within its `plan_noise` where the turn ends at the opponent's decision,
    `Computer.replies`), and there Hard searches the opponent's reply (`_Turn`
    again, the opponent's own plan) after its `replies` best ends, and takes the
    end whose reply leaves it best off.
    """

    def __init__(self, search: Search, moves: list[str], nodes: int):
        self.search = search
        state, level = search.state, search.level
        ordered = search.rng.sample(moves, len(moves))  # plans alike are found in a random order: any may be kept
        self.turn = _Turn(state, search.actor, nodes, level.name, ordered)
        replied = state.game.computer.replies
        self.noise = max(level.plan_noise if replied else 0.0, level.variety)  # ends valued alike: one at random
        self.replies = level.replies if replied else 0
        self.waiting: list | None = None  # the ends whose reply is still to search, the best first
        self.reply: _Turn | None = None  # the reply being searched: after the first of `waiting`
        self.answers: dict = {}  # end searched -> (the actor's value after the reply, minus actions)
        self.planned = False  # the turn's own plan is over (searched, or its share of the time used)
        now = clock()  # the turn's own plan leaves time for the replies
        self.planned_by = now + (search.deadline - now) * (REPLIED_PLAN_SHARE if self.replies else 1.0)

    @staticmethod
    def known(state: State, level: Level) -> str | None:
        """The move a plan already made for this position, if any."""
        return _LINES.get((level.name, state.search_key())) if state.game.computer.search == "turns" else None

    def run(self, until: float) -> bool:
        search, turn = self.search, self.turn
        if not self.planned:
            self.planned = turn.run(min(until, self.planned_by)) or clock() >= self.planned_by
        done = self.planned
        if done and self.replies and turn.best[0] < 1.0:
            done = self._answer(until)
        if done or clock() >= search.deadline:
            self._remember()
            return True
        search.move = turn.line(turn.best_key)[-1][1]  # so far
        return False

    def _answer(self, until: float) -> bool:
        """Search the opponent's reply after each of the best ends; whether all are searched."""
        turn, rng = self.turn, self.search.rng
        if self.waiting is None:  # ties in a random order: which of equal ends are searched
            ends = rng.sample(list(turn.ends), len(turn.ends))
            self.waiting = sorted(ends, key=lambda k: -turn.values[k][0])[:self.replies]
        level = self.search.level
        while self.waiting:
            end = self.waiting[0]
            if self.reply is None:
                state = turn.ends[end]
                self.reply = _Turn(state, state.actors[0], level.reply_plans, level.name)
            if not self.reply.run(until):
                return False
            # two players, rewards that sum to 1: the opponent's best is the actor's worst
            self.answers[end] = (1.0 - self.reply.best[0], turn.values[end][1])
            self.waiting.pop(0)
            self.reply = None
            if clock() > until:
                return not self.waiting
        return True

    def _remember(self) -> None:
        """The chosen line's moves, after the search's position; its first is the answer."""
        turn = self.turn
        valued = self.answers or turn.values  # at random among the ends about as good (after the reply, if searched)
        best = max(valued.values())
        key = self.search.rng.choice([k for k, v in valued.items()
                                      if v == best or self.noise and v[0] >= best[0] - self.noise])
        if len(_LINES) > 20000:
            _LINES.clear()
        line = turn.line(key)
        for before, move in line[:-1]:  # not the root's: a plan from there, another time, is a new plan
            _LINES[self.search.level.name, before] = move
        self.search.move = line[-1][1]


REPLIED_PLAN_SHARE = 0.5  # of a level's time that searches replies: its own turn's share (most are planned sooner)
_LINES: dict[tuple, str] = {}  # (level name, position key) -> the move a turn's plan makes there
