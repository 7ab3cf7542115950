"""The Notation box: the moves in the game's notation, to read or copy (the log shows them in words)."""

from browser import by_id, on
from pyramids import page
from screen.share import close_box


class Notation:
    def __init__(self, app):
        self.app = app

    def bind(self):
        on("notation", "click", lambda _event: self.app.once_open(self.toggle))

    def draw(self, s):
        if not by_id("notation-box").hidden:
            by_id("notation-text").value = page.notation(s)

    @staticmethod
    def close():
        close_box("notation")

    def toggle(self):
        box = by_id("notation-box")
        box.hidden = not box.hidden
        if box.hidden:
            return
        by_id("notation-text").value = page.notation(self.app.session)
        self.app.share.copy(by_id("notation-text"), "moves", "The moves in notation are copied.")
