"""Ice Towers on the page: the side-view table, the panel, acting colours, the clock and the new-game form."""

import random
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from pyramids import page, views
from pyramids.games.ice_towers import GAME, GHOST
from pyramids.session import Session
from pyramids.svg import Marks
from test_ice_towers import table

NUMBER = re.compile(r"-?[0-9.]+")


def board(state, marks=Marks()):
    return ET.fromstring(views.draw(state, marks))


def panel(state, actor=None):
    return ET.fromstring(f"<div>{views.panel(state, actor)}</div>")


def cells(root):
    return {el.get("data-cell") for el in root.iter() if el.get("data-cell")}


def by_cell(root):
    return {el.get("data-cell"): el for el in root.iter() if el.get("data-cell")}


def hit_box(root, tower_id):
    """The slot of a tower: its transparent hit rectangle (x, y, width, height)."""
    rect = by_cell(root)[tower_id].find("{http://www.w3.org/2000/svg}rect")
    return tuple(float(rect.get(k)) for k in ("x", "y", "width", "height"))


def points(element):
    """Every coordinate pair of the pyramid outlines under `element`."""
    out = []
    for path in element.iter("{http://www.w3.org/2000/svg}path"):
        if path.get("d", "").endswith("Z"):
            nums = [float(n) for n in NUMBER.findall(path.get("d"))]
            out += list(zip(nums[::2], nums[1::2]))
    return out


def random_states(seed, plies, **options):
    rng, state = random.Random(seed), GAME.new(**options)
    for _ in range(plies):
        if state.outcome is not None:
            break
        yield state
        plays = [m for m in state.legal_moves() if not m.endswith(("done", "ring"))]
        state = state.play(rng.choice(plays or state.legal_moves()))
    yield state


@pytest.mark.parametrize("options", [{}, {"players": 6, "trios": 5}, {"haunted": True, "trios": 4},
                                     {"players": 3, "timer": 60}])
def test_every_location_a_move_needs_is_clickable(options):
    """Issue: cap, mine, replay, split and agree by clicking: every path cell is on the board or the panel."""
    for k, state in enumerate(random_states(11, 80, **options)):
        if k % 4 and state.outcome is None:
            continue
        clickable = cells(board(state)) | cells(panel(state))
        needed = {cell for move in state.legal_moves() for cell in state.path(move)} - {"timer"}  # the page rings it
        assert needed <= clickable, sorted(needed - clickable)
        assert not any("|" in c for c in clickable - needed), "a split zone is drawn only where a split is legal"


def test_pieces_and_split_zones_nest_inside_their_tower():
    """Nested locations: a click on t1.2 or t1|2 also offers t1 (the binding sends innermost first)."""
    root = board(table("t1:rL1,yL1,yM1,rM1"))
    tower = by_cell(root)["t1"]
    inner = cells(tower) - {"t1"}
    assert inner == {"t1.0", "t1.1", "t1.2", "t1.3", "t1|2"}
    free = next(t.id for t in table("t1:rL1,yL1,yM1,rM1").towers if len(t.pieces) == 1)
    assert cells(by_cell(root)[free]) == {free}, "a free-stander is clicked as its tower"


def test_a_nested_click_caps_mines_and_splits_through_the_session():
    """The session takes the first candidate the rules accept: piece, then tower."""
    s = Session("ice-towers", {})
    s.clicks.click("t7")  # rL1
    assert set(s.clicks.targets) == {"t16", "t17", "t18"}
    s.clicks.click("t16")
    s.clicks.click("t13")  # yM1 caps t16: clicking its bottom piece means the tower
    s.clicks.click(["t16.0", "t16"])
    assert s.moves == ["red:cap:rL1>t16", "yellow:cap:yM1>t16"]
    s.clicks.click("t1")
    s.clicks.click(["t16.2", "t16"])
    s.clicks.click(["t16.2", "t16"])  # now a mine: yellow's yM1 under red's rS1
    assert s.moves[2:] == ["red:cap:rS1>t16", "yellow:mine:yM1"]
    s.clicks.click("hand:yellow")
    s.clicks.click(["t8.0", "t8"])
    s.clicks.click(["t16|2", "t16"])
    assert s.moves[4:] == ["yellow:cap:yM1>t8", "yellow:split:rS1"]


def test_towers_stay_put_when_other_towers_change():
    """Issue: the layout is "stable between moves so towers don't jump around"."""
    state = GAME.new(players=6, trios=5)
    before = board(state)
    after_state = state.play("red:cap:rL1>t28").play("yellow:cap:yS1>t28")
    after = board(after_state)
    for tower in after_state.towers:
        assert hit_box(after, tower.id) == hit_box(before, tower.id), tower.id
    grown = board(after_state.play("green:cap:gS1>t28"))
    assert hit_box(grown, "t28") == hit_box(before, "t28")


def test_a_tower_stands_on_the_home_slot_of_its_bottom_piece():
    """A split's upper part and a set-down piece appear at their bottom piece's home; slots never collide."""
    state = table("t1:rL1,yL1,yM1")
    split = state.play("red:split:yM1")
    root, start = board(split), board(GAME.new())
    new = split.towers[-1].id
    assert hit_box(root, new) == hit_box(start, "t13")  # yM1's home: t13 at the start
    boxes = [hit_box(root, t.id)[:2] for t in split.towers]
    assert len(set(boxes)) == len(boxes)


@pytest.mark.parametrize("options", [{"players": 6, "trios": 5}, {"haunted": True, "trios": 5}])
def test_a_full_table_fits_the_board_and_tall_towers_their_slots(options):
    """Issue: 6 players x 5 trios = 90 pieces (and haunted x 5) on ~1000x600 without scrolling; tall towers shrink."""
    start = GAME.new(**options)
    root = board(start)
    assert root.get("viewBox") == "0 0 600 600"
    assert len(start.towers) in (90, 45)
    colour = start.colours[0]
    letter = colour[0] if colour != GHOST else "w"
    tall = ",".join(f"{letter}{s}{n}" for s in "LMS" for n in range(1, 6))
    state = table(f"t1:{tall}", **options)
    root = board(state)
    x, y, w, h = hit_box(root, "t1")
    outline = points(by_cell(root)["t1"])
    assert all(x <= px <= x + w and y <= py <= y + h for px, py in outline)
    bases = [py for px, py in outline[::3]]  # each outline starts at its base's left corner
    assert len(bases) == 15 and bases == sorted(bases, reverse=True)
    least = min(a - b for a, b in zip(bases, bases[1:]))
    assert least >= 600 / 400, "every piece of a 15-piece tower still shows: a 400 px board shows 1 px of each"
    for tower in state.towers:
        for px, py in points(by_cell(root)[tower.id]):
            assert 0 <= px <= 600 and 0 <= py <= 600
    slots = [hit_box(root, t.id) for t in state.towers]
    for a in slots:
        for b in slots:
            assert a == b or a[0] + a[2] <= b[0] + 0.2 or b[0] + b[2] <= a[0] + 0.2 or \
                a[1] + a[3] <= b[1] + 0.2 or b[1] + b[3] <= a[1] + 0.2, "slots never overlap"


def test_each_tower_shows_its_value_and_controller():
    """Issue: "Each tower shows its value and who controls it"."""
    root = board(table("t1:rL1,yL1,yM1"))
    badge = next(g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-tower") == "t1")
    text = " ".join(t.text or "" for t in badge.iter("{http://www.w3.org/2000/svg}text"))
    assert text.split() == ["Y", "8"]
    title = by_cell(root)["t1"].find("{http://www.w3.org/2000/svg}title").text
    assert title == "a tower of 3, Yellow controls, 8 points", "no tower id: the board shows none (issue 13)"
    alone = next(cell for cell, el in by_cell(root).items() if el.find("{http://www.w3.org/2000/svg}title") is not None
                 and "free-standing small" in el.find("{http://www.w3.org/2000/svg}title").text)
    assert by_cell(root)[alone].find("{http://www.w3.org/2000/svg}title").text.endswith(", 1 point")


def test_marks_light_up_targets_selection_and_the_last_move():
    """Issue: "the towers it may cap light up"."""
    state = GAME.new()
    guide = state.guide(("t7",))
    root = board(state, Marks(selected=("t7",), targets=guide.targets, last=("t2",)))
    groups = by_cell(root)
    assert {c for c, el in groups.items() if "target" in (el.get("class") or "").split()} == {"t16", "t17", "t18"}
    assert "selected" in groups["t7"].get("class") and "last" in groups["t2"].get("class")
    assert len([el for el in root.iter() if "glow" in (el.get("class") or "")]) == 5


def test_a_piece_lit_or_chosen_in_a_tower_has_the_band_that_shows_outlined():
    """§3.2 mining: "you may open up the stack and remove one of your pieces"; Show me lights the piece.  Its mark
    was a stroke on the piece's group, which its own outline's stroke covered: a lesson's lit piece, second from
    the bottom of a tower of five, showed nothing."""
    state = table("t1:yL1,rS1,yS1,rS2,yS2")
    plain = views.draw(state)
    assert "band-target" not in plain and "band-selected" not in plain
    lit, chosen = views.draw(state, Marks(targets=("t1.1",))), views.draw(state, Marks(selected=("t1.1",)))
    assert lit.count('class="band-target"') == 1 and chosen.count('class="band-selected"') == 1
    outline = re.search(r'class="band-target" d="M([\d.]+) ([\d.]+)L([\d.]+) ', lit)
    piece = by_cell(ET.fromstring(lit))["t1.1"].find("{http://www.w3.org/2000/svg}path").get("d")
    assert piece.startswith(f"M{outline.group(1)} {outline.group(2)}L{outline.group(3)} "), "along the piece's base"


def test_a_held_piece_shows_in_its_owners_hand_until_replayed():
    """Issue: "A held piece is shown in its owner's hand until replayed"."""
    state = table("t1:yL1,rM1,rM2,yM1").play("red:mine:rM1")
    assert "hand:red" in cells(board(state)) and "hand:red" in cells(panel(state))
    assert "holds medium" in views.panel(state)
    title = by_cell(board(state))["hand:red"].find("{http://www.w3.org/2000/svg}title")
    assert title.text == "Red holds its medium: it caps a tower next.", "what comes, whoever plays Red (the " \
        "board's view does not know): the status line asks Red's player to choose it"
    yl2 = next(t.id for t in state.towers if t.pieces[0].name == "yL2")
    replayed = state.play(f"red:cap:rM1>{yl2}")
    assert "hand:red" not in cells(board(replayed)) | cells(panel(replayed))


def test_last_marks_name_the_towers_and_hands_a_move_touched():
    state = table("t1:yL1,rM1,rM2,yM1", "t2:rL1,yL2,yM2")
    mined = state.play("red:mine:rM1")
    assert views.last_marks(state, "red:mine:rM1", mined) == (("t1", "hand:red"), ())
    t3 = next(t.id for t in state.towers if t.pieces[0].name == "yL3")
    capped = mined.play(f"red:cap:rM1>{t3}")
    assert views.last_marks(mined, f"red:cap:rM1>{t3}", capped) == (("hand:red", t3), ())
    new = f"t{state.next_id}"
    assert views.last_marks(state, "red:split:yM2", state.play("red:split:yM2")) == (("t2", new), ())
    assert views.last_marks(state, "red:done", state.play("red:done")) == (("done:red",), ())


def test_panel_offers_every_acting_colour_and_marks_the_current_one():
    """Issue: "The acting colour is explicit (a colour selector ...)"."""
    root = panel(GAME.new(players=3), "yellow")
    buttons = {el.get("data-actor"): el for el in root.iter("button") if el.get("data-actor") is not None}
    assert list(buttons) == ["", "red", "yellow", "green"]
    assert [a for a, el in buttons.items() if el.get("aria-pressed") == "true"] == ["yellow"]
    assert panel(GAME.new()).find(".//button[@data-actor='']").get("aria-pressed") == "true"
    assert "Ghost pieces" in views.panel(GAME.new(haunted=True)) and "Ghost" not in views.panel(GAME.new())


def test_done_follows_the_colours_name_in_its_own_text_however_wide_the_font():
    """A colour that agreed to end is marked "done" on the board, after its name.  It was a text of its own at an x
    guessed from the name's letters (9.3 px each at 15 px bold): a wider font drew the name over it."""
    state = GAME.new().play("yellow:done")
    svg_ns = "{http://www.w3.org/2000/svg}"
    names = {t.text.strip(): t for t in board(state).iter(svg_ns + "text") if t.get("class") == "row-name"}
    assert sorted(names) == ["Red", "Yellow"]
    assert ["".join(t.itertext()) for t in names.values()] == ["Red", "Yellow done"]
    assert not [t for t in board(state).iter(svg_ns + "text") if t.text == "done"], "no text placed by a guess"


def test_panel_scores_agreement_and_final_result():
    """Issue: live scores, "I'm done" per player, and the result at the end."""
    state = GAME.new(haunted=True)
    text = views.panel(state)
    assert text.count("I'm done") == 2 and "done:ghost" not in text
    assert [el.text for el in panel(state).iter("td") if el.get("class") == "score"] == ["18", "18", "18"]
    agreed = state.play("red:done")
    assert "Not done" in views.panel(agreed) and views.panel(agreed).count("I'm done") == 1
    over = agreed.play("yellow:done")
    final = views.panel(over)
    assert "Final scores" in final and "I'm done" not in final and "data-actor" not in final
    assert final.count("winner") == 3 and final.count("&#9733;") == 3  # the result sentence is the status line


def test_the_clock_is_shown_only_with_a_timer():
    """Issue: "the timer counting down when on" -- the page writes the time into #clock."""
    assert 'id="clock"' in views.panel(GAME.new(timer=120))
    assert 'id="clock"' not in views.panel(GAME.new())


def test_the_clock_hook_runs_while_a_timed_game_runs():
    """§4.3 the timer ends the game: the page plays timer:ring when the clock reaches zero."""
    assert GAME.new(timer=120).clock() == (120, "timer:ring")
    assert GAME.new().clock() is None
    assert GAME.new(timer=120).play("timer:ring").clock() is None
    s = Session("ice-towers", {"timer": 60})
    assert s.clock.remaining(1000.0) == 60 and not s.tick(1030.0)
    assert s.tick(1060.0) and s.moves == ["timer:ring"] and "timer rang" in s.words.status()


def test_acting_as_a_colour_allows_its_moves_and_the_ghosts():
    """A8 / §3.6: either player moves for the ghost, but not while holding a piece; never for the other player."""
    state = table("t1:yL1,rM1,rM2,yM1", "t2:wL1,yL2", haunted=True)
    assert state.may_act("red:cap:rS1>t2", "red") and not state.may_act("yellow:cap:yS1>t1", "red")
    ghost_cap = next(m for m in state.legal_moves() if m.startswith("ghost:cap:"))
    assert state.may_act(ghost_cap, "red") and state.may_act(ghost_cap, "yellow")
    holding = state.play("red:mine:rM1")
    ghost_cap = next(m for m in holding.legal_moves() if m.startswith("ghost:cap:"))
    assert not holding.may_act(ghost_cap, "red") and holding.may_act(ghost_cap, "yellow")
    ghost_piece = holding.path(ghost_cap)[0]
    assert holding.guide((ghost_piece,), "red").ok is False
    assert holding.guide((ghost_piece,), "yellow").targets


def test_a_player_acting_as_one_colour_cannot_move_another():
    """§3.1 actions are tagged with the acting colour: with Red chosen, a yellow piece does nothing."""
    s = Session("ice-towers", {})
    s.clicks.actor = "red"
    s.clicks.click("t16")
    assert s.clicks.selection == () and s.message
    s.clicks.actor = None
    s.clicks.click("t16")
    assert s.clicks.selection == ("t16",)


def form_tags(html: str, name: str) -> list[dict]:
    """The attributes of every `name` tag in `html`, with its text (if any) under "text"."""
    found: list[dict] = []

    class Tags(HTMLParser):
        def handle_starttag(self, tag, attrs):
            if tag == name:
                found.append(dict(attrs))

        def handle_data(self, data):
            if found and "text" not in found[-1]:
                found[-1]["text"] = data

    Tags().feed(html)
    return found


def test_new_game_form_ticks_colours():
    """Issue: "start Ice Towers for 2 to 6 players (colours chosen)": one checkbox per colour."""
    inputs = form_tags(page.options_form(GAME, {"colours": "blue,red", "players": 2}), "input")
    boxes = [b for b in inputs if b["name"] == "colours"]
    assert all(b["type"] == "checkbox" for b in boxes)
    assert [b["value"] for b in boxes] == ["red", "yellow", "green", "blue", "purple", "orange"]
    assert [b["value"] for b in boxes if "checked" in b] == ["red", "blue"]
    assert Session("ice-towers", {"players": "2", "colours": "blue,red"}).state.humans == ("red", "blue")
    assert Session("ice-towers", {"players": "3", "colours": ""}).state.humans == ("red", "yellow", "green")


def test_new_game_form_shows_the_timer_in_minutes_and_keeps_seconds_in_the_link():
    """Option timer: "seconds until the timer rings"; a player picks "5 min", the link says 300."""
    timer = form_tags(page.options_form(GAME, {"timer": 300}), "option")[-7:]  # the last select
    assert [(o["value"], o["text"]) for o in timer] == [
        ("none", "no timer"), ("60", "1 min"), ("120", "2 min"), ("180", "3 min"),
        ("300", "5 min"), ("600", "10 min"), ("900", "15 min")]
    assert [o["value"] for o in timer if "selected" in o] == ["300"]
    assert Session("ice-towers", {"timer": "300"}).state.options["timer"] == 300


@pytest.mark.parametrize("options", [{}, {"players": 6, "trios": 5}])
def test_names_scores_and_tower_values_read_on_a_phone(options):
    """A phone gives the board its 390 px width (the board is square, as the other games'): each colour's name
    and score and each tower's value are drawn at 9 CSS px or more there (a 1000-unit-wide table showed them at
    4-7 px), and every text at 7 or more."""
    state = list(random_states(5, 60, **options))[-1]
    root = board(state)
    _, _, width, height = (float(n) for n in root.get("viewBox").split())
    scale = min(390 / width, 390 / height)
    texts = list(root.iter("{http://www.w3.org/2000/svg}text"))
    names = [t for t in texts if t.get("class") == "row-name"]
    scores = [t for t in texts if (t.findtext("{http://www.w3.org/2000/svg}tspan") or "").strip() == "pts"]
    values = [t for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "badge"
              for t in g.iter("{http://www.w3.org/2000/svg}text")][1::2]
    assert len(names) == len(scores) == len(state.colours) and len(values) == len(state.towers)
    for text in names + scores + values:
        assert float(text.get("font-size")) * scale >= 9, ET.tostring(text)
    assert min(float(t.get("font-size")) for t in texts) * scale >= 7


def test_new_game_form_names_a_list_before_it_and_a_box_after_it():
    """The New game dialog read "[Layout 1 ▾] Layout" and "[2 ▾] Players" under "White [Person ▾]": a list now
    follows its name, as the seats' do; a box still comes before its own ("[x] Haunted")."""
    form = page.options_form(GAME, {})
    assert re.search(r'<label class="option">Players <select name="players">', form)
    assert re.search(r'<label class="option"><input type="checkbox" name="haunted"> Haunted', form)
