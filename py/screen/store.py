"""Where games are kept: localStorage behind `saves.Store`, and the browser asked to keep it."""

import js

from browser import present

PREFIX = "pyramids.v1."
NOT_SAVING = "This browser is not saving games (storage is off or full); the link still holds this game."


class LocalStore:
    """`saves.Store` over localStorage: storage that is missing, full or disabled never stops play."""

    def get(self, key):
        try:
            value = present(js.localStorage.getItem(PREFIX + key))
        except Exception:  # storage disabled
            return None
        return None if value is None else str(value)

    def set(self, key, value):
        try:
            js.localStorage.setItem(PREFIX + key, value)
            return True
        except Exception:  # full or disabled
            return False

    def remove(self, key):
        try:
            js.localStorage.removeItem(PREFIX + key)
        except Exception:  # disabled: nothing was stored
            pass

    def keys(self):
        """Our keys, in one call to the browser (a call per key took ~35 µs each: My games may hold thousands)."""
        try:
            names = js.Object.keys(js.localStorage).to_py()
        except Exception:  # disabled
            return []
        return [name[len(PREFIX):] for name in map(str, names) if name.startswith(PREFIX)]


def now_ms():
    return float(js.Date.now())

