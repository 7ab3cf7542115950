"""The page's storage as the app's Python holds it: a copy, read at once, its writes sent to the page (issue 55).

A worker cannot reach localStorage, and the app's Python is to run in one: the page hands it a copy of
the saved games at the start, and each other tab's write as the page hears it (the storage event), and
makes its writes.  `saves.Store`'s answers come at once, from the copy.  Each write goes with the value the
copy held there, and the page makes each batch of them (a task's, static/bridge.js's `store`) all or none:
it refuses a batch the browser will not take (storage full or off), or one of whose keys holds other than
the copy did (another tab wrote it, its event still on its way; a batch before it refused).  The copy then
takes the page's values back (`refused`).

Storage that refused a write is taken to be full, as a browser keeps it: until something is removed,
a write that would take more room is refused here at once (`set` is False), and one that takes no more
is tried.
"""

from collections.abc import Callable

Send = Callable[[str, "str | None", "str | None"], None]  # (key, value or None to remove it, the value it replaces)


class Mirror:
    """`saves.Store` over a copy of the page's storage; `copy` None when the browser stores nothing (off)."""

    def __init__(self, copy: dict[str, str] | None, send: Send):
        self.off = copy is None
        self.copy = dict(copy or {})
        self.send = send
        self.full = False  # the page said storage refused a write, and nothing was removed since

    def get(self, key: str) -> str | None:
        return self.copy.get(key)

    def keys(self) -> list[str]:
        return list(self.copy)

    def set(self, key: str, value: str) -> bool:
        if self.off or (self.full and len(value) > len(self.copy.get(key, ""))):
            return False
        self.send(key, value, self.copy.get(key))
        self.copy[key] = value
        return True

    def remove(self, key: str) -> None:
        if self.off:
            return
        self.send(key, None, self.copy.pop(key, None))
        self.full = False  # room made

    def changed(self, key: str | None, value: str | None) -> None:
        """Another tab wrote `key` (None: it cleared all of the site's storage)."""
        if key is None:
            self.copy.clear()
        elif value is None:
            self.copy.pop(key, None)
        else:
            self.copy[key] = value
        if value is None:
            self.full = False

    def refused(self, full: bool, values: dict[str, str | None]) -> None:
        """The page made none of a batch (`full`: the browser refused a write; else a key held other than the
        copy did): `values` what the page holds for the batch's keys now."""
        for key, value in values.items():
            if value is None:
                self.copy.pop(key, None)
            else:
                self.copy[key] = value
        self.full = self.full or full
