"""Learn Ice Towers: no turns, capping, who scores a tower, mining and its replay, splitting, and the end by
agreement (docs/rules/ice-towers.md)."""

from ..learn import Lesson, Step

LESSON = Lesson(
    game="ice-towers",
    seat="red",
    steps=(
        Step(
            "Cap a tower",
            "You play Red against Yellow. There are no turns: \u201cYou may take any legal action at any time "
            "you choose.\u201d Each piece starts as its own tower; a tower scores all its pips for the colour on "
            "top; the number under it says how many.\n\nCap: put a free-standing piece of yours on a tower topped by "
            "another colour, \u201cthe same size or smaller\u201d. Choose your first small (your row's first "
            "piece), then Yellow's first large (the first of the three larges in Yellow's row).",
            expect=("red:cap:rS1>t16",),
            wrong="This step caps Yellow's first large with your first small: choose the small, then the large. "
                  "Pointing at a tower (or touching and holding it) says what capping it would score.",
            done="The tower is yours, 4 points: your small tops it, and the letter under it is R now. A tower "
                 "stands where its bottom piece stood: this one stays in Yellow's row.",
        ),
        Step(
            "Capped back",
            "Yellow capped your tower with a small: nobody waits in Ice Towers.\n\nTake it back: choose your "
            "first small, then the yellow tower of 5 points.",
            before=("yellow:cap:yS1>t16",),
            expect=("red:cap:rS2>t16",),
            wrong="Cap the yellow tower of 5 points with your first small.",
            done="Yours again: 6 points.",
        ),
        Step(
            "Mine a piece",
            "Yellow capped it again. With two of your pieces in a tower you do not top, \u201cyou may open up the "
            "stack and remove one of your pieces\u201d.\n\nThe yellow tower of 7 points holds two of your smalls: "
            "choose the lower one, second from the bottom.",
            before=("yellow:cap:yS2>t16",),
            expect=("red:mine:rS1",),
            wrong="Choose your small second from the bottom of the yellow tower of 7 points.",
            done="You hold it; held, it counts for nobody.",
        ),
        Step(
            "Replay it at once",
            "A mined piece must cap a different tower at once (or be set down, if it can cap none). Choose your "
            "held small (in hand, at the end of your row), then one of Yellow's free-standing larges.",
            expect=("red:cap:rS1>t17", "red:cap:rS1>t18"),
            wrong="Cap one of Yellow's free-standing larges with the small you hold: choose the small, then the "
                  "large.",
            done="That large is yours: 4 points.",
        ),
        Step(
            "Split a tower",
            "Two pieces of another colour next to each other in a tower may be split apart; never your own.\n\n"
            "The yellow tower of 6 points has Yellow's large and small together at the bottom: choose the gap "
            "between them.",
            expect=("red:split:yS1",),
            wrong="Choose the gap between Yellow's large and Yellow's small at the bottom of the 6-point tower.",
            done="The small and all above it stand apart: a new tower of three smalls, topped by Yellow's.",
        ),
        Step(
            "Take the new tower",
            "Cap that new tower of three smalls (3 points) with your last small.",
            expect=("red:cap:rS3>t19",),
            wrong="Cap the yellow tower of 3 points, three smalls, with your last small.",
            done="It is yours: 4 points.",
        ),
        Step(
            "Agree to end",
            "The game ends when everyone agrees, or no play is left; any play cancels agreement. You are ahead: "
            "press I'm done beside Red's score (in the panel, under the board on a phone).",
            expect=("red:done",),
            then=("yellow:done",),
            done="Yellow agreed too: the higher score wins, Red.",
        ),
    ),
    finish="You know Ice Towers now. Play a real game: the computer takes Yellow at Easy, and does not wait for "
           "you (New game sets its speed).",
)
