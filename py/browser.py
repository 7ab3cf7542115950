"""What the two pages' bindings (main.py, embed_page.py) share: the page's side of a board, reached through
static/bridge.js's `pyramidsBridge` (the page's own, or static/page-worker.js's in a worker), never by PyScript:
this runs in a plain worker too."""

import asyncio
import time

import js
from pyodide.ffi import create_once_callable, create_proxy, jsnull, to_js

from pyramids import page, views


def present(value):
    """A browser value, or None for JavaScript's null and undefined.

    Pyodide hands `null` to Python as `jsnull`, which is not None (and
    `str(jsnull)` is "jsnull"), so every value that may be null (storage,
    attributes, `closest()`, `prompt()`) is read through this.
    """
    return None if value is None or value is jsnull else value


class PageEvent:
    """What an event carried, as plain data (static/bridge.js's `describe`): a handler reads this, never the
    event or the elements under it, so it is a function of data alone (a worker could be sent it).

    `cells` are the board locations under it, innermost first (a piece inside its tower); `data` the data-*
    attributes of its target and the elements above it (the innermost's value kept); `within` their tag names
    and #ids; `target_id` the id of the element it happened on; `control` the id of the button or field it
    happened in (None outside one); `form`, for a form sent or changed, its fields, each name to its values,
    as the browser would send them (a box not ticked sends nothing); `files` the files chosen in a file field
    (the browser's own File objects, which a worker is sent too); `hidden` whether the page is out of sight;
    `stored`, for another tab's write to the storage, the value written (None: removed); `focus_shown`, for a
    focus that came, whether the browser shows it (moved by the keys, not by the page after a click or a tap);
    `answer` what the reader answered the question the page asked in the press (`on`'s `asks`), or what an
    event of the page's own carries (a dict for the computer's move), else None.
    """

    def __init__(self, described: dict):
        self.type = str(described["type"])
        self.key = str(described["key"])
        self.cleared = bool(described["cleared"])
        self.shift, self.ctrl, self.meta = (bool(described[k]) for k in ("shift", "ctrl", "meta"))
        self.pointer = str(described["pointer"])
        self.focus_shown = bool(described["focusShown"])
        self.target_id = str(described["targetId"])
        self.cells = [str(cell) for cell in described["cells"]]
        self.data = {str(k): str(v) for k, v in described["data"].items()}
        self.within = frozenset(str(place) for place in described["within"])
        control = present(described["control"])
        self.control = None if control is None else str(control)
        self.disabled, self.checked = bool(described["disabled"]), bool(described["checked"])
        self.form = {str(name): [str(v) for v in values] for name, values in described["form"].items()}
        self.files = list(described["files"])
        self.hidden = bool(described["hidden"])
        stored = present(described.get("stored"))
        self.stored = None if stored is None else str(stored)
        answer = _plain(described.get("answer"))
        self.answer = answer if isinstance(answer, (bool, dict)) or answer is None else str(answer)


def _plain(value):
    """A value from the page as plain data: JavaScript's null None, in a dict too."""
    value = present(value)
    return {str(k): _plain(v) for k, v in value.items()} if isinstance(value, dict) else value


def on(where: str, kind: str, handler, prevent: bool | dict = False, asks: tuple = (), awaited: bool = False) -> None:
    """`handler(PageEvent)` on each `kind` event at `where` (an element's id, "document" or "window").
    `prevent`: the browser's own action never happens (True: a form's submission sends nothing), or not for
    the keys the page uses (`keys_used`).  The page decides it, at once: the handler may answer later.
    `asks`: what the page asks the reader in the press (`confirm`, `prompt`), its answer in `PageEvent.answer`.
    `awaited`: the handler returns the task it started, or None, and the event is answered once the task is done
    (a pasted link, once its game is on screen; in a worker, `<html data-answering>` until then)."""
    def heard(described):
        work = handler(PageEvent(described.to_py()))
        return work if awaited else None
    js.pyramidsBridge.listen(where, kind, create_proxy(heard), to_js(prevent, dict_converter=js.Object.fromEntries),
                             to_js([list(question) for question in asks]))


def confirm(selector: str, text: str, ok: str) -> tuple:
    """`on`'s question, `ok` or Cancel (True or False), for an event in an element `selector` finds (the page's
    own box: static/bridge.js's `askInBox`)."""
    return (selector, "confirm", text, None, ok)


def prompt(selector: str, text: str, default: str, ok: str) -> tuple:
    """`on`'s question for a text (None for Cancel), filled in with the value of the element's data-`default`."""
    return (selector, "prompt", text, default, ok)


def choose_file(selector: str, field: str) -> tuple:
    """`on`'s opening of the file field `field`'s chooser (the file comes with the field's change event)."""
    return (selector, "choose", field)


FIELDS = "input, select, textarea"  # where a key is the field's own


def keys_used(keys, outside: str) -> dict:
    """`on`'s `prevent` for `keys` pressed without Ctrl or Meta outside the elements `outside` (a selector)."""
    return {"keys": list(keys), "outside": outside}


def css_string(text: str) -> str:
    """`text` as a quoted string in a CSS selector (an attribute's value), whatever it holds."""
    return '"' + "".join(c if c.isalnum() or c in " -_.:" else f"\\{ord(c):x} " for c in text) + '"'


_batch: list = []  # the commands `do` was given since the page last made them


def do(*commands) -> None:
    """Have the page change itself (static/bridge.js's `apply`): each command is data, e.g.
    `["set", "status", {"textContent": text}]`, so the Python need not hold an element (a worker cannot).
    They are made in order, together, once this task's Python is done (or at `flush`): one crossing for a
    drawing's dozen."""
    if commands and not _batch:
        js.queueMicrotask(_FLUSH)
    _batch.extend(commands)


def flush() -> None:
    """Make the commands given so far now: what follows reads the page they change (the focus handed on)."""
    if _batch:
        commands = _batch[:]
        _batch.clear()
        js.pyramidsBridge.apply(to_js(commands, dict_converter=js.Object.fromEntries))


_FLUSH = create_proxy(lambda: flush())  # one proxy for every batch, made once


def address() -> str:
    """What the page's address holds after the "#"."""
    return str(js.pyramidsBridge.address())


def page_url() -> str:
    """The page's own address, without its "#" part: the links the Python makes (Share's, the embed's) start
    with it."""
    return str(js.pyramidsBridge.pageUrl())


def stored() -> dict[str, str] | None:
    """The page's saved games as they are now (its keys under the prefix, without it), None when the browser
    stores nothing (py/pyramids/mirror.py)."""
    copy = present(js.pyramidsBridge.stored())
    return None if copy is None else {str(k): str(v) for k, v in copy.to_py().items()}


def painted() -> dict:
    """What the page painted before the Python started (static/snapshot.js): `offer`, the title of the game
    whose lesson it offered ("" for none)."""
    return js.pyramidsBridge.painted().to_py()


def home() -> str:
    """The site's address, for the files the Python fetches: "" on the page (they are relative to it), the
    site's folder in a worker (static/page-worker.js)."""
    return str(js.pyramidsBridge.home)


def in_worker() -> bool:
    """Whether this Python runs in a worker (static/page-worker.js) rather than on the page."""
    return bool(home())


def after_drawing(run) -> None:
    """Have `run()` follow what was just drawn.  On the page, in the task after the browser has painted it
    (static/bridge.js's `afterPaint`, heard as "pyramids-painted"): the frame that answers a click is not
    held by what follows.  In a worker, in its next task: the drawing goes to the page in a message of its
    own, and what follows (the log, the save) in the next, before the page could be left; the page's
    worker answers the event after both (static/page-worker.js)."""
    if in_worker():
        js.setTimeout(create_once_callable(run), 0)
    else:
        do(["afterPaint"])


_catching_up: list[asyncio.Future] = []  # `caught_up`'s callers, first first
_heard_catching_up: list[bool] = []  # [True] once the page's event is listened to


def _caught_up(_event) -> None:
    _catching_up.pop(0).set_result(None)


async def caught_up() -> None:
    """Once the page has made the commands given so far, and the Python has heard what they caused (a write
    refused: py/screen/store.py), as it has at once on the page and a message later from a worker."""
    if not _heard_catching_up:
        on("document", "pyramids-caught-up", _caught_up)
        _heard_catching_up.append(True)
    _catching_up.append(asyncio.get_running_loop().create_future())
    do(["caughtUp"])
    await _catching_up[-1]


_held: dict[str, str] = {}  # element id -> the HTML `set_html` last put in it


def set_html(element_id: str, html: str) -> bool:
    """Put `html` in the element unless it holds it already (True when it did not): the browser parsing
    and laying out an unchanged board or panel again is most of a redraw's time (Terrafex's panel: several
    milliseconds).  The elements given here are written only through this."""
    if _held.get(element_id) == html:
        return False
    do(["set", element_id, {"innerHTML": html}])
    _held[element_id] = html
    return True


def held(element_id: str) -> str:
    """The HTML `set_html` last put in the element."""
    return _held.get(element_id, "")


_shown: list[tuple | None] = [None]  # page.shown() of the board last drawn


PREVIEW_S = 0.003  # what the locations' previews may add to a click's frame; the rest follow (`name_more`)


def draw_board(session) -> None:
    """The position on screen, in one assignment, with its text for tests and tools; its pieces move to
    their places (static/motion.js, once loaded) where it follows the board drawn before (`page.follows`)."""
    changed = set_html("board", page.board(session, PREVIEW_S))
    before, now = _shown[0], page.shown(session)
    _shown[0] = now
    do(["attr", "board", {"data-position": session.state.to_text(),
                          "data-perspective": session.link_play.perspective or "",
                          "data-game": session.game.id,  # wide tables get a wide board (CSS)
                          "data-snapshot": None}],  # the live board replaces the one painted before Python started
       *([["call", "pyramidsMotion", "drawn", page.follows(before, now)]] if changed else []))


def load_script(name: str) -> None:
    """Run static/`name` once the page is ready (motion, sounds): nothing of the start-up waits for it."""
    do(["script", name])


def draw_panel(session, people=None, controls=None) -> None:
    """The game's panel beside the board (`page.panel`)."""
    set_html("game-panel", page.panel(session, people, controls))


def name_more(session) -> bool:
    """Work out more of the locations' previews (`Clicks.previews`) and put them in the names of the board's
    and the panel's locations; True while some are left."""
    before = dict(session.clicks.previews(0.0))  # those worked out so far
    found = session.clicks.previews(PREVIEW_S)
    marks, state = session.clicks.marks(), session.state
    named = []
    for cell in found.keys() - before.keys():
        label, preview = views.name(state, marks, cell, found[cell])
        named.append(["attrsAll", f'#board [data-cell="{cell}"], #game-panel [data-cell="{cell}"]',
                      {"aria-label": label, "data-preview": preview}])
    do(*named)
    return session.clicks.previews_left()


SLICE = 0.01  # seconds of replay per task while a game opens: a task stays well under 50 ms


def replay_slice(loading) -> bool:
    """One slice of a `loading.Loading`'s replay, True once done; a bug stops it there as a refused
    move would: the moves before it are kept."""
    try:
        return loading.step(SLICE)
    except Exception as err:  # noqa: BLE001 - the page must open whatever the rules do
        report(err)
        loading.stop(f"Something went wrong at move {loading.ply + 1} ({str(err)[:80]}); "
                     "the game is shown up to there.")
        return True


def run_slice(work, seconds: float = SLICE) -> tuple[bool, object]:
    """A generator's work (its `yield`s the points where it may pause) for about `seconds`: (whether it is over,
    its return value)."""
    until = time.perf_counter() + seconds
    while True:
        try:
            next(work)
        except StopIteration as done:
            return True, done.value
        if time.perf_counter() >= until:
            return False, None


async def in_slices(work, seconds: float = SLICE):
    """A generator's work run a slice per task, so that the page answers in between; its return value."""
    while True:
        over, value = run_slice(work, seconds)
        if over:
            return value
        await asyncio.sleep(0)


async def replay(loading, progress) -> str | None:
    """Replay a link's record a slice per task, `progress(text)` saying how far it got, so the page
    (and the page around an embed) never freezes; then the message about it, if any."""
    while not replay_slice(loading):
        progress(f"Opening the game: move {loading.ply:,} of {loading.total:,}…")
        await asyncio.sleep(0)
    await asyncio.sleep(0)  # the page is drawn in a task of its own
    return loading.finish()[1]


def report(error) -> None:
    """Log an unexpected error (the player already sees a message)."""
    if error is not None:
        js.console.error(str(error))


class Announcer:
    """One polite live region (#live) that says each move and each message.

    Called after each drawing with the session on screen and the page's notice
    (a link or storage problem); it remembers what it last spoke of, so a new
    game or a reload says nothing until something happens, and a notice once.
    """

    def __init__(self):
        self.heard = (None, 0, 0, "", "")  # (session, moves, ply, text, notice)

    def __call__(self, session, notice: str = "") -> None:
        session_heard, moves, ply, said, told = self.heard
        text = page.announcement(session, moves, ply) if session_heard is session else ""
        if notice and notice != told:
            text = f"{notice} {text or session.words.status()}"
        if text and text == said:
            text += "\u00a0"  # the same words again (a second refusal) must still be read
        if text:
            do(["set", "live", {"textContent": text}])
        self.heard = (session, len(session.moves), session.cursor, text or said, notice)

