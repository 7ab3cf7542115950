"""Undo and redo: taking back a player's move with what followed it by itself, and putting it back.

Undo takes back the last player's move together with the moves that followed it by themselves (dice,
revealed tiles, a turn that ended for lack of options), and the computer's reply with the move it
answered; while browsing it takes back the move on screen and every move after it.  Redo puts back
exactly those moves (`redo_stack`, a group a turn), so undo never re-rolls a die.  Beyond the redo stack,
every chance outcome undone is kept by its chance node (`kept`) for the rest of the game, in the save too:
reaching that node again by any line of play draws the same (`Session.settle_chance` asks `drawn_again`),
so no die and no tile can be fished for.  A move a friend answered by link is theirs to take back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import record
from .core import CHANCE, counted

if TYPE_CHECKING:
    from .session import Session


REPLY_TAKEN_BACK = "Took back the computer's reply and your move before it; Redo puts them back."


class Undoing:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.redo_stack: list[list[str]] = []  # the groups Undo took back, the last one first to come back
        self.kept: dict[str, str] = {}  # chance node -> the outcome drawn there, then undone: drawn again there

    def can_undo(self) -> bool:
        s = self.session
        return any(not s.by_itself(i) for i in range(len(s.moves))) and not self._answered_by_friend()

    def _answered_by_friend(self) -> str | None:
        """Play by link: the friend who moved in what Undo would take back (`LinkPlay.answered_by_friend`)."""
        s = self.session
        return s.link_play.answered_by_friend(s.cursor if s.browsing else self._last_undone_from())

    def _last_undone_from(self) -> int:
        """The first ply Undo takes back when not browsing: the last person's move (with the bot's reply)."""
        s = self.session
        ply = len(s.moves)
        while ply > 0 and s.by_itself(ply - 1):
            ply -= 1
        return ply

    def undo_title(self) -> str:
        """What Undo will do, for its tooltip: while browsing it acts on the move on screen."""
        s = self.session
        friend = self._answered_by_friend()
        if friend:
            return f"{friend} played after that move, by link: only your own moves not yet answered can be taken back"
        if not s.browsing:
            return "Take back the last move"
        if s.cursor <= s.start:
            return "Take back every move (you are looking at the start)"
        later = len(s.moves) - s.cursor
        return (f"Take back move {s.cursor - s.start}, the one on screen, and the {later} after it "
                f"(Redo puts {'it' if later == 0 else 'them'} back)")

    def undo(self) -> None:
        """Take back the last player move and the chance moves that followed it.

        While browsing, Undo acts on the position on screen: it takes back the
        move shown and every move after it, so play goes on from the position
        before it; Redo puts them back one turn at a time.
        """
        s = self.session
        friend = self._answered_by_friend()
        if friend:
            return s.clear_input(f"{friend} has already played after that move, by link, so it cannot be taken "
                                 f"back here. Play on, or ask {friend} to take their move back and send the link.")
        s.following.watch(None)
        if s.browsing:
            return self._undo_to(s.cursor)
        return self._undo_last()

    def _undo_to(self, ply: int) -> None:
        s = self.session
        total, target = len(s.moves), max(0, ply - 1)
        while len(s.moves) > target and self.can_undo():
            self._undo_last()
        taken, first = total - len(s.moves), len(s.moves) + 1 - s.start
        s.clear_input(f"Took back move {first}; Redo puts it back." if taken == 1 else
                      f"Took back {counted(taken, 'move')}, from move {first} on; Redo puts them back.", warn=False)

    def _undo_last(self) -> None:
        s = self.session
        if not self.can_undo():
            return s.clear_input("There is no move to take back.")
        group, replied = self._take_back(), False
        while s.computer.moved_last() and self.can_undo():  # the bot's reply and the player's move together
            group, replied = self._take_back() + group, True
        self.redo_stack.append(group)
        s.cursor = len(s.moves)
        s.clear_input(REPLY_TAKEN_BACK if replied else "", warn=False)  # two moves gone at once: said
        return None

    def _take_back(self) -> list[str]:
        """Remove the last player move and the moves made by themselves after it; return them."""
        s = self.session
        group: list[str] = []
        while True:
            ply = len(s.moves) - 1
            chance = s.by_itself(ply)
            if s.states[ply].actors == (CHANCE,):
                self.kept.pop(key := self._chance_key(ply), None)  # the latest undone last
                self.kept[key] = s.moves[ply]
                while len(self.kept) > record.MAX_MOVES:
                    del self.kept[next(iter(self.kept))]
            group.insert(0, s.moves.pop())
            s.states.pop()
            if not chance:
                return group

    def redoes(self, move: str) -> bool:
        """Whether `move` is the first of the moves Redo puts back: made again, it brings back the same dice
        and draws."""
        return bool(self.redo_stack) and self.redo_stack[-1][0] == move.strip()

    def redo(self) -> None:
        s = self.session
        s.following.watch(None)
        if not self.redo_stack:
            return s.clear_input("There is no move to redo.")
        if len(s.moves) + len(self.redo_stack[-1]) > record.MAX_MOVES:
            return s.clear_input(s.full_message() or "Redo would take the game past "
                                 f"{record.MAX_MOVES:,} moves, the most a game can hold.")
        for move in self.redo_stack.pop():
            s.push(move)
        s.cursor = len(s.moves)
        s.clear_input()
        return None

    # -- chance undone, drawn again ----------------------------------------
    def drawn_again(self, ply: int) -> str | None:
        """The outcome drawn at the chance node at `ply` and then undone: it is drawn there again (None when
        that node has not been undone)."""
        return self.kept.get(self._chance_key(ply))

    def _chance_key(self, ply: int) -> str:
        """Names the chance node at `ply`: the game's key (IceToids' cell), else the position and its ply
        (the same position later in the game is another throw of the dice)."""
        state = self.session.states[ply]
        return state.chance_key() or f"{ply}:{state.to_text()}"

    def keep_chance(self, saved: dict) -> None:
        """Take the chance outcomes a save kept (also when a link brings its game up to date)."""
        self.kept = _kept(saved.get("chance"))


def _kept(stored) -> dict[str, str]:
    """A save's chance outcomes kept by node; entries that are not text are left out (a node whose
    outcome is lost draws anew, as if never reached)."""
    if not isinstance(stored, dict):
        return {}
    kept = [(k, v) for k, v in stored.items() if isinstance(k, str) and isinstance(v, str)]
    return dict(kept[-record.MAX_MOVES:])
