"""SVG drawing shared by every board: pyramids seen from above, and grid boards.

Everything here is a pure function returning SVG text, so boards are tested on
CPython and the page sets them with one DOM assignment.  A standing pyramid is
a square with its four edges running to the apex and its pips on the near
face; a stack is nested squares (bottom piece outermost, so the order reads
from the outside in); a lying pyramid is a triangle pointing its way.
Colours carry a pattern as well as a hue, for colour-blind players.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from .markup import escape

SIZE_NAMES = {1: "small", 2: "medium", 3: "large"}
# Relative base widths of small, medium and large Looney pyramids.
SCALE = {1: 0.5, 2: 0.72, 3: 0.94}


@dataclass(frozen=True)
class Paint:
    """How one colour of pieces is drawn: fill, outline, pip colour and pattern id."""

    fill: str
    stroke: str
    pip: str
    pattern: str = ""


PAINTS = {
    "white": Paint("#f6f2e7", "#3a342a", "#3a342a"),
    "black": Paint("#2e2b29", "#0c0b0a", "#f2efe6"),
    "red": Paint("#d7403a", "#6e1512", "#fff4f0", "stripes"),
    "yellow": Paint("#f2c12e", "#7a5a00", "#3b2c00"),
    "green": Paint("#3f9b4b", "#174d1f", "#f0fff2", "dots"),
    "blue": Paint("#3a6fd8", "#12306e", "#f0f5ff", "checks"),
    "purple": Paint("#8a4fc1", "#3c1a5e", "#fbf4ff", "waves"),
    "orange": Paint("#f08a24", "#7a3d00", "#2b1500", "rings"),
    "ghost": Paint("#e9edf2", "#7d8896", "#56606c", "ghost"),
}

_PATTERNS = {
    "stripes": '<path d="M0 6L6 0M-1 1L1 -1M5 7L7 5" stroke="{c}" stroke-width="1.2"/>',
    "dots": '<circle cx="3" cy="3" r="1.1" fill="{c}"/>',
    "checks": '<rect width="3" height="3" fill="{c}"/><rect x="3" y="3" width="3" height="3" fill="{c}"/>',
    "waves": '<path d="M0 3Q1.5 1 3 3T6 3" fill="none" stroke="{c}" stroke-width="1"/>',
    "rings": '<circle cx="3" cy="3" r="1.6" fill="none" stroke="{c}" stroke-width="0.9"/>',
    "ghost": '<path d="M0 0L6 6" stroke="{c}" stroke-width="0.6" stroke-dasharray="1 1"/>',
}


def defs(colours, patterns: str = "") -> str:
    """Pattern definitions for the colours drawn on one board, and the view's own `patterns`."""
    out = []
    for colour in colours:
        paint = PAINTS[colour]
        if paint.pattern:
            body = _PATTERNS[paint.pattern].format(c=paint.stroke)
            out.append(
                f'<pattern id="pat-{colour}" width="6" height="6" patternUnits="userSpaceOnUse">'
                f'<rect width="6" height="6" fill="{paint.fill}"/>{body}</pattern>'
            )
    out.append(patterns)
    return f"<defs>{''.join(out)}</defs>" if any(out) else ""


_IDS = re.compile(r'\bid="([^"]+)"|url\(#([^)]+)\)')


def scoped(text: str, prefix: str) -> str:
    """An SVG with its ids, and the references to them, prefixed: drawings that stand beside the board
    (My games' pictures, choice pictures) define their patterns again, and no id may be there twice."""
    return _IDS.sub(lambda found: f'id="{prefix}{found[1]}"' if found[1] else f"url(#{prefix}{found[2]})", text)


def fill_of(colour: str) -> str:
    paint = PAINTS[colour]
    return f"url(#pat-{colour})" if paint.pattern else paint.fill


def _pips(cx: float, y: float, half: float, count: int, colour: str) -> str:
    """Pips in a row on the near face of a pyramid, just inside its base edge."""
    gap = half * 0.32
    r = max(1.4, half * 0.085)
    start = cx - gap * (count - 1) / 2
    return "".join(
        f'<circle cx="{start + i * gap:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{PAINTS[colour].pip}"/>'
        for i in range(count)
    )


def named(piece: str) -> str:
    """The attribute that names a piece on a board (`piece`, '' for a picture of a piece, not a piece).

    static/motion.js matches each named piece with the piece of that name that stood nearest before a redraw
    and slides it from there (grows, shrinks or turns it where its size or direction changed); a name with no
    match fades in, one that is gone fades out.  So a view names each piece by what stays the same when it
    moves: Ice Towers' own piece names, Ice-Turn's pieces, a colour where pieces of a colour are alike.
    """
    return f' data-piece="{escape(piece)}"' if piece else ""


def standing(cx: float, cy: float, cell: float, colour: str, size: int, stacked: bool = False,
             piece: str = "") -> str:
    """One upright pyramid seen from above, centred on (cx, cy), named `piece` on a board (`named`).

    A `stacked` pyramid (one resting on another) gets a contrasting rim so it
    stands out from a piece of the same colour below it.
    """
    half = cell * SCALE[size] / 2
    paint = PAINTS[colour]
    x0, y0, x1, y1 = cx - half, cy - half, cx + half, cy + half
    rim = (f'<rect x="{x0 - 1.5:.1f}" y="{y0 - 1.5:.1f}" width="{2 * half + 3:.1f}" '
           f'height="{2 * half + 3:.1f}" fill="none" stroke="{paint.pip}" stroke-width="2"/>') if stacked else ""
    return (
        f'<g class="pyramid {colour} {SIZE_NAMES[size]}"{named(piece)}>{rim}'
        f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{2 * half:.1f}" height="{2 * half:.1f}" '
        f'fill="{fill_of(colour)}" stroke="{paint.stroke}" stroke-width="1.5"/>'
        f'<path d="M{x0:.1f} {y0:.1f}L{x1:.1f} {y1:.1f}M{x1:.1f} {y0:.1f}L{x0:.1f} {y1:.1f}" '
        f'stroke="{paint.stroke}" stroke-width="1" opacity="0.7"/>'
        f"{_pips(cx, y1 - half * 0.2, half, size, colour)}</g>"
    )


def stack(cx: float, cy: float, cell: float, pieces, piece: str = "") -> str:
    """A stack seen from above: `pieces` bottom to top as (colour, size), each named `piece` on a board.

    Larger pieces below show as outer squares; where a piece sits on one of
    the same size or smaller, it is drawn slightly inset so every layer shows.
    """
    out, limit = [], float("inf")
    for level, (colour, size) in enumerate(pieces):
        width = min(cell * SCALE[size], limit)
        out.append(standing(cx, cy, width / SCALE[size], colour, size, stacked=level > 0, piece=piece))
        limit = width - cell * 0.12
    return "".join(out)


def lying(cx: float, cy: float, cell: float, colour: str, size: int, direction: str, piece: str = "") -> str:
    """A pyramid lying down, drawn as a triangle pointing N, E, S or W, named `piece` on a board (`named`)."""
    half = cell * SCALE[size] / 2
    angle = {"N": 0, "E": 90, "S": 180, "W": 270}[direction]
    paint = PAINTS[colour]
    return (
        f'<g class="pyramid lying {colour} {SIZE_NAMES[size]}"{named(piece)} '
        f'transform="rotate({angle} {cx:.1f} {cy:.1f})">'
        f'<path d="M{cx:.1f} {cy - half:.1f}L{cx + half * 0.8:.1f} {cy + half:.1f}'
        f'L{cx - half * 0.8:.1f} {cy + half:.1f}Z" fill="{fill_of(colour)}" '
        f'stroke="{paint.stroke}" stroke-width="1.5"/>'
        f"{_pips(cx, cy + half * 0.7, half * 0.8, size, colour)}</g>"
    )


def rect(x: float, y: float, w: float, h: float, attrs: str = "") -> str:
    """A rectangle with its attributes (fill, stroke, class...) as SVG text."""
    return f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" {attrs}/>'


def last_frame(x: float, y: float, size: float) -> str:
    """The last move's frame, drawn over the pieces so that no piece (a king, a stack) hides it."""
    return rect(x + 1.5, y + 1.5, size - 3, size - 3,
                'class="last-frame" fill="none" stroke="#d9a400" stroke-width="3" stroke-dasharray="7 4" '
                'pointer-events="none"')


def document(width: float, height: float, body: str, title: str, colours=(), patterns: str = "") -> str:
    """A complete, self-contained SVG document (no external CSS or fonts); `patterns` are a view's own."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
        f'role="img" aria-label="{escape(title)}" font-family="sans-serif">'
        f"<title>{escape(title)}</title>{defs(colours, patterns)}{body}</svg>"
    )


@dataclass(frozen=True)
class Marks:
    """Annotations drawn over a grid: selection, targets, last move, captures."""

    selected: tuple[str, ...] = ()
    targets: tuple[str, ...] = ()
    last: tuple[str, ...] = ()
    captured: tuple[str, ...] = ()


def grid(cols: int, rows: int, cell: float, names, shade, contents, marks: Marks,
         title: str, colours, turned: bool = False, hover=None, patterns: str = "") -> str:
    """A rectangular board with coordinates, every square clickable as ``data-cell``.

    `names(col, row)` names the square shown at column `col` and display row
    `row` (0 = top); `shade(col, row)` gives its fill; `contents(name, cx, cy)`
    returns the SVG drawn on it; `hover(name)`, if given, the square's hover
    text; `patterns`, the view's own ``<pattern>`` definitions.  A `turned` board
    is seen from the other side: the square drawn top left is the one normally
    bottom right.
    """
    if turned:
        names, shade = (lambda col, row, f=names: f(cols - 1 - col, rows - 1 - row),
                        lambda col, row, f=shade: f(cols - 1 - col, rows - 1 - row))
    margin = cell * 0.4
    out = []
    for row in range(rows):
        for col in range(cols):
            name = names(col, row)
            x, y = margin + col * cell, margin + row * cell
            cls = ["cell"]
            if name in marks.last:
                cls.append("last")
            if name in marks.selected:
                cls.append("selected")
            if name in marks.targets:
                cls.append("target")
            tip = f"><title>{escape(hover(name))}</title></rect>" if hover else "/>"
            out.append(
                f'<rect class="{" ".join(cls)}" data-cell="{name}" x="{x:.1f}" y="{y:.1f}" '
                f'width="{cell}" height="{cell}" fill="{shade(col, row)}"{tip}'
            )
    overlays = []
    for row in range(rows):
        for col in range(cols):
            name = names(col, row)
            cx, cy = margin + (col + 0.5) * cell, margin + (row + 0.5) * cell
            x, y = cx - cell / 2, cy - cell / 2
            if name in marks.last:
                overlays.append(f'<rect x="{x + 2:.1f}" y="{y + 2:.1f}" width="{cell - 4}" '
                                f'height="{cell - 4}" fill="#f5d76e" opacity="0.45"/>')
            overlays.append(contents(name, cx, cy))
            if name in marks.last:
                overlays.append(last_frame(x, y, cell))
            if name in marks.captured:
                d = cell * 0.22
                overlays.append(f'<path class="captured" d="M{cx - d:.1f} {cy - d:.1f}L{cx + d:.1f} '
                                f'{cy + d:.1f}M{cx + d:.1f} {cy - d:.1f}L{cx - d:.1f} {cy + d:.1f}" '
                                f'stroke="#c0392b" stroke-width="4" stroke-linecap="round"/>')
            if name in marks.selected:
                overlays.append(f'<rect x="{x + 2:.1f}" y="{y + 2:.1f}" width="{cell - 4}" '
                                f'height="{cell - 4}" fill="none" stroke="#1f7ae0" stroke-width="4"/>')
            if name in marks.targets:
                overlays.append(f'<circle class="target-dot" cx="{cx:.1f}" cy="{cy:.1f}" r="{cell * 0.16:.1f}" '
                                f'fill="#1f7ae0" fill-opacity="0.7" stroke="#fff" stroke-width="{cell * 0.05:.1f}"/>')
    labels = []
    for col in range(cols):
        file_name = names(col, rows - 1)[0]
        labels.append(f'<text x="{margin + (col + 0.5) * cell:.1f}" y="{margin + rows * cell + margin * 0.75:.1f}" '
                      f'text-anchor="middle" font-size="{cell * 0.22:.0f}" fill="#555">{file_name}</text>')
    for row in range(rows):
        rank = names(0, row)[1:]
        labels.append(f'<text x="{margin * 0.5:.1f}" y="{margin + (row + 0.5) * cell + cell * 0.08:.1f}" '
                      f'text-anchor="middle" font-size="{cell * 0.22:.0f}" fill="#555">{rank}</text>')
    body = (f'<g class="squares">{"".join(out)}</g>'
            f'<g class="pieces" pointer-events="none">{"".join(overlays)}</g>'
            f'<g class="labels" pointer-events="none">{"".join(labels)}</g>')
    return document(cols * cell + 2 * margin, rows * cell + 2 * margin, body, title, colours, patterns)
