"""The Notation box: the moves in the game's notation, to read or copy (the log shows them in words)."""

from browser import do, on
from pyramids import page
from screen.share import close_box


class Notation:
    def __init__(self, app):
        self.app = app
        self.shown = False  # the box is open

    def bind(self):
        on("notation", "click", lambda _event: self.app.once_open(self.toggle))

    def draw(self, s):
        if self.shown:
            self.app.share.fill("notation-text", page.notation(s))

    def close(self):
        close_box("notation")
        self.shown = False

    def toggle(self):
        if self.shown:
            return self.close()
        self.shown = True
        do(["set", "notation-box", {"hidden": False}], ["intoView", "notation-box"])
        self.app.share.fill("notation-text", page.notation(self.app.session))
        return self.app.share.copy("notation-text", "moves", "The moves in notation are copied.")
