"""Messages a player reads (issue 26): characters as characters, never Python escapes; notices short
enough to read, never cut in the middle of a sentence."""

import pytest

from pyramids import games, page, record
from pyramids.core import GameError, quote
from pyramids.loading import Loading
from pyramids.session import Session

ODD = ["c5xe\U00014fe3", "d3\x07-e4", "a1\u200b", "e\U0001F600"]


def test_quote_shows_characters_and_names_the_ones_that_cannot_be_seen():
    assert quote("c5xe\U00014fe3") == "'c5xe(U+14FE3)'"
    assert quote("d3\x07-e4") == "'d3(U+0007)-e4'"
    assert quote("caf\u00e9 \U0001F600") == "'caf\u00e9 \U0001F600'"  # printable: shown as itself
    assert quote("x" * 50, 10) == "'xxxxxxxxxx…'"


@pytest.mark.parametrize("game_id", games.ids())
@pytest.mark.parametrize("text", ODD)
def test_a_move_with_odd_characters_is_refused_without_python_escapes(game_id, text):
    state = games.get(game_id).new()
    with pytest.raises(GameError) as refused:
        state.play(text)
    said = str(refused.value)
    assert not any(escape in said for escape in ("\\x", "\\u", "\\U")), said


@pytest.mark.parametrize("game_id", games.ids())
def test_a_typed_move_s_refusal_is_readable(game_id):
    session = Session(game_id)
    session.attempt(lambda: session.play("c5xe\U00014fe3"))
    assert "(U+14FE3)" in session.message and "\\U" not in session.message


def test_shorten_keeps_whole_sentences():
    text = "First sentence here. Second one is longer than the rest. Third."
    assert record.shorten(text, 30) == "First sentence here."
    assert record.shorten("one two three four five six", 12) == "one two…"
    turn = "Blue's turn: rolls 5; moves the small; tips the stack."
    assert record.shorten(turn, 40) == "Blue's turn: rolls 5; moves the small; …", "cut after a whole clause"
    assert record.shorten(text, 500) == text


LINKS = [
    "v=1&g=terrafex&m=x",
    "v=1&g=terrafex&m=x&bots=black:zz",
    "v=1&g=terrafex&m=x&bots=purple:hard,black:zz&ply=zz",
    "v=1&g=ice-turn&m=" + "+".join(["zz"] * 3) + "&bots=" + ",".join(["red:zz"] * 30),
    "v=1&g=icetoids&m=" + "q" * 400,
    "v=1&g=ice-towers&m=rS1>t1&colours=" + "x" * 300,
    "v=2&g=ice-lady&c=150000.AAAA",
]


@pytest.mark.parametrize("link", LINKS)
def test_a_bad_link_s_notice_is_at_most_300_characters_of_whole_sentences(link):
    """"Page notices stay under 300 characters" (issue 26), as the page composes them."""
    try:
        loading = Loading.from_link(link)
    except GameError as err:
        said = page.notice("This link cannot be opened:", str(err), "Your last game is shown instead.")
    else:
        _, message = loading.finish()
        said = page.notice("Part of this link could not be used.", message or "", "The game is shown up to that move.")
    assert len(said) <= page.NOTICE_LIMIT, said
    assert said.endswith((".", "…")), said
    assert "shown" in said  # what the player now sees is never cut away
