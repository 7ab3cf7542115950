"""IceToids' board: 16 tiles, face-down or revealed, with pieces that stand or point.

North is up.  Every clickable location is its own element with ``data-cell``: the
tiles, each piece on a tile (several share a tile in a small grid), the pieces
waiting beside their home tile (``off:<colour>``), the ways to point the selected
piece (``dir:N``.., by its tile and under the board: `controls`) and, in setup, the
colour swatches (``colour:<c>``).
A face-down tile is drawn as one shared back, so the drawing holds nothing about
it; a tile waiting to be turned shows its candidate layouts above or below the
board, captioned like the choice buttons.
"""

from __future__ import annotations

from ..markup import escape
from math import ceil, cos, pi, sin, sqrt

from .. import svg
from ..core import CHANCE, counted
from ..games.icetoids import (
    EDGE_NAMES, GLYPH_NAMES, tile_title,
    CELLS, COLOURS, INDEX, OPPOSITE, ORIENTATIONS, OUTER_EDGES, SIZE, TARGET_COUNT, TILESET, arrows_words,
)

CELL = 110
MARGIN = 90
EMBED_PANEL = {2: 148, 3: 184, 4: 220}  # an embed's panel at its tallest in a 400 px frame, by players: each
# player's home, pieces and targets, and the tiles still face down
EMBED_TRAY = 42  # the ways to point under the board in an embed that plays on: a row of its small buttons
SIDE = SIZE * CELL + 2 * MARGIN
PIECE_SIZE = 2  # all pieces are one size; medium pips read well at this scale
OUTWARD = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
ANGLE = {"N": 0, "E": 90, "S": 180, "W": 270}
ARROW_TEXT = {"N": "&#8593;", "E": "&#8594;", "S": "&#8595;", "W": "&#8592;"}
BLUE = "#1f7ae0"
INK = "#1d3557"
TILE_FACE = "#f3eee1"
BACK = "#4b5b72"
# Each colour's target symbol has its own shape, so colour is never the only clue.
HIT = 'fill="#fff" fill-opacity="0"'  # invisible, yet it takes clicks
# A lone piece takes the clicks of most of its tile, the waiting pieces those of most of the margin beside their
# home: a finger high on a 390 px phone (56 and 46 px), where the pieces drawn measure 38 and 24 px and a tap
# opened the lens (static/access.js).  An uncovered tile's own click only explains; a target covers its pieces.
LONE_HIT = CELL * 0.8
WAITING_HIT = 72
# A tile to click whatever lies on it: a move's destination, or the tile to turn.
TARGET_LOOK = f'class="target" fill="{BLUE}" style="fill-opacity:0.14" stroke="{BLUE}" stroke-width="4"'
TURN_LOOK = f'class="turn" fill="{BLUE}" style="fill-opacity:0.1" stroke="{BLUE}" stroke-width="4" ' \
            'stroke-dasharray="10 6"'
# Under each blue outline a white one twice as wide: blue alone stands 1.6:1 against a face-down tile's slate,
# the white 6.9:1 (on a revealed tile's cream, the blue itself is 3.7:1).
HALO = 'fill="none" stroke="#fff" pointer-events="none" stroke-width='


def _origin(cell: int) -> tuple[float, float]:
    """The top-left corner of a tile (row 1 at the bottom)."""
    return MARGIN + cell % SIZE * CELL, MARGIN + (SIZE - 1 - cell // SIZE) * CELL


def _centre(cell: int) -> tuple[float, float]:
    x, y = _origin(cell)
    return x + CELL / 2, y + CELL / 2


def _rect(x, y, w, h, attrs: str = "") -> str:
    return f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" {attrs}/>'


def _points(pts) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)


def glyph(colour: str, cx: float, cy: float, r: float, flat: bool = False) -> str:
    """The target symbol of `colour`: a ring, a star, a diamond or a cross (`flat`: no pattern)."""
    paint = svg.PAINTS[colour]
    fill = paint.fill if flat else svg.fill_of(colour)
    style = f'fill="{fill}" stroke="{paint.stroke}" stroke-width="2"'
    shape = GLYPH_NAMES[colour]
    if shape == "ring":
        body = (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" {style}/>'
                f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r * 0.45:.1f}" fill="{TILE_FACE}" '
                f'stroke="{paint.stroke}" stroke-width="2"/>')
    elif shape == "star":
        pts = [(cx + (r if k % 2 == 0 else r * 0.45) * sin(k * pi / 5),
                cy - (r if k % 2 == 0 else r * 0.45) * cos(k * pi / 5)) for k in range(10)]
        body = f'<polygon points="{_points(pts)}" {style}/>'
    elif shape == "diamond":
        pts = [(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)]
        body = f'<polygon points="{_points(pts)}" {style}/>'
    else:
        t = r * 0.36
        pts = [(cx - t, cy - r), (cx + t, cy - r), (cx + t, cy - t), (cx + r, cy - t), (cx + r, cy + t),
               (cx + t, cy + t), (cx + t, cy + r), (cx - t, cy + r), (cx - t, cy + t), (cx - r, cy + t),
               (cx - r, cy - t), (cx - t, cy - t)]
        body = f'<polygon points="{_points(pts)}" {style}/>'
    return f'<g class="glyph {colour} {shape}">{body}</g>'


def arrow(d: str, cx: float, cy: float, size: float, colour: str = INK) -> str:
    """An arrow from the tile's centre towards its `d` edge."""
    tip, head, w = size * 0.45, size * 0.17, size * 0.11
    return (
        f'<g class="arrow {d}" transform="rotate({ANGLE[d]} {cx:.1f} {cy:.1f})">'
        f'<path d="M{cx:.1f} {cy - size * 0.08:.1f}V{cy - tip + head:.1f}" stroke="{colour}" '
        f'stroke-width="{size * 0.065:.1f}" stroke-linecap="round"/>'
        f'<polygon points="{_points([(cx, cy - tip), (cx + w, cy - tip + head), (cx - w, cy - tip + head)])}" '
        f'fill="{colour}"/></g>'
    )


def tile_art(tile: tuple, x: float, y: float, size: float) -> str:
    """What a revealed tile shows: its target symbol, or its arrows as turned."""
    name, arrows = tile
    cx, cy = x + size / 2, y + size / 2
    target = TILESET[name].target
    if target:
        return (f'<g opacity="0.55">{glyph(target, cx, cy, size * 0.36)}</g>'
                f'{glyph(target, x + size * 0.15, y + size * 0.15, size * 0.1)}'
                f'{glyph(target, x + size * 0.85, y + size * 0.85, size * 0.1)}')
    if arrows is None:  # drawn, not yet turned: its layouts are offered beside the board
        return (f'<text x="{cx:.1f}" y="{y + size * 0.2:.1f}" text-anchor="middle" font-size="{size * 0.13:.0f}" '
                f'fill="{INK}">{escape(name)} &#8635;</text>')
    return "".join(arrow(d, cx, cy, size) for d in arrows)


def _slots(n: int, cx: float, cy: float) -> tuple[float, list[tuple[float, float]]]:
    """Slot size and centres for `n` pieces on one tile, in a small grid."""
    cols = max(1, ceil(sqrt(n)))
    rows = ceil(n / cols)
    slot = min(CELL * 0.66 / cols, CELL * 0.55)
    centres = []
    for i in range(n):
        r, c = divmod(i, cols)
        in_row = min(cols, n - r * cols)
        centres.append((cx + (c - (in_row - 1) / 2) * slot, cy + (r - (rows - 1) / 2) * slot))
    return slot, centres


def piece(colour: str, stance: str, cx: float, cy: float, slot: float) -> str:
    """A piece on a tile, named by its colour (`svg.named`): a colour's pieces are alike."""
    if stance == "U":
        return svg.standing(cx, cy, slot * 1.15, colour, PIECE_SIZE, piece=colour)
    return svg.lying(cx, cy, slot * 1.2, colour, PIECE_SIZE, stance, piece=colour)


def _ring(name: str, marks: svg.Marks, cx: float, cy: float, w: float, h: float) -> str:
    """The mark around a piece or the waiting pieces: chosen, or lit as one to choose (a tile target's look: Show
    me lit nothing where a lesson asked for a piece)."""
    x, y = cx - w / 2, cy - h / 2
    if name in marks.selected:
        return _rect(x, y, w, h, f'fill="none" stroke="{BLUE}" stroke-width="3.5" rx="4"')
    if name in marks.targets:
        return _rect(x, y, w, h, HALO + '"7" rx="4"') + _rect(x, y, w, h, TARGET_LOOK + ' rx="4"')
    return ""


def _pieces(state, marks: svg.Marks, covered: set) -> list[str]:
    """Every piece on a tile, each clickable on its own (unless a target covers its tile)."""
    out = []
    for cell, here in enumerate(state.pieces):
        if not here:
            continue
        slot, centres = _slots(len(here), *_centre(cell))
        for (colour, stance), (px, py) in zip(here, centres):
            name = f"{CELLS[cell]}:{colour}.{stance}"
            click = "" if cell in covered else f' data-cell="{name}"'
            ring = _ring(name, marks, px, py, slot - 1, slot - 1)
            hit = LONE_HIT if len(here) == 1 else slot
            out.append(
                f'<g class="piece {colour}"{click}><title>{colour} piece, '
                f'{"upright" if stance == "U" else "pointing " + EDGE_NAMES[stance]}</title>'
                f'{_rect(px - hit / 2, py - hit / 2, hit, hit, HIT)}'
                f"{piece(colour, stance, px, py, slot)}{ring}</g>"
            )
    return out


def _beside(cell: int, edge: str, depth: float, gap: float, length: float = CELL) -> tuple[float, float, float, float]:
    """A strip `length` along `cell`'s `edge` and `depth` deep, `gap` outside it: its centre, width and height."""
    cx, cy = _centre(cell)
    dx, dy = OUTWARD[edge]
    offset = CELL / 2 + gap + depth / 2
    w, h = (length, depth) if dy else (depth, length)
    return cx + dx * offset, cy + dy * offset, w, h


def _homes(state, marks: svg.Marks) -> list[str]:
    """Each seat's home edge, and its waiting pieces beside it, pointing in."""
    out = []
    waiting = state.off_board
    for seat, home in state.homes.items():
        colour = state.colours[seat]
        if home is None:
            continue
        cell, edge = INDEX[home[0]], home[1]
        bx, by, w, h = _beside(cell, edge, 6, 2, CELL - 8)
        out.append(_rect(bx - w / 2, by - h / 2, w, h, f'class="home-edge {colour}" fill="{svg.fill_of(colour)}" '
                                                      f'stroke="{svg.PAINTS[colour].stroke}" stroke-width="1"'))
        count = waiting.get(colour, 0)
        if not count:
            continue
        slot = CELL / 3
        sx, sy, w, h = _beside(cell, edge, 38, 10)
        ax, ay = abs(OUTWARD[edge][1]), abs(OUTWARD[edge][0])  # along the edge
        name = f"off:{colour}"
        drawn = "".join(
            svg.lying(sx + ax * (i - (count - 1) / 2) * slot, sy + ay * (i - (count - 1) / 2) * slot,
                      slot * 1.15, colour, PIECE_SIZE, OPPOSITE[edge], piece=colour)
            for i in range(count)
        )
        ring = _ring(name, marks, sx, sy, w, h)
        hx, hy, hw, hh = _beside(cell, edge, WAITING_HIT, 2)
        out.append(f'<g class="waiting {colour}" data-cell="{name}"><title>{counted(count, colour + " piece")} '
                   f'waiting to enter {home[0]}</title>'
                   f'{_rect(hx - hw / 2, hy - hh / 2, hw, hh, HIT)}{drawn}{ring}</g>')
    return out


def _directions(marks: svg.Marks) -> list[str]:
    """Buttons to point the selected piece, inside its tile by each edge (the tray under the board has them too)."""
    ways = [t[4:] for t in marks.targets if t.startswith("dir:")]
    if not ways or not marks.selected or marks.selected[0][:2] not in INDEX:
        return []
    cx, cy = _centre(INDEX[marks.selected[0][:2]])
    out = []
    for d in ways:
        dx, dy = OUTWARD[d]
        bx, by = cx + dx * (CELL / 2 - 15), cy + dy * (CELL / 2 - 15)
        out.append(f'<g class="direction" data-cell="dir:{d}"><title>Point {EDGE_NAMES[d]}</title>'
                   f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="13" fill="#fff" stroke="{BLUE}" stroke-width="2.5"/>'
                   f'{arrow(d, bx, by, 30, BLUE)}</g>')
    return out


def _swatches(state, marks: svg.Marks) -> str:
    """The colour choice, over the four inner tiles (never a home tile); a lit one (a hint) is outlined."""
    x0, y0 = MARGIN + CELL, MARGIN + CELL
    size = 2 * CELL
    out = [_rect(x0 + 4, y0 + 4, size - 8, size - 8, 'fill="#fff" stroke="#888" rx="10" opacity="0.96"'),
           f'<text x="{x0 + CELL:.1f}" y="{y0 + 28:.1f}" text-anchor="middle" font-size="16" fill="{INK}">'
           f"{escape(state.actor_name(state.active))}: pick a colour</text>"]
    owner = {c: s for s, c in state.colours.items() if c}
    for i, colour in enumerate(COLOURS):
        sx, sy = x0 + 14 + i % 2 * 98, y0 + 40 + i // 2 * 84
        taken = colour in owner
        note = f" (taken by {owner[colour].upper()})" if taken else ""
        look = 'class="swatch taken" opacity="0.35"' if taken else 'class="swatch"'
        lit = f"colour:{colour}" in marks.targets
        edge = f'stroke="{BLUE}" stroke-width="5"' if lit else f'stroke="{svg.PAINTS[colour].stroke}" stroke-width="2"'
        out.append(
            f'<g {look} data-cell="colour:{colour}"><title>{colour}{note}</title>'
            + _rect(sx, sy, 94, 78, f'fill="{TILE_FACE}" {edge} rx="6"')
            + glyph(colour, sx + 47, sy + 30, 22)
            + f'<text x="{sx + 47:.1f}" y="{sy + 71:.1f}" text-anchor="middle" font-size="14" fill="{INK}">'
            f"{colour}{' &#10007;' if taken else ''}</text></g>"
        )
    return "".join(out)


def _corner_edges(state, marks: svg.Marks) -> str:
    """The two edges a corner home may wait beside, once the corner is clicked."""
    if not marks.selected or marks.selected[0] not in INDEX:
        return ""
    cell = INDEX[marks.selected[0]]
    out = []
    for edge in OUTER_EDGES[cell] if len(OUTER_EDGES[cell]) > 1 else ():
        bx, by, w, h = _beside(cell, edge, 30, 6)
        out.append(_rect(bx - w / 2, by - h / 2, w, h, f'fill="none" stroke="{BLUE}" stroke-width="2" '
                                                      'stroke-dasharray="6 4" rx="4"'))
        out.append(f'<text x="{bx:.1f}" y="{by + 5:.1f}" text-anchor="middle" font-size="13" fill="{BLUE}">'
                   f"{EDGE_NAMES[edge]}</text>")
    return "".join(out)


def _orientations(state, marks: svg.Marks) -> str:
    """The layouts the tile being turned can take, in the band away from it: each picture is the choice
    (``turn:<arrows>``, a click turns the tile so), its words under it; a lit one (a hint) is outlined."""
    cell = state.pending
    name = state.tiles[cell].kind
    top = cell // SIZE < SIZE - 1
    y0 = 4 if top else SIDE - MARGIN + 4
    lines = (f"{state.actor_name(state.active)}:", f"{CELLS[cell]} is the {name}", "arrow tile. Choose",
             "how it is turned:")
    out = [_rect(4, y0, SIDE - 8, MARGIN - 8, 'fill="#fff" stroke="#888" rx="8"'),
           f'<text font-size="12.5" fill="{INK}" pointer-events="none">'
           + "".join(f'<tspan x="14" y="{y0 + 20 + 17 * i:.1f}">{escape(line)}</tspan>' for i, line in enumerate(lines))
           + "</text>"]
    for i, arrows in enumerate(ORIENTATIONS[name]):
        x = 152 + i * 116
        edge = f'stroke="{BLUE}" stroke-width="3.5"' if f"turn:{arrows}" in marks.targets else 'stroke="#8a7f68"'
        out.append(f'<g class="preview" data-arrows="{arrows}" data-cell="turn:{arrows}">'
                   + _rect(x, y0 + 3, 112, MARGIN - 14, f'class="choice" fill="#fbf8f1" {edge} rx="6"')
                   + _rect(x + 34, y0 + 8, 44, 44, f'fill="{TILE_FACE}" stroke="#8a7f68"')
                   + tile_art((name, arrows), x + 34, y0 + 8, 44)
                   + f'<text x="{x + 56}" y="{y0 + 68:.1f}" text-anchor="middle" font-size="12.5" fill="{INK}">'
                   f"{arrows_words(arrows)}</text></g>")
    return f'<g class="orientations">{"".join(out)}</g>'


def _banner(text: str) -> str:
    return (f'<text class="banner" x="{SIDE / 2:.1f}" y="28" text-anchor="middle" font-size="17" '
            f'fill="{INK}">{escape(text)}</text>')


def _labels() -> str:
    out = []
    for i in range(SIZE):
        out.append(f'<text x="{MARGIN + (i + 0.5) * CELL:.1f}" y="{SIDE - 10}" text-anchor="middle" '
                   f'font-size="16" fill="#666">{"abcd"[i]}</text>')
        out.append(f'<text x="12" y="{MARGIN + (SIZE - 1 - i + 0.5) * CELL + 6:.1f}" text-anchor="middle" '
                   f'font-size="16" fill="#666">{i + 1}</text>')
    return "".join(out)


CONTROLS = True  # the colour choice: not drawn while nobody here may act, nor in a picture (`views.draw`)


def draw(state, marks: svg.Marks = svg.Marks(), watching: bool = False, picture: bool = False) -> str:
    """The board with marks: selection, targets, last move; setup and turning prompts (while nobody here may act,
    `watching`, or in a `picture`: what the player to act is choosing, with no colour to pick and no home tile
    lit)."""
    watching = watching or picture
    turning = _turning(state)
    choosing_colour = state.in_setup and state.colours[state.active] is None
    choosing_home = state.in_setup and not choosing_colour
    homes = {state.path(move)[0] for move in state.legal_moves()} if choosing_home and not watching else set()
    # Tiles a click must reach whatever lies on them: move destinations and the tile to turn.
    covered = {INDEX[t] for t in marks.targets if t in INDEX} | ({state.pending} if turning else set())
    tiles, art, overlays = [], [], []
    for cell, tile in enumerate(state.tiles):
        name = CELLS[cell]
        x, y = _origin(cell)
        click = "" if cell in covered else f' data-cell="{name}"'
        cls = "cell " + ("face-down" if tile is None else "revealed")
        fill = "url(#tile-back)" if tile is None else TILE_FACE
        tiles.append(f'<rect class="{cls}"{click} x="{x:.1f}" y="{y:.1f}" width="{CELL}" height="{CELL}" '
                     f'fill="{fill}" stroke="#8a7f68" stroke-width="1.5">'
                     f"<title>{name}: {tile_title(tile)}</title></rect>")
        if tile is not None:
            art.append(tile_art(tile, x, y, CELL))
        if name in marks.last:
            art.append(_rect(x + 2, y + 2, CELL - 4, CELL - 4, 'class="last" fill="#f5d76e" opacity="0.45"'))
        if name in homes:
            art.append(_rect(x + 5, y + 5, CELL - 10, CELL - 10, HALO + '"7"'))
            art.append(_rect(x + 5, y + 5, CELL - 10, CELL - 10, f'fill="none" stroke="{BLUE}" stroke-width="3" '
                                                                 'stroke-dasharray="8 5"'))
        if name in marks.selected:
            art.append(_rect(x + 2, y + 2, CELL - 4, CELL - 4, HALO + '"8"'))
            art.append(_rect(x + 2, y + 2, CELL - 4, CELL - 4, f'class="selected" fill="none" stroke="{BLUE}" '
                                                               'stroke-width="4"'))
        if name in marks.last:
            overlays.append(svg.last_frame(x, y, CELL))
        if cell in covered:
            look = TARGET_LOOK if cell != state.pending else TURN_LOOK
            overlays.append(_rect(x + 3, y + 3, CELL - 6, CELL - 6, HALO + '"8"'))
            overlays.append(_rect(x + 3, y + 3, CELL - 6, CELL - 6, f'data-cell="{name}" {look}'))
    layers = [f'<g class="tiles">{"".join(tiles)}</g>',
              f'<g class="art" pointer-events="none">{"".join(art)}</g>',
              f'<g class="homes">{"".join(_homes(state, marks))}</g>',
              f'<g class="pieces">{"".join(_pieces(state, marks, covered))}</g>',
              f'<g class="overlays">{"".join(overlays)}</g>',
              f'<g class="directions">{"".join(_directions(marks))}</g>',
              f'<g class="labels" pointer-events="none">{_labels()}</g>']
    who = state.actor_name(state.active)
    if choosing_colour and watching:
        layers.append(_banner(f"{who} is choosing a colour."))
    elif choosing_colour:
        layers.append(_swatches(state, marks))
    elif choosing_home and watching:
        layers.append(_banner(f"{who} is choosing a home tile on the edge of the board."))
    elif choosing_home:
        layers.append(_banner(f"{who}: choose your home tile on the edge of the board"))
        layers.append(f'<g pointer-events="none">{_corner_edges(state, marks)}</g>')
    elif turning:
        layers.append(_orientations(state, marks))
    elif state.actors == (CHANCE,):
        layers.append(_banner(f"{CELLS[state.pending]} is being revealed"))
    back = (f'<defs><pattern id="tile-back" width="22" height="22" patternUnits="userSpaceOnUse">'
            f'<rect width="22" height="22" fill="{BACK}"/><path d="M0 11L11 0L22 11L11 22Z" fill="none" '
            f'stroke="#6d7e96" stroke-width="2"/></pattern></defs>')
    status = "game over" if state.outcome else f"{who} to act"
    return svg.document(SIDE, SIDE, back + "".join(layers), f"IceToids board, {status}", COLOURS)


def controls(state, marks: svg.Marks = svg.Marks(), watching: bool = False) -> str:
    """The ways to point the selected piece, or to turn a tile just revealed, as HTML buttons under the board: a
    finger high on a phone, where those drawn by the board measure 16 px (a tap there opens the lens) and the
    turning pictures' words 7 px (app.css hides those there).  The tray keeps its room from the setup on, empty
    while nothing here is to point or turn, so nothing under the board moves as a piece is chosen, nor as play
    begins (a link shared while the others still choose their colours is shaped as it will be drawn)."""
    if watching:
        return tray("")
    if _turning(state):
        return tray(_turn_buttons(state, marks))
    ways = [t[4:] for t in marks.targets if t.startswith("dir:")]
    buttons = "".join(f'<button type="button" class="action lit" data-cell="dir:{d}" title="Point the selected '
                      f'piece {EDGE_NAMES[d]}">{ARROW_TEXT[d]} {d}</button>' for d in ways)
    point = f'<div class="group"><span class="caption">Point it</span><span class="buttons">{buttons}</span></div>'
    return tray(point if ways else "")


def _turning(state) -> bool:
    """A tile revealed under a piece waits to be turned."""
    return state.pending is not None and state.tiles[state.pending] is not None and state.outcome is None


def _turn_buttons(state, marks: svg.Marks) -> str:
    """The ways the revealed tile may be turned, each its picture (a hint's ringed), for the tray."""
    cell, face = state.pending, _rect(1, 1, 42, 42, f'fill="{TILE_FACE}" stroke="#8a7f68"')
    name = state.tiles[cell].kind
    buttons = []
    for arrows in ORIENTATIONS[name]:
        hinted = " hinted" if f"turn:{arrows}" in marks.targets else ""
        buttons.append(f'<button type="button" class="action tile lit{hinted}" data-cell="turn:{arrows}" '
                       f'title="Turn {CELLS[cell]}: {arrows_words(arrows)}">'
                       f'<svg viewBox="0 0 44 44" aria-hidden="true">{face}{tile_art((name, arrows), 0, 0, 44)}'
                       "</svg></button>")
    return (f'<div class="group"><span class="caption">Turn {CELLS[cell]}</span>'
            f'<span class="buttons">{"".join(buttons)}</span></div>')


def tray(face: str) -> str:
    """The tray holding `face`: '' gives the empty tray a link's board is shaped with."""
    return f'<div class="tray">{face}</div>'


def panel(state, actor=None, marks=None, people=None) -> str:
    """Each seat's colour, home and progress; the tiles still hidden."""
    out = []
    for seat, colour in state.colours.items():
        name = escape(state.actor_name(seat))
        if colour is None:
            out.append(f'<p class="seat">{name}: choosing a colour</p>')
            continue
        symbol = (f'<svg class="symbol" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">'
                  f"{glyph(colour, 10, 10, 8, flat=True)}</svg>")
        home = state.homes[seat]
        if home is None:
            out.append(f'<p class="seat">{symbol} {name}: choosing a home tile</p>')
            continue
        found = [INDEX[c] for c in state.targets[colour]]
        held = sum(any(c == colour for c, _ in state.pieces[i]) for i in found)
        total = TARGET_COUNT[colour]
        out.append(f'<p class="seat">{symbol} {name}: home {home[0]} ({EDGE_NAMES[home[1]]} edge), '
                   f"{state.off_board[colour]} waiting; targets found {len(found)} of {total}, "
                   f"occupied {held} (a {colour} piece on all {total} wins).</p>")
    left = state.face_down()
    hidden = ", ".join(counted(n, f"{name} {'target' if TILESET[name].target else 'arrow tile'}")
                       for name, n in left.items() if n)
    out.append(f'<p class="hidden-tiles">Face down: {counted(sum(left.values()), "tile")}'
               f"{f' (still to find: {hidden})' if hidden else ''}.</p>")
    return "".join(out)


def last_marks(before, move, after):
    """The tiles the move touched: where it started and ended, and where a pushed piece went."""
    cells = [loc.partition(":")[0] for loc in before.path(move)]
    cells += [CELLS[i] for i in range(SIZE * SIZE)
              if before.pieces[i] != after.pieces[i] or before.tiles[i] != after.tiles[i]]
    return tuple(dict.fromkeys(c for c in cells if c in INDEX)), ()
