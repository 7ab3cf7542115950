"""The rules spec, docs/rules/<game>.md, is what the code cites and what the rules pages say.

Every citation of a section (`§3.7`, `section 3.4`, `rules 3.3`) or a reading (`[A16]`, `A16`) in the
comments and strings of py/, tests/ and tools/ names one that exists in its game's spec (docs/rules/
README.md says how a citation is tied to its game); no file names a path outside the repository; every
figure a rules page states is in its spec's §6, with the page's words; and the data the specs call
assumptions (IceToids' tiles, the Q-Turn tile counts, Terrafex's colouring) and the layouts are the code's.
"""

import ast
import html
import io
import pathlib
import re
import subprocess
import tokenize
from collections import Counter

import pytest

from pyramids import games
from pyramids.games import ice_turn, icetoids, terrafex

ROOT = pathlib.Path(__file__).resolve().parents[1]
SPECS = ROOT / "docs" / "rules"
CITING = ("py", "tests", "tools")  # the folders whose Python cites the specs
SELF = pathlib.Path(__file__).resolve()  # whose samples of citations and paths are meant to dangle

SECTION = re.compile(r"§\s?(\d+(?:\.\d+)*)(?:-(\d+))?"
                     r"|\b(?:[Ss]ections?|[Rr]ules(?: note)?(?: section)?)\s+(\d+(?:\.\d+)*)(?:-(\d+))?")
READING = re.compile(r"\bA(\d{1,2})\b")
EXPLICIT = re.compile(r"docs/rules/([a-z-]+)\.md")
HEADING = re.compile(r"(#{1,6})\s+(?:(\d+(?:\.\d+)*)\.?\s)?")
LIST_ITEM = re.compile(r"(\d+)\.\s")
TABLE_READING = re.compile(r"\|\s*A(\d+)\s*\|")

# A path to a document, with at least one folder: it must be a file of the repository.
DOCUMENT_PATH = re.compile(r"(?<![\w/.:-])((?:\.\.?/)*[\w-][\w.-]*(?:/[\w.-]+)+\.(?:md|txt))(?![\w/])")
OUTSIDE = re.compile(r"\.\./" + "shared\\b")  # the team's folder beside the repository, which a clone lacks

NUMBER = re.compile(r"(?<![A-Za-z\d])\d{1,3}(?:,\d{3})+(?!\d)|(?<![A-Za-z\d])\d+")
WORDS = {word: n for n, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen".split())}
NUMBER_WORD = re.compile(r"\b(" + "|".join(WORDS) + r")\b", re.IGNORECASE)


# -- the specs --------------------------------------------------------------------------------------

def spec_text(game_id: str) -> str:
    return (SPECS / f"{game_id}.md").read_text(encoding="utf-8")


def outline(text: str) -> tuple[set[str], set[int], list[str]]:
    """(section numbers, reading numbers, problems) of a spec: a numbered heading is a section, and so is
    each item of a numbered list right under one (`§3.2.4`); a row `| A4 |` of a table is a reading."""
    sections: set[str] = set()
    readings: set[int] = set()
    problems = []
    current, fenced = None, False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            continue
        found = HEADING.match(line)
        item = LIST_ITEM.match(line)
        number = found.group(2) if found else f"{current}.{item.group(1)}" if item and current else None
        if found:
            current = number
        if number:
            if number in sections:
                problems.append(f"§{number} is defined twice")
            sections.add(number)
        row = TABLE_READING.match(line)
        if row:
            if int(row.group(1)) in readings:
                problems.append(f"A{row.group(1)} is defined twice")
            readings.add(int(row.group(1)))
    return sections, readings, problems


def section(text: str, number: str) -> str:
    """The text of one numbered section, its subsections included."""
    lines = text.splitlines()
    for start, line in enumerate(lines):
        found = HEADING.match(line)
        if found and found.group(2) == number:
            level = len(found.group(1))
            end = next((k for k in range(start + 1, len(lines))
                        if (h := HEADING.match(lines[k])) and len(h.group(1)) <= level), len(lines))
            return "\n".join(lines[start + 1:end])
    raise AssertionError(f"no section {number}")


def rows_of(game_id: str, number: str) -> list[list[str]]:
    """The rows of the tables in one section of a spec, without their headers: a list of cells each."""
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in section(spec_text(game_id), number).splitlines() if line.startswith("|")]
    rule = [set(row[0]) <= {"-"} for row in rows] + [False]  # the line under a table's header
    return [row for k, row in enumerate(rows) if not rule[k] and not rule[k + 1]]


# -- citations ------------------------------------------------------------------------------------------

def game_named(name: str) -> str | None:
    """The one game a path or a function's name names (`test_ice_turn_view.py`, `_terrafex_swings`)."""
    squeezed = name.lower().replace("_", "").replace("-", "")
    named = [game_id for game_id in games.ids() if game_id.replace("-", "") in squeezed]
    return named[0] if len(named) == 1 else None


def file_game(where_from: str, source: str) -> str | None:
    """The game a file is about: the one its path names, else the one whose spec its docstring names."""
    named = game_named(where_from)
    if named is None:
        docstring = {m.group(1) for m in EXPLICIT.finditer(ast.get_docstring(ast.parse(source)) or "")}
        named = docstring.pop() if len(docstring) == 1 else None
    return named


def scopes(source: str) -> list[tuple[int, int, str]]:
    """(first line, last line, name) of every function and class, outermost first."""
    found = [(node.lineno, node.end_lineno, node.name) for node in ast.walk(ast.parse(source))
             if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
    return sorted(found, key=lambda scope: (scope[0], -scope[1]))


def citations(source: str) -> list[tuple[int, str, str | None]]:
    """(line, `§3.7` or `[A16]`, the game named explicitly before it) of each citation in comments and
    strings."""
    if not (SECTION.search(source) or READING.search(source)):  # no need to read its tokens
        return []
    middle = getattr(tokenize, "FSTRING_MIDDLE", None)
    out = []
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type not in (tokenize.COMMENT, tokenize.STRING, middle):
            continue
        text = token.string
        named = [(m.start(), m.group(1)) for m in EXPLICIT.finditer(text)]
        found = [(m.start(), m) for m in SECTION.finditer(text)] + [(m.start(), m) for m in READING.finditer(text)]
        for at, m in found:
            line = token.start[0] + text.count("\n", 0, at)
            explicit = next((game for where, game in reversed(named) if where < at), None)
            if m.re is READING:
                out.append((line, f"[A{m.group(1)}]", explicit))
                continue
            number, last = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            out.append((line, f"§{number}", explicit))
            if last:  # a range: §2.2-3 is §2.2 to §2.3
                head, _, first = number.rpartition(".")
                out.extend((line, f"§{head}.{k}" if head else f"§{k}", explicit)
                           for k in range(int(first) + 1, int(last) + 1))
    return out


def cited(root: pathlib.Path, paths: list[pathlib.Path]) -> list[tuple[str, int, str, str | None]]:
    """(file, line, `§3.7` or `[A16]`, its game) of each citation in `paths`: the game named before it in
    its comment or string, else the file's, else that of the innermost function or class naming one."""
    out = []
    for path in paths:
        source = path.read_text(encoding="utf-8")
        found = citations(source)
        if not found:
            continue
        where_from = path.relative_to(root).as_posix()
        about, enclosing = file_game(where_from, source), None
        for line, citation, explicit in found:
            game_id = explicit or about
            if game_id is None:
                enclosing = enclosing if enclosing is not None else scopes(source)
                game_id = next((game for first, last, name in reversed(enclosing)
                                if first <= line <= last and (game := game_named(name))), None)
            out.append((where_from, line, citation, game_id))
    return out


def citation_problems(found: list[tuple[str, int, str, str | None]]) -> list[str]:
    """Each citation that names no game, a game without a spec, or a section or a reading its game's spec
    lacks."""
    outlines: dict[str, tuple] = {}
    problems = []
    for where_from, line, citation, game_id in found:
        if game_id is None:
            problems.append(f"{where_from}:{line}: {citation} names no game: write docs/rules/<game>.md {citation}")
            continue
        if not (SPECS / f"{game_id}.md").exists():
            problems.append(f"{where_from}:{line}: {citation}: there is no docs/rules/{game_id}.md")
            continue
        if game_id not in outlines:
            outlines[game_id] = outline(spec_text(game_id))
        sections, readings, _ = outlines[game_id]
        missing = citation[1:] not in sections if citation[0] == "§" else int(citation[2:-1]) not in readings
        if missing:
            problems.append(f"{where_from}:{line}: {citation} is not in docs/rules/{game_id}.md")
    return problems


def python_files() -> list[pathlib.Path]:
    return sorted(path for folder in CITING for path in (ROOT / folder).rglob("*.py")
                  if "__pycache__" not in path.parts and path != SELF)


def test_every_game_has_a_spec_whose_numbers_are_defined_once():
    for game_id in games.ids():
        sections, readings, problems = outline(spec_text(game_id))
        assert problems == [], game_id
        assert {"1", "2", "3", "4", "5", "6"} <= sections, game_id
        assert readings == set(range(1, max(readings) + 1)), f"{game_id}: the readings are A1 to A{max(readings)}"


def test_every_citation_in_the_code_and_the_tests_is_in_its_games_spec():
    found = cited(ROOT, python_files())
    assert len(found) > 300
    assert citation_problems(found) == []


def test_a_dangling_citation_or_one_without_a_game_is_reported(tmp_path):
    (tmp_path / "tests").mkdir()
    own = tmp_path / "tests" / "test_ice_lady_sample.py"
    own.write_text('"""§3.3 and [A9] exist; §3.9 and [A40] do not."""\n', encoding="utf-8")
    other = tmp_path / "tests" / "test_sample.py"
    other.write_text('def test_terrafex_sample():\n    """§3.7, section 3.8, rules 9.1 [A25] A26."""\n\n\n'
                     'def test_sample():\n    """§4; docs/rules/ice-turn.md §2.2-3 and A29, A30."""\n'
                     '# docs/rules/chess.md §1\n', encoding="utf-8")
    assert citation_problems(cited(tmp_path, [own, other])) == [
        "tests/test_ice_lady_sample.py:1: §3.9 is not in docs/rules/ice-lady.md",
        "tests/test_ice_lady_sample.py:1: [A40] is not in docs/rules/ice-lady.md",
        "tests/test_sample.py:2: §9.1 is not in docs/rules/terrafex.md",
        "tests/test_sample.py:2: [A26] is not in docs/rules/terrafex.md",
        "tests/test_sample.py:6: §4 names no game: write docs/rules/<game>.md §4",
        "tests/test_sample.py:6: [A30] is not in docs/rules/ice-turn.md",
        "tests/test_sample.py:7: §1: there is no docs/rules/chess.md",
    ]


# -- paths ----------------------------------------------------------------------------------------------

def repository_files(root: pathlib.Path) -> list[pathlib.Path]:
    """The repository's files, committed or not (but not the ignored ones: build output, node_modules)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=root,
                            capture_output=True, check=True).stdout.decode().split("\0")
    return sorted(root / name for name in listed if name and (root / name).is_file())


def path_problems(root: pathlib.Path, paths: list[pathlib.Path]) -> list[str]:
    """Each mention in `paths` of the folder beside the repository, or of a document that is not in it
    (looked for from the repository's root and from the mentioning file's folder)."""
    problems = []
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # an image, a font
        where_from = path.relative_to(root).as_posix()
        for m in OUTSIDE.finditer(text):
            problems.append(f"{where_from}:{text.count(chr(10), 0, m.start()) + 1}: names {m.group()}, outside the "
                            "repository")
        for m in DOCUMENT_PATH.finditer(text):
            named = m.group(1)
            inside = [base / named for base in (root, path.parent)]
            if not any(p.resolve().is_relative_to(root.resolve()) and p.is_file() for p in inside):
                problems.append(f"{where_from}:{text.count(chr(10), 0, m.start()) + 1}: names {named}, which is "
                                "not a file of the repository")
    return problems


def test_nothing_in_the_repository_names_a_path_outside_it():
    files = repository_files(ROOT)
    assert ROOT / "docs" / "rules" / "README.md" in files
    assert path_problems(ROOT, [path for path in files if path != SELF]) == []


def test_a_path_outside_the_repository_is_reported(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "here.md").write_text("here\n", encoding="utf-8")
    sample = tmp_path / "docs" / "sample.md"
    sample.write_text("docs/here.md and here.md are here, and so is https://example.org/a/b.md.\n"
                      "The notes: " + "../" + "shared/rules/ice-lady.md, rules/ice-lady.md.\n", encoding="utf-8")
    assert path_problems(tmp_path, [sample]) == [
        "docs/sample.md:2: names ../" + "shared, outside the repository",
        "docs/sample.md:2: names ../" + "shared/rules/ice-lady.md, which is not a file of the repository",
        "docs/sample.md:2: names rules/ice-lady.md, which is not a file of the repository",
    ]


# -- the rules pages ------------------------------------------------------------------------------------

def page_text(page: str) -> str:
    """What a rules page says, as text, without its notation (its moves' numbers are not rules)."""
    page = page.split("<h4>Notation</h4>")[0]
    page = re.sub(r"<code>.*?</code>", "", page, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", page))).strip()


def numbers(text: str) -> Counter:
    """The numbers in `text`, in figures (`2,000`, `8×8`) and in words (`four`)."""
    found = Counter(int(m.group().replace(",", "")) for m in NUMBER.finditer(text))
    found.update(WORDS[m.group().lower()] for m in NUMBER_WORD.finditer(text))
    return found


def page_rows(game_id: str) -> list[tuple[str, str, str]]:
    """§6 of a spec: (what, value, the page's words) for each number the rules page states."""
    return [(what, value, words.strip('"')) for what, value, words in rows_of(game_id, "6")]


def page_problems(game_id: str, page: str) -> list[str]:
    """Where a rules page and its spec's §6 disagree: a phrase the page no longer says, a phrase without
    its value's numbers, a figure on the page that no phrase holds."""
    text, problems, covered = page_text(page), [], set()
    for what, value, words in page_rows(game_id):
        if numbers(value) - numbers(words):
            problems.append(f"{what}: {value!r} is not what {words!r} says")
        spans = [m.span() for m in re.finditer(re.escape(words), text)]
        if not spans:
            problems.append(f"{what}: the page no longer says {words!r}")
        covered.update(k for start, end in spans for k in range(start, end))
    for m in NUMBER.finditer(text):
        if m.start() not in covered:
            problems.append(f"the page says {m.group()} ({text[max(0, m.start() - 30):m.end() + 20]!r}), "
                            f"which docs/rules/{game_id}.md §6 does not list")
    return problems


@pytest.mark.parametrize("game_id", games.ids())
def test_each_rules_page_states_its_specs_numbers(game_id):
    rows = page_rows(game_id)
    assert len(rows) >= 5
    assert page_problems(game_id, games.rules_page(game_id)) == []


def test_a_number_the_page_changes_is_reported():
    page = games.rules_page("ice-lady").replace("(2006)", "(2007)").replace("keeps four larges", "keeps five larges")
    assert page_problems("ice-lady", page) == [
        "The original's year: the page no longer says 'Olle Johansson (2006)'",
        "Larges in reserve: the page no longer says 'Each player keeps four larges beside the board'",
        "the page says 2007 ('h checkers by Olle Johansson (2007), played with stack'), "
        "which docs/rules/ice-lady.md §6 does not list",
    ]


# -- the assumptions, kept as data ------------------------------------------------------------------------

def test_the_icetoids_tiles_in_the_spec_are_the_games():
    """§1.2 [A2, A3]: the 16 tiles are an assumption, kept as data in one place of the code."""
    spec = {kind.split()[0]: (int(count), "".join(arrows.replace("none", "").replace(",", "").split()))
            for count, kind, arrows in rows_of("icetoids", "1.2")}
    assert spec == {name: (tile.copies, tile.arrows) for name, tile in icetoids.TILESET.items()}


def test_the_q_turn_tile_counts_in_the_spec_are_the_games():
    """§1.1 [A1]: how many tiles of each kind is an assumption, kept as data in one place of the code."""
    spec = {kind: int(count) for count, kind in rows_of("ice-turn", "1.1")}
    assert spec == {name: kind.copies for name, kind in ice_turn.TILES.items()}


def test_the_terrafex_colouring_in_the_spec_is_the_games():
    """§1.1 [A3]: the outer band of each square is the map's colour, the inner band the same, the middle
    band the other."""
    grid = re.findall(r"^([1-7])  ((?:[WB] ){7}[WB])$", section(spec_text("terrafex"), "1.1"), flags=re.M)
    assert [int(row) for row, _ in grid] == list(range(1, terrafex.ROWS + 1))
    owner = {"W": "white", "B": "black"}
    for row, colours in grid:
        for col, colour in enumerate(colours.split()):
            index = (int(row) - 1) * terrafex.COLS + col
            outer = owner[colour]
            assert terrafex.band_owner(index, 3) == terrafex.band_owner(index, 1) == outer, terrafex.NAMES[index]
            assert terrafex.band_owner(index, 2) != outer, terrafex.NAMES[index]


@pytest.mark.parametrize("layout, number", [("1", "2.1"), ("2", "2.2")])
def test_the_terrafex_layouts_in_the_spec_are_the_games(layout, number):
    spec = {square.strip(): re.search(r"`(\w+)`", piece).group(1)
            for squares, piece in rows_of("terrafex", number) for square in squares.split(",")}
    assert spec == terrafex.LAYOUTS[layout]
