"""What a newcomer tripped on (issue 51), in the browser: a reload keeps the computer's last turn, the end of a
game offers no hint nor move to type, the New game form and My games say what they do, the IceToids pictures
are the choices, and the keyboard's focus ring sits on the location."""

from __future__ import annotations

from pyramids import games, turns


def test_after_the_end_no_hint_and_no_move_to_type(app):
    """Issue 51: "After the end: Hint stays enabled (and says 'A hint is for your own move at the latest
    position. …'); 'Type a move' says 'e.g. (no move to make here).'"."""
    app.open("v=1&g=ice-lady&m=d3-e4")
    assert app.page.is_enabled("#hint")
    assert app.page.inner_text("#move-help").startswith("In the notation of the move list, e.g. ")
    app.page.fill("#move-text", "resign")
    app.page.click("#move-play")
    app.settled()
    assert app.status().startswith("White wins.")
    assert app.page.is_disabled("#hint")
    assert app.page.inner_text("#move-help") == "The game is over: there is no move to type."
