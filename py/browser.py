"""What the two pages' bindings (main.py, embed.py) share: the DOM side of a board."""

from pyscript import document, window

from pyramids import views


def by_id(name):
    return document.getElementById(name)


def clicked_cells(event) -> list[str]:
    """The board locations under a click, innermost first (a piece inside its tower)."""
    cells, element = [], event.target.closest("[data-cell]")
    while element:
        cells.append(str(element.dataset.cell))
        parent = element.parentElement
        element = parent.closest("[data-cell]") if parent else None
    return cells


def draw_board(session) -> None:
    """The position on screen, in one assignment, with its text for tests and tools."""
    board = by_id("board")
    board.innerHTML = views.draw(session.state, session.marks(), session.perspective)
    board.setAttribute("data-position", session.state.to_text())
    board.setAttribute("data-perspective", session.perspective or "")
    board.setAttribute("data-game", session.game.id)  # wide tables get a wide board (CSS)
    board.removeAttribute("data-snapshot")  # the live board replaces the one painted before Python started


def report(error) -> None:
    """Log an unexpected error (the player already sees a message)."""
    if error is not None:
        window.console.error(str(error))
