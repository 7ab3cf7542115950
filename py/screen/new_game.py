"""The New game dialog (its options, the computer's seats and their speed, the seats played here) and Rematch."""

from browser import do, on
from pyramids import page
from pyramids.core import GameError
from pyramids.session import Session


class NewGame:
    def __init__(self, app):
        self.app = app
        self.form_values = {}  # game id -> the options last tried in the form
        self.off = set()  # the seats whose "I play" box is off: the computer's, as the form shows them

    def bind(self):
        for button in ("new", "end-new"):
            on(button, "click", lambda _event: self.ask())
        on("new-form", "submit", self.start, prevent=True)
        on("new-options", "change", self.on_options_change)
        on("new-seats", "change", self.on_seats_change)
        on("new-cancel", "click", lambda _event: self.close())
        on("rematch", "click", lambda _event: self.rematch())

    def ask(self):
        """The form, with the values last tried for this game; a game in progress is named."""
        app = self.app
        s = app.session
        values = self.form_values.get(s.game.id, s.options)
        try:
            seats = page.seats_form(s.game, values, s.computer.bots, s.computer.pace)
        except GameError:  # the values last tried do not go together (Start said why): the game on screen's seats
            seats = page.seats_form(s.game, s.options, s.computer.bots, s.computer.pace)
        running = s.latest.outcome is None and s.made() > 0  # not a deal made by chance alone (Ice-Turn)
        kept = running and (app.saving.entry is not None or app.saving.worth_saving())
        do(["set", "new-title", {"textContent": f"New game of {s.game.title}"}],
           ["set", "new-options", {"innerHTML": page.options_form(s.game, values)}],
           ["set", "new-seats", {"innerHTML": seats}],
           ["set", "new-error", {"textContent": ""}],
           ["set", "new-running", {"hidden": not running,
                                   "textContent": page.leaving(s.made(), kept) if running else ""}])
        self.draw_mine(s, s.computer.bots)
        do(["dialog", "new-game", True])

    def close(self):
        """The dialog closed (Cancel; a link opened under it: its form was the game leaving the screen's)."""
        do(["dialog", "new-game", False])

    def draw_mine(self, session, bots):
        """"I play": a box per seat of `session`, the computer's (`bots`) off."""
        do(["set", "new-mine", {"innerHTML": page.mine_form(session, bots)}])
        self.off = set(bots) & set(session.seats)

    def on_options_change(self, event):
        """Other options can mean other seats (more players, other colours): "I play" and the seats list them again."""
        game = self.app.session.game
        bots, pace, _mine = page.chosen_seats(event.form)
        try:
            options = game.resolve_options(page.chosen_options(game, event.form))
            seats = page.seats_form(game, options, bots, pace)
            self.draw_mine(Session(game.id, options), bots)
            do(["set", "new-seats", {"innerHTML": seats}])
        except GameError:
            pass  # options that do not go together: the form says so when started

    def on_seats_change(self, event):
        """A seat the computer plays is not one "I play": its box unticked and off; one given back to a person,
        ticked again (the others as the player left them)."""
        bots = set(page.chosen_seats(event.form)[0])
        for seat in self.off ^ bots:
            computer = seat in bots
            do(["setAll", f'#new-mine [name="mine"][value="{seat}"]', {"disabled": computer, "checked": not computer}])
        self.off = bots

    def start(self, event):
        """Start the game the form describes; an invalid combination is explained and the form stays open."""
        game = self.app.session.game
        chosen = page.chosen_options(game, event.form)
        bots, pace, mine = page.chosen_seats(event.form)
        self.form_values[game.id] = chosen
        try:
            game.new(**chosen)
        except GameError as err:
            do(["set", "new-error", {"textContent": str(err)}])
            return
        self.close()
        mine += list(bots) if mine else []  # the computer's seats are played here too, never by link
        self.new_session(game.id, chosen, mine, bots, pace)

    def new_session(self, game_id, options, mine, bots, pace="normal"):
        """A fresh game on screen, `mine` the seats played here, `bots` the computer's (at `pace`); the one it
        replaces was saved when last played."""
        app = self.app

        def restart():
            app.saving.persist()
            session = Session(game_id, options, bots=bots, pace=pace)
            session.link_play.choose(mine)
            app.adopt(session, None, {})
            session.note(session.words.sitting())
            do(["address", session.link(), True])  # a new history entry: Back returns to the game left
        app.act(restart)
        app.board.show()

    def rematch(self):
        """The same game again: its options, and the same seats played here."""
        s = self.app.session
        self.new_session(s.game.id, dict(s.options), s.link_play.mine, s.computer.bots, s.computer.pace)
