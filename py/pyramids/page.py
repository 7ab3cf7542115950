"""HTML fragments for the side panel, built as text so they are tested on CPython.

The browser binding (py/main.py) only assigns these strings to elements.
"""

from __future__ import annotations

from html import escape

from .core import CHANCE, Game
from .session import Session


def move_list(session: Session, start: int = 0) -> str:
    """The moves so far, numbered by ply; the one on screen is marked and each is clickable.

    With `start`, only the moves after ply `start`: the page appends them to the
    list it shows, so a move in a long game does not redraw the whole list.
    """
    items = []
    for ply, move in enumerate(session.moves[start:], start + 1):
        before = session.states[ply - 1]
        actor = before.actor_of(move)
        who = "chance" if actor == CHANCE else before.actor_colour(actor)
        cls = "ply current" if ply == session.cursor else "ply"
        items.append(
            f'<li class="{cls}" data-ply="{ply}" title="{escape(before.actor_name(actor))}">'
            f'<span class="who {escape(who)}"></span><button type="button" data-ply="{ply}">'
            f"{escape(move)}</button></li>"
        )
    return "".join(items)


def choices(session: Session) -> str:
    """Buttons for a decision the last click left open (e.g. promote or not)."""
    state = session.state
    return "".join(
        f'<button type="button" class="choice" data-move="{escape(move)}">{escape(state.label(move))}</button>'
        for move in session.choices
    )


def options_form(game: Game, current: dict) -> str:
    """Form controls for a new game's options, preset to `current`."""
    if not game.options:
        return f"<p>{escape(game.title)} has no options.</p>"
    rows = []
    for opt in game.options:
        value = current.get(opt.name, opt.default)
        help_text = f'<small>{escape(opt.help)}</small>' if opt.help else ""
        if getattr(opt, "widget", "") == "colours":  # pick several: one checkbox per colour
            picked = str(value).split(",") if value else []
            boxes = "".join(
                f'<label class="pick"><input type="checkbox" name="{escape(opt.name)}" value="{escape(c)}"'
                f'{" checked" if c in picked else ""}> <span class="who {escape(c)}"></span>{escape(c.capitalize())}'
                "</label>" for c in opt.choices)
            rows.append(f'<fieldset class="option"><legend>{escape(opt.label)}</legend>{boxes} {help_text}</fieldset>')
            continue
        if isinstance(opt.default, bool):
            checked = " checked" if value else ""
            control = f'<input type="checkbox" name="{escape(opt.name)}"{checked}>'
        else:
            selected = opt.link_text(value)
            options = "".join(
                f'<option value="{escape(opt.link_text(c))}"{" selected" if opt.link_text(c) == selected else ""}>'
                f'{escape(opt.text(c))}</option>'
                for c in opt.choices
            )
            control = f'<select name="{escape(opt.name)}">{options}</select>'
        rows.append(f'<label class="option">{control} {escape(opt.label)} {help_text}</label>')
    return "".join(rows)


SEAT_CHOICES = (("", "Person"), ("easy", "Computer: Easy"), ("medium", "Computer: Medium"),
                ("hard", "Computer: Hard"))


def seats_form(game: Game, options: dict, bots: dict) -> str:
    """A person-or-computer choice per seat of a new game with `options`, preset to `bots`."""
    from . import ai  # loaded when the form opens, not at the page's start-up

    state = game.new(**options)
    rows = []
    for seat in ai.seats(game, options):
        current = bots.get(seat, "")
        choices = "".join(f'<option value="{value}"{" selected" if value == current else ""}>{text}</option>'
                          for value, text in SEAT_CHOICES)
        rows.append(f'<label class="option seat"><span class="who {escape(state.actor_colour(seat))}"></span>'
                    f'{escape(state.actor_name(seat))} <select name="seat:{escape(seat)}">{choices}</select></label>')
    return f'<fieldset class="option seats"><legend>Players</legend>{"".join(rows)}</fieldset>'
