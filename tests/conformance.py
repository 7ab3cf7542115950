"""The protocol contract, checked by random playouts of any game.

`check_game` is run over every registered game by test_conformance.py; a game
under construction can call it from its own tests before it is registered.
"""

from __future__ import annotations

import random

from pyramids.core import CHANCE, Game, GameError, State, repeated_moves


AGREEING = 20


def playout(game: Game, rng: random.Random, max_plies: int = 400, **options) -> list[str]:
    """A random game: chance moves drawn by their probabilities, player moves uniformly among the game's
    own (`legal_plays`; an offer waiting has only its answers), and in a game that ends by agreement too,
    one time in `AGREEING` among every legal move: a draw is offered, answered, or a player resigns now
    and then, and the games still run long."""
    state = game.new(**options)
    moves: list[str] = []
    while state.outcome is None and len(moves) < max_plies:
        if state.actors == (CHANCE,):
            outcomes = state.chance_outcomes()
            move = rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            agreeing = state.game.agreements and not rng.randrange(AGREEING)
            move = rng.choice(state.legal_moves() if agreeing else state.legal_plays() or state.legal_moves())
        moves.append(move)
        state = state.play(move)
    return moves


def check_state(game: Game, state: State) -> None:
    """Every invariant the protocol promises about one state."""
    text = state.to_text()
    again = game.from_text(text)
    assert again.to_text() == text, "position text must round-trip"
    assert sorted(again.legal_moves()) == sorted(state.legal_moves()), "a loaded position must play the same"
    assert (again.outcome is None) == (state.outcome is None)
    legal = state.legal_moves()
    if state.outcome is not None:
        assert legal == [] and state.actors == ()
        return
    assert state.actors, "a running game always has someone to act"
    assert legal, "a running game always has a legal move"
    assert len(set(legal)) == len(legal)
    if state.actors == (CHANCE,):
        outcomes = state.chance_outcomes()
        assert sorted(m for m, _ in outcomes) == sorted(legal)
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    for move in legal:
        assert move and move == move.strip() and not any(c.isspace() for c in move), repr(move)
        assert state.actor_of(move) in state.actors
        if state.actors != (CHANCE,):
            assert state.path(move) in state.paths(move)
            for cells in state.paths(move):
                assert cells, f"{move!r} needs cells to click"
                assert move in state.guide(cells).moves, f"clicking {cells} must offer {move!r}"
    if state.independent_choices():
        check_independent(state)
    for move in state.inert_moves():  # a turn's plan skips them: they must change nothing it judges
        assert move in legal and state.play(move).evaluation() == state.evaluation(), f"{move!r} is not inert"
    for cell in state.asked_cells():  # lit before any click: one click there must make a move
        assert state.guide((cell,)).moves, f"{cell!r} is lit for a decision, but a click there makes no move"
    try:
        state.play("not-a-move")
    except GameError as err:
        assert str(err)
    else:  # pragma: no cover - the assertion is the point
        raise AssertionError("a nonsense move must be refused with a GameError")


def check_independent(state: State) -> None:
    """`State.independent_choices`, as a turn's plan relies on it (it climbs them one at a time): each of the
    decisions after which the player decides on is made once, and any two of them make the same position in
    either order."""
    actor = state.actors[0]
    going = [m for m in state.legal_plays() if state.play(m).actors == (actor,)]
    for first in going:
        after = state.play(first)
        assert first not in after.legal_plays(), f"{first!r} is a decision made once"
        for second in going:
            if second != first and second in after.legal_plays():
                other = state.play(second)
                assert first in other.legal_plays(), f"{second!r} takes {first!r} away, but not the other way"
                assert after.play(second).search_key() == other.play(first).search_key(), \
                    f"{first!r} and {second!r} make the same position in either order"


def check_game(game: Game, seeds=range(6), **options) -> None:
    """Random playouts; every state checked, every prefix replays to the same position."""
    for seed in seeds:
        moves = playout(game, random.Random(seed), **options)
        state = game.new(**options)
        check_state(game, state)
        for ply, move in enumerate(moves, 1):
            before = state.to_text()
            nxt = state.play(move)
            assert state.to_text() == before, "play() must not change the old state"
            state = nxt
            if ply % 7 == 0 or ply == len(moves) or state.outcome is not None:
                check_state(game, state)
        assert game.replay(moves, **options).to_text() == state.to_text(), "the record must replay"


def bot_game(game: Game, levels, rng: random.Random, max_plies: int = 400, scale: float = 1.0,
             start: State | None = None, **options) -> tuple[list[str], State]:
    """A game between bots: `levels(actor)` is each player's level, a name or an `ai.Level` ("random": uniform moves),
    or a player of its own, ``(state, actor, rng) -> move or None`` (the strength bench's greedy baseline).

    Chance is sampled as the page samples it and automatic moves are made.  In
    a game without turns each player acts on its own jittered timer, as bots
    do in the page (the level's `delay`; a random player is as quick as Hard),
    and a bot may wait.  As in the page, a bot is told the moves that brought
    the game round to where it is (`repeated_moves`).  Every bot move is
    checked: legal, and its own to make.
    """
    from pyramids import ai

    def delay(actor) -> float:
        level = levels(actor)
        low, high = ai.level_of("hard" if level == "random" or callable(level) else level).delay
        return rng.uniform(low, high)

    state = start if start is not None else game.new(**options)
    moves: list[str] = []
    states = [state]  # for the moves that brought the game round to a position before (`repeated_moves`)
    timers: dict[str, float] = {}  # games without turns: when each player acts next
    waiting: set[str] = set()  # ... and who chose to wait since the last move
    idled: set[str] = set()  # ... and who chose to wait again, nothing played meanwhile (`ai.choose`'s idle)
    while state.outcome is None and len(moves) < max_plies:
        if state.actors == (CHANCE,):
            outcomes = state.chance_outcomes()
            move = rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
        elif (auto := state.automatic_move()) is not None:
            move = auto
        else:
            acting = ai.players_to_act(state)
            assert acting, f"nobody may act in {state.to_text()!r}"
            if len(acting) > 1 and set(acting) <= idled:
                break  # every player waits for the others, twice: the game stalls (unfinished)
            now = min(timers.values(), default=0.0)
            for other in acting:
                timers.setdefault(other, now + delay(other))
            actor = min(acting, key=timers.__getitem__)
            del timers[actor]
            level = levels(actor)
            if level == "random":
                move = rng.choice(ai.own_moves(state, actor))
            else:
                move = level(state, actor, rng) if callable(level) else \
                    ai.choose(state, actor, ai.level_of(level).scaled(scale), rng=rng, may_wait=len(acting) > 1,
                              idle=actor in waiting, avoid=repeated_moves(states, moves))
                if move is None:
                    (idled if actor in waiting else waiting).add(actor)
                    continue
            assert state.is_legal(move) and state.may_act(move, actor), (level, actor, move, state.to_text())
        moves.append(move)
        waiting.clear()
        idled.clear()
        state = state.play(move)
        states.append(state)
    return moves, state


GENERIC = "is not a legal move here."  # `State.explain`'s words where a game gives no reason of its own


def check_refusals(game: Game, seed: int, plies: int = 120, every: int = 10, sample: int = 150) -> None:
    """Refusal reasons and click hints agree with the legal moves, in positions of a random game.

    The candidates are the moves legal somewhere in the same game (well-formed, mostly illegal at a given
    ply): each legal one plays, each other is refused with the game's own reason, never the generic words.
    Each location where such a move starts, clicked first: it leads on (targets or moves, all legal) where a
    legal move of the actor to move starts there (a game may add shortcuts: Terrafex's mountain from the
    pool's only size), and where it leads nowhere the player is told why in a sentence."""
    rng = random.Random(seed)
    states = [game.new()]
    for move in playout(game, rng, max_plies=plies):
        states.append(states[-1].play(move))
    deciding = [s for s in states if s.outcome is None and s.actors != (CHANCE,)]
    pool = sorted({m for s in deciding for m in s.legal_moves()})
    firsts = sorted({cells[0] for s in deciding[::every] for m in s.legal_moves() for cells in s.paths(m)})
    for state in deciding[::every]:
        legal = set(state.legal_moves())
        for move in rng.sample(pool, min(sample, len(pool))):
            try:
                state.play(move)
            except GameError as err:
                assert move not in legal, f"{move!r} is legal at {state.to_text()} but refused: {err}"
                assert str(err) and GENERIC not in str(err), f"{move!r} at {state.to_text()}: {err}"
            else:
                assert move in legal, f"{move!r} is not legal at {state.to_text()} but was played"
        if len(state.actors) != 1:
            continue  # no turns: who clicks is the actor chosen on the page (`guide(..., actor)`)
        actor = state.actors[0]
        starts = {cells[0] for m in legal if state.actor_of(m) == actor for cells in state.paths(m)}
        for cell in firsts:
            guidance = state.guide((cell,), actor)
            assert guidance.ok >= (cell in starts), (state.to_text(), cell, guidance)  # a shortcut may add more
            assert guidance.ok == bool(guidance.targets or guidance.moves), (state.to_text(), cell, guidance)
            assert set(guidance.moves) <= legal, (state.to_text(), cell, guidance.moves)
            if not guidance.ok:
                assert guidance.message.endswith((".", "?", "!")), (state.to_text(), cell, guidance.message)
