"""The bench's table of figures and targets (tests/bench/__main__.py), on CPython.

Its summary line and its JSON name each target: two targets must never share a name, or the summary says a MISS
without saying which and the JSON (targets by name) keeps one of them.
"""

import importlib

Table = importlib.import_module("bench.__main__").Table


def figures(value):
    return {"median": value, "min": value, "max": value, "n": 1}


def test_an_indented_target_is_named_with_the_row_it_qualifies():
    table = Table()
    for board, ratio in (("board visible, warm visit", 1.6), ("board visible, reload of a link", 1.1)):
        table.add("Returning", board, figures(200.0))
        table.add("Returning", "  as a ratio to the bare page's first paint, warm", figures(ratio), unit="x",
                  limit=1.2)
    table.add("Ratio", "ready app/baseline, cold", figures(0.4), unit="x", limit=1.1)
    assert table.verdicts == [
        ("Returning board visible, warm visit, as a ratio to the bare page's first paint, warm", False),
        ("Returning board visible, reload of a link, as a ratio to the bare page's first paint, warm", True),
        ("Ratio ready app/baseline, cold", True),
    ]
