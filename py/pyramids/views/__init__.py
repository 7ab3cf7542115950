"""Board views: one module per game, each a pure function from a state to SVG.

`draw(state, marks)` picks the game's view lazily, like the games registry,
so the page only imports the drawing code of the game on screen.
"""

from __future__ import annotations

import re
from ..markup import escape, unescape
from importlib import import_module

from ..core import AGREEMENT_MOVES, CONFIRM_RESIGN, RESIGN, State
from ..svg import Marks


def _view(state: State):
    return _view_of(state.game.id)


def _view_of(game_id: str):
    return import_module(f"{__name__}.{game_id.replace('-', '_')}")


def draw(state: State, marks: Marks = Marks(), perspective: str | None = None, watching: bool = False,
         picture: bool = False) -> str:
    """The SVG of `state` with the selection, targets and last move marked, seen from `perspective`'s seat.

    A view whose board has sides names the seats that sit across it
    (``ACROSS``); their player sees the board turned round, their own side at the bottom.
    `watching`: nobody here may act at this position (the computer or a friend by link is to
    move, or it is a past one); a view whose board holds controls (``CONTROLS``: IceToids' colour choice)
    then draws no control that looks usable.  `picture`: the position drawn for a picture (a download, My
    games' list), where such a view draws no control nor the room for one.  A game's tray of buttons under
    the board is not the board's: `controls`.
    """
    view = _view(state)
    drawing = {}
    if perspective is not None and perspective in getattr(view, "ACROSS", ()):
        drawing["turned"] = True
    if getattr(view, "CONTROLS", False):
        drawing.update(watching=watching, picture=picture)
    return view.draw(state, marks, **drawing)


def controls(state: State, marks: Marks = Marks(), watching: bool = False) -> str:
    """The HTML the page shows under the board for a view whose actions are not places on it (Ice-Turn's
    tray: directions, Treehouse actions, End), its buttons ``data-cell`` locations like the board's: '' for
    the others.  `watching` as for `draw`: what the player to act is doing, and no button."""
    view = _view(state)
    return view.controls(state, marks, watching) if hasattr(view, "controls") else ""


def empty_tray(game_id: str) -> str:
    """The tray a game's board keeps under it from the start on, holding nothing ('' for a game without one):
    what a link's board is shaped with before Python draws it (tools/first_board.py, static/snapshot.js)."""
    view = _view_of(game_id)
    return view.tray("") if hasattr(view, "tray") else ""


_LOCATION = re.compile(r'data-cell="([^"]*)"')


def labelled(text: str, state: State, marks: Marks = Marks(), starts=(), previews=None, tab_stops=None) -> str:
    """`text` (a board's SVG or the panel's HTML) with each location named for screen readers.

    Every ``data-cell`` gets an ``aria-label``: `state.location_name(cell)` and its
    state ("selected", "legal target", "last move"); the `starts` (where a move can
    begin) get ``data-start``, so Tab enters the board on one.  A location whose click
    would make a move says what that does to the score or race (`previews`, from
    `Clicks.previews`), in its name and in ``data-preview``, which the page shows on
    hover and focus.  Given `tab_stops` (the panel's, whose buttons are each a Tab stop: Terrafex's pool has
    twelve, most never the side to move's to choose), a location neither among them nor lit nor selected is out
    of the Tab order; its click still says why not.  A board drawn as one
    ``role="img"`` would hide its locations, so the page's board is a group.  The
    keyboard layer (static/access.js) adds roles and focus; the names live here, in
    Python, so tests read them.
    """
    previews = previews or {}

    def named(found: re.Match) -> str:
        cell = unescape(found.group(1))
        label, preview = name(state, marks, cell, previews.get(cell, ""))
        start = " data-start" if cell in starts else ""
        if tab_stops is not None and cell not in tab_stops and cell not in marks.targets and cell not in marks.selected:
            start += ' tabindex="-1"'
        if preview:
            start += f' data-preview="{escape(preview)}"'
        return f'{found.group(0)} aria-label="{escape(label)}"{start}'
    return _LOCATION.sub(named, text).replace(' role="img"', ' role="group"', 1)


def name(state: State, marks: Marks, cell: str, preview: str = "") -> tuple[str, str]:
    """A location's accessible name (its words, its state) and, where its click would make a move, the line
    hovering shows: "d4: small forest — scores 1 for Black. If chosen: d4 becomes a medium forest: …"."""
    words = [state.location_name(cell)]
    words += [word for word, cells in (("selected", marks.selected), ("legal target", marks.targets),
                                       ("last move", marks.last)) if cell in cells]
    if not preview:
        return ", ".join(words), ""
    return ", ".join([*words, f"if chosen: {preview}"]), f"{words[0]}. If chosen: {preview}."


def panel(state: State, actor: str | None = None, marks: Marks = Marks(), people=None, controls=None) -> str:
    """HTML beside the board for what the board does not show (the rules options, reserves, scores, hands).

    Clickable parts carry ``data-cell`` like board locations and reach the
    game through the same click guidance; `actor` is who the player acts as,
    where several may act at once; `marks` the selection and lit targets (the
    panel offers only what can be done now); `people` the seats offered a draw
    or resignation (None: every seat; an embed, none); `controls` the seats
    whose own controls the game's panel offers, the seats people play here
    (None: every seat): the computer's and a friend's are shown, never as buttons.
    """
    view = _view(state)
    own = view.panel(state, actor, marks, controls) if hasattr(view, "panel") else ""
    return options_line(state) + own + agreement(state, marks, people)


def agreement(state: State, marks: Marks = Marks(), people=None) -> str:
    """A game that ends by agreement too: Offer a draw and Resign the game for the player to move (which
    asks again: Yes, resign), Accept and Decline the draw for the one it is offered to."""
    moves = state.agreement_moves() if state.game.agreements else []
    if not moves or (people is not None and state.actor_of(moves[0]) not in people):
        return ""
    cells = [CONFIRM_RESIGN if m == RESIGN and RESIGN in marks.selected else m for m in moves]
    buttons = "".join(
        f'<button type="button" class="agree{" lit" if cell in marks.targets else ""}" data-cell="{cell}">'
        f'{escape(state.location_name(cell))}</button>' for cell in cells)
    return f'<p class="agreement" role="group" aria-label="End the game by agreement">{buttons}</p>'


def picture_lines(state: State) -> list[str]:
    """What a picture of the board (embed.image) says under it that the board does not show: the scores, where
    the game keeps them (the result says the final ones), and the lines the game's view adds (Terrafex: its pool
    and fire pit)."""
    view = _view(state)
    lines = []
    if hasattr(state, "scores") and state.outcome is None:
        scores = state.scores()
        lines.append("Score: " + " ·\u00a0".join(f"{state.actor_name(who)} {points}" for who, points in scores.items()))
    return lines + (view.picture_lines(state) if hasattr(view, "picture_lines") else [])


def embed_panel_height(game_id: str, players: int, play: bool = False) -> int:
    """The CSS pixels an embed frame gives the game's panel under a 400 px board: the tallest the panel is drawn
    there in a game of that many players (``EMBED_PANEL`` in its view; ``EMBED_PANEL_PLAY`` where an embed that
    plays on draws it taller), so that the board keeps its size at every move; and, in an embed that plays on,
    its tray of buttons under the board (``EMBED_TRAY``: a replay shows none).  The heights are measured (the
    check: tests/e2e/test_embed.py, `test_an_embed_code_s_frame_holds_its_panel_at_every_move`)."""
    view = _view_of(game_id)
    panels = getattr(view, "EMBED_PANEL_PLAY", view.EMBED_PANEL) if play else view.EMBED_PANEL
    return panels[players] + (getattr(view, "EMBED_TRAY", 0) if play else 0)


def options_line(state: State) -> str:
    """The options this game was started with, which change its rules ("Mandatory capture: off")."""
    shown = []
    for opt in state.game.options:
        value = state.options.get(opt.name, opt.default)
        text = ("on" if value else "off") if isinstance(opt.default, bool) else opt.text(value)
        if text != "none":
            shown.append(f"{escape(opt.label)}: <strong>{escape(text)}</strong>")
    return f'<p class="rules-options">{" · ".join(shown)}</p>' if shown else ""


def choice_picture(state: State, move: str) -> str:
    """An SVG for a choice button where words say too little (Ice-Turn: the stack a move makes), or ''."""
    view = _view(state)
    return view.choice_svg(state, move) if hasattr(view, "choice_svg") else ""


def last_marks(before: State, move: str, after: State) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The cells a move touched and the cells where it captured, for marking it (a draw offered, answered
    or resignation touches none)."""
    if move in AGREEMENT_MOVES:
        return (), ()
    return _view(before).last_marks(before, move, after)
