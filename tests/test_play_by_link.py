"""Play by link (issue 15): which seats are mine, "Your move" / "Waiting for White", whom to send the
link to, the board seen from the player's side, and a link that continues or parts from a saved game."""

from __future__ import annotations

import json
import random

import pytest

from pyramids import page, saves, views
from pyramids.loading import Loading, to_storage
from pyramids.session import Session, players_to_act


def test_every_game_lists_its_seats_through_the_protocol():
    assert Session("ice-lady").seats == ["white", "black"]
    assert Session("terrafex").seats == ["white", "black"]
    assert Session("ice-turn", {"players": 3}).seats == ["red", "blue", "green"]
    assert Session("icetoids", {"players": 4}).seats == ["p1", "p2", "p3", "p4"]
    assert Session("ice-towers", {"players": 3}).seats == ["red", "yellow", "green"]


def test_all_seats_or_none_means_hot_seat_as_before():
    """'I play: both on this device' (the default) keeps today's status line."""
    session = Session("ice-lady")
    session.link_play.choose(["white", "black"])
    assert (session.link_play.mine == () and session.words.status() == "White to move."
            and session.link_play.send_to() is None)


def test_your_move_then_waiting_and_whom_to_send_it_to():
    """Issue 15: "'Your move' or 'Waiting for White' in the status, and after their move a Share that says
    whom to send it to"."""
    session = Session("ice-lady")
    session.link_play.choose(["white"])
    assert session.words.status() == "Your move." and session.link_play.send_to() is None
    session.play("d3-e4")
    assert session.words.status() == "Waiting for Black." and session.link_play.send_to() == "Black"


def test_a_click_waits_while_a_friend_playing_by_link_is_to_move():
    """Playing only White, a click on Black's turn is refused in words rather than moving the friend's piece."""
    session = Session("ice-lady", moves=["d3-e4"])
    session.link_play.choose(["white"])
    session.clicks.click("e6")
    assert session.clicks.selection == () and session.message.startswith("Waiting for Black: send them the link")
    session.link_play.choose(["black"])
    session.clicks.click("e6")
    assert session.clicks.selection == ("e6",)


def test_the_prompt_follows_your_move_where_the_game_asks_something_precise():
    session = Session("icetoids")
    session.link_play.choose(["p2"])
    assert session.words.status() == "Waiting for P1."
    session.link_play.choose(["p1"])
    assert session.words.status().startswith("Your move.")


def test_browsing_and_a_finished_game_say_what_they_always_said():
    session = Session("ice-lady", moves=["d3-e4"])
    session.link_play.choose(["black"])
    session.go(0)
    assert session.words.status() == "White to move."


def test_which_seats_are_mine_is_saved_with_the_game_and_never_in_its_link():
    """Issue 15: "Which seats are theirs is their own (stored with the save on this device), never in the link"."""
    session = Session("ice-lady", moves=["d3-e4"])
    session.link_play.choose(["black"])
    assert "black" not in session.link() and "black" not in session.link_play.share_link()
    restored, _ = Loading.from_storage(to_storage(session)).finish()
    assert restored.link_play.mine == ("black",)
    tampered = json.loads(to_storage(session)) | {"mine": ["green", 7]}
    assert Loading.from_storage(json.dumps(tampered)).finish()[0].link_play.mine == ()


def test_the_board_is_turned_round_for_black_in_ice_lady_only_where_a_game_has_sides():
    state = Session("ice-lady").state
    white, black = views.draw(state), views.draw(state, perspective="black")
    assert white.index('data-cell="a8"') < white.index('data-cell="h1"')
    assert black.index('data-cell="h1"') < black.index('data-cell="a8"'), "Black's side at the bottom"
    assert views.draw(state, perspective="white") == white
    terrafex = Session("terrafex").state
    assert views.draw(terrafex, perspective="black") == views.draw(terrafex), "Terrafex's board has no sides"


def test_the_perspective_is_the_seat_played_here():
    session = Session("ice-lady")
    assert session.link_play.perspective is None
    session.link_play.choose(["black"])
    assert session.link_play.perspective == "black"


def test_the_new_game_form_offers_every_seat_ticked():
    form = page.mine_form(Session("ice-turn", {"players": 3}))
    assert form.count('name="mine"') == 3 and form.count("checked") == 3 and "Green" in form


# -- a link that continues a saved game, or goes back on its moves --------------------
class Store(dict):
    def get(self, key):
        return super().get(key)

    def set(self, key, value):
        self[key] = value
        return True

    def remove(self, key):
        self.pop(key, None)


def saved(store, moves, entry="a", mine=("white",), game="ice-lady", options=None):
    session = Session(game, options, moves=moves)
    session.link_play.choose(mine)
    saves.save(store, entry, session, {}, 1.0)
    return session


def relation(store, moves, game="ice-lady", options=None):
    loading = Loading.from_link(Session(game, options, moves=moves).link())
    session, _ = loading.finish()
    return saves.related(store, loading.rec, session.moves), session


OPENING = ["d3-e4", "e6-f5", "e4xg6"]


def test_a_link_that_continues_a_saved_game_brings_it_up_to_date_and_says_what_is_new():
    """Issue 15: "Open a link whose moves continue one of their saved games (same game and options, the saved
    moves a prefix of the link's): the saved game is brought up to date and the page says what is new"."""
    store = Store()
    saved(store, OPENING[:1])
    found, session = relation(store, OPENING)
    assert (found.id, found.kind, found.common) == ("a", "continues", 1)
    assert session.words.summary_since(found.common) == ("Black small e6 to f5. "
                                                   "White small e4 to g6, capturing Black's small on f5.")


def test_the_same_game_is_a_reload_and_other_options_are_another_game():
    store = Store()
    saved(store, OPENING)
    assert relation(store, OPENING)[0].kind == "same"
    assert relation(store, OPENING, options={"mandatory_capture": True})[0] is None


def test_a_link_that_goes_back_on_saved_moves_is_never_merged_silently():
    """Issue 15: "A link that goes back on moves they had (the friend undid and played otherwise) is never
    merged silently"."""
    store = Store()
    saved(store, OPENING)
    other = max(m for m in Session("ice-lady", moves=OPENING[:1]).latest.legal_moves() if m != "e6-f5")
    found, _ = relation(store, OPENING[:1] + [other])
    assert (found.kind, found.common, found.moves) == ("parted", 1, tuple(OPENING))
    # Issue 27: an older link of the game, with no move of its own, is that game earlier (opened there,
    # browsing), not a line that went back on the last move.
    assert relation(store, OPENING[:2])[0].kind == "earlier"


def test_a_game_that_only_opens_like_the_link_is_another_game():
    store = Store()
    long_game = Session("ice-lady", moves=OPENING, rng=random.Random(1))
    for _ in range(saves.PARTED_WITHIN + 2):
        long_game.play(sorted(long_game.latest.legal_moves())[0])
    saves.save(store, "long", long_game, {}, 1.0)
    other = max(m for m in Session("ice-lady", moves=OPENING[:1]).latest.legal_moves() if m != "e6-f5")
    assert relation(store, OPENING[:1] + [other])[0] is None
    assert relation(store, [])[0] is None, "a new game is nobody's saved game"


def test_the_same_game_is_preferred_then_the_longest_it_continues():
    store = Store()
    saved(store, OPENING, entry="parts")
    saved(store, OPENING[:2], entry="continued")
    saved(store, OPENING[:1], entry="shorter")
    found, _ = relation(store, OPENING)
    assert (found.id, found.kind) == ("parts", "same")
    found, _ = relation(store, OPENING[:2])
    assert (found.id, found.kind) == ("continued", "same")


def test_the_line_not_chosen_is_kept_as_its_own_entry():
    store = Store()
    saved(store, OPENING, entry="a", mine=("black",))
    fresh = saves.copy(store, "a", 2.0)
    copied = json.loads(store[saves.ENTRY + fresh])
    assert fresh != "a" and copied["name"] == "(other line)" and copied["mine"] == ["black"]
    assert json.loads(store[saves.ENTRY + "a"])["record"] == copied["record"]


def test_new_moves_are_marked_in_the_move_list():
    session = Session("ice-lady", moves=OPENING)
    session.link_play.unseen = 1
    items = page.move_list(session).split("</li>")
    assert "new" not in items[0] and all(" new" in item for item in items[1:3])


def test_the_parted_panel_shows_both_lines_from_where_they_part():
    other = max(m for m in Session("ice-lady", moves=OPENING[:1]).latest.legal_moves() if m != "e6-f5")
    session = Session("ice-lady", moves=OPENING[:1] + [other])
    html = page.parted(tuple(OPENING), session, 1)
    assert "from move 2" in html and other in html and "e4xg6" in html and 'data-keep="link"' in html


@pytest.mark.parametrize("game_id", ["ice-lady", "terrafex", "icetoids", "ice-turn"])
def test_any_turn_based_game_is_played_to_the_end_by_sending_links(game_id):
    """Issue 15: "Done when two people on two devices can play any built game to the end by sending links,
    without losing either side's game".  Two devices, each its own storage; each move is made where its
    player sits, the compact link crosses over whenever the other is to move, and every link received
    continues the receiver's saved game (Ice Towers has no turns: it is played at one table)."""
    rng = random.Random(5)
    first = Session(game_id, rng=rng)
    sides = {seat: i % 2 for i, seat in enumerate(first.seats)}
    stores = [Store(), Store()]
    holder, session, sent = None, first, 0
    while session.latest.outcome is None and len(session.moves) < 400:
        acting = players_to_act(session.latest)
        device = sides[acting[0]]
        if holder is not None and device != holder:
            loading = Loading.from_link(session.link_play.share_link(), rng)  # its dice drawn from the seed too
            received, message = loading.finish()
            assert message is None and received.moves == session.moves
            found = saves.related(stores[device], loading.rec, received.moves)
            assert found is None or found.kind == "continues", "a link received continues the game"
            if found is not None:
                news = received.words.summary_since(found.common)
                assert news.endswith((".", "…")) and len(news) <= 200, "whole sentences, or the first cut short"
                assert not any(f" {move}" in news for move in received.moves[found.common:] if not move.isalpha()), \
                    "in words, not notation"
            session, sent = received, sent + 1
        holder = device
        session.play(rng.choice(sorted(session.latest.legal_moves())))
        saves.save(stores[device], "game", session, {}, 1.0)
    assert sent > 2
    for store in stores:
        assert len(saves.entries(store)) == 1
