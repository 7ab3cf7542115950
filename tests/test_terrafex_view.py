"""Terrafex's board and panel: bands in their owners' colours, pieces, the fire prompt, pool and editor."""

import random
import re
import xml.etree.ElementTree as ET

from pyramids import games, views
from pyramids.session import Session
from pyramids.svg import Marks
from pyramids.views.terrafex import BAND_FILL
from pyramids.words import status_of
from test_terrafex import position

GAME = games.get("terrafex")
SVG = "{http://www.w3.org/2000/svg}"


def parse(text):
    return ET.fromstring(text)


def panel_root(state):
    return parse(f"<div>{views.panel(state)}</div>")


def pyramids(root):
    return [el.get("class") for el in root.iter() if (el.get("class") or "").startswith("pyramid")]


def test_each_square_shows_three_bands_in_their_owners_colours():
    """A3: outer and inner bands share a colour, the middle one is the other; a1's outer band is White."""
    root = parse(views.draw(GAME.new()))
    white, black = BAND_FILL["white"], BAND_FILL["black"]
    fills = [el.get("fill") for el in root.iter(SVG + "rect") if el.get("fill") in (white, black)]
    assert len(fills) == 56 * 4, "each square: its clickable cell, then its outer, middle and inner bands"
    assert fills[0] == white and fills[1] == black, "a1 is White outside, b1 Black"
    assert fills[56:59] == [white, black, white], "a1's bands: outer White, middle Black, inner White"
    assert fills[59:62] == [black, white, black]


def test_layout_pieces_are_drawn_with_their_colours_and_sizes():
    classes = pyramids(parse(views.draw(GAME.new())))
    assert sorted(classes) == sorted(["pyramid green medium"] * 4 + ["pyramid green small"] * 2
                                     + ["pyramid blue large"] * 4)


def drawn_on(square, piece):
    """The paints, the pieces and the stack's class drawn for `piece` alone on the board, on `square`."""
    root = parse(views.draw(position({square: piece})))
    stack = next((el for el in root.iter(SVG + "g") if el.get("class") in ("frosted", "capped")), root)
    paints = {el.get("fill") for el in stack.iter() if (el.get("fill") or "").startswith("url(")}
    return paints, pyramids(stack), stack.get("class")


def test_frost_and_caps_are_drawn_unlike_a_glacier_and_unlike_each_other():
    """Issue 25: "a frosted forest looked like a glacier with a thin green rim and a capped forest was a faint dashed
    square".  Seed: frost is a blue piece "the same size or smaller than the forest"; a capped forest has "a glacier
    that is bigger than the forest" stacked atop it."""
    glacier = drawn_on("d4", "B2")
    frost = drawn_on("d4", "G2f2")
    cap = drawn_on("d4", "G1c2")
    assert glacier[:2] == ({"url(#pat-blue)"}, ["pyramid blue medium"])
    assert frost == ({"url(#pat-green)", "url(#pat-frost)"}, ["pyramid green medium"], "frosted"), \
        "frost: white crystals over the whole forest, not a blue piece hiding it"
    assert cap == ({"url(#pat-blue)", "url(#pat-green)"}, ["pyramid blue medium", "pyramid green small"], "capped"), \
        "cap: the glacier with the forest drawn over it, seen through its ice"
    assert len({repr(glacier), repr(frost), repr(cap)}) == 3


def test_a_forest_shows_round_its_frost():
    """A frost as big as its forest still leaves the forest's green rim in sight."""
    root = parse(views.draw(position({"d4": "G3f3"})))
    group = next(el for el in root.iter(SVG + "g") if el.get("class") == "frosted")
    forest = next(el for el in group.iter(SVG + "rect") if el.get("fill") == "url(#pat-green)")
    frost = next(el for el in group.iter(SVG + "rect") if el.get("fill") == "url(#pat-frost)")
    assert float(frost.get("width")) <= float(forest.get("width")) - 8


def test_every_square_says_what_it_holds_and_scores_for_whom():
    """Issue 25: "every Terrafex square has a hover text and an accessible name saying what it holds and what it scores
    for whom".  §4: a piece scores for the band around it; capped forests and glaciers score nothing; fires subtract."""
    state = position({"a4": "G3f1", "c4": "G1c3", "d4": "G2", "b1": "R1", "h7": "B2", "e3": "Y3"})
    assert state.location_name("a4") == "a4: frosted forest (a large forest under a small frost) — scores 3 for Black"
    assert state.location_name("c4") == ("c4: capped forest (a small forest under a large glacier) "
                                         "— scores nothing while capped")
    assert state.location_name("d4") == "d4: medium forest — scores 2 for Black"
    assert state.location_name("b1") == "b1: small fire — costs Black 1"
    assert state.location_name("h7") == "h7: medium glacier — scores nothing"
    assert state.location_name("e3") == "e3: large mountain — scores 3 for White"
    assert state.location_name("e5") == "e5: empty"
    root = parse(views.labelled(views.draw(state), state))
    squares = [el for el in root.iter(SVG + "rect") if el.get("data-cell")]
    assert len(squares) == 56
    for el in squares:
        name = state.location_name(el.get("data-cell"))
        assert el.findtext(SVG + "title") == name, "the hover text"
        assert el.get("aria-label") == name, "the accessible name"
    for square, _, player, points in state.score_items():  # the names agree with the score panel
        assert f"for {player.capitalize()}" in state.location_name(square) or "costs" in state.location_name(square)
        assert str(abs(points)) in state.location_name(square)


def lit(text):
    return {el.get("data-cell") for el in parse(text).iter()
            if "target" in (el.get("class") or "") and el.get("data-cell")}


def test_the_opponent_sees_the_fire_squares_lit():
    """Issue: "the page hands the decision to the opponent ('Black: play the fire') with the legal squares lit"."""
    state = position({"a1": "B1", "d4": "G2", "e5": "R1"}).play("fire:2")
    assert set(state.asked_cells()) == {"d4", "e5"}, "§3.6: a medium fire goes on a forest or fire it can burn"
    s = Session("terrafex")
    for cell in ("d2", "g4", "pool:R1"):
        s.clicks.click(cell)
    assert s.moves[-1] == "fire:1"
    assert lit(views.draw(s.state, s.clicks.marks())) == set(s.state.asked_cells()) != set()
    panel = views.panel(s.state, marks=s.clicks.marks())
    assert "Black: play the small fire" in panel
    assert ", inside White's turn.</p>" in panel and "<p>White's turn.</p>" not in panel, \
        "§3.6: the fire is Black's to place inside White's turn; 'White's turn.' under 'Black: play…' read as a clash"


def test_the_fire_the_computer_or_a_friend_plays_is_not_lit_for_the_person_here():
    """A fire the computer plays (or a friend playing Black by link) lights nothing on the person's screen,
    and the panel does not ask them to play it: a tap there would only be refused."""
    for s in (Session("terrafex", bots={"black": "easy"}), Session("terrafex")):
        if not s.computer.bots:
            s.link_play.mine = ("white",)
        for cell in ("d2", "g4", "pool:R1"):
            s.clicks.click(cell)
        assert s.moves[-1] == "fire:1" and s.state.asked_cells()
        assert s.clicks.marks().targets == () and lit(views.draw(s.state, s.clicks.marks())) == set()
        panel = views.panel(s.state, marks=s.clicks.marks())
        assert "Black will play the small fire" in panel and "lit squares" not in panel


def test_panel_shows_score_trackers_pool_and_pit():
    state = position({"a1": "G3", "b1": "R1", "h7": "B1"}, pit=(1, 0, 0), used="mountain")
    text = views.panel(state)
    root = panel_root(state)
    scores = [el.text for el in root.iter("td") if el.get("class") == "score"]
    assert scores == ["3", "-1"], "a1's large forest to White, b1's small fire costs Black (b1's inner band)"
    assert "a1: large forest in White's outer band, +3 for White" in text
    assert {el.get("data-cell") for el in root.iter() if el.get("data-cell")} >= \
        {f"pool:{k}{s}" for k in "GYRB" for s in (1, 2, 3)}
    trackers = [el.get("class") for el in root.iter("li") if "tfx-tracker" in (el.get("class") or "")]
    assert trackers == ["tfx-tracker", "tfx-tracker used", "tfx-tracker", "tfx-tracker"]
    pit = [el for el in root.iter("span") if "in the fire pit" in (el.get("title") or "")]
    assert [el.get("title") for el in pit][0] == "1 small red in the fire pit"


def words(element):
    return " ".join("".join(element.itertext()).split())


def test_trackers_say_in_words_which_actions_are_used_and_which_remain():
    """Issue 26: a screen reader hears each turn tracker's state, not only sees it toppled; the list is named
    on an element with a role (axe: aria-label on a plain div)."""
    state = position({"a1": "G3", "h7": "B1"}, used="mountain,glacier")
    trackers = next(el for el in panel_root(state).iter() if "tfx-trackers" in (el.get("class") or ""))
    assert trackers.tag == "ul" and trackers.get("aria-label") == "This turn's actions"
    assert [words(li) for li in trackers] == ["forest: available", "mountain: used", "fire: available",
                                               "glacier: used"]


def test_no_div_in_the_panel_carries_an_aria_label():
    """Issue 26: axe flags aria-label on an element with no role."""
    for state in (GAME.new(), GAME.new(layout="custom")):
        labelled = [el.tag for el in panel_root(state).iter() if el.get("aria-label") and el.tag in ("div", "span")
                    and not el.get("role")]
        assert labelled == []


def test_board_and_panel_define_each_pattern_once():
    """Issue 26: pat-green, pat-red and pat-blue were defined in every pool icon (16 duplicate ids on the page);
    the board defines each pattern once and the panel's icons use those."""
    for state in (position({"a1": "G3", "b1": "R1", "h7": "B1", "c4": "G1c3", "d4": "G2f1", "e4": "G3f3"},
                           used="forest"),
                  position({"a1": "B1", "d4": "G2"}).play("fire:2")):
        page = f"<div>{views.draw(state)}{views.panel(state)}</div>"
        ids = re.findall(r'\bid="([^"]+)"', page)
        assert sorted(ids) == sorted(set(ids)), "no id twice"
        used = set(re.findall(r"url\(#([^)]+)\)", page))
        assert used and used <= set(re.findall(r'\bid="([^"]+)"', views.draw(state))), "every pattern is the board's"


def test_a_finished_game_shows_no_glaciers_left_hint():
    """Issue 26: "3 glaciers left; the game ends when none is" was still shown once the game had ended."""
    running = position({"a4": "B1", "b4": "R1", "d4": "G2", "h1": "B2"})
    assert "2 glaciers left; the game ends when none is." in views.panel(running)
    ended = position({"a4": "B1", "b4": "R1", "d4": "G2"}).play("glacier:a4E")
    assert ended.outcome is not None
    assert "the game ends when none is" not in views.panel(ended) and "left;" not in views.panel(ended)
    assert "Score now" in views.panel(running) and "Final score" in views.panel(ended)


def test_editor_panel_shows_supply_and_what_the_layout_lacks():
    """§2.3: the layout is validated live; Start is offered, and says what is missing when clicked early."""
    state = GAME.new(layout="custom").play("put:G2@d4")
    text = views.panel(state)
    assert "at least one glacier" in text and "Supply" in text and 'data-cell="start"' in text
    assert "The layout is valid" in views.panel(state.play("put:B3@a4"))
    assert "at least one glacier" in state.guide(["start"]).message


def test_last_move_marks_every_square_a_split_touched():
    state = position({"a4": "B3", "b4": "Y2"})
    move = "glacier:a4E/1@b3,2@b5"
    assert set(views.last_marks(state, move, state.play(move))[0]) == {"a4", "b4", "b3", "b5"}


def test_selection_and_targets_are_marked():
    state = position({"a4": "B2"})
    root = parse(views.draw(state, Marks(selected=("a4",), targets=("b4",))))
    by_cell = {el.get("data-cell"): el.get("class") for el in root.iter() if el.get("data-cell")}
    assert "selected" in by_cell["a4"] and "target" in by_cell["b4"]


def test_every_legal_move_can_be_made_by_clicking():
    """Issue: a whole game can be played by clicking, from either layout and from an edited one."""
    for layout, start in (("1", []), ("2", []), ("custom", ["put:B3@a4", "put:Y2@b4", "put:G3@e2", "start"])):
        rng = random.Random(layout)
        session = Session("terrafex", {"layout": layout}, moves=start)
        for _ in range(120):
            state = session.latest
            if state.outcome is not None:
                break
            move = rng.choice(state.legal_moves())
            before = len(session.moves)
            for cell in state.path(move):
                session.clicks.click(cell)
            if session.clicks.choices:
                assert move in session.clicks.choices, (move, session.clicks.choices)
                session.clicks.choose(move)
            assert session.moves[before] == move, (move, session.message)


def test_a_lit_square_shows_on_a_glacier_as_on_an_empty_square():
    """A glacier moving onto a glacier merges (§3.7), so a glacier's square is a target: its dot, blue like the
    glacier, is ringed in white, which the glacier's blue cannot swallow (as a fire's red cannot either)."""
    state = position({"a4": "B1", "b4": "B2", "b5": "R2"})
    lit = state.guide(["a4"]).targets
    assert lit == ("b4",)
    root = parse(views.draw(state, Marks(("a4",), lit)))
    dots = [el for el in root.iter(f"{SVG}circle") if el.get("class") == "target-dot"]
    assert len(dots) == 1
    assert dots[0].get("stroke") == "#fff" and float(dots[0].get("stroke-width")) >= 2, dots[0].attrib
    assert dots[0].get("opacity") is None, "a faded ring would not stand out: only the fill is see-through"


def test_a_tracker_whose_action_has_no_legal_option_says_so_as_the_status_does():
    """§3.2: each action is taken while it has an option. The status said "(fire has no legal option)" while the
    fire's tracker stood as available ("fire: available")."""
    moves = ("fire:3 fire:burn:e4 mountain:start:f7 glacier:a3E forest:grow:d2 end mountain:start:g4 forest:spread:d3 "
             "glacier:h2W fire:2 fire:burn:d4 end mountain:start:b6 forest:grow:e6 glacier:a6E fire:1 fire:start:e3 "
             "end mountain:start:g7 forest:grow:d3 fire:3 fire:burn:f5 glacier:h5W end forest:spread:f6 glacier:g5S "
             "mountain:start:e1 fire:3 fire:burn:d3 end forest:spread:c2 fire:1 fire:start:d5 mountain:grow:d6 "
             "glacier:g6N end mountain:start:a5 fire:3 fire:grow:e4 forest:grow:c2 glacier:g5S end mountain:grow:f7 "
             "forest:spread:e7 fire:2 fire:grow:f5 glacier:g6N end mountain:grow:g7 forest:spread:e2 fire:2 "
             "fire:burn:c3 glacier:g5S end mountain:start:d1 glacier:g6N forest:spread:e5 fire:2 fire:burn:d2 end")
    state = GAME.new()
    for move in moves.split():
        state = state.play(move)
    assert status_of(state).endswith("(fire has no legal option).")
    panel = views.panel(state)
    assert 'class="tfx-tracker stuck" title="fire: no legal option"' in panel
    assert 'class="tfx-tracker" title="glacier: available"' in panel
    fire = GAME.new().play("forest:grow:d2").play("mountain:start:a1").play("fire:1")  # Black places it
    assert "stuck" not in views.panel(fire), "the turn's options come once the fire is placed"


def test_only_the_pool_s_pieces_that_begin_a_move_now_are_tab_stops():
    """Each of the pool's twelve buttons was a Tab stop, nine of them never the side to move's to choose: a
    keyboard player tabbed through them all to reach the controls.  A pool piece that begins no move of the
    player to act (nor is lit or chosen) is out of the Tab order; its click still says why not."""
    from pyramids import page
    s = Session("terrafex")

    def tab_stops():
        found = re.findall(r'<button([^>]*)data-cell="(pool:[^"]*)"([^>]*)>', page.panel(s))
        return {cell for before, cell, after in found if 'tabindex="-1"' not in before + after}
    starts = {cell for cell in s.state.guide((), None).targets if cell.startswith("pool:")}
    assert tab_stops() == starts and 0 < len(starts) < 12
    s.clicks.click("pool:Y1")  # a small mountain, to place on the board
    assert s.clicks.marks().selected == ("pool:Y1",)
    assert tab_stops() == starts, "a move half made leaves the panel as it was (drawn again, it cost milliseconds)"
