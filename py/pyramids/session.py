"""A game being played on the page: history, undo/redo, browsing, and clicks.

The page binding stays thin: it forwards clicks and buttons here and draws
what this says.  Everything a player can do is testable on CPython.

History: `moves` is the game so far and `cursor` the ply on screen; browsing
moves the cursor without changing the game, and moves are made only at the
latest position.  Undo takes back the last player's move together with the
moves that followed it by themselves (dice, revealed tiles, a turn that ended
for lack of options); redo puts back exactly those moves, so undo never
re-rolls a die.
"""

from __future__ import annotations

import json
import random

from . import games, record
from .core import CHANCE, GameError, State
from .svg import Marks
from .views import last_marks

STORAGE_FORMAT = 1


def parse_bots(text: str) -> dict[str, str]:
    """The computer's seats from link text ``black:hard,red:easy``; `RecordError` says what is wrong."""
    from . import ai  # only games with bots load the search (the page's start-up does not)

    bots: dict[str, str] = {}
    for item in filter(None, text.split(",")):
        seat, sep, level = item.partition(":")
        if not sep or not seat or level not in ai.LEVELS:
            raise record.RecordError(f"The link's computer seats are not valid: {item!r} "
                                     "(write seat:level, the level easy, medium or hard).")
        bots[seat] = level
    return bots


def bots_text(bots: dict[str, str]) -> str:
    return ",".join(f"{seat}:{level}" for seat, level in bots.items())


class Session:
    def __init__(self, game_id: str, options=None, moves=(), rng: random.Random | None = None, bots=None):
        self.game = games.get(game_id)
        self.options = self.game.resolve_options(options or {})
        self.bots: dict[str, str] = dict(bots or {})  # seat -> level, for the seats the computer plays
        self.rng = rng or random.Random()
        self.clock_started: float | None = None  # when the game clock began (epoch seconds)
        self.states: list[State] = [self.game.new(**self.options)]
        self.moves: list[str] = []
        self.redo_stack: list[list[str]] = []
        self.cursor = 0
        self.actor: str | None = None  # who the player acts as, where several may act
        self.selection: tuple[str, ...] = ()
        self.targets: tuple[str, ...] = ()
        self.choices: tuple[str, ...] = ()
        self.message = ""
        for move in moves:
            self._push(move)
        self._settle_chance()
        self.cursor = len(self.moves)
        if self.bots and len(self._ai.players_to_act(self.states[0])) > 1:  # no turns: a person acts as a free seat
            self.actor = next((seat for seat in self._ai.seats(self.game, self.options) if seat not in self.bots), None)

    # -- loading and saving ---------------------------------------------
    @classmethod
    def from_record(cls, rec: record.Record, rng=None) -> tuple["Session", str | None]:
        """A session replaying `rec`; the error names the first bad ply (the prefix is kept)."""
        replayed = record.replay(rec)
        session = cls(rec.game, rec.options, rng=rng, bots=parse_bots(rec.view.get("bots", "")))
        session.states, session.moves = replayed.states, replayed.moves
        if replayed.error is None:
            session._settle_chance()
        session.cursor = len(session.moves)
        if "ply" in rec.view:
            try:
                session.go(int(rec.view["ply"]))
            except ValueError:
                pass
        return session, replayed.error

    def record(self) -> record.Record:
        """The game, and the seats the computer plays (a link opens against the same bots)."""
        view = {"bots": bots_text(self.bots)} if self.bots else {}
        return record.Record(self.game.id, dict(self.options), tuple(self.moves), view)

    def link(self) -> str:
        return record.encode(self.record())

    def to_storage(self) -> str:
        return json.dumps({"v": STORAGE_FORMAT, "record": self.link(), "redo": self._storable_redo(),
                           "ply": self.cursor, "clock": self.clock_started})

    def _storable_redo(self) -> list[list[str]]:
        """The redo moves that hold no chance outcome.

        An undone draw (a tile turned face down again) must not sit in storage,
        so redo stops at the first undone move that was followed by chance.
        """
        safe: list[list[str]] = []
        for group in reversed(self.redo_stack):
            if len(group) > 1:
                break
            safe.append(group)
        return safe[::-1]

    @classmethod
    def from_storage(cls, text: str, rng=None) -> tuple["Session", str | None]:
        """The saved session; raises `RecordError` when the text cannot be read at all."""
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or data.get("v") != STORAGE_FORMAT:
                raise ValueError("unknown storage format")
            rec = record.decode(str(data["record"]))
            redo = [[str(m) for m in group] for group in data.get("redo", [])]
            ply = int(data.get("ply", len(rec.moves)))
            clock = data.get("clock")
            clock = None if clock is None else float(clock)
        except (ValueError, KeyError, TypeError) as err:
            if isinstance(err, record.RecordError):
                raise
            raise record.RecordError(f"The saved game is damaged ({err}).") from None
        session, error = cls.from_record(rec, rng=rng)
        if error is None:
            session.redo_stack = redo
            session.go(ply)
            session.clock_started = clock
        return session, error

    # -- the position ---------------------------------------------------
    @property
    def state(self) -> State:
        """The position on screen (the latest one unless browsing history)."""
        return self.states[self.cursor]

    @property
    def latest(self) -> State:
        return self.states[-1]

    @property
    def browsing(self) -> bool:
        return self.cursor < len(self.moves)

    def _push(self, move: str) -> None:
        self.states.append(self.states[-1].play(move))
        self.moves.append(move)

    def _settle_chance(self) -> None:
        """Let chance act (roll, draw) and make automatic moves until a player is to decide."""
        while True:
            latest = self.latest
            if latest.actors == (CHANCE,):
                outcomes = latest.chance_outcomes()
                self._push(self.rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0])
            elif latest.outcome is None and (move := latest.automatic_move()) is not None:
                self._push(move)
            else:
                return

    def _clear_input(self, message: str = "") -> None:
        self.selection, self.targets, self.choices, self.message = (), (), (), message

    # -- playing ----------------------------------------------------------
    def play(self, move: str) -> None:
        """Make `move` at the latest position; raises `GameError` when it is not legal."""
        if self.browsing:
            raise GameError(self._browsing_message())
        if self.redo_stack and self.redo_stack[-1][0] == move:
            self.redo()  # the same move again brings back the same dice and draws
            return
        self._push(move)
        self.redo_stack.clear()
        self._settle_chance()
        self.cursor = len(self.moves)
        self._clear_input()

    def click(self, cells: str | list[str]) -> None:
        """A click on a board location: select, show targets, or complete a move.

        Where locations nest (a piece inside a tower), `cells` lists them
        innermost first and the first one the rules can use is taken.
        """
        candidates = [cells] if isinstance(cells, str) else list(cells)
        state = self.state
        if self.browsing:
            return self._clear_input(self._browsing_message())
        if state.outcome is not None:
            return self._clear_input(f"The game is over. {state.outcome.reason}")
        if self.selection and self.selection[-1] in candidates:
            return self._clear_input()
        guidance = self._first_ok(self.selection, candidates)
        if not guidance.ok and self.selection:
            fresh = self._first_ok((), candidates)
            if fresh.ok:
                guidance = fresh
        if not guidance.ok:
            return self._clear_input(guidance.message)
        if guidance.moves and not guidance.targets:
            if len(guidance.moves) == 1:
                return self._try(guidance.moves[0])
            self.selection, self.targets = guidance.selection, ()
            self.choices, self.message = guidance.moves, guidance.message
            return None
        self.selection, self.targets, self.choices = guidance.selection, guidance.targets, guidance.moves
        self.message = guidance.message
        return None

    def _first_ok(self, selection: tuple[str, ...], candidates: list[str]):
        """The guidance for the first candidate that extends `selection`, else the innermost's."""
        answers = [self.state.guide(selection + (cell,), self.actor) for cell in candidates]
        return next((g for g in answers if g.ok), answers[0])

    def attempt(self, change) -> Exception | None:
        """Run a player's action; a rules error becomes the message, never a traceback.

        An unexpected error (a bug) becomes a message too and is returned, for
        the page to log.
        """
        try:
            change()
        except GameError as err:
            self.message = str(err)
        except Exception as err:  # noqa: BLE001 - a bug must not kill the page
            self.message = f"Something went wrong: {err}"
            return err
        return None

    def ply_for_key(self, key: str) -> int | None:
        """The ply a history key (←, →, Home, End) goes to, or None for other keys."""
        return {"ArrowLeft": self.cursor - 1, "ArrowRight": self.cursor + 1,
                "Home": 0, "End": len(self.moves)}.get(key)

    def choose(self, move: str) -> None:
        """Pick one of the offered `choices` (e.g. promote or not)."""
        if move not in self.choices:
            return self._clear_input("That choice is no longer on offer.")
        return self._try(move)

    def _try(self, move: str) -> None:
        try:
            self.play(move)
        except GameError as err:
            self._clear_input(str(err))

    def _browsing_message(self) -> str:
        return (f"You are looking at move {self.cursor} of {len(self.moves)}. "
                "Press End (or Last) to return to the game.")

    # -- the game clock (timed variants) ----------------------------------
    def clock_remaining(self, now: float) -> float | None:
        """Seconds left on the game clock (it starts at the first look), or None without one."""
        clock = self.latest.clock()
        if clock is None:
            return None
        if self.clock_started is None:
            self.clock_started = now
        return max(0.0, clock[0] - (now - self.clock_started))

    def tick(self, now: float) -> bool:
        """Play the clock's move once it has run out; True when it rang."""
        if self.clock_remaining(now) != 0.0:
            return False
        self.cursor = len(self.moves)
        self.play(self.latest.clock()[1])
        return True

    # -- undo, redo and browsing -----------------------------------------
    def _by_itself(self, ply: int) -> bool:
        """Whether the move at `ply` was made by itself: chance, or a game's automatic move."""
        state = self.states[ply]
        return state.actors == (CHANCE,) or (
            state.outcome is None and state.automatic_move() == self.moves[ply])

    def can_undo(self) -> bool:
        return any(not self._by_itself(i) for i in range(len(self.moves)))

    def undo(self) -> None:
        """Take back the last player move and the chance moves that followed it."""
        if not self.can_undo():
            return self._clear_input("There is no move to take back.")
        group = self._take_back()
        while self._bot_moved_last() and self.can_undo():  # the bot's reply and the player's move together
            group = self._take_back() + group
        self.redo_stack.append(group)
        self.cursor = len(self.moves)
        self._clear_input()
        return None

    def _take_back(self) -> list[str]:
        """Remove the last player move and the moves made by themselves after it; return them."""
        group: list[str] = []
        while True:
            ply = len(self.moves) - 1
            chance = self._by_itself(ply)
            group.insert(0, self.moves.pop())
            self.states.pop()
            if not chance:
                return group

    @property
    def _ai(self):
        """The search module, loaded by the first game with a bot seat (not at the page's start-up)."""
        from . import ai
        return ai

    def _bot_moved_last(self) -> bool:
        """Whether the computer is to move at the latest position while a person plays too (turns only)."""
        if not self.bots:
            return False
        acting = self._ai.players_to_act(self.latest)
        humans = set(self._ai.seats(self.game, self.options)) - set(self.bots)
        return len(acting) == 1 and acting[0] in self.bots and bool(humans)

    # -- the computer's seats ------------------------------------------------
    def bot_turn(self) -> tuple[str, str] | None:
        """(seat, level) when the computer is to move in a game with turns, else None.

        Games without turns (several players may act at once) give None: the
        page runs each bot seat on its own timer (`bot_seats_acting`).
        """
        if not self.bots or self.browsing or self.latest.outcome is not None:
            return None
        acting = self._ai.players_to_act(self.latest)
        if len(acting) == 1 and acting[0] in self.bots:
            return acting[0], self.bots[acting[0]]
        return None

    def bot_seats_acting(self) -> list[str]:
        """The computer's seats that may act now in a game without turns."""
        if not self.bots or self.latest.outcome is not None:
            return []
        acting = self._ai.players_to_act(self.latest)
        return [a for a in acting if a in self.bots] if len(acting) > 1 else []

    def position_key(self) -> str:
        """Names the latest position: a bot's answer for another position is dropped."""
        return f"{len(self.moves)}:{self.latest.to_text()}"

    def play_bot(self, move: str, key: str | None) -> bool:
        """Play a bot's `move` if the game is still at `key`'s position and the move still legal.

        A late answer (after undo, a new game, another move) is dropped; in a
        game without turns (`key` None) a move is checked only when it lands,
        and a lost race is refused like a person's.  A player browsing the
        history stays where they are.
        """
        if (key is not None and key != self.position_key()) or not self.latest.is_legal(move):
            return False
        cursor, browsing = self.cursor, self.browsing
        self._push(move)
        self.redo_stack.clear()
        self._settle_chance()
        self.cursor = cursor if browsing else len(self.moves)
        if not browsing:
            self._clear_input(self.message if self.selection else "")
        return True

    def show_hint(self, move: str) -> None:
        """Light `move` on the board, as if its first cells were clicked: clicking its target plays it."""
        cells = self.state.path(move)
        self.selection, self.targets, self.choices = cells[:-1], cells[-1:], ()
        self.message = f"Hint: {self.state.label(move)}"

    def redo(self) -> None:
        if not self.redo_stack:
            return self._clear_input("There is no move to redo.")
        for move in self.redo_stack.pop():
            self._push(move)
        self.cursor = len(self.moves)
        self._clear_input()
        return None

    def go(self, ply: int) -> None:
        """Show the position after `ply` moves (clamped to the game)."""
        self.cursor = max(0, min(len(self.moves), ply))
        self._clear_input()

    # -- what the page shows ------------------------------------------------
    def marks(self) -> Marks:
        last: tuple[str, ...] = ()
        captured: tuple[str, ...] = ()
        ply = self.cursor
        while ply > 0 and self._by_itself(ply - 1):
            ply -= 1
        if ply > 0:
            last, captured = last_marks(self.states[ply - 1], self.moves[ply - 1], self.states[ply])
        return Marks(self.selection, self.targets, last, captured)

    def status(self) -> str:
        """One line: whose turn it is, or how the game ended."""
        state = self.state
        outcome = state.outcome
        if outcome is not None:
            if outcome.draw:
                return f"Draw. {outcome.reason}"
            names = " and ".join(state.actor_name(w) for w in outcome.winners)
            return f"{names} {'wins' if len(outcome.winners) == 1 else 'share the win'}. {outcome.reason}"
        if state.prompt():
            return state.prompt()
        clock = state.clock()
        ringer = state.actor_of(clock[1]) if clock else None  # the clock is not a player
        actors = [state.actor_name(a) for a in state.actors if a not in (CHANCE, ringer)]
        if len(actors) == 1:
            return f"{actors[0]} to move."
        return "No turns: " + ", ".join(actors) + " may act at any moment."
