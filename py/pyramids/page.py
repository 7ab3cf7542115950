"""HTML fragments for the side panel, built as text so they are tested on CPython.

The browser binding (py/main.py) only assigns these strings to elements.
"""

from __future__ import annotations

from html import escape

from .core import CHANCE, Game
from .session import Session


def move_list(session: Session) -> str:
    """The moves so far, numbered by ply; the one on screen is marked and each is clickable."""
    items = []
    for ply, move in enumerate(session.moves, 1):
        before = session.states[ply - 1]
        actor = before.actor_of(move)
        who = "chance" if actor == CHANCE else actor
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
        if isinstance(opt.default, bool):
            checked = " checked" if value else ""
            control = f'<input type="checkbox" name="{escape(opt.name)}"{checked}>'
        else:
            shown = ["none" if c is None else str(c) for c in opt.choices]
            current_text = "none" if value is None else str(value)
            options = "".join(
                f'<option value="{escape(c)}"{" selected" if c == current_text else ""}>{escape(c)}</option>'
                for c in shown
            )
            control = f'<select name="{escape(opt.name)}">{options}</select>'
        rows.append(f'<label class="option">{control} {escape(opt.label)} {help_text}</label>')
    return "".join(rows)
