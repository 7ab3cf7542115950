"""Learn to play: a short guided game on the real board, one idea a step, the real rules judging every click.

A lesson is data (`pyramids.lessons`, one module per game): for each step the position
(`Game.from_text`, or the one the last step left), what can be done now and why, the moves
the step asks for, and what happened once one is made.  No rule lives here: the clicks go
through a `Session` (`State.guide`, `State.play`), so an illegal click is answered by the
rules' own words, and a legal one that leads elsewhere by the lesson's.  Chance and the
other side's answers are moves the lesson names, so a lesson plays the same every time.

The page (py/screen/learn.py) shows the `Tutor`'s session on the board in place of the
player's game, which it leaves untouched: a lesson is never saved and never in the link.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from importlib import import_module

from . import games
from .core import CHANCE, GameError, State, players_to_act, seats
from .markup import escape
from .session import Session
from .undoing import Undoing
from .words import Words


@dataclass(frozen=True)
class Step:
    """One idea: what to try and why, the moves that do it, and what they did.

    `expect` are patterns (``*`` for any text) over the legal moves, any of which the
    step accepts; none makes a step of words only.  `position` starts the step from
    a position of its own (else from where the last step left the game); `before`
    are moves made by themselves as the step begins (the other side's turn, the
    dice), `then` those right after the player's move (a tile the move revealed).
    `wrong` answers a click the rules allow that leads to none of them.
    """

    title: str
    say: str
    expect: tuple[str, ...] = ()
    done: str = ""
    position: str = ""
    before: tuple[str, ...] = ()
    then: tuple[str, ...] = ()
    wrong: str = ""


@dataclass(frozen=True)
class Lesson:
    """A game's guided first game: its steps, and the words that send the player to a real game."""

    game: str
    steps: tuple[Step, ...]
    finish: str
    seat: str = ""  # the seat the player plays: the computer takes the others in the game offered at the end
    options: dict = field(default_factory=dict)


SHOWN_NAMED = 6  # Show me names the locations it lights, up to this many


def lesson(game_id: str) -> Lesson:
    """The lesson of a game (`KeyError` for a game without one)."""
    games.entry(game_id)  # a readable KeyError for a game that does not exist
    return import_module(f"{__package__}.lessons.{game_id.replace('-', '_')}").LESSON


class LessonSession(Session):
    """The board of a lesson: a `Session` whose moves are the step's, judged by the rules and then the step.

    A click the rules allow but that leads away from every move the step asks for is refused
    with the step's words (`_off_step` steers the clicks); chance acts only as the lesson says
    (`Tutor`), never at random; Undo and Redo only say that a lesson goes forward (`ForwardOnly`).
    """

    def __init__(self, tutor: "Tutor", start: State):
        self.tutor = tutor
        self.begin(start.game.id, dict(start.options), None, start=start)
        self.clicks.steer = self._off_step
        self.undoing = ForwardOnly(self)
        if len(players_to_act(start)) > 1:  # no turns (Ice Towers): the player acts as the lesson's seat
            self.clicks.actor = tutor.lesson.seat or None
            self.words = LessonWords(self)

    def expected(self) -> list[str]:
        """The legal moves the step asks for at the latest position (none once it is made)."""
        return self.tutor.expected()

    def _off_step(self, selection: tuple[str, ...]) -> str:
        """Why clicks the rules allow are refused all the same: they begin none of the moves the step asks for
        ('' when they begin one)."""
        state = self.state
        if any(path[:len(selection)] == selection for move in self.expected() for path in state.paths(move)):
            return ""
        return self.tutor.elsewhere()

    def play(self, move: str) -> None:
        if self.tutor.made or move.strip() not in self.expected():
            raise GameError(self.tutor.elsewhere())
        first = len(self.moves)
        super().play(move)
        # another seat's turn after it is told and outlined as the computer's is, not in the move's words
        self.note(self.words.moves_in_words(first, self.tutor.moved()))

    def settle_chance(self) -> None:
        """Moves the page makes by itself (a Terrafex turn's end); chance waits for the lesson's outcome."""
        while self.latest.outcome is None and self.latest.actors != (CHANCE,):
            move = self.latest.automatic_move()
            if move is None:
                return
            self.push(move)


class LessonWords(Words):
    """A lesson's words where several act at once: the other seats are the lesson's, so a click on their pieces
    is refused as theirs, not answered "act as Yellow to move it" (a game's way, which a lesson has no control
    for)."""

    def not_played_here(self, seat: str | None) -> str:
        s = self.session
        mine = s.clicks.actor
        if seat is None or seat == mine or seat not in s.seats or mine is None:
            return ""
        return (f"In this lesson you play {s.latest.actor_name(mine)}; {s.latest.actor_name(seat)}'s moves are the "
                "lesson's.")


class ForwardOnly(Undoing):
    """A lesson's Undo and Redo: a lesson goes forward only (a step is started again instead)."""

    def undo(self) -> None:
        self.session.clear_input("A lesson goes forward only: Start the step again to try it afresh.")

    redo = undo


class Tutor:
    """A lesson being played: the step on screen, whether its move is made, and the board (`session`)."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.game = games.get(lesson.game)
        self.index = 0
        self.made = False  # the step's move is made: its words say what happened, Continue leads on
        self.session = LessonSession(self, self.game.new(**lesson.options))
        self._begin()

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def over(self) -> bool:
        """The last step is done: the page offers a real game."""
        return self.index == len(self.lesson.steps) - 1 and (self.made or not self.step.expect)

    def _begin(self) -> None:
        """The step's position and the moves made before it is the player's turn."""
        step = self.step
        if step.position:
            self.session = LessonSession(self, self.game.from_text(step.position))
        s = self.session
        self.made = False
        first = len(s.moves)
        self._push_all(step.before)
        s.clear_input()
        if len(s.moves) > first:
            s.following.watched = first  # told and outlined like the computer's turn, until the player acts
        s.cursor = len(s.moves)

    def _push_all(self, moves: tuple[str, ...]) -> None:
        s = self.session
        for move in moves:
            s.push(move)
            s.settle_chance()

    def moved(self) -> int | None:
        """The step's move is made (the board's session made it), and what follows it by itself: another
        seat's turn (Ice-Turn's Blue) told and outlined like the computer's in a game, from the ply returned
        (None where none follows)."""
        s, self.made = self.session, True
        first = len(s.moves)
        self._push_all(self.step.then)
        s.cursor = len(s.moves)
        if any(s.seat_of_move(ply) not in (None, self.lesson.seat) for ply in range(first + 1, len(s.moves) + 1)):
            s.following.watch(first)
            return first
        return None

    def expected(self) -> list[str]:
        """The legal moves of the latest position that the step asks for."""
        if self.made or not self.step.expect:
            return []
        state = self.session.latest
        return [m for m in state.legal_moves() if any(fnmatchcase(m, p) for p in self.step.expect)]

    def elsewhere(self) -> str:
        """Why a click the rules allow is refused: the step asks for something else."""
        if self.made or not self.step.expect:
            return "Press Continue for the next step." if not self.over else "The lesson is over."
        return self.step.wrong or ("The rules allow that, but this step asks for something else: read it again, "
                                   "or press Show me.")

    def next(self) -> None:
        """Continue: the next step (a step of words only, or one whose move is made)."""
        if self.step.expect and not self.made:
            raise GameError("First make the move this step asks for (Show me lights it).")
        if self.index + 1 < len(self.lesson.steps):
            self.index += 1
            self._begin()

    def again(self) -> None:
        """Start this step again: its position as it began (a step that goes on from the last one replays
        the lesson up to it)."""
        index = self.index
        self.index, self.session = 0, LessonSession(self, self.game.new(**self.lesson.options))
        self._begin()
        while self.index < index:
            step = self.step
            if step.expect:
                self.session.play(self.expected()[0])
            self.index += 1
            self._begin()

    def show(self) -> None:
        """Show me: light the next click of a move the step asks for (its choice, when one is left).  Inside a
        move its words keep what the rules said that move asks next (a Terrafex split: the square the
        glacier leaves counts as empty), which the lit locations' names, what they hold now, do not say."""
        s = self.session
        moves = self.expected()
        if not moves:
            return s.note(self.elsewhere())
        state, selection = s.state, s.clicks.selection
        if s.clicks.choices:
            wanted = [m for m in s.clicks.choices if m in moves]
            if wanted:
                return s.note(f"Choose: {state.label(wanted[0])}.")
        paths = [p for m in moves for p in state.paths(m)
                 if p[:len(selection)] == selection and len(p) > len(selection)] if selection else []
        if not paths:  # from the start: each move's shortest way (a Terrafex mountain's square, not the pool's), the
            # first of equals (an IceToids piece, not also the tile under it)
            selection, paths = (), [min(state.paths(m), key=len) for m in moves]
        after = tuple(dict.fromkeys(p[len(selection)] for p in paths))
        s.clicks.light(selection, after)
        asked = state.guide(selection, s.clicks.actor).message if selection else ""
        if len(after) > SHOWN_NAMED:  # a list too long to read: the board shows them
            lit = f"Choose one of the {len(after)} lit locations."
        else:
            lit = (f"Choose the lit {'location' if len(after) == 1 else 'locations'}: "
                   f"{'; '.join(state.location_name(cell) for cell in after)}.")
        s.note(f"{asked} {lit}".lstrip())

    def seats(self) -> dict[str, str]:
        """The computer's seats of the game offered at the end: every seat but the player's, at Easy."""
        everyone = seats(self.game, self.lesson.options)
        mine = self.lesson.seat or everyone[0]
        return {seat: "easy" for seat in everyone if seat != mine}


def box(tutor: Tutor) -> str:
    """The lesson beside the board: the step's title and words, what the move did (with the lesson's last words at
    its end), and its buttons.  What the move did is there before it, unseen: on a phone it takes the place of the
    step's words once made (app.css), so that the box keeps its height and the board under it stays where it is."""
    step, steps = tutor.step, len(tutor.lesson.steps)
    title = games.entry(tutor.lesson.game).title
    parts = [f'<p class="lesson-head"><span class="lesson-step">Learn {escape(title)}: step {tutor.index + 1} '
             f'of {steps}</span> <button type="button" id="lesson-leave" title="Back to your game (Esc)">'
             "Leave the lesson</button></p>",
             f'<h2 class="lesson-title">{escape(step.title)}</h2>',
             f'<div class="lesson-say{" made" if tutor.made else ""}">']
    finish = tutor.lesson.finish if tutor.index == steps - 1 else ""
    words, after = (step.say, (step.done, finish)) if step.expect else ("\n\n".join((step.say, finish)), ())
    parts.append(f'<div class="lesson-words">{_paragraphs(words)}</div>')
    if any(after):  # before the move, kept out of sight as the room it takes (app.css: over a phone's board)
        parts.append(f'<div class="lesson-done">{"".join(_paragraphs(text) for text in after)}</div>')
    parts.append("</div>")
    buttons = []
    if tutor.over:
        # short: beside Start the lesson again on a phone's row, where the box grew a row (and moved the board) as
        # the last move was made; the lesson's last words say who the computer plays
        buttons.append('<button type="button" id="lesson-play" class="lesson-go">Play a game</button>')
        buttons.append('<button type="button" id="lesson-first">Start the lesson again</button>')
    elif tutor.made or not step.expect:
        buttons.append('<button type="button" id="lesson-next" class="lesson-go">Continue</button>')
    else:
        buttons.append('<button type="button" id="lesson-show" title="Light the next click">Show me</button>')
        buttons.append('<button type="button" id="lesson-again" title="This step from its start">Start the step '
                       "again</button>")
    parts.append(f'<p class="lesson-buttons">{"".join(buttons)}</p>')
    return "".join(parts)


def spoken(tutor: Tutor) -> str:
    """What a screen reader hears as a step begins, once its move is made, and at the end."""
    step = tutor.step
    if tutor.over:
        return " ".join(t for t in (step.done if step.expect else step.say, tutor.lesson.finish) if t)
    if tutor.made:
        return step.done or "Done. Continue leads on."
    return f"Step {tutor.index + 1}: {step.title}. {step.say}"


def _paragraphs(text: str) -> str:
    """A step's words: paragraphs split at blank lines, escaped."""
    return "".join(f"<p>{escape(part.strip())}</p>" for part in text.split("\n\n") if part.strip())
