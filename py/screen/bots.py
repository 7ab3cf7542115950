"""The computer's seats: their search (in a worker), their timers in games without turns, and Hint."""

import asyncio
import random

import js

from archives import AI_ARCHIVE, fetch_archive
from browser import do, home, on, report
from pyramids.core import GameError, players_to_act
from pyramids.computer import PACES
from pyramids.words import thinking
from screen.board import mark_intent


START_S = 30  # a worker that has not answered its first question in this time will not: the computer thinks here


_counts: dict[str, int] = {}


def count(name, step):
    """Add `step` to a number shown in an attribute of <html> (for tests and the bench)."""
    _counts[name] = _counts.get(name, 0) + step
    do(["attr", "root", {name: str(_counts[name])}])


class Bots:
    """The computer's seats on the page: a worker searches, the page only sends positions and plays answers.

    The page starts the worker (static/bridge.js's `think`, static/bot-worker.js) at the first bot turn or
    hint and keeps it; the questions and the moves cross as data, so the Python asking could be in a worker
    itself.  Where no worker can run, the search runs here in slices of at most 20 ms, and the page says so.
    An answer for a position that is gone is dropped (`Session.play_bot`); in a game without turns each bot
    seat acts on its own jittered timer and its move is checked when it lands.
    """

    SLICE_S = 0.015

    @staticmethod
    async def ai():
        """The search, fetched at the first bot seat or hint (the page's start-up does not need it)."""
        await fetch_archive(home() + AI_ARCHIVE, "the computer player")
        from pyramids import ai
        return ai

    def __init__(self, app):
        self.app = app
        self.asked = {}  # the worker's questions not answered yet: number -> the future its answer resolves
        self.questions = 0  # how many were asked: the next one's number
        self.answered = False  # the worker has answered once: it runs
        self.fallback = ""  # why the search runs on the page, once the worker failed
        self.thinking = None  # (position key, seat) of the turn being searched
        self.chosen = None  # the same, once its move is chosen and waits for the last turn to be read (`hold`)
        self.intent = ()  # the locations of the move a bot is about to make (games without turns)
        self.timers = set()  # (session, seat) with a timer running (games without turns)
        self.waited = {}  # seat -> (session, position) where it last chose to wait (games without turns)
        # (session, position key, performance.now() in ms) when the latest position was drawn
        self.shown = (None, "", 0.0)

    def bind(self):
        on("hint", "click", lambda _event: asyncio.ensure_future(self.hint()))
        on("document", "pyramids-chose", self.on_chose)

    def on_chose(self, event):
        """The worker's answer, as the page tells it: {id, move}, {id, error} or {id, refused: why}."""
        asked = self.asked.pop(int(event.answer["id"]), None)
        if asked is not None and not asked.done():
            asked.set_result(event.answer)

    async def from_worker(self, state, seat, level, seed, idle, avoid):
        """The move the worker chose (py/bot_worker.py's `choose`), or None where it cannot run (`fallback` then
        says why); a search that failed there raises here."""
        self.questions = number = self.questions + 1
        asked = self.asked[number] = asyncio.get_event_loop().create_future()
        do(["think", number, [state.game.id, state.to_text(), seat or "", level, seed, idle, "\n".join(avoid),
                              state.quiet_plies]])
        try:
            answer = await (asked if self.answered else asyncio.wait_for(asked, START_S))
        except asyncio.TimeoutError:
            answer = {"refused": f"it did not start within {START_S} s"}
        finally:
            self.asked.pop(number, None)
        if "refused" in answer:
            self.without_worker(str(answer["refused"]))
            return None
        self.answered = True
        if "error" in answer:
            raise RuntimeError(str(answer["error"]))
        return str(answer["move"])

    def without_worker(self, why):
        self.fallback = f"The computer thinks on this page, a little at a time (no worker: {why})."
        do(["attr", "root", {"data-bot-worker": "fallback"}])

    async def search(self, session, seat, level, idle=False, seed=None):
        """The move `seat` plays at `level` at `session`'s latest position: from the worker, else searched
        here in slices; `idle`: nothing was played since the seat last waited (see `ai.Search`); `seed`
        the search's (by default a random one)."""
        state, avoid = session.latest, session.computer.repeated_moves()
        seed = random.randrange(2**31) if seed is None else seed
        count("data-bot-thinking", 1)  # for tests and the bench: searches in flight, and their times
        started = js.performance.now()
        try:
            move = None if self.fallback else await self.from_worker(state, seat, level, seed, idle, avoid)
            if move is None:
                ai = await self.ai()
                search = ai.Search(state, seat, level, rng=random.Random(seed), may_wait=len(players_to_act(state)) > 1,
                                   idle=idle, avoid=avoid)
                done = False
                while not done:  # each slice a task of its own, the first too: not after compiling the search
                    await asyncio.sleep(0)  # the page handles clicks and paints between slices
                    done = search.step(self.SLICE_S)
                move = search.result or ""
        finally:
            do(["attr", "root", {"data-bot-ms": str(round(js.performance.now() - started))}])
            count("data-bot-count", 1)
            count("data-bot-thinking", -1)
        await asyncio.sleep(0)  # the move is played in a task of its own, not in the search's last slice
        return move

    def update(self):
        """After every change: start the bot's search when a bot seat is to move.  No Hint for the computer's
        move or a friend's (none of the person's), nor once the game is over."""
        s = self.app.session
        do(["set", "hint", {"disabled": bool(s.words.others_to_move()) or s.latest.outcome is not None}])
        if self.shown[:2] != (s, s.position_key()):
            self.shown = (s, s.position_key(), js.performance.now())
        turn = s.computer.turn()
        if turn and self.thinking != (s.position_key(), turn[0]):
            self.thinking = (s.position_key(), turn[0])
            asyncio.ensure_future(self.take_turn(s, turn[0], turn[1], self.thinking[0]))
        for seat in s.computer.seats_acting():
            if (s, seat) not in self.timers:
                self.timers.add((s, seat))
                asyncio.ensure_future(self.act_later(s, seat))

    async def take_turn(self, session, seat, level, key):
        try:
            move = await self.search(session, seat, level)
        except Exception as err:  # noqa: BLE001 - a bug must not stop the page; no retry at this position
            report(err)
            session.note(f"The computer could not move: {err}", warn=True)
            self.app.render()
            return
        if session is self.app.session and session.computer.pause() > 0:  # the status says so, not "thinking…"
            self.chosen = (key, seat)
            do(["set", "status", {"textContent": self.status()}])
        await self.hold(session)
        if self.thinking == (key, seat):
            self.thinking = None
        if move and session is self.app.session and session.play_bot(move, key):
            self.app.saving.persist()
        self.app.render()
        self.update()

    async def act_later(self, session, seat):
        """A bot seat of a game without turns: wait its level's delay, decide, and act if the move still stands."""
        try:
            ai = await self.ai()
        except GameError as err:  # the seat stays idle (no retry at every redraw); the player is told
            session.note(str(err), warn=True)
            return self.app.render()
        move, pace = None, PACES[session.computer.pace]
        try:
            low, high = ai.level_of(session.computer.bots[seat]).delay
            await asyncio.sleep((low + (high - low) * random.random()) * pace)
            if session is self.app.session and seat in session.computer.seats_acting():
                here = (session, session.position_key())
                move = await self.search(session, seat, session.computer.bots[seat], self.waited.get(seat) == here)
                self.waited[seat] = None if move else here
            if move:
                await self.hold(session)
            if move and session is self.app.session and session.latest.is_legal(move):
                await self.show_intent(session, move, pace)
        except GameError:
            pass  # nothing to do for this seat just now
        except Exception as err:  # noqa: BLE001
            report(err)
        self.timers.discard((session, seat))
        if move and session is self.app.session and session.play_bot(move, None):
            self.app.saving.persist()
            self.app.render()
        if session is self.app.session:
            self.update()

    async def hold(self, session):
        """Leave the latest position on screen for its `Computer.pause` (the time to take in a move nobody here
        made) before the computer moves; a newer position counts from when it was drawn.  How long is set in
        <html data-bot-pause-ms> for tests."""
        while session is self.app.session:
            pause = session.computer.pause() * 1000
            do(["attr", "root", {"data-bot-pause-ms": str(round(pause))}])
            left = self.shown[2] + pause - js.performance.now()
            if self.shown[:2] != (session, session.position_key()) or left <= 0:
                return
            await asyncio.sleep(left / 1000)

    INTENT_S = 0.5  # a bot's chosen piece is marked this long before it acts, where people act at the same time

    async def show_intent(self, session, move, pace):
        """Mark the locations of the move a bot is about to make, so the people at the table see it coming."""
        self.intent = tuple(session.latest.path(move))
        mark_intent(self.intent)
        try:
            await asyncio.sleep(self.INTENT_S * pace)
        finally:
            self.intent = ()
            mark_intent(())

    def searching(self, session):
        """Whether a seat's move is being searched (or waits to be played) at the session's latest position: it is
        played there even while the player looks back (`Session.play_bot`)."""
        return bool(self.thinking) and self.thinking[0] == session.position_key()

    def status(self):
        """The status while a bot's turn is searched ("Black (computer) is thinking…", "… is playing its turn…" once
        its actions are shown one by one, "… has chosen its move…" while the last turn is left to read), else
        nothing."""
        s = self.app.session
        if self.searching(s) and not s.browsing:
            seat = self.thinking[1]
            return thinking(s.latest.actor_name(seat), s.following.playing(seat), self.chosen == self.thinking)
        return ""

    async def hint(self):
        """Light the move Hard would play for the person to move, without playing it: searched from a seed
        of the position's, and kept, so the same position always gives the same hint."""
        s = self.app.session
        key, state = s.position_key(), s.latest
        acting = players_to_act(state)
        seat = s.clicks.actor if len(acting) > 1 else (acting[0] if acting else None)
        if s.browsing or state.outcome is not None or not seat or seat in s.computer.bots:
            s.note("Choose the colour you act as (\"Acting as\") to get a hint." if not seat and acting
                   else "A hint is for your own move at the latest position.", warn=True)
            self.app.render()
            return self.app.answer_seen()
        move = s.computer.hints.get((key, seat))
        if move is None:
            s.note("Looking for a good move…")
            self.app.render()
            try:
                move = s.computer.hints[key, seat] = await self.search(s, seat, "hard", seed=s.computer.hint_seed(seat))
            except Exception as err:  # noqa: BLE001 - e.g. no move for this seat just now
                move = None
                s.note(f"No hint: {str(err).splitlines()[-1]}", warn=True)
        current = s is self.app.session and key == s.position_key() and not s.browsing
        if move and current:
            s.clicks.show_hint(move)
        elif current and move == "":
            s.note("Hint: wait. No move here beats letting the others act.")
        elif move:
            s.note("")
        self.app.render()
        if current:
            self.app.answer_seen()
        return None
