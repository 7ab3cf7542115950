"""A game being played on the page: its history and the ply on screen, the moves made, and the message line.

The page binding stays thin: it forwards clicks and buttons here and draws
what this says.  Everything a player can do is testable on CPython.  Each job
with state of its own is a part beside this module, reached through the
session: `clicks` (what is selected and lit, the move a click makes),
`words` (the status line, each move and the result in words), `undoing`
(undo and redo, the chance outcomes undone), `computer` (the computer's
seats), `following` (the turns nobody here made), `link_play` (play by
link, the compact link) and `clock` (a timed variant's); `loading.Loading`
opens a link or a save, and `loading.to_storage` writes the save.

What is left here: the history (`states`, `moves`) and `cursor`, the ply on
screen, moved by a move, a turn (`turns`) or a key; making a move at the
latest position, a person's (`play`), the computer's (`play_bot`) or the
clock's (`tick`), together with the moves that follow it by themselves (dice,
revealed tiles, a turn that ended for lack of options: `settle_chance`, which
draws again what was drawn at the same chance node and then undone,
`Undoing.drawn_again`, so no die and no tile can be fished for); the message
line (`note`, `clear_input`); the seats and which of them people play here
(`people`); and the record a link and a save are made of.
"""

from __future__ import annotations

import random
from typing import cast

from . import games, record, turns
from .clicks import Clicks
from .clock import Clock
from .computer import Computer, bots_text
from .core import CHANCE, GameError, State, players_to_act, seats
from .following import Following
from .link_play import LinkPlay
from .undoing import Undoing
from .words import Words

_AT_MOST = "the most a game can hold; it stays as it is (browse it, share it), and New game starts another."


class Session:
    def __init__(self, game_id: str, options=None, moves=(), rng: random.Random | None = None, bots=None,
                 pace: str = "normal"):
        self.begin(game_id, options, rng, bots, pace)
        for move in moves:
            self.push(move)
        self.settle_chance()
        self.cursor = len(self.moves)

    @classmethod
    def unplayed(cls, game_id: str, options, rng=None, bots=None, pace: str = "normal") -> "Session":
        """The game at its initial position with nothing played, not even chance: where a replay
        (`loading.Loading`) begins, whose record holds chance's moves too."""
        session = cls.__new__(cls)
        session.begin(game_id, options, rng, bots, pace)
        return session

    def begin(self, game_id: str, options, rng, bots=None, pace: str = "normal", start: State | None = None) -> None:
        """The game at its initial position (or at `start`, a lesson's step) and nothing played, not even chance:
        where a replay (`loading.Loading`) or a lesson begins."""
        self.game = games.get(game_id)
        self.options = self.game.resolve_options(options or {})
        self.computer = Computer(self, bots, pace)
        self.rng = rng or random.Random()
        self.clock = Clock(self)
        self.states: list[State] = [self.game.new(**self.options) if start is None else start]
        self.moves: list[str] = []
        self.cursor = 0
        self.message = ""
        self.warn = False  # the message is a warning (a refused click, an error), not a neutral note
        self.words = Words(self)
        self.undoing = Undoing(self)
        self.clicks = Clicks(self)
        self.following = Following(self)
        self.link_play = LinkPlay(self)
        self.clicks.fit_actor()

    # -- the record a link and a save are made of --------------------
    def record(self) -> record.Record:
        """The game, and the seats the computer plays (a link opens against the same bots)."""
        bots, pace = self.computer.bots, self.computer.pace
        view = {"bots": bots_text(bots)} if bots else {}
        if bots and pace != "normal":
            view["pace"] = pace
        return record.Record(self.game.id, dict(self.options), tuple(self.moves), view)

    def link(self) -> str:
        """The page's address: the readable link (packing a long game's moves after every move would cost
        the page a long task; Share packs them once)."""
        return record.encode(self.record())

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

    def push(self, move: str) -> None:
        """Add `move` at the latest position, nothing after it (no chance): a replay's step, a move's first."""
        self.states.append(self.states[-1].play(move))
        self.moves.append(move.strip())  # the canonical text: the rules accepted it as such

    def settle_chance(self) -> None:
        """Let chance act (roll, draw) and make automatic moves until a player is to decide."""
        while True:
            latest = self.latest
            if latest.actors == (CHANCE,):
                again = self.undoing.drawn_again(len(self.moves))
                if again is not None and latest.is_legal(again):
                    self.push(again)
                    continue
                outcomes = latest.fresh_chance(self.undoing.kept)
                self.push(self.rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0])
            elif latest.outcome is None and (move := latest.automatic_move()) is not None:
                self.push(move)
            else:
                return

    def clear_input(self, message: str = "", warn: bool = True) -> None:
        """No selection or choice pending; `message` is a warning (a refusal) unless `warn` is False (a note)."""
        self.clicks.clear()
        self.note(message, bool(message) and warn)

    def note(self, text: str, warn: bool = False) -> None:
        """Say `text` in the message line, the clicks left as they are: a neutral note ("Link copied"), or a
        warning (an error, a refusal) if `warn`.  The one way the message is set."""
        self.message, self.warn = text, warn

    # -- playing ----------------------------------------------------------
    def play(self, move: str) -> None:
        """Make a person's `move` at the latest position; raises `GameError` when it is not legal, when the
        computer is to move (its move is its own), when it is a colour's that nobody here plays (a game
        without turns), or when the game would hold more moves than a save or a link can (it could never
        be opened again)."""
        waiting = self.computer.waiting()
        if not waiting and len(players_to_act(self.latest)) > 1:
            waiting = self.words.not_played_here(self.latest.actor_of(move))
        if waiting:
            raise GameError(waiting)
        self._make(move)

    def _make(self, move: str) -> None:
        """Make `move` (a person's, or the clock's) at the latest position."""
        if self.browsing:
            raise GameError(self.words.browsing_message())
        if self.full_message():
            raise GameError(self.full_message())
        self.following.person_acts()
        if self.undoing.redoes(move):
            self.undoing.redo()  # the same move again brings back the same dice and draws
            return
        first = len(self.moves)
        self.push(move)
        self.settle_chance()
        self.within_bound(first)
        self.undoing.redo_stack.clear()
        self.cursor = len(self.moves)
        self.link_play.unseen = None  # the moves a link brought are no longer news once the player answers them
        if self.following.watched is not None:  # a decision inside another's turn: what came before it was told
            self.following.told = len(self.moves)
        self.clear_input(self.words.moves_in_words(first), warn=False)

    def full_message(self) -> str:
        """Why no move can be made: the game holds the most moves a game can (links and saves open at most
        `record.MAX_MOVES`); '' while it has room."""
        if len(self.moves) < record.MAX_MOVES:
            return ""
        return f"This game has reached {record.MAX_MOVES:,} moves, {_AT_MOST}"

    def within_bound(self, first: int, what: str = "This move (with the chance after it)") -> None:
        """Take back the moves after ply `first` if they take the game past `record.MAX_MOVES` (a move and
        the dice after it are made together or not at all)."""
        if len(self.moves) > record.MAX_MOVES:
            del self.moves[first:], self.states[first + 1:]
            raise GameError(f"{what} would take the game past {record.MAX_MOVES:,} moves, {_AT_MOST}")

    def attempt(self, change) -> Exception | None:
        """Run a player's action; a rules error becomes the message, never a traceback.

        An unexpected error (a bug) becomes a message too and is returned, for
        the page to log.
        """
        try:
            change()
        except GameError as err:
            self.note(str(err), warn=True)
        except Exception as err:  # noqa: BLE001 - a bug must not kill the page
            self.note(f"Something went wrong: {err}", warn=True)
            return err
        return None

    HISTORY_KEYS = ("ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown")  # the keys that browse

    def ply_for_key(self, key: str) -> int | None:
        """The ply a history key goes to (←/→ a move, PageUp/PageDown or Shift+←/→ a turn, Home, End),
        or None for other keys (a key of `HISTORY_KEYS` always has one: the page uses it without asking)."""
        if key in ("PageUp", "Shift+ArrowLeft"):
            return self.turn_before()
        if key in ("PageDown", "Shift+ArrowRight"):
            return self.turn_after()
        return {"ArrowLeft": self.cursor - 1, "ArrowRight": self.cursor + 1,
                "Home": 0, "End": len(self.moves)}.get(key)

    # -- the game clock's move ------------------------------------------------
    def tick(self, now: float) -> bool:
        """Play the clock's move once it has run out; True when it rang."""
        if self.clock.remaining(now) != 0.0:
            return False
        self.cursor = len(self.moves)
        self._make(cast(tuple[float, str], self.latest.clock())[1])  # it rang: a clock runs
        return True

    # -- browsing -------------------------------------------------------------
    def by_itself(self, ply: int) -> bool:
        """Whether the move at `ply` was made by itself: chance, or a game's automatic move (`turns.by_itself`)."""
        return turns.by_itself(self.states[ply], self.moves[ply])

    # -- the computer's moves, and hints -------------------------------------
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
        if (key is not None and key != self.position_key()) or self.full_message() or not self.latest.is_legal(move):
            return False
        cursor, browsing = self.cursor, self.browsing
        before, first = self.latest, len(self.moves)
        self.push(move)
        self.settle_chance()
        try:
            self.within_bound(first)
        except GameError as err:
            self.note(str(err), warn=True)
            self.computer.stopped_at = self.position_key()
            return False
        if self.following.watched is None:
            self.following.watch(first)
        elif not self.people and len(told := self.following.turns()) > 1:  # nobody plays here: the computers'
            self.following.watched = told[-1].first - 1  # game is followed a turn at a time, the last one over
            # told and outlined
        self.undoing.redo_stack.clear()
        self.cursor = cursor if browsing else len(self.moves)
        self.clicks.bot_moved(first + 1)
        if not browsing:
            owner = before.turn_of()
            if owner is not None and owner not in self.computer.bots and owner not in players_to_act(before):
                self.note(f"{self.words.describe(first + 1).rstrip('.')}.")  # its decision inside the person's turn
                # (a draw answered, Terrafex's fire played): told at once, and not again with the turn
                self.following.told = len(self.moves)
        return True

    @property
    def start(self) -> int:
        """Where play starts: after the chance moves that open the game (Ice-Turn's deal), which no player made.
        The history neither steps through them nor counts them as moves ("Move 16 of 16" before anyone moved)."""
        ply = 0
        while ply < len(self.moves) and self.states[ply].actors == (CHANCE,):
            ply += 1
        return ply

    def go(self, ply: int) -> None:
        """Show the position after `ply` moves (clamped to the game, from its start)."""
        self.cursor = max(self.start, min(len(self.moves), ply))
        self.clear_input()

    # -- turns: the game log ------------------------------------------------
    def turns(self, start: int = 0, stop: int | None = None) -> list[turns.Turn]:
        """The turns of the moves after ply `start` up to `stop` (`pyramids.turns`)."""
        return turns.turns(self.states, self.moves, start, stop)

    def turn_before(self) -> int:
        """The position before the turn on screen (or before the one just ended): where Previous turn goes."""
        return turns.turn_at(self.states, self.moves, self.cursor).first - 1 if self.cursor > self.start else self.start

    def turn_after(self) -> int:
        """The position after the next turn's last move: where Next turn goes."""
        if not self.browsing:
            return self.cursor
        return turns.turn_at(self.states, self.moves, self.cursor + 1).last

    # -- what the page shows ------------------------------------------------
    @property
    def seats(self) -> list[str]:
        """Every seat of this game (with its options), in the order they first act."""
        if "_seats" not in self.__dict__:
            self.__dict__["_seats"] = seats(self.game, self.options)
        return self.__dict__["_seats"]

    @property
    def people(self) -> list[str]:
        """The seats people play on this device: not the computer's, nor a friend's who plays by link."""
        return [seat for seat in self.seats if seat not in self.computer.bots and self.link_play.plays_here(seat)]

    def made(self) -> int:
        """How many moves the players made: not chance's (Ice-Turn's deal and dice, IceToids' tiles)."""
        return sum(state.actors != (CHANCE,) for state in self.states[:-1])

    def seat_of_move(self, ply: int) -> str | None:
        """The player who made move `ply` (from 1), or None for chance and the clock."""
        before, move = self.states[ply - 1], self.moves[ply - 1]
        actor = before.actor_of(move)
        return actor if actor in players_to_act(before) else None

