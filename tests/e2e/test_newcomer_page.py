"""The small snags every game met (issue 26): a link and a typed move that belong to the game on screen,
copying that says whether it worked, the keyboard focus kept on the board, and short notices."""

from conftest import PHONE, App, in_window
from pyramids import record
from pyramids.loading import Loading
from test_ice_lady_page import promotion_record

FOCUS = """() => { const a = document.activeElement;
  return {cell: a && a.closest('#board') ? a.dataset.cell || '' : null, id: a ? a.id : '',
          tag: a ? a.tagName : ''}; }"""


def moves_in(link):
    return Loading.from_link(link.split("#")[1]).finish()[0].moves


def focus(app):
    return app.page.evaluate(FOCUS)


def test_the_link_box_always_holds_the_game_on_screen(app):
    app.open()
    app.play("d3", "e4")
    app.share()
    app.play("e6", "f5")
    assert moves_in(app.page.input_value("#share-link")) == ["d3-e4", "e6-f5"]
    app.page.click("#new")
    app.page.click("#new-start")
    app.settled()  # the open boxes are drawn a frame after the board (py/main.py's `draw_after_paint`)
    assert moves_in(app.page.input_value("#share-link")) == []


def test_a_typed_move_stays_with_its_game(app):
    app.open()
    app.page.fill("#move-text", "d3-e4")
    app.pick("terrafex")
    assert app.page.input_value("#move-text") == ""


def test_a_refused_copy_says_so_and_selects_the_link(app):
    app.page.add_init_script("navigator.clipboard.writeText = "
                             "() => Promise.reject(new DOMException('no', 'NotAllowedError'))")
    app.open()
    app.play("d3", "e4")
    app.page.click("#share")
    app.page.wait_for_function("document.getElementById('message').textContent.includes('did not let')")
    assert "Link copied" not in app.message()
    assert "selected below" in app.message()
    selected = app.page.evaluate("() => { const f = document.activeElement; "
                                 "return f.id === 'share-link' && "
                                 "f.selectionEnd - f.selectionStart === f.value.length; }")
    assert selected


def test_a_copy_the_browser_allows_is_said_and_done(new_context, server):
    context = new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.rstrip("/"))
    app = App(context.new_page(), server).open()
    app.play("d3", "e4")
    link = app.share()
    app.page.wait_for_function("document.getElementById('message').textContent.startsWith('Link copied')")
    assert app.page.evaluate("navigator.clipboard.readText()") == link


def test_on_a_phone_scrolled_down_to_share_the_copy_is_said_beside_the_link(new_context, server):
    """On a phone, Terrafex's Share is far under the message line: "Link copied. …" was said above the window, and
    the player saw at most the link's box. The box is brought into view and says it too; a new move (another link)
    takes it away."""
    context = new_context(**PHONE)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.rstrip("/"))
    page = context.new_page()
    page.add_init_script("delete Navigator.prototype.share")  # the link copied, not the phone's share sheet
    app = App(page, server).open()
    app.pick("terrafex")
    app.page.locator("#share").scroll_into_view_if_needed()
    app.page.locator("#share").tap()
    app.page.wait_for_function("document.getElementById('message').textContent.startsWith('Link copied')")
    said = app.page.locator("#share-said")
    assert said.inner_text() == "Copied."
    box = said.bounding_box()
    assert in_window((box["y"], box["y"] + box["height"]), 844)
    message = app.page.locator("#message").bounding_box()
    assert message["y"] + message["height"] < 0, "the message line it is said in too is above the window"
    app.page.locator('#board [data-cell="e4"]').tap()  # White grows its forest: the link is another
    app.settled()
    assert app.moves() == ["forest:grow:e4"] and said.inner_text() == ""


def test_the_focus_stays_on_the_board_or_the_control_after_a_choice_esc_redo_and_first(app):
    moves, promo = promotion_record()
    app.open(record.encode(record.Record("ice-lady", {}, tuple(moves))))
    start, end = promo[:2], promo[3:5]
    app.play(start, end)
    app.page.focus(f'#choices button[data-move="{promo}"]')
    app.page.keyboard.press("Enter")
    app.page.wait_for_function("n => document.querySelectorAll('#moves li').length > n", arg=len(moves))
    assert focus(app)["cell"], f"the focus went to {focus(app)} after a choice"
    app.page.click("#undo")
    app.play(start, end)
    app.page.focus(f'#choices button[data-move="{promo}"]')
    app.page.keyboard.press("Escape")
    app.page.wait_for_function("!document.querySelector('#choices button')")
    assert focus(app)["cell"], f"the focus went to {focus(app)} after Esc on a choice"
    app.page.focus("#redo")
    app.page.keyboard.press("Enter")
    app.page.wait_for_function("document.getElementById('redo').disabled")
    assert focus(app)["id"] == "undo", f"the focus went to {focus(app)} after the last Redo"
    app.page.click("#first")  # First by mouse: the history keys still browse from Next
    assert focus(app)["id"] == "next"
    app.page.keyboard.press("ArrowRight")
    assert app.page.inner_text("#ply").startswith("Move 1 of")


def test_new_game_says_an_untouched_game_is_not_kept(app):
    app.open("v=1&g=ice-lady&m=d3-e4+e6-f5")
    app.page.click("#new")
    said = app.page.inner_text("#new-running")
    assert "not in My games" in said and "stays in My games" not in said
    app.page.click("#new-cancel")
    app.play("e4", "g6")  # a capture: now it is the player's game
    app.page.click("#new")
    assert "stays in My games" in app.page.inner_text("#new-running")


def test_a_bad_link_s_notice_is_short_and_whole(app):
    app.open("v=1&g=terrafex&m=x&bots=black:zz")
    said = app.message()
    assert 0 < len(said) <= 300 and said.endswith("."), said
