"""A draw offered, answered, and resignation, in the page (docs/rules/ice-lady.md §4:
"Draw: only by mutual agreement ... Resignation is allowed")."""

from test_bots_page import wait_moves


def wait_for(app, element, text):
    app.page.wait_for_function("([id, text]) => document.getElementById(id).textContent.includes(text)",
                               arg=[element, text])


def test_a_draw_offered_and_accepted_on_one_device(app):
    app.open("v=1&g=ice-lady&m=c3-d4")
    app.panel_click("offer-draw")
    assert app.moves() == ["c3-d4", "offer-draw"]
    assert app.status() == "Black offers a draw: White accepts or declines it."
    assert app.page.inner_text('#game-panel [data-cell="accept-draw"]') == "Accept the draw"
    app.click("d4")  # the board waits for the answer, and says so
    assert "first accepts it" in app.message()
    app.panel_click("accept-draw")
    wait_for(app, "end-result", "Draw. The players agreed to a draw.")
    assert "½-½ Draw" in app.page.inner_text("#moves")
    assert app.page.locator("#game-panel .agree").count() == 0


def test_against_the_computer_an_even_offer_is_declined_then_resigning_asks_once_more(app):
    app.open("v=1&g=ice-lady&m=&bots=black:easy")
    app.panel_click("offer-draw")
    wait_moves(app, 2)
    assert app.moves() == ["offer-draw", "decline-draw"]
    assert "Black declines the draw" in app.page.inner_text("#moves")
    assert app.message() == "Black declines the draw."  # inside White's own turn: said at once
    app.settled()
    assert app.page.locator('#game-panel [data-cell="offer-draw"]').count() == 0  # declined: not again now
    app.panel_click("resign")
    assert app.message() == "Resign the game? Choose Yes, resign to confirm, or press Esc to play on."
    assert app.moves() == ["offer-draw", "decline-draw"]
    app.page.keyboard.press("Escape")
    app.settled()
    assert app.page.locator('#game-panel [data-cell="confirm-resign"]').count() == 0
    app.panel_click("resign")
    app.panel_click("confirm-resign")
    wait_for(app, "end-result", "Black wins. White resigned.")
    assert "0-1 Black wins" in app.page.inner_text("#moves")
    assert app.moves() == ["offer-draw", "decline-draw", "resign"]
    assert "resign" in app.fragment()


def focused(app) -> dict:
    return app.page.evaluate("""() => { const e = document.activeElement;
        return {cell: e.dataset.cell || null, board: !!e.closest('#board'), start: e.hasAttribute('data-start')}; }""")


def test_by_keys_the_focus_goes_to_the_question_then_back_to_a_piece_that_can_move(app):
    """Offer a draw: the answer's milder button (Decline) takes the focus; declined, the board does, on a piece
    the player to move can move; Resign: Yes, resign does (Esc plays on)."""
    app.open("v=1&g=ice-lady&m=c3-d4")
    app.page.focus('#game-panel [data-cell="offer-draw"]')
    app.page.keyboard.press("Enter")
    app.settled()
    assert focused(app)["cell"] == "decline-draw"
    app.page.keyboard.press("Enter")
    app.settled()
    assert app.moves() == ["c3-d4", "offer-draw", "decline-draw"]
    on_board = focused(app)
    assert on_board["board"] and on_board["start"], on_board
    app.page.focus('#game-panel [data-cell="resign"]')
    app.page.keyboard.press("Enter")
    app.settled()
    assert focused(app)["cell"] == "confirm-resign"
