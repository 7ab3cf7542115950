"""Two tabs of one browser on one game (issue 27): they hear each other, so nothing is overwritten unseen.

Two pages of one context share localStorage, as two tabs do.
"""

import json

from conftest import App
from pyramids import games

ICE_LADY = games.get("ice-lady")

# A tab that stops hearing the others (window.deaf), as one does while both move at the same moment.
DEAF = "window.addEventListener('storage', e => { if (window.deaf) e.stopImmediatePropagation(); }, true);"


def entries(app) -> dict[str, dict]:
    return {key: json.loads(value) for key, value in app.page.evaluate(
        "Object.entries(localStorage).filter(([k]) => k.startsWith('pyramids.v1.saved.'))")}


def moves_of(entry) -> list[str]:
    moves = entry["record"].partition("&m=")[2]
    return moves.split("+") if moves else []


def play(app, move):
    before = len(app.moves())
    app.play(*ICE_LADY.replay(app.moves()).path(move))
    wait_moves(app, before + 1)


def wait_moves(app, n):
    app.page.wait_for_function(f"document.querySelectorAll('#moves li button').length === {n}")


def two_tabs(new_context, server):
    context = new_context()
    first = App(context.new_page(), server)
    first.page.add_init_script(DEAF)
    first.open()
    play(first, "d3-e4")
    second = App(context.new_page(), server)
    second.page.add_init_script(DEAF)
    second.open()  # a bare visit: the game played last
    assert second.moves() == ["d3-e4"]
    return first, second


def test_a_tab_that_lacks_the_other_s_moves_catches_up_at_once(new_context, server):
    first, second = two_tabs(new_context, server)
    play(first, "e6-f5")
    wait_moves(second, 2)
    assert "Another tab played on in this game" in second.message()
    play(second, "e4xg6")
    wait_moves(first, 3)
    assert first.moves() == second.moves() == ["d3-e4", "e6-f5", "e4xg6"]
    (entry,) = entries(first).values()
    assert moves_of(entry) == first.moves()

    first.page.click("#undo")  # a take-back shows too, and Redo brings the move back
    wait_moves(second, 2)
    assert "Another tab took back 1 move" in second.message()
    second.page.click("#redo")
    wait_moves(first, 3)


def test_both_tabs_move_from_one_position_and_both_lines_are_kept(new_context, server):
    first, second = two_tabs(new_context, server)
    second.page.evaluate("window.deaf = true")
    play(first, "e6-f5")
    assert second.moves() == ["d3-e4"], "the second tab did not hear it"
    play(second, "c6-b5")
    box = second.page.locator("#parted-box")
    box.wait_for(state="visible")
    assert "Another tab of this browser played this game otherwise from move 2" in box.inner_text()
    lines = sorted((moves_of(e), e["name"]) for e in entries(first).values())
    assert lines == [(["d3-e4", "c6-b5"], "(this tab)"), (["d3-e4", "e6-f5"], "")], "both lines kept"
    assert first.moves() == ["d3-e4", "e6-f5"], "the first tab's game was not touched"
    box.locator('[data-keep="other-tab"]').click()
    second.page.wait_for_function("[...document.querySelectorAll('#moves li button')].pop()?.dataset.notation"
                                  " === 'e6-f5'")
    assert second.moves() == first.moves()
    assert len(entries(first)) == 2


def test_the_question_put_away_with_escape_says_this_tab_s_line_goes_on(new_context, server):
    """Esc on which line goes on: nothing chosen, this tab plays on in its own line, and the player is told
    where the other tab's is; this tab's next move goes into its own game, not over the other's."""
    first, second = two_tabs(new_context, server)
    second.page.evaluate("window.deaf = true")
    play(first, "e6-f5")
    play(second, "c6-b5")
    second.page.locator("#parted-box").wait_for(state="visible")
    second.page.keyboard.press("Escape")
    assert not second.page.is_visible("#parted-box")
    assert second.message().startswith("Both lines are kept: this tab's goes on here; the other tab's is in My games.")
    play(second, "e4-d5")
    lines = sorted((moves_of(e), e["name"]) for e in entries(first).values())
    assert lines == [(["d3-e4", "c6-b5", "e4-d5"], "(this tab)"), (["d3-e4", "e6-f5"], "")]


def test_renames_and_deletes_show_in_every_tab(new_context, server):
    first, second = two_tabs(new_context, server)
    first.page.click("#my-games")
    second.page.click("#my-games")
    second.page.click("#games-list [data-rename]")
    second.answer("Friday game")
    first.page.wait_for_function("document.getElementById('games-list').textContent.includes('Friday game')")
    first.page.click("#games-close")
    play(first, "e6-f5")  # the first tab's next save keeps the name given in the other tab
    (entry,) = entries(first).values()
    assert entry["name"] == "Friday game" and moves_of(entry) == ["d3-e4", "e6-f5"]

    second.page.click("#games-list [data-delete]")
    second.answer()
    first.page.wait_for_function("document.getElementById('message').textContent.includes('deleted in My games in "
                                 "another tab')")
    assert entries(first) == {} and first.moves() == ["d3-e4", "e6-f5"], "still on screen, nothing resaved"
    play(first, "e4xg6")
    (entry,) = entries(first).values()
    assert moves_of(entry) == ["d3-e4", "e6-f5", "e4xg6"], "played on: saved again, as a new game"


def test_my_games_exports_a_backup_that_another_browser_imports(new_context, server, tmp_path):
    """Issue 27 (backups): Export gives one readable file of every game; Import adds them elsewhere,
    overwriting nothing; a bad file, or a game a save cannot hold, says why and changes nothing (issue 52: the
    game is left out, the file's others imported)."""
    first, _ = two_tabs(new_context, server)
    first.page.click("#my-games")
    first.page.click("#games-list [data-rename]")
    first.answer("Club night")
    with first.page.expect_download() as download:
        first.page.click("#games-export")
    backup = tmp_path / "games.json"
    download.value.save_as(backup)
    assert download.value.suggested_filename.startswith("looney-pyramids-games-")
    (game,) = json.loads(backup.read_text())["games"]
    assert game["name"] == "Club night" and moves_of(game) == ["d3-e4"]
    assert "Exported 1 game" in first.page.inner_text("#games-note")

    elsewhere = App(new_context().new_page(), server).open()
    play(elsewhere, "c3-b4")
    elsewhere.page.click("#my-games")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "looney-pyramids-games", "v": 2, "games": []}')
    elsewhere.page.set_input_files("#games-file", bad)
    elsewhere.page.wait_for_function("document.getElementById('games-note').textContent"
                                     ".includes('Nothing was changed')")
    assert "made by a newer version" in elsewhere.page.inner_text("#games-note")
    bad.write_text('{"format": "looney-pyramids-games", "v": 1, "games": [{"v": 2}]}')
    elsewhere.page.set_input_files("#games-file", bad)
    elsewhere.page.wait_for_function("document.getElementById('games-note').textContent.includes('left out')")
    assert elsewhere.page.inner_text("#games-note").startswith("Of 1 game in the file: none. "
                                                               "1 left out: Game 1 cannot be read.")
    assert len(entries(elsewhere)) == 1
    elsewhere.page.set_input_files("#games-file", backup)
    elsewhere.page.wait_for_function("document.getElementById('games-note').textContent"
                                     ".startsWith('Imported 1 game: 1 added')")
    assert "Club night" in elsewhere.page.inner_text("#games-list")
    assert sorted(moves_of(e) for e in entries(elsewhere).values()) == [["c3-b4"], ["d3-e4"]]


def test_storage_cleared_under_a_running_tab_is_said_once_and_play_goes_on(new_context, server):
    """Issue 52: "Clear site data" in one tab while another plays: the other showed a Python traceback (parted.py
    catch_up, saves.py other_tab: TypeError) and a false "A new version is available" bar."""
    context = new_context()
    first = App(context.new_page(), server)
    first.open()
    first.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    first.reload()  # a returning visit: the page was opened by the service worker
    play(first, "d3-e4")
    second = App(context.new_page(), server).open()
    origin = server.rstrip("/")
    context.new_cdp_session(second.page).send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    first.page.wait_for_function("document.getElementById('message').textContent.includes('cleared')")
    said = "Your saved games were cleared (in another tab, or by the browser). It stays on screen; play on to save " \
           "it again, as a new game."
    assert first.message().startswith(said) and first.message().count("cleared") == 1, "said once"
    second.reload()  # the other tab comes back: a first visit, its service worker registered anew
    second.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    first.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    first.page.wait_for_timeout(1000)
    assert first.page.is_hidden("#update"), "the same version: nothing to reload into"
    play(first, "e6-f5")
    (entry,) = entries(first).values()
    assert moves_of(entry) == ["d3-e4", "e6-f5"], "played on: saved again, as a new game"
