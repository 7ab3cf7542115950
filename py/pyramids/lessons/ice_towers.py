"""Learn Ice Towers: no turns, capping, who scores a tower, mining and its replay, splitting, and the end by
agreement (seeds/ice-towers.txt)."""

from ..learn import Lesson, Step

LESSON = Lesson(
    game="ice-towers",
    seat="red",
    steps=(
        Step(
            "Cap a tower",
            "You play Red against Yellow. There are no turns: \u201cYou may take any legal action at any time "
            "you choose.\u201d Each piece starts as its own tower; a tower scores all its pips for the colour on "
            "top.\n\nCap: put a free-standing piece of yours on a tower topped by another colour, \u201cthe same "
            "size or smaller\u201d. Click your small in tower 1, then Yellow's large in tower 16.",
            expect=("red:cap:rS1>t16",),
            wrong="This step caps tower 16 with your small from tower 1: click tower 1, then tower 16.",
            done="Tower 16 is yours: 4 points.",
        ),
        Step(
            "Capped back",
            "Yellow capped tower 16 with a small: nobody waits in Ice Towers.\n\nTake it back with your small "
            "from tower 2.",
            before=("yellow:cap:yS1>t16",),
            expect=("red:cap:rS2>t16",),
            wrong="Cap tower 16 with your small from tower 2.",
            done="Yours again: 6 points.",
        ),
        Step(
            "Mine a piece",
            "Yellow capped it again. With two of your pieces in a tower you do not top, \u201cyou may open up the "
            "stack and remove one of your pieces\u201d.\n\nClick your lower small in tower 16.",
            before=("yellow:cap:yS2>t16",),
            expect=("red:mine:rS1",),
            wrong="Click your small second from the bottom of tower 16.",
            done="You hold it; held, it counts for nobody.",
        ),
        Step(
            "Replay it at once",
            "A mined piece must cap a different tower at once (or be set down, if it can cap none). Click your "
            "held small, then Yellow's large in tower 17.",
            expect=("red:cap:rS1>t17",),
            wrong="Cap tower 17 with the small you hold: click it, then tower 17.",
            done="Tower 17 is yours: 4 points.",
        ),
        Step(
            "Split a tower",
            "Two pieces of another colour next to each other in a tower may be split apart; never your own.\n\n"
            "Tower 16 has Yellow's large and small together at the bottom: click the gap between them.",
            expect=("red:split:yS1",),
            wrong="Click the gap between Yellow's large and Yellow's small at the bottom of tower 16.",
            done="The small and all above it stand apart, as tower 19, topped by a yellow small.",
        ),
        Step(
            "Take the new tower",
            "Cap tower 19 with your small from tower 3.",
            expect=("red:cap:rS3>t19",),
            wrong="Cap tower 19 with your small from tower 3.",
            done="Tower 19 is yours: 4 points.",
        ),
        Step(
            "Agree to end",
            "The game ends when everyone agrees, or no play is left; any play cancels agreement. You are ahead: "
            "press I'm done in the panel.",
            expect=("red:done",),
            then=("yellow:done",),
            done="Yellow agreed too: the higher score wins, Red.",
        ),
    ),
    finish="You know Ice Towers now. Play a real game: the computer takes Yellow at Easy, and does not wait for "
           "you (New game sets its speed).",
)
