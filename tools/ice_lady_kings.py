"""Ice Lady's three kings against a lone king, solved: the table in py/pyramids/games/ice_lady.py.

    python3 tools/ice_lady_kings.py          print the table (THREE_KINGS_LOST)
    python3 tools/ice_lady_kings.py --check  exit 1 unless the module's table is the one printed

Three plain kings against one, nothing else on the board, captures optional: a retrograde
analysis of every position (2.5 million with each side to move) by the kings' moves of rules
A9.  The lone king's side loses a position only if every move it has lets the three take it at
once, or leads to a position already lost; a capture of one of the three leaves two kings
against one, which cannot take a lone king that takes care (docs/performance-notebook.md), so that
capture saves it unless it lands within reach.  What is never marked lost, the lone king holds
for ever.  Kings move alike in every direction, so the table keeps one position of each set of
eight that the board's turns and reflections make alike.  About 12 s on CPython.
"""

from __future__ import annotations

import collections
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from pyramids.games.ice_lady import (  # noqa: E402  (after the path)
    RAYS, THREE_KINGS_LOST, kings_key, symmetries, three_kings_before, three_kings_text,
)

REACH = 3  # a plain king's range


def attacked(hunters: tuple[int, ...]) -> int:
    """The squares (a bit each) where a lone king would be taken at once by one of `hunters`."""
    squares = 0
    for s in hunters:
        for ray in RAYS[s]:
            for j in range(REACH - 1):  # the quarry one or two squares off, a landing square beyond it
                if j >= len(ray) or ray[j] in hunters:
                    break
                if j + 1 < len(ray) and ray[j + 1] not in hunters:
                    squares |= 1 << ray[j]
    return squares


def lost_positions() -> dict[tuple[int, ...], int]:
    """{(lone king, three kings sorted): plies until it is taken} for each position lost by the lone
    king's side, to move: it must move, and the three take it as soon as they can."""
    trios = [(a, b, c) for a in range(64) for b in range(a + 1, 64) for c in range(b + 1, 64)]
    attacks = {trio: attacked(trio) for trio in trios}
    pairs = {(a, b): attacked((a, b)) for a in range(64) for b in range(a + 1, 64)}
    near = [[ray[:REACH] for ray in rays if ray] for rays in RAYS]
    left: dict[tuple, int] = {}  # the lone king's moves not yet known to lose, per position
    lost: dict[tuple, int] = {}
    won: set[tuple] = set()  # positions with the three to move that they win by a move to a lost one
    for trio in trios:
        reach, a, b, c = attacks[trio], *trio
        occupied = 1 << a | 1 << b | 1 << c
        for k in range(64):
            if occupied >> k & 1:
                continue
            count, safe, moves = 0, False, False
            for ray in near[k]:
                jumped = -1
                for sq in ray:
                    if occupied >> sq & 1:
                        if jumped >= 0:
                            break
                        jumped = sq
                        continue
                    moves = True
                    if jumped >= 0:  # a capture: safe unless the two left can take it there
                        if not pairs[(b, c) if jumped == a else (a, c) if jumped == b else (a, b)] >> sq & 1:
                            safe = True
                    elif not reach >> sq & 1:
                        count += 1
            if safe:
                continue
            if count:
                left[(k, a, b, c)] = count
            else:  # every move is taken at once (2 plies), or there is none (it has lost)
                lost[(k, a, b, c)] = 2 if moves else 0
    queue = collections.deque(sorted(lost, key=lost.__getitem__))  # by plies: each is reached by its fastest win
    while queue:
        position = queue.popleft()
        k = position[0]
        plies = lost[position]
        for was in three_kings_before(position):
            if attacks[was[1:]] >> k & 1 or was in won:
                continue  # won already: by taking at once, or reached before
            won.add(was)
            for ray in RAYS[k]:  # the lone king's move that led there, from `origin`
                for origin in ray[:REACH]:
                    if origin in was[1:]:
                        break
                    key = (origin, *was[1:])
                    if key in left:
                        left[key] -= 1
                        if not left[key]:
                            del left[key]
                            lost[key] = plies + 2
                            queue.append(key)
    return lost


def table(lost: dict[tuple[int, ...], int]) -> str:
    """The positions lost, one of each eight alike, as the module's text."""
    for position, plies in lost.items():  # the analysis itself bears out that the eight are alike
        assert all(lost.get(image) == plies for image in symmetries(position)), position
    return three_kings_text({kings_key(position): plies for position, plies in lost.items()})


def main() -> int:
    text = table(lost_positions())
    if sys.argv[1:] == ["--check"]:
        if text != THREE_KINGS_LOST:
            print("py/pyramids/games/ice_lady.py: THREE_KINGS_LOST is not the table this analysis makes")
            return 1
        return 0
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
