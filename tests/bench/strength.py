"""How strong the computer's levels are, per game, on CPython: bot against bot, seats swapped.

Targets (issue 16): Hard beats a uniformly random player in >= 95 % of games,
Hard beats Easy in >= 70 %, Medium beats Easy in >= 60 %; Easy takes a free
capture more often than not; Hard's move takes <= 1 s (median, at full budget).
Issues 28 and 53 add two baselines that are not our search: a one-ply greedy
player (tests/bench/greedy.py) in every game, and in the races (IceToids,
Ice-Turn) a one-ply player by route length (tests/bench/route.py).  Hard beats
each in >= 90 %, Medium in >= 70 % (Easy's share is printed), Hard beats Medium
in >= 80 %, Easy beats random in >= 90 %; in Ice Towers also one Hard against three greedy players,
with Hard's share of the points.
A row is a rate over `--strength-games` games (40 by default), shared out between several seed
offsets (`--strength-offsets`), each offset's games with the seats swapped: the table prints the
rate, and beside it each offset's rate and the rate's standard error, so that a row is judged on a
rate, not on one run of nearly fixed games.  A game still running at the ply cap counts as not won.
The bots' time caps count CPU time (`ai.clock`), so a busy machine slows the games without
weakening the bots.  To fit the time, every level's work and time caps are multiplied by one scale
(said in the table).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from pyramids import ai, games
from tests.bench import engine, greedy, route
from tests.conformance import bot_game

BASELINES = {"greedy": greedy.player, "route": route.player}
PAIRINGS = (("hard", "greedy", 0.90), ("hard", "route", 0.90), ("medium", "greedy", 0.70),
            ("medium", "route", 0.70), ("easy", "greedy", None), ("easy", "route", None),
            ("hard", "medium", 0.80), ("hard", "random", 0.95), ("hard", "easy", 0.70), ("medium", "easy", 0.60),
            ("easy", "random", 0.90))
TOWERS_CROWD = 4  # Ice Towers: one Hard against this many players less one greedy
# A game's own ply cap where it needs more than --strength-plies: an Ice-Turn turn is 6-10 decisions
# (the dice, each action, the end of each phase), and its 16 tiles are dealt and placed first.  Of 120
# games of Easy against greedy (the slowest pairing), the longest took 960 plies, the next 656.
PLY_CAPS = {"ice-turn": 1200}
HARD_MOVE_S = 1.0
FREE_CAPTURE_SHARE = 0.5
FREE_CAPTURE_POSITIONS = 40  # 20 gave 50-95 % from run to run around a true ~70 %


def plays(game_id: str, level: str) -> bool:
    """Whether `level` plays `game_id`: a baseline only where it has a heuristic for it."""
    return level != "route" or game_id in route.HEURISTICS


def one_game(game_id: str, first: str, second: str, seed: int, scale: float, plies: int,
             first_seat: int = 0, **options) -> dict:
    """A game where `first` takes the `first_seat`-th seat to act (0: the first) and `second` every other."""
    ai.clock = time.thread_time  # CPU time: a busy machine does not weaken the bots (this process's own clock)
    seats: dict[str, str] = {}
    baselines = {name: make(game_id) for name, make in BASELINES.items() if plays(game_id, name)}

    def level(actor):
        if actor not in seats:
            seats[actor] = first if len(seats) == first_seat else second
        return baselines.get(seats[actor], seats[actor])

    moves, end = bot_game(games.get(game_id), level, random.Random(seed), max_plies=plies, scale=scale, **options)
    winners = end.outcome.winners if end.outcome else ()
    share = {lv: sum(1 / len(winners) for w in winners if seats.get(w) == lv) for lv in (first, second)}
    scores = end.scores() if hasattr(end, "scores") else {}
    points = sum(v for who, v in scores.items() if seats.get(who) == first) / (sum(scores.values()) or 1)
    return {"plies": len(moves), "finished": end.outcome is not None, "share": share, "points": points}


def seeded(count: int, offsets: list[int]) -> list[tuple[int, int, int]]:
    """(offset, seed, seat) of each of `count` games: the offsets in turn, and at each offset the stronger
    player first in its even games and second in its odd ones."""
    found = []
    for i in range(count):
        offset, j = offsets[i % len(offsets)], i // len(offsets)
        found.append((offset, 1000 * j + offset, j % 2))
    return found


def rate(found: list[dict], games_at: list[tuple], who: str) -> dict:
    """A row's figures: its wins, games and rate; each offset's rate; the standard error; first-seat wins."""
    wins = sum(g["share"][who] for g in found)
    by_offset: dict[int, list[float]] = {}
    for (offset, _, _), g in zip(games_at, found):
        by_offset.setdefault(offset, []).append(g["share"][who])
    share = wins / len(found)
    return {"wins": wins, "games": len(found), "rate": share,
            "offsets": {o: statistics.mean(v) for o, v in by_offset.items()},
            "error": math.sqrt(share * (1 - share) / len(found)),
            "first": sum(g["share"][who] for g, (_, _, seat) in zip(found, games_at) if seat == 0),
            "unfinished": sum(not g["finished"] for g in found),
            "mean_plies": statistics.mean(g["plies"] for g in found)}


def pairing(game_id: str, strong: str, weak: str, count: int, offsets: list[int], scale: float, plies: int,
            pool) -> dict:
    """`count` games over the seed offsets, the stronger level first in half of each offset's games."""
    games_at = seeded(count, offsets)
    jobs = [pool.submit(one_game, game_id, *((strong, weak) if seat == 0 else (weak, strong)), seed, scale, plies)
            for _, seed, seat in games_at]
    return rate([job.result() for job in jobs], games_at, strong)


def crowd(count: int, offsets: list[int], scale: float, plies: int, pool) -> dict:
    """Ice Towers with TOWERS_CROWD players: Hard in each seat in turn, greedy in the others."""
    games_at = seeded(count, offsets)
    jobs = [pool.submit(one_game, "ice-towers", "hard", "greedy", seed, scale, plies, i % TOWERS_CROWD,
                        players=TOWERS_CROWD) for i, (_, seed, _) in enumerate(games_at)]
    found = [job.result() for job in jobs]
    got = rate(found, games_at, "hard")
    got["points"] = statistics.mean(g["points"] for g in found)
    del got["first"]
    return got


def hard_move_seconds(game_id: str, positions: int, rng: random.Random) -> list[float]:
    """Hard at its full budget from positions of random games (a player to move), in CPU seconds."""
    ai.clock = time.thread_time
    times = []
    game = games.get(game_id)
    while len(times) < positions:
        state = game.replay(engine.playout(game_id, rng.randrange(*engine.timed_plies(game_id)), rng))
        acting = ai.players_to_act(state)
        if state.outcome is not None or not acting:
            continue
        start = time.thread_time()
        ai.choose(state, acting[0], "hard", rng=rng)
        times.append(time.thread_time() - start)
    return times


def free_captures(count: int, scale: float, rng: random.Random) -> tuple[int, int]:
    """Ice Lady: in positions where a capture cannot be answered by a recapture, how often Easy takes one."""
    game = games.get("ice-lady")
    taken = seen = 0
    tries = 0
    while seen < count and tries < 2000:
        tries += 1
        state = game.replay(engine.playout("ice-lady", rng.randrange(4, 60), rng))
        if state.outcome is not None:
            continue
        free = [m for m in state.legal_moves() if "x" in m and _unanswered(state.play(m))]
        if not free:
            continue
        seen += 1
        taken += ai.choose(state, level=ai.LEVELS["easy"].scaled(scale), rng=rng) in free
    return taken, seen


def _unanswered(after) -> bool:
    return after.outcome is not None or not any("x" in reply for reply in after.legal_moves())


def section(args, table, results) -> None:
    scale, count, plies, offsets = args.strength_scale, args.strength_games, args.strength_plies, args.strength_offsets
    caps = {game_id: PLY_CAPS.get(game_id, plies) for game_id in args.games}
    own = "".join(f", {game_id} at {cap}" for game_id, cap in caps.items() if cap != plies)
    print(f"Strength on CPython: {count} games per pairing at seed offsets {', '.join(map(str, offsets))}, seats "
          f"swapped, every level's budget x{scale:g} in CPU time, games capped at {plies} plies{own} "
          f"(unfinished = not won), {args.jobs} process(es)")
    results["strength"] = {"scale": scale, "games": count, "offsets": offsets, "plies": caps}
    rng = random.Random(args.seed)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for game_id in args.games:
            found = results["strength"][game_id] = {}
            section_name = f"Strength {game_id}"
            for strong, weak, target in PAIRINGS:
                if args.strength_pairings and f"{strong}-{weak}" not in args.strength_pairings:
                    continue
                if not plays(game_id, weak):
                    continue
                started = time.time()
                got = found[f"{strong}-{weak}"] = pairing(game_id, strong, weak, count, offsets, scale, caps[game_id],
                                                          pool)
                report(table, section_name, f"{strong.capitalize()} beats {weak} (x{scale:g}, {caps[game_id]} plies)",
                       got, target, started)
            if game_id == "ice-towers" and (not args.strength_pairings or "hard-crowd" in args.strength_pairings):
                started = time.time()
                got = found["hard-crowd"] = crowd(count, offsets, scale, caps[game_id], pool)
                report(table, section_name, f"Hard beats {TOWERS_CROWD - 1} greedy (x{scale:g}, {caps[game_id]} plies)",
                       got, 0.90, started)
                table.rows.append((section_name, "  Hard's share of the points", f"{got['points']:.0%}", "", "", ""))
            if args.strength_positions:
                times = found["hard_move_s"] = hard_move_seconds(game_id, args.strength_positions, rng)
                table.add(section_name, "Hard's move, full budget (CPU)", engine_spread(times), unit="s",
                          limit=HARD_MOVE_S)
        if "ice-lady" not in args.games or args.strength_pairings and "free-capture" not in args.strength_pairings:
            return
        # Its own generator, so that the positions do not depend on which games ran before.
        taken, seen = results["strength"]["free_captures"] = free_captures(FREE_CAPTURE_POSITIONS, scale,
                                                                           random.Random(args.seed))
        at_least(table, "Strength ice-lady", f"Easy takes a free capture (x{scale:g})",
                 taken / seen if seen else 0.0, FREE_CAPTURE_SHARE, f"{taken}/{seen}", strictly=True)


def report(table, section_name, what, got, target, started) -> None:
    """A pairing's line as it finishes, and its row: a target row, or a share printed for information.
    Beside the rate: each seed offset's rate, and the rate's standard error."""
    seats = f", first seat {got['first']:g}/{(got['games'] + 1) // 2}" if "first" in got else ""
    each = ", ".join(f"{rate:.0%}" for rate in got["offsets"].values())
    print(f"  {section_name[9:]} {what}: {got['wins']:g}/{got['games']} ({got['unfinished']} unfinished, "
          f"mean {got['mean_plies']:.0f} plies{seats}; offsets {each}) in {time.time() - started:.0f} s", flush=True)
    count_text = f"{got['wins']:g}/{got['games']}, ±{got['error']:.0%}; offsets {each}"
    if target is None:
        table.rows.append((section_name, what, f"{got['rate']:.0%}", f"({count_text})", "", ""))
    else:
        at_least(table, section_name, what, got["rate"], target, count_text)
    if got["unfinished"]:  # the targets count no unfinished games
        table.rows.append((section_name, f"  {got['unfinished']} unfinished", "", "", "0", "MISS"))
        table.verdicts.append((f"{section_name} {what}: unfinished games", False))


def engine_spread(values) -> dict:
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "n": len(values)}


def at_least(table, section_name, what, share, target, count_text, strictly=False) -> None:
    """A row whose share must reach `target` (more than it, with `strictly`)."""
    ok = share > target if strictly else share >= target
    table.rows.append((section_name, what, f"{share:.0%}", f"({count_text})",
                       f"{'>' if strictly else '>='} {target:.0%}", "PASS" if ok else "MISS"))
    table.verdicts.append((f"{section_name} {what}", ok))
