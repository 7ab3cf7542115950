"""The lessons of Learn to play, one module per game, each a `pyramids.learn.Lesson`: data, not rules.

Positions are the games' own position text, the moves their notation; the words quote the
designers' rules where they have examples (each game's spec, docs/rules/<game>.md, reads them).
`tests/test_learn.py` plays every lesson through, as the page's clicks make it.
"""
