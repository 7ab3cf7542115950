"""HTML fragments for the side panel, built as text so they are tested on CPython.

The browser binding (py/main.py, py/screen/) only assigns these strings to elements.
"""

from __future__ import annotations

import re
from collections import Counter
from .markup import escape
from typing import Callable, Iterator, TypeGuard

from . import games, record, turns, views
from .core import AGREEMENT_MOVES, BOT_LEVELS, CHANCE, Game, counted, seats
from .session import Session
from .svg import scoped
from .views import choice_picture


def board(session: Session, preview_s: float | None = None) -> str:
    """The board's SVG as the page shows it, and the game's tray under it (`views.controls`): their locations
    labelled, and where Tab enters the board when the player is to start a move.  Drawn in the browser, and at
    build time for a first visit (tools/first_board.py).  `preview_s`: the time the locations' previews may take now
    (`Clicks.previews`); the page names the others as they are worked out (`views.name`)."""
    marks, state = session.clicks.marks(), session.state
    watching = watched(session)
    drawn = views.draw(state, marks, session.link_play.perspective, watching) + views.controls(state, marks, watching)
    begin = () if session.clicks.pending else starts(session, watching) or ()  # none while a move is half made
    return views.labelled(drawn, state, marks, begin, session.clicks.previews(preview_s))


def watched(session: Session) -> bool:
    """Nobody here may act at the position on screen: a past one, or the computer's or a friend's to play."""
    return bool(session.browsing or session.words.others_to_move())


def starts(session: Session, watching: bool) -> tuple[str, ...] | None:
    """The locations where the player here may begin a move, whatever is half made: where Tab enters the board,
    the panel's Tab stops.  None where nobody here may act (`watching`, or the game is over)."""
    state = session.state
    return None if watching or state.outcome is not None else state.guide((), session.clicks.actor).targets


def shown(session: Session) -> tuple:
    """What a board shows, for telling whether the next one follows it: the game, the seat it is seen from,
    the moves that led to its position, and the game on the page they belong to."""
    return session.game.id, session.link_play.perspective, tuple(session.moves[:session.cursor]), session


def follows(before: tuple | None, after: tuple) -> TypeGuard[tuple]:
    """Whether the board showing `after` (`shown`) continues the one showing `before`: a position on the same
    line of play, seen from the same seat (a move, an undo, a step through the game, a link bringing a friend's
    moves to a game on the page), whose pieces then move to their places; a new game, another saved game, the
    board turned round, whose pieces are just drawn."""
    if before is None or before[:2] != after[:2]:
        return False
    if before[3] is not after[3]:  # another game on the page: only one that goes on from the moves shown
        return after[2][:len(before[2])] == before[2]
    short, long = sorted((before[2], after[2]), key=len)
    return long[:len(short)] == short


_PIECE = re.compile(r'data-piece="([^"]*)"')


def sound(session: Session, before: tuple | None, after: tuple, board_before: str, board_after: str) -> str:
    """The sound of a board showing `after` (`shown`, drawn as `board_after`) where one showed `before`: ''
    unless it shows moves made after those (a selection, an undo, a step back, another game are silent); then
    'end' where the game ended, 'capture' where a piece left the board (fewer pieces of a name: an Ice Lady
    jump, a forest burnt), else 'move' for a move made here and 'their' for the computer's or a friend's."""
    if not follows(before, after) or len(after[2]) <= len(before[2]):
        return ""
    if session.state.outcome is not None:
        return "end"
    seats = [session.seat_of_move(ply) for ply in range(len(before[2]) + 1, len(after[2]) + 1)]
    made = [seat for seat in seats if seat is not None]
    if not made:  # chance alone, or the clock
        return ""
    now = Counter(_PIECE.findall(board_after))
    if any(now[name] < count for name, count in Counter(_PIECE.findall(board_before)).items()):
        return "capture"
    return "move" if made[-1] in session.people else "their"


LISTED = 300  # the moves a long game's list shows around the move on screen: a 10,000-item list takes 50 ms to lay out
STEP = 100  # that window moves this many moves at a time, so a move played or browsed to is nearly always appended


def listed_from(session) -> int:
    """Where the window a long game's list shows begins: a multiple of `STEP`, such that the window
    (to `listed_to`) holds the move on screen, and the latest move when that is on screen."""
    total = len(session.moves)
    return 0 if total <= LISTED else max(0, min(session.cursor - LISTED // 2, total - LISTED)) // STEP * STEP


def listed_to(first: int) -> int:
    """Where the window that begins at `first` ends."""
    return first + LISTED + STEP


NEW = "new"  # the class of the moves a link brought (`LinkPlay.unseen`), in the move list and the log


def move_list(session: Session, start: int = 0, stop: int | None = None, append: bool = False) -> str:
    """`move_items` as one piece of HTML."""
    return "".join(move_items(session, start, stop, append))


def move_items(session: Session, start: int = 0, stop: int | None = None, append: bool = False) -> Iterator[str]:
    """The moves so far in words, numbered; the one on screen is marked and each is clickable.

    Two-player games of one move a turn (`Game.alternating`) are numbered by
    turn and shown in pairs, like a chess score sheet (the page lays each
    pair out as a row); a draw offered and answered takes a row with no
    number, as on a score sheet; other games number every move and each line starts
    with its actor's colour and name (chance by what it is: "Dice").  The
    words are the tooltip too (a long line is cut short); the notation is
    kept in ``data-notation``, for the tests and tools, and in `notation`.
    With `start`, only the moves after ply `start`: the page appends them to
    the list it shows, so a move in a long game does not redraw the whole
    list (`append`: no "…" for a turn begun above); with `stop`, none after
    ply `stop` (a long game shows a window of its moves).  The result ends
    the list.  Item by item, so that the page can work out a long list a
    slice at a time (py/screen/log.py).
    """
    paired = session.game.alternating
    end = len(session.moves) if stop is None else min(stop, len(session.moves))
    offers = sum(move in AGREEMENT_MOVES for move in session.moves[:start]) if paired else 0  # come in pairs
    if paired and start % 2 and start < end and not append:  # the window opens on the second move of a turn
        yield (f'<li class="ply gap" data-num="{(start - offers) // 2 + 1}." aria-hidden="true"><span>…</span></li>')
    for ply in range(start + 1, end + 1):
        before, move = session.states[ply - 1], session.moves[ply - 1]
        actor = before.actor_of(move)
        who = "chance" if actor == CHANCE else before.actor_colour(actor)
        agreed = move in AGREEMENT_MOVES
        number = "" if agreed and paired else f"{(ply - offers + 1) // 2 if paired else ply}."
        offers += agreed
        second = paired and ply % 2 == 0
        cls = "ply" + (" second" if second else "")
        if session.link_play.unseen is not None and ply > session.link_play.unseen:
            cls += f" {NEW}"  # brought in by the link just opened
        num = "" if second else f' data-num="{number}"'
        words = escape(session.words.describe(ply))
        yield (
            f'<li class="{cls}" data-ply="{ply}"{num}><button type="button" data-ply="{ply}" title="{words}" '
            f'data-notation="{escape(move)}"{_current(ply == session.cursor)}>'
            f'<span class="who {escape(who)}" aria-hidden="true"></span>'
            f'{words}</button></li>'
        )
    if end == len(session.moves) and session.words.result():
        yield f'<li class="result">{escape(session.words.result())}</li>'


def turn_log(session: Session, start: int = 0, stop: int | None = None) -> str:
    """`turn_items` as one piece of HTML."""
    return "".join(turn_items(session, start, stop))


def turn_items(session: Session, start: int = 0, stop: int | None = None) -> Iterator[str]:
    """The game log: one entry per turn (`pyramids.turns`), for games of more than one move a turn.

    An entry names whose turn it was (colour and name) and says in one line
    everything the turn did; it browses to the position after the turn, and
    opens (its ▸ button) to the turn's single moves, each clickable to browse
    to it as in the move list.  With `start`, the turns from the one holding
    ply `start + 1` on: the page replaces the last entry and appends the rest
    after a move, never redrawing the whole log; `stop` as in `move_items`.
    """
    s = session
    total = len(s.moves)
    end = total if stop is None else min(stop, total)
    for turn in s.turns(start, end):
        yield _turn_entry(s, turn)
    if end == total and s.words.result():
        yield f'<li class="result">{escape(s.words.result())}</li>'


def _current(on: bool) -> str:
    """The move list's mark of the move on screen (and of its turn), which a screen reader says ("current
    step") and the page shows, in a high-contrast theme too."""
    return ' aria-current="step"' if on else ""


def _turn_entry(s: Session, turn: turns.Turn) -> str:
    states, moves = s.states, s.moves
    said = escape(turns.summary(states, moves, turn))
    head = f"<strong>{escape(turns.name(states, moves, turn))}</strong> {said}" if turn.seat is not None else said
    cls = "turn"
    if s.link_play.unseen is not None and turn.last > s.link_play.unseen:
        cls += f" {NEW}"
    actions = []
    for ply in turn.plies:
        words = escape(s.words.describe(ply))
        new = f" {NEW}" if s.link_play.unseen is not None and ply > s.link_play.unseen else ""
        actions.append(f'<li class="ply{new}" data-ply="{ply}" data-num="{ply}."><button type="button" '
                       f'data-ply="{ply}" title="{words}" data-notation="{escape(moves[ply - 1])}"'
                       f'{_current(ply == s.cursor)}>'
                       f'{words}</button></li>')
    count = len(turn.plies)
    opener = (f'<button type="button" class="open" data-open aria-expanded="false" title="Each of its {count} moves" '
              f'aria-label="Each of its {count} moves">▸</button>') if count > 1 else '<span class="open"></span>'
    colour = escape(turns.colour(states, moves, turn))
    return (f'<li class="{cls}" data-first="{turn.first}" data-last="{turn.last}">{opener}'
            f'<button type="button" class="sum" data-ply="{turn.last}" '
            f'title="{escape(turns.headline(states, moves, turn))}"{_current(turn.first <= s.cursor <= turn.last)}>'
            f'<span class="who {colour}" aria-hidden="true"></span>{head}</button>'
            f'<ol class="actions">{"".join(actions)}</ol></li>')


def announcement(session: Session, heard: int, cursor: int) -> str:
    """What the live region says after an action, given the moves and ply it last spoke of.

    New moves (a person's, chance's) are read out; those not made here (the
    computer's) as each turn's summary once it is over; else an undo or a step
    through the game; then the message, and whose turn it is.
    """
    s, parts = session, []
    total = len(s.moves)
    if total > heard and s.cursor == total and s.following.watched is not None and heard >= s.following.watched:
        news = s.following.news(heard)  # not the player's moves: each turn once it is over, in one line
        if news:
            parts.append(news)
    elif total > heard and s.cursor == total:
        parts.append(s.words.moves_in_words(max(heard, total - 6)))
    elif total < heard:
        parts.append("Move taken back.")
    elif s.cursor != cursor:
        parts.append(s.words.on_screen())
    if s.message and s.message not in " ".join(parts):  # after a move the message says it in words too
        parts.append(s.message)
    clicks = s.clicks
    if clicks.choices:  # the buttons follow the board: Tab reaches them
        parts.append("Choices after the board: " + "; ".join(s.state.label(m) for m in clicks.choices) + ".")
    elif clicks.targets:
        parts.append(f"{counted(len(clicks.targets), 'legal target')}.")
    if parts:
        parts.append(s.words.status())
    return " ".join(parts)


def move_help(session: Session) -> str:
    """What the typed-move box says under it: an example of a move to type here, else why none can be."""
    if session.latest.outcome is not None:
        return "The game is over: there is no move to type."
    if session.browsing:
        return f"You are looking at move {session.words.move_of()}: press End (or Last) to type a move."
    legal = session.latest.legal_moves()
    return f"In the notation of the move list, e.g. {legal[0]}." if legal else "There is no move to type here."


NOTICE_LIMIT = 300  # characters: a notice longer than this is not read


def notice(head: str, detail: str, tail: str = "") -> str:
    """A notice about a link or a save: `detail` (the rules' own words) shortened so the whole fits."""
    room = NOTICE_LIMIT - len(head) - len(tail) - 2
    return " ".join(part for part in (head, record.shorten(detail, max(room, 40)), tail) if part)


def leaving(moves: int, saved: bool) -> str:
    """New game's word on the game in progress: kept in My games only if the player has played in it."""
    played = counted(moves, "move")
    if saved:
        return f"This game is in progress ({played}). Starting a new one leaves it; it stays in My games, where " \
               "you can open it again."
    return f"This game ({played}) is not in My games, as you have not played in it: starting a new one leaves " \
           "it. Share its link first to keep it."


def panel(session: Session, people=None, controls=None) -> str:
    """The game's panel beside the board (scores, reserves, pool, trackers...), named for screen readers;
    a draw offered or resignation only for `people` (by default the seats people play on this device), the
    game's own controls for `controls` (by default the same seats; an embed that only shows a game, none).
    Drawn in the browser, and at build time for a first visit (tools/first_board.py)."""
    marks, state = session.clicks.marks(), session.state
    people = session.people if people is None else people
    controls = session.people if controls is None else controls
    # Tab stops: whatever is half made (a selection leaves the panel as it was: drawn again, it cost a Terrafex click
    # milliseconds); while nobody here may act, all as drawn
    return views.labelled(views.panel(state, session.clicks.actor, marks, people, controls), state, marks,
                          previews=session.clicks.previews(0.0),  # the frame's: the rest follow
                          tab_stops=starts(session, watched(session)))


def welcome(session: Session) -> str:
    """What a newcomer reads once, on a first visit: how to start, and that the computer can play."""
    sides = "Both sides play" if len(seats(session.game, session.options)) == 2 else "Every player plays"
    return (f"Tap or click a piece to see where it can go. {sides} on this device \u2014 "
            "or choose the computer in New game.")


def notation(session: Session) -> str:
    """The game's moves in notation, numbered as the move list numbers them, with the result: to copy or study."""
    moves, lines = session.moves, []
    if session.game.alternating:
        for i in range(0, len(moves), 2):
            lines.append(f"{i // 2 + 1}. " + " ".join(moves[i:i + 2]))
    else:
        lines = [f"{ply}. {move}" for ply, move in enumerate(moves, 1)]
    if session.words.result():
        lines.append(session.words.result())
    return "\n".join(lines)


def choices(session: Session) -> str:
    """Buttons for a decision the last click left open (e.g. promote or not), with the game's picture if any;
    the one a hint names is lit."""
    state, clicks = session.state, session.clicks
    return "".join(
        f'<button type="button" class="choice{" hinted" if move == clicks.hinted else ""}" data-move="{escape(move)}">'
        f'{scoped(choice_picture(state, move), f"choice{n}-")}{escape(state.label(move))}'
        f'{_preview(state, move)}</button>'
        for n, move in enumerate(clicks.choices)
    )


def _preview(state, move: str) -> str:
    """A choice's effect on the score or race (`State.preview`), under its words."""
    said = state.preview(move)
    return f'<small class="preview">{escape(said)}</small>' if said else ""


def options_form(game: Game, current: dict) -> str:
    """Form controls for a new game's options, preset to `current`."""
    if not game.options:
        return f"<p>{escape(game.title)} has no options.</p>"
    rows = []
    for opt in game.options:
        value = current.get(opt.name, opt.default)
        help_text = f'<small>{escape(opt.help)}</small>' if opt.help else ""
        if getattr(opt, "widget", "") == "colours":  # pick several: one checkbox per colour
            picked = str(value).split(",") if value else []
            boxes = "".join(
                f'<label class="pick"><input type="checkbox" name="{escape(opt.name)}" value="{escape(c)}"'
                f'{" checked" if c in picked else ""}> <span class="who {escape(c)}"></span>{escape(c.capitalize())}'
                "</label>" for c in opt.choices)
            rows.append(f'<fieldset class="option"><legend>{escape(opt.label)}</legend>{boxes} {help_text}</fieldset>')
            continue
        if isinstance(opt.default, bool):  # a box before its name
            checked = " checked" if value else ""
            control = f'<input type="checkbox" name="{escape(opt.name)}"{checked}>'
            rows.append(f'<label class="option">{control} {escape(opt.label)} {help_text}</label>')
            continue
        selected = opt.link_text(value)
        options = "".join(
            f'<option value="{escape(opt.link_text(c))}"{" selected" if opt.link_text(c) == selected else ""}>'
            f'{escape(opt.text(c))}</option>'
            for c in opt.choices
        )
        control = f'<select name="{escape(opt.name)}">{options}</select>'
        # a list after its name, as the seats' and the computer's speed are (it stood before "Layout", "Players")
        rows.append(f'<label class="option">{escape(opt.label)} {control} {help_text}</label>')
    return "".join(rows)


def chosen_options(game: Game, form: dict[str, list[str]]) -> dict:
    """The options `options_form` asked for, as the form holds them now (`form`: each field's name to its values,
    as the browser sends a form: a ticked box's value, a list's choice; nothing for a box not ticked)."""
    chosen: dict = {}
    for opt in game.options:
        values = form.get(opt.name, [])
        if getattr(opt, "widget", "") == "colours":
            chosen[opt.name] = ",".join(values)
        elif isinstance(opt.default, bool):
            chosen[opt.name] = bool(values)
        elif values:
            chosen[opt.name] = values[0]
    return chosen


def chosen_seats(form: dict[str, list[str]]) -> tuple[dict[str, str], str, list[str]]:
    """The seats `seats_form` and `mine_form` asked about, as the form holds them now: the computer's ({seat:
    level}), its speed, and the seats ticked as played here (a seat of the computer's has its box off)."""
    bots = {name.removeprefix("seat:"): values[0] for name, values in form.items()
            if name.startswith("seat:") and values and values[0]}
    return bots, (form.get("pace") or ["normal"])[0], list(form.get("mine", []))


def parted(saved: tuple[str, ...], session: Session, common: int, other_tab: bool = False) -> str:
    """Two lines of one game side by side from where they part: a link that goes back on moves of a
    saved game (`saved`), or another tab that played the game on screen otherwise (`saved` its moves)."""
    def column(title, moves):
        items = "".join(f'<li value="{ply}">{escape(move)}</li>' for ply, move in enumerate(moves, common + 1))
        return (f'<div class="line"><h3>{title}</h3>'
                f'<ol start="{common + 1}">{items or "<li class=empty>no more moves</li>"}</ol></div>')
    if other_tab:
        intro = (f"Another tab of this browser played this game otherwise from move {common + 1}. Both lines are "
                 "kept in My games (this tab's as a game of its own); which one goes on here?")
        titles, buttons = ("In this tab", "In the other tab"), (("other-tab", "Go on as in the other tab"),
                                                                ("this-tab", "Go on with this tab's moves"))
    else:
        intro = (f"This link is one of your saved games, played otherwise from move {common + 1}: the other player "
                 "took moves back. Both lines are kept; which one goes on here?")
        titles, buttons = ("In the link", "In your saved game"), (("saved", "Keep my saved game"),
                                                                  ("link", "Go on as in the link"))
    return (f"<p>{intro}</p>"
            f'<div class="lines">{column(titles[0], session.moves[common:common + 40])}'
            f'{column(titles[1], saved[common:common + 40])}</div><p class="dialog-buttons">'
            + "".join(f'<button type="button" data-keep="{key}">{escape(text)}</button>' for key, text in buttons)
            + "</p>")


def mine_form(session: Session, bots=()) -> str:
    """'I play': a box per seat, all ticked by default (every seat on this device, as before); a seat of
    the computer's (`bots`) is nobody's to play: its box unticked and off. Each seat by its name alone: a
    colour mark beside the box read as a second box (White's pale square, an IceToids seat's empty one).

    The seats not ticked are played by friends on their own devices, by link;
    the choice stays on this device, with the saved game.
    """
    start = session.states[0]
    boxes = "".join(
        f'<label class="pick"><input type="checkbox" name="mine" value="{escape(seat)}"'
        f'{" disabled" if seat in bots else " checked" if session.link_play.plays_here(seat) else ""}> '
        f'{escape(start.actor_name(seat))}</label>'
        for seat in session.seats)
    return (f'<fieldset class="option"><legend>I play</legend>{boxes} <small>Tick every side to play them all '
            "on this device; a friend far away plays the others: "
            "send them the link after each move.</small></fieldset>")


def games_list(listed: list, current: str | None, when: Callable[[float], str], thumb: Callable[[str, str], str],
               more: int = 0) -> str:
    """My games: one item per saved game, the one on screen marked; damaged ones say why; `more` games not
    listed are offered by a button (a list of thousands is shown a page at a time).

    Each button names its game to a screen reader ("Open Ice Lady, 2 players, 12 moves, ..."):
    a list of buttons all called "Open" would not say which game each one opens.  A game's name is
    isolated (`<bdi>`): one written right to left, or holding a direction mark, never turns the
    rest of its line round.

    `when(ms)` writes a time as the reader's browser does; `thumb(game, position)`
    is a small picture of the position (empty when it is not drawn, or cannot be).
    """
    if not listed:
        return '<li class="empty">No saved games yet: a game is saved here once you move in it.</li>'
    items = []
    for n, e in enumerate(listed):
        name = f"<bdi>{escape(e.title)}</bdi>"
        if e.damaged:
            items.append(
                f'<li class="saved damaged" data-entry="{escape(e.id)}"><span class="thumb"></span>'
                f'<span class="about"><strong>{name}</strong><small>{escape(e.damaged)}</small></span>'
                f'<span class="acts"><button type="button" data-delete="{escape(e.id)}">Delete'
                f'<span class="visually-hidden"> {name}, damaged</span></button></span></li>')
            continue
        mark = " current" if e.id == current else ""
        title = games.entry(e.game).title
        kind = f" <em>{escape(title)}</em>" if e.title != title else ""  # a renamed game still says what it is
        moves = counted(e.moves, "move")
        facts = [x for x in (e.players, moves, when(e.played) if e.played else "") if x]
        about = ", ".join(escape(x) for x in [*([title] if kind else []), *facts])
        named = f'<span class="visually-hidden"> {name}, {about}</span>'
        items.append(
            f'<li class="saved{mark}" data-entry="{escape(e.id)}">'
            f'<span class="thumb" aria-hidden="true">{thumbnail(n, thumb(e.game, e.position))}</span>'
            f'<span class="about"><strong>{name}</strong>{kind}'
            f'<small>{escape(" · ".join(facts))}</small><small>{escape(e.status)}</small></span>'
            f'<span class="acts"><button type="button" data-open="{escape(e.id)}">Open{named}</button>'
            f'<button type="button" data-rename="{escape(e.id)}" data-name="{escape(e.name)}">Rename{named}</button>'
            f'<button type="button" data-delete="{escape(e.id)}">Delete{named}</button></span></li>')
    if more:
        items.append(f'<li class="more"><button type="button" data-more>Show more games ({more:,} not shown)'
                     "</button></li>")
    return "".join(items)


def thumbnail(n: int, picture: str) -> str:
    """The picture of the `n`th game of My games, its ids its own (the list holds many pictures)."""
    return scoped(picture, f"thumb{n}-")


SEAT_CHOICES = (("", "Person"), *((level, f"Computer: {level.capitalize()}") for level in BOT_LEVELS))


PACE_CHOICES = (("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast"))


def seats_form(game: Game, options: dict, bots: dict, pace: str = "normal") -> str:
    """A person-or-computer choice per seat of a new game with `options`, preset to `bots`, and how soon
    the computer acts (`pace`: time to take in its moves, `computer.Computer.pause`)."""
    state = game.new(**options)
    rows = []
    for seat in seats(game, options):
        current = bots.get(seat, "")
        choices = "".join(f'<option value="{value}"{" selected" if value == current else ""}>{text}</option>'
                          for value, text in SEAT_CHOICES)
        rows.append(f'<label class="option seat"><span class="seat-name">{escape(state.actor_name(seat))}</span> '
                    f'<select name="seat:{escape(seat)}">{choices}</select></label>')
    paces = "".join(f'<option value="{value}"{" selected" if value == pace else ""}>{text}</option>'
                    for value, text in PACE_CHOICES)
    rows.append(f'<label class="option seat">Computer speed <select name="pace">{paces}</select>'
                "<small>Normal leaves time to read each of the computer's turns before it plays on.</small></label>")
    return f'<fieldset class="option seats"><legend>Who plays each seat</legend>{"".join(rows)}</fieldset>'
