"""Learn Terrafex: the bands that score, the four actions of a turn, the fire the opponent plays, a forest's
spread, what glaciers do (cap, frost, split, push, melt), and the end (docs/rules/terrafex.md)."""

from ..learn import Lesson, Step

# The squares where a small piece scores for White (its inner band is White's) on Layout 1's empty squares.
WHITE_INNER = ("a1", "a5", "a7", "b2", "b4", "b6", "c1", "c5", "c7", "d6", "e1", "e3", "e5", "e7", "f2", "f4", "f6",
               "g1", "g3", "g5", "g7", "h4", "h6")

LESSON = Lesson(
    game="terrafex",
    seat="white",
    steps=(
        Step(
            "Bands score",
            "You play White. Each square has three bands, one inside another. A small piece sits in the inner "
            "band, a medium in the middle, a large in the outer, and scores for the player whose colour is "
            "\u201cimmediately surrounded\u201d around it: forests (green) and mountains (yellow) add their size, "
            "fires (red) subtract.\n\n"
            "Point at a forest (on a touch screen, touch and hold it; by keys, move to it) to see what growing it "
            "does. Grow the small "
            "forest on e4 (choose it).",
            expect=("forest:grow:e4",),
            wrong="Growing is not always good: a grown forest moves into the next band, which may be Black's. "
                  "This step grows e4.",
            done="As a medium, e4 sits in White's middle band: 2 for White instead of 1 for Black. Growing d4 would "
                 "have done the opposite.",
        ),
        Step(
            "Four actions a turn",
            "Each turn you take four actions, one of each kind: forest, mountain, fire, glacier, in any order, "
            "each one that can be taken. Your forest tracker lies down: that one is used.\n\n"
            "The mountain action starts a small mountain on an empty square, or grows one. Start one where it "
            "scores for White (point at a square first, touch and hold it, or move to it by keys).",
            expect=tuple(f"mountain:start:{square}" for square in WHITE_INNER),
            wrong="Choose an empty square where a small mountain would score for White: pointing at it (touching "
                  "and holding it, or moving to it by keys) says \u201cWhite +1\u201d.",
            done="1 more point for White. Mountains also stop glaciers.",
        ),
        Step(
            "Fire: you choose, Black plays",
            "Your fire is \u201cselected from the pool by the active player\u201d, then \u201cplayed to the board "
            "by the opponent\u201d: you choose its size, Black where it goes. A fire burns a forest down by its "
            "size, starts on an empty square (a small one) or grows a smaller fire.\n\n"
            "Smaller is safer: select the small fire in the pool.",
            expect=("fire:1",),
            wrong="A bigger fire burns more of yours: select the small fire, the first red piece in the pool.",
            done="Now Black decides where your small fire goes.",
        ),
        Step(
            "Glaciers move away",
            "Black burnt your forest on e4 back to a small one.\n\n"
            "Last, the glacier. A glacier moves one square, \u201caway from a mountain, the edge of the board, "
            "or another glacier\u201d right behind it. The glacier on a3 has the edge behind it: choose a3, then b3.",
            before=("fire:burn:e4",),
            expect=("glacier:a3E",),
            wrong="This step moves the glacier on a3 east: choose a3, then b3.",
            done="All four actions are taken: the turn passes to Black.",
        ),
        Step(
            "Black's fire is yours to play",
            "Black took its forest, mountain and glacier actions, then selected a medium fire: you play it.\n\n"
            "Point at the lit squares (touch and hold them, or move to them by keys) to see what the fire would do, "
            "and put it where "
            "Black loses points.",
            before=("forest:grow:d4", "mountain:start:d5", "glacier:h2W", "fire:2"),
            expect=("fire:burn:c3", "fire:burn:d2", "fire:burn:d4", "fire:burn:e4"),
            wrong="That would cost you, not Black: choose a square where the line says Black loses points.",
            done="The fire burnt Black's forest: a bigger forest shrinks by the fire's size, an equal one goes, a "
                 "smaller one goes and leaves the rest of the fire. Now it is White's turn.",
        ),
        Step(
            "A large forest spreads",
            "A new position; only your forest action is left. Besides growing, the forest action may spread a "
            "large forest: a small forest from the pool goes on an empty square beside it (not diagonally).\n\n"
            "The large forest on e4 scores 3 for Black, but each square beside it has White's inner band: "
            "spread it onto one of them.",
            position="......../......../......../....G3.../......../......../.......B1 w used:mountain,fire,"
                     "glacier fire:- pool:G5,5,3;Y5,5,4;R5,5,4;B4,5,4 pit:0,0,0 idle:0",
            expect=("forest:spread:*",),
            done="1 for White. A fire spreads the same way, beside a large fire.",
        ),
        Step(
            "A glacier caps a forest",
            "Another position; only your glacier action is left. A glacier that moves onto a forest shrinks it one "
            "size and sits on it: bigger than the forest, it caps it, and the forest scores nothing until the "
            "glacier melts or splits.\n\nCap Black's medium forest on b4 with the glacier on a4.",
            position="......../......../......../B3G2.G1G2.../.....Y1../......../.......B1 w used:forest,mountain,"
                     "fire fire:- pool:G4,3,4;Y4,5,4;R5,5,4;B4,5,3 pit:0,0,0 idle:0",
            expect=("glacier:a4E",),
            wrong="This step moves the glacier on a4 east, onto the forest on b4.",
            done="Black lost the forest's 2 points. A glacier no bigger than the forest it leaves frosts it "
                 "instead: next.",
        ),
        Step(
            "Frost",
            "Another position. A glacier no bigger than the forest left under it does not cap it: it becomes "
            "frost. A frosted forest still scores, but it may not grow, and a fire played on it burns only the "
            "frost.\n\nMove the small glacier on a3 onto Black's large forest on b3.",
            position="......../......../B1G3....../......../......../......../.......B1 w used:forest,mountain,"
                     "fire fire:- pool:G5,5,3;Y5,5,4;R5,5,4;B3,5,4 pit:0,0,0 idle:0",
            expect=("glacier:a3E",),
            wrong="This step moves the glacier on a3 east, onto the forest on b3.",
            done="The forest shrank into White's middle band: 2 for White where it was 3 for Black. Frost never "
                 "moves, and it is no glacier: had it been the last glacier, the game would have ended.",
        ),
        Step(
            "A glacier splits on a mountain",
            "And another. A glacier moving onto a medium or large mountain shrinks it and splits into "
            "pieces, which you place on empty squares beside the mountain, one a square.\n\n"
            "Move the glacier on a4 into the mountain on b4, then place each piece.",
            position="......../......../......../B3Y2.G1G2.../......../......../.......B1 w used:forest,mountain,"
                     "fire fire:- pool:G4,4,4;Y5,4,4;R5,5,4;B4,5,3 pit:0,0,0 idle:0",
            expect=("glacier:a4E/*",),
            wrong="This step moves the glacier on a4 east into the mountain on b4, then places its pieces.",
            done="The mountain shrank to a small one and the glacier became two. A small mountain is pushed "
                 "instead: next.",
        ),
        Step(
            "A glacier pushes a small mountain",
            "And another. A glacier moving onto a small mountain pushes it two squares further on, to an empty "
            "square, and takes its place.\n\nPush the small mountain on b5 with the glacier on a5.",
            position="......../......../......../......../B1Y1....../......../.......B1 w used:forest,mountain,"
                     "fire fire:- pool:G5,5,4;Y4,5,4;R5,5,4;B3,5,4 pit:0,0,0 idle:0",
            expect=("glacier:a5E",),
            wrong="This step moves the glacier on a5 east, onto the mountain on b5.",
            done="The mountain went on to d5. Two squares on, the bands have the same colours: it scores as it did, "
                 "but glaciers now move away from it where it stands.",
        ),
        Step(
            "The last glacier",
            "A glacier moving onto a fire melts with it: equal, both go. \u201cThe game ends when the last "
            "glacier melts\u201d, and the higher score wins.\n\nYou are ahead: melt the last glacier, on h6, into "
            "the fire on g6.",
            position="......../.Y2....../......../...G1G2.../..Y1...../......R1B1/........ w used:forest,"
                     "mountain,fire fire:- pool:G4,4,4;Y4,4,4;R4,5,4;B4,5,4 pit:0,0,0 idle:0",
            expect=("glacier:h6W",),
            done="No glacier is left: the game is scored, and White wins.",
        ),
    ),
    finish="You know Terrafex now. Play a real game: the computer takes Black at Easy. Point at a square "
           "(touch and hold it, or move to it by keys) before you choose it to see what it would score.",
)
