"""Where games are kept: localStorage behind `saves.Store`, and the browser asked to keep it."""

from pyscript import window

from browser import present

PREFIX = "pyramids.v1."
NOT_SAVING = "This browser is not saving games (storage is off or full); the link still holds this game."


class LocalStore:
    """`saves.Store` over localStorage: storage that is missing, full or disabled never stops play."""

    def get(self, key):
        try:
            value = present(window.localStorage.getItem(PREFIX + key))
        except Exception:  # storage disabled
            return None
        return None if value is None else str(value)

    def set(self, key, value):
        try:
            window.localStorage.setItem(PREFIX + key, value)
            return True
        except Exception:  # full or disabled
            return False

    def remove(self, key):
        try:
            window.localStorage.removeItem(PREFIX + key)
        except Exception:  # disabled: nothing was stored
            pass

    def keys(self):
        """Our keys, in one call to the browser (a call per key took ~35 µs each: My games may hold thousands)."""
        try:
            names = window.Object.keys(window.localStorage).to_py()
        except Exception:  # disabled
            return []
        return [name[len(PREFIX):] for name in map(str, names) if name.startswith(PREFIX)]


def now_ms():
    return float(window.Date.now())


def storage_manager():
    """navigator.storage, or None in a browser without it (an older one, a page not served securely)."""
    return present(getattr(window.navigator, "storage", None))


async def keep_games():
    """Ask the browser to keep the saved games: storage that is not persistent may be cleared (Safari
    clears a site's after 7 days without a visit).  Asked after a save, so never of a mere visitor."""
    manager = storage_manager()
    if manager is not None and present(getattr(manager, "persist", None)) is not None:
        try:
            await manager.persist()
        except Exception:  # noqa: BLE001 - refused or not supported: My games says the games may be cleared
            pass
