"""Ice-Turn's board: arrow tiles, goal corners, pieces lying (triangles) or standing (towers in side view).

North is up.  Every tile is one clickable ``data-cell`` (a piece or stack is clicked by
its tile); below the board a tray of HTML buttons (`controls`) holds the other locations: the tiles of the
hand being placed (``tile:sN``), the tip and turn directions (``tip:N``, ``turn:E``),
the Treehouse actions (``tip7``, ``aim:+90``, ``swap``, ``hop``, ``dig``) and ``end``.
Whatever the selection can lead to is lit; the rest stays clickable, so a click on it
explains why not.  The selected piece also gets its tip or turn arrows on its own tile.
"""

from __future__ import annotations

import re

from ..markup import escape

from .. import svg
from ..core import CHANCE, GameError
from ..words import status_of
from ..games.ice_turn import (
    CELLS, DIRECTION_NAMES, DIRS, FACE_TEXT, INDEX, LETTERS, SIZE, SIZE_NAMES, TILES, owner, pips,
    Tile, piece_name, tile_code, tile_words,
)

CELL = 110
LEFT, TOP = 60, 28
BOARD = SIZE * CELL
WIDTH = BOARD + 2 * LEFT
HEIGHT = TOP + BOARD + 10
CAPTION = 14  # a lit tile's cost, as the board's labels
EMBED_PANEL = {2: 96, 3: 124, 4: 132}  # an embed's panel at its tallest in a 400 px frame, by players: their
# routes and hands, and the tiles' placing or the turn's dice
EMBED_TRAY = 150  # the tray in an embed that plays on: four rows of its small buttons in a 400 px frame (embed.css)
BLUE = "#1f7ae0"
INK = "#1d3557"
MUTED = "#8a93a0"
FACE = {"single": "#eef3f8", "double": "#eaf3e3", "qturner": "#f4eaf6"}
ARROW_INK = {"single": "#3d5a80", "double": "#4f7a3a", "qturner": "#7b3f8c"}
ANGLE = {"N": 0, "E": 90, "S": 180, "W": 270}
OUTWARD = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
ARROW_TEXT = {"N": "&#8593;", "E": "&#8594;", "S": "&#8595;", "W": "&#8592;"}
WIDTHS = {1: 0.42, 2: 0.6, 3: 0.78}  # a standing piece's base, as a share of the tile, in side view
COLOURS = tuple(LETTERS)


def _origin(cell: int) -> tuple[float, float]:
    return LEFT + cell % SIZE * CELL, TOP + (SIZE - 1 - cell // SIZE) * CELL


def _centre(cell: int) -> tuple[float, float]:
    x, y = _origin(cell)
    return x + CELL / 2, y + CELL / 2


def _arrow(d: str, cx: float, cy: float, reach: float, colour: str, width: float, start: float = 0.0) -> str:
    """An arrow from `start` to `reach` out of (cx, cy) towards `d`."""
    head = width * 2.6
    return (f'<g transform="rotate({ANGLE[d]} {cx:.1f} {cy:.1f})">'
            f'<path d="M{cx:.1f} {cy - start:.1f}V{cy - reach + head:.1f}" stroke="{colour}" '
            f'stroke-width="{width:.1f}" stroke-linecap="round"/>'
            f'<path d="M{cx:.1f} {cy - reach:.1f}L{cx + head * 0.75:.1f} {cy - reach + head:.1f}'
            f'L{cx - head * 0.75:.1f} {cy - reach + head:.1f}Z" fill="{colour}"/></g>')


def tile_art(tile: Tile, x: float, y: float, size: float, faded: bool = True) -> str:
    """A tile's face: one arrow, a two-headed arrow along an axis, or the Q-Turner's four with a ring."""
    kind, arrows = tile
    cx, cy = x + size / 2, y + size / 2
    ink = ARROW_INK[kind]
    width = size * 0.055
    opacity = ' opacity="0.55"' if faded else ""
    if kind == "single":
        body = _arrow(arrows, cx, cy, size * 0.44, ink, width * 1.3, start=-size * 0.3)
    elif kind == "double":
        body = "".join(_arrow(d, cx, cy, size * 0.44, ink, width) for d in arrows)
    else:
        body = "".join(_arrow(d, cx, cy, size * 0.44, ink, width * 0.8, start=size * 0.18) for d in DIRS)
        body += (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{size * 0.15:.1f}" fill="none" stroke="{ink}" '
                 f'stroke-width="{width:.1f}"/>')
    return f'<g class="arrows {kind} {arrows or "any"}"{opacity}>{body}</g>'


def tile_icon(tile: Tile, size: float = 36) -> str:
    """A small stand-alone picture of a tile, for buttons and the hands."""
    face = svg.rect(0.5, 0.5, size - 1, size - 1, f'fill="{FACE[tile.kind]}" stroke="#8a7f68" rx="3"')
    return (f'<svg viewBox="0 0 {size} {size}" width="{size:.0f}" height="{size:.0f}" aria-hidden="true">'
            f"{face}{tile_art(tile, 0, 0, size, faded=False)}</svg>")


def tower(cx: float, bottom: float, cell: float, pieces) -> str:
    """Standing pieces in side view, bottom to top: each a band as wide as its size, pips on it.

    A lone standing piece is a tower of one: every standing piece is drawn this one way, the top
    one pointed (nothing rests on it), so it never reads as a lying piece seen from above."""
    n = len(pieces)
    band = min(cell * 0.24, cell * 0.78 / n)
    widest = cell * max(WIDTHS[pips(p)] for p in pieces) / 2
    out = [f'<ellipse class="ground" cx="{cx:.1f}" cy="{bottom:.1f}" rx="{widest + 4:.1f}" ry="4" '
           'fill="#000" opacity="0.18"/>']
    for level, piece in enumerate(pieces):
        colour, size = owner(piece), pips(piece)
        paint = svg.PAINTS[colour]
        half = cell * WIDTHS[size] / 2
        y1 = bottom - level * band
        y0 = y1 - band
        top = half * (0.15 if level == n - 1 else 0.62)
        out.append(
            f'<g class="pyramid standing {colour} {SIZE_NAMES[size]}"{svg.named(piece)}>'
            f'<title>{piece_name(piece)}</title>'
            f'<path d="M{cx - half:.1f} {y1:.1f}L{cx - top:.1f} {y0:.1f}L{cx + top:.1f} {y0:.1f}L{cx + half:.1f} '
            f'{y1:.1f}Z" fill="{svg.fill_of(colour)}" stroke="{paint.stroke}" stroke-width="1.4"/>'
            + "".join(f'<circle cx="{cx + (i - (size - 1) / 2) * band * 0.42:.1f}" cy="{y1 - band * 0.38:.1f}" '
                      f'r="{max(1.3, band * 0.11):.1f}" fill="{paint.pip}"/>' for i in range(size))
            + "</g>")
    return "".join(out)


def _cell_pieces(state, cell: int) -> str:
    stack = state.stacks[cell]
    if not stack:
        return ""
    cx, cy = _centre(cell)
    d = state.facing[cell]
    if d is not None:
        colour, size = owner(stack[0]), pips(stack[0])
        return svg.lying(cx, cy, CELL * 0.72, colour, size, d, piece=stack[0])
    return tower(cx, cy + CELL * 0.4, CELL, stack)


def _goal(state, seat) -> str:
    """The goal corner: a thick bracket in its owner's colour along the board's outer edges.

    Its label stands in the margin beside the corner, where no piece on the corner can hide it."""
    x, y = _origin(seat.goal)
    colour = seat.colour
    east = seat.goal % SIZE == SIZE - 1
    south = seat.goal // SIZE == 0
    hx = x + CELL - 4 if east else x + 4
    hy = y + CELL - 4 if south else y + 4
    arm = CELL * 0.45
    paint = svg.PAINTS[colour]
    path = (f"M{hx + (-arm if east else arm):.1f} {hy:.1f}H{hx:.1f}V{hy + (-arm if south else arm):.1f}")
    label_x = LEFT + BOARD + 5 if east else LEFT - 5
    label_y = y + (CELL - 6 if south else 16)
    return (f'<g class="goal {colour}"><title>{colour} goal</title><path d="{path}" fill="none" '
            f'stroke="{paint.fill}" stroke-width="7" stroke-linecap="round"/>'
            f'<text x="{label_x:.1f}" y="{label_y:.1f}" text-anchor="{"start" if east else "end"}" font-size="13" '
            f'fill="{paint.stroke}">goal</text></g>')


def _button(location: str, body: str, lit: bool, title: str, ring: bool = False, kind: str = "") -> str:
    """A tray button; `ring`: one lit anyway (End, MP=7) that a hint names, ringed to stand out.  Unlit, it stays
    clickable: its click says why not."""
    classes = " ".join(c for c in ("action", kind, "lit" if lit else "", "hinted" if ring else "") if c)
    return (f'<button type="button" class="{classes}" data-cell="{escape(location)}" title="{escape(title)}">'
            f"{body}</button>")


def _text(x, y, text, size=13, anchor="middle", colour=INK, extra="") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-size="{size}" fill="{colour}"{extra}>'
            f"{text}</text>")


def _arrow_icon(d: str, lit: bool) -> str:
    return (f'<svg viewBox="0 0 34 34" aria-hidden="true">'
            f"{_arrow(d, 17, 17, 13, BLUE if lit else MUTED, 2.6, start=-9)}</svg>")


def _arrow_title(kind: str, d: str) -> str:
    """A tip or turn direction's hover text: "Tip north"."""
    return f"{kind.capitalize()} {DIRECTION_NAMES[d]}"


def _arrow_button(kind: str, d: str, lit: bool) -> str:
    return _button(f"{kind}:{d}", _arrow_icon(d, lit), lit, _arrow_title(kind, d), kind="arrow")


def _group(caption: str, buttons: str) -> str:
    return f'<div class="group"><span class="caption">{caption}</span><span class="buttons">{buttons}</span></div>'


def _treehouse_buttons(state) -> list[tuple[str, str, str]]:
    """(location, caption, title) of the Treehouse actions the rolled face offers now."""
    if state.phase != "move" or (state.used and not state.aiming):
        return []
    return _treehouse_of("aim" if state.aiming else state.face)


def _treehouse_of(face: str) -> list[tuple[str, str, str]]:
    out = []
    for f in ("tip", "aim", "swap", "hop", "dig") if face == "wild" else (face,):
        if f == "tip":
            out.append(("tip7", "MP=7", "Treehouse Tip: movement points to 7"))
        elif f == "aim":
            out += [(f"aim:+{a}", f"&#8635;{a}&#176;", f"Aim: rotate the selected tile {a} degrees clockwise")
                    for a in (90, 180, 270)]
        else:
            out.append((f, f.capitalize(), FACE_TEXT[f]))
    return out


def controls(state, marks: svg.Marks = svg.Marks(), watching: bool = False) -> str:
    """The tray under the board, in HTML: its buttons a finger high on a phone (drawn in the board's SVG, they
    came out 22 px on a 390 px phone, and each tap opened the lens).  The hand's tiles in setup, else the
    directions, the Treehouse and End; while nobody here may act (`watching`), what the player to act is doing
    and no button; once the game is over, who won (on a phone the status line is under the tray, out of view)."""
    return tray(_tray(state, marks, watching))


def tray(face: str) -> str:
    """The tray holding `face` over its room (`ROOM`): '' gives the empty tray a link's board is shaped with."""
    return f'<div class="tray">{ROOM}<div class="face">{face}</div></div>'


def _tray(state, marks: svg.Marks, watching: bool) -> str:
    if state.outcome is not None:
        result, _, reason = status_of(state).partition(". ")
        return f'<p class="result"><strong>{escape(result)}.</strong> {escape(reason)}</p>'
    if watching or state.phase not in ("place", "move", "react"):
        return f'<p class="doing">{escape(_doing(state))}</p>'
    lit = set(marks.targets)
    if state.phase == "place":
        return _place_rows(state.actor_name(state.active), state.hands[state.turn], lit)
    named = set(marks.targets)  # a hint's, where the button is lit anyway
    if state.is_legal("tip7") or state.is_legal("wild:tip7"):
        lit.add("tip7")  # a move by itself, whatever is selected, as End is
    return _tally(state) + _move_rows(state.phase, _treehouse_buttons(state), lit, named)


def _tally(state) -> str:
    """The die and the movement points left, or that the movement is over, over the tray's rows (its Treehouse
    row shows what the other die gave): shown only where the panel that says them is out of view (app.css: a
    phone held sideways, the panel under the board and its tray)."""
    if state.roll is None:
        return ""
    left = (f"<strong>{state.mp_left}</strong> of {state.mp_total} MP left" if state.phase == "move"
            else "reactionary turning")
    return _tally_line(state.roll, state.actor_name(state.active), left)


def _die(value: int) -> str:
    """A d6 face with its pips."""
    spots = {1: [(2, 2)], 2: [(1, 1), (3, 3)], 3: [(1, 1), (2, 2), (3, 3)], 4: [(1, 1), (3, 1), (1, 3), (3, 3)],
             5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)], 6: [(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)]}[value]
    dots = "".join(f'<circle cx="{x * 7}" cy="{y * 7}" r="2.6" fill="{INK}"/>' for x, y in spots)
    face = svg.rect(1, 1, 26, 26, f'rx="5" fill="#fff" stroke="{INK}" stroke-width="1.5"')
    return (f'<svg class="die d6" viewBox="0 0 28 28" width="28" height="28" role="img" aria-label="d6 shows {value}">'
            f"{face}{dots}</svg>")


def _tally_line(roll: int, who: str, doing: str) -> str:
    """The die and what is left of it, in one span: a phone held sideways centres it beside End (app.css)."""
    return f'<p class="tally"><span>{_die(roll)}{escape(who)}: {doing}</span></p>'


def _place_rows(who: str, hand, lit: set) -> str:
    out = [f'<p class="help">{escape(who)}: choose an empty cell, then a tile</p>']
    for name in dict.fromkeys(hand):
        kind = TILES[name]
        tiles = []
        for arrows in kind.orientations:
            tile = Tile(name, arrows)
            code = tile_code(tile)
            tiles.append(_button(f"tile:{code}", tile_icon(tile), f"tile:{code}" in lit,
                                 f"Place {tile_words(tile)}", kind="tile"))
        out.append(_group(f"{kind.title} &#215;{hand.count(name)}", "".join(tiles)))
    return "".join(out)


def _move_rows(phase: str, treehouse: list[tuple[str, str, str]], lit: set, named: set) -> str:
    out = []
    for action in ("turn",) if phase == "react" else ("tip", "turn"):
        caption = "Turn (free)" if phase == "react" else f"{action.capitalize()} 1 MP"
        out.append(_group(caption, "".join(_arrow_button(action, d, f"{action}:{d}" in lit) for d in DIRS)))
    buttons = "".join(_button(location, caption, location in lit, title, location == "tip7" and location in named)
                      for location, caption, title in treehouse)
    end = "End movement" if phase == "move" else "End turn"
    end_button = _button("end", end, True, end, "end" in named, kind="end")
    # End in the Treehouse's row, its buttons wrapping under the caption: a phone's Wild face in four rows, not five
    last = f'<span class="caption">Treehouse</span>{buttons}' if buttons else ""
    out.append(f'<div class="group last">{last}{end_button}</div>')
    return "".join(out)


def _unseen(rows: str) -> str:
    """`rows` laid out but not there: no location to press or find, out of the tab order, hidden from readers; an
    icon's box without its drawing (app.css sizes it)."""
    rows = re.sub(r' (data-cell|title)="[^"]*"', "", rows).replace("<button ", '<button tabindex="-1" ')
    rows = rows.replace('class="action ', 'class="')
    rows = re.sub(r"<svg[^>]*>.*?</svg>", "<svg></svg>", rows)
    return f'<div class="room" aria-hidden="true">{rows}</div>'


# The tray's room: its tallest faces (a Wild roll's under the longest line `_tally` says, the whole hand's in the
# placing), every button lit (a lit border is wider), laid out unseen in the tray's one cell beside the face it
# shows (app.css), so that the tray is as high from turn to turn at any width: a phone's Wild and Aim faces were a
# row or two higher than the others, and what is under the board moved.
_WILD = _treehouse_of("wild")
_TILE_CODES = [tile_code(Tile(name, arrows)) for name, kind in TILES.items() for arrows in kind.orientations]
_LIT = {"end", *(place for place, _, _ in _WILD), *(f"{a}:{d}" for a in ("tip", "turn") for d in DIRS)}
ROOM = (_unseen(_tally_line(6, "Player 1", "reactionary turning") + _move_rows("move", _WILD, _LIT, set()))
        + _unseen(_place_rows("Player 1", list(TILES), {f"tile:{code}" for code in _TILE_CODES})))


def _doing(state) -> str:
    """What the player to act is doing, for the tray while it is not the person's to use."""
    who = state.actor_name(state.active)
    if state.phase == "place":
        return f"{who} is placing a tile."
    if state.phase == "move":
        return f"{who} is moving: {state.mp_left} of {state.mp_total} movement points left."
    if state.phase == "react":
        return f"{who}: reactionary turning."
    return f"{who} rolls the dice next." if state.phase == "roll" else "Dealing the tiles."


def _edge_arrows(marks: svg.Marks) -> list[str]:
    """The tip or turn directions of the selected piece, inside its tile by each edge (the tray has them too)."""
    if not marks.selected or marks.selected[0] not in INDEX:
        return []
    x, y = _centre(INDEX[marks.selected[0]])
    inset = CELL / 2 - 16  # from the tile's centre to a button's centre
    look = f'fill="{BLUE}" fill-opacity="0.16" stroke="{BLUE}" stroke-width="2.5" rx="5"'
    out = []
    for kind, _, d in (target.partition(":") for target in marks.targets):
        if kind in ("tip", "turn") and d in DIRS:
            bx, by = x + OUTWARD[d][0] * inset, y + OUTWARD[d][1] * inset
            out.append(f'<g class="direction"><g class="action lit" data-cell="{kind}:{d}">'
                       f"<title>{_arrow_title(kind, d)}</title>{svg.rect(bx - 17, by - 17, 34, 34, look)}"
                       f"{_arrow(d, bx, by, 13, BLUE, 2.6, start=-9)}</g></g>")
    return out


def _move_cost(state, marks: svg.Marks, cell: int) -> str:
    """What a lit destination costs, for a plain move of the selected piece."""
    if state.phase != "move" or len(marks.selected) != 1 or marks.selected[0] not in INDEX:
        return ""
    source = INDEX[marks.selected[0]]
    if state.facing[source] is None or not state.stacks[source]:
        return ""
    return f"move {pips(state.stacks[source][0])} MP"


def draw(state, marks: svg.Marks = svg.Marks()) -> str:
    """The board with the selection, lit targets, last move and goals; its actions are in the tray under it
    (`controls`)."""
    tiles, art, pieces, overlays = [], [], [], []
    reacting = state.phase == "react" and state.outcome is None
    for cell in range(SIZE * SIZE):
        name = CELLS[cell]
        x, y = _origin(cell)
        tile = state.tiles[cell]
        fill = FACE[tile.kind] if tile else "#fff"
        cls = "cell" + (" target" if name in marks.targets else "") + (" empty" if tile is None else "")
        tiles.append(f'<rect class="{cls}" data-cell="{name}" x="{x:.1f}" y="{y:.1f}" width="{CELL}" '
                     f'height="{CELL}" fill="{fill}" stroke="#8a7f68" stroke-width="1.5">'
                     f"<title>{escape(state.location_name(name))}</title></rect>")
        if tile:
            art.append(tile_art(tile, x, y, CELL))
        if name in marks.last:
            art.append(svg.rect(x + 2, y + 2, CELL - 4, CELL - 4, 'class="last" fill="#f5d76e" opacity="0.45"'))
        pieces.append(_cell_pieces(state, cell))
        if reacting and cell in state.turnable:
            ring = 'class="turnable" fill="none" stroke="#e08a1f" stroke-width="4" stroke-dasharray="9 5" rx="6"'
            overlays.append(svg.rect(x + 5, y + 5, CELL - 10, CELL - 10, ring))
        if name in marks.last:
            overlays.append(svg.last_frame(x, y, CELL))
        if name in marks.selected:
            overlays.append(svg.rect(x + 2, y + 2, CELL - 4, CELL - 4, f'class="selected" fill="none" stroke="{BLUE}" '
                                                                   'stroke-width="4"'))
        if name in marks.targets:
            overlays.append(svg.rect(x + 4, y + 4, CELL - 8, CELL - 8, f'fill="{BLUE}" fill-opacity="0.14" '
                                                                   f'stroke="{BLUE}" stroke-width="3" rx="4"'))
            cost = _move_cost(state, marks, cell)
            if cost:
                overlays.append(_text(x + CELL / 2, y + 18, cost, CAPTION, colour=BLUE, extra=' font-weight="bold"'))
    goals = [_goal(state, seat) for seat in state.seats]
    labels = [_text(LEFT + (i + 0.5) * CELL, TOP - 9, "abcd"[i], 15, colour="#666") for i in range(SIZE)]
    labels += [_text(LEFT / 2, TOP + (SIZE - 1 - i + 0.5) * CELL + 5, str(i + 1), 15, colour="#666")
               for i in range(SIZE)]
    layers = [f'<g class="tiles">{"".join(tiles)}</g>',
              f'<g class="art" pointer-events="none">{"".join(art)}{"".join(goals)}</g>',
              f'<g class="pieces" pointer-events="none">{"".join(pieces)}</g>',
              f'<g class="overlays" pointer-events="none">{"".join(overlays)}</g>',
              f'<g class="directions">{"".join(_edge_arrows(marks))}</g>',
              f'<g class="labels" pointer-events="none">{"".join(labels)}</g>']
    status = "game over" if state.outcome else f"{state.active} to act"
    return svg.document(WIDTH, HEIGHT, "".join(layers), f"Ice-Turn board, {status}", COLOURS)


def panel(state, actor=None, marks=None, people=None) -> str:
    """The seats and hands, the dice with the Treehouse face's meaning, movement points and phase."""
    out = []
    for seat_index, seat in enumerate(state.seats):
        colour = seat.colour
        hand = state.hands[seat_index]
        held = ""
        if state.phase in ("deal", "place"):
            icons = "".join(tile_icon(Tile(name, TILES[name].orientations[0]), 20) for name in hand)
            held = f" &#8212; hand: {icons or 'empty'}"
        mark = " &#9664;" if seat_index == state.turn and state.outcome is None and state.phase != "deal" else ""
        out.append(f'<p class="seat"><span class="who {colour}"></span>{colour.capitalize()}: '
                   f"{CELLS[seat.start]} &#8594; goal {CELLS[seat.goal]}{held}{mark}</p>")
    if state.phase == "deal":
        left = sum(state.undealt().values())
        out.append(f'<p class="phase">Dealing the tiles: {left} still to deal.</p>')
    elif state.phase == "place":
        placed = sum(t is not None for t in state.tiles)
        out.append(f'<p class="phase">Placing the tiles: {placed} of 16 placed. A single arrow may not point off the '
                   "board; one Q-Turner per row and column.</p>")
    elif state.outcome is not None:  # no dice nor movement points left to show: how it ended
        out.append(f'<p class="phase">The game is over. {escape(state.outcome.reason)}</p>')
    else:
        who = state.actor_name(state.active)
        if state.roll is None:
            out.append(f'<p class="dice">{escape(who)} rolls the dice next.</p>')
        else:
            face = state.face
            used = (f" (used as {state.used})" if state.face == "wild" else " (used)") if state.used else ""
            house = (f'<span class="treehouse">Treehouse: <strong>{escape(face.capitalize())}</strong>{escape(used)} '
                     f'&#8212; {escape(FACE_TEXT[face].split(": ", 1)[1])}</span>') if face else ""
            out.append(f'<p class="dice">{_die(state.roll)} {house}</p>')
            phase = {"move": "movement and Treehouse phase", "react": "reactionary turning",
                     "roll": "rolling"}[state.phase]
            out.append(f'<p class="mp">{escape(who)}: <strong>{state.mp_left}</strong> of {state.mp_total} '
                       f"movement points left &#8212; {phase}.</p>")
    return "".join(out)


def choice_svg(state, move: str) -> str:
    """The stacks a move makes where the player chose an insertion index, in side view."""
    try:
        after = state.play(move)
    except GameError:
        return ""
    cells = [c for c in range(SIZE * SIZE)
             if after.stacks[c] != state.stacks[c] and len(after.stacks[c]) > 1 and state.stacks[c]]
    if not cells:
        return ""
    width, height = 64, 96
    body = []
    for i, cell in enumerate(cells):
        cx = width * i + width / 2
        body.append(tower(cx, height - 18, width * 1.1, after.stacks[cell]))
        body.append(_text(cx, height - 3, CELLS[cell], 11))
    total = width * len(cells)
    return (f'<svg class="stack-picture" viewBox="0 0 {total} {height}" width="{total}" height="{height}" '
            f'role="img" aria-label="the resulting stack">{svg.defs(COLOURS)}{"".join(body)}</svg>')


def last_marks(before, move, after):
    """The tiles the move touched: its path and every cell whose tile or pieces changed."""
    if before.actors == (CHANCE,):
        return (), ()
    cells = [c for c in before.path(move) if c in INDEX]
    cells += [CELLS[i] for i in range(SIZE * SIZE)
              if before.stacks[i] != after.stacks[i] or before.facing[i] != after.facing[i]
              or before.tiles[i] != after.tiles[i]]
    return tuple(dict.fromkeys(cells)), ()
