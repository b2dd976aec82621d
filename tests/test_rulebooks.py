"""The rule books in ``docs/rules/``: numbered, cited, clean.

Every "rule 9" written in the code or the tests must point to a numbered rule of the right
game's book, and every numbered rule must be cited somewhere, so that a reader can go from
the rule to the code that implements it and the test that checks it, and back. The game
of a citation is the package folder it is written in (``gamekit/alfredopoly``,
``tests/almamater``, ...); a widget module is of the one game it names; a line that names
one game ("Alfredopoly rule 7") is of that game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from gamekit.core.prose import DOLLAR

ROOT = Path(__file__).resolve().parent.parent
BOOKS = {
    "alfredopoly": ROOT / "docs/rules/alfredopoly.md",
    "almamater": ROOT / "docs/rules/almamater.md",
}
GAME_NAMES = {
    "alfredopoly": re.compile(r"alfredopoly", re.I),
    "almamater": re.compile(r"alma ?mater", re.I),
}

HEADING = re.compile(r"^#{2,3} Rule (\d+): (\S.*)$", re.M)
ANCHOR = re.compile(r'^<a id="([a-z0-9-]+)"></a>$', re.M)


def github_slug(heading: str) -> str:
    """The id of a heading's anchor: lower case, spaces as hyphens, no punctuation."""
    return re.sub(r"[^a-z0-9 -]", "", heading.lower()).replace(" ", "-")


# "rule 9", "rule 9a", "rules 3 and 4", "Rules 1-2", "rule 2 / 8c", "rules 4, 7 and 24a"
CITATION = re.compile(
    r"\brules?\s+(\d+[a-z]?(?:\s*(?:,|/|-|–|\band\b|\bor\b|&)\s*\d+[a-z]?)*)", re.I
)
TEST_NAME = re.compile(r"\bdef test_rules?(\d+)([a-z]?)_")
PART = re.compile(r"(\d+)([a-z]?)")


@dataclass(frozen=True)
class Rule:
    number: int
    title: str
    body: str

    def has_part(self, letter: str) -> bool:
        """Whether the rule lists a part ``(letter)``, e.g. ``- (a) ...``."""
        return re.search(rf"^\s*- \({letter}\)", self.body, re.M) is not None


@dataclass(frozen=True)
class Citation:
    where: str
    number: int
    part: str

    def __str__(self) -> str:
        return f"rule {self.number}{self.part} in {self.where}"


def rules_of(text: str) -> dict[int, Rule]:
    """The numbered rules of a book: a rule runs from its heading to the next heading."""
    found: dict[int, Rule] = {}
    heads = list(HEADING.finditer(text))
    for head in heads:
        rest = text[head.end() :]
        nxt = re.search(r"^#{1,3} ", rest, re.M)
        body = rest[: nxt.start()] if nxt else rest
        number = int(head.group(1))
        assert number not in found, f"rule {number} is numbered twice"
        found[number] = Rule(number, head.group(2), body)
    return found


RULES = {game: rules_of(path.read_text(encoding="utf-8")) for game, path in BOOKS.items()}


def expand(group: str) -> list[tuple[int, str]]:
    """``"3 and 4"`` -> [(3, ""), (4, "")]; ``"1-3"`` -> 1, 2, 3; ``"2 / 8c"`` -> 2, 8c."""
    parts = [(int(m.group(1)), m.group(2).lower()) for m in PART.finditer(group)]
    out: list[tuple[int, str]] = []
    for i, (number, letter) in enumerate(parts):
        out.append((number, letter))
        if i and re.search(rf"\d\s*[-–]\s*{number}{letter}\b", group) and not letter:
            out.extend((k, "") for k in range(parts[i - 1][0] + 1, number))
    return out


def game_of(path: Path) -> str | None:
    """The game a source file belongs to: its package folder, or for a shared module (a
    widget) the one game it names."""
    rel = path.relative_to(ROOT).parts
    for game in BOOKS:
        if game in rel[:-1] or rel[-1].startswith(game) or rel[-1].startswith(f"play_{game}"):
            return game
    text = path.read_text(encoding="utf-8")
    named = [game for game, pattern in GAME_NAMES.items() if pattern.search(text)]
    return named[0] if len(named) == 1 else None


def sources() -> list[Path]:
    files = [p for d in ("gamekit", "widgets", "tests") for p in (ROOT / d).rglob("*.py")]
    files += list((ROOT / "gamekit" / "data").rglob("*.toml"))
    return sorted(p for p in files if p.name != Path(__file__).name)


def citations() -> tuple[dict[str, list[Citation]], list[str]]:
    """Every citation, by game; and the citations whose game cannot be told. A line that
    names one game ("Alma Mater rule 8") is of that game; otherwise the file's game counts."""
    found: dict[str, list[Citation]] = {game: [] for game in BOOKS}
    unknown: list[str] = []
    for path in sources():
        lines = path.read_text(encoding="utf-8").splitlines()
        game = None
        for n, line in enumerate(lines, 1):
            where = f"{path.relative_to(ROOT)}:{n}"
            cited = [pair for m in CITATION.finditer(line) for pair in expand(m.group(1))]
            cited += [(int(m.group(1)), m.group(2)) for m in TEST_NAME.finditer(line)]
            if not cited:
                continue
            named = [g for g, pattern in GAME_NAMES.items() if pattern.search(line)]
            game = game or game_of(path)
            here = named[0] if len(named) == 1 else game
            if here is None:
                unknown.append(f"{where}: {line.strip()}")
                continue
            found[here] += [Citation(where, number, part) for number, part in cited]
    return found, unknown


CITED, UNKNOWN = citations()


@pytest.mark.parametrize("game", list(BOOKS))
def test_rules_are_numbered_1_to_n_in_order(game: str) -> None:
    text = BOOKS[game].read_text(encoding="utf-8")
    numbers = [int(m.group(1)) for m in HEADING.finditer(text)]
    assert numbers == list(range(1, len(numbers) + 1)), f"{game}: rule numbers {numbers}"
    assert len(numbers) >= 10


def test_alfredopoly_keeps_the_numbering_of_the_rules_sheet() -> None:
    """The code cited these numbers before the book existed: 13 rules in the sheet's order."""
    titles = {n: r.title for n, r in RULES["alfredopoly"].items()}
    assert len(titles) == 13
    for number, word in [
        (1, "start"), (2, "turn"), (3, "Academic Alley"), (4, "Buying"), (5, "Fees"),
        (6, "E-Mail"), (7, "Alumni Hall"), (8, "Going to Academic Probation"),
        (9, "Leaving Academic Probation"), (10, "Sculptures"), (11, "Selling"),
        (12, "Mortgages"), (13, "Bankruptcy"),
    ]:  # fmt: skip
        assert word in titles[number], f"rule {number} is {titles[number]!r}, not about {word}"
    assert all(RULES["alfredopoly"][8].has_part(x) and RULES["alfredopoly"][9].has_part(x)
               for x in "abc")  # fmt: skip


def test_almamater_rules_follow_the_game() -> None:
    titles = [r.title for r in RULES["almamater"].values()]
    order = ["table", "founding draft", "Chancellors", "library", "Starting resources",
             "Six rounds", "Taking turns", "Placing masters", "Lectures", "Campus",
             "Academy", "Antiquarian", "Laboratory", "Park", "Bishop", "Colloquium",
             "Hall of fame", "administration", "income", "Final scoring", "winner"]  # fmt: skip
    positions = [next(i for i, t in enumerate(titles) if word in t) for word in order]
    assert positions == sorted(positions), "Alma Mater's rules are not in game order"
    scoring = RULES["almamater"][titles.index("Final scoring") + 1].body
    assert re.findall(r"^(\d)\. ", scoring, re.M) == [str(i) for i in range(1, 10)]


def test_every_citation_names_its_game() -> None:
    assert not UNKNOWN, (
        "rule citations whose game cannot be told (the file names neither or both games); "
        "name it on the line, e.g. 'Alfredopoly rule 7':\n" + "\n".join(UNKNOWN)
    )


@pytest.mark.parametrize("game", list(BOOKS))
def test_every_citation_resolves_to_a_numbered_rule(game: str) -> None:
    rules = RULES[game]
    assert CITED[game], f"no citation of the {game} rules found at all"
    bad = [
        str(c)
        for c in CITED[game]
        if c.number not in rules or (c.part and not rules[c.number].has_part(c.part))
    ]
    assert not bad, f"citations with no such rule in {BOOKS[game].name}:\n" + "\n".join(bad)


@pytest.mark.parametrize("game", list(BOOKS))
def test_every_rule_is_cited_by_code_or_a_test(game: str) -> None:
    cited = {c.number for c in CITED[game]}
    missing = [f"rule {n}: {r.title}" for n, r in RULES[game].items() if n not in cited]
    assert not missing, f"{game}: rules no code or test cites:\n" + "\n".join(missing)


def test_citation_patterns() -> None:
    found = [pair for m in CITATION.finditer(
        "rule 9a; Rules 1-3; rule 2 / 8c; rules 4, 7 and 24a; rule 25, line 2; rules.py 5"
    ) for pair in expand(m.group(1))]  # fmt: skip
    assert found == [(9, "a"), (1, ""), (3, ""), (2, ""), (2, ""), (8, "c"), (4, ""), (7, ""),
                     (24, "a"), (25, "")]  # fmt: skip


@pytest.mark.parametrize("game", list(BOOKS))
def test_books_are_clean_markdown(game: str) -> None:
    text = BOOKS[game].read_text(encoding="utf-8")
    assert text.startswith("# ") and text.count("\n# ") == 0, "one title, at the top"
    # the one piece of HTML: an anchor line above each heading (JupyterLab's Markdown
    # preview, which the lessons' links open, scrolls to an id, not to a GitHub-style slug)
    anchors = ANCHOR.findall(text)
    assert not re.search(r"<[A-Za-z!/]", ANCHOR.sub("", text).replace(DOLLAR, "")), (
        "HTML in a rule book (other than the money notation)"
    )
    lines = text.splitlines()
    for k, line in enumerate(lines):
        if re.match(r"^#{2,3} ", line):
            assert lines[k - 1] == f'<a id="{github_slug(line.lstrip("#").strip())}"></a>', (
                f"{game}.md: no anchor line above {line!r}"
            )
    # money in the kit's notation (gamekit.core.prose): no "$" in the source at all
    money = [m.start() for m in re.finditer(r"\$|&#36;|&dollar;", text.replace(DOLLAR, ""))]
    assert not money, f"write money as {DOLLAR}200 (gamekit/core/prose.py says why)"
    assert "\t" not in text and not re.search(r"[ ]+$", text, re.M)
    for link in re.findall(r"\]\(#([^)]+)\)", text):
        assert link in anchors, f"link to a missing section #{link}"
    headings = re.findall(r"^#+ (.+)$", text, re.M)
    assert "Decisions" in headings and len(re.findall(r"^- \*\*", text, re.M)) >= 10
    for table in re.findall(r"(?:^\|.*\|\n)+", text, re.M):
        widths = {row.count("|") - row.count("\\|") for row in table.splitlines()}
        assert len(widths) == 1, f"a table with ragged rows:\n{table}"
    for path in re.findall(r"`((?:gamekit|notebooks|docs)/[\w/.]+)`", text):
        assert (ROOT / path).exists(), f"{game}: names a missing file {path}"


def test_almamater_kit_defaults_point_to_every_data_file() -> None:
    text = BOOKS["almamater"].read_text(encoding="utf-8")
    section = text.split("## Kit defaults", 1)[1]
    named = set(re.findall(r"`(\w+\.toml)`", section))
    shipped = {p.name for p in (ROOT / "gamekit/data/almamater").glob("*.toml")}
    assert named == shipped
    for row in re.findall(r"^\| `\w+\.toml` .*\| ([\d, a-z to]+) \|$", section, re.M):
        for number, part in expand(row.replace(" to ", "-")):
            rule = RULES["almamater"].get(number)
            assert rule and (not part or rule.has_part(part)), f"kit defaults cite rule {number}"


def test_alfredopoly_words_a_newcomer_meets_are_explained() -> None:
    text = BOOKS["alfredopoly"].read_text(encoding="utf-8")
    table = text.split("## Words used in these rules", 1)[1].split("\n## ", 1)[0]
    words = {row.split("|")[1].strip() for row in table.splitlines() if row.startswith("| ")}
    for word in ["Academic Alley", "workstudy", "Academic Probation", "mortgage", "sculpture",
                 "statue", "Pine Hill", "fee", "organization", "railroad", "trustees",
                 "net worth", "doubles", "E-Mail", "PCC Mail"]:  # fmt: skip
        assert word in words, f"the Alfredopoly book does not explain {word!r}"


def test_the_code_points_to_the_rule_book_in_the_repository() -> None:
    stale = []
    for path in sources():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"(?<!docs/)rules/(alfredopoly|almamater)\.md", line):
                stale.append(f"{path.relative_to(ROOT)}:{n}")
    assert not stale, "references to rules/*.md outside docs/:\n" + "\n".join(stale)


def test_alfredopoly_book_and_code_agree_on_the_numbers() -> None:
    """The amounts a rule states are the engine's defaults (read from the spec and board)."""
    from gamekit.alfredopoly.spec import AlfredopolySpec

    spec = AlfredopolySpec()
    rules = RULES["alfredopoly"]
    text = BOOKS["alfredopoly"].read_text(encoding="utf-8")
    alumni, hot_dog = spec.board.spaces[4], spec.board.spaces[38]
    assert f"{DOLLAR}{spec.starting_cash} in cash" in rules[1].body
    assert f"{DOLLAR}{spec.salary} workstudy" in rules[3].body
    assert f"{DOLLAR}{alumni.tax} or {alumni.tax_percent}% of their net worth" in rules[7].body
    assert "on one of their next three turns" in rules[9].body and spec.jail_tries == 3
    assert f"(c) paying the trustees {DOLLAR}{spec.jail_fine}" in rules[9].body
    assert f"plus {spec.interest_percent}% interest" in rules[12].body
    assert f"{spec.sculptures} sculptures and {spec.statues} statues" in text
    assert f"a flat {DOLLAR}{hot_dog.tax} fee" in text and hot_dog.tax_percent in (0, None)
    assert not (spec.auction or spec.free_parking_jackpot), "house rules are off by default"


def test_almamater_book_and_data_agree_on_the_facts() -> None:
    from gamekit.almamater import load_components

    c = load_components()
    rules = RULES["almamater"]
    assert f"{c.board.masters_start} masters" in rules[1].body
    assert f"{c.board.dictionaries_supply} dictionaries" in rules[1].body
    assert f"The game has {c.board.rounds} rounds" in rules[9].body
    assert f"more than {c.board.masters_max} masters" in rules[22].body
    assert f"reaching {c.board.prestige_threshold}" in rules[22].body
    assert f"{c.board.lab_max_paid} more" in rules[17].body
    ranks = c.reputation.final[1]  # 3 players: the published 12 / 7 / 3
    assert f"{ranks[0]}, {ranks[1]} or {ranks[2]} prestige" in rules[25].body
    one, two, three = c.bust_prestige
    assert f"give {one}, {two} or {three} prestige" in rules[25].body


# Talk about the project, not the game: the rules page (notebooks/rules.ipynb) shows both books
# whole to a learner, who has no use for "a test checks ..." or "the brief the kit is built from".
PROJECT_TALK = re.compile(r"\btest(?:s|ed|_\w+)?\b|`tests/|\bbrief\b|\bpytest\b", re.I)


def project_talk(text: str) -> list[str]:
    """Each place ``text`` talks about the project's tests or brief, with a little context.

    >>> project_talk("The code and its tests cite rule 9; the kit follows the brief.")
    [' code and its tests cite rul', 't follows the brief.']
    >>> project_talk("A player who rolls doubles tries again; the contest is over.")
    []
    """
    return [text[max(0, m.start() - 14) : m.end() + 9] for m in PROJECT_TALK.finditer(text)]


@pytest.mark.parametrize("game", sorted(BOOKS))
def test_the_rule_books_speak_to_a_learner_not_of_the_project(game: str) -> None:
    """The rules page showed "The code and its tests cite these rule numbers, and a test
    checks ...", "(`tests/test_lessons.py` recomputes these)" and "the English brief the kit
    is built from": a fresh reader rated the page 3 of 5 for it."""
    text = " ".join(BOOKS[game].read_text(encoding="utf-8").split())
    found = project_talk(text)
    assert not found, f"docs/rules/{game}.md talks about the project: {found}"


def test_the_rules_page_speaks_to_a_learner_not_of_the_project() -> None:
    import nbformat

    nb = nbformat.read(ROOT / "notebooks" / "rules.ipynb", as_version=4)
    text = " ".join(" ".join(c.source for c in nb.cells if c.cell_type == "markdown").split())
    assert not project_talk(text), project_talk(text)
