"""The quick start's ``./kit``: the browser layer's set-up on a machine without Chromium.

On a fresh machine ``./kit test`` installs Debian's chromium itself (as root). Its progress
line once went to the standard output that ``why=$(browser_ready)`` reads as the reason the
layer cannot run, so a clean clone on a machine without Chromium failed the browser layer in
CI after installing Chromium. This runs the script's own ``browser_ready`` with ``id`` and
``apt-get`` stood in and the Chromium path moved into a temporary folder.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

KIT = Path(__file__).resolve().parents[1] / "kit"


def _function(text: str, name: str) -> str:
    """The bash function ``name`` as the script defines it: one line (``say() { ...; }``) or
    up to the ``}`` that closes it on a line of its own."""
    found = re.search(rf"^{name}\(\) \{{(?:[^\n]*\}}$|.*?^\}}$)", text, re.S | re.M)
    assert found, f"./kit defines no {name}()"
    return found.group(0)


def _browser_ready(tmp_path: Path, installs: bool) -> subprocess.CompletedProcess[str]:
    text = KIT.read_text(encoding="utf-8")
    chromium = tmp_path / "chromium"
    body = _function(text, "browser_ready").replace("/usr/bin/chromium", str(chromium))
    assert str(chromium) in body
    script = "\n".join(
        [
            "set -euo pipefail",
            _function(text, "say"),
            "id() { echo 0; }",  # root
            # apt-get stood in: "install" puts an executable where Chromium belongs
            f'apt-get() {{ if [ "$1" = install ] && {str(installs).lower()}; then '
            f'printf "#!/bin/sh\\n" > {chromium}; chmod +x {chromium}; fi; }}',
            body,
            'why=$(browser_ready); printf "%s" "$why"',
        ]
    )
    return subprocess.run(["bash", "-c", script], capture_output=True, text=True, check=False)


@pytest.mark.skipif(shutil.which("bash") is None, reason="./kit is a bash script")
def test_installing_chromium_leaves_no_reason_to_skip_the_browser_layer(tmp_path: Path) -> None:
    done = _browser_ready(tmp_path, installs=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "", f"read as the reason the browser layer cannot run: {done.stdout!r}"
    assert "installing Debian's chromium" in done.stderr  # the progress line is still shown
    assert (tmp_path / "chromium").exists()


@pytest.mark.skipif(shutil.which("bash") is None, reason="./kit is a bash script")
def test_chromium_still_missing_after_the_install_is_the_reason(tmp_path: Path) -> None:
    failed = _browser_ready(tmp_path, installs=False)
    assert failed.stdout == f"chromium was installed but {tmp_path / 'chromium'} is missing"
