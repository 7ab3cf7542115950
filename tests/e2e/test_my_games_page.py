"""My games and exact resume in the browser: a friend's link never costs the player a game,
a reload brings back exactly what was on screen, and a 10,000-move link opens without freezing."""

import json
import random
import re

import pytest

from bench import backup as backup_files
from pyramids import games, record

ICE_LADY = games.get("ice-lady")


def entry(app, key=None):
    """A saved entry's fields (the last one played by default)."""
    return json.loads(app.storage("saved." + (key or app.storage("last"))))


def listed(app) -> list[str]:
    """My games as the player sees it: one text per saved game."""
    app.page.click("#my-games")
    items = app.page.locator("#games-list li.saved").all_inner_texts()
    app.page.click("#games-close")
    return items


def test_a_friends_link_and_one_move_keep_the_players_own_game(app):
    """Issue 12: opening a friend's link and playing one move used to replace the player's own saved game."""
    app.open()
    app.play("d3", "e4")
    own = app.storage("last")
    app.page.goto(app.server + "#v=1&g=ice-lady&m=c3-b4+f6-g5")
    app.page.reload()
    app.wait_ready()
    assert app.moves() == ["c3-b4", "f6-g5"]
    assert app.storage("last") == own, "nothing is saved before the player moves"
    app.play("d3", "e4")
    friend = app.storage("last")
    assert friend != own and entry(app, own)["record"] == "v=1&g=ice-lady&m=d3-e4"
    assert entry(app, friend)["record"] == "v=1&g=ice-lady&m=c3-b4+f6-g5+d3-e4"
    items = listed(app)
    assert len(items) == 2 and "3 moves" in items[0] and "1 move" in items[1]
    app.page.click("#my-games")
    app.page.click(f'#games-list [data-open="{own}"]')
    app.page.wait_for_function("document.querySelectorAll('#moves li').length === 1")
    assert app.moves() == ["d3-e4"] and app.fragment() == "v=1&g=ice-lady&m=d3-e4"
    app.page.goto(app.server)
    app.reload()
    assert app.moves() == ["d3-e4"], "a bare visit opens the game played last"


def test_every_row_s_buttons_stand_in_the_same_place(app):
    """On a desktop each saved game's Open, Rename and Delete stand in one column: they wrapped by the length of
    the game's description, a long status (Terrafex's actions left) pushing its row's buttons to the right."""
    app.open()
    app.play("d3", "e4")  # Ice Lady: "Black to move."
    app.pick("terrafex")
    app.click("a1")  # "White: three actions left: forest, fire, glacier."
    app.page.click("#my-games")
    rows = app.page.evaluate("""() => [...document.querySelectorAll('#games-list .saved')].map(row => {
        const top = row.getBoundingClientRect().top;
        return [...row.querySelectorAll('.acts button')].map(b => {
            const r = b.getBoundingClientRect();
            return [Math.round(r.left), Math.round(r.top - top)]; }); })""")
    assert len(rows) == 2 and all(len(row) == 3 for row in rows)
    assert [left for left, _ in rows[0]] == [left for left, _ in rows[1]], rows
    assert all(len({top for _, top in row}) == 1 for row in rows), f"a row's buttons on one line: {rows}"


def test_a_rename_or_delete_that_meets_another_tab_s_write_says_it_was_not_made(app):
    """A rename or delete in My games made as another tab writes the same game (its event not yet heard here) is
    refused by the page, which keeps the other tab's write: the list shows that, and the player is told the
    change was not made, not left to find it undone."""
    app.open()
    app.play("d3", "e4")
    other = app.storage("last")
    app.page.goto(app.server + "#v=1&g=ice-lady&m=c3-b4")
    app.wait_ready()
    app.play("f6", "g5")  # the game on screen is now another one
    assert app.storage("last") != other
    theirs = {**entry(app, other), "name": "Their name"}
    app.page.click("#my-games")
    app.page.evaluate("([key, value]) => localStorage.setItem(key, value)",  # no storage event in this tab
                      ["pyramids.v1.saved." + other, json.dumps(theirs)])
    app.page.click(f'#games-list [data-rename="{other}"]')
    app.answer("My name")
    app.page.wait_for_function("document.getElementById('games-note').textContent.includes('not made')")
    assert app.page.inner_text("#games-note").startswith("Another tab changed this game at the same moment, so your "
                                                         "change was not made.")
    app.page.wait_for_function("document.getElementById('games-list').textContent.includes('Their name')")
    assert "My name" not in app.page.inner_text("#games-list") and entry(app, other)["name"] == "Their name"

    app.page.click("#games-close")
    app.page.click("#my-games")
    assert app.page.inner_text("#games-note") == "", "said once"
    app.page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                      ["pyramids.v1.saved." + other, json.dumps({**theirs, "name": "Renamed again"})])
    app.page.click(f'#games-list [data-delete="{other}"]')
    app.answer()
    app.page.wait_for_function("document.getElementById('games-list').textContent.includes('Renamed again')")
    assert "not made" in app.page.inner_text("#games-note") and entry(app, other)["name"] == "Renamed again"


def test_reload_mid_game_keeps_the_redo_stack_and_the_ply(app):
    app.open()
    app.play("d3", "e4", "e6", "f5", "e4", "g6")
    app.page.click("#undo")
    app.page.click("#first")
    app.page.click("#next")
    app.reload()
    assert app.moves() == ["d3-e4", "e6-f5"]
    assert app.page.inner_text("#ply") == "Move 1 of 2" and app.position() == ICE_LADY.replay(["d3-e4"]).to_text()
    assert app.page.is_enabled("#redo"), "the redo stack came back"
    app.page.click("#last")
    app.page.click("#redo")
    assert app.moves() == ["d3-e4", "e6-f5", "e4xg6"]


def clock_seconds(app) -> int:
    minutes, seconds = re.fullmatch(r"(\d+):(\d\d)", app.page.inner_text("#clock")).groups()
    return int(minutes) * 60 + int(seconds)


def test_reload_keeps_the_clock_running(app):
    """The deadline is stored, not the time left: a reload neither stops the timer nor buys time."""
    app.open("v=1&g=ice-towers&timer=60&m=")
    app.page.wait_for_function("/^0:5[0-7]$/.test(document.querySelector('#clock').textContent)", timeout=15_000)
    app.click("t10")
    before = clock_seconds(app)
    app.reload()
    after = clock_seconds(app)
    deadline = entry(app)["deadline"]
    assert after <= before and deadline and app.fragment() == "v=1&g=ice-towers&timer=60&m="
    shown, left = app.page.evaluate("deadline => [document.querySelector('#clock').textContent, "
                                    "deadline - Date.now() / 1000]", deadline)
    assert left > 0 and abs(int(shown[0]) * 60 + int(shown[2:]) - left) <= 1.5, \
        "the clock counts to the stored deadline"


def long_game(plies: int) -> list[str]:
    """A legal Ice Lady game of `plies` moves that never repeats a position three times nor ends."""
    rng, state, moves = random.Random(1), ICE_LADY.new(), []
    while len(moves) < plies:
        legal = state.legal_plays()
        rng.shuffle(legal)
        going_on = []
        for move in legal:
            after = state.play(move)
            if after.outcome is None:
                going_on.append((move, after))
                if after.repetitions == 1:
                    break
        move, state = going_on[-1] if going_on[-1][1].repetitions == 1 else going_on[0]
        moves.append(move)
    return moves


OPENING = re.compile(r"Opening the game: move ([\d,]+) of ([\d,]+)…")

# What the status line said when the page answered a key: a key pressed while a game opens is answered
# between two slices of its replay, not once the replay is over.
ANSWERED_JS = """
window.__answered = [];
addEventListener('keydown', () => __answered.push(document.getElementById('status').textContent), true);
"""


def answered_while_opening(page) -> list[tuple[int, int]]:
    """Once the status says the game is opening (read between two frames), press a key; the moves
    replayed (of how many) that the status said when the page answered it."""
    page.wait_for_function("/^Opening the game: move/.test(document.getElementById('status').textContent)",
                           timeout=120_000)
    page.keyboard.press("Shift")
    page.wait_for_function("window.__answered.length > 0")
    said = [OPENING.fullmatch(text) for text in page.evaluate("window.__answered")]
    return [tuple(int(n.replace(",", "")) for n in found.groups()) for found in said if found]


def test_a_10000_move_link_opens_in_slices_and_answers_meanwhile(app):
    """Replay runs a slice per task: the status says how far it got, and a key is answered before it ends.
    (How long the tasks take is measured by the bench: python -m tests.bench.)"""
    moves = long_game(record.MAX_MOVES)
    link = record.encode(record.Record("ice-lady", {}, tuple(moves)))
    app.open()
    app.page.evaluate(f"() => {{ {ANSWERED_JS} }}")
    app.page.evaluate("link => { location.hash = link; }", link)
    answered = answered_while_opening(app.page)
    assert answered and all(done < total == 10_000 for done, total in answered), "answered mid-replay"
    app.page.wait_for_function("document.querySelector('#ply').textContent === 'Move 10000 of 10000'",
                               timeout=180_000)
    assert app.position() == ICE_LADY.replay(moves).to_text()


# -- issue 52: a backup of thousands of games -----------------------------------------------------------------
LONG_TASKS = """window.__tasks = [];
new PerformanceObserver(list => __tasks.push(...list.getEntries().map(e => [e.startTime, e.duration])))
  .observe({type: 'longtask'});"""
IMPORTED = ("/^Imported|cannot be imported|cancelled|do not fit/"
            ".test(document.getElementById('games-note').textContent)")


@pytest.fixture(scope="module")
def backup_2000(tmp_path_factory):
    """A file of 2,000 games as Export writes it (mostly Ice Lady, some of each other game, 8 to 16 moves)."""
    path = tmp_path_factory.mktemp("backups") / "games-2000.json"
    path.write_text(backup_files.backup(2000, seed=7))
    return path


def saved_keys(app) -> int:
    return app.page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('pyramids.v1.saved.')).length")


def open_with_every_game_saved(app, count: int, seed: int):
    """The app with `count` games saved already, of every game, and My games open with their pictures drawn:
    every game's files are loaded (the first of a game's games met loads them, one task, as a link of it does)."""
    app.open()
    app.page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                      backup_files.entries_of(backup_files.backup(count, seed=seed)))
    app.reload()  # the app holds a copy of the storage, read as it starts
    app.page.click("#my-games")
    app.page.wait_for_function(f"document.querySelectorAll('#games-list .thumb svg').length === {count}",
                               timeout=60_000)


def test_a_2000_game_backup_imports_a_slice_at_a_time_saying_how_far_it_got(app, backup_2000):
    """Issue 52: "A valid 3 MB file of 10,000 games ... froze the tab in one 568-second task".  The import runs a
    slice per task, with a progress line and Cancel, and a key is answered meanwhile; then My games lists the
    first games and offers the rest.  The longest task is watched (over a second would be work not sliced: a
    2,000-game file checked in one task takes seconds); the bench times the tasks against the 100 ms target,
    with the 10,000-game file, where a test on a machine shared with other jobs would see its stalls."""
    open_with_every_game_saved(app, 20, seed=8)
    app.page.evaluate(LONG_TASKS)
    app.page.evaluate("""() => { window.__said = []; window.__answered = [];
      new MutationObserver(() => __said.push(document.getElementById('games-progress').textContent))
        .observe(document.getElementById('games-progress'), {childList: true, subtree: true, characterData: true});
      addEventListener('keydown', () => __answered.push(document.getElementById('games-progress').textContent),
                       true); }""")
    started = app.page.evaluate("performance.now()")
    app.page.set_input_files("#games-file", backup_2000)
    app.page.wait_for_function("/^Checking game [1-9]/.test(document.getElementById('games-progress').textContent)",
                               timeout=120_000)
    assert app.page.is_visible("#games-cancel") and app.page.is_disabled("#games-import")
    app.page.keyboard.press("Shift")
    app.page.wait_for_function(IMPORTED, timeout=300_000, polling=200)
    ended = app.page.evaluate("performance.now()")
    note = app.page.inner_text("#games-note")
    assert note.startswith("Imported 2,000 games: ") and "could not be saved" not in note, note
    assert saved_keys(app) > 1950
    said = app.page.evaluate("__said")
    checked = [int(found[1].replace(",", ""))
               for found in map(re.compile(r"Checking game ([\d,]+) of 2,000…").fullmatch, said) if found]
    assert any(text.startswith("Reading the file") for text in said) and checked == sorted(checked)
    # A line per slice of 30 ms: more than ten unless the whole check took under a third of a second.  "More than
    # 50", as this said before, was this machine's speed (61 lines here), not the page's slicing: a machine a fifth
    # faster would have failed it.
    assert checked[0] < 200 and checked[-1] > 1800 and len(checked) > 10, "a progress line per slice"
    assert any(text.startswith("Saving game") for text in said)
    assert [text for text in app.page.evaluate("__answered") if text.startswith("Checking game")], \
        "a key pressed mid-import is answered mid-import"
    tasks = [duration for start, duration in app.page.evaluate("__tasks") if started <= start <= ended]
    assert max(tasks, default=0) < 1000, f"the longest task of the import: {max(tasks)} ms"
    assert app.page.is_hidden("#games-importing") and app.page.is_enabled("#games-import")
    app.page.wait_for_function("document.querySelectorAll('#games-list li.saved').length === 50")
    more = app.page.locator("#games-list [data-more]")
    assert re.fullmatch(r"Show more games \([\d,]+ not shown\)", more.inner_text())
    more.click()
    app.page.wait_for_function("document.querySelectorAll('#games-list li.saved').length === 100")
    assert app.page.evaluate("document.activeElement.closest('li.saved') === "
                             "document.querySelectorAll('#games-list li.saved')[50]"), "the focus on the first shown"
    app.page.wait_for_function("document.querySelectorAll('#games-list li.saved .thumb svg').length === 100")
    first_note = app.page.inner_text("#games-note")
    app.page.set_input_files("#games-file", backup_2000)
    app.page.wait_for_function("note => " + IMPORTED + " && document.getElementById('games-note').textContent !== note"
                               " && !document.getElementById('games-import').disabled", arg=first_note,
                               timeout=300_000, polling=200)  # this import's result: not the first one's still shown
    assert app.page.inner_text("#games-note") == "Imported 2,000 games: 2,000 already here.", "nothing added twice"


def test_cancel_stops_an_import_and_changes_nothing(app, backup_2000):
    open_with_every_game_saved(app, 5, seed=9)
    before = app.page.evaluate("JSON.stringify(Object.entries(localStorage).sort())")
    app.page.set_input_files("#games-file", backup_2000)
    app.page.wait_for_function("/^Checking game [1-9]/.test(document.getElementById('games-progress').textContent)",
                               timeout=120_000)
    app.page.click("#games-cancel")
    app.page.wait_for_function(IMPORTED, timeout=60_000)
    assert app.page.inner_text("#games-note") == "The import was cancelled; nothing was changed."
    assert app.page.evaluate("JSON.stringify(Object.entries(localStorage).sort())") == before
    app.page.set_input_files("#games-file", backup_2000)  # closing the dialog cancels too
    app.page.wait_for_function("/^Checking game [1-9]/.test(document.getElementById('games-progress').textContent)",
                               timeout=120_000)
    app.page.keyboard.press("Escape")
    app.page.wait_for_function("document.getElementById('games-import').disabled === false", timeout=60_000)
    games_only = ("JSON.stringify(Object.entries(localStorage).filter(([k]) => k !== 'pyramids.snapshot.v1').sort())")
    assert app.page.evaluate(games_only) == json.dumps(
        [[k, v] for k, v in json.loads(before) if k != "pyramids.snapshot.v1"], separators=(",", ":")), \
        "(the board's snapshot, no game, has the message under the board)"
    closed = "The import stopped when My games was closed; nothing was changed."
    app.page.wait_for_function("said => document.getElementById('message').textContent === said", arg=closed)
    app.page.click("#my-games")  # it had said nothing, there or under the board
    assert app.page.inner_text("#games-note") == closed


def test_a_file_too_large_is_refused_at_once_and_changes_nothing(app, tmp_path):
    """Issue 52: "Files the app refuses still freeze it 4-5 s (30 MB, 50 MB) before saying so" (the bench times it)."""
    app.open()
    app.play("d3", "e4")
    huge = tmp_path / "huge.json"
    huge.write_text('{"format": "looney-pyramids-games", "v": 1, "games": []}' + " " * 30_000_000)
    app.page.click("#my-games")
    app.page.set_input_files("#games-file", huge)
    app.page.wait_for_function("document.getElementById('games-note').textContent.includes('too large')")
    assert app.page.inner_text("#games-note") == ("This file cannot be imported: at 30 MB it is too large to be a file "
                                                  "of saved games (those are at most 20 MB). Nothing was changed.")
    assert saved_keys(app) == 1


def glyphs_in_order(page, selector: str, word: str) -> bool:
    """Whether `word`'s letters in the element stand left to right on the screen, as they read."""
    return page.evaluate("""([selector, word]) => {
      const node = [...document.querySelectorAll(selector)].map(e => e.firstChild)
        .find(n => n && n.nodeType === 3 && n.data.includes(word));
      const at = node.data.indexOf(word), range = document.createRange();
      const x = i => { range.setStart(node, at + i); range.setEnd(node, at + i + 1);
                       return range.getBoundingClientRect().left; };
      return [...word].every((_, i) => i === 0 || x(i) > x(i - 1));
    }""", [selector, word])


def test_a_name_written_right_to_left_never_turns_its_row_round(app, tmp_path):
    """Issue 52: "A name holding U+202E (right-to-left override) reverses the rest of its My games row ("Ice
    Lady" reads "ydaL ecI"), through Rename and Import"."""
    app.open()
    app.play("d3", "e4")
    app.page.click("#my-games")
    app.page.click("#games-list [data-rename]")
    app.answer("Friday \u202enight")
    app.page.wait_for_function("document.querySelector('#games-list em')?.textContent === 'Ice Lady'")
    assert glyphs_in_order(app.page, "#games-list li.saved em", "Ice Lady")
    assert glyphs_in_order(app.page, "#games-list li.saved small", "2 players")
    name = "\u05e9\u05dc\u05d5\u05dd \u202e12"  # Hebrew, then an override
    path = tmp_path / "names.json"
    path.write_text(json.dumps({"format": "looney-pyramids-games", "v": 1, "games": [
        {"v": 2, "record": "v=1&g=ice-lady&m=c3-b4", "name": name, "mine": []}]}))
    app.page.set_input_files("#games-file", path)
    app.page.wait_for_function(IMPORTED)
    assert app.page.inner_text("#games-note") == "Imported 1 game: 1 added."
    app.page.wait_for_function("document.querySelectorAll('#games-list em').length === 2")
    for n in (1, 2):
        assert glyphs_in_order(app.page, f"#games-list li.saved:nth-child({n}) em", "Ice Lady")
        assert glyphs_in_order(app.page, f"#games-list li.saved:nth-child({n}) small", "2 players")


def test_import_opens_the_file_chooser_and_adds_the_file_chosen(app, tmp_path):
    """Issue 55: Import opens the browser's file chooser in the press (the page's own doing, where a browser
    allows it), and the file chosen there is imported."""
    app.open()
    path = tmp_path / "one.json"
    path.write_text(json.dumps({"format": "looney-pyramids-games", "v": 1, "games": [
        {"v": 2, "record": "v=1&g=ice-lady&m=c3-b4", "name": "Chosen", "mine": []}]}))
    app.page.click("#my-games")
    with app.page.expect_file_chooser() as chooser:
        app.page.click("#games-import")
    chooser.value.set_files(path)
    app.page.wait_for_function(IMPORTED)
    assert app.page.inner_text("#games-note") == "Imported 1 game: 1 added."
    app.page.wait_for_function("document.querySelector('#games-list li.saved') !== null")
    assert "Chosen" in app.page.inner_text("#games-list")


def test_an_import_that_does_not_fit_in_storage_is_taken_back_and_says_so(app, tmp_path):
    """Issue 55: the Python's writes are taken by its copy of the storage and refused by the page after (the
    first of them a message later).  An import that filled storage kept what fitted: storage stayed full, the
    player's next moves unsaved, and the way back was deleting games one by one; it is taken back whole."""
    app.open()
    app.play("d3", "e4")
    before = app.page.evaluate("JSON.stringify(Object.entries(localStorage).sort())")
    app.page.evaluate(ROOM_FOR_ONE)
    path = tmp_path / "three.json"
    games_in_it = [{"v": 2, "record": f"v=1&g=ice-lady&m={move}", "name": "", "mine": []}
                   for move in ("c3-b4", "c3-d4", "e3-f4")]
    path.write_text(json.dumps({"format": "looney-pyramids-games", "v": 1, "games": games_in_it}))
    app.page.click("#my-games")
    app.page.set_input_files("#games-file", path)
    app.page.wait_for_function(IMPORTED)
    assert app.page.inner_text("#games-note") == (
        "The games of this file do not fit in this browser's storage (2 of 3 games could not be saved), so none were "
        "imported; nothing was changed. Delete games you no longer need from My games, or import a file of fewer "
        "games.")
    app.page.wait_for_function("document.querySelectorAll('#games-list li.saved').length === 1")
    assert app.page.evaluate("JSON.stringify(Object.entries(localStorage).sort())") == before
    app.page.click("#games-close")
    app.play("e6", "f5")  # the player's own game is saved as before
    app.page.wait_for_function("Object.entries(localStorage).some(([k, v]) => k.startsWith('pyramids.v1.saved.') "
                               "&& v.includes('d3-e4+e6-f5'))")
    assert "not saving" not in app.page.inner_text("#message")


ROOM_FOR_ONE = """(() => {
  // localStorage with room for one more entry: a new key after that throws, as a full browser's does
  const setItem = Storage.prototype.setItem;
  let room = 1;
  Storage.prototype.setItem = function (key, value) {
    if (this === window.localStorage && key.startsWith('pyramids.v1.saved.') && this.getItem(key) === null) {
      if (room <= 0) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      room -= 1;
    }
    return setItem.call(this, key, value);
  };
})()"""


def test_an_import_that_plays_on_the_game_on_screen_shows_it_so(app, tmp_path):
    """A file holding the game on screen played on (the same game, begun at the same moment) brings its entry up to
    date; the board kept the game as it was, and the next move there was taken for another tab's ("Two versions of
    this game ... Another tab of this browser played this game otherwise")."""
    app.open()
    app.play("d3", "e4")
    app.page.wait_for_function("Object.entries(localStorage).some(([k, v]) => k.startsWith('pyramids.v1.saved.') "
                               "&& v.includes('m=d3-e4'))")
    created = app.page.evaluate("JSON.parse(Object.entries(localStorage).find(([k]) => "
                                "k.startsWith('pyramids.v1.saved.'))[1]).created")
    path = tmp_path / "played-on.json"
    path.write_text(json.dumps({"format": "looney-pyramids-games", "v": 1, "games": [
        {"v": 2, "record": "v=1&g=ice-lady&m=d3-e4+e6-f5+c3-d4", "name": "", "mine": [], "created": created}]}))
    app.page.click("#my-games")
    app.page.set_input_files("#games-file", path)
    app.page.wait_for_function(IMPORTED)
    assert app.page.inner_text("#games-note") == (
        "Imported 1 game: 1 brought up to date. The game on screen was one of them: it is shown as the file has it, "
        "at move 3 of 3.")
    app.page.click("#games-close")
    assert app.moves() == ["d3-e4", "e6-f5", "c3-d4"]
    app.play("f6", "g5")
    assert app.page.is_hidden("#parted-box") and saved_keys(app) == 1
    app.page.wait_for_function("Object.values(localStorage).some(v => v.includes('m=d3-e4+e6-f5+c3-d4+f6-g5'))")


def test_the_keys_stay_on_the_list_after_a_rename_or_a_delete(app):
    """The list drawn again after a rename or a delete took the focus from the button pressed (to the page): it
    goes to the renamed game's Rename, and to the Delete of the game that took the deleted one's place."""
    app.open()
    app.play("d3", "e4")
    for first in ("c3-b4", "e3-f4"):
        app.open(f"v=1&g=ice-lady&m={first}")
        app.play("f6", "g5")
    app.page.click("#my-games")
    app.page.wait_for_function("document.querySelectorAll('#games-list li.saved').length === 3")
    focused = "document.activeElement.closest('li.saved')?.dataset.entry + ' ' + " \
              "Object.keys(document.activeElement.dataset)[0]"
    second = app.page.get_attribute("#games-list li.saved:nth-child(2)", "data-entry")
    third = app.page.get_attribute("#games-list li.saved:nth-child(3)", "data-entry")
    app.page.focus("#games-list li.saved:nth-child(2) [data-rename]")
    app.page.keyboard.press("Enter")
    app.answer("Second")
    app.page.wait_for_function(f"{focused} === '{second} rename'")
    app.page.focus("#games-list li.saved:nth-child(2) [data-delete]")
    app.page.keyboard.press("Enter")
    assert app.page.evaluate("document.activeElement.id") == "ask-cancel"
    app.answer()
    app.page.wait_for_function(f"{focused} === '{third} delete'")


def test_rename_and_delete_work_in_a_sandboxed_frame(page, server, expect_console):
    """A frame sandboxed without allow-modals ignores the browser's prompt() and confirm(), and one without
    allow-forms refuses a form's submission (method="dialog" too): Rename and Delete did nothing, without a word.
    The page's own box asks there as anywhere."""
    expect_console(r"^warning: An iframe which has both allow-scripts and allow-same-origin")  # the host's choice
    host = server + "wiki-page.html"
    page.route(host, lambda route: route.fulfill(status=200, content_type="text/html", body=(
        f'<!doctype html><title>A wiki page</title><iframe src="{server}" width="1000" height="760" '
        'sandbox="allow-scripts allow-same-origin allow-downloads"></iframe>')))
    native = []
    page.on("dialog", lambda dialog: (native.append(dialog.type), dialog.dismiss()))
    page.goto(host)
    page.wait_for_function("document.querySelector('iframe').contentDocument?.documentElement.dataset.ready !== "
                           "undefined", timeout=90_000)
    frame = page.frames[1]
    for cell in ("d3", "e4"):
        frame.click(f'#board [data-cell="{cell}"]')
    frame.wait_for_function("Object.keys(localStorage).some(k => k.startsWith('pyramids.v1.saved.'))")
    frame.click("#my-games")
    frame.click("#games-list [data-rename]")
    frame.fill("#ask-field", "From the wiki")
    page.keyboard.press("Enter")
    frame.wait_for_function("document.querySelector('#games-list strong').textContent === 'From the wiki'")
    frame.click("#games-list [data-delete]")
    frame.click("#ask-ok")
    frame.wait_for_selector("#games-list li.empty")
    assert native == []
