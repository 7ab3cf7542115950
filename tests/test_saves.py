"""My games: entries, the last game, renaming, deleting, damaged entries and the move from one slot per game."""

import json
import random
from unittest import mock

import pytest
from hypothesis import given, settings, strategies as st

from pyramids import games, saves
from pyramids.core import GameError
from pyramids.loading import Loading
from pyramids.session import Session


class Store(dict):
    """localStorage as the page sees it (keys without the prefix); `full` refuses writes."""

    full = False

    def get(self, key):
        return super().get(key)

    def set(self, key, value):
        if self.full:
            return False
        self[key] = value
        return True

    def remove(self, key):
        self.pop(key, None)

    def keys(self):
        return list(super().keys())


def played(*moves, game="ice-lady"):
    session = Session(game, rng=random.Random(1))
    for move in moves:
        session.play(move)
    return session


def test_each_game_is_its_own_entry_and_the_list_says_what_it_is():
    store = Store()
    saves.save(store, "a", played("d3-e4"), {}, 1000)
    saves.save(store, "b", played("c3-b4", "f6-g5"), {}, 2000)
    listed = saves.entries(store)
    assert [e.id for e in listed] == ["b", "a"], "the game played last comes first"
    first = listed[0]
    assert (first.title, first.game, first.players, first.moves, first.played) == \
        ("Ice Lady", "ice-lady", "2 players", 2, 2000)
    assert first.status == "White to move." and first.position == played("c3-b4", "f6-g5").latest.to_text()
    assert store.get("last") == "b"


def test_a_later_version_s_fields_survive_a_save():
    """Issue 15 will store which seats are mine with the entry: this version must keep such fields."""
    store = Store()
    fields = saves.save(store, "a", played("d3-e4"), {"seats": ["white"], "name": "Club"}, 1000)
    again = saves.save(store, "a", played("d3-e4", "e6-f5"), fields, 3000)
    stored = json.loads(store["saved.a"])
    assert stored["seats"] == ["white"] and stored["name"] == "Club" and stored["created"] == 1000
    assert again["played"] == 3000 and stored["moves"] == 2


def test_rename_and_delete():
    store = Store()
    saves.save(store, "a", played("d3-e4"), {}, 1000)
    assert saves.rename(store, "a", "  Friday   game ", 2)
    assert saves.entries(store)[0].title == "Friday game"
    saves.delete(store, "a")
    assert saves.entries(store) == [] and store.get("last") is None


def test_damaged_entries_are_listed_and_kept():
    store = Store({"saved.x": "{not json", "saved.y": '{"v": 9, "record": ""}',
                   "saved.z": '{"v": 2, "record": "v=1&g=chess&m="}'})
    listed = {e.id: e for e in saves.entries(store)}
    assert "not readable" in listed["x"].damaged
    assert "newer version of the app" in listed["y"].damaged and listed["y"].title == "Saved by a newer version"
    assert listed["x"].title == "Damaged save"
    assert "no game called 'chess'" in listed["z"].damaged
    assert store["saved.x"] == "{not json", "a damaged entry is never dropped"


def test_a_reload_finds_the_entry_of_the_link_on_screen():
    store = Store()
    saves.save(store, "a", played("d3-e4"), {}, 1000)
    saves.save(store, "b", played("d3-e4"), {}, 2000)
    saves.save(store, "a", played("d3-e4"), json.loads(store["saved.a"]), 3000)
    assert saves.matching(store, "v=1&g=ice-lady&m=d3-e4") == "a", "the last one played wins"
    assert saves.matching(store, "v=1&g=ice-lady&m=c3-b4") is None


def test_full_storage_says_so_and_keeps_what_it_had():
    store = Store()
    saves.save(store, "a", played("d3-e4"), {}, 1000)
    store.full = True
    assert saves.save(store, "a", played("d3-e4", "e6-f5"), {}, 2000) is None
    assert json.loads(store["saved.a"])["moves"] == 1


def test_one_slot_saves_move_into_my_games():
    """Nobody loses a game on upgrade: pyramids.v1.game.<id> and damaged.<id> become entries."""
    old = played("d3-e4", "e6-f5")
    old.undoing.undo()
    v1 = {"v": 1, "record": old.link(), "redo": old.undoing.redo_stack, "ply": 0, "clock": None}
    store = Store({"game.ice-lady": json.dumps(v1), "damaged.icetoids": "{broken", "last": "ice-lady"})
    assert saves.migrate(store, 5000) == []
    assert not any(k.startswith(("game.", "damaged.")) for k in store.keys())
    listed = saves.entries(store)
    good = next(e for e in listed if not e.damaged)
    assert store["last"] == good.id and good.moves == 1
    session, error = Loading.from_storage(store["saved." + good.id]).finish()
    assert error is None and session.undoing.redo_stack == [["e6-f5"]] and session.cursor == 0
    assert [e.damaged is not None for e in listed].count(True) == 1
    assert saves.migrate(store, 6000) == [] and len(saves.entries(store)) == 2, "migration runs once"


def test_migration_into_full_storage_keeps_the_old_saves():
    store = Store({"game.ice-lady": json.dumps({"v": 1, "record": "v=1&g=ice-lady&m=d3-e4"})})
    store.full = True
    assert "storage is full" in saves.migrate(store, 5000)[0]
    assert "game.ice-lady" in store


@pytest.mark.parametrize("game_id", games.ids())
@given(data=st.data())
@settings(max_examples=40, deadline=None)
def test_any_stored_text_lists_or_is_listed_as_damaged(game_id, data):
    """Whatever an entry holds, My games lists it without crashing, and opening it raises only GameErrors."""
    session = Session(game_id, rng=random.Random(2))
    fields = saves.entry_fields(session, {}, 1000)
    for _ in range(data.draw(st.integers(1, 4))):
        key = data.draw(st.sampled_from(sorted(fields) + ["extra"]))
        fields[key] = data.draw(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=30),
                                          st.lists(st.integers(), max_size=2)))
    text = json.dumps(fields, allow_nan=True)
    depth = data.draw(st.sampled_from([0, 0, 2, 17, 20_000]))  # issue 27: a save nested 20,000 deep killed Pyodide
    if depth:
        field = data.draw(st.sampled_from(["deep", "redo", "chance"]))
        text = text[:-1] + f', "{field}": ' + "[" * depth + "]" * depth + "}"
    if data.draw(st.booleans()):
        at = data.draw(st.integers(0, len(text)))
        text = text[:at]
    store = Store({"saved.e": text})
    with mock.patch("json.loads", as_pyodide_parses):
        (listed,) = saves.entries(store)
        assert listed.damaged is None or len(listed.damaged) < 300
        assert depth <= 2 or listed.damaged
        try:
            saves.load(store, "e")
            Loading.from_storage(text).finish()
        except GameError as err:
            assert len(str(err)) < 300


PARSE = json.loads


def as_pyodide_parses(text, **kwargs):
    """json.loads as in the page: nesting deep enough to overflow Pyodide's stack kills the interpreter
    (a fatal error, no exception to catch), so such text must never reach the parser."""
    depth = deepest = 0
    for char in text:  # strings aside: our tests' deep text has no brackets in strings
        depth += (char in "[{") - (char in "]}")
        deepest = max(deepest, depth)
    if deepest > 1000:
        pytest.fail(f"text nested {deepest} deep reached json.loads: Pyodide dies of this")
    return PARSE(text, **kwargs)


def test_a_save_nested_20_000_deep_is_listed_as_damaged_and_kept():
    """Issue 27: as the last game it left the page on "Starting…" for good; elsewhere it killed My games."""
    deep = "[" * 20_000 + "]" * 20_000
    store = Store({"saved.deep": deep, "saved.also": '{"v": 2, "record": ' + deep + "}", "last": "deep"})
    saves.save(store, "good", played("d3-e4"), {}, 1000)
    store["last"] = "deep"
    link = played("d3-e4").link()
    with mock.patch("json.loads", as_pyodide_parses):
        listed = {e.id: e for e in saves.entries(store)}
        assert "not readable" in listed["deep"].damaged and "not readable" in listed["also"].damaged
        assert not listed["good"].damaged
        with pytest.raises(GameError, match="not readable"):
            saves.load(store, "deep")
        assert saves.matching(store, link) == "good"
        assert saves.related(store, played("d3-e4", "e6-f5").record(), ["d3-e4", "e6-f5"]).id == "good"
    assert store["saved.deep"] == deep, "a damaged entry is kept"


def test_the_list_shows_each_game_with_its_picture_and_marks_the_one_on_screen():
    from pyramids import page

    store = Store({"saved.bad": "{broken"})
    saves.save(store, "a", played("d3-e4"), {}, 1000)
    saves.save(store, "b", played("c3-b4"), {"name": "<Club> game"}, 2000)
    html = page.games_list(saves.entries(store), "b", lambda ms: f"t{ms:.0f}", lambda game, pos: f"[{game}:{pos[:3]}]")
    items = html.split("</li>")
    assert 'class="saved current" data-entry="b"' in items[0] and "&lt;Club&gt; game" in items[0]
    assert "<em>Ice Lady</em>" in items[0], "a renamed game still says which game it is"
    assert "2 players · 1 move · t2000" in items[0] and "[ice-lady:8/2]" in items[0]
    assert 'data-open="a"' in items[1] and 'data-rename="a"' in items[1] and 'data-delete="a"' in items[1]
    assert "Damaged save" in items[2] and "data-open" not in items[2] and 'data-delete="bad"' in items[2]
    assert "No saved games yet" in page.games_list([], None, str, lambda g, p: "")


def test_a_long_game_s_move_list_is_a_window():
    from pyramids import page

    session = played("d3-e4", "e6-f5", "e4xg6", "c6-d5")
    html = page.move_list(session, 1, 3)
    assert html.count('<li class="ply') == 3 and 'data-ply="2"' in html and 'data-ply="3"' in html
    assert html.startswith('<li class="ply gap" data-num="1."'), "a window opening on Black's move shows '1. …'"


def test_a_link_is_compared_with_its_own_game_s_entries_only(monkeypatch):
    """Opening a link must not need every saved game's files (the page fetches a game's files
    only when it is shown): an entry of another game is passed over unread."""
    store = Store()
    saves.save(store, "mine", played("d3-e4"), {}, 1)
    saves.save(store, "towers", Session("ice-towers"), {}, 2)
    link = played("d3-e4", "e6-f5")
    absent = games.Entry("ice-towers", "Ice Towers", "not_fetched_yet")
    monkeypatch.setitem(games._BY_ID, "ice-towers", absent)
    found = saves.related(store, link.record(), link.moves)
    assert (found.id, found.kind) == ("mine", "continues")


def test_an_entry_of_a_game_not_fetched_yet_is_listed_as_that_game(monkeypatch):
    store = Store()
    data = json.loads(json.dumps(saves.save(store, "t", Session("ice-towers"), {}, 1)))
    del data["game"]  # an entry that does not say its game: its record does
    store.set(saves.ENTRY + "t", json.dumps(data))
    monkeypatch.setitem(games._BY_ID, "ice-towers", games.Entry("ice-towers", "Ice Towers", "absent"))
    (listed,) = saves.entries(store)
    assert listed.game == "ice-towers" and not listed.damaged


def test_a_first_visit_is_told_once_and_never_to_a_player_with_games():
    """Issue 26: the newcomer's welcome is said once; a browser with a saved game is no newcomer."""
    store = Store()
    assert saves.first_visit(store) is True
    assert saves.first_visit(store) is False
    played = Store({"saved.x": "{}"})
    assert saves.first_visit(played) is False


class FullStore(Store):
    """Storage as full as a browser's: a write that would take more room is refused, one in place of a value
    as long or longer is taken."""

    def set(self, key, value):
        if key not in self or len(value) > len(self[key]):
            return False
        self[key] = value
        return True


def test_a_game_that_full_storage_refused_is_named_by_last_so_a_later_visit_can_say_so():
    """Issue 27: a new game played while storage was full was not saved, and a later bare visit silently
    showed an older one."""
    full = FullStore()
    Store.set(full, "saved.18c0000000a-aaaaaa", json.dumps(saves.entry_fields(played("d3-e4"), {}, 1000)))
    Store.set(full, "last", "18c0000000a-aaaaaa")
    assert saves.save(full, "18c0000000b-bbbbbb", played("c3-b4"), {}, 2000) is None
    assert full["last"] == "18c0000000b!bbbbbb" and saves.last_played(full) == ("18c0000000b-bbbbbb", True)
    assert "saved.18c0000000b-bbbbbb" not in full and saves.newest(full) == "18c0000000a-aaaaaa"
    assert saves.save(full, "18c0000000a-aaaaaa", played("d3-e4"), {}, 3000) is not None, "room in place"
    assert saves.last_played(full) == ("18c0000000a-aaaaaa", False)


def test_an_entry_whose_last_save_failed_is_still_the_one_played_last():
    store = Store()
    saves.save(store, "a-1", played("d3-e4"), {}, 1000)
    saves.save(store, "b-2", played("d3-e4", "e6-f5"), {}, 2000)
    store["last"] = "a!1"
    assert saves.matching(store, played("d3-e4").link()) == "a-1"
    saves.delete(store, "a-1")
    assert "last" not in store


def test_an_old_link_of_a_saved_game_is_that_game_earlier_not_another_line():
    """Issue 27: a link whose moves are the first moves of a saved game is that game at an earlier move
    (the page opens it there, browsing), not a line that parted from it; an unrelated opening is not it."""
    store = Store()
    moves = ["d3-e4", "e6-f5", "e4xg6", "c6-b5"]
    saves.save(store, "mine", played(*moves), {}, 1)
    found = saves.related(store, played(*moves[:2]).record(), moves[:2])
    assert (found.id, found.kind, found.common) == ("mine", "earlier", 2)
    other = played("d3-e4", "e6-d5")
    assert saves.related(store, other.record(), other.moves).kind == "parted"
    assert saves.related(store, Session("ice-lady").record(), []) is None, "a new game's link is no old link"


def test_another_tab_s_write_is_seen_by_its_revision_and_named_by_what_it_did():
    """Issue 27: two tabs, one game.  Every write gives the entry a new revision; a tab that last wrote or
    read revision r tells what another tab did since: played on, took back (its redo holds this tab's
    moves), wrote over this tab's moves, played otherwise, renamed, deleted."""
    store = Store()
    moves = ["d3-e4", "e6-f5", "e4xg6"]
    mine = saves.save(store, "g", played(*moves[:2]), {}, 1)
    rev = mine["rev"]
    assert saves.other_tab(store, "g", rev, moves[:2]) is None, "nobody else wrote"
    assert saves.rename(store, "g", "Friday", 2)
    assert saves.other_tab(store, "g", rev, moves[:2]).kind == "same"
    other = saves.save(store, "g", played(*moves), json.loads(store["saved.g"]), 3)
    assert other["rev"] != rev and other["name"] == "Friday"
    found = saves.other_tab(store, "g", rev, moves[:2])
    assert (found.kind, found.common, found.moves) == ("ahead", 2, tuple(moves))
    assert saves.other_tab(store, "g", rev, moves + ["c6-b5"]).kind == "behind", "this tab's move was written over"
    assert saves.other_tab(store, "g", rev, ["d3-e4", "e6-d5"]).kind == "parted"
    took_back = played(*moves)
    took_back.undoing.undo()
    saves.save(store, "g", took_back, {}, 4)
    assert saves.other_tab(store, "g", rev, moves).kind == "back", "the moves are in its redo: nothing lost"
    for junk in ("{broken", json.dumps({**json.loads(store["saved.g"]), "v": 3})):  # issue 52: damage, a newer version
        store["saved.g"] = junk
        assert saves.other_tab(store, "g", rev, moves).kind == "unreadable", "kept as it is: this tab saves anew"
    store["welcomed"] = "1"
    saves.delete(store, "g")
    assert saves.other_tab(store, "g", rev, moves).kind == "deleted"
    store.clear()
    assert saves.other_tab(store, "g", rev, moves).kind == "cleared", "issue 52: the site's data cleared"


def test_my_games_counts_the_moves_from_the_game_s_start():
    """Ice-Turn showed "17 moves" once one tile was placed: the sixteen tiles dealt are no player's moves."""
    store = Store()
    turn = Session("ice-turn", rng=random.Random(2))
    turn.play(turn.latest.legal_moves()[0])
    saves.save(store, "turn", turn, {}, 1000)
    saves.save(store, "lady", played("d3-e4", "e6-f5"), {}, 2000)
    assert {e.id: e.moves for e in saves.entries(store)} == {"turn": 1, "lady": 2}
