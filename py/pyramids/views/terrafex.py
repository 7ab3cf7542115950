"""Terrafex's board: 7 rows of 8 squares-within-squares, pieces seen from above.

Each square shows its three nested bands in their owner's colour (the outer
band around a large piece, the middle band around a medium, the inner around
a small, per A3), so where a piece scores can be read off the board.  Pieces
are drawn at their band's size; each colour also has its own pattern (fire
stripes, forest dots, glacier checks, plain mountain).  Frost is white
crystals over its forest, whose green rim always shows; a capped forest is its
glacier's rim round the forest seen through the ice, the glacier's ridges over
it.  Every square's hover text says what it holds and what that scores for
whom.  The panel holds the score, the four turn trackers, the pool and the fire
pit (pieces with counts, clickable), a key to frost and caps, and in the
editor the supply and what keeps the layout from starting.
"""

from __future__ import annotations

from functools import lru_cache

from ..markup import escape

from .. import svg
from ..core import counted
from ..games.terrafex import (
    ACTIONS, COLS, INDEX, KINDS, NAMES, ROWS, SIZE_WORDS, SUPPLY, band_owner,
)

CELL = 72
# The width of each band's inner edge, as a share of the square, and the piece drawn inside it.
BAND_EDGE = {3: 0.8, 2: 0.6, 1: 0.4}
PIECE_WIDTH = {3: 0.76, 2: 0.56, 1: 0.36}
BAND_FILL = {"white": "#efe7d6", "black": "#45403a"}
COLOUR = {"G": "green", "Y": "yellow", "R": "red", "B": "blue"}
TRACKER_KIND = dict(zip(ACTIONS, "GYRB"))
EMBED_PANEL = {2: 216}  # an embed's panel at its tallest: score, trackers, pool and fire pit, drawn small (embed.css)


def _piece(cx: float, cy: float, kind: str, size: int, stacked: bool = False, share: float = 1.0,
           named: bool = True) -> str:
    """A pyramid drawn at the size of the band it sits in (or at most `share` of the square), on the board
    `named` by its colour (`svg.named`): a forest that grows is the same forest, larger."""
    width = CELL * min(PIECE_WIDTH[size], share)
    return svg.standing(cx, cy, width / svg.SCALE[size], COLOUR[kind], size, stacked=stacked,
                        piece=COLOUR[kind] if named else "")


@lru_cache(maxsize=None)  # a square's bands never change: drawn once (they were a tenth of a click's time)
def _bands(name: str, cx: float, cy: float) -> str:
    out = []
    for size in (3, 2, 1):  # outer band first; each smaller square is drawn over the larger
        outer = 1.0 if size == 3 else BAND_EDGE[size + 1]
        half = CELL * outer / 2 - (1 if size == 3 else 0)
        out.append(f'<rect x="{cx - half:.1f}" y="{cy - half:.1f}" width="{2 * half:.1f}" height="{2 * half:.1f}" '
                   f'fill="{BAND_FILL[band_owner(INDEX[name], size)]}"/>')
    return "".join(out)


# Frost: white six-pointed crystals over a frosted glaze, so the green forest beneath still shows.
FROST = ('<pattern id="pat-frost" width="9" height="9" patternUnits="userSpaceOnUse">'
         '<rect width="9" height="9" fill="#ffffff" fill-opacity="0.25"/>'
         '<path d="M4.5 1V8M1.5 2.75L7.5 6.25M7.5 2.75L1.5 6.25" stroke="#ffffff" stroke-width="1.3" '
         'stroke-linecap="round"/></pattern>')
ICE = "#12306e"  # the glacier's outline


def _square(cx: float, cy: float, width: float, attrs: str) -> str:
    return svg.rect(cx - width / 2, cy - width / 2, width, width, attrs)


def frosted(cx: float, cy: float, forest: int, frost: int, named: bool = True) -> str:
    """A forest with frost on it: the forest drawn whole, crystals over as much of it as the frost covers
    (on the board, the frost `named` as the glacier it was)."""
    width = min(CELL * PIECE_WIDTH[frost], CELL * PIECE_WIDTH[forest] - 10)  # a rim of the forest always shows
    glacier = svg.named(COLOUR["B"] if named else "")
    return (f'<g class="frosted">{_piece(cx, cy, "G", forest, named=named)}<g{glacier}>'
            + _square(cx, cy, width, 'fill="url(#pat-frost)" stroke="#ffffff" stroke-width="2.5"')
            + _square(cx, cy, width + 3, f'fill="none" stroke="{ICE}" stroke-width="1" stroke-dasharray="3 2"')
            + "</g></g>")


def capped(cx: float, cy: float, forest: int, glacier: int, named: bool = True) -> str:
    """A forest under a bigger glacier: the glacier's rim all round, the forest seen through its ice, the
    glacier's ridges running over it, so it reads as a cap on top of a forest."""
    half = CELL * PIECE_WIDTH[glacier] / 2
    window = CELL * PIECE_WIDTH[forest] + 4
    x0, y0, x1, y1 = cx - half, cy - half, cx + half, cy + half
    return (f'<g class="capped">{_piece(cx, cy, "B", glacier, named=named)}'
            + _square(cx, cy, window, 'fill="#ffffff"')
            + _piece(cx, cy, "G", forest, named=named)
            + _square(cx, cy, window, f'fill="#b9d3f5" fill-opacity="0.5" stroke="{ICE}" stroke-width="1.5"')
            + f'<path d="M{x0:.1f} {y0:.1f}L{x1:.1f} {y1:.1f}M{x1:.1f} {y0:.1f}L{x0:.1f} {y1:.1f}" '
              f'stroke="{ICE}" stroke-width="1.5" opacity="0.8"/></g>')


@lru_cache(maxsize=1024)  # a square's piece is drawn again only when it changes
def _contents(cell, cx: float, cy: float) -> str:
    if cell is None:
        return ""
    kind, size, top = cell
    if not top:
        return _piece(cx, cy, kind, size)
    return frosted(cx, cy, size, top) if top <= size else capped(cx, cy, size, top)


def draw(state, marks: svg.Marks = svg.Marks()) -> str:
    """The board; the squares of a fire waiting to be played are lit by the session, when a person plays it."""
    board = state.board

    def contents(name, cx, cy):
        return _bands(name, cx, cy) + _contents(board[INDEX[name]], cx, cy)

    if state.setup:
        status = "layout editor"
    elif state.outcome is not None:
        status = "game over"
    else:
        status = f"{state.actor_name(state.actors[0])} to act"
    return svg.grid(
        COLS, ROWS, CELL,
        names=lambda col, row: NAMES[row * COLS + col],
        shade=lambda col, row: BAND_FILL[band_owner(row * COLS + col, 3)],
        contents=contents,
        marks=marks,
        title=f"Terrafex board, {status}",
        colours=("green", "red", "blue"),
        hover=state.location_name,
        patterns=FROST,
    )


def last_marks(before, move, after):
    """The squares the move changed (a split glacier's pieces, a pushed mountain included)."""
    changed = [NAMES[i] for i in range(COLS * ROWS) if before.board[i] != after.board[i]]
    clicked = [c for c in before.path(move) if c in INDEX]
    return tuple(dict.fromkeys(clicked + changed)), ()


# -- the panel ------------------------------------------------------------------------
def _icon(kind: str, size: int, lying: bool = False, box: int = 26) -> str:
    """One piece as a small inline picture, filled with the board's patterns (defined once, in the board)."""
    c = box / 2
    body = (svg.lying(c, c, box * 0.95, COLOUR[kind], size, "E") if lying
            else svg.standing(c, c, box * 0.95, COLOUR[kind], size))
    return f'<svg viewBox="0 0 {box} {box}" width="{box}" height="{box}" aria-hidden="true">{body}</svg>'


def _score(state) -> str:
    scores = state.scores()
    items = state.score_items()
    rows = []
    for player in ("white", "black"):
        mine = [i for i in items if i[2] == player]
        why = "; ".join(f"{sq} {piece} {points:+d}" for sq, piece, _, points in mine) or "nothing yet"
        rows.append(f'<tr title="{escape(why)}"><td><span class="who {player}"></span>{player.capitalize()}</td>'
                    f'<td class="score">{scores[player]}</td></tr>')
    detail = "".join(
        f"<li>{sq}: {escape(piece)} in {player.capitalize()}'s {_band_word(piece)} band, "
        f"{points:+d} for {player.capitalize()}</li>"
        for sq, piece, player, points in sorted(items, key=lambda i: (INDEX[i[0]] % COLS, INDEX[i[0]])))
    caption = "Score now" if state.outcome is None else "Final score"
    return (f'<table class="scores"><caption>{caption}</caption>{"".join(rows)}</table>'
            f'<details class="tfx-why"><summary>Why each square scores</summary>'
            f'<ul>{detail or "<li>No piece scores yet.</li>"}</ul>'
            f'<p class="note">A piece scores for the colour of the band around it: large in the outer band, '
            f'medium in the middle, small in the inner. Fires subtract; capped forests and glaciers score nothing.</p>'
            f"</details>")


def _band_word(piece: str) -> str:
    return {"small": "inner", "medium": "middle", "large": "outer"}[piece.split()[0]]


def _trackers(state) -> str:
    """The four turn trackers: standing while the action is still to take, toppled once used, faded while it
    has no legal option (the status says so: "glacier has no legal option").

    A screen reader hears each one's state in words ("forest: used"), as the title says it to a mouse.
    """
    out, open_ = [], ACTIONS if state.fire else state.open_actions()  # the fire placed, the turn's options come
    for action in ACTIONS:
        used = action in state.used
        state_word = "used" if used else "available" if action in open_ else "no legal option"
        look = " used" if used else "" if action in open_ else " stuck"
        out.append(f'<li class="tfx-tracker{look}" title="{action}: {state_word}">'
                   f"{_icon(TRACKER_KIND[action], 3, lying=used)}<small>{action}"
                   f'<span class="visually-hidden">: {state_word}</span></small></li>')
    return f'<ul class="tfx-trackers" aria-label="This turn\'s actions">{"".join(out)}</ul>'


def _supply(state, title: str, clickable: bool, marks: svg.Marks = svg.Marks()) -> str:
    rows = []
    for kind in KINDS:
        cells = []
        for size in (1, 2, 3):
            n = state.pool_count(kind, size)
            label = f"{n} {SIZE_WORDS[size]} {COLOUR[kind]}"
            tag = "button" if clickable else "span"  # not a button where it is nobody's here to use
            attrs = f' type="button" data-cell="pool:{kind}{size}"' if clickable else ""
            lit = " lit" if f"pool:{kind}{size}" in marks.targets else ""  # a hint's piece
            cells.append(f'<{tag}{attrs} class="tfx-piece{" empty" if not n else ""}{lit}" '
                         f'title="{label}">{_icon(kind, size)}<b>{n}</b></{tag}>')
        rows.append(f'<div class="tfx-row">{"".join(cells)}</div>')
    return f'<div class="tfx-pool"><p><b>{title}</b></p>{"".join(rows)}</div>'


def _pit(state) -> str:
    cells = "".join(f'<span class="tfx-piece" title="{n} {SIZE_WORDS[s]} red in the fire pit">'
                    f"{_icon('R', s)}<b>{n}</b></span>" for s, n in zip((1, 2, 3), state.pit))
    return f'<div class="tfx-pool"><p><b>Fire pit</b></p><div class="tfx-row">{cells}</div></div>'


def picture_lines(state) -> list[str]:
    """Under a picture of the board: the pool and the fire pit, in words (the panel's pieces, too small there)."""
    def counts(kind):
        return "/".join(str(state.pool_count(kind, size)) for size in (1, 2, 3))
    pool = ", ".join(f"{COLOUR[kind]} {counts(kind)}" for kind in KINDS)
    pit = "/".join(str(n) for n in state.pit)
    return [f"Pool (small/medium/large): {pool}.", f"Fire pit: {pit} red."]


def _key() -> str:
    """The two stacks a glance must tell apart, drawn as on the board and named."""
    def picture(body):
        return f'<svg viewBox="0 0 {CELL} {CELL}" width="34" height="34" aria-hidden="true">{body}</svg>'
    c = CELL / 2
    items = ((frosted(c, c, 3, 2, named=False), "frosted forest",
              "frost on a forest: the forest scores but cannot grow; fire burns only the frost"),
             (capped(c, c, 1, 3, named=False), "capped forest",
              "a glacier over a smaller forest: it moves as a glacier; "
              "the forest scores nothing until the glacier melts or splits"))
    return ('<ul class="tfx-key" aria-label="Key to the board">'
            + "".join(f'<li title="{escape(why)}">{picture(body)}<span>{name}<span class="visually-hidden">: '
                      f"{escape(why)}</span></span></li>" for body, name, why in items)
            + "</ul>")


def panel(state, actor=None, marks: svg.Marks = svg.Marks(), people=None) -> str:
    if state.setup:
        problems = state.layout_problems()
        check = ("".join(f'<li class="problem">{escape(p)}</li>' for p in problems) if problems
                 else '<li class="ok">The layout is valid: press Start.</li>')
        return (f'<p class="note">Choose a piece of the supply, then a square (it takes the place of a piece '
                f"there); choose a piece on the board to take it off. Every colour has {SUPPLY[1]} small, "
                f"{SUPPLY[2]} medium and {SUPPLY[3]} large pieces.</p>"
                + _supply(state, "Supply", True, marks)
                + f'<ul class="tfx-check">{check}</ul>'
                + f'<button type="button" class="tfx-start{" not-ready" if problems else ""}" data-cell="start">'
                  "Start the game</button>")
    out = [_score(state)]
    ours = state.outcome is None and (people is None or any(seat in people for seat in state.actors))
    if state.outcome is None:
        mover = escape(state.actor_name(state.to_move))
        opponent = escape(state.actor_name(state.actors[0])) if state.fire else ""  # who places the fire
        fire = f"the {SIZE_WORDS[state.fire]} fire {_icon('R', state.fire)}" if state.fire else ""
        if fire and marks.targets:  # asked here: the turn said in the same line (under it, it read as a clash)
            out.append(f'<p class="tfx-fire">{opponent}: play {fire} on one of the lit squares, inside {mover}\'s '
                       "turn.</p>")
        else:
            if fire:  # the computer's, or a friend's by link
                out.append(f'<p class="tfx-fire">{opponent} will play {fire}.</p>')
            out.append(f"<p>{mover}'s turn.</p>")
        out.append(_trackers(state))
        if "end" in state.legal_moves() and ours:
            lit = ' class="lit"' if "end" in marks.targets else ""  # a hint's, as the pool's pieces are lit
            out.append(f'<button type="button"{lit} data-cell="end">End the turn</button>')
    out.append(_supply(state, "Pool", ours, marks))
    out.append(_pit(state))
    out.append(_key())
    if state.outcome is None:
        out.append(f'<p class="note">{counted(state.glaciers_left, "glacier")} left; the game ends when '
                   "none is.</p>")
    return "".join(out)

