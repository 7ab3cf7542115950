"""Games in other pages: embed links, iframe snippets and board images.

An embed link is the game's record followed by view settings, e.g.
``embed.html#v=1&g=ice-lady&m=d3-e4+e6-f5&ply=1&play&pic=…``: ``ply=N`` opens at
move N, ``play`` lets the reader play on from the record, ``static`` shows
only the board (a position diagram).  Flags may be bare (``&play``) or have a
value (``&play=1``; ``=0`` turns them off).  ``pic`` is the position drawn
(`picture`): the embed paints it at once and starts Python only when the reader
acts, so a page of diagrams costs its readers a few kilobytes, not an
interpreter each.  Board images are the page's SVG with a size and a
background, so they stand alone in a wiki.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from . import games, record, views
from .core import AGREEMENT_MOVES, State
from .markup import escape, unescape
from .svg import Marks
from .words import status_of

if TYPE_CHECKING:
    from .session import Session

FLAGS = ("embed", "play", "static")
PICTURE = "pic"  # the view setting that carries the position drawn (see `picture`)
PICTURE_LIMIT = 16_000  # characters: a picture longer than this is left out (the embed then starts Python at once)
PAGE = "embed.html"
FRAME_WIDTH = {False: 400, True: 360}  # interactive, static
CONTROLS_HEIGHT = 72  # the embed's replay bar and status line, in CSS pixels; the game's panel adds its own


@dataclass(frozen=True)
class View:
    """How an embed shows its record: read-only replay unless `play`; only the board if `static`."""

    play: bool = False
    static: bool = False


def parse(fragment: str) -> tuple[record.Record, View]:
    """The record and view of an embed link's fragment; `RecordError` says what is wrong."""
    parts = [part + "=1" if part in FLAGS else part for part in fragment.lstrip("#").split("&")]
    rec = record.decode("&".join(parts))

    def flag(name):
        return rec.view.get(name, "0") not in ("0", "")

    return rec, View(play=flag("play"), static=flag("static"))


def fragment(rec: record.Record, ply: int | None = None, view: View = View(), painted: str = "") -> str:
    """The fragment of a link to `rec` shown at `ply` (the end when None), with its `picture` if painted."""
    shown = {} if ply is None else {"ply": str(ply)}
    text = record.encode(replace(rec, view=shown))
    text += "".join(f"&{name}" for name in ("play", "static") if getattr(view, name))
    return text + (f"&{PICTURE}={painted}" if painted else "")


def embed_url(page_url: str, rec: record.Record, ply: int | None = None, view: View = View(),
              painted: str = "") -> str:
    """The embed view's URL, next to the app page at `page_url`."""
    from urllib.parse import urljoin  # here, not at the top: it costs the app's start-up ~70 ms in Pyodide

    return urljoin(page_url, PAGE) + "#" + fragment(rec, ply, view, painted)


def controls(view: View) -> tuple | None:
    """The seats whose own controls an embed's panel offers (`views.panel`): every seat where the reader plays
    on, none where the embed only shows the game (a button there would only say it is a replay)."""
    return None if view.play else ()


def status(session: Session, view: View) -> str:
    """The embed's status line (the same from the app's Embed box as in the embed, which plays every seat).  Where
    the reader plays on, whose turn it is and how to act.  A replay's says the move that made the position on
    screen, what a reader stepping through wants to read (the bar says which move it is), and the result at the
    end; it said whose turn it was, in the words that ask a player to act."""
    s = session
    if view.play or (s.state.outcome is not None and s.moves[s.cursor - 1] in AGREEMENT_MOVES):
        return status_of(s.state)  # a resignation, a draw agreed: the result says it ("White wins. Black resigned.")
    said = s.words.describe(s.cursor).rstrip(".") + "." if s.cursor > s.start else "The start of the game."
    return f"{said} {status_of(s.state)}" if s.state.outcome is not None else said


def message(session: Session, view: View) -> str:
    """The message line's words the embed's one status line shows before the game's own (`status`).  In a replay
    all of them (a refusal, "This is a replay…").  Where the reader plays on, not the note saying the move just
    made (the board outlines it, the live region reads it): it stood in the status line in place of what comes
    next, which the reader needs ("Red has no play left: press I'm done to agree to end." never showed); a
    refusal, and what a choice under way asks ("Choose where to go."), still show."""
    s = session
    if view.play and not (s.warn or s.clicks.selection or s.clicks.choices):
        return ""
    return s.message


def picture(rec: record.Record, state: State, marks: Marks = Marks(), ply: int | None = None,
            view: View = View(), said: str | None = None, start: int = 0) -> str:
    """What static/embed.js paints before Python starts, for the embed code of `rec` at `ply` (`state`, marked
    with `marks`) in `view`: the board and the game's panel as the embed draws them, the status line, where the
    game is (ply, moves) and a checksum of the record text they belong to, so a picture copied beside other moves
    is not shown.  JSON, deflated, in base64url ('' when longer than `PICTURE_LIMIT`: Python draws it then).
    `said` is the status line (`status`; the position's own words if None), `start` the ply the game's bar counts
    from (`Session.start`).

    Every location's hover text is left out (the live board has them): they are half of a Terrafex picture.
    Whatever reads it back treats it as a stranger's markup (static/painted.js's allowlist).
    """
    import base64
    import zlib  # here, not at the top: only the Embed box needs them

    marks = replace(marks, selected=(), targets=())
    title_end = (board := views.draw(state, marks)).index("</title>") + len("</title>")
    board = board[:title_end] + _HOVER.sub("", board[title_end:])
    if view.play:  # a game's tray under its board (Ice-Turn's), as the embed that plays on draws it: in its room
        board += views.controls(state, marks, watching=ply is not None and ply < len(rec.moves))
    panel = _FOLDED.sub(r"\1\2</details>", views.panel(state, None, marks, people=(), controls=controls(view)))
    body = record.encode(replace(rec, view={}))
    shown = {"v": 1, "ply": len(rec.moves) if ply is None else ply, "moves": len(rec.moves),
             "record": zlib.crc32(body.encode()), "board": board, "panel": panel,
             "status": status_of(state) if said is None else said, "title": f"{state.game.title} · Looney Pyramids",
             **({"start": start} if start else {})}
    packer = zlib.compressobj(9, zlib.DEFLATED, -15, 9)  # raw deflate: the browser's DecompressionStream reads it
    packed = packer.compress(json.dumps(shown, separators=(",", ":"), ensure_ascii=False).encode()) + packer.flush()
    text = base64.urlsafe_b64encode(packed).decode().rstrip("=")
    return text if len(text) <= PICTURE_LIMIT else ""


_HOVER = re.compile(r"<title>[^<]*</title>")  # a location's hover text (the board's own title comes first)
# A panel's folded explanation ("Why each square scores"): its summary kept, folded, so the panel is as high as the
# live one (the board grew 11-26 px and shrank back at the first step), what it unfolds to left to the live board.
_FOLDED = re.compile(r"(<details\b[^>]*>)\s*(<summary\b.*?</summary>).*?</details>", re.S)


def app_link(rec: record.Record, ply: int | None = None) -> str:
    """A link from the embed view to the same game in the full app (relative: any host, any path)."""
    return "./#" + fragment(rec, ply)


FORMS = {"html": "a web page or blog (HTML)", "mediawiki": "MediaWiki, with the Pyramids template",
         "dokuwiki": "DokuWiki, with embedded HTML allowed"}  # where the code is pasted (docs/wiki.md)


def snippet(page_url: str, rec: record.Record, ply: int, view: View, title: str, board_svg: str,
            painted: str = "", form: str = "html") -> str:
    """The code that embeds the game in another page (`form`: one of `FORMS`), the frame sized for the board's
    shape and the game's panel.  A wiki shows a pasted <iframe> as text: MediaWiki takes the template the
    wiki's admin set up once (docs/wiki.md), DokuWiki the frame inside its <html> block."""
    width, height = svg_size(board_svg)
    frame_width = FRAME_WIDTH[view.static]
    game = games.get(rec.game)
    players = game.resolve_options(rec.options).get("players", game.max_players)
    below = 0 if view.static else CONTROLS_HEIGHT + views.embed_panel_height(rec.game, players, view.play)
    frame_height = round(frame_width * height / width) + below
    src = embed_url(page_url, rec, ply, view, painted)
    if form == "mediawiki":  # a template's parameters end at "|" and "}}", which no link of ours holds
        return f"{{{{Pyramids|src={src}|width={frame_width}|height={frame_height}|title={title}}}}}"
    frame = (f'<iframe src="{escape(src)}" title="{escape(title)}" width="{frame_width}" height="{frame_height}" '
             f'style="border:0;max-width:100%" loading="lazy"></iframe>')
    return f"<html>{frame}</html>" if form == "dokuwiki" else frame


def svg_size(svg_text: str) -> tuple[float, float]:
    """Width and height of an SVG document's viewBox."""
    found = re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"', svg_text)
    if not found:
        raise ValueError("the SVG has no viewBox")
    return float(found.group(1)), float(found.group(2))


CAPTION_SHARE = 1 / 24  # the caption's letters, as a share of the picture's width: 12.5 px in a 300 px thumbnail
BOLD = ' font-weight="bold"'


def image(state: State, marks: Marks = Marks()) -> str:
    """The board as a standalone SVG file: the last move marked, no selection, a white ground, and under the
    board a caption in letters a thumbnail keeps readable (whose turn or the result, the scores, what the game's
    panel adds: `views.picture_lines`), since a wiki shows pictures at 300 px and a board's own labels are small."""
    board = views.draw(state, replace(marks, selected=(), targets=()), picture=True)
    box = re.search(r'viewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"', board)
    assert box is not None  # views.draw writes every board's viewBox
    left, top, width, height = (float(n) for n in box.groups())
    size = width * CAPTION_SHARE
    lines = [(piece, i == 0) for i, line in enumerate([status_of(state), *views.picture_lines(state)])
             for piece in _wrapped(line, int(width / (0.56 * size)))]  # the first line, whose turn, in bold
    band = size * (1.35 * len(lines) + 0.8)
    caption = "".join(f'<text x="{left + size * 0.6:.1f}" y="{top + height + size * (1.35 * i + 1.2):.1f}" '
                      f'font-size="{size:.1f}"{BOLD if bold else ""} fill="#222">{escape(line)}</text>'
                      for i, (line, bold) in enumerate(lines))
    head, title_end, body = board.partition("</title>")
    whole = math.ceil(width), math.ceil(height + band)  # whole pixels: a PNG at 2x is then exactly twice the SVG
    head = head.replace(box.group(0), f'viewBox="{left:g} {top:g} {whole[0]} {whole[1]}"', 1)
    head = head.replace("<svg ", f'<svg width="{whole[0]}" height="{whole[1]}" ', 1)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n{head}{title_end}'
            f'<rect x="{left:g}" y="{top:g}" width="100%" height="100%" fill="#fff"/>'
            f'{body.removesuffix("</svg>")}<g class="caption">{caption}</g></svg>\n')


def _wrapped(line: str, chars: int) -> list[str]:
    """`line` broken at spaces into lines of at most `chars` characters (a longer word stays whole)."""
    out, current = [], ""
    for word in filter(None, line.split(" ")):  # not at a no-break space
        if current and len(current) + 1 + len(word) > chars:
            out.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    return [*out, current]


def title_of(board_svg: str) -> str:
    """A board's own title ("Terrafex board, White to act"): the alt text of its picture in a wiki."""
    found = re.search(r"<title>([^<]*)</title>", board_svg)
    return unescape(found.group(1)) if found else ""


def image_name(game_id: str, ply: int, kind: str) -> str:
    """A file name saying which game and move an image shows."""
    return f"{game_id}-move-{ply}.{kind}"
