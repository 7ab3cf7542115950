"""Where games are kept: the page's localStorage, which the Python holds as a copy (`pyramids.mirror`) and the
page writes."""

import time

from browser import do, on, stored
from pyramids.mirror import Mirror

# The page's keys that are the app's (static/bridge.js, snapshot.js, sound.js and theme.js name them too).
PREFIX = "pyramids.v1."
NOT_SAVING = "This browser is not saving games (storage is off or full); the link still holds this game."


def page_store(refused) -> Mirror:
    """`saves.Store` over the page's storage: storage that is missing, full or disabled never stops play.
    The copy hears each change from now on, before any other part does; `refused(full, keys)` once it has
    taken back a batch of writes the page refused."""
    store = Mirror(stored(), lambda key, value, before: do(["store", key, value, before]))

    def changed(event):
        if event.cleared or event.key.startswith(PREFIX):
            store.changed(None if event.cleared else event.key[len(PREFIX):], event.stored)

    def taken_back(event):
        full, values = bool(event.answer["full"]), event.answer["values"]
        store.refused(full, values)
        refused(full, set(values))
    on("window", "storage", changed)
    on("document", "pyramids-store-refused", taken_back)
    return store


def now_ms():
    return time.time() * 1000
