"""Ice Lady against the computer (Easy) in the browser: a worker thinks, the page stays responsive."""

from conftest import ROOT, App
from pyramids import games
from static_server import UPDATE_CHECK, StaticServer, wait_controlled, watched  # noqa: F401 - a fixture

GAME = games.get("ice-lady")

# Every main-thread task over 50 ms, from the first paint on (the Long Tasks API).
LONG_TASKS = """
    window.longTasks = [];
    new PerformanceObserver(list => {
        for (const e of list.getEntries()) window.longTasks.push([e.startTime, e.duration]);
    }).observe({type: "longtask", buffered: true});
"""
# The spans of time while a bot search runs (the page counts them in <html data-bot-thinking>).
THINKING = """
    window.thinking = [];
    new MutationObserver(records => {  // a search may start and end within one task: read the old values
        const now = performance.now();
        const started = records.some(r => !(Number(r.oldValue) > 0));
        let last = window.thinking[window.thinking.length - 1];
        if (started && !(last && last[1] === null)) window.thinking.push(last = [now, null]);
        if (!(Number(document.documentElement.getAttribute("data-bot-thinking")) > 0) && last && last[1] === null)
            last[1] = now;
    }).observe(document, {attributes: true, attributeOldValue: true, subtree: true,
                          attributeFilter: ["data-bot-thinking"]});
"""


def new_game_against(app, seat, level):
    app.page.click("#new")
    app.page.select_option(f'#new-seats select[name="seat:{seat}"]', level)
    app.page.click("#new-start")


def wait_moves(app, n):
    app.page.wait_for_function(f"document.querySelectorAll('#moves li').length === {n}", timeout=60_000)


def longest_task_while_thinking(app) -> float:
    return app.page.evaluate("""() => {
        const spans = window.thinking.map(([a, b]) => [a, b === null ? performance.now() : b]);
        const during = window.longTasks.filter(([start, d]) => spans.some(([a, b]) => start < b && start + d > a));
        return Math.max(0, ...during.map(([, d]) => d));
    }""")


def test_a_game_against_easy(app, new_context):
    app.page.add_init_script(LONG_TASKS + THINKING)
    app.open()
    new_game_against(app, "black", "easy")
    assert "bots=black:easy" in app.fragment()

    app.play("d3", "e4")
    app.page.wait_for_function("document.getElementById('status').textContent.includes('thinking')")
    assert app.status() == "Black (computer) is thinking…"
    app.page.click("#first")  # the buttons work while the bot thinks: browse back, then return
    assert app.page.inner_text("#ply").startswith("Move 0 of")
    app.page.click("#last")
    wait_moves(app, 2)
    app.page.wait_for_function("document.getElementById('status').textContent === 'White to move.'")
    app.play("c3", "b4")
    wait_moves(app, 4)
    moves = app.moves()
    assert GAME.replay(moves).to_text() == app.position()
    assert app.status() == "White to move."
    assert app.page.evaluate("window.thinking.length") >= 2
    assert app.page.evaluate("window.longTasks.length") > 0, "the observer sees the start-up's long tasks"
    assert longest_task_while_thinking(app) <= 50, app.page.evaluate("window.longTasks")

    app.page.click("#undo")
    assert app.moves() == moves[:2], "undo takes back the bot's reply and the player's move together"

    app.page.click("#hint")
    app.page.wait_for_function("document.getElementById('message').textContent.startsWith('Hint:')",
                               timeout=60_000)
    selected = app.page.locator("#board rect.selected").evaluate_all("els => els.map(e => e.dataset.cell)")
    target = app.page.locator("#board rect.target").evaluate_all("els => els.map(e => e.dataset.cell)")
    state = GAME.replay(moves[:2])
    lit = tuple(selected + target)
    assert any(state.path(m) == lit for m in state.legal_moves()), lit
    assert app.moves() == moves[:2], "a hint plays nothing"

    app.reload()
    assert "bots=black:easy" in app.fragment()
    app.play("c3", "b4")
    wait_moves(app, 4)

    link = app.share()
    assert "bots=black:easy" in link
    friend = app.elsewhere(link, new_context().new_page())
    assert friend.moves() == app.moves()
    friend.play("b4", "c5") if GAME.replay(friend.moves()).is_legal("b4-c5") else friend.play("d2", "d4")
    wait_moves(friend, 6)


def test_the_computer_plays_white_and_moves_first(app):
    app.open("v=1&g=ice-lady&m=&bots=white:medium")
    wait_moves(app, 1)
    assert app.status() == "Black to move."
    assert GAME.replay(app.moves()).to_text() == app.position()


def test_the_computer_plays_offline(watched):
    """The worker's files come from the service worker's cache: bots need no network."""
    with StaticServer(ROOT) as server:
        context = watched(server.origin)
        app = App(context.new_page(), server.url).open()
        wait_controlled(app.page)
        server.paths()
        context.set_offline(True)
        app.page.goto(server.url + "#v=1&g=ice-lady&m=&bots=black:easy")
        app.reload()
        app.play("d3", "e4")
        wait_moves(app, 2)
        assert app.page.evaluate("document.documentElement.getAttribute('data-bot-worker')") is None, "the worker started"
        assert set(server.paths()) <= UPDATE_CHECK, "nothing came from the server"


def test_without_workers_the_page_thinks_in_short_slices(app):
    """Where a worker cannot start, the page says so and searches in slices of at most 20 ms."""
    app.page.add_init_script("window.Worker = function () { throw new DOMException('off', 'SecurityError'); };"
                             + LONG_TASKS + THINKING)
    app.open("v=1&g=ice-lady&m=&bots=black:hard")
    app.play("d3", "e4")
    wait_moves(app, 2)
    assert "thinks on this page" in app.message() and "refuses web workers" in app.message()
    assert app.page.evaluate("document.documentElement.getAttribute('data-bot-worker')") == "fallback"
    app.play("c3", "b4")
    wait_moves(app, 4)
    assert GAME.replay(app.moves()).to_text() == app.position()
    assert app.page.evaluate("window.thinking.length") >= 2
    assert longest_task_while_thinking(app) <= 50, app.page.evaluate("window.longTasks")
