"""Play by link in the browser (issue 15): two players in two browser contexts, each with its own
storage, play Ice Lady by sending the link back and forth; a link that goes back on moves asks which
line goes on and keeps both; every game's 300-move link fits a chat."""

import json
import random

from conftest import App, answered
from pyramids import games, record
from pyramids.session import Session
from test_compact_links import long_playout, opened
from test_my_games_page import long_game

ICE_LADY = games.get("ice-lady")


def plan(plies: int) -> list[str]:
    """A game of Ice Lady played by its first legal move in sorted order that its clicks alone make
    (no promotion choice), the same every run."""
    state, moves = ICE_LADY.new(), []
    for _ in range(plies):
        moves.append(clickable(state))
        state = state.play(moves[-1])
    return moves


def clickable(state) -> str:
    """The first legal move in sorted order that its clicks alone make."""
    paths = [state.path(m) for m in state.legal_moves()]
    return next(m for m in sorted(state.legal_moves()) if paths.count(state.path(m)) == 1)


def entries(app) -> list[dict]:
    """Every My games entry of this browser, as stored."""
    return [json.loads(text) for text in app.page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('pyramids.v1.saved.')).map(k => localStorage.getItem(k))")]


def saved_moves(entry) -> list[str]:
    moves = entry["record"].partition("&m=")[2]
    return moves.split("+") if moves else []


def play(app, move: str, ply: int):
    """Make `move` by clicking its path, as the player does."""
    state = ICE_LADY.replay(app.moves()) if app.moves() else ICE_LADY.new()
    app.play(*state.path(move))
    app.page.wait_for_function(f"document.querySelectorAll('#moves li').length === {ply}")


def receive(app, link: str, ply: int, position: str | None = None):
    """A link opened in a tab that is already open (pasted into the address bar), `ply` moves long (counted from the
    game's start, after Ice-Turn's deal: `Session.start`).  `position`: the link's last
    position, for a link whose move count the game on screen before it showed too (that game's "Move 300 of
    300" would otherwise pass for the new one's while the new one is still being replayed)."""
    app.page.evaluate("link => { location.href = link; }", link)
    app.page.wait_for_function(f"document.getElementById('ply').textContent === 'Move {ply} of {ply}'")
    if position is not None:
        app.page.wait_for_function("text => document.getElementById('board').dataset.position === text", arg=position)


def top_left(app) -> str:
    return app.page.get_attribute("#board [data-cell]", "data-cell")


def test_two_players_play_a_dozen_moves_by_link_then_a_link_goes_back_and_both_lines_are_kept(app, new_context):
    moves = plan(13)
    white = app.open()
    white.page.click("#new")
    white.page.uncheck('#new-mine [name="mine"][value="black"]')
    white.page.click("#new-start")
    assert white.status() == "Your move." and top_left(white) == "a8"
    black = None
    for ply, move in enumerate(moves[:12], 1):
        mover = white if ply % 2 else black
        play(mover, move, ply)
        assert mover.status() == f"Waiting for {'Black' if ply % 2 else 'White'}."
        assert mover.page.inner_text("#share") == f"Send to {'Black' if ply % 2 else 'White'}"
        link = mover.share()
        assert (link.split("#")[1].startswith("v=2&")
                and f"Send it to {'Black' if ply % 2 else 'White'}" in mover.message())
        if black is None:
            black = white.elsewhere(link, new_context().new_page())
            assert black.status() == "Black to move." and entries(black) == []
        elif ply % 2:
            receive(black, link, ply)
            assert black.message() == ICE_LADY.replay(moves[:ply - 1]).describe(move) + "."
        else:
            receive(white, link, ply)
            # issue 51: "said twice, in the warning colour"; "the receiver's own last move is tagged 'new'"
            assert white.message() == ICE_LADY.replay(moves[:ply - 1]).describe(move) + "."
            assert "warn" not in white.page.get_attribute("#message", "class")
            assert white.page.locator("#moves li.new").count() == 1, "the new move is marked"
            assert white.page.locator(f'#moves li.new[data-ply="{ply}"]').count() == 1
        receiver = black if ply % 2 else white
        assert receiver.status() == "Your move." or ply == 1
        if ply > 2:
            assert mover.page.locator("#moves li.new").count() == 0, "once answered, the link's moves are not new"
        for side in (white, black):
            if side is black and ply == 1:
                continue
            (kept,) = entries(side)
            assert saved_moves(kept) == moves[:ply], "each side's My games entry follows the game"
        if ply == 2:
            assert black.page.get_attribute("#board", "data-perspective") == "black"
            assert top_left(black) == "h1", "Black sees the board from Black's side"
            assert entries(black)[0]["mine"] == ["black"] and entries(white)[0]["mine"] == ["white"]

    # White moves on. Black cannot take White's move back; White can, while Black has not answered it,
    # and plays otherwise: Black's link goes back on a saved move.
    play(white, moves[12], 13)
    receive(black, white.share(), 13)
    assert black.page.is_disabled("#undo")
    assert "White played after that move, by link" in black.page.get_attribute("#undo", "title")
    white.page.click("#undo")
    assert white.moves() == moves[:12]
    other = max(m for m in ICE_LADY.replay(moves[:12]).legal_plays() if m != moves[12])
    play(white, other, 13)
    receive(black, white.share(), 13)
    box = black.page.locator("#parted-box")
    box.wait_for(state="visible")
    text = box.inner_text()
    assert "In the link" in text and "In your saved game" in text and other in text and moves[12] in text
    assert len(entries(black)) == 1, "nothing is merged before the player chooses"
    box.locator('[data-keep="link"]').click()
    black.page.wait_for_function("other => [...document.querySelectorAll('#moves li button')].pop()?.dataset.notation"
                                 " === other && !document.getElementById('parted-box').open", arg=other)
    lines = sorted((saved_moves(e), e["name"]) for e in entries(black))
    assert lines == sorted([(moves[:12] + [other], ""), (moves[:13], "(other line)")]), "both lines kept"
    assert black.moves() == moves[:12] + [other] and black.status() == "Your move."


def parted_by_a_link(app) -> tuple[list[str], str]:
    """A saved game of four moves, then a link to it played otherwise from move 3 opened in the tab: the
    question of which line goes on is asked.  The saved moves, and the link's third."""
    moves = plan(4)
    app.open()
    for ply, move in enumerate(moves, 1):
        play(app, move, ply)
    other = max(m for m in ICE_LADY.replay(moves[:2]).legal_plays() if m != moves[2])
    receive(app, app.server + "#v=1&g=ice-lady&m=" + "+".join(moves[:2] + [other]), 3)
    return moves, other


def test_keeping_the_saved_game_keeps_the_link_s_line_too(app):
    moves, other = parted_by_a_link(app)
    app.page.locator('#parted-box [data-keep="saved"]').click()
    app.page.wait_for_function("document.querySelectorAll('#moves li').length === 4")
    assert app.moves() == moves
    assert sorted(saved_moves(e) for e in entries(app)) == sorted([moves, moves[:2] + [other]])


def test_an_old_link_of_your_game_opens_it_at_that_move_browsing(app):
    """Issue 27: an old link of your own game (its moves the first saved ones) opens the game at that
    move, browsing: no "took moves back" dialog, no "(other line)" copy, nothing lost."""
    moves = plan(6)
    app.open()
    for ply, move in enumerate(moves, 1):
        play(app, move, ply)
    app.page.evaluate("link => { location.href = link; }", app.server + "#v=1&g=ice-lady&m=" + "+".join(moves[:3]))
    app.page.wait_for_function("document.getElementById('ply').textContent === 'Move 3 of 6'")
    assert "earlier moment of your saved game" in app.message()
    assert not app.page.locator("#parted-box").is_visible()
    (kept,) = entries(app)
    assert saved_moves(kept) == moves and kept["name"] == ""
    app.page.click("#last")
    assert app.moves() == moves and app.status() == "White to move."


def test_a_300_move_link_of_every_game_fits_in_2000_characters(app):
    app.open()
    for game_id in games.ids():
        session = Session(game_id, moves=long_playout(game_id, random.Random(7)), rng=random.Random(7))
        link = session.link_play.share_link()
        receive(app, app.server + "#" + link, len(session.moves) - session.start, session.latest.to_text())
        shared = app.share()
        assert len(shared) <= 2_000, (game_id, len(shared))
        assert len(session.moves) >= 300 or session.latest.outcome, "300 moves, unless the game cannot go on"
        assert shared.split("#")[1] == link, game_id


def test_share_pressed_while_a_pasted_link_opens_shares_that_game_once_it_is_shown(app):
    """A long link pasted into a tab opens a slice at a time; Share pressed meanwhile waits for it and shares it,
    not the game that was on screen before (whose link it copied, and whose note the new game then dropped)."""
    moves = long_game(2_000)
    app.open()
    app.page.evaluate("""() => addEventListener('click', event => {
        if (event.target.id === 'share') window.__pressed = document.getElementById('status').textContent;
    }, true)""")
    share = app.page.locator("#share").bounding_box()
    app.page.evaluate("link => { location.hash = link; }", record.encode(record.Record("ice-lady", {}, tuple(moves))))
    app.page.wait_for_function("/^Opening the game: move/.test(document.getElementById('status').textContent)",
                               timeout=60_000)
    # pressed at once, where the button is: `click()` first waits for it to hold still over two frames, 100-300 ms
    # here, and the 2,000 moves open in 300-600 ms
    app.page.mouse.click(share["x"] + share["width"] / 2, share["y"] + share["height"] / 2)
    assert app.page.evaluate("window.__pressed").startswith("Opening the game: move"), "pressed while it opens"
    app.page.wait_for_function("/Link copied|Anyone who/.test(document.getElementById('message').textContent)",
                               timeout=120_000)
    assert app.page.inner_text("#ply") == "Move 2000 of 2000"
    assert opened(app.page.input_value("#share-link").split("#")[1]) == (moves, None)


def test_on_a_phone_share_opens_the_system_share_sheet(browser, server):
    """Issue 15: "On phones Share opens the system share sheet (Web Share API), elsewhere it copies"."""
    from conftest import watched_contexts
    with watched_contexts(browser) as make:
        context = make(server, viewport={"width": 400, "height": 800}, is_mobile=True, has_touch=True)
        context.add_init_script("navigator.share = async data => { window.shared = data; };")
        phone = App(context.new_page(), server).open()
        phone.page.click("#new")
        phone.page.uncheck('#new-mine [name="mine"][value="black"]')
        phone.page.click("#new-start")
        play(phone, plan(1)[0], 1)
        phone.page.click("#share")
        phone.page.wait_for_function("window.shared !== undefined")
        shared = phone.page.evaluate("window.shared")
        assert shared["url"].split("#")[1].startswith("v=2&g=ice-lady&c=1.") and "Your move" in shared["text"]
        assert phone.message() == "Send it to Black."


def test_a_link_pasted_into_the_tab_is_answered_once_its_game_is_on_screen(app):
    """A pasted link opens as the page's Python hears the hashchange, after fetching the game's files when the game
    is another: the hashchange is answered (`<html data-answering>` gone) only once the link's game is drawn, so
    what the player does next acts on that game, not on the one leaving the screen (py/main.py's `on_hashchange`,
    browser.on's `awaited`)."""
    app.open()
    moves = []
    state = games.get("terrafex").new()
    for _ in range(3):
        move = state.legal_plays()[0]
        moves.append(move)
        state = state.play(move)
    link = record.encode(record.Record("terrafex", {}, tuple(moves)))
    app.page.evaluate("""link => new Promise(heard => {
        addEventListener("hashchange", () => heard(), {once: true});  // after static/bridge.js's listener
        location.hash = link;
    })""", link)
    assert app.page.get_attribute("html", "data-answering") == "", "the hashchange is being answered"
    answered(app.page)
    assert app.page.get_attribute("#board", "data-game") == "terrafex"
    assert app.position() == state.to_text()


def test_a_link_pasted_under_the_new_game_form_closes_it(app):
    """The New game form is the game on screen's: a link opened under it (pasted into the address bar, or Back)
    closes it, so Start cannot start the old game's form in the new game."""
    app.open()
    app.page.click("#new")
    assert app.page.is_visible("#new-game") and app.page.inner_text("#new-title") == "New game of Ice Lady"
    app.open("v=1&g=ice-towers&m=")
    assert app.page.get_attribute("#board", "data-game") == "ice-towers"
    assert not app.page.is_visible("#new-game")


def test_a_link_pasted_under_my_games_closes_it(app):
    """My games is a box over the game: a link opened under it shows its game, as a game chosen in the list does."""
    app.open()
    app.play("d3", "e4")
    app.page.click("#my-games")
    assert app.page.is_visible("#games-box")
    app.open("v=1&g=ice-towers&m=")
    assert app.page.get_attribute("#board", "data-game") == "ice-towers"
    assert not app.page.is_visible("#games-box")


def test_a_link_pasted_before_the_two_versions_question_is_answered_leaves_the_saved_game_as_it_was(app):
    """The question of which line goes on is about the game leaving the screen: another link opened before it is
    answered closes it, and the saved game stays as it was (an answer then would have written the new link's game
    over it)."""
    moves, _other = parted_by_a_link(app)
    assert app.page.is_visible("#parted-box")
    app.open("v=1&g=ice-towers&m=")
    assert app.page.get_attribute("#board", "data-game") == "ice-towers"
    assert not app.page.is_visible("#parted-box")
    app.page.evaluate("document.getElementById('parted-box').showModal()")  # were it answered after all
    app.page.locator('#parted-box [data-keep="link"]').click()
    assert [(saved_moves(e), e["name"]) for e in entries(app) if "g=ice-lady" in e["record"]] == [(moves, "")]
    assert all("g=ice-towers" not in e["record"] for e in entries(app))


def test_the_two_versions_question_put_away_with_escape_says_where_each_line_is(app):
    """Esc on the question of which line goes on: nothing is chosen, so the link's line on screen goes on and
    the player is told so, and where the saved game is; a move then saves the link's line as a game of its own
    beside the saved game, which stays as it was."""
    moves, other = parted_by_a_link(app)
    app.page.keyboard.press("Escape")
    assert not app.page.is_visible("#parted-box")
    assert app.message().startswith("Both lines are kept: the link's goes on here"), app.message()
    assert "your saved game is in My games" in app.message()
    assert app.page.evaluate("document.activeElement.closest('#board') !== null"), "the board has the focus"
    reply = clickable(ICE_LADY.replay(moves[:2] + [other]))
    play(app, reply, 4)
    assert sorted((saved_moves(e), e["name"]) for e in entries(app)) == sorted([(moves, ""),
                                                                                 (moves[:2] + [other, reply], "")])


def test_back_returns_to_the_game_left_and_forward_to_the_one_gone_to(app):
    """A game the player goes to (another game chosen, a game opened from My games, a new game) is an entry of its
    own in the tab's history, so the browser's Back (a phone's back gesture) returns to the game left, as it stood,
    rather than out of the site, and Forward comes back; a move replaces the entry (static/bridge.js's `address`,
    py/main.py's `shown`)."""
    def entries_in_tab():
        return app.page.evaluate("history.length")

    def on_screen():
        return app.page.get_attribute("#board", "data-game"), app.moves()

    app.open()
    app.play("d3", "e4")
    first = entries_in_tab()
    app.play("f6", "g5")
    assert entries_in_tab() == first, "a move is no new entry"
    app.pick("ice-towers")
    assert app.fragment().startswith("v=1&g=ice-towers&") and entries_in_tab() == first + 1
    app.go()
    assert on_screen() == ("ice-lady", ["d3-e4", "f6-g5"]) and app.status() == "White to move."
    app.go(1)
    assert on_screen() == ("ice-towers", [])
    assert entries_in_tab() == first + 1, "going back and forth makes no entry"

    app.page.click("#my-games")
    ice_lady = app.page.evaluate("""Object.keys(localStorage).find(key => key.startsWith('pyramids.v1.saved.')
        && localStorage.getItem(key).includes('g=ice-lady'))""").removeprefix("pyramids.v1.saved.")
    app.page.click(f'#games-list [data-open="{ice_lady}"]')
    app.page.wait_for_selector('#board[data-game="ice-lady"]')
    app.settled()
    assert entries_in_tab() == first + 2
    app.go()
    assert on_screen() == ("ice-towers", [])
    app.go(1)

    app.page.click("#new")
    app.page.click("#new-start")
    app.settled()
    assert on_screen() == ("ice-lady", []) and entries_in_tab() == first + 3
    app.go()
    assert on_screen() == ("ice-lady", ["d3-e4", "f6-g5"])
    app.go(1)
    assert on_screen() == ("ice-lady", [])


def test_a_friend_s_link_left_unplayed_is_still_the_friend_s_link_when_back_returns_to_it(app):
    """A friend's link (Share's compact link, White having moved) left before it is played, then returned to by Back:
    the address kept the friend's link, so the first move made there takes that side, as it does when the link is
    first opened; once the game is played, the address is its readable link (py/screen/saving.py's `link`)."""
    friend = record.encode_compact(record.read("v=1&g=ice-lady&m=d3-e4")[0])
    assert friend.startswith("v=2&")
    app.open(friend)
    app.pick("terrafex")
    app.go()
    assert app.fragment() == friend and app.moves() == ["d3-e4"]
    app.play("f6", "g5")
    assert app.message().startswith("Saved in My games: you play Black in this game.")
    assert app.status() == "Waiting for White." and app.fragment() == "v=1&g=ice-lady&m=d3-e4+f6-g5"
    assert entries(app)[0]["mine"] == ["black"]


def test_in_a_frame_a_game_chosen_makes_no_entry_in_the_host_page_s_history(page, server):
    """The app framed by another page shares that page's history: a game chosen there replaces the frame's address,
    so the host page's Back still leaves the host page (static/bridge.js's `address`)."""
    page.route("**/framing-host.html", lambda route: route.fulfill(
        content_type="text/html",
        body=f'<!doctype html><title>Host</title><iframe src="{server}#v=1&g=ice-lady&m=d3-e4" width="900" '
             'height="700"></iframe>'))
    page.goto(server + "framing-host.html")
    frame = page.frame_locator("iframe")
    frame.locator("html[data-ready]").wait_for(state="attached", timeout=120_000)
    entries = page.evaluate("history.length")
    frame.locator('#picker [data-game="ice-towers"]').click()
    frame.locator('#board[data-game="ice-towers"]').wait_for()
    answered(page)
    framed = page.frames[1]
    assert framed.evaluate("location.hash").startswith("#v=1&g=ice-towers&")
    assert page.evaluate("history.length") == entries
