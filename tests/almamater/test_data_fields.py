"""Every field of ``gamekit/data/almamater/*.toml`` is honoured: changed in a copy of the
folder, it changes the game (or the loader refuses it, naming file, entry and field); a
field the kit does not know is refused the same way.

The copies are written as JSON (the loader reads ``family.json`` as well as ``.toml``).
"""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gamekit.almamater.actions import HallOfFame, HireProfessor, Pass
from gamekit.almamater.bots import BOTS
from gamekit.almamater.components import DEFAULT_FOLDER, FAMILIES, load_components
from gamekit.almamater.records import FACULTIES, REQUIREMENT_KINDS
from gamekit.almamater.rules import legal_actions, outcome, step
from gamekit.almamater.setup import new_game
from gamekit.almamater.spec import make_spec
from gamekit.almamater.state import replace
from gamekit.core.errors import DataError
from gamekit.core.rng import make_rng
from tests.almamater.helpers import act, blank, settle, setup_done, with_game

RAW = {f: tomllib.loads((DEFAULT_FOLDER / f"{f}.toml").read_text("utf-8")) for f in FAMILIES}
Path_ = tuple[Any, ...]


def write(folder: Path, raw: dict[str, dict[str, Any]]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for family, data in raw.items():
        (folder / f"{family}.json").write_text(json.dumps(data), "utf-8")
    return folder


def field_paths(data: Any, path: Path_ = ()) -> Iterator[Path_]:
    """Every leaf field as a path; ``"*"`` stands for every entry of a list of tables."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from field_paths(value, (*path, key))
    elif isinstance(data, list) and data and all(isinstance(v, dict) for v in data):
        seen: set[Path_] = set()
        for entry in data:
            for p in field_paths(entry, (*path, "*")):
                if p not in seen:
                    seen.add(p)
                    yield p
    else:
        yield path


FIELDS = sorted(
    {(family, p) for family, data in RAW.items() for p in field_paths(data) if p[0] != "about"}
)
ROTATE = {
    **{f: FACULTIES[(i + 1) % 4] for i, f in enumerate(FACULTIES)},
    **{"a": "b", "b": "c", "c": "a"},
    **{x: "ABCDE"[("ABCDE".index(x) + 1) % 5] for x in "ABCDE"},
}


def changed(value: Any, key: Any) -> Any:
    """A different value of the same kind (valid where a valid one is easy to find)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        if key == "ability":
            return None  # handled by rotating all abilities (see perturb)
        return ROTATE.get(value, value + " (changed)")
    if isinstance(value, list):
        if key == "marked":
            return ["A3", "B3"]
        if key == "in_play":
            return ["a", "a", "b"]
        return [changed(v, key) for v in value]
    raise TypeError(value)


FIXED_AMOUNTS = ("founding_bonus", "free_lectures", "library_income")  # Glareanus, Alberti,
# Copernicus (x2)
# prices a fact holds to a range (Colloquium 2-4, Antiquarian 3-9 ducats; refused outside it,
# tests/almamater/test_audit_validation.py), and the founding cards' white numbers (1-12):
# rotated among the entries instead of + 1
ROTATED = {
    ("compartment", "*", "price"),
    ("antiquarian", "offers", "*", "ducats"),
    ("card", "*", "white"),
}


def perturb(data: Any, path: Path_) -> None:
    """Change the field at ``path`` in every entry it appears in."""
    if path in ROTATED:
        entries = data
        for k in path[:-2]:
            entries = entries[k]
        values = [e[path[-1]] for e in entries]
        for e, v in zip(entries, values[1:] + values[:1], strict=True):
            e[path[-1]] = v
        return
    key, rest = path[0], path[1:]
    if key == "*":
        entries = data
        if rest == ("ability",):  # each chancellor takes the next one's ability with its
            # amount and its words (the text must give the amount: Alberti's "your lectures
            # cost no book" would read as 1 under Paracelsus' amount 2 and be refused)
            words = ("ability", "amount", "text", "text_many")
            abilities = [{k: e[k] for k in words if k in e} for e in entries]
            for e, taken in zip(entries, abilities[1:] + abilities[:1], strict=True):
                e.pop("text_many", None)
                e.update(taken)
            return
        if rest == ("amount",):  # Glareanus' 1, Alberti's 0 and Copernicus' 2 cannot vary
            # (refused otherwise: test_chancellor_amounts.py, test_audit_validation.py)
            for e in entries:
                if e.get("ability") not in FIXED_AMOUNTS:
                    e["amount"] += 1
            return
        for entry in entries:
            if rest[0] in entry:
                perturb(entry, rest)
        return
    if key not in data:
        return
    if not rest:
        _set(data, key)
    else:
        perturb(data[key], rest)


def _set(table: dict[str, Any], key: str) -> None:
    table[key] = changed(table[key], key)


def play(folder: Path | None) -> list[str]:
    """Narrated random games with 2, 3 and 4 players: every action and event in words, the
    final states and the outcomes."""
    out: list[str] = []
    for players, seed in ((2, 1), (3, 2), (4, 3), (3, 4), (4, 5), (2, 6)):
        spec = make_spec(players, folder)
        rng = make_rng(seed)
        state = new_game(spec, seed=rng)
        out.append(repr(state))
        while state.phase != "over":
            action = BOTS["random"](spec, state, legal_actions(spec, state), rng)
            result = step(spec, state, action)
            out.append(str(action))
            out.extend(e.text for e in result.events)
            state = result.state
        out.append(repr(state))
        out.append(repr(outcome(spec, state)))
    return out


# fields whose every simple change the loader refuses (a loader response, named below)
REFUSED = {
    ("shelves", ("shelves", "library")): "must be count - 1",
    ("shelves", ("shelves", "count")): "must be count - 1",
    ("board", ("colloquium", "max_dictionaries")): "must be <= 1",
    ("board", ("campus", "rows")): "rows x columns",
    ("board", ("campus", "column", "*", "ranks")): "ranks run from 1",
    ("students", ("student", "*", "effect", "timing")): "must be one of",
    ("students", ("student", "*", "column")): "beyond the campus columns",
    ("students", ("student", "*", "faculty")): "(fact: Mathematics students score prestige",
    ("students", ("student", "*", "effect", "space")): "must be one of",
}
# fields holding a number a fact states (the file's [about] facts): + 1 is refused naming the
# fact; the same edit in a file that declares a variant ([about] variant) changes the game
FACT_FIELDS: set[tuple[str, Path_]] = {
    *(
        ("board", path)
        for path in (
            ("rounds", "count"),
            ("masters", "start"),
            ("masters", "prestige_threshold"),
            ("laboratory", "free_steps"),
            ("laboratory", "max_paid_steps"),
            ("lecture_halls", "storage_empty"),
            ("supply", "dictionaries"),
        )
    ),
    ("glory", ("busts", "per_stack")),
    ("glory", ("busts", "prestige")),
    ("professors", ("copies", "per_type")),
    ("professors", ("copies", "types_in_play_per_faculty")),
    ("reputation", ("final", "players_3")),
    ("reputation", ("final", "players_4")),
    ("shelves", ("shelves", "income_per_book")),
    ("students", ("copies", "per_kind")),
}
# fields that random games seldom reach: a probe test of their own shows the game respond
# (no player of the seeded random games reaches 15 prestige or hires the Arts laureate, the
# only student whose effect gives dictionaries); a probed fact field's probe checks the refusal
PROBED = {
    ("board", ("masters", "max")): "test_masters_max_caps_the_extra_masters",
    ("board", ("masters", "prestige_threshold")): "test_prestige_threshold_gives_the_extra_master",
    ("board", ("lecture_halls", "row_a")): "test_lecture_hall_rows_set_the_free_slots",
    ("board", ("lecture_halls", "row_b")): "test_lecture_hall_rows_set_the_free_slots",
    **{
        ("glory", ("tile", "*", "requirements", kind)): "test_glory_tile_requirements_decide"
        for kind in REQUIREMENT_KINDS
    },
    (
        "professors",
        ("professor", "*", "lecture", "dictionaries"),
    ): "test_lecture_gain_and_step_cost",
    ("research", ("card", "*", "steps", "*", "dictionaries")): "test_lecture_gain_and_step_cost",
    (
        "students",
        ("student", "*", "effect", "dictionaries"),
    ): "test_student_effect_dictionaries",
}


@pytest.fixture(scope="module")
def baseline() -> list[str]:
    return play(None)


@pytest.mark.parametrize(("family", "path"), FIELDS, ids=lambda x: str(x))
def test_every_data_field_changes_the_game_or_is_refused(
    tmp_path: Path, baseline: list[str], family: str, path: Path_
) -> None:
    if (family, path) in PROBED:
        assert PROBED[(family, path)] in globals()
        return
    raw = copy.deepcopy(RAW)
    perturb(raw[family], path)
    folder = write(tmp_path / "data", raw)
    if (family, path) in FACT_FIELDS:
        with pytest.raises(DataError) as err:
            play(folder)
        assert f"{family}.json" in str(err.value) and "(fact: " in str(err.value)
        raw[family]["about"]["variant"] = "a test of what the field does"
        assert play(write(tmp_path / "variant", raw)) != baseline
        return
    if (family, path) in REFUSED:
        try:
            games = play(folder)
        except DataError as exc:
            assert f"{family}.json" in str(exc) and REFUSED[(family, path)] in str(exc)
            return
        assert games != baseline
        return
    assert play(folder) != baseline, f"{family}: {'.'.join(map(str, path))} changed nothing"


def test_every_family_and_field_is_covered() -> None:
    """The walk above finds the fields of all nine files (a guard against an empty list)."""
    assert {family for family, _ in FIELDS} == set(FAMILIES)
    assert ("glory", ("busts", "in_play")) in FIELDS
    assert ("glory", ("busts", "per_player")) in FIELDS
    assert ("professors", ("copies", "one_per_type")) in FIELDS
    assert len(FIELDS) > 80


def test_about_notes_are_what_the_loader_reports(tmp_path: Path) -> None:
    raw = copy.deepcopy(RAW)
    raw["glory"]["about"]["kit_defaults"]["per_player"] = "a teacher's note"
    raw["glory"]["about"]["facts"].append("a new fact")
    notes = load_components(write(tmp_path / "d", raw)).notes
    assert any(n.field == "per_player" and n.text == "a teacher's note" for n in notes)
    assert any(n.status == "fact" and n.text == "a new fact" for n in notes)


# -- unknown fields ----------------------------------------------------------------------
UNKNOWN = [
    ("glory", lambda d: d["busts"].update(per_playr=2), "busts", "per_playr"),
    ("professors", lambda d: d["copies"].update(one_per_typ=False), "copies", "one_per_typ"),
    ("board", lambda d: d["park"].update(prise=2), "park", "prise"),
    ("board", lambda d: d.update(parc={"price": 2}), "top level", "parc"),
    (
        "board",
        lambda d: d["antiquarian"]["offers"][1].update(book=3),
        "antiquarian offer 2",
        "book",
    ),
    ("shelves", lambda d: d["compartment"][0].update(prestig=1), "compartment 1", "prestig"),
    ("reputation", lambda d: d["final"].update(players_5=[1]), "final", "players_5"),
    ("students", lambda d: d["copies"].update(per_knd=3), "copies", "per_knd"),
    (
        "students",
        lambda d: d["student"][0]["effect"].update(ducat=1),
        "student 'Arts freshman' effect",
        "ducat",
    ),
    ("founding", lambda d: d["card"][2].update(dukats=3), "card 'F03'", "dukats"),
    ("research", lambda d: d["card"][0].update(milestones={}), "card 1", "milestones"),
    ("chancellors", lambda d: d["chancellor"][0].update(amout=2), "chancellor 1", "amout"),
    ("glory", lambda d: d["tile"][0].update(lvl="a"), "tile 1", "lvl"),
    ("research", lambda d: d["about"].update(family="research"), "about", "family"),
]


@pytest.mark.parametrize(("family", "edit", "entry", "field"), UNKNOWN)
def test_unknown_fields_are_refused_naming_file_entry_and_field(
    tmp_path: Path, family: str, edit: Any, entry: str, field: str
) -> None:
    raw = copy.deepcopy(RAW)
    edit(raw[family])
    with pytest.raises(DataError) as err:
        load_components(write(tmp_path / "d", raw))
    assert (Path(err.value.file).name, err.value.entry, err.value.field) == (
        f"{family}.json",
        entry,
        field,
    )
    assert "unknown field" in err.value.problem


# -- the three fields the audit found ignored ------------------------------------------------
def _spec_with(
    tmp_path: Path, family: str, table: str, variant: str | None = None, **changes: Any
) -> Any:
    """The spec of a copy of the kit's data with ``changes`` to ``family``'s ``table``;
    ``variant`` declares a variant in that file (needed to change a number a fact states)."""
    raw = copy.deepcopy(RAW)
    raw[family][table].update(changes)
    if variant is not None:
        raw[family]["about"]["variant"] = variant
    return make_spec(3, write(tmp_path / "d", raw))


def test_a_second_music_professor_with_one_per_type_false(tmp_path: Path) -> None:
    """Probe: ``one_per_type = false`` lets a player hire a second Music professor (seed 0
    academy: History, Music, ...), who scores and lectures like the first."""
    spec_default, s = blank(3, 0, ducats=30, storage=(8, 8, 8), professors=("Music",))
    s = with_game(s, academy_paid=(None, "red", *(None,) * 6))
    hires = [a for a in legal_actions(spec_default, s) if isinstance(a, HireProfessor)]
    assert all(a.professor != "Music" for a in hires)  # the kit default: one per type
    spec = _spec_with(tmp_path, "professors", "copies", one_per_type=False)
    s2 = act(spec, s, HireProfessor(1, "Music", "red")).state
    red = s2.players[0]
    music = spec.components.professor("Music")  # kit default: 3-4 books, 4 prestige
    # a later buyer pays the first buyer's books (red), no ducats
    assert red.professors == ("Music", "Music") and red.storage == (8 - music.books, 8, 8)
    assert red.ducats == 30
    from gamekit.almamater.rules import player_score

    # milestones 0; professors' printed prestige 4 + 4 = 8 (line 6)
    assert player_score(spec, s2, 0).lines[5].points == 2 * music.prestige
    s2 = act(spec, act(spec, act(spec, s2, Pass()).state, Pass()).state, Pass()).state
    s2 = settle(spec, s2).state  # storage over its limit at the round's end
    from gamekit.almamater.actions import GiveLecture

    assert GiveLecture("Music", "blue") in legal_actions(spec, s2)
    s2 = act(spec, s2, GiveLecture("Music", "blue")).state  # 2 prestige
    s2 = act(spec, act(spec, s2, Pass()).state, Pass()).state
    assert GiveLecture("Music", "blue") in legal_actions(spec, s2)  # the second Music
    s3 = act(spec, s2, GiveLecture("Music", "blue")).state
    assert s3.players[0].exhausted == ("Music", "Music")
    assert s3.players[0].prestige == 2 * music.lecture.prestige
    assert s3.current == 0  # Blue and Green have passed: no ready professor is left
    assert not any(isinstance(a, GiveLecture) for a in legal_actions(spec, s3))


def test_glory_per_player_lets_a_player_take_a_second_bust_from_a_tile(tmp_path: Path) -> None:
    spec_default, s = blank(3, 0, research=4, busts=("a3",), abilities=("Erasmus",))
    tiles = [a.tile for a in legal_actions(spec_default, s) if isinstance(a, HallOfFame)]
    assert "a3" not in tiles  # kit default: one bust per tile per player
    spec = _spec_with(tmp_path, "glory", "busts", per_player=2)
    tiles = [a.tile for a in legal_actions(spec, s) if isinstance(a, HallOfFame)]
    assert tiles == ["a3"]
    red = act(spec, s, HallOfFame(1, "a3")).state.players[0]
    assert red.busts == ("a3", "a3")


def test_glory_in_play_chooses_the_levels_of_the_tiles_drawn(tmp_path: Path) -> None:
    spec = _spec_with(tmp_path, "glory", "busts", in_play=["a", "a", "c"])
    for seed in range(5):
        s = new_game(spec, seed=seed)
        assert [spec.glory[t].level for t in s.glory] == ["a", "a", "c"]
        assert len(set(s.glory)) == 3
    _, s = setup_done(3, 0)
    assert [t[0] for t in s.glory] == ["a", "b", "c"]  # the kit default
    with pytest.raises(DataError, match="in_play"):
        _spec_with(tmp_path / "x", "glory", "busts", in_play=["a", "a", "a", "a"])


# -- probes for the fields random games seldom reach -------------------------------------------
def _board_spec(tmp_path: Path, table: str, **changes: Any) -> Any:
    """A board that breaks a fact (6 masters at most, rows of 6 and 5): a declared variant."""
    return _spec_with(tmp_path, "board", table, variant="a bigger board", **changes)


def test_masters_max_caps_the_extra_masters(tmp_path: Path) -> None:
    """A player with 6 masters reaching 15 prestige: no 7th master by default; one with max 7."""
    from gamekit.almamater.actions import Park

    spec, s = blank(3, 0, ducats=30, prestige=14, masters=6)
    assert act(spec, s, Park(1, 1)).state.players[0].masters == 6
    spec7 = _board_spec(tmp_path, "masters", max=7)
    assert act(spec7, s, Park(1, 1)).state.players[0].masters == 7


def test_prestige_threshold_gives_the_extra_master(tmp_path: Path) -> None:
    """Red with 14 prestige buys 1 at the Park: the 15th prestige brings a 5th master by
    default; with a threshold of 16 (a fact: refused unless the file declares a variant) it
    does not, and the 16th prestige does."""
    from gamekit.almamater.actions import Park

    spec, s = blank(3, 0, ducats=30, prestige=14)
    assert spec.components.board.prestige_threshold == 15  # the kit default
    assert act(spec, s, Park(1, 1)).state.players[0].masters == 5
    with pytest.raises(DataError, match=r"board\.json.*prestige_threshold.*\(fact: "):
        _spec_with(tmp_path / "fact", "board", "masters", prestige_threshold=16)
    spec16 = _board_spec(tmp_path, "masters", prestige_threshold=16)
    assert act(spec16, s, Park(1, 1)).state.players[0].masters == 4
    assert act(spec16, s, Park(1, 2)).state.players[0].masters == 5


def test_lecture_hall_rows_set_the_free_slots(tmp_path: Path) -> None:
    """Row A full at 6 students by default: no more hires into A; with row_a = 7 one more."""
    from gamekit.almamater.actions import HireStudent

    spec, s = blank(3, 0, storage=(5, 5, 5), row_a=("Arts scholar",) * 6, row_b=("Law clerk",) * 5)
    s = with_game(s, reputation=(0, 1, 2))
    assert not any(isinstance(a, HireStudent) for a in legal_actions(spec, s))
    spec7 = _board_spec(tmp_path, "lecture_halls", row_a=7)
    hires = [a for a in legal_actions(spec7, s) if isinstance(a, HireStudent)]
    assert hires and {a.hall for a in hires} == {"A"}
    spec6 = _board_spec(tmp_path / "b", "lecture_halls", row_b=6)
    assert {a.hall for a in legal_actions(spec6, s) if isinstance(a, HireStudent)} == {"B"}


@pytest.mark.parametrize("kind", REQUIREMENT_KINDS)
def test_glory_tile_requirements_decide(tmp_path: Path, kind: str) -> None:
    """A tile needing ``kind`` >= n: a player with exactly n meets it; with n + 1 in the file,
    the same player does not (for each requirement kind used by a tile)."""
    from gamekit.almamater.spaces import meets, requirement_value
    from gamekit.almamater.state import PlayerState

    raw = copy.deepcopy(RAW)
    tiles = [t for t in raw["glory"]["tile"] if kind in t["requirements"]]
    if tiles:
        tile = tiles[0]
    else:  # no kit tile needs this kind: the first tile gets it as its only requirement
        tile = raw["glory"]["tile"][0]
        tile["requirements"] = {kind: 2}
    names = ["Arts scholar", "Medicine intern", "Law clerk", "Mathematics tutor"]
    if kind == "faculties":  # there are 4 faculties (5 is refused): start from 3
        tile["requirements"][kind] = 3
        names = names[:3]
    need = dict(tile["requirements"])
    row_a = tuple(
        names[i % len(names)]
        for i in range(max(need.get("row_a", 0), 4, need.get("students", 0) - need.get("row_b", 0)))
    )
    p = PlayerState(
        0,
        "red",
        row_a=row_a[:6],
        row_b=("Law clerk",) * need.get("row_b", 0),
        professors=("Music",) * need.get("professors", 0),
        research=max(need.get("research", 0), 3 * need.get("milestones", 0)),
        ducats=need.get("ducats", 0),
        dictionaries=need.get("dictionaries", 0),
        prestige=need.get("prestige", 0),
    )
    spec = make_spec(3, write(tmp_path / "base", raw))
    assert meets(spec, p, spec.glory[tile["id"]])
    assert requirement_value(spec, p, kind) >= need[kind]
    tile["requirements"][kind] = requirement_value(spec, p, kind) + 1
    changed_spec = make_spec(3, write(tmp_path / "d", raw))
    assert not meets(changed_spec, p, changed_spec.glory[tile["id"]])


def test_lecture_gain_and_step_cost(tmp_path: Path) -> None:
    """Pharmacy's lecture gives 1 dictionary (2 when the file says 2); a paid research step
    onto D4's first field costs 1 dictionary (2 when the file says 2). Track A1 B2 C1 D4 E1:
    marker on 8 with a professor (field 8 needs 1), free step to 9, paid step to 10."""
    from gamekit.almamater.actions import GiveLecture, Research

    raw = copy.deepcopy(RAW)
    for prof in raw["professors"]["professor"]:
        if prof["name"] == "Pharmacy":
            prof["lecture"]["dictionaries"] = 2
    for card in raw["research"]["card"]:
        if card["id"] == "D4":
            card["steps"][0]["dictionaries"] = 2
    changed_spec = make_spec(3, write(tmp_path / "d", raw))
    spec, s = blank(3, 0, storage=(5, 5, 5), ducats=30, dictionaries=3, professors=("Pharmacy",))
    s = with_game(s, research_track=("A1", "B2", "C1", "D4", "E1"))
    lecture = GiveLecture("Pharmacy", "blue")
    assert act(spec, s, lecture).state.players[0].dictionaries == 4
    assert act(changed_spec, s, lecture).state.players[0].dictionaries == 5
    s = with_game(s, players=(replace(s.players[0], research=8), *s.players[1:]))
    assert act(spec, s, Research(1, 1)).state.players[0].dictionaries == 2
    assert act(changed_spec, s, Research(1, 1)).state.players[0].dictionaries == 1


def test_student_effect_dictionaries(tmp_path: Path) -> None:
    """The Arts laureate (seed 0: campus row 2, price column 4: 2 top-ranked books and 1
    dictionary) gives 1 dictionary at once (2 when the file says 2): Red with 3 dictionaries
    keeps 3 (3 - 1 + 1), or has 4 (3 - 1 + 2)."""
    from gamekit.almamater.actions import HireStudent

    raw = copy.deepcopy(RAW)
    perturb(raw["students"], ("student", "*", "effect", "dictionaries"))  # as the test above
    changed_spec = make_spec(3, write(tmp_path / "d", raw))
    spec, s = blank(3, 0, ducats=30, storage=(5, 5, 5), dictionaries=3)
    assert spec.components.student("Arts laureate").gain.dictionaries == 1  # the kit default
    s = with_game(s, reputation=(0, 1, 2))
    hire = HireStudent(1, 2, 4, "Arts laureate", "A")
    assert act(spec, s, hire).state.players[0].dictionaries == 3
    assert act(changed_spec, s, hire).state.players[0].dictionaries == 4
