"""Learn IceToids: entering, revealing and turning tiles, pointing, moving along arrows, targets, pushing and
the win (docs/rules/icetoids.md; the tile set is our reading)."""

from ..learn import Lesson, Step

LESSON = Lesson(
    game="icetoids",
    seat="p1",
    steps=(
        Step(
            "Onto your home tile",
            "You play Red. The 16 tiles lie face down: twelve are targets, three of each colour, and four have "
            "arrows. You win when each of your three red targets holds one of your pieces.\n\n"
            "A turn moves one piece one tile, or points one. Your pieces wait beside your home tile, a2: choose "
            "them (left of a2), then a2.",
            position="red@a2,blue@d3 4/4/4/4 4/4/4/4 p1 -",
            expect=("off-a2",),
            then=("reveal:a2=red",),
            done="A tile is turned over when a piece lands on it: a2 is a red target, and your piece holds it.",
        ),
        Step(
            "Point, then move",
            "Blue entered d3, a yellow target (nobody's, with two players).\n\n"
            "A piece moves onto the tile it points at, or along an arrow of its tile. Yours stands upright on "
            "a2, which has no arrows: point it east. Choose it, then the east arrow.",
            before=("off-d3", "reveal:d3=yellow"),
            expect=("a2.U>E",),
            wrong="This step points your piece on a2 east: choose it, then the arrow pointing right.",
            done="It lies pointing at b2. That was your whole turn.",
        ),
        Step(
            "Explore",
            "Blue pointed its piece west. Move yours onto b2: choose it, then b2.",
            before=("d3.U>W",),
            expect=("a2.E-b2",),
            then=("reveal:b2=corner",),
            done="b2 has the corner arrow. You turn it as you wish, once: it stays that way.",
        ),
        Step(
            "Turn the tile",
            "Choose how b2 is turned: the arrows north and east, among the buttons under the board.",
            expect=("orient:b2=NE",),
            wrong="Choose the arrows north and east for this lesson.",
            done="Your piece left a2, so you hold no target just now: the panel counts them.",
        ),
        Step(
            "Ride an arrow",
            "Blue moved onto c3: a blue target.\n\nAn arrow under your piece lets it move that way, however it "
            "points. Move it north along the arrow, to b3.",
            before=("d3.W-c3", "reveal:c3=blue"),
            expect=("b2.U-b3",),
            then=("reveal:b3=red",),
            done="Another red target: two are found, one held.",
        ),
        Step(
            "Push, and win",
            "Later: you hold a2 and b3; your third target, c4, has a Blue piece on it. A piece pointing at a tile "
            "\u201ccan push that piece out of that tile as you move in\u201d; upright pieces cannot.\n\n"
            "Move your piece from b4 to c4 and choose to push.",
            position="red@a2,blue@d3 1[yellow][red][yellow]/1[red][blue]1/[red][corner=NE]2/4 "
                     "1[red.E][blue.U]1/1[red.U]2/[red.U]3/4 p1 -",
            expect=("b4.E-c4!blue.U",),
            wrong="This step shows the push: move the piece on b4 to c4, and choose to push Blue's piece (not "
                  "pushing would win too).",
            done="All three red targets are held: Red wins. Blue's piece was pushed on to d4; a piece pushed off "
                 "the board enters again at its home.",
        ),
    ),
    finish="You know IceToids now. Play a real game: the computer takes Blue at Easy. You start by choosing a "
           "colour and a home tile on the edge.",
)
