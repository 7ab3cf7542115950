"""The one protocol every game speaks.

A game is a `Game` (a description: id, seats, options) that makes `State`s.
A state is immutable; `play(move)` returns the next state.  Every decision is
one atomic move by one actor -- a player, or `CHANCE` for dice and revealed
tiles -- written as a whitespace-free string in the game's notation, so a game
record is nothing but the ordered list of moves.

Games implement four hooks on their `State` subclass:

* `_generate()` -> {move string: action} for every move legal now (any actor);
* `_apply(action)` -> the next state;
* `_actors()` -> the actors who may act now (`()` once the game is over);
* `to_text()` / `Game._parse_position(text)` for the position notation;

and may refine `explain()` (why a move is illegal), `path()` (which board
cells a player clicks to make a move), `label()` and `hint()`.

A two-player game whose rules end it by agreement too (`Game.agreements`) gets
four more moves from here, the same in every such game: a draw offered,
accepted or declined, and resignation (`AGREEMENT_MOVES`).
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass, field, fields
from typing import Any, Collection, Iterable, Mapping, Self, TypeVar

CHANCE = "chance"
MAX_MOVE_CHARS = 60  # longer than any move of any game's notation
_LONG_NUMBER = re.compile(r"[0-9]{7}")  # no move has a number of seven digits


Made = TypeVar("Made", bound="State")
_FIELDS: dict[type, frozenset[str]] = {}  # a dataclass -> its fields' names (`evolve`)


def evolve(made: Made, **changes: Any) -> Made:
    """A copy of a frozen dataclass (a state) with `changes`, as `dataclasses.replace` makes it at a fifth
    of the cost: its fields are copied rather than passed through the constructor, once per position a
    search makes.  Nothing the old one worked out for itself (its cached views) is carried over."""
    kind = type(made)
    names = _FIELDS.get(kind)
    if names is None:
        names = _FIELDS[kind] = frozenset(f.name for f in fields(kind))
    if not names.issuperset(changes):
        raise TypeError(f"{kind.__name__} has no field {sorted(set(changes) - names)[0]!r}")
    copy = object.__new__(kind)
    old = made.__dict__
    copy.__dict__.update({name: old[name] for name in names}, **changes)
    return copy


class GameError(ValueError):
    """A problem a person caused (a move, a position, a link); the message is for them."""


class InvalidMoveError(GameError):
    """The text is not a move in this game's notation."""


class IllegalMoveError(GameError):
    """A well-formed move that the position forbids."""


class PositionError(GameError):
    """Position text that does not describe a legal position."""


class OptionError(GameError):
    """A game option that does not exist or has a value out of range."""


def quote(text: Any, limit: int = 40) -> str:
    """Input for a message: quoted, and cut to `limit` characters so a huge input never floods it.

    A reader sees characters, never Python escapes: one that cannot be shown
    (a control character, a code point with no glyph) is named, as (U+0007).
    """
    text = str(text)
    shown = "".join(c if c.isprintable() else f"(U+{ord(c):04X})" for c in text[:limit])
    return f"'{shown}{'…' if len(text) > limit else ''}'"


def signed(number: int) -> str:
    """A change as a reader writes it: +2, −1 (a minus sign, not a hyphen), ±0."""
    return f"+{number}" if number > 0 else f"\u2212{-number}" if number < 0 else "\u00b10"


def counted(number: int, noun: str, plural: str = "") -> str:
    """A count and its noun, the noun singular for one: "1 tile", "3 tiles", "1,200 games"."""
    return f"{number:,} {noun if number == 1 else plural or noun + 's'}"


def listing(parts: list[str], conjunction: str = "and") -> str:
    """Words joined as a list: "a, b and c"."""
    return ", ".join(parts[:-1]) + (f" {conjunction} " if len(parts) > 1 else "") + parts[-1]


def either(parts: list[str]) -> str:
    """Words joined as a choice: "a, b or c"."""
    return listing(parts, "or")


def possessive(name: str) -> str:
    """A player's name as the owner of something: "White's"; "Yellow's" for "Yellow (P2)" (a colour is
    one seat's: "Yellow (P2)'s turn" reads badly)."""
    return f"{name.partition(' (')[0]}'s"


def move_text(move: Any) -> str:
    """A move's canonical text (surrounding whitespace removed), as records store it.

    Every notation is plain ASCII with short numbers, so anything else (a
    full-width digit, a control character, a 5,000-digit tower number) is
    refused here, before a game's parser sees it.
    """
    if not isinstance(move, str):
        raise InvalidMoveError(f"A move is text, not {type(move).__name__}.")
    text = move.strip()
    if len(text) > MAX_MOVE_CHARS:
        raise InvalidMoveError(f"{quote(text, 20)} is too long to be a move ({len(text):,} characters).")
    if not (text.isascii() and text.isprintable()):
        raise InvalidMoveError(f"{quote(text)} has characters that no move has "
                               "(moves are plain letters, digits and signs).")
    if _LONG_NUMBER.search(text):
        raise InvalidMoveError(f"{quote(text)} has a number far too large for any move.")
    return text


@dataclass(frozen=True)
class Option:
    """One setting offered when a new game starts (e.g. ``players=3``)."""

    name: str
    label: str
    default: Any
    choices: tuple = ()  # allowed values; empty means any bool for a bool default
    help: str = ""

    def coerce(self, value: Any) -> Any:
        """The option's value from a Python value or from link text ('1', 'true', '3')."""
        if isinstance(self.default, bool):
            if isinstance(value, str):
                text = value.strip().lower()
                if text in ("1", "true", "yes", "on"):
                    return True
                if text in ("0", "false", "no", "off"):
                    return False
                raise OptionError(f"Option {quote(self.name)} is on or off, not {quote(value)}.")
            if isinstance(value, bool) or value in (0, 1):
                return bool(value)
            raise OptionError(f"Option {quote(self.name)} is on or off, not {quote(value)}.")
        if isinstance(value, str) and value.strip().lower() == "none":
            value = None
        for choice in self.choices:
            if value == choice or (choice is not None and str(choice) == str(value).strip()):
                return choice
        allowed = ", ".join(self.link_text(c) for c in self.choices)
        raise OptionError(f"Option {quote(self.name)} must be one of {allowed}; got {quote(value)}.")

    @staticmethod
    def link_text(value: Any) -> str:
        """A value as links and position text write it (``none``, ``1`` for on, ``300``); `coerce` reads it back."""
        return "none" if value is None else str(int(value)) if isinstance(value, bool) else str(value)

    def text(self, choice: Any) -> str:
        """How `choice` reads in the new-game form; links keep `link_text`."""
        return self.link_text(choice)


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winners (a tie shares the win; none is a draw) and why."""

    winners: tuple[str, ...]
    reason: str
    scores: Mapping[str, int] | None = None

    @property
    def draw(self) -> bool:
        return not self.winners


@dataclass(frozen=True)
class Guidance:
    """What a partial input (cells clicked so far) can still become.

    `targets` are the cells that extend the selection towards a legal move;
    `moves` are the complete moves the selection already spells (several when
    the player must still choose, e.g. promote or not); `message` tells the
    player what to do next or why the click does nothing.
    """

    selection: tuple[str, ...]
    targets: tuple[str, ...] = ()
    moves: tuple[str, ...] = ()
    message: str = ""
    ok: bool = True


@dataclass(frozen=True)
class History:
    """The positions of one era, as hashes, for the draw by repetition; shared between states.

    Full blocks of `BLOCK` positions are sealed as counters that every later
    state shares, so a state costs a short tail and counting costs one lookup
    per block: a 10,000-move game stays small and quick to replay.  Hashes,
    not positions: a false match would need a 64-bit collision.
    """

    era: Any
    sealed: tuple[dict[int, int], ...] = ()  # a count per position hash, one per full block
    tail: tuple[int, ...] = ()  # the positions since the last full block
    last: int | None = None  # the position added last: the one on the board

    BLOCK = 64

    def add(self, position: int) -> "History":
        tail = self.tail + (position,)
        if len(tail) < self.BLOCK:
            return History(self.era, self.sealed, tail, position)
        counts: dict[int, int] = {}
        for h in tail:
            counts[h] = counts.get(h, 0) + 1
        return History(self.era, self.sealed + (counts,), (), position)

    def repetitions(self) -> int:
        """How often the position on the board occurs in the era (0 in games without the rule)."""
        if self.last is None:
            return 0
        return self.tail.count(self.last) + sum(block.get(self.last, 0) for block in self.sealed)

    def plies(self) -> int:
        """The moves played since the era began (0 in games without the rule)."""
        return max(0, self.BLOCK * len(self.sealed) + len(self.tail) - 1)

    def __repr__(self) -> str:  # the hashes say nothing to a reader; what they count does
        return f"History(era={self.era!r}, plies={self.plies()}, repetitions={self.repetitions()})"


@dataclass(frozen=True)
class Evaluation:
    """A position as the game judges it for the computer's search (`State.evaluation`), never shown to players.

    Either `margins`: each player's lead in the game's own units (points, pawns; with two players one's
    lead is the other's deficit), a player valued by its margin over the best of the others, `scale`
    units making odds of about three to one; or, for a race, `costs`: what each player still has to do
    (0: done), a player valued by the best other's share of the two.  `banked`: the part of each
    player's margin that a move gains for good at once (Ice Lady's material), so that a search which
    finds a gain now and a move later alike makes it now.
    """

    margins: Mapping[str, float] | None = None
    costs: Mapping[str, float] | None = None
    scale: float = 1.0
    banked: Mapping[str, float] | None = None


@dataclass(frozen=True)
class Consent:
    """A game that ends once every player agrees to end it (Ice Towers' "done", `State.consent`): who must
    agree, who has, and each player's moves that agree and that withdraw the agreement."""

    voters: tuple[str, ...]
    agreed: frozenset
    agree: Mapping[str, str]
    withdraw: Mapping[str, str]


@dataclass(frozen=True)
class Computer:
    """What the computer opponent (`pyramids.ai`) is told about a game beyond its moves and its
    evaluation (`Game.computer`), each setting measured per game (docs/performance-notebook.md); the defaults
    suit a game that says nothing."""

    # How the computer searches the game's turns: "tree", Monte Carlo tree search (any game); "minimax", for
    # two players who decide in turn, one decision each, alpha-beta (chance averaged); "turns", a turn of many
    # decisions by one player planned whole by the levels that plan.
    search: str = "tree"
    replies: bool = False  # "turns" that end where the opponent decides, no chance between: Hard searches the reply
    random_plies: int | None = None  # the tree search's random plies before the evaluation (None: its own)
    work: Mapping[str, float] = field(default_factory=dict)  # per level: its share of its work (playouts,
    # positions, a turn's plans; 1: all of it)


@dataclass(frozen=True)
class Agreement:
    """A draw on offer (its offerer), the players whose offer was declined since the position last
    changed for good (they may not offer again until it does), or how the game ended by agreement."""

    offer: str | None = None
    declined: frozenset = frozenset()
    resigned: str | None = None
    drawn: bool = False

    @property
    def ended(self) -> bool:
        return bool(self.resigned or self.drawn)

    def outcome(self, state: State) -> Outcome:
        if self.drawn or self.resigned is None:  # ended: drawn, else resigned
            return Outcome((), DRAW_AGREED)
        return Outcome((state._opponent(self.resigned),), f"{state.actor_name(self.resigned)} resigned.")


NO_AGREEMENT = Agreement()


@dataclass(frozen=True, eq=False)
class Circumstances:
    """What a state carries beyond its position, in fields every game's state has: the road that led to
    it and where the players' agreement stands.  Keyword-only, so each game's own fields keep their places.

    A pending draw offer (or one declined, a resignation) is part of the state: it changes who acts and
    what is legal, and position text writes it (``offer=white``), so it compares.  The road is not: two
    states at the same position are the same position however they came about, though the road counts
    its repetitions (written ``seen=N``).  Game states compare by identity (``eq=False``) and their
    searches by `State.search_key`, so these choices speak for a state that opts into equality.
    """

    history: History | None = field(default=None, kw_only=True, compare=False)  # None: the era starts here
    agreement: Agreement = field(default=NO_AGREEMENT, kw_only=True)


class State(Circumstances):
    """A position plus everything needed to continue from it; never mutated."""

    game: "Game"
    options: Mapping[str, Any]

    # -- hooks every game implements -------------------------------------
    def _generate(self) -> dict[str, Any]:
        raise NotImplementedError

    def _apply(self, action: Any) -> "State":
        raise NotImplementedError

    def _actors(self) -> tuple[str, ...]:
        raise NotImplementedError

    def to_text(self) -> str:
        raise NotImplementedError

    @property
    def outcome(self) -> Outcome | None:
        """None while the game runs; games either override this or implement `_decide()`, asked once."""
        if "_outcome" not in self.__dict__:
            agreed = self.agreement
            self.__dict__["_outcome"] = agreed.outcome(self) if agreed.ended else self._decide()
        return self.__dict__["_outcome"]

    def _decide(self) -> Outcome | None:
        raise NotImplementedError

    # -- the protocol ------------------------------------------------------
    @property
    def actors(self) -> tuple[str, ...]:
        """Who may act now: players, `(CHANCE,)`, or `()` when the game is over."""
        if self.outcome is not None:
            return ()
        offer = self.agreement.offer
        return (self._opponent(offer),) if offer else self._actors()

    def _moves(self) -> dict[str, Any]:
        """The game's own moves (not the agreement's), generated once."""
        cached = self.__dict__.get("_moves_cache")
        if cached is None:
            cached = {} if self.outcome is not None or self.agreement.offer else self._generate()
            self.__dict__["_moves_cache"] = cached
        return cached

    def legal_moves(self) -> list[str]:
        """Every move legal now, for every actor who may act now."""
        if self.game.agreements:
            return list(self._moves()) + self.agreement_moves()
        return list(self._moves())

    def legal_plays(self) -> list[str]:
        """The legal moves but a draw offered, answered, or resignation: the moves a search explores."""
        return list(self._moves())

    def is_legal(self, move: str) -> bool:
        if not isinstance(move, str):
            return False
        move = move.strip()
        return move in self._moves() or self.game.agreements and move in self.agreement_moves()

    def play(self, move: str) -> "State":
        """The state after `move`; raises a `GameError` saying why it is not allowed."""
        moves = self._moves()
        action = moves.get(move) if isinstance(move, str) else None  # a legal move is its canonical text already
        text = move if action is not None else move_text(move)
        if action is None:
            action = moves.get(text)
        if action is None:
            if self.outcome is not None:
                raise IllegalMoveError(f"{quote(text)}: the game is over ({self.outcome.reason}).")
            if self.game.agreements and text in self.agreement_moves():
                return self._made(text, self._agree(text))
            raise self._refusal(text)
        after = self._apply(action)
        key = after.repetition_key()
        same_era, history = True, None
        if key is not None:
            seen = self._seen()
            same_era = seen.era == key[0]
            history = (seen if same_era else History(key[0])).add(hash(key[1]))
        declined = self.game.agreements and self.agreement.declined
        # a declined offer is not made again until the position changes for good
        agreement = Agreement(declined=declined) if declined and same_era else NO_AGREEMENT
        # `after` is new and seen by no one yet: its circumstances are set as a constructor would, not
        # through `replace`, which would build every state of a search twice
        object.__setattr__(after, "history", history)
        object.__setattr__(after, "agreement", agreement)
        return self._made(text, after)

    def _made(self, text: str, after: "State") -> "State":
        self.__dict__["_played"] = (text, weakref.ref(after))
        return after

    def played(self, move: str) -> Self | None:
        """The state `move` made from here, if it is the move played here last and that state is still in
        use (a game's record): a game's words for the move need not play it again."""
        text, made = self.__dict__.get("_played", (None, None))
        return made() if text == move_text(move) else None

    def _refusal(self, text: str) -> GameError:
        """`explain`'s error; should explaining itself fail (a bug), a plain refusal, never a crash."""
        if self.game.agreements:
            found = self._agreement_refusal(text)
            if found is not None:
                return found
        try:
            return self.explain(text)
        except Exception:  # noqa: BLE001 - a refused move must never take the page down
            return IllegalMoveError(f"{quote(text)} is not a legal move here.")

    def actor_of(self, move: str) -> str:
        """The actor making `move`; games with several actors at once override this."""
        return self.actors[0]

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """When `CHANCE` acts: each outcome with its probability (uniform unless overridden)."""
        moves = self.legal_moves()
        return [(m, 1 / len(moves)) for m in moves] if moves else []

    def chance_key(self) -> str | None:
        """What chance decides here, where that is more than this position: IceToids' tile at a cell,
        whichever way a piece came to it.  None: the position (and its ply) names it.  The session
        keeps the outcome drawn at a key for the rest of the game, so undo cannot fish for chance."""
        return None

    def fresh_chance(self, kept: Mapping[str, str]) -> list[tuple[str, float]]:
        """The outcomes chance may draw at a key never drawn before, given those `kept` for other keys
        (drawn, then undone): all of them, unless outcomes share one pool (IceToids' tiles), where
        those kept elsewhere are not drawn again, so each stays where it was seen."""
        return self.chance_outcomes()

    # -- explanations and click guidance ---------------------------------
    def explain(self, move: str) -> GameError:
        """The error for a move that is not legal now; games give better reasons."""
        return IllegalMoveError(f"{quote(move)} is not a legal move here.")

    def path(self, move: str) -> tuple[str, ...]:
        """The board cells a player clicks, in order, to make `move` (an agreement's move: its button)."""
        move = move.strip()
        if move == RESIGN:  # asked twice: a click by mistake must not end the game
            return (RESIGN, CONFIRM_RESIGN)
        if move in AGREEMENT_MOVES:
            return (move,)
        raise NotImplementedError

    def paths(self, move: str) -> tuple[tuple[str, ...], ...]:
        """Every click sequence that makes `move`: `path`, and for a move with two equal ends
        (Ice-Turn's Swap of two tiles) the sequence from the other end too."""
        return (self.path(move),)

    def may_act(self, move: str, actor: str) -> bool:
        """Whether a player acting as `actor` may make `move` (Ice Towers: ghost moves too)."""
        return self.actor_of(move) == actor

    def clock(self) -> tuple[float, str] | None:
        """`(seconds, move)` while a game clock runs: the page plays `move` when it rings."""
        return None

    def prompt(self, people: Collection[str] | None = None) -> str:
        """What the actor to move is asked to do, where "White to move." says too little; a seat not among
        `people` (those played here, None for every seat) is told about, not asked (Ice Towers' held piece).

        Terrafex hands the fire to the opponent inside the active player's
        turn ("Black: play the fire."); the page shows this instead of the
        generic status line.  A draw offer waits for its answer ("White
        offers a draw: Black accepts or declines it.").  Empty by default.
        """
        offer = self.agreement.offer
        if offer and self.outcome is None:
            return (f"{self.actor_name(offer)} offers a draw: "
                    f"{self.actor_name(self._opponent(offer))} accepts or declines it.")
        return ""

    def tally(self) -> dict[str, int]:
        """What the game counts for each player as play goes on: Terrafex's score, Ice Towers' points,
        Ice-Turn's distance to the nest, IceToids' targets held.  A move's `preview` compares it before
        and after the move.  Empty by default (Ice Lady counts nothing)."""
        return {}

    def preview(self, move: str) -> str:
        """What `move` would do to the `tally`, in words, before it is made ("White −1, Black +2"; "… and
        wins" where it ends the game): the rules' own code plays it and the counts are compared.  Empty
        where the game counts nothing or the move changes nothing (`effect` says more in some games)."""
        if not self.tallied():
            return ""
        after = self.play(move)
        said = self.effect(move, after)
        outcome = after.outcome
        if outcome is not None:
            names = [after.actor_name(w) for w in outcome.winners]
            end = f"the game ends: {listing(names)} win{'s' if len(names) == 1 else ''}" if names else \
                "the game ends in a draw"
            said = f"{said}; {end}" if said else end
        return said

    def effect(self, move: str, after: Self) -> str:
        """What `move` (made: `after`) changes in the tally, in words; games add what else a player needs."""
        return self.tally_change(self.tallied(), after.tallied())

    def tallied(self) -> dict[str, int]:
        """`tally`, worked out once per state (every target's preview compares with it)."""
        if "_tally" not in self.__dict__:
            self.__dict__["_tally"] = self.tally()
        return self.__dict__["_tally"]

    def tally_change(self, before: Mapping[str, int], after: Mapping[str, int]) -> str:
        """The players whose count changes, with the change signed: "White −1, Black +2"; '' for none."""
        return ", ".join(f"{self.actor_name(player)} {signed(after[player] - count)}"
                         for player, count in before.items() if after.get(player, count) != count)

    def asked_cells(self) -> tuple[str, ...]:
        """The locations where the decision `prompt` asks for is made in one click (Terrafex's fire), lit
        for the person who makes it before they click anything; none by default (a click starts a move)."""
        return ()

    def automatic_move(self) -> str | None:
        """A move the page makes by itself because the player has nothing to decide.

        Terrafex's END_TURN once no unused action has a legal option, say.  It
        is recorded like any move and undone together with the move before it,
        like a die roll.  None by default: a lone legal move is still the
        player's to make.
        """
        return None

    def turn_of(self) -> str | None:
        """The player whose turn is running here, for the game log (`pyramids.turns`): the one player to
        act, by default.  Games whose turn holds another's decision (Terrafex's fire, placed by the
        opponent) or chance (a die rolled for the next player) name the turn's owner; None where nobody's
        turn runs (no turns: each action is its actor's; a deal before the game)."""
        if self.agreement.offer:  # the answer to a draw offer is made inside the offerer's turn
            return self.agreement.offer
        acting = players_to_act(self)
        return acting[0] if len(acting) == 1 else None

    def setup_phase(self) -> str:
        """The name of the setup phase this position is in ('' once play has begun): a log entry never
        spans two phases, so a player's last placement and first turn are two entries."""
        return ""

    def phase_words(self, moves: list[str]) -> str | None:
        """A run of chance moves in a few words where saying each is too much ("Tiles dealt: Red 8,
        Blue 8"), asked of the position before them; None: each move's own words."""
        return None

    def chance_words(self, moves: list[str]) -> str | None:
        """A run of chance moves inside a player's turn as what came to that player, to follow their name
        ("rolls 4 on the d6 and Tip on the Treehouse die"), asked of the position before them; None: each
        move's own words.  The log names the player, then says the turn: "Red the d6 rolls 4" would not do."""
        return None

    # -- what the computer needs (pyramids.ai): the game's own reading of a position ----------
    def evaluation(self, level: str = "") -> Evaluation | None:
        """How each player stands, by the same code the rules use, for the computer's search; None while
        it has nothing to say (a game without one, a setup phase).  `level`: the computer's level asking,
        for a game whose levels see a position differently (Terrafex's Hard counts a growth it leaves
        the opponent)."""
        return None

    def search_key(self) -> Any:
        """What tells this position from another in a search's tables; games give one cheaper than
        the position text (which is the default)."""
        return self.to_text()

    def spending_key(self) -> tuple[Any, float] | None:
        """For a turn's plan: what tells this position from another but for what the player has spent of the
        turn so far, and how much that is (Ice-Turn's movement points).  Of two positions with the same key,
        the one that spent less can do all the other can, and the plan searches it alone.  None: the game
        has no such measure here."""
        return None

    def inert_moves(self) -> frozenset[str]:
        """Legal moves that change nothing the game's evaluation sees (Ice-Turn's Aim of a tile under no lying
        piece): a turn's plan does not try them.  Only a move that is all but useless to a plan belongs here."""
        return frozenset()

    def independent_choices(self) -> bool:
        """Whether the player's decisions here are each made at most once and change nothing for one another,
        neither whether another may be made nor what it is worth (Ice-Turn's reactionary turns): a turn's plan
        then values each once and makes every one that helps, best first, where trying every combination
        would spend its positions on them (4 ** pieces)."""
        return False

    def forcing(self, move: str) -> int:
        """How much `move` changes the position for good at once: 0 for a quiet move, more for a capture
        or a promotion, which a search tries first and follows past its horizon."""
        return 0

    def consent(self) -> Consent | None:
        """In a game that ends once every player agrees (Ice Towers), where that agreement stands."""
        return None

    # -- repetition: the end of endless play in games that opt in ----------
    def repetition_key(self) -> tuple[Any, Any] | None:
        """``(era, position)`` for the draw by repetition; None in games without that rule.

        The era changes with every move that can never be undone (a capture, a
        revealed tile), so only positions of the same era are compared and the
        history kept stays short.  The position must include who is to move.
        """
        return None

    def loop_key(self) -> str | None:
        """What makes two positions the same for `repeated_moves`; None in games whose draw by
        repetition ends loops.  A game whose position text numbers things that come and go
        (Ice Towers' towers) says what stays."""
        return None if self.repetition_key() is not None else self.to_text()

    def _seen(self) -> History:
        """This era's positions so far, this one last: `history`, set by `play`, else started here."""
        if self.history is not None:
            return self.history
        key = self.repetition_key()
        return History(None) if key is None else History(key[0]).add(hash(key[1]))

    @property
    def repetitions(self) -> int:
        """How many times this position has come about in its era (1 the first time)."""
        return self._seen().repetitions()

    @property
    def quiet_plies(self) -> int:
        """The moves played since the position last changed for good (`Game.position_changes`), as far as
        this state's history goes: a position read from text starts it again."""
        return self._seen().plies()

    def repetition_token(self) -> list[str]:
        """``seen=N`` for position text once a position came about again, so the text round-trips."""
        return [f"seen={self.repetitions}"] if self.repetitions > 1 else []

    def with_repetitions(self, count: int) -> Self:
        """This state as if its position had come about `count` times (read back from ``seen=N``)."""
        key = self.repetition_key()
        if key is not None and count > 1:
            seen = History(key[0])
            for _ in range(count):
                seen = seen.add(hash(key[1]))
            return evolve(self, history=seen)
        return self

    # -- agreement (the field): a draw offered and answered, resignation, in games that opt in --
    def drawn_ending(self) -> bool:
        """Whether neither side can win from here against an opponent who takes care: the computer
        offers a draw there and accepts one.  False unless a game knows such endings."""
        return False

    def _opponent(self, player: str) -> str:
        return next(p for p in seats(self.game, self.options) if p != player)

    def agreement_moves(self) -> list[str]:
        """The agreement's moves legal now (in a game with `Game.agreements`): the answers to an offer, else
        the player to move's offer (unless one was declined since the position last changed for good) and
        resignation."""
        if self.outcome is not None:
            return []
        agreed = self.agreement
        if agreed.offer:
            return [ACCEPT_DRAW, DECLINE_DRAW]
        acting = players_to_act(self)
        if len(acting) != 1 or not self._moves():
            return []
        return ([] if acting[0] in agreed.declined else [OFFER_DRAW]) + [RESIGN]

    def _agree(self, move: str) -> "State":
        """The state after an agreement's move: the same position, its repetitions not counted again."""
        agreed, actor = self.agreement, self.actors[0]
        if move == OFFER_DRAW:
            now = Agreement(offer=actor, declined=agreed.declined)
        elif move == DECLINE_DRAW:
            now = Agreement(declined=agreed.declined | {agreed.offer})
        else:
            now = Agreement(resigned=actor) if move == RESIGN else Agreement(drawn=True)
        return evolve(self, agreement=now)

    def _agreement_refusal(self, text: str) -> GameError | None:
        """Why an agreement's move, or any move while an offer waits, is not legal now; None if not so."""
        offer = self.agreement.offer
        if offer:
            answerer = self.actor_name(self._opponent(offer))
            return IllegalMoveError(f"{self.actor_name(offer)} offered a draw: {answerer} first accepts it "
                                    f"({ACCEPT_DRAW}) or declines it ({DECLINE_DRAW}).")
        if text in (ACCEPT_DRAW, DECLINE_DRAW):
            return IllegalMoveError("No draw is on offer.")
        if text == OFFER_DRAW and self.actors:
            who = self.actor_name(self.actors[0])
            return IllegalMoveError(f"{who}'s draw offer was declined; {who} may offer again once "
                                    f"{self.game.position_changes}.")
        if text in AGREEMENT_MOVES:
            return IllegalMoveError(f"{quote(text)} is not possible now.")
        return None

    def agreement_token(self) -> list[str]:
        """The agreement for position text (``offer=white``, ``declined=black``, ``resigned=white``,
        ``draw=agreed``), so the text round-trips; nothing while there is none."""
        agreed, out = self.agreement, []
        if agreed.offer:
            out.append(f"offer={agreed.offer}")
        if agreed.declined:
            out.append("declined=" + ",".join(sorted(agreed.declined)))
        if agreed.resigned:
            out.append(f"resigned={agreed.resigned}")
        if agreed.drawn:
            out.append("draw=agreed")
        return out

    def with_agreement(self, agreed: Agreement) -> Self:
        """This state with `agreed` (read back from position text); `PositionError` if it cannot be."""
        offer = agreed.offer or agreed.resigned
        if offer and offer not in self._actors():
            raise PositionError(f"{self.actor_name(offer)} is not the player to move, so cannot offer a draw "
                                "or resign here.")
        return self if agreed == NO_AGREEMENT else evolve(self, agreement=agreed)

    def actor_colour(self, actor: str) -> str:
        """The colour that marks `actor` in the move list (seats may have chosen one)."""
        return actor

    def actor_name(self, actor: str) -> str:
        """How the page names an actor ("White"); games with seats override it."""
        return actor.capitalize()

    def label(self, move: str) -> str:
        """A short human description of `move`, used when the player must choose."""
        return AGREEMENT_LABELS.get(move, move)

    def location_name(self, cell: str) -> str:
        """A clickable location (``data-cell``) in words, for screen readers: "c3, white small".

        The page adds its state ("selected", "legal target"); games refine this default.
        """
        return AGREEMENT_LABELS.get(cell, cell)

    def words(self, move: str) -> str:
        """`describe(move)`, worked out once in this position: the game log asks for a move's words
        several times (its turn's summary, its headline, its own line), and a game may replay the move
        to find them (what an Ice Towers cap scores)."""
        said = self.__dict__.setdefault("_words", {})
        if move not in said:
            said[move] = self.describe(move)
        return said[move]

    def describe(self, move: str) -> str:
        """`move` in words for the move list, its tooltips and the message after it ("White small d3 to e4").

        Asked of the position before the move.  It names who acts (chance by
        what it is: "Dice", "Tile drawn"), then what happens; the notation is
        kept for links and the "copy notation" view.  By default the actor's
        name and the game's `label`; games say more.
        """
        actor = self.actor_of(move)
        if move in AGREEMENT_MOVES:
            return f"{self.actor_name(actor)} {AGREEMENT_VERBS[move]}"
        what = self.label(move)
        who = self.chance_name(move) if actor == CHANCE else self.actor_name(actor)
        if what == move:
            return f"{who} plays {move}"
        return f"{who}: {what[:1].lower()}{what[1:]}"

    def places(self) -> dict[str, tuple[str, Any]]:
        """Every location of the position -> (the words `describe` names it by, what it holds).

        `describe` promises to name every location a move changes; this lets a
        test hold each game to it by comparing the places before and after a
        move.  The words may depend on the position ("the yellow tower (5 pts)");
        several locations may share words where the description says them once
        ("holds" for whatever the hands hold).
        """
        raise NotImplementedError

    def chance_name(self, move: str) -> str:
        """What a chance move is, for the move list: "Dice", "Tile drawn"."""
        return "Chance"

    def owner(self, location: str) -> str | None:
        """The actor a clicked location belongs to, where that is plain (a piece of one colour); else None.

        Used to say "You are acting as Red" when a player acting for one colour
        clicks another's piece, instead of why that piece cannot move.
        """
        return None

    def hint(self, selection: tuple[str, ...]) -> str:
        """Why `selection` leads to no legal move (the game knows best)."""
        if not selection:
            return ""
        return f"Nothing can be done with {selection[-1]}."

    def _click_index(self, actor: str | None) -> dict:
        """Each click prefix -> (next locations, complete moves), built once per position.

        A position can have thousands of moves (Ice Towers with six players),
        so clicks look answers up instead of scanning every move's path.
        """
        cache = self.__dict__.setdefault("_click_cache", {})
        index = cache.get(actor)
        if index is None:
            index = {}
            for move in self.legal_moves():
                if actor is not None and not self.may_act(move, actor):
                    continue
                for cells in self.paths(move):
                    for n in range(len(cells)):
                        index.setdefault(cells[:n], ({}, []))[0][cells[n]] = None
                    index.setdefault(cells, ({}, []))[1].append(move)
            cache[actor] = index
        return index

    def guide(self, selection: Iterable[str], actor: str | None = None) -> Guidance:
        """Targets and complete moves for the cells clicked so far (by `actor`, if given)."""
        selection = tuple(selection)
        found = self._click_index(actor).get(selection)
        if found is None:
            waiting = self.agreement.offer and self._agreement_refusal("")
            return Guidance(selection, message=str(waiting) if waiting else
                            self._wrong_actor(selection, actor) or self.hint(selection), ok=False)
        targets, complete = found
        if complete and not targets:
            message = "Choose:" if len(complete) > 1 else ""
        elif selection == (RESIGN,):
            message = "Resign the game? Choose Yes, resign to confirm, or press Esc to play on."
        else:
            message = self.guide_message(selection, tuple(targets))
        return Guidance(selection, tuple(targets), tuple(complete), message)

    def guide_message(self, selection: tuple[str, ...], targets: tuple[str, ...]) -> str:
        """What to do next when the clicks so far lead on to `targets` (games name the kind of click)."""
        return "Choose where to go." if selection else "Choose a piece."

    def _wrong_actor(self, selection: tuple[str, ...], actor: str | None) -> str:
        """"You are acting as Red" when `actor` clicked what belongs to another actor; '' otherwise."""
        if actor is None or not selection:
            return ""
        owner = self.owner(selection[0])
        if owner is None or owner == actor:
            return ""
        return (f"You are acting as {self.actor_name(actor)}; that is {self.actor_name(owner)}'s. "
                f"Act as {self.actor_name(owner)} to move it.")


class Game:
    """A game description: identity, seats and options; makes states."""

    id: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    options: tuple[Option, ...] = ()
    alternating: bool = False  # two players, one move a turn: the move list pairs them (1. White, Black)
    agreements: bool = False  # two players whose rules allow a draw by agreement and resignation
    position_changes: str = "the position changes"  # when a declined draw may be offered again (a new era)
    fixed_seats: tuple[str, ...] = ()  # the seats in the order they first act, where no option changes them
    computer: Computer = Computer()  # what the computer opponent is told of the game's turns and its levels' work

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """All options with defaults filled in; unknown names and bad values raise."""
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise OptionError(
                f"{self.title} has no option {quote(unknown[0])}"
                + (f" (it has: {', '.join(known)})." if known else ".")
            )
        return {
            name: (opt.coerce(given[name]) if name in given else opt.default)
            for name, opt in known.items()
        }

    def new(self, **options: Any) -> State:
        """The initial state with the given options."""
        return self._initial(self.resolve_options(options))

    def from_text(self, text: str) -> State:
        """A state from position notation; raises `PositionError` with the reason."""
        if not isinstance(text, str) or not text.strip():
            raise PositionError(f"{self.title}: the position text is empty.")
        return self._parse_position(text.strip())

    def _initial(self, options: dict[str, Any]) -> State:
        raise NotImplementedError

    def _parse_position(self, text: str) -> State:
        raise NotImplementedError

    def replay(self, moves: Iterable[str], **options: Any) -> State:
        """The state after playing `moves` from the start."""
        state = self.new(**options)
        for move in moves:
            state = state.play(move)
        return state

    def __repr__(self) -> str:
        return f"<Game {self.id}>"


def options_text(options: Mapping[str, Any], game: Game) -> list[str]:
    """Options that differ from their defaults, as ``name=value`` tokens (for position text)."""
    out = []
    for opt in game.options:
        value = options.get(opt.name, opt.default)
        if value != opt.default:
            out.append(f"{opt.name}={opt.link_text(value)}")
    return out


OFFER_DRAW, ACCEPT_DRAW, DECLINE_DRAW, RESIGN = "offer-draw", "accept-draw", "decline-draw", "resign"
AGREEMENT_MOVES = (OFFER_DRAW, ACCEPT_DRAW, DECLINE_DRAW, RESIGN)
CONFIRM_RESIGN = "confirm-resign"  # the second click of RESIGN's path
AGREEMENT_LABELS = {OFFER_DRAW: "Offer a draw", ACCEPT_DRAW: "Accept the draw", DECLINE_DRAW: "Decline the draw",
                    RESIGN: "Resign the game", CONFIRM_RESIGN: "Yes, resign"}
AGREEMENT_VERBS = {OFFER_DRAW: "offers a draw", ACCEPT_DRAW: "accepts the draw", DECLINE_DRAW: "declines the draw",
                   RESIGN: "resigns"}
DRAW_AGREED = "The players agreed to a draw."


def agreement_from(tokens: list[str], players: Iterable[str]) -> tuple[list[str], Agreement]:
    """Position text tokens without the agreement's (`State.agreement_token`), and the agreement."""
    players, rest, found = list(players), [], {}
    for token in tokens:
        name, _, value = token.partition("=")
        if name not in ("offer", "declined", "resigned", "draw"):
            rest.append(token)
            continue
        values = value.split(",") if name == "declined" else [value]
        if name in found or not all(v in (("agreed",) if name == "draw" else players) for v in values):
            raise PositionError(f"{quote(token)} is not an agreement (offer=, declined= or resigned= a player, "
                                "or draw=agreed).")
        found[name] = values
    if len(found.keys() & {"offer", "resigned", "draw"}) > 1:
        raise PositionError("A position has at most one of a draw on offer, a resignation and a draw agreed.")
    agreed = Agreement(offer=found.get("offer", [None])[0], declined=frozenset(found.get("declined", ())),
                       resigned=found.get("resigned", [None])[0], drawn="draw" in found)
    return rest, agreed


REPEATED = 3  # the third time a position comes about ends the game, where a game opts in
REPETITION_RULE = "The same position came about a third time (our rule against endless play)."


def repetition_count(tokens: list[str]) -> tuple[list[str], int]:
    """Position text tokens without ``seen=N``, and N (1 without it); `PositionError` for a bad N."""
    counts = [t for t in tokens if t.startswith("seen=")]
    rest = [t for t in tokens if not t.startswith("seen=")]
    if not counts:
        return rest, 1
    value = counts[-1][5:]
    if len(counts) > 1 or value not in [str(n) for n in range(2, REPEATED + 1)]:
        raise PositionError(f"{quote(counts[-1])} is not a repetition count (seen=2 or seen={REPEATED}).")
    return rest, int(value)


def repeated_moves(states: list[State], moves: list[str]) -> list[str]:
    """The moves from the last position that would take the game round again: the computer plays them
    only where nothing else may be, or (a game with the draw by repetition) where the end that rule
    makes is no worse for it than the game as it stands.

    A loop has no end in a game without a draw by repetition: in Ice Towers each
    player in turn mines a large, sets it down and caps the same tower back, every
    action legal.  There they are the moves played from earlier occurrences of the
    last position (`State.loop_key`), and the player whose move would start the loop
    again lets it go.  In a game with the rule, they are the moves back to a position
    its era has seen (`State.repetitions`): a bot ahead in Ice Lady does not steer into
    the draw, and one behind in Terrafex, where the rule scores the game as it stands,
    does not move a glacier back and forth.  The position text the page hands the
    computer holds no history, so it is told them.  `states[i + 1]` is `states[i]`
    after `moves[i]`.
    """
    latest = states[-1]
    if latest.repetition_key() is not None:
        return [move for move in latest.legal_plays() if latest.play(move).repetitions > 1]
    key = _loop_key(latest)
    if key is None:
        return []
    return [move for state, move in zip(states, moves) if _loop_key(state) == key]


def _loop_key(state: State) -> str | None:
    """`State.loop_key`, worked out once per state (a game's history is asked at every bot move)."""
    if "_loop_key" not in state.__dict__:
        state.__dict__["_loop_key"] = state.loop_key()
    return state.__dict__["_loop_key"]


def parse_options_text(tokens: Iterable[str], game: Game) -> dict[str, Any]:
    """The inverse of `options_text`; raises `PositionError` on a bad token."""
    given: dict[str, Any] = {}
    for token in tokens:
        name, sep, value = token.partition("=")
        if not sep:
            raise PositionError(f"{quote(token)} is not an option (expected name=value).")
        given[name] = None if value == "none" else value
    try:
        return game.resolve_options(given)
    except OptionError as err:
        raise PositionError(str(err)) from None


def players_to_act(state: State) -> list[str]:
    """The players who may decide now: not chance, not the game clock."""
    clock = state.clock()
    ringer = state.actor_of(clock[1]) if clock else None
    return [a for a in state.actors if a not in (CHANCE, ringer)]


BOT_LEVELS = ("easy", "medium", "hard")  # the computer's levels (pyramids.ai says what each does)


def seats(game: Game, options: Mapping[str, Any] | None = None) -> list[str]:
    """The players of a game with these options, in the order they first act.

    Found through the protocol: the first legal move is followed until every
    seat has acted (or the game ends), chance included; a ``players`` option,
    where a game has one, says how many seats there are (Haunted Ice Towers'
    ghost acts but is nobody's seat).  A game with `fixed_seats` names them
    without the walk, which an opening such as a layout editor would wander in.
    """
    options = game.resolve_options(options or {})
    count = options.get("players", game.max_players)
    if game.fixed_seats:
        return list(game.fixed_seats[:count])
    key = (game, tuple(options.items()))
    if key not in _SEATS:
        state, found = game.new(**options), []
        for _ in range(500):
            found += [a for a in players_to_act(state) if a not in found]
            if state.outcome is not None or len(found) >= count:
                break
            state = state.play(sorted(state.legal_moves())[0])
        _SEATS[key] = tuple(found[:count])
    return list(_SEATS[key])


_SEATS: dict[tuple, tuple[str, ...]] = {}  # (game, options) -> its seats: every replay of a saved game asks, and
# the walk through an opening (Ice-Turn's tile placements) took half the time of importing a short game


__all__ = [
    "CHANCE", "MAX_MOVE_CHARS", "quote", "signed", "either", "possessive", "move_text", "History", "GameError",
    "InvalidMoveError", "IllegalMoveError", "PositionError",
    "OptionError", "Option", "Outcome", "Guidance", "State", "Game", "Evaluation", "Consent", "Computer",
    "options_text", "parse_options_text", "players_to_act", "seats", "BOT_LEVELS", "REPEATED", "REPETITION_RULE",
    "repetition_count", "repeated_moves",
    "OFFER_DRAW", "ACCEPT_DRAW", "DECLINE_DRAW", "RESIGN", "CONFIRM_RESIGN", "AGREEMENT_MOVES", "Agreement",
    "agreement_from",
]
