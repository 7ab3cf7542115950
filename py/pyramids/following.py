"""The turns a person here did not make (the computer's, those a link brought), followed until the player acts.

After such moves the message tells their turns ("Blue's turn: …") and the board outlines what they changed,
until a person here acts; Replay turn shows them again.  A decision the computer makes inside a person's turn
(Terrafex's fire) is told as it comes (`told`), and not again with the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import record, turns
from .computer import NEWS_CHARS
from .core import CHANCE, players_to_act
from .views import last_marks

WHOLE_TURN = "(The Game log has the whole turn.)"  # after a turn told in part: too long for the message line

if TYPE_CHECKING:
    from .session import Session


class Following:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.watched: int | None = None  # the moves after this ply were not made by a person here (the computer's,
        # a link's): their turns are told and outlined until the player acts
        self.told = 0  # of those turns, the moves up to this ply were told as they came (before a person here
        # decided inside one, a decision the computer made inside theirs, the moves a link found saved here)

    def watch(self, ply: int | None) -> None:
        """Follow the turns after `ply` (None: none), none of them told yet."""
        self.watched, self.told = ply, 0

    def turns(self, going_on: bool = False) -> list[turns.Turn]:
        """The turns over since the player last acted that were not made by a person here: the computer's,
        or those a link brought.  The turn still running is not over: it is told only while it asks a
        person here to decide inside it (the fire the computer selected, theirs to place), so that they
        know what it did before they must, or with `going_on` once its player has acted in it (not only rolled),
        as the message line tells it while its actions are shown one by one."""
        s = self.session
        if self.watched is None or self.watched >= len(s.moves):
            return []
        found = s.turns(self.watched)
        if found and turns.running(s.states, s.moves, found[-1]) and not self._asked_inside():
            acted = any(not s.by_itself(ply - 1) for ply in found[-1].plies)
            if not (going_on and acted):
                found.pop()
        return found

    def playing(self, seat: str) -> bool:
        """Whether `seat`'s turn is being played, not a person's here: it has acted in it (not only rolled)."""
        s = self.session
        found = self.turns(going_on=True)
        return bool(found) and found[-1].seat == seat and turns.running(s.states, s.moves, found[-1])

    def _asked_inside(self) -> bool:
        """Whether a person here is to decide inside another player's running turn."""
        s = self.session
        owner, acting = s.latest.turn_of(), players_to_act(s.latest)
        return owner is not None and owner not in acting and any(seat in s.people for seat in acting)

    def person_acts(self) -> None:
        """The player acts: the turns followed so far are read, their outlines go.  Not while the player
        acts inside another's turn (places the computer's Terrafex fire): that turn is told once over."""
        latest = self.session.latest
        seat = latest.turn_of()
        if seat is None or seat in players_to_act(latest):
            self.watch(None)

    def last_turn(self) -> None:
        """A link just opened: its last turn over is told and outlined, as if made just now (a player's:
        not the deal before the game)."""
        s = self.session
        if not s.moves:
            return
        turn = turns.turn_at(s.states, s.moves, len(s.moves))
        if turns.running(s.states, s.moves, turn):
            if turn.first == 1:
                return
            turn = turns.turn_at(s.states, s.moves, turn.first - 1)
        if turn.seat is not None:
            self.watch(turn.first - 1)

    def news(self, since: int = 0, going_on: bool = False) -> str:
        """The followed turns in words (those that ended after ply `since`), for the message line and the
        live region ("Blue's turn: …"): the latest first to be kept, earlier ones while they fit.  What was
        told as it came (`told`: the turn so far, before the player decided inside it) is not told again,
        nor a turn with nothing else: "The rest of Black's turn: …".  `going_on`: the message line's, which
        tells the computer's turn as it is played ("Blue's turn so far: …"), where the live region waits for
        its end."""
        s = self.session
        said = ""
        untold: list[tuple[turns.Turn, list[int] | None]] = []
        for turn in self.turns(going_on):
            plies = [ply for ply in turn.plies if ply > self.told]
            if turn.last > since and any(s.states[ply - 1].actors == (CHANCE,) or not s.by_itself(ply - 1)
                                         for ply in plies):
                untold.append((turn, plies if len(plies) < len(turn.plies) else None))
        for turn, rest in reversed(untold[-3:]):
            so_far = going_on and turns.running(s.states, s.moves, turn) and not self._asked_inside()
            line = turns.headline(s.states, s.moves, turn, rest, so_far)
            if so_far and rest is None and len(line) > NEWS_CHARS:  # its latest actions, which the board shows
                line = turns.latest_so_far(s.states, s.moves, turn, NEWS_CHARS)
            if said and len(line) + len(said) >= NEWS_CHARS:
                break
            said = f"{line} {said}".strip()
        told = record.shorten(said, NEWS_CHARS - len(WHOLE_TURN) - 1)
        return said if len(said) <= NEWS_CHARS else f"{told} {WHOLE_TURN}"

    def replay_span(self) -> tuple[int, int] | None:
        """The plies Replay turn steps through (the position before the followed turns, then each move
        to the latest), or None when there is nothing to replay."""
        followed = self.turns()
        return (followed[0].first - 1, followed[-1].last) if followed else None

    def replay_words(self) -> str:
        """The Replay button's words: "Replay moves" where the moves followed were made with no turns running
        (Ice Towers: several players free to act), else "Replay turn"."""
        span = self.replay_span()
        free = span is not None and len(players_to_act(self.session.states[span[0]])) > 1
        return "Replay moves" if free else "Replay turn"

    def marks(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Every location the followed turns changed (the moves after `watched`), to outline."""
        s = self.session
        last: dict[str, None] = {}
        captured: dict[str, None] = {}
        for turn in self.turns():
            for ply in turn.plies:
                if ply > (self.watched or 0):
                    touched, taken = last_marks(s.states[ply - 1], s.moves[ply - 1], s.states[ply])
                    last.update(dict.fromkeys(touched))
                    captured.update(dict.fromkeys(taken))
        return tuple(last), tuple(captured)
