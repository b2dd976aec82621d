"""Data-file loading, and the gamekit command's contract (help, version, exit 2)."""

import subprocess
import sys

import pandas as pd
import pytest

from gamekit import __version__
from gamekit.cli import main
from gamekit.core.data import Checker, load_data_file
from gamekit.core.errors import DataError
from gamekit.core.output import render_frame


def test_load_toml_and_json(tmp_path):
    (tmp_path / "a.toml").write_text('name = "x"\n[[spaces]]\nprice = 1\n', encoding="utf-8")
    (tmp_path / "a.json").write_text('{"name": "x"}', encoding="utf-8")
    assert load_data_file(tmp_path / "a.toml")["spaces"] == [{"price": 1}]
    assert load_data_file(tmp_path / "a.json") == {"name": "x"}


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("bad.toml", "name = ", "bad.toml: not valid TOML"),
        ("bad.json", "{", "bad.json: not valid JSON"),
        ("bad.yaml", "a: 1", "unknown file type '.yaml'"),
        ("list.json", "[1, 2]", "the top level must be a table/object"),
    ],
)
def test_load_errors_name_the_file(tmp_path, name, text, message):
    (tmp_path / name).write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=message):
        load_data_file(tmp_path / name)
    with pytest.raises(DataError, match="no such file"):
        load_data_file(tmp_path / "missing.toml")


def test_checker_messages():
    c = Checker("f.toml")
    with pytest.raises(DataError, match="f.toml: space 2: name: missing"):
        c.text({}, "name", entry="space 2")
    with pytest.raises(DataError, match="name: must be text, got int 5"):
        c.text({"name": 5}, "name", entry="space 2")
    with pytest.raises(DataError, match="kind: must be one of go, street; got 'x'"):
        c.choice({"kind": "x"}, "kind", {"go", "street"}, entry="space 2")
    with pytest.raises(DataError, match=r"rents\[1\]: must be a whole number"):
        c.integers({"rents": [1, "2"]}, "rents", entry="space 2")
    with pytest.raises(DataError, match="colour: unknown field"):
        c.no_unknown({"colour": 1}, {"name"}, entry="space 2")
    assert c.integer({}, "n", entry=None, default=3) == 3


def test_render_frame_formats():
    frame = pd.DataFrame({"space": ["GO"], "p": [1 / 3]})
    assert render_frame(frame, "csv") == "space,p\nGO,0.3333333333333333\n"
    assert '"space":"GO"' in render_frame(frame, "json").replace(" ", "")
    assert "GO" in render_frame(frame, "table")
    with pytest.raises(ValueError, match="format must be one of"):
        render_frame(frame, "xml")


def test_cli_version_and_help(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"gamekit {__version__}"
    assert main(["alfredopoly"]) == 0
    assert "alfredopoly" in capsys.readouterr().out
    assert main(["almamater"]) == 0


def test_cli_bad_arguments_exit_2_with_one_line(capsys):
    assert main(["bogus"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "invalid choice: 'bogus'" in err
    assert "Traceback" not in err


def test_console_script_runs_without_traceback():
    done = subprocess.run(
        [sys.executable, "-m", "gamekit", "--nope"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_engine_imports_no_jupyter_module():
    code = (
        "import sys, gamekit, gamekit.core, gamekit.cli, gamekit.alfredopoly, gamekit.almamater;"
        "import gamekit.cli as c; c.build_parser();"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('ipywidgets', 'anywidget', 'altair', 'IPython', 'widgets'));"
        "print(','.join(bad))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""
