"""Ice Towers (Andrew Looney): cap, mine and split towers of pyramids, with no turns.

Every colour may act at any moment, so a record is the accepted actions in
arrival order, each naming its actor; an action that is no longer legal when it
arrives (a lost race) is refused with the reason and not recorded.  The table
layout is cosmetic: any tower can reach any other.

Pieces: colour letter + size letter + number, e.g. ``rL2`` is red's second
large.  Colours r red, y yellow, g green, b blue, p purple, o orange, and w the
ghost (drawn white); sizes S (1 pip), M (2), L (3); numbers 1..trios.

Towers: ``t1``, ``t2``, ... in creation order, never reused.  At the start every
piece is its own tower (colour by colour, each S1..Sn, M1..Mn, L1..Ln).  A
split keeps the id on the lower part; the upper part and a set-down piece get
the next fresh id; a free-stander that caps leaves and its id goes away.

Moves, actor first:

* ``red:cap:rL2>t3`` -- red caps tower t3 with rL2 (a free-stander, or the piece red holds);
* ``red:mine:rM1`` -- red takes rM1 out of its tower and holds it;
* ``red:down`` -- red sets the held piece down as a new tower (only when it can cap nothing);
* ``red:split:yM2`` -- red lifts yM2 and everything above it off as a new tower
  (the piece under yM2 must be yellow too);
* ``red:done`` / ``red:undone`` -- red agrees to end / withdraws that agreement;
* ``ghost:cap:wS1>t3``, ``ghost:mine:wM2``, ``ghost:down`` -- the ghost's moves, made by either player;
* ``timer:ring`` -- the clock ran out (the page plays it; only with the timer option).

A refusal that another colour's action may have caused reads "Too late: ...".
Ghost moves do not say which player made them, so the rules refuse them only
while every player holds a mined piece; the page asks `can_act_for_ghost(player)`
to stop a holder from moving for the ghost [A8].

Position: space-separated tokens -- non-default options (``players=3``), the
towers bottom to top in creation order (``t3:yL1,rM2``), each held piece with
the tower it came from (``held:rM1@t3``), the players who agreed to end
(``done:red,blue``), the next tower number (``next:19``) and, once over, why
(``over:agreed``, ``over:blocked``, ``over:timer`` or ``over:limit``).  Our rule,
not the seed's: a game ends, scored as it stands, after `MOVE_LIMIT` moves (the
count is not part of the position text, like a chess position's history).  The default start is
``t1:rS1 t2:rS2 t3:rS3 t4:rM1 ... t18:yL3 next:19``.

Clickable cells (`path`): ``t3`` a tower (a free-stander as the piece that
caps, any tower as the target), ``t3.2`` the piece at height 2 of t3 (0 is the
bottom) to mine it, ``t3|2`` the gap under that piece to split there,
``hand:red`` red's held piece (it caps, or is set down), ``done:red`` red's
agreement toggle, ``timer`` the clock.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Any, Collection, Mapping, NamedTuple

from ..core import (
    Computer, Consent, Evaluation, Game, GameError, evolve, IllegalMoveError, InvalidMoveError, Option, OptionError,
    listing, Outcome, PositionError, State, options_text, parse_options_text, quote,
)

PALETTE = ("red", "yellow", "green", "blue", "purple", "orange")
GHOST = "ghost"
AGREEING = ("done", "undone")  # a colour's moves that are not plays: to agree to end, and to withdraw it
TIMER = "timer"
LETTERS = {"red": "r", "yellow": "y", "green": "g", "blue": "b", "purple": "p", "orange": "o", GHOST: "w"}
SIZE_LETTERS = "SML"
SIZE_NAMES = ("", "small", "medium", "large")
MAX_TRIOS = 5
PLAYS = frozenset({"cap", "mine", "split", "down"})  # what clears agreement; none left ends the game
MOVE_LIMIT = 2000  # our rule: mine-and-recap exchanges could otherwise go on for ever
ENDINGS = {
    "agreed": "Everyone agreed the game is over",
    "blocked": "No legal play remains",
    "timer": "The timer rang",
    "limit": f"The game reached {MOVE_LIMIT:,} moves (our rule against endless play)",
}
PIECE_NAME = re.compile(r"[rygbpow][SML][1-9]")
TOWER_ID = re.compile(r"t[1-9][0-9]*")
TOO_LATE = "Too late: "  # opens the reason a raced action lost
EXAMPLES = "red:cap:rL2>t3, red:mine:rM1, red:split:yM2, red:down, red:done or timer:ring"


class Piece(NamedTuple):
    name: str  # 'rL2'
    colour: str  # 'red', ..., 'ghost'
    size: int  # pips: 1 small, 2 medium, 3 large


PIECES = {
    f"{letter}{s}{n}": Piece(f"{letter}{s}{n}", colour, size)
    for colour, letter in LETTERS.items()
    for size, s in enumerate(SIZE_LETTERS, 1)
    for n in range(1, MAX_TRIOS + 1)
}


class Tower(NamedTuple):
    id: str  # 't3'
    pieces: tuple[Piece, ...]  # bottom to top

    @property
    def top(self) -> Piece:
        return self.pieces[-1]


# A legal move as the rules apply it: a big table offers thousands of caps, so a plain tuple, named here
# (see IceTowersState._generate).
Action = tuple[str, str, Piece | None, str, int, str, tuple[str, ...]]
# (kind, actor, piece, tower, index, source, path)


class Held(NamedTuple):
    piece: Piece
    source: str  # the tower it was mined from: no mine-backs


def _name(colour: str) -> str:
    return "The ghost" if colour == GHOST else colour.capitalize()


def _owner(colour: str) -> str:
    """The one who plays a colour, inside a sentence: "Yellow's free-standing large", "the ghost's"."""
    return "the ghost" if colour == GHOST else colour.capitalize()


def _colour(colour: str) -> str:
    """A colour as a piece's: "a red large"."""
    return "the ghost" if colour == GHOST else colour


def _piece_words(piece: Piece) -> str:
    """ "red large": a piece as a screen reader says it (colour first, like the board's letter)."""
    return f"{_colour(piece.colour)} {SIZE_NAMES[piece.size]}"


def _describe(piece: Piece) -> str:
    return f"{_owner(piece.colour)}'s {SIZE_NAMES[piece.size]}"


class TimerOption(Option):
    """The timer's length: seconds in links, minutes in the form."""

    def text(self, choice: Any) -> str:
        return "no timer" if choice is None else f"{choice // 60} min"


class ColoursOption(Option):
    """The colours that play: a comma list of palette names, None for the first `players`."""

    widget = "colours"  # the new-game form offers a checkbox per colour (page.options_form)

    def coerce(self, value: Any) -> Any:
        if value is None or (isinstance(value, str) and value.strip().lower() in ("", "none")):
            return None
        if isinstance(value, str):
            names = value.split(",")
        elif isinstance(value, (list, tuple)):
            names = list(value)
        else:
            raise OptionError(f"Option 'colours' is a comma list such as blue,red; got {quote(value)}.")
        names = [str(name).strip().lower() for name in names]
        for name in names:
            if name not in PALETTE:
                raise OptionError(f"{quote(name)} is not a colour here; choose from {', '.join(PALETTE)}.")
        if len(set(names)) != len(names):
            raise OptionError("Each colour can be chosen only once.")
        return ",".join(c for c in PALETTE if c in names)


def _resolve(options: dict[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
    """Cross-checked options (default colours written as None) and the human colours."""
    players = options["players"]
    humans = PALETTE[:players] if options["colours"] is None else tuple(options["colours"].split(","))
    if len(humans) != players:
        raise OptionError(f"Choose {players} colours for {players} players, not {len(humans)}.")
    if options["haunted"] and players != 2:
        raise OptionError(f"Haunted Ice Towers is for two players (the ghost is the third), not {players}.")
    if humans == PALETTE[:players]:
        options = {**options, "colours": None}
    return options, humans


def _piece_names(options: Mapping[str, Any], humans: tuple[str, ...]) -> list[str]:
    """Every piece in play, in the starting order: colour by colour, S1..Sn, M1..Mn, L1..Ln."""
    colours = humans + ((GHOST,) if options["haunted"] else ())
    trios = range(1, options["trios"] + 1)
    return [f"{LETTERS[c]}{s}{n}" for c in colours for s in SIZE_LETTERS for n in trios]


@dataclass(frozen=True, eq=False)
class IceTowersState(State):
    game: Game
    options: Mapping[str, Any]
    humans: tuple[str, ...]  # the players' colours, palette order
    towers: tuple[Tower, ...]  # creation order
    held: Mapping[str, Held]  # colour (or 'ghost') -> the piece in hand
    done: frozenset[str]  # humans who agreed to end
    next_id: int  # the number of the next new tower
    ended: str | None = None  # a key of ENDINGS once over
    plies: int = 0  # moves made so far, for MOVE_LIMIT (not in the position text)

    # -- what the view reads ---------------------------------------------------
    @property
    def haunted(self) -> bool:
        return self.options["haunted"]

    @property
    def colours(self) -> tuple[str, ...]:
        """Every colour that plays and scores: the humans, then the ghost."""
        return self.humans + ((GHOST,) if self.haunted else ())

    def tower(self, tower_id: str) -> Tower | None:
        index = self._index.get(tower_id)
        return None if index is None else self.towers[index]

    def scores(self) -> dict[str, int]:
        """Live scores: each tower's pips for the colour on top (held pieces count for no one)."""
        scores = dict.fromkeys(self.colours, 0)
        for tower in self.towers:
            scores[tower.top.colour] += sum(p.size for p in tower.pieces)
        return scores

    def tally(self) -> dict[str, int]:
        """The live scores: what a cap, a mine or a split changes (section 4)."""
        return self.scores()

    def can_act_for_ghost(self, human: str) -> bool:
        """A player holding a mined piece must replay it before moving for the ghost [A8]."""
        return self.haunted and self.ended is None and human in self.humans and human not in self.held

    def may_act(self, move: str, actor: str) -> bool:
        """A player acting as one colour makes its moves, and the ghost's while holding nothing [A8]."""
        mover = self.actor_of(move)
        return mover == actor or (mover == GHOST and self.can_act_for_ghost(actor))

    def clock(self) -> tuple[float, str] | None:
        """The timer's full time and the move it plays when it rings, while a timed game runs."""
        seconds = self.options["timer"]
        return None if seconds is None or self.ended else (seconds, f"{TIMER}:ring")

    # -- lookups ---------------------------------------------------------------
    @cached_property
    def _index(self) -> dict[str, int]:
        return {tower.id: k for k, tower in enumerate(self.towers)}

    @cached_property
    def _where(self) -> dict[str, tuple[Tower, int]]:
        return {p.name: (tower, i) for tower in self.towers for i, p in enumerate(tower.pieces)}

    def _ghost_may_act(self) -> bool:
        return self.haunted and any(h not in self.held for h in self.humans)

    def _targets(self, piece: Piece, exclude: str) -> list[Tower]:
        """The towers `piece` may cap, leaving out `exclude` (where a held piece came from)."""
        colour, size, ghost = piece.colour, piece.size, piece.colour == GHOST
        return [
            t for t in self.towers
            if t.pieces[-1].colour != colour and t.pieces[-1].size >= size
            and t.id != exclude and (not ghost or len(t.pieces) > 1)
        ]

    # -- the protocol hooks ----------------------------------------------------
    def _generate(self) -> dict[str, Action]:
        """Every legal move -> (kind, actor, piece, tower, index, source, path).

        `tower` is the cap target or the tower mined or split; `index` the height of the
        piece mined, or of the lowest piece a split lifts off; `source` a capping
        free-stander's own tower ('' for the held piece).  Plain tuples, because a big
        table offers thousands of caps.
        """
        moves: dict[str, Action] = {}
        held, humans = self.held, self.humans
        ghost_ok = self._ghost_may_act()
        idle = {c for c in self.colours if c not in held and (c != GHOST or ghost_ok)}
        reach: dict[tuple[str, int], list[str]] = {}  # free-standers of one colour and size cap alike
        for tid, pieces in self.towers:
            if len(pieces) == 1:
                p = pieces[0]
                c = p.colour
                if c in idle:
                    key = (c, p.size)
                    if key not in reach:  # a colour's own towers are never targets: no exclusion needed
                        reach[key] = [t.id for t in self._targets(p, "")]
                    for target in reach[key]:
                        moves[f"{c}:cap:{p.name}>{target}"] = ("cap", c, p, target, 0, tid, (tid, target))
                continue
            top = pieces[-1].colour
            counts: dict[str, int] = {}
            for p in pieces:
                counts[p.colour] = counts.get(p.colour, 0) + 1
            for i, p in enumerate(pieces):
                c = p.colour
                if c != top and counts[c] >= 2 and c in idle:
                    moves[f"{c}:mine:{p.name}"] = ("mine", c, p, tid, i, "", (f"{tid}.{i}",))
                if i and pieces[i - 1].colour == c:
                    for other in humans:
                        if other != c and other not in held:
                            moves[f"{other}:split:{p.name}"] = ("split", other, p, tid, i, "", (f"{tid}|{i}",))
        replays = {c: self._targets(h.piece, h.source) for c, h in held.items()}
        for c, h in held.items():
            if c == GHOST and not ghost_ok:
                continue
            hand = f"hand:{c}"
            for t in replays[c]:
                moves[f"{c}:cap:{h.piece.name}>{t.id}"] = ("cap", c, h.piece, t.id, 0, "", (hand, t.id))
            if not replays[c]:
                moves[f"{c}:down"] = ("down", c, h.piece, "", 0, "", (hand,))
        for c in humans:  # agreeing waits while a held piece (own or the ghost's) can cap: see _done_blocker
            if c in self.done:
                moves[f"{c}:undone"] = ("undone", c, None, "", 0, "", (f"done:{c}",))
            elif not replays.get(c) and not replays.get(GHOST):
                moves[f"{c}:done"] = ("done", c, None, "", 0, "", (f"done:{c}",))
        if self.options["timer"] is not None:
            moves[f"{TIMER}:ring"] = ("ring", TIMER, None, "", 0, "", (TIMER,))
        return moves

    def _apply(self, action: Action) -> "IceTowersState":
        after = self._after(action)
        object.__setattr__(after, "plies", self.plies + 1)  # `after` is a new state, seen by no one yet
        return after._end("limit") if after.ended is None and after.plies >= MOVE_LIMIT else after

    def _after(self, action: Action) -> "IceTowersState":
        kind, actor, piece, tower, i, source, _ = action
        if kind == "ring":
            return self._end("timer")
        if kind in ("done", "undone"):
            done = self.done | {actor} if kind == "done" else self.done - {actor}
            return evolve(self, done=done)._settled()
        assert piece is not None  # every play (cap, mine, split, down) moves a piece
        towers: list[Tower | None] = list(self.towers)
        held, next_id = dict(self.held), self.next_id
        if kind == "down":
            towers.append(Tower(f"t{next_id}", (piece,)))
            next_id += 1
            del held[actor]
        else:
            k = self._index[tower]
            pieces = self.towers[k].pieces
            if kind == "cap":
                towers[k] = Tower(tower, pieces + (piece,))
                if source:
                    towers[self._index[source]] = None
                else:
                    del held[actor]
            elif kind == "mine":
                towers[k] = Tower(tower, pieces[:i] + pieces[i + 1:])
                held[actor] = Held(piece, tower)
            else:  # split: the lower part keeps the id [A7]
                towers[k] = Tower(tower, pieces[:i])
                towers.append(Tower(f"t{next_id}", pieces[i:]))
                next_id += 1
        return evolve(
            self, towers=tuple(t for t in towers if t is not None), held=MappingProxyType(held),
            done=frozenset(), next_id=next_id,
        )._settled()

    def _settled(self) -> "IceTowersState":
        """This state, or the end it forces: everyone agreed, or no play is left for anyone."""
        if self.done >= set(self.humans):
            return self._end("agreed")
        moves = self._generate()
        if not any(kind in PLAYS for kind, _, _, _, _, _, _ in moves.values()):
            return self._end("blocked")
        self.__dict__["_moves_cache"] = moves
        return self

    def _end(self, reason: str) -> "IceTowersState":
        """The finished game: every held piece is set down at the same moment [A11]."""
        towers, next_id = list(self.towers), self.next_id
        for colour in self.colours:
            if colour in self.held:
                towers.append(Tower(f"t{next_id}", (self.held[colour].piece,)))
                next_id += 1
        return evolve(self, towers=tuple(towers), held=MappingProxyType({}), next_id=next_id, ended=reason)

    def _actors(self) -> tuple[str, ...]:
        return self._acting

    @cached_property
    def _acting(self) -> tuple[str, ...]:
        """The colours (and the timer) with a legal move now."""
        acting = {actor for _, actor, _, _, _, _, _ in self._moves().values()}
        return tuple(c for c in self.colours + (TIMER,) if c in acting)

    @property
    def outcome(self) -> Outcome | None:
        return None if self.ended is None else self._result(self.ended)

    def _result(self, ended: str) -> Outcome:
        scores = self.scores()
        best = max(scores.values())
        winners = tuple(c for c in self.colours if scores[c] == best)
        final = ", ".join(f"{self.actor_name(c)} {scores[c]}" for c in sorted(self.colours, key=lambda c: -scores[c]))
        return Outcome(winners, f"{ENDINGS[ended]}. Final scores: {final}.", scores)

    def to_text(self) -> str:
        tokens = options_text(self.options, self.game)
        tokens += [f"{t.id}:{','.join(p.name for p in t.pieces)}" for t in self.towers]
        hands = [self.held[c] for c in self.colours if c in self.held]
        tokens += [f"held:{hand.piece.name}@{hand.source}" for hand in hands]
        if self.done:
            tokens.append("done:" + ",".join(c for c in self.humans if c in self.done))
        tokens.append(f"next:{self.next_id}")
        if self.ended:
            tokens.append(f"over:{self.ended}")
        return " ".join(tokens)

    def loop_key(self) -> str:
        """The position without tower numbers: a piece set down and capped back where it was
        makes a new number, yet the same position."""
        towers = {t.id: ",".join(p.name for p in t.pieces) for t in self.towers}
        hands = [f"held:{hand.piece.name}@{towers.get(hand.source, '')}" for hand in self.held.values()]
        return " ".join(sorted(towers.values()) + sorted(hands) + sorted(self.done) + [self.ended or ""])

    # -- what the computer judges a position by (pyramids.ai) ---------------------------------
    def evaluation(self, level: str = "") -> Evaluation:
        """The score, a tower that another colour's loose piece (free-standing or held) can cap counting
        only in part: what the others can take at once is not yet won (there are no turns to wait for)."""
        smallest: dict[str, int] = {}  # per colour: its smallest loose piece
        loose = [t.pieces[0] for t in self.towers if len(t.pieces) == 1] + [h.piece for h in self.held.values()]
        for piece in loose:
            smallest[piece.colour] = min(piece.size, smallest.get(piece.colour, 4))
        scores = dict.fromkeys(self.colours, 0.0)
        for tower in self.towers:
            top = tower.top
            pips = sum(p.size for p in tower.pieces)
            exposed = any(size <= top.size for colour, size in smallest.items() if colour != top.colour)
            scores[top.colour] += pips * (1 - EXPOSED_LOSS if exposed and len(tower.pieces) > 1 else 1)
        return Evaluation(margins=scores, scale=EVALUATION_SCALE)

    def consent(self) -> Consent:
        """"Done": the game ends once every player has agreed; any play clears the agreements."""
        return Consent(self.humans, self.done, {c: f"{c}:done" for c in self.humans},
                       {c: f"{c}:undone" for c in self.humans})

    def prompt(self, people: Collection[str] | None = None) -> str:
        """What the status line says where it would only list who may act: a mined piece held, which must cap
        another tower at once ("Red holds its medium: choose it, in hand, then the tower it caps."; of a colour
        the computer plays, "Blue holds its medium: it caps a tower next."), and who is done while others play
        on, the game ending once every player is ("Yellow and Blue are done: the game ends when Red is done
        too.")."""
        if self.outcome is not None:
            return super().prompt(people)
        said = [self.held_words(colour, people is None or colour in people
                                or (colour == GHOST and any(h in people for h in self.humans)))
                for colour in self.held]
        stuck = [c for c in self.humans if c not in self.held and c not in self.done and (people is None or c in people)
                 and not any(self.may_act(m, c) for m in self.legal_moves() if m.partition(":")[2] not in AGREEING)]
        if stuck:  # the others play on: "No turns: Red, Yellow may act" told them nothing to do
            said.append(f"{listing([_name(c) for c in stuck])} {'has' if len(stuck) == 1 else 'have'} no play "
                        "left: press I'm done to agree to end.")
        if self.done:
            done, playing = ([_name(c) for c in self.humans if (c in self.done) == agreed] for agreed in (True, False))
            said.append(f"{listing(done)} {'is' if len(done) == 1 else 'are'} done: the game ends when "
                        f"{listing(playing)} {'is' if len(playing) == 1 else 'are'} done too.")
        return " ".join(said) or super().prompt(people)

    def held_words(self, colour: str, asked: bool) -> str:
        """What comes of the piece `colour` holds: how to play it, for whoever is `asked` to; else what comes (the
        computer's, a friend's, the board's own words)."""
        hand = self.held[colour]
        size = SIZE_NAMES[hand.piece.size]
        who = "The ghost holds its" if colour == GHOST else f"{_name(colour)} holds its"
        caps = bool(self._targets(hand.piece, hand.source))
        if not asked:
            return (f"{who} {size}: it caps a tower next." if caps else
                    f"{who} {size}, which can cap no tower: it is set down next.")
        return (f"{who} {size}: choose it, in hand, then the tower it caps." if caps else
                f"{who} {size}, which can cap no tower: choose it, in hand, to set it down.")

    # -- moves for people --------------------------------------------------------
    def actor_of(self, move: str) -> str:
        return move.strip().partition(":")[0]

    def _parse_move(self, move: str) -> tuple[str, str, Piece | None, str]:
        """(actor, verb, piece, tower) from move text; InvalidMoveError/IllegalMoveError if unusable."""
        parts = move.strip().split(":")
        verb, arg = (parts + [""])[1:3] if len(parts) in (2, 3) else ("", "")
        name, _, target = arg.partition(">")
        shapes = {"cap": bool(target), "mine": not target, "split": not target}
        if len(parts) == 2 and verb in ("down", "done", "undone", "ring"):
            return parts[0], verb, None, ""
        if len(parts) != 3 or not shapes.get(verb) or not PIECE_NAME.fullmatch(name) or (
            target and not TOWER_ID.fullmatch(target)
        ):
            raise InvalidMoveError(f"{quote(move)} is not an Ice Towers move; moves look like {EXAMPLES}.")
        piece = PIECES.get(name)
        if piece is None or piece.colour not in self.colours or int(name[2]) > self.options["trios"]:
            raise IllegalMoveError(f"There is no piece {name} in this game.")
        return parts[0], verb, piece, target

    def explain(self, move: str) -> GameError:
        try:
            actor, verb, piece, target = self._parse_move(move)
        except GameError as err:
            return err
        if self.outcome is not None:
            return IllegalMoveError(f"The game is over ({self.outcome.reason}).")
        reason = self._why_not(actor, verb, piece, target)
        return IllegalMoveError(reason or f"{quote(move)} is not legal here.")

    def _why_not(self, actor: str, verb: str, piece: Piece | None = None, target: str = "") -> str | None:
        """Why this action is refused now, in plain words; None when it is legal."""
        if actor not in self.colours and not (actor == TIMER and self.options["timer"] is not None):
            if actor == GHOST:
                return "There is no ghost in this game (that is Haunted Ice Towers)."
            if actor == TIMER:
                return "This game has no timer."
            return f"{_name(actor)} is not playing in this game."
        if (actor == TIMER) != (verb == "ring"):
            return "Only the timer rings, and it does nothing else."
        if verb == "ring":
            return None
        name = _name(actor)
        if actor == GHOST:
            if verb == "split":
                return "The ghost never splits."
            if verb in ("done", "undone"):
                return "The ghost has no say in ending the game; the players agree."
        if verb == "done":
            return f"{name} has already agreed to end." if actor in self.done else self._done_blocker(actor)
        if verb == "undone":
            return None if actor in self.done else f"{name} has not agreed to end."
        if piece is not None and verb != "split" and piece.colour != actor:
            return f"That {SIZE_NAMES[piece.size]} is {_owner(piece.colour)}'s piece, not {_owner(actor)}'s."
        hand = self.held.get(actor)
        if verb == "down":
            if hand is None:
                return f"{name} is not holding a piece."
            targets = self._targets(hand.piece, hand.source)
            return self._busy(actor, hand.piece) or (
                f"{_describe(hand.piece).capitalize()} can still cap {self._tower_words(targets[0])}, for one, "
                "so it must; set it down only when no cap is legal." if targets else None)
        assert piece is not None  # `_parse_move` names one for a cap, a mine and a split
        busy = self._busy(actor, piece if verb == "cap" else None)
        if busy:
            return busy
        if verb == "cap":
            return self._why_not_cap(actor, piece, target, hand)
        if piece.name not in self._where:
            return f"{_describe(piece).capitalize()} is in {_owner(piece.colour)}'s hand, not in a tower."
        tower, i = self._where[piece.name]
        if len(tower.pieces) == 1:
            return f"{_describe(piece).capitalize()} stands alone; there is no tower to {verb}."
        if verb == "mine":
            if tower.top.colour == actor:
                return f"Too late: {_owner(actor)} now tops that tower; you cannot mine a tower you control."
            if sum(p.colour == actor for p in tower.pieces) < 2:
                return f"Too late: that tower now holds only one {_colour(actor)} piece; mining needs two."
            return None
        if i == 0:
            return (f"{_describe(piece).capitalize()} is at the bottom of {self._tower_words(tower)}; "
                    "a split goes between two pieces.")
        below = tower.pieces[i - 1]
        if below.colour != piece.colour:
            return (f"Too late: under {_describe(piece)} in {self._tower_words(tower)} is now {_describe(below)}; "
                    "a split separates two pieces of one colour.")
        if piece.colour == actor:
            return f"{name} cannot split {actor}'s own pieces; only other players can."
        return None

    def _busy(self, actor: str, replaying: Piece | None = None) -> str | None:
        """Why `actor` can do nothing but replay (or, for the ghost, nothing at all) just now."""
        if actor == GHOST and not self._ghost_may_act():
            return "Everyone is holding a mined piece: replay it before moving for the ghost."
        hand = self.held.get(actor)
        if hand is not None and hand.piece != replaying:
            return (f"{_name(actor)} is holding its {SIZE_NAMES[hand.piece.size]} and must replay it "
                    "before anything else.")
        return None

    def _why_not_cap(self, actor: str, piece: Piece, target: str, hand: Held | None) -> str | None:
        from_hand = hand is not None and hand.piece == piece
        if not from_hand:
            home, _ = self._where[piece.name]
            if len(home.pieces) > 1:
                return (f"{_describe(piece).capitalize()} is inside {self._tower_words(home)}; "
                        "only a free-standing piece (or the piece you hold) can cap.")
        tower = self.tower(target)
        if tower is None:
            if int(target[1:]) < self.next_id:
                return f"Too late: tower {target} is gone (its piece capped another tower)."
            return f"There is no tower {target}."
        if not from_hand and tower.id == home.id:
            return "A piece cannot cap itself."
        if hand is not None and from_hand and target == hand.source:
            return f"No mine-backs: {_describe(piece)} came out of that tower and must cap a different one."
        top = tower.top
        if top.colour == actor:
            return f"Too late: that tower is now topped by {_owner(actor)}; a colour cannot cap its own."
        if top.size < piece.size:
            return (f"Too late: that tower is now topped by {_describe(top)}, smaller than "
                    f"{_owner(piece.colour)}'s {SIZE_NAMES[piece.size]}.")
        if actor == GHOST and len(tower.pieces) == 1:
            return "The ghost never caps a free-stander, and that is one now."
        return None

    def _done_blocker(self, human: str) -> str | None:
        """Why `human` may not agree to end: a held piece (theirs or the ghost's) can still cap."""
        for colour in (human, GHOST):
            hand = self.held.get(colour)
            if hand is not None:
                targets = self._targets(hand.piece, hand.source)
                if targets:
                    who = "First replay the ghost's" if colour == GHOST else f"{_name(human)} must first replay its"
                    return f"{who} {SIZE_NAMES[hand.piece.size]}: it can cap {self._tower_words(targets[0])}."
        return None

    def path(self, move: str) -> tuple[str, ...]:
        """Cells for a legal move (see the module docstring); other moves raise why they are not."""
        action = self._moves().get(move.strip())
        if action is None:
            raise self.explain(move)
        _, _, _, _, _, _, path = action
        return path

    def location_name(self, cell: str) -> str:
        """ "tower 4: red large, yellow medium; yellow controls, 5 points", a piece in it, a split point, a hand."""
        kind, _, rest = cell.partition(":")
        if kind in ("hand", "done") and rest in self.colours:
            hand = self.held.get(rest)
            if kind == "done":  # the panel's button: its name holds the words it shows
                return (f"{_name(rest)}: Not done (withdraw the agreement to end)" if rest in self.done
                        else f"{_name(rest)}: I'm done (agree to end the game)")
            return (f"{_name(rest)}'s hand: the {_piece_words(hand.piece)} it holds" if hand
                    else f"{_name(rest)}'s hand, empty")
        match = re.fullmatch(r"t([0-9]+)(?:([.|])([0-9]+))?", cell)
        tower = self.tower(f"t{match.group(1)}") if match else None
        if match is None or tower is None:
            return "the timer" if cell == TIMER else cell
        pieces = tower.pieces
        where = f"tower {match.group(1)}"
        if match.group(2) == ".":
            k = int(match.group(3))
            return (f"{where}, piece {k + 1} of {len(pieces)} from the bottom: {_piece_words(pieces[k])}"
                    if k < len(pieces) else cell)
        if match.group(2) == "|":
            k = int(match.group(3))
            return (f"{where}, split between {_piece_words(pieces[k - 1])} and {_piece_words(pieces[k])}"
                    if 0 < k < len(pieces) else cell)
        points = sum(p.size for p in pieces)
        owner = "free-standing" if len(pieces) == 1 else f"{_owner(tower.top.colour)} controls"
        return (f"{where}: {', '.join(map(_piece_words, pieces))}; {owner}, "
                f"{points} point{'' if points == 1 else 's'}")

    def label(self, move: str) -> str:
        try:
            actor, verb, piece, target = self._parse_move(move)
        except GameError:
            return move
        who, name = _name(actor), piece.name if piece else ""
        if verb == "cap":
            return f"{who} caps {target} with {name}"
        if verb == "mine":
            return f"{who} mines {name}"
        if verb == "split":
            return f"{who} splits under {name}"
        return {
            "down": f"{who} sets the held piece down", "done": f"{who} agrees to end",
            "undone": f"{who} withdraws agreement", "ring": "The timer rings",
        }[verb]

    def describe(self, move: str) -> str:
        """Without tower ids, which the board does not show:
        "Red caps the yellow tower (5 pts) with its free-standing large"."""
        try:
            actor, verb, piece, target = self._parse_move(move)
        except GameError:
            return super().describe(move)
        action = self._moves().get(move.strip())
        if action is None:
            return self.label(move)
        after = self.played(move) or self._apply(action)
        return self._action_words(actor, verb, piece, target) + self._aftermath(action, after)

    def _action_words(self, actor: str, verb: str, piece: Piece | None, target: str) -> str:
        """What the move itself does: every tower and hand it changes, the new tower named as it will stand."""
        who = _name(actor)
        hand = self.held.get(actor)
        if verb == "down" and hand is not None:
            held = SIZE_NAMES[hand.piece.size]
            return f"{who} sets the {held} it holds down as a free-standing {held}"
        if piece is None:
            return {"done": f"{who} agrees to end the game", "undone": f"{who} withdraws its agreement to end",
                    "ring": "The timer rings: the game is over"}[verb]
        size = SIZE_NAMES[piece.size]
        if verb == "cap":
            mover = (f"the {size} it holds" if hand is not None and hand.piece == piece
                     else f"its free-standing {size}")
            return f"{who} caps {self._tower_words(self.towers[self._index[target]])} with {mover}"
        if verb == "mine":
            home, _ = self._where[piece.name]
            return f"{who} mines its {size} from {self._tower_words(home)} and holds it"
        tower, i = self._where[piece.name]  # a split
        above = " and what is above it" if i < len(tower.pieces) - 1 else ""
        lifted = self._tower_words(Tower("", tower.pieces[i:]), alone="a ")
        return (f"{who} lifts {_owner(piece.colour)}'s {size}{above} off {self._tower_words(tower)}, "
                f"to stand as {lifted}")

    def _aftermath(self, action: Action, after: "IceTowersState") -> str:
        """What else the move changes (to `after`): agreements it clears, and the pieces set down when it ends
        the game."""
        kind, actor, _, _, _, _, _ = action
        text = ""
        cleared = [c for c in self.humans if c in self.done and c not in after.done and (kind, c) != ("undone", actor)]
        agreements = ""
        if cleared:
            names = listing([f"{_name(c)}'s" for c in cleared])
            agreements = f"{names} {'agreement to end is' if len(cleared) == 1 else 'agreements to end are'}"
        if after.ended and kind != "ring":  # the play ends the game: the agreements it clears are not needed
            text += "; the game is over" + (f", so {agreements} no longer needed" if agreements else "")
        elif agreements:
            text += f"; {agreements} withdrawn"
        own = {"down", "split"}  # the move's own new tower comes first; the rest are set down by the end
        set_down = [t for t in after.towers if t.id not in self._index][kind in own:]
        for tower in set_down:
            piece = tower.top
            text += (f", and the {SIZE_NAMES[piece.size]} "
                     f"{_name(piece.colour) if piece.colour != GHOST else 'the ghost'} "
                     f"holds is set down as a free-standing {SIZE_NAMES[piece.size]}")
        return text

    @staticmethod
    def _tower_words(tower: Tower, alone: str | None = None) -> str:
        """A tower as the board shows it: its top colour and worth ("the yellow tower (5 pts)").

        A free-stander is "red's free-standing large (3 pts)", or with `alone`
        that article instead of its owner ("a free-standing large").
        """
        points = sum(p.size for p in tower.pieces)
        worth = f"{points} pt{'' if points == 1 else 's'}"
        if len(tower.pieces) == 1:
            size = SIZE_NAMES[tower.top.size]
            if alone is not None:
                return f"{alone}free-standing {size}"
            return f"{_owner(tower.top.colour)}'s free-standing {size} ({worth})"
        owner = "the ghost's" if tower.top.colour == GHOST else f"the {tower.top.colour}"
        return f"{owner} tower ({worth})"

    def places(self) -> dict[str, tuple[str, Any]]:
        """Each tower (a free-stander by its size, as the piece that caps), each hand and each agreement."""
        towers = {t.id: (self._tower_words(t, alone="") if len(t.pieces) == 1 else self._tower_words(t), t.pieces)
                  for t in self.towers}
        hands = {f"hand:{c}": ("holds", self.held.get(c)) for c in self.colours}
        return towers | hands | {f"done:{c}": ("to end", c in self.done) for c in self.humans}

    def guide_message(self, selection: tuple[str, ...], targets: tuple[str, ...]) -> str:
        """After a free-stander or a held piece, what is lit are towers to cap."""
        if not selection:
            return super().guide_message(selection, targets)
        held = " with the piece held" if selection[0].startswith("hand:") else ""
        return f"Choose a lit tower to cap{held}."

    def owner(self, location: str) -> str | None:
        """The colour of a free-stander, a piece in a tower, a hand or an agreement toggle; not the ghost's (anyone may
        move it)."""
        kind, sep, rest = location.partition(":")
        if sep:
            return rest if kind in ("hand", "done") and rest in self.humans else None
        match = re.fullmatch(r"(t[0-9]+)(?:\.([0-9]+))?", location)
        tower = self.tower(match.group(1)) if match else None
        if match is None or tower is None or (match.group(2) is None and len(tower.pieces) > 1):
            return None
        i = int(match.group(2) or 0)
        colour = tower.pieces[i].colour if i < len(tower.pieces) else None
        return colour if colour in self.humans else None

    def hint(self, selection: tuple[str, ...]) -> str:
        """Why the clicks lead nowhere (the race wording "Too late" is for refused moves only)."""
        text = self._hint(selection)
        return text[len(TOO_LATE)].upper() + text[len(TOO_LATE) + 1:] if text.startswith(TOO_LATE) else text

    def _hint(self, selection: tuple[str, ...]) -> str:
        if not selection:
            return ""
        if self.ended:
            return "The game is over."
        cell = selection[0]
        kind, _, rest = cell.partition(":")
        if kind in ("hand", "done") and rest in self.colours:
            if kind == "done":
                return self._why_not(rest, "undone" if rest in self.done else "done") or ""
            hand = self.held.get(rest)
            if hand is None:
                return f"{_name(rest)} is not holding a piece."
            if len(selection) == 2 and TOWER_ID.fullmatch(selection[1]):
                return self._why_not(rest, "cap", hand.piece, selection[1]) or ""
            return self._why_not(rest, "down") or ""
        if cell == TIMER:
            return self._why_not(TIMER, "ring") or ""
        match = re.fullmatch(r"(t[0-9]+)(?:([.|])([0-9]+))?", cell)
        tower = self.tower(match.group(1)) if match else None
        if match is None or tower is None:
            return f"Nothing can be done with {cell}."
        if match.group(2) is None:
            return self._tower_hint(tower, selection)
        i = int(match.group(3))
        if i >= len(tower.pieces) or (match.group(2) == "|" and i == 0):
            return f"Nothing can be done with {cell}."
        piece = tower.pieces[i]
        if match.group(2) == ".":
            return self._why_not(piece.colour, "mine", piece) or ""
        reasons = [self._why_not(h, "split", piece) for h in self.humans]
        return next((r for r in reasons if r and "own pieces" not in r), reasons[0] or "")

    def _tower_hint(self, tower: Tower, selection: tuple[str, ...]) -> str:
        if len(tower.pieces) > 1:
            return ("That is a tower, not a free-stander: only a free-standing piece caps. "
                    "To mine, choose one of your pieces inside a tower.")
        piece = tower.top
        if len(selection) == 2 and TOWER_ID.fullmatch(selection[1]):
            return self._why_not(piece.colour, "cap", piece, selection[1]) or ""
        ghostly = ", or a free-stander (the ghost never caps those)" if piece.colour == GHOST else ""
        return self._busy(piece.colour) or (
            f"{_describe(piece).capitalize()} has no tower to cap: every other top is "
            f"{_owner(piece.colour)}'s or smaller{ghostly}.")


class IceTowers(Game):
    id = "ice-towers"
    title = "Ice Towers"
    min_players = 2
    max_players = 6
    # Medium 0.4 of its playouts: with all of them Hard beat it 65 games of 80, with 0.4 72.5, and Medium
    # still beats greedy 69.5 of 80.  Hard, whose search is quick here, twice its playouts: against a random
    # player it lost 2 games of 200 instead of 6.5 (docs/performance-notebook.md).
    computer = Computer(work={"medium": 0.4, "hard": 2.0})
    options = (
        Option("players", "Players", 2, (2, 3, 4, 5, 6), "How many colours play, each a person or the computer."),
        ColoursOption("colours", "Colours", None, PALETTE,
                      "Tick one colour per player; with none ticked the first ones play."),
        Option("trios", "Trios each", 3, (3, 4, 5), "Trios per colour; more make a longer game."),
        Option("haunted", "Haunted (ghost player)", False, (),
               "Two players only: a white ghost with the same pieces, moved by both."),
        TimerOption("timer", "Timer", None, (None, 60, 120, 180, 300, 600, 900),
                    "How long until the timer rings and ends the game."),
    )

    def _initial(self, options: dict[str, Any]) -> IceTowersState:
        options, humans = _resolve(options)
        names = _piece_names(options, humans)
        towers = tuple(Tower(f"t{k}", (PIECES[name],)) for k, name in enumerate(names, 1))
        return IceTowersState(self, options, humans, towers, MappingProxyType({}), frozenset(), len(names) + 1)

    def _parse_position(self, text: str) -> IceTowersState:
        tokens = text.split()
        try:
            options, humans = _resolve(parse_options_text([t for t in tokens if "=" in t], self))
        except OptionError as err:
            raise PositionError(str(err)) from None
        unplaced = set(_piece_names(options, humans))

        def take(name: str) -> Piece:
            if name not in unplaced:
                raise PositionError(f"{quote(name)} is not a piece of this game, or it appears twice.")
            unplaced.remove(name)
            return PIECES[name]

        towers: list[Tower] = []
        held: dict[str, Held] = {}
        done: set[str] = set()
        next_id, ended, last_id = 0, None, 0
        for token in tokens:
            if "=" in token:
                continue
            key, _, value = token.partition(":")
            if TOWER_ID.fullmatch(key):
                if int(key[1:]) <= last_id:
                    raise PositionError(f"Tower {key} is out of order: towers are listed by number.")
                last_id = int(key[1:])
                pieces = tuple(take(name) for name in value.split(","))
                if any(a.size < b.size for a, b in zip(pieces, pieces[1:])):
                    raise PositionError(f"Tower {key} has a larger piece on a smaller one.")
                towers.append(Tower(key, pieces))
            elif key == "held":
                name, _, source = value.partition("@")
                piece = take(name)
                if not TOWER_ID.fullmatch(source) or piece.colour in held:
                    raise PositionError(f"{quote(token)}: write held:<piece>@<tower>, one piece per colour.")
                held[piece.colour] = Held(piece, source)
            elif key == "done" and set(value.split(",")) <= set(humans):
                done = set(value.split(","))
            elif key == "next" and value.isdigit():
                next_id = int(value)
            elif key == "over" and value in ENDINGS:
                ended = value
            else:
                raise PositionError(f"{quote(token)} is not part of an Ice Towers position.")
        if unplaced:
            raise PositionError(f"Piece {min(unplaced)} is missing from the position.")
        if next_id <= max([last_id] + [int(h.source[1:]) for h in held.values()]):
            raise PositionError("next: must be higher than every tower number used.")
        if ended and held:
            raise PositionError("A finished game has no pieces in hand: they were set down at the end.")
        state = IceTowersState(self, options, humans, tuple(towers), MappingProxyType(held), frozenset(done),
                               next_id, ended)
        return state if ended else state._settled()


EVALUATION_SCALE = 4.0  # points of margin for odds of about three to one
EXPOSED_LOSS = 0.5  # the share of a tower the others can cap at once that is not counted

GAME = IceTowers()
