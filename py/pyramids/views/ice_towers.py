"""Ice Towers' table: every tower seen from the side, and a panel to act for any colour.

The layout is cosmetic but stable: each piece has a home slot (its colour's
row, under a band with the colour's name and score; smalls, mediums, then
larges, by number, on as many lines as make the pyramids largest, the hand in
the last slot) and a tower stands on the slot of its bottom piece.  No two
towers share a bottom piece, so towers stay put while others change; only
mining a tower's bottom piece moves the rest to the new bottom's slot.  A tower
taller than its slot is squashed, never overlapped.
"""

from __future__ import annotations

from typing import NamedTuple

from .. import svg
from ..core import counted
from ..games.ice_towers import GHOST, LETTERS, SIZE_LETTERS, SIZE_NAMES

WIDTH, HEIGHT = 600, 600  # square as the other boards: a phone's 390 px show its labels at 0.65 of their size
PAD = 6
BAND = 26  # atop each colour's row: its name, score and agreement
LABEL = 19  # under a tower: controller chip and value
ASPECT = 0.95  # a pyramid's height over its base width, seen from the side
SHOWING = 0.4  # the least share of a piece's height left showing under the piece above
INK, MUTED = "#222", "#777"
# An embed's panel at its tallest in a 400 px frame, by players: the options (two lines), the scores (a ghost's
# too) and a timer; where readers play on, also whom to act as and each colour's "I'm done"
EMBED_PANEL = {2: 96, 3: 96, 4: 96, 5: 96, 6: 112}
EMBED_PANEL_PLAY = {2: 200, 3: 196, 4: 224, 5: 248, 6: 296}
GLOW = {"target": ("#d6e8ff", "#1f7ae0"), "selected": ("#ffe3bf", "#d96c00"), "last": ("#fbf0bd", "#e0b400")}


class Geometry(NamedTuple):
    row_h: float
    per_line: int  # the slots on one line of a row: a row of few colours holds its slots in two or three lines
    line_h: float
    slot_w: float
    area: float  # the height a tower may fill
    unit: float  # the base width of a pyramid of scale 1
    trios: int


def _geometry(state) -> Geometry:
    """The lines a row's slots (its pieces' homes and, last, its hand) are set in: as many as make the pyramids
    largest, a large standing in four fifths of a line's height."""
    trios = state.options["trios"]
    row_h = (HEIGHT - 2 * PAD) / len(state.colours)

    def laid(lines: int) -> Geometry:
        per_line = -(-(3 * trios + 1) // lines)
        line_h = (row_h - BAND) / lines
        slot_w = (WIDTH - 2 * PAD) / per_line
        area = line_h - LABEL - 8
        unit = min(slot_w * 0.95, area * 0.8 / (svg.SCALE[3] * ASPECT))
        return Geometry(row_h, per_line, line_h, slot_w, area, unit, trios)
    return max((laid(lines) for lines in (1, 2, 3)), key=lambda geo: geo.unit)


def _slot(col: int, top: float, geo: Geometry) -> tuple[float, float]:
    """The centre x and the top y of a row's `col`th slot, its row beginning at `top`."""
    line, at = divmod(col, geo.per_line)
    return PAD + (at + 0.5) * geo.slot_w, top + BAND + line * geo.line_h


def _home(name: str, colours: tuple[str, ...], geo: Geometry) -> tuple[float, float]:
    """The centre x and the top y of a piece's home slot."""
    colour = next(c for c in colours if LETTERS[c] == name[0])
    col = SIZE_LETTERS.index(name[1]) * geo.trios + int(name[2:]) - 1
    return _slot(col, PAD + colours.index(colour) * geo.row_h, geo)


def _initial(colour: str) -> str:
    return "Gh" if colour == GHOST else colour[0].upper()


def _name(colour: str) -> str:
    return colour.capitalize()


def _classes(base: str, cell: str, marks: svg.Marks) -> str:
    return " ".join([base] + [k for k, cells in (("target", marks.targets), ("selected", marks.selected),
                                                 ("last", marks.last)) if cell in cells])


def _glow(cell: str, marks: svg.Marks, x: float, y: float, w: float, h: float) -> str:
    """The halo behind a marked location: targets glow blue, the selection orange, the last move yellow."""
    for kind, cells in (("target", marks.targets), ("selected", marks.selected), ("last", marks.last)):
        if cell in cells:
            fill, stroke = GLOW[kind]
            return (f'<rect class="glow {kind}" x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" '
                    f'rx="6" fill="{fill}" stroke="{stroke}" stroke-width="{3 if kind == "target" else 2.5}"/>')
    return ""


def _pyramid(cx: float, base: float, width: float, height: float, visible: float, colour: str, size: int,
             attrs: str = "") -> str:
    """One pyramid from the side, pips in the band of it that shows (`visible` above its base)."""
    paint = svg.PAINTS[colour]
    half = width / 2
    r = max(1.0, min(width * 0.05, visible * 0.26))
    gap = max(width * 0.17, 2.4 * r)
    pip_y = base - min(visible * 0.45, height * 0.22)
    start = cx - gap * (size - 1) / 2
    pips = "".join(f'<circle cx="{start + k * gap:.1f}" cy="{pip_y:.1f}" r="{r:.1f}" fill="{paint.pip}"/>'
                   for k in range(size))
    return (f'<g class="piece {colour} {SIZE_NAMES[size]}"{attrs}>'
            f'<path d="M{cx - half:.1f} {base:.1f}L{cx + half:.1f} {base:.1f}L{cx:.1f} {base - height:.1f}Z" '
            f'fill="{svg.fill_of(colour)}" stroke="{paint.stroke}" stroke-width="1.3" stroke-linejoin="round"/>'
            f"{pips}</g>")


def _band_outline(cx: float, base: float, width: float, height: float, visible: float, kind: str) -> str:
    """The band of a piece in a tower that shows, outlined as a lit or chosen location: Show me lit a piece second
    from the bottom of a tower of five with a blue stroke its own outline covered, and nothing was seen."""
    half, top_half = width / 2, width / 2 * (1 - visible / height)
    d = (f"M{cx - half:.1f} {base:.1f}L{cx + half:.1f} {base:.1f}L{cx + top_half:.1f} {base - visible:.1f}"
         f"L{cx - top_half:.1f} {base - visible:.1f}Z")
    return (f'<path class="band-{kind}" d="{d}" fill="none" stroke="#fff" stroke-width="5" stroke-linejoin="round" '
            f'pointer-events="none"/><path d="{d}" fill="none" stroke="{GLOW[kind][1]}" stroke-width="2.5" '
            'stroke-linejoin="round" pointer-events="none"/>')


def _tower(tower, cx: float, top: float, geo: Geometry, marks: svg.Marks, gaps: set[str]) -> str:
    """A tower on its slot: pieces bottom to top, each lower one showing a band under the next."""
    pieces = tower.pieces
    widths = [geo.unit * svg.SCALE[p.size] for p in pieces]
    heights = [w * ASPECT for w in widths]
    bands = [h * max(SHOWING, 1 - widths[k + 1] / widths[k]) for k, h in enumerate(heights[:-1])] + [heights[-1]]
    squash = min(1.0, geo.area / sum(bands))
    floor = top + 4 + geo.area
    x0 = cx - geo.slot_w / 2
    out = [f'<rect class="hit" x="{x0:.1f}" y="{top:.1f}" width="{geo.slot_w:.1f}" height="{geo.line_h:.1f}" '
           f'fill="#fff" fill-opacity="0"/>',
           _glow(tower.id, marks, x0 + 1.5, floor - sum(bands) * squash - 4, geo.slot_w - 3,
                 sum(bands) * squash + LABEL + 6)]
    alone = len(pieces) == 1
    base, bases, outlined = floor, [], []
    for k, piece in enumerate(pieces):
        bases.append(base)
        cell = f"{tower.id}.{k}"
        attrs = svg.named(piece.name) + ("" if alone else f' data-cell="{cell}"')
        out.append(_pyramid(cx, base, widths[k], heights[k] * squash, bands[k] * squash,
                            piece.colour, piece.size, attrs))
        kind = "selected" if cell in marks.selected else "target" if cell in marks.targets else None
        if kind and not alone:
            outlined.append(_band_outline(cx, base, widths[k], heights[k] * squash, bands[k] * squash, kind))
        base -= bands[k] * squash
    out += outlined  # over the pieces above, whose base is the band's top edge
    for k in range(1, len(pieces)):
        cell = f"{tower.id}|{k}"
        if cell in gaps:
            out.append(_gap(cell, cx, bases[k], max(widths[k - 1] * (1 - SHOWING), widths[k]) + 12,
                            min(bands[k - 1], bands[k]) * squash, marks))
    controller = pieces[-1].colour
    paint = svg.PAINTS[controller]
    value = sum(p.size for p in pieces)
    y = floor + 3
    # The controller's letter and the value, beside the tower's group: its name says them in words.
    badge = (f'<g class="badge" data-tower="{tower.id}" aria-hidden="true" pointer-events="none">'
             f'<rect x="{cx - 20:.1f}" y="{y:.1f}" width="18" height="15" rx="2" '
             f'fill="{paint.fill}" stroke="{paint.stroke}"/><text x="{cx - 11:.1f}" y="{y + 11.5:.1f}" font-size="11" '
             f'font-weight="bold" text-anchor="middle" fill="{paint.pip}">{_initial(controller)}</text>'
             f'<text x="{cx + 1:.1f}" y="{y + 12.5:.1f}" font-size="14" fill="{INK}">{value}</text></g>')
    worth = counted(value, "point")
    what = (f"{_name(controller)}'s free-standing {SIZE_NAMES[pieces[0].size]}" if alone
            else f"a tower of {len(pieces)}, {_name(controller)} controls")
    return (f'<g class="{_classes("tower", tower.id, marks)}" data-cell="{tower.id}">'
            f'<title>{what}, {worth}</title>{"".join(out)}</g>{badge}')


def _gap(cell: str, cx: float, y: float, width: float, room: float, marks: svg.Marks) -> str:
    """A thin zone between two pieces of one colour: click it to split the tower there."""
    h = max(4.0, min(9.0, room * 0.6))
    marked = cell in marks.selected or cell in marks.targets
    colour, dash = ("#d96c00", "") if marked else ("#333", ' stroke-dasharray="3 2"')
    return (f'<g class="gap" data-cell="{cell}"><title>Split here</title>'
            f'<rect x="{cx - width / 2:.1f}" y="{y - h / 2:.1f}" width="{width:.1f}" height="{h:.1f}" '
            f'fill="#fff" fill-opacity="0"/><path d="M{cx - width / 2:.1f} {y:.1f}H{cx + width / 2:.1f}" '
            f'stroke="{colour}" stroke-width="{2.5 if marked else 1.4}"{dash}/></g>')


def _header(state, colour: str, top: float, geo: Geometry, scores: dict, marks: svg.Marks) -> str:
    """A row's band (the colour's name, its agreement and score) and its last slot, the piece in its hand."""
    paint = svg.PAINTS[colour]
    name = _name(colour)
    # "done" just after the name, however wide the visitor's font draws it (a width guessed from the letters could
    # overlap it)
    done = (' <tspan font-size="13" font-weight="normal" fill="#2b7a2b">done</tspan>' if colour in state.done
            else "")
    out = [f'<rect x="{PAD + 2}" y="{top + 6:.1f}" width="14" height="14" fill="{svg.fill_of(colour)}" '
           f'stroke="{paint.stroke}"/><text class="row-name" x="{PAD + 22}" y="{top + 19:.1f}" font-size="15" '
           f'font-weight="bold" fill="{INK}">{name}{done}</text>'
           f'<text x="{WIDTH - PAD - 4}" y="{top + 20:.1f}" font-size="18" font-weight="bold" fill="{INK}" '
           f'text-anchor="end">{scores[colour]}<tspan font-size="11" font-weight="normal" fill="{MUTED}"> pts</tspan>'
           '</text>']
    hand = state.held.get(colour)
    if hand is not None:
        cell = f"hand:{colour}"
        piece = hand.piece
        cx, y = _slot(3 * geo.trios, top, geo)
        x, w, h = cx - geo.slot_w / 2 + 2, geo.slot_w - 4, geo.line_h - 4
        width = geo.unit * svg.SCALE[piece.size]
        out.append(f'<g class="{_classes("hand", cell, marks)}" data-cell="{cell}">'
                   f'<title>{state.held_words(colour, asked=False)}</title>'
                   + _glow(cell, marks, x, y + 2, w, h) +
                   f'<rect x="{x:.1f}" y="{y + 2:.1f}" width="{w:.1f}" height="{h:.1f}" '
                   f'rx="6" fill="#fff" fill-opacity="0" stroke="{paint.stroke}" stroke-dasharray="4 3"/>'
                   f'<text x="{x + 4:.1f}" y="{y + 14:.1f}" font-size="11" fill="{MUTED}">in hand</text>'
                   + _pyramid(cx, y + 4 + geo.area, width, width * ASPECT, width * ASPECT, colour, piece.size,
                              svg.named(piece.name)) + "</g>")
    return "".join(out)


def draw(state, marks: svg.Marks = svg.Marks()) -> str:
    geo = _geometry(state)
    colours = state.colours
    scores = state.scores()
    gaps = {cell for cell in state.guide(()).targets if "|" in cell}
    rows, towers = [], []
    for k, colour in enumerate(colours):
        top = PAD + k * geo.row_h
        shade = "#f4f1ea" if k % 2 else "#fbfaf6"
        rows.append(f'<rect class="row" x="0" y="{top:.1f}" width="{WIDTH}" height="{geo.row_h:.1f}" fill="{shade}"/>'
                    + _header(state, colour, top, geo, scores, marks))
    for tower in state.towers:
        cx, top = _home(tower.pieces[0].name, colours, geo)
        towers.append(_tower(tower, cx, top, geo, marks, gaps))
    title = "Ice Towers: " + ", ".join(f"{_name(c)} {scores[c]}" for c in colours)
    return svg.document(WIDTH, HEIGHT, "".join(rows) + "".join(towers), title, colours)


def last_marks(before, move, after):
    """The towers and hands a move touched (a split's or set-down's new tower too); nothing is captured."""
    cells = [cell.split(".")[0].split("|")[0] for cell in before.path(move)]
    verb = move.split(":")[1]
    if verb == "mine":
        cells.append(f"hand:{before.actor_of(move)}")
    if verb in ("split", "down"):
        cells.append(f"t{before.next_id}")
    return tuple(dict.fromkeys(cells)), ()


def _lit(colour: str, marks) -> str:
    """The agreement button's class when a hint names it."""
    return ' class="lit"' if marks is not None and f"done:{colour}" in marks.targets else ""


def panel(state, actor: str | None = None, marks=None, people=None) -> str:
    """Who acts, every colour's live score, hand and agreement, and the clock.

    Only the colours people play here (`people`; None: every colour) are
    buttons: whom to act as, a held piece to replay, "I'm done".  The
    computer's colours (and a friend's, by link) show their hand and agreement
    in words.  "Any colour" only while every colour is played here.
    """
    over = state.outcome
    scores = state.scores()
    ours = [c for c in state.humans if people is None or c in people]
    parts = []
    if over is None and ours:
        current = actor or ""
        everyone = len(ours) == len(state.humans)
        choices = ([("", "Any colour")] if everyone else []) + [(c, _name(c)) for c in ours]
        buttons = "".join(
            f'<button type="button" data-actor="{c}" aria-pressed="{str(c == current).lower()}">'
            + (f'<span class="who {c}"></span>' if c else "") + f"{label}</button>"
            for c, label in choices)
        parts.append(f'<div class="acting" role="group" aria-label="Acting as"><span>Acting as</span> {buttons}</div>')
        ghost = (" Ghost pieces move only when you choose them, and not while the colour you act as holds a piece."
                 if state.haunted else "")
        if everyone:
            who = ("With <em>Any colour</em> the piece you choose decides who acts; a split asks who splits."
                   if len(ours) > 1 else "")
        else:
            who = f"You act for {' and '.join(_name(c) for c in ours)}{' and the ghost' if state.haunted else ''}."
        parts.append(f'<p class="note">No turns: act whenever you like. {who}{ghost}</p>')
    caption = "Final scores" if over else "Scores (live)"
    rows = []
    for colour in state.colours:
        won = over is not None and colour in over.winners
        hand = state.held.get(colour)
        mine = colour in ours or (colour == GHOST and bool(ours))
        held = f"holds {SIZE_NAMES[hand.piece.size]}" if hand else ""
        if hand and mine:
            held = (f'<button type="button" class="hand" data-cell="hand:{colour}" '
                    f'title="Replay it: choose it, then a tower">{held}</button>')
        if colour == GHOST or over is not None:
            agree = ""
        elif colour not in ours:
            agree = '<span class="agreed">&#10003; done</span>' if colour in state.done else ""
        elif colour in state.done:
            agree = (f'<span class="agreed">&#10003; done</span> <button type="button"{_lit(colour, marks)} '
                     f'data-cell="done:{colour}" title="Withdraw your agreement to end">Not done</button>')
        else:
            agree = (f'<button type="button"{_lit(colour, marks)} data-cell="done:{colour}" '
                     'title="Agree that no more plays will be made">I\'m done</button>')
        rows.append(f'<tr class="{colour}{" winner" if won else ""}"><td><span class="who {colour}"></span>'
                    f'{_name(colour)}{" &#9733;" if won else ""}</td><td class="score">{scores[colour]}</td>'
                    f'<td><span class="acts">{held}{agree}</span></td></tr>')  # one cell: wraps between, not inside
    parts.append(f'<table class="scores"><caption>{caption}</caption>{"".join(rows)}</table>')
    if over is None and state.options["timer"] is not None:
        parts.append('<p class="timer">Time left: <span id="clock"></span></p>')
    return "".join(parts)
