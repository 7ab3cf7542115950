"""Move sounds: the setting (the Sound box after the game's buttons, kept with the page's others) and which
sound each board that shows a new move makes (`page.sound`), played by static/sound.js.

On unless the player turns it off: lichess and BoardGameArena, where players of board games online learned what
a move sounds like, have sounds on; a move heard confirms it, and the computer's reply is heard while one looks
away.  Nothing plays before the player has pressed something on the page (static/sound.js), nor in an embed."""

from browser import do, held, on
from pyramids import page

KEY = "sound"  # in the page's storage (screen/store.py), "off" when turned off; static/sound.js reads it too


class Sound:
    def __init__(self, app):
        self.app = app
        self.heard = None  # (page.shown, the board's SVG) when a sound was last chosen

    @property
    def on(self) -> bool:
        return self.app.store.get(KEY) != "off"

    def bind(self):
        do(["set", "sound", {"checked": self.on, "disabled": False}])
        on("sound", "change", self.toggle)

    def toggle(self, event):
        """The setting, kept for the next visit; said to a screen reader by the checkbox itself."""
        self.app.store.set(KEY, "on" if event.checked else "off")

    def draw(self, s):
        """After the board is painted: the sound of what it shows now, if it shows a new move."""
        before, self.heard = self.heard, (page.shown(s), held("board"))
        if before is None or not self.on:
            return
        kind = page.sound(s, before[0], self.heard[0], before[1], self.heard[1])
        if kind:  # static/sound.js, once loaded
            do(["call", "pyramidsSound", "play", kind])
