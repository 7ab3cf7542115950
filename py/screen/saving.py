"""Where the game on screen is kept: its My games entry, written after each action, and its link in the address.

A game is saved only once the player acts in it (a move, an undo, a running clock, a side chosen), each game
in its own entry, so opening a link never overwrites another game; an unchanged game is not written again.
"""

from browser import do
from pyramids import record, saves
from pyramids.core import GameError
from pyramids.loading import read_save, to_storage
from screen.store import NOT_SAVING, now_ms


class Saving:
    def __init__(self, app):
        self.app = app
        self.entry = None  # the My games entry holding the game on screen; None until the player acts in it
        self.meta = {}  # that entry's fields, kept when it is rewritten
        self.opened = []  # the moves the game had when it was opened: moving on from them saves it
        self.saved = None  # (session, entry, text) of the last persist(): an unchanged game is not rewritten
        self.synced = ()  # the moves of the game on screen when its entry was last read or written here
        self.not_saving = False  # the last save failed: the page says so until one succeeds
        self.asked_to_keep = False  # navigator.storage.persist() was asked this visit (after a save, once)
        self.bare = True  # opened without a link: a visit without one reopens the game on screen
        # the game on screen came from a link Share made: (that compact link, the readable link it reads as)
        self.shared = None

    def adopted(self, session, entry, meta):
        """A game put on screen, saved in `entry` (None: not saved until the player acts in it)."""
        self.entry, self.meta = entry, meta
        self.opened, self.saved, self.shared = list(session.moves), None, None

    def came_shared(self, rec):
        """The game on screen came from `rec`, a link: if Share made it (compact, "Send to Black"), who moves first
        here is the player's side (`take_side`), and until the game is changed the address keeps that link."""
        self.shared = (record.encode(rec), self.app.session.link()) if rec.packed else None

    def link(self):
        """The game's link for the address: while a game from a Share link is unchanged and unsaved, that link, so
        that Back to it (or a reload) opens it as the friend's link it is; else the readable link."""
        link = self.app.session.link()
        if self.shared is not None and self.entry is None and self.shared[1] == link:
            return self.shared[0]
        return link

    def read(self, session):
        """The game on screen is as its entry holds it (just opened from it): not written again unchanged."""
        self.saved, self.synced = (session, self.entry, to_storage(session)), tuple(session.moves)

    def new_entry(self, name=None):
        """The game on screen goes to an entry of its own from its next save (named `name`)."""
        self.entry, self.meta = saves.new_id(now_ms()), ({} if name is None else {"name": name})

    def forget(self):
        """The entry on screen is gone (deleted, cleared): the game stays on screen, saved as new if played on."""
        self.entry, self.meta, self.saved = None, {}, None
        self.opened = list(self.app.session.moves)

    def home(self):
        """Whether a visit without a link reopens the game on screen (what the next visit paints first)."""
        return self.bare or self.entry is not None

    def worth_saving(self):
        """Whether the game on screen has anything of the player's: a move, an undo, a running clock, a side chosen."""
        s = self.app.session
        return (s.moves != self.opened or bool(s.undoing.redo_stack) or s.clock.started is not None
                or bool(s.link_play.mine))

    def persist(self):
        """After a player acts: save the game in its entry and put its record in the URL."""
        app, s = self.app, self.app.session
        if s is None or app.busy or app.learn.active:  # a lesson is never saved, nor put in the link
            return
        self.take_side()
        text = to_storage(s)
        if self.saved == (s, self.entry, text):
            return
        if self.entry is None and self.worth_saving():
            self.new_entry()
        if self.entry is not None:
            if "record" in self.meta and not app.parted.heed_other_tabs():  # another tab may have written the entry
                return
            fields = saves.save(app.store, self.entry, s, self.meta, now_ms())
            self.not_saving = fields is None
            if fields is None:
                do(["address", self.link()])
                return  # tried again after the next action: deleting games in My games may have made room
            self.meta, self.synced = fields, tuple(s.moves)
            if not self.asked_to_keep:  # the browser asked to keep the saved games: storage that is not
                self.asked_to_keep = True  # persistent may be cleared (Safari clears a site's after 7 days
                do(["keep"])  # without a visit); asked after a save, so never of a mere visitor
        self.saved = (s, self.entry, text)
        do(["address", self.link()])

    def refused(self, full, keys):
        """Writes the page refused (`screen.store.page_store`): storage full, or another tab's write to the same
        entry still on its way.  The game on screen is saved again, heeding that write, or said not saved; an
        import counts its games not saved; a rename or delete is said not made; My games lists what storage
        holds."""
        app = self.app
        if app.my_games.importing is not None:
            app.my_games.importing.refused(keys)
        if self.entry is not None and saves.ENTRY + self.entry in keys:
            self.saved = None  # written again after the player's next action
            if full:
                try:
                    self.meta = read_save(app.store.get(saves.ENTRY + self.entry) or "")  # as it was last saved
                except GameError:  # never saved: a new entry
                    self.meta = {}
                self.not_saving = True
                saves.not_saved(app.store, self.entry)
            else:
                self.persist()
        elif full and app.my_games.importing is None:  # an import's writes: it takes them all back, saying so
            app.panel.tell(NOT_SAVING)
        elif app.my_games.importing is None and any(key.startswith(saves.ENTRY) for key in keys):
            app.my_games.not_changed()  # a rename or delete in My games met another tab's write
        app.my_games.refill()
        if app.session is not None:
            app.render()

    def take_side(self):
        """A friend's link played here for the first time: the player plays the side they just moved.

        Only for a link Share made (compact, "Send to Black") in which a person had moved: a link
        copied from the address bar, or a new game's link, is played on this device, every seat.

        Asking would stop the game for a question the move already answered;
        New game's "I play" changes it.
        """
        s, first = self.app.session, len(self.opened)
        if self.entry is not None or self.shared is None or s.link_play.mine or s.moves[:first] != self.opened:
            return
        if not any(s.seat_of_move(ply) not in (None, *s.computer.bots) for ply in range(1, first + 1)):
            return  # nobody had moved yet: a new game's link is played on this device, every seat (hot seat)
        made = (s.seat_of_move(ply) for ply in range(first + 1, len(s.moves) + 1))  # not the computer's:
        seat = next((seat for seat in made if seat is not None and seat not in s.computer.bots), None)
        if seat is not None:
            s.link_play.choose([seat])
            self.app.panel.tell(f"Saved in My games: you play {s.latest.actor_name(seat)} in this game.")
