"""The game clock of a timed variant (Ice Towers' timer): when it started, the time left, what a link said of it.

The rules give a position's timer (`State.clock()`: its seconds, and the move it plays when it runs out);
the session owns the moves, this only the time.  The clock starts at the first look, and a link from Share
carries the time it had left (`left=108`), so a game played by links runs down as one at a table does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .session import Session


class Clock:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.started: float | None = None  # when the game clock began (epoch seconds)
        self.left: int | None = None  # the seconds left that a link brought: the clock runs on from them

    def remaining(self, now: float) -> float | None:
        """Seconds left on the game clock (it starts at the first look, with the time left a link brought), or
        None without one."""
        clock = self.session.latest.clock()
        if clock is None:
            return None
        if self.started is None:
            left = clock[0] if self.left is None else min(self.left, clock[0])
            self.started = now - (clock[0] - left)
        return max(0.0, clock[0] - (now - self.started))

    def deadline(self) -> float | None:
        """When the clock runs out (epoch seconds), as a save keeps it; None before it starts or without one."""
        clock = self.session.latest.clock()
        return None if clock is None or self.started is None else self.started + clock[0]

    def told(self) -> str:
        """What a player opening a timed game's link is told of its clock: the time left it brought, or that it
        starts again ('' without a running clock).  Our reading of a timer for a game played by links."""
        clock = self.session.latest.clock()
        if clock is None:
            return ""
        if self.left is None:
            return (f"The timer starts at {minutes(clock[0])}: this link does not say how much time was left "
                    "(a link from Share does).")
        return (f"The timer has {minutes(min(self.left, clock[0]))} left, as when this link was shared; "
                "it runs from now.")


def minutes(seconds: float) -> str:
    """A clock's time as the page shows it: 1:48."""
    return f"{int(seconds) // 60}:{int(seconds) % 60:02d}"
