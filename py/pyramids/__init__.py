"""Looney Pyramids games: pure-Python rules (stdlib only), one protocol for every game.

>>> from pyramids import games
>>> game = games.get("ice-lady")
>>> state = game.new()
>>> state.play("c3-b4").to_text().split()[1]
'b'
"""
