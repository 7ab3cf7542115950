"""Learn Ice-Turn: laying the tiles, the race from a tree to a nest, the dice, movement points, the Treehouse die,
the end of the movement, reactionary turning, the end of the turn, and stacking the nest (docs/rules/ice-turn.md)."""

from ..learn import Lesson, Step

TILES = "[sE][dEW]q[dNS]/[dNS]q[sE][sN]/q[sE][dEW][sN]/[dNS][sE][dEW]q"  # placed, one Q-Turner a row and column

LESSON = Lesson(
    game="ice-turn",
    seat="red",
    steps=(
        Step(
            "Lay the tiles",
            "You play Red against Blue. A game begins with the 16 arrow tiles dealt, then laid on the board in "
            "turn. Two cells are left: yours takes the single arrow in your hand (under the board), and b3 is kept "
            "for Blue's Q-Turner: each row and column keeps a cell for a Q-Turner still in a hand.\n\n"
            "A single arrow may not point off the board (d2 is on its east edge): choose d2, then the arrow "
            "pointing north, up the board.",
            position="[sE][dEW]q[dNS]/[dNS]1[sE][sN]/q[sE][dEW]1/[dNS][sE][dEW]q 3[b3b2b1]/4/4/[r3r2r1]3 s,q red "
                     "place - - 0 - -",
            expect=("place:d2=single:N",),
            then=("place:b3=qturner",),
            wrong="South or west would do in a game; this lesson's board has it pointing north: choose d2, then the "
                  "up arrow.",
            done="Blue laid its Q-Turner on b3: the board is full. A single arrow points one way, a double two "
                 "ways, a Q-Turner all four; what they point at matters in the reactionary turning, later.",
        ),
        Step(
            "From a tree to a nest",
            "Your pieces start as a tree on a1. You win with a nest on d4, the far corner: small "
            "at the bottom, medium on it, large on top. Blue races the other way.\n\n"
            "Your turn began with two dice: 4 movement points (MP), and Dig on the Treehouse die. A standing "
            "piece cannot move: tip the tree north (1 MP): choose a1, then the up arrow after Tip.",
            position=f"{TILES} 4/2[b2W]1/1[b1S]1[b3S]/[r3r2r1]3 -,- red move 4 dig 0 - -",
            expect=("tip:a1N",),
            wrong="This step tips the tree on a1 north: choose a1, then the up arrow after \u201cTip 1 MP\u201d.",
            done="The tree spread over a1, a2 and a3, every piece lying, pointing north. 3 MP are left.",
        ),
        Step(
            "Moving costs pips",
            "A lying piece moves one cell the way it points, for as many points as its pips: small 1, medium 2, "
            "large 3.\n\nMove your small from a3 to a4 (1 MP): choose a3, then a4.",
            expect=("move:a3",),
            wrong="This step moves the small on a3: choose a3, then a4.",
            done="2 MP are left. The small points north, at the edge.",
        ),
        Step(
            "Turning costs a point",
            "Turning a lying piece to any direction costs 1 point.\n\nTurn the small on a4 east, towards d4: "
            "choose a4, then the right arrow after Turn.",
            expect=("turn:a4E",),
            wrong="This step turns the small on a4 east: choose a4, then the right arrow after \u201cTurn 1 MP\u201d.",
            done="1 MP is left.",
        ),
        Step(
            "The Treehouse die: Dig",
            "Once a turn, free, you may use the Treehouse die. Dig: \u201ca lying down piece digs down and stands "
            "up\u201d, as far along its direction as you like.\n\nDig the small from a4 to d4: choose a4, then Dig, "
            "then d4.",
            expect=("dig:a4-d4",),
            wrong="This step digs the small on a4 east to d4: choose a4, the Dig button, then d4.",
            done="Your small stands on d4: the bottom of your nest. Other faces: Tip raises the turn's points to "
                 "7, Aim turns tiles, Swap swaps two tiles, Hop moves a standing piece along a line, Wild is any.",
        ),
        Step(
            "End the movement",
            "Unused points are lost. Press End movement.",
            expect=("end-moves",),
            done="Now reactionary turning: each tile under one of your lying pieces points at cells, and any "
                 "lying piece there may be turned to face anywhere, free. They are lit.",
        ),
        Step(
            "Reactionary turning",
            "Your medium lies on a2's Q-Turner, which points along row 2 and column a. Blue's large on d2 wants "
            "to go west: turn it east, off the board, so Blue must pay to turn it back. Choose d2, then the right "
            "arrow.",
            expect=("react:d2E",),
            wrong="This step turns Blue's large on d2 east: choose d2, then the right arrow.",
            done="Each lit piece can be turned once.",
        ),
        Step(
            "End the turn",
            "Press End turn: the dice pass to Blue.",
            expect=("end-turn",),
            then=("roll:2", "face:aim", "turn:d2W", "move:b2", "end-moves"),
            done="Blue rolled 2: it paid one point to turn its large back west and one to move its small. The "
                 "outlines show its moves.",
        ),
        Step(
            "Pieces that meet stack up",
            "Later in the game: you rolled 5. Pieces that meet \u201cstand up and stack\u201d, and the mover "
            "chooses where in the stack it goes.\n\nMove your medium from d3 into d4 (2 MP) and choose On top: "
            "on your small.",
            position=f"{TILES} 2[r3E][r1]/2[b2W][r2N]/1[b1S]1[b3S]/4 -,- red move 5 hop 0 - -",
            expect=("move:d3@1",),
            wrong="A nest has the small at the bottom, then the medium, then the large: move the medium from d3 "
                  "to d4 and choose On top.",
            done="To take a stack apart, a player tips it, like your tree.",
        ),
        Step(
            "Build the nest",
            "3 MP are left: enough for the large. Move it from c4 into d4, on top.",
            expect=("move:c4@2",),
            wrong="The large goes on top: move it from c4 to d4 and choose On top.",
            done="Small, medium, large on d4: the nest is built, and Red wins.",
        ),
    ),
    finish="You know Ice-Turn now. Play a real game: the computer takes Blue at Easy. It starts with laying "
           "the tiles, as the first step did, all sixteen.",
)
