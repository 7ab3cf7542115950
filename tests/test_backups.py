"""My games' backups (issues 27 and 52): Export writes one readable file; Import reads it a slice at a time,
checks every game as a save is checked, matches it against the saved games by an index of their moves, adds
each game once, and changes nothing when the file is bad or the player cancels."""

import json
import random
import time

import pytest

from bench import backup as backup_files
from pyramids import backups, games, record, saves
from pyramids.core import GameError
from pyramids.session import Session
from test_saves import Store, played

NOW = 1_790_000_000_000  # 2026-09-21, in ms: the page's clock


def imported(store, text, now=NOW):
    """Import `text` into `store` to the end, as the page steps it; what it says it did."""
    importing = backups.Importing(text, store, now)
    while not importing.step():
        pass
    return importing.result


def file_of(*games_data, **header):
    return json.dumps({"format": "looney-pyramids-games", "v": 1, **header, "games": list(games_data)})


def exported(*sessions, names=()):
    """A backup file of these games, as Export writes it."""
    store = Store()
    for n, session in enumerate(sessions):
        saves.save(store, f"e{n}", session, {"name": names[n] if n < len(names) else ""}, NOW - 10_000 + n)
    return backups.export_games(store, "2026-09-21T10:00:00Z")


def test_export_then_import_elsewhere_gives_back_every_game_with_its_name_dates_and_seats():
    """Issue 27 (backups): one readable JSON file of every game, read back in another browser."""
    store = Store({"saved.bad": "{broken"})
    towers = Session("ice-towers", options={"players": 3})
    saves.save(store, "a", played("d3-e4", "e6-f5"), {"name": "Friday"}, NOW - 3000)
    saves.save(store, "b", towers, {}, NOW - 2000)
    mine = played("d3-e4")
    mine.link_play.choose(["white"])
    saves.save(store, "c", mine, {}, NOW - 1000)
    text = backups.export_games(store, "2026-11-25T12:00:00Z")
    backup = json.loads(text)
    assert backup["format"] == "looney-pyramids-games" and len(backup["games"]) == 3, "the damaged entry is left out"
    assert "\n" in text and backup["games"][2]["name"] == "Friday" and backup["games"][2]["record"].endswith(
        "m=d3-e4+e6-f5")
    elsewhere = Store()
    assert imported(elsewhere, text) == "Imported 3 games: 3 added."
    got = {e.title: e for e in saves.entries(elsewhere)}
    assert got["Friday"].moves == 2 and got["Friday"].played == NOW - 3000, "its own dates"
    assert got["Ice Towers"].players == "3 players"
    (white,) = [json.loads(v) for k, v in elsewhere.items() if json.loads(v).get("mine")]
    assert white["mine"] == ["white"]


def test_an_import_overwrites_nothing_continues_what_it_continues_and_keeps_other_lines_beside():
    store = Store()
    saves.save(store, "short", played("e3-f4"), {}, NOW)
    saves.save(store, "same", played("c3-b4"), {}, NOW)
    saves.save(store, "line", played("d3-e4", "e6-f5", "e4xg6", "c6-b5"), {"name": "Mine"}, NOW - 500)
    backup = json.loads(exported(played("d3-e4", "e6-f5", "e4xg6", "c6-b5", "c3-d4"),  # continues "line"
                                 played("c3-b4"),  # already here
                                 played("d3-e4", "e6-f5", "e4xg6", "f6-e5")))  # parts from "line"
    backup["games"][-1]["created"] = NOW - 500  # "line", begun in this browser, played on in another
    text = json.dumps(backup)
    assert imported(store, text) == "Imported 3 games: 1 added, 1 brought up to date, 1 already here."
    lines = sorted((e.id in ("short", "same", "line"), e.moves) for e in saves.entries(store))
    assert lines == [(False, 4), (True, 1), (True, 1), (True, 5)]
    assert json.loads(store["saved.line"])["name"] == "Mine", "brought up to date, not overwritten"
    assert imported(store, text) == "Imported 3 games: 3 already here.", "a second import adds nothing"


def test_a_game_of_the_file_that_only_opened_as_a_saved_one_did_is_a_game_of_its_own():
    """Moves alone made one game of two that opened alike: a saved game ("d3-e4", Undo's line kept to redo)
    became the file's longer game, its own line gone; a named game of the file that was the start of a saved one
    was never imported.  The same game is one begun at the same moment (the same `created`), saved in two
    browsers."""
    store = Store()
    mine = played("d3-e4", "e6-f5", "c3-d4")
    mine.undoing.undo()
    mine.undoing.undo()
    saves.save(store, "mine", mine, {}, NOW - 500)
    saves.save(store, "long", played("c3-b4", "f6-g5", "b4-a5"), {}, NOW - 400)
    before = dict(store.items())
    text = exported(played("d3-e4", "c6-d5", "e3-f4"), played("c3-b4"), names=("From my laptop", "With Ann"))
    assert imported(store, text) == "Imported 2 games: 2 added."
    assert {k: store[k] for k in before} == before, "the saved games as they were, Undo's line too"
    assert {e.title for e in saves.entries(store)} >= {"From my laptop", "With Ann"}


def test_the_same_game_twice_in_one_file_is_added_once():
    """Issue 52: "a file holding the same game twice adds it twice".  Two saved games of which one is the
    other's start are two games (a backup restores both)."""
    text = exported(played("d3-e4", "e6-f5"), played("d3-e4", "e6-f5"), played("c3-d4"), played("c3-d4", "f6-g5"))
    store = Store()
    assert imported(store, text) == "Imported 4 games: 3 added, 1 already here."
    assert sorted(e.moves for e in saves.entries(store)) == [1, 2, 2]


def stopped_before_a_roll(seed: int) -> dict:
    """An Ice-Turn game of a file that stops where a die roll is due (a save of it, its record cut there)."""
    moves = backup_files.engine.playout("ice-turn", 40, random.Random(seed))
    roll = max(i for i, move in enumerate(moves) if move.startswith("roll:"))
    game = json.loads(json.dumps(saves.entry_fields(Session("ice-turn", moves=moves[:roll]), {}, NOW - 5000)))
    game["record"] = record.encode(record.Record("ice-turn", {}, tuple(moves[:roll])))
    return game


def test_a_game_that_stops_before_a_die_roll_is_the_same_game_whatever_the_roll():
    """Issue 52: such a game "gets a new roll at each import, so importing the same file again added 7 of 200
    again"."""
    text = file_of(stopped_before_a_roll(1), stopped_before_a_roll(2), stopped_before_a_roll(1))
    store = Store()
    assert imported(store, text) == "Imported 3 games: 2 added, 1 already here."
    for _ in range(4):
        assert imported(store, text) == "Imported 3 games: 3 already here."
    assert len(saves.entries(store)) == 2


def test_the_matcher_finds_each_relation_by_its_moves_even_when_hashes_collide(monkeypatch):
    matcher = saves.Matcher()
    for entry_id, moves in (("a", ("d3-e4", "e6-f5", "e4xg6")), ("b", ("c3-d4",))):
        matcher.add(saves.Saved(entry_id, moves, {"id": entry_id}))

    def kinds(moves):
        found = matcher.find(moves)
        return found and (found.id, found.kind, found.common)
    assert kinds(("d3-e4", "e6-f5", "e4xg6")) == ("a", "same", 3)
    assert kinds(("d3-e4", "e6-f5")) == ("a", "earlier", 2)
    assert kinds(("c3-d4", "f6-g5")) == ("b", "continues", 1)
    assert kinds(("d3-e4", "e6-f5", "c3-b4")) == ("a", "parted", 2)
    assert kinds(("e3-f4",)) is None
    matcher.add(saves.Saved("c", (), {}))
    assert kinds(("e3-f4",)) == ("c", "continues", 0), "a link continues a saved game with no move"
    assert matcher.holds(("e3-f4",), None) is None, "an import does not: a game with no move is no game's start"
    assert matcher.holds(("d3-e4",), None).kind == "earlier", "an import leaves an earlier moment of a game"
    assert matcher.holds(("d3-e4",), NOW) is None, "of the same game (begun at the same moment) only"
    assert matcher.holds(("c3-d4", "f6-g5"), NOW) is None and matcher.holds(("c3-d4", "f6-g5"), None).id == "b"
    matcher.remove("a")
    assert matcher.holds(("d3-e4", "e6-f5"), None) is None
    monkeypatch.setattr(saves, "_prefix_hashes", lambda moves: [0] * (len(moves) + 1))  # every prefix collides
    colliding = saves.Matcher()
    for entry_id, moves in (("x", ("d3-e4", "e6-f5")), ("y", ("c3-d4", "f6-g5")), ("z", ("c3-d4", "f6-e5", "b2-c3"))):
        colliding.add(saves.Saved(entry_id, moves, {}))
    found = colliding.find(("c3-d4", "f6-g5"))
    assert (found.id, found.kind) == ("y", "same"), "a hash hit is checked move by move"
    found = colliding.find(("c3-d4", "f6-e5"))
    assert (found.id, found.kind, found.common) == ("z", "earlier", 2)


class CountingStore(Store):
    """Counts what an import reads of the saved games."""

    reads = 0

    def get(self, key):
        self.reads += key.startswith(saves.ENTRY)
        return super().get(key)


def test_an_import_reads_each_saved_game_once_not_once_for_each_game_of_the_file(monkeypatch):
    """Issue 52: "every game being replayed and compared with every saved game in one task" (568 s for
    10,000 games against 202): the saved games are indexed once, and each game of the file looked up."""
    text = backup_files.backup(60, seed=3, plies=6)
    store = CountingStore(backup_files.entries_of(backup_files.backup(60, seed=4, plies=6)))
    store = CountingStore({key.removeprefix("pyramids.v1."): value for key, value in store.items()})
    first = []
    original = saves._Lookup._first

    def counted(self, index, k, longer, kin=None):
        first.append(len(index.get(self.hashes[k], ())))
        return original(self, index, k, longer, kin)
    monkeypatch.setattr(saves._Lookup, "_first", counted)
    said = imported(store, text, now=time.time() * 1000)
    assert said.startswith("Imported 60 games:")
    assert store.reads < 2 * 60, f"the saved games read {store.reads} times"
    assert sum(first) <= 6 * 60, "the games looked at by the lookups: about one per game of the file"


def test_import_works_a_slice_at_a_time_and_a_long_game_replays_across_slices():
    """Issue 52: the import is stepped like a link's replay: each step does a little and says how far it got."""
    long_game = Session("ice-towers", moves=backup_files.engine.playout("ice-towers", 400, random.Random(5)))
    text = exported(played("d3-e4"), long_game, played("c3-b4"))
    importing, said = backups.Importing(text, Store(), NOW), []
    while not importing.step(0):
        said.append(importing.progress)
    assert said.count("Checking game 2 of 3…") > 50, "the 400-move game alone replays in many slices"
    assert said[0].startswith("Reading the file") and "Checking game 2 of 3…" in said
    assert said[-1] == "Saving game 3 of 3…" and importing.result == "Imported 3 games: 3 added."


def test_each_stage_is_said_however_fast_the_machine():
    """A slice ends where the next stage begins, so the progress line names each (on a fast machine the
    whole saving of 2,000 games fitted in one slice and the player never read "Saving game")."""
    store = Store()
    saves.save(store, "mine", played("d3-e4", "e6-f5"), {"name": "Mine"}, NOW)  # something to compare with
    text = exported(played("d3-e4", "e6-f5"), played("c3-b4"), played("c3-d4"))
    importing, said = backups.Importing(text, store, NOW), []
    while not importing.step(60):
        said.append(importing.progress)
    assert [line.split(" ")[0] for line in said] == ["Comparing", "Checking", "Saving"]
    assert importing.result == "Imported 3 games: 2 added, 1 already here."


def test_cancel_takes_back_every_game_written_and_changes_nothing():
    store = Store()
    saves.save(store, "line", played("d3-e4", "e6-f5"), {"name": "Mine"}, NOW)
    before = dict(store)
    text = exported(played("d3-e4", "e6-f5", "e4xg6"), played("c3-b4"), played("c3-d4"))
    for stage in ("reading", "checking", "saving"):
        importing = backups.Importing(text, store, NOW)
        while importing.stage != stage or (stage == "saving" and importing.at < 2):
            assert not importing.step(0)
        importing.cancel()
        while not importing.step(0):
            assert importing.progress.startswith("Cancelling")
        assert importing.result == "The import was cancelled; nothing was changed."
        assert store == before, f"cancelled while {stage}"


def test_a_file_too_large_or_holding_too_many_games_is_refused_before_it_is_parsed(monkeypatch):
    """Issue 52: "Files the app refuses still freeze it 4-5 s (30 MB, 50 MB) before saying so"."""
    with pytest.raises(GameError, match="at 50 MB it is too large to be a file of saved games"):
        backups.check_size(50_000_000)
    backups.check_size(backups.MAX_IMPORT_BYTES)
    monkeypatch.setattr(json.JSONDecoder, "raw_decode", lambda *a: pytest.fail("the file was parsed"))
    many = file_of(*[{"v": 2, "record": "v=1&g=ice-lady&m="}] * 10_001)
    with pytest.raises(GameError, match="it holds more than 10,000 games"):
        backups.Importing(many, Store(), NOW)
    with pytest.raises(GameError, match="too large"):
        backups.Importing(" " * 20_000_001, Store(), NOW)


def test_a_game_whose_files_are_not_loaded_waits_for_them_where_it_was(monkeypatch):
    """The page fetches a game's files when a step meets it (`games.NotLoaded`), then steps again."""
    text = exported(played("d3-e4"), Session("ice-towers"), played("c3-b4"))
    real = games._BY_ID["ice-towers"]
    monkeypatch.setitem(games._BY_ID, "ice-towers", games.Entry("ice-towers", "Ice Towers", "absent"))
    importing, waits = backups.Importing(text, Store(), NOW), 0
    while True:
        try:
            if importing.step():
                break
        except games.NotLoaded as missing:
            assert missing.game_id == "ice-towers"
            waits += 1
            monkeypatch.setitem(games._BY_ID, "ice-towers", real)
    assert waits == 1 and importing.result == "Imported 3 games: 3 added."


def test_games_imported_at_one_moment_never_share_an_entry(monkeypatch):
    """Ids are the time and random digits: 10,000 drawn at one moment would share some, and a game overwrite another."""
    drawn = iter(["same-id", "same-id", "other-id"])
    monkeypatch.setattr(backups, "new_id", lambda now_ms: next(drawn))
    store = Store()
    assert imported(store, exported(played("d3-e4"), played("c3-b4"))) == "Imported 2 games: 2 added."
    assert sorted(store) == ["saved.other-id", "saved.same-id"]


def test_a_full_storage_says_how_many_games_could_not_be_saved():
    store = Store()
    store.full = True
    said = imported(store, exported(played("d3-e4"), played("c3-b4")))
    assert said == "Of 2 games in the file: none. 2 could not be saved: this browser's storage is full."


class FillingStore(Store):
    """A storage with room for `room` more entries."""

    room = 10

    def set(self, key, value):
        if key not in self:
            if self.room <= 0:
                return False
            self.room -= 1
        return super().set(key, value)


def test_a_file_that_does_not_fit_is_taken_back_whole_and_says_so():
    """An import that filled storage kept what fitted (8,478 of 10,000 games): storage stayed full, the player's own
    next moves were not saved, and the way back was deleting games one by one.  The page takes it all back."""
    store = FillingStore()
    saves.save(store, "line", played("d3-e4"), {}, NOW - 500)
    store.room = 1  # and "line" written again
    before = dict(store.items())
    backup = json.loads(exported(played("d3-e4", "e6-f5"), played("c3-b4"), played("c3-d4"), played("e3-f4")))
    backup["games"][-1]["created"] = NOW - 500  # brings "line" up to date
    importing = backups.Importing(json.dumps(backup), store, NOW)
    while not importing.step():
        pass
    assert (importing.added, importing.updated, importing.failed) == (1, 1, 2) and importing.brought == {"line"}
    importing.take_back()
    said = [importing.progress]
    while not importing.step(0):
        said.append(importing.progress)
    assert said[0] == "Storage is full: taking back the games saved so far…"
    assert importing.result.startswith("The games of this file do not fit in this browser's storage (2 of 4 games "
                                       "could not be saved), so none were imported; nothing was changed.")
    assert dict(store.items()) == before and importing.brought == set()


GAME = {"v": 2, "record": "v=1&g=ice-lady&m=d3-e4", "name": "Club", "created": NOW - 9000, "played": NOW - 8000}


@pytest.mark.parametrize(("text", "why"), [
    ("not json", "it is not a file of saved games (it is not JSON)."),
    ('{"games": []}', "it is not a file of saved games exported by My games."),
    ('[1, 2]', "it is not a file of saved games exported by My games."),
    ('{"format": "looney-pyramids-games", "v": 1, "games": {}}', "it is not a file of saved games exported by"),
    ('{"format": "looney-pyramids-games", "v": 1, "games": [], "games": []}', "it is not a file of saved games expo"),
    ('{"format": "looney-pyramids-games", "v": 1, "games": []} and more', "it is not a file of saved games (it is n"),
    ('{"format": "looney-pyramids-games", "v": 2, "games": []}', "it was made by a newer version of the app"),
    ('{"games": [], "v": 2, "format": "looney-pyramids-games"}', "it was made by a newer version of the app"),
    ("[" * 100 + "]" * 100, "it is not a file of saved games from this app."),
])
def test_a_bad_backup_file_says_why_and_changes_nothing(text, why):
    """A file that is no backup of ours is refused whole, saying why."""
    store = Store()
    saves.save(store, "a", played("d3-e4"), {}, 1)
    before = dict(store)
    with pytest.raises(GameError) as refused:
        imported(store, text)
    assert str(refused.value).startswith("This file cannot be imported: " + why), str(refused.value)
    assert str(refused.value).endswith("Nothing was changed.") and dict(store) == before


@pytest.mark.parametrize(("bad", "why"), [
    ({**GAME, "record": "v=1&g=ice-lady&m=d3-d9"},
     "game 2 (\u2068'Club'\u2069) is only partly readable."),
    ({"v": 2}, "game 2 cannot be read. The saved game has no"),
    (7, "game 2 is not a saved game."),
    ({**GAME, "record": "v=1&g=ice-lady&mandatory_capture=maybe&m=d3-e4"},
     "game 2 (\u2068'Club'\u2069) cannot be read. The link's options are not valid"),
    ({**GAME, "name": "x" * 5000}, "the name of game 2 (\u2068'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'\u2069) is "
     "5,000 characters long (a name has at most 80)."),
    ({**GAME, "name": ["Club"]}, "the name of game 2 is not text."),
    ({**GAME, "played": 1e300}, "the date game 2 (\u2068'Club'\u2069) was last played is not a date from "
     "2000 to today ('1e+300')."),
    ({**GAME, "created": "yesterday"}, "the date game 2 (\u2068'Club'\u2069) was created is not a date"),
    ({**GAME, "created": -5}, "the date game 2 (\u2068'Club'\u2069) was created is not a date"),
    ({**GAME, "played": True}, "the date game 2 (\u2068'Club'\u2069) was last played is not a date"),
    ({**GAME, "mine": ["red"]}, "the seats played here in game 2 (\u2068'Club'\u2069) are not seats of "
     "Ice Lady ('['red']')."),
    ({**GAME, "mine": ["white", "white"]}, "the seats played here in game 2"),
    ({**GAME, "mine": "white"}, "the seats played here in game 2"),
    ({**GAME, "ply": 7}, "game 2 (\u2068'Club'\u2069) is shown at a move it does not have ('7')."),
    ({**GAME, "record": "v=1&g=ice-lady&m=d3-e4&bots=red:hard"}, "game 2 (\u2068'Club'\u2069) is only "
     "partly readable. The link gives the computer a seat this game has not"),
])
def test_a_game_a_save_cannot_hold_is_left_out_saying_why_and_the_rest_are_imported(bad, why):
    """Issue 52: every field of an imported game goes through the checks Rename and saving apply ("a
    5,000-character name is kept", "played: 1e300 stays at the top of My games for ever"), "or the game is
    refused with the reason": the file's other games are imported (a backup an older version made, which let
    such a game in, still restores the rest)."""
    store = Store()
    said = imported(store, file_of({**GAME, "record": "v=1&g=ice-lady&m=c3-b4", "name": "Fine"}, bad))
    assert said.startswith("Of 2 games in the file: 1 added. 1 left out: " + why[0].upper() + why[1:]), said
    assert [json.loads(text)["name"] for text in store.values()] == ["Fine"]


def test_of_many_games_left_out_the_first_reasons_are_said_and_the_rest_counted():
    said = imported(Store(), file_of(*[{**GAME, "name": ["x"]}] * 5, GAME))
    assert said == ("Of 6 games in the file: 1 added. 5 left out: The name of game 1 is not text. The name of game 2 "
                    "is not text. The name of game 3 is not text. And 2 more.")


def test_an_imported_game_s_name_and_dates_are_kept_as_rename_and_saving_keep_them():
    store = Store()
    text = file_of({**GAME, "name": "  Club\n night \t "}, {**GAME, "record": "v=1&g=ice-lady&m=c3-b4", "name": None,
                                                           "created": None, "played": NOW + 3_600_000})
    assert imported(store, text) == "Imported 2 games: 2 added."
    kept = sorted((data["name"], data["created"], data["played"]) for data in map(json.loads, store.values()))
    assert kept == [("", NOW, NOW + 3_600_000), ("Club night", NOW - 9000, NOW - 8000)], \
        "a date up to a day ahead is another device's clock; a missing one is now, as a save dates it"
