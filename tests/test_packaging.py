"""Packaging: the wheel ships the widgets' ES modules and styles, and Binder uses the
same pinned versions as the tests."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import binder_pins  # noqa: E402


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(out),
            str(ROOT),
        ],
        check=True,
    )
    (path,) = out.glob("campus_gamekit-*.whl")
    return path


def test_wheel_holds_widget_assets_and_data(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assets = [p.relative_to(ROOT).as_posix() for p in (ROOT / "widgets").glob("*.[jc]s*")]
    assert any(a.endswith(".js") for a in assets), "widgets/ has no ES module"
    missing = [a for a in assets if a not in names]
    assert not missing, f"widget files missing from the wheel: {missing}"
    data = [p.relative_to(ROOT).as_posix() for p in (ROOT / "gamekit" / "data").rglob("*.*")]
    assert data and not [d for d in data if d not in names]
    assert not [n for n in names if "__pycache__" in n or n.startswith("tests/")]
    # The offline Voila template and the config that makes it the default travel along.
    shared = [n.split(".data/data/", 1)[1] for n in names if ".data/data/" in n]
    assert "share/jupyter/voila/templates/campus/index.html.j2" in shared
    assert "etc/jupyter/voila.json" in shared
    # So do the settings a Binder or pip install needs offline: Voila inside JupyterLab
    # without MathJax from the internet, and JupyterLab without its news question.
    assert "etc/jupyter/jupyter_server_config.json" in shared
    assert "share/jupyter/lab/settings/overrides.d/campus-gamekit.json" in shared
    # and the lab extension that lands a glossary link on its word on the first open
    assert "share/jupyter/labextensions/campus-gamekit-links/static/remoteEntry.js" in shared


def test_widget_from_the_installed_wheel_finds_its_es_module(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
    )
    code = (
        "import inspect, pathlib, anywidget, widgets\n"
        f"assert pathlib.Path(widgets.__file__).is_relative_to({str(target)!r}), widgets.__file__\n"
        "import importlib, pkgutil\n"
        "found = []\n"
        "for info in pkgutil.iter_modules(widgets.__path__):\n"
        "    mod = importlib.import_module('widgets.' + info.name)\n"
        "    for name, cls in inspect.getmembers(mod, inspect.isclass):\n"
        "        if issubclass(cls, anywidget.AnyWidget) and cls.__module__ == mod.__name__:\n"
        "            esm = cls._esm\n"
        "            text = esm.read_text('utf-8') if isinstance(esm, pathlib.Path) else str(esm)\n"
        "            assert 'export' in text and 'render' in text, name\n"
        "            found.append(name)\n"
        "assert found, 'no AnyWidget class in the wheel'\n"
        "print(len(found))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout.strip()) >= 1


def test_binder_pins_match_the_lock() -> None:
    lock = binder_pins.read_pins(ROOT / "requirements" / "lock.txt")
    binder = binder_pins.read_pins(ROOT / "binder" / "requirements.txt")
    assert binder, "binder/requirements.txt pins nothing"
    for name in [
        "numpy",
        "pandas",
        "altair",
        "anywidget",
        "ipywidgets",
        "jupyterlab",
        "voila",
        "vl-convert-python",
        "tqdm",
    ]:
        assert binder.get(name) == lock[name], name
    assert {n: v for n, v in binder.items() if lock.get(n) != v} == {}
    lines = (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    assert "." in lines, "Binder must install the kit itself"
    assert (ROOT / "binder" / "runtime.txt").read_text().strip() == "python-3.11"


def test_binder_pins_cover_the_runtime_closure() -> None:
    binder = binder_pins.read_pins(ROOT / "binder" / "requirements.txt")
    needed = binder_pins.runtime_closure(binder_pins.ROOTS) - {"campus-gamekit"}
    lock = binder_pins.read_pins(ROOT / "requirements" / "lock.txt")
    assert sorted(n for n in needed if n in lock and n not in binder) == []
