"""The game in words, as the page says it: the status line, the result, each move, what a link brought, and why
a person here may not act just now.

The rules say each position and move (`State.prompt`, `State.words`, `Outcome.reason`); this says the game on
the page: whose seats are played here, by the computer or by a friend by link, and the ply on screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Collection

from . import record, turns
from .core import CHANCE, State, listing, players_to_act

if TYPE_CHECKING:
    from .session import Session


class Words:
    def __init__(self, session: Session) -> None:
        self.session = session

    def describe(self, ply: int) -> str:
        """The move that made ply `ply`, in words (its notation, should a game's words fail: a bug)."""
        s = self.session
        before, move = s.states[ply - 1], s.moves[ply - 1]
        try:
            return before.words(move)
        except Exception:  # noqa: BLE001 - the move list must show every move
            return move

    def move_of(self) -> str:
        """Which move the position on screen is after, counted from the game's start: "2 of 6"."""
        s = self.session
        return f"{s.cursor - s.start} of {len(s.moves) - s.start}"

    def on_screen(self) -> str:
        """The move on screen while browsing, with where it stands: "Move 2 of 6: Black medium c7 to a7."."""
        s = self.session
        return (f"Move {self.move_of()}: "
                + (self.describe(s.cursor).rstrip(".") if s.cursor > s.start else "the start") + ".")

    def moves_in_words(self, first: int, stop: int | None = None) -> str:
        """The moves after ply `first` (up to ply `stop`) in words, as sentences: the message after a move
        (`turns.said`)."""
        s = self.session
        stop = len(s.moves) if stop is None else stop
        return turns.said(s.states[:stop + 1], s.moves[:stop], first)

    def result(self) -> str:
        """The result as a short line for the move list and the end panel ("1-0", "Red wins"); '' while it runs."""
        s = self.session
        outcome = s.latest.outcome
        if outcome is None:
            return ""
        names = [s.latest.actor_name(w) for w in outcome.winners]
        if s.game.alternating:
            first = s.states[0].actors[0] if s.states[0].actors else None
            score = "½-½" if outcome.draw else ("1-0" if outcome.winners == (first,) else "0-1")
            return f"{score} " + ("Draw" if outcome.draw else f"{names[0]} wins")
        if outcome.draw:
            return "Draw"
        return listing(names) + (" win" if len(names) > 1 else " wins")

    def status(self) -> str:
        """One line: whose turn it is, or how the game ended; "Your move" or "Waiting for White" when the
        player plays only some seats here (the others play by link)."""
        s = self.session
        state = s.state
        mine = s.link_play.mine
        if not mine or s.browsing or state.outcome is not None:
            return status_of(state, s.people)
        acting = players_to_act(state)
        if any(seat in mine for seat in acting):
            asked = state.prompt(s.people)
            return "Your move." + (f" {asked}" if asked else "")
        return f"Waiting for {self.names(acting)}." if acting else status_of(state)

    def sitting(self) -> str:
        """Who plays which seat, said as a new game begins where not every seat is played here: "You play White;
        the computer plays Black (Medium)."; "" for a game whose every seat is played here."""
        s = self.session
        name = s.latest.actor_name
        bots = [f"{name(seat)} ({level.capitalize()})" for seat, level in s.computer.bots.items()]
        by_link = [name(seat) for seat in s.seats if seat not in s.computer.bots and not s.link_play.plays_here(seat)]
        if not (bots or by_link):
            return ""
        people = [name(seat) for seat in s.people]
        said = [f"You play {listing(people)}" if people else "The computer plays every seat"]
        if bots and people:
            said.append(f"the computer plays {listing(bots)}")
        if by_link:
            said.append(f"{listing(by_link)} {'plays' if len(by_link) == 1 else 'play'} by link (Share sends it)")
        return "; ".join(said) + "."

    def names(self, seats) -> str:
        """The seats' names, joined: "Black and Red", "Red, Yellow and Blue"."""
        return listing([self.session.latest.actor_name(seat) for seat in seats])

    def summary_since(self, since: int) -> str:
        """What happened after ply `since`, in words, for a link that brings a saved game up to date:
        "Black small e6 to f5. White small e4 to g6, capturing Black's small on f5." (each player's
        moves together, a long run as its count and last move; chance's left to the move list)."""
        s = self.session
        said: list[tuple[str, list[int]]] = []
        for ply in range(since + 1, len(s.moves) + 1):
            seat = s.seat_of_move(ply)
            if seat is None:
                continue
            if said and said[-1][0] == seat:
                said[-1][1].append(ply)
            else:
                said.append((seat, [ply]))
        parts: list[str] = []
        for seat, plies in said:
            if len(plies) <= 4:
                parts += [self.describe(ply).rstrip(".") for ply in plies]
            else:
                parts.append(f"{s.latest.actor_name(seat)} made {len(plies)} moves, the last: "
                             f"{self.describe(plies[-1]).rstrip('.')}")
        return record.shorten(". ".join(parts) + ".", 200) if parts else ""

    # -- why a person here may not act now -------------------------------------
    def others_to_move(self) -> str:
        """Why the person here cannot act now, the friends who play by link or the computer being to move
        ('' when they may act): their clicks are refused, and nothing on the board invites one."""
        return self.session.link_play.waiting() or self.session.computer.waiting()

    def not_played_here(self, seat: str | None) -> str:
        """Why a person here may not act for `seat` in a game without turns: the computer plays it, or a friend
        by link ('' for their own seats, and for anyone's in games with turns, where the turn says whose)."""
        s = self.session
        if seat not in s.seats or seat in s.people or len(players_to_act(s.latest)) < 2:
            return ""
        name = s.latest.actor_name(seat)
        if seat in s.computer.bots:
            return f"The computer plays {name}: only it acts for {name}. You act for {self.names(s.people)}."
        return f"A friend plays {name}, by link: only they act for {name}. You act for {self.names(s.people)}."

    def browsing_message(self) -> str:
        """Why no move can be made while browsing the history."""
        s = self.session
        return (f"You are looking at move {s.cursor} of {len(s.moves)}. "
                "Press End (or Last) to return to the game.")


def status_of(state: State, people: Collection[str] | None = None) -> str:
    """The status line of any position of the game (My games shows the latest), asking `people`, the seats
    played here (None: every seat), what to do (`State.prompt`)."""
    outcome = state.outcome
    if outcome is not None:
        if outcome.draw:
            return f"Draw. {outcome.reason}"
        names = listing([state.actor_name(w) for w in outcome.winners])
        return f"{names} {'wins' if len(outcome.winners) == 1 else 'share the win'}. {outcome.reason}"
    asked = state.prompt(people)
    if asked:
        return asked
    clock = state.clock()
    ringer = state.actor_of(clock[1]) if clock else None  # the clock is not a player
    actors = [state.actor_name(a) for a in state.actors if a not in (CHANCE, ringer)]
    if not actors:  # a die to roll or a tile to draw: what the page does by itself, seen only while browsing
        outcomes = state.chance_outcomes()
        return f"Next: {(state.chance_name(outcomes[0][0]) if outcomes else 'chance').lower()}."
    if len(actors) == 1:
        return f"{actors[0]} to move."
    return "No turns: " + ", ".join(actors) + " may act at any moment."


def thinking(name: str, playing: bool = False, chosen: bool = False) -> str:
    """The status while the computer searches for `name`'s seat: "Black (computer) is thinking…", and for a seat
    named with its number, "Red (P1, computer) is thinking…" rather than two brackets in a row; `playing`, once its
    turn's actions are being shown one by one: "Blue (computer) is playing its turn…"; `chosen`, once its move is
    chosen and the last turn is left on screen to be read (up to half a minute: "thinking" all that time made the
    computer seem slow): "Blue (computer) has chosen its move: it waits while you read the last turn…"."""
    computer = f"{name[:-1]}, computer)" if name.endswith(")") else f"{name} (computer)"
    if playing:
        return f"{computer} is playing its turn…"
    if chosen:
        return f"{computer} has chosen its move: it waits while you read the last turn…"
    return f"{computer} is thinking…"
