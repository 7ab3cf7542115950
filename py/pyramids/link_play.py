"""Play by link: a friend far away plays the seats not played on this device, each move sent as a link.

Which seats are played here (`mine`, saved with the game, never in a link), whom Share's link goes to, why
a click waits for a friend, the moves Undo may not take back (a friend answered them), the moves a link
brought (`unseen`, marked until the player answers), and the compact link Share hands out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import record
from .core import players_to_act

if TYPE_CHECKING:
    from .session import Session


class LinkPlay:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.mine: tuple[str, ...] = ()  # the seats played on this device (saved with it, never in a link); () = all
        self.unseen: int | None = None  # a link brought the game up to date: the moves after this ply are new
        # (move, its compact digits) for the compact link, kept as moves are made
        self.packed: list[tuple[str, str]] = []

    def choose(self, seats) -> None:
        """The seats played on this device; none, or all of them, means every seat is played here."""
        s = self.session
        chosen = tuple(seat for seat in s.seats if seat in seats)
        self.mine = () if len(chosen) in (0, len(s.seats)) else chosen
        s.clicks.fit_actor()

    def plays_here(self, seat: str) -> bool:
        """Whether `seat` is played on this device (every seat, when none is chosen)."""
        return not self.mine or seat in self.mine

    @property
    def perspective(self) -> str | None:
        """The seat the board is seen from: the player's, when they play one seat here."""
        return self.mine[0] if len(self.mine) == 1 else None

    def send_to(self) -> str | None:
        """Whom the link should go to: the players to act next who do not play on this device."""
        s = self.session
        if not self.mine or s.latest.outcome is not None:
            return None
        others = [seat for seat in players_to_act(s.latest) if seat not in self.mine]
        return s.words.names(others) if others else None

    def waiting(self) -> str:
        """Why a click does nothing while the friends who play by link are to move (empty if it may act)."""
        s = self.session
        acting = players_to_act(s.state)
        if not self.mine or not acting or any(seat in self.mine for seat in acting):
            return ""
        return (f"Waiting for {s.words.names(acting)}: send them the link with Share, and open the link they send "
                "back. (To play every side here, start a new game with them all ticked.)")

    def answered_by_friend(self, first: int) -> str | None:
        """The name of a friend (a seat played elsewhere) who moved after ply `first`, in what Undo would take back.

        Only the player's own moves that no friend has answered can be taken
        back here: the friend's moves are theirs, and they have seen ours.
        """
        s = self.session
        if not self.mine:
            return None
        for ply in range(max(1, first), len(s.moves) + 1):
            seat = s.seat_of_move(ply)
            if seat is not None and seat not in self.mine and seat not in s.computer.bots:
                return s.latest.actor_name(seat)
        return None

    def share_link(self, now: float | None = None) -> str:
        """The shortest link to the game: what Share hands out; in a timed game, with the time left at `now`
        (``left=108``), so that a game played by links runs down as one at a table does."""
        s = self.session
        rec = s.record()
        left = None if now is None else s.clock.remaining(now)
        if left is not None:
            rec = record.Record(rec.game, rec.options, rec.moves, {**rec.view, "left": str(int(left))})
        readable = record.encode(rec)
        digits = record.pack(rec) if record.agreed(s.moves) else self._packed_digits()
        compact = record.encode_compact(rec, digits)
        return compact if len(compact) < len(readable) else readable

    def _packed_digits(self) -> str:
        """The moves' compact digits; only moves made since the last call are packed."""
        s = self.session
        kept = 0
        while kept < min(len(self.packed), len(s.moves)) and self.packed[kept][0] == s.moves[kept]:
            kept += 1
        del self.packed[kept:]
        for ply in range(kept, len(s.moves)):
            self.packed.append((s.moves[ply], record.pack_move(s.states[ply], s.moves[ply])))
        return "".join(digits for _, digits in self.packed)
