"""Ice Towers played in the browser by clicking: cap, mine and replay, split, agree, act as a colour."""

import re

from pyramids import games

GAME = games.get("ice-towers")
# Red/yellow, 3 trios: t1-t3 rS1-3, t4-t6 rM1-3, t7-t9 rL1-3, t10-t18 the same for yellow.
SHORT_GAME = ["red:cap:rL1>t16", "yellow:cap:yM1>t16", "red:cap:rS1>t16", "yellow:mine:yM1",
              "yellow:cap:yM1>t8", "yellow:split:rS1", "red:done", "red:undone", "yellow:done"]


def open_ice_towers(app):
    app.open()
    app.pick("ice-towers")
    return app


def targets(app):
    return sorted(app.page.locator("#board .tower.target").evaluate_all("els => els.map(e => e.dataset.cell)"))


def click_piece(app, cell):
    """A piece inside a tower (or an Ice-Turn stack): once the board's pieces stand still, click the middle of
    the band of it that shows under the piece above (a click a few pixels over its base fell on the piece below
    when the page scrolled by as many), or just over its base when nothing is above it."""
    app.page.wait_for_function("!document.getElementById('board').getAnimations({subtree: true}).length")
    piece = app.page.locator(f'#board [data-cell="{cell}"]')
    box = piece.bounding_box()
    showing = 6
    stack, k = cell.rsplit(".", 1)
    above = app.page.locator(f'#board [data-cell="{stack}.{int(k) + 1}"]') if k.isdigit() else None
    if above is not None and above.count():
        top = above.bounding_box()
        showing = box["y"] + box["height"] - (top["y"] + top["height"])
    piece.click(position={"x": box["width"] / 2, "y": box["height"] - showing / 2})


def test_a_short_game_by_clicks_survives_reload_and_the_share_link(app, new_context):
    """Issue: a cap, a mine with its forced replay, a split and agreement by clicks; reload and link reproduce it."""
    open_ice_towers(app)
    assert app.page.locator("#board [data-cell]").count() >= 18
    app.click("t7")
    assert targets(app) == ["t16", "t17", "t18"], "the towers rL1 may cap light up"
    app.click("t16")
    app.play("t13", "t16")
    app.play("t1", "t16")
    assert app.moves() == SHORT_GAME[:3]
    click_piece(app, "t16.2")  # yellow mines yM1 from under red's rS1
    assert app.moves()[-1] == "yellow:mine:yM1"
    assert app.page.locator('#board [data-cell="hand:yellow"]').count() == 1, "the held piece shows in the hand"
    app.panel_click("hand:yellow")
    assert "t16" not in targets(app) and "t8" in targets(app), "no mine-backs"
    app.click("t8")
    assert app.page.locator('[data-cell="hand:yellow"]').count() == 0
    app.click("t16|2")  # rL1 and rS1 now touch: yellow splits them
    assert app.moves()[-1] == "yellow:split:rS1"
    app.panel_click("done:red")
    assert "Not done" in app.page.inner_text("#game-panel")
    app.panel_click("done:red")
    app.panel_click("done:yellow")
    assert app.moves() == SHORT_GAME
    position = GAME.replay(SHORT_GAME).to_text()
    assert app.position() == position
    assert app.page.locator('#game-panel [data-cell="done:yellow"]').inner_text() == "Not done"

    app.reload()
    assert app.position() == position and app.moves() == SHORT_GAME
    link = app.share()
    assert "g=ice-towers" in link
    other = app.elsewhere(link, new_context().new_page())
    assert other.position() == position and other.moves() == SHORT_GAME
    other.page.click("#first")
    assert other.position() == GAME.new().to_text()
    other.page.keyboard.press("ArrowRight")
    assert other.position() == GAME.replay(SHORT_GAME[:1]).to_text()


def test_undo_takes_back_a_mine(app):
    open_ice_towers(app)
    app.play("t7", "t16")
    app.play("t13", "t16")
    app.play("t1", "t16")
    click_piece(app, "t16.2")
    app.page.click("#undo")
    assert app.moves() == SHORT_GAME[:3] and app.page.locator('[data-cell="hand:yellow"]').count() == 0
    app.page.click("#redo")
    assert app.moves() == SHORT_GAME[:4]


def test_haunted_timed_game_with_chosen_colours_and_an_acting_colour(app):
    """Issue: colours chosen, the ghost moved on purpose by either player, the timer counting down."""
    open_ice_towers(app)
    app.page.click("#new")
    for colour in ("blue", "purple"):
        app.page.check(f'#new-options [name="colours"][value="{colour}"]')
    app.page.check('#new-options [name="haunted"]')
    app.page.select_option('#new-options [name="timer"]', "300")
    app.page.click("#new-start")
    app.settled()
    assert app.position().startswith("colours=blue,purple haunted=1 timer=300 t1:bS1")
    assert re.fullmatch(r"[45]:[0-5][0-9]", app.page.inner_text("#clock"))
    assert [r.strip() for r in app.page.locator(".scores td:first-child").all_inner_texts()] == \
        ["Blue", "Purple", "Ghost"]

    app.page.click('#game-panel [data-actor="blue"]')
    app.settled()
    assert app.page.get_attribute('#game-panel [data-actor="blue"]', "aria-pressed") == "true"
    app.click("t16")  # purple's pL1: not Blue's to move
    assert app.message() and app.moves() == []
    app.play("t7", "t16")  # Blue caps pL1 with bL1
    app.click("t25")  # the ghost's wL1, moved by Blue on purpose
    assert targets(app) == ["t16"], "the ghost never caps a free-stander"
    app.click("t16")
    assert app.moves() == ["blue:cap:bL1>t16", "ghost:cap:wL1>t16"]
    assert app.page.locator(".scores .score").all_inner_texts() == ["15", "15", "24"], "live scores"
