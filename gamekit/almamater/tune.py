"""Tuning the Alma Mater kit defaults: a seeded, resumable search for a data folder whose
balance report (the judge's line-ups, :data:`gamekit.almamater.balance.SUITE`) is as close
to the targets as can be found.

Only the values the data files mark as the kit's own choice are searched: each row of
:data:`SPACE_TABLE` names a file, a field in it and the key of that file's
``[about.kit_defaults]`` that marks the field as a kit default; a row whose key is not there
is refused (:func:`search_space`), and every candidate folder is loaded by the kit's own
loader, which refuses any value that contradicts a fact the file states (such a candidate
scores :data:`REFUSED`). The facts (``[about] facts``) are never edited.

Each trial writes a candidate folder, plays ``games`` games of every line-up with
:func:`gamekit.almamater.balance.balance` (the same seed in every trial, so candidates meet
the same deals) and scores it with :func:`~gamekit.almamater.balance.worst_excess`: the
largest normalised excess over the issue 27 targets (0.2: one measure 20% beyond its limit;
negative: all met). Optuna's TPE sampler proposes the candidates; it is an optional extra
(``pip install 'campus-gamekit[tune]'``). The sampler of trial ``k`` is seeded with the
seed and ``k``, and the first trial is always the data folder as it is, so a run repeats
from its seed and a study stored in a file (``study=``, Optuna's journal file) can be
stopped and resumed: 2 trials and then 2 more give the 4 trials of a straight run.

The best candidate is written as a full copy of the data folder (:func:`write_candidate`),
each changed value with a note in its file's ``[about.kit_defaults]`` (what it was, the new
value, the measured worst excess before and after), and a Markdown report of every target
before and after, with 95% intervals (:func:`report_markdown`).

>>> [k.field for k in search_space()][-1]
'final.players_2[1]'
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from gamekit.almamater.balance import SUITE, balance, targets, worst_excess
from gamekit.almamater.components import DEFAULT_FOLDER, load_components
from gamekit.core.errors import DataError, GamekitError

__all__ = [
    "EXTRA_HINT",
    "REFUSED",
    "SPACE_TABLE",
    "Knob",
    "TuneResult",
    "check_out",
    "read_value",
    "report_markdown",
    "require_optuna",
    "search_space",
    "space_text",
    "table_rows",
    "tune",
    "write_candidate",
]

EXTRA_HINT = "gamekit almamater tune needs Optuna: pip install 'campus-gamekit[tune]'"
"""The one-line error when Optuna (or tomlkit) is missing."""

REFUSED = 10.0
"""The score of a candidate the kit's loader refuses (a value against a stated fact or
another check): far worse than any measured candidate."""

#: The search space, one row per value: the family file, the field (dotted; ``[i]`` an
#: index, ``[name=X]`` the entry named X; ``[*]`` every entry and ``[*key=X]`` every entry
#: whose key is X: a shift row, whose value is an amount added to each field it names, 0 in
#: the folder being tuned, its range relative, its least value each field's), the key of
#: ``[about.kit_defaults]`` that marks it as the kit's choice, the range (``-2..+2``: around
#: the value in the folder being tuned; ``1..3``: those values) and the least value allowed
#: (a stated fact or the sense of the field, e.g. Mathematics students score at the end, so
#: at least 1). Whole numbers, step 1.
#: The prestige lectures and the books of the Antiquarian's offers and of a starting-student
#: visit are what a free lecture (Alberti's ability) is worth: a lecture costs the others a
#: book (docs/almamater_balance.md, "Why Alberti pays").
SPACE_TABLE = """
file        | field                                               | kit default | range  | least
students    | student[name=Mathematics freshman].effect.prestige  | effect      | -1..+1 | 1
students    | student[name=Mathematics tutor].effect.prestige     | effect      | -2..+1 | 1
students    | student[name=Mathematics geometer].effect.prestige  | effect      | -3..+1 | 1
students    | student[name=Mathematics laureate].effect.prestige  | effect      | -4..+1 | 1
students    | student[name=Law laureate].effect.prestige          | effect      | -2..+2 | 1
students    | student[name=Arts laureate].effect.prestige         | effect      | -2..+2 | 1
chancellors | chancellor[name=Biringuccio].amount                 | amount      | 1..3   | 1
chancellors | chancellor[name=Erasmus].amount                     | amount      | 1..3   | 1
chancellors | chancellor[name=Marschalk].amount                   | amount      | 1..3   | 1
chancellors | chancellor[name=Da Vinci].amount                    | amount      | 1..2   | 1
chancellors | chancellor[name=Paracelsus].amount                  | amount      | 1..2   | 1
chancellors | chancellor[name=Agricola].amount                    | amount      | 1..2   | 1
professors  | professor[name=Rhetoric].lecture.ducats             | lecture     | -1..+1 | 1
professors  | professor[name=Surgery].lecture.ducats              | lecture     | -1..+1 | 1
professors  | professor[name=Notary].lecture.ducats               | lecture     | -1..+1 | 1
professors  | professor[name=Anatomy].lecture.textbooks           | lecture     | -1..+1 | 1
shelves     | compartment[0].prestige                             | prestige    | -1..+1 | 0
shelves     | compartment[1].prestige                             | prestige    | -1..+1 | 0
board       | park.price                                          | park        | -1..+1 | 1
board       | park.max                                            | park        | -2..+1 | 1
board       | starting_student.price                              | starting_student | -1..+1 | 1
professors  | professor[*].books                                  | books       | -1..+1 | 2
professors  | professor[*faculty=Law].books                       | books       | -1..+1 | 2
professors  | professor[*].ducats                                 | ducats      | -1..+1 | 1
professors  | professor[name=Music].lecture.prestige              | lecture     | -1..+0 | 1
professors  | professor[name=Theology].lecture.prestige           | lecture     | -1..+0 | 1
professors  | professor[name=Optics].lecture.prestige             | lecture     | -2..+0 | 1
board       | antiquarian.offers[0].books                         | antiquarian | -0..+2 | 1
board       | antiquarian.offers[1].books                         | antiquarian | -0..+2 | 1
board       | antiquarian.offers[2].books                         | antiquarian | -0..+2 | 1
board       | starting_student.max                                | starting_student | -0..+3 | 1
reputation  | final.players_2[1]                                  | two_players | 3..9   | 0
"""


@dataclass(frozen=True)
class Knob:
    """One row of :data:`SPACE_TABLE`, its range resolved against a data folder."""

    file: str
    field: str
    key: str
    low: int
    high: int
    value: int
    """The value in the data folder being tuned (the "before"); 0 for a shift row."""
    least: int = 0
    """The least value a field may take (for a shift row: each field it moves)."""

    @property
    def name(self) -> str:
        """The parameter's name in the study: ``file:field``."""
        return f"{self.file}:{self.field}"

    @property
    def shift(self) -> bool:
        """A shift row: ``[*]`` (every entry) or ``[*key=X]`` (every entry whose ``key`` is
        X) in the field; its value is the amount added to each field it names, 0 before."""
        return "[*" in self.field

    def said(self, value: int) -> str:
        """The change in words, for a note's "Was ..." sentence: ``park.price 3 (now 4)``, or
        for a shift row ``professor[*].books as it was (now each +1, at least 2)``."""
        if self.shift:
            return f"{self.field} as it was (now each {value:+d}, at least {self.least})"
        return f"{self.field} {self.value} (now {value})"


_SEGMENT = re.compile(r"([A-Za-z_0-9]+)(?:\[([^\]]*)\])?$")


def _segments(field: str) -> list[tuple[str, str | None]]:
    parts = []
    for piece in re.split(r"\.(?![^\[]*\])", field):
        m = _SEGMENT.match(piece)
        if m is None:
            raise ValueError(f"field {field!r}: cannot read {piece!r}")
        parts.append((m.group(1), m.group(2)))
    return parts


def _locate(doc: Any, field: str) -> tuple[Any, str | int]:
    """The container holding ``field``'s value and the key or index of the value in it."""
    node = doc
    parts = _segments(field)
    for i, (name, pick) in enumerate(parts):
        last = i == len(parts) - 1
        if last and pick is None:
            if name not in node:
                raise KeyError(f"{field}: no {name!r}")
            return node, name
        node = node[name]
        if pick is None:
            continue
        if "=" in pick:
            key, _, wanted = pick.partition("=")
            found = [item for item in node if str(item.get(key.strip())) == wanted.strip()]
            if len(found) != 1:
                raise KeyError(f"{field}: {len(found)} entries with {pick}")
            node = found[0]
        else:
            index = int(pick)
            if last:
                return node, index
            node = node[index]
    raise KeyError(f"{field}: names no value")


def _locate_all(doc: Any, field: str) -> list[tuple[Any, str | int]]:
    """Every container and key that ``field`` names: :func:`_locate`, where ``[*]`` picks
    every entry of a list and ``[*key=X]`` every entry whose ``key`` is X (at least one).

    >>> doc = {"p": [{"f": "A", "n": 1}, {"f": "B", "n": 2}, {"f": "A", "n": 3}]}
    >>> [node[key] for node, key in _locate_all(doc, "p[*f=A].n")]
    [1, 3]
    """
    parts = _segments(field)
    for i, (name, pick) in enumerate(parts):
        if pick is not None and pick.startswith("*"):
            head = ".".join([*_join(parts[:i]), name])
            rest = ".".join(_join(parts[i + 1 :]))
            entries = _locate(doc, head)
            items = entries[0][entries[1]]
            key, _, wanted = pick[1:].partition("=")
            picked = [x for x in items if not key or str(x.get(key.strip())) == wanted.strip()]
            if not picked:
                raise KeyError(f"{field}: no entry with {pick}")
            if not rest:
                raise KeyError(f"{field}: names no value")
            return [found for item in picked for found in _locate_all(item, rest)]
    return [_locate(doc, field)]


def _join(parts: list[tuple[str, str | None]]) -> list[str]:
    return [f"{n}[{p}]" if p is not None else n for n, p in parts]


def read_value(folder: str | Path, file: str, field: str) -> int:
    """The whole number at ``field`` of ``file``.toml in ``folder``.

    >>> read_value(DEFAULT_FOLDER, "board", "park.price")
    3
    """
    import tomllib

    doc = tomllib.loads((Path(folder) / f"{file}.toml").read_text(encoding="utf-8"))
    node, key = _locate(doc, field)
    value = node[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{file}.toml {field}: not a whole number ({value!r})")
    return value


def search_space(data: str | Path | None = None, table: str = SPACE_TABLE) -> list[Knob]:
    """The rows of ``table`` resolved against the data folder ``data`` (default: the kit's):
    each value read from its file, the range made concrete and clipped to the least value.
    A row whose key is not in its file's ``[about.kit_defaults]`` is refused, naming it: only
    kit defaults are tuned, never facts.

    >>> knob = [k for k in search_space() if k.field == "park.price"][0]
    >>> (knob.key, knob.value, knob.low, knob.high)
    ('park', 3, 2, 4)
    """
    import tomllib

    folder = Path(DEFAULT_FOLDER if data is None else data)
    rows = table_rows(table).splitlines()[1:]
    knobs = []
    for line in rows:
        cells = [c.strip() for c in line.split("|")]
        if len(cells) != 5:
            raise ValueError(f"search space row {line!r}: 5 cells separated by '|'")
        file, field, key, span, least_text = cells
        path = folder / f"{file}.toml"
        if not path.is_file():
            raise DataError(path, None, None, "tune edits TOML files: missing")
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        marked = doc.get("about", {}).get("kit_defaults", {})
        if key not in marked:
            why = f"not a kit default, so {field} is not tuned (facts never are)"
            raise DataError(path, "about.kit_defaults", key, why)
        low_text, _, high_text = span.partition("..")
        relative = low_text.startswith(("+", "-")) or high_text.startswith("+")
        low, high = int(low_text), int(high_text)
        least = int(least_text)
        if "[*" in field:  # a shift row: the same amount added to every field it names
            if not relative:
                raise ValueError(f"{file}.toml {field}: a row with [*] needs a range like -1..+1")
            for node, at in _locate_all(doc, field):
                if isinstance(node[at], bool) or not isinstance(node[at], int):
                    raise ValueError(f"{file}.toml {field}: not a whole number ({node[at]!r})")
            knobs.append(Knob(file, field, key, low, high, 0, least))
            continue
        value = read_value(folder, file, field)
        if relative:
            low, high = value + low, value + high
        low = max(low, least)
        if not low <= value <= high:
            raise ValueError(f"{file}.toml {field} = {value} is outside its range {low}..{high}")
        knobs.append(Knob(file, field, key, low, high, value, least))
    return knobs


def table_rows(table: str) -> str:
    """``table`` without its comments (from ``#`` to the end of a line) and blank lines: its
    header and its rows, as a study file records them.

    >>> lines = ["# mine", "file | field | kit default", "", "board | park.price | park  # 3"]
    >>> table_rows(chr(10).join(lines)).splitlines()
    ['file | field | kit default', 'board | park.price | park']
    """
    lines = (line.split("#", 1)[0].rstrip() for line in table.splitlines())
    return "\n".join(line for line in lines if line.strip())


def space_text(knobs: Sequence[Knob], data: str | Path | None = None) -> str:
    """The search space ``knobs`` as a table that :func:`search_space` reads back (the
    ``--space`` file of ``gamekit almamater tune``): the ranges as they were resolved, each
    row with its value now in a comment.

    >>> text = space_text(search_space())
    >>> [k.field for k in search_space(table=text)] == [k.field for k in search_space()]
    True
    >>> row = [line for line in text.splitlines() if "park.price" in line][0]
    >>> [cell.strip() for cell in row.split("|")]
    ['board', 'park.price', 'park', '2..4', '1      # now 3']
    """
    folder = Path(DEFAULT_FOLDER if data is None else data)
    head = ("file", "field", "kit default", "range", "least")
    rows = [
        (k.file, k.field, k.key, f"{k.low:+d}..{k.high:+d}" if k.shift else f"{k.low}..{k.high}",
         str(k.least), "each as it is" if k.shift else str(k.value))
        for k in knobs
    ]  # fmt: skip
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(5)]

    def line(cells: Sequence[str]) -> str:
        return " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True))

    out = [
        "# gamekit almamater tune: the search space, read against " + str(folder),
        "# a row: file | field | its key in [about.kit_defaults] | range (low..high; a [*] row:",
        "# the amount added to every entry it names) | least value; from # to the line's end:",
        "# a comment. Save this, edit it and pass it with --space FILE.",
        line(head).rstrip(),
        *(f"{line(r[:5])}  # now {r[5]}" for r in rows),
    ]
    return "\n".join(out) + "\n"


def require_optuna() -> Any:
    """The ``optuna`` module, or a one-line :class:`GamekitError` naming the extra.

    >>> require_optuna().__name__
    'optuna'
    """
    try:
        import optuna
        import tomlkit  # noqa: F401  (writes the candidate files, comments kept)
    except ImportError:
        raise GamekitError(EXTRA_HINT) from None
    return optuna


def write_candidate(
    source: str | Path,
    out: str | Path,
    values: dict[str, int],
    knobs: Sequence[Knob],
    notes: dict[str, str] | None = None,
    about: str = "{changes}",
) -> Path:
    """Copy the data folder ``source`` to ``out`` (replaced if there) and set each knob's
    value from ``values`` (by :attr:`Knob.name`; a knob not given keeps its value). With
    ``notes`` (knob name -> text), the changed knobs' texts of one ``[about.kit_defaults]``
    key, joined by ``; `` and put into ``about`` at ``{changes}``, are added to that key's
    note as a new sentence. Only the named fields and notes change; the files keep their
    comments. ``out`` must be new or an empty folder (:func:`check_out`): nothing is ever
    overwritten.

    >>> import tempfile
    >>> knobs = [k for k in search_space() if k.field == "park.price"]
    >>> new = Path(tempfile.mkdtemp()) / "candidate"
    >>> out = write_candidate(DEFAULT_FOLDER, new, {knobs[0].name: 4}, knobs)
    >>> read_value(out, "board", "park.price")
    4
    """
    require_optuna()
    import tomlkit

    source, target = Path(source), Path(out)
    check_out(target)
    if target.exists():
        target.rmdir()
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.md"))
    by_file: dict[str, list[Knob]] = {}
    for knob in knobs:
        if knob.name in values and values[knob.name] != knob.value:
            by_file.setdefault(knob.file, []).append(knob)
    for file, changed in by_file.items():
        path = target / f"{file}.toml"
        doc = tomlkit.parse(path.read_text(encoding="utf-8"))
        said: dict[str, list[str]] = {}
        for knob in changed:
            if knob.shift:
                for node, key in _locate_all(doc, knob.field):
                    node[key] = max(knob.least, int(node[key]) + int(values[knob.name]))
            else:
                node, key = _locate(doc, knob.field)
                node[key] = int(values[knob.name])
            if notes and knob.name in notes:
                said.setdefault(knob.key, []).append(notes[knob.name])
        marked = doc["about"]["kit_defaults"] if said else {}
        for key, texts in said.items():
            old = str(marked[key]).rstrip()
            stop = "" if old.endswith((".", "!", "?")) else "."
            marked[key] = f"{old}{stop} {about.format(changes='; '.join(texts))}"
        path.write_text(tomlkit.dumps(doc), encoding="utf-8")
    return target


def check_out(out: str | Path) -> None:
    """Refuse (``GamekitError``) an ``out`` folder that exists and is not empty, or whose
    parent folder is missing: a candidate never overwrites anything.

    >>> check_out(DEFAULT_FOLDER)
    Traceback (most recent call last):
    ...
    gamekit.core.errors.GamekitError: ... exists and is not empty; give a new folder
    """
    target = Path(out)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise GamekitError(f"{target}: exists and is not empty; give a new folder")
    if not target.parent.is_dir():
        raise GamekitError(f"{target}: no folder {str(target.parent)!r}")


@dataclass(frozen=True)
class TuneResult:
    """What :func:`tune` found: the study, the knobs, the best trial's values, the targets
    before (the folder as it was: trial 0) and after (the best trial), the report text and
    the folder written (if ``out``)."""

    study: Any
    knobs: list[Knob]
    best: dict[str, int]
    before: pd.DataFrame
    after: pd.DataFrame
    report: str
    out: Path | None

    @property
    def trials(self) -> int:
        """The finished trials in the study (a trial cut off by a stop does not count)."""
        return len(_finished(self.study))


def _measure(
    folder: Path,
    games: int,
    seed: int,
    players: Sequence[int],
    lineups: Sequence[Sequence[str]],
    workers: int | None,
    executor: Executor | None,
) -> pd.DataFrame:
    report = balance(players, games, seed, data=folder, lineups=lineups, workers=workers,
                     executor=executor)  # fmt: skip
    return targets(report).assign(worst=worst_excess(report))


def tune(
    trials: int = 20,
    games: int = 100,
    seed: int = 0,
    *,
    study: str | Path | None = None,
    out: str | Path | None = None,
    report: str | Path | None = None,
    players: Sequence[int] = (2, 3, 4),
    lineups: Sequence[Sequence[str]] = SUITE,
    data: str | Path | None = None,
    workers: int | None = None,
    executor: Executor | None = None,
    progress: bool = False,
    table: str = SPACE_TABLE,
) -> TuneResult:
    """Run ``trials`` more trials of the study (a new one, or the one stored in the file
    ``study``, resumed), then write the best candidate folder to ``out`` and the Markdown
    report to ``report`` (each if given). See the module docstring. ``trials=0`` runs none
    and writes what the stored study found so far (a run stopped early).

    ``games`` games of each line-up of ``lineups`` at the ``players`` counts per trial,
    all from ``seed``; ``workers`` processes or an ``executor`` (a Dask client's) play them.

    >>> r = tune(trials=1, games=1, seed=3, players=(2,), lineups=[("greedy", "random")])
    >>> r.trials, r.best == {k.name: k.value for k in r.knobs}  # trial 0: the folder as it is
    (1, True)
    """
    optuna = require_optuna()
    for name, number in (("trials", trials), ("games", games), ("seed", seed)):
        least = int(name == "games")
        if isinstance(number, bool) or not isinstance(number, int) or number < least:
            raise ValueError(f"{name} must be a whole number >= {least}, got {number!r}")
    if trials == 0 and study is None:
        raise ValueError("trials 0 only reads a stored study: give its file (study=)")
    source = Path(DEFAULT_FOLDER if data is None else data)
    load_components(source)  # the folder itself must load
    knobs = search_space(source, table)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    storage: Any = None
    if study is not None:
        from optuna.storages import JournalStorage
        from optuna.storages.journal import JournalFileBackend

        storage = JournalStorage(JournalFileBackend(str(study)))
    the_study = optuna.create_study(
        study_name="almamater-kit-defaults", storage=storage, direction="minimize",
        sampler=optuna.samplers.TPESampler(seed=seed), load_if_exists=True,
    )  # fmt: skip
    setting = {"seed": seed, "games": games, "players": list(players),
               "lineups": ["+".join(x) for x in lineups], "table": table_rows(table),
               "data": str(source.resolve())}  # fmt: skip
    stored = the_study.user_attrs.get("setting")
    if stored is None:
        the_study.set_user_attr("setting", setting)
    elif any(stored[k] != setting[k] for k in stored if k in setting):
        raise GamekitError(
            f"--study {study}: made with other settings ({_differs(stored, setting)}); "
            "give the same ones or a new study file"
        )
    scratch = Path(tempfile.mkdtemp(prefix="gamekit-tune-"))

    def objective(trial: Any) -> float:
        values = {k.name: trial.suggest_int(k.name, k.low, k.high) for k in knobs}
        folder = write_candidate(source, scratch / f"trial-{trial.number}", values, knobs)
        try:
            load_components(folder)
        except DataError as exc:
            trial.set_user_attr("refused", str(exc))
            return REFUSED
        judged = _measure(folder, games, seed, players, lineups, workers, executor)
        trial.set_user_attr("targets", json.loads(judged.to_json(orient="records")))
        return float(judged["worst"].iloc[0]) if not judged.empty else 0.0

    running = optuna.trial.TrialState.RUNNING
    for stale in the_study.get_trials(deepcopy=False, states=(running,)):
        # a trial cut off by a stop: failed, and played again as the next trial (below)
        the_study.tell(stale.number, state=optuna.trial.TrialState.FAIL)
    bar = _bar(trials) if progress else None
    try:
        for _ in range(trials):
            done = len(_finished(the_study))
            the_study.sampler = optuna.samplers.TPESampler(seed=_trial_seed(seed, done))
            queued = the_study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.WAITING,))
            if done == 0 and not queued:
                the_study.enqueue_trial({k.name: k.value for k in knobs})
            the_study.optimize(objective, n_trials=1, catch=())
            if bar is not None:
                bar.update(1)
                bar.set_postfix(best=f"{the_study.best_value:+.3f}")
    finally:
        if bar is not None:
            bar.close()
        shutil.rmtree(scratch, ignore_errors=True)
    return _finish(the_study, knobs, source, out, report)


def _differs(stored: dict[str, Any], setting: dict[str, Any]) -> str:
    keys = [k for k in setting if k in stored and stored[k] != setting[k]]
    return ", ".join(f"{k} {stored[k]!r} not {setting[k]!r}" for k in keys if k != "table") or (
        "the search space table"
    )


def _trial_seed(seed: int, finished: int) -> int:
    """The sampler's seed for the trial after ``finished`` finished trials: the same for a
    straight and a resumed run (a trial cut off by a stop is proposed again)."""
    return (seed * 1_000_003 + finished) % 2**32


def _finished(study: Any) -> list[Any]:
    """The study's trials that finished (complete, or refused by the loader: also complete)."""
    return [t for t in study.trials if t.state.name == "COMPLETE"]


def _bar(total: int) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, desc="trials", unit="trial")


def _complete(study: Any) -> list[Any]:
    done = [t for t in _finished(study) if t.value is not None]
    if not done:
        raise GamekitError("the study has no finished trial yet")
    return done


def _finish(
    study: Any, knobs: list[Knob], source: Path, out: str | Path | None, path: str | Path | None
) -> TuneResult:
    done = _complete(study)
    first = min(done, key=lambda t: t.number)
    best = min(done, key=lambda t: (t.value, t.number))
    before = pd.DataFrame(first.user_attrs.get("targets", []))
    after = pd.DataFrame(best.user_attrs.get("targets", []))
    values = {k.name: int(best.params.get(k.name, k.value)) for k in knobs}
    setting = study.user_attrs.get("setting", {})
    text = report_markdown(knobs, values, before, after, setting, len(done), best.number)
    written = None
    if out is not None:
        worst = (float(first.value), float(best.value))
        notes = {k.name: k.said(values[k.name]) for k in knobs}
        # the history goes after ". Was ", where the lessons cut a note (they show the reason)
        about = (
            f"Was {{changes}} before gamekit almamater tune (seed {setting.get('seed')}, "
            f"{setting.get('games')} games a line-up, best of {len(done)} trials, "
            f"trial {best.number}; measured together with the other changes of this "
            f"candidate: worst excess over the issue 27 targets {worst[0]:+.3f} before, "
            f"{worst[1]:+.3f} after; the report lists every target)."
        )
        written = write_candidate(source, out, values, knobs, notes, about)
    if path is not None:
        Path(path).write_text(text, encoding="utf-8")
    return TuneResult(study, knobs, values, before, after, text, written)


def _cell(row: pd.Series | None) -> str:
    if row is None:
        return "-"
    mark = "met" if row["met"] else "MISSED"
    return f"{row['value']:.3f} [{row['low']:.3f}, {row['high']:.3f}] {mark}"


def report_markdown(
    knobs: Sequence[Knob],
    values: dict[str, int],
    before: pd.DataFrame,
    after: pd.DataFrame,
    setting: dict[str, Any],
    trials: int,
    best: int,
) -> str:
    """The tuning report in Markdown: the run, the changed values, and every target before
    (the folder as it was) and after (the best candidate), each with its 95% interval
    (Wilson for win shares; for x fair share the Wilson interval times the players; the
    delta method for a share of points; the normal interval for visits a game).

    >>> k = Knob("board", "park.price", "park", 2, 4, 3)
    >>> row = {"players": 2, "target": "t", "line-up": "a+b", "strategy": "a", "group": "all",
    ...        "value": 0.5, "low": 0.4, "high": 0.6, "met": True, "excess": -0.1}
    >>> text = report_markdown([k], {k.name: 4}, pd.DataFrame([row]), pd.DataFrame([row]),
    ...                        {"seed": 1, "games": 10}, 3, 2)
    >>> "| board | park.price | 3 | 4 |" in text
    True
    """

    def worst(frame: pd.DataFrame) -> str:
        return f"{frame['excess'].max():+.3f}" if not frame.empty else "-"

    lines = [
        "# Alma Mater kit defaults: tuning report",
        "",
        f"Study: {trials} trials, seed {setting.get('seed')}, {setting.get('games')} games per "
        f"line-up at {setting.get('players')} players, line-ups: "
        f"{', '.join(setting.get('lineups', []))}. Trial 0 is the data folder as it was; the "
        f"best candidate is trial {best}. Both were measured on the same games (same seed).",
        "",
        f"Worst excess over the targets (largest share beyond a limit; negative: all met): "
        f"before {worst(before)}, after {worst(after)}.",
        "",
        "## Changed values",
        "",
        "| file | field | before | after |",
        "|---|---|---|---|",
    ]
    changed = [k for k in knobs if values.get(k.name, k.value) != k.value]
    lines += [
        f"| {k.file} | {k.field} | {k.value:+d} | {values[k.name]:+d} |"  # a shift row
        if k.shift
        else f"| {k.file} | {k.field} | {k.value} | {values[k.name]} |"
        for k in changed
    ]
    if not changed:
        lines.append("| (none: the folder as it was is the best candidate) | | | |")
    lines += [
        "",
        "## Targets before and after (95% intervals)",
        "",
        "| players | target | line-up | strategy | group | before | after |",
        "|---|---|---|---|---|---|---|",
    ]
    keys = ["players", "target"]
    order = before if not before.empty else after
    for _, row in order.iterrows():
        match = after
        for key in keys:
            match = match[match[key] == row[key]] if not match.empty else match
        other = match.iloc[0] if not match.empty else None
        after_cell = _cell(other)
        if other is not None:
            moved = [str(other[c]) for c in ("line-up", "strategy", "group") if other[c] != row[c]]
            after_cell += f" ({', '.join(moved)})" if moved else ""
        lines.append(
            f"| {row['players']} | {row['target']} | {row['line-up']} | {row['strategy']} | "
            f"{row['group']} | {_cell(row)} | {after_cell} |"
        )
    lines += [
        "",
        "Line-up, strategy and group are the worst of the folder as it was; where the best "
        "candidate's worst is another, the after column names it in brackets. Measured on "
        "the games the study played; measure a candidate again with "
        "another seed (`gamekit almamater balance --lineups suite --data DIR --seed S`) "
        "before shipping it.",
        "",
    ]
    return "\n".join(lines)
