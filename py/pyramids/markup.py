"""Escaping text for HTML and SVG markup, as the standard library's `html.escape` does.

Not `html` itself: importing it compiles its table of 2,231 named entities,
~30 ms of every start in Pyodide, and our markup only ever needs the five
characters below.
"""

_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&quot;"), ("'", "&#x27;"))


def escape(text: str) -> str:
    """`text` safe inside an element or a quoted attribute (the same output as `html.escape`)."""
    for char, entity in _ESCAPES:
        text = text.replace(char, entity)
    return text


def unescape(text: str) -> str:
    """The text `escape` was given (only the five entities it writes are read back)."""
    for char, entity in reversed(_ESCAPES):
        text = text.replace(entity, char)
    return text
