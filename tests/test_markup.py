"""Our escaping writes what the standard library's html.escape writes, and reads its own output back."""

import html

from pyramids.markup import escape, unescape

SAMPLES = ["", "plain", "a & b", "<script>alert('x')</script>", 'say "hi" & <b>bye</b>', "&amp; already",
           "tower 1: red large; 8 pts > 5", "'\"<>&" * 3]


def test_escape_matches_the_standard_library():
    for text in SAMPLES:
        assert escape(text) == html.escape(text), text


def test_unescape_reads_back_what_escape_wrote():
    for text in SAMPLES:
        assert unescape(escape(text)) == text, text
        assert unescape(escape(text)) == html.unescape(escape(text)), text
