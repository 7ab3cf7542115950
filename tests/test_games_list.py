"""My games' buttons say which game they act on (issue 26): a screen reader hears "Open Ice Lady, ...", not "Open"."""

import re

from pyramids import page, saves
from pyramids.session import Session
from test_saves import Store


def names(html: str) -> list[str]:
    """Each button's text as a screen reader reads it: its own words and the visually hidden ones."""
    return [re.sub(r"<[^>]+>", "", text) for text in re.findall(r"<button[^>]*>(.*?)</button>", html)]


def test_each_button_of_my_games_names_its_game():
    store = Store({"saved.bad": "{broken"})
    saves.save(store, "a", Session("ice-lady", {}, ["d3-e4"]), {}, 1000)
    saves.save(store, "b", Session("ice-towers", {"players": 3}), {"name": "Club night"}, 2000)
    html = page.games_list(saves.entries(store), "a", lambda ms: f"t{ms:.0f}", lambda game, pos: "")
    assert names(html) == ["Open Club night, Ice Towers, 3 players, 0 moves, t2000",
                           "Rename Club night, Ice Towers, 3 players, 0 moves, t2000",
                           "Delete Club night, Ice Towers, 3 players, 0 moves, t2000",
                           "Open Ice Lady, 2 players, 1 move, t1000",
                           "Rename Ice Lady, 2 players, 1 move, t1000",
                           "Delete Ice Lady, 2 players, 1 move, t1000",
                           "Delete Damaged save, damaged"]


def test_my_games_tells_a_game_against_the_computer_from_a_game_between_people():
    """A newcomer's list held games against the computer and hot-seat games alike as "2 players": which was
    which could not be told without opening them."""
    store = Store()
    saves.save(store, "a", Session("ice-lady", {}, ["d3-e4"], bots={"black": "medium"}), {}, 1000)
    saves.save(store, "b", Session("ice-turn", {"players": 4}, bots=dict.fromkeys(("red", "yellow", "blue"), "hard")),
               {}, 2000)
    saves.save(store, "c", Session("icetoids", {"players": 3}, bots={"p2": "easy", "p3": "hard"}), {}, 3000)
    saves.save(store, "d", Session("ice-lady"), {}, 4000)
    assert [e.players for e in saves.entries(store)] == [
        "2 players", "3 players, 2 computers", "4 players, 3 computers (Hard)", "2 players, 1 computer (Medium)"]


def test_rename_starts_from_the_players_own_name():
    """Rename's question (the page's, in the press: issue 55) is filled in with the name the player gave, from
    the button's data-name; a game with none starts from nothing, not from its game's title."""
    store = Store()
    saves.save(store, "a", Session("ice-lady"), {"name": 'Club "night" <3'}, 1000)
    saves.save(store, "b", Session("ice-lady"), {}, 2000)
    html = page.games_list(saves.entries(store), "a", str, lambda game, pos: "")
    assert re.findall(r'data-rename="(\w)" data-name="([^"]*)"', html) == [
        ("b", ""), ("a", "Club &quot;night&quot; &lt;3")]


def test_my_games_pictures_and_the_board_define_no_id_twice():
    """Issue 25: each picture of a board defines the board's patterns (pat-green, pat-frost...); beside the board on
    screen and each other, each picture's ids are its own, and each picture's paints use its own patterns."""
    from pyramids import games, views

    store = Store()
    game = games.get("terrafex")
    for name in ("a", "b"):
        saves.save(store, name, Session("terrafex", {}, ["glacier:a3E"]), {}, 1000)
    html = page.games_list(saves.entries(store), "a", str,
                           lambda g, position: views.draw(games.get(g).from_text(position)))
    document = views.draw(game.new()) + html
    ids = re.findall(r'\bid="([^"]+)"', document)
    assert len(ids) > 8 and sorted(ids) == sorted(set(ids))
    for picture in re.findall(r"<svg.*?</svg>", html):
        assert set(re.findall(r"url\(#([^)]+)\)", picture)) <= set(re.findall(r'\bid="([^"]+)"', picture))
