"""The app page's code (issue 25): each thing on the screen is one part's, in one file of py/screen/.

Read as text (the modules import `pyscript`, which CPython has not): every element the code names
is in index.html, and every control of index.html is named by exactly one module, the part that
binds it (main.py's table of which control takes the focus from which aside).
"""

import pathlib
import re
from html.parser import HTMLParser

ROOT = pathlib.Path(__file__).resolve().parents[1]
PAGE = (ROOT / "index.html").read_text()
MODULES = {path.relative_to(ROOT / "py").as_posix(): path.read_text()
           for path in [ROOT / "py" / "main.py", *sorted((ROOT / "py" / "screen").glob("*.py"))]}
# The page's own scripts: one binds a control before the page's Python starts when the control must answer from the
# page's first frame (the theme: static/theme.js)
SCRIPTS = {path.relative_to(ROOT).as_posix(): path.read_text() for path in sorted((ROOT / "static").glob("*.js"))}
DRAWN_BY_VIEWS = {"clock"}  # inside the game's panel, which the game's view draws
# The lesson's buttons, drawn inside #lesson by pyramids.learn.box (fetched with the lessons)
DRAWN_BY_VIEWS |= set(re.findall(r'id="([^"]+)"', (ROOT / "py" / "pyramids" / "learn.py").read_text()))


# An element the code names: looked up, written by `set_html`, or the target of a command (`browser.do`).
NAMED = re.compile(r'(?:by_id|set_html)\("([^"]+)"|\["(?:set|attr|classes|centre|intoView|tell|insert|gather|swap'
                   r'|scrollEnd|dialog|hide|copy|share|kept)", "([^"]+)"')
# The ids in the selectors of the commands that act on what a selector finds.
SELECTED = re.compile(r'\["(?:attrsAll|classesAll|setAll|removeAll|focus)", f?(?:"([^"]+)"|\'([^\']+)\')')


def test_every_element_the_code_names_is_on_the_page():
    ids = set(re.findall(r'\bid="([^"]+)"', PAGE)) | {"root", "body", "document"}  # the commands' own places
    for module, text in MODULES.items():
        named = {a or b for a, b in NAMED.findall(text)}
        named |= {name for found in SELECTED.findall(text) for name in re.findall(r"#([\w-]+)", "".join(found))}
        assert named - DRAWN_BY_VIEWS <= ids, f"{module} names elements index.html does not have"
    assert len(NAMED.findall('by_id("a")\nset_html("b", x)\ndo(["set", "c", {}], ["tell", "d", "e"])')) == 4
    assert SELECTED.findall('do(["focus", "#a, #b"], ["setAll", f\'#c [name="{x}"]\', {}])') == [
        ("#a, #b", ""), ("", '#c [name="{x}"]')]


class Controls(HTMLParser):
    """The page's controls with an id, each with the form it sends its value with (None: none), for a
    field with a name inside a form."""

    def __init__(self):
        super().__init__()
        self.found, self.in_form = {}, []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("button", "form", "input", "select", "textarea") and attrs.get("type") != "submit" and "id" in attrs:
            field = tag in ("input", "select", "textarea") and "name" in attrs and self.in_form
            self.found[attrs["id"]] = self.in_form[-1] if field else None
        if tag == "form":
            self.in_form.append(attrs.get("id"))

    def handle_endtag(self, tag):
        if tag == "form":
            self.in_form.pop()


def test_every_control_is_one_parts():
    """A field may be read through its form (its event's `form`: the embed's options), by the part whose
    form it is; a control may be a script's of the page instead, which binds it."""
    parsed = Controls()
    parsed.feed(PAGE)
    controls = parsed.found
    assert {"undo", "replay", "share", "notation", "new-form", "games-file", "log-toggle", "theme"} <= set(controls)
    assert controls["embed-play"] == "embed-box"
    for control, form in controls.items():
        naming = [module for module, text in MODULES.items() if f'"{control}"' in text]
        if form is not None and not naming:
            naming = [module for module, text in MODULES.items() if f'"{form}"' in text]
        naming += [script for script, text in SCRIPTS.items() if f'getElementById("{control}")' in text]
        assert len(naming) == 1, f"#{control} is named in {naming or 'no module'}"
        if naming[0] in SCRIPTS:
            assert "addEventListener(" in SCRIPTS[naming[0]], f"#{control} is {naming[0]}'s"
        else:
            assert naming[0].startswith("screen/") and "def bind" in MODULES[naming[0]], f"#{control} is {naming[0]}'s"


EVENT_READS = re.compile(r"addEventListener|\bevent\.(target|currentTarget|preventDefault|stopPropagation|key\w+)\b"
                         r"|clicked_cells")


def test_the_pages_python_hears_events_only_as_data():
    """Issue 55: every handler binds through py/browser.py's `on` and reads the event's data (static/bridge.js),
    never the event or the element under it; what the page reads besides (the focus, storage, a form's other
    fields) is not an event's."""
    pages = {**MODULES, "embed_page.py": (ROOT / "py" / "embed_page.py").read_text()}
    assert sum(text.count(" on(") + text.count("\ton(") for text in pages.values()) >= 45
    assert {module: EVENT_READS.findall(text) for module, text in pages.items() if EVENT_READS.search(text)} == {}
    sample = 'by_id("x").addEventListener("click", f)\nevent.target.closest("[data-ply]")\nevent.preventDefault()'
    assert len(EVENT_READS.findall(sample)) == 3


def test_the_elements_bound_are_on_the_page():
    ids = set(re.findall(r'\bid="([^"]+)"', PAGE))
    bound = {name for text in MODULES.values() for name in re.findall(r'\bon\("([^"]+)"', text)}
    assert {"board", "picker", "type-move"} <= bound
    assert bound - {"document", "window"} - DRAWN_BY_VIEWS <= ids


def test_the_embeds_python_reaches_the_page_only_through_the_bridge():
    """Issue 55: the embed's Python runs in a worker (static/page-worker.js), which has no page: embed_page.py
    and what it uses of browser.py reach the page only through static/bridge.js (`on`, `do`, `address`), never
    through PyScript or an element."""
    reaches = re.compile(r"\bfrom pyscript\b|\bimport pyscript\b|\bdocument\.|\bwindow\.|\bby_id\(|\bpresent\(")
    embed_page = (ROOT / "py" / "embed_page.py").read_text()
    assert [line for line in embed_page.splitlines() if reaches.search(line)] == []
    browser = (ROOT / "py" / "browser.py").read_text()
    assert "pyscript" not in browser, "browser.py is imported in the worker"
    assert "js.document" not in browser, "browser.py reaches an element"
    assert len(reaches.findall('from pyscript import document\nby_id("x")\nwindow.location\ndocument.title')) == 4


def test_the_apps_screens_reach_the_page_only_through_the_bridge():
    """Issue 55: every module of the app's page speaks to the page only through static/bridge.js (the
    events as data, the commands, the questions, the files and pictures saved by the page, the storage held as a
    copy the page writes), as a worker must."""
    reaches = re.compile(r"\bfrom pyscript\b|\bimport pyscript\b|\bdocument\.|\bwindow\.|\bpresent\("
                         r"|\bjs\.(?:document|window|localStorage|navigator)\b")
    for path in [ROOT / "py" / "main.py", *sorted((ROOT / "py" / "screen").glob("*.py"))]:
        found = [line.strip() for line in path.read_text().splitlines() if reaches.search(line)]
        assert found == [], path.name
    assert len(reaches.findall("from pyscript import window\njs.navigator.storage\npresent(x)\njs.Date")) == 3
