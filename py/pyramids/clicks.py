"""Clicks to moves: what the player has selected on the board, what that lights, and the move a click makes.

A click asks the rules (`State.guide`) what the locations clicked so far begin: a selection with its targets
lit, a choice between moves (a stack's place, promote or not), or a move, which the session makes
(`Session.play`); a refused click is answered in the rules' words.  Where several may act at once (a game
without turns) the player acts as one seat (`actor`), and a computer's move that changed the board just
before a click (`changed`) is named when the click misses.  What the board marks (the selection, what it
lights, the last move) and what a click on each lit location would do to the tally (`previews`) are
worked out here too.

A lesson steers the clicks (`steer`, set by `learn.LessonSession`): a click the rules allow is refused in
the step's words where it begins none of the moves the step asks for.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from .core import AGREEMENT_MOVES, GameError, Guidance, either, players_to_act
from .svg import Marks
from .views import last_marks

if TYPE_CHECKING:
    from .session import Session


def rules_alone(selection: tuple[str, ...]) -> str:
    """No steering: every click the rules allow goes on ('' is no reason to refuse it)."""
    return ""


class Clicks:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.actor: str | None = None  # who the player acts as, where several may act
        self.selection: tuple[str, ...] = ()
        self.targets: tuple[str, ...] = ()
        self.choices: tuple[str, ...] = ()
        self.hinted: str | None = None  # the move a hint names, lit among the choices it leads to
        self.changed: dict[str, tuple[int, str]] = {}  # location -> (ply, move) of a bot's move since the last click
        # why a click the rules allow is refused all the same ('' where the rules alone judge): a lesson's step
        self.steer: Callable[[tuple[str, ...]], str] = rules_alone
        # (position and selection, the previews found, the locations left to work out)
        self._previewed: tuple[tuple, dict[str, str], list[str]] | None = None

    @property
    def pending(self) -> bool:
        """A selection or a choice is open: the player is in the middle of a move."""
        return bool(self.selection or self.choices)

    @property
    def lit(self) -> bool:
        """Something is selected, lit or offered: the message speaks of it (a click's, a hint's, Show me's)."""
        return bool(self.selection or self.targets or self.choices)

    def clear(self) -> None:
        """Nothing selected, lit or offered (the message is the session's: `Session.clear_input`)."""
        self.selection, self.targets, self.choices, self.hinted = (), (), (), None

    def light(self, selection: tuple[str, ...], targets: tuple[str, ...], choices: tuple[str, ...] = ()) -> None:
        """Show `selection` as selected, with its `targets` lit or its `choices` offered (a hint, Show me)."""
        self.selection, self.targets, self.choices = selection, targets, choices

    def click(self, cells: str | list[str]) -> None:
        """A click on a board location: select, show targets, or complete a move.

        Where locations nest (a piece inside a tower), `cells` lists them
        innermost first and the first one the rules can use is taken.
        """
        s = self.session
        candidates = [cells] if isinstance(cells, str) else list(cells)
        state, hinted, self.hinted = s.state, self.hinted, None
        changed, self.changed = self._changed_under(candidates), {}
        s.following.person_acts()
        if s.browsing:
            return s.clear_input(s.words.browsing_message())
        if state.outcome is not None:
            return s.clear_input(f"The game is over. {state.outcome.reason}")
        if s.full_message():
            return s.clear_input(s.full_message())
        waiting = s.words.others_to_move()
        if waiting:
            return s.clear_input(waiting)
        if self.selection and self.selection[-1] in candidates:
            if self.choices and not self.targets:  # the move's last place again (a hint's target, which shows
                # its choices at once): the choice is still to make, not the move dropped
                self.hinted = hinted
                return s.note(f"Now choose: {either([state.label(m) for m in self.choices])}.")
            return s.clear_input()
        guidance = self._first_ok(self.selection, candidates)
        if not guidance.ok and self.selection:
            fresh = self._first_ok((), candidates)
            if fresh.ok:
                guidance = fresh
        if not guidance.ok:
            return s.clear_input(changed or s.words.not_played_here(state.owner(candidates[0])) or guidance.message)
        if guidance.moves and not guidance.targets:
            if len(guidance.moves) == 1:
                return self._try(guidance.moves[0])
            self.light(guidance.selection, (), guidance.moves)
        else:
            self.light(guidance.selection, guidance.targets, guidance.moves)
        s.note(guidance.message)
        return None

    def _changed_under(self, candidates: list[str]) -> str:
        """Why a click may have missed: the computer's move changed what was under it just before it landed
        (in a game without turns a bot acts whenever it likes); '' if no such move did."""
        s = self.session
        for ply, move in sorted(set(self.changed.values()), reverse=True):
            if ply > len(s.moves) or s.moves[ply - 1] != move:
                continue  # taken back since
            places = [loc for loc, made in self.changed.items() if made == (ply, move)]
            if any(cell == loc or cell.startswith(loc + ".") for cell in candidates for loc in places):
                return (f"The board changed just before you chose: {s.words.describe(ply).rstrip('.')}. "
                        "Look again, then choose.")
        return ""

    def _first_ok(self, selection: tuple[str, ...], candidates: list[str]) -> Guidance:
        """The guidance for the first candidate that extends `selection` (where nothing steers it away), else
        the first the rules allow, refused in `steer`'s words, else the innermost's."""
        state = self.session.state
        answers = [state.guide(selection + (cell,), self.actor) for cell in candidates]
        steered: Guidance | None = None
        for guidance in answers:
            if guidance.ok:
                why = self.steer(guidance.selection)
                if not why:
                    return guidance
                steered = steered or Guidance(guidance.selection, message=why, ok=False)
        return steered or answers[0]

    def cancel(self) -> None:
        """Esc: drop the selection and any choice still open."""
        if self.pending:
            self.session.clear_input("Selection cancelled.", warn=False)

    def choose(self, move: str) -> None:
        """Pick one of the offered `choices` (e.g. promote or not)."""
        if move not in self.choices:
            return self.session.clear_input("That choice is no longer on offer.")
        return self._try(move)

    def _try(self, move: str) -> None:
        try:
            self.session.play(move)
        except GameError as err:
            self.session.clear_input(str(err))

    def act_as(self, seat: str | None) -> None:
        """Act as `seat` (None: any colour, the piece chosen deciding) where several may act at once; refused
        in words for a seat the computer or a friend plays, and "any colour" while some are theirs."""
        s = self.session
        if seat is None and len(s.people) < len(s.seats):
            return s.clear_input(f"You act for {s.words.names(s.people)}: choose which.")
        if why := s.words.not_played_here(seat):
            return s.clear_input(why)
        self.actor = seat
        return s.clear_input()

    def fit_actor(self) -> None:
        """Whom a person acts as where several may act at once: any colour while every one is played here,
        else the first of their own (none of the computer's or a friend's)."""
        s = self.session
        if len(players_to_act(s.states[0])) > 1 and len(s.people) < len(s.seats) and self.actor not in s.people:
            self.actor = s.people[0] if s.people else None

    def show_hint(self, move: str) -> None:
        """Light `move` on the board, as if its first cells were clicked: clicking its target plays it.  Where its
        last click asks a choice (a stack's place, who splits), the choices are offered, the hint's lit."""
        s = self.session
        cells = s.state.path(move)
        guidance = s.state.guide(cells, self.actor)
        if len(guidance.moves) > 1 and not guidance.targets and move in guidance.moves:
            self.light(cells, (), guidance.moves)
        else:
            self.light(cells[:-1], cells[-1:])
        s.note(f"Hint: {s.state.describe(move).rstrip('.')}.")
        self.hinted = move

    def bot_moved(self, ply: int) -> None:
        """The computer's move `ply` landed, the player perhaps mid-click (a game without turns, where both may
        act at once): the locations it changed are kept (a click on one may have missed), and unless the player
        is browsing, their selection is kept while the rules still allow it, its targets worked out again, so
        that a choice half made is not lost to every move of the others; else it goes, saying what changed."""
        s = self.session
        last, captured = last_marks(s.states[ply - 1], s.moves[ply - 1], s.states[ply])
        self.changed.update(dict.fromkeys(last + captured, (ply, s.moves[ply - 1])))
        if s.browsing:
            return
        if not self.selection:
            return s.clear_input()
        guidance = s.state.guide(self.selection, self.actor)
        if guidance.ok and (guidance.targets or guidance.moves):
            self.targets, self.choices = guidance.targets, guidance.moves
            return None
        return s.clear_input(f"The board changed before you chose: {s.words.describe(ply).rstrip('.')}. Choose again.")

    # -- what the board shows -------------------------------------------------
    def marks(self) -> Marks:
        """What the board marks: the selection, what it lights, and what the last move (or the turns followed)
        changed."""
        s = self.session
        last: tuple[str, ...] = ()
        captured: tuple[str, ...] = ()
        targets = self.targets or self._asked()
        if not s.browsing and s.following.turns():
            last, captured = s.following.marks()
            return Marks(self.selection, targets, last, captured)
        ply = s.cursor  # the last move that changed the board: not chance's, nor a draw offered or answered
        while ply > 0 and (s.by_itself(ply - 1) or s.moves[ply - 1] in AGREEMENT_MOVES):
            ply -= 1
        if ply > 0:
            last, captured = last_marks(s.states[ply - 1], s.moves[ply - 1], s.states[ply])
        return Marks(self.selection, targets, last, captured)

    def previews(self, seconds: float | None = None) -> dict[str, str]:
        """What a click on each location would do to the game's tally (`State.preview`), where that click
        makes a move: the lit targets, or with nothing selected the locations a single click acts on (a
        Terrafex forest grows when clicked).  For the locations' names and the line hovering shows; worked
        out once per position and selection (the board and the panel both ask).  With `seconds`, only as
        many as that allows now (0: those worked out so far), the others at the next calls (`previews_left`):
        each is the move played, and a six-player Ice Towers table lights dozens of towers, which must not
        hold the click's frame."""
        s = self.session
        key = self._preview_key()
        if self._previewed is None or self._previewed[0] != key:
            state = s.state
            cells: tuple[str, ...] = ()
            if not (self.choices or s.browsing or state.outcome is not None or s.words.others_to_move()) \
                    and state.tallied():
                cells = self.targets or self._asked() or (() if self.selection else state.guide((), self.actor).targets)
            self._previewed = (key, {}, list(cells))
        _, found, left = self._previewed
        until = None if seconds is None else time.perf_counter() + seconds
        state = s.state
        while left and (until is None or time.perf_counter() < until):
            cell = left.pop(0)
            guidance = state.guide(self.selection + (cell,), self.actor)
            if guidance.moves and not guidance.targets:
                said = {state.preview(move) for move in guidance.moves}
                if len(said) == 1 and (words := said.pop()):
                    found[cell] = words
        return found

    def previews_left(self) -> bool:
        """Whether `previews` has locations still to work out for the position and selection on screen."""
        previewed = self._previewed
        return previewed is None or previewed[0] != self._preview_key() or bool(previewed[2])

    def _preview_key(self) -> tuple:
        """What the previews depend on: the position on screen and the selection."""
        s = self.session
        return len(s.moves), s.cursor, self.selection, self.targets, self.actor

    def _asked(self) -> tuple[str, ...]:
        """The squares of a one-click decision the position asks of a person here (Terrafex's fire), lit
        before any click; none while the computer or a friend by link makes it, so no tap is invited."""
        s = self.session
        state = s.state
        if self.selection or s.browsing or state.outcome is not None or s.words.others_to_move():
            return ()
        return state.asked_cells()
