"""Learn Ice Lady: steps, captures, promotion, kings and king trees, and the win (docs/rules/ice-lady.md)."""

from ..learn import Lesson, Step

LESSON = Lesson(
    game="ice-lady",
    seat="white",
    steps=(
        Step(
            "Smalls step diagonally forward",
            "Ice Lady is checkers with pyramids. You play White, at the bottom. Each size moves its own way.\n\n"
            "A small (one pip) moves one square diagonally forward. Choose the small on d3, then e4.",
            expect=("d3-e4",),
            done="A small never moves back or sideways.",
        ),
        Step(
            "Capture by jumping",
            "Black's small stepped to f5, in front of yours. A small can \u201cjump over one opponent piece to "
            "capture it\u201d, diagonally forward onto the empty square beyond.\n\nJump from e4 over f5 to g6.",
            before=("e6-f5",),
            expect=("e4xg6",),
            done="Captured. Capturing is your choice here (New game can make it a duty), one piece a move.",
        ),
        Step(
            "Mediums move two squares",
            "A medium (two pips) moves exactly two squares straight: forward or sideways, never diagonally or "
            "back, never over its own side's pieces.\n\nMove the medium from d2 to d4.",
            before=("d6-e5",),
            expect=("d2-d4",),
            done="Your medium jumped the empty d3.",
        ),
        Step(
            "A medium captures what it jumps",
            "Black's small moved to d5, between your medium and the empty d6. Jump it: d4 to d6.",
            before=("c6-d5",),
            expect=("d4xd6",),
            done="A medium captures the piece it jumps over, forward or sideways.",
        ),
        Step(
            "The far row makes a king",
            "A small or medium that reaches Black's first row \u201ccan be replaced with a large piece, called a "
            "king\u201d, from your reserve of four.\n\nJump from g6 over Black's medium on f7 to e8, then choose "
            "to promote.",
            before=("e5-f4",),
            expect=("g6xe8=K",),
            done="A king! Promotion is a choice; a piece that stays may promote on a later move along that row.",
        ),
        Step(
            "The king",
            "Black's medium jumped your medium on d6.\n\nA king moves in all eight directions, up to three "
            "squares, and captures one piece it passes over, landing beyond it. Take the medium on e7: move your "
            "king down to e6 or e5.",
            before=("d7xd5",),
            expect=("e8xe6", "e8xe5"),
            done="Kings are strong: use them to clear the board.",
        ),
        Step(
            "The king tree",
            "A new position. A piece that moves onto your own king on Black's first row makes a king tree, which "
            "\u201ccan move as many squares as the number of pips in the tree\u201d.\n\nMove your medium from c6 "
            "onto the king on c8.",
            position="2K5/8/2M5/8/2s5/8/8/7k w 3 3",
            expect=("c6-c8",),
            done="King and medium: five pips, so it moves up to five squares. A small may go on top too.",
        ),
        Step(
            "A tree goes far",
            "Capture the small on c4: move the tree from c8 to c3, five squares.",
            before=("h1-g1",),
            expect=("c8xc3",),
            done="When a tree is captured, \u201conly the top most piece is removed\u201d: the rest plays on.",
        ),
        Step(
            "Winning",
            "\u201cThe game is won when all of the opponents pieces are captured\u201d (a player who cannot move "
            "loses too). Black has one small left: capture it.",
            position="8/8/8/4s3/3S4/8/8/8 w 4 4",
            expect=("d4xf6",),
            done="Black has no pieces left: White wins.",
        ),
    ),
    finish="You know Ice Lady now. Play a real game: the computer takes Black at Easy; Hint lights a good move "
           "whenever you want one.",
)
