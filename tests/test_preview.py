"""What an action will do, said before it is made (issue 51): each location whose click makes a move names
its effect on the score or race (`State.preview`, in its accessible name and its ``data-preview``), and that
effect is the change the move then makes; a multi-action turn prompts at every step."""

import html
import random
import re

import pytest

from pyramids import games, page
from pyramids.core import players_to_act
from pyramids.session import Session

OPTIONS = {"ice-towers": [{}, {"players": 4}], "icetoids": [{}, {"players": 3}], "ice-turn": [{}, {"players": 3}]}
SIGNED = re.compile(r"([A-Z][a-z]+(?: \(P\d\))?) ([+\u2212\u00b1])(\d+)")


def labels(text):
    """data-cell -> (aria-label, data-preview) of a board or panel's HTML."""
    found = {}
    for tag in re.findall(r"<[^>]*data-cell=[^>]*>", text):
        cell = html.unescape(re.search(r'data-cell="([^"]*)"', tag).group(1))
        label = re.search(r'aria-label="([^"]*)"', tag)
        preview = re.search(r'data-preview="([^"]*)"', tag)
        found[cell] = (html.unescape(label.group(1)) if label else "",
                       html.unescape(preview.group(1)) if preview else "")
    return found


def shown(session):
    """Every location the page names: the board's and the panel's."""
    from pyramids import views
    state, marks = session.state, session.clicks.marks()
    panel = views.labelled(views.panel(state, session.clicks.actor, marks), state, marks,
                           previews=session.clicks.previews())
    return labels(page.board(session)) | labels(panel)


def sessions():
    for game_id in games.ids():
        for n, options in enumerate(OPTIONS.get(game_id, [{}])):
            yield pytest.param(game_id, options, id=f"{game_id}-{n}")


@pytest.mark.parametrize("game_id, options", sessions())
def test_the_preview_a_location_shows_is_the_change_its_move_makes(game_id, options):
    """Random games through the page's own path: a move's clicks but the last, the last location's name read,
    then that click made; what it said is what the move did to the game's tally (the score, the race)."""
    rng = random.Random(f"preview {game_id} {options}")
    checked = 0
    for game in range(3):
        s = Session(game_id, options, rng=random.Random(game))
        for _ in range(120):
            state = s.latest
            if state.outcome is not None:
                break
            acting = players_to_act(state)
            moves = [m for m in state.legal_moves() if state.actor_of(m) in acting and not m.endswith("done")]
            if not moves:
                break
            move = rng.choice(moves)
            s.clicks.actor = state.actor_of(move) if len(acting) > 1 else None
            path = state.path(move)
            for cell in path[:-1]:
                s.clicks.click(cell)
            said = shown(s).get(path[-1], ("", ""))
            first = len(s.moves)
            s.clicks.click(path[-1])
            if len(s.moves) == first:  # a choice is left: its button says it
                assert move in s.clicks.choices, (move, s.clicks.choices, s.message)
                assert (state.preview(move) or "") in page.choices(s)
                s.clicks.choose(move)
            assert s.moves[first] == move, (s.message, move)
            after = s.states[first + 1]
            change = state.tally_change(state.tallied(), after.tallied())
            if said[1]:
                checked += 1
                assert said[1].endswith(f"If chosen: {state.preview(move)}.")
                assert f"if chosen: {state.preview(move)}" in said[0]
                assert change in said[1], (move, said, change)
                for name, sign, number in SIGNED.findall(said[1]):
                    seat = next(p for p in state.tallied() if state.actor_name(p) == name)
                    delta = after.tallied()[seat] - state.tallied()[seat]
                    assert f"{sign}{number}" == {1: f"+{delta}", -1: f"\u2212{-delta}", 0: "\u00b10"}[
                        (delta > 0) - (delta < 0)], (move, said)
            elif state.tallied() and len(state.guide(path[:-1] + path[-1:], s.clicks.actor).moves) == 1:
                assert not change and not after.outcome, f"{move} changes the tally ({change}) unannounced"
    assert checked or not games.get(game_id).new(**options).tallied()


@pytest.mark.parametrize("game_id", ["terrafex", "ice-towers"])
def test_the_tally_of_a_scored_game_is_its_score_at_the_end(game_id):
    rng = random.Random(game_id)
    for game in range(3):
        state = games.get(game_id).new()
        for _ in range(3000):
            if state.outcome is not None:
                break
            moves = [m for m in state.legal_moves() if not m.endswith(":done")] or state.legal_moves()
            state = state.play(rng.choice(moves))
        if state.outcome is not None and state.outcome.scores:
            assert state.tallied() == dict(state.outcome.scores)


def test_terrafex_says_what_a_square_becomes_and_the_score_it_makes():
    start = games.get("terrafex").new()
    assert start.preview("forest:grow:d4") == "d4 becomes a medium forest: White \u22121, Black +2"
    assert start.preview("forest:grow:e4") == "e4 becomes a medium forest: White +2, Black \u22121"
    assert start.preview("glacier:a3E") == "the score stays White 5, Black 5"
    assert start.preview("fire:2") == ""  # Black decides what it does


def test_a_forest_clicked_once_grows_so_its_square_says_so_before():
    """Terrafex's forest grows at the first click: its name and preview say what it will score first."""
    s = Session("terrafex")
    label, preview = shown(s)["d4"]
    assert "if chosen: d4 becomes a medium forest: White \u22121, Black +2" in label
    assert preview.startswith("d4: small forest") and preview.endswith("Black +2.")


def test_an_empty_terrafex_square_says_what_the_mountain_a_click_starts_there_would_score():
    """Terrafex 3.5: the mountain action starts a small mountain on an empty square, which a click on the square
    does; pointing at it (or touching and holding it) says so first, as the lesson promises."""
    s = Session("terrafex")
    label, preview = shown(s)["b2"]
    assert label == "b2: empty, if chosen: b2 becomes a small mountain: White +1"
    assert preview == "b2: empty. If chosen: b2 becomes a small mountain: White +1."
    s.clicks.click("b2")
    assert s.moves == ["mountain:start:b2"]


def test_a_move_that_ends_the_game_says_who_wins():
    state = games.get("ice-lady").from_text("8/8/8/4s3/3S4/8/8/8 w 4 4")
    assert state.preview("d4xf6") == ""  # Ice Lady counts nothing
    state = games.get("ice-turn").from_text(
        "[sE][dEW]q[dNS]/[dNS]q[sE][sN]/q[sE][dEW][sN]/[dNS][sE][dEW]q 2[r3E][r1r2]/2[b2W]1/1[b1S]1[b3S]/4 -,- red "
        "move 5 hop 0 - -")
    assert state.preview("move:c4@2") == "Red 1 cell nearer the nest (0 to go); the game ends: Red wins"
    assert "the game ends" not in state.preview("move:c4@0")


def test_terrafex_prompts_every_step_of_a_turn():
    state = games.get("terrafex").new()
    assert state.prompt() == "White: choose a forest, mountain, fire or glacier action."
    state = state.play("forest:grow:e4")
    assert state.prompt() == "White: three actions left: mountain, fire, glacier."
    state = state.play("fire:1")
    assert state.prompt() == "Black: play the fire."
    state = state.play("fire:start:a1").play("mountain:start:e5")
    assert state.prompt() == "White: one action left: glacier."
    state = state.play("glacier:a3E").play("end")
    assert state.prompt() == "Black: choose a forest, mountain, fire or glacier action."


def test_terrafex_names_an_action_left_without_an_option():
    state = games.get("terrafex").from_text(
        "......../......../......../B3G2.G1G2.../.....Y1../......../.......B1 w used:mountain fire:- "
        "pool:G4,3,4;Y4,5,4;R0,0,0;B4,5,3 pit:5,5,4 idle:0")
    assert state.prompt() == "White: two actions left: forest, glacier (fire has no legal option)."


def test_ice_turn_prompts_each_phase():
    state = games.get("ice-turn").from_text(
        "[sE][dEW]q[dNS]/[dNS]q[sE][sN]/q[sE][dEW][sN]/[dNS][sE][dEW]q 4/2[b2W]1/1[b1S]1[b3S]/[r3r2r1]3 -,- red "
        "move 4 dig 0 - -")
    assert "4 of 4 movement points left, Treehouse Dig to use" in state.prompt()
    state = state.play("tip:a1N").play("end-moves")
    assert state.prompt() == "Red: reactionary turning: turn any lit piece, or end the turn."
    assert state.play("end-turn").prompt() == "Blue rolls the dice next."


def test_previews_a_click_has_no_time_for_follow_and_come_out_the_same():
    """A six-player table lights dozens of towers, each preview the move played: the click's frame takes what
    fits in its time, and the rest follow a slice at a time, the same as worked out at once."""
    s = Session("ice-towers", {"players": 6})
    s.clicks.click("t1")
    assert len(s.clicks.targets) > 40
    assert s.clicks.previews(0.0) == {} and s.clicks.previews_left()
    while s.clicks.previews_left():
        s.clicks.previews(0.0005)
    sliced = dict(s.clicks.previews())
    s.clicks._previewed = None  # worked out again, all at once
    assert sliced == s.clicks.previews() and len(sliced) == len(s.clicks.targets)
