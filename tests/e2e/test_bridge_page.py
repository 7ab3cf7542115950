"""What an event carries reaches the pages' Python as data (static/bridge.js, py/browser.py's `on`): the
board locations under a click, the data-* attributes above it, where it happened, the key; and the
browser's own action prevented where the page uses the event. The focus a drawing takes from a control is
handed on by the page itself (issue 55: the Python reads no element for either, so it runs off the page's
thread, in static/page-worker.js)."""

from conftest import python_on_the_page

DESCRIBED = """() => {
    const probe = document.createElement('div');
    probe.id = 'probe';
    probe.innerHTML = '<div data-cell="b2" data-preview="outer" data-first="7">'
        + '<span data-cell="b2-top" data-preview="inner"><button id="probe-button" disabled>'
        + '<b>x</b></button></span></div>';  // under the body: the root's own data-* (data-ready...) are not its
    document.body.append(probe);
    let seen = null;
    probe.addEventListener('click', event => { seen = window.pyramidsBridge.describe(event); });
    probe.querySelector('b').dispatchEvent(new MouseEvent('click', {bubbles: true, shiftKey: true}));
    probe.remove();
    return seen;
}"""


def test_a_click_is_described_innermost_first(app):
    app.open()
    seen = app.page.evaluate(DESCRIBED)
    assert seen["cells"] == ["b2-top", "b2"], "a piece inside its tower: the piece first"
    assert seen["data"] == {"cell": "b2-top", "preview": "inner", "first": "7"}, "the innermost value kept"
    assert seen["within"] == ["b", "button", "#probe-button", "span", "div", "div", "#probe"]
    assert (seen["control"], seen["disabled"], seen["shift"], seen["type"]) == ("probe-button", True, True, "click")


def test_a_storage_cleared_is_told_from_an_entry_written(app):
    """A `storage` event's key is null when the whole storage was cleared (py/screen/parted.py follows it)."""
    app.open()
    seen = app.page.evaluate("""() => [null, 'pyramids:x'].map(key =>
        window.pyramidsBridge.describe(new StorageEvent('storage', {key})))""")
    assert [(s["key"], s["cleared"], s["targetId"], s["within"]) for s in seen] == [
        ("", True, "", []), ("pyramids:x", False, "", [])]


KEY = """([key, where]) => {
    const event = new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true});
    document.querySelector(where).dispatchEvent(event);
    return event.defaultPrevented;
}"""


def test_the_keys_the_page_uses_are_its_own_and_no_others(app):
    """Home browses to the start (py/screen/log.py's `on_key`, which prevents the browser's scroll); a key the
    page does not use, or Home in a text field (its caret's), is left to the browser."""
    app.open("v=1&g=ice-lady&m=c3-d4+f6-e5")
    assert app.page.evaluate(KEY, ["Home", "#move-text"]) is False
    assert app.page.inner_text("#ply") == "Move 2 of 2"
    assert app.page.evaluate(KEY, ["x", "body"]) is False
    assert app.page.evaluate(KEY, ["Home", "body"]) is True
    app.settled()
    assert app.page.inner_text("#ply") == "Move 0 of 2"


def test_a_typed_move_is_never_sent_as_a_form(app):
    """The typed move's form is always prevented (`on(..., prevent=True)`): the page stays, the move is made."""
    app.open()
    prevented = app.page.evaluate("""() => {
        document.getElementById('move-text').value = 'c3-d4';
        const event = new SubmitEvent('submit', {bubbles: true, cancelable: true});
        document.getElementById('type-move').dispatchEvent(event);
        return event.defaultPrevented;
    }""")
    app.settled()
    assert prevented is True
    assert app.moves() == ["c3-d4"]


HANDED_ON = """() => {
    const panel = document.getElementById('game-panel'), bridge = window.pyramidsBridge;
    const put = (html, where) => {
        const holder = document.createElement('div');
        holder.innerHTML = html;
        where.append(holder);
        return holder;
    };
    let holder = put('<button type="button" data-cell="probe-cell">a</button>', panel);
    holder.querySelector('button').focus();
    bridge.apply([['keepFocus'], ['keepFocus'], ['handOn']]);  // a drawing inside a drawing keeps its own
    holder.remove();
    holder = put('<button type="button" data-cell="probe-cell" id="probe-again">b</button>', panel);
    bridge.apply([['handOn']]);
    const again = document.activeElement.id;
    holder.remove();
    holder = put('<button type="button" id="probe-alone">c</button>', document.body);
    holder.querySelector('button').focus();
    bridge.apply([['keepFocus'], ['set', 'probe-alone', {disabled: true}], ['handOn']]);
    const alone = document.activeElement.closest('#board') !== null;
    holder.remove();
    holder = put('<button type="button" data-cell="probe-cell">d</button>'
                 + '<button type="button" id="probe-on">e</button>', panel);
    holder.querySelector('button').focus();
    bridge.apply([['keepFocus'], ['focus', '#probe-on']]);
    holder.firstElementChild.remove();
    holder.insertAdjacentHTML('afterbegin', '<button type="button" data-cell="probe-cell">f</button>');
    bridge.apply([['handOn']]);
    const put_there = document.activeElement.id;
    holder.remove();
    return {again, alone, put_there};
}"""


def test_the_focus_a_drawing_takes_is_handed_on_by_the_page(app):
    """A panel location drawn again takes the focus back; a control disabled with no counterpart hands it to
    the board's location (static/access.js), never to the page; a drawing that put the focus somewhere itself
    keeps it there (a lesson's move begun at Terrafex's pool: the pool drawn again took it back from Continue)."""
    app.open()
    assert app.page.evaluate(HANDED_ON) == {"again": "probe-again", "alone": True, "put_there": "probe-on"}


APPLIED = """() => {
    const probe = document.createElement('div');
    probe.id = 'probe';
    probe.innerHTML = '<ol id="probe-list" style="height: 40px; overflow: auto">'
        + Array.from({length: 30}, (_, i) => `<li data-cell="c${i}" class="${i === 20 ? 'current' : ''}">${i}</li>`)
            .join('')
        + '</ol><button id="probe-button">b</button>';
    probe.dataset.gone = probe.dataset.alsoGone = 'here';
    document.body.append(probe);
    let told = 0;
    probe.addEventListener('pyramids-probe', () => { told += 1; });
    window.pyramidsBridge.apply([
        ['set', 'probe-button', {textContent: 'Next', disabled: true}],
        ['attr', 'probe', {'data-x': '1', 'data-gone': null, 'data-also-gone': undefined}],  // Python's None
        ['attrsAll', '#probe-list [data-cell="c3"], #probe-list [data-cell="c4"]', {'aria-label': 'named'}],
        ['classes', 'probe-list', {shown: true, gone: false}],
        ['centre', 'probe-list', '.current'],
        ['classesAll', '#probe-list li', {item: true}],
        ['classesAll', '#probe-list li:nth-child(odd)', {item: false}],
        ['tell', 'probe', 'pyramids-probe'],
        ['set', 'not-on-the-page', {textContent: 'nothing'}],  // the clock of a game that has none
    ]);
    const list = document.getElementById('probe-list'), button = document.getElementById('probe-button');
    const seen = {text: button.textContent, disabled: button.disabled, x: probe.dataset.x,
                  gone: probe.hasAttribute('data-gone') || probe.hasAttribute('data-also-gone'),
                  named: [...list.querySelectorAll('[aria-label="named"]')].map(li => li.dataset.cell),
                  classes: list.className, scrolled: list.scrollTop > 0, told,
                  items: list.querySelectorAll('.item').length};
    probe.remove();
    return seen;
}"""


def test_the_pythons_commands_change_the_page(app):
    """Issue 55: the pages' Python changes the page by commands, as data (py/browser.py's `do`), which the page
    applies itself (static/bridge.js's `apply`): properties, attributes, class names, a list scrolled to its
    current entry, an event of the page's own; one on an element that is not there does nothing."""
    app.open()
    assert app.page.evaluate(APPLIED) == {"text": "Next", "disabled": True, "x": "1", "gone": False,
                                          "named": ["c3", "c4"], "classes": "shown", "scrolled": True,
                                          "told": 1, "items": 15}


MORE_APPLIED = """async () => {
    const probe = document.createElement('div');
    probe.id = 'probe';
    probe.innerHTML = '<ol id="probe-list" style="height: 40px; overflow: auto"><li class="result">end</li></ol>'
        + '<button id="probe-opener">open</button><div id="probe-box"><button id="probe-inside">in</button></div>'
        + '<dialog id="probe-dialog"><button>ok</button></dialog>';
    document.body.append(probe);
    const list = document.getElementById('probe-list'), bridge = window.pyramidsBridge;
    const seen = {};
    bridge.apply([
        ['removeAll', '#probe-list li.result'],
        ['insert', 'probe-list', '<li>1</li><li>2</li>'],
        ['setAll', '#probe-list li', {title: 'listed'}],
        ['attrsAll', '#probe-list li', {'data-x': '1'}],
        ['attrsAll', '#probe-list li:first-child', {'data-x': null}],
        ['classes', 'body', {probing: true}],
    ]);
    seen.listed = [...list.children].map(li => `${li.textContent}:${li.title}:${li.dataset.x || ''}`);
    seen.body = document.body.classList.contains('probing');
    document.body.classList.remove('probing');
    // A list worked out in slices stays off the page until it is whole.
    bridge.apply([['gather', 'probe-list', '<li>a</li>', true], ['gather', 'probe-list', '<li>b</li>']]);
    seen.before = list.children.length;  // still the list shown before
    bridge.apply([['swap', 'probe-list']]);
    seen.swapped = [...list.children].map(li => li.textContent).join('');
    bridge.apply([['gather', 'probe-list', '<li>c</li>', true], ['swap', 'probe-list']]);
    seen.fresh = [...list.children].map(li => li.textContent).join('');
    bridge.apply([['insert', 'probe-list', '<li>x</li>'.repeat(20)], ['scrollEnd', 'probe-list']]);
    seen.scrolledAtOnce = list.scrollTop > 0;  // the height is read in the next frame, not in this task
    await new Promise(done => requestAnimationFrame(() => setTimeout(done, 0)));
    seen.scrolledAtEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 1;
    // The focus, a dialog, a box hidden with the focus in it, the page's modules, the address.
    bridge.apply([['focus', '#probe-missing, #probe-box button']]);  // the first found
    seen.focused = document.activeElement.id;
    bridge.apply([['hide', 'probe-box', 'probe-opener']]);
    seen.hidden = [document.getElementById('probe-box').hidden, document.activeElement.id];
    bridge.apply([['dialog', 'probe-dialog', true], ['dialog', 'probe-dialog', true]]);  // open once
    seen.dialog = document.getElementById('probe-dialog').open;
    bridge.apply([['dialog', 'probe-dialog', false]]);
    seen.dialog = [seen.dialog, document.getElementById('probe-dialog').open];
    let played = null;
    window.probeModule = {play: kind => { played = kind; }};
    bridge.apply([['call', 'probeModule', 'play', 'capture'], ['call', 'notLoaded', 'play', 'move']]);
    seen.played = played;
    delete window.probeModule;
    const before = history.length;
    bridge.apply([['address', 'probe-link']]);
    seen.address = [location.hash, history.length - before];
    bridge.apply([['address', 'probe-link', true]]);  // a game gone to whose link is the one there: no entry
    seen.address.push(history.length - before);
    bridge.apply([['address', 'probe-other', true]]);
    seen.address.push(location.hash, history.length - before);
    probe.remove();
    return seen;
}"""


def test_the_commands_for_lists_dialogs_and_the_focus(app):
    """Issue 55: the log, the dialogs, the boxes and the address change by commands too: items removed and
    appended; a long list gathered off the page and shown whole; scrolled to its end in the next frame (its
    height read then); the focus given; a box hidden gives the focus back to its button; a dialog opened once
    and closed; a method of a page's module that is not loaded does nothing; the address replaced with no new
    entry in the history, or a new entry for a game gone to (Back returns to the one left) unless its link is the
    one there."""
    app.open()
    assert app.page.evaluate(MORE_APPLIED) == {
        "listed": ["1:listed:", "2:listed:1"], "body": True, "before": 2, "swapped": "ab", "fresh": "c",
        "scrolledAtOnce": False, "scrolledAtEnd": True, "focused": "probe-inside",
        "hidden": [True, "probe-opener"], "dialog": [True, False], "played": "capture",
        "address": ["#probe-link", 0, 0, "#probe-other", 1]}


COUNTED = """async () => {
    const bridge = window.pyramidsBridge, apply = bridge.apply;
    let counted = 0;
    bridge.apply = commands => { counted += 1; return apply(commands); };
    // Ice Lady: a piece selected, its targets marked; the board's own task, up to its microtasks
    document.querySelector('#board [data-cell="c3"]').dispatchEvent(new MouseEvent('click', {bubbles: true}));
    for (let i = 0; i < 5; i += 1) await null;
    bridge.apply = apply;
    return [counted, document.querySelectorAll('#board .target').length];
}"""


def test_a_clicks_drawing_reaches_the_page_in_one_crossing_or_two(app):
    """Issue 55: the commands a drawing gives (`browser.do`: about ten for a click's board, panel, history
    controls and status) are made together, once the task's Python is done, or just before the page hands
    the focus on (`flush`); not one crossing each.  Counted where the Python runs on the page (PyScript, the
    fallback): from a worker each batch is a message."""
    python_on_the_page(app.page)
    app.open()
    counted, targets = app.page.evaluate(COUNTED)
    assert targets > 0, "the click was answered"
    assert 1 <= counted <= 2, counted


ASK_PROBE = """() => {
    const probe = document.createElement('div');
    probe.id = 'probe';
    probe.innerHTML = '<button id="probe-rename" data-name="Friday">Rename</button>'
        + '<button id="probe-delete">Delete</button><button id="probe-other">Other</button>';
    document.body.append(probe);
    window.probeAnswers = [];
    window.pyramidsBridge.listen('probe', 'click', described => probeAnswers.push(described.answer), false, [
        ['#probe-rename', 'prompt', 'A name for this game:', 'name', 'Rename'],
        ['#probe-delete', 'confirm', 'Delete this saved game?', null, 'Delete']]);
}"""


def test_the_page_asks_in_its_own_box_and_the_answer_goes_with_the_event(app):
    """My games' Rename and Delete asked with the browser's prompt() and confirm(), which a frame sandboxed without
    allow-modals (and some apps' web views) ignore: Rename and Delete did nothing, without a word.  The page asks
    in its own box, filled in from the element (data-name), and the answer goes with the event: the text or None,
    OK or Cancel (Esc too); Cancel has the focus for Delete; nothing is asked outside the elements named, and the
    browser's own boxes never open."""
    app.open()
    native = []
    app.page.on("dialog", lambda dialog: (native.append(dialog.type), dialog.dismiss()))
    app.page.evaluate(ASK_PROBE)
    box = app.page.locator("#ask-box")

    def answers():
        return app.page.evaluate("probeAnswers")
    app.page.click("#probe-rename")
    assert box.is_visible() and app.page.inner_text("#ask-text") == "A name for this game:"
    assert app.page.input_value("#ask-field") == "Friday" and app.page.inner_text("#ask-ok") == "Rename"
    assert app.page.evaluate("document.activeElement.id") == "ask-field" and answers() == []
    app.page.fill("#ask-field", "Saturday")
    app.page.keyboard.press("Enter")
    app.page.wait_for_function("probeAnswers.length === 1")
    app.page.click("#probe-delete")
    assert app.page.is_hidden("#ask-field") and app.page.inner_text("#ask-ok") == "Delete"
    assert app.page.is_hidden("#ask-about"), "nothing said of what the button acts on"
    assert app.page.evaluate("document.activeElement.id") == "ask-cancel", "Cancel first where a game is deleted"
    app.page.click("#ask-ok")
    app.page.wait_for_function("probeAnswers.length === 2")
    for cancel in (lambda: app.page.click("#ask-cancel"), lambda: app.page.keyboard.press("Escape")):
        app.page.click("#probe-delete")
        cancel()
    app.page.click("#probe-rename")
    app.page.keyboard.press("Escape")
    app.page.click("#probe-other")
    app.page.wait_for_function("probeAnswers.length === 6")
    assert answers() == ["Saturday", True, False, False, None, None] and box.is_hidden() and native == []


CHOOSER = """() => {
    const probe = document.createElement('div');
    probe.id = 'probe';
    probe.innerHTML = '<button id="probe-open">Import</button>';
    const field = document.createElement('input');
    Object.assign(field, {type: 'file', id: 'probe-file', hidden: true});  // outside: its click is not the probe's
    document.body.append(probe, field);
    window.probeSeen = [];
    window.pyramidsBridge.listen('probe', 'click', described => probeSeen.push(['click', described.answer]), false,
                                 [['#probe-open', 'choose', 'probe-file']]);
    window.pyramidsBridge.listen('probe-file', 'change', described => probeSeen.push(
        ['change', described.files.map(file => file.name)]));
}"""


def test_a_file_chooser_opens_in_the_press_and_its_file_goes_with_the_change(app, tmp_path):
    """Issue 55: My games' Import opens the file field's chooser in the press, on the page (a browser opens one
    only there; from a worker it would come after it), and the file chosen goes with the field's change event,
    as data a worker can be sent."""
    app.open()
    app.page.evaluate(CHOOSER)
    path = tmp_path / "games.json"
    path.write_text("{}")
    with app.page.expect_file_chooser() as chooser:
        app.page.click("#probe-open")
    assert chooser.value.element.get_attribute("id") == "probe-file"
    chooser.value.set_files(path)
    app.page.wait_for_function("window.probeSeen.length === 2")
    assert app.page.evaluate("window.probeSeen") == [["click", None], ["change", ["games.json"]]]


def test_the_page_saves_files_and_pictures_the_python_hands_it(app):
    """Issue 55: a file (My games' backup, a board's SVG) and a PNG drawn from an SVG are saved by the page
    from the text the Python hands it (a worker has no link to click nor canvas); a picture the page cannot
    draw is told to the Python, not lost."""
    app.open()
    with app.page.expect_download() as got:
        app.page.evaluate("""() => window.pyramidsBridge.apply([['download', 'games.json', '{"v": 1}',
                                                                'application/json']])""")
    assert got.value.suggested_filename == "games.json"
    assert open(got.value.path(), encoding="utf-8").read() == '{"v": 1}'
    square = '<svg xmlns="http://www.w3.org/2000/svg" width="3" height="2"><rect width="3" height="2"/></svg>'
    with app.page.expect_download() as got:
        app.page.evaluate("svg => window.pyramidsBridge.apply([['picture', 'board.png', svg, 2]])", square)
    assert got.value.suggested_filename == "board.png"
    assert open(got.value.path(), "rb").read(24)[16:24] == bytes([0, 0, 0, 6, 0, 0, 0, 4]), "twice its size"
    failed = app.page.evaluate("""() => new Promise(told => {
        document.addEventListener('pyramids-picture-failed', event => told(event.detail), {once: true});
        window.pyramidsBridge.apply([['picture', 'board.png', 'not a picture', 2]]);
    })""")
    assert failed


def test_a_picture_that_cannot_be_drawn_is_said(app):
    """Issue 55: Share's PNG, drawn by the page, that fails says so under the board: the page plays on."""
    app.open()
    app.page.evaluate("""() => {
        HTMLImageElement.prototype.decode = () => Promise.reject(new Error('no pictures here'));
    }""")
    app.page.click("#embed")
    app.page.click("#download-png")
    app.page.wait_for_function("document.getElementById('message').textContent.includes('could not be made')")
    assert "The picture could not be made: no pictures here" in app.message()
    app.play("d3", "e4")
    assert app.moves()[-1] == "d3-e4"



JOURNAL = """() => {
    // Three batches of writes as the Python's `do` hands them over, each write with the value its copy held
    // there: one the browser refuses a write of; one over another tab's write (its event not heard); the same
    // once that write is heard.
    const bridge = window.pyramidsBridge, told = [], read = key => localStorage.getItem('pyramids.v1.' + key);
    document.addEventListener('pyramids-store-refused', event => told.push(event.detail));
    localStorage.setItem('pyramids.v1.t-kept', 'before');
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
        if (key === 'pyramids.v1.t-big') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return setItem.call(this, key, value);
    };
    bridge.apply([['store', 't-kept', 'after', 'before'], ['set', 'status', {title: 'made'}],
                  ['store', 't-new', 'x', null], ['store', 't-big', 'y', null]]);
    Storage.prototype.setItem = setItem;
    const full = [read('t-kept'), read('t-new'), document.getElementById('status').title];
    localStorage.setItem('pyramids.v1.t-kept', 'theirs');  // as another tab writes it
    bridge.apply([['store', 't-kept', 'mine', 'before']]);
    const unheard = read('t-kept');
    bridge.apply([['store', 't-kept', 'mine', 'theirs'], ['store', 't-new', null, null]]);
    const made = read('t-kept');
    const described = bridge.describe(new StorageEvent('storage', {key: 'pyramids.v1.t-kept', newValue: 'v'}));
    localStorage.removeItem('pyramids.v1.t-kept');
    return new Promise(resolve => setTimeout(() => resolve({full, unheard, made, told, stored: described.stored,
                                                              copy: bridge.stored()}), 0));
}"""


def test_the_pythons_writes_are_made_a_batch_at_a_time_all_or_none(app):
    """Issue 55: the app's Python holds a copy of the storage (py/pyramids/mirror.py), so the page makes its
    writes: a batch the browser refuses a write of is undone whole and told back with what the page holds, as is
    one over a value its copy did not hold (another tab's write); the other commands of a batch are made."""
    app.open()
    seen = app.page.evaluate(JOURNAL)
    assert seen["full"] == ["before", None, "made"], "none of the writes, all the other commands"
    assert seen["told"] == [{"full": True, "values": {"t-kept": "before", "t-new": None, "t-big": None}},
                            {"full": False, "values": {"t-kept": "theirs"}}]
    assert (seen["unheard"], seen["made"], seen["stored"]) == ("theirs", "mine", "v")
    assert "last" not in seen["copy"] and not any(key.startswith("t-") for key in seen["copy"])


REDRAWN = """() => {  // the board drawn again, whole, as a drawing's command draws it (py/browser.py's `set_html`)
    const board = document.getElementById('board');
    window.pyramidsBridge.apply([['set', 'board', {innerHTML: board.innerHTML}]]);
}"""


def press_across_a_drawing(app, press: str, release: str, again: bool = False):
    """The mouse pressed on the location `press`, the board drawn again, the mouse released on `release`; `again`:
    the board drawn once more in the release's task, before the page's click (the answer to the click before it
    landing then)."""
    for cell in (press, release):
        box = app.page.locator(f'#board [data-cell="{cell}"]').bounding_box()
        app.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        if cell == press:
            app.page.mouse.down()
            app.page.evaluate(REDRAWN)
    if again:
        app.page.evaluate(f"() => document.addEventListener('pointerup', {REDRAWN}, {{once: true}})")
    app.page.mouse.up()
    app.settled()


def test_a_mouse_press_that_a_drawing_replaces_still_clicks(app):
    """A press held while the board is drawn again (the answer to the click before it, the computer's move
    landing) ends on a new element, and no browser clicks then: the page clicks for it (static/bridge.js), once,
    where the release is on the same location as the press; released on another, it clicks nothing, as a
    browser does.  Drawn again between the release and the page's click, the location is clicked as now drawn."""
    app.open("v=1&g=ice-lady&m=")
    app.click("d3")
    press_across_a_drawing(app, "e4", "e4")
    assert app.moves() == ["d3-e4"]
    press_across_a_drawing(app, "e6", "e6")
    assert app.message() == "Choose where to go.", "e6 selected, and not once more (which lets it go)"
    press_across_a_drawing(app, "f5", "g5")
    assert app.message() == "Choose where to go."
    assert app.moves() == ["d3-e4"]
    press_across_a_drawing(app, "f5", "f5", again=True)  # WebKit under load: the click was lost
    assert app.moves() == ["d3-e4", "e6-f5"], "the page clicked f5 as drawn anew"
    press_across_a_drawing(app, "c3", "c3", again=True)
    assert app.message() == "Choose where to go.", "c3 selected once"


PROBE_BUTTON = """disabled => {  // a button under the board, drawn again while pressed: enabled, or disabled
    document.getElementById('probe')?.remove();
    const probe = Object.assign(document.createElement('div'), {id: 'probe', clicks: 0});
    probe.innerHTML = '<button id="probe-button" style="position: fixed; left: 0; top: 0; width: 80px; height: 40px">'
        + 'Undo</button>';
    probe.addEventListener('click', () => { probe.clicks += 1; });
    document.body.append(probe);
    window.redraw = () => {
        probe.innerHTML = probe.innerHTML.replace('<button', disabled ? '<button disabled' : '<button');
    };
}"""


def test_a_button_drawn_again_while_pressed_clicks_unless_drawn_off(app):
    """The same holds for a button (the panel's Undo, drawn again by the computer's move): clicked once when
    released over the same button, and not at all where the drawing disabled it."""
    app.open()
    clicks = []
    for disabled in (False, True):
        app.page.evaluate(PROBE_BUTTON, disabled)
        app.page.mouse.move(40, 20)
        app.page.mouse.down()
        app.page.evaluate("window.redraw()")
        app.page.mouse.up()
        app.page.evaluate("() => new Promise(done => setTimeout(done, 50))")  # the page's click, a task later
        clicks.append(app.page.evaluate("document.getElementById('probe').clicks"))
    assert clicks == [1, 0]
