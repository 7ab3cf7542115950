"""The New game dialog (its options, the computer's seats and their speed, the seats played here) and Rematch."""

from pyodide.ffi import create_proxy

from browser import by_id, present
from pyramids import page
from pyramids.core import GameError
from pyramids.session import Session


class NewGame:
    def __init__(self, app):
        self.app = app
        self.form_values = {}  # game id -> the options last tried in the form

    def bind(self):
        for button in ("new", "end-new"):
            by_id(button).addEventListener("click", create_proxy(lambda _event: self.ask()))
        by_id("new-form").addEventListener("submit", create_proxy(self.start))
        by_id("new-options").addEventListener("change", create_proxy(lambda _event: self.on_options_change()))
        by_id("new-seats").addEventListener("change", create_proxy(lambda _event: self.on_seats_change()))
        by_id("new-cancel").addEventListener("click", create_proxy(lambda _event: by_id("new-game").close()))
        by_id("rematch").addEventListener("click", create_proxy(lambda _event: self.rematch()))

    def ask(self):
        """The form, with the values last tried for this game; a game in progress is named."""
        app = self.app
        s = app.session
        by_id("new-title").textContent = f"New game of {s.game.title}"
        values = self.form_values.get(s.game.id, s.options)
        by_id("new-options").innerHTML = page.options_form(s.game, values)
        by_id("new-mine").innerHTML = page.mine_form(s, s.computer.bots)
        try:
            by_id("new-seats").innerHTML = page.seats_form(s.game, values, s.computer.bots, s.computer.pace)
        except GameError:  # the values last tried do not go together (Start said why): the game on screen's seats
            by_id("new-seats").innerHTML = page.seats_form(s.game, s.options, s.computer.bots, s.computer.pace)
        by_id("new-error").textContent = ""
        running = s.latest.outcome is None and s.made() > 0  # not a deal made by chance alone (Ice-Turn)
        by_id("new-running").hidden = not running
        if running:
            kept = app.saving.entry is not None or app.saving.worth_saving()
            by_id("new-running").textContent = page.leaving(s.made(), kept)
        by_id("new-game").showModal()

    def chosen_options(self):
        """The options ticked in the form."""
        chosen = {}
        for opt in self.app.session.game.options:
            field = present(by_id("new-options").querySelector(f'[name="{opt.name}"]'))
            if getattr(opt, "widget", "") == "colours":  # a checkbox per colour: the ticked ones
                boxes = by_id("new-options").querySelectorAll(f'[name="{opt.name}"]:checked')
                chosen[opt.name] = ",".join(str(box.value) for box in boxes)
            elif field is not None:
                chosen[opt.name] = bool(field.checked) if isinstance(opt.default, bool) else str(field.value)
        return chosen

    @staticmethod
    def chosen_bots():
        """The seats set to the computer in the form: {seat: level}."""
        return {str(field.name).removeprefix("seat:"): str(field.value)
                for field in by_id("new-seats").querySelectorAll('select[name^="seat:"]') if str(field.value)}

    @staticmethod
    def chosen_pace():
        """The Computer speed chosen in the form."""
        return str(by_id("new-seats").querySelector('select[name="pace"]').value)

    def on_options_change(self):
        """Other options can mean other seats (more players, other colours): "I play" and the seats list them again."""
        game = self.app.session.game
        try:
            options = game.resolve_options(self.chosen_options())
            by_id("new-mine").innerHTML = page.mine_form(Session(game.id, options), self.chosen_bots())
            by_id("new-seats").innerHTML = page.seats_form(game, options, self.chosen_bots(), self.chosen_pace())
        except GameError:
            pass  # options that do not go together: the form says so when started

    def on_seats_change(self):
        """A seat the computer plays is not one "I play": its box unticked and off; one given back to a person,
        ticked again."""
        bots = self.chosen_bots()
        for box in by_id("new-mine").querySelectorAll('[name="mine"]'):
            computer = str(box.value) in bots
            if computer != bool(box.disabled):
                box.disabled, box.checked = computer, not computer

    def start(self, event):
        """Start the game the form describes; an invalid combination is explained and the form stays open."""
        event.preventDefault()
        game = self.app.session.game
        chosen = self.chosen_options()
        mine = [str(box.value) for box in by_id("new-mine").querySelectorAll('[name="mine"]:checked')]
        self.form_values[game.id] = chosen
        try:
            game.new(**chosen)
        except GameError as err:
            by_id("new-error").textContent = str(err)
            return
        by_id("new-game").close()
        bots = self.chosen_bots()
        mine += list(bots) if mine else []  # the computer's seats are played here too, never by link
        self.new_session(game.id, chosen, mine, bots, self.chosen_pace())

    def new_session(self, game_id, options, mine, bots, pace="normal"):
        """A fresh game on screen, `mine` the seats played here, `bots` the computer's (at `pace`); the one it
        replaces was saved when last played."""
        app = self.app

        def restart():
            app.saving.persist()
            session = Session(game_id, options, bots=bots, pace=pace)
            session.link_play.choose(mine)
            app.adopt(session, None, {})
        app.act(restart)
        app.board.show()

    def rematch(self):
        """The same game again: its options, and the same seats played here."""
        s = self.app.session
        self.new_session(s.game.id, dict(s.options), s.link_play.mine, s.computer.bots, s.computer.pace)
