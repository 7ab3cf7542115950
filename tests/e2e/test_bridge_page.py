"""What an event carries reaches the pages' Python as data (static/bridge.js, py/browser.py's `on`): the
board locations under a click, the data-* attributes above it, where it happened, the key; and the
browser's own action prevented where the page uses the event. The focus a drawing takes from a control is
handed on by the page itself (issue 55: the Python reads no element for either, so it can one day run off
the page's thread)."""

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
    let used = bridge.focused();
    holder.remove();
    holder = put('<button type="button" data-cell="probe-cell" id="probe-again">b</button>', panel);
    bridge.handOn(used);
    const again = document.activeElement.id;
    holder.remove();
    holder = put('<button type="button" id="probe-alone">c</button>', document.body);
    holder.querySelector('button').focus();
    used = bridge.focused();
    holder.querySelector('button').disabled = true;
    bridge.handOn(used);
    const alone = document.activeElement.closest('#board') !== null;
    holder.remove();
    return {again, alone};
}"""


def test_the_focus_a_drawing_takes_is_handed_on_by_the_page(app):
    """A panel location drawn again takes the focus back; a control disabled with no counterpart hands it to
    the board's location (static/access.js), never to the page."""
    app.open()
    assert app.page.evaluate(HANDED_ON) == {"again": "probe-again", "alone": True}


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
