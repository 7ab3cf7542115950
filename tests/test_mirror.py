"""The page's storage as the app's Python holds it (py/pyramids/mirror.py, issue 55): read from a copy, written
through the page, which may refuse a batch; the copy then takes the page's values back, and storage that
refused is treated as full."""

import json

from pyramids import backups, saves
from pyramids.mirror import Mirror
from test_backups import NOW, exported
from test_saves import played


def mirror(copy=None):
    sent = []
    return Mirror(copy, lambda key, value, before: sent.append((key, value, before))), sent


def test_reads_come_from_the_copy_and_writes_go_to_the_page_in_order_with_what_they_replace():
    store, sent = mirror({"last": "a-1", "saved.a-1": "{}"})
    assert (store.get("last"), store.get("nothing"), sorted(store.keys())) == ("a-1", None, ["last", "saved.a-1"])
    assert store.set("saved.b-2", "{b}") is True and store.get("saved.b-2") == "{b}", "taken at once"
    store.remove("saved.a-1")
    assert store.get("saved.a-1") is None
    store.set("last", "b-2")
    assert sent == [("saved.b-2", "{b}", None), ("saved.a-1", None, "{}"), ("last", "b-2", "a-1")]


def test_storage_that_is_off_keeps_nothing_and_sends_nothing():
    """A browser with storage disabled: play goes on, every save says it was not kept."""
    store, sent = mirror(None)
    assert store.set("last", "a-1") is False
    store.remove("last")
    assert (store.get("last"), store.keys(), sent) == (None, [], [])


def test_another_tabs_writes_reach_the_copy_and_the_next_write_replaces_what_they_wrote():
    store, sent = mirror({"saved.a-1": "{a}", "last": "a-1"})
    store.changed("saved.b-2", "{b}")
    store.changed("saved.a-1", None)
    store.changed("last", "b-2")
    assert (store.get("saved.b-2"), store.get("saved.a-1")) == ("{b}", None)
    store.set("last", "c-3")
    assert sent == [("last", "c-3", "b-2")]
    store.changed(None, None)  # the site's storage cleared
    assert store.keys() == []


def test_a_refused_batch_is_taken_back_and_storage_is_then_full_until_something_is_removed():
    """The page refused a batch (the browser's quota): the copy holds what the page does; a write that would
    take more room is then refused here at once, one that takes no more is tried, and a removal makes room."""
    store, sent = mirror({"last": "a-1", "saved.a-1": "{old}"})
    store.set("saved.a-1", "{old and more}")
    store.set("saved.b-2", "{b}")
    store.refused(True, {"saved.a-1": "{old}", "saved.b-2": None})
    assert (store.get("saved.a-1"), store.get("saved.b-2")) == ("{old}", None)
    sent.clear()
    assert store.set("saved.a-1", "{old and more}") is False
    assert store.set("saved.c-3", "{c}") is False, "a new key takes room"
    assert store.set("saved.a-1", "{new}") is True, "as long as the value there"
    assert sent == [("saved.a-1", "{new}", "{old}")]
    store.remove("last")
    assert store.set("saved.c-3", "{c}") is True


def test_a_batch_refused_over_another_tabs_write_takes_its_value_and_storage_is_not_full():
    store, _ = mirror({"saved.a-1": "{mine}"})
    store.set("saved.a-1", "{mine, moved on}")
    store.refused(False, {"saved.a-1": "{theirs}"})
    assert store.get("saved.a-1") == "{theirs}" and store.set("saved.a-1", "{mine, once more}") is True


def test_a_save_the_page_refused_is_named_by_last_as_not_saved():
    """Issue 27 through the copy: `saves.save` was taken at once; the page then refused it, and
    `saves.not_saved` leaves `last` naming the game, marked, in the room its id took."""
    store, _ = mirror({})
    Mirror.set(store, "saved.18c0000000a-aaaaaa", json.dumps(saves.entry_fields(played("d3-e4"), {}, 1000)))
    Mirror.set(store, "last", "18c0000000a-aaaaaa")
    assert saves.save(store, "18c0000000b-bbbbbb", played("c3-b4"), {}, 2000) is not None
    store.refused(True, {"saved.18c0000000b-bbbbbb": None, "last": "18c0000000a-aaaaaa"})
    saves.not_saved(store, "18c0000000b-bbbbbb")
    assert saves.last_played(store) == ("18c0000000b-bbbbbb", True)
    assert saves.newest(store) == "18c0000000a-aaaaaa"


def test_an_import_counts_the_games_the_page_refused_as_not_saved():
    """Storage filled during an import: the games of a batch the page refused are said not saved, not added."""
    store, sent = mirror({})
    importing = backups.Importing(exported(played("d3-e4"), played("c3-b4"), played("c3-d4")), store, NOW)
    while not importing.step():
        pass
    refused = {key for key, _value, _before in sent[1:]}
    store.refused(True, dict.fromkeys(refused))
    importing.refused(refused)
    assert importing.result == "Of 3 games in the file: 1 added. 2 could not be saved: this browser's storage is full."
    assert len(store.keys()) == 1
    importing.cancel()
    while not importing.step():
        pass
    assert store.keys() == [] and importing.result == "The import was cancelled; nothing was changed."
