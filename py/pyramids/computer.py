"""The computer's seats in a game on the page: which seats it plays and how fast, when it is to move, how long
it leaves a move on screen, and the hints given.  The search itself is `ai.py`, run by the page's worker.
"""

from __future__ import annotations

import zlib
from typing import TYPE_CHECKING

from . import turns
from .core import CHANCE, players_to_act, possessive, repeated_moves, seats

if TYPE_CHECKING:
    from .session import Session

# Computer speed: times the computer's pauses (`Computer.pause`) and, in games without turns, a level's
# reaction delay.
PACES = {"slow": 1.6, "normal": 1.0, "fast": 0.5}
# How long a person needs to take in a move they did not make, at normal speed: a glance at the board for each
# action inside a turn of several (Replay turn shows each 0.6 s: one that happens, unforeseen, needs more), and
# the time to read the summary of a turn that is over: a second to look up and find the line, then about 200
# words a minute (17 characters a second), an adult reading plain prose on a screen.
STEP_S = 1.0
READ_START_S = 1.0
READ_CHARS_S = 17
NEWS_CHARS = 400  # the message line tells the turns followed in at most this many characters (`Following.news`)


def reading_time(text: str) -> float:
    """Seconds to read `text` as the message line shows it, at normal speed."""
    return READ_START_S + min(len(text), NEWS_CHARS) / READ_CHARS_S


def bots_text(bots: dict[str, str]) -> str:
    return ",".join(f"{seat}:{level}" for seat, level in bots.items())


class Computer:
    def __init__(self, session: Session, bots: dict[str, str] | None = None, pace: str = "normal") -> None:
        self.session = session
        self.bots: dict[str, str] = dict(bots or {})  # seat -> level, for the seats the computer plays
        self.pace = pace if pace in PACES else "normal"  # how soon the computer's seats act where nobody waits
        self.hints: dict[tuple[str, str], str] = {}  # (position key, seat) -> the hint given there ("": wait)
        self.stopped_at: str | None = None  # the position where a bot's move would pass record.MAX_MOVES

    def turn(self) -> tuple[str, str] | None:
        """(seat, level) when the computer is to move in a game with turns, else None.

        Games without turns (several players may act at once) give None: the
        page runs each bot seat on its own timer (`seats_acting`).
        """
        return None if self.session.browsing else self._due()

    def waits_for_browsing(self) -> bool:
        """The computer is to move at the latest position, and waits while the player looks back through the game
        (the page says so: the status of the move on screen gave no sign of it)."""
        return self.session.browsing and self._due() is not None

    def _due(self) -> tuple[str, str] | None:
        s = self.session
        if not self.bots or s.latest.outcome is not None or self.stopped():
            return None
        acting = players_to_act(s.latest)
        if len(acting) == 1 and acting[0] in self.bots:
            return acting[0], self.bots[acting[0]]
        return None

    def seats_acting(self) -> list[str]:
        """The computer's seats that may act now in a game without turns."""
        s = self.session
        if not self.bots or s.latest.outcome is not None or self.stopped():
            return []
        acting = players_to_act(s.latest)
        return [a for a in acting if a in self.bots] if len(acting) > 1 else []

    def stopped(self) -> bool:
        """The game is full, or a bot's move here was refused for taking it past the bound (no retry)."""
        return bool(self.session.full_message()) or self.stopped_at == self.session.position_key()

    def moved_last(self) -> bool:
        """Whether the computer is to move at the latest position while a person plays too (turns only): what
        Undo took back was the computer's reply, and the person's move goes with it."""
        s = self.session
        if not self.bots:
            return False
        acting = players_to_act(s.latest)
        humans = set(seats(s.game, s.options)) - set(self.bots)
        return len(acting) == 1 and acting[0] in self.bots and bool(humans)

    def waiting(self) -> str:
        """Why a person's click or move waits while the computer is to move (empty if it may act): else a
        click would move the computer's pieces, or a Resign resign for it, and its answer be dropped."""
        turn = self.turn()
        if turn is None:
            return ""
        name = self.session.latest.actor_name(turn[0])
        return (f"It is {possessive(name)} turn, and the computer plays {name}: wait for its move "
                "(Undo takes yours back).")

    def pause(self) -> float:
        """Seconds the computer leaves the latest position on screen before its next move, at the chosen pace.

        After a move nobody here made (the computer's, a link's): inside a turn
        that goes on, a glance at the board (`STEP_S`); after a turn that is
        over, the time to read what the message says of it (`reading_time` of
        the turn's summary, or of its rest where a person here made its beginning;
        in a game without turns, of the move).  After a person's own move, none:
        they know what they did; but what chance did in their turn they did not
        (IceToids' tile drawn where they moved), the time to read that.
        """
        s = self.session
        ply = len(s.moves)
        while ply > 0 and s.by_itself(ply - 1):
            ply -= 1
        if ply == 0:
            return 0.0
        if s.following.watched is None or ply <= s.following.watched:
            drawn = [p for p in turns.turn_at(s.states, s.moves, ply).plies
                     if p > ply and s.states[p - 1].actors == (CHANCE,)]
            told = " ".join(f"{turns.words(s.states[p - 1], s.moves[p - 1])}." for p in drawn)
            return reading_time(told) * PACES[self.pace] if drawn else 0.0
        turn = turns.turn_at(s.states, s.moves, ply)
        if turns.running(s.states, s.moves, turn):
            return STEP_S * PACES[self.pace]
        if s.states[turn.first - 1].turn_of() is None:  # no turns: the move, as the message says it
            told = f"{s.words.describe(ply).rstrip('.')}."
        elif turn.first <= s.following.watched:  # a person's turn that the computer ended (Terrafex's fire placed):
            rest = [p for p in turn.plies if p > s.following.watched]  # its rest, which is all the message says
            told = turns.headline(s.states, s.moves, turn, rest)
        else:
            told = turns.headline(s.states, s.moves, turn)
        return reading_time(told) * PACES[self.pace]

    def repeated_moves(self) -> list[str]:
        """The moves that brought the game round to its latest position before (the bots do not play them)."""
        return repeated_moves(self.session.states, self.session.moves)

    def hint_seed(self, seat: str) -> int:
        """The seed of the search for a hint: the position's and the seat's, so that the same position gives the
        same hint, here and on any device (where the search's time cap, not its work, ends it, a slower
        device may still find another; `hints` keeps the one given)."""
        return zlib.crc32(f"{seat} {self.session.latest.to_text()}".encode()) & 0x7FFFFFFF
