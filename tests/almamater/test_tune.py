"""``gamekit almamater tune`` (issue 27): a run repeats from its seed, a stopped study
resumes, the facts of the data files are never changed, a missing Optuna gives the extra's
one-line error, bad arguments exit 2 with one line; and the balance report's new measures
against a second computation on hand-made frames.

Lean: 2-player games of one line-up, 3 games a trial, a few trials (about 10 s in all on
the 2-core test machine)."""

from __future__ import annotations

import io
import math
import statistics
import sys
import tomllib
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from gamekit.almamater import balance as B
from gamekit.almamater.components import DEFAULT_FOLDER, load_components
from gamekit.almamater.scoring import DURING_PLAY, RULES
from gamekit.almamater.tune import (
    EXTRA_HINT,
    REFUSED,
    SPACE_TABLE,
    read_value,
    search_space,
    tune,
    write_candidate,
)
from gamekit.cli import main
from gamekit.core.errors import DataError, GamekitError

pytest.importorskip("optuna")

SMALL: dict[str, Any] = {"games": 3, "seed": 6, "players": (2,), "lineups": [("scholar", "dean")]}


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def _trials(result: Any) -> list[tuple[dict[str, int], float]]:
    return [(t.params, t.value) for t in result.study.trials]


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Two straight 4-trial runs from the same seed (each writing its folder and report)
    and one run of 2 trials resumed for 2 more on its study file."""
    root = tmp_path_factory.mktemp("tune")
    out: dict[str, Any] = {"root": root}
    for name in ("a", "b"):
        out[name] = tune(trials=4, study=root / f"{name}.log", out=root / f"{name}-out",
                         report=root / f"{name}.md", **SMALL)  # fmt: skip
    out["first"] = tune(trials=2, study=root / "c.log", **SMALL).trials
    out["c"] = tune(trials=2, study=root / "c.log", out=root / "c-out", **SMALL)
    return out


def test_a_run_repeats_from_its_seed(runs: dict[str, Any]) -> None:
    a, b, root = runs["a"], runs["b"], runs["root"]
    assert a.trials == b.trials == 4
    assert _trials(a) == _trials(b)
    # the sampler did propose other values than the folder's (trial 0 is the folder)
    assert len({tuple(sorted(p.items())) for p, _ in _trials(a)}) == 4
    assert _trials(a)[0][0] == {k.name: k.value for k in a.knobs}
    assert _files(root / "a-out") == _files(root / "b-out")
    assert (root / "a.md").read_text() == (root / "b.md").read_text() == a.report


def test_a_stopped_study_resumes_where_it_stopped(runs: dict[str, Any]) -> None:
    first, resumed, straight = runs["first"], runs["c"], runs["a"]
    assert first == 2 and resumed.trials == 4
    # the resumed study is the straight run's, trial for trial (the sampler is seeded per
    # trial number, so it does not matter where the run stopped)
    assert _trials(resumed) == _trials(straight)
    assert _files(runs["root"] / "c-out") == _files(runs["root"] / "a-out")


def test_a_trial_cut_off_by_ctrl_c_is_played_again_on_resume(
    runs: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    import gamekit.almamater.tune as T

    measure, calls = T._measure, []

    def stopping(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 3:  # in the middle of the third trial
            raise KeyboardInterrupt
        return measure(*args, **kwargs)

    study = runs["root"] / "cut.log"
    monkeypatch.setattr(T, "_measure", stopping)
    with pytest.raises(KeyboardInterrupt):
        tune(trials=4, study=study, **SMALL)
    monkeypatch.setattr(T, "_measure", measure)
    resumed = tune(trials=2, study=study, **SMALL)
    states = [t.state.name for t in resumed.study.trials]
    assert states.count("COMPLETE") == 4 and states.count("FAIL") == 1
    done = [(t.params, t.value) for t in resumed.study.trials if t.state.name == "COMPLETE"]
    assert resumed.trials == 4 and done == _trials(runs["a"])


def test_a_study_made_with_other_settings_is_refused(runs: dict[str, Any]) -> None:
    with pytest.raises(GamekitError, match="made with other settings .*games 3 not 4"):
        tune(trials=1, study=runs["root"] / "c.log", **{**SMALL, "games": 4})


def _leaves(node: Any, path: str = "") -> dict[str, Any]:
    if isinstance(node, dict):
        out: dict[str, Any] = {}
        for key, value in node.items():
            out.update(_leaves(value, f"{path}.{key}" if path else key))
        return out
    if isinstance(node, list) and node and all(isinstance(x, dict) for x in node):
        out = {}
        for i, value in enumerate(node):
            out.update(_leaves(value, f"{path}[{i}]"))
        return out
    return {path: node}


def _changed(folder: Path) -> dict[str, set[str]]:
    """Per family file: the leaves whose values differ from the kit's."""
    diff: dict[str, set[str]] = {}
    for kit in sorted(Path(DEFAULT_FOLDER).glob("*.toml")):
        mine, theirs = (_leaves(tomllib.loads(p.read_text())) for p in (folder / kit.name, kit))
        assert set(mine) == set(theirs), kit.name
        diff[kit.stem] = {k for k in mine if mine[k] != theirs[k]}
    return diff


def test_facts_are_never_changed(tmp_path: Path, runs: dict[str, Any]) -> None:
    knobs = search_space()
    # every value of the search space at the top of its range, every note touched
    top = {k.name: k.high for k in knobs}
    notes = {k.name: f"{k.field} was {k.value}, now {k.high}" for k in knobs}
    out = write_candidate(DEFAULT_FOLDER, tmp_path / "top", top, knobs, notes, "Tuned: {changes}.")
    load_components(out)  # the loader's fact checks pass
    park = tomllib.loads((out / "board.toml").read_text())["about"]["kit_defaults"]["park"]
    kit_park = tomllib.loads((Path(DEFAULT_FOLDER) / "board.toml").read_text())["about"]
    assert park == (f"{kit_park['kit_defaults']['park'].rstrip('.')}. Tuned: park.price was 3, "
                    "now 4; park.max was 4, now 5.")  # fmt: skip
    for folder in (out, runs["root"] / "a-out"):
        for family, leaves in _changed(folder).items():
            kit = tomllib.loads((Path(DEFAULT_FOLDER) / f"{family}.toml").read_text())
            mine = tomllib.loads((folder / f"{family}.toml").read_text())
            assert mine["about"]["facts"] == kit["about"]["facts"], family  # facts as they were
            assert "variant" not in mine["about"], family  # facts still enforced
            marked = set(kit["about"]["kit_defaults"])
            for leaf in leaves:
                if leaf.startswith("about.kit_defaults."):
                    assert leaf.split(".")[2] in marked  # a note on a kit default
                    continue
                fields = [k for k in knobs if k.file == family and _same(k.field, leaf, kit)]
                assert fields and all(k.key in marked for k in fields), (family, leaf)
    changed = sum(len(v) for v in _changed(out).values())
    assert changed >= len([k for k in knobs if k.high != k.value])  # the test saw changes
    assert read_value(out, "board", "park.price") == 4


def _same(field: str, leaf: str, kit: dict[str, Any]) -> bool:
    """Whether the knob ``field`` (names an entry by ``[name=X]``, or every entry by ``[*]``
    or ``[*key=X]``) is the leaf ``leaf`` or an item of it (a list of numbers is one leaf)."""
    parts = field.split("].")
    if "[*" in field:  # a shift row: every entry (with key X) of the table
        table, pick = parts[0].split("[*")
        key, _, wanted = pick.partition("=")
        entries = [i for i, e in enumerate(kit[table]) if not key or str(e.get(key)) == wanted]
        return any(_same(f"{table}[{i}].{parts[1]}", leaf, kit) for i in entries)
    if "[name=" in field:
        table, name = parts[0].split("[name=")
        index = [e.get("name") for e in kit[table]].index(name)
        field = f"{table}[{index}].{parts[1]}"
    return field == leaf or field.startswith(f"{leaf}[")


def test_a_row_that_is_no_kit_default_is_refused_and_a_fact_value_scores_refused(
    tmp_path: Path,
) -> None:
    head = SPACE_TABLE.strip().splitlines()[0]
    with pytest.raises(DataError, match=r"board.toml: about.kit_defaults: rounds: not a kit"):
        search_space(table=f"{head}\nboard | rounds.count | rounds | 5..7 | 1")
    # Copernicus' amount is a fact (2): the loader refuses any other, so the candidate does
    # not count; the sampler's other values score REFUSED, never better
    table = f"{head}\nchancellors | chancellor[name=Copernicus].amount | amount | 1..3 | 1"
    result = tune(trials=3, table=table, **SMALL)
    for trial in result.study.trials:
        amount = trial.params["chancellors:chancellor[name=Copernicus].amount"]
        assert (trial.value == REFUSED) == (amount != 2)
        if amount != 2:
            assert "Copernicus" in trial.user_attrs["refused"]
    assert result.best["chancellors:chancellor[name=Copernicus].amount"] == 2


def test_an_out_folder_that_is_not_empty_is_refused(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("mine")
    with pytest.raises(GamekitError, match="exists and is not empty"):
        write_candidate(DEFAULT_FOLDER, tmp_path, {}, [])
    assert (tmp_path / "keep.txt").read_text() == "mine"


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["almamater", *argv])
    return code, out.getvalue(), err.getvalue()


def test_missing_optuna_gives_the_extras_one_line_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "optuna", None)  # import optuna raises ImportError
    with pytest.raises(GamekitError, match=r"pip install 'campus-gamekit\[tune\]'"):
        tune(trials=1, **SMALL)
    code, out, err = _cli("tune", "--trials", "1", "--games", "1", "--players", "2")
    assert (code, out) == (2, "") and err.count("\n") == 1 and EXTRA_HINT in err
    # the engine itself does not need it
    import gamekit.almamater.balance
    import gamekit.almamater.tune

    assert gamekit.almamater.balance.balance(games=1, seed=1, lineups=[("random", "random")])


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--trials", "10001"], "--trials: must be 0 to 10,000"),
        (["--games", "0"], "--games: must be 1 to 100,000"),
        (["--seed", "-1"], "--seed: must be 0 to 4,294,967,295"),
        (["--players", "5"], "player counts are numbers 2-4"),
        (["--lineups", "scholar+nobody"], "unknown bot 'nobody'"),
        (["--lineups", "scholar"], "2 to 4 seats"),
        (["--workers", "100000"], "--workers: must be 1 to 10,000"),
        (["--workers", "10000"], "at most"),
        (["--out", str(DEFAULT_FOLDER)], "exists and is not empty"),
        (["--trials", "0"], "trials 0 only reads a stored study"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(argv: list[str], says: str) -> None:
    code, out, err = _cli("tune", *argv)
    assert (code, out) == (2, ""), err
    assert err.count("\n") == 1 and "Traceback" not in err and says in err, err


# -- the balance report's new measures, computed a second way ------------------------------


def test_line_shares_and_their_interval_by_a_second_formula() -> None:
    rng = np.random.default_rng(3)
    rows = []
    for _ in range(7):
        lines = {r: int(rng.integers(0, 12)) for r in RULES}
        lines[DURING_PLAY] = int(rng.integers(0, 30))
        rows.append({"players": 3, "strategy": "search", **lines, "total": sum(lines.values())})
    frame = pd.DataFrame(rows)
    shares = B.line_shares(frame).set_index("line")
    assert shares["share"].sum() == pytest.approx(1.0)
    line = RULES[6]
    x, y = frame[line].astype(float), frame["total"].astype(float)
    share = x.sum() / y.sum()
    # delta method written with the sample variances and covariance (ddof 1)
    var = (x.var() - 2 * share * x.cov(y) + share**2 * y.var()) / len(x) / y.mean() ** 2
    half = 1.959963984540054 * math.sqrt(var)
    row = shares.loc[line]
    assert row["share"] == pytest.approx(share)
    assert (row["low"], row["high"]) == pytest.approx((share - half, share + half))
    assert row["points"] == pytest.approx(x.mean()) and row["plays"] == 7


def test_lineup_visits_by_a_second_count() -> None:
    # two line-ups of 2 players, 3 and 2 games; park placements per seat
    games = {("a+b", 0): (1, 2), ("a+b", 1): (0, 0), ("a+b", 2): (3, 1), ("a+a", 3): (1, 1),
             ("a+a", 4): (2, 0)}  # fmt: skip
    rows = [
        {"players": 2, "game": g, "line-up": lineup, "strategy": "a", "park": n, "bishop": 1}
        for (lineup, g), seats in games.items()
        for n in seats
    ]
    seen = B.lineup_visits(pd.DataFrame(rows)).set_index(["line-up", "space"])
    per_game = [3, 0, 4]  # a+b: both seats together
    mean, sd = statistics.mean(per_game), statistics.stdev(per_game)
    row = seen.loc[("a+b", "park")]
    assert (row["games"], row["visits per game"]) == (3, pytest.approx(mean))
    half = 1.959963984540054 * sd / math.sqrt(3)
    assert (row["low"], row["high"]) == pytest.approx((max(0, mean - half), mean + half))
    assert seen.loc[("a+a", "park"), "visits per game"] == pytest.approx(2.0)
    assert seen.loc[("a+b", "bishop"), "visits per game"] == pytest.approx(2.0)


def _judged(lineups: pd.DataFrame, shares: pd.DataFrame, visits: pd.DataFrame) -> B.Balance:
    empty = pd.DataFrame()
    none = pd.DataFrame(columns=["players", "chancellor", "plays", "wins", "win share", "low",
                                 "high", "vs fair share"])  # fmt: skip
    return B.Balance(empty, empty, empty, empty, empty, empty, lineups, none,
                     none.rename(columns={"chancellor": "position"}), shares, visits,
                     judged=True)  # fmt: skip


def _lineup(players: int, lineup: str, strategy: str, wins: int, plays: int) -> dict[str, Any]:
    low, high = B.wilson(wins, plays)
    share = wins / plays
    return {"players": players, "line-up": lineup, "strategy": strategy, "wins": wins,
            "plays": plays, "win share": share, "low": low, "high": high,
            "vs fair share": share * players}  # fmt: skip


def test_issue_targets_of_a_hand_made_report() -> None:
    lineups = pd.DataFrame([
        _lineup(2, "dean+scholar", "scholar", 26, 40),  # 65%: outside 40-60%
        _lineup(2, "dean+scholar", "dean", 14, 40),
        _lineup(2, "greedy+random", "greedy", 18, 40),  # greedy loses to random
        _lineup(3, "dean+greedy+scholar", "dean", 21, 40),  # x1.575: inside 1.6
        _lineup(3, "dean+random+scholar", "dean", 30, 40),  # x2.25, but random sits there
        _lineup(4, "dean+greedy+scholar+search", "search", 18, 40),  # x1.8
    ])  # fmt: skip
    shares = pd.DataFrame([
        {"players": 3, "strategy": "search", "line": RULES[6], "share": 0.3, "low": 0.27,
         "high": 0.33},
        {"players": 3, "strategy": "search", "line": DURING_PLAY, "share": 0.5, "low": 0.4,
         "high": 0.6},  # not a score line of the nine: not judged
        {"players": 3, "strategy": "dean", "line": RULES[7], "share": 0.6, "low": 0.5,
         "high": 0.7},  # not the search bot
    ])  # fmt: skip
    visits = pd.DataFrame([
        {"players": 2, "line-up": "greedy+random", "space": "park", "visits per game": 0.5,
         "low": 0.3, "high": 0.7},
        {"players": 2, "line-up": "dean+scholar", "space": "park", "visits per game": 2.0,
         "low": 1.5, "high": 2.5},
    ])  # fmt: skip
    judged = B.targets(_judged(lineups, shares, visits)).set_index(["players", "target"])
    duel = judged.loc[(2, B.GOALS["duel"])]
    assert duel["value"] == pytest.approx(0.65) and not duel["met"]
    assert duel["excess"] == pytest.approx(0.65 / 0.60 - 1)
    three = judged.loc[(3, B.GOALS["line-up"])]
    assert (three["line-up"], three["met"]) == ("dean+greedy+scholar", True)
    assert three["value"] == pytest.approx(1.575)
    assert three["excess"] == pytest.approx(1.575 / 1.6 - 1)
    four = judged.loc[(4, B.GOALS["line-up"])]
    assert (four["strategy"], four["value"]) == ("search", pytest.approx(1.8))
    assert (four["low"], four["high"]) == pytest.approx([4 * x for x in B.wilson(18, 40)])
    line = judged.loc[(3, B.GOALS["score line"])]
    assert (line["group"], line["value"], line["met"], line["sure"]) == (RULES[6], 0.3, False,
                                                                         True)  # fmt: skip
    assert line["excess"] == pytest.approx(0.3 / 0.25 - 1)
    seen = judged.loc[(2, B.GOALS["visits"])]
    assert (seen["line-up"], seen["group"], seen["value"]) == ("greedy+random", "park", 0.5)
    assert seen["excess"] == pytest.approx(0.5)
    greedy = judged.loc[(2, B.GOALS["greedy"])]
    assert greedy["value"] == pytest.approx(0.45) and not greedy["met"]
    assert greedy["excess"] == pytest.approx(1 - 0.45 / 0.5)
    assert B.worst_excess(_judged(lineups, shares, visits)) == pytest.approx(0.5)


def test_the_suite_seats_every_lineup_the_issue_lists() -> None:
    names = {"+".join(sorted(s)) for s in B.SUITE}
    assert {"dean+scholar", "greedy+random", "dean+greedy+scholar", "dean+random+scholar",
            "dean+greedy+scholar+scholar"} <= names  # fmt: skip
    for n in (3, 4):  # every line-up of n different strategies of scholar, dean, search, greedy
        from itertools import combinations

        assert {"+".join(sorted(c)) for c in combinations(B.JUDGES, n)} <= names
    every = {"+".join(sorted(s)) for s in B.suite(every=True)}
    assert "dean+dean+search" in every and "dean+dean+dean" not in every and names <= every


def test_a_shift_row_moves_every_entry_it_names_by_the_same_amount(tmp_path: Path) -> None:
    head = SPACE_TABLE.strip().splitlines()[0]
    table = (f"{head}\nprofessors | professor[*].books | books | -1..+2 | 3\n"
             "professors | professor[*faculty=Law].ducats | ducats | -1..+1 | 1")  # fmt: skip
    books, law = search_space(table=table)
    assert (books.shift, books.value, books.low, books.high, books.least) == (True, 0, -1, 2, 3)
    values = {books.name: -1, law.name: 1}
    notes = {k.name: k.said(values[k.name]) for k in (books, law)}
    out = write_candidate(DEFAULT_FOLDER, tmp_path / "c", values, [books, law], notes)
    load_components(out)
    kit = tomllib.loads((Path(DEFAULT_FOLDER) / "professors.toml").read_text())["professor"]
    mine = tomllib.loads((out / "professors.toml").read_text())
    for old, new in zip(kit, mine["professor"], strict=True):
        assert new["books"] == max(3, old["books"] - 1)  # every entry, never below its least
        assert new["ducats"] == old["ducats"] + (old["faculty"] == "Law")
        assert new["prestige"] == old["prestige"]
    assert sum(p["faculty"] == "Law" for p in kit) == 4
    note = mine["about"]["kit_defaults"]["books"]
    assert note.endswith("professor[*].books as it was (now each -1, at least 3)")
    with pytest.raises(ValueError, match=r"a row with \[\*\] needs a range like -1..\+1"):
        search_space(table=f"{head}\nprofessors | professor[*].books | books | 2..4 | 1")
    nope = "professors | professor[*faculty=Nope].books | books | -1..+1 | 1"
    with pytest.raises(KeyError, match="no entry with"):
        search_space(table=f"{head}\n{nope}")


def test_a_written_candidate_keeps_each_notes_history_after_was(tmp_path: Path) -> None:
    """Lesson 1 shows a note up to ". Was " (the reason, not the project's history): in the
    folder tune writes, every changed note is the kit's note, then ". Was " and the change,
    so what a lesson shows of it is what it showed of the kit's.

    The study is tune's own (trial 0, the kit's folder) and one trial added to its file that
    moves every knob, recorded as better; ``trials=0`` then writes that trial's folder. (The
    test does not depend on a few games finding a better trial than the kit's.)"""
    import optuna

    log = tmp_path / "study.log"
    first = tune(trials=1, study=log, **SMALL)
    knobs, study = first.knobs, first.study  # the study tune stored in the file
    moved = {k.name: k.high if k.high != k.value else k.low for k in knobs}
    kit = study.trials[0]
    ranges = {k.name: optuna.distributions.IntDistribution(k.low, k.high) for k in knobs}
    study.add_trial(
        optuna.trial.create_trial(
            params=moved,
            distributions=ranges,
            value=float(kit.value) - 1.0,
            user_attrs=dict(kit.user_attrs),
        )
    )
    folder = tmp_path / "out"
    best = tune(trials=0, study=log, out=folder, **SMALL).best
    assert best == moved
    changed = [k for k in knobs if best[k.name] != k.value]
    assert changed == [k for k in knobs if (k.low, k.high) != (k.value, k.value)]  # all free
    for knob in changed:
        kit_note = tomllib.loads((Path(DEFAULT_FOLDER) / f"{knob.file}.toml").read_text())
        mine = tomllib.loads((folder / f"{knob.file}.toml").read_text())
        old = kit_note["about"]["kit_defaults"][knob.key]
        new = mine["about"]["kit_defaults"][knob.key]
        assert new.startswith(old.rstrip(".")), knob.name  # the note as it was, then more
        added = new[len(old.rstrip(".")) :]
        assert added.startswith(". Was ") and knob.said(best[knob.name]) in added
        assert new.partition(". Was ")[0] == old.partition(". Was ")[0].rstrip(".")  # shown


# -- the search space from a file: --space and --show-space ---------------------------------


def test_show_space_prints_a_table_that_space_reads_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "optuna", None)  # printing the space needs no Optuna
    code, out, err = _cli("tune", "--show-space")
    assert (code, err) == (0, "")
    kit = search_space()
    rows = [line for line in out.splitlines() if line and not line.startswith("#")][1:]
    assert len(rows) == len(kit)
    for row, knob in zip(rows, kit, strict=True):
        cells = [c.strip() for c in row.split("#")[0].split("|")]
        now = row.split("# now ")[1]
        assert cells[:3] == [knob.file, knob.field, knob.key]
        assert now == (
            "each as it is"
            if knob.shift
            else str(read_value(DEFAULT_FOLDER, knob.file, knob.field))
        )
    saved = tmp_path / "space.txt"
    saved.write_text(out, encoding="utf-8")
    code, again, err = _cli("tune", "--show-space", "--space", str(saved))
    assert (code, again, err) == (0, out, "")
    assert search_space(table=out) == kit


def test_a_tuning_run_searches_only_the_rows_of_its_space_file(tmp_path: Path) -> None:
    space = tmp_path / "park.txt"
    space.write_text(
        "# only the Park's price\n"
        "file  | field      | kit default | range | least\n"
        "board | park.price | park        | 2..4  | 1      # now 3\n",
        encoding="utf-8",
    )
    study = tmp_path / "study.log"
    argv = ["--trials", "2", "--games", "1", "--seed", "5", "--players", "2",
            "--lineups", "scholar+dean", "--workers", "1", "--study", str(study)]  # fmt: skip
    code, out, err = _cli("tune", *argv, "--space", str(space))
    assert code == 0, err
    result = tune(trials=0, games=1, seed=5, players=(2,), lineups=[("scholar", "dean")],
                  study=study, table=space.read_text(encoding="utf-8"))  # fmt: skip
    assert [set(t.params) for t in result.study.trials] == [{"board:park.price"}] * 2
    assert all(2 <= t.params["board:park.price"] <= 4 for t in result.study.trials)
    # the same study with the kit's table: other settings, refused with one line
    code, out, err = _cli("tune", *argv)
    assert (code, out) == (2, "") and "the search space table" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (None, "No such file or directory"),
        ("file | field | kit default | range | least\nboard | park.price | park | 2..4\n",
         "5 cells separated by '|'"),
        ("file | field | kit default | range | least\nboard | rounds.count | rounds | 5..7 | 1\n",
         "not a kit default"),
    ],
)  # fmt: skip
def test_a_bad_space_file_exits_2_naming_it(tmp_path: Path, text: str | None, says: str) -> None:
    space = tmp_path / "space.txt"
    if text is not None:
        space.write_text(text, encoding="utf-8")
    for show in ([], ["--show-space"]):
        code, out, err = _cli("tune", "--trials", "1", "--space", str(space), *show)
        assert (code, out) == (2, ""), err
        assert err.count("\n") == 1 and f"--space {space}" in err and says in err, err
